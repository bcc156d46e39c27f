//! §4.1 URL representation, §4.5 URL serializing, §4.6 equivalence and the getters of §6.1.

use std::fmt;
use std::str::FromStr;

use websyntax_encoding::Encoding;

use crate::host::{Host, HostKind};
use crate::origin::Origin;
use crate::parser::parse_url;
use crate::standard::Standard;
use crate::validation::{ErrorSink, NoErrors, ParseError, ValidationError};

/// The scheme, classified (§4.2 special schemes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SchemeType {
    Ftp,
    File,
    Http,
    Https,
    Ws,
    Wss,
    Other,
}

impl SchemeType {
    pub(crate) fn from_scheme(s: &str) -> Self {
        match s.as_bytes() {
            b"http" => SchemeType::Http,
            b"https" => SchemeType::Https,
            b"file" => SchemeType::File,
            b"ws" => SchemeType::Ws,
            b"wss" => SchemeType::Wss,
            b"ftp" => SchemeType::Ftp,
            _ => SchemeType::Other,
        }
    }
    pub(crate) fn is_special(self) -> bool {
        self != SchemeType::Other
    }
    /// §4.2 default port.
    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Ftp => Some(21),
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::File | SchemeType::Other => None,
        }
    }
}

/// The default port of a scheme (§4.2), e.g. 443 for `https`; `None` for others.
///
/// ```
/// assert_eq!(websyntax_url::default_port("wss"), Some(443));
/// assert_eq!(websyntax_url::default_port("file"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::from_scheme(scheme).default_port()
}

/// Whether `scheme` is a special scheme (§4.2).
///
/// ```
/// assert!(websyntax_url::is_special_scheme("ftp"));
/// assert!(!websyntax_url::is_special_scheme("git"));
/// ```
pub fn is_special_scheme(scheme: &str) -> bool {
    SchemeType::from_scheme(scheme).is_special()
}

/// A parsed URL (a URL record, §4.1), stored as its serialization plus component offsets.
///
/// The getters return the URL Standard's API values (§6.1); the setters follow the API's setter
/// steps (which leave the URL unchanged when the new value is rejected).
///
/// ```
/// use websyntax_url::Url;
/// let base = Url::parse("https://example.com/a/b?x#y", None).unwrap();
/// let url = Url::parse("../c?q=1 2", Some(&base)).unwrap();
/// assert_eq!(url.href(), "https://example.com/c?q=1%202");
/// assert_eq!(url.pathname(), "/c");
/// assert_eq!(url.search(), "?q=1%202");
/// assert_eq!(url.origin().to_string(), "https://example.com");
/// let url: Url = "HTTP://EXAMPLE.com:80/".parse().unwrap();
/// assert_eq!(url.to_string(), "http://example.com/");
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    /// Index of the `:` after the scheme.
    pub(crate) scheme_end: usize,
    pub(crate) scheme_type: SchemeType,
    /// End of the username (after `//` when the host is not null).
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    /// `None` when the host is null.
    pub(crate) host: Option<HostKind>,
    pub(crate) port: Option<u16>,
    /// Start of the path (after a `/.` prefix, if any).
    pub(crate) path_start: usize,
    /// Index of `?`.
    pub(crate) query_start: Option<usize>,
    /// Index of `#`.
    pub(crate) fragment_start: Option<usize>,
    pub(crate) opaque_path: bool,
    /// The standard the URL was parsed with; its setters follow the same one.
    pub(crate) standard: Standard,
}

