//! Category `attribute`: attribute values that HTML defines as a §2.3 microsyntax, boolean
//! attributes (§2.3.2), and ids (§3.2.6). The rules are data: [`ATTRIBUTE_RULES`] and
//! [`BOOLEAN_ATTRIBUTES`], listed in `docs/check.md`.

use std::collections::HashMap;

use websyntax_html::NodeId;
use websyntax_html::dom::{AttrNamespace, AttrRef, Namespace, WalkEvent};
use websyntax_microsyntax::{boolean, colours, dates, numbers};

use crate::{Category, Cx, Severity, quote};

/// The microsyntax an attribute value must match.
///
/// ```
/// use websyntax_check::Syntax;
/// assert!(Syntax::Integer.is_valid("-3"));
/// assert!(!Syntax::NonNegativeInteger { min: 1, max: Some(1000) }.is_valid("0"));
/// assert!(Syntax::DateOrTime.is_valid("PT1H"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// A valid integer (§2.3.4.1).
    Integer,
    /// A valid non-negative integer (§2.3.4.2) with a value in `min..=max`.
    NonNegativeInteger {
        /// The smallest allowed value.
        min: u64,
        /// The largest allowed value, if any.
        max: Option<u64>,
    },
    /// A valid floating-point number (§2.3.4.3).
    Float,
    /// A valid floating-point number greater than zero.
    PositiveFloat,
    /// A valid floating-point number, zero or more.
    NonNegativeFloat,
    /// A valid list of floating-point numbers (§2.3.4.5).
    FloatList,
    /// A valid date string (§2.3.5.2).
    Date,
    /// A valid month string (§2.3.5.1).
    Month,
    /// A valid week string (§2.3.5.8).
    Week,
    /// A valid time string (§2.3.5.4).
    Time,
    /// A valid local date and time string (§2.3.5.5).
    LocalDateTime,
    /// A valid normalized local date and time string (§2.3.5.5).
    NormalizedLocalDateTime,
    /// What the `time` element's `datetime` allows (§4.5.14): a month, date, yearless date,
    /// time, local date and time, time-zone offset, global date and time, week, year (four or
    /// more digits, not all zero) or duration string.
    DateOrTime,
    /// A valid date string with optional time (§2.3.5.10; `del`/`ins` `datetime`).
    DateWithOptionalTime,
    /// A valid simple colour (§2.3.6).
    SimpleColor,
    /// An `input` `step`: `any` (ASCII case-insensitive) or a valid float greater than zero.
    Step,
}

impl Syntax {
    /// Whether `value` matches.
    pub fn is_valid(self, value: &str) -> bool {
        match self {
            Syntax::Integer => numbers::is_valid_integer(value),
            Syntax::NonNegativeInteger { min, max } => {
                numbers::is_valid_non_negative_integer(value)
                    && in_range(value, min, max).unwrap_or(false)
            }
            Syntax::Float => numbers::is_valid_float(value),
            Syntax::PositiveFloat => {
                numbers::is_valid_float(value) && numbers::parse_float(value).is_ok_and(|f| f > 0.0)
            }
            Syntax::NonNegativeFloat => {
                numbers::is_valid_float(value)
                    && numbers::parse_float(value).is_ok_and(|f| f >= 0.0)
            }
            Syntax::FloatList => numbers::is_valid_float_list(value),
            Syntax::Date => dates::is_valid_date(value),
            Syntax::Month => dates::is_valid_month(value),
            Syntax::Week => dates::is_valid_week(value),
            Syntax::Time => dates::is_valid_time(value),
            Syntax::LocalDateTime => dates::is_valid_local_date_time(value),
            Syntax::NormalizedLocalDateTime => dates::is_valid_normalized_local_date_time(value),
            Syntax::DateOrTime => {
                dates::is_valid_month(value)
                    || dates::is_valid_date(value)
                    || dates::is_valid_yearless_date(value)
                    || dates::is_valid_time(value)
                    || dates::is_valid_local_date_time(value)
                    || dates::is_valid_time_zone_offset(value)
                    || dates::is_valid_global_date_time(value)
                    || dates::is_valid_week(value)
                    || (value.len() >= 4
                        && value.bytes().all(|b| b.is_ascii_digit())
                        && value.bytes().any(|b| b != b'0'))
                    || dates::is_valid_duration(value)
            }
            Syntax::DateWithOptionalTime => dates::is_valid_date_string_with_optional_time(value),
            Syntax::SimpleColor => colours::is_valid_simple_color(value),
            Syntax::Step => {
                value.eq_ignore_ascii_case("any")
                    || (numbers::is_valid_float(value)
                        && numbers::parse_float(value).is_ok_and(|f| f > 0.0))
            }
        }
    }

