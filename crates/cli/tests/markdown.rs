//! `websyntax markdown` and `websyntax text --main`, run as a binary.

mod support;

use std::path::PathBuf;

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    support::code_out_err(support::run(args, stdin))
}

/// A fresh directory of pages for one test.
fn pages(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("markdown-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, data) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, data).unwrap();
    }
    dir
}

const ARTICLE: &[u8] = b"<!DOCTYPE html><title>The title</title>\
    <nav><a href=/>Home</a> <a href=/news>News</a></nav>\
    <article><h1>Headline</h1><p>The first paragraph of the story, long enough to count, \
    with commas, clauses, and <a href=more.html>a link</a>.</p><h2>Part two</h2>\
    <p>A second paragraph, also with words, and one more clause.</p>\
    <ul class=share><li><a href=/t>Tweet</a></ul></article>\
    <footer>(c) Example</footer>";

#[test]
fn markdown_of_a_whole_document() {
    let (code, out, err) = run(
        &["markdown"],
        b"<h1>T</h1><p>a <em>b</em> <code>c</code><ul><li>x<li>y</ul><script>no()</script>",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "# T\n\na *b* `c`\n\n- x\n- y\n");
}

#[test]
fn main_content_and_base_url() {
    let (code, out, err) = run(
        &[
            "markdown",
            "--main",
            "--base",
            "https://example.org/news/a.html",
        ],
        ARTICLE,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "The first paragraph of the story, long enough to count, with commas, clauses, and \
         [a link](https://example.org/news/more.html).\n\n## Part two\n\n\
         A second paragraph, also with words, and one more clause.\n"
    );
}

#[test]
fn text_main() {
    let (code, out, err) = run(&["text", "--main"], ARTICLE);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("The first paragraph"), "{out}");
    assert!(!out.contains("Home") && !out.contains("Tweet") && !out.contains("(c)"));
    let (_, all, _) = run(&["text"], ARTICLE);
    assert!(all.contains("Home") && all.contains("Tweet"));
}

#[test]
fn jsonl_one_object_per_document() {
    let dir = pages(
        "jsonl",
        &[("a.html", ARTICLE), ("b/c.html", b"<p>only <b>this</b>")],
    );
    let (code, out, err) = run(
        &["markdown", "--jsonl", "--main", dir.to_str().unwrap()],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0]["file"].as_str().unwrap().ends_with("a.html"));
    assert_eq!(lines[0]["title"], "The title");
    assert!(
        lines[0]["markdown"]
            .as_str()
            .unwrap()
            .contains("## Part two")
    );
    assert!(lines[1]["file"].as_str().unwrap().ends_with("c.html"));
    assert_eq!(lines[1]["title"], serde_json::Value::Null);
    assert_eq!(lines[1]["markdown"], "only **this**\n");
}

#[test]
fn options_and_errors() {
    let page = b"<p><a href=/x>x</a> <img src=i.png alt=i>";
    let (_, out, _) = run(
        &[
            "markdown",
            "--reference-links",
            "--no-images",
            "-b",
            "http://h/",
        ],
        page,
    );
    assert_eq!(out, "[x][1]\n\n[1]: http://h/x\n");
    let (code, _, err) = run(&["markdown", "--base", "not a url"], page);
    assert_eq!(code, 2);
    assert!(err.contains("--base"), "{err}");
    let (code, out, _) = run(&["markdown", "--help"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("websyntax markdown --main"));
}

#[test]
fn links_that_could_run_script() {
    let page: &[u8] = b"<a href='javascript&amp;colon;alert(1)'>r</a> <a href='\x01JavaScript:x'>j</a> \
        <a href='vbscript:x'>v</a> <img src='data:text/html,x' alt=d> <img src='data:image/png,x' alt=p>";
    let (code, out, err) = run(&["markdown"], page);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "[r](javascript&amp;colon;alert\\(1\\)) j v d ![p](data:image/png,x)\n"
    );
    let (code, out, err) = run(&["markdown", "--unsafe-links"], page);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "[r](javascript&amp;colon;alert\\(1\\)) [j](javascript:x) [v](vbscript:x) \
         ![d](data:text/html,x) ![p](data:image/png,x)\n"
    );
}

/// A page without a single main text (links only, as an index): `--main` prints nothing and
/// says so on stderr; `--jsonl` carries `"main": {"found", "score"}`.
#[test]
fn main_content_not_found() {
    let index = "<ul><li><a href=/1>A headline of a story</a> (example.org)\
                 <li><a href=/2>Another headline of a story</a> (example.com)</ul>"
        .repeat(20);
    for cmd in ["markdown", "text"] {
        let (code, out, err) = run(&[cmd, "--main"], index.as_bytes());
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, "", "{cmd}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("websyntax: warning: -: no main content found (score 0.00 of 1)"),
            "{err}"
        );
        let (_, out, err) = run(&[cmd, "--main", "--jsonl"], index.as_bytes());
        assert_eq!(err, "");
        let v: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
        assert_eq!(v["main"], serde_json::json!({"found": false, "score": 0.0}));
    }
    // An article: found, a score near 1 and no warning; no "main" without --main.
    let (_, out, err) = run(&["markdown", "--main", "--jsonl"], ARTICLE);
    assert_eq!(err, "");
    let v: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert_eq!(v["main"]["found"], true);
    assert!(v["main"]["score"].as_f64().unwrap() > 0.5, "{v}");
    let (_, out, _) = run(&["markdown", "--jsonl"], ARTICLE);
    let v: serde_json::Value = serde_json::from_str(out.trim_end()).unwrap();
    assert!(v.get("main").is_none());
    // Found, but nothing left: one warning line too.
    let (code, out, err) = run(&["text", "--main"], b"<p>  </p>");
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
}
