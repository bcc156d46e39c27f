//! Category `url`: every URL-bearing attribute ([`websyntax_html::links`]), parsed against the
//! document base URL with the document's encoding. A failure is an error, a validation error a
//! warning; both named as the URL Standard names them.

use std::ops::Range;

use websyntax_encoding::Encoding;
use websyntax_html::Span;
use websyntax_html::links::Link;
use websyntax_url::{Url, ValidationErrorKind};

use crate::{Category, Cx, Severity, Where, quote};

/// The base URL used when neither the caller nor a `<base href>` gives one, so that relative
/// URLs are still checked.
pub const PLACEHOLDER_BASE: &str = "https://document.invalid/";

fn is_ws(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// A short description of a URL validation error (URL Standard §1.2 table).
fn describe(kind: ValidationErrorKind) -> &'static str {
    use ValidationErrorKind::*;
    match kind {
        DomainToAscii => "the host is not a valid domain",
        DomainToUnicode => "the host is not a valid internationalized domain",
        DomainInvalidCodePoint => "the host contains a forbidden code point",
        HostInvalidCodePoint => "the opaque host contains a forbidden code point",
        Ipv4EmptyPart => "the IPv4 address ends with a dot",
        Ipv4TooManyParts => "the IPv4 address has more than four parts",
        Ipv4NonNumericPart => "an IPv4 address part is not numeric",
        Ipv4NonDecimalPart => "an IPv4 address part is written in hexadecimal or octal",
        Ipv4OutOfRangePart => "an IPv4 address part exceeds 255",
        Ipv6Unclosed => "the IPv6 address lacks its closing `]`",
        Ipv6InvalidCompression => "the IPv6 address begins with improper compression",
        Ipv6TooManyPieces => "the IPv6 address has more than 8 pieces",
        Ipv6MultipleCompression => "the IPv6 address is compressed in more than one spot",
        Ipv6InvalidCodePoint => "the IPv6 address contains an invalid code point",
        Ipv6TooFewPieces => "the IPv6 address has fewer than 8 pieces",
        Ipv4InIpv6TooManyPieces => "the IPv4-in-IPv6 address has too many pieces",
        Ipv4InIpv6InvalidCodePoint => "an IPv4 part of the IPv6 address is invalid",
        Ipv4InIpv6OutOfRangePart => "an IPv4 part of the IPv6 address exceeds 255",
        Ipv4InIpv6TooFewParts => "an IPv4 part of the IPv6 address has fewer than 4 parts",
        InvalidUrlUnit => "a character that is not allowed in URLs (or a bad %-escape)",
        SpecialSchemeMissingFollowingSolidus => "the scheme is not followed by `//`",
        MissingSchemeNonRelativeUrl => "no scheme, and no base URL to resolve against",
        InvalidReverseSolidus => "`\\` used where `/` is meant",
        InvalidCredentials => "the URL includes a user name or password",
        HostMissing => "the host is missing",
        PortOutOfRange => "the port is greater than 65535",
        PortInvalid => "the port is not a number",
        FileInvalidWindowsDriveLetter => "a relative file URL starts with a Windows drive letter",
        FileInvalidWindowsDriveLetterHost => "the file URL's host is a Windows drive letter",
        _ => "URL validation error",
    }
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, encoding: Encoding, document_url: Option<&str>) {
    let fallback = document_url
        .and_then(|u| Url::parse(u, None).ok())
        .or_else(|| Url::parse(PLACEHOLDER_BASE, None).ok());
    let doc = cx.doc;
    for link in doc.links(fallback.as_ref(), encoding) {
        check_link(cx, &link);
    }
}

