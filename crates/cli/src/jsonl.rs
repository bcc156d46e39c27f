//! The `--jsonl` batch mode shared by every subcommand (`docs/cli.md`, "General rules"):
//! one JSON object per input line, exactly one JSON object per output line, in order.

use std::io::{self, BufRead, BufWriter, Write};

use serde_json::{Map, Value};

/// Reads JSON objects line by line from stdin and writes `handle`'s answer for each to stdout.
///
/// A line that is not a JSON object, or for which `handle` returns `Err(message)`, yields
/// `{"error": message}`; the batch goes on. Blank lines are skipped. Returns an I/O error only
/// when stdin or stdout fail.
pub fn run_batch<F>(mut handle: F) -> io::Result<()>
where
    F: FnMut(&Map<String, Value>) -> Result<Value, String>,
{
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut line = Vec::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        if text.trim().is_empty() {
            continue;
        }
        let answer = match parse_line(text) {
            Ok(Value::Object(obj)) => handle(&obj).unwrap_or_else(error_object),
            Ok(_) => error_object("input line is not a JSON object".to_owned()),
            Err(e) => error_object(format!("invalid JSON: {e}")),
        };
        serde_json::to_writer(&mut out, &answer)?;
        out.write_all(b"\n")?;
    }
    out.flush()
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
}
