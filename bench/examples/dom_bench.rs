//! Bytes → DOM, side by side in one process, interleaved: websyntax (full byte pipeline:
//! sniffing, decoding, tokenizer, tree builder, with source spans recorded and parse errors
//! collected), lexbor (C, built from its source) and html5ever + scraper; plus the tokenizer
//! alone against lol_html's lexer (a `doctype!` handler forces its full lexer), with a counting
//! sink and with a sink that does a tree builder's tokenizer work (state switches for raw-text
//! elements, every attribute read; lol_html's lexer switches those states itself).
//!
//! Every round runs each engine over the same inputs, interleaved by about 1 MB of pages in a
//! rotating order (`websyntax_bench::interleave`), so that all engines see the same machine
//! state; the report gives each engine's median throughput over the rounds and websyntax's
//! ratio to each peer.
//!
//! `cargo run --release -p websyntax-bench --features peers-html,peers-lexbor --example dom_bench -- [ROUNDS]`
//!
//! Inputs: every page of `corpus_root()/html`, and the single largest page of it. scraper takes
//! a `&str`: it gets the pages already converted to UTF-8 (the conversion is not timed, which
//! favours it); lexbor and websyntax get the bytes. websyntax also parses the same `&str`s
//! (`parse_document`: no sniffing or decoding), reported beside its bytes row.

use websyntax_bench::interleave::run;
use websyntax_bench::{
    corpus_root, lexbor, load_files, lol_html_tokens, websyntax_dom, websyntax_dom_str,
};

fn lexbor_dom(bytes: &[u8]) -> usize {
    lexbor::parse(bytes).map_or(0, |d| {
        drop(d);
        1
    })
}

fn scraper_dom(s: &str) -> usize {
    scraper::Html::parse_document(s).tree.nodes().count()
}

fn websyntax_tokens(s: &str) -> usize {
    websyntax_bench::websyntax_token_count(s)
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let files = load_files(&corpus_root().join("html"), &[".html", ".htm"]);
    assert!(
        !files.is_empty(),
        "no corpus under {}",
        corpus_root().display()
    );
    let bytes: Vec<&[u8]> = files.iter().map(|(_, b)| b.as_slice()).collect();
    let strings: Vec<String> = bytes
        .iter()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect();
    let sizes: Vec<usize> = bytes.iter().map(|b| b.len()).collect();
    let largest = bytes.iter().copied().max_by_key(|b| b.len()).unwrap();
    let largest_str = String::from_utf8_lossy(largest).into_owned();
    // The largest page three times per round.
    let largest_sizes = [largest.len(); 3];

    let corpus = run(
        &format!("bytes -> DOM, corpus/html ({} pages)", files.len()),
        &sizes,
        rounds,
        &[
            (
                "websyntax (spans, errors)",
                Box::new(|i| websyntax_dom(bytes[i])),
            ),
            (
                "websyntax from &str",
                Box::new(|i| websyntax_dom_str(&strings[i])),
            ),
            ("lexbor", Box::new(|i| lexbor_dom(bytes[i]))),
            ("html5ever+scraper", Box::new(|i| scraper_dom(&strings[i]))),
        ],
    );
    let single = run(
        "bytes -> DOM, the largest page",
        &largest_sizes,
        rounds,
        &[
            (
                "websyntax (spans, errors)",
                Box::new(|_| websyntax_dom(largest)),
            ),
            (
                "websyntax from &str",
                Box::new(|_| websyntax_dom_str(&largest_str)),
            ),
            ("lexbor", Box::new(|_| lexbor_dom(largest))),
            ("html5ever+scraper", Box::new(|_| scraper_dom(&largest_str))),
        ],
    );
    let tok = run(
        "tokenizer alone, corpus/html",
        &sizes,
        rounds,
        &[
            (
                "websyntax tokenizer",
                Box::new(|i| websyntax_tokens(&strings[i])),
            ),
            (
                "websyntax, tree-builder sink",
                Box::new(|i| websyntax_bench::websyntax_tree_sink_tokens(&strings[i])),
            ),
            (
                "lol_html lexer (doctype!)",
                Box::new(|i| lol_html_tokens(bytes[i])),
            ),
        ],
    );
    println!("\nratios (websyntax / peer)");
    println!(
        "  corpus:  {:.2}x lexbor, {:.2}x html5ever+scraper; from &str {:.2}x lexbor",
        corpus[0] / corpus[2],
        corpus[0] / corpus[3],
        corpus[1] / corpus[2]
    );
    println!(
        "  largest: {:.2}x lexbor, {:.2}x html5ever+scraper; from &str {:.2}x lexbor",
        single[0] / single[2],
        single[0] / single[3],
        single[1] / single[2]
    );
    println!(
        "  tokenizer: {:.2}x lol_html (counting sink), {:.2}x (tree-builder sink)",
        tok[0] / tok[2],
        tok[1] / tok[2]
    );
}
