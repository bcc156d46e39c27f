//! §4.4 URL parsing: the basic URL parser (without state override; the setters in
//! [`crate::api`] run the state-override entry points with the shared path, query and
//! fragment helpers below).
//!
//! The parser writes the URL's serialization directly into one `String` while it parses and
//! records component offsets (the "URL aggregator" design): no per-component allocation. The
//! spec's state machine is followed state by state; where the spec "decreases the pointer" to
//! reprocess a code point in the next state, the code simply calls that state at the same
//! position.

use websyntax_encoding::Encoding;

use crate::encoding::percent_encode_after_encoding;
use crate::host::{DOMAIN_PLAIN, HostKind, parse_host_with_hint, parse_not_special_host_into};
use crate::percent_encoding::{
    C0_CONTROL, FRAGMENT, PATH, PercentEncodeSet, QUERY, SPECIAL_QUERY, hex_value,
    is_url_code_point, push_pct,
};
use crate::standard::Standard;
use crate::url::{SchemeType, Url};
use crate::validation::{ErrorSink, NoErrors, ParseError, ValidationError, ValidationErrorKind};

use ValidationErrorKind as K;

/// Maps positions in the cleaned input back to the caller's input, and reports errors.
pub(crate) struct Reporter<'a, S> {
    pub(crate) sink: &'a mut S,
    lead: usize,
    removed: Vec<usize>,
}

impl<'a, S: ErrorSink> Reporter<'a, S> {
    pub(crate) fn new(sink: &'a mut S) -> Self {
        Reporter {
            sink,
            lead: 0,
            removed: Vec::new(),
        }
    }

    /// The caller's byte offset for offset `p` of the cleaned input.
    pub(crate) fn map(&self, p: usize) -> usize {
        // `removed` holds the caller's offsets of removed tabs and newlines, ascending. The
        // k-th of them (0-based) sat just before cleaned offset `removed[k] - lead - k`; count
        // those at or before `p` by binary search.
        let (mut lo, mut hi) = (0, self.removed.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.removed[mid].saturating_sub(self.lead + mid) <= p {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        p + self.lead + lo
    }

    #[inline(always)]
    pub(crate) fn err(&mut self, kind: ValidationErrorKind, p: usize) {
        if S::ACTIVE {
            let position = self.map(p);
            self.sink.report(ValidationError { kind, position });
        }
    }

    fn fail(&mut self, kind: ValidationErrorKind, p: usize) -> ParseError {
        let position = self.map(p);
        if S::ACTIVE {
            self.sink.report(ValidationError { kind, position });
        }
        ParseError::new(kind, position)
    }
}

/// Advances `i` past bytes for which `table` is true (a "plain run").
///
/// Fast path, whole chunks: eight bytes at a time, the AND of their eight table entries says
/// whether all are plain (one branch per chunk). The chunk that ends the run and the last
/// fewer than eight bytes go to [`first_not_plain`], which finds the first byte that is not
/// plain without a data-dependent branch, so a run costs one mispredicted branch at most.
#[inline(always)]
pub(crate) fn skip_plain(table: &[bool; 256], b: &[u8], i: usize) -> usize {
    let i = skip_plain_chunks(table, b, i);
    i + first_not_plain(chunk_plain(table, b, i))
}

/// Advances `i` by whole 8-byte chunks of plain bytes: stops at the chunk that holds the first
/// byte that is not plain, or when fewer than 8 bytes are left.
#[inline(always)]
fn skip_plain_chunks(table: &[bool; 256], b: &[u8], mut i: usize) -> usize {
    while let Some(c) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if !c.iter().fold(true, |all, &x| all & table[usize::from(x)]) {
            break;
        }
        i += 8;
    }
    i
}

/// The table entries of the (up to) 8 bytes from `i` as [`gather_plain`] makes them, bytes
/// past the end of `b` counting as not plain.
#[inline(always)]
fn chunk_plain(table: &[bool; 256], b: &[u8], i: usize) -> u64 {
    if let Some(c) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        return gather_plain(table, c);
    }
    // Fewer than 8 bytes left.
    let rest = b.get(i..).unwrap_or_default();
    match b.last_chunk::<8>() {
        // The input's last 8 bytes, shifted so that `rest` starts at byte 0 and zero bytes
        // (not plain) follow.
        Some(last) => gather_plain(table, last)
            .checked_shr(8 * (8 - rest.len() as u32))
            .unwrap_or(0),
        // An input shorter than 8 bytes.
        None => (0..8).rev().fold(0u64, |acc, k| {
            acc << 8 | u64::from(rest.get(k).is_some_and(|&x| table[usize::from(x)]))
        }),
    }
}

/// The table entries of a chunk as bytes of a `u64` (byte k, 0 or 1, in bits 8k..8k+8).
#[inline(always)]
fn gather_plain(table: &[bool; 256], chunk: &[u8; 8]) -> u64 {
    chunk
        .iter()
        .rev()
        .fold(0u64, |acc, &x| acc << 8 | u64::from(table[usize::from(x)]))
}

/// The index (0-7, or 8 if none) of the first zero byte of `plain` (as [`gather_plain`] makes
/// it): the lowest set bit of the classic "has zero byte" bit trick marks it.
#[inline(always)]
fn first_not_plain(plain: u64) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let zero = plain.wrapping_sub(LO) & !plain & HI;
    (zero.trailing_zeros() / 8) as usize
}

/// Whether any byte of `b` is a C0 control or space (at most U+0020). The fast path of
/// [`clean_input`]: a URL without such bytes has nothing to strip or remove.
///
/// Sixteen bytes at a time, each chunk's test written so that it compiles to a few vector
/// instructions (a compare of 16 lanes and one mask test) without `unsafe`; the last chunk
/// overlaps the previous one to cover the tail. Inputs shorter than 16 bytes use two
/// overlapping 8-byte words and the classic "has a byte less than n" bit trick.
#[inline]
fn has_c0_or_space(b: &[u8]) -> bool {
    #[inline(always)]
    fn chunk_has(c: &[u8; 16]) -> bool {
        c.iter().fold(false, |any, &x| any | is_c0_or_space(x))
    }
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let below = |w: &[u8; 8]| {
        let w = u64::from_le_bytes(*w);
        w.wrapping_sub(LO * 0x21) & !w & HI
    };
    if let Some(last) = b.last_chunk::<16>() {
        let (chunks, _) = b.as_chunks::<16>();
        chunks.iter().any(chunk_has) || chunk_has(last)
    } else if let (Some(first), Some(last)) = (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        below(first) | below(last) != 0
    } else {
        b.iter().any(|&c| is_c0_or_space(c))
    }
}

