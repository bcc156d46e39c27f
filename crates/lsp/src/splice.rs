//! The incremental re-parse: an edit that changes markup is checked by parsing only the region
//! around it, and the findings of the rest of the document are kept (moved by the edit).
//!
//! A full check records the parse's resume points ([`websyntax_html::tree_builder::resume`]):
//! start tags processed "in body" where nothing but the stack of open elements and the
//! frameset-ok flag is left of the tree builder's state. After an edit:
//!
//! 1. **Resume** at the last point `P` at or before the edit (the text before it is
//!    unchanged, so the state there is the old run's). The state is rebuilt by a prefix that
//!    reaches it: `<!DOCTYPE html><html><head></head><body>` and a start tag for each element
//!    open at `P`; the region from `P` on is parsed and checked after it. The new run's own
//!    resume point at the end of that prefix must have the old one's stack (by name) and
//!    frameset-ok flag, or the path is not taken.
//! 2. **Stop** at the first resume point `X'` of the new run at or after the end of the
//!    edit where the old run had a resume point `X` (at `X'` less the edit's change of
//!    length) with the same frameset-ok flag and the same open elements: the old run's
//!    elements open at `P`, or the first of them, in both runs. From there on both runs read
//!    the same input in the same state, so they do the same: the old findings from `X` on are
//!    the new ones, moved. The region is parsed to a horizon past the edit that grows until
//!    such a point is found (the path gives up past a third of the document).
//! 3. **Splice**: the old findings before `P`, the region's findings in `P..X'`, the old
//!    findings from `X` moved. The document-global rule, duplicate ids, is recomputed from
//!    the ids of the three parts in tree order
//!    ([`websyntax_check::incremental::duplicate_ids`]); lines and columns are recounted.
//!
//! The prefix's DOCTYPE sets the old document's quirks mode (none for quirks mode). What the
//! prefix does not reproduce is excluded: documents with a `base` or `template` element; regions that hold `<meta` (an encoding declaration can
//! change the encoding), `<base`, `<template`, `<html` or `<body` (their attributes are
//! merged into the existing elements); edits within the first 1100 bytes (the `<meta>`
//! prescan) or that make the text all ASCII or not all ASCII (the autodetected encoding).
//! The boundaries must not be touched by a finding (parse errors on consecutive characters
//! are grouped into one). Anything else is a full check; the property test
//! `tests/incremental_random.rs` compares both on random edits of real pages.

use std::sync::{Arc, OnceLock};

use websyntax_check::incremental::{IdUse, duplicate_ids, id_uses};
use websyntax_check::{Category, Diagnostic, check_document};
use websyntax_html::Span;
use websyntax_html::dom::QuirksMode;
use websyntax_html::input_stream::ParsedDocument;

use crate::checking::{Checked, document_url, parser_options};
use crate::settings::Settings;

/// Edits before this byte may change what the encoding prescan sees.
const PRESCAN_WINDOW: usize = 1100;

/// The region is parsed this far past the edit at first (then four times as far, …).
const FIRST_HORIZON: usize = 2048;

/// What the incremental re-parse keeps from a check: the resume points, with the stacks'
/// elements as node numbers (counting the nodes in creation order) and names; the id uses.
#[derive(Debug, Clone)]
pub struct Resume {
    points: Vec<Point>,
    /// The stacks of `points`, one after the other: node number, index into `name_table`.
    stacks: Arc<Vec<(usize, u32)>>,
    name_table: Arc<Vec<String>>,
    ids: Vec<IdUse>,
    ascii: bool,
    quirks: QuirksMode,
}

/// One resume point ([`websyntax_html::tree_builder::ResumePoint`]) of the text.
#[derive(Debug, Clone, Copy)]
struct Point {
    offset: usize,
    nodes: usize,
    frameset_ok: bool,
    /// Its stack: `stacks[stack.0..stack.1]`.
    stack: (usize, usize),
}

