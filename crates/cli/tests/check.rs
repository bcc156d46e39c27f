//! `websyntax check`: the three formats, exit statuses, a directory run and stdin.

mod support;

use std::path::PathBuf;

use serde_json::Value;
use support::{code_out_err, run, run_in};

const CLEAN: &str = "<!DOCTYPE html><html lang=en><meta charset=utf-8><title>ok</title><p>fine";
const BROKEN: &str =
    "<!DOCTYPE html><html lang=en><meta charset=utf-8><title>t</title>\n<p tabindex=x>a</div>";

/// A fresh directory under the system temp dir.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("websyntax-check-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn gnu_format_lines() {
    // Warnings and errors by default; `--severity info` adds the info lines.
    let (code, out, _) = code_out_err(run(&["check", "--format", "gnu", "-"], BROKEN.as_bytes()));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "-:2:13: error: `tabindex` on `<p>` must be a valid integer, not \"x\" [invalid-integer]",
            "-:2:16: error: stray end tag `</div>`: no such element is open here (ignored) [unexpected-end-tag-not-in-scope]",
        ]
    );
    let (code, out, _) = code_out_err(run(
        &["check", "--format", "gnu", "--severity", "info", "-"],
        BROKEN.as_bytes(),
    ));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "-:1:1: info: decoded as UTF-8 (certain): meta prescan, confirmed by <meta> [encoding-determined]",
            "-:2:13: error: `tabindex` on `<p>` must be a valid integer, not \"x\" [invalid-integer]",
            "-:2:16: error: stray end tag `</div>`: no such element is open here (ignored) [unexpected-end-tag-not-in-scope]",
        ]
    );
}

#[test]
fn gnu_is_the_default_off_a_terminal_and_the_summary_goes_to_stderr() {
    let (code, out, err) = code_out_err(run(&["check"], BROKEN.as_bytes()));
    assert_eq!(code, 1);
    assert!(out.lines().all(|l| l.starts_with("-:")), "{out}");
    assert_eq!(err.trim(), "checked 1 file: 2 errors, 0 warnings, 0 info");
}

#[test]
fn json_format_follows_the_contract() {
    let (code, out, _) = code_out_err(run(&["check", "--format", "json"], BROKEN.as_bytes()));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1);
    let v: Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["file"], "-");
    assert_eq!(v["encoding"], "UTF-8");
    let diagnostics = v["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 3);
    for d in diagnostics {
        assert!(
            ["parse", "encoding", "url", "attribute"].contains(&d["category"].as_str().unwrap())
        );
        assert!(["error", "warning", "info"].contains(&d["severity"].as_str().unwrap()));
        assert!(d["code"].is_string() && d["message"].is_string());
        assert!(d["line"].as_u64().unwrap() >= 1 && d["col"].as_u64().unwrap() >= 1);
        assert!(d["span"].is_null() || d["span"].as_array().unwrap().len() == 2);
    }
    let attr = &diagnostics[1];
    assert_eq!(attr["category"], "attribute");
    let span = attr["span"].as_array().unwrap();
    let (s, e) = (
        span[0].as_u64().unwrap() as usize,
        span[1].as_u64().unwrap() as usize,
    );
    assert_eq!(&BROKEN[s..e], "x");
}

#[test]
fn human_format_shows_the_line_and_underlines_the_span() {
    let (code, out, _) = code_out_err(run(&["check", "--format", "human"], BROKEN.as_bytes()));
    assert_eq!(code, 1);
    assert!(!out.contains('\x1b'), "no colour off a terminal");
    let expected = "\
error[attribute/invalid-integer]: `tabindex` on `<p>` must be a valid integer, not \"x\"
 --> -:2:13
  |
2 | <p tabindex=x>a</div>
  |             ^
";
    assert!(out.contains(expected), "{out}");
    assert!(
        out.contains(&format!("  |{}^^^^^^\n", " ".repeat(16))),
        "{out}"
    );
    assert!(
        out.ends_with("checked 1 file: 2 errors, 0 warnings, 1 info\n"),
        "{out}"
    );
}

#[test]
fn exit_statuses() {
    // No errors: 0; warnings only: 0.
    let (code, _, _) = code_out_err(run(&["check"], CLEAN.as_bytes()));
    assert_eq!(code, 0);
    let legacy = b"<!DOCTYPE html><html lang=en><meta charset=windows-1252><title>t</title>";
    let (code, out, _) = code_out_err(run(&["check"], legacy));
    assert_eq!(code, 0);
    assert!(out.contains("warning:"), "{out}");
    // Errors: 1.
    let (code, _, _) = code_out_err(run(&["check"], BROKEN.as_bytes()));
    assert_eq!(code, 1);
    // Usage and I/O errors: 2.
    let (code, _, err) = code_out_err(run(&["check", "--format", "xml"], b""));
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = code_out_err(run(&["check", "/no/such/file.html"], b""));
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /no/such/file.html"), "{err}");
    let (code, _, _) = code_out_err(run(&["check", "--base", "not a url"], b""));
    assert_eq!(code, 2);
    let (code, _, _) = code_out_err(run(&["check", "-", "-"], b""));
    assert_eq!(code, 2);
}

#[test]
fn directory_run() {
    let dir = scratch("dir");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a.html"), CLEAN).unwrap();
    std::fs::write(dir.join("sub/b.htm"), BROKEN).unwrap();
    std::fs::write(dir.join("notes.txt"), "<p tabindex=x>").unwrap();
    let (code, out, err) = code_out_err(run_in(
        Some(dir.to_str().unwrap()),
        &["check", "--format", "json", "."],
        b"",
    ));
    assert_eq!(code, 1, "{err}");
    let files: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["file"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(files, ["./a.html", "./sub/b.htm"]);
    assert!(err.contains("checked 2 files: 2 errors"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stdin_and_files_together() {
    let dir = scratch("mixed");
    std::fs::write(dir.join("a.html"), CLEAN).unwrap();
    let a = dir.join("a.html");
    let (code, out, _) = code_out_err(run(
        &[
            "check",
            "--format",
            "gnu",
            "--severity=info",
            a.to_str().unwrap(),
            "-",
        ],
        BROKEN.as_bytes(),
    ));
    assert_eq!(code, 1);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("{}:1:1: info:", a.display())),
        "{out}"
    );
    assert!(
        out.lines().last().unwrap().starts_with("-:2:16: error:"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn document_flags() {
    // An unknown transport label is a usage error.
    let (code, _, err) = code_out_err(run(&["check", "--transport", "utf-9"], CLEAN.as_bytes()));
    assert_eq!(code, 2, "{err}");
    // Without autodetection, the locale picks the default encoding.
    let page = b"<!DOCTYPE html><html lang=ja><title>\x82\xa0</title>";
    let (_, out, _) = code_out_err(run(
        &[
            "check",
            "--format",
            "json",
            "--no-autodetect",
            "--locale",
            "ja",
        ],
        page,
    ));
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["encoding"], "Shift_JIS");
}

#[test]
fn transport_charset() {
    let bytes = b"<!DOCTYPE html><html lang=en><meta charset=windows-1252><title>t</title>";
    let (code, out, _) = code_out_err(run(&["check", "--transport", "utf-8"], bytes));
    assert_eq!(code, 1);
    assert!(out.contains("[encoding-declaration-mismatch]"), "{out}");
}
