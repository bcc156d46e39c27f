//! RFC 3986 §3 / Appendix A (URI) and RFC 3987 §2.2 (IRI) generic syntax: a byte-oriented,
//! single-pass recogniser that also records the components.
//!
//! Every byte is looked up in a 256-entry class table; runs of bytes allowed in the current
//! component are skipped in a tight loop, and only `%`, non-ASCII bytes (IRI mode) and
//! delimiters leave it.

use crate::components::{Authority, HostKind, Reference};
use crate::error::{Error, Rule};

// Byte classes, RFC 3986 §2. Each bit is one set of bytes the grammar allows in some
// component (besides `pct-encoded`, and besides `ucschar`/`iprivate` in IRIs), so that "every
// byte of a chunk is allowed here" is the AND of the chunk's table entries.
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
const UNRESERVED: u8 = 1;
/// `reg-name`: `unreserved / sub-delims`, where
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
const REG_NAME: u8 = 2;
/// `userinfo`: `unreserved / sub-delims / ":"` (also the tail of `IPvFuture`).
const USERINFO: u8 = 4;
/// `segment-nz-nc`: `unreserved / sub-delims / "@"`.
const SEGMENT_NC: u8 = 8;
/// Path characters: `pchar / "/"` with `pchar = unreserved / sub-delims / ":" / "@"`.
const PATH: u8 = 16;
/// `query` and `fragment` characters: `pchar / "/" / "?"`.
const QUERY: u8 = 32;
/// `ALPHA / DIGIT / "+" / "-" / "."` (scheme characters after the first).
const SCHEME: u8 = 64;
/// `HEXDIG`.
const HEXDIG: u8 = 128;

const fn class_of(b: u8) -> u8 {
    let unreserved = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
    let sub_delims = matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    );
    let pchar = unreserved || sub_delims || b == b':' || b == b'@';
    let mut c = 0;
    if unreserved {
        c |= UNRESERVED;
    }
    if unreserved || sub_delims {
        c |= REG_NAME;
    }
    if unreserved || sub_delims || b == b':' {
        c |= USERINFO;
    }
    if unreserved || sub_delims || b == b'@' {
        c |= SEGMENT_NC;
    }
    if pchar || b == b'/' {
        c |= PATH;
    }
    if pchar || b == b'/' || b == b'?' {
        c |= QUERY;
    }
    if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.') {
        c |= SCHEME;
    }
    if b.is_ascii_hexdigit() {
        c |= HEXDIG;
    }
    c
}

/// The class table, computed at compile time from the RFC 3986 §2 character sets.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = class_of(i as u8);
        i += 1;
    }
    t
};

#[inline(always)]
fn class(b: u8) -> u8 {
    CLASS[b as usize]
}

#[inline(always)]
fn is_hex(b: Option<&u8>) -> bool {
    matches!(b, Some(&c) if class(c) & HEXDIG != 0)
}

/// RFC 3987 §2.2 `ucschar`.
pub(crate) fn is_ucschar(c: u32) -> bool {
    matches!(c,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD)
}

