//! CSS selectors over a [`Document`]: Selectors Level 4 as Servo's `selectors` crate parses
//! and matches them (this module only connects that engine to the document).
//!
//! - [`Selector`]: a compiled selector list (`Selector::parse`, or `str::parse`), reusable on
//!   any number of documents; an invalid selector is a [`SelectorError`] with its byte
//!   position, never a panic.
//! - [`Document::select`] / [`Document::select_with`]: every matching element in document
//!   order; [`Document::select_first`], [`Document::matches`], [`Document::closest`],
//!   [`Document::select_in`] (below one element, with `:scope` as that element).
//! - [`Matcher`] ([`Document::matcher`]): `matches` and `closest` for many elements of one
//!   document, keeping what the matcher works out between calls.
//! - [`ElementRef`]: an element of a document as the `selectors` crate sees it.
//!
//! What is supported: every combinator; type, universal, class, ID and attribute selectors
//! (with the `i` and `s` flags, and HTML's list of attributes whose values match ASCII
//! case-insensitively on HTML elements); `:is()`, `:where()`, `:not()`, `:has()`,
//! `:nth-child(An+B of S)`, `:nth-last-child()`, `:nth-of-type()`, `:nth-last-of-type()`,
//! `:first-child`, `:last-child`, `:only-child`, `:first-of-type`, `:last-of-type`,
//! `:only-of-type`, `:root`, `:empty`, `:scope`; the HTML pseudo-classes `:link`, `:any-link`,
//! `:visited` (never matches), `:checked`, `:disabled`, `:enabled`, `:required`, `:optional`,
//! `:read-only`, `:read-write`, `:defined`; user-action pseudo-classes that cannot match in a
//! static document (`:hover`, `:active`, `:focus`, `:focus-visible`, `:focus-within`,
//! `:target`) parse and never match. Namespace prefixes `html`, `svg`, `math`, `xlink`, `xml`
//! and `xmlns` are predeclared (`svg|rect`, `[xlink|href]`). Pseudo-elements are not supported
//! (`::before` is an error): they never match elements of a document tree.
//!
//! Class and ID selectors match ASCII case-insensitively when the document is in quirks mode
//! (as browsers do), exactly otherwise. Template contents are not searched (as
//! `querySelectorAll`).
//!
//! From the second whole-document query on, a document keeps an index of its elements (by
//! local name, attribute name, ID and class, in tree order; dropped by every edit), and only
//! the elements that meet the conditions read from the selector (its rightmost compound, the
//! compounds of its ancestors, its downward `:has()` arguments) are given to the matcher.
//! The results are the same as trying every element; `docs/select.md` has the details.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//! use websyntax_html::select::Selector;
//!
//! let doc = parse_document(
//!     "<ul><li>a<li class=x>b<li>c</ul><p>text",
//!     ParseOptions::default(),
//! );
//! let items: Vec<String> = doc
//!     .select("li:nth-child(odd)")
//!     .unwrap()
//!     .map(|id| doc.text_content(id))
//!     .collect();
//! assert_eq!(items, ["a", "c"]);
//!
//! let sel: Selector = "ul:has(> .x)".parse().unwrap();
//! assert!(doc.select_with(&sel).next().is_some());
//!
//! let err = Selector::parse("a[").unwrap_err();
//! assert_eq!(err.position(), 2);
//! ```

use std::fmt;
use std::str::FromStr;

use cssparser::{CowRcStr, ToCss};
use precomputed_hash::PrecomputedHash;
use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::context::{
    MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, QuirksMode,
    SelectorCaches,
};
use selectors::matching::{ElementSelectorFlags, matches_selector_list};
use selectors::parser::{ParseRelative, SelectorList, SelectorParseErrorKind};
use selectors::{Element as _, OpaqueElement, SelectorImpl};

use crate::dom::index::ElementIndex;
use crate::dom::{AttrNamespace, Document, Namespace, NodeId, QuirksMode as DomQuirksMode};
use crate::dom::{LocalName, NodeKind};

pub use matcher::Matcher;

mod has;
mod matcher;
#[cfg(test)]
mod tests;

// ----- the selectors crate's associated types -----

/// What one query remembers of the elements it has looked at, so that no element's facts
/// are worked out twice (the `selectors` crate carries it as its "extra matching data").
/// Opaque: [`Document::select`] and the other queries make their own.
#[derive(Debug, Default)]
pub struct MatchMemo {
    /// For each node looked at: whether it is a descendant of a disabled `fieldset`, outside
    /// that fieldset's first `legend` child.
    in_disabled_fieldset: rustc_hash::FxHashMap<NodeId, bool>,
}

/// The `SelectorImpl` of this module (types the `selectors` crate is instantiated with).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Impl;

/// An identifier in a selector (local name, class, ID, prefix), with its precomputed hash.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ident {
    name: Box<str>,
    hash: u32,
    /// The static atom of the name, when it has one: a document's element and attribute
    /// names with that string always carry this atom, so comparing names is an integer
    /// compare (a name without a static atom is interned per document, and compared as text).
    atom: Option<LocalName>,
}

impl Ident {
    /// The identifier's text.
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// Whether the name `atom` of a document `doc` is this identifier.
    #[inline]
    fn is_name(&self, doc: &Document, atom: LocalName) -> bool {
        match self.atom {
            Some(a) => a == atom,
            None => !atom.is_static() && str_eq(doc.name_str(atom), &self.name),
        }
    }

    /// The atom of this identifier in `doc`, if any element or attribute of `doc` has it.
    fn atom_in(&self, doc: &Document) -> Option<LocalName> {
        self.atom.or_else(|| doc.lookup_name(&self.name))
    }
}

impl From<&str> for Ident {
    fn from(s: &str) -> Ident {
        // FNV-1a: only used by bloom filters, which this module does not use for matching.
        let mut hash: u32 = 0x811c_9dc5;
        for b in s.bytes() {
            hash ^= u32::from(b);
            hash = hash.wrapping_mul(0x0100_0193);
        }
        Ident {
            name: s.into(),
            hash,
            atom: LocalName::from_static(s),
        }
    }
}

impl PrecomputedHash for Ident {
    fn precomputed_hash(&self) -> u32 {
        self.hash
    }
}

impl ToCss for Ident {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.name, dest)
    }
}

/// An attribute value in a selector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttrValue(Box<str>);

impl From<&str> for AttrValue {
    fn from(s: &str) -> AttrValue {
        AttrValue(s.into())
    }
}

impl AsRef<str> for AttrValue {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl ToCss for AttrValue {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_string(&self.0, dest)
    }
}

/// A namespace in a selector: one the predeclared prefixes name, or no namespace.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Ns {
    /// No namespace (the empty string).
    #[default]
    None,
    /// `http://www.w3.org/1999/xhtml` (prefix `html`).
    Html,
    /// `http://www.w3.org/2000/svg` (prefix `svg`).
    Svg,
    /// `http://www.w3.org/1998/Math/MathML` (prefix `math`).
    MathMl,
    /// `http://www.w3.org/1999/xlink` (prefix `xlink`).
    XLink,
    /// `http://www.w3.org/XML/1998/namespace` (prefix `xml`).
    Xml,
    /// `http://www.w3.org/2000/xmlns/` (prefix `xmlns`).
    Xmlns,
}

impl PrecomputedHash for Ns {
    fn precomputed_hash(&self) -> u32 {
        *self as u32
    }
}

impl Ns {
    fn of_element(ns: Namespace) -> Ns {
        match ns {
            Namespace::Html => Ns::Html,
            Namespace::Svg => Ns::Svg,
            Namespace::MathMl => Ns::MathMl,
        }
    }

    fn of_attr(ns: AttrNamespace) -> Ns {
        match ns {
            AttrNamespace::None => Ns::None,
            AttrNamespace::XLink => Ns::XLink,
            AttrNamespace::Xml => Ns::Xml,
            AttrNamespace::Xmlns => Ns::Xmlns,
        }
    }

