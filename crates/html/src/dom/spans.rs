//! Source spans: the setters the parser uses to record them, the source index behind
//! [`Document::line_col`], and the map from decoded text offsets to offsets into the original
//! bytes.
//!
//! Every span the parser records is a byte range of the input as given: of the `&str` for
//! [`crate::parse_document`] / [`crate::parse_fragment`], of the original bytes (a BOM and
//! CR LF counted as they are in the file) for [`crate::parse_document_bytes`] and
//! [`crate::DocumentParser`]. The tokenizer works on decoded text; when that text differs from
//! the bytes (a BOM, a non-UTF-8 encoding, a malformed byte sequence) the parser converts every
//! offset once, at the end, with an [`OffsetMap`] built while decoding.

use super::{Document, NodeId, PackedSpan};
use crate::error::Span;

/// A piecewise-linear map between offsets in two texts `A` and `B` that hold the same
/// characters: each segment says "from `(a, b)` on, characters take `aw` bytes in `A` and `bw`
/// in `B`" (`aw == bw == 0` means "the same bytes in both": an identity run).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Runs {
    segs: Vec<Seg>,
    /// The end of the mapped text in `A` and in `B`.
    end_a: usize,
    end_b: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Seg {
    a: usize,
    b: usize,
    aw: u8,
    bw: u8,
}

