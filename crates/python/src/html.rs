//! `parse`, `parse_fragment`, `Document`, `Node`, `ParseError`.

use std::sync::Arc;

use pyo3::exceptions::{PyLookupError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString, PyTuple};
use websyntax::encoding::Encoding;
use websyntax::html::dom::{Namespace, NodeData, NodeKind, QuirksMode};
use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax::html::{self as h, Context, NodeId, ParseOptions};

/// An encoding from a label (`"shift_jis"`, `"latin1"`, …), or Python's `LookupError`.
pub(crate) fn encoding_for_label(label: &str) -> PyResult<Encoding> {
    Encoding::for_label(label)
        .ok_or_else(|| PyLookupError::new_err(format!("unknown encoding label {label:?}")))
}

/// The ``standard`` keyword argument: ``"seed"`` (the default: the HTML and URL Standards'
/// text this version pins) or ``"living"`` (today's WHATWG Living Standards).
pub(crate) fn standard_arg(standard: &str) -> PyResult<h::Standard> {
    standard
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{e}")))
}

/// The byte-stream parser's options from the Python keyword arguments.
pub(crate) fn parser_options(
    transport_charset: Option<&str>,
    encoding: Option<&str>,
    default_encoding: Option<&str>,
    autodetect: bool,
    scripting: bool,
) -> PyResult<DocumentParserOptions> {
    let mut options = DocumentParserOptions::default().autodetect(autodetect);
    if let Some(label) = transport_charset {
        // §13.2.3.2 step 4: a label that is no encoding is ignored, as the spec says.
        options = options.transport_charset(label);
    }
    if let Some(label) = encoding {
        options = options.user_override(encoding_for_label(label)?);
    }
    if let Some(label) = default_encoding {
        options = options.default_encoding(encoding_for_label(label)?);
    }
    options.parse.scripting = scripting;
    Ok(options)
}

pyo3::create_exception!(
    websyntax,
    ResourceLimitError,
    PyValueError,
    "A document reached a resource limit (``max_nodes``) and was not built whole: the \
     message names the limit. A subclass of ``ValueError``."
);

/// A resource limit argument: an `int`, `None` (no limit) or `"auto"` (the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    /// The default for the input.
    Auto,
    /// At most this many.
    At(usize),
    /// No limit.
    Unlimited,
}

impl<'py> FromPyObject<'py> for Limit {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Limit> {
        if ob.is_none() {
            return Ok(Limit::Unlimited);
        }
        if let Ok(s) = ob.extract::<String>() {
            if s == "auto" {
                return Ok(Limit::Auto);
            }
            return Err(PyValueError::new_err(format!(
                "a limit is an int, None or \"auto\", not {s:?}"
            )));
        }
        let n: usize = ob
            .extract()
            .map_err(|_| PyTypeError::new_err("a limit is a non-negative int, None or \"auto\""))?;
        Ok(Limit::At(n))
    }
}

impl<'py> IntoPyObject<'py> for Limit {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Limit::Auto => "auto".into_pyobject(py)?.into_any(),
            Limit::At(n) => n.into_pyobject(py)?.into_any(),
            Limit::Unlimited => py.None().into_bound(py),
        })
    }
}

/// Inputs shorter than this many bytes are parsed (or sanitized) with the GIL held: the work
/// takes a few microseconds, and releasing and retaking the GIL costs about 600 instructions,
/// 4% of a call on `<p>x</p>`.
pub(crate) const HOLD_GIL_BELOW: usize = 256;

/// `f()` with the GIL released, unless the input is shorter than [`HOLD_GIL_BELOW`] bytes.
pub(crate) fn released<T, F>(py: Python<'_>, input_len: usize, f: F) -> T
where
    F: pyo3::marker::Ungil + FnOnce() -> T,
    T: pyo3::marker::Ungil,
{
    if input_len < HOLD_GIL_BELOW {
        f()
    } else {
        py.allow_threads(f)
    }
}

/// The default depth limit: Chromium's.
pub(crate) const DEFAULT_MAX_DEPTH: usize = h::ResourceLimits::DEFAULT_MAX_DEPTH;

/// The resource limits for an input of `len` bytes ([`h::ResourceLimits::for_input`]): the
/// node budget (default 64 Ki plus 16 per input byte), the depth beyond which elements
/// become siblings (default 512), and the clone budget (64 Ki plus one per 2 input bytes),
/// which goes with the node budget: `max_nodes=None` lifts both.
pub(crate) fn limits(max_nodes: Limit, max_depth: Limit, len: usize) -> h::ResourceLimits {
    let defaults = h::ResourceLimits::for_input(len);
    let pick = |l: Limit, auto: Option<usize>| match l {
        Limit::Auto => auto,
        Limit::At(n) => Some(n),
        Limit::Unlimited => None,
    };
    h::ResourceLimits {
        max_nodes: pick(max_nodes, defaults.max_nodes),
        max_tree_depth: pick(max_depth, defaults.max_tree_depth),
        max_clones: match max_nodes {
            Limit::Unlimited => None,
            _ => defaults.max_clones,
        },
        ..defaults
    }
}

/// How to lift the node and clone budgets, for the messages of `ResourceLimitError`.
pub(crate) const LIFT_LIMITS: &str =
    "pass a larger max_nodes, or max_nodes=None to build it whole (lifts the clone limit too)";

/// `ResourceLimitError` when the node or clone budget stopped the parse.
pub(crate) fn check_node_limit(doc: &h::Document, limits: &h::ResourceLimits) -> PyResult<()> {
    limit_error(doc.limits_reached(), limits, "")
}

/// `ResourceLimitError` when `reached` says a budget stopped the parse (`what`: what was not
/// done, e.g. " and was not checked whole").
pub(crate) fn limit_error(
    reached: h::LimitsReached,
    limits: &h::ResourceLimits,
    what: &str,
) -> PyResult<()> {
    if let Some(reason) = reached.stop_reason(limits) {
        return Err(ResourceLimitError::new_err(format!(
            "the document reached {reason}{what}: crafted markup can make the parser build a \
             number of nodes that grows as the square of its size; {LIFT_LIMITS}"
        )));
    }
    Ok(())
}

/// Adjacent malformed byte sequences as one `(offset, length)` range each.
fn merged_ranges(errors: &[websyntax::encoding::DecodeError]) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = Vec::new();
    for e in errors {
        let len = u64::from(e.length);
        match out.last_mut() {
            Some((start, l)) if *start + *l == e.offset => *l += len,
            _ => out.push((e.offset, len)),
        }
    }
    out
}

