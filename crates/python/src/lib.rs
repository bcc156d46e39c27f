//! The `websyntax` Python package's native module (`websyntax._native`), built with PyO3.
//!
//! The Python-facing API is documented in `docs/python.md` and typed in
//! `python/websyntax/__init__.pyi`; this crate is built by maturin (`crates/python/pyproject.toml`),
//! not by `cargo test`.
//!
//! Thread safety: every object that wraps parsed data is a frozen (immutable) pyclass over
//! `Send + Sync` Rust data, so the same `Document` may be read from several Python threads at
//! once; parsing runs with the GIL released.

use pyo3::prelude::*;

mod encoding;
mod extract;
mod html;
mod iri;
mod links;
mod microsyntax;
mod nh3;
mod query;
mod sanitize;
mod selectolax;
mod selectolax_attrs;
mod url;

/// The native module: everything is re-exported by the pure-Python package `websyntax`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    html::register(m)?;
    url::register(m)?;
    encoding::register(m)?;
    microsyntax::register(m)?;
    iri::register(m)?;
    query::register(m)?;
    sanitize::register(m)?;
    nh3::register(m)?;
    links::register(m)?;
    selectolax::register(m)?;
    Ok(())
}
