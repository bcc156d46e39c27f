//! §13.2.5.41–13.2.5.52 and 13.2.5.69–13.2.5.71: bogus comment, markup declaration open,
//! comment and CDATA section states.

use std::ops::ControlFlow;

use super::token::TokenSink;
use super::tokenization::{
    Buf, Cx, Flow, Machine, Nul, Nx, St, T_BOGUS_COMMENT, T_CDATA, T_COMMENT, eof_here, err, getc,
    is_ws, peek, shifted,
};

impl Machine {
    // 13.2.5.41 Bogus comment state
    pub(super) fn bogus_comment_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        cx.pos = self.run_into(cx.input, cx.pos, &T_BOGUS_COMMENT, Buf::Comment);
        match getc!(self, sink, cx) {
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_comment(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                self.emit_comment(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.comment.push('\u{FFFD}');
                cx.pos += n;
            }
            Some((c, n)) => {
                self.comment.push(c);
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.42 Markup declaration open state
    pub(super) fn markup_declaration_open_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let rest = cx.bytes.get(cx.pos..).unwrap_or(&[]);
        let could_be = |word: &[u8], ci: bool| {
            let k = rest.len().min(word.len());
            if ci {
                rest[..k].eq_ignore_ascii_case(&word[..k])
            } else {
                rest[..k] == word[..k]
            }
        };
        if rest.starts_with(b"--") {
            cx.pos += 2;
            self.comment.clear();
            self.state = St::CommentStart;
        } else if rest.len() >= 7 && rest[..7].eq_ignore_ascii_case(b"DOCTYPE") {
            cx.pos += 7;
            self.state = St::Doctype;
        } else if rest.starts_with(b"[CDATA[") {
            cx.pos += 7;
            if sink.adjusted_current_node_is_foreign() {
                self.state = St::CdataSection;
            } else {
                err!(self, sink, cx, "cdata-in-html-content", cx.pos - 1);
                self.comment.clear();
                self.comment.push_str("[CDATA[");
                self.state = St::BogusComment;
            }
        } else if !cx.eof
            && (could_be(b"--", false) || could_be(b"DOCTYPE", true) || could_be(b"[CDATA[", false))
        {
            return ControlFlow::Break(cx.pos);
        } else {
            // The next input character enters the stream before the error.
            if let Nx::C(c, _) = peek(cx.bytes, cx.input, cx.pos, cx.eof) {
                self.pre_check(sink, cx.bytes, cx.pos, c);
            }
            err!(self, sink, cx, "incorrectly-opened-comment");
            self.comment.clear();
            self.state = St::BogusComment;
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.43 Comment start state
    pub(super) fn comment_start_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = St::CommentStartDash;
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(self, sink, cx, "abrupt-closing-of-empty-comment");
                self.state = St::Data;
                self.emit_comment(sink, cx.pos + n);
                cx.pos += n;
            }
            _ => self.state = St::Comment,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.44 Comment start dash state
    pub(super) fn comment_start_dash_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = St::CommentEnd;
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(self, sink, cx, "abrupt-closing-of-empty-comment");
                self.state = St::Data;
                self.emit_comment(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-comment");
                self.emit_comment(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                self.comment.push('-');
                self.state = St::Comment;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.45 Comment state
    pub(super) fn comment_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        cx.pos = self.run_into(cx.input, cx.pos, &T_COMMENT, Buf::Comment);
        match getc!(self, sink, cx) {
            Some(('<', n)) => {
                self.comment.push('<');
                self.state = St::CommentLessThan;
                cx.pos += n;
            }
            Some(('-', n)) => {
                self.state = St::CommentEndDash;
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.comment.push('\u{FFFD}');
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-comment");
                self.emit_comment(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some((c, n)) => {
                self.comment.push(c);
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.46 Comment less-than sign state
    pub(super) fn comment_less_than_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('!', n)) => {
                self.comment.push('!');
                self.state = St::CommentLessThanBang;
                cx.pos += n;
            }
            Some(('<', n)) => {
                self.comment.push('<');
                cx.pos += n;
            }
            _ => self.state = St::Comment,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.47 Comment less-than sign bang state
    pub(super) fn comment_less_than_bang_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = St::CommentLessThanBangDash;
                cx.pos += n;
            }
            _ => self.state = St::Comment,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.48 Comment less-than sign bang dash state
    pub(super) fn comment_less_than_bang_dash_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = St::CommentLessThanBangDashDash;
                cx.pos += n;
            }
            _ => self.state = St::CommentEndDash,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.49 Comment less-than sign bang dash dash state
    pub(super) fn comment_less_than_bang_dash_dash_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('>', _)) | None => self.state = St::CommentEnd,
            Some(_) => {
                err!(self, sink, cx, "nested-comment");
                self.state = St::CommentEnd;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.50 Comment end dash state
    pub(super) fn comment_end_dash_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = St::CommentEnd;
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-comment");
                self.emit_comment(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                self.comment.push('-');
                self.state = St::Comment;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.51 Comment end state
    pub(super) fn comment_end_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_comment(sink, cx.pos + n);
                cx.pos += n;
            }
            Some(('!', n)) => {
                self.state = St::CommentEndBang;
                cx.pos += n;
            }
            Some(('-', n)) => {
                self.comment.push('-');
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-comment");
                self.emit_comment(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                self.comment.push_str("--");
                self.state = St::Comment;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.52 Comment end bang state
    pub(super) fn comment_end_bang_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.comment.push_str("--!");
                self.state = St::CommentEndDash;
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(self, sink, cx, "incorrectly-closed-comment");
                self.state = St::Data;
                self.emit_comment(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-comment");
                self.emit_comment(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                self.comment.push_str("--!");
                self.state = St::Comment;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.69 CDATA section state
    pub(super) fn cdata_section_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match self.text_run(sink, cx.input, cx.pos, cx.eof, &T_CDATA, Nul::Keep) {
            Ok(p) => cx.pos = p,
            Err(p) => return ControlFlow::Break(p),
        }
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some((']', n)) => {
                self.bracket_pos = self.pos_of(cx.bytes, cx.pos);
                self.state = St::CdataSectionBracket;
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-cdata");
                eof_here!(self, sink, cx);
            }
            Some((c, n)) => {
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.70 CDATA section bracket state
    pub(super) fn cdata_section_bracket_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((']', n)) => {
                self.state = St::CdataSectionEnd;
                cx.pos += n;
            }
            _ => {
                let at = self.bracket_pos;
                self.emit_str(sink, "]", at, at.offset + 1);
                self.state = St::CdataSection;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.71 CDATA section end state
    pub(super) fn cdata_section_end_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((']', n)) => {
                let at = self.bracket_pos;
                self.emit_str(sink, "]", at, at.offset + 1);
                self.bracket_pos = shifted(at, 1);
                cx.pos += n;
            }
            Some(('>', n)) => {
                self.state = St::Data;
                cx.pos += n;
            }
            _ => {
                let at = self.bracket_pos;
                self.emit_str(sink, "]]", at, at.offset + 2);
                self.state = St::CdataSection;
            }
        }
        ControlFlow::Continue(())
    }
}
