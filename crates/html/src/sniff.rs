//! §13.2.3 The input byte stream: the encoding sniffing algorithm (§13.2.3.2), with the
//! prescan and "get an attribute" ([`prescan`]), "get an XML encoding"
//! ([`get_an_xml_encoding`]), the locale table of default encodings
//! ([`LOCALE_DEFAULT_ENCODINGS`]) and "extracting a character encoding from a meta element"
//! ([`extract_character_encoding_from_meta`]).
//!
//! ```
//! use websyntax_encoding::Encoding;
//! use websyntax_html::sniff::{sniff, Confidence, Reason, SniffOptions};
//!
//! let page = b"<!DOCTYPE html><meta charset=shift_jis><title>\x82\xa0</title>";
//! let result = sniff(page, &SniffOptions::default());
//! assert_eq!(result.encoding, Encoding::SHIFT_JIS);
//! assert_eq!(result.confidence, Confidence::Tentative);
//! assert_eq!(result.reason, Reason::Meta);
//!
//! // The transport layer's charset (e.g. Content-Type) wins, with confidence certain.
//! let options = SniffOptions { transport_charset: Some("euc-jp".into()), ..SniffOptions::default() };
//! let result = sniff(page, &options);
//! assert_eq!((result.encoding, result.confidence), (Encoding::EUC_JP, Confidence::Certain));
//! ```
//!
//! Sniffing is one step of parsing bytes: [`crate::input_stream`] (the streaming
//! [`DocumentParser`](crate::DocumentParser)) waits for the bytes, runs [`sniff`], decodes, and
//! applies "change the encoding" (§13.2.3.4: UTF-16 → UTF-8, x-user-defined → windows-1252,
//! switch on the fly or restart) when the tree builder's "in head" `<meta>` handling declares
//! an encoding while the confidence is [`Confidence::Tentative`].

use std::fmt;

use websyntax_encoding::Encoding;

mod locale;
mod meta;
mod prescan;

pub use locale::{LOCALE_DEFAULT_ENCODINGS, default_encoding_for_locale};
pub use meta::{extract_character_encoding_from_meta, extract_character_encoding_from_meta_bytes};
pub use prescan::{PrescanResult, PrescanSource, get_an_xml_encoding, prescan};

/// How sure the parser is of its encoding (§13.2.3): a tentative encoding may be changed by a
/// `<meta>` met while parsing; a certain one may not; irrelevant when no decoding is involved.
///
/// ```
/// use websyntax_html::sniff::Confidence;
///
/// assert_eq!(Confidence::Tentative.to_string(), "tentative");
/// assert_eq!("certain".parse::<Confidence>(), Ok(Confidence::Certain));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Confidence {
    /// May still change (prescan, parent, previous visit, autodetection, default).
    Tentative,
    /// Fixed (BOM, user override, transport layer, known definite encoding).
    Certain,
    /// The input is already Unicode text: no encoding is involved.
    Irrelevant,
}

impl fmt::Display for Confidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Confidence::Tentative => "tentative",
            Confidence::Certain => "certain",
            Confidence::Irrelevant => "irrelevant",
        })
    }
}

/// A string that is not `tentative`, `certain` or `irrelevant`.
///
/// ```
/// use websyntax_html::sniff::Confidence;
///
/// let err = "sure".parse::<Confidence>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown confidence \"sure\" (expected tentative, certain or irrelevant)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseConfidenceError(pub String);

impl fmt::Display for ParseConfidenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown confidence {:?} (expected tentative, certain or irrelevant)",
            self.0
        )
    }
}

impl std::error::Error for ParseConfidenceError {}

impl std::str::FromStr for Confidence {
    type Err = ParseConfidenceError;

    fn from_str(s: &str) -> Result<Confidence, ParseConfidenceError> {
        match s {
            "tentative" => Ok(Confidence::Tentative),
            "certain" => Ok(Confidence::Certain),
            "irrelevant" => Ok(Confidence::Irrelevant),
            _ => Err(ParseConfidenceError(s.to_owned())),
        }
    }
}

