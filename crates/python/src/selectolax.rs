//! `websyntax.selectolax`: selectolax's API (`LexborHTMLParser`, `LexborNode`, …; the Python
//! package aliases `HTMLParser` and `Node` to them) on websyntax's parser and editable DOM. A
//! thin layer: the node operations are the `websyntax-selectolax` crate and the DOM's checked
//! editing (`websyntax::html::dom`); this file turns Python values into calls.
//!
//! A parser owns one mutable document behind a mutex (edits from several threads are
//! serialized); its nodes are (parser, node id) pairs.

use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use websyntax::html::dom::{HierarchyRequestError, Namespace, NodeKind};
use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax::html::select::Selector as RSelector;
use websyntax::html::{self as h, Context, NodeId, ParseOptions};
use websyntax_selectolax as sx;

use crate::html::{DEFAULT_MAX_DEPTH, Limit, check_node_limit, limits, released};

pyo3::create_exception!(
    websyntax.selectolax,
    SelectolaxError,
    pyo3::exceptions::PyException,
    "selectolax's error: an invalid CSS selector, or an edit the DOM refuses (the tree is \
     unchanged)."
);

/// An edit the DOM refused, as selectolax's error.
fn tree_error(e: HierarchyRequestError) -> PyErr {
    SelectolaxError::new_err(e.to_string())
}

fn edit_error(e: sx::EditError) -> PyErr {
    SelectolaxError::new_err(e.to_string())
}

/// A selector, compiled; an invalid one is selectolax's error.
fn compile(css: &str) -> PyResult<RSelector> {
    RSelector::parse(css)
        .map_err(|e| SelectolaxError::new_err(format!("Can't parse CSS selector {css:?}: {e}")))
}

/// One parsed document and what the parser knows about it.
pub(crate) struct State {
    pub(crate) doc: h::Document,
    /// Fragment mode: the element whose children are the fragment's nodes.
    wrapper: Option<NodeId>,
}

type Shared = Arc<Mutex<State>>;

fn lock(st: &Shared) -> MutexGuard<'_, State> {
    // A panic cannot happen while the lock is held (no code here panics), but a poisoned lock
    // still holds a whole tree: every edit either completed or did not start.
    st.lock().unwrap_or_else(|p| p.into_inner())
}

/// selectolax's parser (`LexborHTMLParser`, and `HTMLParser` for its Modest backend): the
/// HTML Standard's parser, bytes decoded by its encoding sniffing.
#[pyclass(frozen, module = "websyntax.selectolax", name = "LexborHTMLParser")]
pub struct Parser {
    st: Shared,
    is_fragment: bool,
    options: u32,
    /// The name of the encoding the input was decoded with (`"UTF-8"` for a `str`).
    #[pyo3(get)]
    input_encoding: String,
    /// The input as bytes (a `str`'s UTF-8).
    #[pyo3(get)]
    raw_html: Py<PyBytes>,
}

/// A node of a [`Parser`]'s document.
#[pyclass(frozen, module = "websyntax.selectolax", name = "LexborNode")]
pub struct Node {
    parser: Py<Parser>,
    st: Shared,
    id: NodeId,
    /// The parser's `root` of a fragment: `html`, `iter`, `text`, `css` and `select` cover
    /// all the fragment's top-level nodes, as in selectolax.
    fragment_root: bool,
}

impl Node {
    fn make(&self, py: Python<'_>, id: NodeId) -> Node {
        Node {
            parser: self.parser.clone_ref(py),
            st: self.st.clone(),
            id,
            fragment_root: false,
        }
    }

    /// The node `step` leads to from this one (its parent, a sibling, a child).
    fn related(
        &self,
        py: Python<'_>,
        step: fn(&h::Document, NodeId) -> Option<NodeId>,
    ) -> Option<Node> {
        let id = step(&lock(&self.st).doc, self.id);
        id.map(|id| self.make(py, id))
    }

    /// The node selectolax reads for text, children and selectors: a fragment root's
    /// wrapper (unless the root is text), else the node.
    fn scope(&self, s: &State) -> NodeId {
        if self.fragment_root && s.doc.kind(self.id) != NodeKind::Text {
            s.wrapper.unwrap_or(self.id)
        } else {
            self.id
        }
    }

    fn html_of(&self, s: &State) -> String {
        let d = &s.doc;
        if self.fragment_root {
            let mut out = String::new();
            let mut n = Some(self.id);
            while let Some(c) = n {
                out.push_str(&d.outer_html(c));
                n = d.next_sibling(c);
            }
            return out;
        }
        match d.kind(self.id) {
            NodeKind::Document | NodeKind::Fragment => d.inner_html(self.id),
            _ => d.outer_html(self.id),
        }
    }

