//! Living standard only: §4.10.10 (the option element) "maybe clone an option into
//! selectedcontent", which the parser runs when it pops an `option` (whatwg/html 172cccf4,
//! 4ce63af1, 1889a76a). The seed text has no `selectedcontent`.

use super::TreeBuilder;
use crate::dom::{Namespace, NodeData, NodeId};

impl TreeBuilder {
    fn is_html(&self, node: NodeId, name: &str) -> bool {
        self.doc.is_html_element(node, name)
    }

    /// "To get the nearest ancestor select given an Element element": "Let ancestorOptgroup
    /// be null. For each ancestor of element's ancestors, in reverse tree order: If ancestor is
    /// a datalist, hr, or option element, then return null. If ancestor is an optgroup
    /// element: If ancestorOptgroup is not null, then return null. Set ancestorOptgroup to
    /// ancestor. If ancestor is a select, then return ancestor. Return null."
    fn nearest_ancestor_select(&mut self, element: NodeId) -> Option<NodeId> {
        let mut optgroup = false;
        let mut node = self.doc.parent(element);
        while let Some(a) = node {
            self.work += 1;
            if self.doc.namespace(a) == Some(Namespace::Html) {
                match self.doc.local_name(a) {
                    Some("datalist" | "hr" | "option") => return None,
                    Some("optgroup") => {
                        if optgroup {
                            return None;
                        }
                        optgroup = true;
                    }
                    Some("select") => return Some(a),
                    _ => {}
                }
            }
            node = self.doc.parent(a);
        }
        None
    }

    /// The option of `select`'s list of options (the option descendants whose nearest
    /// ancestor select is `select`) whose selectedness is true right after the selectedness
    /// setting algorithm has run for a non-`multiple` select: the last option with a
    /// `selected` attribute, or else (display size 1) the first option that is not disabled.
    fn selected_option(&mut self, select: NodeId) -> Option<NodeId> {
        let size_one = self
            .doc
            .attribute(select, "size")
            .is_none_or(|v| v.trim().parse::<u32>().map_or(true, |n| n <= 1));
        let mut last_selected = None;
        let mut first_enabled = None;
        let options: Vec<NodeId> = self
            .doc
            .descendants(select)
            .filter(|&n| self.doc.is_html_element(n, "option"))
            .collect();
        self.work += options.len() as u64;
        for option in options {
            if self.nearest_ancestor_select(option) != Some(select) {
                continue;
            }
            if self.doc.attribute(option, "selected").is_some() {
                last_selected = Some(option);
            }
            if first_enabled.is_none() && !self.option_disabled(option) {
                first_enabled = Some(option);
            }
        }
        last_selected.or(if size_one { first_enabled } else { None })
    }

    /// An option is disabled if it has a `disabled` attribute or is a child of a disabled
    /// `optgroup`.
    fn option_disabled(&self, option: NodeId) -> bool {
        self.doc.attribute(option, "disabled").is_some()
            || self.doc.parent(option).is_some_and(|p| {
                self.is_html(p, "optgroup") && self.doc.attribute(p, "disabled").is_some()
            })
    }

    /// "To get a select's enabled selectedcontent given a select element select: If select
    /// has the multiple attribute, then return null. Let selectedcontent be the first
    /// selectedcontent element descendant of select in tree order if any such element exists;
    /// otherwise return null. If selectedcontent's disabled is true, then return null. Return
    /// selectedcontent." (A selectedcontent's "disabled" is set only by DOM operations this
    /// parser does not perform, so it is false here.)
    fn enabled_selectedcontent(&mut self, select: NodeId) -> Option<NodeId> {
        if self.doc.attribute(select, "multiple").is_some() {
            return None;
        }
        let found = self
            .doc
            .descendants(select)
            .find(|&n| self.doc.is_html_element(n, "selectedcontent"));
        self.work += 1;
        found
    }

    /// "To maybe clone an option into selectedcontent, given an option option: Let select be
    /// option's option element nearest ancestor select. If all of the following conditions are
    /// true: select is not null; option's selectedness is true; and select's enabled
    /// selectedcontent is not null, then run clone an option into a selectedcontent given
    /// option and select's enabled selectedcontent."
    // Out of line: `pop` calls it, and only the living standard's `selectedcontent` needs it.
    #[cold]
    #[inline(never)]
    pub(super) fn maybe_clone_option_into_selectedcontent(&mut self, option: NodeId) {
        let Some(select) = self.nearest_ancestor_select(option) else {
            return;
        };
        if self.selected_option(select) != Some(option) {
            return;
        }
        let Some(selectedcontent) = self.enabled_selectedcontent(select) else {
            return;
        };
        // A selectedcontent inside the option itself would be cloned into itself: leave it.
        if self.doc.ancestors(selectedcontent).any(|a| a == option) {
            return;
        }
        self.clone_option_into_selectedcontent(option, selectedcontent);
    }

    /// "To clone an option into a selectedcontent, given an option element option and a
    /// selectedcontent element selectedcontent: Let documentFragment be the result of creating
    /// a document fragment given option's node document. For each child of option's children:
    /// Let childClone be the result of running clone given child with subtree set to true.
    /// Append childClone to documentFragment. Replace all with documentFragment within
    /// selectedcontent."
    fn clone_option_into_selectedcontent(&mut self, option: NodeId, selectedcontent: NodeId) {
        // Replace all: remove the old children first.
        while let Some(child) = self.doc.first_child(selectedcontent) {
            self.work += 1;
            self.doc.detach(child);
        }
        // Clone the option's subtree with an explicit stack (no recursion): (source, new
        // parent), children pushed in reverse so they are appended in tree order.
        let mut stack: Vec<(NodeId, NodeId)> = self
            .doc
            .children(option)
            .map(|c| (c, selectedcontent))
            .collect();
        stack.reverse();
        while let Some((src, parent)) = stack.pop() {
            self.work += 1;
            if self.at_node_limit() {
                return;
            }
            let copy = match self.doc.data(src) {
                NodeData::Text(t) => {
                    let t = t.to_owned();
                    self.doc.create_text(&t)
                }
                NodeData::Comment(c) => {
                    let c = c.to_owned();
                    self.doc.create_comment(&c)
                }
                NodeData::Element(_) => self.clone_counted(src),
                _ => continue,
            };
            self.doc.append(parent, copy);
            if self.doc.is_element(src) {
                let first = stack.len();
                stack.extend(self.doc.children(src).map(|c| (c, copy)));
                stack[first..].reverse();
            }
        }
    }
}
