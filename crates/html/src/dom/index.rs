//! A document's element index: its elements in tree order with lists by local name, attribute
//! name, ID and class, built by the selector engine and dropped by every edit.
//!
//! Positions are indices into [`ElementIndex::order`] (tree order), so every list is sorted in
//! document order and the descendants of the element at position `p` are exactly the positions
//! `p + 1 .. ends[p]`. Only the document's own tree is indexed: template contents and shadow
//! trees are not (as `querySelectorAll` does not search them). Lists are *candidates*: an ID or
//! class list holds every element whose ID or class is ASCII case-insensitively equal to the
//! key (keys are hashed, so a list may hold more), a superset of the exact matches, so the
//! index is right whatever the quirks mode.
//!
//! The lists are built without an allocation per key: (key, position) pairs are collected in
//! one walk, then laid out key by key in one array (a counting sort).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use rustc_hash::FxHasher;

use super::{AttrNamespace, Document, ElementRef, LocalName, Node, NodeId, Stored, TextRange};

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Position lists by key, laid out in one array.
#[derive(Clone)]
struct Lists<K> {
    /// Key -> its dense number.
    keys: FxMap<K, u32>,
    /// The list of key number `k` is `positions[offsets[k]..offsets[k + 1]]`.
    offsets: Vec<u32>,
    positions: Vec<u32>,
}

impl<K> Default for Lists<K> {
    fn default() -> Self {
        Lists {
            keys: FxMap::default(),
            offsets: Vec::new(),
            positions: Vec::new(),
        }
    }
}

impl<K: Hash + Eq> Lists<K> {
    fn get(&self, key: &K) -> &[u32] {
        self.keys.get(key).map_or(&[], |&k| self.list(k))
    }

    fn list(&self, k: u32) -> &[u32] {
        let k = k as usize;
        match (self.offsets.get(k), self.offsets.get(k + 1)) {
            (Some(&a), Some(&b)) => self.positions.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.keys.capacity() * (size_of::<K>() + 4 + 1)
            + (self.offsets.capacity() + self.positions.capacity()) * 4
    }
}

/// Collects (key, position) pairs in position order, then builds [`Lists`].
struct ListsBuilder<K> {
    keys: FxMap<K, u32>,
    pairs: Vec<(u32, u32)>,
}

impl<K: Hash + Eq> ListsBuilder<K> {
    fn new() -> Self {
        ListsBuilder {
            keys: FxMap::default(),
            pairs: Vec::new(),
        }
    }

    /// Records `pos` under `key`; returns the key's number and whether it is new.
    fn push(&mut self, key: K, pos: u32) -> (u32, bool) {
        let next = self.keys.len() as u32;
        let mut new = false;
        let k = *self.keys.entry(key).or_insert_with(|| {
            new = true;
            next
        });
        self.pairs.push((k, pos));
        (k, new)
    }

