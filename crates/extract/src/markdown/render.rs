//! The converter: one iterative walk writing blocks (with their container prefixes) and the
//! inline content of the current paragraph.

use std::collections::HashMap;

use websyntax_html::dom::{Namespace, NodeData, NodeKind};
use websyntax_html::{Document, NodeId};
use websyntax_url::Url;

use super::{LinkStyle, MarkdownOptions};
use super::{escape, unsafe_url};
use crate::walk::{Names, NodeSet, Tag, is_skipped_element, traverse};

/// colspan values above this are this (HTML's table processing model clamps at 1000).
const MAX_COLSPAN: usize = 1000;

/// Block quotes and list items nest this deep at most; deeper ones are plain blocks (each
/// line carries the prefixes of its containers, so unbounded nesting would make the output
/// grow with the square of the input).
const MAX_NESTING: usize = 32;

/// What separates the next block from the previous one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sep {
    Line,
    Blank,
}

/// A container block: its prefix on each line.
#[derive(Debug)]
enum Container {
    Quote,
    Item { marker: Marker, started: bool },
}

/// A list item's marker: `- `, `* `, `1. `, `1) ` (numbers up to 999999999).
#[derive(Debug, Clone, Copy)]
struct Marker {
    bytes: [u8; 12],
    len: u8,
}

impl Marker {
    fn new(number: Option<u64>, delim: char) -> Marker {
        let mut bytes = [0u8; 12];
        let mut len = 0;
        if let Some(n) = number {
            let mut digits = [0u8; 20];
            let mut k = digits.len();
            let mut n = n;
            loop {
                k -= 1;
                digits[k] = b'0' + (n % 10) as u8;
                n /= 10;
                if n == 0 {
                    break;
                }
            }
            for &d in digits[k..].iter().take(9) {
                bytes[len] = d;
                len += 1;
            }
        }
        // (The delimiters are ASCII.)
        bytes[len] = if delim.is_ascii() { delim as u8 } else { b'-' };
        len += 1;
        bytes[len] = b' ';
        len += 1;
        Marker {
            bytes,
            len: len as u8,
        }
    }

    fn len(&self) -> usize {
        self.len as usize
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len()]).unwrap_or("")
    }
}

/// An open inline format (emphasis, strong, strikethrough, link): its markers, written when
/// the first visible content inside it comes (so empty ones vanish and whitespace stays
/// outside), closed at its end or at a block boundary (and then opened again after it).
#[derive(Debug)]
struct Fmt {
    open: &'static str,
    close: Close,
    written: bool,
    /// Its markers are left out where they would be written: an emphasis run between a
    /// letter and punctuation cannot open (CommonMark's flanking rules), so the renderer
    /// would show the asterisks as text.
    suppressed: bool,
}

/// How an inline format ends.
#[derive(Debug)]
enum Close {
    Marker(&'static str),
    /// A link: `](url)`, or `][n]` with the URL's reference number, given when the link is
    /// first written (so that a link that never shows gets no number).
    Link {
        url: String,
        number: usize,
    },
}

impl Fmt {
    fn marker(marker: &'static str) -> Fmt {
        Fmt {
            open: marker,
            close: Close::Marker(marker),
            written: false,
            suppressed: false,
        }
    }