    /// The node of an insertion argument: text for `str`/`bytes`, a deep copy for a node, or
    /// with `move` the node itself (from another document: a copy, the node removed there).
    fn value_node(&self, s: &mut State, value: &Bound<'_, PyAny>, move_: bool) -> PyResult<NodeId> {
        if let Ok(t) = value.downcast::<PyString>() {
            return Ok(s.doc.create_text(t.to_str()?));
        }
        if let Ok(b) = value.downcast::<PyBytes>() {
            return Ok(s.doc.create_text(&String::from_utf8_lossy(b.as_bytes())));
        }
        if let Ok(n) = value.downcast::<Node>() {
            let n = n.get();
            if Arc::ptr_eq(&n.st, &self.st) {
                if move_ {
                    return Ok(n.id);
                }
                return s.doc.clone_node(n.id).map_err(tree_error);
            }
            // Copy out under the other document's lock, then in under ours: never two locks.
            let mut scratch = h::Document::new();
            let tmp = {
                let mut other = lock(&n.st);
                let tmp = scratch.import_node(&other.doc, n.id);
                if move_ && other.doc.parent(n.id).is_some() {
                    other.doc.remove(n.id).map_err(tree_error)?;
                }
                tmp
            };
            return Ok(s.doc.import_node(&scratch, tmp));
        }
        Err(PyTypeError::new_err(format!(
            "No matching signature found: expected str, bytes or LexborNode, not {}",
            value.get_type().name()?
        )))
    }
}

/// Where an inserted value goes, relative to the node.
enum Place {
    Replace,
    Before,
    After,
    Child,
}

impl Node {
    /// Inserts `value` (see [`Node::value_node`]) at `at`; beside a node without a parent,
    /// nothing happens.
    fn place(&self, value: &Bound<'_, PyAny>, move_: bool, at: Place) -> PyResult<()> {
        let mut s = lock(&self.st);
        let n = self.value_node(&mut s, value, move_)?;
        let d = &mut s.doc;
        let parent = d.parent(self.id);
        let result = match (at, parent) {
            (Place::Child, _) => d.append_child(self.id, n).map(|_| ()),
            (_, None) => Ok(()),
            (Place::Replace, Some(_)) => d.replace_with(self.id, n),
            (Place::Before, Some(p)) => d.insert_before(p, n, Some(self.id)).map(|_| ()),
            (Place::After, Some(p)) => {
                let next = d.next_sibling(self.id);
                d.insert_before(p, n, next).map(|_| ())
            }
        };
        result.map_err(tree_error)
    }
}

/// The input as UTF-8 bytes or as given bytes.
enum Source {
    Text(Py<PyBytes>),
    Bytes(Py<PyBytes>),
}

fn source(html: &Bound<'_, PyAny>, decode_errors: &str) -> PyResult<Source> {
    if html.downcast::<PyString>().is_ok() {
        // selectolax encodes a `str` as UTF-8 with `decode_errors` (lone surrogates).
        let b = html.call_method1("encode", ("utf-8", decode_errors))?;
        return Ok(Source::Text(b.downcast_into::<PyBytes>()?.unbind()));
    }
    if let Ok(b) = html.downcast::<PyBytes>() {
        return Ok(Source::Bytes(b.clone().unbind()));
    }
    Err(PyTypeError::new_err(format!(
        "Expected a string, but {} found",
        html.get_type().name()?
    )))
}

/// A fragment context from selectolax's `fragment_tag` and `fragment_namespace`.
fn fragment_context(tag: &str, namespace: &str) -> PyResult<Context> {
    if tag.is_empty() {
        return Err(PyValueError::new_err("fragment_tag cannot be empty"));
    }
    let ns = match namespace.to_ascii_lowercase().as_str() {
        "html" | "http://www.w3.org/1999/xhtml" => Namespace::Html,
        "svg" | "http://www.w3.org/2000/svg" => Namespace::Svg,
        "math" | "mathml" | "http://www.w3.org/1998/math/mathml" => Namespace::MathMl,
        "" => return Err(PyValueError::new_err("fragment_namespace cannot be empty")),
        _ => {
            return Err(PyValueError::new_err(format!(
                "Unknown fragment namespace: {namespace:?}"
            )));
        }
    };
    Ok(Context {
        namespace: ns,
        name: if ns == Namespace::Html {
            tag.to_ascii_lowercase()
        } else {
            tag.to_owned()
        },
        attrs: Vec::new(),
    })
}

/// A parser object over a tree already built.
fn new_parser(
    py: Python<'_>,
    st: State,
    is_fragment: bool,
    options: u32,
    enc: &str,
    raw: Py<PyBytes>,
) -> PyResult<Py<Parser>> {
    Py::new(
        py,
        Parser {
            st: Arc::new(Mutex::new(st)),
            is_fragment,
            options,
            input_encoding: enc.to_owned(),
            raw_html: raw,
        },
    )
}

fn root_node(slf: &Bound<'_, Parser>) -> Option<Node> {
    let p = slf.get();
    let s = lock(&p.st);
    let (id, fragment_root) = match s.wrapper {
        Some(w) => (s.doc.first_child(w)?, true),
        None => (s.doc.document_element()?, false),
    };
    Some(Node {
        parser: slf.clone().unbind(),
        st: p.st.clone(),
        id,
        fragment_root,
    })
}

fn doc_node(slf: &Bound<'_, Parser>, id: NodeId) -> Node {
    Node {
        parser: slf.clone().unbind(),
        st: slf.get().st.clone(),
        id,
        fragment_root: false,
    }
}

fn require_root(slf: &Bound<'_, Parser>) -> PyResult<Node> {
    root_node(slf).ok_or_else(|| SelectolaxError::new_err("the document is empty"))
}

