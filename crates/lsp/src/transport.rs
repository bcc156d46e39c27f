//! The base protocol over stdio (LSP 3.17 "Base Protocol": `Content-Length` headers, a JSON
//! body), tolerant of a broken client.
//!
//! `lsp-server`'s own stdio transport stops reading at the first malformed message. This one
//! answers it instead, as JSON-RPC 2.0 says: a body that is not JSON gets a `-32700` (parse
//! error) response, JSON that is not a request, response or notification a `-32600`
//! (invalid request) response, both with the request's `id` when one can be read and `null`
//! otherwise, and reading goes on with the next message. Only the end of the input, or a
//! header block that cannot be recovered from (no `Content-Length`), ends the connection.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, unbounded};
use lsp_server::Message;
use serde_json::{Value, json};

/// The largest message body accepted (a 10 MB document is about 10 MB of JSON; UTF-16
/// escapes can double it).
pub const MAX_BODY: usize = 256 * 1024 * 1024;

/// What the reader hands the server.
#[derive(Debug)]
pub enum Incoming {
    /// A well-formed message.
    Message(Message),
    /// A malformed message: the error response to send (a JSON-RPC error object with `id`).
    Malformed(Value),
}

/// Reads one message body from `input`: `Ok(None)` at the end of the input.
fn read_body(input: &mut dyn BufRead) -> io::Result<Option<Vec<u8>>> {
    let mut size: Option<usize> = None;
    let mut line = Vec::new();
    let mut any_header = false;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if any_header {
                break;
            }
            // Blank lines between messages: skip.
            continue;
        }
        any_header = true;
        if let Some((name, value)) = text.split_once(':')
            && name.trim().eq_ignore_ascii_case("Content-Length")
        {
            size = value.trim().parse().ok();
        }
    }
    let Some(size) = size else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a message without a valid Content-Length header",
        ));
    };
    if size > MAX_BODY {
        // Skip it: its answer is an error.
        io::copy(&mut input.take(size as u64), &mut io::sink())?;
        return Ok(Some(Vec::new()));
    }
    let mut body = vec![0; size];
    input.read_exact(&mut body)?;
    Ok(Some(body))
}

/// Parses a message body, or gives the error response for it.
pub fn parse_body(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => {
            return Incoming::Malformed(error_response(
                Value::Null,
                -32700,
                &format!("parse error: {e}"),
            ));
        }
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    let id = match id {
        Value::Number(_) | Value::String(_) => id,
        _ => Value::Null,
    };
    match serde_json::from_value::<Message>(value) {
        Ok(m) => Incoming::Message(m),
        Err(e) => Incoming::Malformed(error_response(id, -32600, &format!("invalid request: {e}"))),
    }
}

/// A JSON-RPC error response.
pub fn error_response(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// Writes one message with its header.
pub fn write_frame(out: &mut dyn Write, body: &[u8]) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(body)?;
    out.flush()
}

/// The message as a JSON-RPC body.
pub fn encode(msg: &Message) -> Vec<u8> {
    let mut v = serde_json::to_value(msg).unwrap_or(Value::Null);
    if let Value::Object(o) = &mut v {
        o.insert("jsonrpc".into(), "2.0".into());
    }
    serde_json::to_vec(&v).unwrap_or_default()
}

/// Frames to write: encoded messages.
pub type Outgoing = Vec<u8>;

/// The reader and writer threads of a stdio connection: `(incoming, outgoing, threads)`.
pub fn stdio() -> (
    Receiver<Incoming>,
    Sender<Outgoing>,
    Vec<thread::JoinHandle<()>>,
) {
    let (in_tx, in_rx) = unbounded::<Incoming>();
    let (out_tx, out_rx) = unbounded::<Outgoing>();
    let reader = thread::Builder::new()
        .name("lsp-reader".into())
        .spawn(move || {
            let stdin = io::stdin();
            let mut input = stdin.lock();
            while let Ok(Some(body)) = read_body(&mut input) {
                let incoming = if body.is_empty() {
                    Incoming::Malformed(error_response(
                        Value::Null,
                        -32700,
                        "empty or oversized message body",
                    ))
                } else {
                    parse_body(&body)
                };
                let exit = matches!(&incoming,
                    Incoming::Message(Message::Notification(n)) if n.method == "exit");
                if in_tx.send(incoming).is_err() || exit {
                    break;
                }
            }
        })
        .expect("spawn the reader thread");
    let writer = thread::Builder::new()
        .name("lsp-writer".into())
        .spawn(move || {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            for frame in out_rx {
                if write_frame(&mut out, &frame).is_err() {
                    break;
                }
            }
        })
        .expect("spawn the writer thread");
    (in_rx, out_tx, vec![reader, writer])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_bodies_get_error_responses() {
        let Incoming::Malformed(e) = parse_body(b"{not json") else {
            panic!()
        };
        assert_eq!(e["error"]["code"], -32700);
        assert_eq!(e["id"], Value::Null);
        let Incoming::Malformed(e) = parse_body(br#"{"id": 7, "params": 3}"#) else {
            panic!()
        };
        assert_eq!(e["error"]["code"], -32600);
        assert_eq!(e["id"], 7);
        assert!(matches!(
            parse_body(br#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#),
            Incoming::Message(Message::Request(_))
        ));
    }

    #[test]
    fn frames_are_read_past_noise() {
        let data =
            b"\r\nContent-Length: 2\r\nContent-Type: x\r\n\r\n{}Content-Length: 3\r\n\r\n[1]";
        let mut input = &data[..];
        assert_eq!(read_body(&mut input).unwrap().unwrap(), b"{}");
        assert_eq!(read_body(&mut input).unwrap().unwrap(), b"[1]");
        assert!(read_body(&mut input).unwrap().is_none());
        let mut bad = &b"X-Nothing: 1\r\n\r\n{}"[..];
        assert!(read_body(&mut bad).is_err());
    }
}