fn check_link(cx: &mut Cx<'_, '_>, link: &Link<'_>) {
    let element = cx.doc.local_name(link.element).unwrap_or("?");
    let raw = link.raw;
    // HTML asks for a "valid URL potentially surrounded by spaces": the stripped leading and
    // trailing ASCII whitespace is not an error.
    let lead = raw.len() - raw.trim_start_matches(is_ws).len();
    let trail_from = raw.trim_end_matches(is_ws).len();
    let (range, exact) = raw_where(cx, link);
    let range = Some(range.unwrap_or_else(|| cx.element_where(link.element)));
    let at = |position: usize| -> Where {
        match (&range, exact) {
            (Some(Where::Bytes(s)), true) => {
                let start = (s.start + position).min(s.end);
                let len = raw
                    .get(position..)
                    .and_then(|r| r.chars().next())
                    .map_or(0, char::len_utf8);
                Where::Bytes(Span::new(start, (start + len).min(s.end).max(start)))
            }
            (Some(Where::Text(r)), true) => {
                let start = (r.start + position).min(r.end);
                let len = raw
                    .get(position..)
                    .and_then(|x| x.chars().next())
                    .map_or(0, char::len_utf8);
                Where::Text(start..(start + len).min(r.end).max(start))
            }
            (Some(w), _) => w.clone(),
            (None, _) => Where::Document,
        }
    };
    let failure = link.url.as_ref().err().map(|e| e.validation_error());
    if let Some(f) = failure {
        cx.push(
            Category::Url,
            f.kind.name(),
            Severity::Error,
            format!(
                "`{}` on `<{element}>`: {} is not a URL: {}",
                link.attr,
                quote(raw),
                describe(f.kind)
            ),
            range.clone().unwrap_or(Where::Document),
        );
    }
    // One diagnostic per code: the same validation error repeated in one value (a space in
    // a `mailto:` URL, once per space) is one finding with a count, spanning them all.
    let mut groups: Vec<(ValidationErrorKind, Vec<usize>)> = Vec::new();
    for e in &link.errors {
        if Some(*e) == failure {
            continue;
        }
        if e.kind == ValidationErrorKind::InvalidUrlUnit
            && (e.position < lead || e.position >= trail_from)
        {
            continue;
        }
        match groups.iter_mut().find(|(k, _)| *k == e.kind) {
            Some((_, positions)) => positions.push(e.position),
            None => groups.push((e.kind, vec![e.position])),
        }
    }
    for (kind, positions) in groups {
        let (Some(&first), Some(&last)) = (positions.first(), positions.last()) else {
            continue;
        };
        let w = match (at(first), at(last)) {
            (Where::Bytes(a), Where::Bytes(b)) if b.end >= a.start => {
                Where::Bytes(Span::new(a.start, b.end))
            }
            (Where::Text(a), Where::Text(b)) if b.end >= a.start => Where::Text(a.start..b.end),
            (w, _) => w,
        };
        let what = if kind == ValidationErrorKind::InvalidUrlUnit {
            // The distinct offending characters, in order (a few of them).
            let mut chars: Vec<char> = Vec::new();
            for &p in &positions {
                if let Some(c) = raw.get(p..).and_then(|r| r.chars().next())
                    && !chars.contains(&c)
                {
                    chars.push(c);
                }
            }
            match chars.as_slice() {
                ['%'] => "`%` not followed by two hex digits".to_owned(),
                [c] => format!("{c:?} is not allowed in URLs (percent-encode it)"),
                _ => {
                    let shown: Vec<String> =
                        chars.iter().take(5).map(|c| format!("{c:?}")).collect();
                    format!(
                        "{}{} are not allowed in URLs (percent-encode them; `%` must start a %-escape)",
                        shown.join(", "),
                        if chars.len() > 5 { ", …" } else { "" }
                    )
                }
            }
        } else {
            describe(kind).to_owned()
        };
        cx.push_counted(
            Category::Url,
            kind.name(),
            Severity::Warning,
            format!("`{}` on `<{element}>`: {what} in {}", link.attr, quote(raw)),
            w,
            positions.len(),
        );
    }
}

/// Where the link's raw URL is, and whether that place has exactly `raw`'s length (so that an
/// error's byte position in `raw` can be added to it).
fn raw_where(cx: &Cx<'_, '_>, link: &Link<'_>) -> (Option<Where>, bool) {
    if let Some(span) = link.span {
        return (Some(Where::Bytes(span)), span.len() == link.raw.len());
    }
    // TODO(spans): fallback for documents without attribute spans: the value in the text.
    let attr = cx.doc.attrs(link.element).find(|a| a.name() == link.attr);
    match attr.map(|a| cx.attr_where(link.element, &a, true)) {
        Some(Where::Text(r)) => {
            let r = narrow(cx.source.text(), r, link.raw);
            let exact = r.len() == link.raw.len();
            (Some(Where::Text(r)), exact)
        }
        Some(w) => (Some(w), false),
        None => (None, false),
    }
}

/// Narrows the text range of a whole attribute value to `raw` when `raw` occurs in it (a
/// `srcset` candidate).
fn narrow(text: &str, r: Range<usize>, raw: &str) -> Range<usize> {
    match text.get(r.clone()).and_then(|v| v.find(raw)) {
        Some(k) if !raw.is_empty() => r.start + k..r.start + k + raw.len(),
        _ => r,
    }
}
