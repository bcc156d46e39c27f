//! Running the checker on a document's text and turning its findings into LSP diagnostics.
//!
//! The checker gets the text's UTF-8 bytes, exactly as `websyntax check` gets a UTF-8 file:
//! same parser options (encoding autodetection on, the command's default resource limits),
//! the document's URI as the document URL (the command uses the file's `file:` URL), and the
//! settings' filter. So the diagnostics of a saved file are those of the command, and their
//! byte spans are offsets into the text.

use lsp_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Uri,
};
use std::sync::{Arc, OnceLock};

use websyntax_check::{Category, Severity, Times, check_document};
use websyntax_html::ResourceLimits;
use websyntax_html::input_stream::DocumentParserOptions;
use websyntax_html::input_stream::ParsedDocument;

use crate::settings::Settings;
use crate::text::{LineIndex, Locator, PositionEncoding};

/// What one check of one text found.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The findings, in source order, with byte spans into the text.
    pub findings: Vec<websyntax_check::Diagnostic>,
    /// The encoding the checker decoded the bytes as (its WHATWG name).
    pub encoding: &'static str,
    /// The byte ranges of the text nodes where a small edit of plain text changes nothing
    /// but the offsets of what follows (see [`crate::incremental`]), sorted; empty when the
    /// incremental path must not be used for this document. The server fills it after it has
    /// published the findings ([`check_text_deferred`]); unset, it counts as empty.
    pub plain_text: Arc<OnceLock<Vec<(usize, usize)>>>,
    /// What the re-parse of a changed region needs ([`crate::splice`]): filled with the
    /// table of plain text nodes; `None` inside when the document does not allow it.
    pub resume: Arc<OnceLock<Option<Arc<crate::splice::Resume>>>>,
}

/// The parser options `websyntax check` uses for a file of `len` bytes, with the settings'
/// scripting flag and standard.
pub fn parser_options(settings: &Settings, len: usize) -> DocumentParserOptions {
    let mut o = DocumentParserOptions::default().autodetect(true);
    o.parse.scripting = settings.scripting;
    o.parse.standard = settings.standard;
    o.parse.limits = ResourceLimits::for_input(len);
    o
}

/// The document URL the checker gets for the document at `uri`: a file or web URL is the
/// document URL; others (`untitled:`) have no hierarchy to resolve relative URLs against, and
/// the checker then uses its placeholder base.
pub fn document_url(uri: &str) -> Option<&str> {
    websyntax_url::Url::parse(uri, None)
        .ok()
        .filter(|u| matches!(u.scheme(), "file" | "http" | "https"))
        .map(|_| uri)
}

/// Checks `text` (the document at `uri`) with `settings`.
pub fn check_text(text: &str, uri: &str, settings: &Settings) -> Checked {
    let (checked, parsed) = check_text_deferred(text, uri, settings);
    fill_plain_text(&checked, parsed.as_ref(), text, settings);
    checked
}

/// [`check_text`] without the table of plain text nodes: `plain_text` is left unset, and the
/// parsed document is returned for [`fill_plain_text`] to build the table from once the
/// findings have been sent. `None` when there is no document to take it from (binary
/// input, the node limit).
pub fn check_text_deferred(
    text: &str,
    uri: &str,
    settings: &Settings,
) -> (Checked, Option<ParsedDocument>) {
    let mut options = parser_options(settings, text.len());
    options.resume_points = true;
    let (report, parsed) = check_document(
        text.as_bytes(),
        options,
        document_url(uri),
        &settings.filter(),
    );
    let mut findings = report.diagnostics;
    let parsed = parsed.filter(|_| !report.limits_reached.nodes);
    if report.limits_reached.nodes {
        // As the command, which refuses such a document: say so rather than show a part.
        findings.clear();
        findings.push(websyntax_check::Diagnostic {
            category: Category::Parse,
            code: "node-limit-reached",
            severity: Severity::Error,
            message: "the document reached the node limit and was not checked".into(),
            span: None,
            line: 1,
            col: 1,
            count: 1,
            related: None,
        });
    }
    let checked = Checked {
        findings,
        encoding: report.encoding.name(),
        plain_text: Arc::default(),
        resume: Arc::default(),
    };
    (checked, parsed)
}

/// Fills `checked.plain_text` and `checked.resume` from the document `text` parsed to (empty
/// without one, with `settings`' scripting flag); does nothing to what is already set.
pub fn fill_plain_text(
    checked: &Checked,
    parsed: Option<&ParsedDocument>,
    text: &str,
    settings: &Settings,
) {
    checked.plain_text.get_or_init(|| {
        parsed.map_or_else(Vec::new, |p| {
            crate::incremental::plain_text_nodes(&p.document, text.as_bytes())
        })
    });
    checked.resume.get_or_init(|| {
        parsed.and_then(|p| crate::splice::Resume::new(checked, p, text, settings.scripting))
    });
}

/// The LSP diagnostics of `checked` for `text` (whose line index is `index`).
pub fn to_lsp(
    checked: &Checked,
    uri: &Uri,
    text: &str,
    index: &LineIndex,
    enc: PositionEncoding,
    docs_url: &str,
) -> Vec<Diagnostic> {
    let mut loc = Locator::new(text, index, enc);
    let mut related_loc = Locator::new(text, index, enc);
    checked
        .findings
        .iter()
        .map(|d| {
            let range = match d.span {
                Some(s) => loc.range(s.start, s.end),
                None => loc.range(0, 0),
            };
            let related = d.related.as_ref().map(|r| {
                vec![DiagnosticRelatedInformation {
                    location: Location {
                        uri: uri.clone(),
                        range: related_loc.range(r.span.start, r.span.end),
                    },
                    message: r.message.clone(),
                }]
            });
            Diagnostic {
                range,
                severity: Some(severity(d.severity)),
                code: Some(NumberOrString::String(d.code.to_owned())),
                code_description: code_description(docs_url, d.code),
                source: Some("websyntax".into()),
                message: format!("{}{}", d.message, Times(d.count)),
                related_information: related,
                tags: None,
                data: Some(serde_json::json!({ "category": d.category.as_str() })),
            }
        })
        .collect()
}

/// The LSP severity of `s`.
pub fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// The link to `code`'s entry in `docs/check.md` (each code's table row has the anchor
/// `<a id="CODE"></a>`, the code exactly as it is reported).
fn code_description(docs_url: &str, code: &str) -> Option<CodeDescription> {
    let base = docs_url.split('#').next().unwrap_or(docs_url);
    let href = format!("{base}#{code}");
    href.parse::<Uri>()
        .ok()
        .map(|href| CodeDescription { href })
}
