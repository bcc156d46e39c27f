//! Every diagnostic code: a page that triggers it and a page that must not.

use websyntax_check::{Category, CheckOptions, Severity, check};

const HEAD: &str = "<!DOCTYPE html><html lang=en><meta charset=utf-8><title>t</title>";

fn codes(bytes: &[u8], options: &CheckOptions) -> Vec<&'static str> {
    check(bytes, options)
        .diagnostics
        .iter()
        .map(|d| d.code)
        .collect()
}

fn page(body: &str) -> Vec<u8> {
    format!("{HEAD}{body}").into_bytes()
}

/// `(code, category, severity, page that triggers it, page that must not)`.
type Case = (&'static str, Category, Severity, Vec<u8>, Vec<u8>);

fn cases() -> Vec<Case> {
    use Category::*;
    use Severity::*;
    let late = {
        let mut v = b"<!DOCTYPE html><title>t</title><!--".to_vec();
        v.extend(std::iter::repeat_n(b'x', 1100));
        v.extend_from_slice(b"--><meta charset=windows-1251><p>x");
        v
    };
    vec![
        // encoding
        (
            "no-encoding-declaration",
            Encoding,
            Error,
            b"<!DOCTYPE html><title>caf\xe9</title>".to_vec(),
            b"<!DOCTYPE html><title>cafe</title>".to_vec(),
        ),
        (
            "encoding-declaration-too-late",
            Encoding,
            Error,
            late.clone(),
            b"<!DOCTYPE html><meta charset=windows-1251><title>t</title>".to_vec(),
        ),
        (
            "unknown-encoding-label",
            Encoding,
            Error,
            b"<!DOCTYPE html><meta charset=utf-9><title>t</title>".to_vec(),
            page(""),
        ),
        (
            "encoding-declaration-mismatch",
            Encoding,
            Error,
            b"\xEF\xBB\xBF<!DOCTYPE html><meta charset=windows-1252><title>t</title>".to_vec(),
            b"\xEF\xBB\xBF<!DOCTYPE html><meta charset=utf-8><title>t</title>".to_vec(),
        ),
        ("encoding-changed", Encoding, Warning, late, page("")),
        (
            "decoding-error",
            Encoding,
            Error,
            {
                let mut v = page("<p>caf");
                v.push(0xFF);
                v
            },
            page("<p>café"),
        ),
        (
            "non-utf8-encoding",
            Encoding,
            Warning,
            b"<!DOCTYPE html><meta charset=windows-1252><title>t</title>".to_vec(),
            page(""),
        ),
        // parse (a few; every parse error is mapped, see `every_parse_error_is_reported`)
        (
            "missing-doctype",
            Parse,
            Error,
            b"<meta charset=utf-8><title>t</title>".to_vec(),
            page(""),
        ),
        (
            "unexpected-end-tag-not-in-scope",
            Parse,
            Error,
            page("<p>x</div>"),
            page("<div><p>x</div>"),
        ),
        (
            "adoption-agency-misnested",
            Parse,
            Error,
            page("<b><i>x</b></i>"),
            page("<b><i>x</i></b>"),
        ),
        (
            "missing-semicolon-after-character-reference",
            Parse,
            Error,
            page("<p>&amp x"),
            page("<p>&amp; x"),
        ),
        (
            "duplicate-attribute",
            Parse,
            Error,
            page("<p class=a class=b>"),
            page("<p class=a>"),
        ),
        // attribute
        (
            "invalid-integer",
            Attribute,
            Error,
            page("<p tabindex=1.5>"),
            page("<p tabindex=-1><ol start=-3><li value=2></ol>"),
        ),
        (
            "invalid-non-negative-integer",
            Attribute,
            Error,
            page("<img src=a alt='' width=100px>"),
            page("<img src=a alt='' width=100><svg width=100px></svg>"),
        ),
        (
            "integer-out-of-range",
            Attribute,
            Error,
            page("<table><tr><td colspan=0></table>"),
            page("<table><tr><td colspan=1 rowspan=0></table>"),
        ),
        (
            "invalid-float",
            Attribute,
            Error,
            page("<meter value=+1></meter>"),
            page("<meter value=0.5></meter><progress value=1 max=2></progress>"),
        ),
        (
            "invalid-float-list",
            Attribute,
            Error,
            page("<map name=m><area coords='1,2,,3' href=a alt=b></map>"),
            page("<map name=m><area coords='1,2,3.5' href=a alt=b></map>"),
        ),
        (
            "invalid-date",
            Attribute,
            Error,
            page("<input type=date min=2023-02-29>"),
            page("<input type=date min=2024-02-29 value=''><input value=2023-02-29>"),
        ),
        (
            "invalid-month",
            Attribute,
            Error,
            page("<input type=month value=2024-13>"),
            page("<input type=month value=2024-12>"),
        ),
        (
            "invalid-week",
            Attribute,
            Error,
            page("<input type=week value=2024-W54>"),
            page("<input type=week value=2020-W53>"),
        ),
        (
            "invalid-time",
            Attribute,
            Error,
            page("<input type=time max=24:00>"),
            page("<input type=time max=23:59:59.5>"),
        ),
        (
            "invalid-local-date-time",
            Attribute,
            Error,
            page("<input type=datetime-local value='2024-01-01 10:00'>"),
            page("<input type=datetime-local value=2024-01-01T10:00 min='2024-01-01 10:00'>"),
        ),
        (
            "invalid-date-or-time",
            Attribute,
            Error,
            page("<time datetime=soon>x</time>"),
            page(
                "<time datetime=2024>a</time><time datetime=PT2H>b</time><time datetime='2024-01-01 10:00Z'>c</time>",
            ),
        ),
        (
            "invalid-date-with-optional-time",
            Attribute,
            Error,
            page("<del datetime=2024-01-01T25:00Z>x</del>"),
            page("<del datetime=2024-01-01>x</del><ins datetime=2024-01-01T10:00Z>y</ins>"),
        ),
        (
            "invalid-simple-color",
            Attribute,
            Error,
            page("<input type=color value=red>"),
            page("<input type=color value=#FF0000>"),
        ),
        (
            "invalid-step",
            Attribute,
            Error,
            page("<input type=number step=-1>"),
            page("<input type=number step=any><input type=range step=0.5><input step=x>"),
        ),
        (
            "invalid-boolean-attribute-value",
            Attribute,
            Error,
            page("<input type=checkbox checked=false>"),
            page("<input type=checkbox checked><input disabled=DISABLED><p checked=x>"),
        ),
        (
            "duplicate-id",
            Attribute,
            Error,
            page("<p id=a><p id=a>"),
            page("<p id=a><p id=b><template><p id=a></template><template><p id=a></template>"),
        ),
        (
            "id-with-space",
            Attribute,
            Error,
            page("<p id='a b'>"),
            page("<p id='a-b'>"),
        ),
        ("empty-id", Attribute, Error, page("<p id=''>"), page("<p>")),
        // url: failures are errors, validation errors warnings (a sample of the names)
        (
            "port-out-of-range",
            Url,
            Error,
            page("<a href='http://h:70000/'>x</a>"),
            page("<a href='http://h:8080/'>x</a>"),
        ),
        (
            "domain-invalid-code-point",
            Url,
            Error,
            page("<img alt='' src='https://exa mple.com/a.png'>"),
            page("<img alt='' src='https://example.com/a.png'>"),
        ),
        (
            "invalid-reverse-solidus",
            Url,
            Warning,
            page("<link rel=stylesheet href='https://h\\a.css'>"),
            page("<link rel=stylesheet href='https://h/a.css'>"),
        ),
        (
            "invalid-URL-unit",
            Url,
            Warning,
            page("<a href='/a b'>x</a>"),
            page("<a href='  /a%20b '>x</a><a href=''>y</a><a href=rel/x?q#f>z</a>"),
        ),
        (
            "special-scheme-missing-following-solidus",
            Url,
            Warning,
            page("<img alt='' srcset='http:a.png 1x, b.png 2x'>"),
            page("<img alt='' srcset='http://h/a.png 1x, b.png 2x'>"),
        ),
    ]
}

#[test]
fn each_code_has_a_page_that_triggers_it_and_one_that_does_not() {
    let options = CheckOptions::default();
    for (code, category, severity, bad, good) in cases() {
        let report = check(&bad, &options);
        let found = report.diagnostics.iter().find(|d| d.code == code);
        let Some(d) = found else {
            panic!(
                "{code}: not reported for {:?}; got {:?}",
                String::from_utf8_lossy(&bad),
                report.diagnostics
            );
        };
        assert_eq!((d.category, d.severity), (category, severity), "{code}");
        let good_codes = codes(&good, &options);
        assert!(
            !good_codes.contains(&code),
            "{code}: reported for {:?}",
            String::from_utf8_lossy(&good)
        );
    }
}

#[test]
fn the_encoding_is_always_explained_once() {
    for bytes in [&b""[..], b"<p>x", b"\xFF\xFE<\0p\0>\0"] {
        let report = check(bytes, &CheckOptions::default());
        let infos: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.code == "encoding-determined")
            .collect();
        assert_eq!(infos.len(), 1);
        assert_eq!(infos[0].severity, Severity::Info);
        assert_eq!(infos[0].span, None);
    }
}

