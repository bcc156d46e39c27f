//! Markdown fidelity over real pages (`tests/data/corpus/`, see its `SOURCE.md`): each page's
//! Markdown is rendered back with a CommonMark + GFM renderer (pulldown-cmark, tables and
//! strikethrough on) and what the renderer sees is compared with the source DOM (the metric is
//! `common/fidelity_metric.rs`). Each kind prints the share that agrees (multiset intersection
//! over the larger side); code blocks and link targets must agree fully, the others at least at
//! the level reached when this test was written.

use std::io::Read;

use websyntax_extract::{MarkdownOptions, text::readable_text, to_markdown};
use websyntax_html::{Document, NodeId, ParseOptions, parse_document};
use websyntax_url::{Encoding, Url};

#[path = "common/fidelity_metric.rs"]
#[allow(dead_code)]
mod metric;

use metric::{KINDS, score};

#[test]
fn markdown_round_trips_the_dom() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/corpus");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".html.gz"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 22);
    let mut totals = [(0usize, 0usize); 8];
    let verbose = std::env::var_os("FIDELITY_VERBOSE").is_some();
    let mut invented = 0;
    for name in &names {
        let gz = std::fs::read(format!("{dir}/{name}")).unwrap();
        let mut html = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut html)
            .unwrap();
        let doc = parse_document(&String::from_utf8_lossy(&html), ParseOptions::default());
        let md = to_markdown(&doc, None, &MarkdownOptions::default());
        let page = score(&doc, &md);
        invented += page.invented;
        for (k, &(same, n)) in page.kinds.iter().enumerate() {
            totals[k].0 += same;
            totals[k].1 += n;
            if verbose && same < n {
                let (only_dom, only_md) = &page.only[k];
                println!(
                    "{name} {}: {same}/{n} dom-only {only_dom:?} md-only {only_md:?}",
                    KINDS[k]
                );
            }
        }
    }
    let mut pct = [0f64; 8];
    for (k, (same, n)) in totals.iter().enumerate() {
        pct[k] = if *n == 0 {
            100.0
        } else {
            100.0 * *same as f64 / *n as f64
        };
        println!("{:<14} {same:>7} / {n:<7} {:.2}%", KINDS[k], pct[k]);
    }
    assert_eq!(pct[3], 100.0, "code blocks");
    assert_eq!(pct[4], 100.0, "link targets");
    assert_eq!(invented, 0, "link targets not in the document");
    let floors = [100.0, 100.0, 99.8, 100.0, 100.0, 99.8, 100.0, 99.99];
    for k in 0..8 {
        assert!(
            pct[k] >= floors[k],
            "{}: {:.2}% < {}",
            KINDS[k],
            pct[k],
            floors[k]
        );
    }
}
