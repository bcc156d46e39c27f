//! `websyntax encoding`: `decode` (bytes in, UTF-8 out) and `encode` (UTF-8 in, bytes out),
//! as `docs/cli.md` specifies. All logic is in `websyntax-encoding`.

use std::io::{Read, Write};
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
    /// Decode bytes (FILE or stdin) to UTF-8: a BOM wins over --encoding; malformed input
    /// becomes U+FFFD unless --fatal.
    Decode(DecodeArgs),
    /// Encode UTF-8 text (FILE or stdin; a leading UTF-8 BOM is dropped) to bytes:
    /// unmappable characters become &#N; (--html, the default) or fail (--fatal).
    Encode(EncodeArgs),
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
        Command::Decode(a) => run_decode(a),
        Command::Encode(a) => run_encode(a),
    }
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

/// Reads FILE (or stdin for `None` / `-`); returns a display name and the bytes.
fn read_input(file: Option<&PathBuf>) -> Result<(String, Vec<u8>), ExitCode> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            std::fs::read(path)
                .map(|b| (name.clone(), b))
                .map_err(|e| crate::usage_error(format!("cannot read {name}: {e}")))
        }
        _ => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map(|_| ("<stdin>".to_owned(), bytes))
                .map_err(|e| crate::usage_error(format!("cannot read <stdin>: {e}")))
        }
    }
}

fn rejected(message: String) -> ExitCode {
    eprintln!("websyntax: {message}");
    ExitCode::from(crate::EXIT_REJECTED)
}

fn write_output(bytes: &[u8]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`| head`) is not an error of ours.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => rejected(format!("cannot write output: {e}")),
    }
}
