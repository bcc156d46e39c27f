//! The one place in the crate with `unsafe` code: a 16-byte-at-a-time version of the
//! tokenizer's run scan ([`super::tokenization::scan`]) for the stop sets that are the
//! preprocessing set plus at most two bytes (text in the data, RCDATA, RAWTEXT, script and
//! comment states, quoted attribute values). Measured in `bench/` (`dom_profile`): the table
//! scan took about a tenth of parsing a page to a DOM. Also the line-break scan of the source
//! index ([`chunk_masks`]: line breaks and non-ASCII bytes, 64 bytes at a time), the
//! serializer's escape scan ([`escape_mask16`]), and the scan for the end of a tag or attribute
//! name on the tokenizer's fast path for tags ([`name_end16`]).
//!
//! The set it finds is exactly `tokenization::table(&[a, b])`: U+0000 and CR, the C0 controls
//! other than tab, LF and FF, U+007F, the lead bytes 0xC2, 0xEF and 0xF0..=0xF4 (see
//! `preprocessing::is_candidate_byte`), and `a` and `b`. The tests compare the two for every
//! byte value at every position of a block.

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8,
    _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_sub_epi8,
};

/// `Ok(i)`: the index of the first byte at or after `from` in the stop set with the extra
/// bytes `pair`, found looking at 16 bytes at a time; `t` is that set's table. `Err(i)`: none
/// before `i`, where fewer than 16 bytes remain; the caller scans on from `i` with its table.
///
/// Each block is first tested against a rough superset of the set, in a third of the
/// instructions of the exact test: a byte below 0x20 or not ASCII (below 0x20 as a signed
/// byte), 0x7F, or one of `pair`. Most blocks have no such byte, and in most that have one
/// the first is in the set (the `<` after a run of text, the quote after an attribute value),
/// which the table tells. Only otherwise (a tab, line feed or non-ASCII character before the
/// stop) is the exact mask computed.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn scan16(
    bytes: &[u8],
    from: usize,
    pair: [u8; 2],
    t: &[bool; 256],
) -> Result<usize, usize> {
    let mut i = from;
    // SAFETY: SSE2 is part of the x86_64 baseline (`target_feature = "sse2"` is always on for
    // this architecture), so its intrinsics are available. `_mm_loadu_si128` reads 16 bytes
    // at `bytes.as_ptr() + i` without alignment requirements; the loop condition
    // `i + 16 <= bytes.len()` keeps every read inside `bytes`.
    unsafe {
        let a = _mm_set1_epi8(pair[0] as i8);
        let b = _mm_set1_epi8(pair[1] as i8);
        let space = _mm_set1_epi8(0x20);
        let del = _mm_set1_epi8(0x7F);
        while i + 16 <= bytes.len() {
            let v = _mm_loadu_si128(bytes.as_ptr().add(i).cast::<__m128i>());
            let rough = _mm_or_si128(
                _mm_or_si128(_mm_cmplt_epi8(v, space), _mm_cmpeq_epi8(v, del)),
                _mm_or_si128(_mm_cmpeq_epi8(v, a), _mm_cmpeq_epi8(v, b)),
            );
            let mut m = _mm_movemask_epi8(rough);
            // The first few candidates by the table, then the rest by the exact mask.
            let mut n = 0;
            while m != 0 {
                if n == 3 {
                    if let Some(block) = bytes.get(i..i + 16) {
                        let m = exact_mask(block, pair);
                        if m != 0 {
                            return Ok(i + m.trailing_zeros() as usize);
                        }
                    }
                    break;
                }
                let k = i + m.trailing_zeros() as usize;
                if bytes.get(k).is_some_and(|&c| t[usize::from(c)]) {
                    return Ok(k);
                }
                m &= m - 1;
                n += 1;
            }
            i += 16;
        }
    }
    Err(i)
}