    /// Writes the end of the format.
    fn write_close(&self, style: LinkStyle, out: &mut String) {
        if self.suppressed {
            return;
        }
        match &self.close {
            Close::Marker(m) => out.push_str(m),
            Close::Link { url, number } => match style {
                LinkStyle::Inline => {
                    out.push_str("](");
                    escape::destination_into(out, url);
                    out.push(')');
                }
                LinkStyle::Referenced => {
                    out.push_str("][");
                    out.push_str(&number.to_string());
                    out.push(']');
                }
            },
        }
    }
}

/// The inline state of the paragraph (or heading, or table cell) being written.
#[derive(Debug, Default)]
struct Inline {
    para: String,
    space: bool,
    /// A hard line break is due before the next content.
    brk: bool,
    fmts: Vec<Fmt>,
    /// Text of the code span being gathered, while `code_depth > 0`.
    code: String,
    code_depth: usize,
    /// `> 0`: blocks are only word separators (inside headings, table cells).
    inline_only: usize,
    in_cell: bool,
    /// Kinds of the elements entered (for `leave`).
    kinds: Vec<Kind>,
    /// Active emphasis / strong / strikethrough / link counts (to drop nested repeats).
    em: usize,
    strong: usize,
    del: usize,
    link: usize,
}

impl Inline {
    /// Back to the default state, keeping the buffers' memory.
    fn reset(&mut self) {
        // Every field (a new one must be added here).
        let Inline {
            para,
            space,
            brk,
            fmts,
            code,
            code_depth,
            inline_only,
            in_cell,
            kinds,
            em,
            strong,
            del,
            link,
        } = self;
        para.clear();
        *space = false;
        *brk = false;
        fmts.clear();
        code.clear();
        *code_depth = 0;
        *inline_only = 0;
        *in_cell = false;
        kinds.clear();
        *em = 0;
        *strong = 0;
        *del = 0;
        *link = 0;
    }
}

/// What an entered element does on leaving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Plain,
    Block,
    Para,
    Heading(u8),
    Quote,
    List,
    Item,
    Fmt(FmtKind),
    Code,
    DefTerm,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FmtKind {
    Em,
    Strong,
    Del,
    Link,
    Inactive,
}

/// A list being written: its next number and its marker character.
#[derive(Debug)]
struct List {
    ordered: bool,
    next: u64,
    delim: char,
}

struct Renderer<'a> {
    doc: &'a Document,
    names: Names,
    options: &'a MarkdownOptions,
    excluded: Option<&'a NodeSet>,
    base: Option<Url>,
    out: String,
    containers: Vec<Container>,
    /// Fewest containers open since the last block was written (a blank line between blocks
    /// carries the prefixes of those only).
    low_water: usize,
    pending: Sep,
    lists: Vec<List>,
    /// The last block written was a list ending at this container depth, with this marker
    /// character: an adjacent list uses the other character so that the two stay two lists.
    prev_list: Option<(usize, char)>,
    heading: Option<u8>,
    inline: Inline,
    /// A cleared inline state kept for the next table cell (its buffers reused).
    spare: Option<Inline>,
    refs: Refs,
}

/// Reference-link destinations, numbered from 1 in order of first use.
#[derive(Debug, Default)]
struct Refs {
    urls: Vec<String>,
    numbers: HashMap<String, usize>,
}

/// The reference number of `url`, numbered from 1 in order of first use.
fn reference_number(refs: &mut Refs, url: &str) -> usize {
    let next = refs.urls.len() + 1;
    let n = *refs.numbers.entry(url.to_owned()).or_insert(next);
    if n == next {
        refs.urls.push(url.to_owned());
    }
    n
}

/// Whether an emphasis or strikethrough run written after `prev` (`None`: a line's start) and
/// before `next` can open (CommonMark's left-flanking rule): not when a letter or digit (any
/// character that is neither whitespace nor ASCII punctuation; non-ASCII punctuation is taken
/// as a letter, which only leaves out markers that would have worked) comes before it and
/// ASCII punctuation after it, as in `x**[link](…)`.
fn can_open(prev: Option<char>, next: char) -> bool {
    let word_char = |c: char| !c.is_whitespace() && !c.is_ascii_punctuation();
    !(prev.is_some_and(word_char) && next.is_ascii_punctuation())
}

mod leaf;

pub(crate) fn render(
    doc: &Document,
    roots: &[NodeId],
    excluded: Option<&NodeSet>,
    options: &MarkdownOptions,
) -> String {
    // The document base URL; without any HTML `base` element in the document (the usual
    // case) it is the document's own URL, found without a walk of the tree.
    let has_base = doc.lookup_name("base").is_some_and(|base| {
        doc.node_ids().any(|id| {
            doc.kind(id) == NodeKind::Element
                && doc
                    .element(id)
                    .is_some_and(|e| e.local_name() == base && e.namespace() == Namespace::Html)
        })
    });
    let base = if has_base {
        doc.base_url_with_encoding(options.base_url.as_ref(), options.encoding)
    } else {
        options.base_url.clone()
    };
    let mut r = Renderer {
        doc,
        names: Names::new(doc),
        options,
        excluded,
        base,
        // For a whole document, a first guess of the output size (a few bytes per node) saves
        // most regrowing.
        out: if roots == [doc.root()] {
            String::with_capacity(doc.len().saturating_mul(8))
        } else {
            String::new()
        },
        containers: Vec::new(),
        low_water: 0,
        pending: Sep::Blank,
        lists: Vec::new(),
        prev_list: None,
        heading: None,
        inline: Inline::default(),
        spare: None,
        refs: Refs::default(),
    };
    for &root in roots {
        traverse(doc, root, &mut r, Renderer::enter, Renderer::leave);
        r.flush_para();
        // Whatever a partial walk left open (a root inside a list item) closes here.
        r.containers.clear();
        r.low_water = 0;
        r.inline = Inline::default();
    }
    if !r.refs.urls.is_empty() {
        r.out.push_str("\n\n");
        for (i, url) in r.refs.urls.iter().enumerate() {
            r.out.push('[');
            r.out.push_str(&(i + 1).to_string());
            r.out.push_str("]: ");
            escape::destination_into(&mut r.out, url);
            r.out.push('\n');
        }
    }
    let end = r.out.trim_end().len();
    r.out.truncate(end);
    if !r.out.is_empty() {
        r.out.push('\n');
    }
    r.out
}

