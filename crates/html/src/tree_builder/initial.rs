//! §13.2.6.4.1-§13.2.6.4.6 and §13.2.6.4.8: "initial", "before html", "before head",
//! "in head", "in head noscript", "after head" and "text".

use super::TagId;
use super::quirks::*;
use super::{InsertionMode, Step, Tok, TreeBuilder, ws_prefix_len};
use crate::dom::{Doctype, Namespace, NodeId, QuirksMode, ShadowRootMode, SlotAssignment};
use crate::tokenizer::{State, Tag, TagRef};

fn starts_with_ci(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

impl TreeBuilder {
    // 13.2.6.4.1 The "initial" insertion mode
    pub(super) fn initial_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let rest = &s[ws_prefix_len(s)..];
        if !rest.is_empty() {
            self.chars_at(rest);
            self.initial_anything_else();
        }
        rest
    }

    fn initial_anything_else(&mut self) {
        // Not an iframe srcdoc document: parse error, quirks mode.
        self.err("missing-doctype");
        self.doc.quirks_mode = QuirksMode::Quirks;
        self.mode = InsertionMode::BeforeHtml;
    }

    pub(super) fn initial(&mut self, tok: Tok<'_>) -> Step {
        match tok {
            Tok::Comment(c) => {
                self.insert_comment(c, Some(NodeId::DOCUMENT));
                Step::Done
            }
            Tok::Doctype(d) => {
                let name = d.name.as_deref();
                if name != Some("html")
                    || d.public_id.is_some()
                    || d.system_id
                        .as_deref()
                        .is_some_and(|s| s != "about:legacy-compat")
                {
                    self.err("bad-doctype");
                }
                let node = self.doc.create_doctype(Doctype {
                    name: d.name.clone().unwrap_or_default(),
                    public_id: d.public_id.clone().unwrap_or_default(),
                    system_id: d.system_id.clone().unwrap_or_default(),
                });
                self.doc.set_node_span(node, Some(self.tok_span));
                self.doc.append(NodeId::DOCUMENT, node);
                let public = d.public_id.as_deref().unwrap_or("");
                // Living standard (whatwg/html e7318c5e): "The system identifier is missing or
                // the empty string, and the public identifier starts with ..." (quirks) and
                // "neither missing nor the empty string" (limited quirks); the seed text says
                // only "missing" / "not missing".
                let no_system =
                    d.system_id.is_none() || (self.living && d.system_id.as_deref() == Some(""));
                let quirks = d.force_quirks
                    || name != Some("html")
                    || d.public_id.as_deref().is_some_and(|p| {
                        QUIRKS_PUBLIC_IS.iter().any(|q| p.eq_ignore_ascii_case(q))
                    })
                    || d.system_id.as_deref().is_some_and(|s| {
                        QUIRKS_SYSTEM_IS.iter().any(|q| s.eq_ignore_ascii_case(q))
                    })
                    || (d.public_id.is_some()
                        && QUIRKS_PUBLIC_STARTS
                            .iter()
                            .any(|q| starts_with_ci(public, q)))
                    || (no_system
                        && d.public_id.is_some()
                        && QUIRKS_PUBLIC_STARTS_IF_NO_SYSTEM
                            .iter()
                            .any(|q| starts_with_ci(public, q)));
                let limited = !quirks
                    && d.public_id.is_some()
                    && (LIMITED_QUIRKS_PUBLIC_STARTS
                        .iter()
                        .any(|q| starts_with_ci(public, q))
                        || (!no_system
                            && LIMITED_QUIRKS_PUBLIC_STARTS_IF_SYSTEM
                                .iter()
                                .any(|q| starts_with_ci(public, q))));
                if quirks {
                    self.doc.quirks_mode = QuirksMode::Quirks;
                } else if limited {
                    self.doc.quirks_mode = QuirksMode::LimitedQuirks;
                }
                self.mode = InsertionMode::BeforeHtml;
                Step::Done
            }
            _ => {
                self.initial_anything_else();
                Step::Reprocess
            }
        }
    }

    // 13.2.6.4.2 The "before html" insertion mode
    pub(super) fn before_html_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let rest = &s[ws_prefix_len(s)..];
        if !rest.is_empty() {
            self.before_html_anything_else();
        }
        rest
    }

    fn before_html_anything_else(&mut self) {
        let html = self.doc.create_element(crate::dom::Element {
            namespace: crate::dom::Namespace::Html,
            name: "html".into(),
            attrs: Vec::new(),
            start_tag: None,
            end_tag: None,
        });
        self.doc.append(NodeId::DOCUMENT, html);
        self.push(html, TagId::Html, crate::dom::Namespace::Html);
        self.log(|_| super::StackEvent::Implied {
            node: html,
            mode: InsertionMode::BeforeHtml,
        });
        self.mode = InsertionMode::BeforeHead;
    }

    pub(super) fn before_html(&mut self, tok: Tok<'_>) -> Step {
        match tok {
            Tok::Doctype(_) => {
                self.err("unexpected-doctype");
                Step::Done
            }
            Tok::Comment(c) => {
                self.insert_comment(c, Some(NodeId::DOCUMENT));
                Step::Done
            }
            Tok::Start(t, TagId::Html) => {
                let html = self.create_html_element(t, TagId::Html);
                self.doc.append(NodeId::DOCUMENT, html);
                self.push(html, TagId::Html, crate::dom::Namespace::Html);
                self.mode = InsertionMode::BeforeHead;
                Step::Done
            }
            Tok::End(_, TagId::Head | TagId::Body | TagId::Html | TagId::Br)
            | Tok::Start(..)
            | Tok::Eof => {
                self.before_html_anything_else();
                Step::Reprocess
            }
            Tok::End(..) => {
                self.err("unexpected-end-tag-before-html");
                Step::Done
            }
        }
    }

    // 13.2.6.4.3 The "before head" insertion mode
    pub(super) fn before_head_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let rest = &s[ws_prefix_len(s)..];
        if !rest.is_empty() {
            self.before_head_anything_else();
        }
        rest
    }

    fn before_head_anything_else(&mut self) {
        let head = self.insert_implied("head", TagId::Head, InsertionMode::BeforeHead);
        self.head = Some(head);
        self.mode = InsertionMode::InHead;
    }

    pub(super) fn before_head(&mut self, tok: Tok<'_>) -> Step {
        match tok {
            Tok::Comment(c) => {
                self.insert_comment(c, None);
                Step::Done
            }
            Tok::Doctype(_) => {
                self.err("unexpected-doctype");
                Step::Done
            }
            Tok::Start(_, TagId::Html) => self.in_body(tok),
            Tok::Start(t, TagId::Head) => {
                let head = self.insert_html_element(t, TagId::Head);
                self.head = Some(head);
                self.mode = InsertionMode::InHead;
                Step::Done
            }
            Tok::End(_, TagId::Head | TagId::Body | TagId::Html | TagId::Br)
            | Tok::Start(..)
            | Tok::Eof => {
                self.before_head_anything_else();
                Step::Reprocess
            }
            Tok::End(..) => {
                self.err("unexpected-end-tag-before-head");
                Step::Done
            }
        }
    }

    // 13.2.6.4.4 The "in head" insertion mode
    pub(super) fn in_head_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let n = ws_prefix_len(s);
        self.insert_chars(&s[..n]);
        let rest = &s[n..];
        if !rest.is_empty() {
            self.in_head_anything_else();
        }
        rest
    }

    fn in_head_anything_else(&mut self) {
        self.pop();
        self.mode = InsertionMode::AfterHead;
    }

    pub(super) fn in_head(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, Html) => return self.in_body(tok),
            Tok::Start(t, id @ (Base | Basefont | Bgsound | Link | Meta)) => {
                self.insert_html_element(t, id);
                self.pop();
                self.ack();
                if id == Meta {
                    self.meta_encoding_declaration(t);
                }
            }
            Tok::Start(t, Title) => self.parse_raw_text(t, Title, State::Rcdata),
            Tok::Start(t, Noscript) if self.scripting => {
                self.parse_raw_text(t, Noscript, State::Rawtext)
            }
            Tok::Start(t, id @ (Noframes | Style)) => self.parse_raw_text(t, id, State::Rawtext),
            Tok::Start(t, Noscript) => {
                self.insert_html_element(t, Noscript);
                self.mode = InsertionMode::InHeadNoscript;
            }
            Tok::Start(t, Script) => self.parse_raw_text(t, Script, State::ScriptData),
            Tok::End(_, Head) => {
                self.pop();
                self.mode = InsertionMode::AfterHead;
            }
            Tok::End(_, Body | Html | Br) => {
                self.in_head_anything_else();
                return Step::Reprocess;
            }
            Tok::Start(t, Template) => self.start_template(t),
            Tok::End(_, Template) => self.end_template(),
            Tok::Start(_, Head) => self.err("unexpected-start-tag-in-head"),
            Tok::End(..) => self.err("unexpected-end-tag-in-head"),
            Tok::Start(..) | Tok::Eof => {
                self.in_head_anything_else();
                return Step::Reprocess;
            }
        }
        Step::Done
    }

    /// The "in head" rules for a start tag "template", with declarative shadow roots.
    fn start_template(&mut self, t: TagRef<'_>) {
        // Steps 1-5.
        self.push_afe_marker();
        self.frameset_ok = false;
        self.mode = InsertionMode::InTemplate;
        self.template_modes.push(InsertionMode::InTemplate);
        // Steps 6-9: an ordinary template unless the shadowrootmode attribute is not in the none
        // state, the document allows declarative shadow roots and the adjusted current node is
        // not the topmost element of the stack of open elements.
        let mode = t
            .attrs()
            .find(|a| a.name == "shadowrootmode")
            .and_then(|a| ShadowRootMode::from_attribute(a.value));
        let host = self.adjusted_current();
        let (Some(mode), true, Some(host)) = (mode, self.allow_declarative_shadow_roots, host)
        else {
            self.insert_html_element(t, TagId::Template);
            return;
        };
        if self.open.first().is_some_and(|o| o.node == host.node) {
            self.insert_html_element(t, TagId::Template);
            return;
        }
        // Step 10: the declarative shadow host element.
        let host = host.node;
        // Step 11: insert a foreign element with only-add-to-element-stack true: created and
        // pushed, not inserted.
        let place = self.appropriate_place(None);
        // Not inserted: nothing to log as foster-parented.
        self.fostered = None;
        let template = self.create_html_element(t, TagId::Template);
        self.push(template, TagId::Template, Namespace::Html);
        // Steps 12-15.
        let has = |name: &str| t.attrs().any(|a| a.name == name);
        let clonable = has("shadowrootclonable");
        let serializable = has("shadowrootserializable");
        let delegates_focus = has("shadowrootdelegatesfocus");
        // Living standard (whatwg/html 7fe76d01, f2d8b886): "Let slotAssignment be "named".
        // If templateStartTag's shadowrootslotassignment attribute is in the Manual state, then
        // set slotAssignment to "manual"." and "Let registry be null if templateStartTag has a
        // shadowrootcustomelementregistry attribute; otherwise declarativeShadowHostElement's
        // node document's custom element registry." (The seed text always uses "named" and the
        // document's registry.)
        let manual = self.living
            && t.attrs().any(|a| {
                a.name == "shadowrootslotassignment" && a.value.eq_ignore_ascii_case("manual")
            });
        let null_registry = self.living && has("shadowrootcustomelementregistry");
        // Step 16: the host already is a shadow host: insert the template there.
        if self.doc.is_shadow_host(host) {
            self.insert_at(place, template);
            return;
        }
        // Step 17.1: attach a shadow root; on failure insert the template there.
        let shadow = match self.doc.attach_shadow_root(
            host,
            mode,
            clonable,
            serializable,
            delegates_focus,
            if manual {
                SlotAssignment::Manual
            } else {
                SlotAssignment::Named
            },
        ) {
            Ok(s) => s,
            Err(_) => {
                self.insert_at(place, template);
                return;
            }
        };
        // Steps 17.2-17.5: declarative, the template's contents, available to element internals.
        if let Some(s) = self.doc.shadow_root_data_mut(shadow) {
            s.declarative = true;
            s.available_to_element_internals = true;
            s.null_custom_element_registry = null_registry;
        }
        self.doc.set_template_contents(template, shadow);
    }

    /// The "in head" rules for an end tag "template".
    pub(super) fn end_template(&mut self) {
        if self.counts[TagId::Template as usize] == 0 {
            self.err("unexpected-end-tag-template");
            return;
        }
        self.generate_all_implied_end_tags_thoroughly();
        if !self.current_is(TagId::Template) {
            self.err("end-tag-template-with-open-elements");
        }
        self.pop_until(TagId::Template);
        self.clear_afe_to_marker();
        self.template_modes.pop();
        self.reset_insertion_mode();
    }

    // 13.2.6.4.5 The "in head noscript" insertion mode
    pub(super) fn in_head_noscript_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let n = ws_prefix_len(s);
        self.insert_chars(&s[..n]);
        let rest = &s[n..];
        if !rest.is_empty() {
            self.chars_at(rest);
            self.err("unexpected-character-in-noscript");
            self.pop();
            self.mode = InsertionMode::InHead;
        }
        rest
    }

    pub(super) fn in_head_noscript(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, Html) => return self.in_body(tok),
            Tok::End(_, Noscript) => {
                self.pop();
                self.mode = InsertionMode::InHead;
            }
            Tok::Comment(_)
            | Tok::Start(_, Basefont | Bgsound | Link | Meta | Noframes | Style) => {
                return self.in_head(tok);
            }
            Tok::Start(_, Head | Noscript) => self.err("unexpected-start-tag-in-noscript"),
            Tok::End(_, id) if id != Br => self.err("unexpected-end-tag-in-noscript"),
            _ => {
                self.err(if matches!(tok, Tok::Eof) {
                    "eof-in-noscript"
                } else {
                    "unexpected-token-in-noscript"
                });
                self.pop();
                self.mode = InsertionMode::InHead;
                return Step::Reprocess;
            }
        }
        Step::Done
    }

    // 13.2.6.4.6 The "after head" insertion mode
    pub(super) fn after_head_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let n = ws_prefix_len(s);
        self.insert_chars(&s[..n]);
        let rest = &s[n..];
        if !rest.is_empty() {
            self.after_head_anything_else();
        }
        rest
    }

    fn after_head_anything_else(&mut self) {
        self.insert_implied("body", TagId::Body, InsertionMode::AfterHead);
        self.mode = InsertionMode::InBody;
    }

    pub(super) fn after_head(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, Html) => return self.in_body(tok),
            Tok::Start(t, Body) => {
                self.insert_html_element(t, Body);
                self.frameset_ok = false;
                self.mode = InsertionMode::InBody;
            }
            Tok::Start(t, Frameset) => {
                self.insert_html_element(t, Frameset);
                self.mode = InsertionMode::InFrameset;
            }
            Tok::Start(
                _,
                Base | Basefont | Bgsound | Link | Meta | Noframes | Script | Style | Template
                | Title,
            ) => {
                self.err("unexpected-start-tag-after-head");
                let Some(head) = self.head else {
                    return Step::Done;
                };
                self.push(head, Head, crate::dom::Namespace::Html);
                let r = self.in_head(tok);
                if let Some(i) = self.stack_index(head) {
                    self.remove_from_stack(i);
                }
                return r;
            }
            Tok::End(_, Template) => return self.in_head(tok),
            Tok::End(_, Body | Html | Br) => {
                self.after_head_anything_else();
                return Step::Reprocess;
            }
            Tok::Start(_, Head) => self.err("unexpected-start-tag-head"),
            Tok::End(..) => self.err("unexpected-end-tag-after-head"),
            Tok::Start(..) | Tok::Eof => {
                self.after_head_anything_else();
                return Step::Reprocess;
            }
        }
        Step::Done
    }

    // 13.2.6.4.8 The "text" insertion mode
    pub(super) fn text(&mut self, tok: Tok<'_>) -> Step {
        match tok {
            Tok::Eof => {
                self.err("eof-in-text");
                self.pop();
                self.mode = self.original_mode;
                Step::Reprocess
            }
            Tok::End(..) => {
                self.pop();
                self.mode = self.original_mode;
                Step::Done
            }
            _ => Step::Done,
        }
    }

    /// A start tag token with no attributes, for the "act as if" steps.
    pub(super) fn fake_tag(name: &str) -> Tag {
        Tag {
            name: name.to_owned(),
            attrs: Vec::new(),
            self_closing: false,
        }
    }
}
