//! The quick fixes make the checker stop reporting what they fix, and the incremental path
//! gives exactly the findings of a full check.

use websyntax_check::Severity;
use websyntax_html::{ParseOptions, parse_document};
use websyntax_lsp::checking::{Checked, check_text};
use websyntax_lsp::fixes::{apply, fixes};
use websyntax_lsp::incremental::recheck;
use websyntax_lsp::settings::Settings;

const URI: &str = "file:///tmp/page.html";

fn settings() -> Settings {
    Settings {
        severity: Severity::Info,
        ..Settings::default()
    }
}

fn count(c: &Checked, code: &str) -> usize {
    c.findings.iter().filter(|d| d.code == code).count()
}

/// Every fix offered for `page` removes one finding of its code (and adds no error of
/// another code); returns the titles.
fn check_fixes(page: &str) -> Vec<String> {
    let s = settings();
    let checked = check_text(page, URI, &s);
    let doc = parse_document(page, ParseOptions::default());
    let mut titles = Vec::new();
    for f in fixes(page, &doc, &checked, 0, page.len()) {
        let code = checked.findings[f.finding].code;
        let fixed = apply(page, &f.edits);
        let after = check_text(&fixed, URI, &s);
        assert!(
            count(&after, code) < count(&checked, code),
            "{}: {code} still reported in {fixed:?}",
            f.title
        );
        for d in &after.findings {
            assert!(
                d.severity < Severity::Error || count(&checked, d.code) > 0,
                "{}: new {} in {fixed:?}",
                f.title,
                d.code
            );
        }
        titles.push(f.title);
    }
    titles
}

#[test]
fn each_fix_removes_its_finding() {
    let cases: &[(&str, &str)] = &[
        ("<title>t</title><p>x", "DOCTYPE"),
        ("<!DOCTYPE html><title>café</title>", "meta charset"),
        (
            "<!DOCTYPE html><html><head><title>é</title>",
            "meta charset",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><a href='/a b?c d#e f#g'>x</a>",
            "Percent",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><a href='/%zz'>x</a>",
            "Percent",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><img src=a width=120px>",
            "`120`",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><img src=a height=' 7 '>",
            "`7`",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><input type=checkbox checked=true>",
            "without a value",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><input type=color value=red>",
            "#ff0000",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><div><span>x",
            "Close",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><div><span><em>x</div>",
            "Close",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><body><div>x</body></html>",
            "Close",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><p>x</span>y</p>",
            "stray",
        ),
        (
            "<!DOCTYPE html><meta charset=utf-8><title>t</title><p id=a>x<p id=a>y",
            "Rename",
        ),
    ];
    for (page, want) in cases {
        let titles = check_fixes(page);
        assert!(
            titles.iter().any(|t| t.contains(want)),
            "{page}: no fix containing {want:?} in {titles:?}"
        );
    }
    // No fix where the right value is not known.
    let page = "<!DOCTYPE html><meta charset=utf-8><title>t</title><img src=a width=100%><input type=checkbox checked=false>";
    assert!(check_fixes(page).is_empty());
}

#[test]
fn fixes_hold_on_the_sample_pages() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pages");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "html") {
            n += check_fixes(&std::fs::read_to_string(&path).unwrap()).len();
        }
    }
    assert!(n > 0);
}

fn same(a: &Checked, b: &Checked) {
    assert_eq!(a.findings, b.findings);
    assert_eq!(a.plain_text, b.plain_text);
}

#[test]
fn incremental_recheck_equals_a_full_check() {
    let s = settings();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pages");
    let mut taken = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let mut text = std::fs::read_to_string(&path).unwrap();
        let mut checked = check_text(&text, URI, &s);
        // Edits spread over the page: type a letter, then delete it, then type a space.
        let len = text.len();
        for i in 1..60 {
            let at = websyntax_lsp::text::floor_char(&text, len * i / 60);
            for edit in ["x", "", " q"] {
                let mut next = text.clone();
                if edit.is_empty() {
                    let end = websyntax_lsp::text::floor_char(&next, at + 1);
                    if end <= at {
                        continue;
                    }
                    next.replace_range(at..end, "");
                } else {
                    next.insert_str(at, edit);
                }
                let full = check_text(&next, URI, &s);
                if let Some(fast) = recheck(&checked, &text, &next, &s) {
                    same(&fast, &full);
                    taken += 1;
                }
                text = next;
                checked = full;
            }
        }
    }
    assert!(taken > 20, "the incremental path was taken {taken} times");
}

#[test]
fn incremental_path_refuses_markup_and_structure() {
    let s = settings();
    // Past the prescan's window; one page declares its encoding, one is autodetected.
    let filler = format!("<!--{}-->", "-".repeat(1100));
    for head in [
        "<!DOCTYPE html><meta charset=utf-8><title>t</title>",
        "<!DOCTYPE html><title>é</title>",
    ] {
        let text = &format!(
            "{head}{filler}<table><tr><td>cell text</td></tr></table><p>para text here</p>"
        );
        refusals(text, &s);
    }
}

fn refusals(text: &str, s: &Settings) {
    let checked = check_text(text, URI, s);
    let at = text.find("text here").unwrap() + 2;
    for (insert, ok) in [
        ("x", true),
        ("<b>", false),
        ("&amp;", false),
        ("\n", false),
        ("é", false),
    ] {
        let mut next = text.to_owned();
        next.insert_str(at, insert);
        assert_eq!(
            recheck(&checked, text, &next, s).is_some(),
            ok,
            "{insert:?}"
        );
    }
    // At the edge of a text node: a full check.
    let at = text.find("para").unwrap();
    let mut next = text.to_owned();
    next.insert(at, 'x');
    assert!(recheck(&checked, text, &next, s).is_none());
}
