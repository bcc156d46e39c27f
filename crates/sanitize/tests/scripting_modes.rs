//! The string outputs hold no script for the browser that parses them, whichever scripting
//! mode it parses with, and the safe methods remove every `on*` attribute.
//!
//! - The reproducers: event handlers outside the HTML Standard's list under ordinary
//!   configurations; `noscript` in documents (sanitized without scripting, loaded by a browser
//!   with it) and in `template` contexts (parsed by browsers without scripting).
//! - The property: for random configurations (permissive ones included), random inputs rich
//!   in `noscript`, `template`, raw text elements, comments, `on*` attributes, SVG and MathML,
//!   in every context and as documents, the output parsed with scripting enabled AND with
//!   scripting disabled holds nothing outside the configuration, nothing the safe baseline
//!   removes, no `on*` attribute and no javascript: URL in a navigating attribute.

mod common;

use std::collections::BTreeMap;

use common::{Tree, check_tree};
use websyntax_html::{Context, ParseOptions, parse_document, parse_fragment};
use websyntax_sanitize::compat::{CleanOptions, clean};
use websyntax_sanitize::{
    Sanitizer, parse_html, sanitize_document, sanitize_document_with, sanitize_fragment,
    sanitize_fragment_in, sanitize_fragment_unsafe, set_html,
};

/// The parser's options for a re-parse with the scripting flag `scripting`.
fn parse_options(scripting: bool) -> ParseOptions {
    ParseOptions {
        scripting,
        collect_errors: false,
        allow_declarative_shadow_roots: true,
        ..ParseOptions::default()
    }
}

/// A configuration passed to `setHTML` as a dictionary (absent `comments` is false).
fn options(json: &str) -> Sanitizer {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    Sanitizer::from_options(Some(&v), true).unwrap()
}

/// Everything allowed, comments too: only the safe methods' own rules remove anything.
const ALL: &str = r#"{"removeElements":[],"removeAttributes":[],"comments":true}"#;

/// `out` parsed in `ctx` with scripting on and off: both trees pass [`check_tree`].
fn check_fragment_both_modes(
    out: &str,
    ctx: &Context,
    s: &Sanitizer,
    safe: bool,
) -> Result<(), String> {
    for scripting in [true, false] {
        let f = parse_fragment(out, ctx, parse_options(scripting));
        check_tree(&f.document, f.root, s, safe, Tree::Fragment)
            .map_err(|e| format!("{e} (scripting {scripting}) in {out:?}"))?;
    }
    Ok(())
}

/// `out` parsed as a document with scripting on and off: both trees pass [`check_tree`].
fn check_document_both_modes(out: &str, s: &Sanitizer, safe: bool) -> Result<(), String> {
    for scripting in [true, false] {
        let d = parse_document(out, parse_options(scripting));
        check_tree(&d, d.root(), s, safe, Tree::Document)
            .map_err(|e| format!("{e} (scripting {scripting}) in {out:?}"))?;
    }
    Ok(())
}

