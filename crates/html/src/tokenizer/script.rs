//! §13.2.5.15–13.2.5.31: the script data less-than sign, escape and double-escape states.

use std::ops::ControlFlow;

use super::token::TokenSink;
use super::tokenization::{
    Cx, Flow, Machine, Nul, Nx, St, T_SCRIPT_ESCAPED, eof_here, err, getc, is_ws, peek,
};

impl Machine {
    // 13.2.5.15 Script data less-than sign state
    pub(super) fn script_data_less_than_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('/', n)) => {
                self.temp.clear();
                self.state = St::ScriptDataEndTagOpen;
                cx.pos += n;
            }
            Some(('!', n)) => {
                self.state = St::ScriptDataEscapeStart;
                let at = self.token_start;
                self.emit_str(sink, "<!", at, at.offset + 2);
                cx.pos += n;
            }
            _ => {
                let at = self.token_start;
                self.emit_str(sink, "<", at, at.offset + 1);
                self.state = St::ScriptData;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.18 Script data escape start state, 13.2.5.19 ... dash state
    pub(super) fn script_data_escape_start_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = if self.state == St::ScriptDataEscapeStart {
                    St::ScriptDataEscapeStartDash
                } else {
                    St::ScriptDataEscapedDashDash
                };
                self.emit_char(sink, cx.bytes, '-', at);
                cx.pos += n;
            }
            _ => self.state = St::ScriptData,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.20 Script data escaped state, 13.2.5.21 dash, 13.2.5.22 dash dash
    pub(super) fn script_data_escaped_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let st = self.state;
        if st == St::ScriptDataEscaped {
            // The characters that do not leave the state, as one run.
            match self.text_run(sink, cx.input, cx.pos, cx.eof, &T_SCRIPT_ESCAPED, Nul::Stop) {
                Ok(p) => cx.pos = p,
                Err(p) => return ControlFlow::Break(p),
            }
        }
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = match st {
                    St::ScriptDataEscaped => St::ScriptDataEscapedDash,
                    _ => St::ScriptDataEscapedDashDash,
                };
                self.emit_char(sink, cx.bytes, '-', at);
                cx.pos += n;
            }
            Some(('<', n)) => {
                self.token_start = self.pos_of(cx.bytes, at);
                self.state = St::ScriptDataEscapedLessThan;
                cx.pos += n;
            }
            Some(('>', n)) if st == St::ScriptDataEscapedDashDash => {
                self.state = St::ScriptData;
                self.emit_char(sink, cx.bytes, '>', at);
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.state = St::ScriptDataEscaped;
                self.emit_char(sink, cx.bytes, '\u{FFFD}', at);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-script-html-comment-like-text");
                eof_here!(self, sink, cx);
            }
            Some((c, n)) => {
                self.state = St::ScriptDataEscaped;
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.23 Script data escaped less-than sign state
    pub(super) fn script_data_escaped_less_than_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('/', n)) => {
                self.temp.clear();
                self.state = St::ScriptDataEscapedEndTagOpen;
                cx.pos += n;
            }
            Some((c, _)) if c.is_ascii_alphabetic() => {
                self.temp.clear();
                let at = self.token_start;
                self.emit_str(sink, "<", at, at.offset + 1);
                self.state = St::ScriptDataDoubleEscapeStart;
            }
            _ => {
                let at = self.token_start;
                self.emit_str(sink, "<", at, at.offset + 1);
                self.state = St::ScriptDataEscaped;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.26 Script data double escape start state, 13.2.5.31 ... end state
    pub(super) fn script_data_double_escape_start_or_end_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let start = self.state == St::ScriptDataDoubleEscapeStart;
        let (if_script, otherwise) = if start {
            (St::ScriptDataDoubleEscaped, St::ScriptDataEscaped)
        } else {
            (St::ScriptDataEscaped, St::ScriptDataDoubleEscaped)
        };
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) || c == '/' || c == '>' => {
                self.state = if self.temp == "script" {
                    if_script
                } else {
                    otherwise
                };
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
            Some((c, n)) if c.is_ascii_alphabetic() => {
                self.temp.push(c.to_ascii_lowercase());
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
            _ => self.state = otherwise,
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.27 Script data double escaped state, 13.2.5.28 dash, 13.2.5.29 dash dash
    pub(super) fn script_data_double_escaped_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let st = self.state;
        if st == St::ScriptDataDoubleEscaped {
            // The characters that do not leave the state, as one run.
            match self.text_run(sink, cx.input, cx.pos, cx.eof, &T_SCRIPT_ESCAPED, Nul::Stop) {
                Ok(p) => cx.pos = p,
                Err(p) => return ControlFlow::Break(p),
            }
        }
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some(('-', n)) => {
                self.state = match st {
                    St::ScriptDataDoubleEscaped => St::ScriptDataDoubleEscapedDash,
                    _ => St::ScriptDataDoubleEscapedDashDash,
                };
                self.emit_char(sink, cx.bytes, '-', at);
                cx.pos += n;
            }
            Some(('<', n)) => {
                self.state = St::ScriptDataDoubleEscapedLessThan;
                self.emit_char(sink, cx.bytes, '<', at);
                cx.pos += n;
            }
            Some(('>', n)) if st == St::ScriptDataDoubleEscapedDashDash => {
                self.state = St::ScriptData;
                self.emit_char(sink, cx.bytes, '>', at);
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.state = St::ScriptDataDoubleEscaped;
                self.emit_char(sink, cx.bytes, '\u{FFFD}', at);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-script-html-comment-like-text");
                eof_here!(self, sink, cx);
            }
            Some((c, n)) => {
                self.state = St::ScriptDataDoubleEscaped;
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.30 Script data double escaped less-than sign state
    pub(super) fn script_data_double_escaped_less_than_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some(('/', n)) => {
                self.temp.clear();
                self.state = St::ScriptDataDoubleEscapeEnd;
                self.emit_char(sink, cx.bytes, '/', at);
                cx.pos += n;
            }
            _ => self.state = St::ScriptDataDoubleEscaped,
        }
        ControlFlow::Continue(())
    }
}
