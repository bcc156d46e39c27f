//! Crawl inputs for the websyntax jobs: what a crawler has on disk, turned into HTML documents.
//!
//! - [`warc`]: WARC files (ISO 28500:2017, "WARC 1.1"), plain or gzip-compressed one member
//!   per record as Common Crawl writes them, read record by record without holding the file.
//! - [`http`]: the HTTP/1.1 response inside a `response` record (RFC 9112): status line,
//!   header fields, `Transfer-Encoding: chunked` and `Content-Encoding: gzip`/`deflate`.
//! - [`mime`]: the `Content-Type` header's MIME type and `charset` parameter (MIME Sniffing
//!   Standard, "parse a MIME type"), and the HTML patterns of "rules for identifying an
//!   unknown MIME type" for responses that declare none.
//! - [`gzip`]: gzip-compressed documents, recognised by their magic bytes.
//!
//! [`open`] looks at the start of a byte stream and says which of these it is; [`HtmlRecords`]
//! yields each `response` record with an HTML body as one [`HtmlRecord`]: its bytes, its URL
//! (`WARC-Target-URI`), its `WARC-Record-ID` and its transport-layer charset (the HTTP
//! `Content-Type`'s `charset`), ready for the HTML byte-stream parser.
//!
//! ```
//! use std::io::Cursor;
//! use websyntax_crawl::{open, Opened};
//!
//! let http = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=iso-8859-1\r\n\r\n<p>caf\u{e9}";
//! let warc = format!(
//!     "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.org/\r\n\
//!      WARC-Record-ID: <urn:uuid:1>\r\nContent-Length: {}\r\n\r\n{http}\r\n\r\n",
//!     http.len()
//! );
//! let Opened::Warc(records) = open(Cursor::new(warc.into_bytes()), 1 << 20).unwrap() else {
//!     panic!("a WARC file")
//! };
//! let docs: Vec<_> = records.collect::<Result<_, _>>().unwrap();
//! assert_eq!(docs[0].url.as_deref(), Some("https://example.org/"));
//! assert_eq!(docs[0].record_id.as_deref(), Some("<urn:uuid:1>"));
//! assert_eq!(docs[0].charset.as_deref(), Some("iso-8859-1"));
//! assert_eq!(docs[0].body, "<p>caf\u{e9}".as_bytes());
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::io::{BufRead, BufReader, Cursor, Read};

pub mod gzip;
pub mod http;
pub mod mime;
pub mod warc;

pub use warc::{Record, WarcReader};

/// What went wrong reading a crawl input. Each message says what and, where it can, where
/// (the byte offset in the decompressed stream).
#[derive(Debug)]
pub enum Error {
    /// Reading failed (including a corrupt or truncated gzip stream).
    Io(std::io::Error),
    /// The data is not what it should be at `offset` (a WARC header line, a field, the
    /// record's end).
    Malformed {
        /// Byte offset in the (decompressed) stream.
        offset: u64,
        /// What was expected and found.
        message: String,
    },
    /// A document or record block larger than the limit given to [`open`] (it was skipped).
    TooLarge {
        /// The record's `WARC-Target-URI`, if any.
        url: Option<String>,
        /// The limit in bytes.
        limit: usize,
    },
}

