//! Source spans: "the source bytes at the span are the token" for every element, attribute,
//! text node, comment and DOCTYPE of every html5lib tree-construction input and of the corpus
//! pages (`../shared/corpus/html`, skipped when absent); chunk invariance of node and error
//! spans for every split point of the html5lib inputs; offsets into the original bytes for
//! non-UTF-8 encodings, a BOM and CR LF.

/// Prints a report line straight to stderr, past libtest's output capture.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use std::path::{Path, PathBuf};

use websyntax_encoding::Encoding;
use websyntax_html::dom::NodeKind;
use websyntax_html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax_html::tokenizer::{Tokenizer, TokenizerOptions};
use websyntax_html::tree_builder::TreeBuilder;
use websyntax_html::{
    Context, Document, NodeId, ParseOptions, Span, parse_document, parse_fragment,
};

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/html5lib-tests/tree-construction"
);

/// The `#data` and `#document-fragment` of every tree-construction test.
fn html5lib_inputs() -> Vec<(String, Option<String>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(DIR)
        .expect("tree-construction dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "dat"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = String::from_utf8_lossy(&std::fs::read(f).expect("read")).into_owned();
        let lines: Vec<&str> = text.split('\n').collect();
        let mut i = 0;
        while i < lines.len() {
            if lines[i] != "#data" {
                i += 1;
                continue;
            }
            i += 1;
            let mut data = Vec::new();
            while i < lines.len() && !lines[i].starts_with("#errors") {
                data.push(lines[i]);
                i += 1;
            }
            let mut fragment = None;
            while i < lines.len() && lines[i] != "#data" {
                if lines[i] == "#document-fragment" {
                    fragment = lines.get(i + 1).map(|s| (*s).to_owned());
                }
                i += 1;
            }
            out.push((data.join("\n"), fragment));
        }
    }
    out
}

/// Checks every span of `doc` against `src`; returns the problems found.
fn check_spans(doc: &Document, root: NodeId, src: &[u8], encoding: Encoding) -> Vec<String> {
    let mut bad = Vec::new();
    let at = |s: Span| src.get(s.range()).unwrap_or(&[]);
    // The source of a value or text, as UTF-8 (exact for UTF-8 and single-byte encodings).
    let decoded = |s: Span| -> Vec<u8> {
        let raw = src.get(s.range()).unwrap_or(&[]);
        if encoding == Encoding::UTF_8 {
            raw.to_vec()
        } else {
            websyntax_encoding::decode(raw, encoding)
                .text
                .into_owned()
                .into_bytes()
        }
    };
    for id in doc.descendants(root) {
        match doc.kind(id) {
            NodeKind::Element => {
                let name = doc.local_name(id).unwrap_or("");
                if let Some(t) = doc.start_tag_span(id) {
                    let s = decoded(t);
                    let s = s.as_slice();
                    // The tag name in the source: an `img` may come from an `<image>` start
                    // tag, which the "in body" insertion mode renames and reprocesses (its
                    // spans are that token's).
                    let written = |tag: &str| {
                        s.first() == Some(&b'<')
                            && s.get(1..1 + tag.len())
                                .is_some_and(|n| n.eq_ignore_ascii_case(tag.as_bytes()))
                    };
                    let ok_name = name.contains('\u{FFFD}')
                        || written(name)
                        || (name == "img" && written("image"));
                    if !ok_name || s.last() != Some(&b'>') {
                        bad.push(format!(
                            "start tag of <{name}>: {:?}",
                            String::from_utf8_lossy(s)
                        ));
                    }
                    match doc.span(id) {
                        Some(sp) if sp.start == t.start && sp.end >= t.end => {}
                        other => {
                            bad.push(format!("span of <{name}>: {other:?} vs start tag {t:?}"))
                        }
                    }
                }
                if let Some(t) = doc.end_tag_span(id) {
                    let s = at(t);
                    if !s.starts_with(b"</") {
                        bad.push(format!(
                            "end tag of <{name}>: {:?}",
                            String::from_utf8_lossy(s)
                        ));
                    }
                    if doc.span(id).is_some_and(|sp| sp.end != t.end) {
                        bad.push(format!("span of <{name}> does not end with its end tag"));
                    }
                }
                for a in doc.attrs(id) {
                    let Some(sp) = a.span() else {
                        bad.push(format!("attribute {} of <{name}> has no span", a.name()));
                        continue;
                    };
                    let qualified = match a.prefix() {
                        Some(p) => format!("{p}:{}", a.name()),
                        None => a.name().to_owned(),
                    };
                    let s = decoded(sp);
                    let s = s.as_slice();
                    if !qualified.contains('\u{FFFD}')
                        && !s
                            .get(..qualified.len())
                            .is_some_and(|n| n.eq_ignore_ascii_case(qualified.as_bytes()))
                    {
                        bad.push(format!(
                            "attribute {qualified}: {:?}",
                            String::from_utf8_lossy(s)
                        ));
                    }
                    if let Some(v) = a.value_span() {
                        let raw = decoded(v);
                        let raw = raw.as_slice();
                        if !(sp.start <= v.start && v.end <= sp.end) {
                            bad.push(format!("value span of {qualified} outside its span"));
                        }
                        let plain = !raw.iter().any(|b| matches!(b, b'&' | b'\r' | 0));
                        if plain && raw != a.value().as_bytes() {
                            bad.push(format!(
                                "value of {qualified}: {:?} vs {:?}",
                                String::from_utf8_lossy(raw),
                                a.value()
                            ));
                        }
                    } else if !a.value().is_empty() {
                        bad.push(format!(
                            "attribute {qualified} has a value but no value span"
                        ));
                    }
                }
            }
            NodeKind::Text => {
                let text = doc.text(id).unwrap_or("");
                let Some(sp) = doc.span(id) else {
                    bad.push(format!("text {text:?} has no span"));
                    continue;
                };
                let s = decoded(sp);
                let s = s.as_slice();
                let plain = !s.iter().any(|b| matches!(b, b'&' | b'\r' | 0 | b'<'));
                if sp.is_empty() || (plain && s != text.as_bytes()) {
                    // Text moved by the tree builder (foster parenting) may merge with text from
                    // elsewhere; then the span covers both.
                    let covers = text
                        .split(|c: char| c.is_ascii_whitespace())
                        .all(|w| w.is_empty() || s.windows(w.len()).any(|x| x == w.as_bytes()));
                    if !covers {
                        bad.push(format!("text {text:?}: {:?}", String::from_utf8_lossy(s)));
                    }
                }
            }
            NodeKind::Comment => match doc.span(id) {
                Some(sp) if at(sp).first() == Some(&b'<') => {}
                other => bad.push(format!("comment span {other:?}")),
            },
            NodeKind::Doctype => match doc.span(id) {
                Some(sp)
                    if at(sp)
                        .get(..9)
                        .is_some_and(|d| d.eq_ignore_ascii_case(b"<!DOCTYPE")) => {}
                other => bad.push(format!("doctype span {other:?}")),
            },
            _ => {}
        }
    }
    bad
}

