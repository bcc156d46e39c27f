//! The input byte stream (§13.2.3) through the full parser: html5lib-tests `encoding/*.dat`
//! (the declaration beyond the prescan window found by the tree builder's `<meta>` handling
//! and "change the encoding"), the spec's corner cases, decoding errors, the legacy corpus
//! (skipped when `../shared` is absent), and chunk invariance.

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use std::path::{Path, PathBuf};

use websyntax_encoding::Encoding;
use websyntax_html::input_stream::{
    ChangeOutcome, DocumentParser, DocumentParserOptions, ParsedDocument, parse_document_bytes,
};
use websyntax_html::sniff::{Confidence, Reason};

mod encoding_support;
use encoding_support::{EXCLUDED, HTML5LIB, cases};

fn parse(bytes: &[u8]) -> ParsedDocument {
    parse_document_bytes(bytes, DocumentParserOptions::spec())
}

fn text_of(parsed: &ParsedDocument, element: &str) -> String {
    let doc = &parsed.document;
    doc.text_content(doc.find_element(element).expect("element"))
}

#[test]
fn html5lib_encoding_tests_full_pipeline() {
    let files = [
        "tests1.dat",
        "tests2.dat",
        "test-yahoo-jp.dat",
        "scripted/tests1.dat",
    ];
    let (mut passed, mut by_meta, mut failed, mut excluded, mut total) = (0, 0, Vec::new(), 0, 0);
    for file in files {
        for (i, (data, label)) in cases(&Path::new(HTML5LIB).join(file))
            .into_iter()
            .enumerate()
        {
            total += 1;
            if EXCLUDED.iter().any(|(f, n, _)| *f == file && *n == i) {
                excluded += 1;
                continue;
            }
            let expected = Encoding::for_label(&label).expect("expected label is valid");
            // One shot, and byte by byte (the most chunked way).
            let one = parse(&data);
            let mut parser = DocumentParser::new(DocumentParserOptions::spec());
            for b in &data {
                parser.feed(std::slice::from_ref(b));
            }
            let bytewise = parser.finish();
            if one.encoding == expected && bytewise.encoding == expected {
                passed += 1;
                if one
                    .change
                    .is_some_and(|c| c.outcome != ChangeOutcome::SameEncoding)
                {
                    by_meta += 1;
                }
            } else {
                failed.push(format!(
                    "{file} #{i}: expected {expected}, got {} / byte by byte {} ({})",
                    one.encoding,
                    bytewise.encoding,
                    one.why()
                ));
            }
        }
    }
    report!(
        "html5lib encoding (full pipeline): {passed} passed, {} failed, {excluded} excluded \
         ({by_meta} changed by the tree builder's <meta> handling)",
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(total, 83);
    assert_eq!(passed, 82);
}

// --- The spec's corner cases (issue 5 acceptance) ---

/// `<!DOCTYPE html><title>` + `pad` ASCII bytes + `</title>` + `tail`.
fn padded(pad: usize, tail: &[u8]) -> Vec<u8> {
    let mut doc = b"<!DOCTYPE html><title>".to_vec();
    doc.resize(doc.len() + pad, b'x');
    doc.extend_from_slice(b"</title>");
    doc.extend_from_slice(tail);
    doc
}

#[test]
fn meta_charset_after_1024_bytes_changes_the_encoding() {
    // "日本" in Shift_JIS right after the meta: the whole document (less than one 16 KiB
    // piece of text) is decoded before the tokenizer meets the meta: restart.
    let doc = padded(2000, b"<meta charset=shift_jis><p>\x93\xfa\x96\x7b");
    let one = parse(&doc);
    assert_eq!(one.sniffed.reason, Reason::Default);
    assert_eq!(
        (one.encoding, one.confidence),
        (Encoding::SHIFT_JIS, Confidence::Certain)
    );
    let change = one.change.expect("a change");
    assert_eq!(
        (change.from, change.declared, change.outcome),
        (
            Encoding::WINDOWS_1252,
            Encoding::SHIFT_JIS,
            ChangeOutcome::Restarted
        )
    );
    assert_eq!(text_of(&one, "p"), "日本");
    // The restart gives exactly the document a parse with Shift_JIS certain gives.
    let certain = parse_document_bytes(
        &doc,
        DocumentParserOptions::spec().user_override(Encoding::SHIFT_JIS),
    );
    assert_eq!(certain.change, None);
    assert_same(&one, &certain);

    // After 16 KiB of spaces: when the first 16 KiB (a whole piece of text for the tokenizer,
    // all ASCII) are decoded, the tokenizer meets the meta and the decoder is switched on the
    // fly.
    let mut tail = b"<meta charset=shift_jis><p>".to_vec();
    tail.resize(tail.len() + 16 * 1024, b' ');
    tail.extend_from_slice(b"\x93\xfa\x96\x7b");
    let doc = padded(2000, &tail);
    let mut parser = DocumentParser::new(DocumentParserOptions::spec());
    parser.feed(&doc[..16 * 1024]);
    assert_eq!(parser.encoding(), Some(Encoding::SHIFT_JIS));
    parser.feed(&doc[16 * 1024..]);
    let streamed = parser.finish();
    assert_eq!(
        streamed.change.map(|c| c.outcome),
        Some(ChangeOutcome::SwitchedOnTheFly)
    );
    assert_eq!(text_of(&streamed, "p").trim_start(), "日本");
    let certain = parse_document_bytes(
        &doc,
        DocumentParserOptions::spec().user_override(Encoding::SHIFT_JIS),
    );
    assert_same(&streamed, &certain);
    assert_same(&streamed, &parse(&doc));
}

#[test]
fn restart_after_non_ascii_keeps_only_the_final_errors() {
    // windows-1252 decodes \x82 as U+201A; as UTF-8 it is malformed: the restart's decoding
    // errors and parse errors only are reported.
    let mut doc = padded(1100, b"\x82 <meta charset=utf-8><p>\xE2\x82\xAC</p><b>");
    doc.extend_from_slice(b"\0");
    let one = parse(&doc);
    assert_eq!(one.encoding, Encoding::UTF_8);
    assert_eq!(
        one.change.map(|c| c.outcome),
        Some(ChangeOutcome::Restarted)
    );
    assert_eq!(text_of(&one, "p"), "€");
    assert_eq!(one.decode_errors.len(), 1);
    assert_eq!(one.decode_errors[0].offset, 22 + 1100 + 8);
    assert_eq!(one.decode_errors[0].encoding, Encoding::UTF_8);
    let certain = parse_document_bytes(
        &doc,
        DocumentParserOptions::spec().transport_charset("utf-8"),
    );
    assert_same(&one, &certain);
    let codes: Vec<&str> = one.document.errors().iter().map(|e| e.code).collect();
    assert_eq!(
        codes,
        certain
            .document
            .errors()
            .iter()
            .map(|e| e.code)
            .collect::<Vec<_>>()
    );
}

#[test]
fn meta_inside_a_comment_is_ignored() {
    // Neither the prescan nor the tree builder sees a meta in a comment, within the window
    // or beyond it.
    for pad in [0, 2000] {
        let doc = padded(pad, b"<!-- <meta charset=shift_jis> --><p>\x93\xfa");
        let parsed = parse(&doc);
        assert_eq!(
            (parsed.encoding, parsed.confidence, parsed.sniffed.reason),
            (
                Encoding::WINDOWS_1252,
                Confidence::Tentative,
                Reason::Default
            ),
            "pad {pad}"
        );
        assert_eq!(parsed.change, None);
        assert_eq!(text_of(&parsed, "p"), "“ú");
        let comment_then_meta = padded(
            pad,
            b"<!-- <meta charset=shift_jis> --><meta charset=euc-kr><p>\xb0\xa1",
        );
        let parsed = parse(&comment_then_meta);
        assert_eq!(parsed.encoding, Encoding::EUC_KR, "pad {pad}");
        assert_eq!(text_of(&parsed, "p"), "가");
    }
}

#[test]
fn meta_charset_utf16_means_utf8() {
    for pad in [0, 2000] {
        for meta in [
            &b"<meta charset=utf-16>"[..],
            b"<meta charset=utf-16be>",
            b"<meta http-equiv=Content-Type content='text/html; charset=UTF-16LE'>",
        ] {
            let mut tail = meta.to_vec();
            tail.extend_from_slice(b"<p>\xE6\x97\xA5");
            let parsed = parse(&padded(pad, &tail));
            assert_eq!(
                (parsed.encoding, parsed.confidence),
                (Encoding::UTF_8, Confidence::Certain),
                "pad {pad}"
            );
            assert_eq!(text_of(&parsed, "p"), "日");
            if pad > 0 {
                let change = parsed.change.expect("changed");
                assert_eq!(change.to, Encoding::UTF_8);
                assert!(change.declared.is_unicode());
            }
        }
    }
    // Step 2: a document being decoded as UTF-16 ignores any declaration (here the UTF-16
    // `<?x` prescan rule makes it UTF-16LE, tentative).
    let utf16: Vec<u8> = "<?xml version='1.0'?><meta charset=shift_jis><p>日"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let parsed = parse(&utf16);
    assert_eq!(parsed.sniffed.reason, Reason::Utf16XmlDeclaration);
    assert_eq!(
        (parsed.encoding, parsed.confidence),
        (Encoding::UTF_16LE, Confidence::Certain)
    );
    assert_eq!(
        parsed.change.map(|c| c.outcome),
        Some(ChangeOutcome::IgnoredUtf16)
    );
    assert_eq!(text_of(&parsed, "p"), "日");
}

#[test]
fn x_user_defined_means_windows_1252() {
    for pad in [0, 2000] {
        let parsed = parse(&padded(pad, b"<meta charset=x-user-defined><p>\xE9\x80"));
        assert_eq!(
            (parsed.encoding, parsed.confidence),
            (Encoding::WINDOWS_1252, Confidence::Certain),
            "pad {pad}"
        );
        // Declared while parsing as windows-1252 (prescan or default): the same encoding.
        assert_eq!(
            parsed.change.map(|c| (c.declared, c.outcome)),
            Some((Encoding::X_USER_DEFINED, ChangeOutcome::SameEncoding))
        );
        assert_eq!(text_of(&parsed, "p"), "é€");
    }
    // From the transport layer, x-user-defined is used as is.
    let parsed = parse_document_bytes(
        b"<p>\xE9\x80",
        DocumentParserOptions::spec().transport_charset("x-user-defined"),
    );
    assert_eq!(parsed.encoding, Encoding::X_USER_DEFINED);
    assert_eq!(text_of(&parsed, "p"), "\u{F7E9}\u{F780}");
    // And a meta that asks x-user-defined while parsing as something else switches to
    // windows-1252.
    let parsed = parse_document_bytes(
        &padded(2000, b"<meta charset=x-user-defined><p>\xE9"),
        DocumentParserOptions::spec().default_encoding(Encoding::UTF_8),
    );
    assert_eq!(parsed.encoding, Encoding::WINDOWS_1252);
    assert_eq!(text_of(&parsed, "p"), "é");
}

#[test]
fn certain_confidence_ignores_meta() {
    let doc = padded(10, b"<meta charset=shift_jis><p>\xC3\xA9");
    for options in [
        DocumentParserOptions::spec().transport_charset("utf-8"),
        DocumentParserOptions::spec().user_override(Encoding::UTF_8),
    ] {
        let parsed = parse_document_bytes(&doc, options);
        assert_eq!(
            (parsed.encoding, parsed.confidence, parsed.change),
            (Encoding::UTF_8, Confidence::Certain, None)
        );
        assert_eq!(text_of(&parsed, "p"), "é");
    }
    // A BOM wins over everything, and is not part of the text.
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(&doc);
    let parsed = parse_document_bytes(&bom, DocumentParserOptions::spec().transport_charset("gbk"));
    assert_eq!(parsed.sniffed.reason, Reason::ByteOrderMark);
    assert_eq!(parsed.encoding, Encoding::UTF_8);
    assert_eq!(text_of(&parsed, "p"), "é");
    assert_eq!(text_of(&parsed, "title"), "xxxxxxxxxx");
}

#[test]
fn unknown_meta_label_is_skipped_and_the_next_one_counts() {
    let parsed = parse(&padded(
        2000,
        b"<meta charset=no-such><meta http-equiv=content-type content='text/html;charset=koi8-r'><p>\xF0",
    ));
    assert_eq!(parsed.encoding, Encoding::KOI8_R);
    assert_eq!(text_of(&parsed, "p"), "П");
    // Only the first declaration counts: the second asks in vain.
    let parsed = parse(&padded(
        2000,
        b"<meta charset=koi8-r><meta charset=gbk><p>\xF0",
    ));
    assert_eq!(parsed.encoding, Encoding::KOI8_R);
}

#[test]
fn meta_in_body_changes_the_encoding_too() {
    // "in body" processes <meta> with the "in head" rules.
    let parsed = parse(&padded(
        2000,
        b"<body><p>x</p><meta charset=euc-kr><p>\xb0\xa1",
    ));
    assert_eq!(parsed.encoding, Encoding::EUC_KR);
    assert!(
        parsed
            .document
            .to_test_tree(parsed.document.root())
            .contains("가")
    );
}

#[test]
fn decoding_errors_have_byte_offsets_into_the_input() {
    // Invalid UTF-8 after a BOM: the offset counts the BOM.
    let parsed = parse(b"\xEF\xBB\xBF<p>a\xFFb\xE6\x97</p>");
    let at: Vec<(u64, u8)> = parsed
        .decode_errors
        .iter()
        .map(|e| (e.offset, e.length))
        .collect();
    assert_eq!(at, [(7, 1), (9, 2)]);
    assert_eq!(text_of(&parsed, "p"), "a\u{FFFD}b\u{FFFD}");
    assert_eq!(
        parsed.decode_errors[0].to_string(),
        "invalid UTF-8 byte sequence (1 byte) at byte offset 7"
    );
    // Malformed Shift_JIS: a lead byte followed by an ASCII byte.
    let parsed = parse(b"<meta charset=shift_jis><p>\x82\xa0\x82 \xFF");
    let at: Vec<u64> = parsed.decode_errors.iter().map(|e| e.offset).collect();
    assert_eq!(at, [29, 31]);
    assert_eq!(text_of(&parsed, "p"), "あ\u{FFFD} \u{FFFD}");
    // Not collected when errors are not.
    let mut options = DocumentParserOptions::spec();
    options.parse.collect_errors = false;
    let parsed = parse_document_bytes(b"\xEF\xBB\xBF\xFF", options);
    assert!(parsed.decode_errors.is_empty() && parsed.document.errors().is_empty());
}

#[test]
fn waits_for_the_prescan_window() {
    let mut parser = DocumentParser::new(DocumentParserOptions::spec());
    parser.feed(b"<meta charset=gbk>");
    assert_eq!(parser.encoding(), None);
    parser.feed(&[b' '; 1024]);
    assert_eq!(parser.encoding(), Some(Encoding::GBK));
    // A transport charset needs only 3 bytes (a BOM could still override it).
    let mut parser = DocumentParser::new(DocumentParserOptions::spec().transport_charset("big5"));
    parser.feed(b"<p");
    assert_eq!(parser.encoding(), None);
    parser.feed(b">");
    assert_eq!(parser.encoding(), Some(Encoding::BIG5));
    // No waiting and no prescan: a BOM is still seen by the sniffing algorithm.
    let mut options = DocumentParserOptions {
        wait_for: 0,
        ..DocumentParserOptions::spec()
    };
    options.sniff.prescan_limit = 0;
    let mut parser = DocumentParser::new(options);
    for b in b"\xEF\xBB\xBF<p>\xC3\xA9" {
        parser.feed(std::slice::from_ref(b));
    }
    let parsed = parser.finish();
    assert_eq!(
        (parsed.encoding, parsed.sniffed.reason),
        (Encoding::UTF_8, Reason::ByteOrderMark)
    );
    assert_eq!(text_of(&parsed, "p"), "é");
    // Empty input.
    let parsed = parse(b"");
    assert_eq!(parsed.encoding, Encoding::WINDOWS_1252);
    assert_eq!(
        parsed.document.to_test_tree(parsed.document.root()),
        "| <html>\n|   <head>\n|   <body>"
    );
}

// --- The legacy corpus (not vendored) through the full pipeline ---

fn corpus_root() -> Option<PathBuf> {
    let root = match std::env::var_os("WEBSYNTAX_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    root.join("html-legacy/MANIFEST.tsv")
        .is_file()
        .then_some(root)
}

#[test]
fn legacy_corpus_declared_files_parse_in_their_true_encoding() {
    let Some(root) = corpus_root() else {
        report!("legacy corpus (full pipeline): skipped (no ../shared/corpus/html-legacy)");
        return;
    };
    let dir = root.join("html-legacy");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    for subset in ["real/", "derived-wikipedia-mars/"] {
        let (mut passed, mut failed) = (0, Vec::new());
        for line in manifest.lines().skip(1) {
            let cols: Vec<&str> = line.split('\t').collect();
            let (Some(path), Some(truth), Some(declared)) =
                (cols.first(), cols.get(1), cols.get(2))
            else {
                continue;
            };
            if !path.starts_with(subset) {
                continue;
            }
            let bytes = std::fs::read(dir.join(path)).expect("corpus file");
            if *declared == "none" && websyntax_encoding::bom_sniff(&bytes).is_none() {
                continue;
            }
            let truth = Encoding::for_label(truth).expect("true encoding is a WHATWG name");
            let parsed = parse(&bytes);
            if parsed.encoding == truth {
                passed += 1;
            } else {
                failed.push(format!(
                    "{path}: want {truth}, got {} ({})",
                    parsed.encoding,
                    parsed.why()
                ));
            }
        }
        report!(
            "legacy corpus {subset} (declared, full pipeline): {passed} passed, {} failed, 0 excluded",
            failed.len()
        );
        assert!(failed.is_empty(), "{failed:#?}");
        assert!(passed > 0);
    }
}

// --- Chunk invariance ---

/// Everything that must not depend on chunking.
fn assert_same(a: &ParsedDocument, b: &ParsedDocument) {
    assert_eq!(
        a.document.to_test_tree(a.document.root()),
        b.document.to_test_tree(b.document.root())
    );
    assert_eq!(a.encoding, b.encoding);
    assert_eq!(a.document.errors(), b.document.errors());
    assert_eq!(a.decode_errors, b.decode_errors);
}

mod chunking {
    use super::*;
    use proptest::prelude::*;

    /// A document, the byte range of a `<meta>` in it (maybe empty), and the index of a byte
    /// inside a multi-byte character (maybe 0).
    fn document() -> impl Strategy<Value = (Vec<u8>, (usize, usize), usize)> {
        let pad = prop_oneof![
            0usize..40,
            1000usize..1100,
            1900usize..2100,
            16300usize..16500
        ];
        let pad_byte = prop_oneof![Just(b'x'), Just(b'\xE9'), Just(b'\r'), Just(b'\n')];
        let meta = prop_oneof![
            Just(&b""[..]),
            Just(&b"<meta charset=shift_jis>"[..]),
            Just(&b"<meta charset=utf-8>"[..]),
            Just(&b"<meta charset=utf-16le>"[..]),
            Just(&b"<meta charset=x-user-defined>"[..]),
            Just(&b"<meta charset=windows-1252>"[..]),
            Just(&b"<META HTTP-EQUIV=content-type content='text/html;charset=euc-jp'>"[..]),
            Just(&b"<!-- <meta charset=gbk> -->"[..]),
        ];
        let body = prop_oneof![
            Just(&b"\x93\xfa\x96\x7b\x82"[..]),         // Shift_JIS, truncated
            Just(&b"\xE6\x97\xA5\xE6\x9C\xAC\xFF"[..]), // UTF-8, one bad byte
            Just(&b"\xA4\xA2\x8E"[..]),                 // EUC-JP, truncated
            Just(&b"caf\xE9 \r\n&amp;\0"[..]),
        ];
        let bom = prop_oneof![Just(&b""[..]), Just(&b""[..]), Just(&b"\xEF\xBB\xBF"[..])];
        (bom, pad, pad_byte, meta, body).prop_map(|(bom, pad, pad_byte, meta, body)| {
            let mut doc = bom.to_vec();
            doc.extend_from_slice(b"<!DOCTYPE html><title>");
            doc.resize(doc.len() + pad, pad_byte);
            doc.extend_from_slice(b"</title>");
            let meta_at = doc.len();
            doc.extend_from_slice(meta);
            let meta_range = (meta_at, doc.len());
            doc.extend_from_slice(b"<p>");
            let multibyte = doc.len() + 1;
            doc.extend_from_slice(body);
            doc.extend_from_slice(body);
            (doc, meta_range, multibyte)
        })
    }

    fn chunked(doc: &[u8], splits: &[usize]) -> ParsedDocument {
        let mut at: Vec<usize> = splits.iter().map(|&s| s.min(doc.len())).collect();
        at.sort_unstable();
        let mut parser = DocumentParser::new(DocumentParserOptions::spec());
        let mut prev = 0;
        for s in at {
            parser.feed(&doc[prev..s]);
            prev = s;
        }
        parser.feed(&doc[prev..]);
        parser.finish()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn same_result_for_every_chunking(
            (doc, (meta_start, meta_end), multibyte) in document(),
            random in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
            in_meta in any::<prop::sample::Index>(),
        ) {
            let one = parse(&doc);
            let mut splits: Vec<usize> = random.iter().map(|i| i.index(doc.len() + 1)).collect();
            // One split inside a multi-byte character, one inside the <meta>.
            splits.push(multibyte);
            if meta_end > meta_start + 1 {
                splits.push(meta_start + 1 + in_meta.index(meta_end - meta_start - 1));
            }
            let streamed = chunked(&doc, &splits);
            assert_same(&one, &streamed);
            prop_assert_eq!(one.confidence, streamed.confidence);
            prop_assert_eq!(one.sniffed, streamed.sniffed);
            prop_assert_eq!(one.change.map(|c| (c.from, c.declared, c.to)),
                            streamed.change.map(|c| (c.from, c.declared, c.to)));
            // A restart or switch gives what a parse with that encoding, certain, gives.
            if let Some(change) = one.change.filter(|c| matches!(
                c.outcome, ChangeOutcome::Restarted | ChangeOutcome::SwitchedOnTheFly))
            {
                let certain = parse_document_bytes(
                    &doc,
                    DocumentParserOptions::spec().user_override(change.to),
                );
                assert_same(&one, &certain);
            }
        }
    }

    /// Markup-like random bytes: metas with assorted labels, BOMs, comments, bytes.
    fn markupish() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"<meta charset=".to_vec()),
            Just(b"<meta http-equiv=content-type content='charset=".to_vec()),
            Just(b"shift_jis>".to_vec()),
            Just(b"utf-8>".to_vec()),
            Just(b"utf-16be'>".to_vec()),
            Just(b"iso-2022-jp>".to_vec()),
            Just(b"x-user-defined>".to_vec()),
            Just(b"<!--".to_vec()),
            Just(b"-->".to_vec()),
            Just(b"<p>".to_vec()),
            Just(b"\xEF\xBB\xBF".to_vec()),
            Just(b"\x1b$B".to_vec()),
            Just(vec![b'a'; 300]),
            prop::collection::vec(any::<u8>(), 0..12),
        ];
        prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
    }

    proptest! {
        // Default config: `PROPTEST_CASES` raises the count for long runs.
        #[test]
        fn arbitrary_bytes_never_panic_and_chunk_invariant(
            doc in markupish(),
            random in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
            wait_for in prop_oneof![Just(1024usize), 0usize..64],
        ) {
            let options = DocumentParserOptions { wait_for, ..DocumentParserOptions::spec() };
            let one = parse_document_bytes(&doc, options.clone());
            let mut at: Vec<usize> = random.iter().map(|i| i.index(doc.len() + 1)).collect();
            at.sort_unstable();
            let mut parser = DocumentParser::new(options);
            let mut prev = 0;
            for s in at {
                parser.feed(&doc[prev..s]);
                prev = s;
            }
            parser.feed(&doc[prev..]);
            let streamed = parser.finish();
            assert_same(&one, &streamed);
            prop_assert_eq!(one.confidence, streamed.confidence);
        }
    }

    #[test]
    fn on_the_fly_and_restart_agree() {
        // The meta is in the first 16 KiB piece of text, all ASCII up to byte 16400, then
        // Shift_JIS. Byte by byte (or at once), the tokenizer meets the meta once 16384 bytes
        // are decoded, all ASCII: switched on the fly. Fed as 1100 bytes (sniffed and parsed at
        // once) and the rest, the second chunk's first piece ends at byte 17484, past the
        // non-ASCII bytes: restart.
        // Same document.
        let mut tail = b"<meta charset=shift_jis><p>".to_vec();
        tail.resize(16400 - 1530, b' ');
        tail.extend_from_slice(b"\x93\xfa\x96\x7b");
        let doc = padded(1500, &tail);
        assert_eq!(&doc[16400..16402], b"\x93\xfa");
        let splits: Vec<usize> = (1..doc.len()).collect();
        let bytewise = chunked(&doc, &splits);
        let two = chunked(&doc, &[1100]);
        let one = parse(&doc);
        assert_eq!(
            bytewise.change.map(|c| c.outcome),
            Some(ChangeOutcome::SwitchedOnTheFly)
        );
        assert_eq!(
            two.change.map(|c| c.outcome),
            Some(ChangeOutcome::Restarted)
        );
        assert_same(&one, &bytewise);
        assert_same(&one, &two);
        assert_eq!(text_of(&one, "p").trim_start(), "日本");
    }
}

