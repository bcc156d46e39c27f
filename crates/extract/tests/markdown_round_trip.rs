//! Markdown that a CommonMark + GFM renderer (pulldown-cmark) reads back as the page meant:
//! the cases found by the converter comparison (`bench/examples/markdown_fidelity.rs`), each
//! reduced to the shape that lost an item, a cell or a link.

use pulldown_cmark::{Event, Options, Parser, Tag};
use websyntax_extract::{MarkdownOptions, to_markdown};
use websyntax_html::{ParseOptions, parse_document};

fn md(html: &str) -> String {
    let doc = parse_document(html, ParseOptions::default());
    to_markdown(&doc, None, &MarkdownOptions::default())
}

/// How many list items, table cells and links pulldown-cmark sees.
fn seen(md: &str) -> (usize, usize, usize) {
    let (mut items, mut cells, mut links) = (0, 0, 0);
    for ev in Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match ev {
            Event::Start(Tag::Item) => items += 1,
            Event::Start(Tag::TableCell) => cells += 1,
            Event::Start(Tag::Link { .. }) => links += 1,
            _ => {}
        }
    }
    (items, cells, links)
}

#[test]
fn an_empty_item_leaves_the_list_separated_from_the_paragraph() {
    // The first item writes nothing; the second is numbered 2, which cannot interrupt a
    // paragraph: a blank line must separate the list from the text before it.
    let out = md("<div>Tools</div><ol><li><a href=/x><span></span></a></li><li>second</li></ol>");
    assert_eq!(out, "Tools\n\n2. second\n");
    assert_eq!(seen(&out).0, 1);
    let out = md("<p>Tools</p><ul><li></li><li>a</li><li>b</li></ul>");
    assert_eq!(seen(&out).0, 2, "{out}");
}