/// C0 control or space.
#[inline]
fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

/// Input preprocessing of the basic URL parser: strips leading and trailing C0 controls and
/// spaces (only when `trim`), removes ASCII tabs and newlines. Returns the cleaned input.
pub(crate) fn clean_input<'i, S: ErrorSink>(
    input: &'i str,
    trim: bool,
    rep: &mut Reporter<'_, S>,
) -> std::borrow::Cow<'i, str> {
    let mut s = input;
    if !has_c0_or_space(s.as_bytes()) {
        return std::borrow::Cow::Borrowed(s);
    }
    if trim {
        let b = s.as_bytes();
        let start = b
            .iter()
            .position(|&c| !is_c0_or_space(c))
            .unwrap_or(b.len());
        let end = b
            .iter()
            .rposition(|&c| !is_c0_or_space(c))
            .map_or(start, |e| e + 1);
        if start != 0 || end != b.len() {
            if S::ACTIVE {
                let position = if start != 0 { 0 } else { end };
                rep.sink.report(ValidationError {
                    kind: K::InvalidUrlUnit,
                    position,
                });
            }
            // Both ends are ASCII bytes, so they are char boundaries.
            s = &s[start..end];
            rep.lead = start;
        }
    }
    if memchr::memchr3(b'\t', b'\n', b'\r', s.as_bytes()).is_none() {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut first = true;
    for (i, c) in s.char_indices() {
        if matches!(c, '\t' | '\n' | '\r') {
            // Recorded even without a sink: a failure's position is an offset into the
            // caller's input too.
            rep.removed.push(rep.lead + i);
            if S::ACTIVE && first {
                rep.sink.report(ValidationError {
                    kind: K::InvalidUrlUnit,
                    position: rep.lead + i,
                });
                first = false;
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A Windows drive letter: an ASCII alpha followed by `:` or `|`.
#[inline]
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || s[1] == b'|')
}

/// A normalized Windows drive letter: an ASCII alpha followed by `:`.
#[inline]
pub(crate) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && s[1] == b':'
}

/// "starts with a Windows drive letter".
pub(crate) fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

fn is_single_dot(seg: &[u8]) -> bool {
    seg == b"." || seg.eq_ignore_ascii_case(b"%2e")
}

fn is_double_dot(seg: &[u8]) -> bool {
    match seg.len() {
        2 => seg == b"..",
        4 => seg.eq_ignore_ascii_case(b".%2e") || seg.eq_ignore_ascii_case(b"%2e."),
        6 => seg.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

/// Validates one code point as a URL unit (used only when errors are collected).
#[inline]
pub(crate) fn check_url_unit<S: ErrorSink>(rep: &mut Reporter<'_, S>, input: &str, p: usize) {
    if !S::ACTIVE {
        return;
    }
    let b = input.as_bytes();
    let bad = match b.get(p) {
        Some(b'%') => {
            !(b.get(p + 1).copied().and_then(hex_value).is_some()
                && b.get(p + 2).copied().and_then(hex_value).is_some())
        }
        Some(_) => !input
            .get(p..)
            .and_then(|s| s.chars().next())
            .is_some_and(is_url_code_point),
        None => false,
    };
    if bad {
        rep.err(K::InvalidUrlUnit, p);
    }
}

/// For each byte, how [`check_url_units`] treats it: 0 an ASCII URL code point (ASCII
/// alphanumerics and `!$&'()*+,-./:;=?@_~`), 1 any other ASCII byte except `%` (an invalid URL
/// unit), 2 `%` or a non-ASCII byte (checked by [`check_url_unit`]).
static URL_UNIT_CLASS: [u8; 256] = {
    let mut t = [1u8; 256];
    let mut c = 0usize;
    while c < 256 {
        if c >= 0x80 || c == b'%' as usize {
            t[c] = 2;
        } else if (c as u8).is_ascii_alphanumeric() {
            t[c] = 0;
        }
        c += 1;
    }
    let punct = b"!$&'()*+,-./:;=?@_~";
    let mut i = 0;
    while i < punct.len() {
        t[punct[i] as usize] = 0;
        i += 1;
    }
    t
};

/// Validates a run of input (errors only): [`check_url_unit`] for each code point, with
/// ASCII other than `%` classified by a table.
#[inline]
fn check_url_units<S: ErrorSink>(rep: &mut Reporter<'_, S>, input: &str, from: usize, to: usize) {
    if !S::ACTIVE {
        return;
    }
    let Some(run) = input.get(from..to) else {
        return;
    };
    let bytes = run.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match URL_UNIT_CLASS[usize::from(b)] {
            0 => i += 1,
            1 => {
                rep.err(K::InvalidUrlUnit, from + i);
                i += 1;
            }
            _ => {
                check_url_unit(rep, input, from + i);
                i += run[i..].chars().next().map_or(1, char::len_utf8);
            }
        }
    }
}

/// Where the path of the URL being built lives, for the path state.
pub(crate) struct PathCtx {
    pub(crate) special: bool,
    pub(crate) file: bool,
    pub(crate) path_start: usize,
    pub(crate) state_override: bool,
    /// Living standard: the path percent-encode set contains U+005E (^).
    pub(crate) living: bool,
}

/// §4.2 shorten a URL's path (the path is `out[path_start..]`, as `/seg` items).
pub(crate) fn shorten_path(out: &mut String, ctx: &PathCtx) {
    let path = out.as_bytes().get(ctx.path_start..).unwrap_or(b"");
    if ctx.file && path.len() == 3 && is_normalized_windows_drive_letter(&path[1..]) {
        return;
    }
    if let Some(i) = path.iter().rposition(|&b| b == b'/') {
        out.truncate(ctx.path_start + i);
    }
}

/// Table of bytes that end a run of plain path bytes. `living`: the living standard's path
/// percent-encode set, which adds U+005E (^) (whatwg/url 9bc33c3: "the query percent-encode
/// set and U+003F (?), U+005E (^), U+0060 (`), U+007B ({), and U+007D (})").
const fn path_stop(special: bool, living: bool) -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = PATH.contains(b as u8)
            || (living && b == b'^' as usize)
            || b == b'/' as usize
            || (special && b == b'\\' as usize);
        b += 1;
    }
    t
}

