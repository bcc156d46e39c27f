//! §13.2.5.6–13.2.5.8 and 13.2.5.32–13.2.5.40: tag open, tag name and attribute states.

use std::ops::ControlFlow;

use super::token::{SourceAttr, SourceTag, TagRef, Token, TokenSink};
use super::tokenization::{
    Buf, Cx, Flow, Machine, Nx, St, T_ATTR_DQ, T_ATTR_NAME, T_ATTR_SQ, T_ATTR_UNQ, T_TAG_NAME,
    eof_here, err, getc, is_ws, peek, scan,
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
            Some(('?', n)) if sink.living_standard() => {
                // Living standard (whatwg/html 320c05f6), tag open state, U+003F (?): "Set the
                // temporary buffer to the empty string. Switch to the processing instruction
                // open state." (The buffer is kept after a `?` in `comment`, ready to become
                // the comment "?" + buffer.)
                self.comment.clear();
                self.comment.push('?');
                self.state = St::ProcessingInstructionOpen;
                cx.pos += n;
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

/// Bytes that may appear in a tag name on the fast path: printable ASCII except `/` and `>`;
/// 2 for an uppercase letter (lowercased when copied), 1 for the others, 0 for the rest.
const fn name_bytes() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0x21;
    while b < 0x7F {
        if b != b'/' as usize && b != b'>' as usize {
            t[b] = if b >= b'A' as usize && b <= b'Z' as usize {
                2
            } else {
                1
            };
        }
        b += 1;
    }
    t
}

/// Bytes that may appear in an attribute name on the fast path: those of a tag name except the
/// ones 13.2.5.32–33 treat specially (`=`, and `"`, `'`, `<`, which are parse errors).
const fn attr_name_bytes() -> [u8; 256] {
    let mut t = name_bytes();
    t[b'=' as usize] = 0;
    t[b'"' as usize] = 0;
    t[b'\'' as usize] = 0;
    t[b'<' as usize] = 0;
    t
}

static FAST_TAG_NAME: [u8; 256] = name_bytes();
static FAST_ATTR_NAME: [u8; 256] = attr_name_bytes();

/// The most attributes the fast path handles in one tag.
const FAST_MAX_ATTRS: usize = 16;

#[inline]
fn fast_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\t' | b'\x0C')
}

/// The end of the tag name (`attr` false) or attribute name (`attr` true) that starts at `i`
/// (the bytes [`FAST_TAG_NAME`] or [`FAST_ATTR_NAME`] marks) and whether it has an uppercase
/// letter; `None` at the end of the input.
#[inline(always)]
fn fast_name(bytes: &[u8], i: usize, attr: bool) -> Option<(usize, bool)> {
    let t = if attr {
        &FAST_ATTR_NAME
    } else {
        &FAST_TAG_NAME
    };
    // 16 bytes at a time while that many remain, then the table.
    let (mut i, upper) = match super::simd::name_end16(bytes, i, attr) {
        Ok((end, upper)) => return Some((end, upper)),
        Err(rest) => rest,
    };
    let mut kinds = if upper { 2 } else { 0 };
    loop {
        let k = t[usize::from(*bytes.get(i)?)];
        if k == 0 {
            return Some((i, kinds & 2 != 0));
        }
        kinds |= k;
        i += 1;
    }
}

impl Machine {
    /// A fast path for the states 13.2.5.6–8 and 13.2.5.32–40 on an ordinary tag: a name at
    /// byte `p` (just after `<`, or `</` when `end`), then attributes that are a name alone or a
    /// name, `=` and a quoted or unquoted value, then `>` or `/>`, all within the current
    /// input. Such a tag is read in one step: no parse error can occur in it (no duplicate
    /// attribute, no `&`, U+0000, CR or control character, no missing whitespace, no
    /// attribute or `/` on an end tag), so the token, its spans and the machine's state after
    /// it are exactly what the state-by-state path produces. Anything else returns `None`
    /// with nothing changed, and the states take the tag character by character. Returns the
    /// index just after the tag's `>`.
    #[inline(always)]
    pub(super) fn fast_tag<S: TokenSink>(
        &mut self,
        sink: &mut S,
        bytes: &[u8],
        input: &str,
        p: usize,
        end: bool,
    ) -> Option<usize> {
        // Phase 1: read the whole tag without changing the token.
        if !bytes.get(p)?.is_ascii_alphabetic() {
            return None;
        }
        let (name_end, name_upper) = fast_name(bytes, p, false)?;
        self.fast_attrs.clear();
        let mut attr_upper = false;
        let (gt, self_closing) =
            fast_attrs(bytes, name_end, end, &mut self.fast_attrs, &mut attr_upper)?;
        // Phase 2: the token, as the states would have built it. Every range ends at an ASCII
        // byte, so each is a `str` slice.
        let name = input.get(p..name_end).unwrap_or("");
        if attr_upper {
            // Attribute names to lowercase: the token is built in the tokenizer's buffers.
            let attrs = std::mem::take(&mut self.fast_attrs);
            self.new_tag(end);
            self.tag.name.push_str(name);
            self.tag.name.make_ascii_lowercase();
            for a in &attrs {
                self.new_attr(a.name.0);
                let base = self.base;
                if let Some(at) = self.tag.attrs.last_mut() {
                    at.name
                        .push_str(input.get(a.name.0..a.name.1).unwrap_or(""));
                    at.name.make_ascii_lowercase();
                    at.span.end = base + a.end;
                    if let Some((vs, ve)) = a.value {
                        at.value.push_str(input.get(vs..ve).unwrap_or(""));
                        at.value_span = Some(crate::error::Span::new(base + vs, base + ve));
                    }
                }
            }
            self.fast_attrs = attrs;
            self.tag.self_closing = self_closing;
            self.state = St::Data;
            self.emit_tag(sink, bytes, gt);
            return Some(gt + 1);
        }
        // Otherwise the token borrows the input (only an uppercase tag name is copied).
        self.is_end = end;
        self.state = St::Data;
        let name = if name_upper {
            self.tag.name.clear();
            self.tag.name.push_str(name);
            self.tag.name.make_ascii_lowercase();
            self.tag.name.as_str()
        } else {
            name
        };
        if !end {
            if name_upper {
                self.last_start_src = None;
                self.last_start_tag.clear();
                self.last_start_tag.push_str(name);
            } else {
                // Copied only if an end tag state needs it (or when `run` returns).
                self.last_start_src = Some((p, name_end));
            }
        }
        let span = self.token_span(gt + 1);
        let source = SourceTag {
            name,
            src: input,
            base: self.base,
            attrs: &self.fast_attrs,
            self_closing,
        };
        let tag = TagRef::source(&source);
        let token = if end {
            Token::EndTag(tag)
        } else {
            Token::StartTag(tag)
        };
        let r = sink.process_token_with_span(token, span, self.token_start);
        self.apply(r);
        Some(gt + 1)
    }
}