/// The exact stop-set mask of the 16 bytes at the start of `block` (fewer: none). Out of
/// line: [`scan16`] only needs it for blocks with several candidates before their stop.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
fn exact_mask(block: &[u8], pair: [u8; 2]) -> i32 {
    if block.len() < 16 {
        return 0;
    }
    // SAFETY: SSE2 is part of the x86_64 baseline, so its intrinsics are available.
    // `_mm_loadu_si128` reads the 16 bytes at `block.as_ptr()` without alignment requirements;
    // `block` has at least 16.
    unsafe {
        let v = _mm_loadu_si128(block.as_ptr().cast::<__m128i>());
        exact_mask16(
            v,
            _mm_set1_epi8(pair[0] as i8),
            _mm_set1_epi8(pair[1] as i8),
        )
    }
}

/// The exact stop-set mask of the 16 bytes `v` (see the module's documentation), the extra
/// bytes splatted in `a` and `b`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn exact_mask16(v: __m128i, a: __m128i, b: __m128i) -> i32 {
    // SAFETY: SSE2 is part of the x86_64 baseline, so its intrinsics are available; they
    // only compute on registers here.
    unsafe {
        // v <= 0x1F, but not tab, LF or FF.
        let low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
        let ws = _mm_or_si128(
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(0x09)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0A)),
            ),
            _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0C)),
        );
        let ctl = _mm_andnot_si128(ws, low);
        // 0x7F, 0xC2, 0xEF; 0xF0..=0xF4 as (v - 0xF0) <= 4.
        let d = _mm_sub_epi8(v, _mm_set1_epi8(0xF0u8 as i8));
        let lead = _mm_or_si128(
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(0xC2u8 as i8)),
            ),
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(0xEFu8 as i8)),
                _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(4)), d),
            ),
        );
        let extra = _mm_or_si128(_mm_cmpeq_epi8(v, a), _mm_cmpeq_epi8(v, b));
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(ctl, lead), extra))
    }
}

/// Whether some byte of the word `w` is zero (the word-at-a-time test, no `unsafe`: for
/// callers that load 8 bytes as a `u64`).
#[inline(always)]
pub(crate) const fn has_zero_byte(w: u64) -> bool {
    w.wrapping_sub(0x0101_0101_0101_0101) & !w & 0x8080_8080_8080_8080 != 0
}

/// Calls `f(i)` for each index `i` of `bytes` that holds LF or CR, in order (the scan of
/// the source index, `crate::dom::spans`, 64 bytes at a time with [`chunk_masks`]).
#[cfg(test)]
pub(crate) fn line_breaks(bytes: &[u8], mut f: impl FnMut(usize)) {
    for (c, chunk) in bytes.chunks(64).enumerate() {
        let mut block = [0u8; 64];
        block[..chunk.len()].copy_from_slice(chunk);
        let (mut m, _) = chunk_masks(&block);
        while m != 0 {
            f(64 * c + m.trailing_zeros() as usize);
            m &= m - 1;
        }
    }
}

/// For the 64 bytes of `chunk`: bit `k` of the first mask set if byte `k` is a LF or CR, of
/// the second if it is not ASCII.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn chunk_masks(chunk: &[u8; 64]) -> (u64, u64) {
    let (mut breaks, mut high) = (0u64, 0u64);
    for q in 0..4 {
        // SAFETY: SSE2 is part of the x86_64 baseline, so its intrinsics are available.
        // `_mm_loadu_si128` reads the 16 bytes at `chunk.as_ptr() + 16 * q` without
        // alignment requirements; `q < 4` keeps them inside the 64-byte array.
        let (b, h) = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().add(16 * q).cast::<__m128i>());
            let hit = _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\r' as i8)),
            );
            (_mm_movemask_epi8(hit) as u32, _mm_movemask_epi8(v) as u32)
        };
        breaks |= u64::from(b & 0xFFFF) << (16 * q);
        high |= u64::from(h & 0xFFFF) << (16 * q);
    }
    (breaks, high)
}

/// For the 64 bytes of `chunk`, whose non-ASCII mask [`chunk_masks`] gave as `high`: bit `k`
/// of the first mask set if byte `k` is a UTF-8 continuation byte (0x80..=0xBF), of the second
/// if it starts a four-byte character (0xF0..=0xFF).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn chunk_non_ascii(chunk: &[u8; 64], high: u64) -> (u64, u64) {
    let (mut cont, mut above) = (0u64, 0u64);
    for q in 0..4 {
        // SAFETY: as in `chunk_masks`. As signed bytes, 0x80..=0xBF are -128..=-65 and
        // 0xF0..=0xFF are -16..=-1.
        let (c, a) = unsafe {
            let v = _mm_loadu_si128(chunk.as_ptr().add(16 * q).cast::<__m128i>());
            (
                _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(-64))) as u32,
                _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-17))) as u32,
            )
        };
        cont |= u64::from(c & 0xFFFF) << (16 * q);
        above |= u64::from(a & 0xFFFF) << (16 * q);
    }
    // Above -17 as a signed byte: 0xF0..=0xFF, or ASCII (which `high` leaves out).
    (cont, high & above)
}

