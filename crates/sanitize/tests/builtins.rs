//! The generated tables (src/builtins/tables.rs) hold exactly the data files in data/.

use websyntax_sanitize::builtins::{safe_baseline_configuration, safe_default_configuration};
use websyntax_sanitize::{Name, Sanitizer, SanitizerConfig};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data");

#[test]
fn safe_default_matches_the_json() {
    let json = std::fs::read_to_string(format!("{DATA}/safe-default-configuration.json")).unwrap();
    let mut from_json = SanitizerConfig::from_json(&json).unwrap();
    let mut builtin = safe_default_configuration();
    // Compare as sorted lists.
    from_json = Sanitizer::new(from_json).unwrap().get();
    builtin = Sanitizer::new(builtin).unwrap().get();
    assert_eq!(from_json, builtin);
    assert_eq!(Sanitizer::default().get(), builtin);
}

#[test]
fn safe_baseline_is_the_json_plus_base() {
    let json = std::fs::read_to_string(format!("{DATA}/safe-baseline-configuration.json")).unwrap();
    let mut from_json = SanitizerConfig::from_json(&json).unwrap();
    from_json
        .remove_elements
        .as_mut()
        .unwrap()
        .push(Name::html("base"));
    assert_eq!(from_json, safe_baseline_configuration());
}

#[test]
fn event_handlers_match_the_materialized_baseline() {
    let json = std::fs::read_to_string(format!(
        "{DATA}/safe-baseline-configuration-materialized.json"
    ))
    .unwrap();
    let m = SanitizerConfig::from_json(&json).unwrap();
    // removeUnsafe on an empty remove-list configuration yields the materialized baseline.
    let mut s = Sanitizer::allow_everything();
    assert!(s.remove_unsafe());
    let got = s.get();
    let mut want_attrs = m.remove_attributes.unwrap();
    want_attrs.sort_by(|a, b| a.name.cmp(&b.name));
    let mut got_attrs = got.remove_attributes.unwrap();
    got_attrs.sort_by(|a, b| a.name.cmp(&b.name));
    assert_eq!(got_attrs, want_attrs);
    assert_eq!(
        got.remove_elements.unwrap().len(),
        m.remove_elements.unwrap().len() + 1
    );
}
