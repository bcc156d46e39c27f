//! The HTML Standard's Sanitizer API: `Sanitizer` and `setHTML` / `setHTMLUnsafe` /
//! `Document.parseHTML` semantics, over `websyntax::sanitize` (as the CLI's `sanitize`
//! command and the Python package call it).

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

use wasm_bindgen::prelude::*;
use websyntax::html::{Context, Standard};
use websyntax::sanitize::config::SanitizerConfig;
use websyntax::sanitize::{self as s, ConfigError, SanitizeOptions};

use crate::{BindError, error, limits};

fn config_error(e: ConfigError) -> BindError {
    error("config", e)
}

fn json(text: &str, what: &str) -> Result<serde_json::Value, BindError> {
    serde_json::from_str(text).map_err(|e| error("type", format!("{what} is not JSON: {e}")))
}

/// A sanitizer (`new Sanitizer(config)`): the configuration, shared copy-on-write with the
/// calls that use it so the matching tables built on first use are kept between calls.
#[wasm_bindgen]
pub struct WsSanitizer {
    inner: Arc<s::Sanitizer>,
}

#[wasm_bindgen]
impl WsSanitizer {
    /// `new Sanitizer(config)`: `config_json` is the configuration dictionary as JSON, or
    /// `"default"` (JSON `"default"` too) or absent for the safe default configuration.
    #[wasm_bindgen(constructor)]
    pub fn new(config_json: Option<String>) -> Result<WsSanitizer, BindError> {
        let inner = match config_json.as_deref() {
            None | Some("default") => s::Sanitizer::default(),
            Some(text) => {
                let v = json(text, "config")?;
                if v == serde_json::Value::String("default".into()) {
                    s::Sanitizer::default()
                } else {
                    s::Sanitizer::new(SanitizerConfig::from_value(&v).map_err(config_error)?)
                        .map_err(config_error)?
                }
            }
        };
        Ok(WsSanitizer {
            inner: Arc::new(inner),
        })
    }

    /// `get()`: the configuration as JSON.
    pub fn get(&self) -> String {
        self.inner.get().to_json()
    }

    /// `allowElement(element)`: a name or `{name, namespace, attributes, removeAttributes}`
    /// as JSON.
    #[wasm_bindgen(js_name = allowElement)]
    pub fn allow_element(&mut self, element_json: &str) -> Result<bool, BindError> {
        let v = json(element_json, "element")?;
        Arc::make_mut(&mut self.inner)
            .allow_element_json(&v)
            .map_err(config_error)
    }

    /// `removeElement(element)`.
    #[wasm_bindgen(js_name = removeElement)]
    pub fn remove_element(&mut self, element_json: &str) -> Result<bool, BindError> {
        let n = name("removeElements", element_json)?;
        Ok(Arc::make_mut(&mut self.inner).remove_element_name(&n))
    }

    /// `replaceElementWithChildren(element)`.
    #[wasm_bindgen(js_name = replaceElementWithChildren)]
    pub fn replace_element_with_children(&mut self, element_json: &str) -> Result<bool, BindError> {
        let n = name("removeElements", element_json)?;
        Ok(Arc::make_mut(&mut self.inner).replace_element_with_children_name(&n))
    }

    /// `allowAttribute(attribute)`.
    #[wasm_bindgen(js_name = allowAttribute)]
    pub fn allow_attribute(&mut self, attribute_json: &str) -> Result<bool, BindError> {
        let n = name("removeAttributes", attribute_json)?;
        Ok(Arc::make_mut(&mut self.inner).allow_attribute_name(&n))
    }

    /// `removeAttribute(attribute)`.
    #[wasm_bindgen(js_name = removeAttribute)]
    pub fn remove_attribute(&mut self, attribute_json: &str) -> Result<bool, BindError> {
        let n = name("removeAttributes", attribute_json)?;
        Ok(Arc::make_mut(&mut self.inner).remove_attribute_name(&n))
    }

    /// `setComments(allow)`.
    #[wasm_bindgen(js_name = setComments)]
    pub fn set_comments(&mut self, allow: bool) -> bool {
        Arc::make_mut(&mut self.inner).set_comments(allow)
    }

