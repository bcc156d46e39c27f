//! Living standard only (whatwg/html 320c05f6): the processing instruction states. The seed
//! text has none (`<?` starts a bogus comment there); the tag open state enters them only when
//! the sink follows the living standard.

use std::ops::ControlFlow;

use super::token::TokenSink;
use super::tokenization::{Cx, Flow, Machine, Nx, St, eof_here, err, getc, is_ws, peek};

impl Machine {
    /// "To convert the temporary buffer to a comment, create a comment token whose data is the
    /// concatenation of "?" and the code points in the temporary buffer" (`comment` already
    /// holds exactly that); then "Reconsume in the bogus comment state".
    fn pi_to_bogus_comment(&mut self) {
        self.state = St::BogusComment;
    }

    // Processing instruction open state
    pub(super) fn pi_open_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        match getc!(self, sink, cx) {
            // "ASCII alpha, U+005F (_): Reconsume in the processing instruction target state."
            Some((c, _)) if c.is_ascii_alphabetic() || c == '_' => {
                self.state = St::ProcessingInstructionTarget;
            }
            // "EOF: This is an eof-in-processing-instruction parse error. Emit an end-of-file
            // token."
            None => {
                err!(self, sink, cx, "eof-in-processing-instruction");
                eof_here!(self, sink, cx);
            }
            // "Anything else: This is an invalid-first-character-of-processing-instruction-target
            // parse error. Convert the temporary buffer to a comment. Reconsume in the bogus
            // comment state."
            Some(_) => {
                err!(
                    self,
                    sink,
                    cx,
                    "invalid-first-character-of-processing-instruction-target"
                );
                self.pi_to_bogus_comment();
            }
        }
        ControlFlow::Continue(())
    }

    // Processing instruction target state
    pub(super) fn pi_target_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        match getc!(self, sink, cx) {
            // "U+0009 TAB, U+000A LF, U+000C FF, U+0020 SPACE, U+003F (?), U+003E (>): Let
            // target be the temporary buffer. If target is an ASCII case-insensitive match for
            // "xml" or "xml-stylesheet": This is a disallowed-processing-instruction-target
            // parse error. Convert the temporary buffer to a comment. Reconsume in the bogus
            // comment state. Otherwise: Create a processing instruction token whose target is
            // target and data is the empty string. Reconsume in the after processing
            // instruction target state."
            Some((c, _)) if is_ws(c) || c == '?' || c == '>' => {
                let target = self.comment.get(1..).unwrap_or("");
                if target.eq_ignore_ascii_case("xml")
                    || target.eq_ignore_ascii_case("xml-stylesheet")
                {
                    err!(self, sink, cx, "disallowed-processing-instruction-target");
                    self.pi_to_bogus_comment();
                } else {
                    self.pi_data.clear();
                    self.state = St::AfterProcessingInstructionTarget;
                }
            }
            // "ASCII alphanumeric, U+002D (-), U+005F (_): Append the current input character
            // to the temporary buffer."
            Some((c, n)) if c.is_ascii_alphanumeric() || c == '-' || c == '_' => {
                self.comment.push(c);
                cx.pos += n;
            }
            // "EOF: This is an eof-in-processing-instruction parse error. Emit an end-of-file
            // token."
            None => {
                err!(self, sink, cx, "eof-in-processing-instruction");
                eof_here!(self, sink, cx);
            }
            // "Anything else: This is an invalid-processing-instruction-target parse error.
            // Convert the temporary buffer to a comment. Reconsume in the bogus comment state."
            Some(_) => {
                err!(self, sink, cx, "invalid-processing-instruction-target");
                self.pi_to_bogus_comment();
            }
        }
        ControlFlow::Continue(())
    }

    // After processing instruction target state
    pub(super) fn after_pi_target_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            // "U+0009 TAB, U+000A LF, U+000C FF, U+0020 SPACE: Ignore the character."
            Some((c, n)) if is_ws(c) => cx.pos += n,
            // "Anything else: Reconsume in the processing instruction data state."
            _ => self.state = St::ProcessingInstructionData,
        }
        ControlFlow::Continue(())
    }

    // Processing instruction data state
    pub(super) fn pi_data_state<S: TokenSink>(&mut self, sink: &mut S, cx: &mut Cx<'_>) -> Flow {
        match getc!(self, sink, cx) {
            // "U+003F (?): Switch to the processing instruction questionable state."
            Some(('?', n)) => {
                self.state = St::ProcessingInstructionQuestionable;
                cx.pos += n;
            }
            // "U+003E (>): Switch to the data state. Emit the current processing instruction
            // token."
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_pi(sink, cx.pos + n);
                cx.pos += n;
            }
            // "EOF: This is an eof-in-processing-instruction parse error. Emit an end-of-file
            // token."
            None => {
                err!(self, sink, cx, "eof-in-processing-instruction");
                eof_here!(self, sink, cx);
            }
            // "Anything else: Append the current input character to the current processing
            // instruction token's data."
            Some((c, n)) => {
                self.pi_data.push(c);
                cx.pos += n;
            }
        }
        ControlFlow::Continue(())
    }

    // Processing instruction questionable state
    pub(super) fn pi_questionable_state<S: TokenSink>(
        &mut self,
        sink: &mut S,
        cx: &mut Cx<'_>,
    ) -> Flow {
        match getc!(self, sink, cx) {
            // "U+003E (>): Switch to the data state. Emit the current processing instruction
            // token."
            Some(('>', n)) => {
                self.state = St::Data;
                self.emit_pi(sink, cx.pos + n);
                cx.pos += n;
            }
            // "EOF: This is an eof-in-processing-instruction parse error. Emit an end-of-file
            // token."
            None => {
                err!(self, sink, cx, "eof-in-processing-instruction");
                eof_here!(self, sink, cx);
            }
            // "Anything else: Append U+003F (?) to the current processing instruction token's
            // data. Reconsume in the processing instruction data state."
            Some(_) => {
                self.pi_data.push('?');
                self.state = St::ProcessingInstructionData;
            }
        }
        ControlFlow::Continue(())
    }
}
