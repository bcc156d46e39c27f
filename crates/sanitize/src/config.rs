//! The configuration dictionary (HTML §8.6.3; WICG "The Configuration Dictionary" and
//! "Configuration Invariants"), its conversion from JSON as WebIDL converts a JavaScript value,
//! "canonicalize the configuration" and "valid".

use std::cmp::Ordering;
use std::fmt;

use serde_json::{Map, Value};
use websyntax_html::sort::sort_by_cold;

/// The HTML namespace.
pub const HTML_NAMESPACE: &str = "http://www.w3.org/1999/xhtml";
/// The SVG namespace.
pub const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";
/// The MathML namespace.
pub const MATHML_NAMESPACE: &str = "http://www.w3.org/1998/Math/MathML";
/// The XLink namespace.
pub const XLINK_NAMESPACE: &str = "http://www.w3.org/1999/xlink";

/// A canonical element or attribute name: `{"name", "namespace"}` (`None` is the null
/// namespace).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Name {
    /// The local name.
    pub name: String,
    /// The namespace, `None` for null.
    pub namespace: Option<String>,
}

impl Name {
    /// An element name in the HTML namespace.
    pub fn html(name: &str) -> Name {
        Name {
            name: name.to_owned(),
            namespace: Some(HTML_NAMESPACE.to_owned()),
        }
    }

    /// An element name in namespace `ns` (the empty string is null, as canonicalization says).
    pub fn element(name: &str, ns: Option<&str>) -> Name {
        Name {
            name: name.to_owned(),
            namespace: ns.filter(|n| !n.is_empty()).map(str::to_owned),
        }
    }

    /// An attribute name without namespace.
    pub fn attr(name: &str) -> Name {
        Name {
            name: name.to_owned(),
            namespace: None,
        }
    }

    /// "custom data attribute": no namespace, `data-` followed by at least one character, no
    /// ASCII upper alpha.
    pub fn is_custom_data_attribute(&self) -> bool {
        self.namespace.is_none()
            && self.name.len() > 5
            && self.name.starts_with("data-")
            && !self.name.bytes().any(|b| b.is_ascii_uppercase())
    }

    fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".into(), Value::String(self.name.clone()));
        m.insert(
            "namespace".into(),
            self.namespace.clone().map_or(Value::Null, Value::String),
        );
        Value::Object(m)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.namespace {
            Some(ns) => write!(f, "{{{ns}}}{}", self.name),
            None => f.write_str(&self.name),
        }
    }
}

/// "code unit less than": UTF-16 code unit order.
pub(crate) fn code_unit_cmp(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// "itemA is less than item itemB": null namespace first, then namespace, then name.
pub(crate) fn name_cmp(a: &Name, b: &Name) -> Ordering {
    match (&a.namespace, &b.namespace) {
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => code_unit_cmp(x, y).then_with(|| code_unit_cmp(&a.name, &b.name)),
        (None, None) => code_unit_cmp(&a.name, &b.name),
    }
}

/// An entry of `elements`: an element name with its optional per-element attribute lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElementEntry {
    /// The element.
    pub name: Name,
    /// Per-element allowed attributes.
    pub attributes: Option<Vec<Name>>,
    /// Per-element removed attributes.
    pub remove_attributes: Option<Vec<Name>>,
}

impl ElementEntry {
    /// An entry without attribute lists (canonical: an empty `removeAttributes`).
    pub fn new(name: Name) -> ElementEntry {
        ElementEntry {
            name,
            attributes: None,
            remove_attributes: Some(Vec::new()),
        }
    }
}

/// The `SanitizerConfig` dictionary. Deserialize it from the JSON `new Sanitizer(config)`
/// takes with [`SanitizerConfig::from_json`] (or serde); every list is optional, as in the
/// dictionary. A [`crate::Sanitizer`] keeps it canonical and valid.
///
/// ```
/// use websyntax_sanitize::SanitizerConfig;
/// let c = SanitizerConfig::from_json(r#"{"elements": ["p", {"name": "a", "attributes": ["href"]}]}"#).unwrap();
/// assert_eq!(c.elements.as_ref().unwrap()[1].name.name, "a");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SanitizerConfig {
    /// `elements`: the element allow-list.
    pub elements: Option<Vec<ElementEntry>>,
    /// `removeElements`.
    pub remove_elements: Option<Vec<Name>>,
    /// `replaceWithChildrenElements`.
    pub replace_with_children_elements: Option<Vec<Name>>,
    /// `processingInstructions` (targets).
    pub processing_instructions: Option<Vec<String>>,
    /// `removeProcessingInstructions` (targets).
    pub remove_processing_instructions: Option<Vec<String>>,
    /// `attributes`: the global attribute allow-list.
    pub attributes: Option<Vec<Name>>,
    /// `removeAttributes`.
    pub remove_attributes: Option<Vec<Name>>,
    /// `comments`.
    pub comments: Option<bool>,
    /// `dataAttributes`.
    pub data_attributes: Option<bool>,
}