    /// The diagnostic code for a value that does not match.
    pub fn code(self) -> &'static str {
        match self {
            Syntax::Integer => "invalid-integer",
            Syntax::NonNegativeInteger { .. } => "invalid-non-negative-integer",
            Syntax::Float | Syntax::PositiveFloat | Syntax::NonNegativeFloat => "invalid-float",
            Syntax::FloatList => "invalid-float-list",
            Syntax::Date => "invalid-date",
            Syntax::Month => "invalid-month",
            Syntax::Week => "invalid-week",
            Syntax::Time => "invalid-time",
            Syntax::LocalDateTime | Syntax::NormalizedLocalDateTime => "invalid-local-date-time",
            Syntax::DateOrTime => "invalid-date-or-time",
            Syntax::DateWithOptionalTime => "invalid-date-with-optional-time",
            Syntax::SimpleColor => "invalid-simple-color",
            Syntax::Step => "invalid-step",
        }
    }

    /// What a valid value is, for messages.
    pub fn describe(self) -> String {
        match self {
            Syntax::Integer => "a valid integer".into(),
            Syntax::NonNegativeInteger { min: 0, max: None } => {
                "a valid non-negative integer".into()
            }
            Syntax::NonNegativeInteger { min, max: None } => {
                format!("a valid non-negative integer, at least {min}")
            }
            Syntax::NonNegativeInteger {
                min,
                max: Some(max),
            } => {
                format!("a valid non-negative integer from {min} to {max}")
            }
            Syntax::Float => "a valid floating-point number".into(),
            Syntax::PositiveFloat => "a valid floating-point number greater than zero".into(),
            Syntax::NonNegativeFloat => "a valid floating-point number, zero or more".into(),
            Syntax::FloatList => "a valid list of floating-point numbers".into(),
            Syntax::Date => "a valid date string (YYYY-MM-DD)".into(),
            Syntax::Month => "a valid month string (YYYY-MM)".into(),
            Syntax::Week => "a valid week string (YYYY-Www)".into(),
            Syntax::Time => "a valid time string (HH:MM[:SS[.sss]])".into(),
            Syntax::LocalDateTime => "a valid local date and time string".into(),
            Syntax::NormalizedLocalDateTime => {
                "a valid normalized local date and time string (YYYY-MM-DDTHH:MM[:SS[.sss]])".into()
            }
            Syntax::DateOrTime => {
                "a valid date, time, date and time, time-zone offset, week, year or duration string"
                    .into()
            }
            Syntax::DateWithOptionalTime => "a valid date string with optional time".into(),
            Syntax::SimpleColor => "a valid simple colour (#rrggbb)".into(),
            Syntax::Step => "`any` or a valid floating-point number greater than zero".into(),
        }
    }
}

/// Whether a valid non-negative integer is within `min..=max` (`None` when it does not
/// parse).
fn in_range(value: &str, min: u64, max: Option<u64>) -> Option<bool> {
    let digits = value.trim_start_matches('0');
    if digits.len() > 19 {
        return Some(max.is_none());
    }
    let n: u64 = if digits.is_empty() {
        0
    } else {
        digits.parse().ok()?
    };
    Some(n >= min && max.is_none_or(|m| n <= m))
}

/// One rule of the attribute table: on these HTML elements (all when empty), this attribute,
/// when the element's `type` is one of `input_types` (any when empty), must match `syntax`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttributeRule {
    /// The HTML elements the rule applies to (empty: every HTML element).
    pub elements: &'static [&'static str],
    /// The attribute.
    pub attribute: &'static str,
    /// For `input`: the `type` states the rule applies to (empty: all).
    pub input_types: &'static [&'static str],
    /// Whether the empty string is allowed too.
    pub empty_ok: bool,
    /// The microsyntax.
    pub syntax: Syntax,
}

const fn rule(
    elements: &'static [&'static str],
    attribute: &'static str,
    syntax: Syntax,
) -> AttributeRule {
    AttributeRule {
        elements,
        attribute,
        input_types: &[],
        empty_ok: false,
        syntax,
    }
}

const fn input(
    attribute: &'static str,
    input_types: &'static [&'static str],
    empty_ok: bool,
    syntax: Syntax,
) -> AttributeRule {
    AttributeRule {
        elements: &["input"],
        attribute,
        input_types,
        empty_ok,
        syntax,
    }
}

