//! Document text and LSP positions: the line index, the conversion between byte offsets and
//! `Position`s in the negotiated encoding (UTF-16 code units by default, UTF-8 bytes when the
//! client offers it), and incremental edits.
//!
//! Every conversion from a client's position clamps: a line past the end is the end of the
//! text, a character past the end of its line is the end of the line, and a position inside a
//! character (between the halves of a surrogate pair, inside a UTF-8 sequence) moves back to
//! the character's start. Nothing a client sends can make these functions panic.

use lsp_types::{Position, Range};
use std::sync::Arc;
use websyntax_html::Document;
use websyntax_html::dom::NodeId;

/// How `Position::character` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PositionEncoding {
    /// UTF-16 code units (the LSP default).
    #[default]
    Utf16,
    /// UTF-8 bytes.
    Utf8,
}

/// The byte offsets where lines start. Line breaks are LF, CR LF and CR, as in the LSP and
/// in the HTML parser's line counting.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while let Some(k) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
            let at = i + k;
            let next = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
            starts.push(next);
            i = next;
        }
        LineIndex { starts }
    }

    /// The index of `text`, the result of replacing `old_end - start` bytes at `start` of the
    /// text `self` indexes with `inserted` bytes: the line starts before the edit are kept,
    /// those after it moved, and only the edited bytes and one on each side (a CR LF pair
    /// may form or break there) are scanned again. Equal to `LineIndex::new(text)`.
    pub fn edited(&self, text: &str, start: usize, old_end: usize, inserted: usize) -> LineIndex {
        let bytes = text.as_bytes();
        let new_end = start + inserted;
        // A line start `t` depends on the bytes at `t - 1` and `t` only.
        let keep = self.starts.partition_point(|&s| s < start.max(1));
        let mut starts = Vec::with_capacity(self.starts.len() + 2);
        starts.extend_from_slice(&self.starts[..keep]);
        let last_scanned = (new_end + 2).min(bytes.len());
        let mut i = start.saturating_sub(1);
        while i < last_scanned {
            let Some(k) = memchr::memchr2(b'\n', b'\r', &bytes[i..last_scanned]) else {
                break;
            };
            let at = i + k;
            let next = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                at + 2
            } else {
                at + 1
            };
            if next >= start.max(1) && next <= last_scanned {
                starts.push(next);
            }
            i = next;
        }
        let delta = new_end as isize - old_end as isize;
        let after = self
            .starts
            .partition_point(|&s| s.saturating_add_signed(delta) <= last_scanned || s <= old_end);
        starts.extend(
            self.starts[after..]
                .iter()
                .map(|&s| s.saturating_add_signed(delta)),
        );
        LineIndex { starts }
    }

    /// The number of lines.
    pub fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line of byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The byte range of `line`'s content (without its line break), clamped to `text`.
    fn line_range(&self, text: &str, line: usize) -> (usize, usize) {
        let start = self.starts.get(line).copied().unwrap_or(text.len());
        let mut end = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let bytes = text.as_bytes();
        if end > start && line + 1 < self.starts.len() {
            // Drop the line break (LF, CR or CR LF).
            if bytes[end - 1] == b'\n' {
                end -= 1;
            }
            if end > start && bytes[end - 1] == b'\r' {
                end -= 1;
            }
        }
        (start.min(text.len()), end.min(text.len()))
    }

    /// The position of byte `offset` (clamped to the text, moved back to a char boundary).
    pub fn position(&self, text: &str, offset: usize, enc: PositionEncoding) -> Position {
        let offset = floor_char(text, offset.min(text.len()));
        let line = self.line_of(offset);
        let start = self.starts[line].min(offset);
        Position::new(
            line as u32,
            units(&text[start..offset], enc).min(u32::MAX as usize) as u32,
        )
    }

    /// The byte offset of `pos`, clamped (see the module docs).
    pub fn offset(&self, text: &str, pos: Position, enc: PositionEncoding) -> usize {
        let line = pos.line as usize;
        if line >= self.starts.len() {
            return text.len();
        }
        let (start, end) = self.line_range(text, line);
        let want = pos.character as usize;
        match enc {
            PositionEncoding::Utf8 => floor_char(text, (start + want).min(end)),
            PositionEncoding::Utf16 => {
                let mut n = 0;
                for (i, c) in text[start..end].char_indices() {
                    if n >= want {
                        return start + i;
                    }
                    n += c.len_utf16();
                    if n > want {
                        // Inside a surrogate pair: the character's start.
                        return start + i;
                    }
                }
                end
            }
        }
    }

    /// The range of byte offsets `start..end`.
    pub fn range(&self, text: &str, start: usize, end: usize, enc: PositionEncoding) -> Range {
        Range::new(
            self.position(text, start, enc),
            self.position(text, end.max(start), enc),
        )
    }
}

