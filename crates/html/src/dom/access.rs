//! The read API of a [`Document`]: node kinds, names, attributes, text and source spans by
//! [`NodeId`].
//!
//! These accessors are the stable way to read a document. They hand out `&str` and small `Copy`
//! values whatever the storage underneath, so code written against them (selectors, link
//! extraction, the checker, language bindings) does not depend on how nodes are stored.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//! use websyntax_html::dom::NodeKind;
//!
//! let doc = parse_document("<a href=/x title=t>go</a>", ParseOptions::default());
//! let a = doc.find_element("a").unwrap();
//! assert_eq!(doc.kind(a), NodeKind::Element);
//! assert_eq!(doc.local_name(a), Some("a"));
//! let names: Vec<&str> = doc.attrs(a).map(|at| at.name()).collect();
//! assert_eq!(names, ["href", "title"]);
//! let text = doc.first_child(a).unwrap();
//! assert_eq!(doc.text(text), Some("go"));
//! ```

use super::{AttrData, AttrNamespace, Document, LocalName, Namespace, NodeData, NodeId, Stored};
use crate::error::Span;

/// What kind of node a [`NodeId`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// The document node.
    Document,
    /// A document fragment (template contents, or the root of a parsed fragment).
    Fragment,
    /// A DOCTYPE.
    Doctype,
    /// An element.
    Element,
    /// A text node.
    Text,
    /// A comment.
    Comment,
    /// A processing instruction (living standard only).
    ProcessingInstruction,
    /// A shadow root.
    ShadowRoot,
}

/// One attribute of an element, borrowed from its [`Document`].
#[derive(Debug, Clone, Copy)]
pub struct AttrRef<'a> {
    doc: &'a Document,
    attr: &'a AttrData,
}

impl<'a> AttrRef<'a> {
    /// The local name (ASCII-lowercased by the tokenizer; adjusted for SVG and MathML).
    pub fn name(&self) -> &'a str {
        self.doc.names.resolve(self.attr.name)
    }
    /// The local name as an atom.
    pub fn local_name(&self) -> LocalName {
        self.attr.name
    }
    /// The value, character references resolved.
    pub fn value(&self) -> &'a str {
        self.doc.range_str(&self.attr.value)
    }
    /// The namespace ([`AttrNamespace::None`] for every attribute of an HTML element).
    pub fn namespace(&self) -> AttrNamespace {
        self.attr.namespace
    }
    /// The prefix (`xlink`, `xml`, `xmlns`), if any: derived from the namespace and name as
    /// "adjust foreign attributes" sets them (`xmlns` itself has none).
    pub fn prefix(&self) -> Option<&'static str> {
        match self.attr.namespace {
            AttrNamespace::None => None,
            AttrNamespace::XLink => Some("xlink"),
            AttrNamespace::Xml => Some("xml"),
            AttrNamespace::Xmlns if self.name() == "xmlns" => None,
            AttrNamespace::Xmlns => Some("xmlns"),
        }
    }
    /// The qualified name: `prefix:name` or `name`.
    pub fn qualified_name(&self) -> std::borrow::Cow<'a, str> {
        match self.prefix() {
            Some(p) => format!("{p}:{}", self.name()).into(),
            None => self.name().into(),
        }
    }
    /// The source span of the attribute, from its name's first byte through the end of its
    /// value (closing quote included); `None` for an attribute not created from the source.
    pub fn span(&self) -> Option<Span> {
        self.attr.span.get()
    }
    /// The source span of the value inside any quotes; `None` for an attribute without a
    /// value in the source, or not created from the source.
    pub fn value_span(&self) -> Option<Span> {
        self.attr.value_span.get()
    }

    /// Whether the value is its source text unchanged: the value has a
    /// [`value_span`](Self::value_span) and its source held no character reference syntax
    /// (`&`), U+0000 or CR. Then, for a document parsed from a `&str` (or UTF-8 bytes), an
    /// offset `i` into the value is the source offset `value_span.start + i`, which is what
    /// narrowing a span to part of a value (a `srcset` candidate, a class token) needs.
    ///
    /// ```
    /// let doc = websyntax_html::parse_document("<a href='/x?a=1' title='R&amp;D'>", Default::default());
    /// let a = doc.find_element("a").unwrap();
    /// let attrs: Vec<_> = doc.attrs(a).map(|at| (at.name(), at.value_is_verbatim())).collect();
    /// assert_eq!(attrs, [("href", true), ("title", false)]);
    /// ```
    pub fn value_is_verbatim(&self) -> bool {
        self.attr.verbatim
    }
}

/// Iterator over an element's attributes, in source order.
#[derive(Debug, Clone)]
pub struct Attrs<'a> {
    doc: &'a Document,
    inner: std::slice::Iter<'a, AttrData>,
}

impl<'a> AttrRef<'a> {
    pub(super) fn new(doc: &'a Document, attr: &'a AttrData) -> AttrRef<'a> {
        AttrRef { doc, attr }
    }
}

impl<'a> Attrs<'a> {
    pub(super) fn new(doc: &'a Document, attrs: &'a [AttrData]) -> Attrs<'a> {
        Attrs {
            doc,
            inner: attrs.iter(),
        }
    }
}