impl Resume {
    /// The resume data of `checked`, the findings of `text` parsed to `parsed` (`scripting`
    /// as the check ran); `None` when the document does not allow the path (module docs).
    pub fn new(
        checked: &Checked,
        parsed: &ParsedDocument,
        text: &str,
        scripting: bool,
    ) -> Option<Arc<Resume>> {
        let doc = &parsed.document;
        let recorded = doc.resume_points()?;
        let ascii = text.is_ascii();
        if (parsed.encoding.name() != "UTF-8" && !ascii)
            || text.starts_with('\u{feff}')
            || doc.limits_reached() != Default::default()
            || doc.find_element("base").is_some()
            || doc.find_element("template").is_some()
            || checked.findings.iter().any(|d| d.code == "decoding-error")
        {
            return None;
        }
        let mut table = NameTable::default();
        let mut r = Resume {
            points: Vec::with_capacity(recorded.len()),
            stacks: Arc::default(),
            name_table: Arc::default(),
            ids: id_uses(text.as_bytes(), parsed, scripting),
            ascii,
            quirks: doc.quirks_mode,
        };
        let mut stacks = Vec::new();
        for p in recorded.iter() {
            let from = stacks.len();
            for &n in p.stack {
                let name = table.intern(doc.local_name(n).unwrap_or(""));
                stacks.push((n.index(), name));
            }
            r.points.push(Point {
                offset: p.offset,
                nodes: p.nodes,
                frameset_ok: p.frameset_ok,
                stack: (from, stacks.len()),
            });
        }
        r.stacks = Arc::new(stacks);
        r.name_table = Arc::new(table.names);
        Some(Arc::new(r))
    }

    /// The same data after an edit that changed nothing but the length of the text at
    /// `end` (typing inside a text node): offsets from `end` on moved by `delta`.
    pub fn moved(&self, end: usize, delta: isize) -> Resume {
        let shift = |o: usize| {
            if o >= end {
                o.saturating_add_signed(delta)
            } else {
                o
            }
        };
        let points = self
            .points
            .iter()
            .map(|p| Point {
                offset: shift(p.offset),
                ..*p
            })
            .collect();
        let ids = self
            .ids
            .iter()
            .map(|u| IdUse {
                at: u.at.map(|s| move_span(s, &shift)),
                element_at: u.element_at.map(|s| move_span(s, &shift)),
                ..u.clone()
            })
            .collect();
        Resume {
            points,
            ids,
            ..self.clone()
        }
    }

    /// The index of the first point at `offset` or after it.
    fn first_at_or_after(&self, offset: usize) -> usize {
        self.points.partition_point(|p| p.offset < offset)
    }

    fn stack(&self, p: &Point) -> &[(usize, u32)] {
        &self.stacks[p.stack.0..p.stack.1]
    }

    fn name(&self, entry: (usize, u32)) -> &str {
        &self.name_table[entry.1 as usize]
    }
}

/// Element names, each stored once.
#[derive(Default)]
struct NameTable {
    names: Vec<String>,
    index: std::collections::HashMap<String, u32>,
}

impl NameTable {
    fn from(names: &[String]) -> NameTable {
        NameTable {
            names: names.to_vec(),
            index: names
                .iter()
                .enumerate()
                .map(|(k, n)| (n.clone(), k as u32))
                .collect(),
        }
    }

    fn intern(&mut self, name: &str) -> u32 {
        if let Some(&k) = self.index.get(name) {
            return k;
        }
        let k = self.names.len() as u32;
        self.names.push(name.to_owned());
        self.index.insert(name.to_owned(), k);
        k
    }
}

fn move_span(s: Span, shift: &impl Fn(usize) -> usize) -> Span {
    Span::new(shift(s.start), shift(s.end.max(s.start)))
}

