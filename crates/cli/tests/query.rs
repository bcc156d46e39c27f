//! `websyntax select`, `links` and `text`, run as a binary.

mod support;

use std::path::PathBuf;

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    support::code_out_err(support::run(args, stdin))
}

/// A fresh directory of pages for one test.
fn pages(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("query-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, data) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, data).unwrap();
    }
    dir
}

fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

const PAGE: &[u8] =
    b"<!DOCTYPE html><title>T</title><div class=content><p>One <a href=/a>A</a></p>\
    <p>Two</p></div><a href=b title=x>B</a><template><a href=t></a></template>";

#[test]
fn select_prints_outer_html_in_document_order() {
    let (code, out, err) = run(&["select", "div.content p"], PAGE);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "<p>One <a href=\"/a\">A</a></p>\n<p>Two</p>\n");
}

#[test]
fn select_text_and_attr() {
    let (code, out, _) = run(&["select", "p", "--text"], PAGE);
    assert_eq!((code, out.as_str()), (0, "One A\nTwo\n"));
    // Matches without the attribute are skipped; template contents are not searched.
    let (code, out, _) = run(&["select", "a, p", "--attr", "href"], PAGE);
    assert_eq!((code, out.as_str()), (0, "/a\nb\n"));
}

#[test]
fn select_jsonl_has_file_path_span_html() {
    let (code, out, _) = run(&["select", "a", "--jsonl", "-"], PAGE);
    assert_eq!(code, 0);
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["file"], "-");
    assert_eq!(v[0]["path"], "/html[1]/body[1]/div[1]/p[1]/a[1]");
    assert_eq!(v[1]["path"], "/html[1]/body[1]/a[1]");
    assert_eq!(v[1]["html"], "<a href=\"b\" title=\"x\">B</a>");
    // A span is [start, end] into the input, or null while the parser records none.
    let page = std::str::from_utf8(PAGE).unwrap();
    match &v[1]["span"] {
        serde_json::Value::Null => {}
        s => {
            let (a, b) = (
                s[0].as_u64().unwrap() as usize,
                s[1].as_u64().unwrap() as usize,
            );
            assert_eq!(&page[a..b], "<a href=b title=x>B</a>");
        }
    }
}

