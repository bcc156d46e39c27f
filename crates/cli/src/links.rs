//! `websyntax links [FILE|DIR|-]... [--base URL]`: see `docs/cli.md` ("Queries and
//! extraction") and `docs/links.md`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;
use websyntax::url::Url;

use crate::doc_args::DocumentArgs;
use crate::select::{for_each_document, span_json};

/// Arguments of `websyntax links`.
#[derive(clap::Args)]
pub struct Args {
    /// Input files or directories (`*.html`, `*.htm`, recursively), or `-` for stdin (the
    /// default).
    files: Vec<PathBuf>,
    /// The documents' own URL: the base URL when a document has no `<base href>`, and the
    /// base a relative `<base href>` is resolved against.
    #[arg(long, value_name = "URL")]
    base: Option<String>,
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
    for_each_document(&args.files, &args.doc, |file, parsed, out| {
        let doc = &parsed.document;
        for link in doc.links(base.as_ref(), parsed.encoding) {
            let v = json!({
                "file": file,
                "element": doc.local_name(link.element).unwrap_or(""),
                "attr": link.attr,
                "raw": link.raw,
                "url": link.url.as_ref().ok().map(Url::href),
                "span": span_json(link.span),
                "errors": link.errors.iter().map(|e| e.kind.name()).collect::<Vec<_>>(),
            });
            writeln!(out, "{v}")?;
        }
        Ok(())
    })
}