#[pymethods]
impl Parser {
    /// Parses `html` (`str` or `bytes`) as a document, or with `is_fragment=True` as a fragment
    /// in the context `fragment_tag` (in `fragment_namespace`). Bytes are decoded by the HTML
    /// Standard's encoding sniffing (BOM, `<meta charset>`, then autodetection; UTF-8 when
    /// `encoding` or `detect_encoding` is false); a `str` is encoded with `decode_errors`
    /// first, as selectolax does. `scripting` is the parser's scripting flag (on, as in
    /// browsers: `<noscript>` holds text). `options` (lexbor's document flags) is kept for
    /// `options` only. `max_nodes` and `max_depth` are `websyntax.parse`'s limits.
    #[new]
    #[pyo3(signature = (html, is_fragment=false, fragment_tag="div", fragment_namespace="html", options=0, encoding=true, scripting=true, *, detect_encoding=true, use_meta_tags=true, decode_errors="ignore", max_nodes=Limit::Auto, max_depth=Limit::At(DEFAULT_MAX_DEPTH)))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        html: &Bound<'_, PyAny>,
        is_fragment: bool,
        fragment_tag: &str,
        fragment_namespace: &str,
        options: u32,
        encoding: bool,
        scripting: bool,
        detect_encoding: bool,
        use_meta_tags: bool,
        decode_errors: &str,
        max_nodes: Limit,
        max_depth: Limit,
    ) -> PyResult<Parser> {
        // `use_meta_tags`: the standard's prescan of `<meta charset>` is not optional.
        // `encoding` (selectolax 1.0: detect the encoding of bytes) and `detect_encoding`
        // (its Modest backend) both default to the standard's sniffing; either one false
        // decodes bytes as UTF-8, as selectolax does then.
        let _ = use_meta_tags;
        let detect_encoding = detect_encoding && encoding;
        let src = source(html, decode_errors)?;
        let (raw, is_text) = match &src {
            Source::Text(b) => (b.clone_ref(py), true),
            Source::Bytes(b) => (b.clone_ref(py), false),
        };
        let bytes = raw.bind(py).as_bytes();
        let lim = limits(max_nodes, max_depth, bytes.len());
        let parse = ParseOptions {
            limits: lim,
            collect_errors: false,
            scripting,
            ..ParseOptions::default()
        };
        let (doc, wrapper, input_encoding) = if is_fragment {
            let ctx = fragment_context(fragment_tag, fragment_namespace)?;
            let text = String::from_utf8_lossy(bytes);
            let f = released(py, bytes.len(), || h::parse_fragment(&text, &ctx, parse));
            (f.document, Some(f.root), "UTF-8".to_owned())
        } else if is_text {
            // Valid UTF-8: Python encoded it.
            let text =
                std::str::from_utf8(bytes).map_err(|e| PyValueError::new_err(e.to_string()))?;
            let d = released(py, bytes.len(), || h::parse_document(text, parse));
            (d, None, "UTF-8".to_owned())
        } else {
            let mut o = DocumentParserOptions::default().autodetect(detect_encoding);
            if !detect_encoding {
                o = o.default_encoding(websyntax::encoding::Encoding::UTF_8);
            }
            o.parse = parse;
            let parsed = released(py, bytes.len(), || parse_document_bytes(bytes, o));
            let enc = parsed.encoding.name().to_ascii_uppercase();
            (parsed.document, None, enc)
        };
        check_node_limit(&doc, &lim)?;
        Ok(Parser {
            st: Arc::new(Mutex::new(State { doc, wrapper })),
            is_fragment,
            options,
            input_encoding,
            raw_html: raw,
        })
    }

    fn __repr__(slf: &Bound<'_, Self>) -> String {
        let n = root_node(slf).map_or(0, |r| {
            let s = lock(&r.st);
            r.html_of(&s).chars().count()
        });
        format!("<LexborHTMLParser chars='{n}'>")
    }

    /// The root: the `html` element, or a fragment's first node.
    #[getter]
    fn root(slf: &Bound<'_, Self>) -> Option<Node> {
        root_node(slf)
    }

    /// The `body` element.
    #[getter]
    fn body(slf: &Bound<'_, Self>) -> Option<Node> {
        let id = {
            let s = lock(&slf.get().st);
            if s.wrapper.is_some() {
                return None;
            }
            sx::html_child_of_root(&s.doc, "body")
        };
        id.map(|id| doc_node(slf, id))
    }

    /// The `head` element.
    #[getter]
    fn head(slf: &Bound<'_, Self>) -> Option<Node> {
        let id = {
            let s = lock(&slf.get().st);
            if s.wrapper.is_some() {
                return None;
            }
            sx::html_child_of_root(&s.doc, "head")
        };
        id.map(|id| doc_node(slf, id))
    }

    /// The elements named `name`, in tree order.
    fn tags(slf: &Bound<'_, Self>, name: &str) -> PyResult<Vec<Node>> {
        if name.is_empty() {
            return Err(PyValueError::new_err("Tag name cannot be empty"));
        }
        if name.chars().count() > 100 {
            return Err(PyValueError::new_err("Tag name is too long"));
        }
        let ids: Vec<NodeId> = {
            let s = lock(&slf.get().st);
            let scope = s.wrapper.unwrap_or(NodeId::DOCUMENT);
            s.doc
                .descendants(scope)
                .filter(|&n| s.doc.element(n).is_some_and(|e| e.name() == name))
                .collect()
        };
        Ok(ids.into_iter().map(|id| doc_node(slf, id)).collect())
    }

    #[pyo3(signature = (deep=true, separator="", strip=false, skip_empty=false))]
    fn text(
        slf: &Bound<'_, Self>,
        deep: bool,
        separator: &str,
        strip: bool,
        skip_empty: bool,
    ) -> String {
        match root_node(slf) {
            Some(r) => r.text(deep, separator, strip, skip_empty),
            None => String::new(),
        }
    }

    /// The document (or the fragment) serialized.
    #[getter]
    fn html(slf: &Bound<'_, Self>) -> String {
        let p = slf.get();
        let s = lock(&p.st);
        match s.wrapper {
            Some(w) => s.doc.inner_html(w),
            None => s.doc.to_html(),
        }
    }

    #[pyo3(signature = (indent=0, skip_ws_nodes=false, skip_comment=false, **lexbor_options))]
    fn html_pretty(
        slf: &Bound<'_, Self>,
        indent: isize,
        skip_ws_nodes: bool,
        skip_comment: bool,
        lexbor_options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        lexbor_pretty_options(lexbor_options)?;
        let indent = indent_arg(indent)?;
        let s = lock(&slf.get().st);
        let top = s.wrapper.unwrap_or(NodeId::DOCUMENT);
        let nodes: Vec<NodeId> = s.doc.children(top).collect();
        Ok(sx::pretty(
            &s.doc,
            &nodes,
            indent,
            skip_ws_nodes,
            skip_comment,
        ))
    }

    #[pyo3(signature = (indent=0, skip_ws_nodes=false, skip_comment=false, **lexbor_options))]
    fn inner_html_pretty(
        slf: &Bound<'_, Self>,
        indent: isize,
        skip_ws_nodes: bool,
        skip_comment: bool,
        lexbor_options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Option<String>> {
        lexbor_pretty_options(lexbor_options)?;
        let Some(r) = root_node(slf) else {
            return Ok(None);
        };
        r.inner_html_pretty(indent, skip_ws_nodes, skip_comment, None)
            .map(Some)
    }

    fn css(slf: &Bound<'_, Self>, query: &str) -> PyResult<Vec<Node>> {
        let py = slf.py();
        require_root(slf)?.css(py, query)
    }

    #[pyo3(signature = (query, default=None, strict=false))]
    fn css_first(
        slf: &Bound<'_, Self>,
        query: &str,
        default: Option<PyObject>,
        strict: bool,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        require_root(slf)?.css_first(py, query, default, strict)
    }

    #[pyo3(signature = (tags, recursive=false))]
    fn strip_tags(slf: &Bound<'_, Self>, tags: Vec<String>, recursive: bool) -> PyResult<()> {
        require_root(slf)?.strip_tags(tags, recursive)
    }

    #[pyo3(signature = (query=None))]
    fn select(slf: &Bound<'_, Self>, query: Option<&str>) -> PyResult<Option<Selector>> {
        let py = slf.py();
        match root_node(slf) {
            Some(r) => r.select(py, query).map(Some),
            None => Ok(None),
        }
    }

    fn any_css_matches(slf: &Bound<'_, Self>, selectors: Vec<String>) -> PyResult<bool> {
        require_root(slf)?.any_css_matches(selectors)
    }

    fn css_matches(slf: &Bound<'_, Self>, selector: &str) -> PyResult<bool> {
        require_root(slf)?.css_matches(selector)
    }

    fn scripts_contain(slf: &Bound<'_, Self>, query: &str) -> PyResult<bool> {
        require_root(slf)?.scripts_contain(query)
    }

    fn script_srcs_contain(slf: &Bound<'_, Self>, queries: Vec<String>) -> PyResult<bool> {
        require_root(slf)?.script_srcs_contain(queries)
    }

    fn merge_text_nodes(slf: &Bound<'_, Self>) -> PyResult<()> {
        require_root(slf)?.merge_text_nodes()
    }

    #[pyo3(signature = (tags, delete_empty=false))]
    fn unwrap_tags(slf: &Bound<'_, Self>, tags: Vec<String>, delete_empty: bool) -> PyResult<()> {
        require_root(slf)?.unwrap_tags(tags, delete_empty)
    }

    /// An independent copy of the document.
    fn clone(slf: &Bound<'_, Self>) -> PyResult<Py<Parser>> {
        let py = slf.py();
        let p = slf.get();
        let st = {
            let s = lock(&p.st);
            State {
                doc: s.doc.clone(),
                wrapper: s.wrapper,
            }
        };
        new_parser(
            py,
            st,
            p.is_fragment,
            p.options,
            &p.input_encoding,
            p.raw_html.clone_ref(py),
        )
    }

    #[getter]
    fn get_inner_html(slf: &Bound<'_, Self>) -> PyResult<Option<String>> {
        Ok(root_node(slf).map(|r| r.get_inner_html()))
    }

    #[setter]
    fn set_inner_html(slf: &Bound<'_, Self>, html: &str) -> PyResult<()> {
        require_root(slf)?.set_inner_html(html)
    }

    fn template_fragments(slf: &Bound<'_, Self>) -> Vec<Node> {
        let ids = {
            let s = lock(&slf.get().st);
            sx::template_fragments(&s.doc, s.wrapper.unwrap_or(NodeId::DOCUMENT))
        };
        ids.into_iter().map(|id| doc_node(slf, id)).collect()
    }

    /// lexbor's document options (`LexborDocumentOptions` flags): what the constructor got.
    #[getter]
    fn options(&self) -> u32 {
        self.options
    }

    /// A new element named `tag` in this document, not yet in the tree.
    fn create_node(slf: &Bound<'_, Self>, tag: &str) -> PyResult<Node> {
        if tag.is_empty() {
            return Err(SelectolaxError::new_err("Tag name cannot be empty"));
        }
        let id = {
            let mut s = lock(&slf.get().st);
            s.doc.create_html_element(tag)
        };
        Ok(doc_node(slf, id))
    }
}

