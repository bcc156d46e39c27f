//! html5lib-tests tree-construction suite (`tests/data/html5lib-tests/tree-construction/`).
//!
//! Every test outside `scripted/` runs; tests without `#script-on`/`#script-off` run with the
//! scripting flag on AND off. Prints one line per suite and asserts no failure. Also reports how
//! many tests produce exactly as many parse errors as `#errors` + `#new-errors` list.

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use std::path::Path;

use websyntax_html::{Context, ParseOptions, Standard};

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/html5lib-tests/tree-construction"
);
/// The living-standard copy (html5lib-tests' newest tree tests plus WPT's newer ones).
const DIR_LIVING: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/html5lib-tests-living/tree-construction"
);
/// Living-standard cases that fail because a living change is not implemented yet:
/// `file<TAB>index<TAB>change id and what is missing`. Counted and printed as "pending", never
/// as passed; a pending case that passes fails the test (so the list stays exact).
const PENDING_LIVING: &str = include_str!("tree_construction_living.pending");

/// Cases believed wrong against our spec text: (file, index in file, reason).
const EXCLUSIONS: &[(&str, usize, &str)] = &[];

/// Living-standard cases believed wrong against the living text: (file, index, reason).
const EXCLUSIONS_LIVING: &[(&str, usize, &str)] = &[
    (
        "tests1.dat",
        39,
        "html5lib-tests' last tree tests (9329e64, 2026-06-20) predate whatwg/html 320c05f6 (2026-06-25, processing instructions) and still expect a bogus comment; the living tokenizer's processing instruction states make `<?` at end of input an eof-in-processing-instruction error with nothing emitted",
    ),
    (
        "tests1.dat",
        43,
        "html5lib-tests' last tree tests (9329e64, 2026-06-20) predate whatwg/html 320c05f6 (2026-06-25, processing instructions) and still expect a bogus comment; the living tokenizer's processing instruction states make `<?COMMENT?>` a ProcessingInstruction (target COMMENT, empty data)",
    ),
    (
        "tests1.dat",
        46,
        "html5lib-tests' last tree tests (9329e64, 2026-06-20) predate whatwg/html 320c05f6 (2026-06-25, processing instructions) and still expect a bogus comment; the living tokenizer's processing instruction states make `<?COM--MENT?>` a ProcessingInstruction (target COM--MENT)",
    ),
    (
        "html5test-com.dat",
        11,
        "html5lib-tests' last tree tests (9329e64, 2026-06-20) predate whatwg/html 320c05f6 (2026-06-25, processing instructions) and still expect a bogus comment; the living tokenizer's processing instruction states make `<?import namespace=...>` a ProcessingInstruction (target import)",
    ),
];

#[derive(Debug, Default, Clone)]
struct Case {
    data: String,
    errors: usize,
    old_errors: usize,
    fragment: Option<String>,
    script: Option<bool>,
    document: String,
}