    fn for_prefix(prefix: &str) -> Option<Ns> {
        Some(match prefix {
            "html" => Ns::Html,
            "svg" => Ns::Svg,
            "math" => Ns::MathMl,
            "xlink" => Ns::XLink,
            "xml" => Ns::Xml,
            "xmlns" => Ns::Xmlns,
            _ => return None,
        })
    }
}

/// The non-tree-structural pseudo-classes this module parses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PseudoClass {
    /// `:link`: an `a` or `area` element with an `href`.
    Link,
    /// `:any-link`: same as `:link` (no link is visited).
    AnyLink,
    /// `:visited`: never matches.
    Visited,
    /// `:checked`: a checkbox or radio `input` with `checked`, an `option` with `selected`.
    Checked,
    /// `:disabled`: a form control that is actually disabled.
    Disabled,
    /// `:enabled`: a form control (or `optgroup`, `option`, `fieldset`) that is not disabled.
    Enabled,
    /// `:required`: an `input`, `select` or `textarea` with `required`.
    Required,
    /// `:optional`: an `input`, `select` or `textarea` without `required`.
    Optional,
    /// `:read-write`: an editable `input` or `textarea`, or an element with `contenteditable`.
    ReadWrite,
    /// `:read-only`: every element `:read-write` does not match.
    ReadOnly,
    /// `:defined`: every element except autonomous custom elements (no registry here).
    Defined,
    /// `:hover`, `:active`, `:focus`, `:focus-visible`, `:focus-within`, `:target`: never
    /// match a static document.
    UserAction(&'static str),
}

impl selectors::parser::NonTSPseudoClass for PseudoClass {
    fn is_active_or_hover(&self) -> bool {
        matches!(self, PseudoClass::UserAction("hover" | "active"))
    }
    fn is_user_action_state(&self) -> bool {
        matches!(self, PseudoClass::UserAction(_))
    }
}

impl ToCss for PseudoClass {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        if let PseudoClass::UserAction(name) = self {
            dest.write_char(':')?;
            return dest.write_str(name);
        }
        dest.write_str(match self {
            PseudoClass::Link => ":link",
            PseudoClass::AnyLink => ":any-link",
            PseudoClass::Visited => ":visited",
            PseudoClass::Checked => ":checked",
            PseudoClass::Disabled => ":disabled",
            PseudoClass::Enabled => ":enabled",
            PseudoClass::Required => ":required",
            PseudoClass::Optional => ":optional",
            PseudoClass::ReadWrite => ":read-write",
            PseudoClass::ReadOnly => ":read-only",
            PseudoClass::Defined => ":defined",
            PseudoClass::UserAction(_) => "",
        })
    }
}

/// Pseudo-elements: none are supported (they never match document elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PseudoElement {}

impl selectors::parser::PseudoElement for PseudoElement {}

impl ToCss for PseudoElement {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
    }
}

impl SelectorImpl for Impl {
    type ExtraMatchingData<'a> = Option<&'a mut MatchMemo>;
    type AttrValue = AttrValue;
    type Identifier = Ident;
    type LocalName = Ident;
    type NamespaceUrl = Ns;
    type NamespacePrefix = Ident;
    type BorrowedNamespaceUrl = Ns;
    type BorrowedLocalName = Ident;
    type NonTSPseudoClass = PseudoClass;
    type PseudoElement = PseudoElement;
}

struct Parser;

impl<'i> selectors::parser::Parser<'i> for Parser {
    type Impl = Impl;
    type Error = SelectorParseErrorKind;

    fn parse_nth_child_of(&self) -> bool {
        true
    }
    fn parse_is_and_where(&self) -> bool {
        true
    }
    fn parse_has(&self) -> bool {
        true
    }
    // `querySelector` selector lists are not forgiving: one bad selector fails the list.
    fn allow_forgiving_selectors(&self) -> bool {
        false
    }

    fn parse_non_ts_pseudo_class(
        &self,
        name: CowRcStr<'i>,
    ) -> Result<PseudoClass, cssparser::ParseError<SelectorParseErrorKind>> {
        let lower = name.to_ascii_lowercase();
        Ok(match lower.as_str() {
            "link" => PseudoClass::Link,
            "any-link" => PseudoClass::AnyLink,
            "visited" => PseudoClass::Visited,
            "checked" => PseudoClass::Checked,
            "disabled" => PseudoClass::Disabled,
            "enabled" => PseudoClass::Enabled,
            "required" => PseudoClass::Required,
            "optional" => PseudoClass::Optional,
            "read-write" => PseudoClass::ReadWrite,
            "read-only" => PseudoClass::ReadOnly,
            "defined" => PseudoClass::Defined,
            "hover" => PseudoClass::UserAction("hover"),
            "active" => PseudoClass::UserAction("active"),
            "focus" => PseudoClass::UserAction("focus"),
            "focus-visible" => PseudoClass::UserAction("focus-visible"),
            "focus-within" => PseudoClass::UserAction("focus-within"),
            "target" => PseudoClass::UserAction("target"),
            _ => {
                return Err(cssparser::ParseError::custom(
                    SelectorParseErrorKind::UnsupportedPseudoClassOrElement,
                ));
            }
        })
    }

    fn namespace_for_prefix(&self, prefix: &Ident) -> Option<Ns> {
        Ns::for_prefix(prefix.as_str())
    }
}

// ----- compiled selectors and errors -----

/// A compiled selector list (`a, b > c`), reusable across documents.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_html::select::Selector;
///
/// let sel = Selector::parse("p.note, svg|rect").unwrap();
/// assert_eq!(sel.to_string(), "p.note, svg|rect");
/// let doc = parse_document("<p class=note>a<svg><rect/></svg>", ParseOptions::default());
/// assert_eq!(doc.select_with(&sel).count(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    list: SelectorList<Impl>,
    /// For each selector of the list, what its compounds require of a match ([`Plan`]).
    plans: Vec<Plan>,
}

/// Necessary conditions for a match of one selector, read from its compounds: they narrow
/// the elements the matcher is run on (it still decides every match).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Plan {
    /// What the rightmost compound requires of the element itself.
    subject: Option<Need>,
    /// What compounds to the left, joined to the subject by child and descendant combinators
    /// only, require: for each, some ancestor of the element meets it; with `Some(k)` when
    /// only child combinators lead there, the ancestor `k` levels up (the parent for 1).
    ancestors: Vec<(Need, Option<u32>)>,
    /// The subject's `:has()` arguments whose relative selectors only look down (`>` and
    /// descendant combinators): for each, some descendant of the element meets one of the
    /// needs (of the relative selectors' rightmost compounds); a child of it when the flag
    /// is set (`:has(> img)`).
    has: Vec<Vec<(Need, bool)>>,
}

/// Necessary conditions on one element: every key holds for it, so any one of them can pick
/// the candidates (the one with the fewest, per document).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Need(Vec<Key>);

/// One necessary condition (see [`Need`]).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Key {
    /// A type selector: `lower` for HTML elements, `name` (as written) for others.
    Name { name: Ident, lower: Ident },
    /// An ID selector.
    Id(Box<str>),
    /// A class selector.
    Class(Box<str>),
    /// An attribute selector (any operator): the element has an attribute of this local name
    /// (`lower` on HTML elements), in some namespace.
    Attr { name: Ident, lower: Ident },
    /// `[class op value]` with a value without whitespace: some class contains the value
    /// (ASCII case-insensitively; the value here is ASCII-lowercased).
    ClassContains(Box<str>),
    /// `[id op value]`: the ID contains the value (as [`Key::ClassContains`]).
    IdContains(Box<str>),
    /// `:is()` / `:where()`: the element meets one of these.
    Any(Vec<Need>),
}

