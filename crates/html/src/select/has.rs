//! `:has()` in linear time, without recursion (Selectors Level 4 §14.1, "The Relational
//! Pseudo-class").
//!
//! The `selectors` crate evaluates `A:has(R)` by searching from each anchor `A` (its subtree,
//! or its later siblings and their subtrees), with a recursive descent. Over a whole document
//! that costs the sum of the subtree sizes (quadratic on a deep or long document), and the
//! recursion overflows the stack on a deep one. Its matcher first looks the answer up in
//! `SelectorCaches::relative_selector`, though; so before matching, this module answers
//! every relative selector of the query for every element of the tree being queried, in one
//! backward pass per compound, and puts the answers in that cache. The matcher then never
//! searches.
//!
//! A relative selector `:anchor c1 C1 c2 C2 … ck Ck` (compounds `Ci`, combinators `ci`, read
//! left to right from the anchor) is a path going down (`>`, descendant) and right (`+`,
//! `~`) from the anchor. Walking the elements in reverse tree order, every element's
//! children, descendants and later siblings come before it, so for the last compound first:
//!
//! - `ok_i[E]`: `E` matches `Ci`, and (for `i < k`) the rest of the path goes on from `E`:
//!   `reach(ok_{i+1}, c_{i+1})[E]`;
//! - `reach(ok, >)[E]`: some child of `E` has `ok`; `reach(ok, ' ')[E]`: some child has `ok`
//!   or `reach`; `reach(ok, +)[E]`: the next sibling has `ok`; `reach(ok, ~)[E]`: the next
//!   sibling has `ok` or `reach`;
//! - `A` matches `:has(R)` exactly when `reach(ok_1, c1)[A]`.
//!
//! That is `k` compound tests and `O(k)` steps per element: linear in the tree for a given
//! selector.

use selectors::Element as _;
use selectors::context::MatchingContext;
use selectors::matching::{CompoundSelectorMatchingResult, matches_compound_selector_from};
use selectors::parser::{Combinator, Component, RelativeSelector, SelectorList};
use selectors::relative_selector::cache::RelativeSelectorCachedMatch;
use selectors::visitor::SelectorVisitor;

use super::{ElementRef, Ident, Impl};
use crate::dom::{Document, NodeId};

const NONE: u32 = u32::MAX;

/// The relative selectors (the arguments of every `:has()`, at any nesting) of `list`.
pub(super) fn relative_selectors(list: &SelectorList<Impl>) -> Vec<RelativeSelector<Impl>> {
    struct Collect(Vec<RelativeSelector<Impl>>);
    impl SelectorVisitor for Collect {
        type Impl = Impl;
        fn visit_relative_selector_list(&mut self, list: &[RelativeSelector<Impl>]) -> bool {
            self.0.extend(list.iter().cloned());
            true
        }
    }
    let mut c = Collect(Vec::new());
    for s in list.slice() {
        s.visit(&mut c);
    }
    c.0
}

/// The elements of one tree (the element children of a document, fragment or shadow root
/// and their descendants, or one parentless element's subtree) in tree order, with their
/// links as positions in that order.
struct Tree<'a> {
    els: Vec<ElementRef<'a>>,
    parent: Vec<u32>,
    next: Vec<u32>,
}

impl<'a> Tree<'a> {
    /// The top of the tree holding node `id`: the elements the matcher can reach from it (it
    /// walks element parents and siblings, so it never leaves this tree) are below it.
    fn top(doc: &Document, id: NodeId) -> NodeId {
        let mut top = id;
        while let Some(p) = doc.parent(top) {
            top = p;
            if !doc.is_element(p) {
                break;
            }
        }
        top
    }