/// Whether `region` holds `<` and one of `names` (ASCII case-insensitively).
fn mentions_tag(region: &[u8], names: &[&str]) -> bool {
    memchr::memchr_iter(b'<', region).any(|k| {
        let rest = &region[k + 1..];
        names
            .iter()
            .any(|n| rest.len() >= n.len() && rest[..n.len()].eq_ignore_ascii_case(n.as_bytes()))
    })
}

/// The sort key of a finding in a report: its first byte (0 for the whole document).
fn key(d: &Diagnostic) -> usize {
    d.span.map_or(0, |s| s.start)
}

fn rank(c: Category) -> u8 {
    match c {
        Category::Encoding => 0,
        Category::Parse => 1,
        Category::Attribute => 2,
        Category::Url => 3,
    }
}

/// The findings of `text` from those of `prev_text` by the re-parse of a region (see the
/// module docs); `None` when a full check is needed.
pub fn recheck(
    prev: &Checked,
    prev_text: &str,
    text: &str,
    uri: &str,
    settings: &Settings,
) -> Option<Arc<Checked>> {
    let resume = prev.resume.get()?.as_ref()?;
    if prev.findings.iter().any(crate::incremental::reported_late) {
        return None;
    }
    let (a, b) = (prev_text.as_bytes(), text.as_bytes());
    let (start, old_end, new_end) = crate::text::edit_range(a, b);
    let delta = new_end as isize - old_end as isize;
    if start < PRESCAN_WINDOW {
        return None;
    }
    // The encoding: autodetection calls valid UTF-8 with a non-ASCII character UTF-8, and
    // all-ASCII text what it was.
    let ascii = if !b[start..new_end].is_ascii() {
        false
    } else if !a[start..old_end].is_ascii() {
        b.is_ascii()
    } else {
        resume.ascii
    };
    if ascii != resume.ascii {
        return None;
    }
    let filter = settings.filter();
    if filter.max_per_file.is_some() {
        return None;
    }
    // Where the old findings are (see step 3).
    let mut old_at = Lines::new(prev_text);
    let old_pos: Vec<usize> = prev
        .findings
        .iter()
        .map(|d| position(d, &mut old_at))
        .collect();
    let mut options = parser_options(settings, text.len());
    options.resume_points = true;
    options.sniff.transport_charset = Some("utf-8".into());
    let mut region_filter = filter.clone();
    if region_filter.only.is_empty() {
        region_filter.only = vec![Category::Parse, Category::Attribute, Category::Url];
    }
    region_filter.only.retain(|&c| c != Category::Encoding);
    region_filter.ignore.push("duplicate-id".into());
    // 1. The last resume point before the edit whose boundary no finding touches (an
    // earlier one when the region's run does not reach the old state there).
    let mut i = resume.first_at_or_after(start);
    let mut tries = 0;
    let (i, p, head, input, region_findings, parsed, m) = 'resume: loop {
        tries += 1;
        if tries > 4 {
            return None;
        }
        let p = loop {
            i = i.checked_sub(1)?;
            let p = resume.points[i];
            if !touches(&prev.findings, &old_pos, 0, p.offset) {
                break p;
            }
            if start - p.offset > text.len() / 3 {
                return None;
            }
        };
        let Some(head) = prefix_for(resume, &p) else {
            continue;
        };
        // 2. Parse the region to a growing horizon until the new run meets the old one.
        let mut horizon = new_end + FIRST_HORIZON;
        loop {
            let h = crate::text::floor_char(text, horizon.min(text.len()));
            let mut input = head.clone().into_bytes();
            input.extend_from_slice(&b[p.offset..h]);
            let (report, parsed) =
                check_document(&input, options.clone(), document_url(uri), &region_filter);
            let findings = report.diagnostics;
            let parsed = parsed?;
            let region = Region {
                resume,
                p: &p,
                head: head.len(),
                input: &input,
                findings: &findings,
                parsed: &parsed,
            };
            match region.meet(new_end, delta, prev, &old_pos) {
                Ok(m) => break 'resume (i, p, head, input, findings, parsed, m),
                Err(Miss::Start) => continue 'resume,
                Err(Miss::NotYet) => {}
            }
            if h >= text.len() || h - p.offset > text.len() / 3 {
                return None;
            }
            horizon = p.offset + (h - p.offset) * 4;
        }
    };
    let p_stack = resume.stack(&p);
    let x_old = m.x_new.checked_add_signed(-delta)?;
    if mentions_tag(&a[p.offset..x_old], EXCLUDED) || mentions_tag(&b[p.offset..m.x_new], EXCLUDED)
    {
        return None;
    }
    // Encoding findings are about the document (the first non-ASCII byte, say): one in or
    // after the region stays only where the region cannot have moved what it is about.
    if prev.findings.iter().any(|d| {
        d.category == Category::Encoding
            && d.span.is_some()
            && key(d) >= p.offset
            && (key(d) < x_old || !b[p.offset..m.x_new].is_ascii())
    }) {
        return None;
    }
    let xp = resume.points[m.j];
    // 3. Splice the findings, each with the offset the report sorts it by and counts its
    // line from (a parse error's is where the parser reported it, at or after its span's
    // start; the others' their span's start).
    let to_new = |o: usize| o + p.offset - head.len();
    // (A moved finding's related place is before `P` or moved too.)
    let moved = |o: usize| {
        if o >= x_old {
            o.saturating_add_signed(delta)
        } else {
            o
        }
    };
    let region_end = m.x_new - p.offset + head.len();
    let mut region_at = Lines::new(std::str::from_utf8(&input).ok()?);
    let mut findings: Vec<(usize, Diagnostic)> = Vec::new();
    for (d, &at) in prev.findings.iter().zip(&old_pos) {
        if key(d) < p.offset {
            findings.push((at, d.clone()));
        } else if key(d) >= x_old && d.code != "duplicate-id" {
            if d.related
                .as_ref()
                .is_some_and(|r| r.span.start >= p.offset && r.span.start < x_old)
            {
                return None;
            }
            findings.push((moved(at), moved_finding(d, &moved)));
        }
    }
    for d in &region_findings {
        let Some(s) = d.span else { continue };
        if s.start >= head.len() && s.start < region_end {
            findings.push((
                to_new(position(d, &mut region_at)),
                moved_finding(d, &to_new),
            ));
        }
    }
    // The ids of the three parts, in tree order, numbered in creation order; the findings of
    // the duplicates before `P` are the old ones (they depend on what precedes them only).
    let (np, nx, sp) = (p.nodes, xp.nodes, m.sp);
    let region_nodes = m.sx - sp;
    let renumber = |n: usize| {
        if n >= nx {
            n - nx + np + region_nodes
        } else {
            n
        }
    };
    let mut ids: Vec<IdUse> = resume.ids.iter().filter(|u| u.node < np).cloned().collect();
    for u in id_uses(&input, &parsed, settings.scripting) {
        if u.node >= sp && u.node < m.sx {
            ids.push(IdUse {
                node: u.node - sp + np,
                at: u.at.map(|s| move_span(s, &to_new)),
                element_at: u.element_at.map(|s| move_span(s, &to_new)),
                ..u
            });
        }
    }
    ids.extend(resume.ids.iter().filter(|u| u.node >= nx).map(|u| IdUse {
        node: renumber(u.node),
        at: u.at.map(|s| move_span(s, &moved)),
        element_at: u.element_at.map(|s| move_span(s, &moved)),
        ..u.clone()
    }));
    let mut lines = Lines::new(text);
    for d in duplicate_ids(&ids, &filter, |o| lines.line_col(o)) {
        if key(&d) >= p.offset {
            findings.push((key(&d), d));
        }
    }
    // Lines and columns from `P` on.
    for (at, d) in &mut findings {
        if *at >= p.offset && d.span.is_some() {
            (d.line, d.col) = lines.line_col(*at);
        }
        if let Some(r) = &mut d.related
            && r.span.start >= p.offset
        {
            (r.line, r.col) = lines.line_col(r.span.start);
        }
    }
    findings.sort_by_key(|(at, d)| (*at, rank(d.category), d.code == "duplicate-id"));
    let findings: Vec<Diagnostic> = findings.into_iter().map(|(_, d)| d).collect();
    // The resume data of the new text: the old points before `P`, the region's, the old
    // ones from `X` moved.
    let mut table = NameTable::from(&resume.name_table);
    let mut stacks: Vec<(usize, u32)> = Vec::with_capacity(resume.stacks.len());
    let mut points = Vec::with_capacity(resume.points.len());
    let mut push = |offset, nodes, frameset_ok, stack: &mut dyn Iterator<Item = (usize, u32)>| {
        let from = stacks.len();
        stacks.extend(stack);
        points.push(Point {
            offset,
            nodes,
            frameset_ok,
            stack: (from, stacks.len()),
        });
    };
    for q in &resume.points[..i] {
        push(
            q.offset,
            q.nodes,
            q.frameset_ok,
            &mut resume.stack(q).iter().copied(),
        );
    }
    let synth = parsed.document.resume_points()?;
    let s0 = synth.get(synth.first_at_or_after(head.len()))?;
    for s in synth.iter() {
        if s.offset < head.len() || s.offset >= region_end {
            continue;
        }
        let mut stack = Vec::with_capacity(s.stack.len());
        for n in s.stack {
            let number = if n.index() >= sp {
                n.index() - sp + np
            } else {
                p_stack.get(s0.stack.iter().position(|m| m == n)?)?.0
            };
            let name = table.intern(parsed.document.local_name(*n).unwrap_or(""));
            stack.push((number, name));
        }
        push(
            to_new(s.offset),
            s.nodes - sp + np,
            s.frameset_ok,
            &mut stack.into_iter(),
        );
    }
    for q in &resume.points[m.j..] {
        let stack = resume.stack(q);
        if stack.iter().any(|&(n, _)| n >= np && n < nx) {
            return None;
        }
        push(
            moved(q.offset),
            renumber(q.nodes),
            q.frameset_ok,
            &mut stack.iter().map(|&(n, k)| (renumber(n), k)),
        );
    }
    let next = Resume {
        points,
        stacks: Arc::new(stacks),
        name_table: Arc::new(table.names),
        ids,
        ascii,
        quirks: resume.quirks,
    };
    Some(Arc::new(Checked {
        findings,
        encoding: prev.encoding,
        plain_text: Arc::new(OnceLock::from(Vec::new())),
        resume: Arc::new(OnceLock::from(Some(Arc::new(next)))),
    }))
}