/// Whether `s` has ASCII whitespace.
fn has_ascii_ws(s: &str) -> bool {
    s.bytes()
        .any(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
}

impl Plan {
    fn of(selector: &selectors::parser::Selector<Impl>) -> Plan {
        use selectors::parser::Combinator;
        let mut iter = selector.iter();
        let mut has = Vec::new();
        let subject = Need::of_compound(&mut iter, Some(&mut has));
        let mut ancestors = Vec::new();
        // How many levels up the next compound is, while only child combinators were met.
        let mut levels = Some(0u32);
        while let Some(c) = iter.next_sequence() {
            match c {
                Combinator::Child => levels = levels.map(|k| k + 1),
                Combinator::Descendant => levels = None,
                _ => break,
            }
            if let Some(n) = Need::of_compound(&mut iter, None) {
                ancestors.push((n, levels));
            }
        }
        Plan {
            subject,
            ancestors,
            has,
        }
    }

    /// The positions in `ix` of the elements of `doc` that may match (sorted); `None` when
    /// that is every element.
    fn candidates(&self, doc: &Document, ix: &ElementIndex) -> Option<Vec<u32>> {
        let mut base: Option<Vec<u32>> = self
            .subject
            .as_ref()
            .and_then(|n| n.candidates(doc, ix))
            .map(|(lists, _)| union(lists));
        for (need, levels) in &self.ancestors {
            let Some((lists, len)) = need.candidates(doc, ix) else {
                continue;
            };
            if len >= ix.order.len() {
                continue;
            }
            let anc = union(lists);
            let base = base.get_or_insert_with(|| (0..ix.order.len() as u32).collect());
            match levels {
                Some(k) => {
                    let set = PositionSet::of(&anc, ix.order.len());
                    base.retain(|&p| set.contains(ancestor_at(&ix.parents, p, *k)));
                }
                None => keep_below(base, &anc, &ix.ends),
            }
        }
        'has: for alternatives in &self.has {
            // Elements with a descendant meeting one of the alternatives, and elements with a
            // child meeting one.
            let (mut below, mut parents) = (Vec::new(), Vec::new());
            for (need, child) in alternatives {
                let Some((lists, _)) = need.candidates(doc, ix) else {
                    continue 'has;
                };
                if *child {
                    for l in lists {
                        parents.extend(
                            l.iter()
                                .map(|&q| ix.parents.get(q as usize).copied().unwrap_or(u32::MAX)),
                        );
                    }
                } else {
                    below.extend(lists);
                }
            }
            parents.retain(|&p| p != u32::MAX);
            parents.sort_unstable();
            parents.dedup();
            let below = union(below);
            let base = base.get_or_insert_with(|| (0..ix.order.len() as u32).collect());
            let mut in_parents = parents.iter().peekable();
            let mut kept = base.clone();
            keep_above(&mut kept, &below, &ix.ends);
            let mut in_below = kept.iter().peekable();
            base.retain(|&p| {
                let mut hit = false;
                while let Some(&&q) = in_parents.peek() {
                    if q > p {
                        break;
                    }
                    hit |= q == p;
                    in_parents.next();
                }
                while let Some(&&q) = in_below.peek() {
                    if q > p {
                        break;
                    }
                    hit |= q == p;
                    in_below.next();
                }
                hit
            });
        }
        base
    }
}

/// The ancestor `levels` levels above position `p` (`u32::MAX` when there is none).
fn ancestor_at(parents: &[u32], mut p: u32, levels: u32) -> u32 {
    for _ in 0..levels {
        p = parents.get(p as usize).copied().unwrap_or(u32::MAX);
    }
    p
}

/// A set of positions, as bits.
struct PositionSet(Vec<u64>);

impl PositionSet {
    fn of(positions: &[u32], len: usize) -> PositionSet {
        let mut bits = vec![0u64; len.div_ceil(64)];
        for &p in positions {
            if let Some(w) = bits.get_mut(p as usize / 64) {
                *w |= 1 << (p % 64);
            }
        }
        PositionSet(bits)
    }

    fn contains(&self, p: u32) -> bool {
        self.0
            .get(p as usize / 64)
            .is_some_and(|w| w >> (p % 64) & 1 == 1)
    }
}

/// The sorted union of sorted position lists.
fn union(lists: Vec<&[u32]>) -> Vec<u32> {
    let lists: Vec<&[u32]> = lists.into_iter().filter(|l| !l.is_empty()).collect();
    match lists.len() {
        0 => Vec::new(),
        1 => lists[0].to_vec(),
        _ => {
            let mut all: Vec<u32> = Vec::with_capacity(lists.iter().map(|l| l.len()).sum());
            for l in lists {
                all.extend_from_slice(l);
            }
            all.sort_unstable();
            all.dedup();
            all
        }
    }
}

/// Keeps the positions of `base` that have an ancestor in `anc` (both sorted; `ends[p]` is
/// the end of the subtree of `p`). Subtrees nest, so `p` has an ancestor in `anc` exactly when
/// some `q < p` of `anc` has a subtree reaching past `p`.
fn keep_below(base: &mut Vec<u32>, anc: &[u32], ends: &[u32]) {
    let (mut j, mut reach) = (0, 0);
    base.retain(|&p| {
        while let Some(&q) = anc.get(j)
            && q < p
        {
            reach = reach.max(ends.get(q as usize).copied().unwrap_or(0));
            j += 1;
        }
        p < reach
    });
}

/// Keeps the positions of `base` that have a descendant in `below` (both sorted).
fn keep_above(base: &mut Vec<u32>, below: &[u32], ends: &[u32]) {
    let mut j = 0;
    base.retain(|&p| {
        while let Some(&q) = below.get(j)
            && q <= p
        {
            j += 1;
        }
        below
            .get(j)
            .is_some_and(|&q| q < ends.get(p as usize).copied().unwrap_or(0))
    });
}

impl Need {
    /// The keys of the compound `iter` is at (consumed up to its combinator); `:has()`
    /// arguments go to `has` when given.
    fn of_compound(
        iter: &mut selectors::parser::SelectorIter<'_, Impl>,
        mut has: Option<&mut Vec<Vec<(Need, bool)>>>,
    ) -> Option<Need> {
        use selectors::parser::{Component, RelativeSelectorMatchHint as Hint};
        let mut keys = Vec::new();
        for c in iter {
            match c {
                Component::LocalName(n) => keys.push(Key::Name {
                    name: n.name.clone(),
                    lower: n.lower_name.clone(),
                }),
                Component::ID(i) => keys.push(Key::Id(i.as_str().into())),
                Component::Class(c) => keys.push(Key::Class(c.as_str().into())),
                Component::AttributeInNoNamespaceExists {
                    local_name,
                    local_name_lower,
                } => keys.push(Key::Attr {
                    name: local_name.clone(),
                    lower: local_name_lower.clone(),
                }),
                Component::AttributeInNoNamespace {
                    local_name, value, ..
                } => {
                    keys.push(Key::Attr {
                        name: local_name.clone(),
                        lower: local_name.clone(),
                    });
                    // Every operator (=, ~=, |=, ^=, $=, *=) with a value free of whitespace
                    // implies a class (an ID) containing that value; an empty value matches
                    // nothing with ^=, $=, *= and ~=, and only an empty attribute with = and
                    // |=, so it gives no key.
                    let v = value.as_ref();
                    if !v.is_empty() && !has_ascii_ws(v) {
                        let v: Box<str> = v.to_ascii_lowercase().into();
                        match local_name.as_str() {
                            "class" => keys.push(Key::ClassContains(v)),
                            "id" => keys.push(Key::IdContains(v)),
                            _ => {}
                        }
                    }
                }
                Component::AttributeOther(a) => keys.push(Key::Attr {
                    name: a.local_name.clone(),
                    lower: a.local_name_lower.clone(),
                }),
                Component::Is(list) | Component::Where(list) => {
                    let needs: Option<Vec<Need>> = list
                        .slice()
                        .iter()
                        .map(|s| Need::of_compound(&mut s.iter(), None))
                        .collect();
                    if let Some(needs) = needs {
                        keys.push(Key::Any(needs));
                    }
                }
                Component::Has(relative) => {
                    if let Some(has) = has.as_deref_mut() {
                        let needs: Option<Vec<(Need, bool)>> = relative
                            .iter()
                            .map(|r| match r.match_hint {
                                Hint::InChild => {
                                    Some((Need::of_compound(&mut r.selector.iter(), None)?, true))
                                }
                                Hint::InSubtree => {
                                    Some((Need::of_compound(&mut r.selector.iter(), None)?, false))
                                }
                                _ => None,
                            })
                            .collect();
                        if let Some(needs) = needs {
                            has.push(needs);
                        }
                    }
                }
                _ => {}
            }
        }
        // The cheapest keys to test one element against first (the walk tests only one).
        fn rank(k: &Key) -> u8 {
            match k {
                Key::Name { .. } => 0,
                Key::Id(_) => 1,
                Key::Class(_) => 2,
                Key::Attr { .. } => 3,
                Key::ClassContains(_) | Key::IdContains(_) => 4,
                Key::Any(_) => 5,
            }
        }
        crate::sort::sort_by_cold(&mut keys, |a, b| rank(a).cmp(&rank(b)));
        (!keys.is_empty()).then_some(Need(keys))
    }

