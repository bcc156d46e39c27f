//! `websyntax html`: `tokens` (tokenizer alone) and `parse` (full parser).

use std::process::ExitCode;

#[path = "html_bytes.rs"]
mod bytes;
#[path = "html_parse.rs"]
mod parse;
#[path = "html_tokens.rs"]
mod tokens;

/// Arguments of `websyntax html`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Run the tokenizer alone (html5lib-tests token format).
    Tokens(tokens::Args),
    /// Parse a document or fragment.
    Parse(parse::Args),
}

/// Runs `websyntax html`.
pub fn run(args: Args) -> ExitCode {
    match args.command {
        Command::Tokens(a) => tokens::run(a),
        Command::Parse(a) => parse::run(a),
    }
}
