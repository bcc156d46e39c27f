//! `websyntax.selectolax`'s live attribute mapping (`Node.attrs`) and its `Selector` (the
//! chained filters of `Node.select`).

use std::sync::Mutex;

use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use websyntax::html::NodeId;
use websyntax_selectolax as sx;

use crate::selectolax::{Node, SelectolaxError};

/// A dict-like, live view of an element's attributes: writes change the element.
#[pyclass(frozen, module = "websyntax.selectolax", name = "LexborAttributes")]
pub struct Attributes {
    node: Node,
}

impl Attributes {
    pub(crate) fn new(node: Node) -> Attributes {
        Attributes { node }
    }

    fn pairs(&self) -> Vec<(String, Option<String>)> {
        self.node.with_state(|d, id| {
            sx::attributes(d, id)
                .into_iter()
                .map(|(k, v)| (k.into_owned(), v.map(str::to_owned)))
                .collect()
        })
    }

    fn lookup(&self, key: &str) -> Option<Option<String>> {
        self.node.with_state(|d, id| {
            let a = d.attrs(id).find(|a| a.qualified_name() == key)?;
            Some(sx::attribute_value(&a).map(str::to_owned))
        })
    }
}

#[pymethods]
impl Attributes {
    fn __iter__(&self, py: Python<'_>) -> PyResult<PyObject> {
        let keys = pyo3::types::PyList::new(py, self.keys())?;
        Ok(keys.try_iter()?.into_any().unbind())
    }

    fn keys(&self) -> Vec<String> {
        self.pairs().into_iter().map(|(k, _)| k).collect()
    }

    fn values(&self) -> Vec<Option<String>> {
        self.pairs().into_iter().map(|(_, v)| v).collect()
    }

    fn items(&self) -> Vec<(String, Option<String>)> {
        self.pairs()
    }

    fn __len__(&self) -> usize {
        self.node.with_state(|d, id| d.attrs(id).count())
    }

    fn __getitem__(&self, key: &str) -> PyResult<Option<String>> {
        self.lookup(key)
            .ok_or_else(|| PyKeyError::new_err(key.to_owned()))
    }

    /// Sets `key` to `value` (`None`: an attribute without a value, written `key=""`).
    fn __setitem__(&self, key: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let v = if value.is_none() {
            String::new()
        } else if let Ok(s) = value.downcast::<PyString>() {
            s.to_str()?.to_owned()
        } else {
            return Err(PyTypeError::new_err(format!(
                "Expected str or unicode, got {}",
                value.get_type().name()?
            )));
        };
        self.node
            .with_state(|d, id| d.set_attribute(id, key, &v))
            .map_err(|e| SelectolaxError::new_err(e.to_string()))
    }

    fn __delitem__(&self, key: &str) -> PyResult<()> {
        if self.lookup(key).is_none() {
            return Err(PyKeyError::new_err(key.to_owned()));
        }
        self.node
            .with_state(|d, id| d.remove_attribute(id, key))
            .map(|_| ())
            .map_err(|e| SelectolaxError::new_err(e.to_string()))
    }

    fn __contains__(&self, key: &str) -> bool {
        self.lookup(key).is_some()
    }

    #[pyo3(signature = (key, default=None))]
    fn get(&self, py: Python<'_>, key: &str, default: Option<PyObject>) -> PyResult<PyObject> {
        Ok(match self.lookup(key) {
            Some(v) => v.into_pyobject(py)?.into_any().unbind(),
            None => default.unwrap_or_else(|| py.None()),
        })
    }

    /// `get`, with `""` for an attribute without a value.
    #[pyo3(signature = (key, default=None))]
    fn sget(&self, py: Python<'_>, key: &str, default: Option<PyObject>) -> PyResult<PyObject> {
        Ok(match self.lookup(key) {
            Some(v) => v.unwrap_or_default().into_pyobject(py)?.into_any().unbind(),
            None => match default {
                Some(d) => d,
                None => "".into_pyobject(py)?.into_any().unbind(),
            },
        })
    }

    fn __repr__(&self) -> String {
        let name = self
            .node
            .with_state(|d, id| d.local_name(id).unwrap_or("unknown").to_owned());
        format!("<{name} attributes, {} items>", self.__len__())
    }
}

/// selectolax's `Selector`: the nodes `Node.select(query)` found, narrowed by chained filters
/// (each filter narrows this selector and returns it).
#[pyclass(frozen, module = "websyntax.selectolax", name = "LexborSelector")]
pub struct Selector {
    node: Node,
    nodes: Mutex<Vec<NodeId>>,
}

impl Selector {
    pub(crate) fn new(node: Node, nodes: Vec<NodeId>) -> Selector {
        Selector {
            node,
            nodes: Mutex::new(nodes),
        }
    }

    fn ids(&self) -> Vec<NodeId> {
        self.nodes.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    fn set(&self, ids: Vec<NodeId>) {
        *self.nodes.lock().unwrap_or_else(|p| p.into_inner()) = ids;
    }
}

#[pymethods]
impl Selector {
    /// Narrows to the matches of `query` inside the current nodes (Modest's chaining).
    fn css<'py>(slf: Bound<'py, Self>, query: &str) -> PyResult<Bound<'py, Self>> {
        let ids = slf.get().ids();
        let found = slf.get().node.ids_css(&ids, query)?;
        slf.get().set(found);
        Ok(slf)
    }

    #[getter]
    fn matches(&self, py: Python<'_>) -> Vec<Node> {
        self.ids()
            .into_iter()
            .map(|id| self.node.node(py, id))
            .collect()
    }

    #[getter]
    fn any_matches(&self) -> bool {
        !self.ids().is_empty()
    }

    #[pyo3(signature = (text, deep=true, separator="", strip=false))]
    fn text_contains<'py>(
        slf: Bound<'py, Self>,
        text: &str,
        deep: bool,
        separator: &str,
        strip: bool,
    ) -> Bound<'py, Self> {
        let ids = slf.get().ids();
        let kept = slf.get().node.ids_text(&ids, text, deep, separator, strip);
        slf.get().set(kept);
        slf
    }

    #[pyo3(signature = (text, deep=true, separator="", strip=false))]
    fn any_text_contains(&self, text: &str, deep: bool, separator: &str, strip: bool) -> bool {
        !self
            .node
            .ids_text(&self.ids(), text, deep, separator, strip)
            .is_empty()
    }

    #[pyo3(signature = (attribute, length, start=None))]
    fn attribute_longer_than<'py>(
        slf: Bound<'py, Self>,
        attribute: &str,
        length: usize,
        start: Option<&str>,
    ) -> Bound<'py, Self> {
        let ids = slf.get().ids();
        let kept = slf
            .get()
            .node
            .ids_attr_longer(&ids, attribute, length, start);
        slf.get().set(kept);
        slf
    }

    #[pyo3(signature = (attribute, length, start=None))]
    fn any_attribute_longer_than(
        &self,
        attribute: &str,
        length: usize,
        start: Option<&str>,
    ) -> bool {
        !self
            .node
            .ids_attr_longer(&self.ids(), attribute, length, start)
            .is_empty()
    }

    fn __bool__(&self) -> bool {
        self.any_matches()
    }
}
