//! Real crawls: right text by default, no crash or runaway on hostile pages, the habits
//! htmlq users bring. Each test runs the built binary.

mod support;

use std::path::PathBuf;

use serde_json::Value;

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    support::code_out_err(support::run(args, stdin))
}

fn dir(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("crawl-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (path, data) in files {
        std::fs::write(dir.join(path), data).unwrap();
    }
    dir
}

fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

const UNDECLARED_UTF8: &str = "<title>Unbabel – Take 2</title><p>naïve café";

#[test]
fn every_command_autodetects_the_same_encoding() {
    let sjis = b"<p>\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83\x79\x81\x5b\x83\x57\x82\xc5\x82\xb7\x81\x42\
                 \x82\xb1\x82\xea\x82\xcd\x92\xb7\x82\xdf\x82\xcc\x95\xb6\x8f\xcd\x82\xc5\x82\xb7\x81\x42";
    let d = dir("sniff", &[("p.html", sjis)]);
    let file = d.join("p.html");
    let file = file.to_str().unwrap();
    let (_, sniffed, _) = run(&["encoding", "sniff", file], b"");
    let (_, parsed, _) = run(&["html", "parse", "--output", "json", file], b"");
    let parsed: Value = serde_json::from_str(&parsed).unwrap();
    assert_eq!(sniffed.trim(), "Shift_JIS tentative");
    assert_eq!(parsed["encoding"], "Shift_JIS");
    let (_, text, _) = run(&["text", "--jsonl", "-"], UNDECLARED_UTF8.as_bytes());
    assert_eq!(json_lines(&text)[0]["title"], "Unbabel – Take 2");
}

#[test]
fn links_of_a_local_file_resolve_against_its_file_url() {
    let d = dir(
        "links",
        &[("page.html", b"<a href=b.html>b</a><img src=img/x.png>")],
    );
    let file = d.join("page.html");
    let (code, out, err) = run(&["links", file.to_str().unwrap()], b"");
    assert_eq!(code, 0, "{err}");
    let links = json_lines(&out);
    let expect = format!("file://{}/b.html", d.display());
    assert_eq!(links[0]["url"], expect.as_str());
    assert!(links.iter().all(|l| !l["url"].is_null()), "{out}");
    // --base still wins; stdin has no URL of its own.
    let (_, out, _) = run(
        &[
            "links",
            "--base",
            "https://example.org/",
            file.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(json_lines(&out)[0]["url"], "https://example.org/b.html");
    let (_, out, _) = run(&["links"], b"<a href=b.html>b</a>");
    assert!(json_lines(&out)[0]["url"].is_null());
}

#[test]
fn deep_documents_do_not_crash_any_command() {
    let deep = "<div>".repeat(1_000_000) + "<p>x</p><a href=/y>y</a>";
    let d = dir("deep", &[("d.html", deep.as_bytes())]);
    let file = d.join("d.html");
    let file = file.to_str().unwrap();
    for limit in [&["--max-depth", "none"][..], &[][..]] {
        let with = |args: &[&str]| -> Vec<String> {
            let mut v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            v.extend(limit.iter().map(|s| s.to_string()));
            v.push(file.to_owned());
            v
        };
        for args in [
            with(&["text"]),
            // (Printing every `div:has(p)` would print the document a million times over.)
            with(&["select", "div:has(p) > p", "--jsonl"]),
            with(&["select", "div:has(> p)"]),
            with(&["select", "div:has(p)", "-a", "id"]),
            with(&["select", "p", "-t"]),
            with(&["links", "--base", "https://e.org/"]),
            with(&["html", "parse", "--output", "html"]),
            with(&["html", "parse", "--output", "json", "--flat"]),
            with(&["check", "--format", "json"]),
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, out, err) = run(&args, b"");
            assert!(
                code == 0 || (args[0] == "check" && code == 1),
                "{args:?}: {code} {err}"
            );
            assert!(!out.is_empty() || args.contains(&"id"), "{args:?}");
            // A flattened tree is worth a warning, except to `check` (its findings do not
            // depend on how deep the elements hang).
            if limit.is_empty() && args[0] != "check" {
                assert!(err.contains("--max-depth none"), "{args:?}: {err}");
            }
        }
    }
}

/// A tree the depth limit flattened into a shape no string parses back to (`<table><th>` at
/// depth 3) is reported as a limit reached, not printed as an empty string.
#[test]
fn sanitize_reports_a_depth_limit_with_no_stable_output() {
    let (code, out, err) = run(&["sanitize", "--max-depth", "3"], b"<table><th>");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("the depth limit (3 levels)"), "{err}");
    assert!(err.contains("--max-depth"), "{err}");
    let (code, out, _) = run(&["sanitize", "--max-depth", "4"], b"<table><th>");
    assert_eq!(code, 0);
    assert_eq!(
        out.trim_end(),
        "<table><tbody><tr><th></th></tr></tbody></table>"
    );
}