/// Why the sniffing algorithm chose its encoding: the step of §13.2.3.2 that returned.
///
/// ```
/// use websyntax_html::sniff::{sniff, Reason, SniffOptions};
///
/// assert_eq!(sniff(b"\xEF\xBB\xBF<p>", &SniffOptions::default()).reason, Reason::ByteOrderMark);
/// assert_eq!(Reason::TransportLayer.to_string(), "transport-layer charset");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Step 1: BOM sniffing (certain).
    ByteOrderMark,
    /// Step 2: the user's explicit override (certain).
    UserOverride,
    /// Step 4: the transport layer's charset, e.g. HTTP `Content-Type` (certain).
    TransportLayer,
    /// Step 5, prescan: the bytes start with a UTF-16 `<?x` (tentative).
    Utf16XmlDeclaration,
    /// Step 5, prescan: a `<meta charset>` or `<meta http-equiv=content-type>` (tentative).
    Meta,
    /// Step 5, prescan: "get an XML encoding" (tentative).
    XmlDeclaration,
    /// Step 6: the same-origin parent (container) document's encoding (tentative).
    ParentDocument,
    /// Step 7: what the user agent knows from a previous visit (tentative).
    PreviousVisit,
    /// Step 8: frequency-analysis autodetection (chardetng) (tentative).
    Autodetected,
    /// Step 9: the implementation-defined or user-specified default, e.g. by locale
    /// (tentative).
    Default,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::ByteOrderMark => "byte order mark",
            Reason::UserOverride => "user override",
            Reason::TransportLayer => "transport-layer charset",
            Reason::Utf16XmlDeclaration => "UTF-16 XML declaration",
            Reason::Meta => "meta prescan",
            Reason::XmlDeclaration => "XML declaration",
            Reason::ParentDocument => "parent document",
            Reason::PreviousVisit => "previous visit",
            Reason::Autodetected => "autodetected",
            Reason::Default => "default",
        })
    }
}

/// The result of the sniffing algorithm.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::{sniff, Confidence, Reason, SniffOptions, Sniffed};
///
/// assert_eq!(
///     sniff(b"<p>hello", &SniffOptions::default()),
///     Sniffed { encoding: Encoding::WINDOWS_1252, confidence: Confidence::Tentative, reason: Reason::Default }
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sniffed {
    /// The character encoding to decode with (also the document's character encoding).
    pub encoding: Encoding,
    /// Certain or tentative.
    pub confidence: Confidence,
    /// The step that decided.
    pub reason: Reason,
}

/// The parent (container) document, for step 6.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::ParentDocument;
///
/// let parent = ParentDocument { encoding: Encoding::EUC_KR, same_origin: true };
/// # let _ = parent;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParentDocument {
    /// The parent document's character encoding.
    pub encoding: Encoding,
    /// Whether the parent document's origin is same origin with the document's.
    pub same_origin: bool,
}

/// Autodetection settings (step 8), with chardetng.
///
/// ```
/// use websyntax_html::sniff::Autodetect;
///
/// let a = Autodetect { tld: Some("jp".into()), allow_utf8: false };
/// # let _ = a;
/// ```
#[cfg(feature = "autodetect")]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Autodetect {
    /// The document's top-level domain label, lower-case ASCII without a dot (e.g. `jp`), as
    /// a hint. Anything else is ignored.
    pub tld: Option<String>,
    /// Whether UTF-8 may be detected. Browsers pass `false` for `text/html` from the network
    /// (so that authors cannot rely on detection); `true` suits local files.
    pub allow_utf8: bool,
}

/// Inputs of the sniffing algorithm besides the bytes. `SniffOptions::default()` is: no
/// override, no transport charset, prescan the first 1024 bytes, no parent, no previous
/// visit, no autodetection, default windows-1252 (the locale table's "all other locales").
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::{default_encoding_for_locale, sniff, Reason, SniffOptions};
///
/// let options = SniffOptions { default_encoding: default_encoding_for_locale("ja"), ..SniffOptions::default() };
/// let result = sniff(b"<p>", &options);
/// assert_eq!((result.encoding, result.reason), (Encoding::SHIFT_JIS, Reason::Default));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SniffOptions {
    /// Step 2: the user's explicit override.
    pub user_override: Option<Encoding>,
    /// Step 4: the transport layer's charset as a label (e.g. the `charset` parameter of
    /// `Content-Type`). A label that is not a supported encoding is ignored, as the spec says.
    pub transport_charset: Option<String>,
    /// Step 5: how many bytes the prescan looks at (its end condition); 0 skips the prescan.
    /// The spec encourages 1024.
    pub prescan_limit: usize,
    /// Step 6: the container document, if any.
    pub parent: Option<ParentDocument>,
    /// Step 7: the encoding the page had when last visited, if known.
    pub previous_visit: Option<Encoding>,
    /// Step 8: autodetection with chardetng, when `Some`.
    #[cfg(feature = "autodetect")]
    pub autodetect: Option<Autodetect>,
    /// Step 9: the default encoding ([`default_encoding_for_locale`], or UTF-8 in controlled
    /// environments).
    pub default_encoding: Encoding,
}

