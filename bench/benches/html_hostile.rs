//! Hostile input shapes (the generator in `crates/html/tests/hostile/mod.rs`): times a full
//! parse of every shape at size n and 4n (the fastest of interleaved runs) and prints
//! t(4n)/t(n) — about 4 for linear time, 16 for quadratic. Also the encoder with many
//! unencodable characters.
//!
//! `cargo bench -p websyntax-bench --bench html_hostile` (n = 20000; `HOSTILE_N=5000` to
//! change it, `HOSTILE_FILTER=afe/` to run only matching shapes, `-- --test` for one quick
//! run of each shape at a small size).
//!
//! The allocator. With glibc's default settings the times of the two sizes are not
//! comparable: glibc serves a block above its mmap threshold with a fresh mapping and unmaps it
//! on free, and it raises that threshold (up to 32 MB) to the size of the largest block freed so
//! far. So whether a run reuses warm memory or page-faults every page of its document in again
//! depends on which sizes ran before it in the process, not on the parser: in one full run the
//! small size of a shape reused warm memory while the large size was mapped afresh on every run,
//! adding up to 3 to its ratio. The bench therefore runs itself with glibc's tunables set to keep
//! freed memory in the heap (`glibc.malloc.mmap_max=0`, a trim threshold of 4 GB), so every run
//! of either size reuses warm memory. `HOSTILE_DEFAULT_MALLOC=1` measures with the default
//! settings instead; other allocators ignore the variable.

use std::hint::black_box;
use std::time::{Duration, Instant};

use websyntax::encoding::{EncodeErrorMode, Encoding, encode};
use websyntax::html::{ParseOptions, parse_document};

#[path = "../../crates/html/tests/hostile/mod.rs"]
mod hostile;

/// The fastest of several runs of `small` and of `large`, interleaved (small, large, small,
/// …) after one warm-up run of each: at least 5 rounds, more (up to 25) while under 400 ms in
/// total. The minimum is the run least disturbed by other processes and interrupts, and
/// interleaving gives both sizes the same machine state.
fn time_pair(small: &mut dyn FnMut(), large: &mut dyn FnMut()) -> (Duration, Duration) {
    small();
    large();
    let (mut ts, mut tl) = (Duration::MAX, Duration::MAX);
    let start = Instant::now();
    let mut rounds = 0;
    while rounds < 5 || (rounds < 25 && start.elapsed() < Duration::from_millis(400)) {
        let t = Instant::now();
        small();
        ts = ts.min(t.elapsed());
        let t = Instant::now();
        large();
        tl = tl.min(t.elapsed());
        rounds += 1;
    }
    (ts, tl)
}

/// A benchmark case: builds the timed closure for a size.
type Case = Box<dyn Fn(usize) -> Box<dyn FnMut()>>;

/// The tunables that keep glibc from returning freed memory to the system (see the module
/// documentation).
const KEEP_MEMORY: &str = "glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=4000000000";

/// Runs this bench again with [`KEEP_MEMORY`] in the environment, unless it is already set (or
/// `HOSTILE_DEFAULT_MALLOC` asks for the default allocator); returns whether it did.
fn rerun_keeping_memory() -> bool {
    if std::env::var_os("HOSTILE_DEFAULT_MALLOC").is_some()
        || std::env::var("GLIBC_TUNABLES").is_ok_and(|v| v.contains(KEEP_MEMORY))
    {
        return false;
    }
    let Ok(exe) = std::env::current_exe() else {
        return false;
    };
    let tunables = match std::env::var("GLIBC_TUNABLES") {
        Ok(v) if !v.is_empty() => format!("{v}:{KEEP_MEMORY}"),
        _ => KEEP_MEMORY.to_owned(),
    };
    match std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env("GLIBC_TUNABLES", tunables)
        .status()
    {
        Ok(status) => std::process::exit(status.code().unwrap_or(1)),
        Err(_) => false,
    }
}

fn main() {
    if cfg!(all(target_os = "linux", target_env = "gnu")) && rerun_keeping_memory() {
        return;
    }
    let quick = std::env::args().any(|a| a == "--test");
    let n: usize = std::env::var("HOSTILE_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if quick { 200 } else { 20_000 });
    let filter = std::env::var("HOSTILE_FILTER").unwrap_or_default();
    let opts = ParseOptions::default();
    let mut cases: Vec<(&str, Case)> = Vec::new();
    for shape in hostile::shapes() {
        let make = shape.make;
        cases.push((
            shape.name,
            Box::new(move |n| {
                let input = make(n);
                Box::new(move || {
                    black_box(parse_document(black_box(&input), opts));
                })
            }),
        ));
    }
    cases.push((
        "encoding/encode-html-unencodable",
        Box::new(|n| {
            let input = "\u{1F600}".repeat(n);
            Box::new(move || {
                black_box(encode(&input, Encoding::WINDOWS_1252, EncodeErrorMode::Html).ok());
            })
        }),
    ));
    if !quick {
        match std::env::var("GLIBC_TUNABLES") {
            Ok(v) if v.contains(KEEP_MEMORY) => println!("allocator: GLIBC_TUNABLES={v}"),
            _ => println!("allocator: default settings"),
        }
    }
    println!(
        "{:<36} {:>10} {:>12} {:>12} {:>7}",
        "shape", "bytes(4n)", "t(n)", "t(4n)", "ratio"
    );
    let mut worst: (f64, &str) = (0.0, "");
    for (name, case) in &cases {
        if !name.contains(filter.as_str()) {
            continue;
        }
        let mut small = case(n);
        let mut large = case(4 * n);
        if quick {
            small();
            large();
            println!("{name:<36} ok");
            continue;
        }
        let (t1, t4) = time_pair(&mut small, &mut large);
        let ratio = t4.as_secs_f64() / t1.as_secs_f64().max(1e-9);
        let bytes = match hostile::shapes().iter().find(|s| s.name == *name) {
            Some(s) => (s.make)(4 * n).len(),
            None => 4 * n * 4,
        };
        println!("{name:<36} {bytes:>10} {t1:>12.2?} {t4:>12.2?} {ratio:>7.2}");
        if ratio > worst.0 {
            worst = (ratio, name);
        }
    }
    if !quick {
        println!("worst ratio: {:.2} ({})", worst.0, worst.1);
    }
}
