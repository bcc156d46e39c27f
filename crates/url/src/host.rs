//! §3 Hosts (domains and IP addresses): the host parser (§3.5), IDNA (§3.3) and the host
//! serializer (§3.6).

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::percent_encoding::{self, C0_CONTROL, is_url_code_point};
use crate::standard::Standard;
use crate::validation::{ErrorSink, NoErrors, ParseError, ValidationError, ValidationErrorKind};

use ValidationErrorKind as K;

/// A host (§3.1): a domain, an IPv4 or IPv6 address, an opaque host, or the empty host.
///
/// ```
/// use websyntax_url::Host;
/// use std::net::Ipv4Addr;
/// assert_eq!(Host::parse("EXAMPLE.com").unwrap(), Host::Domain("example.com".to_owned()));
/// assert_eq!(Host::parse("0x7f.1").unwrap(), Host::Ipv4(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(Host::parse("faß.example").unwrap().to_string(), "xn--fa-hia.example");
/// assert_eq!(Host::parse("[0:0::1]").unwrap().to_string(), "[::1]");
/// assert_eq!(Host::parse_opaque("EXAMPLE.COM").unwrap().to_string(), "EXAMPLE.COM");
/// assert!(Host::parse("example.255").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host<S = String> {
    /// A domain: a non-empty ASCII string (after UTS #46 ToASCII).
    Domain(S),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host (hosts of non-special URLs), percent-encoded.
    Opaque(S),
    /// The empty host (e.g. `file:///`).
    Empty,
}

impl Host<String> {
    /// Runs the host parser with isOpaque false (the host of a special URL).
    pub fn parse(input: &str) -> Result<Host, ParseError> {
        Self::parse_inner(input, false)
    }

    /// Runs the host parser with isOpaque true (the host of a non-special URL).
    pub fn parse_opaque(input: &str) -> Result<Host, ParseError> {
        Self::parse_inner(input, true)
    }

    fn parse_inner(input: &str, opaque: bool) -> Result<Host, ParseError> {
        if input.is_empty() && !opaque {
            return Err(ParseError::new(K::HostMissing, 0));
        }
        let mut out = String::new();
        let kind = parse_host_into(&mut out, input, opaque, Standard::Seed, &mut NoErrors, 0)
            .map_err(|k| ParseError::new(k, 0))?;
        Ok(kind.to_host(&out))
    }
}

impl<S: AsRef<str>> Host<S> {
    /// Borrows the host's strings.
    pub fn as_ref(&self) -> Host<&str> {
        match self {
            Host::Domain(s) => Host::Domain(s.as_ref()),
            Host::Opaque(s) => Host::Opaque(s.as_ref()),
            Host::Ipv4(a) => Host::Ipv4(*a),
            Host::Ipv6(a) => Host::Ipv6(*a),
            Host::Empty => Host::Empty,
        }
    }
    /// Copies the host's strings.
    pub fn to_owned(&self) -> Host<String> {
        match self {
            Host::Domain(s) => Host::Domain(s.as_ref().to_owned()),
            Host::Opaque(s) => Host::Opaque(s.as_ref().to_owned()),
            Host::Ipv4(a) => Host::Ipv4(*a),
            Host::Ipv6(a) => Host::Ipv6(*a),
            Host::Empty => Host::Empty,
        }
    }
}

impl<S: AsRef<str>> fmt::Display for Host<S> {
    /// The host serializer (§3.6).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        match self {
            Host::Domain(d) | Host::Opaque(d) => return f.write_str(d.as_ref()),
            Host::Empty => return Ok(()),
            Host::Ipv4(a) => serialize_ipv4(&mut s, u32::from(*a)),
            Host::Ipv6(a) => {
                s.push('[');
                serialize_ipv6(&mut s, &a.segments());
                s.push(']');
            }
        }
        f.write_str(&s)
    }
}

/// What the host parser produced; the serialization itself is written to a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostKind {
    Domain,
    Ipv4(u32),
    Ipv6([u16; 8]),
    Opaque,
    Empty,
}

impl HostKind {
    pub(crate) fn to_host<'a, S: From<&'a str>>(self, serialized: &'a str) -> Host<S> {
        match self {
            HostKind::Domain => Host::Domain(S::from(serialized)),
            HostKind::Opaque => Host::Opaque(S::from(serialized)),
            HostKind::Ipv4(a) => Host::Ipv4(Ipv4Addr::from(a)),
            HostKind::Ipv6(p) => Host::Ipv6(Ipv6Addr::from(p)),
            HostKind::Empty => Host::Empty,
        }
    }
}

