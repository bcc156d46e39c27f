//! `websyntax encoding`: `sniff` (HTML encoding sniffing), `decode` (bytes in, UTF-8 out) and
//! `encode` (UTF-8 in, bytes out), as `docs/cli.md` specifies. All logic is in
//! `websyntax-encoding` and `websyntax-html`'s `sniff` module.

use std::path::PathBuf;
use std::process::ExitCode;

use websyntax::encoding::{EncodeError, EncodeErrorMode, Encoding, decode, decode_or_fail, encode};

/// Arguments of `websyntax encoding`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Run the HTML encoding sniffing algorithm on FILE and print `NAME CONFIDENCE`.
    #[command(
        after_help = "Examples:\n  websyntax encoding sniff page.html --why    # Shift_JIS tentative (autodetected)\n  \
                            websyntax encoding sniff page.html --transport euc-jp"
    )]
    Sniff(SniffArgs),
    /// Decode bytes (FILE or stdin) to UTF-8: a BOM wins over --encoding; malformed input
    /// becomes U+FFFD unless --fatal.
    #[command(
        after_help = "Example:\n  websyntax encoding decode --encoding shift_jis old.html > old.utf8.html"
    )]
    Decode(DecodeArgs),
    /// Encode UTF-8 text (FILE or stdin; a leading UTF-8 BOM is dropped) to bytes:
    /// unmappable characters become &#N; (--html, the default) or fail (--fatal).
    #[command(
        after_help = "Example:\n  echo 'café ☃' | websyntax encoding encode --encoding windows-1252 | xxd"
    )]
    Encode(EncodeArgs),
}

#[derive(clap::Args)]
struct SniffArgs {
    /// Input file (`-` for stdin).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The transport layer's charset (e.g. from Content-Type); it wins, with confidence
    /// certain. A label that is not a supported encoding is ignored, as the sniffing
    /// algorithm says (with a warning on stderr, exit status 0): this command shows the
    /// algorithm itself. (`html parse --encoding` and `decode --encoding` reject such a label.)
    #[arg(long, value_name = "LABEL")]
    transport: Option<String>,
    /// The user's locale (BCP 47), choosing the default encoding from the spec's table;
    /// default: windows-1252 ("all other locales").
    #[arg(long, value_name = "TAG")]
    locale: Option<String>,
    /// How many bytes the prescan looks at (0: no prescan).
    #[arg(long, value_name = "N", default_value_t = 1024)]
    prescan_bytes: usize,
    /// Do not autodetect the encoding of a page that declares none (no BOM, --transport or
    /// <meta>): give the HTML Standard's plain default (windows-1252, or the locale's). By
    /// default the command autodetects from the bytes (chardetng; UTF-8 may be detected, as
    /// for a local file), as `html parse`, `check` and the other commands do.
    #[arg(long)]
    no_autodetect: bool,
    /// Autodetect (the default; kept for scripts that pass it).
    #[arg(long, hide = true, conflicts_with = "no_autodetect")]
    autodetect: bool,
    /// Also print why the encoding was chosen: `NAME CONFIDENCE (REASON)`.
    #[arg(long)]
    why: bool,
}

