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

/// The text pulldown-cmark shows (markup removed).
fn shown(md: &str) -> String {
    let mut s = String::new();
    for ev in Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        if let Event::Text(t) | Event::Code(t) = ev {
            s.push_str(&t);
        }
    }
    s
}

#[test]
fn emphasis_that_cannot_open_is_left_out() {
    // Between a letter and `[`, `**` cannot open (CommonMark's flanking rules): the renderer
    // would show the asterisks. The words stay together and the link stays a link.
    let out = md("<p>に<b><a href=/w>火星</a></b>の項目");
    assert_eq!(out, "に[火星](/w)の項目\n");
    assert_eq!(shown(&out), "に火星の項目");
    assert_eq!(seen(&out).2, 1);
    let out = md("<p>x<em>`y`</em> and x<s><code>c</code></s>");
    assert_eq!(out, "x\\`y\\` and x`c`\n");
    assert_eq!(shown(&out), "x`y` and xc");
    // Where the run can open, it is kept: after a space or punctuation, or before a letter.
    assert_eq!(md("<p>a <b><a href=/w>b</a></b> c"), "a **[b](/w)** c\n");
    assert_eq!(md("<p>に<b>火星</b>の"), "に**火星**の\n");
    assert_eq!(md("<p>x<b><i>word</i></b>y"), "x***word***y\n");
    assert_eq!(shown(&md("<p>x<b><i>word</i></b>y")), "xwordy");
}