/// ASCII bytes a domain can hold as they are: not forbidden, not `%`, not uppercase, not
/// `x`/`X` (which may start an `xn--` label).
pub(crate) static DOMAIN_PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x80 {
        let c = b as u8;
        t[b] = !is_forbidden_domain_byte(c) && !c.is_ascii_uppercase() && c != b'x';
        b += 1;
    }
    t
};

/// §3.2 forbidden host code point (ASCII only; all of them are ASCII).
#[inline]
pub(crate) const fn is_forbidden_host_byte(b: u8) -> bool {
    matches!(
        b,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// §3.2 forbidden domain code point.
#[inline]
pub(crate) const fn is_forbidden_domain_byte(b: u8) -> bool {
    is_forbidden_host_byte(b) || b <= 0x1F || b == b'%' || b == 0x7F
}

#[inline]
fn report<S: ErrorSink>(sink: &mut S, kind: ValidationErrorKind, position: usize) {
    if S::ACTIVE {
        sink.report(ValidationError { kind, position });
    }
}

/// §3.5 host parser. Appends the host's serialization to `out` and returns its kind, or the
/// validation error that made it fail (already reported to `sink`). `pos` is the input
/// position reported for errors. `input` must not be empty unless `is_opaque`.
pub(crate) fn parse_host_into<S: ErrorSink>(
    out: &mut String,
    input: &str,
    is_opaque: bool,
    standard: Standard,
    sink: &mut S,
    pos: usize,
) -> Result<HostKind, ValidationErrorKind> {
    parse_host_with_hint(out, input, is_opaque, standard, sink, pos, false)
}

/// [`parse_host_into`], where `plain_domain` tells that the caller's own scan found only
/// [`DOMAIN_PLAIN`] bytes in `input` (fast path: the domain's scan is skipped, as it would
/// find nothing to do).
pub(crate) fn parse_host_with_hint<S: ErrorSink>(
    out: &mut String,
    input: &str,
    is_opaque: bool,
    standard: Standard,
    sink: &mut S,
    pos: usize,
    plain_domain: bool,
) -> Result<HostKind, ValidationErrorKind> {
    // Steps 1 and 2: IPv6 in brackets, opaque hosts.
    if is_opaque {
        return parse_not_special_host_into(out, input, standard, sink, pos);
    }
    // 1. IPv6 in brackets.
    if let Some(rest) = input.strip_prefix('[') {
        return parse_ipv6_host(out, rest, standard, sink, pos);
    }
    parse_domain_host(out, input, standard, sink, pos, plain_domain)
}

/// §3.5 host parser with isOpaque true (a non-special URL's host): steps 1 and 2 only, an
/// IPv6 address in brackets or an opaque host. Never domain to ASCII: the parser of
/// non-special URLs calls this, so that its code links no UTS #46 (idna and its Unicode
/// tables; docs/performance.md, 2026-12-02).
pub(crate) fn parse_not_special_host_into<S: ErrorSink>(
    out: &mut String,
    input: &str,
    standard: Standard,
    sink: &mut S,
    pos: usize,
) -> Result<HostKind, ValidationErrorKind> {
    // 1. IPv6 in brackets.
    if let Some(rest) = input.strip_prefix('[') {
        return parse_ipv6_host(out, rest, standard, sink, pos);
    }
    // 2. Opaque hosts.
    parse_opaque_host_into(out, input, sink, pos)
}

fn fail<S: ErrorSink, T>(
    sink: &mut S,
    k: ValidationErrorKind,
    pos: usize,
) -> Result<T, ValidationErrorKind> {
    report(sink, k, pos);
    Err(k)
}

/// Host parser step 1: `rest` follows the `[`.
fn parse_ipv6_host<S: ErrorSink>(
    out: &mut String,
    rest: &str,
    standard: Standard,
    sink: &mut S,
    pos: usize,
) -> Result<HostKind, ValidationErrorKind> {
    {
        let Some(inner) = rest.strip_suffix(']') else {
            return fail(sink, K::Ipv6Unclosed, pos);
        };
        let pieces = parse_ipv6(inner).or_else(|k| fail(sink, k, pos))?;
        // Living standard (whatwg/url 37afb50), IPv6 parser, after a piece is read: "If length
        // is greater than 1 and value is less than 0x10^(length − 1), IPv6-piece-leading-zero
        // validation error." (A piece of 2-4 hex digits whose first digit is 0.)
        if S::ACTIVE
            && standard.is_living()
            && inner
                .split(':')
                .any(|piece| !piece.contains('.') && piece.len() > 1 && piece.starts_with('0'))
        {
            report(sink, K::Ipv6PieceLeadingZero, pos);
        }
        out.push('[');
        serialize_ipv6(out, &pieces);
        out.push(']');
        Ok(HostKind::Ipv6(pieces))
    }
}

/// Host parser steps 3 to 8 (a special URL's host): domain to ASCII, IPv4.
fn parse_domain_host<S: ErrorSink>(
    out: &mut String,
    input: &str,
    standard: Standard,
    sink: &mut S,
    pos: usize,
    plain_domain: bool,
) -> Result<HostKind, ValidationErrorKind> {
    let start = out.len();
    // 4-5. Domain to ASCII; fast path for ASCII without percent-encoding or `xn--` labels,
    // where UTS #46 ToASCII (beStrict false) amounts to ASCII lowercasing (§3.3 note).
    let bytes = input.as_bytes();
    // One pass: plain ASCII without `%`, no `xn--` label, forbidden code points, uppercase.
    let mut simple = true;
    let mut forbidden = false;
    let mut upper = false;
    // (Skipped when the caller found only `DOMAIN_PLAIN` bytes: it would find nothing.)
    if !plain_domain {
        let mut i = 0;
        loop {
            i = crate::parser::skip_plain(&DOMAIN_PLAIN, bytes, i);
            let Some(&b) = bytes.get(i) else { break };
            if b >= 0x80 || b == b'%' {
                simple = false;
                break;
            }
            if (b == b'x' || b == b'X')
                && (i == 0 || bytes[i - 1] == b'.')
                && bytes
                    .get(i..i + 4)
                    .is_some_and(|l| l.eq_ignore_ascii_case(b"xn--"))
            {
                simple = false;
                break;
            }
            forbidden |= is_forbidden_domain_byte(b);
            upper |= b.is_ascii_uppercase();
            i += 1;
        }
    }
    let living = standard.is_living();
    if living && S::ACTIVE {
        // Living standard (whatwg/url 37afb50), host parser: "If input contains a
        // percent-encoded byte, domain-percent-encoded validation error."
        if bytes
            .windows(3)
            .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
        {
            report(sink, K::DomainPercentEncoded, pos);
        }
    }
    if simple {
        if living && S::ACTIVE {
            // Domain parser steps 1-2: "Let strictResult be the result of running domain
            // parser ToASCII with domain and true. If strictResult is a failure value,
            // domain-to-ASCII validation error. (This step does not return.)"
            if domain_to_ascii(input, true).is_err() {
                report(sink, K::DomainToAscii, pos);
            }
        }
        if forbidden {
            return fail(sink, K::DomainInvalidCodePoint, pos);
        }
        out.push_str(input);
        if upper && let Some(written) = out.get_mut(start..) {
            written.make_ascii_lowercase();
        }
    } else {
        let decoded = percent_encoding::percent_decode(bytes);
        let domain = String::from_utf8_lossy(&decoded);
        if living {
            domain_parser_living(out, &domain, sink, pos)?;
        } else {
            let ascii = domain_to_ascii(&domain, false).or_else(|k| fail(sink, k, pos))?;
            out.push_str(&ascii);
        }
    }
    // 6. Ends in a number: IPv4.
    let domain = out.get(start..).unwrap_or("");
    if ends_in_a_number(domain) {
        // Living standard (host parser, "If asciiDomain ends in a number"): "If domain is not
        // an ASCII string, IPv4-non-ASCII-input validation error."
        if living && S::ACTIVE && !input.is_ascii() {
            report(sink, K::Ipv4NonAsciiInput, pos);
        }
        let addr = parse_ipv4(domain, living, sink, pos)?;
        out.truncate(start);
        serialize_ipv4(out, addr);
        return Ok(HostKind::Ipv4(addr));
    }
    Ok(HostKind::Domain)
}

/// Living standard (whatwg/url a8d5ca3, 3c83874, 37afb50): "The domain parser algorithm, given
/// a scalar value string domain and a boolean beStrict" (false here, as the host parser runs
/// it), appending the result to `out`.
fn domain_parser_living<S: ErrorSink>(
    out: &mut String,
    domain: &str,
    sink: &mut S,
    pos: usize,
) -> Result<(), ValidationErrorKind> {
    // 1-2. "Let strictResult be the result of running domain parser ToASCII with domain and
    // true. If strictResult is a failure value, domain-to-ASCII validation error. (This step
    // does not return.)" (3, beStrict true, does not apply.)
    let mut reported = false;
    if S::ACTIVE && domain_to_ascii(domain, true).is_err() {
        report(sink, K::DomainToAscii, pos);
        reported = true;
    }
    let failure = |sink: &mut S, k: ValidationErrorKind| {
        if !reported {
            report(sink, k, pos);
        }
        Err(k)
    };
    let start = out.len();
    if domain.is_ascii() {
        // 5. "If domain is an ASCII string, then set result to domain, lowercased."
        out.push_str(domain);
        if let Some(written) = out.get_mut(start..) {
            written.make_ascii_lowercase();
        }
    } else {
        // 6. "Set result to the result of running domain parser ToASCII with domain and
        // false. If result is a failure value, then return failure."
        match domain_to_ascii_relaxed(domain) {
            Ok(r) => out.push_str(&r),
            Err(k) => return failure(sink, k),
        }
    }
    let result = out.get(start..).unwrap_or("");
    // 7. "If result is the empty string, then return failure."
    if result.is_empty() {
        return failure(sink, K::DomainToAscii);
    }
    // 8. "If result contains a forbidden domain code point, then return failure."
    if result.bytes().any(is_forbidden_domain_byte) {
        out.truncate(start);
        return failure(sink, K::DomainInvalidCodePoint);
    }
    Ok(())
}

/// Unicode ToASCII with the relaxed parameters (CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength false), plus the Unicode 15.1 validity rule below.
fn domain_to_ascii_relaxed(domain: &str) -> Result<String, ValidationErrorKind> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let result = Uts46::new()
        .to_ascii(
            domain.as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
            DnsLength::Ignore,
        )
        .map_err(|_| K::DomainToAscii)?;
    if decodes_to_xn_label(&result) {
        return Err(K::DomainToAscii);
    }
    Ok(result.into_owned())
}

/// UTS #46 §4.1 Validity Criteria, step 4 (Unicode 15.1): with CheckHyphens false, a label
/// must not begin with "xn--" after Punycode decoding (so `xn--xn--a--gua` fails). The `idna`
/// crate does not check this yet.
fn decodes_to_xn_label(result: &str) -> bool {
    result.split('.').any(|label| {
        label
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
            && label
                .get(4..)
                .and_then(idna::punycode::decode_to_string)
                .is_some_and(|d| d.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
    })
}

/// §3.3 domain to ASCII. Returns the ASCII domain or the validation error kind.
///
/// ```
/// use websyntax_url::domain_to_ascii;
/// assert_eq!(domain_to_ascii("Bücher.example", false).unwrap(), "xn--bcher-kva.example");
/// assert!(domain_to_ascii("xn--", false).is_err());
/// // A label that still begins with `xn--` after Punycode decoding is invalid (UTS #46).
/// assert!(domain_to_ascii("xn--xn--a--gua.pt", false).is_err());
/// assert!(domain_to_ascii("xn--xn---epa", false).is_err());
/// ```
pub fn domain_to_ascii(domain: &str, be_strict: bool) -> Result<String, ValidationErrorKind> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    // 1. Unicode ToASCII with CheckHyphens=beStrict, CheckBidi=true, CheckJoiners=true,
    // UseSTD3ASCIIRules=beStrict, Transitional_Processing=false, VerifyDnsLength=beStrict.
    let (deny, hyphens, dns) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore)
    };
    let result = Uts46::new()
        .to_ascii(domain.as_bytes(), deny, hyphens, dns)
        .map_err(|_| K::DomainToAscii)?;
    // UTS #46 §4.1 Validity Criteria, step 4 (Unicode 15.1).
    if decodes_to_xn_label(&result) {
        return Err(K::DomainToAscii);
    }
    // 3. When not strict: empty result or forbidden domain code points fail.
    if !be_strict {
        if result.is_empty() {
            return Err(K::DomainToAscii);
        }
        if result.bytes().any(is_forbidden_domain_byte) {
            return Err(K::DomainInvalidCodePoint);
        }
    }
    Ok(result.into_owned())
}

