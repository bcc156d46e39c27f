//! The public entry points: the tokenizer and the tree builder run together.

use std::fmt;
use std::str::FromStr;

use crate::dom::{Attr, Document, Namespace, NodeId};
use crate::tokenizer::{State, Tokenizer, TokenizerOptions};
use crate::tree_builder::{ResourceLimits, StackEvent, TreeBuilder};
pub use websyntax_url::Standard;

/// Options of [`parse_document`] and [`parse_fragment`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// The scripting flag (default `true`, as in browsers): `<noscript>` is raw text when set.
    pub scripting: bool,
    /// Collect parse errors into [`Document::errors`] (default `true`).
    pub collect_errors: bool,
    /// The document's "allow declarative shadow roots" (default `false`; for
    /// [`parse_fragment`], the fragment parsing algorithm's `allowDeclarativeShadowRoots`).
    ///
    /// When set, `<template shadowrootmode=open>` (or `closed`) whose adjusted current node is
    /// a valid shadow host other than the topmost open element attaches a shadow root to that
    /// element ([`Document::shadow_root`]); the template element is then not in the tree and
    /// its contents are the shadow root. When clear, such a template is an ordinary template.
    /// This crate has one document per parse, so the flag also holds inside template contents
    /// (the spec's separate template contents owner document is not modelled).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let html = "<div><template shadowrootmode=open><p>x</p></template></div>";
    /// let on = ParseOptions { allow_declarative_shadow_roots: true, ..Default::default() };
    /// let doc = parse_document(html, on);
    /// let div = doc.find_element("div").unwrap();
    /// assert!(doc.shadow_root(div).is_some());
    /// assert_eq!(doc.children(div).count(), 0);
    /// let doc = parse_document(html, ParseOptions::default());
    /// let div = doc.find_element("div").unwrap();
    /// assert!(doc.shadow_root(div).is_none());
    /// assert_eq!(doc.children(div).count(), 1);
    /// ```
    pub allow_declarative_shadow_roots: bool,
    /// Opt-in resource limits for untrusted input: maximum tree depth, attributes per
    /// element, nodes (all off by default, so the tree is the one the standard specifies).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions, ResourceLimits};
    /// let limits = ResourceLimits { max_nodes: Some(50), ..Default::default() };
    /// let doc = parse_document(&"<p>x".repeat(1000), ParseOptions { limits, ..Default::default() });
    /// assert!(doc.len() <= 52);
    /// assert!(doc.errors().iter().any(|e| e.code == "node-limit-reached"));
    /// ```
    pub limits: ResourceLimits,
    /// Which HTML Standard to follow (default [`Standard::Seed`], the spec text the crate
    /// pins; [`Standard::Living`] for today's, e.g. customizable `<select>`). URLs the
    /// document resolves follow the same standard.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions, Standard};
    /// let html = "<select><div>x</div></select>";
    /// let seed = parse_document(html, ParseOptions::default());
    /// assert!(seed.find_element("div").is_none());
    /// let living = ParseOptions { standard: Standard::Living, ..Default::default() };
    /// let doc = parse_document(html, living);
    /// assert!(doc.find_element("div").is_some());
    /// assert_eq!(doc.standard(), Standard::Living);
    /// ```
    pub standard: Standard,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            scripting: true,
            collect_errors: true,
            allow_declarative_shadow_roots: false,
            limits: ResourceLimits::default(),
            standard: Standard::Seed,
        }
    }
}

/// The context element of the fragment parsing algorithm (§13.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// Its namespace.
    pub namespace: Namespace,
    /// Its local name (`td`, `foreignObject`, ...).
    pub name: String,
    /// Its attributes (they matter for MathML `annotation-xml` `encoding`).
    pub attrs: Vec<Attr>,
}

impl Context {
    /// An HTML context element, any name (`Context::html("svg")` is the HTML element named
    /// `svg`, which the string syntax refuses as ambiguous: see [`ContextError::Ambiguous`]).
    pub fn html(name: &str) -> Context {
        Context {
            namespace: Namespace::Html,
            name: name.to_ascii_lowercase(),
            attrs: Vec::new(),
        }
    }
}

