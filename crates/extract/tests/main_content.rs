//! Main content: the rules of `docs/markdown.md` ("Main content"), one page shape each.

use websyntax_extract::{MarkdownOptions, main_content};
use websyntax_html::{ParseOptions, parse_document};

const PARA: &str = "A paragraph of running text, with commas, clauses, and enough words to count \
                    as part of an article body rather than a label or a button.";

fn main_text(html: &str) -> String {
    let doc = parse_document(html, ParseOptions::default());
    main_content(&doc).text(&doc)
}

#[test]
fn boilerplate_around_the_article_is_left_out() {
    let html = format!(
        "<header><a href=/>Site</a></header><div id=cookie-banner>We use cookies, to improve \
         things, really, we do, and you must agree.</div><nav><a href=/a>A</a></nav>\
         <div class=main-column><p>{PARA}</p><p>{PARA} Two.</p>\
         <div class=share-bar><a href=/s>Share</a> <a href=/t>Tweet</a></div>\
         <section id=comments><p>{PARA} Comment.</p></section></div>\
         <aside><p>{PARA} Aside.</p></aside><footer>(c)</footer>"
    );
    let text = main_text(&html);
    assert_eq!(text, format!("{PARA}\n\n{PARA} Two."));
}

#[test]
fn article_body_markup_wins() {
    let html = format!(
        "<div><p>{PARA} Teaser one.</p><p>{PARA} Teaser two.</p><p>{PARA} Three.</p></div>\
         <div itemprop=articleBody><p>{PARA} Body.</p></div>"
    );
    assert_eq!(main_text(&html), format!("{PARA} Body."));
}

#[test]
fn hidden_content_is_never_main_content() {
    let html = format!(
        "<div style='display: none'><div itemprop=articleBody><p>{PARA} Hidden.</p></div></div>\
         <article><p>{PARA}</p><p aria-hidden=true>{PARA} Also hidden.</p></article>"
    );
    assert_eq!(main_text(&html), PARA);
}

#[test]
fn link_lists_and_headlines_inside_the_article_are_left_out() {
    let html = format!(
        "<article><h1>Headline</h1><p>{PARA}</p><h2>Section</h2><p>{PARA} Two.</p>\
         <ul><li><a href=/1>Related story one</a><li><a href=/2>Related story two</a></ul>\
         </article>"
    );
    let doc = parse_document(&html, ParseOptions::default());
    let main = main_content(&doc);
    assert_eq!(main.text(&doc), format!("{PARA}\n\nSection\n\n{PARA} Two."));
    let md = main.markdown(&doc, &MarkdownOptions::default());
    assert!(md.contains("\n\n## Section\n\n") && !md.contains("Related"));
    assert!(!main.contains(&doc, doc.find_element("h1").unwrap()));
    assert!(main.contains(&doc, doc.find_element("h2").unwrap()));
}

#[test]
fn sibling_paragraphs_join_the_best_block() {
    let html = format!(
        "<div class=wrap><div class=text><p>{PARA}</p><p>{PARA} Two.</p></div>\
         <p>{PARA} A sibling paragraph.</p><div class=ad-slot>Buy now, cheap, today, here.</div></div>"
    );
    let text = main_text(&html);
    assert!(text.ends_with("A sibling paragraph."), "{text}");
    assert!(!text.contains("Buy now"));
}

#[test]
fn empty_and_textless_documents() {
    assert_eq!(main_text(""), "");
    assert_eq!(main_text("<img src=x><script>x</script>"), "");
    assert_eq!(main_text("<p>short"), "short");
}
