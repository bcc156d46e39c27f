//! §13.2.5 Tokenization.

mod token;

pub use token::{Attribute, Doctype, SinkResult, State, Tag, Token, TokenSink};
