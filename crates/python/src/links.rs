//! `Link`: one URL of `Document.links()`, a small record whose Python values are made when
//! they are read (a page has hundreds of links; most callers read one or two fields of each).

use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use websyntax::html::NodeId;

use crate::html::{Document, node};

/// The field names, in the order `keys()` gives them.
const KEYS: [&str; 8] = [
    "element", "attr", "raw", "span", "url", "error", "errors", "obsolete",
];

/// One URL in a URL-bearing attribute (each ``srcset`` candidate apart), from
/// :meth:`Document.links`.
///
/// Fields (attributes, also readable as ``link["url"]``, ``link.get("error")``):
/// ``element`` (the :class:`Node` carrying the attribute), ``attr`` (its name), ``raw`` (the
/// URL string as written: the value, or one ``srcset`` candidate), ``span`` (``(start, end)``
/// of ``raw`` in the input, or ``None``), ``url`` (the resolved URL as a ``str``, or ``None``
/// when the URL parser fails), ``error`` (the failure's validation error name, or ``None``),
/// ``errors`` (every validation error met: ``[(name, offset in raw)]``), ``obsolete``
/// (``True`` for the obsolete ``background`` and ``frame src`` attributes).
///
/// >>> import websyntax
/// >>> doc = websyntax.parse(b'<a href="/x">x</a>', url="https://example.org/a/")
/// >>> link = doc.links()[0]
/// >>> link.url, link["attr"], link.element.name
/// ('https://example.org/x', 'href', 'a')
/// >>> dict(zip(link.keys(), link.values()))["raw"]
/// '/x'
#[pyclass(frozen, module = "websyntax", name = "Link")]
pub struct Link {
    doc: Py<Document>,
    element: NodeId,
    attr: Py<PyString>,
    raw: Box<str>,
    span: Option<(usize, usize)>,
    url: Result<Box<str>, &'static str>,
    errors: Box<[(&'static str, usize)]>,
    obsolete: bool,
}

impl Link {
    /// The record of `link` of document `doc`; `attr` is the attribute name as a Python string
    /// (shared between the links of one call).
    pub(crate) fn new(
        doc: &Bound<'_, Document>,
        link: websyntax::html::links::Link<'_>,
        attr: Py<PyString>,
    ) -> Link {
        Link {
            doc: doc.clone().unbind(),
            element: link.element,
            attr,
            raw: link.raw.into(),
            span: link.span.map(|s| (s.start, s.end)),
            url: link
                .url
                .map(|u| u.into_string().into_boxed_str())
                .map_err(|e| e.kind().name()),
            errors: link
                .errors
                .iter()
                .map(|e| (e.kind.name(), e.position))
                .collect(),
            obsolete: link.obsolete,
        }
    }

    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        Ok(match key {
            "element" => node(self.doc.bind(py), self.element)
                .into_pyobject(py)?
                .into_any(),
            "attr" => self.attr.bind(py).clone().into_any(),
            "raw" => PyString::new(py, &self.raw).into_any(),
            "span" => self.span.into_pyobject(py)?.into_any(),
            "url" => self.url.as_deref().ok().into_pyobject(py)?.into_any(),
            "error" => self
                .url
                .as_ref()
                .err()
                .copied()
                .into_pyobject(py)?
                .into_any(),
            "errors" => self.errors.to_vec().into_pyobject(py)?.into_any(),
            "obsolete" => pyo3::types::PyBool::new(py, self.obsolete)
                .to_owned()
                .into_any(),
            _ => return Err(PyKeyError::new_err(key.to_owned())),
        })
    }
}

#[pymethods]
impl Link {
    /// The :class:`Node` carrying the attribute.
    #[getter]
    fn element<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, "element")
    }

    /// The attribute's name (``href``, ``src``, ``srcset`` …).
    #[getter]
    fn attr<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.attr.bind(py).clone()
    }

    /// The URL string as written: the attribute value, or one ``srcset`` candidate's URL.
    #[getter]
    fn raw(&self) -> &str {
        &self.raw
    }

    /// ``(start, end)`` of ``raw`` in the input, or ``None``.
    #[getter]
    fn span(&self) -> Option<(usize, usize)> {
        self.span
    }

    /// The resolved URL, or ``None`` when the URL parser returned failure.
    #[getter]
    fn url(&self) -> Option<&str> {
        self.url.as_deref().ok()
    }

    /// The validation error name of the failure, or ``None``.
    #[getter]
    fn error(&self) -> Option<&'static str> {
        self.url.as_ref().err().copied()
    }

    /// Every URL validation error met: ``[(name, offset in raw)]``.
    #[getter]
    fn errors(&self) -> Vec<(&'static str, usize)> {
        self.errors.to_vec()
    }

    /// Whether the attribute is an obsolete one (``background``, ``frame src``).
    #[getter]
    fn obsolete(&self) -> bool {
        self.obsolete
    }

    /// A field by name, as for a dict: ``link["url"]``.
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.field(py, key)
    }

    /// Whether ``key`` is a field name.
    fn __contains__(&self, key: &str) -> bool {
        KEYS.contains(&key)
    }

    /// A field by name, or ``default`` when there is no such field.
    #[pyo3(signature = (key, default=None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        if KEYS.contains(&key) {
            self.field(py, key).map(Some)
        } else {
            Ok(default)
        }
    }

    /// The field names: ``element``, ``attr``, ``raw``, ``span``, ``url``, ``error``,
    /// ``errors``, ``obsolete``.
    fn keys(&self) -> Vec<&'static str> {
        KEYS.to_vec()
    }

    /// The field values, in the order of :meth:`keys`.
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        KEYS.iter().map(|k| self.field(py, k)).collect()
    }

    /// ``(name, value)`` of every field, in the order of :meth:`keys` (``dict(link.items())``
    /// gives the dict form).
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Vec<(&'static str, Bound<'py, PyAny>)>> {
        KEYS.iter().map(|k| Ok((*k, self.field(py, k)?))).collect()
    }

    fn __len__(&self) -> usize {
        KEYS.len()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match &self.url {
            Ok(u) => format!(
                "Link(attr={:?}, url={:?})",
                self.attr.bind(py).to_string(),
                u
            ),
            Err(e) => format!(
                "Link(attr={:?}, raw={:?}, error={:?})",
                self.attr.bind(py).to_string(),
                self.raw,
                e
            ),
        }
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Link>()
}
