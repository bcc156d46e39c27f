//! Writing to stdout and stderr without ever panicking.
//!
//! Every subcommand writes through [`Out`] (a buffered, locked stdout) and ends with
//! [`finish`]: a closed stdout (`| head`, EPIPE) ends the program quietly with status 0, as
//! other Unix tools do; any other write failure (`> /dev/full`) prints one line on stderr and
//! gives status 2. Messages on stderr go through [`warn`], which ignores its own failures.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::process::ExitCode;

/// Buffered, locked stdout.
pub type Out = BufWriter<StdoutLock<'static>>;

/// A buffered, locked stdout.
pub fn stdout() -> Out {
    BufWriter::with_capacity(64 * 1024, io::stdout().lock())
}

/// Writes `websyntax: MESSAGE` on stderr; a failing stderr is ignored (there is nowhere left
/// to report it).
pub fn warn(message: impl std::fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "websyntax: {message}");
}

/// Whether `e` means the reader of stdout has gone away.
pub fn is_broken_pipe(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// Flushes `out` and turns the outcome of all writes into the exit status: `ok` when
/// everything was written, 0 quietly on a broken pipe, 2 with one line on stderr otherwise.
pub fn finish(out: Option<&mut Out>, written: io::Result<()>, ok: ExitCode) -> ExitCode {
    let flushed = written.and_then(|()| match out {
        Some(o) => o.flush(),
        None => Ok(()),
    });
    match flushed {
        Ok(()) => ok,
        Err(e) => write_failure(&e),
    }
}

/// The exit status for a failed write on stdout (see [`finish`]).
pub fn write_failure(e: &io::Error) -> ExitCode {
    if is_broken_pipe(e) {
        ExitCode::SUCCESS
    } else {
        warn(format!("cannot write output: {e}"));
        ExitCode::from(crate::EXIT_USAGE)
    }
}

/// Writes `text` and a newline to stdout, flushes, and returns `ok` (see [`finish`]).
pub fn print_line(text: impl std::fmt::Display, ok: ExitCode) -> ExitCode {
    let mut out = stdout();
    let r = writeln!(out, "{text}");
    finish(Some(&mut out), r, ok)
}

/// Writes `bytes` as they are to stdout, flushes, and returns `ok` (see [`finish`]).
pub fn print_bytes(bytes: &[u8], ok: ExitCode) -> ExitCode {
    let mut out = stdout();
    let r = out.write_all(bytes);
    finish(Some(&mut out), r, ok)
}
