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

/// [`run`] as `(exit code, stdout, stderr)`.
pub fn run_out(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    code_out_err(run(args, stdin))
}

/// A fresh directory `CARGO_TARGET_TMPDIR/NAME` holding `files` (paths may have directories).
pub fn fresh_dir(name: &str, files: &[(&str, &[u8])]) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the directory");
    for (path, data) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("create directories");
        std::fs::write(p, data).expect("write a file");
    }
    dir
}

/// Each line of `out` as JSON.
pub fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}