const NON_NEGATIVE: Syntax = Syntax::NonNegativeInteger { min: 0, max: None };
const POSITIVE: Syntax = Syntax::NonNegativeInteger { min: 1, max: None };
const DIMENSION_ELEMENTS: &[&str] = &[
    "img", "video", "canvas", "iframe", "embed", "object", "source", "input",
];
const STEP_TYPES: &[&str] = &[
    "date",
    "month",
    "week",
    "time",
    "datetime-local",
    "number",
    "range",
];

/// The attribute table: which attribute values must match which microsyntax.
///
/// ```
/// use websyntax_check::{ATTRIBUTE_RULES, Syntax};
/// let colspan = ATTRIBUTE_RULES.iter().find(|r| r.attribute == "colspan").unwrap();
/// assert_eq!(colspan.syntax, Syntax::NonNegativeInteger { min: 1, max: Some(1000) });
/// ```
pub const ATTRIBUTE_RULES: &[AttributeRule] = &[
    rule(&[], "tabindex", Syntax::Integer),
    rule(DIMENSION_ELEMENTS, "width", NON_NEGATIVE),
    rule(DIMENSION_ELEMENTS, "height", NON_NEGATIVE),
    rule(
        &["td", "th"],
        "colspan",
        Syntax::NonNegativeInteger {
            min: 1,
            max: Some(1000),
        },
    ),
    rule(
        &["td", "th"],
        "rowspan",
        Syntax::NonNegativeInteger {
            min: 0,
            max: Some(65534),
        },
    ),
    rule(
        &["col", "colgroup"],
        "span",
        Syntax::NonNegativeInteger {
            min: 1,
            max: Some(1000),
        },
    ),
    rule(&["input", "textarea"], "maxlength", NON_NEGATIVE),
    rule(&["input", "textarea"], "minlength", NON_NEGATIVE),
    rule(&["input", "select"], "size", POSITIVE),
    rule(&["textarea"], "rows", POSITIVE),
    rule(&["textarea"], "cols", POSITIVE),
    rule(&["ol"], "start", Syntax::Integer),
    rule(&["li"], "value", Syntax::Integer),
    rule(&["time"], "datetime", Syntax::DateOrTime),
    rule(&["del", "ins"], "datetime", Syntax::DateWithOptionalTime),
    input("value", &["date"], true, Syntax::Date),
    input("min", &["date"], false, Syntax::Date),
    input("max", &["date"], false, Syntax::Date),
    input("value", &["month"], true, Syntax::Month),
    input("min", &["month"], false, Syntax::Month),
    input("max", &["month"], false, Syntax::Month),
    input("value", &["week"], true, Syntax::Week),
    input("min", &["week"], false, Syntax::Week),
    input("max", &["week"], false, Syntax::Week),
    input("value", &["time"], true, Syntax::Time),
    input("min", &["time"], false, Syntax::Time),
    input("max", &["time"], false, Syntax::Time),
    input(
        "value",
        &["datetime-local"],
        true,
        Syntax::NormalizedLocalDateTime,
    ),
    input("min", &["datetime-local"], false, Syntax::LocalDateTime),
    input("max", &["datetime-local"], false, Syntax::LocalDateTime),
    input("value", &["number", "range"], true, Syntax::Float),
    input("min", &["number", "range"], false, Syntax::Float),
    input("max", &["number", "range"], false, Syntax::Float),
    input("value", &["color"], true, Syntax::SimpleColor),
    input("step", STEP_TYPES, false, Syntax::Step),
    rule(&["meter"], "value", Syntax::Float),
    rule(&["meter"], "min", Syntax::Float),
    rule(&["meter"], "max", Syntax::Float),
    rule(&["meter"], "low", Syntax::Float),
    rule(&["meter"], "high", Syntax::Float),
    rule(&["meter"], "optimum", Syntax::Float),
    rule(&["progress"], "value", Syntax::NonNegativeFloat),
    rule(&["progress"], "max", Syntax::PositiveFloat),
    rule(&["area"], "coords", Syntax::FloatList),
];

