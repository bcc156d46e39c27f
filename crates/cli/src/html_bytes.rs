//! `websyntax html parse` on a document: the input bytes go through the byte-stream pipeline
//! of `websyntax::html::input_stream` (encoding sniffing, decoding, "change the encoding"),
//! with `--encoding LABEL` as the transport-layer charset.

use websyntax::encoding::Encoding;
use websyntax::html::ParseOptions;
use websyntax::html::input_stream::{DocumentParserOptions, ParsedDocument, parse_document_bytes};

/// Warns (on stderr) about a transport charset label that is no encoding: the sniffing
/// algorithm ignores it, as the spec says (as `websyntax encoding sniff --transport` does).
pub fn warn_unknown_label(label: Option<&str>) {
    if let Some(label) = label
        && Encoding::for_label(label).is_none()
    {
        eprintln!(
            "websyntax: warning: transport charset {label:?} is not a supported encoding; ignored"
        );
    }
}

/// Parses `bytes` as a document with `transport` as the transport-layer charset.
pub fn parse(bytes: &[u8], transport: Option<&str>, options: ParseOptions) -> ParsedDocument {
    let mut o = DocumentParserOptions {
        parse: options,
        ..DocumentParserOptions::default()
    };
    o.sniff.transport_charset = transport.map(str::to_owned);
    parse_document_bytes(bytes, o)
}

/// Writes each decoding error on stderr: `websyntax: decoding error: invalid UTF-8 byte
/// sequence (1 byte) at byte offset 7`.
pub fn report_decode_errors(parsed: &ParsedDocument) {
    for e in &parsed.decode_errors {
        eprintln!("websyntax: decoding error: {e}");
    }
}

/// Adds `"encoding"`, `"confidence"`, `"why"` and `"decodeErrors": [{"offset", "length"}]` to
/// the document's JSON object.
pub fn with_encoding(mut json: String, parsed: &ParsedDocument) -> String {
    if json.ends_with('}') {
        json.pop();
        let extra = serde_json::json!({
            "encoding": parsed.encoding.name(),
            "confidence": parsed.confidence.to_string(),
            "why": parsed.why(),
            "decodeErrors": parsed
                .decode_errors
                .iter()
                .map(|e| serde_json::json!({"offset": e.offset, "length": e.length}))
                .collect::<Vec<_>>(),
        })
        .to_string();
        json.push(',');
        json.push_str(extra.get(1..).unwrap_or("}"));
    }
    json
}
