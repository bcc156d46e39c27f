//! Links and images whose URL could run script when the Markdown is rendered to HTML: the
//! `javascript:` and `vbscript:` schemes, and `data:` (in a link it can be a whole HTML
//! document; in an image only `data:image/*`, which an `img` shows as a picture and never runs
//! script in, even SVG, is kept).
//!
//! The test is on the string the renderer gets (the URL as written, before Markdown escaping),
//! read as a browser's URL parser reads an `href` (URL Standard, basic URL parser): leading C0
//! controls and spaces are stripped, tabs and newlines are removed anywhere, and the scheme is
//! ASCII case-insensitive. It is stricter than the parser in two ways, on purpose: any leading
//! Unicode whitespace, control or BOM is stripped too (markdown-it trims destinations with
//! JavaScript's `trim`, which removes them), and a dangerous scheme counts whatever follows it
//! (even where the URL would not parse: a renderer's percent-encoding could make it parse).

/// Whether `url` (a link's `href` or an image's source, as it is to be written) is a
/// `javascript:`, `vbscript:` or `data:` URL (for an image, `data:` other than `data:image/*`).
pub(crate) fn runs_script(url: &str, image: bool) -> bool {
    // The first bytes decide: skip what the URL parser (or a trimming renderer) strips at the
    // start. Non-ASCII is rare here: only then are characters decoded.
    let b = url.as_bytes();
    // Most URLs start with a character that begins none of the three schemes and is not
    // stripped (`h` of `https:`, `/`, `#`): decided by the first byte.
    if let Some(&c) = b.first()
        && c > b' '
        && c < 0x7F
        && !matches!(c | 0x20, b'j' | b'v' | b'd')
    {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c <= b' ' || c == 0x7F {
            i += 1;
        } else if c >= 0x80 {
            match url[i..].chars().next() {
                Some(ch) if ch.is_whitespace() || ch.is_control() || ch == '\u{FEFF}' => {
                    i += ch.len_utf8();
                }
                _ => return false,
            }
        } else {
            break;
        }
    }
    // The scheme, tabs and newlines removed (at most "javascript:" is compared).
    let mut scheme = [0u8; 11];
    let mut n = 0;
    while i < b.len() && n < scheme.len() {
        let c = b[i];
        i += 1;
        if matches!(c, b'\t' | b'\n' | b'\r') {
            continue;
        }
        scheme[n] = c.to_ascii_lowercase();
        n += 1;
        if c == b':' {
            break;
        }
    }
    match &scheme[..n] {
        b"javascript:" | b"vbscript:" => true,
        b"data:" => !image || !is_image_type(&b[i..]),
        _ => false,
    }
}

/// Whether the rest of a `data:` URL (after the colon) starts with an `image/` MIME type (the
/// data: URL processor strips ASCII whitespace around the type; tabs and newlines are gone
/// already in the URL parser).
fn is_image_type(rest: &[u8]) -> bool {
    const WANT: &[u8] = b"image/";
    let mut k = 0;
    for &c in rest {
        if k == 0 && matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0C) {
            continue;
        }
        if matches!(c, b'\t' | b'\n' | b'\r') {
            continue;
        }
        if c.to_ascii_lowercase() != WANT[k] {
            return false;
        }
        k += 1;
        if k == WANT.len() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::runs_script;

    #[test]
    fn schemes() {
        for (url, link, image) in [
            ("javascript:alert(1)", true, true),
            ("JaVaScRiPt:alert(1)", true, true),
            (" \u{1}\u{1f}javascript:x", true, true),
            ("java\tscr\nipt:x", true, true),
            ("\u{a0}\u{feff}\u{2028}javascript:x", true, true),
            ("vbscript:msgbox(1)", true, true),
            ("VBScript:x", true, true),
            ("data:text/html,<script>alert(1)</script>", true, true),
            ("data:image/png;base64,AAAA", true, false),
            ("data: IMAGE/svg+xml,<svg/onload=alert(1)>", true, false),
            ("data:\timage/gif,x", true, false),
            ("data:imag", true, true),
            ("data:,x", true, true),
            ("javascript://[bad", true, true),
            ("javascript", false, false),
            ("javascript&colon;x", false, false),
            ("java script:x", false, false),
            ("java\u{1}script:x", false, false),
            ("%6Aavascript:x", false, false),
            ("https://h/javascript:x", false, false),
            ("/javascript:x", false, false),
            ("é javascript:x", false, false),
            ("", false, false),
            ("\u{a0}", false, false),
            ("http://h/?data:text/html", false, false),
        ] {
            assert_eq!(runs_script(url, false), link, "link {url:?}");
            assert_eq!(runs_script(url, true), image, "image {url:?}");
        }
    }
}
