//! Safe editing: the DOM Standard's mutation algorithms (§4.2.3 "mutation algorithms") with
//! their validity checks, so that no sequence of calls can corrupt the tree.
//!
//! Every method checks first and changes the tree only when the check passes: on an error the
//! tree is exactly as it was. Insertion that would create a cycle, insert a node into itself or
//! its descendant, give a document a second root element or doctype, put text directly in a
//! document, or reference a sibling that is not a child of the parent is refused with a
//! [`HierarchyRequestError`] saying which rule was broken.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//! use websyntax_html::dom::{HierarchyRequestError, Namespace};
//!
//! let mut doc = parse_document("<div id=a><b>x</b></div>", ParseOptions::default());
//! let div = doc.find_element("div").unwrap();
//! let b = doc.find_element("b").unwrap();
//! // Moving an ancestor into its own descendant is refused; the tree is unchanged.
//! assert_eq!(doc.append_child(b, div), Err(HierarchyRequestError::WouldCreateCycle));
//! let p = doc.create_html_element("p");
//! doc.append_child(div, p).unwrap();
//! doc.set_attribute(p, "class", "note").unwrap();
//! assert_eq!(
//!     doc.to_html(),
//!     "<html><head></head><body><div id=\"a\"><b>x</b><p class=\"note\"></p></div></body></html>"
//! );
//! ```

use std::fmt;

use super::access::AttrRef;
use super::{AttrInput, Document, Element, Namespace, NodeId, NodeKind as Kind, Stored};

/// Why an edit was refused: the DOM Standard's `HierarchyRequestError` and `NotFoundError`
/// cases of "ensure pre-insertion validity" and "replace a child", plus the checks this API adds
/// for ids and attribute names. The tree is unchanged when one is returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HierarchyRequestError {
    /// A [`NodeId`] that does not belong to this document.
    UnknownNode(NodeId),
    /// The parent cannot have children (it is a text, comment or doctype node).
    ParentCannotHaveChildren,
    /// The node is the parent itself or one of its ancestors (including through template
    /// contents or a shadow root's host): inserting it would create a cycle.
    WouldCreateCycle,
    /// The reference child (`before`, or the node to replace) is not a child of the parent
    /// (the DOM's `NotFoundError`).
    NotAChild,
    /// The node cannot be inserted anywhere (a document or a shadow root).
    CannotInsertNode,
    /// Text cannot be a child of a document.
    TextInDocument,
    /// A doctype can only be a child of a document.
    DoctypeOutsideDocument,
    /// A document can have only one element child.
    SecondDocumentElement,
    /// A document can have only one doctype.
    SecondDoctype,
    /// In a document, the doctype must come before the element.
    DoctypeAfterElement,
    /// In a document, the element must come after the doctype.
    ElementBeforeDoctype,
    /// A fragment inserted into a document must have at most one element child and no text.
    InvalidFragmentForDocument,
    /// The node is not an element (for attribute methods).
    NotAnElement,
    /// The attribute name is empty or contains a character that cannot appear in an
    /// attribute name (ASCII whitespace, `/`, `>`, `=`, `"`, `'`, `<`, NUL): the DOM's
    /// `InvalidCharacterError`.
    InvalidAttributeName,
}

impl fmt::Display for HierarchyRequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use HierarchyRequestError as E;
        let s = match self {
            E::UnknownNode(id) => return write!(f, "node {id} does not belong to this document"),
            E::ParentCannotHaveChildren => "the parent cannot have children",
            E::WouldCreateCycle => "the node is the parent or one of its ancestors",
            E::NotAChild => "the reference node is not a child of the parent",
            E::CannotInsertNode => "a document or shadow root cannot be inserted",
            E::TextInDocument => "text cannot be a child of a document",
            E::DoctypeOutsideDocument => "a doctype can only be a child of a document",
            E::SecondDocumentElement => "a document can have only one element child",
            E::SecondDoctype => "a document can have only one doctype",
            E::DoctypeAfterElement => "a doctype must come before the document element",
            E::ElementBeforeDoctype => "the document element must come after the doctype",
            E::InvalidFragmentForDocument => {
                "a fragment inserted into a document must have at most one element and no text"
            }
            E::NotAnElement => "the node is not an element",
            E::InvalidAttributeName => "invalid attribute name",
        };
        f.write_str(s)
    }
}

