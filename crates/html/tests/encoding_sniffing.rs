//! The encoding sniffing algorithm (§13.2.3.2) against html5lib-tests `encoding/*.dat`, the
//! legacy-encoding corpus (`../shared/corpus/html-legacy`, skipped when absent), and the
//! spec's corner cases.

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
#[cfg(feature = "autodetect")]
use websyntax_html::sniff::Autodetect;
use websyntax_html::sniff::{Confidence, Reason, SniffOptions, sniff};

mod encoding_support;
use encoding_support::{EXCLUDED, HTML5LIB, cases};

#[test]
fn html5lib_encoding_tests() {
    let files = [
        "tests1.dat",
        "tests2.dat",
        "test-yahoo-jp.dat",
        "scripted/tests1.dat",
    ];
    let (mut first_pass, mut whole_input, mut failed, mut excluded) = (0, 0, Vec::new(), 0);
    let mut total = 0;
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
            let got = sniff(&data, &SniffOptions::default());
            if got.encoding == expected {
                first_pass += 1;
                continue;
            }
            // html5lib expects the document's final encoding. When the declaration lies beyond
            // the prescan's 1024-byte window, browsers find it later, in the tree builder's
            // "in head" <meta> handling, then "change the encoding": that full pipeline is
            // tested in `tests/input_stream.rs` (all 82 give the expected encoding). Here, for
            // the sniffing algorithm alone: the first pass must be the tentative default, and
            // a prescan whose end condition is the whole input must find the expected encoding.
            let whole = sniff(
                &data,
                &SniffOptions {
                    prescan_limit: usize::MAX,
                    ..SniffOptions::default()
                },
            );
            if data.len() > 1024
                && got.confidence == Confidence::Tentative
                && got.reason == Reason::Default
                && whole.encoding == expected
            {
                whole_input += 1;
            } else {
                failed.push(format!(
                    "{file} #{i}: expected {expected}, got {got:?} (whole input: {whole:?})"
                ));
            }
        }
    }
    report!(
        "html5lib encoding: {} passed, {} failed, {excluded} excluded ({first_pass} in the first \
         pass with the 1024-byte prescan, {whole_input} with the declaration beyond 1024 bytes \
         via a whole-input prescan)",
        first_pass + whole_input,
        failed.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(total, 83);
}

// --- The spec's corner cases (issue 5 acceptance) ---

#[test]
fn meta_charset_after_1024_bytes_is_not_prescanned() {
    let mut doc = b"<!DOCTYPE html><!--".to_vec();
    doc.resize(1100, b'x');
    doc.extend_from_slice(b"--><meta charset=iso-8859-2>");
    let first = sniff(&doc, &SniffOptions::default());
    assert_eq!(
        (first.encoding, first.confidence, first.reason),
        (
            Encoding::WINDOWS_1252,
            Confidence::Tentative,
            Reason::Default
        )
    );
    // The end condition is configurable.
    let wide = sniff(
        &doc,
        &SniffOptions {
            prescan_limit: 4096,
            ..SniffOptions::default()
        },
    );
    assert_eq!(
        (wide.encoding, wide.reason),
        (Encoding::ISO_8859_2, Reason::Meta)
    );
    // A meta straddling the 1024th byte is not found either.
    let mut doc = vec![b' '; 1010];
    doc.extend_from_slice(b"<meta charset=iso-8859-2>");
    assert_eq!(
        sniff(&doc, &SniffOptions::default()).reason,
        Reason::Default
    );
}

#[test]
fn meta_inside_a_comment_is_ignored() {
    let r = sniff(
        b"<!-- <meta charset=shift_jis> --><p>",
        &SniffOptions::default(),
    );
    assert_eq!(
        (r.encoding, r.reason),
        (Encoding::WINDOWS_1252, Reason::Default)
    );
    let r = sniff(
        b"<!-- <meta charset=shift_jis> --><meta charset=euc-kr>",
        &SniffOptions::default(),
    );
    assert_eq!((r.encoding, r.reason), (Encoding::EUC_KR, Reason::Meta));
}

#[test]
fn meta_charset_utf16_means_utf8() {
    for label in ["utf-16", "UTF-16LE", "utf-16be", "unicode"] {
        let doc = format!("<meta charset={label}>");
        let r = sniff(doc.as_bytes(), &SniffOptions::default());
        assert_eq!(
            (r.encoding, r.confidence),
            (Encoding::UTF_8, Confidence::Tentative),
            "{label}"
        );
        let doc = format!("<meta http-equiv=content-type content='text/html; charset={label}'>");
        assert_eq!(
            sniff(doc.as_bytes(), &SniffOptions::default()).encoding,
            Encoding::UTF_8
        );
    }
    // The XML declaration likewise; but the UTF-16 `<?x` byte pattern gives UTF-16.
    let r = sniff(b"<?xml encoding='utf-16'?>", &SniffOptions::default());
    assert_eq!(
        (r.encoding, r.reason),
        (Encoding::UTF_8, Reason::XmlDeclaration)
    );
    let r = sniff(b"<\0?\0x\0m\0l\0", &SniffOptions::default());
    assert_eq!(
        (r.encoding, r.reason),
        (Encoding::UTF_16LE, Reason::Utf16XmlDeclaration)
    );
}

