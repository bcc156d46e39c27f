//! The tree view's data: every node of a parsed document in tree order, with its source span
//! and its *provenance*, what the tree builder did to put it where it is when that is not
//! simply "inserted where its tag was" (`Document.tree()`, `Document.nodeCount`).
//!
//! Provenance comes from the tree builder's own record of what it did (the event log of
//! `websyntax_html::parse_document_with_events`, [`StackEvent`]), not from the finished tree:
//!
//! - **implied** ([`StackEvent::Implied`]): an element with no tag of its own (`html`, `head`,
//!   `body`, `tbody`, `tr`, `colgroup`, the empty `p` of a stray `</p>`), with the insertion
//!   mode whose rule inserted it;
//! - **clone** ([`StackEvent::Cloned`]): a copy of a formatting element, made when the tree
//!   builder reconstructed the active formatting elements (13.2.4.3) or by the adoption agency
//!   algorithm (13.2.6.4.7); `related` is the element copied;
//! - **foster-parented** ([`StackEvent::FosterParented`]): a node whose token came inside a
//!   table where it may not go, inserted before the table (13.2.6.1); `related` is the table;
//! - **moved** ([`StackEvent::AdoptionMoved`]): a node the adoption agency algorithm moved
//!   (its step 14, the furthest block put after the formatting element; its step 16, the
//!   furthest block's children moved into the formatting element's clone); `related` is the
//!   formatting element.
//!
//! A node with several (a reconstructed clone that was also foster-parented) has the first of
//! foster-parented, moved, clone, implied as its kind, and every rule in its text.

use serde_json::json;
use wasm_bindgen::prelude::*;
use websyntax::html::dom::{NodeData, WalkEvent};
use websyntax::html::tree_builder::InsertionMode;
use websyntax::html::{AdoptionStep, Document, NodeId, Span, StackEvent};

use crate::document::{WsDocument, dom_node_type};

/// What the tree builder did with a node (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// `implied`, `clone`, `foster-parented` or `moved`.
    pub kind: &'static str,
    /// The rule, in words, with the HTML Standard's section (every rule that applied).
    pub rule: String,
    /// The HTML Standard's section of the kind's rule (`13.2.6.1`).
    pub section: &'static str,
    /// The node it relates to (the original of a clone, the table, the formatting element).
    pub related: Option<NodeId>,
}

/// The kinds, first first (see the module docs).
const PRIORITY: [&str; 4] = ["foster-parented", "moved", "clone", "implied"];

/// The rule of an insertion mode that implies an element, and its section.
fn implied_rule(name: &str, mode: InsertionMode) -> (String, &'static str) {
    use InsertionMode::*;
    let (mode_name, section, why) = match mode {
        BeforeHtml => (
            "before html",
            "13.2.6.4.2",
            "a token that needs an html element",
        ),
        BeforeHead => (
            "before head",
            "13.2.6.4.3",
            "a token that needs a head element",
        ),
        AfterHead => (
            "after head",
            "13.2.6.4.6",
            "a token that needs a body element",
        ),
        InTable if name == "colgroup" => ("in table", "13.2.6.4.9", "a col start tag"),
        InTable => ("in table", "13.2.6.4.9", "a tr, td or th start tag"),
        InTableBody => ("in table body", "13.2.6.4.13", "a td or th start tag"),
        InBody => (
            "in body",
            "13.2.6.4.7",
            "a </p> end tag with no p element in button scope",
        ),
        _ => ("another", "13.2.6", "a token that needed it"),
    };
    (
        format!(
            "implied: the \"{mode_name}\" insertion mode ({section}) inserts a {name} element \
             for {why}"
        ),
        section,
    )
}

/// The rule of a foster-parented `node` (13.2.6.1, "the appropriate place for inserting a
/// node" with foster parenting enabled and a `table`, `tbody`, `tfoot`, `thead` or `tr` as the
/// target). `table` is the last table on the stack of open elements; `None` when there was none
/// (the spec's "fragment case": a fragment whose context is a table part, such as `tbody`) or
/// when a `template` opened inside the table came later on the stack.
fn foster_rule(doc: &Document, node: NodeId, table: Option<NodeId>) -> String {
    const WHY: &str = "foster-parented: its token came inside a table where it may not go";
    const HOW: &str = "13.2.6.1, the appropriate place for inserting a node, with foster \
                       parenting enabled";
    if table.is_some() {
        return format!("{WHY}, so it was inserted before the table ({HOW})");
    }
    // A template's contents are a document fragment: the template case; else the html element.
    let in_template = doc
        .parent(node)
        .is_some_and(|p| matches!(doc.data(p), NodeData::Fragment));
    if in_template {
        format!(
            "{WHY}, and a template element was open inside the table, so it was inserted \
             into the template's contents, after its last child ({HOW})"
        )
    } else {
        format!(
            "{WHY}, and no table element was open (a fragment parsed in a table context: \
             the fragment case), so it was inserted into the html element, the fragment's \
             root, after its last child ({HOW})"
        )
    }
}

