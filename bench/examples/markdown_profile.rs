//! The conversions of the extract crate alone, for profiling (`perf record`) and A/B runs:
//! every page of the corpus parsed once, then ROUNDS rounds of each job in turn, the parse
//! alone measured in the same rounds for reference. Prints the median MB/s of each job (in
//! on-CPU time of the thread where Linux reports it, else wall time) and its ratio to the
//! parse alone.
//!
//! `cargo run --release -p websyntax-bench --example markdown_profile -- [ROUNDS] [JOBS] [DIR]`
//!
//! JOBS: a comma-separated subset of `parse,markdown,main,maintext,mainmd` (default all).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use websyntax::extract::{MarkdownOptions, main_content, to_markdown};
use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax_bench::{corpus_root, load_files};

/// On-CPU time of this thread in seconds (Linux `schedstat`; less disturbed than wall time by
/// other processes on a shared machine), or `None` where that file is missing.
fn cpu_time() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let jobs_arg = args
        .next()
        .unwrap_or_else(|| "parse,markdown,main,maintext,mainmd".into());
    let dir = args
        .next()
        .map(PathBuf::from)
        .unwrap_or_else(|| corpus_root().join("html"));
    let files = load_files(&dir, &["html", "htm"]);
    let bytes: usize = files.iter().map(|f| f.1.len()).sum();
    let parse = |b: &[u8]| parse_document_bytes(b, DocumentParserOptions::spec());
    let docs: Vec<_> = files.iter().map(|f| parse(&f.1).document).collect();
    let opts = MarkdownOptions::default();
    let jobs: Vec<&str> = jobs_arg.split(',').collect();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); jobs.len()];
    for _ in 0..rounds {
        for (j, job) in jobs.iter().enumerate() {
            let t = Instant::now();
            let c = cpu_time();
            match *job {
                "parse" => {
                    for f in &files {
                        black_box(parse(&f.1).document.len());
                    }
                }
                "markdown" => {
                    for d in &docs {
                        black_box(to_markdown(d, None, &opts).len());
                    }
                }
                "main" => {
                    for d in &docs {
                        black_box(main_content(d).roots.len());
                    }
                }
                "maintext" => {
                    for d in &docs {
                        black_box(main_content(d).text(d).len());
                    }
                }
                "mainmd" => {
                    for d in &docs {
                        black_box(main_content(d).markdown(d, &opts).len());
                    }
                }
                other => panic!("unknown job {other}"),
            }
            let wall = t.elapsed().as_secs_f64();
            times[j].push(match (c, cpu_time()) {
                (Some(a), Some(b)) => b - a,
                _ => wall,
            });
        }
    }
    let parse_rate = jobs
        .iter()
        .position(|j| *j == "parse")
        .map(|j| bytes as f64 / 1e6 / median(&mut times[j]));
    for (j, job) in jobs.iter().enumerate() {
        let rate = bytes as f64 / 1e6 / median(&mut times[j]);
        match parse_rate {
            Some(p) => println!("{job:<10} {rate:>8.1} MB/s  {:>5.2}x parse", rate / p),
            None => println!("{job:<10} {rate:>8.1} MB/s"),
        }
    }
}
