//! The arena DOM: nodes indexed by [`NodeId`].
//!
//! A [`Document`] owns every node in one `Vec`; links between nodes (parent, first/last child,
//! previous/next sibling) are `u32` indices. Nothing here recurses: traversal walks the links
//! (or an explicit heap stack), and dropping a document drops one `Vec`, so a tree 10^6 levels
//! deep is as cheap as a flat one.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//!
//! let doc = parse_document("<p id=x>Hello <b>world</b>", ParseOptions::default());
//! let p = doc.find_element("p").unwrap();
//! assert_eq!(doc.attribute(p, "id"), Some("x"));
//! assert_eq!(doc.text_content(p), "Hello world");
//! ```

mod access;
mod dump;
mod edit;
mod edit_tree;
pub(crate) mod index;
mod name;
mod shadow;
pub(crate) mod spans;
pub mod spare;

pub use edit::HierarchyRequestError;

pub use access::{AttrRef, Attrs, NodeKind};
pub use name::LocalName;
pub use spans::{Positions, SourcePosition};

use name::NameTable;
pub(crate) use name::{short_key, short_slot};

pub use shadow::{
    AttachShadowRootError, InvalidShadowRootMode, ShadowRoot, ShadowRootMode, SlotAssignment,
    is_valid_custom_element_name, is_valid_shadow_host_name,
};

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use crate::error::{ParseError, Span};

/// The atom of `template`, compared on every element creation.
const TEMPLATE: LocalName = LocalName::known("template");

/// The index of a node in its [`Document`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The document node of every [`Document`].
    pub const DOCUMENT: NodeId = NodeId(0);

    /// The index as a `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

const NONE: u32 = u32::MAX;

/// An element namespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Namespace {
    /// `http://www.w3.org/1999/xhtml`
    Html,
    /// `http://www.w3.org/2000/svg`
    Svg,
    /// `http://www.w3.org/1998/Math/MathML`
    MathMl,
}

impl Namespace {
    /// The namespace URL.
    pub fn url(self) -> &'static str {
        match self {
            Namespace::Html => "http://www.w3.org/1999/xhtml",
            Namespace::Svg => "http://www.w3.org/2000/svg",
            Namespace::MathMl => "http://www.w3.org/1998/Math/MathML",
        }
    }
}

/// An attribute namespace (§13.2.6.1 "adjust foreign attributes").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttrNamespace {
    /// No namespace (every attribute of an HTML element).
    None,
    /// `http://www.w3.org/1999/xlink`
    XLink,
    /// `http://www.w3.org/XML/1998/namespace`
    Xml,
    /// `http://www.w3.org/2000/xmlns/`
    Xmlns,
}

impl AttrNamespace {
    /// The namespace URL, `None` for no namespace.
    pub fn url(self) -> Option<&'static str> {
        match self {
            AttrNamespace::None => None,
            AttrNamespace::XLink => Some("http://www.w3.org/1999/xlink"),
            AttrNamespace::Xml => Some("http://www.w3.org/XML/1998/namespace"),
            AttrNamespace::Xmlns => Some("http://www.w3.org/2000/xmlns/"),
        }
    }
}

/// An attribute, owned: what [`Document::create_element`] takes (the document stores it in its
/// own buffers; reading goes through [`AttrRef`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    /// The namespace.
    pub namespace: AttrNamespace,
    /// The prefix (`xlink`, `xml`, `xmlns`), if any. The document derives it from the namespace
    /// and name when storing (`xmlns` itself has none), as "adjust foreign attributes" does.
    pub prefix: Option<&'static str>,
    /// The local name.
    pub name: Cow<'static, str>,
    /// The value.
    pub value: String,
    /// The source span: name through the end of the value, closing quote included.
    pub span: Option<Span>,
    /// The source span of the value inside any quotes (`None` without a value in the source).
    pub value_span: Option<Span>,
}

impl Attr {
    /// An attribute in no namespace.
    pub fn new(name: impl Into<Cow<'static, str>>, value: impl Into<String>) -> Attr {
        Attr {
            namespace: AttrNamespace::None,
            prefix: None,
            name: name.into(),
            value: value.into(),
            span: None,
            value_span: None,
        }
    }

    /// The qualified name: `prefix:name` or `name`.
    pub fn qualified_name(&self) -> String {
        match self.prefix {
            Some(p) => format!("{p}:{}", self.name),
            None => self.name.to_string(),
        }
    }
}

/// An element, owned: what [`Document::create_element`] takes. A stored element is read
/// through [`ElementRef`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    /// The namespace.
    pub namespace: Namespace,
    /// The local name (for HTML elements, ASCII lowercase; SVG names keep their adjusted case).
    pub name: Cow<'static, str>,
    /// Attributes in source order.
    pub attrs: Vec<Attr>,
    /// The source span of the start tag (`<` through `>`), if created from one.
    pub start_tag: Option<Span>,
    /// The source span of the end tag, when an explicit end tag closed the element.
    pub end_tag: Option<Span>,
}

impl Element {
    /// An element with no source spans. (An HTML `template` gets its contents fragment when
    /// [`Document::create_element`] stores it.)
    pub fn new(
        namespace: Namespace,
        name: impl Into<Cow<'static, str>>,
        attrs: Vec<Attr>,
    ) -> Element {
        Element {
            namespace,
            name: name.into(),
            attrs,
            start_tag: None,
            end_tag: None,
        }
    }

    /// Whether this is an HTML element named `name`.
    pub fn is_html(&self, name: &str) -> bool {
        self.namespace == Namespace::Html && self.name == name
    }
}

/// A DOCTYPE node's data.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Doctype {
    /// The name (empty when the token had none).
    pub name: String,
    /// The public identifier (empty when missing).
    pub public_id: String,
    /// The system identifier (empty when missing).
    pub system_id: String,
}

