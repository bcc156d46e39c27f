//! The HTML Standard's table of suggested default encodings by user locale (§13.2.3.2,
//! step 9 of the encoding sniffing algorithm). Transcribed from the spec text.

use websyntax_encoding::Encoding;

/// The table: a BCP 47 language tag and its suggested default encoding, in the spec's order.
/// "All other locales" → windows-1252 ([`default_encoding_for_locale`]).
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::LOCALE_DEFAULT_ENCODINGS;
///
/// assert!(LOCALE_DEFAULT_ENCODINGS.contains(&("ja", Encoding::SHIFT_JIS)));
/// assert_eq!(LOCALE_DEFAULT_ENCODINGS.len(), 39);
/// ```
pub const LOCALE_DEFAULT_ENCODINGS: [(&str, Encoding); 39] = [
    ("ar", Encoding::WINDOWS_1256),
    ("az", Encoding::WINDOWS_1254),
    ("ba", Encoding::WINDOWS_1251),
    ("be", Encoding::WINDOWS_1251),
    ("bg", Encoding::WINDOWS_1251),
    ("cs", Encoding::WINDOWS_1250),
    ("el", Encoding::ISO_8859_7),
    ("et", Encoding::WINDOWS_1257),
    ("fa", Encoding::WINDOWS_1256),
    ("he", Encoding::WINDOWS_1255),
    ("hr", Encoding::WINDOWS_1250),
    ("hu", Encoding::ISO_8859_2),
    ("ja", Encoding::SHIFT_JIS),
    ("kk", Encoding::WINDOWS_1251),
    ("ko", Encoding::EUC_KR),
    ("ku", Encoding::WINDOWS_1254),
    ("ky", Encoding::WINDOWS_1251),
    ("lt", Encoding::WINDOWS_1257),
    ("lv", Encoding::WINDOWS_1257),
    ("mk", Encoding::WINDOWS_1251),
    ("pl", Encoding::ISO_8859_2),
    ("ru", Encoding::WINDOWS_1251),
    ("sah", Encoding::WINDOWS_1251),
    ("sk", Encoding::WINDOWS_1250),
    ("sl", Encoding::ISO_8859_2),
    ("sr", Encoding::WINDOWS_1251),
    ("tg", Encoding::WINDOWS_1251),
    ("th", Encoding::WINDOWS_874),
    ("tr", Encoding::WINDOWS_1254),
    ("tt", Encoding::WINDOWS_1251),
    ("uk", Encoding::WINDOWS_1251),
    ("vi", Encoding::WINDOWS_1258),
    ("zh-Hans", Encoding::GBK),
    ("zh-CN", Encoding::GBK),
    ("zh-SG", Encoding::GBK),
    ("zh-Hant", Encoding::BIG5),
    ("zh-HK", Encoding::BIG5),
    ("zh-MO", Encoding::BIG5),
    ("zh-TW", Encoding::BIG5),
];

/// The suggested default encoding for a user locale given as a BCP 47 language tag: the
/// table row for the tag, else for the tag with trailing subtags removed one at a time
/// (`zh-Hant-TW` → `zh-Hant`, `ja-JP` → `ja`), matched ASCII case-insensitively (`_` is
/// accepted for `-`); "all other locales" → windows-1252.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::default_encoding_for_locale;
///
/// assert_eq!(default_encoding_for_locale("ja-JP"), Encoding::SHIFT_JIS);
/// assert_eq!(default_encoding_for_locale("zh-Hant-HK"), Encoding::BIG5);
/// assert_eq!(default_encoding_for_locale("zh_CN"), Encoding::GBK);
/// assert_eq!(default_encoding_for_locale("en-US"), Encoding::WINDOWS_1252);
/// assert_eq!(default_encoding_for_locale("zh"), Encoding::WINDOWS_1252); // not in the table
/// ```
pub fn default_encoding_for_locale(tag: &str) -> Encoding {
    let tag = tag.trim().replace('_', "-");
    let mut candidate = tag.as_str();
    loop {
        if let Some((_, enc)) = LOCALE_DEFAULT_ENCODINGS
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(candidate))
        {
            return *enc;
        }
        match candidate.rfind('-') {
            Some(i) => candidate = candidate.get(..i).unwrap_or_default(),
            None => return Encoding::WINDOWS_1252,
        }
    }
}