/// Converts many byte offsets of one text to positions, reusing the work of the previous
/// offset when the next one is later on the same line (diagnostics come in source order, and a
/// minified page is one long line).
pub struct Locator<'a> {
    text: &'a str,
    index: &'a LineIndex,
    enc: PositionEncoding,
    last: Option<(usize, usize, u32)>,
}

impl<'a> Locator<'a> {
    /// A locator for `text` with its `index`.
    pub fn new(text: &'a str, index: &'a LineIndex, enc: PositionEncoding) -> Locator<'a> {
        Locator {
            text,
            index,
            enc,
            last: None,
        }
    }

    /// The position of byte `offset`.
    pub fn position(&mut self, offset: usize) -> Position {
        let offset = floor_char(self.text, offset.min(self.text.len()));
        let line = self.index.line_of(offset);
        let (from, mut col) = match self.last {
            Some((l, o, c)) if l == line && o <= offset => (o, c as usize),
            _ => (self.index.starts[line].min(offset), 0),
        };
        col += units(&self.text[from..offset], self.enc);
        let col = col.min(u32::MAX as usize) as u32;
        self.last = Some((line, offset, col));
        Position::new(line as u32, col)
    }

    /// The range of `start..end`.
    pub fn range(&mut self, start: usize, end: usize) -> Range {
        let a = self.position(start);
        let b = self.position(end.max(start));
        Range::new(a, b)
    }
}

/// Where `b` differs from `a`: the length of their common prefix, and the ends of the differing
/// parts in `a` and in `b` (what follows them is their common suffix, not overlapping the
/// prefix).
pub fn edit_range(a: &[u8], b: &[u8]) -> (usize, usize, usize) {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let max_suffix = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    (prefix, a.len() - suffix, b.len() - suffix)
}

/// `offset` moved back to a char boundary of `text`.
pub fn floor_char(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// The length of `s` in the units of `enc`.
fn units(s: &str, enc: PositionEncoding) -> usize {
    match enc {
        PositionEncoding::Utf8 => s.len(),
        PositionEncoding::Utf16 if s.is_ascii() => s.len(),
        PositionEncoding::Utf16 => s.chars().map(char::len_utf16).sum(),
    }
}

/// One edit in byte offsets: `start..end` replaced by `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// First byte replaced.
    pub start: usize,
    /// End of the bytes replaced.
    pub end: usize,
    /// The new text.
    pub text: String,
}

/// An open document: its text, version and line index.
#[derive(Debug, Clone)]
pub struct TextDocument {
    /// The text.
    pub text: String,
    /// The client's version.
    pub version: i32,
    /// The line index of `text` (shared with the check of this version).
    pub index: Arc<LineIndex>,
}

impl TextDocument {
    /// A document with `text`.
    pub fn new(text: String, version: i32) -> TextDocument {
        let index = Arc::new(LineIndex::new(&text));
        TextDocument {
            text,
            version,
            index,
        }
    }

    /// Applies one content change (a range edit, or the whole text when `range` is `None`)
    /// and returns it in byte offsets.
    pub fn apply(&mut self, range: Option<Range>, new_text: &str, enc: PositionEncoding) -> Edit {
        let edit = match range {
            None => Edit {
                start: 0,
                end: self.text.len(),
                text: new_text.to_owned(),
            },
            Some(r) => {
                let a = self.index.offset(&self.text, r.start, enc);
                let b = self.index.offset(&self.text, r.end, enc);
                Edit {
                    start: a.min(b),
                    end: a.max(b),
                    text: new_text.to_owned(),
                }
            }
        };
        self.text.replace_range(edit.start..edit.end, &edit.text);
        self.index = Arc::new(if range.is_none() {
            LineIndex::new(&self.text)
        } else {
            self.index
                .edited(&self.text, edit.start, edit.end, edit.text.len())
        });
        edit
    }
}

