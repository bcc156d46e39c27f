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

use crate::dom::{AttrNamespace, Document, Element, ElementRef, Namespace, NodeData, NodeId};

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

/// [`ELEMENT_FLAGS`] bits: void, raw text parent, raw text parent only with scripting.
const VOID: u8 = 1;
const RAW: u8 = 2;
const RAW_SCRIPTING: u8 = 4;

/// Per static name (by its index): what [`is_void`] and [`is_raw_text_parent`] say of an HTML
/// element with that name, so that the serializer's walk tests one byte per node. Every name
/// those functions list is static (see the test below); any other name has no flags.
fn element_flags() -> &'static [u8] {
    static FLAGS: std::sync::OnceLock<Box<[u8]>> = std::sync::OnceLock::new();
    FLAGS.get_or_init(|| {
        let mut t = vec![0u8; crate::dom::LocalName::static_count()];
        for (i, f) in t.iter_mut().enumerate() {
            let Some(name) =
                crate::dom::LocalName::from_static_index(i).and_then(|n| n.as_static_str())
            else {
                continue;
            };
            if is_void(Namespace::Html, name) {
                *f |= VOID;
            }
            if is_raw_text_parent(Namespace::Html, name, false) {
                *f |= RAW;
            }
            if is_raw_text_parent(Namespace::Html, name, true) {
                *f |= RAW_SCRIPTING;
            }
        }
        t.into_boxed_slice()
    })
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
#[inline]
pub fn escape_into(out: &mut String, s: &str, attribute_mode: bool) {
    // Find the bytes that may need escaping (0xC2 is the first byte of U+00A0) sixteen at a
    // time; most strings have none and are copied whole here.
    match next_escape_candidate(s.as_bytes(), 0, attribute_mode) {
        None => out.push_str(s),
        Some(c) => escape_from(out, s, c, attribute_mode),
    }
}

/// [`escape_into`] from the first candidate byte `c` on: copies the runs between the bytes
/// that need escaping whole.
#[inline(never)]
fn escape_from(out: &mut String, s: &str, mut c: usize, attribute_mode: bool) {
    let b = s.as_bytes();
    let mut last = 0;
    loop {
        let (rep, len) = match b[c] {
            b'&' => ("&amp;", 1),
            b'<' => ("&lt;", 1),
            b'>' => ("&gt;", 1),
            b'"' => ("&quot;", 1),
            // 0xC2: U+00A0 only when followed by 0xA0.
            _ if b.get(c + 1) == Some(&0xA0) => ("&nbsp;", 2),
            _ => ("", 0),
        };
        if len != 0 {
            out.push_str(&s[last..c]);
            out.push_str(rep);
            last = c + len;
        }
        match next_escape_candidate(b, c + len.max(1), attribute_mode) {
            Some(next) => c = next,
            None => break,
        }
    }
    out.push_str(&s[last..]);
}

/// The index of the first byte at or after `i` that may need escaping (`&`, `<`, `>`, 0xC2,
/// and `"` in attribute mode), if any.
#[inline]
fn next_escape_candidate(b: &[u8], mut i: usize, attribute_mode: bool) -> Option<usize> {
    use crate::tokenizer::simd::escape_mask16;
    while i + 16 <= b.len() {
        let m = escape_mask16(b, i, attribute_mode);
        if m != 0 {
            return Some(i + m.trailing_zeros() as usize);
        }
        i += 16;
    }
    if i >= b.len() {
        return None;
    }
    if b.len() >= 16 {
        // The last sixteen bytes, without the ones before `i` (already looked at).
        let at = b.len() - 16;
        let m = escape_mask16(b, at, attribute_mode) >> (i - at);
        return (m != 0).then(|| i + m.trailing_zeros() as usize);
    }
    // A short string: its bytes from `i` in a zeroed block (a zero byte is never escaped).
    let block = short_block(&b[i..]);
    let m = escape_mask16(&block, 0, attribute_mode);
    (m != 0).then(|| i + m.trailing_zeros() as usize)
}

