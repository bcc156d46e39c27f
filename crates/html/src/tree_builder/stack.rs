//! Indexes of the stack of open elements (§13.2.4.2), so that the spec's walks of the stack
//! take O(1) or O(log n) instead of O(depth).
//!
//! The spec phrases "has an element in scope", "any other end tag", the `li`/`dd`/`dt` start
//! tags, "reset the insertion mode appropriately" and the foreign-content end tag as walks
//! from the current node down the stack. Each walk stops at the first element of some class
//! (the target, a scope boundary, a special element, ...). We keep, for every class a walk
//! looks for, the ascending list of the stack positions holding an element of that class; the
//! first element a walk meets is then the last entry of a list, and the walk's answer is a
//! comparison of two positions. Pushing and popping at the top of the stack update each list
//! at its end in O(1); a change in the middle of the stack (the adoption agency algorithm,
//! the `form` end tag, `a` in `a`) re-indexes only the positions that changed.
//!
//! The walks themselves stay in the code as the reference: `tests` check the indexed answers
//! against them on every conformance case (debug builds run both and compare).

use super::TagId;
use crate::dom::{LocalName, Namespace};

/// No position / no name slot.
pub(crate) const NONE: u32 = u32::MAX;

/// Class bits of a stack entry.
pub(crate) mod class {
    /// A boundary of "has an element in scope" (§13.2.4.2 the first list).
    pub const SCOPE: u16 = 1 << 0;
    /// A boundary of list item scope.
    pub const LIST_ITEM: u16 = 1 << 1;
    /// A boundary of button scope.
    pub const BUTTON: u16 = 1 << 2;
    /// A boundary of table scope.
    pub const TABLE: u16 = 1 << 3;
    /// A boundary of select scope (everything but `optgroup` and `option`).
    pub const SELECT: u16 = 1 << 4;
    /// In the special category.
    pub const SPECIAL: u16 = 1 << 5;
    /// Special, other than `address`, `div` and `p` (where the `li`/`dd`/`dt` walk stops).
    pub const SPECIAL_NOT_ADP: u16 = 1 << 6;
    /// An HTML element that "reset the insertion mode appropriately" stops at.
    pub const MODE: u16 = 1 << 7;
    /// In the HTML namespace.
    pub const HTML: u16 = 1 << 8;
    /// Not one of dd, dt, li, optgroup, option, p, rb, rp, rt, rtc, tbody, td, tfoot, th,
    /// thead, tr, body, html (the "unclosed element" checks of `</body>`, `</html>`, EOF).
    pub const SIGNIFICANT: u16 = 1 << 9;
    /// The number of class lists.
    pub const COUNT: usize = 10;
}

/// The class bits of an element with tag id `tag` in namespace `ns` (a table lookup: the
/// tables are [`class_bits`] for every tag id, computed at compile time).
#[inline]
pub(crate) fn classes(tag: TagId, ns: Namespace) -> u16 {
    const fn table(html: bool) -> [u16; super::tag::TAG_COUNT] {
        let mut t = [0; super::tag::TAG_COUNT];
        let mut i = 0;
        while i < t.len() {
            t[i] = class_bits(super::tag::ALL[i], html);
            i += 1;
        }
        t
    }
    static HTML: [u16; super::tag::TAG_COUNT] = table(true);
    static FOREIGN: [u16; super::tag::TAG_COUNT] = table(false);
    if ns == Namespace::Html {
        HTML[tag as usize]
    } else {
        FOREIGN[tag as usize]
    }
}

