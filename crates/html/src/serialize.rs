//! Serializing HTML fragments (the HTML Standard's "serializing HTML fragments" algorithm; our
//! `html-parsing.txt` §13.3 only points to it).
//!
//! Escaping follows the current HTML Standard's "escaping a string" (our parsing spec text
//! does not cover serialization, so the current standard governs here): in attribute values
//! `&`, U+00A0, `"`, `<` and `>` are escaped (`<`/`>` since 2025, as Chromium 138, Firefox 140,
//! html5ever and jsoup do: a value like `</noscript><img onerror=…>` can then never turn into
//! markup when the output is re-parsed in another context); in text `&`, U+00A0, `<` and `>`. Text inside `style`, `script`, `xmp`, `iframe`, `noembed`,
//! `noframes`, `plaintext` (and `noscript` when scripting is enabled) is written verbatim.
//! Void elements get no end tag; a `template` element serializes its template contents.
//! Shadow roots are left out: this is the algorithm with `serializableShadowRoots` false and no
//! `shadowRoots` (the default of `innerHTML`/`outerHTML`), so a shadow host serializes only
//! its children, and a declarative shadow root's template, which is not in the tree, is not
//! written. Serializing a shadow root node itself writes its children.
//! No recursion: the walk uses an explicit stack, so a 10^6-deep tree is fine.
//!
//! [`serialize_document_with_charset`] serializes a whole document for storing as bytes in a
//! given encoding and keeps its encoding declaration true, as browsers' "save page" does.
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

pub(crate) fn is_raw_text_parent(namespace: Namespace, name: &str, scripting: bool) -> bool {
    namespace == Namespace::Html
        && (matches!(
            name,
            "style" | "script" | "xmp" | "iframe" | "noembed" | "noframes" | "plaintext"
        ) || (scripting && name == "noscript"))
}

/// Appends `s` escaped for text (`&`, U+00A0, `<`, `>`) or for an attribute value (`&`,
/// U+00A0, `"`, `<`, `>`), as the HTML Standard's "escaping a string" does.
///
/// ```
/// let mut out = String::new();
/// websyntax_html::serialize::escape_into(&mut out, "\"</p>\" & more", true);
/// assert_eq!(out, "&quot;&lt;/p&gt;&quot; &amp; more");
/// ```
pub fn escape_into(out: &mut String, s: &str, attribute_mode: bool) {
    let mut last = 0;
    for (i, c) in s.char_indices() {
        let rep = match c {
            '&' => "&amp;",
            '\u{a0}' => "&nbsp;",
            '"' if attribute_mode => "&quot;",
            '<' => "&lt;",
            '>' => "&gt;",
            _ => continue,
        };
        out.push_str(&s[last..i]);
        out.push_str(rep);
        last = i + c.len_utf8();
    }
    out.push_str(&s[last..]);
}

pub(crate) fn open_tag(out: &mut String, e: ElementRef<'_>) {
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
    serialize_into(doc, node, scripting, out, None);
}

/// What [`serialize_document_with_charset`] changes on the way: the encoding name to declare,
/// and the `head` element to insert a `<meta charset>` into (when nothing declares one).
struct CharsetFix<'a> {
    name: &'a str,
    insert_into: Option<NodeId>,
}

fn serialize_into(
    doc: &Document,
    node: NodeId,
    scripting: bool,
    out: &mut String,
    charset: Option<&CharsetFix<'_>>,
) {
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
                    // Living standard (whatwg/html 320c05f6, 2e477cf1), §13.3: "If current node
                    // is a ProcessingInstruction: Append "<?", the value of current node's
                    // target IDL attribute, a U+0020 SPACE character, the value of current
                    // node's data IDL attribute, and "?>"."
                    NodeData::ProcessingInstruction { target, data } => {
                        out.push_str("<?");
                        out.push_str(target);
                        out.push(' ');
                        out.push_str(data);
                        out.push_str("?>");
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
                        match charset {
                            Some(fix) if declares_charset(doc, id) => {
                                open_tag_declaring(out, doc, id, fix.name);
                            }
                            _ => open_tag(out, e),
                        }
                        if let Some(fix) = charset
                            && fix.insert_into == Some(id)
                        {
                            out.push_str("<meta charset=\"");
                            escape_into(out, fix.name, true);
                            out.push_str("\">");
                        }
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

/// Whether `id` is an HTML `meta` element that declares a character encoding: a `charset`
/// attribute, or `http-equiv=content-type` with a `content` that names a charset (what the
/// prescan and the tree builder's "change the encoding" look at).
fn declares_charset(doc: &Document, id: NodeId) -> bool {
    if !doc.is_html_element(id, "meta") {
        return false;
    }
    if doc.attribute(id, "charset").is_some() {
        return true;
    }
    doc.attribute(id, "http-equiv")
        .is_some_and(|v| v.eq_ignore_ascii_case("content-type"))
        && doc
            .attribute(id, "content")
            .is_some_and(|c| c.to_ascii_lowercase().contains("charset"))
}

/// The start tag of a charset-declaring `meta` element with the declaration rewritten to
/// `name`: `charset` becomes `name`; a `content` naming a charset becomes
/// `text/html; charset=NAME`.
fn open_tag_declaring(out: &mut String, doc: &Document, id: NodeId, name: &str) {
    out.push_str("<meta");
    let has_charset = doc.attribute(id, "charset").is_some();
    let content_type = format!("text/html; charset={name}");
    for a in doc.attrs(id) {
        out.push(' ');
        out.push_str(a.name());
        out.push_str("=\"");
        let value = match a.name() {
            "charset" => name,
            "content" if !has_charset => &content_type,
            _ => a.value(),
        };
        escape_into(out, value, true);
        out.push('"');
    }
    out.push('>');
}

/// Serializes a whole document (its children) for storing as bytes in the encoding named
/// `encoding_name` (e.g. `UTF-8`), keeping its encoding declaration true, as browsers' "save
/// page" does: every HTML `meta` element that declares a charset (`<meta charset>`, or
/// `<meta http-equiv=content-type content="…charset=…">`) declares `encoding_name` instead,
/// and when none does, `<meta charset="NAME">` is inserted as the first child of the first
/// `head` element child of the `html` element. Re-parsing the bytes then decodes them with
/// the encoding they were written in. Everything else is [`serialize_children`] of the
/// document node.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions, serialize};
/// let doc = parse_document("<meta charset=shift_jis><p>x", ParseOptions::default());
/// assert_eq!(
///     serialize::serialize_document_with_charset(&doc, true, "UTF-8"),
///     "<html><head><meta charset=\"UTF-8\"></head><body><p>x</p></body></html>"
/// );
/// let doc = parse_document("<title>t</title>", ParseOptions::default());
/// assert_eq!(
///     serialize::serialize_document_with_charset(&doc, true, "UTF-8"),
///     "<html><head><meta charset=\"UTF-8\"><title>t</title></head><body></body></html>"
/// );
/// ```
pub fn serialize_document_with_charset(
    doc: &Document,
    scripting: bool,
    encoding_name: &str,
) -> String {
    let root = NodeId::DOCUMENT;
    let declared = doc.descendants(root).any(|id| declares_charset(doc, id));
    let insert_into = if declared {
        None
    } else {
        doc.children(root)
            .find(|&c| doc.is_html_element(c, "html"))
            .and_then(|html| doc.children(html).find(|&c| doc.is_html_element(c, "head")))
    };
    let fix = CharsetFix {
        name: encoding_name,
        insert_into,
    };
    let mut out = String::new();
    for c in doc.children(root) {
        serialize_into(doc, c, scripting, &mut out, Some(&fix));
    }
    out
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
