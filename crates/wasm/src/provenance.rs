//! The tree view's data: every node of a parsed document in tree order, with its source span
//! and its *provenance*, what the tree builder did to put it where it is when that is not
//! simply "inserted where its tag was" (`Document.tree()`, `Document.nodeCount`).
//!
//! The parser records source spans, not the steps it took, so provenance is read off the
//! finished tree, the spans and the HTML Standard's rules (13.2 "Parsing HTML documents"):
//!
//! - **implied**: an element with no start tag of its own that is not a formatting element
//!   (`html`, `head`, `body`, `tbody`, `tr`, `colgroup`, a `p` opened by a stray `</p>`): an
//!   insertion mode inserted it for a token that needed it;
//! - **clone**: a formatting element (`a`, `b`, `big`, `code`, `em`, `font`, `i`, `nobr`, `s`,
//!   `small`, `strike`, `strong`, `tt`, `u`) with no start tag of its own: a copy of an
//!   earlier one, made when the tree builder reconstructed the active formatting elements
//!   (13.2.4.3) or by the adoption agency algorithm (13.2.6.4.7); `related` is the element it
//!   copies (the last one before it, in tree order, with a start tag, the same name and
//!   namespace);
//! - **foster-parented**: a node placed before a `table` although its token came after the
//!   table's start tag (13.2.6.1, "appropriate place for inserting a node" with foster
//!   parenting enabled); `related` is the table;
//! - **moved**: a node the adoption agency algorithm moved: a block (the "furthest block")
//!   right after a formatting element that holds, as its child, a clone of that element (the
//!   block was taken out of the formatting element and put after it), and the clone's
//!   children ("take all of the child nodes of furthest block and append them to the element
//!   created"); `related` is that formatting element.
//!
//! Every pass is a loop over the nodes (no recursion), linear in their number.

use std::collections::HashMap;

use serde_json::json;
use wasm_bindgen::prelude::*;
use websyntax::html::dom::{NodeData, WalkEvent};
use websyntax::html::{Document, NodeId, Span};

use crate::document::{WsDocument, dom_node_type};

/// What the tree builder did with a node (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// `implied`, `clone`, `foster-parented` or `moved`.
    pub kind: &'static str,
    /// The rule, in words, with the HTML Standard's section.
    pub rule: String,
    /// The node it relates to (the original of a clone, the table, the formatting element).
    pub related: Option<NodeId>,
}

/// The HTML formatting elements (13.2.4.3, the list of active formatting elements).
fn is_formatting(name: &str) -> bool {
    matches!(
        name,
        "a" | "b"
            | "big"
            | "code"
            | "em"
            | "font"
            | "i"
            | "nobr"
            | "s"
            | "small"
            | "strike"
            | "strong"
            | "tt"
            | "u"
    )
}

/// The insertion mode that implies an element of this name, for the rule's text.
fn implied_rule(name: &str) -> String {
    let why = match name {
        "html" => {
            "the \"before html\" insertion mode (13.2.6.4.2) inserts an html element for a token that needs one"
        }
        "head" => {
            "the \"before head\" insertion mode (13.2.6.4.3) inserts a head element for a token that needs one"
        }
        "body" => {
            "the \"after head\" insertion mode (13.2.6.4.6) inserts a body element for a token that needs one"
        }
        "tbody" => {
            "the \"in table\" insertion mode (13.2.6.4.9): a tr, td or th start tag inserts a tbody element first"
        }
        "tr" => {
            "the \"in table body\" insertion mode (13.2.6.4.13): a td or th start tag inserts a tr element first"
        }
        "colgroup" => {
            "the \"in table\" insertion mode (13.2.6.4.9): a col start tag inserts a colgroup element first"
        }
        "p" => {
            "the \"in body\" insertion mode (13.2.6.4.7): a </p> end tag with no p element in button scope inserts an empty p element"
        }
        _ => "the tree builder inserted it without a start tag of its own (13.2.6)",
    };
    format!("implied: {why}")
}

