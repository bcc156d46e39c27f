//! Category `parse`: every tokenizer and tree-construction parse error, with a message that
//! names the token (`</div>`, `<td>`, text, end of file) read from the source.

use std::collections::HashMap;
use std::ops::Range;

use websyntax_html::{NodeId, Span};

use crate::{Category, Cx, Diagnostic, Severity, closed_open_element, quote};

/// Parse errors the tree builder reports once per character of text: a run of them is one
/// diagnostic whose message quotes the run.
const PER_CHARACTER: &[&str] = &[
    "unexpected-character-in-table",
    "unexpected-character-in-frameset",
    "unexpected-character-in-column-group",
];

/// A group of parse errors of one code being built.
struct Run {
    /// The diagnostic's index in `cx.out`.
    index: usize,
    /// The text range the run covers so far.
    range: Range<usize>,
    /// The text range of its first error.
    first: Range<usize>,
    count: usize,
}

/// Whether errors of `code` are about one character (so that a run of them on consecutive
/// characters is one finding repeated, whatever the characters).
fn per_character(code: &str) -> bool {
    is_tokenizer_code(code) || PER_CHARACTER.contains(&code) || code.contains("character")
}

/// Reports every parse error (§13.2.2), grouped: errors of one code on consecutive (or the
/// same) characters, or on a repeat of the same token right after it, are one diagnostic
/// whose count says how many and whose span covers them all. An `eof-*` error also points
/// at where the unclosed construct began (see `eof`).
pub(crate) fn check(cx: &mut Cx<'_, '_>) {
    let text = cx.source.text();
    // Elements by the text offset of their start tag, built when first needed.
    let mut starts: Option<Vec<(usize, NodeId)>> = None;
    let mut runs: HashMap<&'static str, Run> = HashMap::new();
    for e in cx.doc.errors() {
        if !cx.filter.allows(Category::Parse, e.code, Severity::Error) {
            continue;
        }
        let at = cx.source.byte_to_text(e.span.start);
        let range = at..cx.source.byte_to_text(e.span.end).max(at);
        if let Some(run) = runs.get_mut(e.code)
            && range.start >= run.range.start
            && range.start <= run.range.end
            && (per_character(e.code) || text.get(range.clone()) == text.get(run.first.clone()))
        {
            run.range.end = run.range.end.max(range.end);
            run.count += 1;
            continue;
        }
        let mut message = message(text, e.code, at);
        if let Some(open) = closed_open_element(cx, &mut starts, e.code, at) {
            message = open;
        }
        let related = if e.code.starts_with("eof-") {
            crate::eof::related(cx, e.code)
        } else {
            None
        };
        let run = Run {
            index: cx.out.len(),
            range: range.clone(),
            first: range.clone(),
            count: 1,
        };
        if let Some(done) = runs.insert(e.code, run) {
            finish_run(cx, e.code, &done);
        }
        cx.out.push((
            (e.position.offset, 1),
            Diagnostic {
                category: Category::Parse,
                code: e.code,
                severity: Severity::Error,
                message,
                span: Some(Span::new(
                    cx.source.text_to_byte(range.start),
                    cx.source.text_to_byte(range.end),
                )),
                line: e.position.line,
                col: e.position.column,
                count: 1,
                related,
            },
        ));
    }
    for (code, run) in runs {
        finish_run(cx, code, &run);
    }
}

/// Characters of a run of text quoted in a message, at most.
const QUOTED_RUN: usize = 60;

/// Sets the count, span (and, for text, the message) of the diagnostic of a finished run.
fn finish_run(cx: &mut Cx<'_, '_>, code: &str, run: &Run) {
    if run.count == 1 {
        return;
    }
    let text = cx.source.text();
    let span = Span::new(
        cx.source.text_to_byte(run.range.start),
        cx.source.text_to_byte(run.range.end),
    );
    let message = PER_CHARACTER.contains(&code).then(|| {
        let run_text = text.get(run.range.clone()).unwrap_or_default();
        let shown = match run_text.char_indices().nth(QUOTED_RUN) {
            Some((k, _)) => format!("{}…", quote(&run_text[..k])),
            None => quote(run_text),
        };
        match code {
            "unexpected-character-in-table" => {
                format!("text {shown} directly inside a table (moved before the table)")
            }
            "unexpected-character-in-frameset" => format!("text {shown} in a frameset (ignored)"),
            _ => format!("text {shown} inside `<colgroup>`"),
        }
    });
    if let Some((_, d)) = cx.out.get_mut(run.index) {
        d.count = run.count;
        d.span = Some(span);
        if let Some(message) = message {
            d.message = message;
        }
    }
}

