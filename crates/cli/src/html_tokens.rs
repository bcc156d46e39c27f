//! `websyntax html tokens`.

use std::process::ExitCode;

/// Arguments of `websyntax html tokens`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `websyntax html tokens`.
pub fn run(_args: Args) -> ExitCode {
    crate::usage_error("'html tokens' is not implemented yet")
}
