#![no_main]
//! CSS selectors on random documents. Input: a selector string (the first line, lossily UTF-8
//! decoded), then the document. `Selector::parse` must not panic; an invalid selector gives a
//! `SelectorError` whose position lies in the selector string (at most its length: the end
//! for a selector that ends too early), on line 1, and `Document::select` / `select_first`
//! return the same error. For the fuzzed selector if valid, and for a fixed list of real-world
//! selectors: `select_with` yields exactly the document's elements outside template contents
//! that a `Matcher` accepts, in document order (a naive walk of every element filtered by
//! `Matcher::matches`), each with `Matcher::closest` = itself; `Document::matches` (which is
//! `Selector::matches`) and `Document::closest` agree with the `Matcher` on every element of
//! a small document and on 16 spread over a large one; `select` (from the string) agrees,
//! `select_first` is the first; for other elements `closest` is the nearest matching
//! inclusive ancestor; the selector's serialization parses to a selector with the same
//! results; and, for selectors without `:scope`, `select_in` below the body (or document
//! element) and below the first template's contents yields the naive walk of that subtree
//! filtered by `Matcher::matches`. The input is also parsed, for one input length in 8,
//! below 10^4–3·10^4 nested `div`s (the selector line's length picks how many), and the
//! fuzzed selector and a few `:has()` and form selectors must find the same elements walking
//! the tree (the first query) as through the element index (the second).
use libfuzzer_sys::fuzz_target;
use websyntax::html::select::Selector;
use websyntax::html::{Document, NodeId, ParseOptions, parse_document};

const FIXED: &[&str] = &[
    "a[href]",
    "div.content p",
    "ul > li:first-child",
    "p:has(> img)",
    "li:nth-child(2n of .x)",
    ":is(h1, h2, h3)",
    "input:not([type=hidden])",
    "a[href^='http' i]",
    "[class~=item]",
    "table tr:nth-child(odd) td:last-child",
    "div:has(+ p)",
    "body *:only-child",
    ":root > body",
    "p:empty",
    "section :where(p, span) ~ span",
    "svg|rect, svg|*",
    "[xlink|href]",
    "form :checked, :disabled",
    "a:any-link",
    "*:nth-last-of-type(2)",
    "#main, .nav a",
    "div:not(:has(p))",
    "[lang|=en]",
    "p:nth-of-type(3n+1)",
    "div:has(~ div p)",
    ":has(+ * a)",
    "li:has(~ li) a",
    ":not(:has(~ p))",
    "section:has(h2, > p + p) :has(b)",
    "[title*=aB i]",
];

/// Selectors run on a deep variant of each input (the input below 10^4 to 3·10^4 nested
/// `div`s, where a recursive `:has()` search or a per-element ancestor walk would show).
///
/// A descendant combinator whose left side fails all the way up is still a walk to the root
/// per element in the `selectors` crate (quadratic in depth: docs/performance.md); so these
/// use `>`, and the fuzzed selector, which may hold any combinator, runs on a 2,000-deep
/// variant.
const DEEP: &[&str] = &[
    "div:has(p)",
    ":has(~ p) > div",
    "div:not(:has(> p))",
    "input:disabled",
    ":empty",
];

/// Every element below `root` in tree order (template contents not entered).
fn elements_below(doc: &Document, root: NodeId) -> Vec<NodeId> {
    doc.descendants(root)
        .filter(|&id| doc.is_element(id))
        .collect()
}

