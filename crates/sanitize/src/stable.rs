//! Output that parses back to itself, and is safe in both scripting modes.
//!
//! A sanitizer hands on a string. When a browser parses that string in the same context, it
//! must build the tree the sanitizer checked, or the browser may see elements the sanitizer
//! never saw (mutation XSS). Most sanitized trees serialize to such a string, but not all: the
//! parser builds some trees that have no serialization parsing back to them (an `a` foster
//! parented into an `a`), and removing or unwrapping elements builds more (a `tr` left without
//! its `tbody`, a `div` moved into a `p`, SVG children unwrapped into HTML).
//!
//! [`stable_output`] makes every string output of this crate a fixed point: parsing it in the
//! same context, with the same options, and serializing gives the same string, and sanitizing
//! that re-parsed tree removes nothing. Two steps:
//!
//! 1. [`round_trips`], a conservative check in one linear pass over the sanitized tree: the
//!    tree uses only elements in positions where the tree construction rules of HTML §13.2.6
//!    insert each start tag as a child of the element before it and each end tag closes that
//!    element (no implied end tags, no foster parenting, no adoption agency, no breakout from
//!    foreign content, no dropped line feed). Such a tree re-parses to itself; ordinary
//!    comments, posts and page bodies pass, and nothing more is done.
//! 2. Otherwise the line feeds at the start of a `pre`, `listing` or `textarea` are removed
//!    (the parser drops one and the serializer writes none back, so no string keeps them), and
//!    the string is re-parsed, sanitized and serialized again until it is a fixed
//!    point (rarely more than one more round; at most [`MAX_ROUNDS`]). One exception to
//!    "sanitizing removes nothing": elements the tree builder implies (`tbody` around a `tr`,
//!    `colgroup` around a `col`) come back on every parse, so when a configuration replaces
//!    them with their children the output keeps them (the HTML Standard notes this limit of
//!    `replaceWithChildrenElements`); they run no script.
//!
//! Then the other scripting mode. A browser may parse the string with the other scripting flag
//! than the one it was sanitized with: a document sanitized as `parseHTML` does (without
//! scripting) is loaded with scripting; a fragment (parsed with scripting) may become template
//! contents or land in a document without scripting. Only `noscript` parses differently, so a
//! string that holds a `noscript` element (or a `noscript` context) is parsed in the other
//! mode and checked; when sanitizing that tree would remove anything, `noscript` elements go
//! ([`drop_noscripts`]) until it is safe in both modes (see [`stable_output`]).

use websyntax_html::dom::{LocalName, Namespace, NodeData, NodeKind, WalkEvent};
use websyntax_html::{Context, Document, NodeId};

/// Rounds of re-parsing before output is taken not to settle (no output is known to need
/// more than three, except with the elements of [`unwrap_unclosable`]).
const MAX_ROUNDS: usize = 8;

/// What the sanitizing of every re-parsing round does besides sanitizing: see
/// [`after_sanitizing`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rounds {
    /// Replace the elements whose end no serialization can mark with their children
    /// ([`unwrap_unclosable`]).
    pub unwrap: bool,
    /// Which `noscript` elements go ([`drop_noscripts`]).
    pub noscript: Noscript,
}

/// Which HTML `noscript` elements [`drop_noscripts`] removes, with their contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Noscript {
    /// None.
    Keep,
    /// Those whose contents the other scripting mode reads differently, in a way that can
    /// matter: see [`drop_noscripts`].
    Changing,
    /// Every one.
    All,
}

/// The steps of a re-parsing round after sanitizing the re-parsed tree `(doc, root)` (parsed
/// with the scripting flag `scripting`): [`drop_noscripts`], [`unwrap_unclosable`] when asked,
/// then [`drop_leading_line_feeds`].
pub(crate) fn after_sanitizing(doc: &mut Document, root: NodeId, scripting: bool, rounds: Rounds) {
    drop_noscripts(doc, root, scripting, rounds.noscript);
    if rounds.unwrap {
        unwrap_unclosable(doc, root);
    }
    drop_leading_line_feeds(doc, root);
}

/// How a string output is parsed: the mode it is made a fixed point in, and the check in the
/// other scripting mode.
pub(crate) struct Modes<S, T, R, O> {
    /// The scripting flag the output is parsed with (and made a fixed point in).
    pub scripting: bool,
    /// Whether the other scripting mode parses every string differently: the context
    /// element is an HTML `noscript` (RAWTEXT with scripting, the data state without).
    pub context_is_noscript: bool,
    /// Writes the tree (a fragment's children, or a document).
    pub serialize: S,
    /// The fast check ([`round_trips`] for fragments): `Some(noscript)` when the string
    /// parses back to the tree, with whether that tree holds an HTML `noscript` element;
    /// `None` when that is not known.
    pub round_trips: T,
    /// `reparse(s, rounds)` parses `s` in the same context with the same options and returns
    /// two serializations: of the tree as parsed (`plain`: the output must parse back to
    /// itself as it is) and of the tree sanitized again, then [`after_sanitizing`] (`clean`);
    /// `None` when the parser's resource limits stop it.
    pub reparse: R,
    /// `other(s)` parses `s` in the same context with the other scripting flag and returns
    /// the serializations of the tree as parsed and of the tree sanitized again (as a check:
    /// see [`crate::Pass::Check`]); `None` when the parser's resource limits stop it.
    pub other: O,
}

