//! HTML §2.3 common microsyntaxes: the parsing rules and the "valid …" checks.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use websyntax::microsyntax::{Error, colours, dates, numbers, tokens};

fn err(e: Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn exact_int(py: Python<'_>, v: numbers::ExactInteger<'_>) -> PyResult<PyObject> {
    match v.to_i64() {
        Some(i) => Ok(i.into_pyobject(py)?.into_any().unbind()),
        // Beyond i64: Python's int() of the digits.
        None => Ok(py
            .get_type::<pyo3::types::PyInt>()
            .call1((v.to_string(),))?
            .unbind()),
    }
}

/// "Rules for parsing integers" → `int` (any size). Raises `ValueError`.
#[pyfunction]
fn parse_integer(py: Python<'_>, value: &str) -> PyResult<PyObject> {
    exact_int(py, numbers::parse_integer_exact(value).map_err(err)?)
}

/// "Rules for parsing non-negative integers" → `int`. Raises `ValueError`.
#[pyfunction]
fn parse_non_negative_integer(py: Python<'_>, value: &str) -> PyResult<PyObject> {
    exact_int(
        py,
        numbers::parse_non_negative_integer_exact(value).map_err(err)?,
    )
}

/// "Rules for parsing floating-point number values" → `float`. Raises `ValueError`.
#[pyfunction]
fn parse_float(value: &str) -> PyResult<f64> {
    numbers::parse_float(value).map_err(err)
}

/// "Best representation of the number as a floating-point number" (JavaScript's ToString).
#[pyfunction]
fn serialize_float(value: f64) -> String {
    numbers::best_representation(value)
}

fn unit(u: numbers::DimensionUnit) -> &'static str {
    match u {
        numbers::DimensionUnit::Length => "length",
        numbers::DimensionUnit::Percentage => "percentage",
    }
}

/// "Rules for parsing dimension values" → `(value, "length" | "percentage")`.
#[pyfunction]
fn parse_dimension(value: &str) -> PyResult<(f64, &'static str)> {
    numbers::parse_dimension(value)
        .map(|d| (d.value, unit(d.unit)))
        .map_err(err)
}

/// "Rules for parsing nonzero dimension values" → `(value, "length" | "percentage")`.
#[pyfunction]
fn parse_nonzero_dimension(value: &str) -> PyResult<(f64, &'static str)> {
    numbers::parse_nonzero_dimension(value)
        .map(|d| (d.value, unit(d.unit)))
        .map_err(err)
}

/// "Rules for parsing a list of floating-point numbers".
#[pyfunction]
fn parse_float_list(value: &str) -> Vec<f64> {
    numbers::parse_float_list(value)
}

/// "Rules for parsing a list of dimensions" → `[(value, "absolute" | "relative" |
/// "percentage"), …]`.
#[pyfunction]
fn parse_dimension_list(value: &str) -> PyResult<Vec<(f64, &'static str)>> {
    numbers::parse_dimension_list(value)
        .map(|list| {
            list.into_iter()
                .map(|d| {
                    let u = match d.unit {
                        numbers::ListDimensionUnit::Absolute => "absolute",
                        numbers::ListDimensionUnit::Relative => "relative",
                        numbers::ListDimensionUnit::Percentage => "percentage",
                    };
                    (d.value, u)
                })
                .collect()
        })
        .map_err(err)
}