/// What was parsed: a whole document or a fragment.
enum Tree {
    Document(h::Document),
    Fragment(h::Fragment),
}

/// The parsed data shared (read-only) by a `Document` and its `Node`s.
struct Inner {
    tree: Tree,
    /// The document node, or the fragment's root element.
    root: NodeId,
    /// `None` when the input was `str` (no decoding involved).
    encoding: Option<Encoding>,
    confidence: &'static str,
    why: String,
    /// Each run of adjacent malformed byte sequences: `(offset, length)`.
    decode_errors: Vec<(u64, u64)>,
    /// The document's URL, when the caller gave it.
    url: Option<websyntax::url::Url>,
}

impl Inner {
    fn doc(&self) -> &h::Document {
        match &self.tree {
            Tree::Document(d) => d,
            Tree::Fragment(f) => &f.document,
        }
    }
}

/// A parsed HTML document (or fragment). Immutable: safe to share between threads.
#[pyclass(frozen, module = "websyntax", name = "Document")]
pub struct Document {
    inner: Arc<Inner>,
    /// How to parse it again (pickling).
    state: Recipe,
}

/// How a [`Document`] is parsed again when unpickled: the call that made it.
enum Recipe {
    /// `parse(data, **kwargs)`: the arguments as given, made into Python objects only when the
    /// document is pickled (most documents never are, and a parse of a small page would
    /// otherwise spend a quarter of its time building them).
    Parse(Box<ParseArgs>),
    /// A ready `(function name, data, keyword arguments)` tuple.
    Ready(Py<PyTuple>),
}

/// The arguments of a [`parse`] call (its `url` is [`Inner::url`]).
struct ParseArgs {
    data: Py<PyAny>,
    transport_charset: Option<String>,
    encoding: Option<String>,
    default_encoding: Option<String>,
    autodetect: bool,
    scripting: bool,
    max_nodes: Limit,
    max_depth: Limit,
    standard: h::Standard,
}

impl Recipe {
    /// `(function name, data, keyword arguments)`.
    fn tuple<'py>(&self, py: Python<'py>, url: Option<&str>) -> PyResult<Bound<'py, PyTuple>> {
        let a = match self {
            Recipe::Ready(t) => return Ok(t.bind(py).clone()),
            Recipe::Parse(a) => a,
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("transport_charset", a.transport_charset.as_deref())?;
        kwargs.set_item("encoding", a.encoding.as_deref())?;
        kwargs.set_item("default_encoding", a.default_encoding.as_deref())?;
        kwargs.set_item("autodetect", a.autodetect)?;
        kwargs.set_item("scripting", a.scripting)?;
        kwargs.set_item("url", url)?;
        kwargs.set_item("max_nodes", a.max_nodes)?;
        kwargs.set_item("max_depth", a.max_depth)?;
        kwargs.set_item("standard", a.standard.name())?;
        PyTuple::new(
            py,
            [
                "parse".into_pyobject(py)?.into_any(),
                a.data.bind(py).clone(),
                kwargs.into_any(),
            ],
        )
    }
}

/// One node of a [`Document`]. Immutable; keeps its document alive.
#[pyclass(frozen, module = "websyntax", name = "Node")]
pub struct Node {
    doc: Py<Document>,
    inner: Arc<Inner>,
    id: NodeId,
}

/// A parse error: the spec's code and where it happened in the decoded input.
#[pyclass(frozen, module = "websyntax", name = "ParseError", eq, hash)]
#[derive(PartialEq, Eq, Hash, Clone)]
pub struct ParseError {
    /// The error code, e.g. `"eof-in-tag"` (see docs/html-errors.md).
    #[pyo3(get)]
    code: String,
    /// Byte offset in the input (the bytes as given, or the UTF-8 of a `str`).
    #[pyo3(get)]
    offset: usize,
    /// 1-based line.
    #[pyo3(get)]
    line: usize,
    /// 1-based column (UTF-16 code units, as html5lib-tests counts).
    #[pyo3(get)]
    column: usize,
}

#[pymethods]
impl ParseError {
    #[new]
    fn new(code: String, offset: usize, line: usize, column: usize) -> Self {
        ParseError {
            code,
            offset,
            line,
            column,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "ParseError(code={:?}, offset={}, line={}, column={})",
            self.code, self.offset, self.line, self.column
        )
    }

    fn __str__(&self) -> String {
        format!("{}:{}: {}", self.line, self.column, self.code)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, PyObject)> {
        let py = slf.py();
        let e = slf.get();
        let args = (e.code.clone(), e.offset, e.line, e.column).into_pyobject(py)?;
        Ok((slf.get_type().into_any(), args.into_any().unbind()))
    }
}

/// The input of `parse`: bytes (decoded by the byte-stream pipeline) or text.
enum Input<'py> {
    Bytes(Bound<'py, PyBytes>),
    Owned(Vec<u8>),
    /// Borrowed as UTF-8 from the `str` (no copy).
    Text(Bound<'py, PyString>),
}

/// An [`Input`]'s content, borrowed.
#[derive(Clone, Copy)]
enum Source<'a> {
    Bytes(&'a [u8]),
    Text(&'a str),
}

fn input<'py>(data: &Bound<'py, PyAny>) -> PyResult<Input<'py>> {
    if let Ok(b) = data.downcast::<PyBytes>() {
        Ok(Input::Bytes(b.clone()))
    } else if let Ok(s) = data.downcast::<PyString>() {
        Ok(Input::Text(s.clone()))
    } else if let Ok(b) = data.downcast::<PyByteArray>() {
        Ok(Input::Owned(b.to_vec()))
    } else if let Ok(v) = data.extract::<Vec<u8>>() {
        Ok(Input::Owned(v))
    } else {
        Err(PyTypeError::new_err(format!(
            "parse() takes bytes or str, not {}",
            data.get_type().name()?
        )))
    }
}

fn parse_bytes(py: Python<'_>, bytes: &[u8], options: DocumentParserOptions) -> Inner {
    let parsed = released(py, bytes.len(), || parse_document_bytes(bytes, options));
    let why = parsed.why();
    Inner {
        root: NodeId::DOCUMENT,
        encoding: Some(parsed.encoding),
        confidence: confidence_str(parsed.confidence),
        why,
        decode_errors: merged_ranges(&parsed.decode_errors),
        tree: Tree::Document(parsed.document),
        url: None,
    }
}

fn confidence_str(c: h::sniff::Confidence) -> &'static str {
    match c {
        h::sniff::Confidence::Tentative => "tentative",
        h::sniff::Confidence::Certain => "certain",
        h::sniff::Confidence::Irrelevant => "irrelevant",
    }
}

