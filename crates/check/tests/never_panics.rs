//! `check` on generated HTML-like bytes: no panic, spans inside the input, source order.

use proptest::prelude::*;
use websyntax_check::{CheckOptions, check};

/// Pieces that exercise every category: tags with attributes the checker reads, URLs, bytes
/// that are malformed in UTF-8, CR/LF, a BOM, meta declarations.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(b"<p id=a tabindex=x>".to_vec()),
        Just(b"<img src='http://exa mple/' width=10px srcset='a 1x, b:c 2x'>".to_vec()),
        Just(b"<table><td colspan=0>t</table>".to_vec()),
        Just(b"<input type=date value=2024-02-30 step=0>".to_vec()),
        Just(b"<meta charset=shift_jis>".to_vec()),
        Just(b"<meta http-equiv=content-type content='text/html; charset=koi8-r'>".to_vec()),
        Just(b"<template><p id=a></template>".to_vec()),
        Just(b"<svg width=1x><title><b></title></svg>".to_vec()),
        Just(b"<a href=\"/a\r\nb\">".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\xEF\xBB\xBF".to_vec()),
        Just(b"\xFF\xFE".to_vec()),
        Just(b"\x82\xa0\xe9".to_vec()),
        Just(b"</div></b><b><i></b>&amp &#0;".to_vec()),
        Just(b"<script><!--<script></script>".to_vec()),
        Just(b"<!--x".to_vec()),
        prop::collection::vec(any::<u8>(), 0..8),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn never_panics(pieces in prop::collection::vec(piece(), 0..12), flags in any::<u8>()) {
        let bytes: Vec<u8> = pieces.concat();
        let options = CheckOptions {
            transport_charset: ["utf-8", "windows-1252", "shift_jis", "utf-16le"]
                .get(usize::from(flags & 7))
                .map(|s| s.to_string()),
            document_url: (flags & 8 == 8).then(|| "https://example.org/".to_owned()),
            scripting: flags & 16 == 16,
            autodetect: flags & 32 == 32,
            ..CheckOptions::default()
        };
        let report = check(&bytes, &options);
        let mut last = (0, 0);
        for d in &report.diagnostics {
            prop_assert!(d.line >= 1 && d.col >= 1);
            if let Some(span) = d.span {
                prop_assert!(span.start <= span.end && span.end <= bytes.len(), "{:?}", d);
                prop_assert!((d.line, d.col) >= last, "{:?} after {:?}", d, last);
                last = (d.line, d.col);
            }
            if let Some(e) = report.excerpt(d) {
                prop_assert!(e.len >= 1);
            }
        }
    }
}