/// What the token at a text offset is, for messages: `` `<div>` ``, `` `</p>` ``,
/// `a comment`, `a DOCTYPE`, `text`, `the end of the file`.
pub(crate) fn describe_token(text: &str, at: usize) -> String {
    let t = text.as_bytes();
    let rest = t.get(at..).unwrap_or_default();
    if rest.is_empty() {
        return "the end of the file".to_owned();
    }
    if rest.starts_with(b"<!--") {
        return "a comment".to_owned();
    }
    if rest.len() >= 9 && rest[..9].eq_ignore_ascii_case(b"<!doctype") {
        return "a DOCTYPE".to_owned();
    }
    if let Some(name) = tag_name(rest) {
        let slash = if rest.get(1) == Some(&b'/') { "/" } else { "" };
        return format!("`<{slash}{name}>`");
    }
    let c = text.get(at..).and_then(|s| s.chars().next()).unwrap_or(' ');
    if c == '\0' {
        return "a NUL character".to_owned();
    }
    format!("text `{}`", c.escape_debug())
}

/// The lowercased name of the tag starting at `<` in `rest`, if it is a tag.
pub(crate) fn tag_name(rest: &[u8]) -> Option<String> {
    let start = if rest.starts_with(b"</") { 2 } else { 1 };
    if rest.first() != Some(&b'<') || !rest.get(start)?.is_ascii_alphabetic() {
        return None;
    }
    let name = rest[start..]
        .iter()
        .take_while(|&&b| !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/' | b'>'))
        .map(|b| b.to_ascii_lowercase() as char)
        .collect::<String>();
    Some(name)
}

/// Whether `code` is one of the tokenizer's codes (§13.2.2): its span is the offending
/// character; a tree-construction error's span is the whole token.
fn is_tokenizer_code(code: &str) -> bool {
    tokenizer_message(code).is_some()
}

fn tokenizer_message(code: &str) -> Option<&'static str> {
    Some(match code {
        "abrupt-closing-of-empty-comment" => "empty comment closed abruptly (`<!-->` or `<!--->`)",
        "abrupt-doctype-public-identifier" => "`>` inside the DOCTYPE's public identifier",
        "abrupt-doctype-system-identifier" => "`>` inside the DOCTYPE's system identifier",
        "absence-of-digits-in-numeric-character-reference" => {
            "numeric character reference without digits"
        }
        "cdata-in-html-content" => "`<![CDATA[` outside SVG or MathML (treated as a bogus comment)",
        "character-reference-outside-unicode-range" => {
            "numeric character reference beyond U+10FFFF (becomes U+FFFD)"
        }
        "control-character-in-input-stream" => "control character in the text",
        "control-character-reference" => "numeric character reference to a control character",
        "duplicate-attribute" => "duplicate attribute (the second one is dropped)",
        "end-tag-with-attributes" => "end tag with attributes",
        "end-tag-with-trailing-solidus" => "end tag with a trailing `/`",
        "eof-before-tag-name" => "the file ends right after `<` or `</`",
        "eof-in-cdata" => "the file ends inside a CDATA section",
        "eof-in-comment" => "the file ends inside a comment",
        "eof-in-doctype" => "the file ends inside the DOCTYPE",
        "eof-in-script-html-comment-like-text" => {
            "the file ends inside `<!--` in a script (the script swallows the rest)"
        }
        "eof-in-tag" => "the file ends inside a tag",
        "incorrectly-closed-comment" => "comment closed by `--!>` instead of `-->`",
        "incorrectly-opened-comment" => {
            "`<!` not followed by `--`, `DOCTYPE` or `[CDATA[` (treated as a bogus comment)"
        }
        "invalid-character-sequence-after-doctype-name" => {
            "expected `PUBLIC` or `SYSTEM` after the DOCTYPE name"
        }
        "invalid-first-character-of-tag-name" => {
            "`<` not followed by a tag name (write `&lt;` for a literal `<`)"
        }
        "missing-attribute-value" => "`=` without an attribute value",
        "missing-doctype-name" => "DOCTYPE without a name",
        "missing-doctype-public-identifier" => "`PUBLIC` without a public identifier",
        "missing-doctype-system-identifier" => "`SYSTEM` without a system identifier",
        "missing-end-tag-name" => "`</>` (ignored)",
        "missing-quote-before-doctype-public-identifier" => "unquoted DOCTYPE public identifier",
        "missing-quote-before-doctype-system-identifier" => "unquoted DOCTYPE system identifier",
        "missing-semicolon-after-character-reference" => "character reference without a `;`",
        "missing-whitespace-after-doctype-public-keyword" => "no space after `PUBLIC`",
        "missing-whitespace-after-doctype-system-keyword" => "no space after `SYSTEM`",
        "missing-whitespace-before-doctype-name" => "no space between `<!DOCTYPE` and its name",
        "missing-whitespace-between-attributes" => "no space between two attributes",
        "missing-whitespace-between-doctype-public-and-system-identifiers" => {
            "no space between the DOCTYPE's public and system identifiers"
        }
        "nested-comment" => "`<!--` inside a comment",
        "noncharacter-character-reference" => "numeric character reference to a noncharacter",
        "noncharacter-in-input-stream" => "noncharacter in the text",
        "null-character-reference" => "`&#0;` (becomes U+FFFD)",
        "surrogate-character-reference" => {
            "numeric character reference to a surrogate (becomes U+FFFD)"
        }
        "surrogate-in-input-stream" => "surrogate in the text",
        "unexpected-character-after-doctype-system-identifier" => {
            "unexpected character after the DOCTYPE's system identifier"
        }
        "unexpected-character-in-attribute-name" => "`\"`, `'` or `<` in an attribute name",
        "unexpected-character-in-unquoted-attribute-value" => {
            "`\"`, `'`, `<`, `=` or `` ` `` in an unquoted attribute value (quote the value)"
        }
        "unexpected-equals-sign-before-attribute-name" => "`=` before an attribute name",
        "unexpected-null-character" => "NUL character",
        "unexpected-question-mark-instead-of-tag-name" => {
            "`<?` (an XML processing instruction; treated as a bogus comment)"
        }
        "unexpected-solidus-in-tag" => "`/` inside a tag not followed by `>`",
        "unknown-named-character-reference" => "unknown named character reference",
        _ => return None,
    })
}

