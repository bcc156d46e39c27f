//! HTML tokenizer throughput (issue 3): every file of `corpus_root()/html`, tokenized by
//! websyntax, html5ever's tokenizer and html5gum in the same run. Each sink does the least
//! work its API allows (websyntax and html5ever: a no-op sink that only counts tokens;
//! html5gum: its default emitter, iterating the tokens).
//!
//! `cargo bench -p websyntax-bench --features peers-html --bench html_tokenizer -- --warm-up-time 1 --measurement-time 3`
//!
//! On a shared machine wall-clock numbers swing widely; for a steadier comparison the binary
//! also has a one-pass mode for counting CPU cycles with `perf stat`:
//! `HTML_TOKENIZER_ONCE=websyntax|html5ever|html5gum|none perf stat -e cycles:u,instructions:u <bench binary>`
//! tokenizes the corpus once with one tokenizer (`none`: only loads the corpus, the baseline to
//! subtract) and exits.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use websyntax::html::Position;
use websyntax::html::tokenizer as ws;
use websyntax_bench::{corpus_root, load_files};

struct WsCount(usize);

impl ws::TokenSink for WsCount {
    fn process_token(&mut self, token: ws::Token<'_>, _at: Position) -> ws::SinkResult {
        black_box(&token);
        self.0 += 1;
        ws::SinkResult::Continue
    }
}

struct H5eCount(std::cell::Cell<usize>);

impl html5ever::tokenizer::TokenSink for H5eCount {
    type Handle = ();
    fn process_token(
        &self,
        token: html5ever::tokenizer::Token,
        _line: u64,
    ) -> html5ever::tokenizer::TokenSinkResult<()> {
        black_box(&token);
        self.0.set(self.0.get() + 1);
        html5ever::tokenizer::TokenSinkResult::Continue
    }
}

fn websyntax_tokens(s: &str) -> usize {
    ws::Tokenizer::tokenize_str(WsCount(0), s).0
}

fn html5ever_tokens(s: &html5ever::tendril::StrTendril) -> usize {
    use html5ever::tokenizer::{BufferQueue, Tokenizer};
    let input = BufferQueue::default();
    input.push_back(s.clone());
    let tok = Tokenizer::new(H5eCount(std::cell::Cell::new(0)), Default::default());
    // A no-op sink never asks to run a script, so one feed consumes everything.
    let _ = tok.feed(&input);
    tok.end();
    tok.sink.0.get()
}

fn html5gum_tokens(s: &str) -> usize {
    let mut n = 0;
    for t in html5gum::Tokenizer::new(s) {
        black_box(&t);
        n += 1;
    }
    n
}

fn load_corpus() -> Vec<String> {
    load_files(&corpus_root().join("html"), &[])
        .into_iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "html" || e == "htm"))
        .filter_map(|(_, b)| String::from_utf8(b).ok())
        .collect()
}

fn bench(c: &mut Criterion) {
    let files = load_corpus();
    if files.is_empty() {
        eprintln!(
            "html_tokenizer: no corpus at {} (set WEBSYNTAX_CORPUS); skipping",
            corpus_root().join("html").display()
        );
        return;
    }
    let bytes: usize = files.iter().map(String::len).sum();
    let tendrils: Vec<html5ever::tendril::StrTendril> = files
        .iter()
        .map(|s| html5ever::tendril::StrTendril::from_slice(s))
        .collect();
    eprintln!("html_tokenizer: {} files, {bytes} bytes", files.len());

    let mut g = c.benchmark_group("html_tokenizer");
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(10);
    g.bench_function("websyntax", |b| {
        b.iter(|| files.iter().map(|s| websyntax_tokens(s)).sum::<usize>())
    });
    g.bench_function("html5ever", |b| {
        b.iter(|| tendrils.iter().map(html5ever_tokens).sum::<usize>())
    });
    g.bench_function("html5gum", |b| {
        b.iter(|| files.iter().map(|s| html5gum_tokens(s)).sum::<usize>())
    });
    g.finish();
}

/// One pass over the corpus with one tokenizer (for `perf stat`), then exit.
fn once(which: &str) {
    let files = load_corpus();
    let n: usize = match which {
        "websyntax" => files.iter().map(|s| websyntax_tokens(s)).sum(),
        "html5ever" => files
            .iter()
            .map(|s| html5ever_tokens(&html5ever::tendril::StrTendril::from_slice(s)))
            .sum(),
        "html5gum" => files.iter().map(|s| html5gum_tokens(s)).sum(),
        _ => files.len(),
    };
    eprintln!("{which}: {n}");
}

criterion_group!(benches, bench);

fn main() {
    if let Ok(which) = std::env::var("HTML_TOKENIZER_ONCE") {
        once(&which);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