impl Runs {
    /// Bytes held on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.segs.capacity() * std::mem::size_of::<Seg>()
    }

    /// Appends `n` bytes that are the same in `A` and `B`.
    pub(crate) fn identity(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        if !matches!(self.segs.last(), Some(s) if s.aw == 0) {
            self.segs.push(Seg {
                a: self.end_a,
                b: self.end_b,
                aw: 0,
                bw: 0,
            });
        }
        self.end_a += n;
        self.end_b += n;
    }

    /// Appends one character that takes `aw` bytes in `A` and `bw` in `B`.
    pub(crate) fn char(&mut self, aw: u8, bw: u8) {
        if aw == bw && aw > 0 {
            self.identity(usize::from(aw));
            return;
        }
        if !matches!(self.segs.last(), Some(s) if s.aw == aw && s.bw == bw) {
            self.segs.push(Seg {
                a: self.end_a,
                b: self.end_b,
                aw,
                bw,
            });
        }
        self.end_a += usize::from(aw);
        self.end_b += usize::from(bw);
    }

    /// Appends `n` bytes of `B` that have no counterpart in `A` (e.g. a BOM, or escape
    /// sequences that decode to nothing).
    pub(crate) fn skip_b(&mut self, n: usize) {
        if n > 0 {
            self.segs.push(Seg {
                a: self.end_a,
                b: self.end_b + n,
                aw: 0,
                bw: 0,
            });
            self.end_b += n;
        }
    }

    /// The end of the mapped text in `A`.
    pub(crate) fn end_a(&self) -> usize {
        self.end_a
    }

    /// The end of the mapped text in `B`.
    pub(crate) fn end_b(&self) -> usize {
        self.end_b
    }

    /// Whether every offset maps to itself.
    pub(crate) fn is_identity(&self) -> bool {
        self.segs.iter().all(|s| s.aw == 0 && s.a == s.b)
    }

    /// The offset in `B` of offset `a` of `A` (an offset inside a character maps to the
    /// character's start; past the end, the ends line up).
    #[cfg(test)]
    pub(crate) fn a_to_b(&self, a: usize) -> usize {
        let i = self.segs.partition_point(|s| s.a <= a);
        self.a_to_b_at(i, a)
    }

    /// The segment-range cache of [`Near`] for `a`, and the offset in `B` of `a`: the segment
    /// is found from the cached one (the next one first, as offsets mostly ascend) or by a
    /// binary search.
    #[inline(never)]
    fn near_seek(&self, a: usize, near: &mut Near) -> usize {
        let fits = |i: usize| {
            (i == 0 || self.segs.get(i - 1).is_some_and(|s| s.a <= a))
                && self.segs.get(i).is_none_or(|s| s.a > a)
        };
        let h = near.i;
        let i = if fits(h + 1) {
            h + 1
        } else {
            self.segs.partition_point(|s| s.a <= a)
        };
        near.i = i;
        if let Some(s) = i.checked_sub(1).and_then(|k| self.segs.get(k))
            && a < self.end_a
        {
            // `a` is in `s.a..hi`, short of the end: `a_to_b_at` takes its general branch
            // there, which the fast path repeats.
            let next = self.segs.get(i);
            *near = Near {
                lo: s.a,
                hi: next.map_or(self.end_a, |n| n.a.min(self.end_a)),
                a: s.a,
                b: s.b,
                aw: usize::from(s.aw),
                bw: usize::from(s.bw),
                // Past the last segment the limit is `max(end_b, b)`: never below `b`.
                limit: next.map_or(usize::MAX, |n| n.b),
                i,
            };
        } else {
            // Before the first segment or at or past the end: no range is cached.
            near.lo = 1;
            near.hi = 0;
        }
        self.a_to_b_at(i, a)
    }

    /// The offset in `B` of `a`, where `i` is the number of segments starting at or before `a`.
    fn a_to_b_at(&self, i: usize, a: usize) -> usize {
        let Some(s) = i.checked_sub(1).and_then(|i| self.segs.get(i)) else {
            return a;
        };
        let d = a - s.a;
        let b = if s.aw == 0 {
            s.b + d
        } else {
            s.b + d / usize::from(s.aw) * usize::from(s.bw)
        };
        let limit = self.segs.get(i).map_or(self.end_b.max(b), |n| n.b);
        if a >= self.end_a {
            return self.end_b + (a - self.end_a);
        }
        b.min(limit)
    }

    /// The offset in `A` of offset `b` of `B` (the inverse of [`a_to_b`](Self::a_to_b)).
    pub(crate) fn b_to_a(&self, b: usize) -> usize {
        let i = self.segs.partition_point(|s| s.b <= b);
        let Some(s) = i.checked_sub(1).and_then(|i| self.segs.get(i)) else {
            return self.segs.first().map_or(b, |s| s.a);
        };
        if b >= self.end_b {
            return self.end_a + (b - self.end_b);
        }
        let d = b - s.b;
        let a = if s.aw == 0 {
            s.a + d
        } else if s.bw == 0 {
            s.a
        } else {
            s.a + d / usize::from(s.bw) * usize::from(s.aw)
        };
        let limit = self.segs.get(i).map_or(self.end_a.max(a), |n| n.a);
        a.min(limit)
    }
}

/// A cursor for [`Runs::a_to_b`] over offsets in mostly ascending order: the range of `A`
/// offsets `lo..hi` (below the end of the text) that fall in one segment, with what maps
/// them, so that an offset in the same segment as the previous one is mapped with no search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Near {
    lo: usize,
    hi: usize,
    /// The segment's start in `A` and `B`, its widths and the limit of its mapped offsets.
    a: usize,
    b: usize,
    aw: usize,
    bw: usize,
    limit: usize,
    /// The number of segments starting at or before `lo`.
    i: usize,
}

impl Default for Near {
    fn default() -> Near {
        Near {
            lo: 1,
            hi: 0,
            a: 0,
            b: 0,
            aw: 0,
            bw: 0,
            limit: 0,
            i: 0,
        }
    }
}

impl Near {
    /// [`Runs::a_to_b`] of `a` (`runs` is the same map at every call).
    #[inline(always)]
    pub(crate) fn map(&mut self, runs: &Runs, a: usize) -> usize {
        if a >= self.lo && a < self.hi {
            let d = a - self.a;
            let b = self.b
                + match self.aw {
                    // An identity segment.
                    0 => d,
                    aw => d / aw * self.bw,
                };
            return b.min(self.limit);
        }
        runs.near_seek(a, self)
    }
}

