//! Content extraction above the HTML parser: a document (or the part of it that is its main
//! content) as Markdown or as readable text.
//!
//! - [`markdown`]: HTML to Markdown, CommonMark plus GFM tables and strikethrough
//!   ([`to_markdown`], [`MarkdownExt`]);
//! - [`mod@main_content`]: the article body of a page, without navigation, headers, footers,
//!   sidebars, comments and ads ([`main_content()`], [`MainContent`]);
//! - [`text`]: readable text of several subtrees with some of their descendants left out.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//! use websyntax_extract::{main_content, MarkdownOptions};
//!
//! let doc = parse_document(
//!     "<nav><a href=/>Home</a> <a href=/news>News</a></nav>\
//!      <article><h1>Headline</h1><p>The first paragraph of the story, long enough to count, \
//!      with commas, clauses, and more words.</p><h2>Part two</h2>\
//!      <p>A second paragraph, also with words.</p>\
//!      <div class=share><a href=/s>Share</a></div></article>\
//!      <footer>© Example</footer>",
//!     ParseOptions::default(),
//! );
//! let main = main_content(&doc);
//! let text = main.text(&doc);
//! // The headline is the page's title, not part of the article's text.
//! assert!(text.starts_with("The first paragraph"));
//! assert!(!text.contains("Home") && !text.contains("Share") && !text.contains("©"));
//! let md = main.markdown(&doc, &MarkdownOptions::default());
//! assert!(md.contains("\n\n## Part two\n\nA second paragraph"));
//! ```
#![forbid(unsafe_code)]

pub mod main_content;
pub mod markdown;
pub mod text;
mod walk;

pub use main_content::{FOUND_SCORE, MainContent, main_content};
pub use markdown::{LinkStyle, MarkdownExt, MarkdownOptions, to_markdown};
pub use walk::NodeSet;