/// lexbor's other pretty-printing flags (`raw`, `without_closing`, `tag_with_ns`,
/// `without_text_indent`, `full_doctype`, `html5test`): accepted, and without effect here (the
/// output is always the escaped, closed, un-namespaced form); any other keyword is a
/// `TypeError`.
fn lexbor_pretty_options(options: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    const KNOWN: [&str; 6] = [
        "raw",
        "without_closing",
        "tag_with_ns",
        "without_text_indent",
        "full_doctype",
        "html5test",
    ];
    for key in options.into_iter().flat_map(|d| d.keys()) {
        let key: String = key.extract()?;
        if !KNOWN.contains(&key.as_str()) {
            return Err(PyTypeError::new_err(format!(
                "html_pretty() got an unexpected keyword argument {key:?}"
            )));
        }
    }
    Ok(())
}

fn indent_arg(indent: isize) -> PyResult<usize> {
    usize::try_from(indent)
        .map_err(|_| PyValueError::new_err("indent must be greater than or equal to 0"))
}

#[pymethods]
impl Node {
    /// The parser this node belongs to.
    #[getter]
    fn parser(&self, py: Python<'_>) -> Py<Parser> {
        self.parser.clone_ref(py)
    }

    /// An identity number for the node (what `hash()` gives).
    #[getter]
    fn mem_id(&self) -> u64 {
        let p = Arc::as_ptr(&self.st) as u64;
        (p.wrapping_mul(0x9E37_79B9) ^ (self.id.index() as u64)) & ((1 << 60) - 1)
    }

