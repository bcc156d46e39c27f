//! §13.2.5 Tokenization: the core of the tokenizer state machine (its 80 states, its buffers,
//! token emission and the `run` loop that dispatches to one step per state).
//!
//! The steps live by state group, in spec order: `text.rs` (data, RCDATA, RAWTEXT, script data,
//! PLAINTEXT), `tag.rs` (tag open, tag name, attributes), `script.rs` (script data escapes),
//! `comment.rs` (comments, markup declaration open, CDATA sections), `doctype.rs` and
//! `char_ref.rs` (character references). Each step reads the input through the `getc!` macro
//! and returns [`Flow`]: continue, or stop `run` having consumed so many bytes.
//!
//! The machine runs over the bytes of a `&str`. Every delimiter it looks for is ASCII, so
//! slicing at a delimiter is always at a `char` boundary. Plain runs (text, attribute values,
//! comments, names) are found with a byte-class table and copied or borrowed as slices; the
//! other states read one code point at a time through `peek`, which also does the newline
//! normalization of §13.2.3.5 (CR LF and lone CR read as LF).
//!
//! When the input ends inside a construct that needs lookahead (a CR that may be followed by
//! LF, `<!` before `--`/`DOCTYPE`/`[CDATA[`, the keywords after a DOCTYPE name, a named
//! character reference) and more input may come, `run` stops and returns how far it got; the
//! caller keeps the rest and runs again with more input, so the result does not depend on
//! how the input was split.

use std::ops::ControlFlow;

use super::preprocessing::{advance, check_code_point, columns, is_candidate_byte, line_ends};
use super::token::{Attribute, Doctype, SinkResult, State, Tag, Token, TokenSink};
use crate::error::{ParseError, Position, Span};

/// The input `run` works on and how far it got: what each state's step reads and advances.
pub(super) struct Cx<'a> {
    /// The input given to `run`.
    pub(super) input: &'a str,
    /// `input` as bytes.
    pub(super) bytes: &'a [u8],
    /// The index of the next input character in `input`.
    pub(super) pos: usize,
    /// No input follows `input`.
    pub(super) eof: bool,
}

/// What a state's step tells `run`: go on, or stop having consumed this many bytes.
pub(super) type Flow = ControlFlow<usize>;

/// The next input character of `$cx` (with the §13.2.3.5 check), `None` at the end of input;
/// returns from the step when more input may come.
macro_rules! getc {
    ($m:ident, $sink:ident, $cx:ident) => {
        match peek($cx.bytes, $cx.input, $cx.pos, $cx.eof) {
            Nx::Wait => return ControlFlow::Break($cx.pos),
            Nx::Eof => None,
            Nx::C(c, n) => {
                if (c as u32) >= 0x7F || ((c as u32) < 0x20 && !is_ws(c) && c != '\0') {
                    $m.pre_check($sink, $cx.bytes, $cx.pos, c);
                }
                Some((c, n))
            }
        }
    };
}
pub(super) use getc;

/// Emits the end-of-file token and stops `run` with all input consumed.
macro_rules! eof_here {
    ($m:ident, $sink:ident, $cx:ident) => {{
        $m.emit_eof($sink, $cx.bytes, $cx.pos);
        return ControlFlow::Break($cx.bytes.len());
    }};
}
pub(super) use eof_here;

/// Reports a parse error at the current input character (or at byte `$at`).
macro_rules! err {
    ($m:ident, $sink:ident, $cx:ident, $code:expr) => {
        $m.err($sink, $cx.bytes, $cx.pos, $code)
    };
    ($m:ident, $sink:ident, $cx:ident, $code:expr, $at:expr) => {
        $m.err($sink, $cx.bytes, $at, $code)
    };
}
pub(super) use err;

/// All 80 states of §13.2.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum St {
    Data,
    Rcdata,
    Rawtext,
    ScriptData,
    Plaintext,
    TagOpen,
    EndTagOpen,
    TagName,
    RcdataLessThan,
    RcdataEndTagOpen,
    RcdataEndTagName,
    RawtextLessThan,
    RawtextEndTagOpen,
    RawtextEndTagName,
    ScriptDataLessThan,
    ScriptDataEndTagOpen,
    ScriptDataEndTagName,
    ScriptDataEscapeStart,
    ScriptDataEscapeStartDash,
    ScriptDataEscaped,
    ScriptDataEscapedDash,
    ScriptDataEscapedDashDash,
    ScriptDataEscapedLessThan,
    ScriptDataEscapedEndTagOpen,
    ScriptDataEscapedEndTagName,
    ScriptDataDoubleEscapeStart,
    ScriptDataDoubleEscaped,
    ScriptDataDoubleEscapedDash,
    ScriptDataDoubleEscapedDashDash,
    ScriptDataDoubleEscapedLessThan,
    ScriptDataDoubleEscapeEnd,
    BeforeAttributeName,
    AttributeName,
    AfterAttributeName,
    BeforeAttributeValue,
    AttributeValueDoubleQuoted,
    AttributeValueSingleQuoted,
    AttributeValueUnquoted,
    AfterAttributeValueQuoted,
    SelfClosingStartTag,
    BogusComment,
    ProcessingInstructionOpen,
    ProcessingInstructionTarget,
    AfterProcessingInstructionTarget,
    ProcessingInstructionData,
    ProcessingInstructionQuestionable,
    MarkupDeclarationOpen,
    CommentStart,
    CommentStartDash,
    Comment,
    CommentLessThan,
    CommentLessThanBang,
    CommentLessThanBangDash,
    CommentLessThanBangDashDash,
    CommentEndDash,
    CommentEnd,
    CommentEndBang,
    Doctype,
    BeforeDoctypeName,
    DoctypeName,
    AfterDoctypeName,
    AfterDoctypePublicKeyword,
    BeforeDoctypePublicIdentifier,
    DoctypePublicIdentifierDoubleQuoted,
    DoctypePublicIdentifierSingleQuoted,
    AfterDoctypePublicIdentifier,
    BetweenDoctypePublicAndSystemIdentifiers,
    AfterDoctypeSystemKeyword,
    BeforeDoctypeSystemIdentifier,
    DoctypeSystemIdentifierDoubleQuoted,
    DoctypeSystemIdentifierSingleQuoted,
    AfterDoctypeSystemIdentifier,
    BogusDoctype,
    CdataSection,
    CdataSectionBracket,
    CdataSectionEnd,
    CharacterReference,
    NamedCharacterReference,
    AmbiguousAmpersand,
    NumericCharacterReference,
    HexadecimalCharacterReferenceStart,
    DecimalCharacterReferenceStart,
    HexadecimalCharacterReference,
    DecimalCharacterReference,
    NumericCharacterReferenceEnd,
}

