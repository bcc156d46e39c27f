//! # websyntax-check
//!
//! Everything wrong with an HTML document's *syntax*, in one report: the HTML parse errors
//! (tokenizer and tree construction), how the character encoding was determined and what is
//! wrong with it, the URLs in URL-bearing attributes, and attribute values that HTML defines as
//! a §2.3 microsyntax (numbers, dates, colours, boolean attributes, ids). Each [`Diagnostic`]
//! has a category, a stable code, a severity, a human message, and where it is: a byte
//! [`Span`] into the file as given and a 1-based line and column.
//!
//! The checker parses once with the full byte-stream pipeline (encoding sniffing, decoding,
//! tokenizer, tree builder) and then reads the DOM. It does not check the content model (which
//! elements may contain which) or attribute presence rules: only syntax.
//!
//! Repeated findings are grouped ([`Diagnostic::count`]: one URL diagnostic per code per
//! attribute value, one parse diagnostic per run of the same error on consecutive
//! characters), an `eof-*` parse error also gives where the unclosed construct began
//! ([`Diagnostic::related`]), a file that is not text is one `binary-input` diagnostic, and a
//! [`Filter`] chooses what is reported.
//!
//! ```
//! use websyntax_check::{check, Category, CheckOptions, Severity};
//!
//! let page = b"<!DOCTYPE html><meta charset=utf-8><title>t</title>\
//!              <p><img src=a.png width=100px></div>";
//! let report = check(page, &CheckOptions::default());
//! let found: Vec<(Category, &str, Severity)> =
//!     report.diagnostics.iter().map(|d| (d.category, d.code, d.severity)).collect();
//! assert!(found.contains(&(Category::Attribute, "invalid-non-negative-integer", Severity::Error)));
//! assert!(found.contains(&(Category::Parse, "unexpected-end-tag-not-in-scope", Severity::Error)));
//! let d = report.diagnostics.iter().find(|d| d.category == Category::Attribute).unwrap();
//! assert_eq!((d.line, d.col), (1, 76));
//! assert_eq!(&page[d.span.unwrap().range()], b"100px");
//! assert!(report.has_errors());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod attributes;
mod binary;
mod codes;
mod encoding;
mod eof;
pub mod incremental;
mod json;
mod locate;
mod parse;
mod source;
mod urls;

use std::fmt;
use std::ops::Range;

use websyntax_encoding::Encoding;
use websyntax_html::dom::AttrRef;
use websyntax_html::input_stream::{DocumentParserOptions, ParsedDocument, parse_document_bytes};
use websyntax_html::{Document, NodeId};

pub use attributes::{ATTRIBUTE_RULES, AttributeRule, BOOLEAN_ATTRIBUTES, Syntax};
pub use codes::{CODES, all_codes};
pub use urls::PLACEHOLDER_BASE;
pub use websyntax_html::Span;

use locate::StartTags;
use source::Source;

/// Which part of the syntax a diagnostic is about.
///
/// ```
/// use websyntax_check::Category;
/// assert_eq!(Category::Url.as_str(), "url");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// An HTML parse error (§13.2.2 tokenizer codes, tree-construction codes).
    Parse,
    /// The character encoding: how it was determined, declarations, decoding errors.
    Encoding,
    /// A URL in a URL-bearing attribute (URL Standard failures and validation errors).
    Url,
    /// An attribute value that is not what its microsyntax allows, boolean attributes, ids.
    Attribute,
}

