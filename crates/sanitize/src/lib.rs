//! The HTML Standard's Sanitizer API (§8.6 "HTML sanitization") on the `websyntax-html` DOM.
//!
//! - [`SanitizerConfig`]: the configuration dictionary, from the JSON a browser's
//!   `new Sanitizer(config)` takes, with the spec's validity rules ([`config`]);
//! - [`Sanitizer`]: `get()`, the modifier methods, `removeUnsafe()`, the built-in safe default
//!   configuration ([`Sanitizer::default`]) and the safe baseline ([`builtins`]);
//! - the algorithms: [`set_html`] / [`set_html_unsafe`] ("set and filter HTML" on an element of
//!   a document), [`sanitize`] ("sanitize" of any node with the safe flag), [`parse_html`] /
//!   [`parse_html_unsafe`] (whole documents, [`sanitize_document`] as a string), and
//!   [`sanitize_fragment`], the string in, string
//!   out form: what `element.innerHTML` holds after `element.setHTML(html)`.
//!
//! The string outputs ([`sanitize_fragment`] and its variants, [`sanitize_document`],
//! [`compat::clean`]) parse back to themselves: parsed again in the same context, they give
//! the same string, and sanitizing that tree again removes nothing (see docs/sanitize.md,
//! "Why a sanitizer must parse and serialize exactly as browsers do"). They are also checked
//! as parsed with the other scripting flag (a document sanitized without scripting is loaded
//! by a browser with it; template contents are parsed without): where `noscript` makes the two
//! parses differ and the other one holds something to remove, the `noscript` elements go (the
//! output is the empty string if even that is not enough).
//!
//! The safe methods (`set_html`, `parse_html`, `sanitize_fragment`, `clean`) always remove
//! what the safe baseline removes (`script`, `iframe`, `object`, `embed`, `frame`, `base`, SVG
//! `script` and `use`), every event handler attribute of the HTML Standard's list (`onclick`,
//! ...) and, stricter than the standard, every attribute in no namespace whose name starts
//! with `on` (browsers run script from handlers outside that list: `onfocusin`, SVG
//! `onbegin`, ...), javascript: URLs in navigating attributes (`a`/`area`/`base` `href`,
//! `form` `action`, `button`/`input` `formaction`, SVG `a` `href`/`xlink:href`, MathML `href`)
//! and SVG animation of `href`, whatever the configuration says. [`Sanitizer::get`] and
//! [`Sanitizer::remove_unsafe`] stay the standard's; the `on*` rule is applied when
//! sanitizing.
//!
//! A `template` context (and [`set_html`] on a `template`) is parsed with scripting disabled,
//! as browsers parse template contents; other contexts with scripting enabled.
//!
//! ```
//! use websyntax_sanitize::{Sanitizer, sanitize_fragment};
//!
//! let s = Sanitizer::default();
//! let dirty = r#"<p>Hi <a href="javascript:alert(1)" title=t>there</a><img src=x onerror=alert(1)></p>"#;
//! assert_eq!(sanitize_fragment(dirty, "div", &s), "<p>Hi <a title=\"t\">there</a></p>");
//!
//! // A custom configuration, as JSON; even if it allows script, the safe methods do not.
//! let s = Sanitizer::from_json(r#"{"elements": ["p", "script"], "attributes": ["onclick", "class"]}"#).unwrap();
//! assert_eq!(sanitize_fragment("<p class=c onclick=x>a<script>b</script>", "div", &s), "<p class=\"c\">a</p>");
//!
//! // An invalid configuration says why.
//! let e = Sanitizer::from_json(r#"{"elements": ["p"], "removeElements": ["b"]}"#).unwrap_err();
//! assert!(e.to_string().contains("both \"elements\" and \"removeElements\""));
//! ```
#![forbid(unsafe_code)]

pub mod builtins;
pub mod compat;
pub mod config;
mod core;
mod js_number;
pub mod lint;
mod sanitizer;
mod stable;

use std::fmt;

use websyntax_html::dom::{Attr, NodeData};
use websyntax_html::{
    Context, Document, LimitsReached, NodeId, ParseOptions, ResourceLimits, Standard,
    parse_document, parse_fragment,
};

pub use crate::config::{ConfigError, ElementEntry, Name, SanitizerConfig};
pub use crate::core::contains_javascript_url;
pub use crate::sanitizer::Sanitizer;

