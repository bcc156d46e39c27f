//! Parse errors (§13.2.2) with their positions.

use std::fmt;

/// A position in the input stream.
///
/// `offset` is a byte offset into the input as it was given to the parser (before newline
/// normalization): into the `&str` for [`crate::parse_document`] and the tokenizer, into the
/// original bytes (a BOM and CR LF counted as they are in the file) for
/// [`crate::parse_document_bytes`] and [`crate::DocumentParser`]. `line` and `column` are
/// 1-based, counted the way html5lib-tests counts them: a line ends at LF, at CR LF (once) and
/// at a CR not followed by LF; a column is one more than the number of UTF-16 code units of the
/// decoded text between the start of the line and the position (an ASCII character counts one,
/// `é` or `日` one, a character outside the BMP such as `😀` two), whatever the input's
/// encoding. [`crate::Document::line_col`] counts the same way.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
///
/// let doc = parse_document("<p>\r\n😀</x>", ParseOptions::default());
/// let e = doc.errors().iter().find(|e| e.code == "unexpected-end-tag").unwrap();
/// assert_eq!((e.position.line, e.position.column), (2, 3));
/// assert_eq!(e.position.offset, 9); // bytes: `<p>` 3, CR LF 2, the emoji 4
/// ```
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
///
/// `position` is where the error is reported (as html5lib-tests expects it); `span` is what
/// the error is about: for a tokenizer error the offending character (empty at the end of the
/// input; for the character-reference errors, the reference from its `&`), for a
/// tree-construction error the token that triggered it (`<` to `>` of a tag, or the one
/// character of a character token). Both are the same for every way of chunking the input.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions, Span};
///
/// let src = "<!DOCTYPE html><p></b>";
/// let doc = parse_document(src, ParseOptions::default());
/// let e = &doc.errors()[0];
/// assert_eq!(e.code, "unexpected-end-tag");
/// assert_eq!(e.span, Span::new(18, 22));
/// assert_eq!(&src[e.span.range()], "</b>");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The error code, e.g. `"eof-in-tag"`.
    pub code: &'static str,
    /// Where the error occurred.
    pub position: Position,
    /// The source the error is about (see above).
    pub span: Span,
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
