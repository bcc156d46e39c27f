//! §13.2.6.5 the rules for parsing tokens in foreign content, and the §13.2.6.1 attribute and
//! tag-name adjustments for SVG and MathML.

use super::TagId;
use super::foreign_tables::{SVG_ATTRS, SVG_TAGS};
use super::{Step, Tok, TreeBuilder};

use crate::dom::{AttrInput, AttrNamespace, Namespace};
use crate::tokenizer::TagRef;

/// The SVG element name for a (lowercase) token tag name, if the table adjusts it.
pub(crate) fn adjust_svg_tag_name(name: &str) -> Option<&'static str> {
    SVG_TAGS
        .binary_search_by(|(k, _)| (*k).cmp(name))
        .ok()
        .map(|i| SVG_TAGS[i].1)
}

/// Builds the attributes of a foreign element: MathML/SVG case adjustments, then "adjust
/// foreign attributes" (the prefix follows from the namespace and name when stored).
fn foreign_attrs(tag: TagRef<'_>, ns: Namespace) -> impl Iterator<Item = AttrInput<'_>> {
    tag.attrs().map(move |a| {
        let name = a.name;
        let (namespace, local): (_, &str) = match name {
            "xlink:actuate" => (AttrNamespace::XLink, "actuate"),
            "xlink:arcrole" => (AttrNamespace::XLink, "arcrole"),
            "xlink:href" => (AttrNamespace::XLink, "href"),
            "xlink:role" => (AttrNamespace::XLink, "role"),
            "xlink:show" => (AttrNamespace::XLink, "show"),
            "xlink:title" => (AttrNamespace::XLink, "title"),
            "xlink:type" => (AttrNamespace::XLink, "type"),
            "xml:lang" => (AttrNamespace::Xml, "lang"),
            "xml:space" => (AttrNamespace::Xml, "space"),
            "xmlns" => (AttrNamespace::Xmlns, "xmlns"),
            "xmlns:xlink" => (AttrNamespace::Xmlns, "xlink"),
            _ => {
                let adjusted = match ns {
                    Namespace::MathMl if name == "definitionurl" => Some("definitionURL"),
                    Namespace::Svg => SVG_ATTRS
                        .binary_search_by(|(k, _)| (*k).cmp(name))
                        .ok()
                        .map(|i| SVG_ATTRS[i].1),
                    _ => None,
                };
                (AttrNamespace::None, adjusted.unwrap_or(name))
            }
        };
        AttrInput {
            namespace,
            name: local,
            value: a.value,
            span: Some(a.span),
            value_span: a.value_span,
            verbatim: a.value_verbatim,
        }
    })
}

impl TreeBuilder {
    /// Insert a foreign element for the token (with the adjustments), and push it.
    pub(super) fn insert_foreign_for_token(&mut self, t: TagRef<'_>, ns: Namespace) {
        let name: &str = match ns {
            Namespace::Svg => adjust_svg_tag_name(t.name()).unwrap_or(t.name()),
            _ => t.name(),
        };
        let id = match ns {
            Namespace::Svg => TagId::from_svg(name),
            Namespace::MathMl => TagId::from_mathml(name),
            Namespace::Html => TagId::from_html(name),
        };
        let limit = self.attr_limit();
        if t.attr_count() > limit {
            self.doc.limits_reached.attributes = true;
        }
        let node = self
            .doc
            .create_element_with(ns, name, foreign_attrs(t, ns).take(limit));
        self.record_token_span(node, t);
        self.insert_created(node, id, ns);
    }

    /// Foreign content character tokens.
    #[inline(never)]
    pub(super) fn foreign_chars(&mut self, s: &str) {
        for (i, part) in s.split('\0').enumerate() {
            if i > 0 {
                // The NUL is the byte before `part`.
                let nul = self.source_before(part);
                self.err_span("null-character-in-foreign-content", nul);
                self.text_span_override = nul.map(|(_, s)| s);
                self.insert_chars("\u{FFFD}");
                self.text_span_override = None;
            }
            if !part.is_empty() {
                self.insert_chars(part);
                if self.frameset_ok && part.bytes().any(|b| !super::is_ws(b)) {
                    self.frameset_ok = false;
                }
            }
        }
    }

    // Out of line: the dispatcher's loop stays small for the common HTML content.
    #[inline(never)]
    pub(super) fn foreign(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(
                _,
                B | Big | Blockquote | Body | Br | Center | Code | Dd | Div | Dl | Dt | Em | Embed
                | H1 | H2 | H3 | H4 | H5 | H6 | Head | Hr | I | Img | Li | Listing | Menu | Meta
                | Nobr | Ol | P | Pre | Ruby | S | Small | Span | Strong | Strike | Sub | Sup
                | Table | Tt | U | Ul | Var,
            )
            | Tok::End(_, Br | P) => return self.foreign_breakout(tok),
            Tok::Start(t, Font)
                if t.attrs()
                    .any(|a| matches!(a.name, "color" | "face" | "size")) =>
            {
                return self.foreign_breakout(tok);
            }
            Tok::Start(t, _) => {
                let ns = self.adjusted_current().map_or(Namespace::Html, |o| o.ns);
                self.insert_foreign_for_token(t, ns);
                if t.self_closing() {
                    // An SVG script acts as its end tag would: pop it.
                    self.pop();
                    self.ack();
                }
            }
            Tok::End(t, _) => {
                // An SVG "script" end tag pops the current node, like the generic steps do.
                let Some(top) = self.open.len().checked_sub(1) else {
                    return Step::Done;
                };
                let first = self.open[top];
                let first_matches = self.name_of(&first).eq_ignore_ascii_case(t.name());
                if !first_matches {
                    self.err("unexpected-end-tag-in-foreign-content");
                }
                if top == 0 {
                    return Step::Done;
                }
                if first_matches {
                    self.pop_until_node(first.node);
                    return Step::Done;
                }
                // Spec walk: down from the current node; a node whose name matches
                // (ASCII case-insensitively) is popped to; reaching an HTML element sends the
                // token to the current insertion mode. The nodes between the topmost HTML
                // element and the current node are all foreign, indexed by lowercased name.
                self.work += 1;
                let html = self
                    .ix
                    .top_class_below(&self.open, super::stack::class::HTML, top);
                let hit = self
                    .ix
                    .find_foreign_slot(t.name())
                    .and_then(|s| self.ix.top_name_below(&self.open, s, top));
                match (hit, html) {
                    (Some(m), h) if m > 0 && h.is_none_or(|h| m > h) => {
                        let node = self.open[m].node;
                        self.pop_until_node(node);
                    }
                    (_, Some(_)) => return self.step(self.mode, tok),
                    _ => {}
                }
            }
            Tok::Eof => return self.step(self.mode, tok),
        }
        Step::Done
    }

    fn foreign_breakout(&mut self, tok: Tok<'_>) -> Step {
        self.err("unexpected-html-element-in-foreign-content");
        while let Some(o) = self.current() {
            if o.ns == Namespace::Html || Self::is_mathml_text_ip(&o) || self.is_html_ip(&o) {
                break;
            }
            self.pop();
        }
        // Reprocess according to the current insertion mode in HTML content.
        self.step(self.mode, tok)
    }
}
