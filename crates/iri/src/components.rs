//! RFC 3986 §3 syntax components, borrowed from the input.

use std::fmt;

/// The kind of a `host` (RFC 3986 §3.2.2).
///
/// ```
/// use websyntax_iri::{HostKind, Reference};
/// let r = Reference::parse_iri_reference("http://[v7.x]/").unwrap();
/// assert_eq!(r.authority().unwrap().host_kind(), HostKind::IpvFuture);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IPv4address` (dotted decimal; syntactically also a `reg-name`, and the first-match rule
    /// of §3.2.2 makes it an IPv4 address).
    Ipv4,
    /// `IP-literal` holding an `IPv6address`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`.
    IpvFuture,
    /// `reg-name` (`ireg-name` for IRIs), possibly empty.
    RegName,
}

/// The authority component: `[ userinfo "@" ] host [ ":" port ]` (RFC 3986 §3.2).
///
/// ```
/// use websyntax_iri::{HostKind, Reference};
/// let r = Reference::parse_uri_reference("ftp://user:pw@192.0.2.1:21/x").unwrap();
/// let a = r.authority().unwrap();
/// assert_eq!(a.as_str(), "user:pw@192.0.2.1:21");
/// assert_eq!(a.userinfo(), Some("user:pw"));
/// assert_eq!((a.host(), a.host_kind()), ("192.0.2.1", HostKind::Ipv4));
/// assert_eq!(a.port(), Some("21"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Authority<'a> {
    pub(crate) text: &'a str,
    pub(crate) userinfo: Option<&'a str>,
    pub(crate) host: &'a str,
    pub(crate) host_kind: HostKind,
    pub(crate) port: Option<&'a str>,
}

impl<'a> Authority<'a> {
    /// The whole authority (without the leading `//`).
    pub fn as_str(&self) -> &'a str {
        self.text
    }
    /// The userinfo (without the `@`), if present.
    pub fn userinfo(&self) -> Option<&'a str> {
        self.userinfo
    }
    /// The host; an IP literal keeps its brackets (`[::1]`).
    pub fn host(&self) -> &'a str {
        self.host
    }
    /// What kind of host [`host`](Self::host) is.
    pub fn host_kind(&self) -> HostKind {
        self.host_kind
    }
    /// The port digits (without the `:`), if a `:` is present; may be empty.
    pub fn port(&self) -> Option<&'a str> {
        self.port
    }
}

/// A parsed URI/IRI reference: the five components of RFC 3986 §3, borrowed from the input.
///
/// `scheme`, `query` and `fragment` exclude their delimiters; `Some("")` means the delimiter
/// is present with an empty component (which RFC 3986 §5.3 preserves).
///
/// ```
/// use websyntax_iri::Reference;
/// let r = Reference::parse_uri_reference("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
/// assert_eq!(r.scheme(), Some("foo"));
/// assert_eq!(r.authority().unwrap().host(), "example.com");
/// assert_eq!(r.path(), "/over/there");
/// assert_eq!(r.query(), Some("name=ferret"));
/// assert_eq!(r.fragment(), Some("nose"));
/// assert_eq!(r.to_string(), r.as_str());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reference<'a> {
    pub(crate) input: &'a str,
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<Authority<'a>>,
    pub(crate) path: &'a str,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

impl<'a> Reference<'a> {
    /// The whole input.
    pub fn as_str(&self) -> &'a str {
        self.input
    }
    /// The scheme, if present (then this is a URI/IRI, otherwise a relative reference).
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }
    /// The authority, if the reference has one (`//` present).
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.authority
    }
    /// The path (possibly empty).
    pub fn path(&self) -> &'a str {
        self.path
    }
    /// The query (after `?`), if present.
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }
    /// The fragment (after `#`), if present.
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }
    /// Whether this is a relative reference (no scheme).
    pub fn is_relative(&self) -> bool {
        self.scheme.is_none()
    }
}

impl fmt::Display for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}
