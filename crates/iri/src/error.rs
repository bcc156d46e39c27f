//! Typed errors: where the input stopped matching, and which grammar rule failed there.

use std::fmt;

/// The ABNF rule (RFC 3986 Appendix A / RFC 3987 §2.2) that failed to match.
///
/// [`Rule::name`] gives the RFC 3986 rule name; an [`Error`] from an IRI datatype displays the
/// RFC 3987 counterpart (`ipath-abempty`, `iquery`, ...) where one exists.
///
/// ```
/// use websyntax_iri::{Datatype, Rule};
/// let err = Datatype::Uri3986.validate("http://a b/").unwrap_err();
/// assert_eq!(err.rule(), Rule::Host);
/// assert_eq!(err.offset(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// `scheme ":"`: a URI/IRI (not a relative reference) must start with a scheme and a colon.
    Scheme,
    /// `userinfo`.
    Userinfo,
    /// `host` as `reg-name` or `IPv4address` (a byte that fits neither, nor ends the authority).
    Host,
    /// `IP-literal`: `"[" ( IPv6address / IPvFuture ) "]"` (e.g. the closing bracket is missing).
    IpLiteral,
    /// `IPv6address`.
    Ipv6Address,
    /// `IPvFuture`: `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    IpvFuture,
    /// `port`: `*DIGIT`.
    Port,
    /// `path-abempty` (the path after an authority).
    PathAbempty,
    /// `path-absolute`.
    PathAbsolute,
    /// `path-noscheme` (the first segment of a relative path must not contain `:`).
    PathNoscheme,
    /// `path-rootless`.
    PathRootless,
    /// `query`.
    Query,
    /// `fragment`.
    Fragment,
    /// `pct-encoded`: `"%" HEXDIG HEXDIG`.
    PctEncoded,
    /// `absolute-URI`: `scheme ":" hier-part [ "?" query ]` has no fragment.
    AbsoluteUri,
}

impl Rule {
    /// The RFC 3986 ABNF name of the rule.
    ///
    /// ```
    /// assert_eq!(websyntax_iri::Rule::PathAbempty.name(), "path-abempty");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Scheme => "scheme",
            Rule::Userinfo => "userinfo",
            Rule::Host => "host",
            Rule::IpLiteral => "IP-literal",
            Rule::Ipv6Address => "IPv6address",
            Rule::IpvFuture => "IPvFuture",
            Rule::Port => "port",
            Rule::PathAbempty => "path-abempty",
            Rule::PathAbsolute => "path-absolute",
            Rule::PathNoscheme => "path-noscheme",
            Rule::PathRootless => "path-rootless",
            Rule::Query => "query",
            Rule::Fragment => "fragment",
            Rule::PctEncoded => "pct-encoded",
            Rule::AbsoluteUri => "absolute-URI",
        }
    }

    /// The RFC 3987 name of the rule (`iuserinfo`, `ihost`, `ipath-*`, `iquery`, `ifragment`,
    /// `absolute-IRI`); rules that RFC 3987 does not rename keep their RFC 3986 name.
    pub const fn iri_name(self) -> &'static str {
        match self {
            Rule::Userinfo => "iuserinfo",
            Rule::Host => "ihost",
            Rule::PathAbempty => "ipath-abempty",
            Rule::PathAbsolute => "ipath-absolute",
            Rule::PathNoscheme => "ipath-noscheme",
            Rule::PathRootless => "ipath-rootless",
            Rule::Query => "iquery",
            Rule::Fragment => "ifragment",
            Rule::AbsoluteUri => "absolute-IRI",
            other => other.name(),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A syntax error: the input does not match the datatype's grammar.
///
/// `offset` is the byte offset of the first character that cannot be matched (the input's
/// length when the input ends too early); `rule` is the grammar rule being matched there.
///
/// ```
/// use websyntax_iri::{Datatype, Rule};
/// let err = Datatype::Iri3987.validate("http://example.org/a%zz").unwrap_err();
/// assert_eq!((err.offset(), err.rule()), (20, Rule::PctEncoded));
/// assert_eq!(err.to_string(), "invalid IRI: rule pct-encoded does not match at byte 20 ('%')");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Error {
    offset: usize,
    rule: Rule,
    iri: bool,
    found: Option<char>,
}

impl Error {
    #[cold]
    pub(crate) fn new(input: &[u8], offset: usize, rule: Rule, iri: bool) -> Error {
        let found = input
            .get(offset..)
            .and_then(|rest| {
                let n = rest.len().min(4);
                // The first character of `rest` (`rest` starts on a char boundary).
                (1..=n).find_map(|k| std::str::from_utf8(&rest[..k]).ok())
            })
            .and_then(|s| s.chars().next());
        Error {
            offset,
            rule,
            iri,
            found,
        }
    }

    /// Byte offset in the input where matching failed.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The grammar rule that failed.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The character at [`offset`](Self::offset), or `None` at the end of the input.
    pub fn found(&self) -> Option<char> {
        self.found
    }

    /// Whether the error comes from the IRI (RFC 3987) grammar.
    pub fn is_iri(&self) -> bool {
        self.iri
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, rule) = if self.iri {
            ("IRI", self.rule.iri_name())
        } else {
            ("URI", self.rule.name())
        };
        write!(
            f,
            "invalid {what}: rule {rule} does not match at byte {}",
            self.offset
        )?;
        match self.found {
            Some(c) => write!(f, " ({c:?})"),
            None => f.write_str(" (end of input)"),
        }
    }
}

impl std::error::Error for Error {}

/// Why [`resolve`](crate::resolve) failed.
///
/// ```
/// use websyntax_iri::{resolve, ResolveError};
/// assert!(matches!(resolve("/relative", "g"), Err(ResolveError::BaseNotAbsolute)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is not an IRI-reference.
    Base(Error),
    /// The reference is not an IRI-reference.
    Reference(Error),
    /// The base has no scheme (RFC 3986 §5.1: the base URI must be absolute).
    BaseNotAbsolute,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Base(e) => write!(f, "base: {e}"),
            ResolveError::Reference(e) => write!(f, "reference: {e}"),
            ResolveError::BaseNotAbsolute => f.write_str("base: has no scheme (must be an IRI)"),
        }
    }
}

impl std::error::Error for ResolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResolveError::Base(e) | ResolveError::Reference(e) => Some(e),
            ResolveError::BaseNotAbsolute => None,
        }
    }
}
