//! The Encoding Standard's label table (vendored `tests/data/encoding/encodings.json`),
//! resolved label by label through "get an encoding".

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use websyntax_encoding::Encoding;

const TABLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/encoding/encodings.json"
);

/// The names exactly as the Encoding Standard's table spells them, in its order.
const CANONICAL: [&str; 40] = [
    "UTF-8",
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-8-I",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "replacement",
    "UTF-16BE",
    "UTF-16LE",
    "x-user-defined",
];

fn table() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(TABLE).expect("vendored encodings.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let mut out = Vec::new();
    for group in json.as_array().expect("array of groups") {
        for enc in group["encodings"].as_array().expect("encodings array") {
            let name = enc["name"].as_str().expect("name").to_owned();
            let labels = enc["labels"]
                .as_array()
                .expect("labels")
                .iter()
                .map(|l| l.as_str().expect("label").to_owned())
                .collect();
            out.push((name, labels));
        }
    }
    out
}

#[test]
fn every_label_resolves_to_its_encoding() {
    let table = table();
    let (mut passed, mut failed) = (0usize, Vec::new());
    let mut encodings_seen = std::collections::HashSet::new();
    for (name, labels) in &table {
        for label in labels {
            // As written, upper-cased, and padded with every kind of ASCII whitespace.
            let variants = [
                label.clone(),
                label.to_ascii_uppercase(),
                format!("\t\n\x0C\r {label} \r\x0C\n\t"),
            ];
            let ok = variants.iter().all(|v| match Encoding::for_label(v) {
                Some(e) => e.name().eq_ignore_ascii_case(name),
                None => false,
            }) && label.parse::<Encoding>().is_ok();
            if ok {
                passed += 1;
                encodings_seen.insert(name.clone());
            } else {
                failed.push(format!(
                    "{label} -> {:?} (want {name})",
                    Encoding::for_label(label)
                ));
            }
        }
    }
    report!(
        "encoding labels: {passed} passed, {} failed, 0 excluded ({} labels, {} encodings)",
        failed.len(),
        table.iter().map(|(_, l)| l.len()).sum::<usize>(),
        encodings_seen.len()
    );
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(passed, 217);
    assert_eq!(encodings_seen.len(), 40);
}

#[test]
fn names_are_the_standards_spelling_in_table_order() {
    let table = table();
    assert_eq!(table.len(), 40);
    for ((json_name, _), (ours, canonical)) in table.iter().zip(Encoding::ALL.iter().zip(CANONICAL))
    {
        assert_eq!(ours.name(), canonical);
        assert_eq!(json_name, &canonical.to_ascii_lowercase());
        assert_eq!(ours.to_string(), canonical);
    }
}

#[test]
fn labels_not_in_the_table_fail() {
    for label in [
        "utf-7",
        "utf-32",
        "iso-8859-1 x",
        "x-user-defined\u{0B}",
        "\u{A0}utf-8",
        "utf-8\0",
        "cp1252\u{FEFF}",
        "unicode-2-0-utf-8",
        "",
    ] {
        assert_eq!(Encoding::for_label(label), None, "{label:?}");
        let err = label.parse::<Encoding>().unwrap_err();
        assert_eq!(err.label, label);
    }
}

/// The vendored table (whatwg/encoding at 01db1f8) predates 11 labels that the living standard
/// (and encoding_rs, which follows it) added later. They are accepted, as browsers do; this
/// test pins exactly which and what they mean, and that none of them contradicts the table.
#[test]
fn labels_added_by_the_living_standard() {
    let added = [
        ("csunicode", Encoding::UTF_16LE),
        ("iso-10646-ucs-2", Encoding::UTF_16LE),
        ("ucs-2", Encoding::UTF_16LE),
        ("unicode", Encoding::UTF_16LE),
        ("unicodefeff", Encoding::UTF_16LE),
        ("unicodefffe", Encoding::UTF_16BE),
        ("koi8-ru", Encoding::KOI8_U),
        ("replacement", Encoding::REPLACEMENT),
        ("unicode11utf8", Encoding::UTF_8),
        ("unicode20utf8", Encoding::UTF_8),
        ("x-unicode20utf8", Encoding::UTF_8),
    ];
    let table_labels: Vec<String> = table().into_iter().flat_map(|(_, l)| l).collect();
    for (label, enc) in added {
        assert!(
            !table_labels.iter().any(|l| l == label),
            "{label} is in the table"
        );
        assert_eq!(Encoding::for_label(label), Some(enc), "{label}");
    }
    report!(
        "encoding labels beyond the vendored table (living standard): {}",
        added.len()
    );
}
