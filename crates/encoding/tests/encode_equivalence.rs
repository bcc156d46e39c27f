//! "encode" in html mode gives exactly encoding_rs's own HTML-replacement encoding (which
//! writes unencodable characters as decimal character references), for every encoding with an
//! encoder and arbitrary text, in one shot and in chunks.

use proptest::prelude::*;
use websyntax_encoding::{EncodeErrorMode, Encoder, Encoding, encode};

const LABELS: &[&str] = &[
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
];

fn text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just('a'),
            Just('é'),
            Just('€'),
            Just('あ'),
            Just('中'),
            Just('\u{1F600}'),
            Just('\u{FFFD}'),
            Just('\u{1B}'),
            any::<char>(),
        ],
        0..200,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #[test]
    fn html_mode_matches_encoding_rs(s in text(), label in 0..LABELS.len(), split in 0usize..200) {
        let enc = Encoding::for_label(LABELS[label]).unwrap();
        let (expected, _, _) = enc.as_encoding_rs().encode(&s);
        let got = encode(&s, enc, EncodeErrorMode::Html).unwrap();
        prop_assert_eq!(&got[..], &expected[..]);
        // Chunked at a character boundary.
        let at = s.char_indices().map(|(i, _)| i).nth(split).unwrap_or(s.len());
        let mut e = Encoder::new(enc, EncodeErrorMode::Html).unwrap();
        let mut out = Vec::new();
        e.encode_to_vec(&s[..at], false, &mut out).unwrap();
        e.encode_to_vec(&s[at..], true, &mut out).unwrap();
        prop_assert_eq!(&out[..], &expected[..]);
    }
}

#[test]
fn many_unencodable_characters() {
    let s = "\u{1F600}".repeat(200_000);
    let out = encode(&s, Encoding::WINDOWS_1252, EncodeErrorMode::Html).unwrap();
    assert_eq!(out, "&#128512;".repeat(200_000).as_bytes());
}

proptest! {
    /// Reporting decode errors changes nothing in the text (it goes through another buffer).
    #[test]
    fn reporting_decode_matches_replacement(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        label in 0..LABELS.len(),
    ) {
        let enc = Encoding::for_label(LABELS[label]).unwrap();
        let mut d = websyntax_encoding::Decoder::text_decoder(enc, false, false);
        let plain = d.decode(&bytes, false).unwrap();
        let mut d = websyntax_encoding::Decoder::text_decoder(enc, false, false);
        let (mut text, mut errors) = (String::new(), Vec::new());
        d.decode_to_string_reporting(&bytes, false, &mut text, &mut errors);
        prop_assert_eq!(text, plain);
    }
}

#[test]
fn many_decode_errors() {
    let bytes = vec![0xFFu8; 300_000];
    let mut d = websyntax_encoding::Decoder::text_decoder(Encoding::UTF_8, false, false);
    let (mut text, mut errors) = (String::new(), Vec::new());
    d.decode_to_string_reporting(&bytes, false, &mut text, &mut errors);
    assert_eq!(errors.len(), 300_000);
    assert_eq!(text, "\u{FFFD}".repeat(300_000));
}
