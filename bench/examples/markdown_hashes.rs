//! Output-identity check of the extract crate: a hash per input and per conversion (whole-page
//! Markdown in a few option sets, whole-page readable text, main content text and Markdown,
//! main content roots and exclusions), so that
//! a change meant to be output-preserving can be checked by diffing two runs' outputs.
//!
//! `cargo run --release -p websyntax-bench --example markdown_hashes -- DIR... > hashes.txt`
//!
//! Inputs: every `.html`/`.htm` file under each DIR, and the `#data` sections of every `.dat`
//! file under them (html5lib tree-construction style), each as a document.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use websyntax::extract::text::readable_text;
use websyntax::extract::{LinkStyle, MarkdownOptions, main_content, to_markdown};
use websyntax::html::input_stream::{DocumentParserOptions, parse_document_bytes};
use websyntax::url::Url;
use websyntax_bench::load_files;

fn h(s: &str) -> u64 {
    let mut x = DefaultHasher::new();
    s.hash(&mut x);
    x.finish()
}

fn dat_cases(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.split('\n') {
        if line == "#data" {
            if let Some(c) = cur.take() {
                out.push(c);
            }
            cur = Some(String::new());
            continue;
        }
        if line.starts_with('#') {
            if let Some(c) = cur.take() {
                out.push(c);
            }
            continue;
        }
        if let Some(c) = cur.as_mut() {
            if !c.is_empty() {
                c.push('\n');
            }
            c.push_str(line);
        }
    }
    if let Some(c) = cur {
        out.push(c);
    }
    out
}

fn main() {
    let base = Url::parse("https://example.com/dir/page.html?q=1", None).ok();
    let option_sets = [
        MarkdownOptions::default(),
        MarkdownOptions {
            base_url: base.clone(),
            link_style: LinkStyle::Referenced,
            ..MarkdownOptions::default()
        },
        MarkdownOptions {
            base_url: base,
            images: false,
            scripting: false,
            encoding: websyntax::encoding::Encoding::WINDOWS_1252,
            ..MarkdownOptions::default()
        },
    ];
    let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
    for dir in std::env::args().skip(1).map(PathBuf::from) {
        for (p, b) in load_files(&dir, &["html", "htm"]) {
            inputs.push((p.display().to_string(), b));
        }
        for (p, b) in load_files(&dir, &["dat"]) {
            let t = String::from_utf8_lossy(&b);
            for (i, c) in dat_cases(&t).into_iter().enumerate() {
                inputs.push((format!("{}#{i}", p.display()), c.into_bytes()));
            }
        }
    }
    for (name, bytes) in &inputs {
        let doc = parse_document_bytes(bytes, DocumentParserOptions::spec()).document;
        let mut line = name.clone();
        for o in &option_sets {
            line.push_str(&format!(" {:016x}", h(&to_markdown(&doc, None, o))));
        }
        // Readable text of the whole page, with scripting on and off.
        for scripting in [true, false] {
            line.push_str(&format!(
                " {:016x}",
                h(&readable_text(&doc, &[doc.root()], None, scripting))
            ));
        }
        let mc = main_content(&doc);
        line.push_str(&format!(
            " {:016x} {:016x} {:016x} {:016x}",
            h(&format!("{:?}", mc)),
            h(&mc.text(&doc)),
            h(&mc.text_with(&doc, false)),
            h(&mc.markdown(&doc, &option_sets[1]))
        ));
        println!("{line}");
    }
}
