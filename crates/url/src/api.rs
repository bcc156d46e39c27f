//! §6.1 The `URL` class: the setters. Each runs the API's setter steps, with the basic URL
//! parser's state-override entry points implemented here on a taken-apart URL record. A value
//! the steps reject leaves the URL unchanged.

use websyntax_encoding::Encoding;

use crate::host::{HostKind, parse_host_into};
use crate::parser::{PathCtx, Reporter, clean_input, encode_fragment, encode_query, path_state};
use crate::percent_encoding::{USERINFO, utf8_percent_encode};
use crate::url::{Record, SchemeType, Url};
use crate::validation::{NoErrors, ParseError};

/// Removes ASCII tabs and newlines (the basic URL parser's input step that also applies with
/// a state override).
fn strip_tab_newline(value: &str) -> std::borrow::Cow<'_, str> {
    let mut sink = NoErrors;
    let mut rep = Reporter::new(&mut sink);
    clean_input(value, false, &mut rep)
}

impl Url {
    /// The `href` setter: replaces the URL with the result of parsing `value` (no base).
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://a/", None).unwrap();
    /// url.set_href("https://b/c").unwrap();
    /// assert_eq!(url.host_with_port(), "b");
    /// assert!(url.set_href("nope").is_err());
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse_with_standard(value, None, self.standard)?;
        Ok(())
    }

    fn rebuild(&mut self, record: &Record) {
        let standard = self.standard;
        *self = Url::from_record(record);
        self.standard = standard;
    }

    /// §6.1 "potentially strip trailing spaces from an opaque path": seed standard only (the
    /// living standard removed it, whatwg/url 6c78200, since opaque paths now round-trip).
    fn strip_trailing_spaces(&self, r: &mut Record) {
        if !self.standard.is_living() {
            strip_trailing_spaces_from_opaque_path(r);
        }
    }

    /// The `protocol` setter (scheme start state override).
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://h:443/", None).unwrap();
    /// url.set_protocol("https");
    /// assert_eq!(url.href(), "https://h/");
    /// url.set_protocol("foo"); // special to non-special: ignored
    /// assert_eq!(url.protocol(), "https:");
    /// ```
    pub fn set_protocol(&mut self, value: &str) {
        let cleaned = strip_tab_newline(value);
        let b = cleaned.as_bytes();
        // Scheme start state: an ASCII alpha or failure.
        if !b.first().is_some_and(u8::is_ascii_alphabetic) {
            return;
        }
        // Scheme state: the input is `value` + ":", so running out of input means ":".
        let mut i = 1;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || matches!(b[i], b'+' | b'-' | b'.')) {
            i += 1;
        }
        if i < b.len() && b[i] != b':' {
            return;
        }
        let buffer = cleaned[..i].to_ascii_lowercase();
        let new_type = SchemeType::from_scheme(&buffer);
        if self.scheme_type.is_special() != new_type.is_special() {
            return;
        }
        if (self.includes_credentials() || self.port.is_some()) && new_type == SchemeType::File {
            return;
        }
        if self.scheme_type == SchemeType::File && self.host == Some(HostKind::Empty) {
            return;
        }
        let mut r = self.to_record();
        r.scheme = buffer;
        if r.port.is_some() && r.port == new_type.default_port() {
            r.port = None;
        }
        self.rebuild(&r);
    }

    /// The `username` setter.
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://h/", None).unwrap();
    /// url.set_username("me@x");
    /// assert_eq!(url.href(), "http://me%40x@h/");
    /// ```
    pub fn set_username(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut r = self.to_record();
        r.username = utf8_percent_encode(value, USERINFO).into_owned();
        self.rebuild(&r);
    }

    /// The `password` setter.
    pub fn set_password(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut r = self.to_record();
        r.password = utf8_percent_encode(value, USERINFO).into_owned();
        self.rebuild(&r);
    }

    /// The `host` setter (host state override): host and optionally `:port`.
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://h/p", None).unwrap();
    /// url.set_host("EXAMPLE.com:8080");
    /// assert_eq!(url.href(), "http://example.com:8080/p");
    /// ```
    pub fn set_host(&mut self, value: &str) {
        self.set_host_inner(value, false);
    }

    /// The `hostname` setter (hostname state override): a value with a port is ignored.
    pub fn set_hostname(&mut self, value: &str) {
        self.set_host_inner(value, true);
    }

    fn set_host_inner(&mut self, value: &str, hostname: bool) {
        if self.opaque_path {
            return;
        }
        let input = strip_tab_newline(value);
        let b = input.as_bytes();
        let special = self.is_special();
        let mut r = self.to_record();
        if self.scheme_type == SchemeType::File {
            // File host state with state override.
            let end = b
                .iter()
                .position(|&c| matches!(c, b'/' | b'\\' | b'?' | b'#'))
                .unwrap_or(b.len());
            let buffer = &input[..end];
            if buffer.is_empty() {
                r.host = Some((String::new(), HostKind::Empty));
            } else {
                let mut out = String::new();
                let Ok(kind) =
                    parse_host_into(&mut out, buffer, false, self.standard, &mut NoErrors, 0)
                else {
                    return;
                };
                if kind == HostKind::Domain && out == "localhost" {
                    r.host = Some((String::new(), HostKind::Empty));
                } else {
                    r.host = Some((out, kind));
                }
            }
            self.rebuild(&r);
            return;
        }
        // Host / hostname state with state override.
        let mut i = 0;
        let mut inside_brackets = false;
        while i < b.len() {
            match b[i] {
                b':' if !inside_brackets => break,
                b'/' | b'?' | b'#' => break,
                b'\\' if special => break,
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
            i += 1;
        }
        let buffer = &input[..i];
        let colon = b.get(i) == Some(&b':');
        // (Living standard, whatwg/url c23aec1 and cc8b776: these early exits, and the port
        // state's exit on a non-digit, "return failure" rather than return; the setters ignore
        // the basic URL parser's result, so the URL API behaves the same in both standards.)
        if colon {
            if buffer.is_empty() || hostname {
                return;
            }
        } else if buffer.is_empty()
            && (special || self.includes_credentials() || self.port.is_some())
        {
            return;
        }
        let mut out = String::new();
        let Ok(kind) = parse_host_into(&mut out, buffer, !special, self.standard, &mut NoErrors, 0)
        else {
            return;
        };
        r.host = Some((out, kind));
        if colon {
            // Port state with state override: the host is set even if the port fails.
            if let Some(port) = parse_port_override(&input[i + 1..]) {
                r.port = if port == self.scheme_type.default_port() {
                    None
                } else {
                    port
                };
            }
        }
        self.rebuild(&r);
    }

    /// The `port` setter (port state override); the empty string removes the port.
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://h/", None).unwrap();
    /// url.set_port("8080stuff");
    /// assert_eq!(url.port(), Some(8080));
    /// url.set_port("80");
    /// assert_eq!(url.port(), None);
    /// ```
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut r = self.to_record();
        if value.is_empty() {
            r.port = None;
        } else {
            let input = strip_tab_newline(value);
            let Some(port) = parse_port_override(&input) else {
                return;
            };
            r.port = if port == self.scheme_type.default_port() {
                None
            } else {
                port
            };
        }
        self.rebuild(&r);
    }

    /// The `pathname` setter (path start state override).
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://h/x?q", None).unwrap();
    /// url.set_pathname("a b/../c?#");
    /// assert_eq!(url.href(), "http://h/c%3F%23?q");
    /// ```
    pub fn set_pathname(&mut self, value: &str) {
        if self.opaque_path {
            return;
        }
        let input = strip_tab_newline(value);
        let b = input.as_bytes();
        let mut r = self.to_record();
        let mut path = String::new();
        let special = self.is_special();
        let ctx = PathCtx {
            special,
            file: self.scheme_type == SchemeType::File,
            path_start: 0,
            state_override: true,
            living: self.standard.is_living(),
        };
        let mut sink = NoErrors;
        let mut rep = Reporter::new(&mut sink);
        let c = b.first().copied();
        if special {
            let from = usize::from(matches!(c, Some(b'/' | b'\\')));
            path_state(&mut path, &input, from, &ctx, &mut rep);
        } else if c.is_some() {
            let from = usize::from(c == Some(b'/'));
            path_state(&mut path, &input, from, &ctx, &mut rep);
        } else if r.host.is_none() {
            path.push('/');
        }
        r.path = path;
        self.rebuild(&r);
    }

    /// The `search` setter (query state override); the empty string removes the query.
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://h/", None).unwrap();
    /// url.set_search("?a=b c#d");
    /// assert_eq!(url.href(), "http://h/?a=b%20c%23d");
    /// ```
    pub fn set_search(&mut self, value: &str) {
        let mut r = self.to_record();
        if value.is_empty() {
            r.query = None;
            self.strip_trailing_spaces(&mut r);
            self.rebuild(&r);
            return;
        }
        let value = value.strip_prefix('?').unwrap_or(value);
        let input = strip_tab_newline(value);
        let mut q = String::new();
        encode_query(&mut q, &input, self.is_special(), Encoding::UTF_8);
        r.query = Some(q);
        self.rebuild(&r);
    }

    /// The `hash` setter (fragment state override); the empty string removes the fragment.
    ///
    /// ```
    /// let mut url = websyntax_url::Url::parse("http://h/", None).unwrap();
    /// url.set_hash("#a b");
    /// assert_eq!(url.href(), "http://h/#a%20b");
    /// ```
    pub fn set_hash(&mut self, value: &str) {
        let mut r = self.to_record();
        if value.is_empty() {
            r.fragment = None;
            self.strip_trailing_spaces(&mut r);
            self.rebuild(&r);
            return;
        }
        let value = value.strip_prefix('#').unwrap_or(value);
        let input = strip_tab_newline(value);
        let mut f = String::new();
        encode_fragment(&mut f, &input);
        r.fragment = Some(f);
        self.rebuild(&r);
    }

    /// Sets the query directly to an already-encoded string (or null), running "potentially
    /// strip trailing spaces from an opaque path" when it becomes null. This is the
    /// `URLSearchParams` "update" step.
    pub(crate) fn set_query_raw(&mut self, query: Option<String>) {
        let mut r = self.to_record();
        let strip = query.is_none();
        r.query = query;
        if strip {
            self.strip_trailing_spaces(&mut r);
        }
        self.rebuild(&r);
    }
}

/// §6.1 potentially strip trailing spaces from an opaque path.
fn strip_trailing_spaces_from_opaque_path(r: &mut Record) {
    if r.opaque_path && r.fragment.is_none() && r.query.is_none() {
        let len = r.path.trim_end_matches(' ').len();
        r.path.truncate(len);
    }
}

/// Port state with state override: leading ASCII digits. `None` = unchanged (no digits, or
/// out of range); `Some(port)` otherwise.
fn parse_port_override(input: &str) -> Option<Option<u16>> {
    let digits = input.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let mut value: u32 = 0;
    for d in input.bytes().take(digits) {
        value = value.saturating_mul(10).saturating_add(u32::from(d - b'0'));
    }
    u16::try_from(value).ok().map(Some)
}
