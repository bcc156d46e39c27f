//! Shared helpers for the benchmarks: where the corpora are and how to load them.
//!
//! Corpora are not in the repository. By default they are read from `../shared/corpus` beside
//! the checkout; set `WEBSYNTAX_CORPUS=/path/to/corpus` to use another directory.

use std::path::{Path, PathBuf};

pub mod interleave;
#[cfg(feature = "peers-lexbor")]
pub mod lexbor;

/// The corpus root: `$WEBSYNTAX_CORPUS`, or `<workspace>/../shared/corpus`.
pub fn corpus_root() -> PathBuf {
    match std::env::var_os("WEBSYNTAX_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
    }
}

/// Every regular file below `dir` (recursively) whose name ends with one of `extensions`
/// (all files when `extensions` is empty), sorted by path, with its contents.
pub fn load_files(dir: &Path, extensions: &[&str]) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if (extensions.is_empty()
                || extensions.iter().any(|e| {
                    path.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.ends_with(e))
                }))
                && let Ok(bytes) = std::fs::read(&path)
            {
                out.push((path, bytes));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The 20 real-world selectors of the `select` benchmark and of the differential test against
/// scraper (`tests/select_diff.rs`): what scrapers, crawlers and SEO tools run.
pub const SELECTORS: [&str; 20] = [
    "a[href]",
    "div.content p",
    "table tr:nth-child(2n) td",
    "meta[property^=\"og:\"]",
    "link[rel~=stylesheet]",
    "script[src]",
    "img[alt]:not([alt=\"\"])",
    "ul > li:first-child",
    "li:last-child > a",
    "h1, h2, h3",
    "div:has(> img)",
    "section:has(h2)",
    "a:has(img)",
    ".container, #main",
    "[class*=btn]",
    "nav a[href^=\"http\"]",
    "input[type=text i]",
    ":is(header, footer) a",
    "div > div > div > p",
    "span:nth-of-type(3n+1)",
];

/// Runs the websyntax tokenizer over `s` as the document parser runs it (positions as byte
/// offsets; lines and columns on request from the offsets, like lol_html's byte ranges) and
/// returns the number of tokens.
/// The tokenizer alone with a sink that does what a tree builder's tokenizer must: after a
/// start tag of a raw-text, RCDATA, script data or PLAINTEXT element it switches the
/// tokenizer's state (13.2.6.2 "generic raw text / RCDATA element parsing algorithm", the
/// `script` and `plaintext` start tags of "in body"), and it reads every attribute's name and
/// value (character references resolved) as the DOM stores them, and every character run.
/// Counts tokens.
pub fn websyntax_tree_sink_tokens(s: &str) -> usize {
    use websyntax::html::tokenizer as ws;
    struct TreeLike {
        tokens: usize,
        bytes: usize,
    }
    impl ws::TokenSink for TreeLike {
        fn process_token(
            &mut self,
            token: ws::Token<'_>,
            _at: websyntax::html::Position,
        ) -> ws::SinkResult {
            self.tokens += 1;
            match token {
                ws::Token::StartTag(tag) => {
                    for a in tag.attrs() {
                        let (n, v) = std::hint::black_box((a.name, a.value));
                        self.bytes += n.len() + v.len();
                    }
                    let state = match tag.name() {
                        "title" | "textarea" => ws::State::Rcdata,
                        "style" | "xmp" | "iframe" | "noembed" | "noframes" | "noscript" => {
                            ws::State::Rawtext
                        }
                        "script" => ws::State::ScriptData,
                        "plaintext" => ws::State::Plaintext,
                        _ => return ws::SinkResult::Continue,
                    };
                    ws::SinkResult::SwitchTo(state)
                }
                ws::Token::Characters(t) => {
                    self.bytes += std::hint::black_box(t).len();
                    ws::SinkResult::Continue
                }
                other => {
                    std::hint::black_box(&other);
                    ws::SinkResult::Continue
                }
            }
        }
    }
    let mut t = ws::Tokenizer::new(TreeLike {
        tokens: 0,
        bytes: 0,
    });
    t.set_offsets_only(true);
    t.feed(s);
    t.end();
    let sink = t.into_sink();
    sink.tokens + sink.bytes
}

pub fn websyntax_token_count(s: &str) -> usize {
    use websyntax::html::tokenizer as ws;
    struct Count(usize);
    impl ws::TokenSink for Count {
        fn process_token(
            &mut self,
            token: ws::Token<'_>,
            _at: websyntax::html::Position,
        ) -> ws::SinkResult {
            std::hint::black_box(&token);
            self.0 += 1;
            ws::SinkResult::Continue
        }
    }
    let mut t = ws::Tokenizer::new(Count(0));
    t.set_offsets_only(true);
    t.feed(s);
    t.end();
    t.into_sink().0
}

/// Deterministic comment-sized inputs of about 1 KiB: the `sanitize` bench's `comments` group
/// and `examples/sanitize_comments.rs`.
pub fn sanitize_comments() -> Vec<String> {
    const PARTS: &[&str] = &[
        "<p>Thanks for the write-up! I tried the second approach and it worked.</p>",
        "<p>See <a href=\"https://example.com/docs/page?x=1\" title=\"docs\">the docs</a> for details.</p>",
        "<blockquote cite=\"https://example.org/\"><p>Quoted text from the article, with <em>emphasis</em>.</p></blockquote>",
        "<pre><code>fn main() { println!(\"hello &amp; bye\"); }</code></pre>",
        "<ul><li>first point</li><li>second <strong>point</strong></li><li>third</li></ul>",
        "<p onclick=\"steal()\">Click <a href=\"javascript:alert(1)\">here</a></p>",
        "<img src=\"https://example.com/cat.png\" alt=\"cat\" onerror=\"alert(1)\">",
        "<script>alert(document.cookie)</script>",
        "<p>Line one<br>line two &mdash; with <code>inline code</code> and <kbd>Ctrl</kbd>.</p>",
        "<div style=\"color:red\"><span>styled</span> text <b>bold</b> <i>italic</i></div>",
        "<!-- a comment --><p>After a comment <sub>1</sub> <sup>2</sup></p>",
        "<table><tr><td>a</td><td colspan=2>b</td></tr></table>",
        "<h3>Heading</h3><p>Body text with an <abbr title=\"abbreviation\">abbr</abbr>.</p>",
        "<iframe src=\"https://evil.example/\"></iframe><p>after the frame</p>",
    ];
    let mut out = Vec::new();
    let mut state: u32 = 0x2545_F491;
    for _ in 0..256 {
        let mut s = String::new();
        while s.len() < 1024 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            s.push_str(PARTS[state as usize % PARTS.len()]);
        }
        out.push(s);
    }
    out
}

