#![no_main]
//! `websyntax check` on arbitrary bytes (the first byte picks a transport charset, a document
//! URL, the scripting flag and autodetection). Checks: no panic, no hang; every span lies in
//! the input, diagnostics come in source order (by line, then column), lines and columns are
//! 1-based, and every excerpt's underline lies in its line.
use libfuzzer_sys::fuzz_target;
use websyntax::check::{CheckOptions, check};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, bytes)) = data.split_first() else {
        return;
    };
    let transport = ["utf-8", "windows-1252", "shift_jis", "utf-16le", "iso-2022-jp", "gb18030"]
        .get(usize::from(flags & 7))
        .map(|s| s.to_string());
    let options = CheckOptions {
        transport_charset: transport,
        document_url: (flags & 8 == 8).then(|| "https://example.org/a/b.html".to_owned()),
        scripting: flags & 16 == 16,
        autodetect: flags & 32 == 32,
        ..CheckOptions::default()
    };
    let report = check(bytes, &options);
    let mut last = (0, 0);
    for d in &report.diagnostics {
        assert!(d.line >= 1 && d.col >= 1, "{d:?}");
        if let Some(span) = d.span {
            assert!(span.start <= span.end && span.end <= bytes.len(), "{d:?}");
        }
        if let Some(e) = report.excerpt(d) {
            assert!(e.len >= 1 && e.start <= e.text.chars().count(), "{d:?} {e:?}");
        }
        // The document-wide diagnostics sit at 1:1; the others are in source order.
        if d.span.is_some() {
            assert!((d.line, d.col) >= last, "{d:?} after {last:?}");
            last = (d.line, d.col);
        }
    }
});
