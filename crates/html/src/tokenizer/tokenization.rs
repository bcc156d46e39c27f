//! §13.2.5 Tokenization: the 80 states of the tokenizer state machine.
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

use super::char_ref::{NamedMatch, lookup_named, numeric_end};
use super::preprocessing::{advance, check_code_point, columns, is_candidate_byte, line_ends};
use super::token::{Attribute, Doctype, SinkResult, State, Tag, Token, TokenSink};
use crate::error::{ParseError, Position};

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
enum Nx {
    /// A code point (CR already normalized to LF) and how many bytes it takes.
    C(char, usize),
    /// The end of the input stream.
    Eof,
    /// The end of the bytes given so far; more may come.
    Wait,
}

#[inline]
fn peek(bytes: &[u8], input: &str, pos: usize, eof: bool) -> Nx {
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

static T_DATA: [bool; 256] = table(b"<&");
static T_RCDATA: [bool; 256] = table(b"<&");
static T_RAWTEXT: [bool; 256] = table(b"<");
static T_PLAINTEXT: [bool; 256] = table(b"");
static T_CDATA: [bool; 256] = table(b"]");
static T_TAG_NAME: [bool; 256] = with_upper(table(b"\t\n\x0C />"));
static T_ATTR_NAME: [bool; 256] = with_upper(table(b"\t\n\x0C />=\"'<"));
static T_ATTR_DQ: [bool; 256] = table(b"\"&");
static T_ATTR_SQ: [bool; 256] = table(b"'&");
static T_ATTR_UNQ: [bool; 256] = table(b"\t\n\x0C &>\"'<=`");
static T_COMMENT: [bool; 256] = table(b"<-");
static T_BOGUS_COMMENT: [bool; 256] = table(b">");
static T_DOCTYPE_NAME: [bool; 256] = with_upper(table(b"\t\n\x0C >"));
static T_DOCTYPE_DQ: [bool; 256] = table(b"\">");
static T_DOCTYPE_SQ: [bool; 256] = table(b"'>");

/// Index of the first byte at or after `from` that `t` marks, or `bytes.len()`.
#[inline]
fn scan(bytes: &[u8], from: usize, t: &[bool; 256]) -> usize {
    let mut i = from;
    while let Some(&b) = bytes.get(i) {
        if t[usize::from(b)] {
            return i;
        }
        i += 1;
    }
    bytes.len()
}

#[inline]
fn is_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | ' ')
}

/// How a bulk text run treats U+0000.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Nul {
    /// Ends the run (the state replaces it with U+FFFD).
    Stop,
    /// Stays in the run, with an `unexpected-null-character` error (data state).
    Error,
    /// Stays in the run silently (CDATA section state).
    Keep,
}

/// Which buffer a character-reference flush or a plain run goes to.
#[derive(Clone, Copy)]
enum Buf {
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
    return_state: St,
    /// Absolute byte offset of the first byte of the input `run` works on.
    base: usize,
    /// Line and column of that first byte.
    line0: usize,
    col0: usize,
    /// A position cursor within the current input (index, line, column).
    cur_p: usize,
    cur_line: usize,
    cur_col: usize,
    /// Absolute offset below which preprocessing errors have been reported.
    checked_upto: usize,
    tag: Tag,
    is_end: bool,
    pool: Vec<Attribute>,
    /// The current attribute was a duplicate and has been removed: its value goes nowhere.
    dup: bool,
    /// Names of the current tag's attributes, kept only for tags with many attributes.
    attr_names: std::collections::HashSet<String>,
    scratch: String,
    comment: String,
    doctype: Doctype,
    temp: String,
    code: u32,
    pub(crate) last_start_tag: String,
    token_start: Position,
    ref_pos: Position,
    pub(crate) done: bool,
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
            attr_names: std::collections::HashSet::new(),
            scratch: String::new(),
            comment: String::new(),
            doctype: Doctype::default(),
            temp: String::new(),
            code: 0,
            last_start_tag: String::new(),
            token_start: Position {
                offset: 0,
                line: 1,
                column: 1,
            },
            ref_pos: Position::default(),
            done: false,
        }
    }
}

impl Machine {
    /// The position of byte `p` of the current input.
    fn pos_of(&mut self, bytes: &[u8], p: usize) -> Position {
        let p = p.min(bytes.len());
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

    fn err<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize, code: &'static str) {
        let position = self.pos_of(bytes, p);
        sink.parse_error(ParseError { code, position });
    }

