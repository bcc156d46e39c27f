//! Encodings, labels and names: "get an encoding", "get an output encoding" (Encoding Standard
//! §4.2 Names and labels).
//!
//! ```
//! use websyntax_encoding::encodings::Encoding;
//!
//! assert_eq!(Encoding::for_label("csshiftjis").map(Encoding::name), Some("Shift_JIS"));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::UnknownLabelError;

/// One of the 40 encodings of the Encoding Standard.
///
/// A thin, `Copy` wrapper around `&'static encoding_rs::Encoding`: comparing, hashing and
/// copying are pointer-cheap. Obtain one from a label ([`Encoding::for_label`], [`FromStr`]) or
/// use a constant such as [`Encoding::UTF_8`].
///
/// ```
/// use websyntax_encoding::Encoding;
///
/// let enc: Encoding = " Latin1\n".parse().unwrap();
/// assert_eq!(enc, Encoding::WINDOWS_1252);
/// assert_eq!(enc.name(), "windows-1252");
/// assert_eq!(enc.to_string(), "windows-1252");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoding(&'static encoding_rs::Encoding);

macro_rules! encodings {
    ($($(#[$doc:meta])* $konst:ident = $init:ident, $name:literal;)*) => {
        impl Encoding {
            $(
                $(#[$doc])*
                ///
                #[doc = concat!(
                    "```\nuse websyntax_encoding::Encoding;\n\nassert_eq!(Encoding::",
                    stringify!($konst),
                    ".name(), \"",
                    $name,
                    "\");\n```"
                )]
                pub const $konst: Encoding = Encoding(&encoding_rs::$init);
            )*

            /// All 40 encodings, in the order of the Encoding Standard's table.
            ///
            /// ```
            /// use websyntax_encoding::Encoding;
            ///
            /// assert_eq!(Encoding::ALL.len(), 40);
            /// assert_eq!(Encoding::ALL[0], Encoding::UTF_8);
            /// ```
            pub const ALL: [Encoding; 40] = [$(Encoding::$konst),*];
        }
    };
}

encodings! {
    /// UTF-8.
    UTF_8 = UTF_8_INIT, "UTF-8";
    /// IBM866.
    IBM866 = IBM866_INIT, "IBM866";
    /// ISO-8859-2.
    ISO_8859_2 = ISO_8859_2_INIT, "ISO-8859-2";
    /// ISO-8859-3.
    ISO_8859_3 = ISO_8859_3_INIT, "ISO-8859-3";
    /// ISO-8859-4.
    ISO_8859_4 = ISO_8859_4_INIT, "ISO-8859-4";
    /// ISO-8859-5.
    ISO_8859_5 = ISO_8859_5_INIT, "ISO-8859-5";
    /// ISO-8859-6.
    ISO_8859_6 = ISO_8859_6_INIT, "ISO-8859-6";
    /// ISO-8859-7.
    ISO_8859_7 = ISO_8859_7_INIT, "ISO-8859-7";
    /// ISO-8859-8.
    ISO_8859_8 = ISO_8859_8_INIT, "ISO-8859-8";
    /// ISO-8859-8-I.
    ISO_8859_8_I = ISO_8859_8_I_INIT, "ISO-8859-8-I";
    /// ISO-8859-10.
    ISO_8859_10 = ISO_8859_10_INIT, "ISO-8859-10";
    /// ISO-8859-13.
    ISO_8859_13 = ISO_8859_13_INIT, "ISO-8859-13";
    /// ISO-8859-14.
    ISO_8859_14 = ISO_8859_14_INIT, "ISO-8859-14";
    /// ISO-8859-15.
    ISO_8859_15 = ISO_8859_15_INIT, "ISO-8859-15";
    /// ISO-8859-16.
    ISO_8859_16 = ISO_8859_16_INIT, "ISO-8859-16";
    /// KOI8-R.
    KOI8_R = KOI8_R_INIT, "KOI8-R";
    /// KOI8-U.
    KOI8_U = KOI8_U_INIT, "KOI8-U";
    /// macintosh.
    MACINTOSH = MACINTOSH_INIT, "macintosh";
    /// windows-874.
    WINDOWS_874 = WINDOWS_874_INIT, "windows-874";
    /// windows-1250.
    WINDOWS_1250 = WINDOWS_1250_INIT, "windows-1250";
    /// windows-1251.
    WINDOWS_1251 = WINDOWS_1251_INIT, "windows-1251";
    /// windows-1252 (also what the labels `latin1`, `ascii` and `iso-8859-1` mean).
    WINDOWS_1252 = WINDOWS_1252_INIT, "windows-1252";
    /// windows-1253.
    WINDOWS_1253 = WINDOWS_1253_INIT, "windows-1253";
    /// windows-1254.
    WINDOWS_1254 = WINDOWS_1254_INIT, "windows-1254";
    /// windows-1255.
    WINDOWS_1255 = WINDOWS_1255_INIT, "windows-1255";
    /// windows-1256.
    WINDOWS_1256 = WINDOWS_1256_INIT, "windows-1256";
    /// windows-1257.
    WINDOWS_1257 = WINDOWS_1257_INIT, "windows-1257";
    /// windows-1258.
    WINDOWS_1258 = WINDOWS_1258_INIT, "windows-1258";
    /// x-mac-cyrillic.
    X_MAC_CYRILLIC = X_MAC_CYRILLIC_INIT, "x-mac-cyrillic";
    /// GBK.
    GBK = GBK_INIT, "GBK";
    /// gb18030.
    GB18030 = GB18030_INIT, "gb18030";
    /// Big5.
    BIG5 = BIG5_INIT, "Big5";
    /// EUC-JP.
    EUC_JP = EUC_JP_INIT, "EUC-JP";
    /// ISO-2022-JP.
    ISO_2022_JP = ISO_2022_JP_INIT, "ISO-2022-JP";
    /// Shift_JIS.
    SHIFT_JIS = SHIFT_JIS_INIT, "Shift_JIS";
    /// EUC-KR.
    EUC_KR = EUC_KR_INIT, "EUC-KR";
    /// replacement: decodes any non-empty input to a single U+FFFD; has no encoder.
    REPLACEMENT = REPLACEMENT_INIT, "replacement";
    /// UTF-16BE (no encoder).
    UTF_16BE = UTF_16BE_INIT, "UTF-16BE";
    /// UTF-16LE (no encoder).
    UTF_16LE = UTF_16LE_INIT, "UTF-16LE";
    /// x-user-defined.
    X_USER_DEFINED = X_USER_DEFINED_INIT, "x-user-defined";
}

/// ASCII whitespace as the Infra Standard defines it: TAB, LF, FF, CR, SPACE.
fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

impl Encoding {
    /// "Get an encoding": removes leading and trailing ASCII whitespace (TAB, LF, FF, CR,
    /// SPACE; not VT, not NBSP) from `label`, then matches it ASCII case-insensitively against
    /// the Encoding Standard's label table. Returns `None` for an unknown label.
    ///
    /// Note that six labels (`iso-2022-kr`, `hz-gb-2312`, ...) map to the
    /// [`REPLACEMENT`](Encoding::REPLACEMENT) encoding, as the standard says.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert_eq!(Encoding::for_label("\t SJIS "), Some(Encoding::SHIFT_JIS));
    /// assert_eq!(Encoding::for_label("iso-2022-kr"), Some(Encoding::REPLACEMENT));
    /// assert_eq!(Encoding::for_label("\u{0B}utf-8"), None); // VT is not ASCII whitespace
    /// assert_eq!(Encoding::for_label("utf-7"), None);
    /// ```
    pub fn for_label(label: &str) -> Option<Encoding> {
        Encoding::for_label_bytes(label.as_bytes())
    }

    /// "Get an encoding" for a label given as bytes (as found in a `<meta>` prescan or an
    /// HTTP header). Same rules as [`Encoding::for_label`]; non-ASCII bytes never match.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert_eq!(Encoding::for_label_bytes(b"EUC-JP\r\n"), Some(Encoding::EUC_JP));
    /// assert_eq!(Encoding::for_label_bytes(b"utf-8\xA0"), None);
    /// ```
    pub fn for_label_bytes(label: &[u8]) -> Option<Encoding> {
        // 1. Remove any leading and trailing ASCII whitespace from label.
        let start = label.iter().position(|&b| !is_ascii_whitespace(b))?;
        let end = label
            .iter()
            .rposition(|&b| !is_ascii_whitespace(b))
            .map_or(start, |e| e + 1);
        let trimmed = label.get(start..end)?;
        // 2. If label is an ASCII case-insensitive match for any of the labels listed in the
        //    table, return the corresponding encoding; otherwise return failure.
        //    encoding_rs's table is the standard's table (checked label by label in
        //    tests/labels.rs against the vendored encodings.json).
        encoding_rs::Encoding::for_label(trimmed).map(Encoding)
    }

    /// The encoding's name exactly as the Encoding Standard spells it (`UTF-8`, `Shift_JIS`,
    /// `windows-1252`, `ISO-8859-8-I`, `x-user-defined`, ...).
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert_eq!(Encoding::SHIFT_JIS.name(), "Shift_JIS");
    /// assert_eq!(Encoding::for_label("big5-hkscs").unwrap().name(), "Big5");
    /// ```
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// "Get an output encoding": replacement, UTF-16BE and UTF-16LE give UTF-8; every other
    /// encoding gives itself.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert_eq!(Encoding::UTF_16LE.output_encoding(), Encoding::UTF_8);
    /// assert_eq!(Encoding::REPLACEMENT.output_encoding(), Encoding::UTF_8);
    /// assert_eq!(Encoding::EUC_KR.output_encoding(), Encoding::EUC_KR);
    /// ```
    pub fn output_encoding(self) -> Encoding {
        if self.has_encoder() {
            self
        } else {
            Encoding::UTF_8
        }
    }

    /// Whether the encoding has an encoder: every encoding except replacement, UTF-16BE and
    /// UTF-16LE (\[44\]).
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert!(Encoding::GB18030.has_encoder());
    /// assert!(!Encoding::UTF_16BE.has_encoder());
    /// ```
    pub fn has_encoder(self) -> bool {
        !(self == Encoding::REPLACEMENT || self == Encoding::UTF_16BE || self == Encoding::UTF_16LE)
    }

    /// Whether the decoder class "has a BOM" in the standard's sense (UTF-8, UTF-16BE,
    /// UTF-16LE): only these strip a leading U+FEFF in a TextDecoder without `ignoreBOM`.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert!(Encoding::UTF_16LE.is_unicode());
    /// assert!(!Encoding::GBK.is_unicode());
    /// ```
    pub fn is_unicode(self) -> bool {
        self == Encoding::UTF_8 || self == Encoding::UTF_16BE || self == Encoding::UTF_16LE
    }

    /// Whether every ASCII byte decodes to the same ASCII code point and back, i.e. the
    /// encoding is neither UTF-16BE/LE, replacement, nor ISO-2022-JP.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert!(Encoding::SHIFT_JIS.is_ascii_compatible());
    /// assert!(!Encoding::ISO_2022_JP.is_ascii_compatible());
    /// ```
    pub fn is_ascii_compatible(self) -> bool {
        self.0.is_ascii_compatible()
    }

    /// The underlying `encoding_rs` encoding.
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert_eq!(Encoding::UTF_8.as_encoding_rs(), encoding_rs::UTF_8);
    /// ```
    pub fn as_encoding_rs(self) -> &'static encoding_rs::Encoding {
        self.0
    }

    /// Wraps an `encoding_rs` encoding (every `encoding_rs` encoding is one of the 40).
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    ///
    /// assert_eq!(Encoding::from_encoding_rs(encoding_rs::BIG5), Encoding::BIG5);
    /// ```
    pub fn from_encoding_rs(encoding: &'static encoding_rs::Encoding) -> Encoding {
        Encoding(encoding)
    }
}

