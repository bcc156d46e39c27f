//! Markdown fidelity of several converters on the same pages, with the metric of
//! `crates/extract/tests/fidelity.rs` (`crates/extract/tests/common/fidelity_metric.rs`): each
//! converter's Markdown is rendered back with pulldown-cmark (tables and strikethrough on) and
//! what the renderer sees is compared with the page's own DOM (parsed here from the same bytes),
//! in two modes: what pulldown-cmark's events show (the test's metric; raw HTML in the Markdown
//! counts for nothing), and the DOM of the HTML pulldown-cmark renders, raw HTML passed through
//! (a table written as HTML counts as a table).
//!
//! `cargo run --release -p websyntax-bench --example markdown_fidelity -- CORPUS OUT [-v]`
//!
//! `OUT/pages.txt` lists the pages (paths relative to CORPUS, one a line, in order) and each
//! directory `OUT/<converter>/` holds `<n>.md`, the Markdown of the n-th page (from 0), as
//! `bench/python/markdown_compare.py` writes them. `websyntax (Rust)` is this build's own
//! `to_markdown`, for reference. Prints, per converter and kind, the share that agrees
//! (agreeing / compared, summed over the pages), and the Markdown links that point to no URL of
//! the document's links. `-v` prints each page's differences.

use std::path::PathBuf;

// The metric (`super::…`) names these.
use websyntax::extract::text::readable_text;
use websyntax::extract::{MarkdownOptions, to_markdown};
use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax::html::{Document, NodeId, ParseOptions, parse_document};
use websyntax::url::{Encoding, Url};

#[path = "../../crates/extract/tests/common/fidelity_metric.rs"]
#[allow(dead_code)]
mod metric;

use metric::{KINDS, PageScore, score, score_rendered};

/// A way of scoring one page's Markdown against its DOM.
type Scorer = fn(&Document, &str) -> PageScore;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let pos: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let (Some(corpus), Some(out)) = (pos.first(), pos.get(1)) else {
        eprintln!("usage: markdown_fidelity CORPUS OUT [-v]");
        std::process::exit(2);
    };
    let corpus = PathBuf::from(corpus);
    let out = PathBuf::from(out);
    let list = std::fs::read_to_string(out.join("pages.txt")).expect("OUT/pages.txt");
    let pages: Vec<&str> = list.lines().filter(|l| !l.is_empty()).collect();
    let mut converters: Vec<String> = std::fs::read_dir(&out)
        .expect("OUT")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    converters.sort();
    let rust = "websyntax (Rust)".to_owned();
    converters.push(rust.clone());
    // Per mode (the Markdown's events, the DOM of its rendered HTML) and converter.
    let modes: [(&str, Scorer); 2] = [
        ("what pulldown-cmark's events show", score),
        (
            "the DOM of pulldown-cmark's HTML (raw HTML passed)",
            score_rendered,
        ),
    ];
    let mut totals = vec![vec![[(0usize, 0usize); 8]; converters.len()]; modes.len()];
    let mut invented = vec![vec![0usize; converters.len()]; modes.len()];
    let mut bytes = 0usize;
    for (n, page) in pages.iter().enumerate() {
        let html = std::fs::read(corpus.join(page)).expect("page");
        bytes += html.len();
        // The standard's sniffing without autodetection, as the Python `parse(bytes)` default
        // reads these (UTF-8 declared) pages.
        let doc = parse_document_bytes(&html, DocumentParserOptions::spec()).document;
        for (c, name) in converters.iter().enumerate() {
            let md = if *name == rust {
                to_markdown(&doc, None, &MarkdownOptions::default())
            } else {
                std::fs::read_to_string(out.join(name).join(format!("{n}.md"))).unwrap_or_default()
            };
            for (m, (mode, f)) in modes.iter().enumerate() {
                let s = f(&doc, &md);
                invented[m][c] += s.invented;
                for (k, &(same, all)) in s.kinds.iter().enumerate() {
                    totals[m][c][k].0 += same;
                    totals[m][c][k].1 += all;
                    if verbose && same < all {
                        let (d, o) = &s.only[k];
                        println!(
                            "[{mode}] {name} {page} {}: {same}/{all} dom-only {d:?} md-only {o:?}",
                            KINDS[k]
                        );
                    }
                }
            }
        }
    }
    println!("{} pages, {:.2} MB", pages.len(), bytes as f64 / 1e6);
    for (m, (mode, _)) in modes.iter().enumerate() {
        println!("\n{mode}:\n");
        print!("| what |");
        for name in &converters {
            print!(" {name} |");
        }
        print!("\n|---|");
        for _ in &converters {
            print!("---|");
        }
        println!();
        for (k, kind) in KINDS.iter().enumerate() {
            print!("| {kind} |");
            for t in &totals[m] {
                let (same, all) = t[k];
                let share = if all == 0 {
                    1.0
                } else {
                    same as f64 / all as f64
                };
                print!(" {share:.3} ({same} / {all}) |");
            }
            println!();
        }
        print!("| links to no URL of the page |");
        for i in &invented[m] {
            print!(" {i} |");
        }
        println!();
    }
}