/// "sanitize" on `node` (a document, fragment, element or shadow root of `doc`) and its
/// descendants, template contents and shadow roots: with `safe`, the configuration after
/// "remove unsafe" and the javascript: URL rules; without, the configuration as it is.
pub fn sanitize(doc: &mut Document, node: NodeId, sanitizer: &Sanitizer, safe: bool) {
    sanitize_pass(doc, node, sanitizer, safe, Pass::Sanitize);
}

/// What a run of "sanitize" on a parsed string is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pass {
    /// Sanitizing.
    Sanitize,
    /// Checking that the tree holds nothing to remove: as [`Pass::Sanitize`], except that
    /// the elements the tree builder makes without a start tag stay, since no string parses
    /// without them: `html`, `head` and `body` always, `tbody`, `tr` and `colgroup` when the
    /// configuration replaces them with their children (see docs/sanitize.md).
    Check,
}

/// [`sanitize`] for `pass`.
pub(crate) fn sanitize_pass(
    doc: &mut Document,
    node: NodeId,
    sanitizer: &Sanitizer,
    safe: bool,
    pass: Pass,
) {
    if node.index() >= doc.len() {
        return;
    }
    let keep_implied = pass == Pass::Check;
    core::sanitize_core(doc, node, sanitizer.compiled(safe), safe, keep_implied);
}

/// Why [`set_html`] could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetHtmlError {
    /// The target is not an element of the document.
    NotAnElement(NodeId),
}

impl fmt::Display for SetHtmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetHtmlError::NotAnElement(id) => write!(f, "node {id} is not an element"),
        }
    }
}

impl std::error::Error for SetHtmlError {}

/// How the string-in helpers ([`sanitize_fragment_with`], [`parse_html_with`]) parse their
/// input. The rest of the parser's options are the Sanitizer API's (scripting enabled for
/// `setHTML`, except in a `template` context, disabled for `parseHTML`; declarative shadow
/// roots allowed). `Default`: no resource limits, the seed standard.
///
/// ```
/// use websyntax_html::{Context, Standard};
/// use websyntax_sanitize::{Sanitizer, SanitizeOptions, sanitize_fragment_with};
/// let s = Sanitizer::from_json(r#"{"elements": ["select", "div", "option"]}"#).unwrap();
/// let living = SanitizeOptions { standard: Standard::Living, ..SanitizeOptions::default() };
/// let div = Context::html("div");
/// let html = "<select><div>x</div></select>";
/// // Today's HTML parses a div inside a select (customizable select); the seed text drops it.
/// assert_eq!(sanitize_fragment_with(html, &div, &s, true, living).unwrap(), html);
/// let seed = sanitize_fragment_with(html, &div, &s, true, SanitizeOptions::default()).unwrap();
/// assert_eq!(seed, "<select>x</select>");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SanitizeOptions {
    /// The parser's resource limits (a document that reaches the node or clone limit is not
    /// sanitized: the helpers return `None`; so is one whose tree the depth limit flattened
    /// into a shape that no string parses back to, see [`limits_message`]).
    pub limits: ResourceLimits,
    /// Which HTML Standard parses the input: [`Standard::Seed`] (the default) or
    /// [`Standard::Living`] (e.g. customizable `<select>`).
    pub standard: Standard,
}

/// The fragment parser's options of "set and filter HTML" in `context`: declarative shadow
/// roots allowed, and scripting enabled (an element of a document in a browsing context),
/// except in a `template` context.
///
/// `setHTML` on a `template` parses its contents as browsers parse `template.innerHTML`:
/// with the scripting flag of the template contents' owner document, an inert document
/// without a browsing context, so disabled (Chromium and Gecko both parse in that document;
/// the HTML Standard sets the flag from the document the parser is associated with, §13.2.2,
/// and `noscript` content is then parsed as markup).
fn fragment_options(context: &Context) -> ParseOptions {
    ParseOptions {
        scripting: !is_template(context),
        collect_errors: false,
        allow_declarative_shadow_roots: true,
        ..ParseOptions::default()
    }
}

/// Whether the context is an HTML `template` (whose contents browsers parse without
/// scripting: see [`fragment_options`]).
fn is_template(ctx: &Context) -> bool {
    ctx.namespace == websyntax_html::dom::Namespace::Html && ctx.name == "template"
}

/// Whether "set and filter HTML" step 1 applies: a safe call on an HTML or SVG `script`.
fn is_script_context(ctx: &Context) -> bool {
    ctx.name == "script"
        && matches!(
            ctx.namespace,
            websyntax_html::dom::Namespace::Html | websyntax_html::dom::Namespace::Svg
        )
}

