//! Prints a page's Markdown, or its main content as Markdown or text.
//!
//! `cargo run -p websyntax-extract --example extract -- [markdown|main|main-text] PAGE.html`

use websyntax_extract::{MarkdownOptions, main_content, to_markdown};
use websyntax_html::{DocumentParserOptions, parse_document_bytes};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: extract markdown|main|main-text PAGE.html");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let parsed = parse_document_bytes(&bytes, DocumentParserOptions::default());
    let doc = &parsed.document;
    let options = MarkdownOptions {
        encoding: parsed.encoding,
        ..MarkdownOptions::default()
    };
    match mode.as_str() {
        "markdown" => print!("{}", to_markdown(doc, None, &options)),
        "main" => print!("{}", main_content(doc).markdown(doc, &options)),
        _ => println!("{}", main_content(doc).text(doc)),
    }
}
