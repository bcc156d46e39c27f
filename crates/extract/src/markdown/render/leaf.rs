//! Leaf blocks built from a whole subtree: code blocks (the text as it is) and GFM tables
//! (each cell's inline Markdown).

use std::ops::Range;

use websyntax_html::NodeId;

use super::{MAX_COLSPAN, Renderer};
use crate::markdown::escape;
use crate::walk::{is_skipped, traverse};

impl Renderer<'_> {
    // ---- leaf blocks built from a subtree ----------------------------------------------

    /// The text of a subtree as it is (for code blocks), skipping what is never content.
    fn raw_text(&self, root: NodeId) -> String {
        let mut s = String::new();
        let scripting = self.options.scripting;
        let doc = self.doc;
        let excluded = self.excluded;
        traverse(
            doc,
            root,
            &mut s,
            |s, id| {
                if excluded.is_some_and(|e| e.contains(id)) {
                    return false;
                }
                if let Some(t) = doc.text(id) {
                    s.push_str(t);
                    return false;
                }
                if doc.local_name(id) == Some("br") {
                    s.push('\n');
                    return false;
                }
                !(doc.is_element(id) && is_skipped(doc, &self.names, id, scripting))
            },
            |_, _| {},
        );
        s
    }

    /// The info string: the first `language-*` or `lang-*` class of the element or of its
    /// first element child.
    fn info_string(&self, id: NodeId) -> String {
        let class_lang = |e: NodeId| -> Option<String> {
            let class = self.names.get(self.doc, e, self.names.class)?;
            class.split_ascii_whitespace().find_map(|c| {
                let l = c
                    .strip_prefix("language-")
                    .or_else(|| c.strip_prefix("lang-"))?;
                let l: String = l.chars().filter(|c| *c != '`' && *c != '~').collect();
                (!l.is_empty()).then_some(l)
            })
        };
        if let Some(l) = class_lang(id) {
            return l;
        }
        let mut c = self.doc.first_child(id);
        while let Some(x) = c {
            if self.doc.is_element(x) {
                return class_lang(x).unwrap_or_default();
            }
            c = self.doc.next_sibling(x);
        }
        String::new()
    }

    pub(super) fn code_block(&mut self, id: NodeId) {
        let text = self.raw_text(id);
        let text = text.trim_end_matches(['\n', '\r']);
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let fence = "`".repeat((escape::longest_run(&text, b'`') + 1).max(3));
        let mut block = String::with_capacity(text.len() + 2 * fence.len() + 16);
        block.push_str(&fence);
        block.push_str(&self.info_string(id));
        block.push('\n');
        if !text.is_empty() {
            block.push_str(&text);
            block.push('\n');
        }
        block.push_str(&fence);
        self.write_block(&block);
    }

    /// Appends the inline Markdown of a table cell (or caption) to `buf`; its range there.
    fn cell(&mut self, id: NodeId, buf: &mut String) -> Range<usize> {
        // The cell's inline state: a cleared spare (its buffers are reused from cell to cell).
        let mut fresh = self.spare.take().unwrap_or_default();
        fresh.reset();
        fresh.inline_only = 1;
        fresh.in_cell = true;
        let saved = std::mem::replace(&mut self.inline, fresh);
        let heading = self.heading.take();
        let doc = self.doc;
        traverse(doc, id, self, Renderer::enter, Renderer::leave);
        self.flush_code();
        while let Some(f) = self.inline.fmts.pop() {
            if f.written {
                f.write_close(self.options.link_style, &mut self.inline.para);
            }
        }
        let cell = std::mem::replace(&mut self.inline, saved);
        self.heading = heading;
        let start = buf.len();
        buf.push_str(cell.para.trim_end());
        self.spare = Some(cell);
        start..buf.len()
    }

    pub(super) fn table(&mut self, table: NodeId) {
        let doc = self.doc;
        // The cells' text, one after the other; the cells (range in `buf`, span) of all rows;
        // the rows (range in `cells`).
        let mut buf = String::new();
        let mut cells: Vec<(Range<usize>, usize)> = Vec::new();
        let mut rows: Vec<Range<usize>> = Vec::new();
        let mut caption = None;
        let row_cells = |this: &mut Self,
                         tr: NodeId,
                         buf: &mut String,
                         cells: &mut Vec<(Range<usize>, usize)>,
                         rows: &mut Vec<Range<usize>>| {
            let first = cells.len();
            let mut c = doc.first_child(tr);
            while let Some(x) = c {
                if (doc.is_html_element(x, "td") || doc.is_html_element(x, "th"))
                    && !this.excluded.is_some_and(|e| e.contains(x))
                    && !is_skipped(doc, &this.names, x, this.options.scripting)
                {
                    let span = this
                        .names
                        .get(doc, x, this.names.colspan)
                        .and_then(|s| s.trim().parse::<usize>().ok())
                        .unwrap_or(1)
                        .clamp(1, MAX_COLSPAN);
                    let text = this.cell(x, buf);
                    cells.push((text, span));
                }
                c = doc.next_sibling(x);
            }
            // Rows without cells are left out.
            if cells.len() > first {
                rows.push(first..cells.len());
            }
        };
        let mut c = doc.first_child(table);
        while let Some(x) = c {
            if self.excluded.is_some_and(|e| e.contains(x))
                || (doc.is_element(x) && is_skipped(doc, &self.names, x, self.options.scripting))
            {
                c = doc.next_sibling(x);
                continue;
            }
            match doc.local_name(x) {
                Some("caption") if caption.is_none() => {
                    let mut cap = String::new();
                    self.cell(x, &mut cap);
                    caption = Some(cap);
                }
                Some("tr") => row_cells(self, x, &mut buf, &mut cells, &mut rows),
                Some("thead" | "tbody" | "tfoot") => {
                    let mut r = doc.first_child(x);
                    while let Some(tr) = r {
                        if doc.is_html_element(tr, "tr")
                            && !self.excluded.is_some_and(|e| e.contains(tr))
                            && !is_skipped(doc, &self.names, tr, self.options.scripting)
                        {
                            row_cells(self, tr, &mut buf, &mut cells, &mut rows);
                        }
                        r = doc.next_sibling(tr);
                    }
                }
                _ => {}
            }
            c = doc.next_sibling(x);
        }
        if let Some(cap) = caption.filter(|c| !c.is_empty()) {
            self.write_block(&cap);
        }
        // colspan repeats cells, within a budget proportional to the cells there are.
        let real = cells.len();
        let expanded: usize = cells.iter().map(|c| c.1).sum();
        if expanded > real.saturating_mul(8).saturating_add(MAX_COLSPAN) {
            for c in &mut cells {
                c.1 = 1;
            }
        }
        let width = rows
            .iter()
            .map(|r| cells[r.clone()].iter().map(|c| c.1).sum::<usize>())
            .max()
            .unwrap_or(0);
        if width == 0 {
            return;
        }
        let mut block = String::with_capacity(buf.len() + 4 * cells.len() + 6 * width + 8);
        let write_row = |block: &mut String, row: &[(Range<usize>, usize)], pad_to: usize| {
            block.push('|');
            let mut n = 0;
            for (text, span) in row {
                let text = &buf[text.clone()];
                for k in 0..*span {
                    block.push(' ');
                    if k == 0 {
                        block.push_str(text);
                        if !text.is_empty() {
                            block.push(' ');
                        }
                    }
                    block.push('|');
                    n += 1;
                }
            }
            while n < pad_to {
                block.push_str(" |");
                n += 1;
            }
        };
        write_row(&mut block, &cells[rows[0].clone()], width);
        block.push('\n');
        block.push('|');
        for _ in 0..width {
            block.push_str(" --- |");
        }
        for row in &rows[1..] {
            block.push('\n');
            write_row(&mut block, &cells[row.clone()], 0);
        }
        self.write_block(&block);
    }
}
