//! URL parse + href of every line of `corpus_root()/urls/*.txt`: websyntax-url against the
//! `url` crate (rust-url) and `ada-url` (ada's C++), in one run. Results: docs/performance.md.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use websyntax_bench::{corpus_root, load_files};

fn corpus() -> Vec<String> {
    let dir = corpus_root().join("urls");
    let mut lines = Vec::new();
    for (_, bytes) in load_files(&dir, &[".txt"]) {
        let text = String::from_utf8_lossy(&bytes);
        lines.extend(text.lines().filter(|l| !l.is_empty()).map(str::to_owned));
    }
    lines
}

fn bench(c: &mut Criterion) {
    let lines = corpus();
    if lines.is_empty() {
        eprintln!(
            "url bench: no corpus at {}/urls; skipped",
            corpus_root().display()
        );
        return;
    }
    let mut group = c.benchmark_group("url_parse_href");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("websyntax", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for line in &lines {
                if let Ok(u) = websyntax::url::Url::parse(line, None) {
                    n += u.href().len();
                }
            }
            black_box(n)
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for line in &lines {
                if let Ok(u) = url::Url::parse(line) {
                    n += u.as_str().len();
                }
            }
            black_box(n)
        })
    });
    group.bench_function("ada-url", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for line in &lines {
                if let Ok(u) = ada_url::Url::parse(line.as_str(), None) {
                    n += u.href().len();
                }
            }
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