#[test]
fn invalid_selector_is_a_usage_error_with_position() {
    for (sel, pos) in [
        (":has(", "byte 5"),
        ("a[", "byte 2"),
        ("p::marker", "byte 9"),
    ] {
        let (code, out, err) = run(&["select", sel], PAGE);
        assert_eq!(code, 2, "{sel}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(pos), "{sel}: {err}");
    }
}

#[test]
fn select_over_a_directory_of_pages() {
    let dir = pages(
        "select-dir",
        &[
            ("a.html", b"<p class=x>a1</p>"),
            ("sub/b.htm", b"<p class=x>b1</p><p class=x>b2</p>"),
            ("skip.txt", b"<p class=x>no</p>"),
        ],
    );
    let d = dir.to_str().unwrap();
    let (code, out, err) = run(&["select", ".x", "--jsonl", d], b"");
    assert_eq!(code, 0, "{err}");
    let v = json_lines(&out);
    let got: Vec<(String, String)> = v
        .iter()
        .map(|o| {
            let f = o["file"].as_str().unwrap();
            let name = f.rsplit(['/', '\\']).next().unwrap().to_owned();
            (name, o["html"].as_str().unwrap().to_owned())
        })
        .collect();
    assert_eq!(
        got,
        [
            ("a.html".to_owned(), "<p class=\"x\">a1</p>".to_owned()),
            ("b.htm".to_owned(), "<p class=\"x\">b1</p>".to_owned()),
            ("b.htm".to_owned(), "<p class=\"x\">b2</p>".to_owned()),
        ]
    );
    // A missing input is reported on its own line; the others are still processed.
    let missing = dir.join("missing.html");
    let (code, out, err) = run(
        &["select", ".x", "--text", d, missing.to_str().unwrap()],
        b"",
    );
    assert_eq!(code, 2);
    assert_eq!(out, "a1\nb1\nb2\n");
    assert!(err.contains("missing.html"), "{err}");
}

#[test]
fn links_resolve_against_base_href_and_page_encoding() {
    // A Shift_JIS page: the query of its links is encoded in Shift_JIS (日 is 0x93 0xFA).
    let page: &[u8] = b"<meta charset=shift_jis><base href=/docs/>\
        <a href='find?q=\x93\xfa'>x</a><img src=i.png srcset='s1.png 1x, s2.png 2x'>\
        <a href='http://[::1'>bad</a>";
    let (code, out, err) = run(&["links", "--base", "https://example.org/index.html"], page);
    assert_eq!(code, 0, "{err}");
    let v = json_lines(&out);
    let rows: Vec<(String, String, String, serde_json::Value)> = v
        .iter()
        .map(|o| {
            (
                o["element"].as_str().unwrap().to_owned(),
                o["attr"].as_str().unwrap().to_owned(),
                o["raw"].as_str().unwrap().to_owned(),
                o["url"].clone(),
            )
        })
        .collect();
    let s = |x: &str| x.to_owned();
    let u = |x: &str| serde_json::Value::String(x.to_owned());
    assert_eq!(
        rows,
        [
            (
                s("base"),
                s("href"),
                s("/docs/"),
                u("https://example.org/docs/")
            ),
            (
                s("a"),
                s("href"),
                s("find?q=日"),
                u("https://example.org/docs/find?q=%93%FA")
            ),
            (
                s("img"),
                s("src"),
                s("i.png"),
                u("https://example.org/docs/i.png")
            ),
            (
                s("img"),
                s("srcset"),
                s("s1.png"),
                u("https://example.org/docs/s1.png")
            ),
            (
                s("img"),
                s("srcset"),
                s("s2.png"),
                u("https://example.org/docs/s2.png")
            ),
            (s("a"), s("href"), s("http://[::1"), serde_json::Value::Null),
        ]
    );
    assert_eq!(v[5]["errors"], serde_json::json!(["IPv6-unclosed"]));
    assert_eq!(v[0]["file"], "-");
    assert!(v[0].get("span").is_some());
}

/// Today's HTML rules, the same under both standards: an empty form action is the document's
/// URL; a `javascript:`/`data:` `<base href>` is ignored; a `.5x` density is valid; obsolete
/// `background` and `frame src` are listed. The JSON objects keep their keys.
#[test]
fn links_form_action_javascript_base_srcset_and_obsolete_attributes() {
    let page: &[u8] = b"<base href='javascript:void(0)'><body background=bg.png>\
        <form action=''><button formaction=''>go</button></form><a href=''></a>\
        <img srcset='half.png .5x, bad.png 1.x'><table><tr><td background=td.png>";
    for standard in ["seed", "living"] {
        let (code, out, err) = run(
            &[
                "links",
                "--standard",
                standard,
                "--base",
                "https://example.org/dir/page.html?x#f",
            ],
            page,
        );
        assert_eq!(code, 0, "{err}");
        let v = json_lines(&out);
        let rows: Vec<(&str, &str, &str, &str)> = v
            .iter()
            .map(|o| {
                (
                    o["element"].as_str().unwrap(),
                    o["attr"].as_str().unwrap(),
                    o["raw"].as_str().unwrap(),
                    o["url"].as_str().unwrap(),
                )
            })
            .collect();
        let page_url = "https://example.org/dir/page.html?x#f";
        assert_eq!(
            rows,
            [
                ("base", "href", "javascript:void(0)", "javascript:void(0)"),
                (
                    "body",
                    "background",
                    "bg.png",
                    "https://example.org/dir/bg.png"
                ),
                ("form", "action", "", page_url),
                ("button", "formaction", "", page_url),
                ("a", "href", "", "https://example.org/dir/page.html?x"),
                (
                    "img",
                    "srcset",
                    "half.png",
                    "https://example.org/dir/half.png"
                ),
                (
                    "td",
                    "background",
                    "td.png",
                    "https://example.org/dir/td.png"
                ),
            ],
            "--standard {standard}"
        );
        for o in &v {
            let mut keys: Vec<&str> = o.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            keys.sort_unstable();
            assert_eq!(
                keys,
                ["attr", "element", "errors", "file", "raw", "span", "url"]
            );
        }
    }
}

#[test]
fn links_without_base_and_bad_base() {
    let (code, out, _) = run(&["links"], b"<a href=rel></a><a href='https://h/a b'></a>");
    assert_eq!(code, 0);
    let v = json_lines(&out);
    assert_eq!(v[0]["url"], serde_json::Value::Null);
    assert_eq!(
        v[0]["errors"],
        serde_json::json!(["missing-scheme-non-relative-URL"])
    );
    assert_eq!(v[1]["url"], "https://h/a%20b");
    assert_eq!(v[1]["errors"], serde_json::json!(["invalid-URL-unit"]));
    let (code, _, err) = run(&["links", "--base", "not a url"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("--base"), "{err}");
}

#[test]
fn links_over_a_directory() {
    let dir = pages(
        "links-dir",
        &[("1.html", b"<a href=x>"), ("2.html", b"<link href=y>")],
    );
    let (code, out, _) = run(
        &["links", dir.to_str().unwrap(), "--base", "https://h/"],
        b"",
    );
    assert_eq!(code, 0);
    let urls: Vec<_> = json_lines(&out).iter().map(|o| o["url"].clone()).collect();
    assert_eq!(urls, ["https://h/x", "https://h/y"]);
}

#[test]
fn text_is_block_aware() {
    let (code, out, _) = run(&["text"], PAGE);
    assert_eq!((code, out.as_str()), (0, "One A\n\nTwo\n\nB\n"));
    let (_, out, _) = run(&["text"], b"<noscript>n</noscript><p>x");
    assert_eq!(out, "x\n");
    let (_, out, _) = run(
        &["text", "--scripting", "off"],
        b"<noscript>n</noscript><p>x",
    );
    assert_eq!(out, "n\n\nx\n");
}

#[test]
fn text_uses_the_transport_encoding() {
    let (code, out, _) = run(&["text", "--encoding", "shift_jis"], b"<p>\x93\xfa\x96\x7b");
    assert_eq!((code, out.as_str()), (0, "日本\n"));
}

#[test]
fn shared_document_flags() {
    // An unknown transport label is a usage error, as for every document-parsing command.
    let (code, _, err) = run(&["text", "--encoding", "no-such-label"], b"x");
    assert_eq!(code, 2);
    assert!(err.contains("no-such-label"), "{err}");
    // Without a declaration, the command autodetects: UTF-8 text comes out right.
    let (code, out, _) = run(&["select", "p", "--text"], "<p>日本語のテキスト".as_bytes());
    assert_eq!((code, out.as_str()), (0, "日本語のテキスト\n"));
}
