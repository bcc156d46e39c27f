//! §13.2.6.4.7 the "in body" insertion mode, with the adoption agency algorithm.

use super::TagId;
use super::{InsertionMode, Scope, Step, Tok, TreeBuilder};
use crate::dom::{Namespace, NodeId};
use crate::tokenizer::{State, TagRef};

/// The position of the first NUL byte of `b`. Most text runs between tags are short: for 4
/// to 16 bytes a test of two overlapping words (the loads of [`crate::dom::short_key`]) says
/// whether there is one at all (no call); a run with one, or a longer run, is searched by
/// `memchr`.
#[inline]
fn find_nul(b: &[u8]) -> Option<usize> {
    use crate::tokenizer::simd::has_zero_byte;
    let n = b.len();
    if n < 4 {
        return b.iter().position(|&x| x == 0);
    }
    let clear = n <= 16 && {
        let (first, last) = crate::dom::short_key(b);
        if n >= 8 {
            !has_zero_byte(first) && !has_zero_byte(last)
        } else {
            // Two 4-byte halves: both in one word.
            !has_zero_byte(first | last << 32)
        }
    };
    if clear { None } else { memchr::memchr(0, b) }
}

impl TreeBuilder {
    /// "in body", an end tag whose tag name is one of "address", "article", ..., "summary",
    /// "ul" (and, in the living standard, "select").
    fn end_generic_block(&mut self, id: TagId) {
        if !self.in_scope(id, Scope::Default) {
            self.err("unexpected-end-tag-not-in-scope");
            return;
        }
        self.generate_implied_end_tags();
        if !self.current_is(id) {
            self.err("end-tag-with-open-elements");
        }
        self.pop_until(id);
    }

    /// Whether this is the fragment case with a `select` context element.
    fn select_fragment_context(&self) -> bool {
        self.context
            .is_some_and(|c| c.tag == TagId::Select && c.ns == Namespace::Html)
    }

    /// Whether the form element pointer is kept out of the current insertion point. Living
    /// standard (whatwg/html PR #12911): "the parser is parsing template contents" when "the
    /// stack of open elements has a template element, or the parser's fragment context
    /// element is a template element". The seed text tests the stack alone ("there is a
    /// template element on the stack of open elements").
    pub(super) fn parsing_template_contents(&self) -> bool {
        self.counts[TagId::Template as usize] != 0
            || (self.living
                && self
                    .context
                    .is_some_and(|c| c.tag == TagId::Template && c.ns == Namespace::Html))
    }