#[test]
fn a_clean_page_has_no_errors_or_warnings() {
    let bytes = page(
        "<p id=x tabindex=0>Hi <a href=/a>a</a><img src=a.png alt='' width=10 height=20>\
         <table><tr><td colspan=2 rowspan=3>c</table><ol start=3 reversed><li value=4>x</ol>\
         <input type=number min=0 max=10 step=0.5 value=3><input type=color value=#00ff00>\
         <input type=date value=2024-02-29 min=2024-01-01><time datetime=2024-02>Feb</time>\
         <meter min=0 max=1 value=0.5>half</meter><progress value=0 max=1></progress>\
         <textarea rows=3 cols=40 maxlength=100></textarea><select size=2 multiple></select>",
    );
    let report = check(&bytes, &CheckOptions::default());
    let bad: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn transport_charset_mismatch() {
    let options = CheckOptions {
        transport_charset: Some("utf-8".into()),
        ..CheckOptions::default()
    };
    let bytes = b"<!DOCTYPE html><meta charset=iso-8859-2><title>t</title>";
    assert!(codes(bytes, &options).contains(&"encoding-declaration-mismatch"));
    let bytes = b"<!DOCTYPE html><meta charset=utf-8><title>t</title>";
    assert!(!codes(bytes, &options).contains(&"encoding-declaration-mismatch"));
}

#[test]
fn decoding_errors_are_grouped() {
    let mut bytes = HEAD.as_bytes().to_vec();
    bytes.extend_from_slice(b"<p>\xFF\xFE ab \xFF</p>");
    bytes.extend(std::iter::repeat_n(b'x', 100));
    bytes.extend_from_slice(b"\xC3");
    let report = check(&bytes, &CheckOptions::default());
    let spans: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "decoding-error")
        .map(|d| d.span.unwrap())
        .collect();
    let start = HEAD.len() + 3;
    assert_eq!(spans.len(), 2, "{:?}", report.diagnostics);
    assert_eq!(spans[0].range(), start..start + 7);
    assert_eq!(spans[1].range(), bytes.len() - 1..bytes.len());
}

