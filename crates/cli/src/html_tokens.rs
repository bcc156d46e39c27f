//! `websyntax html tokens`: the tokenizer alone, output in the html5lib-tests token format
//! (`docs/cli.md`, "HTML").

use std::io::{Read, Write};
use std::process::ExitCode;

use serde_json::{Map, Value, json};
use websyntax::html::tokenizer::{
    SinkResult, State, Token, TokenSink, Tokenizer, TokenizerOptions, UnknownStateError,
};
use websyntax::html::{ParseError, Position};

use crate::jsonl;

/// Arguments of `websyntax html tokens`.
#[derive(clap::Args)]
pub struct Args {
    /// Batch mode: one `{"input", "initialState", "lastStartTag"}` object per stdin line.
    #[arg(long)]
    jsonl: bool,
    /// Initial tokenizer state for a single input (`Data state`, `RCDATA state`, ...).
    #[arg(long, value_name = "STATE")]
    initial_state: Option<String>,
    /// Last start tag name for a single input.
    #[arg(long, value_name = "NAME")]
    last_start_tag: Option<String>,
    /// UTF-8 text to tokenize (a file, or `-`/absent for stdin). Not with `--jsonl`.
    file: Option<String>,
}

/// Collects tokens (adjacent characters merged) and errors as html5lib-tests writes them.
#[derive(Default)]
struct Collect {
    tokens: Vec<Value>,
    errors: Vec<Value>,
}

impl TokenSink for Collect {
    fn process_token(&mut self, token: Token<'_>, _at: Position) -> SinkResult {
        let value = match token {
            Token::Doctype(d) => {
                json!(["DOCTYPE", d.name, d.public_id, d.system_id, !d.force_quirks])
            }
            Token::StartTag(t) => {
                let mut attrs = Map::new();
                for a in &t.attrs {
                    attrs.insert(a.name.clone(), Value::String(a.value.clone()));
                }
                let mut v = vec![json!("StartTag"), json!(t.name), Value::Object(attrs)];
                if t.self_closing {
                    v.push(Value::Bool(true));
                }
                Value::Array(v)
            }
            Token::EndTag(t) => json!(["EndTag", t.name]),
            Token::Comment(c) => json!(["Comment", c]),
            Token::Characters(s) => {
                if let Some(Value::Array(last)) = self.tokens.last_mut()
                    && last.first().and_then(Value::as_str) == Some("Character")
                    && let Some(Value::String(prev)) = last.get_mut(1)
                {
                    prev.push_str(s);
                    return SinkResult::Continue;
                }
                json!(["Character", s])
            }
            Token::Eof => return SinkResult::Continue,
        };
        self.tokens.push(value);
        SinkResult::Continue
    }

    fn parse_error(&mut self, e: ParseError) {
        self.errors.push(json!({
            "code": e.code,
            "line": e.position.line,
            "col": e.position.column,
        }));
    }
}

fn parse_state(name: Option<&str>) -> Result<State, String> {
    match name {
        None => Ok(State::Data),
        Some(n) => n.parse().map_err(|e: UnknownStateError| e.to_string()),
    }
}

fn tokenize(input: &str, state: State, last_start_tag: Option<&str>) -> Value {
    let options = TokenizerOptions {
        initial_state: state,
        last_start_tag: last_start_tag.map(str::to_owned),
    };
    let mut t = Tokenizer::with_options(Collect::default(), options);
    t.feed(input);
    t.end();
    let c = t.into_sink();
    json!({"output": c.tokens, "errors": c.errors})
}

/// Runs `websyntax html tokens`.
pub fn run(args: Args) -> ExitCode {
    if args.jsonl {
        if args.file.is_some() || args.initial_state.is_some() || args.last_start_tag.is_some() {
            return crate::usage_error(
                "html tokens --jsonl reads its inputs from stdin: no FILE, --initial-state or --last-start-tag",
            );
        }
        return jsonl::run_batch(&["input", "initialState", "lastStartTag"], |obj| {
            let input = jsonl::req_str(obj, "input")?;
            let state = parse_state(jsonl::opt_str(obj, "initialState")?)?;
            let last = jsonl::opt_str(obj, "lastStartTag")?;
            Ok(tokenize(input, state, last))
        });
    }
    let state = match parse_state(args.initial_state.as_deref()) {
        Ok(s) => s,
        Err(e) => return crate::usage_error(e),
    };
    let mut bytes = Vec::new();
    let read = match args.file.as_deref() {
        None | Some("-") => std::io::stdin().read_to_end(&mut bytes).map(|_| ()),
        Some(path) => std::fs::read(path).map(|b| bytes = b),
    };
    if let Err(e) = read {
        return crate::usage_error(format!("cannot read input: {e}"));
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            crate::output::warn(format!(
                "input is not UTF-8 (invalid byte sequence at byte offset {})",
                e.utf8_error().valid_up_to()
            ));
            return ExitCode::from(crate::EXIT_REJECTED);
        }
    };
    let value = tokenize(&text, state, args.last_start_tag.as_deref());
    let mut out = crate::output::stdout();
    let written = serde_json::to_writer(&mut out, &value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"));
    crate::output::finish(Some(&mut out), written, ExitCode::SUCCESS)
}
