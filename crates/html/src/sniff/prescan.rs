//! §13.2.3.2 "prescan a byte stream to determine its encoding", its "get an attribute"
//! sub-algorithm, and "get an XML encoding".

use websyntax_encoding::Encoding;

use super::meta::{extract_character_encoding_from_meta_bytes, is_ascii_whitespace};

/// What the prescan found.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::{prescan, PrescanSource};
///
/// let found = prescan(b"<meta charset=koi8-r>").unwrap();
/// assert_eq!((found.encoding, found.source), (Encoding::KOI8_R, PrescanSource::Meta));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrescanResult {
    /// The encoding.
    pub encoding: Encoding,
    /// Which rule of the prescan gave it.
    pub source: PrescanSource,
}

/// Which rule of the prescan produced the encoding.
///
/// ```
/// use websyntax_html::sniff::PrescanSource;
///
/// assert_eq!(PrescanSource::XmlDeclaration.to_string(), "XML declaration");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrescanSource {
    /// The bytes start with `<?x` in UTF-16LE or UTF-16BE ("prescan for UTF-16 XML
    /// declarations").
    Utf16XmlDeclaration,
    /// A `<meta charset>` or `<meta http-equiv=content-type content="...charset=...">`.
    Meta,
    /// The prescan ran out of bytes; "get an XML encoding" found `<?xml ... encoding="...">`.
    XmlDeclaration,
}

impl std::fmt::Display for PrescanSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PrescanSource::Utf16XmlDeclaration => "UTF-16 XML declaration",
            PrescanSource::Meta => "meta",
            PrescanSource::XmlDeclaration => "XML declaration",
        })
    }
}

/// "Prescan a byte stream to determine its encoding" over `bytes` (the end condition is the
/// end of `bytes`: pass the first 1024 bytes, or whatever window you choose). When the prescan
/// runs out of bytes without finding a `<meta>` declaration, the result is "get an XML
/// encoding" applied to the same bytes. `None` means failure.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::prescan;
///
/// let doc = b"<!DOCTYPE html><!-- <meta charset=big5> --><meta http-equiv=Content-Type content='text/html; charset=euc-jp'>";
/// assert_eq!(prescan(doc).unwrap().encoding, Encoding::EUC_JP);
/// // charset=UTF-16 means UTF-8, x-user-defined means windows-1252.
/// assert_eq!(prescan(b"<meta charset=utf-16>").unwrap().encoding, Encoding::UTF_8);
/// assert_eq!(prescan(b"<meta charset=x-user-defined>").unwrap().encoding, Encoding::WINDOWS_1252);
/// assert_eq!(prescan(b"<?xml version='1.0' encoding='Shift_JIS'?><p>").unwrap().encoding, Encoding::SHIFT_JIS);
/// assert_eq!(prescan(b"<p>no declaration</p>"), None);
/// ```
pub fn prescan(bytes: &[u8]) -> Option<PrescanResult> {
    match prescan_steps(bytes) {
        Ok(result) => Some(result),
        // Aborted (ran out of bytes): get an XML encoding on the same bytes.
        Err(OutOfBytes) => get_an_xml_encoding(bytes).map(|encoding| PrescanResult {
            encoding,
            source: PrescanSource::XmlDeclaration,
        }),
    }
}

/// The prescan ran out of bytes (or reached its end condition): abort.
#[derive(Debug)]
struct OutOfBytes;

/// The byte at `pos`, or abort.
fn at(bytes: &[u8], pos: usize) -> Result<u8, OutOfBytes> {
    bytes.get(pos).copied().ok_or(OutOfBytes)
}

/// `charset` in the meta attribute loop: null, failure, or an encoding.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Charset {
    Null,
    Failure,
    Found(Encoding),
}

