//! Helpers for §13.2.5.72–13.2.5.80, the character reference states: the named reference
//! lookup (longest match over the generated table) and the numeric reference checks.

use super::named_entities::NAMED_REFERENCES;

/// Result of looking up a named character reference at the start of `bytes`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NamedMatch {
    /// The longest name that matches: its length in bytes and its expansion.
    Found(usize, &'static str),
    /// No name matches.
    None,
    /// The input ends while a longer name could still match: more input is needed.
    NeedMore,
}

/// §13.2.5.73: "consume the maximum number of characters possible, where the consumed
/// characters are one of the identifiers in the named character references table".
/// `at_end` says that `bytes` is all the input there will ever be.
pub(crate) fn lookup_named(bytes: &[u8], at_end: bool) -> NamedMatch {
    let table = NAMED_REFERENCES;
    let (mut lo, mut hi) = (0usize, table.len());
    let mut best = NamedMatch::None;
    let mut i = 0usize;
    loop {
        let Some(&b) = bytes.get(i) else {
            // Out of input: can a longer name still match?
            let only_exact = hi - lo == 1 && table.get(lo).is_some_and(|e| e.0.len() == i);
            if !at_end && lo < hi && !only_exact {
                return NamedMatch::NeedMore;
            }
            return best;
        };
        let range = table.get(lo..hi).unwrap_or(&[]);
        let start = range.partition_point(|e| e.0.as_bytes().get(i).copied() < Some(b));
        let end = range.partition_point(|e| e.0.as_bytes().get(i).copied() <= Some(b));
        hi = lo + end;
        lo += start;
        if lo >= hi {
            return best;
        }
        i += 1;
        if let Some(e) = table.get(lo)
            && e.0.len() == i
        {
            best = NamedMatch::Found(i, e.1);
        }
    }
}

/// §13.2.5.80 numeric character reference end state: the parse error (if any) and the code
/// point a numeric character reference with this code resolves to.
pub(crate) fn numeric_end(code: u32) -> (Option<&'static str>, char) {
    match code {
        0 => (Some("null-character-reference"), '\u{FFFD}'),
        0x11_0000.. => (
            Some("character-reference-outside-unicode-range"),
            '\u{FFFD}',
        ),
        0xD800..=0xDFFF => (Some("surrogate-character-reference"), '\u{FFFD}'),
        _ => {
            let c = char::from_u32(code).unwrap_or('\u{FFFD}');
            if (0xFDD0..=0xFDEF).contains(&code) || (code & 0xFFFE) == 0xFFFE {
                (Some("noncharacter-character-reference"), c)
            } else if code == 0x0D
                || (matches!(code, 0x01..=0x1F | 0x7F..=0x9F)
                    && !matches!(code, 0x09 | 0x0A | 0x0C | 0x20))
            {
                (
                    Some("control-character-reference"),
                    c1_replacement(code).unwrap_or(c),
                )
            } else {
                (None, c)
            }
        }
    }
}

/// The replacement table of §13.2.5.80 for 0x80..=0x9F.
fn c1_replacement(code: u32) -> Option<char> {
    Some(match code {
        0x80 => '\u{20AC}',
        0x82 => '\u{201A}',
        0x83 => '\u{0192}',
        0x84 => '\u{201E}',
        0x85 => '\u{2026}',
        0x86 => '\u{2020}',
        0x87 => '\u{2021}',
        0x88 => '\u{02C6}',
        0x89 => '\u{2030}',
        0x8A => '\u{0160}',
        0x8B => '\u{2039}',
        0x8C => '\u{0152}',
        0x8E => '\u{017D}',
        0x91 => '\u{2018}',
        0x92 => '\u{2019}',
        0x93 => '\u{201C}',
        0x94 => '\u{201D}',
        0x95 => '\u{2022}',
        0x96 => '\u{2013}',
        0x97 => '\u{2014}',
        0x98 => '\u{02DC}',
        0x99 => '\u{2122}',
        0x9A => '\u{0161}',
        0x9B => '\u{203A}',
        0x9C => '\u{0153}',
        0x9E => '\u{017E}',
        0x9F => '\u{0178}',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_match() {
        assert_eq!(
            lookup_named(b"notin;x", true),
            NamedMatch::Found(6, "\u{2209}")
        );
        assert_eq!(
            lookup_named(b"notit;", true),
            NamedMatch::Found(3, "\u{AC}")
        );
        assert_eq!(lookup_named(b"not", false), NamedMatch::NeedMore);
        assert_eq!(lookup_named(b"not", true), NamedMatch::Found(3, "\u{AC}"));
        assert_eq!(lookup_named(b"xyz", false), NamedMatch::None);
        assert_eq!(lookup_named(b"amp;", false), NamedMatch::Found(4, "&"));
        assert_eq!(super::super::named_entities::COUNT, 2231);
    }

    #[test]
    fn numeric() {
        assert_eq!(
            numeric_end(0x80),
            (Some("control-character-reference"), '\u{20AC}')
        );
        assert_eq!(
            numeric_end(0x81),
            (Some("control-character-reference"), '\u{81}')
        );
        assert_eq!(numeric_end(0x41), (None, 'A'));
        assert_eq!(numeric_end(0xD800).1, '\u{FFFD}');
    }
}