impl Category {
    /// The name used in the JSON output: `parse`, `encoding`, `url`, `attribute`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Parse => "parse",
            Category::Encoding => "encoding",
            Category::Url => "url",
            Category::Attribute => "attribute",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How bad a diagnostic is.
///
/// ```
/// use websyntax_check::Severity;
/// assert!(Severity::Error > Severity::Warning);
/// assert_eq!(Severity::Info.to_string(), "info");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Severity {
    /// Information (e.g. how the encoding was determined).
    #[default]
    Info,
    /// Allowed but discouraged, or harmless but worth fixing.
    Warning,
    /// The document does not conform.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl Severity {
    /// The severity named `name` (`error`, `warning` or `info`, ASCII case-insensitive).
    ///
    /// ```
    /// use websyntax_check::Severity;
    /// assert_eq!(Severity::from_name("Warning"), Some(Severity::Warning));
    /// assert_eq!(Severity::from_name("fatal"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Severity> {
        [Severity::Info, Severity::Warning, Severity::Error]
            .into_iter()
            .find(|s| s.as_str().eq_ignore_ascii_case(name))
    }
}

impl Category {
    /// The category named `name` (`parse`, `encoding`, `url` or `attribute`, ASCII
    /// case-insensitive).
    ///
    /// ```
    /// use websyntax_check::Category;
    /// assert_eq!(Category::from_name("url"), Some(Category::Url));
    /// ```
    pub fn from_name(name: &str) -> Option<Category> {
        [
            Category::Parse,
            Category::Encoding,
            Category::Url,
            Category::Attribute,
        ]
        .into_iter()
        .find(|c| c.as_str().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding, or a group of identical findings (see [`Diagnostic::count`]).
///
/// ```
/// use websyntax_check::{check, CheckOptions};
/// let report = check(b"<!DOCTYPE html><meta charset=utf-8><p tabindex=x>", &CheckOptions::default());
/// let d = report.diagnostics.iter().find(|d| d.code == "invalid-integer").unwrap();
/// assert_eq!(d.to_string(), "1:48: error: `tabindex` on `<p>` must be a valid integer, not \"x\" [invalid-integer]");
///
/// // 3 spaces in one URL: one diagnostic standing for 3 findings.
/// let report = check(b"<!DOCTYPE html><meta charset=utf-8><a href='/a b c d'>x</a>", &CheckOptions::default());
/// let d = report.diagnostics.iter().find(|d| d.code == "invalid-URL-unit").unwrap();
/// assert_eq!(d.count, 3);
/// assert!(d.to_string().ends_with("(\u{d7}3) [invalid-URL-unit]"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The category.
    pub category: Category,
    /// A stable code: the parse error code, the URL Standard's validation error name, or one
    /// of the checker's own codes (all listed in `docs/check.md`).
    pub code: &'static str,
    /// The severity.
    pub severity: Severity,
    /// A human message.
    pub message: String,
    /// Byte offsets into the file as given, or `None` when the finding is about the whole
    /// document.
    pub span: Option<Span>,
    /// 1-based line (as the parser counts: CR LF and CR are one line break).
    pub line: usize,
    /// 1-based column, in UTF-16 code units of the decoded text.
    pub col: usize,
    /// How many findings this diagnostic stands for (1 unless grouped): the same validation
    /// error repeated in one URL, or the same parse error on consecutive characters or
    /// repeated identical tokens (the span then covers them all).
    pub count: usize,
    /// A second place the finding is about: where the unclosed construct of an `eof-*`
    /// parse error began.
    pub related: Option<Related>,
}

/// A second place a [`Diagnostic`] refers to, with a label.
///
/// ```
/// use websyntax_check::{check, CheckOptions};
/// let page = b"<!DOCTYPE html><title>t</title><p>x<!-- unclosed";
/// let report = check(page, &CheckOptions::default());
/// let d = report.diagnostics.iter().find(|d| d.code == "eof-in-comment").unwrap();
/// let r = d.related.as_ref().unwrap();
/// assert_eq!(&page[r.span.range()], b"<!--");
/// assert_eq!((r.line, r.col, r.message.as_str()), (1, 36, "the comment starts here"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// Byte offsets into the file as given.
    pub span: Span,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (UTF-16 code units).
    pub col: usize,
    /// What is there, e.g. "the comment starts here".
    pub message: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}{} [{}]",
            self.line,
            self.col,
            self.severity,
            self.message,
            Times(self.count),
            self.code
        )
    }
}