/// Why a configuration was refused (a browser's `TypeError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid sanitizer configuration: {}", self.0)
    }
}

impl std::error::Error for ConfigError {}

fn err<T>(msg: impl Into<String>) -> Result<T, ConfigError> {
    Err(ConfigError(msg.into()))
}

// ----- WebIDL conversion from a JSON value -----

/// WebIDL `DOMString` conversion of a JSON value (ToString of the JavaScript value).
fn to_dom_string(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => crate::js_number::number_to_string(n),
        Value::Array(a) => {
            // Array.prototype.toString: elements joined by ",", null as "".
            let mut parts = Vec::with_capacity(a.len());
            for x in a {
                parts.push(match x {
                    Value::Null => String::new(),
                    _ => to_dom_string(x),
                });
            }
            parts.join(",")
        }
        Value::Object(_) => "[object Object]".into(),
    }
}

/// WebIDL `boolean` conversion (ToBoolean).
fn to_bool(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0 && !f.is_nan()),
        Value::String(s) => !s.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

fn to_sequence<'a>(v: &'a Value, key: &str) -> Result<&'a [Value], ConfigError> {
    match v {
        Value::Array(a) => Ok(a),
        _ => err(format!("{key} must be a list")),
    }
}

/// A converted name and the dictionary it came from, if any.
type NameAndDict<'a> = (Name, Option<&'a Map<String, Value>>);

/// A `SanitizerElement`/`SanitizerAttribute` union member: a string, or a dictionary with a
/// required `name` and a `namespace` that defaults to `default_ns`. Returns the canonical name
/// ("canonicalize a sanitizer name") and the dictionary, if it was one.
fn convert_name<'a>(
    v: &'a Value,
    default_ns: Option<&str>,
    key: &str,
) -> Result<NameAndDict<'a>, ConfigError> {
    match v {
        Value::Object(m) => {
            let name = match m.get("name") {
                Some(n) => to_dom_string(n),
                None => return err(format!("an entry of {key} has no \"name\"")),
            };
            let ns = match m.get("namespace") {
                None => default_ns.map(str::to_owned),
                Some(Value::Null) => None,
                Some(n) => Some(to_dom_string(n)),
            };
            Ok((Name::element(&name, ns.as_deref()), Some(m)))
        }
        _ => Ok((
            Name {
                name: to_dom_string(v),
                namespace: default_ns.map(str::to_owned),
            },
            None,
        )),
    }
}

fn convert_names(v: &Value, default_ns: Option<&str>, key: &str) -> Result<Vec<Name>, ConfigError> {
    to_sequence(v, key)?
        .iter()
        .map(|x| convert_name(x, default_ns, key).map(|(n, _)| n))
        .collect()
}

fn convert_pis(v: &Value, key: &str) -> Result<Vec<String>, ConfigError> {
    to_sequence(v, key)?
        .iter()
        .map(|x| match x {
            Value::Object(m) => match m.get("target") {
                Some(t) => Ok(to_dom_string(t)),
                None => err(format!("an entry of {key} has no \"target\"")),
            },
            _ => Ok(to_dom_string(x)),
        })
        .collect()
}

