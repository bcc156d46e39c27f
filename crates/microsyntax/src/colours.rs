//! 2.3.6 Colours: simple colours (parsing, validity, serialization) and the rules for parsing a
//! legacy colour value (with the CSS named colours).
//!
//! ```
//! use websyntax_microsyntax::colours::*;
//! let c: SimpleColor = "#FF8000".parse().unwrap();
//! assert_eq!(c.to_string(), "#ff8000");
//! assert_eq!(parse_legacy_color("chucknorris").unwrap().to_string(), "#c00000");
//! assert_eq!(parse_legacy_color(" Crimson ").unwrap().to_string(), "#dc143c");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, err};
use crate::idioms::strip_ascii_whitespace;
use crate::named_colours::NAMED_COLOURS;

/// A simple colour: red, green and blue 8-bit components in the sRGB colour space.
/// `Display` is the rules for serializing simple color values (lowercase `#rrggbb`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SimpleColor {
    /// Red.
    pub red: u8,
    /// Green.
    pub green: u8,
    /// Blue.
    pub blue: u8,
}

impl SimpleColor {
    /// A colour from its components.
    pub const fn new(red: u8, green: u8, blue: u8) -> Self {
        SimpleColor { red, green, blue }
    }
}

impl fmt::Display for SimpleColor {
    // The rules for serializing simple color values: "#", then each component as two lowercase
    // hex digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.red, self.green, self.blue)
    }
}

fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}

/// The rules for parsing simple color values: exactly `#` and six ASCII hex digits (either
/// case).
///
/// ```
/// use websyntax_microsyntax::colours::parse_simple_color;
/// assert_eq!(parse_simple_color("#0F0F0F").unwrap().green, 15);
/// assert!(parse_simple_color("#fff").is_err());
/// ```
pub fn parse_simple_color(input: &str) -> Result<SimpleColor, Error> {
    let b = input.as_bytes();
    // 2. Exactly seven characters (all must be ASCII to pass step 4, so bytes suffice).
    if input.chars().count() != 7 {
        return err(ErrorKind::Length { required: 7 }, 0);
    }
    // 3. "#".
    if b[0] != b'#' {
        return err(ErrorKind::Expected('#'), 0);
    }
    // 4. Six hex digits.
    if let Some(i) = b[1..].iter().position(|c| !c.is_ascii_hexdigit()) {
        return err(ErrorKind::ExpectedOneOf("an ASCII hex digit"), i + 1);
    }
    // 5-9. Components.
    let pair = |i: usize| hex_value(b[i]) * 16 + hex_value(b[i + 1]);
    Ok(SimpleColor::new(pair(1), pair(3), pair(5)))
}

impl FromStr for SimpleColor {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        parse_simple_color(s)
    }
}

/// Whether `input` is a valid simple colour (`#` and six ASCII hex digits).
pub fn is_valid_simple_color(input: &str) -> bool {
    parse_simple_color(input).is_ok()
}

/// Whether `input` is a valid lowercase simple colour (no `A`-`F`).
///
/// ```
/// use websyntax_microsyntax::colours::is_valid_lowercase_simple_color;
/// assert!(is_valid_lowercase_simple_color("#00ff7f"));
/// assert!(!is_valid_lowercase_simple_color("#00FF7F"));
/// ```
pub fn is_valid_lowercase_simple_color(input: &str) -> bool {
    is_valid_simple_color(input) && !input.bytes().any(|b| (b'A'..=b'F').contains(&b))
}

/// Looks up a CSS named colour, ASCII case-insensitively.
///
/// ```
/// use websyntax_microsyntax::colours::named_color;
/// assert_eq!(named_color("RebeccaPurple").unwrap().to_string(), "#663399");
/// assert_eq!(named_color("transparent"), None);
/// ```
pub fn named_color(name: &str) -> Option<SimpleColor> {
    // Compare ASCII-lowercased bytes without allocating (the table is sorted by lowercase name).
    let key = name.as_bytes();
    NAMED_COLOURS
        .binary_search_by(|(n, _)| n.bytes().cmp(key.iter().map(|b| b.to_ascii_lowercase())))
        .ok()
        .map(|i| {
            let [r, g, b] = NAMED_COLOURS[i].1;
            SimpleColor::new(r, g, b)
        })
}

