//! `websyntax sanitize [FILE|-]... [--config FILE.json] [--context TAG] [--unsafe] [--document]
//! [--standard seed|living] [--jsonl]`: the HTML Standard's Sanitizer API on each input (`docs/cli.md`, "Sanitizing";
//! the rules are in the library, `websyntax::sanitize`).
//!
//! Each input is read as UTF-8 (a BOM is skipped, invalid bytes become U+FFFD; a WARC record
//! in the encoding its HTTP charset or `<meta>` gives) and its result printed followed by a
//! newline: by default what `element.innerHTML` holds after
//! `element.setHTML(input, {sanitizer: CONFIG})` on a `TAG` element (default `div`);
//! `--document`: `Document.parseHTML(input, {sanitizer: CONFIG})`, serialized. Inputs are read
//! as `crate::documents` says (directories, WARC files, gzip; binary files skipped); with
//! several, each result is preceded by `==> NAME <==` (as `head` does), or, with
//! `--jsonl-output`, each is one `{"file", "output"}` line.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Map, Value};
use websyntax::html::Context;
use websyntax::html::Standard;
use websyntax::sanitize::{
    SanitizeOptions, Sanitizer, sanitize_document_with, sanitize_fragment_with,
};

use crate::doc_args::Limit;

use crate::documents::{Doc, Documents, InputFormat};
use crate::inputs::expand;

/// Arguments of `websyntax sanitize`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  websyntax sanitize comment.html
  websyntax sanitize --config config.json comments/        # each result after ==> FILE <==
  websyntax sanitize --jsonl-output crawl.warc.gz           # {\"file\", \"url\", \"record\", \"output\"}")]
pub struct Args {
    /// Input files, directories (`*.html`, `*.htm`, recursively), WARC files (`.warc`,
    /// `.warc.gz`: each HTML response), gzip-compressed files, or `-` for stdin (the
    /// default). Each result is printed followed by a newline; with several inputs, each
    /// after a `==> NAME <==` line, as `head` does.
    files: Vec<PathBuf>,
    /// A JSON `SanitizerConfig` (`elements`, `removeElements`, `replaceWithChildrenElements`,
    /// `attributes`, `removeAttributes`, `comments`, `dataAttributes`; names as strings or
    /// `{"name", "namespace"}`), passed as `setHTML`'s `sanitizer` option. Default: the
    /// built-in safe default configuration (with --unsafe: nothing removed).
    #[arg(long, value_name = "FILE.json")]
    config: Option<PathBuf>,
    /// The context element: an HTML local name (`td`, `template`), or `svg NAME` / `math
    /// NAME` for a foreign one (`svg svg` is the SVG root element; a bare `svg` or `math` is
    /// refused as ambiguous).
    #[arg(long, value_name = "TAG", default_value = "div")]
    context: String,
    /// `setHTMLUnsafe` / `parseHTMLUnsafe`: the configuration only, without the safe baseline
    /// (scripts, event handlers and javascript: URLs are kept unless it removes them).
    #[arg(long = "unsafe")]
    unsafe_: bool,
    /// `Document.parseHTML`: sanitize each input as a whole document and print it.
    #[arg(long, conflicts_with = "context")]
    document: bool,
    /// Which standards parse the input: `seed` (the HTML Standard's text this version pins,
    /// of 2024-08-26) or `living` (the WHATWG HTML Living Standard as this version snapshots
    /// it, September 2026: e.g. customizable `<select>`, as current browsers parse).
    #[arg(long, value_name = "seed|living", default_value = "seed")]
    standard: Standard,
    /// Batch mode: stdin lines `{"input", "config"?, "context"?, "unsafe"?, "document"?,
    /// "standard"?}`, stdout one `{"output"}` or `{"error"}` line each (the flags give the
    /// defaults).
    #[arg(long, conflicts_with_all = ["files", "jsonl_output"])]
    jsonl: bool,
    /// One JSON line per input: `{"file", "output"}` (plus `"url"` and `"record"` for a
    /// WARC record), instead of the results one after the other.
    #[arg(long)]
    jsonl_output: bool,
    /// Treat the configuration's warnings (a key the standard does not define, a name that
    /// can never match, a configuration that restricts nothing) as errors (exit 2; in
    /// `--jsonl`, an `{"error"}` line for a line's own config).
    #[arg(long)]
    strict_config: bool,
    /// The most nodes an input may build, or `none` (default: 65,536 plus 16 per input
    /// byte). The parser also clones at most 65,536 plus one per 2 input bytes elements and
    /// attributes to reopen formatting elements (`none` lifts that limit too). An input that
    /// reaches either is not sanitized: an error for that input (exit 2; `{"error"}` in
    /// `--jsonl`), never a cut-short result.
    #[arg(long, value_name = "N|none")]
    max_nodes: Option<Limit>,
    /// The depth beyond which elements are placed as siblings, as Chromium's parser does,
    /// or `none` (default 512).
    #[arg(long, value_name = "N|none")]
    max_depth: Option<Limit>,
}

