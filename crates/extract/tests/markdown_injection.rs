//! The Markdown injection set (`tests/data/markdown-injection/cases.jsonl`, see its
//! `SOURCE.md`): hostile documents whose Markdown is rendered to HTML by pulldown-cmark (tables
//! and strikethrough on, raw HTML passed through) and read back with the HTML parser, as a
//! browser would. No rendered link may go to a `javascript:`, `vbscript:` or `data:` URL, no
//! image source may be `javascript:`, `vbscript:` or a `data:` URL other than `data:image/*`,
//! and no raw HTML may come through (only the elements a renderer writes, no `on*` attribute).
//! Each case runs with inline and reference links, without and with a base URL. The same set
//! runs through cmark-gfm (unsafe mode) and markdown-it in the Python package's tests.

use pulldown_cmark::{Options, Parser, html::push_html};
use websyntax_extract::{LinkStyle, MarkdownOptions, to_markdown};
use websyntax_html::{ParseOptions, parse_document};
use websyntax_url::Url;

const CASES: &str = include_str!("data/markdown-injection/cases.jsonl");

/// The elements a CommonMark + GFM renderer writes.
const RENDERED: &[&str] = &[
    "html",
    "head",
    "body",
    "p",
    "a",
    "img",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
    "br",
];

/// Whether a URL attribute's value could run script, read as a browser reads it (the URL
/// parser against the page's URL), and, to be safe, by the scheme at its start after what the
/// URL parser strips (leading C0 controls and spaces; tabs and newlines anywhere) even where
/// the URL would not parse.
fn runs_script(value: &str, image: bool, page: &Url) -> bool {
    let bad = |scheme: &str, rest: &str| match scheme {
        "javascript" | "vbscript" => true,
        "data" => {
            !image
                || !rest
                    .trim_start_matches([' ', '\t', '\n', '\r', '\x0c'])
                    .to_ascii_lowercase()
                    .starts_with("image/")
        }
        _ => false,
    };
    if let Ok(u) = Url::parse(value, Some(page))
        && bad(u.scheme(), u.path())
    {
        return true;
    }
    let cleaned: String = value
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    match cleaned.split_once(':') {
        Some((scheme, rest)) => bad(&scheme.to_ascii_lowercase(), rest),
        None => false,
    }
}

/// What the rendered HTML holds.
#[derive(Default, Debug)]
struct Seen {
    links: usize,
    images: usize,
    problems: Vec<String>,
}

/// Reads rendered HTML as a browser would and lists what could run script.
fn check_rendered(html: &str, seen: &mut Seen) {
    let page = Url::parse("https://render.invalid/page", None).unwrap();
    let doc = parse_document(html, ParseOptions::default());
    for id in doc.node_ids() {
        let Some(name) = doc.local_name(id) else {
            continue;
        };
        if !RENDERED.contains(&name) {
            seen.problems.push(format!("raw element <{name}>"));
        }
        for at in doc.attrs(id) {
            let (n, v) = (at.name(), at.value());
            if n.len() >= 2 && n[..2].eq_ignore_ascii_case("on") {
                seen.problems.push(format!("handler {n}={v:?}"));
            }
            let image = match (name, n) {
                ("a", "href") => false,
                ("img", "src") => true,
                (_, "href" | "src" | "srcset" | "action" | "formaction" | "xlink:href") => false,
                _ => continue,
            };
            if image {
                seen.images += 1;
            } else {
                seen.links += 1;
            }
            if runs_script(v, image, &page) {
                seen.problems.push(format!("<{name} {n}={v:?}>"));
            }
        }
    }
}

fn pulldown(md: &str) -> String {
    let mut html = String::new();
    push_html(
        &mut html,
        Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH),
    );
    html
}

fn cases() -> Vec<(String, String)> {
    CASES
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            (
                v["name"].as_str().expect("name").to_owned(),
                v["html"].as_str().expect("html").to_owned(),
            )
        })
        .collect()
}

