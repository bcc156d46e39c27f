//! §13.2.3 The input byte stream: a streaming document parser that takes bytes, sniffs their
//! encoding (§13.2.3.2, [`crate::sniff`]), decodes them incrementally with
//! [`websyntax_encoding::Decoder`] into the tokenizer and tree builder, and runs "change the
//! encoding" (§13.2.3.4) when the tree builder meets a `<meta>` that declares an encoding
//! while the confidence is tentative. No network is ever touched: a restart re-parses the
//! bytes kept in memory.
//!
//! ```
//! use websyntax_encoding::Encoding;
//! use websyntax_html::input_stream::{DocumentParser, DocumentParserOptions};
//! use websyntax_html::sniff::{Confidence, Reason};
//!
//! let mut parser = DocumentParser::new(DocumentParserOptions::default());
//! parser.feed(b"<!DOCTYPE html><meta charset=shift_jis><title>\x82");
//! parser.feed(b"\xa0</title>"); // the second half of "あ"
//! let parsed = parser.finish();
//! assert_eq!(parsed.encoding, Encoding::SHIFT_JIS);
//! // Found by the prescan (tentative), then confirmed by the tree builder's <meta> rule.
//! assert_eq!(parsed.sniffed.reason, Reason::Meta);
//! assert_eq!(parsed.sniffed.confidence, Confidence::Tentative);
//! assert_eq!(parsed.confidence, Confidence::Certain);
//! let title = parsed.document.find_element("title").unwrap();
//! assert_eq!(parsed.document.text_content(title), "あ");
//! ```
//!
//! # How it runs
//!
//! 1. **Waiting to sniff** (§13.2.3.2 step 3). Bytes are buffered until
//!    `max(wait_for, sniff.prescan_limit, 3)` bytes have arrived, or [`DocumentParser::finish`] is
//!    called. The sniffing algorithm then runs on exactly that window (so its answer does not
//!    depend on how the bytes were chunked). Shortcut: once 3 bytes are in and either they
//!    start with a BOM or a user override / supported transport charset is given, the answer
//!    cannot depend on more bytes and parsing starts at once.
//! 2. **Decoding and parsing.** Each chunk is decoded with the streaming decoder (the
//!    Encoding Standard's "decode": a BOM is skipped) in replacement mode, and each malformed
//!    byte sequence is reported as a [`DecodeError`] whose `offset` is a byte offset into the
//!    original bytes. The text goes to the tokenizer in pieces of 16 KiB cut at offsets of
//!    the text (so the tokenizer is fed the same way for every chunking of the input).
//! 3. **Change the encoding** (§13.2.3.4). While the confidence is tentative, the tree
//!    builder's "in head" `<meta>` rule records the first encoding a `charset` attribute or an
//!    `http-equiv=Content-Type` `content` attribute names; after each piece the parser
//!    acts on it:
//!    - the current encoding is UTF-16BE/LE: confidence certain, nothing else (step 2);
//!    - UTF-16BE/LE becomes UTF-8 (step 3), x-user-defined becomes windows-1252 (step 4);
//!    - the same encoding: confidence certain (step 5);
//!    - **same meaning** (step 6): when every byte handed to the current decoder so far has
//!      the same Unicode interpretation in both encodings, the decoder is switched on the fly
//!      and the confidence becomes certain. The check implemented: a fresh decoder for the new
//!      encoding decodes every byte the current decoder has consumed (as a stream, not
//!      flushed) and its text must equal the text the current encoding gives for those bytes
//!      (when all those bytes are ASCII and both encodings ASCII-compatible, this holds
//!      without comparing). The new decoder, in the state those bytes left it in, then takes
//!      over, and its decoding errors replace the old ones; so the text the tokenizer sees is
//!      exactly what a parse in the new encoding would have fed it;
//!    - otherwise (step 7) the parse **restarts** from the buffered bytes with the new
//!      encoding and confidence certain: a fresh tokenizer and tree builder, and only the
//!      final parse's parse errors and decoding errors are kept.
//!
//! Bytes are kept in memory only while they may be needed: before sniffing and while the
//! confidence is tentative.
//!
//! # Chunk invariance
//!
//! The document, its parse errors, the decoding errors, the encoding and the confidence are
//! the same for every way of splitting the same bytes into [`DocumentParser::feed`] calls.
//! Only [`EncodingChange::outcome`] may differ: whether a `<meta>` change could switch on the
//! fly or had to restart depends on how many bytes had been decoded when the `<meta>` was
//! met, but both give the document that a parse with the new encoding, certain, gives.

use std::fmt;

use websyntax_encoding::{BomHandling, DecodeError, DecodeErrorMode, Decoder, Encoding};

use crate::dom::Document;
use crate::dom::spans::{OffsetMap, SourceIndex};
use crate::parser::ParseOptions;
use crate::sniff::{Confidence, SniffOptions, Sniffed, sniff};
use crate::tokenizer::Tokenizer;
use crate::tree_builder::{StackEvent, TreeBuilder};

/// The tokenizer is fed the decoded text in pieces of this many bytes (cut at the last
/// character boundary at or before it; the rest at the end), whatever the chunking of the
/// input: the tokenizer then sees the same sequence of `feed` calls for every chunking, so
/// even the interleaving of its errors with the tree builder's cannot depend on it. Input
/// bytes are also decoded at most this many at a time, and a `<meta>`'s change of encoding is
/// acted on after each piece.
const PIECE: usize = 16 * 1024;