#[test]
fn spans_point_at_the_value_in_the_file() {
    // UTF-8 with a BOM and CR LF line breaks.
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(HEAD.as_bytes());
    bytes.extend_from_slice("\r\n<p>é</p>\r\n<img alt=x src=a width='1 0'>".as_bytes());
    let report = check(&bytes, &CheckOptions::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.category == Category::Attribute)
        .unwrap();
    assert_eq!(&bytes[d.span.unwrap().range()], b"1 0");
    assert_eq!((d.line, d.col), (3, 25));
    // windows-1252: the offsets are bytes of the file, not of the UTF-8 text.
    let bytes =
        b"<!DOCTYPE html><meta charset=windows-1252><title>\xe9\xe9\xe9</title><p tabindex=x\xe9>";
    let report = check(bytes, &CheckOptions::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "invalid-integer")
        .unwrap();
    assert_eq!(&bytes[d.span.unwrap().range()], b"x\xe9");
    assert_eq!(d.col, 73);
    let e = report.excerpt(d).unwrap();
    assert_eq!((e.start, e.len), (72, 2));
}

#[test]
fn every_parse_error_is_reported_with_its_position() {
    let inputs: [&[u8]; 4] = [
        b"<p>x</div><table><td>a<b>b</td></tr>xyz</table>&notit; &#0; <a <a>",
        b"<!DOCTYPE html><svg><p></svg><select><select></select><frameset>",
        b"\x00<html><body></body></html></p>x",
        b"<!doctype html><head></head><title>x</title><noscript><p></noscript>",
    ];
    for bytes in inputs {
        let parsed = websyntax_html::parse_document_bytes(
            bytes,
            websyntax_html::DocumentParserOptions::default(),
        );
        let report = check(bytes, &CheckOptions::default());
        let parse: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.category == Category::Parse)
            .map(|d| (d.code, d.line, d.col))
            .collect();
        // Per-character table text errors on consecutive characters are one diagnostic.
        let mut expected: Vec<_> = Vec::new();
        let mut last: Option<(&str, usize)> = None;
        for e in parsed.document.errors() {
            let grouped = e.code == "unexpected-character-in-table"
                && last == Some((e.code, e.position.offset));
            last = Some((e.code, e.position.offset + 1));
            if !grouped {
                expected.push((e.code, e.position.line, e.position.column));
            }
        }
        assert_eq!(parse, expected);
    }
}

