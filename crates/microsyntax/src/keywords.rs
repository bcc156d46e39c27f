//! 2.3.3 Keywords and enumerated attributes: mapping an attribute's value to a state, with the
//! attribute's missing value default and invalid value default.
//!
//! ```
//! use websyntax_microsyntax::keywords::Enumerated;
//! #[derive(Clone, Copy, Debug, PartialEq)]
//! enum Dir { Ltr, Rtl, Auto }
//! let dir = Enumerated {
//!     keywords: &[("ltr", Dir::Ltr), ("rtl", Dir::Rtl), ("auto", Dir::Auto)],
//!     missing_value_default: None,
//!     invalid_value_default: None,
//! };
//! assert_eq!(dir.state(Some("RTL")), Some(Dir::Rtl));
//! assert_eq!(dir.state(Some("sideways")), None);
//! assert!(dir.is_conforming("auto"));
//! assert!(!dir.is_conforming(" auto"));
//! ```

/// An enumerated attribute's definition: keyword/state pairs (several keywords may map to one
/// state; the empty string may be a keyword) and the two optional special states.
#[derive(Debug, Clone, Copy)]
pub struct Enumerated<'k, S> {
    /// `(keyword, state)` pairs, compared ASCII case-insensitively.
    pub keywords: &'k [(&'k str, S)],
    /// The state when the attribute is absent.
    pub missing_value_default: Option<S>,
    /// The state when the value matches no keyword.
    pub invalid_value_default: Option<S>,
}

impl<S: Copy> Enumerated<'_, S> {
    /// The attribute's state given its value (`None` when absent); `None` means "no state".
    pub fn state(&self, value: Option<&str>) -> Option<S> {
        // 1. Not specified: the missing value default, or no state.
        let Some(value) = value else {
            return self.missing_value_default;
        };
        // 2. A keyword match: its state.
        if let Some((_, s)) = self
            .keywords
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(value))
        {
            return Some(*s);
        }
        // 3-4. The invalid value default, or no state.
        self.invalid_value_default
    }

    /// Whether `value` is conforming: an ASCII case-insensitive match for one of the keywords
    /// (which must be the attribute's conforming keywords), with no surrounding whitespace.
    pub fn is_conforming(&self, value: &str) -> bool {
        self.keywords
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case(value))
    }
}