/// Options of [`DocumentParser`] and [`parse_document_bytes`].
///
/// `DocumentParserOptions::default()` decodes as a browser does a page that arrives without
/// any charset information: the sniffing algorithm with its optional step 8, autodetection
/// from the bytes (chardetng; UTF-8 may be detected, as for a local file), which sees the
/// whole input (`wait_for` is `usize::MAX`); then the default windows-1252. With the crate's
/// `autodetect` feature off, the default is [`DocumentParserOptions::spec`].
/// The default [`ParseOptions`]: scripting on, errors collected, no resource limits.
///
/// [`DocumentParserOptions::spec`] is the sniffing algorithm without step 8 (no transport
/// charset or override, 1024-byte prescan, default windows-1252, waiting for 1024 bytes):
/// a page that declares no encoding is windows-1252, whatever its bytes.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::input_stream::{parse_document_bytes, DocumentParserOptions};
///
/// // UTF-8 without a BOM or a <meta charset>: autodetected by default.
/// let page = "<title>Unbabel – Take 2</title>".as_bytes();
/// let parsed = parse_document_bytes(page, DocumentParserOptions::default());
/// assert_eq!(parsed.encoding, Encoding::UTF_8);
/// assert_eq!(parsed.document.title().as_deref(), Some("Unbabel – Take 2"));
/// // The spec's plain default: windows-1252, and mojibake.
/// let plain = parse_document_bytes(page, DocumentParserOptions::spec());
/// assert_eq!(plain.encoding, Encoding::WINDOWS_1252);
/// assert_eq!(plain.document.title().as_deref(), Some("Unbabel â€“ Take 2"));
/// ```
///
/// Options for a known situation:
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::input_stream::DocumentParserOptions;
/// use websyntax_html::sniff::default_encoding_for_locale;
///
/// // E.g. from `Content-Type: text/html; charset=EUC-JP`, for a user with a Japanese locale.
/// let mut options = DocumentParserOptions::default()
///     .transport_charset("EUC-JP")
///     .default_encoding(default_encoding_for_locale("ja"));
/// options.parse.scripting = false;
/// options.sniff.prescan_limit = 4096; // also: user_override, parent, previous_visit, autodetect
/// assert_eq!(options.sniff.default_encoding, Encoding::SHIFT_JIS);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentParserOptions {
    /// The encoding sniffing algorithm's inputs: user override, transport-layer charset,
    /// prescan length, parent document, previous visit, autodetection, default encoding.
    pub sniff: SniffOptions,
    /// The scripting flag, whether parse errors (and decoding errors) are collected, and the
    /// opt-in resource limits ([`ParseOptions::limits`]).
    pub parse: ParseOptions,
    /// §13.2.3.2 step 3: how many bytes to wait for before sniffing (the prescan length, and
    /// 3 bytes for a BOM, are waited for in any case). The spec suggests 1024; `usize::MAX` waits for the whole
    /// input (useful with autodetection).
    pub wait_for: usize,
    /// Record the parse's resume points ([`Document::resume_points`]; default `false`): the
    /// start tags where an incremental re-parse may start or stop (see
    /// [`crate::tree_builder::resume`]).
    pub resume_points: bool,
}

impl Default for DocumentParserOptions {
    fn default() -> DocumentParserOptions {
        DocumentParserOptions::spec().autodetect(true)
    }
}

impl DocumentParserOptions {
    /// The HTML Standard's sniffing algorithm without the optional autodetection step (see
    /// the type's documentation): the default [`SniffOptions`] and [`ParseOptions`], waiting
    /// for 1024 bytes.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    /// use websyntax_html::input_stream::{parse_document_bytes, DocumentParserOptions};
    /// let parsed = parse_document_bytes("<p>é".as_bytes(), DocumentParserOptions::spec());
    /// assert_eq!(parsed.encoding, Encoding::WINDOWS_1252);
    /// ```
    pub fn spec() -> DocumentParserOptions {
        DocumentParserOptions {
            sniff: SniffOptions::default(),
            parse: ParseOptions::default(),
            wait_for: 1024,
            resume_points: false,
        }
    }

    /// Turns the sniffing algorithm's step 8 (autodetection from the bytes, UTF-8 allowed)
    /// on or off. On, the sniffer waits for the whole input (`wait_for = usize::MAX`); off,
    /// for 1024 bytes. Without the crate's `autodetect` feature this does nothing.
    ///
    /// ```
    /// use websyntax_html::input_stream::DocumentParserOptions;
    /// assert_eq!(DocumentParserOptions::default().autodetect(false), DocumentParserOptions::spec());
    /// ```
    #[cfg_attr(not(feature = "autodetect"), allow(unused_mut, unused_variables))]
    pub fn autodetect(mut self, on: bool) -> DocumentParserOptions {
        #[cfg(feature = "autodetect")]
        {
            if on {
                self.sniff.autodetect = Some(crate::sniff::Autodetect {
                    tld: None,
                    allow_utf8: true,
                });
                self.wait_for = usize::MAX;
            } else {
                self.sniff.autodetect = None;
                self.wait_for = 1024;
            }
        }
        self
    }

    /// Sets the transport layer's charset label (e.g. from `Content-Type`); a label that is no
    /// encoding is ignored, as the sniffing algorithm says.
    ///
    /// ```
    /// use websyntax_html::input_stream::DocumentParserOptions;
    /// let o = DocumentParserOptions::default().transport_charset("euc-kr");
    /// assert_eq!(o.sniff.transport_charset.as_deref(), Some("euc-kr"));
    /// ```
    pub fn transport_charset(mut self, label: &str) -> DocumentParserOptions {
        self.sniff.transport_charset = Some(label.to_owned());
        self
    }

    /// Sets the user's explicit override (certain).
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    /// use websyntax_html::input_stream::DocumentParserOptions;
    /// let o = DocumentParserOptions::default().user_override(Encoding::BIG5);
    /// assert_eq!(o.sniff.user_override, Some(Encoding::BIG5));
    /// ```
    pub fn user_override(mut self, encoding: Encoding) -> DocumentParserOptions {
        self.sniff.user_override = Some(encoding);
        self
    }

    /// Sets the default encoding of step 9 (e.g. from
    /// [`default_encoding_for_locale`](crate::sniff::default_encoding_for_locale)).
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    /// use websyntax_html::input_stream::DocumentParserOptions;
    /// let o = DocumentParserOptions::default().default_encoding(Encoding::UTF_8);
    /// assert_eq!(o.sniff.default_encoding, Encoding::UTF_8);
    /// ```
    pub fn default_encoding(mut self, encoding: Encoding) -> DocumentParserOptions {
        self.sniff.default_encoding = encoding;
        self
    }

    /// The bytes the sniffing algorithm sees: at least 3, so that a BOM is always seen.
    fn window(&self) -> usize {
        self.wait_for.max(self.sniff.prescan_limit).max(3)
    }
}