/// The string output of a sanitized tree `(doc, root)`, made a fixed point, and safe in both
/// scripting modes.
///
/// Output that does not round-trip first loses the line feeds no serialization can keep
/// ([`drop_leading_line_feeds`]), then is re-parsed until it settles.
///
/// Output that does not settle holds an element whose end no serialization can mark; the
/// tree is then taken again with such elements replaced with their children. (Output that
/// still did not settle would be replaced by the empty string, a fixed point, and safe.)
///
/// Then the other scripting mode: a browser may parse the string with the other scripting
/// flag than the one it was sanitized with (a page loaded with scripting enabled for a
/// document sanitized as `parseHTML` does, without; template contents, parsed without, put
/// into a page). Only `noscript` is parsed differently by the two modes, so a string with no
/// `noscript` element in it ([`has_noscript_start_tag`]), outside a `noscript` context, is
/// done. Else it is parsed in the other mode and sanitized again; when that removes nothing,
/// it is done. Otherwise the `noscript` elements whose contents change meaning are dropped
/// ([`Noscript::Changing`]) and the output is settled and checked again; then every
/// `noscript` ([`Noscript::All`]); and when even that is not safe, the output is the empty
/// string.
pub(crate) fn stable_output<S, T, R, O>(
    doc: &mut Document,
    root: NodeId,
    mut modes: Modes<S, T, R, O>,
) -> Option<String>
where
    S: Fn(&Document) -> String,
    T: Fn(&Document, &str) -> Option<bool>,
    R: FnMut(&str, Rounds) -> Option<(String, String)>,
    O: FnMut(&str) -> Option<(String, String)>,
{
    let mut out = settled(doc, root, &mut modes, Noscript::Keep)?;
    for noscript in [Noscript::Changing, Noscript::All] {
        if safe_in_other_mode(&out, &mut modes)? {
            return Some(out.0);
        }
        drop_noscripts(doc, root, modes.scripting, noscript);
        out = settled(doc, root, &mut modes, noscript)?;
    }
    if safe_in_other_mode(&out, &mut modes)? {
        return Some(out.0);
    }
    Some(String::new())
}

/// Whether a fixed point `out` is parsed in the other scripting mode to a tree that
/// sanitizing leaves as it is: at once when the two modes cannot differ on it (no `noscript`
/// element in the tree it parses back to).
///
/// `noscript` is what [`round_trips`] found out, when it walked the tree: whether the tree
/// holds an HTML `noscript` element. The string then parses back to that very tree, so the
/// answer is exact, and the string is not searched ([`has_noscript_start_tag`], which the
/// other fixed points need).
fn safe_in_other_mode<S, T, R, O>(
    (out, noscript): &(String, Option<bool>),
    modes: &mut Modes<S, T, R, O>,
) -> Option<bool>
where
    O: FnMut(&str) -> Option<(String, String)>,
{
    let may_differ =
        modes.context_is_noscript || noscript.unwrap_or_else(|| has_noscript_start_tag(out));
    if !may_differ {
        return Some(true);
    }
    let (plain, clean) = (modes.other)(out)?;
    Some(plain == clean)
}

/// Whether a fixed point `out` (which parses to the tree it was serialized from) may be
/// parsed differently with the other scripting flag: whether it has `<noscript`.
///
/// The scripting flag changes the tree construction only for a `noscript` start tag in "in
/// body" and "in head" (HTML §13.2.6.4.4, §13.2.6.4.7), and then only from the `noscript`
/// element inserted on, in both modes. Up to the first such start tag, both modes tokenize
/// and build the same; where one mode inserts a `noscript` element, so does the other. So a
/// string parsed differently by the two modes builds an HTML `noscript` element in the tree
/// it parses back to, which the serializer writes as `<noscript` (the parser lowercases tag
/// names): a string without it (one `memmem` search) is parsed alike in both modes.
pub(crate) fn has_noscript_start_tag(out: &str) -> bool {
    memchr::memmem::find(out.as_bytes(), b"<noscript").is_some()
}

/// Whether `s` contains `lower` (ASCII lowercase), ASCII case-insensitively: a look at each
/// occurrence of its first letter, in either case.
fn contains_ignoring_case(s: &str, lower: &[u8]) -> bool {
    let Some((&first, rest)) = lower.split_first() else {
        return true;
    };
    let b = s.as_bytes();
    memchr::memchr2_iter(first, first.to_ascii_uppercase(), b).any(|i| {
        b.get(i + 1..i + 1 + rest.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(rest))
    })
}

