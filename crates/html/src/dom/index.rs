//! A document's element index: its elements in tree order with lists by local name, attribute
//! name, ID and class, built on first use by the selector engine and dropped by every edit.
//!
//! Positions are indices into [`ElementIndex::order`] (tree order), so every list is sorted in
//! document order and the descendants of the element at position `p` are exactly the positions
//! `p + 1 .. ends[p]`. Only the document's own tree is indexed: template contents and shadow
//! trees are not (as `querySelectorAll` does not search them). Lists are *candidates*: an ID or
//! class list holds every element whose ID or class is ASCII case-insensitively equal to the
//! key, a superset of the exact matches, so the index is right whatever the quirks mode.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use rustc_hash::FxHasher;

use super::{AttrNamespace, Document, ElementRef, LocalName, Node, NodeId, Stored};

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// The element index of a [`Document`] (see the module documentation).
#[derive(Clone, Default)]
pub(crate) struct ElementIndex {
    /// The elements below the document node, in tree order.
    pub(crate) order: Vec<NodeId>,
    /// For each position, the element's record (an index into the document's `elements`).
    records: Vec<u32>,
    /// For each position, the end (exclusive) of its subtree's positions.
    pub(crate) ends: Vec<u32>,
    by_name: FxMap<LocalName, Vec<u32>>,
    by_attr: FxMap<LocalName, Vec<u32>>,
    /// Keyed by the ASCII-lowercased ID.
    by_id: FxMap<Box<str>, Vec<u32>>,
    /// Keyed by the ASCII-lowercased class.
    by_class: FxMap<Box<str>, Vec<u32>>,
}

impl std::fmt::Debug for ElementIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElementIndex")
            .field("elements", &self.order.len())
            .finish_non_exhaustive()
    }
}

/// Appends `pos` to the list of `key` in `map` (once), keyed ASCII-lowercased.
fn push_str_key(map: &mut FxMap<Box<str>, Vec<u32>>, key: &str, pos: u32, scratch: &mut String) {
    let key = if key.bytes().any(|b| b.is_ascii_uppercase()) {
        scratch.clear();
        scratch.push_str(key);
        scratch.make_ascii_lowercase();
        scratch.as_str()
    } else {
        key
    };
    match map.get_mut(key) {
        Some(list) => {
            if list.last() != Some(&pos) {
                list.push(pos);
            }
        }
        None => {
            map.insert(key.into(), vec![pos]);
        }
    }
}

/// Looks `key` up ASCII case-insensitively in a map keyed by lowercased strings.
fn get_str_key<'a>(map: &'a FxMap<Box<str>, Vec<u32>>, key: &str) -> &'a [u32] {
    let found = if key.bytes().any(|b| b.is_ascii_uppercase()) {
        map.get(key.to_ascii_lowercase().as_str())
    } else {
        map.get(key)
    };
    found.map_or(&[], Vec::as_slice)
}

impl ElementIndex {
    fn build(doc: &Document) -> ElementIndex {
        let mut ix = ElementIndex::default();
        let class = LocalName::from_static("class");
        let id = LocalName::from_static("id");
        let mut scratch = String::new();
        // Open elements: (node, position). An element's parent in the document tree is the
        // document node or an element, so the stack is the chain of element ancestors.
        let mut open: Vec<(u32, u32)> = Vec::new();
        let nodes = &doc.nodes;
        let root = NodeId::DOCUMENT.0;
        let mut cur = nodes[root as usize].first_child;
        while cur != super::NONE {
            let n: &Node = &nodes[cur as usize];
            if let Stored::Element(ei) = n.data {
                let pos = ix.order.len() as u32;
                while let Some(&(node, p)) = open.last() {
                    if node == n.parent {
                        break;
                    }
                    ix.ends[p as usize] = pos;
                    open.pop();
                }
                ix.order.push(NodeId(cur));
                ix.records.push(ei);
                ix.ends.push(pos + 1);
                let e = &doc.elements[ei as usize];
                ix.by_name.entry(e.name).or_default().push(pos);
                for a in doc.attr_slice(e) {
                    let list = ix.by_attr.entry(a.name).or_default();
                    if list.last() != Some(&pos) {
                        list.push(pos);
                    }
                    if a.namespace != AttrNamespace::None {
                        continue;
                    }
                    if Some(a.name) == id {
                        let v = doc.range_str(&a.value);
                        if !v.is_empty() {
                            push_str_key(&mut ix.by_id, v, pos, &mut scratch);
                        }
                    } else if Some(a.name) == class {
                        let v = doc.range_str(&a.value);
                        for c in v.split(['\t', '\n', '\x0C', '\r', ' ']) {
                            if !c.is_empty() {
                                push_str_key(&mut ix.by_class, c, pos, &mut scratch);
                            }
                        }
                    }
                }
                open.push((cur, pos));
            }
            // Next in tree order (elements and the document node are the only parents here;
            // template contents hang off the element record, not the child links).
            cur = if n.first_child != super::NONE {
                n.first_child
            } else {
                let mut x = cur;
                loop {
                    let xn = &nodes[x as usize];
                    if xn.next_sibling != super::NONE {
                        break xn.next_sibling;
                    }
                    if xn.parent == super::NONE || xn.parent == root {
                        break super::NONE;
                    }
                    x = xn.parent;
                }
            };
        }
        let len = ix.order.len() as u32;
        for (_, p) in open {
            ix.ends[p as usize] = len;
        }
        ix
    }