/// Date and time parsers: each returns the valid normalized serialization of what it parsed.
macro_rules! serialized {
    ($($(#[$doc:meta])* $name:ident => $f:expr;)*) => {$(
        $(#[$doc])*
        #[pyfunction]
        fn $name(value: &str) -> PyResult<String> {
            ($f)(value).map(|v| v.to_string()).map_err(err)
        }
    )*};
}

serialized! {
    /// "Parse a month string" → `"YYYY-MM"`.
    parse_month => dates::parse_month;
    /// "Parse a date string" → `"YYYY-MM-DD"`.
    parse_date => dates::parse_date;
    /// "Parse a yearless date string" → `"MM-DD"`.
    parse_yearless_date => dates::parse_yearless_date;
    /// "Parse a time string" → `"HH:MM[:SS[.fff]]"`.
    parse_time => dates::parse_time;
    /// "Parse a local date and time string" → normalized `"YYYY-MM-DDTHH:MM…"`.
    parse_local_date_time => dates::parse_local_date_time;
    /// "Parse a time-zone offset string" → `"Z"` or `"+HH:MM"`.
    parse_time_zone_offset => dates::parse_time_zone_offset;
    /// "Parse a global date and time string" → normalized UTC (`"…Z"`).
    parse_global_date_time => |v| dates::parse_global_date_time(v).and_then(|g| g.to_utc());
    /// "Parse a week string" → `"YYYY-Www"`.
    parse_week => dates::parse_week;
    /// "Parse a date or time string" (the `time` element) → its normalized serialization.
    parse_date_or_time => |v| dates::parse_date_or_time(v).and_then(|d| match d {
        dates::DateOrTime::GlobalDateTime(g) => g.to_utc().map(|g| g.to_string()),
        other => Ok(other.to_string()),
    });
    /// "Rules for parsing simple colour values" → `"#rrggbb"`.
    parse_simple_color => colours::parse_simple_color;
    /// "Rules for parsing a legacy colour value" → `"#rrggbb"`.
    parse_legacy_color => colours::parse_legacy_color;
}

/// "Parse a duration string" → seconds (`float`).
#[pyfunction]
fn parse_duration(value: &str) -> PyResult<f64> {
    dates::parse_duration(value)
        .map(|d| d.as_secs_f64())
        .map_err(err)
}

/// "Split a string on ASCII whitespace".
#[pyfunction]
fn split_space_tokens(value: &str) -> Vec<&str> {
    tokens::split_space_tokens(value)
}

/// "Split a string on commas".
#[pyfunction]
fn split_comma_tokens(value: &str) -> Vec<&str> {
    tokens::split_comma_tokens(value)
}

/// Every kind `is_valid` accepts.
const VALID_KINDS: &[&str] = &[
    "integer",
    "non-negative-integer",
    "float",
    "float-list",
    "month",
    "date",
    "yearless-date",
    "time",
    "local-date-time",
    "normalized-local-date-time",
    "time-zone-offset",
    "global-date-time",
    "week",
    "duration",
    "date-or-time",
    "simple-color",
    "lowercase-simple-color",
    "unique-space-tokens",
];

/// Authoring conformance: whether `value` is a "valid `kind`" (e.g. `is_valid("date",
/// "2026-02-29")` is `False`). Raises `ValueError` for an unknown kind.
#[pyfunction]
fn is_valid(kind: &str, value: &str) -> PyResult<bool> {
    Ok(match kind {
        "integer" => numbers::is_valid_integer(value),
        "non-negative-integer" => numbers::is_valid_non_negative_integer(value),
        "float" => numbers::is_valid_float(value),
        "float-list" => numbers::is_valid_float_list(value),
        "month" => dates::is_valid_month(value),
        "date" => dates::is_valid_date(value),
        "yearless-date" => dates::is_valid_yearless_date(value),
        "time" => dates::is_valid_time(value),
        "local-date-time" => dates::is_valid_local_date_time(value),
        "normalized-local-date-time" => dates::is_valid_normalized_local_date_time(value),
        "time-zone-offset" => dates::is_valid_time_zone_offset(value),
        "global-date-time" => dates::is_valid_global_date_time(value),
        "week" => dates::is_valid_week(value),
        "duration" => dates::is_valid_duration(value),
        "date-or-time" => dates::is_valid_date_string_with_optional_time(value),
        "simple-color" => colours::is_valid_simple_color(value),
        "lowercase-simple-color" => colours::is_valid_lowercase_simple_color(value),
        "unique-space-tokens" => {
            tokens::is_unordered_unique_set(value, tokens::TokenComparison::CaseSensitive)
        }
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown kind {kind:?}; one of: {}",
                VALID_KINDS.join(", ")
            )));
        }
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    macro_rules! add {
        ($($f:ident),*) => {$( m.add_function(wrap_pyfunction!($f, m)?)?; )*};
    }
    add!(
        parse_integer,
        parse_non_negative_integer,
        parse_float,
        serialize_float,
        parse_dimension,
        parse_nonzero_dimension,
        parse_float_list,
        parse_dimension_list,
        parse_month,
        parse_date,
        parse_yearless_date,
        parse_time,
        parse_local_date_time,
        parse_time_zone_offset,
        parse_global_date_time,
        parse_week,
        parse_date_or_time,
        parse_simple_color,
        parse_legacy_color,
        parse_duration,
        split_space_tokens,
        split_comma_tokens,
        is_valid
    );
    m.add("MICROSYNTAX_VALID_KINDS", VALID_KINDS.to_vec())?;
    Ok(())
}