impl From<State> for St {
    fn from(s: State) -> St {
        match s {
            State::Data => St::Data,
            State::Rcdata => St::Rcdata,
            State::Rawtext => St::Rawtext,
            State::ScriptData => St::ScriptData,
            State::Plaintext => St::Plaintext,
            State::CdataSection => St::CdataSection,
        }
    }
}

/// The next input character as `peek` sees it.
pub(super) enum Nx {
    /// A code point (CR already normalized to LF) and how many bytes it takes.
    C(char, usize),
    /// The end of the input stream.
    Eof,
    /// The end of the bytes given so far; more may come.
    Wait,
}

#[inline]
pub(super) fn peek(bytes: &[u8], input: &str, pos: usize, eof: bool) -> Nx {
    match bytes.get(pos) {
        None => {
            if eof {
                Nx::Eof
            } else {
                Nx::Wait
            }
        }
        Some(&b'\r') => match bytes.get(pos + 1) {
            Some(b'\n') => Nx::C('\n', 2),
            Some(_) => Nx::C('\n', 1),
            None if eof => Nx::C('\n', 1),
            None => Nx::Wait,
        },
        Some(&b) if b < 0x80 => Nx::C(char::from(b), 1),
        Some(_) => match input.get(pos..).and_then(|s| s.chars().next()) {
            Some(c) => Nx::C(c, c.len_utf8()),
            None => Nx::Eof,
        },
    }
}

const fn table(special: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = is_candidate_byte(b as u8) || b == 0 || b == b'\r' as usize;
        b += 1;
    }
    let mut i = 0;
    while i < special.len() {
        t[special[i] as usize] = true;
        i += 1;
    }
    t
}

const fn with_upper(mut t: [bool; 256]) -> [bool; 256] {
    let mut b = b'A';
    while b <= b'Z' {
        t[b as usize] = true;
        b += 1;
    }
    t
}

/// A stop set of a run scan: the table, and the pair of extra bytes when the set is the
/// preprocessing set plus at most two bytes (then [`scan`] looks at 16 bytes at a time).
pub(super) struct Stops {
    pub(super) t: [bool; 256],
    pair: Option<[u8; 2]>,
}

/// The stop set `table(special)`, scanned a block at a time when `special` has two bytes or
/// fewer.
const fn stops(special: &[u8]) -> Stops {
    let pair = match special {
        [] => Some([0, 0]),
        [a] => Some([*a, *a]),
        [a, b] => Some([*a, *b]),
        _ => None,
    };
    Stops {
        t: table(special),
        pair,
    }
}

/// A stop set scanned by its table only.
const fn stops_table(t: [bool; 256]) -> Stops {
    Stops { t, pair: None }
}

pub(super) const T_DATA: Stops = stops(b"<&");
pub(super) const T_RCDATA: Stops = stops(b"<&");
pub(super) const T_RAWTEXT: Stops = stops(b"<");
/// 13.2.5.20 script data escaped and 13.2.5.27 script data double escaped states.
pub(super) const T_SCRIPT_ESCAPED: Stops = stops(b"-<");
pub(super) const T_PLAINTEXT: Stops = stops(b"");
pub(super) const T_CDATA: Stops = stops(b"]");
pub(super) const T_TAG_NAME: Stops = stops_table(with_upper(table(b"\t\n\x0C />")));
pub(super) const T_ATTR_NAME: Stops = stops_table(with_upper(table(b"\t\n\x0C />=\"'<")));
pub(super) const T_ATTR_DQ: Stops = stops(b"\"&");
pub(super) const T_ATTR_SQ: Stops = stops(b"'&");
pub(super) const T_ATTR_UNQ: Stops = stops(b"\t\n\x0C &>\"'<=`");
pub(super) const T_COMMENT: Stops = stops(b"<-");
pub(super) const T_BOGUS_COMMENT: Stops = stops(b">");
pub(super) const T_DOCTYPE_NAME: Stops = stops_table(with_upper(table(b"\t\n\x0C >")));
pub(super) const T_DOCTYPE_DQ: Stops = stops(b"\">");
pub(super) const T_DOCTYPE_SQ: Stops = stops(b"'>");

