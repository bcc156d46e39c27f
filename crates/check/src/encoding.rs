//! Category `encoding`: how the character encoding was determined (§13.2.3.2), the character
//! encoding declaration (§4.2.5.4 "Specifying the document's character encoding"), "change the
//! encoding" (§13.2.3.4), and decoding errors.

use websyntax_encoding::Encoding;
use websyntax_html::input_stream::{ChangeOutcome, ParsedDocument};
use websyntax_html::sniff::{Confidence, Reason, extract_character_encoding_from_meta};
use websyntax_html::{NodeId, Span};

use crate::{Category, Cx, Severity, Where, quote};

/// Malformed sequences at most this many bytes apart are reported as one range.
const GROUP_GAP: u64 = 16;

/// The document's first character encoding declaration: a `meta` with `charset`, or with
/// `http-equiv=content-type` and a `content` that names an encoding.
fn declaration(cx: &Cx<'_, '_>) -> Option<(NodeId, String, Option<Encoding>)> {
    cx.doc.find_all_elements("meta").find_map(|meta| {
        if let Some(label) = cx.doc.attribute(meta, "charset") {
            return Some((meta, label.to_owned(), Encoding::for_label(label)));
        }
        let http_equiv = cx.doc.attribute(meta, "http-equiv")?;
        if !http_equiv.eq_ignore_ascii_case("content-type") {
            return None;
        }
        let content = cx.doc.attribute(meta, "content")?;
        Some((
            meta,
            content.to_owned(),
            extract_character_encoding_from_meta(content),
        ))
    })
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, parsed: &ParsedDocument, transport: Option<Encoding>) {
    let encoding = parsed.encoding;
    let decl = declaration(cx);
    let decl_where = |cx: &Cx<'_, '_>| decl.as_ref().map(|(meta, ..)| cx.element_where(*meta));

    // How the encoding was determined (info).
    let confidence = match parsed.confidence {
        Confidence::Certain => "certain",
        Confidence::Tentative => "tentative",
        Confidence::Irrelevant => "irrelevant",
    };
    cx.push(
        Category::Encoding,
        "encoding-determined",
        Severity::Info,
        format!("decoded as {encoding} ({confidence}): {}", parsed.why()),
        Where::Document,
    );

    let bytes = cx.source.bytes();
    let has_bom = parsed.sniffed.reason == Reason::ByteOrderMark;
    // No declaration at all while the bytes are not all ASCII: at the first non-ASCII byte.
    let first_non_ascii = bytes.iter().position(|b| !b.is_ascii());
    if decl.is_none()
        && !has_bom
        && transport.is_none()
        && let Some(first) = first_non_ascii
    {
        cx.push(
            Category::Encoding,
            "no-encoding-declaration",
            Severity::Error,
            no_declaration_message(encoding, parsed),
            Where::Bytes(Span::new(first, first + 1)),
        );
    }

    if let Some((meta, label, declared)) = &decl {
        let at = cx.element_where(*meta);
        // The declaration must be serialized completely within the first 1024 bytes.
        let end = match &at {
            Where::Bytes(span) => Some(span.end),
            Where::Text(r) => Some(cx.source.text_to_byte(r.end)),
            Where::Document => None,
        };
        if let Some(end) = end
            && end > 1024
        {
            cx.push(
                Category::Encoding,
                "encoding-declaration-too-late",
                Severity::Error,
                format!(
                    "the encoding declaration ends at byte {end}: it must be within the first 1024 bytes, where the prescan looks for it"
                ),
                cx_where(cx, *meta),
            );
        }
        match declared {
            None => cx.push(
                Category::Encoding,
                "unknown-encoding-label",
                Severity::Error,
                format!("{} does not name an encoding (it is ignored)", quote(label)),
                cx_where(cx, *meta),
            ),
            Some(declared) => {
                // A declaration that disagrees with a BOM or the transport-layer charset.
                let certain_by = if has_bom {
                    Some("the byte order mark")
                } else if transport.is_some() && parsed.sniffed.reason == Reason::TransportLayer {
                    Some("the transport-layer charset")
                } else {
                    None
                };
                if let Some(by) = certain_by
                    && *declared != parsed.sniffed.encoding
                    && declared_meaning(*declared) != parsed.sniffed.encoding
                {
                    cx.push(
                        Category::Encoding,
                        "encoding-declaration-mismatch",
                        Severity::Error,
                        format!(
                            "the document declares {declared} but {by} says {}, which wins",
                            parsed.sniffed.encoding
                        ),
                        cx_where(cx, *meta),
                    );
                }
            }
        }
    }

    // A change of encoding mid-parse.
    if let Some(change) = parsed.change
        && matches!(
            change.outcome,
            ChangeOutcome::SwitchedOnTheFly | ChangeOutcome::Restarted
        )
    {
        let at = decl_where(cx).unwrap_or(Where::Document);
        cx.push(
            Category::Encoding,
            "encoding-changed",
            Severity::Warning,
            format!("{change}: the parser had to change the encoding mid-parse"),
            at,
        );
    }

    // Decoding errors, grouped into ranges.
    let mut i = 0;
    let errors = &parsed.decode_errors;
    while i < errors.len() {
        let first = errors[i];
        let mut end = first.offset + u64::from(first.length);
        let mut count = 1;
        while let Some(next) = errors.get(i + count)
            && next.offset <= end + GROUP_GAP
        {
            end = next.offset + u64::from(next.length);
            count += 1;
        }
        let start = usize::try_from(first.offset).unwrap_or(usize::MAX);
        let end = usize::try_from(end).unwrap_or(usize::MAX);
        let message = if count == 1 {
            format!(
                "byte{} {} not valid {encoding} (decoded as U+FFFD)",
                if end - start == 1 { "" } else { "s" },
                if end - start == 1 { "is" } else { "are" }
            )
        } else {
            format!(
                "{count} malformed {encoding} byte sequences in bytes {start}..{end} (each decoded as U+FFFD)"
            )
        };
        cx.push(
            Category::Encoding,
            "decoding-error",
            Severity::Error,
            message,
            Where::Bytes(Span::new(start, end)),
        );
        i += count;
    }

    // Authors must use UTF-8.
    if encoding != Encoding::UTF_8 {
        let at = decl_where(cx).unwrap_or(Where::Document);
        cx.push(
            Category::Encoding,
            "non-utf8-encoding",
            Severity::Warning,
            format!("the document is encoded as {encoding}: documents must use UTF-8"),
            at,
        );
    }
}

