//! Parses `corpus_root()/html` once with one parser, for instruction counting when wall-clock
//! timing is too noisy on the shared machine:
//!
//! `perf stat -e instructions:u target/release/examples/html_parse_once websyntax`
//! (`none` loads the corpus only: subtract it from the others).

use html5ever::tendril::TendrilSink;
use websyntax::html::{ParseOptions, parse_document};
use websyntax_bench::{corpus_root, load_files};

fn main() {
    let which = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "websyntax".into());
    let docs: Vec<String> = load_files(&corpus_root().join("html"), &[".html", ".htm"])
        .into_iter()
        .map(|(_, b)| String::from_utf8_lossy(&b).into_owned())
        .collect();
    let opts = ParseOptions {
        scripting: true,
        collect_errors: false,
        ..ParseOptions::default()
    };
    let mut n = 0usize;
    for d in &docs {
        match which.as_str() {
            "websyntax" => n += parse_document(d, opts).len(),
            "scraper" => n += scraper::Html::parse_document(d).tree.nodes().count(),
            "rcdom" => {
                let dom = html5ever::parse_document(
                    markup5ever_rcdom::RcDom::default(),
                    Default::default(),
                )
                .one(d.as_str());
                n += dom.document.children.borrow().len();
            }
            _ => n += d.len(),
        }
    }
    println!("{which}: {} documents, checksum {n}", docs.len());
}