    /// Living standard (whatwg/html 172cccf4, customizable select): the "in body" start tags
    /// "select", "input", "hr", "option" and "optgroup", which the seed text handles in the
    /// "in select" insertion modes once a select is open.
    fn in_body_select_living(&mut self, t: TagRef<'_>, id: TagId) -> Step {
        use TagId::*;
        match id {
            Select => {
                // "If the parser was created as part of the HTML fragment parsing algorithm
                // (fragment case) and the context element passed to that algorithm is a
                // select element: Parse error. Ignore the token."
                if self.select_fragment_context() {
                    self.err("unexpected-start-tag-in-select");
                    return Step::Done;
                }
                // "Otherwise, if the stack of open elements has a select element in scope:
                // Parse error. Ignore the token. Pop elements from the stack of open elements
                // until a select element has been popped from the stack."
                if self.in_scope(Select, Scope::Default) {
                    self.err("unexpected-start-tag-select-in-select");
                    self.pop_until(Select);
                    return Step::Done;
                }
                // "Otherwise: Reconstruct the active formatting elements, if any. Insert an
                // HTML element for the token. Set the frameset-ok flag to "not ok"."
                self.reconstruct_afe();
                self.insert_html_element(t, Select);
                self.frameset_ok = false;
            }
            Input => {
                // "If ... the context element passed to that algorithm is a select element:
                // Parse error. Ignore the token. Return."
                if self.select_fragment_context() {
                    self.err("unexpected-start-tag-in-select");
                    return Step::Done;
                }
                // "If the stack of open elements has a select element in scope: Parse error.
                // Pop elements from the stack of open elements until a select element has been
                // popped from the stack."
                if self.in_scope(Select, Scope::Default) {
                    self.err("unexpected-start-tag-in-select");
                    self.pop_until(Select);
                }
                // The rest as before: reconstruct, insert, pop, acknowledge, frameset-ok.
                self.reconstruct_afe();
                self.insert_html_element(t, Input);
                self.pop();
                self.ack();
                let hidden = t
                    .attrs()
                    .any(|a| a.name == "type" && a.value.eq_ignore_ascii_case("hidden"));
                if !hidden {
                    self.frameset_ok = false;
                }
            }
            Hr => {
                // "If the stack of open elements has a p element in button scope, then close a
                // p element. If the stack of open elements has a select element in scope:
                // Generate implied end tags. If the stack of open elements has an option
                // element in scope or has an optgroup element in scope, then this is a parse
                // error."
                self.close_p_in_button_scope();
                self.select_implied_end_tags(None);
                self.insert_html_element(t, Hr);
                self.pop();
                self.ack();
                self.frameset_ok = false;
            }
            _ => {
                // "option": "If the stack of open elements has a select element in scope:
                // Generate implied end tags except for optgroup elements. If the stack of open
                // elements has an option element in scope, then this is a parse error.
                // Otherwise: If the current node is an option element, then pop the current
                // node off the stack of open elements."
                // "optgroup": "If the stack of open elements has a select element in scope:
                // Generate implied end tags. If the stack of open elements has an option
                // element in scope or has an optgroup element in scope, then this is a parse
                // error. Otherwise, if the current node is an option element, then pop the
                // current node from the stack of open elements."
                let except = (id == Option).then_some(Optgroup);
                if !self.select_implied_end_tags(except) && self.current_is(Option) {
                    self.pop();
                }
                // "Reconstruct the active formatting elements, if any. Insert an HTML element
                // for the token."
                self.reconstruct_afe();
                self.insert_html_element(t, id);
            }
        }
        Step::Done
    }

    /// If a select element is in scope: generate implied end tags (except for `except`), then
    /// a parse error if an option (or, without `except`, an optgroup) is still in scope.
    /// Returns whether a select was in scope.
    fn select_implied_end_tags(&mut self, except: Option<TagId>) -> bool {
        if !self.in_scope(TagId::Select, Scope::Default) {
            return false;
        }
        self.generate_implied_end_tags_except(except);
        let open = if except.is_some() {
            self.in_scope(TagId::Option, Scope::Default)
        } else {
            self.in_scope_any(&[TagId::Option, TagId::Optgroup], Scope::Default)
        };
        if open {
            self.err("option-open-in-select");
        }
        true
    }
}

impl TreeBuilder {
    /// "in body" character tokens (a run): NUL is a parse error and ignored; whitespace and
    /// other characters are inserted after reconstructing the active formatting elements.
    #[inline(always)]
    pub(super) fn in_body_chars(&mut self, s: &str) {
        let mut rest = s;
        while !rest.is_empty() {
            let (chunk, after) = match find_nul(rest.as_bytes()) {
                Some(i) => (&rest[..i], Some(&rest[i + 1..])),
                None => (rest, None),
            };
            if !chunk.is_empty() {
                self.reconstruct_afe();
                self.insert_chars(chunk);
                if self.frameset_ok && chunk.bytes().any(|b| !super::is_ws(b)) {
                    self.frameset_ok = false;
                }
            }
            match after {
                Some(a) => {
                    let nul = self.source_before(a);
                    self.err_span("ignored-null-character", nul);
                    rest = a;
                }
                None => break,
            }
        }
    }

    /// Stack holds a node that is not dd, dt, li, optgroup, option, p, rb, rp, rt, rtc, tbody,
    /// td, tfoot, th, thead, tr, body, html (kept as a position list: no walk).
    fn has_unclosed_significant(&mut self) -> bool {
        // Membership depends on the tag id alone: some open element is significant when the
        // insignificant ones are not all of them.
        let insignificant: usize = super::stack::INSIGNIFICANT
            .iter()
            .map(|&t| self.counts[t as usize] as usize)
            .sum();
        let r = self.live > insignificant;
        debug_assert_eq!(
            r,
            self.open
                .iter()
                .any(|o| !o.is_hole() && o.classes & super::stack::class::SIGNIFICANT != 0)
        );
        r
    }

