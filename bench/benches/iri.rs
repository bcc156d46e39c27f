//! IRI/URI validation and reference resolution: websyntax-iri against iri-string 0.7,
//! fluent-uri 0.4 and oxiri 0.3 on every line of `corpus_root()/urls/*.txt`.
//!
//! `cargo bench -p websyntax-bench --features peers-iri --bench iri -- --warm-up-time 1 --measurement-time 3`
//!
//! Each iteration processes every line; criterion's element throughput gives the time per
//! input. Groups:
//! - `iri-validate-uri`: is the line a `URI-reference` (RFC 3986)? (oxiri parses IRIs only and
//!   is not in this group)
//! - `iri-validate-iri`: is the line an `IRI-reference` (RFC 3987)?
//! - `iri-resolve`: resolve one of the RFC 3986 §5.4 references against each line (lines that
//!   every library accepts as an absolute base without fragment), producing an owned string.
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use websyntax::iri::{Datatype, resolve};
use websyntax_bench::{corpus_root, load_files};

fn lines() -> Vec<String> {
    let files = load_files(&corpus_root().join("urls"), &[".txt"]);
    let mut out = Vec::new();
    for (_, bytes) in files {
        let text = String::from_utf8_lossy(&bytes);
        out.extend(text.lines().map(str::to_owned));
    }
    out
}

const REFS: &[&str] = &[
    "g",
    "./g",
    "g/",
    "/g",
    "//g",
    "?y",
    "g?y",
    "#s",
    "g#s",
    ";x",
    "g;x?y#s",
    "",
    ".",
    "./",
    "..",
    "../",
    "../g",
    "../..",
    "../../g",
    "../../../g",
    "/./g",
    "g/../h",
    "g;x=1/./y",
    "g?y/./x",
];

fn validate(c: &mut Criterion, lines: &[String]) {
    let count = |f: &dyn Fn(&str) -> bool| lines.iter().filter(|l| f(l)).count();
    eprintln!(
        "iri bench: {} lines; valid URI-reference: websyntax {}, iri-string {}, fluent-uri {}; \
         valid IRI-reference: websyntax {}, iri-string {}, fluent-uri {}, oxiri {}",
        lines.len(),
        count(&|l| Datatype::UriReference3986.is_valid(l)),
        count(&|l| iri_string::types::UriReferenceStr::new(l).is_ok()),
        count(&|l| fluent_uri::UriRef::parse(l).is_ok()),
        count(&|l| Datatype::IriReference3987.is_valid(l)),
        count(&|l| iri_string::types::IriReferenceStr::new(l).is_ok()),
        count(&|l| fluent_uri::IriRef::parse(l).is_ok()),
        count(&|l| oxiri::IriRef::parse(l).is_ok()),
    );
    let mut g = c.benchmark_group("iri-validate-uri");
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| Datatype::UriReference3986.is_valid(black_box(l)))
                .count()
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| iri_string::types::UriReferenceStr::new(black_box(l)).is_ok())
                .count()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| fluent_uri::UriRef::parse(black_box(l.as_str())).is_ok())
                .count()
        })
    });
    g.finish();

    let mut g = c.benchmark_group("iri-validate-iri");
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| Datatype::IriReference3987.is_valid(black_box(l)))
                .count()
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| iri_string::types::IriReferenceStr::new(black_box(l)).is_ok())
                .count()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| fluent_uri::IriRef::parse(black_box(l.as_str())).is_ok())
                .count()
        })
    });
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            lines
                .iter()
                .filter(|l| oxiri::IriRef::parse(black_box(l.as_str())).is_ok())
                .count()
        })
    });
    g.finish();
}

fn resolution(c: &mut Criterion, lines: &[String]) {
    use iri_string::format::ToDedicatedString;
    // Bases every library accepts: absolute IRIs without a fragment.
    let bases: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| {
            Datatype::AbsoluteIri3987.is_valid(l)
                && iri_string::types::IriAbsoluteStr::new(l).is_ok()
                && fluent_uri::Iri::parse(*l).is_ok()
                && oxiri::Iri::parse(*l).is_ok()
        })
        .collect();
    let pairs: Vec<(&str, &str)> = bases
        .iter()
        .enumerate()
        .map(|(i, b)| (*b, REFS[i % REFS.len()]))
        .collect();
    eprintln!(
        "iri bench: {} lines, {} usable as resolution bases",
        lines.len(),
        pairs.len()
    );
    let mut g = c.benchmark_group("iri-resolve");
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function("websyntax", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(base, r)| resolve(black_box(base), black_box(r)).ok())
                .map(|s| s.len())
                .sum::<usize>()
        })
    });
    g.bench_function("iri-string", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(base, r)| {
                    let base = iri_string::types::IriAbsoluteStr::new(black_box(base)).ok()?;
                    let r = iri_string::types::IriReferenceStr::new(black_box(r)).ok()?;
                    Some(r.resolve_against(base).to_dedicated_string())
                })
                .map(|s| s.len())
                .sum::<usize>()
        })
    });
    g.bench_function("fluent-uri", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(base, r)| {
                    let base = fluent_uri::Iri::parse(black_box(*base)).ok()?;
                    let r = fluent_uri::IriRef::parse(black_box(*r)).ok()?;
                    r.resolve_against(&base).ok()
                })
                .map(|s| s.as_str().len())
                .sum::<usize>()
        })
    });
    g.bench_function("oxiri", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter_map(|(base, r)| {
                    let base = oxiri::Iri::parse(black_box(*base)).ok()?;
                    let r = oxiri::IriRef::parse(black_box(*r)).ok()?;
                    base.resolve(&r).ok()
                })
                .map(|s| s.as_str().len())
                .sum::<usize>()
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let lines = lines();
    if lines.is_empty() {
        eprintln!(
            "iri bench: no corpus at {} (set WEBSYNTAX_CORPUS); skipped",
            corpus_root().join("urls").display()
        );
        return;
    }
    validate(c, &lines);
    resolution(c, &lines);
}

criterion_group!(benches, bench);
criterion_main!(benches);
