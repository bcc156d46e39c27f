//! `toParse5()`: the document as one flat JSON array of node records in tree order, which the
//! JavaScript side (`decodeParse5` in js/src/api.js) turns into parse5's default tree adapter
//! shape in one loop: one boundary crossing and one `JSON.parse` per document. The walk is
//! iterative (documents can be 10^6 levels deep).
//!
//! Records: `kind, parent record` then
//! - 0 document: `mode`;
//! - 1 doctype: `name, publicId, systemId`;
//! - 2 element: `tagName, namespace (0 HTML, 1 SVG, 2 MathML), attribute count`, then per
//!   attribute `name, value, namespace (0 none, 1 xlink, 2 xml, 3 xmlns)` and, unless 0, the
//!   prefix;
//! - 3 text: `value`; 4 comment: `data`;
//! - 5 a template's content fragment (its parent is the template).
//!
//! With `locations`, each record ends with its `sourceCodeLocation` (see [`locate`]): for an
//! element `0` (none: parse5 sets no location on the elements the adoption agency creates),
//! `1` (`null`: elements the tree builder implies) or `2` then its start tag's position (six
//! numbers: start line, column, offset, end line, column, offset), its end (three), `0` or `1`
//! and the end tag's six, and the number of attribute locations, each a name and six numbers;
//! for text, comments and doctypes `1` (`null`) or `2` and six numbers; nothing for the
//! document; the template content fragment's is `null`. Lines and columns are 1-based,
//! columns and offsets in UTF-16 code units, as parse5 counts them.

use wasm_bindgen::prelude::*;
use websyntax::html::dom::{AttrNamespace, Namespace, NodeData, QuirksMode};
use websyntax::html::{self as h, NodeId, ParseOptions, Positions, Span, StackEvent};

use crate::{BindError, limits, node_limit};

/// The flat record list of `html` parsed as a document (see the module docs), as JSON.
#[wasm_bindgen(js_name = parse5Json)]
pub fn parse5_json(
    html: &str,
    scripting: bool,
    locations: bool,
    max_nodes: f64,
) -> Result<String, BindError> {
    // parse5 builds the standard's tree at any depth.
    let lim = limits(max_nodes, f64::INFINITY, html.len())?;
    let options = ParseOptions {
        scripting,
        limits: lim,
        ..ParseOptions::default()
    };
    let (doc, events) = if locations {
        h::parse_document_with_events(html, options)
    } else {
        (h::parse_document(html, options), Vec::new())
    };
    if doc.limits_reached().stopped_early() {
        return Err(node_limit(&lim, Some(doc.limits_reached())));
    }
    let locs = locations.then(|| locate(&doc, &events));
    let mut place = Place(doc.positions());
    Ok(records(&doc, locs.as_deref(), &mut place))
}

/// Where an element is in the source, as parse5 records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ElemLoc {
    /// No location at all (the adoption agency's new elements), with the start tag and
    /// attributes of the element it copies, for elements later reconstructed from it.
    Absent { origin: Option<(Span, NodeId)> },
    /// `null`: an element the tree builder implied, not created for a start tag.
    Null,
    /// Created for a start tag (or reconstructed from an element that was): the start tag,
    /// the element whose attributes' locations it has, its end and its end tag.
    At {
        start_tag: Span,
        attrs_of: NodeId,
        end: usize,
        end_tag: Option<Span>,
    },
}

impl ElemLoc {
    /// The start tag (and the element with its attributes) a copy of this element has.
    fn origin(self) -> Option<(Span, NodeId)> {
        match self {
            ElemLoc::At {
                start_tag,
                attrs_of,
                ..
            } => Some((start_tag, attrs_of)),
            ElemLoc::Absent { origin } => origin,
            ElemLoc::Null => None,
        }
    }

    /// Whether the element has a location without an end tag.
    fn open(self) -> bool {
        matches!(self, ElemLoc::At { end_tag: None, .. })
    }
}

