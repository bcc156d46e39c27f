//! `websyntax check`: see `docs/cli.md` ("Checking") and `docs/check.md`.
//!
//! Files are checked in parallel (one worker per rayon thread) and written as soon as each one
//! and every file before it are done, in the order the files were given (directories: sorted
//! by name); at most a few files per worker wait, rendered, for an earlier one. Formats:
//! - `human` (the default when stdout is a terminal): rustc-like, with the source line and the
//!   span underlined, coloured when stdout is a terminal, and a summary line at the end;
//! - `gnu` (the default otherwise): `FILE:LINE:COL: SEVERITY: MESSAGE [CODE]`, one per line,
//!   warnings and errors only unless `--severity info`; the summary line goes to stderr;
//! - `json`: one object per file per line; the summary line goes to stderr.
//!
//! Exit status: 0 no errors (warnings allowed), 1 at least one error, 2 usage or I/O error
//! (an unreadable file is reported on stderr; the other files are still checked). Inputs are
//! expanded by the shared `inputs` module. A closed stdout (`| head`) stops the output
//! quietly; the remaining files are still checked, without rendering, so that the exit status
//! is the one their results warrant whether or not the reader left early.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};
use std::time::{Duration, Instant};

use websyntax::check::{Category, Diagnostic, Filter, Report, Severity, Times, check_filtered};

use crate::doc_args::DocumentArgs;
use crate::documents::{Doc, Skip};
use crate::output;

/// Arguments of `websyntax check`.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  websyntax check page.html\n  \
                        websyntax check --format json pages/ | jq '.diagnostics | length'")]
