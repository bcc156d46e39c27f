//! What a new user meets first: one test per point (encoding autodetection, `<meta charset>`
//! kept true, attribute escaping, broken pipes, batch lines, stdin and symlink loops, flags,
//! streamed and flat dumps, grouped decoding errors, docs and packaging, `xmlns xmlns`,
//! `valid-float`, IDNA), each running the built binary.

mod support;

use std::process::{Command, Stdio};

use serde_json::Value;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    support::code_out_err(support::run_in(Some(ROOT), args, stdin))
}

fn tmp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("websyntax-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

// 1. A UTF-8 page without any declaration is autodetected by default.
#[test]
fn p01_autodetects_undeclared_utf8_and_flags_turn_it_off() {
    let page = "<title>Unbabel \u{2013} Take 2</title><p>caf\u{e9} na\u{ef}ve r\u{e9}sum\u{e9}";
    let (code, out, _) = run(&["html", "parse", "--output", "json"], page.as_bytes());
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["encoding"], "UTF-8");
    assert_eq!(v["why"], "autodetected");
    assert!(out.contains("Unbabel \u{2013} Take 2"), "{out}");
    // --no-autodetect: the spec's default (windows-1252), mojibake as before.
    let (_, out, _) = run(
        &["html", "parse", "--output", "json", "--no-autodetect"],
        page.as_bytes(),
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["encoding"].as_str(), v["why"].as_str()),
        (Some("windows-1252"), Some("default"))
    );
    // --locale picks the table's default; --default-encoding names one.
    let (_, out, _) = run(
        &[
            "html",
            "parse",
            "--output",
            "json",
            "--no-autodetect",
            "--locale",
            "ja",
        ],
        b"<p>x",
    );
    assert!(out.contains("\"encoding\":\"Shift_JIS\""), "{out}");
    let (_, out, _) = run(
        &[
            "html",
            "parse",
            "--output",
            "json",
            "--no-autodetect",
            "--default-encoding",
            "koi8-r",
        ],
        b"<p>x",
    );
    assert!(out.contains("\"encoding\":\"KOI8-R\""), "{out}");
    // A declaration still wins over autodetection.
    let (_, out, _) = run(
        &["html", "parse", "--output", "json"],
        b"<meta charset=windows-1252><p>caf\xE9",
    );
    assert!(out.contains("\"why\":\"meta prescan"), "{out}");
    let (code, _, err) = run(&["html", "parse", "--default-encoding", "bogus"], b"");
    assert_eq!(code, 2, "{err}");
}