#[test]
fn url_positions_and_base() {
    let bytes = page("\n<a href='http://h/a b'>x</a>");
    let report = check(&bytes, &CheckOptions::default());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.code == "invalid-URL-unit")
        .unwrap();
    assert_eq!(&bytes[d.span.unwrap().range()], b" ");
    assert_eq!((d.line, d.col), (2, 20));
    // A relative URL against a base that cannot be a base fails.
    let bytes = page("<base href='mailto:x@y'><a href=rel>x</a>");
    let codes = codes(&bytes, &CheckOptions::default());
    assert!(
        codes.contains(&"missing-scheme-non-relative-URL"),
        "{codes:?}"
    );
    // The document URL is the fallback base.
    let options = CheckOptions {
        document_url: Some("https://example.org/".into()),
        ..CheckOptions::default()
    };
    assert!(!check(&page("<a href=rel>x</a>"), &options).has_errors());
}

#[test]
fn diagnostics_are_in_source_order() {
    let bytes = page("<p id=a tabindex=x></div>\n<p id=a><img width=q></span>");
    let report = check(&bytes, &CheckOptions::default());
    let positions: Vec<_> = report.diagnostics.iter().map(|d| (d.line, d.col)).collect();
    let mut sorted = positions.clone();
    sorted.sort();
    assert_eq!(positions, sorted);
}

#[test]
fn long_lines_give_windowed_excerpts() {
    let mut html = HEAD.to_owned();
    for _ in 0..2000 {
        html.push_str("<p tabindex=é1>x</p>");
    }
    let bytes = html.into_bytes();
    let report = check(&bytes, &CheckOptions::default());
    let ds: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.code == "invalid-integer")
        .collect();
    assert_eq!(ds.len(), 2000);
    let d = ds[1000];
    assert_eq!(&bytes[d.span.unwrap().range()], "é1".as_bytes());
    let e = report.excerpt(d).unwrap();
    assert!(e.cut_before && e.cut_after && e.text.len() < 400, "{e:?}");
    let underlined: String = e.text.chars().skip(e.start).take(e.len).collect();
    assert_eq!(underlined, "é1");
    // Columns count UTF-16 units: one per "é".
    assert_eq!(d.col, HEAD.len() + 1000 * 20 + 13);
}

#[test]
fn messages_name_the_element_an_end_tag_closed() {
    let bytes = page("<div><span>a<div></div></div><h2><b>x</h3><p><b><i>z</b></i>");
    let report = check(&bytes, &CheckOptions::default());
    let messages: Vec<&str> = report
        .diagnostics
        .iter()
        .filter(|d| d.category == Category::Parse)
        .map(|d| d.message.as_str())
        .collect();
    assert!(
        messages
            .contains(&"`</div>` closed `<span>`, which was still open (its end tag is missing)"),
        "{messages:#?}"
    );
    assert!(
        messages.contains(&"`</h3>` closed `<b>`, which was still open (its end tag is missing)"),
        "{messages:#?}"
    );
    assert!(
        messages.contains(
            &"misnested `</b>`: `<i>`, opened inside it, was still open (close `</i>` first)"
        ),
        "{messages:#?}"
    );
}
