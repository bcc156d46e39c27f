//! The iterative tree walk every operation of this crate uses, the elements that are never
//! content, and a set of nodes.
//!
//! Documents can be 10^6 levels deep: nothing here recurses. [`traverse`] moves through the
//! tree with `first_child` / `next_sibling` / `parent` only, so it needs no stack at all.

use websyntax_html::dom::AttrNamespace;
use websyntax_html::{Document, NodeId};

/// Visits the subtree of `root` in tree order without recursion. `enter` is called for each
/// node; when it returns `true` the node's children are visited and then `leave` is called
/// for it; when it returns `false` its subtree is skipped (and `leave` is not called).
pub(crate) fn traverse<S>(
    doc: &Document,
    root: NodeId,
    state: &mut S,
    mut enter: impl FnMut(&mut S, NodeId) -> bool,
    mut leave: impl FnMut(&mut S, NodeId),
) {
    let mut cur = root;
    loop {
        if enter(state, cur) {
            if let Some(c) = doc.first_child(cur) {
                cur = c;
                continue;
            }
            leave(state, cur);
        }
        // Climb until a node with a next sibling (or the root) is found.
        loop {
            if cur == root {
                return;
            }
            if let Some(s) = doc.next_sibling(cur) {
                cur = s;
                break;
            }
            match doc.parent(cur) {
                Some(p) => {
                    cur = p;
                    leave(state, cur);
                }
                None => return,
            }
        }
    }
}

/// Whether element `id` is never content: the subtrees the readable-text rule skips (`head`,
/// `script`, `style`, `template`, `title`, `iframe`, `datalist`, `rp`, `noscript` when
/// scripting is on) and any element with a `hidden` attribute.
pub(crate) fn is_skipped(doc: &Document, id: NodeId, scripting: bool) -> bool {
    let Some(name) = doc.local_name(id) else {
        return false;
    };
    matches!(
        name,
        "head" | "script" | "style" | "template" | "title" | "iframe" | "datalist" | "rp"
    ) || (name == "noscript" && scripting)
        || attr(doc, id, "hidden").is_some()
}

/// Whether `name` is a block-level element for text purposes (the readable-text rule's list).
pub(crate) fn is_block(name: &str) -> bool {
    matches!(
        name,
        "address"
            | "article"
            | "aside"
            | "blockquote"
            | "body"
            | "caption"
            | "center"
            | "dd"
            | "details"
            | "dialog"
            | "dir"
            | "div"
            | "dl"
            | "dt"
            | "fieldset"
            | "figcaption"
            | "figure"
            | "footer"
            | "form"
            | "frameset"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "header"
            | "hgroup"
            | "hr"
            | "html"
            | "legend"
            | "li"
            | "listing"
            | "main"
            | "menu"
            | "nav"
            | "ol"
            | "optgroup"
            | "option"
            | "p"
            | "plaintext"
            | "pre"
            | "search"
            | "section"
            | "summary"
            | "table"
            | "tbody"
            | "tfoot"
            | "thead"
            | "tr"
            | "ul"
            | "xmp"
    )
}

/// A set of nodes of one document (a bit per node).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodeSet {
    bits: Vec<u64>,
}

impl NodeSet {
    /// An empty set for a document of `len` nodes.
    pub fn with_len(len: usize) -> NodeSet {
        NodeSet {
            bits: vec![0; len.div_ceil(64)],
        }
    }

    /// Adds `id`.
    pub fn insert(&mut self, id: NodeId) {
        let i = id.index();
        if i / 64 >= self.bits.len() {
            self.bits.resize(i / 64 + 1, 0);
        }
        self.bits[i / 64] |= 1 << (i % 64);
    }

    /// Whether `id` is in the set.
    pub fn contains(&self, id: NodeId) -> bool {
        let i = id.index();
        self.bits
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
}

/// The value of attribute `name` (no namespace) of element `id`: a scan of the element's
/// attributes (most have none or a few), without looking the name up in the document's name
/// table.
pub(crate) fn attr<'a>(doc: &'a Document, id: NodeId, name: &str) -> Option<&'a str> {
    let e = doc.element(id)?;
    let mut attrs = e.attrs();
    if attrs.len() == 0 {
        return None;
    }
    attrs
        .find(|a| a.namespace() == AttrNamespace::None && a.name() == name)
        .map(|a| a.value())
}
