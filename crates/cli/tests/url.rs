//! `websyntax url` against `docs/cli.md`.

use std::process::Output;

use serde_json::Value;

mod support;

fn run(args: &[&str], stdin: &str) -> Output {
    support::run(args, stdin.as_bytes())
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn parse_prints_getters_and_errors() {
    let out = run(&["url", "parse", "https:example.org/a b"], "");
    assert_eq!(out.status.code(), Some(0));
    let v = &lines(&out)[0];
    assert_eq!(v["href"], "https://example.org/a%20b");
    assert_eq!(v["origin"], "https://example.org");
    assert_eq!(v["protocol"], "https:");
    assert_eq!(v["host"], "example.org");
    assert_eq!(v["pathname"], "/a%20b");
    assert_eq!(v["search"], "");
    assert_eq!(
        v["errors"],
        serde_json::json!([
            "special-scheme-missing-following-solidus",
            "invalid-URL-unit"
        ])
    );
}

#[test]
fn parse_failure_exits_1() {
    let out = run(&["url", "parse", "https://example.com:demo"], "");
    assert_eq!(out.status.code(), Some(1));
    let v = &lines(&out)[0];
    assert_eq!(v["failure"], true);
    assert_eq!(v["errors"], serde_json::json!(["port-invalid"]));
}

#[test]
fn parse_with_base_and_encoding() {
    let out = run(
        &[
            "url",
            "parse",
            "?smörgåsbord",
            "--base",
            "http://h/p",
            "--encoding",
            "windows-1252",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(lines(&out)[0]["href"], "http://h/p?sm%F6rg%E5sbord");
    let out = run(&["url", "parse", "x", "--encoding", "no-such-label"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn parse_encoding_output_encoding() {
    // Shift_JIS encodes the query; UTF-16LE and replacement (label iso-2022-kr) have no
    // encoder, so "get an output encoding" gives UTF-8.
    for (label, search) in [
        ("sjis", "?%82%A0"),
        ("utf-16le", "?%E3%81%82"),
        ("iso-2022-kr", "?%E3%81%82"),
    ] {
        let out = run(&["url", "parse", "https://h/?あ", "--encoding", label], "");
        assert_eq!(out.status.code(), Some(0), "{label}");
        assert_eq!(lines(&out)[0]["search"], search, "{label}");
    }
}

#[test]
fn parse_jsonl() {
    let input = concat!(
        r#"{"input": "b", "base": "http://h/a/"}"#,
        "\n",
        r#"{"input": "b", "base": "nope"}"#,
        "\n",
        r#"{"input": "http://h/\ud800"}"#,
        "\n",
        "not json\n",
        r#"{"input": "http://h/?\u00e9", "encoding": "latin1"}"#,
        "\n",
        r#"{"input": "x", "encoding": "bogus"}"#,
        "\n",
    );
    let out = run(&["url", "parse", "--jsonl"], input);
    assert_eq!(out.status.code(), Some(0));
    let v = lines(&out);
    assert_eq!(v.len(), 6);
    assert_eq!(v[0]["href"], "http://h/a/b");
    assert_eq!(v[1]["failure"], true);
    assert_eq!(v[2]["pathname"], "/%EF%BF%BD");
    assert!(v[3]["error"].is_string());
    assert_eq!(v[4]["search"], "?%E9");
    assert!(v[5]["error"].is_string());
}

#[test]
fn set_jsonl() {
    let input = concat!(
        r#"{"href": "http://h/", "setter": "port", "value": "8080"}"#,
        "\n",
        r#"{"href": "http://h/", "setter": "protocol", "value": "foo"}"#,
        "\n",
        r#"{"href": "nope", "setter": "hash", "value": "x"}"#,
        "\n",
        r#"{"href": "http://h/", "setter": "href", "value": "nope"}"#,
        "\n",
        r#"{"href": "http://h/", "setter": "frobnicate", "value": "x"}"#,
        "\n",
        r#"{"href": "http://h/", "setter": "hash", "value": "a b"}"#,
        "\n",
    );
    let out = run(&["url", "set", "--jsonl"], input);
    assert_eq!(out.status.code(), Some(0));
    let v = lines(&out);
    assert_eq!(v[0]["href"], "http://h:8080/");
    assert_eq!(v[0]["port"], "8080");
    assert_eq!(v[1]["href"], "http://h/");
    assert_eq!(v[2]["failure"], true);
    assert_eq!(v[3]["failure"], true);
    assert!(v[4]["error"].is_string());
    assert_eq!(v[5]["hash"], "#a%20b");
}

#[test]
fn search_params_jsonl() {
    let input = concat!(
        r#"{"input": "?a=b+c&&d=%41&e"}"#,
        "\n",
        r#"{"input": ""}"#,
        "\n"
    );
    let out = run(&["url", "search-params", "--jsonl"], input);
    let v = lines(&out);
    assert_eq!(
        v[0]["pairs"],
        serde_json::json!([["?a", "b c"], ["d", "A"], ["e", ""]])
    );
    assert_eq!(v[0]["serialized"], "%3Fa=b+c&d=A&e=");
    assert_eq!(v[1]["pairs"], serde_json::json!([]));
    assert_eq!(v[1]["serialized"], "");
}

#[test]
fn set_and_search_params_single() {
    let out = run(&["url", "set", "http://h/", "pathname", "/x y"], "");
    assert_eq!(lines(&out)[0]["href"], "http://h/x%20y");
    let out = run(&["url", "search-params", "a=1"], "");
    assert_eq!(lines(&out)[0]["serialized"], "a=1");
}
