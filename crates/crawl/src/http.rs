//! The HTTP/1.1 response stored in a WARC `response` record (RFC 9112): the status line, the
//! header fields, and the body with its codings removed, so that the HTML parser sees the
//! bytes a browser would.
//!
//! Crawlers differ in what they store: some keep the bytes as they came over the wire
//! (chunked, gzip), others decode them and keep the original header fields (Common Crawl
//! renames them `X-Crawler-Transfer-Encoding` / `X-Crawler-Content-Encoding`). So a coding is
//! removed only when the body is in that coding: a body that is not valid chunked data, or
//! that does not start with gzip's magic bytes, is taken as it is.

use std::io::Read;

/// The most bytes a decoded body may have (a compressed body that inflates past it is kept
/// compressed, and is then not text).
const MAX_DECODED: u64 = 1 << 30;

/// A parsed HTTP response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// The status code (`200`).
    pub status: u16,
    /// The header fields in order, names as written.
    pub headers: Vec<(String, String)>,
    /// The body, transfer coding (`chunked`) and content coding (`gzip`, `x-gzip`, `deflate`)
    /// removed.
    pub body: Vec<u8>,
}

impl Response {
    /// Parses `message` as an HTTP/1.x response; `None` when it does not start with a status
    /// line (`HTTP/1.1 200 OK`) or has no end of its header section.
    pub fn parse(message: &[u8]) -> Option<Response> {
        // RFC 9112 §4: status-line = HTTP-version SP status-code SP [ reason-phrase ].
        if !message.starts_with(b"HTTP/") {
            return None;
        }
        let (head, body) = split_head(message)?;
        let head = String::from_utf8_lossy(head);
        let mut lines = head.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
        let status_line = lines.next()?;
        let status = status_line
            .split(' ')
            .nth(1)
            .filter(|s| s.len() == 3)
            .and_then(|s| s.parse().ok())?;
        // §5: field-line = field-name ":" OWS field-value OWS; obsolete line folding (a line
        // starting with a space or tab) continues the previous value.
        let mut headers: Vec<(String, String)> = Vec::new();
        for line in lines {
            if line.starts_with([' ', '\t']) {
                if let Some((_, v)) = headers.last_mut() {
                    v.push(' ');
                    v.push_str(line.trim_matches([' ', '\t']));
                }
                continue;
            }
            if let Some((name, value)) = line.split_once(':') {
                headers.push((
                    name.trim().to_owned(),
                    value.trim_matches([' ', '\t']).to_owned(),
                ));
            }
        }
        let mut response = Response {
            status,
            headers,
            body: Vec::new(),
        };
        let mut body = body.to_vec();
        if response.has_coding("Transfer-Encoding", "chunked")
            && let Some(b) = dechunk(&body)
        {
            body = b;
        }
        if (response.has_coding("Content-Encoding", "gzip")
            || response.has_coding("Content-Encoding", "x-gzip"))
            && crate::gzip::is_gzip(&body)
            && let Ok(b) = crate::gzip::decompress(&body, MAX_DECODED as usize)
        {
            body = b;
        } else if response.has_coding("Content-Encoding", "deflate")
            && let Some(b) = inflate(&body)
        {
            body = b;
        }
        response.body = body;
        Some(response)
    }

    /// The value of the last header field named `name` (ASCII case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whether a field `name` lists `coding` (comma-separated, ASCII case-insensitive).
    fn has_coding(&self, name: &str, coding: &str) -> bool {
        self.headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .flat_map(|(_, v)| v.split(','))
            .any(|c| c.trim().eq_ignore_ascii_case(coding))
    }
}