/// The provenance of every node of `doc`, indexed by node index (`None`: inserted where its
/// token was), from the tree builder's `events`.
pub fn provenance(doc: &Document, events: &[StackEvent]) -> Vec<Option<Provenance>> {
    let mut out: Vec<Option<Provenance>> = vec![None; doc.len()];
    let name = |id: NodeId| doc.local_name(id).unwrap_or("#text").to_owned();
    let mut add = |node: NodeId, kind: &'static str, section, rule: String, related| {
        let Some(slot) = out.get_mut(node.index()) else {
            return;
        };
        match slot {
            // The same fact twice (a text node that received two runs of characters).
            Some(p) if p.rule.contains(&rule) => {}
            Some(p) => {
                let rank = |k| PRIORITY.iter().position(|&x| x == k);
                if rank(kind) < rank(p.kind) {
                    p.rule = format!("{rule}; also {}", p.rule);
                    p.kind = kind;
                    p.section = section;
                    p.related = related;
                } else {
                    p.rule = format!("{}; also {rule}", p.rule);
                }
            }
            None => {
                *slot = Some(Provenance {
                    kind,
                    rule,
                    section,
                    related,
                })
            }
        }
    };
    for e in events {
        match *e {
            StackEvent::Implied { node, mode } => {
                let (rule, section) = implied_rule(&name(node), mode);
                add(node, "implied", section, rule, None);
            }
            StackEvent::Cloned {
                clone,
                from,
                reconstructed,
            } => {
                let n = name(from);
                let (rule, section) = if reconstructed {
                    (
                        format!(
                            "clone: a copy of an earlier <{n}>, made when the tree builder \
                             reconstructed the active formatting elements (13.2.4.3)"
                        ),
                        "13.2.4.3",
                    )
                } else {
                    (
                        format!(
                            "clone: a copy of an earlier <{n}>, made by the adoption agency \
                             algorithm (13.2.6.4.7) when an end tag closed a misnested \
                             formatting element"
                        ),
                        "13.2.6.4.7",
                    )
                };
                add(clone, "clone", section, rule, Some(from));
            }
            StackEvent::FosterParented { node, table } => {
                let rule = foster_rule(doc, node, table);
                add(node, "foster-parented", "13.2.6.1", rule, table);
            }
            StackEvent::AdoptionMoved {
                node,
                formatting,
                step,
            } => {
                let f = name(formatting);
                let rule = match step {
                    AdoptionStep::LastNode => format!(
                        "moved: it was the furthest block inside <{f}> when an end tag closed \
                         the formatting element; the adoption agency algorithm (13.2.6.4.7, \
                         step 14) took it out of <{f}> and put it after it"
                    ),
                    AdoptionStep::ChildOfFurthestBlock { .. } => format!(
                        "moved: it was a child of the furthest block; the adoption agency \
                         algorithm (13.2.6.4.7, step 16) appended the furthest block's \
                         children to a new clone of <{f}>"
                    ),
                };
                add(node, "moved", "13.2.6.4.7", rule, Some(formatting));
            }
            StackEvent::Popped { .. } | StackEvent::EndTagSeen { .. } => {}
        }
    }
    out
}

/// The number of nodes as `websyntax html parse --output stats` counts them: every node the
/// walk from `root` (the document, or a fragment's root) enters (template contents included).
pub fn node_count(doc: &Document, root: NodeId) -> usize {
    doc.walk(root)
        .filter(|e| matches!(e, WalkEvent::Enter(..)))
        .count()
}

/// One node's name for the tree view: the element's local name, `#text`, `#comment`,
/// `#document`, the doctype's name, a processing instruction's target.
fn node_name(doc: &Document, id: NodeId) -> String {
    match doc.data(id) {
        NodeData::Document => "#document".to_owned(),
        NodeData::Fragment => "#document-fragment".to_owned(),
        NodeData::Doctype(d) => d.name.clone(),
        NodeData::Element(_) => doc.local_name(id).unwrap_or_default().to_owned(),
        NodeData::Text(_) => "#text".to_owned(),
        NodeData::Comment(_) => "#comment".to_owned(),
        NodeData::ProcessingInstruction { target, .. } => target.to_owned(),
        NodeData::ShadowRoot(_) => "#shadow-root".to_owned(),
    }
}

fn span_json(s: Option<Span>) -> serde_json::Value {
    s.map_or(serde_json::Value::Null, |s| json!([s.start, s.end]))
}

