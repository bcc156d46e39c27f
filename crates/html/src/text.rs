//! Readable text: the text a reader sees, for extraction ([`Document::readable_text`]).
//!
//! [`Document::text_content`] is the DOM's `textContent`: every text node concatenated,
//! scripts and styles included, whitespace as in the source. [`Document::readable_text`]
//! approximates what a browser renders (`innerText` without a style engine):
//!
//! 1. **Skipped subtrees**: `head`, `script`, `style`, `template`, `title`, `iframe`,
//!    `datalist`, `rp`, `noscript` (when the document was parsed with scripting on, the
//!    default), and any element with a `hidden` attribute. Comments are never text.
//! 2. **Whitespace**: outside `pre`, `textarea`, `listing`, `plaintext` and `xmp`, every run of
//!    ASCII whitespace (space, tab, LF, FF, CR) becomes one space; inside them text is kept
//!    as is. U+00A0 NO-BREAK SPACE is not whitespace.
//! 3. **Lines**: block-level elements (`address`, `article`, `aside`, `blockquote`, `body`,
//!    `caption`, `center`, `dd`, `details`, `dialog`, `div`, `dl`, `dt`, `fieldset`,
//!    `figcaption`, `figure`, `footer`, `form`, `h1`–`h6`, `header`, `hgroup`, `hr`, `html`,
//!    `legend`, `li`, `main`, `menu`, `nav`, `ol`, `optgroup`, `option`, `p`, `pre`, `search`,
//!    `section`, `summary`, `table`, `tbody`, `tfoot`, `thead`, `tr`, `ul` …) start and end
//!    on their own line; a `p` is set off by a blank line. Separators do not accumulate:
//!    the strongest pending one wins (blank line > line break > tab > space).
//! 4. **`<br>`** is always a line break (two `<br>` make a blank line).
//! 5. **Table cells** (`td`, `th`) are separated by a tab within their row.
//! 6. Outside preformatted text, spaces at the start or end of a line are dropped; whitespace
//!    at the end of the result is dropped.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//!
//! let doc = parse_document(
//!     "<title>T</title><style>p{}</style><h1>Hello,\n   world</h1>\
//!      <p>One<br>two</p><p>three <b>bold</b></p>\
//!      <table><tr><td>a<td>b</table><script>x()</script>",
//!     ParseOptions::default(),
//! );
//! assert_eq!(
//!     doc.readable_text(doc.root()),
//!     "Hello, world\n\nOne\ntwo\n\nthree bold\n\na\tb"
//! );
//! ```

use crate::dom::{Document, NodeId, NodeKind};

/// Options for [`Document::readable_text_with`].
///
/// ```
/// use websyntax_html::text::TextOptions;
/// assert!(TextOptions::default().scripting);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextOptions {
    /// Whether the document was parsed with scripting on (then `noscript` holds raw text that
    /// a browser does not render, and is skipped). Default `true`, as `ParseOptions`.
    pub scripting: bool,
}

impl Default for TextOptions {
    fn default() -> TextOptions {
        TextOptions { scripting: true }
    }
}

/// A separator waiting to be written before the next text of a [`TextBuffer`], weakest
/// first: when several are pending, the strongest wins (rule 4 of the module docs).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Separator {
    /// Nothing.
    #[default]
    None,
    /// A space (not at the start of a line).
    Space,
    /// A tab (between table cells; not at the start of a line).
    Tab,
    /// A line break.
    Line,
    /// An empty line (between paragraphs).
    BlankLine,
}

/// The output of the readable-text rule: text with separators kept pending until more text
/// follows, so that none is written at the start, doubled, or left at the end. Other crates
/// that lay out text by the same rule (main content) write through it.
///
/// ```
/// use websyntax_html::text::{Separator, TextBuffer};
/// let mut b = TextBuffer::default();
/// b.separate(Separator::Line); // nothing written yet: dropped
/// b.flush();
/// b.push_str("a");
/// b.separate(Separator::Space);
/// b.separate(Separator::BlankLine); // the strongest pending one wins
/// b.flush();
/// b.push_str("b");
/// b.separate(Separator::Space);
/// assert_eq!(b.finish(), "a\n\nb");
/// ```
#[derive(Debug, Clone, Default)]
pub struct TextBuffer {
    out: String,
    pending: Separator,
}

