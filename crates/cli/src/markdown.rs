//! `websyntax markdown [FILE|DIR|-]... [--base URL] [--main] [--jsonl] [--unsafe-links]`: each document as
//! Markdown (CommonMark plus GFM tables and strikethrough; the rules are in the library's
//! `websyntax_extract::markdown` and `docs/markdown.md`). `--main` keeps only the main content
//! (`websyntax_extract::main_content`).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use websyntax::extract::{LinkStyle, MainContent, MarkdownOptions, main_content, to_markdown};
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
    /// comments or ads. A page without a single main text (a home page, an index; main
    /// content score under 0.5, from 0 to 1) prints nothing, and an empty result comes with
    /// one warning line on stderr; `--jsonl` gives the Markdown of the best fragment anyway,
    /// with `"main": {"found": false, "score": ...}`.
    #[arg(long)]
    main: bool,
    /// One JSON object per document: `{"file", "title", "markdown"}` (`title` as the DOM's
    /// `document.title`, `null` without a `title` element); with `--main`, also `"main":
    /// {"found", "score"}` (see `--main`).
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
            let main = args.main.then(|| main_content(doc));
            let md = match &main {
                // Not found: the best-scoring fragment of a home page is no article.
                Some(m) if !m.found && !args.jsonl => String::new(),
                Some(m) => m.markdown(doc, &options),
                None => to_markdown(doc, None, &options),
            };
            if args.jsonl {
                let mut v =
                    serde_json::json!({"file": input.name, "title": doc.title(), "markdown": md});
                input.doc.add_keys(&mut v, "url");
                if let Some(m) = &main {
                    v["main"] = main_json(m);
                }
                return writeln!(out, "{v}");
            }
            if md.is_empty() {
                if let Some(m) = &main {
                    warn_empty_main(&input.name, m);
                }
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

/// The `"main"` object of a `--jsonl` line: `{"found", "score"}` (score rounded to 3 places).
pub(crate) fn main_json(m: &MainContent) -> serde_json::Value {
    let score = (f64::from(m.score) * 1000.0).round() / 1000.0;
    serde_json::json!({"found": m.found, "score": score})
}

/// The warning line for an empty `--main` result: why nothing was printed for `name`.
pub(crate) fn warn_empty_main(name: &str, m: &MainContent) {
    if m.found {
        crate::output::warn(format!("warning: {name}: the main content is empty"));
    } else {
        crate::output::warn(format!(
            "warning: {name}: no main content found (score {:.2} of 1): the page has no single \
             main text, as a home page or an index; nothing printed",
            m.score
        ));
    }
}