/// "canonicalize a sanitizer element with attributes" of one `elements` entry.
pub(crate) fn convert_element_with_attributes(v: &Value) -> Result<ElementEntry, ConfigError> {
    let (name, dict) = convert_name(v, Some(HTML_NAMESPACE), "elements")?;
    let mut entry = ElementEntry {
        name,
        attributes: None,
        remove_attributes: None,
    };
    if let Some(m) = dict {
        if let Some(a) = m.get("attributes") {
            entry.attributes = Some(convert_names(a, None, "attributes")?);
        }
        if let Some(a) = m.get("removeAttributes") {
            entry.remove_attributes = Some(convert_names(a, None, "removeAttributes")?);
        }
    }
    if entry.attributes.is_none() && entry.remove_attributes.is_none() {
        entry.remove_attributes = Some(Vec::new());
    }
    Ok(entry)
}

impl SanitizerConfig {
    /// Parses the JSON of a `SanitizerConfig` dictionary, converting it as WebIDL converts the
    /// JavaScript object (unknown members ignored, names as strings or `{"name",
    /// "namespace"}`, numbers in name lists stringified). The result is canonical; its
    /// validity is checked when a [`crate::Sanitizer`] is made from it.
    pub fn from_json(json: &str) -> Result<SanitizerConfig, ConfigError> {
        let v: Value =
            serde_json::from_str(json).map_err(|e| ConfigError(format!("not JSON: {e}")))?;
        SanitizerConfig::from_value(&v)
    }

    /// [`SanitizerConfig::from_json`] from a parsed JSON value (`null` is the empty
    /// dictionary).
    pub fn from_value(v: &Value) -> Result<SanitizerConfig, ConfigError> {
        let m = match v {
            Value::Null => return Ok(SanitizerConfig::default()),
            Value::Object(m) => m,
            _ => return err("the configuration must be an object"),
        };
        let mut c = SanitizerConfig::default();
        if let Some(x) = m.get("elements") {
            c.elements = Some(
                to_sequence(x, "elements")?
                    .iter()
                    .map(convert_element_with_attributes)
                    .collect::<Result<_, _>>()?,
            );
        }
        if let Some(x) = m.get("removeElements") {
            c.remove_elements = Some(convert_names(x, Some(HTML_NAMESPACE), "removeElements")?);
        }
        if let Some(x) = m.get("replaceWithChildrenElements") {
            c.replace_with_children_elements = Some(convert_names(
                x,
                Some(HTML_NAMESPACE),
                "replaceWithChildrenElements",
            )?);
        }
        if let Some(x) = m.get("processingInstructions") {
            c.processing_instructions = Some(convert_pis(x, "processingInstructions")?);
        }
        if let Some(x) = m.get("removeProcessingInstructions") {
            c.remove_processing_instructions =
                Some(convert_pis(x, "removeProcessingInstructions")?);
        }
        if let Some(x) = m.get("attributes") {
            c.attributes = Some(convert_names(x, None, "attributes")?);
        }
        if let Some(x) = m.get("removeAttributes") {
            c.remove_attributes = Some(convert_names(x, None, "removeAttributes")?);
        }
        // An explicit JavaScript `undefined` cannot be written in JSON; `null` converts.
        if let Some(x) = m.get("comments") {
            c.comments = Some(to_bool(x));
        }
        if let Some(x) = m.get("dataAttributes") {
            c.data_attributes = Some(to_bool(x));
        }
        Ok(c)
    }

    /// The dictionary as JSON, in the shape `Sanitizer.get()` returns (absent members left
    /// out, names as `{"name", "namespace"}`).
    pub fn to_json_value(&self) -> Value {
        let names = |l: &[Name]| Value::Array(l.iter().map(Name::to_json).collect());
        let pis = |l: &[String]| {
            Value::Array(
                l.iter()
                    .map(|t| {
                        let mut m = Map::new();
                        m.insert("target".into(), Value::String(t.clone()));
                        Value::Object(m)
                    })
                    .collect(),
            )
        };
        let mut m = Map::new();
        if let Some(e) = &self.elements {
            let list = e
                .iter()
                .map(|e| {
                    let Value::Object(mut o) = e.name.to_json() else {
                        unreachable!()
                    };
                    if let Some(a) = &e.attributes {
                        o.insert("attributes".into(), names(a));
                    }
                    if let Some(a) = &e.remove_attributes {
                        o.insert("removeAttributes".into(), names(a));
                    }
                    Value::Object(o)
                })
                .collect();
            m.insert("elements".into(), Value::Array(list));
        }
        if let Some(l) = &self.remove_elements {
            m.insert("removeElements".into(), names(l));
        }
        if let Some(l) = &self.replace_with_children_elements {
            m.insert("replaceWithChildrenElements".into(), names(l));
        }
        if let Some(l) = &self.processing_instructions {
            m.insert("processingInstructions".into(), pis(l));
        }
        if let Some(l) = &self.remove_processing_instructions {
            m.insert("removeProcessingInstructions".into(), pis(l));
        }
        if let Some(l) = &self.attributes {
            m.insert("attributes".into(), names(l));
        }
        if let Some(l) = &self.remove_attributes {
            m.insert("removeAttributes".into(), names(l));
        }
        if let Some(b) = self.comments {
            m.insert("comments".into(), Value::Bool(b));
        }
        if let Some(b) = self.data_attributes {
            m.insert("dataAttributes".into(), Value::Bool(b));
        }
        Value::Object(m)
    }

