//! Markdown fidelity over real pages (`tests/data/corpus/`, see its `SOURCE.md`): each page's
//! Markdown is rendered back with a CommonMark + GFM renderer (pulldown-cmark, tables and
//! strikethrough on) and what the renderer sees is compared with the source DOM: headings
//! (level and words), list items, table cells, code blocks, link targets and texts, image
//! sources, and the words of the whole text. Each kind prints the share that agrees (multiset
//! intersection over the larger side); code blocks and link targets must agree fully, the
//! others at least at the level reached when this test was written.

use std::collections::HashMap;
use std::io::Read;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use websyntax_extract::{MarkdownOptions, text::readable_text, to_markdown};
use websyntax_html::{Document, NodeId, ParseOptions, parse_document};
use websyntax_url::{Encoding, Url};

fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect()
}

fn skipped(doc: &Document, id: NodeId) -> bool {
    doc.is_element(id)
        && (matches!(
            doc.local_name(id),
            Some(
                "head"
                    | "script"
                    | "style"
                    | "template"
                    | "title"
                    | "iframe"
                    | "datalist"
                    | "rp"
                    | "noscript"
            )
        ) || doc.attribute(id, "hidden").is_some())
}

fn visible(doc: &Document, id: NodeId) -> bool {
    !std::iter::once(id)
        .chain(doc.ancestors(id))
        .any(|a| skipped(doc, a))
}

fn inside(doc: &Document, id: NodeId, names: &[&str]) -> bool {
    doc.ancestors(id)
        .any(|a| doc.local_name(a).is_some_and(|n| names.contains(&n)))
}

/// Phrasing elements that do not separate words.
fn is_inline(name: &str) -> bool {
    matches!(
        name,
        "a" | "abbr"
            | "b"
            | "bdi"
            | "bdo"
            | "cite"
            | "code"
            | "data"
            | "dfn"
            | "del"
            | "em"
            | "font"
            | "i"
            | "ins"
            | "kbd"
            | "mark"
            | "q"
            | "s"
            | "samp"
            | "small"
            | "span"
            | "strike"
            | "strong"
            | "sub"
            | "sup"
            | "time"
            | "tt"
            | "u"
            | "var"
    )
}

/// Whether a subtree has visible text (anything but whitespace).
fn has_text(doc: &Document, id: NodeId) -> bool {
    doc.descendants(id).any(|d| {
        doc.text(d)
            .is_some_and(|t| t.contains(|c: char| !c.is_ascii_whitespace()))
            && visible(doc, d)
    })
}

/// The words of the visible text of a subtree (image alt text not included).
fn words(doc: &Document, id: NodeId) -> String {
    let mut s = String::new();
    for d in doc.descendants(id) {
        if let Some(t) = doc.text(d)
            && doc.parent(d).is_none_or(|p| visible(doc, p))
        {
            s.push_str(t);
        } else if doc.is_element(d) && !is_inline(doc.local_name(d).unwrap_or("")) {
            s.push(' ');
        }
    }
    tokens(&s).join(" ")
}

#[derive(Default, Debug)]
struct Seen {
    headings: Vec<String>,
    items: Vec<String>,
    cells: Vec<String>,
    code: Vec<String>,
    targets: Vec<String>,
    link_texts: Vec<String>,
    images: Vec<String>,
    words: Vec<String>,
}