/// An error parsing a [`Context`] from a string: what was given, and what to write instead.
///
/// ```
/// use websyntax_html::{Context, ContextError, dom::Namespace};
/// let e = " SVG ".parse::<Context>().unwrap_err();
/// assert_eq!(e.given(), " SVG ");
/// assert_eq!(e.suggestion(), Some("svg svg"));
/// assert!(matches!(e, ContextError::Ambiguous { namespace: Namespace::Svg, .. }));
/// assert!(e.to_string().contains("write `svg svg`"));
/// let e = "svg a b".parse::<Context>().unwrap_err();
/// assert!(matches!(e, ContextError::Invalid { .. }));
/// assert_eq!(e.suggestion(), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ContextError {
    /// Not `NAME`, `svg NAME` or `math NAME`: empty, more than two words, or two words whose
    /// first is neither `svg` nor `math`.
    Invalid {
        /// The string as given.
        given: String,
    },
    /// A bare `svg` or `math` (any ASCII case, surrounding whitespace trimmed). An `<svg>` or
    /// `<math>` start tag creates the SVG `svg` or the MathML `math` element (§13.2.6.5, "in
    /// body", "A start tag whose tag name is "svg"" / ""math""), never an HTML element of
    /// that name, so the name alone almost surely means the foreign element: write `svg svg`
    /// or `math math`. The string syntax has no HTML form for these two names; the HTML
    /// element named `svg` or `math` (what `document.createElement("svg")` makes) is not
    /// special to the fragment parsing algorithm, so its contents parse exactly as a `div`'s
    /// do: write `div` for that tree, or build it in Rust with [`Context::html`].
    Ambiguous {
        /// The string as given.
        given: String,
        /// The foreign namespace the name is the root element of ([`Namespace::Svg`] or
        /// [`Namespace::MathMl`]).
        namespace: Namespace,
    },
}

impl ContextError {
    /// The string as given (untrimmed).
    pub fn given(&self) -> &str {
        match self {
            ContextError::Invalid { given } | ContextError::Ambiguous { given, .. } => given,
        }
    }

    /// What to write instead, when there is one thing to write: `svg svg` or `math math` for
    /// [`ContextError::Ambiguous`].
    pub fn suggestion(&self) -> Option<&'static str> {
        match self {
            ContextError::Ambiguous {
                namespace: Namespace::Svg,
                ..
            } => Some("svg svg"),
            ContextError::Ambiguous {
                namespace: Namespace::MathMl,
                ..
            } => Some("math math"),
            _ => None,
        }
    }
}

/// The context syntax, as every message says it.
const CONTEXT_SYNTAX: &str =
    "a context is an HTML local name like `td`, or `svg NAME` / `math NAME`";

impl fmt::Display for ContextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContextError::Invalid { given } => {
                write!(f, "invalid fragment context {given:?}: {CONTEXT_SYNTAX}")
            }
            ContextError::Ambiguous { given, namespace } => {
                let (ns, element) = match namespace {
                    Namespace::MathMl => ("MathML", "math"),
                    _ => ("SVG", "svg"),
                };
                write!(
                    f,
                    "ambiguous fragment context {given:?}: write `{element} {element}` for the \
                     {ns} `{element}` element, or `div` for the tree of an HTML element named \
                     {element} ({CONTEXT_SYNTAX})"
                )
            }
        }
    }
}

impl std::error::Error for ContextError {}

impl FromStr for Context {
    type Err = ContextError;