impl std::error::Error for HierarchyRequestError {}

impl Document {
    fn check_id(&self, id: NodeId) -> Result<(), HierarchyRequestError> {
        if id.index() < self.nodes.len() {
            Ok(())
        } else {
            Err(HierarchyRequestError::UnknownNode(id))
        }
    }

    /// Whether `node` is a host-including inclusive ancestor of `of`: `of` or an ancestor of
    /// it through parents, shadow roots' hosts and the templates whose contents fragments
    /// are met. The fragments' templates are looked up in one table made on the first need
    /// (one pass over the nodes), so the climb stays linear through nested templates.
    fn is_host_including_inclusive_ancestor(&self, node: NodeId, of: NodeId) -> bool {
        let mut owners: Option<std::collections::HashMap<NodeId, NodeId>> = None;
        let mut cur = Some(of);
        while let Some(c) = cur {
            if c == node {
                return true;
            }
            cur = match self.nodes[c.index()].parent() {
                Some(p) => Some(p),
                None => match &self.nodes[c.index()].data {
                    Stored::ShadowRoot(i) => self.shadow_root_host(*i),
                    Stored::Fragment => owners
                        .get_or_insert_with(|| self.template_owners())
                        .get(&c)
                        .copied(),
                    _ => None,
                },
            };
        }
        false
    }

    fn element_children(&self, parent: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.children(parent)
            .filter(|&c| self.kind(c) == Kind::Element)
    }

    /// Whether a doctype follows `child` among its siblings.
    fn doctype_following(&self, child: NodeId) -> bool {
        let mut c = self.nodes[child.index()].next_sibling();
        while let Some(x) = c {
            if self.kind(x) == Kind::Doctype {
                return true;
            }
            c = self.nodes[x.index()].next_sibling();
        }
        false
    }

    /// Whether an element precedes `child` among its siblings.
    fn element_preceding(&self, child: NodeId) -> bool {
        let mut c = self.nodes[child.index()].prev_sibling();
        while let Some(x) = c {
            if self.kind(x) == Kind::Element {
                return true;
            }
            c = self.nodes[x.index()].prev_sibling();
        }
        false
    }