    /// Close a p element.
    pub(super) fn close_p(&mut self) {
        self.generate_implied_end_tags_except(Some(TagId::P));
        if !self.current_is(TagId::P) {
            self.err("unexpected-open-element-closing-p");
        }
        self.pop_until(TagId::P);
    }

    fn close_p_in_button_scope(&mut self) {
        if self.in_scope(TagId::P, Scope::Button) {
            self.close_p();
        }
    }

    /// "in body", start tags "li" and "dd"/"dt" (steps 1–6): frameset-ok "not ok"; walk the
    /// stack from the current node, closing the nearest open list item that `is_item` accepts
    /// (generating implied end tags except for it, `error` if it is not the current node), but
    /// not past a special element other than address, div and p; then close a p in button scope.
    fn close_list_item(&mut self, items: &[TagId], error: &'static str) {
        self.frameset_ok = false;
        // Spec walk: from the current node down, stop at an item (close it) or at a special
        // element other than address, div and p. List items are special themselves, so the
        // topmost item is found iff it is not below the topmost such special element.
        self.work += 1;
        let item = items
            .iter()
            .filter_map(|&t| self.ix.top_tag(&self.open, t))
            .max();
        let stop = self
            .ix
            .top_class(&self.open, super::stack::class::SPECIAL_NOT_ADP);
        if let Some(i) = item
            && stop.is_none_or(|s| i >= s)
        {
            let tag = self.open[i].tag;
            self.generate_implied_end_tags_except(Some(tag));
            if !self.current_is(tag) {
                self.err(error);
            }
            self.pop_until(tag);
        }
        self.close_p_in_button_scope();
    }

