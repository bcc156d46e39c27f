//! `websyntax html tokens` end to end, through the built binary.

use serde_json::{Value, json};

mod support;

fn run(args: &[&str], stdin: &str) -> (i32, String) {
    let out = support::run(args, stdin.as_bytes());
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

/// Every html5lib-tests tokenizer test (except the 4 whose input holds a lone surrogate, and
/// doubleEscaped ones, whose escapes the JSON line carries differently) through
/// `html tokens --jsonl`, comparing the whole output object.
#[test]
fn html5lib_tokenizer_suite_through_the_cli() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/html5lib-tests/tokenizer"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tokenizer dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "test"))
        .collect();
    files.sort();
    let mut input = String::new();
    let mut expected = Vec::new();
    for f in files {
        let json: Value =
            serde_json::from_str(&std::fs::read_to_string(f).expect("read")).expect("json");
        for t in json["tests"].as_array().into_iter().flatten() {
            if t["doubleEscaped"].as_bool().unwrap_or(false) {
                continue;
            }
            let states: Vec<Value> = match t["initialStates"].as_array() {
                Some(a) => a.clone(),
                None => vec![Value::Null],
            };
            for st in states {
                let line = json!({"input": t["input"], "initialState": st, "lastStartTag": t["lastStartTag"]});
                input.push_str(&line.to_string());
                input.push('\n');
                let errors: Vec<Value> = t["errors"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|e| json!({"code": e["code"], "line": e["line"], "col": e["col"]}))
                    .collect();
                expected.push(json!({"output": t["output"], "errors": errors}));
            }
        }
    }
    let (code, out) = run(&["html", "tokens", "--jsonl"], &input);
    assert_eq!(code, 0);
    let got = lines(&out);
    assert_eq!(got.len(), expected.len());
    let failed = got.iter().zip(&expected).filter(|(g, e)| g != e).count();
    println!(
        "html tokens --jsonl over html5lib-tests: {} lines, {failed} differ",
        got.len()
    );
    assert_eq!(failed, 0);
}
