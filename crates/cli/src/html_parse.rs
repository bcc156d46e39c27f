//! `websyntax html parse`: see `docs/cli.md` ("HTML").
//!
//! A document's input is bytes, through the byte-stream pipeline with the flags of
//! `doc_args.rs` (encoding sniffing, autodetection unless `--no-autodetect`, `--encoding LABEL`
//! as the transport-layer charset); decoding errors go to stderr with `--output errors`,
//! adjacent ones grouped (`html_bytes.rs`). `--fragment` input is UTF-8 text: invalid UTF-8 is
//! an error (exit 1), never silently replaced.
//!
//! Every output is written as it is produced (the tree dump line by line, the JSON in 64 KiB
//! pieces), and parse errors are collected only for the outputs that print them (`errors`,
//! `json`, `stats --count-errors`).
//!
//! `--output json` writes the DOM as one JSON object:
//! - document: `{"type": "document", "quirksMode": "no-quirks"|"limited-quirks"|"quirks",
//!   "children": [...], "errors": [...]}` (for a fragment: `{"type": "fragment", "context":
//!   CONTEXT, "children": [...], "errors": [...]}`);
//! - element: `{"type": "element", "namespace": "html"|"svg"|"math", "name": NAME,
//!   "attrs": [{"name": NAME, "value": VALUE, "namespace"?: URL, "prefix"?: PREFIX}],
//!   "children": [...]}` plus `"content": [...]` (the template contents) for `template`;
//! - `{"type": "text", "data": S}`, `{"type": "comment", "data": S}`, `{"type":
//!   "processingInstruction", "target": S, "data": S}` (living standard only),
//!   `{"type": "doctype", "name": S, "publicId": S, "systemId": S}`;
//! - errors: `{"code": CODE, "line": N, "col": N, "span": [START, END]}`;
//! - source spans (byte offsets into the input, END exclusive, `null` for nodes the parser
//!   implied): `"span"` on every node, attribute and error; `"startTag"` and `"endTag"` on
//!   elements; `"valueSpan"` on attributes (see `docs/cli.md`, "Source spans");
//! - a document also has `"encoding": NAME, "confidence": "certain"|"tentative", "why": S,
//!   "decodeErrors": [{"offset": BYTE, "length": N}]`.
//!
//! `--output json --flat` writes one JSON object per line instead, for documents nested deeper
//! than JSON tools read (jq stops at depth 10,000): first the document (or fragment) object
//! with `"id": 0` and no `children`/`errors`/`decodeErrors`; then every node in document
//! order as its NODE object without `children`/`content`, plus `"id"` (1, 2, ... in that
//! order) and `"parent"` (its parent's id; for a template's contents, the template's id, with
//! `"inTemplateContent": true`); then `{"type": "error", "code", "line", "col"}` per parse
//! error and `{"type": "decodeError", "offset", "length"}` per decoding error.
//!
//! `--output tree` is the html5lib-tests format (`Document::to_test_tree`). Declarative shadow
//! roots are off here (the library's `ParseOptions::allow_declarative_shadow_roots` is false;
//! there is no flag for it yet), so `<template shadowrootmode=open>` is an ordinary template;
//! the library's tree dump prints a shadow host's shadow root as a line `#shadow-root (open)` or
//! `#shadow-root (closed)` one level below the host, before the host's children.
//!
//! The JSON is written while walking the tree (no recursion), so any depth is fine.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Map, Value, json};
use websyntax::encoding::{EncodeErrorMode, Encoding, encode};
use websyntax::html::dom::{AttrNamespace, Document, Namespace, NodeData, NodeId, WalkEvent};
use websyntax::html::input_stream::ParsedDocument;
use websyntax::html::{Context, ParseError, ParseOptions, parse_document, parse_fragment};

use crate::doc_args::DocumentArgs;
use crate::inputs::Input;

