//! `websyntax html`.

use std::process::ExitCode;

/// Arguments of `websyntax html`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `websyntax html`.
pub fn run(_args: Args) -> ExitCode {
    crate::usage_error("'html' is not implemented yet")
}