/// ` (×N)` for a count above 1, nothing otherwise: what a grouped diagnostic adds to its
/// message in one-line formats.
///
/// ```
/// use websyntax_check::Times;
/// assert_eq!(format!("x{}", Times(137)), "x (\u{d7}137)");
/// assert_eq!(format!("x{}", Times(1)), "x");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Times(pub usize);

impl fmt::Display for Times {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 > 1 {
            write!(f, " (\u{d7}{})", self.0)
        } else {
            Ok(())
        }
    }
}

/// Options of [`check`].
///
/// ```
/// use websyntax_check::CheckOptions;
/// let options = CheckOptions {
///     transport_charset: Some("utf-8".into()),
///     document_url: Some("https://example.org/dir/page.html".into()),
///     ..CheckOptions::default()
/// };
/// # let _ = options;
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckOptions {
    /// The transport layer's charset label (e.g. from `Content-Type`).
    pub transport_charset: Option<String>,
    /// The document's URL: the fallback base URL for relative URLs when there is no
    /// `<base href>`. Without it (or when it does not parse), relative URLs are resolved
    /// against [`PLACEHOLDER_BASE`] so that their syntax is still checked.
    pub document_url: Option<String>,
    /// The scripting flag of the parse (default `true`, as in browsers).
    pub scripting: bool,
    /// Whether the encoding sniffing algorithm may autodetect the encoding from the bytes
    /// (step 8) when nothing declares it (default `true`: checked files are usually local).
    pub autodetect: bool,
    /// Which diagnostics to report (default: all).
    pub filter: Filter,
    /// The parser's resource limits (default: none). When the node limit is reached, the
    /// rest of the input is not parsed or checked; [`Report::limits_reached`] says so.
    pub limits: websyntax_html::ResourceLimits,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            transport_charset: None,
            document_url: None,
            scripting: true,
            autodetect: true,
            filter: Filter::default(),
            limits: Default::default(),
        }
    }
}

/// Which diagnostics [`check`] reports. The default reports everything. A category left out
/// by `only` is not checked at all (without `parse`, the parser does not even collect its
/// errors), which saves the work.
///
/// ```
/// use websyntax_check::{check, Category, CheckOptions, Filter, Severity};
/// let page = b"<!DOCTYPE html><meta charset=utf-8><p tabindex=x><a href='/a b'>x</a></div>";
/// let options = CheckOptions {
///     filter: Filter {
///         min_severity: Severity::Warning,
///         ignore: vec!["unexpected-end-tag-not-in-scope".into()],
///         only: vec![Category::Parse, Category::Url],
///         max_per_file: None,
///     },
///     ..CheckOptions::default()
/// };
/// let report = check(page, &options);
/// let codes: Vec<&str> = report.diagnostics.iter().map(|d| d.code).collect();
/// assert_eq!(codes, ["invalid-URL-unit"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Filter {
    /// The least severity reported (default [`Severity::Info`]: all).
    pub min_severity: Severity,
    /// Codes not reported.
    pub ignore: Vec<String>,
    /// The categories reported (empty: all).
    pub only: Vec<Category>,
    /// At most this many diagnostics per document (the first ones in source order); the
    /// others are counted in [`Report::omitted`].
    pub max_per_file: Option<usize>,
}

impl Filter {
    /// Whether diagnostics of `category` can be reported at all.
    pub fn wants(&self, category: Category) -> bool {
        self.only.is_empty() || self.only.contains(&category)
    }

    /// Whether a diagnostic of `category`, `code` and `severity` is reported.
    pub fn allows(&self, category: Category, code: &str, severity: Severity) -> bool {
        severity >= self.min_severity
            && self.wants(category)
            && !self.ignore.iter().any(|c| c == code)
    }
}

