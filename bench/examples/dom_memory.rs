//! Peak memory of one parse to DOM, over loading: run once per engine, each in its own process
//! (lexbor allocates with C's malloc, which a Rust allocator hook cannot see, so this reads the
//! kernel's peak resident set size, `VmHWM`).
//!
//! `cargo run --release -p websyntax-bench --features peers-html,peers-lexbor --example dom_memory -- ENGINE FILE`
//! with ENGINE one of `none` (load only), `websyntax`, `lexbor`, `scraper`. Prints
//! `ENGINE peak_over_loading_bytes`: the peak RSS while parsing (the DOM kept alive) minus the
//! RSS once the file is loaded.

use std::hint::black_box;

use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax_bench::lexbor;

fn status_kb(key: &str) -> usize {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let engine = args.next().unwrap_or_else(|| "none".into());
    let file = args.next().expect("usage: dom_memory ENGINE FILE");
    let bytes = std::fs::read(&file).expect("readable file");
    // scraper takes text: convert before measuring, as loading.
    let text = String::from_utf8_lossy(&bytes).into_owned();
    black_box(&text);
    let loaded = status_kb("VmRSS:");
    match engine.as_str() {
        "websyntax" => {
            let mut opts = DocumentParserOptions::spec();
            opts.parse.collect_errors = true;
            let d = parse_document_bytes(&bytes, opts);
            eprintln!("document heap_bytes {}", d.document.heap_bytes());
            black_box(&d);
        }
        "lexbor" => {
            let d = lexbor::parse(&bytes);
            black_box(&d);
        }
        "scraper" => {
            let d = scraper::Html::parse_document(&text);
            black_box(&d);
        }
        _ => {}
    }
    let peak = status_kb("VmHWM:");
    println!("{engine} {}", peak.saturating_sub(loaded) * 1024);
}