fn option_sets() -> Vec<(&'static str, MarkdownOptions)> {
    let base = Url::parse("https://example.org/a/b.html", None).unwrap();
    vec![
        ("inline", MarkdownOptions::default()),
        (
            "referenced",
            MarkdownOptions {
                link_style: LinkStyle::Referenced,
                ..MarkdownOptions::default()
            },
        ),
        (
            "inline+base",
            MarkdownOptions {
                base_url: Some(base.clone()),
                ..MarkdownOptions::default()
            },
        ),
        (
            "referenced+base",
            MarkdownOptions {
                base_url: Some(base),
                link_style: LinkStyle::Referenced,
                ..MarkdownOptions::default()
            },
        ),
    ]
}

#[test]
fn injection_set_renders_no_script_url_in_pulldown_cmark() {
    let cases = cases();
    assert!(cases.len() >= 100, "{} cases", cases.len());
    let mut failures = Vec::new();
    let mut total = Seen::default();
    let mut runs = 0;
    for (label, options) in option_sets() {
        for (name, html) in &cases {
            let doc = parse_document(html, ParseOptions::default());
            let md = to_markdown(&doc, None, &options);
            let mut seen = Seen::default();
            check_rendered(&pulldown(&md), &mut seen);
            runs += 1;
            total.links += seen.links;
            total.images += seen.images;
            if !seen.problems.is_empty() {
                failures.push(format!("{name} ({label}): {md:?} -> {:?}", seen.problems));
            }
        }
    }
    println!(
        "pulldown-cmark: {} cases x 4 option sets = {runs} renders, {} links and {} images \
         rendered, {} with a URL that could run script",
        cases.len(),
        total.links,
        total.images,
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The set does render links and images (safe ones), so the check above saw some.
    assert!(total.links > 100 && total.images > 100, "{total:?}");
}

/// The checker itself finds what it must: Markdown that renders to a script URL in
/// pulldown-cmark (the renderer decodes the references and escapes).
#[test]
fn checker_sees_script_urls() {
    for md in [
        "[x](javascript:alert\\(1\\))",
        "[x](&#x6A;avascript:alert\\(1\\))",
        "[x](javascript&colon;alert\\(1\\))",
        "[x](<javascript:alert(1)>)",
        "[x](vbscript:x)",
        "[x](data:text/html,x)",
        "[x](data:image/png,x)",
        "![x](data:text/html,x)",
        "![x](javascript:x)",
        "[x][1]\n\n[1]: JavaScript:x",
        "<javascript:alert(1)>",
        "<img src=x onerror=alert(1)>",
    ] {
        let mut seen = Seen::default();
        check_rendered(&pulldown(md), &mut seen);
        assert!(!seen.problems.is_empty(), "{md:?}");
    }
    let mut seen = Seen::default();
    check_rendered(&pulldown("![x](data:image/svg+xml,x) [y](/z)"), &mut seen);
    assert!(seen.problems.is_empty(), "{seen:?}");
}

/// With `unsafe_links` the links are kept, written so that the renderer reads back exactly the
/// URL (the `&` of `&colon;` stays an ampersand).
#[test]
fn unsafe_links_keeps_them_verbatim() {
    let keep = MarkdownOptions {
        unsafe_links: true,
        ..MarkdownOptions::default()
    };
    let doc = parse_document(
        "<a href='javascript&amp;colon;alert(1)'>x</a> <a href='vbscript:x'>v</a> \
         <img src='data:text/html,x' alt=d>",
        ParseOptions::default(),
    );
    let md = to_markdown(&doc, None, &keep);
    assert_eq!(
        md,
        "[x](javascript&amp;colon;alert\\(1\\)) [v](vbscript:x) ![d](data:text/html,x)\n"
    );
    assert!(
        pulldown(&md).contains("href=\"javascript&amp;colon;alert(1)\""),
        "{}",
        pulldown(&md)
    );
    // By default the two that could run script are dropped; the first is a relative URL (an
    // `&` cannot be part of a scheme), written so that it stays one.
    assert_eq!(
        to_markdown(&doc, None, &MarkdownOptions::default()),
        "[x](javascript&amp;colon;alert\\(1\\)) v d\n"
    );
}