    /// The dictionary as a JSON string (see [`SanitizerConfig::to_json_value`]).
    pub fn to_json(&self) -> String {
        self.to_json_value().to_string()
    }

    /// "canonicalize the configuration" with `allowCommentsPIsAndDataAttributes` (names are
    /// already canonical after conversion; this fills in the defaults).
    pub(crate) fn canonicalize(&mut self, allow_comments_pis_and_data_attributes: bool) {
        // Step 1.
        if self.elements.is_none() && self.remove_elements.is_none() {
            self.remove_elements = Some(Vec::new());
        }
        // Step 2.
        if self.processing_instructions.is_none() && self.remove_processing_instructions.is_none() {
            if allow_comments_pis_and_data_attributes {
                self.remove_processing_instructions = Some(Vec::new());
            } else {
                self.processing_instructions = Some(Vec::new());
            }
        }
        // Step 3.
        if self.attributes.is_none() && self.remove_attributes.is_none() {
            self.remove_attributes = Some(Vec::new());
        }
        // Steps 4-10: entries canonical since conversion ("" namespace -> null; an element
        // entry without lists gets an empty removeAttributes).
        for e in self.elements.iter_mut().flatten() {
            if e.attributes.is_none() && e.remove_attributes.is_none() {
                e.remove_attributes = Some(Vec::new());
            }
        }
        // Step 11.
        if self.comments.is_none() {
            self.comments = Some(allow_comments_pis_and_data_attributes);
        }
        // Step 12.
        if self.attributes.is_some() && self.data_attributes.is_none() {
            self.data_attributes = Some(allow_comments_pis_and_data_attributes);
        }
    }