/// The class bits of an element with tag id `tag`, in the HTML namespace (`html`) or not.
const fn class_bits(tag: TagId, html: bool) -> u16 {
    use TagId::*;
    let mut c = 0u16;
    let scope_base = matches!(
        tag,
        Applet
            | Caption
            | Html
            | Table
            | Td
            | Th
            | Marquee
            | Object
            | Template
            | MathMi
            | MathMo
            | MathMn
            | MathMs
            | MathMtext
            | MathAnnotationXml
            | SvgForeignObject
            | SvgDesc
            | SvgTitle
    );
    if scope_base {
        c |= class::SCOPE | class::LIST_ITEM | class::BUTTON;
    }
    if matches!(tag, Ol | Ul) {
        c |= class::LIST_ITEM;
    }
    if matches!(tag, Button) {
        c |= class::BUTTON;
    }
    if matches!(tag, Html | Table | Template) {
        c |= class::TABLE;
    }
    if !matches!(tag, Optgroup | Option) {
        c |= class::SELECT;
    }
    if super::TreeBuilder::is_special_tag(tag) {
        c |= class::SPECIAL;
        if !matches!(tag, Address | Div | P) {
            c |= class::SPECIAL_NOT_ADP;
        }
    }
    if html {
        c |= class::HTML;
        if matches!(
            tag,
            Select
                | Td
                | Th
                | Tr
                | Tbody
                | Thead
                | Tfoot
                | Caption
                | Colgroup
                | Table
                | Template
                | Head
                | Body
                | Frameset
                | Html
        ) {
            c |= class::MODE;
        }
    }
    let mut k = 0;
    let mut significant = true;
    while k < INSIGNIFICANT.len() {
        if INSIGNIFICANT[k] as usize == tag as usize {
            significant = false;
        }
        k += 1;
    }
    if significant {
        c |= class::SIGNIFICANT;
    }
    c
}

/// The tag ids outside [`class::SIGNIFICANT`] (in either namespace).
pub(crate) const INSIGNIFICANT: [TagId; 18] = {
    use TagId::*;
    [
        Dd, Dt, Li, Optgroup, Option, P, Rb, Rp, Rt, Rtc, Tbody, Td, Tfoot, Th, Thead, Tr, Body,
        Html,
    ]
};

/// The position lists of the stack of open elements.
#[derive(Debug)]
pub(crate) struct StackIndex {
    /// Per tag id: the positions of the elements with that id.
    pub(crate) tag: Vec<Vec<u32>>,
    /// Per class bit: the positions of the elements in that class.
    pub(crate) class: [Vec<u32>; class::COUNT],
    /// Per name slot: the positions of the elements with that name (HTML elements with the
    /// `Other` id, and foreign elements by ASCII-lowercased name).
    pub(crate) name: Vec<Vec<u32>>,
    /// Name slots of HTML elements by name atom (the document's: one atom per name, so no
    /// string is hashed or stored; atoms are handed out in order, not chosen by the input).
    html_names: rustc_hash::FxHashMap<LocalName, u32>,
    /// Name slots of foreign elements by ASCII-lowercased name (randomly seeded hashing: the
    /// names come from the input).
    foreign_names: std::collections::HashMap<Box<str>, u32>,
    /// Emptied name lists of an earlier parse, for new name slots.
    spare_names: Vec<Vec<u32>>,
    lower: String,
    /// Per element record index: its position on the stack, or [`NONE`].
    pub(crate) node_pos: Vec<u32>,
    /// Stale entries stepped over by queries (reported as work; the tree builder compacts
    /// the stack when they add up).
    pub(crate) skips: u64,
    /// The class bits whose lists are kept (see [`RECORDED`]; `HTML` joins when the first
    /// foreign element is pushed).
    mask: u16,
    /// Whether a list may hold stale entries (only [`StackIndex::replace_run`] makes them):
    /// until then pushes and pops update each list's end without looking for them.
    stale: bool,
    /// Bit `t`: the list of tag id `t` was written since the index was last emptied.
    touched: [u64; TAG_COUNT.div_ceil(64)],
}

use super::tag::TAG_COUNT;

/// The class lists kept from the start. `SIGNIFICANT` has none: its only question, whether
/// any element of the class is open, is answered by the per-tag counts (membership depends on
/// the tag id alone). `HTML` has one only once a foreign element was pushed: until then every
/// open element is an HTML element, and its one query (the nearest HTML element below a
/// foreign current node) cannot arise. `SELECT` (every element but `option` and `optgroup`:
/// nearly every push and pop would update it) has one only once a `select` was pushed: its
/// one query, whether a `select` is in select scope, is only asked with one open.
const RECORDED: u16 = !(class::SIGNIFICANT | class::HTML | class::SELECT);

/// Which list: a tag id's, a class bit's (its index) or a name slot's.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Tag(TagId),
    Class(u16),
    Name(u32),
}