/// RFC 3987 §2.2 `iprivate` (allowed in `iquery` only).
pub(crate) fn is_iprivate(c: u32) -> bool {
    matches!(c, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// Decodes the UTF-8 sequence at `i` (the input is a `&str`, so it is well formed and `i` is
/// on a char boundary); returns the code point and its length. Malformed data (impossible for
/// `&str` input) decodes as U+0000, which no rule accepts.
#[inline]
fn decode_utf8(b: &[u8], i: usize) -> (u32, usize) {
    let Some(&lead) = b.get(i) else {
        return (0, 1);
    };
    let (len, init) = match lead {
        0xC0..=0xDF => (2, u32::from(lead & 0x1F)),
        0xE0..=0xEF => (3, u32::from(lead & 0x0F)),
        0xF0..=0xF7 => (4, u32::from(lead & 0x07)),
        _ => return (0, 1),
    };
    let Some(cont) = b.get(i + 1..i + len) else {
        return (0, 1);
    };
    let cp = cont
        .iter()
        .fold(init, |acc, &c| (acc << 6) | u32::from(c & 0x3F));
    (cp, len)
}

/// The end of the run of bytes of class `mask` (one class bit) starting at `i`: the offset of
/// the first byte not in the class, or the input length.
///
/// Fast path, whole chunks: eight bytes at a time, the AND of the chunk's eight table entries
/// tells whether all of them are in the class (eight lookups, one branch per chunk). The chunk
/// that ends the run, and the last fewer than eight bytes, go to [`first_outside`], which finds
/// the first byte outside the class without a data-dependent branch; bytes past the end of the
/// input count as byte 0, which is in no class.
#[inline(always)]
fn run_end(b: &[u8], mut i: usize, mask: u8) -> usize {
    debug_assert!(mask.is_power_of_two());
    while let Some(chunk) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if chunk.iter().fold(mask, |acc, &c| acc & class(c)) == 0 {
            return i + first_outside(gather(chunk), mask);
        }
        i += 8;
    }
    // Fewer than 8 bytes left.
    let rest = b.get(i..).unwrap_or_default();
    let classes = match b.last_chunk::<8>() {
        // The input's last 8 bytes, shifted so that `rest` starts at byte 0 and zeros follow.
        Some(last) => gather(last)
            .checked_shr(8 * (8 - rest.len() as u32))
            .unwrap_or(0),
        // An input shorter than 8 bytes.
        None => (0..8).rev().fold(0u64, |acc, k| {
            acc << 8 | u64::from(class(rest.get(k).copied().unwrap_or(0)))
        }),
    };
    (i + first_outside(classes, mask)).min(b.len())
}

/// The index (0-7, or 8 if none) of the first byte of `classes` (class bytes of a chunk, as
/// [`gather`] makes them) not in the class `mask`: the classic "has zero byte" bit trick on the
/// masked classes, whose lowest set bit marks the first zero byte.
#[inline(always)]
fn first_outside(classes: u64, mask: u8) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let y = classes & (LO * u64::from(mask)); // each byte: 0 (outside) or the mask bit (inside)
    let zero = y.wrapping_sub(LO) & !y & HI;
    (zero.trailing_zeros() / 8) as usize
}

/// The class bytes of a chunk, byte k in bits 8k..8k+8.
#[inline(always)]
fn gather(chunk: &[u8; 8]) -> u64 {
    chunk
        .iter()
        .rev()
        .fold(0u64, |acc, &c| acc << 8 | u64::from(class(c)))
}

/// Skips bytes of `mask` classes, `pct-encoded` triplets and (in IRI mode) `ucschar`
/// (plus `iprivate` when `private`) characters from `i`; returns the offset of the first other
/// byte (or the input length).
#[inline(always)]
fn scan<const IRI: bool>(
    b: &[u8],
    mut i: usize,
    mask: u8,
    private: bool,
    rule: Rule,
) -> Result<usize, Error> {
    loop {
        i = run_end(b, i, mask);
        match b.get(i) {
            Some(b'%') => {
                // RFC 3986 §2.1 pct-encoded = "%" HEXDIG HEXDIG
                if is_hex(b.get(i + 1)) && is_hex(b.get(i + 2)) {
                    i += 3;
                } else {
                    return Err(Error::new(b, i, Rule::PctEncoded, IRI));
                }
            }
            Some(&c) if IRI && c >= 0x80 => {
                let (cp, n) = decode_utf8(b, i);
                if is_ucschar(cp) || (private && is_iprivate(cp)) {
                    i += n;
                } else {
                    return Err(Error::new(b, i, rule, IRI));
                }
            }
            _ => return Ok(i),
        }
    }
}

/// RFC 3986 §3.2.2 `dec-octet` from `i`; returns the offset after it.
fn dec_octet(b: &[u8], i: usize) -> Option<usize> {
    let d = |k: usize| b.get(k).filter(|c| c.is_ascii_digit()).map(|c| c - b'0');
    let d0 = d(i)?;
    if d0 == 0 {
        return Some(i + 1); // "0" (no leading zeros)
    }
    let Some(d1) = d(i + 1) else {
        return Some(i + 1); // %x31-39
    };
    let Some(d2) = d(i + 2) else {
        return Some(i + 2); // %x31-39 DIGIT
    };
    // "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
    let v = u16::from(d0) * 100 + u16::from(d1) * 10 + u16::from(d2);
    if v <= 255 { Some(i + 3) } else { None }
}