/// parse5's element locations (indexed by node), from the tree builder's events: parse5
/// sets an element's end when it leaves the stack of open elements, to the end of the token
/// then processed if that is an end tag with the element's name (which is then its
/// `endTag`), else to the token's start; `</body>` and `</html>` set the end of `body` and
/// `html`, which stay open (and `</html>` that of the element above `html` without an end
/// tag); at the end of the file the elements still open end there (`html` and the element
/// above it only when `html` has a location and no end tag, and then only without one of
/// their own). Elements reconstructed from the list of active formatting elements have the
/// location of the start tag the original was created for.
fn locate(doc: &h::Document, events: &[StackEvent]) -> Vec<ElemLoc> {
    let mut locs: Vec<ElemLoc> = doc
        .node_ids()
        .map(|id| match doc.start_tag_span(id) {
            Some(t) => ElemLoc::At {
                start_tag: t,
                attrs_of: id,
                end: t.end,
                end_tag: None,
            },
            None => ElemLoc::Null,
        })
        .collect();
    let html = doc.document_element();
    let loc = |locs: &[ElemLoc], n: NodeId| locs.get(n.index()).copied().unwrap_or(ElemLoc::Null);
    let set_end = |locs: &mut [ElemLoc], node: NodeId, token: Span, named: bool| {
        if let Some(ElemLoc::At { end, end_tag, .. }) = locs.get_mut(node.index()) {
            if named {
                *end_tag = Some(token);
                *end = token.end;
            } else {
                *end = token.start;
            }
        }
    };
    for e in events {
        match *e {
            StackEvent::Popped {
                node,
                token,
                named,
                eof_depth,
                in_tag,
            } => {
                // parse5 appends void and self-closed elements without pushing them (our tree
                // builder pushes and pops them at once): their end stays their start tag's.
                if in_tag
                    && matches!(loc(&locs, node), ElemLoc::At { start_tag, .. } if start_tag == token)
                {
                    continue;
                }
                let bottom = matches!(eof_depth, Some(0 | 1));
                if !bottom
                    || (html.is_some_and(|h| loc(&locs, h).open()) && loc(&locs, node).open())
                {
                    set_end(&mut locs, node, token, named);
                }
            }
            StackEvent::EndTagSeen { node, token, named } => {
                if named || loc(&locs, node).open() {
                    set_end(&mut locs, node, token, named);
                }
            }
            StackEvent::Cloned {
                clone,
                from,
                reconstructed,
            } => {
                let origin = loc(&locs, from).origin();
                let new = match origin {
                    Some((start_tag, attrs_of)) if reconstructed => ElemLoc::At {
                        start_tag,
                        attrs_of,
                        end: start_tag.end,
                        end_tag: None,
                    },
                    None if reconstructed => ElemLoc::Null,
                    _ => ElemLoc::Absent { origin },
                };
                if let Some(slot) = locs.get_mut(clone.index()) {
                    *slot = new;
                }
            }
            // Where a node went, not where its tags were: no location changes.
            StackEvent::Implied { .. }
            | StackEvent::FosterParented { .. }
            | StackEvent::AdoptionMoved { .. } => {}
        }
    }
    locs
}

/// The JSON text of the flat record list, written as it is built (no intermediate values):
/// each item is followed by a comma, and [`Out::finish`] closes the array.
struct Out(Vec<u8>);

impl Out {
    fn new(capacity: usize) -> Out {
        let mut v = Vec::with_capacity(capacity);
        v.push(b'[');
        Out(v)
    }

    /// A whole number, in decimal digits (`itoa`, which serde_json already links: no
    /// formatting machinery, and a tree with locations has about 30 numbers an element).
    fn num(&mut self, n: usize) {
        self.0
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
        self.0.push(b',');
    }

    /// A parent record: its index, or `-1` for none.
    fn parent(&mut self, parent: Option<usize>) {
        match parent {
            Some(p) => self.num(p),
            None => self.0.extend_from_slice(b"-1,"),
        }
    }

    fn str(&mut self, s: &str) {
        // Writing to a vector does not fail.
        let _ = serde_json::to_writer(&mut self.0, s);
        self.0.push(b',');
    }

    fn finish(mut self) -> String {
        match self.0.last_mut() {
            Some(last @ b',') => *last = b']',
            _ => self.0.push(b']'),
        }
        // Only JSON text (UTF-8) was written.
        String::from_utf8(self.0).unwrap_or_default()
    }
}

/// Byte offsets into the input as parse5's positions: line, column (1-based, UTF-16 code
/// units) and offset (UTF-16 code units), from the document's line index.
struct Place<'a>(Positions<'a>);

impl Place<'_> {
    /// Pushes line, column and offset of byte offset `at`.
    fn push(&mut self, out: &mut Out, at: usize) {
        let p = self.0.position(at);
        out.num(p.line);
        out.num(p.column);
        out.num(p.utf16_offset);
    }

    /// Pushes the six numbers of `span`.
    fn push_span(&mut self, out: &mut Out, span: Span) {
        self.push(out, span.start);
        self.push(out, span.end);
    }
}

/// The span parse5 gives text node `id` whose own span is `span`: the first text of a `pre`,
/// `listing` or `textarea` whose leading newline the parser dropped starts, in parse5, where
/// the dropped newline did when more whitespace followed it (parse5 drops the newline from a
/// token of whitespace and keeps the token's start).
fn leading_newline(doc: &h::Document, id: NodeId, span: Span) -> Span {
    let Some(parent) = doc.parent(id) else {
        return span;
    };
    let starts_with_space = matches!(doc.data(id), NodeData::Text(t)
        if t.starts_with(['\t', '\n', '\x0c', '\r', ' ']));
    if starts_with_space
        && doc.first_child(parent) == Some(id)
        && doc.namespace(parent) == Some(Namespace::Html)
        && matches!(doc.local_name(parent), Some("pre" | "listing" | "textarea"))
        && let Some(tag) = doc.start_tag_span(parent)
        && tag.end < span.start
    {
        return Span::new(tag.end, span.end);
    }
    span
}

