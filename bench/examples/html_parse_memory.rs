//! Peak heap memory of a full parse to DOM, per parser: each document of `corpus_root()/html` is
//! parsed and kept alive while the next ones are parsed? No: each document is parsed alone and
//! dropped; we report the largest peak over the corpus (the DOM of the biggest page plus the
//! parser's working memory) and the sum of the live DOM sizes.
//!
//! `cargo run --release -p websyntax-bench --features peers-html --example html_parse_memory`

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use html5ever::tendril::TendrilSink;
use websyntax::html::{ParseOptions, parse_document};
use websyntax_bench::{corpus_root, load_files};

/// Counts live bytes and the peak since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every method forwards to `System` with the same arguments, so the allocator contract
// is System's; the counters are plain atomics and never affect the returned pointers.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size
                    - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// (max peak over documents above the baseline, sum of retained DOM bytes).
fn measure<T>(docs: &[String], parse: impl Fn(&str) -> T) -> (usize, usize) {
    let (mut max_peak, mut retained) = (0, 0);
    for d in docs {
        let base = LIVE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let dom = parse(d);
        let after = LIVE.load(Ordering::Relaxed);
        max_peak = max_peak.max(PEAK.load(Ordering::Relaxed) - base);
        retained += after.saturating_sub(base);
        drop(dom);
    }
    (max_peak, retained)
}

fn main() {
    let docs: Vec<String> = load_files(&corpus_root().join("html"), &[".html", ".htm"])
        .into_iter()
        .map(|(_, b)| String::from_utf8_lossy(&b).into_owned())
        .collect();
    let bytes: usize = docs.iter().map(String::len).sum();
    println!("corpus: {} files, {} bytes", docs.len(), bytes);
    let opts = ParseOptions {
        scripting: true,
        collect_errors: false,
        ..ParseOptions::default()
    };
    let rows = [
        ("websyntax", measure(&docs, |d| parse_document(d, opts))),
        (
            "html5ever+scraper",
            measure(&docs, scraper::Html::parse_document),
        ),
        (
            "html5ever+rcdom",
            measure(&docs, |d| {
                html5ever::parse_document(markup5ever_rcdom::RcDom::default(), Default::default())
                    .one(d)
            }),
        ),
    ];
    println!(
        "{:<20} {:>16} {:>22}",
        "parser", "max peak (bytes)", "sum of DOMs (bytes)"
    );
    for (name, (peak, retained)) in rows {
        println!("{name:<20} {peak:>16} {retained:>22}");
    }
}
