//! The web-platform-tests `sanitizer-api/` data files (tests/data/wpt-sanitizer/, format in its
//! README.md): every case runs through `set_html` / `set_html_unsafe` on an element of a
//! document and is compared with the expected tree, in the html5lib-tests tree format.
//! Cases listed in tests/data/wpt-sanitizer-exclusions.txt are excluded, with the reason.
//! Our one deliberate difference, the safe methods' removal of every attribute in no namespace
//! whose name starts with `on` (docs/sanitize.md), is applied to the expectations of the safe
//! cases, and the cases it changes are counted apart.

mod common;

use websyntax_html::{ParseOptions, parse_document};
use websyntax_sanitize::{Sanitizer, set_html, set_html_unsafe};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/wpt-sanitizer");
const FILES: &[(&str, bool)] = &[
    ("sethtml-tree-construction.sub.dat", true),
    ("sanitizer-in-adoption-agency.sub.dat", true),
    ("sanitizer-script-tokenizer.sub.dat", true),
    ("sethtml-safety.sub.dat", true),
    ("sethtml-unsafety.sub.dat", false),
    ("sethtmlunsafe-toplevel-template-script.sub.dat", false),
];

#[derive(Default, Debug)]
struct Case {
    sections: Vec<(String, String)>,
}

impl Case {
    fn get(&self, name: &str) -> Option<&str> {
        self.sections
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `parse_html5lib_testcases`: an empty line ends a case; `#name` starts a section.
fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut cur = Case::default();
    for line in text.split('\n') {
        if line.is_empty() {
            if !cur.sections.is_empty() {
                cases.push(std::mem::take(&mut cur));
            }
        } else if let Some(name) = line.strip_prefix('#') {
            cur.sections.push((name.to_owned(), String::new()));
        } else if let Some((_, v)) = cur.sections.last_mut() {
            if !v.is_empty() || v.contains('\n') {
                v.push('\n');
            }
            v.push_str(line);
        }
    }
    if !cur.sections.is_empty() {
        cases.push(cur);
    }
    cases
}

/// Tree lines as entries (a line starting with `| ` and its continuation lines), with
/// adjacent text entries of the same depth merged (text node boundaries are not compared).
fn normalize(tree: &str) -> Vec<String> {
    let mut entries: Vec<String> = Vec::new();
    for line in tree.split('\n') {
        if line.starts_with("| ") || entries.is_empty() {
            if line.is_empty() && entries.is_empty() {
                continue;
            }
            entries.push(line.to_owned());
        } else if let Some(last) = entries.last_mut() {
            last.push('\n');
            last.push_str(line);
        }
    }
    let text_prefix = |e: &str| -> Option<usize> {
        let body = e.strip_prefix("| ")?;
        let indent = body.len() - body.trim_start_matches(' ').len();
        body[indent..].starts_with('"').then_some(indent)
    };
    let mut out: Vec<String> = Vec::new();
    for e in entries {
        if let (Some(last), Some(i)) = (out.last_mut(), text_prefix(&e))
            && text_prefix(last) == Some(i)
            && last.ends_with('"')
        {
            last.pop();
            last.push_str(&e[2 + i + 1..]);
            continue;
        }
        out.push(e);
    }
    out
}

/// WPT's `<!--X-->` holds the comment data `X` exactly; the html5lib dumper writes
/// `<!-- X -->`.
fn wpt_comment_to_html5lib(entry: &str) -> String {
    let Some(body) = entry.strip_prefix("| ") else {
        return entry.to_owned();
    };
    let indent = body.len() - body.trim_start_matches(' ').len();
    match body[indent..]
        .strip_prefix("<!--")
        .and_then(|r| r.strip_suffix("-->"))
    {
        Some(data) => format!("| {}<!-- {data} -->", &body[..indent]),
        None => entry.to_owned(),
    }
}

/// Whether a tree entry is an attribute in no namespace whose name starts with `on` (ASCII
/// case-insensitively): an entry `name="value"` (namespaced ones are `xlink name="value"`).
fn is_on_attribute(entry: &str) -> bool {
    let Some(body) = entry.strip_prefix("| ") else {
        return false;
    };
    let body = body.trim_start_matches(' ');
    let Some((name, _)) = body.split_once('=') else {
        return false;
    };
    !name.contains(' ') && !body.starts_with(['<', '"']) && common::is_on_attribute(name)
}

/// How a case came out: as the data expects, or as it expects with our stricter rule applied
/// (the safe methods remove every attribute in no namespace whose name starts with `on`,
/// docs/sanitize.md: the expectation keeps a non-handler `on*` attribute, such as `one`).
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    AsExpected,
    WithStricterOnRule,
}

