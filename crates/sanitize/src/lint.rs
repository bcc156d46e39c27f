//! Warnings about a configuration that cannot mean what was written. The standard converts a
//! `SanitizerConfig` as WebIDL converts a JavaScript object: unknown members are ignored and
//! every name is taken as written, so `{"element": ["p"]}` (a typo) or `{"elements": ["P"]}`
//! (an upper-case HTML name, which the HTML parser never produces) quietly give a sanitizer
//! that does something else than intended. [`lint_config`] finds:
//!
//! - [`LintKind::UnknownKey`]: a member the dictionary does not define (at the top level, in
//!   an `elements` entry, or in a `{"name", "namespace"}` dictionary);
//! - [`LintKind::NeverMatches`]: an element or attribute name that no parsed HTML document
//!   has: an HTML or MathML element name with ASCII upper-case letters, an SVG element or an
//!   attribute name with upper-case letters that the parser's SVG/MathML case adjustments do not
//!   produce (`viewBox` and `foreignObject` are fine), a name that is empty or holds
//!   whitespace, `/` or `>`, or a namespace the parser does not use;
//! - [`LintKind::RestrictsNothing`]: a configuration that keeps every element, attribute and
//!   comment (`{}`): with the safe methods only the safe baseline is removed, with the unsafe
//!   ones nothing.
//!
//! These are warnings: the configuration is still valid and means what the standard says.

use std::fmt;

use serde_json::{Map, Value};
use websyntax_html::dom::{AttrNamespace, Namespace};
use websyntax_html::{Context, ParseOptions, parse_fragment};

use crate::config::{HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, XLINK_NAMESPACE};

/// The XML namespace.
const XML_NAMESPACE: &str = "http://www.w3.org/XML/1998/namespace";
/// The XMLNS namespace.
const XMLNS_NAMESPACE: &str = "http://www.w3.org/2000/xmlns/";

/// The members of `SanitizerConfig`.
const CONFIG_KEYS: [&str; 9] = [
    "elements",
    "removeElements",
    "replaceWithChildrenElements",
    "attributes",
    "removeAttributes",
    "comments",
    "dataAttributes",
    "processingInstructions",
    "removeProcessingInstructions",
];
/// The members of `SanitizerElementNamespaceWithAttributes`.
const ELEMENT_KEYS: [&str; 4] = ["name", "namespace", "attributes", "removeAttributes"];
/// The members of `SanitizerElementNamespace` / `SanitizerAttributeNamespace`.
const NAME_KEYS: [&str; 2] = ["name", "namespace"];
/// The members of `SanitizerProcessingInstruction`.
const PI_KEYS: [&str; 1] = ["target"];

/// What a [`ConfigWarning`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LintKind {
    /// A member the dictionary does not define (the standard ignores it).
    UnknownKey,
    /// A name no parsed HTML document has.
    NeverMatches,
    /// The configuration keeps everything.
    RestrictsNothing,
}

impl LintKind {
    /// The stable code: `unknown-key`, `never-matches`, `restricts-nothing`.
    pub fn code(self) -> &'static str {
        match self {
            LintKind::UnknownKey => "unknown-key",
            LintKind::NeverMatches => "never-matches",
            LintKind::RestrictsNothing => "restricts-nothing",
        }
    }
}

/// One warning: its kind and a message that says where (`elements[2]`) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigWarning {
    /// The kind.
    pub kind: LintKind,
    /// The message.
    pub message: String,
}

impl fmt::Display for ConfigWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{}]", self.message, self.kind.code())
    }
}

