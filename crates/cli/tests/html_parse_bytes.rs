//! `websyntax html parse` on bytes: the byte-stream pipeline (encoding sniffing, `--encoding`
//! as the transport-layer charset, decoding errors), run as a binary.

mod support;

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let all: Vec<&str> = ["html", "parse"].iter().chain(args).copied().collect();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    support::code_out_err(support::run_in(Some(root), &all, stdin))
}

#[test]
fn bundled_shift_jis_sample_is_decoded() {
    let (code, out, err) = run(&["samples/shift_jis.html", "--output", "html"], b"");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("<title>websyntax のサンプル</title>"), "{out}");
    assert!(out.contains("①②③ ～ ￥"), "{out}");
}

#[test]
fn sniffed_default_and_meta_beyond_the_prescan() {
    let (code, out, _) = run(&[], b"<p>caf\xE9");
    assert_eq!(code, 0);
    assert!(out.contains("\"caf\u{e9}\""), "{out}");
    let mut doc = vec![b' '; 1500];
    doc.extend_from_slice(b"<meta charset=euc-kr><p>\xb0\xa1");
    let (code, out, _) = run(&["--output", "json"], &doc);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["encoding"], "EUC-KR");
    assert_eq!(v["confidence"], "certain");
    assert!(out.contains("가"));
}

#[test]
fn encoding_is_the_transport_charset_and_decoding_errors_are_reported() {
    let (code, out, err) = run(
        &["--encoding", "utf-8", "--output", "errors"],
        b"<!DOCTYPE html><meta charset=gbk><p>\xFF",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "websyntax: decoding error: 1:37 1 malformed byte sequence in UTF-8 (bytes 36..37)\n"
    );
    let (_, out, _) = run(&["--encoding", "utf-8", "--output", "json"], b"\xFF");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["decodeErrors"],
        serde_json::json!([{"offset": 0, "length": 1}])
    );
    assert_eq!(v["why"], "transport-layer charset");
}

#[test]
fn unknown_label_is_a_usage_error_and_fragment_refuses_encoding() {
    // As in `encoding decode --encoding`: a label the user typed that names no encoding.
    let (code, out, err) = run(&["--encoding", "nope"], b"<p>x");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("unknown encoding label \"nope\""), "{err}");
    let (code, _, err) = run(&["--encoding", "utf-8", "--fragment", "td"], b"x");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn stats_parse_bytes() {
    let (code, out, _) = run(
        &[
            "--output",
            "stats",
            "--encoding",
            "shift_jis",
            "samples/shift_jis.html",
        ],
        b"",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["files"], 1);
}