#[test]
fn handlers_outside_the_standards_list_are_removed() {
    let s = options(r#"{"elements":["div","p"]}"#);
    let out = sanitize_fragment(
        "<div tabindex=1 autofocus onfocusin=alert(1)>x</div><p onpointerover=alert(2)>y</p>",
        "div",
        &s,
    );
    assert_eq!(out, r#"<div tabindex="1" autofocus="">x</div><p>y</p>"#);
    // Named in the configuration's lists, globally or per element, in any case.
    for json in [
        r#"{"elements":["div"],"attributes":["onfocusin","onpointerover","title"]}"#,
        r#"{"elements":[{"name":"div","attributes":["onfocusin","onpointerover","title"]}]}"#,
        r#"{"removeElements":[],"removeAttributes":["x"]}"#,
    ] {
        let s = options(json);
        let out = sanitize_fragment(
            "<div onfocusin=a onpointerover=b OnPointerOver=c title=t>x</div>",
            "div",
            &s,
        );
        assert_eq!(out, r#"<div title="t">x</div>"#, "{json}");
    }
    // SVG animation and marquee events, and newer ones, under a permissive configuration.
    let all = options(ALL);
    let input = concat!(
        "<svg><set attributeName=x onbegin=alert(1) onend=1 onrepeat=2></set>",
        "<animate onbegin=alert(1)></animate><a onfocusin=1>a</a></svg>",
        "<math><mi onclick=1 onx=2>i</mi></math>",
        "<marquee onstart=alert(1) onbounce=1 onfinish=2>m</marquee>",
        "<div onanimationstart=1 ontransitionrun=2 onbeforecopy=3 onselectstart=4 oncommand=5 ",
        "onsearch=6 ontouchstart=7 onfullscreenchange=8 one=9 on=10 o=11 no=12>d</div>",
    );
    let out = sanitize_fragment(input, "div", &all);
    assert_eq!(
        out,
        concat!(
            r#"<svg><set attributeName="x"></set><animate></animate><a>a</a></svg>"#,
            "<math><mi>i</mi></math><marquee>m</marquee>",
            r#"<div o="11" no="12">d</div>"#,
        )
    );
    check_fragment_both_modes(&out, &Context::html("div"), &all, true).unwrap();
    // Every safe path: documents, set_html, parse_html, clean.
    let doc = sanitize_document(input, &all);
    assert!(!doc.contains(" on"), "{doc}");
    let parsed = parse_html(input, &all);
    let root = parsed.root();
    assert!(common::all_nodes(&parsed, root).into_iter().all(|n| {
        parsed
            .element(n)
            .is_none_or(|e| e.attrs().all(|a| !common::is_on_attribute(a.name())))
    }));
    let mut d = parse_document("<div></div>", ParseOptions::default());
    let div = d.find_element("div").unwrap();
    set_html(&mut d, div, input, &all).unwrap();
    assert!(!d.inner_html(div).contains(" on"), "{}", d.inner_html(div));
    let mut o = CleanOptions::new();
    o.tags = Some(vec!["div".into(), "svg".into(), "set".into()]);
    o.attributes = Some(BTreeMap::from([
        ("*".into(), vec!["onfocusin".into(), "title".into()]),
        ("set".into(), vec!["onbegin".into()]),
    ]));
    let out = clean(
        "<div onfocusin=x title=t>a</div><svg><set onbegin=alert(1)></set></svg>",
        &o,
    )
    .unwrap();
    assert_eq!(out, r#"<div title="t">a</div><svg><set></set></svg>"#);
}

/// The unsafe methods (`setHTMLUnsafe`) keep the configuration as it is, and `get()` stays
/// the standard's: the stricter rule is applied when sanitizing.
#[test]
fn unsafe_methods_and_get_keep_the_configuration() {
    let s =
        Sanitizer::from_json(r#"{"elements":["div"],"attributes":["onfocusin","title"]}"#).unwrap();
    let out = sanitize_fragment_unsafe("<div onfocusin=x title=t>a</div>", "div", &s);
    assert_eq!(out, r#"<div onfocusin="x" title="t">a</div>"#);
    let listed = |s: &Sanitizer| {
        s.get()
            .attributes
            .unwrap()
            .iter()
            .any(|a| a.name == "onfocusin")
    };
    assert!(listed(&s));
    let mut t = s.clone();
    t.remove_unsafe();
    assert!(listed(&t), "onfocusin is not in the standard's list");
    assert_eq!(
        sanitize_fragment("<div onfocusin=x title=t>a</div>", "div", &t),
        r#"<div title="t">a</div>"#
    );
}

/// What a `noscript` can hold that reads as markup once the `noscript` ends early: raw text
/// elements, a comment, an attribute value, a nested `noscript`.
const BREAKOUTS: &[&str] = &[
    "<style></noscript><img src=x onerror=alert(1)></style>",
    "<xmp></noscript><img src=x onerror=alert(1)></xmp>",
    "<noembed></noscript><img src=x onerror=alert(1)></noembed>",
    "<noframes></noscript><img src=x onerror=alert(1)></noframes>",
    "<iframe></noscript><img src=x onerror=alert(1)></iframe>",
    "<title></noscript><img src=x onerror=alert(1)></title>",
    "<textarea></noscript><img src=x onerror=alert(1)></textarea>",
    "<!--</noscript><img src=x onerror=alert(1)>-->",
    "<p title=\"</noscript><img src=x onerror=alert(1)>\"></p>",
    "<noscript></noscript><img src=x onerror=alert(1)></noscript>",
    "<svg><style></noscript><img src=x onerror=alert(1)></style></svg>",
    "<math><mtext><xmp></NoScript ><img src=x onerror=alert(1)></xmp></mtext></math>",
];

#[test]
fn documents_with_noscript_are_safe_when_loaded_with_scripting() {
    let all = options(ALL);
    let everything =
        Sanitizer::from_json(r#"{"removeElements":[],"removeAttributes":[]}"#).unwrap();
    for inner in BREAKOUTS {
        for wrap in [
            format!("<head><noscript>{inner}</noscript></head>"),
            format!("<body><noscript>{inner}</noscript></body>"),
            format!("<noscript>{inner}</noscript>"),
            format!("<p>a<noscript><b>{inner}</b></noscript>"),
            format!("<template><noscript>{inner}</noscript></template>"),
            format!(
                "<div><template shadowrootmode=open><noscript>{inner}</noscript></template></div>"
            ),
            format!("<table><td><noscript>{inner}</noscript>"),
        ] {
            for s in [&all, &everything] {
                let out = sanitize_document(&wrap, s);
                check_document_both_modes(&out, s, true).unwrap_or_else(|e| panic!("{wrap}: {e}"));
                // Unsafe: the configuration (removing nothing) holds in both modes too.
                let out = sanitize_document_with(&wrap, s, false, Default::default()).unwrap();
                check_document_both_modes(&out, s, false).unwrap_or_else(|e| panic!("{wrap}: {e}"));
            }
        }
    }
    // The report's case, exactly.
    let out = sanitize_document(
        "<head><noscript><style></noscript><img src=x onerror=alert(1)></style></noscript></head>",
        &all,
    );
    assert_eq!(out, "<html><head></head><body></body></html>");
    // A noscript whose contents read the same in both modes stays.
    let out = sanitize_document("<body><noscript><p>Enable <b>JS</b></p></noscript>", &all);
    assert_eq!(
        out,
        "<html><head></head><body><noscript><p>Enable <b>JS</b></p></noscript></body></html>"
    );
}

#[test]
fn template_contents_are_parsed_without_scripting() {
    let all = options(ALL);
    let template = Context::html("template");
    let out = sanitize_fragment_in(
        "<template><noscript></template><img src=x onerror=alert(1)></noscript></template>",
        &template,
        &all,
        true,
    );
    assert_eq!(
        out,
        r#"<template><noscript></noscript></template><img src="x">"#
    );
    check_fragment_both_modes(&out, &template, &all, true).unwrap();
    // As browsers do for template.innerHTML: noscript contents are markup.
    let out = sanitize_fragment_in(
        "<noscript><b onclick=1>x</b></noscript>",
        &template,
        &all,
        true,
    );
    assert_eq!(out, "<noscript><b>x</b></noscript>");
    let mut d = parse_document("<template></template>", ParseOptions::default());
    let t = d.find_element("template").unwrap();
    set_html(&mut d, t, "<noscript><b onclick=1>x</b></noscript>", &all).unwrap();
    let contents = d.template_contents(t).unwrap();
    let noscript = d.first_child(contents).unwrap();
    let b = d.first_child(noscript).unwrap();
    assert_eq!(d.element(b).map(|e| e.name()), Some("b"));
    for inner in BREAKOUTS {
        for html in [
            format!("<noscript>{inner}</noscript>"),
            format!("<template><noscript>{inner}</noscript></template>"),
        ] {
            for ctx in [
                "template",
                "div",
                "td",
                "noscript",
                "html",
                "body",
                "svg foreignObject",
            ] {
                let ctx: Context = ctx.parse().unwrap();
                let out = sanitize_fragment_in(&html, &ctx, &all, true);
                check_fragment_both_modes(&out, &ctx, &all, true)
                    .unwrap_or_else(|e| panic!("{html} in {}: {e}", ctx.name));
            }
        }
    }
}

#[test]
fn noscript_raw_text_in_fragments_is_safe_without_scripting() {
    let all = options(ALL);
    let div = Context::html("div");
    // Scripting enabled: the contents are text; without, an image with a handler.
    let out = sanitize_fragment(
        "<noscript><img src=x onerror=alert(1)></noscript>",
        "div",
        &all,
    );
    assert_eq!(out, "");
    check_fragment_both_modes(&out, &div, &all, true).unwrap();
    // Markup the configuration allows stays.
    let out = sanitize_fragment("<noscript><b>x</b></noscript>", "div", &all);
    assert_eq!(out, "<noscript><b>x</b></noscript>");
    // A noscript context: the whole output is raw text.
    let noscript = Context::html("noscript");
    let out = sanitize_fragment_in("<img src=x onerror=alert(1)>", &noscript, &all, true);
    assert_eq!(out, "");
    let out = sanitize_fragment_in("<b>x</b>", &noscript, &all, true);
    assert_eq!(out, "<b>x</b>");
}