/// The result of [`check`]: the diagnostics in source order, and the source to show them in.
pub struct Report<'a> {
    /// The encoding the document was decoded with.
    pub encoding: Encoding,
    /// The diagnostics, in source order.
    pub diagnostics: Vec<Diagnostic>,
    /// How many diagnostics [`Filter::max_per_file`] left out of `diagnostics`.
    pub omitted: usize,
    /// Which resource limits of the parser options changed the document (a reached node
    /// limit means the rest of the input was not parsed, and so not checked).
    pub limits_reached: websyntax_html::LimitsReached,
    /// Diagnostics per severity (info, warning, error), the omitted ones included.
    found: [usize; 3],
    source: Source<'a>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Report")
            .field("encoding", &self.encoding)
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

/// The line of a diagnostic with the part to underline, for showing it.
///
/// ```
/// use websyntax_check::{check, CheckOptions};
/// let report = check(b"<!DOCTYPE html><meta charset=utf-8>\n<table><tr><td colspan=0>", &CheckOptions::default());
/// let d = report.diagnostics.iter().find(|d| d.code == "integer-out-of-range").unwrap();
/// let e = report.excerpt(d).unwrap();
/// assert_eq!((e.line, e.text, e.start, e.len), (2, "<table><tr><td colspan=0>", 23, 1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Excerpt<'r> {
    /// The 1-based line number.
    pub line: usize,
    /// The line's text (decoded, without its line break); on a long line, only a window of
    /// it around the span (see `cut_before` and `cut_after`).
    pub text: &'r str,
    /// Where the underline starts, in characters from the start of `text`.
    pub start: usize,
    /// How many characters to underline (at least 1; the span is cut at the end of the line
    /// or of the window).
    pub len: usize,
    /// Whether `text` starts after the start of the line.
    pub cut_before: bool,
    /// Whether `text` ends before the end of the line.
    pub cut_after: bool,
}

/// How many bytes of a long line an [`Excerpt`] shows before the span's start and after it.
const EXCERPT_BEFORE: usize = 120;
const EXCERPT_AFTER: usize = 200;

impl<'a> Report<'a> {
    /// Whether any diagnostic is an error (an omitted one included).
    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    /// The number of diagnostics of `severity`, those [`Filter::max_per_file`] left out
    /// included (a grouped diagnostic counts once).
    pub fn count(&self, severity: Severity) -> usize {
        self.found[severity as usize]
    }

    /// The source line of `d` and what to underline in it (`None` for a line past the end).
    pub fn excerpt(&self, d: &Diagnostic) -> Option<Excerpt<'_>> {
        self.excerpt_at(d.line, d.col, d.span)
    }

    /// The source line of `d`'s [`Related`] place and what to underline in it.
    ///
    /// ```
    /// use websyntax_check::{check, CheckOptions};
    /// let report = check(b"<!DOCTYPE html>\n<p>x\n<!-- no end", &CheckOptions::default());
    /// let d = report.diagnostics.iter().find(|d| d.code == "eof-in-comment").unwrap();
    /// let e = report.related_excerpt(d).unwrap();
    /// assert_eq!((e.line, e.text, e.start, e.len), (3, "<!-- no end", 0, 4));
    /// ```
    pub fn related_excerpt(&self, d: &Diagnostic) -> Option<Excerpt<'_>> {
        let r = d.related.as_ref()?;
        self.excerpt_at(r.line, r.col, Some(r.span))
    }

    fn excerpt_at(&self, line: usize, col: usize, span: Option<Span>) -> Option<Excerpt<'_>> {
        let line_text = self.source.line_text(line)?;
        let line_start = self.source.offset_of(line, 1);
        let line_end = line_start + line_text.len();
        let start = self.source.offset_of(line, col).clamp(line_start, line_end);
        let end = match span {
            Some(span) => self.source.byte_to_text(span.end),
            None => start,
        }
        .clamp(start, line_end);
        // A window of the line around the span, at char boundaries.
        let from = self
            .source
            .floor(start.saturating_sub(EXCERPT_BEFORE).max(line_start));
        let mut to = (start + EXCERPT_AFTER)
            .max(end.min(start + EXCERPT_AFTER))
            .min(line_end);
        while to < line_end && !self.source.text().is_char_boundary(to) {
            to += 1;
        }
        let text = self.source.text().get(from..to).unwrap_or_default();
        let chars = |a: usize, b: usize| {
            self.source
                .text()
                .get(a..b.max(a))
                .map_or(0, |s| s.chars().count())
        };
        let start_chars = chars(from, start);
        let len = chars(start, end.min(to));
        Some(Excerpt {
            line,
            text,
            start: start_chars,
            len: len.max(1),
            cut_before: from > line_start,
            cut_after: to < line_end,
        })
    }
}