/// The prefix that brings a parser to the state of point `p` (step 1 of the module docs), if
/// its open elements allow one.
fn prefix_for(resume: &Resume, p: &Point) -> Option<String> {
    let names: Vec<&str> = resume.stack(p).iter().map(|&e| resume.name(e)).collect();
    let plain = |n: &&str| {
        !n.is_empty()
            && n.bytes()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
    };
    if names.len() < 2 || names[0] != "html" || names[1] != "body" || !names.iter().all(plain) {
        return None;
    }
    // A DOCTYPE that sets the document's quirks mode (§13.2.6.4.1): none for quirks mode.
    let mut head = String::from(match resume.quirks {
        QuirksMode::NoQuirks => "<!DOCTYPE html>",
        QuirksMode::LimitedQuirks => {
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"\">"
        }
        QuirksMode::Quirks => "",
    });
    head.push_str("<html><head></head><body>");
    for n in &names[2..] {
        head.push('<');
        head.push_str(n);
        head.push('>');
    }
    Some(head)
}

/// Whether a finding of `findings` (at `pos`, see step 3) that starts at or after `from` and
/// before `boundary` reaches `boundary` by its span or its position.
fn touches(findings: &[Diagnostic], pos: &[usize], from: usize, boundary: usize) -> bool {
    findings.iter().zip(pos).any(|(d, &at)| {
        d.span.is_some_and(|s| {
            s.start >= from && s.start < boundary && (s.end >= boundary || at >= boundary)
        })
    })
}

