//! MIME types as the MIME Sniffing Standard parses them ("parse a MIME type", §4.4), enough to
//! tell HTML responses and their `charset`, and the HTML patterns of "rules for identifying an
//! unknown MIME type" (§7.1) for responses that declare no type.

/// HTTP whitespace: tab, line feed, carriage return, space.
fn is_http_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' ')
}

/// An HTTP token code point.
fn is_token(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c)
}

/// A parsed MIME type: its essence (`type/subtype`, lowercase) and parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MimeType {
    essence: String,
    parameters: Vec<(String, String)>,
}

impl MimeType {
    /// "Parse a MIME type": `None` for a string that is not one (no `/`, a type or subtype
    /// that is not a token). Parameter names are lowercased; the first of two parameters of
    /// one name wins; quoted values are unquoted.
    pub fn parse(input: &str) -> Option<MimeType> {
        // 1. Remove leading and trailing HTTP whitespace.
        let input = input.trim_matches(is_http_space);
        // 2-6. The type, up to "/".
        let (ty, rest) = input.split_once('/')?;
        if ty.is_empty() || !ty.chars().all(is_token) {
            return None;
        }
        // 7-10. The subtype, up to ";", trailing whitespace removed.
        let (subtype, mut params) = rest.split_once(';').unwrap_or((rest, ""));
        let subtype = subtype.trim_end_matches(is_http_space);
        if subtype.is_empty() || !subtype.chars().all(is_token) {
            return None;
        }
        let mut mime = MimeType {
            essence: format!("{}/{}", ty, subtype).to_ascii_lowercase(),
            parameters: Vec::new(),
        };
        // 11. The parameters.
        while !params.is_empty() {
            params = params.trim_start_matches(is_http_space);
            let end = params.find([';', '=']).unwrap_or(params.len());
            let name = params[..end].to_ascii_lowercase();
            params = &params[end..];
            if let Some(rest) = params.strip_prefix(';') {
                params = rest;
                continue;
            }
            let Some(rest) = params.strip_prefix('=') else {
                break;
            };
            params = rest;
            let value;
            if let Some(rest) = params.strip_prefix('"') {
                // "Collect an HTTP quoted string" with the extract-value flag.
                let mut v = String::new();
                let mut chars = rest.char_indices();
                let mut consumed = rest.len();
                while let Some((i, c)) = chars.next() {
                    match c {
                        '\\' => match chars.next() {
                            Some((_, e)) => v.push(e),
                            None => v.push('\\'),
                        },
                        '"' => {
                            consumed = i + 1;
                            break;
                        }
                        c => v.push(c),
                    }
                }
                params = &rest[consumed..];
                let skip = params.find(';').unwrap_or(params.len());
                params = &params[skip..];
                value = v;
            } else {
                let end = params.find(';').unwrap_or(params.len());
                value = params[..end].trim_end_matches(is_http_space).to_owned();
                params = &params[end..];
                if value.is_empty() {
                    params = params.strip_prefix(';').unwrap_or(params);
                    continue;
                }
            }
            params = params.strip_prefix(';').unwrap_or(params);
            let valid_value = value
                .chars()
                .all(|c| matches!(c, '\t' | ' '..='~' | '\u{80}'..='\u{FF}'));
            if !name.is_empty()
                && name.chars().all(is_token)
                && valid_value
                && !mime.parameters.iter().any(|(n, _)| *n == name)
            {
                mime.parameters.push((name, value));
            }
        }
        Some(mime)
    }

    /// `type/subtype`, lowercase.
    pub fn essence(&self) -> &str {
        &self.essence
    }

    /// The value of parameter `name` (lowercase).
    pub fn parameter(&self, name: &str) -> Option<&str> {
        self.parameters
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The `charset` parameter.
    pub fn charset(&self) -> Option<&str> {
        self.parameter("charset")
    }

    /// An HTML MIME type (`text/html`), or XHTML (`application/xhtml+xml`), which the HTML
    /// jobs read as HTML too.
    pub fn is_html(&self) -> bool {
        matches!(self.essence(), "text/html" | "application/xhtml+xml")
    }

    /// A type that says nothing (`unknown/unknown`, `application/unknown`, `*/*`): the
    /// MIME Sniffing Standard sniffs such responses as if no type was given.
    pub fn is_unknown(&self) -> bool {
        matches!(
            self.essence(),
            "unknown/unknown" | "application/unknown" | "*/*"
        )
    }
}

/// Whether `body` matches one of the HTML patterns of "rules for identifying an unknown MIME
/// type" (§7.1): after leading whitespace bytes, `<!DOCTYPE HTML`, `<HTML`, `<HEAD`,
/// `<SCRIPT`, `<IFRAME`, `<H1`, `<DIV`, `<FONT`, `<TABLE`, `<A`, `<STYLE`, `<TITLE`, `<B`,
/// `<BODY`, `<BR`, `<P` (ASCII case-insensitive) followed by a space or `>`, or `<!--`.
/// Only the first 1,445 bytes (the resource header) are looked at.
pub fn sniffs_as_html(body: &[u8]) -> bool {
    const TAGS: [&[u8]; 16] = [
        b"<!DOCTYPE HTML",
        b"<HTML",
        b"<HEAD",
        b"<SCRIPT",
        b"<IFRAME",
        b"<H1",
        b"<DIV",
        b"<FONT",
        b"<TABLE",
        b"<A",
        b"<STYLE",
        b"<TITLE",
        b"<B",
        b"<BODY",
        b"<BR",
        b"<P",
    ];
    let header = body.get(..1445).unwrap_or(body);
    let start = header
        .iter()
        .position(|b| !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' '))
        .unwrap_or(header.len());
    let rest = &header[start..];
    if rest.starts_with(b"<!--") {
        return true;
    }
    TAGS.iter().any(|tag| {
        rest.len() > tag.len()
            && rest[..tag.len()].eq_ignore_ascii_case(tag)
            && matches!(rest[tag.len()], b' ' | b'>')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types() {
        let t = MimeType::parse(" Text/HTML ; Charset=\"Shift_JIS\" ; charset=utf-8").unwrap();
        assert_eq!(t.essence(), "text/html");
        assert!(t.is_html());
        assert_eq!(t.charset(), Some("Shift_JIS"));
        let t = MimeType::parse("application/xhtml+xml;charset=").unwrap();
        assert!(t.is_html() && t.charset().is_none());
        let t = MimeType::parse("text/html;foo;charset=koi8-r").unwrap();
        assert_eq!(t.charset(), Some("koi8-r"));
        assert!(MimeType::parse("text").is_none());
        assert!(MimeType::parse("te xt/html").is_none());
        assert!(MimeType::parse("*/*").unwrap().is_unknown());
        assert!(!MimeType::parse("image/png").unwrap().is_html());
    }

    #[test]
    fn html_patterns() {
        assert!(sniffs_as_html(b"  \n<!doctype html><p>"));
        assert!(sniffs_as_html(b"<p>x"));
        assert!(sniffs_as_html(b"<!-- c -->"));
        assert!(sniffs_as_html(b"<TABLE border=1>"));
        assert!(!sniffs_as_html(b"<pre>"));
        assert!(!sniffs_as_html(b"<?xml version='1.0'?>"));
        assert!(!sniffs_as_html(b"\x89PNG\r\n"));
        assert!(!sniffs_as_html(b"<p"));
    }
}
