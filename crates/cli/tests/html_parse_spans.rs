//! `websyntax html parse --output json`: the source spans ("Source spans" in docs/cli.md), run
//! as a binary.

mod support;

use serde_json::{Value, json};

fn parse_json(args: &[&str], stdin: &[u8]) -> Value {
    let all: Vec<&str> = ["html", "parse", "-", "--output", "json"]
        .iter()
        .chain(args)
        .copied()
        .collect();
    let (code, out, err) = support::code_out_err(support::run(&all, stdin));
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

/// The element children of `v` named `name`, depth first.
fn find<'a>(v: &'a Value, name: &str, out: &mut Vec<&'a Value>) {
    if v["type"] == "element" && v["name"] == name {
        out.push(v);
    }
    for k in ["children", "content"] {
        for c in v[k].as_array().into_iter().flatten() {
            find(c, name, out);
        }
    }
}

fn first<'a>(v: &'a Value, name: &str) -> &'a Value {
    let mut out = Vec::new();
    find(v, name, &mut out);
    out.first()
        .copied()
        .unwrap_or_else(|| panic!("no <{name}> in {v}"))
}

#[test]
fn nodes_attributes_and_errors_carry_spans() {
    let src = b"<!DOCTYPE html><p class=\"a b\" hidden>x&amp;y</p><!--c--><br></x>";
    let v = parse_json(&[], src);
    let html = first(&v, "html");
    assert_eq!(html["span"], Value::Null);
    assert_eq!(html["startTag"], Value::Null);
    assert_eq!(html["endTag"], Value::Null);
    assert_eq!(v["children"][0]["type"], "doctype");
    assert_eq!(v["children"][0]["span"], json!([0, 15]));
    let p = first(&v, "p");
    assert_eq!(p["span"], json!([15, 48]));
    assert_eq!(p["startTag"], json!([15, 37]));
    assert_eq!(p["endTag"], json!([44, 48]));
    assert_eq!(
        p["attrs"][0],
        json!({"name": "class", "value": "a b", "span": [18, 29], "valueSpan": [25, 28]})
    );
    assert_eq!(p["attrs"][1]["span"], json!([30, 36]));
    assert_eq!(p["attrs"][1]["valueSpan"], Value::Null);
    assert_eq!(
        p["children"][0],
        json!({"type": "text", "data": "x&y", "span": [37, 44]})
    );
    let body = first(&v, "body");
    assert_eq!(
        body["children"][1],
        json!({"type": "comment", "data": "c", "span": [48, 56]})
    );
    let br = first(&v, "br");
    assert_eq!(
        (br["startTag"].clone(), br["endTag"].clone()),
        (json!([56, 60]), Value::Null)
    );
    let e = &v["errors"][0];
    assert_eq!(e["code"], "unexpected-end-tag");
    assert_eq!(e["span"], json!([60, 64]));
    assert_eq!((e["line"].clone(), e["col"].clone()), (json!(1), json!(61)));
}

#[test]
fn offsets_are_file_bytes_for_legacy_encodings_bom_and_crlf() {
    // windows-1252: each é is one byte in the file (two in UTF-8).
    let v = parse_json(&["--encoding", "windows-1252"], b"<p>caf\xE9 caf\xE9</x>");
    assert_eq!(first(&v, "p")["children"][0]["span"], json!([3, 12]));
    assert_eq!(v["errors"][1]["span"], json!([12, 16]));
    // UTF-8 BOM and CR LF count as they are in the file.
    let v = parse_json(&[], b"\xEF\xBB\xBF<!DOCTYPE html>\r\n<b>x</b>\r\n</x>");
    assert_eq!(first(&v, "b")["startTag"], json!([20, 23]));
    let e = &v["errors"][0];
    assert_eq!(e["span"], json!([30, 34]));
    assert_eq!((e["line"].clone(), e["col"].clone()), (json!(3), json!(1)));
    // UTF-16LE with a BOM: two bytes per code unit.
    let mut bytes = vec![0xFF, 0xFE];
    for u in "<i>z</i>".encode_utf16() {
        bytes.extend_from_slice(&u.to_le_bytes());
    }
    let v = parse_json(&[], &bytes);
    let i = first(&v, "i");
    assert_eq!(
        (i["startTag"].clone(), i["endTag"].clone()),
        (json!([2, 8]), json!([10, 18]))
    );
}

#[test]
fn implied_and_cloned_elements_have_null_spans() {
    let v = parse_json(&[], b"<table><tr><td><b>x<p>y</b>");
    assert_eq!(first(&v, "tbody")["span"], Value::Null);
    let mut bs = Vec::new();
    find(&v, "b", &mut bs);
    assert_eq!(bs[0]["startTag"], json!([15, 18]));
    assert_eq!(bs[1]["span"], Value::Null);
    assert_eq!(first(&v, "td")["endTag"], Value::Null);
}