impl Default for SniffOptions {
    fn default() -> SniffOptions {
        SniffOptions {
            user_override: None,
            transport_charset: None,
            prescan_limit: 1024,
            parent: None,
            previous_visit: None,
            #[cfg(feature = "autodetect")]
            autodetect: None,
            default_encoding: Encoding::WINDOWS_1252,
        }
    }
}

/// The encoding sniffing algorithm (§13.2.3.2) over `bytes`, all the bytes available so far.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::{sniff, Confidence, Reason, SniffOptions};
///
/// let o = SniffOptions::default();
/// let r = sniff(b"\xFF\xFE<\0p\0", &o);
/// assert_eq!((r.encoding, r.confidence, r.reason), (Encoding::UTF_16LE, Confidence::Certain, Reason::ByteOrderMark));
/// let r = sniff(b"<meta charset=utf-16be>", &o);
/// assert_eq!((r.encoding, r.confidence, r.reason), (Encoding::UTF_8, Confidence::Tentative, Reason::Meta));
/// ```
pub fn sniff(bytes: &[u8], options: &SniffOptions) -> Sniffed {
    let certain = |encoding, reason| Sniffed {
        encoding,
        confidence: Confidence::Certain,
        reason,
    };
    let tentative = |encoding, reason| Sniffed {
        encoding,
        confidence: Confidence::Tentative,
        reason,
    };
    // 1. If the result of BOM sniffing is an encoding, return it with confidence certain.
    if let Some((encoding, _)) = websyntax_encoding::bom_sniff(bytes) {
        return certain(encoding, Reason::ByteOrderMark);
    }
    // 2. The user's explicit override: certain.
    if let Some(encoding) = options.user_override {
        return certain(encoding, Reason::UserOverride);
    }
    // 3. (Waiting for more bytes is the caller's business: `bytes` is what is available.)
    // 4. The transport layer's charset, if supported: certain.
    if let Some(encoding) = options
        .transport_charset
        .as_deref()
        .and_then(Encoding::for_label)
    {
        return certain(encoding, Reason::TransportLayer);
    }
    // 5. Prescan (end condition: `prescan_limit` bytes): tentative.
    if options.prescan_limit > 0 {
        let window = bytes.get(..options.prescan_limit).unwrap_or(bytes);
        if let Some(found) = prescan(window) {
            let reason = match found.source {
                PrescanSource::Utf16XmlDeclaration => Reason::Utf16XmlDeclaration,
                PrescanSource::Meta => Reason::Meta,
                PrescanSource::XmlDeclaration => Reason::XmlDeclaration,
            };
            return tentative(found.encoding, reason);
        }
    }
    // 6. A same-origin parent document whose encoding is not UTF-16BE/LE: tentative.
    if let Some(parent) = options.parent
        && parent.same_origin
        && parent.encoding != Encoding::UTF_16BE
        && parent.encoding != Encoding::UTF_16LE
    {
        return tentative(parent.encoding, Reason::ParentDocument);
    }
    // 7. Information on the likely encoding, e.g. from the last visit: tentative.
    if let Some(encoding) = options.previous_visit {
        return tentative(encoding, Reason::PreviousVisit);
    }
    // 8. Autodetection: tentative.
    #[cfg(feature = "autodetect")]
    if let Some(settings) = &options.autodetect
        && let Some(encoding) = autodetect(bytes, settings)
    {
        return tentative(encoding, Reason::Autodetected);
    }
    // 9. The default: tentative.
    tentative(options.default_encoding, Reason::Default)
}