/// Checks `bytes` as an HTML document.
///
/// ```
/// use websyntax_check::{check, CheckOptions};
/// let report = check(b"<!DOCTYPE html><html lang=en><meta charset=utf-8><title>ok</title>", &CheckOptions::default());
/// assert!(!report.has_errors());
/// assert_eq!(report.encoding.name(), "UTF-8");
/// ```
pub fn check<'a>(bytes: &'a [u8], options: &CheckOptions) -> Report<'a> {
    let mut parser_options = DocumentParserOptions::default().autodetect(options.autodetect);
    parser_options.parse.scripting = options.scripting;
    parser_options.sniff.transport_charset = options.transport_charset.clone();
    parser_options.parse.limits = options.limits;
    check_filtered(
        bytes,
        parser_options,
        options.document_url.as_deref(),
        &options.filter,
    )
}

/// Checks `bytes` as an HTML document parsed with `parser_options` (the encoding sniffing
/// algorithm's inputs: transport charset, default encoding, autodetection …; the scripting
/// flag), with `document_url` as the fallback base URL (see [`CheckOptions::document_url`]).
/// Parse errors are always collected.
///
/// ```
/// use websyntax_check::check_with;
/// use websyntax_html::input_stream::DocumentParserOptions;
/// use websyntax_html::sniff::default_encoding_for_locale;
///
/// let options = DocumentParserOptions::spec().default_encoding(default_encoding_for_locale("ja"));
/// let report = check_with(b"<!DOCTYPE html><title>\x82\xa0</title>", options, None);
/// assert_eq!(report.encoding.name(), "Shift_JIS");
/// assert!(report.diagnostics.iter().any(|d| d.code == "no-encoding-declaration"));
/// ```
pub fn check_with<'a>(
    bytes: &'a [u8],
    parser_options: DocumentParserOptions,
    document_url: Option<&str>,
) -> Report<'a> {
    check_filtered(bytes, parser_options, document_url, &Filter::default())
}

/// Whether `bytes` are not text (an image, an archive, NUL bytes, UTF-16 without a byte order
/// mark): the file `check` reports as one `binary-input` diagnostic, and other jobs skip.
/// `transport` is the transport-layer charset, if any (UTF-16 there makes a file text). The
/// rule is in `docs/check.md` ("Binary input").
///
/// ```
/// assert!(websyntax_check::is_binary(&[0u8; 100], None));
/// assert!(!websyntax_check::is_binary(b"<p>caf\xe9", None));
/// ```
pub fn is_binary(bytes: &[u8], transport: Option<Encoding>) -> bool {
    binary::detect(bytes, transport).is_some()
}