impl TextBuffer {
    /// Asks for separator `s` before the next text (the strongest pending one is kept).
    #[inline]
    pub fn separate(&mut self, s: Separator) {
        self.pending = self.pending.max(s);
    }

    /// The separator pending now.
    pub fn pending(&self) -> Separator {
        self.pending
    }

    /// Writes the pending separator (none before the first text; a space or tab not at the
    /// start of a line), then forgets it.
    pub fn flush(&mut self) {
        if self.out.is_empty() {
            self.pending = Separator::None;
            return;
        }
        let at_line_start = self.out.ends_with('\n');
        match self.pending {
            Separator::None => {}
            Separator::Space if !at_line_start => self.out.push(' '),
            Separator::Tab if !at_line_start => self.out.push('\t'),
            Separator::Space | Separator::Tab => {}
            Separator::Line => {
                if !at_line_start {
                    self.out.push('\n');
                }
            }
            Separator::BlankLine => {
                if !at_line_start {
                    self.out.push('\n');
                }
                if !self.out.ends_with("\n\n") {
                    self.out.push('\n');
                }
            }
        }
        self.pending = Separator::None;
    }

    /// Appends `s` as it is (after [`flush`](Self::flush) when a separator may be pending).
    #[inline]
    pub fn push_str(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Appends `c` as it is.
    #[inline]
    pub fn push(&mut self, c: char) {
        self.out.push(c);
    }

    /// A `<br>`: pending spaces are dropped and pending lines written, the line's trailing
    /// spaces and tabs are removed, and a line break is written.
    pub fn line_break(&mut self) {
        if self.pending >= Separator::Line {
            self.flush();
        }
        self.pending = Separator::None;
        let trimmed = self.out.trim_end_matches([' ', '\t']).len();
        self.out.truncate(trimmed);
        self.out.push('\n');
    }

    /// The text, trailing whitespace removed (pending separators are dropped).
    pub fn finish(mut self) -> String {
        let end = self.out.trim_end().len();
        self.out.truncate(end);
        self.out
    }
}

/// The readable-text writer of this module: a [`TextBuffer`] and how text nodes go into it.
struct Writer {
    buf: TextBuffer,
}

impl Writer {
    fn sep(&mut self, s: Separator) {
        self.buf.separate(s);
    }

    fn text(&mut self, t: &str, preformatted: bool) {
        if preformatted {
            if !t.is_empty() {
                self.buf.flush();
                self.buf.push_str(t);
            }
            return;
        }
        for (i, word) in t.split([' ', '\t', '\n', '\x0C', '\r']).enumerate() {
            if i > 0 {
                self.sep(Separator::Space);
            }
            if !word.is_empty() {
                self.buf.flush();
                self.buf.push_str(word);
            }
        }
    }