/// The human message of parse error `code` at text offset `at`.
pub(crate) fn message(text: &str, code: &str, at: usize) -> String {
    if let Some(m) = tokenizer_message(code) {
        return m.to_owned();
    }
    let t = describe_token(text, at);
    match code {
        "missing-doctype" => {
            format!("{t} before `<!DOCTYPE html>` (the page renders in quirks mode)")
        }
        "bad-doctype" => format!("{t} is not `<!DOCTYPE html>` (quirks or limited-quirks mode)"),
        "unexpected-doctype" => "a DOCTYPE after the start of the document (ignored)".to_owned(),
        "unexpected-end-tag-before-html" | "unexpected-end-tag-before-head" => {
            format!("stray end tag {t} before anything was opened (ignored)")
        }
        "unexpected-start-tag-in-head" | "unexpected-start-tag-head" => {
            format!("{t} inside or after the head (ignored)")
        }
        "unexpected-end-tag-in-head" | "unexpected-end-tag-after-head" => {
            format!("stray end tag {t} in the head (ignored)")
        }
        "unexpected-character-in-noscript"
        | "unexpected-start-tag-in-noscript"
        | "unexpected-end-tag-in-noscript"
        | "unexpected-token-in-noscript" => {
            format!("{t} is not allowed in a `<noscript>` in the head (it closes the noscript)")
        }
        "eof-in-noscript" => "the file ends inside `<noscript>`".to_owned(),
        "node-limit-reached" => {
            format!("the node limit was reached at {t}: the rest of the input was not parsed")
        }
        "clone-limit-reached" => format!(
            "the clone limit was reached at {t} (formatting elements reopened over and over): \
             the rest of the input was not parsed"
        ),
        "unexpected-start-tag-after-head" => {
            format!("{t} after `</head>` (moved into the head)")
        }
        "unexpected-start-tag-html" => {
            format!("a second {t} (its attributes are merged onto the first)")
        }
        "unexpected-start-tag-body" => {
            format!("a second {t} (its attributes are merged onto the first)")
        }
        "unexpected-start-tag-frameset" => format!("{t} inside the body (ignored)"),
        "eof-with-open-elements" => {
            "the file ends with elements still open (their end tags are missing)".to_owned()
        }
        "unexpected-end-tag-body" | "unexpected-end-tag-html" => {
            format!("{t} without an open body (ignored)")
        }
        "end-tag-body-with-open-elements" | "end-tag-html-with-open-elements" => {
            format!("{t} while other elements are still open")
        }
        "unexpected-character-after-body" | "unexpected-token-after-body" => {
            format!("{t} after `</body>` (moved into the body)")
        }
        "unexpected-token-after-after-body" => {
            format!("{t} after `</html>` (moved into the body)")
        }
        "eof-in-text" => {
            "the file ends inside a script, style, title or textarea (its end tag is missing)"
                .to_owned()
        }
        "eof-in-template" => "the file ends inside `<template>`".to_owned(),
        "unexpected-end-tag-template" => format!("{t} without an open template (ignored)"),
        "end-tag-template-with-open-elements" => {
            format!("{t} while elements inside the template are still open")
        }
        "unexpected-end-tag-in-template" => format!("stray end tag {t} in a template (ignored)"),
        "nested-heading" => format!("{t} inside another heading (the open heading is closed)"),
        "unexpected-start-tag-form" => format!("{t} inside another form (ignored)"),
        "unexpected-open-element-closing-li"
        | "unexpected-open-element-closing-dd-dt"
        | "unexpected-open-element-closing-p" => {
            format!("{t} implicitly closes elements that are still open")
        }
        "nested-button" => format!("{t} inside another button (the open button is closed)"),
        "unexpected-end-tag-not-in-scope"
        | "unexpected-end-tag-form"
        | "unexpected-end-tag-li"
        | "unexpected-end-tag-dd-dt"
        | "unexpected-end-tag-heading"
        | "unexpected-end-tag"
        | "unexpected-end-tag-caption"
        | "unexpected-end-tag-colgroup"
        | "unexpected-end-tag-col"
        | "unexpected-end-tag-tr"
        | "unexpected-end-tag-cell"
        | "unexpected-end-tag-optgroup"
        | "unexpected-end-tag-option"
        | "unexpected-end-tag-select"
        | "unexpected-end-tag-table"
        | "unexpected-end-tag-frameset" => {
            format!("stray end tag {t}: no such element is open here (ignored)")
        }
        "end-tag-with-open-elements"
        | "end-tag-form-with-open-elements"
        | "end-tag-li-with-open-elements"
        | "end-tag-dd-dt-with-open-elements"
        | "end-tag-heading-with-open-elements"
        | "end-tag-caption-with-open-elements"
        | "end-tag-cell-with-open-elements"
        | "close-cell-with-open-elements" => {
            format!("{t} closes elements that are still open (their end tags are missing)")
        }
        "unexpected-end-tag-p" => format!("{t} without an open `<p>` (an empty paragraph is made)"),
        "unexpected-start-tag-a-in-a" => {
            format!("{t} inside another `<a>` (the open link is closed)")
        }
        "unexpected-start-tag-nobr-in-nobr" => format!("{t} inside another `<nobr>`"),
        "adoption-agency-formatting-element-not-open" => {
            format!("stray end tag {t}: that formatting element is no longer open (ignored)")
        }
        "adoption-agency-formatting-element-not-in-scope" => {
            format!("{t} does not match an element in scope (ignored)")
        }
        "adoption-agency-misnested" => {
            format!("misnested {t}: it closes an element that is not the innermost open one")
        }
        "unexpected-end-tag-br" => format!("{t} (treated as `<br>`)"),
        "unexpected-start-tag-image" => format!("{t} (treated as `<img>`)"),
        "unexpected-start-tag-ruby-child" => format!("{t} outside the ruby element it belongs in"),
        "unexpected-start-tag-in-body" => {
            format!("{t} outside the table or head it belongs in (ignored)")
        }
        "ignored-null-character" => "NUL character (ignored)".to_owned(),
        "non-void-html-element-start-tag-with-trailing-solidus" => {
            format!(
                "{t} is not a void element: the trailing `/` is ignored and the element stays open"
            )
        }
        "unexpected-character-in-table" => {
            format!("{t} directly inside a table (moved before the table)")
        }
        "unexpected-token-in-table" => {
            format!("{t} directly inside a table (moved before the table)")
        }
        "unexpected-start-tag-table-in-table" => {
            format!("{t} inside a table (closes the open table)")
        }
        "unexpected-end-tag-in-table"
        | "unexpected-end-tag-in-caption"
        | "unexpected-end-tag-in-table-body"
        | "unexpected-end-tag-in-row"
        | "unexpected-end-tag-in-cell"
        | "unexpected-end-tag-in-select"
        | "unexpected-end-tag-in-select-in-table"
        | "unexpected-end-tag-in-foreign-content" => {
            format!("stray end tag {t} here (ignored or closes enclosing elements)")
        }
        "unexpected-hidden-input-in-table" => format!("{t} directly inside a table"),
        "unexpected-start-tag-form-in-table" => format!("{t} directly inside a table"),
        "unexpected-character-in-column-group" | "unexpected-token-in-column-group" => {
            format!("{t} inside `<colgroup>`")
        }
        "unexpected-cell-in-table-body" => {
            format!("{t} without an enclosing `<tr>` (one is implied)")
        }
        "unexpected-token-in-table-body" => format!("{t} inside a table body"),
        "unexpected-start-tag-in-cell" => format!("{t} inside a table cell (closes the cell)"),
        "option-open-in-select" => format!("{t} inside a select while an option is still open"),
        "unexpected-start-tag-select-in-select" => {
            format!("{t} inside a select (closes the select)")
        }
        "unexpected-start-tag-in-select" | "unexpected-start-tag-in-select-in-table" => {
            format!("{t} is not allowed in a select")
        }
        "unexpected-character-in-frameset"
        | "unexpected-token-in-frameset"
        | "unexpected-token-after-frameset"
        | "unexpected-token-after-after-frameset" => format!("{t} in a frameset (ignored)"),
        "eof-in-frameset" => "the file ends inside `<frameset>`".to_owned(),
        "unexpected-html-element-in-foreign-content" => {
            format!("HTML {t} inside SVG or MathML (closes the SVG/MathML elements)")
        }
        "null-character-in-foreign-content" => "NUL character in SVG or MathML".to_owned(),
        _ => format!("parse error at {t}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every tree-construction code documented in `docs/html-errors.md` has its own message.
    #[test]
    fn every_documented_code_has_a_message() {
        let doc = include_str!("../../../docs/html-errors.md");
        let mut n = 0;
        for line in doc.lines().filter(|l| l.starts_with("| `")) {
            let first = line.split('|').nth(1).unwrap_or_default();
            for code in first.split('`').skip(1).step_by(2) {
                n += 1;
                let m = message("<p>", code, 0);
                assert!(!m.starts_with("parse error at"), "{code}: {m}");
            }
        }
        assert!(n > 90, "{n} codes");
    }

    #[test]
    fn tokens_are_named() {
        let t = "<DIV class=a></Span x><!--c--><!doctype html>x";
        assert_eq!(describe_token(t, 0), "`<div>`");
        assert_eq!(describe_token(t, 13), "`</span>`");
        assert_eq!(describe_token(t, 22), "a comment");
        assert_eq!(describe_token(t, 30), "a DOCTYPE");
        assert_eq!(describe_token(t, 45), "text `x`");
        assert_eq!(describe_token(t, 46), "the end of the file");
        assert_eq!(
            message("<p></div>", "end-tag-with-open-elements", 3),
            "`</div>` closes elements that are still open (their end tags are missing)"
        );
    }
}
