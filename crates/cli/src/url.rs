//! `websyntax url`.

use std::process::ExitCode;

/// Arguments of `websyntax url`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `websyntax url`.
pub fn run(_args: Args) -> ExitCode {
    crate::usage_error("'url' is not implemented yet")
}