/// The bit of `name` in the duplicate filter of [`fast_attrs`]: from its length and its first
/// and last bytes with the ASCII case bit set, so names equal up to ASCII case have one bit.
#[inline(always)]
fn name_bit(name: &[u8]) -> u64 {
    let (Some(&f), Some(&l)) = (name.first(), name.last()) else {
        return 1;
    };
    let k = u32::from(f | 0x20) ^ (u32::from(l | 0x20) << 1) ^ ((name.len() as u32) << 2);
    1u64 << (k & 63)
}

/// Phase 1 of [`Machine::fast_tag`] after the tag name, which ends at `i`: reads the
/// attributes into `attrs`; the index of the tag's `>` and the self-closing flag, or `None` if
/// the tag is not one the fast path takes.
#[inline(always)]
fn fast_attrs(
    bytes: &[u8],
    mut i: usize,
    end: bool,
    attrs: &mut Vec<SourceAttr>,
    any_upper: &mut bool,
) -> Option<(usize, bool)> {
    // A bit per (length, first and last byte up to ASCII case) of the names so far: a name
    // whose bit is clear is not a duplicate (names equal up to ASCII case share their bit).
    let mut seen = 0u64;
    loop {
        let b = *bytes.get(i)?;
        if b == b'>' {
            return Some((i, false));
        }
        if b == b'/' {
            // 13.2.5.40: only `/>` (and not on an end tag, where it is a parse error).
            if end || *bytes.get(i + 1)? != b'>' {
                return None;
            }
            return Some((i + 1, true));
        }
        if !fast_ws(b) {
            return None;
        }
        while fast_ws(*bytes.get(i)?) {
            i += 1;
        }
        let b = *bytes.get(i)?;
        if b == b'>' || b == b'/' {
            continue;
        }
        // 13.2.5.33 attribute name (an end tag's attributes are a parse error).
        if end || attrs.len() == FAST_MAX_ATTRS || FAST_ATTR_NAME[usize::from(b)] == 0 {
            return None;
        }
        let (name_end, upper) = fast_name(bytes, i, true)?;
        *any_upper |= upper;
        let mut a = SourceAttr {
            name: (i, name_end),
            value: None,
            end: name_end,
        };
        i = name_end;
        let b = *bytes.get(i)?;
        if b == b'=' {
            i += 1;
            let q = *bytes.get(i)?;
            if q == b'"' || q == b'\'' {
                // 13.2.5.36–37 quoted value, then 13.2.5.39: whitespace, `/` or `>` follows.
                let t = if q == b'"' { &T_ATTR_DQ } else { &T_ATTR_SQ };
                let v = i + 1;
                i = scan(bytes, v, t);
                if *bytes.get(i)? != q {
                    return None;
                }
                a.value = Some((v, i));
                i += 1;
                a.end = i;
                let b = *bytes.get(i)?;
                if !(fast_ws(b) || b == b'/' || b == b'>') {
                    return None;
                }
            } else {
                // 13.2.5.38 unquoted value, not empty, ended by whitespace or `>`.
                let v = i;
                i = scan(bytes, v, &T_ATTR_UNQ);
                let b = *bytes.get(i)?;
                if i == v || !(fast_ws(b) || b == b'>') {
                    return None;
                }
                a.value = Some((v, i));
                a.end = i;
            }
        } else if !(fast_ws(b) || b == b'/' || b == b'>') {
            return None;
        }
        // A duplicate name is a parse error: the states handle it.
        let new = bytes.get(a.name.0..a.name.1)?;
        let bit = name_bit(new);
        if seen & bit != 0
            && attrs.iter().any(|o| {
                bytes
                    .get(o.name.0..o.name.1)
                    .is_some_and(|x| x.eq_ignore_ascii_case(new))
            })
        {
            return None;
        }
        seen |= bit;
        attrs.push(a);
    }
}