    /// DOM §4.2.3 "ensure pre-insertion validity" of `node` into `parent` before `child`, and
    /// (with `replacing`) the checks of "replace a child", which ignore `child` itself when
    /// counting the document's element and doctype.
    fn ensure_validity(
        &self,
        node: NodeId,
        parent: NodeId,
        child: Option<NodeId>,
        replacing: bool,
    ) -> Result<(), HierarchyRequestError> {
        use HierarchyRequestError as E;
        self.check_id(node)?;
        self.check_id(parent)?;
        if let Some(c) = child {
            self.check_id(c)?;
        }
        // Step 1: the parent must be a document, fragment or element.
        let pk = self.kind(parent);
        if !matches!(
            pk,
            Kind::Document | Kind::Fragment | Kind::Element | Kind::ShadowRoot
        ) {
            return Err(E::ParentCannotHaveChildren);
        }
        // Step 2: no cycles.
        if self.is_host_including_inclusive_ancestor(node, parent) {
            return Err(E::WouldCreateCycle);
        }
        // Step 3: the reference child must be a child of parent.
        if let Some(c) = child
            && self.nodes[c.index()].parent() != Some(parent)
        {
            return Err(E::NotAChild);
        }
        // Step 4: the node must be insertable.
        let nk = self.kind(node);
        if matches!(nk, Kind::Document | Kind::ShadowRoot) {
            return Err(E::CannotInsertNode);
        }
        // Step 5.
        if nk == Kind::Text && pk == Kind::Document {
            return Err(E::TextInDocument);
        }
        if nk == Kind::Doctype && pk != Kind::Document {
            return Err(E::DoctypeOutsideDocument);
        }
        // Step 6: a document's children.
        if pk != Kind::Document {
            return Ok(());
        }
        let other_elements = self
            .element_children(parent)
            .filter(|&e| !(replacing && Some(e) == child))
            .count();
        let child_is_doctype = child.is_some_and(|c| self.kind(c) == Kind::Doctype);
        let element_rule = |elements_in_node: usize| -> Result<(), HierarchyRequestError> {
            if elements_in_node == 0 {
                return Ok(());
            }
            if other_elements > 0 {
                return Err(E::SecondDocumentElement);
            }
            if (!replacing && child_is_doctype) || child.is_some_and(|c| self.doctype_following(c))
            {
                return Err(E::ElementBeforeDoctype);
            }
            Ok(())
        };
        match nk {
            Kind::Fragment => {
                let mut elements = 0;
                for c in self.children(node) {
                    match self.kind(c) {
                        Kind::Element => elements += 1,
                        Kind::Text => return Err(E::InvalidFragmentForDocument),
                        _ => {}
                    }
                }
                if elements > 1 {
                    return Err(E::InvalidFragmentForDocument);
                }
                element_rule(elements)
            }
            Kind::Element => element_rule(1),
            Kind::Doctype => {
                if self
                    .children(parent)
                    .any(|c| self.kind(c) == Kind::Doctype && !(replacing && Some(c) == child))
                {
                    return Err(E::SecondDoctype);
                }
                match child {
                    Some(c) if self.element_preceding(c) => Err(E::DoctypeAfterElement),
                    None if other_elements > 0 => Err(E::DoctypeAfterElement),
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// Inserts a checked `node` (its children, for a fragment) before `child` or at the end.
    fn insert_checked(&mut self, node: NodeId, parent: NodeId, child: Option<NodeId>) {
        let insert_one = |d: &mut Document, n: NodeId| match child {
            Some(c) => d.insert_before_unchecked(c, n),
            None => d.append(parent, n),
        };
        if self.kind(node) == Kind::Fragment {
            // A fragment's children move, in order; the fragment is left empty.
            while let Some(n) = self.first_child(node) {
                insert_one(self, n);
            }
        } else {
            insert_one(self, node);
        }
    }

    /// Appends `node` as the last child of `parent` (DOM `parent.appendChild(node)`), moving it
    /// from wherever it was. A fragment's children are moved instead of the fragment. Returns
    /// `node`.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<ul><li>a</ul>", ParseOptions::default());
    /// let ul = doc.find_element("ul").unwrap();
    /// let li = doc.create_html_element("li");
    /// let text = doc.create_text("b");
    /// doc.append_child(li, text).unwrap();
    /// doc.append_child(ul, li).unwrap();
    /// assert_eq!(doc.outer_html(ul), "<ul><li>a</li><li>b</li></ul>");
    /// ```
    pub fn append_child(
        &mut self,
        parent: NodeId,
        node: NodeId,
    ) -> Result<NodeId, HierarchyRequestError> {
        self.ensure_validity(node, parent, None, false)?;
        self.insert_checked(node, parent, None);
        Ok(node)
    }

    /// Inserts `node` into `parent` before its child `child`, or at the end when `child` is
    /// `None` (DOM `parent.insertBefore(node, child)`). Inserting a node before itself leaves
    /// it where it is. Returns `node`.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::dom::HierarchyRequestError;
    /// let mut doc = parse_document("<p><b>2</b></p><i>x</i>", ParseOptions::default());
    /// let p = doc.find_element("p").unwrap();
    /// let b = doc.find_element("b").unwrap();
    /// let i = doc.find_element("i").unwrap();
    /// let one = doc.create_text("1");
    /// doc.insert_before(p, one, Some(b)).unwrap();
    /// doc.insert_before(p, b, Some(b)).unwrap(); // before itself: stays
    /// assert_eq!(doc.outer_html(p), "<p>1<b>2</b></p>");
    /// // `b` is not a child of `i`:
    /// assert_eq!(doc.insert_before(i, one, Some(b)), Err(HierarchyRequestError::NotAChild));
    /// ```
    pub fn insert_before(
        &mut self,
        parent: NodeId,
        node: NodeId,
        child: Option<NodeId>,
    ) -> Result<NodeId, HierarchyRequestError> {
        self.ensure_validity(node, parent, child, false)?;
        // "pre-insert" step 3: if child is node, set child to node's next sibling.
        let child = if child == Some(node) {
            self.nodes[node.index()].next_sibling()
        } else {
            child
        };
        self.insert_checked(node, parent, child);
        Ok(node)
    }

    /// Removes `node` from its parent (DOM `node.remove()`); a node without a parent stays as it
    /// is. The node keeps its own children and can be inserted again.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<p>a<b>b</b>c</p>", ParseOptions::default());
    /// let b = doc.find_element("b").unwrap();
    /// doc.remove(b).unwrap();
    /// assert_eq!(doc.outer_html(doc.find_element("p").unwrap()), "<p>ac</p>");
    /// assert_eq!(doc.parent(b), None);
    /// ```
    pub fn remove(&mut self, node: NodeId) -> Result<(), HierarchyRequestError> {
        self.check_id(node)?;
        self.detach(node);
        Ok(())
    }

    /// Replaces `node` in its parent with `replacement` (DOM `node.replaceWith(replacement)`,
    /// with the checks of "replace a child"). A node without a parent: nothing happens. A
    /// fragment's children replace the node.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<p><b>old</b></p>", ParseOptions::default());
    /// let b = doc.find_element("b").unwrap();
    /// let em = doc.create_html_element("em");
    /// let t = doc.create_text("new");
    /// doc.append_child(em, t).unwrap();
    /// doc.replace_with(b, em).unwrap();
    /// assert_eq!(doc.outer_html(doc.find_element("p").unwrap()), "<p><em>new</em></p>");
    /// ```
    pub fn replace_with(
        &mut self,
        node: NodeId,
        replacement: NodeId,
    ) -> Result<(), HierarchyRequestError> {
        self.check_id(node)?;
        self.check_id(replacement)?;
        let Some(parent) = self.nodes[node.index()].parent() else {
            return Ok(());
        };
        if node == replacement {
            return Ok(());
        }
        self.ensure_validity(replacement, parent, Some(node), true)?;
        // Insert before node's next sibling that is not the replacement, then take node out.
        let mut next = self.nodes[node.index()].next_sibling();
        if next == Some(replacement) {
            next = self.nodes[replacement.index()].next_sibling();
        }
        self.detach(node);
        self.insert_checked(replacement, parent, next);
        Ok(())
    }

    /// Sets attribute `name` (no namespace) of element `element` to `value`, replacing an
    /// existing value in place or appending a new attribute (DOM `setAttribute`). On an HTML
    /// element the name is ASCII-lowercased, as in an HTML document.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::dom::HierarchyRequestError;
    /// let mut doc = parse_document("<a href=x>y</a>", ParseOptions::default());
    /// let a = doc.find_element("a").unwrap();
    /// doc.set_attribute(a, "HREF", "/new").unwrap();
    /// doc.set_attribute(a, "title", "a&b").unwrap();
    /// assert_eq!(doc.outer_html(a), "<a href=\"/new\" title=\"a&amp;b\">y</a>");
    /// assert_eq!(doc.set_attribute(a, "a b", ""), Err(HierarchyRequestError::InvalidAttributeName));
    /// ```
    pub fn set_attribute(
        &mut self,
        element: NodeId,
        name: &str,
        value: &str,
    ) -> Result<(), HierarchyRequestError> {
        self.check_id(element)?;
        let name = self.attribute_name_for(element, name)?;
        self.set_attr_value(element, &name, value);
        Ok(())
    }

    /// Removes attribute `name` (no namespace) of element `element` (DOM `removeAttribute`).
    /// Returns whether there was one.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<p id=a class=b>", ParseOptions::default());
    /// let p = doc.find_element("p").unwrap();
    /// assert_eq!(doc.remove_attribute(p, "id"), Ok(true));
    /// assert_eq!(doc.remove_attribute(p, "id"), Ok(false));
    /// assert_eq!(doc.outer_html(p), "<p class=\"b\"></p>");
    /// ```
    pub fn remove_attribute(
        &mut self,
        element: NodeId,
        name: &str,
    ) -> Result<bool, HierarchyRequestError> {
        self.check_id(element)?;
        let name = self.attribute_name_for(element, name)?;
        Ok(self.remove_attr(element, &name))
    }

    /// Checks an attribute name and lowercases it for HTML elements.
    fn attribute_name_for(
        &self,
        element: NodeId,
        name: &str,
    ) -> Result<String, HierarchyRequestError> {
        let e = self
            .element(element)
            .ok_or(HierarchyRequestError::NotAnElement)?;
        if name.is_empty()
            || name.bytes().any(|b| {
                matches!(
                    b,
                    b'\t'
                        | b'\n'
                        | b'\x0c'
                        | b'\r'
                        | b' '
                        | b'/'
                        | b'>'
                        | b'='
                        | b'"'
                        | b'\''
                        | b'<'
                        | 0
                )
            })
        {
            return Err(HierarchyRequestError::InvalidAttributeName);
        }
        Ok(if e.namespace() == Namespace::Html {
            name.to_ascii_lowercase()
        } else {
            name.to_owned()
        })
    }

    /// Keeps only the attributes of element `element` for which `keep` returns true, in their
    /// order (DOM "remove an attribute" for each of the others); returns how many were removed.
    /// One pass, no allocation; a non-element: nothing happens.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<p id=a onclick=x class=b>", ParseOptions::default());
    /// let p = doc.find_element("p").unwrap();
    /// assert_eq!(doc.retain_attributes(p, |a| !a.name().starts_with("on")), 1);
    /// assert_eq!(doc.outer_html(p), "<p id=\"a\" class=\"b\"></p>");
    /// ```
    pub fn retain_attributes(
        &mut self,
        element: NodeId,
        mut keep: impl FnMut(AttrRef<'_>) -> bool,
    ) -> usize {
        let Some(Stored::Element(ei)) = self.nodes.get(element.index()).map(|n| &n.data) else {
            return 0;
        };
        let ei = *ei as usize;
        let (start, len) = {
            let e = &self.elements[ei];
            (e.attrs_start as usize, e.attrs_len as usize)
        };
        let mut kept = 0;
        for i in 0..len {
            if keep(AttrRef::new(self, &self.attrs[start + i])) {
                if kept != i {
                    self.attrs.swap(start + kept, start + i);
                }
                kept += 1;
            }
        }
        if kept != len {
            self.invalidate_index();
            self.elements[ei].attrs_len = kept as u32;
        }
        len - kept
    }

    /// Replaces `node` with its children (DOM "replace all" of the node's children into its
    /// parent, then removal of the node): the children move, in order, to where the node was.
    /// A node without a parent: nothing happens. O(number of children): moving a node's
    /// children up can create no cycle. A document parent goes through the checked path
    /// ([`Document::replace_with`]), which refuses text or a second element there.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<p>a<b>b<i>c</i></b>d</p>", ParseOptions::default());
    /// let b = doc.find_element("b").unwrap();
    /// doc.replace_with_children(b).unwrap();
    /// assert_eq!(doc.outer_html(doc.find_element("p").unwrap()), "<p>ab<i>c</i>d</p>");
    /// ```
    pub fn replace_with_children(&mut self, node: NodeId) -> Result<(), HierarchyRequestError> {
        self.check_id(node)?;
        let Some(parent) = self.nodes[node.index()].parent() else {
            return Ok(());
        };
        if self.kind(parent) == Kind::Document {
            let fragment = self.create_fragment();
            // Checked: a node's children can always move into an empty fragment.
            while let Some(c) = self.first_child(node) {
                self.append(fragment, c);
            }
            let result = self.replace_with(node, fragment);
            if result.is_err() {
                while let Some(c) = self.first_child(fragment) {
                    self.append(node, c);
                }
            }
            return result;
        }
        while let Some(c) = self.first_child(node) {
            self.insert_before_unchecked(node, c);
        }
        self.detach(node);
        Ok(())
    }

    /// A deep copy of node `node` of document `src` made in this document (DOM `importNode`
    /// with `deep`), detached: elements with their attributes, text, comments, doctypes,
    /// template contents, and shadow roots (declarative or not, with their flags). A document
    /// node is copied as a fragment holding copies of its children. Iterative: any depth.
    ///
    /// ```
    /// use websyntax_html::{parse_document, parse_fragment, Document, ParseOptions};
    /// let src = parse_fragment("<p class=x>a<template><b>t</b></template>", &"div".parse().unwrap(), ParseOptions::default());
    /// let mut doc = parse_document("<div></div>", ParseOptions::default());
    /// let div = doc.find_element("div").unwrap();
    /// let p = src.nodes().next().unwrap();
    /// let copy = doc.import_node(&src.document, p);
    /// doc.append_child(div, copy).unwrap();
    /// assert_eq!(doc.inner_html(div), "<p class=\"x\">a<template><b>t</b></template></p>");
    /// ```
    pub fn import_node(&mut self, src: &Document, node: NodeId) -> NodeId {
        let copy_one = |dst: &mut Document, n: NodeId| -> NodeId {
            match &src.nodes[n.index()].data {
                Stored::Element(ei) => {
                    let e = &src.elements[*ei as usize];
                    let attrs = src.attr_slice(e).iter().map(|a| AttrInput {
                        namespace: a.namespace,
                        name: src.names.resolve(a.name),
                        value: src.range_str(&a.value),
                        span: None,
                        value_span: None,
                        verbatim: false,
                    });
                    dst.create_element_with(e.namespace, src.names.resolve(e.name), attrs)
                }
                Stored::Text(r) => dst.create_text(src.range_str(r)),
                Stored::Comment(r) => dst.create_comment(src.range_str(r)),
                Stored::ProcessingInstruction(r) => {
                    let (target, data) = src.range_str(r).split_once(' ').unwrap_or(("", ""));
                    dst.create_processing_instruction(target, data)
                }
                Stored::Doctype(i) => dst.create_doctype(src.doctypes[*i as usize].clone()),
                Stored::ShadowRoot(_) | Stored::Document | Stored::Fragment => {
                    dst.create_fragment()
                }
            }
        };
        let top = copy_one(self, node);
        // (source parent, copy parent) pairs whose children, template contents and shadow root
        // are still to copy.
        let mut work = vec![(node, top)];
        while let Some((s, d)) = work.pop() {
            for c in src.children(s) {
                let dc = copy_one(self, c);
                self.append(d, dc);
                work.push((c, dc));
            }
            if let Some(sc) = src.template_contents(s)
                && let Some(dc) = self.template_contents(d)
            {
                work.push((sc, dc));
            }
            if let Some(sr) = src.shadow_root(s)
                && let Stored::ShadowRoot(i) = src.nodes[sr.index()].data
            {
                let data = src.shadow_root_data[i as usize].clone();
                let root = self.create_shadow_root(super::ShadowRoot { host: d, ..data });
                self.shadow_roots.insert(d, root);
                work.push((sr, root));
            }
        }
        top
    }

    /// Creates a detached HTML element named `name` (ASCII-lowercased), ready to insert.
    ///
    /// ```
    /// use websyntax_html::Document;
    /// let mut doc = Document::new();
    /// let html = doc.create_html_element("HTML");
    /// doc.append_child(doc.root(), html).unwrap();
    /// assert_eq!(doc.to_html(), "<html></html>");
    /// ```
    pub fn create_html_element(&mut self, name: &str) -> NodeId {
        self.create_element(Element::new(
            Namespace::Html,
            name.to_ascii_lowercase(),
            Vec::new(),
        ))
    }

    /// The HTML serialization of the whole document (its children; scripting enabled).
    pub fn to_html(&self) -> String {
        crate::serialize::serialize_document(self)
    }

    /// The HTML serialization of `node` and its descendants (`outerHTML`; scripting enabled).
    pub fn outer_html(&self, node: NodeId) -> String {
        crate::serialize::serialize_node(self, node, true)
    }

    /// The HTML serialization of `node`'s children (`innerHTML`; scripting enabled).
    pub fn inner_html(&self, node: NodeId) -> String {
        crate::serialize::serialize_children(self, node, true)
    }
}