#[test]
fn node_budget_is_an_error_not_an_abort() {
    let n = 3000;
    let mut page = String::new();
    for i in 0..n {
        page.push_str(&format!("<b {i}>"));
    }
    for i in 0..n {
        page.push_str(&format!("<i {i}>"));
    }
    page.push_str(&"x</b>".repeat(n));
    let d = dir(
        "nodes",
        &[("a.html", page.as_bytes()), ("b.html", b"<p>fine")],
    );
    let (code, out, err) = run(&["text", d.to_str().unwrap()], b"");
    assert_eq!(code, 2, "{err}");
    // lexbor 340's shape reaches the clone limit (which goes with the node limit) first.
    assert!(
        err.contains("clone limit") && err.contains("--max-nodes"),
        "{err}"
    );
    // The other page is still processed.
    assert_eq!(out, "fine\n");
    let (code, _, err) = run(&["text", "--max-nodes", "none", "-"], b"<p>x");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(
        &["text", "--max-nodes", "10", "-"],
        "<p>x".repeat(100).as_bytes(),
    );
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = run(&["text", "--max-nodes", "lots", "-"], b"");
    assert_eq!(code, 2);
}

#[test]
fn an_endless_jsonl_line_is_an_error_for_that_line() {
    // A line of more than 256 MiB, then a good line: two answers, memory stays bounded.
    let mut input = vec![b'x'; (256 << 20) + 10];
    input.extend_from_slice(b"\n{\"input\": \"https://a.example/\"}\n");
    let (code, out, err) = run(&["url", "parse", "--jsonl"], &input);
    assert_eq!(code, 0, "{err}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0]["error"].as_str().unwrap().contains("longer than"));
    assert_eq!(lines[1]["href"], "https://a.example/");
}

#[test]
fn htmlq_flags() {
    let page = b"<title>T</title><a href=x.html>X</a> <a>none</a><div class=ad>ad</div><p>  </p>";
    let (code, out, err) = run(&["select", "a", "--attribute", "href"], page);
    assert_eq!((code, out.as_str()), (0, "x.html\n"), "{err}");
    let (_, out, _) = run(
        &["select", "a", "-a", "href", "-b", "https://e.org/d/"],
        page,
    );
    assert_eq!(out, "https://e.org/d/x.html\n");
    let (_, out, _) = run(&["select", "a", "-t"], page);
    assert_eq!(out, "X\nnone\n");
    let (_, out, _) = run(&["select", "p", "-t", "-w"], page);
    assert_eq!(out, "");
    let d = dir("htmlq", &[("p.html", page)]);
    let file = d.join("p.html");
    let (_, out, _) = run(&["select", "title", "-f", file.to_str().unwrap()], b"");
    assert_eq!(out, "<title>T</title>\n");
    let (_, out, _) = run(&["select", "body", "-r", ".ad", "-r", "p"], page);
    assert_eq!(out, "<body><a href=\"x.html\">X</a> <a>none</a></body>\n");
    let (_, out, _) = run(&["select", "body", "-p", "-r", "a"], page);
    assert_eq!(
        out,
        "<body>\n  <div class=\"ad\">ad</div>\n  <p>  </p>\n</body>\n"
    );
    // --jsonl with --attr / --text adds a key.
    let (_, out, _) = run(&["select", "a", "--jsonl", "-a", "href"], page);
    let v = json_lines(&out);
    assert_eq!(v[0]["value"], "x.html");
    assert!(v[1]["value"].is_null());
    assert_eq!(v[0]["html"], "<a href=\"x.html\">X</a>");
    let (_, out, _) = run(&["select", "a", "--jsonl", "--text"], page);
    assert_eq!(json_lines(&out)[1]["text"], "none");
}

#[test]
fn text_jsonl_keeps_documents_apart() {
    let d = dir(
        "textjsonl",
        &[("a.html", b"<title>A</title><p>one"), ("b.html", b"<p>two")],
    );
    let (code, out, err) = run(&["text", "--jsonl", d.to_str().unwrap()], b"");
    assert_eq!(code, 0, "{err}");
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["title"], "A");
    assert_eq!(v[0]["text"], "one");
    assert!(v[1]["title"].is_null());
    assert!(v[1]["file"].as_str().unwrap().ends_with("b.html"));
}