/// The advice for a document with non-ASCII bytes and no declaration: declare the encoding
/// the bytes are in (a `<meta charset="utf-8">` on a windows-1251 page would turn its text
/// into U+FFFD), or convert the file to UTF-8 first.
fn no_declaration_message(encoding: Encoding, parsed: &ParsedDocument) -> String {
    let why = parsed.why();
    if encoding == Encoding::UTF_8 {
        return format!(
            "a non-ASCII byte, but the document declares no encoding: add <meta charset=\"utf-8\"> near the top (decoded as UTF-8, {why})"
        );
    }
    let label = encoding.name().to_ascii_lowercase();
    let guess = if parsed.sniffed.reason == Reason::Autodetected {
        format!("the bytes look like {encoding}")
    } else {
        format!("it was decoded as {encoding} ({why})")
    };
    format!(
        "a non-ASCII byte, but the document declares no encoding; {guess}: if that is right, add <meta charset=\"{label}\"> near the top, or better, convert the file to UTF-8 and add <meta charset=\"utf-8\"> (declaring UTF-8 without converting garbles the text)"
    )
}

fn cx_where(cx: &Cx<'_, '_>, meta: NodeId) -> Where {
    cx.element_where(meta)
}

/// What a `<meta>` declaring `declared` makes the parser use (§13.2.3.4 steps 3-4).
fn declared_meaning(declared: Encoding) -> Encoding {
    if declared == Encoding::UTF_16BE || declared == Encoding::UTF_16LE {
        Encoding::UTF_8
    } else if declared == Encoding::X_USER_DEFINED {
        Encoding::WINDOWS_1252
    } else {
        declared
    }
}
