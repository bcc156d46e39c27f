//! Serializing HTML fragments (the HTML Standard's "serializing HTML fragments" algorithm; our
//! `html-parsing.txt` §13.3 only points to it).
//!
//! Escaping follows the algorithm of the spec era our parser implements (and the vendored
//! html5lib-tests serializer snapshot): in attribute values `&`, U+00A0 and `"` are escaped; in
//! text `&`, U+00A0, `<` and `>`. Text inside `style`, `script`, `xmp`, `iframe`, `noembed`,
//! `noframes`, `plaintext` (and `noscript` when scripting is enabled) is written verbatim.
//! Void elements get no end tag; a `template` element serializes its template contents.
//! Shadow roots are left out: this is the algorithm with `serializableShadowRoots` false and no
//! `shadowRoots` (the default of `innerHTML`/`outerHTML`), so a shadow host serializes only
//! its children, and a declarative shadow root's template, which is not in the tree, is not
//! written. Serializing a shadow root node itself writes its children.
//! No recursion: the walk uses an explicit stack, so a 10^6-deep tree is fine.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions, serialize};
//! let doc = parse_document("<p title='a\"b'>1 < 2 &amp; 3", ParseOptions::default());
//! assert_eq!(
//!     serialize::serialize_document(&doc),
//!     "<html><head></head><body><p title=\"a&quot;b\">1 &lt; 2 &amp; 3</p></body></html>"
//! );
//! ```

use crate::dom::{
    AttrNamespace, Document, Element, ElementRef, Namespace, NodeData, NodeId, WalkEvent,
};

/// Whether an element with this namespace and local name serializes as void (no children, no
/// end tag).
pub fn is_void(namespace: Namespace, name: &str) -> bool {
    namespace == Namespace::Html
        && matches!(
            name,
            "area"
                | "base"
                | "basefont"
                | "bgsound"
                | "br"
                | "col"
                | "embed"
                | "frame"
                | "hr"
                | "img"
                | "input"
                | "keygen"
                | "link"
                | "meta"
                | "param"
                | "source"
                | "track"
                | "wbr"
        )
}

fn is_raw_text_parent(namespace: Namespace, name: &str, scripting: bool) -> bool {
    namespace == Namespace::Html
        && (matches!(
            name,
            "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext"
        ) || (scripting && name == "noscript"))
}

/// Appends `s` escaped for text (`&`, U+00A0, `<`, `>`) or for an attribute value (`&`,
/// U+00A0, `"`).
pub fn escape_into(out: &mut String, s: &str, attribute_mode: bool) {
    let mut last = 0;
    for (i, c) in s.char_indices() {
        let rep = match c {
            '&' => "&amp;",
            '\u{a0}' => "&nbsp;",
            '"' if attribute_mode => "&quot;",
            '<' if !attribute_mode => "&lt;",
            '>' if !attribute_mode => "&gt;",
            _ => continue,
        };
        out.push_str(&s[last..i]);
        out.push_str(rep);
        last = i + c.len_utf8();
    }
    out.push_str(&s[last..]);
}

fn open_tag(out: &mut String, e: ElementRef<'_>) {
    out.push('<');
    out.push_str(e.name());
    for a in e.attrs() {
        out.push(' ');
        match a.namespace() {
            AttrNamespace::None => {}
            AttrNamespace::Xml => out.push_str("xml:"),
            AttrNamespace::Xmlns if a.name() == "xmlns" => {}
            AttrNamespace::Xmlns => out.push_str("xmlns:"),
            AttrNamespace::XLink => out.push_str("xlink:"),
        }
        out.push_str(a.name());
        out.push_str("=\"");
        escape_into(out, a.value(), true);
        out.push('"');
    }
    out.push('>');
}

/// Serializes `node` itself and its descendants ("outerHTML"), appending to `out`.
pub fn serialize_node_into(doc: &Document, node: NodeId, scripting: bool, out: &mut String) {
    // The parent of the node being entered decides raw-text mode for text children.
    let walk = doc.walk(node);
    let mut raw_stack: Vec<bool> = Vec::new();
    let mut skip_depth: Option<usize> = None;
    for ev in walk {
        match ev {
            WalkEvent::Enter(id, depth) => {
                if skip_depth.is_some() {
                    continue;
                }
                match doc.data(id) {
                    NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => {
                        raw_stack.push(false)
                    }
                    NodeData::Doctype(d) => {
                        out.push_str("<!DOCTYPE ");
                        out.push_str(&d.name);
                        out.push('>');
                        raw_stack.push(false);
                    }
                    NodeData::Comment(c) => {
                        out.push_str("<!--");
                        out.push_str(c);
                        out.push_str("-->");
                        raw_stack.push(false);
                    }
                    NodeData::Text(t) => {
                        if raw_stack.last().copied().unwrap_or(false) {
                            out.push_str(t);
                        } else {
                            escape_into(out, t, false);
                        }
                        raw_stack.push(false);
                    }
                    NodeData::Element(e) => {
                        open_tag(out, e);
                        if is_void(e.namespace(), e.name()) {
                            skip_depth = Some(depth);
                        }
                        raw_stack.push(is_raw_text_parent(e.namespace(), e.name(), scripting));
                    }
                }
            }
            WalkEvent::Exit(id, depth) => {
                if let Some(d) = skip_depth {
                    if d == depth {
                        skip_depth = None;
                        raw_stack.pop();
                    }
                    continue;
                }
                raw_stack.pop();
                if let NodeData::Element(e) = doc.data(id) {
                    out.push_str("</");
                    out.push_str(e.name());
                    out.push('>');
                }
            }
        }
    }
}

/// Serializes `node`'s children (the HTML fragment serialization algorithm, "innerHTML"); for
/// a `template` element, its template contents.
pub fn serialize_children(doc: &Document, node: NodeId, scripting: bool) -> String {
    let mut out = String::new();
    let (parent, raw) = match doc.data(node) {
        NodeData::Element(e) => (
            e.template_contents().unwrap_or(node),
            is_raw_text_parent(e.namespace(), e.name(), scripting),
        ),
        _ => (node, false),
    };
    for c in doc.children(parent) {
        match doc.data(c) {
            NodeData::Text(t) if raw => out.push_str(t),
            _ => serialize_node_into(doc, c, scripting, &mut out),
        }
    }
    out
}

/// Serializes the children of `node` as if they were the children of an element like `parent`
/// (used for fragments, whose nodes hang below a root `html` element but were parsed in a
/// context element).
pub fn serialize_children_of(
    doc: &Document,
    node: NodeId,
    parent: &Element,
    scripting: bool,
) -> String {
    let mut out = String::new();
    let raw = is_raw_text_parent(parent.namespace, &parent.name, scripting);
    for c in doc.children(node) {
        match doc.data(c) {
            NodeData::Text(t) if raw => out.push_str(t),
            _ => serialize_node_into(doc, c, scripting, &mut out),
        }
    }
    out
}

/// Serializes `node` and its descendants ("outerHTML").
pub fn serialize_node(doc: &Document, node: NodeId, scripting: bool) -> String {
    let mut out = String::new();
    serialize_node_into(doc, node, scripting, &mut out);
    out
}

/// Serializes a whole document (its children), with scripting enabled.
pub fn serialize_document(doc: &Document) -> String {
    serialize_children(doc, NodeId::DOCUMENT, true)
}
