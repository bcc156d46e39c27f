//! `websyntax select SELECTOR [FILE|DIR|-]...`: see `docs/cli.md` ("Queries and extraction").
//!
//! Also the pieces `select`, `links` and `text` share: parsing each input through the byte
//! pipeline with the shared document flags (`crate::doc_args`), the progress line, spans as
//! JSON.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};
use websyntax::html::select::Selector;
use websyntax::html::serialize::serialize_node;
use websyntax::html::{ParsedDocument, Span, parse_document_bytes};

use crate::doc_args::{DocumentArgs, OnOff};

use crate::inputs::Input;
use crate::output::Out;

/// A span as JSON: `[START, END]` or `null`.
pub fn span_json(span: Option<Span>) -> Value {
    match span {
        Some(s) => json!([s.start, s.end]),
        None => Value::Null,
    }
}

/// Runs `each(input name, parsed document, out)` for every input of `files` (expanded as
/// `crate::inputs` says), with a progress line on stderr when it is a terminal and there
/// are several inputs. Returns the exit status: 0, or 2 when an input could not be read (the
/// others are still processed), or the write failure's status.
pub fn for_each_document(
    files: &[PathBuf],
    doc_args: &DocumentArgs,
    mut each: impl FnMut(&str, &ParsedDocument, &mut Out) -> std::io::Result<()>,
) -> ExitCode {
    let expanded = match crate::inputs::expand(files) {
        Ok(e) => e,
        Err(e) => return crate::usage_error(e),
    };
    let options = match doc_args.parser_options(false) {
        Ok(o) => o,
        Err(e) => return crate::usage_error(e),
    };
    let mut failed = !expanded.problems.is_empty();
    for p in &expanded.problems {
        crate::output::warn(p);
    }
    let total = expanded.inputs.len();
    let progress = total > 1 && std::io::stderr().is_terminal();
    let mut out = crate::output::stdout();
    let mut written = Ok(());
    for (i, input) in expanded.inputs.iter().enumerate() {
        let raw = match input.read() {
            Ok(b) => b,
            Err(e) => {
                crate::output::warn(e);
                failed = true;
                continue;
            }
        };
        let parsed = parse_document_bytes(&raw, options.clone());
        let name = match input {
            Input::Stdin => "-".to_owned(),
            Input::File(_) => input.name(),
        };
        written = each(&name, &parsed, &mut out);
        if written.is_err() {
            break;
        }
        if progress && (i % 16 == 0 || i + 1 == total) {
            let _ = write!(std::io::stderr().lock(), "\r{}/{} files", i + 1, total);
        }
    }
    if progress {
        let _ = writeln!(std::io::stderr().lock());
    }
    let ok = if failed {
        ExitCode::from(crate::EXIT_USAGE)
    } else {
        ExitCode::SUCCESS
    };
    crate::output::finish(Some(&mut out), written, ok)
}

/// Arguments of `websyntax select`.
#[derive(clap::Args)]
pub struct Args {
    /// The CSS selector list (Selectors Level 4), e.g. `a[href]`, `div.content > p`.
    selector: String,
    /// Input files or directories (`*.html`, `*.htm`, recursively), or `-` for stdin (the
    /// default).
    files: Vec<PathBuf>,
    /// Print each match's text content instead of its HTML.
    #[arg(long, conflicts_with_all = ["attr", "jsonl"])]
    text: bool,
    /// Print each match's value of attribute NAME (matches without it are skipped).
    #[arg(long, value_name = "NAME", conflicts_with = "jsonl")]
    attr: Option<String>,
    /// One JSON object per match: `{"file", "path", "span", "html"}`.
    #[arg(long)]
    jsonl: bool,
    #[command(flatten)]
    doc: DocumentArgs,
}

/// Runs `websyntax select`.
pub fn run(args: Args) -> ExitCode {
    let selector = match Selector::parse(&args.selector) {
        Ok(s) => s,
        Err(e) => return crate::usage_error(format!("{:?}: {e}", args.selector)),
    };
    let scripting = args.doc.scripting == OnOff::On;
    for_each_document(&args.files, &args.doc, |file, parsed, out| {
        let doc = &parsed.document;
        for id in doc.select_with(&selector) {
            if args.jsonl {
                let v = json!({
                    "file": file,
                    "path": doc.element_path(id),
                    "span": span_json(doc.span(id)),
                    "html": serialize_node(doc, id, scripting),
                });
                writeln!(out, "{v}")?;
            } else if args.text {
                writeln!(out, "{}", doc.text_content(id))?;
            } else if let Some(name) = &args.attr {
                if let Some(v) = doc.attribute(id, name) {
                    writeln!(out, "{v}")?;
                }
            } else {
                writeln!(out, "{}", serialize_node(doc, id, scripting))?;
            }
        }
        Ok(())
    })
}