/// What "change the encoding" (§13.2.3.4) did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChangeOutcome {
    /// Step 2: the input was being decoded as UTF-16BE/LE; the declaration was ignored and the
    /// confidence became certain.
    IgnoredUtf16,
    /// Step 5: the declared encoding (after steps 3-4) is the one in use: the confidence
    /// became certain.
    SameEncoding,
    /// Step 6: every byte decoded so far means the same in both encodings: the decoder was
    /// switched on the fly.
    SwitchedOnTheFly,
    /// Step 7: the parse restarted from the buffered bytes with the new encoding.
    Restarted,
}

impl fmt::Display for ChangeOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChangeOutcome::IgnoredUtf16 => "ignored (the input is UTF-16)",
            ChangeOutcome::SameEncoding => "same encoding",
            ChangeOutcome::SwitchedOnTheFly => "switched on the fly",
            ChangeOutcome::Restarted => "restarted",
        })
    }
}

/// A `<meta>` met by the tree builder asked to change the encoding (§13.2.3.4).
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::input_stream::{ChangeOutcome, EncodingChange};
///
/// let c = EncodingChange {
///     from: Encoding::WINDOWS_1252,
///     declared: Encoding::X_USER_DEFINED,
///     to: Encoding::WINDOWS_1252,
///     outcome: ChangeOutcome::SameEncoding,
/// };
/// assert_eq!(c.to_string(), "<meta> declared x-user-defined while parsing as windows-1252: same encoding");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodingChange {
    /// The encoding in use when the `<meta>` was met.
    pub from: Encoding,
    /// The encoding the `<meta>` named.
    pub declared: Encoding,
    /// The encoding used afterwards (after the UTF-16 and x-user-defined rules).
    pub to: Encoding,
    /// What was done. Unlike everything else in a [`ParsedDocument`], this may depend on how
    /// the bytes were chunked (on the fly or restart); the document does not.
    pub outcome: ChangeOutcome,
}

impl fmt::Display for EncodingChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<meta> declared {} while parsing as {}: {}",
            self.declared, self.from, self.outcome
        )?;
        if self.to != self.from && self.outcome != ChangeOutcome::IgnoredUtf16 {
            write!(f, " as {}", self.to)?;
        }
        Ok(())
    }
}

/// The result of [`DocumentParser::finish`] and [`parse_document_bytes`].
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::input_stream::{parse_document_bytes, DocumentParserOptions};
///
/// let parsed = parse_document_bytes(b"<p>caf\xE9", DocumentParserOptions::default());
/// assert_eq!(parsed.encoding, Encoding::WINDOWS_1252);
/// assert_eq!(parsed.why(), "autodetected");
/// assert_eq!(parsed.document.text_content(parsed.document.find_element("p").unwrap()), "café");
/// ```
#[derive(Clone, Debug)]
pub struct ParsedDocument {
    /// The document, with its parse errors. Every offset in it (node, tag and attribute spans,
    /// error spans and positions, [`Document::line_col`]) is a byte offset into the original
    /// bytes: a BOM and CR LF count as they are in the file, a character of a legacy encoding
    /// counts its bytes in that encoding.
    ///
    /// ```
    /// use websyntax_html::input_stream::{parse_document_bytes, DocumentParserOptions};
    ///
    /// let bytes = b"<p>caf\xE9 caf\xE9</x>"; // windows-1252
    /// let doc = parse_document_bytes(bytes, DocumentParserOptions::default()).document;
    /// let e = doc.errors().iter().find(|e| e.code == "unexpected-end-tag").unwrap();
    /// assert_eq!(e.span.start, 12); // 14 in the decoded (UTF-8) text
    /// assert_eq!(&bytes[e.span.range()], b"</x>");
    /// ```
    pub document: Document,
    /// The character encoding the document was finally decoded with.
    pub encoding: Encoding,
    /// The confidence at the end of parsing.
    pub confidence: Confidence,
    /// What the encoding sniffing algorithm decided, and why.
    pub sniffed: Sniffed,
    /// The change of encoding a `<meta>` asked for, if any.
    pub change: Option<EncodingChange>,
    /// Each malformed byte sequence in the input (for the final encoding), in order, with its
    /// byte offset in the input; each became one U+FFFD. Empty when errors are not collected.
    pub decode_errors: Vec<DecodeError>,
}

impl ParsedDocument {
    /// Why [`encoding`](Self::encoding) was used: the sniffing step, or the `<meta>` change.
    ///
    /// ```
    /// use websyntax_html::input_stream::{parse_document_bytes, DocumentParserOptions};
    ///
    /// let mut bytes = vec![b' '; 1100];
    /// bytes.extend_from_slice(b"<meta charset=utf-8><p>\xE2\x82\xAC");
    /// let parsed = parse_document_bytes(&bytes, DocumentParserOptions::spec());
    /// assert_eq!(parsed.encoding.name(), "UTF-8");
    /// assert!(parsed.why().starts_with("<meta> declared UTF-8 while parsing as windows-1252"));
    /// ```
    pub fn why(&self) -> String {
        match &self.change {
            Some(change) if change.outcome == ChangeOutcome::SameEncoding => {
                format!("{}, confirmed by <meta>", self.sniffed.reason)
            }
            Some(change) if change.outcome == ChangeOutcome::IgnoredUtf16 => {
                format!("{}; {change}", self.sniffed.reason)
            }
            Some(change) => change.to_string(),
            None => self.sniffed.reason.to_string(),
        }
    }

    /// Every URL-bearing attribute of the document, resolved against the document base URL
    /// (whose fallback is `document_url`) with the document's own encoding as the query
    /// encoding: [`Document::links`] with [`encoding`](Self::encoding).
    ///
    /// ```
    /// use websyntax_html::{parse_document_bytes, DocumentParserOptions};
    /// use websyntax_url::Url;
    ///
    /// let bytes = b"<meta charset=windows-1252><a href='s?q=caf\xE9'>x</a>";
    /// let parsed = parse_document_bytes(bytes, DocumentParserOptions::default());
    /// let page = Url::parse("https://shop.example/", None).unwrap();
    /// let links = parsed.links(Some(&page));
    /// assert_eq!(links[0].url.as_ref().unwrap().href(), "https://shop.example/s?q=caf%E9");
    /// ```
    pub fn links(&self, document_url: Option<&websyntax_url::Url>) -> Vec<crate::links::Link<'_>> {
        self.document.links(document_url, self.encoding)
    }
}

