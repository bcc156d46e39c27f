//! Grouped diagnostics, filters, related places of `eof-*` errors, binary input and the
//! advice for an undeclared legacy encoding.

use websyntax_check::{Category, CheckOptions, Filter, Severity, check};

const HEAD: &str = "<!DOCTYPE html><html lang=en><meta charset=utf-8><title>t</title>";

fn page(body: &str) -> Vec<u8> {
    format!("{HEAD}{body}").into_bytes()
}

#[test]
fn one_url_diagnostic_per_code_per_value() {
    let spaces = "a ".repeat(137);
    let bytes = page(&format!("<a href=\"mailto:{spaces}@example.org\">x</a>"));
    let report = check(&bytes, &CheckOptions::default());
    let url: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.category == Category::Url)
        .collect();
    assert_eq!(url.len(), 1, "{url:?}");
    let d = url[0];
    assert_eq!((d.code, d.count), ("invalid-URL-unit", 137));
    assert!(d.message.contains("' ' is not allowed"), "{}", d.message);
    // The span runs from the first space to the last.
    let span = d.span.unwrap();
    assert_eq!(&bytes[span.range()], &spaces.as_bytes()[1..]);
    assert!(d.to_string().contains("(\u{d7}137)"), "{d}");
    // Two kinds of characters: still one diagnostic, naming both.
    let bytes = page("<a href=\"/a b<c d\">x</a>");
    let report = check(&bytes, &CheckOptions::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "invalid-URL-unit")
        .unwrap();
    assert_eq!(d.count, 3);
    assert!(
        d.message.contains("' ', '<' are not allowed"),
        "{}",
        d.message
    );
}

#[test]
fn repeated_parse_errors_on_consecutive_bytes_are_grouped() {
    let mut bytes = page("<p>");
    // (Fewer than 32 control bytes: more would make the file binary.)
    bytes.extend(std::iter::repeat_n(0u8, 25));
    bytes.extend_from_slice(b"</p>\0x\0");
    let report = check(&bytes, &CheckOptions::default());
    let nul: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "unexpected-null-character")
        .map(|d| (d.count, d.span.unwrap().len()))
        .collect();
    assert_eq!(nul, [(25, 25), (1, 1), (1, 1)]);
    // The same stray end tag repeated: one diagnostic; a different one after it: another.
    let bytes = page("<p>x</div></div></div></span><br>");
    let report = check(&bytes, &CheckOptions::default());
    let stray: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("unexpected-end-tag"))
        .map(|d| (d.count, &bytes[d.span.unwrap().range()]))
        .collect();
    assert_eq!(
        stray,
        [
            (3, b"</div></div></div>".as_slice()),
            (1, b"</span>".as_slice())
        ]
    );
    // Text in a table: one diagnostic quoting the run.
    let bytes = page("<table>abc<tr><td>x</table>");
    let report = check(&bytes, &CheckOptions::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "unexpected-character-in-table")
        .unwrap();
    assert_eq!(d.count, 3);
    assert_eq!(
        d.message,
        "text \"abc\" directly inside a table (moved before the table)"
    );
}

#[test]
fn a_run_of_nul_in_a_long_page_gives_a_few_diagnostics() {
    // Under a tenth of the file: text, not binary.
    let mut bytes = page("<p>");
    bytes.extend(std::iter::repeat_n(b'x', 1 << 20));
    bytes.extend(std::iter::repeat_n(0u8, 90_000));
    let report = check(&bytes, &CheckOptions::default());
    assert!(report.diagnostics.len() <= 4, "{:?}", report.diagnostics);
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "unexpected-null-character")
        .unwrap();
    assert_eq!(d.count, 90_000);
}

#[test]
fn binary_input_is_reported_once() {
    let zeros = vec![0u8; 1 << 20];
    let report = check(&zeros, &CheckOptions::default());
    let codes: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d| (d.category, d.code, d.severity, d.line, d.col))
        .collect();
    assert_eq!(
        codes,
        [(Category::Encoding, "binary-input", Severity::Error, 1, 1)]
    );
    assert_eq!(report.diagnostics[0].span.unwrap().range(), 0..1);
    // A PNG-like header: binary, pointing at its first control byte.
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend((0..4000u32).map(|i| (i % 7) as u8));
    let report = check(&png, &CheckOptions::default());
    assert_eq!(report.diagnostics.len(), 1);
    assert_eq!(report.diagnostics[0].span.unwrap().start, 6);
    // A page with a few NULs is a page.
    let mut bytes = page("<p>");
    bytes.extend(std::iter::repeat_n(0u8, 20));
    let report = check(&bytes, &CheckOptions::default());
    assert!(report.diagnostics.iter().all(|d| d.code != "binary-input"));
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code == "unexpected-null-character")
    );
    // UTF-16 with a byte order mark is text.
    let mut utf16 = vec![0xFF, 0xFE];
    for c in "<!DOCTYPE html><title>t</title><p>hello".encode_utf16() {
        utf16.extend(c.to_le_bytes());
    }
    let report = check(&utf16, &CheckOptions::default());
    assert!(report.diagnostics.iter().all(|d| d.code != "binary-input"));
    assert_eq!(report.encoding.name(), "UTF-16LE");
}

