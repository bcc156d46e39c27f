//! Escaping: text, link destinations and code spans written so that a CommonMark (+ GFM
//! tables and strikethrough) renderer gives back the same characters.

use std::borrow::Cow;

/// [`CLASS`] bit: ASCII whitespace (the separators of words).
pub(crate) const WS: u8 = 1;
/// [`CLASS`] bit: a character [`text_after_digits`] may escape anywhere in a word.
pub(crate) const SPECIAL: u8 = 2;
/// [`CLASS`] bit: a byte that makes a link destination need more than copying (other than
/// those of [`DEST_SPACE`]).
const DEST: u8 = 4;
/// [`CLASS`] bit: a space, C0 control (line breaks too) or DEL in a link destination: it may
/// be bracketed, lose characters or have controls replaced.
const DEST_SPACE: u8 = 8;
/// [`CLASS`] bit: the first byte of the C1 controls' UTF-8 (also of other characters).
const C2: u8 = 16;

/// The class bits of each byte.
pub(crate) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let mut v = 0;
        if matches!(c, b' ' | b'\t' | b'\n' | 0x0C | b'\r') {
            v |= WS;
        }
        if matches!(
            c,
            b'\\' | b'`' | b'*' | b'[' | b']' | b'<' | b'~' | b'|' | b'_' | b'&'
        ) {
            v |= SPECIAL;
        }
        if matches!(c, b'<' | b'>' | b'(' | b')' | b'\\' | b'&' | b'|') {
            v |= DEST;
        }
        if c <= b' ' || c == 0x7F {
            v |= DEST_SPACE;
        }
        if c == 0xC2 {
            v |= C2;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// Whether the text at `rest` (just after a `&`) looks like a character reference
/// (`name;`, `#123;`, `#x1F;`), which a renderer would decode: then the `&` is escaped.
fn looks_like_reference(rest: &str) -> bool {
    let n = rest
        .bytes()
        .take(40)
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'#')
        .count();
    n > 0 && rest.as_bytes().get(n) == Some(&b';')
}

/// Appends `word` (no ASCII whitespace in it) to `out`, escaped. `line_start`: the word
/// begins a line (where `#`, `>`, `+`, `-`, `=` and `1.` / `1)` would start a block).
/// `in_cell`: inside a table cell (pipes are escaped anyway).
pub(crate) fn text(out: &mut String, word: &str, line_start: bool) {
    text_after_digits(out, word, line_start, 0);
}

/// [`text`] where the line so far holds only `line_digits` ASCII digits (written by an
/// earlier text node: `1<b>.</b> x` is still an ordered list marker).
pub(crate) fn text_after_digits(
    out: &mut String,
    word: &str,
    line_start: bool,
    line_digits: usize,
) {
    let bytes = word.as_bytes();
    if !bytes.iter().any(|&b| CLASS[b as usize] & SPECIAL != 0) {
        // Most words hold nothing to escape.
        if !line_start && line_digits == 0 {
            out.push_str(word);
            return;
        }
        // Without inline specials only one character can need escaping: the first (a block
        // start) or the one after the leading digits (an ordered list marker's delimiter),
        // as the general loop below decides.
        if let Some(&c) = bytes.first()
            && line_start
            && (c == b'>'
                || (matches!(c, b'#' | b'+' | b'-' | b'=')
                    && bytes.iter().all(|&b| b == c)
                    && (c != b'#' || bytes.len() <= 6)
                    && (c != b'+' || bytes.len() == 1)))
        {
            out.push('\\');
            out.push_str(word);
            return;
        }
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits + 1 == bytes.len()
            && matches!(bytes[digits], b'.' | b')')
            && (1..=9).contains(&(digits + line_digits))
        {
            out.push_str(&word[..digits]);
            out.push('\\');
            out.push_str(&word[digits..]);
            return;
        }
        out.push_str(word);
        return;
    }
    text_chars(out, word, line_start, line_digits);
}