/// Whether `o` belongs in the list `kind` (holes belong nowhere).
fn member(kind: Kind, o: &super::Open) -> bool {
    if o.is_hole() {
        return false;
    }
    match kind {
        Kind::Tag(t) => o.tag == t,
        Kind::Class(bit) => o.classes & bit != 0,
        Kind::Name(slot) => o.slot == slot,
    }
}

/// Whether entry `p` of list `kind` is valid: in range and holding a member. Lists may hold
/// stale entries (positions whose element left the list in a middle-of-stack change): they
/// are skipped by the queries, dropped when they reach the end of their list, and gone after
/// a compaction.
fn valid(open: &[super::Open], kind: Kind, p: u32) -> bool {
    open.get(p as usize).is_some_and(|o| member(kind, o))
}

/// The highest valid entry of `v`, dropping stale entries at its end.
fn top_valid(v: &mut Vec<u32>, open: &[super::Open], kind: Kind) -> Option<usize> {
    while let Some(&p) = v.last() {
        if valid(open, kind, p) {
            return Some(p as usize);
        }
        v.pop();
    }
    None
}

thread_local! {
    /// The position lists of this thread's last finished parse, emptied (see [`StackIndex::new`]).
    static SPARE_INDEX: std::cell::Cell<Option<StackIndex>> = const { std::cell::Cell::new(None) };
}

/// The most element records a recycled index keeps room for (its `node_pos` capacity), and
/// the most positions its tag and class lists keep room for together.
const SPARE_NODE_POS: usize = 1 << 16;

/// The most name lists a recycled index keeps, and the most positions each keeps room for.
const SPARE_NAME_LISTS: usize = 256;
const SPARE_NAME_LIST: usize = 256;

impl Drop for StackIndex {
    /// Sets the lists aside, emptied with their capacity kept, for the next parse on this
    /// thread: a fresh index allocates one list per tag id on first use, which on small
    /// inputs (a comment-sized fragment) is a good share of the parse.
    fn drop(&mut self) {
        // An emptied shell (or an index too large to keep) is dropped as usual.
        if self.tag.len() != super::tag::TAG_COUNT || self.node_pos.capacity() > SPARE_NODE_POS {
            return;
        }
        let lists: usize = self.tag.iter().chain(&self.class).map(Vec::capacity).sum();
        if lists > SPARE_NODE_POS {
            return;
        }
        let _ = SPARE_INDEX.try_with(|s| {
            let held = s.take();
            if held.is_some() {
                // One set aside already: keep it (the cell was empty: nothing is dropped).
                s.set(held);
                return;
            }
            let mut tag = std::mem::take(&mut self.tag);
            for (w, &bits) in self.touched.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    tag[w * 64 + bits.trailing_zeros() as usize].clear();
                    bits &= bits - 1;
                }
            }
            let mut class = std::mem::take(&mut self.class);
            for v in &mut class {
                v.clear();
            }
            let mut node_pos = std::mem::take(&mut self.node_pos);
            node_pos.clear();
            // The name lists are kept, emptied, for the next parse's name slots (a few: the
            // kept ones are bounded like the other lists); the atom map is emptied (atoms are
            // per document); the foreign name map starts afresh (new random seeds, as for a
            // new index).
            let mut spare_names = std::mem::take(&mut self.spare_names);
            for mut v in self.name.drain(..) {
                if spare_names.len() < SPARE_NAME_LISTS && v.capacity() <= SPARE_NAME_LIST {
                    v.clear();
                    spare_names.push(v);
                }
            }
            let mut html_names = std::mem::take(&mut self.html_names);
            if html_names.capacity() > SPARE_NAME_LISTS {
                html_names = Default::default();
            }
            html_names.clear();
            s.set(Some(StackIndex {
                tag,
                class,
                name: std::mem::take(&mut self.name),
                html_names,
                foreign_names: Default::default(),
                spare_names,
                lower: std::mem::take(&mut self.lower),
                node_pos,
                skips: 0,
                mask: RECORDED,
                stale: false,
                touched: [0; TAG_COUNT.div_ceil(64)],
            }));
        });
    }
}

