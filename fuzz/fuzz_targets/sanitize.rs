#![no_main]
//! The Sanitizer API's safe methods on any input: `sanitize_fragment_with` with one of a few
//! configurations, contexts and both standards (picked by the first byte), then the output
//! re-parsed in the same context, as a browser would, must serialize to the same string and
//! hold nothing that "remove unsafe" removes: no element of
//! the safe baseline (`script`, `iframe`, `object`, `embed`, `frame`, `base`, SVG `script` and
//! `use`), no event handler attribute, no javascript: URL in a navigating attribute (HTML
//! `a`/`area`/`base` `href`, `form` `action`, `button`/`input` `formaction`, SVG `a` and MathML
//! `href`/`xlink:href`), no SVG animation of `href`; with the default configuration, no
//! element outside it either. No panic, and the document-level `parse_html` runs too.
use libfuzzer_sys::fuzz_target;
use websyntax::html::dom::{AttrNamespace, Namespace, NodeKind};
use websyntax::html::{Context, Document, NodeId, ParseOptions, Standard, parse_fragment};
use websyntax::sanitize::{
    Name, SanitizeOptions, Sanitizer, contains_javascript_url, parse_html, sanitize_fragment_with,
};

fn sanitizer(flags: u8) -> Sanitizer {
    match flags & 3 {
        0 => Sanitizer::default(),
        // Everything allowed: only the safe baseline applies.
        1 => Sanitizer::allow_everything(),
        // An allow-list that asks for unsafe things, which the safe methods refuse.
        2 => Sanitizer::from_json(
            r#"{"elements": ["a", "p", "svg", {"name": "a", "namespace": "http://www.w3.org/2000/svg"},
                {"name": "set", "namespace": "http://www.w3.org/2000/svg"}, "math", "mi", "form",
                "button", "script", "iframe", "template", "table", "td", "tr", "select", "option",
                "style", "noscript", "textarea", "title"],
                "attributes": ["href", "onclick", "action", "formaction", "attributeName", "title",
                {"name": "href", "namespace": "http://www.w3.org/1999/xlink"}],
                "comments": true}"#,
        )
        .expect("valid"),
        _ => Sanitizer::from_json(
            r#"{"replaceWithChildrenElements": ["div", "span", "b", "template", "noscript", "p",
                "tbody", "tr", "button", "colgroup",
                {"name": "foreignObject", "namespace": "http://www.w3.org/2000/svg"},
                {"name": "mi", "namespace": "http://www.w3.org/1998/Math/MathML"}]}"#,
        )
        .expect("valid"),
    }
}

const CONTEXTS: &[&str] = &["div", "td", "template", "select", "svg g", "math mi", "title", "table"];

fn all_nodes(doc: &Document, root: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        for c in doc.children(n) {
            out.push(c);
            stack.push(c);
        }
        if let Some(t) = doc.template_contents(n) {
            stack.push(t);
        }
        if let Some(s) = doc.shadow_root(n) {
            stack.push(s);
        }
    }
    out
}

fn check(doc: &Document, root: NodeId, default_config: &Option<Sanitizer>, input: &str, out: &str) {
    let baseline = websyntax::sanitize::builtins::safe_baseline_configuration();
    let removed = baseline.remove_elements.unwrap_or_default();
    let handlers = websyntax::sanitize::builtins::event_handler_content_attributes();
    let allowed = default_config.as_ref().map(|s| s.get());
    for n in all_nodes(doc, root) {
        if doc.kind(n) != NodeKind::Element {
            continue;
        }
        let e = doc.element(n).expect("element");
        let name = Name::element(e.name(), Some(e.namespace().url()));
        assert!(!removed.contains(&name), "{name} in {out:?} from {input:?}");
        if let Some(c) = &allowed {
            assert!(
                c.elements.iter().flatten().any(|x| x.name == name),
                "{name} not allowed, in {out:?} from {input:?}"
            );
        }
        for a in e.attrs() {
            assert!(
                !(a.namespace() == AttrNamespace::None && handlers.contains(&a.name())),
                "{} in {out:?} from {input:?}",
                a.name()
            );
            let nav = matches!(
                (e.namespace(), e.name(), a.name(), a.namespace()),
                (Namespace::Html, "a" | "area" | "base", "href", AttrNamespace::None)
                    | (Namespace::Html, "button" | "input", "formaction", AttrNamespace::None)
                    | (Namespace::Html, "form", "action", AttrNamespace::None)
                    | (Namespace::Svg, "a", "href", AttrNamespace::None | AttrNamespace::XLink)
                    | (Namespace::MathMl, _, "href", AttrNamespace::None | AttrNamespace::XLink)
            );
            assert!(
                !(nav && contains_javascript_url(a.value())),
                "javascript: URL in {out:?} from {input:?}"
            );
            let animates_href = e.namespace() == Namespace::Svg
                && matches!(e.name(), "animate" | "animateTransform" | "set")
                && a.name() == "attributeName"
                && matches!(a.value(), "href" | "xlink:href");
            assert!(!animates_href, "href animation in {out:?} from {input:?}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let html = String::from_utf8_lossy(rest);
    let s = sanitizer(flags);
    let ctx: Context = CONTEXTS[(flags >> 2) as usize % CONTEXTS.len()]
        .parse()
        .expect("context");
    let standard = if flags & 0x40 != 0 {
        Standard::Living
    } else {
        Standard::Seed
    };
    let sanitize_options = SanitizeOptions {
        standard,
        ..SanitizeOptions::default()
    };
    let out = sanitize_fragment_with(&html, &ctx, &s, true, sanitize_options).expect("no limits");
    let options = ParseOptions {
        scripting: true,
        collect_errors: false,
        allow_declarative_shadow_roots: true,
        standard,
        ..ParseOptions::default()
    };
    let reparsed = parse_fragment(&out, &ctx, options);
    // (a) The output parses back to itself.
    assert_eq!(reparsed.to_html(), out, "not stable, from {html:?}");
    let default_config = (flags & 3 == 0).then(Sanitizer::default);
    check(&reparsed.document, reparsed.root, &default_config, &html, &out);
    if flags & 0x80 != 0 {
        let doc = parse_html(&html, &s);
        let root = doc.root();
        check(&doc, root, &default_config, &html, "(document)");
    }
});