/// The fixed point of the tree `(doc, root)` in the mode of `modes` (see [`stable_output`]),
/// with [`drop_noscripts`] as `noscript` says in every round; with it, whether the tree it
/// parses back to holds an HTML `noscript` element, when [`Modes::round_trips`] found out.
fn settled<S, T, R, O>(
    doc: &mut Document,
    root: NodeId,
    modes: &mut Modes<S, T, R, O>,
    noscript: Noscript,
) -> Option<(String, Option<bool>)>
where
    S: Fn(&Document) -> String,
    T: Fn(&Document, &str) -> Option<bool>,
    R: FnMut(&str, Rounds) -> Option<(String, String)>,
{
    let out = (modes.serialize)(doc);
    if let Some(has_noscript) = (modes.round_trips)(doc, &out) {
        return Some((out, Some(has_noscript)));
    }
    let out = if drop_leading_line_feeds(doc, root) {
        (modes.serialize)(doc)
    } else {
        out
    };
    let rounds = Rounds {
        unwrap: false,
        noscript,
    };
    if let Some(s) = settle(out, &mut modes.reparse, rounds)? {
        return Some((s, None));
    }
    unwrap_unclosable(doc, root);
    drop_leading_line_feeds(doc, root);
    let rounds = Rounds {
        unwrap: true,
        noscript,
    };
    if let Some(s) = settle((modes.serialize)(doc), &mut modes.reparse, rounds)? {
        return Some((s, None));
    }
    // A tree that the depth limit flattened (`max_tree_depth`: elements placed as siblings
    // of where the algorithm put them) can have no string that parses back to it: in
    // `<table><th>` at depth 3 the `th` is a sibling of its `tr`, and every re-parse implies
    // one more `tr`. That is a limit reached, as the node limit is: no output (the callers
    // report it), rather than an empty string that reads as "all of it was removed".
    if doc.limits_reached().tree_depth {
        return None;
    }
    #[cfg(fuzzing)]
    panic!("the output did not settle");
    #[allow(unreachable_code)]
    Some((String::new(), Some(false)))
}

/// Re-parses `out` (with `reparse`, as [`Modes::reparse`]) until it is a fixed point:
/// `Some(None)` when it does not settle in [`MAX_ROUNDS`].
fn settle(
    mut out: String,
    reparse: &mut impl FnMut(&str, Rounds) -> Option<(String, String)>,
    rounds: Rounds,
) -> Option<Option<String>> {
    for _ in 0..MAX_ROUNDS {
        let (plain, clean) = reparse(&out, rounds)?;
        if plain == out && clean == out {
            return Some(Some(out));
        }
        if clean == out {
            // The parser adds elements that sanitizing removes again: elements the tree
            // builder implies (a `tbody` around a `tr`, a `colgroup` around a `col`) which the
            // configuration replaces with their children. No string parses without them, so
            // the output is the string with them, if that one parses back to itself.
            // (Anything else the sanitizer changed would have changed the string.)
            let (again, _) = reparse(&plain, rounds)?;
            if again == plain {
                return Some(Some(plain));
            }
            out = plain;
            continue;
        }
        out = clean;
    }
    Some(None)
}

/// Removes the HTML `noscript` elements below `root` (template contents and shadow roots
/// included) that `which` names, with their contents, in a tree parsed with the scripting
/// flag `scripting`. [`Noscript::Changing`] names those whose contents the other mode can
/// read as other markup:
///
/// - parsed with scripting (the contents are raw text): a text holding `<`, which the parser
///   without scripting reads as markup (HTML §13.2.6.4.7, "noscript"), or any child that is
///   not text;
/// - parsed without scripting (the contents are elements): contents whose serialization holds
///   `</noscript` (ASCII case-insensitively) anywhere, in the text of a `style`, `xmp`,
///   `noembed`, `noframes` or `iframe`, a comment, an attribute value or a nested `noscript`:
///   with scripting, the contents are raw text ended by the first `</noscript`, and what
///   follows it is read as markup. Contents without it stay one text.
pub(crate) fn drop_noscripts(doc: &mut Document, root: NodeId, scripting: bool, which: Noscript) {
    if which == Noscript::Keep {
        return;
    }
    // One walk; below a `noscript` that goes, nothing more is looked at (so each node is
    // serialized at most once: a `noscript` that stays, parsed without scripting, holds no
    // other in its serialization).
    let mut found = Vec::new();
    let mut dropping: Option<NodeId> = None;
    for ev in doc.walk_with_shadow_roots(root) {
        match ev {
            WalkEvent::Enter(n, _) if dropping.is_none() => {
                let Some(e) = doc.element(n) else { continue };
                if e.namespace() != Namespace::Html || e.name() != "noscript" {
                    continue;
                }
                let drop = match which {
                    Noscript::Keep => false,
                    Noscript::All => true,
                    Noscript::Changing if scripting => doc
                        .children(n)
                        .any(|c| doc.text(c).is_none_or(|t| t.contains('<'))),
                    Noscript::Changing => {
                        let inner = websyntax_html::serialize::serialize_children(doc, n, false);
                        contains_ignoring_case(&inner, b"</noscript")
                    }
                };
                if drop {
                    found.push(n);
                    dropping = Some(n);
                }
            }
            WalkEvent::Exit(n, _) if dropping == Some(n) => dropping = None,
            _ => {}
        }
    }
    for n in found {
        let _ = doc.remove(n);
    }
}

