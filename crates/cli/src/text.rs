//! `websyntax text [FILE|DIR|-]...`: each document's readable text (the rule is in the
//! library's `websyntax_html::text` and `docs/select.md`), UTF-8, ending with a newline.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use websyntax::html::text::TextOptions;

use crate::doc_args::{DocumentArgs, OnOff};
use crate::select::for_each_document;

/// Arguments of `websyntax text`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  websyntax text page.html
  websyntax text --main article.html              # the article body only
  websyntax text --jsonl pages/ > texts.jsonl     # {\"file\", \"title\", \"text\"} per page
  websyntax text --jsonl crawl.warc.gz            # plus \"url\" and \"record\" per HTML response")]
pub struct Args {
    /// Input files or directories (`*.html`, `*.htm`, recursively), WARC files (`.warc`,
    /// `.warc.gz`: each HTML response, with `"url"` and `"record"` in JSON), gzip-compressed
    /// pages, or `-` for stdin (the
    /// default). Several documents' texts follow each other, each ending with a newline; use
    /// `--jsonl` to keep them apart.
    files: Vec<PathBuf>,
    /// One JSON object per document: `{"file", "title", "text"}` (`title` as the DOM's
    /// `document.title`, `null` without a `title` element).
    #[arg(long)]
    jsonl: bool,
    /// Only the main content (the article body, as `markdown --main` keeps it): no
    /// navigation, headers, footers, sidebars, comments or ads; nothing (and one warning line)
    /// for a page without a single main text, as `markdown --main`. With `--jsonl`, also
    /// `"main": {"found", "score"}`.
    #[arg(long)]
    main: bool,
    #[command(flatten)]
    input: crate::documents::InputArgs,
    #[command(flatten)]
    doc: DocumentArgs,
}

/// Runs `websyntax text`.
pub fn run(args: Args) -> ExitCode {
    let options = TextOptions {
        scripting: args.doc.scripting == OnOff::On,
    };
    for_each_document(
        &args.files,
        args.input.input_format,
        &args.doc,
        |input, parsed, out| {
            let doc = &parsed.document;
            let main = args.main.then(|| websyntax::extract::main_content(doc));
            let text = match &main {
                // Not found: the best-scoring fragment of a home page is no article.
                Some(m) if !m.found && !args.jsonl => String::new(),
                Some(m) => m.text_with(doc, options.scripting),
                None => doc.readable_text_with(doc.root(), options),
            };
            if args.jsonl {
                let mut v =
                    serde_json::json!({"file": input.name, "title": doc.title(), "text": text});
                input.doc.add_keys(&mut v, "url");
                if let Some(m) = &main {
                    v["main"] = crate::markdown::main_json(m);
                }
                return writeln!(out, "{v}");
            }
            if text.is_empty() {
                if let Some(m) = &main {
                    crate::markdown::warn_empty_main(&input.name, m);
                }
                return Ok(());
            }
            writeln!(out, "{text}")
        },
    )
}