/// [`text_after_digits`] character by character (the general statement of the rules).
fn text_chars(out: &mut String, word: &str, line_start: bool, line_digits: usize) {
    let bytes = word.as_bytes();
    // A leading run of digits followed by `.` or `)` at a line start is an ordered list
    // marker: its delimiter is escaped.
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    for (i, c) in word.char_indices() {
        match c {
            '\\' | '`' | '*' | '[' | ']' | '<' | '~' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '_' => {
                // An underscore between two alphanumerics can neither open nor close
                // emphasis (CommonMark's flanking rules); elsewhere it is escaped.
                let before = out.chars().next_back().is_some_and(char::is_alphanumeric);
                let after = word[i + 1..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric);
                if !(before && after) {
                    out.push('\\');
                }
                out.push('_');
            }
            '&' if looks_like_reference(&word[i + 1..]) => out.push_str("\\&"),
            // Block starts: `>` always; an ATX heading's 1-6 `#`, a `+` or `-` list marker, and a
            // setext underline or thematic break of `-` or `=` only as a word of their own.
            '>' if i == 0 && line_start => out.push_str("\\>"),
            '#' | '+' | '-' | '='
                if i == 0
                    && line_start
                    && bytes.iter().all(|&b| b == c as u8)
                    && (c != '#' || bytes.len() <= 6)
                    && (c != '+' || bytes.len() == 1) =>
            {
                out.push('\\');
                out.push(c);
            }
            // An ordered list marker: up to 9 digits and `.` or `)` ending the word.
            '.' | ')'
                if (line_start || line_digits > 0)
                    && i == digits
                    && (1..=9).contains(&(digits + line_digits))
                    && i + 1 == bytes.len() =>
            {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
}

/// A link or image destination: `<…>` when it holds spaces or is empty, otherwise bare with
/// `(`, `)`, `\` and `|` escaped (a pipe would end a GFM table cell). Line breaks are removed
/// (URL parsing removes them too).
///
/// Every `&` is written `&amp;`: a renderer decodes character references in destinations
/// (as CommonMark says), and cmark and cmark-gfm decode them *before* they remove backslash
/// escapes, so `\&colon;` would still become `:` there (and `javascript\&colon;…` a live
/// `javascript:` link). `&amp;` decodes to exactly one `&` in every renderer, so each renderer
/// reads back the URL we were given. (`%26` would be read literally too, but it changes what
/// the URL means: `?a=1%26b=2` is one query parameter, `?a=1&b=2` two.)
#[cfg(test)]
pub(crate) fn destination(url: &str) -> String {
    let mut out = String::new();
    destination_into(&mut out, url);
    out
}

/// [`destination`] appended to `out`.
pub(crate) fn destination_into(out: &mut String, url: &str) {
    // One pass without early exit (it unrolls): which kinds of bytes there are.
    let kinds = url.bytes().fold(0, |k, b| k | CLASS[b as usize]);
    // Most URLs need nothing.
    if !url.is_empty() && kinds & (DEST | DEST_SPACE) == 0 {
        out.push_str(url);
        return;
    }
    if !url.is_empty() && kinds & (DEST_SPACE | C2) == 0 {
        // Only `(`, `)`, `<`, `>`, `\\`, `|` or `&` (queries): not bracketed, nothing removed.
        destination_bare(out, url);
        return;
    }
    let url: Cow<'_, str> = if url.bytes().any(|b| matches!(b, b'\n' | b'\r' | b'\t')) {
        Cow::Owned(
            url.chars()
                .filter(|c| !matches!(c, '\n' | '\r' | '\t'))
                .collect(),
        )
    } else {
        Cow::Borrowed(url)
    };
    let b = url.as_bytes();
    // The length of the control character (Unicode `Cc`: C0, DEL and C1) at `i`, if any.
    let control = |i: usize| -> usize {
        match b[i] {
            0..=0x1F | 0x7F => 1,
            0xC2 if b.get(i + 1).is_some_and(|c| (0x80..=0x9F).contains(c)) => 2,
            _ => 0,
        }
    };
    let bracket = b.is_empty() || (0..b.len()).any(|i| b[i] == b' ' || control(i) > 0);
    out.reserve(b.len() + 2);
    if bracket {
        out.push('<');
    }
    // `url[run..i]` is copied as it is.
    let mut run = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if CLASS[c as usize] & (DEST | DEST_SPACE | C2) == 0 {
            i += 1;
            continue;
        }
        let (replacement, len) = match c {
            b'<' => ("\\<", 1),
            b'>' => ("\\>", 1),
            b'(' if !bracket => ("\\(", 1),
            b')' if !bracket => ("\\)", 1),
            b'\\' => ("\\\\", 1),
            b'|' => ("\\|", 1),
            b'&' => ("&amp;", 1),
            _ => match control(i) {
                0 => {
                    i += 1;
                    continue;
                }
                n => (" ", n),
            },
        };
        out.push_str(&url[run..i]);
        out.push_str(replacement);
        i += len;
        run = i;
    }
    out.push_str(&url[run..]);
    if bracket {
        out.push('>');
    }
}

/// [`destination_into`] of a URL without spaces, controls or line breaks: `(`, `)`, `<`, `>`,
/// `\\` and `|` escaped, `&` written `&amp;`.
fn destination_bare(out: &mut String, url: &str) {
    let b = url.as_bytes();
    out.reserve(b.len() + 8);
    let mut run = 0;
    for (i, &c) in b.iter().enumerate() {
        if CLASS[c as usize] & DEST == 0 {
            continue;
        }
        out.push_str(&url[run..i]);
        if c == b'&' {
            out.push_str("&amp;");
            run = i + 1;
        } else {
            out.push('\\');
            run = i;
        }
    }
    out.push_str(&url[run..]);
}

/// The longest run of `c` in `s`.
pub(crate) fn longest_run(s: &str, c: u8) -> usize {
    let mut best = 0;
    let mut run = 0;
    for &b in s.as_bytes() {
        if b == c {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best
}

/// A code span holding `content` exactly: a backtick string one longer than the longest run
/// inside, padded with a space when the content begins or ends with a backtick or a space.
/// In a table cell, pipes are escaped (GFM removes that escape before code spans are parsed).
/// (The renderer writes its code spans in place by this rule.)
#[cfg(test)]
pub(crate) fn code_span(content: &str, in_cell: bool) -> String {
    let n = longest_run(content, b'`') + 1;
    let pad = content.starts_with(['`', ' ']) || content.ends_with(['`', ' ']);
    let mut out = String::with_capacity(content.len() + 2 * n + 2);
    out.extend(std::iter::repeat_n('`', n));
    if pad {
        out.push(' ');
    }
    if in_cell {
        out.push_str(&content.replace('|', "\\|"));
    } else {
        out.push_str(content);
    }
    if pad {
        out.push(' ');
    }
    out.extend(std::iter::repeat_n('`', n));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &str, line_start: bool) -> String {
        let mut o = String::new();
        text(&mut o, s, line_start);
        o
    }

    #[test]
    fn escapes() {
        assert_eq!(esc("a*b", false), "a\\*b");
        assert_eq!(esc("snake_case", false), "snake_case");
        assert_eq!(esc("_x_", false), "\\_x\\_");
        assert_eq!(esc("#1", true), "#1");
        assert_eq!(esc("##", true), "\\##");
        assert_eq!(esc("-", true), "\\-");
        assert_eq!(esc("-5", true), "-5");
        assert_eq!(esc("1.5", true), "1.5");
        assert_eq!(esc("#1", false), "#1");
        assert_eq!(esc("2024.", true), "2024\\.");
        assert_eq!(esc("2024.", false), "2024.");
        assert_eq!(esc("&amp;", false), "\\&amp;");
        assert_eq!(esc("AT&T", false), "AT&T");
    }

    /// The character-by-character statement of [`destination`].
    fn destination_by_chars(url: &str) -> String {
        if !url.is_empty()
            && !url.bytes().any(|b| {
                b <= b' ' || matches!(b, b'<' | b'>' | b'(' | b')' | b'\\' | b'&' | b'|' | 0x7F)
            })
        {
            return url.to_owned();
        }
        let url: String = url
            .chars()
            .filter(|c| !matches!(c, '\n' | '\r' | '\t'))
            .collect();
        let bracket = url.is_empty() || url.chars().any(|c| c == ' ' || c.is_control());
        let mut out = String::new();
        if bracket {
            out.push('<');
        }
        for c in url.chars() {
            match c {
                '<' | '>' => {
                    out.push('\\');
                    out.push(c);
                }
                '(' | ')' if !bracket => {
                    out.push('\\');
                    out.push(c);
                }
                '\\' => out.push_str("\\\\"),
                '|' => out.push_str("\\|"),
                '&' => out.push_str("&amp;"),
                c if c.is_control() => out.push(' '),
                _ => out.push(c),
            }
        }
        if bracket {
            out.push('>');
        }
        out
    }

    #[test]
    fn destinations_byte_scan_matches_chars() {
        for url in [
            "",
            "http://h/a?b=1&c=2",
            "a&amp;b",
            "x\u{85}y",
            "x\u{85}y z",
            "a(\u{85}",
            "a(\u{a0}",
            "a&amp;(b)\\<c>",
            "javascript&colon;alert(1)",
            "a|b",
            "a|b c&d",
            "&&#x6A;&",
            "&",
            "x\u{9f}\u{a0}\u{c2}é",
            "a\tb\nc\rd",
            "a b(c)<d>\\e",
            "(x)\u{7f}\u{1}",
            "\u{80}",
            "é&#x1F;",
            "\n",
        ] {
            assert_eq!(destination(url), destination_by_chars(url), "{url:?}");
        }
    }

    #[test]
    fn words_without_specials_as_the_general_rule() {
        let words = [
            "a",
            ">",
            ">a",
            "#",
            "##",
            "#######",
            "#a",
            "+",
            "++",
            "-",
            "---",
            "-a",
            "=",
            "==",
            "1.",
            "1)",
            "12.",
            "1234567890.",
            "123456789.",
            "1.5",
            ".",
            ")",
            "a.",
            "2024.",
            "é",
            "1é.",
            "0.",
        ];
        for w in words {
            for line_start in [false, true] {
                for line_digits in [0, 1, 5, 8, 9] {
                    let mut a = String::from("x");
                    text_after_digits(&mut a, w, line_start, line_digits);
                    let mut b = String::from("x");
                    text_chars(&mut b, w, line_start, line_digits);
                    assert_eq!(a, b, "{w:?} {line_start} {line_digits}");
                }
            }
        }
    }

    #[test]
    fn destinations_and_spans() {
        assert_eq!(destination("http://h/a(b)"), "http://h/a\\(b\\)");
        assert_eq!(destination("a b"), "<a b>");
        assert_eq!(destination(""), "<>");
        assert_eq!(code_span("a`b", false), "``a`b``");
        assert_eq!(code_span("`a", false), "`` `a ``");
        assert_eq!(code_span("a|b", true), "`a\\|b`");
    }
}
