//! Main content.
use crate::markdown::MarkdownOptions;
use crate::walk::NodeSet;
use websyntax_html::{Document, NodeId};

/// The main content of a document.
#[derive(Debug, Clone, Default)]
pub struct MainContent {
    /// The subtrees kept.
    pub roots: Vec<NodeId>,
    /// Descendants of the roots left out.
    pub excluded: NodeSet,
}

impl MainContent {
    /// Its readable text.
    pub fn text(&self, doc: &Document) -> String {
        crate::text::readable_text(doc, &self.roots, Some(&self.excluded), true)
    }
    /// Its Markdown.
    pub fn markdown(&self, doc: &Document, options: &MarkdownOptions) -> String {
        crate::markdown::to_markdown_parts(doc, &self.roots, Some(&self.excluded), options)
    }
}

/// Finds the main content.
pub fn main_content(doc: &Document) -> MainContent {
    MainContent {
        roots: vec![doc.root()],
        excluded: NodeSet::with_len(doc.len()),
    }
}