/// "set and filter HTML" on a fragment: parse `html` with `context`, sanitize, serialize the
/// result as the context element's children (its `innerHTML`).
pub fn sanitize_fragment_in(
    html: &str,
    context: &Context,
    sanitizer: &Sanitizer,
    safe: bool,
) -> String {
    sanitize_fragment_limited(html, context, sanitizer, safe, ResourceLimits::default())
        .unwrap_or_default()
}

/// [`sanitize_fragment_in`] with the parser's resource limits, for input from anywhere:
/// `None` when the input reached [`ResourceLimits::max_nodes`] or [`ResourceLimits::max_clones`] (the parse stopped early, so
/// the fragment is not the input's: nothing is returned rather than a cut-short result).
/// The depth limit, as in Chromium, places deeper elements as siblings.
///
/// ```
/// use websyntax_html::{Context, ResourceLimits};
/// use websyntax_sanitize::{Sanitizer, sanitize_fragment_limited};
/// let limits = ResourceLimits { max_nodes: Some(100), ..Default::default() };
/// let s = Sanitizer::default();
/// let div = Context::html("div");
/// assert_eq!(sanitize_fragment_limited("<b>x", &div, &s, true, limits).as_deref(), Some("<b>x</b>"));
/// assert_eq!(sanitize_fragment_limited(&"<p>".repeat(500), &div, &s, true, limits), None);
/// ```
pub fn sanitize_fragment_limited(
    html: &str,
    context: &Context,
    sanitizer: &Sanitizer,
    safe: bool,
    limits: ResourceLimits,
) -> Option<String> {
    let options = SanitizeOptions {
        limits,
        standard: Standard::Seed,
    };
    sanitize_fragment_with(html, context, sanitizer, safe, options)
}

/// [`sanitize_fragment_limited`] with the standard that parses the input
/// ([`SanitizeOptions`]): `None` when the input reached the node or clone limit, or the depth
/// limit left a tree with no string that parses back to it ([`limits_message`]).
pub fn sanitize_fragment_with(
    html: &str,
    context: &Context,
    sanitizer: &Sanitizer,
    safe: bool,
    options: SanitizeOptions,
) -> Option<String> {
    // Step 1.
    if safe && is_script_context(context) {
        return Some(String::new());
    }
    // Steps 3-6.
    let options = ParseOptions {
        limits: options.limits,
        standard: options.standard,
        ..fragment_options(context)
    };
    fragment_to_string(html, context, options, &|doc, root, pass| {
        sanitize_pass(doc, root, sanitizer, safe, pass)
    })
}