/// Hands `text[start..]` to the source index and the tokenizer in pieces cut at offsets that
/// depend only on the text (every [`PIECE`] bytes, back to a character boundary): the whole
/// pieces, and the rest too when `last` (which ends the input). Returns where the text not yet
/// handed over starts.
fn feed_pieces(
    text: &str,
    mut start: usize,
    last: bool,
    index: &mut SourceIndex,
    tokenizer: &mut Tokenizer<TreeBuilder>,
) -> usize {
    while text.len().saturating_sub(start) >= PIECE {
        let mut cut = start + PIECE;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let piece = text.get(start..cut).unwrap_or_default();
        index.push(piece);
        tokenizer.feed(piece);
        start = cut;
    }
    if last {
        let piece = text.get(start..).unwrap_or_default();
        index.push(piece);
        tokenizer.feed(piece);
        tokenizer.end();
        start += piece.len();
    }
    start
}

/// One run of the tokenizer and tree builder over the bytes, decoded with one encoding.
struct Pass {
    tokenizer: Tokenizer<TreeBuilder>,
    decoder: Decoder,
    encoding: Encoding,
    confidence: Confidence,
    /// Bytes handed to the decoder so far.
    decoded: usize,
    /// Whether they were all ASCII.
    all_ascii: bool,
    decode_errors: Vec<DecodeError>,
    collect_errors: bool,
    /// Decoded text not yet handed to the tokenizer (less than a piece after each push).
    text: String,
    /// Decoded text handed to the tokenizer so far.
    fed: usize,
    /// Decoded text offsets → offsets into the bytes, built while decoding.
    offsets: OffsetMap,
    /// Line starts and widths of the text handed to the tokenizer.
    index: SourceIndex,
    /// Decoded text produced so far.
    text_total: usize,
    /// The BOM (if any) has been accounted for.
    bom_done: bool,
    /// Byte-wise mapping (non-UTF-8 multi-byte encodings): where the bytes of the next
    /// character start, and whether the decoder holds no partial character.
    char_start: usize,
    clean: bool,
    /// The input is read in place ([`Pass::push_str`]): valid UTF-8 without a BOM, decoded
    /// as UTF-8, so the decoded text is the bytes themselves and `text` stays empty (the
    /// text not yet handed to the tokenizer is `fed..text_total` of the input).
    direct: bool,
}

/// How the offsets of an encoding's decoded text relate to the bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Widths {
    /// UTF-8: the same bytes, except each malformed sequence (one U+FFFD).
    Utf8,
    /// One byte per character.
    SingleByte,
    /// Anything else (UTF-16, the CJK multi-byte encodings, ISO-2022-JP, replacement): found
    /// byte by byte where the bytes are not plain ASCII.
    Other,
}

fn widths(encoding: Encoding) -> Widths {
    if encoding == Encoding::UTF_8 {
        Widths::Utf8
    } else if encoding.is_unicode()
        || [
            Encoding::GBK,
            Encoding::GB18030,
            Encoding::BIG5,
            Encoding::EUC_JP,
            Encoding::ISO_2022_JP,
            Encoding::SHIFT_JIS,
            Encoding::EUC_KR,
            Encoding::REPLACEMENT,
        ]
        .contains(&encoding)
    {
        Widths::Other
    } else {
        Widths::SingleByte
    }
}

/// What a pass records beside the tree (and a restarted pass records again).
#[derive(Debug, Clone, Copy)]
struct Recording {
    /// The tree builder's [`StackEvent`]s.
    events: bool,
    /// The parse's resume points ([`Document::resume_points`]).
    resume_points: bool,
}

impl Pass {
    fn new(
        encoding: Encoding,
        confidence: Confidence,
        options: ParseOptions,
        recording: Recording,
    ) -> Pass {
        let mut tree_builder = TreeBuilder::new(options.scripting, options.collect_errors);
        tree_builder.set_confidence_tentative(confidence == Confidence::Tentative);
        tree_builder.set_allow_declarative_shadow_roots(options.allow_declarative_shadow_roots);
        tree_builder.set_limits(options.limits);
        tree_builder.set_standard(options.standard);
        if recording.events {
            tree_builder.record_events();
        }
        if recording.resume_points {
            tree_builder.record_resume_points();
        }
        let mut tokenizer = Tokenizer::new(tree_builder);
        // Lines and columns of errors come from the source index at the end.
        tokenizer.set_offsets_only(true);
        Pass {
            tokenizer,
            // The Encoding Standard's "decode": a BOM is sniffed and skipped (§13.2.3.2 step 1
            // already chose its encoding).
            decoder: Decoder::new(encoding, DecodeErrorMode::Replacement, BomHandling::Sniff),
            encoding,
            confidence,
            decoded: 0,
            all_ascii: true,
            decode_errors: Vec::new(),
            collect_errors: options.collect_errors,
            text: String::new(),
            fed: 0,
            offsets: OffsetMap::default(),
            index: SourceIndex::with_spare(),
            text_total: 0,
            bom_done: false,
            char_start: 0,
            clean: true,
            direct: false,
        }
    }

