//! Main-content accuracy on the article-extraction pages (`tests/data/article-extraction/`):
//! the benchmark's metric (its `README.md`): 4-token shingles, per-page precision and recall,
//! means over the pages, F1 of the means.
//!
//! Tokens are runs of "word" characters as Python's `re` `\w` defines them for `str`. Here a
//! word character is `char::is_alphanumeric()` or `_`: the same set except that Rust's
//! alphanumerics also hold the combining marks of the Unicode `Other_Alphabetic` property
//! (Indic vowel signs, for instance), which Python's `isalnum()` does not; on these pages that
//! changes no score at the precision printed.
//!
//! Set `ARTICLE_EXTRACTION_VERBOSE=1` to print each page's scores.

use std::collections::HashMap;
use std::io::Read;

use websyntax_extract::main_content;
use websyntax_html::{ParseOptions, parse_document};

/// The regression guard: the F1 reached when this test was written, minus a small margin.
const MIN_F1: f64 = 0.97;
/// Pages on which main content says it found a main text (all 91 when this was written):
/// every page here is an article.
const MIN_FOUND: usize = 88;

fn tokens(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|t| !t.is_empty())
        .collect()
}

fn shingles<'a>(tokens: &[&'a str]) -> HashMap<Vec<&'a str>, u32> {
    let mut m = HashMap::new();
    if tokens.is_empty() {
        return m;
    }
    if tokens.len() < 4 {
        *m.entry(tokens.to_vec()).or_insert(0) += 1;
        return m;
    }
    for w in tokens.windows(4) {
        *m.entry(w.to_vec()).or_insert(0) += 1;
    }
    m
}

/// (precision, recall, tp+fp > 0, tp+fn > 0) of one page.
fn page_scores(truth: &str, extracted: &str) -> (f64, f64, bool, bool) {
    let g = shingles(&tokens(truth));
    let e = shingles(&tokens(extracted));
    let (mut tp, mut fp, mut fn_) = (0f64, 0f64, 0f64);
    for (s, &ce) in &e {
        let cg = g.get(s).copied().unwrap_or(0);
        tp += f64::from(ce.min(cg));
        fp += f64::from(ce.saturating_sub(cg));
    }
    for (s, &cg) in &g {
        let ce = e.get(s).copied().unwrap_or(0);
        fn_ += f64::from(cg.saturating_sub(ce));
    }
    let sum = tp + fp + fn_;
    if sum > 0.0 {
        tp /= sum;
        fp /= sum;
        fn_ /= sum;
    }
    let precision = if fp == 0.0 && fn_ == 0.0 {
        1.0
    } else if tp == 0.0 && fp == 0.0 {
        0.0
    } else {
        tp / (tp + fp)
    };
    let recall = if fp == 0.0 && fn_ == 0.0 {
        1.0
    } else if tp == 0.0 && fn_ == 0.0 {
        0.0
    } else {
        tp / (tp + fn_)
    };
    (precision, recall, tp + fp > 0.0, tp + fn_ > 0.0)
}

#[test]
fn main_content_f1() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/article-extraction");
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{dir}/ground-truth.json")).unwrap())
            .unwrap();
    let truth = truth.as_object().unwrap();
    let verbose = std::env::var_os("ARTICLE_EXTRACTION_VERBOSE").is_some();
    let (mut ps, mut rs) = (Vec::new(), Vec::new());
    let mut exact = 0;
    let mut found = 0;
    let mut ids: Vec<&String> = truth.keys().collect();
    ids.sort();
    for id in &ids {
        let gz = std::fs::read(format!("{dir}/html/{id}.html.gz")).unwrap();
        let mut html = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut html)
            .unwrap();
        let html = String::from_utf8_lossy(&html);
        let doc = parse_document(&html, ParseOptions::default());
        let mc = main_content(&doc);
        let text = mc.text(&doc);
        if verbose {
            println!(
                "roots {:?} len {}",
                mc.roots
                    .iter()
                    .map(|&r| doc.local_name(r).unwrap_or("#"))
                    .collect::<Vec<_>>(),
                text.len()
            );
        }
        let gt = truth[id.as_str()]["articleBody"].as_str().unwrap();
        let (p, r, has_p, has_r) = page_scores(gt, &text);
        if has_p {
            ps.push(p);
        }
        if has_r {
            rs.push(r);
        }
        if tokens(gt) == tokens(&text) {
            exact += 1;
        }
        if mc.found {
            found += 1;
        }
        if verbose {
            println!("{id} P={p:.3} R={r:.3} score={:.3}", mc.score);
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let (p, r) = (mean(&ps), mean(&rs));
    let f1 = 2.0 * p * r / (p + r);
    println!(
        "main content on {} pages: precision {p:.3}, recall {r:.3}, F1 {f1:.3}, exact {exact}, \
         found {found}",
        ids.len()
    );
    assert!(f1 >= MIN_F1, "F1 {f1:.3} < {MIN_F1}");
    assert!(found >= MIN_FOUND, "found on {found} pages < {MIN_FOUND}");
}
