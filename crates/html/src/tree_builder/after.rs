//! §13.2.6.4.18-§13.2.6.4.23: "in template", "after body", "in frameset", "after frameset",
//! "after after body" and "after after frameset".

use super::TagId;
use super::{InsertionMode, Step, Tok, TreeBuilder, is_ws, ws_prefix_len};

impl TreeBuilder {
    // 13.2.6.4.18 The "in template" insertion mode
    pub(super) fn in_template(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        let switch = |tb: &mut TreeBuilder, mode: InsertionMode| {
            tb.template_modes.pop();
            tb.template_modes.push(mode);
            tb.mode = mode;
            Step::Reprocess
        };
        match tok {
            Tok::Comment(_) | Tok::Doctype(_) => self.in_body(tok),
            Tok::Start(
                _,
                Base | Basefont | Bgsound | Link | Meta | Noframes | Script | Style | Template
                | Title,
            )
            | Tok::End(_, Template) => self.in_head(tok),
            Tok::Start(_, Caption | Colgroup | Tbody | Tfoot | Thead) => {
                switch(self, InsertionMode::InTable)
            }
            Tok::Start(_, Col) => switch(self, InsertionMode::InColumnGroup),
            Tok::Start(_, Tr) => switch(self, InsertionMode::InTableBody),
            Tok::Start(_, Td | Th) => switch(self, InsertionMode::InRow),
            Tok::Start(..) => switch(self, InsertionMode::InBody),
            Tok::End(..) => {
                self.err("unexpected-end-tag-in-template");
                Step::Done
            }
            Tok::Eof => {
                if self.counts[Template as usize] == 0 {
                    return Step::Done;
                }
                self.err("eof-in-template");
                self.pop_until(Template);
                self.clear_afe_to_marker();
                self.template_modes.pop();
                self.reset_insertion_mode();
                Step::Reprocess
            }
        }
    }

    // 13.2.6.4.19 The "after body" / 13.2.6.4.22 "after after body" character tokens
    pub(super) fn after_body_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let n = ws_prefix_len(s);
        if n > 0 {
            self.in_body_chars(&s[..n]);
        }
        let rest = &s[n..];
        if !rest.is_empty() {
            self.chars_at(rest);
            self.err("unexpected-character-after-body");
            self.mode = InsertionMode::InBody;
        }
        rest
    }

    pub(super) fn after_body(&mut self, tok: Tok<'_>) -> Step {
        match tok {
            Tok::Comment(c) => {
                let html = self.open.first().map(|o| o.node);
                self.insert_comment(c, html);
            }
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, TagId::Html) => return self.in_body(tok),
            Tok::End(_, TagId::Html) => {
                if self.context.is_some() {
                    self.err("unexpected-end-tag-html");
                } else {
                    self.mark_end_tag(TagId::Html);
                    self.mode = InsertionMode::AfterAfterBody;
                }
            }
            Tok::Eof => {}
            _ => {
                self.err("unexpected-token-after-body");
                self.mode = InsertionMode::InBody;
                return Step::Reprocess;
            }
        }
        Step::Done
    }

    // 13.2.6.4.20-21, 23: frameset modes' character tokens: whitespace is inserted (in body
    // rules for "after after frameset"), anything else is a parse error and ignored.
    pub(super) fn frameset_chars<'s>(&mut self, s: &'s str) -> &'s str {
        let mut ws = String::new();
        let mut ws_span: Option<crate::Span> = None;
        for (i, c) in s.char_indices() {
            if c.is_ascii() && is_ws(c as u8) {
                ws.push(c);
                if let Some((_, sp)) = self.char_source(&s[i..]) {
                    ws_span = Some(ws_span.map_or(sp, |w| {
                        crate::Span::new(w.start.min(sp.start), w.end.max(sp.end))
                    }));
                }
            } else {
                self.chars_at(&s[i..]);
                self.err("unexpected-character-in-frameset");
            }
        }
        self.text_span_override = ws_span;
        if !ws.is_empty() {
            if self.mode == InsertionMode::AfterAfterFrameset {
                self.in_body_chars(&ws);
            } else {
                self.insert_chars(&ws);
            }
        }
        self.text_span_override = None;
        ""
    }

    // 13.2.6.4.20 The "in frameset" insertion mode
    pub(super) fn in_frameset(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, Html) => return self.in_body(tok),
            Tok::Start(t, Frameset) => {
                self.insert_html_element(t, Frameset);
            }
            Tok::End(_, Frameset) => {
                if self.live <= 1 {
                    self.err("unexpected-end-tag-frameset");
                } else {
                    self.pop();
                    if self.context.is_none() && !self.current_is(Frameset) {
                        self.mode = InsertionMode::AfterFrameset;
                    }
                }
            }
            Tok::Start(t, Frame) => {
                self.insert_html_element(t, Frame);
                self.pop();
                self.ack();
            }
            Tok::Start(_, Noframes) => return self.in_head(tok),
            Tok::Eof => {
                if self.live > 1 {
                    self.err("eof-in-frameset");
                }
            }
            _ => self.err("unexpected-token-in-frameset"),
        }
        Step::Done
    }

    // 13.2.6.4.21 The "after frameset" insertion mode
    pub(super) fn after_frameset(&mut self, tok: Tok<'_>) -> Step {
        use TagId::*;
        match tok {
            Tok::Comment(c) => self.insert_comment(c, None),
            Tok::Doctype(_) => self.err("unexpected-doctype"),
            Tok::Start(_, Html) => return self.in_body(tok),
            Tok::End(_, Html) => self.mode = InsertionMode::AfterAfterFrameset,
            Tok::Start(_, Noframes) => return self.in_head(tok),
            Tok::Eof => {}
            _ => self.err("unexpected-token-after-frameset"),
        }
        Step::Done
    }

    // 13.2.6.4.22 The "after after body" insertion mode
    pub(super) fn after_after_body(&mut self, tok: Tok<'_>) -> Step {
        match tok {
            Tok::Comment(c) => self.insert_comment(c, Some(crate::dom::NodeId::DOCUMENT)),
            Tok::Doctype(_) | Tok::Start(_, TagId::Html) => return self.in_body(tok),
            Tok::Eof => {}
            _ => {
                self.err("unexpected-token-after-after-body");
                self.mode = InsertionMode::InBody;
                return Step::Reprocess;
            }
        }
        Step::Done
    }

    // 13.2.6.4.23 The "after after frameset" insertion mode
    pub(super) fn after_after_frameset(&mut self, tok: Tok<'_>) -> Step {
        match tok {
            Tok::Comment(c) => self.insert_comment(c, Some(crate::dom::NodeId::DOCUMENT)),
            Tok::Doctype(_) | Tok::Start(_, TagId::Html) => return self.in_body(tok),
            Tok::Eof => {}
            Tok::Start(_, TagId::Noframes) => return self.in_head(tok),
            _ => self.err("unexpected-token-after-after-frameset"),
        }
        Step::Done
    }
}