/// §3.3 domain to Unicode (for display): returns the result and whether UTS #46 ToUnicode
/// reported errors (`domain-to-Unicode` validation errors).
///
/// ```
/// use websyntax_url::domain_to_unicode;
/// assert_eq!(domain_to_unicode("xn--bcher-kva.example", false), ("bücher.example".to_owned(), false));
/// ```
pub fn domain_to_unicode(domain: &str, be_strict: bool) -> (String, bool) {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let (deny, hyphens) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check)
    } else {
        (AsciiDenyList::EMPTY, Hyphens::Allow)
    };
    let (s, r) = Uts46::new().to_unicode(domain.as_bytes(), deny, hyphens);
    (s.into_owned(), r.is_err())
}

/// §3.5 ends in a number checker.
pub(crate) fn ends_in_a_number(input: &str) -> bool {
    // Fast rejection: the last label (ignoring one trailing dot) must end in a digit or a
    // hex digit / `x` for any of the conditions below to hold.
    let tail = input.strip_suffix('.').unwrap_or(input);
    if !tail
        .as_bytes()
        .last()
        .is_some_and(|&b| b.is_ascii_hexdigit() || b == b'x' || b == b'X')
    {
        return false;
    }
    // The last label: after the last `.` of `tail` (a byte search, not a `str` pattern).
    let t = tail.as_bytes();
    let b = t
        .iter()
        .rposition(|&c| c == b'.')
        .map_or(t, |dot| &t[dot + 1..]);
    if !b.is_empty() && b.iter().all(u8::is_ascii_digit) {
        return true;
    }
    b.len() >= 2
        && b[0] == b'0'
        && (b[1] == b'x' || b[1] == b'X')
        && b[2..].iter().all(u8::is_ascii_hexdigit)
}

