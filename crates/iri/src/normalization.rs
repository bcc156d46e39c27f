//! RFC 3986 §6.2.2 syntax-based normalization: §6.2.2.1 case, §6.2.2.2 percent-encoding,
//! §6.2.2.3 path segment normalization.

use crate::components::{HostKind, Reference};
use crate::error::Error;
use crate::resolution::remove_dot_segments_into;
use crate::syntax::{is_unreserved, parse_reference};

/// Normalizes an IRI-reference (every URI-reference is one) by the syntax-based rules of
/// RFC 3986 §6.2.2:
///
/// - §6.2.2.1 case: the scheme and the host are lowercased (ASCII letters only), and the hex
///   digits of every percent-encoding are uppercased;
/// - §6.2.2.2 percent-encoding: triplets that encode an `unreserved` character are decoded;
/// - §6.2.2.3 path segments: `remove_dot_segments` is applied to the path of a reference that
///   has a scheme (in a relative reference, dot segments are meaningful until it is resolved).
///   Should that leave a path starting with `//` where there is no authority, `/.` is
///   prepended so that the result keeps its meaning (otherwise `a:/.//b` would turn into the
///   authority-bearing `a://b`).
///
/// Scheme-based normalization (§6.2.3: default ports, empty paths) is not done.
///
/// ```
/// use websyntax_iri::normalize;
/// assert_eq!(normalize("HTTP://www.EXAMPLE.com/a/./b/../%7euser%2fx").unwrap(),
///            "http://www.example.com/a/~user%2Fx");
/// assert_eq!(normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap(),
///            "example://a/b/c/%7Bfoo%7D");
/// ```
pub fn normalize(input: &str) -> Result<String, Error> {
    let r = parse_reference::<true>(input)?;
    Ok(normalize_reference(&r))
}

/// [`normalize`] on an already parsed reference.
pub(crate) fn normalize_reference(r: &Reference<'_>) -> String {
    let mut out = String::with_capacity(r.input.len());
    if let Some(s) = r.scheme {
        out.push_str(&s.to_ascii_lowercase());
        out.push(':');
    }
    if let Some(a) = r.authority {
        out.push_str("//");
        if let Some(u) = a.userinfo {
            pct_normalize(u, &mut out);
            out.push('@');
        }
        let from = out.len();
        match a.host_kind {
            HostKind::RegName => pct_normalize(a.host, &mut out),
            _ => out.push_str(a.host),
        }
        // Only ASCII letters change, so the byte boundaries stay where they are.
        let lowered = out[from..].to_ascii_lowercase();
        out.truncate(from);
        out.push_str(&lowered);
        if let Some(p) = a.port {
            out.push(':');
            out.push_str(p);
        }
    }
    let mut path = String::with_capacity(r.path.len());
    pct_normalize(r.path, &mut path);
    if r.scheme.is_some() {
        let from = out.len();
        remove_dot_segments_into(&path, &mut out);
        if r.authority.is_none() && out[from..].starts_with("//") {
            out.insert_str(from, "/.");
        }
    } else {
        out.push_str(&path);
    }
    if let Some(q) = r.query {
        out.push('?');
        pct_normalize(q, &mut out);
    }
    if let Some(f) = r.fragment {
        out.push('#');
        pct_normalize(f, &mut out);
    }
    out
}

/// §6.2.2.1 / §6.2.2.2 on one component: decode `%XX` of unreserved characters, uppercase the
/// hex digits of the others.
fn pct_normalize(s: &str, out: &mut String) {
    let b = s.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while let Some(k) = b
        .get(i..)
        .and_then(|rest| rest.iter().position(|&c| c == b'%'))
    {
        let p = i + k;
        let (Some(&h), Some(&l)) = (b.get(p + 1), b.get(p + 2)) else {
            break;
        };
        let (Some(hv), Some(lv)) = (hex_value(h), hex_value(l)) else {
            i = p + 1;
            continue;
        };
        out.push_str(s.get(copied..p).unwrap_or_default());
        let byte = hv << 4 | lv;
        if is_unreserved(byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(h.to_ascii_uppercase()));
            out.push(char::from(l.to_ascii_uppercase()));
        }
        i = p + 3;
        copied = i;
    }
    out.push_str(s.get(copied..).unwrap_or_default());
}

fn hex_value(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_6_2_2_examples() {
        // §6.2.2: these normalize to the same string.
        assert_eq!(
            normalize("example://a/b/c/%7Bfoo%7D").unwrap(),
            normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap()
        );
        assert_eq!(
            normalize("HTTP://www.Example.com/").unwrap(),
            "http://www.example.com/"
        );
        assert_eq!(normalize("http://[::A]/").unwrap(), "http://[::a]/");
        assert_eq!(normalize("a:/.//b").unwrap(), "a:/.//b");
        assert_eq!(normalize("a:b/../..//c").unwrap(), "a:/.//c");
        assert_eq!(normalize("../%41").unwrap(), "../A");
        assert_eq!(normalize("http://%41%2e.com/").unwrap(), "http://a..com/");
    }
}
