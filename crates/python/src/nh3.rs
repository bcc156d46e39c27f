//! `websyntax.nh3`: nh3's API (`clean`, `clean_text`, `escape`, `is_html`, `Cleaner` and the
//! default sets) on `websyntax::sanitize::compat`. A thin layer: Python values become
//! [`CleanOptions`]; the callables (`attribute_filter`, `url_relative`) are called from Rust.

use std::collections::BTreeMap;
use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PySet, PyString, PyTuple};
use websyntax::sanitize::compat::{self as c, CleanOptions, UrlRelative};

use crate::html::{released, standard_arg};

/// The strings of an iterable (a set, frozenset, list ...; not a single ``str``), sorted so
/// that the result does not depend on a set's order.
pub(crate) fn strings(v: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    if v.downcast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a collection of strings, not a str"
        )));
    }
    let mut out = Vec::new();
    for x in v.try_iter()? {
        out.push(x?.extract::<String>()?);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// A mapping's items, each value read by `value`.
fn mapping<T>(
    v: &Bound<'_, PyAny>,
    what: &str,
    value: impl Fn(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<BTreeMap<String, T>> {
    let items = v
        .call_method0("items")
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a mapping")))?;
    let mut out = BTreeMap::new();
    for item in items.try_iter()? {
        let (k, v): (String, Bound<'_, PyAny>) = item?.extract()?;
        out.insert(k, value(&v)?);
    }
    Ok(out)
}

/// An optional argument read by `f` (`None` stays `None`).
fn opt<'py, T>(
    v: Option<&Bound<'py, PyAny>>,
    f: impl FnOnce(&Bound<'py, PyAny>) -> PyResult<T>,
) -> PyResult<Option<T>> {
    match v {
        Some(v) if !v.is_none() => f(v).map(Some),
        _ => Ok(None),
    }
}

/// `attribute_filter`: called per attribute kept; an exception (or a result that is not a
/// ``str`` or ``None``) goes to ``sys.unraisablehook`` and keeps the value, as in nh3.
fn attribute_filter(f: Py<PyAny>) -> c::AttributeFilter {
    Arc::new(move |element: &str, attribute: &str, value: &str| {
        Python::with_gil(|py| {
            let err = match f.call1(py, (element, attribute, value)) {
                Ok(r) if r.is_none(py) => return None,
                Ok(r) => match r.extract::<String>(py) {
                    Ok(s) => return Some(s),
                    Err(_) => {
                        PyTypeError::new_err("expected attribute_filter to return str or None")
                    }
                },
                Err(e) => e,
            };
            let args = PyTuple::new(py, [element, attribute, value]).ok();
            err.write_unraisable(py, args.as_ref().map(|a| a.as_any()));
            Some(value.to_owned())
        })
    })
}

/// `url_relative`: ``"pass_through"``, ``"deny"``, ``("rewrite_with_base", base)``,
/// ``("rewrite_with_root", root, path)`` or a callable (whose exceptions go to
/// ``sys.unraisablehook`` and remove the URL, as in nh3).
fn url_relative(v: &Bound<'_, PyAny>) -> PyResult<UrlRelative> {
    let url = |s: &Bound<'_, PyAny>, what: &str| -> PyResult<websyntax::url::Url> {
        let s: String = s
            .extract()
            .map_err(|_| PyValueError::new_err(format!("url_relative {what} must be a string")))?;
        websyntax::url::Url::parse(&s, None)
            .map_err(|e| PyValueError::new_err(format!("invalid url_relative {what} {s:?}: {e}")))
    };
    if let Ok(s) = v.downcast::<PyString>() {
        return match &*s.to_cow()? {
            "pass_through" => Ok(UrlRelative::PassThrough),
            "deny" => Ok(UrlRelative::Deny),
            other => Err(PyValueError::new_err(format!(
                "invalid url_relative string {other:?}; expected \"pass_through\" or \"deny\""
            ))),
        };
    }
    if let Ok(t) = v.downcast::<PyTuple>() {
        let mode: String = t
            .get_item(0)
            .and_then(|m| m.extract())
            .map_err(|_| PyValueError::new_err("url_relative tuple must start with a mode"))?;
        return match (mode.as_str(), t.len()) {
            ("rewrite_with_base", 2) => Ok(UrlRelative::RewriteWithBase(url(
                &t.get_item(1)?,
                "base URL",
            )?)),
            ("rewrite_with_root", 3) => Ok(UrlRelative::RewriteWithRoot {
                root: url(&t.get_item(1)?, "root URL")?,
                path: t.get_item(2)?.extract().map_err(|_| {
                    PyValueError::new_err("url_relative rewrite_with_root path must be a string")
                })?,
            }),
            ("rewrite_with_base" | "rewrite_with_root", n) => Err(PyValueError::new_err(format!(
                "url_relative ({mode:?}, ...) has {n} elements: expected (\"rewrite_with_base\", \
                 base_url) or (\"rewrite_with_root\", root_url, path)"
            ))),
            _ => Err(PyValueError::new_err(format!(
                "invalid url_relative mode {mode:?}; expected \"rewrite_with_base\" or \
                 \"rewrite_with_root\""
            ))),
        };
    }
    if v.is_callable() {
        let f = v.clone().unbind();
        return Ok(UrlRelative::Custom(Arc::new(move |u: &str| {
            Python::with_gil(|py| {
                let err = match f.call1(py, (u,)) {
                    Ok(r) if r.is_none(py) => return None,
                    Ok(r) => match r.extract::<String>(py) {
                        Ok(s) => return Some(s),
                        Err(_) => PyTypeError::new_err(
                            "expected url_relative callback to return str or None",
                        ),
                    },
                    Err(e) => e,
                };
                err.write_unraisable(py, None);
                None
            })
        })));
    }
    Err(PyTypeError::new_err(
        "url_relative must be a string, a tuple, or a callable",
    ))
}

/// nh3's ``Cleaner``: the options of :func:`clean`, checked once, for many inputs.
///
/// >>> from websyntax import nh3
/// >>> cleaner = nh3.Cleaner(tags={"b", "i"}, attributes={})
/// >>> cleaner.clean("<b><i>safe</i></b><script>xss</script>")
/// '<b><i>safe</i></b>'
/// >>> cleaner.clean("<b>another</b> <em>fragment</em>")
/// '<b>another</b> fragment'
#[pyclass(frozen, module = "websyntax.nh3", name = "Cleaner")]
pub struct Cleaner {
    inner: c::Cleaner,
    /// Whether a Python callable is in the options (then the GIL is held while cleaning).
    hooks: bool,
}

#[pymethods]
impl Cleaner {
    #[new]
    #[pyo3(signature = (
        tags=None, clean_content_tags=None, attributes=None, attribute_filter=None,
        strip_comments=true, link_rel=Some("noopener noreferrer"), generic_attribute_prefixes=None,
        tag_attribute_values=None, set_tag_attribute_values=None, url_schemes=None,
        allowed_classes=None, filter_style_properties=None, url_relative=None, id_prefix=None,
        *, standard="seed"
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        tags: Option<&Bound<'_, PyAny>>,
        clean_content_tags: Option<&Bound<'_, PyAny>>,
        attributes: Option<&Bound<'_, PyAny>>,
        attribute_filter: Option<&Bound<'_, PyAny>>,
        strip_comments: bool,
        link_rel: Option<&str>,
        generic_attribute_prefixes: Option<&Bound<'_, PyAny>>,
        tag_attribute_values: Option<&Bound<'_, PyAny>>,
        set_tag_attribute_values: Option<&Bound<'_, PyAny>>,
        url_schemes: Option<&Bound<'_, PyAny>>,
        allowed_classes: Option<&Bound<'_, PyAny>>,
        filter_style_properties: Option<&Bound<'_, PyAny>>,
        url_relative: Option<&Bound<'_, PyAny>>,
        id_prefix: Option<String>,
        standard: &str,
    ) -> PyResult<Cleaner> {
        let filter = match attribute_filter {
            Some(f) if !f.is_none() => {
                if !f.is_callable() {
                    return Err(PyTypeError::new_err("attribute_filter must be callable"));
                }
                Some(self::attribute_filter(f.clone().unbind()))
            }
            _ => None,
        };
        let url_relative = opt(url_relative, self::url_relative)?.unwrap_or_default();
        let hooks = filter.is_some() || matches!(url_relative, UrlRelative::Custom(_));
        let sets = |v: &Bound<'_, PyAny>, what: &str| mapping(v, what, |s| strings(s, what));
        let options = CleanOptions {
            tags: opt(tags, |v| strings(v, "tags"))?,
            clean_content_tags: opt(clean_content_tags, |v| strings(v, "clean_content_tags"))?,
            attributes: opt(attributes, |v| sets(v, "attributes"))?,
            attribute_filter: filter,
            strip_comments,
            link_rel: link_rel.map(str::to_owned),
            generic_attribute_prefixes: opt(generic_attribute_prefixes, |v| {
                strings(v, "generic_attribute_prefixes")
            })?,
            tag_attribute_values: opt(tag_attribute_values, |v| {
                mapping(v, "tag_attribute_values", |m| {
                    sets(m, "tag_attribute_values")
                })
            })?,
            set_tag_attribute_values: opt(set_tag_attribute_values, |v| {
                mapping(v, "set_tag_attribute_values", |m| {
                    mapping(m, "set_tag_attribute_values", |s| s.extract::<String>())
                })
            })?,
            url_schemes: opt(url_schemes, |v| strings(v, "url_schemes"))?,
            allowed_classes: opt(allowed_classes, |v| sets(v, "allowed_classes"))?,
            filter_style_properties: opt(filter_style_properties, |v| {
                strings(v, "filter_style_properties")
            })?,
            url_relative,
            id_prefix,
            standard: standard_arg(standard)?,
        };
        let inner = c::Cleaner::new(options).map_err(|e| PyValueError::new_err(e.0.clone()))?;
        Ok(Cleaner { inner, hooks })
    }

    /// Cleans an HTML fragment.
    fn clean(&self, py: Python<'_>, html: &str) -> String {
        if self.hooks {
            self.inner.clean(html)
        } else {
            released(py, html.len(), || self.inner.clean(html))
        }
    }
}

/// nh3's ``clean``: sanitizes an HTML fragment with nh3's options and meaning, on websyntax's
/// parser and sanitizer core (see :class:`Cleaner` and docs/sanitize.md). Elements not in
/// ``tags`` are replaced with their text and children; ``clean_content_tags`` (``script``,
/// ``style``) go with their contents; ``rel="noopener noreferrer"`` is set on links;
/// ``data:``, ``javascript:`` and ``vbscript:`` URLs are removed. Whatever the options, the
/// result runs no script when a browser parses it, and parses back to itself. ``standard``:
/// ``"seed"`` (the default) or ``"living"``, the HTML and URL Standards that parse the input.
///
/// >>> from websyntax import nh3
/// >>> nh3.clean("<unknown>hi")
/// 'hi'
/// >>> nh3.clean("<b><img src='' onerror='alert(\\'hax\\')'>XSS?</b>")
/// '<b><img src="">XSS?</b>'
/// >>> nh3.clean('<a href="/foo">x</a>', url_relative="deny")
/// '<a rel="noopener noreferrer">x</a>'
#[pyfunction]
#[pyo3(
    signature = (html, *args, **kwargs),
    text_signature = "(html, tags=None, clean_content_tags=None, attributes=None, attribute_filter=None, strip_comments=True, link_rel='noopener noreferrer', generic_attribute_prefixes=None, tag_attribute_values=None, set_tag_attribute_values=None, url_schemes=None, allowed_classes=None, filter_style_properties=None, url_relative=None, id_prefix=None, *, standard='seed')"
)]
pub fn clean(
    py: Python<'_>,
    html: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    // The arguments are `Cleaner`'s (one signature for both).
    let cleaner = py.get_type::<Cleaner>().call(args, kwargs)?;
    let cleaner = cleaner.downcast::<Cleaner>()?;
    Ok(cleaner.get().clean(py, html))
}