#[test]
fn html5lib_inputs_spans_are_their_tokens() {
    let mut checked = 0;
    let mut problems = Vec::new();
    for (data, fragment) in html5lib_inputs() {
        let opts = ParseOptions::default();
        let bad = match &fragment {
            Some(ctx) => {
                let Ok(ctx) = ctx.parse::<Context>() else {
                    continue;
                };
                let f = parse_fragment(&data, &ctx, opts);
                check_spans(
                    &f.document,
                    f.document.root(),
                    data.as_bytes(),
                    Encoding::UTF_8,
                )
            }
            None => {
                let d = parse_document(&data, opts);
                let mut bad = check_spans(&d, d.root(), data.as_bytes(), Encoding::UTF_8);
                // Document::line_col agrees with the errors' line and column.
                for e in d.errors() {
                    let p = e.position;
                    if d.line_col(p.offset) != (p.line, p.column) {
                        bad.push(format!("line_col({}) != {:?} for {}", p.offset, p, e.code));
                    }
                }
                bad
            }
        };
        checked += 1;
        for b in bad {
            problems.push(format!("{data:?}: {b}"));
        }
    }
    report!(
        "spans: {checked} html5lib tree-construction inputs checked, {} problems",
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{}",
        problems[..problems.len().min(30)].join("\n")
    );
}

#[test]
fn corpus_pages_spans_are_their_tokens() {
    let dir = match std::env::var_os("WEBSYNTAX_CORPUS") {
        Some(p) => PathBuf::from(p).join("html"),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/html"),
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        report!("spans corpus: skipped (no ../shared/corpus/html; set WEBSYNTAX_CORPUS)");
        return;
    };
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut stack: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            stack.extend(
                std::fs::read_dir(&p)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|e| e.path()),
            );
        } else if p.extension().is_some_and(|e| e == "html" || e == "htm") {
            paths.push(p);
        }
    }
    paths.sort();
    let mut problems = Vec::new();
    for p in &paths {
        let bytes = std::fs::read(p).expect("corpus page");
        let parsed = parse_document_bytes(&bytes, DocumentParserOptions::default());
        if !parsed.encoding.is_ascii_compatible() {
            continue;
        }
        for b in check_spans(
            &parsed.document,
            parsed.document.root(),
            &bytes,
            parsed.encoding,
        )
        .into_iter()
        .take(3)
        {
            problems.push(format!("{}: {b}", p.display()));
        }
    }
    report!(
        "spans corpus: {} pages checked, {} problems",
        paths.len(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{}",
        problems[..problems.len().min(30)].join("\n")
    );
}

