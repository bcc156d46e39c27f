//! Runs one parser over every line of `corpus_root()/urls/*.txt` a given number of rounds, for
//! instruction counts under `valgrind --tool=cachegrind` (subtract a 0-round run for the
//! loading cost). Wall-clock comparisons are the `url` and `iri` criterion benches.
//!
//! `cargo run --release -p websyntax-bench --features peers-url,peers-iri --example url_iri_count -- WHAT ROUNDS`
//! where WHAT is one of `url` (websyntax-url parse + href), `ada` (ada-url parse + href),
//! `iri` (websyntax-iri IRI-reference validation), `uri` (URI-reference validation),
//! `oxiri` (oxiri IRI-reference parse).
use std::hint::black_box;

use websyntax::iri::Datatype;
use websyntax_bench::{corpus_root, load_files};

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "url".into());
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let mut lines = Vec::new();
    for (_, bytes) in load_files(&corpus_root().join("urls"), &[".txt"]) {
        let text = String::from_utf8_lossy(&bytes);
        lines.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_owned));
    }
    let mut n = 0usize;
    for _ in 0..rounds {
        for line in &lines {
            let line = black_box(line.as_str());
            n += match what.as_str() {
                "url" => websyntax::url::Url::parse(line, None).map_or(0, |u| u.href().len()),
                "ada" => ada_url::Url::parse(line, None).map_or(0, |u| u.href().len()),
                "iri" => usize::from(Datatype::IriReference3987.is_valid(line)),
                "uri" => usize::from(Datatype::UriReference3986.is_valid(line)),
                "oxiri" => usize::from(oxiri::IriRef::parse(line).is_ok()),
                other => panic!("unknown parser {other}"),
            };
        }
    }
    println!(
        "{} lines, {rounds} rounds, {what}: {}",
        lines.len(),
        black_box(n)
    );
}