/// `parse_document_bytes` reads its input in place (no copy kept for a restart); it must give
/// what `DocumentParser` gives when fed the same bytes at once, or in chunks: the same tree,
/// encoding, confidence, change, decoding errors and spans, for every outcome of "change the
/// encoding", with the declaration in the first piece, past the prescan window, and in the
/// last piece of a long document.
/// `bytes` fed to a `DocumentParser` in chunks of `chunk` bytes.
fn fed_in_chunks(bytes: &[u8], chunk: usize, options: DocumentParserOptions) -> ParsedDocument {
    let mut parser = DocumentParser::new(options);
    for c in bytes.chunks(chunk) {
        parser.feed(c);
    }
    parser.finish()
}

#[test]
fn one_shot_equals_streaming() {
    let filler = "x".repeat(40_000);
    let cases: Vec<Vec<u8>> = vec![
        b"<meta charset=utf-8><p>caf\xC3\xA9".to_vec(),
        b"<p>caf\xE9</p><meta charset=windows-1252>".to_vec(),
        // Restart: bytes decoded as windows-1252 mean something else in Shift_JIS.
        [
            b"<title>",
            filler.as_bytes(),
            b"\x82\xA0</title><meta charset=shift_jis><p>\x82\xA2",
        ]
        .concat(),
        // On the fly: only ASCII so far.
        [
            b"<title>",
            filler.as_bytes(),
            b"</title><meta charset=koi8-r>",
            filler.as_bytes(),
            b"<p>\xF0\xD2",
        ]
        .concat(),
        // Declaration in the last piece, after a non-ASCII byte.
        [b"\xA5", filler.as_bytes(), b"<meta charset=iso-8859-2>"].concat(),
        // UTF-16 BOM, and a UTF-16 declaration (becomes UTF-8).
        b"\xFF\xFE<\0p\0>\0".to_vec(),
        [
            b"<p>\xC3\xA9",
            filler.as_bytes(),
            b"<meta charset=utf-16le>",
        ]
        .concat(),
        b"\xFF<p>malformed \xC3".to_vec(),
        Vec::new(),
    ];
    let outcome = |i: usize| parse(&cases[i]).change.map(|c| c.outcome);
    assert_eq!(outcome(2), Some(ChangeOutcome::Restarted));
    assert_eq!(outcome(3), Some(ChangeOutcome::SwitchedOnTheFly));
    assert_eq!(outcome(4), Some(ChangeOutcome::Restarted));
    for (i, bytes) in cases.iter().enumerate() {
        let one = parse(bytes);
        for chunk in [bytes.len().max(1), 7, 4096] {
            let fed = fed_in_chunks(bytes, chunk, DocumentParserOptions::spec());
            let what = format!("case {i}, chunks of {chunk}");
            assert_eq!(one.encoding, fed.encoding, "{what}");
            assert_eq!(one.confidence, fed.confidence, "{what}");
            assert_eq!(one.change, fed.change, "{what}");
            assert_eq!(one.why(), fed.why(), "{what}");
            assert_eq!(one.decode_errors, fed.decode_errors, "{what}");
            assert_eq!(tree_and_spans(&one), tree_and_spans(&fed), "{what}");
            assert_eq!(one.document.errors(), fed.document.errors(), "{what}");
        }
    }
}