fn prescan_steps(bytes: &[u8]) -> Result<PrescanResult, OutOfBytes> {
    // (Let fallback encoding be null: unused by the algorithm.)
    // Let position be a pointer to a byte in the input byte stream, initially the first byte.
    // Prescan for UTF-16 XML declarations.
    if bytes.starts_with(b"<\0?\0x\0") {
        return Ok(PrescanResult {
            encoding: Encoding::UTF_16LE,
            source: PrescanSource::Utf16XmlDeclaration,
        });
    }
    if bytes.starts_with(b"\0<\0?\0x") {
        return Ok(PrescanResult {
            encoding: Encoding::UTF_16BE,
            source: PrescanSource::Utf16XmlDeclaration,
        });
    }
    let mut pos = 0usize;
    // Loop.
    loop {
        // "Any other byte: do nothing with that byte" -> skip to the next '<'.
        let rest = bytes.get(pos..).ok_or(OutOfBytes)?;
        pos = pos.saturating_add(memchr::memchr(b'<', rest).ok_or(OutOfBytes)?);
        let rest = bytes.get(pos..).ok_or(OutOfBytes)?;
        if rest.starts_with(b"<!--") {
            // Advance to the first '>' preceded by two '-' that comes after the '<' (the two
            // '-' may be those of "<!--").
            let from = pos + 2;
            let tail = bytes.get(from..).ok_or(OutOfBytes)?;
            let idx = memchr::memmem::find(tail, b"-->").ok_or(OutOfBytes)?;
            pos = from + idx + 2;
        } else if is_meta_start(rest) {
            if let Some(result) = meta(bytes, &mut pos)? {
                return Ok(result);
            }
        } else if is_other_tag_start(rest) {
            // Advance to the next TAB, LF, FF, CR, SPACE or '>'.
            loop {
                let b = at(bytes, pos)?;
                if is_ascii_whitespace(b) || b == b'>' {
                    break;
                }
                pos += 1;
            }
            // Repeatedly get an attribute until no further attributes can be found (their
            // names and values are not used: they are skipped, not collected).
            while get_an_attribute::<false>(bytes, &mut pos)?.is_some() {}
        } else if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            // Advance to the first '>' that comes after the '<'.
            let from = pos + 1;
            let tail = bytes.get(from..).ok_or(OutOfBytes)?;
            pos = from + memchr::memchr(b'>', tail).ok_or(OutOfBytes)?;
        }
        // Next byte.
        pos += 1;
    }
}

/// `<meta` (case-insensitive) followed by TAB, LF, FF, CR, SPACE or '/'.
fn is_meta_start(rest: &[u8]) -> bool {
    match rest.get(..6) {
        Some([b'<', m, e, t, a, after]) => {
            m.eq_ignore_ascii_case(&b'm')
                && e.eq_ignore_ascii_case(&b'e')
                && t.eq_ignore_ascii_case(&b't')
                && a.eq_ignore_ascii_case(&b'a')
                && (is_ascii_whitespace(*after) || *after == b'/')
        }
        _ => false,
    }
}

/// `<`, optionally `/`, then an ASCII letter.
fn is_other_tag_start(rest: &[u8]) -> bool {
    matches!(rest, [b'<', b'/', c, ..] | [b'<', c, ..] if c.is_ascii_alphabetic())
}

/// The `<meta` branch of the loop; `pos` points at its '<'. Returns the encoding, or `None`
/// to go on with "next byte".
fn meta(bytes: &[u8], pos: &mut usize) -> Result<Option<PrescanResult>, OutOfBytes> {
    // Advance to the space or slash after "<meta".
    *pos += 5;
    let mut attribute_list: Vec<Vec<u8>> = Vec::new();
    let mut got_pragma = false;
    let mut need_pragma: Option<bool> = None;
    let mut charset = Charset::Null;
    // Attributes.
    while let Some((name, value)) = get_an_attribute::<true>(bytes, pos)? {
        if attribute_list.contains(&name) {
            continue;
        }
        match name.as_slice() {
            b"http-equiv" if value == b"content-type" => got_pragma = true,
            b"content" => {
                if charset == Charset::Null
                    && let Some(enc) = extract_character_encoding_from_meta_bytes(&value)
                {
                    charset = Charset::Found(enc);
                    need_pragma = Some(true);
                }
            }
            b"charset" => {
                charset = match Encoding::for_label_bytes(&value) {
                    Some(enc) => Charset::Found(enc),
                    None => Charset::Failure,
                };
                need_pragma = Some(false);
            }
            _ => {}
        }
        attribute_list.push(name);
    }
    // Processing.
    let Some(need_pragma) = need_pragma else {
        return Ok(None);
    };
    if need_pragma && !got_pragma {
        return Ok(None);
    }
    let Charset::Found(mut encoding) = charset else {
        return Ok(None);
    };
    // If charset is UTF-16BE/LE, set it to UTF-8; if x-user-defined, to windows-1252.
    if encoding == Encoding::UTF_16BE || encoding == Encoding::UTF_16LE {
        encoding = Encoding::UTF_8;
    } else if encoding == Encoding::X_USER_DEFINED {
        encoding = Encoding::WINDOWS_1252;
    }
    Ok(Some(PrescanResult {
        encoding,
        source: PrescanSource::Meta,
    }))
}

