//! `websyntax iri`.

use std::process::ExitCode;

/// Arguments of `websyntax iri`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `websyntax iri`.
pub fn run(_args: Args) -> ExitCode {
    crate::usage_error("'iri' is not implemented yet")
}
