//! Safe editing: every `HierarchyRequestError` case leaves the tree unchanged, valid edits
//! serialize as expected, and random edit sequences never corrupt the tree.

use proptest::prelude::*;
use websyntax_html::dom::{Doctype, HierarchyRequestError as E, NodeKind};
use websyntax_html::{Document, NodeId, ParseOptions, parse_document};

fn doc(html: &str) -> Document {
    parse_document(html, ParseOptions::default())
}

fn el(d: &Document, name: &str) -> NodeId {
    d.find_element(name).unwrap()
}

/// Checks that a failing edit returns `err` and leaves the tree exactly as it was.
fn refused(d: &mut Document, err: E, f: impl FnOnce(&mut Document) -> Result<(), E>) {
    let before = d.to_test_tree(d.root());
    let html_before = d.to_html();
    assert_eq!(f(d), Err(err));
    assert_eq!(d.to_test_tree(d.root()), before);
    assert_eq!(d.to_html(), html_before);
    check_consistent(d);
}

/// Every link agrees with its inverse and every node reachable from the root is reached once.
fn check_consistent(d: &Document) {
    for id in d.node_ids() {
        let mut prev = None;
        let mut c = d.first_child(id);
        let mut n = 0;
        while let Some(x) = c {
            assert_eq!(d.parent(x), Some(id), "child's parent");
            assert_eq!(d.prev_sibling(x), prev, "prev link");
            prev = Some(x);
            c = d.next_sibling(x);
            n += 1;
            assert!(n <= d.len(), "sibling cycle");
        }
        assert_eq!(d.last_child(id), prev, "last child");
        // No ancestor cycle.
        assert!(d.ancestors(id).take(d.len() + 1).count() <= d.len());
        assert!(!d.ancestors(id).any(|a| a == id), "ancestor cycle at {id}");
    }
    let walked = d.walk(d.root()).count();
    assert!(walked <= 2 * d.len());
}

#[test]
fn appending_an_ancestor_into_its_descendant_is_a_cycle() {
    let mut d = doc("<div><p><b>x</b></p></div>");
    let (div, b) = (el(&d, "div"), el(&d, "b"));
    refused(&mut d, E::WouldCreateCycle, |d| {
        d.append_child(b, div).map(|_| ())
    });
    refused(&mut d, E::WouldCreateCycle, |d| {
        d.append_child(b, b).map(|_| ())
    });
    let body = el(&d, "body");
    refused(&mut d, E::WouldCreateCycle, |d| {
        d.insert_before(b, body, None).map(|_| ())
    });
    // The walk still ends.
    assert!(d.walk(d.root()).count() < 100);
}

#[test]
fn inserting_a_node_before_itself_keeps_it() {
    let mut d = doc("<p><b>b</b><i>i</i></p>");
    let (p, b) = (el(&d, "p"), el(&d, "b"));
    d.insert_before(p, b, Some(b)).unwrap();
    assert_eq!(d.outer_html(p), "<p><b>b</b><i>i</i></p>");
    check_consistent(&d);
}

#[test]
fn reference_child_must_be_a_child_of_the_parent() {
    let mut d = doc("<p><b>b</b></p><i>i</i>");
    let (b, i) = (el(&d, "b"), el(&d, "i"));
    let t = d.create_text("t");
    refused(&mut d, E::NotAChild, |d| {
        d.insert_before(i, t, Some(b)).map(|_| ())
    });
}

#[test]
fn leaves_cannot_have_children() {
    let mut d = doc("<p>text<!--c--></p>");
    let p = el(&d, "p");
    let text = d.first_child(p).unwrap();
    let comment = d.next_sibling(text).unwrap();
    let n = d.create_html_element("b");
    refused(&mut d, E::ParentCannotHaveChildren, |d| {
        d.append_child(text, n).map(|_| ())
    });
    refused(&mut d, E::ParentCannotHaveChildren, |d| {
        d.append_child(comment, n).map(|_| ())
    });
}

