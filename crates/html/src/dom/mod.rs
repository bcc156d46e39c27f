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
mod shadow;
pub(crate) mod spans;

pub use access::{AttrRef, Attrs, NodeKind};

pub use shadow::{
    AttachShadowRootError, InvalidShadowRootMode, ShadowRoot, ShadowRootMode, SlotAssignment,
    is_valid_custom_element_name, is_valid_shadow_host_name,
};

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use crate::error::{ParseError, Span};

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

/// An attribute of an element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    /// The namespace.
    pub namespace: AttrNamespace,
    /// The prefix (`xlink`, `xml`, `xmlns`), if any.
    pub prefix: Option<&'static str>,
    /// The local name (static for common names: no allocation).
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

/// An element's data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    /// The namespace.
    pub namespace: Namespace,
    /// The local name (for HTML elements, ASCII lowercase; SVG names keep their adjusted case).
    /// Known names are static strings (no allocation).
    pub name: Cow<'static, str>,
    /// Attributes in source order.
    pub attrs: Vec<Attr>,
    /// For a `template` element in the HTML namespace: its contents, a document fragment node
    /// (or, for the template of a declarative shadow root, which is not in the tree, that shadow
    /// root).
    pub template_contents: Option<NodeId>,
    /// The source span of the start tag (`<` through `>`), if created from one.
    pub start_tag: Option<Span>,
    /// The source span of the end tag, when an explicit end tag closed the element.
    pub end_tag: Option<Span>,
}

impl Element {
    /// An element with no source spans and no template contents.
    pub fn new(
        namespace: Namespace,
        name: impl Into<Cow<'static, str>>,
        attrs: Vec<Attr>,
    ) -> Element {
        Element {
            namespace,
            name: name.into(),
            attrs,
            template_contents: None,
            start_tag: None,
            end_tag: None,
        }
    }

    /// The value of the attribute in no namespace named `name`.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|a| a.namespace == AttrNamespace::None && a.name == name)
            .map(|a| a.value.as_str())
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

/// What a node is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeData {
    /// The document node.
    Document,
    /// A document fragment (template contents, or the root of a parsed fragment).
    Fragment,
    /// A DOCTYPE.
    Doctype(Doctype),
    /// An element.
    Element(Element),
    /// A text node.
    Text(String),
    /// A comment.
    Comment(String),
    /// A shadow root (DOM "attach a shadow root"; the parser creates one for a declarative
    /// shadow root when [`crate::ParseOptions::allow_declarative_shadow_roots`] is set). It has
    /// no parent: [`Document::shadow_root`] finds it from its host.
    ShadowRoot(ShadowRoot),
}

/// One node: its data and its links.
#[derive(Debug, Clone)]
pub struct Node {
    parent: u32,
    first_child: u32,
    last_child: u32,
    prev_sibling: u32,
    next_sibling: u32,
    pub(crate) span: Option<Span>,
    /// What the node is.
    pub data: NodeData,
}

fn link(x: u32) -> Option<NodeId> {
    (x != NONE).then_some(NodeId(x))
}