/// nh3's ``clean_text`` (``escape``): without ``tags``, every character with a meaning to
/// the HTML parser escaped; with ``tags``, :func:`clean` keeping those tags, without
/// attributes, and their text.
///
/// >>> from websyntax import nh3
/// >>> nh3.clean_text('Robert"); abuse();//')
/// 'Robert&quot;);&#32;abuse();&#47;&#47;'
/// >>> nh3.clean_text('<span>hello <mention>moto</mention>!</span>', tags={'mention'})
/// 'hello <mention>moto</mention>!'
#[pyfunction]
#[pyo3(signature = (html, tags=None))]
pub fn clean_text(py: Python<'_>, html: &str, tags: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let Some(tags) = opt(tags, |v| strings(v, "tags"))? else {
        return Ok(released(py, html.len(), || c::clean_text(html)));
    };
    let options = CleanOptions {
        tags: Some(tags),
        attributes: Some(BTreeMap::new()),
        link_rel: None,
        ..CleanOptions::default()
    };
    let cleaner = c::Cleaner::new(options).map_err(|e| PyValueError::new_err(e.0.clone()))?;
    Ok(released(py, html.len(), || cleaner.clean(html)))
}

/// nh3's ``escape``: :func:`clean_text`.
///
/// >>> from websyntax import nh3
/// >>> nh3.escape("<b>&</b>")
/// '&lt;b&gt;&amp;&lt;&#47;b&gt;'
#[pyfunction]
#[pyo3(signature = (html, tags=None))]
pub fn escape(py: Python<'_>, html: &str, tags: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    clean_text(py, html, tags)
}

