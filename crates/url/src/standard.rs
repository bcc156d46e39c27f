//! Which edition of the standards a parser follows.
//!
//! Every parser of the workspace (this crate's URL parser and, through its re-export, the HTML
//! tokenizer, tree builder, fragment parser and serializer) takes a [`Standard`]:
//! [`Standard::Seed`], the default, follows the fixed spec texts the project ships (HTML as of
//! 2024-08-26, URL as of 2024-12-02) exactly, so a pipeline's output never changes under it;
//! [`Standard::Living`] follows today's WHATWG Living Standards (what current browsers do),
//! as listed in `docs/standards.md`.
//!
//! It lives in the URL crate because it is the lowest crate both parsers depend on (the
//! encoding crate has no edition-dependent behaviour); `websyntax-html` re-exports it.

use std::fmt;
use std::str::FromStr;

/// Which edition of the HTML and URL standards to follow.
///
/// ```
/// use websyntax_url::{Standard, Url};
/// assert_eq!(Standard::default(), Standard::Seed);
/// assert_eq!("living".parse::<Standard>().unwrap(), Standard::Living);
/// let seed = Url::parse("https://h/a^b", None).unwrap();
/// let living = Url::parse_with_standard("https://h/a^b", None, Standard::Living).unwrap();
/// assert_eq!(seed.pathname(), "/a^b");
/// assert_eq!(living.pathname(), "/a%5Eb");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Standard {
    /// The spec texts the project ships (HTML 2024-08-26, URL 2024-12-02): reproducible output.
    #[default]
    Seed,
    /// Today's WHATWG Living Standards (customizable `<select>`, processing instructions,
    /// `^` in URL paths, ASCII `xn--` domains, ...): the DOM and URLs current browsers produce.
    Living,
}

impl Standard {
    /// `"seed"` or `"living"`.
    pub fn name(self) -> &'static str {
        match self {
            Standard::Seed => "seed",
            Standard::Living => "living",
        }
    }

    /// Whether this is [`Standard::Living`].
    #[inline]
    pub fn is_living(self) -> bool {
        self == Standard::Living
    }
}

impl fmt::Display for Standard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`Standard`] from a string other than `seed` or `living`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStandard(pub String);

impl fmt::Display for UnknownStandard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown standard {:?} (expected \"seed\" or \"living\")",
            self.0
        )
    }
}

impl std::error::Error for UnknownStandard {}

impl FromStr for Standard {
    type Err = UnknownStandard;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // ASCII case-insensitive, without a lowercased copy.
        if s.eq_ignore_ascii_case("seed") {
            Ok(Standard::Seed)
        } else if s.eq_ignore_ascii_case("living") {
            Ok(Standard::Living)
        } else {
            Err(UnknownStandard(s.to_owned()))
        }
    }
}
