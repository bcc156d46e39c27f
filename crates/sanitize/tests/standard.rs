//! The standard that parses the input (`SanitizeOptions::standard`, `CleanOptions::standard`,
//! the document's own for `set_html`): seed by default, living on request.

use websyntax_html::{Context, ParseOptions, Standard, parse_document};
use websyntax_sanitize::compat::{CleanOptions, clean};
use websyntax_sanitize::{
    SanitizeOptions, Sanitizer, parse_html_limited, parse_html_with, sanitize_fragment_limited,
    sanitize_fragment_with, serialize_document, set_html,
};

const SELECT: &str = "<select><div>x</div><option>o</option></select>";

fn living() -> SanitizeOptions {
    SanitizeOptions {
        standard: Standard::Living,
        ..SanitizeOptions::default()
    }
}

fn select_config() -> Sanitizer {
    Sanitizer::from_json(r#"{"elements": ["select", "div", "option"]}"#).unwrap()
}

#[test]
fn fragment_follows_the_requested_standard() {
    let s = select_config();
    let div = Context::html("div");
    // Seed: "in select" ignores the div start and end tags (its text stays).
    let seed = sanitize_fragment_with(SELECT, &div, &s, true, SanitizeOptions::default());
    assert_eq!(
        seed.as_deref(),
        Some("<select>x<option>o</option></select>")
    );
    // The default stays seed, and `_limited` is seed.
    let limited = sanitize_fragment_limited(SELECT, &div, &s, true, Default::default());
    assert_eq!(limited, seed);
    // Living: customizable select keeps the div.
    let out = sanitize_fragment_with(SELECT, &div, &s, true, living());
    assert_eq!(out.as_deref(), Some(SELECT));
    // The safe baseline applies in both.
    let dirty = "<select><div onclick=x>y<script>z</script></div></select>";
    let out = sanitize_fragment_with(dirty, &div, &s, true, living()).unwrap();
    assert_eq!(out, "<select><div>y</div></select>");
    // Without a configuration allowing select, the select goes in both modes.
    let d = Sanitizer::default();
    for o in [SanitizeOptions::default(), living()] {
        assert_eq!(
            sanitize_fragment_with(SELECT, &div, &d, true, o).as_deref(),
            Some("")
        );
    }
    // Unsafe with nothing removed: the parse shows through.
    let all = Sanitizer::allow_everything();
    let seed = sanitize_fragment_with(SELECT, &div, &all, false, SanitizeOptions::default());
    assert_eq!(
        seed.as_deref(),
        Some("<select>x<option>o</option></select>")
    );
    let live = sanitize_fragment_with(SELECT, &div, &all, false, living());
    assert_eq!(live.as_deref(), Some(SELECT));
}

#[test]
fn document_follows_the_requested_standard() {
    let s = Sanitizer::from_json(
        r#"{"elements": ["html", "head", "body", "select", "div", "option"]}"#,
    )
    .unwrap();
    let page = |body: &str| format!("<html><head></head><body>{body}</body></html>");
    let seed = parse_html_with(SELECT, &s, true, SanitizeOptions::default()).unwrap();
    assert_eq!(
        serialize_document(&seed),
        page("<select>x<option>o</option></select>")
    );
    assert_eq!(
        serialize_document(&parse_html_limited(SELECT, &s, true, Default::default()).unwrap()),
        serialize_document(&seed)
    );
    let live = parse_html_with(SELECT, &s, true, living()).unwrap();
    assert_eq!(live.standard(), Standard::Living);
    assert_eq!(serialize_document(&live), page(SELECT));
}

#[test]
fn node_limit_still_applies_with_a_standard() {
    let o = SanitizeOptions {
        limits: websyntax_html::ResourceLimits {
            max_nodes: Some(100),
            ..Default::default()
        },
        standard: Standard::Living,
    };
    let s = Sanitizer::default();
    let big = "<p>".repeat(500);
    assert_eq!(
        sanitize_fragment_with(&big, &Context::html("div"), &s, true, o),
        None
    );
    assert!(parse_html_with(&big, &s, true, o).is_none());
}

#[test]
fn set_html_follows_the_documents_standard() {
    let s = select_config();
    for (standard, expect) in [
        (Standard::Seed, "<select>x<option>o</option></select>"),
        (Standard::Living, SELECT),
    ] {
        let mut doc = parse_document(
            "<div id=t></div>",
            ParseOptions {
                standard,
                ..ParseOptions::default()
            },
        );
        let t = doc.find_element("div").unwrap();
        set_html(&mut doc, t, SELECT, &s).unwrap();
        assert_eq!(doc.inner_html(t), expect, "{standard:?}");
    }
}

#[test]
fn clean_follows_the_requested_standard() {
    let mut o = CleanOptions::new();
    o.tags = Some(vec!["select".into(), "div".into(), "option".into()]);
    assert_eq!(
        clean(SELECT, &o).unwrap(),
        "<select>x<option>o</option></select>"
    );
    o.standard = Standard::Living;
    assert_eq!(clean(SELECT, &o).unwrap(), SELECT);
    // The URL scheme filter parses with the same standard.
    o.tags = Some(vec!["a".into()]);
    o.attributes = Some([("a".to_owned(), vec!["href".to_owned()])].into());
    o.url_schemes = Some(vec!["https".into()]);
    o.link_rel = None;
    assert_eq!(
        clean("<a href='https://x/^'>a</a><a href=ftp://x/>f</a>", &o).unwrap(),
        "<a href=\"https://x/^\">a</a><a>f</a>"
    );
}