#[test]
fn document_rules() {
    let mut d = doc("<!DOCTYPE html><p>");
    let root = d.root();
    let html = el(&d, "html");
    let doctype = d.first_child(root).unwrap();
    assert_eq!(d.kind(doctype), NodeKind::Doctype);
    let second = d.create_html_element("html");
    refused(&mut d, E::SecondDocumentElement, |d| {
        d.append_child(root, second).map(|_| ())
    });
    let t = d.create_text("x");
    refused(&mut d, E::TextInDocument, |d| {
        d.append_child(root, t).map(|_| ())
    });
    // The document is everyone's ancestor: inserting it anywhere is a cycle.
    refused(&mut d, E::WouldCreateCycle, |d| {
        d.append_child(html, root).map(|_| ())
    });
    // A doctype elsewhere, a second doctype, a doctype after the element.
    let dt = d.create_doctype(Doctype {
        name: "html".into(),
        ..Default::default()
    });
    refused(&mut d, E::DoctypeOutsideDocument, |d| {
        d.append_child(html, dt).map(|_| ())
    });
    refused(&mut d, E::SecondDoctype, |d| {
        d.append_child(root, dt).map(|_| ())
    });
    d.remove(doctype).unwrap();
    refused(&mut d, E::DoctypeAfterElement, |d| {
        d.append_child(root, dt).map(|_| ())
    });
    d.insert_before(root, dt, Some(html)).unwrap();
    check_consistent(&d);
    // An element before the doctype.
    d.remove(html).unwrap();
    refused(&mut d, E::ElementBeforeDoctype, |d| {
        d.insert_before(root, html, Some(dt)).map(|_| ())
    });
    d.append_child(root, html).unwrap();
    assert!(d.to_html().starts_with("<!DOCTYPE html><html>"));
}

#[test]
fn fragments_move_their_children() {
    let mut d = doc("<div></div>");
    let div = el(&d, "div");
    let frag = d.create_fragment();
    let a = d.create_html_element("a");
    let b = d.create_html_element("b");
    d.append_child(frag, a).unwrap();
    d.append_child(frag, b).unwrap();
    d.append_child(div, frag).unwrap();
    assert_eq!(d.outer_html(div), "<div><a></a><b></b></div>");
    assert_eq!(d.first_child(frag), None);
    // A fragment with two elements cannot go into a document.
    let mut e = Document::new();
    let f2 = e.create_fragment();
    let x = e.create_html_element("x");
    let y = e.create_html_element("y");
    e.append_child(f2, x).unwrap();
    e.append_child(f2, y).unwrap();
    let root = e.root();
    refused(&mut e, E::InvalidFragmentForDocument, |e| {
        e.append_child(root, f2).map(|_| ())
    });
}

#[test]
fn shadow_roots_cannot_be_inserted() {
    use websyntax_html::dom::{ShadowRootMode, SlotAssignment};
    let mut d = doc("<div></div><p></p>");
    let (div, p) = (el(&d, "div"), el(&d, "p"));
    let sr = d
        .attach_shadow_root(
            div,
            ShadowRootMode::Open,
            false,
            false,
            false,
            SlotAssignment::Named,
        )
        .unwrap();
    refused(&mut d, E::CannotInsertNode, |d| {
        d.append_child(p, sr).map(|_| ())
    });
    // Nor can the host go into its own shadow tree.
    refused(&mut d, E::WouldCreateCycle, |d| {
        d.append_child(sr, div).map(|_| ())
    });
}

#[test]
fn cycles_through_template_contents() {
    let mut d = doc("<template><p></p></template>");
    let t = el(&d, "template");
    let contents = d.template_contents(t).unwrap();
    let p = d.first_child(contents).unwrap();
    refused(&mut d, E::WouldCreateCycle, |d| {
        d.append_child(p, t).map(|_| ())
    });
}

#[test]
fn unknown_ids_are_errors_not_panics() {
    let mut d = doc("<p>");
    let p = el(&d, "p");
    let mut other = Document::new();
    let mut far = other.root();
    for _ in 0..100 {
        far = other.create_text("x");
    }
    refused(&mut d, E::UnknownNode(far), |d| {
        d.append_child(p, far).map(|_| ())
    });
    refused(&mut d, E::UnknownNode(far), |d| d.remove(far));
    refused(&mut d, E::UnknownNode(far), |d| d.replace_with(far, p));
    refused(&mut d, E::UnknownNode(far), |d| {
        d.set_attribute(far, "a", "b")
    });
}