/// RFC 3986 §3.2.2 `IPv4address` from `i` (not anchored at the end); returns the end offset.
fn ipv4_prefix(b: &[u8], i: usize) -> Option<usize> {
    let mut i = dec_octet(b, i)?;
    for _ in 0..3 {
        if b.get(i) != Some(&b'.') {
            return None;
        }
        i = dec_octet(b, i + 1)?;
    }
    Some(i)
}

/// Whether the whole of `s` is an `IPv4address`.
pub(crate) fn is_ipv4(s: &[u8]) -> bool {
    ipv4_prefix(s, 0) == Some(s.len())
}

/// RFC 3986 §3.2.2 `IPv6address` from `start` up to the closing `]`; returns the offset of `]`.
fn ipv6<const IRI: bool>(b: &[u8], start: usize) -> Result<usize, Error> {
    let err = |i: usize| Err(Error::new(b, i, Rule::Ipv6Address, IRI));
    let mut i = start;
    let mut pieces = 0u32; // 16-bit pieces written (ls32 as IPv4 counts 2)
    let mut elided = false; // "::" seen
    if b.get(i) == Some(&b':') {
        if b.get(i + 1) != Some(&b':') {
            return err(i + 1);
        }
        elided = true;
        i += 2;
        if b.get(i) == Some(&b']') {
            return Ok(i);
        }
    }
    loop {
        // h16 = 1*4HEXDIG, or (last) an IPv4address
        let s = i;
        while i - s < 4 && is_hex(b.get(i)) {
            i += 1;
        }
        if i == s {
            return err(i);
        }
        match b.get(i) {
            Some(b'.') => {
                // ls32 = ( h16 ":" h16 ) / IPv4address: the IPv4 form, last in the address.
                let Some(end) = ipv4_prefix(b, s) else {
                    return err(s);
                };
                pieces += 2;
                i = end;
                if b.get(i) != Some(&b']') {
                    return err(i);
                }
                break;
            }
            Some(b']') => {
                pieces += 1;
                break;
            }
            Some(b':') => {
                pieces += 1;
                if b.get(i + 1) == Some(&b':') {
                    if elided {
                        return err(i + 1);
                    }
                    elided = true;
                    i += 2;
                    if b.get(i) == Some(&b']') {
                        break;
                    }
                } else {
                    i += 1;
                }
                if pieces >= 8 {
                    return err(i);
                }
            }
            _ => return err(i),
        }
    }
    // Without "::" exactly 8 pieces; "::" stands for at least one.
    if (elided && pieces <= 7) || (!elided && pieces == 8) {
        Ok(i)
    } else {
        err(i)
    }
}

/// RFC 3986 §3.2.2 `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` from
/// `start` (at the `v`/`V`); returns the offset of `]`. ABNF literals are case-insensitive, so
/// `V` is allowed (the XSD note's pattern only has `v`: see docs/iri.md).
fn ipv_future<const IRI: bool>(b: &[u8], start: usize) -> Result<usize, Error> {
    let err = |i: usize| Err(Error::new(b, i, Rule::IpvFuture, IRI));
    let mut i = start + 1;
    while is_hex(b.get(i)) {
        i += 1;
    }
    if i == start + 1 {
        return err(i);
    }
    if b.get(i) != Some(&b'.') {
        return err(i);
    }
    i += 1;
    let s = i;
    while let Some(&c) = b.get(i) {
        if class(c) & USERINFO == 0 {
            break;
        }
        i += 1;
    }
    if i == s {
        return err(i);
    }
    if b.get(i) != Some(&b']') {
        return Err(Error::new(b, i, Rule::IpLiteral, IRI));
    }
    Ok(i)
}

/// The end of an authority: end of input, `/`, `?` or `#`.
#[inline(always)]
fn ends_authority(c: Option<&u8>) -> bool {
    matches!(c, None | Some(b'/' | b'?' | b'#'))
}

/// Skips `*DIGIT` from `i`.
#[inline(always)]
fn digits(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    i
}