/// What `text_run` does with the byte its scan stopped at: by class, from one table look-up.
const RUN_END_OTHER: u8 = 0;
const RUN_END_CR: u8 = 1;
const RUN_END_NUL: u8 = 2;
/// A byte `is_candidate_byte` marks.
const RUN_END_CANDIDATE: u8 = 3;

const fn run_end_classes() -> [u8; 256] {
    let mut t = [RUN_END_OTHER; 256];
    let mut b = 0;
    while b < 256 {
        if is_candidate_byte(b as u8) {
            t[b] = RUN_END_CANDIDATE;
        }
        b += 1;
    }
    t[b'\r' as usize] = RUN_END_CR;
    t[0] = RUN_END_NUL;
    t
}

static RUN_END: [u8; 256] = run_end_classes();

/// Index of the first byte at or after `from` that `s` marks, or `bytes.len()`.
#[inline(always)]
pub(super) fn scan(bytes: &[u8], from: usize, s: &Stops) -> usize {
    let mut i = from;
    if let Some(pair) = s.pair {
        match super::simd::scan16(bytes, from, pair, &s.t) {
            Ok(i) => return i,
            Err(rest) => i = rest,
        }
    }
    while let Some(&b) = bytes.get(i) {
        if s.t[usize::from(b)] {
            return i;
        }
        i += 1;
    }
    bytes.len()
}

/// The position `n` ASCII characters (no line break) after `p`.
#[inline]
pub(super) fn shifted(p: Position, n: usize) -> Position {
    Position {
        offset: p.offset + n,
        line: p.line,
        column: p.column + n,
    }
}

/// How many bytes of the input the character at `p` takes (a CR of CR LF counts alone, so
/// that the answer never depends on the next chunk; none at the end).
#[inline]
pub(super) fn src_len(bytes: &[u8], p: usize) -> usize {
    match bytes.get(p) {
        None => 0,
        Some(&b) if b < 0xC0 => 1,
        Some(&b) if b < 0xE0 => 2,
        Some(&b) if b < 0xF0 => 3,
        Some(_) => 4,
    }
}

#[inline]
pub(super) fn is_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | ' ')
}

/// How a bulk text run treats U+0000.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Nul {
    /// Ends the run (the state replaces it with U+FFFD).
    Stop,
    /// Stays in the run, with an `unexpected-null-character` error (data state).
    Error,
    /// Stays in the run silently (CDATA section state).
    Keep,
}

/// Which buffer a character-reference flush or a plain run goes to.
#[derive(Clone, Copy)]
pub(super) enum Buf {
    TagName,
    AttrName,
    AttrValue,
    Comment,
    DoctypeName,
    PublicId,
    SystemId,
}

/// The tokenizer's state apart from the sink and the unconsumed input.
#[derive(Debug)]
pub(crate) struct Machine {
    pub(crate) state: St,
    pub(super) return_state: St,
    /// Absolute byte offset of the first byte of the input `run` works on.
    pub(super) base: usize,
    /// Line and column of that first byte.
    pub(super) line0: usize,
    pub(super) col0: usize,
    /// A position cursor within the current input (index, line, column).
    pub(super) cur_p: usize,
    pub(super) cur_line: usize,
    pub(super) cur_col: usize,
    /// Absolute offset below which preprocessing errors have been reported.
    pub(super) checked_upto: usize,
    pub(super) tag: Tag,
    pub(super) is_end: bool,
    pub(super) pool: Vec<Attribute>,
    /// The current attribute was a duplicate and has been removed: its value goes nowhere.
    pub(super) dup: bool,
    /// No `&`, U+0000 or CR in the current attribute value's source so far.
    pub(super) value_plain: bool,
    /// Names of the current tag's attributes, kept only for tags with many attributes.
    /// Names of the current tag's attributes as keyed hashes → the index of an attribute with
    /// that hash (kept only for tags with many attributes; the keys are random, so an input
    /// cannot make names collide; a collision is still checked by comparing names).
    pub(super) attr_names: rustc_hash::FxHashMap<u64, u32>,
    pub(super) attr_keys: std::hash::RandomState,
    pub(super) scratch: String,
    /// The attributes the fast path for ordinary tags found (reused from tag to tag).
    pub(super) fast_attrs: Vec<super::SourceAttr>,
    pub(super) comment: String,
    /// Living standard: the current processing instruction token's data (its target is the
    /// temporary buffer, kept in `comment` after a leading `?`).
    pub(super) pi_data: String,
    pub(super) doctype: Doctype,
    pub(super) temp: String,
    pub(super) code: u32,
    /// The name of the last start tag emitted, for the appropriate end tag check (see
    /// `last_start_src`, which takes precedence when set).
    pub(crate) last_start_tag: String,
    /// The name of the last start tag emitted is `input[a..b]` of the input of the current
    /// `run`, not yet copied into `last_start_tag` (the fast path for tags records the range:
    /// the name is needed only by the RCDATA, RAWTEXT and script data end tag states, which
    /// copy it, as `run` does before it returns).
    pub(super) last_start_src: Option<(usize, usize)>,
    pub(super) token_start: Position,
    pub(super) ref_pos: Position,
    /// Where the `]` that entered the CDATA section bracket state is.
    pub(super) bracket_pos: Position,
    pub(crate) done: bool,
    /// Positions carry only offsets (line and column 0): the parser fills in the lines and
    /// columns of the errors it keeps from its source index at the end, so no per-token
    /// line counting is needed.
    pub(crate) offsets_only: bool,
}

