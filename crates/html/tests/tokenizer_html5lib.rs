//! html5lib-tests tokenizer conformance: every file in `tests/data/html5lib-tests/tokenizer/`,
//! every test of its `tests` array, once per `initialStates` entry, comparing tokens (adjacent
//! characters merged) and errors (code, line, column). The `xmlViolationTests` arrays describe
//! a non-spec mode and are not run.

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod tokenizer_support;

use serde_json::Value;
use tokenizer_support::{state_named, tokenize_chunks, unescape, unescape_value};

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/html5lib-tests/tokenizer"
);

/// The living-standard copy (run with the default token sink, which follows the seed rules:
/// the living copy's tokenizer files are the same as the seed's and have no
/// processing-instruction case; those are covered by the living tree-construction suite).
const DIR_LIVING: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/html5lib-tests-living/tokenizer"
);

#[test]
fn html5lib_tokenizer() {
    run_suite(DIR, "");
}

#[test]
fn html5lib_tokenizer_living() {
    run_suite(DIR_LIVING, " (living)");
}

fn run_suite(dir: &str, label: &str) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tokenizer test directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "test"))
        .collect();
    files.sort();
    let (mut objects, mut runs, mut passed, mut failed) = (0usize, 0usize, 0usize, 0usize);
    let mut excluded = Vec::new();
    let mut failures = Vec::new();
    for file in &files {
        let fname = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("?")
            .to_owned();
        let text = std::fs::read_to_string(file).expect("read test file");
        let json: Value = serde_json::from_str(&text).expect("parse test file");
        let Some(tests) = json["tests"].as_array() else {
            continue;
        };
        for test in tests {
            objects += 1;
            let desc = test["description"].as_str().unwrap_or("");
            let raw_input = test["input"].as_str().expect("input");
            let double = test["doubleEscaped"].as_bool().unwrap_or(false);
            let states: Vec<String> = match test["initialStates"].as_array() {
                Some(a) => a
                    .iter()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect(),
                None => vec!["Data state".to_owned()],
            };
            let input = if double {
                unescape(raw_input)
            } else {
                Some(raw_input.to_owned())
            };
            let Some(input) = input else {
                runs += states.len();
                excluded.push(format!(
                    "{fname}: {desc:?} ({} runs): input holds a lone surrogate, which a &str cannot carry",
                    states.len()
                ));
                continue;
            };
            let expected_tokens = if double {
                unescape_value(&test["output"]).expect("output without lone surrogates")
            } else {
                test["output"].clone()
            };
            let expected_errors: Vec<Value> =
                test["errors"].as_array().cloned().unwrap_or_default();
            let expected_errors: Vec<Value> = expected_errors
                .iter()
                .map(|e| serde_json::json!({"code": e["code"], "line": e["line"], "col": e["col"]}))
                .collect();
            let last = test["lastStartTag"].as_str();
            for st in &states {
                runs += 1;
                let state = state_named(st).expect("html5lib state name");
                let got = tokenize_chunks(&input, state, last, &[]);
                let tokens = Value::Array(got.tokens.clone());
                let errors = got.error_values();
                if tokens == expected_tokens && errors == expected_errors && got.eof == 1 {
                    passed += 1;
                } else {
                    failed += 1;
                    if failures.len() < 60 {
                        failures.push(format!(
                            "{fname}: {desc:?} [{st}] input={input:?}\n  want {expected_tokens}\n  got  {tokens}\n  want errors {}\n  got errors  {}",
                            Value::Array(expected_errors.clone()),
                            Value::Array(errors)
                        ));
                    }
                }
            }
        }
    }
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    for e in &excluded {
        eprintln!("EXCLUDED {e}");
    }
    report!(
        "html5lib-tests tokenizer{label}: {passed} passed, {failed} failed, {} excluded ({objects} test objects, {runs} runs with initialStates expanded)",
        excluded.len()
    );
    assert_eq!(failed, 0, "{failed} html5lib tokenizer runs failed");
}
