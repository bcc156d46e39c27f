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
    /// The document's URL: its own (a WARC record's, a JSON line's), else `--base`, else none.
    pub url: Option<Url>,
    /// A local file's `file:` URL (as a browser has it for a page opened from disk), for the
    /// commands that resolve against it when there is no [`DocInput::url`] (`links`).
    pub file_url: Option<Url>,
    /// The document's own URL as written and its WARC record id, for JSON outputs.
    pub doc: crate::documents::Doc,
}

/// Runs `each(input name, parsed document, out)` for every input of `files`: see
/// [`for_each_input`].
pub fn for_each_document(
    files: &[PathBuf],
    input_format: crate::documents::InputFormat,
    doc_args: &DocumentArgs,
    mut each: impl FnMut(&DocInput, &ParsedDocument, &mut Out) -> std::io::Result<()>,
) -> ExitCode {
    for_each_input(files, input_format, doc_args, None, |input, parsed, out| {
        each(input, parsed, out)
    })
}

/// Runs `each(input, parsed document, out)` for every document of `files` (expanded as
/// `crate::inputs` says, read as `crate::documents` says), with a progress line on stderr
/// when it is a terminal and there are several inputs. `base` is the `--base` URL, if any
/// (see [`DocInput::url`]). A document that reached the node limit is not handed to `each`
/// (one error line; see `doc_args`); one flattened by the depth limit gets a warning line.
/// Returns the exit status: 0; 1 when a document was rejected (binary data, a malformed
/// archive or JSON line); 2 when an input could not be read or reached the node limit (the
/// others are still processed); or the write failure's status.
pub fn for_each_input(
    files: &[PathBuf],
    input_format: crate::documents::InputFormat,
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
    let mut status = if expanded.problems.is_empty() { 0 } else { 2 };
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
    let documents = crate::documents::Documents::new(expanded, input_format, true);
    for (i, doc) in documents.enumerate() {
        let doc = match doc {
            Ok(d) => d,
            Err(skip) => {
                crate::output::warn(&skip.message);
                status = status.max(skip.status);
                continue;
            }
        };
        let mut options = options.clone();
        options.parse.limits = doc_args.limits_for(doc.bytes.len());
        if options.sniff.transport_charset.is_none() {
            options.sniff.transport_charset = doc.charset.clone();
        }
        let mut parsed = parse_document_bytes(&doc.bytes, options.clone());
        let doc_input = DocInput {
            name: doc.name.clone(),
            url: doc.own_url().or_else(|| base.cloned()),
            file_url: doc.file_url(),
            doc: crate::documents::Doc {
                bytes: Vec::new(),
                ..doc
            },
        };
        match crate::doc_args::limit_report(
            &doc_input.name,
            &parsed.document,
            &options.parse.limits,
        ) {
            Err(e) => {
                crate::output::warn(e);
                status = 2;
                continue;
            }
            Ok(Some(w)) => crate::output::warn(format!("warning: {w}")),
            Ok(None) => {}
        }
        written = each(&doc_input, &mut parsed, &mut out);
        if written.is_err() {
            break;
        }
        if progress && (i % 16 == 0) {
            let _ = write!(std::io::stderr().lock(), "\r{} documents", i + 1);
        }
    }
    if progress {
        let _ = writeln!(std::io::stderr().lock());
    }
    crate::output::finish(Some(&mut out), written, ExitCode::from(status))
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
    /// Input files or directories (`*.html`, `*.htm`, recursively), WARC files (`.warc`,
    /// `.warc.gz`: each HTML response, with `"url"` and `"record"` in JSON), gzip-compressed
    /// pages, or `-` for stdin (the
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
    input: crate::documents::InputArgs,
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
    // URL-valued attributes are resolved when the document has a URL (`-b`, or its own).
    let url_attr = args.attr.as_deref().is_some_and(is_url_attribute);
    let format = args.input.input_format;
    for_each_input(
        &files,
        format,
        &args.doc,
        base.as_ref(),
        |input, parsed, out| {
            if !removes.is_empty() {
                remove_matches(&mut parsed.document, &removes);
            }
            let doc = &parsed.document;
            let doc_base = if url_attr && input.url.is_some() {
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
                    input.doc.add_keys(&mut v, "url");
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
                    out.write_all(
                        websyntax::html::pretty::pretty_html(doc, id, scripting).as_bytes(),
                    )?;
                } else {
                    writeln!(out, "{}", serialize_node(doc, id, scripting))?;
                }
            }
            Ok(())
        },
    )
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