/// Boolean attributes (§2.3.2) and the HTML elements they are defined on (empty: every HTML
/// element). Their value must be empty or the attribute's name (ASCII case-insensitive).
///
/// ```
/// use websyntax_check::BOOLEAN_ATTRIBUTES;
/// assert!(BOOLEAN_ATTRIBUTES.iter().any(|(name, elements)| *name == "checked" && elements == &["input"]));
/// ```
pub const BOOLEAN_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("allowfullscreen", &["iframe"]),
    ("alpha", &["input"]),
    ("async", &["script"]),
    ("autofocus", &[]),
    ("autoplay", &["audio", "video"]),
    ("checked", &["input"]),
    ("controls", &["audio", "video"]),
    ("default", &["track"]),
    ("defer", &["script"]),
    (
        "disabled",
        &[
            "button", "fieldset", "input", "link", "optgroup", "option", "select", "textarea",
        ],
    ),
    ("formnovalidate", &["button", "input"]),
    ("inert", &[]),
    ("ismap", &["img"]),
    ("itemscope", &[]),
    ("loop", &["audio", "video"]),
    ("multiple", &["input", "select"]),
    ("muted", &["audio", "video"]),
    ("nomodule", &["script"]),
    ("novalidate", &["form"]),
    ("open", &["details", "dialog"]),
    ("playsinline", &["video"]),
    ("readonly", &["input", "textarea"]),
    ("required", &["input", "select", "textarea"]),
    ("reversed", &["ol"]),
    ("selected", &["option"]),
    ("shadowrootclonable", &["template"]),
    ("shadowrootdelegatesfocus", &["template"]),
    ("shadowrootserializable", &["template"]),
];

/// For each ASCII byte, bit `L` is set when a name of length `L` in [`ATTRIBUTE_RULES`] or
/// [`BOOLEAN_ATTRIBUTES`] starts with it: [`check_value`] skips the tables' search for the
/// other names (most of a page's attributes) on one load.
static NAME_FILTER: [u64; 128] = {
    const fn mark(t: &mut [u64; 128], name: &str) {
        let b = name.as_bytes();
        assert!(!b.is_empty() && b.len() < 64 && b[0] < 128);
        t[b[0] as usize] |= 1 << b.len();
    }
    let mut t = [0u64; 128];
    let mut i = 0;
    while i < ATTRIBUTE_RULES.len() {
        mark(&mut t, ATTRIBUTE_RULES[i].attribute);
        i += 1;
    }
    let mut i = 0;
    while i < BOOLEAN_ATTRIBUTES.len() {
        mark(&mut t, BOOLEAN_ATTRIBUTES[i].0);
        i += 1;
    }
    t
};

/// Whether `name` may be in [`ATTRIBUTE_RULES`] or [`BOOLEAN_ATTRIBUTES`] (false: it is not).
#[inline]
fn maybe_in_tables(name: &str) -> bool {
    let b = name.as_bytes();
    match b.first() {
        Some(&f) if f < 128 && b.len() < 64 => NAME_FILTER[usize::from(f)] >> b.len() & 1 != 0,
        _ => true,
    }
}

/// `a == b`, testing the length and the first byte before the bytes (the attribute tables are
/// searched for every attribute of a page; most names differ in one of these, and a plain
/// `==` calls `memcmp` whenever the lengths agree).
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

fn applies(elements: &[&str], name: &str) -> bool {
    elements.is_empty() || elements.contains(&name)
}

pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    let doc = cx.doc;
    let mut uses = Vec::new();
    for (event, scope) in scoped_walk(doc) {
        let WalkEvent::Enter(id, _) = event else {
            continue;
        };
        let Some(name) = doc.local_name(id) else {
            continue;
        };
        let html = doc.namespace(id) == Some(Namespace::Html);
        for attr in doc.attrs(id) {
            if attr.namespace() != AttrNamespace::None {
                continue;
            }
            if attr.name() == "id" {
                if check_id(cx, id, name, &attr) {
                    uses.push((scope, id, name, attr));
                }
                continue;
            }
            if !html {
                continue;
            }
            check_value(cx, id, name, &attr);
        }
    }
    for (k, first) in duplicates(uses.iter().map(|(scope, _, _, a)| (*scope, a.value()))) {
        let (_, id, name, attr) = &uses[k];
        let first_line = cx.line_of(&cx.element_where(uses[first].1));
        let message = duplicate_message(attr.value(), name, first_line);
        let at = cx.attr_where(*id, attr, true);
        cx.push(
            Category::Attribute,
            "duplicate-id",
            Severity::Error,
            message,
            at,
        );
    }
}

/// The tree walk of `doc` with, for each event, the id tree it is in (§3.2.6: ids are unique
/// per tree): 0 for the document, then one number per template's contents (a separate
/// document fragment), in tree order.
pub(crate) fn scoped_walk(
    doc: &websyntax_html::Document,
) -> impl Iterator<Item = (WalkEvent, usize)> + '_ {
    let mut scopes = vec![0usize];
    let mut next = 0;
    doc.walk(doc.root()).map(move |event| {
        let scope = scopes.last().copied().unwrap_or(0);
        match event {
            WalkEvent::Enter(id, _) if doc.template_contents(id).is_some() => {
                next += 1;
                scopes.push(next);
            }
            WalkEvent::Exit(id, _) if doc.template_contents(id).is_some() && scopes.len() > 1 => {
                scopes.pop();
            }
            _ => {}
        }
        (event, scope)
    })
}

