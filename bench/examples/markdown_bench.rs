//! HTML → Markdown and main content, single-threaded, parse included: bytes → DOM (sniffing,
//! decoding, tree building) → Markdown (whole document), → main content → its text, and
//! → main content → Markdown. Reports the median MB/s of HTML input over the rounds, and the
//! parse alone for reference.
//!
//! `cargo run --release -p websyntax-bench --example markdown_bench -- [ROUNDS] [DIR]`
//!
//! Input: every page of `corpus_root()/html` (or DIR).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use websyntax::extract::{MarkdownOptions, main_content, to_markdown};
use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax_bench::{corpus_root, load_files};

/// A named job over one page's bytes.
type Job<'a> = (&'static str, Box<dyn Fn(&[u8]) -> usize + 'a>);

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let dir = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| corpus_root().join("html"));
    let files = load_files(&dir, &["html", "htm"]);
    let bytes: usize = files.iter().map(|f| f.1.len()).sum();
    println!(
        "{} files, {:.2} MB, {rounds} rounds (median)",
        files.len(),
        bytes as f64 / 1e6
    );
    let opts = MarkdownOptions::default();
    // The standard's sniffing algorithm without autodetection (the pages declare their encoding
    // or are read as windows-1252), as the DOM benchmarks measure it.
    let parse = |b: &[u8]| parse_document_bytes(b, DocumentParserOptions::spec());
    let jobs: [Job<'_>; 4] = [
        ("parse only", Box::new(|b| parse(b).document.len())),
        (
            "parse + markdown",
            Box::new(|b| {
                let p = parse(b);
                to_markdown(&p.document, None, &opts).len()
            }),
        ),
        (
            "parse + main content text",
            Box::new(|b| {
                let p = parse(b);
                main_content(&p.document).text(&p.document).len()
            }),
        ),
        (
            "parse + main content markdown",
            Box::new(|b| {
                let p = parse(b);
                main_content(&p.document).markdown(&p.document, &opts).len()
            }),
        ),
    ];
    // The conversions alone, on documents parsed beforehand.
    let docs: Vec<_> = files.iter().map(|f| parse(&f.1).document).collect();
    let mut times = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        for d in &docs {
            black_box(to_markdown(d, None, &opts).len());
        }
        times.push(t.elapsed().as_secs_f64());
    }
    let secs = median(&mut times);
    println!(
        "{:<32} {:>8.1} MB/s  {:>8.0} pages/s",
        "markdown alone (DOM given)",
        bytes as f64 / 1e6 / secs,
        files.len() as f64 / secs
    );
    let mut times = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        for d in &docs {
            black_box(main_content(d).roots.len());
        }
        times.push(t.elapsed().as_secs_f64());
    }
    let secs = median(&mut times);
    println!(
        "{:<32} {:>8.1} MB/s  {:>8.0} pages/s",
        "main content alone (DOM given)",
        bytes as f64 / 1e6 / secs,
        files.len() as f64 / secs
    );
    drop(docs);
    for (name, job) in &jobs {
        let mut times = Vec::new();
        for f in &files {
            black_box(job(&f.1)); // warm-up
        }
        for _ in 0..rounds {
            let t = Instant::now();
            for f in &files {
                black_box(job(&f.1));
            }
            times.push(t.elapsed().as_secs_f64());
        }
        let secs = median(&mut times);
        println!(
            "{name:<32} {:>8.1} MB/s  {:>8.0} pages/s",
            bytes as f64 / 1e6 / secs,
            files.len() as f64 / secs
        );
    }
}
