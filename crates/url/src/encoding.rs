//! §1.3 "percent-encode after encoding": the query encoding override.
//!
//! The encoding is a [`websyntax_encoding::Encoding`] (re-exported as [`crate::Encoding`]).
//! The URL Standard runs the Encoding Standard's "encode or fail" in a loop and, for each code
//! point the encoder cannot map, appends the *already percent-encoded* `%26%23N%3B` to the
//! output and carries on with the same encoder. That is not "encode with error mode html"
//! followed by percent-encoding: html mode yields the bytes `&#N;`, which the query
//! percent-encode sets would write as `&%23N;` (WPT's `percent-encoding.json` expects
//! `%26%238224%3B` for U+2020 in Big5). `websyntax-encoding` offers "encode" (html, fatal)
//! but no resumable "encode or fail" (its fatal mode stops and resets the encoder), so this
//! module drives the encoder of [`Encoding::as_encoding_rs`] directly, with
//! `encode_from_utf8_without_replacement`, which is exactly "encode or fail".

use encoding_rs::EncoderResult;
use websyntax_encoding::Encoding;

use crate::percent_encoding::{PercentEncodeSet, encode_into, push_pct};

/// Appends "percent-encode after encoding" of `input` with `encoding` (already an output
/// encoding: callers apply "get an output encoding" first, as the spec's callers do) and
/// `set`; `space_as_plus` writes U+0020 as `+`.
pub(crate) fn percent_encode_after_encoding(
    out: &mut String,
    input: &str,
    encoding: Encoding,
    set: &PercentEncodeSet,
    space_as_plus: bool,
) {
    // UTF-8 fast path: the UTF-8 encoder maps every scalar value and the input already is its
    // UTF-8 encoding, so the bytes are percent-encoded in place (no intermediate buffer).
    if encoding == Encoding::UTF_8 {
        if !space_as_plus {
            encode_into(out, input, set);
        } else {
            for &b in input.as_bytes() {
                push_encoded_byte(out, b, set, true);
            }
        }
        return;
    }
    // 1. Let encoder be the result of getting an encoder from encoding. (Every caller passes
    //    an output encoding, which always has an encoder.)
    let mut encoder = encoding.as_encoding_rs().new_encoder();
    let mut buf = [0u8; 256];
    let mut rest = input;
    // 5. While potentialError is non-null: run "encode or fail" ...
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        // 5.3 For each byte of encodeOutput: percent-encode it if it is in the set (or
        //     non-ASCII), else append its isomorph.
        for &b in buf.get(..written).unwrap_or(&[]) {
            push_encoded_byte(out, b, set, space_as_plus);
        }
        rest = rest.get(read..).unwrap_or("");
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => continue,
            // 5.4 If potentialError is non-null, append "%26%23", the code point in shortest
            //     decimal, and "%3B".
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
        let e = Encoding::for_label(label).unwrap().output_encoding();
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

    #[test]
    fn unmappable_is_percent_encoded_reference_not_html_mode() {
        // "%26%23N%3B" is appended as is; html mode + the query set would give "&%23N;".
        let mut s = String::new();
        percent_encode_after_encoding(
            &mut s,
            "\u{2020}",
            Encoding::BIG5,
            crate::percent_encoding::QUERY,
            false,
        );
        assert_eq!(s, "%26%238224%3B");
    }

    #[test]
    fn iso_2022_jp_returns_to_ascii_before_the_reference() {
        // Encoding Standard ISO-2022-JP encoder: an unmappable code point met in the jis0208
        // state first switches to ASCII (ESC ( B), then is reported.
        assert_eq!(
            enc("iso-2022-jp", "あ💩あ", false),
            "%1B$B$%22%1B(B%26%23128169%3B%1B$B$%22%1B(B"
        );
    }
}
