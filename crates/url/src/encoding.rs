//! §1.3 "percent-encode after encoding": the query encoding override.
//!
//! Legacy encodings come from `encoding_rs`; the "encode or fail" loop of the Encoding
//! Standard is run with `encode_from_utf8_without_replacement`, and each unmappable code point
//! becomes `%26%23N%3B` (the percent-encoded `&#N;`), as the URL Standard says.

use encoding_rs::{EncoderResult, Encoding, UTF_8};

use crate::percent_encoding::{PercentEncodeSet, encode_into, push_pct};

/// Looks up an encoding by label (Encoding Standard "get an encoding"), e.g. `"shift_jis"`,
/// `"latin1"`. The result can be given as the query encoding override.
///
/// ```
/// let enc = websyntax_url::encoding_for_label("latin1").unwrap();
/// assert_eq!(enc.name(), "windows-1252");
/// assert!(websyntax_url::encoding_for_label("nope").is_none());
/// ```
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    Encoding::for_label(label.as_bytes())
}

/// Appends "percent-encode after encoding" of `input` with `encoding` (already an output
/// encoding) and `set`; `space_as_plus` writes U+0020 as `+`.
pub(crate) fn percent_encode_after_encoding(
    out: &mut String,
    input: &str,
    encoding: &'static Encoding,
    set: &PercentEncodeSet,
    space_as_plus: bool,
) {
    if encoding == UTF_8 {
        if !space_as_plus {
            encode_into(out, input, set);
        } else {
            for &b in input.as_bytes() {
                push_encoded_byte(out, b, set, true);
            }
        }
        return;
    }
    let mut encoder = encoding.new_encoder();
    let mut buf = [0u8; 256];
    let mut rest = input;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        for &b in &buf[..written] {
            push_encoded_byte(out, b, set, space_as_plus);
        }
        rest = rest.get(read..).unwrap_or("");
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => continue,
            EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                out.push_str(&(c as u32).to_string());
                out.push_str("%3B");
            }
        }
    }
}

#[inline]
fn push_encoded_byte(out: &mut String, b: u8, set: &PercentEncodeSet, space_as_plus: bool) {
    if space_as_plus && b == b' ' {
        out.push('+');
    } else if set.contains(b) || b >= 0x80 {
        push_pct(out, b);
    } else {
        out.push(b as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::percent_encoding::USERINFO;

    fn enc(label: &str, input: &str, plus: bool) -> String {
        let mut s = String::new();
        let e = encoding_for_label(label).unwrap().output_encoding();
        percent_encode_after_encoding(&mut s, input, e, USERINFO, plus);
        s
    }

    #[test]
    fn spec_examples() {
        assert_eq!(enc("shift_jis", " ", false), "%20");
        assert_eq!(enc("shift_jis", "≡", false), "%81%DF");
        assert_eq!(enc("shift_jis", "‽", false), "%26%238253%3B");
        // The spec's table shows `%1B(J\%1B(B` here, but 0x5C is in the userinfo set, so the
        // algorithm itself gives `%5C`.
        assert_eq!(enc("iso-2022-jp", "¥", false), "%1B(J%5C%1B(B");
        assert_eq!(
            enc("shift_jis", "1+1 ≡ 2%20‽", true),
            "1+1+%81%DF+2%20%26%238253%3B"
        );
    }
}