    /// Decodes `bytes` with the current decoder into `self.text`, extending the offset map.
    fn decode(&mut self, bytes: &[u8], last: bool) {
        if !self.bom_done {
            self.bom_done = true;
            if let Some((_, n)) = websyntax_encoding::bom_sniff(bytes) {
                self.offsets.skip_b(n);
                self.char_start = n;
                // The decoder skips the BOM: it produces no text.
                let (bom, rest) = bytes.split_at(n.min(bytes.len()));
                self.decode_run(bom, last && rest.is_empty());
                self.decoded += bom.len();
                return self.decode(rest, last);
            }
        }
        match widths(self.encoding) {
            Widths::Utf8 => {
                let mut errors = Vec::new();
                self.decoder
                    .decode_to_string_reporting(bytes, !last, &mut self.text, &mut errors);
                for e in &errors {
                    // The U+FFFD sits where the identity run from the last mapped point
                    // reaches the malformed bytes.
                    let o = usize::try_from(e.offset).unwrap_or(usize::MAX);
                    self.offsets
                        .identity(o.saturating_sub(self.offsets_end_b()));
                    self.offsets.char(3, e.length);
                }
                let produced = self.text.len();
                self.text_total = self.text_total_before(produced);
                self.offsets
                    .identity(self.text_total.saturating_sub(self.offsets_end_a()));
                if self.collect_errors {
                    self.decode_errors.extend(errors);
                }
            }
            Widths::SingleByte => {
                let from = self.text.len();
                self.decode_run(bytes, last);
                let new = self.text.get(from..).unwrap_or_default();
                let b = new.as_bytes();
                if b.is_ascii() {
                    self.offsets.identity(b.len());
                    return;
                }
                let mut i = 0;
                while i < b.len() {
                    let run = crate::dom::spans::ascii_run(&b[i..]);
                    self.offsets.identity(run);
                    i += run;
                    if let Some(c) = new.get(i..).and_then(|t| t.chars().next()) {
                        self.offsets.char(c.len_utf8() as u8, 1);
                        i += c.len_utf8();
                    }
                }
            }
            Widths::Other => {
                let ascii = self.encoding.is_ascii_compatible();
                let mut i = 0;
                let base = self.decoded;
                while i < bytes.len() {
                    let run = if ascii && self.clean {
                        crate::dom::spans::ascii_run(&bytes[i..])
                    } else {
                        0
                    };
                    if run > 0 {
                        self.decode_run(&bytes[i..i + run], false);
                        self.offsets.identity(run);
                        i += run;
                        self.char_start = base + i;
                        continue;
                    }
                    let from = self.text.len();
                    self.decode_run(&bytes[i..=i], false);
                    i += 1;
                    self.map_new_chars(from, base + i, bytes[i - 1]);
                }
                if last {
                    let from = self.text.len();
                    self.decode_run(&[], true);
                    let end = base + bytes.len();
                    self.map_new_chars(from, end, 0);
                }
            }
        }
    }

    /// The characters the decoder just added to `self.text` after `from` came from the bytes
    /// `char_start..end` (`last_byte` is the last of them).
    fn map_new_chars(&mut self, from: usize, end: usize, last_byte: u8) {
        let new = self.text.get(from..).unwrap_or_default();
        if new.is_empty() {
            self.clean = false;
            return;
        }
        let total = end.saturating_sub(self.char_start);
        let n = new.chars().count();
        // A malformed sequence followed by an ASCII byte that is reprocessed: the ASCII
        // character is that byte.
        let ascii_tail = n > 1 && total > 1 && new.as_bytes().last() == Some(&last_byte);
        let head_bytes = if ascii_tail { total - 1 } else { total };
        for (k, c) in new.chars().enumerate() {
            let w = c.len_utf8() as u8;
            let fw = if ascii_tail && k == n - 1 {
                1
            } else if k == 0 {
                head_bytes
            } else {
                0
            };
            self.offsets.char(w, u8::try_from(fw).unwrap_or(u8::MAX));
        }
        self.char_start = end;
        self.clean = true;
    }

    /// Decodes `bytes` into `self.text` (recording decoding errors when collecting).
    fn decode_run(&mut self, bytes: &[u8], last: bool) {
        if self.collect_errors {
            self.decoder.decode_to_string_reporting(
                bytes,
                !last,
                &mut self.text,
                &mut self.decode_errors,
            );
        } else {
            // Replacement mode never fails.
            let _ = self.decoder.decode_to_string(bytes, !last, &mut self.text);
        }
    }

    fn offsets_end_a(&self) -> usize {
        self.offsets.end_a()
    }

    fn offsets_end_b(&self) -> usize {
        self.offsets.end_b()
    }

    /// The total decoded length, given the current length of `self.text` (which holds the
    /// text not yet handed to the tokenizer).
    fn text_total_before(&self, text_len: usize) -> usize {
        self.fed + text_len
    }

    /// Decodes `bytes` (at most one piece) and tokenizes the text; `last` ends the input.
    fn push(&mut self, bytes: &[u8], last: bool) {
        if self.confidence == Confidence::Tentative {
            self.all_ascii = self.all_ascii && bytes.is_ascii();
        }
        let before = self.decoded;
        self.decode(bytes, last);
        self.decoded = before.saturating_add(bytes.len());
        let start = feed_pieces(&self.text, 0, last, &mut self.index, &mut self.tokenizer);
        self.fed += start;
        if last {
            self.text.clear();
        } else if start > 0 {
            self.text.replace_range(..start, "");
        }
    }

    /// [`Pass::push`] for a pass reading its input in place (`direct`): `all` is the whole
    /// input, valid UTF-8 without a BOM, decoded as UTF-8; the piece pushed is
    /// `all[self.decoded..end]`. Decoding would copy the bytes unchanged into `text`, so the
    /// pieces are cut from `all` itself, at the offsets [`Pass::push`] cuts them.
    fn push_str(&mut self, all: &str, end: usize, last: bool) {
        let bytes = all.as_bytes().get(self.decoded..end).unwrap_or_default();
        if self.confidence == Confidence::Tentative {
            self.all_ascii = self.all_ascii && bytes.is_ascii();
        }
        self.decoded = end;
        // The decoder would have produced every whole character up to `end` (all of the
        // input at its end: it is valid, nothing is left pending).
        let mut avail = if last { all.len() } else { end.min(all.len()) };
        while !all.is_char_boundary(avail) {
            avail -= 1;
        }
        self.text_total = avail;
        self.offsets
            .identity(avail.saturating_sub(self.offsets_end_a()));
        let text = all.get(..avail).unwrap_or_default();
        self.fed = feed_pieces(text, self.fed, last, &mut self.index, &mut self.tokenizer);
    }

