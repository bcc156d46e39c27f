//! Parses every page of the real-page corpus (`../shared/corpus/html`, or `$WEBSYNTAX_CORPUS/html`;
//! skipped when absent) with the seed and the living standard, and reports how many DOMs
//! differ and why (by the living change that explains each difference).

use std::path::Path;

use websyntax_html::{ParseOptions, Standard, parse_document};

macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// Which living change explains the difference between two trees of `html` (the first one
/// whose trigger the page contains).
fn reason(html: &str) -> &'static str {
    let lower = html.to_ascii_lowercase();
    if lower.contains("<?") && !lower.contains("<?xml") {
        "H5 processing instructions"
    } else if lower.contains("<select") {
        "H1-H3 customizable <select>"
    } else if lower.contains("<!doctype") && lower.contains("\"\"") {
        "H4 empty DOCTYPE system identifier"
    } else if lower.contains("<template") && lower.contains("<form") {
        "H15 form element pointer in template contents"
    } else {
        "unexplained"
    }
}

#[test]
fn corpus_seed_vs_living() {
    let root = match std::env::var_os("WEBSYNTAX_CORPUS") {
        Some(p) => Path::new(&p).to_path_buf(),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    let dir = root.join("html");
    if !dir.is_dir() {
        report!("corpus seed vs living: skipped (no corpus/html; set WEBSYNTAX_CORPUS)");
        return;
    }
    // Every .html/.htm file below `dir` (an explicit stack of directories).
    let mut files = Vec::new();
    let mut dirs = vec![dir];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "html" || x == "htm") {
                files.push(p);
            }
        }
    }
    files.sort();
    let (mut pages, mut differ, mut selects) = (0, 0, 0);
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let html = String::from_utf8_lossy(&bytes);
        pages += 1;
        if html.to_ascii_lowercase().contains("<select") {
            selects += 1;
        }
        let seed = parse_document(&html, ParseOptions::default());
        let living = parse_document(
            &html,
            ParseOptions {
                standard: Standard::Living,
                ..ParseOptions::default()
            },
        );
        if seed.to_test_tree(seed.root()) != living.to_test_tree(living.root()) {
            differ += 1;
            *reasons.entry(reason(&html)).or_default() += 1;
        }
    }
    report!(
        "corpus seed vs living: {differ} of {pages} pages parse to different DOMs \
         ({selects} pages have a <select>)"
    );
    for (r, n) in &reasons {
        report!("  {n} pages: {r}");
    }
    assert_eq!(
        reasons.get("unexplained"),
        None,
        "a difference no living change explains"
    );
}
