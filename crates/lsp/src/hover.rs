//! Hover: what an attribute value parses to (a URL resolved and split into its components, a
//! `srcset`'s candidates, a number, date or colour), and on a tag what the tree builder did
//! with it (its parent in the tree, how it was closed, the parse errors at it).

use std::fmt::Write;

use websyntax_check::Syntax;
use websyntax_html::links::{UrlAttributeKind, parse_srcset, url_attribute};
use websyntax_html::{Document, NodeId};
use websyntax_microsyntax::{colours, dates, numbers};
use websyntax_url::Url;

use crate::checking::Checked;
use crate::fixes::rules_for;
use crate::navigate;

/// The hover text (Markdown) at byte `offset` and the byte range it is about.
pub fn hover(
    text: &str,
    doc: &Document,
    checked: Option<&Checked>,
    uri: &str,
    offset: usize,
) -> Option<(String, usize, usize)> {
    let inside =
        |s: Option<websyntax_html::Span>| s.is_some_and(|s| s.start <= offset && offset < s.end);
    for id in doc.descendants(doc.root()) {
        if !doc.is_element(id) {
            continue;
        }
        if inside(doc.start_tag_span(id)) {
            for a in doc.attrs(id) {
                if let Some(v) = a.value_span()
                    && v.start <= offset
                    && offset <= v.end
                {
                    let md = value_hover(text, doc, uri, id, a.name(), a.value(), offset)?;
                    return Some((md, v.start, v.end));
                }
            }
            let span = doc.start_tag_span(id)?;
            return Some((
                tag_hover(text, doc, checked, id, span),
                span.start,
                span.end,
            ));
        }
        if inside(doc.end_tag_span(id)) {
            let span = doc.end_tag_span(id)?;
            let name = doc.local_name(id).unwrap_or_default();
            let opened = doc
                .start_tag_span(id)
                .map(|s| format!(" opened at byte {}", s.start))
                .unwrap_or_default();
            let mut md = format!("`</{name}>` closes `<{name}>`{opened}.");
            findings_at(&mut md, text, checked, span.start, span.end);
            return Some((md, span.start, span.end));
        }
    }
    None
}

fn tag_hover(
    text: &str,
    doc: &Document,
    checked: Option<&Checked>,
    id: NodeId,
    span: websyntax_html::Span,
) -> String {
    let name = doc.local_name(id).unwrap_or_default();
    let mut md = format!("**`<{name}>`**");
    if let Some(ns) = doc.namespace(id)
        && format!("{ns:?}") != "Html"
    {
        let _ = write!(md, " ({ns:?} namespace)");
    }
    md.push_str("\n\n");
    match doc
        .parent(id)
        .and_then(|p| doc.local_name(p).map(|n| (p, n)))
    {
        Some((p, parent)) => {
            let implied = if doc.start_tag_span(p).is_none() {
                " (implied: it has no tag in the source)"
            } else {
                ""
            };
            let _ = writeln!(md, "- inserted into `<{parent}>`{implied}");
        }
        None => {
            let _ = writeln!(md, "- at the top of the tree");
        }
    }
    if crate::text::is_void_element(doc, id) {
        let _ = writeln!(md, "- a void element: it has no content and no end tag");
    } else if doc.end_tag_span(id).is_some() {
        let _ = writeln!(md, "- closed by its end tag");
    } else {
        let by = doc
            .next_sibling(id)
            .and_then(|s| doc.local_name(s).map(|n| format!(" (before `<{n}>`)")))
            .unwrap_or_default();
        let _ = writeln!(md, "- closed implicitly, without an end tag{by}");
    }
    let children = doc.children(id).count();
    let _ = writeln!(
        md,
        "- {children} child node{}",
        if children == 1 { "" } else { "s" }
    );
    findings_at(&mut md, text, checked, span.start, span.end);
    md
}

/// The checker's findings within `start..end`, as a list.
fn findings_at(md: &mut String, _text: &str, checked: Option<&Checked>, start: usize, end: usize) {
    let Some(checked) = checked else { return };
    for d in &checked.findings {
        if let Some(s) = d.span
            && s.start >= start
            && s.start < end.max(start + 1)
        {
            let _ = write!(md, "\n- {}: {} `[{}]`", d.severity, d.message, d.code);
        }
    }
}