/// Removes the line feeds at the start of the text of every HTML `pre`, `listing` and
/// `textarea` below `root`; true when it removed any.
///
/// The parser drops one line feed right after these start tags and the serializer writes
/// none back (HTML §13.2.6.4.7, §13.3), so no string parses back to itself while such an
/// element's text starts with a line feed: each parse would lose one more. (A browser shows
/// no difference for the first one, and the output keeps every other character.)
pub(crate) fn drop_leading_line_feeds(doc: &mut Document, root: NodeId) -> bool {
    let found: Vec<NodeId> = doc
        .walk_with_shadow_roots(root)
        .filter_map(|ev| match ev {
            WalkEvent::Enter(n, _) => doc.element(n).and_then(|e| {
                let drops = e.namespace() == Namespace::Html
                    && matches!(e.name(), "pre" | "listing" | "textarea");
                drops.then_some(n)
            }),
            _ => None,
        })
        .collect();
    let mut changed = false;
    for n in found {
        // The serialization after the start tag begins with the first non-empty text child's.
        while let Some(c) = doc.first_child(n) {
            let Some(text) = doc.text(c) else { break };
            let rest = text.trim_start_matches('\n');
            if rest.len() == text.len() && !text.is_empty() {
                break;
            }
            changed |= rest.len() != text.len();
            if rest.is_empty() {
                let _ = doc.remove(c);
                continue;
            }
            let rest = rest.to_owned();
            let t = doc.create_text(&rest);
            let _ = doc.replace_with(c, t);
            break;
        }
    }
    changed
}

/// Replaces with their children the elements whose end no serialization can mark, so that
/// their text stays in the output as text: `plaintext` (nothing ends it: its end tag is read
/// as text, one more on every parse), and `script` (whose end tag is text inside an escaped
/// `<!--<script>` section left open). Only used for output that does not settle otherwise.
pub(crate) fn unwrap_unclosable(doc: &mut Document, root: NodeId) {
    let found: Vec<NodeId> = doc
        .walk_with_shadow_roots(root)
        .filter_map(|ev| match ev {
            WalkEvent::Enter(n, _) => doc.element(n).and_then(|e| {
                let unclosable =
                    e.namespace() == Namespace::Html && matches!(e.name(), "plaintext" | "script");
                unclosable.then_some(n)
            }),
            _ => None,
        })
        .collect();
    for n in found {
        let _ = doc.replace_with_children(n);
    }
}

// Element classes of the check (bit flags, per static name).
/// In the special category (§13.2.4.2) and not `address`, `div` or `p`: stops the `li`,
/// `dd` and `dt` start tags' search for an open element to close.
const STOPS_LIST_SEARCH: u16 = 1;
/// Its start tag closes an open `p` (in button scope).
const CLOSES_P: u16 = 1 << 1;
/// A heading: `h1`-`h6`.
const HEADING: u16 = 1 << 2;
/// Serialized without an end tag and inserted without staying open.
const VOID: u16 = 1 << 3;
/// Its text is raw (RAWTEXT), or escaped RCDATA: children must be text only.
const TEXT_ONLY: u16 = 1 << 4;
/// The first line feed after its start tag is dropped by the parser.
const DROPS_FIRST_LF: u16 = 1 << 5;
/// Never in the fast path: its start tag is ignored, moved, changes the insertion mode or
/// the tokenizer beyond RAWTEXT/RCDATA, or the serializer and parser disagree on it.
const REPARSE: u16 = 1 << 6;
/// A table part that must sit in its table parent (`caption`, `colgroup`, `tbody`, `thead`,
/// `tfoot`, `tr`, `td`, `th`, `col`).
const TABLE_PART: u16 = 1 << 7;
/// Elements whose nesting inside themselves the parser undoes: `a`, `nobr`, `button`,
/// `form`, `li`, `dd`, `dt`, `p` (by their own flags below).
const A: u16 = 1 << 8;
const NOBR: u16 = 1 << 9;
const BUTTON: u16 = 1 << 10;
const FORM: u16 = 1 << 11;
const LI: u16 = 1 << 12;
const DD_DT: u16 = 1 << 13;
const P: u16 = 1 << 14;
/// `table`: its children are table parts.
const TABLE: u16 = 1 << 15;

