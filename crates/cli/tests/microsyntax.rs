//! `websyntax microsyntax`: the machine-readable contract of docs/cli.md ("Microsyntaxes").

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

fn run(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_websyntax"))
        .arg("microsyntax")
        .args(args)
        .output()
        .expect("run websyntax");
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    let v = serde_json::from_str(text.trim()).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), v)
}

fn batch(input: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_websyntax"))
        .args(["microsyntax", "--jsonl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run websyntax");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}

#[test]
fn single_values() {
    let cases: &[(&str, &str, Value)] = &[
        ("integer", "-42px", json!(-42)),
        (
            "integer",
            "99999999999999999999",
            json!("99999999999999999999"),
        ),
        ("non-negative-integer", "007", json!(7)),
        ("float", "1.5e3", json!(1500.0)),
        ("float-serialize", "1e21", json!("1e+21")),
        ("float-serialize", "0.1", json!("0.1")),
        (
            "dimension",
            "50%",
            json!({"value": 50.0, "unit": "percentage"}),
        ),
        (
            "nonzero-dimension",
            "12px",
            json!({"value": 12.0, "unit": "length"}),
        ),
        ("float-list", "1,2.5;3", json!([1.0, 2.5, 3.0])),
        (
            "dimension-list",
            "1*, 20%,30",
            json!([{"value": 1.0, "unit": "relative"}, {"value": 20.0, "unit": "percentage"},
                   {"value": 30.0, "unit": "absolute"}]),
        ),
        ("month", "02011-11", json!("2011-11")),
        ("date", "2016-02-29", json!("2016-02-29")),
        ("yearless-date", "--02-29", json!("02-29")),
        ("time", "12:00:00.500", json!("12:00:00.5")),
        (
            "local-date-time",
            "2011-11-18 14:54:00",
            json!("2011-11-18T14:54"),
        ),
        ("time-zone", "+0530", json!("+05:30")),
        (
            "global-date-time",
            "2011-11-18T14:54:39.929-04:00",
            json!("2011-11-18T18:54:39.929Z"),
        ),
        ("week", "2015-W53", json!("2015-W53")),
        ("duration", "PT1H30M", json!(5400.0)),
        ("duration", "1d 0.5s", json!(86400.5)),
        ("date-or-time", "14:54", json!("14:54")),
        (
            "date-or-time",
            "2011-11-18 23:00-02:00",
            json!("2011-11-19T01:00Z"),
        ),
        ("simple-color", "#ABCDEF", json!("#abcdef")),
        ("legacy-color", "chucknorris", json!("#c00000")),
        ("space-tokens", " a  b ", json!(["a", "b"])),
        ("comma-tokens", " a ,b,,d d ", json!(["a", "b", "", "d d"])),
        ("valid-float", "1.", json!(false)),
        ("valid-float", "-1.5e2", json!(true)),
        ("valid-date-or-time", "2011-11-18T14:54Z", json!(true)),
        ("valid-duration", "P1W", json!(false)),
        ("valid-lowercase-simple-color", "#ABCDEF", json!(false)),
    ];
    for (kind, input, want) in cases {
        let (code, v) = run(&[kind, input]);
        assert_eq!((code, &v), (0, &json!({ "value": want })), "{kind} {input}");
    }
}

#[test]
fn rejected_inputs_exit_1() {
    for (kind, input) in [
        ("integer", "x"),
        ("float", "1e309"),
        ("dimension", "+5"),
        ("date", "2014-02-29"),
        ("duration", "P1M"),
        ("legacy-color", "transparent"),
        ("global-date-time", "0001-01-01T00:00+01:00"),
    ] {
        let (code, v) = run(&[kind, input]);
        assert_eq!(code, 1, "{kind} {input}");
        assert!(v["error"].is_string(), "{kind} {input}: {v}");
    }
    let (_, v) = run(&["date", "2014-02-29"]);
    assert_eq!(v, json!({"error": "day out of range at byte 8"}));
}

#[test]
fn usage_errors_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_websyntax"))
        .args(["microsyntax", "no-such-kind", "x"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_websyntax"))
        .args(["microsyntax", "integer"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn jsonl_batch() {
    let input = concat!(
        r#"{"kind": "integer", "input": "12"}"#,
        "\n",
        r#"{"kind": "date", "input": "2014-02-29"}"#,
        "\n",
        r#"{"kind": "nope", "input": "1"}"#,
        "\n",
        "not json\n",
        r#"{"kind": "float-serialize", "input": 1e21}"#,
        "\n",
        r#"{"kind": "space-tokens", "input": "a\ud800 b"}"#,
        "\n",
        r#"{"kind": "valid-integer"}"#,
        "\n",
        r#"{"kind": "legacy-color", "input": "\ud83d\ude00"}"#,
        "\n",
    );
    let out = batch(input);
    assert_eq!(out.len(), 8);
    assert_eq!(out[0], json!({"value": 12}));
    assert_eq!(out[1], json!({"error": "day out of range at byte 8"}));
    assert!(out[2]["error"].as_str().unwrap().contains("unknown"));
    assert!(out[3]["error"].is_string());
    assert_eq!(out[4], json!({"value": "1e+21"}));
    assert_eq!(out[5], json!({"value": ["a\u{FFFD}", "b"]}));
    assert!(out[6]["error"].is_string());
    assert_eq!(out[7], json!({"value": "#000000"}));
}