    /// Stops reading the input in place (the decoder is about to change): the text decoded
    /// but not yet handed to the tokenizer moves into `text`. `bytes` holds the input from
    /// its first byte.
    fn leave_direct(&mut self, bytes: &[u8]) {
        if self.direct {
            self.direct = false;
            let pending = bytes.get(self.fed..self.text_total).unwrap_or_default();
            self.text = String::from_utf8_lossy(pending).into_owned();
        }
    }

    /// Ends the pass: the parse result, with what sniffing and "change the encoding" did.
    fn into_parsed(mut self, sniffed: Sniffed, change: Option<EncodingChange>) -> ParsedDocument {
        let (encoding, confidence) = (self.encoding, self.confidence);
        let decode_errors = std::mem::take(&mut self.decode_errors);
        ParsedDocument {
            document: self.into_document(),
            encoding,
            confidence,
            sniffed,
            change,
            decode_errors,
        }
    }

    /// Ends the pass: the document, with every offset turned into an offset into the bytes
    /// and every parse error's line and column filled in.
    fn into_document(self) -> Document {
        let mut index = self.index;
        let offsets = self.offsets;
        let mut doc = self.tokenizer.into_sink().finish();
        let identity = offsets.is_identity();
        if !identity {
            doc.map_offsets(&offsets);
        }
        index.set_offsets(offsets);
        doc.set_source_index(index);
        doc.resolve_error_positions();
        doc
    }
}

enum Phase {
    /// Waiting for enough bytes to sniff (all bytes are in `DocumentParser::bytes`).
    Sniffing,
    /// Parsing with the sniffed encoding.
    Parsing { pass: Box<Pass>, sniffed: Sniffed },
}

/// The streaming document parser: [`feed`](Self::feed) bytes any number of times, then
/// [`finish`](Self::finish). See the [module docs](self) for what it does when.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::input_stream::{ChangeOutcome, DocumentParser, DocumentParserOptions};
/// use websyntax_html::sniff::Confidence;
///
/// // A declaration beyond the 1024-byte prescan window is found by the tree builder (here
/// // without autodetection, which would wait for the whole input).
/// let mut parser = DocumentParser::new(DocumentParserOptions::spec());
/// parser.feed(b"<!DOCTYPE html><title>");
/// parser.feed(&[b'x'; 2000]);
/// parser.feed(b"</title><meta charset=koi8-r>");
/// parser.feed(&[b' '; 16 * 1024]); // the tokenizer gets text in 16 KiB pieces
/// // Only ASCII was decoded so far: the decoder is switched on the fly.
/// assert_eq!((parser.encoding(), parser.confidence()), (Some(Encoding::KOI8_R), Some(Confidence::Certain)));
/// parser.feed(b"<p>\xF0\xD2\xC9\xD7\xC5\xD4");
/// let parsed = parser.finish();
/// assert_eq!(parsed.change.unwrap().outcome, ChangeOutcome::SwitchedOnTheFly);
/// let p = parsed.document.find_element("p").unwrap();
/// assert_eq!(parsed.document.text_content(p), "Привет");
/// ```
pub struct DocumentParser {
    options: DocumentParserOptions,
    /// Every byte fed, while they may still be needed (before sniffing; while tentative).
    bytes: Vec<u8>,
    phase: Phase,
    change: Option<EncodingChange>,
}

impl fmt::Debug for DocumentParser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DocumentParser")
            .field("buffered_bytes", &self.bytes.len())
            .field("encoding", &self.encoding())
            .field("confidence", &self.confidence())
            .field("change", &self.change)
            .finish_non_exhaustive()
    }
}

impl DocumentParser {
    /// A parser with the given options.
    ///
    /// ```
    /// use websyntax_html::input_stream::{DocumentParser, DocumentParserOptions};
    /// let parser = DocumentParser::new(DocumentParserOptions::default());
    /// assert_eq!(parser.encoding(), None); // not sniffed yet
    /// ```
    pub fn new(options: DocumentParserOptions) -> DocumentParser {
        DocumentParser {
            options,
            bytes: Vec::new(),
            phase: Phase::Sniffing,
            change: None,
        }
    }

    /// The encoding in use, once sniffed.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    /// use websyntax_html::input_stream::{DocumentParser, DocumentParserOptions};
    /// let mut parser = DocumentParser::new(DocumentParserOptions::default());
    /// parser.feed(b"\xEF\xBB\xBF<p>");
    /// assert_eq!(parser.encoding(), Some(Encoding::UTF_8));
    /// ```
    pub fn encoding(&self) -> Option<Encoding> {
        match &self.phase {
            Phase::Sniffing => None,
            Phase::Parsing { pass, .. } => Some(pass.encoding),
        }
    }

    /// The confidence, once sniffed.
    pub fn confidence(&self) -> Option<Confidence> {
        match &self.phase {
            Phase::Sniffing => None,
            Phase::Parsing { pass, .. } => Some(pass.confidence),
        }
    }

    /// Feeds the next bytes of the input. Chunks may split anything anywhere (a character,
    /// a tag, a BOM).
    pub fn feed(&mut self, chunk: &[u8]) {
        match &self.phase {
            Phase::Sniffing => {
                self.bytes.extend_from_slice(chunk);
                if self.ready_to_sniff() {
                    self.start();
                }
            }
            Phase::Parsing { pass, .. } => {
                if pass.confidence == Confidence::Tentative {
                    self.bytes.extend_from_slice(chunk);
                }
                self.push(chunk, false);
            }
        }
    }

    /// Ends the input and returns the document, the encoding, the confidence, why, and the
    /// errors.
    pub fn finish(mut self) -> ParsedDocument {
        if let Phase::Sniffing = self.phase {
            self.start();
        }
        self.push(&[], true);
        let change = self.change;
        match self.phase {
            Phase::Parsing { pass, sniffed } => pass.into_parsed(sniffed, change),
            // `start` always leaves the parsing phase; this arm only keeps the code total.
            Phase::Sniffing => ParsedDocument {
                document: TreeBuilder::new(true, false).finish(),
                encoding: self.options.sniff.default_encoding,
                confidence: Confidence::Tentative,
                sniffed: sniff(&[], &self.options.sniff),
                change,
                decode_errors: Vec::new(),
            },
        }
    }