/// Parses an HTML document, as a browser does.
///
/// ``data`` is ``bytes`` (or ``bytearray``), decoded by the HTML Standard's byte-stream
/// pipeline: a BOM, then ``transport_charset`` (the HTTP ``Content-Type`` charset), then a
/// ``<meta charset>`` in the first 1024 bytes, then autodetection from the bytes (as browsers
/// do for a page that declares nothing; ``autodetect=False`` gives the standard's plain
/// default, windows-1252 or ``default_encoding``). ``encoding`` forces an encoding (the
/// user's override). A ``str`` is parsed as it is (no decoding).
///
/// ``url`` is the document's URL (``str`` or :class:`URL`): the fallback base URL of
/// :meth:`Document.links` and :meth:`Document.base_url`, available as :attr:`Document.url`.
///
/// ``standard`` picks the HTML and URL Standards followed: ``"seed"`` (the default, the text
/// this version pins, for reproducible output) or ``"living"`` (today's WHATWG Living
/// Standards, e.g. customizable ``<select>``, as current browsers parse).
///
/// Limits, for untrusted input: ``max_nodes`` (default ``"auto"``: 64 Ki plus 16 per input
/// byte; ``None``: no limit) stops a document that builds more nodes and raises
/// :class:`ResourceLimitError`; ``max_depth`` (default 512, as Chromium) places elements
/// nested deeper as siblings instead of children (nothing is dropped;
/// :attr:`Document.limits_reached` then says ``["depth"]``; ``None`` gives the standard's
/// tree at any depth).
///
/// The GIL is released while parsing (inputs of 256 bytes and more).
///
/// >>> import websyntax
/// >>> doc = websyntax.parse("<title>Café – menu</title><p>Hi".encode())
/// >>> doc.encoding, doc.title
/// ('UTF-8', 'Café – menu')
/// >>> websyntax.parse("<title>Café</title>".encode(), autodetect=False).title
/// 'CafÃ©'
/// >>> doc = websyntax.parse(b"<a href=b.html>b</a>", url="https://example.org/a/")
/// >>> doc.links()[0]["url"]
/// 'https://example.org/a/b.html'
#[pyfunction]
#[pyo3(
    signature = (data, *, transport_charset=None, encoding=None, default_encoding=None, autodetect=true, scripting=true, url=None, max_nodes=Limit::Auto, max_depth=Limit::At(DEFAULT_MAX_DEPTH), standard="seed"),
    text_signature = "(data, *, transport_charset=None, encoding=None, default_encoding=None, autodetect=True, scripting=True, url=None, max_nodes='auto', max_depth=512, standard='seed')"
)]
#[allow(clippy::too_many_arguments)]
pub fn parse(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    transport_charset: Option<&str>,
    encoding: Option<&str>,
    default_encoding: Option<&str>,
    autodetect: bool,
    scripting: bool,
    url: Option<&Bound<'_, PyAny>>,
    max_nodes: Limit,
    max_depth: Limit,
    standard: &str,
) -> PyResult<Document> {
    let standard = standard_arg(standard)?;
    let mut options = parser_options(
        transport_charset,
        encoding,
        default_encoding,
        autodetect,
        scripting,
    )?;
    let document_url = crate::query::document_url(url)?;
    let input = input(data)?;
    // The input's bytes or, for a `str`, its UTF-8 (read once).
    let source = match &input {
        Input::Bytes(b) => Source::Bytes(b.as_bytes()),
        Input::Owned(v) => Source::Bytes(v),
        Input::Text(s) => Source::Text(s.to_str()?),
    };
    let len = match source {
        Source::Bytes(b) => b.len(),
        Source::Text(s) => s.len(),
    };
    options.parse.limits = limits(max_nodes, max_depth, len);
    options.parse.standard = standard;
    let mut inner = match source {
        Source::Bytes(b) => parse_bytes(py, b, options.clone()),
        Source::Text(s) => {
            let parse = options.parse;
            let doc = released(py, s.len(), || h::parse_document(s, parse));
            Inner {
                tree: Tree::Document(doc),
                root: NodeId::DOCUMENT,
                encoding: None,
                confidence: "irrelevant",
                why: "input was str".to_owned(),
                decode_errors: Vec::new(),
                url: None,
            }
        }
    };
    check_node_limit(inner.doc(), &options.parse.limits)?;
    inner.url = document_url;
    let state = Recipe::Parse(Box::new(ParseArgs {
        data: data.clone().unbind(),
        transport_charset: transport_charset.map(str::to_owned),
        encoding: encoding.map(str::to_owned),
        default_encoding: default_encoding.map(str::to_owned),
        autodetect,
        scripting,
        max_nodes,
        max_depth,
        standard,
    }));
    Ok(Document {
        inner: Arc::new(inner),
        state,
    })
}

/// Parses an HTML fragment in the context of an element, as ``element.innerHTML = html``
/// does. ``context`` is an HTML local name (``"td"``), or ``"svg NAME"`` / ``"math NAME"``;
/// a bare ``"svg"`` or ``"math"`` (any case) raises ``ValueError`` naming ``context``: write
/// ``"svg svg"`` or ``"math math"`` for the SVG or MathML root element.
/// The limits are :func:`parse`'s.
///
/// >>> import websyntax
/// >>> frag = websyntax.parse_fragment("<td>a<td>b", "tr")
/// >>> [n.text() for n in frag.css("td")]
/// ['a', 'b']
#[pyfunction]
#[pyo3(
    signature = (html, context="body", *, scripting=true, max_nodes=Limit::Auto, max_depth=Limit::At(DEFAULT_MAX_DEPTH), standard="seed"),
    text_signature = "(html, context='body', *, scripting=True, max_nodes='auto', max_depth=512, standard='seed')"
)]
pub fn parse_fragment(
    py: Python<'_>,
    html: &str,
    context: &str,
    scripting: bool,
    max_nodes: Limit,
    max_depth: Limit,
    standard: &str,
) -> PyResult<Document> {
    let standard = standard_arg(standard)?;
    // The library's one rule (a bare `svg` or `math` is refused as ambiguous) and its words.
    let ctx: Context = context
        .parse()
        .map_err(|e| PyValueError::new_err(format!("context: {e}")))?;
    let options = ParseOptions {
        scripting,
        limits: limits(max_nodes, max_depth, html.len()),
        standard,
        ..ParseOptions::default()
    };
    let fragment = released(py, html.len(), || h::parse_fragment(html, &ctx, options));
    check_node_limit(&fragment.document, &options.limits)?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("context", context)?;
    kwargs.set_item("scripting", scripting)?;
    kwargs.set_item("max_nodes", max_nodes)?;
    kwargs.set_item("max_depth", max_depth)?;
    kwargs.set_item("standard", standard.name())?;
    str_document(
        py,
        "parse_fragment",
        html,
        kwargs,
        fragment.root,
        Tree::Fragment(fragment),
    )
}