fn check(doc: &Document, text: &str, sel: &Selector, all: &[NodeId]) {
    let got: Vec<NodeId> = doc.select_with(sel).collect();
    let mut m = doc.matcher(sel);
    let naive: Vec<NodeId> = all.iter().copied().filter(|&e| m.matches(e)).collect();
    assert_eq!(got, naive, "select_with {text:?}");
    for &r in &got {
        assert_eq!(m.closest(r), Some(r), "closest of a match {text:?}");
        assert_eq!(
            doc.ancestors(r).last(),
            Some(doc.root()),
            "a match outside the document tree {text:?}"
        );
    }
    // The one-call forms agree with the matcher: on every element of a small document, on 16
    // spread over a large one (each call may answer `:has()` for the whole tree, so calling
    // them for every element costs the square of the document's size).
    let step = if all.len() <= 64 { 1 } else { all.len() / 16 };
    for &e in all.iter().step_by(step) {
        assert_eq!(doc.matches(e, sel), m.matches(e), "matches {text:?}");
        assert_eq!(doc.closest(e, sel), m.closest(e), "closest {text:?}");
    }
    let by_string: Vec<NodeId> = doc.select(text).expect("valid").collect();
    assert_eq!(by_string, got, "select {text:?}");
    assert_eq!(doc.select_first(text), Ok(got.first().copied()));
    // `closest` of other elements: the nearest matching inclusive ancestor.
    for &e in all.iter().filter(|e| !got.contains(e)).take(16) {
        let want = doc
            .ancestors(e)
            .find(|&a| doc.is_element(a) && m.matches(a));
        assert_eq!(doc.closest(e, sel), want, "closest {text:?}");
    }
    // The serialization means the same.
    let css = sel.to_string();
    let again = Selector::parse(&css)
        .unwrap_or_else(|e| panic!("{text:?} serialized as {css:?}, which fails: {e}"));
    let again: Vec<NodeId> = doc.select_with(&again).collect();
    assert_eq!(again, got, "{text:?} serialized as {css:?}");
    // Scoped selection, when `:scope` cannot make a difference.
    if !css.to_ascii_lowercase().contains("scope") {
        let scope = doc.document_element().map(|h| {
            doc.children(h)
                .filter(|&c| doc.is_element(c))
                .last()
                .unwrap_or(h)
        });
        let template = all.iter().find_map(|&t| doc.template_contents(t));
        for root in scope.into_iter().chain(template) {
            let got: Vec<NodeId> = doc.select_in(root, sel).collect();
            let naive: Vec<NodeId> = elements_below(doc, root)
                .into_iter()
                .filter(|&e| m.matches(e))
                .collect();
            assert_eq!(got, naive, "select_in {root} {text:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (line, source) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let text = String::from_utf8_lossy(line);
    let input = String::from_utf8_lossy(source);
    let doc = parse_document(&input, ParseOptions::default());
    let all = elements_below(&doc, doc.root());
    match Selector::parse(&text) {
        Ok(sel) => check(&doc, &text, &sel, &all),
        Err(e) => {
            assert!(e.position() <= text.len(), "{e} in {text:?}");
            assert_eq!(e.line(), 1, "{e} in {text:?}");
            assert!(e.column() >= 1 && e.column() <= text.chars().count() + 1);
            let _ = e.to_string();
            assert_eq!(doc.select(&text).err(), Some(e.clone()));
            assert_eq!(doc.select_first(&text), Err(e));
        }
    }
    for text in FIXED {
        let sel = Selector::parse(text).expect("fixed selector");
        check(&doc, text, &sel, &all);
    }
    // The deep variants for one input length in 8: they take about a second, which on every
    // input kept the fuzzer in its seed corpus.
    if data.len() % 8 != 0 {
        return;
    }
    let depth = 10_000 * (1 + line.len() % 3);
    let deep = parse_document(
        &format!("{}{input}", "<div>".repeat(depth)),
        ParseOptions::default(),
    );
    for sel in DEEP
        .iter()
        .map(|t| Selector::parse(t).expect("deep selector"))
    {
        let walked: Vec<NodeId> = deep.select_with(&sel).collect();
        let indexed: Vec<NodeId> = deep.select_with(&sel).collect();
        assert_eq!(walked, indexed, "deep {sel}");
    }
    if let Ok(sel) = Selector::parse(&text) {
        let deep = parse_document(
            &format!("{}{input}", "<div>".repeat(2_000)),
            ParseOptions::default(),
        );
        let walked: Vec<NodeId> = deep.select_with(&sel).collect();
        let indexed: Vec<NodeId> = deep.select_with(&sel).collect();
        assert_eq!(walked, indexed, "deep {sel}");
    }
});
