//! Hostile shapes: every public operation on a 10^6-deep document, on a 256 KiB stack (the
//! walks are iterative), and on elements with 10^5 attributes or 10^5 comments. These tests
//! check completion and results, not time (speed is measured by the benchmarks).

use websyntax_html::{Context, ParseOptions, ResourceLimits, Standard, parse_document};
use websyntax_sanitize::{
    SanitizeOptions, Sanitizer, limits_message, parse_html, parse_html_unsafe, parse_html_with,
    sanitize_fragment, sanitize_fragment_unsafe, sanitize_fragment_with, serialize_document,
    set_html, set_html_unsafe,
};

const DEPTH: usize = 1_000_000;

fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn deep_nesting_kept_removed_and_replaced() {
    on_small_stack(|| {
        let deep = "<span>".repeat(DEPTH) + "x";
        // Kept: every span.
        let out = sanitize_fragment(&deep, "div", &Sanitizer::default());
        assert_eq!(out.len(), DEPTH * "<span></span>".len() + 1);
        // Replaced with their children: only the text is left.
        let mut s = Sanitizer::default();
        assert!(s.replace_element_with_children("span"));
        assert_eq!(sanitize_fragment(&deep, "div", &s), "x");
        // Removed: nothing is left.
        let mut s = Sanitizer::default();
        assert!(s.remove_element("span"));
        assert_eq!(sanitize_fragment(&deep, "div", &s), "");
        // Unsafe, nothing removed.
        let out = sanitize_fragment_unsafe(&deep, "div", &Sanitizer::allow_everything());
        assert_eq!(out.len(), DEPTH * "<span></span>".len() + 1);
        assert!(out.contains("<span>x</span>"));
    });
}

/// The living standard's parse (`SanitizeOptions::standard`), with a deep `select` too (in
/// living, everything inside a `select` is parsed by the "in body" rules).
#[test]
fn deep_nesting_with_the_living_standard() {
    on_small_stack(|| {
        let living = SanitizeOptions {
            standard: Standard::Living,
            ..SanitizeOptions::default()
        };
        let div = Context::html("div");
        let all = Sanitizer::allow_everything();
        let deep = "<select>".to_owned() + &"<span>".repeat(DEPTH) + "x";
        let out = sanitize_fragment_with(&deep, &div, &all, false, living).unwrap();
        assert_eq!(
            out.len(),
            "<select></select>".len() + DEPTH * "<span></span>".len() + 1
        );
        let out = sanitize_fragment_with(&deep, &div, &Sanitizer::default(), true, living);
        assert_eq!(out.as_deref(), Some(""));
        let doc =
            parse_html_with(&"<div>".repeat(DEPTH), &Sanitizer::default(), true, living).unwrap();
        assert!(serialize_document(&doc).len() > DEPTH * "<div></div>".len());
    });
}