#[test]
fn consistent_messages_and_help() {
    let d = dir("empty", &[("notes.txt", b"x")]);
    let (code, _, err) = run(&["text", d.to_str().unwrap()], b"");
    assert_eq!(code, 0);
    assert!(
        err.contains("warning") && err.contains("no *.html"),
        "{err}"
    );
    let d2 = dir("two", &[("a.html", b"<p>a"), ("b.html", b"<p>b")]);
    let (code, _, err) = run(&["html", "parse", d2.to_str().unwrap()], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("2 inputs") && err.contains("--output stats"),
        "{err}"
    );
    // Not a terminal: the tree format stays the default for scripts.
    let (_, out, _) = run(&["html", "parse"], b"<p>x");
    assert!(out.starts_with("| <html>"), "{out}");
    let (_, out, _) = run(&["microsyntax", "--help"], b"");
    assert!(out.contains("valid-lowercase-simple-color"), "{out}");
    for cmd in [
        &["select"][..],
        &["links"],
        &["text"],
        &["check"],
        &["html", "parse"],
        &["html", "tokens"],
        &["url", "parse"],
        &["url", "set"],
        &["url", "search-params"],
        &["iri", "check"],
        &["iri", "resolve"],
        &["encoding", "sniff"],
        &["encoding", "decode"],
        &["encoding", "encode"],
        &["microsyntax"],
    ] {
        let mut args = cmd.to_vec();
        args.push("--help");
        let (_, out, _) = run(&args, b"");
        assert!(out.contains("Example"), "{cmd:?} --help has no example");
    }
}

#[test]
fn check_resolves_against_the_file_url_and_has_the_node_limit() {
    let d = dir(
        "checkurl",
        &[(
            "p.html",
            b"<!DOCTYPE html><html lang=en><meta charset=utf-8><title>t</title><a href=b.html>b</a>",
        )],
    );
    let file = d.join("p.html");
    let (code, out, err) = run(&["check", "--format", "json", file.to_str().unwrap()], b"");
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("document.invalid"), "{out}");
    let page = format!(
        "{}{}{}",
        (0..3000).map(|i| format!("<b {i}>")).collect::<String>(),
        (0..3000).map(|i| format!("<i {i}>")).collect::<String>(),
        "x</b>".repeat(3000)
    );
    let (code, _, err) = run(&["check", "-"], page.as_bytes());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("clone limit") && err.contains("--max-nodes"),
        "{err}"
    );
    let (code, _, err) = run(&["check", "--max-nodes", "100", "-"], page.as_bytes());
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("node limit (100 nodes)"), "{err}");
}

#[test]
fn sanitize_has_the_node_limit() {
    let page: String = (0..3000).map(|i| format!("<b {i}>")).collect::<String>()
        + &(0..3000).map(|i| format!("<i {i}>")).collect::<String>()
        + &"x</b>".repeat(3000);
    let (code, out, err) = run(&["sanitize"], page.as_bytes());
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.contains("node limit"), "{err}");
    let (code, out, _) = run(
        &["sanitize", "--max-nodes", "none"],
        b"<b>x<script>y</script>",
    );
    assert_eq!((code, out.as_str()), (0, "<b>x</b>\n"));
    let line = serde_json::json!({"input": page}).to_string() + "\n";
    let (_, out, _) = run(&["sanitize", "--jsonl"], line.as_bytes());
    assert!(
        json_lines(&out)[0]["error"]
            .as_str()
            .unwrap()
            .contains("node limit")
    );
}