/// The warnings about configuration `config` (the JSON a browser's `new Sanitizer(config)`
/// takes). A value that is not an object (`"default"`, `null`), and parts of the wrong type,
/// get none: those are for the configuration's conversion to reject.
///
/// ```
/// use websyntax_sanitize::lint::{lint_config, LintKind};
///
/// let v = serde_json::json!({"element": ["p"], "removeElements": ["SCRIPT"]});
/// let kinds: Vec<LintKind> = lint_config(&v).iter().map(|w| w.kind).collect();
/// assert_eq!(kinds, [LintKind::UnknownKey, LintKind::NeverMatches]);
/// let kinds: Vec<LintKind> = lint_config(&serde_json::json!({})).iter().map(|w| w.kind).collect();
/// assert_eq!(kinds, [LintKind::RestrictsNothing]);
/// assert!(lint_config(&serde_json::json!({"elements": ["p", "svg", {"name": "foreignObject", "namespace": "http://www.w3.org/2000/svg"}]})).is_empty());
/// ```
pub fn lint_config(config: &Value) -> Vec<ConfigWarning> {
    let mut out = Vec::new();
    let Value::Object(m) = config else {
        return out;
    };
    unknown_keys(m, &CONFIG_KEYS, "the configuration", &mut out);
    for key in ["elements", "removeElements", "replaceWithChildrenElements"] {
        for (i, entry) in list(m, key).iter().enumerate() {
            let at = format!("{key}[{i}]");
            let keys: &[&str] = if key == "elements" {
                &ELEMENT_KEYS
            } else {
                &NAME_KEYS
            };
            if let Value::Object(d) = entry {
                unknown_keys(d, keys, &at, &mut out);
                for attr_key in ["attributes", "removeAttributes"] {
                    if key != "elements" {
                        break;
                    }
                    for (j, a) in list(d, attr_key).iter().enumerate() {
                        attribute(a, &format!("{at}.{attr_key}[{j}]"), &mut out);
                    }
                }
            }
            element(entry, &at, &mut out);
        }
    }
    for key in ["attributes", "removeAttributes"] {
        for (i, a) in list(m, key).iter().enumerate() {
            attribute(a, &format!("{key}[{i}]"), &mut out);
        }
    }
    for key in ["processingInstructions", "removeProcessingInstructions"] {
        for (i, p) in list(m, key).iter().enumerate() {
            if let Value::Object(d) = p {
                unknown_keys(d, &PI_KEYS, &format!("{key}[{i}]"), &mut out);
            }
        }
    }
    if restricts_nothing(m) {
        out.push(ConfigWarning {
            kind: LintKind::RestrictsNothing,
            message: "the configuration restricts nothing: it has no \"elements\" or \
                      \"attributes\" list, removes no element or attribute and keeps \
                      comments, so every element and attribute is kept (the safe methods \
                      still remove the safe baseline: script, event handlers, javascript: \
                      URLs); the built-in safe default configuration is the one without a \
                      configuration"
                .to_owned(),
        });
    }
    out
}

/// [`lint_config`] of JSON text; no warnings for text that is not JSON (that is an error
/// for the configuration's conversion to report).
pub fn lint_config_json(json: &str) -> Vec<ConfigWarning> {
    serde_json::from_str(json)
        .map(|v| lint_config(&v))
        .unwrap_or_default()
}

/// The members of list `key` of `m` (none when absent or not a list).
fn list<'a>(m: &'a Map<String, Value>, key: &str) -> &'a [Value] {
    match m.get(key) {
        Some(Value::Array(a)) => a,
        _ => &[],
    }
}

fn unknown_keys(m: &Map<String, Value>, known: &[&str], at: &str, out: &mut Vec<ConfigWarning>) {
    for k in m.keys().filter(|k| !known.contains(&k.as_str())) {
        let hint = closest(k, known)
            .map(|c| format!(" (did you mean \"{c}\"?)"))
            .unwrap_or_default();
        out.push(ConfigWarning {
            kind: LintKind::UnknownKey,
            message: format!(
                "{at}: unknown key \"{k}\"{hint}; the standard ignores keys it does not define"
            ),
        });
    }
}

/// The known key nearest to `k` (ASCII case-insensitively, at most two edits away).
fn closest<'a>(k: &str, known: &[&'a str]) -> Option<&'a str> {
    let k = k.to_ascii_lowercase();
    known
        .iter()
        .map(|c| (edit_distance(&k, &c.to_ascii_lowercase()), *c))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// A name entry as (name, namespace): a string, or `{"name", "namespace"}` (other types are
/// left to the conversion).
fn name_of<'a>(v: &'a Value, default_ns: Option<&'a str>) -> Option<(&'a str, Option<&'a str>)> {
    match v {
        Value::String(s) => Some((s, default_ns)),
        Value::Object(d) => {
            let name = d.get("name")?.as_str()?;
            let ns = match d.get("namespace") {
                None => default_ns,
                Some(Value::Null) => None,
                Some(Value::String(s)) if s.is_empty() => None,
                Some(Value::String(s)) => Some(s.as_str()),
                Some(_) => return None,
            };
            Some((name, ns))
        }
        _ => None,
    }
}