/// What a node is, borrowed from its [`Document`] ([`Document::data`]).
#[derive(Debug, Clone, Copy)]
pub enum NodeData<'a> {
    /// The document node.
    Document,
    /// A document fragment (template contents, or the root of a parsed fragment).
    Fragment,
    /// A DOCTYPE.
    Doctype(&'a Doctype),
    /// An element.
    Element(ElementRef<'a>),
    /// A text node's data.
    Text(&'a str),
    /// A comment's data.
    Comment(&'a str),
    /// A processing instruction (only the living standard's parser makes them, from
    /// `<?target data>`).
    ProcessingInstruction {
        /// The target (ASCII alphanumerics, `-` and `_`, case kept).
        target: &'a str,
        /// The data.
        data: &'a str,
    },
    /// A shadow root (DOM "attach a shadow root"; the parser creates one for a declarative
    /// shadow root when [`crate::ParseOptions::allow_declarative_shadow_roots`] is set). It has
    /// no parent: [`Document::shadow_root`] finds it from its host.
    ShadowRoot(&'a ShadowRoot),
}

/// A byte range of the document's string buffer.
#[derive(Debug, Clone, Copy, Default)]
struct TextRange {
    start: u32,
    len: u32,
    /// Bytes reserved from `start` (a text node that is appended to while not at the end of
    /// the buffer is moved to the end with room to grow, so appends stay amortized O(1)).
    cap: u32,
}

impl TextRange {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// Whether the string buffer of one document may grow from `len` bytes by `more`: offsets are
/// `u32`, so it holds at most `u32::MAX` bytes. Checked arithmetic, and no comparison against
/// `usize::MAX` (which `u32::MAX` is on 32-bit targets such as wasm32).
#[inline]
fn within_text_limit(len: usize, more: usize) -> bool {
    len.checked_add(more)
        .is_some_and(|total| u32::try_from(total).is_ok())
}

/// A span packed in 8 bytes (`None` as `start == u32::MAX`): offsets past 4 GiB are not kept.
#[derive(Debug, Clone, Copy)]
struct PackedSpan {
    start: u32,
    end: u32,
}

impl PackedSpan {
    const NONE: PackedSpan = PackedSpan {
        start: u32::MAX,
        end: 0,
    };

    #[inline]
    fn pack(span: Option<Span>) -> PackedSpan {
        match span.map(|s| (u32::try_from(s.start), u32::try_from(s.end))) {
            // Both offsets fit in a `u32`, the start below `u32::MAX` (which marks `None`).
            Some((Ok(start), Ok(end))) if start != u32::MAX => PackedSpan { start, end },
            _ => PackedSpan::NONE,
        }
    }

    fn get(self) -> Option<Span> {
        (self.start != u32::MAX).then(|| Span::new(self.start as usize, self.end as usize))
    }
}

/// A stored element.
#[derive(Debug, Clone)]
struct ElementData {
    namespace: Namespace,
    name: LocalName,
    /// Its attributes: `attrs[attrs_start..attrs_start + attrs_len]` of the document.
    attrs_start: u32,
    attrs_len: u32,
    /// Slots reserved from `attrs_start` (see [`TextRange::cap`]).
    attrs_cap: u32,
    template_contents: u32,
    start_tag: PackedSpan,
    end_tag: PackedSpan,
}

/// A stored attribute.
#[derive(Debug, Clone)]
struct AttrData {
    namespace: AttrNamespace,
    name: LocalName,
    value: TextRange,
    span: PackedSpan,
    value_span: PackedSpan,
    /// The value is its source text unchanged.
    verbatim: bool,
}

/// What a node stores.
#[derive(Debug, Clone)]
enum Stored {
    Document,
    Fragment,
    /// An index into the document's `doctypes`.
    Doctype(u32),
    /// An index into the document's `elements`.
    Element(u32),
    Text(TextRange),
    Comment(TextRange),
    /// Living standard only: a processing instruction, stored as its target, one space and
    /// its data (a target holds no space, so the first space splits them).
    ProcessingInstruction(TextRange),
    /// An index into the document's `shadow_root_data`.
    ShadowRoot(u32),
}

/// One node: its links and what it stores.
#[derive(Debug, Clone)]
struct Node {
    parent: u32,
    first_child: u32,
    last_child: u32,
    prev_sibling: u32,
    next_sibling: u32,
    span: PackedSpan,
    data: Stored,
}

/// A record index as `u32` (saturating: no document holds 2^32 records of one kind).
fn index_u32(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

fn link(x: u32) -> Option<NodeId> {
    (x != NONE).then_some(NodeId(x))
}

impl Node {
    fn new(data: Stored) -> Node {
        Node {
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            prev_sibling: NONE,
            next_sibling: NONE,
            span: PackedSpan::NONE,
            data,
        }
    }
    fn parent(&self) -> Option<NodeId> {
        link(self.parent)
    }
    fn first_child(&self) -> Option<NodeId> {
        link(self.first_child)
    }
    fn last_child(&self) -> Option<NodeId> {
        link(self.last_child)
    }
    fn prev_sibling(&self) -> Option<NodeId> {
        link(self.prev_sibling)
    }
    fn next_sibling(&self) -> Option<NodeId> {
        link(self.next_sibling)
    }
}

/// An element of a [`Document`], borrowed: its name, namespace and attributes.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// let doc = parse_document("<a href=/x>y</a>", ParseOptions::default());
/// let a = doc.element(doc.find_element("a").unwrap()).unwrap();
/// assert_eq!(a.name(), "a");
/// assert_eq!(a.attribute("href"), Some("/x"));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ElementRef<'a> {
    doc: &'a Document,
    id: NodeId,
    data: &'a ElementData,
}

impl<'a> ElementRef<'a> {
    /// The element's node.
    pub fn id(&self) -> NodeId {
        self.id
    }
    /// The local name (for HTML elements, ASCII lowercase; SVG names in their adjusted case).
    pub fn name(&self) -> &'a str {
        self.doc.names.resolve(self.data.name)
    }
    /// The local name as an atom.
    pub fn local_name(&self) -> LocalName {
        self.data.name
    }
    /// The namespace.
    pub fn namespace(&self) -> Namespace {
        self.data.namespace
    }
    /// Whether this is an HTML element named `name`.
    pub fn is_html(&self, name: &str) -> bool {
        self.data.namespace == Namespace::Html && self.name() == name
    }
    /// Whether the element has any attribute.
    #[inline]
    pub fn has_attributes(&self) -> bool {
        self.data.attrs_len != 0
    }
    /// The attributes, in source order.
    pub fn attrs(&self) -> Attrs<'a> {
        Attrs::new(self.doc, self.doc.attr_slice(self.data))
    }
    /// The value of the attribute in no namespace named `name`.
    pub fn attribute(&self, name: &str) -> Option<&'a str> {
        let n = self.doc.names.get(name)?;
        self.attrs()
            .find(|a| a.namespace() == AttrNamespace::None && a.local_name() == n)
            .map(|a| a.value())
    }
    /// For an HTML `template`: its contents fragment.
    pub fn template_contents(&self) -> Option<NodeId> {
        link(self.data.template_contents)
    }
    /// The start tag's source span.
    pub fn start_tag_span(&self) -> Option<Span> {
        self.data.start_tag.get()
    }
    /// The end tag's source span, when an explicit end tag closed the element.
    pub fn end_tag_span(&self) -> Option<Span> {
        self.data.end_tag.get()
    }
}

/// A document: an arena of nodes, with [`NodeId::DOCUMENT`] as its root.
///
/// Storage is compact: nodes live in one vector linked by `u32` indices; text, comments and
/// attribute values in one string buffer addressed by ranges; the attributes of all elements in
/// one vector, a range per element; element and attribute names are [`LocalName`] atoms. Once
/// the buffers have grown, building a node or attribute allocates nothing.
#[derive(Debug, Clone)]
pub struct Document {
    nodes: Vec<Node>,
    elements: Vec<ElementData>,
    attrs: Vec<AttrData>,
    /// Doctype and shadow-root records (rare: kept out of the node so that nodes stay small).
    doctypes: Vec<Doctype>,
    shadow_root_data: Vec<ShadowRoot>,
    text: String,
    /// Whether text was dropped because the string buffer reached its limit ([`within_text_limit`]).
    text_truncated: bool,
    /// Which resource limits changed the tree while parsing.
    pub(crate) limits_reached: crate::tree_builder::LimitsReached,
    names: NameTable,
    /// The quirks mode.
    pub quirks_mode: QuirksMode,
    /// The standard the document was parsed with (its serializer follows it too).
    pub(crate) standard: crate::Standard,
    pub(crate) errors: Vec<ParseError>,
    /// The parse's resume points, when they were recorded.
    pub(crate) resume_points: Option<Box<crate::tree_builder::ResumePoints>>,
    /// Host element -> its shadow root (at most one per host).
    shadow_roots: HashMap<NodeId, NodeId>,
    /// Line starts and offset maps of the parsed source, for [`Document::line_col`].
    source: Option<Box<spans::SourceIndex>>,
    /// The element index of the selector engine, built on first use and dropped by every
    /// change to the tree or to attributes.
    index: std::sync::OnceLock<Box<index::ElementIndex>>,
    /// Set by the first whole-document query since the last change (the second builds the
    /// index: a single query walks the tree instead, which costs less than building it).
    queried: std::sync::OnceLock<()>,
    /// The work of the selector engine's queries on this document ([`Document::query_work`]).
    query_work: QueryWork,
}

/// A count of query work (relaxed loads and stores: a plain increment on one thread, no
/// locked instruction on the hot path).
#[derive(Debug, Default)]
struct QueryWork(std::sync::atomic::AtomicU64);

impl Clone for QueryWork {
    fn clone(&self) -> QueryWork {
        QueryWork(std::sync::atomic::AtomicU64::new(self.get()))
    }
}

impl QueryWork {
    #[inline]
    fn get(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Drop for Document {
    /// Sets the document's large buffers aside for the next document of this thread (see
    /// [`spare`]).
    fn drop(&mut self) {
        spare::put(spare::Spare {
            nodes: std::mem::take(&mut self.nodes),
            elements: std::mem::take(&mut self.elements),
            attrs: std::mem::take(&mut self.attrs),
            text: std::mem::take(&mut self.text),
            errors: std::mem::take(&mut self.errors),
            line_starts: self
                .source
                .as_mut()
                .map(|s| s.take_line_starts())
                .unwrap_or_default(),
        });
    }
}

impl Default for Document {
    fn default() -> Self {
        Document::new()
    }
}

/// A document's quirks mode (§13.2.6.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum QuirksMode {
    /// No-quirks mode.
    #[default]
    NoQuirks,
    /// Limited-quirks mode.
    LimitedQuirks,
    /// Quirks mode.
    Quirks,
}

/// Iterator over a node's children.
#[derive(Debug, Clone)]
pub struct Children<'a> {
    doc: &'a Document,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let id = link(self.next)?;
        self.next = self.doc.nodes[id.index()].next_sibling;
        Some(id)
    }
}

/// Iterator over a node's ancestors, nearest first.
#[derive(Debug, Clone)]
pub struct Ancestors<'a> {
    doc: &'a Document,
    next: u32,
}

