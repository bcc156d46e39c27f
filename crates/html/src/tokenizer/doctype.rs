//! §13.2.5.53–13.2.5.68: the DOCTYPE states.

use std::ops::ControlFlow;

use super::token::TokenSink;
use super::tokenization::{
    Buf, Cx, Flow, Machine, Nx, St, T_DOCTYPE_DQ, T_DOCTYPE_NAME, T_DOCTYPE_SQ, eof_here, err,
    getc, is_ws, peek,
};

impl Machine {
    // 13.2.5.53 DOCTYPE state
    pub(super) fn doctype_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => {
                self.state = St::BeforeDoctypeName;
                cx.pos += n;
            }
            Some(('>', _)) => self.state = St::BeforeDoctypeName,
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.new_doctype();
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(self, sink, cx, "missing-whitespace-before-doctype-name");
                self.state = St::BeforeDoctypeName;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.54 Before DOCTYPE name state
    pub(super) fn before_doctype_name_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => cx.pos += n,
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.new_doctype();
                self.push(Buf::DoctypeName, '\u{FFFD}');
                self.state = St::DoctypeName;
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(self, sink, cx, "missing-doctype-name");
                self.new_doctype();
                self.doctype.force_quirks = true;
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.new_doctype();
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some((c, n)) => {
                self.new_doctype();
                self.push(Buf::DoctypeName, c.to_ascii_lowercase());
                self.state = St::DoctypeName;
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.55 DOCTYPE name state
    pub(super) fn doctype_name_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        cx.pos = self.run_into(cx.input, cx.pos, &T_DOCTYPE_NAME, Buf::DoctypeName);
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => {
                self.state = St::AfterDoctypeName;
                cx.pos += n;
            }
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.push(Buf::DoctypeName, '\u{FFFD}');
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some((c, n)) => {
                self.push(Buf::DoctypeName, c.to_ascii_lowercase());
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.56 After DOCTYPE name state
    pub(super) fn after_doctype_name_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => cx.pos += n,
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                let rest = cx.bytes.get(cx.pos..).unwrap_or(&[]);
                let k = rest.len().min(6);
                if rest.len() >= 6 && rest[..6].eq_ignore_ascii_case(b"PUBLIC") {
                    cx.pos += 6;
                    self.state = St::AfterDoctypePublicKeyword;
                } else if rest.len() >= 6 && rest[..6].eq_ignore_ascii_case(b"SYSTEM") {
                    cx.pos += 6;
                    self.state = St::AfterDoctypeSystemKeyword;
                } else if !cx.eof
                    && rest.len() < 6
                    && (rest[..k].eq_ignore_ascii_case(&b"PUBLIC"[..k])
                        || rest[..k].eq_ignore_ascii_case(&b"SYSTEM"[..k]))
                {
                    return ControlFlow::Break(cx.pos);
                } else {
                    err!(
                        self,
                        sink,
                        cx,
                        "invalid-character-sequence-after-doctype-name"
                    );
                    self.doctype.force_quirks = true;
                    self.state = St::BogusDoctype;
                }
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.57 After DOCTYPE public keyword state, 13.2.5.63 system keyword state
    pub(super) fn after_doctype_keyword_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let public = self.state == St::AfterDoctypePublicKeyword;
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => {
                self.state = if public {
                    St::BeforeDoctypePublicIdentifier
                } else {
                    St::BeforeDoctypeSystemIdentifier
                };
                cx.pos += n;
            }
            Some((q @ ('"' | '\''), n)) => {
                err!(
                    self,
                    sink,
                    cx,
                    if public {
                        "missing-whitespace-after-doctype-public-keyword"
                    } else {
                        "missing-whitespace-after-doctype-system-keyword"
                    }
                );
                self.open_identifier(public, q);
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(
                    self,
                    sink,
                    cx,
                    if public {
                        "missing-doctype-public-identifier"
                    } else {
                        "missing-doctype-system-identifier"
                    }
                );
                self.doctype.force_quirks = true;
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(
                    self,
                    sink,
                    cx,
                    if public {
                        "missing-quote-before-doctype-public-identifier"
                    } else {
                        "missing-quote-before-doctype-system-identifier"
                    }
                );
                self.doctype.force_quirks = true;
                self.state = St::BogusDoctype;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.58 Before DOCTYPE public identifier state, 13.2.5.64 system
    pub(super) fn before_doctype_identifier_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let public = self.state == St::BeforeDoctypePublicIdentifier;
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => cx.pos += n,
            Some((q @ ('"' | '\''), n)) => {
                self.open_identifier(public, q);
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(
                    self,
                    sink,
                    cx,
                    if public {
                        "missing-doctype-public-identifier"
                    } else {
                        "missing-doctype-system-identifier"
                    }
                );
                self.doctype.force_quirks = true;
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(
                    self,
                    sink,
                    cx,
                    if public {
                        "missing-quote-before-doctype-public-identifier"
                    } else {
                        "missing-quote-before-doctype-system-identifier"
                    }
                );
                self.doctype.force_quirks = true;
                self.state = St::BogusDoctype;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.59/60 DOCTYPE public identifier (double/single-quoted) states,
    // 13.2.5.65/66 DOCTYPE system identifier (double/single-quoted) states
    pub(super) fn doctype_identifier_quoted_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let (public, q) = match self.state {
            St::DoctypePublicIdentifierDoubleQuoted => (true, '"'),
            St::DoctypePublicIdentifierSingleQuoted => (true, '\''),
            St::DoctypeSystemIdentifierDoubleQuoted => (false, '"'),
            _ => (false, '\''),
        };
        let b = if public { Buf::PublicId } else { Buf::SystemId };
        let t = if q == '"' {
            &T_DOCTYPE_DQ
        } else {
            &T_DOCTYPE_SQ
        };
        cx.pos = self.run_into(cx.input, cx.pos, t, b);
        match getc!(self, sink, cx) {
            Some((c, n)) if c == q => {
                self.state = if public {
                    St::AfterDoctypePublicIdentifier
                } else {
                    St::AfterDoctypeSystemIdentifier
                };
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                self.push(b, '\u{FFFD}');
                cx.pos += n;
            }
            Some(('>', n)) => {
                err!(
                    self,
                    sink,
                    cx,
                    if public {
                        "abrupt-doctype-public-identifier"
                    } else {
                        "abrupt-doctype-system-identifier"
                    }
                );
                self.doctype.force_quirks = true;
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some((c, n)) => {
                self.push(b, c);
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.61 After DOCTYPE public identifier state, 13.2.5.62 between
    pub(super) fn after_doctype_public_identifier_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        let after = self.state == St::AfterDoctypePublicIdentifier;
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => {
                if after {
                    self.state = St::BetweenDoctypePublicAndSystemIdentifiers;
                }
                cx.pos += n;
            }
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            Some((q @ ('"' | '\''), n)) => {
                if after {
                    err!(
                        self,
                        sink,
                        cx,
                        "missing-whitespace-between-doctype-public-and-system-identifiers"
                    );
                }
                self.open_identifier(false, q);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(
                    self,
                    sink,
                    cx,
                    "missing-quote-before-doctype-system-identifier"
                );
                self.doctype.force_quirks = true;
                self.state = St::BogusDoctype;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.67 After DOCTYPE system identifier state
    pub(super) fn after_doctype_system_identifier_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some((c, n)) if is_ws(c) => cx.pos += n,
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            None => {
                err!(self, sink, cx, "eof-in-doctype");
                self.doctype.force_quirks = true;
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some(_) => {
                err!(
                    self,
                    sink,
                    cx,
                    "unexpected-character-after-doctype-system-identifier"
                );
                self.state = St::BogusDoctype;
            }
        }
        ControlFlow::Continue(())
    }

    // 13.2.5.68 Bogus DOCTYPE state
    pub(super) fn bogus_doctype_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_doctype(sink, cx.pos + n);
                cx.pos += n;
            }
            Some(('\0', n)) => {
                err!(self, sink, cx, "unexpected-null-character");
                cx.pos += n;
            }
            None => {
                self.emit_doctype(sink, cx.pos);
                eof_here!(self, sink, cx);
            }
            Some((_, n)) => cx.pos += n,
        }
        ControlFlow::Continue(())
    }

    /// Opens a quoted DOCTYPE identifier: sets it to the empty string and switches to the
    /// matching quoted state.
    fn open_identifier(&mut self, public: bool, q: char) {
        let dq = q == '"';
        if public {
            self.doctype.public_id = Some(String::new());
            self.state = if dq {
                St::DoctypePublicIdentifierDoubleQuoted
            } else {
                St::DoctypePublicIdentifierSingleQuoted
            };
        } else {
            self.doctype.system_id = Some(String::new());
            self.state = if dq {
                St::DoctypeSystemIdentifierDoubleQuoted
            } else {
                St::DoctypeSystemIdentifierSingleQuoted
            };
        }
    }
}