#[derive(clap::Args)]
struct DecodeArgs {
    /// Encoding label (any label of the Encoding Standard, e.g. shift_jis, latin1, utf-8).
    #[arg(long, value_name = "LABEL")]
    encoding: String,
    /// Stop at the first malformed byte sequence (exit 1, naming its byte offset).
    #[arg(long)]
    fatal: bool,
    /// Input file; stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

#[derive(clap::Args)]
struct EncodeArgs {
    /// Encoding label. replacement, UTF-16BE and UTF-16LE have no encoder.
    #[arg(long, value_name = "LABEL")]
    encoding: String,
    /// Unmappable characters become decimal character references `&#N;` (the default).
    #[arg(long, conflicts_with = "fatal")]
    html: bool,
    /// Stop at the first unmappable character (exit 1, naming it and its index).
    #[arg(long)]
    fatal: bool,
    /// Input file (UTF-8); stdin when absent or `-`.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

/// Runs `websyntax encoding`.
pub fn run(args: Args) -> ExitCode {
    match args.command {
        Command::Sniff(a) => run_sniff(a),
        Command::Decode(a) => run_decode(a),
        Command::Encode(a) => run_encode(a),
    }
}

fn run_sniff(args: SniffArgs) -> ExitCode {
    use websyntax::html::sniff::{Autodetect, SniffOptions, default_encoding_for_locale, sniff};

    let (_, bytes) = match read_input(Some(&args.file)) {
        Ok(x) => x,
        Err(code) => return code,
    };
    if let Some(label) = &args.transport
        && Encoding::for_label(label).is_none()
    {
        crate::output::warn(format!(
            "warning: transport charset {label:?} is not a supported encoding; ignored"
        ));
    }
    let options = SniffOptions {
        transport_charset: args.transport,
        prescan_limit: args.prescan_bytes,
        autodetect: (!args.no_autodetect).then_some(Autodetect {
            tld: None,
            allow_utf8: true,
        }),
        default_encoding: args
            .locale
            .as_deref()
            .map_or(Encoding::WINDOWS_1252, default_encoding_for_locale),
        ..SniffOptions::default()
    };
    let result = sniff(&bytes, &options);
    let line = if args.why {
        format!(
            "{} {} ({})\n",
            result.encoding, result.confidence, result.reason
        )
    } else {
        format!("{} {}\n", result.encoding, result.confidence)
    };
    write_output(line.as_bytes())
}

fn run_decode(args: DecodeArgs) -> ExitCode {
    let encoding = match label(&args.encoding) {
        Ok(e) => e,
        Err(code) => return code,
    };
    let (name, bytes) = match read_input(args.file.as_ref()) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let text = if args.fatal {
        match decode_or_fail(&bytes, encoding) {
            Ok(d) => d.text,
            Err(e) => return rejected(format!("{name}: {e}")),
        }
    } else {
        decode(&bytes, encoding).text
    };
    write_output(text.as_bytes())
}

fn run_encode(args: EncodeArgs) -> ExitCode {
    let encoding = match label(&args.encoding) {
        Ok(e) => e,
        Err(code) => return code,
    };
    if !encoding.has_encoder() {
        return crate::usage_error(EncodeError::NoEncoder { encoding });
    }
    let (name, bytes) = match read_input(args.file.as_ref()) {
        Ok(x) => x,
        Err(code) => return code,
    };
    // UTF-8 in: "UTF-8 decode" without replacement (a leading BOM is not text).
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let bom_len = (bytes.len() - body.len()) as u64;
    let text = match websyntax::encoding::utf8_decode_without_bom_or_fail(body) {
        Ok(t) => t,
        Err(e) => {
            let e = websyntax::encoding::DecodeError {
                offset: e.offset + bom_len,
                ..e
            };
            return rejected(format!("{name}: input is not UTF-8: {e}"));
        }
    };
    let mode = if args.fatal {
        EncodeErrorMode::Fatal
    } else {
        EncodeErrorMode::Html
    };
    match encode(text, encoding, mode) {
        Ok(out) => write_output(&out),
        Err(e) => rejected(format!("{name}: {e}")),
    }
}

/// "Get an encoding"; an unknown label is a usage error.
fn label(label: &str) -> Result<Encoding, ExitCode> {
    label.parse::<Encoding>().map_err(crate::usage_error)
}

/// Reads FILE (or stdin for `None` / `-`); returns a display name and the bytes. A device or
/// a directory is refused with one line (see `inputs.rs`).
fn read_input(file: Option<&PathBuf>) -> Result<(String, Vec<u8>), ExitCode> {
    let files: Vec<PathBuf> = file.into_iter().cloned().collect();
    let expanded = crate::inputs::expand(&files).map_err(crate::usage_error)?;
    if let Some(p) = expanded.problems.first() {
        return Err(crate::usage_error(p));
    }
    match expanded.inputs.as_slice() {
        [crate::inputs::Input::Stdin] => {
            let bytes = crate::inputs::Input::Stdin
                .read()
                .map_err(crate::usage_error)?;
            Ok(("<stdin>".to_owned(), bytes))
        }
        [one] if file.is_some_and(|f| f.is_file() || !f.is_dir()) => {
            let bytes = one.read().map_err(crate::usage_error)?;
            Ok((one.name(), bytes))
        }
        _ => Err(crate::usage_error(format!(
            "cannot read {}: not a file",
            file.map(|f| f.display().to_string()).unwrap_or_default()
        ))),
    }
}

fn rejected(message: String) -> ExitCode {
    crate::output::warn(message);
    ExitCode::from(crate::EXIT_REJECTED)
}

fn write_output(bytes: &[u8]) -> ExitCode {
    crate::output::print_bytes(bytes, ExitCode::SUCCESS)
}