fn from_dom(doc: &Document) -> Seen {
    let mut s = Seen::default();
    let base = doc.base_url_with_encoding(None, Encoding::UTF_8);
    let resolve = |raw: &str| match Url::parse_with_encoding(raw, base.as_ref(), Encoding::UTF_8) {
        Ok(u) => u.href().to_owned(),
        Err(_) => raw.trim().to_owned(),
    };
    let flat = ["td", "th", "caption", "h1", "h2", "h3", "h4", "h5", "h6"];
    for id in doc.descendants(doc.root()) {
        if !doc.is_element(id) || !visible(doc, id) {
            continue;
        }
        let name = doc.local_name(id).unwrap_or("");
        match name {
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" if !inside(doc, id, &flat) => {
                let w = words(doc, id);
                if !w.is_empty() {
                    s.headings.push(format!("{name} {w}"));
                }
            }
            "li" if !inside(doc, id, &flat)
                && doc
                    .parent(id)
                    .and_then(|p| doc.local_name(p))
                    .is_some_and(|p| matches!(p, "ul" | "ol" | "menu" | "dir")) =>
            {
                let has_img = doc
                    .descendants(id)
                    .any(|d| doc.local_name(d) == Some("img") && visible(doc, d));
                if has_text(doc, id) || has_img {
                    s.items.push(String::new());
                }
            }
            "td" | "th" if !inside(doc, id, &flat) => {
                let w = words(doc, id);
                if !w.is_empty() {
                    s.cells.push(w);
                }
            }
            "pre" if !inside(doc, id, &flat) => {
                let mut t = String::new();
                for d in doc.descendants(id) {
                    if let Some(x) = doc.text(d)
                        && visible(doc, d)
                    {
                        t.push_str(x);
                    } else if doc.local_name(d) == Some("br") {
                        t.push('\n');
                    }
                }
                s.code
                    .push(t.trim_end_matches(['\n', '\r']).replace("\r\n", "\n"));
            }
            "a" if !inside(doc, id, &["pre", "a"]) => {
                let Some(href) = doc.attribute(id, "href") else {
                    continue;
                };
                let url = resolve(href);
                // Links that could run script keep their text only.
                let lower = url.to_ascii_lowercase();
                if ["javascript:", "vbscript:", "data:"]
                    .iter()
                    .any(|s| lower.starts_with(s))
                {
                    continue;
                }
                let w = words(doc, id);
                let has_img = doc.descendants(id).any(|d| {
                    doc.local_name(d) == Some("img")
                        && visible(doc, d)
                        && doc
                            .attribute(d, "src")
                            .is_some_and(|v| !v.trim().is_empty())
                });
                if has_text(doc, id) || has_img {
                    s.targets.push(url);
                    s.link_texts.push(w);
                }
            }
            "img" if !inside(doc, id, &["pre"]) => {
                if let Some(src) = doc.attribute(id, "src").filter(|v| !v.trim().is_empty()) {
                    let url = resolve(src);
                    let lower = url.to_ascii_lowercase();
                    // Images whose source could run script are their alt text only.
                    if !(lower.starts_with("javascript:")
                        || lower.starts_with("vbscript:")
                        || (lower.starts_with("data:") && !lower.starts_with("data:image/")))
                    {
                        s.images.push(url);
                    }
                }
            }
            _ => {}
        }
    }
    s.words = tokens(&readable_text(doc, &[doc.root()], None, true));
    s
}

fn from_markdown(md: &str) -> Seen {
    let mut s = Seen::default();
    let mut heading: Option<(u32, String)> = None;
    let mut cell: Option<String> = None;
    let mut code: Option<String> = None;
    let mut links: Vec<String> = Vec::new();
    let mut image_depth = 0;
    let mut all = String::new();
    let parser = Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH);
    for ev in parser {
        let inline = matches!(
            ev,
            Event::Start(Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. })
                | Event::End(
                    TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link
                )
        );
        if matches!(ev, Event::Start(_) | Event::End(_)) && !inline {
            all.push(' ');
        }
        match ev {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level as u32, String::new()))
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((l, t)) = heading.take() {
                    let w = tokens(&t).join(" ");
                    if !w.is_empty() {
                        s.headings.push(format!("h{l} {w}"));
                    }
                }
            }
            Event::Start(Tag::Item) => s.items.push(String::new()),
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => {
                if let Some(t) = cell.take() {
                    let w = tokens(&t).join(" ");
                    if !w.is_empty() {
                        s.cells.push(w);
                    }
                }
            }
            Event::Start(Tag::CodeBlock(_)) => code = Some(String::new()),
            Event::End(TagEnd::CodeBlock) => {
                if let Some(c) = code.take() {
                    s.code.push(c.trim_end_matches('\n').to_owned());
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                s.targets.push(dest_url.to_string());
                links.push(String::new());
            }
            Event::End(TagEnd::Link) => {
                if let Some(t) = links.pop() {
                    s.link_texts.push(tokens(&t).join(" "));
                }
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                s.images.push(dest_url.to_string());
                image_depth += 1;
            }
            Event::End(TagEnd::Image) => image_depth -= 1,
            Event::Text(t) | Event::Code(t) => {
                if let Some(c) = &mut code {
                    c.push_str(&t);
                }
                if image_depth > 0 {
                    continue;
                }
                for x in [heading.as_mut().map(|h| &mut h.1), cell.as_mut()]
                    .into_iter()
                    .flatten()
                {
                    x.push_str(&t);
                }
                for l in &mut links {
                    l.push_str(&t);
                }
                all.push_str(&t);
            }
            Event::SoftBreak | Event::HardBreak => {
                all.push(' ');
                for l in &mut links {
                    l.push(' ');
                }
                if let Some(c) = &mut cell {
                    c.push(' ');
                }
            }
            _ => {}
        }
    }
    s.words = tokens(&all);
    s
}

