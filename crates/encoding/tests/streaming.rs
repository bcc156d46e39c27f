//! Property tests: for every one of the 40 encodings, input split at arbitrary points decodes
//! exactly as in one shot (text, or the fatal error with its offset), in every error mode and
//! BOM handling; and for every one of the 37 encoders, text split at arbitrary code point
//! boundaries encodes exactly as in one shot.

use proptest::prelude::*;
use proptest::sample::Index;
use websyntax_encoding::{
    BomHandling, DecodeError, DecodeErrorMode, Decoder, EncodeError, EncodeErrorMode, Encoder,
    Encoding, decode, decode_or_fail, encode, utf8_decode_without_bom_or_fail,
};

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => any::<char>(),
        2 => prop::char::range('\0', '\u{7F}'),
        1 => prop::char::range('\u{80}', '\u{FF}'),
        2 => prop::sample::select(vec![
            '\u{1B}', '\u{0E}', '\u{0F}', '~', '\\', '¥', '‾', '€', 'あ', 'ア', 'ｱ', '一', '가',
            'Ж', 'ß', '💩', '\u{E5E5}', '\u{FFFD}', '\u{FEFF}', '\u{F780}', '𠀋', '−', '～',
        ]),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(interesting_char(), 0..24).prop_map(|v| v.into_iter().collect())
}

/// Bytes that exercise `enc`'s decoder: its own encoding of `text` (so multi-byte sequences
/// and ISO-2022-JP escapes occur), with `noise` bytes spliced in, optionally after a BOM.
fn input_for(enc: Encoding, text: &str, noise: &[(Index, u8)], bom: u8) -> Vec<u8> {
    let mut bytes = if enc == Encoding::UTF_16LE {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    } else if enc == Encoding::UTF_16BE {
        text.encode_utf16().flat_map(u16::to_be_bytes).collect()
    } else {
        encode(text, enc.output_encoding(), EncodeErrorMode::Html).unwrap()
    };
    for (at, b) in noise {
        let i = at.index(bytes.len() + 1);
        bytes.insert(i, *b);
    }
    let bom: &[u8] = match bom % 5 {
        0 => b"\xEF\xBB\xBF",
        1 => b"\xFE\xFF",
        2 => b"\xFF\xFE",
        _ => b"",
    };
    let mut out = bom.to_vec();
    out.extend(bytes);
    out
}

fn cut_points(len: usize, cuts: &[Index]) -> Vec<usize> {
    let mut points: Vec<usize> = cuts.iter().map(|c| c.index(len + 1)).collect();
    points.sort_unstable();
    points
}

fn decode_chunked(d: &mut Decoder, input: &[u8], points: &[usize]) -> Result<String, DecodeError> {
    let mut out = String::new();
    let mut start = 0;
    for &p in points {
        d.decode_to_string(&input[start..p], true, &mut out)?;
        start = p;
    }
    d.decode_to_string(&input[start..], false, &mut out)?;
    Ok(out)
}

fn encode_chunked(e: &mut Encoder, text: &str, points: &[usize]) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    let mut start = 0;
    for &p in points {
        e.encode_to_vec(&text[start..p], false, &mut out)?;
        start = p;
    }
    e.encode_to_vec(&text[start..], true, &mut out)?;
    Ok(out)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn decoding_is_chunk_invariant_for_all_40_encodings(
        text in text(),
        noise in prop::collection::vec((any::<Index>(), any::<u8>()), 0..4),
        bom in any::<u8>(),
        cuts in prop::collection::vec(any::<Index>(), 0..8),
    ) {
        for enc in Encoding::ALL {
            let input = input_for(enc, &text, &noise, bom);
            let points = cut_points(input.len(), &cuts);
            for bom_handling in [BomHandling::Remove, BomHandling::Keep, BomHandling::Sniff] {
                for mode in [DecodeErrorMode::Replacement, DecodeErrorMode::Fatal] {
                    let mut d = Decoder::new(enc, mode, bom_handling);
                    let one = d.decode(&input, false);
                    let chunked = decode_chunked(&mut d, &input, &points);
                    prop_assert_eq!(&chunked, &one, "{} {:?} {:?} {:02X?} cut at {:?}", enc, mode, bom_handling, input, points);
                    // Chunk at every single byte, too.
                    let every: Vec<usize> = (1..input.len()).collect();
                    prop_assert_eq!(&decode_chunked(&mut d, &input, &every), &one);
                    // The one-shot hooks agree with the streaming decoder.
                    if bom_handling == BomHandling::Sniff {
                        match mode {
                            DecodeErrorMode::Replacement => {
                                prop_assert_eq!(Ok(decode(&input, enc).text.into_owned()), one);
                            }
                            DecodeErrorMode::Fatal => {
                                prop_assert_eq!(decode_or_fail(&input, enc).map(|d| d.text.into_owned()), one);
                            }
                        }
                    } else if bom_handling == BomHandling::Keep && enc == Encoding::UTF_8 && mode == DecodeErrorMode::Fatal {
                        prop_assert_eq!(utf8_decode_without_bom_or_fail(&input).map(str::to_owned), one);
                    }
                }
            }
        }
    }

    #[test]
    fn encoding_is_chunk_invariant_for_all_37_encoders(
        text in text(),
        cuts in prop::collection::vec(any::<Index>(), 0..8),
    ) {
        let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
        let mut points: Vec<usize> = cuts.iter().map(|c| *c.get(&boundaries)).collect();
        points.sort_unstable();
        for enc in Encoding::ALL.into_iter().filter(|e| e.has_encoder()) {
            for mode in [EncodeErrorMode::Html, EncodeErrorMode::Fatal] {
                let one = encode(&text, enc, mode);
                let mut e = Encoder::new(enc, mode).unwrap();
                prop_assert_eq!(&encode_chunked(&mut e, &text, &points), &one, "{} {:?} {:?} cut at {:?}", enc, mode, text, points);
                let every: Vec<usize> = boundaries[..boundaries.len() - 1].iter().copied().skip(1).collect();
                prop_assert_eq!(&encode_chunked(&mut e, &text, &every), &one);
                if mode == EncodeErrorMode::Fatal
                    && let Ok(bytes) = &one
                {
                    // Nothing unmappable: html mode gives the same bytes, which decode without
                    // error (not necessarily to the same text: e.g. ¥ encodes to 0x5C in EUC-JP).
                    let html = encode(&text, enc, EncodeErrorMode::Html);
                    prop_assert_eq!(html.as_ref().ok(), Some(bytes));
                    let back = Decoder::new(enc, DecodeErrorMode::Fatal, BomHandling::Keep)
                        .decode(bytes, false);
                    prop_assert!(back.is_ok(), "{}", enc);
                }
            }
        }
    }
}
