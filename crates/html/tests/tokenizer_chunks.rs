//! Chunk invariance: feeding the input in pieces split anywhere gives the same tokens
//! (adjacent characters merged) and the same errors (code and full position) as feeding it
//! whole.

mod tokenizer_support;

use proptest::prelude::*;
use serde_json::Value;
use tokenizer_support::{state_named, tokenize_chunks, unescape};
use websyntax_html::tokenizer::State;

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/html5lib-tests/tokenizer"
);

/// Every html5lib-tests tokenizer input (without lone surrogates) with its states and last
/// start tag.
fn html5lib_inputs() -> Vec<(String, State, Option<String>)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(DIR)
        .expect("tokenizer test directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "test"))
        .collect();
    files.sort();
    for file in files {
        let json: Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("read")).expect("json");
        for test in json["tests"].as_array().into_iter().flatten() {
            let raw = test["input"].as_str().unwrap_or("");
            let input = if test["doubleEscaped"].as_bool().unwrap_or(false) {
                unescape(raw)
            } else {
                Some(raw.to_owned())
            };
            let Some(input) = input else { continue };
            let last = test["lastStartTag"].as_str().map(str::to_owned);
            let states: Vec<State> = match test["initialStates"].as_array() {
                Some(a) => a
                    .iter()
                    .filter_map(|s| s.as_str().and_then(state_named))
                    .collect(),
                None => vec![State::Data],
            };
            for s in states {
                out.push((input.clone(), s, last.clone()));
            }
        }
    }
    out
}

fn check(input: &str, state: State, last: Option<&str>, splits: &[usize]) {
    let whole = tokenize_chunks(input, state, last, &[]);
    let parts = tokenize_chunks(input, state, last, splits);
    assert_eq!(
        whole.tokens, parts.tokens,
        "tokens differ for {input:?} split at {splits:?}"
    );
    assert_eq!(
        whole.errors, parts.errors,
        "errors differ for {input:?} split at {splits:?}"
    );
    assert_eq!(parts.eof, 1);
}

/// Every html5lib input split at every byte offset, and fed one character at a time.
#[test]
fn html5lib_inputs_every_split_point() {
    let inputs = html5lib_inputs();
    for (input, state, last) in &inputs {
        for cut in 1..input.len() {
            if input.is_char_boundary(cut) {
                check(input, *state, last.as_deref(), &[cut]);
            }
        }
        let all: Vec<usize> = (1..input.len()).collect();
        check(input, *state, last.as_deref(), &all);
    }
    println!(
        "chunk invariance: {} html5lib inputs, every split point",
        inputs.len()
    );
}

fn htmlish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("<"),
        Just("</"),
        Just(">"),
        Just("<!--"),
        Just("-->"),
        Just("--!>"),
        Just("-"),
        Just("<!"),
        Just("<!DOCTYPE"),
        Just("<!doctype html"),
        Just(" PUBLIC \"x\""),
        Just(" SYSTEM 'y'"),
        Just("<![CDATA["),
        Just("]]>"),
        Just("]"),
        Just("&"),
        Just("&amp"),
        Just("&amp;"),
        Just("&not"),
        Just("&notin;"),
        Just("&#x"),
        Just("&#X41;"),
        Just("&#65"),
        Just("&#0;"),
        Just("&#x110000;"),
        Just("&#128;"),
        Just("&AElig"),
        Just("&unknown;"),
        Just("\r"),
        Just("\n"),
        Just("\r\n"),
        Just("\0"),
        Just("\u{1}"),
        Just("\u{85}"),
        Just("\u{FDD0}"),
        Just("\u{1FFFF}"),
        Just("\u{10FFFF}"),
        Just("é"),
        Just("😀"),
        Just("<script>"),
        Just("</script>"),
        Just("<!--<script>"),
        Just("<title>"),
        Just("</title>"),
        Just("<textarea>"),
        Just("<style>"),
        Just("<plaintext>"),
        Just("<a href=x>"),
        Just("<a b='c' d=\"e\" f=g b=h>"),
        Just("<br/>"),
        Just("</a b>"),
        Just("=\"'`"),
        Just(" "),
        Just("\t"),
        Just("/"),
        Just("?"),
        Just("x"),
        Just("Y"),
        Just("text "),
        Just("<svg>"),
        Just("&lt;"),
        Just("&#x1F600;"),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn any_state() -> impl Strategy<Value = State> {
    prop_oneof![
        Just(State::Data),
        Just(State::Rcdata),
        Just(State::Rawtext),
        Just(State::ScriptData),
        Just(State::Plaintext),
        Just(State::CdataSection),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_htmlish_random_splits(
        input in htmlish(),
        state in any_state(),
        last in prop_oneof![Just(None), Just(Some("script")), Just(Some("title")), Just(Some("a"))],
        splits in prop::collection::vec(0usize..400, 0..10),
    ) {
        check(&input, state, last, &splits);
    }

    #[test]
    fn random_unicode_random_splits(
        input in "[<>&;#a-zA-Z0-9 \\r\\n\\t\\-!\\[\\]'\"=/?\\x00-\\x1f\\u{80}-\\u{10FFFF}]{0,60}",
        splits in prop::collection::vec(0usize..200, 0..10),
    ) {
        check(&input, State::Data, None, &splits);
    }
}
