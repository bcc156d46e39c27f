//! Sanitizing, websyntax against ammonia, side by side in one process and interleaved by
//! about 1 MB of input (see `websyntax_bench::interleave`): the bodies of the corpus pages and
//! 256 comment-sized inputs of about 1 KiB, string in, string out. The configurations are those
//! of `benches/sanitize.rs` (the Sanitizer API's safe default; ammonia's closest equivalent).
//!
//! `cargo run --release -p websyntax-bench --features peers-sanitize --example sanitize_bench -- [ROUNDS]`

use websyntax::sanitize::{Sanitizer, sanitize_fragment};
use websyntax_bench::interleave::run;
use websyntax_bench::{ammonia_builder, corpus_bodies, sanitize_comments};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(15);
    let bodies = corpus_bodies();
    let comments = sanitize_comments();
    let sanitizer = Sanitizer::default();
    let ammonia = ammonia_builder();
    let mut ratios = Vec::new();
    for (name, inputs, rounds) in [
        ("page bodies", &bodies, rounds),
        // Each comment takes microseconds: more rounds for the same total time.
        ("1 KiB comments", &comments, rounds * 8),
    ] {
        let sizes: Vec<usize> = inputs.iter().map(String::len).collect();
        let speeds = run(
            &format!("sanitize, {name} ({})", inputs.len()),
            &sizes,
            rounds,
            &[
                (
                    "websyntax",
                    Box::new(|i| sanitize_fragment(&inputs[i], "div", &sanitizer).len()),
                ),
                (
                    "ammonia",
                    Box::new(|i| ammonia.clean(&inputs[i]).to_string().len()),
                ),
            ],
        );
        ratios.push((name, speeds[0] / speeds[1]));
    }
    println!("\nratios (websyntax / ammonia)");
    for (name, r) in ratios {
        println!("  {name}: {r:.2}x");
    }
}