/// The map from offsets in the decoded text the tokenizer saw to offsets in the original
/// bytes, built while decoding: identity runs where both agree (all of a UTF-8 file without a
/// BOM or malformed bytes), a segment per run of characters of one width elsewhere.
pub(crate) type OffsetMap = Runs;

/// The UTF-16 length of every prefix of a UTF-8 text, for columns. A character takes one
/// unit per byte less its continuation bytes, plus one if it is outside the BMP (four bytes,
/// two units). So the index keeps, for each 64-byte block of the text that holds a continuation
/// byte, a bit per continuation byte and the count of continuation bytes before the block,
/// and the offsets of the four-byte characters: 16 bytes per such block, nothing for ASCII.
#[derive(Debug, Clone, Default)]
pub(crate) struct Units {
    blocks: Vec<UnitBlock>,
    /// Offsets of the first bytes of characters of four bytes.
    astral: Vec<u32>,
    /// Continuation bytes so far.
    cont_total: u32,
    /// Bytes indexed so far.
    len: usize,
}

#[derive(Debug, Clone, Copy)]
struct UnitBlock {
    /// Offset / 64.
    index: u32,
    /// Continuation bytes before the block.
    before: u32,
    /// Bit `i`: byte `64 * index + i` is a continuation byte.
    cont: u64,
}

impl Units {
    fn heap_bytes(&self) -> usize {
        self.blocks.capacity() * std::mem::size_of::<UnitBlock>()
            + self.astral.capacity() * std::mem::size_of::<u32>()
    }

    /// Indexes the next piece of the text (pieces are consecutive and split only between
    /// characters).
    #[cfg(test)]
    fn push(&mut self, bytes: &[u8]) {
        self.scan(bytes, |_| {});
    }

    /// Indexes the next piece of the text (as [`push`](Self::push)) and calls `line_break`
    /// with the offset in `bytes` of each CR and LF, in order: one pass over the text, 64
    /// bytes at a time.
    #[inline]
    fn scan(&mut self, bytes: &[u8], mut line_break: impl FnMut(usize)) {
        let base = self.len;
        self.len += bytes.len();
        let mut chunks = bytes.chunks_exact(64);
        let mut i = 0;
        for chunk in &mut chunks {
            let chunk: &[u8; 64] = chunk.try_into().unwrap_or(&[0; 64]);
            self.scan_chunk(chunk, base + i, |k| line_break(i + k));
            i += 64;
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Zero bytes are neither line breaks nor non-ASCII.
            let mut chunk = [0u8; 64];
            chunk[..rest.len()].copy_from_slice(rest);
            self.scan_chunk(&chunk, base + i, |k| line_break(i + k));
        }
    }

    /// [`scan`](Self::scan) over 64 bytes at offset `at` of the text.
    #[inline(always)]
    fn scan_chunk(&mut self, chunk: &[u8; 64], at: usize, mut line_break: impl FnMut(usize)) {
        let (mut breaks, high) = crate::tokenizer::simd::chunk_masks(chunk);
        while breaks != 0 {
            line_break(breaks.trailing_zeros() as usize);
            breaks &= breaks - 1;
        }
        if high != 0 {
            self.note_non_ascii(chunk, high, at);
        }
    }

    /// Records the continuation bytes and four-byte characters of a chunk at offset `at`
    /// whose non-ASCII mask is `high`.
    #[inline(never)]
    fn note_non_ascii(&mut self, chunk: &[u8; 64], high: u64, at: usize) {
        let (cont, mut astral) = crate::tokenizer::simd::chunk_non_ascii(chunk, high);
        while astral != 0 {
            self.astral
                .push(offset_u32(at + astral.trailing_zeros() as usize));
            astral &= astral - 1;
        }
        // The chunk's bits fall in the 64-byte block of `at` and (unless `at` is aligned)
        // the next one.
        let shift = at % 64;
        let block = at / 64;
        self.add_cont(block, cont << shift);
        if shift != 0 {
            self.add_cont(block + 1, cont >> (64 - shift));
        }
    }

