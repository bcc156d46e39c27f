//! Where the time of `sanitize_fragment` goes on page bodies, for profiling (`perf record`)
//! and A/B runs: the bodies the npm package's benchmark uses (`bench/js/bench.mjs`: every k-th
//! corpus page under 1 MiB, up to PAGES, the text between `<body …>` and the last `</body>`),
//! then ROUNDS rounds of each phase in turn: the fragment parse alone, parse + sanitize,
//! parse + sanitize + serialize, and the whole call (which adds the fixed-point check of
//! `stable.rs`). Prints the median MB/s of each phase (on-CPU time of the thread where Linux
//! reports it, else wall time).
//!
//! `cargo run --release -p websyntax-sanitize --example sanitize_phases -- [ROUNDS] [PAGES] [DIR]`

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use websyntax_html::serialize::serialize_children_as_into;
use websyntax_html::{Context, ParseOptions, parse_fragment};
use websyntax_sanitize::{Sanitizer, sanitize, sanitize_fragment};

/// On-CPU time of this thread in seconds (Linux `schedstat`), or `None` where it is missing.
fn cpu_time() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 / 1e9)
}

/// The `.htm`/`.html` files below `dir`, sorted by path (as the JS benchmark lists them).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("html") || x.eq_ignore_ascii_case("htm"))
        {
            out.push(p);
        }
    }
}

/// The text between the first `<body …>` and the last `</body>` (ASCII case-insensitively),
/// or the whole page.
fn body(page: &str) -> &str {
    let lower = page.to_ascii_lowercase();
    let Some(start) = lower.find("<body") else {
        return page;
    };
    let Some(gt) = lower[start..].find('>') else {
        return page;
    };
    let from = start + gt + 1;
    match lower.rfind("</body>") {
        Some(end) if end >= from => &page[from..end],
        _ => page,
    }
}

/// The benchmark's 1 KiB comments (as `bench/js/bench.mjs` cuts them, in UTF-16 code units):
/// 1,000 units of a body from a tag start, a hostile snippet appended, up to 400.
fn comments(bodies: &[String]) -> Vec<String> {
    const HOSTILE: [&str; 4] = [
        "<img src=x onerror=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<script>alert(1)</script>",
        "<b onclick=x>b</b>",
    ];
    let units: Vec<Vec<u16>> = bodies.iter().map(|b| b.encode_utf16().collect()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while out.len() < 400 && i < units.len() * 40 {
        let b = &units[i % units.len()];
        let from = (i * 7919) % b.len().saturating_sub(1100).max(1);
        if let Some(at) = b.iter().skip(from).position(|&u| u == u16::from(b'<')) {
            let at = from + at;
            let end = (at + 1000).min(b.len());
            out.push(String::from_utf16_lossy(&b[at..end]) + HOSTILE[i % HOSTILE.len()]);
        }
        i += 1;
    }
    out
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let pages: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(40);
    let dir = PathBuf::from(
        args.next()
            .unwrap_or_else(|| "/work/shared/corpus/html".into()),
    );
    let mut all = Vec::new();
    files(&dir, &mut all);
    all.sort();
    all.retain(|p| std::fs::metadata(p).is_ok_and(|m| m.len() < 1 << 20));
    let step = (all.len() / pages.max(1)).max(1);
    let bodies: Vec<String> = all
        .iter()
        .step_by(step)
        .take(pages)
        .filter_map(|p| std::fs::read(p).ok())
        .map(|b| body(&String::from_utf8_lossy(&b)).to_owned())
        .collect();
    let bodies = if std::env::var_os("COMMENTS").is_some() {
        comments(&bodies)
    } else {
        bodies
    };
    let mb = bodies.iter().map(String::len).sum::<usize>() as f64 / 1e6;
    println!("{} inputs, {mb:.2} MB, {rounds} rounds", bodies.len());
    let sanitizer = Sanitizer::default();
    let div = Context::html("div");
    let options = ParseOptions {
        scripting: true,
        collect_errors: false,
        allow_declarative_shadow_roots: true,
        ..ParseOptions::default()
    };
    let parse = |x: &str| parse_fragment(x, &div, options);
    let serialize = |f: &websyntax_html::Fragment| {
        let mut out = String::new();
        serialize_children_as_into(
            &f.document,
            f.root,
            div.namespace,
            &div.name,
            true,
            &mut out,
        );
        out.len()
    };
    type Job<'a> = (&'a str, Box<dyn Fn(&str) -> usize + 'a>);
    let jobs: Vec<Job> = vec![
        ("parse", Box::new(|x| parse(x).document.len())),
        (
            "parse+sanitize",
            Box::new(|x| {
                let mut f = parse(x);
                sanitize(&mut f.document, f.root, &sanitizer, true);
                f.document.len()
            }),
        ),
        (
            "parse+sanitize+serialize",
            Box::new(|x| {
                let mut f = parse(x);
                sanitize(&mut f.document, f.root, &sanitizer, true);
                serialize(&f)
            }),
        ),
        (
            "sanitize_fragment",
            Box::new(|x| sanitize_fragment(x, "div", &sanitizer).len()),
        ),
    ];
    let mut times = vec![Vec::new(); jobs.len()];
    for _ in 0..rounds {
        for (k, (_, f)) in jobs.iter().enumerate() {
            let (c0, t0) = (cpu_time(), Instant::now());
            for b in &bodies {
                black_box(f(black_box(b)));
            }
            let t = match (c0, cpu_time()) {
                (Some(a), Some(b)) => b - a,
                _ => t0.elapsed().as_secs_f64(),
            };
            times[k].push(t);
        }
    }
    for ((name, _), t) in jobs.iter().zip(&mut times) {
        let m = median(t);
        println!("{name:>26}: {:8.2} MB/s  {:7.1} ms", mb / m, m * 1e3);
    }
}