/// Whether no tag or attribute token can have this name (the tokenizer ends a name at
/// whitespace, `/` and `>`; an attribute name also at `=`).
fn impossible_token(name: &str, attribute: bool) -> bool {
    name.is_empty()
        || name
            .chars()
            .any(|c| matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ' | '/' | '>'))
        || (attribute && name.chars().skip(1).any(|c| c == '='))
}

fn never(at: &str, what: String, out: &mut Vec<ConfigWarning>) {
    out.push(ConfigWarning {
        kind: LintKind::NeverMatches,
        message: format!("{at}: {what}, so this entry never matches"),
    });
}

fn element(v: &Value, at: &str, out: &mut Vec<ConfigWarning>) {
    let Some((name, ns)) = name_of(v, Some(HTML_NAMESPACE)) else {
        return;
    };
    let namespace = match ns {
        Some(HTML_NAMESPACE) => Namespace::Html,
        Some(SVG_NAMESPACE) => Namespace::Svg,
        Some(MATHML_NAMESPACE) => Namespace::MathMl,
        other => {
            return never(
                at,
                format!(
                    "element \"{name}\" is in namespace {}, and the HTML parser puts elements \
                     only in the HTML, SVG and MathML namespaces",
                    other.map_or("null".to_owned(), |n| format!("\"{n}\""))
                ),
                out,
            );
        }
    };
    if impossible_token(name, false) || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return never(at, format!("no tag can be named \"{name}\""), out);
    }
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return;
    }
    let parsed = match namespace {
        // Only SVG adjusts the case of element names (`foreignObject`).
        Namespace::Svg => parsed_names(&format!("<svg><{}>", name.to_ascii_lowercase()))
            .into_iter()
            .any(|(n, ns, attr)| !attr && ns == Some(Namespace::Svg) && n == name),
        _ => false,
    };
    if !parsed {
        let which = match namespace {
            Namespace::Svg => "an SVG element name whose case the parser does not adjust",
            Namespace::MathMl => "a MathML element name",
            _ => "an HTML element name",
        };
        never(
            at,
            format!(
                "\"{name}\" has upper-case letters and is {which}: the HTML parser gives \
                 \"{}\"",
                name.to_ascii_lowercase()
            ),
            out,
        );
    }
}

fn attribute(v: &Value, at: &str, out: &mut Vec<ConfigWarning>) {
    let Some((name, ns)) = name_of(v, None) else {
        return;
    };
    let known: &[&str] = match ns {
        None => &[],
        Some(XLINK_NAMESPACE) => &[
            "actuate", "arcrole", "href", "role", "show", "title", "type",
        ],
        Some(XML_NAMESPACE) => &["lang", "space"],
        Some(XMLNS_NAMESPACE) => &["xmlns", "xlink"],
        Some(other) => {
            return never(
                at,
                format!(
                    "attribute \"{name}\" is in namespace \"{other}\", and the HTML parser \
                     puts attributes only in no namespace or the XLink, XML and XMLNS ones"
                ),
                out,
            );
        }
    };
    if ns.is_some() {
        if !known.contains(&name) {
            never(
                at,
                format!(
                    "the HTML parser puts only {} in namespace \"{}\", not \"{name}\"",
                    known.join(", "),
                    ns.unwrap_or_default()
                ),
                out,
            );
        }
        return;
    }
    if impossible_token(name, true) {
        return never(at, format!("no attribute can be named \"{name}\""), out);
    }
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return;
    }
    let lower = name.to_ascii_lowercase();
    let adjusted = parsed_names(&format!(
        "<svg {lower}=\"\"></svg><math {lower}=\"\"></math>"
    ))
    .into_iter()
    .any(|(n, _, attr)| attr && n == name);
    if !adjusted {
        never(
            at,
            format!(
                "\"{name}\" has upper-case letters, and the HTML parser lower-cases attribute \
                 names (only some SVG and MathML ones get upper-case letters back, like \
                 viewBox): it gives \"{lower}\""
            ),
            out,
        );
    }
}

