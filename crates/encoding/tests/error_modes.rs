//! Error modes for all 40 encodings: decoders in `replacement` and `fatal` mode agree on what
//! is malformed, fatal errors point at the right byte, and encoders in `html` and `fatal` mode
//! treat unmappable code points as [29] says.

use websyntax_encoding::{
    BomHandling, DecodeErrorMode, Decoder, EncodeError, EncodeErrorMode, Encoding, decode,
    decode_or_fail, encode,
};

fn one_shot(
    enc: Encoding,
    mode: DecodeErrorMode,
    input: &[u8],
) -> Result<String, websyntax_encoding::DecodeError> {
    Decoder::new(enc, mode, BomHandling::Keep).decode(input, false)
}

/// Checks replacement vs fatal on one input; returns whether it was malformed.
fn check(enc: Encoding, input: &[u8]) -> bool {
    let replaced =
        one_shot(enc, DecodeErrorMode::Replacement, input).expect("replacement never fails");
    let (_, had_errors) = enc.as_encoding_rs().decode_without_bom_handling(input);
    match one_shot(enc, DecodeErrorMode::Fatal, input) {
        Ok(text) => {
            assert!(!had_errors, "{enc}: fatal accepted {input:02X?}");
            assert_eq!(text, replaced, "{enc} {input:02X?}");
            false
        }
        Err(err) => {
            assert!(had_errors, "{enc}: fatal rejected {input:02X?}");
            assert!(replaced.contains('\u{FFFD}'), "{enc} {input:02X?}");
            assert_eq!(err.encoding, enc);
            let offset = usize::try_from(err.offset).unwrap();
            assert!(
                offset < input.len().max(1),
                "{enc} {input:02X?}: offset {offset}"
            );
            assert!((1..=4).contains(&err.length));
            // Everything before the offset decodes (as the prefix of a stream) without error.
            let mut d = Decoder::new(enc, DecodeErrorMode::Fatal, BomHandling::Keep);
            assert!(
                d.decode(&input[..offset], true).is_ok(),
                "{enc} {input:02X?} @{offset}"
            );
            true
        }
    }
}

#[test]
fn decoders_replacement_and_fatal_agree_for_all_encodings() {
    let mut malformed_total = 0usize;
    for enc in Encoding::ALL {
        let prefix: &[u8] = if enc == Encoding::UTF_16BE {
            b"\0a"
        } else if enc == Encoding::UTF_16LE {
            b"a\0"
        } else {
            b"a"
        };
        let mut malformed = 0usize;
        for b in 0..=255u8 {
            let mut input = prefix.to_vec();
            input.push(b);
            malformed += usize::from(check(enc, &input));
            input.extend_from_slice(prefix);
            malformed += usize::from(check(enc, &input));
        }
        let multi_byte = [
            Encoding::UTF_8,
            Encoding::GBK,
            Encoding::GB18030,
            Encoding::BIG5,
            Encoding::EUC_JP,
            Encoding::ISO_2022_JP,
            Encoding::SHIFT_JIS,
            Encoding::EUC_KR,
            Encoding::UTF_16BE,
            Encoding::UTF_16LE,
        ];
        if multi_byte.contains(&enc) {
            for b1 in 0x80..=0xFFu8 {
                for b2 in 0..=0xFFu8 {
                    let mut input = prefix.to_vec();
                    input.extend_from_slice(&[b1, b2]);
                    input.extend_from_slice(prefix);
                    malformed += usize::from(check(enc, &input));
                }
            }
        }
        // Fully mapped single-byte encodings have no malformed input at all; the others must.
        let fully_mapped = malformed == 0;
        if fully_mapped {
            let all: Vec<u8> = (0..=255).collect();
            assert_eq!(
                one_shot(enc, DecodeErrorMode::Fatal, &all)
                    .unwrap()
                    .chars()
                    .count(),
                256,
                "{enc}"
            );
        }
        malformed_total += malformed;
    }
    assert!(malformed_total > 0);
}