#[test]
fn filters() {
    let bytes = page("<p tabindex=x><a href='/a b'>x</a></div>");
    let codes = |filter: Filter| -> Vec<&'static str> {
        let options = CheckOptions {
            filter,
            ..CheckOptions::default()
        };
        check(&bytes, &options)
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect()
    };
    assert_eq!(
        codes(Filter::default()),
        [
            "encoding-determined",
            "invalid-integer",
            "invalid-URL-unit",
            "unexpected-end-tag-not-in-scope"
        ]
    );
    let errors = Filter {
        min_severity: Severity::Error,
        ..Filter::default()
    };
    assert_eq!(
        codes(errors),
        ["invalid-integer", "unexpected-end-tag-not-in-scope"]
    );
    let ignore = Filter {
        ignore: vec!["invalid-integer".into(), "encoding-determined".into()],
        ..Filter::default()
    };
    assert_eq!(
        codes(ignore),
        ["invalid-URL-unit", "unexpected-end-tag-not-in-scope"]
    );
    let only = Filter {
        only: vec![Category::Attribute, Category::Url],
        ..Filter::default()
    };
    assert_eq!(codes(only), ["invalid-integer", "invalid-URL-unit"]);
    let max = Filter {
        max_per_file: Some(2),
        ..Filter::default()
    };
    let options = CheckOptions {
        filter: max,
        ..CheckOptions::default()
    };
    let report = check(&bytes, &options);
    assert_eq!(report.diagnostics.len(), 2);
    assert_eq!(report.omitted, 2);
    assert_eq!(report.count(Severity::Error), 2);
    assert!(report.has_errors());
}

/// The text of the related span of the first diagnostic with `code`, and its message.
fn related(bytes: &[u8], code: &str) -> (String, (usize, usize), String) {
    let report = check(bytes, &CheckOptions::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code} in {:?}", report.diagnostics));
    let r = d.related.as_ref().unwrap_or_else(|| panic!("{d:?}"));
    (
        String::from_utf8_lossy(&bytes[r.span.range()]).into_owned(),
        (r.line, r.col),
        r.message.clone(),
    )
}

#[test]
fn eof_errors_point_at_where_the_construct_began() {
    let (text, at, message) = related(&page("<p>x\n<!-- a <!-- b\nc"), "eof-in-comment");
    assert_eq!((text.as_str(), at), ("<!--", (2, 1)));
    assert_eq!(message, "the comment starts here");
    // After `</html>` the comment goes to the document.
    let (text, at, _) = related(&page("</body></html><!-- x"), "eof-in-comment");
    assert_eq!((text.as_str(), at.0), ("<!--", 1));
    let (text, _, message) = related(b"<!DOCTYPE html><p title='a<b'>x\n<img src=a", "eof-in-tag");
    assert_eq!(
        (text.as_str(), message.as_str()),
        ("<img", "the tag starts here")
    );
    let (text, _, _) = related(b"<!DOCTYPE html", "eof-in-doctype");
    assert_eq!(text, "<!DOCTYPE");
    let (text, _, _) = related(b"<p>x<!doctype html", "eof-in-doctype");
    assert_eq!(text, "<!doctype");
    let (text, _, _) = related(b"<svg><![CDATA[x", "eof-in-cdata");
    assert_eq!(text, "<![CDATA[");
    let (text, _, message) = related(&page("<div><section><p>x"), "eof-with-open-elements");
    assert_eq!(
        (text.as_str(), message.as_str()),
        ("<div>", "`<div>` is still open: it starts here")
    );
    let (text, _, _) = related(&page("<script>var a = 1;"), "eof-in-text");
    assert_eq!(text, "<script>");
    let (text, _, _) = related(&page("<template><p>x"), "eof-in-template");
    assert_eq!(text, "<template>");
    let (text, _, _) = related(
        &page("<script><!--<script>"),
        "eof-in-script-html-comment-like-text",
    );
    assert_eq!(text, "<script>");
}