impl Error {
    /// Whether reading can go on after this error (only a record that was too large is
    /// skipped; after the others the rest of the stream cannot be trusted).
    pub fn is_fatal(&self) -> bool {
        !matches!(self, Error::TooLarge { .. })
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::Malformed { offset, message } => write!(f, "byte {offset}: {message}"),
            Error::TooLarge { url, limit } => match url {
                Some(u) => write!(f, "{u}: larger than {limit} bytes, skipped"),
                None => write!(f, "larger than {limit} bytes"),
            },
        }
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

/// A byte stream as [`open`] found it.
pub enum Opened<'a> {
    /// A WARC file (plain or gzip): its HTML responses, one by one.
    Warc(HtmlRecords<Box<dyn BufRead + Send + 'a>>),
    /// Anything else: its bytes, decompressed when it was gzip (`gzip` is then true).
    Bytes {
        /// The bytes (decompressed).
        bytes: Vec<u8>,
        /// Whether the stream was gzip-compressed.
        gzip: bool,
    },
}

/// Looks at the start of `input`: gzip (magic bytes `1F 8B`) is decompressed on the fly
/// (every member, as `gzip -d` does); a stream that then starts with `WARC/` is a WARC file,
/// read lazily; anything else is read whole. `max` bounds a document's (decompressed) size
/// and a kept WARC record's block: beyond it, [`Error::TooLarge`].
pub fn open<'a>(input: impl BufRead + Send + 'a, max: usize) -> Result<Opened<'a>, Error> {
    let (head, input) = peek(input, 2)?;
    let gzip = gzip::is_gzip(&head);
    let input = Cursor::new(head).chain(input);
    let stream: Box<dyn BufRead + Send + 'a> = if gzip {
        Box::new(BufReader::with_capacity(
            256 * 1024,
            flate2::bufread::MultiGzDecoder::new(input),
        ))
    } else {
        Box::new(input)
    };
    let (head, stream) = peek(stream, 5)?;
    let mut stream = Cursor::new(head).chain(stream);
    if stream.get_ref().0.get_ref().starts_with(b"WARC/") {
        return Ok(Opened::Warc(HtmlRecords::new(WarcReader::new(
            Box::new(stream),
            max,
        ))));
    }
    let mut bytes = Vec::new();
    (&mut stream).take(max as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > max {
        return Err(Error::TooLarge {
            url: None,
            limit: max,
        });
    }
    Ok(Opened::Bytes { bytes, gzip })
}

/// The first `n` bytes of `input` (fewer when it is shorter), read however the stream hands
/// them out (a pipe may give one byte at a time), and the rest of the stream.
fn peek<R: Read>(mut input: R, n: usize) -> std::io::Result<(Vec<u8>, R)> {
    let mut head = Vec::with_capacity(n);
    (&mut input).take(n as u64).read_to_end(&mut head)?;
    Ok((head, input))
}

/// One HTML document from a WARC `response` record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HtmlRecord {
    /// The record's `WARC-Target-URI` (angle brackets, if any, removed).
    pub url: Option<String>,
    /// The record's `WARC-Record-ID`, as written (`<urn:uuid:…>`).
    pub record_id: Option<String>,
    /// The HTTP `Content-Type`'s `charset` parameter: the transport-layer charset label.
    pub charset: Option<String>,
    /// The HTTP status code.
    pub status: u16,
    /// The response body, with its transfer and content codings removed.
    pub body: Vec<u8>,
}

/// The `response` records with an HTML body (HTTP `Content-Type` `text/html` or
/// `application/xhtml+xml`, or none and a body that sniffs as HTML) of a WARC file, as
/// [`HtmlRecord`]s. Other records are skipped without keeping their blocks. After a fatal
/// [`Error`] the iterator ends.
pub struct HtmlRecords<R> {
    reader: WarcReader<R>,
    done: bool,
}

impl<R: BufRead> HtmlRecords<R> {
    /// The HTML responses of `reader`'s records.
    pub fn new(reader: WarcReader<R>) -> Self {
        HtmlRecords {
            reader,
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for HtmlRecords<R> {
    type Item = Result<HtmlRecord, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let record = match self.reader.next_kept(|r| {
                r.header("WARC-Type")
                    .is_some_and(|t| t.eq_ignore_ascii_case("response"))
            }) {
                Ok(Some(r)) => r,
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(e) => {
                    self.done = e.is_fatal();
                    return Some(Err(e));
                }
            };
            if let Some(doc) = html_record(&record) {
                return Some(Ok(doc));
            }
        }
        None
    }
}

/// The HTML document in a `response` record, or `None` when its block is not an HTTP
/// response with an HTML body (a `dns:` response, an image, a stylesheet).
pub fn html_record(record: &Record) -> Option<HtmlRecord> {
    let response = http::Response::parse(&record.block)?;
    let content_type = response.header("Content-Type").map(mime::MimeType::parse);
    let is_html = match &content_type {
        Some(Some(t)) if !t.is_unknown() => t.is_html(),
        _ => mime::sniffs_as_html(&response.body),
    };
    if !is_html {
        return None;
    }
    Some(HtmlRecord {
        url: record.target_uri().map(str::to_owned),
        record_id: record.header("WARC-Record-ID").map(str::to_owned),
        charset: content_type
            .flatten()
            .and_then(|t| t.charset().map(str::to_owned)),
        status: response.status,
        body: response.body,
    })
}
