//! The tokens the tokenizer emits and the interface through which the tree builder consumes
//! them. This file is the contract between `tokenizer` and `tree_builder`.

use crate::error::{ParseError, Position, Span};

/// A DOCTYPE token (§13.2.5). Missing identifiers are `None`, distinct from empty strings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Doctype {
    /// The name, if any (ASCII-lowercased by the tokenizer).
    pub name: Option<String>,
    /// The public identifier, if any.
    pub public_id: Option<String>,
    /// The system identifier, if any.
    pub system_id: Option<String>,
    /// The force-quirks flag.
    pub force_quirks: bool,
}

/// One attribute of a tag token. Names are ASCII-lowercased by the tokenizer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Attribute {
    /// The attribute name.
    pub name: String,
    /// The attribute value with character references resolved.
    pub value: String,
    /// The source: the name's first byte through the end of the value, closing quote included
    /// (just the name for an attribute without a value).
    pub span: Span,
    /// The source of the value inside any quotes; `None` for an attribute without a value.
    pub value_span: Option<Span>,
    /// The value is its source text unchanged: the source held no `&`, U+0000 or CR, so
    /// offsets inside the value are offsets inside `value_span` (given the same encoding
    /// widths). True for an attribute without a value.
    pub value_verbatim: bool,
}

/// A start or end tag token. Duplicate attributes have already been removed (the first one wins).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tag {
    /// The tag name, ASCII-lowercased.
    pub name: String,
    /// Attributes in source order.
    pub attrs: Vec<Attribute>,
    /// The self-closing flag.
    pub self_closing: bool,
}

/// A token, borrowed from the tokenizer's reusable buffers: a sink that keeps data copies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// A DOCTYPE token.
    Doctype(&'a Doctype),
    /// A start tag token.
    StartTag(&'a Tag),
    /// An end tag token.
    EndTag(&'a Tag),
    /// A comment token with its data.
    Comment(&'a str),
    /// A run of one or more character tokens. The run may contain U+0000 (the tokenizer emits
    /// it as the spec says in the data state); the tree builder handles it per insertion mode.
    Characters(&'a str),
    /// The end-of-file token.
    Eof,
}

/// Tokenizer states that the tree builder (or a test harness) may switch the tokenizer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum State {
    /// 13.2.5.1 Data state.
    Data,
    /// 13.2.5.2 RCDATA state.
    Rcdata,
    /// 13.2.5.3 RAWTEXT state.
    Rawtext,
    /// 13.2.5.4 Script data state.
    ScriptData,
    /// 13.2.5.5 PLAINTEXT state.
    Plaintext,
    /// 13.2.5.69 CDATA section state (used by tests only; the tokenizer enters it itself).
    CdataSection,
}

/// What the sink asks of the tokenizer after a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SinkResult {
    /// Go on in whatever state the tokenizer is in.
    Continue,
    /// Switch to this state before reading the next character (e.g. after `<title>`, RCDATA).
    SwitchTo(State),
}

/// The consumer of tokens: the tree builder, or anything else.
pub trait TokenSink {
    /// Handles one token. `at` is the position of the token's first character (for
    /// `Characters`, of the run's first character; for `Eof`, the end of input). The sink uses
    /// it to position its own (tree-construction) errors.
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult;

    /// Handles one token with its source span: what the tokenizer calls. `span` runs from the
    /// token's first byte to one past its last (`<` through `>` for a tag, comment or DOCTYPE;
    /// for `Characters`, the run's source: a character reference's `&` through its end, a
    /// CR LF read as one LF covers both bytes; empty at the end of input for `Eof`); `at` is
    /// the position of `span.start`. The default forgets the span and calls
    /// [`process_token`](Self::process_token); a sink that records spans (the tree builder)
    /// overrides it.
    ///
    /// ```
    /// use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
    /// use websyntax_html::{Position, Span};
    ///
    /// #[derive(Default)]
    /// struct Spans(Vec<(String, Span)>);
    /// impl TokenSink for Spans {
    ///     fn process_token(&mut self, _: Token<'_>, _: Position) -> SinkResult {
    ///         SinkResult::Continue
    ///     }
    ///     fn process_token_with_span(&mut self, t: Token<'_>, span: Span, _: Position) -> SinkResult {
    ///         self.0.push((format!("{t:?}"), span));
    ///         SinkResult::Continue
    ///     }
    /// }
    ///
    /// let src = "<a href='x'>R&amp;D</a>";
    /// let spans = Tokenizer::tokenize_str(Spans::default(), src).0;
    /// let texts: Vec<&str> = spans.iter().map(|(_, s)| &src[s.range()]).collect();
    /// assert_eq!(texts, ["<a href='x'>", "R", "&amp;", "D", "</a>", ""]);
    /// ```
    fn process_token_with_span(
        &mut self,
        token: Token<'_>,
        span: Span,
        at: Position,
    ) -> SinkResult {
        let _ = span;
        self.process_token(token, at)
    }

    /// Receives each tokenizer parse error, in the order they occur. Default: ignore them.
    /// A sink that collects errors (the tree builder, a test harness) merges them with its own.
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }

    /// §13.2.5.42 markup declaration open state: "if there is an adjusted current node and it is
    /// not an element in the HTML namespace" — `<![CDATA[` then opens a CDATA section.
    fn adjusted_current_node_is_foreign(&self) -> bool {
        false
    }
}
