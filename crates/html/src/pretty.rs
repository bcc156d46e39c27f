//! Pretty-printed HTML for people reading markup (`websyntax select --pretty`): one element
//! per line, indented by depth. Not a serialization algorithm of the HTML Standard: it adds
//! and drops whitespace, so its output does not always parse back to the same tree. Use
//! [`crate::serialize`] for anything a program reads back.

use crate::dom::{NodeData, WalkEvent};
use crate::serialize::{escape_into, is_raw_text_parent, is_void, open_tag, serialize_node_into};
use crate::{Document, NodeId};

/// ASCII whitespace.
const SPACE: [char; 5] = ['\t', '\n', '\x0C', '\r', ' '];

/// `node` and its descendants as indented HTML, two spaces per level, each line ending with a
/// newline. An element with element children gets its start tag, its children and its end
/// tag on lines of their own; any other element (only text and comments inside, a void
/// element, `pre`, `textarea`, raw-text elements, `template`) is serialized whole on one
/// line. Text between elements is trimmed, and dropped when only whitespace is left.
/// The walk is iterative: any depth works.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_html::pretty::pretty_html;
/// let doc = parse_document("<ul><li>a <b>1</b></li><li>b</li></ul>", ParseOptions::default());
/// let ul = doc.find_element("ul").unwrap();
/// assert_eq!(
///     pretty_html(&doc, ul, true),
///     "<ul>\n  <li>\n    a\n    <b>1</b>\n  </li>\n  <li>b</li>\n</ul>\n"
/// );
/// ```
pub fn pretty_html(doc: &Document, node: NodeId, scripting: bool) -> String {
    let mut out = String::new();
    // The depth (as the walk counts it) of an element printed whole: its subtree is skipped.
    let mut whole: Option<usize> = None;
    // The walk depth of the node the output indentation counts from.
    let base = match doc.data(node) {
        NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => 1,
        _ => 0,
    };
    let indent = |out: &mut String, depth: usize| {
        for _ in base..depth {
            out.push_str("  ");
        }
    };
    for ev in doc.walk(node) {
        match ev {
            WalkEvent::Enter(id, depth) => {
                if whole.is_some() {
                    continue;
                }
                match doc.data(id) {
                    NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => {}
                    NodeData::Doctype(d) => {
                        indent(&mut out, depth);
                        out.push_str("<!DOCTYPE ");
                        out.push_str(&d.name);
                        out.push_str(">\n");
                    }
                    NodeData::Comment(_) | NodeData::ProcessingInstruction { .. } => {
                        indent(&mut out, depth);
                        serialize_node_into(doc, id, scripting, &mut out);
                        out.push('\n');
                    }
                    NodeData::Text(t) => {
                        let t = t.trim_matches(SPACE);
                        if !t.is_empty() {
                            indent(&mut out, depth);
                            escape_into(&mut out, t, false);
                            out.push('\n');
                        }
                    }
                    NodeData::Element(e) => {
                        indent(&mut out, depth);
                        let keep_whole = is_void(e.namespace(), e.name())
                            || is_raw_text_parent(e.namespace(), e.name(), scripting)
                            || matches!(e.name(), "pre" | "textarea" | "listing" | "template")
                            || !doc.children(id).any(|c| doc.element(c).is_some());
                        if keep_whole {
                            serialize_node_into(doc, id, scripting, &mut out);
                            whole = Some(depth);
                        } else {
                            open_tag(&mut out, e);
                        }
                        out.push('\n');
                    }
                }
            }
            WalkEvent::Exit(id, depth) => {
                if let Some(d) = whole {
                    if d == depth {
                        whole = None;
                    }
                    continue;
                }
                if let NodeData::Element(e) = doc.data(id) {
                    indent(&mut out, depth);
                    out.push_str("</");
                    out.push_str(e.name());
                    out.push_str(">\n");
                }
            }
        }
    }
    out
}
