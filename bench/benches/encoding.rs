//! Decode overhead of websyntax-encoding against calling encoding_rs directly.
//!
//! Corpora: `corpus_root()/html` (UTF-8 pages, decoded as UTF-8) and
//! `corpus_root()/html-legacy` (each file decoded with its true encoding from `MANIFEST.tsv`).
//! For each corpus, one-shot "decode" (BOM sniffing + replacement) and a streaming decode in
//! 8 KiB chunks (TextDecoder semantics vs encoding_rs's own `Decoder`).
//!
//! `cargo bench -p websyntax-bench --bench encoding -- --warm-up-time 1 --measurement-time 3`
use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use websyntax::encoding::{BomHandling, DecodeErrorMode, Decoder, Encoding, decode};
use websyntax_bench::{corpus_root, load_files};

const CHUNK: usize = 8 * 1024;

/// `(encoding, bytes)` for every file of a corpus.
type Corpus = Vec<(Encoding, Vec<u8>)>;

fn html_corpus(root: &Path) -> Corpus {
    load_files(&root.join("html"), &[".html", ".htm"])
        .into_iter()
        .map(|(_, bytes)| (Encoding::UTF_8, bytes))
        .collect()
}

fn legacy_corpus(root: &Path) -> Corpus {
    let dir = root.join("html-legacy");
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

fn bench_corpus(c: &mut Criterion, name: &str, corpus: &Corpus) {
    if corpus.is_empty() {
        eprintln!(
            "encoding bench: corpus {name} not found under {}",
            corpus_root().display()
        );
        return;
    }
    let total: usize = corpus.iter().map(|(_, b)| b.len()).sum();
    let mut g = c.benchmark_group(format!("decode/{name}"));
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            let mut n = 0;
            for (enc, bytes) in corpus {
                n += decode(black_box(bytes), *enc).text.len();
            }
            n
        })
    });
    g.bench_function("encoding_rs", |b| {
        b.iter(|| {
            let mut n = 0;
            for (enc, bytes) in corpus {
                n += enc.as_encoding_rs().decode(black_box(bytes)).0.len();
            }
            n
        })
    });
    g.finish();

    let mut g = c.benchmark_group(format!("stream-8k/{name}"));
    g.throughput(Throughput::Bytes(total as u64));
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            let mut n = 0;
            let mut out = String::new();
            for (enc, bytes) in corpus {
                let mut d = Decoder::new(*enc, DecodeErrorMode::Replacement, BomHandling::Sniff);
                for chunk in black_box(bytes).chunks(CHUNK) {
                    out.clear();
                    let _ = d.decode_to_string(chunk, true, &mut out);
                    n += out.len();
                }
                out.clear();
                let _ = d.decode_to_string(&[], false, &mut out);
                n += out.len();
            }
            n
        })
    });
    g.bench_function("encoding_rs", |b| {
        b.iter(|| {
            let mut n = 0;
            let mut out = String::new();
            for (enc, bytes) in corpus {
                let mut d = enc.as_encoding_rs().new_decoder();
                let chunks: Vec<&[u8]> = black_box(bytes).chunks(CHUNK).collect();
                for (i, chunk) in chunks.iter().enumerate() {
                    let last = i + 1 == chunks.len();
                    out.clear();
                    out.reserve(d.max_utf8_buffer_length(chunk.len()).unwrap_or(0));
                    let _ = d.decode_to_string(chunk, &mut out, last);
                    n += out.len();
                }
                if chunks.is_empty() {
                    let _ = d.decode_to_string(&[], &mut out, true);
                }
            }
            n
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let root = corpus_root();
    bench_corpus(c, "html", &html_corpus(&root));
    bench_corpus(c, "html-legacy", &legacy_corpus(&root));
}

criterion_group!(benches, bench);
criterion_main!(benches);
