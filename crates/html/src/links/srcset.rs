//! HTML's "parse a srcset attribute" (§4.8.4.3.10), with the "valid floating-point number"
//! check (§2.3.4.3) its descriptor parser uses. [`parse_srcset`] is re-exported as
//! `links::parse_srcset`; `Document::links` lists one link per candidate.

/// One image candidate of a `srcset` attribute, as HTML's "parse a srcset attribute" returns
/// it.
///
/// ```
/// use websyntax_html::links::parse_srcset;
/// let c = &parse_srcset("wolf-800.jpg 800w")[0];
/// assert_eq!((c.url, c.offset, c.width), ("wolf-800.jpg", 0, Some(800)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImageCandidate<'a> {
    /// The candidate's URL string.
    pub url: &'a str,
    /// Byte offset of `url` in the attribute value.
    pub offset: usize,
    /// The width descriptor (`800w`).
    pub width: Option<u64>,
    /// The pixel density descriptor (`1.5x`).
    pub density: Option<f64>,
    /// The future-compatible height descriptor (`600h`).
    pub height: Option<u64>,
}

fn is_ascii_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// HTML's "parse a srcset attribute" (§4.8.4.3.10): the image candidates of `input`, in order.
/// A candidate whose descriptors are in error (e.g. `2x 3x`, `0w`, `1h` without a width) is
/// dropped, as the algorithm says; no default density is filled in (`density` and `width` are
/// both `None` when the candidate had no descriptor).
///
/// ```
/// use websyntax_html::links::parse_srcset;
/// let c = parse_srcset("a.png, b.png 2x, c.png 1x 2x, data:x,y 1.5x");
/// let urls: Vec<&str> = c.iter().map(|c| c.url).collect();
/// assert_eq!(urls, ["a.png", "b.png", "data:x,y"]);
/// assert_eq!(c[1].density, Some(2.0));
/// ```
pub fn parse_srcset(input: &str) -> Vec<ImageCandidate<'_>> {
    let mut candidates = Vec::new();
    srcset_candidates(input, &mut Vec::new(), |c| candidates.push(c));
    candidates
}

/// [`parse_srcset`], handing each candidate to `f`; `descriptors` is scratch space (the
/// descriptor spans of one candidate), reused across calls.
pub(super) fn srcset_candidates<'a>(
    input: &'a str,
    descriptors: &mut Vec<(usize, usize)>,
    mut f: impl FnMut(ImageCandidate<'a>),
) {
    let bytes = input.as_bytes();
    let mut position = 0;
    loop {
        // 4. Splitting loop: skip ASCII whitespace and commas.
        while position < bytes.len() && (is_ascii_ws(bytes[position]) || bytes[position] == b',') {
            position += 1;
        }
        // 5. End of input: return the candidates.
        if position >= bytes.len() {
            return;
        }
        // 6. The URL: a run of non-whitespace.
        let url_start = position;
        while position < bytes.len() && !is_ascii_ws(bytes[position]) {
            position += 1;
        }
        let mut url_end = position;
        descriptors.clear();
        // 8. A URL ending with commas: strip them, no descriptors.
        if bytes[url_end - 1] == b',' {
            while url_end > url_start && bytes[url_end - 1] == b',' {
                url_end -= 1;
            }
        } else {
            // 8.1 Descriptor tokenizer.
            tokenize_descriptors(bytes, &mut position, descriptors);
        }
        let url = &input[url_start..url_end];
        // 9-13. Descriptor parser.
        if let Some(c) = parse_descriptors(input, url, url_start, descriptors) {
            f(c);
        }
    }
}

