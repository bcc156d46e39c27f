//! Where the construct an `eof-*` parse error leaves unclosed began (the diagnostic's
//! [`Related`] place): the comment, DOCTYPE, CDATA section or tag the tokenizer was inside
//! when the input ended (§13.2.5, the "EOF" entries of its states), or the element the tree
//! builder still had open (§13.2.6, "An end-of-file token").
//!
//! Found from the DOM where the construct left a node: the nodes open at the end of the file
//! are the chain of last children from the document down (template contents included), so
//! the chain is walked once, iteratively. A construct that left no node (a tag cut off by the
//! end of the file, a DOCTYPE after the start) is found in the text: the last `<` that starts
//! one.

use websyntax_html::dom::NodeKind;
use websyntax_html::{NodeId, Span};

use crate::{Cx, Related};

/// Elements whose end tag may be missing at the end of the file without
/// `eof-with-open-elements` (§13.2.6.4.7, "An end-of-file token").
const MAY_STAY_OPEN: &[&str] = &[
    "dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc", "tbody", "td", "tfoot",
    "th", "thead", "tr", "body", "html",
];

/// The chain of last children from the document node down (entering the contents of a
/// template without an end tag): the nodes still open, and the last node inserted, at the
/// end of the file.
fn last_chain(cx: &Cx<'_, '_>) -> Vec<NodeId> {
    let doc = cx.doc;
    let mut chain = vec![doc.root()];
    let mut node = doc.root();
    loop {
        let contents = (doc.local_name(node) == Some("template")
            && doc.end_tag_span(node).is_none())
        .then(|| doc.template_contents(node))
        .flatten()
        .filter(|&c| doc.last_child(c).is_some());
        let Some(next) = doc.last_child(contents.unwrap_or(node)) else {
            break;
        };
        chain.push(next);
        node = next;
    }
    chain
}

/// The element named one of `names` (any name when empty) without an end tag whose start
/// tag comes last: the one the end of the file found open (text, templates and framesets
/// cannot hold a later start tag that is still open). One iterative walk of the tree,
/// template contents included.
fn last_open_element(cx: &Cx<'_, '_>, names: &[&str]) -> Option<NodeId> {
    let doc = cx.doc;
    let mut best: Option<(usize, NodeId)> = None;
    let mut roots = vec![doc.root()];
    while let Some(root) = roots.pop() {
        for id in doc.descendants(root) {
            let Some(name) = doc.local_name(id) else {
                continue;
            };
            if let Some(contents) = doc.template_contents(id) {
                roots.push(contents);
            }
            if !names.is_empty() && !names.contains(&name) || doc.end_tag_span(id).is_some() {
                continue;
            }
            if let Some(span) = doc.start_tag_span(id)
                && best.is_none_or(|(start, _)| span.start > start)
            {
                best = Some((span.start, id));
            }
        }
    }
    best.map(|(_, id)| id)
}

/// The related place of parse error `code` (an `eof-*` code), if it can be found.
pub(crate) fn related(cx: &Cx<'_, '_>, code: &str) -> Option<Related> {
    let text = cx.source.text();
    let doc = cx.doc;
    let open_element = |names: &[&str]| -> Option<(Span, String)> {
        let id = last_open_element(cx, names)?;
        let name = doc.local_name(id)?;
        Some((doc.start_tag_span(id)?, format!("`<{name}>` starts here")))
    };
    let (span, message) = match code {
        "eof-in-comment" => {
            let chain = last_chain(cx);
            let comment = chain
                .last()
                .copied()
                .filter(|&id| doc.kind(id) == NodeKind::Comment)
                .and_then(|id| doc.span(id))
                .filter(|s| s.start < s.end);
            let span = match comment {
                Some(s) => Span::new(s.start, (s.start + 4).min(s.end)),
                None => text_span(cx, last_start(text, |r| r.starts_with(b"<!--"))?, 4),
            };
            (span, "the comment starts here".to_owned())
        }
        "eof-in-doctype" => {
            let at = last_start(text, |r| {
                r.len() >= 9 && r[..9].eq_ignore_ascii_case(b"<!doctype")
            })?;
            (text_span(cx, at, 9), "the DOCTYPE starts here".to_owned())
        }
        "eof-in-cdata" => {
            let at = last_start(text, |r| r.starts_with(b"<![CDATA["))?;
            (
                text_span(cx, at, 9),
                "the CDATA section starts here".to_owned(),
            )
        }
        "eof-in-tag" => {
            let at = last_start(text, |r| crate::parse::tag_name(r).is_some())?;
            let len = text.as_bytes()[at..]
                .iter()
                .skip(1)
                .position(|b| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'>'))
                .map_or(text.len() - at, |k| k + 1);
            (text_span(cx, at, len), "the tag starts here".to_owned())
        }
        "eof-in-script-html-comment-like-text" => open_element(&["script"])?,
        "eof-in-template" => open_element(&["template"])?,
        "eof-in-frameset" => open_element(&["frameset"])?,
        "eof-in-noscript" => open_element(&["noscript"])?,
        "eof-in-text" => open_element(&[])?,
        "eof-with-open-elements" => {
            // The outermost element still open whose end tag may not be left out.
            let chain = last_chain(cx);
            let id = chain.iter().copied().find(|&id| {
                doc.local_name(id)
                    .is_some_and(|n| !MAY_STAY_OPEN.contains(&n))
                    && doc.end_tag_span(id).is_none()
                    && doc.start_tag_span(id).is_some()
            })?;
            let name = doc.local_name(id)?;
            (
                doc.start_tag_span(id)?,
                format!("`<{name}>` is still open: it starts here"),
            )
        }
        _ => return None,
    };
    let (line, col) = doc.line_col(span.start);
    Some(Related {
        span,
        line,
        col,
        message,
    })
}

/// The byte span of `len` text bytes at text offset `at`.
fn text_span(cx: &Cx<'_, '_>, at: usize, len: usize) -> Span {
    let end = (at + len).min(cx.source.text().len());
    Span::new(cx.source.text_to_byte(at), cx.source.text_to_byte(end))
}

/// The text offset of the last `<` for which `starts` holds on the text from there.
fn last_start(text: &str, starts: impl Fn(&[u8]) -> bool) -> Option<usize> {
    let t = text.as_bytes();
    memchr::memrchr_iter(b'<', t).find(|&at| starts(&t[at..]))
}
