//! Pathological inputs: each must complete (their timings are in the `html_parse` bench, not
//! asserted here), and a tree 10^6 levels deep must parse, serialize, be walked and be dropped
//! without overflowing the stack (nothing on the DOM recurses).

use websyntax_html::dom::NodeData;
use websyntax_html::serialize::serialize_document;
use websyntax_html::{Document, ParseOptions, parse_document};

const N: usize = 100_000;

fn parse(s: &str) -> Document {
    parse_document(s, ParseOptions::default())
}

fn depth_of_deepest(doc: &Document) -> usize {
    let mut max = 0;
    for ev in doc.walk(doc.root()) {
        if let websyntax_html::dom::WalkEvent::Enter(_, d) = ev {
            max = max.max(d);
        }
    }
    max
}

#[test]
fn nested_divs() {
    let doc = parse(&"<div>".repeat(N));
    assert_eq!(doc.find_all_elements("div").count(), N);
    assert_eq!(depth_of_deepest(&doc), N + 2);
}

#[test]
fn many_a_start_tags() {
    let doc = parse(&"<a>".repeat(N));
    assert_eq!(doc.find_all_elements("a").count(), N);
}

#[test]
fn misnested_b_i() {
    let doc = parse(&"<b><i>x</b></i>".repeat(N));
    assert_eq!(doc.find_all_elements("b").count(), N);
    let doc = parse(&format!("{}x{}", "<b><i>".repeat(N), "</b></i>".repeat(N)));
    assert_eq!(doc.find_all_elements("b").count(), N);
}

#[test]
fn table_with_foster_parented_text_runs() {
    let doc = parse(&format!("<table>{}", "a<tr>".repeat(N)));
    assert_eq!(doc.find_all_elements("tr").count(), N);
    let body = doc.find_element("body").unwrap();
    // All runs were foster-parented before the table and merged into one text node.
    let first = doc.children(body).next().unwrap();
    match doc.data(first) {
        NodeData::Text(t) => assert_eq!(t.len(), N),
        other => panic!("expected text, got {other:?}"),
    }
}

#[test]
fn nested_lists() {
    let doc = parse(&"<ul><li>".repeat(N));
    assert_eq!(doc.find_all_elements("li").count(), N);
}

#[test]
fn million_deep_tree_parses_serializes_and_drops() {
    const DEEP: usize = 1_000_000;
    let input = "<div>".repeat(DEEP);
    let doc = parse(&input);
    assert_eq!(depth_of_deepest(&doc), DEEP + 2);
    let html = serialize_document(&doc);
    assert!(html.ends_with("</div></div></body></html>"));
    assert_eq!(html.matches("<div>").count(), DEEP);
    let last = doc.find_all_elements("div").last().unwrap();
    assert_eq!(doc.ancestors(last).count(), DEEP + 2);
    assert_eq!(doc.text_content(doc.root()), "");
    let clone = doc.clone();
    drop(doc);
    drop(clone);
    // The test-tree dump is not recursive either (its output is quadratic in depth, so it is
    // checked on a smaller tree).
    let doc = parse(&"<div>".repeat(10_000));
    assert_eq!(doc.to_test_tree(doc.root()).lines().count(), 10_003);
}