/// Every node span (in tree order) and every error (code, span, offset) of `input` parsed with
/// the tokenizer fed in the chunks `splits` cuts it into.
fn spans_fed(input: &str, fragment: Option<&str>, splits: &[usize]) -> Vec<String> {
    let (tb, state) = match fragment.and_then(|c| c.parse::<Context>().ok()) {
        Some(ctx) => {
            let (tb, state, _) =
                TreeBuilder::new_fragment(true, true, ctx.namespace, &ctx.name, ctx.attrs.clone());
            (tb, state)
        }
        None => (
            TreeBuilder::new(true, true),
            websyntax_html::tokenizer::State::Data,
        ),
    };
    let mut t = Tokenizer::with_options(
        tb,
        TokenizerOptions {
            initial_state: state,
            last_start_tag: None,
        },
    );
    let mut from = 0;
    for &cut in splits {
        t.feed(&input[from..cut]);
        from = cut;
    }
    t.feed(&input[from..]);
    t.end();
    let doc = t.into_sink().finish();
    // A tree builder driven directly gives every error its line and column too.
    assert!(
        doc.errors().iter().all(|e| e.position.line > 0),
        "{input:?}"
    );
    let mut out: Vec<String> = doc
        .descendants(doc.root())
        .map(|id| {
            let attrs: Vec<_> = doc.attrs(id).map(|a| (a.span(), a.value_span())).collect();
            format!(
                "{:?} {:?} {:?} {:?}",
                doc.span(id),
                doc.start_tag_span(id),
                doc.end_tag_span(id),
                attrs
            )
        })
        .collect();
    out.extend(
        doc.errors()
            .iter()
            .map(|e| format!("{} {:?} {:?}", e.code, e.span, e.position)),
    );
    out
}

#[test]
fn html5lib_inputs_spans_do_not_depend_on_chunking() {
    let mut runs = 0;
    for (data, fragment) in html5lib_inputs() {
        let whole = spans_fed(&data, fragment.as_deref(), &[]);
        for cut in 1..data.len() {
            if data.is_char_boundary(cut) {
                let parts = spans_fed(&data, fragment.as_deref(), &[cut]);
                assert_eq!(whole, parts, "{data:?} split at {cut}");
                runs += 1;
            }
        }
        let all: Vec<usize> = (1..data.len())
            .filter(|&c| data.is_char_boundary(c))
            .collect();
        assert_eq!(
            whole,
            spans_fed(&data, fragment.as_deref(), &all),
            "{data:?} char by char"
        );
    }
    report!("spans chunk invariance: {runs} split runs of the html5lib inputs");
}

/// The bytes of `text` in `encoding` (which must have an encoder).
fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    let mut enc =
        websyntax_encoding::Encoder::new(encoding, websyntax_encoding::EncodeErrorMode::Html)
            .expect("encoder");
    enc.encode(text, true).expect("encodable")
}

#[test]
fn windows_1252_offsets_are_file_offsets() {
    // Three characters of 2 bytes in UTF-8, 1 in the file, before the error: the decoded
    // text's offset would be 41, the file's is 38.
    let src = "<!DOCTYPE html><p title=caf\u{e9}>caf\u{e9} caf\u{e9}</x>";
    let bytes = encode(src, Encoding::WINDOWS_1252);
    let parsed = parse_document_bytes(
        &bytes,
        DocumentParserOptions::default().transport_charset("windows-1252"),
    );
    let doc = &parsed.document;
    let e = doc
        .errors()
        .iter()
        .find(|e| e.code == "unexpected-end-tag")
        .expect("error");
    assert_eq!(&bytes[e.span.range()], b"</x>");
    assert_eq!(e.position.offset, e.span.start);
    assert_eq!(e.span.start, 38);
    let p = doc.find_element("p").unwrap();
    assert_eq!(
        &bytes[doc.start_tag_span(p).unwrap().range()],
        b"<p title=caf\xE9>"
    );
    let a = doc.attrs(p).next().unwrap();
    assert_eq!(&bytes[a.value_span().unwrap().range()], b"caf\xE9");
    let text = doc.first_child(p).unwrap();
    assert_eq!(&bytes[doc.span(text).unwrap().range()], b"caf\xE9 caf\xE9");
    assert_eq!(
        doc.line_col(e.span.start),
        (e.position.line, e.position.column)
    );
}