impl Iterator for Ancestors<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let id = link(self.next)?;
        self.next = self.doc.nodes[id.index()].parent;
        Some(id)
    }
}

/// Iterator over a node's descendants in tree order (not including the node itself, and not
/// entering template contents or shadow roots). Walks the links; no recursion and no allocation.
#[derive(Debug, Clone)]
pub struct Descendants<'a> {
    doc: &'a Document,
    root: NodeId,
    next: Option<NodeId>,
}

impl Iterator for Descendants<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let cur = self.next?;
        let n = &self.doc.nodes[cur.index()];
        self.next = if let Some(c) = n.first_child() {
            Some(c)
        } else {
            let mut x = cur;
            loop {
                if x == self.root {
                    break None;
                }
                let xn = &self.doc.nodes[x.index()];
                if let Some(s) = xn.next_sibling() {
                    break Some(s);
                }
                match xn.parent() {
                    Some(p) if p != self.root => x = p,
                    _ => break None,
                }
            }
        };
        Some(cur)
    }
}

/// An attribute to store: borrowed name and value (see [`Document::create_element_with`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct AttrInput<'a> {
    pub(crate) namespace: AttrNamespace,
    pub(crate) name: &'a str,
    pub(crate) value: &'a str,
    pub(crate) span: Option<Span>,
    pub(crate) value_span: Option<Span>,
    /// The value is its source text unchanged (see [`AttrRef::value_is_verbatim`]).
    pub(crate) verbatim: bool,
}