#[wasm_bindgen]
impl WsDocument {
    /// The number of nodes (`html parse --output stats`' `nodes`).
    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> u32 {
        node_count(&self.doc, self.root) as u32
    }

    /// Every node in tree order (from the document, or a fragment's root `html` element) as
    /// JSON: `[{index, depth, nodeType, name, namespace,
    /// attributes: [[name, value]…], data, span, startTag, endTag, provenance: {kind, rule,
    /// related} | null}]` (`data`: a text's, comment's or processing instruction's data).
    #[wasm_bindgen(js_name = treeJson)]
    pub fn tree_json(&self) -> String {
        let doc = &self.doc;
        let prov = provenance(doc, &self.events);
        let mut out = Vec::new();
        for event in doc.walk(self.root) {
            let WalkEvent::Enter(id, depth) = event else {
                continue;
            };
            let node_type = dom_node_type(doc.kind(id));
            let data = match doc.data(id) {
                NodeData::Text(t) | NodeData::Comment(t) => Some(t),
                NodeData::ProcessingInstruction { data, .. } => Some(data),
                _ => None,
            };
            let attributes: Vec<_> = doc
                .attrs(id)
                .map(|a| json!([a.qualified_name(), a.value()]))
                .collect();
            out.push(json!({
                "index": id.index(),
                "depth": depth,
                "nodeType": node_type,
                "name": node_name(doc, id),
                "namespace": doc.namespace(id).map(|n| format!("{n:?}").to_lowercase()),
                "attributes": attributes,
                "data": data,
                "span": span_json(doc.span(id)),
                "startTag": span_json(doc.start_tag_span(id)),
                "endTag": span_json(doc.end_tag_span(id)),
                "provenance": prov[id.index()].as_ref().map(|p| json!({
                    "kind": p.kind,
                    "rule": p.rule,
                    "section": p.section,
                    "related": p.related.map(|r| r.index()),
                })),
            }));
        }
        serde_json::Value::Array(out).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use websyntax::html::{ParseOptions, parse_document, parse_document_with_events};

    fn kinds(html: &str) -> Vec<(String, &'static str)> {
        let (doc, events) = parse_document_with_events(html, ParseOptions::default());
        let prov = provenance(&doc, &events);
        doc.node_ids()
            .filter_map(|id| {
                prov[id.index()].as_ref().map(|p| {
                    let name = doc
                        .local_name(id)
                        .map(str::to_owned)
                        .or_else(|| doc.text(id).map(|t| format!("#{t}")))
                        .unwrap_or_default();
                    (name, p.kind)
                })
            })
            .collect()
    }

    #[test]
    fn implied_elements() {
        let k = kinds("<table><tr><td>x</table>");
        for name in ["html", "head", "body", "tbody"] {
            assert!(k.contains(&(name.to_owned(), "implied")), "{name}: {k:?}");
        }
        assert!(!k.iter().any(|(n, _)| n == "table" || n == "td"));
    }

    #[test]
    fn foster_parenting() {
        let k = kinds("<table><b>x</b><tr><td>y</table>");
        assert!(k.contains(&("b".to_owned(), "foster-parented")), "{k:?}");
        assert!(!k.contains(&("#y".to_owned(), "foster-parented")));
    }

    #[test]
    fn adoption_agency() {
        let k = kinds("<b>1<p>2</b>3</p>");
        assert!(k.contains(&("p".to_owned(), "moved")), "{k:?}");
        assert!(k.contains(&("b".to_owned(), "clone")), "{k:?}");
        assert!(k.contains(&("#2".to_owned(), "moved")), "{k:?}");
        assert!(!k.contains(&("#3".to_owned(), "moved")), "{k:?}");
        // Reconstruction: the clone's text was not moved.
        let k = kinds("<p><b>x<p>y");
        assert!(k.contains(&("b".to_owned(), "clone")), "{k:?}");
        assert!(!k.iter().any(|(_, kind)| *kind == "moved"), "{k:?}");
    }

    #[test]
    fn the_npm_tests_input_and_a_fragment() {
        // js/test/viewer-api.test.mjs's input.
        let html = "<table><b>x</b><tr><td>y</table><b>1<p>2</b>3</p>";
        let (doc, events) = parse_document_with_events(html, ParseOptions::default());
        let prov = provenance(&doc, &events);
        let of = |name: &str| {
            doc.node_ids()
                .filter(|&id| doc.local_name(id) == Some(name))
                .map(|id| prov[id.index()].clone())
                .collect::<Vec<_>>()
        };
        let html_p = of("html")[0].clone().unwrap();
        assert_eq!(html_p.kind, "implied");
        assert!(html_p.rule.contains("before html"), "{}", html_p.rule);
        assert_eq!(of("tbody")[0].as_ref().unwrap().kind, "implied");
        let table = doc.find_element("table").unwrap();
        let b = of("b");
        assert_eq!(b[0].as_ref().unwrap().kind, "foster-parented");
        assert_eq!(b[0].as_ref().unwrap().related, Some(table));
        assert!(
            b.iter()
                .any(|p| p.as_ref().is_some_and(|p| p.kind == "clone"))
        );
        assert_eq!(of("p")[0].as_ref().unwrap().kind, "moved");
        assert_eq!(of("td")[0], None);
        // A fragment: the tr the "in table body" mode implied.
        let (f, events) = websyntax::html::parse_fragment_with_events(
            "<td>x</td><b>y",
            &"tbody".parse().unwrap(),
            ParseOptions::default(),
        );
        let prov = provenance(&f.document, &events);
        let tr = f.nodes().next().unwrap();
        let p = prov[tr.index()].as_ref().unwrap();
        assert_eq!((p.kind, p.section), ("implied", "13.2.6.4.13"));
        // The root, tr, td, "x", b, "y".
        assert_eq!(node_count(&f.document, f.root), 6);
    }

    /// The provenance of each node of `html` parsed as a fragment in `context`:
    /// `(name, kind, rule)`.
    fn fragment_kinds(html: &str, context: &str) -> Vec<(String, &'static str, String)> {
        let (f, events) = websyntax::html::parse_fragment_with_events(
            html,
            &context.parse().unwrap(),
            ParseOptions::default(),
        );
        let doc = &f.document;
        let prov = provenance(doc, &events);
        doc.node_ids()
            .filter_map(|id| {
                let p = prov[id.index()].as_ref()?;
                let name = doc
                    .local_name(id)
                    .map(str::to_owned)
                    .or_else(|| doc.text(id).map(|t| format!("#{t}")))?;
                Some((name, p.kind, p.rule.clone()))
            })
            .collect()
    }

    #[test]
    fn foster_parenting_in_a_tbody_fragment() {
        // 13.2.6.1: foster parenting applies when the target is a table, tbody, tfoot, thead
        // or tr. A <b> after the tr, at the top of a tbody-context fragment: "in table body"
        // defers to "in table", whose anything-else rule enables foster parenting, but the
        // target (the current node) is the fragment's root html element, so the node goes
        // where its tag was: no mark.
        assert_eq!(fragment_kinds("<tr><td>cell</td></tr><b>x", "tbody"), []);
        assert_eq!(fragment_kinds("<b>x", "tbody"), []);
        // Inside the tr, the target is the tr and no table is open (the fragment case): the
        // b goes into the html element, after the tr, foster-parented.
        let k = fragment_kinds("<td>x</td><b>y", "tbody");
        let b: Vec<_> = k.iter().filter(|(n, ..)| n == "b").collect();
        assert_eq!(b.len(), 1, "{k:?}");
        assert_eq!(b[0].1, "foster-parented");
        assert!(b[0].2.contains("no table element was open"), "{}", b[0].2);
        assert!(b[0].2.contains("into the html element"), "{}", b[0].2);
        assert!(!b[0].2.contains("before the table"), "{}", b[0].2);
        let k = fragment_kinds("<tr>x<td>y", "tbody");
        assert!(
            k.iter()
                .any(|(n, kind, _)| n == "#x" && *kind == "foster-parented"),
            "{k:?}"
        );
        // A table open in the fragment: before that table.
        let k = fragment_kinds("<table><b>x</b></table>", "div");
        assert!(
            k.iter().any(|(n, kind, r)| n == "b"
                && *kind == "foster-parented"
                && r.contains("before the table")),
            "{k:?}"
        );
    }

    #[test]
    fn foster_parenting_into_a_template() {
        // "in template" sends <tr> to "in table body": text in the tr is foster-parented into
        // the template's contents (the last template is above any table).
        let (doc, events) =
            parse_document_with_events("<template><tr>x</template>", ParseOptions::default());
        let prov = provenance(&doc, &events);
        let x = doc
            .node_ids()
            .find(|&id| doc.text(id) == Some("x"))
            .unwrap();
        let p = prov[x.index()].as_ref().unwrap();
        assert_eq!((p.kind, p.related), ("foster-parented", None));
        assert!(
            p.rule.contains("into the template's contents"),
            "{}",
            p.rule
        );
    }

    #[test]
    fn count_matches_walk() {
        let doc = parse_document("<p>a<template>b</template>", ParseOptions::default());
        // The walk the CLI's `--output stats` counts (8 here; the CLI agrees, js/test).
        assert_eq!(node_count(&doc, NodeId::DOCUMENT), 8);
    }
}