impl Args {
    /// The parser's limits for an input of `len` bytes (as the other commands').
    fn limits_for(&self, len: usize) -> websyntax::html::ResourceLimits {
        crate::doc_args::limits(self.max_nodes, self.max_depth, len)
    }
}

/// One sanitization request.
struct Job<'a> {
    sanitizer: &'a Sanitizer,
    context: &'a Context,
    safe: bool,
    document: bool,
    standard: Standard,
    args: &'a Args,
}

/// The result, or the message for an input that reached a limit (`limits_message`).
fn run_one(input: &str, job: &Job<'_>) -> Result<String, String> {
    let sanitizer = job.sanitizer;
    let limits = job.args.limits_for(input.len());
    let options = SanitizeOptions {
        limits,
        standard: job.standard,
    };
    let out = if job.document {
        sanitize_document_with(input, sanitizer, job.safe, options)
    } else {
        sanitize_fragment_with(input, job.context, sanitizer, job.safe, options)
    };
    out.ok_or_else(|| {
        format!(
            "the input reached {} and was not sanitized; {}, or a larger --max-depth",
            websyntax::sanitize::limits_message(&limits),
            crate::doc_args::LIFT_LIMITS
        )
    })
}

fn decode_utf8(bytes: &[u8]) -> String {
    websyntax::encoding::decode(bytes, websyntax::encoding::Encoding::UTF_8)
        .text
        .into_owned()
}

/// Runs `websyntax sanitize`.
pub fn run(args: Args) -> ExitCode {
    // The library's one rule (a bare `svg` or `math` is refused as ambiguous) and its words.
    let context = match args.context.parse::<Context>() {
        Ok(c) => c,
        Err(e) => return crate::usage_error(format!("--context: {e}")),
    };
    let config: Option<Value> = match &args.config {
        None => None,
        Some(path) => {
            let text = match std::fs::read(path) {
                Ok(b) => decode_utf8(&b),
                Err(e) => {
                    return crate::usage_error(format!("cannot read {}: {e}", path.display()));
                }
            };
            match serde_json::from_str(&text) {
                Ok(v) => Some(v),
                Err(e) => {
                    return crate::usage_error(format!(
                        "--config {}: not JSON: {e}",
                        path.display()
                    ));
                }
            }
        }
    };
    if let (Some(v), Some(path)) = (&config, &args.config) {
        let warnings = websyntax::sanitize::lint::lint_config(v);
        for w in &warnings {
            let level = if args.strict_config {
                "error"
            } else {
                "warning"
            };
            crate::output::warn(format!("{level}: --config {}: {w}", path.display()));
        }
        if args.strict_config && !warnings.is_empty() {
            return ExitCode::from(crate::EXIT_USAGE);
        }
    }
    if args.jsonl {
        return run_jsonl(&args, config.as_ref(), &context);
    }
    // An invalid configuration is reported once, before reading any input.
    let sanitizer = match Sanitizer::from_options(config.as_ref(), !args.unsafe_) {
        Ok(s) => s,
        Err(e) => return crate::usage_error(e),
    };
    let job = Job {
        sanitizer: &sanitizer,
        context: &context,
        safe: !args.unsafe_,
        document: args.document,
        standard: args.standard,
        args: &args,
    };
    let expanded = match expand(&args.files) {
        Ok(e) => e,
        Err(e) => return crate::usage_error(e),
    };
    let mut status = if expanded.problems.is_empty() { 0 } else { 2 };
    for p in &expanded.problems {
        crate::output::warn(p);
    }
    for w in &expanded.warnings {
        crate::output::warn(format!("warning: {w}"));
    }
    // Several inputs named or found (one that cannot be read counts: the others are then
    // told apart from its absence).
    let several = expanded.inputs.len() + expanded.problems.len() > 1;
    let documents = Documents::new(expanded, InputFormat::Html, true);
    let mut out = crate::output::stdout();
    let mut written = Ok(());
    let mut first = true;
    for doc in documents {
        let doc = match doc {
            Ok(d) => d,
            Err(skip) => {
                crate::output::warn(&skip.message);
                status = status.max(skip.status);
                continue;
            }
        };
        let text = decode(&doc);
        let result = match run_one(&text, &job) {
            Ok(r) => r,
            Err(e) => {
                crate::output::warn(format!("{}: {e}", doc.name));
                status = 2;
                continue;
            }
        };
        written = if args.jsonl_output {
            let mut v = serde_json::json!({"file": doc.name, "output": result});
            doc.add_keys(&mut v, "url");
            writeln!(out, "{v}")
        } else if several || doc.url.is_some() {
            // As `head` does: a blank line between results, a header before each.
            let blank = if first { "" } else { "\n" };
            let name = match &doc.url {
                Some(u) => format!("{} {u}", doc.name),
                None => doc.name.clone(),
            };
            writeln!(out, "{blank}==> {name} <==\n{result}")
        } else {
            writeln!(out, "{result}")
        };
        first = false;
        if written.is_err() {
            break;
        }
    }
    crate::output::finish(Some(&mut out), written, ExitCode::from(status))
}

