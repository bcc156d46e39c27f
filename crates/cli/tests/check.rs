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

/// Runs `websyntax ARGS` with `stdin` and closes its stdout at once (as `| head -0` would).
fn run_with_closed_stdout(args: &[&str], stdin: Vec<u8>) -> i32 {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_websyntax"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let status = child.wait().unwrap();
    writer.join().unwrap();
    status.code().unwrap_or(-1)
}

#[test]
fn a_closed_stdout_keeps_the_exit_status_the_results_warrant() {
    // Far more output than a pipe holds, so that writing meets the closed pipe.
    let mut errors = String::from(CLEAN);
    let mut warnings = String::from(CLEAN);
    for i in 0..5000 {
        errors.push_str(&format!("\n<p tabindex=x{i}>"));
        warnings.push_str(&format!("\n<a href='/a b{i}'>x</a>"));
    }
    for format in ["gnu", "json", "human"] {
        let args = ["check", "--format", format, "-"];
        assert_eq!(
            run_with_closed_stdout(&args, errors.clone().into_bytes()),
            1
        );
        assert_eq!(
            run_with_closed_stdout(&args, warnings.clone().into_bytes()),
            0
        );
    }
}

#[test]
fn grouped_diagnostics_have_a_count() {
    let page = format!(
        "{CLEAN}<a href=\"mailto:{}x@example.org\">m</a>",
        "a ".repeat(137)
    );
    let (_, out, _) = code_out_err(run(&["check", "--format", "gnu"], page.as_bytes()));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert!(
        lines[0].ends_with("(\u{d7}137) [invalid-URL-unit]"),
        "{out}"
    );
    let (_, out, _) = code_out_err(run(&["check", "--format", "json"], page.as_bytes()));
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let d = &v["diagnostics"][1];
    assert_eq!(d["code"], "invalid-URL-unit");
    assert_eq!(d["count"], 137);
    assert!(d["related"].is_null());
    assert_eq!(v["diagnostics"][0]["count"], 1);
}

#[test]
fn eof_errors_show_where_the_construct_began() {
    let page = "<!DOCTYPE html><html lang=en><meta charset=utf-8><title>t</title>\n<!-- never closed\n<p>x";
    let (_, out, _) = code_out_err(run(&["check", "--format", "json"], page.as_bytes()));
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let d = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "eof-in-comment")
        .unwrap();
    let r = &d["related"];
    assert_eq!((r["line"].as_u64(), r["col"].as_u64()), (Some(2), Some(1)));
    assert_eq!(r["message"], "the comment starts here");
    let s = r["span"][0].as_u64().unwrap() as usize;
    let e = r["span"][1].as_u64().unwrap() as usize;
    assert_eq!(&page[s..e], "<!--");
    let (_, out, _) = code_out_err(run(&["check", "--format", "human"], page.as_bytes()));
    let expected = "\
error[parse/eof-in-comment]: the file ends inside a comment
 --> -:3:5
  |
3 | <p>x
  |     ^
note: the comment starts here
 --> -:2:1
  |
2 | <!-- never closed
  | ^^^^
";
    assert!(out.contains(expected), "{out}");
}

#[test]
fn filter_flags() {
    let page = format!("{BROKEN}<a href='/a b'>x</a>");
    let codes = |args: &[&str]| -> (i32, Vec<String>) {
        let mut all = vec!["check", "--format", "json"];
        all.extend_from_slice(args);
        let (code, out, _) = code_out_err(run(&all, page.as_bytes()));
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        let codes = v["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_owned())
            .collect();
        (code, codes)
    };
    let (code, all) = codes(&[]);
    assert_eq!(code, 1);
    assert_eq!(
        all,
        [
            "encoding-determined",
            "invalid-integer",
            "unexpected-end-tag-not-in-scope",
            "invalid-URL-unit"
        ]
    );
    assert_eq!(
        codes(&["--severity", "warning"]).1,
        [
            "invalid-integer",
            "unexpected-end-tag-not-in-scope",
            "invalid-URL-unit"
        ]
    );
    assert_eq!(
        codes(&["--severity", "error"]).1,
        ["invalid-integer", "unexpected-end-tag-not-in-scope"]
    );
    // Ignoring every error: status 0.
    let (code, left) = codes(&[
        "--ignore",
        "invalid-integer,encoding-determined",
        "--ignore=unexpected-end-tag-not-in-scope",
    ]);
    assert_eq!((code, left), (0, vec!["invalid-URL-unit".to_owned()]));
    assert_eq!(
        codes(&["--only", "url", "--only", "attribute"]).1,
        ["invalid-integer", "invalid-URL-unit"]
    );
    let (code, _, err) = code_out_err(run(&["check", "--only", "content"], page.as_bytes()));
    assert_eq!(code, 2, "{err}");
    // --max-per-file: the first N; the others counted.
    let (code, out, err) = code_out_err(run(
        &["check", "--format", "json", "--max-per-file", "2"],
        page.as_bytes(),
    ));
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["diagnostics"].as_array().unwrap().len(), 2);
    assert_eq!(v["omitted"], 2);
    assert!(
        err.contains("checked 1 file: 2 errors, 1 warning, 1 info"),
        "{err}"
    );
    let (_, out, err) = code_out_err(run(
        &["check", "--format", "gnu", "--max-per-file", "1"],
        page.as_bytes(),
    ));
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(err.contains("-: 2 more diagnostics not shown"), "{err}");
}

#[test]
fn binary_input_is_one_diagnostic() {
    let zeros = vec![0u8; 1 << 20];
    let (code, out, _) = code_out_err(run(&["check", "--format", "gnu"], &zeros));
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("-:1:1: error: this is not a text file"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("[binary-input]"), "{out}");
}

#[test]
fn a_directory_without_pages_is_a_warning() {
    let dir = scratch("empty");
    std::fs::write(dir.join("notes.txt"), "x").unwrap();
    let (code, out, err) = code_out_err(run(&["check", dir.to_str().unwrap()], b""));
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains(&format!(
            "websyntax: warning: {} holds no *.html or *.htm file",
            dir.display()
        )),
        "{err}"
    );
    assert!(err.contains("checked 0 files"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_undeclared_legacy_page_is_not_told_to_declare_utf8() {
    let mut page = b"<!DOCTYPE html><html lang=ru><title>".to_vec();
    for _ in 0..20 {
        page.extend_from_slice(
            b"\xcf\xf0\xe8\xe2\xe5\xf2 \xec\xe8\xf0, \xfd\xf2\xee \xf2\xe5\xf1\xf2 ",
        );
    }
    page.extend_from_slice(b"</title>");
    let (_, out, _) = code_out_err(run(&["check", "--format", "gnu"], &page));
    let line = out
        .lines()
        .find(|l| l.ends_with("[no-encoding-declaration]"))
        .unwrap();
    assert!(line.contains("<meta charset=\"windows-1251\">"), "{line}");
    assert!(line.contains("convert the file to UTF-8"), "{line}");
}

#[test]
fn many_files_stream_out_in_the_order_given() {
    // More files than the reorder window, of very different sizes, so that workers finish
    // out of order.
    let dir = scratch("many");
    let mut names = Vec::new();
    for i in 0..60 {
        let name = format!("p{i:02}.html");
        let mut page = String::from(BROKEN);
        if i % 7 == 0 {
            for k in 0..3000 {
                page.push_str(&format!("<p tabindex=y{k}>"));
            }
        }
        std::fs::write(dir.join(&name), page).unwrap();
        names.push(format!("./{name}"));
    }
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
    assert_eq!(files, names);
    let _ = std::fs::remove_dir_all(&dir);
}
