//! `check()`: the syntax checker's diagnostics, as `websyntax check --format json` prints them
//! (the per-file object without `file`).

use serde_json::json;
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
    // The keys as the CLI writes them (serde_json's sorted order).
    let diagnostics: Vec<_> = report
        .diagnostics
        .iter()
        .map(|d| {
            json!({
                "category": d.category.as_str(),
                "code": d.code,
                "severity": d.severity.as_str(),
                "message": d.message,
                "line": d.line,
                "col": d.col,
                "span": d.span.map(|s| [s.start, s.end]),
                "count": d.count,
                "related": d.related.as_ref().map(|r| json!({
                    "span": [r.span.start, r.span.end],
                    "line": r.line,
                    "col": r.col,
                    "message": r.message,
                })),
            })
        })
        .collect();
    let mut out = json!({
        "diagnostics": diagnostics,
        "encoding": report.encoding.name(),
    });
    if report.omitted > 0 {
        out["omitted"] = json!(report.omitted);
    }
    Ok(out.to_string())
}
