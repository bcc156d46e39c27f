//! The node operations of selectolax's API (the Python drop-in `websyntax.selectolax`) on the
//! arena DOM: text joined selectolax's way, child and subtree walks with its filters, its
//! `unwrap`/`unwrap_tags`/`strip_tags`/`decompose` edits (through the checked editing API of
//! [`websyntax_html::dom`], so the tree stays one the serializer can write), its tag names for non-element
//! nodes, and its `Selector` filters.
//!
//! Every function here is iterative and linear in the subtree it reads or edits.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//! use websyntax_selectolax as sx;
//!
//! let mut doc = parse_document("<div><i>Hello</i> <b>world</b>!</div>", ParseOptions::default());
//! let div = doc.find_element("div").unwrap();
//! // Each text node stripped, then joined: the blank one between `i` and `b` too.
//! assert_eq!(sx::text(&doc, div, true, "|", true, false), "Hello||world|!");
//! assert_eq!(sx::text(&doc, div, true, "|", true, true), "Hello|world|!");
//! sx::unwrap_tags(&mut doc, div, &["i", "b"], false).unwrap();
//! assert_eq!(doc.outer_html(div), "<div>Hello world!</div>");
//! ```

#![forbid(unsafe_code)]

use std::borrow::Cow;

use websyntax_html::dom::{AttrRef, Document, HierarchyRequestError, NodeId, NodeKind};
use websyntax_html::select::{Selector, SelectorError};

/// Whether `s` is only ASCII whitespace (space, tab, LF, FF, CR), or empty: selectolax's
/// "empty text node".
pub fn is_blank(s: &str) -> bool {
    s.bytes()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\x0C' | b'\r'))
}

/// Whether `id` is a text node whose data [`is_blank`].
pub fn is_blank_text(doc: &Document, id: NodeId) -> bool {
    doc.text(id).is_some_and(is_blank)
}

/// selectolax's `Node.tag`: an element's qualified name; `-text`, `-comment`, `-document`,
/// `!doctype` for the other nodes (`-fragment` for a fragment, `-pi` for a processing
/// instruction).
pub fn tag_name(doc: &Document, id: NodeId) -> Cow<'_, str> {
    match doc.kind(id) {
        NodeKind::Element => Cow::Borrowed(doc.element(id).map_or("", |e| e.name())),
        NodeKind::Text => Cow::Borrowed("-text"),
        NodeKind::Comment => Cow::Borrowed("-comment"),
        NodeKind::Document => Cow::Borrowed("-document"),
        NodeKind::Doctype => Cow::Borrowed("!doctype"),
        NodeKind::Fragment => Cow::Borrowed("-fragment"),
        _ => Cow::Borrowed("-pi"),
    }
}

/// selectolax's `Node.text(deep, separator, strip, skip_empty)`: the data of the text nodes
/// (the node itself when it is one, then its children, or with `deep` all its descendants in
/// tree order, template contents not entered), each `str.strip()`ped when `strip`, blank ones
/// left out when `skip_empty`, joined with `separator`.
pub fn text(
    doc: &Document,
    id: NodeId,
    deep: bool,
    separator: &str,
    strip: bool,
    skip_empty: bool,
) -> String {
    let mut out = String::new();
    let mut first = true;
    let mut push = |t: &str| {
        if skip_empty && is_blank(t) {
            return;
        }
        let t = if strip { py_strip(t) } else { t };
        if !first {
            out.push_str(separator);
        }
        first = false;
        out.push_str(t);
    };
    if let Some(t) = doc.text(id) {
        push(t);
    }
    if deep {
        for n in doc.descendants(id) {
            if let Some(t) = doc.text(n) {
                push(t);
            }
        }
    } else {
        for n in doc.children(id) {
            if let Some(t) = doc.text(n) {
                push(t);
            }
        }
    }
    out
}

/// Python's `str.strip()` with no argument: Unicode whitespace off both ends.
pub fn py_strip(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || ('\x1c'..='\x1f').contains(&c))
}

/// Whether a node passes selectolax's walk filters: text only with `include_text`, blank text
/// not with `skip_empty`.
fn keep(doc: &Document, id: NodeId, include_text: bool, skip_empty: bool) -> bool {
    match doc.text(id) {
        Some(t) => include_text && !(skip_empty && is_blank(t)),
        None => true,
    }
}

