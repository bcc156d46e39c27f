//! Main content on real pages (`tests/data/main-content/`, origins in its `SOURCE.md`) and on
//! the page shapes they stand for: tables kept whole or by whole rows, headings of removed
//! sections, the article's own header on a photo gallery, and the found/score signal.

use std::io::Read;

use websyntax_extract::{FOUND_SCORE, MainContent, MarkdownOptions, main_content};
use websyntax_html::{Document, ParseOptions, parse_document};

const PARA: &str = "A paragraph of running text, with commas, clauses, and enough words to count \
                    as part of an article body rather than a label or a button.";

fn page(name: &str) -> Document {
    let path = format!(
        "{}/tests/data/main-content/{name}.html.gz",
        env!("CARGO_MANIFEST_DIR")
    );
    let gz = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut html = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut html)
        .unwrap();
    parse_document(&String::from_utf8_lossy(&html), ParseOptions::default())
}

fn main_markdown(doc: &Document) -> (MainContent, String) {
    let main = main_content(doc);
    let md = main.markdown(doc, &MarkdownOptions::default());
    (main, md)
}

/// The Markdown table rows whose first cell is empty.
fn rows_without_label(md: &str) -> Vec<&str> {
    md.lines().filter(|l| l.starts_with("| |")).collect()
}

#[test]
fn table_rows_keep_their_label_cells() {
    // A label that is mostly a link, inside a block in its cell.
    let html = format!(
        "<article><p>{PARA}</p><table>\
         <tr><th><div>North pole <a href=/d>declination</a></div></th><td>52.88650°</td></tr>\
         <tr><th><a href=/e>Eccentricity</a></th><td>0.0934</td></tr>\
         <tr><th><a href=/s>Satellites</a></th><td><a href=/m>2</a></td></tr>\
         <tr><th>Mass</th><td>6.4171×10^23 kg, or 0.107 Earths</td></tr>\
         <tr><th>Mean radius</th><td>3,389.5 km</td></tr>\
         <tr><td colspan=2><a href=/1>Related one</a> <a href=/2>Related two</a></td></tr>\
         </table><p>{PARA} Two.</p></article>"
    );
    let doc = parse_document(&html, ParseOptions::default());
    let (_, md) = main_markdown(&doc);
    assert!(
        md.contains("| North pole [declination](/d) | 52.88650° |"),
        "{md}"
    );
    assert!(md.contains("| [Eccentricity](/e) | 0.0934 |"), "{md}");
    // Two small cells are a data row, even when both are links.
    assert!(md.contains("| [Satellites](/s) | [2](/m) |"), "{md}");
    // A row of one cell of links goes, whole.
    assert!(!md.contains("Related"), "{md}");
    assert_eq!(rows_without_label(&md), Vec::<&str>::new());
}

#[test]
fn wikipedia_infobox_rows_are_whole() {
    let doc = page("wikipedia-mars-en");
    let (main, md) = main_markdown(&doc);
    assert!(main.found);
    let declination = md.lines().find(|l| l.contains("52.88650°")).unwrap();
    assert!(declination.contains("declination"), "{declination}");
    for label in [
        "Eccentricity",
        "Satellites",
        "Semi-major axis",
        "Escape velocity",
    ] {
        assert!(
            md.lines().any(|l| l.starts_with('|') && l.contains(label)),
            "infobox row {label} missing"
        );
    }
    // Only the last row, which holds nothing but a nested table's layout, has no label.
    let empty: Vec<&str> = rows_without_label(&md);
    assert!(empty.len() <= 1, "{empty:#?}");
}

#[test]
fn a_heading_whose_section_was_removed_goes_with_it() {
    let html = format!(
        "<article><p>{PARA}</p><div class='story-feature related'><h2>Related Stories</h2>\
         <ul><li><a href=/1>Story one about a thing</a><li><a href=/2>Story two about it</a>\
         </ul></div><h2>Kept section</h2><p>{PARA} Two.</p>\
         <h2>Links</h2><h3>More</h3><ul><li><a href=/3>Three, a story</a></ul></article>"
    );
    let doc = parse_document(&html, ParseOptions::default());
    let (_, md) = main_markdown(&doc);
    assert!(!md.contains("Related Stories"), "{md}");
    assert!(md.contains("## Kept section"), "{md}");
    // A subsection that went empties its parent section too.
    assert!(!md.contains("Links") && !md.contains("More"), "{md}");
    // A heading followed by an image only, or by nothing that was removed, stays.
    let html =
        format!("<article><p>{PARA}</p><h2>Photo</h2><p><img src=a.png alt=''></p></article>");
    let doc = parse_document(&html, ParseOptions::default());
    assert!(main_markdown(&doc).1.contains("## Photo"));
}

#[test]
fn bbc_story_related_stories_heading() {
    let doc = page("5020d8de60d27540f02da75535adb8f922a62e3d49d6d84845d70f19b84cf096");
    let (main, md) = main_markdown(&doc);
    assert!(main.found);
    assert!(md.contains("News that President Vladimir Putin"), "{md}");
    assert!(!md.contains("Related Stories"), "{md}");
}

#[test]
fn gallery_article_keeps_its_text() {
    let html = format!(
        "<article><header><h1>Eight changes</h1><p class=summary>{PARA} Summary.</p></header>\
         <div class=storyBody><div class=photoGallery><p>Image 1 of 8</p><img src=1.png></div>\
         <h2>First slide</h2><p>{PARA} Slide.</p><p>{PARA} Slide two.</p></div>\
         <footer>About the author</footer></article>"
    );
    let doc = parse_document(&html, ParseOptions::default());
    let text = main_content(&doc).text(&doc);
    assert!(text.starts_with(&format!("{PARA} Summary.")), "{text}");
    assert!(
        text.contains("Slide two.") && !text.contains("author"),
        "{text}"
    );

    let doc = page("5a012f66c2bf0c70a0744c7483478aaa0c1a2b5b5920a72223f3a090e39df8be");
    let main = main_content(&doc);
    let text = main.text(&doc);
    assert!(main.found);
    assert!(
        text.contains("When Microsoft releases Windows 8.1 later this year"),
        "{text}"
    );
    assert!(text.contains("One of the most common objections"), "{text}");
}

#[test]
fn home_pages_have_no_main_content() {
    for name in ["gumbo-bbc", "gumbo-hacker_news", "gumbo-baidu"] {
        let doc = page(name);
        let main = main_content(&doc);
        println!("{name}: score {:.3}", main.score);
        assert!(!main.found, "{name}: score {}", main.score);
        assert!(main.score < FOUND_SCORE);
    }
}

#[test]
fn score_and_found() {
    let doc = parse_document("", ParseOptions::default());
    let main = main_content(&doc);
    assert!(!main.found && main.score == 0.0);
    // One long article: the whole of the page's running text, long enough.
    let html = format!(
        "<nav><a href=/>Home</a></nav><article>{}</article>",
        format!("<p>{PARA}</p>").repeat(8)
    );
    let doc = parse_document(&html, ParseOptions::default());
    let main = main_content(&doc);
    assert!(main.found && main.score > 0.9, "{}", main.score);
    // Lists of links and short captions only: no running text at all.
    let html = "<ul><li><a href=/1>A headline of a story</a> (example.org)\
                <li><a href=/2>Another headline of a story</a> (example.com)</ul>"
        .repeat(20);
    let doc = parse_document(&html, ParseOptions::default());
    let main = main_content(&doc);
    assert!(!main.found && main.score == 0.0, "{}", main.score);
}
