//! Readable text of several subtrees, leaving out some of their descendants: the rule of the
//! HTML crate's readable text (`websyntax_html::text`: skipped subtrees, collapsed whitespace,
//! block elements on their own lines, a blank line around `p`, `<br>` a line break, cells
//! separated by tabs), walked iteratively.

use websyntax_html::{Document, NodeId};

use crate::walk::{Names, NodeSet, is_block, is_skipped, traverse};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Sep {
    None,
    Space,
    Tab,
    Line,
    BlankLine,
}

struct Writer<'a> {
    doc: &'a Document,
    names: Names,
    excluded: Option<&'a NodeSet>,
    scripting: bool,
    out: String,
    pending: Sep,
    pre_depth: usize,
}

impl Writer<'_> {
    fn sep(&mut self, s: Sep) {
        self.pending = self.pending.max(s);
    }

    fn flush(&mut self) {
        if self.out.is_empty() {
            self.pending = Sep::None;
            return;
        }
        let at_line_start = self.out.ends_with('\n');
        match self.pending {
            Sep::None => {}
            Sep::Space if !at_line_start => self.out.push(' '),
            Sep::Tab if !at_line_start => self.out.push('\t'),
            Sep::Space | Sep::Tab => {}
            Sep::Line => {
                if !at_line_start {
                    self.out.push('\n');
                }
            }
            Sep::BlankLine => {
                if !at_line_start {
                    self.out.push('\n');
                }
                if !self.out.ends_with("\n\n") {
                    self.out.push('\n');
                }
            }
        }
        self.pending = Sep::None;
    }

    fn text(&mut self, t: &str) {
        if self.pre_depth > 0 {
            if !t.is_empty() {
                self.flush();
                self.out.push_str(t);
            }
            return;
        }
        for (i, word) in t.split([' ', '\t', '\n', '\x0C', '\r']).enumerate() {
            if i > 0 {
                self.sep(Sep::Space);
            }
            if !word.is_empty() {
                self.flush();
                self.out.push_str(word);
            }
        }
    }

    fn line_break(&mut self) {
        if self.pending >= Sep::Line {
            self.flush();
        }
        self.pending = Sep::None;
        let trimmed = self.out.trim_end_matches([' ', '\t']).len();
        self.out.truncate(trimmed);
        self.out.push('\n');
    }

    fn enter(&mut self, id: NodeId) -> bool {
        if self.excluded.is_some_and(|s| s.contains(id)) {
            return false;
        }
        let doc = self.doc;
        if let Some(t) = doc.text(id) {
            self.text(t);
            return false;
        }
        if !doc.is_element(id) {
            return doc.comment(id).is_none();
        }
        if is_skipped(doc, &self.names, id, self.scripting) {
            return false;
        }
        let name = doc.local_name(id).unwrap_or("");
        if name == "br" {
            self.line_break();
            return false;
        }
        if is_block(name) {
            self.sep(if name == "p" {
                Sep::BlankLine
            } else {
                Sep::Line
            });
        }
        if matches!(name, "pre" | "textarea" | "listing" | "plaintext" | "xmp") {
            self.pre_depth += 1;
        }
        true
    }

    fn leave(&mut self, id: NodeId) {
        let doc = self.doc;
        let name = doc.local_name(id).unwrap_or("");
        if matches!(name, "pre" | "textarea" | "listing" | "plaintext" | "xmp") {
            self.pre_depth -= 1;
        }
        if is_block(name) {
            self.sep(if name == "p" {
                Sep::BlankLine
            } else {
                Sep::Line
            });
        }
        // Cells are separated by a tab within their row.
        if matches!(name, "td" | "th") {
            let mut n = doc.next_sibling(id);
            while let Some(x) = n {
                if matches!(doc.local_name(x), Some("td" | "th")) {
                    self.sep(Sep::Tab);
                    break;
                }
                n = doc.next_sibling(x);
            }
        }
    }
}

/// The readable text of `roots` in order (each starting on its own line), leaving out the
/// subtrees of `excluded`. `scripting`: whether the document was parsed with scripting on.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_extract::{text::readable_text, NodeSet};
///
/// let doc = parse_document("<div><p>a</p><p id=x>b</p><p>c</p></div>", ParseOptions::default());
/// let mut skip = NodeSet::with_len(doc.len());
/// skip.insert(doc.find(|n| doc.attribute(n, "id") == Some("x")).unwrap());
/// assert_eq!(readable_text(&doc, &[doc.root()], Some(&skip), true), "a\n\nc");
/// ```
pub fn readable_text(
    doc: &Document,
    roots: &[NodeId],
    excluded: Option<&NodeSet>,
    scripting: bool,
) -> String {
    let mut w = Writer {
        doc,
        names: Names::new(doc),
        excluded,
        scripting,
        out: String::new(),
        pending: Sep::None,
        pre_depth: 0,
    };
    for &root in roots {
        w.sep(Sep::Line);
        // A root inside `pre` keeps its whitespace.
        w.pre_depth = usize::from(doc.ancestors(root).any(|a| {
            matches!(
                doc.local_name(a),
                Some("pre" | "textarea" | "listing" | "plaintext" | "xmp")
            )
        }));
        traverse(doc, root, &mut w, Writer::enter, Writer::leave);
    }
    let end = w.out.trim_end().len();
    w.out.truncate(end);
    w.out
}