    /// `setDataAttributes(allow)`.
    #[wasm_bindgen(js_name = setDataAttributes)]
    pub fn set_data_attributes(&mut self, allow: bool) -> bool {
        Arc::make_mut(&mut self.inner).set_data_attributes(allow)
    }

    /// `removeUnsafe()`.
    #[wasm_bindgen(js_name = removeUnsafe)]
    pub fn remove_unsafe(&mut self) -> bool {
        Arc::make_mut(&mut self.inner).remove_unsafe()
    }
}

/// An element or attribute name (a string or `{name, namespace}`, as JSON) read the way the
/// configuration's `key` list reads it.
fn name(key: &str, name_json: &str) -> Result<s::Name, BindError> {
    let v = json(name_json, "name")?;
    let config =
        SanitizerConfig::from_value(&serde_json::json!({ key: [v] })).map_err(config_error)?;
    let list = if key == "removeElements" {
        config.remove_elements
    } else {
        config.remove_attributes
    };
    list.unwrap_or_default()
        .into_iter()
        .next()
        .ok_or_else(|| error("type", "a name is required"))
}

/// The sanitizer of a call without one: the safe default configuration for the safe
/// methods, nothing removed for the unsafe ones (built once).
fn default_for(safe: bool) -> Arc<s::Sanitizer> {
    static SAFE: OnceLock<Arc<s::Sanitizer>> = OnceLock::new();
    static UNSAFE: OnceLock<Arc<s::Sanitizer>> = OnceLock::new();
    let cell = if safe { &SAFE } else { &UNSAFE };
    Arc::clone(cell.get_or_init(|| {
        Arc::new(if safe {
            s::Sanitizer::default()
        } else {
            s::Sanitizer::allow_everything()
        })
    }))
}

/// The default context, `div`, parsed once.
fn div_context() -> &'static Context {
    static DIV: OnceLock<Context> = OnceLock::new();
    DIV.get_or_init(|| Context::html("div"))
}

/// The flags of a sanitize call (one number, so that a call passes no strings but the input
/// and, when it is not `div`, the context): [`SAFE`] for `setHTML` (else `setHTMLUnsafe`),
/// [`DOCUMENT`] for `Document.parseHTML` (the context is then ignored), [`LIVING`] for the
/// living standard (else the seed).
pub const SAFE: u32 = 1;
/// See [`SAFE`].
pub const DOCUMENT: u32 = 2;
/// See [`SAFE`].
pub const LIVING: u32 = 4;

/// Sanitizes `html` (see [`sanitize_with`]) with a configuration given as JSON
/// (`setHTML`'s `sanitizer` option: a dictionary or `"default"`; absent: the default of the
/// method). JavaScript calls it as [`sanitize_config_input`]; the fuzz target calls it with a
/// string.
pub fn sanitize_config(
    html: &str,
    config_json: Option<String>,
    context: Option<String>,
    flags: u32,
    max_nodes: f64,
    max_depth: f64,
) -> Result<String, BindError> {
    let safe = flags & SAFE != 0;
    let sanitizer = match config_json {
        None => default_for(safe),
        Some(text) => {
            let v = json(&text, "sanitizer")?;
            Arc::new(s::Sanitizer::from_options(Some(&v), safe).map_err(config_error)?)
        }
    };
    run(html, &sanitizer, context, flags, max_nodes, max_depth)
}

/// Sanitizes `html` with a [`WsSanitizer`]: what `element.innerHTML` holds after
/// `element.setHTML(html, {sanitizer})` (flag [`SAFE`]; else `setHTMLUnsafe`) on a `context`
/// element (absent: `div`), or with flag [`DOCUMENT`] the serialization of
/// `Document.parseHTML(html, …)`. JavaScript calls it as [`sanitize_input`]; the fuzz target
/// calls it with a string.
pub fn sanitize_with(
    html: &str,
    sanitizer: &WsSanitizer,
    context: Option<String>,
    flags: u32,
    max_nodes: f64,
    max_depth: f64,
) -> Result<String, BindError> {
    run(html, &sanitizer.inner, context, flags, max_nodes, max_depth)
}

