//! The Markdown fidelity metric, shared by `tests/fidelity.rs` and the converter comparison
//! (`bench/examples/markdown_fidelity.rs`): what a CommonMark + GFM renderer (pulldown-cmark,
//! tables and strikethrough on) sees in a Markdown text, against what the source DOM has:
//! headings (level and words), list items, table cells (words), code blocks (text), link
//! targets and texts, image sources, and the words of the whole text. Each kind agrees as the
//! multiset intersection over the larger side (link targets: over the document's side, with
//! the Markdown's links that point nowhere the document's do counted apart).
//!
//! The including file brings `Document`, `NodeId`, `Url`, `Encoding` and `readable_text` into
//! scope (each crate names them by its own paths).

use std::collections::HashMap;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::{Document, Encoding, NodeId, ParseOptions, Url, parse_document, readable_text};

/// The kinds compared, in the order of [`score`]'s result.
pub const KINDS: [&str; 8] = [
    "headings",
    "list items",
    "table cells",
    "code blocks",
    "link targets",
    "link texts",
    "image sources",
    "text tokens",
];

/// One page's score: per kind (agreeing, compared); and how many Markdown links point to a
/// URL none of the document's links has.
pub struct PageScore {
    pub kinds: [(usize, usize); 8],
    pub invented: usize,
    /// Per kind, a few values only the DOM has and a few only the Markdown has.
    pub only: [(Vec<String>, Vec<String>); 8],
}

/// Scores the Markdown `md` against the document it was made from.
pub fn score(doc: &Document, md: &str) -> PageScore {
    compare(from_dom(doc, None), from_markdown(md))
}

/// [`score`] where what the renderer sees is the DOM of its HTML output: the Markdown rendered
/// to HTML by pulldown-cmark (tables and strikethrough on, raw HTML passed through, as GitHub
/// does with table markup) and parsed again. Raw HTML tables in the Markdown count here (they
/// show as tables); both sides' URLs are resolved against a placeholder base, as the renderer
/// percent-encodes them.
pub fn score_rendered(doc: &Document, md: &str) -> PageScore {
    let mut html = String::with_capacity(md.len() * 2);
    let parser = Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH);
    pulldown_cmark::html::push_html(&mut html, parser);
    let rendered = parse_document(&html, ParseOptions::default());
    let placeholder = Url::parse("https://base.invalid/", None).ok();
    compare(
        from_dom(doc, placeholder.as_ref()),
        from_dom(&rendered, placeholder.as_ref()),
    )
}

fn compare(dom: Seen, back: Seen) -> PageScore {
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
    let invented = back
        .targets
        .iter()
        .filter(|t| !dom.targets.contains(t))
        .count();
    let mut kinds = [(0, 0); 8];
    let mut only: [(Vec<String>, Vec<String>); 8] = Default::default();
    for (k, (a, b)) in pairs.iter().enumerate() {
        kinds[k] = if k == 4 {
            (agree(a, b).0, a.len())
        } else {
            agree(a, b)
        };
        if kinds[k].0 < kinds[k].1 {
            let pick = |x: &Vec<String>, y: &Vec<String>| -> Vec<String> {
                x.iter()
                    .filter(|v| !y.contains(v))
                    .take(5)
                    .cloned()
                    .collect()
            };
            only[k] = (pick(a, b), pick(b, a));
        }
    }
    PageScore {
        kinds,
        invented,
        only,
    }
}

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

/// What the DOM has; URLs are resolved against the document's base URL, else `fallback`.
fn from_dom(doc: &Document, fallback: Option<&Url>) -> Seen {
    let mut s = Seen::default();
    let base = doc.base_url_with_encoding(fallback, Encoding::UTF_8);
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
pub fn agree(a: &[String], b: &[String]) -> (usize, usize) {
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
