//! `websyntax encoding`.

use std::process::ExitCode;

/// Arguments of `websyntax encoding`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `websyntax encoding`.
pub fn run(_args: Args) -> ExitCode {
    crate::usage_error("'encoding' is not implemented yet")
}