    fn line_break(&mut self) {
        self.buf.line_break();
    }
}

/// Whether an element named `name` is block-level for readable text (rule 3 of the module
/// docs): it starts and ends on its own line. Other crates that lay out text by the same rule
/// (Markdown, main content) use this list.
///
/// ```
/// use websyntax_html::text::is_block;
/// assert!(is_block("p") && is_block("li") && !is_block("span"));
/// ```
pub fn is_block(name: &str) -> bool {
    matches!(
        name,
        "address"
            | "article"
            | "aside"
            | "blockquote"
            | "body"
            | "caption"
            | "center"
            | "dd"
            | "details"
            | "dialog"
            | "dir"
            | "div"
            | "dl"
            | "dt"
            | "fieldset"
            | "figcaption"
            | "figure"
            | "footer"
            | "form"
            | "frameset"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "header"
            | "hgroup"
            | "hr"
            | "html"
            | "legend"
            | "li"
            | "listing"
            | "main"
            | "menu"
            | "nav"
            | "ol"
            | "optgroup"
            | "option"
            | "p"
            | "plaintext"
            | "pre"
            | "search"
            | "section"
            | "summary"
            | "table"
            | "tbody"
            | "tfoot"
            | "thead"
            | "tr"
            | "ul"
            | "xmp"
    )
}

fn is_preformatted(name: &str) -> bool {
    matches!(name, "pre" | "textarea" | "listing" | "plaintext" | "xmp")
}

impl Document {
    /// The readable text of node `id` and its descendants, with the rule of [`crate::text`]
    /// (scripting assumed on, as [`crate::ParseOptions`]'s default).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<ul><li>one<li>two</ul>", ParseOptions::default());
    /// assert_eq!(doc.readable_text(doc.root()), "one\ntwo");
    /// assert_eq!(doc.text_content(doc.root()), "onetwo");
    /// ```
    pub fn readable_text(&self, id: NodeId) -> String {
        self.readable_text_with(id, TextOptions::default())
    }

    /// [`Document::readable_text`] with options.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::text::TextOptions;
    /// let opts = ParseOptions { scripting: false, ..ParseOptions::default() };
    /// let doc = parse_document("<noscript><p>Enable JS</p></noscript>", opts);
    /// let text = doc.readable_text_with(doc.root(), TextOptions { scripting: false });
    /// assert_eq!(text, "Enable JS");
    /// ```
    pub fn readable_text_with(&self, id: NodeId, options: TextOptions) -> String {
        let mut w = Writer {
            buf: TextBuffer::default(),
        };
        self.write_text(id, options, &mut w);
        w.buf.finish()
    }

    /// Writes the readable text of `id`'s subtree. The walk keeps its own stack of open
    /// elements (one small frame per level), so any depth of tree is fine.
    fn write_text(&self, id: NodeId, options: TextOptions, w: &mut Writer) {
        let mut stack: Vec<Frame> = Vec::new();
        if let Some(f) = self.enter_text(id, options, 0, w) {
            stack.push(f);
        }
        while let Some(top) = stack.last_mut() {
            // 5. Cells are separated by a tab within their row.
            if let Some(c) = top.done.take()
                && matches!(self.local_name(c), Some("td" | "th"))
                && self.next_cell(top.next)
            {
                w.sep(Separator::Tab);
            }
            if let Some(c) = top.next {
                top.next = self.next_sibling(c);
                top.done = Some(c);
                let pre_depth = top.pre_depth;
                if let Some(f) = self.enter_text(c, options, pre_depth, w) {
                    stack.push(f);
                }
                continue;
            }
            let top = stack.pop().expect("a frame");
            if top.block {
                w.sep(if top.para {
                    Separator::BlankLine
                } else {
                    Separator::Line
                });
            }
        }
    }

    /// Whether a `td` or `th` is at or after `n` among its siblings.
    fn next_cell(&self, mut n: Option<NodeId>) -> bool {
        while let Some(x) = n {
            if matches!(self.local_name(x), Some("td" | "th")) {
                return true;
            }
            n = self.next_sibling(x);
        }
        false
    }