    fn __hash__(&self) -> u64 {
        self.mem_id()
    }

    #[getter]
    fn child(&self, py: Python<'_>) -> Option<Node> {
        self.first_child(py)
    }

    #[getter]
    fn first_child(&self, py: Python<'_>) -> Option<Node> {
        self.related(py, h::Document::first_child)
    }

    #[getter]
    fn last_child(&self, py: Python<'_>) -> Option<Node> {
        self.related(py, h::Document::last_child)
    }

    #[getter]
    fn parent(&self, py: Python<'_>) -> Option<Node> {
        self.related(py, h::Document::parent)
    }

    #[getter]
    fn next(&self, py: Python<'_>) -> Option<Node> {
        self.related(py, h::Document::next_sibling)
    }

    #[getter]
    fn prev(&self, py: Python<'_>) -> Option<Node> {
        self.related(py, h::Document::prev_sibling)
    }

    /// The node serialized (an element with its subtree; a fragment root: the fragment).
    #[getter]
    fn html(&self) -> String {
        let s = lock(&self.st);
        self.html_of(&s)
    }

    #[pyo3(signature = (indent=0, skip_ws_nodes=false, skip_comment=false, **lexbor_options))]
    fn html_pretty(
        &self,
        indent: isize,
        skip_ws_nodes: bool,
        skip_comment: bool,
        lexbor_options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        lexbor_pretty_options(lexbor_options)?;
        let indent = indent_arg(indent)?;
        let s = lock(&self.st);
        let nodes: Vec<NodeId> = if self.fragment_root {
            std::iter::successors(Some(self.id), |&n| s.doc.next_sibling(n)).collect()
        } else if s.doc.kind(self.id) == NodeKind::Document {
            s.doc.children(self.id).collect()
        } else {
            vec![self.id]
        };
        Ok(sx::pretty(
            &s.doc,
            &nodes,
            indent,
            skip_ws_nodes,
            skip_comment,
        ))
    }

    #[pyo3(signature = (indent=0, skip_ws_nodes=false, skip_comment=false, **lexbor_options))]
    fn inner_html_pretty(
        &self,
        indent: isize,
        skip_ws_nodes: bool,
        skip_comment: bool,
        lexbor_options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        lexbor_pretty_options(lexbor_options)?;
        let indent = indent_arg(indent)?;
        let s = lock(&self.st);
        let nodes: Vec<NodeId> = s.doc.children(self.id).collect();
        Ok(sx::pretty(
            &s.doc,
            &nodes,
            indent,
            skip_ws_nodes,
            skip_comment,
        ))
    }

    /// The text of the node's text descendants (only its children with `deep=False`).
    #[pyo3(signature = (deep=true, separator="", strip=false, skip_empty=false))]
    fn text(&self, deep: bool, separator: &str, strip: bool, skip_empty: bool) -> String {
        let s = lock(&self.st);
        sx::text(&s.doc, self.scope(&s), deep, separator, strip, skip_empty)
    }