const fn negate(t: [bool; 256]) -> [bool; 256] {
    let mut o = [false; 256];
    let mut b = 0;
    while b < 256 {
        o[b] = !t[b];
        b += 1;
    }
    o
}
static PATH_RUN_SPECIAL: [bool; 256] = negate(path_stop(true, false));
static PATH_RUN_OTHER: [bool; 256] = negate(path_stop(false, false));
static PATH_RUN_SPECIAL_LIVING: [bool; 256] = negate(path_stop(true, true));
static PATH_RUN_OTHER_LIVING: [bool; 256] = negate(path_stop(false, true));

/// Bytes the path fast path copies without a second look.
const fn path_plain(special: bool, living: bool) -> [bool; 256] {
    let stop = path_stop(special, living);
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = !stop[b] && b != b'.' as usize && b != b'%' as usize;
        b += 1;
    }
    t
}

const fn or_slash(mut t: [bool; 256]) -> [bool; 256] {
    t[b'/' as usize] = true;
    t
}
static PATH_PLAIN_OR_SLASH_SPECIAL: [bool; 256] = or_slash(path_plain(true, false));
static PATH_PLAIN_OR_SLASH_OTHER: [bool; 256] = or_slash(path_plain(false, false));
static PATH_PLAIN_OR_SLASH_SPECIAL_LIVING: [bool; 256] = or_slash(path_plain(true, true));
static PATH_PLAIN_OR_SLASH_OTHER_LIVING: [bool; 256] = or_slash(path_plain(false, true));

const fn class_plain(allowed: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = DELIM_CLASS[b];
        let mut ok = c == 0;
        let mut k = 0;
        while k < allowed.len() {
            if c == allowed[k] {
                ok = true;
            }
            k += 1;
        }
        t[b] = ok;
        b += 1;
    }
    t
}
static HOST_PLAIN: [bool; 256] = class_plain(&[CL_AT]);

/// §4.4 path state, from position `p`, appending segments to `out` (each as `/segment`).
/// Returns the position of the `?` or `#` that ended it (never with state override), or the
/// input length.
pub(crate) fn path_state<S: ErrorSink>(
    out: &mut String,
    input: &str,
    mut p: usize,
    ctx: &PathCtx,
    rep: &mut Reporter<'_, S>,
) -> usize {
    let bytes = input.as_bytes();
    if !ctx.state_override {
        // Fast path: a path with nothing to encode, no backslash (special), no segment
        // starting with `.` or `%` (so no dot segments) and no Windows drive letter quirk is
        // serialized as it is written.
        let rest = bytes.get(p..).unwrap_or(b"");
        let plain_or_slash = match (ctx.special, ctx.living) {
            (true, false) => &PATH_PLAIN_OR_SLASH_SPECIAL,
            (false, false) => &PATH_PLAIN_OR_SLASH_OTHER,
            (true, true) => &PATH_PLAIN_OR_SLASH_SPECIAL_LIVING,
            (false, true) => &PATH_PLAIN_OR_SLASH_OTHER_LIVING,
        };
        // A `.` or `%` that does not start a segment is plain too: it is marked plain in the
        // chunk's mask and the search goes on in the same chunk (no second scan of it).
        let mut i = 0;
        'scan: loop {
            i = skip_plain_chunks(plain_or_slash, rest, i);
            let mut plain = chunk_plain(plain_or_slash, rest, i);
            loop {
                let j = first_not_plain(plain);
                if j == 8 {
                    i += 8;
                    continue 'scan;
                }
                let k = i + j;
                match rest.get(k) {
                    Some(b'.' | b'%') if k > 0 && rest[k - 1] != b'/' => plain |= 1 << (8 * j),
                    _ => {
                        i = k;
                        break 'scan;
                    }
                }
            }
        }
        let done = i == rest.len() || matches!(rest[i], b'?' | b'#');
        let drive = ctx.file
            && out.len() == ctx.path_start
            && rest.len() >= 2
            && is_windows_drive_letter(&rest[..2])
            && (rest.len() == 2 || rest[2] == b'/' || rest[2] == b'?' || rest[2] == b'#');
        if done && !drive {
            check_url_units(rep, input, p, p + i);
            out.push('/');
            out.push_str(input.get(p..p + i).unwrap_or(""));
            return p + i;
        }
    }
    let plain_table = match (ctx.special, ctx.living) {
        (true, false) => &PATH_RUN_SPECIAL,
        (false, false) => &PATH_RUN_OTHER,
        (true, true) => &PATH_RUN_SPECIAL_LIVING,
        (false, true) => &PATH_RUN_OTHER_LIVING,
    };
    let mut seg_start = out.len();
    out.push('/');
    loop {
        // Plain run.
        let run = p;
        p = skip_plain(plain_table, bytes, p);
        if p > run {
            if S::ACTIVE {
                check_url_units(rep, input, run, p);
            }
            out.push_str(input.get(run..p).unwrap_or(""));
        }
        let c = bytes.get(p).copied();
        let slash = c == Some(b'/') || (ctx.special && c == Some(b'\\'));
        let end_segment =
            c.is_none() || slash || (!ctx.state_override && matches!(c, Some(b'?' | b'#')));
        if end_segment {
            if ctx.special && c == Some(b'\\') {
                rep.err(K::InvalidReverseSolidus, p);
            }
            let seg = out.as_bytes().get(seg_start + 1..).unwrap_or(b"");
            let maybe_dot = seg.len() <= 6 && matches!(seg.first(), Some(b'.' | b'%'));
            if maybe_dot && is_double_dot(seg) {
                out.truncate(seg_start);
                shorten_path(out, ctx);
                if !slash {
                    out.push('/');
                }
            } else if maybe_dot && is_single_dot(seg) {
                out.truncate(seg_start);
                if !slash {
                    out.push('/');
                }
            } else if ctx.file && seg_start == ctx.path_start && is_windows_drive_letter(seg) {
                // Windows drive letter quirk: `C|` becomes `C:`.
                out.truncate(seg_start + 2);
                out.push(':');
            }
            match c {
                Some(b'/') | Some(b'\\') => {
                    p += 1;
                    seg_start = out.len();
                    out.push('/');
                }
                _ => return p,
            }
        } else if let Some(b) = c {
            // A byte in the path percent-encode set (or `?`/`#` with state override).
            if b < 0x80 {
                if S::ACTIVE {
                    check_url_unit(rep, input, p);
                }
                push_pct(out, b);
                p += 1;
            } else {
                if S::ACTIVE {
                    check_url_unit(rep, input, p);
                }
                let len = utf8_len(b);
                for &x in bytes.get(p..p + len).unwrap_or(&[]) {
                    push_pct(out, x);
                }
                p += len;
            }
        }
    }
}