/// The uses of `uses` (an id tree and an id value each, in tree order) whose value an earlier
/// use in the same tree had: (index, index of the first use of the value).
pub(crate) fn duplicates<'a>(uses: impl Iterator<Item = (usize, &'a str)>) -> Vec<(usize, usize)> {
    let mut first: HashMap<(usize, &str), usize> = HashMap::new();
    let mut out = Vec::new();
    for (k, key) in uses.enumerate() {
        match first.get(&key) {
            Some(&f) => out.push((k, f)),
            None => {
                first.insert(key, k);
            }
        }
    }
    out
}

/// The message of a `duplicate-id` finding.
pub(crate) fn duplicate_message(value: &str, element: &str, first_line: Option<usize>) -> String {
    let where_first = first_line.map_or(String::new(), |l| format!(" (first on line {l})"));
    format!(
        "duplicate id {} on `<{element}>`{where_first}",
        quote(value)
    )
}

/// Checks one `id` attribute's own value; whether it takes part in the uniqueness rule
/// (every non-empty id does).
fn check_id(cx: &mut Cx<'_, '_>, id: NodeId, name: &str, attr: &AttrRef<'_>) -> bool {
    let value = attr.value();
    // §3.2.6: at least one character, no ASCII whitespace, unique in the tree.
    if value.is_empty() {
        cx.push(
            Category::Attribute,
            "empty-id",
            Severity::Error,
            format!("`id` on `<{name}>` is empty: an id must have at least one character"),
            cx.attr_where(id, attr, false),
        );
        return false;
    }
    if value
        .bytes()
        .any(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
    {
        cx.push(
            Category::Attribute,
            "id-with-space",
            Severity::Error,
            format!(
                "`id` on `<{name}>` contains whitespace ({}): ids must not",
                quote(value)
            ),
            cx.attr_where(id, attr, true),
        );
    }
    true
}

fn check_value(cx: &mut Cx<'_, '_>, id: NodeId, name: &str, attr: &AttrRef<'_>) {
    let attr_name = attr.name();
    if !maybe_in_tables(attr_name) {
        return;
    }
    let value = attr.value();
    if let Some((canonical, elements)) = BOOLEAN_ATTRIBUTES
        .iter()
        .find(|(n, _)| same_name(n, attr_name))
        && applies(elements, name)
    {
        if !boolean::is_valid_boolean_attribute_value(value, canonical) {
            cx.push(
                Category::Attribute,
                "invalid-boolean-attribute-value",
                Severity::Error,
                format!(
                    "`{canonical}` on `<{name}>` is a boolean attribute: its value must be empty or \"{canonical}\", not {} (any value means true)",
                    quote(value)
                ),
                cx.attr_where(id, attr, true),
            );
        }
        return;
    }
    for rule in ATTRIBUTE_RULES {
        if !same_name(rule.attribute, attr_name) || !applies(rule.elements, name) {
            continue;
        }
        if !rule.input_types.is_empty() {
            let ty = cx.doc.attribute(id, "type").unwrap_or("text");
            if !rule.input_types.iter().any(|t| t.eq_ignore_ascii_case(ty)) {
                continue;
            }
        }
        if (rule.empty_ok && value.is_empty()) || rule.syntax.is_valid(value) {
            return;
        }
        let (code, what) = match rule.syntax {
            Syntax::NonNegativeInteger { .. } if numbers::is_valid_non_negative_integer(value) => {
                ("integer-out-of-range", rule.syntax.describe())
            }
            s => (s.code(), s.describe()),
        };
        cx.push(
            Category::Attribute,
            code,
            Severity::Error,
            format!(
                "`{attr_name}` on `<{name}>` must be {what}, not {}",
                quote(value)
            ),
            cx.attr_where(id, attr, true),
        );
        return;
    }
}

#[cfg(test)]
mod name_filter_tests {
    use super::*;

    #[test]
    fn every_table_name_passes_the_filter() {
        for rule in ATTRIBUTE_RULES {
            assert!(maybe_in_tables(rule.attribute), "{}", rule.attribute);
        }
        for (name, _) in BOOLEAN_ATTRIBUTES {
            assert!(maybe_in_tables(name), "{name}");
        }
        assert!(!maybe_in_tables("class"));
        assert!(maybe_in_tables(""));
    }
}