impl Default for Machine {
    fn default() -> Self {
        Machine {
            state: St::Data,
            return_state: St::Data,
            base: 0,
            line0: 1,
            col0: 1,
            cur_p: 0,
            cur_line: 1,
            cur_col: 1,
            checked_upto: 0,
            tag: Tag::default(),
            is_end: false,
            pool: Vec::new(),
            dup: false,
            value_plain: true,
            attr_names: rustc_hash::FxHashMap::default(),
            attr_keys: std::hash::RandomState::new(),
            scratch: String::new(),
            fast_attrs: Vec::new(),
            comment: String::new(),
            pi_data: String::new(),
            doctype: Doctype::default(),
            temp: String::new(),
            code: 0,
            last_start_tag: String::new(),
            last_start_src: None,
            token_start: Position {
                offset: 0,
                line: 1,
                column: 1,
            },
            ref_pos: Position::default(),
            bracket_pos: Position::default(),
            done: false,
            offsets_only: false,
        }
    }
}

impl Machine {
    /// The position of byte `p` of the current input.
    #[inline]
    pub(super) fn pos_of(&mut self, bytes: &[u8], p: usize) -> Position {
        let p = p.min(bytes.len());
        if self.offsets_only {
            return Position {
                offset: self.base + p,
                line: 0,
                column: 0,
            };
        }
        self.line_col_of(bytes, p)
    }

    /// [`Machine::pos_of`] with line and column: counted from the cursor.
    fn line_col_of(&mut self, bytes: &[u8], p: usize) -> Position {
        if p >= self.cur_p {
            let (l, c) = advance(bytes, self.cur_p, p, self.cur_line, self.cur_col);
            self.cur_p = p;
            self.cur_line = l;
            self.cur_col = c;
            return Position {
                offset: self.base + p,
                line: l,
                column: c,
            };
        }
        // Backwards (rare: a position before one already computed, e.g. the `]` of a CDATA
        // section end). Cost: the distance back, plus the distance to the line start.
        let (n, _) = line_ends(bytes, p, self.cur_p);
        let (line, column) = if n == 0 {
            let back = columns(bytes.get(p..self.cur_p).unwrap_or(&[]));
            (self.cur_line, self.cur_col.saturating_sub(back).max(1))
        } else {
            let line = self.cur_line.saturating_sub(n);
            let head = bytes.get(..p).unwrap_or(&[]);
            match memchr::memrchr2(b'\n', b'\r', head) {
                Some(i) => (line, 1 + columns(bytes.get(i + 1..p).unwrap_or(&[]))),
                None => (line, self.col0 + columns(head)),
            }
        };
        Position {
            offset: self.base + p,
            line,
            column,
        }
    }

    /// Called after `run` consumed `used` bytes of `bytes`: the next input starts there.
    pub(crate) fn rebase(&mut self, bytes: &[u8], used: usize) {
        let p = self.pos_of(bytes, used);
        self.line0 = p.line;
        self.col0 = p.column;
        self.base = p.offset;
        self.cur_p = 0;
        self.cur_line = p.line;
        self.cur_col = p.column;
    }

    pub(super) fn err<S: TokenSink>(
        &mut self,
        sink: &mut S,
        bytes: &[u8],
        p: usize,
        code: &'static str,
    ) {
        let position = self.pos_of(bytes, p);
        let span = Span::new(position.offset, position.offset + src_len(bytes, p));
        sink.parse_error(ParseError {
            code,
            position,
            span,
        });
    }

    /// Reports a character-reference error at byte `p` of the current input; its span is the
    /// reference, from its `&` to byte `end`.
    pub(super) fn err_ref<S: TokenSink>(
        &mut self,
        sink: &mut S,
        bytes: &[u8],
        p: usize,
        end: usize,
        code: &'static str,
    ) {
        let position = self.pos_of(bytes, p);
        let start = self.ref_pos.offset;
        let span = Span::new(start, (self.base + end).max(start));
        sink.parse_error(ParseError {
            code,
            position,
            span,
        });
    }

    /// §13.2.3.5: reports a control or noncharacter code point once, when first consumed.
    #[inline]
    pub(super) fn pre_check<S: TokenSink>(
        &mut self,
        sink: &mut S,
        bytes: &[u8],
        p: usize,
        c: char,
    ) {
        if let Some(code) = self.pre_error(p, c) {
            self.err(sink, bytes, p, code);
        }
    }