    /// The elements of `top`'s subtree (`top` included when it is an element).
    fn below(doc: &'a Document, top: NodeId) -> Tree<'a> {
        let single = doc.is_element(top);
        let first = if single {
            ElementRef::new(doc, top)
        } else {
            doc.children(top).find_map(|c| ElementRef::new(doc, c))
        };
        let mut t = Tree {
            els: Vec::new(),
            parent: Vec::new(),
            next: Vec::new(),
        };
        // Open elements: (position, position of the last child seen).
        let mut open: Vec<(u32, u32)> = Vec::new();
        let mut last_top = NONE;
        let mut cur = first;
        while let Some(el) = cur {
            let p = t.els.len() as u32;
            let (parent, prev) = match open.last_mut() {
                Some((pp, last)) => (*pp, std::mem::replace(last, p)),
                None => (NONE, std::mem::replace(&mut last_top, p)),
            };
            if prev != NONE {
                t.next[prev as usize] = p;
            }
            t.els.push(el);
            t.parent.push(parent);
            t.next.push(NONE);
            if let Some(c) = el.first_element_child() {
                open.push((p, NONE));
                cur = Some(c);
                continue;
            }
            // Climb to the next element in tree order.
            let mut e = el;
            cur = loop {
                if single && open.is_empty() {
                    break None;
                }
                if let Some(s) = e.next_sibling_element() {
                    break Some(s);
                }
                match open.pop() {
                    Some((pp, _)) => e = t.els[pp as usize],
                    None => break None,
                }
            };
        }
        t
    }

    /// `reach(ok, c)` (see the module documentation).
    fn reach(&self, ok: &[bool], c: Combinator) -> Vec<bool> {
        let n = self.els.len();
        if let Some(e) = self.els.first() {
            e.doc.add_query_work(n as u64);
        }
        let mut r = vec![false; n];
        match c {
            Combinator::Child => {
                for p in 0..n {
                    if ok[p] && self.parent[p] != NONE {
                        r[self.parent[p] as usize] = true;
                    }
                }
            }
            Combinator::Descendant => {
                // Descendants come after their ancestors: backwards, `r[p]` is final when
                // `p` is reached.
                for p in (0..n).rev() {
                    if (ok[p] || r[p]) && self.parent[p] != NONE {
                        r[self.parent[p] as usize] = true;
                    }
                }
            }
            Combinator::NextSibling => {
                for (r, &s) in r.iter_mut().zip(&self.next) {
                    *r = s != NONE && ok[s as usize];
                }
            }
            _ => {
                // Later siblings come after: backwards again.
                for p in (0..n).rev() {
                    let s = self.next[p];
                    r[p] = s != NONE && (ok[s as usize] || r[s as usize]);
                }
            }
        }
        r
    }
}

/// The path of relative selector `r`: each combinator with the parse-order offset of the
/// compound after it (`None` for a shape this module does not know).
fn path(r: &RelativeSelector<Impl>) -> Option<Vec<(Combinator, usize)>> {
    let mut out = Vec::new();
    let mut iter = r.selector.iter_raw_parse_order_from(0);
    if !matches!(iter.next(), Some(Component::RelativeSelectorAnchor)) {
        return None;
    }
    for (i, c) in iter.enumerate() {
        if let Component::Combinator(c) = c {
            match c {
                Combinator::Child
                | Combinator::Descendant
                | Combinator::NextSibling
                | Combinator::LaterSibling => out.push((*c, i + 2)),
                _ => return None,
            }
        } else if out.is_empty() {
            // Something between the anchor and its combinator.
            return None;
        }
    }
    (!out.is_empty() && out.iter().all(|&(_, o)| o < r.selector.len())).then_some(out)
}

/// Which anchors a query may ask `:has()` about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Anchors {
    /// Any element of the tree holding the node (a query over many elements, or a selector
    /// with `:has()` left of a combinator or inside a pseudo-class argument).
    Tree(NodeId),
    /// Only this element (every `:has()` of the selector is in its rightmost compounds).
    Element(NodeId),
}

/// Whether every `:has()` of `list` is directly in the rightmost compound of its selector
/// (then only the subject element is ever an anchor).
pub(super) fn subject_only(list: &SelectorList<Impl>) -> bool {
    let top: usize = list
        .slice()
        .iter()
        .map(|s| {
            s.iter()
                .filter(|c| matches!(c, Component::Has(..)))
                .map(|c| match c {
                    Component::Has(r) => r.len(),
                    _ => 0,
                })
                .sum::<usize>()
        })
        .sum();
    top == relative_selectors(list).len()
}