fn parse_dat(bytes: &[u8]) -> Vec<Case> {
    let text = String::from_utf8_lossy(bytes);
    let mut cases = Vec::new();
    let mut cur: Option<Case> = None;
    let mut section = "";
    let lines: Vec<&str> = text.split('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line == "#data" {
            if let Some(c) = cur.take() {
                cases.push(c);
            }
            cur = Some(Case::default());
            section = "data";
            i += 1;
            continue;
        }
        let Some(c) = cur.as_mut() else {
            i += 1;
            continue;
        };
        if line.starts_with('#') && !(section == "document" && line.starts_with("#document ")) {
            match line {
                "#errors" => section = "errors",
                "#new-errors" => section = "new-errors",
                "#document-fragment" => section = "fragment",
                "#script-on" => {
                    c.script = Some(true);
                    section = "";
                }
                "#script-off" => {
                    c.script = Some(false);
                    section = "";
                }
                "#document" => section = "document",
                _ => section = "",
            }
            i += 1;
            continue;
        }
        match section {
            "data" => {
                if !c.data.is_empty() || c.errors == usize::MAX {
                    c.data.push('\n');
                }
                if c.data.is_empty() {
                    // Track "first line seen" via a marker count.
                    c.errors = usize::MAX;
                }
                c.data.push_str(line);
            }
            "errors" => {
                if c.errors == usize::MAX {
                    c.errors = 0;
                }
                if !line.is_empty() {
                    c.errors += 1;
                    c.old_errors += 1;
                }
            }
            "new-errors" if !line.is_empty() => c.errors += 1,
            "fragment" => c.fragment = Some(line.to_owned()),
            "document" => {
                if !c.document.is_empty() {
                    c.document.push('\n');
                }
                c.document.push_str(line);
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(c) = cur.take() {
        cases.push(c);
    }
    for c in &mut cases {
        if c.errors == usize::MAX {
            c.errors = 0;
        }
        // The document section ends with a blank line before the next #data.
        while c.document.ends_with('\n') {
            c.document.pop();
        }
    }
    cases
}

fn run_case(c: &Case, scripting: bool, standard: Standard) -> (String, usize) {
    let (t, e) = run_case_errors(c, scripting, standard);
    (t, e.len())
}

fn run_case_errors(c: &Case, scripting: bool, standard: Standard) -> (String, Vec<String>) {
    let opts = ParseOptions {
        scripting,
        collect_errors: true,
        standard,
        ..ParseOptions::default()
    };
    match &c.fragment {
        Some(ctx) => {
            let ctx: Context = ctx.parse().expect("fragment context");
            let f = websyntax_html::parse_fragment(&c.data, &ctx, opts);
            (
                f.to_test_tree(),
                f.errors().iter().map(|e| e.to_string()).collect(),
            )
        }
        None => {
            let d = websyntax_html::parse_document(&c.data, opts);
            (
                d.to_test_tree(d.root()),
                d.errors().iter().map(|e| e.to_string()).collect(),
            )
        }
    }
}

#[test]
fn html5lib_tree_construction() {
    run_suite(DIR, Standard::Seed, "");
}

#[test]
fn html5lib_tree_construction_living() {
    run_suite(DIR_LIVING, Standard::Living, PENDING_LIVING);
}

fn run_suite(dir: &str, standard: Standard, pending_list: &str) {
    let pending_cases: Vec<(String, usize)> = pending_list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut p = l.split('\t');
            let file = p.next().unwrap().to_owned();
            let idx = p
                .next()
                .and_then(|i| i.parse().ok())
                .expect("pending index");
            assert!(
                p.next().is_some_and(|r| !r.trim().is_empty()),
                "pending without reason: {l}"
            );
            (file, idx)
        })
        .collect();
    let mut pending = 0;
    let mut pending_passing = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tree-construction dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "dat"))
        .collect();
    files.sort();
    let only = std::env::var("TC_ONLY").ok();
    let verbose = std::env::var("TC_VERBOSE").is_ok();
    let (mut tests, mut passed, mut failed, mut excluded, mut runs, mut err_ok) =
        (0, 0, 0, 0, 0, 0);
    let mut old_ok = 0;
    let mut failures = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let cases = parse_dat(&std::fs::read(f).unwrap());
        for (idx, c) in cases.iter().enumerate() {
            tests += 1;
            let exclusions = if standard == Standard::Living {
                EXCLUSIONS_LIVING
            } else {
                EXCLUSIONS
            };
            if exclusions.iter().any(|(n, i, _)| *n == name && *i == idx) {
                excluded += 1;
                continue;
            }
            let is_pending = pending_cases.iter().any(|(n, i)| *n == name && *i == idx);
            let modes: &[bool] = match c.script {
                Some(s) => {
                    if s {
                        &[true]
                    } else {
                        &[false]
                    }
                }
                None => &[true, false],
            };
            let mut ok = true;
            let mut errors_match = true;
            let mut old_match = true;
            for &s in modes {
                runs += 1;
                let (tree, nerr) = std::panic::catch_unwind(|| run_case(c, s, standard))
                    .unwrap_or_else(|_| ("PANIC".into(), 0));
                if tree != c.document {
                    ok = false;
                    if is_pending {
                        continue;
                    }
                    failures.push(format!(
                        "{name} #{idx} (scripting {s}){}\n--- data\n{}\n--- expected\n{}\n--- got\n{}\n",
                        c.fragment.as_deref().map(|f| format!(" fragment {f}")).unwrap_or_default(),
                        c.data, c.document, tree
                    ));
                }
                if nerr != c.old_errors {
                    old_match = false;
                }
                if nerr != c.errors {
                    errors_match = false;
                    if std::env::var("TC_ERRORS").is_ok() && s == modes[0] {
                        let (_, errs) = run_case_errors(c, s, standard);
                        eprintln!(
                            "ERRCOUNT {name} #{idx}: expected {}, got {}\n{}\n{}\n",
                            c.errors,
                            nerr,
                            c.data,
                            errs.join("\n")
                        );
                    }
                }
            }
            if is_pending {
                if ok {
                    pending_passing.push(format!("{name}\t{idx}"));
                }
                pending += 1;
            } else if ok {
                passed += 1;
            } else {
                failed += 1;
            }
            if errors_match {
                err_ok += 1;
            }
            if old_match {
                old_ok += 1;
            }
        }
    }
    let _ = Path::new(dir);
    let label = if standard == Standard::Living {
        " (living)"
    } else {
        ""
    };
    if verbose || failed > 0 {
        for f in failures.iter().take(if verbose { 10000 } else { 30 }) {
            eprintln!("{f}");
        }
    }
    report!(
        "html5lib tree-construction{label}: {passed} passed, {failed} failed, {excluded} excluded, \
         {pending} pending ({tests} tests, {runs} runs incl. scripting on and off)"
    );
    report!(
        "html5lib tree-construction{label}: {err_ok} of {tests} tests with exactly as many parse errors \
         as #errors + #new-errors list ({old_ok} with as many as #errors alone)"
    );
    assert_eq!(failed, 0, "tree-construction failures");
    assert!(
        pending_passing.is_empty(),
        "pending cases that now pass (remove them from the pending list): {pending_passing:?}"
    );
}

