//! §13.2.5.6–13.2.5.8 and 13.2.5.32–13.2.5.40: tag open, tag name and attribute states.

use std::ops::ControlFlow;

use super::token::TokenSink;
use super::tokenization::{
    Buf, Cx, Flow, Machine, Nx, St, T_ATTR_DQ, T_ATTR_NAME, T_ATTR_SQ, T_ATTR_UNQ, T_TAG_NAME,
    eof_here, err, getc, is_ws, peek,
};

impl Machine {
    // 13.2.5.6 Tag open state
    pub(super) fn tag_open_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        match getc!(self, sink, cx) {
            Some(('!', n)) => {
                self.state = St::MarkupDeclarationOpen;
                cx.pos += n;
            }
            Some(('/', n)) => {
                self.state = St::EndTagOpen;
                cx.pos += n;
            }
            Some((c, _)) if c.is_ascii_alphabetic() => {
                self.new_tag(false);
                self.state = St::TagName;
            }
            Some(('?', _)) => {
                err!(
                    self,
                    sink,
                    cx,
                    "unexpected-question-mark-instead-of-tag-name"
                );
                self.comment.clear();
                self.state = St::BogusComment;
            }
            None => {
                err!(self, sink, cx, "eof-before-tag-name");
                let at = self.token_start;
                self.emit_str(sink, "<", at, at.offset + 1);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(self, sink, cx, "invalid-first-character-of-tag-name");
                let at = self.token_start;
                self.emit_str(sink, "<", at, at.offset + 1);
                self.state = St::Data;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.7 End tag open state
    pub(super) fn end_tag_open_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, _)) if c.is_ascii_alphabetic() => {
                self.new_tag(true);
                self.state = St::TagName;
            }
            Some(('>', n)) => {
                err!(self, sink, cx, "missing-end-tag-name");
                self.state = St::Data;
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-before-tag-name");
                let at = self.token_start;
                self.emit_str(sink, "</", at, at.offset + 2);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(self, sink, cx, "invalid-first-character-of-tag-name");
                self.comment.clear();
                self.state = St::BogusComment;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.8 Tag name state
    pub(super) fn tag_name_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        cx.pos = self.run_into(cx.input, cx.pos, &T_TAG_NAME, Buf::TagName);
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => {
                self.state = St::BeforeAttributeName;
                cx.pos += n;
            }
            Some(('/', n)) => {
                self.state = St::SelfClosingStartTag;
                cx.pos += n;
            }
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_tag(sink, cx.bytes, cx.pos);
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.tag.name.push('\u{FFFD}');
                cx.pos += n;
            }
            Some((c, n)) => {
                self.tag.name.push(c.to_ascii_lowercase());
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-tag");
                eof_here!(self, sink, cx);
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.32 Before attribute name state
    pub(super) fn before_attribute_name_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => cx.pos += n,
            Some(('/' | '>', _)) | None => self.state = St::AfterAttributeName,
            Some(('=', n)) => {
                err!(
                    self,
                    sink,
                    cx,
                    "unexpected-equals-sign-before-attribute-name"
                );
                self.new_attr(cx.pos);
                self.push(Buf::AttrName, '=');
                self.state = St::AttributeName;
                cx.pos += n;
            }
            Some(_) => {
                self.new_attr(cx.pos);
                self.state = St::AttributeName;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.33 Attribute name state
    pub(super) fn attribute_name_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        cx.pos = self.run_into(cx.input, cx.pos, &T_ATTR_NAME, Buf::AttrName);
        match getc!(self, sink, cx) {
            Some((c, _)) if is_ws(c) || c == '/' || c == '>' => {
                self.leave_attr_name(sink, cx.bytes, cx.pos);
                self.state = St::AfterAttributeName;
            }
            None => {
                self.leave_attr_name(sink, cx.bytes, cx.pos);
                self.state = St::AfterAttributeName;
            }
            Some(('=', n)) => {
                self.leave_attr_name(sink, cx.bytes, cx.pos);
                self.state = St::BeforeAttributeValue;
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.push(Buf::AttrName, '\u{FFFD}');
                cx.pos += n;
            }
            Some((c @ ('"' | '\'' | '<'), n)) => {
                err!(self, sink, cx, "unexpected-character-in-attribute-name");
                self.push(Buf::AttrName, c);
                cx.pos += n;
            }
            Some((c, n)) => {
                self.push(Buf::AttrName, c.to_ascii_lowercase());
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.34 After attribute name state
    pub(super) fn after_attribute_name_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => cx.pos += n,
            Some(('/', n)) => {
                self.state = St::SelfClosingStartTag;
                cx.pos += n;
            }
            Some(('=', n)) => {
                self.state = St::BeforeAttributeValue;
                cx.pos += n;
            }
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_tag(sink, cx.bytes, cx.pos);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-tag");
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                self.new_attr(cx.pos);
                self.state = St::AttributeName;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.35 Before attribute value state
    pub(super) fn before_attribute_value_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => cx.pos += n,
            Some(('"', n)) => {
                self.attr_value_start(cx.pos + n);
                self.state = St::AttributeValueDoubleQuoted;
                cx.pos += n;
            }
            Some(('\'', n)) => {
                self.attr_value_start(cx.pos + n);
                self.state = St::AttributeValueSingleQuoted;
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(self, sink, cx, "missing-attribute-value");
                self.state = St::Data;
                self.emit_tag(sink, cx.bytes, cx.pos);
                cx.pos += n;
            }
            _ => {
                self.attr_value_start(cx.pos);
                self.state = St::AttributeValueUnquoted;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.36 Attribute value (double-quoted) state, 13.2.5.37 (single-quoted)
    pub(super) fn attribute_value_quoted_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let (q, t) = if self.state == St::AttributeValueDoubleQuoted {
            ('"', &T_ATTR_DQ)
        } else {
            ('\'', &T_ATTR_SQ)
        };
        cx.pos = self.run_into(cx.input, cx.pos, t, Buf::AttrValue);
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some((c, n)) if c == q => {
                self.attr_value_end(cx.pos, cx.pos + n);
                self.state = St::AfterAttributeValueQuoted;
                cx.pos += n;
            }
            Some(('&', n)) => {
                self.value_plain = false;
                self.ref_pos = self.pos_of(cx.bytes, at);
                self.return_state = self.state;
                self.state = St::CharacterReference;
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.value_plain = false;
                self.push(Buf::AttrValue, '\u{FFFD}');
                cx.pos += n;
            }
            Some((c, n)) => {
                if cx.bytes.get(cx.pos) == Some(&b'\r') {
                    // Newline normalization changed the source.
                    self.value_plain = false;
                }
                self.push(Buf::AttrValue, c);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-tag");
                eof_here!(self, sink, cx);
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.38 Attribute value (unquoted) state
    pub(super) fn attribute_value_unquoted_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        cx.pos = self.run_into(cx.input, cx.pos, &T_ATTR_UNQ, Buf::AttrValue);
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => {
                self.attr_value_end(cx.pos, cx.pos);
                self.state = St::BeforeAttributeName;
                cx.pos += n;
            }
            Some(('&', n)) => {
                self.value_plain = false;
                self.ref_pos = self.pos_of(cx.bytes, at);
                self.return_state = St::AttributeValueUnquoted;
                self.state = St::CharacterReference;
                cx.pos += n;
            }
            Some(('>', n)) => {
                self.attr_value_end(cx.pos, cx.pos);
                self.state = St::Data;
                self.emit_tag(sink, cx.bytes, cx.pos);
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.value_plain = false;
                self.push(Buf::AttrValue, '\u{FFFD}');
                cx.pos += n;
            }
            Some((c @ ('"' | '\'' | '<' | '=' | '`'), n)) => {
                err!(
                    self,
                    sink,
                    cx,
                    "unexpected-character-in-unquoted-attribute-value"
                );
                self.push(Buf::AttrValue, c);
                cx.pos += n;
            }
            Some((c, n)) => {
                if cx.bytes.get(cx.pos) == Some(&b'\r') {
                    // Newline normalization changed the source.
                    self.value_plain = false;
                }
                self.push(Buf::AttrValue, c);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-tag");
                eof_here!(self, sink, cx);
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.39 After attribute value (quoted) state
    pub(super) fn after_attribute_value_quoted_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => {
                self.state = St::BeforeAttributeName;
                cx.pos += n;
            }
            Some(('/', n)) => {
                self.state = St::SelfClosingStartTag;
                cx.pos += n;
            }
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_tag(sink, cx.bytes, cx.pos);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-tag");
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(self, sink, cx, "missing-whitespace-between-attributes");
                self.state = St::BeforeAttributeName;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.40 Self-closing start tag state
    pub(super) fn self_closing_start_tag_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('>', n)) => {
                self.tag.self_closing = true;
                self.state = St::Data;
                self.emit_tag(sink, cx.bytes, cx.pos);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-tag");
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(self, sink, cx, "unexpected-solidus-in-tag");
                self.state = St::BeforeAttributeName;
            }
        }
        ControlFlow::Continue(())
    }
}