#[test]
fn shift_jis_offsets_are_file_offsets() {
    let src = "<meta charset=shift_jis><p>\u{65e5}\u{672c}\u{ff71}<b>\u{8a9e}</b></x>";
    let bytes = encode(src, Encoding::SHIFT_JIS);
    let parsed = parse_document_bytes(&bytes, DocumentParserOptions::default());
    assert_eq!(parsed.encoding, Encoding::SHIFT_JIS);
    let doc = &parsed.document;
    let b = doc.find_element("b").unwrap();
    assert_eq!(&bytes[doc.start_tag_span(b).unwrap().range()], b"<b>");
    assert_eq!(&bytes[doc.end_tag_span(b).unwrap().range()], b"</b>");
    let text = doc.first_child(b).unwrap();
    assert_eq!(
        &bytes[doc.span(text).unwrap().range()],
        encode("\u{8a9e}", Encoding::SHIFT_JIS)
    );
    let p = doc.find_element("p").unwrap();
    let t = doc.first_child(p).unwrap();
    assert_eq!(
        &bytes[doc.span(t).unwrap().range()],
        encode("\u{65e5}\u{672c}\u{ff71}", Encoding::SHIFT_JIS)
    );
    let e = doc
        .errors()
        .iter()
        .find(|e| e.code == "unexpected-end-tag")
        .expect("error");
    assert_eq!(&bytes[e.span.range()], b"</x>");
    // Line and column count characters (UTF-16 units), not bytes: `<p>` + 3 + `<b>` + 1 + `</b>`.
    assert_eq!(doc.line_col(e.span.start), (1, 24 + 3 + 3 + 3 + 1 + 4 + 1));
    assert_eq!(
        doc.line_col(e.span.start),
        (e.position.line, e.position.column)
    );
}

#[test]
fn utf16_bom_offsets_are_file_offsets() {
    let src = "<p id=a>x\u{1F600}y</p>\r\n<i>z</x>";
    for (bom, be) in [(&[0xFF, 0xFE][..], false), (&[0xFE, 0xFF][..], true)] {
        let mut bytes = bom.to_vec();
        for u in src.encode_utf16() {
            bytes.extend_from_slice(&if be { u.to_be_bytes() } else { u.to_le_bytes() });
        }
        let parsed = parse_document_bytes(&bytes, DocumentParserOptions::default());
        let doc = &parsed.document;
        let p = doc.find_element("p").unwrap();
        // Two bytes per UTF-16 code unit, after the 2-byte BOM.
        assert_eq!(doc.start_tag_span(p), Some(Span::new(2, 2 + 16)));
        let a = doc.attrs(p).next().unwrap();
        assert_eq!(a.span(), Some(Span::new(2 + 6, 2 + 14)));
        assert_eq!(a.value_span(), Some(Span::new(2 + 12, 2 + 14)));
        let t = doc.first_child(p).unwrap();
        assert_eq!(doc.span(t), Some(Span::new(2 + 16, 2 + 24)));
        assert_eq!(doc.end_tag_span(p), Some(Span::new(2 + 24, 2 + 32)));
        let i = doc.find_element("i").unwrap();
        assert_eq!(doc.start_tag_span(i), Some(Span::new(2 + 36, 2 + 42)));
        assert_eq!(doc.line_col(2 + 36), (2, 1));
        let e = doc
            .errors()
            .iter()
            .find(|e| e.code == "unexpected-end-tag")
            .unwrap();
        assert_eq!(e.span, Span::new(2 + 44, 2 + 52));
        assert_eq!((e.position.line, e.position.column), (2, 5));
    }
}