/// selectolax's `Node.iter(include_text, skip_empty)`: the children of `id` that pass the
/// filters (every non-text child; text children with `include_text`).
pub fn iter_children(
    doc: &Document,
    id: NodeId,
    include_text: bool,
    skip_empty: bool,
) -> Vec<NodeId> {
    doc.children(id)
        .filter(|&c| keep(doc, c, include_text, skip_empty))
        .collect()
}

/// selectolax's `Node.traverse(include_text, skip_empty)`: `id` and its descendants in tree
/// order (template contents not entered) that pass the filters.
pub fn traverse(doc: &Document, id: NodeId, include_text: bool, skip_empty: bool) -> Vec<NodeId> {
    std::iter::once(id)
        .chain(doc.descendants(id))
        .filter(|&c| keep(doc, c, include_text, skip_empty))
        .collect()
}

/// The elements matching `selector` in `scope`'s inclusive subtree (lexbor's "match root"
/// option: the scope itself counts), in tree order.
pub fn select_inclusive(doc: &Document, scope: NodeId, selector: &Selector) -> Vec<NodeId> {
    let mut out = Vec::new();
    if doc.is_element(scope) && doc.matches(scope, selector) {
        out.push(scope);
    }
    if scope == NodeId::DOCUMENT {
        out.extend(doc.select_with(selector));
    } else {
        out.extend(doc.select_in(scope, selector));
    }
    out
}

/// The first element [`select_inclusive`] finds, without collecting the rest.
pub fn select_first_inclusive(
    doc: &Document,
    scope: NodeId,
    selector: &Selector,
) -> Option<NodeId> {
    if doc.is_element(scope) && doc.matches(scope, selector) {
        return Some(scope);
    }
    if scope == NodeId::DOCUMENT {
        doc.select_with(selector).next()
    } else {
        doc.select_in(scope, selector).next()
    }
}

/// selectolax's `Node.unwrap(delete_empty)`: `id`'s children take its place (DOM
/// "replace with children"); an element without children is left alone, or removed with
/// `delete_empty`. A node without a parent: nothing happens.
pub fn unwrap(
    doc: &mut Document,
    id: NodeId,
    delete_empty: bool,
) -> Result<(), HierarchyRequestError> {
    if doc.parent(id).is_none() {
        return Ok(());
    }
    if doc.first_child(id).is_none() {
        if delete_empty {
            doc.remove(id)?;
        }
        return Ok(());
    }
    doc.replace_with_children(id)
}

/// Why a selectolax edit by selector failed.
#[derive(Debug, Clone, PartialEq)]
pub enum EditError {
    /// The tag name is not a valid selector.
    Selector(SelectorError),
    /// The DOM refused an edit (the tree is as it was before that edit).
    Tree(HierarchyRequestError),
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::Selector(e) => write!(f, "invalid selector: {e}"),
            EditError::Tree(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for EditError {}

impl From<HierarchyRequestError> for EditError {
    fn from(e: HierarchyRequestError) -> Self {
        EditError::Tree(e)
    }
}

/// The elements selector `css` matches in `scope`'s inclusive subtree.
pub fn find(doc: &Document, scope: NodeId, css: &str) -> Result<Vec<NodeId>, EditError> {
    let sel = Selector::parse(css).map_err(EditError::Selector)?;
    Ok(select_inclusive(doc, scope, &sel))
}

/// selectolax's `Node.unwrap_tags(tags, delete_empty)`: for each tag (a selector) in turn,
/// [`unwrap`] every match in `scope`'s inclusive subtree; it stops when `scope` itself has been
/// taken out of the tree.
pub fn unwrap_tags(
    doc: &mut Document,
    scope: NodeId,
    tags: &[&str],
    delete_empty: bool,
) -> Result<(), EditError> {
    for tag in tags {
        if doc.parent(scope).is_none() && doc.kind(scope) != NodeKind::Document {
            break;
        }
        for id in find(doc, scope, tag)? {
            unwrap(doc, id, delete_empty)?;
        }
    }
    Ok(())
}

/// selectolax's `Node.strip_tags(tags)`: every match of each tag (a selector) in `scope`'s
/// inclusive subtree is removed with its subtree.
pub fn strip_tags(doc: &mut Document, scope: NodeId, tags: &[&str]) -> Result<(), EditError> {
    for tag in tags {
        for id in find(doc, scope, tag)? {
            if doc.parent(id).is_some() {
                doc.remove(id)?;
            }
        }
    }
    Ok(())
}

/// selectolax's attribute value: `None` for an attribute written without a value (`<p
/// hidden>`) or set to none, otherwise its value.
pub fn attribute_value<'a>(attr: &AttrRef<'a>) -> Option<&'a str> {
    let v = attr.value();
    if v.is_empty() && attr.value_span().is_none() {
        None
    } else {
        Some(v)
    }
}