/// The special category (§13.2.4.2), HTML part.
const SPECIAL: &[&str] = &[
    "address",
    "applet",
    "area",
    "article",
    "aside",
    "base",
    "basefont",
    "bgsound",
    "blockquote",
    "body",
    "br",
    "button",
    "caption",
    "center",
    "col",
    "colgroup",
    "dd",
    "details",
    "dir",
    "div",
    "dl",
    "dt",
    "embed",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "frame",
    "frameset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hgroup",
    "hr",
    "html",
    "iframe",
    "img",
    "input",
    "keygen",
    "li",
    "link",
    "listing",
    "main",
    "marquee",
    "menu",
    "meta",
    "nav",
    "noembed",
    "noframes",
    "noscript",
    "object",
    "ol",
    "p",
    "param",
    "plaintext",
    "pre",
    "script",
    "search",
    "section",
    "select",
    "source",
    "style",
    "summary",
    "table",
    "tbody",
    "td",
    "template",
    "textarea",
    "tfoot",
    "th",
    "thead",
    "title",
    "tr",
    "track",
    "ul",
    "wbr",
    "xmp",
];

/// What the start tags of 13.2.6.4.7 "in body" do beyond inserting an element, as classes.
const CLASSES: &[(&[&str], u16)] = &[
    // Start tags that close a p element in button scope first.
    (
        &[
            "address",
            "article",
            "aside",
            "blockquote",
            "center",
            "details",
            "dialog",
            "dir",
            "div",
            "dl",
            "fieldset",
            "figcaption",
            "figure",
            "footer",
            "header",
            "hgroup",
            "main",
            "menu",
            "nav",
            "ol",
            "search",
            "section",
            "summary",
            "ul",
        ],
        CLOSES_P,
    ),
    (&["p"], CLOSES_P | P),
    (&["h1", "h2", "h3", "h4", "h5", "h6"], CLOSES_P | HEADING),
    (&["pre", "listing"], CLOSES_P | DROPS_FIRST_LF),
    (&["form"], CLOSES_P | FORM),
    // In no-quirks mode; in quirks mode it does not, and the check stays conservative.
    (&["table"], CLOSES_P | TABLE),
    (&["hr"], CLOSES_P | VOID),
    (&["xmp"], CLOSES_P | TEXT_ONLY),
    (&["li"], CLOSES_P | LI),
    (&["dd", "dt"], CLOSES_P | DD_DT),
    (&["a"], A),
    (&["nobr"], NOBR),
    (&["button"], BUTTON),
    (
        &[
            "area", "br", "embed", "img", "wbr", "input", "param", "source", "track", "base",
            "basefont", "bgsound", "link", "meta",
        ],
        VOID,
    ),
    (&["textarea"], TEXT_ONLY | DROPS_FIRST_LF),
    (
        &[
            "style", "iframe", "noembed", "noframes", "noscript", "title",
        ],
        TEXT_ONLY,
    ),
    (
        &[
            "caption", "colgroup", "tbody", "thead", "tfoot", "tr", "td", "th", "col",
        ],
        TABLE_PART,
    ),
    // Ignored, moved, or changing the insertion mode or the tokenizer for good; `image`
    // becomes `img`; `keygen` and `frame`: void to the serializer, not always to the
    // parser; HTML `svg`/`math` elements never come from the parser.
    (
        &[
            "html",
            "head",
            "body",
            "frameset",
            "frame",
            "template",
            "script",
            "plaintext",
            "select",
            "option",
            "optgroup",
            "rb",
            "rp",
            "rt",
            "rtc",
            "image",
            "keygen",
            "svg",
            "math",
        ],
        REPARSE,
    ),
];

/// The class of an HTML element's local name (by string; [`class_of`] is the fast form).
fn html_class(name: &str) -> u16 {
    let mut c = 0;
    if SPECIAL.contains(&name) && !matches!(name, "address" | "div" | "p") {
        c |= STOPS_LIST_SEARCH;
    }
    for (names, class) in CLASSES {
        if names.contains(&name) {
            c |= class;
        }
    }
    c
}

/// Names that break out of foreign content (13.2.6.5), and `font` (which does with some
/// attributes), plus `script`, which foreign content also treats apart.
fn breaks_out_of_foreign(name: &str) -> bool {
    matches!(
        name,
        "b" | "big"
            | "blockquote"
            | "body"
            | "br"
            | "center"
            | "code"
            | "dd"
            | "div"
            | "dl"
            | "dt"
            | "em"
            | "embed"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "head"
            | "hr"
            | "i"
            | "img"
            | "li"
            | "listing"
            | "menu"
            | "meta"
            | "nobr"
            | "ol"
            | "p"
            | "pre"
            | "ruby"
            | "s"
            | "small"
            | "span"
            | "strong"
            | "strike"
            | "sub"
            | "sup"
            | "table"
            | "tt"
            | "u"
            | "ul"
            | "var"
            | "font"
            | "script"
    )
}

/// Foreign elements whose children follow HTML's rules (integration points): in the fast
/// path they may hold text and comments only.
fn is_integration_point(ns: Namespace, name: &str) -> bool {
    match ns {
        Namespace::Svg => matches!(name, "foreignObject" | "desc" | "title"),
        Namespace::MathMl => matches!(name, "mi" | "mo" | "mn" | "ms" | "mtext" | "annotation-xml"),
        Namespace::Html => false,
    }
}

