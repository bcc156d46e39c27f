//! A log of what the tree builder did to elements that the DOM does not keep: which token was
//! being processed when each element left the stack of open elements, which `</body>` and
//! `</html>` end tags were seen while those elements stayed open, which elements are clones
//! of which, which elements an insertion mode implied (no tag of their own in the source),
//! which nodes foster parenting placed, and which nodes the adoption agency algorithm moved.
//! Off unless asked for ([`crate::parse_document_with_events`]; the normal parse records
//! nothing); tools that rebuild another parser's source locations from ours (the npm
//! package's parse5 trees) or show why a node is where it is (the viewer's tree) read it.

use super::InsertionMode;
use crate::dom::NodeId;
use crate::error::Span;

/// Which step of the adoption agency algorithm (13.2.6.4.7) moved a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdoptionStep {
    /// Step 14 ("insert whatever last node ended up being in the appropriate place for
    /// inserting a node, but using common ancestor as the override target"): the node is the
    /// furthest block, or the outermost clone the inner loop put around it.
    LastNode,
    /// Step 16 ("take all of the child nodes of furthest block and append them to the
    /// element created in the last step"): the node was a child of the furthest block and is
    /// now a child of `clone`, the formatting element's new copy.
    ChildOfFurthestBlock {
        /// The formatting element's clone (step 15) the node now belongs to.
        clone: NodeId,
    },
}

/// One step of the tree builder on an element (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackEvent {
    /// `node` was removed from the stack of open elements (§13.2.4.2) after the tag at
    /// `token` was processed (the last start or end tag: text, comments and the steps of the
    /// end-of-file token do not change it). `named`: that tag is an end tag with the element's
    /// name (ASCII case-insensitively). `eof_depth`: the removal is "the end" (§13.2.7, after
    /// the end-of-file token's steps; `token` is then the end of the input), with this many
    /// elements below `node` on the stack.
    Popped {
        /// The element.
        node: NodeId,
        /// The span of the last tag (or the end of the input).
        token: Span,
        /// The tag is an end tag naming the element.
        named: bool,
        /// At the end of the file: the element's position on the stack (0 for `html`).
        eof_depth: Option<u32>,
        /// The removal happened while that tag itself was processed (as for a void element,
        /// pushed and popped at once).
        in_tag: bool,
    },
    /// An end tag `</body>` or `</html>` was processed while `node` (the `body` or `html`
    /// element, or for `</html>` the element above `html` at the bottom of the stack) stayed
    /// open, as the spec has it. `named`: the end tag has the element's name.
    EndTagSeen {
        /// The element.
        node: NodeId,
        /// The end tag's span.
        token: Span,
        /// The end tag names the element.
        named: bool,
    },
    /// `clone` was created as a copy of `from`: by "reconstruct the active formatting
    /// elements" (`reconstructed`) or by the adoption agency algorithm.
    Cloned {
        /// The new element.
        clone: NodeId,
        /// The element copied.
        from: NodeId,
        /// Made by reconstructing the active formatting elements.
        reconstructed: bool,
    },
    /// `node`, an element without a tag of its own in the source, was inserted by a rule of
    /// the insertion mode `mode` for a token that needed it: `html` ("before html", 13.2.6.4.2),
    /// `head` ("before head", 13.2.6.4.3), `body` ("after head", 13.2.6.4.6), `tbody` and
    /// `colgroup` ("in table", 13.2.6.4.9), `tr` ("in table body", 13.2.6.4.13), the empty `p`
    /// of a `</p>` with no `p` in button scope ("in body", 13.2.6.4.7).
    Implied {
        /// The element.
        node: NodeId,
        /// The insertion mode whose rule inserted it.
        mode: InsertionMode,
    },
    /// `node` was inserted by foster parenting (13.2.6.1, the appropriate place for inserting
    /// a node with foster parenting enabled): its token came where the node may not go (in a
    /// `table`, `tbody`, `tfoot`, `thead` or `tr`), so it went elsewhere: before `table`, the
    /// last `table` on the stack of open elements (`Some`, also when the table has no parent
    /// and the node went into the element below it on the stack), or, with no table or a
    /// later `template`, into that `template`'s contents or the `html` element (`None`).
    FosterParented {
        /// The node (an element, text, or comment; a text node that received several runs of
        /// characters is logged for each).
        node: NodeId,
        /// The table the node was kept out of.
        table: Option<NodeId>,
    },
    /// The adoption agency algorithm moved `node` while processing the end tag of the
    /// formatting element `formatting` (13.2.6.4.7), at `step`.
    AdoptionMoved {
        /// The node moved.
        node: NodeId,
        /// The formatting element the end tag closed.
        formatting: NodeId,
        /// The step that moved it.
        step: AdoptionStep,
    },
}

