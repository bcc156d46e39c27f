//! What a crawler has as input: WARC files (plain and gzip per record, as Common Crawl writes
//! them), gzip-compressed pages, binary files, JSON lines of `{"url", "html"|"file"}`; and the
//! URLs documents get without a base URL. The WARC files are written by the tests.

mod support;

use support::{json_lines, run_out as run};

fn dir(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
    support::fresh_dir(&format!("crawl-inputs-{name}"), files)
}

use std::io::Write;
use std::path::PathBuf;

use serde_json::Value;

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// One WARC record.
fn record(kind: &str, uri: &str, id: &str, block: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\n\
         WARC-Date: 2026-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:{id}>\r\n\
         Content-Type: application/http; msgtype={kind}\r\nContent-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

/// A crawl: a warcinfo record, a request, an ISO-8859-1 page (charset only in HTTP), a
/// chunked gzip-encoded page, an image, a `dns:` response, and a page without Content-Type.
fn crawl_records() -> Vec<Vec<u8>> {
    let latin1 = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=ISO-8859-1\r\n\r\n\
                   <title>Caf\xe9</title><p>Cr\xe8me <a href=/menu>menu</a> \
                   <a href=//cdn.example/x>x</a>"
        .to_vec();
    let zipped = gzip(b"<title>Zipped</title><p>Compressed <b>page</b>");
    let mut chunked = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\
                        Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n"
        .to_vec();
    for piece in zipped.chunks(10) {
        write!(chunked, "{:x}\r\n", piece.len()).unwrap();
        chunked.extend_from_slice(piece);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let mut png = b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n".to_vec();
    png.extend_from_slice(&[0; 64]);
    vec![
        record("warcinfo", "", "0", b"software: test\r\n"),
        record(
            "request",
            "https://a.example/",
            "1",
            b"GET / HTTP/1.1\r\n\r\n",
        ),
        record("response", "https://a.example/", "2", &latin1),
        record("response", "https://b.example/z/", "3", &chunked),
        record("response", "https://c.example/i.png", "4", &png),
        record(
            "response",
            "dns:c.example",
            "5",
            b"20260101 c.example. 60 IN A 1.2.3.4",
        ),
        record(
            "response",
            "https://d.example/",
            "6",
            b"HTTP/1.0 200 OK\r\n\r\n  <!DOCTYPE html><p>Sniffed",
        ),
    ]
}

fn warc_files(name: &str) -> (PathBuf, PathBuf) {
    let records = crawl_records();
    let plain: Vec<u8> = records.concat();
    // Common Crawl's layout: one gzip member per record.
    let members: Vec<u8> = records.iter().flat_map(|r| gzip(r)).collect();
    let d = dir(name, &[("crawl.warc", &plain), ("crawl.warc.gz", &members)]);
    (d.join("crawl.warc"), d.join("crawl.warc.gz"))
}

#[test]
fn warc_responses_are_documents_with_their_url_and_record_id() {
    let (plain, gz) = warc_files("text");
    for file in [&plain, &gz] {
        let f = file.to_str().unwrap();
        let (code, out, err) = run(&["text", "--jsonl", f], b"");
        assert_eq!(code, 0, "{err}");
        let docs = json_lines(&out);
        let got: Vec<(&str, &str, &str)> = docs
            .iter()
            .map(|d| {
                (
                    d["url"].as_str().unwrap(),
                    d["record"].as_str().unwrap(),
                    d["text"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("https://a.example/", "<urn:uuid:2>", "Crème menu x"),
                ("https://b.example/z/", "<urn:uuid:3>", "Compressed page"),
                ("https://d.example/", "<urn:uuid:6>", "Sniffed"),
            ],
            "{f}"
        );
        // The HTTP charset decoded the page (é is one byte in ISO-8859-1).
        assert_eq!(docs[0]["title"], "Café");
        assert!(docs.iter().all(|d| d["file"] == f));
    }
}

#[test]
fn warc_records_resolve_links_against_their_url() {
    let (_, gz) = warc_files("links");
    let f = gz.to_str().unwrap();
    let (code, out, err) = run(&["markdown", f], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("[menu](https://a.example/menu) [x](https://cdn.example/x)"),
        "{out}"
    );
    let (code, out, err) = run(&["links", f], b"");
    assert_eq!(code, 0, "{err}");
    let links = json_lines(&out);
    assert_eq!(links[0]["url"], "https://a.example/menu");
    assert_eq!(links[0]["document_url"], "https://a.example/");
    assert_eq!(links[0]["record"], "<urn:uuid:2>");
    let (code, out, err) = run(&["select", "--jsonl", "b", f], b"");
    assert_eq!(code, 0, "{err}");
    let m = json_lines(&out);
    assert_eq!(m.len(), 1);
    assert_eq!(
        (&m[0]["url"], &m[0]["record"]),
        (
            &Value::from("https://b.example/z/"),
            &Value::from("<urn:uuid:3>")
        )
    );
    // select -a href resolves against the record's URL.
    let (_, out, _) = run(&["select", "a", "-a", "href", f], b"");
    assert_eq!(out, "https://a.example/menu\nhttps://cdn.example/x\n");
}

#[test]
fn check_and_sanitize_read_warc_files() {
    let (plain, _) = warc_files("check");
    let f = plain.to_str().unwrap();
    let (code, out, err) = run(&["check", "--format", "json", f], b"");
    assert_eq!(code, 1, "{err}");
    let reports = json_lines(&out);
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0]["url"], "https://a.example/");
    assert_eq!(reports[0]["record"], "<urn:uuid:2>");
    assert_eq!(reports[0]["encoding"], "windows-1252");
    let (code, out, err) = run(&["sanitize", "--jsonl-output", f], b"");
    assert_eq!(code, 0, "{err}");
    let results = json_lines(&out);
    assert_eq!(results.len(), 3);
    assert_eq!(
        results[1]["output"],
        "<title>Zipped</title><p>Compressed <b>page</b></p>"
    );
    assert_eq!(results[1]["url"], "https://b.example/z/");
    assert_eq!(
        results[0]["output"]
            .as_str()
            .unwrap()
            .matches("Café")
            .count(),
        1
    );
}

#[test]
fn a_broken_archive_keeps_what_came_before_and_fails() {
    let mut records = crawl_records();
    records.truncate(3);
    let mut data = records.concat();
    data.extend_from_slice(
        b"WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 500\r\n\r\nHTTP/1.1",
    );
    let d = dir("broken", &[("cut.warc", &data)]);
    let (code, out, err) = run(&["text", d.join("cut.warc").to_str().unwrap()], b"");
    assert_eq!(out, "Crème menu x\n");
    assert_eq!(code, 1);
    assert!(err.contains("cut short"), "{err}");
}

#[test]
fn gzip_pages_by_magic_bytes_and_binary_files_skipped() {
    let page = gzip(b"<title>T</title><p>Hello from gzip");
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend((0..400u32).map(|i| (i % 7) as u8));
    let d = dir(
        "gzip",
        &[
            ("a.html.gz", &page),
            ("b.html", &page),
            ("c.html", &png),
            ("d.html", b"<p>text"),
        ],
    );
    let p = |n: &str| d.join(n).to_str().unwrap().to_owned();
    let (code, out, err) = run(&["text", &p("a.html.gz"), &p("b.html")], b"");
    assert_eq!(
        (code, out.as_str()),
        (0, "Hello from gzip\nHello from gzip\n"),
        "{err}"
    );
    let (_, out, _) = run(&["text", "-"], &page);
    assert_eq!(out, "Hello from gzip\n");
    for cmd in [
        &["text"][..],
        &["markdown"],
        &["links"],
        &["select", "p"],
        &["sanitize"],
    ] {
        let mut args = cmd.to_vec();
        let (c, dd) = (p("c.html"), p("d.html"));
        args.extend([c.as_str(), dd.as_str()]);
        let (code, out, err) = run(&args, b"");
        assert_eq!(code, 1, "{cmd:?}: {err}");
        assert_eq!(err.matches("binary-input").count(), 1, "{cmd:?}: {err}");
        assert!(err.contains("c.html"), "{err}");
        assert!(
            !out.contains("PNG") && !out.contains('\u{FFFD}'),
            "{cmd:?}: {out}"
        );
        assert!(out.contains("text") || cmd[0] == "links", "{cmd:?}: {out}");
    }
    // check reports it as its diagnostic, as before.
    let (code, out, _) = run(&["check", "--format", "json", &p("c.html")], b"");
    assert_eq!(code, 1);
    assert!(out.contains("binary-input"), "{out}");
}

#[test]
fn jsonl_input_gives_one_result_per_object_with_its_url() {
    let d = dir(
        "jsonl",
        &[("page.html", b"<title>File</title><a href=f.html>f</a>")],
    );
    let page = d.join("page.html");
    let input = format!(
        "{}\n{}\n\n{}\n",
        serde_json::json!({"url": "https://example.org/a/", "html": "<title>A</title><a href=b>b</a>"}),
        serde_json::json!({"url": "https://example.org/c", "file": page}),
        r#"{"url": "https://example.org/bad"}"#,
    );
    let (code, out, err) = run(
        &["markdown", "--input-format", "jsonl", "--jsonl"],
        input.as_bytes(),
    );
    assert_eq!(code, 1, "{err}");
    let docs = json_lines(&out);
    assert_eq!(docs.len(), 2);
    assert_eq!(docs[0]["url"], "https://example.org/a/");
    assert_eq!(docs[0]["markdown"], "[b](https://example.org/a/b)\n");
    assert_eq!(docs[1]["url"], "https://example.org/c");
    assert_eq!(docs[1]["title"], "File");
    assert_eq!(docs[1]["markdown"], "[f](https://example.org/f.html)\n");
    assert!(err.contains("-:4: missing \"html\" or \"file\""), "{err}");
    // Named files of JSON lines, and the other commands.
    let d2 = dir("jsonl-file", &[("in.jsonl", input.as_bytes())]);
    let jf = d2.join("in.jsonl");
    let jf = jf.to_str().unwrap();
    let (_, out, _) = run(&["text", "--input-format", "jsonl", "--jsonl", jf], b"");
    let urls: Vec<Value> = json_lines(&out).iter().map(|d| d["url"].clone()).collect();
    assert_eq!(urls, ["https://example.org/a/", "https://example.org/c"]);
    let (_, out, _) = run(&["links", "--input-format", "jsonl", jf], b"");
    let urls: Vec<Value> = json_lines(&out).iter().map(|l| l["url"].clone()).collect();
    assert_eq!(
        urls,
        ["https://example.org/a/b", "https://example.org/f.html"]
    );
    let (_, out, _) = run(
        &["select", "--input-format", "jsonl", "--jsonl", "title", jf],
        b"",
    );
    assert_eq!(json_lines(&out)[1]["url"], "https://example.org/c");
    let (_, out, _) = run(
        &["check", "--input-format", "jsonl", "--format", "json", jf],
        b"",
    );
    let reports = json_lines(&out);
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0]["url"], "https://example.org/a/");
    // A JSON string is text: its encoding is UTF-8 whatever a <meta> says.
    let (_, out, _) = run(
        &["text", "--input-format", "jsonl"],
        "{\"html\": \"<meta charset=windows-1252><p>café\"}".as_bytes(),
    );
    assert_eq!(out, "café\n");
}