#[test]
fn replace_with() {
    let mut d = doc("<p><b>x</b><i>y</i></p>");
    let (p, b, i) = (el(&d, "p"), el(&d, "b"), el(&d, "i"));
    // Replacing with a sibling moves it.
    d.replace_with(b, i).unwrap();
    assert_eq!(d.outer_html(p), "<p><i>y</i></p>");
    // Replacing with an ancestor is a cycle.
    refused(&mut d, E::WouldCreateCycle, |d| d.replace_with(i, p));
    // The document element can be replaced by another element.
    let html = el(&d, "html");
    let root = d.root();
    let new = d.create_html_element("html");
    d.replace_with(html, new).unwrap();
    assert_eq!(d.to_html(), "<html></html>");
    // ... but a second one cannot be added next to it.
    let another = d.create_html_element("html");
    let c = d.create_comment("c");
    d.append_child(root, c).unwrap();
    refused(&mut d, E::SecondDocumentElement, |d| {
        d.replace_with(c, another)
    });
}

#[test]
fn attributes() {
    let mut d = doc("<p id=a>");
    let p = el(&d, "p");
    d.set_attribute(p, "ID", "b").unwrap();
    d.set_attribute(p, "data-x", "1").unwrap();
    assert_eq!(d.outer_html(p), "<p id=\"b\" data-x=\"1\"></p>");
    assert_eq!(d.remove_attribute(p, "id"), Ok(true));
    assert_eq!(d.outer_html(p), "<p data-x=\"1\"></p>");
    let t = d.create_text("x");
    refused(&mut d, E::NotAnElement, |d| d.set_attribute(t, "a", "b"));
    for bad in ["", "a b", "a=b", "a>", "a/", "\"", "a\0"] {
        refused(&mut d, E::InvalidAttributeName, |d| {
            d.set_attribute(p, bad, "v")
        });
    }
}

#[test]
fn editing_then_serializing() {
    let mut d = doc("<!DOCTYPE html><title>t</title><ul><li>1</ul>");
    let ul = el(&d, "ul");
    for n in 2..=3 {
        let li = d.create_html_element("li");
        let t = d.create_text(&n.to_string());
        d.append_child(li, t).unwrap();
        d.append_child(ul, li).unwrap();
    }
    let first = d.first_child(ul).unwrap();
    let last = d.last_child(ul).unwrap();
    d.insert_before(ul, last, Some(first)).unwrap();
    let c = d.create_comment("note");
    d.replace_with(first, c).unwrap();
    assert_eq!(
        d.to_html(),
        "<!DOCTYPE html><html><head><title>t</title></head><body>\
         <ul><li>3</li><!--note--><li>2</li></ul></body></html>"
    );
    check_consistent(&d);
}

#[derive(Debug, Clone)]
enum Op {
    Append(usize, usize),
    InsertBefore(usize, usize, Option<usize>),
    Remove(usize),
    Replace(usize, usize),
    NewElement,
    NewText,
}

fn op() -> impl Strategy<Value = Op> {
    let i = 0usize..40;
    prop_oneof![
        (i.clone(), i.clone()).prop_map(|(a, b)| Op::Append(a, b)),
        (i.clone(), i.clone(), proptest::option::of(i.clone()))
            .prop_map(|(a, b, c)| Op::InsertBefore(a, b, c)),
        i.clone().prop_map(Op::Remove),
        (i.clone(), i).prop_map(|(a, b)| Op::Replace(a, b)),
        Just(Op::NewElement),
        Just(Op::NewText),
    ]
}

proptest! {
    /// Any sequence of edits, valid or not, leaves a consistent tree whose walk ends, and a
    /// refused edit changes nothing.
    #[test]
    fn random_edits_keep_the_tree_consistent(ops in proptest::collection::vec(op(), 1..60)) {
        let mut d = doc("<!DOCTYPE html><div><p>a<b>b</b></p><template><i>t</i></template></div>");
        let mut ids: Vec<NodeId> = std::iter::once(d.root()).chain(d.descendants(d.root())).collect();
        for op in ops {
            let pick = |i: usize| ids[i % ids.len()];
            let before = d.to_test_tree(d.root());
            let r = match op {
                Op::Append(a, b) => d.append_child(pick(a), pick(b)).map(|_| ()),
                Op::InsertBefore(a, b, c) => d.insert_before(pick(a), pick(b), c.map(pick)).map(|_| ()),
                Op::Remove(a) => d.remove(pick(a)),
                Op::Replace(a, b) => d.replace_with(pick(a), pick(b)),
                Op::NewElement => { ids.push(d.create_html_element("span")); Ok(()) }
                Op::NewText => { ids.push(d.create_text("t")); Ok(()) }
            };
            if r.is_err() {
                prop_assert_eq!(d.to_test_tree(d.root()), before);
            }
            check_consistent(&d);
            let _ = d.to_html();
        }
    }
}