/// Arguments of `websyntax html parse`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  websyntax html parse page.html --output html      # the parsed page, serialized\n  \
                        websyntax html parse page.html --output json | jq .encoding\n  \
                        echo '<td>x' | websyntax html parse --fragment tr --output tree\n  \
                        websyntax html parse --output stats pages/        # parse a whole directory"
)]
pub struct Args {
    /// Input files (or `-` for stdin, the default). Several files and directories only with
    /// `--output stats`.
    files: Vec<PathBuf>,
    /// Run the fragment parsing algorithm with this context element: an HTML local name
    /// (`td`), or `svg NAME` / `math NAME` for a foreign one (`svg svg` is the SVG root
    /// element; a bare `svg` or `math` is refused as ambiguous). The input must be UTF-8.
    #[arg(long)]
    fragment: Option<String>,
    #[command(flatten)]
    doc: DocumentArgs,
    /// What to print: `html` (the serialization), `tree` (the html5lib-tests tree dump),
    /// `errors`, `json` or `stats`. Default: `html` when stdout is a terminal, `tree`
    /// otherwise (the machine-readable default scripts rely on).
    #[arg(long, value_enum)]
    output: Option<Output>,
    /// With `--output json`: one node per line (with its parent's id) instead of one nested
    /// object, for documents nested deeper than JSON tools can read.
    #[arg(long)]
    flat: bool,
    /// With `--output stats`: also count parse errors.
    #[arg(long)]
    count_errors: bool,
    /// With `--output html` of a document: the encoding of the bytes written (default UTF-8).
    /// The document's `<meta charset>` (or http-equiv content-type) is rewritten to it, or
    /// one is inserted at the start of `head`, so that the output re-parses as it was written.
    /// Characters it cannot encode become `&#N;`.
    #[arg(long, value_name = "LABEL")]
    output_encoding: Option<String>,
    /// Batch mode: JSON lines `{"data", "fragment", "scripting"}` on stdin.
    #[arg(long)]
    jsonl: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum Output {
    Tree,
    Html,
    Errors,
    Json,
    Stats,
}

/// Runs `websyntax html parse`.
pub fn run(args: Args) -> ExitCode {
    let output = args.output.unwrap_or(if std::io::stdout().is_terminal() {
        Output::Html
    } else {
        Output::Tree
    });
    run_with(output, args)
}

fn run_with(output: Output, args: Args) -> ExitCode {
    if args.jsonl {
        if !args.files.is_empty()
            || args.fragment.is_some()
            || args.doc.encoding.is_some()
            || args.count_errors
            || args.flat
            || args.output_encoding.is_some()
        {
            return crate::usage_error(
                "html parse --jsonl reads its inputs from stdin: no FILE, --fragment, \
                 --encoding, --flat, --count-errors or --output-encoding",
            );
        }
        let standard = args.doc.standard;
        return crate::jsonl::run_batch(&["data", "fragment", "scripting", "standard"], |o| {
            jsonl_line(o, standard)
        });
    }
    // The library's one rule (a bare `svg` or `math` is refused as ambiguous) and its words.
    let context = match args.fragment.as_deref().map(str::parse::<Context>) {
        None => None,
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => return crate::usage_error(format!("--fragment: {e}")),
    };
    if context.is_some() && args.doc.encoding.is_some() {
        return crate::usage_error("--encoding does not go with --fragment (its input is text)");
    }
    if args.flat && output != Output::Json {
        return crate::usage_error("--flat goes with --output json");
    }
    let output_encoding = match args.output_encoding.as_deref() {
        None => None,
        Some(_) if context.is_some() || output != Output::Html => {
            return crate::usage_error("--output-encoding goes with --output html of a document");
        }
        Some(label) => match Encoding::for_label(label) {
            Some(e) if e.has_encoder() => Some(e),
            Some(e) => return crate::usage_error(format!("{e} has no encoder")),
            None => {
                return crate::usage_error(format!(
                    "--output-encoding: unknown encoding label {label:?}"
                ));
            }
        },
    };
    let collect_errors = match output {
        Output::Errors | Output::Json => true,
        Output::Stats => args.count_errors,
        Output::Tree | Output::Html => false,
    };
    // Validate the encoding flags up front (an unknown label is a usage error).
    let parser_options = match args.doc.parser_options(collect_errors) {
        Ok(o) => o,
        Err(e) => return crate::usage_error(e),
    };
    if output == Output::Stats {
        return stats(&args.files, context.as_ref(), &args.doc, collect_errors);
    }
    if args.count_errors {
        return crate::usage_error("--count-errors goes with --output stats");
    }
    let expanded = match crate::inputs::expand(&args.files) {
        Ok(e) => e,
        Err(e) => return crate::usage_error(e),
    };
    if let Some(p) = expanded.problems.first() {
        return crate::usage_error(p);
    }
    let input = match expanded.inputs.as_slice() {
        [one] => one,
        [] => return crate::usage_error("no input (a directory without *.html files?)"),
        _ => {
            return crate::usage_error(format!(
                "{} inputs given: `html parse` prints one document (or one fragment); \
                 name a single file, or use `--output stats` to parse several, or \
                 `websyntax select`/`text`/`links`/`check`, which take many",
                expanded.inputs.len()
            ));
        }
    };
    let raw = match input.read() {
        Ok(s) => s,
        Err(e) => return crate::usage_error(e),
    };
    // A gzip-compressed page is read as the page (docs/cli.md, "Crawl inputs").
    let raw = if websyntax_crawl::gzip::is_gzip(&raw) {
        match websyntax_crawl::gzip::decompress(&raw, crate::documents::MAX_DOCUMENT) {
            Ok(b) => b,
            Err(e) => return crate::usage_error(format!("{}: {e}", input.name())),
        }
    } else {
        raw
    };
    if raw.starts_with(b"WARC/") {
        return crate::usage_error(format!(
            "{} is a WARC file, which holds many documents: `html parse` prints one; use \
             `websyntax text`/`markdown`/`links`/`select`/`check`/`sanitize`, which read each \
             HTML response of a WARC file",
            input.name()
        ));
    }
    let mut parser_options = parser_options;
    parser_options.parse.limits = args.doc.limits_for(raw.len());
    let options = parser_options.parse;
    let mut out = crate::output::stdout();
    let written = match &context {
        Some(ctx) => {
            let text = match utf8_text(&raw, input) {
                Ok(t) => t,
                Err(code) => return code,
            };
            let f = parse_fragment(text, ctx, options);
            if let Some(code) = report_limits(&input.name(), &f.document, &options) {
                return code;
            }
            match output {
                Output::Tree => tree(&mut out, &f.document, f.root),
                // The serialization, then a newline as every command ends its output.
                Output::Html => out
                    .write_all(f.to_html().as_bytes())
                    .and_then(|()| out.write_all(b"\n")),
                Output::Errors => errors_text(&mut out, f.errors()),
                _ if args.flat => json_flat(&mut out, &f.document, f.root, Some(ctx), None),
                _ => json_dom(&mut out, &f.document, f.root, Some(ctx), None),
            }
        }
        None => {
            let parsed = websyntax::html::parse_document_bytes(&raw, parser_options);
            let d = &parsed.document;
            if let Some(code) = report_limits(&input.name(), d, &options) {
                return code;
            }
            match output {
                Output::Tree => tree(&mut out, d, d.root()),
                // The HTML serialization, with its encoding declaration made true for the
                // bytes written, then a newline (an ASCII byte in every output encoding) as
                // every command ends its output.
                Output::Html => {
                    let enc = output_encoding.unwrap_or(Encoding::UTF_8);
                    let text = websyntax::html::serialize::serialize_document_with_charset(
                        d,
                        options.scripting,
                        enc.name(),
                    );
                    if enc == Encoding::UTF_8 {
                        out.write_all(text.as_bytes())
                    } else {
                        match encode(&text, enc, EncodeErrorMode::Html) {
                            Ok(bytes) => out.write_all(&bytes),
                            Err(e) => return crate::usage_error(e),
                        }
                    }
                    .and_then(|()| out.write_all(b"\n"))
                }
                Output::Errors => {
                    super::bytes::report_decode_errors(&raw, &parsed, &mut io::stderr().lock());
                    errors_text(&mut out, d.errors())
                }
                _ if args.flat => json_flat(&mut out, d, d.root(), None, Some(&parsed)),
                _ => json_dom(&mut out, d, d.root(), None, Some(&parsed)),
            }
        }
    };
    crate::output::finish(Some(&mut out), written, ExitCode::SUCCESS)
}

/// The resource limits' messages (see `doc_args::limit_report`): `Some(exit status)` when
/// the document reached the node limit and must not be printed.
fn report_limits(name: &str, doc: &Document, options: &ParseOptions) -> Option<ExitCode> {
    match crate::doc_args::limit_report(name, doc, &options.limits) {
        Err(e) => Some(crate::usage_error(e)),
        Ok(Some(w)) => {
            crate::output::warn(format!("warning: {w}"));
            None
        }
        Ok(None) => None,
    }
}

/// The `--fragment` input as text; invalid UTF-8 is an error (exit 1), never replaced.
fn utf8_text<'a>(raw: &'a [u8], input: &Input) -> Result<&'a str, ExitCode> {
    std::str::from_utf8(raw).map_err(|e| {
        crate::output::warn(format!(
            "{}: --fragment input is not UTF-8 (invalid byte sequence at byte offset {})",
            input.name(),
            e.valid_up_to()
        ));
        ExitCode::from(crate::EXIT_REJECTED)
    })
}