/// The type selectors that every anchor of `list` must have, when each of its selectors with a
/// `:has()` in the rightmost compound has a type selector before it there (`a:has(img)`):
/// the matcher tests a compound's simple selectors in order and stops at the first that fails,
/// so it asks `:has()` only about elements with one of these names. `None` when some `:has()`
/// has no type selector before it (or when `:has()` is anywhere else: see [`subject_only`]).
fn anchor_names(list: &SelectorList<Impl>) -> Option<Vec<&Ident>> {
    if !subject_only(list) {
        return None;
    }
    let mut names = Vec::new();
    for s in list.slice() {
        // The rightmost compound, in the order the matcher tests it.
        let mut name = None;
        for c in s.iter() {
            match c {
                // Both spellings: the matcher compares `lower_name` for HTML elements and
                // `name` for the others.
                Component::LocalName(n) if name.is_none() => name = Some((&n.name, &n.lower_name)),
                Component::Has(..) => {
                    let (name, lower) = name?;
                    names.extend([name, lower]);
                    break;
                }
                _ => {}
            }
        }
    }
    Some(names)
}

/// Answers every `:has()` of `list` for every element the query may ask about, into the
/// relative selector cache of `context` (see the module documentation). Relative selectors
/// of an unknown shape are left to the matcher. With `answered` (indexed by node), sets
/// each element whose answers are now in the cache.
pub(super) fn prefill(
    list: &SelectorList<Impl>,
    doc: &Document,
    anchors: Anchors,
    context: &mut MatchingContext<'_, Impl>,
    answered: Option<&mut [bool]>,
) {
    let relative = relative_selectors(list);
    if relative.is_empty() {
        return;
    }
    // The region holding every anchor's search: for one element, its subtree, or its
    // parent's when a relative selector looks at siblings.
    let (top, skip) = match anchors {
        Anchors::Tree(id) => (Tree::top(doc, id), None),
        Anchors::Element(id) => {
            let sideways = relative
                .iter()
                .any(|r| !r.match_hint.is_descendant_direction());
            match doc.parent(id) {
                Some(p) if sideways && doc.is_element(p) => (p, Some(p)),
                Some(_) if sideways => (Tree::top(doc, id), None),
                _ => (id, None),
            }
        }
    };
    let tree = Tree::below(doc, top);
    let n = tree.els.len();
    if let Some(answered) = answered {
        for el in &tree.els {
            if skip != Some(el.id()) {
                answered[el.id().index()] = true;
            }
        }
    }
    // Only the elements the matcher will ask about need an answer in the cache.
    let names = match anchors {
        Anchors::Tree(_) => anchor_names(list),
        Anchors::Element(_) => None,
    };
    let asked = |el: &ElementRef<'_>| {
        names.as_ref().is_none_or(|names| {
            names
                .iter()
                .any(|name| name.is_name(doc, el.el.local_name()))
        })
    };
    for r in &relative {
        let Some(path) = path(r) else {
            continue;
        };
        let mut ok = vec![false; n];
        for (i, &(_, offset)) in path.iter().enumerate().rev() {
            let rest = path.get(i + 1).map(|&(c, _)| tree.reach(&ok, c));
            for (p, el) in tree.els.iter().enumerate() {
                ok[p] = rest.as_ref().is_none_or(|r| r[p])
                    && !matches!(
                        matches_compound_selector_from(&r.selector, offset, context, el),
                        CompoundSelectorMatchingResult::NotMatched
                    );
            }
        }
        let matched = tree.reach(&ok, path[0].0);
        let cache = &mut context.selector_caches.relative_selector;
        for (el, m) in tree.els.iter().zip(matched) {
            // The region's top element: its own siblings were not looked at.
            if skip == Some(el.id()) || !asked(el) {
                continue;
            }
            let m = if m {
                RelativeSelectorCachedMatch::Matched
            } else {
                RelativeSelectorCachedMatch::NotMatched
            };
            cache.add(el.opaque(), r, m);
        }
    }
}
