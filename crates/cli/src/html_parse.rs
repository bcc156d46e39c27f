//! `websyntax html parse`: see `docs/cli.md` ("HTML").
//!
//! A document's input is bytes, through the byte-stream pipeline (encoding sniffing unless
//! `--encoding LABEL` gives the transport-layer charset; see `html_bytes.rs`); decoding errors
//! go to stderr with `--output errors`. `--fragment` input is UTF-8 text (invalid bytes become
//! U+FFFD).
//!
//! `--output json` writes the DOM as one JSON object:
//! - document: `{"type": "document", "quirksMode": "no-quirks"|"limited-quirks"|"quirks",
//!   "children": [...], "errors": [...]}` (for a fragment: `{"type": "fragment", "context":
//!   CONTEXT, "children": [...], "errors": [...]}`);
//! - element: `{"type": "element", "namespace": "html"|"svg"|"math", "name": NAME,
//!   "attrs": [{"name": NAME, "value": VALUE, "namespace"?: URL, "prefix"?: PREFIX}],
//!   "children": [...]}` plus `"content": [...]` (the template contents) for `template`;
//! - `{"type": "text", "data": S}`, `{"type": "comment", "data": S}`,
//!   `{"type": "doctype", "name": S, "publicId": S, "systemId": S}`;
//! - errors: `{"code": CODE, "line": N, "col": N}`;
//! - a document also has `"encoding": NAME, "confidence": "certain"|"tentative", "why": S,
//!   "decodeErrors": [{"offset": BYTE, "length": N}]`.
//!
//! `--output tree` is the html5lib-tests format (`Document::to_test_tree`). Declarative shadow
//! roots are off here (the library's `ParseOptions::allow_declarative_shadow_roots` is false;
//! there is no flag for it yet), so `<template shadowrootmode=open>` is an ordinary template;
//! the library's tree dump prints a shadow host's shadow root as a line `#shadow-root (open)` or
//! `#shadow-root (closed)` one level below the host, before the host's children.
//!
//! The JSON is written while walking the tree (no recursion), so any depth is fine.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Map, Value, json};
use websyntax::html::dom::{AttrNamespace, Document, Namespace, NodeData, NodeId, WalkEvent};
use websyntax::html::{Context, ParseError, ParseOptions, parse_document, parse_fragment};