/// The tree dump, streamed, with a final newline when it is not empty.
fn tree(w: &mut dyn Write, doc: &Document, root: NodeId) -> io::Result<()> {
    doc.write_test_tree(root, w)?;
    if doc.first_child(root).is_some() {
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// One `LINE:COL CODE` line per parse error.
fn errors_text(w: &mut dyn Write, errors: &[ParseError]) -> io::Result<()> {
    for e in errors {
        writeln!(w, "{}:{} {}", e.position.line, e.position.column, e.code)?;
    }
    Ok(())
}

fn errors_json(errors: &[ParseError]) -> Value {
    Value::Array(
        errors
            .iter()
            .map(|e| json!({"code": e.code, "line": e.position.line, "col": e.position.column}))
            .collect(),
    )
}

fn jsonl_line(
    obj: &Map<String, Value>,
    default_standard: websyntax::html::Standard,
) -> Result<Value, String> {
    let standard = match crate::jsonl::opt_str(obj, "standard")? {
        None => default_standard,
        Some(s) => s.parse().map_err(|e| format!("{e}"))?,
    };
    let data = crate::jsonl::req_str(obj, "data")?;
    let fragment = crate::jsonl::opt_str(obj, "fragment")?;
    let scripting = match obj.get("scripting") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("\"scripting\" must be a boolean".into()),
    };
    // The batch mode gives the HTML Standard's tree at any depth; only the node budget of
    // the command's default applies (crafted input must not exhaust memory).
    let defaults = websyntax::html::ResourceLimits::for_input(data.len());
    let limits = websyntax::html::ResourceLimits {
        max_nodes: defaults.max_nodes,
        max_clones: defaults.max_clones,
        ..Default::default()
    };
    let options = ParseOptions {
        scripting,
        collect_errors: true,
        limits,
        standard,
        ..ParseOptions::default()
    };
    let node_limit = |doc: &Document| -> Result<(), String> {
        match doc.limits_reached().stop_reason(&limits) {
            Some(reason) => Err(format!("the document reached {reason}")),
            None => Ok(()),
        }
    };
    let (tree, errors) = match fragment {
        Some(ctx) => {
            let ctx: Context = ctx.parse().map_err(|e| format!("\"fragment\": {e}"))?;
            let f = parse_fragment(data, &ctx, options);
            node_limit(&f.document)?;
            (f.to_test_tree(), errors_json(f.errors()))
        }
        None => {
            let d = parse_document(data, options);
            node_limit(&d)?;
            (d.to_test_tree(d.root()), errors_json(d.errors()))
        }
    };
    Ok(json!({"tree": tree, "errors": errors, "standard": standard.name()}))
}

fn js(out: &mut String, s: &str) {
    out.push_str(&serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into()));
}