/// The bytes of `b` (fewer than sixteen) at the start of a zeroed 16-byte block, put together
/// from at most three overlapping loads (the bytes two loads share are the same bytes at the
/// same place) instead of a copy of variable length.
#[inline]
fn short_block(b: &[u8]) -> [u8; 16] {
    let n = b.len();
    debug_assert!(n < 16);
    let v: u128 = if n >= 8 {
        let lo = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        let t = &b[n - 8..];
        let hi = u64::from_le_bytes([t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]]);
        u128::from(lo) | (u128::from(hi) << ((n - 8) * 8))
    } else if n >= 4 {
        let lo = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let t = &b[n - 4..];
        let hi = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
        u128::from(lo) | (u128::from(hi) << ((n - 4) * 8))
    } else if n > 0 {
        u128::from(b[0])
            | (u128::from(b[n / 2]) << (n / 2 * 8))
            | (u128::from(b[n - 1]) << ((n - 1) * 8))
    } else {
        0
    };
    v.to_le_bytes()
}

/// What the serializer needs of a static name: its start tag `<name>` (whose beginning
/// `<name` starts a tag with attributes) and end tag `</name>`, so that each is copied in one
/// piece, and its [`element_flags`] (for HTML elements).
struct Tag {
    open: &'static str,
    close: &'static str,
    flags: u8,
}

/// The [`Tag`] of every static name, by its index.
struct TagStrings(Box<[Tag]>);

impl TagStrings {
    #[inline]
    fn get(&self, e: &ElementRef<'_>) -> Option<&Tag> {
        self.0.get(e.local_name().static_index()?)
    }
}

/// The [`element_flags`] of an element whose [`Tag`] is `tag`.
#[inline]
fn flags_of(e: &ElementRef<'_>, tag: Option<&Tag>) -> u8 {
    match tag {
        Some(t) if e.namespace() == Namespace::Html => t.flags,
        _ => 0,
    }
}

fn tag_strings() -> &'static TagStrings {
    static TAGS: std::sync::OnceLock<TagStrings> = std::sync::OnceLock::new();
    TAGS.get_or_init(|| {
        let names: Vec<&str> = (0..crate::dom::LocalName::static_count())
            .map(|i| {
                crate::dom::LocalName::from_static_index(i)
                    .and_then(|n| n.as_static_str())
                    .unwrap_or("")
            })
            .collect();
        // One string holds them all, made once per process and kept (as the table is).
        let mut text = String::new();
        for name in &names {
            text.push('<');
            text.push_str(name);
            text.push_str("></");
            text.push_str(name);
            text.push('>');
        }
        let mut rest: &'static str = Box::leak(text.into_boxed_str());
        let flags = element_flags();
        TagStrings(
            names
                .iter()
                .zip(flags)
                .map(|(name, &flags)| {
                    let (open, after) = rest.split_at(2 + name.len());
                    let (close, after) = after.split_at(3 + name.len());
                    rest = after;
                    Tag { open, close, flags }
                })
                .collect(),
        )
    })
}

pub(crate) fn open_tag(out: &mut String, e: ElementRef<'_>) {
    let tags = tag_strings();
    open_tag_with(out, e, tags.get(&e));
}

/// The start tag of `e`, whose [`Tag`] is `tag`.
#[inline]
fn open_tag_with(out: &mut String, e: ElementRef<'_>, tag: Option<&Tag>) {
    match tag {
        // `<name>` in one piece.
        Some(t) if !e.has_attributes() => out.push_str(t.open),
        _ => open_tag_with_attributes(out, e, tag),
    }
}

#[inline(never)]
fn open_tag_with_attributes(out: &mut String, e: ElementRef<'_>, tag: Option<&Tag>) {
    match tag {
        Some(t) => out.push_str(&t.open[..t.open.len() - 1]),
        None => {
            out.push('<');
            out.push_str(e.name());
        }
    }
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

/// Appends the end tag of `e`.
#[inline(always)]
fn end_tag_with(out: &mut String, e: &ElementRef<'_>, tag: Option<&Tag>) {
    match tag {
        Some(t) => out.push_str(t.close),
        None => {
            out.push_str("</");
            out.push_str(e.name());
            out.push('>');
        }
    }
}

/// Serializes `node` itself and its descendants ("outerHTML"), appending to `out`.
pub fn serialize_node_into(doc: &Document, node: NodeId, scripting: bool, out: &mut String) {
    serialize_into(doc, node, scripting, out, None, None);
}

/// What [`serialize_document_with_charset`] changes on the way: the encoding name to declare,
/// and the `head` element to insert a `<meta charset>` into (when nothing declares one).
struct CharsetFix<'a> {
    name: &'a str,
    insert_into: Option<NodeId>,
}