/// The provenance of every node of `doc`, indexed by node index (`None`: inserted where its
/// token was).
pub fn provenance(doc: &Document) -> Vec<Option<Provenance>> {
    let mut out: Vec<Option<Provenance>> = vec![None; doc.len()];
    // Pass 1, in tree order: implied elements and clones (with the element each copies).
    let mut last_original: HashMap<(String, String), NodeId> = HashMap::new();
    let mut clones: Vec<(NodeId, NodeId)> = Vec::new();
    let mut tables: Vec<NodeId> = Vec::new();
    for event in doc.walk(NodeId::DOCUMENT) {
        let WalkEvent::Enter(id, _) = event else {
            continue;
        };
        let Some(name) = doc.local_name(id) else {
            continue;
        };
        let key = (format!("{:?}", doc.namespace(id)), name.to_owned());
        if doc.start_tag_span(id).is_some() {
            if name == "table" {
                tables.push(id);
            }
            last_original.insert(key, id);
            continue;
        }
        if is_formatting(name) {
            let original = last_original.get(&key).copied();
            if let Some(o) = original {
                clones.push((id, o));
            }
            out[id.index()] = Some(Provenance {
                kind: "clone",
                rule: format!(
                    "clone: a copy of an earlier <{name}>, made when the tree builder \
                     reconstructed the active formatting elements (13.2.4.3) or by the \
                     adoption agency algorithm (13.2.6.4.7)"
                ),
                related: original,
            });
        } else {
            out[id.index()] = Some(Provenance {
                kind: "implied",
                rule: implied_rule(name),
                related: None,
            });
        }
    }
    // Pass 2: foster parenting. The nodes just before a table whose source starts after the
    // table's start tag were inserted before it, not where their tokens were.
    for &table in &tables {
        let Some(t) = doc.start_tag_span(table) else {
            continue;
        };
        let mut prev = doc.prev_sibling(table);
        while let Some(p) = prev {
            match doc.span(p) {
                Some(s) if s.start > t.start => {
                    out[p.index()] = Some(Provenance {
                        kind: "foster-parented",
                        rule: "foster-parented: its token came inside the table, where it \
                               may not go, so it was inserted before the table (13.2.6.1, \
                               the appropriate place for inserting a node, with foster \
                               parenting enabled by the \"in table\" insertion mode, \
                               13.2.6.4.9)"
                            .to_owned(),
                        related: Some(table),
                    });
                }
                Some(_) => break,
                None => {}
            }
            prev = doc.prev_sibling(p);
        }
    }
    // Pass 3: the adoption agency's moves. A clone whose parent is a block right after the
    // clone's original: that block was the furthest block, taken out of the formatting
    // element and put after it, and the clone's children were the block's children, moved
    // into the clone (13.2.6.4.7).
    for (clone, original) in clones {
        let Some(block) = doc.parent(clone) else {
            continue;
        };
        if doc.span(block).is_none() || doc.prev_sibling(block) != Some(original) {
            continue;
        }
        let name = doc.local_name(original).unwrap_or_default();
        if out[block.index()].is_none() {
            out[block.index()] = Some(Provenance {
                kind: "moved",
                rule: format!(
                    "moved: it was the furthest block inside <{name}> when an end tag closed \
                     the formatting element; the adoption agency algorithm (13.2.6.4.7) took \
                     the block out of <{name}> and put it after it"
                ),
                related: Some(original),
            });
        }
        for child in doc.children(clone) {
            if out[child.index()].is_none() && doc.span(child).is_some() {
                out[child.index()] = Some(Provenance {
                    kind: "moved",
                    rule: format!(
                        "moved: it was a child of the furthest block; the adoption agency \
                         algorithm (13.2.6.4.7) took all of the furthest block's children and \
                         appended them to a new clone of <{name}>"
                    ),
                    related: Some(original),
                });
            }
        }
    }
    out
}

/// The number of nodes as `websyntax html parse --output stats` counts them: every node the
/// walk from the document enters (template contents included).
pub fn node_count(doc: &Document) -> usize {
    doc.walk(NodeId::DOCUMENT)
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
        node_count(&self.doc) as u32
    }

    /// Every node in tree order as JSON: `[{index, depth, nodeType, name, namespace,
    /// attributes: [[name, value]…], data, span, startTag, endTag, provenance: {kind, rule,
    /// related} | null}]` (`data`: a text's, comment's or processing instruction's data).
    #[wasm_bindgen(js_name = treeJson)]
    pub fn tree_json(&self) -> String {
        let doc = &self.doc;
        let prov = provenance(doc);
        let mut out = Vec::new();
        for event in doc.walk(NodeId::DOCUMENT) {
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
    use websyntax::html::{ParseOptions, parse_document};

    fn kinds(html: &str) -> Vec<(String, &'static str)> {
        let doc = parse_document(html, ParseOptions::default());
        let prov = provenance(&doc);
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
    fn count_matches_walk() {
        let doc = parse_document("<p>a<template>b</template>", ParseOptions::default());
        // The walk the CLI's `--output stats` counts (8 here; the CLI agrees, js/test).
        assert_eq!(node_count(&doc), 8);
    }
}