/// Arguments of `websyntax html parse`.
#[derive(clap::Args)]
pub struct Args {
    /// Input files (or `-` for stdin, the default). Several files and directories only with
    /// `--output stats`.
    files: Vec<PathBuf>,
    /// Run the fragment parsing algorithm with this context element: `td`, `svg NAME`,
    /// `math NAME`.
    #[arg(long)]
    fragment: Option<String>,
    /// The scripting flag.
    #[arg(long, value_enum, default_value = "on")]
    scripting: OnOff,
    /// What to print.
    #[arg(long, value_enum, default_value = "tree")]
    output: Output,
    /// With `--output stats`: also count parse errors.
    #[arg(long)]
    count_errors: bool,
    /// The transport layer's charset label (as from Content-Type): the encoding, with
    /// confidence certain. Without it, the encoding is sniffed. Not with `--fragment`.
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
    /// Batch mode: JSON lines `{"data", "fragment", "scripting"}` on stdin.
    #[arg(long)]
    jsonl: bool,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
enum OnOff {
    On,
    Off,
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
    if args.jsonl {
        return match crate::jsonl::run_batch(jsonl_line) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => crate::usage_error(format!("I/O error: {e}")),
        };
    }
    let context = match args.fragment.as_deref().map(str::parse::<Context>) {
        None => None,
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => return crate::usage_error(e),
    };
    if context.is_some() && args.encoding.is_some() {
        return crate::usage_error("--encoding does not go with --fragment (its input is text)");
    }
    super::bytes::warn_unknown_label(args.encoding.as_deref());
    let options = ParseOptions {
        scripting: args.scripting == OnOff::On,
        collect_errors: args.output != Output::Stats || args.count_errors,
        ..ParseOptions::default()
    };
    if args.output == Output::Stats {
        return stats(
            &args.files,
            context.as_ref(),
            options,
            args.encoding.as_deref(),
        );
    }
    if args.count_errors {
        return crate::usage_error("--count-errors goes with --output stats");
    }
    if args.files.len() > 1 {
        return crate::usage_error("several inputs need --output stats");
    }
    let raw = match read_bytes(args.files.first().map(PathBuf::as_path)) {
        Ok(s) => s,
        Err(e) => return crate::usage_error(e),
    };
    let out = match &context {
        Some(ctx) => {
            let f = parse_fragment(&String::from_utf8_lossy(&raw), ctx, options);
            match args.output {
                Output::Tree => f.to_test_tree(),
                Output::Html => f.to_html(),
                Output::Errors => errors_text(f.errors()),
                _ => json_dom(&f.document, f.root, Some(ctx), f.errors()),
            }
        }
        None => {
            let parsed = super::bytes::parse(&raw, args.encoding.as_deref(), options);
            let d = &parsed.document;
            match args.output {
                Output::Tree => d.to_test_tree(d.root()),
                Output::Html => {
                    websyntax::html::serialize::serialize_children(d, d.root(), options.scripting)
                }
                Output::Errors => {
                    super::bytes::report_decode_errors(&parsed);
                    errors_text(d.errors())
                }
                _ => super::bytes::with_encoding(json_dom(d, d.root(), None, d.errors()), &parsed),
            }
        }
    };
    let mut stdout = std::io::stdout().lock();
    // The HTML serialization is written exactly (no added newline, so that `--output html`
    // piped back into `html parse -` re-parses the same text); line-based outputs end with one.
    let r = if out.is_empty() {
        Ok(())
    } else if args.output == Output::Html {
        write!(stdout, "{out}")
    } else {
        writeln!(stdout, "{out}")
    };
    match r.and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::usage_error(format!("cannot write output: {e}")),
    }
}

fn read_bytes(path: Option<&Path>) -> Result<Vec<u8>, String> {
    Ok(match path {
        None => read_stdin()?,
        Some(p) if p.as_os_str() == "-" => read_stdin()?,
        Some(p) => std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?,
    })
}

fn read_stdin() -> Result<Vec<u8>, String> {
    let mut v = Vec::new();
    std::io::stdin()
        .read_to_end(&mut v)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    Ok(v)
}

fn errors_text(errors: &[ParseError]) -> String {
    let mut s = String::new();
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&format!(
            "{}:{} {}",
            e.position.line, e.position.column, e.code
        ));
    }
    s
}

fn errors_json(errors: &[ParseError]) -> Value {
    Value::Array(
        errors
            .iter()
            .map(|e| json!({"code": e.code, "line": e.position.line, "col": e.position.column}))
            .collect(),
    )
}

fn jsonl_line(obj: &Map<String, Value>) -> Result<Value, String> {
    let data = crate::jsonl::req_str(obj, "data")?;
    let fragment = crate::jsonl::opt_str(obj, "fragment")?;
    let scripting = match obj.get("scripting") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("\"scripting\" must be a boolean".into()),
    };
    let options = ParseOptions {
        scripting,
        collect_errors: true,
        ..ParseOptions::default()
    };
    let (tree, errors) = match fragment {
        Some(ctx) => {
            let ctx: Context = ctx.parse().map_err(|e| format!("{e}"))?;
            let f = parse_fragment(data, &ctx, options);
            (f.to_test_tree(), errors_json(f.errors()))
        }
        None => {
            let d = parse_document(data, options);
            (d.to_test_tree(d.root()), errors_json(d.errors()))
        }
    };
    Ok(json!({"tree": tree, "errors": errors}))
}

fn js(out: &mut String, s: &str) {
    out.push_str(&serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into()));
}