/// The walk of [`serialize_node_into`] (`children_raw` `None`: `node` itself and its
/// descendants) and of [`serialize_children_as_into`] (`Some(raw)`: `node`'s children only,
/// their text verbatim when `raw`).
fn serialize_into(
    doc: &Document,
    node: NodeId,
    scripting: bool,
    out: &mut String,
    charset: Option<&CharsetFix<'_>>,
    children_raw: Option<bool>,
) {
    // An iterative walk along the tree's links (first child, next sibling, parent): no stack
    // but the template elements whose contents are being written (a contents fragment has no
    // parent link to its template). A template element's contents are written as its children,
    // after its own children (which the parser never creates).
    let mut templates: Vec<NodeId> = Vec::new();
    let tags = tag_strings();
    let raw_bit = if scripting { RAW_SCRIPTING } else { RAW };
    let mut cur = node;
    // Whether `cur`'s parent is a raw text element: its text is written verbatim. False for
    // the walk's root itself (the caller decides for it).
    let mut raw = false;
    if let Some(top_raw) = children_raw {
        match doc.first_child(node) {
            Some(c) => cur = c,
            None => return,
        }
        raw = top_raw;
    }
    'enter: loop {
        // Enter `cur`: write what comes before its children, and go down to them if any (text,
        // comments, doctypes and processing instructions never have children).
        match doc.data(cur) {
            NodeData::Element(e) => {
                let tag = tags.get(&e);
                match charset {
                    Some(fix) if declares_charset(doc, cur) => {
                        open_tag_declaring(out, doc, cur, fix.name);
                    }
                    _ => open_tag_with(out, e, tag),
                }
                if let Some(fix) = charset
                    && fix.insert_into == Some(cur)
                {
                    out.push_str("<meta charset=\"");
                    escape_into(out, fix.name, true);
                    out.push_str("\">");
                }
                let f = flags_of(&e, tag);
                // Void: no children, no end tag.
                if f & VOID == 0 {
                    if let Some(c) = doc.first_child(cur) {
                        raw = f & raw_bit != 0;
                        cur = c;
                        continue 'enter;
                    }
                    if let Some(c) = e.template_contents().and_then(|t| doc.first_child(t)) {
                        templates.push(cur);
                        raw = false;
                        cur = c;
                        continue 'enter;
                    }
                    end_tag_with(out, &e, tag);
                }
            }
            NodeData::Text(t) => {
                if raw {
                    out.push_str(t);
                } else {
                    escape_into(out, t, false);
                }
            }
            // The walk's root (a parent that is not an element).
            NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => {
                if let Some(c) = doc.first_child(cur) {
                    raw = false;
                    cur = c;
                    continue 'enter;
                }
            }
            NodeData::Doctype(d) => {
                out.push_str("<!DOCTYPE ");
                out.push_str(&d.name);
                out.push('>');
            }
            NodeData::Comment(c) => {
                out.push_str("<!--");
                out.push_str(c);
                out.push_str("-->");
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
            }
        }
        // `cur` is written: go on with its next sibling, or leave its ancestors (writing
        // their end tags) until one has a next sibling.
        let mut climbed = false;
        loop {
            if cur == node {
                return;
            }
            if let Some(s) = doc.next_sibling(cur) {
                if climbed {
                    // The sibling's parent is not the one `raw` was set for.
                    raw = match (doc.parent(s), children_raw) {
                        (Some(p), Some(top_raw)) if p == node => top_raw,
                        (p, _) => p
                            .and_then(|p| doc.element(p))
                            .is_some_and(|p| flags_of(&p, tags.get(&p)) & raw_bit != 0),
                    };
                }
                cur = s;
                continue 'enter;
            }
            climbed = true;
            let Some(parent) = doc.parent(cur) else {
                // The last child of a template's contents: back to the template.
                match templates.pop() {
                    Some(t) => {
                        if let Some(e) = doc.element(t) {
                            end_tag_with(out, &e, tags.get(&e));
                        }
                        cur = t;
                        continue;
                    }
                    None => return,
                }
            };
            if parent == node && children_raw.is_some() {
                // Back at the root whose children were asked for.
                return;
            }
            if let Some(pe) = doc.element(parent) {
                if templates.last() != Some(&parent)
                    && let Some(c) = pe.template_contents().and_then(|t| doc.first_child(t))
                {
                    // The template's own children are done: its contents follow.
                    templates.push(parent);
                    raw = false;
                    cur = c;
                    continue 'enter;
                }
                end_tag_with(out, &pe, tags.get(&pe));
            }
            cur = parent;
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
        serialize_into(doc, c, scripting, &mut out, Some(&fix), None);
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
    serialize_children_as_into(
        doc,
        node,
        parent.namespace,
        &parent.name,
        scripting,
        &mut out,
    );
    out
}

/// [`serialize_children_of`] with the parent given by namespace and local name, appending to
/// `out` (reserve its capacity beforehand to write without reallocating).
///
/// ```
/// use websyntax_html::{Context, ParseOptions, parse_fragment, serialize};
/// use websyntax_html::dom::Namespace;
/// let f = parse_fragment("a<b>&amp;</b>", &Context::html("style"), ParseOptions::default());
/// let mut out = String::with_capacity(64);
/// serialize::serialize_children_as_into(&f.document, f.root, Namespace::Html, "style", true, &mut out);
/// assert_eq!(out, "a<b>&amp;</b>");
/// ```
pub fn serialize_children_as_into(
    doc: &Document,
    node: NodeId,
    namespace: Namespace,
    name: &str,
    scripting: bool,
    out: &mut String,
) {
    let raw = is_raw_text_parent(namespace, name, scripting);
    serialize_into(doc, node, scripting, out, None, Some(raw));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dom::WalkEvent;
    use crate::{ParseOptions, parse_document};

    /// The serializer as it was written on [`Document::walk`]'s events: the reference the
    /// link-following walk must match byte for byte.
    fn reference(doc: &Document, node: NodeId, scripting: bool) -> String {
        let mut out = String::new();
        let mut raw_stack: Vec<bool> = Vec::new();
        let mut skip_depth: Option<usize> = None;
        for ev in doc.walk(node) {
            match ev {
                WalkEvent::Enter(id, depth) => {
                    if skip_depth.is_some() {
                        continue;
                    }
                    let raw = match doc.data(id) {
                        NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => false,
                        NodeData::Doctype(d) => {
                            out.push_str(&format!("<!DOCTYPE {}>", d.name));
                            false
                        }
                        NodeData::Comment(c) => {
                            out.push_str(&format!("<!--{c}-->"));
                            false
                        }
                        NodeData::ProcessingInstruction { target, data } => {
                            out.push_str(&format!("<?{target} {data}?>"));
                            false
                        }
                        NodeData::Text(t) => {
                            if raw_stack.last().copied().unwrap_or(false) {
                                out.push_str(t);
                            } else {
                                for c in t.chars() {
                                    match c {
                                        '&' => out.push_str("&amp;"),
                                        '\u{a0}' => out.push_str("&nbsp;"),
                                        '<' => out.push_str("&lt;"),
                                        '>' => out.push_str("&gt;"),
                                        c => out.push(c),
                                    }
                                }
                            }
                            false
                        }
                        NodeData::Element(e) => {
                            open_tag(&mut out, e);
                            if is_void(e.namespace(), e.name()) {
                                skip_depth = Some(depth);
                            }
                            is_raw_text_parent(e.namespace(), e.name(), scripting)
                        }
                    };
                    raw_stack.push(raw);
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
                        out.push_str(&format!("</{}>", e.name()));
                    }
                }
            }
        }
        out
    }

    const INPUTS: &[&str] = &[
        "<!DOCTYPE html><p title='a\"b&c\u{a0}<>'>1 < 2 &amp; 3\u{a0}\u{e9}</p><!--c-->",
        "<template><b>x</b><template>y<i>z</i></template></template><p>after",
        "<table><template><tr><td>1</td></tr></template></table><template></template>",
        "<script>a<b>&amp;</script><style>x>y</style><noscript><b>n</b></noscript><xmp>&</xmp>",
        "<br><img src=x><input value='v'><hr><wbr>t<area><embed>",
        "<svg><script>s<</script><a xlink:href='h' xml:lang=l>t</a><foreignObject><p>p</p></foreignObject></svg>",
        "<math><mi>x</mi><annotation-xml encoding=text/html><div>d</div></annotation-xml></math>",
        "<iframe><b></iframe><noembed>&</noembed><noframes>&</noframes><plaintext>a<b>&",
        "<div><template shadowrootmode=open><span>shadow</span></template>light</div>",
    ];

    /// Every node of every input (the walk's root may be any node), scripting on and off, and
    /// after edits the parser never makes: children below void elements and templates with
    /// children of their own besides their contents.
    #[test]
    fn link_walk_matches_the_event_walk() {
        let options = ParseOptions {
            allow_declarative_shadow_roots: true,
            ..ParseOptions::default()
        };
        for html in INPUTS {
            let mut doc = parse_document(html, options);
            for edited in [false, true] {
                if edited {
                    let ids: Vec<NodeId> = doc.node_ids().collect();
                    for id in ids {
                        if doc.element(id).is_some() {
                            let t = doc.create_text("e<&>");
                            let _ = doc.append_child(id, t);
                            let b = doc.create_html_element("b");
                            let _ = doc.append_child(id, b);
                            let t = doc.create_text("\u{a0}");
                            let _ = doc.append_child(b, t);
                        }
                    }
                }
                for id in doc.node_ids() {
                    for scripting in [true, false] {
                        assert_eq!(
                            serialize_node(&doc, id, scripting),
                            reference(&doc, id, scripting),
                            "{html:?} node {id} scripting {scripting} edited {edited}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn void_and_raw_text_names_are_static() {
        let flags = element_flags();
        for name in [
            "area",
            "base",
            "basefont",
            "bgsound",
            "br",
            "col",
            "embed",
            "frame",
            "hr",
            "img",
            "input",
            "keygen",
            "link",
            "meta",
            "param",
            "source",
            "track",
            "wbr",
            "style",
            "script",
            "xmp",
            "iframe",
            "noembed",
            "noframes",
            "plaintext",
            "noscript",
        ] {
            let i = crate::dom::LocalName::from_static(name)
                .and_then(|n| n.static_index())
                .unwrap_or_else(|| panic!("{name} is not a static name"));
            assert_ne!(flags[i], 0, "{name}");
        }
    }

    /// Every candidate byte sequence at every position of strings of every length up to 40
    /// (the short-string block, the 16-byte blocks and the last overlapping block), in both
    /// modes.
    #[test]
    fn escape_into_finds_candidates_at_every_position() {
        for len in 0..=40 {
            for pos in 0..len {
                for special in ["&", "<", ">", "\"", "\u{a0}", "\u{a9}"] {
                    let s = format!("{}{special}{}", "x".repeat(pos), "y".repeat(len - pos));
                    for attr in [false, true] {
                        let mut out = String::new();
                        escape_into(&mut out, &s, attr);
                        let rep = match special {
                            "&" => "&amp;",
                            "<" => "&lt;",
                            ">" => "&gt;",
                            "\"" if attr => "&quot;",
                            "\u{a0}" => "&nbsp;",
                            other => other,
                        };
                        let want = format!("{}{rep}{}", "x".repeat(pos), "y".repeat(len - pos));
                        assert_eq!(out, want, "{s:?} {attr}");
                    }
                }
            }
        }
    }

    #[test]
    fn escape_into_matches_char_by_char() {
        for s in [
            "",
            "plain",
            "&<>\"\u{a0}",
            "\u{c2}\u{a9}\u{a0}\u{e9}a\u{a0}\u{a9}",
            "é\u{a0}&é\"x",
            "a long run of plain text, then & and < and > and \" and \u{a0} and more text",
            "0123456789abcdef&0123456789abcdef<0123456789abcdef>0123456789\"abcdef\u{a0}",
            "\u{c2}\u{a9}\u{c2}\u{a9}\u{c2}\u{a9}\u{c2}\u{a9}\u{a0}\u{a0}\u{a0}\u{a0}\u{a0}",
            "!#$%'()*+,-./:;=?@[]^_`{|}~\u{7f}\u{80}\u{ff}\u{100}\u{3000}\u{1f600}0123456789",
        ] {
            for attr in [false, true] {
                // Every suffix (the word-at-a-time scan at every alignment).
                for (k, _) in s.char_indices() {
                    let s = &s[k..];
                    let mut out = String::new();
                    escape_into(&mut out, s, attr);
                    let mut want = String::new();
                    for c in s.chars() {
                        match c {
                            '&' => want.push_str("&amp;"),
                            '\u{a0}' => want.push_str("&nbsp;"),
                            '"' if attr => want.push_str("&quot;"),
                            '<' => want.push_str("&lt;"),
                            '>' => want.push_str("&gt;"),
                            c => want.push(c),
                        }
                    }
                    assert_eq!(out, want, "{s:?}");
                }
            }
        }
    }
}
