#![no_main]
//! The document read API on random documents: every node's kind agrees with its accessors
//! (`local_name`/`namespace`/`attrs` only for elements, `text` only for text, `comment`
//! only for comments), parent/child/sibling links agree with each other, and every source
//! span the parser sets lies inside the input, on character boundaries, with start <= end
//! (a start tag's span starting with `<`, an attribute's value span inside its span). The
//! whole-tree reads (readable text, serialization, element paths, links, `:has()` queries)
//! run on the document and, for one input length in 8, on the input below 10^4–3·10^4 nested
//! elements (the input's length picks how many, its first byte which element), where a
//! recursive walk would show.
use libfuzzer_sys::fuzz_target;
use websyntax::html::dom::NodeKind;
use websyntax::encoding::Encoding;
use websyntax::html::{Document, ParseOptions, Span, parse_document};

/// Every whole-tree read of `doc`, for the no-crash and agreement checks.
fn read_tree(doc: &Document) {
    let text = doc.readable_text(doc.root());
    assert_eq!(text.trim_end(), text);
    let _ = doc.text_content(doc.root());
    let _ = doc.to_html();
    let _ = doc.links(None, Encoding::UTF_8);
    if let Some(last) = doc.walk(doc.root()).last() {
        let id = match last {
            websyntax::html::dom::WalkEvent::Enter(id, _)
            | websyntax::html::dom::WalkEvent::Exit(id, _) => id,
        };
        assert!(doc.element_path(id).starts_with('/'));
    }
    for s in [":has(p)", "div:has(~ *)", ":has(> * > *) *"] {
        let n = doc.select(s).unwrap().count();
        assert_eq!(doc.select(s).unwrap().count(), n, "{s}");
    }
}

fn check_span(input: &str, s: Option<Span>) -> Option<&str> {
    let s = s?;
    let (start, end) = (s.start as usize, s.end as usize);
    assert!(start <= end && end <= input.len(), "span {s:?} of {}", input.len());
    assert!(input.is_char_boundary(start) && input.is_char_boundary(end));
    Some(&input[start..end])
}

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    let doc = parse_document(&input, ParseOptions::default());
    for id in doc.descendants(doc.root()) {
        let kind = doc.kind(id);
        assert_eq!(kind == NodeKind::Element, doc.local_name(id).is_some());
        assert_eq!(kind == NodeKind::Element, doc.namespace(id).is_some());
        assert_eq!(kind == NodeKind::Text, doc.text(id).is_some());
        assert_eq!(kind == NodeKind::Comment, doc.comment(id).is_some());
        if kind != NodeKind::Element {
            assert_eq!(doc.attrs(id).count(), 0);
        }
        // Links.
        if let Some(p) = doc.parent(id) {
            assert!(doc.children(p).any(|c| c == id));
        }
        if let Some(n) = doc.next_sibling(id) {
            assert_eq!(doc.prev_sibling(n), Some(id));
        }
        if let Some(c) = doc.first_child(id) {
            assert_eq!(doc.parent(c), Some(id));
            assert_eq!(doc.prev_sibling(c), None);
        }
        if let Some(c) = doc.last_child(id) {
            assert_eq!(doc.next_sibling(c), None);
        }
        // Spans.
        let node = check_span(&input, doc.span(id));
        if let Some(tag) = check_span(&input, doc.start_tag_span(id)) {
            assert!(tag.starts_with('<'), "start tag span {tag:?}");
            if let Some(node) = node {
                assert!(node.len() >= tag.len());
            }
        }
        if let Some(tag) = check_span(&input, doc.end_tag_span(id)) {
            assert!(tag.starts_with("</"), "end tag span {tag:?}");
        }
        for a in doc.attrs(id) {
            let whole = check_span(&input, a.span());
            check_span(&input, a.value_span());
            if let (Some(s), Some(v)) = (a.span(), a.value_span()) {
                assert!(s.start <= v.start && v.end <= s.end);
                assert!(whole.is_some());
            }
        }
    }
    read_tree(&doc);
    // The deep variant for one input length in 8: it takes about a second, which on every
    // input kept the fuzzer in its seed corpus.
    if data.len() % 8 != 0 {
        return;
    }
    let depth = 10_000 * (1 + data.len() / 8 % 3);
    let tag = ["div", "b", "template", "svg", "table"][data.first().map_or(0, |&b| b as usize % 5)];
    let deep = parse_document(
        &format!("{}{input}", format!("<{tag}>").repeat(depth)),
        ParseOptions::default(),
    );
    read_tree(&deep);
});
