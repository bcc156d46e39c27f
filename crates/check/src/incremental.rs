//! What an editor needs to re-check a document after an edit without checking all of it
//! again: the document-global rules, recomputed from per-element summaries kept from the last
//! check.
//!
//! Most of the checker's rules are local: a parse error belongs to a token, an attribute or URL
//! finding to one attribute of one element. The rule that is not is the uniqueness of ids
//! (§3.2.6: a `duplicate-id` finding on an element depends on every element before it in tree
//! order, and names the line of the first one). [`id_uses`] keeps, per element, what that rule
//! reads, and [`duplicate_ids`] gives the rule's findings from such a list, exactly as
//! [`crate::check_document`] reports them: a caller that re-checks only a changed part of a
//! document splices the lists of the parts (in tree order) and recomputes the findings.
//!
//! ```
//! use websyntax_check::incremental::{duplicate_ids, id_uses};
//! use websyntax_check::{check_document, Filter};
//! use websyntax_html::input_stream::DocumentParserOptions;
//!
//! let page = b"<!DOCTYPE html><p id=a>x</p>\n<div id=b></div>\n<span id=a></span>";
//! let (report, parsed) =
//!     check_document(page, DocumentParserOptions::default(), None, &Filter::default());
//! let parsed = parsed.unwrap();
//! let uses = id_uses(page, &parsed, true);
//! assert_eq!(uses.len(), 3);
//! let found = duplicate_ids(&uses, &Filter::default(), |o| parsed.document.line_col(o));
//! let expected: Vec<_> =
//!     report.diagnostics.iter().filter(|d| d.code == "duplicate-id").cloned().collect();
//! assert_eq!(found, expected);
//! assert!(found[0].message.ends_with("(first on line 1)"));
//! ```

use websyntax_html::dom::{AttrNamespace, WalkEvent};
use websyntax_html::input_stream::ParsedDocument;

use crate::attributes::{duplicate_message, duplicates, scoped_walk};
use crate::locate::StartTags;
use crate::source::Source;
use crate::{Category, Cx, Diagnostic, Filter, Severity, Span};

/// One `id` attribute that takes part in the uniqueness rule (a non-empty one), with what
/// the rule reads of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdUse {
    /// The element's node index in its document ([`websyntax_html::NodeId::index`]).
    pub node: usize,
    /// The id tree it is in: 0 for the document, then one number per template's contents,
    /// in tree order.
    pub scope: usize,
    /// The id.
    pub value: String,
    /// The element's local name.
    pub element: String,
    /// Where a `duplicate-id` finding on it is reported (its value), in bytes of the input.
    pub at: Option<Span>,
    /// Where its element's start tag is (a later duplicate names its line).
    pub element_at: Option<Span>,
}

/// The id uses of `parsed`, the document [`crate::check_document`] parsed from `bytes` (with
/// the scripting flag `scripting`), in tree order.
pub fn id_uses(bytes: &[u8], parsed: &ParsedDocument, scripting: bool) -> Vec<IdUse> {
    let doc = &parsed.document;
    let source = Source::new(bytes, parsed.encoding, &parsed.decode_errors);
    let tags = StartTags::needed(doc).then(|| StartTags::new(doc, source.text(), scripting));
    let filter = Filter::default();
    let cx = Cx {
        source: &source,
        doc,
        tags,
        filter: &filter,
        out: Vec::new(),
    };
    let mut out = Vec::new();
    for (event, scope) in scoped_walk(doc) {
        let WalkEvent::Enter(id, _) = event else {
            continue;
        };
        let Some(name) = doc.local_name(id) else {
            continue;
        };
        for attr in doc.attrs(id) {
            if attr.namespace() == AttrNamespace::None
                && attr.name() == "id"
                && !attr.value().is_empty()
            {
                out.push(IdUse {
                    node: id.index(),
                    scope,
                    value: attr.value().to_owned(),
                    element: name.to_owned(),
                    at: cx.span_of(&cx.attr_where(id, &attr, true)),
                    element_at: cx.span_of(&cx.element_where(id)),
                });
            }
        }
    }
    out
}

/// The `duplicate-id` findings of `uses` (in tree order), those `filter` allows, in the order
/// of `uses`. `line_col` gives the 1-based line and column (UTF-16 code units) of a byte
/// offset of the document, as [`websyntax_html::Document::line_col`] does.
pub fn duplicate_ids(
    uses: &[IdUse],
    filter: &Filter,
    mut line_col: impl FnMut(usize) -> (usize, usize),
) -> Vec<Diagnostic> {
    if !filter.allows(Category::Attribute, "duplicate-id", Severity::Error) {
        return Vec::new();
    }
    duplicates(uses.iter().map(|u| (u.scope, u.value.as_str())))
        .into_iter()
        .map(|(k, first)| {
            let u = &uses[k];
            let first_line = uses[first].element_at.map(|s| line_col(s.start).0);
            let (line, col) = u.at.map_or((1, 1), |s| line_col(s.start));
            Diagnostic {
                category: Category::Attribute,
                code: "duplicate-id",
                severity: Severity::Error,
                message: duplicate_message(&u.value, &u.element, first_line),
                span: u.at,
                line,
                col,
                count: 1,
                related: None,
            }
        })
        .collect()
}