#[test]
fn deep_nesting_in_templates_and_documents() {
    on_small_stack(|| {
        let mut s = Sanitizer::from_json(r#"{"replaceWithChildrenElements": ["b"]}"#).unwrap();
        s.allow_element("template");
        let deep = "<template><b>".repeat(DEPTH / 4) + "<script>x</script>y";
        let out = sanitize_fragment(&deep, "div", &s);
        assert!(!out.contains("<script") && !out.contains("<b>"));
        assert!(out.contains("<template>y</template>"));
        assert_eq!(out.len(), DEPTH / 4 * "<template></template>".len() + 1);
        // Whole documents.
        let doc = parse_html(&"<div>".repeat(DEPTH), &Sanitizer::default());
        assert!(serialize_document(&doc).len() > DEPTH * "<div></div>".len());
        let doc = parse_html_unsafe(&"<div>".repeat(DEPTH), &Sanitizer::allow_everything());
        assert!(serialize_document(&doc).len() > DEPTH * "<div></div>".len());
        // As a string that parses back to itself (the document is parsed again).
        let out =
            websyntax_sanitize::sanitize_document(&"<div>".repeat(DEPTH), &Sanitizer::default());
        assert!(out.len() > DEPTH * "<div></div>".len());
        // set_html into a deep element, with deep content.
        let mut doc = parse_document(&"<div>".repeat(DEPTH), ParseOptions::default());
        let last = doc.find_all_elements("div").last().unwrap();
        set_html(
            &mut doc,
            last,
            &"<section>".repeat(DEPTH),
            &Sanitizer::default(),
        )
        .unwrap();
        assert_eq!(doc.descendants(last).count(), DEPTH);
        let first = doc.find_element("section").unwrap();
        set_html_unsafe(
            &mut doc,
            first,
            &"<span>".repeat(DEPTH),
            &Sanitizer::allow_everything(),
        )
        .unwrap();
        assert_eq!(doc.descendants(first).count(), DEPTH);
    });
}

#[test]
fn many_attributes_and_comments() {
    let attrs: String = (0..100_000)
        .map(|i| format!(" a{i}=v onclick{i}=x"))
        .collect();
    let html = format!("<p title=t{attrs} onclick=x>p</p>");
    let out = sanitize_fragment(&html, "div", &Sanitizer::default());
    assert_eq!(out, "<p title=\"t\">p</p>");
    let out = sanitize_fragment_unsafe(&html, "div", &Sanitizer::allow_everything());
    assert_eq!(out.len(), html.len() + 2 * 200_002);
    let comments = "<!--c-->x".repeat(100_000);
    assert_eq!(
        sanitize_fragment(&comments, "div", &Sanitizer::default()),
        "x".repeat(100_000)
    );
    let mut s = Sanitizer::default();
    s.set_comments(true);
    assert_eq!(sanitize_fragment(&comments, "div", &s), comments);
}

#[test]
fn large_configurations() {
    // 10^5 names: building and checking the configuration stays fast (sorted duplicate checks,
    // hash sets for matching).
    let names: Vec<String> = (0..100_000).map(|i| format!("\"e{i}\"")).collect();
    let json = format!(
        "{{\"elements\": [{}], \"attributes\": [{}]}}",
        names.join(","),
        names.join(",")
    );
    let s = Sanitizer::from_json(&json).unwrap();
    assert_eq!(
        sanitize_fragment("<e7 e9=1 x=2>a</e7><p>b</p>", "div", &s),
        "<e7 e9=\"1\">a</e7>"
    );
    let dup = format!("{{\"removeElements\": [{}, \"e5\"]}}", names.join(","));
    let e = Sanitizer::from_json(&dup).unwrap_err();
    assert!(e.to_string().contains("e5"), "{e}");
}

/// Output that does not parse back to itself at once is parsed again (a bounded number of
/// rounds): shapes that need it, at size.
#[test]
fn output_that_needs_re_parsing() {
    on_small_stack(|| {
        let div = Context::html("div");
        let reparse = |out: &str| {
            let options = ParseOptions {
                scripting: true,
                ..ParseOptions::default()
            };
            websyntax_html::parse_fragment(out, &div, options).to_html()
        };
        // Foster parenting nests `a` in `a`, 3·10^4 times.
        let input = "<a><table><a>".repeat(30_000);
        let out = sanitize_fragment(&input, "div", &Sanitizer::default());
        assert_eq!(reparse(&out), out);
        // `plaintext`, whose end tag is read as text: its text is kept as text.
        let input = "<plaintext>".to_owned() + &"</plaintext>x".repeat(100_000);
        let all = Sanitizer::allow_everything();
        let out = sanitize_fragment_unsafe(&input, "div", &all);
        assert_eq!(out.len(), 100_000 * "&lt;/plaintext&gt;x".len());
        assert_eq!(reparse(&out), out);
        // A line feed at the start of 10^5 `pre`s.
        let input = "<pre>\n\nx</pre>".repeat(100_000);
        let out = sanitize_fragment(&input, "div", &Sanitizer::default());
        assert_eq!(out, "<pre>x</pre>".repeat(100_000));
    });
}

/// `noscript` nested 2.5 * 10^5 deep (a document and a `template` context parse it without
/// scripting, as elements), with a raw text that ends it early when parsed with scripting: the
/// check in the other scripting mode looks at each node once.
#[test]
fn deep_noscript_checked_in_both_scripting_modes() {
    on_small_stack(|| {
        let all =
            Sanitizer::from_json(r#"{"removeElements":[],"removeAttributes":[],"comments":true}"#)
                .unwrap();
        let deep = "<noscript><b>".repeat(DEPTH / 4)
            + "<style></noscript><img src=x onerror=alert(1)></style>";
        let out = websyntax_sanitize::sanitize_document(&("<body>".to_owned() + &deep), &all);
        assert!(
            out == "<html><head></head><body></body></html>",
            "{}",
            out.len()
        );
        let template = Context::html("template");
        let out = websyntax_sanitize::sanitize_fragment_in(&deep, &template, &all, true);
        assert!(out.is_empty(), "{}", out.len());
        // With scripting, one noscript whose text (markup, allowed, without scripting) ends
        // at the `</noscript>` in the style; the image after it loses its handler.
        let out = sanitize_fragment(&deep, "div", &all);
        assert!(
            out.ends_with(r#"<style></noscript><img src="x">"#),
            "{}",
            out.len()
        );
        assert!(!out.contains("onerror"), "{}", out.len());
        // Deep, and read alike in both modes: kept.
        let calm = "<noscript><b>".repeat(DEPTH / 4);
        let out = websyntax_sanitize::sanitize_document(&("<body>".to_owned() + &calm), &all);
        assert!(out.len() > DEPTH / 4 * "<b></b>".len(), "{}", out.len());
    });
}

/// A tree that the depth limit flattened into a shape no string parses back to (found by the
/// `wasm_boundary` fuzz target: `<table><th>` at depth 3, where every re-parse implies one
/// more `tr`) is not sanitized: `None`, which every layer reports as a limit reached, not an
/// empty string that reads as "all of it was removed". A limit that leaves the tree whole
/// gives the output.
#[test]
fn depth_limit_that_leaves_no_string_parsing_back_to_the_tree() {
    let div = Context::html("div");
    let s = Sanitizer::default();
    let whole = Some("<table><tbody><tr><th></th></tr></tbody></table>");
    for (depth, want) in [(2, None), (3, None), (4, whole), (512, whole)] {
        let limits = ResourceLimits {
            max_tree_depth: Some(depth),
            ..Default::default()
        };
        for standard in [Standard::Seed, Standard::Living] {
            let options = SanitizeOptions { limits, standard };
            let got = sanitize_fragment_with("<table><th>", &div, &s, true, options);
            assert_eq!(got.as_deref(), want, "depth {depth}, {standard:?}");
        }
    }
    // As a document: html, body and table above the tbody, so the depths are one more.
    let limits = ResourceLimits {
        max_tree_depth: Some(4),
        ..Default::default()
    };
    let options = SanitizeOptions {
        limits,
        ..Default::default()
    };
    let got = websyntax_sanitize::sanitize_document_with("<table><th>", &s, true, options);
    assert_eq!(got, None);
    assert_eq!(limits_message(&limits), "the depth limit (4 levels)");
}