/// Appends `s` to the text range `r` of `buf` (see [`TextRange::cap`]). Returns false (and
/// appends nothing) when the buffer would pass its limit ([`within_text_limit`]).
fn append_to_range(buf: &mut String, r: &mut TextRange, s: &str) -> bool {
    let (start, len, cap) = (r.start as usize, r.len as usize, r.cap as usize);
    if start + len == buf.len() {
        // At the end of the buffer (no room reserved after it): push. The buffer is never
        // truncated, so ranges recorded after this one, even empty ones, stay valid.
        if !within_text_limit(start + len, s.len()) {
            return false;
        }
        buf.push_str(s);
        r.len += s.len() as u32;
        r.cap = r.len;
    } else if len + s.len() <= cap {
        // Room reserved after it: overwrite the padding (equal lengths: nothing moves).
        let at = start + len;
        buf.replace_range(at..at + s.len(), s);
        r.len += s.len() as u32;
    } else {
        // Move it to the end with as much room again, so that alternating appends to several
        // text nodes stay linear overall.
        let new_len = len + s.len();
        let new_start = buf.len();
        if !new_len
            .checked_mul(2)
            .is_some_and(|room| within_text_limit(new_start, room))
        {
            return false;
        }
        buf.extend_from_within(start..start + len);
        buf.push_str(s);
        buf.extend(std::iter::repeat_n('\0', new_len));
        *r = TextRange {
            start: new_start as u32,
            len: new_len as u32,
            cap: 2 * new_len as u32,
        };
    }
    true
}

impl Document {
    /// An empty document (just the document node), in no-quirks mode.
    pub fn new() -> Document {
        // The buffers of this thread's last dropped document, if any (see `spare`).
        let spare = spare::take();
        let mut nodes = spare.nodes;
        nodes.push(Node::new(Stored::Document));
        Document {
            nodes,
            elements: spare.elements,
            attrs: spare.attrs,
            doctypes: Vec::new(),
            shadow_root_data: Vec::new(),
            text: spare.text,
            text_truncated: false,
            limits_reached: Default::default(),
            names: NameTable::default(),
            quirks_mode: QuirksMode::NoQuirks,
            standard: crate::Standard::Seed,
            errors: spare.errors,
            resume_points: None,
            shadow_roots: HashMap::new(),
            source: None,
            index: std::sync::OnceLock::new(),
            queried: std::sync::OnceLock::new(),
            query_work: QueryWork::default(),
        }
    }

    /// The document node.
    pub fn root(&self) -> NodeId {
        NodeId::DOCUMENT
    }