/// Elsewhere: the same masks, a byte at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn chunk_masks(chunk: &[u8; 64]) -> (u64, u64) {
    let (mut breaks, mut high) = (0u64, 0u64);
    for (k, &b) in chunk.iter().enumerate() {
        breaks |= u64::from(b == b'\n' || b == b'\r') << k;
        high |= u64::from(b >= 0x80) << k;
    }
    (breaks, high)
}

/// Elsewhere: the same masks, a byte at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn chunk_non_ascii(chunk: &[u8; 64], _high: u64) -> (u64, u64) {
    let (mut cont, mut astral) = (0u64, 0u64);
    for (k, &b) in chunk.iter().enumerate() {
        cont |= u64::from(b & 0xC0 == 0x80) << k;
        astral |= u64::from(b >= 0xF0) << k;
    }
    (cont, astral)
}

/// Bit `k` set for each byte at `bytes[i + k]`, `k < 16`, that "escaping a string" may
/// replace (the serializer's scan, `crate::serialize::escape_into`): `&`, `<`, `>` and 0xC2
/// (U+00A0's first byte), and `"` too when `attribute` is set.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn escape_mask16(bytes: &[u8], i: usize, attribute: bool) -> u32 {
    assert!(i + 16 <= bytes.len());
    // SAFETY: SSE2 is part of the x86_64 baseline, so its intrinsics are available.
    // `_mm_loadu_si128` reads the 16 bytes at `bytes.as_ptr() + i` without alignment
    // requirements; the assertion above keeps them inside `bytes`.
    unsafe {
        let v = _mm_loadu_si128(bytes.as_ptr().add(i).cast::<__m128i>());
        let hit = _mm_or_si128(
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'&' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'<' as i8)),
            ),
            _mm_or_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'>' as i8)),
                _mm_cmpeq_epi8(v, _mm_set1_epi8(0xC2u8 as i8)),
            ),
        );
        let hit = if attribute {
            _mm_or_si128(hit, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)))
        } else {
            hit
        };
        _mm_movemask_epi8(hit) as u32
    }
}

/// Elsewhere: the same mask a byte at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(crate) fn escape_mask16(bytes: &[u8], i: usize, attribute: bool) -> u32 {
    let mut m = 0;
    for (k, &b) in bytes[i..i + 16].iter().enumerate() {
        if matches!(b, b'&' | b'<' | b'>' | 0xC2) || (attribute && b == b'"') {
            m |= 1 << k;
        }
    }
    m
}

/// Elsewhere: no block scan; the caller's table does all of it.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn scan16(
    _bytes: &[u8],
    from: usize,
    _pair: [u8; 2],
    _t: &[bool; 256],
) -> Result<usize, usize> {
    Err(from)
}

