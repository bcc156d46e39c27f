//! HTML to Markdown: CommonMark plus GFM tables and strikethrough.
//!
//! The rules (also in `docs/markdown.md`):
//!
//! - **Not content**: what readable text skips (`head`, `script`, `style`, `template`, `title`,
//!   `iframe`, `datalist`, `rp`, `noscript` with scripting on, and elements with a `hidden`
//!   attribute), and comments.
//! - **Text** collapses whitespace as readable text does (runs of ASCII whitespace become one
//!   space, none at a line's start or end). Markdown-special characters are backslash-escaped
//!   where a renderer would read them as markup, so rendering gives back the same characters.
//! - **Blocks**: `h1`–`h6` are ATX headings; `p`, `div` and the other block elements are
//!   paragraphs separated by a blank line; `ul`/`ol` are lists (`start` and `li value` kept,
//!   nested lists indented); `blockquote` is a block quote; `pre` is a fenced code block (info
//!   string from a `language-*` or `lang-*` class on the `pre` or its `code`; the fence is longer
//!   than any backtick run inside); `hr` is a thematic break; `table` is a GFM pipe table (the
//!   first row is the header row, `colspan` repeats empty cells, pipes in cells are escaped,
//!   tables nested in a cell are flattened to their text); `dt` is a strong paragraph, `dd`
//!   and `figure`/`figcaption` are paragraphs.
//! - **Inline**: `em`/`i` are `*…*`, `strong`/`b` are `**…**`, `del`/`s`/`strike` are
//!   `~~…~~`, `code`/`kbd`/`samp`/`tt` are code spans with enough backticks, `br` is a hard line
//!   break (`\` at the end of the line), `a href` is a link and `img` an image, with the URL
//!   resolved against the document base URL (HTML's `<base href>`, else the document's own URL
//!   from the options) and the document's encoding as the query encoding. A link without text
//!   is dropped. Links inside code blocks are not links (a code block has none). An emphasis
//!   or strikethrough marker that could not open where it stands (a letter before it and
//!   ASCII punctuation after it, CommonMark's flanking rule) is left out, the text kept.
//! - **Links that could run script** are not written, unless
//!   [`MarkdownOptions::unsafe_links`] is set: a link whose URL is `javascript:`, `vbscript:`
//!   or `data:` keeps its text only, an image whose source is `javascript:`, `vbscript:` or a
//!   `data:` URL other than `data:image/*` is replaced by its alt text. The scheme is read as
//!   a browser reads it (leading controls and spaces stripped, tabs and newlines removed, any
//!   case). Every destination is written so that each CommonMark renderer reads back exactly
//!   the URL we meant: `&` as `&amp;` (cmark decodes character references before backslash
//!   escapes, so `\&colon;` would become `:`), `(`, `)`, `<`, `>`, `\` and `|`
//!   backslash-escaped. Text never becomes a link, an autolink or raw HTML (`<`, `[` and `]`
//!   are escaped). This is tested by rendering a set of hostile documents with pulldown-cmark,
//!   cmark-gfm (unsafe mode) and markdown-it (its link validation off).
//!
//! Every walk is iterative: a document 10^6 elements deep converts on a small stack.

pub(crate) mod escape;
mod render;
mod unsafe_url;

use websyntax_encoding::Encoding;
use websyntax_html::{Document, NodeId};
use websyntax_url::Url;

use crate::walk::NodeSet;

/// How links are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LinkStyle {
    /// `[text](url)`.
    #[default]
    Inline,
    /// `[text][1]` with `[1]: url` at the end of the document (one number per distinct URL).
    Referenced,
}