impl Url {
    /// Runs the basic URL parser on `input` with an optional `base` (UTF-8 query encoding).
    ///
    /// ```
    /// use websyntax_url::Url;
    /// assert!(Url::parse("/path", None).is_err());
    /// let base = Url::parse("http://h/", None).unwrap();
    /// assert_eq!(Url::parse("/path", Some(&base)).unwrap().href(), "http://h/path");
    /// ```
    pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        parse_url(input, base, Encoding::UTF_8, Standard::Seed, &mut NoErrors)
    }

    /// [`Url::parse`]`(input, None)` for an input whose scheme is not special (`javascript:`,
    /// `data:`, `mailto:` …): `None` when its scheme is special (`http:`, `file:` …) or when it
    /// has none, else the same result.
    ///
    /// Its code path never meets a special URL, so it holds neither the host parser's
    /// domain-to-ASCII (UTS #46, with its Unicode tables) nor the legacy encoders of the query
    /// state: a program that parses only such URLs (the WebAssembly sanitizer, which asks
    /// whether a value is a `javascript:` URL) does not link their tables.
    ///
    /// ```
    /// use websyntax_url::Url;
    /// let u = Url::parse_not_special("JavaScript://h/%0aalert(1)").unwrap().unwrap();
    /// assert_eq!(u.scheme(), "javascript");
    /// assert!(Url::parse_not_special("javascript://a b/").unwrap().is_err());
    /// assert!(Url::parse_not_special("https://example.org/").is_none());
    /// assert!(Url::parse_not_special("/relative").is_none());
    /// ```
    pub fn parse_not_special(input: &str) -> Option<Result<Url, ParseError>> {
        crate::parser::parse_url_not_special(input)
    }

    /// Like [`Url::parse`], with the query encoding override `encoding` (typically an HTML
    /// document's encoding). The parser first takes its output encoding ("get an output
    /// encoding": UTF-16BE, UTF-16LE and replacement become UTF-8), and it applies only to the
    /// query of special URLs other than `ws`/`wss`; everything else is UTF-8 as always.
    ///
    /// ```
    /// use websyntax_url::{Encoding, Url};
    /// let enc = Encoding::for_label("windows-1252").unwrap();
    /// let url = Url::parse_with_encoding("http://h/?smörgåsbord", None, enc).unwrap();
    /// assert_eq!(url.search(), "?sm%F6rg%E5sbord");
    ///
    /// // Shift_JIS, with a code point it cannot encode.
    /// let sjis: Encoding = "shift_jis".parse().unwrap();
    /// let url = Url::parse_with_encoding("https://h/p?≡‽", None, sjis).unwrap();
    /// assert_eq!(url.search(), "?%81%DF%26%238253%3B");
    ///
    /// // UTF-16LE's output encoding is UTF-8; non-special URLs always use UTF-8.
    /// let url = Url::parse_with_encoding("http://h/?é", None, Encoding::UTF_16LE).unwrap();
    /// assert_eq!(url.search(), "?%C3%A9");
    /// let url = Url::parse_with_encoding("foo://h/?é", None, enc).unwrap();
    /// assert_eq!(url.search(), "?%C3%A9");
    /// ```
    pub fn parse_with_encoding(
        input: &str,
        base: Option<&Url>,
        encoding: Encoding,
    ) -> Result<Url, ParseError> {
        parse_url(input, base, encoding, Standard::Seed, &mut NoErrors)
    }

    /// Parses `input` with this URL as its base (UTF-8 query encoding), as `new URL(input,
    /// base)` does, following the standard this URL was parsed with.
    ///
    /// ```
    /// use websyntax_url::Url;
    /// let page = Url::parse("https://example.org/a/b.html", None).unwrap();
    /// assert_eq!(page.join("../c?d").unwrap().href(), "https://example.org/c?d");
    /// assert_eq!(page.join("mailto:x@example.org").unwrap().protocol(), "mailto:");
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        Url::parse_with_standard(input, Some(self), self.standard)
    }

    /// The `file:` URL of a local file, as a browser shows it for a page opened from disk:
    /// `path` made absolute against the current directory (not resolved further: symbolic
    /// links and `..` are kept as written, then `..` is removed by the URL parser), each byte
    /// outside printable ASCII and each of `%`, `?`, `#`, `\` and space percent-encoded
    /// (a Unix file name may hold any byte but `/` and NUL). `Err` when the current directory
    /// is needed and cannot be read.
    ///
    /// ```
    /// use std::path::Path;
    /// use websyntax_url::Url;
    /// let url = Url::from_file_path(Path::new("/srv/pages/caf\u{e9} #1.html")).unwrap();
    /// assert_eq!(url.href(), "file:///srv/pages/caf%C3%A9%20%231.html");
    /// assert_eq!(url.join("img/a.png").unwrap().href(), "file:///srv/pages/img/a.png");
    /// ```
    pub fn from_file_path(path: &std::path::Path) -> std::io::Result<Url> {
        let absolute;
        let path = if path.is_absolute() {
            path
        } else {
            absolute = std::env::current_dir()?.join(path);
            &absolute
        };
        let mut input = String::from("file://");
        #[cfg(unix)]
        let bytes = std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str()).to_vec();
        #[cfg(not(unix))]
        let bytes = {
            // `C:\dir\f.html` is `file:///C:/dir/f.html`.
            input.push('/');
            path.to_string_lossy().replace('\\', "/").into_bytes()
        };
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        for b in bytes {
            match b {
                b'%' | b'?' | b'#' | b'\\' | b' ' | 0..=0x1F | 0x7F..=0xFF => {
                    input.push('%');
                    input.push(char::from(HEX[usize::from(b >> 4)]));
                    input.push(char::from(HEX[usize::from(b & 15)]));
                }
                _ => input.push(char::from(b)),
            }
        }
        Url::parse(&input, None)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))
    }

    /// Like [`Url::parse`], also returning every validation error met (in order), including
    /// those of a successful parse.
    ///
    /// ```
    /// use websyntax_url::{Url, ValidationErrorKind};
    /// let (url, errors) = Url::parse_with_errors("https:example.org", None);
    /// assert_eq!(url.unwrap().href(), "https://example.org/");
    /// assert_eq!(errors[0].kind, ValidationErrorKind::SpecialSchemeMissingFollowingSolidus);
    /// assert_eq!(errors[0].position, 6);
    /// ```
    pub fn parse_with_errors(
        input: &str,
        base: Option<&Url>,
    ) -> (Result<Url, ParseError>, Vec<ValidationError>) {
        let mut errors = Vec::new();
        let result = parse_url(input, base, Encoding::UTF_8, Standard::Seed, &mut errors);
        (result, errors)
    }

    /// The fully general entry point: base, query encoding override and an error sink.
    ///
    /// ```
    /// use websyntax_url::{Encoding, Url, ValidationError};
    /// let mut errors: Vec<ValidationError> = Vec::new();
    /// let url = Url::parse_with_sink("http://h/?é", None, Encoding::ISO_8859_2, &mut errors);
    /// assert_eq!(url.unwrap().search(), "?%E9");
    /// assert!(errors.is_empty());
    /// ```
    pub fn parse_with_sink<S: ErrorSink>(
        input: &str,
        base: Option<&Url>,
        encoding: Encoding,
        sink: &mut S,
    ) -> Result<Url, ParseError> {
        parse_url(input, base, encoding, Standard::Seed, sink)
    }

    /// Like [`Url::parse`], following `standard`: [`Standard::Seed`] (what [`Url::parse`]
    /// does) or [`Standard::Living`], today's URL Standard (`^` percent-encoded in paths,
    /// ASCII domains only lowercased, a space before `?`/`#` in an opaque path written
    /// `%20`). The URL's setters and [`Url::join`] follow the same standard.
    ///
    /// ```
    /// use websyntax_url::{Standard, Url};
    /// assert!(Url::parse("https://xn--/", None).is_err());
    /// let url = Url::parse_with_standard("https://xn--/", None, Standard::Living).unwrap();
    /// assert_eq!(url.href(), "https://xn--/");
    /// let url = Url::parse_with_standard("data:a ?b", None, Standard::Living).unwrap();
    /// assert_eq!(url.href(), "data:a%20?b");
    /// ```
    pub fn parse_with_standard(
        input: &str,
        base: Option<&Url>,
        standard: Standard,
    ) -> Result<Url, ParseError> {
        parse_url(input, base, Encoding::UTF_8, standard, &mut NoErrors)
    }

    /// The fully general entry point with a standard: base, query encoding override,
    /// standard and an error sink (the living standard's new validation errors, such as
    /// `IPv4-too-few-parts`, are reported only in [`Standard::Living`]).
    ///
    /// ```
    /// use websyntax_url::{Encoding, Standard, Url, ValidationError};
    /// let mut errors: Vec<ValidationError> = Vec::new();
    /// let url = Url::parse_with_options("https://1.2.3/", None, Encoding::UTF_8,
    ///                                   Standard::Living, &mut errors);
    /// assert_eq!(url.unwrap().host_with_port(), "1.2.0.3");
    /// assert_eq!(errors[0].kind.name(), "IPv4-too-few-parts");
    /// ```
    pub fn parse_with_options<S: ErrorSink>(
        input: &str,
        base: Option<&Url>,
        encoding: Encoding,
        standard: Standard,
        sink: &mut S,
    ) -> Result<Url, ParseError> {
        parse_url(input, base, encoding, standard, sink)
    }

    /// The standard this URL was parsed with.
    pub fn standard(&self) -> Standard {
        self.standard
    }

    /// `URL.canParse(url, base)`: whether `input` parses against `base` (itself parsed first;
    /// a base that fails makes this false).
    ///
    /// ```
    /// use websyntax_url::Url;
    /// assert!(Url::can_parse("a:b", None));
    /// assert!(!Url::can_parse("b", None));
    /// assert!(Url::can_parse("b", Some("a:/")));
    /// ```
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        Self::parse_api(input, base).is_ok()
    }

    /// The API URL parser: parses `base` (if given) and then `input` against it.
    pub fn parse_api(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
        match base {
            Some(b) => {
                let base = Url::parse(b, None)?;
                Url::parse(input, Some(&base))
            }
            None => Url::parse(input, None),
        }
    }

    /// The URL serializer's output (`href`).
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// The `href` getter: the serialization.
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The serialization with the fragment excluded (§4.5 "exclude fragment").
    ///
    /// ```
    /// let url = websyntax_url::Url::parse("http://h/p?q#f", None).unwrap();
    /// assert_eq!(url.serialize_without_fragment(), "http://h/p?q");
    /// ```
    pub fn serialize_without_fragment(&self) -> &str {
        let end = self.fragment_start.unwrap_or(self.serialization.len());
        &self.serialization[..end]
    }

    /// Consumes the URL, returning its serialization.
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The scheme (lowercase, without `:`).
    #[inline]
    pub fn scheme(&self) -> &str {
        &self.serialization[..self.scheme_end]
    }

    /// The `protocol` getter: scheme followed by `:`.
    pub fn protocol(&self) -> &str {
        &self.serialization[..=self.scheme_end]
    }

    /// Whether the scheme is special (§4.2).
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// Whether the URL includes credentials (a non-empty username or password).
    pub fn includes_credentials(&self) -> bool {
        !self.username().is_empty() || !self.password().is_empty()
    }

    /// Whether the URL has an opaque path (e.g. `mailto:x`).
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// Whether the URL cannot have a username, password or port: its host is null or empty,
    /// or its scheme is `file`.
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host, None | Some(HostKind::Empty)) || self.scheme_type == SchemeType::File
    }

    /// The `username` getter.
    pub fn username(&self) -> &str {
        if self.host.is_none() {
            return "";
        }
        self.serialization
            .get(self.scheme_end + 3..self.username_end)
            .unwrap_or("")
    }

    /// The `password` getter.
    pub fn password(&self) -> &str {
        if self.host.is_some()
            && self.username_end < self.host_start
            && self.serialization.as_bytes().get(self.username_end) == Some(&b':')
        {
            self.serialization
                .get(self.username_end + 1..self.host_start - 1)
                .unwrap_or("")
        } else {
            ""
        }
    }

    /// The host, or `None` when the URL's host is null.
    ///
    /// ```
    /// use websyntax_url::{Host, Url};
    /// let url = Url::parse("http://[::1]:8080/", None).unwrap();
    /// assert_eq!(url.host(), Some(Host::Ipv6("::1".parse().unwrap())));
    /// assert_eq!(Url::parse("mailto:x", None).unwrap().host(), None);
    /// ```
    pub fn host(&self) -> Option<Host<&str>> {
        self.host.map(|k| k.to_host(self.hostname()))
    }

    /// The `host` getter: serialized host and `:port` if there is a port.
    pub fn host_with_port(&self) -> &str {
        if self.host.is_none() {
            return "";
        }
        &self.serialization[self.host_start..self.path_start]
    }

    /// The `hostname` getter: the serialized host.
    pub fn hostname(&self) -> &str {
        if self.host.is_none() {
            return "";
        }
        &self.serialization[self.host_start..self.host_end]
    }

    /// The port, `None` when null (default ports are never stored).
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// The `port` getter: the port as a string, or empty.
    pub fn port_str(&self) -> &str {
        match self.port {
            Some(_) => self
                .serialization
                .get(self.host_end + 1..self.path_start)
                .unwrap_or(""),
            None => "",
        }
    }

    /// The port, or the scheme's default port.
    pub fn port_or_default(&self) -> Option<u16> {
        self.port.or(self.scheme_type.default_port())
    }

    fn path_end(&self) -> usize {
        self.query_start
            .or(self.fragment_start)
            .unwrap_or(self.serialization.len())
    }

    /// The `pathname` getter: the URL path serialized.
    pub fn pathname(&self) -> &str {
        &self.serialization[self.path_start..self.path_end()]
    }

    /// Same as [`Url::pathname`].
    pub fn path(&self) -> &str {
        self.pathname()
    }

    /// The path segments, or `None` for an opaque path.
    ///
    /// ```
    /// let url = websyntax_url::Url::parse("http://h/a/b/", None).unwrap();
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "b", ""]);
    /// ```
    pub fn path_segments(&self) -> Option<impl Iterator<Item = &str>> {
        if self.opaque_path {
            return None;
        }
        let path = self.pathname();
        Some(
            path.split('/')
                .skip(1)
                .take(if path.is_empty() { 0 } else { usize::MAX }),
        )
    }

    /// The query without `?`, or `None` when null.
    pub fn query(&self) -> Option<&str> {
        let q = self.query_start?;
        let end = self.fragment_start.unwrap_or(self.serialization.len());
        self.serialization.get(q + 1..end)
    }

    /// The `search` getter: `?query`, or empty when the query is null or empty.
    pub fn search(&self) -> &str {
        match self.query_start {
            Some(q) => {
                let end = self.fragment_start.unwrap_or(self.serialization.len());
                if end - q <= 1 {
                    ""
                } else {
                    &self.serialization[q..end]
                }
            }
            None => "",
        }
    }

    /// The fragment without `#`, or `None` when null.
    pub fn fragment(&self) -> Option<&str> {
        self.serialization.get(self.fragment_start? + 1..)
    }

    /// The `hash` getter: `#fragment`, or empty when the fragment is null or empty.
    pub fn hash(&self) -> &str {
        match self.fragment_start {
            Some(f) if self.serialization.len() - f > 1 => &self.serialization[f..],
            _ => "",
        }
    }

    /// The URL's origin (§4.7).
    pub fn origin(&self) -> Origin {
        crate::origin::url_origin(self)
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host())
            .field("port", &self.port)
            .field("path", &self.pathname())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// §4.6 URL equivalence: equal serializations.
