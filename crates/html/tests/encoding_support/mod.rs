//! What the html5lib `encoding/*.dat` harnesses share: where the vendored files are, the
//! excluded cases, and the `.dat` reader.

use std::path::Path;

/// The vendored html5lib-tests `encoding/` directory.
pub const HTML5LIB: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/html5lib-tests/encoding"
);

/// Excluded html5lib cases: (file, index, reason).
pub const EXCLUDED: &[(&str, usize, &str)] = &[(
    "scripted/tests1.dat",
    0,
    "needs script execution: the declaration is written by document.write()",
)];

/// `(data, expected label)` for each case of a `.dat` file.
pub fn cases(path: &Path) -> Vec<(Vec<u8>, String)> {
    let bytes = std::fs::read(path).expect("vendored html5lib-tests");
    let mut out = Vec::new();
    for chunk in bytes
        .split(|&b| b == b'\n')
        .collect::<Vec<_>>()
        .split(|l| *l == b"#data")
    {
        // chunk: the lines of one case after "#data" (the first split part is empty).
        let Some(enc_at) = chunk.iter().position(|l| *l == b"#encoding") else {
            continue;
        };
        let data = chunk[..enc_at].join(&b'\n');
        let label = String::from_utf8_lossy(chunk[enc_at + 1]).trim().to_owned();
        out.push((data, label));
    }
    out
}