/// The test tree of a parsed document, then every node's spans (node, start tag, end tag,
/// and each attribute's and value's).
fn tree_and_spans(parsed: &ParsedDocument) -> String {
    use std::fmt::Write;
    let doc = &parsed.document;
    let mut out = doc.to_test_tree(websyntax_html::NodeId::DOCUMENT);
    for id in doc.node_ids() {
        let _ = write!(
            out,
            "{:?} {:?} {:?} {:?};",
            id,
            doc.span(id),
            doc.start_tag_span(id),
            doc.end_tag_span(id)
        );
        for a in doc.attrs(id) {
            let _ = write!(out, " {}={:?}/{:?}", a.name(), a.span(), a.value_span());
        }
        out.push('\n');
    }
    out
}

/// Valid UTF-8 without a BOM, decoded as UTF-8, is read in place by `parse_document_bytes`
/// (no decoding buffer): the result must be `DocumentParser`'s, fed at once or in chunks, for
/// characters straddling the 16 KiB pieces, and when a `<meta>` switches the decoder on the
/// fly (the text not yet tokenized then moves into the decoding buffer) or restarts.
#[test]
fn in_place_utf8_equals_streaming() {
    let filler = "x".repeat(20_000);
    let kanji = "日本語".repeat(8_000);
    let odd = format!("<p>{}{kanji}", "y".repeat(16_380));
    let cases: Vec<(Vec<u8>, Option<ChangeOutcome>)> = vec![
        // Autodetected UTF-8 (tentative), then ASCII only up to a koi8-r declaration past the
        // first piece: switched on the fly, the rest read as koi8-r.
        (
            format!("<title>{filler}</title><meta charset=koi8-r>{filler}<p>é{filler}").into(),
            Some(ChangeOutcome::SwitchedOnTheFly),
        ),
        // The same, the declaration in the first piece (past the prescan window).
        (
            format!(
                "<title>{}</title><meta charset=koi8-r>{filler}<p>é{filler}",
                "x".repeat(2000)
            )
            .into(),
            Some(ChangeOutcome::SwitchedOnTheFly),
        ),
        // Non-ASCII before the declaration: restart.
        (
            format!("<p>é{filler}<meta charset=windows-1252><p>ü").into(),
            Some(ChangeOutcome::Restarted),
        ),
        // Three-byte characters across every piece boundary; the same encoding declared late.
        (
            format!("{odd}<meta charset=utf-8>{kanji}").into(),
            Some(ChangeOutcome::SameEncoding),
        ),
        (format!("<p>{kanji}\r\n{kanji}").into(), None),
        (odd.clone().into(), None),
        ("<p>é".into(), None),
    ];
    let options = DocumentParserOptions::default();
    for (i, (bytes, outcome)) in cases.iter().enumerate() {
        let one = parse_document_bytes(bytes, options.clone());
        assert_eq!(one.sniffed.encoding, Encoding::UTF_8, "case {i}");
        assert_eq!(one.change.map(|c| c.outcome), *outcome, "case {i}");
        for chunk in [bytes.len().max(1), 4097, 16 * 1024 + 1] {
            let fed = fed_in_chunks(bytes, chunk, options.clone());
            let what = format!("case {i}, chunks of {chunk}");
            assert_eq!(one.encoding, fed.encoding, "{what}");
            assert_eq!(one.confidence, fed.confidence, "{what}");
            if chunk == bytes.len().max(1) {
                // Chunks may change only whether a change switched on the fly or restarted.
                assert_eq!(one.change, fed.change, "{what}");
            }
            assert_eq!(one.decode_errors, fed.decode_errors, "{what}");
            assert_eq!(tree_and_spans(&one), tree_and_spans(&fed), "{what}");
            assert_eq!(one.document.errors(), fed.document.errors(), "{what}");
        }
    }
}