impl PartialEq for Url {
    fn eq(&self, other: &Self) -> bool {
        self.serialization == other.serialization
    }
}
impl Eq for Url {}

impl std::hash::Hash for Url {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.serialization.hash(state)
    }
}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Url {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}

impl FromStr for Url {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Url, ParseError> {
        Url::parse(s, None)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;
    fn try_from(s: &str) -> Result<Url, ParseError> {
        Url::parse(s, None)
    }
}

/// A URL record taken apart, for the setters (which are not on the hot path).
#[derive(Clone, Debug)]
pub(crate) struct Record {
    pub(crate) scheme: String,
    pub(crate) username: String,
    pub(crate) password: String,
    /// Serialized host and its kind; `None` when null.
    pub(crate) host: Option<(String, HostKind)>,
    pub(crate) port: Option<u16>,
    /// The serialized path (`/a/b` for a list, the string itself when opaque).
    pub(crate) path: String,
    pub(crate) opaque_path: bool,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
}

impl Url {
    pub(crate) fn to_record(&self) -> Record {
        Record {
            scheme: self.scheme().to_owned(),
            username: self.username().to_owned(),
            password: self.password().to_owned(),
            host: self.host.map(|k| (self.hostname().to_owned(), k)),
            port: self.port,
            path: self.pathname().to_owned(),
            opaque_path: self.opaque_path,
            query: self.query().map(str::to_owned),
            fragment: self.fragment().map(str::to_owned),
        }
    }