impl Node {
    fn new(data: NodeData) -> Node {
        Node {
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            prev_sibling: NONE,
            next_sibling: NONE,
            span: None,
            data,
        }
    }
    /// The parent.
    pub fn parent(&self) -> Option<NodeId> {
        link(self.parent)
    }
    /// The first child.
    pub fn first_child(&self) -> Option<NodeId> {
        link(self.first_child)
    }
    /// The last child.
    pub fn last_child(&self) -> Option<NodeId> {
        link(self.last_child)
    }
    /// The previous sibling.
    pub fn prev_sibling(&self) -> Option<NodeId> {
        link(self.prev_sibling)
    }
    /// The next sibling.
    pub fn next_sibling(&self) -> Option<NodeId> {
        link(self.next_sibling)
    }
    /// The element data, if this is an element.
    pub fn as_element(&self) -> Option<&Element> {
        match &self.data {
            NodeData::Element(e) => Some(e),
            _ => None,
        }
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

/// A document: an arena of nodes, with [`NodeId::DOCUMENT`] as its root.
#[derive(Debug, Clone)]
pub struct Document {
    nodes: Vec<Node>,
    /// The quirks mode.
    pub quirks_mode: QuirksMode,
    pub(crate) errors: Vec<ParseError>,
    /// Host element -> its shadow root (at most one per host).
    shadow_roots: HashMap<NodeId, NodeId>,
    /// Line starts and offset maps of the parsed source, for [`Document::line_col`].
    source: Option<Box<spans::SourceIndex>>,
}

impl Default for Document {
    fn default() -> Self {
        Document::new()
    }
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

impl Document {
    /// An empty document (just the document node), in no-quirks mode.
    pub fn new() -> Document {
        Document {
            nodes: vec![Node::new(NodeData::Document)],
            quirks_mode: QuirksMode::NoQuirks,
            errors: Vec::new(),
            shadow_roots: HashMap::new(),
            source: None,
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

    /// The number of nodes in the arena (including detached ones and template contents).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena holds only the document node.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The node `id`.
    ///
    /// # Panics
    /// If `id` does not belong to this document.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The node `id`, mutably (only its data: links are changed through the mutation methods).
    pub fn data_mut(&mut self, id: NodeId) -> &mut NodeData {
        &mut self.nodes[id.index()].data
    }

    /// The element data of `id`, if it is an element.
    pub fn element(&self, id: NodeId) -> Option<&Element> {
        self.nodes.get(id.index()).and_then(|n| n.as_element())
    }

    /// The element data of `id`, mutably.
    pub fn element_mut(&mut self, id: NodeId) -> Option<&mut Element> {
        match self.nodes.get_mut(id.index()).map(|n| &mut n.data) {
            Some(NodeData::Element(e)) => Some(e),
            _ => None,
        }
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
        let mut s = String::new();
        if let NodeData::Text(t) | NodeData::Comment(t) = &self.nodes[id.index()].data {
            return t.clone();
        }
        for d in self.descendants(id) {
            if let NodeData::Text(t) = &self.nodes[d.index()].data {
                s.push_str(t);
            }
        }
        s
    }

    /// The first node in tree order below the document node for which `pred` holds.
    pub fn find(&self, mut pred: impl FnMut(NodeId, &Node) -> bool) -> Option<NodeId> {
        self.descendants(NodeId::DOCUMENT)
            .find(|&id| pred(id, &self.nodes[id.index()]))
    }

    /// The first HTML element named `name` in tree order.
    pub fn find_element(&self, name: &str) -> Option<NodeId> {
        self.find(|_, n| n.as_element().is_some_and(|e| e.is_html(name)))
    }

    /// Every HTML element named `name`, in tree order.
    pub fn find_all_elements<'a>(&'a self, name: &'a str) -> impl Iterator<Item = NodeId> + 'a {
        self.descendants(NodeId::DOCUMENT)
            .filter(move |id| self.element(*id).is_some_and(|e| e.is_html(name)))
    }

    /// The document element (the first element child of the document node).
    pub fn document_element(&self) -> Option<NodeId> {
        self.children(NodeId::DOCUMENT)
            .find(|c| self.element(*c).is_some())
    }

    // ----- mutation -----

    /// Creates a detached node.
    pub fn create_node(&mut self, data: NodeData) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).unwrap_or(NONE - 1));
        self.nodes.push(Node::new(data));
        id
    }

    /// Creates a detached element; a `template` element in the HTML namespace gets its contents
    /// fragment.
    pub fn create_element(&mut self, mut element: Element) -> NodeId {
        if element.namespace == Namespace::Html && element.name == "template" {
            element.template_contents = Some(self.create_node(NodeData::Fragment));
        }
        self.create_node(NodeData::Element(element))
    }

    /// Removes `id` from its parent (if any).
    pub fn detach(&mut self, id: NodeId) {
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

    /// Appends `child` (detaching it first) as the last child of `parent`.
    pub fn append(&mut self, parent: NodeId, child: NodeId) {
        self.detach(child);
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
    /// parent (if it has none, nothing happens).
    pub fn insert_before(&mut self, sibling: NodeId, child: NodeId) {
        self.detach(child);
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
    pub fn insert(&mut self, parent: NodeId, before: Option<NodeId>, child: NodeId) {
        match before {
            Some(b) => self.insert_before(b, child),
            None => self.append(parent, child),
        }
    }

    /// Inserts `text` into `parent` before `before` (or at the end): appended to the text node
    /// just before that position if there is one, else as a new text node.
    pub fn insert_text(&mut self, parent: NodeId, before: Option<NodeId>, text: &str) {
        let prev = match before {
            Some(b) => self.nodes[b.index()].prev_sibling(),
            None => self.nodes[parent.index()].last_child(),
        };
        if let Some(p) = prev
            && let NodeData::Text(t) = &mut self.nodes[p.index()].data
        {
            t.push_str(text);
            return;
        }
        let id = self.create_node(NodeData::Text(text.to_owned()));
        self.insert(parent, before, id);
    }

    /// Moves all children of `from` to the end of `to`.
    pub fn reparent_children(&mut self, from: NodeId, to: NodeId) {
        while let Some(c) = self.nodes[from.index()].first_child() {
            self.append(to, c);
        }
    }

    /// Adds each attribute of `attrs` that `id` (an element) does not have yet.
    pub fn add_attrs_if_missing(&mut self, id: NodeId, attrs: Vec<Attr>) {
        if let Some(e) = self.element_mut(id) {
            for a in attrs {
                if !e
                    .attrs
                    .iter()
                    .any(|x| x.name == a.name && x.namespace == a.namespace)
                {
                    e.attrs.push(a);
                }
            }
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
        if let NodeData::Element(Element {
            template_contents: Some(t),
            ..
        }) = &n.data
        {
            let t = *t;
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
