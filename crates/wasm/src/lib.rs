//! The WebAssembly bindings of websyntax: the native half of the `websyntax` npm package
//! (`js/` in the repository), built with wasm-bindgen for `wasm32-unknown-unknown`.
//!
//! This layer only converts arguments and results; every rule lives in the library crates
//! (through the `websyntax` facade), called the way the Python binding and the CLI call them.
//! The exported names are internal: the package's JavaScript (`js/src/api.js`) wraps them in
//! the public API (`Sanitizer`, `sanitize`, `parse`, `Document`, `check`, `toParse5` …),
//! validates arguments, and turns the errors below into `TypeError`, `RangeError` and the
//! package's own `Error` subclasses.
//!
//! Cargo features: `full` (the default) exports the whole API; without it
//! (`--no-default-features`) the module exports only the Sanitizer API from strings (the
//! `websyntax/sanitize` entry point, for pages that ship it to browsers).
//!
//! Errors cross the boundary as strings `"KIND:message"`, KIND one of `type` (an argument or
//! option that is not valid: a `TypeError` naming it), `config` (a sanitizer configuration a
//! browser rejects: a `TypeError`) and `range` (an input over a resource limit: a
//! `RangeError`). Nothing here panics on any input; should a panic happen all the same, the
//! module traps (panic = abort) and the JavaScript side refuses further calls.

use wasm_bindgen::prelude::*;
#[cfg(feature = "full")]
use websyntax::html::LimitsReached;
use websyntax::html::ResourceLimits;

#[cfg(feature = "full")]
mod check;
#[cfg(feature = "full")]
mod document;
#[cfg(feature = "full")]
mod parse5;
#[cfg(feature = "full")]
mod provenance;
mod sanitize;
#[cfg(feature = "full")]
mod url;

#[cfg(feature = "full")]
pub use check::check_json;
#[cfg(feature = "full")]
pub use document::WsDocument;
#[cfg(feature = "full")]
pub use parse5::parse5_json;
#[cfg(feature = "full")]
pub use provenance::{Provenance, node_count, provenance};
pub use sanitize::{WsSanitizer, sanitize_config, sanitize_with};
#[cfg(feature = "full")]
pub use url::parse_url_json;

/// An error for the JavaScript side to raise: `"KIND:message"` (see the crate docs). A plain
/// Rust value until it crosses the boundary, so the exported functions also run natively (the
/// fuzz targets call them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BindError(pub String);

impl From<BindError> for JsValue {
    fn from(e: BindError) -> JsValue {
        JsValue::from_str(&e.0)
    }
}

impl std::fmt::Display for BindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// An error of `kind` (`type`, `config`, `range`, `syntax`).
pub(crate) fn error(kind: &str, message: impl std::fmt::Display) -> BindError {
    BindError(format!("{kind}:{message}"))
}

/// The default depth limit: Chromium's (`kMaximumHTMLParserDOMTreeDepth`), as the CLI and the
/// Python package have it.
pub(crate) const DEFAULT_MAX_DEPTH: usize = 512;

/// A limit argument: NaN for the default, +Infinity for none, else a whole number
/// (validated by the JavaScript side; anything else is a `type` error here too).
fn limit(value: f64, default: usize, name: &str) -> Result<Option<usize>, BindError> {
    if value.is_nan() {
        Ok(Some(default))
    } else if value == f64::INFINITY {
        Ok(None)
    } else if value >= 0.0 && value.fract() == 0.0 && value <= 9_007_199_254_740_991.0 {
        // In range of a usize on wasm32 once clamped: a limit beyond the address space is
        // none in effect.
        Ok(Some(if value > usize::MAX as f64 {
            usize::MAX
        } else {
            value as usize
        }))
    } else {
        Err(error(
            "type",
            format!("{name} must be a non-negative whole number, Infinity or null"),
        ))
    }
}

/// The resource limits for an input of `len` bytes: the node budget (default 64 Ki plus 16
/// per input byte, as the CLI's), the clone budget of the tree builder's reconstruction and
/// adoption agency (64 Ki plus one per 2 input bytes, as the CLI's; lifted with the node
/// budget, as `--max-nodes none` lifts both) and the depth beyond which elements become
/// siblings (default 512).
pub(crate) fn limits(
    max_nodes: f64,
    max_depth: f64,
    len: usize,
) -> Result<ResourceLimits, BindError> {
    let max_nodes = limit(
        max_nodes,
        ResourceLimits::default_max_nodes(len),
        "maxNodes",
    )?;
    Ok(ResourceLimits {
        max_nodes,
        max_tree_depth: limit(max_depth, DEFAULT_MAX_DEPTH, "maxDepth")?,
        max_attributes: None,
        max_clones: max_nodes.map(|_| ResourceLimits::default_max_clones(len)),
    })
}

/// The `standard` option: `"seed"` or `"living"`.
#[cfg(feature = "full")]
pub(crate) fn standard(value: &str) -> Result<websyntax::html::Standard, BindError> {
    value.parse().map_err(|_| {
        error(
            "type",
            format!("standard must be \"seed\" or \"living\", not {value:?}"),
        )
    })
}

/// The `RangeError` message of an input that reached the node or clone limit (`reached`:
/// which one, when known). (The sanitizer's calls say which limits they may have reached in
/// their own message, `limits_message`.)
#[cfg(feature = "full")]
pub(crate) fn node_limit(limits: &ResourceLimits, reached: Option<LimitsReached>) -> BindError {
    let what = reached
        .and_then(|r| r.stop_reason(limits))
        .unwrap_or_else(|| {
            format!(
                "the node limit ({} nodes) or the clone limit ({} cloned elements and \
                 attributes)",
                limits.max_nodes.unwrap_or(0),
                limits.max_clones.unwrap_or(0)
            )
        });
    error(
        "range",
        format!(
            "the input reached {what} and was not processed; pass a larger maxNodes, or \
             maxNodes: Infinity (which lifts both limits)"
        ),
    )
}

/// The crate's version (the npm package's `version` export).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

/// The module's linear memory size in bytes (for the package's memory tests and for users
/// watching memory).
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        (core::arch::wasm32::memory_size(0) * 65536) as f64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// Executes an `unreachable` instruction: the trap a panic would cause, so that the package's
/// tests can check that the JavaScript side then refuses further calls. Never called by the
/// API.
#[wasm_bindgen(js_name = trapForTests)]
pub fn trap_for_tests() {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
}
