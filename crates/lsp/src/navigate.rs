//! Navigation between ids and the attributes that refer to them (`href="#id"`, `for`,
//! `aria-labelledby`, `aria-describedby`, `list`, `form`, …), and the outline of headings and
//! landmarks. Everything works on a parsed document's attribute spans, in byte offsets.

use websyntax_html::dom::WalkEvent;
use websyntax_html::{Document, NodeId};

/// Attributes whose value is one id (`One`), a list of ids (`List`), or a URL whose fragment
/// names an element (`Fragment`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RefKind {
    One,
    List,
    Fragment,
}

fn ref_kind(element: &str, attr: &str) -> Option<RefKind> {
    Some(match attr {
        "aria-labelledby" | "aria-describedby" | "aria-controls" | "aria-owns" | "aria-flowto"
        | "aria-details" | "headers" | "itemref" => RefKind::List,
        "for" if element == "output" => RefKind::List,
        "for"
        | "list"
        | "form"
        | "popovertarget"
        | "commandfor"
        | "aria-activedescendant"
        | "aria-errormessage" => RefKind::One,
        "href" if matches!(element, "a" | "area") => RefKind::Fragment,
        _ => return None,
    })
}

/// One place that names an id: the element, and the byte range of the id in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdSpot {
    /// The element that has the attribute.
    pub element: NodeId,
    /// Where the id is written.
    pub start: usize,
    /// End of it.
    pub end: usize,
    /// Whether this is an `id` attribute (else a reference).
    pub is_id: bool,
}

/// Every id and id reference of `doc` (parsed from `text`), in document order, with the id.
pub fn spots<'t>(text: &'t str, doc: &Document) -> Vec<(&'t str, IdSpot)> {
    let mut out = Vec::new();
    for id in doc.descendants(doc.root()) {
        let Some(name) = doc.local_name(id) else {
            continue;
        };
        for a in doc.attrs(id) {
            let Some(v) = a.value_span() else { continue };
            if !a.value_is_verbatim() {
                continue;
            }
            let Some(value) = text.get(v.start..v.end) else {
                continue;
            };
            let spot = |s: usize, e: usize, is_id: bool| IdSpot {
                element: id,
                start: v.start + s,
                end: v.start + e,
                is_id,
            };
            if a.name() == "id" {
                out.push((value, spot(0, value.len(), true)));
                continue;
            }
            match ref_kind(name, a.name()) {
                Some(RefKind::One) => {
                    let t = value.trim_matches(|c: char| c.is_ascii_whitespace());
                    let s = value.len()
                        - value
                            .trim_start_matches(|c: char| c.is_ascii_whitespace())
                            .len();
                    if !t.is_empty() {
                        out.push((t, spot(s, s + t.len(), false)));
                    }
                }
                Some(RefKind::List) => {
                    let mut k = 0;
                    for token in value.split(|c: char| c.is_ascii_whitespace()) {
                        if !token.is_empty() {
                            out.push((token, spot(k, k + token.len(), false)));
                        }
                        k += token.len() + 1;
                    }
                }
                Some(RefKind::Fragment) => {
                    let t = value.trim_matches(|c: char| c.is_ascii_whitespace());
                    if let Some(frag) = t.strip_prefix('#').filter(|f| !f.is_empty()) {
                        let s = value.find('#').unwrap_or(0) + 1;
                        out.push((frag, spot(s, s + frag.len(), false)));
                    }
                }
                None => {}
            }
        }
    }
    out
}

/// The id at byte `offset` (in an `id` value or a reference), with its spot.
pub fn id_at<'t>(text: &'t str, doc: &Document, offset: usize) -> Option<(&'t str, IdSpot)> {
    spots(text, doc)
        .into_iter()
        .find(|(_, s)| s.start <= offset && offset <= s.end)
}

/// The `id` attribute values named `id`, in document order.
pub fn definitions(text: &str, doc: &Document, id: &str) -> Vec<IdSpot> {
    spots(text, doc)
        .into_iter()
        .filter(|(v, s)| s.is_id && *v == id)
        .map(|(_, s)| s)
        .collect()
}

/// Every spot naming `id` (definitions and references).
pub fn references(text: &str, doc: &Document, id: &str) -> Vec<IdSpot> {
    spots(text, doc)
        .into_iter()
        .filter(|(v, _)| *v == id)
        .map(|(_, s)| s)
        .collect()
}

/// One entry of the outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// What to show.
    pub name: String,
    /// `heading` or `landmark`.
    pub kind: SymbolKind,
    /// The element's source range.
    pub range: (usize, usize),
    /// Its start tag.
    pub selection: (usize, usize),
    /// Entries inside it.
    pub children: Vec<Symbol>,
}

/// What an outline entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// `h1` … `h6`.
    Heading,
    /// A landmark element or role.
    Landmark,
}

fn landmark(doc: &Document, id: NodeId, name: &str) -> bool {
    const ROLES: &[&str] = &[
        "banner",
        "navigation",
        "main",
        "complementary",
        "contentinfo",
        "region",
        "search",
        "form",
    ];
    matches!(
        name,
        "header" | "nav" | "main" | "aside" | "footer" | "section" | "article" | "form" | "search"
    ) || doc
        .attrs(id)
        .any(|a| a.name() == "role" && ROLES.contains(&a.value().trim()))
}

/// The outline: headings and landmarks, nested as in the tree.
pub fn outline(doc: &Document) -> Vec<Symbol> {
    // The stack of open entries: (element, entry).
    let mut stack: Vec<(NodeId, Symbol)> = Vec::new();
    let mut top: Vec<Symbol> = Vec::new();
    for ev in doc.walk(doc.root()) {
        match ev {
            WalkEvent::Enter(id, _) => {
                let Some(name) = doc.local_name(id) else {
                    continue;
                };
                let heading = matches!(name, "h1" | "h2" | "h3" | "h4" | "h5" | "h6");
                if !heading && !landmark(doc, id, name) {
                    continue;
                }
                let (Some(tag), Some(span)) = (doc.start_tag_span(id), doc.span(id)) else {
                    continue;
                };
                let label = if heading {
                    let t = collapse(&doc.text_content(id));
                    if t.is_empty() {
                        format!("<{name}>")
                    } else {
                        format!("{name}: {t}")
                    }
                } else {
                    let label = doc
                        .attrs(id)
                        .find(|a| a.name() == "aria-label" || a.name() == "id")
                        .map(|a| format!(" {}", collapse(a.value())))
                        .unwrap_or_default();
                    format!("<{name}>{label}")
                };
                stack.push((
                    id,
                    Symbol {
                        name: label,
                        kind: if heading {
                            SymbolKind::Heading
                        } else {
                            SymbolKind::Landmark
                        },
                        range: (span.start, span.end.max(tag.end)),
                        selection: (tag.start, tag.end),
                        children: Vec::new(),
                    },
                ));
            }
            WalkEvent::Exit(id, _) => {
                if stack.last().is_some_and(|(n, _)| *n == id) {
                    let (_, sym) = stack.pop().expect("checked");
                    match stack.last_mut() {
                        Some((_, parent)) => parent.children.push(sym),
                        None => top.push(sym),
                    }
                }
            }
        }
    }
    top
}

/// `s` with whitespace collapsed, at most 80 characters.
fn collapse(s: &str) -> String {
    let mut out = String::new();
    for w in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
        if out.chars().count() > 80 {
            let cut: String = out.chars().take(79).collect();
            return format!("{cut}…");
        }
    }
    out
}
