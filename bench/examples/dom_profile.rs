//! Runs one stage of websyntax over `corpus_root()/html` ROUNDS times, for `perf record`:
//!
//! `cargo run --release -p websyntax-bench --example dom_profile -- dom|dom-no-errors|dom-str|tokens|tree-tokens|train [ROUNDS] [PATH]`
//!
//! With PATH, that one page, or the `.html`/`.htm` pages below that directory, instead of the
//! corpus (to profile a page `dom_perfile` singles out).
//!
//! `dom` is the full byte pipeline with spans and errors (as `dom_bench`); `tokens` is the
//! tokenizer alone over the pages decoded to UTF-8; `dom-no-errors` the byte pipeline without
//! collecting parse errors; `dom-str` the parse of the pages decoded to UTF-8 beforehand (`&str`, errors collected); `train` the workload `scripts/pgo.sh` profiles: per page, the byte
//! pipeline, then queries, links, text, the checker and the tokenizer alone.

use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax_bench::{corpus_root, load_files};

fn main() {
    let mut args = std::env::args().skip(1);
    let stage = args.next().unwrap_or_else(|| "dom".into());
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let files = match args.next() {
        Some(f) if std::path::Path::new(&f).is_dir() => {
            load_files(std::path::Path::new(&f), &[".html", ".htm"])
        }
        Some(f) => vec![(f.clone().into(), std::fs::read(&f).expect("readable FILE"))],
        None => load_files(&corpus_root().join("html"), &[".html", ".htm"]),
    };
    assert!(!files.is_empty(), "no .html or .htm pages found");
    let strings: Vec<String> = files
        .iter()
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .collect();
    let start = std::time::Instant::now();
    let mut n = 0usize;
    for _ in 0..rounds {
        for ((_, bytes), s) in files.iter().zip(&strings) {
            n += match stage.as_str() {
                "tokens" => websyntax_bench::websyntax_token_count(s),
                "tree-tokens" => websyntax_bench::websyntax_tree_sink_tokens(s),
                "train" => train(bytes, s),
                "dom-str" => {
                    let doc = websyntax::html::parse_document(s, Default::default());
                    doc.len() + doc.errors().len()
                }
                _ => {
                    let mut opts = DocumentParserOptions::spec();
                    opts.parse.collect_errors = stage != "dom-no-errors";
                    let parsed = parse_document_bytes(bytes, opts);
                    parsed.document.len() + parsed.document.errors().len()
                }
            };
        }
    }
    let total: usize = files.iter().map(|(_, b)| b.len()).sum::<usize>() * rounds;
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{stage}: {:.1} MB/s (checksum {n})",
        total as f64 / secs / 1e6
    );
}

/// One page of the `train` workload; a checksum.
fn train(bytes: &[u8], s: &str) -> usize {
    let parsed = parse_document_bytes(bytes, DocumentParserOptions::spec());
    let doc = &parsed.document;
    let mut n = doc.len() + doc.errors().len();
    for sel in [
        "a[href]",
        "div > p",
        "ul li a",
        "title",
        "meta[name=description]",
    ] {
        n += doc.select(sel).map_or(0, |m| m.count());
    }
    let base = websyntax::url::Url::parse("https://example.com/dir/page.html", None).ok();
    n += doc.links(base.as_ref(), parsed.encoding).len();
    n += doc.to_html().len();
    n += doc.text_content(doc.root()).len();
    if let Some(e) = doc.errors().first() {
        n += doc.line_col(e.span.start).0;
    }
    n += websyntax::check::check(bytes, &websyntax::check::CheckOptions::default())
        .diagnostics
        .len();
    n + websyntax_bench::websyntax_token_count(s)
}