/// The tokenizer's fast path for tags (`tag::fast_name`): `Ok((i, upper))`, the index of the
/// first byte at or after `from` that ends a tag name (`attr` false: a byte outside
/// 0x21..=0x7E, `/` or `>`) or an attribute name (`attr` true: also `=`, `"`, `'` or `<`),
/// and whether an ASCII uppercase letter comes before it, found looking at 16 bytes at a time.
/// `Err((i, upper))`: none before `i`, where fewer than 16 bytes remain, and whether an
/// uppercase letter comes before `i`; the caller scans on from `i` with its table.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn name_end16(
    bytes: &[u8],
    from: usize,
    attr: bool,
) -> Result<(usize, bool), (usize, bool)> {
    let mut i = from;
    let mut upper = 0u32;
    // SAFETY: SSE2 is part of the x86_64 baseline (`target_feature = "sse2"` is always on for
    // this architecture), so its intrinsics are available. `_mm_loadu_si128` reads 16 bytes
    // at `bytes.as_ptr() + i` without alignment requirements; the loop condition
    // `i + 16 <= bytes.len()` keeps every read inside `bytes`.
    unsafe {
        while i + 16 <= bytes.len() {
            let v = _mm_loadu_si128(bytes.as_ptr().add(i).cast::<__m128i>());
            // v + 1 below 0x22 as a signed byte: v in 0x00..=0x20 or 0x7F..=0xFF.
            let out = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(1)), _mm_set1_epi8(0x22));
            let mut stop = _mm_or_si128(
                out,
                _mm_or_si128(
                    _mm_cmpeq_epi8(v, _mm_set1_epi8(b'/' as i8)),
                    _mm_cmpeq_epi8(v, _mm_set1_epi8(b'>' as i8)),
                ),
            );
            if attr {
                // `<` and `=` (`>` is in already), `"` and `'`.
                stop = _mm_or_si128(
                    stop,
                    _mm_or_si128(
                        _mm_or_si128(
                            _mm_cmpeq_epi8(v, _mm_set1_epi8(b'<' as i8)),
                            _mm_cmpeq_epi8(v, _mm_set1_epi8(b'=' as i8)),
                        ),
                        _mm_or_si128(
                            _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8)),
                            _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\'' as i8)),
                        ),
                    ),
                );
            }
            // v - 0xC1 below -102 as a signed byte: v in b'A'..=b'Z' (-128..=-103).
            let up = _mm_cmplt_epi8(
                _mm_sub_epi8(v, _mm_set1_epi8(0xC1u8 as i8)),
                _mm_set1_epi8(-102),
            );
            let m = _mm_movemask_epi8(stop) as u32;
            let u = _mm_movemask_epi8(up) as u32;
            if m != 0 {
                // The bits below the first stop.
                let before = (m & m.wrapping_neg()) - 1;
                return Ok((i + m.trailing_zeros() as usize, (upper | (u & before)) != 0));
            }
            upper |= u;
            i += 16;
        }
    }
    Err((i, upper != 0))
}

/// Elsewhere: no block scan; the caller's table does all of it.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn name_end16(
    _bytes: &[u8],
    from: usize,
    _attr: bool,
) -> Result<(usize, bool), (usize, bool)> {
    Err((from, false))
}

#[cfg(test)]
mod tests {
    use super::super::tokenization::{Stops, scan};