/// Positions of one authority's parts (byte offsets into the input).
struct AuthorityParts {
    end: usize,
    userinfo_end: Option<usize>,
    host: (usize, usize),
    host_kind: HostKind,
    port: Option<(usize, usize)>,
}

/// `host [ ":" port ]` from `h` up to the end of the authority.
fn host_port<const IRI: bool>(b: &[u8], h: usize) -> Result<AuthorityParts, Error> {
    let (host_end, kind) = if b.get(h) == Some(&b'[') {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        let (close, kind) = if matches!(b.get(h + 1), Some(b'v' | b'V')) {
            (ipv_future::<IRI>(b, h + 1)?, HostKind::IpvFuture)
        } else {
            (ipv6::<IRI>(b, h + 1)?, HostKind::Ipv6)
        };
        (close + 1, kind)
    } else {
        let e = scan::<IRI>(b, h, REG_NAME, false, Rule::Host)?;
        (e, reg_name_kind(b, h, e))
    };
    match b.get(host_end) {
        Some(b':') => {
            let p = digits(b, host_end + 1);
            if !ends_authority(b.get(p)) {
                return Err(Error::new(b, p, Rule::Port, IRI));
            }
            Ok(AuthorityParts {
                end: p,
                userinfo_end: None,
                host: (h, host_end),
                host_kind: kind,
                port: Some((host_end + 1, p)),
            })
        }
        c if ends_authority(c) => Ok(AuthorityParts {
            end: host_end,
            userinfo_end: None,
            host: (h, host_end),
            host_kind: kind,
            port: None,
        }),
        _ => Err(Error::new(b, host_end, Rule::Host, IRI)),
    }
}

/// `IPv4address` when the `reg-name` text is one, else `reg-name` (§3.2.2 first-match rule).
#[inline]
fn reg_name_kind(b: &[u8], s: usize, e: usize) -> HostKind {
    match b.get(s..e) {
        Some(t) if (7..=15).contains(&t.len()) && t[0].is_ascii_digit() && is_ipv4(t) => {
            HostKind::Ipv4
        }
        _ => HostKind::RegName,
    }
}

/// RFC 3986 §3.2 `authority = [ userinfo "@" ] host [ ":" port ]`, starting after `//`.
#[inline]
fn authority<const IRI: bool>(b: &[u8], a: usize) -> Result<AuthorityParts, Error> {
    // One pass for the common `reg-name [ ":" port ]` case: scan reg-name characters, then
    // decide from the stop byte whether what was scanned was userinfo or host.
    let j = scan::<IRI>(b, a, REG_NAME, false, Rule::Host)?;
    let userinfo_end = match b.get(j) {
        Some(b'@') => Some(j),
        Some(b':') => {
            let p = digits(b, j + 1);
            if ends_authority(b.get(p)) {
                return Ok(AuthorityParts {
                    end: p,
                    userinfo_end: None,
                    host: (a, j),
                    host_kind: reg_name_kind(b, a, j),
                    port: Some((j + 1, p)),
                });
            }
            // Not a port: this must be userinfo (which allows ":") followed by "@".
            let u = scan::<IRI>(b, p, USERINFO, false, Rule::Userinfo)?;
            if b.get(u) != Some(&b'@') {
                let rule = if u == p { Rule::Port } else { Rule::Userinfo };
                return Err(Error::new(b, u, rule, IRI));
            }
            Some(u)
        }
        Some(b'[') if j == a => None,
        c if ends_authority(c) => {
            return Ok(AuthorityParts {
                end: j,
                userinfo_end: None,
                host: (a, j),
                host_kind: reg_name_kind(b, a, j),
                port: None,
            });
        }
        _ => return Err(Error::new(b, j, Rule::Host, IRI)),
    };
    let h = userinfo_end.map_or(a, |u| u + 1);
    let parts = host_port::<IRI>(b, h)?;
    Ok(AuthorityParts {
        userinfo_end,
        ..parts
    })
}

/// Substring by byte offsets that the parser found at ASCII delimiters (always char
/// boundaries); never panics.
#[inline(always)]
fn sub(s: &str, from: usize, to: usize) -> &str {
    s.get(from..to).unwrap_or_default()
}