    /// "valid" for a canonical configuration: `Err` says which rule is broken.
    pub fn check_valid(&self) -> Result<(), ConfigError> {
        // Steps 1-6: not both an allow- and a remove-list.
        if self.elements.is_some() && self.remove_elements.is_some() {
            return err("both \"elements\" and \"removeElements\" are given");
        }
        if self.processing_instructions.is_some() && self.remove_processing_instructions.is_some() {
            return err(
                "both \"processingInstructions\" and \"removeProcessingInstructions\" are given",
            );
        }
        if self.attributes.is_some() && self.remove_attributes.is_some() {
            return err("both \"attributes\" and \"removeAttributes\" are given");
        }
        // Steps 8-12: no duplicates.
        if let Some(e) = &self.elements {
            let names: Vec<&Name> = e.iter().map(|e| &e.name).collect();
            dup_check(&names, "elements")?;
        } else if let Some(r) = &self.remove_elements {
            dup_check(&r.iter().collect::<Vec<_>>(), "removeElements")?;
        }
        if let Some(r) = &self.replace_with_children_elements {
            dup_check(&r.iter().collect::<Vec<_>>(), "replaceWithChildrenElements")?;
        }
        if let Some(p) = &self.processing_instructions {
            dup_targets(p, "processingInstructions")?;
        } else if let Some(p) = &self.remove_processing_instructions {
            dup_targets(p, "removeProcessingInstructions")?;
        }
        if let Some(a) = &self.attributes {
            dup_check(&a.iter().collect::<Vec<_>>(), "attributes")?;
        } else if let Some(a) = &self.remove_attributes {
            dup_check(&a.iter().collect::<Vec<_>>(), "removeAttributes")?;
        }
        // Step 13: replaceWithChildrenElements.
        if let Some(r) = &self.replace_with_children_elements {
            for e in r {
                if crate::builtins::is_non_replaceable(e) {
                    return err(format!(
                        "{e} cannot be in \"replaceWithChildrenElements\" (the built-in \
                         non-replaceable elements list)"
                    ));
                }
            }
            if let Some(el) = &self.elements {
                if let Some(e) = el.iter().find(|e| r.contains(&e.name)) {
                    return err(format!(
                        "{} is in both \"elements\" and \"replaceWithChildrenElements\"",
                        e.name
                    ));
                }
            } else if let Some(e) = self
                .remove_elements
                .iter()
                .flatten()
                .find(|e| r.contains(e))
            {
                return err(format!(
                    "{e} is in both \"removeElements\" and \"replaceWithChildrenElements\""
                ));
            }
        }
        if let Some(attrs) = &self.attributes {
            // Step 14: a global allow-list.
            let data = self.data_attributes == Some(true);
            for e in self.elements.iter().flatten() {
                if let Some(a) = &e.attributes {
                    dup_check(&a.iter().collect::<Vec<_>>(), "attributes of an element")?;
                    if let Some(x) = a.iter().find(|x| attrs.contains(x)) {
                        return err(format!(
                            "{x} is in both \"attributes\" and the \"attributes\" of element {}",
                            e.name
                        ));
                    }
                    if data && let Some(x) = a.iter().find(|x| x.is_custom_data_attribute()) {
                        return err(format!(
                            "\"dataAttributes\" is true, so data attribute {x} cannot be listed \
                             in the \"attributes\" of element {}",
                            e.name
                        ));
                    }
                }
                if let Some(r) = &e.remove_attributes {
                    dup_check(
                        &r.iter().collect::<Vec<_>>(),
                        "removeAttributes of an element",
                    )?;
                    if let Some(x) = r.iter().find(|x| !attrs.contains(x)) {
                        return err(format!(
                            "{x} is in the \"removeAttributes\" of element {} but not in the \
                             global \"attributes\"",
                            e.name
                        ));
                    }
                }
            }
            if data && let Some(x) = attrs.iter().find(|x| x.is_custom_data_attribute()) {
                return err(format!(
                    "\"dataAttributes\" is true, so data attribute {x} cannot be listed in \
                     \"attributes\""
                ));
            }
        } else {
            // Step 15: a global remove-list.
            let removed = self.remove_attributes.as_deref().unwrap_or(&[]);
            for e in self.elements.iter().flatten() {
                if e.attributes.is_some() && e.remove_attributes.is_some() {
                    return err(format!(
                        "element {} has both \"attributes\" and \"removeAttributes\" while the \
                         configuration has \"removeAttributes\"",
                        e.name
                    ));
                }
                for (list, key) in [
                    (&e.attributes, "attributes"),
                    (&e.remove_attributes, "removeAttributes"),
                ] {
                    if let Some(a) = list {
                        dup_check(&a.iter().collect::<Vec<_>>(), key)?;
                        if let Some(x) = a.iter().find(|x| removed.contains(x)) {
                            return err(format!(
                                "{x} is in both \"removeAttributes\" and the \"{key}\" of \
                                 element {}",
                                e.name
                            ));
                        }
                    }
                }
            }
            if self.data_attributes.is_some() {
                return err("\"dataAttributes\" needs an \"attributes\" list");
            }
        }
        Ok(())
    }
}

fn dup_check(list: &[&Name], key: &str) -> Result<(), ConfigError> {
    let mut sorted: Vec<&Name> = list.to_vec();
    sort_by_cold(&mut sorted, |a, b| name_cmp(a, b));
    match sorted.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => err(format!("{} is listed twice in \"{key}\"", w[0])),
        None => Ok(()),
    }
}

fn dup_targets(list: &[String], key: &str) -> Result<(), ConfigError> {
    let mut sorted: Vec<&String> = list.iter().collect();
    sort_by_cold(&mut sorted, |a, b| a.cmp(b));
    match sorted.windows(2).find(|w| w[0] == w[1]) {
        Some(w) => err(format!("target {:?} is listed twice in \"{key}\"", w[0])),
        None => Ok(()),
    }
}

impl serde::Serialize for SanitizerConfig {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json_value().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for SanitizerConfig {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        SanitizerConfig::from_value(&v).map_err(serde::de::Error::custom)
    }
}
