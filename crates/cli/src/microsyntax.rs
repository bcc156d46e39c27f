//! `websyntax microsyntax`: HTML common microsyntaxes (docs/cli.md "Microsyntaxes"; every kind
//! is documented in docs/microsyntax.md).
//!
//! `websyntax microsyntax KIND INPUT` prints `{"value": V}` (exit 0) or `{"error": MESSAGE}`
//! (exit 1); `--jsonl` reads `{"kind", "input"}` lines and writes one such object per line.

use std::process::ExitCode;

use serde_json::{Map, Value, json};
use websyntax::microsyntax::{Error, colours, dates, numbers, tokens};

use crate::jsonl;

/// Arguments of `websyntax microsyntax`.
#[derive(clap::Args)]
#[command(after_help = kinds_help())]
pub struct Args {
    /// Batch mode: read `{"kind": KIND, "input": STRING}` lines from stdin.
    #[arg(long, conflicts_with_all = ["kind", "input"])]
    jsonl: bool,
    /// The microsyntax (the list is below).
    #[arg(required_unless_present = "jsonl")]
    kind: Option<String>,
    /// The string to parse (values starting with `-` are accepted).
    #[arg(allow_hyphen_values = true, required_unless_present = "jsonl")]
    input: Option<String>,
}

/// The `--help` text after the options: every KIND, and examples.
fn kinds_help() -> String {
    let mut s = String::from("KIND is one of:\n");
    let mut line = String::from(" ");
    for k in KINDS {
        if line.len() + k.len() + 1 > 78 {
            s.push_str(&line);
            s.push('\n');
            line = String::from(" ");
        }
        line.push(' ');
        line.push_str(k);
    }
    s.push_str(&line);
    s.push_str(
        "\n\nExamples:\n  websyntax microsyntax dimension 120px      # {\"value\":{\"unit\":\"length\",\"value\":120.0}}\n  \
         websyntax microsyntax valid-date 2024-02-30  # {\"value\":false}\n  \
         echo '{\"kind\": \"legacy-color\", \"input\": \"chucknorris\"}' | websyntax microsyntax --jsonl",
    );
    s
}

/// Every KIND this command accepts.
pub const KINDS: &[&str] = &[
    "integer",
    "non-negative-integer",
    "float",
    "float-serialize",
    "dimension",
    "nonzero-dimension",
    "float-list",
    "dimension-list",
    "month",
    "date",
    "yearless-date",
    "time",
    "local-date-time",
    "time-zone",
    "global-date-time",
    "week",
    "duration",
    "date-or-time",
    "simple-color",
    "legacy-color",
    "space-tokens",
    "comma-tokens",
    "valid-integer",
    "valid-non-negative-integer",
    "valid-float",
    "valid-float-list",
    "valid-month",
    "valid-date",
    "valid-yearless-date",
    "valid-time",
    "valid-local-date-time",
    "valid-normalized-local-date-time",
    "valid-time-zone",
    "valid-global-date-time",
    "valid-week",
    "valid-duration",
    "valid-date-or-time",
    "valid-simple-color",
    "valid-lowercase-simple-color",
    "valid-space-tokens",
    "valid-unique-space-tokens",
    "valid-comma-tokens",
];

/// The input of a kind: a string, or (for `float-serialize` in batch mode) a JSON number.
enum Input<'a> {
    Str(&'a str),
    Number(f64),
}

/// Runs `websyntax microsyntax`.
pub fn run(args: Args) -> ExitCode {
    if args.jsonl {
        return jsonl::run_batch(&["kind", "input"], batch_line);
    }
    let (Some(kind), Some(input)) = (args.kind, args.input) else {
        return crate::usage_error("KIND and INPUT are required (or --jsonl)");
    };
    match evaluate(&kind, Input::Str(&input)) {
        None => crate::usage_error(format!(
            "unknown microsyntax kind {kind:?}; one of: {}",
            KINDS.join(", ")
        )),
        Some(Ok(v)) => crate::output::print_line(json!({ "value": v }), ExitCode::SUCCESS),
        Some(Err(message)) => crate::output::print_line(
            jsonl::error_object(message),
            ExitCode::from(crate::EXIT_REJECTED),
        ),
    }
}

fn batch_line(obj: &Map<String, Value>) -> Result<Value, String> {
    let kind = jsonl::req_str(obj, "kind")?;
    let input = match obj.get("input") {
        Some(Value::String(s)) => Input::Str(s),
        Some(Value::Number(n)) if kind == "float-serialize" => {
            Input::Number(n.as_f64().ok_or("\"input\" is not a finite number")?)
        }
        None | Some(Value::Null) => return Err("missing \"input\"".to_owned()),
        Some(_) => return Err("\"input\" must be a string".to_owned()),
    };
    match evaluate(kind, input) {
        None => Err(format!("unknown microsyntax kind {kind:?}")),
        Some(Ok(v)) => Ok(json!({ "value": v })),
        Some(Err(message)) => Err(message),
    }
}

fn msg(e: Error) -> String {
    e.to_string()
}