fn tokenize_descriptors(bytes: &[u8], position: &mut usize, descriptors: &mut Vec<(usize, usize)>) {
    #[derive(PartialEq)]
    enum State {
        InDescriptor,
        InParens,
        AfterDescriptor,
    }
    // Skip whitespace.
    while *position < bytes.len() && is_ascii_ws(bytes[*position]) {
        *position += 1;
    }
    // The current descriptor as a span; empty when start == end.
    let mut start = *position;
    let mut state = State::InDescriptor;
    loop {
        let c = bytes.get(*position).copied();
        match state {
            State::InDescriptor => match c {
                Some(b) if is_ascii_ws(b) => {
                    if *position > start {
                        descriptors.push((start, *position));
                    }
                    state = State::AfterDescriptor;
                }
                Some(b',') => {
                    if *position > start {
                        descriptors.push((start, *position));
                    }
                    *position += 1;
                    return;
                }
                Some(b'(') => state = State::InParens,
                None => {
                    if *position > start {
                        descriptors.push((start, *position));
                    }
                    return;
                }
                Some(_) => {}
            },
            State::InParens => match c {
                Some(b')') => state = State::InDescriptor,
                None => {
                    descriptors.push((start, *position));
                    return;
                }
                Some(_) => {}
            },
            State::AfterDescriptor => match c {
                Some(b) if is_ascii_ws(b) => {}
                None => return,
                Some(_) => {
                    state = State::InDescriptor;
                    start = *position;
                    continue; // reconsume
                }
            },
        }
        *position += 1;
        if state == State::AfterDescriptor {
            start = *position;
        }
    }
}

fn parse_descriptors<'a>(
    input: &'a str,
    url: &'a str,
    offset: usize,
    descriptors: &[(usize, usize)],
) -> Option<ImageCandidate<'a>> {
    let mut width = None;
    let mut density = None;
    let mut height = None;
    for &(s, e) in descriptors {
        let d = &input[s..e];
        // The descriptor's last character must be ASCII to split it off.
        let last = d.as_bytes()[d.len() - 1];
        if !last.is_ascii() {
            return None;
        }
        let num = &d[..d.len() - 1];
        match last {
            // A valid non-negative integer followed by "w".
            b'w' if is_valid_non_negative_integer(num) => {
                if width.is_some() || density.is_some() {
                    return None;
                }
                match num.parse::<u64>() {
                    Ok(n) if n > 0 => width = Some(n),
                    _ => return None,
                }
            }
            // A valid floating-point number followed by "x".
            b'x' if is_valid_float(num) => {
                if width.is_some() || density.is_some() || height.is_some() {
                    return None;
                }
                // The rules for parsing floating-point number values (§2.3.4.3): the closest
                // double, an error beyond its range (infinite), never −0 (step 15's set S).
                match num.parse::<f64>() {
                    Ok(n) if n.is_finite() && n >= 0.0 => {
                        density = Some(if n == 0.0 { 0.0 } else { n });
                    }
                    _ => return None,
                }
            }
            // A valid non-negative integer followed by "h".
            b'h' if is_valid_non_negative_integer(num) => {
                if height.is_some() || density.is_some() {
                    return None;
                }
                match num.parse::<u64>() {
                    Ok(n) if n > 0 => height = Some(n),
                    _ => return None,
                }
            }
            _ => return None,
        }
    }
    // 11. A height without a width is an error.
    if height.is_some() && width.is_none() {
        return None;
    }
    Some(ImageCandidate {
        url,
        offset,
        width,
        density,
        height,
    })
}

