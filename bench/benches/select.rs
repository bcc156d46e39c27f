//! CSS selectors and link extraction: websyntax vs scraper (html5ever's tree with the same
//! `selectors` engine) and scraper + the `url` crate by hand, in one run, over the DOMs of
//! `corpus_root()/html` (DOM construction excluded: every page is parsed once beforehand).
//!
//! - `select/corpus`: the 20 selectors of `websyntax_bench::SELECTORS` (compiled once) over
//!   every page, counting matches. A websyntax document keeps an element index from its
//!   second query on (docs/select.md), so after the first iteration this measures queries on
//!   indexed documents; `examples/select_breakdown.rs` (`cold`) measures fresh documents, and
//!   the time of each selector.
//! - `links/corpus`: every URL-bearing attribute of every page resolved against the document
//!   base URL (`<base href>` or the page URL). websyntax: `Document::links` (the HTML
//!   Standard's list, `srcset` parsed as HTML says, URL validation errors collected).
//!   scraper and url: the same element/attribute list looked up by hand, `srcset` split on
//!   commas, each URL parsed with `url::Url::join` (no validation errors collected).
//!
//! `cargo bench -p websyntax-bench --features peers-select --bench select -- --warm-up-time 1 --measurement-time 3`
//! Smoke run: `cargo bench -p websyntax-bench --features peers-select --bench select -- --test`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use websyntax::encoding::Encoding;
use websyntax::html::select::Selector;
use websyntax::html::{Document, ParseOptions, parse_document};
use websyntax::url::Url;
use websyntax_bench::{SELECTORS, corpus_root, load_files};

fn corpus() -> Vec<String> {
    let mut docs: Vec<String> = load_files(&corpus_root().join("html"), &[".html", ".htm"])
        .into_iter()
        .map(|(_, b)| {
            let s = String::from_utf8_lossy(&b);
            s.strip_prefix('\u{FEFF}').unwrap_or(&s).to_owned()
        })
        .collect();
    if let Ok(n) = std::env::var("WEBSYNTAX_BENCH_PAGES")
        && let Ok(n) = n.parse::<usize>()
    {
        docs.truncate(n);
    }
    docs
}

/// The URL-bearing attributes (as `websyntax::html::links::URL_ATTRIBUTES`), for the by-hand
/// peer: (element, attribute, is srcset).
const BY_HAND: &[(&str, &str, bool)] = &[
    ("a", "href", false),
    ("area", "href", false),
    ("link", "href", false),
    ("base", "href", false),
    ("img", "src", false),
    ("script", "src", false),
    ("iframe", "src", false),
    ("embed", "src", false),
    ("source", "src", false),
    ("track", "src", false),
    ("audio", "src", false),
    ("video", "src", false),
    ("input", "src", false),
    ("form", "action", false),
    ("button", "formaction", false),
    ("input", "formaction", false),
    ("blockquote", "cite", false),
    ("q", "cite", false),
    ("del", "cite", false),
    ("ins", "cite", false),
    ("object", "data", false),
    ("video", "poster", false),
    ("img", "srcset", true),
    ("source", "srcset", true),
    ("link", "imagesrcset", true),
];

fn scraper_links(html: &scraper::Html, page: &url::Url) -> usize {
    let base_sel = scraper::Selector::parse("base[href]").expect("selector");
    let base = html
        .select(&base_sel)
        .next()
        .and_then(|b| b.value().attr("href"))
        .and_then(|h| page.join(h).ok())
        .unwrap_or_else(|| page.clone());
    let mut n = 0;
    for node in html.tree.root().descendants() {
        let Some(e) = node.value().as_element() else {
            continue;
        };
        if &*e.name.ns != "http://www.w3.org/1999/xhtml" {
            continue;
        }
        let name = e.name();
        for (el, attr, srcset) in BY_HAND {
            if *el != name {
                continue;
            }
            let Some(v) = e.attr(attr) else { continue };
            if *srcset {
                for cand in v.split(',') {
                    if let Some(u) = cand.split_ascii_whitespace().next() {
                        n += usize::from(base.join(u).is_ok());
                    }
                }
            } else {
                n += usize::from(base.join(v).is_ok());
            }
        }
    }
    n
}

fn benches(c: &mut Criterion) {
    let docs = corpus();
    if docs.is_empty() {
        eprintln!("select: no corpus at {}; skipping", corpus_root().display());
        return;
    }
    let opts = ParseOptions {
        collect_errors: false,
        ..ParseOptions::default()
    };
    let ours: Vec<Document> = docs.iter().map(|d| parse_document(d, opts)).collect();
    let theirs: Vec<scraper::Html> = docs
        .iter()
        .map(|d| scraper::Html::parse_document(d))
        .collect();
    let ours_sel: Vec<Selector> = SELECTORS
        .iter()
        .map(|s| Selector::parse(s).expect("valid selector"))
        .collect();
    let their_sel: Vec<scraper::Selector> = SELECTORS
        .iter()
        .map(|s| scraper::Selector::parse(s).expect("valid selector"))
        .collect();

    let mut g = c.benchmark_group("select/corpus");
    g.sample_size(10);
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            let mut n = 0;
            for d in &ours {
                for s in &ours_sel {
                    n += d.select_with(s).count();
                }
            }
            black_box(n)
        })
    });
    g.bench_function("scraper", |b| {
        b.iter(|| {
            let mut n = 0;
            for d in &theirs {
                for s in &their_sel {
                    n += d.select(s).count();
                }
            }
            black_box(n)
        })
    });
    g.finish();

    let page = Url::parse("https://example.org/dir/page.html", None).expect("url");
    let their_page = url::Url::parse(page.href()).expect("url");
    let mut g = c.benchmark_group("links/corpus");
    g.sample_size(10);
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            let mut n = 0;
            for d in &ours {
                n += d.links(Some(&page), Encoding::UTF_8).len();
            }
            black_box(n)
        })
    });
    g.bench_function("scraper+url", |b| {
        b.iter(|| {
            let mut n = 0;
            for d in &theirs {
                n += scraper_links(d, &their_page);
            }
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(select, benches);
criterion_main!(select);
