//! The server's settings, from `initializationOptions` and
//! `workspace/didChangeConfiguration`: the same filters as `websyntax check` (`severity`,
//! `ignore`, `only`), the standard (`seed` or `living`), the scripting flag, and where the
//! diagnostic codes are documented.
//!
//! Settings are read leniently: an unknown or mistyped value is reported (as a message to
//! show the user) and the previous value is kept.

use serde_json::Value;
use websyntax_check::{Category, Filter, Severity};
use websyntax_html::Standard;

/// The settings that change what is checked and how it is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The least severity reported (default `warning`, as in `websyntax check --format gnu`:
    /// the `encoding-determined` info of every page is noise in an editor).
    pub severity: Severity,
    /// Codes not reported.
    pub ignore: Vec<String>,
    /// Categories reported (empty: all).
    pub only: Vec<Category>,
    /// Which standards to follow.
    pub standard: Standard,
    /// The scripting flag (default on, as in browsers).
    pub scripting: bool,
    /// The URL of `docs/check.md`, the target of every diagnostic's `codeDescription` (with
    /// `#CODE` appended).
    pub docs_url: String,
    /// Milliseconds to wait after a change before checking (default 0: changes that arrive
    /// while a check runs are coalesced anyway, and only the newest text is checked).
    pub debounce_ms: u64,
}

/// The default `docs_url`: docs/check.md of the source tree the server was built from.
pub fn default_docs_url() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/check.md");
    let path = std::path::Path::new(path);
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    websyntax_url::Url::from_file_path(&path)
        .map(|u| u.href().to_owned())
        .unwrap_or_else(|_| "file:///docs/check.md".to_owned())
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            severity: Severity::Warning,
            ignore: Vec::new(),
            only: Vec::new(),
            standard: Standard::Seed,
            scripting: true,
            docs_url: default_docs_url(),
            debounce_ms: 0,
        }
    }
}

impl Settings {
    /// The checker's filter for these settings.
    pub fn filter(&self) -> Filter {
        Filter {
            min_severity: self.severity,
            ignore: self.ignore.clone(),
            only: self.only.clone(),
            max_per_file: None,
        }
    }

    /// Updates the settings from `value`: an object of settings, or one with them under
    /// `websyntax` (as `didChangeConfiguration` sends a section). Returns the problems found
    /// (unknown values), which leave the setting unchanged.
    pub fn update(&mut self, value: &Value) -> Vec<String> {
        let mut problems = Vec::new();
        let Some(mut obj) = value.as_object() else {
            if !value.is_null() {
                problems.push(format!("settings must be an object, not {value}"));
            }
            return problems;
        };
        if let Some(inner) = obj.get("websyntax").and_then(Value::as_object) {
            obj = inner;
        }
        for (key, v) in obj {
            match key.as_str() {
                "severity" => match v.as_str().and_then(Severity::from_name) {
                    Some(s) => self.severity = s,
                    None => problems.push(format!(
                        "severity: expected \"error\", \"warning\" or \"info\", not {v}"
                    )),
                },
                "ignore" => match strings(v) {
                    Some(codes) => self.ignore = codes,
                    None => problems.push(format!("ignore: expected a list of codes, not {v}")),
                },
                "only" => {
                    let names = strings(v);
                    let cats: Option<Vec<Category>> = names
                        .as_ref()
                        .and_then(|n| n.iter().map(|s| Category::from_name(s)).collect());
                    match cats {
                        Some(c) => self.only = c,
                        None => problems.push(format!(
                            "only: expected categories (parse, encoding, url, attribute), not {v}"
                        )),
                    }
                }
                "standard" => match v.as_str() {
                    Some(s) if s.eq_ignore_ascii_case("seed") => self.standard = Standard::Seed,
                    Some(s) if s.eq_ignore_ascii_case("living") => self.standard = Standard::Living,
                    _ => problems.push(format!(
                        "standard: expected \"seed\" or \"living\", not {v}"
                    )),
                },
                "scripting" => match v {
                    Value::Bool(b) => self.scripting = *b,
                    Value::String(s) if s.eq_ignore_ascii_case("on") => self.scripting = true,
                    Value::String(s) if s.eq_ignore_ascii_case("off") => self.scripting = false,
                    _ => problems.push(format!("scripting: expected true or false, not {v}")),
                },
                "docsUrl" => match v.as_str() {
                    Some(s) if websyntax_url::Url::parse(s, None).is_ok() => {
                        self.docs_url = s.to_owned()
                    }
                    _ => problems.push(format!("docsUrl: expected an absolute URL, not {v}")),
                },
                "debounceMs" => match v.as_u64() {
                    Some(ms) => self.debounce_ms = ms.min(10_000),
                    None => problems.push(format!("debounceMs: expected milliseconds, not {v}")),
                },
                other => problems.push(format!("unknown setting {other:?}")),
            }
        }
        problems
    }
}

/// A list of strings: a JSON array of strings, or one comma-separated string.
fn strings(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::String(s) => Some(
            s.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
        ),
        Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().map(str::to_owned))
            .collect(),
        Value::Null => Some(Vec::new()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn settings_update_leniently() {
        let mut s = Settings::default();
        let problems = s.update(&json!({"websyntax": {
            "severity": "info", "ignore": "a, b", "only": ["parse", "url"],
            "standard": "living", "scripting": false, "debounceMs": 5
        }}));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(s.severity, Severity::Info);
        assert_eq!(s.ignore, ["a", "b"]);
        assert_eq!(s.only, [Category::Parse, Category::Url]);
        assert_eq!(s.standard, Standard::Living);
        assert!(!s.scripting);
        let before = s.clone();
        let problems = s.update(&json!({"severity": 3, "only": ["css"], "nope": 1}));
        assert_eq!(problems.len(), 3);
        assert_eq!(s, before);
        assert_eq!(s.update(&json!("x")).len(), 1);
    }
}
