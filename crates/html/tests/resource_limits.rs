//! The opt-in resource limits of `ParseOptions::limits` / `DocumentParserOptions::parse`:
//! off by default (the standard's tree), and what each one does when set.

use websyntax_html::dom::WalkEvent;
use websyntax_html::serialize::serialize_document;
use websyntax_html::{
    Document, DocumentParserOptions, ParseOptions, ResourceLimits, parse_document,
    parse_document_bytes,
};

fn with(limits: ResourceLimits) -> ParseOptions {
    ParseOptions {
        limits,
        ..ParseOptions::default()
    }
}

fn max_depth(doc: &Document) -> usize {
    doc.walk(doc.root())
        .filter_map(|e| match e {
            WalkEvent::Enter(_, d) => Some(d),
            WalkEvent::Exit(..) => None,
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn off_by_default() {
    assert_eq!(ParseOptions::default().limits, ResourceLimits::default());
    let input = format!("{}x", "<div>".repeat(5000));
    let a = parse_document(&input, ParseOptions::default());
    let b = parse_document(
        &input,
        with(ResourceLimits {
            max_tree_depth: None,
            max_attributes: None,
            max_nodes: None,
            max_clones: None,
        }),
    );
    assert_eq!(max_depth(&a), 5000 + 3);
    assert_eq!(serialize_document(&a), serialize_document(&b));
}

#[test]
fn depth_limit_makes_deeper_elements_siblings() {
    let limits = ResourceLimits {
        max_tree_depth: Some(512),
        ..Default::default()
    };
    let doc = parse_document(&format!("{}x", "<div>".repeat(2000)), with(limits));
    // Stack depth 512 = html, body and 510 divs; beyond it each node goes into its would-be
    // parent's parent.
    assert_eq!(max_depth(&doc), 513);
    assert_eq!(doc.find_all_elements("div").count(), 2000);
    // The text went to the same level as the last divs.
    let text = doc
        .descendants(doc.root())
        .find(|&n| doc.text(n).is_some())
        .unwrap();
    assert_eq!(doc.ancestors(text).count(), 513);
    // Below the limit, nothing changes.
    let small = "<div><p>a<b>b</b></p></div>";
    assert_eq!(
        serialize_document(&parse_document(small, with(limits))),
        serialize_document(&parse_document(small, ParseOptions::default()))
    );
}

#[test]
fn depth_limit_with_formatting_and_tables() {
    let limits = ResourceLimits {
        max_tree_depth: Some(20),
        ..Default::default()
    };
    for input in [
        "<b>".repeat(1000),
        "<table><tr><td>".repeat(300),
        format!("<svg>{}", "<g>".repeat(1000)),
        "<b><i>x</b></i>".repeat(300),
        // Found by the html_hostile fuzz target: template contents nested past the limit.
        "<template>".repeat(100),
        format!("<template>{}", "<div><template>".repeat(100)),
    ] {
        let doc = parse_document(&input, with(limits));
        assert!(
            max_depth(&doc) <= 22,
            "{}: {}",
            &input[..20],
            max_depth(&doc)
        );
    }
}

/// Found by the html_hostile fuzz target: the adoption agency algorithm moves the children of
/// its furthest block below a new element, past the depth the stack ever had. With the limit,
/// such nodes are moved up at the end; the same pattern repeated would otherwise nest one level
/// deeper per `</b>`.
#[test]
fn depth_limit_holds_after_the_adoption_agency() {
    let fuzz = "<DIV> ab<dl>c <B</hr>\u{5}\u{0}<b><em><f&oo>\u{0}\u{0}\u{0}+b><fooc<dialog>><ab><em><f&oo>\u{0}\u{0}\u{0}+b><fooc><aside><>dl>c <B</hr>\u{5}\u{0}<b><em><f&oo>\u{0}\u{0}\u{0}+b><fooc<dialog>><ab><em><f&oo>\u{0}\u{0}\u{0}+b><fooc><aside><>sideside></b></\u{1}\u{8}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}em>";
    let limits = ResourceLimits {
        max_tree_depth: Some(10),
        max_attributes: Some(3),
        max_nodes: Some(336),
        max_clones: None,
    };
    let doc = parse_document(
        fuzz,
        ParseOptions {
            scripting: false,
            limits,
            ..ParseOptions::default()
        },
    );
    assert!(max_depth(&doc) <= 12, "{}", max_depth(&doc));
    let limits = ResourceLimits {
        max_tree_depth: Some(6),
        ..Default::default()
    };
    let repeated = format!(
        "{}{}",
        "<div>".repeat(4),
        "<b><p>x".repeat(200) + &"</b>".repeat(200)
    );
    let doc = parse_document(&repeated, with(limits));
    assert!(max_depth(&doc) <= 8, "{}", max_depth(&doc));
    // Nothing is lost: every text survives the moves.
    let text: String = doc
        .descendants(doc.root())
        .filter_map(|n| doc.text(n))
        .collect();
    assert_eq!(text.len(), 200);
}

#[test]
fn attribute_limit() {
    let limits = ResourceLimits {
        max_attributes: Some(2),
        ..Default::default()
    };
    let doc = parse_document("<p a=1 b=2 c=3 d=4><svg x=1 y=2 z=3>", with(limits));
    let p = doc.find_element("p").unwrap();
    let names: Vec<&str> = doc.attrs(p).map(|a| a.name()).collect();
    assert_eq!(names, ["a", "b"]);
    let svg = doc
        .descendants(doc.root())
        .find(|&n| doc.local_name(n) == Some("svg"));
    assert_eq!(doc.attrs(svg.unwrap()).count(), 2);
    // Attributes merged into body by later <body> tags count too.
    let doc = parse_document("<body a=1><body b=2 c=3><body d=4>", with(limits));
    let body = doc.find_element("body").unwrap();
    let names: Vec<&str> = doc.attrs(body).map(|a| a.name()).collect();
    assert_eq!(names, ["a", "b"]);
}

#[test]
fn node_limit_stops_parsing() {
    // Reconstructing K formatting elements (closed by `</div>`) in each of K divs builds K^2
    // nodes from O(K) input (distinct attributes, so the Noah's Ark clause keeps them all):
    // the node limit bounds it.
    let shape = |k: usize| {
        let b: String = (0..k).map(|i| format!("<b x={i}>")).collect();
        format!("<div>{b}</div>{}", "<div>x</div>".repeat(k))
    };
    let k = 2000;
    let input = shape(k);
    let limits = ResourceLimits {
        max_nodes: Some(100_000),
        ..Default::default()
    };
    let doc = parse_document(&input, with(limits));
    assert!(doc.len() <= 100_000 + 10, "{}", doc.len());
    let errs: Vec<_> = doc
        .errors()
        .iter()
        .filter(|e| e.code == "node-limit-reached")
        .collect();
    assert_eq!(errs.len(), 1);
    // Without the limit the same input builds millions of nodes.
    let small = shape(300);
    assert!(parse_document(&small, ParseOptions::default()).len() > 90_000);
}

#[test]
fn limits_through_the_byte_pipeline() {
    let options = DocumentParserOptions {
        parse: with(ResourceLimits {
            max_tree_depth: Some(10),
            max_attributes: Some(1),
            max_nodes: Some(1000),
            max_clones: None,
        }),
        ..DocumentParserOptions::default()
    };
    let input = format!("<p a b>{}", "<div>".repeat(5000));
    let parsed = parse_document_bytes(input.as_bytes(), options);
    let doc = &parsed.document;
    assert!(doc.len() <= 1001);
    assert!(max_depth(doc) <= 12);
    let p = doc.find_element("p").unwrap();
    assert_eq!(doc.attrs(p).count(), 1);
}

#[test]
fn limits_reached_says_which_limit_changed_the_tree() {
    let limits = ResourceLimits {
        max_tree_depth: Some(20),
        max_attributes: Some(2),
        max_nodes: Some(1000),
        max_clones: Some(100),
    };
    // Within every limit: nothing reported, the same tree as without limits.
    let small = "<div><p a=1 b=2>x</p></div><template><b>y</b></template>";
    let doc = parse_document(small, with(limits));
    assert!(!doc.limits_reached().any());
    assert_eq!(
        serialize_document(&doc),
        serialize_document(&parse_document(small, ParseOptions::default()))
    );
    let deep = parse_document(&"<div>".repeat(50), with(limits));
    assert!(deep.limits_reached().tree_depth && !deep.limits_reached().nodes);
    let attrs = parse_document("<p a=1 b=2 c=3>", with(limits));
    assert!(attrs.limits_reached().attributes);
    // A third attribute that the body already has is not a dropped one.
    let merged = parse_document("<body a=1 b=2><body a=3>", with(limits));
    assert!(!merged.limits_reached().attributes);
    let merged = parse_document("<body a=1 b=2><body c=3>", with(limits));
    assert!(merged.limits_reached().attributes);
    let many = parse_document(&"<p>".repeat(2000), with(limits));
    assert!(many.limits_reached().nodes);
    assert!(many.limits_reached().stopped_early() && !many.limits_reached().clones);
    // Formatting elements reopened in every paragraph: each `x` clones the two.
    let reopened = format!("<p><b><i></p>{}", "<p>x</p>".repeat(200));
    let doc = parse_document(&reopened, with(limits));
    assert!(doc.limits_reached().clones && !doc.limits_reached().nodes);
    assert!(doc.limits_reached().stopped_early());
    assert_eq!(
        doc.limits_reached().stop_reason(&limits).as_deref(),
        Some("the clone limit (100 cloned elements and attributes)")
    );
    let stops = doc
        .errors()
        .iter()
        .filter(|e| e.code == "clone-limit-reached");
    assert_eq!(stops.count(), 1);
    // The clones stay within the budget plus what one step adds.
    let clones = doc.find_all_elements("b").count() - 1;
    assert!((45..=52).contains(&clones), "{clones}");
    // Without limits nothing is ever reported.
    assert!(
        !parse_document(&"<div>".repeat(50), ParseOptions::default())
            .limits_reached()
            .any()
    );
}

#[test]
fn depth_limit_still_applies_after_the_adoption_agency_and_templates() {
    // Subtrees pushed down by the adoption agency, and template contents, are still bounded
    // although the stack of open elements itself stays shallow.
    let limits = ResourceLimits {
        max_tree_depth: Some(10),
        ..Default::default()
    };
    let aaa = format!("{}x", "<a><p>".repeat(40) + &"</a>".repeat(40));
    let doc = parse_document(&aaa, with(limits));
    assert!(max_depth(&doc) <= 10 + 2 + 2, "{}", max_depth(&doc));
    let templates = "<template>".repeat(40);
    let doc = parse_document(&templates, with(limits));
    assert!(max_depth(&doc) <= 10 + 2 + 2, "{}", max_depth(&doc));
}