/// The [`Document`] of `html` parsed (as a ``str``) with `scripting` and `standard`, for a
/// function that makes a document string (``parse_html(..., as_document=True)``); it pickles as
/// ``parse(html, scripting=..., standard=...)``.
pub(crate) fn document_from_str(
    py: Python<'_>,
    html: String,
    scripting: bool,
    standard: h::Standard,
) -> PyResult<Document> {
    let parse = h::ParseOptions {
        scripting,
        standard,
        ..h::ParseOptions::default()
    };
    let doc = released(py, html.len(), || h::parse_document(&html, parse));
    let kwargs = PyDict::new(py);
    kwargs.set_item("scripting", scripting)?;
    kwargs.set_item("max_nodes", Option::<usize>::None)?;
    kwargs.set_item("max_depth", Option::<usize>::None)?;
    kwargs.set_item("standard", standard.name())?;
    str_document(
        py,
        "parse",
        &html,
        kwargs,
        NodeId::DOCUMENT,
        Tree::Document(doc),
    )
}

/// The [`Document`] of a tree parsed from a ``str``, pickled as ``function(html, **kwargs)``.
fn str_document(
    py: Python<'_>,
    function: &str,
    html: &str,
    kwargs: Bound<'_, PyDict>,
    root: NodeId,
    tree: Tree,
) -> PyResult<Document> {
    let state = PyTuple::new(
        py,
        [
            function.into_pyobject(py)?.into_any(),
            html.into_pyobject(py)?.into_any(),
            kwargs.into_any(),
        ],
    )?;
    Ok(Document {
        inner: Arc::new(Inner {
            root,
            tree,
            encoding: None,
            confidence: "irrelevant",
            why: "input was str".to_owned(),
            decode_errors: Vec::new(),
            url: None,
        }),
        state: Recipe::Ready(state.unbind()),
    })
}

pub(crate) fn node(doc: &Bound<'_, Document>, id: NodeId) -> Node {
    Node {
        doc: doc.clone().unbind(),
        inner: doc.get().inner.clone(),
        id,
    }
}

fn opt_node(doc: &Bound<'_, Document>, id: Option<NodeId>) -> Option<Node> {
    id.map(|id| node(doc, id))
}

/// The elements whose readable text is skipped (docs/select.md); asked directly, they give
/// their own text.
fn skips_own_text(d: &h::Document, id: NodeId) -> bool {
    d.namespace(id) == Some(Namespace::Html)
        && (matches!(
            d.local_name(id),
            Some(
                "head"
                    | "script"
                    | "style"
                    | "template"
                    | "title"
                    | "iframe"
                    | "datalist"
                    | "rp"
                    | "noscript"
            )
        ) || d.attribute(id, "hidden").is_some())
}

/// `Document.text` / `Node.text` (see their docs).
fn node_text(
    d: &h::Document,
    id: NodeId,
    deep: bool,
    separator: Option<&str>,
    strip: bool,
) -> String {
    if separator.is_none() && !strip && deep {
        if skips_own_text(d, id) {
            let content = match d.template_contents(id) {
                Some(c) => d.text_content(c),
                None => d.text_content(id),
            };
            return strip_and_collapse(&content);
        }
        return d.readable_text(id);
    }
    let separator = separator.unwrap_or("");
    let mut out = String::new();
    let mut first = true;
    let mut push = |t: &str| {
        let t = if strip { t.trim() } else { t };
        if strip && t.is_empty() {
            return;
        }
        if !first {
            out.push_str(separator);
        }
        first = false;
        out.push_str(t);
    };
    if deep {
        for n in d.descendants(id) {
            if let Some(t) = d.text(n) {
                push(t);
            }
        }
    } else {
        for n in d.children(id) {
            if let Some(t) = d.text(n) {
                push(t);
            }
        }
    }
    out
}

/// `css_first` of a document or node: the first match below `scope`, `default` when none,
/// `ValueError` with `strict` when there are several.
fn css_first_in(
    py: Python<'_>,
    d: &h::Document,
    scope: NodeId,
    query: &Bound<'_, PyAny>,
    default: Option<PyObject>,
    strict: bool,
    make: impl Fn(NodeId) -> Node,
) -> PyResult<PyObject> {
    let sel = crate::query::selector_arg(query)?;
    let ids = crate::query::select_ids(d, scope, sel.get());
    if strict && ids.len() > 1 {
        return Err(PyValueError::new_err(format!(
            "css_first(strict=True): {} elements match",
            ids.len()
        )));
    }
    match ids.first() {
        Some(&id) => Ok(make(id).into_pyobject(py)?.into_any().unbind()),
        None => Ok(default.unwrap_or_else(|| py.None())),
    }
}

/// The first HTML element child of `parent` named `name`.
fn html_child(d: &h::Document, parent: NodeId, names: &[&str]) -> Option<NodeId> {
    d.children(parent).find(|&c| {
        d.namespace(c) == Some(Namespace::Html)
            && d.local_name(c).is_some_and(|n| names.contains(&n))
    })
}

/// "Strip and collapse ASCII whitespace".
fn strip_and_collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s
        .split(['\t', '\n', '\x0C', '\r', ' '])
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

impl Document {
    /// The parsed tree, its root and the document's encoding, for `crate::extract`.
    pub(crate) fn extract_view(
        &self,
    ) -> (
        &h::Document,
        NodeId,
        Option<Encoding>,
        Option<&websyntax::url::Url>,
    ) {
        (
            self.inner.doc(),
            self.inner.root,
            self.inner.encoding,
            self.inner.url.as_ref(),
        )
    }
}