/// The offset the report sorts finding `d` of the text `lines` counts by (see step 3).
fn position(d: &Diagnostic, lines: &mut Lines<'_>) -> usize {
    match (d.category, d.span) {
        (_, None) => 0,
        (Category::Parse, Some(_)) => lines.offset(d.line, d.col),
        (_, Some(s)) => s.start,
    }
}

/// Moves `findings` of `old_text` to `text`, which differs from it by an edit of
/// `start..end` (in `old_text`) that changes its length by `delta` (without changing what is
/// found): the spans and positions from `end` on move, and their lines and columns are
/// recounted. `None` when a finding that starts before the edit was reported at or after its
/// start (text the tree builder reports later, such as text in a table).
pub fn move_findings(
    findings: &mut [Diagnostic],
    old_text: &str,
    text: &str,
    (start, end): (usize, usize),
    delta: isize,
) -> Option<()> {
    let shift = |o: usize| {
        if o >= end {
            o.saturating_add_signed(delta)
        } else {
            o
        }
    };
    let (mut old_at, mut new_at) = (Lines::new(old_text), Lines::new(text));
    for d in findings {
        let at = position(d, &mut old_at);
        if d.span.is_some_and(|s| s.start < end) && at >= start {
            return None;
        }
        *d = moved_finding(d, &shift);
        if at >= end && d.span.is_some() {
            (d.line, d.col) = new_at.line_col(shift(at));
        }
        if let Some(r) = &mut d.related
            && r.span.start >= shift(end)
        {
            (r.line, r.col) = new_at.line_col(r.span.start);
        }
    }
    Some(())
}

