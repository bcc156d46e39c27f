//! Per-selector times of the `select` benchmark (websyntax vs scraper), for finding which of
//! the 20 selectors cost what; also a driver for `perf record`:
//!
//! (`SELECT_ONLY='div p'` runs one selector.)
//!
//! `cargo run --release -p websyntax-bench --features peers-select --example select_breakdown -- [ROUNDS] [only-websyntax|only-scraper|links]`

use std::time::{Duration, Instant};

use websyntax::encoding::Encoding;
use websyntax::html::select::Selector;
use websyntax::html::{Document, ParseOptions, parse_document};
use websyntax::url::Url;
use websyntax_bench::{SELECTORS, corpus_root, load_files};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let mode = args.next().unwrap_or_default();
    let docs: Vec<String> = load_files(&corpus_root().join("html"), &[".html", ".htm"])
        .into_iter()
        .map(|(_, b)| {
            let s = String::from_utf8_lossy(&b);
            s.strip_prefix('\u{FEFF}').unwrap_or(&s).to_owned()
        })
        .collect();
    let opts = ParseOptions {
        collect_errors: false,
        ..ParseOptions::default()
    };
    let ours: Vec<Document> = docs.iter().map(|d| parse_document(d, opts)).collect();
    if mode == "stats" {
        let nodes: usize = ours.iter().map(|d| d.descendants(d.root()).count()).sum();
        let elements: usize = ours
            .iter()
            .map(|d| d.descendants(d.root()).filter(|&n| d.is_element(n)).count())
            .sum();
        let arena: usize = ours.iter().map(|d| d.len()).sum();
        println!(
            "{} pages, {nodes} nodes in tree, {elements} elements, arena {arena}",
            ours.len()
        );
        // The element index: built by the second whole-document select (of an ID no page has;
        // the first walks the tree).
        let before: usize = ours.iter().map(|d| d.heap_bytes()).sum();
        let sel = Selector::parse(
            &std::env::var("STATS_SELECTOR").unwrap_or("#no-such-id-anywhere".into()),
        )
        .unwrap();
        let t = Instant::now();
        let n: usize = ours.iter().map(|d| d.select_with(&sel).count()).sum();
        println!(
            "first query (a walk): {:.2} ms ({n} matches)",
            t.elapsed().as_secs_f64() * 1e3
        );
        let t = Instant::now();
        let n: usize = ours.iter().map(|d| d.select_with(&sel).count()).sum();
        let built = t.elapsed();
        let after: usize = ours.iter().map(|d| d.heap_bytes()).sum();
        println!(
            "index: built in {:.2} ms ({n} matches), {} bytes ({:.1} per element); documents {before} bytes before",
            built.as_secs_f64() * 1e3,
            after - before,
            (after - before) as f64 / elements as f64,
        );
        for round in 0..rounds {
            let fresh: Vec<Document> = docs.iter().map(|d| parse_document(d, opts)).collect();
            let n: usize = fresh.iter().map(|d| d.select_with(&sel).count()).sum();
            let t = Instant::now();
            let n = n + fresh
                .iter()
                .map(|d| d.select_with(&sel).count())
                .sum::<usize>();
            println!(
                "index on fresh documents, round {round}: {:.2} ms ({n})",
                t.elapsed().as_secs_f64() * 1e3
            );
        }
        return;
    }
    if mode == "cold" {
        // The first pass over fresh documents builds each document's element index.
        let sels: Vec<Selector> = SELECTORS
            .iter()
            .map(|s| Selector::parse(s).unwrap())
            .collect();
        let (mut cold, mut warm) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let fresh: Vec<Document> = docs.iter().map(|d| parse_document(d, opts)).collect();
            for times in [&mut cold, &mut warm] {
                let t = Instant::now();
                let n: usize = fresh
                    .iter()
                    .map(|d| sels.iter().map(|s| d.select_with(s).count()).sum::<usize>())
                    .sum();
                times.push(t.elapsed());
                std::hint::black_box(n);
            }
        }
        cold.sort();
        warm.sort();
        println!(
            "20 selectors, first pass (index built): {:.2} ms; second pass: {:.2} ms",
            cold[cold.len() / 2].as_secs_f64() * 1e3,
            warm[warm.len() / 2].as_secs_f64() * 1e3
        );
        return;
    }
    if mode == "links" {
        let page = Url::parse("https://example.org/dir/page.html", None).expect("url");
        let t = Instant::now();
        let mut n = 0;
        for _ in 0..rounds {
            for d in &ours {
                n += d.links(Some(&page), Encoding::UTF_8).len();
            }
        }
        println!("links: {n} in {:?}/round", t.elapsed() / rounds as u32);
        return;
    }
    let theirs: Vec<scraper::Html> = if mode == "only-websyntax" {
        Vec::new()
    } else {
        docs.iter()
            .map(|d| scraper::Html::parse_document(d))
            .collect()
    };
    let mut total = (Duration::ZERO, Duration::ZERO);
    let only = std::env::var("SELECT_ONLY").ok();
    for s in SELECTORS {
        if only.as_deref().is_some_and(|o| o != s) {
            continue;
        }
        let ours_sel = Selector::parse(s).expect("selector");
        let their_sel = scraper::Selector::parse(s).expect("selector");
        let mut times = (Vec::new(), Vec::new());
        let mut counts = (0, 0);
        for _ in 0..rounds {
            if mode != "only-scraper" {
                let t = Instant::now();
                counts.0 = ours.iter().map(|d| d.select_with(&ours_sel).count()).sum();
                times.0.push(t.elapsed());
            }
            if mode != "only-websyntax" {
                let t = Instant::now();
                counts.1 = theirs.iter().map(|d| d.select(&their_sel).count()).sum();
                times.1.push(t.elapsed());
            }
        }
        times.0.sort();
        times.1.sort();
        let med = |v: &Vec<Duration>| v.get(v.len() / 2).copied().unwrap_or_default();
        let (a, b) = (med(&times.0), med(&times.1));
        total.0 += a;
        total.1 += b;
        println!(
            "{s:32} {:>9.2} ms {:>9.2} ms {:>6.2}x  ({} / {} matches)",
            a.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3,
            b.as_secs_f64() / a.as_secs_f64(),
            counts.0,
            counts.1
        );
    }
    println!(
        "{:32} {:>9.2} ms {:>9.2} ms {:>6.2}x",
        "total",
        total.0.as_secs_f64() * 1e3,
        total.1.as_secs_f64() * 1e3,
        total.1.as_secs_f64() / total.0.as_secs_f64()
    );
}