impl StackIndex {
    pub(crate) fn new() -> StackIndex {
        if let Some(ix) = SPARE_INDEX.try_with(|s| s.take()).ok().flatten() {
            return ix;
        }
        StackIndex {
            tag: vec![Vec::new(); super::tag::TAG_COUNT],
            class: Default::default(),
            name: Vec::new(),
            html_names: Default::default(),
            foreign_names: std::collections::HashMap::default(),
            spare_names: Vec::new(),
            lower: String::new(),
            node_pos: Vec::new(),
            skips: 0,
            mask: RECORDED,
            stale: false,
            touched: [0; TAG_COUNT.div_ceil(64)],
        }
    }

    /// The name slot of an element named `name` (its atom `atom`), created on first use, or
    /// [`NONE`] for HTML elements with a known tag id (the tag lists cover those).
    pub(crate) fn slot_for(
        &mut self,
        tag: TagId,
        ns: Namespace,
        name: &str,
        atom: LocalName,
    ) -> u32 {
        if ns == Namespace::Html {
            if tag != TagId::Other {
                return NONE;
            }
            if let Some(&s) = self.html_names.get(&atom) {
                return s;
            }
            let s = self.new_name_slot();
            self.html_names.insert(atom, s);
            return s;
        }
        let map = &mut self.foreign_names;
        let key: &str = if ns != Namespace::Html && name.bytes().any(|b| b.is_ascii_uppercase()) {
            self.lower.clear();
            self.lower.push_str(name);
            self.lower.make_ascii_lowercase();
            &self.lower
        } else {
            name
        };
        if let Some(&s) = map.get(key) {
            return s;
        }
        map.insert(key.into(), self.name.len() as u32);
        self.new_name_slot()
    }

    /// A new name slot, with an empty list.
    fn new_name_slot(&mut self) -> u32 {
        let s = self.name.len() as u32;
        self.name.push(self.spare_names.pop().unwrap_or_default());
        s
    }

    /// Whether a foreign element was ever given a name slot (pushed) in this parse.
    #[inline]
    pub(crate) fn has_foreign_slots(&self) -> bool {
        !self.foreign_names.is_empty()
    }

    /// The name slot of foreign elements named `name` (lowercase), if any element with that
    /// name was ever pushed.
    pub(crate) fn find_foreign_slot(&self, name: &str) -> Option<u32> {
        self.foreign_names.get(name).copied()
    }

    /// The name slot of HTML elements whose name has atom `atom`, if any element with that
    /// name was ever pushed.
    pub(crate) fn find_html_slot(&self, atom: LocalName) -> Option<u32> {
        self.html_names.get(&atom).copied()
    }

