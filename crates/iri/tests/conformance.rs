//! Conformance: every JSON file of `tests/data/iri/` (validity files: all eight verdicts per
//! case; resolution files: §5.2 results and §5.2.4 remove_dot_segments examples).
//! The XSD schema documents of the same directory feed `tests/differential.rs`.

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use std::fs;
use std::path::PathBuf;

use serde_json::Value;
use websyntax_iri::{Datatype, iri_to_uri, normalize, remove_dot_segments, resolve};

fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/iri"))
}

fn load(name: &str) -> Value {
    let text = fs::read_to_string(data_dir().join(name)).expect("vendored test data");
    serde_json::from_str(&text).expect("valid JSON")
}

/// Every `*.json` file of the data directory, so that a new file cannot be silently skipped.
fn json_files() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(data_dir())
        .expect("tests/data/iri")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    names
}

fn check_validity(name: &str) -> (usize, usize) {
    let data = load(name);
    let types: Vec<&str> = data["types"]
        .as_array()
        .expect("types")
        .iter()
        .map(|t| t.as_str().expect("type name"))
        .collect();
    assert_eq!(types.len(), 8);
    for t in &types {
        assert!(t.parse::<Datatype>().is_ok(), "{name}: unknown type {t}");
    }
    let (mut passed, mut failed) = (0, 0);
    for case in data["cases"].as_array().expect("cases") {
        let input = case["input"].as_str().expect("input");
        let expected: Vec<&str> = case["valid_as"]
            .as_array()
            .expect("valid_as")
            .iter()
            .map(|t| t.as_str().expect("type"))
            .collect();
        let mut ok = true;
        for t in Datatype::ALL {
            let got = t.validate(input);
            let want = expected.contains(&t.name());
            if got.is_ok() != want {
                ok = false;
                eprintln!("{name}: {input:?} as {t}: expected {want}, got {got:?}");
            }
        }
        // Derived operations must not fail on valid input.
        if expected.contains(&"IRI-reference-3987") {
            let uri = iri_to_uri(input).expect("iri_to_uri of a valid IRI-reference");
            if !Datatype::UriReference3986.is_valid(&uri) {
                ok = false;
                eprintln!("{name}: iri_to_uri({input:?}) = {uri:?} is not a URI-reference");
            }
            let n = normalize(input).expect("normalize of a valid IRI-reference");
            if !Datatype::IriReference3987.is_valid(&n) {
                ok = false;
                eprintln!("{name}: normalize({input:?}) = {n:?} is not an IRI-reference");
            }
        }
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    (passed, failed)
}

fn check_resolution(name: &str) -> (usize, usize) {
    let data = load(name);
    let (mut passed, mut failed) = (0, 0);
    for case in data["cases"].as_array().expect("cases") {
        let base = case["base"].as_str().expect("base");
        let reference = case["ref"].as_str().expect("ref");
        let expected = case["expected"].as_str().expect("expected");
        match resolve(base, reference) {
            Ok(got) if got == expected => passed += 1,
            other => {
                failed += 1;
                eprintln!(
                    "{name}: resolve({base:?}, {reference:?}): expected {expected:?}, got {other:?}"
                );
            }
        }
    }
    if let Some(cases) = data["remove_dot_segments"].as_array() {
        for case in cases {
            let input = case["input"].as_str().expect("input");
            let expected = case["expected"].as_str().expect("expected");
            let got = remove_dot_segments(input);
            if got == expected {
                passed += 1;
            } else {
                failed += 1;
                eprintln!(
                    "{name}: remove_dot_segments({input:?}): expected {expected:?}, got {got:?}"
                );
            }
        }
    }
    (passed, failed)
}

#[test]
fn every_data_file() {
    let files = json_files();
    assert!(files.len() >= 7, "vendored data missing: {files:?}");
    let mut total_failed = 0;
    for name in &files {
        let data = load(name);
        let (passed, failed) = if data.get("types").is_some() {
            check_validity(name)
        } else {
            check_resolution(name)
        };
        report!("iri {name}: {passed} passed, {failed} failed, 0 excluded");
        total_failed += failed;
    }
    assert_eq!(total_failed, 0);
}