impl Renderer<'_> {
    // ---- blocks ----------------------------------------------------------------------

    /// Writes the separator before a new block.
    fn start_block(&mut self) {
        if !self.out.is_empty() {
            self.out.push('\n');
            if self.pending == Sep::Blank {
                let depth = self.low_water.min(self.containers.len());
                for c in &self.containers[..depth] {
                    match c {
                        Container::Quote => self.out.push('>'),
                        Container::Item { marker, .. } => {
                            self.out.extend(std::iter::repeat_n(' ', marker.len()))
                        }
                    }
                }
                let t = self.out.trim_end_matches(' ').len();
                self.out.truncate(t);
                self.out.push('\n');
            }
        }
        self.pending = Sep::Blank;
        self.prev_list = None;
    }

    /// Writes the prefix of a line.
    fn begin_line(&mut self) {
        for c in &mut self.containers {
            match c {
                Container::Quote => self.out.push_str("> "),
                Container::Item { marker, started } => {
                    if *started {
                        self.out.extend(std::iter::repeat_n(' ', marker.len()));
                    } else {
                        self.out.push_str(marker.as_str());
                        *started = true;
                    }
                }
            }
        }
    }

    /// Writes a block of lines (each gets the containers' prefix).
    fn write_block(&mut self, text: &str) {
        self.start_block();
        if self.containers.is_empty() {
            // No prefixes: each line follows a line break (or starts the output), so there
            // are no trailing spaces to trim before an empty line.
            self.out.push_str(text);
            self.low_water = 0;
            return;
        }
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                self.out.push('\n');
            }
            self.begin_line();
            if line.is_empty() {
                let t = self.out.trim_end_matches(' ').len();
                self.out.truncate(t);
            }
            self.out.push_str(line);
        }
        self.low_water = self.containers.len();
    }

    /// Ends the paragraph being written (if any): open formats are closed, to be opened again
    /// by the next content.
    fn flush_para(&mut self) {
        self.flush_code();
        let style = self.options.link_style;
        let inl = &mut self.inline;
        for f in inl.fmts.iter_mut().rev() {
            if f.written {
                f.write_close(style, &mut inl.para);
                f.written = false;
                f.suppressed = false;
            }
        }
        inl.space = false;
        inl.brk = false;
        let mut para = std::mem::take(&mut inl.para);
        if para.is_empty() {
            self.inline.para = para;
            return;
        }
        if let Some(level) = self.heading {
            let mut line = "#".repeat(level as usize);
            line.push(' ');
            let body = para.replace("\\\n", " ");
            // A closing sequence of `#` would be dropped: escape it.
            let hashes = body.len() - body.trim_end_matches('#').len();
            if hashes > 0 {
                line.push_str(&body[..body.len() - hashes]);
                line.push('\\');
                line.push_str(&body[body.len() - hashes..]);
            } else {
                line.push_str(&body);
            }
            self.write_block(&line);
        } else {
            self.write_block(&para);
        }
        // The buffer is used again by the next paragraph.
        para.clear();
        self.inline.para = para;
    }

    // ---- inline ----------------------------------------------------------------------

    /// Writes what comes before visible content whose first character is `next`: the pending
    /// space, then the markers of formats not yet opened.
    fn put_prefix(&mut self, next: char) {
        let style = self.options.link_style;
        let refs = &mut self.refs;
        let inl = &mut self.inline;
        if inl.brk && !inl.para.is_empty() {
            inl.para.push_str("\\\n");
            inl.space = false;
        }
        inl.brk = false;
        if inl.space && !inl.para.is_empty() && !inl.para.ends_with('\n') {
            inl.para.push(' ');
        }
        inl.space = false;
        let n = inl.fmts.len();
        for k in 0..n {
            if inl.fmts[k].written {
                continue;
            }
            // The character after this format's opening marker: the next unopened format's
            // marker (asterisks after asterisks are one run: the character after them), else
            // the content's first character.
            let first = |m: &str| m.chars().next().unwrap_or(' ');
            let mine = first(inl.fmts[k].open);
            let after = inl.fmts[k + 1..]
                .iter()
                .filter(|g| !g.written)
                .map(|g| first(g.open))
                .find(|&c| c != mine || mine != '*')
                .unwrap_or(next);
            let f = &mut inl.fmts[k];
            if matches!(f.close, Close::Marker(_)) && !can_open(inl.para.chars().next_back(), after)
            {
                f.written = true;
                f.suppressed = true;
                continue;
            }
            {
                // `!` before a link's `[` would make it an image.
                if f.open.starts_with('[') && inl.para.ends_with('!') {
                    inl.para.pop();
                    inl.para.push_str("\\!");
                }
                if let Close::Link { url, number } = &mut f.close
                    && *number == 0
                    && style == LinkStyle::Referenced
                {
                    *number = reference_number(refs, url);
                }
                inl.para.push_str(f.open);
                f.written = true;
            }
        }
    }

    fn put(&mut self, s: &str) {
        self.put_prefix(s.chars().next().unwrap_or(' '));
        self.inline.para.push_str(s);
    }

    /// Writes text (whitespace collapsed, escaped).
    fn put_text(&mut self, text: &str) {
        if self.inline.code_depth > 0 {
            self.inline.code.push_str(text);
            return;
        }
        let b = text.as_bytes();
        let n = b.len();
        // The first word: what comes before it (space, break, format markers) and whether it
        // starts a line depend on the paragraph so far.
        let mut i = 0;
        while i < n && escape::CLASS[b[i] as usize] & escape::WS != 0 {
            i += 1;
        }
        if i > 0 {
            self.inline.space = true;
        }
        if i == n {
            return;
        }
        let start = i;
        while i < n && escape::CLASS[b[i] as usize] & escape::WS == 0 {
            i += 1;
        }
        self.put_word(&text[start..i]);
        // The next words follow a word of this text: the formats are open, no break is due,
        // the line does not start here and holds more than digits, so each is a space and the
        // word escaped as anywhere in a line. `text[run..i]` is output as it is: words with
        // nothing to escape after a single space.
        let para = &mut self.inline.para;
        let mut run = i;
        loop {
            let ws = i;
            while i < n && escape::CLASS[b[i] as usize] & escape::WS != 0 {
                i += 1;
            }
            if i == n {
                para.push_str(&text[run..ws]);
                // Whitespace at the end is a pending space.
                self.inline.space = ws < n;
                return;
            }
            let start = i;
            let mut class = 0;
            while i < n {
                let c = escape::CLASS[b[i] as usize];
                if c & escape::WS != 0 {
                    break;
                }
                class |= c;
                i += 1;
            }
            if class & escape::SPECIAL == 0 && start == ws + 1 && b[ws] == b' ' {
                continue;
            }
            para.push_str(&text[run..ws]);
            para.push(' ');
            escape::text_after_digits(para, &text[start..i], false, 0);
            run = i;
        }
    }

    /// Writes one word of text (no ASCII whitespace in it), escaped.
    fn put_word(&mut self, word: &str) {
        self.put_prefix(word.chars().next().unwrap_or(' '));
        // Block structure is read at the start of a paragraph's lines only (not in headings
        // or table cells).
        let inline_only = self.inline.inline_only > 0;
        let para = &mut self.inline.para;
        let line_start = !inline_only && (para.is_empty() || para.ends_with('\n'));
        // The digits written on this line so far (only up to 9 matter: look at the tail).
        let line_digits = if inline_only || !word.starts_with(['.', ')']) {
            0
        } else {
            let tail = para.len().saturating_sub(10);
            let line = match para.as_bytes()[tail..].iter().rposition(|&b| b == b'\n') {
                Some(p) => &para[tail + p + 1..],
                None if tail == 0 => para.as_str(),
                None => "",
            };
            if !line.is_empty() && line.len() <= 9 && line.bytes().all(|b| b.is_ascii_digit()) {
                line.len()
            } else {
                0
            }
        };
        escape::text_after_digits(para, word, line_start, line_digits);
    }

    /// Writes the code span gathered so far: its whitespace collapsed, in a backtick string
    /// one longer than the longest run inside, padded with a space when the content begins or
    /// ends with a backtick; in a table cell, pipes are escaped (GFM removes that escape before
    /// code spans are parsed).
    fn flush_code(&mut self) {
        if self.inline.code.is_empty() {
            return;
        }
        let mut raw = std::mem::take(&mut self.inline.code);
        let is_ws = |c: char| c.is_ascii() && escape::CLASS[c as usize] & escape::WS != 0;
        if raw.starts_with(is_ws) {
            self.inline.space = true;
        }
        let mut words = raw.split(is_ws).filter(|w| !w.is_empty());
        if let Some(first) = words.next() {
            let last = words.next_back().unwrap_or(first);
            // (Runs of backticks do not cross whitespace: the raw text's longest is the
            // collapsed one's.)
            let n = escape::longest_run(&raw, b'`') + 1;
            let pad = first.starts_with('`') || last.ends_with('`');
            let in_cell = self.inline.in_cell;
            self.put_prefix('`');
            let para = &mut self.inline.para;
            para.reserve(raw.len() + 2 * n + 2);
            para.extend(std::iter::repeat_n('`', n));
            if pad {
                para.push(' ');
            }
            for (i, w) in raw.split(is_ws).filter(|w| !w.is_empty()).enumerate() {
                if i > 0 {
                    para.push(' ');
                }
                if in_cell && w.contains('|') {
                    para.push_str(&w.replace('|', "\\|"));
                } else {
                    para.push_str(w);
                }
            }
            if pad {
                para.push(' ');
            }
            para.extend(std::iter::repeat_n('`', n));
        }
        if raw.ends_with(is_ws) {
            self.inline.space = true;
        }
        // The buffer is used again by the next code span.
        raw.clear();
        self.inline.code = raw;
    }

    /// A word boundary from a block element inside inline-only content, or a block boundary.
    fn block_boundary(&mut self) {
        if self.inline.inline_only > 0 {
            if self.inline.code_depth > 0 {
                self.inline.code.push(' ');
            } else {
                self.inline.space = true;
            }
        } else {
            self.flush_para();
        }
    }

    fn resolve(&self, raw: &str) -> String {
        match Url::parse_with_encoding(raw, self.base.as_ref(), self.options.encoding) {
            Ok(u) => u.into_string(),
            Err(_) => raw.trim().to_owned(),
        }
    }

    fn image(&mut self, id: NodeId) {
        if !self.options.images {
            return;
        }
        let src = self
            .names
            .get(self.doc, id, self.names.src)
            .filter(|s| !s.trim().is_empty())
            .map(str::to_owned)
            .or_else(|| {
                self.names
                    .get(self.doc, id, self.names.srcset)
                    .and_then(|s| {
                        websyntax_html::links::parse_srcset(s)
                            .first()
                            .map(|c| c.url.to_owned())
                    })
            });
        let Some(src) = src else {
            return;
        };
        let url = self.resolve(&src);
        let alt = self.names.get(self.doc, id, self.names.alt).unwrap_or("");
        if !self.options.unsafe_links && unsafe_url::runs_script(&url, true) {
            // An image whose source could run script: its alt text only.
            self.put_text(alt);
            return;
        }
        let mut text = String::from("![");
        let mut first = true;
        for w in alt.split([' ', '\t', '\n', '\x0C', '\r']) {
            if w.is_empty() {
                continue;
            }
            if !first {
                text.push(' ');
            }
            first = false;
            escape::text(&mut text, w, false);
        }
        text.push_str("](");
        escape::destination_into(&mut text, &url);
        text.push(')');
        self.flush_code();
        self.put(&text);
    }

    // ---- the walk --------------------------------------------------------------------

    fn enter(&mut self, id: NodeId) -> bool {
        if self.excluded.is_some_and(|s| s.contains(id)) {
            return false;
        }
        let doc = self.doc;
        let e = match doc.data(id) {
            NodeData::Element(e) => e,
            NodeData::Text(t) => {
                self.put_text(t);
                return false;
            }
            NodeData::Comment(_) => return false,
            // Document, fragment: descend; doctype: nothing.
            _ => return doc.first_child(id).is_some(),
        };
        let info = self.names.info(doc, e);
        if is_skipped_element(&self.names, e, info, self.options.scripting) {
            return false;
        }
        if e.namespace() != Namespace::Html {
            self.inline.kinds.push(Kind::Plain);
            return true;
        }
        let kind = match info.tag {
            Tag::Br => {
                if self.inline.code_depth > 0 {
                    self.inline.code.push(' ');
                } else if self.inline.inline_only > 0 || self.heading.is_some() {
                    self.inline.space = true;
                } else if !self.inline.para.is_empty() {
                    self.flush_code();
                    self.inline.brk = true;
                }
                return false;
            }
            Tag::Img => {
                self.image(id);
                return false;
            }
            Tag::Hr => {
                if self.inline.inline_only > 0 {
                    self.inline.space = true;
                } else {
                    self.flush_para();
                    self.write_block("---");
                }
                return false;
            }
            Tag::Pre | Tag::Listing | Tag::Xmp | Tag::Plaintext if self.inline.inline_only == 0 => {
                self.flush_para();
                self.code_block(id);
                return false;
            }
            Tag::Table if self.inline.inline_only == 0 => {
                self.flush_para();
                self.table(id);
                return false;
            }
            Tag::Pre
            | Tag::Listing
            | Tag::Xmp
            | Tag::Plaintext
            | Tag::Code
            | Tag::Kbd
            | Tag::Samp
            | Tag::Tt => {
                self.flush_code();
                self.inline.code_depth += 1;
                Kind::Code
            }
            Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6 => {
                if self.inline.inline_only > 0 || self.heading.is_some() {
                    self.block_boundary();
                    Kind::Block
                } else {
                    self.flush_para();
                    let level = info.tag.heading_level().unwrap_or(1);
                    self.heading = Some(level);
                    self.inline.inline_only += 1;
                    Kind::Heading(level)
                }
            }
            Tag::Blockquote
                if self.inline.inline_only == 0 && self.containers.len() < MAX_NESTING =>
            {
                self.flush_para();
                self.containers.push(Container::Quote);
                Kind::Quote
            }
            Tag::Ul | Tag::Ol | Tag::Menu | Tag::Dir
                if self.inline.inline_only == 0 && self.containers.len() < MAX_NESTING =>
            {
                self.flush_para();
                let ordered = info.tag == Tag::Ol;
                let depth = self.containers.len();
                let mut delim = if ordered { '.' } else { '-' };
                if self.prev_list == Some((depth, delim)) {
                    delim = if ordered { ')' } else { '*' };
                }
                let start = if ordered {
                    self.names
                        .attr(e, self.names.start)
                        .and_then(|s| s.trim().parse::<i64>().ok())
                        .unwrap_or(1)
                        .clamp(0, 999_999_999) as u64
                } else {
                    0
                };
                // A list right after its item's first paragraph follows on the next line (a
                // list starting at another number than 1 cannot interrupt a paragraph).
                if (!ordered || start == 1)
                    && self.low_water == depth
                    && matches!(
                        self.containers.last(),
                        Some(Container::Item { started: true, .. })
                    )
                    && self.out.ends_with(|c: char| c != '\n')
                {
                    self.pending = Sep::Line;
                }
                self.lists.push(List {
                    ordered,
                    next: start,
                    delim,
                });
                Kind::List
            }
            Tag::Li
                if self.inline.inline_only == 0
                    && !self.lists.is_empty()
                    && self.containers.len() < MAX_NESTING =>
            {
                self.flush_para();
                let list = self.lists.last_mut().expect("a list");
                let marker = if list.ordered {
                    if let Some(v) = self
                        .names
                        .attr(e, self.names.value)
                        .and_then(|s| s.trim().parse::<i64>().ok())
                    {
                        list.next = v.clamp(0, 999_999_999) as u64;
                    }
                    let m = Marker::new(Some(list.next), list.delim);
                    list.next = (list.next + 1).min(999_999_999);
                    m
                } else {
                    Marker::new(None, list.delim)
                };
                self.containers.push(Container::Item {
                    marker,
                    started: false,
                });
                Kind::Item
            }
            Tag::Td | Tag::Th => {
                self.block_boundary();
                Kind::Block
            }
            Tag::P | Tag::Dd | Tag::Figcaption => {
                self.block_boundary();
                Kind::Para
            }
            Tag::Dt if self.inline.strong == 0 => {
                self.block_boundary();
                self.inline.fmts.push(Fmt::marker("**"));
                self.inline.strong += 1;
                Kind::DefTerm
            }
            Tag::Em | Tag::I | Tag::Cite | Tag::Var | Tag::Dfn => self.open_fmt(FmtKind::Em),
            Tag::Strong | Tag::B => self.open_fmt(FmtKind::Strong),
            Tag::Del | Tag::S | Tag::Strike => self.open_fmt(FmtKind::Del),
            Tag::A => {
                let href = self.names.attr(e, self.names.href);
                match href {
                    Some(h) if self.inline.link == 0 => {
                        let url = self.resolve(h);
                        // A link that could run script keeps its text only.
                        if !self.options.unsafe_links && unsafe_url::runs_script(&url, false) {
                            self.inline.kinds.push(Kind::Fmt(FmtKind::Inactive));
                            return true;
                        }
                        self.flush_code();
                        self.inline.fmts.push(Fmt {
                            open: "[",
                            close: Close::Link { url, number: 0 },
                            written: false,
                            suppressed: false,
                        });
                        self.inline.link += 1;
                        Kind::Fmt(FmtKind::Link)
                    }
                    _ => Kind::Fmt(FmtKind::Inactive),
                }
            }
            _ if info.block => {
                self.block_boundary();
                Kind::Block
            }
            _ => Kind::Plain,
        };
        self.inline.kinds.push(kind);
        true
    }

    fn open_fmt(&mut self, kind: FmtKind) -> Kind {
        let inl = &mut self.inline;
        let (count, marker) = match kind {
            FmtKind::Em => (&mut inl.em, "*"),
            FmtKind::Strong => (&mut inl.strong, "**"),
            _ => (&mut inl.del, "~~"),
        };
        if *count > 0 || inl.code_depth > 0 {
            return Kind::Fmt(FmtKind::Inactive);
        }
        *count += 1;
        inl.fmts.push(Fmt::marker(marker));
        Kind::Fmt(kind)
    }

    fn close_fmt(&mut self) {
        if let Some(f) = self.inline.fmts.pop()
            && f.written
        {
            f.write_close(self.options.link_style, &mut self.inline.para);
        }
    }

    fn leave(&mut self, _id: NodeId) {
        let Some(kind) = self.inline.kinds.pop() else {
            return;
        };
        match kind {
            Kind::Plain => {}
            Kind::Block | Kind::Para => self.block_boundary(),
            Kind::Heading(_) => {
                self.inline.inline_only -= 1;
                self.flush_para();
                self.heading = None;
            }
            Kind::Quote => {
                self.flush_para();
                self.containers.pop();
                self.low_water = self.low_water.min(self.containers.len());
            }
            Kind::List => {
                self.flush_para();
                self.pending = Sep::Blank;
                if let Some(l) = self.lists.pop() {
                    self.prev_list = Some((self.containers.len(), l.delim));
                }
            }
            Kind::Item => {
                self.flush_para();
                let written = matches!(
                    self.containers.pop(),
                    Some(Container::Item { started: true, .. })
                );
                self.low_water = self.low_water.min(self.containers.len());
                // The next item follows on the next line (a tight list). After an item that
                // wrote nothing the separator stays as it was: a blank line after a paragraph
                // (an item numbered other than 1 cannot interrupt a paragraph).
                if written {
                    self.pending = Sep::Line;
                }
            }
            Kind::Code => {
                self.inline.code_depth -= 1;
                if self.inline.code_depth == 0 {
                    self.flush_code();
                }
            }
            Kind::DefTerm => {
                self.close_fmt();
                self.inline.strong -= 1;
                self.block_boundary();
            }
            Kind::Fmt(k) => match k {
                FmtKind::Em | FmtKind::Strong | FmtKind::Del => {
                    self.close_fmt();
                    match k {
                        FmtKind::Em => self.inline.em -= 1,
                        FmtKind::Strong => self.inline.strong -= 1,
                        _ => self.inline.del -= 1,
                    }
                }
                FmtKind::Link => {
                    self.flush_code();
                    self.close_fmt();
                    self.inline.link -= 1;
                }
                FmtKind::Inactive => {
                    // The nested repeat of an active format: only its count.
                    // (Links without href and javascript: links have no count.)
                }
            },
        }
    }
}