/// (agreeing, larger side) of two multisets.
fn agree(a: &[String], b: &[String]) -> (usize, usize) {
    let mut m: HashMap<&str, i64> = HashMap::new();
    for x in a {
        *m.entry(x).or_insert(0) += 1;
    }
    let mut same = 0;
    for x in b {
        if let Some(c) = m.get_mut(x.as_str())
            && *c > 0
        {
            *c -= 1;
            same += 1;
        }
    }
    (same, a.len().max(b.len()))
}

#[test]
fn markdown_round_trips_the_dom() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/corpus");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".html.gz"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 22);
    let kinds = [
        "headings",
        "list items",
        "table cells",
        "code blocks",
        "link targets",
        "link texts",
        "image sources",
        "text tokens",
    ];
    let mut totals = [(0usize, 0usize); 8];
    let verbose = std::env::var_os("FIDELITY_VERBOSE").is_some();
    let mut invented = 0;
    for name in &names {
        let gz = std::fs::read(format!("{dir}/{name}")).unwrap();
        let mut html = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut html)
            .unwrap();
        let doc = parse_document(&String::from_utf8_lossy(&html), ParseOptions::default());
        let md = to_markdown(&doc, None, &MarkdownOptions::default());
        let dom = from_dom(&doc);
        let back = from_markdown(&md);
        let pairs = [
            (&dom.headings, &back.headings),
            (&dom.items, &back.items),
            (&dom.cells, &back.cells),
            (&dom.code, &back.code),
            (&dom.targets, &back.targets),
            (&dom.link_texts, &back.link_texts),
            (&dom.images, &back.images),
            (&dom.words, &back.words),
        ];
        // A link around several blocks is repeated in each block: every link of the document
        // must be there, and no Markdown link may point anywhere the document's links don't.
        invented += back
            .targets
            .iter()
            .filter(|t| !dom.targets.contains(t))
            .count();
        for (k, (a, b)) in pairs.iter().enumerate() {
            let (same, n) = if k == 4 {
                (agree(a, b).0, a.len())
            } else {
                agree(a, b)
            };
            totals[k].0 += same;
            totals[k].1 += n;
            if verbose && same < n {
                let mut only_dom: Vec<&String> = a.iter().filter(|x| !b.contains(x)).collect();
                only_dom.truncate(5);
                let mut only_md: Vec<&String> = b.iter().filter(|x| !a.contains(x)).collect();
                only_md.truncate(5);
                println!(
                    "{name} {}: {same}/{n} dom-only {only_dom:?} md-only {only_md:?}",
                    kinds[k]
                );
            }
        }
    }
    let mut pct = [0f64; 8];
    for (k, (same, n)) in totals.iter().enumerate() {
        pct[k] = if *n == 0 {
            100.0
        } else {
            100.0 * *same as f64 / *n as f64
        };
        println!("{:<14} {same:>7} / {n:<7} {:.2}%", kinds[k], pct[k]);
    }
    assert_eq!(pct[3], 100.0, "code blocks");
    assert_eq!(pct[4], 100.0, "link targets");
    assert_eq!(invented, 0, "link targets not in the document");
    let floors = [100.0, 100.0, 99.8, 100.0, 100.0, 99.8, 100.0, 99.99];
    for k in 0..8 {
        assert!(
            pct[k] >= floors[k],
            "{}: {:.2}% < {}",
            kinds[k],
            pct[k],
            floors[k]
        );
    }
}