/// The class of an HTML element, by its atom: every name with a class is a static name (a
/// test checks), so a dynamic name is an unknown element, "any other start tag" (class 0).
fn class_of(name: LocalName) -> u16 {
    class_in(class_table(), name)
}

/// [`class_of`] with the [`class_table`] at hand.
#[inline]
fn class_in(table: &[u16], name: LocalName) -> u16 {
    name.static_index()
        .and_then(|i| table.get(i).copied())
        .unwrap_or(0)
}

/// The classes of the static names, by static index (see [`class_of`]).
fn class_table() -> &'static [u16] {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<u16>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0; LocalName::static_count()];
        let names = SPECIAL
            .iter()
            .chain(CLASSES.iter().flat_map(|(n, _)| n.iter()));
        for n in names {
            if let Some(i) = LocalName::from_static(n).and_then(LocalName::static_index) {
                t[i] = html_class(n);
            }
        }
        t
    })
}

/// Whether the fragment parser starts in "in body" with the tokenizer in the data state for
/// this context (13.2.4.1 "reset the insertion mode appropriately" with `last` true; 13.4
/// step 4's tokenizer states), with no form element pointer.
fn context_parses_as_body(context: &Context) -> bool {
    context.namespace == Namespace::Html
        && (context.name == "body" || {
            let c = LocalName::from_static(&context.name).map_or(0, class_of);
            c & (REPARSE | TEXT_ONLY | VOID | FORM) == 0
                && !matches!(
                    context.name.as_str(),
                    "table" | "tbody" | "thead" | "tfoot" | "tr" | "caption" | "colgroup" | "col"
                )
        })
}

/// Where a node sits, for its children.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parent {
    /// An HTML element (or the fragment root) whose content is parsed "in body" (or "in
    /// cell", "in caption": the same for what the check allows).
    Flow,
    /// An HTML element whose children are text only (RAWTEXT, RCDATA).
    Text,
    /// `table`: caption, colgroup, tbody, thead, tfoot, whitespace, comments.
    Table,
    /// `tbody`, `thead`, `tfoot`: tr, whitespace, comments.
    Section,
    /// `tr`: td, th, whitespace, comments.
    Row,
    /// `colgroup`: col, whitespace, comments.
    ColumnGroup,
    /// An SVG or MathML element (not an integration point): elements of that namespace.
    Foreign(Namespace),
    /// An integration point: text and comments only.
    IntegrationPoint,
    /// A void element: nothing.
    Void,
}

/// One open element of the walk: what its children may be, and what is open above them.
#[derive(Clone, Copy)]
struct Frame {
    parent: Parent,
    /// The classes of the HTML start tags that would not simply insert an element among the
    /// children (besides [`REPARSE`] and [`TABLE_PART`], always): as bits of the classes,
    /// - `A`, `NOBR`, `BUTTON`, `FORM`: such an element is an ancestor (conservatively, with
    ///   no regard to scope);
    /// - `CLOSES_P`: a `p` is an ancestor;
    /// - `HEADING`: the parent is a heading;
    /// - `LI`: an `li` the `li` start tag's search would reach (13.2.6.4.7: walking up from
    ///   the current node, before an element that stops the search); `DD_DT` the same for
    ///   `dd` and `dt`.
    forbid: u16,
}

/// The [`Frame::forbid`] bits an element's frame passes on to its children's frames.
const FORBID_INHERITED: u16 = A | NOBR | BUTTON | FORM | CLOSES_P;

