//! After the selection: which table rows go, which headings lost their sections, and how
//! clearly the page has one main text ([`super::MainContent::score`]). Every walk is
//! iterative ([`traverse`]).

use websyntax_html::dom::NodeData;
use websyntax_html::{Document, NodeId};

use super::{MainContent, count_chars};
use crate::walk::{Names, Tag, traverse};

/// The most text (characters) a table cell may hold for the blocks inside it to be kept
/// whatever their links: a data cell (a label, a value), not a layout cell holding a page
/// section.
pub(super) const SMALL_CELL: u32 = 300;

/// The least text (characters outside links) a block of running text has of its own: a
/// sentence, not a label, a date line or a list item's caption.
const RUNNING: u32 = 40;

/// The running text (characters) a main content needs for the full length half of
/// [`MainContent::score`].
const FULL_LENGTH: f32 = 500.0;

fn cell_tag(doc: &Document, names: &Names, id: NodeId) -> bool {
    doc.element(id)
        .is_some_and(|e| matches!(names.info(doc, e).tag, Tag::Td | Tag::Th))
}

/// Whether row `tr` is a row of data, kept whatever its links: one of its cells holds text
/// that is not mostly links (`Eccentricity | 0.0934`, where the label is a link), or it has
/// at least two cells, all small (`Satellites | 2`, both links). A row of one cell of links
/// (a layout table's menu) is not.
pub(super) fn row_is_data(
    doc: &Document,
    names: &Names,
    text: &[u32],
    link: &[u32],
    tr: NodeId,
) -> bool {
    let (mut cells, mut small) = (0, true);
    for c in doc.children(tr) {
        if !cell_tag(doc, names, c) {
            continue;
        }
        let i = c.index();
        if text[i] > 0 && link[i] * 2 <= text[i] {
            return true;
        }
        cells += 1;
        small &= text[i] <= SMALL_CELL;
    }
    cells >= 2 && small
}

/// Whether `id` is a small table cell ([`SMALL_CELL`]), by its text outside boilerplate.
pub(super) fn is_small_cell(doc: &Document, names: &Names, text: &[u32], id: NodeId) -> bool {
    text[id.index()] <= SMALL_CELL && cell_tag(doc, names, id)
}

/// The heading level (1 to 6) of element `id`, if it is a heading.
fn heading_level(doc: &Document, names: &Names, id: NodeId) -> Option<usize> {
    let e = doc.element(id)?;
    Some(match names.info(doc, e).tag {
        Tag::H1 => 1,
        Tag::H2 => 2,
        Tag::H3 => 3,
        Tag::H4 => 4,
        Tag::H5 => 5,
        Tag::H6 => 6,
        _ => return None,
    })
}

/// Walks what the main content keeps (each root's subtree without the excluded nodes):
/// `enter(state, node)` before a node's children, `leave(state, node, root)` after them.
fn walk_kept<S>(
    doc: &Document,
    main: &MainContent,
    state: &mut S,
    mut enter: impl FnMut(&mut S, NodeId),
    mut leave: impl FnMut(&mut S, NodeId, NodeId),
) {
    for &r in &main.roots {
        traverse(
            doc,
            r,
            state,
            |state, id| {
                if main.excluded.contains(id) {
                    return false;
                }
                enter(state, id);
                true
            },
            |state, id| leave(state, id, r),
        );
    }
}

/// How much of each node the main content keeps: characters of text outside ASCII
/// whitespace, and 1 for each image.
fn kept_content(doc: &Document, names: &Names, main: &MainContent) -> Vec<u32> {
    let mut kept = vec![0u32; doc.len()];
    walk_kept(
        doc,
        main,
        &mut kept,
        |kept, id| match doc.data(id) {
            NodeData::Text(t) => kept[id.index()] = count_chars(t),
            NodeData::Element(e) if names.info(doc, e).tag == Tag::Img => kept[id.index()] = 1,
            _ => {}
        },
        |kept, id, root| {
            if id != root
                && let Some(p) = doc.parent(id)
            {
                kept[p.index()] = kept[p.index()].saturating_add(kept[id.index()]);
            }
        },
    );
    kept
}

/// Leaves out the headings whose whole section was left out: a heading whose following
/// siblings, up to the next heading of the same or a higher rank, keep nothing while at
/// least one of them, other than a paragraph, had text (`<h2>Related Stories</h2><ul>` of
/// links). Siblings are read
/// from the last, so a subsection whose heading went counts as removed for the heading
/// above it. `raw` is each node's text before anything was left out.
pub(super) fn drop_empty_sections(
    doc: &Document,
    names: &Names,
    raw: &[u32],
    main: &mut MainContent,
) {
    let kept = kept_content(doc, names, main);
    let mut children = Vec::new();
    let roots = main.roots.clone();
    for r in roots {
        traverse(
            doc,
            r,
            &mut main.excluded,
            |excluded, id| {
                if excluded.contains(id) {
                    return false;
                }
                children.clear();
                children.extend(doc.children(id));
                if !children
                    .iter()
                    .any(|&c| heading_level(doc, names, c).is_some())
                {
                    return true;
                }
                // Per rank (index 1 to 6): whether the open section keeps something, and
                // whether something of it was left out.
                let mut content = [false; 7];
                let mut removed = [false; 7];
                for &c in children.iter().rev() {
                    let (k, had) = (kept[c.index()], raw[c.index()]);
                    let Some(level) = heading_level(doc, names, c) else {
                        // (A paragraph left out for its links, a source's URL under its
                        // heading, does not make the section navigation.)
                        let paragraph = doc.local_name(c) == Some("p");
                        for l in 1..7 {
                            content[l] |= k > 0;
                            removed[l] |= had > 0 && k == 0 && !paragraph;
                        }
                        continue;
                    };
                    let gone = excluded.contains(c) || (!content[level] && removed[level]);
                    if gone {
                        excluded.insert(c);
                    }
                    for l in 1..level {
                        content[l] |= !gone && k > 0;
                        removed[l] |= gone && had > 0;
                    }
                    for l in level..7 {
                        content[l] = false;
                        removed[l] = false;
                    }
                }
                true
            },
            |_, _| {},
        );
    }
}

/// [`MainContent::score`]: `own` and `own_link` are each block's own text and the part of it
/// inside links, outside boilerplate.
pub(super) fn score(doc: &Document, own: &[u32], own_link: &[u32], main: &MainContent) -> f32 {
    let running = |i: usize| {
        let plain = own[i].saturating_sub(own_link[i]);
        if plain >= RUNNING && own_link[i] * 2 <= own[i] {
            u64::from(plain)
        } else {
            0
        }
    };
    let page: u64 = (0..own.len()).map(running).sum();
    let mut kept = 0u64;
    walk_kept(
        doc,
        main,
        &mut kept,
        |kept, id| {
            if doc.is_element(id) {
                *kept += running(id.index());
            }
        },
        |_, _, _| {},
    );
    if page == 0 {
        return 0.0;
    }
    // The mean of two measures, each from 0 to 1: how long the main content's running text
    // is against a short article, and what share of the page's running text it holds.
    let length = (kept as f32 / FULL_LENGTH).min(1.0);
    let share = kept as f32 / page as f32;
    ((length + share) / 2.0).clamp(0.0, 1.0)
}