fn lower(b: u8) -> u8 {
    b.to_ascii_lowercase()
}

/// "Get an attribute": `Ok(None)` when there is no further attribute; names and values are
/// ASCII-lowercased bytes. With `KEEP` false, the attribute is only skipped: `pos` moves as the
/// steps say, and the name and value returned are empty (no allocation).
#[allow(clippy::type_complexity)]
fn get_an_attribute<const KEEP: bool>(
    bytes: &[u8],
    pos: &mut usize,
) -> Result<Option<(Vec<u8>, Vec<u8>)>, OutOfBytes> {
    // 1. Skip TAB, LF, FF, CR, SPACE and '/'.
    loop {
        let b = at(bytes, *pos)?;
        if is_ascii_whitespace(b) || b == b'/' {
            *pos += 1;
        } else {
            break;
        }
    }
    // 2. '>': there isn't one.
    if at(bytes, *pos)? == b'>' {
        return Ok(None);
    }
    // 3.-4. The attribute name starts here.
    let mut name = Vec::new();
    let mut name_empty = true;
    let value = Vec::new();
    // 5. Name.
    loop {
        let b = at(bytes, *pos)?;
        match b {
            b'=' if !name_empty => {
                *pos += 1;
                return value_steps::<KEEP>(bytes, pos, name, value);
            }
            _ if is_ascii_whitespace(b) => break,
            b'/' | b'>' => return Ok(Some((name, value))),
            _ => {
                name_empty = false;
                if KEEP {
                    name.push(lower(b));
                }
            }
        }
        *pos += 1;
    }
    // 6. Spaces.
    loop {
        let b = at(bytes, *pos)?;
        if is_ascii_whitespace(b) {
            *pos += 1;
        } else {
            break;
        }
    }
    // 7. Not '=': the value is the empty string.
    if at(bytes, *pos)? != b'=' {
        return Ok(Some((name, value)));
    }
    // 8. Advance past the '='.
    *pos += 1;
    value_steps::<KEEP>(bytes, pos, name, value)
}

/// "Get an attribute" from the step labeled value on.
#[allow(clippy::type_complexity)]
fn value_steps<const KEEP: bool>(
    bytes: &[u8],
    pos: &mut usize,
    name: Vec<u8>,
    mut value: Vec<u8>,
) -> Result<Option<(Vec<u8>, Vec<u8>)>, OutOfBytes> {
    // 9. Value: skip whitespace.
    loop {
        let b = at(bytes, *pos)?;
        if is_ascii_whitespace(b) {
            *pos += 1;
        } else {
            break;
        }
    }
    // 10. Process the byte at position.
    let b = at(bytes, *pos)?;
    match b {
        b'"' | b'\'' => {
            // Quote loop.
            if !KEEP {
                // Only the position matters: to the byte after the next matching quote.
                let from = *pos + 1;
                let tail = bytes.get(from..).ok_or(OutOfBytes)?;
                *pos = from + memchr::memchr(b, tail).ok_or(OutOfBytes)? + 1;
                return Ok(Some((name, value)));
            }
            loop {
                *pos += 1;
                let c = at(bytes, *pos)?;
                if c == b {
                    *pos += 1;
                    return Ok(Some((name, value)));
                }
                value.push(lower(c));
            }
        }
        b'>' => return Ok(Some((name, value))),
        _ => {
            if KEEP {
                value.push(lower(b));
            }
            *pos += 1;
        }
    }
    // 11. Unquoted value.
    loop {
        let c = at(bytes, *pos)?;
        if is_ascii_whitespace(c) || c == b'>' {
            return Ok(Some((name, value)));
        }
        if KEEP {
            value.push(lower(c));
        }
        *pos += 1;
    }
}