    /// `td`, `svg foreignObject`, `math mi` (the html5lib-tests `#document-fragment` syntax),
    /// surrounding whitespace trimmed; an HTML name is lowercased. A bare `svg` or `math` is
    /// [`ContextError::Ambiguous`].
    fn from_str(s: &str) -> Result<Context, ContextError> {
        let t = s.trim();
        let mut parts = t.split(' ');
        let (ns, name) = match (parts.next(), parts.next(), parts.next()) {
            (Some(n), None, None) if n.eq_ignore_ascii_case("svg") => {
                return Err(ContextError::Ambiguous {
                    given: s.to_owned(),
                    namespace: Namespace::Svg,
                });
            }
            (Some(n), None, None) if n.eq_ignore_ascii_case("math") => {
                return Err(ContextError::Ambiguous {
                    given: s.to_owned(),
                    namespace: Namespace::MathMl,
                });
            }
            (Some(n), None, None) if !n.is_empty() => (Namespace::Html, n),
            (Some("svg"), Some(n), None) if !n.is_empty() => (Namespace::Svg, n),
            (Some("math"), Some(n), None) if !n.is_empty() => (Namespace::MathMl, n),
            _ => {
                return Err(ContextError::Invalid {
                    given: s.to_owned(),
                });
            }
        };
        Ok(Context {
            namespace: ns,
            name: if ns == Namespace::Html {
                name.to_ascii_lowercase()
            } else {
                name.to_owned()
            },
            attrs: Vec::new(),
        })
    }
}

/// The string syntax [`FromStr`] reads (`td`, `svg foreignObject`, `math mi`). The one context it
/// does not read back is an HTML element named `svg` or `math` ([`Context::html`]), shown as
/// that bare name, which [`FromStr`] refuses as [`ContextError::Ambiguous`].
impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.namespace {
            Namespace::Html => write!(f, "{}", self.name),
            Namespace::Svg => write!(f, "svg {}", self.name),
            Namespace::MathMl => write!(f, "math {}", self.name),
        }
    }
}

/// The result of [`parse_fragment`]: a document whose `root` element holds the parsed nodes.
#[derive(Debug, Clone)]
pub struct Fragment {
    /// The document the nodes live in (with the parse errors).
    pub document: Document,
    /// The root `html` element: its children are the fragment's nodes.
    pub root: NodeId,
    context_node: NodeId,
    scripting: bool,
    context: Context,
}

impl Fragment {
    /// The parsed nodes, in order.
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.document.children(self.root)
    }

    /// The context element's node (detached, in [`Fragment::document`]). With
    /// [`ParseOptions::allow_declarative_shadow_roots`], a declarative shadow root met while
    /// the context element is the adjusted current node is attached to it, as the spec text
    /// says: find it with `document.shadow_root(fragment.context_node())`.
    ///
    /// ```
    /// use websyntax_html::{parse_fragment, ParseOptions};
    /// let opts = ParseOptions { allow_declarative_shadow_roots: true, ..Default::default() };
    /// let f = parse_fragment("<template shadowrootmode=open>x</template>", &"div".parse().unwrap(), opts);
    /// assert_eq!(f.nodes().count(), 0);
    /// let root = f.document.shadow_root(f.context_node()).unwrap();
    /// assert_eq!(f.document.text_content(root), "x");
    /// ```
    pub fn context_node(&self) -> NodeId {
        self.context_node
    }

    /// The parse errors.
    pub fn errors(&self) -> &[crate::ParseError] {
        self.document.errors()
    }

    /// The nodes in the html5lib-tests tree format.
    pub fn to_test_tree(&self) -> String {
        self.document.to_test_tree(self.root)
    }

    /// The HTML serialization of the nodes, as the children of the context element (so text
    /// in a `script` or `style` context is written verbatim).
    pub fn to_html(&self) -> String {
        let ctx = crate::dom::Element {
            namespace: self.context.namespace,
            name: self.context.name.clone().into(),
            attrs: Vec::new(),
            start_tag: None,
            end_tag: None,
        };
        crate::serialize::serialize_children_of(&self.document, self.root, &ctx, self.scripting)
    }
}

/// Runs the tokenizer with the tree builder on `input`. The builder moves into the tokenizer
/// and back (a copy of about 3 KB each way): the tokenizer's state machine is generic over its
/// sink, and the byte stream parser (`input_stream.rs`) owns its builder the same way, so both
/// run one instance of it (`Tokenizer<TreeBuilder>`) instead of two, about 92 KB of
/// WebAssembly each (docs/performance.md, 2026-12-02).
fn run(input: &str, tb: TreeBuilder, state: State) -> TreeBuilder {
    let mut t = Tokenizer::with_options(
        tb,
        TokenizerOptions {
            initial_state: state,
            last_start_tag: None,
        },
    );
    // Lines and columns of errors come from the source index below.
    t.set_offsets_only(true);
    t.feed(input);
    t.end();
    let mut tb = t.into_sink();
    let doc = tb.document_mut();
    doc.set_source_index(crate::dom::spans::SourceIndex::for_text(input));
    doc.resolve_error_positions();
    tb
}