/// §3.5 IPv4 number parser: the value (saturated at `u64::MAX`) and whether it was not decimal.
fn parse_ipv4_number(mut input: &str) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let mut non_decimal = false;
    let mut radix = 10;
    let b = input.as_bytes();
    if b.len() >= 2 && b[0] == b'0' {
        non_decimal = true;
        radix = 8;
        if b[1] == b'x' || b[1] == b'X' {
            radix = 16;
            input = &input[2..];
        } else {
            input = &input[1..];
        }
    }
    if input.is_empty() {
        return Some((0, true));
    }
    let mut value: u64 = 0;
    for c in input.bytes() {
        let d = (c as char).to_digit(radix)?;
        value = value
            .saturating_mul(u64::from(radix))
            .saturating_add(u64::from(d));
    }
    Some((value, non_decimal))
}

/// §3.5 IPv4 parser.
fn parse_ipv4<S: ErrorSink>(
    input: &str,
    living: bool,
    sink: &mut S,
    pos: usize,
) -> Result<u32, ValidationErrorKind> {
    // Strictly split on "."; a trailing empty part is removed (with a validation error).
    let body = match input.strip_suffix('.') {
        Some(b) => {
            report(sink, K::Ipv4EmptyPart, pos);
            b
        }
        None => input,
    };
    let n = body.split('.').count();
    // Living standard (whatwg/url 37afb50): "If parts's size is less than 4,
    // IPv4-too-few-parts validation error."
    if living && n < 4 {
        report(sink, K::Ipv4TooFewParts, pos);
    }
    if n > 4 {
        report(sink, K::Ipv4TooManyParts, pos);
        return Err(K::Ipv4TooManyParts);
    }
    let mut parts: [&str; 4] = [""; 4];
    for (slot, part) in parts.iter_mut().zip(body.split('.')) {
        *slot = part;
    }
    let mut numbers = [0u64; 4];
    for i in 0..n {
        match parse_ipv4_number(parts[i]) {
            None => {
                report(sink, K::Ipv4NonNumericPart, pos);
                return Err(K::Ipv4NonNumericPart);
            }
            Some((v, non_decimal)) => {
                if non_decimal {
                    report(sink, K::Ipv4NonDecimalPart, pos);
                }
                numbers[i] = v;
            }
        }
    }
    for (i, &v) in numbers[..n].iter().enumerate() {
        if v > 255 {
            report(sink, K::Ipv4OutOfRangePart, pos);
            if i != n - 1 {
                return Err(K::Ipv4OutOfRangePart);
            }
        }
    }
    let last = numbers[n - 1];
    if last >= 256u64.pow(5 - n as u32) {
        return Err(K::Ipv4OutOfRangePart);
    }
    let mut ipv4 = last;
    for (counter, &v) in numbers[..n - 1].iter().enumerate() {
        ipv4 += v * 256u64.pow(3 - counter as u32);
    }
    Ok(ipv4 as u32)
}