/// Whether `(doc, root)`, a fragment parsed in `context` and serialized as `out`, gives back
/// the same tree when `out` is parsed in `context` (text nodes aside: adjacent ones merge):
/// `Some(noscript)` when it does, `noscript` telling whether the tree holds an HTML
/// `noscript` element (the walk visits every element). Conservative: `None` means "not known
/// to", and the caller re-parses.
pub(crate) fn round_trips(
    doc: &Document,
    root: NodeId,
    context: &Context,
    out: &str,
) -> Option<bool> {
    // A carriage return (from `&#13;` in text or an attribute value; the serializer writes
    // it as it is) becomes a line feed when parsed again.
    if !context_parses_as_body(context) || memchr::memchr(b'\r', out.as_bytes()).is_some() {
        return None;
    }
    let classes = class_table();
    // Iterative pre-order walk along the tree's links (first child, next sibling, parent),
    // with the frame of `cur`'s parent at hand and the frames above it on a stack.
    let mut frame = Frame {
        parent: Parent::Flow,
        forbid: 0,
    };
    let mut stack = FrameStack::new(frame);
    let Some(mut cur) = doc.first_child(root) else {
        return Some(false);
    };
    let noscript_atom = LocalName::from_static("noscript");
    let mut noscript = false;
    loop {
        match doc.kind(cur) {
            NodeKind::Text => match frame.parent {
                Parent::Flow | Parent::Text | Parent::Foreign(_) | Parent::IntegrationPoint => {}
                // 13.2.6.4.9 "in table text": other text is foster parented.
                Parent::Table | Parent::Section | Parent::Row | Parent::ColumnGroup => {
                    let t = doc.text(cur).unwrap_or_default();
                    if !t
                        .bytes()
                        .all(|b| matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' '))
                    {
                        return None;
                    }
                }
                Parent::Void => return None,
            },
            NodeKind::Comment => {
                if frame.parent == Parent::Void {
                    return None;
                }
            }
            NodeKind::Element => {
                let e = doc.element(cur)?;
                let ns = e.namespace();
                noscript |= ns == Namespace::Html && Some(e.local_name()) == noscript_atom;
                // Whether the element drops a line feed at the start of its first text.
                let mut drops_first_lf = false;
                let child = match frame.parent {
                    Parent::Void | Parent::Text | Parent::IntegrationPoint => return None,
                    Parent::Flow if ns == Namespace::Html => {
                        let class = class_in(classes, e.local_name());
                        drops_first_lf = class & DROPS_FIRST_LF != 0;
                        flow_frame(frame, class)?
                    }
                    // 13.2.6.4.7 "svg", "math": foreign content starts.
                    Parent::Flow => match (ns, e.name()) {
                        (Namespace::Svg, "svg") | (Namespace::MathMl, "math") => {
                            foreign_frame(frame, ns, e.name())
                        }
                        _ => return None,
                    },
                    Parent::Foreign(parent_ns) => {
                        let name = e.name();
                        if ns != parent_ns || breaks_out_of_foreign(name) {
                            return None;
                        }
                        foreign_frame(frame, ns, name)
                    }
                    Parent::Table | Parent::Section | Parent::Row | Parent::ColumnGroup => {
                        let name = e.name();
                        let expected: &[&str] = match frame.parent {
                            Parent::Table => &["caption", "colgroup", "tbody", "thead", "tfoot"],
                            Parent::Section => &["tr"],
                            Parent::Row => &["td", "th"],
                            _ => &["col"],
                        };
                        if ns != Namespace::Html || !expected.contains(&name) {
                            return None;
                        }
                        table_part_frame(frame, name)
                    }
                };
                // 13.2.6.4.7 "pre", "listing", "textarea": a line feed right after the start
                // tag is dropped.
                if drops_first_lf && leading_text_starts_with_lf(doc, cur) {
                    return None;
                }
                if let Some(c) = doc.first_child(cur) {
                    if child.parent == Parent::Void {
                        return None;
                    }
                    // Down to the children.
                    stack.push(frame);
                    frame = child;
                    cur = c;
                    continue;
                }
            }
            // Processing instructions, doctypes: not in the fast path.
            _ => return None,
        }
        // On to the next sibling, leaving the parents whose children are done.
        loop {
            if let Some(s) = doc.next_sibling(cur) {
                cur = s;
                break;
            }
            match doc.parent(cur) {
                Some(p) if p != root => {
                    cur = p;
                    frame = stack.pop();
                }
                _ => return Some(noscript),
            }
        }
    }
}

/// The walk's stack of frames above the current one: the first [`FrameStack::INLINE`]
/// levels in place (no allocation for the usual depth), deeper ones in a vector.
struct FrameStack {
    inline: [Frame; FrameStack::INLINE],
    len: usize,
    deeper: Vec<Frame>,
}

impl FrameStack {
    const INLINE: usize = 32;

    fn new(fill: Frame) -> FrameStack {
        FrameStack {
            inline: [fill; FrameStack::INLINE],
            len: 0,
            deeper: Vec::new(),
        }
    }

    #[inline]
    fn push(&mut self, frame: Frame) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = frame,
            None => self.deeper.push(frame),
        }
        self.len += 1;
    }

    /// The frame pushed last (the walk pops no more than it pushed: a frame is pushed on the
    /// way down to an element's children and popped on the way back up from them).
    #[inline]
    fn pop(&mut self) -> Frame {
        self.len = self.len.saturating_sub(1);
        match self.inline.get(self.len) {
            Some(&f) => f,
            None => self.deeper.pop().unwrap_or(self.inline[0]),
        }
    }
}

/// Whether the first non-empty text among the leading text children of `element` starts
/// with a line feed (an empty text node serializes as nothing).
fn leading_text_starts_with_lf(doc: &Document, element: NodeId) -> bool {
    let mut cur = doc.first_child(element);
    while let Some(c) = cur {
        match doc.data(c) {
            NodeData::Text("") => cur = doc.next_sibling(c),
            NodeData::Text(t) => return t.starts_with('\n'),
            _ => return false,
        }
    }
    false
}

/// The frame for the children of an SVG or MathML element.
fn foreign_frame(frame: Frame, ns: Namespace, name: &str) -> Frame {
    Frame {
        parent: if is_integration_point(ns, name) {
            Parent::IntegrationPoint
        } else {
            Parent::Foreign(ns)
        },
        forbid: frame.forbid & !HEADING,
    }
}

