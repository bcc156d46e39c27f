//! §13.2.5 Tokenization (with §13.2.3.5 input stream preprocessing).
//!
//! A [`Tokenizer`] turns HTML text into [`Token`]s which it hands, one at a time and borrowed
//! from its reusable buffers, to a [`TokenSink`]: the tree builder, or any consumer of your
//! own. Input comes in `&str` chunks through [`Tokenizer::feed`], then [`Tokenizer::end`]; the
//! tokens and errors do not depend on where the chunks are split (except that a run of text
//! may arrive as several `Characters` tokens; their concatenation is the same).
//!
//! # Example
//!
//! ```
//! use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
//! use websyntax_html::{ParseError, Position};
//!
//! #[derive(Default)]
//! struct Printer {
//!     lines: Vec<String>,
//! }
//!
//! impl TokenSink for Printer {
//!     fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
//!         self.lines.push(format!("{}:{} {:?}", at.line, at.column, token));
//!         SinkResult::Continue
//!     }
//!     fn parse_error(&mut self, error: ParseError) {
//!         self.lines.push(format!("error {error}"));
//!     }
//! }
//!
//! let mut tokenizer = Tokenizer::new(Printer::default());
//! tokenizer.feed("<p class=x>Fish &amp; ch");
//! tokenizer.feed("ips</p>\n<br/ >");
//! tokenizer.end();
//! for line in &tokenizer.sink().lines {
//!     println!("{line}");
//! }
//! let lines = &tokenizer.into_sink().lines;
//! assert!(lines[0].starts_with("1:1 StartTag"));
//! assert!(lines.iter().any(|l| l == "error 2:5: unexpected-solidus-in-tag"));
//! ```
//!
//! # State switches
//!
//! The tree builder switches the tokenizer's state (to RCDATA after `<title>`, to script data
//! after `<script>`, ...) by returning [`SinkResult::SwitchTo`] from
//! [`TokenSink::process_token`]; the switch takes effect before the next input character is
//! read. It is meant for tag tokens: after a `Characters` token the tokenizer may already be on
//! its way into another state (e.g. the `<` that ended the run), which then wins.
//! [`Tokenizer::set_state`] and [`Tokenizer::set_last_start_tag`] do the same from outside
//! (fragment parsing, test harnesses).
//!
//! # Parse errors
//!
//! Every tokenizer parse error of §13.2.2 is reported to [`TokenSink::parse_error`] as a
//! [`ParseError`](crate::ParseError) whose `code` is the spec's name, in the order the
//! tokenizer meets them, with the position of the input character the spec's step is looking
//! at (end of input for `eof-*` errors). Errors interleave with the tokens as the spec's
//! tokenizer, consuming one character at a time and emitting one token per character, would
//! give them (an error at a character comes before that character's token). In particular the
//! §13.2.3.5 input stream errors (`control-character-in-input-stream`,
//! `noncharacter-in-input-stream`) are reported when the tokenizer consumes the character, so
//! a run of text holding one is delivered as two `Characters` tokens with the error between
//! them. Hence the sink sees the same sequence of errors and (merged) text for every chunking,
//! and a tree builder's own errors for a character come after that character's input errors.
//! The codes reported are:
//!
//! | code | meaning |
//! |---|---|
//! | `abrupt-closing-of-empty-comment` | `<!-->` or `<!--->` |
//! | `abrupt-doctype-public-identifier` | `>` inside a DOCTYPE public identifier |
//! | `abrupt-doctype-system-identifier` | `>` inside a DOCTYPE system identifier |
//! | `absence-of-digits-in-numeric-character-reference` | `&#` or `&#x` without digits |
//! | `cdata-in-html-content` | `<![CDATA[` outside foreign content |
//! | `character-reference-outside-unicode-range` | numeric reference above U+10FFFF |
//! | `control-character-in-input-stream` | a control character other than whitespace/NUL |
//! | `control-character-reference` | numeric reference to such a control (or CR) |
//! | `duplicate-attribute` | second attribute with the same name (it is dropped) |
//! | `end-tag-with-attributes` | attributes on an end tag |
//! | `end-tag-with-trailing-solidus` | `</a/>` |
//! | `eof-before-tag-name` | input ends after `<` or `</` |
//! | `eof-in-cdata` | input ends in a CDATA section |
//! | `eof-in-comment` | input ends in a comment |
//! | `eof-in-doctype` | input ends in a DOCTYPE |
//! | `eof-in-script-html-comment-like-text` | input ends in `<!--` inside a script |
//! | `eof-in-tag` | input ends in a tag |
//! | `incorrectly-closed-comment` | `--!>` |
//! | `incorrectly-opened-comment` | `<!` not followed by `--`, `DOCTYPE` or `[CDATA[` |
//! | `invalid-character-sequence-after-doctype-name` | not `PUBLIC`/`SYSTEM` after the name |
//! | `invalid-first-character-of-tag-name` | `<` or `</` followed by a non-letter |
//! | `missing-attribute-value` | `<a b=>` |
//! | `missing-doctype-name` | `<!DOCTYPE>` |
//! | `missing-doctype-public-identifier` | `PUBLIC` then `>` |
//! | `missing-doctype-system-identifier` | `SYSTEM` then `>` |
//! | `missing-end-tag-name` | `</>` |
//! | `missing-quote-before-doctype-public-identifier` | unquoted public identifier |
//! | `missing-quote-before-doctype-system-identifier` | unquoted system identifier |
//! | `missing-semicolon-after-character-reference` | `&amp` or `&#38` without `;` |
//! | `missing-whitespace-after-doctype-public-keyword` | `PUBLIC"` |
//! | `missing-whitespace-after-doctype-system-keyword` | `SYSTEM"` |
//! | `missing-whitespace-before-doctype-name` | `<!DOCTYPEhtml>` |
//! | `missing-whitespace-between-attributes` | `<a b="c"d>` |
//! | `missing-whitespace-between-doctype-public-and-system-identifiers` | `"pub""sys"` |
//! | `nested-comment` | `<!--` inside a comment |
//! | `noncharacter-character-reference` | numeric reference to a noncharacter |
//! | `noncharacter-in-input-stream` | a noncharacter in the input |
//! | `null-character-reference` | `&#0;` |
//! | `surrogate-character-reference` | numeric reference to a surrogate |
//! | `surrogate-in-input-stream` | never reported: a `&str` cannot hold a surrogate |
//! | `unexpected-character-after-doctype-system-identifier` | junk after the system identifier |
//! | `unexpected-character-in-attribute-name` | `"`, `'` or `<` in an attribute name |
//! | `unexpected-character-in-unquoted-attribute-value` | `"'<=`` ` `` in an unquoted value |
//! | `unexpected-equals-sign-before-attribute-name` | `<a =b>` |
//! | `unexpected-null-character` | U+0000 where the spec reports it |
//! | `unexpected-question-mark-instead-of-tag-name` | `<?` |
//! | `unexpected-solidus-in-tag` | `/` not followed by `>` in a tag |
//! | `unknown-named-character-reference` | `&foo;` with no such name |
//!
//! Reporting costs nothing beyond a call to the sink's (default: empty) `parse_error` method.
//!
//! # Positions
//!
//! Each token comes with the [`Position`](crate::Position) of its first character (`<` for a
//! tag, comment or DOCTYPE; `&` for text produced by a character reference) and, through
//! [`TokenSink::process_token_with_span`], its source [`Span`](crate::Span): `<` through `>`
//! for a tag, comment or DOCTYPE; for characters, the source of the run (a character
//! reference from `&` to its end, CR LF read as one LF covering both bytes). An attribute
//! carries its span (name through the end of the value and closing quote) and its value's
//! span inside the quotes. Lines and columns are 1-based; newline normalization applies (CR LF
//! is one line break) and columns count UTF-16 code units, as html5lib-tests does. Offsets are
//! byte offsets into the input as fed (the concatenation of the chunks).

