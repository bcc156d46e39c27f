//! HTML parsing exactly as the HTML Standard (§13.2, §13.4) specifies it.
//!
//! Layout (one module per spec section):
//! - [`tokenizer`]: §13.2.3.5 input stream preprocessing and §13.2.5 tokenization;
//! - [`tree_builder`]: §13.2.4 parse state and §13.2.6 tree construction;
//! - [`dom`]: the arena DOM the tree builder builds;
//! - [`serialize`]: serializing HTML fragments;
//! - [`sniff`]: §13.2.3 the encoding sniffing algorithm;
//! - [`error`]: parse errors with positions.

pub mod dom;
pub mod error;
pub mod serialize;
pub mod sniff;
pub mod tokenizer;
pub mod tree_builder;

pub use error::{ParseError, Position};