#[inline]
fn utf8_len(lead: u8) -> usize {
    match lead {
        0..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// Percent-encodes `input[from..to]` with `set`, validating URL units when asked.
fn encode_run<S: ErrorSink>(
    out: &mut String,
    input: &str,
    from: usize,
    to: usize,
    set: &PercentEncodeSet,
    rep: &mut Reporter<'_, S>,
) {
    check_url_units(rep, input, from, to);
    crate::percent_encoding::encode_into(out, input.get(from..to).unwrap_or(""), set);
}

/// The query state's encoding step: appends `text` encoded for a (special or not) URL's query.
pub(crate) fn encode_query(out: &mut String, text: &str, special: bool, encoding: Encoding) {
    let set = if special { SPECIAL_QUERY } else { QUERY };
    percent_encode_after_encoding(out, text, encoding, set, false);
}

/// Appends `text` encoded for a fragment.
pub(crate) fn encode_fragment(out: &mut String, text: &str) {
    crate::percent_encoding::encode_into(out, text, FRAGMENT);
}

const CL_END: u8 = 1;
const CL_BACKSLASH: u8 = 2;
const CL_AT: u8 = 3;
const CL_COLON: u8 = 4;
const CL_OPEN: u8 = 5;
const CL_CLOSE: u8 = 6;

/// Byte classes for the authority and host scans.
static DELIM_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'/' as usize] = CL_END;
    t[b'?' as usize] = CL_END;
    t[b'#' as usize] = CL_END;
    t[b'\\' as usize] = CL_BACKSLASH;
    t[b'@' as usize] = CL_AT;
    t[b':' as usize] = CL_COLON;
    t[b'[' as usize] = CL_OPEN;
    t[b']' as usize] = CL_CLOSE;
    t
};

/// Bytes of a scheme after its first: ASCII alphanumeric, U+002B (+), U+002D (-), U+002E (.).
static SCHEME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'+' || c == b'-' || c == b'.';
        b += 1;
    }
    t
};

/// The host state's scan: the end of the host buffer (the first `:` outside brackets, or the
/// end of the authority) from `p`.
fn host_end(b: &[u8], p: usize, special: bool) -> usize {
    let mut i = p;
    let mut inside_brackets = false;
    loop {
        i = skip_plain(&HOST_PLAIN, b, i);
        if i >= b.len() {
            return i;
        }
        match DELIM_CLASS[b[i] as usize] {
            0 | CL_AT => {}
            CL_COLON if !inside_brackets => return i,
            CL_END => return i,
            CL_BACKSLASH if special => return i,
            CL_OPEN => inside_brackets = true,
            CL_CLOSE => inside_brackets = false,
            _ => {}
        }
        i += 1;
    }
}

/// The URL under construction. `SPECIAL`: whether special schemes are parsed; false for
/// [`parse_url_not_special`], whose monomorphization refuses them, so that its code holds
/// neither the host parser's domain-to-ASCII (IDNA tables) nor the legacy encoders of the
/// query state (their tables) — see [`crate::Url::parse_not_special`].
struct Parser<'i, 'r, S, const SPECIAL: bool> {
    /// Set (with an error returned) when `SPECIAL` is false and the input has a special scheme
    /// or none.
    refused: bool,
    input: &'i str,
    base: Option<&'i Url>,
    encoding: Encoding,
    rep: Reporter<'r, S>,
    out: String,
    scheme_end: usize,
    scheme_type: SchemeType,
    username_end: usize,
    host_start: usize,
    host_end: usize,
    host: Option<HostKind>,
    port: Option<u16>,
    path_start: usize,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
    opaque_path: bool,
    standard: Standard,
}

type PResult = Result<(), ParseError>;

/// Runs the basic URL parser (no state override) on `input`.
pub(crate) fn parse_url<S: ErrorSink>(
    input: &str,
    base: Option<&Url>,
    encoding: Encoding,
    standard: Standard,
    sink: &mut S,
) -> Result<Url, ParseError> {
    parse_url_with::<S, true>(input, base, encoding, standard, sink).0
}

/// Runs the basic URL parser on `input` with no base, UTF-8 and the seed standard (as
/// `parse_url(input, None, UTF_8, Seed, NoErrors)`) when its scheme is not special; `None`
/// when it has a special scheme or none.
pub(crate) fn parse_url_not_special(input: &str) -> Option<Result<Url, ParseError>> {
    let (result, refused) = parse_url_with::<NoErrors, false>(
        input,
        None,
        Encoding::UTF_8,
        Standard::Seed,
        &mut NoErrors,
    );
    (!refused).then_some(result)
}

/// [`parse_url`], and whether the parser refused the input (see [`Parser::refused`]).
fn parse_url_with<S: ErrorSink, const SPECIAL: bool>(
    input: &str,
    base: Option<&Url>,
    encoding: Encoding,
    standard: Standard,
    sink: &mut S,
) -> (Result<Url, ParseError>, bool) {
    let mut rep = Reporter::new(sink);
    let cleaned = clean_input(input, true, &mut rep);
    let mut parser = Parser::<S, SPECIAL> {
        refused: false,
        input: &cleaned,
        base,
        // Step 4: set encoding to the result of getting an output encoding from encoding
        // (UTF-16BE, UTF-16LE and replacement become UTF-8).
        encoding: encoding.output_encoding(),
        rep,
        out: String::with_capacity(cleaned.len() + 8),
        scheme_end: 0,
        scheme_type: SchemeType::Other,
        username_end: 0,
        host_start: 0,
        host_end: 0,
        host: None,
        port: None,
        path_start: 0,
        query_start: None,
        fragment_start: None,
        opaque_path: false,
        standard,
    };
    let result = parser.run().map(|()| parser.finish());
    (result, parser.refused)
}