/// [`check_with`], reporting only what `filter` allows.
///
/// ```
/// use websyntax_check::{check_filtered, Filter};
/// use websyntax_html::input_stream::DocumentParserOptions;
///
/// let filter = Filter { max_per_file: Some(1), ..Filter::default() };
/// let report = check_filtered(b"</a></b></c>", DocumentParserOptions::default(), None, &filter);
/// assert_eq!(report.diagnostics.len(), 1);
/// assert!(report.omitted > 0);
/// assert!(report.has_errors());
/// ```
pub fn check_filtered<'a>(
    bytes: &'a [u8],
    parser_options: DocumentParserOptions,
    document_url: Option<&str>,
    filter: &Filter,
) -> Report<'a> {
    check_document(bytes, parser_options, document_url, filter).0
}

/// [`check_filtered`], also giving the parsed document the report was made from (`None` for
/// binary input, which is not parsed): for callers that read the tree too, such as an editor
/// server keeping the text nodes an edit may touch, without parsing twice.
///
/// ```
/// use websyntax_check::{check_document, Filter};
/// use websyntax_html::input_stream::DocumentParserOptions;
///
/// let (report, parsed) =
///     check_document(b"<p>x</div>", DocumentParserOptions::default(), None, &Filter::default());
/// assert!(report.has_errors());
/// assert!(parsed.unwrap().document.find_element("p").is_some());
/// ```
pub fn check_document<'a>(
    bytes: &'a [u8],
    mut parser_options: DocumentParserOptions,
    document_url: Option<&str>,
    filter: &Filter,
) -> (Report<'a>, Option<ParsedDocument>) {
    let transport = parser_options
        .sniff
        .transport_charset
        .as_deref()
        .and_then(Encoding::for_label);
    if let Some(binary) = binary::detect(bytes, transport) {
        return (binary::report(bytes, &parser_options, binary, filter), None);
    }
    parser_options.parse.collect_errors = filter.wants(Category::Parse);
    let scripting = parser_options.parse.scripting;
    let parsed = parse_document_bytes(bytes, parser_options);
    let ParsedDocument {
        document,
        encoding,
        decode_errors,
        ..
    } = &parsed;
    let source = Source::new(bytes, *encoding, decode_errors);
    let out = {
        let wants_tags = filter.wants(Category::Attribute) || filter.wants(Category::Url);
        let tags = (wants_tags && StartTags::needed(document))
            .then(|| StartTags::new(document, source.text(), scripting));
        let mut cx = Cx {
            source: &source,
            doc: document,
            tags,
            filter,
            out: Vec::new(),
        };
        if filter.wants(Category::Encoding) {
            encoding::check(&mut cx, &parsed, transport);
        }
        if filter.wants(Category::Parse) {
            parse::check(&mut cx);
        }
        if filter.wants(Category::Attribute) {
            attributes::check(&mut cx);
        }
        if filter.wants(Category::Url) {
            urls::check(&mut cx, *encoding, document_url);
        }
        let mut out = cx.out;
        websyntax_html::sort::sort_by_cold(&mut out, |a, b| a.0.cmp(&b.0));
        out
    };
    let mut report = finish(
        *encoding,
        out.into_iter().map(|(_, d)| d).collect(),
        source,
        filter,
    );
    report.limits_reached = document.limits_reached();
    (report, Some(parsed))
}

/// The report of `diagnostics` (in source order), cut at [`Filter::max_per_file`].
fn finish<'a>(
    encoding: Encoding,
    mut diagnostics: Vec<Diagnostic>,
    source: Source<'a>,
    filter: &Filter,
) -> Report<'a> {
    let mut found = [0; 3];
    for d in &diagnostics {
        found[d.severity as usize] += 1;
    }
    let omitted = match filter.max_per_file {
        Some(max) if diagnostics.len() > max => {
            let n = diagnostics.len() - max;
            diagnostics.truncate(max);
            n
        }
        _ => 0,
    };
    Report {
        encoding,
        diagnostics,
        omitted,
        limits_reached: Default::default(),
        found,
        source,
    }
}