fn value_hover(
    text: &str,
    doc: &Document,
    uri: &str,
    element: NodeId,
    attr: &str,
    value: &str,
    offset: usize,
) -> Option<String> {
    let el = doc.local_name(element).unwrap_or_default();
    if let Some(u) = url_attribute(el, attr) {
        let base = document_base(doc, uri);
        return Some(match u.kind {
            UrlAttributeKind::Srcset => {
                let mut md = format!("**`{attr}`**: {} candidate(s)\n", parse_srcset(value).len());
                for c in parse_srcset(value) {
                    let desc = match (c.width, c.density) {
                        (Some(w), _) => format!("{w}w"),
                        (None, Some(x)) => format!("{x}x"),
                        (None, None) => "1x (default)".into(),
                    };
                    let url = Url::parse(c.url, base.as_ref())
                        .map(|u| u.href().to_owned())
                        .unwrap_or_else(|_| "(not a URL)".into());
                    let _ = write!(md, "\n- `{desc}` → `{url}`");
                }
                md
            }
            _ => url_hover(value, base.as_ref()),
        });
    }
    if attr == "id" || navigate::id_at(text, doc, offset).is_some() {
        let (id, _) = navigate::id_at(text, doc, offset)?;
        let defs = navigate::definitions(text, doc, id).len();
        let refs = navigate::references(text, doc, id).len() - defs;
        return Some(format!(
            "id `{id}`: defined {defs} time(s), referred to {refs} time(s)"
        ));
    }
    let syntax = rules_for(doc, element, attr).into_iter().next()?;
    Some(format!(
        "**`{attr}`**: {}",
        microsyntax_hover(syntax, value)
    ))
}

/// The base URL of `doc`: its first `<base href>` resolved against `uri`, else `uri`.
fn document_base(doc: &Document, uri: &str) -> Option<Url> {
    let doc_url = Url::parse(uri, None).ok();
    let base_href = doc
        .descendants(doc.root())
        .find(|&id| doc.is_html_element(id, "base") && doc.attrs(id).any(|a| a.name() == "href"))
        .and_then(|id| doc.attrs(id).find(|a| a.name() == "href"))
        .map(|a| a.value().trim().to_owned());
    match base_href {
        Some(h) => Url::parse(&h, doc_url.as_ref()).ok().or(doc_url),
        None => doc_url,
    }
}

fn url_hover(value: &str, base: Option<&Url>) -> String {
    let input = value.trim_matches(|c: char| c.is_ascii_whitespace());
    match Url::parse(input, base) {
        Ok(u) => {
            let mut md = format!("**URL** `{}`\n", u.href());
            let parts = [
                ("scheme", u.scheme().to_owned()),
                ("username", u.username().to_owned()),
                ("host", u.hostname().to_owned()),
                ("port", u.port_str().to_owned()),
                ("path", u.pathname().to_owned()),
                ("query", u.search().to_owned()),
                ("fragment", u.hash().to_owned()),
            ];
            for (k, v) in parts {
                if !v.is_empty() {
                    let _ = write!(md, "\n- {k}: `{v}`");
                }
            }
            md
        }
        Err(e) => format!("**not a URL**: {e}"),
    }
}

fn microsyntax_hover(syntax: Syntax, value: &str) -> String {
    let shown = |r: Result<String, String>| match r {
        Ok(v) => format!("`{v}` ({syntax:?})"),
        Err(e) => format!("not a valid {syntax:?}: {e}"),
    };
    let err = |e: websyntax_microsyntax::Error| e.to_string();
    shown(match syntax {
        Syntax::Integer => numbers::parse_integer(value)
            .map(|n| n.to_string())
            .map_err(err),
        Syntax::NonNegativeInteger { .. } => numbers::parse_non_negative_integer(value)
            .map(|n| n.to_string())
            .map_err(err),
        Syntax::Float | Syntax::PositiveFloat | Syntax::NonNegativeFloat | Syntax::Step => {
            numbers::parse_float(value)
                .map(numbers::best_representation)
                .map_err(err)
        }
        Syntax::FloatList => Ok(format!("{:?}", numbers::parse_float_list(value))),
        Syntax::Date => dates::parse_date(value).map(|d| d.to_string()).map_err(err),
        Syntax::Month => dates::parse_month(value)
            .map(|d| d.to_string())
            .map_err(err),
        Syntax::Week => dates::parse_week(value).map(|d| d.to_string()).map_err(err),
        Syntax::Time => dates::parse_time(value).map(|d| d.to_string()).map_err(err),
        Syntax::LocalDateTime | Syntax::NormalizedLocalDateTime => {
            dates::parse_local_date_time(value)
                .map(|d| d.to_string())
                .map_err(err)
        }
        Syntax::DateOrTime | Syntax::DateWithOptionalTime => dates::parse_date_or_time(value)
            .map(|d| format!("{d:?}"))
            .map_err(err),
        Syntax::SimpleColor => colours::parse_simple_color(value)
            .map(|c| {
                format!(
                    "#{:02x}{:02x}{:02x} (rgb {}, {}, {})",
                    c.red, c.green, c.blue, c.red, c.green, c.blue
                )
            })
            .map_err(err),
    })
}
