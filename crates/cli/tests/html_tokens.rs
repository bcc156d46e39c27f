//! `websyntax html tokens` end to end, through the built binary.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

fn run(args: &[&str], stdin: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_websyntax"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn websyntax");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
    )
}

fn lines(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

#[test]
fn jsonl_batch() {
    let input = concat!(
        r#"{"input": "<a b='c'>x&amp;y</a><!--z-->", "initialState": null, "lastStartTag": null}"#,
        "\n",
        r#"{"input": "a</title>b", "initialState": "RCDATA state", "lastStartTag": "title"}"#,
        "\n",
        r#"{"input": "<!DOCTYPE html><br/>\u0000", "initialState": "Data state"}"#,
        "\n",
        r#"{"input": "x\ud800"}"#,
        "\n",
        r#"{"input": "x", "initialState": "Bogus state"}"#,
        "\n",
        "not json\n",
    );
    let (code, out) = run(&["html", "tokens", "--jsonl"], input);
    assert_eq!(code, 0);
    let got = lines(&out);
    assert_eq!(got.len(), 6);
    assert_eq!(
        got[0],
        json!({"output": [["StartTag", "a", {"b": "c"}], ["Character", "x&y"], ["EndTag", "a"], ["Comment", "z"]], "errors": []})
    );
    assert_eq!(
        got[1],
        json!({"output": [["Character", "a"], ["EndTag", "title"], ["Character", "b"]], "errors": []})
    );
    assert_eq!(
        got[2],
        json!({"output": [["DOCTYPE", "html", null, null, true], ["StartTag", "br", {}, true], ["Character", "\u{0}"]],
               "errors": [{"code": "unexpected-null-character", "line": 1, "col": 21}]})
    );
    assert_eq!(
        got[3],
        json!({"output": [["Character", "x\u{FFFD}"]], "errors": []})
    );
    assert!(got[4]["error"].is_string());
    assert!(got[5]["error"].is_string());
}

#[test]
fn single_input_from_stdin() {
    let (code, out) = run(&["html", "tokens"], "<p>\r\nhi");
    assert_eq!(code, 0);
    assert_eq!(
        lines(&out),
        vec![json!({"output": [["StartTag", "p", {}], ["Character", "\nhi"]], "errors": []})]
    );
    let (code, _) = run(&["html", "tokens", "--initial-state", "nope"], "");
    assert_eq!(code, 2);
}