    /// §13.2.3.2 step 3: whether the sniffing algorithm may run now (before the end).
    fn ready_to_sniff(&self) -> bool {
        if self.bytes.len() >= self.options.window() {
            return true;
        }
        // With 3 bytes, a BOM, a user override or a supported transport charset decides, and
        // no later byte can change the answer.
        self.bytes.len() >= 3
            && (websyntax_encoding::bom_sniff(&self.bytes).is_some()
                || self.options.sniff.user_override.is_some()
                || self
                    .options
                    .sniff
                    .transport_charset
                    .as_deref()
                    .and_then(Encoding::for_label)
                    .is_some())
    }

    /// Runs the sniffing algorithm on the window and starts parsing the buffered bytes.
    fn start(&mut self) {
        let window = self
            .bytes
            .get(..self.options.window())
            .unwrap_or(&self.bytes);
        let sniffed = sniff(window, &self.options.sniff);
        let pass = Pass::new(
            sniffed.encoding,
            sniffed.confidence,
            self.options.parse,
            Recording {
                events: false,
                resume_points: self.options.resume_points,
            },
        );
        self.phase = Phase::Parsing {
            pass: Box::new(pass),
            sniffed,
        };
        if sniffed.confidence == Confidence::Tentative {
            // The bytes stay buffered (a restart may need them); `push` reads a copy.
            let bytes = self.bytes.clone();
            self.push(&bytes, false);
        } else {
            let bytes = std::mem::take(&mut self.bytes);
            self.push(&bytes, false);
        }
    }

    /// Parses `chunk` piece by piece, acting on a `<meta>` change after each piece; `last`
    /// ends the input. (While tentative, `chunk` is already at the end of `self.bytes`.)
    fn push(&mut self, chunk: &[u8], last: bool) {
        let mut rest = chunk;
        loop {
            let (piece, after) = rest.split_at(rest.len().min(PIECE));
            let end = last && after.is_empty();
            let Phase::Parsing { pass, .. } = &mut self.phase else {
                return;
            };
            pass.push(piece, end);
            if self.change_the_encoding_if_asked(last) {
                // Restarted: the new pass has parsed every byte, this chunk's included.
                return;
            }
            if after.is_empty() {
                return;
            }
            rest = after;
        }
    }

    /// §13.2.3.4 change the encoding, if the tree builder asked. Returns whether the parse
    /// restarted (the new pass has then parsed all bytes, ended if `last`).
    fn change_the_encoding_if_asked(&mut self, last: bool) -> bool {
        let Phase::Parsing { pass, .. } = &mut self.phase else {
            return false;
        };
        let Some(step) = change_the_encoding(pass, &self.bytes, self.options.parse, last) else {
            return false;
        };
        self.change = Some(step.change);
        // Confidence is certain now: the bytes are no longer needed.
        self.bytes = Vec::new();
        match step.restarted {
            Some(new) => {
                *pass = new;
                true
            }
            None => false,
        }
    }
}

/// What [`change_the_encoding`] did.
struct EncodingStep {
    change: EncodingChange,
    /// The new pass when the parse restarted (it has parsed all the bytes).
    restarted: Option<Box<Pass>>,
}

/// §13.2.3.4 change the encoding, if the tree builder of `pass` asked while the confidence is
/// tentative. `bytes` are all the bytes given so far (from the first): a restart parses them
/// again with the new encoding (and ends the input if `last`).
fn change_the_encoding(
    pass: &mut Pass,
    bytes: &[u8],
    options: ParseOptions,
    last: bool,
) -> Option<EncodingStep> {
    let declared = pass.tokenizer.sink_mut().take_encoding_declaration()?;
    if pass.confidence != Confidence::Tentative {
        return None;
    }
    // 1. The encoding already being used to interpret the input stream.
    let current = pass.encoding;
    let mut change = EncodingChange {
        from: current,
        declared,
        to: current,
        outcome: ChangeOutcome::SameEncoding,
    };
    let mut restart = None;
    if current == Encoding::UTF_16BE || current == Encoding::UTF_16LE {
        // 2. UTF-16: confidence certain, the new encoding is ignored.
        change.outcome = ChangeOutcome::IgnoredUtf16;
    } else {
        // 3. UTF-16BE/LE becomes UTF-8. 4. x-user-defined becomes windows-1252.
        let new = if declared == Encoding::UTF_16BE || declared == Encoding::UTF_16LE {
            Encoding::UTF_8
        } else if declared == Encoding::X_USER_DEFINED {
            Encoding::WINDOWS_1252
        } else {
            declared
        };
        change.to = new;
        if new == current {
            // 5. The same encoding: confidence certain.
            change.outcome = ChangeOutcome::SameEncoding;
        } else if let Some((decoder, errors)) = same_meaning(
            bytes.get(..pass.decoded).unwrap_or(bytes),
            pass.all_ascii,
            current,
            new,
            pass.collect_errors,
        ) {
            // 6. Same meaning so far: switch the decoder on the fly.
            pass.leave_direct(bytes);
            pass.decoder = decoder;
            pass.decode_errors = errors;
            pass.encoding = new;
            change.outcome = ChangeOutcome::SwitchedOnTheFly;
        } else {
            // 7. Restart with the new encoding, confidence certain.
            change.outcome = ChangeOutcome::Restarted;
            restart = Some(new);
        }
    }
    pass.confidence = Confidence::Certain;
    pass.tokenizer.sink_mut().set_confidence_tentative(false);
    let sink = pass.tokenizer.sink();
    let recording = Recording {
        events: sink.records_events(),
        resume_points: sink.doc.resume_points.is_some(),
    };
    let restarted = restart.map(|new| {
        let mut pass = Box::new(Pass::new(new, Confidence::Certain, options, recording));
        for piece in bytes.chunks(PIECE) {
            pass.push(piece, false);
        }
        if last {
            pass.push(&[], true);
        }
        pass
    });
    Some(EncodingStep { change, restarted })
}