/// The frame for the children of a table part in its table parent.
fn table_part_frame(frame: Frame, name: &str) -> Frame {
    let parent = match name {
        "colgroup" => Parent::ColumnGroup,
        "tbody" | "thead" | "tfoot" => Parent::Section,
        "tr" => Parent::Row,
        "col" => Parent::Void,
        // td, th, caption: "in cell" and "in caption" parse as "in body"; the search for an
        // open li, dd or dt stops at them.
        _ => Parent::Flow,
    };
    Frame {
        parent,
        forbid: frame.forbid & FORBID_INHERITED,
    }
}

/// The frame for the children of an HTML element in flow content, or `None` when the
/// element's start tag would not simply insert it there.
fn flow_frame(frame: Frame, class: u16) -> Option<Frame> {
    // Ignored, moved or changing the insertion mode; a p-closing start tag below an open p
    // (in any scope: conservative); "a" inside a, "nobr" inside nobr, "button" inside button,
    // "form" inside form; "h1".."h6" whose current node is a heading; "li": an li the search
    // reaches is closed; "dd", "dt" likewise.
    if class & (frame.forbid | REPARSE | TABLE_PART) != 0 {
        return None;
    }
    let mut forbid = (frame.forbid & FORBID_INHERITED) | (class & (A | NOBR | BUTTON | FORM));
    if class & P != 0 {
        forbid |= CLOSES_P;
    }
    if class & HEADING != 0 {
        forbid |= HEADING;
    }
    // The li, dd and dt reachable from the children: their own, and the parent's unless the
    // element stops the search.
    forbid |= class & (LI | DD_DT);
    if class & STOPS_LIST_SEARCH == 0 {
        forbid |= frame.forbid & (LI | DD_DT);
    }
    Some(Frame {
        parent: if class & VOID != 0 {
            Parent::Void
        } else if class & TEXT_ONLY != 0 {
            Parent::Text
        } else if class & TABLE != 0 {
            Parent::Table
        } else {
            Parent::Flow
        },
        forbid,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classified_names_are_static() {
        let names = SPECIAL
            .iter()
            .chain(CLASSES.iter().flat_map(|(n, _)| n.iter()));
        for n in names {
            let atom = LocalName::from_static(n);
            assert!(atom.is_some(), "{n} is not a static name");
            assert_eq!(class_of(atom.unwrap()), html_class(n), "{n}");
        }
    }

    /// What the fast path's walk says of `noscript` stands for the search of the string: where
    /// it finds none, the string has no `noscript` element to parse (the search may still
    /// find `<noscript` as text), and both scripting modes parse the string alike.
    #[test]
    fn the_walks_noscript_answer_is_exact() {
        use websyntax_html::serialize::serialize_children_as_into;
        use websyntax_html::{ParseOptions, parse_fragment};
        let div = Context::html("div");
        let everything = crate::Sanitizer::allow_everything();
        let parse = |s: &str, scripting: bool| {
            let options = ParseOptions {
                scripting,
                collect_errors: false,
                ..ParseOptions::default()
            };
            parse_fragment(s, &div, options)
        };
        let serialize = |f: &websyntax_html::Fragment, scripting: bool| {
            let mut out = String::new();
            serialize_children_as_into(
                &f.document,
                f.root,
                div.namespace,
                "div",
                scripting,
                &mut out,
            );
            out
        };
        let cases = [
            ("<p>no</p>", Some(false)),
            ("<noscript><p>x</p></noscript>", Some(true)),
            (
                "<b><noscript>&lt;/noscript&gt;<img src=x onerror=alert(1)></noscript></b>",
                Some(true),
            ),
            ("<p title=\"<noscript>\">a</p>", Some(false)),
            (
                "<p title=\"</noscript><img src=x onerror=alert(1)>\">a</p>",
                Some(false),
            ),
            ("<!--<noscript>--><i>i</i>", Some(false)),
            ("text &lt;noscript&gt; <b>b</b>", Some(false)),
            ("<style><noscript></style><u>u</u>", Some(false)),
            // An SVG `noscript`: the scripting flag does not touch it.
            ("<svg><noscript></noscript></svg>", Some(false)),
            ("<table><noscript>x</noscript></table>", Some(true)),
            ("<table><tr><td>x</td></tr></table><a><table><a>y", None),
        ];
        for (html, want) in cases {
            let mut f = parse(html, true);
            crate::sanitize(&mut f.document, f.root, &everything, false);
            let out = serialize(&f, true);
            let got = round_trips(&f.document, f.root, &div, &out);
            assert_eq!(got, want, "{html} -> {out}");
            if got == Some(false) {
                let (on, off) = (parse(&out, true), parse(&out, false));
                assert_eq!(serialize(&on, true), out, "{html}: a fixed point");
                assert_eq!(
                    serialize(&off, false),
                    out,
                    "{html}: the same without scripting"
                );
            }
            if !has_noscript_start_tag(&out) {
                assert_ne!(got, Some(true), "{html}");
            }
        }
    }
}
