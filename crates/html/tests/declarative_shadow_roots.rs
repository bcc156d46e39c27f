//! Declarative shadow roots (§13.2.6.4.4 "in head", start tag "template" steps 9-17, and §13.4
//! step 4): off by default, on with `ParseOptions::allow_declarative_shadow_roots`.

use websyntax_html::dom::{NodeData, ShadowRoot, ShadowRootMode, SlotAssignment};
use websyntax_html::serialize::serialize_document;
use websyntax_html::{Document, NodeId, ParseOptions, parse_document, parse_fragment};

fn on() -> ParseOptions {
    ParseOptions {
        allow_declarative_shadow_roots: true,
        ..ParseOptions::default()
    }
}

fn shadow(doc: &Document, host: NodeId) -> &ShadowRoot {
    let root = doc.shadow_root(host).expect("a shadow root");
    match doc.data(root) {
        NodeData::ShadowRoot(s) => s,
        other => panic!("not a shadow root: {other:?}"),
    }
}

fn body_tree(doc: &Document) -> String {
    let body = doc.find_element("body").expect("body");
    doc.to_test_tree(body)
}

const SIMPLE: &str = "<div><template shadowrootmode=open><p>x</p></template></div>";

#[test]
fn off_by_default_is_an_ordinary_template() {
    let doc = parse_document(SIMPLE, ParseOptions::default());
    let div = doc.find_element("div").unwrap();
    assert!(doc.shadow_root(div).is_none());
    assert!(!doc.is_shadow_host(div));
    assert_eq!(
        body_tree(&doc),
        "| <div>\n|   <template>\n|     shadowrootmode=\"open\"\n|     content\n|       <p>\n|         \"x\""
    );
}

#[test]
fn open_shadow_root() {
    let doc = parse_document(SIMPLE, on());
    let div = doc.find_element("div").unwrap();
    // The template is not a child of the div.
    assert_eq!(doc.children(div).count(), 0);
    assert!(doc.find_element("template").is_none());
    let s = shadow(&doc, div);
    assert_eq!(s.host, div);
    assert_eq!(s.mode, ShadowRootMode::Open);
    assert!(s.declarative);
    assert!(s.available_to_element_internals);
    assert_eq!(s.slot_assignment, SlotAssignment::Named);
    assert!(!s.clonable && !s.serializable && !s.delegates_focus);
    let root = doc.shadow_root(div).unwrap();
    assert_eq!(doc.parent(root), None);
    let p = doc.children(root).next().unwrap();
    assert!(doc.element(p).unwrap().is_html("p"));
    assert_eq!(doc.text_content(root), "x");
    assert_eq!(
        body_tree(&doc),
        "| <div>\n|   #shadow-root (open)\n|     <p>\n|       \"x\""
    );
    // The serializer leaves shadow roots out.
    assert_eq!(
        serialize_document(&doc),
        "<html><head></head><body><div></div></body></html>"
    );
    let codes: Vec<_> = doc.errors().iter().map(|e| e.code).collect();
    assert_eq!(codes, ["missing-doctype"]);
}

#[test]
fn closed_mode_and_flags() {
    let doc = parse_document(
        "<span><template shadowrootmode=CLOSED shadowrootclonable shadowrootserializable \
         shadowrootdelegatesfocus>y</template>z</span>",
        on(),
    );
    let span = doc.find_element("span").unwrap();
    let s = shadow(&doc, span);
    assert_eq!(s.mode, ShadowRootMode::Closed);
    assert!(s.clonable && s.serializable && s.delegates_focus);
    assert_eq!(
        body_tree(&doc),
        "| <span>\n|   #shadow-root (closed)\n|     \"y\"\n|   \"z\""
    );
}

#[test]
fn second_declarative_template_is_ordinary() {
    let doc = parse_document(
        "<div><template shadowrootmode=open>a</template>\
         <template shadowrootmode=closed>b</template></div>",
        on(),
    );
    let div = doc.find_element("div").unwrap();
    assert_eq!(shadow(&doc, div).mode, ShadowRootMode::Open);
    assert_eq!(
        body_tree(&doc),
        "| <div>\n|   #shadow-root (open)\n|     \"a\"\n|   <template>\n|     \
         shadowrootmode=\"closed\"\n|     content\n|       \"b\""
    );
}

#[test]
fn invalid_host_falls_back() {
    for (html, host) in [
        (
            "<table><template shadowrootmode=open>a</template></table>",
            "table",
        ),
        ("<ul><template shadowrootmode=open>a</template></ul>", "ul"),
        (
            "<font-face><template shadowrootmode=open>a</template></font-face>",
            "font-face",
        ),
    ] {
        let doc = parse_document(html, on());
        let h = doc.find_element(host).unwrap();
        assert!(doc.shadow_root(h).is_none(), "{html}");
        let t = doc.find_element("template").expect(html);
        assert_eq!(doc.parent(t), Some(h), "{html}");
    }
    // In head: the adjusted current node is head, not a valid shadow host.
    let doc = parse_document("<head><template shadowrootmode=open>a</template>", on());
    let head = doc.find_element("head").unwrap();
    assert!(doc.shadow_root(head).is_none());
    assert_eq!(
        doc.parent(doc.find_element("template").unwrap()),
        Some(head)
    );
    // SVG host: not in the HTML namespace.
    let doc = parse_document(
        "<svg><template shadowrootmode=open>a</template></svg>",
        on(),
    );
    assert!(doc.to_test_tree(doc.root()).contains("<svg template>"));
}

#[test]
fn custom_element_host() {
    let doc = parse_document(
        "<my-el><template shadowrootmode=open>a</template></my-el>",
        on(),
    );
    let h = doc.find_element("my-el").unwrap();
    assert_eq!(shadow(&doc, h).mode, ShadowRootMode::Open);
}