/// The attributes of element `id` as selectolax gives them: `(name, value)` in source order,
/// with [`attribute_value`]'s `None`. A non-element: empty.
pub fn attributes(doc: &Document, id: NodeId) -> Vec<(Cow<'_, str>, Option<&str>)> {
    doc.attrs(id)
        .map(|a| (a.qualified_name(), attribute_value(&a)))
        .collect()
}

/// selectolax's `Selector.text_contains`: the nodes whose [`text`] is non-empty and contains
/// `needle`.
pub fn text_contains(
    doc: &Document,
    nodes: &[NodeId],
    needle: &str,
    deep: bool,
    separator: &str,
    strip: bool,
) -> Vec<NodeId> {
    nodes
        .iter()
        .copied()
        .filter(|&n| {
            let t = text(doc, n, deep, separator, strip, false);
            !t.is_empty() && t.contains(needle)
        })
        .collect()
}

/// selectolax's `Selector.attribute_longer_than`: the nodes whose attribute `name` has a
/// non-empty value longer than `length` characters, counted after the first `start` when
/// given and present.
pub fn attribute_longer_than(
    doc: &Document,
    nodes: &[NodeId],
    name: &str,
    length: usize,
    start: Option<&str>,
) -> Vec<NodeId> {
    nodes
        .iter()
        .copied()
        .filter(|&n| {
            let Some(v) = doc.attribute(n, name) else {
                return false;
            };
            if v.is_empty() {
                return false;
            }
            let v = match start {
                Some(s) if !s.is_empty() => match v.find(s) {
                    Some(i) => &v[i + s.len()..],
                    None => v,
                },
                _ => v,
            };
            v.chars().count() > length
        })
        .collect()
}

/// selectolax's `Node.comment_content`: a comment's data with surrounding whitespace
/// stripped; `None` for other nodes.
pub fn comment_content(doc: &Document, id: NodeId) -> Option<&str> {
    doc.comment(id).map(py_strip)
}

/// A number naming element `id`'s tag (FNV-1a of its name; 0 for other nodes).
pub fn tag_id(doc: &Document, id: NodeId) -> u64 {
    let Some(e) = doc.element(id) else { return 0 };
    e.name().bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) >> 4
}

/// The first HTML element child of the document element named `name` (`head`, `body`).
pub fn html_child_of_root(doc: &Document, name: &str) -> Option<NodeId> {
    let root = doc.document_element()?;
    doc.children(root)
        .find(|&c| doc.element(c).is_some_and(|e| e.is_html(name)))
}

/// The `script` elements of `scope`'s inclusive subtree.
fn scripts(doc: &Document, scope: NodeId) -> impl Iterator<Item = NodeId> + '_ {
    std::iter::once(scope)
        .chain(doc.descendants(scope))
        .filter(move |&n| doc.element(n).is_some_and(|e| e.is_html("script")))
}

/// selectolax's `scripts_contain`: whether a `script` in `scope`'s subtree has text containing
/// `query`.
pub fn scripts_contain(doc: &Document, scope: NodeId, query: &str) -> bool {
    scripts(doc, scope).any(|n| {
        let t = text(doc, n, true, "", false, false);
        !t.is_empty() && t.contains(query)
    })
}

/// selectolax's `script_srcs_contain`: whether a `script` in `scope`'s subtree has a non-empty
/// `src` containing one of `queries`.
pub fn script_srcs_contain(doc: &Document, scope: NodeId, queries: &[&str]) -> bool {
    scripts(doc, scope).any(|n| {
        doc.attribute(n, "src")
            .is_some_and(|src| !src.is_empty() && queries.iter().any(|q| src.contains(q)))
    })
}