/// Living standard changes no html5lib test covers: H4 (an empty system identifier counts as
/// missing for quirks mode) and H9 (fragment scripting follows the given scripting flag).
#[test]
fn living_doctype_empty_system_identifier() {
    let html = "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\" \"\"><p><table>";
    let seed = websyntax_html::parse_document(html, ParseOptions::default());
    assert_eq!(
        seed.quirks_mode,
        websyntax_html::dom::QuirksMode::LimitedQuirks
    );
    let living = websyntax_html::parse_document(
        html,
        ParseOptions {
            standard: Standard::Living,
            ..ParseOptions::default()
        },
    );
    assert_eq!(living.quirks_mode, websyntax_html::dom::QuirksMode::Quirks);
    // In quirks mode the table does not close the p.
    let p = living.find_element("p").unwrap();
    assert!(
        living
            .children(p)
            .any(|c| living.is_html_element(c, "table"))
    );
}

/// H5/H8: a processing instruction is a node in the living standard, serialized `<?t d?>`;
/// the seed keeps the bogus comment.
#[test]
fn living_processing_instruction_serializes() {
    let living = ParseOptions {
        standard: Standard::Living,
        ..ParseOptions::default()
    };
    let doc = websyntax_html::parse_document("<p><?pi some data?></p>", living);
    let p = doc.find_element("p").unwrap();
    assert_eq!(doc.inner_html(p), "<?pi some data?>");
    let seed = websyntax_html::parse_document("<p><?pi some data?></p>", ParseOptions::default());
    let p = seed.find_element("p").unwrap();
    assert_eq!(seed.inner_html(p), "<!--?pi some data?-->");
}

/// H15 (whatwg/html PR #12911): the form element pointer is ignored while "parsing template
/// contents" (a template on the stack, or a template fragment context element), and a `<form>`
/// in a table in template contents is inserted. The seed text keeps its old rules.
#[test]
fn living_form_in_template_contents() {
    let opts = |standard| ParseOptions {
        standard,
        ..ParseOptions::default()
    };
    let template: Context = "template".parse().unwrap();
    let doc_tree = |html: &str, standard| {
        let d = websyntax_html::parse_document(html, opts(standard));
        d.to_test_tree(d.root())
    };
    let frag_tree = |html: &str, standard| {
        websyntax_html::parse_fragment(html, &template, opts(standard)).to_test_tree()
    };

    // "in table", start tag "form", with a template on the stack.
    let html = "<template><table><form></table></template>";
    assert!(!doc_tree(html, Standard::Seed).contains("<form>"));
    assert!(doc_tree(html, Standard::Living).contains("|           <form>"));

    // "in body", start tag "form", template context: the pointer is never set.
    assert_eq!(frag_tree("<form><form>", Standard::Seed), "| <form>");
    assert_eq!(
        frag_tree("<form><form>", Standard::Living),
        "| <form>\n|   <form>"
    );

    // "in body", end tag "form", template context: the template branch pops up to the form.
    let html = "<form>D<div>E</form>F</div>G";
    assert_eq!(
        frag_tree(html, Standard::Living),
        "| <form>\n|   \"D\"\n|   <div>\n|     \"E\"\n| \"FG\""
    );
    assert_eq!(
        frag_tree(html, Standard::Seed),
        "| <form>\n|   \"D\"\n|   <div>\n|     \"EF\"\n| \"G\""
    );

    // Outside template contents both standards keep the pointer: the second form is ignored.
    for standard in [Standard::Seed, Standard::Living] {
        assert_eq!(
            doc_tree("<form><table><form></table>", standard),
            doc_tree("<form><table></table>", standard)
        );
    }
}

/// `ContextError::Ambiguous` says an HTML element named `svg` or `math` parses its contents
/// as a `div` does: so it does for every `#data` of the suite, with both scripting flags.
#[test]
fn html_svg_and_math_contexts_parse_as_div_in_every_case() {
    let div = Context::html("div");
    let contexts = [Context::html("svg"), Context::html("math")];
    let mut compared = 0;
    let mut entries: Vec<_> = std::fs::read_dir(DIR).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        if entry.path().extension().is_none_or(|x| x != "dat") {
            continue;
        }
        for c in parse_dat(&std::fs::read(entry.path()).unwrap()) {
            for scripting in [true, false] {
                let opts = ParseOptions {
                    scripting,
                    ..ParseOptions::default()
                };
                let want = websyntax_html::parse_fragment(&c.data, &div, opts);
                for ctx in &contexts {
                    let got = websyntax_html::parse_fragment(&c.data, ctx, opts);
                    assert_eq!(
                        got.to_test_tree(),
                        want.to_test_tree(),
                        "{ctx}: {:?}",
                        c.data
                    );
                    assert_eq!(got.to_html(), want.to_html(), "{ctx}: {:?}", c.data);
                    compared += 1;
                }
            }
        }
    }
    report!(
        "html5lib tree-construction: HTML svg and math contexts parse as div: {compared} of {compared} runs"
    );
    assert!(compared > 5000, "{compared}");
}