    /// Whether `el` passes the first (cheapest) key: a necessary condition for a match.
    fn may_match(&self, el: &ElementRef<'_>, case: CaseSensitivity) -> bool {
        self.0.first().is_none_or(|k| k.matches(el, case))
    }

    /// The candidates of the key with the fewest of them in `ix`: sorted position lists
    /// whose union holds every element of the document meeting this need, and their total
    /// length (`None` when no key can tell).
    fn candidates<'i>(
        &self,
        doc: &Document,
        ix: &'i ElementIndex,
    ) -> Option<(Vec<&'i [u32]>, usize)> {
        let mut best: Option<(Vec<&'i [u32]>, usize)> = None;
        for k in &self.0 {
            let Some(lists) = k.candidates(doc, ix) else {
                continue;
            };
            let n = lists.iter().map(|l| l.len()).sum();
            if best.as_ref().is_none_or(|(_, m)| n < *m) {
                best = Some((lists, n));
            }
            if n == 0 {
                break;
            }
        }
        best
    }
}

impl Key {
    /// Whether element `el` meets the condition.
    fn matches(&self, el: &ElementRef<'_>, case: CaseSensitivity) -> bool {
        let html = el.is_html_element_in_html_document();
        match self {
            Key::Name { name, lower } => {
                (if html { lower } else { name }).is_name(el.doc, el.el.local_name())
            }
            Key::Id(i) => el.id_is(i, case),
            Key::Class(c) => el.class_contains(c, case),
            Key::Attr { name, lower } => el
                .el
                .attrs()
                .any(|a| (if html { lower } else { name }).is_name(el.doc, a.local_name())),
            Key::ClassContains(_) | Key::IdContains(_) => true,
            Key::Any(needs) => needs.iter().any(|n| n.may_match(el, case)),
        }
    }

    /// The sorted position lists of `ix` whose union holds every element meeting the
    /// condition (`None` when the index cannot tell).
    fn candidates<'i>(&self, doc: &Document, ix: &'i ElementIndex) -> Option<Vec<&'i [u32]>> {
        let by_names =
            |name: &Ident, lower: &Ident, get: fn(&'i ElementIndex, LocalName) -> &'i [u32]| {
                let mut lists = Vec::with_capacity(2);
                if let Some(a) = lower.atom_in(doc) {
                    lists.push(get(ix, a));
                }
                if name != lower
                    && let Some(a) = name.atom_in(doc)
                {
                    lists.push(get(ix, a));
                }
                lists
            };
        Some(match self {
            Key::Name { name, lower } => by_names(name, lower, ElementIndex::by_name),
            Key::Attr { name, lower } => by_names(name, lower, ElementIndex::by_attr),
            Key::Id(i) => vec![ix.by_id(doc, i)],
            Key::Class(c) => vec![ix.by_class(doc, c)],
            Key::ClassContains(v) => ix.classes_containing(doc, v)?,
            Key::IdContains(v) => ix.ids_containing(doc, v)?,
            Key::Any(needs) => {
                let mut lists = Vec::new();
                for n in needs {
                    lists.extend(n.candidates(doc, ix)?.0);
                }
                lists
            }
        })
    }
}

impl Selector {
    /// Parses a selector list (Selectors Level 4, as the `selectors` crate reads it).
    ///
    /// ```
    /// use websyntax_html::select::{Selector, SelectorErrorKind};
    /// assert!(Selector::parse("div > p:nth-child(2n of .x)").is_ok());
    /// let err = Selector::parse("p::marker").unwrap_err();
    /// assert_eq!(err.kind(), SelectorErrorKind::UnsupportedPseudo);
    /// assert_eq!(err.position(), 9);
    /// ```
    pub fn parse(selectors: &str) -> Result<Selector, SelectorError> {
        let mut parser = cssparser::Parser::new(selectors);
        let result = SelectorList::parse(&Parser, &mut parser, ParseRelative::No);
        match result {
            Ok(list) => {
                let plans = list.slice().iter().map(Plan::of).collect();
                Ok(Selector { list, plans })
            }
            Err(e) => {
                let end = parser.position().byte_index();
                Err(SelectorError::new(selectors, end, e.kind))
            }
        }
    }

    /// Whether element `id` of `doc` matches (`:scope` is the document element).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::select::Selector;
    /// let doc = parse_document("<p id=a>", ParseOptions::default());
    /// let p = doc.find_element("p").unwrap();
    /// assert!(Selector::parse("body > #a").unwrap().matches(&doc, p));
    /// ```
    pub fn matches(&self, doc: &Document, id: NodeId) -> bool {
        let (mut caches, mut memo) = (SelectorCaches::default(), MatchMemo::default());
        let mut context = context(doc, None, &mut caches, &mut memo);
        let anchors = if has::subject_only(&self.list) {
            has::Anchors::Element(id)
        } else {
            has::Anchors::Tree(id)
        };
        has::prefill(&self.list, doc, anchors, &mut context, None);
        matches_with(self, doc, id, &mut context)
    }

    /// Whether element `el` passes the subject conditions of the plans (a walk's filter).
    fn may_match(&self, el: &ElementRef<'_>, quirks: QuirksMode) -> bool {
        let case = quirks.classes_and_ids_case_sensitivity();
        self.plans
            .iter()
            .any(|p| p.subject.as_ref().is_none_or(|n| n.may_match(el, case)))
    }

    /// The positions in `ix` of the elements of `doc` that may match, in document order
    /// (`None`: every element may).
    fn candidates(&self, doc: &Document, ix: &ElementIndex) -> Option<Vec<u32>> {
        let mut lists = Vec::with_capacity(self.plans.len());
        for p in &self.plans {
            lists.push(p.candidates(doc, ix)?);
        }
        if lists.len() == 1 {
            return lists.pop();
        }
        Some(union(lists.iter().map(Vec::as_slice).collect()))
    }
}

impl FromStr for Selector {
    type Err = SelectorError;
    fn from_str(s: &str) -> Result<Selector, SelectorError> {
        Selector::parse(s)
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.list.to_css(f)
    }
}

/// What was wrong with a selector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SelectorErrorKind {
    /// The selector (or one in the list, or an argument) is empty.
    Empty,
    /// A token that cannot appear where it does.
    UnexpectedToken,
    /// The selector ends in the middle (`a[`, `:has(`, `div >`).
    UnexpectedEnd,
    /// A pseudo-class or pseudo-element this engine does not know (`::marker`, `:foo`).
    UnsupportedPseudo,
    /// A combinator with nothing after it.
    DanglingCombinator,
    /// A malformed attribute selector (`[a=]`, `[a~b]`).
    InvalidAttributeSelector,
    /// A namespace prefix that is not predeclared (`foo|a`).
    UnknownNamespacePrefix,
    /// A `.` not followed by a class name.
    ClassNeedsName,
    /// Anything else the parser rejects.
    Invalid,
}

