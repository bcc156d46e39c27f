//! Storage recycled between the documents of one thread.
//!
//! A document keeps its nodes, element and attribute records, text and parse errors in a few
//! large buffers. When it is dropped, those buffers (emptied, their capacity kept) are set
//! aside for the next document created on the same thread, together with its source index's
//! line starts. A program that parses page after page, reading each and dropping it (a crawl,
//! a batch job), then grows no buffers and touches no fresh memory after the first pages:
//! glibc returns the freed memory of large buffers to the system, and every page of memory
//! touched anew costs a page fault.
//!
//! At most [`SPARE_LIMIT`] bytes are kept per thread (the largest buffer of each kind, as long as
//! they fit together); a larger document's buffers are freed as usual. [`release_spare_storage`] frees the current
//! thread's set.

use std::cell::RefCell;

use super::{AttrData, ElementData, Node};
use crate::error::ParseError;

/// The most heap memory, in bytes, a thread keeps aside for its next document: 32 MiB.
pub const SPARE_LIMIT: usize = 32 << 20;

/// A document's buffers, emptied.
#[derive(Default)]
pub(super) struct Spare {
    pub(super) nodes: Vec<Node>,
    pub(super) elements: Vec<ElementData>,
    pub(super) attrs: Vec<AttrData>,
    pub(super) text: String,
    pub(super) errors: Vec<ParseError>,
    pub(super) line_starts: Vec<u32>,
}

impl Spare {
    /// The capacity of each buffer, in elements.
    fn capacities(&self) -> [usize; 6] {
        [
            self.nodes.capacity(),
            self.elements.capacity(),
            self.attrs.capacity(),
            self.text.capacity(),
            self.errors.capacity(),
            self.line_starts.capacity(),
        ]
    }

    /// Heap bytes of buffers with these capacities.
    fn bytes_of(caps: [usize; 6]) -> usize {
        use std::mem::size_of;
        let sizes = [
            size_of::<Node>(),
            size_of::<ElementData>(),
            size_of::<AttrData>(),
            1,
            size_of::<ParseError>(),
            size_of::<u32>(),
        ];
        caps.iter().zip(sizes).map(|(c, s)| c * s).sum()
    }

    fn bytes(&self) -> usize {
        Self::bytes_of(self.capacities())
    }

    /// The bytes of the set that keeps the larger buffer of each kind from `self` and `other`.
    fn merged_bytes(&self, other: &Spare) -> usize {
        let (a, b) = (self.capacities(), other.capacities());
        Self::bytes_of(std::array::from_fn(|i| a[i].max(b[i])))
    }
}

thread_local! {
    static SPARE: RefCell<Spare> = RefCell::new(Spare::default());
}

/// The document buffers set aside on this thread, empty (or new ones when there are none).
/// The line-start buffer stays for [`take_line_starts`]: a parse may make its document
/// before its source index.
pub(super) fn take() -> Spare {
    SPARE
        .try_with(|s| {
            let mut s = s.borrow_mut();
            Spare {
                nodes: std::mem::take(&mut s.nodes),
                elements: std::mem::take(&mut s.elements),
                attrs: std::mem::take(&mut s.attrs),
                text: std::mem::take(&mut s.text),
                errors: std::mem::take(&mut s.errors),
                line_starts: Vec::new(),
            }
        })
        .unwrap_or_default()
}

/// The line-start buffer set aside on this thread, empty (for a parse's source index, which
/// is made after its document).
pub(crate) fn take_line_starts() -> Vec<u32> {
    SPARE
        .try_with(|s| std::mem::take(&mut s.borrow_mut().line_starts))
        .unwrap_or_default()
}

/// Sets `new`'s buffers aside (emptied) for the next document. Each kind of buffer keeps the
/// larger of the one already set aside and the new one, as long as the whole set stays within
/// [`SPARE_LIMIT`]; otherwise the new buffers alone are kept, if they fit.
pub(super) fn put(new: Spare) {
    if new.bytes() > SPARE_LIMIT {
        return;
    }
    let _ = SPARE.try_with(|s| {
        let Ok(mut s) = s.try_borrow_mut() else {
            return;
        };
        let old = std::mem::take(&mut *s);
        *s = if old.merged_bytes(&new) <= SPARE_LIMIT {
            Spare {
                nodes: larger(old.nodes, new.nodes),
                elements: larger(old.elements, new.elements),
                attrs: larger(old.attrs, new.attrs),
                text: larger(old.text, new.text),
                errors: larger(old.errors, new.errors),
                line_starts: larger(old.line_starts, new.line_starts),
            }
        } else {
            Spare {
                nodes: larger(Vec::new(), new.nodes),
                elements: larger(Vec::new(), new.elements),
                attrs: larger(Vec::new(), new.attrs),
                text: larger(String::new(), new.text),
                errors: larger(Vec::new(), new.errors),
                line_starts: larger(Vec::new(), new.line_starts),
            }
        };
    });
}