/// The matches of `selector` in each of `nodes`' inclusive subtrees, in order, each once.
pub fn select_each(doc: &Document, nodes: &[NodeId], selector: &Selector) -> Vec<NodeId> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for &n in nodes {
        for m in select_inclusive(doc, n, selector) {
            if seen.insert(m) {
                out.push(m);
            }
        }
    }
    out
}

/// selectolax's `parse_fragment` on a document parsed from the markup: the top-level nodes the
/// markup wrote. An `html` start tag in the source: the `html` element, its implied `head` and
/// `body` removed. Else a `head` and/or `body` start tag: those elements (an implied one
/// removed). Else the children of `head` and `body`. Whether the source wrote an element is
/// whether it has a start tag span.
pub fn fragment_nodes(
    doc: &mut Document,
    _markup: &str,
) -> Result<Vec<NodeId>, HierarchyRequestError> {
    let Some(html) = doc.document_element() else {
        return Ok(Vec::new());
    };
    let written =
        |doc: &Document, n: Option<NodeId>| n.is_some_and(|n| doc.start_tag_span(n).is_some());
    let head = html_child_of_root(doc, "head");
    let body = html_child_of_root(doc, "body");
    let (has_head, has_body) = (written(doc, head), written(doc, body));
    let drop =
        |doc: &mut Document, n: Option<NodeId>, keep: bool| -> Result<(), HierarchyRequestError> {
            match n {
                Some(n) if !keep => doc.remove(n),
                _ => Ok(()),
            }
        };
    if written(doc, Some(html)) {
        drop(doc, head, has_head)?;
        drop(doc, body, has_body)?;
        return Ok(vec![html]);
    }
    match (has_head, has_body) {
        (true, true) => Ok(vec![head.unwrap_or(html), body.unwrap_or(html)]),
        (true, false) => {
            drop(doc, body, false)?;
            Ok(head.into_iter().collect())
        }
        (false, true) => {
            drop(doc, head, false)?;
            Ok(body.into_iter().collect())
        }
        (false, false) => Ok(head
            .into_iter()
            .chain(body)
            .flat_map(|p| doc.children(p).collect::<Vec<_>>())
            .collect()),
    }
}

/// The deepest indentation [`pretty`] writes (in levels of two spaces).
pub const MAX_PRETTY_INDENT: usize = 256;

/// lexbor's pretty serialization (selectolax's `html_pretty`): one node per line, two spaces
/// of indentation per level starting at `indent` levels; an element's start tag, its children,
/// then its end tag (none for a void element); text in double quotes; a comment as
/// `<!-- data -->`. `skip_ws_nodes` leaves out blank text, `skip_comment` comments. Iterative;
/// the indentation stops growing at [`MAX_PRETTY_INDENT`] levels, so the output stays linear in
/// the size of the tree at any depth.
pub fn pretty(
    doc: &Document,
    nodes: &[NodeId],
    indent: usize,
    skip_ws_nodes: bool,
    skip_comment: bool,
) -> String {
    enum Step {
        Open(NodeId, usize),
        Close(NodeId, usize),
    }
    let mut out = String::new();
    let mut stack: Vec<Step> = nodes.iter().rev().map(|&n| Step::Open(n, indent)).collect();
    let pad = |out: &mut String, level: usize| {
        for _ in 0..level.min(MAX_PRETTY_INDENT) {
            out.push_str("  ");
        }
    };
    while let Some(step) = stack.pop() {
        match step {
            Step::Close(n, level) => {
                pad(&mut out, level);
                out.push_str("</");
                out.push_str(doc.element(n).map_or("", |e| e.name()));
                out.push_str(">\n");
            }
            Step::Open(n, level) => match doc.kind(n) {
                NodeKind::Element => {
                    pad(&mut out, level);
                    out.push('<');
                    out.push_str(doc.element(n).map_or("", |e| e.name()));
                    for a in doc.attrs(n) {
                        out.push(' ');
                        out.push_str(&a.qualified_name());
                        out.push_str("=\"");
                        websyntax_html::serialize::escape_into(&mut out, a.value(), true);
                        out.push('"');
                    }
                    out.push('>');
                    out.push('\n');
                    let void = doc.element(n).is_some_and(|e| {
                        websyntax_html::serialize::is_void(e.namespace(), e.name())
                    });
                    if !void {
                        stack.push(Step::Close(n, level));
                        let parent = doc.template_contents(n).unwrap_or(n);
                        let kids: Vec<NodeId> = doc.children(parent).collect();
                        for &c in kids.iter().rev() {
                            stack.push(Step::Open(c, level + 1));
                        }
                    }
                }
                NodeKind::Text => {
                    let t = doc.text(n).unwrap_or("");
                    if skip_ws_nodes && is_blank(t) {
                        continue;
                    }
                    pad(&mut out, level);
                    out.push('"');
                    out.push_str(t);
                    out.push_str("\"\n");
                }
                NodeKind::Comment => {
                    if skip_comment {
                        continue;
                    }
                    pad(&mut out, level);
                    out.push_str("<!-- ");
                    out.push_str(doc.comment(n).unwrap_or(""));
                    out.push_str(" -->\n");
                }
                NodeKind::Document | NodeKind::Fragment => {
                    let kids: Vec<NodeId> = doc.children(n).collect();
                    for &c in kids.iter().rev() {
                        stack.push(Step::Open(c, level));
                    }
                }
                _ => {
                    pad(&mut out, level);
                    out.push_str(&doc.outer_html(n));
                    out.push('\n');
                }
            },
        }
    }
    out
}