impl SelectorErrorKind {
    fn describe(self) -> &'static str {
        match self {
            SelectorErrorKind::Empty => "empty selector",
            SelectorErrorKind::UnexpectedToken => "unexpected token",
            SelectorErrorKind::UnexpectedEnd => "unexpected end of selector",
            SelectorErrorKind::UnsupportedPseudo => "unsupported pseudo-class or pseudo-element",
            SelectorErrorKind::DanglingCombinator => "combinator without a selector after it",
            SelectorErrorKind::InvalidAttributeSelector => "invalid attribute selector",
            SelectorErrorKind::UnknownNamespacePrefix => "unknown namespace prefix",
            SelectorErrorKind::ClassNeedsName => "a class selector needs a name",
            SelectorErrorKind::Invalid => "invalid selector",
        }
    }
}

/// An invalid selector: what was wrong and where.
///
/// The position is the byte offset in the selector text where the parser stopped: the
/// offending token's end (for an unsupported pseudo-class, the end of its name), the end of
/// the input for a selector that ends too early, or the end of the enclosing parenthesised
/// argument for an error inside `:is()`, `:not()`, `:has()` ….
///
/// ```
/// use websyntax_html::select::{Selector, SelectorErrorKind};
/// let err = Selector::parse(":has(").unwrap_err();
/// assert_eq!(err.kind(), SelectorErrorKind::UnexpectedEnd);
/// assert_eq!(err.position(), 5);
/// assert_eq!(err.to_string(), "invalid selector at byte 5 (line 1, column 6): unexpected end of selector");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectorError {
    kind: SelectorErrorKind,
    position: usize,
    line: usize,
    column: usize,
}

impl SelectorError {
    fn new(
        input: &str,
        position: usize,
        kind: cssparser::ParseErrorKind<SelectorParseErrorKind>,
    ) -> SelectorError {
        use cssparser::{BasicParseErrorKind as B, ParseErrorKind as P};
        use selectors::parser::SelectorParseErrorKind as S;
        let kind = match kind {
            P::Basic(B::EndOfInput) => SelectorErrorKind::UnexpectedEnd,
            P::Basic(B::UnexpectedToken) => SelectorErrorKind::UnexpectedToken,
            P::Basic(_) => SelectorErrorKind::Invalid,
            P::Custom(S::EmptySelector) => SelectorErrorKind::Empty,
            P::Custom(S::DanglingCombinator) => SelectorErrorKind::DanglingCombinator,
            P::Custom(S::UnsupportedPseudoClassOrElement)
            | P::Custom(S::PseudoElementExpectedIdent)
            | P::Custom(S::NoIdentForPseudo)
            | P::Custom(S::PseudoElementExpectedColon) => SelectorErrorKind::UnsupportedPseudo,
            P::Custom(S::ExpectedNamespace) => SelectorErrorKind::UnknownNamespacePrefix,
            P::Custom(S::ClassNeedsIdent) => SelectorErrorKind::ClassNeedsName,
            P::Custom(
                S::NoQualifiedNameInAttributeSelector
                | S::UnexpectedTokenInAttributeSelector
                | S::ExpectedBarInAttr
                | S::BadValueInAttr
                | S::InvalidQualNameInAttr,
            ) => SelectorErrorKind::InvalidAttributeSelector,
            P::Custom(S::UnexpectedIdent) => SelectorErrorKind::UnexpectedToken,
            P::Custom(_) => SelectorErrorKind::Invalid,
        };
        let position = position.min(input.len());
        // A selector cut off inside an argument (`:has(`, `:is(a,`) ends too early, whatever
        // the selector parser made of the implicitly closed block.
        let kind = if position == input.len()
            && input.matches('(').count() > input.matches(')').count()
            && matches!(
                kind,
                SelectorErrorKind::Empty | SelectorErrorKind::DanglingCombinator
            ) {
            SelectorErrorKind::UnexpectedEnd
        } else {
            kind
        };
        let before = &input[..floor_char_boundary(input, position)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        SelectorError {
            kind,
            position,
            line,
            column,
        }
    }

    /// What was wrong.
    pub fn kind(&self) -> SelectorErrorKind {
        self.kind
    }

    /// The byte offset in the selector text where the parser stopped.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The 1-based line of [`SelectorError::position`].
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column (in characters) of [`SelectorError::position`].
    pub fn column(&self) -> usize {
        self.column
    }
}

/// String equality written out for the short names compared here (no call to `memcmp`).
#[inline]
fn str_eq(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// [`str_eq`], or ASCII case-insensitive equality.
#[inline]
fn case_eq(a: &str, b: &str, case: CaseSensitivity) -> bool {
    match case {
        CaseSensitivity::CaseSensitive => str_eq(a, b),
        CaseSensitivity::AsciiCaseInsensitive => a.eq_ignore_ascii_case(b),
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid selector at byte {} (line {}, column {}): {}",
            self.position,
            self.line,
            self.column,
            self.kind.describe()
        )
    }
}

impl std::error::Error for SelectorError {}

// ----- matching -----

/// `[name op value]` on attribute value `v`. The `selectors` crate's ASCII case-insensitive
/// substring test (`*=` with the `i` flag, or on the attributes HTML makes case-insensitive)
/// compares at every byte; here both sides are lowercased and searched in linear time.
fn eval_attr(doc: &Document, op: &AttrSelectorOperation<&AttrValue>, v: &str) -> bool {
    use selectors::attr::AttrSelectorOperator;
    use std::borrow::Cow;
    match op {
        AttrSelectorOperation::WithValue {
            operator: AttrSelectorOperator::Substring,
            case_sensitivity: CaseSensitivity::AsciiCaseInsensitive,
            value,
        } => {
            let needle = value.as_ref();
            doc.add_query_work((v.len() + needle.len()) as u64);
            if needle.is_empty() || needle.len() > v.len() {
                return false;
            }
            fn lower(s: &str) -> Cow<'_, [u8]> {
                if s.bytes().any(|b| b.is_ascii_uppercase()) {
                    Cow::Owned(s.as_bytes().to_ascii_lowercase())
                } else {
                    Cow::Borrowed(s.as_bytes())
                }
            }
            memchr::memmem::find(&lower(v), &lower(needle)).is_some()
        }
        _ => op.eval_str(v),
    }
}

fn quirks_mode(doc: &Document) -> QuirksMode {
    match doc.quirks_mode {
        DomQuirksMode::NoQuirks => QuirksMode::NoQuirks,
        DomQuirksMode::LimitedQuirks => QuirksMode::LimitedQuirks,
        DomQuirksMode::Quirks => QuirksMode::Quirks,
    }
}

/// A matching context for one query of `doc` (`:scope` is `scope`).
fn context<'a>(
    doc: &Document,
    scope: Option<NodeId>,
    caches: &'a mut SelectorCaches,
    memo: &'a mut MatchMemo,
) -> MatchingContext<'a, Impl> {
    let mut context = MatchingContext::new(
        MatchingMode::Normal,
        None,
        caches,
        quirks_mode(doc),
        NeedsSelectorFlags::No,
        MatchingForInvalidation::No,
    );
    context.scope_element = scope
        .and_then(|s| ElementRef::new(doc, s))
        .map(|s| s.opaque());
    context.extra_data = Some(memo);
    context
}

fn matches_with(
    selector: &Selector,
    doc: &Document,
    id: NodeId,
    context: &mut MatchingContext<'_, Impl>,
) -> bool {
    let Some(el) = ElementRef::new(doc, id) else {
        return false;
    };
    matches_selector_list(&selector.list, &el, context)
}

enum SelectorHolder<'a> {
    Owned(Selector),
    Borrowed(&'a Selector),
}

impl SelectorHolder<'_> {
    fn get(&self) -> &Selector {
        match self {
            SelectorHolder::Owned(s) => s,
            SelectorHolder::Borrowed(s) => s,
        }
    }
}

/// The elements matching a selector, in document order (from [`Document::select`],
/// [`Document::select_with`], [`Document::select_in`]).
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// let doc = parse_document("<p>1<p>2", ParseOptions::default());
/// let mut ps = doc.select("p").unwrap();
/// assert_eq!(doc.text_content(ps.next().unwrap()), "1");
/// ```
pub struct Select<'a> {
    doc: &'a Document,
    selector: SelectorHolder<'a>,
    scope: Option<NodeId>,
    /// The node below which the elements are searched.
    root: NodeId,
    source: Source<'a>,
    caches: SelectorCaches,
    memo: MatchMemo,
    /// Whether the `:has()` answers are in `caches` (done on the first `next`).
    has_done: bool,
}