#[pymethods]
impl Document {
    /// The encoding the bytes were decoded with (its WHATWG name), or `None` for `str` input.
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        self.inner.encoding.map(Encoding::name)
    }

    /// `"certain"`, `"tentative"` or `"irrelevant"` (str input).
    #[getter]
    fn confidence(&self) -> &'static str {
        self.inner.confidence
    }

    /// Why that encoding: the sniffing step (`"transport-layer charset"`, `"meta prescan"`, …)
    /// or the `<meta>` change.
    #[getter]
    fn why(&self) -> &str {
        &self.inner.why
    }

    /// The parse errors, in order.
    #[getter]
    fn errors(&self) -> Vec<ParseError> {
        self.inner
            .doc()
            .errors()
            .iter()
            .map(|e| ParseError {
                code: e.code.to_owned(),
                offset: e.position.offset,
                line: e.position.line,
                column: e.position.column,
            })
            .collect()
    }

    /// Where the bytes were malformed for the encoding: each run of adjacent malformed byte
    /// sequences as one ``(byte offset, length in bytes)``; each sequence became one U+FFFD.
    #[getter]
    fn decode_errors(&self) -> Vec<(u64, u64)> {
        self.inner.decode_errors.clone()
    }

    /// The document's URL as given to :func:`parse` (``url=``), or ``None``.
    #[getter]
    fn url(&self) -> Option<&str> {
        self.inner.url.as_ref().map(|u| u.href())
    }

    /// Which resource limits changed the tree: a list of ``"depth"`` (elements beyond
    /// ``max_depth`` were placed as siblings) and ``"attributes"``; empty for the HTML
    /// Standard's tree. (A document that reached ``max_nodes`` is never returned:
    /// :func:`parse` raises :class:`ResourceLimitError`.)
    #[getter]
    fn limits_reached(&self) -> Vec<&'static str> {
        let r = self.inner.doc().limits_reached();
        let mut out = Vec::new();
        if r.nodes {
            out.push("nodes");
        }
        if r.tree_depth {
            out.push("depth");
        }
        if r.attributes {
            out.push("attributes");
        }
        if r.clones {
            out.push("clones");
        }
        out
    }

    /// Whether this came from `parse_fragment`.
    #[getter]
    fn is_fragment(&self) -> bool {
        matches!(self.inner.tree, Tree::Fragment(_))
    }

    /// `"no-quirks"`, `"limited-quirks"` or `"quirks"`.
    #[getter]
    fn quirks_mode(&self) -> &'static str {
        match self.inner.doc().quirks_mode {
            QuirksMode::NoQuirks => "no-quirks",
            QuirksMode::LimitedQuirks => "limited-quirks",
            QuirksMode::Quirks => "quirks",
        }
    }

    /// The document node (or, for a fragment, the root whose children are the parsed nodes).
    #[getter]
    fn root(slf: &Bound<'_, Self>) -> Node {
        node(slf, slf.get().inner.root)
    }

    /// The `html` element (the document element), if any.
    #[getter]
    fn html(slf: &Bound<'_, Self>) -> Option<Node> {
        let inner = &slf.get().inner;
        if matches!(inner.tree, Tree::Fragment(_)) {
            return None;
        }
        opt_node(slf, inner.doc().document_element())
    }

    /// The `head` element (the first `head` child of the `html` element), if any.
    #[getter]
    fn head(slf: &Bound<'_, Self>) -> Option<Node> {
        let d = slf.get().inner.doc();
        let html = d.document_element()?;
        opt_node(slf, html_child(d, html, &["head"]))
    }

    /// The body: the first `body` or `frameset` child of the `html` element, if any.
    #[getter]
    fn body(slf: &Bound<'_, Self>) -> Option<Node> {
        let d = slf.get().inner.doc();
        let html = d.document_element()?;
        opt_node(slf, html_child(d, html, &["body", "frameset"]))
    }

    /// The document's title as the DOM's `document.title` gives it (the first `title`
    /// element's text, whitespace stripped and collapsed), or `None` without a `title`.
    #[getter]
    fn title(&self) -> Option<String> {
        self.inner.doc().title()
    }

    /// The first HTML element named `tag` in tree order, or `None`.
    fn find(slf: &Bound<'_, Self>, tag: &str) -> Option<Node> {
        opt_node(slf, slf.get().inner.doc().find_element(tag))
    }

    /// Every HTML element named `tag`, in tree order.
    fn find_all(slf: &Bound<'_, Self>, tag: &str) -> Vec<Node> {
        let d = slf.get().inner.doc();
        d.find_all_elements(tag).map(|id| node(slf, id)).collect()
    }

    /// The HTML serialization of the document (of the nodes, for a fragment).
    fn to_html(&self, py: Python<'_>) -> String {
        let inner = &self.inner;
        py.allow_threads(|| match &inner.tree {
            Tree::Document(d) => d.to_html(),
            Tree::Fragment(f) => f.to_html(),
        })
    }

    /// The concatenated text of every text node (the DOM's `textContent` of the root).
    fn text_content(&self) -> String {
        self.inner.doc().text_content(self.inner.root)
    }

    /// Every element matching the CSS selector (a `str` or `Selector`), in document order.
    /// Raises `ValueError` for an invalid selector. Template contents are not searched.
    fn select(slf: &Bound<'_, Self>, css: &Bound<'_, PyAny>) -> PyResult<Vec<Node>> {
        let sel = crate::query::selector_arg(css)?;
        let inner = &slf.get().inner;
        let ids = crate::query::select_ids(inner.doc(), inner.root, sel.get());
        Ok(ids.into_iter().map(|id| node(slf, id)).collect())
    }

    /// The first element matching the CSS selector, or `None`.
    fn select_first(slf: &Bound<'_, Self>, css: &Bound<'_, PyAny>) -> PyResult<Option<Node>> {
        let sel = crate::query::selector_arg(css)?;
        let inner = &slf.get().inner;
        let first = crate::query::select_ids(inner.doc(), inner.root, sel.get())
            .into_iter()
            .next();
        Ok(opt_node(slf, first))
    }

    /// The document's text.
    ///
    /// By default the readable text: block elements and ``<br>`` separate lines; script,
    /// style, template and ``head`` content skipped; whitespace collapsed (docs/select.md).
    /// With ``separator`` or ``strip`` (selectolax's arguments): every text node of the
    /// document (``deep=False``: of the root's children only), each stripped of whitespace
    /// when ``strip`` (then empty ones are left out), joined with ``separator``.
    ///
    /// >>> import websyntax
    /// >>> doc = websyntax.parse(b"<title>T</title><h1>Hello</h1><p>big <b>world</b>")
    /// >>> doc.text()
    /// 'Hello\n\nbig world'
    /// >>> doc.text(separator="|", strip=True)
    /// 'T|Hello|big|world'
    #[pyo3(signature = (deep=true, separator=None, strip=false))]
    fn text(&self, deep: bool, separator: Option<&str>, strip: bool) -> String {
        node_text(self.inner.doc(), self.inner.root, deep, separator, strip)
    }

    /// The elements matching the CSS selector, in document order: selectolax's name for
    /// :meth:`select`.
    ///
    /// >>> import websyntax
    /// >>> [a.get("href") for a in websyntax.parse(b"<a href=x>1</a><a href=y>2</a>").css("a")]
    /// ['x', 'y']
    fn css(slf: &Bound<'_, Self>, query: &Bound<'_, PyAny>) -> PyResult<Vec<Node>> {
        Self::select(slf, query)
    }

    /// The first element matching the CSS selector, or ``default`` (selectolax's
    /// ``css_first``); with ``strict=True``, ``ValueError`` when more than one matches.
    ///
    /// >>> import websyntax
    /// >>> websyntax.parse(b"<title>Hi</title>").css_first("title").text()
    /// 'Hi'
    #[pyo3(signature = (query, default=None, strict=false))]
    fn css_first(
        slf: &Bound<'_, Self>,
        query: &Bound<'_, PyAny>,
        default: Option<PyObject>,
        strict: bool,
    ) -> PyResult<PyObject> {
        let inner = &slf.get().inner;
        css_first_in(
            slf.py(),
            inner.doc(),
            inner.root,
            query,
            default,
            strict,
            |id| node(slf, id),
        )
    }

    /// The document as Markdown (CommonMark + GFM tables and strikethrough), as
    /// docs/markdown.md describes. `main`: only the main content (the article body).
    /// `base_url` (`str` or `URL`; default: :attr:`url`): the document's own URL, that links
    /// and images resolve against (with `<base href>`). `unsafe_links`: keep links and images
    /// whose URL could run script when the Markdown is rendered (`javascript:`, `vbscript:`,
    /// `data:` other than images' `data:image/*`); by default such a link keeps only its text
    /// and such an image only its alt text. The GIL is released.
    ///
    /// >>> websyntax.parse("<h1>T</h1><p>a <em>b</em>").markdown()
    /// '# T\n\na *b*\n'
    /// >>> websyntax.parse('<a href="javascript:go()">go</a>').markdown()
    /// 'go\n'
    #[pyo3(signature = (main=false, base_url=None, reference_links=false, images=true, unsafe_links=false))]
    fn markdown(
        &self,
        py: Python<'_>,
        main: bool,
        base_url: Option<&Bound<'_, PyAny>>,
        reference_links: bool,
        images: bool,
        unsafe_links: bool,
    ) -> PyResult<String> {
        crate::extract::markdown(
            py,
            self,
            main,
            base_url,
            reference_links,
            images,
            unsafe_links,
        )
    }

    /// The readable text of the main content (the article body, without navigation,
    /// headers, footers, sidebars, comments and ads). The GIL is released.
    fn main_text(&self, py: Python<'_>) -> String {
        crate::extract::main_text(py, self)
    }

    /// The roots of the main content's subtrees (boilerplate inside them is left out of
    /// `main_text()` and `markdown(main=True)`).
    fn main_content(slf: &Bound<'_, Self>) -> Vec<Node> {
        crate::extract::main_content(slf)
    }

    /// Whether the page has a main text, and how clearly: ``{"found": bool, "score":
    /// float}``. ``score`` runs from 0 to 1: the mean of the share of the page's running text
    /// that the main content holds and of how long that text is against a short article (1
    /// from 500 characters on). ``found`` is ``score >= 0.5``; when it is false (a home page, an
    /// index, a page without text) ``main_text()`` and ``markdown(main=True)`` give only the
    /// best-scoring fragment, seldom what a reader wants. The GIL is released.
    ///
    /// >>> websyntax.parse("<ul><li><a href=/a>A</a><li><a href=/b>B</a></ul>").main_found()
    /// {'found': False, 'score': 0.0}
    fn main_found<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::extract::main_found(py, self)
    }

    /// HTML's document base URL: the first `<base href>` resolved against `document_url`
    /// (a `str` or `URL`; default: :attr:`url`), else `document_url`; `None` when there is
    /// neither.
    #[pyo3(signature = (document_url=None))]
    fn base_url(&self, document_url: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
        let url = crate::query::document_url(document_url)?.or_else(|| self.inner.url.clone());
        let enc = self.inner.encoding.unwrap_or(Encoding::UTF_8);
        Ok(self
            .inner
            .doc()
            .base_url_with_encoding(url.as_ref(), enc)
            .map(|u| u.href().to_owned()))
    }

    /// Every URL in a URL-bearing attribute (each `srcset` candidate apart), resolved against
    /// the document base URL (whose fallback is ``document_url``, default :attr:`url`) with
    /// the document's encoding as the query encoding, in document order: a list of
    /// :class:`Link` (fields ``element``, ``attr``, ``raw``, ``span``, ``url``, ``error``,
    /// ``errors``, ``obsolete``; read as attributes, ``link.url``, or as keys,
    /// ``link["url"]``). An empty form ``action``/``formaction`` is the document's URL, as
    /// form submission uses it; a ``data:`` or ``javascript:`` ``<base href>`` is ignored.
    #[pyo3(signature = (document_url=None))]
    fn links<'py>(
        slf: &Bound<'py, Self>,
        document_url: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Vec<crate::links::Link>> {
        let py = slf.py();
        let inner = &slf.get().inner;
        let url = crate::query::document_url(document_url)?.or_else(|| inner.url.clone());
        let enc = inner.encoding.unwrap_or(Encoding::UTF_8);
        let links = inner.doc().links(url.as_ref(), enc);
        let mut out = Vec::with_capacity(links.len());
        // Attribute names repeat (a few distinct ones per page): each is made into a Python
        // string once per call.
        let mut attr_names: Vec<(&str, Py<PyString>)> = Vec::new();
        for link in links {
            let attr = match attr_names.iter().find(|(n, _)| *n == link.attr) {
                Some((_, s)) => s.clone_ref(py),
                None => {
                    let s = PyString::new(py, link.attr).unbind();
                    attr_names.push((link.attr, s.clone_ref(py)));
                    s
                }
            };
            out.push(crate::links::Link::new(slf, link, attr));
        }
        Ok(out)
    }

    /// The number of nodes.
    fn __len__(&self) -> usize {
        self.inner.doc().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<websyntax.Document {} nodes, encoding={}, why={:?}>",
            self.inner.doc().len(),
            self.inner.encoding.map_or("None", Encoding::name),
            self.inner.why
        )
    }

    /// Pickles as the input and options; unpickling parses again.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(PyObject, PyObject)> {
        let module = py.import("websyntax._native")?;
        let f = module.getattr("_unpickle_document")?;
        Ok((
            f.unbind(),
            (self
                .state
                .tuple(py, self.inner.url.as_ref().map(|u| u.href()))?,)
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        ))
    }
}