/// The text of a document: UTF-8 (BOM skipped), as `setHTML` takes a string, unless the
/// document came with a transport charset (a WARC record), whose bytes are decoded as the
/// HTML Standard's encoding sniffing says (the charset, else a BOM or `<meta>`).
fn decode(doc: &Doc) -> String {
    if doc.charset.is_none() && doc.record.is_none() {
        return decode_utf8(&doc.bytes);
    }
    let options = websyntax::html::sniff::SniffOptions {
        transport_charset: doc.charset.clone(),
        ..websyntax::html::sniff::SniffOptions::default()
    };
    let encoding = websyntax::html::sniff::sniff(&doc.bytes, &options).encoding;
    websyntax::encoding::decode(&doc.bytes, encoding)
        .text
        .into_owned()
}

fn opt_bool(obj: &Map<String, Value>, key: &str, default: bool) -> Result<bool, String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(format!("\"{key}\" must be a boolean")),
    }
}

fn run_jsonl(args: &Args, default_config: Option<&Value>, default_context: &Context) -> ExitCode {
    const KEYS: &[&str] = &[
        "input", "config", "context", "unsafe", "document", "standard",
    ];
    // The sanitizers of lines without "config", built once (an invalid --config is an error
    // on each such line).
    let safe_default = Sanitizer::from_options(default_config, true).map_err(|e| e.to_string());
    let unsafe_default = Sanitizer::from_options(default_config, false).map_err(|e| e.to_string());
    crate::jsonl::run_batch(KEYS, |obj| {
        let input = crate::jsonl::req_str(obj, "input")?;
        let context = match crate::jsonl::opt_str(obj, "context")? {
            Some(c) => c.parse().map_err(|e| format!("\"context\": {e}"))?,
            None => default_context.clone(),
        };
        let safe = !opt_bool(obj, "unsafe", args.unsafe_)?;
        let own;
        let sanitizer = match (obj.get("config"), safe) {
            (Some(v), _) => {
                if args.strict_config
                    && let Some(w) = websyntax::sanitize::lint::lint_config(v).first()
                {
                    return Err(format!("config: {w}"));
                }
                own = Sanitizer::from_options(Some(v), safe).map_err(|e| e.to_string())?;
                &own
            }
            (None, true) => safe_default.as_ref().map_err(Clone::clone)?,
            (None, false) => unsafe_default.as_ref().map_err(Clone::clone)?,
        };
        let job = Job {
            sanitizer,
            context: &context,
            safe,
            document: opt_bool(obj, "document", args.document)?,
            standard: match crate::jsonl::opt_str(obj, "standard")? {
                None => args.standard,
                Some(s) => s.parse().map_err(|e| format!("{e}"))?,
            },
            args,
        };
        let output = run_one(input, &job)?;
        let mut m = Map::new();
        m.insert("output".to_owned(), Value::String(output));
        Ok(Value::Object(m))
    })
}
