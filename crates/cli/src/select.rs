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
use websyntax::url::Url;

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

/// One input document as the per-document callbacks see it.
pub struct DocInput {
    /// The name for messages and `"file"` keys: the path as given, or `-` for stdin.
    pub name: String,
    /// The document's URL: `--base` when given, else a local file's `file:` URL (as a browser
    /// has it for a page opened from disk), else none (stdin).
    pub url: Option<Url>,
}

/// Runs `each(input name, parsed document, out)` for every input of `files`: see
/// [`for_each_input`].
pub fn for_each_document(
    files: &[PathBuf],
    doc_args: &DocumentArgs,
    mut each: impl FnMut(&str, &ParsedDocument, &mut Out) -> std::io::Result<()>,
) -> ExitCode {
    for_each_input(files, doc_args, None, |input, parsed, out| {
        each(&input.name, parsed, out)
    })
}

/// Runs `each(input, parsed document, out)` for every input of `files` (expanded as
/// `crate::inputs` says), with a progress line on stderr when it is a terminal and there
/// are several inputs. `base` is the `--base` URL, if any (see [`DocInput::url`]). A
/// document that reached the node limit is not handed to `each` (one error line; see
/// `doc_args`); one flattened by the depth limit gets a warning line. Returns the exit
/// status: 0, or 2 when an input could not be read or reached the node limit (the others
/// are still processed), or the write failure's status.
pub fn for_each_input(
    files: &[PathBuf],
    doc_args: &DocumentArgs,
    base: Option<&Url>,
    mut each: impl FnMut(&DocInput, &mut ParsedDocument, &mut Out) -> std::io::Result<()>,
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
    for w in &expanded.warnings {
        crate::output::warn(format!("warning: {w}"));
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
        let mut options = options.clone();
        options.parse.limits = doc_args.limits_for(raw.len());
        let mut parsed = parse_document_bytes(&raw, options.clone());
        drop(raw);
        let doc_input = DocInput {
            name: input.name(),
            url: base.cloned().or_else(|| match input {
                Input::Stdin => None,
                Input::File(path) => Url::from_file_path(path).ok(),
            }),
        };
        match crate::doc_args::limit_report(
            &doc_input.name,
            &parsed.document,
            &options.parse.limits,
        ) {
            Err(e) => {
                crate::output::warn(e);
                failed = true;
                continue;
            }
            Ok(Some(w)) => crate::output::warn(format!("warning: {w}")),
            Ok(None) => {}
        }
        written = each(&doc_input, &mut parsed, &mut out);
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

/// Arguments of `websyntax select`. The short flags and their long aliases are htmlq's
/// (`-a/--attribute`, `-t/--text`, `-f/--filename`, `-b/--base`, `-p/--pretty`,
/// `-r/--remove-nodes`, `-w/--ignore-whitespace`).
#[derive(clap::Args)]
#[command(after_help = "Examples:
  websyntax select 'a[href]' -a href page.html       # every link target, as htmlq
  websyntax select 'a' -a href -b https://example.org/ page.html   # resolved
  websyntax select 'h1, h2' -t pages/                # headings of every page of a directory
  websyntax select 'article' -r 'script, .ad' -p page.html
  curl -s https://example.org/ | websyntax select title --jsonl --text")]
pub struct Args {
    /// The CSS selector list (Selectors Level 4), e.g. `a[href]`, `div.content > p`.
    selector: String,
    /// Input files or directories (`*.html`, `*.htm`, recursively), or `-` for stdin (the
    /// default).
    files: Vec<PathBuf>,
    /// An input file (htmlq's flag; the same as naming it after the selector).
    #[arg(short = 'f', long = "filename", value_name = "FILE")]
    filename: Vec<PathBuf>,
    /// Print each match's text content instead of its HTML (with `--jsonl`: a `"text"` key).
    #[arg(short = 't', long, conflicts_with = "attr")]
    text: bool,
    /// With `--text`, skip matches whose text is only whitespace.
    #[arg(short = 'w', long, requires = "text")]
    ignore_whitespace: bool,
    /// Print each match's value of attribute NAME; matches without it are skipped (with
    /// `--jsonl`: a `"value"` key, and such matches are kept with `null`).
    #[arg(short = 'a', long, value_name = "NAME", visible_alias = "attribute")]
    attr: Option<String>,
    /// The documents' URL: URL-valued attributes printed by `--attr` (`href`, `src`, … as
    /// `websyntax links` lists them) are resolved against the document base URL, whose
    /// fallback this is. Without it they are printed as written.
    #[arg(short = 'b', long, value_name = "URL")]
    base: Option<String>,
    /// Pretty-print the HTML of each match: one element per line, indented by depth
    /// (whitespace-only text between elements is dropped; `pre`, `textarea`, `script` and
    /// `style` are kept as they are).
    #[arg(short = 'p', long, conflicts_with_all = ["text", "attr"])]
    pretty: bool,
    /// Remove the elements SELECTOR matches before printing (repeatable).
    #[arg(short = 'r', long = "remove-nodes", value_name = "SELECTOR")]
    remove_nodes: Vec<String>,
    /// One JSON object per match: `{"file", "path", "span", "html"}` (plus `"text"` with
    /// `--text`, `"value"` with `--attr`).
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
    let mut removes = Vec::new();
    for r in &args.remove_nodes {
        match Selector::parse(r) {
            Ok(s) => removes.push(s),
            Err(e) => return crate::usage_error(format!("--remove-nodes {r:?}: {e}")),
        }
    }
    let base = match args.base.as_deref().map(|b| Url::parse(b, None)) {
        None => None,
        Some(Ok(u)) => Some(u),
        Some(Err(e)) => {
            return crate::usage_error(format!("--base {:?}: {e}", args.base.unwrap_or_default()));
        }
    };
    let mut files = args.files.clone();
    files.extend(args.filename.iter().cloned());
    let scripting = args.doc.scripting == OnOff::On;
    // `-b` resolves URL-valued attributes; the document URL is only used then.
    let url_attr = args.attr.as_deref().is_some_and(is_url_attribute) && base.is_some();
    for_each_input(&files, &args.doc, base.as_ref(), |input, parsed, out| {
        if !removes.is_empty() {
            remove_matches(&mut parsed.document, &removes);
        }
        let doc = &parsed.document;
        let doc_base = if url_attr {
            doc.base_url_with_encoding(input.url.as_ref(), parsed.encoding)
        } else {
            None
        };
        let value_of = |id| -> Option<String> {
            let name = args.attr.as_deref()?;
            let raw = doc.attribute(id, name)?;
            Some(match &doc_base {
                Some(b) => Url::parse_with_encoding(raw.trim(), Some(b), parsed.encoding)
                    .map_or_else(|_| raw.to_owned(), |u| u.href().to_owned()),
                None => raw.to_owned(),
            })
        };
        for id in doc.select_with(&selector) {
            let text = args.text.then(|| doc.text_content(id));
            if args.ignore_whitespace
                && text
                    .as_deref()
                    .is_some_and(|t| t.trim_matches(HTML_SPACE).is_empty())
            {
                continue;
            }
            if args.jsonl {
                let mut v = json!({
                    "file": input.name,
                    "path": doc.element_path(id),
                    "span": span_json(doc.span(id)),
                    "html": serialize_node(doc, id, scripting),
                });
                if let Some(t) = text {
                    v["text"] = json!(t);
                }
                if args.attr.is_some() {
                    v["value"] = json!(value_of(id));
                }
                writeln!(out, "{v}")?;
            } else if let Some(t) = text {
                writeln!(out, "{t}")?;
            } else if args.attr.is_some() {
                if let Some(v) = value_of(id) {
                    writeln!(out, "{v}")?;
                }
            } else if args.pretty {
                out.write_all(websyntax::html::pretty::pretty_html(doc, id, scripting).as_bytes())?;
            } else {
                writeln!(out, "{}", serialize_node(doc, id, scripting))?;
            }
        }
        Ok(())
    })
}

/// ASCII whitespace.
const HTML_SPACE: [char; 5] = ['\t', '\n', '\x0C', '\r', ' '];

/// Whether some element has a URL-valued attribute `name` (`websyntax links`' list).
fn is_url_attribute(name: &str) -> bool {
    websyntax::html::links::URL_ATTRIBUTES
        .iter()
        .any(|u| u.attr.eq_ignore_ascii_case(name))
}

/// Removes every element one of `selectors` matches (with its subtree).
fn remove_matches(doc: &mut websyntax::html::Document, selectors: &[Selector]) {
    let mut doomed = Vec::new();
    for s in selectors {
        doomed.extend(doc.select_with(s));
    }
    for id in doomed {
        // A node inside an already removed subtree is removed with it; removing it again
        // from its (detached) parent is harmless.
        let _ = doc.remove(id);
    }
}