impl<S: ErrorSink, const SPECIAL: bool> Parser<'_, '_, S, SPECIAL> {
    #[inline]
    fn at(&self, p: usize) -> Option<u8> {
        self.input.as_bytes().get(p).copied()
    }

    fn special(&self) -> bool {
        SPECIAL && self.scheme_type.is_special()
    }

    /// Refuses the input (see [`Parser::refused`]).
    fn refuse(&mut self, p: usize) -> PResult {
        self.refused = true;
        Err(self.rep.fail(K::MissingSchemeNonRelativeUrl, p))
    }

    fn run(&mut self) -> PResult {
        // Scheme start state and scheme state.
        let b = self.input.as_bytes();
        if b.first().is_some_and(u8::is_ascii_alphabetic) {
            // Scheme state: ASCII alphanumeric, U+002B (+), U+002D (-), U+002E (.).
            let mut i = 1;
            while b.get(i).is_some_and(|&c| SCHEME_CHAR[usize::from(c)]) {
                i += 1;
            }
            if b.get(i) == Some(&b':') {
                // "Append c, lowercased, to buffer": fast path for the special schemes written
                // in lowercase, as almost all are (no lowercasing pass).
                self.out.push_str(&self.input[..i]);
                self.scheme_type = SchemeType::from_scheme(&self.out);
                if self.scheme_type == SchemeType::Other {
                    self.out.make_ascii_lowercase();
                    self.scheme_type = SchemeType::from_scheme(&self.out);
                }
                if !SPECIAL && self.scheme_type.is_special() {
                    return self.refuse(0);
                }
                self.scheme_end = i;
                self.out.push(':');
                return self.after_scheme(i + 1);
            }
        }
        if !SPECIAL {
            return self.refuse(0);
        }
        self.no_scheme_state(0)
    }

    /// The rest of the scheme state once `:` is met.
    fn after_scheme(&mut self, p: usize) -> PResult {
        let b = self.input.as_bytes();
        let two_slashes = b.get(p) == Some(&b'/') && b.get(p + 1) == Some(&b'/');
        if SPECIAL && self.scheme_type == SchemeType::File {
            if !two_slashes {
                self.rep.err(K::SpecialSchemeMissingFollowingSolidus, p);
            }
            return self.file_state(p);
        }
        if self.special() {
            if let Some(base) = self
                .base
                .filter(|base| base.scheme() == &self.out[..self.scheme_end])
            {
                let _ = base;
                // Special relative or authority state.
                if two_slashes {
                    return self.special_authority_ignore_slashes_state(p + 2);
                }
                self.rep.err(K::SpecialSchemeMissingFollowingSolidus, p);
                return self.relative_state(p);
            }
            // Special authority slashes state.
            if two_slashes {
                return self.special_authority_ignore_slashes_state(p + 2);
            }
            self.rep.err(K::SpecialSchemeMissingFollowingSolidus, p);
            return self.special_authority_ignore_slashes_state(p);
        }
        if b.get(p) == Some(&b'/') {
            // Path or authority state.
            if b.get(p + 1) == Some(&b'/') {
                return self.authority_state(p + 2);
            }
            self.set_null_host();
            return self.path_state(p + 1);
        }
        // Opaque path state.
        self.set_null_host();
        self.opaque_path_state(p)
    }

    fn set_null_host(&mut self) {
        let at = self.out.len();
        self.username_end = at;
        self.host_start = at;
        self.host_end = at;
        self.host = None;
        self.path_start = at;
    }

    /// No scheme state.
    fn no_scheme_state(&mut self, p: usize) -> PResult {
        let c = self.at(p);
        let Some(base) = self.base else {
            return Err(self.rep.fail(K::MissingSchemeNonRelativeUrl, p));
        };
        if base.opaque_path {
            if c != Some(b'#') {
                return Err(self.rep.fail(K::MissingSchemeNonRelativeUrl, p));
            }
            self.copy_base(base, CopyUpTo::Query);
            return self.fragment_state(p + 1);
        }
        if base.scheme_type != SchemeType::File {
            self.out.push_str(base.scheme());
            self.out.push(':');
            self.scheme_end = base.scheme_end;
            self.scheme_type = base.scheme_type;
            return self.relative_state(p);
        }
        self.out.push_str("file:");
        self.scheme_end = 4;
        self.scheme_type = SchemeType::File;
        self.file_state(p)
    }

    /// Replaces the URL so far with a prefix of `base`'s serialization and its offsets.
    fn copy_base(&mut self, base: &Url, upto: CopyUpTo) {
        let s = base.as_str();
        let end = match upto {
            CopyUpTo::Query => base.fragment_start.map_or(s.len(), |f| f),
            CopyUpTo::Path => base
                .query_start
                .or(base.fragment_start)
                .map_or(s.len(), |q| q),
            CopyUpTo::Authority => {
                if base.host.is_none() {
                    base.scheme_end + 1
                } else {
                    base.path_start
                }
            }
        };
        self.out.clear();
        self.out.push_str(s.get(..end).unwrap_or(s));
        self.scheme_end = base.scheme_end;
        self.scheme_type = base.scheme_type;
        self.username_end = base.username_end;
        self.host_start = base.host_start;
        self.host_end = base.host_end;
        self.host = base.host;
        self.port = base.port;
        self.opaque_path = base.opaque_path;
        match upto {
            CopyUpTo::Authority => {
                self.path_start = self.out.len();
                self.opaque_path = false;
            }
            CopyUpTo::Path => self.path_start = base.path_start,
            CopyUpTo::Query => {
                self.path_start = base.path_start;
                self.query_start = base.query_start;
            }
        }
    }

