//! `websyntax microsyntax`.

use std::process::ExitCode;

/// Arguments of `websyntax microsyntax`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `websyntax microsyntax`.
pub fn run(_args: Args) -> ExitCode {
    crate::usage_error("'microsyntax' is not implemented yet")
}