/// The header section and the body: split at the first empty line (CRLF CRLF, or LF LF as
/// RFC 9112 §2.2 allows a recipient to accept).
fn split_head(message: &[u8]) -> Option<(&[u8], &[u8])> {
    let mut i = 0;
    while let Some(n) = message[i..].iter().position(|&b| b == b'\n') {
        let end = i + n + 1;
        let next = &message[end..];
        if next.starts_with(b"\r\n") {
            return Some((&message[..end], &next[2..]));
        }
        if next.starts_with(b"\n") {
            return Some((&message[..end], &next[1..]));
        }
        i = end;
    }
    None
}

/// Removes the chunked transfer coding (RFC 9112 §7.1): `chunk-size [chunk-ext] CRLF
/// chunk-data CRLF`, ... `0 CRLF [trailers] CRLF`. `None` when `body` is not chunked data.
/// A body cut short after whole chunks (a truncated record) keeps what it has.
fn dechunk(body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len());
    let mut rest = body;
    loop {
        let nl = rest.iter().position(|&b| b == b'\n')?;
        let line = &rest[..nl];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let size = line.split(|&b| b == b';').next()?;
        let size = std::str::from_utf8(size).ok()?.trim_matches([' ', '\t']);
        if size.is_empty() || !size.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let size = usize::from_str_radix(size, 16).ok()?;
        rest = &rest[nl + 1..];
        if size == 0 {
            return Some(out);
        }
        if rest.len() < size {
            // Truncated inside a chunk: keep what is there.
            out.extend_from_slice(rest);
            return Some(out);
        }
        out.extend_from_slice(&rest[..size]);
        rest = &rest[size..];
        rest = rest
            .strip_prefix(b"\r\n")
            .or_else(|| rest.strip_prefix(b"\n"))
            .unwrap_or(rest);
        if rest.is_empty() {
            return Some(out);
        }
    }
}

/// Removes the `deflate` content coding: a zlib stream (RFC 9110 §8.4.1.2), or the raw
/// deflate data some servers send instead.
fn inflate(body: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    if flate2::read::ZlibDecoder::new(body)
        .take(MAX_DECODED)
        .read_to_end(&mut out)
        .is_ok()
    {
        return Some(out);
    }
    out.clear();
    flate2::read::DeflateDecoder::new(body)
        .take(MAX_DECODED)
        .read_to_end(&mut out)
        .ok()?;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn status_headers_and_folding() {
        let r = Response::parse(
            b"HTTP/1.1 404 Not Found\r\nContent-Type: text/html;\r\n charset=utf-8\r\nX: y\r\n\r\n<p>gone",
        )
        .unwrap();
        assert_eq!(r.status, 404);
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        assert_eq!(r.body, b"<p>gone");
        assert!(Response::parse(b"<p>not http").is_none());
        assert!(Response::parse(b"HTTP/1.1 200 OK\r\nX: y").is_none());
        let lf = Response::parse(b"HTTP/1.0 200 OK\nA: b\n\nbody").unwrap();
        assert_eq!(lf.body, b"body");
    }

    #[test]
    fn chunked_and_gzip_bodies() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"<p>hello, world").unwrap();
        let gz = gz.finish().unwrap();
        let mut chunked = Vec::new();
        for piece in gz.chunks(7) {
            write!(chunked, "{:x};ext=1\r\n", piece.len()).unwrap();
            chunked.extend_from_slice(piece);
            chunked.extend_from_slice(b"\r\n");
        }
        chunked.extend_from_slice(b"0\r\nTrailer: x\r\n\r\n");
        let mut message = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\
                            Content-Encoding: gzip\r\n\r\n"
            .to_vec();
        message.extend_from_slice(&chunked);
        assert_eq!(Response::parse(&message).unwrap().body, b"<p>hello, world");
        // Headers that say chunked/gzip over a body already decoded: taken as it is.
        let decoded = Response::parse(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n<p>plain",
        )
        .unwrap();
        assert_eq!(decoded.body, b"<p>plain");
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(b"<p>z").unwrap();
        let mut message = b"HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n".to_vec();
        message.extend(z.finish().unwrap());
        assert_eq!(Response::parse(&message).unwrap().body, b"<p>z");
    }
}