    /// Every byte value at every position of a 16-byte block (and past it), for several stop
    /// sets: the block scan and the table agree. Under Miri (`cargo +nightly miri test -p
    /// websyntax-html --lib simd`, which checks the unaligned loads stay in bounds) a sample of
    /// the byte values, around every edge of the set.
    #[test]
    fn block_scan_matches_the_table() {
        let values: Vec<u8> = if cfg!(miri) {
            vec![
                0, 8, 9, 10, 11, 12, 13, 0x1F, 0x20, b'"', b'&', b'-', b'<', 0x7E, 0x7F, 0x80,
                0xC1, 0xC2, 0xC3, 0xEE, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
            ]
        } else {
            (0..=255).collect()
        };
        for stops in [
            &super::super::tokenization::T_DATA,
            &super::super::tokenization::T_RAWTEXT,
            &super::super::tokenization::T_PLAINTEXT,
            &super::super::tokenization::T_ATTR_DQ,
            &super::super::tokenization::T_COMMENT,
        ] {
            for len in [0usize, 1, 15, 16, 17, 31, 32, 40] {
                for pos in 0..len.max(1) {
                    for &v in &values {
                        let mut buf = vec![b'x'; len];
                        if pos < len {
                            buf[pos] = v;
                        }
                        for from in [0, 1, 5].into_iter().filter(|&f| f <= len) {
                            assert_eq!(
                                scan(&buf, from, stops),
                                table_scan(&buf, from, stops),
                                "len {len} pos {pos} byte {v:#x} from {from}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Two bytes in a block: every byte value (a sample under Miri) before a stop or another
    /// byte at a later position, so that the rough test's candidates that are not in the set
    /// (tab, LF, non-ASCII bytes other than the lead bytes) come before the stop the exact
    /// mask then finds.
    #[test]
    fn block_scan_finds_a_stop_after_other_candidates() {
        let firsts: Vec<u8> = if cfg!(miri) {
            vec![9, 10, 0x0C, 0x20, 0x80, 0xC3, 0xF5]
        } else {
            (0..=255).collect()
        };
        let seconds: &[u8] = if cfg!(miri) {
            &[0, b'"', b'<', 0x7F, 0xC2]
        } else {
            &[
                0, 1, 9, 10, 0x0B, 0x0C, 13, 0x1F, 0x20, b'"', b'&', b'\'', b'-', b'<', b'>', b']',
                0x7F, 0x80, 0xC2, 0xC3, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
            ]
        };
        let pairs: Vec<(usize, usize)> = if cfg!(miri) {
            vec![(0, 1), (0, 15), (3, 9), (14, 15), (15, 16)]
        } else {
            (0..18)
                .flat_map(|p| (p + 1..20).map(move |q| (p, q)))
                .collect()
        };
        for stops in [
            &super::super::tokenization::T_DATA,
            &super::super::tokenization::T_ATTR_DQ,
            &super::super::tokenization::T_COMMENT,
        ] {
            for &(p, q) in &pairs {
                for &v in &firsts {
                    for &w in seconds {
                        let mut buf = vec![b'x'; 20];
                        buf[p] = v;
                        buf[q] = w;
                        assert_eq!(
                            scan(&buf, 0, stops),
                            table_scan(&buf, 0, stops),
                            "{v:#x} at {p}, {w:#x} at {q}"
                        );
                    }
                }
            }
        }
    }

    /// Every byte value at every position of a block and its tail, with a second break at
    /// every later position: the line-break scan finds exactly the LF and CR bytes.
    #[test]
    fn line_breaks_are_found_exactly() {
        let values: Vec<u8> = if cfg!(miri) {
            vec![0, 9, 10, 11, 12, 13, 14, 0x8A, 0x8D, 0xFF]
        } else {
            (0..=255).collect()
        };
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33] {
            for pos in 0..len.max(1) {
                for &v in &values {
                    for second in [None, Some(b'\n'), Some(b'\r')] {
                        let mut buf = vec![b'x'; len];
                        if pos < len {
                            buf[pos] = v;
                        }
                        if let Some(c) = second {
                            buf[len.saturating_sub(1).max(pos)..].fill(c);
                        }
                        let mut found = Vec::new();
                        super::line_breaks(&buf, |i| found.push(i));
                        let want: Vec<usize> = (0..len)
                            .filter(|&i| buf[i] == b'\n' || buf[i] == b'\r')
                            .collect();
                        assert_eq!(found, want, "len {len} pos {pos} byte {v:#x}");
                    }
                }
            }
        }
    }

    /// Every byte value at every position of a 64-byte chunk: the four masks of the source
    /// index's scan have exactly the bits of their definitions. Under Miri a sample of the
    /// byte values, around every edge of the sets.
    #[test]
    fn chunk_masks_are_exact() {
        let values: Vec<u8> = if cfg!(miri) {
            vec![0, 9, 10, 13, 0x7F, 0x80, 0xBF, 0xC0, 0xEF, 0xF0, 0xFF]
        } else {
            (0..=255).collect()
        };
        let positions: Vec<usize> = if cfg!(miri) {
            vec![0, 1, 15, 16, 31, 32, 47, 48, 63]
        } else {
            (0..64).collect()
        };
        for &pos in &positions {
            for &v in &values {
                let mut chunk = [b'x'; 64];
                chunk[pos] = v;
                chunk[63 - pos] = v;
                let bits = |f: fn(u8) -> bool| -> u64 {
                    (0..64).filter(|&k| f(chunk[k])).map(|k| 1u64 << k).sum()
                };
                let want_masks = (bits(|b| b == b'\n' || b == b'\r'), bits(|b| b >= 0x80));
                let want_non_ascii = (bits(|b| b & 0xC0 == 0x80), bits(|b| b >= 0xF0));
                assert_eq!(
                    super::chunk_masks(&chunk),
                    want_masks,
                    "pos {pos} byte {v:#x}"
                );
                assert_eq!(
                    super::chunk_non_ascii(&chunk, want_masks.1),
                    want_non_ascii,
                    "pos {pos} byte {v:#x}"
                );
            }
        }
    }

    /// Every byte value at every position of a block, in both modes: the escape mask has
    /// exactly the bits of the bytes escaping may replace. Under Miri (which checks the
    /// unaligned loads stay in bounds) a sample of the byte values, around every edge of the set.
    #[test]
    fn escape_mask_is_exact() {
        let values: Vec<u8> = if cfg!(miri) {
            vec![
                0, 0x21, b'"', 0x23, 0x25, b'&', 0x27, 0x3B, b'<', 0x3D, b'>', 0x3F, 0x7F, 0x80,
                0xA0, 0xC1, 0xC2, 0xC3, 0xFF,
            ]
        } else {
            (0..=255).collect()
        };
        for attribute in [false, true] {
            for len in [16usize, 17, 31] {
                for pos in 0..len {
                    for &v in &values {
                        let mut buf = vec![b'x'; len];
                        buf[pos] = v;
                        for i in 0..=len - 16 {
                            let want: u32 = (0..16)
                                .filter(|&k| {
                                    let b = buf[i + k];
                                    matches!(b, b'&' | b'<' | b'>' | 0xC2)
                                        || (attribute && b == b'"')
                                })
                                .map(|k| 1 << k)
                                .sum();
                            assert_eq!(
                                super::escape_mask16(&buf, i, attribute),
                                want,
                                "len {len} pos {pos} byte {v:#x} at {i}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Every byte value at every position of a block and its tail (a sample under Miri, which
    /// checks the unaligned loads stay in bounds: `cargo +nightly miri test -p websyntax-html
    /// --lib simd`), after an uppercase letter or not, in both modes: the name scan finds the
    /// end the fast path's tables find, and exactly whether an uppercase letter comes before it.
    #[test]
    fn name_scan_matches_the_tables() {
        let values: Vec<u8> = if cfg!(miri) {
            vec![
                0, 9, 0x20, 0x21, b'"', b'\'', b'/', b'<', b'=', b'>', b'?', b'@', b'A', b'Z',
                b'[', b'`', b'a', 0x7E, 0x7F, 0x80, 0xC1, 0xFF,
            ]
        } else {
            (0..=255).collect()
        };
        let lens: &[usize] = if cfg!(miri) {
            &[0, 15, 16, 17, 33]
        } else {
            &[0, 1, 15, 16, 17, 31, 32, 33, 40]
        };
        for attr in [false, true] {
            let bad = |b: u8| {
                !(0x21..0x7F).contains(&b)
                    || b == b'/'
                    || b == b'>'
                    || (attr && matches!(b, b'<' | b'=' | b'"' | b'\''))
            };
            for &len in lens {
                for pos in 0..len.max(1) {
                    for &v in &values {
                        for up in [None, Some(0), Some(pos.saturating_sub(1)), Some(len / 2)] {
                            let mut buf = vec![b'x'; len];
                            if let Some(u) = up.filter(|&u| u < len) {
                                buf[u] = b'Q';
                            }
                            if pos < len {
                                buf[pos] = v;
                            }
                            for from in [0, 1, 5].into_iter().filter(|&f| f <= len) {
                                let end = (from..len).find(|&i| bad(buf[i])).unwrap_or(len);
                                let upper = buf[from..end].iter().any(u8::is_ascii_uppercase);
                                let got = match super::name_end16(&buf, from, attr) {
                                    Ok(r) => r,
                                    Err((i, u)) => {
                                        assert!(i + 16 > len && i >= from && i <= end);
                                        let e = (i..len).find(|&k| bad(buf[k])).unwrap_or(len);
                                        (e, u || buf[i..e].iter().any(u8::is_ascii_uppercase))
                                    }
                                };
                                assert_eq!(
                                    got,
                                    (end, upper),
                                    "attr {attr} len {len} pos {pos} byte {v:#x} up {up:?} from {from}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    fn table_scan(bytes: &[u8], from: usize, s: &Stops) -> usize {
        (from..bytes.len())
            .find(|&i| s.t[usize::from(bytes[i])])
            .unwrap_or(bytes.len())
    }
}