/// `d` with its spans moved by `to`.
fn moved_finding(d: &Diagnostic, to: &impl Fn(usize) -> usize) -> Diagnostic {
    let mut d = d.clone();
    d.span = d.span.map(|s| move_span(s, to));
    if let Some(r) = &mut d.related {
        r.span = move_span(r.span, to);
    }
    d
}

/// Tags whose effect the region's prefix does not reproduce (module docs).
const EXCLUDED: &[&str] = &["meta", "base", "template", "html", "body"];

/// The region parsed after its prefix, and what it is compared with.
struct Region<'r> {
    resume: &'r Resume,
    /// The old run's point `P`.
    p: &'r Point,
    /// The length of the prefix.
    head: usize,
    /// The region's input, its findings and its document.
    input: &'r [u8],
    findings: &'r [Diagnostic],
    parsed: &'r ParsedDocument,
}

/// Why the new run does not meet the old one.
enum Miss {
    /// It does not reach the old state at `P`.
    Start,
    /// Not before the horizon.
    NotYet,
}

/// Where the new run meets the old one.
struct Meeting {
    /// The new run's node counts at `P` and at `X'`.
    sp: usize,
    sx: usize,
    /// `X'` in the new text.
    x_new: usize,
    /// The index of the old run's point `X`.
    j: usize,
}

