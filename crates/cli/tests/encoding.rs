//! `websyntax encoding decode|encode`: runs the built binary.

use std::process::Output;

mod support;

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/shift_jis.html");

fn run(args: &[&str], stdin: &[u8]) -> Output {
    support::run(args, stdin)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// One line on stderr, starting with `websyntax: `.
fn assert_one_line_error(o: &Output, code: i32, needle: &str) {
    assert_eq!(o.status.code(), Some(code), "{}", stderr(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("websyntax: "), "{err}");
    assert!(err.contains(needle), "{err:?} lacks {needle:?}");
    assert!(o.stdout.is_empty());
}

#[test]
fn readme_first_command_decodes_the_shift_jis_sample() {
    let o = run(
        &["encoding", "decode", "--encoding", "shift_jis", SAMPLE],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).expect("UTF-8 output");
    assert!(
        text.contains("<title>websyntax のサンプル</title>"),
        "{text}"
    );
    assert!(text.contains("①②③ ～ ￥"));
    assert!(!text.contains('\u{FFFD}'));
}

#[test]
fn decode_stdin_and_dash() {
    for args in [
        &["encoding", "decode", "--encoding", "latin1"][..],
        &["encoding", "decode", "--encoding", "latin1", "-"][..],
    ] {
        let o = run(args, b"caf\xE9 \x80");
        assert!(o.status.success());
        assert_eq!(o.stdout, "café €".as_bytes());
    }
}

#[test]
fn decode_bom_wins_and_replacement_by_default() {
    let o = run(
        &["encoding", "decode", "--encoding", "latin1"],
        b"\xEF\xBB\xBFa\xFFb",
    );
    assert!(o.status.success());
    assert_eq!(o.stdout, "a\u{FFFD}b".as_bytes());
    let o = run(
        &["encoding", "decode", "--encoding", "utf-8"],
        b"\xFF\xFEa\x00",
    );
    assert_eq!(o.stdout, b"a");
}

#[test]
fn decode_fatal_names_the_offset() {
    let o = run(
        &["encoding", "decode", "--encoding", "utf-8", "--fatal"],
        b"ok\xE3\x81",
    );
    assert_one_line_error(&o, 1, "at byte offset 2");
    let o = run(
        &["encoding", "decode", "--encoding", "euc-kr", "--fatal"],
        b"abc",
    );
    assert!(o.status.success());
    assert_eq!(o.stdout, b"abc");
}

#[test]
fn bad_label_and_unreadable_file_are_usage_errors() {
    let o = run(&["encoding", "decode", "--encoding", "utf-7", SAMPLE], b"");
    assert_one_line_error(&o, 2, "unknown encoding label \"utf-7\"");
    let o = run(&["encoding", "encode", "--encoding", "nope"], b"x");
    assert_one_line_error(&o, 2, "unknown encoding label");
    let o = run(
        &[
            "encoding",
            "decode",
            "--encoding",
            "utf-8",
            "/nonexistent/websyntax",
        ],
        b"",
    );
    assert_one_line_error(&o, 2, "cannot read /nonexistent/websyntax");
    let dir = env!("CARGO_MANIFEST_DIR");
    let o = run(&["encoding", "decode", "--encoding", "utf-8", dir], b"");
    assert_one_line_error(&o, 2, "cannot read");
}

#[test]
fn encode_html_mode_is_the_default() {
    for extra in [&[][..], &["--html"][..]] {
        let mut args = vec!["encoding", "encode", "--encoding", "shift_jis"];
        args.extend_from_slice(extra);
        let o = run(&args, "あ€💩".as_bytes());
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(o.stdout, b"\x82\xa0&#8364;&#128169;");
    }
}

#[test]
fn encode_outputs_bytes() {
    let o = run(
        &["encoding", "encode", "--encoding", "windows-1252"],
        "\u{FEFF}café €💩".as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // The leading BOM of the UTF-8 input is not text; € is 0x80; 💩 a reference.
    assert_eq!(o.stdout, b"caf\xE9 \x80&#128169;");
    let o = run(
        &["encoding", "encode", "--encoding", "iso-2022-jp"],
        "あa".as_bytes(),
    );
    assert_eq!(o.stdout, b"\x1b$B$\"\x1b(Ba");
}

#[test]
fn encode_fatal_names_code_point_and_index() {
    let o = run(
        &["encoding", "encode", "--encoding", "latin2", "--fatal"],
        "a€".as_bytes(),
    );
    assert_one_line_error(&o, 1, "U+20AC at code point index 1");
}

#[test]
fn encode_refuses_encodings_without_encoder() {
    for label in ["utf-16le", "utf-16be", "iso-2022-kr"] {
        let o = run(&["encoding", "encode", "--encoding", label], b"a");
        assert_one_line_error(&o, 2, "has no encoder");
    }
}

#[test]
fn encode_rejects_input_that_is_not_utf8() {
    let o = run(&["encoding", "encode", "--encoding", "utf-8"], b"ab\xFF");
    assert_one_line_error(&o, 1, "byte offset 2");
}

#[test]
fn html_and_fatal_conflict() {
    let o = run(
        &[
            "encoding",
            "encode",
            "--encoding",
            "utf-8",
            "--html",
            "--fatal",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn sniff_prints_name_and_confidence() {
    let o = run(&["encoding", "sniff", SAMPLE], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, b"Shift_JIS tentative\n");
    let o = run(&["encoding", "sniff", SAMPLE, "--transport", "EUC-JP"], b"");
    assert_eq!(o.stdout, b"EUC-JP certain\n");
    let o = run(&["encoding", "sniff", "-"], b"\xFF\xFE<\0p\0");
    assert_eq!(o.stdout, b"UTF-16LE certain\n");
    // Autodetected by default, as the other commands do; ASCII is also UTF-8.
    let o = run(&["encoding", "sniff", "-"], b"<p>plain");
    assert_eq!(o.stdout, b"UTF-8 tentative\n");
    let o = run(&["encoding", "sniff", "-", "--why"], "<p>café".as_bytes());
    assert_eq!(o.stdout, b"UTF-8 tentative (autodetected)\n");
    let o = run(&["encoding", "sniff", "-", "--no-autodetect"], b"<p>plain");
    assert_eq!(o.stdout, b"windows-1252 tentative\n");
    // The old opt-in flag is still accepted.
    let o = run(&["encoding", "sniff", "-", "--autodetect"], b"<p>plain");
    assert_eq!(o.stdout, b"UTF-8 tentative\n");
    let o = run(
        &[
            "encoding",
            "sniff",
            "-",
            "--locale",
            "ja-JP",
            "--why",
            "--no-autodetect",
        ],
        b"<p>plain",
    );
    assert_eq!(o.stdout, b"Shift_JIS tentative (default)\n");
    let o = run(&["encoding", "sniff", "-"], b"<meta charset=utf-16>");
    assert_eq!(o.stdout, b"UTF-8 tentative\n");
    let o = run(
        &["encoding", "sniff", "-"],
        b"<meta charset=x-user-defined>",
    );
    assert_eq!(o.stdout, b"windows-1252 tentative\n");
}

#[test]
fn sniff_ignores_unsupported_transport_charset_with_a_warning() {
    let o = run(&["encoding", "sniff", SAMPLE, "--transport", "utf-7"], b"");
    assert!(o.status.success());
    assert_eq!(o.stdout, b"Shift_JIS tentative\n");
    assert!(stderr(&o).contains("not a supported encoding"));
}

#[test]
fn sniff_unreadable_file_is_a_usage_error() {
    let o = run(&["encoding", "sniff", "/nonexistent/websyntax"], b"");
    assert_one_line_error(&o, 2, "cannot read /nonexistent/websyntax");
}
