//! Every public operation on hostile shapes: 10^6-deep documents on a 256 KiB stack, huge
//! tables, long lists. Each walk is iterative, so none of these may overflow the stack or take
//! more than linear time.

use websyntax_extract::{MarkdownOptions, main_content, text::readable_text, to_markdown};
use websyntax_html::{Document, ParseOptions, parse_document};

/// Runs every operation on `doc` on a thread with a 256 KiB stack.
fn all_operations(doc: Document) -> (String, String, String) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let md = to_markdown(&doc, None, &MarkdownOptions::default());
            let text = readable_text(&doc, &[doc.root()], None, true);
            let main = main_content(&doc);
            let main_md = main.markdown(&doc, &MarkdownOptions::default());
            let _ = main.text(&doc);
            // The document (10^6 nodes) is dropped here too, on the small stack.
            (md, text, main_md)
        })
        .unwrap()
        .join()
        .unwrap()
}

fn deep(open: &str, leaf: &str, n: usize) -> Document {
    let mut html = String::with_capacity(open.len() * n + leaf.len());
    for _ in 0..n {
        html.push_str(open);
    }
    html.push_str(leaf);
    parse_document(&html, ParseOptions::default())
}

#[test]
fn million_deep_divs() {
    let (md, text, main) = all_operations(deep("<div>", "deep text, here", 1_000_000));
    assert_eq!(md, "deep text, here\n");
    assert_eq!(text, "deep text, here");
    assert!(main.is_empty() || main == "deep text, here\n");
}

#[test]
fn million_deep_inline_and_containers() {
    for open in [
        "<b>",
        "<em>",
        "<a href=x>",
        "<code>",
        "<blockquote>",
        "<ul><li>",
        "<ol><li>",
        "<dl><dt>",
        "<h2>",
        "<table><tr><td>",
        "<pre>",
        "<span hidden>",
    ] {
        let (md, _, _) = all_operations(deep(open, "x", 1_000_000));
        // Output stays proportional to the input (nesting of Markdown containers is capped).
        assert!(md.len() < 8_000_000, "{open}: {} bytes", md.len());
    }
}

#[test]
fn huge_tables_and_lists() {
    let mut html = String::from("<table>");
    for i in 0..100_000 {
        html.push_str(&format!("<tr><td>{i}<td colspan=1000>x"));
    }
    html.push_str("</table><ul>");
    for i in 0..100_000 {
        html.push_str(&format!("<li>item {i}"));
    }
    html.push_str("</ul><p>");
    for i in 0..100_000 {
        html.push_str(&format!("<a href=/l{i}>l</a> "));
    }
    let len = html.len();
    let doc = parse_document(&html, ParseOptions::default());
    let (md, text, _) = all_operations(doc);
    assert!(md.len() < 16 * len, "{} bytes from {len}", md.len());
    assert!(md.contains("| 99999 | x |") && md.contains("- item 99999\n"));
    assert!(md.ends_with("[l](/l99999)\n"));
    let refs = MarkdownOptions {
        link_style: websyntax_extract::LinkStyle::Referenced,
        ..MarkdownOptions::default()
    };
    let doc = parse_document(&html, ParseOptions::default());
    assert!(to_markdown(&doc, None, &refs).ends_with("[100000]: /l99999\n"));
    assert!(text.contains("item 99999\n\nl l l"));
}

#[test]
fn one_long_paragraph() {
    // A million words in one paragraph (per-word work must not look back over the paragraph).
    let mut html = String::from("<p>");
    for _ in 0..1_000_000 {
        html.push_str("1. a ");
    }
    let doc = parse_document(&html, ParseOptions::default());
    let (md, text, _) = all_operations(doc);
    assert!(md.starts_with("1\\. a 1. a"));
    assert_eq!(md.len(), "1\\. a".len() + 999_999 * " 1. a".len() + 1);
    assert_eq!(text.len(), 5 * 1_000_000 - 1);
}
