//! `websyntax html parse`, run as a binary.

mod support;

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let all: Vec<&str> = ["html", "parse"].iter().chain(args).copied().collect();
    support::code_out_err(support::run(&all, stdin.as_bytes()))
}

#[test]
fn tree_output_is_html5lib_format() {
    let (code, out, _) = run(
        &[],
        "<!DOCTYPE html><p a=1 b=2>x<svg xlink:href=h viewbox=0>",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "| <!DOCTYPE html>\n| <html>\n|   <head>\n|   <body>\n|     <p>\n|       a=\"1\"\n|       b=\"2\"\n|       \"x\"\n|       <svg svg>\n|         viewBox=\"0\"\n|         xlink href=\"h\"\n"
    );
}

#[test]
fn stdin_dash_and_template_content() {
    let (code, out, _) = run(&["-"], "<template>a</template>");
    assert_eq!(code, 0);
    assert!(
        out.contains("|     <template>\n|       content\n|         \"a\"\n"),
        "{out}"
    );
}

#[test]
fn fragment_and_html_output() {
    let (code, out, _) = run(&["--fragment", "tr", "--output", "html"], "<td>a&amp;b");
    assert_eq!(code, 0);
    assert_eq!(
        out, "<td>a&amp;b</td>\n",
        "the exact serialization, then a newline as every command ends its output"
    );
    let (_, out, _) = run(&["--fragment", "svg svg"], "<path/>");
    assert_eq!(out, "| <svg path>\n");
    let (_, out, _) = run(&["--fragment", "math annotation-xml"], "<foo>");
    assert_eq!(out, "| <math foo>\n");
}

#[test]
fn scripting_flag() {
    let (_, on, _) = run(&["--scripting", "on"], "<noscript><p>x</p></noscript>");
    let (_, off, _) = run(&["--scripting", "off"], "<noscript><p>x</p></noscript>");
    assert!(on.contains("\"<p>x</p>\""), "{on}");
    // Scripting off: in head, <p> ends the noscript element and the head.
    assert!(off.contains("|   <body>\n|     <p>"), "{off}");
}

#[test]
fn errors_output() {
    let (code, out, _) = run(&["--output", "errors"], "<p>\n</x>");
    assert_eq!(code, 0);
    assert_eq!(out, "1:1 missing-doctype\n2:1 unexpected-end-tag\n");
}

#[test]
fn json_output() {
    let (code, out, _) = run(
        &["--output", "json"],
        "<!DOCTYPE html><b id=1>x</b><!--c-->",
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["type"], "document");
    assert_eq!(v["quirksMode"], "no-quirks");
    assert_eq!(v["children"][0]["type"], "doctype");
    let body = &v["children"][1]["children"][1];
    assert_eq!(body["name"], "body");
    assert_eq!(body["children"][0]["attrs"][0]["value"], "1");
    assert_eq!(body["children"][0]["children"][0]["data"], "x");
    assert_eq!(body["children"][1]["type"], "comment");
}

#[test]
fn stats_over_files_and_dirs() {
    let dir = std::env::temp_dir().join(format!("websyntax-html-parse-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a.html"), "<p>x").unwrap();
    std::fs::write(dir.join("sub/b.htm"), "<!DOCTYPE html><b>").unwrap();
    std::fs::write(dir.join("skip.txt"), "<p>").unwrap();
    let d = dir.to_string_lossy().to_string();
    let (code, out, _) = run(&["--output", "stats", &d], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["files"], 2);
    assert_eq!(v["bytes"], 4 + 18);
    // a.html: document, html, head, body, p, text = 6; b.htm: document, doctype, html, head,
    // body, b = 6.
    assert_eq!(v["nodes"], 12);
    assert!(v.get("errors").is_none());
    let (_, out, _) = run(&["--output", "stats", "--count-errors", &d], "");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["errors"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn jsonl_batch() {
    let input = "{\"data\": \"<p>x\", \"fragment\": null, \"scripting\": true}\n\
                 {\"data\": \"<td>\", \"fragment\": \"tr\", \"scripting\": false}\n\
                 not json\n\
                 {\"data\": \"\\ud800\", \"fragment\": null, \"scripting\": true}\n";
    let (code, out, _) = run(&["--jsonl"], input);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0]["tree"],
        "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"x\""
    );
    assert_eq!(lines[0]["errors"][0]["code"], "missing-doctype");
    assert_eq!(lines[0]["errors"][0]["line"], 1);
    assert_eq!(lines[0]["errors"][0]["col"], 1);
    assert_eq!(lines[1]["tree"], "| <td>");
    assert!(lines[2].get("error").is_some());
    assert!(lines[3]["tree"].as_str().unwrap().contains('\u{FFFD}'));
}

#[test]
fn usage_errors() {
    assert_eq!(run(&["--fragment", "a b c"], "").0, 2);
    assert_eq!(run(&["--output", "nope"], "").0, 2);
    assert_eq!(run(&["/nonexistent/file.html"], "").0, 2);
    assert_eq!(run(&["--count-errors"], "").0, 2);
}

/// A bare `svg` or `math` (any case, surrounding whitespace) is refused with the library's
/// one message, on one line, exit 2; in `--jsonl`, as that line's error. The foreign and HTML
/// contexts around it parse as before.
#[test]
fn bare_svg_or_math_fragment_is_refused_with_the_library_message() {
    use websyntax::html::Context;
    for given in ["svg", " SVG ", "math", "Math"] {
        let write = given.trim().to_ascii_lowercase();
        let write = format!("{write} {write}");
        let (code, out, err) = run(&["--fragment", given], "<g/>");
        let lib = given.parse::<Context>().unwrap_err();
        assert_eq!((code, out.as_str()), (2, ""), "{given:?}");
        assert_eq!(err, format!("websyntax: --fragment: {lib}\n"), "{given:?}");
        assert!(err.contains(&format!("write `{write}`")), "{err}");
        let line = format!("{{\"data\": \"<g/>\", \"fragment\": {given:?}}}\n");
        let (code, out, _) = run(&["--jsonl"], &line);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["error"], format!("\"fragment\": {lib}"), "{out}");
    }
    for (context, tree) in [
        ("svg svg", "| <svg g>\n"),
        ("math mi", "| <g>\n"),
        ("td", "| <g>\n"),
        ("template", "| <g>\n"),
    ] {
        let (code, out, err) = run(&["--fragment", context], "<g/>");
        assert_eq!((code, out.as_str()), (0, tree), "{context}: {err}");
    }
}
