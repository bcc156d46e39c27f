//! `websyntax.Sanitizer`, `websyntax.sanitize` and `websyntax.parse_html`:
//! the HTML Standard's Sanitizer API (`websyntax::sanitize`). Sanitizing runs with the GIL
//! released (except on inputs shorter than [`crate::html::HOLD_GIL_BELOW`] bytes).

use crate::html::{DEFAULT_MAX_DEPTH, Limit, ResourceLimitError, limits, released, standard_arg};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use websyntax::html::Context;
use websyntax::sanitize::{self as s, ConfigError};

fn config_error(e: ConfigError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A Python value (dict, list, str, numbers, None) as JSON, through the `json` module.
fn to_json(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let text: String = py
        .import("json")?
        .getattr("dumps")?
        .call1((v,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn from_json(py: Python<'_>, v: &serde_json::Value) -> PyResult<PyObject> {
    Ok(py
        .import("json")?
        .getattr("loads")?
        .call1((v.to_string(),))?
        .unbind())
}

/// Warns (``UserWarning``) about each thing in configuration `v` that cannot mean what was
/// written (`websyntax::sanitize::lint`: an unknown key, a name that never matches, a
/// configuration that restricts nothing), or raises ``ValueError`` with the first when
/// `strict`.
fn lint(py: Python<'_>, v: &serde_json::Value, strict: bool) -> PyResult<()> {
    for w in s::lint::lint_config(v) {
        if strict {
            return Err(PyValueError::new_err(format!("{w} (strict=True)")));
        }
        let message = std::ffi::CString::new(w.to_string().replace('\0', " "))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        // Stack level 1: the Python line that called (a native function has no frame).
        PyErr::warn(py, &category, &message, 1)?;
    }
    Ok(())
}

/// A sanitizer: the HTML Standard's ``Sanitizer`` with its configuration.
///
/// ``Sanitizer()`` is the built-in safe default configuration; ``Sanitizer(config)`` takes the
/// dictionary a browser's ``new Sanitizer(config)`` takes (or its JSON text), and raises
/// ``ValueError`` saying why when it is invalid. A configuration that cannot mean what was
/// written (a key the standard does not define, such as ``"element"``; a name no parsed document
/// has, such as the upper-case ``"P"``; ``{}``, which restricts nothing) gives a
/// ``UserWarning`` each; ``strict=True`` raises ``ValueError`` instead.
///
/// >>> s = websyntax.Sanitizer({"elements": ["p", "b"], "attributes": ["title"]})
/// >>> websyntax.sanitize('<p title=t onclick=x>a <i>b</i> <b>c</b></p>', s)
/// '<p title="t">a  <b>c</b></p>'
/// >>> s.allow_element("i")
/// True
///
/// A ``Sanitizer`` may be shared between threads, also while one of them changes it: each call
/// that sanitizes uses the configuration as it was when the call began.
#[pyclass(frozen, module = "websyntax", name = "Sanitizer")]
pub struct Sanitizer {
    /// Shared with the calls that use it (copy on write: the modifiers clone it when a call
    /// still holds it), so the matching tables built on first use are kept between calls. The
    /// lock is held only to take a snapshot or to apply one change, never while Python code
    /// runs, so it cannot deadlock with the GIL.
    inner: Mutex<Arc<s::Sanitizer>>,
}

impl Sanitizer {
    fn wrap(inner: s::Sanitizer) -> Sanitizer {
        Sanitizer {
            inner: Mutex::new(Arc::new(inner)),
        }
    }

    /// The configuration now: a snapshot that later changes do not touch.
    fn snapshot(&self) -> PyResult<Arc<s::Sanitizer>> {
        Ok(Arc::clone(&*self.inner.lock().map_err(|_| poisoned())?))
    }

    /// Applies `change` to the configuration (cloning it first when a call still uses it).
    fn change<T>(&self, change: impl FnOnce(&mut s::Sanitizer) -> T) -> PyResult<T> {
        let mut guard = self.inner.lock().map_err(|_| poisoned())?;
        Ok(change(Arc::make_mut(&mut guard)))
    }
}

/// The error of a sanitizer whose lock was poisoned (a change panicked half-way: its
/// configuration may be half changed, so it is not used again).
fn poisoned() -> PyErr {
    PyRuntimeError::new_err("this Sanitizer is unusable: an earlier change to it failed")
}

#[pymethods]
impl Sanitizer {
    #[new]
    #[pyo3(signature = (config=None, *, strict=false))]
    fn new(py: Python<'_>, config: Option<&Bound<'_, PyAny>>, strict: bool) -> PyResult<Self> {
        let inner = match config {
            None => s::Sanitizer::default(),
            Some(c) if c.is_none() => s::Sanitizer::default(),
            Some(c) => {
                let v = if let Ok(text) = c.downcast::<PyString>() {
                    let t = text.to_cow()?;
                    if t == "default" {
                        return Ok(Sanitizer::wrap(s::Sanitizer::default()));
                    }
                    serde_json::from_str(&t)
                        .map_err(|e| PyValueError::new_err(format!("config is not JSON: {e}")))?
                } else {
                    to_json(py, c)?
                };
                if v == serde_json::Value::String("default".into()) {
                    s::Sanitizer::default()
                } else {
                    lint(py, &v, strict)?;
                    s::Sanitizer::new(s::SanitizerConfig::from_value(&v).map_err(config_error)?)
                        .map_err(config_error)?
                }
            }
        };
        Ok(Sanitizer::wrap(inner))
    }

    /// The configuration as a dictionary (``Sanitizer.get()``: lists sorted, names as
    /// ``{"name", "namespace"}``).
    fn get(&self, py: Python<'_>) -> PyResult<PyObject> {
        from_json(py, &self.snapshot()?.get().to_json_value())
    }

    /// ``allowElement``: a name, or ``{"name", "namespace", "attributes", "removeAttributes"}``.
    /// Returns whether the configuration changed.
    fn allow_element(&self, py: Python<'_>, element: &Bound<'_, PyAny>) -> PyResult<bool> {
        let v = to_json(py, element)?;
        self.change(|s| s.allow_element_json(&v))?
            .map_err(config_error)
    }

    /// ``removeElement``: a name or ``{"name", "namespace"}``.
    fn remove_element(&self, py: Python<'_>, element: &Bound<'_, PyAny>) -> PyResult<bool> {
        let n = element_name(py, element)?;
        self.change(|s| s.remove_element_name(&n))
    }

    /// ``replaceElementWithChildren``: a name or ``{"name", "namespace"}``.
    fn replace_element_with_children(
        &self,
        py: Python<'_>,
        element: &Bound<'_, PyAny>,
    ) -> PyResult<bool> {
        let n = element_name(py, element)?;
        self.change(|s| s.replace_element_with_children_name(&n))
    }

    /// ``allowAttribute``: a name or ``{"name", "namespace"}``.
    fn allow_attribute(&self, py: Python<'_>, attribute: &Bound<'_, PyAny>) -> PyResult<bool> {
        let n = attribute_name(py, attribute)?;
        self.change(|s| s.allow_attribute_name(&n))
    }

    /// ``removeAttribute``: a name or ``{"name", "namespace"}``.
    fn remove_attribute(&self, py: Python<'_>, attribute: &Bound<'_, PyAny>) -> PyResult<bool> {
        let n = attribute_name(py, attribute)?;
        self.change(|s| s.remove_attribute_name(&n))
    }

    /// ``setComments``.
    fn set_comments(&self, allow: bool) -> PyResult<bool> {
        self.change(|s| s.set_comments(allow))
    }

    /// ``setDataAttributes`` (only with an ``attributes`` allow-list).
    fn set_data_attributes(&self, allow: bool) -> PyResult<bool> {
        self.change(|s| s.set_data_attributes(allow))
    }

    /// ``removeUnsafe``: removes what the safe baseline removes from the configuration.
    fn remove_unsafe(&self) -> PyResult<bool> {
        self.change(|s| s.remove_unsafe())
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "websyntax.Sanitizer({})",
            self.snapshot()?.get().to_json()
        ))
    }
}

fn element_name(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<s::Name> {
    let e = websyntax::sanitize::config::SanitizerConfig::from_value(
        &serde_json::json!({ "removeElements": [to_json(py, v)?] }),
    )
    .map_err(config_error)?;
    first_name(e.remove_elements)
}

fn attribute_name(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<s::Name> {
    let e = websyntax::sanitize::config::SanitizerConfig::from_value(
        &serde_json::json!({ "removeAttributes": [to_json(py, v)?] }),
    )
    .map_err(config_error)?;
    first_name(e.remove_attributes)
}

/// The one name of a list made from one name.
fn first_name(names: Option<Vec<s::Name>>) -> PyResult<s::Name> {
    names
        .and_then(|n| n.into_iter().next())
        .ok_or_else(|| PyValueError::new_err("expected a name"))
}

/// The sanitizer of a call: a ``Sanitizer``, a configuration dictionary (as ``setHTML``'s
/// ``sanitizer`` option: absent ``comments``/``dataAttributes`` are false for the safe
/// methods), ``"default"`` or ``None``.
fn sanitizer_for(
    py: Python<'_>,
    sanitizer: Option<&Bound<'_, PyAny>>,
    safe: bool,
    strict: bool,
) -> PyResult<Arc<s::Sanitizer>> {
    match sanitizer {
        None => Ok(default_for(safe)),
        Some(v) if v.is_none() => Ok(default_for(safe)),
        Some(v) => {
            if let Ok(obj) = v.downcast::<Sanitizer>() {
                return obj.get().snapshot();
            }
            if v.downcast::<PyDict>().is_err() && v.downcast::<PyString>().is_err() {
                return Err(PyTypeError::new_err(
                    "sanitizer must be a Sanitizer, a configuration dict, \"default\" or None",
                ));
            }
            let json = to_json(py, v)?;
            lint(py, &json, strict)?;
            s::Sanitizer::from_options(Some(&json), safe)
                .map(Arc::new)
                .map_err(config_error)
        }
    }
}

/// The sanitizer of a call without one: the safe default configuration for the safe methods,
/// nothing removed for the unsafe ones (built once per process).
fn default_for(safe: bool) -> Arc<s::Sanitizer> {
    static SAFE: std::sync::OnceLock<Arc<s::Sanitizer>> = std::sync::OnceLock::new();
    static UNSAFE: std::sync::OnceLock<Arc<s::Sanitizer>> = std::sync::OnceLock::new();
    if safe {
        Arc::clone(SAFE.get_or_init(|| Arc::new(s::Sanitizer::default())))
    } else {
        Arc::clone(UNSAFE.get_or_init(|| Arc::new(s::Sanitizer::allow_everything())))
    }
}

/// Sanitizes an HTML fragment: what ``element.innerHTML`` holds after
/// ``element.setHTML(html, {sanitizer})`` on a ``context`` element (``"div"``, ``"td"``,
/// ``"svg g"`` ...; a bare ``"svg"`` or ``"math"`` raises ``ValueError`` naming ``context``:
/// write ``"svg svg"`` or ``"math math"``). ``sanitizer``: a :class:`Sanitizer`, a
/// configuration dict, or ``None``
/// for the built-in safe default configuration. ``unsafe=True``: ``setHTMLUnsafe`` (the
/// configuration only; without one, nothing is removed). ``max_nodes`` and ``max_depth`` are
/// :func:`parse`'s limits: an input that reaches the node limit raises
/// :class:`ResourceLimitError` (never a cut-short result). ``standard`` picks the HTML
/// Standard that parses the input, as in :func:`parse`: ``"seed"`` (the default) or
/// ``"living"`` (today's, e.g. customizable ``<select>``). A configuration dict that cannot
/// mean what was written gives a ``UserWarning`` (see :class:`Sanitizer`); ``strict=True``
/// raises ``ValueError`` instead.
///
/// ``html`` is a ``str``, or ``bytes`` decoded as :func:`parse` decodes a document: a BOM,
/// then ``transport_charset`` (the HTTP ``Content-Type`` charset), then a ``<meta charset>``
/// in the first 1024 bytes, then autodetection.
///
/// The result parses back to itself: parsed again in the same context it gives the same
/// string, and sanitizing it again removes nothing. (Where the sanitized tree has no such
/// serialization, e.g. a ``div`` left inside a ``p`` by unwrapping, the result is what a
/// browser makes of it.) It is also safe when parsed with scripting disabled (a ``noscript``
/// whose contents would then read as other markup is dropped). Stricter than the standard,
/// every attribute whose name starts with ``on`` is removed unless ``unsafe=True``, whatever
/// the configuration lists. A ``"template"`` context is parsed with scripting disabled, as
/// browsers parse template contents.
///
/// >>> websyntax.sanitize('<p onclick="x()">Hi<script>bad()</script></p>')
/// '<p>Hi</p>'
/// >>> websyntax.sanitize('<td>cell<img src=x onerror=y>', context="tr")
/// '<td>cell</td>'
/// >>> websyntax.sanitize('<b>b</b><span>s</span>', {"replaceWithChildrenElements": ["span"]})
/// '<b>b</b>s'
/// >>> websyntax.sanitize('<select><div>x</div></select>', {"elements": ["select", "div"]}, standard="living")
/// '<select><div>x</div></select>'
/// >>> websyntax.sanitize(b'<meta charset=koi8-r><p>\xf0', {"elements": ["p"]})
/// '<p>П</p>'
#[pyfunction]
#[pyo3(
    signature = (html, sanitizer=None, context="div", *, r#unsafe=false, max_nodes=Limit::Auto, max_depth=Limit::At(DEFAULT_MAX_DEPTH), standard="seed", strict=false, transport_charset=None),
    text_signature = "(html, sanitizer=None, context='div', *, unsafe=False, max_nodes='auto', max_depth=512, standard='seed', strict=False, transport_charset=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn sanitize<'py>(
    py: Python<'py>,
    html: &Bound<'py, PyAny>,
    sanitizer: Option<&Bound<'py, PyAny>>,
    context: &str,
    r#unsafe: bool,
    max_nodes: Limit,
    max_depth: Limit,
    standard: &str,
    strict: bool,
    transport_charset: Option<&str>,
) -> PyResult<String> {
    let html = input_text(py, html, transport_charset)?;
    let html: &str = &html;
    let parsed;
    let ctx: &Context = if context == "div" {
        div_context()
    } else {
        // The library's one rule (a bare `svg` or `math` is refused as ambiguous) and its words.
        parsed = context
            .parse::<Context>()
            .map_err(|e| PyValueError::new_err(format!("context: {e}")))?;
        &parsed
    };
    let standard = standard_arg(standard)?;
    let san = sanitizer_for(py, sanitizer, !r#unsafe, strict)?;
    let lim = limits(max_nodes, max_depth, html.len());
    let options = s::SanitizeOptions {
        limits: lim,
        standard,
    };
    let out = released(py, html.len(), || {
        s::sanitize_fragment_with(html, ctx, &san, !r#unsafe, options)
    })
    .ok_or_else(|| node_limit_error(&lim))?;
    Ok(out)
}

/// The text of a ``sanitize``/``parse_html`` input: a ``str`` as it is; ``bytes`` (or
/// ``bytearray``) decoded as :func:`parse` decodes them (BOM, ``transport_charset``, the
/// ``<meta>`` prescan, autodetection), by the HTML Standard's encoding sniffing.
fn input_text<'py>(
    py: Python<'py>,
    html: &'py Bound<'py, PyAny>,
    transport_charset: Option<&str>,
) -> PyResult<std::borrow::Cow<'py, str>> {
    if let Ok(s) = html.downcast::<PyString>() {
        if transport_charset.is_some() {
            return Err(PyTypeError::new_err(
                "transport_charset applies to bytes input only (a str is not decoded)",
            ));
        }
        return s.to_cow();
    }
    let bytes: Vec<u8> = if let Ok(b) = html.downcast::<PyBytes>() {
        b.as_bytes().to_vec()
    } else if let Ok(b) = html.downcast::<PyByteArray>() {
        b.to_vec()
    } else {
        return Err(PyTypeError::new_err(format!(
            "html must be str or bytes, not {}",
            html.get_type().name()?
        )));
    };
    let options = crate::html::parser_options(transport_charset, None, None, true, true)?;
    let text = released(py, bytes.len(), || {
        websyntax::html::input_stream::decode_document_bytes(&bytes, &options)
            .0
            .into_owned()
    });
    Ok(std::borrow::Cow::Owned(text))
}

/// The default context, `div`, parsed once.
fn div_context() -> &'static Context {
    static DIV: std::sync::OnceLock<Context> = std::sync::OnceLock::new();
    DIV.get_or_init(|| Context::html("div"))
}

/// The :class:`ResourceLimitError` of an input that reached a limit (`limits_message`).
fn node_limit_error(lim: &websyntax::html::ResourceLimits) -> PyErr {
    ResourceLimitError::new_err(format!(
        "the input reached {} and was not sanitized; {}, or a larger max_depth",
        s::limits_message(lim),
        crate::html::LIFT_LIMITS
    ))
}

/// ``Document.parseHTML(html, {sanitizer})``: a whole document, parsed (scripting disabled,
/// declarative shadow roots allowed) and sanitized; returns its serialization, as a string
/// that parses back to itself (see :func:`sanitize`). ``standard``: ``"seed"`` (the default)
/// or ``"living"``, as in :func:`sanitize`. ``html`` may be ``bytes``, decoded as
/// :func:`sanitize` decodes them. ``as_document=True`` returns the sanitized
/// :class:`Document` (that string parsed, scripting disabled) instead of the string.
///
/// >>> websyntax.parse_html('<title>t</title><p onclick=x>p<script>s</script>')
/// '<html><head><title>t</title></head><body><p>p</p></body></html>'
/// >>> websyntax.parse_html('<title>t</title><p onclick=x>p', as_document=True).title
/// 't'
#[pyfunction]
#[pyo3(
    signature = (html, sanitizer=None, *, r#unsafe=false, max_nodes=Limit::Auto, max_depth=Limit::At(DEFAULT_MAX_DEPTH), standard="seed", transport_charset=None, as_document=false),
    text_signature = "(html, sanitizer=None, *, unsafe=False, max_nodes='auto', max_depth=512, standard='seed', transport_charset=None, as_document=False)"
)]
#[allow(clippy::too_many_arguments)]
pub fn parse_html<'py>(
    py: Python<'py>,
    html: &Bound<'py, PyAny>,
    sanitizer: Option<&Bound<'py, PyAny>>,
    r#unsafe: bool,
    max_nodes: Limit,
    max_depth: Limit,
    standard: &str,
    transport_charset: Option<&str>,
    as_document: bool,
) -> PyResult<PyObject> {
    let html = input_text(py, html, transport_charset)?;
    let html: &str = &html;
    let standard = standard_arg(standard)?;
    let san = sanitizer_for(py, sanitizer, !r#unsafe, false)?;
    let lim = limits(max_nodes, max_depth, html.len());
    let options = s::SanitizeOptions {
        limits: lim,
        standard,
    };
    let out = released(py, html.len(), || {
        s::sanitize_document_with(html, &san, !r#unsafe, options)
    })
    .ok_or_else(|| node_limit_error(&lim))?;
    if as_document {
        // The string is a fixed point: parsed again (scripting disabled, as parseHTML
        // parses), it is the sanitized tree.
        let doc = crate::html::document_from_str(py, out, false, standard)?;
        return Ok(Py::new(py, doc)?.into_any());
    }
    Ok(out.into_pyobject(py)?.into_any().unbind())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Sanitizer>()?;
    m.add_function(wrap_pyfunction!(sanitize, m)?)?;
    m.add_function(wrap_pyfunction!(parse_html, m)?)?;
    Ok(())
}
