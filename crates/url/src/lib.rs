//! The WHATWG URL Standard.
