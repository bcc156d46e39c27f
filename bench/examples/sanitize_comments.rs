//! Sanitizes the `sanitize` bench's 256 comment-sized inputs N rounds (first argument, default
//! 10), for instruction counting when wall-clock timing is too noisy:
//!
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/sanitize_comments 20`
//! (subtract a 0-round run). A second argument picks the job: `sanitize` (the default),
//! `parse` (the fragment parse only), `parse-serialize`, `tiny` (`<p>x</p>` instead of
//! each input: the fixed cost of a call), `corpus` (`parse_document` on every page of
//! `corpus_root()/html`, N times), `corpus-bytes` (`parse_document_bytes` on them) or, built
//! with `--features peers-sanitize`, `ammonia` (the `sanitize` bench's ammonia configuration on
//! the same comments: the peer's count for the same work).

use std::hint::black_box;

use websyntax::html::{
    Context, DocumentParserOptions, ParseOptions, parse_document, parse_document_bytes,
    parse_fragment,
};
use websyntax::sanitize::{Sanitizer, sanitize_fragment};
use websyntax_bench::{corpus_root, load_files, sanitize_comments as comments};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let job = args.next().unwrap_or_else(|| "sanitize".into());
    if job == "corpus-bytes" {
        // Whole documents from their bytes (encoding sniffing and decoding included).
        let docs = load_files(&corpus_root().join("html"), &[".html", ".htm"]);
        let mut n = 0;
        for _ in 0..rounds {
            for (_, d) in &docs {
                n += parse_document_bytes(black_box(d), DocumentParserOptions::default())
                    .document
                    .len();
            }
        }
        println!(
            "corpus-bytes: {} documents, {rounds} rounds, checksum {n}",
            docs.len()
        );
        return;
    }
    if job == "corpus" {
        // Whole documents: every page of `corpus_root()/html` parsed N times (0: loaded only).
        let docs: Vec<String> = load_files(&corpus_root().join("html"), &[".html", ".htm"])
            .into_iter()
            .map(|(_, b)| String::from_utf8_lossy(&b).into_owned())
            .collect();
        let opts = ParseOptions {
            collect_errors: false,
            ..ParseOptions::default()
        };
        let mut n = 0;
        for _ in 0..rounds {
            for d in &docs {
                n += parse_document(black_box(d), opts).len();
            }
        }
        println!(
            "corpus: {} documents, {rounds} rounds, checksum {n}",
            docs.len()
        );
        return;
    }
    let inputs = comments();
    #[cfg(feature = "peers-sanitize")]
    if job == "ammonia" {
        let ammonia = websyntax_bench::ammonia_builder();
        let mut n = ammonia.clean("<p>x</p>").to_string().len();
        for _ in 0..rounds {
            for s in &inputs {
                n += ammonia.clean(black_box(s)).to_string().len();
            }
        }
        println!("{job}: {rounds} rounds, checksum {n}");
        return;
    }
    let sanitizer = Sanitizer::default();
    // Warm the sanitizer's compiled configuration outside the rounds.
    let mut n = sanitize_fragment("<p>x</p>", "div", &sanitizer).len();
    let ctx = Context::html("div");
    let options = ParseOptions {
        collect_errors: false,
        allow_declarative_shadow_roots: true,
        ..ParseOptions::default()
    };
    for _ in 0..rounds {
        for s in &inputs {
            n += match job.as_str() {
                "parse" => parse_fragment(black_box(s), &ctx, options).document.len(),
                "parse-serialize" => parse_fragment(black_box(s), &ctx, options).to_html().len(),
                // The fixed cost of a call.
                "tiny" => sanitize_fragment(black_box("<p>x</p>"), "div", &sanitizer).len(),
                _ => sanitize_fragment(black_box(s), "div", &sanitizer).len(),
            };
        }
    }
    println!("{job}: {rounds} rounds, checksum {n}");
}
