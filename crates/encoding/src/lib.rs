//! The Encoding Standard's decode and encode operations on top of `encoding_rs`.
#![forbid(unsafe_code)]
