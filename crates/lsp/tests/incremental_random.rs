//! Random edits on the sample pages (real pages from the corpus): whenever an incremental
//! path answers (the text path of `incremental`, the region re-parse of `splice`), its findings
//! are exactly those of a full check of the edited text.
//!
//! The edits insert or delete tags, quotes, `<`, `&`, line breaks, non-ASCII and plain text at
//! random places, and type letters inside text (where the incremental path applies), one after
//! another on the same text as a user would.

use proptest::prelude::*;
use websyntax_check::Severity;
use websyntax_lsp::checking::{Checked, check_text};
use websyntax_lsp::incremental::recheck;
use websyntax_lsp::settings::Settings;
use websyntax_lsp::splice;
use websyntax_lsp::text::floor_char;

const URI: &str = "file:///tmp/page.html";

const SNIPPETS: &[&str] = &[
    "x",
    "ab",
    " ",
    "hello world",
    "<",
    "<b>",
    "</b>",
    "<p>",
    "</p>",
    "</div>",
    "<td>",
    "<table>",
    "\"",
    "'",
    "=",
    "&",
    "&amp;",
    "&lt",
    "\n",
    "\r\n",
    "<!--",
    "-->",
    "é",
    "<script>",
    "</script>",
    "<a href=\"#x\">",
    "id=x",
    "/>",
    ">",
];

fn pages() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pages");
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    v.sort();
    v.iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

#[derive(Debug, Clone)]
enum Edit {
    /// Insert a snippet at a fraction of the text.
    Insert(u32, usize),
    /// Delete up to `n` bytes at a fraction of the text.
    Delete(u32, usize),
    /// Type a letter inside the text of a paragraph-like element (the `k`-th `>x` of the
    /// page, where `x` is a letter, a few bytes further on).
    Type(u32, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<u32>(), 0..SNIPPETS.len()).prop_map(|(a, s)| Edit::Insert(a, s)),
        (any::<u32>(), 1usize..24).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<u32>(), b'a'..=b'z').prop_map(|(a, c)| Edit::Type(a, c)),
        (any::<u32>(), b'a'..=b'z').prop_map(|(a, c)| Edit::Type(a, c)),
    ]
}

fn at(text: &str, frac: u32) -> usize {
    floor_char(
        text,
        (text.len() as u64 * frac as u64 / u32::MAX as u64) as usize,
    )
}

fn apply(text: &str, e: &Edit) -> String {
    let mut next = text.to_owned();
    match *e {
        Edit::Insert(a, s) => next.insert_str(at(text, a), SNIPPETS[s]),
        Edit::Delete(a, n) => {
            let start = at(text, a);
            let end = floor_char(text, (start + n).min(text.len()));
            next.replace_range(start..end, "");
        }
        Edit::Type(a, c) => {
            let starts: Vec<usize> = text
                .match_indices('>')
                .map(|(i, _)| i + 1)
                .filter(|&i| text.as_bytes().get(i).is_some_and(u8::is_ascii_alphabetic))
                .collect();
            if let Some(&s) = starts.get(a as usize % starts.len().max(1)) {
                let p = floor_char(text, (s + 1 + a as usize % 5).min(text.len()));
                next.insert(p, c as char);
            }
        }
    }
    next
}

fn settings() -> Settings {
    Settings {
        severity: Severity::Info,
        ..Settings::default()
    }
}

/// Which path answered: the text path, the region re-parse, none (a full check).
fn recheck_any(prev: &Checked, prev_text: &str, text: &str, s: &Settings) -> (u8, Option<Checked>) {
    if let Some(c) = recheck(prev, prev_text, text, s) {
        return (1, Some((*c).clone()));
    }
    match splice::recheck(prev, prev_text, text, URI, s) {
        Some(c) => (2, Some((*c).clone())),
        None => (0, None),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// The incremental results are kept as the base of the next edit (as the server keeps
    /// them), so errors in the data kept for the next edit show too; the text path's table of
    /// plain text nodes is compared too.
    #[test]
    fn chained_incremental_findings_equal_a_full_check(
        page in 0usize..4,
        edits in prop::collection::vec(edit(), 1..12),
    ) {
        let s = settings();
        let pages = pages();
        let mut text = pages[page % pages.len()].clone();
        let mut checked: Checked = check_text(&text, URI, &s);
        for e in &edits {
            let next = apply(&text, e);
            let full = check_text(&next, URI, &s);
            let (path, fast) = recheck_any(&checked, &text, &next, &s);
            match fast {
                Some(fast) => {
                    prop_assert_eq!(&fast.findings, &full.findings, "path {} after {:?}", path, e);
                    prop_assert_eq!(fast.encoding, full.encoding);
                    if path == 1 && !checked.plain_text.get().is_some_and(Vec::is_empty) {
                        prop_assert_eq!(&fast.plain_text, &full.plain_text, "after {:?}", e);
                    }
                    checked = fast;
                }
                None => checked = full,
            }
            text = next;
        }
    }
}

/// How often each path answers on the sample pages (printed; run with `--nocapture`), so that
/// the property tests above are known to exercise the region re-parse.
#[test]
fn the_region_reparse_answers_most_markup_edits() {
    let s = settings();
    let mut counts = [0usize; 3];
    for (k, page) in pages().iter().enumerate() {
        let checked = check_text(page, URI, &s);
        for n in 0..60u32 {
            let e = Edit::Insert(
                n.wrapping_mul(0x9E37_79B9) ^ k as u32,
                n as usize % SNIPPETS.len(),
            );
            let next = apply(page, &e);
            let (path, fast) = recheck_any(&checked, page, &next, &s);
            counts[path as usize] += 1;
            if let Some(fast) = fast {
                assert_eq!(
                    fast.findings,
                    check_text(&next, URI, &s).findings,
                    "after {e:?}"
                );
            }
        }
    }
    eprintln!(
        "full {}, text path {}, region re-parse {}",
        counts[0], counts[1], counts[2]
    );
    assert!(counts[2] > counts[0], "{counts:?}");
}
