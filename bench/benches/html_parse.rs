//! Full HTML parse to a DOM: websyntax vs html5ever + scraper and html5ever + markup5ever_rcdom,
//! in one run, over `corpus_root()/html` (every file, decoded as UTF-8 beforehand so that all
//! parsers get the same `&str`). Group `html_parse/bytes` starts from the files' bytes instead:
//! websyntax through its byte-stream pipeline (encoding sniffing, decoding, parsing), the peers
//! after a UTF-8 conversion. Also times the pathological inputs of issue 4.
//!
//! `cargo bench -p websyntax-bench --features peers-html --bench html_parse -- --warm-up-time 1 --measurement-time 3`
//! Peak memory: `cargo run --release -p websyntax-bench --features peers-html --example html_parse_memory`.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use html5ever::tendril::TendrilSink;
use websyntax::html::{DocumentParserOptions, ParseOptions, parse_document, parse_document_bytes};
use websyntax_bench::{corpus_root, load_files};

fn corpus() -> Vec<String> {
    load_files(&corpus_root().join("html"), &[".html", ".htm"])
        .into_iter()
        .map(|(_, b)| String::from_utf8_lossy(&b).into_owned())
        .collect()
}

fn corpus_bench(c: &mut Criterion) {
    let docs = corpus();
    if docs.is_empty() {
        eprintln!(
            "html_parse: no corpus at {}; skipping",
            corpus_root().display()
        );
        return;
    }
    let bytes: usize = docs.iter().map(String::len).sum();
    let mut g = c.benchmark_group("html_parse/corpus");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(10);
    let opts = ParseOptions {
        scripting: true,
        collect_errors: false,
        ..ParseOptions::default()
    };
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            for d in &docs {
                black_box(parse_document(black_box(d), opts));
            }
        })
    });
    g.bench_function("websyntax+errors", |b| {
        b.iter(|| {
            for d in &docs {
                black_box(parse_document(black_box(d), ParseOptions::default()));
            }
        })
    });
    g.bench_function("html5ever+scraper", |b| {
        b.iter(|| {
            for d in &docs {
                black_box(scraper::Html::parse_document(black_box(d)));
            }
        })
    });
    g.bench_function("html5ever+rcdom", |b| {
        b.iter(|| {
            for d in &docs {
                black_box(
                    html5ever::parse_document(
                        markup5ever_rcdom::RcDom::default(),
                        Default::default(),
                    )
                    .one(black_box(d.as_str())),
                );
            }
        })
    });
    g.finish();
}

/// Bytes → DOM: what a crawler does with a fetched page. websyntax sniffs the encoding (the
/// pages declare UTF-8 or say nothing), decodes and parses; scraper gets the bytes converted with
/// `String::from_utf8_lossy` (all pages are UTF-8), then parses.
fn bytes_bench(c: &mut Criterion) {
    let files = load_files(&corpus_root().join("html"), &[".html", ".htm"]);
    if files.is_empty() {
        return;
    }
    let bytes: usize = files.iter().map(|(_, b)| b.len()).sum();
    let mut g = c.benchmark_group("html_parse/bytes");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(10);
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            for (_, d) in &files {
                let options = DocumentParserOptions::spec();
                black_box(parse_document_bytes(black_box(d), options));
            }
        })
    });
    g.bench_function("html5ever+scraper", |b| {
        b.iter(|| {
            for (_, d) in &files {
                let text = String::from_utf8_lossy(black_box(d));
                black_box(scraper::Html::parse_document(&text));
            }
        })
    });
    g.finish();
}

/// websyntax alone: html5ever + scraper needs ~40 s per parse of the 10^5 nested divs (its
/// scope checks walk the whole stack), which would make this group last many minutes.
/// The same corpus, but every iteration runs all three parsers document by document (in rotating
/// order) and times only the one named: all three see the same load pattern, which makes the
/// ratios far more stable on a shared, busy machine than timing each parser in its own window.
fn interleaved_bench(c: &mut Criterion) {
    let docs = corpus();
    if docs.is_empty() {
        return;
    }
    let bytes: usize = docs.iter().map(String::len).sum();
    let opts = ParseOptions {
        scripting: true,
        collect_errors: false,
        ..ParseOptions::default()
    };
    let run = |which: usize, d: &str| match which {
        0 => {
            black_box(parse_document(black_box(d), opts));
        }
        1 => {
            black_box(scraper::Html::parse_document(black_box(d)));
        }
        _ => {
            black_box(
                html5ever::parse_document(markup5ever_rcdom::RcDom::default(), Default::default())
                    .one(black_box(d)),
            );
        }
    };
    let mut g = c.benchmark_group("html_parse/corpus-interleaved");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(10);
    for (timed, name) in ["websyntax", "html5ever+scraper", "html5ever+rcdom"]
        .into_iter()
        .enumerate()
    {
        g.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = std::time::Duration::ZERO;
                for it in 0..iters {
                    for (i, d) in docs.iter().enumerate() {
                        for k in 0..3 {
                            let which = (k + i + it as usize) % 3;
                            if which == timed {
                                let t = std::time::Instant::now();
                                run(which, d);
                                total += t.elapsed();
                            } else {
                                run(which, d);
                            }
                        }
                    }
                }
                total
            })
        });
    }
    g.finish();
}

fn pathological_bench(c: &mut Criterion) {
    const N: usize = 100_000;
    let inputs = [
        ("nested-div", "<div>".repeat(N)),
        ("a-start-tags", "<a>".repeat(N)),
        ("misnested-b-i", "<b><i>x</b></i>".repeat(N)),
        ("b-i-open", "<b><i>".repeat(N)),
        ("table-foster-text", format!("<table>{}", "a<tr>".repeat(N))),
        ("ul-li", "<ul><li>".repeat(N)),
    ];
    let mut g = c.benchmark_group("html_parse/pathological");
    g.sample_size(10);
    for (name, input) in &inputs {
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_with_input(BenchmarkId::new("websyntax", name), input, |b, i| {
            b.iter(|| black_box(parse_document(i, ParseOptions::default())))
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    corpus_bench,
    bytes_bench,
    interleaved_bench,
    pathological_bench
);
criterion_main!(benches);
