//! Every public read, query and edit operation of a [`Document`] on documents 10^6 levels
//! deep (nested `div`s, SVG, templates, tables, lists), each on a thread with a 256 KiB stack:
//! a walk that recursed per tree level would overflow at a small fraction of this depth.
//! (`deep_documents.rs` checks parsing, serializing and dropping such documents.)

use websyntax_html::dom::WalkEvent;
use websyntax_html::select::Selector;
use websyntax_html::serialize::{serialize_children, serialize_document, serialize_node};
use websyntax_html::text::TextOptions;
use websyntax_html::{Context, Document, NodeId, ParseOptions, parse_document, parse_fragment};

const DEEP: usize = 1_000_000;

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no stack overflow")
}

fn parse(s: &str) -> Document {
    parse_document(
        s,
        ParseOptions {
            collect_errors: false,
            ..ParseOptions::default()
        },
    )
}

/// The first node at the greatest depth of the tree (template contents included).
fn deepest(doc: &Document) -> NodeId {
    let mut best = (0, doc.root());
    for e in doc.walk(doc.root()) {
        if let WalkEvent::Enter(id, d) = e
            && d > best.0
        {
            best = (d, id);
        }
    }
    best.1
}

/// The selectors run on every deep document: each combinator, `:has()` in every direction
/// and position, the structural and HTML pseudo-classes.
const SELECTORS: &[&str] = &[
    "*",
    "div div",
    "body > div",
    "div > div > div",
    "div + p, div ~ p",
    "div:has(p)",
    "div:has(> p)",
    "div:has(~ p)",
    ":has(p) > div",
    ":is(div:has(+ p), li:has(~ li)) li",
    ":not(:has(svg g g, table td))",
    ":nth-child(1)",
    ":nth-last-child(1 of div)",
    "div:nth-of-type(2n+1)",
    ":first-child:last-child",
    ":disabled",
    ":enabled",
    ":read-only",
    ":empty",
    ":root",
    ":link",
    "[title*=X i]",
    "template",
];

/// A few of [`SELECTORS`], for the documents of other shapes.
const SOME_SELECTORS: &[&str] = &[
    ":has(svg g g, table td, li)",
    "li:has(~ li), td:has(+ td)",
    ":nth-child(1):empty",
    ":disabled",
];

/// Runs every public read and query operation on `doc` (each query twice: the first walks
/// the tree, the second uses the element index).
fn read_everything(doc: &Document, selectors: &[&str]) {
    let root = doc.root();
    let deep = deepest(doc);
    // Walks.
    assert!(doc.walk(root).count() >= 2);
    assert!(doc.walk_with_shadow_roots(root).count() >= 2);
    let _ = doc.descendants(root).count();
    let _ = doc.ancestors(deep).count();
    let _ = doc.find(|id| id == deep);
    let _ = doc.find_all_elements("div").count();
    // Text.
    let _ = doc.text_content(root);
    let _ = doc.readable_text(root);
    let _ = doc.readable_text_with(root, TextOptions { scripting: false });
    // Serialization.
    assert!(!serialize_document(doc).is_empty());
    assert!(!doc.to_html().is_empty());
    if let Some(de) = doc.document_element() {
        assert!(!doc.outer_html(de).is_empty());
        let _ = doc.inner_html(de);
        let _ = serialize_node(doc, de, false);
        let _ = serialize_children(doc, de, true);
    }
    let _ = doc.outer_html(deep);
    // Links and positions.
    let _ = doc.links(None, websyntax_encoding::Encoding::UTF_8);
    let _ = doc.base_url(None);
    let _ = doc.span(deep);
    let _ = doc.start_tag_span(deep);
    let _ = doc.end_tag_span(deep);
    assert!(doc.element_path(deep).len() > 1);
    // Queries.
    for s in selectors {
        let sel = Selector::parse(s).unwrap();
        let n = doc.select_with(&sel).count();
        assert_eq!(doc.select(s).unwrap().count(), n, "{s}");
    }
    let _ = doc.select_first("div:has(p)").unwrap();
    // One element's queries (on the deepest element, up its ancestors).
    for s in [
        "div:has(p)",
        "div:has(~ p) > div",
        ":is(:has(g), :disabled)",
        "*:empty",
    ] {
        let sel = Selector::parse(s).unwrap();
        let _ = doc.matches(deep, &sel);
        let _ = doc.closest(deep, &sel);
        // Through a matcher: the deepest element, then a thousand of its ancestors.
        let mut m = doc.matcher(&sel);
        assert_eq!(m.matches(deep), doc.matches(deep, &sel), "{s}");
        let _ = m.closest(deep);
        let _ = doc
            .ancestors(deep)
            .take(1000)
            .filter(|&a| m.matches(a))
            .count();
        if let Some(de) = doc.document_element() {
            let _ = doc.select_in(de, &sel).count();
        }
    }
}