/// Byte offsets of the components of a reference (no slicing: validation only needs these).
pub(crate) struct Positions {
    /// Offset of the `:` after the scheme, if there is a scheme.
    pub(crate) scheme_end: Option<usize>,
    /// Start (after `//`) and parts of the authority.
    authority: Option<(usize, AuthorityParts)>,
    path: (usize, usize),
    /// Start (after `?`) and end of the query.
    query: Option<(usize, usize)>,
    /// Start (after `#`) of the fragment, which runs to the end.
    pub(crate) fragment_start: Option<usize>,
}

/// RFC 3986 §3.1 `scheme ":"` at the start: the offset of the `:`.
#[inline]
pub(crate) fn scheme_end(b: &[u8]) -> Option<usize> {
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    // Schemes are short ("http", "file"): a byte loop costs less here than chunks.
    let mut k = 1;
    while b.get(k).is_some_and(|&c| class(c) & SCHEME != 0) {
        k += 1;
    }
    (b.get(k) == Some(&b':')).then_some(k)
}

/// Recognises `URI-reference` (or `IRI-reference` when `IRI`): `URI / relative-ref`.
///
/// The two alternatives are told apart by the first `:` before any `/`, `?` or `#`: a
/// relative reference's first segment cannot contain `:` (`path-noscheme`), so a valid
/// reference starting with `scheme ":"` can only be a URI.
#[inline(always)]
pub(crate) fn positions<const IRI: bool>(s: &str) -> Result<Positions, Error> {
    let b = s.as_bytes();
    // RFC 3986 §3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    let scheme_end = scheme_end(b);
    let mut i = scheme_end.map_or(0, |k| k + 1);
    // hier-part / relative-part
    let mut authority = None;
    let path_rule;
    if b.get(i) == Some(&b'/') && b.get(i + 1) == Some(&b'/') {
        // "//" authority path-abempty
        let a = self::authority::<IRI>(b, i + 2)?;
        let end = a.end;
        authority = Some((i + 2, a));
        i = end;
        path_rule = Rule::PathAbempty;
    } else if b.get(i) == Some(&b'/') {
        path_rule = Rule::PathAbsolute;
    } else if scheme_end.is_some() {
        path_rule = Rule::PathRootless;
    } else {
        // path-noscheme: the first segment is segment-nz-nc (no ":").
        path_rule = Rule::PathNoscheme;
    }
    let path_start = i;
    if path_rule == Rule::PathNoscheme {
        i = scan::<IRI>(b, i, SEGMENT_NC, false, path_rule)?;
        if b.get(i) == Some(&b':') {
            return Err(Error::new(b, i, path_rule, IRI));
        }
    }
    i = scan::<IRI>(b, i, PATH, false, path_rule)?;
    let path = (path_start, i);
    // [ "?" query ]
    let mut query = None;
    if b.get(i) == Some(&b'?') {
        let q = i + 1;
        i = scan::<IRI>(b, q, QUERY, IRI, Rule::Query)?;
        query = Some((q, i));
    }
    // [ "#" fragment ]
    let mut fragment_start = None;
    if b.get(i) == Some(&b'#') {
        let f = i + 1;
        i = scan::<IRI>(b, f, QUERY, false, Rule::Fragment)?;
        fragment_start = Some(f);
        if i < b.len() {
            return Err(Error::new(b, i, Rule::Fragment, IRI));
        }
    } else if i < b.len() {
        let rule = if query.is_some() {
            Rule::Query
        } else {
            path_rule
        };
        return Err(Error::new(b, i, rule, IRI));
    }
    Ok(Positions {
        scheme_end,
        authority,
        path,
        query,
        fragment_start,
    })
}

impl Positions {
    /// The components as string slices of `s` (the string the positions were found in).
    pub(crate) fn reference(self, s: &str) -> Reference<'_> {
        let authority = self.authority.map(|(start, a)| Authority {
            text: sub(s, start, a.end),
            userinfo: a.userinfo_end.map(|u| sub(s, start, u)),
            host: sub(s, a.host.0, a.host.1),
            host_kind: a.host_kind,
            port: a.port.map(|(p, q)| sub(s, p, q)),
        });
        Reference {
            input: s,
            scheme: self.scheme_end.map(|k| sub(s, 0, k)),
            authority,
            path: sub(s, self.path.0, self.path.1),
            query: self.query.map(|(p, q)| sub(s, p, q)),
            fragment: self.fragment_start.map(|f| sub(s, f, s.len())),
        }
    }
}