/// Writes the buffered JSON text to `w` once it is large, so that memory stays bounded.
fn drain(w: &mut dyn Write, out: &mut String, force: bool) -> io::Result<()> {
    if force || out.len() >= 1 << 16 {
        w.write_all(out.as_bytes())?;
        out.clear();
    }
    Ok(())
}

fn quirks_name(doc: &Document) -> &'static str {
    match doc.quirks_mode {
        websyntax::html::dom::QuirksMode::NoQuirks => "no-quirks",
        websyntax::html::dom::QuirksMode::LimitedQuirks => "limited-quirks",
        websyntax::html::dom::QuirksMode::Quirks => "quirks",
    }
}

/// `,"encoding":…,"confidence":…,"why":…` of a document parsed from bytes.
fn encoding_keys(out: &mut String, parsed: &ParsedDocument) {
    out.push_str(",\"encoding\":");
    js(out, parsed.encoding.name());
    out.push_str(",\"confidence\":");
    js(out, &parsed.confidence.to_string());
    out.push_str(",\"why\":");
    js(out, &parsed.why());
}

/// One parse error's JSON members (no braces).
fn error_fields(out: &mut String, e: &ParseError) {
    out.push_str("\"code\":");
    js(out, e.code);
    out.push_str(&format!(
        ",\"line\":{},\"col\":{},\"span\":[{},{}]",
        e.position.line, e.position.column, e.span.start, e.span.end
    ));
}