    /// §13.2.3.5: reports a control or noncharacter code point once, when first consumed.
    #[inline]
    fn pre_check<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize, c: char) {
        if let Some(code) = self.pre_error(p, c) {
            self.err(sink, bytes, p, code);
        }
    }

    /// §13.2.3.5: the error for `c` at `p` if it is one that has not been reported yet (a
    /// reconsumed or re-read character was reported when first consumed); marks it reported.
    #[inline]
    fn pre_error(&mut self, p: usize, c: char) -> Option<&'static str> {
        let code = check_code_point(c)?;
        let abs = self.base + p;
        if abs < self.checked_upto {
            return None;
        }
        self.checked_upto = abs + 1;
        Some(code)
    }

    #[inline]
    fn apply(&mut self, r: SinkResult) {
        if let SinkResult::SwitchTo(s) = r {
            self.state = s.into();
        }
    }

    fn emit_str<S: TokenSink>(&mut self, sink: &mut S, s: &str, at: Position) {
        if !s.is_empty() {
            let r = sink.process_token(Token::Characters(s), at);
            self.apply(r);
        }
    }

    fn emit_char<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], c: char, p: usize) {
        let mut buf = [0u8; 4];
        let at = self.pos_of(bytes, p);
        let s: &str = c.encode_utf8(&mut buf);
        let r = sink.process_token(Token::Characters(s), at);
        self.apply(r);
    }

    fn emit_temp<S: TokenSink>(&mut self, sink: &mut S, at: Position) {
        if !self.temp.is_empty() {
            let r = sink.process_token(Token::Characters(&self.temp), at);
            self.apply(r);
        }
    }

    fn emit_eof<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize) {
        let at = self.pos_of(bytes, p);
        let _ = sink.process_token(Token::Eof, at);
        self.done = true;
    }

    fn emit_comment<S: TokenSink>(&mut self, sink: &mut S) {
        let r = sink.process_token(Token::Comment(&self.comment), self.token_start);
        self.apply(r);
    }

    fn emit_doctype<S: TokenSink>(&mut self, sink: &mut S) {
        let r = sink.process_token(Token::Doctype(&self.doctype), self.token_start);
        self.apply(r);
    }

    /// Emits the current tag token; `p` is where its end-tag errors are reported.
    fn emit_tag<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize) {
        if self.is_end {
            if !self.tag.attrs.is_empty() {
                self.err(sink, bytes, p, "end-tag-with-attributes");
            }
            if self.tag.self_closing {
                self.err(sink, bytes, p, "end-tag-with-trailing-solidus");
            }
            let r = sink.process_token(Token::EndTag(&self.tag), self.token_start);
            self.apply(r);
        } else {
            self.last_start_tag.clear();
            self.last_start_tag.push_str(&self.tag.name);
            let r = sink.process_token(Token::StartTag(&self.tag), self.token_start);
            self.apply(r);
        }
    }

    fn new_tag(&mut self, is_end: bool) {
        self.is_end = is_end;
        self.tag.name.clear();
        self.tag.self_closing = false;
        if !self.attr_names.is_empty() {
            self.attr_names.clear();
        }
        for mut a in self.tag.attrs.drain(..) {
            a.name.clear();
            a.value.clear();
            self.pool.push(a);
        }
    }

    fn new_attr(&mut self) {
        let a = self.pool.pop().unwrap_or_default();
        self.tag.attrs.push(a);
        self.dup = false;
    }

    /// "When the user agent leaves the attribute name state": duplicate-attribute check.
    fn leave_attr_name<S: TokenSink>(&mut self, sink: &mut S, bytes: &[u8], p: usize) {
        let Some((last, rest)) = self.tag.attrs.split_last() else {
            return;
        };
        let duplicate = if rest.len() < 32 {
            rest.iter().any(|a| a.name == last.name)
        } else {
            // Many attributes: keep a set of the names so far (no quadratic time).
            if self.attr_names.len() != rest.len() {
                self.attr_names.clear();
                self.attr_names.extend(rest.iter().map(|a| a.name.clone()));
            }
            !self.attr_names.insert(last.name.clone())
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

    fn new_doctype(&mut self) {
        self.doctype.name = None;
        self.doctype.public_id = None;
        self.doctype.system_id = None;
        self.doctype.force_quirks = false;
    }

    fn buf(&mut self, b: Buf) -> &mut String {
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
    fn push(&mut self, b: Buf, c: char) {
        self.buf(b).push(c);
    }

    /// Appends the plain run starting at `pos` (bytes `t` does not mark) to `b`; returns its end.
    #[inline]
    fn run_into(&mut self, input: &str, pos: usize, t: &[bool; 256], b: Buf) -> usize {
        let end = scan(input.as_bytes(), pos, t);
        if end > pos
            && let Some(s) = input.get(pos..end)
        {
            self.buf(b).push_str(s);
        }
        end
    }

    fn is_attr_return(&self) -> bool {
        matches!(
            self.return_state,
            St::AttributeValueDoubleQuoted
                | St::AttributeValueSingleQuoted
                | St::AttributeValueUnquoted
        )
    }

    /// "Flush code points consumed as a character reference".
    fn flush_temp<S: TokenSink>(&mut self, sink: &mut S) {
        if self.is_attr_return() {
            let t = std::mem::take(&mut self.temp);
            self.buf(Buf::AttrValue).push_str(&t);
            self.temp = t;
        } else {
            let at = self.ref_pos;
            self.emit_temp(sink, at);
        }
    }

    fn appropriate(&self) -> bool {
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
    #[inline]
    fn text_run<S: TokenSink>(
        &mut self,
        sink: &mut S,
        input: &str,
        pos: usize,
        eof: bool,
        t: &[bool; 256],
        nul: Nul,
    ) -> Result<usize, usize> {
        let bytes = input.as_bytes();
        let mut a = pos;
        let mut i = pos;
        loop {
            i = scan(bytes, i, t);
            let Some(&b) = bytes.get(i) else {
                self.emit_run(sink, input, a, i);
                return if eof { Ok(i) } else { Err(i) };
            };
            match b {
                b'\r' => match bytes.get(i + 1) {
                    Some(b'\n') => {
                        // CR LF: drop the CR, the LF starts the next run.
                        self.emit_run(sink, input, a, i);
                        i += 1;
                        a = i;
                    }
                    _ => {
                        self.emit_run(sink, input, a, i);
                        return Ok(i);
                    }
                },
                0 if nul != Nul::Stop => {
                    // 13.2.5.1 data state: U+0000 is an error but is emitted as is;
                    // 13.2.5.69 CDATA section state: emitted as is.
                    if nul == Nul::Error {
                        self.emit_run(sink, input, a, i);
                        a = i;
                        self.err(sink, bytes, i, "unexpected-null-character");
                    }
                    i += 1;
                }
                _ if is_candidate_byte(b) => {
                    let c = input
                        .get(i..)
                        .and_then(|s| s.chars().next())
                        .unwrap_or('\u{FFFD}');
                    if let Some(code) = self.pre_error(i, c) {
                        self.emit_run(sink, input, a, i);
                        a = i;
                        self.err(sink, bytes, i, code);
                    }
                    i += c.len_utf8();
                }
                _ => {
                    self.emit_run(sink, input, a, i);
                    return Ok(i);
                }
            }
        }
    }

    /// Emits `input[a..b]` (if not empty) at the position of `a`.
    #[inline]
    fn emit_run<S: TokenSink>(&mut self, sink: &mut S, input: &str, a: usize, b: usize) {
        if a < b {
            let at = self.pos_of(input.as_bytes(), a);
            if let Some(s) = input.get(a..b) {
                let r = sink.process_token(Token::Characters(s), at);
                self.apply(r);
            }
        }
    }

    /// Runs the state machine over `input`. `eof` says that no input follows. Returns how many
    /// bytes were consumed; the rest must be given again, followed by more input.
    pub(crate) fn run<S: TokenSink>(&mut self, sink: &mut S, input: &str, eof: bool) -> usize {
        let bytes = input.as_bytes();
        self.cur_p = 0;
        self.cur_line = self.line0;
        self.cur_col = self.col0;
        let mut pos = 0usize;

        macro_rules! getc {
            () => {
                match peek(bytes, input, pos, eof) {
                    Nx::Wait => return pos,
                    Nx::Eof => None,
                    Nx::C(c, n) => {
                        if (c as u32) >= 0x7F || ((c as u32) < 0x20 && !is_ws(c) && c != '\0') {
                            self.pre_check(sink, bytes, pos, c);
                        }
                        Some((c, n))
                    }
                }
            };
        }
        macro_rules! eof_here {
            () => {{
                self.emit_eof(sink, bytes, pos);
                return bytes.len();
            }};
        }
        macro_rules! err {
            ($code:expr) => {
                self.err(sink, bytes, pos, $code)
            };
            ($code:expr, $at:expr) => {
                self.err(sink, bytes, $at, $code)
            };
        }

        loop {
            if self.done {
                return bytes.len();
            }
            match self.state {
                // 13.2.5.1 Data state
                St::Data => {
                    match self.text_run(sink, input, pos, eof, &T_DATA, Nul::Error) {
                        Ok(p) => pos = p,
                        Err(p) => return p,
                    }
                    let at = pos;
                    match getc!() {
                        Some(('&', n)) => {
                            self.ref_pos = self.pos_of(bytes, at);
                            self.return_state = St::Data;
                            self.state = St::CharacterReference;
                            pos += n;
                        }
                        Some(('<', n)) => {
                            self.token_start = self.pos_of(bytes, at);
                            self.state = St::TagOpen;
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                        None => eof_here!(),
                    }
                }
                // 13.2.5.2 RCDATA state
                St::Rcdata => {
                    match self.text_run(sink, input, pos, eof, &T_RCDATA, Nul::Stop) {
                        Ok(p) => pos = p,
                        Err(p) => return p,
                    }
                    let at = pos;
                    match getc!() {
                        Some(('&', n)) => {
                            self.ref_pos = self.pos_of(bytes, at);
                            self.return_state = St::Rcdata;
                            self.state = St::CharacterReference;
                            pos += n;
                        }
                        Some(('<', n)) => {
                            self.token_start = self.pos_of(bytes, at);
                            self.state = St::RcdataLessThan;
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.emit_char(sink, bytes, '\u{FFFD}', at);
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                        None => eof_here!(),
                    }
                }
                // 13.2.5.3 RAWTEXT state, 13.2.5.4 script data state
                St::Rawtext | St::ScriptData => {
                    match self.text_run(sink, input, pos, eof, &T_RAWTEXT, Nul::Stop) {
                        Ok(p) => pos = p,
                        Err(p) => return p,
                    }
                    let at = pos;
                    match getc!() {
                        Some(('<', n)) => {
                            self.token_start = self.pos_of(bytes, at);
                            self.state = if self.state == St::Rawtext {
                                St::RawtextLessThan
                            } else {
                                St::ScriptDataLessThan
                            };
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.emit_char(sink, bytes, '\u{FFFD}', at);
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                        None => eof_here!(),
                    }
                }
                // 13.2.5.5 PLAINTEXT state
                St::Plaintext => {
                    match self.text_run(sink, input, pos, eof, &T_PLAINTEXT, Nul::Stop) {
                        Ok(p) => pos = p,
                        Err(p) => return p,
                    }
                    let at = pos;
                    match getc!() {
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.emit_char(sink, bytes, '\u{FFFD}', at);
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                        None => eof_here!(),
                    }
                }
                // 13.2.5.6 Tag open state
                St::TagOpen => match getc!() {
                    Some(('!', n)) => {
                        self.state = St::MarkupDeclarationOpen;
                        pos += n;
                    }
                    Some(('/', n)) => {
                        self.state = St::EndTagOpen;
                        pos += n;
                    }
                    Some((c, _)) if c.is_ascii_alphabetic() => {
                        self.new_tag(false);
                        self.state = St::TagName;
                    }
                    Some(('?', _)) => {
                        err!("unexpected-question-mark-instead-of-tag-name");
                        self.comment.clear();
                        self.state = St::BogusComment;
                    }
                    None => {
                        err!("eof-before-tag-name");
                        let at = self.token_start;
                        self.emit_str(sink, "<", at);
                        eof_here!();
                    }
                    Some(_) => {
                        err!("invalid-first-character-of-tag-name");
                        let at = self.token_start;
                        self.emit_str(sink, "<", at);
                        self.state = St::Data;
                    }
                },
                // 13.2.5.7 End tag open state
                St::EndTagOpen => match getc!() {
                    Some((c, _)) if c.is_ascii_alphabetic() => {
                        self.new_tag(true);
                        self.state = St::TagName;
                    }
                    Some(('>', n)) => {
                        err!("missing-end-tag-name");
                        self.state = St::Data;
                        pos += n;
                    }
                    None => {
                        err!("eof-before-tag-name");
                        let at = self.token_start;
                        self.emit_str(sink, "</", at);
                        eof_here!();
                    }
                    Some(_) => {
                        err!("invalid-first-character-of-tag-name");
                        self.comment.clear();
                        self.state = St::BogusComment;
                    }
                },
                // 13.2.5.8 Tag name state
                St::TagName => {
                    pos = self.run_into(input, pos, &T_TAG_NAME, Buf::TagName);
                    match getc!() {
                        Some((c, n)) if is_ws(c) => {
                            self.state = St::BeforeAttributeName;
                            pos += n;
                        }
                        Some(('/', n)) => {
                            self.state = St::SelfClosingStartTag;
                            pos += n;
                        }
                        Some(('>', n)) => {
                            self.state = St::Data;
                            self.emit_tag(sink, bytes, pos);
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.tag.name.push('\u{FFFD}');
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.tag.name.push(c.to_ascii_lowercase());
                            pos += n;
                        }
                        None => {
                            err!("eof-in-tag");
                            eof_here!();
                        }
                    }
                }
                // 13.2.5.9 RCDATA less-than sign state (and 13.2.5.12 RAWTEXT's)
                St::RcdataLessThan | St::RawtextLessThan => {
                    let rc = self.state == St::RcdataLessThan;
                    match getc!() {
                        Some(('/', n)) => {
                            self.temp.clear();
                            self.state = if rc {
                                St::RcdataEndTagOpen
                            } else {
                                St::RawtextEndTagOpen
                            };
                            pos += n;
                        }
                        _ => {
                            let at = self.token_start;
                            self.emit_str(sink, "<", at);
                            self.state = if rc { St::Rcdata } else { St::Rawtext };
                        }
                    }
                }
                // 13.2.5.10 RCDATA end tag open state (13.2.5.13 RAWTEXT, 13.2.5.16 script
                // data, 13.2.5.24 script data escaped)
                St::RcdataEndTagOpen
                | St::RawtextEndTagOpen
                | St::ScriptDataEndTagOpen
                | St::ScriptDataEscapedEndTagOpen => {
                    let (name_state, back) = match self.state {
                        St::RcdataEndTagOpen => (St::RcdataEndTagName, St::Rcdata),
                        St::RawtextEndTagOpen => (St::RawtextEndTagName, St::Rawtext),
                        St::ScriptDataEndTagOpen => (St::ScriptDataEndTagName, St::ScriptData),
                        _ => (St::ScriptDataEscapedEndTagName, St::ScriptDataEscaped),
                    };
                    match getc!() {
                        Some((c, _)) if c.is_ascii_alphabetic() => {
                            self.new_tag(true);
                            self.state = name_state;
                        }
                        _ => {
                            let at = self.token_start;
                            self.emit_str(sink, "</", at);
                            self.state = back;
                        }
                    }
                }
                // 13.2.5.11 RCDATA end tag name state (13.2.5.14, 13.2.5.17, 13.2.5.25)
                St::RcdataEndTagName
                | St::RawtextEndTagName
                | St::ScriptDataEndTagName
                | St::ScriptDataEscapedEndTagName => {
                    let back = match self.state {
                        St::RcdataEndTagName => St::Rcdata,
                        St::RawtextEndTagName => St::Rawtext,
                        St::ScriptDataEndTagName => St::ScriptData,
                        _ => St::ScriptDataEscaped,
                    };
                    let c = getc!();
                    match c {
                        Some((c, n)) if is_ws(c) && self.appropriate() => {
                            self.state = St::BeforeAttributeName;
                            pos += n;
                        }
                        Some(('/', n)) if self.appropriate() => {
                            self.state = St::SelfClosingStartTag;
                            pos += n;
                        }
                        Some(('>', n)) if self.appropriate() => {
                            self.state = St::Data;
                            self.emit_tag(sink, bytes, pos);
                            pos += n;
                        }
                        Some((c, n)) if c.is_ascii_alphabetic() => {
                            self.tag.name.push(c.to_ascii_lowercase());
                            self.temp.push(c);
                            pos += n;
                        }
                        _ => {
                            let at = self.token_start;
                            self.emit_str(sink, "</", at);
                            self.emit_temp(sink, at);
                            self.state = back;
                        }
                    }
                }
                // 13.2.5.15 Script data less-than sign state
                St::ScriptDataLessThan => match getc!() {
                    Some(('/', n)) => {
                        self.temp.clear();
                        self.state = St::ScriptDataEndTagOpen;
                        pos += n;
                    }
                    Some(('!', n)) => {
                        self.state = St::ScriptDataEscapeStart;
                        let at = self.token_start;
                        self.emit_str(sink, "<!", at);
                        pos += n;
                    }
                    _ => {
                        let at = self.token_start;
                        self.emit_str(sink, "<", at);
                        self.state = St::ScriptData;
                    }
                },
                // 13.2.5.18 Script data escape start state, 13.2.5.19 ... dash state
                St::ScriptDataEscapeStart | St::ScriptDataEscapeStartDash => {
                    let at = pos;
                    match getc!() {
                        Some(('-', n)) => {
                            self.state = if self.state == St::ScriptDataEscapeStart {
                                St::ScriptDataEscapeStartDash
                            } else {
                                St::ScriptDataEscapedDashDash
                            };
                            self.emit_char(sink, bytes, '-', at);
                            pos += n;
                        }
                        _ => self.state = St::ScriptData,
                    }
                }
                // 13.2.5.20 Script data escaped state, 13.2.5.21 dash, 13.2.5.22 dash dash
                St::ScriptDataEscaped
                | St::ScriptDataEscapedDash
                | St::ScriptDataEscapedDashDash => {
                    let at = pos;
                    let st = self.state;
                    match getc!() {
                        Some(('-', n)) => {
                            self.state = match st {
                                St::ScriptDataEscaped => St::ScriptDataEscapedDash,
                                _ => St::ScriptDataEscapedDashDash,
                            };
                            self.emit_char(sink, bytes, '-', at);
                            pos += n;
                        }
                        Some(('<', n)) => {
                            self.token_start = self.pos_of(bytes, at);
                            self.state = St::ScriptDataEscapedLessThan;
                            pos += n;
                        }
                        Some(('>', n)) if st == St::ScriptDataEscapedDashDash => {
                            self.state = St::ScriptData;
                            self.emit_char(sink, bytes, '>', at);
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.state = St::ScriptDataEscaped;
                            self.emit_char(sink, bytes, '\u{FFFD}', at);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-script-html-comment-like-text");
                            eof_here!();
                        }
                        Some((c, n)) => {
                            self.state = St::ScriptDataEscaped;
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                    }
                }
                // 13.2.5.23 Script data escaped less-than sign state
                St::ScriptDataEscapedLessThan => match getc!() {
                    Some(('/', n)) => {
                        self.temp.clear();
                        self.state = St::ScriptDataEscapedEndTagOpen;
                        pos += n;
                    }
                    Some((c, _)) if c.is_ascii_alphabetic() => {
                        self.temp.clear();
                        let at = self.token_start;
                        self.emit_str(sink, "<", at);
                        self.state = St::ScriptDataDoubleEscapeStart;
                    }
                    _ => {
                        let at = self.token_start;
                        self.emit_str(sink, "<", at);
                        self.state = St::ScriptDataEscaped;
                    }
                },
                // 13.2.5.26 Script data double escape start state, 13.2.5.31 ... end state
                St::ScriptDataDoubleEscapeStart | St::ScriptDataDoubleEscapeEnd => {
                    let start = self.state == St::ScriptDataDoubleEscapeStart;
                    let (if_script, otherwise) = if start {
                        (St::ScriptDataDoubleEscaped, St::ScriptDataEscaped)
                    } else {
                        (St::ScriptDataEscaped, St::ScriptDataDoubleEscaped)
                    };
                    let at = pos;
                    match getc!() {
                        Some((c, n)) if is_ws(c) || c == '/' || c == '>' => {
                            self.state = if self.temp == "script" {
                                if_script
                            } else {
                                otherwise
                            };
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                        Some((c, n)) if c.is_ascii_alphabetic() => {
                            self.temp.push(c.to_ascii_lowercase());
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                        _ => self.state = otherwise,
                    }
                }
                // 13.2.5.27 Script data double escaped state, 13.2.5.28 dash, 13.2.5.29 dash dash
                St::ScriptDataDoubleEscaped
                | St::ScriptDataDoubleEscapedDash
                | St::ScriptDataDoubleEscapedDashDash => {
                    let at = pos;
                    let st = self.state;
                    match getc!() {
                        Some(('-', n)) => {
                            self.state = match st {
                                St::ScriptDataDoubleEscaped => St::ScriptDataDoubleEscapedDash,
                                _ => St::ScriptDataDoubleEscapedDashDash,
                            };
                            self.emit_char(sink, bytes, '-', at);
                            pos += n;
                        }
                        Some(('<', n)) => {
                            self.state = St::ScriptDataDoubleEscapedLessThan;
                            self.emit_char(sink, bytes, '<', at);
                            pos += n;
                        }
                        Some(('>', n)) if st == St::ScriptDataDoubleEscapedDashDash => {
                            self.state = St::ScriptData;
                            self.emit_char(sink, bytes, '>', at);
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.state = St::ScriptDataDoubleEscaped;
                            self.emit_char(sink, bytes, '\u{FFFD}', at);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-script-html-comment-like-text");
                            eof_here!();
                        }
                        Some((c, n)) => {
                            self.state = St::ScriptDataDoubleEscaped;
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                    }
                }
                // 13.2.5.30 Script data double escaped less-than sign state
                St::ScriptDataDoubleEscapedLessThan => {
                    let at = pos;
                    match getc!() {
                        Some(('/', n)) => {
                            self.temp.clear();
                            self.state = St::ScriptDataDoubleEscapeEnd;
                            self.emit_char(sink, bytes, '/', at);
                            pos += n;
                        }
                        _ => self.state = St::ScriptDataDoubleEscaped,
                    }
                }
                // 13.2.5.32 Before attribute name state
                St::BeforeAttributeName => match getc!() {
                    Some((c, n)) if is_ws(c) => pos += n,
                    Some(('/' | '>', _)) | None => self.state = St::AfterAttributeName,
                    Some(('=', n)) => {
                        err!("unexpected-equals-sign-before-attribute-name");
                        self.new_attr();
                        self.push(Buf::AttrName, '=');
                        self.state = St::AttributeName;
                        pos += n;
                    }
                    Some(_) => {
                        self.new_attr();
                        self.state = St::AttributeName;
                    }
                },
                // 13.2.5.33 Attribute name state
                St::AttributeName => {
                    pos = self.run_into(input, pos, &T_ATTR_NAME, Buf::AttrName);
                    match getc!() {
                        Some((c, _)) if is_ws(c) || c == '/' || c == '>' => {
                            self.leave_attr_name(sink, bytes, pos);
                            self.state = St::AfterAttributeName;
                        }
                        None => {
                            self.leave_attr_name(sink, bytes, pos);
                            self.state = St::AfterAttributeName;
                        }
                        Some(('=', n)) => {
                            self.leave_attr_name(sink, bytes, pos);
                            self.state = St::BeforeAttributeValue;
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.push(Buf::AttrName, '\u{FFFD}');
                            pos += n;
                        }
                        Some((c @ ('"' | '\'' | '<'), n)) => {
                            err!("unexpected-character-in-attribute-name");
                            self.push(Buf::AttrName, c);
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.push(Buf::AttrName, c.to_ascii_lowercase());
                            pos += n;
                        }
                    }
                }
                // 13.2.5.34 After attribute name state
                St::AfterAttributeName => match getc!() {
                    Some((c, n)) if is_ws(c) => pos += n,
                    Some(('/', n)) => {
                        self.state = St::SelfClosingStartTag;
                        pos += n;
                    }
                    Some(('=', n)) => {
                        self.state = St::BeforeAttributeValue;
                        pos += n;
                    }
                    Some(('>', n)) => {
                        self.state = St::Data;
                        self.emit_tag(sink, bytes, pos);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-tag");
                        eof_here!();
                    }
                    Some(_) => {
                        self.new_attr();
                        self.state = St::AttributeName;
                    }
                },
                // 13.2.5.35 Before attribute value state
                St::BeforeAttributeValue => match getc!() {
                    Some((c, n)) if is_ws(c) => pos += n,
                    Some(('"', n)) => {
                        self.state = St::AttributeValueDoubleQuoted;
                        pos += n;
                    }
                    Some(('\'', n)) => {
                        self.state = St::AttributeValueSingleQuoted;
                        pos += n;
                    }
                    Some(('>', n)) => {
                        err!("missing-attribute-value");
                        self.state = St::Data;
                        self.emit_tag(sink, bytes, pos);
                        pos += n;
                    }
                    _ => self.state = St::AttributeValueUnquoted,
                },
                // 13.2.5.36 Attribute value (double-quoted) state, 13.2.5.37 (single-quoted)
                St::AttributeValueDoubleQuoted | St::AttributeValueSingleQuoted => {
                    let (q, t) = if self.state == St::AttributeValueDoubleQuoted {
                        ('"', &T_ATTR_DQ)
                    } else {
                        ('\'', &T_ATTR_SQ)
                    };
                    pos = self.run_into(input, pos, t, Buf::AttrValue);
                    let at = pos;
                    match getc!() {
                        Some((c, n)) if c == q => {
                            self.state = St::AfterAttributeValueQuoted;
                            pos += n;
                        }
                        Some(('&', n)) => {
                            self.ref_pos = self.pos_of(bytes, at);
                            self.return_state = self.state;
                            self.state = St::CharacterReference;
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.push(Buf::AttrValue, '\u{FFFD}');
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.push(Buf::AttrValue, c);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-tag");
                            eof_here!();
                        }
                    }
                }
                // 13.2.5.38 Attribute value (unquoted) state
                St::AttributeValueUnquoted => {
                    pos = self.run_into(input, pos, &T_ATTR_UNQ, Buf::AttrValue);
                    let at = pos;
                    match getc!() {
                        Some((c, n)) if is_ws(c) => {
                            self.state = St::BeforeAttributeName;
                            pos += n;
                        }
                        Some(('&', n)) => {
                            self.ref_pos = self.pos_of(bytes, at);
                            self.return_state = St::AttributeValueUnquoted;
                            self.state = St::CharacterReference;
                            pos += n;
                        }
                        Some(('>', n)) => {
                            self.state = St::Data;
                            self.emit_tag(sink, bytes, pos);
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.push(Buf::AttrValue, '\u{FFFD}');
                            pos += n;
                        }
                        Some((c @ ('"' | '\'' | '<' | '=' | '`'), n)) => {
                            err!("unexpected-character-in-unquoted-attribute-value");
                            self.push(Buf::AttrValue, c);
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.push(Buf::AttrValue, c);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-tag");
                            eof_here!();
                        }
                    }
                }
                // 13.2.5.39 After attribute value (quoted) state
                St::AfterAttributeValueQuoted => match getc!() {
                    Some((c, n)) if is_ws(c) => {
                        self.state = St::BeforeAttributeName;
                        pos += n;
                    }
                    Some(('/', n)) => {
                        self.state = St::SelfClosingStartTag;
                        pos += n;
                    }
                    Some(('>', n)) => {
                        self.state = St::Data;
                        self.emit_tag(sink, bytes, pos);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-tag");
                        eof_here!();
                    }
                    Some(_) => {
                        err!("missing-whitespace-between-attributes");
                        self.state = St::BeforeAttributeName;
                    }
                },
                // 13.2.5.40 Self-closing start tag state
                St::SelfClosingStartTag => match getc!() {
                    Some(('>', n)) => {
                        self.tag.self_closing = true;
                        self.state = St::Data;
                        self.emit_tag(sink, bytes, pos);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-tag");
                        eof_here!();
                    }
                    Some(_) => {
                        err!("unexpected-solidus-in-tag");
                        self.state = St::BeforeAttributeName;
                    }
                },
                // 13.2.5.41 Bogus comment state
                St::BogusComment => {
                    pos = self.run_into(input, pos, &T_BOGUS_COMMENT, Buf::Comment);
                    match getc!() {
                        Some(('>', n)) => {
                            self.state = St::Data;
                            self.emit_comment(sink);
                            pos += n;
                        }
                        None => {
                            self.emit_comment(sink);
                            eof_here!();
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.comment.push('\u{FFFD}');
                            pos += n;
                        }
                        Some((c, n)) => {
                            self.comment.push(c);
                            pos += n;
                        }
                    }
                }
                // 13.2.5.42 Markup declaration open state
                St::MarkupDeclarationOpen => {
                    let rest = bytes.get(pos..).unwrap_or(&[]);
                    let could_be = |word: &[u8], ci: bool| {
                        let k = rest.len().min(word.len());
                        if ci {
                            rest[..k].eq_ignore_ascii_case(&word[..k])
                        } else {
                            rest[..k] == word[..k]
                        }
                    };
                    if rest.starts_with(b"--") {
                        pos += 2;
                        self.comment.clear();
                        self.state = St::CommentStart;
                    } else if rest.len() >= 7 && rest[..7].eq_ignore_ascii_case(b"DOCTYPE") {
                        pos += 7;
                        self.state = St::Doctype;
                    } else if rest.starts_with(b"[CDATA[") {
                        pos += 7;
                        if sink.adjusted_current_node_is_foreign() {
                            self.state = St::CdataSection;
                        } else {
                            err!("cdata-in-html-content", pos - 1);
                            self.comment.clear();
                            self.comment.push_str("[CDATA[");
                            self.state = St::BogusComment;
                        }
                    } else if !eof
                        && (could_be(b"--", false)
                            || could_be(b"DOCTYPE", true)
                            || could_be(b"[CDATA[", false))
                    {
                        return pos;
                    } else {
                        // The next input character enters the stream before the error.
                        if let Nx::C(c, _) = peek(bytes, input, pos, eof) {
                            self.pre_check(sink, bytes, pos, c);
                        }
                        err!("incorrectly-opened-comment");
                        self.comment.clear();
                        self.state = St::BogusComment;
                    }
                }
                // 13.2.5.43 Comment start state
                St::CommentStart => match getc!() {
                    Some(('-', n)) => {
                        self.state = St::CommentStartDash;
                        pos += n;
                    }
                    Some(('>', n)) => {
                        err!("abrupt-closing-of-empty-comment");
                        self.state = St::Data;
                        self.emit_comment(sink);
                        pos += n;
                    }
                    _ => self.state = St::Comment,
                },
                // 13.2.5.44 Comment start dash state
                St::CommentStartDash => match getc!() {
                    Some(('-', n)) => {
                        self.state = St::CommentEnd;
                        pos += n;
                    }
                    Some(('>', n)) => {
                        err!("abrupt-closing-of-empty-comment");
                        self.state = St::Data;
                        self.emit_comment(sink);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-comment");
                        self.emit_comment(sink);
                        eof_here!();
                    }
                    Some(_) => {
                        self.comment.push('-');
                        self.state = St::Comment;
                    }
                },
                // 13.2.5.45 Comment state
                St::Comment => {
                    pos = self.run_into(input, pos, &T_COMMENT, Buf::Comment);
                    match getc!() {
                        Some(('<', n)) => {
                            self.comment.push('<');
                            self.state = St::CommentLessThan;
                            pos += n;
                        }
                        Some(('-', n)) => {
                            self.state = St::CommentEndDash;
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.comment.push('\u{FFFD}');
                            pos += n;
                        }
                        None => {
                            err!("eof-in-comment");
                            self.emit_comment(sink);
                            eof_here!();
                        }
                        Some((c, n)) => {
                            self.comment.push(c);
                            pos += n;
                        }
                    }
                }
                // 13.2.5.46 Comment less-than sign state
                St::CommentLessThan => match getc!() {
                    Some(('!', n)) => {
                        self.comment.push('!');
                        self.state = St::CommentLessThanBang;
                        pos += n;
                    }
                    Some(('<', n)) => {
                        self.comment.push('<');
                        pos += n;
                    }
                    _ => self.state = St::Comment,
                },
                // 13.2.5.47 Comment less-than sign bang state
                St::CommentLessThanBang => match getc!() {
                    Some(('-', n)) => {
                        self.state = St::CommentLessThanBangDash;
                        pos += n;
                    }
                    _ => self.state = St::Comment,
                },
                // 13.2.5.48 Comment less-than sign bang dash state
                St::CommentLessThanBangDash => match getc!() {
                    Some(('-', n)) => {
                        self.state = St::CommentLessThanBangDashDash;
                        pos += n;
                    }
                    _ => self.state = St::CommentEndDash,
                },
                // 13.2.5.49 Comment less-than sign bang dash dash state
                St::CommentLessThanBangDashDash => match getc!() {
                    Some(('>', _)) | None => self.state = St::CommentEnd,
                    Some(_) => {
                        err!("nested-comment");
                        self.state = St::CommentEnd;
                    }
                },
                // 13.2.5.50 Comment end dash state
                St::CommentEndDash => match getc!() {
                    Some(('-', n)) => {
                        self.state = St::CommentEnd;
                        pos += n;
                    }
                    None => {
                        err!("eof-in-comment");
                        self.emit_comment(sink);
                        eof_here!();
                    }
                    Some(_) => {
                        self.comment.push('-');
                        self.state = St::Comment;
                    }
                },
                // 13.2.5.51 Comment end state
                St::CommentEnd => match getc!() {
                    Some(('>', n)) => {
                        self.state = St::Data;
                        self.emit_comment(sink);
                        pos += n;
                    }
                    Some(('!', n)) => {
                        self.state = St::CommentEndBang;
                        pos += n;
                    }
                    Some(('-', n)) => {
                        self.comment.push('-');
                        pos += n;
                    }
                    None => {
                        err!("eof-in-comment");
                        self.emit_comment(sink);
                        eof_here!();
                    }
                    Some(_) => {
                        self.comment.push_str("--");
                        self.state = St::Comment;
                    }
                },
                // 13.2.5.52 Comment end bang state
                St::CommentEndBang => match getc!() {
                    Some(('-', n)) => {
                        self.comment.push_str("--!");
                        self.state = St::CommentEndDash;
                        pos += n;
                    }
                    Some(('>', n)) => {
                        err!("incorrectly-closed-comment");
                        self.state = St::Data;
                        self.emit_comment(sink);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-comment");
                        self.emit_comment(sink);
                        eof_here!();
                    }
                    Some(_) => {
                        self.comment.push_str("--!");
                        self.state = St::Comment;
                    }
                },
                // 13.2.5.53 DOCTYPE state
                St::Doctype => match getc!() {
                    Some((c, n)) if is_ws(c) => {
                        self.state = St::BeforeDoctypeName;
                        pos += n;
                    }
                    Some(('>', _)) => self.state = St::BeforeDoctypeName,
                    None => {
                        err!("eof-in-doctype");
                        self.new_doctype();
                        self.doctype.force_quirks = true;
                        self.emit_doctype(sink);
                        eof_here!();
                    }
                    Some(_) => {
                        err!("missing-whitespace-before-doctype-name");
                        self.state = St::BeforeDoctypeName;
                    }
                },
                // 13.2.5.54 Before DOCTYPE name state
                St::BeforeDoctypeName => match getc!() {
                    Some((c, n)) if is_ws(c) => pos += n,
                    Some(('\0', n)) => {
                        err!("unexpected-null-character");
                        self.new_doctype();
                        self.push(Buf::DoctypeName, '\u{FFFD}');
                        self.state = St::DoctypeName;
                        pos += n;
                    }
                    Some(('>', n)) => {
                        err!("missing-doctype-name");
                        self.new_doctype();
                        self.doctype.force_quirks = true;
                        self.state = St::Data;
                        self.emit_doctype(sink);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-doctype");
                        self.new_doctype();
                        self.doctype.force_quirks = true;
                        self.emit_doctype(sink);
                        eof_here!();
                    }
                    Some((c, n)) => {
                        self.new_doctype();
                        self.push(Buf::DoctypeName, c.to_ascii_lowercase());
                        self.state = St::DoctypeName;
                        pos += n;
                    }
                },
                // 13.2.5.55 DOCTYPE name state
                St::DoctypeName => {
                    pos = self.run_into(input, pos, &T_DOCTYPE_NAME, Buf::DoctypeName);
                    match getc!() {
                        Some((c, n)) if is_ws(c) => {
                            self.state = St::AfterDoctypeName;
                            pos += n;
                        }
                        Some(('>', n)) => {
                            self.state = St::Data;
                            self.emit_doctype(sink);
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.push(Buf::DoctypeName, '\u{FFFD}');
                            pos += n;
                        }
                        None => {
                            err!("eof-in-doctype");
                            self.doctype.force_quirks = true;
                            self.emit_doctype(sink);
                            eof_here!();
                        }
                        Some((c, n)) => {
                            self.push(Buf::DoctypeName, c.to_ascii_lowercase());
                            pos += n;
                        }
                    }
                }
                // 13.2.5.56 After DOCTYPE name state
                St::AfterDoctypeName => match getc!() {
                    Some((c, n)) if is_ws(c) => pos += n,
                    Some(('>', n)) => {
                        self.state = St::Data;
                        self.emit_doctype(sink);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-doctype");
                        self.doctype.force_quirks = true;
                        self.emit_doctype(sink);
                        eof_here!();
                    }
                    Some(_) => {
                        let rest = bytes.get(pos..).unwrap_or(&[]);
                        let k = rest.len().min(6);
                        if rest.len() >= 6 && rest[..6].eq_ignore_ascii_case(b"PUBLIC") {
                            pos += 6;
                            self.state = St::AfterDoctypePublicKeyword;
                        } else if rest.len() >= 6 && rest[..6].eq_ignore_ascii_case(b"SYSTEM") {
                            pos += 6;
                            self.state = St::AfterDoctypeSystemKeyword;
                        } else if !eof
                            && rest.len() < 6
                            && (rest[..k].eq_ignore_ascii_case(&b"PUBLIC"[..k])
                                || rest[..k].eq_ignore_ascii_case(&b"SYSTEM"[..k]))
                        {
                            return pos;
                        } else {
                            err!("invalid-character-sequence-after-doctype-name");
                            self.doctype.force_quirks = true;
                            self.state = St::BogusDoctype;
                        }
                    }
                },
                // 13.2.5.57 After DOCTYPE public keyword state, 13.2.5.63 system keyword state
                St::AfterDoctypePublicKeyword | St::AfterDoctypeSystemKeyword => {
                    let public = self.state == St::AfterDoctypePublicKeyword;
                    match getc!() {
                        Some((c, n)) if is_ws(c) => {
                            self.state = if public {
                                St::BeforeDoctypePublicIdentifier
                            } else {
                                St::BeforeDoctypeSystemIdentifier
                            };
                            pos += n;
                        }
                        Some((q @ ('"' | '\''), n)) => {
                            err!(if public {
                                "missing-whitespace-after-doctype-public-keyword"
                            } else {
                                "missing-whitespace-after-doctype-system-keyword"
                            });
                            self.open_identifier(public, q);
                            pos += n;
                        }
                        Some(('>', n)) => {
                            err!(if public {
                                "missing-doctype-public-identifier"
                            } else {
                                "missing-doctype-system-identifier"
                            });
                            self.doctype.force_quirks = true;
                            self.state = St::Data;
                            self.emit_doctype(sink);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-doctype");
                            self.doctype.force_quirks = true;
                            self.emit_doctype(sink);
                            eof_here!();
                        }
                        Some(_) => {
                            err!(if public {
                                "missing-quote-before-doctype-public-identifier"
                            } else {
                                "missing-quote-before-doctype-system-identifier"
                            });
                            self.doctype.force_quirks = true;
                            self.state = St::BogusDoctype;
                        }
                    }
                }
                // 13.2.5.58 Before DOCTYPE public identifier state, 13.2.5.64 system
                St::BeforeDoctypePublicIdentifier | St::BeforeDoctypeSystemIdentifier => {
                    let public = self.state == St::BeforeDoctypePublicIdentifier;
                    match getc!() {
                        Some((c, n)) if is_ws(c) => pos += n,
                        Some((q @ ('"' | '\''), n)) => {
                            self.open_identifier(public, q);
                            pos += n;
                        }
                        Some(('>', n)) => {
                            err!(if public {
                                "missing-doctype-public-identifier"
                            } else {
                                "missing-doctype-system-identifier"
                            });
                            self.doctype.force_quirks = true;
                            self.state = St::Data;
                            self.emit_doctype(sink);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-doctype");
                            self.doctype.force_quirks = true;
                            self.emit_doctype(sink);
                            eof_here!();
                        }
                        Some(_) => {
                            err!(if public {
                                "missing-quote-before-doctype-public-identifier"
                            } else {
                                "missing-quote-before-doctype-system-identifier"
                            });
                            self.doctype.force_quirks = true;
                            self.state = St::BogusDoctype;
                        }
                    }
                }
                // 13.2.5.59/60 DOCTYPE public identifier (double/single-quoted) states,
                // 13.2.5.65/66 DOCTYPE system identifier (double/single-quoted) states
                St::DoctypePublicIdentifierDoubleQuoted
                | St::DoctypePublicIdentifierSingleQuoted
                | St::DoctypeSystemIdentifierDoubleQuoted
                | St::DoctypeSystemIdentifierSingleQuoted => {
                    let (public, q) = match self.state {
                        St::DoctypePublicIdentifierDoubleQuoted => (true, '"'),
                        St::DoctypePublicIdentifierSingleQuoted => (true, '\''),
                        St::DoctypeSystemIdentifierDoubleQuoted => (false, '"'),
                        _ => (false, '\''),
                    };
                    let b = if public { Buf::PublicId } else { Buf::SystemId };
                    let t = if q == '"' {
                        &T_DOCTYPE_DQ
                    } else {
                        &T_DOCTYPE_SQ
                    };
                    pos = self.run_into(input, pos, t, b);
                    match getc!() {
                        Some((c, n)) if c == q => {
                            self.state = if public {
                                St::AfterDoctypePublicIdentifier
                            } else {
                                St::AfterDoctypeSystemIdentifier
                            };
                            pos += n;
                        }
                        Some(('\0', n)) => {
                            err!("unexpected-null-character");
                            self.push(b, '\u{FFFD}');
                            pos += n;
                        }
                        Some(('>', n)) => {
                            err!(if public {
                                "abrupt-doctype-public-identifier"
                            } else {
                                "abrupt-doctype-system-identifier"
                            });
                            self.doctype.force_quirks = true;
                            self.state = St::Data;
                            self.emit_doctype(sink);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-doctype");
                            self.doctype.force_quirks = true;
                            self.emit_doctype(sink);
                            eof_here!();
                        }
                        Some((c, n)) => {
                            self.push(b, c);
                            pos += n;
                        }
                    }
                }
                // 13.2.5.61 After DOCTYPE public identifier state, 13.2.5.62 between
                St::AfterDoctypePublicIdentifier | St::BetweenDoctypePublicAndSystemIdentifiers => {
                    let after = self.state == St::AfterDoctypePublicIdentifier;
                    match getc!() {
                        Some((c, n)) if is_ws(c) => {
                            if after {
                                self.state = St::BetweenDoctypePublicAndSystemIdentifiers;
                            }
                            pos += n;
                        }
                        Some(('>', n)) => {
                            self.state = St::Data;
                            self.emit_doctype(sink);
                            pos += n;
                        }
                        Some((q @ ('"' | '\''), n)) => {
                            if after {
                                err!(
                                    "missing-whitespace-between-doctype-public-and-system-identifiers"
                                );
                            }
                            self.open_identifier(false, q);
                            pos += n;
                        }
                        None => {
                            err!("eof-in-doctype");
                            self.doctype.force_quirks = true;
                            self.emit_doctype(sink);
                            eof_here!();
                        }
                        Some(_) => {
                            err!("missing-quote-before-doctype-system-identifier");
                            self.doctype.force_quirks = true;
                            self.state = St::BogusDoctype;
                        }
                    }
                }
                // 13.2.5.67 After DOCTYPE system identifier state
                St::AfterDoctypeSystemIdentifier => match getc!() {
                    Some((c, n)) if is_ws(c) => pos += n,
                    Some(('>', n)) => {
                        self.state = St::Data;
                        self.emit_doctype(sink);
                        pos += n;
                    }
                    None => {
                        err!("eof-in-doctype");
                        self.doctype.force_quirks = true;
                        self.emit_doctype(sink);
                        eof_here!();
                    }
                    Some(_) => {
                        err!("unexpected-character-after-doctype-system-identifier");
                        self.state = St::BogusDoctype;
                    }
                },
                // 13.2.5.68 Bogus DOCTYPE state
                St::BogusDoctype => match getc!() {
                    Some(('>', n)) => {
                        self.state = St::Data;
                        self.emit_doctype(sink);
                        pos += n;
                    }
                    Some(('\0', n)) => {
                        err!("unexpected-null-character");
                        pos += n;
                    }
                    None => {
                        self.emit_doctype(sink);
                        eof_here!();
                    }
                    Some((_, n)) => pos += n,
                },
                // 13.2.5.69 CDATA section state
                St::CdataSection => {
                    match self.text_run(sink, input, pos, eof, &T_CDATA, Nul::Keep) {
                        Ok(p) => pos = p,
                        Err(p) => return p,
                    }
                    let at = pos;
                    match getc!() {
                        Some((']', n)) => {
                            self.state = St::CdataSectionBracket;
                            pos += n;
                        }
                        None => {
                            err!("eof-in-cdata");
                            eof_here!();
                        }
                        Some((c, n)) => {
                            self.emit_char(sink, bytes, c, at);
                            pos += n;
                        }
                    }
                }
                // 13.2.5.70 CDATA section bracket state
                St::CdataSectionBracket => match getc!() {
                    Some((']', n)) => {
                        self.state = St::CdataSectionEnd;
                        pos += n;
                    }
                    _ => {
                        self.emit_char(sink, bytes, ']', pos.saturating_sub(1));
                        self.state = St::CdataSection;
                    }
                },
                // 13.2.5.71 CDATA section end state
                St::CdataSectionEnd => match getc!() {
                    Some((']', n)) => {
                        self.emit_char(sink, bytes, ']', pos.saturating_sub(2));
                        pos += n;
                    }
                    Some(('>', n)) => {
                        self.state = St::Data;
                        pos += n;
                    }
                    _ => {
                        let at = self.pos_of(bytes, pos.saturating_sub(2));
                        self.emit_str(sink, "]]", at);
                        self.state = St::CdataSection;
                    }
                },
                // 13.2.5.72 Character reference state
                St::CharacterReference => {
                    self.temp.clear();
                    self.temp.push('&');
                    match getc!() {
                        Some((c, _)) if c.is_ascii_alphanumeric() => {
                            self.state = St::NamedCharacterReference;
                        }
                        Some(('#', n)) => {
                            self.temp.push('#');
                            self.state = St::NumericCharacterReference;
                            pos += n;
                        }
                        _ => {
                            self.flush_temp(sink);
                            self.state = self.return_state;
                        }
                    }
                }
                // 13.2.5.73 Named character reference state
                St::NamedCharacterReference => {
                    match lookup_named(bytes.get(pos..).unwrap_or(&[]), eof) {
                        NamedMatch::NeedMore => return pos,
                        NamedMatch::Found(len, expansion) => {
                            let name = input.get(pos..pos + len).unwrap_or("");
                            let last_semi = name.ends_with(';');
                            let next = bytes.get(pos + len).copied();
                            if next.is_none() && !eof && !last_semi {
                                return pos;
                            }
                            if self.is_attr_return()
                                && !last_semi
                                && next.is_some_and(|b| b == b'=' || b.is_ascii_alphanumeric())
                            {
                                self.temp.push_str(name);
                                self.flush_temp(sink);
                            } else {
                                if !last_semi {
                                    err!("missing-semicolon-after-character-reference", pos + len);
                                }
                                self.temp.clear();
                                self.temp.push_str(expansion);
                                self.flush_temp(sink);
                            }
                            pos += len;
                            self.state = self.return_state;
                        }
                        NamedMatch::None => {
                            self.flush_temp(sink);
                            self.state = St::AmbiguousAmpersand;
                        }
                    }
                }
                // 13.2.5.74 Ambiguous ampersand state
                St::AmbiguousAmpersand => {
                    let at = pos;
                    match getc!() {
                        Some((c, n)) if c.is_ascii_alphanumeric() => {
                            if self.is_attr_return() {
                                self.push(Buf::AttrValue, c);
                            } else {
                                self.emit_char(sink, bytes, c, at);
                            }
                            pos += n;
                        }
                        Some((';', _)) => {
                            err!("unknown-named-character-reference");
                            self.state = self.return_state;
                        }
                        _ => self.state = self.return_state,
                    }
                }
                // 13.2.5.75 Numeric character reference state
                St::NumericCharacterReference => {
                    self.code = 0;
                    match getc!() {
                        Some((c @ ('x' | 'X'), n)) => {
                            self.temp.push(c);
                            self.state = St::HexadecimalCharacterReferenceStart;
                            pos += n;
                        }
                        _ => self.state = St::DecimalCharacterReferenceStart,
                    }
                }
                // 13.2.5.76 Hexadecimal character reference start state,
                // 13.2.5.77 Decimal character reference start state
                St::HexadecimalCharacterReferenceStart | St::DecimalCharacterReferenceStart => {
                    let hex = self.state == St::HexadecimalCharacterReferenceStart;
                    match getc!() {
                        Some((c, _)) if (hex && c.is_ascii_hexdigit()) || c.is_ascii_digit() => {
                            self.state = if hex {
                                St::HexadecimalCharacterReference
                            } else {
                                St::DecimalCharacterReference
                            };
                        }
                        _ => {
                            err!("absence-of-digits-in-numeric-character-reference");
                            self.flush_temp(sink);
                            self.state = self.return_state;
                        }
                    }
                }
                // 13.2.5.78 Hexadecimal character reference state,
                // 13.2.5.79 Decimal character reference state
                St::HexadecimalCharacterReference | St::DecimalCharacterReference => {
                    let radix = if self.state == St::HexadecimalCharacterReference {
                        16
                    } else {
                        10
                    };
                    match getc!() {
                        Some((c, n)) if c.is_digit(radix) => {
                            let d = c.to_digit(radix).unwrap_or(0);
                            // Saturate: anything above 0x10FFFF is out of range anyway.
                            self.code = self
                                .code
                                .saturating_mul(radix)
                                .saturating_add(d)
                                .min(0x0011_0000);
                            pos += n;
                        }
                        Some((';', n)) => {
                            self.state = St::NumericCharacterReferenceEnd;
                            pos += n;
                        }
                        _ => {
                            err!("missing-semicolon-after-character-reference");
                            self.state = St::NumericCharacterReferenceEnd;
                        }
                    }
                }
                // 13.2.5.80 Numeric character reference end state
                St::NumericCharacterReferenceEnd => {
                    let (e, c) = numeric_end(self.code);
                    if let Some(code) = e {
                        err!(code);
                    }
                    self.temp.clear();
                    self.temp.push(c);
                    self.flush_temp(sink);
                    self.state = self.return_state;
                }
            }
        }
    }

    /// Opens a quoted DOCTYPE identifier: sets it to the empty string and switches to the
    /// matching quoted state.
    fn open_identifier(&mut self, public: bool, q: char) {
        let dq = q == '"';
        if public {
            self.doctype.public_id = Some(String::new());
            self.state = if dq {
                St::DoctypePublicIdentifierDoubleQuoted
            } else {
                St::DoctypePublicIdentifierSingleQuoted
            };
        } else {
            self.doctype.system_id = Some(String::new());
            self.state = if dq {
                St::DoctypeSystemIdentifierDoubleQuoted
            } else {
                St::DoctypeSystemIdentifierSingleQuoted
            };
        }
    }
}