/// The message the checker gives parse error `code` met at byte `at` of the decoded `text`
/// (it names the token found there).
///
/// ```
/// use websyntax_check::parse_error_message;
/// let text = "<p>x</div>";
/// assert_eq!(
///     parse_error_message(text, "unexpected-end-tag-not-in-scope", 4),
///     "stray end tag `</div>`: no such element is open here (ignored)"
/// );
/// assert_eq!(parse_error_message(text, "eof-in-tag", 10), "the file ends inside a tag");
/// ```
pub fn parse_error_message(text: &str, code: &str, at: usize) -> String {
    parse::message(text, code, at)
}

/// `s` in double quotes for a message: only `"` (as `\"`) and control characters are
/// escaped, so that a backslash in a URL reads as one backslash.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Codes of an end tag that closed elements which were still open; the message then names the
/// outermost of them.
const CLOSES_OPEN_ELEMENTS: &[&str] = &[
    "end-tag-with-open-elements",
    "end-tag-form-with-open-elements",
    "end-tag-li-with-open-elements",
    "end-tag-dd-dt-with-open-elements",
    "end-tag-heading-with-open-elements",
    "end-tag-caption-with-open-elements",
    "end-tag-cell-with-open-elements",
    "end-tag-template-with-open-elements",
    "adoption-agency-misnested",
];

/// For an end tag at text offset `at` that closed elements still open (`code` in
/// [`CLOSES_OPEN_ELEMENTS`]), a message naming the outermost of them: "`</div>` closed `<span>`
/// …". Found in the DOM: the closed element is the nearest element of the end tag's name
/// enclosing the last element that started before the end tag, and the element it closed is
/// its last child (everything inserted after that child opened went inside it).
pub(crate) fn closed_open_element(
    cx: &Cx<'_, '_>,
    starts: &mut Option<Vec<(usize, NodeId)>>,
    code: &str,
    at: usize,
) -> Option<String> {
    if !CLOSES_OPEN_ELEMENTS.contains(&code) {
        return None;
    }
    let text = cx.source.text();
    let rest = text.as_bytes().get(at..)?;
    if !rest.starts_with(b"</") {
        return None;
    }
    let name = parse::tag_name(rest)?;
    let heading = |n: &str| matches!(n, "h1" | "h2" | "h3" | "h4" | "h5" | "h6");
    let matches = |n: &str| {
        n == name
            || (code == "end-tag-heading-with-open-elements" && heading(n) && heading(&name))
            || (code == "end-tag-cell-with-open-elements" && matches!(n, "td" | "th"))
    };
    let starts = starts.get_or_insert_with(|| {
        let mut v: Vec<(usize, NodeId)> = cx
            .doc
            .descendants(cx.doc.root())
            .filter(|&id| cx.doc.is_element(id))
            .filter_map(|id| cx.element_start(id).map(|o| (o, id)))
            .collect();
        v.sort_unstable();
        v
    });
    let k = starts.partition_point(|&(o, _)| o < at);
    let &(_, last) = starts.get(k.checked_sub(1)?)?;
    let closed = cx
        .doc
        .ancestors(last)
        .find(|&a| cx.doc.local_name(a).is_some_and(matches))?;
    let open = cx
        .doc
        .last_child(closed)
        .filter(|&c| cx.doc.is_element(c))?;
    let open_name = cx.doc.local_name(open)?;
    let end_tag = format!("`</{name}>`");
    Some(if code == "adoption-agency-misnested" {
        format!(
            "misnested {end_tag}: `<{open_name}>`, opened inside it, was still open (close `</{open_name}>` first)"
        )
    } else {
        format!("{end_tag} closed `<{open_name}>`, which was still open (its end tag is missing)")
    })
}

/// Where a diagnostic points.
#[derive(Clone)]
pub(crate) enum Where {
    /// A span of the file (from the parser's source spans).
    Bytes(Span),
    /// A range of the decoded text (from the fallback locator).
    Text(Range<usize>),
    /// The whole document.
    Document,
}

