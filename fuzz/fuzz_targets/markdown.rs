#![no_main]
//! HTML → Markdown and main content on arbitrary bytes (the first byte picks the link style,
//! images on/off, a document URL and the scripting flag). Checks: no panic, no hang; the
//! output is deterministic, ends with a newline when not empty, and stays proportional to the
//! input; the main content's roots and text are consistent.
use libfuzzer_sys::fuzz_target;
use websyntax::extract::{LinkStyle, MarkdownOptions, main_content, to_markdown};
use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax::url::Url;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, bytes)) = data.split_first() else {
        return;
    };
    let mut parser = DocumentParserOptions::default();
    parser.parse.scripting = flags & 8 == 0;
    let parsed = parse_document_bytes(bytes, parser);
    let doc = &parsed.document;
    let options = MarkdownOptions {
        base_url: (flags & 1 == 1).then(|| Url::parse("https://example.org/a/b.html", None).unwrap()),
        encoding: parsed.encoding,
        link_style: if flags & 2 == 2 { LinkStyle::Referenced } else { LinkStyle::Inline },
        images: flags & 4 == 0,
        scripting: flags & 8 == 0,
        unsafe_links: flags & 16 == 16,
    };
    let md = to_markdown(doc, None, &options);
    assert!(md.is_empty() || md.ends_with('\n'));
    assert_eq!(md, to_markdown(doc, None, &options), "not deterministic");
    // Escapes, prefixes and resolved URLs grow the output by a bounded factor.
    assert!(md.len() <= 64 * bytes.len() + 4096, "{} bytes from {}", md.len(), bytes.len());
    let main = main_content(doc);
    for &r in &main.roots {
        assert!(r.index() < doc.len());
        assert!(main.contains(doc, r));
    }
    let text = main.text(doc);
    assert!(!text.ends_with([' ', '\n']));
    let _ = main.markdown(doc, &options);
});