#[cfg(test)]
mod tests {
    use super::{AdoptionStep, InsertionMode, StackEvent};
    use crate::dom::{Document, NodeId};
    use crate::{ParseOptions, parse_document_with_events};

    fn name(doc: &Document, id: NodeId) -> String {
        doc.local_name(id)
            .map(str::to_owned)
            .or_else(|| doc.text(id).map(|t| format!("#{t}")))
            .unwrap_or_default()
    }

    fn parse(html: &str) -> (Document, Vec<StackEvent>) {
        parse_document_with_events(html, ParseOptions::default())
    }

    #[test]
    fn implied_elements_with_their_insertion_mode() {
        let (doc, events) = parse("x<table><td>y</td><col></table><p>a</p></p>");
        let implied: Vec<(String, InsertionMode)> = events
            .iter()
            .filter_map(|e| match *e {
                StackEvent::Implied { node, mode } => Some((name(&doc, node), mode)),
                _ => None,
            })
            .collect();
        use InsertionMode::*;
        let want = [
            ("html", BeforeHtml),
            ("head", BeforeHead),
            ("body", AfterHead),
            ("tbody", InTable),
            ("tr", InTableBody),
            ("colgroup", InTable),
            ("p", InBody),
        ];
        let want: Vec<(String, InsertionMode)> =
            want.iter().map(|(n, m)| (n.to_string(), *m)).collect();
        assert_eq!(implied, want);
        // Elements with tags of their own are not implied.
        let (_, events) = parse("<html><head></head><body><table><tbody><tr><td>");
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, StackEvent::Implied { .. })),
            "{events:?}"
        );
    }

    #[test]
    fn foster_parented_nodes_with_their_table() {
        let (doc, events) = parse("<table>x<b>y</b><tr><td>z</td></tr><!--c--></table>");
        let table = doc
            .node_ids()
            .find(|&id| doc.local_name(id) == Some("table"))
            .unwrap();
        let fostered: Vec<String> = events
            .iter()
            .filter_map(|e| match *e {
                StackEvent::FosterParented { node, table: t } => {
                    assert_eq!(t, Some(table));
                    Some(name(&doc, node))
                }
                _ => None,
            })
            .collect();
        // The text and the b (with its text: inserted into b, not fostered); the cell's text
        // and the comment stay in the table.
        assert_eq!(fostered, ["#x", "b"]);
        let (_, events) = parse("<table><tr><td>z</table>");
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, StackEvent::FosterParented { .. }))
        );
    }

    #[test]
    fn adoption_agency_moves() {
        let (doc, events) = parse("<b>1<p>2<i>3</i></b>4</p>");
        let b = doc
            .node_ids()
            .find(|&id| doc.local_name(id) == Some("b") && doc.start_tag_span(id).is_some())
            .unwrap();
        let moved: Vec<(String, AdoptionStep)> = events
            .iter()
            .filter_map(|e| match *e {
                StackEvent::AdoptionMoved {
                    node,
                    formatting,
                    step,
                } => {
                    assert_eq!(formatting, b);
                    Some((name(&doc, node), step))
                }
                _ => None,
            })
            .collect();
        assert_eq!(moved.len(), 3, "{moved:?}");
        assert_eq!(moved[0], ("p".to_owned(), AdoptionStep::LastNode));
        let clone = match moved[1].1 {
            AdoptionStep::ChildOfFurthestBlock { clone } => clone,
            other => panic!("{other:?}"),
        };
        assert_eq!(doc.local_name(clone), Some("b"));
        assert_eq!(doc.parent(clone).and_then(|p| doc.local_name(p)), Some("p"));
        assert_eq!(moved[1].0, "#2");
        assert_eq!(moved[2].0, "i");
        // A well-nested end tag moves nothing.
        let (_, events) = parse("<b>1<p>2</p></b>");
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, StackEvent::AdoptionMoved { .. }))
        );
    }

    #[test]
    fn nothing_is_recorded_without_the_log() {
        // The normal parse has no log; the same tree either way.
        let html = "<table>x<tr><td><b>1<p>2</b>3</table>";
        let (doc, _) = parse(html);
        let plain = crate::parse_document(html, ParseOptions::default());
        assert_eq!(
            doc.to_test_tree(NodeId::DOCUMENT),
            plain.to_test_tree(NodeId::DOCUMENT)
        );
    }
}