/// nh3's ``is_html``: whether the HTML tokenizer finds a tag, a comment or a DOCTYPE.
///
/// >>> from websyntax import nh3
/// >>> nh3.is_html("plain text"), nh3.is_html("<p>html!</p>")
/// (False, True)
#[pyfunction]
pub fn is_html(html: &str) -> bool {
    c::is_html(html)
}

/// nh3's default sets: ``(ALLOWED_TAGS, ALLOWED_ATTRIBUTES, ALLOWED_URL_SCHEMES,
/// CLEAN_CONTENT_TAGS)``, fresh (mutable) objects.
#[pyfunction]
fn _nh3_defaults(py: Python<'_>) -> PyResult<PyObject> {
    let set = |l: &[&str]| PySet::new(py, l);
    let attributes = PyDict::new(py);
    for (k, v) in c::ALLOWED_ATTRIBUTES {
        if *k != "*" {
            attributes.set_item(k, set(v)?)?;
        }
    }
    let t = (
        set(c::ALLOWED_TAGS)?,
        attributes,
        set(c::ALLOWED_URL_SCHEMES)?,
        set(c::CLEAN_CONTENT_TAGS)?,
    );
    Ok(t.into_pyobject(py)?.into_any().unbind())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Cleaner>()?;
    m.add_function(wrap_pyfunction!(clean, m)?)?;
    m.add_function(wrap_pyfunction!(clean_text, m)?)?;
    m.add_function(wrap_pyfunction!(escape, m)?)?;
    m.add_function(wrap_pyfunction!(is_html, m)?)?;
    m.add_function(wrap_pyfunction!(_nh3_defaults, m)?)?;
    Ok(())
}
