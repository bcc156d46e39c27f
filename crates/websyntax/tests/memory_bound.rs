//! Peak heap memory in proportion to the input under the default limits
//! ([`ResourceLimits::for_input`], what the `websyntax` command and the Python package use):
//! parsing, sanitizing (fragment and document) and checking each stay under
//! [`PER_BYTE`] bytes per input byte plus [`ALLOWANCE`], on the shapes that make the tree
//! builder clone elements over and over (reconstructing the active formatting elements and
//! the adoption agency algorithm), and on the real-page corpus when it is present
//! (`$WEBSYNTAX_CORPUS/html`).
//!
//! Measured with a counting global allocator whose counters are per thread: each
//! measurement runs alone on a fresh thread (so no other test and no recycled document
//! buffers count), and the peak is the most bytes that thread had allocated at once.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::{Path, PathBuf};

use websyntax::html::{Context, ParseOptions, ResourceLimits, parse_document};
use websyntax::sanitize::{
    SanitizeOptions, Sanitizer, sanitize_document_with, sanitize_fragment_with,
};

/// The bound per input byte.
const PER_BYTE: usize = 200;
/// The fixed allowance: 32 MiB.
const ALLOWANCE: usize = 32 << 20;

/// Counts the live bytes allocated by each thread and their peak.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: nothing to count while the thread's locals are being torn down.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every method forwards to `System` with the same arguments, so the allocator
// contract is System's; the counters are thread-local cells of plain integers (const
// initialized: no allocation, no destructor) and never affect the returned pointers.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged.
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            // The old and the new block both exist while the contents are copied.
            count(new_size as isize);
            count(-(layout.size() as isize));
        }
        p
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The peak heap bytes of `f` run on a fresh thread, and its result.
fn peak_of<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> (usize, T) {
    std::thread::spawn(move || {
        let out = f();
        (PEAK.with(|p| p.get()).max(0) as usize, out)
    })
    .join()
    .expect("the measured thread panicked")
}

/// What runs on an input, as the command does with its default limits: whether a limit
/// stopped it.
#[derive(Clone, Copy, Debug)]
enum Job {
    Parse,
    SanitizeFragment,
    SanitizeDocument,
    Check,
}

const JOBS: [Job; 4] = [
    Job::Parse,
    Job::SanitizeFragment,
    Job::SanitizeDocument,
    Job::Check,
];

fn run(job: Job, input: &str) -> bool {
    let limits = ResourceLimits::for_input(input.len());
    let sanitize = SanitizeOptions {
        limits,
        ..Default::default()
    };
    match job {
        Job::Parse => {
            let options = ParseOptions {
                limits,
                collect_errors: false,
                ..Default::default()
            };
            parse_document(input, options)
                .limits_reached()
                .stopped_early()
        }
        Job::SanitizeFragment => {
            let div = Context::html("div");
            sanitize_fragment_with(input, &div, &Sanitizer::default(), true, sanitize).is_none()
        }
        Job::SanitizeDocument => {
            sanitize_document_with(input, &Sanitizer::default(), true, sanitize).is_none()
        }
        Job::Check => {
            let options = websyntax::check::CheckOptions {
                limits,
                ..Default::default()
            };
            websyntax::check::check(input.as_bytes(), &options)
                .limits_reached
                .stopped_early()
        }
    }
}

/// Measures `job` on `input`: (peak bytes per input byte above the allowance's share,
/// stopped by a limit). Fails when the peak passes the bound.
fn assert_bounded(name: &str, job: Job, input: String) -> (f64, bool) {
    let len = input.len();
    let (peak, stopped) = peak_of(move || run(job, &input));
    let per_byte = peak as f64 / len as f64;
    println!(
        "{name:<28} {job:<16?} {len:>9} bytes  peak {peak:>11} = {per_byte:7.1} B/byte  stopped: {stopped}"
    );
    assert!(
        peak <= PER_BYTE * len + ALLOWANCE,
        "{name} ({job:?}): peak {peak} bytes for {len} input bytes"
    );
    (per_byte, stopped)
}

/// lexbor issue 340's shape: n `b` and n `i` elements (each with its own attribute, so
/// Noah's Ark keeps them all), then n times `x</b>`: every `x` reopens all the `i`s.
fn lexbor_340(n: usize) -> String {
    let mut s: String = (0..n).map(|i| format!("<b {i}>")).collect();
    s.extend((0..n).map(|i| format!("<i {i}>")));
    s.push_str(&"x</b>".repeat(n));
    s
}

/// The table variant: formatting elements foster-parented out of a table, then every row's
/// text reopens them all (each `<tr>` clears the stack back to the table).
fn table_rows(n: usize) -> String {
    let mut s = String::from("<table>");
    s.extend((0..n).map(|i| format!("<b {i}>")));
    s.push_str(&"<tr>x".repeat(n));
    s
}