    /// Adds continuation bits `m` to block `block` (blocks come in order).
    fn add_cont(&mut self, block: usize, m: u64) {
        if m == 0 {
            return;
        }
        let index = u32::try_from(block).unwrap_or(u32::MAX);
        match self.blocks.last_mut() {
            Some(last) if last.index == index => last.cont |= m,
            _ => self.blocks.push(UnitBlock {
                index,
                before: self.cont_total,
                cont: m,
            }),
        }
        self.cont_total = self.cont_total.saturating_add(m.count_ones());
    }

    /// Whether byte `d` is a continuation byte, and the continuation bytes before it.
    fn cont_at(&self, d: usize) -> (bool, usize) {
        let k = d / 64;
        let i = self.blocks.partition_point(|b| b.index as usize <= k);
        let Some(b) = i.checked_sub(1).and_then(|i| self.blocks.get(i)) else {
            return (false, 0);
        };
        if b.index as usize == k {
            let bit = 1u64 << (d % 64);
            let below = (b.cont & (bit - 1)).count_ones();
            (b.cont & bit != 0, (b.before + below) as usize)
        } else {
            (false, (b.before + b.cont.count_ones()) as usize)
        }
    }

    /// The UTF-16 code units of the text before offset `d` (an offset inside a character
    /// counts as the character's start; past the end, one unit per byte).
    fn units_to(&self, d: usize) -> usize {
        let (inside, cont) = self.cont_at(d);
        let astral = self.astral.partition_point(|&a| (a as usize) < d);
        let mut units = d - cont + astral;
        if inside {
            // The character's first byte was counted: take it back (two units if it starts
            // a four-byte character).
            let four = astral > 0 && self.astral[astral - 1] as usize + 3 >= d;
            units -= if four { 2 } else { 1 };
        }
        units
    }
}

/// Line starts and UTF-16 widths of the decoded text, for [`Document::line_col`].
#[derive(Debug, Clone, Default)]
pub(crate) struct SourceIndex {
    /// Offset (in the decoded text) of the start of each line after the first.
    line_starts: Vec<u32>,
    /// Decoded text offsets → UTF-16 code units before them.
    units: Units,
    /// Decoded text length so far.
    len: usize,
    /// The last text pushed ended with CR (a LF next continues the same line break).
    pending_cr: bool,
    /// Decoded text offsets → offsets in the original bytes (`None`: the same).
    offsets: Option<OffsetMap>,
}

impl SourceIndex {
    /// Bytes held on the heap.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.line_starts.capacity() * std::mem::size_of::<u32>()
            + self.units.heap_bytes()
            + self.offsets.as_ref().map_or(0, Runs::heap_bytes)
    }

    /// Indexes the next piece of decoded text (pieces are consecutive).
    pub(crate) fn push(&mut self, text: &str) {
        let bytes = text.as_bytes();
        let base = self.len;
        let mut skip_first_lf = false;
        if self.pending_cr && bytes.first() == Some(&b'\n') {
            // CR LF split between pieces: the line starts after the LF.
            if let Some(last) = self.line_starts.last_mut() {
                *last = offset_u32(base + 1);
            }
            skip_first_lf = true;
        }
        self.pending_cr = false;
        let (line_starts, pending_cr) = (&mut self.line_starts, &mut self.pending_cr);
        self.units.scan(bytes, |i| {
            if i == 0 && skip_first_lf {
                return;
            }
            if bytes[i] == b'\r' {
                if bytes.get(i + 1) == Some(&b'\n') {
                    return;
                }
                if i + 1 == bytes.len() {
                    *pending_cr = true;
                }
            }
            line_starts.push(offset_u32(base + i + 1));
        });
        self.len += bytes.len();
    }

    /// An empty index whose line-start buffer is the one this thread set aside (see
    /// [`spare`](super::spare)).
    pub(crate) fn with_spare() -> SourceIndex {
        SourceIndex {
            line_starts: super::spare::take_line_starts(),
            ..SourceIndex::default()
        }
    }

    /// The line-start buffer, leaving the index without lines (for [`super::spare`]).
    pub(crate) fn take_line_starts(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.line_starts)
    }

    /// Indexes a whole text.
    pub(crate) fn for_text(text: &str) -> SourceIndex {
        let mut index = SourceIndex::with_spare();
        index.push(text);
        index
    }

    /// Sets the map from decoded offsets to offsets in the original bytes.
    pub(crate) fn set_offsets(&mut self, map: OffsetMap) {
        self.offsets = (!map.is_identity()).then_some(map);
    }

    /// 1-based line and column (UTF-16 code units) of `offset`, an offset into the source.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let d = match &self.offsets {
            Some(m) => m.b_to_a(offset),
            None => offset,
        };
        let line = self.line_starts.partition_point(|&s| s as usize <= d);
        let start = line
            .checked_sub(1)
            .and_then(|i| self.line_starts.get(i))
            .map_or(0, |&s| s as usize);
        let col = self.units.units_to(d) - self.units.units_to(start.min(d)) + 1;
        (line + 1, col)
    }
}