    /// §13.2.3.5: the error for `c` at `p` if it is one that has not been reported yet (a
    /// reconsumed or re-read character was reported when first consumed); marks it reported.
    #[inline]
    pub(super) fn pre_error(&mut self, p: usize, c: char) -> Option<&'static str> {
        let code = check_code_point(c)?;
        let abs = self.base + p;
        if abs < self.checked_upto {
            return None;
        }
        self.checked_upto = abs + 1;
        Some(code)
    }

    #[inline]
    pub(super) fn apply(&mut self, r: SinkResult) {
        if let SinkResult::SwitchTo(s) = r {
            self.state = s.into();
        }
    }

    /// Emits `s` as character tokens whose source runs from `at` to the absolute offset `end`.
    pub(super) fn emit_str<S: TokenSink>(
        &mut self,
        sink: &mut S,
        s: &str,
        at: Position,
        end: usize,
    ) {
        if !s.is_empty() {
            let span = Span::new(at.offset, end.max(at.offset));
            let r = sink.process_token_with_span(Token::Characters(s), span, at);
            self.apply(r);
        }
    }

    pub(super) fn emit_char<S: TokenSink>(
        &mut self,
        sink: &mut S,
        bytes: &[u8],
        c: char,
        p: usize,
    ) {
        let mut buf = [0u8; 4];
        let at = self.pos_of(bytes, p);
        let s: &str = c.encode_utf8(&mut buf);
        // A LF read from CR LF covers both (`getc` only reads one when it sees both).
        let n = if c == '\n' && bytes.get(p..p + 2) == Some(b"\r\n") {
            2
        } else {
            src_len(bytes, p)
        };
        let span = Span::new(at.offset, at.offset + n);
        let r = sink.process_token_with_span(Token::Characters(s), span, at);
        self.apply(r);
    }

    /// Emits the temporary buffer as character tokens whose source runs from `at` to the
    /// absolute offset `end`.
    pub(super) fn emit_temp<S: TokenSink>(&mut self, sink: &mut S, at: Position, end: usize) {
        if !self.temp.is_empty() {
            let span = Span::new(at.offset, end.max(at.offset));
            let r = sink.process_token_with_span(Token::Characters(&self.temp), span, at);
            self.apply(r);
        }
    }

    pub(super) fn emit_eof<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize) {
        let at = self.pos_of(bytes, p);
        let span = Span::new(at.offset, at.offset);
        let _ = sink.process_token_with_span(Token::Eof, span, at);
        self.done = true;
    }

    /// The span of the current token, from its `<` to `end` (relative to the current input).
    pub(super) fn token_span(&self, end: usize) -> Span {
        let start = self.token_start.offset;
        Span::new(start, (self.base + end).max(start))
    }

    /// Emits the current comment token, which ends before byte `end` of the current input.
    pub(super) fn emit_comment<S: TokenSink>(&mut self, sink: &mut S, end: usize) {
        let span = self.token_span(end);
        let r = sink.process_token_with_span(Token::Comment(&self.comment), span, self.token_start);
        self.apply(r);
    }

    /// Living standard: emits the current processing instruction token, which ends before byte
    /// `end` of the current input.
    pub(super) fn emit_pi<S: TokenSink>(&mut self, sink: &mut S, end: usize) {
        let span = self.token_span(end);
        let target = self.comment.get(1..).unwrap_or("");
        let r = sink.processing_instruction(target, &self.pi_data, span, self.token_start);
        self.apply(r);
    }

    /// Emits the current DOCTYPE token, which ends before byte `end` of the current input.
    pub(super) fn emit_doctype<S: TokenSink>(&mut self, sink: &mut S, end: usize) {
        let span = self.token_span(end);
        let r = sink.process_token_with_span(Token::Doctype(&self.doctype), span, self.token_start);
        self.apply(r);
    }

    /// Emits the current tag token; `p` is its `>` (where its end-tag errors are reported).
    pub(super) fn emit_tag<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize) {
        let span = self.token_span(p + 1);
        if self.is_end {
            if !self.tag.attrs.is_empty() {
                self.err(sink, bytes, p, "end-tag-with-attributes");
            }
            if self.tag.self_closing {
                self.err(sink, bytes, p, "end-tag-with-trailing-solidus");
            }
            let r = sink.process_token_with_span(
                Token::EndTag(self.tag.view()),
                span,
                self.token_start,
            );
            self.apply(r);
        } else {
            self.last_start_src = None;
            self.last_start_tag.clear();
            self.last_start_tag.push_str(&self.tag.name);
            let r = sink.process_token_with_span(
                Token::StartTag(self.tag.view()),
                span,
                self.token_start,
            );
            self.apply(r);
        }
    }

    pub(super) fn new_tag(&mut self, is_end: bool) {
        self.is_end = is_end;
        self.tag.name.clear();
        self.tag.self_closing = false;
        if !self.attr_names.is_empty() {
            self.attr_names.clear();
        }
        // The attributes go back to the pool whole (one copy of the vector's contents); their
        // strings are cleared when they are reused.
        self.pool.append(&mut self.tag.attrs);
    }

    /// Starts a new attribute whose name begins at byte `p` of the current input.
    pub(super) fn new_attr(&mut self, p: usize) {
        let mut a = self.pool.pop().unwrap_or_default();
        a.name.clear();
        a.value.clear();
        let start = self.base + p;
        a.span = Span::new(start, start);
        a.value_span = None;
        a.value_verbatim = true;
        self.tag.attrs.push(a);
        self.dup = false;
    }

    /// The current attribute's value starts at byte `p` of the current input.
    pub(super) fn attr_value_start(&mut self, p: usize) {
        let at = self.base + p;
        self.value_plain = true;
        if let Some(a) = self.tag.attrs.last_mut()
            && !self.dup
        {
            a.value_span = Some(Span::new(at, at));
        }
    }

    /// The current attribute's value ends before byte `value_end` of the current input, and
    /// the attribute (with any closing quote) before `end`.
    pub(super) fn attr_value_end(&mut self, value_end: usize, end: usize) {
        let (value_end, end) = (self.base + value_end, self.base + end);
        if let Some(a) = self.tag.attrs.last_mut()
            && !self.dup
        {
            if let Some(v) = &mut a.value_span {
                v.end = value_end.max(v.start);
            }
            a.value_verbatim = self.value_plain;
            a.span.end = end.max(a.span.start);
        }
    }

    /// "When the user agent leaves the attribute name state": duplicate-attribute check.
    pub(super) fn leave_attr_name<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize) {
        let end = self.base + p;
        if let Some(a) = self.tag.attrs.last_mut() {
            a.span.end = end.max(a.span.start);
        }
        let Some((last, rest)) = self.tag.attrs.split_last() else {
            return;
        };
        let duplicate = if rest.len() < 32 {
            rest.iter().any(|a| a.name == last.name)
        } else {
            // Many attributes: keep an index of the names so far (no quadratic time; its size
            // equals the number of attributes before this one unless two names shared a
            // hash, in which case it is rebuilt).
            use std::hash::BuildHasher;
            let keys = &self.attr_keys;
            if self.attr_names.len() != rest.len() {
                self.attr_names.clear();
                for (i, a) in rest.iter().enumerate() {
                    let i = u32::try_from(i).unwrap_or(u32::MAX);
                    self.attr_names.entry(keys.hash_one(&a.name)).or_insert(i);
                }
            }
            let h = keys.hash_one(&last.name);
            match self.attr_names.get(&h) {
                Some(&i) if rest.get(i as usize).is_some_and(|a| a.name == last.name) => true,
                // Two names with one 64-bit keyed hash: compare them all.
                Some(_) => rest.iter().any(|a| a.name == last.name),
                None => {
                    let i = u32::try_from(rest.len()).unwrap_or(u32::MAX);
                    self.attr_names.insert(h, i);
                    false
                }
            }
        };
        if duplicate {
            self.err(sink, bytes, p, "duplicate-attribute");
            if let Some(mut a) = self.tag.attrs.pop() {
                a.name.clear();
                a.value.clear();
                self.pool.push(a);
            }
            self.dup = true;
            self.scratch.clear();
        }
    }

    pub(super) fn new_doctype(&mut self) {
        self.doctype.name = None;
        self.doctype.public_id = None;
        self.doctype.system_id = None;
        self.doctype.force_quirks = false;
    }

    pub(super) fn buf(&mut self, b: Buf) -> &mut String {
        match b {
            Buf::TagName => &mut self.tag.name,
            Buf::AttrName => match self.tag.attrs.last_mut() {
                Some(a) if !self.dup => &mut a.name,
                _ => &mut self.scratch,
            },
            Buf::AttrValue => match self.tag.attrs.last_mut() {
                Some(a) if !self.dup => &mut a.value,
                _ => &mut self.scratch,
            },
            Buf::Comment => &mut self.comment,
            Buf::DoctypeName => self.doctype.name.get_or_insert_with(String::new),
            Buf::PublicId => self.doctype.public_id.get_or_insert_with(String::new),
            Buf::SystemId => self.doctype.system_id.get_or_insert_with(String::new),
        }
    }

    #[inline]
    pub(super) fn push(&mut self, b: Buf, c: char) {
        self.buf(b).push(c);
    }

    /// Appends the plain run starting at `pos` (bytes `t` does not mark) to `b`; returns its end.
    #[inline]
    pub(super) fn run_into(&mut self, input: &str, pos: usize, t: &Stops, b: Buf) -> usize {
        let end = scan(input.as_bytes(), pos, t);
        if end > pos
            && let Some(s) = input.get(pos..end)
        {
            self.buf(b).push_str(s);
        }
        end
    }

    pub(super) fn is_attr_return(&self) -> bool {
        matches!(
            self.return_state,
            St::AttributeValueDoubleQuoted
                | St::AttributeValueSingleQuoted
                | St::AttributeValueUnquoted
        )
    }

    /// "Flush code points consumed as a character reference"; the reference ends before byte
    /// `end` of the current input.
    pub(super) fn flush_temp<S: TokenSink>(&mut self, sink: &mut S, end: usize) {
        if self.is_attr_return() {
            let t = std::mem::take(&mut self.temp);
            self.buf(Buf::AttrValue).push_str(&t);
            self.temp = t;
        } else {
            let at = self.ref_pos;
            let end = self.base + end;
            self.emit_temp(sink, at, end);
        }
    }

    /// Copies a last start tag name recorded as a range of `input` (the input of the current
    /// `run`) into `last_start_tag`.
    #[cold]
    pub(super) fn sync_last_start(&mut self, input: &str) {
        if let Some((a, b)) = self.last_start_src.take() {
            self.last_start_tag.clear();
            self.last_start_tag.push_str(input.get(a..b).unwrap_or(""));
        }
    }

    /// Whether the current tag is an appropriate end tag token (`sync_last_start` done).
    pub(super) fn appropriate(&self) -> bool {
        self.is_end && !self.last_start_tag.is_empty() && self.tag.name == self.last_start_tag
    }

    /// Bulk text for the data, RCDATA, RAWTEXT, script data, PLAINTEXT and CDATA section
    /// states: emits plain runs as borrowed slices. Returns `Ok(pos)` when a special character
    /// was reached (not consumed; the per-character code handles it), `Err(pos)` to stop.
    ///
    /// A character that is a parse error when consumed (a §13.2.3.5 control or noncharacter,
    /// U+0000 in the data state) ends the run before it: the text before it is emitted, then
    /// the error is reported, then a new run starts with the character. So errors come in the
    /// spec's order relative to the character tokens (and to the tree builder's errors for
    /// them), whatever the chunks: a chunk boundary only ever splits a run, it never moves an
    /// error across text. Only runs that contain such characters pay for this.
    #[inline(always)]
    pub(super) fn text_run<S: TokenSink>(
        &mut self,
        sink: &mut S,
        input: &str,
        pos: usize,
        eof: bool,
        t: &Stops,
        nul: Nul,
    ) -> Result<usize, usize> {
        let bytes = input.as_bytes();
        let mut a = pos;
        // Where the run's source starts: `a`, or the CR of a CR LF whose LF starts the run
        // (the run's span covers the bytes its characters came from).
        let mut from = pos;
        let mut i = pos;
        loop {
            i = scan(bytes, i, t);
            let Some(&b) = bytes.get(i) else {
                self.emit_run_from(sink, input, from, a, i);
                return if eof { Ok(i) } else { Err(i) };
            };
            match RUN_END[usize::from(b)] {
                RUN_END_CR => match bytes.get(i + 1) {
                    Some(b'\n') => {
                        // CR LF: drop the CR, the LF starts the next run, whose span starts
                        // at the CR.
                        self.emit_run_from(sink, input, from, a, i);
                        from = i;
                        i += 1;
                        a = i;
                    }
                    _ => {
                        self.emit_run_from(sink, input, from, a, i);
                        return Ok(i);
                    }
                },
                RUN_END_NUL if nul != Nul::Stop => {
                    // 13.2.5.1 data state: U+0000 is an error but is emitted as is;
                    // 13.2.5.69 CDATA section state: emitted as is.
                    if nul == Nul::Error {
                        self.emit_run_from(sink, input, from, a, i);
                        a = i;
                        from = i;
                        self.err(sink, bytes, i, "unexpected-null-character");
                    }
                    i += 1;
                }
                RUN_END_CANDIDATE => {
                    let c = input
                        .get(i..)
                        .and_then(|s| s.chars().next())
                        .unwrap_or('\u{FFFD}');
                    if let Some(code) = self.pre_error(i, c) {
                        self.emit_run_from(sink, input, from, a, i);
                        a = i;
                        from = i;
                        self.err(sink, bytes, i, code);
                    }
                    i += c.len_utf8();
                }
                _ => {
                    // The common end of a run (at `<`, `&` and the like): inlined.
                    self.emit_run_inline(sink, input, from, a, i);
                    return Ok(i);
                }
            }
        }
    }

    /// Emits `input[a..b]` (if not empty) at the position of `a`, with a span from `from`
    /// (before `a` when a CR that preprocessing dropped precedes the run).
    #[inline]
    fn emit_run_from<S: TokenSink>(
        &mut self,
        sink: &mut S,
        input: &str,
        from: usize,
        a: usize,
        b: usize,
    ) {
        self.emit_run_inline(sink, input, from, a, b);
    }

    /// [`Machine::emit_run_from`], always inlined.
    #[inline(always)]
    fn emit_run_inline<S: TokenSink>(
        &mut self,
        sink: &mut S,
        input: &str,
        from: usize,
        a: usize,
        b: usize,
    ) {
        if a < b {
            let at = self.pos_of(input.as_bytes(), a);
            if let Some(s) = input.get(a..b) {
                let span = Span::new(self.base + from, self.base + b);
                let r = sink.process_token_with_span(Token::Characters(s), span, at);
                self.apply(r);
            }
        }
    }

    /// Runs the state machine over `input`. `eof` says that no input follows. Returns how many
    /// bytes were consumed; the rest must be given again, followed by more input.
    pub(crate) fn run<S: TokenSink>(&mut self, sink: &mut S, input: &str, eof: bool) -> usize {
        let used = self.run_states(sink, input, eof);
        if self.last_start_src.is_some() {
            self.sync_last_start(input);
        }
        used
    }

    /// [`Machine::run`] but for the copy of a last start tag name recorded as a range.
    #[inline(always)]
    fn run_states<S: TokenSink>(&mut self, sink: &mut S, input: &str, eof: bool) -> usize {
        self.cur_p = 0;
        self.cur_line = self.line0;
        self.cur_col = self.col0;
        let mut cx = Cx {
            input,
            bytes: input.as_bytes(),
            pos: 0,
            eof,
        };
        loop {
            if self.done {
                return cx.bytes.len();
            }
            let flow = match self.state {
                St::Data => self.data_state(sink, &mut cx),
                St::Rcdata => self.rcdata_state(sink, &mut cx),
                St::Rawtext | St::ScriptData => self.rawtext_or_script_data_state(sink, &mut cx),
                St::Plaintext => self.plaintext_state(sink, &mut cx),
                St::TagOpen => self.tag_open_state(sink, &mut cx),
                St::EndTagOpen => self.end_tag_open_state(sink, &mut cx),
                St::TagName => self.tag_name_state(sink, &mut cx),
                St::RcdataLessThan | St::RawtextLessThan => {
                    self.rcdata_or_rawtext_less_than_state(sink, &mut cx)
                }
                St::RcdataEndTagOpen
                | St::RawtextEndTagOpen
                | St::ScriptDataEndTagOpen
                | St::ScriptDataEscapedEndTagOpen => self.text_end_tag_open_state(sink, &mut cx),
                St::RcdataEndTagName
                | St::RawtextEndTagName
                | St::ScriptDataEndTagName
                | St::ScriptDataEscapedEndTagName => self.text_end_tag_name_state(sink, &mut cx),
                St::ScriptDataLessThan => self.script_data_less_than_state(sink, &mut cx),
                St::ScriptDataEscapeStart | St::ScriptDataEscapeStartDash => {
                    self.script_data_escape_start_state(sink, &mut cx)
                }
                St::ScriptDataEscaped
                | St::ScriptDataEscapedDash
                | St::ScriptDataEscapedDashDash => self.script_data_escaped_state(sink, &mut cx),
                St::ScriptDataEscapedLessThan => {
                    self.script_data_escaped_less_than_state(sink, &mut cx)
                }
                St::ScriptDataDoubleEscapeStart | St::ScriptDataDoubleEscapeEnd => {
                    self.script_data_double_escape_start_or_end_state(sink, &mut cx)
                }
                St::ScriptDataDoubleEscaped
                | St::ScriptDataDoubleEscapedDash
                | St::ScriptDataDoubleEscapedDashDash => {
                    self.script_data_double_escaped_state(sink, &mut cx)
                }
                St::ScriptDataDoubleEscapedLessThan => {
                    self.script_data_double_escaped_less_than_state(sink, &mut cx)
                }
                St::BeforeAttributeName => self.before_attribute_name_state(sink, &mut cx),
                St::AttributeName => self.attribute_name_state(sink, &mut cx),
                St::AfterAttributeName => self.after_attribute_name_state(sink, &mut cx),
                St::BeforeAttributeValue => self.before_attribute_value_state(sink, &mut cx),
                St::AttributeValueDoubleQuoted | St::AttributeValueSingleQuoted => {
                    self.attribute_value_quoted_state(sink, &mut cx)
                }
                St::AttributeValueUnquoted => self.attribute_value_unquoted_state(sink, &mut cx),
                St::AfterAttributeValueQuoted => {
                    self.after_attribute_value_quoted_state(sink, &mut cx)
                }
                St::SelfClosingStartTag => self.self_closing_start_tag_state(sink, &mut cx),
                St::BogusComment => self.bogus_comment_state(sink, &mut cx),
                St::ProcessingInstructionOpen => self.pi_open_state(sink, &mut cx),
                St::ProcessingInstructionTarget => self.pi_target_state(sink, &mut cx),
                St::AfterProcessingInstructionTarget => self.after_pi_target_state(sink, &mut cx),
                St::ProcessingInstructionData => self.pi_data_state(sink, &mut cx),
                St::ProcessingInstructionQuestionable => self.pi_questionable_state(sink, &mut cx),
                St::MarkupDeclarationOpen => self.markup_declaration_open_state(sink, &mut cx),
                St::CommentStart => self.comment_start_state(sink, &mut cx),
                St::CommentStartDash => self.comment_start_dash_state(sink, &mut cx),
                St::Comment => self.comment_state(sink, &mut cx),
                St::CommentLessThan => self.comment_less_than_state(sink, &mut cx),
                St::CommentLessThanBang => self.comment_less_than_bang_state(sink, &mut cx),
                St::CommentLessThanBangDash => {
                    self.comment_less_than_bang_dash_state(sink, &mut cx)
                }
                St::CommentLessThanBangDashDash => {
                    self.comment_less_than_bang_dash_dash_state(sink, &mut cx)
                }
                St::CommentEndDash => self.comment_end_dash_state(sink, &mut cx),
                St::CommentEnd => self.comment_end_state(sink, &mut cx),
                St::CommentEndBang => self.comment_end_bang_state(sink, &mut cx),
                St::Doctype => self.doctype_state(sink, &mut cx),
                St::BeforeDoctypeName => self.before_doctype_name_state(sink, &mut cx),
                St::DoctypeName => self.doctype_name_state(sink, &mut cx),
                St::AfterDoctypeName => self.after_doctype_name_state(sink, &mut cx),
                St::AfterDoctypePublicKeyword | St::AfterDoctypeSystemKeyword => {
                    self.after_doctype_keyword_state(sink, &mut cx)
                }
                St::BeforeDoctypePublicIdentifier | St::BeforeDoctypeSystemIdentifier => {
                    self.before_doctype_identifier_state(sink, &mut cx)
                }
                St::DoctypePublicIdentifierDoubleQuoted
                | St::DoctypePublicIdentifierSingleQuoted
                | St::DoctypeSystemIdentifierDoubleQuoted
                | St::DoctypeSystemIdentifierSingleQuoted => {
                    self.doctype_identifier_quoted_state(sink, &mut cx)
                }
                St::AfterDoctypePublicIdentifier | St::BetweenDoctypePublicAndSystemIdentifiers => {
                    self.after_doctype_public_identifier_state(sink, &mut cx)
                }
                St::AfterDoctypeSystemIdentifier => {
                    self.after_doctype_system_identifier_state(sink, &mut cx)
                }
                St::BogusDoctype => self.bogus_doctype_state(sink, &mut cx),
                St::CdataSection => self.cdata_section_state(sink, &mut cx),
                St::CdataSectionBracket => self.cdata_section_bracket_state(sink, &mut cx),
                St::CdataSectionEnd => self.cdata_section_end_state(sink, &mut cx),
                St::CharacterReference => self.character_reference_state(sink, &mut cx),
                St::NamedCharacterReference => self.named_character_reference_state(sink, &mut cx),
                St::AmbiguousAmpersand => self.ambiguous_ampersand_state(sink, &mut cx),
                St::NumericCharacterReference => {
                    self.numeric_character_reference_state(sink, &mut cx)
                }
                St::HexadecimalCharacterReferenceStart | St::DecimalCharacterReferenceStart => {
                    self.numeric_character_reference_start_state(sink, &mut cx)
                }
                St::HexadecimalCharacterReference | St::DecimalCharacterReference => {
                    self.numeric_character_reference_digits_state(sink, &mut cx)
                }
                St::NumericCharacterReferenceEnd => {
                    self.numeric_character_reference_end_state(sink, &mut cx)
                }
            };
            if let ControlFlow::Break(used) = flow {
                return used;
            }
        }
    }
}
