//! §13.2.5.1–13.2.5.5 and 13.2.5.9–13.2.5.14: the data, RCDATA, RAWTEXT, script data and
//! PLAINTEXT states, and the less-than sign / end tag states they share.

use std::ops::ControlFlow;

use super::token::TokenSink;
use super::tokenization::{
    Cx, Flow, Machine, Nul, Nx, St, T_DATA, T_PLAINTEXT, T_RAWTEXT, T_RCDATA, eof_here, err, getc,
    is_ws, peek, shifted,
};

impl Machine {
    // 13.2.5.1 Data state
    pub(super) fn data_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        // After a tag the fast path took, while the state stays the data state, straight on
        // (as `run` would come back here).
        loop {
            match self.text_run(sink, cx.input, cx.pos, cx.eof, &T_DATA, Nul::Error) {
                Ok(p) => cx.pos = p,
                Err(p) => return ControlFlow::Break(p),
            }
            let at = cx.pos;
            // Most runs end at `<`, which `getc` would read as is (no check applies to it).
            let c = match cx.bytes.get(at) {
                Some(b'<') => Some(('<', 1)),
                _ => getc!(self, sink, cx),
            };
            match c {
                Some(('&', n)) => {
                    self.ref_pos = self.pos_of(cx.bytes, at);
                    self.return_state = St::Data;
                    self.state = St::CharacterReference;
                    cx.pos += n;
                }
                Some(('<', n)) => {
                    self.token_start = self.pos_of(cx.bytes, at);
                    cx.pos += n;
                    // An ordinary start or end tag in one step (`fast_tag`), else state by
                    // state.
                    let fast = match cx.bytes.get(cx.pos) {
                        Some(b'/') => self.fast_tag(sink, cx.bytes, cx.input, cx.pos + 1, true),
                        Some(_) => self.fast_tag(sink, cx.bytes, cx.input, cx.pos, false),
                        None => None,
                    };
                    match fast {
                        Some(p) => {
                            cx.pos = p;
                            if self.state == St::Data {
                                continue;
                            }
                        }
                        None => self.state = St::TagOpen,
                    }
                }
                Some((c, n)) => {
                    self.emit_char(sink, cx.bytes, c, at);
                    cx.pos += n;
                }
                None => eof_here!(self, sink, cx),
            }
            return ControlFlow::Continue(());
        }
    }

    // 13.2.5.2 RCDATA state
    pub(super) fn rcdata_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        match self.text_run(sink, cx.input, cx.pos, cx.eof, &T_RCDATA, Nul::Stop) {
            Ok(p) => cx.pos = p,
            Err(p) => return ControlFlow::Break(p),
        }
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some(('&', n)) => {
                self.ref_pos = self.pos_of(cx.bytes, at);
                self.return_state = St::Rcdata;
                self.state = St::CharacterReference;
                cx.pos += n;
            }
            Some(('<', n)) => {
                self.token_start = self.pos_of(cx.bytes, at);
                self.state = St::RcdataLessThan;
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.emit_char(sink, cx.bytes, '\u{FFFD}', at);
                cx.pos += n;
            }
            Some((c, n)) => {
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
            None => eof_here!(self, sink, cx),
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.3 RAWTEXT state, 13.2.5.4 script data state
    pub(super) fn rawtext_or_script_data_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match self.text_run(sink, cx.input, cx.pos, cx.eof, &T_RAWTEXT, Nul::Stop) {
            Ok(p) => cx.pos = p,
            Err(p) => return ControlFlow::Break(p),
        }
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some(('<', n)) => {
                self.token_start = self.pos_of(cx.bytes, at);
                self.state = if self.state == St::Rawtext {
                    St::RawtextLessThan
                } else {
                    St::ScriptDataLessThan
                };
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.emit_char(sink, cx.bytes, '\u{FFFD}', at);
                cx.pos += n;
            }
            Some((c, n)) => {
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
            None => eof_here!(self, sink, cx),
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.5 PLAINTEXT state
    pub(super) fn plaintext_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        match self.text_run(sink, cx.input, cx.pos, cx.eof, &T_PLAINTEXT, Nul::Stop) {
            Ok(p) => cx.pos = p,
            Err(p) => return ControlFlow::Break(p),
        }
        let at = cx.pos;
        match getc!(self, sink, cx) {
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.emit_char(sink, cx.bytes, '\u{FFFD}', at);
                cx.pos += n;
            }
            Some((c, n)) => {
                self.emit_char(sink, cx.bytes, c, at);
                cx.pos += n;
            }
            None => eof_here!(self, sink, cx),
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.9 RCDATA less-than sign state (and 13.2.5.12 RAWTEXT's)
    pub(super) fn rcdata_or_rawtext_less_than_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let rc = self.state == St::RcdataLessThan;
        match getc!(self, sink, cx) {
            Some(('/', n)) => {
                self.temp.clear();
                self.state = if rc {
                    St::RcdataEndTagOpen
                } else {
                    St::RawtextEndTagOpen
                };
                cx.pos += n;
            }
            _ => {
                let at = self.token_start;
                self.emit_str(sink, "<", at, at.offset + 1);
                self.state = if rc { St::Rcdata } else { St::Rawtext };
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.10 RCDATA end tag open state (13.2.5.13 RAWTEXT, 13.2.5.16 script
    // data, 13.2.5.24 script data escaped)
    pub(super) fn text_end_tag_open_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let (name_state, back) = match self.state {
            St::RcdataEndTagOpen => (St::RcdataEndTagName, St::Rcdata),
            St::RawtextEndTagOpen => (St::RawtextEndTagName, St::Rawtext),
            St::ScriptDataEndTagOpen => (St::ScriptDataEndTagName, St::ScriptData),
            _ => (St::ScriptDataEscapedEndTagName, St::ScriptDataEscaped),
        };
        match getc!(self, sink, cx) {
            Some((c, _)) if c.is_ascii_alphabetic() => {
                self.new_tag(true);
                self.state = name_state;
            }
            _ => {
                let at = self.token_start;
                self.emit_str(sink, "</", at, at.offset + 2);
                self.state = back;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.11 RCDATA end tag name state (13.2.5.14, 13.2.5.17, 13.2.5.25)
    pub(super) fn text_end_tag_name_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let back = match self.state {
            St::RcdataEndTagName => St::Rcdata,
            St::RawtextEndTagName => St::Rawtext,
            St::ScriptDataEndTagName => St::ScriptData,
            _ => St::ScriptDataEscaped,
        };
        if self.last_start_src.is_some() {
            self.sync_last_start(cx.input);
        }
        let c = getc!(self, sink, cx);
        match c {
            Some((c, n)) if is_ws(c) && self.appropriate() => {
                self.state = St::BeforeAttributeName;
                cx.pos += n;
            }
            Some(('/', n)) if self.appropriate() => {
                self.state = St::SelfClosingStartTag;
                cx.pos += n;
            }
            Some(('>', n)) if self.appropriate() => {
                self.state = St::Data;
                self.emit_tag(sink, cx.bytes, cx.pos);
                cx.pos += n;
            }
            Some((c, n)) if c.is_ascii_alphabetic() => {
                self.tag.name.push(c.to_ascii_lowercase());
                self.temp.push(c);
                cx.pos += n;
            }
            _ => {
                let at = self.token_start;
                self.emit_str(sink, "</", at, at.offset + 2);
                let end = self.base + cx.pos;
                self.emit_temp(sink, shifted(at, 2), end);
                self.state = back;
            }
        }
        ControlFlow::Continue(())
    }
}
