//! Parses one shape of the hostile-input generator ROUNDS times, for `perf record`:
//!
//! `cargo run --release -p websyntax-bench --example hostile_one -- SHAPE N [ROUNDS]`
//!
//!
//! Runs N and 4N interleaved and prints the fastest run of each and their ratio
//! (`ONLY_LARGE=1`: only 4N, for profiling it).

use std::hint::black_box;
use std::time::{Duration, Instant};

use websyntax::html::{ParseOptions, parse_document};

#[path = "../../crates/html/tests/hostile/mod.rs"]
mod hostile;

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "start/span-li".into());
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let Some(shape) = hostile::shapes().into_iter().find(|s| s.name == name) else {
        eprintln!("no shape named {name}");
        std::process::exit(2);
    };
    let small = (shape.make)(n);
    let large = (shape.make)(4 * n);
    let (mut ts, mut tl) = (Duration::MAX, Duration::MAX);
    let only_large = std::env::var_os("ONLY_LARGE").is_some();
    for _ in 0..rounds {
        if !only_large {
            let t = Instant::now();
            black_box(parse_document(black_box(&small), ParseOptions::default()));
            ts = ts.min(t.elapsed());
        }
        let t = Instant::now();
        black_box(parse_document(black_box(&large), ParseOptions::default()));
        tl = tl.min(t.elapsed());
    }
    let ratio = tl.as_secs_f64() / ts.as_secs_f64();
    println!("{name} n={n}: t(n)={ts:.2?} t(4n)={tl:.2?} ratio {ratio:.2}");
}