/// The checking context shared by the categories.
pub(crate) struct Cx<'s, 'a> {
    pub(crate) source: &'s Source<'a>,
    pub(crate) doc: &'s Document,
    tags: Option<StartTags>,
    pub(crate) filter: &'s Filter,
    /// Diagnostics with their sort key (text offset, category rank).
    pub(crate) out: Vec<((usize, u8), Diagnostic)>,
}

impl Cx<'_, '_> {
    /// Adds a diagnostic.
    pub(crate) fn push(
        &mut self,
        category: Category,
        code: &'static str,
        severity: Severity,
        message: String,
        at: Where,
    ) {
        self.push_counted(category, code, severity, message, at, 1);
    }

    /// Adds a diagnostic standing for `count` findings.
    pub(crate) fn push_counted(
        &mut self,
        category: Category,
        code: &'static str,
        severity: Severity,
        message: String,
        at: Where,
        count: usize,
    ) {
        if !self.filter.allows(category, code, severity) {
            return;
        }
        // Diagnostics are ordered, and located, by their first byte in the file; line and
        // column come from the document's own source index, as the parse errors' do.
        let span = self.span_of(&at);
        let key = span.map(|s| s.start);
        let (line, col) = key.map_or((1, 1), |k| self.doc.line_col(k));
        let rank = match category {
            Category::Encoding => 0,
            Category::Parse => 1,
            Category::Attribute => 2,
            Category::Url => 3,
        };
        self.out.push((
            (key.unwrap_or(0), rank),
            Diagnostic {
                category,
                code,
                severity,
                message,
                span,
                line,
                col,
                count,
                related: None,
            },
        ));
    }

    /// The bytes `at` covers (`None` for the whole document).
    pub(crate) fn span_of(&self, at: &Where) -> Option<Span> {
        match at {
            Where::Bytes(span) => Some(*span),
            Where::Text(r) => Some(Span::new(
                self.source.text_to_byte(r.start),
                self.source.text_to_byte(r.end),
            )),
            Where::Document => None,
        }
    }

    /// The text offset of element `id`'s start tag, if known.
    pub(crate) fn element_start(&self, id: NodeId) -> Option<usize> {
        match self.doc.start_tag_span(id) {
            Some(span) => Some(self.source.byte_to_text(span.start)),
            None => self.tags.as_ref().and_then(|t| t.get(id)),
        }
    }

    /// Where element `id`'s start tag is.
    pub(crate) fn element_where(&self, id: NodeId) -> Where {
        if let Some(span) = self.doc.start_tag_span(id) {
            return Where::Bytes(span);
        }
        match self.tags.as_ref().and_then(|t| t.get(id)) {
            Some(at) => Where::Text(locate::tag_extent(self.source.text(), at)),
            None => Where::Document,
        }
    }

    /// Where attribute `attr` of element `id` is: its value (`value`) or the whole attribute.
    pub(crate) fn attr_where(&self, id: NodeId, attr: &AttrRef<'_>, value: bool) -> Where {
        let spanned = if value {
            attr.value_span().or(attr.span())
        } else {
            attr.span()
        };
        if let Some(span) = spanned {
            return Where::Bytes(span);
        }
        if let Some(span) = self.doc.start_tag_span(id) {
            return Where::Bytes(span);
        }
        // TODO(spans): fallback for documents without attribute spans.
        if let Some(at) = self.tags.as_ref().and_then(|t| t.get(id))
            && let Some((whole, v)) = locate::find_attribute(self.source.text(), at, attr.name())
        {
            return Where::Text(match v {
                Some(v) if value => v,
                _ => whole,
            });
        }
        self.element_where(id)
    }

    /// The line `at` starts on (for messages that refer to another place), counted by the
    /// document's own line index, as every diagnostic's line is.
    pub(crate) fn line_of(&self, at: &Where) -> Option<usize> {
        let byte = self.span_of(at)?.start;
        Some(self.doc.line_col(byte).0)
    }
}
