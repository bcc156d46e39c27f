//! `websyntax url`: parse, set, search-params (`docs/cli.md`, "URL").

use std::process::ExitCode;

use clap::Subcommand;
use serde_json::{Value, json};
use websyntax::url::{Encoding, Standard, Url, ValidationError};

use crate::jsonl;

/// Arguments of `websyntax url`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
    /// Which URL Standard to follow: `seed` (the text this version pins, of 2024-12-02) or
    /// `living` (the Living Standard as this version snapshots it, 2026-07-02: `^`
    /// percent-encoded in paths, ASCII `xn--` domains only lowercased, ...).
    #[arg(
        long,
        global = true,
        value_name = "seed|living",
        default_value = "seed"
    )]
    standard: Standard,
}

#[derive(Subcommand)]
enum Command {
    /// Parse a URL and print its API getters and validation errors as JSON.
    #[command(
        after_help = "Examples:\n  websyntax url parse 'https://example.com/a/../b?q=é'\n  \
                            websyntax url parse '../c' --base https://example.com/a/b\n  \
                            echo '{\"input\": \"HTTP://EXAMPLE.com\", \"base\": null}' | websyntax url parse --jsonl"
    )]
    Parse {
        /// The URL (omit with --jsonl).
        input: Option<String>,
        /// Base URL to resolve against.
        #[arg(long)]
        base: Option<String>,
        /// Query encoding override (an Encoding Standard label).
        #[arg(long)]
        encoding: Option<String>,
        /// Batch mode: `{"input", "base", "encoding"}` per line on stdin.
        #[arg(long)]
        jsonl: bool,
    },
    /// Run an API setter (`href`, `protocol`, `username`, `password`, `host`, `hostname`,
    /// `port`, `pathname`, `search`, `hash`) on a URL and print the result.
    #[command(
        after_help = "Example:\n  websyntax url set https://example.com/ pathname 'a b'   # pathname /a%20b"
    )]
    Set {
        /// The URL (omit with --jsonl).
        href: Option<String>,
        /// The setter name.
        setter: Option<String>,
        /// The new value.
        value: Option<String>,
        /// Batch mode: `{"href", "setter", "value"}` per line on stdin.
        #[arg(long)]
        jsonl: bool,
    },
    /// Parse application/x-www-form-urlencoded text (no leading `?` is stripped).
    #[command(after_help = "Example:\n  websyntax url search-params 'a=1&b=%C3%A9+x'")]
    SearchParams {
        /// The text (omit with --jsonl).
        input: Option<String>,
        /// Batch mode: `{"input"}` per line on stdin.
        #[arg(long)]
        jsonl: bool,
    },
}

/// Runs `websyntax url`.
pub fn run(args: Args) -> ExitCode {
    let standard = args.standard;
    match args.command {
        Command::Parse {
            input,
            base,
            encoding,
            jsonl,
        } => {
            if jsonl {
                if input.is_some() || base.is_some() || encoding.is_some() {
                    return crate::usage_error(
                        "url parse --jsonl reads its inputs from stdin: no INPUT, --base or --encoding",
                    );
                }
                return jsonl::run_batch(&["input", "base", "encoding"], |obj| {
                    let input = jsonl::req_str(obj, "input")?;
                    let base = jsonl::opt_str(obj, "base")?;
                    let encoding = jsonl::opt_str(obj, "encoding")?.map(label).transpose()?;
                    Ok(parse_object(input, base, encoding, standard).0)
                });
            }
            let Some(input) = input else {
                return crate::usage_error("url parse: missing INPUT (or use --jsonl)");
            };
            let encoding = match encoding.as_deref().map(label).transpose() {
                Ok(e) => e,
                Err(msg) => return crate::usage_error(msg),
            };
            let (value, ok) = parse_object(&input, base.as_deref(), encoding, standard);
            if value.get("baseFailure").is_some() {
                crate::output::warn(format!(
                    "the base URL {:?} failed to parse",
                    base.as_deref().unwrap_or_default()
                ));
            }
            print_one(&value, ok)
        }
        Command::Set {
            href,
            setter,
            value,
            jsonl,
        } => {
            if jsonl {
                if href.is_some() || setter.is_some() || value.is_some() {
                    return crate::usage_error(
                        "url set --jsonl reads its inputs from stdin: no HREF SETTER VALUE",
                    );
                }
                return jsonl::run_batch(&["href", "setter", "value"], |obj| {
                    let href = jsonl::req_str(obj, "href")?;
                    let setter = jsonl::req_str(obj, "setter")?;
                    let value = jsonl::req_str(obj, "value")?;
                    set_object(href, setter, value, standard).map(|(v, _)| v)
                });
            }
            let (Some(href), Some(setter), Some(value)) = (href, setter, value) else {
                return crate::usage_error("url set: expected HREF SETTER VALUE (or use --jsonl)");
            };
            match set_object(&href, &setter, &value, standard) {
                Ok((v, ok)) => print_one(&v, ok),
                Err(msg) => crate::usage_error(msg),
            }
        }
        Command::SearchParams { input, jsonl } => {
            if jsonl {
                if input.is_some() {
                    return crate::usage_error(
                        "url search-params --jsonl reads its inputs from stdin: no INPUT",
                    );
                }
                return jsonl::run_batch(&["input"], |obj| {
                    Ok(search_params_object(jsonl::req_str(obj, "input")?))
                });
            }
            let Some(input) = input else {
                return crate::usage_error("url search-params: missing INPUT (or use --jsonl)");
            };
            print_one(&search_params_object(&input), true)
        }
    }
}

