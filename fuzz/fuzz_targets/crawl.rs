#![no_main]
//! What a crawl runs on every page, on arbitrary bytes, with the defaults a crawl gets: the
//! byte-stream parser with autodetection and the command's resource limits (node budget
//! proportional to the input; depth limit 512 or none, chosen by the first byte), then
//! `title`, links against a `file:` URL, readable text, the pretty printer, serialization and
//! `:has()` selectors. Checks: no panic, no hang; a node budget that was reached leaves at
//! most that many nodes; the title is stripped; `Url::from_file_path` never panics and gives a
//! `file:` URL.
use libfuzzer_sys::fuzz_target;
use websyntax::html::pretty::pretty_html;
use websyntax::html::serialize::serialize_document;
use websyntax::html::{DocumentParserOptions, ResourceLimits, parse_document_bytes};
use websyntax::url::Url;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let mut options = DocumentParserOptions::default();
    let max_nodes = rest.len() * 16 + 64;
    options.parse.limits = ResourceLimits {
        max_nodes: Some(max_nodes),
        max_tree_depth: (flags & 1 == 1).then_some(usize::from(flags >> 1) + 1),
        max_attributes: None,
        max_clones: Some(rest.len() / 2 + 64),
    };
    options.parse.scripting = flags & 2 == 2;
    let parsed = parse_document_bytes(rest, options);
    let doc = &parsed.document;
    if doc.limits_reached().nodes {
        // The parser stops at the limit, plus what the token being handled builds (at most
        // one reconstructed element per active formatting element, each from a start tag).
        assert!(doc.len() <= max_nodes + rest.len() + 8, "{} > {max_nodes}", doc.len());
    }
    if let Some(t) = doc.title() {
        assert_eq!(t.trim_matches(['\t', '\n', '\x0C', '\r', ' ']), t);
        assert!(!t.contains("  "));
    }
    let path = std::path::Path::new(std::str::from_utf8(&rest[..rest.len().min(40)]).unwrap_or("/x"));
    if let Ok(u) = Url::from_file_path(path) {
        assert_eq!(u.protocol(), "file:");
        let _ = parsed.links(Some(&u));
        let _ = u.join("a/../b?c#d");
    }
    let _ = doc.readable_text(doc.root());
    let _ = pretty_html(doc, doc.root(), flags & 2 == 2);
    let _ = serialize_document(doc);
    for sel in ["div:has(p)", "li:has(~ p)", "input:disabled", "[title*=\"ab\" i]"] {
        let _ = doc.select(sel).map(|s| s.count());
    }
});
