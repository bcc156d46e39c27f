//! The documents in the inputs of `select`, `links`, `text`, `markdown`, `check` and
//! `sanitize` (`docs/cli.md`, "Crawl inputs"): each input file (or stdin) is
//!
//! - a WARC file (`.warc`, `.warc.gz`, recognised by its content): one document per
//!   `response` record with an HTML body, with the record's URL, `WARC-Record-ID` and HTTP
//!   charset (`websyntax_crawl`);
//! - a gzip-compressed document (recognised by its magic bytes), decompressed;
//! - with `--input-format jsonl`, JSON lines `{"url", "html"}` or `{"url", "file"}`: one
//!   document per line;
//! - otherwise one document.
//!
//! A document that is not text (`websyntax_check::is_binary`) is skipped with one
//! `binary-input` warning, unless the command reports it itself (`check`).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;

use serde_json::Value;
use websyntax::encoding::Encoding;
use websyntax_crawl::{HtmlRecords, Opened};

use crate::inputs::{Expanded, Input};

/// The largest document (after decompression) or WARC record block read: 2 GiB.
pub const MAX_DOCUMENT: usize = 1 << 31;

/// How the inputs are read.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFormat {
    /// Each input is a document (HTML, gzip-compressed HTML) or a WARC file.
    #[default]
    Html,
    /// Each input holds JSON lines `{"url": URL, "html": STRING}` or `{"url": URL, "file":
    /// PATH}`, one document each.
    Jsonl,
}

/// The `--input-format` flag.
#[derive(clap::Args, Clone, Debug)]
pub struct InputArgs {
    /// `html` (default): each input is a document, gzip-compressed or not, or a WARC file
    /// (`.warc`, `.warc.gz`: each HTML response is a document with its own URL). `jsonl`:
    /// each input (stdin by default) holds one JSON object per line, `{"url": URL, "html":
    /// STRING}` or `{"url": URL, "file": PATH}`; each is a document whose URL is `url`.
    #[arg(long, value_enum, value_name = "html|jsonl", default_value = "html")]
    pub input_format: InputFormat,
}

/// One document to process.
#[derive(Debug)]
pub struct Doc {
    /// The name for messages and `"file"` keys: the path as given, `-` for stdin (for a
    /// WARC record or a JSON line: the file it is in; for `{"file"}`: that file).
    pub name: String,
    /// The document's own URL (`WARC-Target-URI`, or a JSON line's `url`), as written.
    pub url: Option<String>,
    /// The WARC record's `WARC-Record-ID`.
    pub record: Option<String>,
    /// The transport-layer charset (a WARC record's HTTP `Content-Type` charset; `utf-8`
    /// for a JSON line's `html` string).
    pub charset: Option<String>,
    /// A local file's path (for its `file:` URL), for a document read from a file of its own.
    pub path: Option<PathBuf>,
    /// The bytes.
    pub bytes: Vec<u8>,
}

impl Doc {
    /// The document's own URL, parsed (`None` without one, or when it does not parse).
    pub fn own_url(&self) -> Option<websyntax::url::Url> {
        websyntax::url::Url::parse(self.url.as_deref()?, None).ok()
    }

    /// A local file's `file:` URL.
    pub fn file_url(&self) -> Option<websyntax::url::Url> {
        websyntax::url::Url::from_file_path(self.path.as_deref()?).ok()
    }

    /// `"url"` and `"record"` added to a JSON output object, when the document has them
    /// (`url_key` is `"url"`, or another name where `"url"` means something else).
    pub fn add_keys(&self, v: &mut Value, url_key: &str) {
        if let Some(u) = &self.url {
            v[url_key] = Value::String(u.clone());
        }
        if let Some(r) = &self.record {
            v["record"] = Value::String(r.clone());
        }
    }
}

/// Why an input (or part of one) gave no document: the one-line message and the exit status
/// it warrants (1: the input was rejected, such as binary data or a malformed archive; 2: it
/// could not be read).
#[derive(Debug)]
pub struct Skip {
    /// The message, without the `websyntax: ` prefix.
    pub message: String,
    /// 1 or 2.
    pub status: u8,
}

impl Skip {
    fn unreadable(message: String) -> Skip {
        Skip { message, status: 2 }
    }
    fn rejected(message: String) -> Skip {
        Skip { message, status: 1 }
    }
}

/// Where the next documents come from.
enum Current {
    None,
    Warc {
        name: String,
        records: HtmlRecords<Box<dyn BufRead + Send + 'static>>,
    },
    Jsonl {
        name: String,
        lines: Box<dyn BufRead + Send + 'static>,
        line: usize,
    },
}

/// The documents of a command's inputs, in order (see the module docs).
pub struct Documents {
    inputs: std::vec::IntoIter<Input>,
    format: InputFormat,
    skip_binary: bool,
    current: Current,
}

impl Documents {
    /// The documents of `expanded`'s inputs. `skip_binary`: binary documents become
    /// `binary-input` [`Skip`]s (false for `check`, which reports them itself).
    pub fn new(expanded: Expanded, format: InputFormat, skip_binary: bool) -> Documents {
        Documents {
            inputs: expanded.inputs.into_iter(),
            format,
            skip_binary,
            current: Current::None,
        }
    }

    /// A document, unless it is binary and binaries are skipped.
    fn checked(&self, doc: Doc) -> Result<Doc, Skip> {
        let transport = doc.charset.as_deref().and_then(Encoding::for_label);
        if self.skip_binary && websyntax::check::is_binary(&doc.bytes, transport) {
            let what = match &doc.url {
                Some(u) => format!("{} ({u})", doc.name),
                None => doc.name.clone(),
            };
            return Err(Skip::rejected(format!(
                "warning: {what}: binary-input: not a text file (control bytes such as NUL; \
                 UTF-16 needs a byte order mark); skipped"
            )));
        }
        Ok(doc)
    }