/// ammonia configured like the Sanitizer API's safe default configuration's HTML part (the
/// `sanitize` bench's peer; what still differs is listed there).
#[cfg(feature = "peers-sanitize")]
pub fn ammonia_builder() -> ammonia::Builder<'static> {
    use std::collections::{HashMap, HashSet};
    use websyntax::sanitize::{Sanitizer, config::HTML_NAMESPACE};
    let config = Sanitizer::default().get();
    let leak = |s: &str| -> &'static str { Box::leak(s.to_owned().into_boxed_str()) };
    let mut tags = HashSet::new();
    let mut tag_attributes: HashMap<&'static str, HashSet<&'static str>> = HashMap::new();
    for e in config.elements.iter().flatten() {
        if e.name.namespace.as_deref() != Some(HTML_NAMESPACE) {
            continue;
        }
        let name = leak(&e.name.name);
        tags.insert(name);
        let attrs: HashSet<&'static str> = e
            .attributes
            .iter()
            .flatten()
            .map(|a| leak(&a.name))
            .collect();
        tag_attributes.insert(name, attrs);
    }
    let generic: HashSet<&'static str> = config
        .attributes
        .iter()
        .flatten()
        .map(|a| leak(&a.name))
        .collect();
    let mut b = ammonia::Builder::empty();
    b.tags(tags)
        .tag_attributes(tag_attributes)
        .generic_attributes(generic)
        .clean_content_tags(["script", "style"].into_iter().collect())
        .strip_comments(true)
        .link_rel(None)
        .url_schemes(["http", "https", "mailto"].into_iter().collect());
    b
}

/// The inner HTML of the body of every page of `corpus_root()/html` (serialized once), the
/// sanitizer benchmarks' page inputs; `WEBSYNTAX_BENCH_PAGES=N` keeps the first N.
pub fn corpus_bodies() -> Vec<String> {
    use websyntax::html::{ParseOptions, parse_document};
    let mut pages: Vec<String> = load_files(&corpus_root().join("html"), &[".html", ".htm"])
        .into_iter()
        .filter_map(|(_, b)| {
            let s = String::from_utf8_lossy(&b);
            let doc = parse_document(&s, ParseOptions::default());
            let body = doc.find_element("body")?;
            Some(doc.inner_html(body))
        })
        .collect();
    if let Ok(n) = std::env::var("WEBSYNTAX_BENCH_PAGES")
        && let Ok(n) = n.parse::<usize>()
    {
        pages.truncate(n);
    }
    pages
}

/// lol_html's lexer over `bytes` (a `doctype!` handler forces its full lexer rather than the
/// tag scanner); returns the output's length.
#[cfg(feature = "peers-html")]
pub fn lol_html_tokens(bytes: &[u8]) -> usize {
    let mut n = 0usize;
    let mut rw = lol_html::HtmlRewriter::new(
        lol_html::Settings::new().append_document_content_handler(lol_html::doctype!(|_d| Ok(()))),
        |c: &[u8]| n += c.len(),
    );
    let _ = rw.write(bytes);
    let _ = rw.end();
    n
}

/// websyntax's bytes → DOM as `dom_bench` times it: the byte-stream pipeline with the HTML
/// Standard's sniffing, source spans and parse errors collected; returns nodes + errors.
pub fn websyntax_dom(bytes: &[u8]) -> usize {
    use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
    let mut opts = DocumentParserOptions::spec();
    opts.parse.collect_errors = true;
    let parsed = parse_document_bytes(bytes, opts);
    parsed.document.len() + parsed.document.errors().len()
}

/// The same from a `&str` (no sniffing or decoding): `parse_document` with the default options
/// (source spans and parse errors collected); returns nodes + errors.
pub fn websyntax_dom_str(s: &str) -> usize {
    let doc = websyntax::html::parse_document(s, websyntax::html::ParseOptions::default());
    doc.len() + doc.errors().len()
}
