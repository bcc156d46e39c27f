//! `URL`, `URLSearchParams`, `url_validation_errors` (the URL Standard).

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyString, PyTuple};
use std::sync::RwLock;
use websyntax::url::{Url, UrlSearchParams, domain_to_ascii, domain_to_unicode};

use crate::html::encoding_for_label;

fn url_error(e: websyntax::url::ParseError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A base given as `str` or `URL`.
fn base_url(base: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Url>> {
    let Some(base) = base else { return Ok(None) };
    if base.is_none() {
        return Ok(None);
    }
    if let Ok(u) = base.downcast::<URL>() {
        return Ok(Some(u.get().read().clone()));
    }
    let s: String = base.extract()?;
    Url::parse(&s, None).map(Some).map_err(url_error)
}

/// A parsed URL with the WHATWG `URL` interface's getters and setters. Mutable through its
/// setters (guarded by a lock, so it is safe to share between threads).
#[pyclass(frozen, module = "websyntax", name = "URL")]
#[allow(clippy::upper_case_acronyms)]
pub struct URL {
    url: RwLock<Url>,
}

impl URL {
    fn read(&self) -> std::sync::RwLockReadGuard<'_, Url> {
        self.url.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Url> {
        self.url.write().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the URL record.
    pub(crate) fn url(&self) -> Url {
        self.read().clone()
    }

    fn from(url: Url) -> URL {
        URL {
            url: RwLock::new(url),
        }
    }
}

#[pymethods]
impl URL {
    /// Parses `url` against `base` (a `str` or `URL`); `encoding` is the query encoding
    /// (an HTML document's encoding). Raises `ValueError` on failure.
    #[new]
    #[pyo3(signature = (url, base=None, *, encoding=None))]
    fn new(url: &str, base: Option<&Bound<'_, PyAny>>, encoding: Option<&str>) -> PyResult<URL> {
        let base = base_url(base)?;
        let enc = match encoding {
            Some(label) => encoding_for_label(label)?,
            None => websyntax::encoding::Encoding::UTF_8,
        };
        Url::parse_with_encoding(url, base.as_ref(), enc)
            .map(URL::from)
            .map_err(url_error)
    }

    /// `URL.canParse(url, base)`.
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn can_parse(url: &str, base: Option<&Bound<'_, PyAny>>) -> bool {
        match base_url(base) {
            Ok(b) => Url::parse(url, b.as_ref()).is_ok(),
            Err(_) => false,
        }
    }

    /// `URL.parse(url, base)`: the URL, or `None` on failure.
    #[staticmethod]
    #[pyo3(signature = (url, base=None))]
    fn parse(url: &str, base: Option<&Bound<'_, PyAny>>) -> Option<URL> {
        let b = base_url(base).ok()?;
        Url::parse(url, b.as_ref()).ok().map(URL::from)
    }

    #[getter]
    fn href(&self) -> String {
        self.read().href().to_owned()
    }
    #[setter]
    fn set_href(&self, value: &str) -> PyResult<()> {
        self.write().set_href(value).map_err(url_error)
    }
    #[getter]
    fn origin(&self) -> String {
        self.read().origin().ascii_serialization()
    }
    #[getter]
    fn protocol(&self) -> String {
        self.read().protocol().to_owned()
    }
    #[setter]
    fn set_protocol(&self, value: &str) {
        self.write().set_protocol(value)
    }
    #[getter]
    fn username(&self) -> String {
        self.read().username().to_owned()
    }
    #[setter]
    fn set_username(&self, value: &str) {
        self.write().set_username(value)
    }
    #[getter]
    fn password(&self) -> String {
        self.read().password().to_owned()
    }
    #[setter]
    fn set_password(&self, value: &str) {
        self.write().set_password(value)
    }
    #[getter]
    fn host(&self) -> String {
        self.read().host_with_port().to_owned()
    }
    #[setter]
    fn set_host(&self, value: &str) {
        self.write().set_host(value)
    }
    #[getter]
    fn hostname(&self) -> String {
        self.read().hostname().to_owned()
    }
    #[setter]
    fn set_hostname(&self, value: &str) {
        self.write().set_hostname(value)
    }
    #[getter]
    fn port(&self) -> String {
        self.read().port_str().to_owned()
    }
    #[setter]
    fn set_port(&self, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let s: String = match value.downcast::<PyString>() {
            Ok(s) => s.to_cow()?.into_owned(),
            Err(_) => value.str()?.to_cow()?.into_owned(),
        };
        self.write().set_port(&s);
        Ok(())
    }
    #[getter]
    fn pathname(&self) -> String {
        self.read().pathname().to_owned()
    }
    #[setter]
    fn set_pathname(&self, value: &str) {
        self.write().set_pathname(value)
    }
    #[getter]
    fn search(&self) -> String {
        self.read().search().to_owned()
    }
    #[setter]
    fn set_search(&self, value: &str) {
        self.write().set_search(value)
    }
    #[getter]
    fn hash(&self) -> String {
        self.read().hash().to_owned()
    }
    #[setter]
    fn set_hash(&self, value: &str) {
        self.write().set_hash(value)
    }

    /// A copy of the query as `URLSearchParams` (assign it back to `search_params` to update
    /// the URL).
    #[getter]
    fn search_params(&self) -> URLSearchParams {
        URLSearchParams::from(self.read().search_params())
    }
    #[setter]
    fn set_search_params(&self, params: PyRef<'_, URLSearchParams>) {
        let p = params.read().clone();
        self.write().set_search_params(&p)
    }

    fn __str__(&self) -> String {
        self.href()
    }
    fn __repr__(&self) -> String {
        format!("URL({:?})", self.read().href())
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<URL>()
            .is_ok_and(|o| o.get().read().href() == self.read().href())
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.read().href().hash(&mut h);
        h.finish()
    }
    /// Pickles as its href.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let href = slf.get().href();
        Ok((slf.get_type().into_any(), PyTuple::new(slf.py(), [href])?))
    }
}

/// The URL Standard's `URLSearchParams`: an ordered list of name-value pairs.
#[pyclass(frozen, module = "websyntax", name = "URLSearchParams")]
pub struct URLSearchParams {
    params: RwLock<UrlSearchParams>,
}

impl URLSearchParams {
    fn from(p: UrlSearchParams) -> Self {
        URLSearchParams {
            params: RwLock::new(p),
        }
    }
    fn read(&self) -> std::sync::RwLockReadGuard<'_, UrlSearchParams> {
        self.params.read().unwrap_or_else(|e| e.into_inner())
    }
    fn write(&self) -> std::sync::RwLockWriteGuard<'_, UrlSearchParams> {
        self.params.write().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl URLSearchParams {
    /// From a query string (a leading `?` is ignored), a mapping, or an iterable of pairs.
    #[new]
    #[pyo3(signature = (init=None))]
    fn new(init: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let Some(init) = init.filter(|i| !i.is_none()) else {
            return Ok(Self::from(UrlSearchParams::new()));
        };
        if let Ok(s) = init.downcast::<PyString>() {
            return Ok(Self::from(UrlSearchParams::parse(&s.to_cow()?)));
        }
        let iterable = if init.hasattr("items")? {
            init.call_method0("items")?
        } else {
            init.clone()
        };
        let mut pairs: Vec<(String, String)> = Vec::new();
        for item in PyIterator::from_object(&iterable)? {
            let item = item?;
            let (n, v): (String, String) = item.extract().map_err(|_| {
                PyValueError::new_err("each item must be a pair of two strings (name, value)")
            })?;
            pairs.push((n, v));
        }
        Ok(Self::from(UrlSearchParams::from_pairs(pairs)))
    }

    fn append(&self, name: &str, value: &str) {
        self.write().append(name, value)
    }
    #[pyo3(signature = (name, value=None))]
    fn delete(&self, name: &str, value: Option<&str>) {
        self.write().delete(name, value)
    }
    /// The first value of `name`, or `None`.
    fn get(&self, name: &str) -> Option<String> {
        self.read().get(name).map(str::to_owned)
    }
    fn get_all(&self, name: &str) -> Vec<String> {
        self.read()
            .get_all(name)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }
    #[pyo3(signature = (name, value=None))]
    fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.read().has(name, value)
    }
    fn set(&self, name: &str, value: &str) {
        self.write().set(name, value)
    }
    fn sort(&self) {
        self.write().sort()
    }
    /// The pairs, in order.
    fn items(&self) -> Vec<(String, String)> {
        self.read().pairs().to_vec()
    }
    fn __len__(&self) -> usize {
        self.read().size()
    }
    fn __contains__(&self, name: &str) -> bool {
        self.read().has(name, None)
    }
    fn __getitem__(&self, name: &str) -> PyResult<String> {
        self.get(name)
            .ok_or_else(|| PyKeyError::new_err(name.to_owned()))
    }
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let list = self.items().into_pyobject(py)?;
        PyIterator::from_object(&list)
    }
    fn __str__(&self) -> String {
        self.read().serialize()
    }
    fn __repr__(&self) -> String {
        format!("URLSearchParams({:?})", self.read().serialize())
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<URLSearchParams>()
            .is_ok_and(|o| o.get().read().pairs() == self.read().pairs())
    }
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let s = slf.get().read().serialize();
        Ok((slf.get_type().into_any(), PyTuple::new(slf.py(), [s])?))
    }
}

