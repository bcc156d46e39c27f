//! §13.2.5.72–13.2.5.80, the character reference states, and their helpers: the named
//! reference lookup (longest match over the generated table) and the numeric reference checks.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::ops::ControlFlow;
use std::sync::OnceLock;

use rustc_hash::FxHasher;

use super::named_entities::NAMED_REFERENCES;
use super::token::TokenSink;
use super::tokenization::{Buf, Cx, Flow, Machine, Nx, St, getc, is_ws, peek};

/// The length of the longest name in the named character references table.
const MAX_NAME_LEN: usize = 32;

/// The names of the table that end with `;`, to their expansions. The table is fixed, so no
/// input can lengthen a probe sequence.
fn semicolon_names() -> &'static HashMap<&'static [u8], &'static str, BuildHasherDefault<FxHasher>>
{
    static MAP: OnceLock<HashMap<&'static [u8], &'static str, BuildHasherDefault<FxHasher>>> =
        OnceLock::new();
    MAP.get_or_init(|| {
        NAMED_REFERENCES
            .iter()
            .filter(|(n, _)| n.ends_with(';'))
            .map(|&(n, e)| (n.as_bytes(), e))
            .collect()
    })
}

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
    // A named fast path for the common case, `name;` with the whole name in the table: every
    // name that ends with `;` ends there, so no longer name can match and this one is the
    // longest. One hash lookup instead of narrowing the sorted table byte by byte.
    if let Some(k) = bytes
        .iter()
        .take(MAX_NAME_LEN)
        .position(|b| !b.is_ascii_alphanumeric())
        && bytes.get(k) == Some(&b';')
        && let Some(name) = bytes.get(..=k)
        && let Some(&expansion) = semicolon_names().get(name)
    {
        return NamedMatch::Found(k + 1, expansion);
    }
    table_longest_match(bytes, at_end)
}

/// For each first byte, the range of the table's names that start with it (the range the
/// first step of [`narrow`] finds from the whole table).
fn first_byte_ranges() -> &'static [(u16, u16); 256] {
    static RANGES: OnceLock<[(u16, u16); 256]> = OnceLock::new();
    RANGES.get_or_init(|| {
        let table = NAMED_REFERENCES;
        let mut r = [(0u16, 0u16); 256];
        for (b, slot) in (0u8..=255).zip(r.iter_mut()) {
            let lo = table.partition_point(|e| e.0.as_bytes().first().copied() < Some(b));
            let hi = table.partition_point(|e| e.0.as_bytes().first().copied() <= Some(b));
            *slot = (
                u16::try_from(lo).unwrap_or(0),
                u16::try_from(hi).unwrap_or(0),
            );
        }
        r
    })
}

/// [`lookup_named`] without its fast path: the sorted table narrowed byte by byte, the first
/// byte through [`first_byte_ranges`].
fn table_longest_match(bytes: &[u8], at_end: bool) -> NamedMatch {
    let Some(&b) = bytes.first() else {
        return narrow(
            bytes,
            at_end,
            0,
            NAMED_REFERENCES.len(),
            0,
            NamedMatch::None,
        );
    };
    let (lo, hi) = first_byte_ranges()[usize::from(b)];
    let (lo, hi) = (usize::from(lo), usize::from(hi));
    if lo >= hi {
        return NamedMatch::None;
    }
    let best = match NAMED_REFERENCES.get(lo) {
        Some(e) if e.0.len() == 1 => NamedMatch::Found(1, e.1),
        _ => NamedMatch::None,
    };
    narrow(bytes, at_end, lo, hi, 1, best)
}