/// Re-parses a pickled `Document`.
#[pyfunction]
fn _unpickle_document(py: Python<'_>, state: &Bound<'_, PyTuple>) -> PyResult<PyObject> {
    let (func, data, kwargs): (String, Bound<'_, PyAny>, Bound<'_, PyDict>) = state.extract()?;
    let module = py.import("websyntax._native")?;
    module
        .getattr(func.as_str())?
        .call((data,), Some(&kwargs))
        .map(Bound::unbind)
}

/// Finds node number `index` of a re-parsed pickled document.
#[pyfunction]
fn _unpickle_node(doc: &Bound<'_, Document>, index: usize) -> PyResult<Node> {
    let id = doc
        .get()
        .inner
        .doc()
        .node_ids()
        .nth(index)
        .ok_or_else(|| PyValueError::new_err("node index out of range"))?;
    Ok(node(doc, id))
}

impl Node {
    fn d(&self) -> &h::Document {
        self.inner.doc()
    }

    fn make(&self, py: Python<'_>, id: NodeId) -> Node {
        Node {
            doc: self.doc.clone_ref(py),
            inner: self.inner.clone(),
            id,
        }
    }

    fn make_opt(&self, py: Python<'_>, id: Option<NodeId>) -> Option<Node> {
        id.map(|id| self.make(py, id))
    }
}

