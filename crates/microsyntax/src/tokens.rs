//! 2.3.7 Space-separated tokens and 2.3.8 comma-separated tokens.
//!
//! ```
//! use websyntax_microsyntax::tokens::*;
//! assert_eq!(split_space_tokens("  a\tb  c "), ["a", "b", "c"]);
//! assert_eq!(split_comma_tokens(" a ,b,,d d "), ["a", "b", "", "d d"]);
//! assert!(is_unordered_unique_set("a b c", TokenComparison::CaseSensitive));
//! assert!(!is_unordered_unique_set("a B b", TokenComparison::AsciiCaseInsensitive));
//! ```

use crate::idioms::is_ascii_whitespace;

/// How tokens of a set compare (each set's definition says which).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenComparison {
    /// Code-point for code-point.
    CaseSensitive,
    /// ASCII case-insensitively.
    AsciiCaseInsensitive,
}

impl TokenComparison {
    /// Whether `a` and `b` are the same token.
    pub fn eq(self, a: &str, b: &str) -> bool {
        match self {
            TokenComparison::CaseSensitive => a == b,
            TokenComparison::AsciiCaseInsensitive => a.eq_ignore_ascii_case(b),
        }
    }
}

/// The tokens of a set of space-separated tokens (Infra "split a string on ASCII
/// whitespace"). Every string is a valid set of space-separated tokens.
pub fn split_space_tokens(input: &str) -> Vec<&str> {
    space_tokens(input).collect()
}

/// As [`split_space_tokens`], without allocating.
pub fn space_tokens(input: &str) -> impl Iterator<Item = &str> {
    input
        .split(|c: char| c.is_ascii() && is_ascii_whitespace(c as u8))
        .filter(|t| !t.is_empty())
}

/// Whether `input` is an unordered set of unique space-separated tokens: no token repeats.
pub fn is_unordered_unique_set(input: &str, cmp: TokenComparison) -> bool {
    let tokens = split_space_tokens(input);
    if tokens.len() <= 32 {
        return tokens
            .iter()
            .enumerate()
            .all(|(i, a)| !tokens[..i].iter().any(|b| cmp.eq(a, b)));
    }
    let mut seen = std::collections::HashSet::with_capacity(tokens.len());
    tokens.iter().all(|t| match cmp {
        TokenComparison::CaseSensitive => seen.insert(std::borrow::Cow::Borrowed(*t)),
        TokenComparison::AsciiCaseInsensitive => {
            seen.insert(std::borrow::Cow::Owned(t.to_ascii_lowercase()))
        }
    })
}

/// Whether `input` is an ordered set of unique space-separated tokens: no token repeats (the
/// order is meaningful to the attribute, not to validity).
pub fn is_ordered_unique_set(input: &str, cmp: TokenComparison) -> bool {
    is_unordered_unique_set(input, cmp)
}

/// Whether every token of `input` is one of `allowed` (for sets with a defined set of allowed
/// values).
pub fn tokens_allowed(input: &str, allowed: &[&str], cmp: TokenComparison) -> bool {
    space_tokens(input).all(|t| allowed.iter().any(|a| cmp.eq(t, a)))
}

/// The tokens of a set of comma-separated tokens: split on each comma, each token stripped of
/// leading and trailing ASCII whitespace; empty tokens are kept (Infra "split a string on
/// commas"; the empty string gives no tokens). Every string is a valid set of comma-separated
/// tokens.
pub fn split_comma_tokens(input: &str) -> Vec<&str> {
    crate::numbers::split_on_commas(input)
}
