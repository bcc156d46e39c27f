//! Strict RFC 3986/3987 IRI/URI validation and resolution.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use websyntax::iri::{self, Datatype};

fn datatype(name: &str) -> PyResult<Datatype> {
    name.parse()
        .map_err(|e: iri::UnknownDatatype| PyValueError::new_err(e.to_string()))
}

/// Whether `value` is valid for the datatype (`"IRI-3987"`, `"URI-reference-3986"`, …).
#[pyfunction]
#[pyo3(signature = (value, datatype="IRI-3987"))]
fn iri_is_valid(value: &str, datatype: &str) -> PyResult<bool> {
    Ok(self::datatype(datatype)?.is_valid(value))
}

/// Validates `value`: `None` when valid, else `(byte offset, grammar rule, message)`.
#[pyfunction]
#[pyo3(signature = (value, datatype="IRI-3987"))]
fn iri_validate(value: &str, datatype: &str) -> PyResult<Option<(usize, String, String)>> {
    Ok(match self::datatype(datatype)?.validate(value) {
        Ok(()) => None,
        Err(e) => Some((e.offset(), format!("{}", e.rule()), e.to_string())),
    })
}

/// Resolves `reference` against `base` (RFC 3986 §5.2, strict). Raises `ValueError`.
#[pyfunction]
fn iri_resolve(base: &str, reference: &str) -> PyResult<String> {
    iri::resolve(base, reference).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// RFC 3987 §3.1: maps an IRI to a URI (percent-encoding non-ASCII). Raises `ValueError`.
#[pyfunction]
fn iri_to_uri(value: &str) -> PyResult<String> {
    iri::iri_to_uri(value)
        .map(|c| c.into_owned())
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Syntax-based normalization (RFC 3987 §5.3.2). Raises `ValueError`.
#[pyfunction]
fn iri_normalize(value: &str) -> PyResult<String> {
    iri::normalize(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The eight datatype names.
#[pyfunction]
fn iri_datatypes() -> Vec<&'static str> {
    Datatype::ALL.iter().map(|d| d.name()).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(iri_is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(iri_validate, m)?)?;
    m.add_function(wrap_pyfunction!(iri_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(iri_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(iri_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(iri_datatypes, m)?)?;
    Ok(())
}
