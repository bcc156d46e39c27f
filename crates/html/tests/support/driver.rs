//! TEMPORARY test driver: html5ever's tokenizer feeding our tree builder, until the `tokenizer`
//! branch lands. Errors from html5ever are counted but carry no position.

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    self as h5, BufferQueue, TokenSink as H5Sink, TokenSinkResult, Tokenizer, TokenizerOpts, states,
};
use websyntax_html::tokenizer::{Attribute, Doctype, SinkResult, State, Tag, Token, TokenSink};
use websyntax_html::tree_builder::TreeBuilder;
use websyntax_html::{Context, Document, ParseError, ParseOptions, Position};

pub struct Adapter(pub RefCell<TreeBuilder>);

impl H5Sink for Adapter {
    type Handle = ();
    fn process_token(&self, token: h5::Token, line: u64) -> TokenSinkResult<()> {
        let mut tb = self.0.borrow_mut();
        let at = Position {
            offset: 0,
            line: line as usize,
            column: 0,
        };
        let r = match token {
            h5::TagToken(t) => {
                let tag = Tag {
                    name: t.name.to_string(),
                    attrs: t
                        .attrs
                        .iter()
                        .map(|a| Attribute {
                            name: a.name.local.to_string(),
                            value: a.value.to_string(),
                        })
                        .collect(),
                    self_closing: t.self_closing,
                };
                match t.kind {
                    h5::StartTag => tb.process_token(Token::StartTag(&tag), at),
                    h5::EndTag => tb.process_token(Token::EndTag(&tag), at),
                }
            }
            h5::CharacterTokens(s) => tb.process_token(Token::Characters(&s), at),
            h5::NullCharacterToken => tb.process_token(Token::Characters("\0"), at),
            h5::CommentToken(s) => tb.process_token(Token::Comment(&s), at),
            h5::DoctypeToken(d) => {
                let d = Doctype {
                    name: d.name.map(|s| s.to_string()),
                    public_id: d.public_id.map(|s| s.to_string()),
                    system_id: d.system_id.map(|s| s.to_string()),
                    force_quirks: d.force_quirks,
                };
                tb.process_token(Token::Doctype(&d), at)
            }
            h5::EOFToken => tb.process_token(Token::Eof, at),
            h5::ParseError(_) => {
                tb.parse_error(ParseError {
                    code: "html5ever-tokenizer-error",
                    position: at,
                });
                SinkResult::Continue
            }
        };
        match r {
            SinkResult::Continue => TokenSinkResult::Continue,
            SinkResult::SwitchTo(State::Plaintext) => TokenSinkResult::Plaintext,
            SinkResult::SwitchTo(State::Rcdata) => TokenSinkResult::RawData(states::Rcdata),
            SinkResult::SwitchTo(State::Rawtext) => TokenSinkResult::RawData(states::Rawtext),
            SinkResult::SwitchTo(State::ScriptData) => TokenSinkResult::RawData(states::ScriptData),
            SinkResult::SwitchTo(_) => TokenSinkResult::Continue,
        }
    }
    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        self.0.borrow().adjusted_current_node_is_foreign()
    }
}

fn run(tb: TreeBuilder, input: &str, state: State) -> TreeBuilder {
    let initial_state = match state {
        State::Data => None,
        State::Rcdata => Some(states::RawData(states::Rcdata)),
        State::Rawtext => Some(states::RawData(states::Rawtext)),
        State::ScriptData => Some(states::RawData(states::ScriptData)),
        State::Plaintext => Some(states::Plaintext),
        State::CdataSection => Some(states::CdataSection),
    };
    let tok = Tokenizer::new(
        Adapter(RefCell::new(tb)),
        TokenizerOpts {
            exact_errors: true,
            initial_state,
            discard_bom: false,
            ..Default::default()
        },
    );
    let q = BufferQueue::default();
    q.push_back(StrTendril::from_slice(input));
    let _ = tok.feed(&q);
    tok.end();
    tok.sink.0.into_inner()
}

pub fn parse_document(input: &str, o: ParseOptions) -> Document {
    run(
        TreeBuilder::new(o.scripting, o.collect_errors),
        input,
        State::Data,
    )
    .finish()
}

pub struct Frag {
    doc: Document,
    root: websyntax_html::NodeId,
}

impl Frag {
    pub fn to_test_tree(&self) -> String {
        self.doc.to_test_tree(self.root)
    }
    pub fn errors(&self) -> &[ParseError] {
        self.doc.errors()
    }
}

pub fn parse_fragment(input: &str, ctx: &Context, o: ParseOptions) -> Frag {
    let (tb, state, root) = TreeBuilder::new_fragment(
        o.scripting,
        o.collect_errors,
        ctx.namespace,
        &ctx.name,
        ctx.attrs.clone(),
    );
    Frag {
        doc: run(tb, input, state).finish(),
        root,
    }
}