    /// Relative state.
    fn relative_state(&mut self, p: usize) -> PResult {
        let Some(base) = self.base else {
            return Err(self.rep.fail(K::MissingSchemeNonRelativeUrl, p));
        };
        let c = self.at(p);
        if c == Some(b'/') {
            return self.relative_slash_state(p + 1);
        }
        if self.special() && c == Some(b'\\') {
            self.rep.err(K::InvalidReverseSolidus, p);
            return self.relative_slash_state(p + 1);
        }
        match c {
            Some(b'?') => {
                self.copy_base(base, CopyUpTo::Path);
                self.query_state(p + 1)
            }
            Some(b'#') => {
                self.copy_base(base, CopyUpTo::Query);
                self.fragment_state(p + 1)
            }
            Some(_) => {
                self.copy_base(base, CopyUpTo::Path);
                let ctx = self.path_ctx();
                shorten_path(&mut self.out, &ctx);
                self.path_state(p)
            }
            None => {
                self.copy_base(base, CopyUpTo::Query);
                Ok(())
            }
        }
    }

    /// Relative slash state.
    fn relative_slash_state(&mut self, p: usize) -> PResult {
        let c = self.at(p);
        if self.special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.rep.err(K::InvalidReverseSolidus, p);
            }
            return self.special_authority_ignore_slashes_state(p + 1);
        }
        if c == Some(b'/') {
            return self.authority_state(p + 1);
        }
        if let Some(base) = self.base {
            self.copy_base(base, CopyUpTo::Authority);
        }
        self.path_state(p)
    }

    /// Special authority ignore slashes state.
    fn special_authority_ignore_slashes_state(&mut self, mut p: usize) -> PResult {
        while let Some(b'/' | b'\\') = self.at(p) {
            self.rep.err(K::SpecialSchemeMissingFollowingSolidus, p);
            p += 1;
        }
        self.authority_state(p)
    }

    /// Authority state (and the host and port states that follow it).
    fn authority_state(&mut self, p: usize) -> PResult {
        let special = self.special();
        let b = self.input.as_bytes();
        let mut end = p;
        let mut last_at = None;
        // The last U+003A (:), U+005B ([) or U+005D (]): the bytes that the host state's scan
        // treats specially.
        let mut last_host_delim = None;
        // The last other byte that a domain cannot hold as it is (see `DOMAIN_PLAIN`).
        let mut last_not_domain = None;
        loop {
            // Domain bytes are plain here; every byte that is not stops the scan.
            end = skip_plain(&DOMAIN_PLAIN, b, end);
            if end >= b.len() {
                break;
            }
            match DELIM_CLASS[b[end] as usize] {
                0 => last_not_domain = Some(end),
                CL_COLON | CL_OPEN | CL_CLOSE => last_host_delim = Some(end),
                CL_END => break,
                CL_BACKSLASH if special => break,
                CL_AT => {
                    self.rep.err(K::InvalidCredentials, end);
                    last_at = Some(end);
                }
                _ => {}
            }
            end += 1;
        }
        self.out.truncate(self.scheme_end + 1);
        self.out.push_str("//");
        let auth_start = self.out.len();
        let host_from = match last_at {
            Some(at) => {
                let userinfo = self.input.get(p..at).unwrap_or("");
                let (user, pass) = match userinfo.find(':') {
                    Some(i) => (&userinfo[..i], &userinfo[i + 1..]),
                    None => (userinfo, ""),
                };
                let set = crate::percent_encoding::USERINFO;
                crate::percent_encoding::encode_into(&mut self.out, user, set);
                self.username_end = self.out.len();
                if !pass.is_empty() {
                    self.out.push(':');
                    crate::percent_encoding::encode_into(&mut self.out, pass, set);
                }
                if self.out.len() > auth_start {
                    self.out.push('@');
                }
                if at + 1 == end {
                    return Err(self.rep.fail(K::HostMissing, at + 1));
                }
                at + 1
            }
            None => {
                self.username_end = auth_start;
                p
            }
        };
        // Fast path: without `:`, `[` or `]` after the last `@`, the host state's scan would
        // stop where this one did (its other stops, end of input, `/`, `?`, `#` and, in
        // special URLs, `\`, are the same), so its buffer is known.
        let host_end = last_host_delim.is_none_or(|d| d < host_from).then_some(end);
        // Fast path: a host of `DOMAIN_PLAIN` bytes only needs no second look from the host
        // parser.
        let plain_domain = host_end.is_some() && last_not_domain.is_none_or(|d| d < host_from);
        self.host_state(host_from, host_end, plain_domain)
    }

    /// Host state (no state override). `known_end`: where its scan for the end of the host
    /// stops, when the authority state knows it; `plain_domain`: the host's bytes are all
    /// `DOMAIN_PLAIN` (see `parse_host_with_hint`).
    fn host_state(&mut self, p: usize, known_end: Option<usize>, plain_domain: bool) -> PResult {
        let special = self.special();
        let b = self.input.as_bytes();
        let i = known_end.unwrap_or_else(|| host_end(b, p, special));
        let buffer = self.input.get(p..i).unwrap_or("");
        let colon = b.get(i) == Some(&b':');
        if buffer.is_empty() && (colon || special) {
            return Err(self.rep.fail(K::HostMissing, p));
        }
        self.host_start = self.out.len();
        let pos = self.rep.map(p);
        let kind = if SPECIAL {
            parse_host_with_hint(
                &mut self.out,
                buffer,
                !special,
                self.standard,
                self.rep.sink,
                pos,
                plain_domain,
            )
        } else {
            // A non-special URL's host is an opaque host (or IPv6): no domain to ASCII, so
            // this monomorphization links no UTS #46.
            parse_not_special_host_into(&mut self.out, buffer, self.standard, self.rep.sink, pos)
        }
        .map_err(|k| ParseError::new(k, pos))?;
        self.host = Some(kind);
        self.host_end = self.out.len();
        if colon {
            return self.port_state(i + 1);
        }
        self.path_start_state(i)
    }

    /// Port state (no state override).
    fn port_state(&mut self, p: usize) -> PResult {
        let b = self.input.as_bytes();
        let mut i = p;
        let mut value: u32 = 0;
        while let Some(d) = b.get(i).filter(|c| c.is_ascii_digit()) {
            value = value.saturating_mul(10).saturating_add(u32::from(d - b'0'));
            i += 1;
        }
        match b.get(i) {
            None | Some(b'/' | b'?' | b'#') => {}
            Some(b'\\') if self.special() => {}
            Some(_) => return Err(self.rep.fail(K::PortInvalid, i)),
        }
        if i > p {
            if value > 65535 {
                return Err(self.rep.fail(K::PortOutOfRange, p));
            }
            let port = value as u16;
            if self.scheme_type.default_port() != Some(port) {
                self.port = Some(port);
                self.out.push(':');
                self.out.push_str(itoa_u16(port, &mut [0u8; 5]));
            }
        }
        self.path_start_state(i)
    }

    /// File state.
    fn file_state(&mut self, p: usize) -> PResult {
        let c = self.at(p);
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.rep.err(K::InvalidReverseSolidus, p);
            }
            return self.file_slash_state(p + 1);
        }
        if let Some(base) = self.base.filter(|b| b.scheme_type == SchemeType::File) {
            match c {
                Some(b'?') => {
                    self.copy_base(base, CopyUpTo::Path);
                    return self.query_state(p + 1);
                }
                Some(b'#') => {
                    self.copy_base(base, CopyUpTo::Query);
                    return self.fragment_state(p + 1);
                }
                Some(_) => {
                    self.copy_base(base, CopyUpTo::Path);
                    let rest = self.input.as_bytes().get(p..).unwrap_or(b"");
                    if !starts_with_windows_drive_letter(rest) {
                        let ctx = self.path_ctx();
                        shorten_path(&mut self.out, &ctx);
                    } else {
                        self.rep.err(K::FileInvalidWindowsDriveLetter, p);
                        self.out.truncate(self.path_start);
                    }
                    return self.path_state(p);
                }
                None => {
                    self.copy_base(base, CopyUpTo::Query);
                    return Ok(());
                }
            }
        }
        self.set_empty_file_host();
        self.path_state(p)
    }

    fn set_empty_file_host(&mut self) {
        self.out.truncate(self.scheme_end + 1);
        self.out.push_str("//");
        let at = self.out.len();
        self.username_end = at;
        self.host_start = at;
        self.host_end = at;
        self.host = Some(HostKind::Empty);
        self.path_start = at;
    }

    /// File slash state.
    fn file_slash_state(&mut self, p: usize) -> PResult {
        let c = self.at(p);
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.rep.err(K::InvalidReverseSolidus, p);
            }
            return self.file_host_state(p + 1);
        }
        self.set_empty_file_host();
        if let Some(base) = self.base.filter(|b| b.scheme_type == SchemeType::File) {
            // Copy base's host.
            let s = base.as_str();
            self.out
                .push_str(s.get(base.host_start..base.host_end).unwrap_or(""));
            self.host = base.host;
            self.host_end = self.out.len();
            self.path_start = self.out.len();
            let rest = self.input.as_bytes().get(p..).unwrap_or(b"");
            let base_path = base.path().as_bytes();
            if !starts_with_windows_drive_letter(rest)
                && base_path.len() >= 3
                && is_normalized_windows_drive_letter(&base_path[1..3])
                && (base_path.len() == 3 || base_path[3] == b'/')
            {
                self.out.push_str(&base.path()[..3]);
            }
        }
        self.path_state(p)
    }

    /// File host state (no state override).
    fn file_host_state(&mut self, p: usize) -> PResult {
        let b = self.input.as_bytes();
        // The end of the host: U+002F (/), U+005C (\), U+003F (?), U+0023 (#) or the end of
        // input; noting whether every byte is `DOMAIN_PLAIN` (see `parse_host_with_hint`).
        let mut i = p;
        let mut plain_domain = true;
        loop {
            i = skip_plain(&DOMAIN_PLAIN, b, i);
            match b.get(i) {
                None | Some(b'/' | b'\\' | b'?' | b'#') => break,
                Some(_) => {
                    plain_domain = false;
                    i += 1;
                }
            }
        }
        let buffer = self.input.get(p..i).unwrap_or("");
        self.set_empty_file_host();
        if is_windows_drive_letter(buffer.as_bytes()) {
            self.rep.err(K::FileInvalidWindowsDriveLetterHost, p);
            return self.path_state(p);
        }
        if !buffer.is_empty() {
            let pos = self.rep.map(p);
            let kind = parse_host_with_hint(
                &mut self.out,
                buffer,
                false,
                self.standard,
                self.rep.sink,
                pos,
                plain_domain,
            )
            .map_err(|k| ParseError::new(k, pos))?;
            if kind == HostKind::Domain && &self.out[self.host_start..] == "localhost" {
                self.out.truncate(self.host_start);
            } else {
                self.host = Some(kind);
            }
            self.host_end = self.out.len();
            self.path_start = self.out.len();
        }
        self.path_start_state(i)
    }

    /// Path start state (no state override).
    fn path_start_state(&mut self, p: usize) -> PResult {
        self.path_start = self.out.len();
        let c = self.at(p);
        if self.special() {
            if c == Some(b'\\') {
                self.rep.err(K::InvalidReverseSolidus, p);
            }
            return self.path_state(if matches!(c, Some(b'/' | b'\\')) {
                p + 1
            } else {
                p
            });
        }
        match c {
            Some(b'?') => self.query_state(p + 1),
            Some(b'#') => self.fragment_state(p + 1),
            Some(b'/') => self.path_state(p + 1),
            Some(_) => self.path_state(p),
            None => Ok(()),
        }
    }

    fn path_ctx(&self) -> PathCtx {
        PathCtx {
            special: self.special(),
            file: self.scheme_type == SchemeType::File,
            path_start: self.path_start,
            state_override: false,
            living: self.standard.is_living(),
        }
    }

    /// Path state.
    fn path_state(&mut self, p: usize) -> PResult {
        let ctx = self.path_ctx();
        let end = path_state(&mut self.out, self.input, p, &ctx, &mut self.rep);
        match self.at(end) {
            Some(b'?') => self.query_state(end + 1),
            Some(b'#') => self.fragment_state(end + 1),
            _ => Ok(()),
        }
    }

    /// Opaque path state.
    fn opaque_path_state(&mut self, p: usize) -> PResult {
        self.opaque_path = true;
        self.path_start = self.out.len();
        let b = self.input.as_bytes();
        let end = memchr::memchr2(b'?', b'#', b.get(p..).unwrap_or(b"")).map_or(b.len(), |i| p + i);
        if self.standard.is_living() && end < b.len() && end > p && b[end - 1] == b' ' {
            // Living standard (whatwg/url 6c78200, b11d73b), opaque path state: "Otherwise, if
            // c is U+0020 SPACE: ... If remaining starts with U+003F (?) or U+0023 (#), then
            // append "%20" to url's path. Otherwise, append U+0020 SPACE to url's path." Only
            // the space right before the `?`/`#` that ends the path has such a remaining.
            encode_run(
                &mut self.out,
                self.input,
                p,
                end - 1,
                C0_CONTROL,
                &mut self.rep,
            );
            self.rep.err(K::InvalidUrlUnit, end - 1);
            self.out.push_str("%20");
        } else {
            encode_run(&mut self.out, self.input, p, end, C0_CONTROL, &mut self.rep);
        }
        match self.at(end) {
            Some(b'?') => self.query_state(end + 1),
            Some(b'#') => self.fragment_state(end + 1),
            _ => Ok(()),
        }
    }

    /// Query state.
    fn query_state(&mut self, p: usize) -> PResult {
        self.query_start = Some(self.out.len());
        self.out.push('?');
        let b = self.input.as_bytes();
        let end = memchr::memchr(b'#', b.get(p..).unwrap_or(b"")).map_or(b.len(), |i| p + i);
        check_url_units(&mut self.rep, self.input, p, end);
        // Query state 1: if encoding is not UTF-8 and url is not special or its scheme is
        // "ws" or "wss", set encoding to UTF-8.
        let encoding =
            if self.special() && !matches!(self.scheme_type, SchemeType::Ws | SchemeType::Wss) {
                self.encoding
            } else {
                Encoding::UTF_8
            };
        let text = self.input.get(p..end).unwrap_or("");
        let special = self.special();
        encode_query(&mut self.out, text, special, encoding);
        if end < b.len() {
            return self.fragment_state(end + 1);
        }
        Ok(())
    }

    /// Fragment state.
    fn fragment_state(&mut self, p: usize) -> PResult {
        self.fragment_start = Some(self.out.len());
        self.out.push('#');
        let len = self.input.len();
        encode_run(&mut self.out, self.input, p, len, FRAGMENT, &mut self.rep);
        Ok(())
    }

    /// Takes the URL out (by reference: moving the whole parser here measured a 200-byte
    /// `memcpy` per URL).
    fn finish(&mut self) -> Url {
        // URL serializer: a null host with a path starting with an empty segment gets "/."
        // before the path. Our serialization may carry it (copied from a base) or need it.
        if self.host.is_none() && !self.opaque_path {
            let has_prefix = self.path_start > self.scheme_end + 1;
            let path_end = self
                .query_start
                .or(self.fragment_start)
                .unwrap_or(self.out.len());
            let path = self.out.get(self.path_start..path_end).unwrap_or("");
            let needs = path.starts_with("//");
            if needs != has_prefix {
                let at = self.scheme_end + 1;
                let adj: fn(usize) -> usize = if needs {
                    self.out.insert_str(at, "/.");
                    |v| v + 2
                } else {
                    self.out.replace_range(at..at + 2, "");
                    |v| v.saturating_sub(2)
                };
                self.path_start = adj(self.path_start);
                self.query_start = self.query_start.map(adj);
                self.fragment_start = self.fragment_start.map(adj);
                self.username_end = at;
                self.host_start = at;
                self.host_end = at;
            }
        }
        Url {
            serialization: std::mem::take(&mut self.out),
            scheme_end: self.scheme_end,
            scheme_type: self.scheme_type,
            username_end: self.username_end,
            host_start: self.host_start,
            host_end: self.host_end,
            host: self.host,
            port: self.port,
            path_start: self.path_start,
            query_start: self.query_start,
            fragment_start: self.fragment_start,
            opaque_path: self.opaque_path,
            standard: self.standard,
        }
    }
}

