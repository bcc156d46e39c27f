//! `websyntax lsp`: the language server on stdin/stdout (see `docs/lsp.md`). Thin: the server
//! is the `websyntax-lsp` crate.

use std::process::ExitCode;

/// Arguments of `websyntax lsp`.
#[derive(clap::Args)]
#[command(
    after_help = "Editors start it themselves; see docs/lsp.md for Neovim, Helix and \
                        VS Code.\nSettings come from the client (initializationOptions, \
                        workspace/didChangeConfiguration)."
)]
pub struct Args {
    /// Talk over stdin and stdout (the only transport, and the default; accepted because
    /// clients such as vscode-languageclient pass it).
    #[arg(long)]
    stdio: bool,
}

/// Runs the server until the client sends `exit`.
pub fn run(args: Args) -> ExitCode {
    let _ = args.stdio;
    match websyntax_lsp::run_stdio() {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}
