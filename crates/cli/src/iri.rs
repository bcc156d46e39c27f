//! `websyntax iri`: strict IRI/URI datatypes (docs/cli.md, "IRI / URI datatypes").

use std::process::ExitCode;

use serde_json::{Map, Value};
use websyntax::iri::{Datatype, resolve};

use crate::jsonl::{req_str, run_batch};

/// Arguments of `websyntax iri`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Check a string against the eight datatypes (or one, with --type).
    ///
    /// Prints one line per datatype, `TYPE: valid` or `TYPE: invalid: REASON`. Exit status 1
    /// when the input is rejected: invalid for --type, or (without --type) for all eight.
    #[command(
        after_help = "Examples:\n  websyntax iri check 'http://example.org/café'\n  \
                            websyntax iri check 'http://example.org/café' --type URI-3986"
    )]
    Check {
        /// The string to check (required unless --jsonl).
        #[arg(required_unless_present = "jsonl")]
        input: Option<String>,
        /// One of URI-3986, URI-reference-3986, absolute-URI-3986, relative-reference-3986,
        /// IRI-3987, IRI-reference-3987, absolute-IRI-3987, relative-reference-3987.
        #[arg(long = "type", value_name = "TYPE", conflicts_with = "jsonl")]
        datatype: Option<String>,
        /// Batch mode: `{"input": STRING}` per line in, `{TYPE: BOOL, ...}` (all eight) out.
        #[arg(long, conflicts_with = "input")]
        jsonl: bool,
    },
    /// Resolve a reference against a base (RFC 3986 §5.2, strict; RFC 3987 for IRIs).
    #[command(
        after_help = "Example:\n  websyntax iri resolve '../g;x?y#s' --base 'http://a/b/c/d;p?q'"
    )]
    Resolve {
        /// The reference (required unless --jsonl).
        #[arg(required_unless_present = "jsonl", requires = "base")]
        reference: Option<String>,
        /// The base IRI (must have a scheme).
        #[arg(long, value_name = "BASE")]
        base: Option<String>,
        /// Batch mode: `{"base": STRING, "ref": STRING}` per line in, `{"result": STRING}` or
        /// `{"error": MESSAGE}` out.
        #[arg(long, conflicts_with_all = ["reference", "base"])]
        jsonl: bool,
    },
}

/// Runs `websyntax iri`.
pub fn run(args: Args) -> ExitCode {
    match args.command {
        Command::Check { jsonl: true, .. } => run_batch(&["input"], check_line),
        Command::Check {
            input: Some(input),
            datatype,
            ..
        } => check(&input, datatype.as_deref()),
        Command::Resolve { jsonl: true, .. } => run_batch(&["base", "ref"], resolve_line),
        Command::Resolve {
            reference: Some(reference),
            base: Some(base),
            ..
        } => match resolve(&base, &reference) {
            Ok(result) => crate::output::print_line(result, ExitCode::SUCCESS),
            Err(e) => {
                crate::output::warn(e);
                ExitCode::from(crate::EXIT_REJECTED)
            }
        },
        Command::Check { .. } => crate::usage_error("iri check: INPUT or --jsonl is required"),
        Command::Resolve { .. } => {
            crate::usage_error("iri resolve: REF and --base, or --jsonl, are required")
        }
    }
}

fn check(input: &str, datatype: Option<&str>) -> ExitCode {
    let types: Vec<Datatype> = match datatype {
        Some(name) => match name.parse() {
            Ok(t) => vec![t],
            Err(e) => return crate::usage_error(e),
        },
        None => Datatype::ALL.to_vec(),
    };
    let mut any_valid = false;
    let mut text = String::new();
    for t in types {
        match t.validate(input) {
            Ok(()) => {
                any_valid = true;
                text.push_str(&format!("{t}: valid\n"));
            }
            Err(e) => text.push_str(&format!("{t}: invalid: {e}\n")),
        }
    }
    let code = if any_valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(crate::EXIT_REJECTED)
    };
    crate::output::print_bytes(text.as_bytes(), code)
}

fn check_line(obj: &Map<String, Value>) -> Result<Value, String> {
    let input = req_str(obj, "input")?;
    let mut out = Map::new();
    for t in Datatype::ALL {
        out.insert(t.name().to_owned(), Value::Bool(t.is_valid(input)));
    }
    Ok(Value::Object(out))
}

fn resolve_line(obj: &Map<String, Value>) -> Result<Value, String> {
    let base = req_str(obj, "base")?;
    let reference = req_str(obj, "ref")?;
    let result = resolve(base, reference).map_err(|e| e.to_string())?;
    let mut out = Map::new();
    out.insert("result".to_owned(), Value::String(result));
    Ok(Value::Object(out))
}
