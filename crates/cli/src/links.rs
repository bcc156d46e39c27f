//! `websyntax links [FILE|DIR|-]... [--base URL]`: see `docs/cli.md` ("Queries and
//! extraction") and `docs/links.md`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;
use websyntax::url::Url;

use crate::doc_args::DocumentArgs;
use crate::select::{for_each_input, span_json};

/// Arguments of `websyntax links`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  websyntax links page.html                     # resolved against the file's file: URL
  websyntax links --base https://example.org/a/ pages/ | jq -r .url")]
pub struct Args {
    /// Input files or directories (`*.html`, `*.htm`, recursively), WARC files (`.warc`,
    /// `.warc.gz`: each HTML response, `"document_url"` and `"record"` added), gzip-compressed
    /// pages, or `-` for stdin (the default).
    files: Vec<PathBuf>,
    /// The URL of documents that have none of their own (a WARC record's and a JSON line's
    /// `url` come first): the base URL when a document has no `<base href>`, and the base a
    /// relative `<base href>` is resolved against. Default: each file's `file:` URL, as a
    /// browser has it for a page opened from disk (none for stdin); a protocol-relative
    /// `//host/x` is then unresolved (`"url": null`).
    #[arg(short = 'b', long, value_name = "URL")]
    base: Option<String>,
    #[command(flatten)]
    input: crate::documents::InputArgs,
    #[command(flatten)]
    doc: DocumentArgs,
}

/// Runs `websyntax links`.
pub fn run(args: Args) -> ExitCode {
    let base = match args.base.as_deref().map(|b| Url::parse(b, None)) {
        None => None,
        Some(Ok(u)) => Some(u),
        Some(Err(e)) => {
            return crate::usage_error(format!("--base {:?}: {e}", args.base.unwrap_or_default()));
        }
    };
    for_each_input(
        &args.files,
        args.input.input_format,
        &args.doc,
        base.as_ref(),
        |input, parsed, out| {
            let doc = &parsed.document;
            for link in parsed.links(input.url.as_ref().or(input.file_url.as_ref())) {
                let mut v = json!({
                    "file": input.name,
                    "element": doc.local_name(link.element).unwrap_or(""),
                    "attr": link.attr,
                    "raw": link.raw,
                    "url": link
                        .url
                        .as_ref()
                        .ok()
                        .filter(|u| input.url.is_some() || !host_from_file_url(link.raw, u))
                        .map(Url::href),
                    "span": span_json(link.span),
                    "errors": link.errors.iter().map(|e| e.kind.name()).collect::<Vec<_>>(),
                });
                // `"url"` is the link's: the document's own URL is `"document_url"`.
                input.doc.add_keys(&mut v, "document_url");
                writeln!(out, "{v}")?;
            }
            Ok(())
        },
    )
}

/// Whether `resolved` took its scheme from a local file's `file:` URL for a protocol-relative
/// reference (`//host/x`): that names a host on the web, not `file://host/x`, so without a
/// document URL it is reported unresolved.
fn host_from_file_url(raw: &str, resolved: &Url) -> bool {
    let raw = raw.trim_start_matches(|c: char| c <= ' ');
    let mut start = raw.chars().take(2);
    resolved.scheme() == "file" && start.all(|c| c == '/' || c == '\\') && raw.len() >= 2
}
