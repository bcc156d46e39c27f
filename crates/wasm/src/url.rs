//! `parseURL()`: the URL Standard's API URL parser (`new URL(input, base)`), every component
//! the `URL` interface exposes, and the validation errors the basic URL parser met on the way.

use serde_json::json;
use wasm_bindgen::prelude::*;
use websyntax::url::{Encoding, Standard, Url, ValidationError};

use crate::{BindError, error};

/// One validation error as JSON: its name (the URL Standard's, e.g. `invalid-credentials`) and
/// the byte offset into the string that was parsed.
fn error_json(e: &ValidationError) -> serde_json::Value {
    json!({ "name": e.kind.name(), "offset": e.position })
}

/// Parses `input` against `base` (parsed first, as `new URL(input, base)` does) following
/// `standard_name` (`"seed"` or `"living"`). Returns JSON: `{ok: true, href, origin, protocol,
/// username, password, host, hostname, port, pathname, search, hash, errors, baseErrors}` or,
/// when the input or the base does not parse, `{ok: false, failure: {name, offset, in},
/// errors, baseErrors}` (`in`: `"input"` or `"base"`).
#[wasm_bindgen(js_name = parseUrlJson)]
pub fn parse_url_json(
    input: &str,
    base: Option<String>,
    standard_name: &str,
) -> Result<String, BindError> {
    let standard: Standard = standard_name.parse().map_err(|_| {
        error(
            "type",
            format!("standard must be \"seed\" or \"living\", not {standard_name:?}"),
        )
    })?;
    let parse = |text: &str, base: Option<&Url>, errors: &mut Vec<ValidationError>| {
        Url::parse_with_options(text, base, Encoding::UTF_8, standard, errors)
    };
    // The API URL parser, step 1: parse the base first; its failure is the whole failure.
    let mut base_errors = Vec::new();
    let base_url = match base {
        Some(b) => match parse(&b, None, &mut base_errors) {
            Ok(u) => Some(u),
            Err(e) => {
                return Ok(json!({
                    "ok": false,
                    "failure": { "name": e.kind().name(), "offset": e.position(), "in": "base" },
                    "errors": [],
                    "baseErrors": base_errors.iter().map(error_json).collect::<Vec<_>>(),
                })
                .to_string());
            }
        },
        None => None,
    };
    let mut errors = Vec::new();
    let result = parse(input, base_url.as_ref(), &mut errors);
    let errors_out: Vec<_> = errors.iter().map(error_json).collect();
    let base_out: Vec<_> = base_errors.iter().map(error_json).collect();
    Ok(match result {
        Ok(u) => json!({
            "ok": true,
            "href": u.href(),
            "origin": u.origin().ascii_serialization(),
            "protocol": u.protocol(),
            "username": u.username(),
            "password": u.password(),
            "host": u.host_with_port(),
            "hostname": u.hostname(),
            "port": u.port_str(),
            "pathname": u.pathname(),
            "search": u.search(),
            "hash": u.hash(),
            "errors": errors_out,
            "baseErrors": base_out,
        }),
        Err(e) => json!({
            "ok": false,
            "failure": { "name": e.kind().name(), "offset": e.position(), "in": "input" },
            "errors": errors_out,
            "baseErrors": base_out,
        }),
    }
    .to_string())
}

#[cfg(test)]
mod tests {
    use super::parse_url_json;

    #[test]
    fn components_and_errors() {
        let v: serde_json::Value = serde_json::from_str(
            &parse_url_json("https:EXAMPLE.org:443/a/../b?q#h", None, "seed").unwrap(),
        )
        .unwrap();
        assert_eq!(v["href"], "https://example.org/b?q#h");
        assert_eq!(v["origin"], "https://example.org");
        assert_eq!(v["port"], "");
        assert_eq!(
            v["errors"][0]["name"],
            "special-scheme-missing-following-solidus"
        );
        let v: serde_json::Value =
            serde_json::from_str(&parse_url_json("x", Some("nope".into()), "seed").unwrap())
                .unwrap();
        assert_eq!(v["ok"], false);
        assert_eq!(v["failure"]["in"], "base");
        assert!(parse_url_json("x", None, "other").is_err());
    }
}