/// The rules for parsing a legacy colour value (2.3.6), used by obsolete attributes such as
/// `bgcolor`. Only the empty string and `transparent` are errors; every other string gives a
/// colour.
///
/// ```
/// use websyntax_microsyntax::colours::parse_legacy_color;
/// assert_eq!(parse_legacy_color("#abc").unwrap().to_string(), "#aabbcc");
/// assert_eq!(parse_legacy_color("#1234567890").unwrap().to_string(), "#125690");
/// assert!(parse_legacy_color("TRANSPARENT").is_err());
/// ```
pub fn parse_legacy_color(input: &str) -> Result<SimpleColor, Error> {
    // 2. Empty: error.
    if input.is_empty() {
        return err(ErrorKind::Empty, 0);
    }
    // 3. Strip leading and trailing ASCII whitespace.
    let stripped = strip_ascii_whitespace(input);
    let at = stripped.as_ptr() as usize - input.as_ptr() as usize;
    // 4. "transparent": error.
    if stripped.eq_ignore_ascii_case("transparent") {
        return err(ErrorKind::Transparent, at);
    }
    // 5. A named colour.
    if let Some(c) = named_color(stripped) {
        return Ok(c);
    }
    // 6. "#" and three hex digits (four code points): each digit × 17.
    let b = stripped.as_bytes();
    if b.len() == 4 && b[0] == b'#' && b[1..].iter().all(u8::is_ascii_hexdigit) {
        return Ok(SimpleColor::new(
            hex_value(b[1]) * 17,
            hex_value(b[2]) * 17,
            hex_value(b[3]) * 17,
        ));
    }
    // 7. Code points above U+FFFF become "00". 8. Keep the first 128 code points.
    //    (Other non-ASCII code points become a placeholder that step 10 turns into "0".)
    let mut s: Vec<u8> = Vec::with_capacity(128);
    for ch in stripped.chars() {
        if s.len() >= 128 {
            break;
        }
        if u32::from(ch) > 0xFFFF {
            s.push(b'0');
            s.push(b'0');
        } else if ch.is_ascii() {
            s.push(ch as u8);
        } else {
            s.push(b'g');
        }
    }
    s.truncate(128);
    // 9. Drop a leading "#".
    if s.first() == Some(&b'#') {
        s.remove(0);
    }
    // 10. Non-hex characters become "0".
    for c in &mut s {
        if !c.is_ascii_hexdigit() {
            *c = b'0';
        }
    }
    // 11. Pad with "0" to a non-zero multiple of three.
    while s.is_empty() || !s.len().is_multiple_of(3) {
        s.push(b'0');
    }
    // 12. Three components of equal length.
    let mut length = s.len() / 3;
    let mut comps: [&[u8]; 3] = [&s[..length], &s[length..2 * length], &s[2 * length..]];
    // 13. Longer than 8: keep the last 8 of each.
    if length > 8 {
        for comp in &mut comps {
            *comp = &comp[length - 8..];
        }
        length = 8;
    }
    // 14. Drop leading zeros common to all components while longer than 2.
    while length > 2 && comps.iter().all(|comp| comp[0] == b'0') {
        for comp in &mut comps {
            *comp = &comp[1..];
        }
        length -= 1;
    }
    // 15. Still longer than 2: keep the first two characters.
    if length > 2 {
        for comp in &mut comps {
            *comp = &comp[..2];
        }
    }
    // 16-20. Interpret each component as a hexadecimal number.
    let value = |comp: &[u8]| comp.iter().fold(0u8, |acc, &d| acc * 16 + hex_value(d));
    Ok(SimpleColor::new(
        value(comps[0]),
        value(comps[1]),
        value(comps[2]),
    ))
}
