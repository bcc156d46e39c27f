//! The examples of the URL Standard's validation error table (§1.1): each input reports the
//! named error (and fails when the table says so).

use websyntax_url::{Url, ValidationErrorKind};

fn errors(input: &str, base: Option<&str>) -> (bool, Vec<&'static str>) {
    let base = base.map(|b| Url::parse(b, None).unwrap());
    let (r, errs) = Url::parse_with_errors(input, base.as_ref());
    (r.is_ok(), errs.iter().map(|e| e.kind.name()).collect())
}

#[test]
fn spec_table_examples() {
    // (input, base, error, parse succeeds)
    let cases: &[(&str, Option<&str>, &str, bool)] = &[
        (
            "https://exa%23mple.org",
            None,
            "domain-invalid-code-point",
            false,
        ),
        ("foo://exa[mple.org", None, "host-invalid-code-point", false),
        ("https://127.0.0.1./", None, "IPv4-empty-part", true),
        ("https://1.2.3.4.5/", None, "IPv4-too-many-parts", false),
        ("https://test.42", None, "IPv4-non-numeric-part", false),
        ("https://127.0.0x0.1", None, "IPv4-non-decimal-part", true),
        (
            "https://255.255.4000.1",
            None,
            "IPv4-out-of-range-part",
            false,
        ),
        ("https://[::1", None, "IPv6-unclosed", false),
        ("https://[:1]", None, "IPv6-invalid-compression", false),
        (
            "https://[1:2:3:4:5:6:7:8:9]",
            None,
            "IPv6-too-many-pieces",
            false,
        ),
        (
            "https://[1::1::1]",
            None,
            "IPv6-multiple-compression",
            false,
        ),
        ("https://[1:2:3!:4]", None, "IPv6-invalid-code-point", false),
        ("https://[1:2:3:]", None, "IPv6-invalid-code-point", false),
        ("https://[1:2:3]", None, "IPv6-too-few-pieces", false),
        (
            "https://[1:1:1:1:1:1:1:127.0.0.1]",
            None,
            "IPv4-in-IPv6-too-many-pieces",
            false,
        ),
        (
            "https://[ffff::.0.0.1]",
            None,
            "IPv4-in-IPv6-invalid-code-point",
            false,
        ),
        (
            "https://[ffff::127.0.xyz.1]",
            None,
            "IPv4-in-IPv6-invalid-code-point",
            false,
        ),
        (
            "https://[ffff::127.0xyz]",
            None,
            "IPv4-in-IPv6-invalid-code-point",
            false,
        ),
        (
            "https://[ffff::127.00.0.1]",
            None,
            "IPv4-in-IPv6-invalid-code-point",
            false,
        ),
        (
            "https://[ffff::127.0.0.1.2]",
            None,
            "IPv4-in-IPv6-invalid-code-point",
            false,
        ),
        (
            "https://[ffff::127.0.0.4000]",
            None,
            "IPv4-in-IPv6-out-of-range-part",
            false,
        ),
        (
            "https://[ffff::127.0.0]",
            None,
            "IPv4-in-IPv6-too-few-parts",
            false,
        ),
        ("https://example.org/>", None, "invalid-URL-unit", true),
        (" https://example.org ", None, "invalid-URL-unit", true),
        ("ht\ntps://example.org", None, "invalid-URL-unit", true),
        ("https://example.org/%s", None, "invalid-URL-unit", true),
        (
            "file:c:/my-secret-folder",
            None,
            "special-scheme-missing-following-solidus",
            true,
        ),
        (
            "https:example.org",
            None,
            "special-scheme-missing-following-solidus",
            true,
        ),
        (
            "https://////example.com",
            None,
            "special-scheme-missing-following-solidus",
            true,
        ),
        (
            "https:foo.html",
            Some("https://example.org/"),
            "special-scheme-missing-following-solidus",
            true,
        ),
        ("💩", None, "missing-scheme-non-relative-URL", false),
        (
            "💩",
            Some("mailto:user@example.org"),
            "missing-scheme-non-relative-URL",
            false,
        ),
        (
            "https://example.org\\path\\to\\file",
            None,
            "invalid-reverse-solidus",
            true,
        ),
        (
            "https://user@example.org",
            None,
            "invalid-credentials",
            true,
        ),
        ("ssh://user@example.org", None, "invalid-credentials", true),
        ("https://#fragment", None, "host-missing", false),
        ("https://:443", None, "host-missing", false),
        ("https://user:pass@", None, "host-missing", false),
        (
            "https://example.org:70000",
            None,
            "port-out-of-range",
            false,
        ),
        ("https://example.org:7z", None, "port-invalid", false),
        // The table's own example, `/c:/path/to/file` against `file:///c:/`, goes through the
        // file slash state, which reports nothing in the algorithm; the file state reports it
        // for a relative input starting with a drive letter:
        (
            "C|/path/to/file",
            Some("file:///c:/"),
            "file-invalid-Windows-drive-letter",
            true,
        ),
        (
            "file://c:",
            None,
            "file-invalid-Windows-drive-letter-host",
            true,
        ),
    ];
    for &(input, base, name, ok) in cases {
        let (parsed, names) = errors(input, base);
        assert!(
            names.contains(&name),
            "{input:?}: expected {name}, got {names:?}"
        );
        assert_eq!(parsed, ok, "{input:?}: parse success should be {ok}");
        assert!(ValidationErrorKind::from_name(name).is_some());
    }
}

#[test]
fn positions_point_into_the_callers_input() {
    let (_, errs) = Url::parse_with_errors("  http://a\tb/c d", None);
    let got: Vec<_> = errs.iter().map(|e| (e.kind.name(), e.position)).collect();
    // Leading spaces at 0, the tab at 10, the space in the path at 14 (caller's offsets).
    assert_eq!(
        got,
        [
            ("invalid-URL-unit", 0),
            ("invalid-URL-unit", 10),
            ("invalid-URL-unit", 14)
        ]
    );
    let (_, errs) = Url::parse_with_errors("h\tt\ntp://a/ b", None);
    let got: Vec<_> = errs.iter().map(|e| (e.kind.name(), e.position)).collect();
    assert_eq!(got, [("invalid-URL-unit", 1), ("invalid-URL-unit", 11)]);
    let err = Url::parse("https://example.org:7z", None).unwrap_err();
    assert_eq!((err.kind().name(), err.position()), ("port-invalid", 21));
}

/// A failure's position is an offset into the caller's input whether or not validation errors
/// are collected: tabs and newlines the parser removes first count (found by the `html_links`
/// fuzz target, whose links collect errors, comparing with a plain parse).
#[test]
fn failure_position_counts_removed_tabs_and_newlines() {
    for (input, kind, position) in [
        (
            "http://www.sol\n\n\n:\n\nx/",
            ValidationErrorKind::PortInvalid,
            20,
        ),
        ("http://a\n\n:x/", ValidationErrorKind::PortInvalid, 11),
        (
            "http://h:\n99999999/",
            ValidationErrorKind::PortOutOfRange,
            10,
        ),
        ("  \thttp://a\t:b/", ValidationErrorKind::PortInvalid, 13),
    ] {
        let plain = Url::parse(input, None).unwrap_err();
        let (collected, _) = Url::parse_with_errors(input, None);
        let collected = collected.unwrap_err();
        assert_eq!(plain, collected, "{input:?}");
        assert_eq!(
            (plain.kind(), plain.position()),
            (kind, position),
            "{input:?}"
        );
    }
}
