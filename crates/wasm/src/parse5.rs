//! `toParse5()`: the document as one flat JSON array of node records in tree order, which the
//! JavaScript side (`decodeParse5` in js/src/api.js) turns into parse5's default tree adapter
//! shape in one loop: one boundary crossing and one `JSON.parse` per document. The walk is
//! iterative (documents can be 10^6 levels deep).
//!
//! Records: `kind, parent record` then
//! - 0 document: `mode`;
//! - 1 doctype: `name, publicId, systemId`;
//! - 2 element: `tagName, namespace (0 HTML, 1 SVG, 2 MathML), attribute count`, then per
//!   attribute `name, value, namespace (0 none, 1 xlink, 2 xml, 3 xmlns)` and, unless 0, the
//!   prefix;
//! - 3 text: `value`; 4 comment: `data`;
//! - 5 a template's content fragment (its parent is the template).
//!
//! With `locations`, each record ends with `null` (parse5's locations are not produced yet).

use serde_json::{Value, json};
use wasm_bindgen::prelude::*;
use websyntax::html::dom::{AttrNamespace, Namespace, NodeData, QuirksMode};
use websyntax::html::{self as h, NodeId, ParseOptions};

use crate::{BindError, limits, node_limit};

/// The flat record list of `html` parsed as a document (see the module docs), as JSON.
#[wasm_bindgen(js_name = parse5Json)]
pub fn parse5_json(
    html: &str,
    scripting: bool,
    locations: bool,
    max_nodes: f64,
) -> Result<String, BindError> {
    // parse5 builds the standard's tree at any depth.
    let lim = limits(max_nodes, f64::INFINITY, html.len())?;
    let options = ParseOptions {
        scripting,
        limits: lim,
        ..ParseOptions::default()
    };
    let doc = h::parse_document(html, options);
    if doc.limits_reached().stopped_early() {
        return Err(node_limit(&lim, Some(doc.limits_reached())));
    }
    Ok(Value::Array(records(&doc, locations)).to_string())
}

fn records(doc: &h::Document, locations: bool) -> Vec<Value> {
    let mut out = Vec::with_capacity(doc.len() * 4);
    let mut count: i64 = 0;
    // (node, parent record) in reverse of the order they are emitted.
    let mut stack: Vec<(NodeId, i64)> = vec![(doc.root(), -1)];
    while let Some((id, parent)) = stack.pop() {
        let me = count;
        count += 1;
        out.push(json!(0));
        out.push(json!(parent));
        let kind_at = out.len() - 2;
        let mut emitted = true;
        match doc.data(id) {
            NodeData::Document => {
                out.push(json!(match doc.quirks_mode {
                    QuirksMode::NoQuirks => "no-quirks",
                    QuirksMode::LimitedQuirks => "limited-quirks",
                    QuirksMode::Quirks => "quirks",
                }));
            }
            NodeData::Doctype(dt) => {
                out[kind_at] = json!(1);
                out.push(json!(dt.name));
                out.push(json!(dt.public_id));
                out.push(json!(dt.system_id));
            }
            NodeData::Element(_) => {
                out[kind_at] = json!(2);
                out.push(json!(doc.local_name(id).unwrap_or("")));
                out.push(json!(match doc.namespace(id) {
                    Some(Namespace::Svg) => 1,
                    Some(Namespace::MathMl) => 2,
                    _ => 0,
                }));
                let count_at = out.len();
                out.push(json!(0));
                let mut n = 0;
                for a in doc.attrs(id) {
                    n += 1;
                    out.push(json!(a.name()));
                    out.push(json!(a.value()));
                    let ns = match a.namespace() {
                        AttrNamespace::None => 0,
                        AttrNamespace::XLink => 1,
                        AttrNamespace::Xml => 2,
                        AttrNamespace::Xmlns => 3,
                    };
                    out.push(json!(ns));
                    if ns != 0 {
                        out.push(json!(a.prefix().unwrap_or("")));
                    }
                }
                out[count_at] = json!(n);
            }
            NodeData::Text(t) => {
                out[kind_at] = json!(3);
                out.push(json!(t));
            }
            NodeData::Comment(c) => {
                out[kind_at] = json!(4);
                out.push(json!(c));
            }
            // parse5 has no processing instructions or shadow roots (seed standard: none).
            NodeData::ProcessingInstruction { .. }
            | NodeData::ShadowRoot(_)
            | NodeData::Fragment => {
                out.truncate(kind_at);
                count -= 1;
                emitted = false;
            }
        }
        if !emitted {
            continue;
        }
        if locations {
            out.push(Value::Null);
        }
        // Children in reverse, so that they pop in order; a template's go under its
        // content fragment, emitted first.
        let children: Vec<NodeId> = doc.children(id).collect();
        for &c in children.iter().rev() {
            stack.push((c, me));
        }
        if let Some(content) = doc.template_contents(id) {
            let frag = count;
            count += 1;
            out.push(json!(5));
            out.push(json!(me));
            if locations {
                out.push(Value::Null);
            }
            let inner: Vec<NodeId> = doc.children(content).collect();
            for &c in inner.iter().rev() {
                stack.push((c, frag));
            }
        }
    }
    out
}