/// The DOM below `root` as JSON (see the module docs), written to `w` in pieces as it is
/// produced, without recursion.
fn json_dom(
    w: &mut dyn Write,
    doc: &Document,
    root: NodeId,
    ctx: Option<&Context>,
    parsed: Option<&ParsedDocument>,
) -> io::Result<()> {
    let errors = doc.errors();
    let mut out = String::new();
    match ctx {
        Some(c) => {
            out.push_str("{\"type\":\"fragment\",\"context\":");
            js(&mut out, &c.to_string());
        }
        None => {
            out.push_str("{\"type\":\"document\",\"quirksMode\":");
            js(&mut out, quirks_name(doc));
            if let Some(p) = parsed {
                encoding_keys(&mut out, p);
            }
        }
    }
    out.push_str(",\"standard\":");
    js(&mut out, doc.standard().name());
    out.push_str(",\"children\":[");
    // Explicit stack of (node, state): 0 = enter, 1 = children done (maybe template content),
    // 2 = all done.
    let mut stack: Vec<(NodeId, u8)> = Vec::new();
    let mut first_in_list = vec![true];
    let push_children = |stack: &mut Vec<(NodeId, u8)>, parent: NodeId| {
        let kids: Vec<NodeId> = doc.children(parent).collect();
        for k in kids.into_iter().rev() {
            stack.push((k, 0));
        }
    };
    // Children of root, in order: push a sentinel-less list.
    push_children(&mut stack, root);
    while let Some((id, state)) = stack.pop() {
        drain(w, &mut out, false)?;
        match state {
            0 => {
                if let Some(f) = first_in_list.last_mut() {
                    if !*f {
                        out.push(',');
                    }
                    *f = false;
                }
                match doc.data(id) {
                    NodeData::Text(t) => {
                        out.push_str("{\"type\":\"text\",\"data\":");
                        js(&mut out, t);
                        span_js(&mut out, "span", doc.span(id));
                        out.push('}');
                    }
                    NodeData::ProcessingInstruction { target, data } => {
                        out.push_str("{\"type\":\"processingInstruction\",\"target\":");
                        js(&mut out, target);
                        out.push_str(",\"data\":");
                        js(&mut out, data);
                        span_js(&mut out, "span", doc.span(id));
                        out.push('}');
                    }
                    NodeData::Comment(t) => {
                        out.push_str("{\"type\":\"comment\",\"data\":");
                        js(&mut out, t);
                        span_js(&mut out, "span", doc.span(id));
                        out.push('}');
                    }
                    NodeData::Doctype(d) => {
                        out.push_str("{\"type\":\"doctype\",\"name\":");
                        js(&mut out, &d.name);
                        out.push_str(",\"publicId\":");
                        js(&mut out, &d.public_id);
                        out.push_str(",\"systemId\":");
                        js(&mut out, &d.system_id);
                        span_js(&mut out, "span", doc.span(id));
                        out.push('}');
                    }
                    // Shadow roots have no parent, so this walk over children never meets one.
                    NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => {
                        out.push_str("{\"type\":\"fragment\"}");
                    }
                    NodeData::Element(_) => {
                        out.push('{');
                        element_fields(&mut out, doc, id);
                        out.push_str(",\"children\":[");
                        first_in_list.push(true);
                        stack.push((id, 1));
                        push_children(&mut stack, id);
                    }
                }
            }
            1 => {
                out.push(']');
                first_in_list.pop();
                match doc.element(id).and_then(|e| e.template_contents()) {
                    Some(c) => {
                        out.push_str(",\"content\":[");
                        first_in_list.push(true);
                        stack.push((id, 2));
                        push_children(&mut stack, c);
                    }
                    None => out.push('}'),
                }
            }
            _ => {
                out.push_str("]}");
                first_in_list.pop();
            }
        }
    }
    out.push_str("],\"errors\":[");
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        error_fields(&mut out, e);
        out.push('}');
        drain(w, &mut out, false)?;
    }
    out.push(']');
    if let Some(p) = parsed {
        out.push_str(",\"decodeErrors\":[");
        for (i, e) in p.decode_errors.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&format!(
                "{{\"offset\":{},\"length\":{}}}",
                e.offset, e.length
            ));
            drain(w, &mut out, false)?;
        }
        out.push(']');
    }
    out.push_str("}\n");
    drain(w, &mut out, true)
}

