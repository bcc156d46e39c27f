//! Sanitizing: websyntax (the Sanitizer API's safe default configuration, `sanitize_fragment`
//! in a `div`) vs ammonia, string in, string out, in one run.
//!
//! - `sanitize/corpus`: the body of every page of `corpus_root()/html` (its `innerHTML`,
//!   serialized once beforehand).
//! - `sanitize/comments`: 256 synthetic comment-sized inputs of about 1 KiB (paragraphs, links,
//!   emphasis, code, lists, quotes, images, and the usual script/onclick/javascript: attempts).
//!
//! ammonia's configuration is the closest to the safe default configuration: the same HTML
//! elements and attributes allowed (per element and global), comments stripped, no `rel`
//! added to links, `script`/`style` removed with their content. What still differs: an element
//! the configuration does not allow is removed with its contents by the Sanitizer API, while
//! ammonia keeps the contents of tags it does not allow (so ammonia writes more text for
//! pages with `nav`, `form`, `iframe`, ...); ammonia also checks the URL schemes of `href` and
//! `cite` against a list (the Sanitizer API only removes javascript: URLs from navigating
//! attributes).
//!
//! `cargo bench -p websyntax-bench --features peers-sanitize --bench sanitize -- --warm-up-time 1 --measurement-time 3`
//! Smoke run: `cargo bench -p websyntax-bench --features peers-sanitize --bench sanitize -- --test`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use websyntax::html::ParseOptions;
use websyntax::sanitize::{Sanitizer, sanitize_fragment};
use websyntax_bench::{ammonia_builder, corpus_bodies, sanitize_comments as comments};

fn bench(c: &mut Criterion) {
    let sanitizer = Sanitizer::default();
    let ammonia = ammonia_builder();
    for (name, inputs) in [("corpus", corpus_bodies()), ("comments", comments())] {
        let bytes: usize = inputs.iter().map(String::len).sum();
        let mut g = c.benchmark_group(format!("sanitize/{name}"));
        g.throughput(Throughput::Bytes(bytes as u64));
        g.bench_function("websyntax", |b| {
            b.iter(|| {
                let mut n = 0;
                for s in &inputs {
                    n += sanitize_fragment(black_box(s), "div", &sanitizer).len();
                }
                n
            })
        });
        // The share of parsing and serializing: the same fragment parse and serialization,
        // without the sanitizing pass.
        let ctx = websyntax::html::Context::html("div");
        let options = ParseOptions {
            collect_errors: false,
            allow_declarative_shadow_roots: true,
            ..ParseOptions::default()
        };
        g.bench_function("websyntax-parse-serialize-only", |b| {
            b.iter(|| {
                let mut n = 0;
                for s in &inputs {
                    let f = websyntax::html::parse_fragment(black_box(s), &ctx, options);
                    n += f.to_html().len();
                }
                n
            })
        });
        g.bench_function("ammonia", |b| {
            b.iter(|| {
                let mut n = 0;
                for s in &inputs {
                    n += ammonia.clean(black_box(s)).to_string().len();
                }
                n
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