/// The element and null-namespace attribute names of `markup` parsed in a `div`: (name,
/// element namespace or `None` for an attribute, is-attribute).
fn parsed_names(markup: &str) -> Vec<(String, Option<Namespace>, bool)> {
    let Ok(context) = "div".parse::<Context>() else {
        return Vec::new();
    };
    let fragment = parse_fragment(markup, &context, ParseOptions::default());
    let doc = &fragment.document;
    let mut names = Vec::new();
    for id in doc.descendants(doc.root()) {
        let (Some(name), Some(ns)) = (doc.local_name(id), doc.namespace(id)) else {
            continue;
        };
        names.push((name.to_owned(), Some(ns), false));
        for a in doc.attrs(id) {
            if a.namespace() == AttrNamespace::None {
                names.push((a.name().to_owned(), None, true));
            }
        }
    }
    names
}

/// Whether the configuration keeps everything: no allow-list of elements or attributes, no
/// element or attribute removed or replaced, comments not turned off.
fn restricts_nothing(m: &Map<String, Value>) -> bool {
    let absent_or_empty = |k: &str| match m.get(k) {
        None | Some(Value::Null) => true,
        Some(Value::Array(a)) => a.is_empty(),
        Some(_) => false,
    };
    !m.contains_key("elements")
        && !m.contains_key("attributes")
        && absent_or_empty("removeElements")
        && absent_or_empty("replaceWithChildrenElements")
        && absent_or_empty("removeAttributes")
        && m.get("comments") != Some(&Value::Bool(false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn codes(v: Value) -> Vec<&'static str> {
        lint_config(&v).iter().map(|w| w.kind.code()).collect()
    }

    #[test]
    fn unknown_keys_with_hints() {
        let w = lint_config(&json!({"element": ["p"], "elements": ["p"]}));
        assert_eq!(w.len(), 1);
        assert!(
            w[0].message.contains("did you mean \"elements\""),
            "{}",
            w[0]
        );
        assert_eq!(
            codes(json!({"elements": [{"name": "a", "attributes": ["href"], "attrs": []}]})),
            ["unknown-key"]
        );
        assert_eq!(
            codes(json!({"removeElements": [{"name": "p", "ns": "x"}]})),
            ["unknown-key"]
        );
    }

    #[test]
    fn names_that_never_match() {
        assert_eq!(codes(json!({"elements": ["P", "div"]})), ["never-matches"]);
        assert_eq!(
            codes(json!({"attributes": ["Href", "viewBox", "definitionURL"]})),
            ["never-matches"]
        );
        assert_eq!(
            codes(json!({"elements": [
                {"name": "foreignObject", "namespace": SVG_NAMESPACE},
                {"name": "FOO", "namespace": SVG_NAMESPACE},
                {"name": "Mi", "namespace": MATHML_NAMESPACE},
                {"name": "p", "namespace": "html"},
                "<p>", "", "1a"
            ]})),
            ["never-matches"; 6]
        );
        assert_eq!(
            codes(json!({"removeAttributes": [
                {"name": "href", "namespace": XLINK_NAMESPACE},
                {"name": "lang", "namespace": XML_NAMESPACE},
                {"name": "HREF", "namespace": XLINK_NAMESPACE},
                "a b"
            ]})),
            ["never-matches"; 2]
        );
        assert!(
            codes(json!({"elements": [{"name": "a", "attributes": ["HREF"]}]}))
                .contains(&"never-matches")
        );
        // Any characters, never a panic.
        for name in ["é=", "=é", "\u{0}", "a\"b", "<x>", "ÄÖ", "\u{10FFFF}"] {
            let _ = lint_config(&json!({"attributes": [name], "elements": [name]}));
        }
    }

    #[test]
    fn configs_that_restrict_nothing() {
        assert_eq!(codes(json!({})), ["restricts-nothing"]);
        assert_eq!(
            codes(json!({"removeElements": [], "comments": true})),
            ["restricts-nothing"]
        );
        assert!(codes(json!({"comments": false})).is_empty());
        assert!(codes(json!({"removeElements": ["b"]})).is_empty());
        assert!(codes(json!({"elements": []})).is_empty());
        assert!(lint_config(&json!("default")).is_empty());
        assert!(lint_config_json("not json").is_empty());
    }

    proptest::proptest! {
        #[test]
        fn never_panics(name in "\\PC{0,12}", ns in "\\PC{0,4}") {
            let _ = lint_config(&json!({
                "elements": [name, {"name": name, "namespace": SVG_NAMESPACE}],
                "attributes": [name, {"name": name, "namespace": ns}],
                name.clone(): 1,
            }));
        }
    }
}
