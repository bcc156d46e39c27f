//! Per page: websyntax bytes → DOM (spans, errors) against lexbor, best of ROUNDS runs each,
//! sorted by the ratio; for finding the pages where websyntax loses most.
//!
//! `cargo run --release -p websyntax-bench --features peers-lexbor --example dom_perfile -- [ROUNDS]`

use std::hint::black_box;
use std::time::Instant;

use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax_bench::{corpus_root, lexbor, load_files};

fn best(rounds: usize, f: impl Fn() -> usize) -> f64 {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let files = load_files(&corpus_root().join("html"), &[".html", ".htm"]);
    let mut rows = Vec::new();
    let (mut tw, mut tl) = (0.0, 0.0);
    for (path, bytes) in &files {
        let w = best(rounds, || {
            let mut opts = DocumentParserOptions::spec();
            opts.parse.collect_errors = true;
            let p = parse_document_bytes(bytes, opts);
            p.document.len() + p.document.errors().len()
        });
        let l = best(rounds, || lexbor::parse(bytes).map_or(0, |_| 1));
        tw += w;
        tl += l;
        rows.push((l / w, w, l, bytes.len(), path.clone()));
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (r, w, l, n, p) in &rows {
        println!(
            "{r:5.2}  ws {:7.1} MB/s  lexbor {:7.1} MB/s  {:>9} B  {}",
            *n as f64 / w / 1e6,
            *n as f64 / l / 1e6,
            n,
            p.display()
        );
    }
    println!(
        "total: websyntax {tw:.4} s, lexbor {tl:.4} s, ratio {:.3}",
        tl / tw
    );
}