/// Parses `input` as a whole HTML document (§13.2).
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// let doc = parse_document("<b>x", ParseOptions::default());
/// assert_eq!(doc.errors()[0].code, "missing-doctype");
/// ```
pub fn parse_document(input: &str, options: ParseOptions) -> Document {
    let mut tb = TreeBuilder::new(options.scripting, options.collect_errors);
    tb.set_allow_declarative_shadow_roots(options.allow_declarative_shadow_roots);
    tb.set_limits(options.limits);
    tb.set_standard(options.standard);
    run(input, tb, State::Data).finish()
}

/// [`parse_document`], also returning the tree builder's [`StackEvent`]s: for each element
/// that left the stack of open elements the token that was being processed then, the
/// `</body>` and `</html>` end tags seen while those stayed open, which elements are clones
/// of which, which elements an insertion mode implied, which nodes were foster-parented and
/// which the adoption agency algorithm moved. The document is the same as
/// [`parse_document`]'s (the normal parse records nothing and costs nothing for it).
///
/// ```
/// use websyntax_html::{parse_document_with_events, ParseOptions, StackEvent};
/// let src = "<p>a<div>b</div>";
/// let (doc, events) = parse_document_with_events(src, ParseOptions::default());
/// let p = doc.find_element("p").unwrap();
/// // `<p>` was closed by the `<div>` start tag: not by an end tag of its own.
/// let closed = events.iter().find_map(|e| match *e {
///     StackEvent::Popped { node, token, named, .. } if node == p => Some((token, named)),
///     _ => None,
/// });
/// let (token, named) = closed.unwrap();
/// assert_eq!((&src[token.range()], named), ("<div>", false));
/// ```
pub fn parse_document_with_events(
    input: &str,
    options: ParseOptions,
) -> (Document, Vec<StackEvent>) {
    let mut tb = TreeBuilder::new(options.scripting, options.collect_errors);
    tb.set_allow_declarative_shadow_roots(options.allow_declarative_shadow_roots);
    tb.set_limits(options.limits);
    tb.set_standard(options.standard);
    tb.record_events();
    let mut tb = run(input, tb, State::Data);
    let events = tb.take_events();
    (tb.finish(), events)
}

/// Runs the HTML fragment parsing algorithm (§13.4) on `input` with the `context` element.
///
/// ```
/// use websyntax_html::{parse_fragment, Context, ParseOptions};
/// let f = parse_fragment("<b>x</b>y", &"div".parse().unwrap(), ParseOptions::default());
/// assert_eq!(f.nodes().count(), 2);
/// ```
pub fn parse_fragment(input: &str, context: &Context, options: ParseOptions) -> Fragment {
    fragment(input, context, options, false).0
}

/// [`parse_fragment`], also returning the tree builder's [`StackEvent`]s (see
/// [`parse_document_with_events`]).
///
/// ```
/// use websyntax_html::{parse_fragment_with_events, ParseOptions, StackEvent};
/// let (f, events) = parse_fragment_with_events("<td>x", &"tbody".parse().unwrap(), ParseOptions::default());
/// let tr = f.nodes().next().unwrap();
/// assert!(events.contains(&StackEvent::Implied { node: tr, mode: websyntax_html::tree_builder::InsertionMode::InTableBody }));
/// ```
pub fn parse_fragment_with_events(
    input: &str,
    context: &Context,
    options: ParseOptions,
) -> (Fragment, Vec<StackEvent>) {
    fragment(input, context, options, true)
}

