//! §13.2.6.4.9-§13.2.6.4.17: "in table", "in table text", "in caption", "in column group",
//! "in table body", "in row", "in cell", "in select" and "in select in table".

use super::TagId;
use super::{InsertionMode, Scope, Step, Tok, TreeBuilder, ws_prefix_len};
use crate::error::Span;

impl TreeBuilder {
    fn clear_stack_to(&mut self, keep: &[TagId]) {
        while let Some(o) = self.current() {
            if keep.contains(&o.tag) || o.tag == TagId::Html || o.tag == TagId::Template {
                break;
            }
            self.pop();
        }
    }

    /// Clear the stack back to a table context.
    fn clear_to_table(&mut self) {
        self.clear_stack_to(&[TagId::Table]);
    }

    /// Clear the stack back to a table body context.
    fn clear_to_table_body(&mut self) {
        self.clear_stack_to(&[TagId::Tbody, TagId::Tfoot, TagId::Thead]);
    }

    /// Clear the stack back to a table row context.
    fn clear_to_table_row(&mut self) {
        self.clear_stack_to(&[TagId::Tr]);
    }

    // 13.2.6.4.9 The "in table" insertion mode
    pub(super) fn in_table_chars<'s>(&mut self, s: &'s str) -> &'s str {
        use TagId::*;
        if self
            .current()
            .is_some_and(|o| matches!(o.tag, Table | Tbody | Template | Tfoot | Thead | Tr))
        {
            self.pending_table_text.clear();
            self.pending_table_text_non_ws = false;
            self.pending_table_text_pos.clear();
            self.pending_table_text_span = None;
            self.original_mode = self.mode;
            self.mode = InsertionMode::InTableText;
            return s;
        }
        // Anything else: a parse error per character token, each token then processed with
        // the "in body" rules. Of those, only a U+0000 NULL reports an error, so the run is
        // taken in pieces that end at each NULL: the errors keep the characters' order
        // wherever the input was split into chunks.
        self.foster_parenting = true;
        let mut rest = s;
        while !rest.is_empty() {
            let end = memchr::memchr(0, rest.as_bytes()).map_or(rest.len(), |i| i + 1);
            let (piece, tail) = rest.split_at(end);
            for (i, c) in piece.char_indices() {
                if c != '\0' {
                    let at = self.char_source(&piece[i..]);
                    self.err_span("unexpected-character-in-table", at);
                }
            }
            self.in_body_chars(piece);
            rest = tail;
        }
        self.foster_parenting = false;
        ""
    }

    fn in_table_anything_else(&mut self, tok: Tok<'_>) -> Step {
        self.err("unexpected-token-in-table");
        self.foster_parenting = true;
        let r = self.in_body(tok);
        self.foster_parenting = false;
        r
    }

    pub(super) fn in_table(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(t, Caption) => {
                self.clear_to_table();
                self.push_afe_marker();
                self.insert_html_element(t, Caption);
                self.mode = InsertionMode::InCaption;
            }
            Tok::Start(t, Colgroup) => {
                self.clear_to_table();
                self.insert_html_element(t, Colgroup);
                self.mode = InsertionMode::InColumnGroup;
            }
            Tok::Start(_, Col) => {
                self.clear_to_table();
                self.insert_implied("colgroup", Colgroup, InsertionMode::InTable);
                self.mode = InsertionMode::InColumnGroup;
                return Step::Reprocess;
            }
            Tok::Start(t, id @ (Tbody | Tfoot | Thead)) => {
                self.clear_to_table();
                self.insert_html_element(t, id);
                self.mode = InsertionMode::InTableBody;
            }
            Tok::Start(_, Td | Th | Tr) => {
                self.clear_to_table();
                self.insert_implied("tbody", Tbody, InsertionMode::InTable);
                self.mode = InsertionMode::InTableBody;
                return Step::Reprocess;
            }
            Tok::Start(_, Table) => {
                self.err("unexpected-start-tag-table-in-table");
                if self.in_scope(Table, Scope::Table) {
                    self.pop_until(Table);
                    self.reset_insertion_mode();
                    return Step::Reprocess;
                }
            }
            Tok::End(_, Table) => {
                if !self.in_scope(Table, Scope::Table) {
                    self.err("unexpected-end-tag-table");
                } else {
                    self.pop_until(Table);
                    self.reset_insertion_mode();
                }
            }
            Tok::End(
                _,
                Body | Caption | Col | Colgroup | Html | Tbody | Td | Tfoot | Th | Thead | Tr,
            ) => self.err("unexpected-end-tag-in-table"),
            Tok::Start(_, Style | Script | Template) | Tok::End(_, Template) => {
                return self.in_head(tok);
            }
            Tok::Start(t, Input)
                if t.attrs()
                    .any(|a| a.name == "type" && a.value.eq_ignore_ascii_case("hidden")) =>
            {
                self.err("unexpected-hidden-input-in-table");
                self.insert_html_element(t, Input);
                self.pop();
                self.ack();
            }
            Tok::Start(t, Form) => {
                self.err("unexpected-start-tag-form-in-table");
                if self.living {
                    // Living (whatwg/html PR #12911): "If the form element pointer is not null,
                    // and the parser is not parsing template contents, then ignore the token.
                    // Otherwise: insert an HTML element for the token, and, if the parser is
                    // not parsing template contents, set the form element pointer to point to
                    // the element created. Pop that form element off the stack."
                    let in_template = self.parsing_template_contents();
                    if self.form.is_some() && !in_template {
                        return Step::Done;
                    }
                    let f = self.insert_html_element(t, Form);
                    if !in_template {
                        self.form = Some(f);
                    }
                    self.pop();
                } else if self.counts[Template as usize] == 0 && self.form.is_none() {
                    // Seed: "If there is a template element on the stack of open elements, or
                    // if the form element pointer is not null, ignore the token. Otherwise:
                    // insert, set the form element pointer, pop."
                    let f = self.insert_html_element(t, Form);
                    self.form = Some(f);
                    self.pop();
                }
            }
            Tok::Eof => return self.in_body(tok),
            _ => return self.in_table_anything_else(tok),
        }
        Step::Done
    }

    // 13.2.6.4.10 The "in table text" insertion mode
    pub(super) fn in_table_text_chars(&mut self, s: &str) {
        for (i, c) in s.char_indices() {
            let at = self.char_source(&s[i..]);
            if c == '\0' {
                self.err_span("ignored-null-character", at);
                continue;
            }
            if !matches!(c, '\t' | '\n' | '\x0c' | '\r' | ' ') {
                self.pending_table_text_non_ws = true;
            }
            self.pending_table_text.push(c);
            self.pending_table_text_pos.push(at);
            if let Some((_, span)) = at {
                self.pending_table_text_span = Some(match self.pending_table_text_span {
                    Some(p) => Span::new(p.start.min(span.start), p.end.max(span.end)),
                    None => span,
                });
            }
        }
    }

    pub(super) fn in_table_text(&mut self, _tok: Tok<'_>) -> Step {
        let text = std::mem::take(&mut self.pending_table_text);
        if self.pending_table_text_non_ws {
            // Each pending character token is reprocessed with the "anything else" entry of
            // "in table": one parse error per character.
            let positions = std::mem::take(&mut self.pending_table_text_pos);
            for &at in &positions {
                self.err_span("unexpected-character-in-table", at);
            }
            self.pending_table_text_pos = positions;
            self.text_span_override = self.pending_table_text_span;
            self.foster_parenting = true;
            self.in_body_chars(&text);
            self.foster_parenting = false;
        } else {
            self.text_span_override = self.pending_table_text_span;
            self.insert_chars(&text);
        }
        self.text_span_override = None;
        self.pending_table_text_span = None;
        self.pending_table_text = text;
        self.pending_table_text.clear();
        self.pending_table_text_non_ws = false;
        self.pending_table_text_pos.clear();
        self.mode = self.original_mode;
        Step::Reprocess
    }

    // 13.2.6.4.11 The "in caption" insertion mode
    fn close_caption(&mut self) -> bool {
        if !self.in_scope(TagId::Caption, Scope::Table) {
            self.err("unexpected-end-tag-caption");
            return false;
        }
        self.generate_implied_end_tags();
        if !self.current_is(TagId::Caption) {
            self.err("end-tag-caption-with-open-elements");
        }
        self.pop_until(TagId::Caption);
        self.clear_afe_to_marker();
        self.mode = InsertionMode::InTable;
        true
    }

    pub(super) fn in_caption(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::End(_, Caption) => {
                self.close_caption();
            }
            Tok::Start(_, Caption | Col | Colgroup | Tbody | Td | Tfoot | Th | Thead | Tr)
            | Tok::End(_, Table) => {
                if self.close_caption() {
                    return Step::Reprocess;
                }
            }
            Tok::End(_, Body | Col | Colgroup | Html | Tbody | Td | Tfoot | Th | Thead | Tr) => {
                self.err("unexpected-end-tag-in-caption");
            }
            _ => return self.in_body(tok),
        }
        Step::Done
    }

    // 13.2.6.4.12 The "in column group" insertion mode
    pub(super) fn in_column_group_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let n = ws_prefix_len(s);
        self.insert_chars(&s[..n]);
        let rest = &s[n..];
        if !rest.is_empty() {
            if !self.current_is(TagId::Colgroup) {
                self.err("unexpected-character-in-column-group");
                // Ignore the token: drop one character and go on.
                let mut it = rest.chars();
                it.next();
                return it.as_str();
            }
            self.pop();
            self.mode = InsertionMode::InTable;
        }
        rest
    }

    pub(super) fn in_column_group(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, Html) => return self.in_body(tok),
            Tok::Start(t, Col) => {
                self.insert_html_element(t, Col);
                self.pop();
                self.ack();
            }
            Tok::End(_, Colgroup) => {
                if !self.current_is(Colgroup) {
                    self.err("unexpected-end-tag-colgroup");
                } else {
                    self.pop();
                    self.mode = InsertionMode::InTable;
                }
            }
            Tok::End(_, Col) => self.err("unexpected-end-tag-col"),
            Tok::Start(_, Template) | Tok::End(_, Template) => return self.in_head(tok),
            Tok::Eof => return self.in_body(tok),
            _ => {
                if !self.current_is(Colgroup) {
                    self.err("unexpected-token-in-column-group");
                } else {
                    self.pop();
                    self.mode = InsertionMode::InTable;
                    return Step::Reprocess;
                }
            }
        }
        Step::Done
    }

    // 13.2.6.4.13 The "in table body" insertion mode
    pub(super) fn in_table_body(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Start(t, Tr) => {
                self.clear_to_table_body();
                self.insert_html_element(t, Tr);
                self.mode = InsertionMode::InRow;
            }
            Tok::Start(_, Th | Td) => {
                self.err("unexpected-cell-in-table-body");
                self.clear_to_table_body();
                self.insert_implied("tr", Tr, InsertionMode::InTableBody);
                self.mode = InsertionMode::InRow;
                return Step::Reprocess;
            }
            Tok::End(_, id @ (Tbody | Tfoot | Thead)) => {
                if !self.in_scope(id, Scope::Table) {
                    self.err("unexpected-end-tag-in-table-body");
                } else {
                    self.clear_to_table_body();
                    self.pop();
                    self.mode = InsertionMode::InTable;
                }
            }
            Tok::Start(_, Caption | Col | Colgroup | Tbody | Tfoot | Thead)
            | Tok::End(_, Table) => {
                if !self.in_scope_any(&[Tbody, Thead, Tfoot], Scope::Table) {
                    self.err("unexpected-token-in-table-body");
                } else {
                    self.clear_to_table_body();
                    self.pop();
                    self.mode = InsertionMode::InTable;
                    return Step::Reprocess;
                }
            }
            Tok::End(_, Body | Caption | Col | Colgroup | Html | Td | Th | Tr) => {
                self.err("unexpected-end-tag-in-table-body");
            }
            _ => return self.in_table(tok),
        }
        Step::Done
    }

    // 13.2.6.4.14 The "in row" insertion mode
    fn end_tr(&mut self) -> bool {
        if !self.in_scope(TagId::Tr, Scope::Table) {
            self.err("unexpected-end-tag-tr");
            return false;
        }
        self.clear_to_table_row();
        self.pop();
        self.mode = InsertionMode::InTableBody;
        true
    }

    pub(super) fn in_row(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Start(t, id @ (Th | Td)) => {
                self.clear_to_table_row();
                self.insert_html_element(t, id);
                self.mode = InsertionMode::InCell;
                self.push_afe_marker();
            }
            Tok::End(_, Tr) => {
                self.end_tr();
            }
            Tok::Start(_, Caption | Col | Colgroup | Tbody | Tfoot | Thead | Tr)
            | Tok::End(_, Table) => {
                if self.end_tr() {
                    return Step::Reprocess;
                }
            }
            Tok::End(_, id @ (Tbody | Tfoot | Thead)) => {
                if !self.in_scope(id, Scope::Table) {
                    self.err("unexpected-end-tag-in-row");
                } else if self.in_scope(Tr, Scope::Table) {
                    self.clear_to_table_row();
                    self.pop();
                    self.mode = InsertionMode::InTableBody;
                    return Step::Reprocess;
                }
            }
            Tok::End(_, Body | Caption | Col | Colgroup | Html | Td | Th) => {
                self.err("unexpected-end-tag-in-row");
            }
            _ => return self.in_table(tok),
        }
        Step::Done
    }

    // 13.2.6.4.15 The "in cell" insertion mode
    fn close_cell(&mut self) {
        self.generate_implied_end_tags();
        if !self.current_is(TagId::Td) && !self.current_is(TagId::Th) {
            self.err("close-cell-with-open-elements");
        }
        self.pop_until_one_of(&[TagId::Td, TagId::Th]);
        self.clear_afe_to_marker();
        self.mode = InsertionMode::InRow;
    }

    pub(super) fn in_cell(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::End(_, id @ (Td | Th)) => {
                if !self.in_scope(id, Scope::Table) {
                    self.err("unexpected-end-tag-cell");
                } else {
                    self.generate_implied_end_tags();
                    if !self.current_is(id) {
                        self.err("end-tag-cell-with-open-elements");
                    }
                    self.pop_until(id);
                    self.clear_afe_to_marker();
                    self.mode = InsertionMode::InRow;
                }
            }
            Tok::Start(_, Caption | Col | Colgroup | Tbody | Td | Tfoot | Th | Thead | Tr) => {
                if !self.in_scope_any(&[Td, Th], Scope::Table) {
                    // Not reachable per the spec's assertion; be robust.
                    self.err("unexpected-start-tag-in-cell");
                    return Step::Done;
                }
                self.close_cell();
                return Step::Reprocess;
            }
            Tok::End(_, Body | Caption | Col | Colgroup | Html) => {
                self.err("unexpected-end-tag-in-cell");
            }
            Tok::End(_, id @ (Table | Tbody | Tfoot | Thead | Tr)) => {
                if !self.in_scope(id, Scope::Table) {
                    self.err("unexpected-end-tag-in-cell");
                } else {
                    self.close_cell();
                    return Step::Reprocess;
                }
            }
            _ => return self.in_body(tok),
        }
        Step::Done
    }

    // 13.2.6.4.16 The "in select" insertion mode
    pub(super) fn in_select_chars(&mut self, s: &str) {
        for (i, part) in s.split('\0').enumerate() {
            if i > 0 {
                self.err("ignored-null-character");
            }
            self.insert_chars(part);
        }
    }

    fn pop_select_and_reset(&mut self) {
        self.pop_until(TagId::Select);
        self.reset_insertion_mode();
    }

    pub(super) fn in_select(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, Html) => return self.in_body(tok),
            Tok::Start(t, Option) => {
                if self.current_is(Option) {
                    self.pop();
                }
                self.insert_html_element(t, Option);
            }
            Tok::Start(t, Optgroup) => {
                if self.current_is(Option) {
                    self.pop();
                }
                if self.current_is(Optgroup) {
                    self.pop();
                }
                self.insert_html_element(t, Optgroup);
            }
            Tok::Start(t, Hr) => {
                if self.current_is(Option) {
                    self.pop();
                }
                if self.current_is(Optgroup) {
                    self.pop();
                }
                self.insert_html_element(t, Hr);
                self.pop();
                self.ack();
            }
            Tok::End(_, Optgroup) => {
                let below = self.live_below(self.open.len().saturating_sub(1));
                if self.current_is(Option) && below.is_some_and(|b| self.open[b].tag == Optgroup) {
                    self.pop();
                }
                if self.current_is(Optgroup) {
                    self.pop();
                } else {
                    self.err("unexpected-end-tag-optgroup");
                }
            }
            Tok::End(_, Option) => {
                if self.current_is(Option) {
                    self.pop();
                } else {
                    self.err("unexpected-end-tag-option");
                }
            }
            Tok::End(_, Select) => {
                if !self.in_scope(Select, Scope::Select) {
                    self.err("unexpected-end-tag-select");
                } else {
                    self.pop_select_and_reset();
                }
            }
            Tok::Start(_, Select) => {
                self.err("unexpected-start-tag-select-in-select");
                if self.in_scope(Select, Scope::Select) {
                    self.pop_select_and_reset();
                }
            }
            Tok::Start(_, Input | Keygen | Textarea) => {
                self.err("unexpected-start-tag-in-select");
                if self.in_scope(Select, Scope::Select) {
                    self.pop_select_and_reset();
                    return Step::Reprocess;
                }
            }
            Tok::Start(_, Script | Template) | Tok::End(_, Template) => return self.in_head(tok),
            Tok::Eof => return self.in_body(tok),
            Tok::Start(..) => self.err("unexpected-start-tag-in-select"),
            Tok::End(..) => self.err("unexpected-end-tag-in-select"),
        }
        Step::Done
    }

    // 13.2.6.4.17 The "in select in table" insertion mode
    pub(super) fn in_select_in_table(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Start(_, Caption | Table | Tbody | Tfoot | Thead | Tr | Td | Th) => {
                self.err("unexpected-start-tag-in-select-in-table");
                self.pop_select_and_reset();
                Step::Reprocess
            }
            Tok::End(_, id @ (Caption | Table | Tbody | Tfoot | Thead | Tr | Td | Th)) => {
                self.err("unexpected-end-tag-in-select-in-table");
                if self.in_scope(id, Scope::Table) {
                    self.pop_select_and_reset();
                    Step::Reprocess
                } else {
                    Step::Done
                }
            }
            _ => self.in_select(tok),
        }
    }
}