impl<'a> Iterator for Attrs<'a> {
    type Item = AttrRef<'a>;
    fn next(&mut self) -> Option<AttrRef<'a>> {
        let doc = self.doc;
        self.inner.next().map(|attr| AttrRef { doc, attr })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl ExactSizeIterator for Attrs<'_> {}

impl<'a> DoubleEndedIterator for Attrs<'a> {
    fn next_back(&mut self) -> Option<AttrRef<'a>> {
        let doc = self.doc;
        self.inner.next_back().map(|attr| AttrRef { doc, attr })
    }
}

impl Document {
    /// Every node of the arena in creation order, including detached nodes and template
    /// contents (the document node first).
    pub fn node_ids(&self) -> impl ExactSizeIterator<Item = NodeId> + '_ {
        (0..self.len() as u32).map(NodeId)
    }

    /// A reference whose address identifies node `id` for as long as the document is borrowed
    /// (for APIs that compare nodes by address, such as the selector engine's opaque elements).
    pub(crate) fn identity(&self, id: NodeId) -> &impl Sized {
        &self.nodes[id.index()]
    }

    /// What kind of node `id` is.
    pub fn kind(&self, id: NodeId) -> NodeKind {
        match &self.nodes[id.index()].data {
            Stored::Document => NodeKind::Document,
            Stored::Fragment => NodeKind::Fragment,
            Stored::Doctype(_) => NodeKind::Doctype,
            Stored::Element(_) => NodeKind::Element,
            Stored::Text(_) => NodeKind::Text,
            Stored::Comment(_) => NodeKind::Comment,
            Stored::ProcessingInstruction(_) => NodeKind::ProcessingInstruction,
            Stored::ShadowRoot(_) => NodeKind::ShadowRoot,
        }
    }

    /// Whether `id` is an element.
    pub fn is_element(&self, id: NodeId) -> bool {
        matches!(self.nodes[id.index()].data, Stored::Element(_))
    }

    /// The local name of element `id` (`None` for other nodes).
    pub fn local_name(&self, id: NodeId) -> Option<&str> {
        self.element(id).map(|e| e.name())
    }

    /// The namespace of element `id` (`None` for other nodes).
    pub fn namespace(&self, id: NodeId) -> Option<Namespace> {
        self.element(id).map(|e| e.namespace())
    }

    /// Whether `id` is an HTML element with local name `name`.
    pub fn is_html_element(&self, id: NodeId, name: &str) -> bool {
        self.element(id).is_some_and(|e| e.is_html(name))
    }

    /// The attributes of element `id` in source order (empty for other nodes).
    pub fn attrs(&self, id: NodeId) -> Attrs<'_> {
        match &self.nodes[id.index()].data {
            Stored::Element(i) => Attrs::new(self, self.attr_slice(&self.elements[*i as usize])),
            _ => Attrs::new(self, &[]),
        }
    }

    /// The data of text node `id` (`None` for other nodes).
    #[inline]
    pub fn text(&self, id: NodeId) -> Option<&str> {
        match self.data(id) {
            NodeData::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The data of comment node `id` (`None` for other nodes).
    pub fn comment(&self, id: NodeId) -> Option<&str> {
        match self.data(id) {
            NodeData::Comment(t) => Some(t),
            _ => None,
        }
    }

    /// The contents fragment of HTML `template` element `id`.
    pub fn template_contents(&self, id: NodeId) -> Option<NodeId> {
        self.element(id).and_then(|e| e.template_contents())
    }

    /// The first child of `id`.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].first_child()
    }

    /// The last child of `id`.
    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].last_child()
    }

    /// The next sibling of `id`.
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].next_sibling()
    }

    /// The previous sibling of `id`.
    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].prev_sibling()
    }

    /// The source span of node `id`: for an element, from its start tag's `<` to the end of
    /// its end tag (or, without one, to the end of its start tag or of its last spanned
    /// descendant, whichever is later); for text, its first character's first byte to its
    /// last character's last byte; for comments and doctypes, the token. `None` for nodes the
    /// parser created without a token of their own (implied `html`, `head`, `body`, `tbody`,
    /// reconstructed formatting elements, adoption-agency clones) and for nodes created by
    /// editing.
    pub fn span(&self, id: NodeId) -> Option<Span> {
        self.nodes[id.index()].span.get()
    }

    /// The span of element `id`'s start tag (`<` through `>`).
    pub fn start_tag_span(&self, id: NodeId) -> Option<Span> {
        self.element(id).and_then(|e| e.start_tag_span())
    }

    /// The span of element `id`'s end tag, when an explicit end tag closed it.
    pub fn end_tag_span(&self, id: NodeId) -> Option<Span> {
        self.element(id).and_then(|e| e.end_tag_span())
    }

    /// The document's title as the DOM's `document.title` getter gives it: the child text
    /// of the first HTML `title` element in tree order, with ASCII whitespace stripped and
    /// collapsed; `None` when there is no `title` element.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<title>  Hello \n world </title>", ParseOptions::default());
    /// assert_eq!(doc.title().as_deref(), Some("Hello world"));
    /// assert_eq!(parse_document("<p>x", ParseOptions::default()).title(), None);
    /// ```
    pub fn title(&self) -> Option<String> {
        let title = self.find_element("title")?;
        let mut out = String::new();
        let mut space = false;
        for chunk in self.children(title).filter_map(|c| self.text(c)) {
            for c in chunk.chars() {
                if matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ') {
                    space = !out.is_empty();
                } else {
                    if space {
                        out.push(' ');
                        space = false;
                    }
                    out.push(c);
                }
            }
        }
        Some(out)
    }
}
