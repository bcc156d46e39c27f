//! 2.3.2 Boolean attributes: present means true, absent means false.
//!
//! ```
//! use websyntax_microsyntax::boolean::*;
//! assert!(is_valid_boolean_attribute_value("", "checked"));
//! assert!(is_valid_boolean_attribute_value("CHECKED", "checked"));
//! assert!(!is_valid_boolean_attribute_value("true", "checked"));
//! assert!(boolean_attribute_state(Some("false"))); // any value means true
//! assert!(!boolean_attribute_state(None));
//! ```

/// The state of a boolean attribute: `true` when the attribute is present (whatever its
/// value), `false` when absent.
pub fn boolean_attribute_state(value: Option<&str>) -> bool {
    value.is_some()
}

/// Whether `value` is a conforming value for a boolean attribute named `canonical_name`: the
/// empty string or an ASCII case-insensitive match for the name, with no leading or trailing
/// whitespace.
pub fn is_valid_boolean_attribute_value(value: &str, canonical_name: &str) -> bool {
    value.is_empty() || value.eq_ignore_ascii_case(canonical_name)
}
