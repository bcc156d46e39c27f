//! Every code the checker can report has its own anchor in docs/check.md (`<a id="CODE"></a>`
//! in the code's table row), the target of the language server's `codeDescription` links.

use std::collections::HashSet;

fn anchors(doc: &str) -> Vec<&str> {
    doc.split("<a id=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once("\"></a>").map(|(id, _)| id))
        .collect()
}

#[test]
fn every_code_has_an_anchor_in_a_table_row() {
    let doc = include_str!("../../../docs/check.md");
    let ids = anchors(doc);
    let mut seen = HashSet::new();
    for id in &ids {
        assert!(
            seen.insert(*id),
            "anchor {id:?} appears twice in docs/check.md"
        );
    }
    for code in websyntax_check::all_codes() {
        assert!(
            seen.contains(code),
            "docs/check.md has no <a id=\"{code}\"></a>"
        );
        let row = doc
            .lines()
            .find(|l| l.contains(&format!("<a id=\"{code}\"></a>")))
            .unwrap_or_default();
        assert!(
            row.starts_with("| ") && row.contains(&format!("`{code}`")),
            "the anchor of {code} is not in its table row: {row}"
        );
    }
    let codes: HashSet<&str> = websyntax_check::all_codes().into_iter().collect();
    for id in &ids {
        assert!(
            codes.contains(id),
            "docs/check.md anchors {id:?}, which is no code"
        );
    }
}