/// Options of [`to_markdown`].
///
/// ```
/// use websyntax_extract::MarkdownOptions;
/// let o = MarkdownOptions::default();
/// assert!(o.images && o.scripting && o.base_url.is_none() && !o.unsafe_links);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct MarkdownOptions {
    /// The document's own URL: the base URL when the document has no `<base href>`, and what
    /// a relative `<base href>` resolves against. Without it (and without an absolute
    /// `<base href>`) relative URLs are written as they are in the document.
    pub base_url: Option<Url>,
    /// The document's character encoding (e.g. `ParsedDocument::encoding`), the query
    /// encoding of its URLs. Default UTF-8.
    pub encoding: Encoding,
    /// Inline links or reference links.
    pub link_style: LinkStyle,
    /// Whether images are written (`![alt](src)`); when off they are dropped.
    pub images: bool,
    /// Whether the document was parsed with scripting on (then `noscript` is skipped), as
    /// `ParseOptions::scripting`. Default `true`.
    pub scripting: bool,
    /// Whether links and images whose URL could run script once the Markdown is rendered to
    /// HTML (`javascript:`, `vbscript:`, `data:` other than images' `data:image/*`) are
    /// written as they are. Default `false`: such a link keeps only its text, such an image
    /// only its alt text. Only for Markdown that is never rendered as HTML.
    ///
    /// ```
    /// use websyntax_extract::{MarkdownExt, MarkdownOptions};
    /// use websyntax_html::{ParseOptions, parse_document};
    /// let doc = parse_document("<a href='javascript:go()'>go</a>", ParseOptions::default());
    /// assert_eq!(doc.to_markdown(&MarkdownOptions::default()), "go\n");
    /// let keep = MarkdownOptions { unsafe_links: true, ..MarkdownOptions::default() };
    /// assert_eq!(doc.to_markdown(&keep), "[go](javascript:go\\(\\))\n");
    /// ```
    pub unsafe_links: bool,
}

impl Default for MarkdownOptions {
    fn default() -> MarkdownOptions {
        MarkdownOptions {
            base_url: None,
            encoding: Encoding::UTF_8,
            link_style: LinkStyle::Inline,
            images: true,
            scripting: true,
            unsafe_links: false,
        }
    }
}

/// The Markdown of node `node` and its descendants (the whole document when `None`).
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_extract::{to_markdown, MarkdownOptions};
///
/// let doc = parse_document(
///     "<h1>Title</h1><p>Some <em>text</em> with a <a href=/x>link</a>.<ul><li>one<li>two</ul>",
///     ParseOptions::default(),
/// );
/// let md = to_markdown(&doc, None, &MarkdownOptions::default());
/// assert_eq!(md, "# Title\n\nSome *text* with a [link](/x).\n\n- one\n- two\n");
/// ```
pub fn to_markdown(doc: &Document, node: Option<NodeId>, options: &MarkdownOptions) -> String {
    let root = node.unwrap_or_else(|| doc.root());
    render::render(doc, &[root], None, options)
}

/// The Markdown of several subtrees in order, leaving out the subtrees of `excluded` (used by
/// [`crate::MainContent::markdown`]).
pub fn to_markdown_parts(
    doc: &Document,
    roots: &[NodeId],
    excluded: Option<&NodeSet>,
    options: &MarkdownOptions,
) -> String {
    render::render(doc, roots, excluded, options)
}

/// `doc.to_markdown(&options)`: [`to_markdown`] as a method of [`Document`].
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_extract::{MarkdownExt, MarkdownOptions};
/// let doc = parse_document("<p>a <b>b</b>", ParseOptions::default());
/// assert_eq!(doc.to_markdown(&MarkdownOptions::default()), "a **b**\n");
/// ```
pub trait MarkdownExt {
    /// The whole document as Markdown.
    fn to_markdown(&self, options: &MarkdownOptions) -> String;
    /// Node `node` and its descendants as Markdown.
    fn node_to_markdown(&self, node: NodeId, options: &MarkdownOptions) -> String;
}

impl MarkdownExt for Document {
    fn to_markdown(&self, options: &MarkdownOptions) -> String {
        to_markdown(self, None, options)
    }

    fn node_to_markdown(&self, node: NodeId, options: &MarkdownOptions) -> String {
        to_markdown(self, Some(node), options)
    }
}