    /// The parse errors met while building this document, in input order (empty when errors
    /// were not collected).
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }

    /// The resume points of the parse that built this document, when
    /// [`DocumentParserOptions::resume_points`](crate::input_stream::DocumentParserOptions::resume_points)
    /// asked for them (see [`crate::tree_builder::resume`]).
    ///
    /// ```
    /// use websyntax_html::input_stream::{parse_document_bytes, DocumentParserOptions};
    /// let options = DocumentParserOptions { resume_points: true, ..DocumentParserOptions::default() };
    /// let page = b"<!DOCTYPE html><p>a <b>b</b> <i>c</i><div>d</div>";
    /// let parsed = parse_document_bytes(page, options);
    /// let points = parsed.document.resume_points().unwrap();
    /// let offsets: Vec<usize> = points.iter().map(|p| p.offset).collect();
    /// // `<b>` and `<i>` (nothing is on the list of active formatting elements before them)
    /// // and `<div>`; not `<p>` (the tree builder was not "in body" yet).
    /// assert_eq!(offsets, [20, 29, 37]);
    /// assert_eq!(points.get(2).unwrap().stack.len(), 3); // html, body, p
    /// ```
    pub fn resume_points(&self) -> Option<&crate::tree_builder::ResumePoints> {
        self.resume_points.as_deref()
    }

    /// The number of nodes in the arena (including detached ones and template contents).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds only the document node.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The heap memory this document holds, in bytes (its buffers' capacities, the source
    /// index for [`line_col`](Self::line_col) included, and the selector engine's element
    /// index once a `select` has built it; approximate: allocator overhead is not counted).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let doctypes_and_roots: usize = self
            .doctypes
            .iter()
            .map(|d| d.name.len() + d.public_id.len() + d.system_id.len())
            .sum::<usize>()
            + self.doctypes.capacity() * size_of::<Doctype>()
            + self.shadow_root_data.capacity() * size_of::<ShadowRoot>();
        self.nodes.capacity() * size_of::<Node>()
            + self.elements.capacity() * size_of::<ElementData>()
            + self.attrs.capacity() * size_of::<AttrData>()
            + self.text.capacity()
            + self.names.heap_bytes()
            + self.errors.capacity() * size_of::<ParseError>()
            + self.source.as_ref().map_or(0, |s| s.heap_bytes())
            + doctypes_and_roots
            + self.index.get().map_or(0, |ix| ix.heap_bytes())
    }

    /// What node `id` is, borrowed.
    ///
    /// # Panics
    /// If `id` does not belong to this document.
    #[inline(always)]
    pub fn data(&self, id: NodeId) -> NodeData<'_> {
        match &self.nodes[id.index()].data {
            Stored::Document => NodeData::Document,
            Stored::Fragment => NodeData::Fragment,
            Stored::Doctype(i) => NodeData::Doctype(&self.doctypes[*i as usize]),
            Stored::Element(i) => NodeData::Element(ElementRef {
                doc: self,
                id,
                data: &self.elements[*i as usize],
            }),
            Stored::Text(r) => NodeData::Text(self.range_str(r)),
            Stored::Comment(r) => NodeData::Comment(self.range_str(r)),
            Stored::ProcessingInstruction(r) => {
                let (target, data) = self.range_str(r).split_once(' ').unwrap_or(("", ""));
                NodeData::ProcessingInstruction { target, data }
            }
            Stored::ShadowRoot(i) => NodeData::ShadowRoot(&self.shadow_root_data[*i as usize]),
        }
    }

    #[inline]
    fn range_str(&self, r: &TextRange) -> &str {
        &self.text[r.range()]
    }

    /// The index of element `id`'s record (element records are numbered in creation order,
    /// densely: a smaller key than the node index for per-element side tables).
    pub(crate) fn element_record(&self, id: NodeId) -> Option<u32> {
        match self.nodes.get(id.index())?.data {
            Stored::Element(i) => Some(i),
            _ => None,
        }
    }

    #[inline]
    fn elem_data(&self, id: NodeId) -> Option<&ElementData> {
        match self.nodes.get(id.index())?.data {
            Stored::Element(i) => self.elements.get(i as usize),
            _ => None,
        }
    }

    fn elem_data_mut(&mut self, id: NodeId) -> Option<&mut ElementData> {
        match self.nodes.get(id.index())?.data {
            Stored::Element(i) => self.elements.get_mut(i as usize),
            _ => None,
        }
    }

    /// Whether some text, comment or attribute value was dropped because the document's string
    /// buffer reached its limit of 4 GiB (only possible with inputs larger than that).
    pub fn is_text_truncated(&self) -> bool {
        self.text_truncated
    }

    /// The standard the document was parsed with ([`crate::ParseOptions::standard`]); its
    /// serializer follows the same one.
    pub fn standard(&self) -> crate::Standard {
        self.standard
    }

    /// Sets the standard the document's serializer follows ([`Document::standard`]).
    pub fn set_standard(&mut self, standard: crate::Standard) {
        self.standard = standard;
    }

    /// Which opt-in [`ResourceLimits`](crate::ResourceLimits) changed this document's tree
    /// while it was parsed (none by default, and for documents not built by the parser).
    pub fn limits_reached(&self) -> crate::tree_builder::LimitsReached {
        self.limits_reached
    }

    fn attr_slice(&self, e: &ElementData) -> &[AttrData] {
        let start = e.attrs_start as usize;
        &self.attrs[start..start + e.attrs_len as usize]
    }

    /// The string of a name atom of this document.
    pub fn name_str(&self, name: LocalName) -> &str {
        self.names.resolve(name)
    }

    /// The atom of `name` in this document, if any element or attribute has it.
    pub fn lookup_name(&self, name: &str) -> Option<LocalName> {
        self.names.get(name)
    }

    /// The element `id`, if it is one.
    #[inline]
    pub fn element(&self, id: NodeId) -> Option<ElementRef<'_>> {
        self.elem_data(id).map(|data| ElementRef {
            doc: self,
            id,
            data,
        })
    }

    /// The parent of `id`.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].parent()
    }

    /// The children of `id`, in order.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children {
            doc: self,
            next: self.nodes[id.index()].first_child,
        }
    }

    /// The ancestors of `id`, nearest first (not including `id`).
    pub fn ancestors(&self, id: NodeId) -> Ancestors<'_> {
        Ancestors {
            doc: self,
            next: self.nodes[id.index()].parent,
        }
    }

    /// A deterministic measure of the work the selector engine has done on this document so
    /// far: the elements it stepped to (parents, siblings, children), the nodes it tried or
    /// looked into, and the bytes of attribute values it searched, summed over every query
    /// ([`Document::select`], [`Document::matches`] …). Not a time: for checking that the
    /// work of a query grows linearly with the document.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<div><p>", ParseOptions::default());
    /// let before = doc.query_work();
    /// assert_eq!(doc.select("div:has(p)").unwrap().count(), 1);
    /// assert!(doc.query_work() > before);
    /// ```
    pub fn query_work(&self) -> u64 {
        self.query_work.get()
    }

    /// Adds `n` to [`Document::query_work`].
    #[inline]
    pub(crate) fn add_query_work(&self, n: u64) {
        let w = &self.query_work.0;
        w.store(
            w.load(std::sync::atomic::Ordering::Relaxed).wrapping_add(n),
            std::sync::atomic::Ordering::Relaxed,
        );
    }

    /// Every template element's contents fragment, mapped to the template (one pass over the
    /// nodes: for climbing out of template contents without a search per fragment).
    pub(crate) fn template_owners(&self) -> std::collections::HashMap<NodeId, NodeId> {
        self.node_ids()
            .filter_map(|t| Some((self.template_contents(t)?, t)))
            .collect()
    }

    /// The descendants of `id` in tree order (template contents and shadow roots are not
    /// entered).
    pub fn descendants(&self, id: NodeId) -> Descendants<'_> {
        Descendants {
            doc: self,
            root: id,
            next: self.nodes[id.index()].first_child(),
        }
    }

    /// The value of attribute `name` (no namespace) on element `id`.
    pub fn attribute(&self, id: NodeId, name: &str) -> Option<&str> {
        self.element(id).and_then(|e| e.attribute(name))
    }

    /// The concatenated text of the text-node descendants of `id` (the DOM's `textContent`).
    pub fn text_content(&self, id: NodeId) -> String {
        match &self.nodes[id.index()].data {
            Stored::Text(r) | Stored::Comment(r) => return self.range_str(r).to_owned(),
            Stored::ProcessingInstruction(r) => {
                let s = self.range_str(r);
                return s.split_once(' ').map_or("", |(_, d)| d).to_owned();
            }
            _ => {}
        }
        let mut s = String::new();
        for d in self.descendants(id) {
            if let Stored::Text(r) = &self.nodes[d.index()].data {
                s.push_str(self.range_str(r));
            }
        }
        s
    }

    /// The first node in tree order below the document node for which `pred` holds.
    pub fn find(&self, mut pred: impl FnMut(NodeId) -> bool) -> Option<NodeId> {
        self.descendants(NodeId::DOCUMENT).find(|&id| pred(id))
    }

    /// The first HTML element named `name` in tree order.
    pub fn find_element(&self, name: &str) -> Option<NodeId> {
        let n = self.names.get(name)?;
        self.find(|id| self.is_html_atom(id, n))
    }

    fn is_html_atom(&self, id: NodeId, name: LocalName) -> bool {
        self.elem_data(id)
            .is_some_and(|e| e.namespace == Namespace::Html && e.name == name)
    }

    /// Every HTML element named `name`, in tree order.
    pub fn find_all_elements<'a>(&'a self, name: &'a str) -> impl Iterator<Item = NodeId> + 'a {
        let n = self.names.get(name);
        self.descendants(NodeId::DOCUMENT)
            .filter(move |&id| n.is_some_and(|n| self.is_html_atom(id, n)))
    }

    /// The document element (the first element child of the document node).
    pub fn document_element(&self) -> Option<NodeId> {
        self.children(NodeId::DOCUMENT)
            .find(|c| self.element(*c).is_some())
    }

    // ----- creation -----

    fn create_stored(&mut self, data: Stored) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).unwrap_or(NONE - 1));
        self.nodes.push(Node::new(data));
        id
    }

    /// Creates a detached text node.
    pub fn create_text(&mut self, data: &str) -> NodeId {
        let r = self.push_str(data);
        self.create_stored(Stored::Text(r))
    }

    /// Creates a detached comment node.
    pub fn create_comment(&mut self, data: &str) -> NodeId {
        let r = self.push_str(data);
        self.create_stored(Stored::Comment(r))
    }

    /// Creates a detached processing instruction node (`target` must be a valid target: no
    /// space in it).
    pub fn create_processing_instruction(&mut self, target: &str, data: &str) -> NodeId {
        let joined = format!("{target} {data}");
        let r = self.push_str(&joined);
        self.create_stored(Stored::ProcessingInstruction(r))
    }

    /// Creates a detached doctype node.
    pub fn create_doctype(&mut self, doctype: Doctype) -> NodeId {
        let i = index_u32(self.doctypes.len());
        self.doctypes.push(doctype);
        self.create_stored(Stored::Doctype(i))
    }

    /// Creates a detached document fragment.
    pub fn create_fragment(&mut self) -> NodeId {
        self.create_stored(Stored::Fragment)
    }

    pub(crate) fn create_shadow_root(&mut self, root: ShadowRoot) -> NodeId {
        let i = index_u32(self.shadow_root_data.len());
        self.shadow_root_data.push(root);
        self.create_stored(Stored::ShadowRoot(i))
    }

    /// The host of the shadow root stored at `i`.
    pub(crate) fn shadow_root_host(&self, i: u32) -> Option<NodeId> {
        self.shadow_root_data.get(i as usize).map(|s| s.host)
    }

    pub(crate) fn shadow_root_data_mut(&mut self, id: NodeId) -> Option<&mut ShadowRoot> {
        match self.nodes.get(id.index())?.data {
            Stored::ShadowRoot(i) => self.shadow_root_data.get_mut(i as usize),
            _ => None,
        }
    }

    fn push_str(&mut self, s: &str) -> TextRange {
        let start = self.text.len();
        if !within_text_limit(start, s.len()) {
            self.text_truncated = true;
            return TextRange::default();
        }
        self.text.push_str(s);
        TextRange {
            start: start as u32,
            len: s.len() as u32,
            cap: s.len() as u32,
        }
    }

    fn push_element(&mut self, e: ElementData) -> NodeId {
        let i = u32::try_from(self.elements.len()).unwrap_or(u32::MAX);
        self.elements.push(e);
        self.create_stored(Stored::Element(i))
    }

    /// Creates a detached element; a `template` element in the HTML namespace gets its contents
    /// fragment.
    ///
    /// ```
    /// use websyntax_html::Document;
    /// use websyntax_html::dom::{Attr, Element, Namespace};
    /// let mut doc = Document::new();
    /// let a = doc.create_element(Element::new(Namespace::Html, "a", vec![Attr::new("href", "/")]));
    /// assert_eq!(doc.attribute(a, "href"), Some("/"));
    /// ```
    pub fn create_element(&mut self, element: Element) -> NodeId {
        let id = self.create_element_with(
            element.namespace,
            &element.name,
            element.attrs.iter().map(|a| AttrInput {
                namespace: a.namespace,
                name: &a.name,
                value: &a.value,
                span: a.span,
                value_span: a.value_span,
                verbatim: false,
            }),
        );
        if let Some(e) = self.elem_data_mut(id) {
            e.start_tag = PackedSpan::pack(element.start_tag);
            e.end_tag = PackedSpan::pack(element.end_tag);
        }
        id
    }

    /// Creates a detached element from borrowed parts: no allocation once the buffers are warm.
    pub(crate) fn create_element_with<'a>(
        &mut self,
        namespace: Namespace,
        name: &str,
        attrs: impl IntoIterator<Item = AttrInput<'a>>,
    ) -> NodeId {
        let name = self.names.intern(name);
        self.create_element_named(namespace, name, attrs)
    }

    /// The atom of `name` in this document (static, or interned here).
    pub(crate) fn intern_name(&mut self, name: &str) -> LocalName {
        self.names.intern(name)
    }

    /// [`Document::create_element_with`] with the name already an atom of this document.
    pub(crate) fn create_element_named<'a>(
        &mut self,
        namespace: Namespace,
        name: LocalName,
        attrs: impl IntoIterator<Item = AttrInput<'a>>,
    ) -> NodeId {
        let attrs_start = self.attrs.len();
        for a in attrs {
            let attr = self.store_attr(a);
            self.attrs.push(attr);
        }
        let attrs_len = self.attrs.len() - attrs_start;
        self.push_new_element(namespace, name, attrs_start, attrs_len)
    }

    /// Creates the element record (and a `template`'s contents fragment) for attributes
    /// already pushed at `attrs[attrs_start..attrs_start + attrs_len]`.
    #[inline(always)]
    fn push_new_element(
        &mut self,
        namespace: Namespace,
        name: LocalName,
        attrs_start: usize,
        attrs_len: usize,
    ) -> NodeId {
        let template_contents = if namespace == Namespace::Html && name == TEMPLATE {
            self.create_fragment().0
        } else {
            NONE
        };
        self.push_element(ElementData {
            namespace,
            name,
            attrs_start: attrs_start as u32,
            attrs_len: attrs_len as u32,
            attrs_cap: attrs_len as u32,
            template_contents,
            start_tag: PackedSpan::NONE,
            end_tag: PackedSpan::NONE,
        })
    }

    /// A new element with the same namespace, name and attributes as element `id` (no source
    /// spans of its own: the adoption agency's and reconstruction's clones). The attribute
    /// values are shared, not copied.
    pub(crate) fn clone_element(&mut self, id: NodeId) -> NodeId {
        let Some(e) = self.elem_data(id) else {
            return self.create_fragment();
        };
        let (namespace, name) = (e.namespace, e.name);
        let (start, len) = (e.attrs_start as usize, e.attrs_len as usize);
        let attrs_start = self.attrs.len();
        self.attrs.extend_from_within(start..start + len);
        self.push_new_element(namespace, name, attrs_start, len)
    }

    /// The number of attributes of element `id` (0 for other nodes).
    #[inline]
    pub(crate) fn attr_count(&self, id: NodeId) -> usize {
        self.elem_data(id).map_or(0, |e| e.attrs_len as usize)
    }

    /// Sets the template contents of element `id` (the parser's declarative shadow roots).
    pub(crate) fn set_template_contents(&mut self, id: NodeId, contents: NodeId) {
        self.invalidate_index();
        if let Some(e) = self.elem_data_mut(id) {
            e.template_contents = contents.0;
        }
    }

    /// Interns an attribute's name and stores its value: the record to push.
    #[inline(always)]
    fn store_attr(&mut self, a: AttrInput<'_>) -> AttrData {
        AttrData {
            namespace: a.namespace,
            name: self.names.intern(a.name),
            value: self.push_str(a.value),
            span: PackedSpan::pack(a.span),
            value_span: PackedSpan::pack(a.value_span),
            verbatim: a.verbatim && a.value_span.is_some(),
        }
    }

    /// Adds the attribute to element `id`, keeping its attributes contiguous: an element whose
    /// range is not at the end of the attribute vector is moved there with room to grow, so
    /// repeated additions stay amortized O(1).
    fn push_attr(&mut self, id: NodeId, attr: AttrData) {
        self.invalidate_index();
        let Stored::Element(i) = self.nodes[id.index()].data else {
            return;
        };
        let e = &mut self.elements[i as usize];
        let (start, len, cap) = (
            e.attrs_start as usize,
            e.attrs_len as usize,
            e.attrs_cap as usize,
        );
        if start + len == self.attrs.len() {
            // At the end of the vector: push (never truncate: later ranges, even empty ones,
            // stay valid).
            self.attrs.push(attr);
            e.attrs_len += 1;
            e.attrs_cap = e.attrs_len;
        } else if len < cap {
            self.attrs[start + len] = attr;
            e.attrs_len += 1;
        } else {
            let new_start = self.attrs.len();
            self.attrs.extend_from_within(start..start + len);
            self.attrs.push(attr.clone());
            let new_len = len + 1;
            // Room to grow: filler copies, overwritten by later additions.
            self.attrs.extend(std::iter::repeat_n(attr, new_len));
            e.attrs_start = new_start as u32;
            e.attrs_len = new_len as u32;
            e.attrs_cap = (2 * new_len) as u32;
        }
    }

    /// Sets (or adds) attribute `name` in no namespace on element `id`.
    pub(crate) fn set_attr_value(&mut self, id: NodeId, name: &str, value: &str) {
        self.invalidate_index();
        let name = self.names.intern(name);
        let value_range = self.push_str(value);
        let Some(e) = self.elem_data(id) else {
            return;
        };
        let start = e.attrs_start as usize;
        let len = e.attrs_len as usize;
        if let Some(a) = self.attrs[start..start + len]
            .iter_mut()
            .find(|a| a.namespace == AttrNamespace::None && a.name == name)
        {
            a.value = value_range;
            a.span = PackedSpan::NONE;
            a.value_span = PackedSpan::NONE;
            a.verbatim = false;
            return;
        }
        self.push_attr(
            id,
            AttrData {
                namespace: AttrNamespace::None,
                name,
                value: value_range,
                span: PackedSpan::NONE,
                value_span: PackedSpan::NONE,
                verbatim: false,
            },
        );
    }

    /// Removes attribute `name` in no namespace from element `id`; whether there was one.
    pub(crate) fn remove_attr(&mut self, id: NodeId, name: &str) -> bool {
        self.invalidate_index();
        let Some(name) = self.names.get(name) else {
            return false;
        };
        let Stored::Element(ei) = self.nodes[id.index()].data else {
            return false;
        };
        let e = &mut self.elements[ei as usize];
        let start = e.attrs_start as usize;
        let len = e.attrs_len as usize;
        let Some(i) = self.attrs[start..start + len]
            .iter()
            .position(|a| a.namespace == AttrNamespace::None && a.name == name)
        else {
            return false;
        };
        // Shift the rest down within the element's own range.
        self.attrs[start + i..start + len].rotate_left(1);
        e.attrs_len -= 1;
        true
    }

    // ----- tree mutation (unchecked: the tree builder's) -----

    /// Removes `id` from its parent (if any).
    pub(crate) fn detach(&mut self, id: NodeId) {
        self.invalidate_index();
        self.unlink(id);
    }

    /// [`Document::detach`] without invalidating the index (the caller does).
    #[inline]
    fn unlink(&mut self, id: NodeId) {
        let n = &self.nodes[id.index()];
        let (parent, prev, next) = (n.parent, n.prev_sibling, n.next_sibling);
        if parent == NONE {
            return;
        }
        if prev != NONE {
            self.nodes[prev as usize].next_sibling = next;
        } else {
            self.nodes[parent as usize].first_child = next;
        }
        if next != NONE {
            self.nodes[next as usize].prev_sibling = prev;
        } else {
            self.nodes[parent as usize].last_child = prev;
        }
        let n = &mut self.nodes[id.index()];
        n.parent = NONE;
        n.prev_sibling = NONE;
        n.next_sibling = NONE;
    }

    /// Appends `child` (detaching it first) as the last child of `parent`, unchecked: the
    /// tree builder's insertion (the spec's algorithms never make an invalid tree); editing
    /// goes through [`Document::append_child`].
    #[inline(always)]
    pub(crate) fn append(&mut self, parent: NodeId, child: NodeId) {
        self.invalidate_index();
        self.unlink(child);
        let last = self.nodes[parent.index()].last_child;
        {
            let c = &mut self.nodes[child.index()];
            c.parent = parent.0;
            c.prev_sibling = last;
        }
        if last != NONE {
            self.nodes[last as usize].next_sibling = child.0;
        } else {
            self.nodes[parent.index()].first_child = child.0;
        }
        self.nodes[parent.index()].last_child = child.0;
    }

    /// Inserts `child` (detaching it first) immediately before `sibling`, which must have a
    /// parent (if it has none, nothing happens). Unchecked, like [`Document::append`].
    pub(crate) fn insert_before_unchecked(&mut self, sibling: NodeId, child: NodeId) {
        self.invalidate_index();
        self.unlink(child);
        let s = &self.nodes[sibling.index()];
        let (parent, prev) = (s.parent, s.prev_sibling);
        if parent == NONE {
            return;
        }
        {
            let c = &mut self.nodes[child.index()];
            c.parent = parent;
            c.prev_sibling = prev;
            c.next_sibling = sibling.0;
        }
        self.nodes[sibling.index()].prev_sibling = child.0;
        if prev != NONE {
            self.nodes[prev as usize].next_sibling = child.0;
        } else {
            self.nodes[parent as usize].first_child = child.0;
        }
    }

    /// Inserts `child` into `parent`, before `before` if given, else as the last child.
    #[inline(always)]
    pub(crate) fn insert(&mut self, parent: NodeId, before: Option<NodeId>, child: NodeId) {
        match before {
            Some(b) => self.insert_before_unchecked(b, child),
            None => self.append(parent, child),
        }
    }

    /// Inserts `text` into `parent` before `before` (or at the end): appended to the text node
    /// just before that position if there is one, else as a new text node. Returns the text
    /// node.
    #[inline(always)]
    pub(crate) fn insert_text(
        &mut self,
        parent: NodeId,
        before: Option<NodeId>,
        text: &str,
    ) -> NodeId {
        let prev = match before {
            Some(b) => self.nodes[b.index()].prev_sibling(),
            None => self.nodes[parent.index()].last_child(),
        };
        if let Some(p) = prev
            && let Stored::Text(r) = &mut self.nodes[p.index()].data
        {
            if !append_to_range(&mut self.text, r, text) {
                self.text_truncated = true;
            }
            return p;
        }
        let id = self.create_text(text);
        self.insert(parent, before, id);
        id
    }

    /// Moves all children of `from` to the end of `to`.
    pub(crate) fn reparent_children(&mut self, from: NodeId, to: NodeId) {
        while let Some(c) = self.nodes[from.index()].first_child() {
            self.append(to, c);
        }
    }

    /// Appends `attrs` to element `id`'s attributes (the caller has checked that none of them
    /// is present yet).
    pub(crate) fn push_attrs<'a>(
        &mut self,
        id: NodeId,
        attrs: impl IntoIterator<Item = AttrInput<'a>>,
    ) {
        for a in attrs {
            let attr = self.store_attr(a);
            self.push_attr(id, attr);
        }
    }

    /// Iterates over the nodes below `root` (and, for template elements, their contents) as
    /// enter/exit events, depth first, with an explicit stack: no recursion.
    ///
    /// Shadow roots are not entered (see [`Document::walk_with_shadow_roots`]).
    pub fn walk(&self, root: NodeId) -> Walk<'_> {
        Walk {
            doc: self,
            stack: vec![(root, false)],
            depth: 0,
            shadow: false,
        }
    }

    /// Like [`Document::walk`], but a shadow host's shadow root is visited as the host's first
    /// child (before its ordinary children), with the shadow root's children below it.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::dom::WalkEvent;
    /// let opts = ParseOptions { allow_declarative_shadow_roots: true, ..Default::default() };
    /// let doc = parse_document("<div><template shadowrootmode=open>x</template></div>", opts);
    /// let div = doc.find_element("div").unwrap();
    /// let root = doc.shadow_root(div).unwrap();
    /// assert!(doc.walk_with_shadow_roots(div).any(|e| e == WalkEvent::Enter(root, 1)));
    /// assert!(!doc.walk(div).any(|e| e == WalkEvent::Enter(root, 1)));
    /// ```
    pub fn walk_with_shadow_roots(&self, root: NodeId) -> Walk<'_> {
        Walk {
            doc: self,
            stack: vec![(root, false)],
            depth: 0,
            shadow: true,
        }
    }
}

