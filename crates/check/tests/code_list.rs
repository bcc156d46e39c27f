//! `CODES` is complete: every code the parser (`err!(…, "code")`, `err("code")`,
//! `err_span("code", …)`, the other kebab-case string literals of the tokenizer and tree
//! builder) and the checker (`code: "…"` and the literals of its sources) can report is in it.

use std::path::Path;

/// The kebab-case string literals (`"a-b"`) of the `.rs` files under `dir`.
fn literals(dir: &Path, out: &mut Vec<String>) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                for piece in text.split('"').skip(1).step_by(2) {
                    let kebab = piece.contains('-')
                        && piece.starts_with(|c: char| c.is_ascii_lowercase())
                        && piece.split('-').all(|w| {
                            !w.is_empty()
                                && w.bytes()
                                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                        });
                    if kebab {
                        out.push(piece.to_owned());
                    }
                }
            }
        }
    }
}

#[test]
fn every_code_of_the_sources_is_listed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for dir in ["html/src/tokenizer", "html/src/tree_builder", "check/src"] {
        literals(&root.join(dir), &mut found);
    }
    // Literals that are not codes: attribute values, labels, element and header names.
    let not_codes = [
        "annotation-xml",
        "content-type",
        "http-equiv",
        "my-widget",
        "xml-stylesheet",
        "datetime-local",
        "utf-8",
        "euc-kr",
        "no-such-code",
    ];
    found.retain(|c| !not_codes.contains(&c.as_str()));
    found.sort();
    found.dedup();
    let missing: Vec<&String> = found
        .iter()
        .filter(|c| !websyntax_check::CODES.contains(&c.as_str()))
        .collect();
    assert!(missing.is_empty(), "codes missing from CODES: {missing:?}");
    assert!(
        websyntax_check::CODES.windows(2).all(|w| w[0] < w[1]),
        "sorted, no duplicates"
    );
}