/// [`parse_fragment`], recording the events if `record`.
fn fragment(
    input: &str,
    context: &Context,
    options: ParseOptions,
    record: bool,
) -> (Fragment, Vec<StackEvent>) {
    let mut tb = TreeBuilder::new(options.scripting, options.collect_errors);
    if record {
        tb.record_events();
    }
    let (state, root) = tb.init_fragment(context.namespace, &context.name, &context.attrs);
    // §13.4 step 4: allowDeclarativeShadowRoots.
    tb.set_allow_declarative_shadow_roots(options.allow_declarative_shadow_roots);
    tb.set_limits(options.limits);
    tb.set_standard(options.standard);
    let context_node = tb.context_node().unwrap_or(root);
    let mut tb = run(input, tb, state);
    let events = tb.take_events();
    let fragment = Fragment {
        document: tb.finish(),
        root,
        context_node,
        scripting: options.scripting,
        context: context.clone(),
    };
    (fragment, events)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bare `svg` or `math`, in any ASCII case and with surrounding whitespace, is refused
    /// with what was given and what to write.
    #[test]
    fn bare_svg_and_math_are_ambiguous() {
        for given in ["svg", "SVG", " sVg\t", "math", "\nMATH "] {
            let (namespace, write) = if given.trim().starts_with(['s', 'S']) {
                (Namespace::Svg, "svg svg")
            } else {
                (Namespace::MathMl, "math math")
            };
            let e = given.parse::<Context>().unwrap_err();
            assert_eq!(
                e,
                ContextError::Ambiguous {
                    given: given.to_owned(),
                    namespace
                }
            );
            assert_eq!(e.given(), given);
            assert_eq!(e.suggestion(), Some(write));
            let msg = e.to_string();
            assert!(msg.contains(&format!("{given:?}")), "{msg}");
            assert!(msg.contains(&format!("write `{write}`")), "{msg}");
            assert!(msg.contains("`div`"), "{msg}");
        }
    }

    /// Everything else parses exactly as before the refusal.
    #[test]
    fn other_contexts_parse_as_before() {
        for (given, namespace, name) in [
            ("td", Namespace::Html, "td"),
            ("TD", Namespace::Html, "td"),
            (" template ", Namespace::Html, "template"),
            ("tbody", Namespace::Html, "tbody"),
            ("svg svg", Namespace::Svg, "svg"),
            ("svg foreignObject", Namespace::Svg, "foreignObject"),
            ("math mi", Namespace::MathMl, "mi"),
            ("math math", Namespace::MathMl, "math"),
            ("svgs", Namespace::Html, "svgs"),
            ("mathx", Namespace::Html, "mathx"),
        ] {
            let c: Context = given.parse().unwrap();
            assert_eq!(
                (c.namespace, c.name.as_str()),
                (namespace, name),
                "{given:?}"
            );
            assert_eq!(c.to_string().parse::<Context>().unwrap(), c);
        }
        for given in ["", "  ", "svg a b", "SVG g", "html svg", "svg  g"] {
            let e = given.parse::<Context>().unwrap_err();
            assert_eq!(
                e,
                ContextError::Invalid {
                    given: given.to_owned()
                },
                "{given:?}"
            );
            assert_eq!(e.suggestion(), None);
            assert!(e.to_string().contains("`svg NAME` / `math NAME`"), "{e}");
        }
    }

    /// What the error says to write for the HTML element: an HTML `svg` or `math` context
    /// gives the tree and serialization a `div` context gives (neither name is special to
    /// the fragment parsing algorithm).
    #[test]
    fn html_svg_and_math_contexts_parse_as_div() {
        let div = Context::html("div");
        for html in [
            "<svg><g/></svg>x",
            "</svg>a<math><mi>b</math></math>",
            "<td>c<tr>d<table><td>e",
            "<title>&amp;</title><textarea>t",
            "<form><form><p><svg><foreignObject><p>f",
            "<script>1</script><noscript><b>n",
            "<frameset><frame>",
            "<template><td>x</template>",
            "<body a=1><html b=2>",
            "a\0b<plaintext></svg>",
        ] {
            let want = parse_fragment(html, &div, ParseOptions::default());
            for name in ["svg", "math"] {
                let got = parse_fragment(html, &Context::html(name), ParseOptions::default());
                assert_eq!(got.to_test_tree(), want.to_test_tree(), "{name}: {html:?}");
                assert_eq!(got.to_html(), want.to_html(), "{name}: {html:?}");
            }
        }
    }
}