/// Cells: formatting elements opened in a cell, closed with it, reopened by the next
/// paragraph of the cell.
fn table_cells(n: usize) -> String {
    let mut s = String::from("<table><tr><td>");
    s.extend((0..n).map(|i| format!("<i {i}>")));
    s.push_str(&"<p>x</p>".repeat(n));
    s
}

/// One element with many attributes, reopened by each paragraph: the attributes are what
/// the clones copy.
fn many_attributes(n: usize) -> String {
    let mut s = String::from("<p><b");
    s.extend((0..n).map(|i| format!(" a{i}")));
    s.push_str("></p>");
    s.push_str(&"<p>x</p>".repeat(n));
    s
}

/// Formatting elements without attributes: every tag name three times (Noah's Ark keeps
/// three alike), reopened by each paragraph.
fn plain_formatting(n: usize) -> String {
    let tags = [
        "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt",
        "u",
    ];
    let mut s = String::from("<p>");
    for _ in 0..3 {
        s.extend(tags.iter().map(|t| format!("<{t}>")));
    }
    s.push_str("</p>");
    s.push_str(&"<p>x</p>".repeat(n));
    s
}

/// The adoption agency: misnested formatting elements around blocks, each end tag cloning.
fn adoption_agency(n: usize) -> String {
    let mut s: String = (0..n).map(|i| format!("<a {i}><div>")).collect();
    s.push_str(&"</a>x".repeat(n));
    s
}

/// A named input generator: its input for a size n.
type Shape = (&'static str, fn(usize) -> String);

#[test]
fn reconstruction_shapes_stay_under_the_bound() {
    let shapes: [Shape; 6] = [
        ("lexbor #340", lexbor_340),
        ("table rows", table_rows),
        ("table cells", table_cells),
        ("many attributes", many_attributes),
        ("plain formatting", plain_formatting),
        ("adoption agency", adoption_agency),
    ];
    for (name, make) in shapes {
        for job in JOBS {
            let (small, large) = (make(4000), make(32000));
            let (len1, len2) = (small.len(), large.len());
            let (p1, _) = assert_bounded(name, job, small);
            let (p2, _) = assert_bounded(name, job, large);
            // The growth from the small input to the large one, per added byte: the part of
            // the peak the allowance does not cover.
            let slope = (p2 * len2 as f64 - p1 * len1 as f64) / (len2 - len1) as f64;
            println!("{name:<28} {job:<16?} slope {slope:7.1} B/byte");
            assert!(
                slope <= PER_BYTE as f64,
                "{name} ({job:?}): {slope:.1} bytes per byte"
            );
        }
    }
}

/// Without the clone budget, the shapes above do build far more than the bound allows (the
/// test above would not catch anything otherwise).
#[test]
fn without_the_clone_budget_the_shapes_pass_the_bound() {
    for (name, input) in [
        ("lexbor #340", lexbor_340(4000)),
        ("table rows", table_rows(4000)),
    ] {
        let len = input.len();
        let (peak, _) = peak_of(move || {
            let limits = ResourceLimits {
                max_clones: None,
                ..ResourceLimits::for_input(input.len())
            };
            let options = ParseOptions {
                limits,
                ..Default::default()
            };
            parse_document(&input, options).len()
        });
        println!("{name}: without the clone budget, peak {peak} for {len} bytes");
        assert!(peak > PER_BYTE * len + ALLOWANCE, "{name}: {peak}");
    }
}

/// Every page of the corpus, when present: under the bound, never stopped by a limit, and
/// parsed to the same tree as without limits.
#[test]
fn corpus_pages_stay_under_the_bound() {
    let dir = match std::env::var_os("WEBSYNTAX_CORPUS") {
        Some(p) => PathBuf::from(p).join("html"),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/html"),
    };
    let mut paths = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "html" || x == "htm") {
                paths.push(p);
            }
        }
    }
    if paths.is_empty() {
        println!("corpus: skipped (no corpus/html; set WEBSYNTAX_CORPUS)");
        return;
    }
    paths.sort();
    let mut worst = [0.0f64; 4];
    for p in &paths {
        let bytes = std::fs::read(p).expect("readable page");
        let html = String::from_utf8_lossy(&bytes).into_owned();
        let limited = parse_document(
            &html,
            ParseOptions {
                limits: ResourceLimits::for_input(html.len()),
                ..Default::default()
            },
        );
        let whole = parse_document(&html, ParseOptions::default());
        assert!(!limited.limits_reached().stopped_early(), "{}", p.display());
        assert_eq!(
            websyntax::html::serialize::serialize_document(&limited),
            websyntax::html::serialize::serialize_document(&whole),
            "{}",
            p.display()
        );
        for (i, job) in JOBS.into_iter().enumerate() {
            let (per_byte, stopped) = assert_bounded("corpus page", job, html.clone());
            assert!(!stopped, "{}", p.display());
            worst[i] = worst[i].max(per_byte);
        }
    }
    println!(
        "corpus: {} pages; worst peak bytes per input byte: {:?}",
        paths.len(),
        JOBS.iter().zip(worst).collect::<Vec<_>>()
    );
}