/// One event of [`Document::walk`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkEvent {
    /// Entering a node, at this depth (the walk's root is depth 0).
    Enter(NodeId, usize),
    /// Leaving a node (after its children).
    Exit(NodeId, usize),
}

/// The iterator of [`Document::walk`]. A template element's contents are visited as the
/// template's children (after its own children, which the parser never creates).
#[derive(Debug, Clone)]
pub struct Walk<'a> {
    doc: &'a Document,
    stack: Vec<(NodeId, bool)>,
    depth: usize,
    /// Whether shadow roots are entered.
    shadow: bool,
}

impl Iterator for Walk<'_> {
    type Item = WalkEvent;
    fn next(&mut self) -> Option<WalkEvent> {
        let (id, exiting) = self.stack.pop()?;
        if exiting {
            self.depth = self.depth.saturating_sub(1);
            return Some(WalkEvent::Exit(id, self.depth));
        }
        let depth = self.depth;
        self.stack.push((id, true));
        let n = &self.doc.nodes[id.index()];
        let mut push_children = |last: Option<NodeId>| {
            let mut c = last;
            while let Some(x) = c {
                self.stack.push((x, false));
                c = self.doc.nodes[x.index()].prev_sibling();
            }
        };
        if let Stored::Element(i) = n.data
            && let Some(t) = link(self.doc.elements[i as usize].template_contents)
        {
            push_children(self.doc.nodes[t.index()].last_child());
        }
        push_children(n.last_child());
        if self.shadow
            && let Some(&r) = self.doc.shadow_roots.get(&id)
        {
            self.stack.push((r, false));
        }
        self.depth += 1;
        Some(WalkEvent::Enter(id, depth))
    }
}

#[cfg(test)]
mod size_tests {
    /// The per-node cost is what peak memory on large pages is made of: keep it from growing.
    #[test]
    fn node_sizes_stay_small() {
        use std::mem::size_of;
        assert!(
            size_of::<super::Node>() <= 44,
            "{}",
            size_of::<super::Node>()
        );
        assert!(size_of::<super::ElementData>() <= 40);
        assert!(size_of::<super::AttrData>() <= 36);
    }
}