/// "Get an XML encoding": for bytes starting with `<?xml`, the encoding named by the first
/// `encoding="..."` (UTF-16BE/LE become UTF-8). `None` means failure.
///
/// Written down as the spec text has it: `xmlDeclarationEnd` (the first `>`) must exist, but
/// the spec does not bound the search for `encoding` by it.
///
/// ```
/// use websyntax_encoding::Encoding;
/// use websyntax_html::sniff::get_an_xml_encoding;
///
/// assert_eq!(get_an_xml_encoding(b"<?xml version=\"1.0\" encoding = \"EUC-KR\"?>"), Some(Encoding::EUC_KR));
/// assert_eq!(get_an_xml_encoding(b"<?xml encoding='utf-16'?>"), Some(Encoding::UTF_8));
/// assert_eq!(get_an_xml_encoding(b" <?xml encoding='big5'?>"), None); // not at the start
/// assert_eq!(get_an_xml_encoding(b"<?xml encoding='big5'"), None); // no '>'
/// ```
pub fn get_an_xml_encoding(bytes: &[u8]) -> Option<Encoding> {
    // 1. Let encodingPosition be a pointer to the start of the stream.
    // 2. It must point to "<?xml".
    if !bytes.starts_with(b"<?xml") {
        return None;
    }
    // 3. Let xmlDeclarationEnd be the next '>'; if there is none, return failure.
    memchr::memchr(b'>', bytes)?;
    // 4. Find "encoding" at or after encodingPosition.
    let mut p = memchr::memmem::find(bytes, b"encoding")?;
    // 5. Advance past the 'g'.
    p += 8;
    // 6. Skip bytes <= 0x20.
    while *bytes.get(p)? <= 0x20 {
        p += 1;
    }
    // 7. Must be '='.
    if *bytes.get(p)? != b'=' {
        return None;
    }
    // 8. Advance.
    p += 1;
    // 9. Skip bytes <= 0x20.
    while *bytes.get(p)? <= 0x20 {
        p += 1;
    }
    // 10.-11. The quote mark.
    let quote = *bytes.get(p)?;
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    // 12. Advance.
    p += 1;
    // 13. The next occurrence of the quote mark.
    let rest = bytes.get(p..)?;
    let end = memchr::memchr(quote, rest)?;
    // 14. potentialEncoding.
    let potential = rest.get(..end)?;
    // 15. Any byte <= 0x20: failure.
    if potential.iter().any(|&b| b <= 0x20) {
        return None;
    }
    // 16. Get an encoding from potentialEncoding, isomorphic decoded (non-ASCII bytes match
    //     no label either way).
    let encoding = Encoding::for_label_bytes(potential)?;
    // 17. UTF-16BE/LE: UTF-8.
    if encoding == Encoding::UTF_16BE || encoding == Encoding::UTF_16LE {
        return Some(Encoding::UTF_8);
    }
    Some(encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(bytes: &[u8]) -> Option<Encoding> {
        prescan(bytes).map(|r| r.encoding)
    }

    #[test]
    fn meta_inside_comment_is_ignored() {
        assert_eq!(enc(b"<!-- <meta charset=big5> --><p>"), None);
        assert_eq!(
            enc(b"<!--><meta charset=big5>"),
            Some(Encoding::BIG5),
            "<!--> is a whole comment"
        );
        assert_eq!(
            enc(b"<!---><meta charset=big5>-->"),
            Some(Encoding::BIG5),
            "<!---> too"
        );
    }

    #[test]
    fn http_equiv_needs_pragma() {
        assert_eq!(enc(b"<meta content='text/html; charset=big5'>"), None);
        assert_eq!(
            enc(b"<meta content='text/html; charset=big5' http-equiv=\"CONTENT-TYPE\">"),
            Some(Encoding::BIG5)
        );
        // charset attribute wins over content and needs no pragma.
        assert_eq!(
            enc(b"<meta content='charset=big5' charset=gbk>"),
            Some(Encoding::GBK)
        );
        // content after charset is ignored even when charset failed.
        assert_eq!(
            enc(b"<meta charset=bogus content='charset=big5' http-equiv=content-type>"),
            None
        );
        // Duplicate attributes: the first wins.
        assert_eq!(
            enc(b"<meta charset=big5 charset=gbk>"),
            Some(Encoding::BIG5)
        );
    }

    #[test]
    fn get_an_attribute_edge_cases() {
        assert_eq!(enc(b"<meta charset = \"koi8-r\">"), Some(Encoding::KOI8_R));
        assert_eq!(enc(b"<meta/charset=koi8-r>"), Some(Encoding::KOI8_R));
        assert_eq!(enc(b"<META CHARSET=KOI8-R>"), Some(Encoding::KOI8_R));
        assert_eq!(enc(b"<meta =x charset=koi8-r>"), Some(Encoding::KOI8_R));
        assert_eq!(enc(b"<metacharset=koi8-r>"), None);
        // Attributes of other tags are skipped whole, quotes included.
        assert_eq!(
            enc(b"<p title='<meta charset=big5>'><meta charset=gbk>"),
            Some(Encoding::GBK)
        );
        // Running out of bytes inside a tag aborts (then XML encoding: none).
        assert_eq!(enc(b"<meta charset=koi8-r"), None);
        assert_eq!(enc(b"<meta charset='koi8-r"), None);
    }

    #[test]
    fn skipping_an_attribute_moves_as_getting_it() {
        // Every string of up to 4 bytes over an alphabet of the bytes the steps branch on,
        // inside and after a tag: skipping (other tags) and getting (meta) end at the same
        // position with the same outcome.
        let alphabet = b" /=>'\"aA\t";
        let mut inputs: Vec<Vec<u8>> = vec![Vec::new()];
        let mut longest: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..4 {
            longest = longest
                .iter()
                .flat_map(|s| {
                    alphabet.iter().map(move |&b| {
                        let mut v = s.clone();
                        v.push(b);
                        v
                    })
                })
                .collect();
            inputs.extend(longest.iter().cloned());
        }
        assert_eq!(inputs.len(), 1 + 9 + 81 + 729 + 6561);
        for body in &inputs {
            for tail in [&b""[..], b"x>", b"'>", b"\"y\" z>"] {
                let mut bytes = body.clone();
                bytes.extend_from_slice(tail);
                let (mut a, mut b) = (0, 0);
                loop {
                    let got = get_an_attribute::<true>(&bytes, &mut a).map(|r| r.is_some());
                    let skipped = get_an_attribute::<false>(&bytes, &mut b).map(|r| r.is_some());
                    // (Running out of bytes aborts the prescan: the position no longer matters.)
                    assert_eq!(got.as_ref().ok(), skipped.as_ref().ok(), "{bytes:?}");
                    if got.is_ok() {
                        assert_eq!(a, b, "{bytes:?}");
                    }
                    if !matches!(got, Ok(true)) {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn other_markup_skipped_to_gt() {
        assert_eq!(
            enc(b"<! <meta charset=big5> <meta charset=gbk>"),
            Some(Encoding::GBK)
        );
        assert_eq!(
            enc(b"<?php <meta charset=big5> ?><meta charset=gbk>"),
            Some(Encoding::GBK)
        );
        assert_eq!(enc(b"</ <meta charset=big5>"), None);
    }

    #[test]
    fn utf16_xml_declarations() {
        assert_eq!(
            prescan(b"<\0?\0x\0m\0l\0"),
            Some(PrescanResult {
                encoding: Encoding::UTF_16LE,
                source: PrescanSource::Utf16XmlDeclaration
            })
        );
        assert_eq!(enc(b"\0<\0?\0x\0m"), Some(Encoding::UTF_16BE));
        assert_eq!(enc(b"<\0?\0X\0"), None, "case-sensitive");
    }

    #[test]
    fn xml_encoding_only_when_no_meta() {
        assert_eq!(
            prescan(b"<?xml version='1.0' encoding='big5'?><meta charset=gbk>"),
            Some(PrescanResult {
                encoding: Encoding::GBK,
                source: PrescanSource::Meta
            })
        );
        assert_eq!(
            prescan(b"<?xml version='1.0' encoding='big5'?><p>"),
            Some(PrescanResult {
                encoding: Encoding::BIG5,
                source: PrescanSource::XmlDeclaration
            })
        );
        assert_eq!(get_an_xml_encoding(b"<?xml encoding='big 5'?>"), None);
        assert_eq!(get_an_xml_encoding(b"<?xml encoding=big5?>"), None);
        assert_eq!(
            get_an_xml_encoding(b"<?xml encoding\x01=\x01\"x-user-defined\"?>"),
            Some(Encoding::X_USER_DEFINED)
        );
    }
}