pub struct Args {
    /// Files, directories (recursing into `*.html` and `*.htm`), WARC files (`.warc`,
    /// `.warc.gz`: each HTML response, named by its URL), gzip-compressed pages, or `-` for
    /// stdin (the default).
    paths: Vec<PathBuf>,
    /// Output format: `human` (default on a terminal), `gnu` (default otherwise) or `json`.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// The document URL: the base URL for relative URLs when there is no `<base href>`.
    #[arg(long, value_name = "URL")]
    base: Option<String>,
    /// The least severity shown: `error`, `warning` or `info` (default `info`; `warning` in
    /// the `gnu` format).
    #[arg(long, value_enum, value_name = "LEVEL")]
    severity: Option<Level>,
    /// Codes not to report (repeatable, or comma-separated; an unknown code is an error that
    /// lists them all).
    #[arg(long, value_name = "CODE", value_delimiter = ',')]
    ignore: Vec<String>,
    /// Report only these categories: `parse`, `encoding`, `url`, `attribute` (repeatable, or
    /// comma-separated).
    #[arg(long, value_enum, value_name = "CATEGORY", value_delimiter = ',')]
    only: Vec<CategoryArg>,
    /// At most N diagnostics per file (the first ones); the others are counted.
    #[arg(long, value_name = "N")]
    max_per_file: Option<usize>,
    #[command(flatten)]
    input: crate::documents::InputArgs,
    /// The document flags: `--encoding`/`--transport LABEL`, `--no-autodetect`, `--locale`,
    /// `--default-encoding`, `--scripting`.
    #[command(flatten)]
    document: DocumentArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Gnu,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Level {
    Error,
    Warning,
    Info,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum CategoryArg {
    Parse,
    Encoding,
    Url,
    Attribute,
}

/// What checking one input gave.
struct Outcome {
    output: Vec<u8>,
    name: String,
    errors: usize,
    warnings: usize,
    infos: usize,
    omitted: usize,
}

/// How many rendered files each worker may be ahead of the writer.
const AHEAD_PER_WORKER: usize = 4;

/// Runs `websyntax check`.
pub fn run(args: Args) -> ExitCode {
    let stdout_tty = io::stdout().is_terminal();
    let format = args.format.unwrap_or(if stdout_tty {
        Format::Human
    } else {
        Format::Gnu
    });
    let color = format == Format::Human && stdout_tty && std::env::var_os("NO_COLOR").is_none();
    if let Some(base) = &args.base
        && websyntax::url::Url::parse(base, None).is_err()
    {
        return crate::usage_error(format!("--base {base:?} is not a valid URL"));
    }
    if args.max_per_file == Some(0) {
        return crate::usage_error("--max-per-file must be at least 1");
    }
    let codes = websyntax::check::all_codes();
    for code in &args.ignore {
        if !codes.contains(&code.as_str()) {
            return crate::usage_error(format!(
                "--ignore: unknown code {code:?}; the codes are: {}",
                codes.join(", ")
            ));
        }
    }
    let parser_options = match args.document.parser_options(true) {
        Ok(options) => options,
        Err(message) => return crate::usage_error(message),
    };
    let filter = Filter {
        min_severity: match args.severity {
            Some(Level::Error) => Severity::Error,
            Some(Level::Warning) => Severity::Warning,
            Some(Level::Info) => Severity::Info,
            None if format == Format::Gnu => Severity::Warning,
            None => Severity::Info,
        },
        ignore: args.ignore.clone(),
        only: args
            .only
            .iter()
            .map(|c| match c {
                CategoryArg::Parse => Category::Parse,
                CategoryArg::Encoding => Category::Encoding,
                CategoryArg::Url => Category::Url,
                CategoryArg::Attribute => Category::Attribute,
            })
            .collect(),
        max_per_file: args.max_per_file,
    };
    let expanded = match crate::inputs::expand(&args.paths) {
        Ok(expanded) => expanded,
        Err(message) => return crate::usage_error(message),
    };
    let mut io_failed = !expanded.problems.is_empty();
    // A document rejected (a malformed archive or JSON line): exit status 1 at least.
    let mut rejected = false;
    for problem in &expanded.problems {
        output::warn(problem);
    }
    // A directory without pages is worth a word (not an error).
    for w in &expanded.warnings {
        output::warn(format!("warning: {w}"));
    }
    let total = expanded.inputs.len();
    // One input can hold many documents (a WARC file): workers take the next document from
    // the shared reader, which reads one document at a time.
    let documents = Mutex::new(crate::documents::Documents::new(
        expanded,
        args.input.input_format,
        false,
    ));
    let progress = Progress::new(total);
    let workers = rayon::current_num_threads().max(1);
    let window = workers * AHEAD_PER_WORKER;
    // The index of the next file to write, shared with the workers (which wait when they
    // are `window` files ahead of it).
    let written = (Mutex::new(0usize), Condvar::new());
    let next = AtomicUsize::new(0);
    // Stdout is closed: render nothing more. Writing failed otherwise: stop.
    let closed = AtomicBool::new(false);
    let stop = AtomicBool::new(false);
    let mut out = output::stdout();
    let mut failure: Option<ExitCode> = None;
    let (mut errors, mut warnings, mut infos, mut files) = (0, 0, 0, 0);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Result<Outcome, Skip>)>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (documents, progress, written, next) = (&documents, &progress, &written, &next);
            let (closed, stop, filter, parser_options) = (&closed, &stop, &filter, &parser_options);
            let base = args.base.as_deref();
            let document_args = &args.document;
            scope.spawn(move || {
                loop {
                    {
                        let (lock, ready) = written;
                        let mut w = lock.lock().unwrap_or_else(|e| e.into_inner());
                        while next.load(Ordering::SeqCst) >= *w + window
                            && !stop.load(Ordering::SeqCst)
                        {
                            w = ready.wait(w).unwrap_or_else(|e| e.into_inner());
                        }
                    }
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let (i, doc) = {
                        let mut documents = documents.lock().unwrap_or_else(|e| e.into_inner());
                        let Some(doc) = documents.next() else {
                            break;
                        };
                        (next.fetch_add(1, Ordering::SeqCst), doc)
                    };
                    let result = doc.and_then(|doc| {
                        let name = doc.name.clone();
                        let mut options = parser_options.clone();
                        options.parse.limits = document_args.limits_for(doc.bytes.len());
                        if options.sniff.transport_charset.is_none() {
                            options.sniff.transport_charset = doc.charset.clone();
                        }
                        // The document URL: its own, else --base, else a file's file: URL.
                        let url = doc
                            .url
                            .clone()
                            .or_else(|| base.map(str::to_owned))
                            .or_else(|| doc.file_url().map(|u| u.href().to_owned()));
                        let report =
                            check_filtered(&doc.bytes, options.clone(), url.as_deref(), filter);
                        if let Some(reason) =
                            report.limits_reached.stop_reason(&options.parse.limits)
                        {
                            return Err(Skip {
                                message: format!(
                                    "{name}: the document reached {reason} and was not checked; {}",
                                    crate::doc_args::LIFT_LIMITS
                                ),
                                status: 2,
                            });
                        }
                        let quiet = closed.load(Ordering::SeqCst);
                        Ok(render(&doc, &report, format, color, quiet))
                    });
                    progress.tick();
                    if tx.send((i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Write each file's output once it and every file before it are done.
        let mut pending: BTreeMap<usize, Result<Outcome, Skip>> = BTreeMap::new();
        let mut expected = 0;
        for (i, result) in rx {
            pending.insert(i, result);
            while let Some(result) = pending.remove(&expected) {
                expected += 1;
                match result {
                    Ok(o) => {
                        files += 1;
                        errors += o.errors;
                        warnings += o.warnings;
                        infos += o.infos;
                        if !closed.load(Ordering::SeqCst) {
                            let written = out.write_all(&o.output).and_then(|()| {
                                if o.omitted > 0 && format == Format::Gnu {
                                    // Keep stdout in the gnu format: the note goes to stderr.
                                    output::warn(format!(
                                        "{}: {} more diagnostic{} not shown (--max-per-file)",
                                        o.name,
                                        o.omitted,
                                        plural(o.omitted)
                                    ));
                                }
                                // Hand each file to the reader as soon as it is complete.
                                out.flush()
                            });
                            if let Err(e) = written {
                                if output::is_broken_pipe(&e) {
                                    closed.store(true, Ordering::SeqCst);
                                } else {
                                    failure = Some(output::write_failure(&e));
                                    stop.store(true, Ordering::SeqCst);
                                }
                            }
                        }
                    }
                    Err(skip) => {
                        output::warn(skip.message);
                        if skip.status == 2 {
                            io_failed = true;
                        } else {
                            rejected = true;
                        }
                    }
                }
            }
            let (lock, ready) = &written;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = expected;
            ready.notify_all();
            if stop.load(Ordering::SeqCst) {
                break;
            }
        }
    });
    progress.finish();
    if let Some(code) = failure {
        return code;
    }
    let status = exit_status(errors + usize::from(rejected), io_failed);
    let summary = format!(
        "checked {files} file{}: {errors} error{}, {warnings} warning{}, {infos} info",
        plural(files),
        plural(errors),
        plural(warnings),
    );
    if format == Format::Human && !closed.load(Ordering::SeqCst) {
        let line = if color {
            format!("\x1b[1m{summary}\x1b[0m\n")
        } else {
            format!("{summary}\n")
        };
        let written = out.write_all(line.as_bytes()).and_then(|()| out.flush());
        return match written {
            Err(e) if !output::is_broken_pipe(&e) => output::write_failure(&e),
            _ => status,
        };
    }
    let _ = writeln!(io::stderr().lock(), "{summary}");
    status
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn exit_status(errors: usize, io_failed: bool) -> ExitCode {
    if io_failed {
        ExitCode::from(crate::EXIT_USAGE)
    } else if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Renders `report` (nothing when `quiet`: only the counts are needed). In the `gnu` and
/// `human` formats a document with a URL of its own (a WARC record) is named by that URL.
fn render(doc: &Doc, report: &Report<'_>, format: Format, color: bool, quiet: bool) -> Outcome {
    let mut output = Vec::new();
    let name = match (&doc.url, format) {
        (Some(url), Format::Gnu | Format::Human) => url.clone(),
        _ => doc.name.clone(),
    };
    if !quiet {
        // Writing to a Vec cannot fail.
        let _ = write_report(&mut output, &name, doc, report, format, color);
    }
    Outcome {
        output,
        name,
        errors: report.count(Severity::Error),
        warnings: report.count(Severity::Warning),
        infos: report.count(Severity::Info),
        omitted: report.omitted,
    }
}

/// Writes `report` diagnostic by diagnostic.
fn write_report(
    out: &mut Vec<u8>,
    name: &str,
    doc: &Doc,
    report: &Report<'_>,
    format: Format,
    color: bool,
) -> io::Result<()> {
    match format {
        Format::Gnu => {
            for d in &report.diagnostics {
                write!(out, "{name}:{}:{}: {}: ", d.line, d.col, d.severity)?;
                write_one_line(out, &d.message)?;
                writeln!(out, "{} [{}]", Times(d.count), d.code)?;
            }
        }
        Format::Json => {
            report.write_json(out, Some(name), |out| {
                if let Some(record) = &doc.record {
                    out.write_all(b",\"record\":")?;
                    serde_json::to_writer(&mut *out, record)?;
                }
                if let Some(url) = &doc.url {
                    out.write_all(b",\"url\":")?;
                    serde_json::to_writer(&mut *out, url)?;
                }
                Ok(())
            })?;
            out.push(b'\n');
        }
        Format::Human => {
            for d in &report.diagnostics {
                human(out, name, report, d, color)?;
            }
            if report.omitted > 0 {
                writeln!(
                    out,
                    "{name}: {} more diagnostic{} not shown (--max-per-file)\n",
                    report.omitted,
                    plural(report.omitted)
                )?;
            }
        }
    }
    Ok(())
}

/// `message` with line breaks as spaces.
fn write_one_line(out: &mut Vec<u8>, message: &str) -> io::Result<()> {
    for (i, piece) in message.split('\n').enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        out.write_all(piece.as_bytes())?;
    }
    Ok(())
}

/// ANSI styles (empty strings without colour).
struct Style {
    level: &'static str,
    bold: &'static str,
    gutter: &'static str,
    reset: &'static str,
}

fn style(severity: Severity, color: bool) -> Style {
    if !color {
        return Style {
            level: "",
            bold: "",
            gutter: "",
            reset: "",
        };
    }
    Style {
        level: match severity {
            Severity::Error => "\x1b[1;31m",
            Severity::Warning => "\x1b[1;33m",
            Severity::Info => "\x1b[1;36m",
        },
        bold: "\x1b[1m",
        gutter: "\x1b[1;34m",
        reset: "\x1b[0m",
    }
}

/// One diagnostic as rustc shows one:
///
/// ```text
/// error[parse/end-tag-with-open-elements]: `</div>` closes elements that are still open
///  --> page.html:3:12
///   |
/// 3 |   <p>text</div>
///   |          ^^^^^^
/// ```
fn human(
    out: &mut Vec<u8>,
    name: &str,
    report: &Report<'_>,
    d: &Diagnostic,
    color: bool,
) -> io::Result<()> {
    let s = style(d.severity, color);
    writeln!(
        out,
        "{}{}[{}/{}]{}{}: {}{}{}",
        s.level,
        d.severity,
        d.category,
        d.code,
        s.reset,
        s.bold,
        d.message,
        Times(d.count),
        s.reset
    )?;
    let excerpt = d.span.and_then(|_| report.excerpt(d));
    match excerpt {
        Some(e) => excerpt_lines(out, name, (d.line, d.col), &e, &s)?,
        None => writeln!(
            out,
            "  {}-->{} {name}:{}:{}",
            s.gutter, s.reset, d.line, d.col
        )?,
    }
    // The related place (where an unclosed construct began), as rustc shows a note.
    if let Some(r) = &d.related {
        let note = style(Severity::Info, color);
        writeln!(
            out,
            "{}note{}{}: {}{}",
            note.level, note.reset, note.bold, r.message, note.reset
        )?;
        match report.related_excerpt(d) {
            Some(e) => excerpt_lines(out, name, (r.line, r.col), &e, &note)?,
            None => writeln!(
                out,
                "  {}-->{} {name}:{}:{}",
                s.gutter, s.reset, r.line, r.col
            )?,
        }
    }
    Ok(())
}

/// The ` --> file:line:col` line, the source line and the underline.
fn excerpt_lines(
    out: &mut Vec<u8>,
    name: &str,
    (line, col): (usize, usize),
    e: &websyntax::check::Excerpt<'_>,
    s: &Style,
) -> io::Result<()> {
    let num = e.line.to_string();
    let pad = " ".repeat(num.len());
    writeln!(out, "{pad}{}-->{} {name}:{line}:{col}", s.gutter, s.reset)?;
    writeln!(out, "{pad} {}|{}", s.gutter, s.reset)?;
    // The line (a window of it when long), with tabs expanded.
    let mut shown = String::new();
    let mut marks = String::new();
    if e.cut_before {
        shown.push('…');
        marks.push(' ');
    }
    let mut count = 0;
    for (i, c) in e.text.chars().enumerate() {
        let width = match c {
            '\t' => {
                shown.push_str("    ");
                4
            }
            c if c.is_control() => {
                shown.push('\u{FFFD}');
                1
            }
            c => {
                shown.push(c);
                char_width(c)
            }
        };
        let mark = if i >= e.start && i < e.start + e.len {
            '^'
        } else {
            ' '
        };
        if mark == '^' || i < e.start {
            marks.extend(std::iter::repeat_n(mark, width));
        }
        count += 1;
    }
    if e.cut_after {
        shown.push('…');
    }
    if e.start >= count {
        marks.push('^');
    }
    writeln!(out, "{num} {}|{} {shown}", s.gutter, s.reset)?;
    writeln!(
        out,
        "{pad} {}|{} {}{}{}",
        s.gutter,
        s.reset,
        s.level,
        marks.trim_end(),
        s.reset
    )
}

/// Terminal columns of `c`: 2 for East Asian wide and fullwidth characters, else 1.
fn char_width(c: char) -> usize {
    let c = c as u32;
    let wide = matches!(c,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF | 0x20000..=0x3FFFD);
    if wide { 2 } else { 1 }
}

/// A progress bar on stderr for long runs (stderr a terminal, 20 files or more); at most ten
/// redraws a second, from whichever worker finishes a file.
struct Progress {
    total: usize,
    done: AtomicUsize,
    enabled: bool,
    last: Mutex<Instant>,
}

impl Progress {
    fn new(total: usize) -> Progress {
        Progress {
            total,
            done: AtomicUsize::new(0),
            enabled: total >= 20 && io::stderr().is_terminal(),
            last: Mutex::new(Instant::now()),
        }
    }

    fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if !self.enabled {
            return;
        }
        if let Ok(mut last) = self.last.try_lock()
            && (last.elapsed() >= Duration::from_millis(100) || done >= self.total)
        {
            *last = Instant::now();
            // A WARC file holds many documents: past the count of inputs, the bar stays full.
            let width = 30;
            let filled = (width * done / self.total.max(1)).min(width);
            eprint!(
                "\r[{}{}] {done}/{} documents",
                "=".repeat(filled),
                " ".repeat(width - filled),
                self.total.max(done)
            );
        }
    }

    fn finish(&self) {
        if self.enabled {
            eprint!("\r{}\r", " ".repeat(50));
        }
    }
}
