//! Cost of the HTML byte-stream pipeline (`websyntax::html::input_stream`: sniffing, streaming
//! decode with decoding-error reporting, buffering for a possible restart, "change the
//! encoding") against decoding the bytes first and parsing the text with `parse_document`.
//!
//! Corpus: `corpus_root()/html-legacy` (every file of `MANIFEST.tsv`, legacy encodings).
//! - `decode+parse_document`: `decode(bytes, true encoding)` then `parse_document(&str)`;
//! - `parse_document_bytes/transport`: the pipeline with the true encoding as the transport
//!   charset (certain: nothing buffered, no sniffing);
//! - `parse_document_bytes/sniffed`: the pipeline with default options (sniffed, tentative:
//!   bytes buffered, `<meta>` may change the encoding);
//! - `DocumentParser/8KiB`: the same, fed in 8 KiB chunks.
//!
//! `cargo bench -p websyntax-bench --bench html_bytes -- --warm-up-time 1 --measurement-time 3`
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use websyntax::encoding::{Encoding, decode};
use websyntax::html::input_stream::{DocumentParser, DocumentParserOptions, parse_document_bytes};
use websyntax::html::{ParseOptions, parse_document};
use websyntax_bench::corpus_root;

fn legacy_corpus() -> Vec<(Encoding, Vec<u8>)> {
    let dir = corpus_root().join("html-legacy");
    let Ok(manifest) = std::fs::read_to_string(dir.join("MANIFEST.tsv")) else {
        return Vec::new();
    };
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut cols = line.split('\t');
            let path = cols.next()?;
            let encoding = Encoding::for_label(cols.next()?)?;
            let bytes = std::fs::read(dir.join(path)).ok()?;
            Some((encoding, bytes))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let corpus = legacy_corpus();
    if corpus.is_empty() {
        eprintln!(
            "html_bytes bench: no html-legacy corpus under {}",
            corpus_root().display()
        );
        return;
    }
    let total: usize = corpus.iter().map(|(_, b)| b.len()).sum();
    let mut g = c.benchmark_group("html-bytes/legacy");
    g.throughput(Throughput::Bytes(total as u64));
    g.sample_size(10);
    g.bench_function("decode+parse_document", |b| {
        b.iter(|| {
            let mut n = 0;
            for (enc, bytes) in &corpus {
                let text = decode(bytes, *enc).text;
                n += parse_document(&text, ParseOptions::default())
                    .errors()
                    .len();
            }
            black_box(n)
        })
    });
    g.bench_function("parse_document_bytes/transport", |b| {
        b.iter(|| {
            let mut n = 0;
            for (enc, bytes) in &corpus {
                let options = DocumentParserOptions::spec().transport_charset(enc.name());
                n += parse_document_bytes(bytes, options).document.errors().len();
            }
            black_box(n)
        })
    });
    g.bench_function("parse_document_bytes/sniffed", |b| {
        b.iter(|| {
            let mut n = 0;
            for (_, bytes) in &corpus {
                let parsed = parse_document_bytes(bytes, DocumentParserOptions::spec());
                n += parsed.document.errors().len();
            }
            black_box(n)
        })
    });
    g.bench_function("DocumentParser/8KiB", |b| {
        b.iter(|| {
            let mut n = 0;
            for (_, bytes) in &corpus {
                let mut parser = DocumentParser::new(DocumentParserOptions::spec());
                for chunk in bytes.chunks(8 * 1024) {
                    parser.feed(chunk);
                }
                n += parser.finish().document.errors().len();
            }
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
