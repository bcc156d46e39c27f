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
use proptest::prelude::*;
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

/// A `meta` refresh navigates its document or frame to any URL (a `data:` document runs script
/// in a frame): the safe methods remove its `http-equiv`, whatever the configuration says; the
/// unsafe ones keep it.
#[test]
fn meta_refresh_is_removed() {
    let input = r#"<meta http-equiv=" Refresh " content="0; url=data:text/html,<script>alert(1)</script>"><meta http-equiv=content-language content=en>"#;
    for json in ["{}", r#"{"removeElements":[]}"#, ALL] {
        let s = options(json);
        let out = sanitize_fragment(input, "div", &s);
        assert!(
            !out.to_ascii_lowercase().contains("refresh"),
            "{json}: {out}"
        );
        assert!(
            out.contains(r#"http-equiv="content-language""#),
            "{json}: {out}"
        );
        let doc = sanitize_document(input, &s);
        assert!(
            !doc.to_ascii_lowercase().contains("refresh"),
            "{json}: {doc}"
        );
        let kept = websyntax_sanitize::sanitize_fragment_unsafe(input, "div", &s);
        assert!(kept.contains(r#"http-equiv=" Refresh ""#), "{json}: {kept}");
    }
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

/// The check in the other mode keeps what the parser makes without a start tag: a document
/// whose configuration allows no element still has `html`, `head` and `body`, and a
/// `noscript` in a comment does not empty it.
#[test]
fn the_check_keeps_what_the_parser_makes() {
    let none = Sanitizer::from_json(r#"{"elements":[],"attributes":[],"comments":true}"#).unwrap();
    let out = sanitize_document("<!--<a><noscript>-->x", &none);
    assert_eq!(
        out,
        "<!--<a><noscript>--><html><head></head><body></body></html>"
    );
    let unwrap = Sanitizer::from_json(
        r#"{"replaceWithChildrenElements":["tbody","tr"],"removeElements":[],"comments":true}"#,
    )
    .unwrap();
    let out = sanitize_fragment(
        "<table><tr><td><noscript><b>x</b></noscript>",
        "div",
        &unwrap,
    );
    assert_eq!(
        out,
        "<table><tbody><tr><td><noscript><b>x</b></noscript></td></tr></tbody></table>"
    );
    check_fragment_both_modes(&out, &Context::html("div"), &unwrap, true).unwrap();
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

// The property.

/// Every HTML element of the HTML Standard's index (and a few obsolete ones the parser knows),
/// for "an `elements` list with every HTML element".
const HTML_ELEMENTS: &[&str] = &[
    "a",
    "abbr",
    "address",
    "area",
    "article",
    "aside",
    "audio",
    "b",
    "base",
    "bdi",
    "bdo",
    "blockquote",
    "body",
    "br",
    "button",
    "canvas",
    "caption",
    "cite",
    "code",
    "col",
    "colgroup",
    "data",
    "datalist",
    "dd",
    "del",
    "details",
    "dfn",
    "dialog",
    "div",
    "dl",
    "dt",
    "em",
    "embed",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hgroup",
    "hr",
    "html",
    "i",
    "iframe",
    "img",
    "input",
    "ins",
    "kbd",
    "label",
    "legend",
    "li",
    "link",
    "main",
    "map",
    "mark",
    "menu",
    "meta",
    "meter",
    "nav",
    "noscript",
    "object",
    "ol",
    "optgroup",
    "option",
    "output",
    "p",
    "picture",
    "pre",
    "progress",
    "q",
    "rp",
    "rt",
    "ruby",
    "s",
    "samp",
    "script",
    "search",
    "section",
    "select",
    "slot",
    "small",
    "source",
    "span",
    "strong",
    "style",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "template",
    "textarea",
    "tfoot",
    "th",
    "thead",
    "time",
    "title",
    "tr",
    "track",
    "u",
    "ul",
    "var",
    "video",
    "wbr",
    "marquee",
    "xmp",
    "noembed",
    "noframes",
    "plaintext",
    "listing",
    "frame",
    "frameset",
    "image",
    "font",
    "center",
    "nobr",
    "applet",
];

/// Tags of the inputs: heavy on what the two scripting modes, raw text and foreign content
/// change.
const TAGS: &[&str] = &[
    "meta",
    "noscript",
    "noscript",
    "noscript",
    "template",
    "template",
    "style",
    "xmp",
    "noembed",
    "noframes",
    "iframe",
    "title",
    "textarea",
    "plaintext",
    "script",
    "svg",
    "math",
    "mtext",
    "mi",
    "foreignObject",
    "desc",
    "set",
    "animate",
    "a",
    "img",
    "marquee",
    "div",
    "p",
    "b",
    "table",
    "td",
    "tr",
    "select",
    "option",
    "head",
    "body",
    "html",
    "object",
    "embed",
    "base",
    "form",
    "input",
    "button",
    "span",
    "annotation-xml",
    "mglyph",
    "li",
    "pre",
    "image",
    "font",
    "frameset",
    "frame",
    "colgroup",
    "col",
    "caption",
    "my-el",
    "video",
    "details",
];

/// Attributes of the inputs: `on*` names in many forms, URLs, values that close raw text.
const ATTRS: &[&str] = &[
    "http-equiv=refresh",
    "http-equiv=' REFRESH'",
    "onclick=x",
    "onerror=alert(1)",
    "onfocusin=x",
    "onbegin=x",
    "onstart=x",
    "ONLOAD=x",
    "oNpointerover=x",
    "onx=1",
    "one=two",
    "on=1",
    "o=1",
    "no=1",
    "autofocus",
    "tabindex=1",
    "src=x",
    "href=javascript:alert(1)",
    "xlink:href=javascript:x",
    "formaction=javascript:x",
    "attributeName=href",
    "title='</noscript><img src=x onerror=alert(1)>'",
    "title='</style><img src=x onerror=alert(1)>'",
    "title='</template><img src=x onerror=alert(1)>'",
    "shadowrootmode=open",
    "encoding=text/html",
    "data-x=1",
    "class=c",
    "id=x",
    "face=x",
];

/// Texts of the inputs.
const TEXTS: &[&str] = &[
    "x",
    " ",
    "\n",
    "<",
    "&lt;",
    "&",
    "</noscript>",
    "</NoScript >",
    "<noscript>",
    "</template>",
    "</style>",
    "</xmp>",
    "</title>",
    "</textarea>",
    "</iframe>",
    "</noembed>",
    "</noframes>",
    "</svg>",
    "</math>",
    "<!--",
    "-->",
    "--!>",
    "<!-- </noscript><img src=x onerror=alert(1)> -->",
    "<img src=x onerror=alert(1)>",
    "<svg><set onbegin=alert(1)>",
    "<![CDATA[</noscript>]]>",
    "</p>",
    "</table>",
];

/// Attribute names of the configurations' lists: `on*` ones among them.
const ANAMES: &[&str] = &[
    "http-equiv",
    "onclick",
    "onerror",
    "onfocusin",
    "onbegin",
    "onstart",
    "one",
    "on",
    "title",
    "src",
    "href",
    "tabindex",
    "autofocus",
    "class",
    "id",
    "data-x",
    "formaction",
    "attributeName",
    "shadowrootmode",
    "encoding",
    "style",
];

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (prop::sample::select(TAGS), prop::collection::vec(prop::sample::select(ATTRS), 0..3), any::<bool>())
            .prop_map(|(t, attrs, close)| {
                let mut s = format!("<{t}");
                for a in attrs {
                    s.push(' ');
                    s.push_str(a);
                }
                s.push('>');
                if close {
                    s.push_str(&format!("</{t}>"));
                }
                s
            }),
        2 => prop::sample::select(TAGS).prop_map(|t| format!("</{t}>")),
        3 => prop::sample::select(TEXTS).prop_map(str::to_owned),
        2 => (prop::sample::select(RAW), prop::sample::select(BREAKOUT_TEXTS))
            .prop_map(|(t, b)| if t == "!--" { format!("<!--{b}-->") } else { format!("<{t}>{b}</{t}>") }),
    ]
}

/// Elements whose contents are text in both modes (raw text, RCDATA), and a comment.
const RAW: &[&str] = &[
    "style", "xmp", "noembed", "noframes", "iframe", "title", "textarea", "script", "!--",
];

/// Texts that end a `noscript` or `template` early and follow with script.
const BREAKOUT_TEXTS: &[&str] = &[
    "</noscript><img src=x onerror=alert(1)>",
    "</NOSCRIPT/><svg><set onbegin=alert(1)>",
    "</template><img src=x onerror=alert(1)>",
    "</noscript><!--",
];

fn input() -> impl Strategy<Value = String> {
    prop::collection::vec(token(), 0..20).prop_map(|v| v.concat())
}

/// A list of names as JSON: a subset of `from`.
fn names(from: &'static [&'static str], max: usize) -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(prop::sample::select(from), 0..max).prop_map(|mut v| {
        v.sort_unstable();
        v.dedup();
        v
    })
}

/// A configuration, with how it was made (for the failure message).
fn sanitizer() -> impl Strategy<Value = (String, Sanitizer)> {
    let json = prop_oneof![
        1 => Just("{}".to_owned()),
        1 => Just(r#"{"removeElements":[]}"#.to_owned()),
        1 => Just(ALL.to_owned()),
        1 => Just("default".to_owned()),
        1 => any::<bool>().prop_map(|comments| format!(
            r#"{{"elements":{},"comments":{comments}}}"#,
            serde_json::to_string(HTML_ELEMENTS).unwrap()
        )),
        3 => (names(TAGS, 14), prop::option::of(names(ANAMES, 8)), any::<bool>(), any::<bool>()).prop_map(
            |(el, attrs, comments, data)| {
                let mut v = serde_json::json!({ "elements": el, "comments": comments });
                if let Some(mut a) = attrs {
                    // A data attribute may not be listed when all of them are allowed.
                    if data {
                        a.retain(|n| !n.starts_with("data-"));
                    }
                    v["attributes"] = serde_json::json!(a);
                    v["dataAttributes"] = serde_json::json!(data);
                }
                v.to_string()
            }
        ),
        2 => (names(TAGS, 6), names(TAGS, 4), names(ANAMES, 4), any::<bool>()).prop_map(
            |(remove, replace, attrs, comments)| {
                let replace: Vec<&str> = replace
                    .into_iter()
                    .filter(|r| !remove.contains(r) && *r != "html")
                    .collect();
                serde_json::json!({
                    "removeElements": remove,
                    "replaceWithChildrenElements": replace,
                    "removeAttributes": attrs,
                    "comments": comments,
                })
                .to_string()
            }
        ),
    ];
    (json, any::<bool>()).prop_map(|(json, dictionary)| {
        // As a dictionary passed to setHTML (absent comments: false) or to the constructor.
        let s = if json == "default" {
            Sanitizer::default()
        } else if dictionary {
            options(&json)
        } else {
            Sanitizer::from_json(&json).unwrap()
        };
        (json, s)
    })
}

/// Every kind of context: flow, table parts, select, raw text and RCDATA, noscript,
/// template, foreign content and its integration points, the document's own elements.
const CONTEXTS: &[&str] = &[
    "div",
    "template",
    "td",
    "tr",
    "tbody",
    "table",
    "colgroup",
    "caption",
    "select",
    "svg svg",
    "math math",
    "svg foreignObject",
    "svg desc",
    "math mi",
    "math annotation-xml",
    "style",
    "textarea",
    "title",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "noscript",
    "plaintext",
    "script",
    "body",
    "html",
    "head",
    "p",
    "li",
    "frameset",
];

/// Cases of the property for fragments (contexts drawn at random) and for documents. The
/// counts keep the test well under a minute in the debug profile.
const FRAGMENT_CASES: u32 = 2500;
const DOCUMENT_CASES: u32 = 1000;

proptest! {
    #![proptest_config(ProptestConfig { cases: FRAGMENT_CASES, ..ProptestConfig::default() })]

    /// Fragments: the output parsed in its context with scripting on and with scripting off.
    #[test]
    fn fragment_output_is_safe_in_both_scripting_modes(
        html in input(),
        (json, s) in sanitizer(),
        ctx in prop::sample::select(CONTEXTS),
        safe in prop::bool::weighted(0.85),
    ) {
        let ctx: Context = ctx.parse().unwrap();
        let out = sanitize_fragment_in(&html, &ctx, &s, safe);
        // The `html` context makes `head` and `body` as a document does.
        let tree = if ctx.name == "html" { Tree::Document } else { Tree::Fragment };
        // The output parses back to itself in the mode it was made for.
        let made_for = ctx.name != "template";
        let again = parse_fragment(&out, &ctx, parse_options(made_for));
        prop_assert_eq!(again.to_html(), out.clone(), "input: {:?}\nconfig: {}", html, json);
        for scripting in [true, false] {
            let f = parse_fragment(&out, &ctx, parse_options(scripting));
            if let Err(e) = check_tree(&f.document, f.root, &s, safe, tree) {
                prop_assert!(
                    false,
                    "{e}\nscripting {scripting}, context {:?}, safe {safe}\ninput: {html:?}\noutput: {out:?}\nconfig: {json}",
                    ctx.name
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: DOCUMENT_CASES, ..ProptestConfig::default() })]

    /// Documents: the output parsed as a document with scripting on (a browser loading it)
    /// and off (`parseHTML`).
    #[test]
    fn document_output_is_safe_in_both_scripting_modes(
        html in input(),
        (json, s) in sanitizer(),
        safe in prop::bool::weighted(0.85),
    ) {
        let out = sanitize_document_with(&html, &s, safe, Default::default()).unwrap();
        let again = parse_document(&out, parse_options(false));
        prop_assert_eq!(
            websyntax_sanitize::serialize_document(&again),
            out.clone(),
            "input: {:?}\nconfig: {}",
            html,
            json
        );
        for scripting in [true, false] {
            let d = parse_document(&out, parse_options(scripting));
            if let Err(e) = check_tree(&d, d.root(), &s, safe, Tree::Document) {
                prop_assert!(
                    false,
                    "{e}\nscripting {scripting}, safe {safe}\ninput: {html:?}\noutput: {out:?}\nconfig: {json}"
                );
            }
        }
    }

    /// `clean` (nh3's arguments) with attribute lists that name `on*` attributes.
    #[test]
    fn clean_output_is_safe_in_both_scripting_modes(
        html in input(),
        tags in names(TAGS, 12),
        global in names(ANAMES, 6),
        per in names(ANAMES, 4),
        strip_comments in any::<bool>(),
    ) {
        let mut o = CleanOptions::new();
        o.tags = Some(tags.iter().map(|t| t.to_string()).collect());
        let mut attrs = BTreeMap::from([("*".to_owned(), global.iter().map(|a| a.to_string()).collect())]);
        for t in &tags {
            attrs.insert(t.to_string(), per.iter().map(|a| a.to_string()).collect());
        }
        o.attributes = Some(attrs);
        o.strip_comments = strip_comments;
        // `script` and `style` may be in `tags` (the safe core removes them).
        o.clean_content_tags = Some(Vec::new());
        let s = Sanitizer::from_config(o.to_config(), false).unwrap();
        let out = clean(&html, &o).unwrap();
        if let Err(e) = check_fragment_both_modes(&out, &Context::html("div"), &s, true) {
            prop_assert!(false, "{e}\ninput: {html:?}\noptions: {o:?}");
        }
    }
}
