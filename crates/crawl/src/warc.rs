//! WARC records (ISO 28500:2017, "WARC 1.1", §4-5), read one at a time from a stream:
//!
//! ```text
//! warc-record = header CRLF block CRLF CRLF
//! header      = version warc-fields
//! version     = "WARC/1.1" CRLF        (1.0 and 0.18 files are read alike)
//! warc-fields = *named-field CRLF
//! named-field = field-name ":" [ field-value ]   (continued on lines that start with LWS)
//! ```
//!
//! The block's length is the record's `Content-Length`. Blocks the caller does not keep are
//! skipped without being held in memory. Readers are lenient where writers are known to be
//! sloppy (bare LF line ends, blank lines between records, a missing record trailer) and strict
//! where guessing would desynchronise the stream (a record that does not start with `WARC/`, a
//! missing or invalid `Content-Length`, a block cut short).

use std::io::{BufRead, Read};

use crate::Error;

/// The longest header line read (a longer one is an error, not an allocation).
const MAX_LINE: usize = 64 * 1024;
/// The most header bytes one record may have.
const MAX_HEADER: usize = 1 << 20;

/// One WARC record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Byte offset of the record's first byte in the (decompressed) stream.
    pub offset: u64,
    /// The version line without `WARC/` (`1.1`).
    pub version: String,
    /// The named fields, in order, names as written, values without surrounding whitespace.
    pub headers: Vec<(String, String)>,
    /// The block (`Content-Length` bytes); empty for a record that was not kept.
    pub block: Vec<u8>,
}

impl Record {
    /// The value of the first field named `name` (field names are case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// `WARC-Target-URI`, without the angle brackets WARC 1.0's grammar had some writers add.
    pub fn target_uri(&self) -> Option<&str> {
        let uri = self.header("WARC-Target-URI")?;
        Some(
            uri.strip_prefix('<')
                .and_then(|u| u.strip_suffix('>'))
                .unwrap_or(uri),
        )
    }
}

/// Reads WARC records from a byte stream (already decompressed: see [`crate::open`]).
pub struct WarcReader<R> {
    input: R,
    offset: u64,
    max_block: usize,
}

impl<R: BufRead> WarcReader<R> {
    /// A reader of `input` that keeps blocks of at most `max_block` bytes.
    pub fn new(input: R, max_block: usize) -> Self {
        WarcReader {
            input,
            offset: 0,
            max_block,
        }
    }

    /// The next record, with its block, or `None` at the end of the stream.
    pub fn next_record(&mut self) -> Result<Option<Record>, Error> {
        self.next_kept(|_| true)
    }

    /// The next record for which `keep` (given the record without its block) is true; the
    /// blocks of the others are skipped unread into memory. A kept record whose block is
    /// larger than the limit is skipped too and reported as [`Error::TooLarge`] (reading can
    /// go on after it).
    pub fn next_kept(
        &mut self,
        mut keep: impl FnMut(&Record) -> bool,
    ) -> Result<Option<Record>, Error> {
        loop {
            let Some(mut record) = self.read_header()? else {
                return Ok(None);
            };
            let length = record
                .header("Content-Length")
                .and_then(|v| v.trim().parse::<u64>().ok())
                .ok_or_else(|| Error::Malformed {
                    offset: record.offset,
                    message: "the record has no valid Content-Length".to_owned(),
                })?;
            let wanted = keep(&record);
            let too_large = wanted && length > self.max_block as u64;
            if wanted && !too_large {
                let mut block = Vec::with_capacity(length.min(1 << 20) as usize);
                (&mut self.input).take(length).read_to_end(&mut block)?;
                record.block = block;
            } else {
                std::io::copy(&mut (&mut self.input).take(length), &mut std::io::sink())?;
            }
            // Counted before the length check so that the message's offset is right.
            let got = if wanted && !too_large {
                record.block.len() as u64
            } else {
                length
            };
            self.offset += got;
            if wanted && !too_large && got < length {
                return Err(Error::Malformed {
                    offset: self.offset,
                    message: format!(
                        "the record at byte {} is cut short: {got} of its {length} bytes",
                        record.offset
                    ),
                });
            }
            self.skip_line_ends(2)?;
            if too_large {
                return Err(Error::TooLarge {
                    url: record.target_uri().map(str::to_owned),
                    limit: self.max_block,
                });
            }
            if wanted {
                return Ok(Some(record));
            }
        }
    }