/// Pushes the location record of node `id` (see the module docs).
fn push_location(
    doc: &h::Document,
    id: NodeId,
    locs: &[ElemLoc],
    place: &mut Place<'_>,
    out: &mut Out,
) {
    match doc.data(id) {
        NodeData::Element(_) => match locs.get(id.index()).copied().unwrap_or(ElemLoc::Null) {
            ElemLoc::Absent { .. } => out.num(0),
            ElemLoc::Null => out.num(1),
            ElemLoc::At {
                start_tag,
                attrs_of,
                end,
                end_tag,
            } => {
                out.num(2);
                place.push_span(out, start_tag);
                place.push(out, end);
                match end_tag {
                    Some(t) => {
                        out.num(1);
                        place.push_span(out, t);
                    }
                    None => out.num(0),
                }
                // The attributes of the start tag (not those merged in from a later `<html>`
                // or `<body>`), by their names in the tag, lowercase.
                let in_tag = |span: Option<Span>| {
                    span.filter(|s| s.start >= start_tag.start && s.end <= start_tag.end)
                };
                out.num(
                    doc.attrs(attrs_of)
                        .filter(|a| in_tag(a.span()).is_some())
                        .count(),
                );
                for a in doc.attrs(attrs_of) {
                    if let Some(span) = in_tag(a.span()) {
                        out.str(&a.qualified_name().to_ascii_lowercase());
                        place.push_span(out, span);
                    }
                }
            }
        },
        _ => match doc.span(id) {
            Some(span) => {
                out.num(2);
                place.push_span(out, leading_newline(doc, id, span));
            }
            None => out.num(1),
        },
    }
}

/// The flat record list of `doc` (see the module docs), with locations when `locs` is given.
fn records(doc: &h::Document, locs: Option<&[ElemLoc]>, place: &mut Place<'_>) -> String {
    let mut out = Out::new(doc.len() * 24);
    let mut count: usize = 0;
    // (node, parent record) in reverse of the order they are emitted.
    let mut stack: Vec<(NodeId, Option<usize>)> = vec![(doc.root(), None)];
    while let Some((id, parent)) = stack.pop() {
        let kind = match doc.data(id) {
            NodeData::Document => 0,
            NodeData::Doctype(_) => 1,
            NodeData::Element(_) => 2,
            NodeData::Text(_) => 3,
            NodeData::Comment(_) => 4,
            // parse5 has no processing instructions or shadow roots (seed standard: none).
            NodeData::ProcessingInstruction { .. }
            | NodeData::ShadowRoot(_)
            | NodeData::Fragment => {
                continue;
            }
        };
        let me = count;
        count += 1;
        out.num(kind);
        out.parent(parent);
        match doc.data(id) {
            NodeData::Document => out.str(match doc.quirks_mode {
                QuirksMode::NoQuirks => "no-quirks",
                QuirksMode::LimitedQuirks => "limited-quirks",
                QuirksMode::Quirks => "quirks",
            }),
            NodeData::Doctype(dt) => {
                out.str(&dt.name);
                out.str(&dt.public_id);
                out.str(&dt.system_id);
            }
            NodeData::Element(_) => {
                out.str(doc.local_name(id).unwrap_or(""));
                out.num(match doc.namespace(id) {
                    Some(Namespace::Svg) => 1,
                    Some(Namespace::MathMl) => 2,
                    _ => 0,
                });
                out.num(doc.attrs(id).count());
                for a in doc.attrs(id) {
                    out.str(a.name());
                    out.str(a.value());
                    let ns = match a.namespace() {
                        AttrNamespace::None => 0,
                        AttrNamespace::XLink => 1,
                        AttrNamespace::Xml => 2,
                        AttrNamespace::Xmlns => 3,
                    };
                    out.num(ns);
                    if ns != 0 {
                        out.str(a.prefix().unwrap_or(""));
                    }
                }
            }
            NodeData::Text(t) | NodeData::Comment(t) => out.str(t),
            _ => {}
        }
        if let Some(locs) = locs
            && id != doc.root()
        {
            push_location(doc, id, locs, place, &mut out);
        }
        // Children in reverse, so that they pop in order; a template's go under its
        // content fragment, emitted first.
        let first = stack.len();
        stack.extend(doc.children(id).map(|c| (c, Some(me))));
        stack[first..].reverse();
        if let Some(content) = doc.template_contents(id) {
            let frag = count;
            count += 1;
            out.num(5);
            out.num(me);
            let first = stack.len();
            stack.extend(doc.children(content).map(|c| (c, Some(frag))));
            stack[first..].reverse();
        }
    }
    out.finish()
}
