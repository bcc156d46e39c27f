//! The tokens the tokenizer emits and the interface through which the tree builder consumes
//! them. This file is the contract between `tokenizer` and `tree_builder`.

use crate::error::{ParseError, Position};

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