/// Parses `URI-reference` (or `IRI-reference` when `IRI`) into its components.
pub(crate) fn parse_reference<const IRI: bool>(s: &str) -> Result<Reference<'_>, Error> {
    positions::<IRI>(s).map(|p| p.reference(s))
}

/// The error for a reference that parsed but has a scheme where a relative reference is
/// required: its first segment contains ":" (`path-noscheme`).
pub(crate) fn relative_error(s: &str, scheme_end: usize, iri: bool) -> Error {
    Error::new(s.as_bytes(), scheme_end, Rule::PathNoscheme, iri)
}

/// The error for a relative reference where a URI is required: where `scheme ":"` fails.
pub(crate) fn scheme_error(s: &str, iri: bool) -> Error {
    let b = s.as_bytes();
    let mut k = 0;
    if b.first().is_some_and(u8::is_ascii_alphabetic) {
        k = 1;
        while b.get(k).is_some_and(|&c| class(c) & SCHEME != 0) {
            k += 1;
        }
    }
    Error::new(b, k, Rule::Scheme, iri)
}

/// Whether the byte is `unreserved` (RFC 3986 §2.3).
#[inline]
pub(crate) fn is_unreserved(c: u8) -> bool {
    class(c) & UNRESERVED != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> bool {
        parse_reference::<false>(s).is_ok()
    }

    #[test]
    fn run_end_matches_a_byte_loop() {
        for len in 0..24 {
            for stop in 0..=len {
                for start in 0..=len + 1 {
                    let mut v = vec![b'a'; len];
                    if stop < len {
                        v[stop] = b' ';
                    }
                    let naive = (start..len)
                        .find(|&k| class(v[k]) & PATH == 0)
                        .unwrap_or(len);
                    assert_eq!(run_end(&v, start, PATH), naive, "{len} {stop} {start}");
                }
            }
        }
    }

    #[test]
    fn ipv6_forms() {
        for good in [
            "//[::]",
            "//[::1]",
            "//[1::]",
            "//[1:2:3:4:5:6:7:8]",
            "//[1:2:3:4:5:6:1.2.3.4]",
            "//[::1.2.3.4]",
            "//[1:2:3:4:5::1.2.3.4]",
            "//[1:2:3:4:5:6:7::]",
            "//[::2:3:4:5:6:7:8]",
            "//[ffff::ffff]",
        ] {
            assert!(ok(good), "{good}");
        }
        for bad in [
            "//[]",
            "//[:]",
            "//[:::]",
            "//[1:2:3:4:5:6:7]",
            "//[1:2:3:4:5:6:7:8:9]",
            "//[1:2:3:4:5:6::1.2.3.4]",
            "//[1:2:3:4:5:6:7:8::]",
            "//[::1.2.3.4:1]",
            "//[12345::]",
            "//[::01.2.3.4]",
            "//[::1.2.3.256]",
            "//[1::2::3]",
            "//[1:]",
            "//[::1",
        ] {
            assert!(!ok(bad), "{bad}");
        }
    }

    #[test]
    fn errors_point_at_the_failure() {
        let e = parse_reference::<false>("http://host:80 /").unwrap_err();
        assert_eq!((e.offset(), e.rule()), (14, Rule::Port));
        // "host:80x" could still be userinfo until the "/" shows that no "@" follows.
        let e = parse_reference::<false>("http://host:80x/").unwrap_err();
        assert_eq!((e.offset(), e.rule()), (15, Rule::Userinfo));
        let e = parse_reference::<false>("a:b c").unwrap_err();
        assert_eq!((e.offset(), e.rule()), (3, Rule::PathRootless));
        let e = parse_reference::<true>("?\u{E000}#\u{E000}").unwrap_err();
        assert_eq!((e.offset(), e.rule()), (5, Rule::Fragment));
    }
}