// 2. `--output html` of a whole document keeps its encoding declaration true.
#[test]
fn p02_meta_charset_follows_the_output_encoding() {
    let (code, out, _) = run(
        &[
            "html",
            "parse",
            "samples/shift_jis.html",
            "--output",
            "html",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(out.contains("<meta charset=\"UTF-8\">"), "{out}");
    assert!(!out.to_ascii_lowercase().contains("shift_jis\""), "{out}");
    // The output is the serialization and a newline; re-parsing the serialization (with the
    // library's spec defaults) gives the same text.
    let serialization = out.strip_suffix('\n').expect("ends with a newline");
    let (_, again, _) = run(
        &["html", "parse", "-", "--output", "html", "--no-autodetect"],
        serialization.as_bytes(),
    );
    assert_eq!(again, out);
    // No declaration at all: one is inserted at the start of head.
    let (_, out, _) = run(
        &["html", "parse", "--output", "html"],
        "<title>caf\u{e9}</title>".as_bytes(),
    );
    assert!(
        out.starts_with("<html><head><meta charset=\"UTF-8\"><title>"),
        "{out}"
    );
    // --output-encoding writes other bytes and declares them.
    let o = support::run_in(
        Some(ROOT),
        &[
            "html",
            "parse",
            "samples/shift_jis.html",
            "--output",
            "html",
            "--output-encoding",
            "euc-jp",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("<meta charset=\"EUC-JP\">"));
    let (_, reparsed, _) = run(
        &["html", "parse", "-", "--output", "html", "--no-autodetect"],
        &o.stdout,
    );
    assert!(reparsed.contains("websyntax のサンプル"), "{reparsed}");
}

// 4. `<` and `>` in attribute values are escaped.
#[test]
fn p04_attribute_values_escape_lt_gt() {
    let (_, out, _) = run(
        &["html", "parse", "--fragment", "div", "--output", "html"],
        b"<p title=\"&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;\">",
    );
    assert_eq!(
        out,
        "<p title=\"&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;\"></p>\n"
    );
}

/// Runs `websyntax ARGS` with stdout a pipe whose reader is already closed.
fn run_with_closed_stdout(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_websyntax"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut pipe = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

// 5. A closed stdout ends every subcommand quietly with status 0.
#[test]
fn p05_broken_pipe_is_a_quiet_success() {
    let big = "<p a=b>x</p>".repeat(20_000);
    for args in [
        &["html", "parse", "--output", "json"][..],
        &["html", "parse", "--output", "tree"],
        &["html", "parse", "--output", "html"],
        &["html", "parse", "--output", "stats"],
        &["html", "tokens"],
        &["url", "parse", "http://a/"],
        &["iri", "check", "http://a/"],
        &["microsyntax", "integer", "12"],
        &["encoding", "decode", "--encoding", "utf-8"],
    ] {
        let (code, err) = run_with_closed_stdout(args, big.as_bytes());
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
}

// 6. One output line per input line, blank lines included.
#[test]
fn p06_jsonl_blank_lines_get_error_lines() {
    let input = b"{\"data\": \"<p>\"}\n\n   \n{\"data\": \"x\"}\n";
    let (code, out, _) = run(&["html", "parse", "--jsonl"], input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[1].starts_with("{\"error\":"), "{out}");
    assert!(lines[2].starts_with("{\"error\":"), "{out}");
    assert!(lines[3].starts_with("{\"errors\":") || lines[3].contains("\"tree\""));
}

// 7. Stdin at most once; symlink loops in a directory walk visit each file once.
#[test]
fn p07_stdin_once_and_symlink_loops() {
    let (code, _, err) = run(&["html", "parse", "-", "-", "--output", "stats"], b"<p>");
    assert_eq!(code, 2);
    assert!(err.contains("more than once"), "{err}");
    #[cfg(unix)]
    {
        let d = tmp_dir("loops");
        std::fs::create_dir_all(d.join("sub")).unwrap();
        std::fs::write(d.join("sub/a.html"), "<p>x").unwrap();
        std::os::unix::fs::symlink("..", d.join("sub/up")).unwrap();
        std::os::unix::fs::symlink(".", d.join("l1")).unwrap();
        std::os::unix::fs::symlink(".", d.join("l2")).unwrap();
        let p = d.to_str().unwrap();
        let (code, out, err) = run(&["html", "parse", "--output", "stats", p], b"");
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["files"], 1, "{out}");
        let _ = std::fs::remove_dir_all(&d);
    }
}

// 8. Fragment contexts, a failing base, and unknown labels.
#[test]
fn p08_fragment_contexts_base_failure_and_labels() {
    let (code, _, err) = run(&["html", "parse", "--fragment", "svg"], b"<g/>");
    assert_eq!(code, 2);
    assert!(err.contains("svg svg"), "{err}");
    let (code, _, err) = run(&["html", "parse", "--fragment", "math"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("math math"), "{err}");
    let (code, out, _) = run(&["html", "parse", "--fragment", "svg svg"], b"<g/>");
    assert_eq!((code, out.as_str()), (0, "| <svg g>\n"));
    let (code, out, err) = run(&["url", "parse", "x", "--base", "notabase"], b"");
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["baseFailure"], true);
    assert!(err.contains("base URL \"notabase\" failed"), "{err}");
    let (c1, _, _) = run(&["html", "parse", "--encoding", "bogus"], b"");
    let (c2, _, _) = run(&["encoding", "decode", "--encoding", "bogus"], b"");
    assert_eq!((c1, c2), (2, 2));
}

// 9. A deep tree dump is streamed; `--flat` gives one node per line.
#[test]
fn p09_deep_tree_streams_and_flat_json() {
    let deep = "<div>".repeat(20_000);
    let (code, out, _) = run(
        &["html", "parse", "--output", "tree", "--max-depth", "none"],
        deep.as_bytes(),
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3 + 20_000);
    assert!(out.ends_with("<div>\n"));
    let (code, out, _) = run(
        &[
            "html",
            "parse",
            "--output",
            "json",
            "--flat",
            "--max-depth",
            "none",
        ],
        deep.as_bytes(),
    );
    assert_eq!(code, 0);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines[0]["type"], "document");
    assert_eq!(lines[0]["id"], 0);
    // html, head, body, 20,000 divs; then the parse errors.
    let nodes: Vec<&Value> = lines.iter().filter(|v| v.get("parent").is_some()).collect();
    assert_eq!(nodes.len(), 3 + 20_000);
    assert_eq!(nodes[3]["parent"], nodes[2]["id"]);
    assert_eq!(nodes[20_002]["parent"], nodes[20_001]["id"]);
    assert!(lines.iter().any(|v| v["type"] == "error"));
    let (code, _, _) = run(&["html", "parse", "--flat"], b"");
    assert_eq!(code, 2);
}

// 10. Adjacent decoding errors are one line, with LINE:COL.
#[test]
fn p10_decoding_errors_are_grouped() {
    let mut bytes = b"<p>ok\n ab".to_vec();
    bytes.extend_from_slice(&[0xFF; 1000]);
    bytes.extend_from_slice(b"c\xFF");
    let (code, _, err) = run(
        &["html", "parse", "--encoding", "utf-8", "--output", "errors"],
        &bytes,
    );
    assert_eq!(code, 0);
    assert_eq!(
        err,
        "websyntax: decoding error: 2:4-2:1003 1000 malformed byte sequences in UTF-8 (bytes 9..1009)\n\
         websyntax: decoding error: 2:1005 1 malformed byte sequence in UTF-8 (bytes 1010..1011)\n"
    );
}

// 11. `cargo doc` must not collide: the binary is not documented.
#[test]
fn p11_binary_has_doc_false() {
    let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    let bin = toml.split("[[bin]]").nth(1).expect("a [[bin]] section");
    assert!(bin.contains("doc = false"), "{bin}");
}

// 12. User docs read as user docs.
#[test]
fn p12_docs_have_no_internal_leftovers() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap();
    assert!(readme.contains("cargo install --locked --path crates/cli"));
    assert!(readme.contains("websyntax = "), "a dependency line");
    let root_toml = std::fs::read_to_string(format!("{ROOT}/Cargo.toml")).unwrap();
    assert!(!root_toml.contains("example.invalid"));
    for entry in std::fs::read_dir(format!("{ROOT}/docs")).unwrap() {
        let path = entry.unwrap().path();
        // conformance.md and performance.md record how runs were made (paths included).
        let records = path.ends_with("conformance.md") || path.ends_with("performance.md");
        if path.extension().is_some_and(|e| e == "md") && !records {
            let text = std::fs::read_to_string(&path).unwrap();
            for bad in ["../shared", "yours to design"] {
                assert!(!text.contains(bad), "{} mentions {bad:?}", path.display());
            }
        }
    }
    assert!(!readme.contains("../shared"));
}

// 13. The tree dump prints an `xmlns` attribute as `xmlns xmlns`.
#[test]
fn p13_xmlns_attribute_in_tree_dump() {
    let (_, out, _) = run(
        &["html", "parse", "--fragment", "div"],
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"></svg><math xmlns=\"http://www.w3.org/1998/Math/MathML\"></math>",
    );
    assert_eq!(
        out,
        "| <svg svg>\n|   xmlns xlink=\"http://www.w3.org/1999/xlink\"\n|   xmlns xmlns=\"http://www.w3.org/2000/svg\"\n| <math math>\n|   xmlns xmlns=\"http://www.w3.org/1998/Math/MathML\"\n"
    );
}

// 14. `valid-float` is a syntax.
#[test]
fn p14_valid_float_overflow_is_still_valid() {
    let (code, out, _) = run(&["microsyntax", "valid-float", "2e308"], b"");
    assert_eq!((code, out.as_str()), (0, "{\"value\":true}\n"));
    let (code, _, _) = run(&["microsyntax", "float", "2e308"], b"");
    assert_eq!(code, 1);
}

// 15. A label that begins with `xn--` after Punycode decoding is invalid.
#[test]
fn p15_xn_xn_labels_fail() {
    for url in ["https://xn--xn--a--gua.pt/x", "https://xn--xn---epa/x"] {
        let (code, out, _) = run(&["url", "parse", url], b"");
        assert_eq!(code, 1, "{url}: {out}");
        assert!(out.contains("\"failure\":true"), "{out}");
    }
}

// 16. Error counts where the spec text gives one more error than html5lib-tests lists.
#[test]
fn p16_foreign_end_tag_falling_through_is_two_errors() {
    let line = |data: &str, ctx: &str| {
        serde_json::json!({"data": data, "fragment": ctx, "scripting": true}).to_string() + "\n"
    };
    let input = line("<math><tbody><mo></table>", "tbody") + &line("<g></path>X", "svg path");
    let (code, out, _) = run(&["html", "parse", "--jsonl"], input.as_bytes());
    assert_eq!(code, 0);
    let codes: Vec<Vec<String>> = out
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["errors"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["code"].as_str().unwrap().to_owned())
                .collect()
        })
        .collect();
    assert_eq!(
        codes[0],
        [
            "unexpected-token-in-table",
            "unexpected-end-tag-in-foreign-content",
            "unexpected-token-in-table-body",
            "eof-with-open-elements"
        ]
    );
    assert_eq!(
        codes[1],
        [
            "unexpected-end-tag-in-foreign-content",
            "unexpected-end-tag",
            "eof-with-open-elements"
        ]
    );
}