#[test]
fn utf8_bom_and_crlf_offsets_are_file_offsets() {
    let bytes = b"\xEF\xBB\xBF<p>a\r\nb</p>\r\n<b>caf\xC3\xA9</x>";
    let parsed = parse_document_bytes(bytes, DocumentParserOptions::default());
    assert_eq!(parsed.encoding, Encoding::UTF_8);
    let doc = &parsed.document;
    let p = doc.find_element("p").unwrap();
    assert_eq!(doc.start_tag_span(p), Some(Span::new(3, 6)));
    let t = doc.first_child(p).unwrap();
    assert_eq!(doc.text(t), Some("a\nb"));
    assert_eq!(&bytes[doc.span(t).unwrap().range()], b"a\r\nb");
    assert_eq!(&bytes[doc.end_tag_span(p).unwrap().range()], b"</p>");
    let e = doc
        .errors()
        .iter()
        .find(|e| e.code == "unexpected-end-tag")
        .unwrap();
    assert_eq!(&bytes[e.span.range()], b"</x>");
    assert_eq!(doc.line_col(e.span.start), (3, 8));
    assert_eq!((e.position.line, e.position.column), (3, 8));
    // A malformed byte is one U+FFFD in the text and one byte in the file.
    let bytes = b"<p>\xFFa</p>";
    let parsed = parse_document_bytes(
        bytes,
        DocumentParserOptions::default().transport_charset("utf-8"),
    );
    let doc = &parsed.document;
    let p = doc.find_element("p").unwrap();
    assert_eq!(doc.span(doc.first_child(p).unwrap()), Some(Span::new(3, 5)));
    assert_eq!(doc.end_tag_span(p), Some(Span::new(5, 9)));
}

#[test]
fn text_starting_with_crlf_spans_its_cr() {
    // Preprocessing turns CR LF into one LF; a text whose first character it is starts at
    // the CR (as parse5's locations do), in one chunk and split between the CR and the LF.
    for (src, text, span) in [
        (
            "<head>\r\n\t\t<script></script>",
            "\n\t\t",
            Span::new(6, 10),
        ),
        ("<p>\r\nx", "\nx", Span::new(3, 6)),
        ("<div>\r\n\r\n<p>", "\n\n", Span::new(5, 9)),
        ("<p>a\r\nb", "a\nb", Span::new(3, 7)),
    ] {
        let doc = parse_document(src, ParseOptions::default());
        let t = doc
            .node_ids()
            .find(|&id| doc.text(id).is_some())
            .expect("a text node");
        assert_eq!(doc.text(t), Some(text), "{src:?}");
        assert_eq!(doc.span(t), Some(span), "{src:?}");
        let cr = src.find('\r').unwrap();
        assert_eq!(
            spans_fed(src, None, &[cr + 1]),
            spans_fed(src, None, &[]),
            "{src:?} split after the CR"
        );
    }
}

#[test]
fn implied_nodes_have_no_span() {
    let src = "<table><tr><td><b>x<p>y</b>z";
    let doc = parse_document(src, ParseOptions::default());
    for name in ["html", "head", "body", "tbody"] {
        let id = doc.find_element(name).unwrap();
        assert_eq!(doc.span(id), None, "{name}");
        assert_eq!(doc.start_tag_span(id), None, "{name}");
    }
    // The adoption agency's clone of <b> inside <p> has no span; the original has one.
    let bs: Vec<_> = doc.find_all_elements("b").collect();
    assert_eq!(bs.len(), 2);
    assert_eq!(doc.start_tag_span(bs[0]), Some(Span::new(15, 18)));
    assert_eq!(doc.span(bs[1]), None);
    let td = doc.find_element("td").unwrap();
    assert_eq!(doc.end_tag_span(td), None);
    // Without an end tag an element's span runs to its last spanned descendant.
    assert_eq!(doc.span(td).unwrap().start, 11);
    assert!(doc.span(td).unwrap().end >= 19);
}

/// The examples of docs/spans.md.
#[test]
fn docs_examples() {
    let src = "<P Class='x'>a &amp; b</P>";
    let doc = parse_document(src, ParseOptions::default());
    let p = doc.find_element("p").unwrap();
    assert_eq!(
        &src[doc.start_tag_span(p).unwrap().range()],
        "<P Class='x'>"
    );
    let class = doc.attrs(p).next().unwrap();
    assert_eq!(&src[class.span().unwrap().range()], "Class='x'");
    assert_eq!(&src[class.value_span().unwrap().range()], "x");
    let text = doc.first_child(p).unwrap();
    assert_eq!(&src[doc.span(text).unwrap().range()], "a &amp; b");

    let src = "<p>\r\n\u{1F600}</x>";
    let doc = parse_document(src, ParseOptions::default());
    let e = doc
        .errors()
        .iter()
        .find(|e| e.code == "unexpected-end-tag")
        .unwrap();
    assert_eq!(e.span.start, 9);
    assert_eq!(doc.line_col(e.span.start), (2, 3));
    assert_eq!((e.position.line, e.position.column), (2, 3));
}
