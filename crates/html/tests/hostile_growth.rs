//! Linear time on hostile inputs, checked by counting work rather than timing: for every
//! shape of the generator (`tests/hostile/mod.rs`), the tree builder's work counter
//! ([`TreeBuilder::work`]) at size 4n must stay well under 16 times (quadratic) its value at
//! size n. The input length itself grows about 4 times.

mod hostile;

use websyntax_html::tokenizer::Tokenizer;
use websyntax_html::tree_builder::TreeBuilder;

const N: usize = 1500;
/// A linear shape gives about 4; quadratic 16. Allow for constant terms and log factors.
const MAX_RATIO: f64 = 6.0;

fn work(input: &str) -> u64 {
    let mut t = Tokenizer::new(TreeBuilder::new(true, true));
    t.feed(input);
    t.end();
    t.into_sink().work()
}

#[test]
fn every_shape_grows_linearly() {
    let mut failures = Vec::new();
    for shape in hostile::shapes() {
        let (small, large) = ((shape.make)(N), (shape.make)(4 * N));
        // Add the input length so that a shape doing no tree-builder walks at all is
        // measured as linear (its work is its tokens).
        let w1 = work(&small) + small.len() as u64;
        let w4 = work(&large) + large.len() as u64;
        let ratio = w4 as f64 / w1 as f64;
        println!(
            "{:<34} work({N}) = {w1:>9}  work({}) = {w4:>10}  ratio {ratio:5.2}",
            shape.name,
            4 * N
        );
        if ratio > MAX_RATIO {
            failures.push(format!("{}: ratio {ratio:.2}", shape.name));
        }
    }
    assert!(failures.is_empty(), "super-linear shapes: {failures:#?}");
}

/// The generator's shapes do grow: a sanity check of the generator itself.
#[test]
fn shapes_grow_linearly_in_length() {
    for shape in hostile::shapes() {
        let (a, b) = ((shape.make)(100).len(), (shape.make)(400).len());
        assert!(b >= 3 * a && b <= 5 * a, "{}: {a} -> {b}", shape.name);
    }
}

/// The selector engine's work ([`Document::query_work`](websyntax_html::Document::query_work))
/// for a query on a fresh document: once walking the tree (the first query), once through
/// the element index (the second).
fn query_work(shape: &hostile::QueryShape, n: usize) -> u64 {
    let input = (shape.make)(n);
    let selector = (shape.selector)(n);
    let doc = websyntax_html::parse_document(&input, websyntax_html::ParseOptions::default());
    let before = doc.query_work();
    let walked = doc.select(&selector).unwrap().count();
    let indexed = doc.select(&selector).unwrap().count();
    assert_eq!(walked, indexed, "{}", shape.name);
    doc.query_work() - before + (input.len() + selector.len()) as u64
}

#[test]
fn every_query_grows_linearly() {
    assert_every_query_linear(query_work);
}

/// Measures `work` at sizes n and 4n for every hostile query shape, and fails on any whose
/// work grows faster than linearly.
fn assert_every_query_linear(work: fn(&hostile::QueryShape, usize) -> u64) {
    let mut failures = Vec::new();
    for shape in hostile::query_shapes() {
        if shape.debug_checked && cfg!(debug_assertions) {
            println!("{:<34} skipped (debug assertions)", shape.name);
            continue;
        }
        let w1 = work(&shape, N);
        let w4 = work(&shape, 4 * N);
        let ratio = w4 as f64 / w1 as f64;
        println!(
            "{:<34} work({N}) = {w1:>9}  work({}) = {w4:>10}  ratio {ratio:5.2}",
            shape.name,
            4 * N
        );
        if ratio > MAX_RATIO {
            failures.push(format!("{}: ratio {ratio:.2}", shape.name));
        }
    }
    assert!(failures.is_empty(), "super-linear queries: {failures:#?}");
}

/// The selector engine's work for testing every element of a fresh document, one by one,
/// through a [`Matcher`](websyntax_html::select::Matcher) (the DOM's `element.matches()`
/// in a loop); the matches must be those of `select`.
fn matcher_work(shape: &hostile::QueryShape, n: usize) -> u64 {
    let input = (shape.make)(n);
    let selector = websyntax_html::select::Selector::parse(&(shape.selector)(n)).unwrap();
    let doc = websyntax_html::parse_document(&input, websyntax_html::ParseOptions::default());
    let before = doc.query_work();
    let mut m = doc.matcher(&selector);
    let one_by_one: Vec<_> = doc
        .descendants(doc.root())
        .filter(|&e| m.matches(e))
        .collect();
    let work = doc.query_work() - before;
    let selected: Vec<_> = doc.select_with(&selector).collect();
    assert_eq!(one_by_one, selected, "{}", shape.name);
    work + input.len() as u64
}

#[test]
fn every_query_grows_linearly_through_a_matcher() {
    assert_every_query_linear(matcher_work);
}

/// lexbor issue 340's shape (every formatting element reopened in each later block: the
/// standard's algorithm builds a number of nodes that grows as the square of the input). With
/// the node budget the command and Python use by default (65,536 plus 16 per input byte), the
/// nodes built, and so the work, grow linearly with the input.
#[test]
fn node_budget_makes_reconstruction_shapes_linear() {
    use websyntax_html::{ParseOptions, ResourceLimits, parse_document};
    let shape = |n: usize| -> String {
        let mut s: String = (0..n).map(|i| format!("<b {i}>")).collect();
        s.extend((0..n).map(|i| format!("<i {i}>")));
        s.push_str(&"x</b>".repeat(n));
        s
    };
    let nodes = |input: &str| -> usize {
        let limits = ResourceLimits {
            max_nodes: Some(input.len() * 16 + 64 * 1024),
            ..Default::default()
        };
        let doc = parse_document(
            input,
            ParseOptions {
                limits,
                ..Default::default()
            },
        );
        assert!(doc.limits_reached().nodes);
        doc.len()
    };
    let (small, large) = (shape(3000), shape(12000));
    let (n1, n4) = (nodes(&small), nodes(&large));
    let ratio = n4 as f64 / n1 as f64;
    println!("lexbor-340 shape with the node budget: {n1} -> {n4} nodes, ratio {ratio:.2}");
    assert!(ratio < MAX_RATIO, "ratio {ratio:.2}");
}
