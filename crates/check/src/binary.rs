//! Binary input: a file that is not text at all (an image, an archive, a file of NUL bytes,
//! UTF-16 without a byte order mark) would give a parse error per NUL or control byte. It is
//! reported once, as `binary-input`, and not checked further.
//!
//! The rule: the first [`SAMPLE`] bytes (the whole file when shorter), or the whole file,
//! hold at least [`MIN_CONTROLS`] control bytes, and control bytes are at least a tenth of
//! them. (The whole file is counted too so that a page followed by megabytes of NUL bytes does
//! not cost the parser two parse errors per byte; below a tenth, the parse errors a file can
//! give stay a small multiple of its size.) Control bytes are U+0000-U+001F except tab, line feed, form feed, carriage return and escape
//! (which ISO-2022-JP uses), and U+007F. A file that starts with a UTF-16 byte order mark,
//! or whose transport-layer charset is UTF-16, is text.

use websyntax_encoding::Encoding;
use websyntax_html::Span;
use websyntax_html::input_stream::DocumentParserOptions;
use websyntax_html::sniff::sniff;

use crate::source::Source;
use crate::{Category, Diagnostic, Filter, Report, Severity};

/// How many bytes of the start of a file are looked at.
pub(crate) const SAMPLE: usize = 8192;
/// The fewest control bytes that make a sample binary.
pub(crate) const MIN_CONTROLS: usize = 32;

/// What made a file binary.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Binary {
    /// The offset of its first control byte.
    first: usize,
    /// Control bytes in the part counted.
    controls: usize,
    /// The length of the part counted (the sample or the whole file).
    counted: usize,
}

fn is_control(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | 0x1B)) || b == 0x7F
}

/// How many bytes of `b` are control bytes ([`is_control`]), 32 bytes at a time: each chunk's
/// count is written with non-short-circuit comparisons and a `u8` sum so that it compiles to
/// vector compares (every page is counted whole; byte by byte this was about a tenth of
/// `check`'s instructions).
fn count_controls(b: &[u8]) -> usize {
    #[inline(always)]
    fn control(x: u8) -> u8 {
        u8::from(
            ((x < 0x20)
                & (x != b'\t')
                & (x != b'\n')
                & (x != b'\x0C')
                & (x != b'\r')
                & (x != 0x1B))
                | (x == 0x7F),
        )
    }
    let (chunks, rest) = b.as_chunks::<32>();
    let whole: usize = chunks
        .iter()
        .map(|c| usize::from(c.iter().fold(0u8, |n, &x| n + control(x))))
        .sum();
    whole + rest.iter().filter(|&&x| is_control(x)).count()
}

/// Whether `bytes` look binary (see the module documentation).
pub(crate) fn detect(bytes: &[u8], transport: Option<Encoding>) -> Option<Binary> {
    if bytes.starts_with(b"\xFF\xFE")
        || bytes.starts_with(b"\xFE\xFF")
        || transport.is_some_and(|e| e == Encoding::UTF_16LE || e == Encoding::UTF_16BE)
    {
        return None;
    }
    let binary = |n: usize, len: usize| n >= MIN_CONTROLS && n * 10 >= len;
    let sample = bytes.get(..SAMPLE).unwrap_or(bytes);
    let in_sample = count_controls(sample);
    let (controls, counted) = if binary(in_sample, sample.len()) {
        (in_sample, sample.len())
    } else if bytes.len() > sample.len() {
        let all = in_sample + count_controls(&bytes[sample.len()..]);
        if !binary(all, bytes.len()) {
            return None;
        }
        (all, bytes.len())
    } else {
        return None;
    };
    Some(Binary {
        first: bytes.iter().position(|&b| is_control(b)).unwrap_or(0),
        controls,
        counted,
    })
}

/// The report on a binary file: one `binary-input` error at its first control byte. Only
/// the start of the file up to a sample's length past that byte is decoded (for the excerpt).
pub(crate) fn report<'a>(
    bytes: &'a [u8],
    options: &DocumentParserOptions,
    binary: Binary,
    filter: &Filter,
) -> Report<'a> {
    let sample = bytes.get(..binary.first + SAMPLE).unwrap_or(bytes);
    let encoding = sniff(sample, &options.sniff).encoding;
    let source = Source::new(sample, encoding, &[]);
    let mut diagnostics = Vec::new();
    if filter.allows(Category::Encoding, "binary-input", Severity::Error) {
        let at = source.byte_to_text(binary.first);
        let (line, col) = source.line_col(at);
        diagnostics.push(Diagnostic {
            category: Category::Encoding,
            code: "binary-input",
            severity: Severity::Error,
            message: format!(
                "this is not a text file: {} of {} {} bytes are control characters such as NUL (UTF-16 needs a byte order mark); it was not checked further",
                binary.controls,
                if binary.counted == bytes.len() { "its" } else { "its first" },
                binary.counted
            ),
            span: Some(Span::new(binary.first, binary.first + 1)),
            line,
            col,
            count: 1,
            related: None,
        });
    }
    crate::finish(encoding, diagnostics, source, filter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_controls_matches_a_byte_filter() {
        let bytes: Vec<u8> = (0..2000u32).map(|i| (i * 7 % 256) as u8).collect();
        for len in [0, 1, 31, 32, 33, 64, 100, 255, 256, 1999, 2000] {
            for start in [0, 1, 5] {
                let b = bytes.get(start..len).unwrap_or_default();
                let naive = b.iter().filter(|&&x| is_control(x)).count();
                assert_eq!(count_controls(b), naive, "{start} {len}");
            }
        }
        for x in 0..=255u8 {
            assert_eq!(
                count_controls(&[x; 40]),
                40 * usize::from(is_control(x)),
                "{x:#x}"
            );
        }
    }
}