    /// The DOM's `textContent`.
    fn text_lexbor(&self) -> String {
        let s = lock(&self.st);
        s.doc.text_content(self.id)
    }

    /// The elements matching `query` in this node's subtree (the node included).
    fn css(&self, py: Python<'_>, query: &str) -> PyResult<Vec<Node>> {
        let sel = compile(query)?;
        let ids = {
            let s = lock(&self.st);
            sx::select_inclusive(&s.doc, self.scope(&s), &sel)
        };
        Ok(ids.into_iter().map(|id| self.make(py, id)).collect())
    }

    #[pyo3(signature = (query, default=None, strict=false))]
    fn css_first(
        &self,
        py: Python<'_>,
        query: &str,
        default: Option<PyObject>,
        strict: bool,
    ) -> PyResult<PyObject> {
        let sel = compile(query)?;
        let found = {
            let s = lock(&self.st);
            let scope = self.scope(&s);
            if strict {
                let ids = sx::select_inclusive(&s.doc, scope, &sel);
                if ids.len() > 1 {
                    return Err(PyValueError::new_err(format!(
                        "Expected 1 match, but found {} matches",
                        ids.len()
                    )));
                }
                ids.first().copied()
            } else {
                sx::select_first_inclusive(&s.doc, scope, &sel)
            }
        };
        match found {
            Some(id) => Ok(self.make(py, id).into_pyobject(py)?.into_any().unbind()),
            None => Ok(default.unwrap_or_else(|| py.None())),
        }
    }