#[test]
fn eof_related_on_a_deep_document_with_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let bytes = page(&"<div>".repeat(1_000_000));
            let report = check(&bytes, &CheckOptions::default());
            let d = report
                .diagnostics
                .iter()
                .find(|d| d.code == "eof-with-open-elements")
                .unwrap();
            let r = d.related.as_ref().unwrap();
            assert_eq!(report.related_excerpt(d).unwrap().len, 5);
            // Filtered: only the parse errors, at most 3.
            let filter = Filter {
                only: vec![Category::Parse],
                max_per_file: Some(3),
                ..Filter::default()
            };
            let options = CheckOptions {
                filter,
                ..CheckOptions::default()
            };
            let filtered = check(&bytes, &options);
            assert!(filtered.diagnostics.len() <= 3);
            assert!(
                filtered
                    .diagnostics
                    .iter()
                    .all(|d| d.category == Category::Parse)
            );
            (r.span.start, r.message.clone())
        })
        .unwrap();
    let (start, message) = handle.join().unwrap();
    assert_eq!(start, HEAD.len());
    assert_eq!(message, "`<div>` is still open: it starts here");
}

#[test]
fn an_undeclared_legacy_page_is_told_its_own_encoding() {
    // Cyrillic in windows-1251, nothing declaring it: autodetected.
    let mut bytes = b"<!DOCTYPE html><html lang=ru><title>".to_vec();
    let word: &[u8] = b"\xcf\xf0\xe8\xe2\xe5\xf2 \xec\xe8\xf0, \xfd\xf2\xee \xf2\xe5\xf1\xf2 ";
    for _ in 0..20 {
        bytes.extend_from_slice(word);
    }
    bytes.extend_from_slice(b"</title><p>x");
    let report = check(&bytes, &CheckOptions::default());
    assert_eq!(report.encoding.name(), "windows-1251");
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "no-encoding-declaration")
        .unwrap();
    assert!(
        d.message.contains("add <meta charset=\"windows-1251\">"),
        "{}",
        d.message
    );
    assert!(
        d.message.contains("convert the file to UTF-8"),
        "{}",
        d.message
    );
    assert!(!d.message.starts_with("add <meta charset=\"utf-8\">"));
    // Bytes that are UTF-8: declare UTF-8.
    let report = check(
        "<!DOCTYPE html><title>café</title>".as_bytes(),
        &CheckOptions::default(),
    );
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "no-encoding-declaration")
        .unwrap();
    assert!(
        d.message.contains("add <meta charset=\"utf-8\">"),
        "{}",
        d.message
    );
    assert!(!d.message.contains("convert"), "{}", d.message);
}

#[test]
fn a_page_followed_by_megabytes_of_nul_is_binary() {
    let mut bytes = page("<p>");
    bytes.extend(std::iter::repeat_n(b'x', 20_000));
    bytes.extend(std::iter::repeat_n(0u8, 1 << 20));
    let report = check(&bytes, &CheckOptions::default());
    let d: Vec<_> = report.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(d, ["binary-input"]);
    let d = &report.diagnostics[0];
    assert_eq!(d.span.unwrap().start, HEAD.len() + 3 + 20_000);
    assert!(d.message.contains("of its 1"), "{}", d.message);
}

/// The hostile shapes of the checker: NUL bytes (one parse error per NUL before grouping) and
/// an attribute value with a space per byte. The findings do not grow with the input: grouped,
/// they stay a handful whatever its size.
#[test]
fn findings_do_not_grow_with_repeated_bytes() {
    use websyntax_check::{CheckOptions, check};
    let options = CheckOptions::default();
    let findings = |input: Vec<u8>| check(&input, &options).diagnostics.len();
    let page = |tail: Vec<u8>| {
        let mut p =
            b"<!DOCTYPE html><html lang=en><meta charset=utf-8><title>t</title><p>".to_vec();
        p.extend(tail);
        p
    };
    for n in [1_000usize, 4_000, 16_000] {
        // Text with a NUL every other byte (not binary: mostly text).
        let nuls: Vec<u8> = b"a\0"
            .repeat(n)
            .into_iter()
            .chain(b"a".repeat(20 * n))
            .collect();
        let spaces = format!("<a href='mailto:{}'>x</a>", "a b ".repeat(n)).into_bytes();
        assert!(findings(page(nuls)) <= 4, "NULs, n = {n}");
        assert!(findings(page(spaces)) <= 4, "spaces, n = {n}");
        // All NULs: binary input, one finding.
        assert_eq!(findings(vec![0; 10 * n]), 1, "binary, n = {n}");
    }
}
