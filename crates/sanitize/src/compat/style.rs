//! nh3's `filter_style_properties`: a `style` attribute's declarations (CSS Syntax §5.4.5
//! "consume a list of declarations", simplified: split at the `;` outside strings, comments
//! and brackets) kept when their property is listed, written `name:value` and joined by `;`.

use std::collections::HashSet;

/// Keeps the declarations of `style` whose property (ASCII case-insensitively) is in
/// `properties`.
///
/// ```
/// use websyntax_sanitize::compat::filter_style;
/// let s = "color: red; position: fixed; font-size: var(--x); content: 'a;b'";
/// assert_eq!(filter_style(s, &["color", "font-size", "content"]), "color:red;font-size:var(--x);content:'a;b'");
/// ```
pub fn filter_style(style: &str, properties: &[&str]) -> String {
    let set: HashSet<String> = properties.iter().map(|p| p.to_ascii_lowercase()).collect();
    filter_with(style, &set)
}

/// [`filter_style`] with the (ASCII-lowercased) properties as a set.
pub(super) fn filter_with(style: &str, properties: &HashSet<String>) -> String {
    let mut out: Vec<String> = Vec::new();
    for decl in declarations(style) {
        let Some((name, value)) = split_declaration(&decl) else {
            continue;
        };
        if properties.contains(&name) {
            out.push(format!("{name}:{value}"));
        }
    }
    out.join(";")
}

/// The declarations of a declaration list, comments removed, split at the top-level `;`.
fn declarations(style: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth: Vec<char> = Vec::new();
    let mut chars = style.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = '\0';
                for c in chars.by_ref() {
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                cur.push(' ');
            }
            '"' | '\'' => {
                cur.push(ch);
                while let Some(c) = chars.next() {
                    cur.push(c);
                    if c == '\\' {
                        if let Some(e) = chars.next() {
                            cur.push(e);
                        }
                    } else if c == ch || c == '\n' {
                        break;
                    }
                }
            }
            '\\' => {
                cur.push(ch);
                if let Some(e) = chars.next() {
                    cur.push(e);
                }
            }
            '(' | '[' | '{' => {
                depth.push(match ch {
                    '(' => ')',
                    '[' => ']',
                    _ => '}',
                });
                cur.push(ch);
            }
            ')' | ']' | '}' => {
                if depth.last() == Some(&ch) {
                    depth.pop();
                }
                cur.push(ch);
            }
            ';' if depth.is_empty() => out.push(std::mem::take(&mut cur)),
            _ => cur.push(ch),
        }
    }
    out.push(cur);
    out
}

/// A declaration's property name (ASCII-lowercased; an identifier) and value (trimmed, not
/// empty), or `None`.
fn split_declaration(decl: &str) -> Option<(String, String)> {
    let (name, value) = decl.split_once(':')?;
    let name = name.trim_matches(|c: char| c.is_ascii_whitespace());
    let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
    let ident = name.chars().enumerate().all(|(i, c)| {
        c.is_ascii_alphabetic()
            || c == '-'
            || c == '_'
            || !c.is_ascii()
            || (i > 0 && c.is_ascii_digit())
    });
    if name.is_empty() || !ident || value.is_empty() {
        return None;
    }
    Some((name.to_ascii_lowercase(), value.to_owned()))
}
