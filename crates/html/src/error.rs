//! Parse errors (§13.2.2) with their positions.

use std::fmt;

/// A position in the input stream.
///
/// `offset` is the byte offset in the input as it was given to the parser (before newline
/// normalization); `line` and `column` are 1-based, counted the way html5lib-tests counts them
/// (after newline normalization; one column per UTF-16 code unit, so a character outside the
/// BMP takes two columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    /// Byte offset from the start of the input.
    pub offset: usize,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number.
    pub column: usize,
}

/// A range of bytes in the parser's input: `start..end`, `end` exclusive.
///
/// For a document parsed from bytes ([`crate::parse_document_bytes`]) the offsets are into the
/// original bytes as given (a BOM and CR LF count as they are in the file); for a document parsed
/// from a `&str`, into that string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span as a range, to index the input with.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }

    /// The number of bytes covered.
    pub fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A parse error: the spec's error code and where it happened.
///
/// Codes are the kebab-case names of §13.2.2 (`eof-in-tag`, `unexpected-null-character`, ...)
/// for tokenizer errors, and the names documented in `docs/html-errors.md` for tree-construction
/// errors.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The error code, e.g. `"eof-in-tag"`.
    pub code: &'static str,
    /// Where the error occurred.
    pub position: Position,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}",
            self.position.line, self.position.column, self.code
        )
    }
}

impl std::error::Error for ParseError {}