    /// The next item of the current WARC or JSON-lines input, if any.
    fn next_in_current(&mut self) -> Option<Result<Doc, Skip>> {
        match &mut self.current {
            Current::None => None,
            Current::Warc { name, records } => match records.next() {
                None => {
                    self.current = Current::None;
                    None
                }
                Some(Err(e)) => Some(Err(Skip::rejected(format!("{name}: {e}")))),
                Some(Ok(r)) => {
                    let doc = Doc {
                        name: name.clone(),
                        url: r.url,
                        record: r.record_id,
                        charset: r.charset,
                        path: None,
                        bytes: r.body,
                    };
                    Some(self.checked(doc))
                }
            },
            Current::Jsonl { name, lines, line } => {
                let mut buf = Vec::new();
                let read = loop {
                    buf.clear();
                    let r = crate::jsonl::read_line(lines, &mut buf, crate::jsonl::MAX_LINE);
                    if let Ok(crate::jsonl::Line::Read | crate::jsonl::Line::TooLong) = r {
                        *line += 1;
                    }
                    // Blank lines (a trailing one) are not documents.
                    if !matches!(r, Ok(crate::jsonl::Line::Read))
                        || !buf.iter().all(u8::is_ascii_whitespace)
                    {
                        break r;
                    }
                };
                let at = format!("{name}:{line}");
                match read {
                    Err(e) => {
                        let message = format!("cannot read {name}: {e}");
                        self.current = Current::None;
                        Some(Err(Skip::unreadable(message)))
                    }
                    Ok(crate::jsonl::Line::End) => {
                        self.current = Current::None;
                        None
                    }
                    Ok(crate::jsonl::Line::TooLong) => Some(Err(Skip::rejected(format!(
                        "{at}: line longer than {} MiB, skipped",
                        crate::jsonl::MAX_LINE >> 20
                    )))),
                    Ok(crate::jsonl::Line::Read) => {
                        let name = name.clone();
                        Some(
                            jsonl_doc(&buf, name)
                                .map_err(|e| Skip::rejected(format!("{at}: {e}")))
                                .and_then(|d| self.checked(d)),
                        )
                    }
                }
            }
        }
    }

    /// Starts reading `input`; an item when it is a single document (or cannot be read).
    fn start(&mut self, input: Input) -> Option<Result<Doc, Skip>> {
        let name = input.name();
        let reader: Box<dyn BufRead + Send> = match &input {
            Input::Stdin => Box::new(BufReader::with_capacity(256 * 1024, std::io::stdin())),
            Input::File(p) => match std::fs::File::open(p) {
                Ok(f) => Box::new(BufReader::with_capacity(256 * 1024, f)),
                Err(e) => return Some(Err(Skip::unreadable(format!("cannot read {name}: {e}")))),
            },
        };
        if self.format == InputFormat::Jsonl {
            self.current = Current::Jsonl {
                name,
                lines: reader,
                line: 0,
            };
            return None;
        }
        let path = match input {
            Input::File(p) => Some(p),
            Input::Stdin => None,
        };
        match websyntax_crawl::open(reader, MAX_DOCUMENT) {
            Ok(Opened::Warc(records)) => {
                self.current = Current::Warc { name, records };
                None
            }
            Ok(Opened::Bytes { bytes, .. }) => Some(self.checked(Doc {
                name,
                url: None,
                record: None,
                charset: None,
                path,
                bytes,
            })),
            Err(websyntax_crawl::Error::Io(e)) => {
                Some(Err(Skip::unreadable(format!("cannot read {name}: {e}"))))
            }
            Err(e) => Some(Err(Skip::rejected(format!("{name}: {e}")))),
        }
    }
}

impl Iterator for Documents {
    type Item = Result<Doc, Skip>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.next_in_current() {
                return Some(item);
            }
            let input = self.inputs.next()?;
            if let Some(item) = self.start(input) {
                return Some(item);
            }
        }
    }
}

/// One JSON line of `--input-format jsonl`: `{"url", "html"}` or `{"url", "file"}`.
fn jsonl_doc(line: &[u8], source: String) -> Result<Doc, String> {
    let obj = crate::jsonl::line_object(line, &["url", "html", "file"])?;
    let url = crate::jsonl::opt_str(&obj, "url")?.map(str::to_owned);
    match (
        crate::jsonl::opt_str(&obj, "html")?,
        crate::jsonl::opt_str(&obj, "file")?,
    ) {
        (Some(html), None) => Ok(Doc {
            name: source,
            url,
            record: None,
            // A JSON string is Unicode text; its bytes here are UTF-8.
            charset: Some("utf-8".to_owned()),
            path: None,
            bytes: html.as_bytes().to_vec(),
        }),
        (None, Some(file)) => {
            let reader = std::fs::File::open(file)
                .map(|f| BufReader::with_capacity(256 * 1024, f))
                .map_err(|e| format!("cannot read {file}: {e}"))?;
            match websyntax_crawl::open(reader, MAX_DOCUMENT) {
                Ok(Opened::Bytes { bytes, .. }) => Ok(Doc {
                    name: file.to_owned(),
                    url,
                    record: None,
                    charset: None,
                    path: Some(PathBuf::from(file)),
                    bytes,
                }),
                Ok(Opened::Warc(_)) => Err(format!(
                    "{file} is a WARC file: name it on the command line (without \
                     --input-format jsonl) to read its records"
                )),
                Err(e) => Err(format!("{file}: {e}")),
            }
        }
        (Some(_), Some(_)) => Err("give \"html\" or \"file\", not both".to_owned()),
        (None, None) => Err("missing \"html\" or \"file\"".to_owned()),
    }
}