/// Where [`Select`] takes the elements to try from.
enum Source<'a> {
    /// The whole document, through its element index; not looked at yet.
    Document,
    /// Every element of the document, by position.
    All { index: &'a ElementIndex, next: u32 },
    /// The candidate positions of the document.
    Candidates {
        index: &'a ElementIndex,
        list: Vec<u32>,
        next: usize,
    },
    /// The descendants of a node, walked.
    Walk(crate::dom::Descendants<'a>),
}

impl fmt::Debug for Select<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Select")
            .field("selector", self.selector.get())
            .field("scope", &self.scope)
            .finish_non_exhaustive()
    }
}

impl Iterator for Select<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let Select {
            doc,
            selector,
            scope,
            root,
            source,
            caches,
            memo,
            has_done,
        } = self;
        let doc: &Document = doc;
        let selector = selector.get();
        if let Source::Document = source {
            let ix = doc.element_index();
            *source = match selector.candidates(doc, ix) {
                None => Source::All { index: ix, next: 0 },
                Some(list) => Source::Candidates {
                    index: ix,
                    list,
                    next: 0,
                },
            };
        }
        let quirks = quirks_mode(doc);
        // One matching context for all the elements tried in this call.
        let mut context = context(doc, *scope, caches, memo);
        if !*has_done {
            *has_done = true;
            has::prefill(
                &selector.list,
                doc,
                has::Anchors::Tree(*root),
                &mut context,
                None,
            );
        }
        match source {
            Source::Document => None,
            Source::All { index, next } => {
                while let Some(el) = ElementRef::at(doc, index, *next) {
                    *next += 1;
                    doc.add_query_work(1);
                    if matches_selector_list(&selector.list, &el, &mut context) {
                        return Some(el.id());
                    }
                }
                None
            }
            Source::Candidates { index, list, next } => {
                while let Some(&pos) = list.get(*next) {
                    *next += 1;
                    doc.add_query_work(1);
                    if let Some(el) = ElementRef::at(doc, index, pos)
                        && matches_selector_list(&selector.list, &el, &mut context)
                    {
                        return Some(el.id());
                    }
                }
                None
            }
            Source::Walk(nodes) => {
                for id in nodes.by_ref() {
                    doc.add_query_work(1);
                    let Some(el) = ElementRef::new(doc, id) else {
                        continue;
                    };
                    if !selector.may_match(&el, quirks) {
                        continue;
                    }
                    if matches_selector_list(&selector.list, &el, &mut context) {
                        return Some(id);
                    }
                }
                None
            }
        }
    }
}

impl Document {
    /// Every element matching `selectors`, in document order (template contents are not
    /// searched). `:scope` is the document element.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<a href=/x>x</a><a>y</a>", ParseOptions::default());
    /// assert_eq!(doc.select("a[href]").unwrap().count(), 1);
    /// assert!(doc.select("a[").is_err());
    /// ```
    pub fn select(&self, selectors: &str) -> Result<Select<'_>, SelectorError> {
        let selector = Selector::parse(selectors)?;
        Ok(self.select_holder(self.root(), SelectorHolder::Owned(selector), None))
    }

    /// Every element matching the compiled `selector`, in document order.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::select::Selector;
    /// let sel = Selector::parse("td:last-child").unwrap();
    /// let doc = parse_document("<table><tr><td>1<td>2</table>", ParseOptions::default());
    /// let cells: Vec<_> = doc.select_with(&sel).map(|id| doc.text_content(id)).collect();
    /// assert_eq!(cells, ["2"]);
    /// ```
    pub fn select_with<'a>(&'a self, selector: &'a Selector) -> Select<'a> {
        self.select_holder(self.root(), SelectorHolder::Borrowed(selector), None)
    }

    /// The elements below `scope` (not `scope` itself) matching `selector`, in document
    /// order, with `:scope` matching `scope` (as `element.querySelectorAll`). `scope` may also
    /// be a template's contents fragment.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::select::Selector;
    /// let doc = parse_document("<div id=a><p>1</p></div><p>2", ParseOptions::default());
    /// let div = doc.select_first("#a").unwrap().unwrap();
    /// let sel = Selector::parse(":scope > p").unwrap();
    /// assert_eq!(doc.select_in(div, &sel).count(), 1);
    /// ```
    pub fn select_in<'a>(&'a self, scope: NodeId, selector: &'a Selector) -> Select<'a> {
        let scope_el = self.is_element(scope).then_some(scope);
        self.select_holder(scope, SelectorHolder::Borrowed(selector), scope_el)
    }

    fn select_holder<'a>(
        &'a self,
        root: NodeId,
        selector: SelectorHolder<'a>,
        scope: Option<NodeId>,
    ) -> Select<'a> {
        // The document's own tree has an index (from its second query on); below another
        // node, walk.
        let source = if root == self.root() && self.element_index_for_query().is_some() {
            Source::Document
        } else {
            Source::Walk(self.descendants(root))
        };
        Select {
            doc: self,
            selector,
            scope,
            root,
            source,
            caches: SelectorCaches::default(),
            memo: MatchMemo::default(),
            has_done: false,
        }
    }

    /// The first element matching `selectors` in document order.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<h1>T</h1><h2>S</h2>", ParseOptions::default());
    /// let h = doc.select_first(":is(h1, h2)").unwrap().unwrap();
    /// assert_eq!(doc.local_name(h), Some("h1"));
    /// ```
    pub fn select_first(&self, selectors: &str) -> Result<Option<NodeId>, SelectorError> {
        Ok(self.select(selectors)?.next())
    }

    /// Whether element `id` matches `selector` (`false` for non-elements).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::select::Selector;
    /// let doc = parse_document("<input type=checkbox checked>", ParseOptions::default());
    /// let input = doc.find_element("input").unwrap();
    /// assert!(doc.matches(input, &Selector::parse(":checked").unwrap()));
    /// ```
    ///
    /// Each call starts afresh: to test many elements against one selector, a [`Matcher`]
    /// ([`Document::matcher`]) keeps what the matcher works out from one to the next.
    pub fn matches(&self, id: NodeId, selector: &Selector) -> bool {
        selector.matches(self, id)
    }

    /// `selector` bound to this document, for testing many of its elements (see
    /// [`Matcher`]).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::select::Selector;
    /// let doc = parse_document("<p>a<p><img>", ParseOptions::default());
    /// let sel = Selector::parse("p:has(img)").unwrap();
    /// let mut m = doc.matcher(&sel);
    /// let ps: Vec<bool> = doc.select("p").unwrap().map(|p| m.matches(p)).collect();
    /// assert_eq!(ps, [false, true]);
    /// ```
    pub fn matcher<'a>(&'a self, selector: &'a Selector) -> Matcher<'a> {
        Matcher::new(self, selector)
    }

    /// The nearest inclusive ancestor of `id` that is an element matching `selector` (the
    /// DOM's `closest`).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::select::Selector;
    /// let doc = parse_document("<section><div><p>x</div></section>", ParseOptions::default());
    /// let p = doc.find_element("p").unwrap();
    /// let s = doc.closest(p, &Selector::parse("section, div").unwrap()).unwrap();
    /// assert_eq!(doc.local_name(s), Some("div"));
    /// ```
    pub fn closest(&self, id: NodeId, selector: &Selector) -> Option<NodeId> {
        self.matcher(selector).closest(id)
    }
}

// ----- the element as the selectors crate sees it -----

/// An element of a [`Document`], as the `selectors` crate's `Element` trait sees it.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_html::select::ElementRef;
/// let doc = parse_document("<p>", ParseOptions::default());
/// let p = ElementRef::new(&doc, doc.find_element("p").unwrap()).unwrap();
/// assert_eq!(doc.local_name(p.id()), Some("p"));
/// ```
#[derive(Clone, Copy)]
pub struct ElementRef<'a> {
    doc: &'a Document,
    el: crate::dom::ElementRef<'a>,
    /// The document's element index and this element's position in it, when the element
    /// came from the index: tree navigation then reads the index's compact arrays.
    at: Option<(&'a ElementIndex, u32)>,
}