/// A decoded-text offset as stored in the line index (documents hold at most 4 GiB of text:
/// see `within_text_limit` in the parent module; larger offsets saturate).
fn offset_u32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

/// The length of the leading run of ASCII bytes of `b` (eight bytes at a time).
#[inline]
pub(crate) fn ascii_run(b: &[u8]) -> usize {
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        let mut a = [0u8; 8];
        a.copy_from_slice(w);
        let v = u64::from_le_bytes(a) & HI;
        if v != 0 {
            return i + (v.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    let rest = words.remainder();
    i + rest.iter().position(|&x| x >= 0x80).unwrap_or(rest.len())
}

/// Line, column and UTF-16 offset of one offset (see [`Document::positions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SourcePosition {
    /// 1-based line, as [`Document::line_col`] counts it.
    pub line: usize,
    /// 1-based column in UTF-16 code units, as [`Document::line_col`] counts it.
    pub column: usize,
    /// UTF-16 code units of the decoded text before the offset (a document that was not
    /// parsed counts one per byte).
    pub utf16_offset: usize,
}

/// The cursor of [`Document::positions`]: remembers the last offset's line.
#[derive(Debug, Clone)]
pub struct Positions<'a> {
    index: Option<&'a SourceIndex>,
    /// The last line looked up (the number of line starts at or before it), its start and
    /// the next line's start in the decoded text (`lo..hi`; empty before the first lookup),
    /// and the UTF-16 code units before its start.
    line: usize,
    lo: usize,
    hi: usize,
    lo_units: usize,
}

impl Positions<'_> {
    /// The position of byte offset `offset` into the source (as [`Document::line_col`] takes
    /// it).
    pub fn position(&mut self, offset: usize) -> SourcePosition {
        let Some(index) = self.index else {
            return SourcePosition {
                line: 1,
                column: offset + 1,
                utf16_offset: offset,
            };
        };
        let d = match &index.offsets {
            Some(m) => m.b_to_a(offset),
            None => offset,
        };
        if !(self.lo <= d && d < self.hi) {
            // `SourceIndex::line_col`'s search, remembered for the next offset.
            let starts = &index.line_starts;
            self.line = starts.partition_point(|&s| s as usize <= d);
            self.lo = self
                .line
                .checked_sub(1)
                .and_then(|i| starts.get(i))
                .map_or(0, |&s| s as usize);
            self.hi = starts.get(self.line).map_or(usize::MAX, |&s| s as usize);
            self.lo_units = index.units.units_to(self.lo);
        }
        let units = index.units.units_to(d);
        SourcePosition {
            line: self.line + 1,
            column: units - self.lo_units.min(units) + 1,
            utf16_offset: units,
        }
    }
}

