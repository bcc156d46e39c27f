//! The compact storage: text and attribute buffers, name atoms, and clones.

use websyntax_html::dom::{LocalName, NodeData};
use websyntax_html::{Document, ParseOptions, parse_document};

fn doc(html: &str) -> Document {
    parse_document(html, ParseOptions::default())
}

#[test]
fn alternating_text_appends_keep_each_node_whole() {
    // Foster-parented text and cell text alternate: the text node before the table is appended
    // to after other text nodes were created.
    let n = 2000;
    let html = format!("<table><tr>{}", "x<td>y</td>".repeat(n));
    let d = doc(&html);
    let body = d.find_element("body").unwrap();
    let first = d.first_child(body).unwrap();
    assert_eq!(d.text(first), Some("x".repeat(n).as_str()));
    let cells: Vec<_> = d.find_all_elements("td").collect();
    assert_eq!(cells.len(), n);
    assert!(cells.iter().all(|&c| d.text_content(c) == "y"));
}

#[test]
fn attributes_added_later_stay_with_their_element() {
    // The second <body> tag's attributes merge into the body while other elements with
    // attributes have been created since.
    let mut html = String::from("<body a0=v0>");
    for i in 1..200 {
        html.push_str(&format!("<p x=1><body a{i}=v{i}>"));
    }
    let d = doc(&html);
    let body = d.find_element("body").unwrap();
    let attrs: Vec<(String, String)> = d
        .attrs(body)
        .map(|a| (a.name().to_owned(), a.value().to_owned()))
        .collect();
    assert_eq!(attrs.len(), 200);
    for (i, (n, v)) in attrs.iter().enumerate() {
        assert_eq!(
            (n.as_str(), v.as_str()),
            (format!("a{i}").as_str(), format!("v{i}").as_str())
        );
    }
    // Every p kept its own attribute.
    assert!(
        d.find_all_elements("p")
            .all(|p| d.attribute(p, "x") == Some("1"))
    );
}

#[test]
fn names_are_atoms() {
    let d = doc("<div class=a></div><my-widget class=b></my-widget><my-widget></my-widget>");
    let div = d.element(d.find_element("div").unwrap()).unwrap();
    assert_eq!(div.local_name(), LocalName::from_static("div").unwrap());
    let widgets: Vec<_> = d
        .descendants(d.root())
        .filter_map(|id| d.element(id))
        .filter(|e| e.name() == "my-widget")
        .collect();
    assert_eq!(widgets.len(), 2);
    assert_eq!(widgets[0].local_name(), widgets[1].local_name());
    assert_eq!(d.name_str(widgets[0].local_name()), "my-widget");
    assert_eq!(d.lookup_name("my-widget"), Some(widgets[0].local_name()));
    assert_eq!(d.lookup_name("never-seen"), None);
    let class = LocalName::from_static("class").unwrap();
    assert!(d.attrs(widgets[0].id()).all(|a| a.local_name() == class));
}

#[test]
fn clones_share_attributes_but_not_spans_or_identity() {
    // The adoption agency clones <b> (with its attributes) into the <p>.
    let d = doc("<b id=x class=y>1<p>2</b>3");
    let bs: Vec<_> = d.find_all_elements("b").collect();
    assert_eq!(bs.len(), 2);
    for &b in &bs {
        assert_eq!(d.attribute(b, "id"), Some("x"));
        assert_eq!(d.attribute(b, "class"), Some("y"));
    }
    assert_eq!(d.span(bs[1]), None);
    assert_eq!(d.start_tag_span(bs[1]), None);
}

#[test]
fn foreign_attributes_keep_namespace_and_prefix() {
    let d = doc(r#"<svg xmlns:xlink="a" xlink:href="b" xml:lang="c" xmlns="d" viewbox="0"></svg>"#);
    let svg = d
        .descendants(d.root())
        .find(|&n| d.local_name(n) == Some("svg"))
        .unwrap();
    let attrs: Vec<(Option<&str>, &str, &str)> = d
        .attrs(svg)
        .map(|a| (a.prefix(), a.name(), a.value()))
        .collect();
    assert_eq!(
        attrs,
        [
            (Some("xmlns"), "xlink", "a"),
            (Some("xlink"), "href", "b"),
            (Some("xml"), "lang", "c"),
            (None, "xmlns", "d"),
            (None, "viewBox", "0"),
        ]
    );
}

#[test]
fn data_view_matches_accessors() {
    let d = doc("<!DOCTYPE html><!--c--><p>t</p>");
    for id in d.node_ids() {
        match d.data(id) {
            NodeData::Text(t) => assert_eq!(d.text(id), Some(t)),
            NodeData::Comment(c) => assert_eq!(d.comment(id), Some(c)),
            NodeData::Element(e) => assert_eq!(d.local_name(id), Some(e.name())),
            NodeData::Doctype(dt) => assert_eq!(dt.name, "html"),
            _ => {}
        }
    }
}

/// Every element's attributes and every text node stay readable (found by fuzzing: growing
/// the last element's attributes used to shrink the vector past a later element's empty range).
fn read_everything(d: &Document) {
    for id in d.node_ids() {
        for a in d.attrs(id) {
            let _ = (a.name(), a.value());
        }
        let _ = d.text(id);
        let _ = d.comment(id);
    }
    let _ = d.to_html();
}

#[test]
fn growing_the_last_range_keeps_later_empty_ranges_valid() {
    // body gets room to grow, <i> (no attributes) is recorded after that room, then body
    // grows again.
    read_everything(&doc("<body a0><p x><body a1><i><body a2><body a3>"));
    // The same for text: a relocated text node, an empty comment after it, more text.
    read_everything(&doc("<table><tr>x<td>y</td>z<!---->w<td>v</td>u"));
}

#[test]
fn fuzz_regression_attr_ranges() {
    let bytes = include_bytes!("fuzz_regressions/attr-ranges-992448e4.html");
    let parsed = websyntax_html::parse_document_bytes(bytes, Default::default());
    read_everything(&parsed.document);
}