/// Every validation error met parsing `url` against `base`, as `(name, byte offset)`, e.g.
/// `[("special-scheme-missing-following-solidus", 6)]`. A failure's error is the last one.
#[pyfunction]
#[pyo3(signature = (url, base=None))]
fn url_validation_errors(
    url: &str,
    base: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(&'static str, usize)>> {
    let base = base_url(base)?;
    let (result, mut errors) = Url::parse_with_errors(url, base.as_ref());
    if let Err(e) = result {
        let v = e.validation_error();
        if errors.last() != Some(&v) {
            errors.push(v);
        }
    }
    Ok(errors
        .into_iter()
        .map(|e| (e.kind.name(), e.position))
        .collect())
}

/// UTS #46 "domain to ASCII" as the URL Standard uses it (`beStrict` false).
#[pyfunction(name = "domain_to_ascii")]
fn py_domain_to_ascii(domain: &str) -> PyResult<String> {
    domain_to_ascii(domain, false)
        .map_err(|k| PyValueError::new_err(format!("domain to ASCII failed: {}", k.name())))
}

/// "domain to Unicode".
#[pyfunction(name = "domain_to_unicode")]
fn py_domain_to_unicode(domain: &str) -> String {
    domain_to_unicode(domain, false).0
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<URL>()?;
    m.add_class::<URLSearchParams>()?;
    m.add_function(wrap_pyfunction!(url_validation_errors, m)?)?;
    m.add_function(wrap_pyfunction!(py_domain_to_ascii, m)?)?;
    m.add_function(wrap_pyfunction!(py_domain_to_unicode, m)?)?;
    Ok(())
}
