//! Quick fixes: for the findings that have one right fix, the edit that makes the checker
//! stop reporting them. Every fix is found from the finding's code and span and from the
//! parsed document; none second-guesses the checker (the finding is the checker's).

use websyntax_check::{ATTRIBUTE_RULES, Category, Syntax};
use websyntax_html::dom::AttrRef;
use websyntax_html::{Document, NodeId};
use websyntax_microsyntax::colours;

use crate::checking::Checked;
use crate::text::Edit;

/// One quick fix.
#[derive(Debug, Clone, PartialEq)]
pub struct Fix {
    /// What it does, for the menu.
    pub title: String,
    /// The edits, in byte offsets of the text, not overlapping.
    pub edits: Vec<Edit>,
    /// The index of the finding it fixes in [`Checked::findings`].
    pub finding: usize,
    /// Whether the editor may apply it without asking ("the" fix).
    pub preferred: bool,
}

/// Stray end tags the tree builder ignores: removing one changes nothing but the error.
const STRAY_END_TAG: &[&str] = &[
    "unexpected-end-tag-before-html",
    "unexpected-end-tag-before-head",
    "unexpected-end-tag-in-head",
    "unexpected-end-tag-after-head",
    "unexpected-end-tag-not-in-scope",
    "unexpected-end-tag-form",
    "unexpected-end-tag-li",
    "unexpected-end-tag-dd-dt",
    "unexpected-end-tag-heading",
    "unexpected-end-tag",
    "unexpected-end-tag-caption",
    "unexpected-end-tag-colgroup",
    "unexpected-end-tag-col",
    "unexpected-end-tag-tr",
    "unexpected-end-tag-cell",
    "unexpected-end-tag-optgroup",
    "unexpected-end-tag-option",
    "unexpected-end-tag-select",
    "unexpected-end-tag-table",
    "unexpected-end-tag-frameset",
    "unexpected-end-tag-template",
    "unexpected-end-tag-in-template",
    "adoption-agency-formatting-element-not-open",
    "adoption-agency-formatting-element-not-in-scope",
];

/// End tags that closed elements still open inside them.
const CLOSED_OPEN_ELEMENTS: &[&str] = &[
    "end-tag-with-open-elements",
    "end-tag-form-with-open-elements",
    "end-tag-li-with-open-elements",
    "end-tag-dd-dt-with-open-elements",
    "end-tag-heading-with-open-elements",
    "end-tag-caption-with-open-elements",
    "end-tag-cell-with-open-elements",
    "end-tag-body-with-open-elements",
    "end-tag-html-with-open-elements",
];

/// The fixes for the findings of `checked` whose span meets `start..end` (byte offsets of
/// `text`, which `doc` was parsed from).
pub fn fixes(text: &str, doc: &Document, checked: &Checked, start: usize, end: usize) -> Vec<Fix> {
    let mut out = Vec::new();
    for (i, d) in checked.findings.iter().enumerate() {
        let (s, e) = d.span.map_or((0, 0), |s| (s.start, s.end));
        if s > end || e < start {
            continue;
        }
        let fix = |title: String, edits: Vec<Edit>| Fix {
            title,
            edits,
            finding: i,
            preferred: true,
        };
        let found = match d.code {
            "missing-doctype" => {
                let at = if text.starts_with('\u{FEFF}') { 3 } else { 0 };
                Some(fix(
                    "Add `<!DOCTYPE html>`".into(),
                    vec![insert(at, "<!DOCTYPE html>\n")],
                ))
            }
            "no-encoding-declaration" if checked.encoding == "UTF-8" => {
                meta_charset(doc).map(|at| {
                    fix(
                        "Add `<meta charset=\"utf-8\">`".into(),
                        vec![insert(at, META)],
                    )
                })
            }
            "invalid-URL-unit" => percent_encode(text, doc, s, e).map(|new| {
                fix(
                    "Percent-encode the characters URLs may not hold".into(),
                    vec![replace(s, e, new)],
                )
            }),
            "duplicate-id" => {
                let old = text.get(s..e).unwrap_or_default();
                let new = unique_id(doc, old);
                Some(Fix {
                    preferred: false,
                    ..fix(
                        format!("Rename this duplicate id to `{new}` (then rename it as you like)"),
                        vec![replace(s, e, new)],
                    )
                })
            }
            "eof-with-open-elements" => close_at_eof(text, doc)
                .map(|(names, edit)| fix(format!("Close {}", tag_list(&names)), vec![edit])),
            code if CLOSED_OPEN_ELEMENTS.contains(&code) => close_before_end_tag(doc, s)
                .map(|(names, edit)| fix(format!("Close {} here", tag_list(&names)), vec![edit])),
            code if STRAY_END_TAG.contains(&code)
                && text.get(s..e).is_some_and(|t| t.starts_with("</")) =>
            {
                let tag = text.get(s..e).unwrap_or_default();
                Some(fix(
                    format!("Remove the stray end tag `{tag}`"),
                    vec![replace(s, e, String::new())],
                ))
            }
            _ if d.category == Category::Attribute => {
                attribute_value(text, doc, d.code, s, e).map(|(title, edit)| fix(title, vec![edit]))
            }
            _ => None,
        };
        out.extend(found);
    }
    out
}