#[forbid(unsafe_code)]
mod char_ref;
#[forbid(unsafe_code)]
mod comment;
#[forbid(unsafe_code)]
mod doctype;
#[forbid(unsafe_code)]
mod named_entities;
#[forbid(unsafe_code)]
mod preprocessing;
mod processing_instruction;
#[forbid(unsafe_code)]
mod script;
pub(crate) mod simd;
#[forbid(unsafe_code)]
mod tag;
#[forbid(unsafe_code)]
mod text;
#[forbid(unsafe_code)]
mod token;
#[forbid(unsafe_code)]
mod tokenization;

pub(crate) use token::SourceAttr;
pub use token::{
    Attribute, Doctype, SinkResult, State, Tag, TagAttr, TagAttrs, TagRef, Token, TokenSink,
};

use tokenization::Machine;

/// The error of parsing a [`State`] from a string: the name is not one of the six states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownStateError {
    /// The name that was given.
    pub name: String,
}

impl std::fmt::Display for UnknownStateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown tokenizer state {:?} (expected \"Data state\", \"PLAINTEXT state\", \
             \"RCDATA state\", \"RAWTEXT state\", \"Script data state\" or \"CDATA section state\")",
            self.name
        )
    }
}

impl std::error::Error for UnknownStateError {}

impl State {
    /// The state's name as the HTML Standard and html5lib-tests write it, e.g. `"RCDATA state"`.
    ///
    /// ```
    /// use websyntax_html::tokenizer::State;
    /// assert_eq!(State::ScriptData.name(), "Script data state");
    /// assert_eq!("Script data state".parse::<State>(), Ok(State::ScriptData));
    /// assert!("Bogus state".parse::<State>().is_err());
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            State::Data => "Data state",
            State::Rcdata => "RCDATA state",
            State::Rawtext => "RAWTEXT state",
            State::ScriptData => "Script data state",
            State::Plaintext => "PLAINTEXT state",
            State::CdataSection => "CDATA section state",
        }
    }
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for State {
    type Err = UnknownStateError;

    /// Parses the names [`State::name`] gives.
    fn from_str(s: &str) -> Result<State, UnknownStateError> {
        [
            State::Data,
            State::Rcdata,
            State::Rawtext,
            State::ScriptData,
            State::Plaintext,
            State::CdataSection,
        ]
        .into_iter()
        .find(|st| st.name() == s)
        .ok_or_else(|| UnknownStateError { name: s.to_owned() })
    }
}