    /// §4.5 URL serializer, from a record.
    pub(crate) fn from_record(r: &Record) -> Url {
        let mut s = String::with_capacity(r.scheme.len() + r.path.len() + 16);
        s.push_str(&r.scheme);
        let scheme_end = s.len();
        s.push(':');
        let (username_end, host_start, host_end);
        if let Some((host, _)) = &r.host {
            s.push_str("//");
            if !r.username.is_empty() || !r.password.is_empty() {
                s.push_str(&r.username);
                username_end = s.len();
                if !r.password.is_empty() {
                    s.push(':');
                    s.push_str(&r.password);
                }
                s.push('@');
            } else {
                username_end = s.len();
            }
            host_start = s.len();
            s.push_str(host);
            host_end = s.len();
            if let Some(port) = r.port {
                s.push(':');
                s.push_str(crate::parser::itoa_u16(port, &mut [0u8; 5]));
            }
        } else {
            username_end = s.len();
            host_start = s.len();
            host_end = s.len();
            if !r.opaque_path && r.path.starts_with("//") {
                s.push_str("/.");
            }
        }
        let path_start = s.len();
        s.push_str(&r.path);
        let query_start = r.query.as_ref().map(|q| {
            let at = s.len();
            s.push('?');
            s.push_str(q);
            at
        });
        let fragment_start = r.fragment.as_ref().map(|f| {
            let at = s.len();
            s.push('#');
            s.push_str(f);
            at
        });
        Url {
            serialization: s,
            scheme_end,
            scheme_type: SchemeType::from_scheme(&r.scheme),
            username_end,
            host_start,
            host_end,
            host: r.host.as_ref().map(|(_, k)| *k),
            port: r.port,
            path_start,
            query_start,
            fragment_start,
            opaque_path: r.opaque_path,
            standard: Standard::Seed,
        }
    }
}