#[test]
fn x_user_defined_means_windows_1252() {
    let r = sniff(b"<meta charset=x-user-defined>", &SniffOptions::default());
    assert_eq!(
        (r.encoding, r.reason),
        (Encoding::WINDOWS_1252, Reason::Meta)
    );
    let r = sniff(
        b"<meta content='charset=x-user-defined' http-equiv=Content-Type>",
        &SniffOptions::default(),
    );
    assert_eq!(r.encoding, Encoding::WINDOWS_1252);
    // Only the meta rule maps it: a transport charset is taken as is.
    let r = sniff(
        b"<p>",
        &SniffOptions {
            transport_charset: Some("x-user-defined".into()),
            ..SniffOptions::default()
        },
    );
    assert_eq!(r.encoding, Encoding::X_USER_DEFINED);
}

// --- The legacy corpus (not vendored) ---

fn corpus_root() -> Option<PathBuf> {
    let root = match std::env::var_os("WEBSYNTAX_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    root.join("html-legacy/MANIFEST.tsv")
        .is_file()
        .then_some(root)
}

struct Row {
    path: String,
    truth: Encoding,
    declared: String,
    bytes: Vec<u8>,
}

fn legacy_rows(root: &Path) -> Vec<Row> {
    let dir = root.join("html-legacy");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let (path, truth, declared) = (cols.first()?, cols.get(1)?, cols.get(2)?);
            Some(Row {
                path: (*path).to_owned(),
                truth: Encoding::for_label(truth).expect("true encoding is a WHATWG name"),
                declared: (*declared).to_owned(),
                bytes: std::fs::read(dir.join(path)).expect("corpus file"),
            })
        })
        .collect()
}

fn detectable_from_own_bytes(row: &Row) -> bool {
    row.declared != "none" || websyntax_encoding::bom_sniff(&row.bytes).is_some()
}

#[test]
fn legacy_corpus_declared_files_sniff_to_their_true_encoding() {
    let Some(root) = corpus_root() else {
        report!("legacy corpus: skipped (no ../shared/corpus/html-legacy; set WEBSYNTAX_CORPUS)");
        return;
    };
    let rows = legacy_rows(&root);
    for subset in ["real/", "derived-wikipedia-mars/"] {
        let (mut passed, mut failed) = (0, Vec::new());
        for row in rows
            .iter()
            .filter(|r| r.path.starts_with(subset) && detectable_from_own_bytes(r))
        {
            let got = sniff(&row.bytes, &SniffOptions::default());
            if got.encoding == row.truth && got.reason != Reason::Default {
                passed += 1;
            } else {
                failed.push(format!("{}: want {}, got {got:?}", row.path, row.truth));
            }
        }
        report!(
            "legacy corpus {subset} (declared by BOM, meta or XML declaration): {passed} passed, {} failed, 0 excluded",
            failed.len()
        );
        assert!(failed.is_empty(), "{failed:#?}");
        assert!(passed > 0);
    }
}

#[cfg(feature = "autodetect")]
#[test]
fn legacy_corpus_autodetection_hit_rate() {
    let Some(root) = corpus_root() else {
        report!("legacy corpus autodetection: skipped (no ../shared/corpus)");
        return;
    };
    let options = SniffOptions {
        autodetect: Some(Autodetect {
            tld: None,
            allow_utf8: false,
        }),
        ..SniffOptions::default()
    };
    for subset in ["real/", "derived-wikipedia-mars/"] {
        let (mut hits, mut total, mut misses) = (0, 0, Vec::new());
        for row in legacy_rows(&root)
            .iter()
            .filter(|r| r.path.starts_with(subset) && !detectable_from_own_bytes(r))
        {
            total += 1;
            let got = sniff(&row.bytes, &options);
            if got.encoding == row.truth {
                hits += 1;
            } else {
                misses.push(format!(
                    "{} ({}): {} [{}]",
                    row.path, row.truth, got.encoding, got.reason
                ));
            }
        }
        report!(
            "legacy corpus {subset} undeclared, chardetng autodetection: {hits}/{total} hits; misses: {misses:#?}"
        );
    }
}

// --- Robustness: no input makes the sniffer panic ---

mod robustness {
    use proptest::prelude::*;
    use websyntax_html::sniff::{
        SniffOptions, extract_character_encoding_from_meta_bytes, get_an_xml_encoding, prescan,
        sniff,
    };

    fn markupish() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just(b"<meta".to_vec()),
            Just(b" charset=".to_vec()),
            Just(b"http-equiv=content-type ".to_vec()),
            Just(b"content='text/html; charset=".to_vec()),
            Just(b"<!--".to_vec()),
            Just(b"-->".to_vec()),
            Just(b"<?xml encoding=\"".to_vec()),
            Just(b"shift_jis".to_vec()),
            Just(b"\"'/>= \t".to_vec()),
            prop::collection::vec(any::<u8>(), 0..8),
        ];
        prop::collection::vec(piece, 0..16).prop_map(|v| v.concat())
    }

    proptest! {
        #[test]
        fn never_panics(bytes in markupish(), limit in 0usize..64) {
            let _ = sniff(&bytes, &SniffOptions::default());
            let _ = sniff(&bytes, &SniffOptions { prescan_limit: limit, ..SniffOptions::default() });
            let _ = prescan(&bytes);
            let _ = get_an_xml_encoding(&bytes);
            let _ = extract_character_encoding_from_meta_bytes(&bytes);
        }
    }
}