fn run_case(case: &Case, safe_default: bool) -> Result<Outcome, String> {
    let host = |s: &str| s.replace("{{host}}", "web-platform.test");
    let data = host(case.get("data").unwrap_or(""));
    let safe = match case.get("method") {
        Some("setHTMLUnsafe") => false,
        Some("setHTML") => true,
        _ => safe_default,
    };
    let context = case.get("document-fragment").unwrap_or("div");
    let mut expected: Vec<String> = normalize(&host(case.get("document").unwrap_or("")))
        .into_iter()
        .map(|e| wpt_comment_to_html5lib(&e))
        .collect();
    let mut outcome = Outcome::AsExpected;
    if safe && expected.iter().any(|e| is_on_attribute(e)) {
        expected.retain(|e| !is_on_attribute(e));
        outcome = Outcome::WithStricterOnRule;
    }
    // The runner passes JSON.parse(config), or undefined when absent or not JSON.
    let config: Option<serde_json::Value> = case
        .get("config")
        .and_then(|c| serde_json::from_str(c).ok());
    let sanitizer = Sanitizer::from_options(config.as_ref(), safe);
    let mut doc = parse_document(&format!("<{context}></{context}>"), ParseOptions::default());
    let el = doc
        .find_element(context)
        .ok_or_else(|| format!("no context element {context}"))?;
    match (&sanitizer, case.get("error")) {
        (Err(_), Some(_)) => return Ok(outcome),
        (Err(e), None) => return Err(format!("unexpected error: {e}")),
        (Ok(_), Some(err)) => return Err(format!("expected {err}, got a sanitizer")),
        (Ok(s), None) => {
            let r = if safe {
                set_html(&mut doc, el, &data, s)
            } else {
                set_html_unsafe(&mut doc, el, &data, s)
            };
            r.map_err(|e| e.to_string())?;
        }
    }
    let target = doc.template_contents(el).unwrap_or(el);
    let got = normalize(&doc.to_test_tree(target));
    if got == expected {
        Ok(outcome)
    } else {
        Err(format!(
            "expected:\n{}\ngot:\n{}",
            expected.join("\n"),
            got.join("\n")
        ))
    }
}

fn exclusions() -> Vec<(String, usize)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/wpt-sanitizer-exclusions.txt"
    ))
    .unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let id = l.split_whitespace().next()?;
            let (file, n) = id.rsplit_once(':')?;
            Some((file.to_owned(), n.parse().ok()?))
        })
        .collect()
}

#[test]
fn wpt_sanitizer_data() {
    let excluded = exclusions();
    let (mut passed, mut stricter, mut failed, mut skipped) = (0, 0, 0, 0);
    let mut report = String::new();
    for (file, safe) in FILES {
        let text = std::fs::read_to_string(format!("{DIR}/{file}")).expect("vendored data");
        for (i, case) in parse_cases(&text).iter().enumerate() {
            if case.get("data").is_none() {
                continue;
            }
            let is_excluded = excluded.iter().any(|(f, n)| f == file && *n == i);
            match run_case(case, *safe) {
                Ok(_) if is_excluded => {
                    report.push_str(&format!("{file}:{i} passes but is excluded\n"));
                    failed += 1;
                }
                Ok(Outcome::AsExpected) => passed += 1,
                Ok(Outcome::WithStricterOnRule) => stricter += 1,
                Err(_) if is_excluded => skipped += 1,
                Err(e) => {
                    failed += 1;
                    report.push_str(&format!(
                        "--- {file}:{i}\n#data\n{}\n#config {:?}\n{e}\n",
                        case.get("data").unwrap_or(""),
                        case.get("config")
                    ));
                }
            }
        }
    }
    eprintln!(
        "wpt-sanitizer: {passed} passed, {stricter} passed with the stricter on* rule applied to \
         the expectation, {failed} failed, {skipped} excluded"
    );
    assert!(failed == 0, "{report}");
}
