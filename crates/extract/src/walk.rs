//! The iterative tree walk every operation of this crate uses, the elements that are never
//! content, and a set of nodes.
//!
//! Documents can be 10^6 levels deep: nothing here recurses. [`traverse`] moves through the
//! tree with `first_child` / `next_sibling` / `parent` only, so it needs no stack at all.

use websyntax_html::dom::{AttrNamespace, LocalName};
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
pub(crate) fn is_skipped(doc: &Document, names: &Names, id: NodeId, scripting: bool) -> bool {
    let Some(name) = doc.local_name(id) else {
        return false;
    };
    matches!(
        name,
        "head" | "script" | "style" | "template" | "title" | "iframe" | "datalist" | "rp"
    ) || (name == "noscript" && scripting)
        || names.get(doc, id, names.hidden).is_some()
}

/// Whether `name` is a block-level element for text purposes: the readable-text rule's list.
pub(crate) use websyntax_html::text::is_block;

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

/// The attribute names this crate reads, as the document's name atoms (`None`: no attribute of
/// the document has that name), so that reading an attribute compares atoms only.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Names {
    pub hidden: Option<LocalName>,
    pub class: Option<LocalName>,
    pub id: Option<LocalName>,
    pub role: Option<LocalName>,
    pub aria_hidden: Option<LocalName>,
    pub style: Option<LocalName>,
    pub itemprop: Option<LocalName>,
    pub href: Option<LocalName>,
    pub src: Option<LocalName>,
    pub srcset: Option<LocalName>,
    pub alt: Option<LocalName>,
    pub start: Option<LocalName>,
    pub value: Option<LocalName>,
    pub colspan: Option<LocalName>,
}

impl Names {
    pub(crate) fn new(doc: &Document) -> Names {
        let n = |s: &str| doc.lookup_name(s);
        Names {
            hidden: n("hidden"),
            class: n("class"),
            id: n("id"),
            role: n("role"),
            aria_hidden: n("aria-hidden"),
            style: n("style"),
            itemprop: n("itemprop"),
            href: n("href"),
            src: n("src"),
            srcset: n("srcset"),
            alt: n("alt"),
            start: n("start"),
            value: n("value"),
            colspan: n("colspan"),
        }
    }

    /// The value of attribute `name` (no namespace) of element `id`.
    pub(crate) fn get<'a>(
        &self,
        doc: &'a Document,
        id: NodeId,
        name: Option<LocalName>,
    ) -> Option<&'a str> {
        let name = name?;
        doc.element(id)?
            .attrs()
            .find(|a| a.local_name() == name && a.namespace() == AttrNamespace::None)
            .map(|a| a.value())
    }
}