fn print_one(value: &Value, ok: bool) -> ExitCode {
    let code = if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(crate::EXIT_REJECTED)
    };
    crate::output::print_line(value, code)
}

fn label(l: &str) -> Result<Encoding, String> {
    Encoding::for_label(l).ok_or_else(|| format!("unknown encoding label {l:?}"))
}

fn error_names(errors: &[ValidationError]) -> Value {
    Value::Array(
        errors
            .iter()
            .map(|e| Value::String(e.kind.name().to_owned()))
            .collect(),
    )
}

/// The getter object of `docs/cli.md`.
fn getters(url: &Url, errors: &[ValidationError]) -> Value {
    json!({
        "href": url.href(),
        "origin": url.origin().to_string(),
        "protocol": url.protocol(),
        "username": url.username(),
        "password": url.password(),
        "host": url.host_with_port(),
        "hostname": url.hostname(),
        "port": url.port_str(),
        "pathname": url.pathname(),
        "search": url.search(),
        "hash": url.hash(),
        "errors": error_names(errors),
    })
}

fn failure(errors: &[ValidationError]) -> Value {
    json!({"failure": true, "errors": error_names(errors)})
}

/// The base URL failed: `{"failure": true, "baseFailure": true, "errors": [the base's errors]}`.
fn base_failure(errors: &[ValidationError]) -> Value {
    json!({"failure": true, "baseFailure": true, "errors": error_names(errors)})
}

/// Parses (base first, if any). Returns the output object and whether it parsed.
fn parse_object(
    input: &str,
    base: Option<&str>,
    encoding: Option<Encoding>,
    standard: Standard,
) -> (Value, bool) {
    let mut errors = Vec::new();
    let encoding = encoding.unwrap_or(Encoding::UTF_8);
    let base_url = match base {
        Some(b) => match Url::parse_with_options(b, None, Encoding::UTF_8, standard, &mut errors) {
            Ok(u) => Some(u),
            Err(_) => return (base_failure(&errors), false),
        },
        None => None,
    };
    // Only the input's own validation errors are listed for it.
    errors.clear();
    match Url::parse_with_options(input, base_url.as_ref(), encoding, standard, &mut errors) {
        Ok(url) => (getters(&url, &errors), true),
        Err(_) => (failure(&errors), false),
    }
}

/// Runs a setter. `Err` is a usage problem (unknown setter name).
fn set_object(
    href: &str,
    setter: &str,
    value: &str,
    standard: Standard,
) -> Result<(Value, bool), String> {
    let parse = |input: &str| {
        let mut errors = Vec::new();
        let r = Url::parse_with_options(input, None, Encoding::UTF_8, standard, &mut errors);
        (r, errors)
    };
    let (parsed, errors) = parse(href);
    let Ok(mut url) = parsed else {
        return Ok((failure(&errors), false));
    };
    match setter {
        "href" => {
            let (parsed, errors) = parse(value);
            return Ok(match parsed {
                Ok(u) => (getters(&u, &errors), true),
                Err(_) => (failure(&errors), false),
            });
        }
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        other => return Err(format!("unknown setter {other:?}")),
    }
    Ok((getters(&url, &errors), true))
}

fn search_params_object(input: &str) -> Value {
    let pairs = websyntax::url::form_urlencoded::parse_str(input);
    let serialized = websyntax::url::form_urlencoded::serialize(pairs.iter().map(|(n, v)| (n, v)));
    json!({
        "pairs": pairs.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
        "serialized": serialized,
    })
}