    fn any_css_matches(&self, selectors: Vec<String>) -> PyResult<bool> {
        for q in selectors {
            if self.css_matches(&q)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn css_matches(&self, selector: &str) -> PyResult<bool> {
        let sel = compile(selector)?;
        let s = lock(&self.st);
        Ok(sx::select_first_inclusive(&s.doc, self.id, &sel).is_some())
    }

    fn __repr__(&self) -> String {
        format!("<LexborNode {}>", self.tag().unwrap_or_default())
    }

    /// A number for the node's tag (its name's interned atom; 0 for non-elements).
    #[getter]
    fn tag_id(&self) -> u64 {
        let s = lock(&self.st);
        sx::tag_id(&s.doc, self.id)
    }

    /// The element's name; `-text`, `-comment`, `-document`, `!doctype` for other nodes.
    #[getter]
    fn tag(&self) -> Option<String> {
        let s = lock(&self.st);
        Some(sx::tag_name(&s.doc, self.id).into_owned())
    }

    /// Removes the node (with its subtree) from the tree.
    #[pyo3(signature = (recursive=true))]
    fn decompose(&self, recursive: bool) -> PyResult<()> {
        let _ = recursive;
        let mut s = lock(&self.st);
        let d = &mut s.doc;
        if d.kind(self.id) == NodeKind::Document || d.document_element() == Some(self.id) {
            return Err(SelectolaxError::new_err(
                "Decomposing the root node is not allowed.",
            ));
        }
        d.remove(self.id).map_err(tree_error)
    }

    #[pyo3(signature = (recursive=true))]
    fn remove(&self, recursive: bool) -> PyResult<()> {
        self.decompose(recursive)
    }

    /// Removes every element matching each of `tags` in this subtree.
    #[pyo3(signature = (tags, recursive=false))]
    fn strip_tags(&self, tags: Vec<String>, recursive: bool) -> PyResult<()> {
        let _ = recursive;
        let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
        let mut s = lock(&self.st);
        let scope = self.scope(&s);
        sx::strip_tags(&mut s.doc, scope, &tags).map_err(edit_error)
    }

    /// The attributes (a new `dict`; `None` for one written without a value).
    #[getter]
    fn attributes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        let s = lock(&self.st);
        for (k, v) in sx::attributes(&s.doc, self.id) {
            out.set_item(k.as_ref(), v)?;
        }
        Ok(out)
    }

    /// The attributes as a live, editable mapping.
    #[getter]
    fn attrs(&self, py: Python<'_>) -> PyResult<crate::selectolax_attrs::Attributes> {
        if !lock(&self.st).doc.is_element(self.id) {
            return Err(PyTypeError::new_err(
                "attrs is only available for element nodes",
            ));
        }
        Ok(crate::selectolax_attrs::Attributes::new(
            self.make(py, self.id),
        ))
    }

    /// The `id` attribute.
    #[getter]
    fn id(&self) -> Option<String> {
        let s = lock(&self.st);
        let a = s.doc.attrs(self.id).find(|a| a.name() == "id")?;
        sx::attribute_value(&a).map(str::to_owned)
    }

    /// The children (elements and comments; text with `include_text`).
    #[pyo3(signature = (include_text=false, skip_empty=false))]
    fn iter(&self, py: Python<'_>, include_text: bool, skip_empty: bool) -> Vec<Node> {
        let ids = {
            let s = lock(&self.st);
            sx::iter_children(&s.doc, self.scope(&s), include_text, skip_empty)
        };
        ids.into_iter().map(|id| self.make(py, id)).collect()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<PyObject> {
        let list = pyo3::types::PyList::new(py, self.iter(py, false, false))?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The node and its descendants in tree order (text with `include_text`).
    #[pyo3(signature = (include_text=false, skip_empty=false))]
    fn traverse(&self, py: Python<'_>, include_text: bool, skip_empty: bool) -> Vec<Node> {
        let ids = {
            let s = lock(&self.st);
            sx::traverse(&s.doc, self.id, include_text, skip_empty)
        };
        ids.into_iter().map(|id| self.make(py, id)).collect()
    }

    /// Replaces the node with its children (`delete_empty`: an empty node is removed).
    #[pyo3(signature = (delete_empty=false))]
    fn unwrap(&self, delete_empty: bool) -> PyResult<()> {
        let mut s = lock(&self.st);
        sx::unwrap(&mut s.doc, self.id, delete_empty).map_err(tree_error)
    }

    #[pyo3(signature = (tags, delete_empty=false))]
    fn unwrap_tags(&self, tags: Vec<String>, delete_empty: bool) -> PyResult<()> {
        let tags: Vec<&str> = tags.iter().map(String::as_str).collect();
        let mut s = lock(&self.st);
        let scope = self.scope(&s);
        sx::unwrap_tags(&mut s.doc, scope, &tags, delete_empty).map_err(edit_error)
    }

    /// Merges adjacent text nodes in the subtree (DOM `normalize()`).
    fn merge_text_nodes(&self) -> PyResult<()> {
        let mut s = lock(&self.st);
        let scope = self.scope(&s);
        s.doc.normalize(scope).map_err(tree_error)
    }

    #[pyo3(signature = (value, r#move=false))]
    fn replace_with(&self, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        self.place(value, r#move, Place::Replace)
    }

    #[pyo3(signature = (value, r#move=false))]
    fn insert_before(&self, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        self.place(value, r#move, Place::Before)
    }

    #[pyo3(signature = (value, r#move=false))]
    fn insert_after(&self, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        self.place(value, r#move, Place::After)
    }

    #[pyo3(signature = (value, r#move=false))]
    fn insert_child(&self, value: &Bound<'_, PyAny>, r#move: bool) -> PyResult<()> {
        self.place(value, r#move, Place::Child)
    }

    /// The source bytes of a text node (character references not decoded).
    #[getter]
    fn raw_value<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let span = {
            let s = lock(&self.st);
            if s.doc.kind(self.id) != NodeKind::Text {
                return Ok(None);
            }
            s.doc.span(self.id)
        };
        let p = self.parser.get();
        let raw = p.raw_html.bind(py).as_bytes();
        Ok(span
            .and_then(|sp| raw.get(sp.start..sp.end))
            .map(|b| PyBytes::new(py, b)))
    }

    /// Whether a `script` element in the subtree has text containing `query`.
    fn scripts_contain(&self, query: &str) -> PyResult<bool> {
        let s = lock(&self.st);
        Ok(sx::scripts_contain(&s.doc, self.id, query))
    }

    /// Whether a `script` element in the subtree has a `src` containing one of `queries`.
    fn script_srcs_contain(&self, queries: Vec<String>) -> PyResult<bool> {
        let q: Vec<&str> = queries.iter().map(String::as_str).collect();
        let s = lock(&self.st);
        Ok(sx::script_srcs_contain(&s.doc, self.id, &q))
    }

    /// A [`Selector`] over the matches of `query` (the node itself without a query).
    #[pyo3(signature = (query=None))]
    fn select(&self, py: Python<'_>, query: Option<&str>) -> PyResult<Selector> {
        let ids = match query {
            Some(q) if !q.is_empty() => {
                let sel = compile(q)?;
                let s = lock(&self.st);
                sx::select_inclusive(&s.doc, self.scope(&s), &sel)
            }
            _ => vec![self.id],
        };
        Ok(Selector::new(self.make(py, self.id), ids))
    }

    /// Equal to a node or a string with the same HTML.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(s) = other.downcast::<PyString>() {
            return Ok(self.html() == s.to_str()?);
        }
        if let Ok(n) = other.downcast::<Node>() {
            return Ok(self.html() == n.get().html());
        }
        Ok(false)
    }

    /// A text node's text; `None` for other nodes.
    #[getter]
    fn text_content(&self) -> Option<String> {
        lock(&self.st).doc.text(self.id).map(str::to_owned)
    }

    /// A comment's text, stripped; `None` for other nodes.
    #[getter]
    fn comment_content(&self) -> Option<String> {
        let s = lock(&self.st);
        sx::comment_content(&s.doc, self.id).map(str::to_owned)
    }

    #[getter(inner_html)]
    fn get_inner_html(&self) -> String {
        let s = lock(&self.st);
        s.doc.inner_html(self.id)
    }

    #[setter(inner_html)]
    fn set_inner_html(&self, html: &str) -> PyResult<()> {
        let mut s = lock(&self.st);
        s.doc.set_inner_html(self.id, html).map_err(tree_error)
    }

    /// The contents (a fragment) of every `template` element in the subtree, in tree order.
    fn template_fragments(&self, py: Python<'_>) -> Vec<Node> {
        let ids = {
            let s = lock(&self.st);
            sx::template_fragments(&s.doc, self.scope(&s))
        };
        ids.into_iter().map(|id| self.make(py, id)).collect()
    }

    /// A deep copy of the node in the same document, not in the tree.
    fn clone(&self, py: Python<'_>) -> PyResult<Node> {
        let id = lock(&self.st).doc.clone_node(self.id).map_err(tree_error)?;
        Ok(self.make(py, id))
    }

    #[getter]
    fn is_element_node(&self) -> bool {
        lock(&self.st).doc.kind(self.id) == NodeKind::Element
    }

    #[getter]
    fn is_text_node(&self) -> bool {
        lock(&self.st).doc.kind(self.id) == NodeKind::Text
    }

    #[getter]
    fn is_comment_node(&self) -> bool {
        lock(&self.st).doc.kind(self.id) == NodeKind::Comment
    }

    #[getter]
    fn is_document_node(&self) -> bool {
        lock(&self.st).doc.kind(self.id) == NodeKind::Document
    }

    /// A text node of ASCII whitespace only.
    #[getter]
    fn is_empty_text_node(&self) -> bool {
        sx::is_blank_text(&lock(&self.st).doc, self.id)
    }
}

impl Node {
    pub(crate) fn ids_text(
        &self,
        ids: &[NodeId],
        needle: &str,
        deep: bool,
        separator: &str,
        strip: bool,
    ) -> Vec<NodeId> {
        let s = lock(&self.st);
        sx::text_contains(&s.doc, ids, needle, deep, separator, strip)
    }

    pub(crate) fn ids_attr_longer(
        &self,
        ids: &[NodeId],
        name: &str,
        length: usize,
        start: Option<&str>,
    ) -> Vec<NodeId> {
        let s = lock(&self.st);
        sx::attribute_longer_than(&s.doc, ids, name, length, start)
    }

    pub(crate) fn ids_css(&self, ids: &[NodeId], query: &str) -> PyResult<Vec<NodeId>> {
        let sel = compile(query)?;
        let s = lock(&self.st);
        Ok(sx::select_each(&s.doc, ids, &sel))
    }

    pub(crate) fn node(&self, py: Python<'_>, id: NodeId) -> Node {
        self.make(py, id)
    }

    pub(crate) fn with_state<T>(&self, f: impl FnOnce(&mut h::Document, NodeId) -> T) -> T {
        let mut s = lock(&self.st);
        f(&mut s.doc, self.id)
    }
}

pub(crate) use crate::selectolax_attrs::Selector;

/// selectolax's `create_tag(tag)`: a new element in a document of its own.
#[pyfunction]
fn create_tag(py: Python<'_>, tag: &str) -> PyResult<Node> {
    if tag.is_empty() {
        return Err(PyValueError::new_err("Tag name cannot be empty"));
    }
    let mut doc = h::Document::new();
    let frag = doc.create_fragment();
    let el = doc.create_html_element(tag);
    doc.append_child(frag, el).map_err(tree_error)?;
    let parser = new_parser(
        py,
        State {
            doc,
            wrapper: Some(frag),
        },
        true,
        0,
        "UTF-8",
        PyBytes::new(py, b"").unbind(),
    )?;
    let st = parser.get().st.clone();
    Ok(Node {
        parser,
        st,
        id: el,
        fragment_root: false,
    })
}

/// selectolax's `parse_fragment(html)`: the nodes of `html`, with `html`, `head` and `body`
/// only where the markup has them (parsed as a document, the implied ones taken out).
#[pyfunction]
fn parse_fragment(py: Python<'_>, html: &str) -> PyResult<Vec<Node>> {
    let html = html.trim();
    let doc = released(py, html.len(), || {
        h::parse_document(html, ParseOptions::default())
    });
    let mut doc = doc;
    let tops = sx::fragment_nodes(&mut doc, html).map_err(tree_error)?;
    let raw = PyBytes::new(py, html.as_bytes()).unbind();
    let parser = new_parser(py, State { doc, wrapper: None }, false, 0, "UTF-8", raw)?;
    let st = parser.get().st.clone();
    Ok(tops
        .into_iter()
        .map(|id| Node {
            parser: parser.clone_ref(py),
            st: st.clone(),
            id,
            fragment_root: false,
        })
        .collect())
}

/// selectolax's `extract_html_comment(text)`: the data of a comment written as `text`
/// (`<!-- data -->`), whitespace stripped; `ValueError` when `text` is not one comment.
#[pyfunction]
fn extract_html_comment(text: &str) -> PyResult<String> {
    sx::comment_markup_data(text)
        .map(str::to_owned)
        .ok_or_else(|| PyValueError::new_err("Input is not a valid HTML comment"))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let sub = PyModule::new(py, "_selectolax")?;
    sub.add_class::<Parser>()?;
    sub.add_class::<Node>()?;
    sub.add_class::<crate::selectolax_attrs::Attributes>()?;
    sub.add_class::<Selector>()?;
    sub.add("SelectolaxError", py.get_type::<SelectolaxError>())?;
    sub.add_function(wrap_pyfunction!(create_tag, &sub)?)?;
    sub.add_function(wrap_pyfunction!(parse_fragment, &sub)?)?;
    sub.add_function(wrap_pyfunction!(extract_html_comment, &sub)?)?;
    m.add_submodule(&sub)?;
    Ok(())
}
