//! The eight datatypes of the W3C note "Datatypes for IRIs and URIs" (TypeLibrary-URI-RFC3986 /
//! TypeLibrary-IRI-RFC3987), validated against the RFC grammar.

use std::fmt;
use std::str::FromStr;

use crate::components::Reference;
use crate::error::{Error, Rule};
use crate::syntax::{
    Positions, parse_reference, positions, relative_error, scheme_end, scheme_error,
};

/// One of the eight datatypes; `Display`/`FromStr` use the note's type names.
///
/// ```
/// use websyntax_iri::Datatype;
/// let t: Datatype = "absolute-IRI-3987".parse().unwrap();
/// assert_eq!(t, Datatype::AbsoluteIri3987);
/// assert_eq!(t.to_string(), "absolute-IRI-3987");
/// assert!(t.is_valid("http://例え.jp/引き出し?q"));
/// assert!(!t.is_valid("http://例え.jp/#frag"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Datatype {
    /// `URI-3986`: `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
    Uri3986,
    /// `URI-reference-3986`: `URI-reference = URI / relative-ref`.
    UriReference3986,
    /// `absolute-URI-3986`: `absolute-URI = scheme ":" hier-part [ "?" query ]`.
    AbsoluteUri3986,
    /// `relative-reference-3986`: `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`.
    RelativeReference3986,
    /// `IRI-3987`: `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`.
    Iri3987,
    /// `IRI-reference-3987`: `IRI-reference = IRI / irelative-ref`.
    IriReference3987,
    /// `absolute-IRI-3987`: `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`.
    AbsoluteIri3987,
    /// `relative-reference-3987`: `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]`.
    RelativeReference3987,
}

impl Datatype {
    /// All eight, in the note's order (URI types, then IRI types).
    pub const ALL: [Datatype; 8] = [
        Datatype::Uri3986,
        Datatype::UriReference3986,
        Datatype::AbsoluteUri3986,
        Datatype::RelativeReference3986,
        Datatype::Iri3987,
        Datatype::IriReference3987,
        Datatype::AbsoluteIri3987,
        Datatype::RelativeReference3987,
    ];

    /// The note's name of the type, e.g. `URI-reference-3986`.
    pub const fn name(self) -> &'static str {
        match self {
            Datatype::Uri3986 => "URI-3986",
            Datatype::UriReference3986 => "URI-reference-3986",
            Datatype::AbsoluteUri3986 => "absolute-URI-3986",
            Datatype::RelativeReference3986 => "relative-reference-3986",
            Datatype::Iri3987 => "IRI-3987",
            Datatype::IriReference3987 => "IRI-reference-3987",
            Datatype::AbsoluteIri3987 => "absolute-IRI-3987",
            Datatype::RelativeReference3987 => "relative-reference-3987",
        }
    }

    /// Whether this is one of the RFC 3987 (IRI) types.
    pub const fn is_iri(self) -> bool {
        matches!(
            self,
            Datatype::Iri3987
                | Datatype::IriReference3987
                | Datatype::AbsoluteIri3987
                | Datatype::RelativeReference3987
        )
    }

    /// Parses `input` as this type, returning its components (borrowed, no allocation).
    ///
    /// ```
    /// use websyntax_iri::{Datatype, Rule};
    /// let r = Datatype::RelativeReference3986.parse("../a?b").unwrap();
    /// assert_eq!((r.path(), r.query()), ("../a", Some("b")));
    /// let e = Datatype::RelativeReference3986.parse("a:b").unwrap_err();
    /// assert_eq!((e.offset(), e.rule()), (1, Rule::PathNoscheme));
    /// ```
    pub fn parse(self, input: &str) -> Result<Reference<'_>, Error> {
        self.positions(input).map(|p| p.reference(input))
    }

    /// The grammar check shared by [`parse`](Self::parse) and [`validate`](Self::validate).
    #[inline]
    fn positions(self, input: &str) -> Result<Positions, Error> {
        if self.is_iri() {
            self.check::<true>(input)
        } else {
            self.check::<false>(input)
        }
    }

    /// The grammar check for the RFC 3987 (`IRI` true) or RFC 3986 grammar, inlined into each
    /// caller so that [`is_valid`](Self::is_valid), which keeps only the verdict, drops the
    /// component offsets.
    #[inline(always)]
    fn check<const IRI: bool>(self, input: &str) -> Result<Positions, Error> {
        // The scheme decides first: where a URI lacks "scheme:", or where a relative
        // reference's first segment has its ":", is the first offset that cannot match.
        match self {
            Datatype::UriReference3986 | Datatype::IriReference3987 => {}
            Datatype::RelativeReference3986 | Datatype::RelativeReference3987 => {
                if let Some(k) = scheme_end(input.as_bytes()) {
                    return Err(relative_error(input, k, IRI));
                }
            }
            _ => {
                if scheme_end(input.as_bytes()).is_none() {
                    return Err(scheme_error(input, IRI));
                }
            }
        }
        let p = positions::<IRI>(input)?;
        if let (Datatype::AbsoluteUri3986 | Datatype::AbsoluteIri3987, Some(f)) =
            (self, p.fragment_start)
        {
            // absolute-URI has no fragment: the offset of "#".
            let at = f.saturating_sub(1);
            return Err(Error::new(input.as_bytes(), at, Rule::AbsoluteUri, IRI));
        }
        Ok(p)
    }

    /// [`is_valid`](Self::is_valid) for one grammar: the check with only its verdict kept.
    #[inline(never)]
    fn check_only<const IRI: bool>(self, input: &str) -> bool {
        self.check::<IRI>(input).is_ok()
    }

    /// Checks `input` against this type; on failure, where and which rule failed.
    ///
    /// ```
    /// use websyntax_iri::{Datatype, Rule};
    /// assert!(Datatype::Uri3986.validate("urn:isbn:0451450523").is_ok());
    /// let e = Datatype::Uri3986.validate("http://[::1/").unwrap_err();
    /// assert_eq!((e.offset(), e.rule()), (11, Rule::Ipv6Address));
    /// ```
    pub fn validate(self, input: &str) -> Result<(), Error> {
        self.positions(input).map(|_| ())
    }

    /// Whether `input` is in this type's lexical space.
    ///
    /// ```
    /// use websyntax_iri::Datatype;
    /// assert!(Datatype::IriReference3987.is_valid("résumé.html"));
    /// assert!(!Datatype::UriReference3986.is_valid("résumé.html"));
    /// ```
    #[inline]
    pub fn is_valid(self, input: &str) -> bool {
        if self.is_iri() {
            self.check_only::<true>(input)
        } else {
            self.check_only::<false>(input)
        }
    }
}

