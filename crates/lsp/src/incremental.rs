//! The incremental path: typing plain text inside a paragraph of a large page does not need a
//! new parse.
//!
//! After a full check, the server keeps the byte ranges of the text nodes whose content the
//! tokenizer reads in the data state and the tree builder inserts "in body" as they are: the
//! parent is an ordinary HTML element written in the source (not a table, select, template,
//! raw-text or foreign element, not one the tree builder made up), and the text sits where its
//! source is (between its parent's tags and its siblings, with no `<` in its source: text
//! merged around an ignored tag or foster-parented does not). An edit that
//!
//! - lies strictly inside such a text node (an unchanged character on each side),
//! - removes and inserts only printable ASCII other than `<` and `&`, with no line break,
//! - leaves a printable ASCII character other than `<` and `&` on each side, no `&` in the
//!   40 bytes before it (a character reference it could extend), and some non-whitespace
//!   character in the node before and after the edit (the tree builder's frameset-ok flag),
//! - and the node's text has no finding: characters the tree builder reports one by one
//!   (text foster-parented out of a table, or in a paragraph inside a table, which the
//!   "in table" insertion mode hands on with a parse error each) would change the count of
//!   such a finding; a non-whitespace character there before the edit always has one,
//!
//! produces the same tokens with different character data, so the same tree shape and the same
//! findings, only moved by the edit's length. The encoding cannot change either: the edit is
//! outside the first 1100 bytes (the `<meta>` prescan reads 1024), and autodetection, with UTF-8
//! allowed as the checker runs it, calls a text with a non-ASCII character that is valid UTF-8
//! (every editor text is) UTF-8 whatever its ASCII, and an all-ASCII text stays all ASCII. No
//! finding may quote byte offsets in its message (`decoding-error`). Anything else is a full
//! check.

use std::sync::{Arc, OnceLock};

use websyntax_html::Document;
use websyntax_html::dom::{Namespace, NodeId, NodeKind};

use crate::checking::Checked;
use crate::settings::Settings;

/// Parents whose text is "in body" character data in the data state.
fn plain_parent(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "span"
            | "a"
            | "li"
            | "em"
            | "strong"
            | "b"
            | "i"
            | "u"
            | "s"
            | "small"
            | "code"
            | "kbd"
            | "samp"
            | "var"
            | "cite"
            | "q"
            | "abbr"
            | "dfn"
            | "mark"
            | "sub"
            | "sup"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "td"
            | "th"
            | "dd"
            | "dt"
            | "blockquote"
            | "section"
            | "article"
            | "aside"
            | "header"
            | "footer"
            | "nav"
            | "main"
            | "label"
            | "figcaption"
            | "caption"
            | "summary"
            | "legend"
            | "address"
            | "ins"
            | "del"
            | "time"
            | "data"
            | "bdi"
            | "bdo"
            | "figure"
            | "details"
            | "pre"
            | "dl"
            | "ul"
            | "ol"
            | "center"
            | "font"
            | "big"
            | "tt"
            | "strike"
            | "nobr"
    )
}

/// The text nodes of `doc` an edit may touch without a new parse (see the module docs).
pub fn plain_text_nodes(doc: &Document, source: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut body_end = usize::MAX;
    if let Some(html) = doc
        .children(doc.root())
        .find(|&c| doc.is_html_element(c, "html"))
    {
        for e in [
            Some(html),
            doc.children(html).find(|&c| doc.is_html_element(c, "body")),
        ]
        .into_iter()
        .flatten()
        {
            if let Some(s) = doc.end_tag_span(e) {
                body_end = body_end.min(s.start);
            }
        }
    }
    // Per node: 0 not yet known, 1 no `select`, `template`, `svg` or `math` element among it
    // and its ancestors, 2 one is. Filled on the way up from each text node's parent, so the
    // whole table costs one visit per node.
    let mut foreign = vec![0u8; doc.len()];
    let mut chain = Vec::new();
    for id in doc.descendants(doc.root()) {
        if doc.kind(id) != NodeKind::Text {
            continue;
        }
        let (Some(span), Some(parent)) = (doc.span(id), doc.parent(id)) else {
            continue;
        };
        // A node that holds a `<` in its source merged text around a tag the tree builder
        // ignored (or a foster-parented run): not plain.
        if span.end > body_end
            || source
                .get(span.start..span.end)
                .is_none_or(|t| memchr::memchr(b'<', t).is_some())
        {
            continue;
        }
        let ok_parent = doc.namespace(parent) == Some(Namespace::Html)
            && doc.local_name(parent).is_some_and(plain_parent)
            && doc
                .start_tag_span(parent)
                .is_some_and(|t| t.end <= span.start)
            && doc.end_tag_span(parent).is_none_or(|t| span.end <= t.start);
        let in_place = ok_parent
            && doc
                .prev_sibling(id)
                .is_none_or(|p| doc.span(p).is_some_and(|s| s.end <= span.start))
            && doc
                .next_sibling(id)
                .is_none_or(|n| doc.span(n).is_some_and(|s| span.end <= s.start));
        if in_place && !in_foreign_or_select(doc, parent, &mut foreign, &mut chain) {
            out.push((span.start, span.end));
        }
    }
    out.sort_unstable();
    out
}