    /// Starts node `id`: writes what a leaf contributes (text, a line break) and returns
    /// `None`, or the frame for walking its children.
    fn enter_text(
        &self,
        id: NodeId,
        options: TextOptions,
        pre_depth: usize,
        w: &mut Writer,
    ) -> Option<Frame> {
        match self.kind(id) {
            NodeKind::Text => {
                w.text(self.text(id).unwrap_or(""), pre_depth > 0);
                return None;
            }
            NodeKind::Document | NodeKind::Fragment | NodeKind::ShadowRoot => {}
            NodeKind::Element => {}
            NodeKind::Doctype | NodeKind::Comment | NodeKind::ProcessingInstruction => return None,
        }
        let name = self.local_name(id).unwrap_or("");
        if self.is_element(id) {
            let skipped = matches!(
                name,
                "head" | "script" | "style" | "template" | "title" | "iframe" | "datalist" | "rp"
            ) || (name == "noscript" && options.scripting)
                || self.attribute(id, "hidden").is_some();
            if skipped {
                return None;
            }
            if name == "br" {
                w.line_break();
                return None;
            }
        }
        let block = self.is_element(id) && is_block(name);
        let para = name == "p";
        if block {
            w.sep(if para {
                Separator::BlankLine
            } else {
                Separator::Line
            });
        }
        Some(Frame {
            next: self.first_child(id),
            done: None,
            pre_depth: pre_depth + usize::from(is_preformatted(name)),
            block,
            para,
        })
    }
}

/// An element of [`Document::write_text`]'s walk whose children are being written.
struct Frame {
    /// The next child to write.
    next: Option<NodeId>,
    /// The child just written (for the cell separator).
    done: Option<NodeId>,
    pre_depth: usize,
    block: bool,
    para: bool,
}

#[cfg(test)]
mod tests {
    use crate::{ParseOptions, parse_document};

    fn text(html: &str) -> String {
        let doc = parse_document(html, ParseOptions::default());
        doc.readable_text(doc.root())
    }

    #[test]
    fn skipped_content() {
        assert_eq!(
            text("<head><title>T</title><style>s</style><script>x</script></head><body>b"),
            "b"
        );
        assert_eq!(
            text("<p>a<script>x</script>b<template>t</template>c"),
            "abc"
        );
        assert_eq!(text("<p>a<span hidden>h</span>b<!-- c -->"), "ab");
        assert_eq!(text("<noscript>n</noscript>x"), "x");
        assert_eq!(text("<select><option>a<option>b</select>"), "a\nb");
    }

    #[test]
    fn whitespace_collapses() {
        assert_eq!(text("  a \n\t b  <b> c </b> d "), "a b c d");
        assert_eq!(text("a&nbsp;&nbsp;b"), "a\u{a0}\u{a0}b");
        assert_eq!(text("<div> a </div><div> b </div>"), "a\nb");
        assert_eq!(text("<span>a</span> <span>b</span>"), "a b");
    }

    #[test]
    fn pre_is_kept() {
        assert_eq!(
            text("<p>x</p><pre>  a\n    b </pre>y"),
            "x\n\n  a\n    b \ny"
        );
        assert_eq!(text("<textarea>  t  </textarea>"), "  t");
    }

    #[test]
    fn blocks_and_breaks() {
        assert_eq!(
            text("<h1>T</h1><p>a</p><p>b</p><div>c</div>"),
            "T\n\na\n\nb\n\nc"
        );
        assert_eq!(text("a<br>b<br><br>c"), "a\nb\n\nc");
        assert_eq!(text("a <br> b"), "a\nb");
        assert_eq!(text("<p>a<br></p><p>b"), "a\n\nb");
        assert_eq!(text("<div><div><div>deep</div></div></div>x"), "deep\nx");
        assert_eq!(text("<ul><li>1<li>2</ul><ol><li>3</ol>"), "1\n2\n3");
    }

    #[test]
    fn tables() {
        assert_eq!(
            text("<table><tr><th>h1<th>h2<tr><td>a<td> b </td></table>after"),
            "h1\th2\na\tb\nafter"
        );
    }

    #[test]
    fn subtree_text() {
        let doc = parse_document(
            "<div id=x><p>a</p><p>b</p></div><p>c",
            ParseOptions::default(),
        );
        let div = doc.find_element("div").unwrap();
        assert_eq!(doc.readable_text(div), "a\n\nb");
        let t = doc.first_child(doc.find_element("p").unwrap()).unwrap();
        assert_eq!(doc.readable_text(t), "a");
    }
}