/// Step 8 with chardetng: the guess, when chardetng rates it above at least one other
/// candidate ("autodetection succeeds"); `None` otherwise.
#[cfg(feature = "autodetect")]
fn autodetect(bytes: &[u8], settings: &Autodetect) -> Option<Encoding> {
    // A named fast path with chardetng's own answer: when UTF-8 may be detected and the input
    // has a non-ASCII byte and is valid UTF-8 throughout, chardetng's UTF-8 candidate is never
    // disqualified and its ISO-2022-JP rule (ASCII only) cannot apply, so its guess is UTF-8
    // and confident. Checking validity takes a fraction of the time of the frequency analysis.
    // (An all-ASCII input is already cheap for chardetng: it stops at the first non-ASCII byte
    // it does not find.)
    if settings.allow_utf8
        && !bytes.is_ascii()
        && websyntax_encoding::utf8_decode_without_bom_or_fail(bytes).is_ok()
    {
        return Some(Encoding::UTF_8);
    }
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    // chardetng panics on a TLD with non-ASCII, '.', or upper case: only pass a clean one.
    let tld = settings.tld.as_deref().map(str::as_bytes).filter(|t| {
        !t.is_empty()
            && t.iter()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
    });
    let (guess, confident) = detector.guess_assess(tld, settings.allow_utf8);
    confident.then(|| Encoding::from_encoding_rs(guess))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The UTF-8 fast path of step 8 gives chardetng's own answer.
    #[cfg(feature = "autodetect")]
    #[test]
    fn autodetect_utf8_fast_path_agrees_with_chardetng() {
        let chardetng = |b: &[u8], allow_utf8: bool| {
            let mut d = chardetng::EncodingDetector::new();
            d.feed(b, true);
            let (g, confident) = d.guess_assess(None, allow_utf8);
            confident.then(|| Encoding::from_encoding_rs(g))
        };
        let inputs: [&[u8]; 8] = [
            "<p>Привет, мир</p>".as_bytes(),
            "<p>日本語のテキスト</p>".as_bytes(),
            "caf\u{e9} \u{1F600}".as_bytes(),
            b"<p>plain ASCII</p>",
            b"\x1b$B\x24\x22\x1b(B",
            b"<p>caf\xe9</p>",
            b"<p>\xd0\x9f\xd1",
            "\u{1b}$B ü".as_bytes(),
        ];
        for b in inputs {
            for allow_utf8 in [true, false] {
                let settings = Autodetect {
                    tld: None,
                    allow_utf8,
                };
                assert_eq!(autodetect(b, &settings), chardetng(b, allow_utf8), "{b:?}");
            }
        }
    }

    #[test]
    fn step_order() {
        let mut o = SniffOptions {
            user_override: Some(Encoding::BIG5),
            transport_charset: Some("gbk".into()),
            parent: Some(ParentDocument {
                encoding: Encoding::EUC_KR,
                same_origin: true,
            }),
            previous_visit: Some(Encoding::KOI8_U),
            default_encoding: Encoding::UTF_8,
            ..SniffOptions::default()
        };
        let doc = b"<meta charset=koi8-r>";
        assert_eq!(sniff(b"\xEF\xBB\xBFx", &o).reason, Reason::ByteOrderMark);
        assert_eq!(sniff(doc, &o).reason, Reason::UserOverride);
        o.user_override = None;
        assert_eq!(sniff(doc, &o).encoding, Encoding::GBK);
        o.transport_charset = Some("no-such-charset".into());
        assert_eq!(sniff(doc, &o).reason, Reason::Meta);
        assert_eq!(sniff(b"<p>", &o).reason, Reason::ParentDocument);
        o.parent = Some(ParentDocument {
            encoding: Encoding::UTF_16LE,
            same_origin: true,
        });
        assert_eq!(sniff(b"<p>", &o).reason, Reason::PreviousVisit);
        o.previous_visit = None;
        let r = sniff(b"<p>", &o);
        assert_eq!((r.encoding, r.reason), (Encoding::UTF_8, Reason::Default));
        o.parent = Some(ParentDocument {
            encoding: Encoding::EUC_KR,
            same_origin: false,
        });
        assert_eq!(sniff(b"<p>", &o).reason, Reason::Default);
    }

    #[test]
    fn transport_charset_is_returned_as_is() {
        for (label, enc) in [
            ("utf-16", Encoding::UTF_16LE),
            ("x-user-defined", Encoding::X_USER_DEFINED),
            ("iso-2022-kr", Encoding::REPLACEMENT),
        ] {
            let o = SniffOptions {
                transport_charset: Some(label.into()),
                ..SniffOptions::default()
            };
            assert_eq!(sniff(b"<p>", &o).encoding, enc);
        }
    }

    #[test]
    fn prescan_limit_zero_skips_prescan() {
        let o = SniffOptions {
            prescan_limit: 0,
            ..SniffOptions::default()
        };
        assert_eq!(sniff(b"<meta charset=gbk>", &o).reason, Reason::Default);
    }

    #[cfg(feature = "autodetect")]
    #[test]
    fn autodetect_never_panics_on_bad_tld() {
        for tld in ["JP", "co.jp", "日本", ""] {
            let o = SniffOptions {
                autodetect: Some(Autodetect {
                    tld: Some(tld.into()),
                    allow_utf8: true,
                }),
                ..SniffOptions::default()
            };
            let _ = sniff("日本語のテキストです。".as_bytes(), &o);
        }
    }
}