/// §3.5 IPv6 parser (without the brackets).
fn parse_ipv6(input: &str) -> Result<[u16; 8], ValidationErrorKind> {
    let s = input.as_bytes();
    let len = s.len();
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut p = 0usize;
    let at = |i: usize| s.get(i).copied();
    if at(p) == Some(b':') {
        if at(p + 1) != Some(b':') {
            return Err(K::Ipv6InvalidCompression);
        }
        p += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while p < len {
        if piece_index == 8 {
            return Err(K::Ipv6TooManyPieces);
        }
        if s[p] == b':' {
            if compress.is_some() {
                return Err(K::Ipv6MultipleCompression);
            }
            p += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4 {
            match at(p).and_then(percent_encoding::hex_value) {
                Some(d) => {
                    value = value * 16 + u32::from(d);
                    p += 1;
                    length += 1;
                }
                None => break,
            }
        }
        if at(p) == Some(b'.') {
            if length == 0 {
                return Err(K::Ipv4InIpv6InvalidCodePoint);
            }
            p -= length;
            if piece_index > 6 {
                return Err(K::Ipv4InIpv6TooManyPieces);
            }
            let mut numbers_seen = 0;
            while p < len {
                let mut ipv4_piece: Option<u32> = None;
                if numbers_seen > 0 {
                    if s[p] == b'.' && numbers_seen < 4 {
                        p += 1;
                    } else {
                        return Err(K::Ipv4InIpv6InvalidCodePoint);
                    }
                }
                match at(p) {
                    Some(c) if c.is_ascii_digit() => {}
                    _ => return Err(K::Ipv4InIpv6InvalidCodePoint),
                }
                while let Some(c) = at(p).filter(u8::is_ascii_digit) {
                    let number = u32::from(c - b'0');
                    ipv4_piece = match ipv4_piece {
                        None => Some(number),
                        Some(0) => return Err(K::Ipv4InIpv6InvalidCodePoint),
                        Some(v) => Some(v * 10 + number),
                    };
                    if ipv4_piece.unwrap_or(0) > 255 {
                        return Err(K::Ipv4InIpv6OutOfRangePart);
                    }
                    p += 1;
                }
                let piece = ipv4_piece.unwrap_or(0);
                address[piece_index] = (u32::from(address[piece_index]) * 0x100 + piece) as u16;
                numbers_seen += 1;
                if numbers_seen == 2 || numbers_seen == 4 {
                    piece_index += 1;
                }
            }
            if numbers_seen != 4 {
                return Err(K::Ipv4InIpv6TooFewParts);
            }
            break;
        } else if at(p) == Some(b':') {
            p += 1;
            if p >= len {
                return Err(K::Ipv6InvalidCodePoint);
            }
        } else if p < len {
            return Err(K::Ipv6InvalidCodePoint);
        }
        address[piece_index] = value as u16;
        piece_index += 1;
    }
    if let Some(c) = compress {
        let mut swaps = piece_index - c;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, c + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        return Err(K::Ipv6TooFewPieces);
    }
    Ok(address)
}

/// §3.5 opaque-host parser.
fn parse_opaque_host_into<S: ErrorSink>(
    out: &mut String,
    input: &str,
    sink: &mut S,
    pos: usize,
) -> Result<HostKind, ValidationErrorKind> {
    if input.bytes().any(is_forbidden_host_byte) {
        report(sink, K::HostInvalidCodePoint, pos);
        return Err(K::HostInvalidCodePoint);
    }
    if S::ACTIVE {
        let b = input.as_bytes();
        for (i, c) in input.char_indices() {
            let bad = if c == '%' {
                !(b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            } else {
                !is_url_code_point(c)
            };
            if bad {
                report(sink, K::InvalidUrlUnit, pos);
            }
        }
    }
    percent_encoding::encode_into(out, input, C0_CONTROL);
    Ok(if input.is_empty() {
        HostKind::Empty
    } else {
        HostKind::Opaque
    })
}

/// §3.6 IPv4 serializer.
pub(crate) fn serialize_ipv4(out: &mut String, addr: u32) {
    use std::fmt::Write;
    let [a, b, c, d] = addr.to_be_bytes();
    let _ = write!(out, "{a}.{b}.{c}.{d}");
}

/// §3.6 IPv6 serializer (without brackets).
pub(crate) fn serialize_ipv6(out: &mut String, pieces: &[u16; 8]) {
    use std::fmt::Write;
    // Find the IPv6 address compressed piece index: the first longest run of 2+ zeros.
    let mut longest: Option<usize> = None;
    let mut longest_size = 1;
    let mut found: Option<usize> = None;
    let mut found_size = 0;
    for (i, &p) in pieces.iter().enumerate() {
        if p != 0 {
            if found_size > longest_size {
                longest = found;
                longest_size = found_size;
            }
            found = None;
            found_size = 0;
        } else {
            if found.is_none() {
                found = Some(i);
            }
            found_size += 1;
        }
    }
    let compress = if found_size > longest_size {
        found
    } else {
        longest
    };
    let mut ignore0 = false;
    for (i, &p) in pieces.iter().enumerate() {
        if ignore0 && p == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(i) {
            out.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        let _ = write!(out, "{p:x}");
        if i != 7 {
            out.push(':');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_in_a_number_matches_the_spec_steps() {
        // The spec's steps with `str::rsplit`, as the checker was first written.
        fn reference(input: &str) -> bool {
            let mut parts = input.rsplit('.');
            let mut last = parts.next().unwrap_or("");
            if last.is_empty() {
                match parts.next() {
                    None => return false,
                    Some(p) => last = p,
                }
            }
            let b = last.as_bytes();
            (!b.is_empty() && b.iter().all(u8::is_ascii_digit))
                || (b.len() >= 2
                    && b[0] == b'0'
                    && (b[1] == b'x' || b[1] == b'X')
                    && b[2..].iter().all(u8::is_ascii_hexdigit))
        }
        let alphabet = [
            "", ".", "1", "0x", "0X", "a", "f", "x", "..", "09", "0xg", "z1",
        ];
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let input = format!("{a}{b}{c}");
                    assert_eq!(ends_in_a_number(&input), reference(&input), "{input:?}");
                }
            }
        }
    }

    fn p(s: &str) -> Result<String, ValidationErrorKind> {
        let mut out = String::new();
        parse_host_into(&mut out, s, false, Standard::Seed, &mut NoErrors, 0).map(|_| out)
    }

    #[test]
    fn ipv4() {
        assert_eq!(p("0").unwrap(), "0.0.0.0");
        assert_eq!(p("0x").unwrap(), "0.0.0.0");
        assert_eq!(p("0xffffffff").unwrap(), "255.255.255.255");
        assert_eq!(p("100.100.25600").unwrap(), "100.100.100.0");
        assert_eq!(p("1.2.3.4.").unwrap(), "1.2.3.4");
        assert!(p("09").is_err());
        assert!(p("1.2.3.4.5").is_err());
        assert!(p("18446744073709551616").is_err());
        assert!(p("256.0.0.1").is_err());
    }

    #[test]
    fn ipv6() {
        let s = |x: &str| {
            let mut o = String::new();
            serialize_ipv6(&mut o, &parse_ipv6(x).unwrap());
            o
        };
        assert_eq!(s("0:0::1"), "::1");
        assert_eq!(s("1:0:0:2::3:0"), "1::2:0:0:3:0");
        assert_eq!(s("::127.0.0.1"), "::7f00:1");
        assert_eq!(s("0:f:0:0:f:f:0:0"), "0:f::f:f:0:0");
        assert!(parse_ipv6("1:2:3:4:5:6:7:8:9").is_err());
        assert!(parse_ipv6(":1").is_err());
        assert!(parse_ipv6("1::2::3").is_err());
    }
}
