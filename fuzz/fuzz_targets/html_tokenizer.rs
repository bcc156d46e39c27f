#![no_main]
//! Fuzzes the HTML tokenizer: no panic on any input in any initial state, and chunk
//! invariance (the same tokens, adjacent characters merged, and the same errors whether the
//! input is fed whole or split at fuzzer-chosen points).
use libfuzzer_sys::fuzz_target;
use websyntax::html::tokenizer::{
    SinkResult, State, Token, TokenSink, Tokenizer, TokenizerOptions,
};
use websyntax::html::{ParseError, Position};

#[derive(Default, PartialEq, Debug)]
struct Record {
    tokens: Vec<String>,
    errors: Vec<ParseError>,
    eofs: usize,
}

impl TokenSink for Record {
    fn process_token(&mut self, token: Token<'_>, _at: Position) -> SinkResult {
        match token {
            Token::Characters(s) => {
                if let Some(last) = self.tokens.last_mut()
                    && last.starts_with("C:")
                {
                    last.push_str(s);
                } else {
                    self.tokens.push(format!("C:{s}"));
                }
            }
            Token::Eof => self.eofs += 1,
            other => self.tokens.push(format!("{other:?}")),
        }
        SinkResult::Continue
    }
    fn parse_error(&mut self, error: ParseError) {
        self.errors.push(error);
    }
    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.tokens.len() % 2 == 1
    }
}

fn run(text: &str, state: State, last: Option<&str>, cuts: &[usize]) -> Record {
    let opts = TokenizerOptions {
        initial_state: state,
        last_start_tag: last.map(str::to_owned),
    };
    let mut t = Tokenizer::with_options(Record::default(), opts);
    let mut prev = 0;
    for &c in cuts {
        if c > prev && c < text.len() && text.is_char_boundary(c) {
            t.feed(&text[prev..c]);
            prev = c;
        }
    }
    t.feed(&text[prev..]);
    t.end();
    t.into_sink()
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let state = match head % 6 {
        0 => State::Data,
        1 => State::Rcdata,
        2 => State::Rawtext,
        3 => State::ScriptData,
        4 => State::Plaintext,
        _ => State::CdataSection,
    };
    let last = match (head / 6) % 3 {
        0 => None,
        1 => Some("script"),
        _ => Some("title"),
    };
    let whole = run(&text, state, last, &[]);
    assert_eq!(whole.eofs, 1);
    // Split points derived from the input bytes, increasing.
    let step = usize::from(head / 18) + 1;
    let cuts: Vec<usize> = (1..text.len()).step_by(step).collect();
    let parts = run(&text, state, last, &cuts);
    assert_eq!(whole, parts, "chunking changed the result");
});