/// The `template` contents (fragments) in `scope`'s inclusive subtree, in tree order
/// (templates inside template contents not included).
pub fn template_fragments(doc: &Document, scope: NodeId) -> Vec<NodeId> {
    std::iter::once(scope)
        .chain(doc.descendants(scope))
        .filter_map(|n| doc.template_contents(n))
        .collect()
}

/// The data of `text` when it is one comment's markup, `<!--` data `-->` with only whitespace
/// around it: the data with surrounding whitespace stripped.
pub fn comment_markup_data(text: &str) -> Option<&str> {
    let inner = py_strip(text).strip_prefix("<!--")?.strip_suffix("-->")?;
    Some(py_strip(inner))
}

#[cfg(test)]
mod tests {
    use super::*;
    use websyntax_html::{ParseOptions, parse_document};

    #[test]
    fn walks_and_edits_a_deep_document() {
        let n = 1_000_000;
        let html = format!("{}x{}", "<b>".repeat(n), "</b>".repeat(n));
        let options = ParseOptions {
            limits: websyntax_html::ResourceLimits {
                max_tree_depth: None,
                max_nodes: None,
                max_clones: None,
                max_attributes: None,
            },
            ..ParseOptions::default()
        };
        let mut doc = parse_document(&html, options);
        let body = doc.find_element("body").unwrap();
        assert_eq!(text(&doc, body, true, "", false, false), "x");
        assert_eq!(traverse(&doc, body, true, false).len(), n + 2);
        let first = doc.first_child(body).unwrap();
        assert_eq!(iter_children(&doc, first, false, false).len(), 1);
        let copy = doc.clone_node(first).unwrap();
        assert!(doc.outer_html(copy).len() > 7 * n);
        unwrap_tags(&mut doc, body, &["b"], false).unwrap();
        assert_eq!(doc.inner_html(body), "x");
        doc.normalize(body).unwrap();
        doc.remove(copy).unwrap();
    }

    #[test]
    fn valueless_attributes_are_none() {
        let doc = parse_document("<p a b='' c=x>", ParseOptions::default());
        let p = doc.find_element("p").unwrap();
        let got: Vec<_> = attributes(&doc, p)
            .into_iter()
            .map(|(k, v)| (k.into_owned(), v))
            .collect();
        assert_eq!(
            got,
            [
                ("a".to_owned(), None),
                ("b".to_owned(), Some("")),
                ("c".to_owned(), Some("x"))
            ]
        );
    }

    #[test]
    fn text_joins_like_selectolax() {
        let doc = parse_document(
            "<div><p>  hello  </p>\n<p>  world  </p></div>",
            ParseOptions::default(),
        );
        let div = doc.find_element("div").unwrap();
        assert_eq!(text(&doc, div, true, "|", true, false), "hello||world");
        assert_eq!(text(&doc, div, true, "|", true, true), "hello|world");
        assert_eq!(text(&doc, div, false, "", false, false), "\n");
    }
}
