//! Whole-subtree edits on top of the checked mutation algorithms of `edit.rs`: DOM
//! `node.normalize()` (§4.4 "Interface Node"), `node.cloneNode(true)` within one document
//! (§4.4 "clone a node"), and the `innerHTML` setter (DOM Parsing and Serialization, via the
//! HTML Standard's fragment parsing algorithm, §13.4).
//!
//! Each goes through the same validity checks as [`Document::append_child`] and friends, so
//! the tree stays one the serializer can write; each is iterative (any depth) and linear in
//! the size of the subtree it touches.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//!
//! let mut doc = parse_document("<p>a<b>b</b>c</p>", ParseOptions::default());
//! let p = doc.find_element("p").unwrap();
//! let b = doc.find_element("b").unwrap();
//! doc.replace_with_children(b).unwrap();
//! doc.normalize(p).unwrap();
//! assert_eq!(doc.children(p).count(), 1);
//! let copy = doc.clone_node(p).unwrap();
//! doc.set_inner_html(copy, "<i>x</i>").unwrap();
//! assert_eq!(doc.outer_html(copy), "<p><i>x</i></p>");
//! assert_eq!(doc.outer_html(p), "<p>abc</p>");
//! ```

use super::{Document, HierarchyRequestError, NodeId};
use crate::{Context, ParseOptions, parse_fragment};

impl Document {
    /// DOM `node.normalize()`: in every inclusive descendant of `node`, each run of adjacent
    /// text nodes becomes one text node holding their concatenated data, and text nodes with
    /// empty data are removed. Iterative; O(size of the subtree + text moved).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<p>a</p>", ParseOptions::default());
    /// let p = doc.find_element("p").unwrap();
    /// let t = doc.create_text("b");
    /// doc.append_child(p, t).unwrap();
    /// doc.normalize(p).unwrap();
    /// assert_eq!(doc.text(doc.first_child(p).unwrap()), Some("ab"));
    /// assert_eq!(doc.children(p).count(), 1);
    /// ```
    pub fn normalize(&mut self, node: NodeId) -> Result<(), HierarchyRequestError> {
        if node.index() >= self.len() {
            return Err(HierarchyRequestError::UnknownNode(node));
        }
        let mut stack = vec![node];
        while let Some(parent) = stack.pop() {
            let mut child = self.first_child(parent);
            while let Some(c) = child {
                if self.text(c).is_none() {
                    stack.push(c);
                    child = self.next_sibling(c);
                    continue;
                }
                // Step 1-2: the run of contiguous text nodes starting at `c`.
                let mut run_end = c;
                let mut data = String::new();
                let mut n = 1;
                data.push_str(self.text(c).unwrap_or(""));
                while let Some(next) = self.next_sibling(run_end) {
                    let Some(t) = self.text(next) else { break };
                    data.push_str(t);
                    run_end = next;
                    n += 1;
                }
                let after = self.next_sibling(run_end);
                if data.is_empty() {
                    // "If length is zero, then remove node and continue."
                    self.remove_run(c, n)?;
                } else if n > 1 {
                    // Step 3-6: replace data of the first node with the whole run's data,
                    // then remove the rest of the run.
                    let merged = self.create_text(&data);
                    self.insert_before(parent, merged, Some(c))?;
                    self.remove_run(c, n)?;
                }
                child = after;
            }
        }
        Ok(())
    }

    /// Removes `n` contiguous siblings starting at `first`.
    fn remove_run(&mut self, first: NodeId, n: usize) -> Result<(), HierarchyRequestError> {
        let mut cur = Some(first);
        for _ in 0..n {
            let Some(c) = cur else { break };
            cur = self.next_sibling(c);
            self.remove(c)?;
        }
        Ok(())
    }

    /// DOM `node.cloneNode(true)` in this document: a detached deep copy of `node` (its
    /// attributes, children, template contents and shadow root). Iterative; O(size of the
    /// subtree).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<p id=a>x<b>y</b></p>", ParseOptions::default());
    /// let p = doc.find_element("p").unwrap();
    /// let copy = doc.clone_node(p).unwrap();
    /// assert_eq!(doc.parent(copy), None);
    /// assert_eq!(doc.outer_html(copy), "<p id=\"a\">x<b>y</b></p>");
    /// ```
    pub fn clone_node(&mut self, node: NodeId) -> Result<NodeId, HierarchyRequestError> {
        if node.index() >= self.len() {
            return Err(HierarchyRequestError::UnknownNode(node));
        }
        // Copy out to a scratch document, then back: each copy is linear in the subtree.
        let mut scratch = Document::new();
        let tmp = scratch.import_node(self, node);
        Ok(self.import_node(&scratch, tmp))
    }

    /// The `innerHTML` setter: `node`'s children (a `template`'s contents) are replaced by the
    /// nodes of `html` parsed with the HTML fragment parsing algorithm (§13.4), `node` as the
    /// context element (a non-element node: a `body` context), scripting enabled. Iterative;
    /// O(old children + new markup).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let mut doc = parse_document("<table><tr><td>old</td></tr></table>", ParseOptions::default());
    /// let tr = doc.find_element("tr").unwrap();
    /// doc.set_inner_html(tr, "<td>a<td>b").unwrap();
    /// assert_eq!(doc.outer_html(tr), "<tr><td>a</td><td>b</td></tr>");
    /// ```
    pub fn set_inner_html(
        &mut self,
        node: NodeId,
        html: &str,
    ) -> Result<(), HierarchyRequestError> {
        if node.index() >= self.len() {
            return Err(HierarchyRequestError::UnknownNode(node));
        }
        let target = self.template_contents(node).unwrap_or(node);
        if target == NodeId::DOCUMENT {
            return Err(HierarchyRequestError::CannotInsertNode);
        }
        let context = match self.element(node) {
            Some(e) => Context {
                namespace: e.namespace(),
                name: e.name().to_owned(),
                attrs: Vec::new(),
            },
            None => Context::html("body"),
        };
        let options = ParseOptions {
            standard: self.standard(),
            collect_errors: false,
            ..ParseOptions::default()
        };
        let fragment = parse_fragment(html, &context, options);
        let copies: Vec<NodeId> = fragment
            .nodes()
            .map(|n| self.import_node(&fragment.document, n))
            .collect();
        // A document accepts no text and one element: check every insertion before the old
        // children go, so that a refused edit leaves the tree as it was.
        let holder = self.create_fragment();
        for &c in &copies {
            self.append_child(holder, c)?;
        }
        while let Some(c) = self.first_child(target) {
            self.remove(c)?;
        }
        self.append_child(target, holder)?;
        Ok(())
    }
}