    /// Records that position `pos` holds `o`.
    #[inline(always)]
    pub(crate) fn add(&mut self, pos: usize, o: &super::Open) {
        let p = pos as u32;
        // Entries at or above `p` are stale (everything there was popped); without stale
        // entries, none is there.
        let stale = self.stale;
        let push = |v: &mut Vec<u32>| {
            if stale {
                while v.last().is_some_and(|&x| x >= p) {
                    v.pop();
                }
            }
            debug_assert!(v.last().is_none_or(|&x| x < p));
            v.push(p);
        };
        let t = o.tag as usize;
        self.touched[t / 64] |= 1 << (t % 64);
        push(&mut self.tag[t]);
        let mut bits = o.classes & self.mask;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            push(&mut self.class[b]);
            bits &= bits - 1;
        }
        if o.slot != NONE {
            push(&mut self.name[o.slot as usize]);
        }
        if o.elem != NONE {
            let i = o.elem as usize;
            if self.node_pos.len() <= i {
                self.grow_node_pos(i);
            }
            self.node_pos[i] = p;
        }
    }

    /// Makes `node_pos` cover record index `i`. Records are numbered in creation order, so
    /// pushes reach new indexes one by one: grow geometrically rather than by one each time
    /// (up to what a recycled index keeps, then as needed).
    #[cold]
    #[inline(never)]
    fn grow_node_pos(&mut self, i: usize) {
        let len = (i + 1).max((self.node_pos.len() * 2).clamp(64, SPARE_NODE_POS));
        self.node_pos.resize(len, NONE);
    }

    /// Forgets position `pos`, holding `o`, which must be the highest recorded position.
    pub(crate) fn remove_top(&mut self, pos: usize, o: &super::Open) {
        let p = pos as u32;
        // Drop stale entries above `p`, then `p` itself (without stale entries, `p` is last).
        let stale = self.stale;
        let pop = |v: &mut Vec<u32>| {
            if stale {
                while v.last().is_some_and(|&x| x >= p) {
                    v.pop();
                }
            } else {
                debug_assert_eq!(v.last(), Some(&p));
                v.pop();
            }
        };
        pop(&mut self.tag[o.tag as usize]);
        let mut bits = o.classes & self.mask;
        while bits != 0 {
            let b = bits.trailing_zeros() as usize;
            pop(&mut self.class[b]);
            bits &= bits - 1;
        }
        if o.slot != NONE {
            pop(&mut self.name[o.slot as usize]);
        }
        if let Some(x) = self.node_pos.get_mut(o.elem as usize)
            && *x == p
        {
            *x = NONE;
        }
    }

    /// Re-records positions `lo..lo + old.len()`, which held `old` and now hold `new` (same
    /// length; holes are in no list): each affected list has its run of positions in that
    /// range rewritten.
    pub(crate) fn replace_run(&mut self, lo: usize, old: &[super::Open], new: &[super::Open]) {
        debug_assert_eq!(old.len(), new.len());
        let (lo32, hi32) = (lo as u32, (lo + old.len()) as u32);
        let stale = std::cell::Cell::new(self.stale);
        // A list's run can only shrink (the new entries are the old ones minus removed
        // elements); a shorter run is padded at its front with stale copies of `lo` (a hole
        // then, or a position the new run's first member also holds) so that the entries
        // above the run do not move.
        let rewrite = |v: &mut Vec<u32>, member: &dyn Fn(&super::Open) -> bool| {
            let a = v.partition_point(|&x| x < lo32);
            let b = v.partition_point(|&x| x < hi32);
            let mut run: Vec<u32> = new
                .iter()
                .enumerate()
                .filter(|(_, o)| member(o))
                .map(|(k, _)| lo32 + k as u32)
                .collect();
            if run.len() < b - a {
                stale.set(true);
                let pad = b - a - run.len();
                run.splice(0..0, std::iter::repeat_n(lo32, pad));
            }
            v.splice(a..b, run);
        };
        let mut tags: Vec<TagId> = old
            .iter()
            .chain(new)
            .filter(|o| !o.is_hole())
            .map(|o| o.tag)
            .collect();
        tags.sort_unstable_by_key(|t| *t as usize);
        tags.dedup();
        for t in tags {
            self.touched[t as usize / 64] |= 1 << (t as usize % 64);
            rewrite(&mut self.tag[t as usize], &|o| o.tag == t && !o.is_hole());
        }
        for b in 0..class::COUNT {
            let bit = 1u16 << b;
            if self.mask & bit != 0 && old.iter().chain(new).any(|o| o.classes & bit != 0) {
                rewrite(&mut self.class[b], &|o| o.classes & bit != 0);
            }
        }
        let mut slots: Vec<u32> = old
            .iter()
            .chain(new)
            .map(|o| o.slot)
            .filter(|&s| s != NONE)
            .collect();
        slots.sort_unstable();
        slots.dedup();
        for s in slots {
            rewrite(&mut self.name[s as usize], &|o| o.slot == s);
        }
        self.stale = stale.get();
        for o in old.iter().filter(|o| !o.is_hole()) {
            if let Some(x) = self.node_pos.get_mut(o.elem as usize) {
                *x = NONE;
            }
        }
        for (k, o) in new.iter().enumerate() {
            if o.is_hole() {
                continue;
            }
            if o.elem == NONE {
                continue;
            }
            let i = o.elem as usize;
            if self.node_pos.len() <= i {
                self.node_pos.resize(i + 1, NONE);
            }
            self.node_pos[i] = (lo + k) as u32;
        }
    }

    /// The highest position of an element with id `tag`.
    pub(crate) fn top_tag(&mut self, open: &[super::Open], tag: TagId) -> Option<usize> {
        top_valid(&mut self.tag[tag as usize], open, Kind::Tag(tag))
    }

    /// The highest valid entry of `v` below position `below`.
    fn below_in(
        v: &[u32],
        open: &[super::Open],
        kind: Kind,
        below: usize,
        skips: &mut u64,
    ) -> Option<usize> {
        let mut k = v.partition_point(|&x| (x as usize) < below);
        while k > 0 {
            k -= 1;
            if valid(open, kind, v[k]) {
                return Some(v[k] as usize);
            }
            *skips += 1;
        }
        None
    }

    /// The highest position below `below` of an element with id `tag`.
    pub(crate) fn top_tag_below(
        &mut self,
        open: &[super::Open],
        tag: TagId,
        below: usize,
    ) -> Option<usize> {
        Self::below_in(
            &self.tag[tag as usize],
            open,
            Kind::Tag(tag),
            below,
            &mut self.skips,
        )
    }

    /// The highest position of an element in class `bit`.
    pub(crate) fn top_class(&mut self, open: &[super::Open], bit: u16) -> Option<usize> {
        debug_assert!(self.mask & bit != 0, "class {bit:#x} has no list");
        top_valid(
            &mut self.class[bit.trailing_zeros() as usize],
            open,
            Kind::Class(bit),
        )
    }

    /// The highest position below `below` of an element in class `bit`.
    pub(crate) fn top_class_below(
        &mut self,
        open: &[super::Open],
        bit: u16,
        below: usize,
    ) -> Option<usize> {
        debug_assert!(self.mask & bit != 0, "class {bit:#x} has no list");
        Self::below_in(
            &self.class[bit.trailing_zeros() as usize],
            open,
            Kind::Class(bit),
            below,
            &mut self.skips,
        )
    }

    /// The highest position below `below` of an element in name slot `slot`.
    pub(crate) fn top_name_below(
        &mut self,
        open: &[super::Open],
        slot: u32,
        below: usize,
    ) -> Option<usize> {
        let v = self.name.get(slot as usize)?;
        Self::below_in(v, open, Kind::Name(slot), below, &mut self.skips)
    }

    /// The lowest position above `above` of an element in class `bit`.
    pub(crate) fn first_class_above(
        &mut self,
        open: &[super::Open],
        bit: u16,
        above: usize,
    ) -> Option<usize> {
        debug_assert!(self.mask & bit != 0, "class {bit:#x} has no list");
        let v = &self.class[bit.trailing_zeros() as usize];
        let mut k = v.partition_point(|&x| (x as usize) <= above);
        while let Some(&p) = v.get(k) {
            if valid(open, Kind::Class(bit), p) {
                return Some(p as usize);
            }
            self.skips += 1;
            k += 1;
        }
        None
    }

    /// Starts keeping the list of class `bit` (not kept so far), recording the elements of
    /// `open` in it.
    #[cold]
    #[inline(never)]
    pub(crate) fn record_class(&mut self, open: &[super::Open], bit: u16) {
        if self.mask & bit != 0 {
            return;
        }
        self.mask |= bit;
        let v = &mut self.class[bit.trailing_zeros() as usize];
        v.clear();
        v.extend(
            open.iter()
                .enumerate()
                .filter(|(_, o)| !o.is_hole() && o.classes & bit != 0)
                .map(|(i, _)| i as u32),
        );
    }

    /// Whether class `bit` has its list kept.
    #[inline]
    pub(crate) fn records(&self, bit: u16) -> bool {
        self.mask & bit != 0
    }

    /// Forgets every position (before a compaction re-records the live ones).
    pub(crate) fn clear_positions(&mut self) {
        for v in &mut self.tag {
            v.clear();
        }
        self.stale = false;
        for v in &mut self.class {
            v.clear();
        }
        for v in &mut self.name {
            v.clear();
        }
        for p in &mut self.node_pos {
            *p = NONE;
        }
    }

    /// The position of the element with record index `i` on the stack.
    pub(crate) fn pos_of(&self, i: usize) -> Option<usize> {
        match self.node_pos.get(i) {
            Some(&p) if p != NONE => Some(p as usize),
            _ => None,
        }
    }
}
