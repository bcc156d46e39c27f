//! The `--jsonl` batch mode shared by every subcommand (`docs/cli.md`, "General rules"):
//! one JSON object per input line, exactly one JSON object per output line, in order.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use serde_json::{Map, Value};

/// Reads JSON objects line by line from stdin and writes `handle`'s answer for each to stdout,
/// then returns the exit status (see `output.rs` for write failures; a failing stdin is a
/// one-line error with status 2).
///
/// Every input line gets exactly one output line. A line that is blank, not UTF-8, not a JSON
/// object, or that has a member not in `keys`, and a line for which `handle` returns
/// `Err(message)`, yields `{"error": message}`; the batch goes on. A line's bytes are never
/// changed silently: invalid UTF-8 is an error for that line, not U+FFFD. (Lone surrogate
/// escapes `\ud800` inside JSON strings do become U+FFFD, as WebIDL's USVString conversion does.)
pub fn run_batch<F>(keys: &[&str], mut handle: F) -> ExitCode
where
    F: FnMut(&Map<String, Value>) -> Result<Value, String>,
{
    let stdin = io::stdin();
    let mut out = crate::output::stdout();
    let mut line = Vec::new();
    let mut input = stdin.lock();
    let written: io::Result<()> = (|| {
        loop {
            line.clear();
            let answer = match read_line(&mut input, &mut line, MAX_LINE) {
                Ok(Line::End) => return Ok(()),
                Ok(Line::Read) => match line_object(&line, keys) {
                    Ok(obj) => handle(&obj).unwrap_or_else(error_object),
                    Err(message) => error_object(message),
                },
                Ok(Line::TooLong) => error_object(format!(
                    "input line longer than {} MiB: skipped",
                    MAX_LINE >> 20
                )),
                Err(e) => {
                    return Err(io::Error::other(ReadError(format!(
                        "cannot read stdin: {e}"
                    ))));
                }
            };
            serde_json::to_writer(&mut out, &answer)?;
            out.write_all(b"\n")?;
        }
    })();
    match written {
        Err(e) if e.get_ref().is_some_and(|r| r.is::<ReadError>()) => crate::usage_error(e),
        r => crate::output::finish(Some(&mut out), r, ExitCode::SUCCESS),
    }
}

/// The longest input line a batch reads (256 MiB): a longer line gets an `{"error"}` line
/// and is skipped without being kept in memory, so an endless line (`< /dev/zero`) cannot
/// exhaust memory.
pub const MAX_LINE: usize = 256 << 20;

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// End of input, nothing read.
    End,
    /// A line (with its `\n`, if any) is in the buffer.
    Read,
    /// The line was longer than the limit: it was read to its end and dropped.
    TooLong,
}

/// Reads one line of at most `max` bytes (its `\n` included) into `line`. A longer line is
/// consumed to its end (or the end of input) in pieces, keeping nothing.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (piece, done) = match memchr_newline(buf) {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = piece.len();
        if !too_long {
            if line.len() + n > max {
                too_long = true;
                line.clear();
                line.shrink_to(64 * 1024);
            } else {
                line.extend_from_slice(piece);
            }
        }
        input.consume(n);
        if done {
            break;
        }
    }
    Ok(match (any, too_long) {
        (false, _) => Line::End,
        (true, false) => Line::Read,
        (true, true) => Line::TooLong,
    })
}

fn memchr_newline(buf: &[u8]) -> Option<usize> {
    buf.iter().position(|&b| b == b'\n')
}

/// A failure to read stdin (as opposed to a failure to write stdout).
#[derive(Debug)]
struct ReadError(String);

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

