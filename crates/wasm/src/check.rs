//! `check()`: the syntax checker's diagnostics, as `websyntax check --format json` prints them
//! (the per-file object without `file`).

use wasm_bindgen::prelude::*;
use websyntax::check::{Category, Filter, Severity, check_filtered};

use crate::document::{byte_options, url_arg};
use crate::{BindError, error, limits, node_limit, standard};

/// Checks `bytes` (a page's bytes; a string input arrives as its UTF-8). `severity`: the
/// least severity reported; `ignore`: codes left out; `only`: categories kept (empty: all).
/// Returns `{"diagnostics": [...], "encoding", "omitted"?}` as JSON.
#[wasm_bindgen(js_name = checkJson)]
#[allow(clippy::too_many_arguments)]
pub fn check_json(
    bytes: &[u8],
    url: Option<String>,
    encoding: Option<String>,
    scripting: bool,
    severity: &str,
    ignore: Vec<String>,
    only: Vec<String>,
    max_per_file: Option<u32>,
    standard_name: &str,
    max_nodes: f64,
    max_depth: f64,
) -> Result<String, BindError> {
    let url = url_arg(url, "url")?;
    let mut options = byte_options(encoding, scripting, true)?;
    options.parse.limits = limits(max_nodes, max_depth, bytes.len())?;
    options.parse.standard = standard(standard_name)?;
    let min_severity = match severity {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        "info" => Severity::Info,
        other => {
            return Err(error(
                "type",
                format!("severity must be \"error\", \"warning\" or \"info\", not {other:?}"),
            ));
        }
    };
    let only = only
        .iter()
        .map(|c| match c.as_str() {
            "parse" => Ok(Category::Parse),
            "encoding" => Ok(Category::Encoding),
            "url" => Ok(Category::Url),
            "attribute" => Ok(Category::Attribute),
            other => Err(error(
                "type",
                format!("only: {other:?} is not a category (parse, encoding, url, attribute)"),
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if max_per_file == Some(0) {
        return Err(error("type", "maxPerFile must be at least 1"));
    }
    let filter = Filter {
        min_severity,
        ignore,
        only,
        max_per_file: max_per_file.map(|n| n as usize),
    };
    let lim = options.parse.limits;
    let report = check_filtered(bytes, options, url.as_ref().map(|u| u.href()), &filter);
    if report.limits_reached.stopped_early() {
        return Err(node_limit(&lim, Some(report.limits_reached)));
    }
    // The object `websyntax check --format json` writes, without `file`.
    let mut out = Vec::new();
    report
        .write_json(&mut out, None, |_| Ok(()))
        .map_err(|e| error("type", e))?;
    String::from_utf8(out).map_err(|e| error("type", e))
}