/// The static atoms of the attribute names the matcher looks up itself.
struct Atoms {
    id: Option<LocalName>,
    class: Option<LocalName>,
    href: Option<LocalName>,
    a: Option<LocalName>,
    area: Option<LocalName>,
}

static ATOMS: std::sync::LazyLock<Atoms> = std::sync::LazyLock::new(|| Atoms {
    id: LocalName::from_static("id"),
    class: LocalName::from_static("class"),
    href: LocalName::from_static("href"),
    a: LocalName::from_static("a"),
    area: LocalName::from_static("area"),
});

impl<'a> ElementRef<'a> {
    /// `id` as an element handle (`None` when `id` is not an element).
    pub fn new(doc: &'a Document, id: NodeId) -> Option<ElementRef<'a>> {
        Some(ElementRef {
            doc,
            el: doc.element(id)?,
            at: None,
        })
    }

    /// The element at position `pos` of `doc`'s element index `ix`.
    #[inline]
    fn at(doc: &'a Document, ix: &'a ElementIndex, pos: u32) -> Option<ElementRef<'a>> {
        Some(ElementRef {
            doc,
            el: ix.element(doc, pos)?,
            at: Some((ix, pos)),
        })
    }

    /// The element's node.
    pub fn id(&self) -> NodeId {
        self.el.id()
    }

    fn wrap(&self, id: NodeId) -> Option<ElementRef<'a>> {
        ElementRef::new(self.doc, id)
    }

    fn is_html(&self, name: &str) -> bool {
        self.el.namespace() == Namespace::Html && self.el.name() == name
    }

    fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }

    /// HTML's "actually disabled" (§4.16.2 Pseudo-classes, `:disabled`), from the markup.
    fn is_disabled(&self, memo: Option<&mut MatchMemo>) -> bool {
        let doc = self.doc;
        let Some(name) = self.html_name() else {
            return false;
        };
        match name {
            "button" | "input" | "select" | "textarea" | "fieldset" => {
                self.has_attr("disabled") || self.in_disabled_fieldset(memo)
            }
            "optgroup" => self.has_attr("disabled"),
            "option" => {
                self.has_attr("disabled")
                    || doc.parent(self.id()).is_some_and(|p| {
                        doc.is_html_element(p, "optgroup") && doc.attribute(p, "disabled").is_some()
                    })
            }
            _ => false,
        }
    }

    /// A descendant of a disabled `fieldset`, but not of its first `legend` child. With a
    /// memo, each node's answer is worked out once per query (from its parent's), so a query
    /// over many form controls under a deep tree stays linear.
    fn in_disabled_fieldset(&self, memo: Option<&mut MatchMemo>) -> bool {
        let doc = self.doc;
        // Whether `child` of `p` is below a disabled fieldset `p` and not its first legend.
        let disabled_by = |p: NodeId, child: NodeId| {
            doc.is_html_element(p, "fieldset")
                && doc.attribute(p, "disabled").is_some()
                && doc
                    .children(p)
                    .find(|&c| doc.is_element(c))
                    .filter(|&c| doc.is_html_element(c, "legend"))
                    != Some(child)
        };
        let Some(memo) = memo else {
            let mut child = self.id();
            for anc in doc.ancestors(self.id()) {
                doc.add_query_work(1);
                if disabled_by(anc, child) {
                    return true;
                }
                child = anc;
            }
            return false;
        };
        let known = &mut memo.in_disabled_fieldset;
        // Up to the nearest node with a known answer (or the top), then back down.
        let mut path = Vec::new();
        let mut n = self.id();
        let mut answer = loop {
            doc.add_query_work(1);
            if let Some(&a) = known.get(&n) {
                break a;
            }
            path.push(n);
            match doc.parent(n) {
                Some(p) => n = p,
                None => break false,
            }
        };
        for &x in path.iter().rev() {
            answer = doc.parent(x).is_some_and(|p| answer || disabled_by(p, x));
            known.insert(x, answer);
        }
        answer
    }

    /// The value of attribute `name` in no namespace.
    #[inline]
    fn attr(&self, name: &str) -> Option<&'a str> {
        self.el
            .attrs()
            .find(|a| str_eq(a.name(), name) && a.namespace() == AttrNamespace::None)
            .map(|a| a.value())
    }

    /// The value of the attribute in no namespace whose name is the static atom `name`.
    #[inline]
    fn attr_atom(&self, name: Option<LocalName>) -> Option<&'a str> {
        let name = name?;
        self.el
            .attrs()
            .find(|a| a.local_name() == name && a.namespace() == AttrNamespace::None)
            .map(|a| a.value())
    }

    /// Whether the element's ID (a non-empty `id` attribute) is `id`.
    fn id_is(&self, id: &str, case: CaseSensitivity) -> bool {
        self.attr_atom(ATOMS.id)
            .is_some_and(|v| !v.is_empty() && case_eq(v, id, case))
    }

    /// Whether the element's `class` attribute, split on ASCII whitespace, holds `name`.
    fn class_contains(&self, name: &str, case: CaseSensitivity) -> bool {
        let Some(classes) = self.attr_atom(ATOMS.class) else {
            return false;
        };
        classes
            .split(['\t', '\n', '\x0C', '\r', ' '])
            .any(|c| !c.is_empty() && case_eq(c, name, case))
    }

    fn html_name(&self) -> Option<&'a str> {
        if self.doc.namespace(self.id()) == Some(Namespace::Html) {
            self.doc.local_name(self.id())
        } else {
            None
        }
    }

    fn is_form_control_for_enabled(&self) -> bool {
        matches!(
            self.html_name(),
            Some("button" | "input" | "select" | "textarea" | "optgroup" | "option" | "fieldset")
        )
    }

    fn input_type(&self) -> String {
        self.doc
            .attribute(self.id(), "type")
            .unwrap_or("text")
            .to_ascii_lowercase()
    }

    /// `:read-write` (§4.16.2): a mutable `input` (of a type that applies `readonly`) or
    /// `textarea`, or an editing host.
    fn is_read_write(&self, memo: Option<&mut MatchMemo>) -> bool {
        match self.html_name() {
            Some("input") => {
                let t = self.input_type();
                let readonly_applies = matches!(
                    t.as_str(),
                    "text"
                        | "search"
                        | "url"
                        | "tel"
                        | "email"
                        | "password"
                        | "date"
                        | "month"
                        | "week"
                        | "time"
                        | "datetime-local"
                        | "number"
                );
                readonly_applies && !self.has_attr("readonly") && !self.is_disabled(memo)
            }
            Some("textarea") => !self.has_attr("readonly") && !self.is_disabled(memo),
            Some(_) => self
                .doc
                .attribute(self.id(), "contenteditable")
                .is_some_and(|v| {
                    matches!(
                        v.to_ascii_lowercase().as_str(),
                        "" | "true" | "plaintext-only"
                    )
                }),
            None => false,
        }
    }
}

impl fmt::Debug for ElementRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ElementRef({}, {:?})",
            self.id(),
            self.doc.local_name(self.id()).unwrap_or("")
        )
    }
}

