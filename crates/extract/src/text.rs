//! Readable text of several subtrees, leaving out some of their descendants: the rule of the
//! HTML crate's readable text (`websyntax_html::text`: skipped subtrees, collapsed whitespace,
//! block elements on their own lines, a blank line around `p`, `<br>` a line break, cells
//! separated by tabs), walked iteratively.

use websyntax_html::dom::NodeData;
use websyntax_html::text::{Separator, TextBuffer};
use websyntax_html::{Document, NodeId};

use crate::markdown::escape::{CLASS, WS};
use crate::walk::{Names, NodeSet, Tag, is_skipped_element, traverse};

struct Writer<'a> {
    doc: &'a Document,
    names: Names,
    excluded: Option<&'a NodeSet>,
    scripting: bool,
    buf: TextBuffer,
    pre_depth: usize,
}

impl Writer<'_> {
    fn sep(&mut self, s: Separator) {
        self.buf.separate(s);
    }

    fn flush(&mut self) {
        self.buf.flush();
    }

    fn text(&mut self, t: &str) {
        if self.pre_depth > 0 {
            if !t.is_empty() {
                self.flush();
                self.buf.push_str(t);
            }
            return;
        }
        let is_ws = |c: u8| CLASS[c as usize] & WS != 0;
        let b = t.as_bytes();
        let n = b.len();
        let mut i = 0;
        while i < n && is_ws(b[i]) {
            i += 1;
        }
        if i > 0 {
            self.sep(Separator::Space);
        }
        if i == n {
            return;
        }
        let start = i;
        while i < n && !is_ws(b[i]) {
            i += 1;
        }
        self.flush();
        self.buf.push_str(&t[start..i]);
        // The next words follow a word (nothing is pending): each is a space and the word.
        // `t[run..i]` is output as it is: words after a single space.
        let mut run = i;
        loop {
            let ws = i;
            while i < n && is_ws(b[i]) {
                i += 1;
            }
            if i == n {
                self.buf.push_str(&t[run..ws]);
                if ws < n {
                    self.sep(Separator::Space);
                }
                return;
            }
            let start = i;
            while i < n && !is_ws(b[i]) {
                i += 1;
            }
            if start == ws + 1 && b[ws] == b' ' {
                continue;
            }
            self.buf.push_str(&t[run..ws]);
            self.buf.push(' ');
            self.buf.push_str(&t[start..i]);
            run = i;
        }
    }

    fn line_break(&mut self) {
        self.buf.line_break();
    }

    fn enter(&mut self, id: NodeId) -> bool {
        if self.excluded.is_some_and(|s| s.contains(id)) {
            return false;
        }
        let doc = self.doc;
        let e = match doc.data(id) {
            NodeData::Element(e) => e,
            NodeData::Text(t) => {
                self.text(t);
                return false;
            }
            NodeData::Comment(_) => return false,
            _ => return true,
        };
        let info = self.names.info(doc, e);
        if is_skipped_element(&self.names, e, info, self.scripting) {
            return false;
        }
        if info.tag == Tag::Br {
            self.line_break();
            return false;
        }
        if info.block {
            self.sep(if info.tag == Tag::P {
                Separator::BlankLine
            } else {
                Separator::Line
            });
        }
        if is_pre_like(info.tag) {
            self.pre_depth += 1;
        }
        true
    }

    fn leave(&mut self, id: NodeId) {
        let doc = self.doc;
        let Some(e) = doc.element(id) else {
            return;
        };
        let info = self.names.info(doc, e);
        if is_pre_like(info.tag) {
            self.pre_depth -= 1;
        }
        if info.block {
            self.sep(if info.tag == Tag::P {
                Separator::BlankLine
            } else {
                Separator::Line
            });
        }
        // Cells are separated by a tab within their row.
        if matches!(info.tag, Tag::Td | Tag::Th) {
            let mut n = doc.next_sibling(id);
            while let Some(x) = n {
                if matches!(doc.local_name(x), Some("td" | "th")) {
                    self.sep(Separator::Tab);
                    break;
                }
                n = doc.next_sibling(x);
            }
        }
    }
}

/// Elements whose text keeps its whitespace.
fn is_pre_like(tag: Tag) -> bool {
    matches!(
        tag,
        Tag::Pre | Tag::Textarea | Tag::Listing | Tag::Plaintext | Tag::Xmp
    )
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
        buf: TextBuffer::default(),
        pre_depth: 0,
    };
    for &root in roots {
        w.sep(Separator::Line);
        // A root inside `pre` keeps its whitespace.
        w.pre_depth = usize::from(doc.ancestors(root).any(|a| {
            matches!(
                doc.local_name(a),
                Some("pre" | "textarea" | "listing" | "plaintext" | "xmp")
            )
        }));
        traverse(doc, root, &mut w, Writer::enter, Writer::leave);
    }
    w.buf.finish()
}