#[test]
fn none_state_is_ordinary() {
    for html in [
        "<div><template shadowrootmode=bogus>a</template></div>",
        "<div><template shadowrootmode>a</template></div>",
        "<div><template>a</template></div>",
    ] {
        let doc = parse_document(html, on());
        let div = doc.find_element("div").unwrap();
        assert!(doc.shadow_root(div).is_none(), "{html}");
        assert_eq!(doc.children(div).count(), 1, "{html}");
    }
}

#[test]
fn nested_hosts() {
    let doc = parse_document(
        "<div id=a><template shadowrootmode=open><section id=b>\
         <template shadowrootmode=closed><p>deep</p></template>light</section></template></div>",
        on(),
    );
    assert_eq!(
        body_tree(&doc),
        "| <div>\n|   id=\"a\"\n|   #shadow-root (open)\n|     <section>\n|       id=\"b\"\n|       \
         #shadow-root (closed)\n|         <p>\n|           \"deep\"\n|       \"light\""
    );
    let a = doc.find_element("div").unwrap();
    let outer = doc.shadow_root(a).unwrap();
    let b = doc.children(outer).next().unwrap();
    assert_eq!(shadow(&doc, b).mode, ShadowRootMode::Closed);
    assert_eq!(shadow(&doc, b).host, b);
}

#[test]
fn topmost_element_condition() {
    // `<template>` right after `<html>`: "before head" inserts a head, so the adjusted current
    // node is `head` (not a valid shadow host): an ordinary template in the head. (In a
    // document, the modes that handle a template start tag never have the topmost `html` as the
    // adjusted current node; the condition is still checked.)
    let doc = parse_document("<html><template shadowrootmode=open>a", on());
    let html = doc.find_element("html").unwrap();
    let head = doc.find_element("head").unwrap();
    assert!(doc.shadow_root(html).is_none());
    assert!(doc.shadow_root(head).is_none());
    assert_eq!(
        doc.parent(doc.find_element("template").unwrap()),
        Some(head)
    );
    // After `</body></html>` the stack still holds html and body: body is the adjusted
    // current node, a valid shadow host.
    let doc = parse_document("<body></body></html><template shadowrootmode=open>a", on());
    let body = doc.find_element("body").unwrap();
    assert_eq!(doc.text_content(doc.shadow_root(body).unwrap()), "a");
    assert!(doc.find_element("template").is_none());
}

#[test]
fn end_tag_and_following_content() {
    let doc = parse_document(
        "<div><template shadowrootmode=open><b>x</div>y</template>z</div><p>after",
        on(),
    );
    let div = doc.find_element("div").unwrap();
    let root = doc.shadow_root(div).unwrap();
    assert_eq!(doc.text_content(root), "xy");
    assert_eq!(
        body_tree(&doc),
        "| <div>\n|   #shadow-root (open)\n|     <b>\n|       \"xy\"\n|   \"z\"\n| <p>\n|   \"after\""
    );
}

#[test]
fn fragment_parsing() {
    let ctx = "section".parse().unwrap();
    let input = "<div><template shadowrootmode=open>a</template></div>";
    let f = parse_fragment(input, &ctx, ParseOptions::default());
    assert_eq!(
        f.to_test_tree(),
        "| <div>\n|   <template>\n|     shadowrootmode=\"open\"\n|     content\n|       \"a\""
    );
    let f = parse_fragment(input, &ctx, on());
    assert_eq!(
        f.to_test_tree(),
        "| <div>\n|   #shadow-root (open)\n|     \"a\""
    );
    // The context element is the adjusted current node while the stack holds only the root:
    // the spec text attaches the shadow root to it.
    let f = parse_fragment("<template shadowrootmode=open>a</template>b", &ctx, on());
    assert_eq!(f.to_test_tree(), "| \"b\"");
    let root = f.document.shadow_root(f.context_node()).unwrap();
    assert_eq!(f.document.text_content(root), "a");
    // An invalid context host falls back.
    let f = parse_fragment(
        "<template shadowrootmode=open>a</template>",
        &"table".parse().unwrap(),
        on(),
    );
    assert!(f.document.shadow_root(f.context_node()).is_none());
    assert!(f.to_test_tree().starts_with("| <template>"));
}

#[test]
fn byte_pipeline_honours_the_option() {
    let o = websyntax_html::DocumentParserOptions {
        parse: on(),
        ..Default::default()
    };
    let mut p = websyntax_html::DocumentParser::new(o);
    p.feed(SIMPLE.as_bytes());
    let doc = p.finish().document;
    let div = doc.find_element("div").unwrap();
    assert!(doc.shadow_root(div).is_some());
}

/// Living standard (H11): `shadowrootslotassignment=manual` and
/// `shadowrootcustomelementregistry`; the seed ignores both.
#[test]
fn living_slot_assignment_and_registry() {
    use websyntax_html::dom::SlotAssignment;
    use websyntax_html::{ParseOptions, Standard, parse_document};
    let html = "<div><template shadowrootmode=open shadowrootslotassignment=MANUAL \
                shadowrootcustomelementregistry></template></div>";
    for (standard, manual) in [(Standard::Seed, false), (Standard::Living, true)] {
        let opts = ParseOptions {
            allow_declarative_shadow_roots: true,
            standard,
            ..Default::default()
        };
        let doc = parse_document(html, opts);
        let div = doc.find_element("div").unwrap();
        let s = shadow(&doc, div);
        assert_eq!(s.slot_assignment == SlotAssignment::Manual, manual);
        assert_eq!(s.null_custom_element_registry, manual);
    }
}