    /// Reads the version line and the named fields; `None` at the end of the stream.
    fn read_header(&mut self) -> Result<Option<Record>, Error> {
        // Blank lines between records are skipped.
        let mut line = Vec::new();
        loop {
            let start = self.offset;
            if !self.read_line(&mut line)? {
                return Ok(None);
            }
            let text = trim_eol(&line);
            if text.is_empty() {
                continue;
            }
            let Some(version) = text.strip_prefix(b"WARC/") else {
                return Err(Error::Malformed {
                    offset: start,
                    message: format!(
                        "expected a WARC record (a `WARC/1.1` line), found {:?}",
                        String::from_utf8_lossy(&text[..text.len().min(40)])
                    ),
                });
            };
            let mut record = Record {
                offset: start,
                version: String::from_utf8_lossy(version).trim().to_owned(),
                ..Record::default()
            };
            let mut size = line.len();
            loop {
                let at = self.offset;
                if !self.read_line(&mut line)? {
                    return Err(Error::Malformed {
                        offset: at,
                        message: "the stream ends inside a record's header".to_owned(),
                    });
                }
                size += line.len();
                if size > MAX_HEADER {
                    return Err(Error::Malformed {
                        offset: at,
                        message: format!("a record header longer than {MAX_HEADER} bytes"),
                    });
                }
                let field = trim_eol(&line);
                if field.is_empty() {
                    return Ok(Some(record));
                }
                let field = String::from_utf8_lossy(field);
                if field.starts_with([' ', '\t']) {
                    // A continuation line (LWS): part of the previous field's value.
                    if let Some((_, v)) = record.headers.last_mut() {
                        v.push(' ');
                        v.push_str(field.trim());
                    }
                    continue;
                }
                let Some((name, value)) = field.split_once(':') else {
                    return Err(Error::Malformed {
                        offset: at,
                        message: format!("expected a `Name: value` field, found {field:?}"),
                    });
                };
                record
                    .headers
                    .push((name.trim().to_owned(), value.trim().to_owned()));
            }
        }
    }

    /// Reads one line (at most [`MAX_LINE`] bytes) into `line`; false at the end of input.
    fn read_line(&mut self, line: &mut Vec<u8>) -> Result<bool, Error> {
        line.clear();
        let n = (&mut self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', line)?;
        self.offset += n as u64;
        if line.len() > MAX_LINE {
            return Err(Error::Malformed {
                offset: self.offset - n as u64,
                message: format!("a header line longer than {MAX_LINE} bytes"),
            });
        }
        Ok(n > 0)
    }

    /// Skips up to `n` line ends (CRLF or LF) after a block.
    fn skip_line_ends(&mut self, n: usize) -> Result<(), Error> {
        for _ in 0..n {
            let buf = self.input.fill_buf()?;
            let len = if buf.starts_with(b"\r\n") {
                2
            } else if buf.starts_with(b"\n") {
                1
            } else if buf == b"\r" {
                // A CR at the end of a buffer: take it and look for the LF.
                self.input.consume(1);
                self.offset += 1;
                let buf = self.input.fill_buf()?;
                usize::from(buf.starts_with(b"\n"))
            } else {
                return Ok(());
            };
            self.input.consume(len);
            self.offset += len as u64;
        }
        Ok(())
    }
}

/// `line` without its CRLF or LF.
fn trim_eol(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(kind: &str, uri: &str, block: &[u8]) -> Vec<u8> {
        let mut r = format!(
            "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\n\
             WARC-Record-ID: <urn:uuid:{kind}>\r\nContent-Length: {}\r\n\r\n",
            block.len()
        )
        .into_bytes();
        r.extend_from_slice(block);
        r.extend_from_slice(b"\r\n\r\n");
        r
    }

    #[test]
    fn records_in_order_and_unkept_blocks_skipped() {
        let mut file = record("warcinfo", "", b"software: test\r\n");
        file.extend(record("request", "http://a/", b"GET / HTTP/1.1\r\n\r\n"));
        file.extend(record(
            "response",
            "<http://a/>",
            b"HTTP/1.1 200 OK\r\n\r\n<p>a",
        ));
        let mut r = WarcReader::new(&file[..], 1000);
        let got = r
            .next_kept(|r| r.header("warc-type") == Some("response"))
            .unwrap()
            .unwrap();
        assert_eq!(got.target_uri(), Some("http://a/"));
        assert_eq!(got.version, "1.1");
        assert_eq!(got.block, b"HTTP/1.1 200 OK\r\n\r\n<p>a");
        assert!(r.next_record().unwrap().is_none());
        let mut all = WarcReader::new(&file[..], 1000);
        let mut n = 0;
        while let Some(rec) = all.next_record().unwrap() {
            assert_eq!(&file[rec.offset as usize..][..5], b"WARC/");
            n += 1;
        }
        assert_eq!(n, 3);
    }

    #[test]
    fn errors_say_where() {
        let mut file = record("response", "http://a/", b"12345");
        file.extend_from_slice(b"garbage\r\n");
        let mut r = WarcReader::new(&file[..], 1000);
        assert!(r.next_record().unwrap().is_some());
        let e = r.next_record().unwrap_err();
        assert!(e.is_fatal());
        assert!(
            e.to_string()
                .starts_with(&format!("byte {}:", file.len() - 9)),
            "{e}"
        );
        // Cut short.
        let file = record("response", "http://a/", b"1234567890");
        let e = WarcReader::new(&file[..file.len() - 8], 1000)
            .next_record()
            .unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
        // Too large: skipped, reading goes on.
        let mut file = record("response", "http://big/", &[b'x'; 100]);
        file.extend(record("response", "http://small/", b"y"));
        let mut r = WarcReader::new(&file[..], 50);
        let e = r.next_record().unwrap_err();
        assert!(
            !e.is_fatal() && e.to_string().contains("http://big/"),
            "{e}"
        );
        assert_eq!(r.next_record().unwrap().unwrap().block, b"y");
        // No Content-Length.
        let e = WarcReader::new(&b"WARC/1.0\nWARC-Type: response\n\n"[..], 10)
            .next_record()
            .unwrap_err();
        assert!(e.to_string().contains("Content-Length"), "{e}");
    }
}