#[test]
fn markdown_without_a_base_keeps_relative_urls() {
    let d = dir(
        "no-base",
        &[("en.html", b"<p><a href=#cite_note-2>[2]</a> <a href=other.html>o</a> <img src=i.png alt=i> <a href=https://x.example/>abs</a>")],
    );
    let f = d.join("en.html");
    let (code, out, err) = run(&["markdown", f.to_str().unwrap()], b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "[\\[2\\]](#cite_note-2) [o](other.html) ![i](i.png) [abs](https://x.example/)\n"
    );
    // --base still resolves.
    let (_, out, _) = run(
        &[
            "markdown",
            "--base",
            "https://e.example/d/",
            f.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.contains("(https://e.example/d/other.html)"), "{out}");
}

#[test]
fn links_without_a_base_leave_protocol_relative_urls_unresolved() {
    let d = dir(
        "proto-rel",
        &[(
            "p.html",
            b"<a href=//host.example/x>x</a><a href=y.html>y</a><a href='\\\\host2/z'>z</a>",
        )],
    );
    let f = d.join("p.html");
    let (code, out, err) = run(&["links", f.to_str().unwrap()], b"");
    assert_eq!(code, 0, "{err}");
    let links = json_lines(&out);
    assert!(links[0]["url"].is_null(), "{out}");
    assert_eq!(
        links[1]["url"],
        format!("file://{}/y.html", d.display()).as_str()
    );
    assert!(links[2]["url"].is_null(), "{out}");
    let (_, out, _) = run(
        &["links", "--base", "https://e.example/", f.to_str().unwrap()],
        b"",
    );
    assert_eq!(json_lines(&out)[0]["url"], "https://host.example/x");
}

#[test]
fn html_parse_reads_gzip_pages_and_points_warc_files_elsewhere() {
    let d = dir("html-parse", &[("p.html.gz", &gzip(b"<p>zipped"))]);
    let (code, out, err) = run(
        &[
            "html",
            "parse",
            "--output",
            "html",
            d.join("p.html.gz").to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("<body><p>zipped</p></body></html>\n"),
        "{out}"
    );
    let (_, gz) = warc_files("html-parse-warc");
    let (code, _, err) = run(&["html", "parse", gz.to_str().unwrap()], b"");
    assert_eq!(code, 2);
    assert!(
        err.contains("is a WARC file") && err.contains("websyntax text"),
        "{err}"
    );
}