#[test]
fn fatal_offsets_point_at_the_malformed_sequence() {
    let cases: [(Encoding, &[u8], u64); 12] = [
        (Encoding::UTF_8, b"ab\xC3(", 2),
        (Encoding::UTF_8, b"ab\xE2\x82", 2),
        (Encoding::UTF_16LE, b"a\0\x00\xDCb\0", 2),
        (Encoding::UTF_16BE, b"\0a\xD8\x00\0b", 2),
        (Encoding::UTF_16BE, b"\0a\0", 2),
        (Encoding::SHIFT_JIS, b"xyz\xA0", 3),
        (Encoding::EUC_KR, b"xy\xFF", 2),
        (Encoding::BIG5, b"x\x81\x20", 1),
        (Encoding::GB18030, b"x\x81\x30\x81\x20", 1),
        (Encoding::ISO_2022_JP, b"x\x0Ey", 1),
        (Encoding::REPLACEMENT, b"xyz", 0),
        (Encoding::ISO_8859_3, b"xy\xA5", 2),
    ];
    for (enc, input, offset) in cases {
        let err = one_shot(enc, DecodeErrorMode::Fatal, input).unwrap_err();
        assert_eq!(err.offset, offset, "{enc} {input:02X?}");
        let err = decode_or_fail(input, enc).unwrap_err();
        assert_eq!(err.offset, offset, "{enc} {input:02X?}");
        assert!(decode(input, enc).had_errors);
    }
}

#[test]
fn replacement_encoding_decodes_to_one_fffd() {
    assert_eq!(
        one_shot(Encoding::REPLACEMENT, DecodeErrorMode::Replacement, b"abc").unwrap(),
        "\u{FFFD}"
    );
    assert_eq!(
        one_shot(Encoding::REPLACEMENT, DecodeErrorMode::Replacement, b"").unwrap(),
        ""
    );
    assert_eq!(
        one_shot(Encoding::REPLACEMENT, DecodeErrorMode::Fatal, b"").unwrap(),
        ""
    );
}

#[test]
fn encoders_html_and_fatal_for_all_encodings() {
    let mut checked = 0;
    for enc in Encoding::ALL {
        if !enc.has_encoder() {
            for mode in [EncodeErrorMode::Html, EncodeErrorMode::Fatal] {
                assert_eq!(
                    encode("a", enc, mode),
                    Err(EncodeError::NoEncoder { encoding: enc })
                );
            }
            continue;
        }
        checked += 1;
        if enc == Encoding::UTF_8 {
            let s = "a💩\u{E5E5}z";
            assert_eq!(
                encode(s, enc, EncodeErrorMode::Fatal).unwrap(),
                s.as_bytes()
            );
            assert_eq!(encode(s, enc, EncodeErrorMode::Html).unwrap(), s.as_bytes());
            continue;
        }
        // gb18030 encodes every scalar value except U+E5E5; every other legacy encoder lacks 💩.
        let (bad, ncr) = if enc == Encoding::GB18030 {
            ('\u{E5E5}', "&#58853;")
        } else {
            ('💩', "&#128169;")
        };
        let input = format!("aé{bad}z{bad}");
        let html = encode(&input, enc, EncodeErrorMode::Html).unwrap();
        let ncr_bytes = ncr.as_bytes();
        let count = html
            .windows(ncr_bytes.len())
            .filter(|w| *w == ncr_bytes)
            .count();
        assert_eq!(count, 2, "{enc}: {html:02X?}");
        assert!(html.starts_with(b"a"), "{enc}");
        assert!(html.ends_with(ncr_bytes), "{enc}");
        // Decoding the html-mode output gives the input with the references in place.
        let back = decode(&html, enc).text.into_owned();
        let e_acute_ok = encode("é", enc, EncodeErrorMode::Fatal).is_ok();
        let expected_e = if e_acute_ok { "é" } else { "&#233;" };
        assert_eq!(back, format!("a{expected_e}{ncr}z{ncr}"), "{enc}");
        // Fatal: the first unmappable code point, with its index and byte offset.
        let err = encode(&input, enc, EncodeErrorMode::Fatal).unwrap_err();
        let expected = if e_acute_ok {
            EncodeError::Unmappable {
                encoding: enc,
                code_point: bad,
                index: 2,
                byte_offset: 3,
            }
        } else {
            EncodeError::Unmappable {
                encoding: enc,
                code_point: 'é',
                index: 1,
                byte_offset: 1,
            }
        };
        assert_eq!(err, expected, "{enc}");
        assert!(err.to_string().contains(enc.name()));
    }
    assert_eq!(checked, 37);
}
