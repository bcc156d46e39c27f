//! CSS selectors, readable text, links and the checker (`Document.select`, `Node.select`,
//! `Selector`, `Document.text`, `Document.links`, `Document.base_url`, `check`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use websyntax::check::{Category, CheckOptions, Filter, Severity, check as run_check};
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
/// `severity` is the least severity reported (`"error"`, `"warning"`, `"info"`), `ignore`
/// codes not reported, `only` the categories reported, `max_per_file` the most diagnostics
/// returned (the rest are counted in `"omitted"`). Each diagnostic has a `count` (repeats
/// grouped into it) and a `related` place (`None`, or a dict with `span`, `line`, `col` and
/// `message`: where the construct an `eof-*` error leaves unclosed began). `max_nodes` and
/// `max_depth` are :func:`parse`'s limits: a page that reaches the node limit raises
/// :class:`ResourceLimitError`.
///
/// >>> import websyntax
/// >>> report = websyntax.check(b"<!DOCTYPE html><title>t</title><p><a href='a b'>x</a></div>")
/// >>> sorted({d["code"] for d in report["diagnostics"] if d["severity"] == "error"})
/// ['invalid-URL-unit', 'unexpected-end-tag-not-in-scope']
#[pyfunction]
#[pyo3(
    signature = (data, *, transport_charset=None, document_url=None, scripting=true, autodetect=true, severity="info", ignore=None, only=None, max_per_file=None, max_nodes=crate::html::Limit::Auto, max_depth=crate::html::Limit::At(crate::html::DEFAULT_MAX_DEPTH)),
    text_signature = "(data, *, transport_charset=None, document_url=None, scripting=True, autodetect=True, severity='info', ignore=None, only=None, max_per_file=None, max_nodes='auto', max_depth=512)"
)]
#[allow(clippy::too_many_arguments)]
fn check<'py>(
    py: Python<'py>,
    data: &[u8],
    transport_charset: Option<String>,
    document_url: Option<String>,
    scripting: bool,
    autodetect: bool,
    severity: &str,
    ignore: Option<Vec<String>>,
    only: Option<Vec<String>>,
    max_per_file: Option<usize>,
    max_nodes: crate::html::Limit,
    max_depth: crate::html::Limit,
) -> PyResult<Bound<'py, PyDict>> {
    let min_severity = Severity::from_name(severity).ok_or_else(|| {
        PyValueError::new_err(format!(
            "severity must be \"error\", \"warning\" or \"info\", not {severity:?}"
        ))
    })?;
    let only = only
        .unwrap_or_default()
        .iter()
        .map(|c| {
            Category::from_name(c).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "unknown category {c:?} (parse, encoding, url, attribute)"
                ))
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let options = CheckOptions {
        transport_charset,
        document_url,
        scripting,
        autodetect,
        filter: Filter {
            min_severity,
            ignore: ignore.unwrap_or_default(),
            only,
            max_per_file,
        },
        limits: crate::html::limits(max_nodes, max_depth, data.len()),
    };
    let (encoding, diagnostics, omitted, reached) = py.allow_threads(|| {
        let report = run_check(data, &options);
        (
            report.encoding,
            report.diagnostics,
            report.omitted,
            report.limits_reached,
        )
    });
    crate::html::limit_error(reached, &options.limits, " and was not checked whole")?;
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
        item.set_item("count", d.count)?;
        let related = match d.related {
            Some(r) => {
                let related = PyDict::new(py);
                related.set_item("span", (r.span.start, r.span.end))?;
                related.set_item("line", r.line)?;
                related.set_item("col", r.col)?;
                related.set_item("message", r.message)?;
                Some(related)
            }
            None => None,
        };
        item.set_item("related", related)?;
        list.push(item);
    }
    out.set_item("diagnostics", list)?;
    out.set_item("omitted", omitted)?;
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Selector>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    Ok(())
}