#[derive(Clone, Copy)]
enum CopyUpTo {
    /// Scheme and authority.
    Authority,
    /// Up to the end of the path.
    Path,
    /// Up to the end of the query.
    Query,
}

/// Formats a u16 without allocating.
pub(crate) fn itoa_u16(mut v: u16, buf: &mut [u8; 5]) -> &str {
    let mut i = 5;
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("0")
}

#[cfg(test)]
mod unit_tests {
    use super::*;

    #[test]
    fn skip_plain_matches_a_byte_loop() {
        // Every length, stop position and start, with tables where byte 0 is and is not
        // plain (bytes past the end must never count as plain).
        for table in [&HOST_PLAIN, &PATH_RUN_SPECIAL] {
            for len in 0..24 {
                for stop in 0..=len {
                    for start in 0..=len + 1 {
                        let mut v = vec![b'a'; len];
                        if stop < len {
                            v[stop] = b'/';
                        }
                        let naive = (start..len)
                            .find(|&k| !table[usize::from(v[k])])
                            .unwrap_or(len)
                            .max(start);
                        assert_eq!(skip_plain(table, &v, start), naive, "{len} {stop} {start}");
                    }
                }
            }
        }
    }

    #[test]
    fn c0_or_space_check_matches_a_byte_loop() {
        // Lengths of each arm: below 8, 8 to 15, 16 and above.
        for len in 0..80 {
            for at in 0..=len {
                for bad in [0u8, b'\t', b'\n', b'\r', b' ', 0x1F] {
                    let mut v = vec![b'a'; len];
                    v.iter_mut().skip(len / 2).for_each(|c| *c = 0xC3);
                    if at < len {
                        v[at] = bad;
                    }
                    let naive = v.iter().any(|&c| is_c0_or_space(c));
                    assert_eq!(has_c0_or_space(&v), naive, "{len} {at} {bad}");
                }
            }
        }
    }

    #[test]
    fn ascii_url_code_point_set_agrees_with_the_definition() {
        assert!(URL_UNIT_CLASS[0x80..].iter().all(|&c| c == 2));
        for b in 0u8..128 {
            let class = URL_UNIT_CLASS[usize::from(b)];
            if b == b'%' {
                assert_eq!(class, 2);
            } else {
                assert_eq!(class == 0, is_url_code_point(char::from(b)), "{b:#x}");
            }
        }
    }
}
