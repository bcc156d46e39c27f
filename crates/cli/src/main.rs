//! The `websyntax` command. Thin: argument parsing and output only; all logic lives in the
//! libraries. The machine-readable modes follow `docs/cli.md`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod check;
pub mod doc_args;
pub mod documents;
mod encoding;
mod html;
pub mod inputs;
mod iri;
mod jsonl;
mod links;
mod lsp;
mod markdown;
mod microsyntax;
pub mod output;
mod sanitize;
mod select;
mod text;
mod url;

/// The web's text syntaxes, parsed exactly as the standards say.
#[derive(Parser)]
#[command(name = "websyntax", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Encoding Standard: decode, encode; HTML encoding sniffing.
    Encoding(encoding::Args),
    /// HTML parsing: tokens, parse.
    Html(html::Args),
    /// URL Standard: parse, set, search-params.
    Url(url::Args),
    /// Strict IRI/URI datatypes: check, resolve.
    Iri(iri::Args),
    /// HTML common microsyntaxes.
    Microsyntax(microsyntax::Args),
    /// Print the elements a CSS selector matches (outer HTML, text, an attribute, JSON lines).
    Select(select::Args),
    /// List every URL-bearing attribute, resolved (JSON lines).
    Links(links::Args),
    /// Print the documents' readable text.
    Text(text::Args),
    /// Print the documents as Markdown (CommonMark + GFM tables), or only their main content.
    Markdown(markdown::Args),
    /// Check documents: parse errors, encoding, URLs, attribute values.
    Check(check::Args),
    /// Sanitize HTML as `element.setHTML()` does, e.g. `websyntax sanitize comment.html`.
    Sanitize(sanitize::Args),
    /// Run the language server (LSP over stdio): diagnostics, quick fixes, hover, navigation.
    Lsp(lsp::Args),
}

/// Exit status: the input was rejected (e.g. URL failure, invalid IRI).
#[allow(dead_code)]
pub const EXIT_REJECTED: u8 = 1;
/// Exit status: usage error (bad label, unreadable file, bad arguments).
pub const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // `--help`/`--version` print on stdout: a closed pipe is fine there too.
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(EXIT_USAGE)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Command::Encoding(args) => encoding::run(args),
        Command::Html(args) => html::run(args),
        Command::Url(args) => url::run(args),
        Command::Iri(args) => iri::run(args),
        Command::Microsyntax(args) => microsyntax::run(args),
        Command::Select(args) => select::run(args),
        Command::Links(args) => links::run(args),
        Command::Text(args) => text::run(args),
        Command::Markdown(args) => markdown::run(args),
        Command::Check(args) => check::run(args),
        Command::Sanitize(args) => sanitize::run(args),
        Command::Lsp(args) => lsp::run(args),
    }
}

/// Prints `websyntax: MESSAGE` on stderr and returns the usage-error exit status.
pub fn usage_error(message: impl std::fmt::Display) -> ExitCode {
    output::warn(message);
    ExitCode::from(EXIT_USAGE)
}
