//! CSS selectors, readable text, links and the checker (`Document.select`, `Node.select`,
//! `Selector`, `Document.text`, `Document.links`, `Document.base_url`, `check`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use websyntax::check::{CheckOptions, check as run_check};
use websyntax::html::NodeId;
use websyntax::html::select::{Selector as RSelector, SelectorError};
use websyntax::url::Url;

fn selector_error(e: SelectorError) -> PyErr {
    PyValueError::new_err(format!("invalid selector: {e}"))
}

/// A compiled CSS selector list (Selectors Level 4), reusable across documents.
#[pyclass(frozen, module = "websyntax", name = "Selector")]
pub struct Selector {
    pub(crate) selector: RSelector,
    source: String,
}

#[pymethods]
impl Selector {
    /// Compiles `css`; raises `ValueError` (with the position) when it is invalid.
    #[new]
    fn new(css: &str) -> PyResult<Selector> {
        Ok(Selector {
            selector: RSelector::parse(css).map_err(selector_error)?,
            source: css.to_owned(),
        })
    }

    fn __repr__(&self) -> String {
        format!("Selector({:?})", self.source)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().source.clone(),)))
    }
}

/// A selector argument: a `str` (compiled here) or a `Selector`.
pub(crate) enum SelectorArg<'py> {
    Compiled(Bound<'py, Selector>),
    Owned(RSelector),
}

impl SelectorArg<'_> {
    pub(crate) fn get(&self) -> &RSelector {
        match self {
            SelectorArg::Compiled(s) => &s.get().selector,
            SelectorArg::Owned(s) => s,
        }
    }
}

pub(crate) fn selector_arg<'py>(css: &Bound<'py, PyAny>) -> PyResult<SelectorArg<'py>> {
    if let Ok(s) = css.downcast::<Selector>() {
        return Ok(SelectorArg::Compiled(s.clone()));
    }
    let text: String = css.extract()?;
    Ok(SelectorArg::Owned(
        RSelector::parse(&text).map_err(selector_error)?,
    ))
}

/// The elements below `scope` matching `selector` (document order).
pub(crate) fn select_ids(
    doc: &websyntax::html::Document,
    scope: NodeId,
    selector: &RSelector,
) -> Vec<NodeId> {
    if scope == NodeId::DOCUMENT {
        doc.select_with(selector).collect()
    } else {
        doc.select_in(scope, selector).collect()
    }
}

/// A document URL argument (`str` or `URL`).
pub(crate) fn document_url(url: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Url>> {
    let Some(url) = url.filter(|u| !u.is_none()) else {
        return Ok(None);
    };
    if let Ok(u) = url.downcast::<crate::url::URL>() {
        return Ok(Some(u.get().url()));
    }
    let s: String = url.extract()?;
    Url::parse(&s, None)
        .map(Some)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The syntax checker over a page's bytes: every parse error, encoding problem, bad URL and
/// bad attribute value, in source order, as plain dicts. The GIL is released while checking.
#[pyfunction]
#[pyo3(signature = (data, *, transport_charset=None, document_url=None, scripting=true, autodetect=true))]
fn check<'py>(
    py: Python<'py>,
    data: &[u8],
    transport_charset: Option<String>,
    document_url: Option<String>,
    scripting: bool,
    autodetect: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let options = CheckOptions {
        transport_charset,
        document_url,
        scripting,
        autodetect,
    };
    let (encoding, diagnostics) = py.allow_threads(|| {
        let report = run_check(data, &options);
        (report.encoding, report.diagnostics)
    });
    let out = PyDict::new(py);
    out.set_item("encoding", encoding.name())?;
    let mut list = Vec::with_capacity(diagnostics.len());
    for d in diagnostics {
        let item = PyDict::new(py);
        item.set_item("category", d.category.as_str())?;
        item.set_item("code", d.code)?;
        item.set_item("severity", d.severity.as_str())?;
        item.set_item("message", d.message)?;
        item.set_item("span", d.span.map(|s| (s.start, s.end)))?;
        item.set_item("line", d.line)?;
        item.set_item("col", d.col)?;
        list.push(item);
    }
    out.set_item("diagnostics", list)?;
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Selector>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    Ok(())
}