/// One input line (with its line terminator) as a JSON object whose members are all in
/// `keys`, or the message for its `{"error"}` line.
pub fn line_object(line: &[u8], keys: &[&str]) -> Result<Map<String, Value>, String> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let text = std::str::from_utf8(line).map_err(|e| {
        format!(
            "input line is not UTF-8 (invalid byte sequence at byte {} of the line)",
            e.valid_up_to()
        )
    })?;
    if text.trim().is_empty() {
        return Err("blank input line: expected a JSON object".to_owned());
    }
    let obj = match parse_line(text) {
        Ok(Value::Object(obj)) => obj,
        Ok(_) => return Err("input line is not a JSON object".to_owned()),
        Err(e) => return Err(format!("invalid JSON: {e}")),
    };
    if let Some(k) = obj.keys().find(|k| !keys.contains(&k.as_str())) {
        return Err(format!(
            "unknown key {k:?} (expected: {})",
            keys.iter()
                .map(|k| format!("{k:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(obj)
}

/// `{"error": message}`.
pub fn error_object(message: String) -> Value {
    let mut obj = Map::new();
    obj.insert("error".to_owned(), Value::String(message));
    Value::Object(obj)
}

/// Parses one JSON line, converting lone surrogate escapes to U+FFFD first (WebIDL USVString
/// conversion), since `serde_json` rejects them.
pub fn parse_line(text: &str) -> serde_json::Result<Value> {
    serde_json::from_str(&replace_lone_surrogates(text))
}

/// Gets a string member, or `None` when it is absent or `null`; an error when it has another type.
pub fn opt_str<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("\"{key}\" must be a string or null")),
    }
}

/// Gets a required string member.
pub fn req_str<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    opt_str(obj, key)?.ok_or_else(|| format!("missing \"{key}\""))
}

/// Rewrites `\uD800`–`\uDFFF` escapes that do not form a valid surrogate pair as `\uFFFD`.
/// Everything else, including valid pairs and escaped backslashes, is left as it is.
pub fn replace_lone_surrogates(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("\\u") {
        return text.into();
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        // A backslash: an escape of two characters, or `\uXXXX`.
        if b.get(i + 1) != Some(&b'u') {
            i += 2;
            continue;
        }
        let Some(unit) = hex4(b, i + 2) else {
            i += 2;
            continue;
        };
        match unit {
            0xD800..=0xDBFF => {
                let pair = b.get(i + 6) == Some(&b'\\')
                    && b.get(i + 7) == Some(&b'u')
                    && matches!(hex4(b, i + 8), Some(0xDC00..=0xDFFF));
                if pair {
                    i += 12;
                } else {
                    out.push_str(&text[copied..i]);
                    out.push_str("\\uFFFD");
                    i += 6;
                    copied = i;
                }
            }
            0xDC00..=0xDFFF => {
                out.push_str(&text[copied..i]);
                out.push_str("\\uFFFD");
                i += 6;
                copied = i;
            }
            _ => i += 6,
        }
    }
    out.push_str(&text[copied.min(text.len())..]);
    out.into()
}

fn hex4(b: &[u8], at: usize) -> Option<u32> {
    let digits = b.get(at..at + 4)?;
    if !digits.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let s = std::str::from_utf8(digits).ok()?;
    u32::from_str_radix(s, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement() {
        assert_eq!(replace_lone_surrogates(r#""a\ud800b""#), r#""a\uFFFDb""#);
        assert_eq!(replace_lone_surrogates(r#""\udc00""#), r#""\uFFFD""#);
        assert_eq!(
            replace_lone_surrogates(r#""\ud83d\ude00""#),
            r#""\ud83d\ude00""#
        );
        assert_eq!(replace_lone_surrogates(r#""\\ud800""#), r#""\\ud800""#);
        assert_eq!(
            replace_lone_surrogates(r#""\ud800\ud800""#),
            r#""\uFFFD\uFFFD""#
        );
        let v = parse_line(r#"{"input": "x\ud800"}"#).unwrap();
        assert_eq!(v["input"], "x\u{FFFD}");
    }

    #[test]
    fn lines_are_never_changed_silently() {
        assert!(line_object(b"{\"input\": \"a\xFFb\"}\n", &["input"]).is_err());
        assert!(line_object(b"\n", &["input"]).is_err());
        assert!(line_object(b"  \r\n", &["input"]).is_err());
        let e = line_object(br#"{"input": "a", "bsae": "x"}"#, &["input", "base"]).unwrap_err();
        assert!(e.contains("unknown key \"bsae\""), "{e}");
        assert!(line_object(b"{\"input\": \"a\"}\r\n", &["input"]).is_ok());
    }
}