impl selectors::Element for ElementRef<'_> {
    type Impl = Impl;

    fn opaque(&self) -> OpaqueElement {
        OpaqueElement::new(self.doc.identity(self.id()))
    }

    fn parent_element(&self) -> Option<Self> {
        self.doc.add_query_work(1);
        if let Some((ix, pos)) = self.at {
            return ElementRef::at(self.doc, ix, ix.parent(pos)?);
        }
        self.wrap(self.doc.parent(self.id())?)
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        self.doc
            .parent(self.id())
            .is_some_and(|p| self.doc.kind(p) == NodeKind::ShadowRoot)
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        self.doc.add_query_work(1);
        if let Some((ix, pos)) = self.at {
            return ElementRef::at(self.doc, ix, ix.prev_sibling(pos)?);
        }
        let mut s = self.doc.prev_sibling(self.id());
        while let Some(id) = s {
            if let Some(e) = self.wrap(id) {
                return Some(e);
            }
            s = self.doc.prev_sibling(id);
        }
        None
    }

    fn next_sibling_element(&self) -> Option<Self> {
        self.doc.add_query_work(1);
        if let Some((ix, pos)) = self.at {
            return ElementRef::at(self.doc, ix, ix.next_sibling(pos)?);
        }
        let mut s = self.doc.next_sibling(self.id());
        while let Some(id) = s {
            if let Some(e) = self.wrap(id) {
                return Some(e);
            }
            s = self.doc.next_sibling(id);
        }
        None
    }

    fn first_element_child(&self) -> Option<Self> {
        self.doc.add_query_work(1);
        if let Some((ix, pos)) = self.at {
            return ElementRef::at(self.doc, ix, ix.first_child(pos)?);
        }
        let mut s = self.doc.first_child(self.id());
        while let Some(id) = s {
            if let Some(e) = self.wrap(id) {
                return Some(e);
            }
            s = self.doc.next_sibling(id);
        }
        None
    }

    #[inline]
    fn is_html_element_in_html_document(&self) -> bool {
        self.el.namespace() == Namespace::Html
    }

    #[inline]
    fn has_local_name(&self, local_name: &Ident) -> bool {
        local_name.is_name(self.doc, self.el.local_name())
    }

    fn has_namespace(&self, ns: &Ns) -> bool {
        Ns::of_element(self.el.namespace()) == *ns
    }

    fn is_same_type(&self, other: &Self) -> bool {
        self.el.local_name() == other.el.local_name() && self.el.namespace() == other.el.namespace()
    }

    fn attr_matches(
        &self,
        ns: &NamespaceConstraint<&Ns>,
        local_name: &Ident,
        operation: &AttrSelectorOperation<&AttrValue>,
    ) -> bool {
        self.doc.add_query_work(1);
        self.el.attrs().any(|a| {
            local_name.is_name(self.doc, a.local_name())
                && match ns {
                    NamespaceConstraint::Any => true,
                    NamespaceConstraint::Specific(ns) => Ns::of_attr(a.namespace()) == **ns,
                }
                && eval_attr(self.doc, operation, a.value())
        })
    }

    fn has_attr_in_no_namespace(&self, local_name: &Ident) -> bool {
        self.el.attrs().any(|a| {
            local_name.is_name(self.doc, a.local_name()) && a.namespace() == AttrNamespace::None
        })
    }

    fn match_non_ts_pseudo_class(
        &self,
        pc: &PseudoClass,
        context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        let memo = context.extra_data.as_deref_mut();
        match pc {
            PseudoClass::Link | PseudoClass::AnyLink => self.is_link(),
            PseudoClass::Visited | PseudoClass::UserAction(_) => false,
            PseudoClass::Checked => match self.html_name() {
                Some("input") => {
                    matches!(self.input_type().as_str(), "checkbox" | "radio")
                        && self.has_attr("checked")
                }
                Some("option") => self.has_attr("selected"),
                _ => false,
            },
            PseudoClass::Disabled => self.is_disabled(memo),
            PseudoClass::Enabled => self.is_form_control_for_enabled() && !self.is_disabled(memo),
            PseudoClass::Required | PseudoClass::Optional => {
                let candidate = matches!(self.html_name(), Some("input" | "select" | "textarea"));
                candidate && (self.has_attr("required") == (*pc == PseudoClass::Required))
            }
            PseudoClass::ReadWrite => self.is_read_write(memo),
            PseudoClass::ReadOnly => !self.is_read_write(memo),
            PseudoClass::Defined => {
                !(self.doc.namespace(self.id()) == Some(Namespace::Html)
                    && self
                        .doc
                        .local_name(self.id())
                        .is_some_and(|n| n.contains('-')))
            }
        }
    }

    fn match_pseudo_element(
        &self,
        pe: &PseudoElement,
        _context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        match *pe {}
    }

    fn apply_selector_flags(&self, _flags: ElementSelectorFlags) {}

    fn is_link(&self) -> bool {
        let name = Some(self.el.local_name());
        self.el.namespace() == Namespace::Html
            && (name == ATOMS.a || name == ATOMS.area)
            && self.attr_atom(ATOMS.href).is_some()
    }

    fn is_html_slot_element(&self) -> bool {
        self.is_html("slot")
    }

    fn has_id(&self, id: &Ident, case_sensitivity: CaseSensitivity) -> bool {
        self.id_is(id.as_str(), case_sensitivity)
    }

    fn has_class(&self, name: &Ident, case_sensitivity: CaseSensitivity) -> bool {
        self.class_contains(name.as_str(), case_sensitivity)
    }

    fn has_custom_state(&self, _name: &Ident) -> bool {
        false
    }

    fn imported_part(&self, _name: &Ident) -> Option<Ident> {
        None
    }

    fn is_part(&self, _name: &Ident) -> bool {
        false
    }

    fn is_empty(&self) -> bool {
        self.doc.children(self.id()).all(|c| {
            match (self.doc.add_query_work(1), self.doc.kind(c)).1 {
                NodeKind::Element => false,
                NodeKind::Text => self.doc.text(c).is_none_or(str::is_empty),
                _ => true,
            }
        })
    }

    fn is_root(&self) -> bool {
        self.doc
            .parent(self.id())
            .is_some_and(|p| self.doc.kind(p) == NodeKind::Document)
    }

    fn add_element_unique_hashes(&self, _filter: &mut BloomFilter) -> bool {
        false
    }
}

impl Document {
    /// The position of node `id` as a path of element steps from the document:
    /// `/html[1]/body[1]/div[3]`, where each step is an element's local name and its 1-based
    /// index among its parent's element children of that local name; a template's contents
    /// appear as the step `#content` (`/html[1]/head[1]/template[1]/#content/p[1]`). A text or
    /// other non-element node ends with `#text`, `#comment` … (and its 1-based index among
    /// all its parent's children: `/html[1]/body[1]/#text[2]`). The document node is `/`.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<div></div><p>a<div>b</div><div>c</div>", ParseOptions::default());
    /// let last = doc.select("div").unwrap().last().unwrap();
    /// assert_eq!(doc.element_path(last), "/html[1]/body[1]/div[3]");
    /// ```
    pub fn element_path(&self, id: NodeId) -> String {
        // The steps from `id` up, then reversed. The climb is a loop (through any number of
        // nested template contents), and the templates owning contents fragments are looked
        // up in one table made on the first need.
        let mut steps: Vec<String> = Vec::new();
        let mut owners: Option<std::collections::HashMap<NodeId, NodeId>> = None;
        let mut cur = id;
        // Bounded by the number of nodes, whatever the links say.
        for _ in 0..=self.len() {
            let Some(parent) = self.parent(cur) else {
                // Template contents: continue from the template element that owns the
                // fragment.
                if self.kind(cur) == NodeKind::Fragment
                    && let Some(&template) = owners
                        .get_or_insert_with(|| self.template_owners())
                        .get(&cur)
                {
                    steps.push("#content".to_owned());
                    cur = template;
                    continue;
                }
                break;
            };
            match self.local_name(cur) {
                Some(name) => {
                    let index = 1 + self
                        .children(parent)
                        .take_while(|&c| c != cur)
                        .filter(|&c| self.local_name(c) == Some(name))
                        .count();
                    steps.push(format!("{name}[{index}]"));
                }
                None => {
                    let label = match self.kind(cur) {
                        NodeKind::Text => "#text",
                        NodeKind::Comment => "#comment",
                        NodeKind::Doctype => "#doctype",
                        _ => "#node",
                    };
                    let index = 1 + self.children(parent).take_while(|&c| c != cur).count();
                    steps.push(format!("{label}[{index}]"));
                }
            }
            cur = parent;
        }
        if steps.is_empty() {
            return "/".to_owned();
        }
        let mut path = String::new();
        for s in steps.iter().rev() {
            path.push('/');
            path.push_str(s);
        }
        path
    }
}