/// Writes an element's `"type", "namespace", "name"`, spans and `"attrs"` keys (no braces).
fn element_fields(out: &mut String, doc: &Document, id: NodeId) {
    out.push_str("\"type\":\"element\",\"namespace\":");
    js(
        out,
        match doc.namespace(id) {
            Some(Namespace::Svg) => "svg",
            Some(Namespace::MathMl) => "math",
            _ => "html",
        },
    );
    out.push_str(",\"name\":");
    js(out, doc.local_name(id).unwrap_or_default());
    span_js(out, "span", doc.span(id));
    span_js(out, "startTag", doc.start_tag_span(id));
    span_js(out, "endTag", doc.end_tag_span(id));
    out.push_str(",\"attrs\":[");
    for (i, a) in doc.attrs(id).enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"name\":");
        js(out, a.name());
        out.push_str(",\"value\":");
        js(out, a.value());
        if a.namespace() != AttrNamespace::None {
            out.push_str(",\"namespace\":");
            js(out, a.namespace().url().unwrap_or(""));
        }
        if let Some(p) = a.prefix() {
            out.push_str(",\"prefix\":");
            js(out, p);
        }
        span_js(out, "span", a.span());
        span_js(out, "valueSpan", a.value_span());
        out.push('}');
    }
    out.push(']');
}

/// Writes `,"key":[START,END]` (byte offsets into the input), or `,"key":null`.
fn span_js(out: &mut String, key: &str, span: Option<websyntax::html::Span>) {
    out.push_str(",\"");
    out.push_str(key);
    out.push_str("\":");
    match span {
        Some(s) => out.push_str(&format!("[{},{}]", s.start, s.end)),
        None => out.push_str("null"),
    }
}

/// `--output json --flat`: one JSON object per line (see the module docs), in document order,
/// without recursion.
fn json_flat(
    w: &mut dyn Write,
    doc: &Document,
    root: NodeId,
    ctx: Option<&Context>,
    parsed: Option<&ParsedDocument>,
) -> io::Result<()> {
    let mut out = String::new();
    match ctx {
        Some(c) => {
            out.push_str("{\"type\":\"fragment\",\"id\":0,\"context\":");
            js(&mut out, &c.to_string());
        }
        None => {
            out.push_str("{\"type\":\"document\",\"id\":0,\"quirksMode\":");
            js(&mut out, quirks_name(doc));
            if let Some(p) = parsed {
                encoding_keys(&mut out, p);
            }
        }
    }
    out.push_str(",\"standard\":");
    js(&mut out, doc.standard().name());
    out.push_str("}\n");
    // Stack of (node, parent id, in template contents); ids are given in document order.
    let mut next_id = 1u64;
    let mut stack: Vec<(NodeId, u64, bool)> = Vec::new();
    let push_children = |stack: &mut Vec<(NodeId, u64, bool)>, p: NodeId, pid, content| {
        let kids: Vec<NodeId> = doc.children(p).collect();
        stack.extend(kids.into_iter().rev().map(|k| (k, pid, content)));
    };
    push_children(&mut stack, root, 0, false);
    while let Some((id, parent, content)) = stack.pop() {
        drain(w, &mut out, false)?;
        let my_id = next_id;
        next_id += 1;
        out.push_str(&format!("{{\"id\":{my_id},\"parent\":{parent},"));
        if content {
            out.push_str("\"inTemplateContent\":true,");
        }
        match doc.data(id) {
            NodeData::Text(t) => {
                out.push_str("\"type\":\"text\",\"data\":");
                js(&mut out, t);
                span_js(&mut out, "span", doc.span(id));
            }
            NodeData::Comment(t) => {
                out.push_str("\"type\":\"comment\",\"data\":");
                js(&mut out, t);
                span_js(&mut out, "span", doc.span(id));
            }
            NodeData::ProcessingInstruction { target, data } => {
                out.push_str("\"type\":\"processingInstruction\",\"target\":");
                js(&mut out, target);
                out.push_str(",\"data\":");
                js(&mut out, data);
                span_js(&mut out, "span", doc.span(id));
            }
            NodeData::Doctype(d) => {
                out.push_str("\"type\":\"doctype\",\"name\":");
                js(&mut out, &d.name);
                out.push_str(",\"publicId\":");
                js(&mut out, &d.public_id);
                out.push_str(",\"systemId\":");
                js(&mut out, &d.system_id);
            }
            NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => {
                out.push_str("\"type\":\"fragment\"");
            }
            NodeData::Element(_) => {
                element_fields(&mut out, doc, id);
                // Template contents come after the template's children in document order
                // here: push them first so that they pop last.
                if let Some(c) = doc.template_contents(id) {
                    push_children(&mut stack, c, my_id, true);
                }
                push_children(&mut stack, id, my_id, false);
            }
        }
        out.push_str("}\n");
    }
    for e in doc.errors() {
        drain(w, &mut out, false)?;
        out.push_str("{\"type\":\"error\",");
        error_fields(&mut out, e);
        out.push_str("}\n");
    }
    if let Some(p) = parsed {
        for e in &p.decode_errors {
            drain(w, &mut out, false)?;
            out.push_str(&format!(
                "{{\"type\":\"decodeError\",\"offset\":{},\"length\":{}}}\n",
                e.offset, e.length
            ));
        }
    }
    drain(w, &mut out, true)
}

