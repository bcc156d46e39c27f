//! "Extracting a character encoding from a meta element" (HTML Standard, common
//! infrastructure): used by the prescan's `content` attribute step (§13.2.3.2) and by the tree
//! builder's "in head" `<meta http-equiv=content-type>` handling (§13.2.6.4.4).

use websyntax_encoding::Encoding;

/// ASCII whitespace: TAB, LF, FF, CR, SPACE.
pub(crate) fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

/// "Extracting a character encoding from a meta element": finds `charset=` in a `content`
/// attribute value (as in `text/html; charset=Shift_JIS`) and returns the encoding its value
/// labels, or `None` ("nothing", which includes an unknown label).
///
/// The tree builder uses this for `<meta http-equiv="Content-Type" content="...">` in the
/// "in head" insertion mode; the prescan uses it for the `content` attribute.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::extract_character_encoding_from_meta;
///
/// assert_eq!(extract_character_encoding_from_meta("text/html; charset=Shift_JIS"), Some(Encoding::SHIFT_JIS));
/// assert_eq!(extract_character_encoding_from_meta("text/html; CHARSET = 'koi8-r' "), Some(Encoding::KOI8_R));
/// assert_eq!(extract_character_encoding_from_meta("charset=\"utf-8"), None); // unmatched quote
/// assert_eq!(extract_character_encoding_from_meta("text/html"), None);
/// ```
pub fn extract_character_encoding_from_meta(content: &str) -> Option<Encoding> {
    extract_character_encoding_from_meta_bytes(content.as_bytes())
}

/// [`extract_character_encoding_from_meta`] on bytes (as the prescan sees the attribute).
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::extract_character_encoding_from_meta_bytes;
///
/// assert_eq!(extract_character_encoding_from_meta_bytes(b"x;charset=euc-kr;y"), Some(Encoding::EUC_KR));
/// ```
pub fn extract_character_encoding_from_meta_bytes(s: &[u8]) -> Option<Encoding> {
    // 1. Let position be a pointer into s, initially pointing at the start of the string.
    let mut position = 0usize;
    loop {
        // 2. Loop: find the first seven characters in s after position that are an ASCII
        //    case-insensitive match for "charset". If no such match is found, return nothing.
        let rest = s.get(position..)?;
        let found = rest
            .windows(7)
            .position(|w| w.eq_ignore_ascii_case(b"charset"))?;
        let mut p = position.saturating_add(found).saturating_add(7);
        // 3. Skip any ASCII whitespace that immediately follow the word "charset".
        while s.get(p).copied().is_some_and(is_ascii_whitespace) {
            p += 1;
        }
        // 4. If the next character is not "=", move position to point just before that next
        //    character, and jump back to the step labeled loop.
        if s.get(p) != Some(&b'=') {
            position = p;
            continue;
        }
        p += 1;
        // 5. Skip any ASCII whitespace that immediately follow the equals sign.
        while s.get(p).copied().is_some_and(is_ascii_whitespace) {
            p += 1;
        }
        // 6. Process the next character.
        //    If there is no next character: return nothing.
        let c = *s.get(p)?;
        return match c {
            // A quote with a later matching quote: the substring between them. An unmatched
            // quote: return nothing.
            b'"' | b'\'' => {
                let after = s.get(p + 1..)?;
                let end = memchr::memchr(c, after)?;
                Encoding::for_label_bytes(after.get(..end)?)
            }
            // Otherwise: from this character up to the first ASCII whitespace or ";" or the
            // end of s.
            _ => {
                let value = s.get(p..)?;
                let end = value
                    .iter()
                    .position(|&b| is_ascii_whitespace(b) || b == b';')
                    .unwrap_or(value.len());
                Encoding::for_label_bytes(value.get(..end)?)
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_charset_without_equals() {
        assert_eq!(
            extract_character_encoding_from_meta("charset; charset=big5"),
            Some(Encoding::BIG5)
        );
        assert_eq!(
            extract_character_encoding_from_meta("xcharsetx charset =\tgbk"),
            Some(Encoding::GBK)
        );
    }

    #[test]
    fn value_ends_at_whitespace_or_semicolon() {
        assert_eq!(
            extract_character_encoding_from_meta("charset=utf-8 x"),
            Some(Encoding::UTF_8)
        );
        assert_eq!(
            extract_character_encoding_from_meta("charset=utf-8;x"),
            Some(Encoding::UTF_8)
        );
        assert_eq!(extract_character_encoding_from_meta("charset="), None);
        assert_eq!(extract_character_encoding_from_meta("charset=  "), None);
        assert_eq!(extract_character_encoding_from_meta("charset=bogus"), None);
        // Quoted: the label is trimmed by "get an encoding".
        assert_eq!(
            extract_character_encoding_from_meta("charset=' latin1 '"),
            Some(Encoding::WINDOWS_1252)
        );
        assert_eq!(
            extract_character_encoding_from_meta("charset='latin1"),
            None
        );
    }

    #[test]
    fn non_ascii_is_harmless() {
        assert_eq!(extract_character_encoding_from_meta("ĉharset=utf-8"), None);
        assert_eq!(
            extract_character_encoding_from_meta_bytes(b"\xff\xfecharset=\xff"),
            None
        );
    }
}