const META: &str = "<meta charset=\"utf-8\">";

fn insert(at: usize, text: &str) -> Edit {
    replace(at, at, text.to_owned())
}

fn replace(start: usize, end: usize, text: String) -> Edit {
    Edit { start, end, text }
}

fn tag_list(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`<{n}>`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where `<meta charset>` goes: right after the `<head>`, `<html>` or DOCTYPE that is in the
/// source (a `<meta>` before `<html>` or the DOCTYPE would be an error of its own), within the
/// first 1024 bytes, where the encoding prescan looks.
fn meta_charset(doc: &Document) -> Option<usize> {
    let root = doc.root();
    let html = doc.children(root).find(|&c| doc.is_html_element(c, "html"));
    let head = html.and_then(|h| doc.children(h).find(|&c| doc.is_html_element(c, "head")));
    let doctype = doc
        .children(root)
        .find(|&c| doc.kind(c) == websyntax_html::dom::NodeKind::Doctype);
    let at = head
        .and_then(|h| doc.start_tag_span(h))
        .or_else(|| html.and_then(|h| doc.start_tag_span(h)))
        .or_else(|| doctype.and_then(|d| doc.span(d)))
        .map_or(0, |s| s.end);
    (at + META.len() <= 1024).then_some(at)
}

/// Whether `c` is a URL code point (URL Standard §4.1 "URL code points").
fn is_url_code_point(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || "!$&'()*+,-./:;=?@_~".contains(c)
        || (c >= '\u{A0}' && !matches!(c as u32, 0xFDD0..=0xFDEF) && (c as u32) & 0xFFFE != 0xFFFE)
}

/// The text of `s..e` (part of a URL attribute's value, written verbatim) with every character
/// that is not a URL code point percent-encoded, and `%` not followed by two hex digits written
/// `%25`. The `#` that starts the fragment stays.
fn percent_encode(text: &str, doc: &Document, s: usize, e: usize) -> Option<String> {
    let span_text = text.get(s..e)?;
    let (_, attr) = attribute_at(doc, |a| {
        a.value_span().is_some_and(|v| v.start <= s && e <= v.end)
    })?;
    if !attr.value_is_verbatim() {
        return None;
    }
    let value_start = attr.value_span()?.start;
    let fragment = text
        .get(value_start..attr.value_span()?.end)?
        .find('#')
        .map(|k| value_start + k);
    let mut out = String::new();
    let bytes = text.as_bytes();
    for (k, c) in span_text.char_indices() {
        let at = s + k;
        let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
        if is_url_code_point(c) || Some(at) == fragment || (c == '%' && hex(at + 1) && hex(at + 2))
        {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    (out != span_text).then_some(out)
}

/// The first element attribute for which `pred` holds.
fn attribute_at(
    doc: &Document,
    pred: impl Fn(&AttrRef<'_>) -> bool,
) -> Option<(NodeId, AttrRef<'_>)> {
    doc.descendants(doc.root())
        .filter(|&id| doc.is_element(id))
        .find_map(|id| doc.attrs(id).find(|a| pred(a)).map(|a| (id, a)))
}

/// An id like `id` that no element has: `id-2`, `id-3`, …
fn unique_id(doc: &Document, id: &str) -> String {
    let taken: std::collections::HashSet<&str> = doc
        .descendants(doc.root())
        .filter(|&n| doc.is_element(n))
        .flat_map(|n| doc.attrs(n).filter(|a| a.name() == "id").map(|a| a.value()))
        .collect();
    (2..)
        .map(|n| format!("{id}-{n}"))
        .find(|c| !taken.contains(c.as_str()))
        .unwrap_or_else(|| format!("{id}-x"))
}

/// The elements still open inside `from` (not counting it): its last element child, that
/// one's last element child, … while they have no end tag, outermost first.
fn open_inside(doc: &Document, from: NodeId) -> Vec<(NodeId, String)> {
    let mut chain = Vec::new();
    let mut at = from;
    while let Some(last) = doc.children(at).filter(|&c| doc.is_element(c)).last() {
        let name = doc.local_name(last).unwrap_or_default().to_owned();
        if doc.end_tag_span(last).is_some()
            || crate::text::is_void_element(doc, last)
            || doc.start_tag_span(last).is_none()
        {
            break;
        }
        // Only the last node may be open: text after the element means it was closed.
        if doc.last_child(at) != Some(last) {
            break;
        }
        chain.push((last, name));
        at = last;
    }
    chain
}

fn end_tags(chain: &[(NodeId, String)]) -> (Vec<String>, String) {
    let names: Vec<String> = chain.iter().rev().map(|(_, n)| n.clone()).collect();
    let text = names.iter().map(|n| format!("</{n}>")).collect();
    (names, text)
}

/// End tags for the elements open at the end of the file, before `</body>` or `</html>` when
/// those are there.
fn close_at_eof(text: &str, doc: &Document) -> Option<(Vec<String>, Edit)> {
    let root = doc.root();
    let html = doc
        .children(root)
        .find(|&c| doc.is_html_element(c, "html"))?;
    let body = doc
        .children(html)
        .find(|&c| doc.is_html_element(c, "body"))?;
    let chain = open_inside(doc, body);
    if chain.is_empty() {
        return None;
    }
    let at = doc
        .end_tag_span(body)
        .or_else(|| doc.end_tag_span(html))
        .map_or(text.len(), |s| s.start);
    let (names, tags) = end_tags(&chain);
    Some((names, insert(at, &tags)))
}

/// End tags for the elements left open inside the element whose end tag starts at `at`.
fn close_before_end_tag(doc: &Document, at: usize) -> Option<(Vec<String>, Edit)> {
    let closed = doc
        .descendants(doc.root())
        .find(|&id| doc.end_tag_span(id).is_some_and(|s| s.start == at))?;
    let chain = open_inside(doc, closed);
    if chain.is_empty() {
        return None;
    }
    let (names, tags) = end_tags(&chain);
    Some((names, insert(at, &tags)))
}

/// The syntax behind an attribute code, for the codes whose value has one meant reading.
fn syntax_of(code: &str) -> Option<Syntax> {
    Some(match code {
        "invalid-integer" => Syntax::Integer,
        "invalid-non-negative-integer" => Syntax::NonNegativeInteger { min: 0, max: None },
        "invalid-float" => Syntax::Float,
        _ => return None,
    })
}

/// A value with one meant reading, written validly: `120px` → `120`, ` 3 ` → `3`, a colour
/// name → its `#rrggbb`, `checked="true"` → `checked`.
fn attribute_value(
    text: &str,
    doc: &Document,
    code: &str,
    s: usize,
    e: usize,
) -> Option<(String, Edit)> {
    let (element, attr) = attribute_at(doc, |a| {
        a.value_span().is_some_and(|v| (v.start, v.end) == (s, e))
            || a.span().is_some_and(|v| (v.start, v.end) == (s, e))
    })?;
    let value = attr.value();
    let trimmed = value.trim_matches(|c: char| c.is_ascii_whitespace());
    match code {
        "invalid-boolean-attribute-value" => {
            let lower = trimmed.to_ascii_lowercase();
            if ["false", "no", "off", "0"].contains(&lower.as_str()) {
                return None;
            }
            let span = attr.span()?;
            let name = attr.name().to_owned();
            Some((
                format!("Write `{name}` without a value"),
                replace(span.start, span.end, name),
            ))
        }
        "invalid-simple-color" => {
            let c = colours::named_color(trimmed)?;
            let new = format!("#{:02x}{:02x}{:02x}", c.red, c.green, c.blue);
            let v = attr.value_span()?;
            Some((format!("Write `{new}`"), replace(v.start, v.end, new)))
        }
        _ => {
            let syntax = syntax_of(code)?;
            let rules = rules_for(doc, element, attr.name());
            let mut candidate = trimmed;
            if candidate.len() > 2 && candidate[candidate.len() - 2..].eq_ignore_ascii_case("px") {
                candidate = candidate[..candidate.len() - 2]
                    .trim_end_matches(|c: char| c.is_ascii_whitespace());
            }
            if candidate == value
                || !syntax.is_valid(candidate)
                || !rules.iter().all(|r| r.is_valid(candidate))
            {
                return None;
            }
            let v = attr.value_span()?;
            let _ = text;
            Some((
                format!("Write `{candidate}`"),
                replace(v.start, v.end, candidate.to_owned()),
            ))
        }
    }
}

/// The syntaxes of the checker's rules for attribute `name` of `element`.
pub fn rules_for(doc: &Document, element: NodeId, name: &str) -> Vec<Syntax> {
    let el = doc.local_name(element).unwrap_or_default();
    let input_type = doc
        .attrs(element)
        .find(|a| a.name() == "type")
        .map(|a| a.value().trim().to_ascii_lowercase())
        .unwrap_or_else(|| "text".into());
    ATTRIBUTE_RULES
        .iter()
        .filter(|r| r.attribute == name)
        .filter(|r| r.elements.is_empty() || r.elements.contains(&el))
        .filter(|r| {
            el != "input"
                || r.input_types.is_empty()
                || r.input_types.contains(&input_type.as_str())
        })
        .map(|r| r.syntax)
        .collect()
}

/// `text` with `edits` applied (they do not overlap).
pub fn apply(text: &str, edits: &[Edit]) -> String {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.start));
    let mut out = text.to_owned();
    for e in sorted {
        out.replace_range(e.start..e.end, &e.text);
    }
    out
}