/// Whether `id` or one of its ancestors is a `select`, `template`, `svg` or `math` element,
/// with the answers memoised in `memo` (indexed by node; see [`plain_text_nodes`]).
fn in_foreign_or_select(
    doc: &Document,
    id: NodeId,
    memo: &mut [u8],
    chain: &mut Vec<NodeId>,
) -> bool {
    chain.clear();
    let mut at = Some(id);
    let mut known = 1;
    while let Some(n) = at {
        match memo.get(n.index()).copied().unwrap_or(1) {
            0 => {}
            v => {
                known = v;
                break;
            }
        }
        if matches!(
            doc.local_name(n),
            Some("select" | "template" | "svg" | "math")
        ) {
            known = 2;
            memo[n.index()] = 2;
            break;
        }
        chain.push(n);
        at = doc.parent(n);
    }
    for n in chain.drain(..) {
        memo[n.index()] = known;
    }
    known == 2
}

/// Whether `d` is text the tree builder reports when it flushes it, at a later token (text in
/// a table, a frameset or a column group), or a decoding error (whose message quotes
/// offsets): its position can follow an edit its span precedes, and neither incremental path
/// is taken for a document that has one.
pub fn reported_late(d: &websyntax_check::Diagnostic) -> bool {
    matches!(
        d.code,
        "decoding-error"
            | "unexpected-character-in-table"
            | "unexpected-character-in-frameset"
            | "unexpected-character-in-column-group"
    )
}

/// Edits before this byte may change what the encoding prescan sees.
const PRESCAN_WINDOW: usize = 1100;

fn plain(b: u8) -> bool {
    (0x20..0x7F).contains(&b) && b != b'<' && b != b'&'
}

/// The findings of `text` from those of `prev_text` when the difference is an edit the
/// module docs allow; `None` when a full check is needed.
pub fn recheck(
    prev: &Checked,
    prev_text: &str,
    text: &str,
    _settings: &Settings,
) -> Option<Arc<Checked>> {
    let table = prev.plain_text.get()?;
    if table.is_empty() || prev.findings.iter().any(reported_late) {
        return None;
    }
    let (a, b) = (prev_text.as_bytes(), text.as_bytes());
    let (prefix, old_end, new_end) = crate::text::edit_range(a, b);
    let removed = &a[prefix..old_end];
    let inserted = &b[prefix..new_end];
    if removed.is_empty() && inserted.is_empty() {
        return Some(Arc::new(prev.clone()));
    }
    if !removed.iter().chain(inserted).all(|&c| plain(c)) {
        return None;
    }
    // The text node that holds the edit, with an unchanged character on each side.
    let (start, end) = (prefix, old_end);
    if start < PRESCAN_WINDOW {
        return None;
    }
    let k = table.partition_point(|&(s, _)| s < start);
    let &(ts, te) = table.get(k.checked_sub(1)?)?;
    if !(ts < start && end < te) {
        return None;
    }
    if !plain(a[start - 1]) || !plain(a[end]) {
        return None;
    }
    if a[start.saturating_sub(40).max(ts)..start].contains(&b'&') {
        return None;
    }
    let node_after: Vec<u8> = a[ts..start]
        .iter()
        .chain(inserted)
        .chain(&a[end..te])
        .copied()
        .collect();
    if node_after.iter().all(u8::is_ascii_whitespace)
        || a[ts..te].iter().all(u8::is_ascii_whitespace)
    {
        return None;
    }
    // Characters with a finding of their own (the "in table" mode's text): not plain.
    if prev
        .findings
        .iter()
        .filter_map(|d| d.span)
        .any(|sp| sp.start < te && ts < sp.end.max(sp.start + 1))
    {
        return None;
    }
    // Same findings, moved.
    let delta = inserted.len() as isize - removed.len() as isize;
    let shift = |o: usize| {
        if o >= end {
            o.saturating_add_signed(delta)
        } else {
            o
        }
    };
    let mut next = prev.clone();
    crate::splice::move_findings(&mut next.findings, prev_text, text, (ts, end), delta)?;
    next.resume = Arc::new(OnceLock::from(
        prev.resume
            .get()
            .cloned()
            .flatten()
            .map(|r| Arc::new(r.moved(end, delta))),
    ));
    next.plain_text = Arc::new(OnceLock::from(
        table
            .iter()
            .map(|&(s, e)| {
                (
                    shift(s),
                    if e >= end {
                        e.saturating_add_signed(delta)
                    } else {
                        e
                    },
                )
            })
            .collect::<Vec<_>>(),
    ));
    Some(Arc::new(next))
}