impl Document {
    /// 1-based line and column of a byte offset into the source, counted as parse errors'
    /// positions are ([`crate::Position`]): lines end at LF, CR LF and lone CR; a column is one
    /// more than the number of UTF-16 code units of the decoded text between the line start
    /// and the offset. Computed on request from an index of line starts built while parsing
    /// (no counting per token). A document that was not parsed (or an offset past the end)
    /// counts on as if the rest were ASCII on one line.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    ///
    /// let src = "<p>h\u{e9}llo\r\n<b>\u{1F600}<i>x";
    /// let doc = parse_document(src, ParseOptions::default());
    /// let i = doc.find_element("i").unwrap();
    /// let start = doc.start_tag_span(i).unwrap().start;
    /// assert_eq!(&src[start..start + 3], "<i>");
    /// assert_eq!(doc.line_col(start), (2, 6)); // `<b>` is 3 units, the emoji 2
    /// ```
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        match &self.source {
            Some(index) => index.line_col(offset),
            None => (1, offset + 1),
        }
    }

    /// A cursor for the positions of many offsets, as [`line_col`](Self::line_col) counts them,
    /// with each offset's UTF-16 code units from the start: faster than `line_col` when
    /// consecutive offsets are often on the same line (as a tree's spans are, in tree order).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    ///
    /// let src = "<p>h\u{e9}llo\r\n<b>\u{1F600}<i>x";
    /// let doc = parse_document(src, ParseOptions::default());
    /// let start = src.find("<i>").unwrap();
    /// let mut at = doc.positions();
    /// let p = at.position(start);
    /// assert_eq!((p.line, p.column), doc.line_col(start));
    /// assert_eq!(p.utf16_offset, src[..start].encode_utf16().count());
    /// ```
    pub fn positions(&self) -> Positions<'_> {
        Positions {
            index: self.source.as_deref(),
            line: 0,
            lo: 0,
            hi: 0,
            lo_units: 0,
        }
    }

    /// Whether offsets in the decoded text are offsets in the source as given (no BOM, no
    /// re-encoding, no malformed sequence between them): a document not parsed from bytes, or
    /// parsed from UTF-8 bytes that decoded to themselves.
    pub(crate) fn source_offsets_are_identity(&self) -> bool {
        self.source.as_ref().is_none_or(|s| s.offsets.is_none())
    }

    /// Records the source index (the parser calls this when it finishes).
    pub(crate) fn set_source_index(&mut self, index: SourceIndex) {
        self.source = Some(Box::new(index));
    }

    /// Sets the span of node `id`.
    pub(crate) fn set_node_span(&mut self, id: NodeId, span: Option<Span>) {
        self.nodes[id.index()].span = PackedSpan::pack(span);
    }

    /// Sets the start-tag span of element `id`, and its node span to the same for now (it
    /// grows when the element is closed, see [`close_element_span`](Self::close_element_span)).
    pub(crate) fn set_start_tag(&mut self, id: NodeId, span: Span) {
        self.nodes[id.index()].span = PackedSpan::pack(Some(span));
        if let Some(e) = self.elem_data_mut(id) {
            e.start_tag = PackedSpan::pack(Some(span));
        }
    }

    /// Sets the end-tag span of element `id` (the explicit end tag that closed it).
    pub(crate) fn set_end_tag(&mut self, id: NodeId, span: Span) {
        if let Some(e) = self.elem_data_mut(id)
            && e.end_tag.get().is_none()
        {
            e.end_tag = PackedSpan::pack(Some(span));
        }
    }

    /// Whether element `id` already has an end-tag span.
    pub(crate) fn has_end_tag(&self, id: NodeId) -> bool {
        self.elem_data(id)
            .is_some_and(|e| e.end_tag.get().is_some())
    }

    /// Text node `id` now also holds the characters whose source is `span`: its span grows to
    /// cover them.
    pub(crate) fn extend_text_span(&mut self, id: NodeId, span: Span) {
        let n = &mut self.nodes[id.index()];
        n.span = PackedSpan::pack(Some(match n.span.get() {
            Some(s) => Span::new(s.start.min(span.start), s.end.max(span.end)),
            None => span,
        }));
    }

    /// Element `id` was closed (popped off the stack of open elements): its span becomes its
    /// start tag's `<` to the end of its end tag, or without one to the end of its start tag or
    /// of its last spanned descendant, whichever is later. Elements without a span of their
    /// own keep none.
    pub(crate) fn close_element_span(&mut self, id: NodeId) {
        let Some(span) = self.nodes[id.index()].span.get() else {
            return;
        };
        let end = match self.elem_data(id).and_then(|e| e.end_tag.get()) {
            Some(t) => t.end,
            None => span
                .end
                .max(self.last_spanned_descendant_end(id).unwrap_or(0)),
        };
        self.nodes[id.index()].span =
            PackedSpan::pack(Some(Span::new(span.start, end.max(span.start))));
    }

    /// The end of the span of the last descendant of `id` (in tree order) that has one.
    fn last_spanned_descendant_end(&self, id: NodeId) -> Option<usize> {
        let mut cur = self.nodes[id.index()].last_child();
        while let Some(c) = cur {
            let n = &self.nodes[c.index()];
            if let Some(s) = n.span.get() {
                return Some(s.end);
            }
            cur = match n.last_child() {
                Some(l) => Some(l),
                None => {
                    // Back up: the previous sibling of this node or of the nearest ancestor
                    // below `id` that has one.
                    let mut up = Some(c);
                    let mut next = None;
                    while let Some(u) = up {
                        if u == id {
                            break;
                        }
                        if let Some(p) = self.nodes[u.index()].prev_sibling() {
                            next = Some(p);
                            break;
                        }
                        up = self.nodes[u.index()].parent();
                    }
                    next
                }
            };
        }
        None
    }

    /// Replaces every offset the document holds (node, tag and attribute spans; parse error
    /// spans and positions) by its image under `map`: the parser's last step when the source
    /// offsets differ from the decoded text's. Each kind of offset is mapped in storage order,
    /// which is nearly source order, with its own cursors (see [`Near`]).
    pub(crate) fn map_offsets(&mut self, map: &OffsetMap) {
        let g = |s: PackedSpan, h: &mut [Near; 2]| {
            if s.start == u32::MAX {
                return PackedSpan::NONE;
            }
            PackedSpan::pack(Some(Span::new(
                h[0].map(map, s.start as usize),
                h[1].map(map, s.end as usize),
            )))
        };
        let mut h = [Near::default(); 2];
        for n in &mut self.nodes {
            n.span = g(n.span, &mut h);
        }
        let (mut h, mut h2) = ([Near::default(); 2], [Near::default(); 2]);
        for e in &mut self.elements {
            e.start_tag = g(e.start_tag, &mut h);
            e.end_tag = g(e.end_tag, &mut h2);
        }
        let (mut h, mut h2) = ([Near::default(); 2], [Near::default(); 2]);
        for a in &mut self.attrs {
            a.span = g(a.span, &mut h);
            a.value_span = g(a.value_span, &mut h2);
        }
        let mut h = [Near::default(); 3];
        for e in &mut self.errors {
            e.span = Span::new(h[0].map(map, e.span.start), h[1].map(map, e.span.end));
            e.position.offset = h[2].map(map, e.position.offset);
        }
    }

    /// Fills in the line and column of parse errors that were recorded with only an offset
    /// (line 0), from the source index.
    pub(crate) fn resolve_error_positions(&mut self) {
        let Some(index) = self.source.as_deref() else {
            return;
        };
        for e in &mut self.errors {
            if e.position.line == 0 {
                let (l, c) = index.line_col(e.position.offset);
                e.position.line = l;
                e.position.column = c;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_runs() {
        assert_eq!(ascii_run(b""), 0);
        assert_eq!(ascii_run(b"abc"), 3);
        assert_eq!(ascii_run(b"abcdefghij\xC3\xA9"), 10);
        assert_eq!(ascii_run(b"abc\xC3\xA9defghijkl"), 3);
        assert_eq!(ascii_run(b"abcdefgh"), 8);
    }

    /// UTF-16 units of the characters of `text` that end at or before `d`, then one per byte.
    fn units_reference(text: &str, d: usize) -> usize {
        let mut u = 0;
        for (i, c) in text.char_indices() {
            if i + c.len_utf8() <= d {
                u += c.len_utf16();
            }
        }
        u + d.saturating_sub(text.len())
    }

    #[test]
    fn units_agree_with_counting() {
        let texts = [
            String::new(),
            "plain ascii only".repeat(9),
            "Марс — четвёртая по удалённости от Солнца планета. ".repeat(7),
            "a😀b\u{10FFFF}€x".repeat(23),
            format!("{}é{}😀{}", "x".repeat(63), "y".repeat(62), "z".repeat(60)),
            "日本語のテキスト、と ascii mixed 😀😀 ".repeat(11),
        ];
        for text in &texts {
            // Whole, and in pieces cut at character boundaries of every stride.
            for stride in [usize::MAX, 1, 5, 13, 64, 100] {
                let mut units = Units::default();
                let mut start = 0;
                while start < text.len() {
                    let mut end = start.saturating_add(stride).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    units.push(&text.as_bytes()[start..end]);
                    start = end;
                }
                for d in 0..=text.len() + 3 {
                    assert_eq!(
                        units.units_to(d),
                        units_reference(text, d),
                        "offset {d}, stride {stride}, text {text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn near_mapping_agrees_with_search() {
        let mut r = Runs::default();
        r.skip_b(3);
        r.identity(5);
        r.char(2, 1);
        r.char(2, 1);
        r.char(3, 1);
        r.identity(4);
        r.skip_b(2);
        r.char(1, 2);
        r.identity(7);
        let end = r.end_a() + 3;
        // Ascending, descending and jumping orders, one hint throughout.
        let mut order: Vec<usize> = (0..=end).collect();
        order.extend((0..=end).rev());
        order.extend((0..=end).map(|i| (i * 7) % (end + 1)));
        let mut near = Near::default();
        for a in order {
            assert_eq!(near.map(&r, a), r.a_to_b(a), "offset {a}");
        }
    }

    #[test]
    fn runs_map_both_ways() {
        // "a" identity, then two 2:1 characters, then "bc" identity.
        let mut r = Runs::default();
        r.identity(1);
        r.char(2, 1);
        r.char(2, 1);
        r.identity(2);
        assert_eq!(
            (0..=7).map(|a| r.a_to_b(a)).collect::<Vec<_>>(),
            [0, 1, 1, 2, 2, 3, 4, 5]
        );
        assert_eq!(
            (0..=5).map(|b| r.b_to_a(b)).collect::<Vec<_>>(),
            [0, 1, 3, 5, 6, 7]
        );
        let mut bom = Runs::default();
        bom.skip_b(3);
        bom.identity(4);
        assert_eq!(bom.a_to_b(0), 3);
        assert_eq!(bom.a_to_b(4), 7);
        assert_eq!(bom.b_to_a(3), 0);
        assert!(!bom.is_identity());
    }

    #[test]
    fn source_index_lines_and_columns() {
        let mut ix = SourceIndex::default();
        ix.push("ab\r");
        ix.push("\ncd\u{1F600}e\rf");
        assert_eq!(ix.line_col(0), (1, 1));
        assert_eq!(ix.line_col(4), (2, 1));
        assert_eq!(ix.line_col(10), (2, 5));
        assert_eq!(ix.line_col(12), (3, 1));
    }
}