/// Options for [`Tokenizer::with_options`].
///
/// ```
/// use websyntax_html::tokenizer::{State, TokenizerOptions};
/// let opts = TokenizerOptions { initial_state: State::Rcdata, last_start_tag: Some("title".into()) };
/// assert_eq!(TokenizerOptions::default().initial_state, State::Data);
/// # let _ = opts;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenizerOptions {
    /// The state to start in (the data state by default; fragment parsing and test harnesses
    /// start elsewhere).
    pub initial_state: State,
    /// The name of the last start tag emitted, for the "appropriate end tag token" check.
    pub last_start_tag: Option<String>,
}

impl Default for TokenizerOptions {
    fn default() -> Self {
        TokenizerOptions {
            initial_state: State::Data,
            last_start_tag: None,
        }
    }
}

/// The HTML tokenizer of §13.2.5, driving a [`TokenSink`].
///
/// Feed input with [`feed`](Self::feed) (any number of chunks, split anywhere), then call
/// [`end`](Self::end) once. The sink receives every token and parse error as soon as the
/// tokenizer has decided it; after `end` it has received the `Eof` token.
///
/// ```
/// use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
/// use websyntax_html::Position;
///
/// struct Names(Vec<String>);
/// impl TokenSink for Names {
///     fn process_token(&mut self, token: Token<'_>, _at: Position) -> SinkResult {
///         if let Token::StartTag(tag) = token {
///             self.0.push(tag.name().to_owned());
///         }
///         SinkResult::Continue
///     }
/// }
///
/// let mut t = Tokenizer::new(Names(Vec::new()));
/// t.feed("<HTML><bo");
/// t.feed("dy>");
/// t.end();
/// assert_eq!(t.into_sink().0, ["html", "body"]);
/// ```
#[derive(Debug)]
pub struct Tokenizer<S: TokenSink> {
    sink: S,
    machine: Machine,
    /// Input given but not yet consumed (undecided lookahead at the end of a chunk).
    pending: String,
    ended: bool,
}

impl<S: TokenSink> Tokenizer<S> {
    /// A tokenizer in the data state.
    pub fn new(sink: S) -> Self {
        Tokenizer {
            sink,
            machine: Machine::default(),
            pending: String::new(),
            ended: false,
        }
    }