/// The longest match of the table's names `lo..hi`, which all start with `bytes[..i]`, the
/// longest of them that ends there being `best`.
fn narrow(
    bytes: &[u8],
    at_end: bool,
    mut lo: usize,
    mut hi: usize,
    mut i: usize,
    mut best: NamedMatch,
) -> NamedMatch {
    let table = NAMED_REFERENCES;
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

impl Machine {
    // 13.2.5.72 Character reference state
    pub(super) fn character_reference_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        self.temp.clear();
        self.temp.push('&');
        match getc!(self, sink, cx) {
            Some((c, _)) if c.is_ascii_alphanumeric() => {
                self.state = St::NamedCharacterReference;
            }
            Some(('#', n)) => {
                self.temp.push('#');
                self.state = St::NumericCharacterReference;
                cx.pos += n;
            }
            _ => {
                self.flush_temp(sink, cx.pos);
                self.state = self.return_state;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.73 Named character reference state
    pub(super) fn named_character_reference_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match lookup_named(cx.bytes.get(cx.pos..).unwrap_or(&[]), cx.eof) {
            NamedMatch::NeedMore => return ControlFlow::Break(cx.pos),
            NamedMatch::Found(len, expansion) => {
                let name = cx.input.get(cx.pos..cx.pos + len).unwrap_or("");
                let last_semi = name.ends_with(';');
                let next = cx.bytes.get(cx.pos + len).copied();
                if next.is_none() && !cx.eof && !last_semi {
                    return ControlFlow::Break(cx.pos);
                }
                if self.is_attr_return()
                    && !last_semi
                    && next.is_some_and(|b| b == b'=' || b.is_ascii_alphanumeric())
                {
                    self.temp.push_str(name);
                    self.flush_temp(sink, cx.pos + len);
                } else {
                    if !last_semi {
                        self.err_ref(
                            sink,
                            cx.bytes,
                            cx.pos + len,
                            cx.pos + len,
                            "missing-semicolon-after-character-reference",
                        );
                    }
                    self.temp.clear();
                    self.temp.push_str(expansion);
                    self.flush_temp(sink, cx.pos + len);
                }
                cx.pos += len;
                self.state = self.return_state;
            }
            NamedMatch::None => {
                self.flush_temp(sink, cx.pos);
                self.state = St::AmbiguousAmpersand;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.74 Ambiguous ampersand state
    pub(super) fn ambiguous_ampersand_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some((c, n)) if c.is_ascii_alphanumeric() => {
                if self.is_attr_return() {
                    self.push(Buf::AttrValue, c);
                } else {
                    self.emit_char(sink, cx.bytes, c, at);
                }
                cx.pos += n;
            }
            Some((';', _)) => {
                self.err_ref(
                    sink,
                    cx.bytes,
                    cx.pos,
                    cx.pos + 1,
                    "unknown-named-character-reference",
                );
                self.state = self.return_state;
            }
            _ => self.state = self.return_state,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.75 Numeric character reference state
    pub(super) fn numeric_character_reference_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        self.code = 0;
        match getc!(self, sink, cx) {
            Some((c @ ('x' | 'X'), n)) => {
                self.temp.push(c);
                self.state = St::HexadecimalCharacterReferenceStart;
                cx.pos += n;
            }
            _ => self.state = St::DecimalCharacterReferenceStart,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.76 Hexadecimal character reference start state,
    // 13.2.5.77 Decimal character reference start state
    pub(super) fn numeric_character_reference_start_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let hex = self.state == St::HexadecimalCharacterReferenceStart;
        match getc!(self, sink, cx) {
            Some((c, _)) if (hex && c.is_ascii_hexdigit()) || c.is_ascii_digit() => {
                self.state = if hex {
                    St::HexadecimalCharacterReference
                } else {
                    St::DecimalCharacterReference
                };
            }
            _ => {
                self.err_ref(
                    sink,
                    cx.bytes,
                    cx.pos,
                    cx.pos,
                    "absence-of-digits-in-numeric-character-reference",
                );
                self.flush_temp(sink, cx.pos);
                self.state = self.return_state;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.78 Hexadecimal character reference state,
    // 13.2.5.79 Decimal character reference state
    pub(super) fn numeric_character_reference_digits_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let radix = if self.state == St::HexadecimalCharacterReference {
            16
        } else {
            10
        };
        match getc!(self, sink, cx) {
            Some((c, n)) if c.is_digit(radix) => {
                let d = c.to_digit(radix).unwrap_or(0);
                // Saturate: anything above 0x10FFFF is out of range anyway.
                self.code = self
                    .code
                    .saturating_mul(radix)
                    .saturating_add(d)
                    .min(0x0011_0000);
                cx.pos += n;
            }
            Some((';', n)) => {
                self.state = St::NumericCharacterReferenceEnd;
                cx.pos += n;
            }
            _ => {
                self.err_ref(
                    sink,
                    cx.bytes,
                    cx.pos,
                    cx.pos,
                    "missing-semicolon-after-character-reference",
                );
                self.state = St::NumericCharacterReferenceEnd;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.80 Numeric character reference end state
    pub(super) fn numeric_character_reference_end_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let (e, c) = numeric_end(self.code);
        if let Some(code) = e {
            self.err_ref(sink, cx.bytes, cx.pos, cx.pos, code);
        }
        self.temp.clear();
        self.temp.push(c);
        self.flush_temp(sink, cx.pos);
        self.state = self.return_state;
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {

    /// The fast path of `lookup_named` gives the longest match, as the table search does.
    #[test]
    fn semicolon_fast_path_is_the_longest_match() {
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for (name, _) in NAMED_REFERENCES {
            for tail in ["", "x", ";", "=", " ", "abc;"] {
                inputs.push(format!("{name}{tail}").into_bytes());
            }
            if let Some(stem) = name.strip_suffix(';') {
                inputs.push(format!("{stem}x;").into_bytes());
                inputs.push(stem.as_bytes().to_vec());
            }
        }
        for extra in [
            "notin;",
            "notit;",
            "ampx;",
            "a;",
            ";",
            "",
            "AMP;",
            "amp",
            &"a".repeat(40),
        ] {
            inputs.push(extra.as_bytes().to_vec());
        }
        for b in &inputs {
            for at_end in [true, false] {
                assert_eq!(
                    lookup_named(b, at_end),
                    table_longest_match(b, at_end),
                    "{:?} at_end={at_end}",
                    String::from_utf8_lossy(b)
                );
            }
        }
    }

    /// The first-byte index gives what narrowing the whole table from the first byte gives,
    /// for names, their prefixes and every first byte.
    #[test]
    fn first_byte_index_is_the_whole_table_search() {
        let mut inputs: Vec<Vec<u8>> = (0u8..=255).map(|b| vec![b]).collect();
        inputs.extend((0u8..=255).map(|b| vec![b, b'a', b';']));
        for (name, _) in NAMED_REFERENCES {
            for k in 1..=name.len() {
                inputs.push(name.as_bytes()[..k].to_vec());
            }
            inputs.push(format!("{name}x=").into_bytes());
        }
        inputs.push(Vec::new());
        for b in &inputs {
            for at_end in [true, false] {
                assert_eq!(
                    table_longest_match(b, at_end),
                    narrow(b, at_end, 0, NAMED_REFERENCES.len(), 0, NamedMatch::None),
                    "{:?} at_end={at_end}",
                    String::from_utf8_lossy(b)
                );
            }
        }
    }

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
