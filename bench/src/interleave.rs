//! Side-by-side timing in one process, interleaved input by input.

use std::hint::black_box;
use std::time::Instant;

/// An engine: its name, and a function that processes input `i` (of the `run`'s inputs)
/// and returns something that depends on the work (kept from being optimized away).
pub type Engine<'a> = (&'static str, Box<dyn Fn(usize) -> usize + 'a>);

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// The input each engine processes in turn before the next engine runs: consecutive inputs
/// up to about 1 MB (one input if it is larger). Small enough that the engines share the
/// machine's state (other load, clock speed) at a grain of milliseconds, large enough that each
/// engine runs with its own code and data warm in the caches, as it would in a real job.
pub const GRAIN_BYTES: usize = 1 << 20;

/// Runs `engines` over the inputs (of the given `sizes` in bytes) for `rounds` rounds,
/// interleaved: the inputs are taken in groups of about [`GRAIN_BYTES`], and every engine
/// processes a group in turn, in an order that rotates with the group and the round. Prints
/// and returns the median over the rounds of each engine's MB/s, in the engines' order.
pub fn run(title: &str, sizes: &[usize], rounds: usize, engines: &[Engine<'_>]) -> Vec<f64> {
    let mut groups = Vec::new();
    let mut start = 0;
    let mut acc = 0;
    for (i, s) in sizes.iter().enumerate() {
        acc += s;
        if acc >= GRAIN_BYTES {
            groups.push(start..i + 1);
            start = i + 1;
            acc = 0;
        }
    }
    if start < sizes.len() {
        groups.push(start..sizes.len());
    }
    let bytes: usize = sizes.iter().sum();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); engines.len()];
    for e in engines {
        for i in 0..sizes.len() {
            black_box((e.1)(i)); // warm-up
        }
    }
    for r in 0..rounds {
        let mut round = vec![0f64; engines.len()];
        for (g, group) in groups.iter().enumerate() {
            for k in 0..engines.len() {
                let e = (r + g + k) % engines.len();
                let t = Instant::now();
                for i in group.clone() {
                    black_box((engines[e].1)(i));
                }
                round[e] += t.elapsed().as_secs_f64();
            }
        }
        for (t, x) in times.iter_mut().zip(round) {
            t.push(x);
        }
    }
    println!(
        "\n{title} ({:.2} MB, {rounds} rounds interleaved by ~1 MB of input, median)",
        bytes as f64 / 1e6
    );
    let speeds: Vec<f64> = times
        .iter_mut()
        .map(|t| bytes as f64 / median(t) / 1e6)
        .collect();
    for (e, s) in engines.iter().zip(&speeds) {
        println!("  {:<28} {:>8.1} MB/s", e.0, s);
    }
    speeds
}