impl From<&'static encoding_rs::Encoding> for Encoding {
    fn from(encoding: &'static encoding_rs::Encoding) -> Encoding {
        Encoding(encoding)
    }
}

impl fmt::Display for Encoding {
    /// Writes the canonical name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoding({})", self.name())
    }
}

impl FromStr for Encoding {
    type Err = UnknownLabelError;

    /// "Get an encoding"; an unknown label is an error naming the label.
    fn from_str(label: &str) -> Result<Encoding, UnknownLabelError> {
        Encoding::for_label(label).ok_or_else(|| UnknownLabelError {
            label: label.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn get_an_encoding_strips_only_ascii_whitespace() {
        for ws in ["\t", "\n", "\x0C", "\r", " "] {
            assert_eq!(
                Encoding::for_label(&format!("{ws}utf-8{ws}")),
                Some(Encoding::UTF_8)
            );
        }
        for not_ws in ["\x0B", "\u{A0}", "\u{3000}", "\u{85}", "\0"] {
            assert_eq!(Encoding::for_label(&format!("{not_ws}utf-8")), None);
            assert_eq!(Encoding::for_label(&format!("utf-8{not_ws}")), None);
        }
        assert_eq!(Encoding::for_label(""), None);
        assert_eq!(Encoding::for_label(" \t "), None);
        assert_eq!(Encoding::for_label("utf 8"), None);
    }

    #[test]
    fn get_an_encoding_is_ascii_case_insensitive_only() {
        assert_eq!(Encoding::for_label("UtF-8"), Some(Encoding::UTF_8));
        assert_eq!(Encoding::for_label("KOI8-R"), Some(Encoding::KOI8_R));
        // U+212A KELVIN SIGN lowercases to 'k' under Unicode rules, not under ASCII rules.
        assert_eq!(Encoding::for_label("\u{212A}oi8-r"), None);
        // U+0130 / U+0131 likewise.
        assert_eq!(Encoding::for_label("\u{130}so-8859-2"), None);
    }

    #[test]
    fn output_encoding() {
        for e in Encoding::ALL {
            let expected = if [
                Encoding::REPLACEMENT,
                Encoding::UTF_16BE,
                Encoding::UTF_16LE,
            ]
            .contains(&e)
            {
                Encoding::UTF_8
            } else {
                e
            };
            assert_eq!(e.output_encoding(), expected, "{e}");
        }
    }

    #[test]
    fn all_distinct_and_parse_back_by_name() {
        for (i, a) in Encoding::ALL.iter().enumerate() {
            for b in &Encoding::ALL[i + 1..] {
                assert_ne!(a, b);
            }
            // Every encoding's name is one of its labels.
            assert_eq!(a.name().parse::<Encoding>().ok(), Some(*a));
        }
    }

    #[test]
    fn from_str_error_names_label() {
        let err = "utf-7".parse::<Encoding>().unwrap_err();
        assert_eq!(err.to_string(), "unknown encoding label \"utf-7\"");
    }
}