    pub(super) fn in_body(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(t, Html) => {
                self.err("unexpected-start-tag-html");
                if self.counts[Template as usize] == 0 {
                    let top = self.open[0].node;
                    self.add_attrs_if_missing(top, t);
                }
            }
            Tok::Start(
                _,
                Base | Basefont | Bgsound | Link | Meta | Noframes | Script | Style | Template
                | Title,
            )
            | Tok::End(_, Template) => return self.in_head(tok),
            Tok::Start(t, Body) => {
                self.err("unexpected-start-tag-body");
                if self.live > 1 && self.open[1].tag == Body && self.counts[Template as usize] == 0
                {
                    self.frameset_ok = false;
                    let body = self.open[1].node;
                    self.add_attrs_if_missing(body, t);
                }
            }
            Tok::Start(t, Frameset) => {
                self.err("unexpected-start-tag-frameset");
                if self.live > 1 && self.open[1].tag == Body && self.frameset_ok {
                    let body = self.open[1].node;
                    self.doc.detach(body);
                    while self.open.len() > 1 {
                        self.pop();
                    }
                    self.insert_html_element(t, Frameset);
                    self.mode = InsertionMode::InFrameset;
                }
            }
            Tok::Eof => {
                if !self.template_modes.is_empty() {
                    return self.in_template(tok);
                }
                if self.has_unclosed_significant() {
                    self.err("eof-with-open-elements");
                }
                // Stop parsing.
            }
            Tok::End(_, Body) => {
                if !self.in_scope(Body, Scope::Default) {
                    self.err("unexpected-end-tag-body");
                    return Step::Done;
                }
                if self.has_unclosed_significant() {
                    self.err("end-tag-body-with-open-elements");
                }
                self.mark_end_tag(Body);
                self.mode = InsertionMode::AfterBody;
            }
            Tok::End(_, Html) => {
                if !self.in_scope(Body, Scope::Default) {
                    self.err("unexpected-end-tag-html");
                    return Step::Done;
                }
                if self.has_unclosed_significant() {
                    self.err("end-tag-html-with-open-elements");
                }
                self.mode = InsertionMode::AfterBody;
                return Step::Reprocess;
            }
            Tok::Start(
                t,
                id @ (Address | Article | Aside | Blockquote | Center | Details | Dialog | Dir
                | Div | Dl | Fieldset | Figcaption | Figure | Footer | Header | Hgroup | Main
                | Menu | Nav | Ol | P | Search | Section | Summary | Ul),
            ) => {
                self.close_p_in_button_scope();
                self.insert_html_element(t, id);
            }
            Tok::Start(t, id @ (H1 | H2 | H3 | H4 | H5 | H6)) => {
                self.close_p_in_button_scope();
                if self
                    .current()
                    .is_some_and(|o| matches!(o.tag, H1 | H2 | H3 | H4 | H5 | H6))
                {
                    self.err("nested-heading");
                    self.pop();
                }
                self.insert_html_element(t, id);
            }
            Tok::Start(t, id @ (Pre | Listing)) => {
                self.close_p_in_button_scope();
                self.insert_html_element(t, id);
                self.ignore_lf = true;
                self.frameset_ok = false;
            }
            // Seed: "if there is no template element on the stack of open elements"; living
            // (whatwg/html PR #12911): "if the parser is not parsing template contents".
            Tok::Start(t, Form) => {
                let no_template = !self.parsing_template_contents();
                if self.form.is_some() && no_template {
                    self.err("unexpected-start-tag-form");
                    return Step::Done;
                }
                self.close_p_in_button_scope();
                let f = self.insert_html_element(t, Form);
                if no_template {
                    self.form = Some(f);
                }
            }
            Tok::Start(t, Li) => {
                self.close_list_item(&[Li], "unexpected-open-element-closing-li");
                self.insert_html_element(t, Li);
            }
            Tok::Start(t, id @ (Dd | Dt)) => {
                self.close_list_item(&[Dd, Dt], "unexpected-open-element-closing-dd-dt");
                self.insert_html_element(t, id);
            }
            Tok::Start(t, Plaintext) => {
                self.close_p_in_button_scope();
                self.insert_html_element(t, Plaintext);
                self.switch_to = Some(State::Plaintext);
            }
            Tok::Start(t, Button) => {
                if self.in_scope(Button, Scope::Default) {
                    self.err("nested-button");
                    self.generate_implied_end_tags();
                    self.pop_until(Button);
                }
                self.reconstruct_afe();
                self.insert_html_element(t, Button);
                self.frameset_ok = false;
            }
            Tok::Start(t, id @ (Select | Input | Hr | Option | Optgroup)) if self.living => {
                return self.in_body_select_living(t, id);
            }
            Tok::End(
                _,
                id @ (Address | Article | Aside | Blockquote | Button | Center | Details | Dialog
                | Dir | Div | Dl | Fieldset | Figcaption | Figure | Footer | Header | Hgroup
                | Listing | Main | Menu | Nav | Ol | Pre | Search | Section | Summary | Ul),
            ) => {
                self.end_generic_block(id);
            }
            // Living standard: "select" joined this end-tag list (whatwg/html 172cccf4).
            Tok::End(_, Select) if self.living => self.end_generic_block(Select),
            Tok::End(_, Form) => {
                if !self.parsing_template_contents() {
                    let node = self.form.take();
                    let Some(node) = node.filter(|n| self.node_in_scope(*n, Scope::Default)) else {
                        self.err("unexpected-end-tag-form");
                        return Step::Done;
                    };
                    self.generate_implied_end_tags();
                    if self.current().map(|o| o.node) != Some(node) {
                        self.err("end-tag-form-with-open-elements");
                    }
                    if let Some(i) = self.stack_index(node) {
                        self.remove_from_stack(i);
                    }
                } else {
                    if !self.in_scope(Form, Scope::Default) {
                        self.err("unexpected-end-tag-form");
                        return Step::Done;
                    }
                    self.generate_implied_end_tags();
                    if !self.current_is(Form) {
                        self.err("end-tag-form-with-open-elements");
                    }
                    self.pop_until(Form);
                }
            }
            Tok::End(_, P) => {
                if !self.in_scope(P, Scope::Button) {
                    self.err("unexpected-end-tag-p");
                    // Created for (and closed by) the end tag: its span is the end tag's.
                    let p = self.insert_implied("p", P, InsertionMode::InBody);
                    self.doc.set_node_span(p, Some(self.tok_span));
                }
                self.close_p();
            }
            Tok::End(_, Li) => {
                if !self.in_scope(Li, Scope::ListItem) {
                    self.err("unexpected-end-tag-li");
                    return Step::Done;
                }
                self.generate_implied_end_tags_except(Some(Li));
                if !self.current_is(Li) {
                    self.err("end-tag-li-with-open-elements");
                }
                self.pop_until(Li);
            }
            Tok::End(_, id @ (Dd | Dt)) => {
                if !self.in_scope(id, Scope::Default) {
                    self.err("unexpected-end-tag-dd-dt");
                    return Step::Done;
                }
                self.generate_implied_end_tags_except(Some(id));
                if !self.current_is(id) {
                    self.err("end-tag-dd-dt-with-open-elements");
                }
                self.pop_until(id);
            }
            Tok::End(_, id @ (H1 | H2 | H3 | H4 | H5 | H6)) => {
                const HS: [TagId; 6] = [H1, H2, H3, H4, H5, H6];
                if !self.in_scope_any(&HS, Scope::Default) {
                    self.err("unexpected-end-tag-heading");
                    return Step::Done;
                }
                self.generate_implied_end_tags();
                if !self.current_is(id) {
                    self.err("end-tag-heading-with-open-elements");
                }
                self.pop_until_one_of(&HS);
            }
            Tok::Start(t, A) => {
                if let Some((_, a)) = self.afe_find_tag(A) {
                    self.err("unexpected-start-tag-a-in-a");
                    let end = Self::fake_tag("a");
                    self.adoption_agency(end.view(), A);
                    if let Some(i) = self.afe_index(a) {
                        self.afe_remove(i);
                    }
                    if let Some(i) = self.stack_index(a) {
                        self.remove_from_stack(i);
                    }
                }
                self.reconstruct_afe();
                let n = self.insert_html_element(t, A);
                self.push_afe(n, A);
            }
            Tok::Start(
                t,
                id @ (B | Big | Code | Em | Font | I | S | Small | Strike | Strong | Tt | U),
            ) => {
                self.reconstruct_afe();
                let n = self.insert_html_element(t, id);
                self.push_afe(n, id);
            }
            Tok::Start(t, Nobr) => {
                self.reconstruct_afe();
                if self.in_scope(Nobr, Scope::Default) {
                    self.err("unexpected-start-tag-nobr-in-nobr");
                    let end = Self::fake_tag("nobr");
                    self.adoption_agency(end.view(), Nobr);
                    self.reconstruct_afe();
                }
                let n = self.insert_html_element(t, Nobr);
                self.push_afe(n, Nobr);
            }
            Tok::End(
                t,
                id @ (A | B | Big | Code | Em | Font | I | Nobr | S | Small | Strike | Strong | Tt
                | U),
            ) => self.adoption_agency(t, id),
            Tok::Start(t, id @ (Applet | Marquee | Object)) => {
                self.reconstruct_afe();
                self.insert_html_element(t, id);
                self.push_afe_marker();
                self.frameset_ok = false;
            }
            Tok::End(_, id @ (Applet | Marquee | Object)) => {
                if !self.in_scope(id, Scope::Default) {
                    self.err("unexpected-end-tag-not-in-scope");
                    return Step::Done;
                }
                self.generate_implied_end_tags();
                if !self.current_is(id) {
                    self.err("end-tag-with-open-elements");
                }
                self.pop_until(id);
                self.clear_afe_to_marker();
            }
            Tok::Start(t, Table) => {
                if self.doc.quirks_mode != crate::dom::QuirksMode::Quirks {
                    self.close_p_in_button_scope();
                }
                self.insert_html_element(t, Table);
                self.frameset_ok = false;
                self.mode = InsertionMode::InTable;
            }
            Tok::End(_, Br) => {
                self.err("unexpected-end-tag-br");
                let t = Self::fake_tag("br");
                self.reconstruct_afe();
                let br = self.insert_html_element(t.view(), Br);
                self.doc.set_node_span(br, Some(self.tok_span));
                self.pop();
                self.frameset_ok = false;
            }
            Tok::Start(t, id @ (Area | Br | Embed | Img | Keygen | Wbr)) => {
                self.reconstruct_afe();
                self.insert_html_element(t, id);
                self.pop();
                self.ack();
                self.frameset_ok = false;
            }
            Tok::Start(t, Input) => {
                self.reconstruct_afe();
                self.insert_html_element(t, Input);
                self.pop();
                self.ack();
                let hidden = t
                    .attrs()
                    .any(|a| a.name == "type" && a.value.eq_ignore_ascii_case("hidden"));
                if !hidden {
                    self.frameset_ok = false;
                }
            }
            Tok::Start(t, id @ (Param | Source | Track)) => {
                self.insert_html_element(t, id);
                self.pop();
                self.ack();
            }
            Tok::Start(t, Hr) => {
                self.close_p_in_button_scope();
                self.insert_html_element(t, Hr);
                self.pop();
                self.ack();
                self.frameset_ok = false;
            }
            Tok::Start(t, Image) => {
                self.err("unexpected-start-tag-image");
                let mut img = t.to_tag();
                img.name = "img".into();
                // The `img` element is created for this token: it gets the token's spans.
                let view = img.view();
                let token = std::mem::replace(&mut self.tok_tag, view.key());
                let step = self.in_body(Tok::Start(view, Img));
                self.tok_tag = token;
                return step;
            }
            Tok::Start(t, Textarea) => {
                self.insert_html_element(t, Textarea);
                self.ignore_lf = true;
                self.switch_to = Some(State::Rcdata);
                self.original_mode = self.mode;
                self.frameset_ok = false;
                self.mode = InsertionMode::Text;
            }
            Tok::Start(t, Xmp) => {
                self.close_p_in_button_scope();
                self.reconstruct_afe();
                self.frameset_ok = false;
                self.parse_raw_text(t, Xmp, State::Rawtext);
            }
            Tok::Start(t, Iframe) => {
                self.frameset_ok = false;
                self.parse_raw_text(t, Iframe, State::Rawtext);
            }
            Tok::Start(t, Noembed) => self.parse_raw_text(t, Noembed, State::Rawtext),
            Tok::Start(t, Noscript) if self.scripting => {
                self.parse_raw_text(t, Noscript, State::Rawtext)
            }
            Tok::Start(t, Select) => {
                self.reconstruct_afe();
                self.insert_html_element(t, Select);
                self.frameset_ok = false;
                self.mode = match self.mode {
                    InsertionMode::InTable
                    | InsertionMode::InCaption
                    | InsertionMode::InTableBody
                    | InsertionMode::InRow
                    | InsertionMode::InCell => InsertionMode::InSelectInTable,
                    _ => InsertionMode::InSelect,
                };
            }
            Tok::Start(t, id @ (Optgroup | Option)) => {
                if self.current_is(Option) {
                    self.pop();
                }
                self.reconstruct_afe();
                self.insert_html_element(t, id);
            }
            Tok::Start(t, id @ (Rb | Rtc)) => {
                if self.in_scope(Ruby, Scope::Default) {
                    self.generate_implied_end_tags();
                    if !self.current_is(Ruby) {
                        self.err("unexpected-start-tag-ruby-child");
                    }
                }
                self.insert_html_element(t, id);
            }
            Tok::Start(t, id @ (Rp | Rt)) => {
                if self.in_scope(Ruby, Scope::Default) {
                    self.generate_implied_end_tags_except(Some(Rtc));
                    if !self.current_is(Rtc) && !self.current_is(Ruby) {
                        self.err("unexpected-start-tag-ruby-child");
                    }
                }
                self.insert_html_element(t, id);
            }
            Tok::Start(t, Math) => {
                self.reconstruct_afe();
                self.insert_foreign_for_token(t, Namespace::MathMl);
                if t.self_closing() {
                    self.pop();
                    self.ack();
                }
            }
            Tok::Start(t, Svg) => {
                self.reconstruct_afe();
                self.insert_foreign_for_token(t, Namespace::Svg);
                if t.self_closing() {
                    self.pop();
                    self.ack();
                }
            }
            Tok::Start(
                _,
                Caption | Col | Colgroup | Frame | Head | Tbody | Td | Tfoot | Th | Thead | Tr,
            ) => self.err("unexpected-start-tag-in-body"),
            Tok::Start(t, id) => {
                self.reconstruct_afe();
                self.insert_html_element(t, id);
            }
            Tok::End(t, id) => self.any_other_end_tag(t, id),
        }
        Step::Done
    }

    /// "in body": any other end tag.
    ///
    /// Spec walk: from the current node down, an HTML element with the token's tag name is
    /// closed (after generating implied end tags except for it); a special element met first
    /// is a parse error and the token is ignored. Every special element has a known tag id, so
    /// the answer is the topmost element with the name if no special element sits above it.
    pub(super) fn any_other_end_tag(&mut self, t: TagRef<'_>, id: TagId) {
        self.work += 1;
        let found = if id == TagId::Other {
            self.doc
                .lookup_name(t.name())
                .and_then(|n| self.ix.find_html_slot(n))
                .and_then(|s| self.ix.top_name_below(&self.open, s, usize::MAX))
        } else {
            self.ix.top_tag(&self.open, id)
        };
        let special = self.ix.top_class(&self.open, super::stack::class::SPECIAL);
        match found {
            Some(i) if special.is_none_or(|s| i >= s) => {
                let node = self.open[i];
                if id == TagId::Other {
                    // Generate implied end tags except for elements with this tag name (none of
                    // the implied ones has an `Other` id).
                    self.generate_implied_end_tags();
                } else {
                    self.generate_implied_end_tags_except(Some(id));
                }
                if self.current().map(|o| o.node) != Some(node.node) {
                    self.err("end-tag-with-open-elements");
                }
                self.pop_until_node(node.node);
            }
            _ if special.is_some() => self.err("unexpected-end-tag"),
            _ => {}
        }
    }

    /// The adoption agency algorithm, for an end tag (or a fake one) named by `id`.
    ///
    /// The stack changes of the inner loop (nodes removed, nodes replaced) are collected and
    /// applied with step 19's in one splice, so that one run costs the distance between the
    /// formatting element and the furthest block, not the depth of the stack.
    pub(super) fn adoption_agency(&mut self, t: TagRef<'_>, id: TagId) {
        // Step 2.
        if let Some(cur) = self.current()
            && cur.tag == id
            && cur.ns == Namespace::Html
            && self.afe_index(cur.node).is_none()
        {
            self.pop();
            return;
        }
        // Steps 3-4: the outer loop, at most 8 times.
        for _ in 0..8 {
            // A resource limit reached by the clones of the last round ends parsing here
            // (between rounds: the stack and the list are consistent).
            if self.node_limit_hit || self.at_node_limit() {
                return;
            }
            // Formatting element: the last element after the last marker with the tag name.
            let Some((fe_afe, fe_node)) = self.afe_find_tag(id) else {
                self.any_other_end_tag(t, id);
                return;
            };
            if self.current().is_some_and(|o| o.node == fe_node) {
                // The formatting element is the current node (a well-nested end tag): open, in
                // scope, and with no furthest block above it, so the steps below pop it and
                // remove it from the list.
                self.pop();
                self.afe_remove(fe_afe);
                return;
            }
            let Some(fe_stack) = self.stack_index(fe_node) else {
                self.err("adoption-agency-formatting-element-not-open");
                self.afe_remove(fe_afe);
                return;
            };
            if !self.node_in_scope(fe_node, Scope::Default) {
                self.err("adoption-agency-formatting-element-not-in-scope");
                return;
            }
            if self.current().map(|o| o.node) != Some(fe_node) {
                self.err("adoption-agency-misnested");
            }
            // Furthest block: the lowest special element above the formatting element.
            let Some(fb_stack) =
                self.ix
                    .first_class_above(&self.open, super::stack::class::SPECIAL, fe_stack)
            else {
                self.pop_until_node(fe_node);
                self.afe_remove(fe_afe);
                return;
            };
            let fb_node = self.open[fb_stack].node;
            let Some(below) = self.live_below(fe_stack) else {
                return;
            };
            let common_ancestor = self.open[below].node;
            let mut bookmark = fe_afe;
            let mut node_idx = fb_stack;
            let mut last_node = fb_node;
            let mut inner = 0;
            // The entries strictly between the formatting element and the furthest block that
            // stay on the stack (replaced by their clones), top first.
            let mut kept: Vec<super::Open> = Vec::new();
            loop {
                self.work += 1;
                node_idx -= 1;
                let node = self.open[node_idx];
                if node.is_hole() {
                    self.hole_steps += 1;
                    continue;
                }
                inner += 1;
                if node.node == fe_node {
                    break;
                }
                let mut node_afe = self.afe_index(node.node);
                if inner > 3
                    && let Some(i) = node_afe
                {
                    self.afe_remove(i);
                    if i < bookmark {
                        bookmark -= 1;
                    }
                    node_afe = None;
                }
                let Some(node_afe) = node_afe else {
                    // Removed from the stack (applied below).
                    if self.events.is_some() {
                        self.log_popped(node.node);
                    }
                    continue;
                };
                // Create a replacement element.
                let new = self.clone_counted(node.node);
                self.log(|_| super::StackEvent::Cloned {
                    clone: new,
                    from: node.node,
                    reconstructed: false,
                });
                self.afe_replace(node_afe, new);
                kept.push(super::Open {
                    node: new,
                    elem: self.doc.element_record(new).unwrap_or(super::stack::NONE),
                    ..node
                });
                if last_node == fb_node {
                    bookmark = node_afe + 1;
                }
                self.doc.append(new, last_node);
                last_node = new;
            }
            // Step 14: insert last node at the appropriate place for common ancestor.
            self.doc.detach(last_node);
            let place = self.appropriate_place(Some(common_ancestor));
            self.insert_at(place, last_node);
            self.log(|_| super::StackEvent::AdoptionMoved {
                node: last_node,
                formatting: fe_node,
                step: super::AdoptionStep::LastNode,
            });
            // Steps 15-17.
            let new = self.clone_counted(fe_node);
            self.log(|_| super::StackEvent::Cloned {
                clone: new,
                from: fe_node,
                reconstructed: false,
            });
            if self.events.is_some() {
                let moved: Vec<NodeId> = self.doc.children(fb_node).collect();
                for node in moved {
                    self.log(|_| super::StackEvent::AdoptionMoved {
                        node,
                        formatting: fe_node,
                        step: super::AdoptionStep::ChildOfFurthestBlock { clone: new },
                    });
                }
            }
            self.doc.reparent_children(fb_node, new);
            self.doc.append(fb_node, new);
            self.deepened();
            // Step 18: the list of active formatting elements.
            let sig = match self.afe.get(fe_afe) {
                Some(super::Afe::Element(_, _, s)) => *s,
                _ => self.afe_sig(new, id),
            };
            if let Some(i) = self.afe_index(fe_node) {
                if i < bookmark {
                    bookmark -= 1;
                }
                if i == bookmark {
                    self.afe_replace(i, new);
                } else {
                    self.afe_remove(i);
                    self.afe_insert(bookmark, new, id, sig);
                }
            } else {
                self.afe_insert(bookmark, new, id, sig);
            }
            // Step 19 (with the inner loop's removals and replacements): the entries from the
            // formatting element through the furthest block become the kept ones, the
            // furthest block, and the new element.
            kept.reverse();
            let fb_open = self.open[fb_stack];
            kept.push(fb_open);
            let new_open = self.make_open(new, id, Namespace::Html);
            kept.push(new_open);
            // The formatting element leaves the stack (step 19).
            if self.events.is_some() {
                self.log_popped(fe_node);
            }
            self.splice_stack(fe_stack, fb_stack + 1, kept);
        }
    }
}

#[cfg(test)]
mod find_nul_tests {
    #[test]
    fn finds_the_first_nul_at_every_length_and_place() {
        for n in 0..40 {
            let clean = vec![b'a'; n];
            assert_eq!(super::find_nul(&clean), None, "{n}");
            for i in 0..n {
                let mut b = clean.clone();
                b[i] = 0;
                assert_eq!(super::find_nul(&b), Some(i), "{n} {i}");
                if i + 1 < n {
                    b[n - 1] = 0;
                    assert_eq!(super::find_nul(&b), Some(i), "{n} {i}");
                }
                // Bytes that borrow in the word test (0x01, 0x80, 0xFF) are not NULs.
                let mut c = vec![0x01u8; n];
                c[i] = 0x80;
                assert_eq!(super::find_nul(&c), None, "{n} {i}");
                c[i] = 0xFF;
                assert_eq!(super::find_nul(&c), None, "{n} {i}");
            }
        }
    }
}
