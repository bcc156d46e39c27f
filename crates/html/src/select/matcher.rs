//! Many elements of one document tested against one selector ([`Matcher`]), with what the
//! matcher works out (`:has()` answers, `nth-` positions, disabled fieldsets) kept from one
//! element to the next.

use selectors::context::{MatchingContext, SelectorCaches};

use super::{Impl, MatchMemo, Selector, context, has, matches_with};
use crate::dom::{Document, NodeId};

/// A [`Selector`] bound to one [`Document`], for testing many of its elements: the DOM's
/// `element.matches()` and `closest()` called in a loop, at the cost of one query.
///
/// [`Document::matches`] and [`Document::closest`] start afresh on every call. For most
/// selectors that costs only the element (and its ancestors or siblings, as the selector
/// says); but a `:has()` is answered before matching, for the element's subtree when it is in
/// the selector's subject compound (`p:has(img)`), for the element's whole tree otherwise
/// (`li:has(~ li) a`, `:not(:has(p)) > b`), so testing every element of a deep or long page
/// that way costs up to the square of its size. A `Matcher` answers `:has()` once per tree,
/// on its first call for an element of that tree, and keeps the answers (and what the form
/// pseudo-classes found out about ancestors): any number of calls cost one pass over the tree
/// plus the matching itself.
///
/// The results are those of [`Document::matches`] and [`Document::closest`]: `:scope` is
/// the document element, non-elements never match. The document cannot change while a
/// `Matcher` borrows it.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_html::select::Selector;
///
/// let doc = parse_document(
///     "<ul><li><a>1</a><li><a>2</a></ul><ul><li><a>3</a></ul>",
///     ParseOptions::default(),
/// );
/// let sel = Selector::parse("li:has(~ li) a").unwrap();
/// let mut m = doc.matcher(&sel);
/// let links: Vec<String> = doc
///     .descendants(doc.root())
///     .filter(|&n| m.matches(n))
///     .map(|n| doc.text_content(n))
///     .collect();
/// assert_eq!(links, ["1"]);
/// ```
pub struct Matcher<'a> {
    doc: &'a Document,
    selector: &'a Selector,
    caches: SelectorCaches,
    memo: MatchMemo,
    /// Whether the selector has a `:has()` at all.
    has: bool,
    /// Per node (by index): whether its tree's `:has()` answers are in `caches`.
    answered: Vec<bool>,
}

impl std::fmt::Debug for Matcher<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matcher")
            .field("selector", self.selector)
            .finish_non_exhaustive()
    }
}

impl<'a> Matcher<'a> {
    pub(super) fn new(doc: &'a Document, selector: &'a Selector) -> Matcher<'a> {
        Matcher {
            doc,
            selector,
            caches: SelectorCaches::default(),
            memo: MatchMemo::default(),
            has: !has::relative_selectors(&selector.list).is_empty(),
            answered: Vec::new(),
        }
    }

    /// The matching context, with the `:has()` answers for the tree of element `id`.
    fn context_for(&mut self, id: NodeId) -> MatchingContext<'_, Impl> {
        let Matcher {
            doc,
            selector,
            caches,
            memo,
            has,
            answered,
        } = self;
        let mut context = context(doc, None, caches, memo);
        if *has {
            if answered.is_empty() {
                answered.resize(doc.len(), false);
            }
            if !answered[id.index()] {
                has::prefill(
                    &selector.list,
                    doc,
                    has::Anchors::Tree(id),
                    &mut context,
                    Some(answered.as_mut_slice()),
                );
            }
        }
        context
    }

    /// Whether node `id` is an element matching the selector (as [`Document::matches`]).
    pub fn matches(&mut self, id: NodeId) -> bool {
        let (doc, selector) = (self.doc, self.selector);
        doc.add_query_work(1);
        if !doc.is_element(id) {
            return false;
        }
        let mut context = self.context_for(id);
        matches_with(selector, doc, id, &mut context)
    }

    /// The nearest inclusive ancestor of `id` that is an element matching the selector (as
    /// [`Document::closest`]).
    pub fn closest(&mut self, id: NodeId) -> Option<NodeId> {
        let (doc, selector) = (self.doc, self.selector);
        doc.add_query_work(1);
        let first = std::iter::once(id)
            .chain(doc.ancestors(id))
            .find(|&n| doc.is_element(n))?;
        let mut context = self.context_for(first);
        std::iter::once(first)
            .chain(doc.ancestors(first))
            .find(|&n| matches_with(selector, doc, n, &mut context))
    }
}
