//! `websyntax check`: see `docs/cli.md` ("Checking") and `docs/check.md`.
//!
//! Files are checked in parallel (rayon); the output is written in the order the files were
//! given (directories: sorted by name). Formats:
//! - `human` (the default when stdout is a terminal): rustc-like, with the source line and the
//!   span underlined, coloured when stdout is a terminal, and a summary line at the end;
//! - `gnu` (the default otherwise): `FILE:LINE:COL: SEVERITY: MESSAGE [CODE]`, one per line;
//!   the summary line goes to stderr;
//! - `json`: one object per file per line; the summary line goes to stderr.
//!
//! Exit status: 0 no errors (warnings allowed), 1 at least one error, 2 usage or I/O error
//! (an unreadable file is reported on stderr; the other files are still checked). Inputs are
//! expanded by the shared `inputs` module; a closed stdout ends quietly (`output`).

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde_json::json;
use websyntax::check::{Diagnostic, Report, Severity, check_with};

use crate::doc_args::DocumentArgs;
use crate::output;

/// Arguments of `websyntax check`.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  websyntax check page.html\n  \
                        websyntax check --format json pages/ | jq '.diagnostics | length'")]
pub struct Args {
    /// Files, directories (recursing into `*.html` and `*.htm`) or `-` for stdin (the default).
    paths: Vec<PathBuf>,
    /// Output format: `human` (default on a terminal), `gnu` (default otherwise) or `json`.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// The document URL: the base URL for relative URLs when there is no `<base href>`.
    #[arg(long, value_name = "URL")]
    base: Option<String>,
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

/// What checking one input gave.
struct Outcome {
    output: String,
    errors: usize,
    warnings: usize,
    infos: usize,
}

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
    let parser_options = match args.document.parser_options(true) {
        Ok(options) => options,
        Err(message) => return crate::usage_error(message),
    };
    let expanded = match crate::inputs::expand(&args.paths) {
        Ok(expanded) => expanded,
        Err(message) => return crate::usage_error(message),
    };
    let mut io_failed = !expanded.problems.is_empty();
    for problem in &expanded.problems {
        output::warn(problem);
    }
    let inputs = expanded.inputs;

    let total = inputs.len();
    let progress = Progress::new(total);
    let outcomes: Vec<Result<Outcome, String>> = inputs
        .par_iter()
        .map(|input| {
            let result = input.read().map(|bytes| {
                let name = input.name();
                let report = check_with(&bytes, parser_options.clone(), args.base.as_deref());
                render(&name, &report, format, color)
            });
            progress.tick();
            result
        })
        .collect();
    progress.finish();

    let mut out = output::stdout();
    let (mut errors, mut warnings, mut infos, mut files) = (0, 0, 0, 0);
    for outcome in outcomes {
        match outcome {
            Ok(o) => {
                files += 1;
                errors += o.errors;
                warnings += o.warnings;
                infos += o.infos;
                if let Err(e) = out.write_all(o.output.as_bytes()) {
                    return output::write_failure(&e);
                }
            }
            Err(msg) => {
                output::warn(msg);
                io_failed = true;
            }
        }
    }
    let summary = format!(
        "checked {files} file{}: {errors} error{}, {warnings} warning{}, {infos} info",
        plural(files),
        plural(errors),
        plural(warnings),
    );
    if format == Format::Human {
        let line = if color {
            format!("\x1b[1m{summary}\x1b[0m\n")
        } else {
            format!("{summary}\n")
        };
        let written = out.write_all(line.as_bytes());
        return output::finish(Some(&mut out), written, exit_status(errors, io_failed));
    }
    let status = output::finish(Some(&mut out), Ok(()), exit_status(errors, io_failed));
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

fn render(name: &str, report: &Report<'_>, format: Format, color: bool) -> Outcome {
    let mut output = String::new();
    match format {
        Format::Gnu => {
            for d in &report.diagnostics {
                output.push_str(&format!(
                    "{name}:{}:{}: {}: {} [{}]\n",
                    d.line,
                    d.col,
                    d.severity,
                    d.message.replace('\n', " "),
                    d.code
                ));
            }
        }
        Format::Json => {
            let diagnostics: Vec<_> = report
                .diagnostics
                .iter()
                .map(|d| {
                    json!({
                        "category": d.category.as_str(),
                        "code": d.code,
                        "severity": d.severity.as_str(),
                        "message": d.message,
                        "line": d.line,
                        "col": d.col,
                        "span": d.span.map(|s| [s.start, s.end]),
                    })
                })
                .collect();
            let line = json!({
                "file": name,
                "encoding": report.encoding.name(),
                "diagnostics": diagnostics,
            });
            output.push_str(&line.to_string());
            output.push('\n');
        }
        Format::Human => {
            for d in &report.diagnostics {
                human(&mut output, name, report, d, color);
            }
        }
    }
    Outcome {
        output,
        errors: report.count(Severity::Error),
        warnings: report.count(Severity::Warning),
        infos: report.count(Severity::Info),
    }
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
fn human(out: &mut String, name: &str, report: &Report<'_>, d: &Diagnostic, color: bool) {
    let s = style(d.severity, color);
    out.push_str(&format!(
        "{}{}[{}/{}]{}{}: {}{}\n",
        s.level, d.severity, d.category, d.code, s.reset, s.bold, d.message, s.reset
    ));
    let excerpt = d.span.and_then(|_| report.excerpt(d));
    let Some(e) = excerpt else {
        out.push_str(&format!(
            "  {}-->{} {name}:{}:{}\n",
            s.gutter, s.reset, d.line, d.col
        ));
        return;
    };
    let num = e.line.to_string();
    let pad = " ".repeat(num.len());
    out.push_str(&format!(
        "{pad}{}-->{} {name}:{}:{}\n",
        s.gutter, s.reset, d.line, d.col
    ));
    out.push_str(&format!("{pad} {}|{}\n", s.gutter, s.reset));
    // The line (a window of it when long), with tabs expanded.
    let mut shown = String::new();
    let mut marks = String::new();
    if e.cut_before {
        shown.push('…');
        marks.push(' ');
    }
    let mut count = 0;
    for (i, c) in e.text.chars().enumerate() {
        let (text, width) = match c {
            '\t' => ("    ".to_owned(), 4),
            c if c.is_control() => ("\u{FFFD}".to_owned(), 1),
            c => (c.to_string(), char_width(c)),
        };
        shown.push_str(&text);
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
    out.push_str(&format!("{num} {}|{} {shown}\n", s.gutter, s.reset));
    out.push_str(&format!(
        "{pad} {}|{} {}{}{}\n",
        s.gutter,
        s.reset,
        s.level,
        marks.trim_end(),
        s.reset
    ));
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
            && (last.elapsed() >= Duration::from_millis(100) || done == self.total)
        {
            *last = Instant::now();
            let width = 30;
            let filled = width * done / self.total.max(1);
            eprint!(
                "\r[{}{}] {done}/{} files",
                "=".repeat(filled),
                " ".repeat(width - filled),
                self.total
            );
        }
    }

    fn finish(&self) {
        if self.enabled {
            eprint!("\r{}\r", " ".repeat(50));
        }
    }
}
