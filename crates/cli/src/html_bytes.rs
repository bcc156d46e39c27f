//! `websyntax html parse` on a document: the input bytes go through the byte-stream pipeline
//! of `websyntax::html::input_stream` (encoding sniffing, decoding, "change the encoding"),
//! with the flags of `doc_args.rs`. This file reports decoding errors.

use std::io::{self, Write};

use websyntax::encoding::{BomHandling, DecodeErrorMode, Decoder};
use websyntax::html::input_stream::ParsedDocument;

/// A run of adjacent malformed byte sequences: bytes `start..end` of the input, `count`
/// sequences (each became one U+FFFD), from `from` to `to` as `(line, column)` of the
/// U+FFFD characters, counted as parse errors count them (after newline normalization, one
/// column per UTF-16 code unit).
struct Run {
    start: u64,
    end: u64,
    count: u64,
    from: (u64, u64),
    to: (u64, u64),
}

/// Line and column counting over decoded text, as the tokenizer counts them.
struct Counter {
    line: u64,
    col: u64,
    after_cr: bool,
}

impl Counter {
    fn text(&mut self, s: &str) {
        for c in s.chars() {
            match c {
                '\n' if self.after_cr => self.after_cr = false,
                '\n' | '\r' => {
                    self.line += 1;
                    self.col = 1;
                    self.after_cr = c == '\r';
                }
                _ => {
                    self.col += c.len_utf16() as u64;
                    self.after_cr = false;
                }
            }
        }
    }
}

/// Writes the document's decoding errors on `err`, adjacent ones grouped into one line:
/// `websyntax: decoding error: LINE:COL[-LINE:COL] N malformed byte sequence(s) in ENCODING
/// (bytes START..END)`. Linear in the input: the text between runs is decoded once.
pub fn report_decode_errors(bytes: &[u8], parsed: &ParsedDocument, err: &mut dyn Write) {
    let errors = &parsed.decode_errors;
    if errors.is_empty() {
        return;
    }
    let encoding = parsed.encoding;
    let mut counter = Counter {
        line: 1,
        col: 1,
        after_cr: false,
    };
    let mut pos = 0u64;
    let mut first_segment = true;
    let mut i = 0;
    let r: io::Result<()> = (|| {
        while i < errors.len() {
            let e = errors[i];
            // The text before the run, well-formed in the final encoding.
            let segment = slice(bytes, pos, e.offset);
            if !segment.is_empty() {
                let bom = if first_segment {
                    BomHandling::Remove
                } else {
                    BomHandling::Keep
                };
                let mut d = Decoder::new(encoding, DecodeErrorMode::Replacement, bom);
                let mut s = String::new();
                let _ = d.decode_to_string(segment, false, &mut s);
                counter.text(&s);
            }
            first_segment = false;
            let from = (counter.line, counter.col);
            let mut run = Run {
                start: e.offset,
                end: e.offset + u64::from(e.length),
                count: 1,
                from,
                to: from,
            };
            counter.col += 1;
            counter.after_cr = false;
            while let Some(next) = errors.get(i + 1)
                && next.offset == run.end
            {
                i += 1;
                run.to = (counter.line, counter.col);
                run.end = next.offset + u64::from(next.length);
                run.count += 1;
                counter.col += 1;
            }
            i += 1;
            pos = run.end;
            let range = if run.count == 1 {
                format!("{}:{}", run.from.0, run.from.1)
            } else {
                format!("{}:{}-{}:{}", run.from.0, run.from.1, run.to.0, run.to.1)
            };
            writeln!(
                err,
                "websyntax: decoding error: {range} {} malformed byte sequence{} in {encoding} (bytes {}..{})",
                run.count,
                if run.count == 1 { "" } else { "s" },
                run.start,
                run.end
            )?;
        }
        Ok(())
    })();
    // A failing stderr has nowhere to be reported.
    let _ = r;
}

fn slice(bytes: &[u8], from: u64, to: u64) -> &[u8] {
    let from = usize::try_from(from).unwrap_or(usize::MAX).min(bytes.len());
    let to = usize::try_from(to)
        .unwrap_or(usize::MAX)
        .clamp(from, bytes.len());
    &bytes[from..to]
}
