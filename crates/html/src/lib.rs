//! HTML parsing exactly as the HTML Standard (§13.2, §13.4) specifies it.
//!
//! Layout (one module per spec section):
//! - [`tokenizer`]: §13.2.3.5 input stream preprocessing and §13.2.5 tokenization;
//! - [`tree_builder`]: §13.2.4 parse state and §13.2.6 tree construction;
//! - [`dom`]: the arena DOM the tree builder builds;
//! - [`serialize`]: serializing HTML fragments;
//! - [`sniff`]: §13.2.3 the encoding sniffing algorithm;
//! - [`input_stream`]: §13.2.3 the input byte stream: parsing bytes ([`parse_document_bytes`],
//!   [`DocumentParser`]) with sniffing and "change the encoding";
//! - [`error`]: parse errors with positions;
//! - [`select`]: CSS selectors ([`Document::select`]);
//! - [`text`]: readable text ([`Document::readable_text`]);
//! - [`links`]: the document base URL and every URL-bearing attribute ([`Document::links`]).
//!
//! ```
//! use websyntax_html::{parse_document, parse_fragment, Context, ParseOptions};
//!
//! let doc = parse_document("<!DOCTYPE html><title>x</title><p>Hi", ParseOptions::default());
//! let p = doc.find_element("p").unwrap();
//! assert_eq!(doc.text_content(p), "Hi");
//! assert!(doc.errors().is_empty());
//!
//! let frag = parse_fragment("<td>cell", &Context::html("tr"), ParseOptions::default());
//! assert_eq!(frag.to_html(), "<td>cell</td>");
//! ```

// `unsafe` is denied in the whole crate and forbidden in every module but one: the block scan
// of the tokenizer (`tokenizer/simd.rs`, SSE2), which says why it is sound.
#![deny(unsafe_code)]

#[forbid(unsafe_code)]
pub mod dom;
#[forbid(unsafe_code)]
pub mod error;
#[forbid(unsafe_code)]
pub mod input_stream;
#[forbid(unsafe_code)]
pub mod links;
#[forbid(unsafe_code)]
mod parser;
#[forbid(unsafe_code)]
pub mod pretty;
#[forbid(unsafe_code)]
pub mod select;
#[forbid(unsafe_code)]
pub mod serialize;
#[forbid(unsafe_code)]
pub mod sniff;
#[forbid(unsafe_code)]
pub mod sort;
#[forbid(unsafe_code)]
pub mod text;
pub mod tokenizer;
#[forbid(unsafe_code)]
pub mod tree_builder;

pub use dom::{Document, NodeId, Positions, SourcePosition};
pub use error::{ParseError, Position, Span};
pub use input_stream::{
    DocumentParser, DocumentParserOptions, ParsedDocument, parse_document_bytes,
};
pub use parser::{
    Context, ContextError, Fragment, ParseOptions, Standard, parse_document,
    parse_document_with_events, parse_fragment, parse_fragment_with_events,
};
pub use tree_builder::{AdoptionStep, LimitsReached, ResourceLimits, StackEvent};