/// The limits a sanitize call that returned `None` may have reached, for its caller's
/// message: "the node limit (N nodes), the clone limit (N cloned elements and attributes) or
/// the depth limit (N levels)", naming only the limits that are set. The depth limit stops sanitizing only when it flattened the
/// tree into a shape that no string parses back to (`<table><th>` nested deeper than the
/// limit: each re-parse implies another `tr`), since a sanitized string must parse back to
/// the tree that was checked.
///
/// ```
/// use websyntax_html::{Context, ResourceLimits};
/// use websyntax_sanitize::{Sanitizer, limits_message, sanitize_fragment_limited};
/// let limits = ResourceLimits { max_tree_depth: Some(3), ..Default::default() };
/// let div = Context::html("div");
/// let s = Sanitizer::default();
/// assert_eq!(sanitize_fragment_limited("<table><th>", &div, &s, true, limits), None);
/// assert_eq!(limits_message(&limits), "the depth limit (3 levels)");
/// let all = limits_message(&ResourceLimits::for_input(10));
/// assert!(all.starts_with("the node limit (65696 nodes), the clone limit"), "{all}");
/// assert!(all.ends_with("or the depth limit (512 levels)"), "{all}");
/// ```
pub fn limits_message(limits: &ResourceLimits) -> String {
    // The node and clone limits in the parser's own words (`LimitsReached::stop_reason`).
    let reason = |r: LimitsReached| r.stop_reason(limits);
    let parts: Vec<String> = [
        limits.max_nodes.and_then(|_| {
            reason(LimitsReached {
                nodes: true,
                ..Default::default()
            })
        }),
        limits.max_clones.and_then(|_| {
            reason(LimitsReached {
                clones: true,
                ..Default::default()
            })
        }),
        limits
            .max_tree_depth
            .map(|n| format!("the depth limit ({n} levels)")),
    ]
    .into_iter()
    .flatten()
    .collect();
    match parts.split_last() {
        None => "a resource limit".to_owned(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Parses `html` as a fragment in `context`, runs `filter` on it and serializes the result
/// as the context element's children (what `Fragment::to_html` writes), then makes that
/// string parse back to itself, and safe when parsed with the other scripting flag too
/// ([`stable`]). `filter(doc, root, pass)` sanitizes (the safe flag and configuration are
/// the caller's). `None` when the input (or a re-parse) reached the parser's node or clone limit,
/// or the depth limit left a tree with no string that parses back to it.
pub(crate) fn fragment_to_string(
    html: &str,
    context: &Context,
    options: ParseOptions,
    filter: &dyn Fn(&mut Document, NodeId, Pass),
) -> Option<String> {
    let serialize = |doc: &Document, root: NodeId, scripting: bool, capacity: usize| {
        // A buffer sized for the usual case: the output is at most about the input's length.
        let mut out = String::with_capacity(capacity);
        websyntax_html::serialize::serialize_children_as_into(
            doc,
            root,
            context.namespace,
            &context.name,
            scripting,
            &mut out,
        );
        out
    };
    let mut fragment = parse_fragment(html, context, options);
    if fragment.document.limits_reached().stopped_early() {
        return None;
    }
    let root = fragment.root;
    filter(&mut fragment.document, root, Pass::Sanitize);
    // Parses `s` with `options` and returns its serialization as parsed and after `pass`
    // (and, for a round of the fixed point, `rounds`).
    let parse_and_filter = |s: &str, options: ParseOptions, pass, rounds| {
        let mut again = parse_fragment(s, context, options);
        if again.document.limits_reached().stopped_early() {
            return None;
        }
        let root = again.root;
        let plain = serialize(&again.document, root, options.scripting, s.len());
        filter(&mut again.document, root, pass);
        if let Some(rounds) = rounds {
            stable::after_sanitizing(&mut again.document, root, options.scripting, rounds);
        }
        let clean = serialize(&again.document, root, options.scripting, s.len());
        Some((plain, clean))
    };
    let other = ParseOptions {
        scripting: !options.scripting,
        ..options
    };
    // Step 7's result as the context element's `innerHTML`, as a string that parses back to
    // itself.
    stable::stable_output(
        &mut fragment.document,
        root,
        stable::Modes {
            scripting: options.scripting,
            context_is_noscript: context.namespace == websyntax_html::dom::Namespace::Html
                && context.name == "noscript",
            serialize: |doc: &Document| serialize(doc, root, options.scripting, html.len()),
            round_trips: |doc: &Document, out: &str| stable::round_trips(doc, root, context, out),
            reparse: |s: &str, rounds| parse_and_filter(s, options, Pass::Sanitize, Some(rounds)),
            other: |s: &str| parse_and_filter(s, other, Pass::Check, None),
        },
    )
}

/// What `element.innerHTML` holds after `element.setHTML(html, {sanitizer})` on a fresh HTML
/// element named `context` (`div`, `td`, `template`, ...): parsed as a fragment in that
/// context, sanitized with the safe flag, serialized.
///
/// ```
/// use websyntax_sanitize::{Sanitizer, sanitize_fragment};
/// let s = Sanitizer::default();
/// assert_eq!(sanitize_fragment("<td>x<script>y</script>", "tr", &s), "<td>x</td>");
/// assert_eq!(sanitize_fragment("<!-- c --><b>b", "div", &s), "<b>b</b>");
/// ```
pub fn sanitize_fragment(html: &str, context: &str, sanitizer: &Sanitizer) -> String {
    sanitize_fragment_in(html, &context_named(context), sanitizer, true)
}

/// The HTML context element `name`, with the usual one (`div`) made once.
fn context_named(name: &str) -> std::borrow::Cow<'static, Context> {
    static DIV: std::sync::OnceLock<Context> = std::sync::OnceLock::new();
    if name == "div" {
        std::borrow::Cow::Borrowed(DIV.get_or_init(|| Context::html("div")))
    } else {
        std::borrow::Cow::Owned(Context::html(name))
    }
}

/// [`sanitize_fragment`] with `setHTMLUnsafe` semantics: the configuration only (no safe
/// baseline, javascript: URLs kept unless configured away).
pub fn sanitize_fragment_unsafe(html: &str, context: &str, sanitizer: &Sanitizer) -> String {
    sanitize_fragment_in(html, &context_named(context), sanitizer, false)
}

/// `element.setHTML(html, {sanitizer})`: replaces the children of `element` (the contents of
/// a `template`) with the sanitized result of parsing `html` in its context, with the
/// standard `doc` was parsed with ([`Document::standard`]).
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_sanitize::{Sanitizer, set_html};
/// let mut doc = parse_document("<div id=x>old</div>", ParseOptions::default());
/// let div = doc.find_element("div").unwrap();
/// set_html(&mut doc, div, "<em onclick=x>new</em><script>1</script>", &Sanitizer::default()).unwrap();
/// assert_eq!(doc.inner_html(div), "<em>new</em>");
/// ```
pub fn set_html(
    doc: &mut Document,
    element: NodeId,
    html: &str,
    sanitizer: &Sanitizer,
) -> Result<(), SetHtmlError> {
    set_and_filter_html(doc, element, html, sanitizer, true)
}

/// `element.setHTMLUnsafe(html, {sanitizer})` (use [`Sanitizer::allow_everything`] for no
/// filtering at all).
pub fn set_html_unsafe(
    doc: &mut Document,
    element: NodeId,
    html: &str,
    sanitizer: &Sanitizer,
) -> Result<(), SetHtmlError> {
    set_and_filter_html(doc, element, html, sanitizer, false)
}

fn set_and_filter_html(
    doc: &mut Document,
    element: NodeId,
    html: &str,
    sanitizer: &Sanitizer,
    safe: bool,
) -> Result<(), SetHtmlError> {
    if element.index() >= doc.len() {
        return Err(SetHtmlError::NotAnElement(element));
    }
    let context = match doc.data(element) {
        NodeData::Element(e) => Context {
            namespace: e.namespace(),
            name: e.name().to_owned(),
            attrs: e
                .attrs()
                .map(|a| {
                    let mut at = Attr::new(a.name().to_owned(), a.value());
                    at.namespace = a.namespace();
                    at
                })
                .collect(),
        },
        _ => return Err(SetHtmlError::NotAnElement(element)),
    };
    // Step 1.
    if safe && is_script_context(&context) {
        return Ok(());
    }
    // The target: a template's contents, else the element.
    let target = doc.template_contents(element).unwrap_or(element);
    // Steps 3-6: parse (following the standard the document was parsed with; a template's
    // contents without scripting, see `fragment_options`), sanitize.
    let options = ParseOptions {
        standard: doc.standard(),
        ..fragment_options(&context)
    };
    let mut fragment = parse_fragment(html, &context, options);
    let root = fragment.root;
    sanitize(&mut fragment.document, root, sanitizer, safe);
    // Step 7: "replace all" with the fragment within target, through safe editing.
    let holder = doc.create_fragment();
    for n in fragment.document.children(root) {
        let copy = doc.import_node(&fragment.document, n);
        // A detached fragment accepts any node but a document or shadow root, which a
        // fragment's children never are.
        let _ = doc.append_child(holder, copy);
    }
    while let Some(c) = doc.first_child(target) {
        let _ = doc.remove(c);
    }
    let _ = doc.append_child(target, holder);
    Ok(())
}

/// The document parser's options of `parseHTML`: no browsing context (scripting disabled),
/// declarative shadow roots allowed.
fn document_options() -> ParseOptions {
    ParseOptions {
        scripting: false,
        collect_errors: false,
        allow_declarative_shadow_roots: true,
        ..ParseOptions::default()
    }
}

/// `Document.parseHTML(html, {sanitizer})`: a whole document, sanitized with the safe flag.
/// Serialize it with [`serialize_document`] (scripting disabled, as it was parsed).
///
/// ```
/// use websyntax_sanitize::{Sanitizer, parse_html, serialize_document};
/// let doc = parse_html("<title>t</title><p onclick=x>p<script>s</script>", &Sanitizer::default());
/// assert_eq!(serialize_document(&doc), "<html><head><title>t</title></head><body><p>p</p></body></html>");
/// ```
pub fn parse_html(html: &str, sanitizer: &Sanitizer) -> Document {
    let mut doc = parse_document(html, document_options());
    let root = doc.root();
    sanitize(&mut doc, root, sanitizer, true);
    doc
}

/// `Document.parseHTMLUnsafe(html, {sanitizer})`.
pub fn parse_html_unsafe(html: &str, sanitizer: &Sanitizer) -> Document {
    let mut doc = parse_document(html, document_options());
    let root = doc.root();
    sanitize(&mut doc, root, sanitizer, false);
    doc
}

/// [`parse_html`] (`safe`) or [`parse_html_unsafe`] with the parser's resource limits: `None`
/// when the input reached [`ResourceLimits::max_nodes`] or [`ResourceLimits::max_clones`].
pub fn parse_html_limited(
    html: &str,
    sanitizer: &Sanitizer,
    safe: bool,
    limits: ResourceLimits,
) -> Option<Document> {
    let options = SanitizeOptions {
        limits,
        standard: Standard::Seed,
    };
    parse_html_with(html, sanitizer, safe, options)
}

/// [`parse_html_limited`] with the standard that parses the input ([`SanitizeOptions`]):
/// `None` when the input reached the node or clone limit.
pub fn parse_html_with(
    html: &str,
    sanitizer: &Sanitizer,
    safe: bool,
    options: SanitizeOptions,
) -> Option<Document> {
    let options = ParseOptions {
        limits: options.limits,
        standard: options.standard,
        ..document_options()
    };
    let mut doc = parse_document(html, options);
    if doc.limits_reached().stopped_early() {
        return None;
    }
    let root = doc.root();
    sanitize(&mut doc, root, sanitizer, safe);
    Some(doc)
}

/// The serialization of a document from [`parse_html`] (scripting disabled, as it was parsed).
///
/// Some trees have no serialization that parses back to them; to hand a sanitized document on
/// as a string, use [`sanitize_document`], whose output does.
pub fn serialize_document(doc: &Document) -> String {
    websyntax_html::serialize::serialize_children(doc, doc.root(), false)
}

/// `Document.parseHTML(html, {sanitizer})` serialized, as a string that parses back to itself:
/// parsing it as a document and serializing gives the same string, and sanitizing that
/// document again removes nothing (the string is re-parsed until it is such a fixed point).
/// The string is also safe when a browser loads it with scripting enabled: parsed so, it holds
/// nothing to remove either (a `noscript` whose contents would then read as other markup is
/// dropped; see docs/sanitize.md, "Stricter than the standard").
///
/// ```
/// use websyntax_sanitize::{Sanitizer, sanitize_document};
/// let out = sanitize_document("<p onclick=x>p<script>s</script>", &Sanitizer::default());
/// assert_eq!(out, "<html><head></head><body><p>p</p></body></html>");
/// ```
pub fn sanitize_document(html: &str, sanitizer: &Sanitizer) -> String {
    sanitize_document_with(html, sanitizer, true, SanitizeOptions::default()).unwrap_or_default()
}

/// [`sanitize_document`] (`safe`, or `parseHTMLUnsafe` without) with the parser's options:
/// `None` when the input, or a re-parse of the output, reached the node or clone limit, or
/// the depth limit left a tree with no string that parses back to it ([`limits_message`]).
pub fn sanitize_document_with(
    html: &str,
    sanitizer: &Sanitizer,
    safe: bool,
    options: SanitizeOptions,
) -> Option<String> {
    let mut doc = parse_html_with(html, sanitizer, safe, options)?;
    let options = ParseOptions {
        limits: options.limits,
        standard: options.standard,
        ..document_options()
    };
    // Parses `s` with `options` and returns its serialization as parsed and after `pass`
    // (and, for a round of the fixed point, `rounds`), written with the flag it was parsed
    // with.
    let parse_and_filter = |s: &str, options: ParseOptions, pass, rounds| {
        let mut again = parse_document(s, options);
        if again.limits_reached().stopped_early() {
            return None;
        }
        let root = again.root();
        let write = |d: &Document| {
            websyntax_html::serialize::serialize_children(d, root, options.scripting)
        };
        let plain = write(&again);
        sanitize_pass(&mut again, root, sanitizer, safe, pass);
        if let Some(rounds) = rounds {
            stable::after_sanitizing(&mut again, root, options.scripting, rounds);
        }
        Some((plain, write(&again)))
    };
    // A browser that loads the page parses it with scripting enabled.
    let loaded = ParseOptions {
        scripting: true,
        ..options
    };
    let root = doc.root();
    stable::stable_output(
        &mut doc,
        root,
        stable::Modes {
            scripting: options.scripting,
            context_is_noscript: false,
            serialize: serialize_document,
            // No fast check for documents: the string is always parsed again.
            round_trips: |_: &Document, _: &str| None,
            reparse: |s: &str, rounds| parse_and_filter(s, options, Pass::Sanitize, Some(rounds)),
            other: |s: &str| parse_and_filter(s, loaded, Pass::Check, None),
        },
    )
}
