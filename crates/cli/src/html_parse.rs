//! `websyntax html parse`.

use std::process::ExitCode;

/// Arguments of `websyntax html parse`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `websyntax html parse`.
pub fn run(_args: Args) -> ExitCode {
    crate::usage_error("'html parse' is not implemented yet")
}