    /// The heap memory the index holds, in bytes (approximate).
    pub(crate) fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        let lists = |m: &FxMap<LocalName, Vec<u32>>| {
            m.values().map(|v| v.capacity() * 4).sum::<usize>()
                + m.capacity() * (size_of::<LocalName>() + size_of::<Vec<u32>>() + 1)
        };
        let str_lists = |m: &FxMap<Box<str>, Vec<u32>>| {
            m.iter()
                .map(|(k, v)| k.len() + v.capacity() * 4)
                .sum::<usize>()
                + m.capacity() * (size_of::<Box<str>>() + size_of::<Vec<u32>>() + 1)
        };
        self.order.capacity() * size_of::<NodeId>()
            + (self.records.capacity() + self.ends.capacity()) * 4
            + lists(&self.by_name)
            + lists(&self.by_attr)
            + str_lists(&self.by_id)
            + str_lists(&self.by_class)
    }

    /// The element at position `pos` (read without going through its node).
    #[inline]
    pub(crate) fn element<'a>(&self, doc: &'a Document, pos: u32) -> Option<ElementRef<'a>> {
        let id = *self.order.get(pos as usize)?;
        let data = doc
            .elements
            .get(*self.records.get(pos as usize)? as usize)?;
        Some(ElementRef { doc, id, data })
    }

    /// The distinct classes (ASCII-lowercased) with their positions.
    pub(crate) fn classes(&self) -> impl Iterator<Item = (&str, &[u32])> {
        self.by_class.iter().map(|(k, v)| (&**k, v.as_slice()))
    }

    /// The distinct IDs (ASCII-lowercased) with their positions.
    pub(crate) fn ids(&self) -> impl Iterator<Item = (&str, &[u32])> {
        self.by_id.iter().map(|(k, v)| (&**k, v.as_slice()))
    }

    /// The positions of the elements whose local name is `name`.
    pub(crate) fn by_name(&self, name: LocalName) -> &[u32] {
        self.by_name.get(&name).map_or(&[], Vec::as_slice)
    }

    /// The positions of the elements with an attribute (in any namespace) named `name`.
    pub(crate) fn by_attr(&self, name: LocalName) -> &[u32] {
        self.by_attr.get(&name).map_or(&[], Vec::as_slice)
    }

    /// The positions of the elements whose ID is ASCII case-insensitively `id`.
    pub(crate) fn by_id(&self, id: &str) -> &[u32] {
        get_str_key(&self.by_id, id)
    }

    /// The positions of the elements with a class ASCII case-insensitively `class`.
    pub(crate) fn by_class(&self, class: &str) -> &[u32] {
        get_str_key(&self.by_class, class)
    }
}

impl Document {
    /// The element index, built on first use (see [`ElementIndex`]).
    pub(crate) fn element_index(&self) -> &ElementIndex {
        self.index
            .get_or_init(|| Box::new(ElementIndex::build(self)))
    }

    /// Drops the element index: called by every change to the tree or to attributes.
    #[inline]
    pub(crate) fn invalidate_index(&mut self) {
        if self.index.get().is_some() {
            self.index = std::sync::OnceLock::new();
        }
    }
}