impl fmt::Display for Datatype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown datatype name (the eight names are case-sensitive, as in the note).
///
/// ```
/// let e = "uri".parse::<websyntax_iri::Datatype>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown datatype \"uri\" (expected one of URI-3986, URI-reference-3986, absolute-URI-3986, relative-reference-3986, IRI-3987, IRI-reference-3987, absolute-IRI-3987, relative-reference-3987)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDatatype(pub String);

impl fmt::Display for UnknownDatatype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown datatype {:?} (expected one of ", self.0)?;
        for (i, t) in Datatype::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(t.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownDatatype {}

impl FromStr for Datatype {
    type Err = UnknownDatatype;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Datatype::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| UnknownDatatype(s.to_owned()))
    }
}

impl<'a> Reference<'a> {
    /// Parses a `URI-reference` (RFC 3986).
    ///
    /// ```
    /// let r = websyntax_iri::Reference::parse_uri_reference("//example.org").unwrap();
    /// assert!(r.is_relative());
    /// ```
    pub fn parse_uri_reference(input: &'a str) -> Result<Reference<'a>, Error> {
        parse_reference::<false>(input)
    }

    /// Parses an `IRI-reference` (RFC 3987).
    ///
    /// ```
    /// let r = websyntax_iri::Reference::parse_iri_reference("http://é.example/ü").unwrap();
    /// assert_eq!(r.path(), "/ü");
    /// ```
    pub fn parse_iri_reference(input: &'a str) -> Result<Reference<'a>, Error> {
        parse_reference::<true>(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_failing_offset_per_type() {
        let at = |t: Datatype, s: &str| t.validate(s).map_err(|e| (e.offset(), e.rule()));
        assert_eq!(
            at(Datatype::RelativeReference3986, "http://a b"),
            Err((4, Rule::PathNoscheme))
        );
        assert_eq!(
            at(Datatype::UriReference3986, "http://a b"),
            Err((8, Rule::Host))
        );
        assert_eq!(at(Datatype::Uri3986, "/a b"), Err((0, Rule::Scheme)));
        assert_eq!(at(Datatype::Iri3987, "ab"), Err((2, Rule::Scheme)));
        assert_eq!(at(Datatype::Uri3986, ""), Err((0, Rule::Scheme)));
        assert_eq!(
            at(Datatype::AbsoluteIri3987, "a:b#c"),
            Err((3, Rule::AbsoluteUri))
        );
        assert_eq!(at(Datatype::RelativeReference3987, ""), Ok(()));
    }
}