thread_local! {
    /// The input of [`sanitize_input`]: UTF-8 that the JavaScript side writes straight into
    /// the module's memory with `TextEncoder.encodeInto` (one native copy, no allocation per
    /// call), instead of the glue's character-by-character copy into a new allocation.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Inputs up to this many bytes keep the buffer of [`INPUT`] between calls; after a larger
/// one it is released, so that one large input does not hold its memory for good.
const KEPT_INPUT: usize = 1 << 20;

/// Makes the input buffer at least `len` bytes long (keeping what it holds) and returns the
/// address in the module's memory where it starts, for the JavaScript side to write to (a
/// view of the memory made after this call: growing it may move it).
#[wasm_bindgen(js_name = inputBuffer)]
pub fn input_buffer(len: usize) -> usize {
    INPUT.with_borrow_mut(|b| {
        if b.len() < len {
            b.resize(len, 0);
        }
        b.as_ptr() as usize
    })
}

/// [`sanitize_with`] on the first `len` bytes of the input buffer ([`input_buffer`]).
#[wasm_bindgen(js_name = sanitizeInput)]
pub fn sanitize_input(
    len: usize,
    sanitizer: &WsSanitizer,
    context: Option<String>,
    flags: u32,
    max_nodes: f64,
    max_depth: f64,
) -> Result<String, BindError> {
    with_input(len, |html| {
        run(html, &sanitizer.inner, context, flags, max_nodes, max_depth)
    })
}

/// [`sanitize_config`] on the first `len` bytes of the input buffer ([`input_buffer`]).
#[wasm_bindgen(js_name = sanitizeConfigInput)]
pub fn sanitize_config_input(
    len: usize,
    config_json: Option<String>,
    context: Option<String>,
    flags: u32,
    max_nodes: f64,
    max_depth: f64,
) -> Result<String, BindError> {
    with_input(len, |html| {
        sanitize_config(html, config_json, context, flags, max_nodes, max_depth)
    })
}

/// `f` on the first `len` bytes of the input buffer, which must be UTF-8 (what
/// `TextEncoder.encodeInto` writes; anything else is a `type` error); then the buffer is
/// released if it is larger than [`KEPT_INPUT`].
fn with_input(
    len: usize,
    f: impl FnOnce(&str) -> Result<String, BindError>,
) -> Result<String, BindError> {
    let out = INPUT.with_borrow(|b| {
        let bytes = b
            .get(..len)
            .ok_or_else(|| error("type", "html: the input buffer is shorter than its length"))?;
        let html = std::str::from_utf8(bytes)
            .map_err(|e| error("type", format!("html is not UTF-8: {e}")))?;
        f(html)
    });
    INPUT.with_borrow_mut(|b| {
        if b.len() > KEPT_INPUT {
            *b = Vec::new();
        }
    });
    out
}

/// The one path of both entry points: the options from the call's arguments, then the
/// fragment or document method.
fn run(
    html: &str,
    sanitizer: &s::Sanitizer,
    context: Option<String>,
    flags: u32,
    max_nodes: f64,
    max_depth: f64,
) -> Result<String, BindError> {
    let safe = flags & SAFE != 0;
    let limits = limits(max_nodes, max_depth, html.len())?;
    let options = SanitizeOptions {
        limits,
        standard: if flags & LIVING != 0 {
            Standard::Living
        } else {
            Standard::Seed
        },
    };
    let out = if flags & DOCUMENT != 0 {
        s::sanitize_document_with(html, sanitizer, safe, options)
    } else {
        let parsed;
        let ctx = match context.as_deref() {
            None | Some("div") => div_context(),
            Some(name) => {
                // The library's one rule (a bare `svg` or `math` is refused) and its words.
                parsed = name
                    .parse::<Context>()
                    .map_err(|e| error("type", format!("options.context: {e}")))?;
                &parsed
            }
        };
        s::sanitize_fragment_with(html, ctx, sanitizer, safe, options)
    };
    out.ok_or_else(|| {
        error(
            "range",
            format!(
                "the input reached {} and was not sanitized; pass a larger maxNodes, or \
                 maxNodes: Infinity (which lifts the node and clone limits), or a larger \
                 maxDepth",
                s::limits_message(&limits)
            ),
        )
    })
}
