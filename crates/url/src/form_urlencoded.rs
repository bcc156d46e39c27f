//! §5 application/x-www-form-urlencoded: the parser (§5.1), the serializer (§5.2) and the
//! string parser hook (§5.3).

use websyntax_encoding::Encoding;

use crate::encoding::percent_encode_after_encoding;
use crate::percent_encoding::{FORM_URLENCODED, percent_decode};

/// §5.1 application/x-www-form-urlencoded parser, on bytes.
///
/// ```
/// use websyntax_url::form_urlencoded::parse;
/// assert_eq!(parse(b"a=b+c&&=d&e"), vec![
///     ("a".to_owned(), "b c".to_owned()),
///     ("".to_owned(), "d".to_owned()),
///     ("e".to_owned(), "".to_owned()),
/// ]);
/// ```
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    let mut output = Vec::new();
    for bytes in input.split(|&b| b == b'&') {
        if bytes.is_empty() {
            continue;
        }
        let (name, value) = match bytes.iter().position(|&b| b == b'=') {
            Some(i) => (&bytes[..i], &bytes[i + 1..]),
            None => (bytes, &b""[..]),
        };
        output.push((decode(name), decode(value)));
    }
    output
}

/// Replaces `+` with space, percent-decodes, and UTF-8 decodes without BOM (lossy).
fn decode(bytes: &[u8]) -> String {
    let plus_free;
    let bytes = if bytes.contains(&b'+') {
        plus_free = bytes
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
            .collect::<Vec<u8>>();
        &plus_free[..]
    } else {
        bytes
    };
    let decoded = percent_decode(bytes);
    String::from_utf8_lossy(&decoded).into_owned()
}

/// §5.3 application/x-www-form-urlencoded string parser.
///
/// ```
/// let pairs = websyntax_url::form_urlencoded::parse_str("%C2%A2=%E2%80");
/// assert_eq!(pairs, vec![("¢".to_owned(), "\u{FFFD}".to_owned())]);
/// ```
pub fn parse_str(input: &str) -> Vec<(String, String)> {
    parse(input.as_bytes())
}

/// §5.2 application/x-www-form-urlencoded serializer (UTF-8).
///
/// ```
/// use websyntax_url::form_urlencoded::serialize;
/// assert_eq!(serialize([("a b", "c&d"), ("é", "~")]), "a+b=c%26d&%C3%A9=%7E");
/// ```
pub fn serialize<I, N, V>(tuples: I) -> String
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    serialize_with_encoding(tuples, Encoding::UTF_8)
}

/// §5.2 serializer with an encoding. Step 1, "get an output encoding", is applied: UTF-16BE,
/// UTF-16LE and replacement serialize as UTF-8.
///
/// ```
/// use websyntax_url::{form_urlencoded::serialize_with_encoding, Encoding};
/// let enc = Encoding::for_label("windows-1252").unwrap();
/// assert_eq!(serialize_with_encoding([("ö", "€")], enc), "%F6=%80");
/// // A code point windows-1252 cannot encode becomes a percent-encoded `&#N;`.
/// assert_eq!(serialize_with_encoding([("a", "✓")], enc), "a=%26%2310003%3B");
/// // UTF-16LE's output encoding is UTF-8.
/// assert_eq!(serialize_with_encoding([("ö", "")], Encoding::UTF_16LE), "%C3%B6=");
/// ```
pub fn serialize_with_encoding<I, N, V>(tuples: I, encoding: Encoding) -> String
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    // 1. Set encoding to the result of getting an output encoding from encoding.
    let encoding = encoding.output_encoding();
    let mut output = String::new();
    for (name, value) in tuples {
        if !output.is_empty() {
            output.push('&');
        }
        percent_encode_after_encoding(&mut output, name.as_ref(), encoding, FORM_URLENCODED, true);
        output.push('=');
        percent_encode_after_encoding(&mut output, value.as_ref(), encoding, FORM_URLENCODED, true);
    }
    output
}