/// A buffer that can be emptied and measured.
trait Buffer {
    fn capacity(&self) -> usize;
    fn clear(&mut self);
}

impl<T> Buffer for Vec<T> {
    fn capacity(&self) -> usize {
        Vec::capacity(self)
    }
    fn clear(&mut self) {
        Vec::clear(self);
    }
}

impl Buffer for String {
    fn capacity(&self) -> usize {
        String::capacity(self)
    }
    fn clear(&mut self) {
        String::clear(self);
    }
}

/// The larger of two buffers, emptied (the other is freed).
fn larger<B: Buffer>(a: B, b: B) -> B {
    let mut kept = if b.capacity() > a.capacity() { b } else { a };
    kept.clear();
    kept
}

/// Frees the buffers this thread keeps aside for its next document (see the
/// [module documentation](self)). Documents are unaffected; the next one created on this
/// thread starts with new buffers.
///
/// ```
/// use websyntax_html::dom::spare::release_spare_storage;
///
/// use websyntax_html::{ParseOptions, parse_document};
///
/// let doc = parse_document("<p>a page</p>", ParseOptions::default());
/// drop(doc); // its buffers are kept for the next document parsed on this thread
/// release_spare_storage(); // and now freed
/// ```
pub fn release_spare_storage() {
    let _ = SPARE.try_with(|s| {
        if let Ok(mut s) = s.try_borrow_mut() {
            *s = Spare::default();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ParseOptions, parse_document};

    fn parse(s: &str) -> crate::Document {
        parse_document(s, ParseOptions::default())
    }

    /// A document made from set-aside buffers is the same as one made from new buffers, and
    /// the buffers do move from a dropped document to the next.
    #[test]
    fn reused_buffers_change_nothing() {
        let big: String = (0..2000)
            .map(|i| format!("<div class=c{i}>text {i} &amp; more</div>\n<!-- {i} -->"))
            .collect();
        let small = "<!DOCTYPE html><title>t</title><p id=x>one<b>two</p>three\n<p>";
        release_spare_storage();
        let fresh = parse(small);
        let (fresh_html, fresh_errors) = (fresh.to_html(), fresh.errors().to_vec());
        drop(fresh);
        release_spare_storage();
        let first = parse(&big);
        let first_bytes = first.heap_bytes();
        drop(first);
        let reused = parse(small);
        assert_eq!(reused.to_html(), fresh_html);
        assert_eq!(reused.errors(), &fresh_errors[..]);
        assert_eq!(reused.line_col(small.len()), (2, 4));
        // The small document holds the big one's buffers.
        assert!(reused.heap_bytes() >= first_bytes / 2);
        drop(reused);
        release_spare_storage();
        assert!(parse(small).heap_bytes() < first_bytes / 2);
    }

    /// The line-start buffer survives the making of a document, for the source index.
    #[test]
    fn line_starts_are_kept_for_the_source_index() {
        release_spare_storage();
        put(Spare {
            line_starts: Vec::with_capacity(5000),
            ..Spare::default()
        });
        drop(take());
        assert_eq!(take_line_starts().capacity(), 5000);
    }

    /// Buffers kept from several documents stay within the limit together.
    #[test]
    fn kept_buffers_stay_within_the_limit() {
        release_spare_storage();
        let half = SPARE_LIMIT / 2 + 1;
        put(Spare {
            text: String::with_capacity(half),
            ..Spare::default()
        });
        put(Spare {
            line_starts: Vec::with_capacity(half / 4 + 1),
            ..Spare::default()
        });
        let (s, l) = (take(), take_line_starts());
        assert!(s.bytes() + l.capacity() * 4 <= SPARE_LIMIT);
        assert_eq!((s.text.capacity(), l.capacity()), (0, half / 4 + 1));
        // Within the limit, each kind keeps the larger buffer.
        put(Spare {
            text: String::with_capacity(100),
            ..Spare::default()
        });
        put(Spare {
            text: String::with_capacity(50),
            line_starts: Vec::with_capacity(10),
            ..Spare::default()
        });
        let (s, l) = (take(), take_line_starts());
        assert_eq!((s.text.capacity(), l.capacity()), (100, 10));
    }

    /// Buffers over the limit are freed, not kept.
    #[test]
    fn over_the_limit_is_not_kept() {
        release_spare_storage();
        put(Spare {
            text: String::with_capacity(SPARE_LIMIT + 1),
            ..Spare::default()
        });
        assert_eq!(take().bytes(), 0);
        put(Spare {
            text: String::with_capacity(1000),
            ..Spare::default()
        });
        assert_eq!(take().text.capacity(), 1000);
    }
}