/// §13.2.3.4 step 6, "all the bytes up to the last byte converted by the current decoder have
/// the same Unicode interpretations in both the current encoding and the new encoding": a
/// fresh decoder for `new` decodes `consumed` (unflushed) and its text must equal what
/// `current` gives for the same bytes. If so, returns that decoder (in the state those bytes
/// left it in, ready to continue) and its decoding errors.
fn same_meaning(
    consumed: &[u8],
    all_ascii: bool,
    current: Encoding,
    new: Encoding,
    collect_errors: bool,
) -> Option<(Decoder, Vec<DecodeError>)> {
    let decode = |encoding: Encoding| {
        let mut decoder = Decoder::new(encoding, DecodeErrorMode::Replacement, BomHandling::Sniff);
        let (mut text, mut errors) = (String::new(), Vec::new());
        decoder.decode_to_string_reporting(consumed, true, &mut text, &mut errors);
        (decoder, text, errors)
    };
    let (decoder, text, errors) = decode(new);
    let same = (all_ascii && current.is_ascii_compatible() && new.is_ascii_compatible())
        || decode(current).1 == text;
    same.then(|| (decoder, if collect_errors { errors } else { Vec::new() }))
}

/// Parses a whole document given as bytes: [`DocumentParser`] fed once.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::input_stream::{parse_document_bytes, DocumentParserOptions};
/// use websyntax_html::sniff::Confidence;
///
/// let options = DocumentParserOptions::default().transport_charset("utf-8");
/// let parsed = parse_document_bytes(b"<p>\xE6\x97\xA5\xFF", options);
/// assert_eq!((parsed.encoding, parsed.confidence), (Encoding::UTF_8, Confidence::Certain));
/// assert_eq!(parsed.decode_errors[0].offset, 6);
/// assert_eq!(parsed.document.text_content(parsed.document.find_element("p").unwrap()), "日\u{FFFD}");
/// ```
pub fn parse_document_bytes(bytes: &[u8], options: DocumentParserOptions) -> ParsedDocument {
    parse_bytes(bytes, options, false).0
}

/// [`parse_document_bytes`], also returning the tree builder's [`StackEvent`]s (as
/// [`crate::parse_document_with_events`] does for a string; after an encoding change that
/// restarted the parse, those of the last pass, the one that built the document).
///
/// ```
/// use websyntax_html::input_stream::{parse_document_bytes_with_events, DocumentParserOptions};
/// use websyntax_html::StackEvent;
/// let (parsed, events) = parse_document_bytes_with_events(b"<table>x<tr>", DocumentParserOptions::default());
/// assert!(events.iter().any(|e| matches!(e, StackEvent::FosterParented { .. })));
/// assert_eq!(parsed.document.find_element("tbody").is_some(), true);
/// ```
pub fn parse_document_bytes_with_events(
    bytes: &[u8],
    options: DocumentParserOptions,
) -> (ParsedDocument, Vec<StackEvent>) {
    parse_bytes(bytes, options, true)
}

/// [`parse_document_bytes`], recording the events if `record`.
fn parse_bytes(
    bytes: &[u8],
    options: DocumentParserOptions,
    record: bool,
) -> (ParsedDocument, Vec<StackEvent>) {
    // The same steps as `DocumentParser` fed once and finished, reading `bytes` in place:
    // no copy of the input is kept for a possible restart.
    let window = bytes.get(..options.window()).unwrap_or(bytes);
    let sniffed = sniff(window, &options.sniff);
    let mut pass = Box::new(Pass::new(
        sniffed.encoding,
        sniffed.confidence,
        options.parse,
        Recording {
            events: record,
            resume_points: options.resume_points,
        },
    ));
    // Valid UTF-8 without a BOM, decoded as UTF-8 (the common case): read in place, no
    // decoding into a buffer.
    let utf8 = (sniffed.encoding == Encoding::UTF_8
        && websyntax_encoding::bom_sniff(bytes).is_none())
    .then(|| websyntax_encoding::utf8_decode_without_bom_or_fail(bytes).ok())
    .flatten();
    if utf8.is_some() {
        pass.direct = true;
        pass.bom_done = true;
    }
    let mut change = None;
    let mut end = 0;
    for piece in bytes.chunks(PIECE) {
        end += piece.len();
        match utf8.filter(|_| pass.direct) {
            Some(all) => pass.push_str(all, end, false),
            None => pass.push(piece, false),
        }
        if let Some(step) = change_the_encoding(&mut pass, bytes, options.parse, false) {
            change = Some(step.change);
            if let Some(new) = step.restarted {
                // The new pass has parsed every byte.
                pass = new;
                break;
            }
        }
    }
    match utf8.filter(|_| pass.direct) {
        Some(all) => pass.push_str(all, all.len(), true),
        None => pass.push(&[], true),
    }
    if let Some(step) = change_the_encoding(&mut pass, bytes, options.parse, true) {
        change = Some(step.change);
        if let Some(new) = step.restarted {
            pass = new;
        }
    }
    let events = pass.tokenizer.sink_mut().take_events();
    (pass.into_parsed(sniffed, change), events)
}

/// The text of `bytes` as the byte-stream pipeline decodes it, without parsing: the encoding
/// sniffing algorithm (§13.2.3.2: BOM, `options.sniff`'s user override and transport-layer
/// charset, the `<meta>` prescan, autodetection, default) on the first bytes, then "decode"
/// (Encoding Standard) with that encoding. For input that is parsed otherwise (a fragment to
/// sanitize): a `<meta>` met later by the tree builder does not change the encoding here.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::input_stream::{DocumentParserOptions, decode_document_bytes};
/// let (text, encoding) = decode_document_bytes(b"<meta charset=koi8-r>\xf0", &DocumentParserOptions::default());
/// assert_eq!((text.as_ref(), encoding), ("<meta charset=koi8-r>П", Encoding::KOI8_R));
/// let utf8 = DocumentParserOptions::default().transport_charset("utf-8");
/// assert_eq!(decode_document_bytes("é".as_bytes(), &utf8).0, "é");
/// ```
pub fn decode_document_bytes<'a>(
    bytes: &'a [u8],
    options: &DocumentParserOptions,
) -> (std::borrow::Cow<'a, str>, Encoding) {
    let window = bytes.get(..options.window()).unwrap_or(bytes);
    let sniffed = sniff(window, &options.sniff);
    let decoded = websyntax_encoding::decode(bytes, sniffed.encoding);
    (decoded.text, decoded.encoding)
}
