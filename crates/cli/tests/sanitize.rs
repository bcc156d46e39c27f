//! `websyntax sanitize`: files, stdin, `--config`, `--context`, `--unsafe`, `--document` and
//! `--jsonl`, as docs/cli.md ("Sanitizing") specifies.

mod support;

use std::path::PathBuf;

use serde_json::Value;
use support::{code_out_err, run};

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("websyntax-sanitize-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const DIRTY: &str = r#"<p onclick="x">Hi <a href="javascript:alert(1)" title=t>a</a><script>s</script><!--c--><img src=x onerror=y><b data-x=1>b</b>"#;

#[test]
fn default_configuration_on_stdin() {
    let (code, out, err) = code_out_err(run(&["sanitize"], DIRTY.as_bytes()));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "<p>Hi <a title=\"t\">a</a><b>b</b></p>\n");
    let (_, out2, _) = code_out_err(run(&["sanitize", "-"], DIRTY.as_bytes()));
    assert_eq!(out2, out);
}

#[test]
fn files_in_order_and_a_missing_one() {
    let dir = scratch("files");
    let a = dir.join("a.html");
    let b = dir.join("b.html");
    std::fs::write(&a, "<i>one</i><script>x</script>").unwrap();
    std::fs::write(&b, b"\xEF\xBB\xBF<u>two</u>\xFF").unwrap();
    let (code, out, _) = code_out_err(run(
        &["sanitize", a.to_str().unwrap(), b.to_str().unwrap()],
        b"",
    ));
    assert_eq!(code, 0);
    // Several inputs: each result after a `==> FILE <==` line, as `head` prints them.
    assert_eq!(
        out,
        format!(
            "==> {} <==\n<i>one</i>\n\n==> {} <==\n<u>two</u>\u{FFFD}\n",
            a.display(),
            b.display()
        )
    );
    let missing = dir.join("missing.html");
    let (code, out, err) = code_out_err(run(
        &["sanitize", missing.to_str().unwrap(), a.to_str().unwrap()],
        b"",
    ));
    assert_eq!(code, 2);
    assert_eq!(out, format!("==> {} <==\n<i>one</i>\n", a.display()));
    assert!(err.contains("missing.html"), "{err}");
}

#[test]
fn config_file_and_its_errors() {
    let dir = scratch("config");
    let good = dir.join("good.json");
    std::fs::write(
        &good,
        r#"{"elements": ["p", {"name": "a", "attributes": ["href"]}, "script"], "attributes": ["onclick", "title"], "comments": true}"#,
    )
    .unwrap();
    let (code, out, _) = code_out_err(run(
        &["sanitize", "--config", good.to_str().unwrap()],
        DIRTY.as_bytes(),
    ));
    assert_eq!(code, 0);
    // The safe baseline still removes script, onclick and the javascript: URL.
    assert_eq!(out, "<p>Hi <a title=\"t\">a</a><!--c--></p>\n");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"attributes": ["id"], "removeAttributes": ["class"]}"#,
    )
    .unwrap();
    let (code, out, err) =
        code_out_err(run(&["sanitize", "--config", bad.to_str().unwrap()], b"x"));
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1);
    assert!(
        err.contains("both \"attributes\" and \"removeAttributes\""),
        "{err}"
    );
    let notjson = dir.join("notjson.json");
    std::fs::write(&notjson, "{elements").unwrap();
    let (code, _, err) = code_out_err(run(
        &["sanitize", "--config", notjson.to_str().unwrap()],
        b"x",
    ));
    assert_eq!(code, 2);
    assert!(err.contains("not JSON"), "{err}");
}

#[test]
fn context_unsafe_and_document() {
    let (_, out, _) = code_out_err(run(&["sanitize", "--context", "tr"], b"<td>x<script>y"));
    assert_eq!(out, "<td>x</td>\n");
    let (_, out, _) = code_out_err(run(&["sanitize", "--context", "script"], b"<b>x"));
    assert_eq!(out, "\n");
    let (_, out, _) = code_out_err(run(
        &["sanitize", "--context", "svg g"],
        b"<circle r=1 onclick=x><p>",
    ));
    assert_eq!(out, "<circle r=\"1\"></circle><p></p>\n");
    let (code, _, err) = code_out_err(run(&["sanitize", "--context", "svg a b"], b"x"));
    assert_eq!(code, 2, "{err}");
    let (_, out, _) = code_out_err(run(&["sanitize", "--unsafe"], DIRTY.as_bytes()));
    assert_eq!(
        out,
        "<p onclick=\"x\">Hi <a href=\"javascript:alert(1)\" title=\"t\">a</a><script>s</script>\
         <!--c--><img src=\"x\" onerror=\"y\"><b data-x=\"1\">b</b></p>\n"
    );
    let (_, out, _) = code_out_err(run(
        &["sanitize", "--document"],
        b"<!DOCTYPE html><title>t</title><base href=/x><p onclick=x>p<noscript><b>n</b></noscript>",
    ));
    assert_eq!(
        out,
        "<!DOCTYPE html><html><head><title>t</title></head><body><p>p</p></body></html>\n"
    );
}

