//! Parsing from several threads without Python: how bytes → DOM scales from one thread to N on
//! this machine, beside lexbor doing the same and a control that only computes.
//!
//! `cargo run --release -p websyntax-bench --features peers-html,peers-lexbor --example
//! thread_scaling -- [ROUNDS] [THREADS]` (defaults 15 and 2)
//!
//! The corpus pages are handed out largest first, one at a time, from a shared counter to
//! 1 or N threads; each round times the whole corpus once per job and thread count, the counts
//! alternating. The control hashes each page's bytes four times (no allocation, no memory
//! beyond the page): its speed-up is what the machine gives N threads of pure computation at
//! that moment. Prints the speed-up from the median rounds (as `bench/python/threads.py`, whose
//! docstring says why not the best rounds).

use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use websyntax_bench::{corpus_root, lexbor, load_files, websyntax_dom};

/// A multiplicative hash over the bytes, four passes: computation only.
fn control(bytes: &[u8]) -> usize {
    let mut h = 0u64;
    for pass in 0..4u64 {
        for c in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            h = (h ^ u64::from_le_bytes(w) ^ pass).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
    }
    h as usize
}

/// One page's work; returns something to keep the optimizer honest.
type Job = fn(&[u8]) -> usize;

fn lexbor_dom(bytes: &[u8]) -> usize {
    lexbor::parse(bytes).is_some() as usize
}

/// Wall time of `threads` threads parsing every page once, pages handed out in order.
fn round(pages: &[&[u8]], threads: usize, job: Job) -> f64 {
    let next = AtomicUsize::new(0);
    let t = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = pages.get(i) else { break };
                    black_box(job(black_box(p)));
                }
            });
        }
    });
    t.elapsed().as_secs_f64()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(15);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let files = load_files(&corpus_root().join("html"), &[".html", ".htm"]);
    let mut pages: Vec<&[u8]> = files.iter().map(|(_, b)| b.as_slice()).collect();
    pages.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let total: usize = pages.iter().map(|p| p.len()).sum();
    println!(
        "{} pages, {:.2} MB, {rounds} rounds, 1 and {n} threads",
        pages.len(),
        total as f64 / 1e6
    );
    let jobs: [(&str, Job); 3] = [
        ("websyntax bytes -> DOM", websyntax_dom),
        ("lexbor", lexbor_dom),
        ("control (hash)", control),
    ];
    for (name, job) in jobs {
        round(&pages, n, job); // warm-up
        let (mut one, mut many) = (Vec::new(), Vec::new());
        for r in 0..rounds {
            if r % 2 == 0 {
                one.push(round(&pages, 1, job));
                many.push(round(&pages, n, job));
            } else {
                many.push(round(&pages, n, job));
                one.push(round(&pages, 1, job));
            }
        }
        let (m1, mn) = (median(&mut one), median(&mut many));
        println!(
            "{name:24} 1 thread {:7.1} MB/s, {n} threads {:7.1} MB/s: {:.2}x",
            total as f64 / 1e6 / m1,
            total as f64 / 1e6 / mn,
            m1 / mn
        );
    }
}