/// Edits at depth: move the deep subtree, remove it, put it back; then read again.
fn edit_everything(mut doc: Document) {
    let deep = deepest(&doc);
    let mid = doc
        .ancestors(deep)
        .nth(DEEP / 4)
        .filter(|&m| doc.is_element(m));
    if let Some(mid) = mid {
        let parent = doc.parent(mid).unwrap();
        doc.set_attribute(mid, "title", "x").unwrap();
        let holder = doc.create_html_element("section");
        // Moving a deep subtree checks that the new parent is not inside it.
        doc.append_child(holder, mid).unwrap();
        doc.insert_before(parent, holder, None).unwrap();
        let p = doc.create_html_element("p");
        doc.insert_before(deep, p, None).ok();
        // (Inside template contents, the section is not searched.)
        assert!(doc.select("section:has(p)").unwrap().count() <= 1);
        doc.remove(holder).unwrap();
        let fresh = doc.create_html_element("div");
        doc.append_child(parent, fresh).unwrap();
        doc.replace_with(fresh, holder).unwrap();
        doc.remove_attribute(mid, "title").unwrap();
    }
    assert!(!doc.to_html().is_empty());
    let _ = doc.readable_text(doc.root());
    let _ = doc.select("div:has(p), li:has(~ li)").unwrap().count();
    let clone = doc.clone();
    drop(doc);
    let _ = clone.select(":has(p)").unwrap().count();
    drop(clone);
}

fn check(input: String, selectors: &'static [&'static str]) {
    on_small_stack(move || {
        let doc = parse(&input);
        read_everything(&doc, selectors);
        edit_everything(doc);
    });
}

#[test]
fn deep_divs() {
    check("<div>".repeat(DEEP), SELECTORS);
}

#[test]
fn deep_divs_with_content_at_the_bottom() {
    check(
        format!(
            "{}<p title=aXb>x</p><fieldset disabled><legend><input></legend><input></fieldset>\
         <a href=/x>l</a><div></div><p>",
            "<div>".repeat(DEEP)
        ),
        SELECTORS,
    );
}

#[test]
fn deep_svg() {
    check(format!("<svg>{}", "<g>".repeat(DEEP)), SOME_SELECTORS);
}

#[test]
fn deep_templates() {
    check(
        format!("{}<p>", "<template>".repeat(DEEP / 2)),
        SOME_SELECTORS,
    );
}

#[test]
fn deep_templates_and_svg() {
    check(
        format!(
            "{}<fieldset disabled><div><input>",
            "<template><svg><g>".repeat(DEEP / 3)
        ),
        SOME_SELECTORS,
    );
}

#[test]
fn deep_tables() {
    check("<table><tr><td>".repeat(DEEP / 3), SOME_SELECTORS);
}

#[test]
fn deep_lists() {
    check(
        "<ul><li><fieldset disabled><input>".repeat(DEEP / 3),
        SOME_SELECTORS,
    );
}

#[test]
fn deep_fragment() {
    on_small_stack(|| {
        let ctx: Context = "div".parse().unwrap();
        let f = parse_fragment(&"<p><b>".repeat(DEEP / 2), &ctx, ParseOptions::default());
        assert!(!f.to_html().is_empty());
        let doc = f.document;
        read_everything(&doc, SOME_SELECTORS);
    });
}
