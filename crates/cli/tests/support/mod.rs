//! Running the built `websyntax` binary, shared by the CLI test files.
// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `websyntax ARGS` in `dir` (the test's working directory when `None`) with `stdin` as
/// its standard input. Stdin is written from a thread, so a large batch cannot deadlock on a
/// full stdout pipe; a command that exits before reading it (a usage error) is fine too.
pub fn run_in(dir: Option<&str>, args: &[&str], stdin: &[u8]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_websyntax"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let mut child = command.spawn().expect("spawn websyntax");
    let mut pipe = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for websyntax");
    writer.join().expect("stdin writer thread");
    out
}

/// [`run_in`] the current directory.
pub fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(None, args, stdin)
}

/// `(exit code, stdout, stderr)`, the streams lossily decoded.
pub fn code_out_err(out: Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
