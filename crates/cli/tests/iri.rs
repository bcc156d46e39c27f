//! `websyntax iri` against docs/cli.md ("IRI / URI datatypes").

use std::process::Output;

use serde_json::Value;

mod support;

fn run(args: &[&str], stdin: &str) -> Output {
    support::run(args, stdin.as_bytes())
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

fn lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

const TYPES: [&str; 8] = [
    "URI-3986",
    "URI-reference-3986",
    "absolute-URI-3986",
    "relative-reference-3986",
    "IRI-3987",
    "IRI-reference-3987",
    "absolute-IRI-3987",
    "relative-reference-3987",
];

#[test]
fn check_prints_all_eight_verdicts() {
    let o = run(&["iri", "check", "http://example.org/#x"], "");
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 8);
    for t in TYPES {
        assert!(out.lines().any(|l| l.starts_with(&format!("{t}: "))), "{t}");
    }
    assert!(out.contains("URI-3986: valid"));
    assert!(out.contains("absolute-URI-3986: invalid: "));
}

#[test]
fn check_one_type_and_exit_status() {
    let o = run(
        &["iri", "check", "résumé", "--type", "IRI-reference-3987"],
        "",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "IRI-reference-3987: valid\n");

    let o = run(
        &["iri", "check", "résumé", "--type", "URI-reference-3986"],
        "",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("URI-reference-3986: invalid: "));

    // Invalid for all eight: rejected.
    let o = run(&["iri", "check", "http://a b"], "");
    assert_eq!(o.status.code(), Some(1));

    // Unknown type: usage error.
    let o = run(&["iri", "check", "x", "--type", "uri"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn check_jsonl() {
    let input = "{\"input\": \"http://[::1]/\"}\n{\"input\": \"a b\"}\n{\"nope\": 1}\nnot json\n{\"input\": \"\\ud800\"}\n";
    let o = run(&["iri", "check", "--jsonl"], input);
    assert_eq!(o.status.code(), Some(0));
    let v = lines(&o);
    assert_eq!(v.len(), 5);
    let first = v[0].as_object().expect("object");
    assert_eq!(first.len(), 8);
    for t in TYPES {
        let expected = !t.starts_with("relative");
        assert_eq!(first[t], Value::Bool(expected), "{t}");
    }
    assert!(
        v[1].as_object()
            .expect("object")
            .values()
            .all(|b| b == false)
    );
    assert!(v[2]["error"].is_string());
    assert!(v[3]["error"].is_string());
    // A lone surrogate becomes U+FFFD, which no datatype allows.
    assert_eq!(v[4]["IRI-reference-3987"], false);
}

#[test]
fn resolve_cli() {
    let o = run(
        &["iri", "resolve", "../g", "--base", "http://a/b/c/d;p?q"],
        "",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "http://a/b/g\n");

    let o = run(&["iri", "resolve", "g", "--base", "/relative"], "");
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["iri", "resolve", "a b", "--base", "http://a/"], "");
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["iri", "resolve", "g"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn resolve_jsonl() {
    let input = concat!(
        "{\"base\": \"http://a/b/c/d;p?q\", \"ref\": \"../../../g\"}\n",
        "{\"base\": \"http://a/b/c/d;p?q\", \"ref\": \"\"}\n",
        "{\"base\": \"http://é.example/x\", \"ref\": \"ü?q#f\"}\n",
        "{\"base\": \"b\", \"ref\": \"g\"}\n",
        "{\"ref\": \"g\"}\n",
    );
    let o = run(&["iri", "resolve", "--jsonl"], input);
    assert_eq!(o.status.code(), Some(0));
    let v = lines(&o);
    assert_eq!(v.len(), 5);
    assert_eq!(v[0]["result"], "http://a/g");
    assert_eq!(v[1]["result"], "http://a/b/c/d;p?q");
    assert_eq!(v[2]["result"], "http://é.example/ü?q#f");
    assert!(v[3]["error"].is_string());
    assert!(v[4]["error"].is_string());
}