    fn finish(self) -> Lists<K> {
        let n = self.keys.len();
        // Counting sort by key; positions stay in order within a key (pairs come in position
        // order), and a position recorded twice under one key (`class="a a"`) is kept once.
        let mut offsets = vec![0u32; n + 1];
        for &(k, _) in &self.pairs {
            offsets[k as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut positions = vec![u32::MAX; self.pairs.len()];
        for &(k, pos) in &self.pairs {
            let at = &mut fill[k as usize];
            let start = offsets[k as usize];
            if *at > start && positions[*at as usize - 1] == pos {
                continue;
            }
            positions[*at as usize] = pos;
            *at += 1;
        }
        // Close the gaps left by duplicates.
        if fill.iter().zip(&offsets[1..]).any(|(f, e)| f != e) {
            let mut packed = Vec::with_capacity(positions.len());
            let mut new_offsets = Vec::with_capacity(n + 1);
            new_offsets.push(0);
            for k in 0..n {
                packed.extend_from_slice(&positions[offsets[k] as usize..fill[k] as usize]);
                new_offsets.push(packed.len() as u32);
            }
            positions = packed;
            offsets = new_offsets;
        }
        Lists {
            keys: self.keys,
            offsets,
            positions,
        }
    }
}

/// IDs or classes: lists keyed by the hash of the ASCII-lowercased string, with the text of
/// the first string seen for each hash (for substring queries).
#[derive(Clone, Default)]
struct StrLists {
    lists: Lists<u64>,
    /// By key number: where the key's first string is in the document's text buffer.
    text: Vec<TextRange>,
    /// Whether two different strings (ASCII case aside) had the same hash: then `text` does
    /// not name every string of a list, and substring queries cannot use it.
    collided: bool,
}

/// The hash of `s` ASCII-lowercased (`scratch` holds the lowercased copy when needed).
fn str_key(s: &str, scratch: &mut String) -> u64 {
    let s = if s.bytes().any(|b| b.is_ascii_uppercase()) {
        scratch.clear();
        scratch.push_str(s);
        scratch.make_ascii_lowercase();
        scratch.as_str()
    } else {
        s
    };
    let mut h = FxHasher::default();
    h.write(s.as_bytes());
    h.write_u8(0xff);
    h.finish()
}

struct StrListsBuilder {
    lists: ListsBuilder<u64>,
    text: Vec<TextRange>,
    collided: bool,
}

impl StrListsBuilder {
    fn new() -> Self {
        StrListsBuilder {
            lists: ListsBuilder::new(),
            text: Vec::new(),
            collided: false,
        }
    }

    /// Records `pos` under the string at `range` (a part of `doc`'s text buffer).
    fn push(&mut self, doc: &Document, range: TextRange, pos: u32, scratch: &mut String) {
        let s = doc.range_str(&range);
        let (k, new) = self.lists.push(str_key(s, scratch), pos);
        if new {
            self.text.push(range);
        } else if !self.collided
            && let Some(first) = self.text.get(k as usize)
            && !doc.range_str(first).eq_ignore_ascii_case(s)
        {
            self.collided = true;
        }
    }

    fn finish(self) -> StrLists {
        StrLists {
            lists: self.lists.finish(),
            text: self.text,
            collided: self.collided,
        }
    }
}

impl StrLists {
    fn get(&self, s: &str) -> &[u32] {
        self.lists.get(&str_key(s, &mut String::new()))
    }

    /// The lists of the strings that contain `needle` (ASCII-lowercase) ASCII
    /// case-insensitively; `None` when that cannot be told (a hash collision).
    fn containing(&self, doc: &Document, needle: &str) -> Option<Vec<&[u32]>> {
        if self.collided {
            return None;
        }
        let n = needle.as_bytes();
        Some(
            self.text
                .iter()
                .enumerate()
                .filter(|(_, r)| {
                    let s = doc.range_str(r).as_bytes();
                    !n.is_empty()
                        && s.len() >= n.len()
                        && s.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
                })
                .map(|(k, _)| self.lists.list(k as u32))
                .collect(),
        )
    }

    fn heap_bytes(&self) -> usize {
        self.lists.heap_bytes() + self.text.capacity() * std::mem::size_of::<TextRange>()
    }
}

/// The element index of a [`Document`] (see the module documentation).
#[derive(Clone, Default)]
pub(crate) struct ElementIndex {
    /// The elements below the document node, in tree order.
    pub(crate) order: Vec<NodeId>,
    /// For each position, the element's record (an index into the document's `elements`).
    records: Vec<u32>,
    /// For each position, the end (exclusive) of its subtree's positions.
    pub(crate) ends: Vec<u32>,
    /// For each position, its parent's position (`u32::MAX` for a child of the document).
    pub(crate) parents: Vec<u32>,
    /// For each position, its previous element sibling's position (`u32::MAX` for none).
    pub(crate) prevs: Vec<u32>,
    names: Lists<LocalName>,
    /// Attributes in any namespace, by local name.
    attrs: Lists<LocalName>,
    /// The ID and class lists, built when a query first needs them.
    strings: std::sync::OnceLock<Box<Strings>>,
}

/// The ID and class lists of an [`ElementIndex`].
#[derive(Clone, Default)]
struct Strings {
    /// Non-empty `id` attributes in no namespace.
    ids: StrLists,
    /// The classes of `class` attributes in no namespace.
    classes: StrLists,
}

impl Strings {
    fn build(doc: &Document, ix: &ElementIndex) -> Strings {
        let mut ids = StrListsBuilder::new();
        let mut classes = StrListsBuilder::new();
        let class = LocalName::from_static("class");
        let id = LocalName::from_static("id");
        let mut scratch = String::new();
        for (pos, &ei) in ix.records.iter().enumerate() {
            let pos = pos as u32;
            let Some(e) = doc.elements.get(ei as usize) else {
                continue;
            };
            for a in doc.attr_slice(e) {
                if a.namespace != AttrNamespace::None {
                    continue;
                }
                if Some(a.name) == id {
                    if a.value.len > 0 {
                        ids.push(doc, a.value, pos, &mut scratch);
                    }
                } else if Some(a.name) == class {
                    // Each class: a run of non-whitespace, as a sub-range of the value.
                    let v = doc.range_str(&a.value).as_bytes();
                    let mut i = 0;
                    while i < v.len() {
                        if is_ascii_ws(v[i]) {
                            i += 1;
                            continue;
                        }
                        let start = i;
                        while i < v.len() && !is_ascii_ws(v[i]) {
                            i += 1;
                        }
                        let range = TextRange {
                            start: a.value.start + start as u32,
                            len: (i - start) as u32,
                            cap: (i - start) as u32,
                        };
                        classes.push(doc, range, pos, &mut scratch);
                    }
                }
            }
        }
        Strings {
            ids: ids.finish(),
            classes: classes.finish(),
        }
    }
}

impl std::fmt::Debug for ElementIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElementIndex")
            .field("elements", &self.order.len())
            .finish_non_exhaustive()
    }
}

impl ElementIndex {
    fn build(doc: &Document) -> ElementIndex {
        let cap = doc.elements.len();
        let mut order = Vec::with_capacity(cap);
        let mut records = Vec::with_capacity(cap);
        let mut ends: Vec<u32> = Vec::with_capacity(cap);
        let mut parents: Vec<u32> = Vec::with_capacity(cap);
        let mut prevs: Vec<u32> = Vec::with_capacity(cap);
        // The last element child seen of the document node.
        let mut last_top = u32::MAX;
        let mut names = ListsBuilder::new();
        names.pairs.reserve(cap);
        let mut attrs = ListsBuilder::new();
        // Open elements: (node, position). An element's parent in the document tree is the
        // document node or an element, so the stack is the chain of element ancestors.
        // With, for each, the position of its last element child seen so far.
        let mut open: Vec<(u32, u32, u32)> = Vec::new();
        let nodes = &doc.nodes;
        let root = NodeId::DOCUMENT.0;
        let mut cur = nodes[root as usize].first_child;
        while cur != super::NONE {
            let n: &Node = &nodes[cur as usize];
            if let Stored::Element(ei) = n.data {
                let pos = order.len() as u32;
                while let Some(&(node, p, _)) = open.last() {
                    if node == n.parent {
                        break;
                    }
                    ends[p as usize] = pos;
                    open.pop();
                }
                order.push(NodeId(cur));
                records.push(ei);
                ends.push(pos + 1);
                let last = match open.last_mut() {
                    Some((_, p, last)) => {
                        parents.push(*p);
                        last
                    }
                    None => {
                        parents.push(u32::MAX);
                        &mut last_top
                    }
                };
                prevs.push(std::mem::replace(last, pos));
                let e = &doc.elements[ei as usize];
                names.push(e.name, pos);
                for a in doc.attr_slice(e) {
                    attrs.push(a.name, pos);
                }
                open.push((cur, pos, u32::MAX));
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
        let len = order.len() as u32;
        for (_, p, _) in open {
            ends[p as usize] = len;
        }
        ElementIndex {
            order,
            records,
            ends,
            parents,
            prevs,
            names: names.finish(),
            attrs: attrs.finish(),
            strings: std::sync::OnceLock::new(),
        }
    }

    /// The heap memory the index holds, in bytes (approximate).
    pub(crate) fn heap_bytes(&self) -> usize {
        (self.order.capacity()
            + self.records.capacity()
            + self.ends.capacity()
            + self.parents.capacity()
            + self.prevs.capacity())
            * 4
            + self.names.heap_bytes()
            + self.attrs.heap_bytes()
            + self
                .strings
                .get()
                .map_or(0, |s| s.ids.heap_bytes() + s.classes.heap_bytes())
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

    /// The position of the parent of the element at `pos`, if it is an element.
    #[inline]
    pub(crate) fn parent(&self, pos: u32) -> Option<u32> {
        self.parents
            .get(pos as usize)
            .copied()
            .filter(|&p| p != u32::MAX)
    }

    /// The position of the previous element sibling of the element at `pos`.
    #[inline]
    pub(crate) fn prev_sibling(&self, pos: u32) -> Option<u32> {
        self.prevs
            .get(pos as usize)
            .copied()
            .filter(|&p| p != u32::MAX)
    }

    /// The position of the next element sibling of the element at `pos`: the first element
    /// after its subtree, when it has the same parent.
    #[inline]
    pub(crate) fn next_sibling(&self, pos: u32) -> Option<u32> {
        let next = *self.ends.get(pos as usize)?;
        (self.parents.get(next as usize)? == self.parents.get(pos as usize)?).then_some(next)
    }

    /// The position of the first element child of the element at `pos`.
    #[inline]
    pub(crate) fn first_child(&self, pos: u32) -> Option<u32> {
        (pos + 1 < *self.ends.get(pos as usize)?).then_some(pos + 1)
    }

    /// The positions of the elements whose local name is `name`.
    pub(crate) fn by_name(&self, name: LocalName) -> &[u32] {
        self.names.get(&name)
    }

    /// The positions of the elements with an attribute (in any namespace) named `name`.
    pub(crate) fn by_attr(&self, name: LocalName) -> &[u32] {
        self.attrs.get(&name)
    }

    fn strings(&self, doc: &Document) -> &Strings {
        self.strings
            .get_or_init(|| Box::new(Strings::build(doc, self)))
    }

    /// Positions including every element whose ID is ASCII case-insensitively `id` (`doc` is
    /// the indexed document).
    pub(crate) fn by_id(&self, doc: &Document, id: &str) -> &[u32] {
        self.strings(doc).ids.get(id)
    }

    /// Positions including every element with a class ASCII case-insensitively `class`.
    pub(crate) fn by_class(&self, doc: &Document, class: &str) -> &[u32] {
        self.strings(doc).classes.get(class)
    }

    /// Lists whose union includes every element with a class containing `needle` (ASCII
    /// lowercase) ASCII case-insensitively; `None` when the index cannot tell.
    pub(crate) fn classes_containing(&self, doc: &Document, needle: &str) -> Option<Vec<&[u32]>> {
        self.strings(doc).classes.containing(doc, needle)
    }

    /// Lists whose union includes every element whose ID contains `needle` (as
    /// [`ElementIndex::classes_containing`]).
    pub(crate) fn ids_containing(&self, doc: &Document, needle: &str) -> Option<Vec<&[u32]>> {
        self.strings(doc).ids.containing(doc, needle)
    }
}

/// ASCII whitespace (the separators of the class attribute).
fn is_ascii_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

impl Document {
    /// The element index, built on first use (see [`ElementIndex`]).
    pub(crate) fn element_index(&self) -> &ElementIndex {
        self.index
            .get_or_init(|| Box::new(ElementIndex::build(self)))
    }

    /// The element index if it is built, or if this is not the first whole-document query
    /// since the last change (then it is built now). The first query gets `None` and walks
    /// the tree: building the index costs several walks, and pays only over several queries.
    pub(crate) fn element_index_for_query(&self) -> Option<&ElementIndex> {
        if self.index.get().is_none() && self.queried.set(()).is_ok() {
            return None;
        }
        Some(self.element_index())
    }

    /// Drops the element index: called by every change to the tree or to attributes.
    #[inline]
    pub(crate) fn invalidate_index(&mut self) {
        if self.index.get().is_some() || self.queried.get().is_some() {
            self.index = std::sync::OnceLock::new();
            self.queried = std::sync::OnceLock::new();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_document_order_and_drop_repeats() {
        let mut b = ListsBuilder::new();
        for (k, p) in [(7, 0), (3, 1), (7, 1), (7, 1), (3, 2), (7, 5)] {
            b.push(k, p);
        }
        let l = b.finish();
        assert_eq!(l.get(&7), [0, 1, 5]);
        assert_eq!(l.get(&3), [1, 2]);
        assert_eq!(l.get(&9), [] as [u32; 0]);
    }

    #[test]
    fn tree_links_by_position() {
        let doc = crate::parse_document(
            "<div><p>a</p>t<!--c--><p><b></b></p></div><span></span>",
            crate::ParseOptions::default(),
        );
        let ix = doc.element_index();
        // html 0, head 1, body 2, div 3, p 4, p 5, b 6, span 7.
        let names: Vec<&str> = ix
            .order
            .iter()
            .map(|&n| doc.local_name(n).unwrap())
            .collect();
        assert_eq!(
            names,
            ["html", "head", "body", "div", "p", "p", "b", "span"]
        );
        assert_eq!(ix.parent(0), None);
        assert_eq!(ix.parent(6), Some(5));
        assert_eq!(ix.prev_sibling(5), Some(4));
        assert_eq!(ix.prev_sibling(4), None);
        assert_eq!(ix.prev_sibling(7), Some(3));
        assert_eq!(ix.next_sibling(4), Some(5));
        assert_eq!(ix.next_sibling(5), None);
        assert_eq!(ix.next_sibling(3), Some(7));
        assert_eq!(ix.next_sibling(7), None);
        assert_eq!(ix.first_child(3), Some(4));
        assert_eq!(ix.first_child(4), None);
        assert_eq!(ix.first_child(7), None);
        assert_eq!(ix.ends[3], 7);
    }

    #[test]
    fn class_and_id_lists_fold_ascii_case() {
        let doc = crate::parse_document(
            "<p id=A class='x  Y\ty'></p><p class='y z' id=a></p><p class=ζ></p>",
            crate::ParseOptions::default(),
        );
        let ix = doc.element_index();
        // html, head, body, then the three p at positions 3, 4, 5.
        assert_eq!(ix.by_class(&doc, "y"), [3, 4]);
        assert_eq!(ix.by_class(&doc, "Y"), [3, 4]);
        assert_eq!(ix.by_id(&doc, "a"), [3, 4]);
        assert_eq!(ix.by_class(&doc, "ζ"), [5]);
        assert_eq!(ix.by_class(&doc, "x"), [3]);
        let mut c: Vec<u32> = ix.classes_containing(&doc, "y").unwrap().concat();
        c.sort();
        assert_eq!(c, [3, 4]);
        assert_eq!(
            ix.ids_containing(&doc, "b").unwrap().concat(),
            [] as [u32; 0]
        );
    }
}
