//! §13.2.6.4.7 the "in body" insertion mode, with the adoption agency algorithm.

use super::TagId;
use super::{Afe, InsertionMode, Scope, Step, Tok, TreeBuilder};
use crate::dom::Namespace;
use crate::tokenizer::{State, Tag};

impl TreeBuilder {
    /// "in body" character tokens (a run): NUL is a parse error and ignored; whitespace and
    /// other characters are inserted after reconstructing the active formatting elements.
    pub(super) fn in_body_chars(&mut self, s: &str) {
        let mut rest = s;
        while !rest.is_empty() {
            let (chunk, after) = match memchr::memchr(0, rest.as_bytes()) {
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
                    self.err("ignored-null-character");
                    rest = a;
                }
                None => break,
            }
        }
    }

    /// Stack holds a node that is not dd, dt, li, optgroup, option, p, rb, rp, rt, rtc, tbody,
    /// td, tfoot, th, thead, tr, body, html.
    fn has_unclosed_significant(&self) -> bool {
        use TagId::*;
        self.open.iter().any(|o| {
            !matches!(
                o.tag,
                Dd | Dt
                    | Li
                    | Optgroup
                    | Option
                    | P
                    | Rb
                    | Rp
                    | Rt
                    | Rtc
                    | Tbody
                    | Td
                    | Tfoot
                    | Th
                    | Thead
                    | Tr
                    | Body
                    | Html
            )
        })
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
    fn close_list_item(&mut self, is_item: impl Fn(TagId) -> bool, error: &'static str) {
        use TagId::*;
        self.frameset_ok = false;
        for i in (0..self.open.len()).rev() {
            let node = self.open[i];
            if is_item(node.tag) {
                let tag = node.tag;
                self.generate_implied_end_tags_except(Some(tag));
                if !self.current_is(tag) {
                    self.err(error);
                }
                self.pop_until(tag);
                break;
            }
            if Self::is_special(&node) && !matches!(node.tag, Address | Div | P) {
                break;
            }
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
                    self.doc.add_attrs_if_missing(top, Self::html_attrs(t));
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
                if self.open.len() > 1
                    && self.open[1].tag == Body
                    && self.counts[Template as usize] == 0
                {
                    self.frameset_ok = false;
                    let body = self.open[1].node;
                    self.doc.add_attrs_if_missing(body, Self::html_attrs(t));
                }
            }
            Tok::Start(t, Frameset) => {
                self.err("unexpected-start-tag-frameset");
                if self.open.len() > 1 && self.open[1].tag == Body && self.frameset_ok {
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
            Tok::Start(t, Form) => {
                let no_template = self.counts[Template as usize] == 0;
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
                self.close_list_item(|tag| tag == Li, "unexpected-open-element-closing-li");
                self.insert_html_element(t, Li);
            }
            Tok::Start(t, id @ (Dd | Dt)) => {
                self.close_list_item(
                    |tag| matches!(tag, Dd | Dt),
                    "unexpected-open-element-closing-dd-dt",
                );
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
            Tok::End(
                _,
                id @ (Address | Article | Aside | Blockquote | Button | Center | Details | Dialog
                | Dir | Div | Dl | Fieldset | Figcaption | Figure | Footer | Header | Hgroup
                | Listing | Main | Menu | Nav | Ol | Pre | Search | Section | Summary | Ul),
            ) => {
                if !self.in_scope(id, Scope::Default) {
                    self.err("unexpected-end-tag-not-in-scope");
                    return Step::Done;
                }
                self.generate_implied_end_tags();
                if !self.current_is(id) {
                    self.err("end-tag-with-open-elements");
                }
                self.pop_until(id);
            }
            Tok::End(_, Form) => {
                if self.counts[Template as usize] == 0 {
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
                    self.insert_html_element_named("p", P);
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
                let existing = self.afe.iter().rev().find_map(|e| match e {
                    Afe::Marker => Some(None),
                    Afe::Element(n, A) => Some(Some(*n)),
                    _ => None,
                });
                if let Some(Some(a)) = existing {
                    self.err("unexpected-start-tag-a-in-a");
                    let end = Self::fake_tag("a");
                    self.adoption_agency(&end, A);
                    if let Some(i) = self.afe_index(a) {
                        self.afe.remove(i);
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
                    self.adoption_agency(&end, Nobr);
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
                self.afe.push(Afe::Marker);
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
                self.insert_html_element(&t, Br);
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
                    .attrs
                    .iter()
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
                let img = Tag {
                    name: "img".into(),
                    attrs: t.attrs.clone(),
                    self_closing: t.self_closing,
                };
                return self.in_body(Tok::Start(&img, Img));
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
                if t.self_closing {
                    self.pop();
                    self.ack();
                }
            }
            Tok::Start(t, Svg) => {
                self.reconstruct_afe();
                self.insert_foreign_for_token(t, Namespace::Svg);
                if t.self_closing {
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
    pub(super) fn any_other_end_tag(&mut self, t: &Tag, id: TagId) {
        for i in (0..self.open.len()).rev() {
            let node = self.open[i];
            let same = if id == TagId::Other {
                node.tag == TagId::Other && self.is_html_named(&node, &t.name)
            } else {
                node.tag == id
            };
            if same {
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
                return;
            }
            if Self::is_special(&node) {
                self.err("unexpected-end-tag");
                return;
            }
        }
    }

    /// The adoption agency algorithm, for an end tag (or a fake one) named by `id`.
    pub(super) fn adoption_agency(&mut self, t: &Tag, id: TagId) {
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
            // Formatting element.
            let mut fe = None;
            for i in (0..self.afe.len()).rev() {
                match self.afe[i] {
                    Afe::Marker => break,
                    Afe::Element(n, tag) if tag == id => {
                        fe = Some((i, n));
                        break;
                    }
                    _ => {}
                }
            }
            let Some((fe_afe, fe_node)) = fe else {
                self.any_other_end_tag(t, id);
                return;
            };
            let Some(fe_stack) = self.stack_index(fe_node) else {
                self.err("adoption-agency-formatting-element-not-open");
                self.afe.remove(fe_afe);
                return;
            };
            if !self.node_in_scope(fe_node, Scope::Default) {
                self.err("adoption-agency-formatting-element-not-in-scope");
                return;
            }
            if self.current().map(|o| o.node) != Some(fe_node) {
                self.err("adoption-agency-misnested");
            }
            // Furthest block.
            let fb = (fe_stack + 1..self.open.len()).find(|&i| Self::is_special(&self.open[i]));
            let Some(mut fb_stack) = fb else {
                self.pop_until_node(fe_node);
                if let Some(i) = self.afe_index(fe_node) {
                    self.afe.remove(i);
                }
                return;
            };
            let fb_node = self.open[fb_stack].node;
            let common_ancestor = self.open[fe_stack - 1].node;
            let mut bookmark = fe_afe;
            let mut node_idx = fb_stack;
            let mut last_node = fb_node;
            let mut inner = 0;
            loop {
                inner += 1;
                node_idx -= 1;
                let node = self.open[node_idx];
                if node.node == fe_node {
                    break;
                }
                let mut node_afe = self.afe_index(node.node);
                if inner > 3
                    && let Some(i) = node_afe
                {
                    self.afe.remove(i);
                    if i < bookmark {
                        bookmark -= 1;
                    }
                    node_afe = None;
                }
                let Some(node_afe) = node_afe else {
                    self.remove_from_stack(node_idx);
                    fb_stack -= 1;
                    continue;
                };
                // Create a replacement element.
                let new = self.doc.clone_element(node.node);
                self.afe[node_afe] = Afe::Element(new, node.tag);
                self.on_stack[node.node.index()] = false;
                if self.on_stack.len() <= new.index() {
                    self.on_stack.resize(new.index() + 1, false);
                }
                self.on_stack[new.index()] = true;
                self.open[node_idx].node = new;
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
            // Steps 15-17.
            let new = self.doc.clone_element(fe_node);
            self.doc.reparent_children(fb_node, new);
            self.doc.append(fb_node, new);
            // Step 18: the list of active formatting elements.
            if let Some(i) = self.afe_index(fe_node) {
                self.afe.remove(i);
                if i < bookmark {
                    bookmark -= 1;
                }
            }
            let bookmark = bookmark.min(self.afe.len());
            self.afe.insert(bookmark, Afe::Element(new, id));
            // Step 19: the stack of open elements.
            if let Some(i) = self.stack_index(fe_node) {
                self.remove_from_stack(i);
                if i < fb_stack {
                    fb_stack -= 1;
                }
            }
            let fb_stack = self
                .open
                .iter()
                .rposition(|o| o.node == fb_node)
                .unwrap_or(fb_stack);
            self.open.insert(
                fb_stack + 1,
                super::Open {
                    node: new,
                    tag: id,
                    ns: Namespace::Html,
                },
            );
            self.counts[id as usize] += 1;
            if self.on_stack.len() <= new.index() {
                self.on_stack.resize(new.index() + 1, false);
            }
            self.on_stack[new.index()] = true;
        }
    }
}
