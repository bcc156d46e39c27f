//! nh3's `clean_text` (`escape`) and `is_html`.

use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
use websyntax_html::{ParseError, Position};

/// nh3's `clean_text` without `tags`: every character that has a meaning to the HTML parser
/// in text or in any attribute value (quoted or not) written as a character reference, so the
/// result is text wherever it is put (not inside `script` or `style`).
///
/// ```
/// use websyntax_sanitize::compat::clean_text;
/// assert_eq!(clean_text("Robert\"); abuse();//"), "Robert&quot;);&#32;abuse();&#47;&#47;");
/// ```
pub fn clean_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for ch in text.chars() {
        let r = match ch {
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&apos;",
            '`' => "&grave;",
            '/' => "&#47;",
            '&' => "&amp;",
            '=' => "&#61;",
            ' ' => "&#32;",
            '\t' => "&#9;",
            '\n' => "&#10;",
            '\u{c}' => "&#12;",
            '\r' => "&#13;",
            '\0' => "&#65533;",
            _ => {
                out.push(ch);
                continue;
            }
        };
        out.push_str(r);
    }
    out
}

/// Notes whether the tokenizer met any markup.
#[derive(Default)]
struct Markup(bool);

impl TokenSink for Markup {
    fn process_token(&mut self, token: Token<'_>, _at: Position) -> SinkResult {
        if !matches!(token, Token::Characters(_) | Token::Eof) {
            self.0 = true;
        }
        SinkResult::Continue
    }

    fn parse_error(&mut self, _error: ParseError) {}
}

/// nh3's `is_html`: whether the HTML tokenizer (§13.2.5, from the data state) finds a tag, a
/// comment or a DOCTYPE in `text` (so `Vec::<u8>::new()` is HTML: `<u8>` is a start tag).
///
/// ```
/// use websyntax_sanitize::compat::is_html;
/// assert!(!is_html("plain text & more"));
/// assert!(is_html("<p>html!</p>"));
/// assert!(is_html("a </b> c"));
/// ```
pub fn is_html(text: &str) -> bool {
    let mut t = Tokenizer::new(Markup::default());
    t.feed(text);
    t.end();
    t.into_sink().0
}