fn number(v: f64) -> Value {
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

/// An integer as a JSON integer, or as a string when it exceeds i64.
fn integer(v: numbers::ExactInteger<'_>) -> Value {
    match v.to_i64() {
        Some(i) => Value::from(i),
        None => Value::String(v.to_string()),
    }
}

fn string(v: impl ToString) -> Value {
    Value::String(v.to_string())
}

/// Parses `float-serialize`'s input: a JSON number, or a string in Rust/JavaScript number
/// syntax (`1e21`, `-0`, `NaN`, `Infinity`).
fn number_input(input: &Input<'_>) -> Result<f64, String> {
    match input {
        Input::Number(n) => Ok(*n),
        Input::Str(s) => match *s {
            "Infinity" | "+Infinity" => Ok(f64::INFINITY),
            "-Infinity" => Ok(f64::NEG_INFINITY),
            _ => s
                .trim()
                .parse::<f64>()
                .map_err(|_| format!("not a number: {s:?}")),
        },
    }
}

/// `None` for an unknown kind; otherwise the value or the rejection message.
fn evaluate(kind: &str, input: Input<'_>) -> Option<Result<Value, String>> {
    if kind == "float-serialize" {
        return Some(number_input(&input).map(|n| string(numbers::best_representation(n))));
    }
    let Input::Str(s) = input else {
        return Some(Err("\"input\" must be a string".to_owned()));
    };
    let valid = |b: bool| Some(Ok(Value::Bool(b)));
    Some(match kind {
        // 2.3.4 numbers.
        "integer" => numbers::parse_integer_exact(s).map(integer).map_err(msg),
        "non-negative-integer" => numbers::parse_non_negative_integer_exact(s)
            .map(integer)
            .map_err(msg),
        "float" => numbers::parse_float(s).map(number).map_err(msg),
        "dimension" | "nonzero-dimension" => {
            let parsed = if kind == "dimension" {
                numbers::parse_dimension(s)
            } else {
                numbers::parse_nonzero_dimension(s)
            };
            parsed
                .map(|d| {
                    let unit = match d.unit {
                        numbers::DimensionUnit::Length => "length",
                        numbers::DimensionUnit::Percentage => "percentage",
                    };
                    json!({ "value": number(d.value), "unit": unit })
                })
                .map_err(msg)
        }
        "float-list" => Ok(Value::Array(
            numbers::parse_float_list(s)
                .into_iter()
                .map(number)
                .collect(),
        )),
        "dimension-list" => numbers::parse_dimension_list(s)
            .map(|list| {
                Value::Array(
                    list.into_iter()
                        .map(|d| {
                            let unit = match d.unit {
                                numbers::ListDimensionUnit::Absolute => "absolute",
                                numbers::ListDimensionUnit::Relative => "relative",
                                numbers::ListDimensionUnit::Percentage => "percentage",
                            };
                            json!({ "value": number(d.value), "unit": unit })
                        })
                        .collect(),
                )
            })
            .map_err(msg),
        // 2.3.5 dates and times: the valid normalized serialization.
        "month" => dates::parse_month(s).map(string).map_err(msg),
        "date" => dates::parse_date(s).map(string).map_err(msg),
        "yearless-date" => dates::parse_yearless_date(s).map(string).map_err(msg),
        "time" => dates::parse_time(s).map(string).map_err(msg),
        "local-date-time" => dates::parse_local_date_time(s).map(string).map_err(msg),
        "time-zone" => dates::parse_time_zone_offset(s).map(string).map_err(msg),
        "global-date-time" => dates::parse_global_date_time(s)
            .and_then(|g| g.to_utc())
            .map(string)
            .map_err(msg),
        "week" => dates::parse_week(s).map(string).map_err(msg),
        "duration" => dates::parse_duration(s)
            .map(|d| number(d.as_secs_f64()))
            .map_err(msg),
        "date-or-time" => match dates::parse_date_or_time(s) {
            Ok(dates::DateOrTime::GlobalDateTime(g)) => g.to_utc().map(string).map_err(msg),
            Ok(v) => Ok(string(v)),
            Err(e) => Err(msg(e)),
        },
        // 2.3.6 colours.
        "simple-color" => colours::parse_simple_color(s).map(string).map_err(msg),
        "legacy-color" => colours::parse_legacy_color(s).map(string).map_err(msg),
        // 2.3.7-2.3.8 tokens.
        "space-tokens" => Ok(json!(tokens::split_space_tokens(s))),
        "comma-tokens" => Ok(json!(tokens::split_comma_tokens(s))),
        // Authoring conformance ("valid X").
        "valid-integer" => return valid(numbers::is_valid_integer(s)),
        "valid-non-negative-integer" => return valid(numbers::is_valid_non_negative_integer(s)),
        "valid-float" => return valid(numbers::is_valid_float(s)),
        "valid-float-list" => return valid(numbers::is_valid_float_list(s)),
        "valid-month" => return valid(dates::is_valid_month(s)),
        "valid-date" => return valid(dates::is_valid_date(s)),
        "valid-yearless-date" => return valid(dates::is_valid_yearless_date(s)),
        "valid-time" => return valid(dates::is_valid_time(s)),
        "valid-local-date-time" => return valid(dates::is_valid_local_date_time(s)),
        "valid-normalized-local-date-time" => {
            return valid(dates::is_valid_normalized_local_date_time(s));
        }
        "valid-time-zone" => return valid(dates::is_valid_time_zone_offset(s)),
        "valid-global-date-time" => return valid(dates::is_valid_global_date_time(s)),
        "valid-week" => return valid(dates::is_valid_week(s)),
        "valid-duration" => return valid(dates::is_valid_duration(s)),
        "valid-date-or-time" => return valid(dates::is_valid_date_string_with_optional_time(s)),
        "valid-simple-color" => return valid(colours::is_valid_simple_color(s)),
        "valid-lowercase-simple-color" => {
            return valid(colours::is_valid_lowercase_simple_color(s));
        }
        // Every string is a set of space-/comma-separated tokens (2.3.7, 2.3.8).
        "valid-space-tokens" | "valid-comma-tokens" => return valid(true),
        "valid-unique-space-tokens" => {
            return valid(tokens::is_unordered_unique_set(
                s,
                tokens::TokenComparison::CaseSensitive,
            ));
        }
        _ => return None,
    })
}
