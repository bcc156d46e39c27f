//! The HTML tokenizer alone over every page of `corpus_root()/html`, N rounds (first argument),
//! for instruction counting against lol_html's lexer on the same input:
//!
//! `valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null
//! target/release/examples/tok_count N JOB` (subtract an N=0 run), JOB one of `tree-sink`
//! (websyntax's tokenizer with a sink doing the tree builder's per-token work,
//! `websyntax_tree_sink_tokens`) or `lol` (lol_html's rewriter with a `doctype!` handler, which
//! forces its full lexer), the same pair as `dom_bench`'s "tokenizer alone" table; or `dom`
//! (websyntax's bytes → DOM as `dom_bench` times it), `dom-str` (the same from the `&str`s) and, built with the `peers-lexbor`
//! feature, `lexbor` (lexbor's bytes → DOM), `dom_bench`'s first pair.

use std::hint::black_box;

use websyntax_bench::{
    corpus_root, load_files, lol_html_tokens, websyntax_dom, websyntax_dom_str,
    websyntax_tree_sink_tokens,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let job = args.next().unwrap_or_else(|| "tree-sink".into());
    let files = load_files(&corpus_root().join("html"), &[".html", ".htm"]);
    assert!(
        !files.is_empty(),
        "no corpus under {}",
        corpus_root().display()
    );
    let strings: Vec<String> = files
        .iter()
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    let mut n = 0;
    for _ in 0..rounds {
        match job.as_str() {
            "tree-sink" => {
                for s in &strings {
                    n += websyntax_tree_sink_tokens(black_box(s));
                }
            }
            "lol" => {
                for (_, b) in &files {
                    n += lol_html_tokens(black_box(b));
                }
            }
            "dom" => {
                for (_, b) in &files {
                    n += websyntax_dom(black_box(b));
                }
            }
            "dom-str" => {
                for s in &strings {
                    n += websyntax_dom_str(black_box(s));
                }
            }
            #[cfg(feature = "peers-lexbor")]
            "lexbor" => {
                for (_, b) in &files {
                    n += usize::from(websyntax_bench::lexbor::parse(black_box(b)).is_some());
                }
            }
            other => panic!("unknown job {other}: tree-sink, lol, dom, dom-str or lexbor"),
        }
    }
    println!(
        "{job}: {} documents, {rounds} rounds, checksum {n}",
        files.len()
    );
}