#[test]
fn jsonl_batch() {
    let lines = [
        r#"{"input": "<b>x</b><!--c--><i>y</i>", "config": {"elements": ["b"]}}"#,
        r#"{"input": "<script>1</script>", "unsafe": true}"#,
        r#"{"input": "<p>", "config": {"elements": ["p"], "removeElements": []}}"#,
        r#"{"input": "<td>c", "context": "tr"}"#,
        r#"{"input": "<title>t</title>", "document": true}"#,
        r#"{"input": 1}"#,
        r#"{"input": "x", "extra": 1}"#,
        "not json",
    ];
    let stdin = lines.join("\n") + "\n";
    let (code, out, _) = code_out_err(run(&["sanitize", "--jsonl"], stdin.as_bytes()));
    assert_eq!(code, 0);
    let got: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got.len(), lines.len());
    assert_eq!(got[0]["output"], "<b>x</b>");
    assert_eq!(got[1]["output"], "<script>1</script>");
    assert!(
        got[2]["error"]
            .as_str()
            .unwrap()
            .contains("\"removeElements\"")
    );
    assert_eq!(got[3]["output"], "<td>c</td>");
    assert_eq!(
        got[4]["output"],
        "<html><head><title>t</title></head><body></body></html>"
    );
    for g in &got[5..] {
        assert!(g["error"].is_string(), "{g}");
    }
}

/// `--standard living` parses the input as today's HTML does: a `div` inside a `select`
/// (customizable select) stays where the seed text drops its tags.
#[test]
fn standard_living_changes_the_parse() {
    const SELECT: &str = "<select><div>x</div></select>";
    let dir = scratch("standard");
    let config = dir.join("select.json");
    std::fs::write(&config, r#"{"elements": ["select", "div"]}"#).unwrap();
    let config = config.to_str().unwrap();
    let sanitize = |args: &[&str]| {
        let mut all = vec!["sanitize"];
        all.extend_from_slice(args);
        let (code, out, err) = code_out_err(run(&all, SELECT.as_bytes()));
        assert_eq!(code, 0, "{err}");
        out
    };
    // The safe method with a configuration that allows select and div.
    assert_eq!(sanitize(&["--config", config]), "<select>x</select>\n");
    assert_eq!(
        sanitize(&["--config", config, "--standard", "seed"]),
        "<select>x</select>\n"
    );
    assert_eq!(
        sanitize(&["--config", config, "--standard", "living"]),
        format!("{SELECT}\n")
    );
    // The default configuration does not allow select: removed in both.
    assert_eq!(sanitize(&["--standard", "living"]), "\n");
    assert_eq!(sanitize(&[]), "\n");
    // setHTMLUnsafe without a configuration keeps everything: the parse shows through.
    assert_eq!(sanitize(&["--unsafe"]), "<select>x</select>\n");
    assert_eq!(
        sanitize(&["--unsafe", "--standard", "living"]),
        format!("{SELECT}\n")
    );
    assert_eq!(
        sanitize(&["--unsafe", "--document", "--standard", "living"]),
        format!("<html><head></head><body>{SELECT}</body></html>\n")
    );
    // An unknown standard is a usage error.
    let (code, _, err) = code_out_err(run(&["sanitize", "--standard", "x"], b""));
    assert_eq!(code, 2, "{err}");
    // --jsonl: the flag is the default, a line's "standard" overrides it.
    let lines = [
        r#"{"input": "<select><div>x</div></select>", "unsafe": true}"#,
        r#"{"input": "<select><div>x</div></select>", "unsafe": true, "standard": "seed"}"#,
        r#"{"input": "x", "standard": "newest"}"#,
    ]
    .join("\n")
        + "\n";
    let (code, out, _) = code_out_err(run(
        &["sanitize", "--jsonl", "--standard", "living"],
        lines.as_bytes(),
    ));
    assert_eq!(code, 0);
    let got: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got[0]["output"], SELECT);
    assert_eq!(got[1]["output"], "<select>x</select>");
    assert!(got[2]["error"].is_string(), "{}", got[2]);
}

/// `--context svg` (or `math`, any case) is refused with the library's one message, exit 2, as
/// `html parse --fragment` refuses it; a `--jsonl` line's `"context"` gets it as its error.
#[test]
fn bare_svg_or_math_context_is_refused_with_the_library_message() {
    use websyntax::html::Context;
    for given in ["svg", "SVG", " math\t"] {
        let lib = given.parse::<Context>().unwrap_err();
        let (code, out, err) = code_out_err(run(&["sanitize", "--context", given], b"<g/>"));
        assert_eq!((code, out.as_str()), (2, ""), "{given:?}");
        assert_eq!(err, format!("websyntax: --context: {lib}\n"), "{given:?}");
        let line = format!("{{\"input\": \"<b>x\", \"context\": {given:?}}}\n");
        let (code, out, _) = code_out_err(run(&["sanitize", "--jsonl"], line.as_bytes()));
        assert_eq!(code, 0);
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["error"], format!("\"context\": {lib}"), "{out}");
    }
    // What the message says to write: the SVG root element, and `div` for the tree an HTML
    // element named svg would give.
    let (code, out, _) = code_out_err(run(&["sanitize", "--context", "svg svg"], b"<g/><p>"));
    assert_eq!((code, out.as_str()), (0, "<g></g><p></p>\n"));
    let (_, out, _) = code_out_err(run(&["sanitize", "--context", "math mi"], b"<b>x"));
    assert_eq!(out, "<b>x</b>\n");
}
