#![no_main]
//! Hostile input: the tree builder's work stays linear in the input (plus the nodes it
//! creates: reconstructing formatting elements legitimately builds K^2 nodes from K-sized
//! input), and the opt-in resource limits hold on any input.
//!
//! The first two bytes choose the limits (each off or small); the rest is the document.
//! Checks: no panic; `work <= 64 * (bytes + nodes) + 1024`; with `max_tree_depth` d, no node
//! deeper than d + 2; with `max_attributes` a, no element with more than a attributes; with
//! `max_nodes` n, at most n + 64 nodes.
use libfuzzer_sys::fuzz_target;
use websyntax::html::dom::WalkEvent;
use websyntax::html::tokenizer::Tokenizer;
use websyntax::html::tree_builder::TreeBuilder;
use websyntax::html::ResourceLimits;

fuzz_target!(|data: &[u8]| {
    let [a, b, rest @ ..] = data else {
        return;
    };
    let input = String::from_utf8_lossy(rest);
    let limits = ResourceLimits {
        max_tree_depth: (a & 1 == 1).then_some(usize::from(a >> 1) % 64),
        max_attributes: (b & 1 == 1).then_some(usize::from(b >> 1) % 8),
        max_nodes: (b & 2 == 2).then_some(usize::from(*a) * 16),
        max_clones: (b & 8 == 8).then_some(usize::from(*a) * 4),
    };
    let mut tb = TreeBuilder::new(a & 2 == 2, b & 4 == 4);
    tb.set_limits(limits);
    let mut t = Tokenizer::new(tb);
    t.feed(&input);
    t.end();
    let tb = t.into_sink();
    let work = tb.work();
    let doc = tb.finish();
    let nodes = doc.len() as u64;
    assert!(
        work <= 64 * (input.len() as u64 + nodes) + 1024,
        "work {work} for {} bytes and {nodes} nodes",
        input.len()
    );
    if let Some(n) = limits.max_nodes {
        assert!(doc.len() <= n + 64, "{} nodes, limit {n}", doc.len());
    }
    for ev in doc.walk(doc.root()) {
        let WalkEvent::Enter(id, depth) = ev else {
            continue;
        };
        if let Some(d) = limits.max_tree_depth {
            assert!(depth <= d.max(2) + 2, "depth {depth}, limit {d}");
        }
        if let Some(max) = limits.max_attributes {
            assert!(doc.attrs(id).count() <= max);
        }
    }
});
