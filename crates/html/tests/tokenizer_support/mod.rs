//! Shared helpers for the tokenizer tests: a sink that records tokens and errors in the
//! html5lib-tests JSON format, and html5lib-tests' `doubleEscaped` decoding.

#![allow(dead_code)]

use serde_json::{Map, Value, json};
use websyntax_html::tokenizer::{SinkResult, State, Token, TokenSink, Tokenizer, TokenizerOptions};
use websyntax_html::{ParseError, Position};

/// Records tokens (html5lib format, adjacent characters merged) and errors.
#[derive(Default, Debug)]
pub struct Collect {
    pub tokens: Vec<Value>,
    pub errors: Vec<ParseError>,
    pub positions: Vec<Position>,
    pub eof: usize,
}

impl TokenSink for Collect {
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
        self.positions.push(at);
        match token {
            Token::Doctype(d) => self.tokens.push(json!([
                "DOCTYPE",
                d.name,
                d.public_id,
                d.system_id,
                !d.force_quirks
            ])),
            Token::StartTag(t) => {
                let mut attrs = Map::new();
                for a in t.attrs() {
                    attrs.insert(a.name.to_owned(), Value::String(a.value.to_owned()));
                }
                let mut v = vec![json!("StartTag"), json!(t.name()), Value::Object(attrs)];
                if t.self_closing() {
                    v.push(json!(true));
                }
                self.tokens.push(Value::Array(v));
            }
            Token::EndTag(t) => self.tokens.push(json!(["EndTag", t.name()])),
            Token::Comment(c) => self.tokens.push(json!(["Comment", c])),
            Token::Characters(s) => {
                if let Some(Value::Array(last)) = self.tokens.last_mut()
                    && last.first() == Some(&json!("Character"))
                    && let Some(Value::String(prev)) = last.get_mut(1)
                {
                    prev.push_str(s);
                    return SinkResult::Continue;
                }
                self.tokens.push(json!(["Character", s]));
            }
            Token::Eof => self.eof += 1,
        }
        SinkResult::Continue
    }

    fn parse_error(&mut self, error: ParseError) {
        self.errors.push(error);
    }
}

impl Collect {
    /// Errors as html5lib-tests writes them.
    pub fn error_values(&self) -> Vec<Value> {
        self.errors
            .iter()
            .map(|e| json!({"code": e.code, "line": e.position.line, "col": e.position.column}))
            .collect()
    }
}

/// Maps an html5lib-tests state name.
pub fn state_named(name: &str) -> Option<State> {
    name.parse().ok()
}

/// Tokenizes `input` fed in the given chunks (split points are byte offsets, adjusted to char
/// boundaries).
pub fn tokenize_chunks(
    input: &str,
    state: State,
    last_start_tag: Option<&str>,
    splits: &[usize],
) -> Collect {
    let opts = TokenizerOptions {
        initial_state: state,
        last_start_tag: last_start_tag.map(str::to_owned),
    };
    let mut t = Tokenizer::with_options(Collect::default(), opts);
    let mut prev = 0;
    let mut cuts: Vec<usize> = splits
        .iter()
        .map(|&s| {
            let mut s = s.min(input.len());
            while !input.is_char_boundary(s) {
                s -= 1;
            }
            s
        })
        .collect();
    cuts.sort_unstable();
    for c in cuts {
        if c >= prev {
            t.feed(&input[prev..c]);
            prev = c;
        }
    }
    t.feed(&input[prev..]);
    t.end();
    t.into_sink()
}

/// Decodes html5lib-tests' `doubleEscaped` `\uXXXX` escapes; `None` if the result holds a lone
/// surrogate (not representable as `&str`).
pub fn unescape(s: &str) -> Option<String> {
    let mut units: Vec<u16> = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&'u') {
            chars.next();
            let hex: String = chars.by_ref().take(4).collect();
            units.push(u16::from_str_radix(&hex, 16).ok()?);
        } else {
            let mut buf = [0u16; 2];
            units.extend_from_slice(c.encode_utf16(&mut buf));
        }
    }
    String::from_utf16(&units).ok()
}

/// Applies `unescape` to every string inside a JSON value.
pub fn unescape_value(v: &Value) -> Option<Value> {
    Some(match v {
        Value::String(s) => Value::String(unescape(s)?),
        Value::Array(a) => Value::Array(a.iter().map(unescape_value).collect::<Option<_>>()?),
        Value::Object(o) => {
            let mut m = Map::new();
            for (k, v) in o {
                m.insert(unescape(k)?, unescape_value(v)?);
            }
            Value::Object(m)
        }
        other => other.clone(),
    })
}
