//! `websyntax html tokens`: the tokenizer alone, output in the html5lib-tests token format
//! (`docs/cli.md`, "HTML").

use std::io::Write;
use std::process::ExitCode;

use serde_json::{Map, Value, json};
use websyntax::html::tokenizer::{
    SinkResult, State, Token, TokenSink, Tokenizer, TokenizerOptions, UnknownStateError,
};
use websyntax::html::{ParseError, Position};

use crate::jsonl;

/// Arguments of `websyntax html tokens`.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  echo '<p class=a>x&amp;y' | websyntax html tokens\n  \
                        echo '{\"input\": \"<b>\", \"initialState\": null, \"lastStartTag\": null}' | websyntax html tokens --jsonl"
)]
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

/// A non-character token in the html5lib-tests format (`None` for characters and EOF).
fn token_value(token: &Token<'_>) -> Option<Value> {
    Some(match token {
        Token::Doctype(d) => {
            json!(["DOCTYPE", d.name, d.public_id, d.system_id, !d.force_quirks])
        }
        Token::StartTag(t) => {
            let mut attrs = Map::new();
            for a in t.attrs() {
                attrs.insert(a.name.to_owned(), Value::String(a.value.to_owned()));
            }
            let mut v = vec![json!("StartTag"), json!(t.name()), Value::Object(attrs)];
            if t.self_closing() {
                v.push(Value::Bool(true));
            }
            Value::Array(v)
        }
        Token::EndTag(t) => json!(["EndTag", t.name()]),
        Token::Comment(c) => json!(["Comment", c]),
        Token::Characters(_) | Token::Eof => return None,
    })
}

impl TokenSink for Collect {
    fn process_token(&mut self, token: Token<'_>, _at: Position) -> SinkResult {
        let value = match token {
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
            other => match token_value(&other) {
                Some(v) => v,
                None => return SinkResult::Continue,
            },
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

/// Writes tokens as they come (`{"output": [` … `], "errors": [...]}`): memory holds only the
/// current run of characters and the errors (code and position each), never the token list.
struct Stream {
    out: crate::output::Out,
    first: bool,
    pending: String,
    errors: Vec<ParseError>,
    failed: Option<std::io::Error>,
}

impl Stream {
    fn write_value(&mut self, v: &Value) {
        if self.failed.is_some() {
            return;
        }
        let sep: &[u8] = if self.first { b"" } else { b"," };
        self.first = false;
        let r = self
            .out
            .write_all(sep)
            .and_then(|()| serde_json::to_writer(&mut self.out, v).map_err(Into::into));
        if let Err(e) = r {
            self.failed = Some(e);
        }
    }

    fn flush_characters(&mut self) {
        if !self.pending.is_empty() {
            let s = std::mem::take(&mut self.pending);
            self.write_value(&json!(["Character", s]));
        }
    }
}

impl TokenSink for Stream {
    fn process_token(&mut self, token: Token<'_>, _at: Position) -> SinkResult {
        if let Token::Characters(s) = token {
            self.pending.push_str(s);
        } else if let Some(v) = token_value(&token) {
            self.flush_characters();
            self.write_value(&v);
        }
        SinkResult::Continue
    }

    fn parse_error(&mut self, e: ParseError) {
        self.errors.push(e);
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
    let files: Vec<std::path::PathBuf> = args.file.iter().map(Into::into).collect();
    let expanded = match crate::inputs::expand(&files) {
        Ok(e) => e,
        Err(e) => return crate::usage_error(e),
    };
    if let Some(p) = expanded.problems.first() {
        return crate::usage_error(p);
    }
    let Some(input) = expanded.inputs.first() else {
        return crate::usage_error("no input");
    };
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => return crate::usage_error(e),
    };
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
    let mut out = crate::output::stdout();
    if let Err(e) = out.write_all(b"{\"output\":[") {
        return crate::output::write_failure(&e);
    }
    let options = TokenizerOptions {
        initial_state: state,
        last_start_tag: args.last_start_tag,
    };
    let sink = Stream {
        out,
        first: true,
        pending: String::new(),
        errors: Vec::new(),
        failed: None,
    };
    let mut t = Tokenizer::with_options(sink, options);
    t.feed(&text);
    t.end();
    let mut s = t.into_sink();
    s.flush_characters();
    let Stream {
        mut out,
        errors,
        failed,
        ..
    } = s;
    let written = match failed {
        Some(e) => Err(e),
        None => (|| {
            out.write_all(b"],\"errors\":[")?;
            for (i, e) in errors.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                let v = json!({"code": e.code, "line": e.position.line, "col": e.position.column});
                serde_json::to_writer(&mut out, &v)?;
            }
            out.write_all(b"]}\n")
        })(),
    };
    crate::output::finish(Some(&mut out), written, ExitCode::SUCCESS)
}