/// The DOM below `root` as JSON (see the module docs), written without recursion.
fn json_dom(doc: &Document, root: NodeId, ctx: Option<&Context>, errors: &[ParseError]) -> String {
    let mut out = String::new();
    match ctx {
        Some(c) => {
            out.push_str("{\"type\":\"fragment\",\"context\":");
            js(&mut out, &c.to_string());
        }
        None => {
            out.push_str("{\"type\":\"document\",\"quirksMode\":");
            js(
                &mut out,
                match doc.quirks_mode {
                    websyntax::html::dom::QuirksMode::NoQuirks => "no-quirks",
                    websyntax::html::dom::QuirksMode::LimitedQuirks => "limited-quirks",
                    websyntax::html::dom::QuirksMode::Quirks => "quirks",
                },
            );
        }
    }
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
                        out.push('}');
                    }
                    NodeData::Comment(t) => {
                        out.push_str("{\"type\":\"comment\",\"data\":");
                        js(&mut out, t);
                        out.push('}');
                    }
                    NodeData::Doctype(d) => {
                        out.push_str("{\"type\":\"doctype\",\"name\":");
                        js(&mut out, &d.name);
                        out.push_str(",\"publicId\":");
                        js(&mut out, &d.public_id);
                        out.push_str(",\"systemId\":");
                        js(&mut out, &d.system_id);
                        out.push('}');
                    }
                    // Shadow roots have no parent, so this walk over children never meets one.
                    NodeData::Document | NodeData::Fragment | NodeData::ShadowRoot(_) => {
                        out.push_str("{\"type\":\"fragment\"}");
                    }
                    NodeData::Element(e) => {
                        out.push_str("{\"type\":\"element\",\"namespace\":");
                        js(
                            &mut out,
                            match e.namespace() {
                                Namespace::Html => "html",
                                Namespace::Svg => "svg",
                                Namespace::MathMl => "math",
                            },
                        );
                        out.push_str(",\"name\":");
                        js(&mut out, e.name());
                        out.push_str(",\"attrs\":[");
                        for (i, a) in e.attrs().enumerate() {
                            if i > 0 {
                                out.push(',');
                            }
                            out.push_str("{\"name\":");
                            js(&mut out, a.name());
                            out.push_str(",\"value\":");
                            js(&mut out, a.value());
                            if a.namespace() != AttrNamespace::None {
                                out.push_str(",\"namespace\":");
                                js(&mut out, a.namespace().url().unwrap_or(""));
                            }
                            if let Some(p) = a.prefix() {
                                out.push_str(",\"prefix\":");
                                js(&mut out, p);
                            }
                            out.push('}');
                        }
                        out.push_str("],\"children\":[");
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
    out.push_str("],\"errors\":");
    out.push_str(&errors_json(errors).to_string());
    out.push('}');
    out
}

/// `--output stats`: parse every input (see `inputs.rs`: directories recursively, `*.html`,
/// `*.htm`, each real file once). An input that cannot be read gets one line on stderr; the
/// others are still counted, and the exit status is then 2.
fn stats(
    inputs: &[PathBuf],
    ctx: Option<&Context>,
    options: ParseOptions,
    transport: Option<&str>,
) -> ExitCode {
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
        let (doc, root) = match ctx {
            Some(c) => {
                let fr = parse_fragment(&String::from_utf8_lossy(&raw), c, options);
                let root = fr.root;
                (fr.document, root)
            }
            None => {
                let d = super::bytes::parse(&raw, transport, options).document;
                (d, NodeId::DOCUMENT)
            }
        };
        nodes += doc
            .walk(root)
            .filter(|e| matches!(e, WalkEvent::Enter(..)))
            .count() as u64;
        errors += doc.errors().len() as u64;
        if progress && (i % 16 == 0 || i + 1 == total) {
            eprint!("\r{}/{} files", i + 1, total);
        }
    }
    if progress {
        eprintln!();
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