/// `--output stats`: parse every input (see `inputs.rs`: directories recursively, `*.html`,
/// `*.htm`, each real file once). An input that cannot be read gets one line on stderr; the
/// others are still counted, and the exit status is then 2.
fn stats(
    inputs: &[PathBuf],
    ctx: Option<&Context>,
    doc_args: &DocumentArgs,
    collect_errors: bool,
) -> ExitCode {
    let Ok(parser_options) = doc_args.parser_options(collect_errors) else {
        return crate::usage_error("invalid encoding flags");
    };
    let options = parser_options.parse;
    let expanded = match crate::inputs::expand(inputs) {
        Ok(e) => e,
        Err(e) => return crate::usage_error(e),
    };
    let mut failed = !expanded.problems.is_empty();
    for p in &expanded.problems {
        crate::output::warn(p);
    }
    let files = expanded.inputs;
    let progress = std::io::stderr().is_terminal();
    let (mut bytes, mut nodes, mut errors, mut parsed) = (0u64, 0u64, 0u64, 0u64);
    let total = files.len();
    for (i, f) in files.iter().enumerate() {
        let raw = match f.read() {
            Ok(s) => s,
            Err(e) => {
                crate::output::warn(e);
                failed = true;
                continue;
            }
        };
        parsed += 1;
        bytes += raw.len() as u64;
        let mut parser_options = parser_options.clone();
        parser_options.parse.limits = doc_args.limits_for(raw.len());
        let options = parser_options.parse;
        let (doc, root) = match ctx {
            Some(c) => {
                let Ok(text) = utf8_text(&raw, f) else {
                    failed = true;
                    continue;
                };
                let fr = parse_fragment(text, c, options);
                let root = fr.root;
                (fr.document, root)
            }
            None => {
                let d = websyntax::html::parse_document_bytes(&raw, parser_options).document;
                (d, NodeId::DOCUMENT)
            }
        };
        if let Some(_code) = report_limits(&f.name(), &doc, &options) {
            failed = true;
            continue;
        }
        nodes += doc
            .walk(root)
            .filter(|e| matches!(e, WalkEvent::Enter(..)))
            .count() as u64;
        errors += doc.errors().len() as u64;
        if progress && (i % 16 == 0 || i + 1 == total) {
            let _ = write!(io::stderr(), "\r{}/{} files", i + 1, total);
        }
    }
    if progress {
        let _ = writeln!(io::stderr());
    }
    let mut v = json!({"files": parsed, "bytes": bytes, "nodes": nodes});
    if options.collect_errors {
        v["errors"] = json!(errors);
    }
    let ok = if failed {
        ExitCode::from(crate::EXIT_USAGE)
    } else {
        ExitCode::SUCCESS
    };
    crate::output::print_line(v, ok)
}