/// Whether `id` is an HTML element that has no content and no end tag: the void elements and
/// the obsolete ones the tree builder also pops at once (`basefont`, `bgsound`, `frame`,
/// `keygen`, `param`), the list the serializer uses. The quick fix that closes open elements
/// and the hover on a tag both ask this.
pub fn is_void_element(doc: &Document, id: NodeId) -> bool {
    doc.namespace(id)
        .zip(doc.local_name(id))
        .is_some_and(|(ns, name)| websyntax_html::serialize::is_void(ns, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edited_index_equals_a_new_one() {
        let pieces = ["a", "\r", "\n", "\r\n", "xy", "é", ""];
        let base = "ab\r\ncd\re\n\nf\r";
        for start in 0..=base.len() {
            for end in start..=base.len() {
                for ins in pieces {
                    let mut text = base.to_owned();
                    text.replace_range(start..end, ins);
                    let index = LineIndex::new(base).edited(&text, start, end, ins.len());
                    assert_eq!(
                        index.starts,
                        LineIndex::new(&text).starts,
                        "{base:?} [{start}..{end}] := {ins:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn positions_round_trip_in_both_encodings() {
        let text = "a\r\nb😀c\rd\né";
        let index = LineIndex::new(text);
        assert_eq!(index.lines(), 4);
        let e16 = PositionEncoding::Utf16;
        let e8 = PositionEncoding::Utf8;
        let c = text.find('c').unwrap();
        assert_eq!(index.position(text, c, e16), Position::new(1, 3));
        assert_eq!(index.position(text, c, e8), Position::new(1, 5));
        assert_eq!(index.offset(text, Position::new(1, 3), e16), c);
        assert_eq!(index.offset(text, Position::new(1, 5), e8), c);
        // Inside the surrogate pair / the UTF-8 sequence: the emoji's start.
        let emoji = text.find('😀').unwrap();
        assert_eq!(index.offset(text, Position::new(1, 2), e16), emoji);
        assert_eq!(index.offset(text, Position::new(1, 3 + 1), e8), emoji);
        // Past the end of a line: the line's end, before its break.
        assert_eq!(index.offset(text, Position::new(0, 99), e16), 1);
        assert_eq!(index.offset(text, Position::new(2, u32::MAX), e8), c + 3);
        // Past the last line: the end of the text.
        assert_eq!(
            index.offset(text, Position::new(u32::MAX, 0), e16),
            text.len()
        );
        assert_eq!(index.position(text, usize::MAX, e16), Position::new(3, 1));
    }

    #[test]
    fn locator_agrees_with_the_index() {
        let text = "é😀x\nabc😀def\n\nz";
        let index = LineIndex::new(text);
        for enc in [PositionEncoding::Utf16, PositionEncoding::Utf8] {
            let mut loc = Locator::new(text, &index, enc);
            for o in (0..=text.len()).chain([3, 1, 0, text.len() + 5]) {
                assert_eq!(loc.position(o), index.position(text, o, enc), "{o}");
            }
        }
    }

    #[test]
    fn edits_apply_and_clamp() {
        let mut doc = TextDocument::new("<p>héllo</p>".into(), 1);
        let r = Range::new(Position::new(0, 3), Position::new(0, 8));
        doc.apply(Some(r), "bye", PositionEncoding::Utf16);
        assert_eq!(doc.text, "<p>bye</p>");
        let r = Range::new(Position::new(9, 9), Position::new(0, 3));
        doc.apply(Some(r), "", PositionEncoding::Utf16);
        assert_eq!(doc.text, "<p>");
        doc.apply(None, "x\ny", PositionEncoding::Utf8);
        assert_eq!(doc.index.lines(), 2);
    }
}
