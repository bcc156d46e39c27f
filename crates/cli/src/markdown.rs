//! `websyntax markdown [FILE|DIR|-]... [--base URL] [--main] [--jsonl] [--unsafe-links]`: each document as
//! Markdown (CommonMark plus GFM tables and strikethrough; the rules are in the library's
//! `websyntax_extract::markdown` and `docs/markdown.md`). `--main` keeps only the main content
//! (`websyntax_extract::main_content`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use websyntax::extract::{LinkStyle, MarkdownOptions, main_content, to_markdown};
use websyntax::url::Url;

use crate::doc_args::{DocumentArgs, OnOff};
use crate::select::for_each_input;

/// Arguments of `websyntax markdown`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  websyntax markdown page.html > page.md
  websyntax markdown --main --base https://example.org/news/a.html article.html
  websyntax markdown --main --jsonl pages/ > pages.jsonl   # {\"file\", \"title\", \"markdown\"} per page")]
pub struct Args {
    /// Input files or directories (`*.html`, `*.htm`, recursively), WARC files (`.warc`,
    /// `.warc.gz`: each HTML response), gzip-compressed pages, or `-` for stdin (the
    /// default). Several documents follow each other, separated by a blank line; use
    /// `--jsonl` to keep them apart.
    files: Vec<PathBuf>,
    /// The URL of documents that have none of their own (a WARC record's and a JSON line's
    /// `url` come first): links and images are resolved against the document base URL (the
    /// `<base href>`, else the document's URL). Without any, relative URLs and `#fragment`
    /// links stay as written.
    #[arg(short = 'b', long, value_name = "URL")]
    base: Option<String>,
    /// Only the main content (the article body): no navigation, headers, footers, sidebars,
    /// comments or ads.
    #[arg(long)]
    main: bool,
    /// One JSON object per document: `{"file", "title", "markdown"}` (`title` as the DOM's
    /// `document.title`, `null` without a `title` element).
    #[arg(long)]
    jsonl: bool,
    /// Reference links (`[text][1]` and `[1]: URL` at the end) instead of inline links.
    #[arg(long)]
    reference_links: bool,
    /// Leave images out.
    #[arg(long)]
    no_images: bool,
    /// Keep links and images whose URL could run script when the Markdown is rendered
    /// (`javascript:`, `vbscript:`, `data:` other than images' `data:image/*`). By default
    /// such a link keeps only its text and such an image only its alt text.
    #[arg(long)]
    unsafe_links: bool,
    #[command(flatten)]
    input: crate::documents::InputArgs,
    #[command(flatten)]
    doc: DocumentArgs,
}

/// Runs `websyntax markdown`.
pub fn run(args: Args) -> ExitCode {
    let base = match args.base.as_deref().map(|b| Url::parse(b, None)) {
        None => None,
        Some(Ok(u)) => Some(u),
        Some(Err(e)) => {
            return crate::usage_error(format!("--base {:?}: {e}", args.base.unwrap_or_default()));
        }
    };
    let mut first = true;
    for_each_input(
        &args.files,
        args.input.input_format,
        &args.doc,
        base.as_ref(),
        |input, parsed, out| {
            let doc = &parsed.document;
            let options = MarkdownOptions {
                base_url: input.url.clone(),
                encoding: parsed.encoding,
                link_style: if args.reference_links {
                    LinkStyle::Referenced
                } else {
                    LinkStyle::Inline
                },
                images: !args.no_images,
                scripting: args.doc.scripting == OnOff::On,
                unsafe_links: args.unsafe_links,
            };
            let md = if args.main {
                main_content(doc).markdown(doc, &options)
            } else {
                to_markdown(doc, None, &options)
            };
            if args.jsonl {
                let mut v =
                    serde_json::json!({"file": input.name, "title": doc.title(), "markdown": md});
                input.doc.add_keys(&mut v, "url");
                return writeln!(out, "{v}");
            }
            if md.is_empty() {
                return Ok(());
            }
            if !first {
                writeln!(out)?;
            }
            first = false;
            write!(out, "{md}")
        },
    )
}
