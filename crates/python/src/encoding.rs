//! The Encoding Standard's `decode`/`encode`, label lookup, and HTML encoding sniffing.

use pyo3::exceptions::{PyUnicodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use websyntax::encoding::{self as enc, EncodeError, EncodeErrorMode, Encoding};
use websyntax::html::sniff::{self as sniffing, Confidence};

use crate::html::{encoding_for_label, parser_options};

/// The canonical name of the encoding `label` names (`"latin1"` → `"windows-1252"`), or
/// `None` when it names none.
#[pyfunction]
fn lookup(label: &str) -> Option<&'static str> {
    Encoding::for_label(label).map(Encoding::name)
}

/// "decode": BOM sniffing, then decoding with `encoding` (a label), malformed sequences
/// replaced by U+FFFD. Returns `(text, encoding used, had errors)`.
#[pyfunction]
#[pyo3(signature = (data, encoding="utf-8"))]
fn decode(py: Python<'_>, data: &[u8], encoding: &str) -> PyResult<(String, &'static str, bool)> {
    let e = encoding_for_label(encoding)?;
    let out = py.allow_threads(|| {
        let d = enc::decode(data, e);
        (d.text.into_owned(), d.encoding.name(), d.had_errors)
    });
    Ok(out)
}

/// "encode": `text` to `encoding`. `errors="html"` writes unmappable characters as `&#N;`
/// (what browsers do for forms and URL queries); `errors="strict"` raises `UnicodeError`.
/// Encodings without an encoder (UTF-16BE/LE, replacement) raise `ValueError`.
#[pyfunction]
#[pyo3(signature = (text, encoding="utf-8", errors="html"))]
fn encode<'py>(
    py: Python<'py>,
    text: &str,
    encoding: &str,
    errors: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let e = encoding_for_label(encoding)?;
    let mode = match errors {
        "html" => EncodeErrorMode::Html,
        "strict" => EncodeErrorMode::Fatal,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors must be \"html\" or \"strict\", not {other:?}"
            )));
        }
    };
    match enc::encode(text, e, mode) {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(err @ EncodeError::NoEncoder { .. }) => Err(PyValueError::new_err(err.to_string())),
        Err(err) => Err(PyUnicodeError::new_err(err.to_string())),
    }
}

/// The HTML encoding sniffing algorithm (§13.2.3.2) on a document's bytes:
/// ``(encoding, confidence, reason)``. Autodetection from the bytes is on by default, as in
/// :func:`websyntax.parse` (``autodetect=False``: the standard's plain default).
///
/// >>> from websyntax import encoding
/// >>> encoding.sniff(b"<meta charset=sjis>")
/// ('Shift_JIS', 'tentative', 'meta prescan')
/// >>> encoding.sniff("<p>café".encode())
/// ('UTF-8', 'tentative', 'autodetected')
/// >>> encoding.sniff("<p>café".encode(), autodetect=False)
/// ('windows-1252', 'tentative', 'default')
#[pyfunction]
#[pyo3(signature = (data, *, transport_charset=None, encoding=None, default_encoding=None, autodetect=true))]
fn sniff(
    data: &[u8],
    transport_charset: Option<&str>,
    encoding: Option<&str>,
    default_encoding: Option<&str>,
    autodetect: bool,
) -> PyResult<(&'static str, &'static str, String)> {
    let options = parser_options(
        transport_charset,
        encoding,
        default_encoding,
        autodetect,
        true,
    )?;
    let s = sniffing::sniff(data, &options.sniff);
    let confidence = match s.confidence {
        Confidence::Tentative => "tentative",
        Confidence::Certain => "certain",
        Confidence::Irrelevant => "irrelevant",
    };
    Ok((s.encoding.name(), confidence, s.reason.to_string()))
}

/// The default encoding browsers use for a locale (`"ja"` → `"Shift_JIS"`).
#[pyfunction]
fn default_encoding_for_locale(locale: &str) -> &'static str {
    sniffing::default_encoding_for_locale(locale).name()
}

/// Every encoding's canonical name, in the Encoding Standard's order.
#[pyfunction]
fn encodings() -> Vec<&'static str> {
    Encoding::ALL.iter().map(|e| e.name()).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(lookup, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(sniff, m)?)?;
    m.add_function(wrap_pyfunction!(default_encoding_for_locale, m)?)?;
    m.add_function(wrap_pyfunction!(encodings, m)?)?;
    Ok(())
}
