//! Resume points: the start tags at which the tree builder's state is simple enough for an
//! incremental re-parse to start or stop there (an editor re-checking a large document after
//! a small edit).
//!
//! A resume point is a start tag token processed "in body" (§13.2.6.4.7) in a document (not a
//! fragment) parse, with the tokenizer necessarily in the data state (only it emits start
//! tags), and with every part of the tree builder's state that is not the stack of open
//! elements empty or fixed: the list of active formatting elements is empty, the stack of
//! template insertion modes is empty, the form element pointer is null, foster parenting is
//! off, no table character tokens are pending, and every open element is an HTML element.
//! What the state still holds is the stack of open elements (recorded, bottom first) and the
//! frameset-ok flag (recorded). Together with the document's quirks mode, the scripting flag
//! and the `html`, `head` and `body` elements, that is all the tree construction stage reads
//! from the past when it goes on from that token; two parses that reach resume points with
//! equal records go on identically.
//!
//! Recording is off by default (it costs a little per start tag); turn it on with
//! [`crate::input_stream::DocumentParserOptions::resume_points`] and read the points with
//! [`crate::Document::resume_points`].

use crate::NodeId;

/// The resume points of one parse, in input order ([`crate::Document::resume_points`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResumePoints {
    points: Vec<Point>,
    stacks: Vec<NodeId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Point {
    offset: usize,
    nodes: usize,
    stack_end: usize,
    frameset_ok: bool,
}

/// One resume point (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResumePoint<'a> {
    /// The offset of the start tag's `<` in the decoded text (the byte offset for UTF-8
    /// input without a byte order mark).
    pub offset: usize,
    /// How many nodes the document held before the tag was processed ([`crate::Document::len`]):
    /// the nodes created from here on have these indices and up.
    pub nodes: usize,
    /// The frameset-ok flag.
    pub frameset_ok: bool,
    /// The stack of open elements, bottom (the `html` element) first.
    pub stack: &'a [NodeId],
}

impl ResumePoints {
    /// How many points there are.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The `i`-th point.
    pub fn get(&self, i: usize) -> Option<ResumePoint<'_>> {
        let p = self.points.get(i)?;
        let from = i
            .checked_sub(1)
            .and_then(|j| self.points.get(j))
            .map_or(0, |q| q.stack_end);
        Some(ResumePoint {
            offset: p.offset,
            nodes: p.nodes,
            frameset_ok: p.frameset_ok,
            stack: self.stacks.get(from..p.stack_end)?,
        })
    }

    /// The points in order.
    pub fn iter(&self) -> impl Iterator<Item = ResumePoint<'_>> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// The index of the first point at `offset` or after it (`len()` when there is none).
    pub fn first_at_or_after(&self, offset: usize) -> usize {
        self.points.partition_point(|p| p.offset < offset)
    }

    /// Adds a point (offsets must not decrease).
    pub(crate) fn push(
        &mut self,
        offset: usize,
        nodes: usize,
        frameset_ok: bool,
        stack: &[NodeId],
    ) {
        self.stacks.extend_from_slice(stack);
        self.points.push(Point {
            offset,
            nodes,
            stack_end: self.stacks.len(),
            frameset_ok,
        });
    }
}