impl Region<'_> {
    /// Step 2 of the module docs, for an edit ending at `new_end` in the new text that
    /// changed its length by `delta`.
    fn meet(
        &self,
        new_end: usize,
        delta: isize,
        prev: &Checked,
        old_pos: &[usize],
    ) -> Result<Meeting, Miss> {
        let (resume, p, head) = (self.resume, self.p, self.head);
        let doc = &self.parsed.document;
        let synth = doc.resume_points().ok_or(Miss::Start)?;
        let p_stack = resume.stack(p);
        // The new run's point at the end of the prefix: the old state, by name.
        if doc.quirks_mode != resume.quirks {
            return Err(Miss::Start);
        }
        let s0 = synth
            .get(synth.first_at_or_after(head))
            .filter(|s0| {
                s0.offset == head
                    && s0.frameset_ok == p.frameset_ok
                    && s0.stack.len() == p_stack.len()
                    && s0
                        .stack
                        .iter()
                        .zip(p_stack)
                        .all(|(&n, &e)| doc.local_name(n) == Some(resume.name(e)))
            })
            .ok_or(Miss::Start)?;
        let edit_end = new_end - p.offset + head;
        let mut at = Lines::new(std::str::from_utf8(self.input).map_err(|_| Miss::Start)?);
        let pos: Vec<usize> = self.findings.iter().map(|d| position(d, &mut at)).collect();
        for k in synth.first_at_or_after(edit_end.max(head + 1))..synth.len() {
            let Some(s) = synth.get(k) else {
                break;
            };
            let x_new = s.offset + p.offset - head;
            let Some(x_old) = x_new.checked_add_signed(-delta) else {
                continue;
            };
            let j = resume.first_at_or_after(x_old);
            let Some(q) = resume.points.get(j).filter(|q| q.offset == x_old) else {
                continue;
            };
            let q_stack = resume.stack(q);
            let depth = q_stack.len();
            if q.frameset_ok != s.frameset_ok
                || depth > p_stack.len()
                || q_stack != &p_stack[..depth]
                || s.stack != &s0.stack[..depth.min(s0.stack.len())]
            {
                continue;
            }
            // No finding may touch `X`: the region's must end before it, the old ones must
            // not span it.
            let touched = touches(self.findings, &pos, head, s.offset)
                || touches(&prev.findings, old_pos, 0, x_old);
            if touched {
                continue;
            }
            return Ok(Meeting {
                sp: s0.nodes,
                sx: s.nodes,
                x_new,
                j,
            });
        }
        Err(Miss::NotYet)
    }
}

/// Lines and columns of byte offsets of a text, as the parser counts them (CR LF, CR and LF
/// are one line break each; columns in UTF-16 code units, both 1-based), for offsets asked
/// mostly in increasing order.
struct Lines<'a> {
    text: &'a [u8],
    /// A line start, and its 1-based line number.
    at: usize,
    line: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text: text.as_bytes(),
            at: 0,
            line: 1,
        }
    }

    /// The offset of 1-based `line` and `col` (UTF-16 code units).
    fn offset(&mut self, line: usize, col: usize) -> usize {
        if line < self.line {
            (self.at, self.line) = (0, 1);
        }
        while self.line < line {
            let Some(k) = memchr::memchr2(b'\n', b'\r', &self.text[self.at..]) else {
                break;
            };
            let k = self.at + k;
            let crlf = self.text[k] == b'\r' && self.text.get(k + 1) == Some(&b'\n');
            self.at = k + 1 + usize::from(crlf);
            self.line += 1;
        }
        let rest = &self.text[self.at..];
        let rest = &rest[..memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())];
        let rest = std::str::from_utf8(rest)
            .or_else(|e| std::str::from_utf8(&rest[..e.valid_up_to()]))
            .unwrap_or("");
        let mut units = 0;
        for (k, c) in rest.char_indices() {
            if units + 1 >= col {
                return self.at + k;
            }
            units += c.len_utf16();
        }
        self.at + rest.len()
    }

    fn line_col(&mut self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        if offset < self.at {
            (self.at, self.line) = (0, 1);
        }
        let base = self.at;
        for k in memchr::memchr2_iter(b'\n', b'\r', &self.text[base..offset]) {
            let k = base + k;
            if self.text[k] == b'\r' && self.text.get(k + 1) == Some(&b'\n') {
                continue;
            }
            self.line += 1;
            self.at = k + 1;
        }
        let line = &self.text[self.at..offset];
        let col = String::from_utf8_lossy(line)
            .chars()
            .map(char::len_utf16)
            .sum::<usize>();
        (self.line, col + 1)
    }
}
