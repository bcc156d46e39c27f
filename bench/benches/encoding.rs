//! Decode overhead of websyntax-encoding against encoding_rs (issue: foundation).
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(_c: &mut Criterion) {}

criterion_group!(benches, bench);
criterion_main!(benches);
