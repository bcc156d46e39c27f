//! A log of what the tree builder did to elements that the DOM does not keep: which token was
//! being processed when each element left the stack of open elements, which `</body>` and
//! `</html>` end tags were seen while those elements stayed open, and which elements are
//! clones of which. Off unless asked for ([`crate::parse_document_with_events`]); tools that
//! rebuild another parser's source locations from ours (the npm package's parse5 trees) read
//! it.

use crate::dom::NodeId;
use crate::error::Span;

/// One step of the tree builder on an element (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackEvent {
    /// `node` was removed from the stack of open elements (§13.2.4.2) after the tag at
    /// `token` was processed (the last start or end tag: text, comments and the steps of the
    /// end-of-file token do not change it). `named`: that tag is an end tag with the element's
    /// name (ASCII case-insensitively). `eof_depth`: the removal is "the end" (§13.2.7, after
    /// the end-of-file token's steps; `token` is then the end of the input), with this many
    /// elements below `node` on the stack.
    Popped {
        /// The element.
        node: NodeId,
        /// The span of the last tag (or the end of the input).
        token: Span,
        /// The tag is an end tag naming the element.
        named: bool,
        /// At the end of the file: the element's position on the stack (0 for `html`).
        eof_depth: Option<u32>,
        /// The removal happened while that tag itself was processed (as for a void element,
        /// pushed and popped at once).
        in_tag: bool,
    },
    /// An end tag `</body>` or `</html>` was processed while `node` (the `body` or `html`
    /// element, or for `</html>` the element above `html` at the bottom of the stack) stayed
    /// open, as the spec has it. `named`: the end tag has the element's name.
    EndTagSeen {
        /// The element.
        node: NodeId,
        /// The end tag's span.
        token: Span,
        /// The end tag names the element.
        named: bool,
    },
    /// `clone` was created as a copy of `from`: by "reconstruct the active formatting
    /// elements" (`reconstructed`) or by the adoption agency algorithm.
    Cloned {
        /// The new element.
        clone: NodeId,
        /// The element copied.
        from: NodeId,
        /// Made by reconstructing the active formatting elements.
        reconstructed: bool,
    },
}