/// `(name, value, span, value_span)` of one attribute.
type AttributeSpans = (
    String,
    String,
    Option<(usize, usize)>,
    Option<(usize, usize)>,
);

fn span(s: Option<h::Span>) -> Option<(usize, usize)> {
    s.map(|s| (s.start, s.end))
}

#[pymethods]
impl Node {
    /// `"document"`, `"fragment"`, `"doctype"`, `"element"`, `"text"`, `"comment"`,
    /// `"processing-instruction"` (``standard="living"`` only) or `"shadow-root"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.d().kind(self.id) {
            NodeKind::Document => "document",
            NodeKind::Fragment => "fragment",
            NodeKind::Doctype => "doctype",
            NodeKind::Element => "element",
            NodeKind::Text => "text",
            NodeKind::Comment => "comment",
            NodeKind::ProcessingInstruction => "processing-instruction",
            NodeKind::ShadowRoot => "shadow-root",
        }
    }

    /// The element's local name (lower-case for HTML elements), or `None`.
    #[getter]
    fn tag(&self) -> Option<&str> {
        self.d().local_name(self.id)
    }

    /// The element's namespace URL (`http://www.w3.org/1999/xhtml` for HTML), or `None`.
    #[getter]
    fn namespace(&self) -> Option<&'static str> {
        self.d().namespace(self.id).map(Namespace::url)
    }

    /// The attributes as a `dict` (qualified name → value, in source order).
    #[getter]
    fn attrs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for a in self.d().attrs(self.id) {
            dict.set_item(a.qualified_name().as_ref(), a.value())?;
        }
        Ok(dict)
    }

    /// The value of attribute `name` (no namespace), or `default`.
    #[pyo3(signature = (name, default=None))]
    fn get(&self, py: Python<'_>, name: &str, default: Option<PyObject>) -> PyResult<PyObject> {
        match self.d().attribute(self.id, name) {
            Some(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
            None => Ok(default.unwrap_or_else(|| py.None())),
        }
    }

    /// Each attribute's `(name, value, span, value_span)`; spans are `None` when unknown.
    fn attribute_spans(&self) -> Vec<AttributeSpans> {
        self.d()
            .attrs(self.id)
            .map(|a| {
                (
                    a.qualified_name().into_owned(),
                    a.value().to_owned(),
                    span(a.span()),
                    span(a.value_span()),
                )
            })
            .collect()
    }

    /// A text node's or comment's data, else `None`.
    #[getter]
    fn data(&self) -> Option<&str> {
        self.d().text(self.id).or_else(|| self.d().comment(self.id))
    }

    /// A DOCTYPE's `(name, public_id, system_id)`, else `None`.
    #[getter]
    fn doctype(&self) -> Option<(String, String, String)> {
        match self.d().data(self.id) {
            NodeData::Doctype(dt) => {
                Some((dt.name.clone(), dt.public_id.clone(), dt.system_id.clone()))
            }
            _ => None,
        }
    }

    /// The concatenated text of the text-node descendants (the DOM's `textContent`).
    fn text_content(&self) -> String {
        self.d().text_content(self.id)
    }

    /// The elements below this node matching the CSS selector (`:scope` is this node).
    fn select(&self, py: Python<'_>, css: &Bound<'_, PyAny>) -> PyResult<Vec<Node>> {
        let sel = crate::query::selector_arg(css)?;
        Ok(self
            .d()
            .select_in(self.id, sel.get())
            .map(|id| self.make(py, id))
            .collect())
    }

    /// The first element below this node matching the CSS selector, or `None`.
    fn select_first(&self, py: Python<'_>, css: &Bound<'_, PyAny>) -> PyResult<Option<Node>> {
        let sel = crate::query::selector_arg(css)?;
        let first = self.d().select_in(self.id, sel.get()).next();
        Ok(self.make_opt(py, first))
    }

    /// Whether this element matches the CSS selector.
    ///
    /// Each call starts afresh. To keep the elements of a page that match, use
    /// :meth:`css` (one query): calling ``matches`` on every element costs a pass over the
    /// whole tree per call when a ``:has()`` sits outside the selector's last compound
    /// (``li:has(~ li) a``).
    fn matches(&self, css: &Bound<'_, PyAny>) -> PyResult<bool> {
        let sel = crate::query::selector_arg(css)?;
        Ok(self.d().matches(self.id, sel.get()))
    }

    /// The nearest inclusive ancestor element matching the CSS selector, or `None`.
    fn closest(&self, py: Python<'_>, css: &Bound<'_, PyAny>) -> PyResult<Option<Node>> {
        let sel = crate::query::selector_arg(css)?;
        Ok(self.make_opt(py, self.d().closest(self.id, sel.get())))
    }

    /// The node's text: :meth:`Document.text` of this subtree, with the same arguments.
    /// An element whose content readable text skips (``title``, ``script``, ``style``,
    /// ``template``, ``head``, ``hidden`` …) gives its own text when asked directly.
    ///
    /// >>> import websyntax
    /// >>> doc = websyntax.parse(b"<title> My  page </title><ul><li>a<li>b</ul>")
    /// >>> doc.css_first("title").text(), doc.css_first("ul").text()
    /// ('My page', 'a\nb')
    /// >>> doc.css_first("ul").text(separator=",")
    /// 'a,b'
    #[pyo3(signature = (deep=true, separator=None, strip=false))]
    fn text(&self, deep: bool, separator: Option<&str>, strip: bool) -> String {
        node_text(self.d(), self.id, deep, separator, strip)
    }

    /// The elements below this node matching the CSS selector (selectolax's name for
    /// :meth:`select`).
    fn css(&self, py: Python<'_>, query: &Bound<'_, PyAny>) -> PyResult<Vec<Node>> {
        self.select(py, query)
    }

    /// The first element below this node matching the CSS selector, or ``default``; with
    /// ``strict=True``, ``ValueError`` when more than one matches (selectolax's
    /// ``css_first``).
    #[pyo3(signature = (query, default=None, strict=false))]
    fn css_first(
        &self,
        py: Python<'_>,
        query: &Bound<'_, PyAny>,
        default: Option<PyObject>,
        strict: bool,
    ) -> PyResult<PyObject> {
        css_first_in(py, self.d(), self.id, query, default, strict, |id| {
            self.make(py, id)
        })
    }

    /// The attributes as a ``dict`` (selectolax's name for :attr:`attrs`).
    #[getter]
    fn attributes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.attrs(py)
    }

    /// The node's HTML serialization (``outerHTML``; selectolax's ``html``).
    #[getter]
    fn html(&self) -> String {
        self.to_html()
    }

    /// The node's HTML serialization (`outerHTML`).
    fn to_html(&self) -> String {
        self.d().outer_html(self.id)
    }

    /// The serialization of the children (`innerHTML`).
    fn inner_html(&self) -> String {
        self.d().inner_html(self.id)
    }

    /// The parent node, or `None`.
    #[getter]
    fn parent(&self, py: Python<'_>) -> Option<Node> {
        self.make_opt(py, self.d().parent(self.id))
    }

    /// The child nodes, in order.
    #[getter]
    fn children(&self, py: Python<'_>) -> Vec<Node> {
        self.d()
            .children(self.id)
            .map(|c| self.make(py, c))
            .collect()
    }

    /// The child elements, in order.
    #[getter]
    fn element_children(&self, py: Python<'_>) -> Vec<Node> {
        let d = self.d();
        d.children(self.id)
            .filter(|&c| d.is_element(c))
            .map(|c| self.make(py, c))
            .collect()
    }

    #[getter]
    fn first_child(&self, py: Python<'_>) -> Option<Node> {
        self.make_opt(py, self.d().first_child(self.id))
    }

    #[getter]
    fn last_child(&self, py: Python<'_>) -> Option<Node> {
        self.make_opt(py, self.d().last_child(self.id))
    }

    #[getter]
    fn next_sibling(&self, py: Python<'_>) -> Option<Node> {
        self.make_opt(py, self.d().next_sibling(self.id))
    }

    #[getter]
    fn prev_sibling(&self, py: Python<'_>) -> Option<Node> {
        self.make_opt(py, self.d().prev_sibling(self.id))
    }

    /// The ancestors, nearest first.
    fn ancestors(&self, py: Python<'_>) -> Vec<Node> {
        self.d()
            .ancestors(self.id)
            .map(|c| self.make(py, c))
            .collect()
    }

    /// The descendants in tree order (not including this node).
    fn descendants(&self, py: Python<'_>) -> Vec<Node> {
        self.d()
            .descendants(self.id)
            .filter(|&c| c != self.id)
            .map(|c| self.make(py, c))
            .collect()
    }

    /// A `template` element's contents (a fragment node), else `None`.
    #[getter]
    fn template_contents(&self, py: Python<'_>) -> Option<Node> {
        self.make_opt(py, self.d().template_contents(self.id))
    }

    /// The node's source span `(start, end)` in bytes of the input, or `None` when unknown.
    #[getter]
    fn span(&self) -> Option<(usize, usize)> {
        span(self.d().span(self.id))
    }

    /// The element's start tag span, or `None`.
    #[getter]
    fn start_tag_span(&self) -> Option<(usize, usize)> {
        span(self.d().start_tag_span(self.id))
    }

    /// The element's end tag span, or `None` (no end tag in the source).
    #[getter]
    fn end_tag_span(&self) -> Option<(usize, usize)> {
        span(self.d().end_tag_span(self.id))
    }

    /// The document this node belongs to.
    #[getter]
    fn document(&self, py: Python<'_>) -> Py<Document> {
        self.doc.clone_ref(py)
    }

    /// The node's index in its document (stable across pickling).
    #[getter]
    fn index(&self) -> usize {
        self.id.index()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<Node>()
            .is_ok_and(|o| Arc::ptr_eq(&o.get().inner, &self.inner) && o.get().id == self.id)
    }

    fn __hash__(&self) -> u64 {
        (Arc::as_ptr(&self.inner) as usize as u64).wrapping_mul(31) ^ self.id.index() as u64
    }

    fn __repr__(&self) -> String {
        let d = self.d();
        match d.kind(self.id) {
            NodeKind::Element => format!("<Node element {}>", d.local_name(self.id).unwrap_or("")),
            NodeKind::Text | NodeKind::Comment => {
                let data: String = self.data().unwrap_or("").chars().take(30).collect();
                format!("<Node {} {:?}>", self.kind(), data)
            }
            _ => format!("<Node {}>", self.kind()),
        }
    }

    /// Pickles as its document (which re-parses) and its index.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(PyObject, PyObject)> {
        let f = py.import("websyntax._native")?.getattr("_unpickle_node")?;
        let args = (self.doc.clone_ref(py), self.id.index()).into_pyobject(py)?;
        Ok((f.unbind(), args.into_any().unbind()))
    }
}

/// Frees the buffers this thread keeps for its next document. A dropped document's large
/// buffers (at most 32 MiB) are kept for the next document parsed on the same thread, which
/// makes a parse loop faster; this releases them, e.g. before a worker thread goes idle.
#[pyfunction]
pub fn release_spare_storage() {
    h::dom::spare::release_spare_storage();
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Document>()?;
    m.add_class::<Node>()?;
    m.add_class::<ParseError>()?;
    m.add(
        "ResourceLimitError",
        m.py().get_type::<ResourceLimitError>(),
    )?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(parse_fragment, m)?)?;
    m.add_function(wrap_pyfunction!(release_spare_storage, m)?)?;
    m.add_function(wrap_pyfunction!(_unpickle_document, m)?)?;
    m.add_function(wrap_pyfunction!(_unpickle_node, m)?)?;
    Ok(())
}