/// §2.3.4.1: one or more ASCII digits.
fn is_valid_non_negative_integer(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// §2.3.4.3 "valid floating-point number", as the srcset descriptor parser checks it:
/// optionally `-`; then one or both, in this order, of a run of ASCII digits and a `.`
/// followed by a run of ASCII digits (so `.5` is valid, `1.` is not); then optionally `e` or
/// `E`, an optional `-` or `+`, and a run of ASCII digits. The same grammar as
/// `websyntax_microsyntax::numbers::is_valid_float`, which this crate does not depend on.
fn is_valid_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    // 1. Optionally "-".
    if b.first() == Some(&b'-') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    // 2. Integer digits and/or "." and fraction digits.
    let int_digits = digits(&mut i);
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    } else if !int_digits {
        return false;
    }
    // 3. Optional exponent.
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(s: &str) -> Vec<&str> {
        parse_srcset(s).into_iter().map(|c| c.url).collect()
    }

    #[test]
    fn srcset_spec_examples() {
        let c = parse_srcset("/uploads/150-marie-lloyd.jpg 1.5x, /uploads/200-marie-lloyd.jpg 2x");
        assert_eq!(
            urls("/uploads/150-marie-lloyd.jpg 1.5x, /uploads/200-marie-lloyd.jpg 2x"),
            [
                "/uploads/150-marie-lloyd.jpg",
                "/uploads/200-marie-lloyd.jpg"
            ]
        );
        assert_eq!(c[0].density, Some(1.5));
        assert_eq!(c[1].density, Some(2.0));
        assert_eq!(c[1].offset, 35);
        let c = parse_srcset("wolf-400.jpg 400w, wolf-800.jpg 800w, wolf-1600.jpg 1600w");
        let w: Vec<_> = c.iter().map(|c| c.width).collect();
        assert_eq!(w, [Some(400), Some(800), Some(1600)]);
        assert_eq!(
            urls("images/examples/640x480.png 640w, images/examples/1280x960.png 1280w"),
            [
                "images/examples/640x480.png",
                "images/examples/1280x960.png"
            ]
        );
        // A URL may contain commas; only trailing ones end it.
        assert_eq!(
            urls("data:image/png;base64,iVBORw0KGgo= 1x"),
            ["data:image/png;base64,iVBORw0KGgo="]
        );
        assert_eq!(urls("a.png,b.png 1x"), ["a.png,b.png"]);
        assert_eq!(urls("a.png, b.png"), ["a.png", "b.png"]);
        assert_eq!(urls("a.png,, b.png,"), ["a.png", "b.png"]);
    }

    #[test]
    fn srcset_descriptor_errors_drop_the_candidate() {
        assert_eq!(urls("a 1x 2x, b"), ["b"]);
        assert_eq!(urls("a 0w, b 100w"), ["b"]);
        assert_eq!(urls("a 100h, b 100w 100h"), ["b"]);
        assert_eq!(urls("a 1.x, b -1x, c -.5x, d 1e2x"), ["d"]);
        assert_eq!(urls("a 1e309x, b 1ex, c 1e+x, d 2., e"), ["e"]);
        assert_eq!(urls("a (1x, b) 2x, c"), ["c"]);
        assert_eq!(urls("a 2y"), Vec::<&str>::new());
        assert_eq!(urls("a 100w 2x"), Vec::<&str>::new());
        assert_eq!(urls("  \t,\n "), Vec::<&str>::new());
        assert_eq!(urls("a 1x(paren"), Vec::<&str>::new());
        assert_eq!(urls("a   1x  ,b"), ["a", "b"]);
        // −0 is not a value of the rules for parsing floating-point number values.
        let d = parse_srcset("a -0x")[0].density.unwrap();
        assert!(d == 0.0 && d.is_sign_positive());
    }

    /// §2.3.4.3: a valid floating-point number may start with "." ("one or both" of the
    /// integer digits and the "." fraction), but a "." must be followed by digits.
    #[test]
    fn srcset_density_may_start_with_a_full_stop() {
        let c = parse_srcset("a.png .5x, b.png 0.75x, c.png 1.x, d.png -.5x, e.png .5e1x");
        let got: Vec<(&str, Option<f64>)> = c.iter().map(|c| (c.url, c.density)).collect();
        assert_eq!(
            got,
            [
                ("a.png", Some(0.5)),
                ("b.png", Some(0.75)),
                ("e.png", Some(5.0))
            ]
        );
        assert!(is_valid_float(".5") && is_valid_float("-.5") && is_valid_float("1.5e-3"));
        for bad in ["", ".", "1.", "-", "+1", ".e1", "1e", "1.5.5", " 1"] {
            assert!(!is_valid_float(bad), "{bad:?}");
        }
    }
}
