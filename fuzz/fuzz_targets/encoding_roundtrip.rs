#![no_main]
//! Encoding: "encode" in html mode equals encoding_rs's own HTML-replacement encoding for
//! every encoder (in one shot and in two chunks), and decoding while reporting errors gives
//! the same text as plain replacement decoding, with one error per U+FFFD the decoder wrote
//! for a malformed sequence at most.
use libfuzzer_sys::fuzz_target;
use websyntax::encoding::{Decoder, EncodeErrorMode, Encoder, Encoding, encode};

const LABELS: &[&str] = &[
    "utf-8",
    "windows-1252",
    "iso-8859-2",
    "koi8-r",
    "shift_jis",
    "euc-jp",
    "iso-2022-jp",
    "gbk",
    "gb18030",
    "big5",
    "euc-kr",
    "x-user-defined",
    "utf-16le",
    "utf-16be",
];

fuzz_target!(|data: &[u8]| {
    let [sel, split, rest @ ..] = data else {
        return;
    };
    let enc = Encoding::for_label(LABELS[usize::from(*sel) % LABELS.len()]).unwrap();
    // Decoding, with and without error reports.
    let mut d = Decoder::text_decoder(enc, false, false);
    let plain = d.decode(rest, false).unwrap();
    let mut d = Decoder::text_decoder(enc, false, false);
    let (mut text, mut errors) = (String::new(), Vec::new());
    d.decode_to_string_reporting(rest, false, &mut text, &mut errors);
    assert_eq!(text, plain);
    assert!(errors.len() <= text.matches('\u{FFFD}').count());
    // Encoding the decoded text.
    if !enc.has_encoder() || enc == Encoding::UTF_8 {
        return;
    }
    let (expected, _, _) = enc.as_encoding_rs().encode(&text);
    let got = encode(&text, enc, EncodeErrorMode::Html).unwrap();
    assert_eq!(&got[..], &expected[..]);
    let at = text
        .char_indices()
        .map(|(i, _)| i)
        .nth(usize::from(*split))
        .unwrap_or(text.len());
    let mut e = Encoder::new(enc, EncodeErrorMode::Html).unwrap();
    let mut out = Vec::new();
    e.encode_to_vec(&text[..at], false, &mut out).unwrap();
    e.encode_to_vec(&text[at..], true, &mut out).unwrap();
    assert_eq!(&out[..], &expected[..]);
});