    /// Makes the positions given to the sink (token positions and parse errors) carry byte
    /// offsets only, with line and column 0, for a sink that computes lines and columns itself
    /// when it needs them (the document parser does, from its line index, for the errors it
    /// keeps). This saves counting lines and columns on every token; spans are unaffected.
    ///
    /// ```
    /// use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
    /// use websyntax_html::Position;
    /// struct At(Vec<Position>);
    /// impl TokenSink for At {
    ///     fn process_token(&mut self, _: Token<'_>, at: Position) -> SinkResult {
    ///         self.0.push(at);
    ///         SinkResult::Continue
    ///     }
    /// }
    /// let mut t = Tokenizer::new(At(Vec::new()));
    /// t.set_offsets_only(true);
    /// t.feed("a\n<b>");
    /// t.end();
    /// let at = t.into_sink().0;
    /// assert_eq!((at[1].offset, at[1].line, at[1].column), (2, 0, 0));
    /// ```
    pub fn set_offsets_only(&mut self, on: bool) {
        self.machine.offsets_only = on;
    }

    /// A tokenizer with the given initial state and last start tag.
    pub fn with_options(sink: S, options: TokenizerOptions) -> Self {
        let mut t = Tokenizer::new(sink);
        t.set_state(options.initial_state);
        if let Some(name) = options.last_start_tag {
            t.set_last_start_tag(Some(&name));
        }
        t
    }

    /// Tokenizes a whole string with `sink` and returns the sink.
    ///
    /// ```
    /// use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
    /// use websyntax_html::Position;
    /// struct Count(usize);
    /// impl TokenSink for Count {
    ///     fn process_token(&mut self, _: Token<'_>, _: Position) -> SinkResult {
    ///         self.0 += 1;
    ///         SinkResult::Continue
    ///     }
    /// }
    /// assert_eq!(Tokenizer::tokenize_str(Count(0), "<a>b</a>").0, 4);
    /// ```
    pub fn tokenize_str(sink: S, input: &str) -> S {
        let mut t = Tokenizer::new(sink);
        t.feed(input);
        t.end();
        t.into_sink()
    }

    /// Switches the tokenizer to `state` before it reads the next character (as the tree
    /// builder does through [`SinkResult::SwitchTo`]).
    pub fn set_state(&mut self, state: State) {
        self.machine.state = state.into();
    }

    /// Sets (or clears) the name of the last start tag emitted, used by the "appropriate end
    /// tag token" check of the RCDATA, RAWTEXT and script data states.
    pub fn set_last_start_tag(&mut self, name: Option<&str>) {
        self.machine.last_start_src = None;
        self.machine.last_start_tag.clear();
        if let Some(n) = name {
            self.machine.last_start_tag.push_str(n);
        }
    }

    /// Tokenizes the next chunk of input. Everything up to the last point that the rest of
    /// the input cannot change is tokenized now; the rest (a few bytes at most, e.g. a CR that
    /// may be followed by LF) waits for the next chunk or for [`end`](Self::end).
    /// Input fed after `end` is ignored.
    pub fn feed(&mut self, chunk: &str) {
        if self.ended || self.machine.done {
            return;
        }
        if self.pending.is_empty() {
            let used = self.machine.run(&mut self.sink, chunk, false);
            self.machine.rebase(chunk.as_bytes(), used);
            self.pending.push_str(chunk.get(used..).unwrap_or(""));
        } else {
            self.pending.push_str(chunk);
            self.run_pending(false);
        }
    }

    /// Signals the end of the input: tokenizes what is left and emits the `Eof` token.
    /// Calling it again does nothing.
    pub fn end(&mut self) {
        if self.ended {
            return;
        }
        self.ended = true;
        if !self.machine.done {
            self.run_pending(true);
        }
    }

    fn run_pending(&mut self, eof: bool) {
        let buf = std::mem::take(&mut self.pending);
        let used = self.machine.run(&mut self.sink, &buf, eof);
        self.machine.rebase(buf.as_bytes(), used);
        self.pending = buf;
        if used >= self.pending.len() {
            self.pending.clear();
        } else if self.pending.is_char_boundary(used) {
            self.pending.replace_range(..used, "");
        }
    }

    /// The sink.
    pub fn sink(&self) -> &S {
        &self.sink
    }

    /// The sink, mutably.
    pub fn sink_mut(&mut self) -> &mut S {
        &mut self.sink
    }

    /// Consumes the tokenizer and returns the sink.
    pub fn into_sink(self) -> S {
        self.sink
    }
}
