//! Depth: documents 10^6 levels deep (of several element kinds) parse, serialize, walk,
//! clone and drop without overflowing the stack. Each check runs on a thread with a small
//! stack (256 KiB), so that any recursion over the tree's depth would overflow even at a
//! fraction of these depths.

use websyntax_html::dom::WalkEvent;
use websyntax_html::serialize::{serialize_document, serialize_node};
use websyntax_html::{Context, Document, ParseOptions, parse_document, parse_fragment};

const DEEP: usize = 1_000_000;

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no stack overflow")
}

fn max_depth(doc: &Document) -> usize {
    doc.walk(doc.root())
        .filter_map(|e| match e {
            WalkEvent::Enter(_, d) => Some(d),
            WalkEvent::Exit(..) => None,
        })
        .max()
        .unwrap_or(0)
}

fn parse(s: &str) -> Document {
    parse_document(
        s,
        ParseOptions {
            collect_errors: false,
            ..ParseOptions::default()
        },
    )
}

/// Parse, measure, serialize, clone and drop a deep document.
fn check_deep(input: String, min_depth: usize) {
    on_small_stack(move || {
        let doc = parse(&input);
        assert!(max_depth(&doc) >= min_depth, "depth {}", max_depth(&doc));
        let html = serialize_document(&doc);
        assert!(html.len() >= input.len() / 2);
        let deepest = doc
            .walk(doc.root())
            .filter_map(|e| match e {
                WalkEvent::Enter(id, d) if d >= min_depth => Some(id),
                _ => None,
            })
            .next()
            .unwrap();
        // Template contents are fragments without a parent: their nodes' ancestors stop there.
        if !input.starts_with("<template>") {
            assert!(doc.ancestors(deepest).count() >= min_depth);
        }
        assert!(!serialize_node(&doc, deepest, true).is_empty());
        let _ = doc.text_content(doc.root());
        // Template contents are walked by `walk` but not by `descendants`.
        assert!(doc.descendants(doc.root()).count() <= doc.walk(doc.root()).count() / 2);
        let clone = doc.clone();
        drop(doc);
        drop(clone);
    });
}

#[test]
fn million_deep_divs() {
    check_deep("<div>".repeat(DEEP), DEEP);
}

#[test]
fn million_deep_formatting_elements() {
    check_deep("<b>".repeat(DEEP), DEEP);
}

#[test]
fn million_deep_svg() {
    check_deep(format!("<svg>{}", "<g>".repeat(DEEP)), DEEP);
}

#[test]
fn deep_tables_and_templates() {
    check_deep("<table><tr><td>".repeat(DEEP / 3), DEEP / 3);
    check_deep("<template>".repeat(DEEP / 2), DEEP / 2);
}

#[test]
fn million_deep_fragment() {
    on_small_stack(|| {
        let ctx: Context = "div".parse().unwrap();
        let f = parse_fragment(&"<span>".repeat(DEEP), &ctx, ParseOptions::default());
        let html = f.to_html();
        assert_eq!(html.matches("<span>").count(), DEEP);
        assert!(html.ends_with("</span></span>"));
    });
}

/// The html5lib test-tree dump indents two spaces per level, so its output is quadratic in
/// depth (a 10^6-deep dump would be 10^12 bytes): it is checked at a depth whose dump fits in
/// memory, still on the small stack, where a recursive dump would overflow.
#[test]
fn deep_test_tree_dump() {
    on_small_stack(|| {
        let doc = parse(&"<div>".repeat(10_000));
        let dump = doc.to_test_tree(doc.root());
        assert_eq!(dump.lines().count(), 10_003);
        assert!(dump.ends_with(&format!("{}<div>", " ".repeat(2 * 10_001))));
    });
}

/// Errors collected for every token of a deep document do not change any of this.
#[test]
fn million_deep_with_errors() {
    on_small_stack(|| {
        let doc = parse_document(&"<div>".repeat(DEEP), ParseOptions::default());
        assert_eq!(max_depth(&doc), DEEP + 2);
        assert!(!doc.errors().is_empty());
    });
}
