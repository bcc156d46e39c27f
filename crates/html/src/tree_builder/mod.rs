//! §13.2.4 parse state and §13.2.6 tree construction.
//!
//! [`TreeBuilder`] implements [`TokenSink`]: the tokenizer feeds it tokens and it builds a
//! [`Document`]. The insertion modes live in one file per group:
//! - [`initial`](self): "initial" through "after head", and "text";
//! - `in_body`: "in body";
//! - `in_table`: "in table" through "in select in table";
//! - `after`: "in template", "after body", "in frameset", "after frameset", "after after ...";
//! - `foreign`: §13.2.6.5 foreign content and the SVG/MathML adjustments.

mod after;
mod encoding_declaration;
mod foreign;
mod foreign_tables;
mod in_body;
mod in_table;
mod initial;
mod quirks;
mod tag;

pub use tag::TagId;

use crate::dom::{
    Attr, AttrInput, AttrNamespace, Document, Element, ElementRef, Namespace, NodeData, NodeId,
};
use crate::error::{ParseError, Position};
use crate::tokenizer::{Doctype, SinkResult, State, Tag, Token, TokenSink};

/// §13.2.4.1 the insertion modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum InsertionMode {
    Initial,
    BeforeHtml,
    BeforeHead,
    InHead,
    InHeadNoscript,
    AfterHead,
    InBody,
    Text,
    InTable,
    InTableText,
    InCaption,
    InColumnGroup,
    InTableBody,
    InRow,
    InCell,
    InSelect,
    InSelectInTable,
    InTemplate,
    AfterBody,
    InFrameset,
    AfterFrameset,
    AfterAfterBody,
    AfterAfterFrameset,
}

/// An entry of the stack of open elements: the node plus its interned tag id and namespace, so
/// that scope checks compare ids instead of strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Open {
    pub(crate) node: NodeId,
    pub(crate) tag: TagId,
    pub(crate) ns: Namespace,
}

/// An entry of the list of active formatting elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Afe {
    Marker,
    Element(NodeId, TagId),
}

/// The token handed to the insertion modes (characters are handled separately, as runs).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Tok<'a> {
    Doctype(&'a Doctype),
    Start(&'a Tag, TagId),
    End(&'a Tag, TagId),
    Comment(&'a str),
    Eof,
}

/// Whether the token was handled or must be reprocessed (the mode has changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    Done,
    Reprocess,
}

/// The scopes of §13.2.4.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    Default,
    ListItem,
    Button,
    Table,
    Select,
}

/// The tree construction stage: a [`TokenSink`] that builds a [`Document`].
///
/// Most users want [`crate::parse_document`] / [`crate::parse_fragment`], which drive the
/// tokenizer and this builder together.
#[derive(Debug)]
pub struct TreeBuilder {
    pub(crate) doc: Document,
    mode: InsertionMode,
    original_mode: InsertionMode,
    template_modes: Vec<InsertionMode>,
    open: Vec<Open>,
    counts: [u32; tag::TAG_COUNT],
    on_stack: Vec<bool>,
    afe: Vec<Afe>,
    head: Option<NodeId>,
    form: Option<NodeId>,
    scripting: bool,
    frameset_ok: bool,
    foster_parenting: bool,
    pending_table_text: String,
    pending_table_text_non_ws: bool,
    /// Position of each character of `pending_table_text` (one error per character).
    pending_table_text_pos: Vec<Position>,
    self_closing_acked: bool,
    ignore_lf: bool,
    context: Option<Open>,
    collect_errors: bool,
    pos: Position,
    switch_to: Option<State>,
    encoding_declaration: encoding_declaration::EncodingDeclaration,
    /// The document's "allow declarative shadow roots".
    allow_declarative_shadow_roots: bool,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// The length of the leading run of ASCII whitespace in `s`.
pub(crate) fn ws_prefix_len(s: &str) -> usize {
    s.bytes().take_while(|&b| is_ws(b)).count()
}

impl TreeBuilder {
    /// A tree builder for a document. `scripting` is the scripting flag; `collect_errors`
    /// makes it keep parse errors (tokenizer errors arrive through [`TokenSink::parse_error`]).
    pub fn new(scripting: bool, collect_errors: bool) -> TreeBuilder {
        TreeBuilder {
            doc: Document::new(),
            mode: InsertionMode::Initial,
            original_mode: InsertionMode::Initial,
            template_modes: Vec::new(),
            open: Vec::new(),
            counts: [0; tag::TAG_COUNT],
            on_stack: Vec::new(),
            afe: Vec::new(),
            head: None,
            form: None,
            scripting,
            frameset_ok: true,
            foster_parenting: false,
            pending_table_text: String::new(),
            pending_table_text_non_ws: false,
            pending_table_text_pos: Vec::new(),
            self_closing_acked: true,
            ignore_lf: false,
            context: None,
            collect_errors,
            pos: Position::default(),
            switch_to: None,
            encoding_declaration: Default::default(),
            allow_declarative_shadow_roots: false,
        }
    }

    /// §13.4 steps 1-11: a tree builder for the fragment parsing algorithm with the context
    /// element `(ns, name, attrs)`. Returns the builder, the tokenizer state to start in, and
    /// the root `html` element whose children are the result.
    pub fn new_fragment(
        scripting: bool,
        collect_errors: bool,
        ns: Namespace,
        name: &str,
        attrs: Vec<Attr>,
    ) -> (TreeBuilder, State, NodeId) {
        let mut tb = TreeBuilder::new(scripting, collect_errors);
        let tag = match ns {
            Namespace::Html => TagId::from_html(name),
            Namespace::Svg => TagId::from_svg(name),
            Namespace::MathMl => TagId::from_mathml(name),
        };
        let ctx = tb.doc.create_element(Element {
            namespace: ns,
            name: name.to_owned().into(),
            attrs,
            template_contents: None,
            start_tag: None,
            end_tag: None,
        });
        // Step 4: the tokenizer state.
        let state = if ns != Namespace::Html {
            State::Data
        } else {
            match tag {
                TagId::Title | TagId::Textarea => State::Rcdata,
                TagId::Style | TagId::Xmp | TagId::Iframe | TagId::Noembed | TagId::Noframes => {
                    State::Rawtext
                }
                TagId::Script => State::ScriptData,
                TagId::Noscript if scripting => State::Rawtext,
                TagId::Plaintext => State::Plaintext,
                _ => State::Data,
            }
        };
        // Steps 5-7: root html element on the stack.
        let root = tb.doc.create_element(Element {
            namespace: Namespace::Html,
            name: "html".into(),
            attrs: Vec::new(),
            template_contents: None,
            start_tag: None,
            end_tag: None,
        });
        tb.doc.append(NodeId::DOCUMENT, root);
        tb.push(root, TagId::Html, Namespace::Html);
        // Step 8: template.
        if tag == TagId::Template {
            tb.template_modes.push(InsertionMode::InTemplate);
        }
        tb.context = Some(Open { node: ctx, tag, ns });
        // Step 10: reset the insertion mode.
        tb.reset_insertion_mode();
        // Step 11: the form element pointer (the context element has no ancestors here).
        if tag == TagId::Form {
            tb.form = Some(ctx);
        }
        (tb, state, root)
    }

    /// Sets the document's "allow declarative shadow roots" (default false): when set, a
    /// `<template shadowrootmode=open|closed>` attaches a shadow root to the adjusted current
    /// node (§13.2.6.4.4, start tag "template").
    pub fn set_allow_declarative_shadow_roots(&mut self, allow: bool) {
        self.allow_declarative_shadow_roots = allow;
    }

    /// The context element's node in the fragment case.
    pub(crate) fn context_node(&self) -> Option<NodeId> {
        self.context.map(|c| c.node)
    }

    /// Finishes parsing and returns the document.
    pub fn finish(self) -> Document {
        self.doc
    }

    /// The document built so far.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    // ----- errors -----

    pub(crate) fn err(&mut self, code: &'static str) {
        if self.collect_errors {
            self.doc.errors.push(ParseError {
                code,
                position: self.pos,
            });
        }
    }

    // ----- the stack of open elements (§13.2.4.2) -----

    fn push(&mut self, node: NodeId, tag: TagId, ns: Namespace) {
        self.counts[tag as usize] += 1;
        let i = node.index();
        if self.on_stack.len() <= i {
            self.on_stack.resize(i + 1, false);
        }
        self.on_stack[i] = true;
        self.open.push(Open { node, tag, ns });
    }

    fn pop(&mut self) -> Option<Open> {
        let o = self.open.pop()?;
        self.counts[o.tag as usize] -= 1;
        self.on_stack[o.node.index()] = false;
        Some(o)
    }

    fn remove_from_stack(&mut self, idx: usize) {
        if idx < self.open.len() {
            let o = self.open.remove(idx);
            self.counts[o.tag as usize] -= 1;
            self.on_stack[o.node.index()] = false;
        }
    }

    fn is_on_stack(&self, node: NodeId) -> bool {
        self.on_stack.get(node.index()).copied().unwrap_or(false)
    }

    fn stack_index(&self, node: NodeId) -> Option<usize> {
        if !self.is_on_stack(node) {
            return None;
        }
        self.open.iter().rposition(|o| o.node == node)
    }

    fn current(&self) -> Option<Open> {
        self.open.last().copied()
    }

    fn current_is(&self, tag: TagId) -> bool {
        self.open.last().is_some_and(|o| o.tag == tag)
    }

    /// The adjusted current node: the context element when the stack holds only the root in
    /// the fragment case, else the current node.
    fn adjusted_current(&self) -> Option<Open> {
        match self.context {
            Some(c) if self.open.len() == 1 => Some(c),
            _ => self.current(),
        }
    }

    fn pop_until(&mut self, tag: TagId) {
        while let Some(o) = self.pop() {
            if o.tag == tag {
                break;
            }
        }
    }

    fn pop_until_one_of(&mut self, tags: &[TagId]) {
        while let Some(o) = self.pop() {
            if tags.contains(&o.tag) {
                break;
            }
        }
    }

    fn pop_until_node(&mut self, node: NodeId) {
        while let Some(o) = self.pop() {
            if o.node == node {
                break;
            }
        }
    }

    fn elem(&self, node: NodeId) -> ElementRef<'_> {
        match self.doc.data(node) {
            NodeData::Element(e) => e,
            _ => unreachable!("the stack of open elements holds only elements"),
        }
    }

    fn name_of(&self, o: &Open) -> &str {
        self.elem(o.node).name()
    }

    /// Whether `o` is an HTML element whose local name is `name` (string compare; only used
    /// for tags without an id).
    fn is_html_named(&self, o: &Open, name: &str) -> bool {
        o.ns == Namespace::Html && self.elem(o.node).name() == name
    }

    fn scope_boundary(o: &Open, scope: Scope) -> bool {
        use TagId::*;
        match scope {
            Scope::Select => !matches!(o.tag, Optgroup | Option),
            _ => {
                let base = match scope {
                    Scope::Table => matches!(o.tag, Html | Table | Template),
                    _ => matches!(
                        o.tag,
                        Applet
                            | Caption
                            | Html
                            | Table
                            | Td
                            | Th
                            | Marquee
                            | Object
                            | Template
                            | MathMi
                            | MathMo
                            | MathMn
                            | MathMs
                            | MathMtext
                            | MathAnnotationXml
                            | SvgForeignObject
                            | SvgDesc
                            | SvgTitle
                    ),
                };
                base || match scope {
                    Scope::ListItem => matches!(o.tag, Ol | Ul),
                    Scope::Button => o.tag == Button,
                    _ => false,
                }
            }
        }
    }

    /// "has an element in scope" for an HTML element with a known tag id.
    fn in_scope(&self, tag: TagId, scope: Scope) -> bool {
        if tag != TagId::Other && self.counts[tag as usize] == 0 {
            return false;
        }
        for o in self.open.iter().rev() {
            if o.tag == tag {
                return true;
            }
            if Self::scope_boundary(o, scope) {
                return false;
            }
        }
        false
    }

    fn in_scope_any(&self, tags: &[TagId], scope: Scope) -> bool {
        for o in self.open.iter().rev() {
            if tags.contains(&o.tag) {
                return true;
            }
            if Self::scope_boundary(o, scope) {
                return false;
            }
        }
        false
    }

    fn node_in_scope(&self, node: NodeId, scope: Scope) -> bool {
        if !self.is_on_stack(node) {
            return false;
        }
        for o in self.open.iter().rev() {
            if o.node == node {
                return true;
            }
            if Self::scope_boundary(o, scope) {
                return false;
            }
        }
        false
    }

    // ----- element classes (§13.2.4.2) -----

    fn is_special(o: &Open) -> bool {
        use TagId::*;
        matches!(
            o.tag,
            Address
                | Applet
                | Area
                | Article
                | Aside
                | Base
                | Basefont
                | Bgsound
                | Blockquote
                | Body
                | Br
                | Button
                | Caption
                | Center
                | Col
                | Colgroup
                | Dd
                | Details
                | Dir
                | Div
                | Dl
                | Dt
                | Embed
                | Fieldset
                | Figcaption
                | Figure
                | Footer
                | Form
                | Frame
                | Frameset
                | H1
                | H2
                | H3
                | H4
                | H5
                | H6
                | Head
                | Header
                | Hgroup
                | Hr
                | Html
                | Iframe
                | Img
                | Input
                | Keygen
                | Li
                | Link
                | Listing
                | Main
                | Marquee
                | Menu
                | Meta
                | Nav
                | Noembed
                | Noframes
                | Noscript
                | Object
                | Ol
                | P
                | Param
                | Plaintext
                | Pre
                | Script
                | Search
                | Section
                | Select
                | Source
                | Style
                | Summary
                | Table
                | Tbody
                | Td
                | Template
                | Textarea
                | Tfoot
                | Th
                | Thead
                | Title
                | Tr
                | Track
                | Ul
                | Wbr
                | Xmp
                | MathMi
                | MathMo
                | MathMn
                | MathMs
                | MathMtext
                | MathAnnotationXml
                | SvgForeignObject
                | SvgDesc
                | SvgTitle
        )
    }

    fn is_mathml_text_ip(o: &Open) -> bool {
        matches!(
            o.tag,
            TagId::MathMi | TagId::MathMo | TagId::MathMn | TagId::MathMs | TagId::MathMtext
        )
    }

    fn is_html_ip(&self, o: &Open) -> bool {
        match o.tag {
            TagId::SvgForeignObject | TagId::SvgDesc | TagId::SvgTitle => true,
            TagId::MathAnnotationXml => self.elem(o.node).attrs().any(|a| {
                a.namespace() == crate::dom::AttrNamespace::None
                    && a.name() == "encoding"
                    && (a.value().eq_ignore_ascii_case("text/html")
                        || a.value().eq_ignore_ascii_case("application/xhtml+xml"))
            }),
            _ => false,
        }
    }

    // ----- §13.2.6.3 implied end tags -----

    fn generate_implied_end_tags_except(&mut self, except: Option<TagId>) {
        use TagId::*;
        while let Some(o) = self.current() {
            if Some(o.tag) != except
                && matches!(
                    o.tag,
                    Dd | Dt | Li | Optgroup | Option | P | Rb | Rp | Rt | Rtc
                )
            {
                self.pop();
            } else {
                break;
            }
        }
    }

    fn generate_implied_end_tags(&mut self) {
        self.generate_implied_end_tags_except(None);
    }

    fn generate_all_implied_end_tags_thoroughly(&mut self) {
        use TagId::*;
        while let Some(o) = self.current() {
            if matches!(
                o.tag,
                Caption
                    | Colgroup
                    | Dd
                    | Dt
                    | Li
                    | Optgroup
                    | Option
                    | P
                    | Rb
                    | Rp
                    | Rt
                    | Rtc
                    | Tbody
                    | Td
                    | Tfoot
                    | Th
                    | Thead
                    | Tr
            ) {
                self.pop();
            } else {
                break;
            }
        }
    }

    // ----- §13.2.6.1 creating and inserting nodes -----

    /// The appropriate place for inserting a node: (parent, insert before this child).
    fn appropriate_place(&self, override_target: Option<NodeId>) -> (NodeId, Option<NodeId>) {
        use TagId::*;
        let target = match override_target {
            Some(t) => Open {
                node: t,
                tag: TagId::Other,
                ns: Namespace::Html,
            },
            None => match self.current() {
                Some(o) => o,
                None => {
                    return (NodeId::DOCUMENT, None);
                }
            },
        };
        let target_tag = match override_target {
            Some(t) => self
                .open
                .iter()
                .rev()
                .find(|o| o.node == t)
                .map_or(TagId::Other, |o| o.tag),
            None => target.tag,
        };
        let (parent, before) =
            if self.foster_parenting && matches!(target_tag, Table | Tbody | Tfoot | Thead | Tr) {
                // Foster parenting.
                let last_template = self.open.iter().rposition(|o| o.tag == Template);
                let last_table = self.open.iter().rposition(|o| o.tag == Table);
                match (last_template, last_table) {
                    (Some(t), lt) if lt.is_none_or(|lt| t > lt) => (self.open[t].node, None),
                    (_, None) => (self.open[0].node, None),
                    (_, Some(lt)) => {
                        let table = self.open[lt].node;
                        match self.doc.parent(table) {
                            Some(p) => (p, Some(table)),
                            None => (self.open[lt.saturating_sub(1)].node, None),
                        }
                    }
                }
            } else {
                (target.node, None)
            };
        // Template contents.
        if let Some(c) = self.doc.element(parent).and_then(|e| e.template_contents())
            && before.is_none()
        {
            return (c, None);
        }
        (parent, before)
    }

    fn insert_at(&mut self, place: (NodeId, Option<NodeId>), node: NodeId) {
        self.doc.insert(place.0, place.1, node);
    }

    /// Inserts a comment at the appropriate place (or as the last child of `parent`).
    fn insert_comment(&mut self, text: &str, parent: Option<NodeId>) {
        let c = self.doc.create_comment(text);
        match parent {
            Some(p) => self.doc.append(p, c),
            None => {
                let place = self.appropriate_place(None);
                self.insert_at(place, c);
            }
        }
    }

    /// Inserts characters at the appropriate place, merging with a preceding text node.
    fn insert_chars(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        let (parent, before) = self.appropriate_place(None);
        if parent == NodeId::DOCUMENT {
            return;
        }
        self.doc.insert_text(parent, before, s);
    }

    fn html_attrs(tag: &Tag) -> impl Iterator<Item = AttrInput<'_>> {
        tag.attrs.iter().map(|a| AttrInput {
            namespace: AttrNamespace::None,
            name: &a.name,
            value: &a.value,
            span: None,
            value_span: None,
        })
    }

    /// Creates an HTML element for a token (not inserted).
    fn create_html_element(&mut self, tag: &Tag, id: TagId) -> NodeId {
        let name = id.html_name().unwrap_or(&tag.name);
        self.doc
            .create_element_with(Namespace::Html, name, Self::html_attrs(tag))
    }

    /// Inserts an HTML element for the token at the appropriate place and pushes it.
    fn insert_html_element(&mut self, tag: &Tag, id: TagId) -> NodeId {
        let node = self.create_html_element(tag, id);
        let place = self.appropriate_place(None);
        self.insert_at(place, node);
        self.push(node, id, Namespace::Html);
        node
    }

    /// Inserts an HTML element with no attributes named by `id`'s tag name.
    fn insert_html_element_named(&mut self, name: &str, id: TagId) -> NodeId {
        let tag = Tag {
            name: name.to_owned(),
            attrs: Vec::new(),
            self_closing: false,
        };
        self.insert_html_element(&tag, id)
    }

    /// Inserts an element that was already created at the appropriate place and pushes it.
    fn insert_created(&mut self, node: NodeId, id: TagId, ns: Namespace) {
        let place = self.appropriate_place(None);
        self.insert_at(place, node);
        self.push(node, id, ns);
    }

    // ----- §13.2.4.3 the list of active formatting elements -----

    fn same_element(&self, a: NodeId, b: NodeId) -> bool {
        let (ea, eb) = (self.elem(a), self.elem(b));
        ea.local_name() == eb.local_name()
            && ea.namespace() == eb.namespace()
            && ea.attrs().len() == eb.attrs().len()
            && ea.attrs().all(|x| {
                eb.attrs().any(|y| {
                    y.local_name() == x.local_name()
                        && y.namespace() == x.namespace()
                        && y.value() == x.value()
                })
            })
    }

    /// Push onto the list of active formatting elements, with the Noah's Ark clause.
    fn push_afe(&mut self, node: NodeId, tag: TagId) {
        let mut count = 0;
        let mut earliest = None;
        for i in (0..self.afe.len()).rev() {
            match self.afe[i] {
                Afe::Marker => break,
                Afe::Element(n, t) => {
                    if t == tag && self.same_element(n, node) {
                        count += 1;
                        earliest = Some(i);
                        if count == 3 {
                            break;
                        }
                    }
                }
            }
        }
        if count >= 3
            && let Some(i) = earliest
        {
            self.afe.remove(i);
        }
        self.afe.push(Afe::Element(node, tag));
    }

    fn afe_index(&self, node: NodeId) -> Option<usize> {
        self.afe
            .iter()
            .rposition(|e| matches!(e, Afe::Element(n, _) if *n == node))
    }

    /// Reconstruct the active formatting elements.
    fn reconstruct_afe(&mut self) {
        let Some(&last) = self.afe.last() else {
            return;
        };
        match last {
            Afe::Marker => return,
            Afe::Element(n, _) if self.is_on_stack(n) => return,
            _ => {}
        }
        // Rewind.
        let mut i = self.afe.len() - 1;
        while i > 0 {
            match self.afe[i - 1] {
                Afe::Marker => break,
                Afe::Element(n, _) if self.is_on_stack(n) => break,
                _ => i -= 1,
            }
        }
        // Advance and create.
        while i < self.afe.len() {
            if let Afe::Element(old, tag) = self.afe[i] {
                let new = self.doc.clone_element(old);
                self.insert_created(new, tag, Namespace::Html);
                self.afe[i] = Afe::Element(new, tag);
            }
            i += 1;
        }
    }

    fn clear_afe_to_marker(&mut self) {
        while let Some(e) = self.afe.pop() {
            if e == Afe::Marker {
                break;
            }
        }
    }

    // ----- §13.2.4.1 reset the insertion mode appropriately -----

    fn reset_insertion_mode(&mut self) {
        use TagId::*;
        for i in (0..self.open.len()).rev() {
            let last = i == 0;
            let node = if last {
                self.context.unwrap_or(self.open[i])
            } else {
                self.open[i]
            };
            if node.ns != Namespace::Html {
                if last {
                    self.mode = InsertionMode::InBody;
                    return;
                }
                continue;
            }
            let mode = match node.tag {
                Select => {
                    if !last {
                        for j in (0..i).rev() {
                            match self.open[j].tag {
                                Template => break,
                                Table => {
                                    self.mode = InsertionMode::InSelectInTable;
                                    return;
                                }
                                _ => {}
                            }
                        }
                    }
                    InsertionMode::InSelect
                }
                Td | Th if !last => InsertionMode::InCell,
                Tr => InsertionMode::InRow,
                Tbody | Thead | Tfoot => InsertionMode::InTableBody,
                Caption => InsertionMode::InCaption,
                Colgroup => InsertionMode::InColumnGroup,
                Table => InsertionMode::InTable,
                Template => *self
                    .template_modes
                    .last()
                    .unwrap_or(&InsertionMode::InTemplate),
                Head if !last => InsertionMode::InHead,
                Body => InsertionMode::InBody,
                Frameset => InsertionMode::InFrameset,
                Html => {
                    if self.head.is_none() {
                        InsertionMode::BeforeHead
                    } else {
                        InsertionMode::AfterHead
                    }
                }
                _ if last => InsertionMode::InBody,
                _ => continue,
            };
            self.mode = mode;
            return;
        }
        self.mode = InsertionMode::InBody;
    }

    // ----- §13.2.6.2 generic raw text / RCDATA parsing -----

    fn parse_raw_text(&mut self, tag: &Tag, id: TagId, state: State) {
        self.insert_html_element(tag, id);
        self.switch_to = Some(state);
        self.original_mode = self.mode;
        self.mode = InsertionMode::Text;
    }

    // ----- §13.2.6 tree construction dispatcher -----

    fn use_html_rules_for_tag(&self, start: Option<TagId>, name: &str) -> bool {
        let Some(acn) = self.adjusted_current() else {
            return true;
        };
        if acn.ns == Namespace::Html {
            return true;
        }
        if let Some(_t) = start {
            if Self::is_mathml_text_ip(&acn) && name != "mglyph" && name != "malignmark" {
                return true;
            }
            if acn.tag == TagId::MathAnnotationXml && name == "svg" {
                return true;
            }
            if self.is_html_ip(&acn) {
                return true;
            }
        }
        false
    }

    fn use_html_rules_for_chars(&self) -> bool {
        let Some(acn) = self.adjusted_current() else {
            return true;
        };
        acn.ns == Namespace::Html || Self::is_mathml_text_ip(&acn) || self.is_html_ip(&acn)
    }

    /// Acknowledge the token's self-closing flag.
    fn ack(&mut self) {
        self.self_closing_acked = true;
    }

    /// The position of each character of `s`, a run that starts at the current token position
    /// (lines and columns counted after newline normalization, one column per code point).
    pub(crate) fn char_positions(&self, s: &str) -> Vec<(char, Position)> {
        let mut p = self.pos;
        let mut out = Vec::with_capacity(s.len());
        for c in s.chars() {
            out.push((c, p));
            p.offset += c.len_utf8();
            if c == '\n' {
                p.line += 1;
                p.column = 1;
            } else {
                p.column += 1;
            }
        }
        out
    }

    /// Reports a parse error at `at` instead of the current token's position.
    pub(crate) fn err_at(&mut self, code: &'static str, at: Position) {
        let saved = self.pos;
        self.pos = at;
        self.err(code);
        self.pos = saved;
    }

    fn dispatch(&mut self, tok: Tok<'_>) {
        let self_closing = matches!(tok, Tok::Start(t, _) if t.self_closing);
        if self_closing {
            self.self_closing_acked = false;
        }
        self.dispatch_inner(tok);
        if self_closing && !self.self_closing_acked {
            self.err("non-void-html-element-start-tag-with-trailing-solidus");
        }
        self.self_closing_acked = true;
    }

    fn dispatch_inner(&mut self, tok: Tok<'_>) {
        let mut guard = 0u32;
        loop {
            let html = match tok {
                Tok::Start(t, id) => self.use_html_rules_for_tag(Some(id), &t.name),
                Tok::End(t, _) => self.use_html_rules_for_tag(None, &t.name),
                Tok::Eof => true,
                Tok::Doctype(_) | Tok::Comment(_) => self.use_html_rules_for_tag(None, ""),
            };
            let step = if html {
                self.step(self.mode, tok)
            } else {
                self.foreign(tok)
            };
            guard += 1;
            if step == Step::Done || guard > 64 {
                break;
            }
        }
    }

    /// Processes a token with the rules of `mode`.
    pub(crate) fn step(&mut self, mode: InsertionMode, tok: Tok<'_>) -> Step {
        use InsertionMode::*;
        match mode {
            Initial => self.initial(tok),
            BeforeHtml => self.before_html(tok),
            BeforeHead => self.before_head(tok),
            InHead => self.in_head(tok),
            InHeadNoscript => self.in_head_noscript(tok),
            AfterHead => self.after_head(tok),
            InBody => self.in_body(tok),
            Text => self.text(tok),
            InTable => self.in_table(tok),
            InTableText => self.in_table_text(tok),
            InCaption => self.in_caption(tok),
            InColumnGroup => self.in_column_group(tok),
            InTableBody => self.in_table_body(tok),
            InRow => self.in_row(tok),
            InCell => self.in_cell(tok),
            InSelect => self.in_select(tok),
            InSelectInTable => self.in_select_in_table(tok),
            InTemplate => self.in_template(tok),
            AfterBody => self.after_body(tok),
            InFrameset => self.in_frameset(tok),
            AfterFrameset => self.after_frameset(tok),
            AfterAfterBody => self.after_after_body(tok),
            AfterAfterFrameset => self.after_after_frameset(tok),
        }
    }

    /// Processes a run of character tokens with the rules of `mode`; returns the part of `s`
    /// not consumed (to be reprocessed in the new mode).
    pub(crate) fn step_chars<'s>(&mut self, mode: InsertionMode, s: &'s str) -> &'s str {
        use InsertionMode::*;
        match mode {
            Initial => self.initial_chars(s),
            BeforeHtml => self.before_html_chars(s),
            BeforeHead => self.before_head_chars(s),
            InHead => self.in_head_chars(s),
            InHeadNoscript => self.in_head_noscript_chars(s),
            AfterHead => self.after_head_chars(s),
            InBody | InCaption | InCell => {
                self.in_body_chars(s);
                ""
            }
            Text => {
                self.insert_chars(s);
                ""
            }
            InTable | InTableBody | InRow => self.in_table_chars(s),
            InTableText => {
                self.in_table_text_chars(s);
                ""
            }
            InColumnGroup => self.in_column_group_chars(s),
            InSelect | InSelectInTable => {
                self.in_select_chars(s);
                ""
            }
            InTemplate => {
                self.in_body_chars(s);
                ""
            }
            AfterBody | AfterAfterBody => self.after_body_chars(s),
            InFrameset | AfterFrameset | AfterAfterFrameset => self.frameset_chars(s),
        }
    }

    fn process_chars(&mut self, mut s: &str) {
        if self.ignore_lf {
            self.ignore_lf = false;
            if let Some(rest) = s.strip_prefix('\n') {
                s = rest;
            }
        }
        let mut guard = 0u32;
        while !s.is_empty() {
            let rest = if self.use_html_rules_for_chars() {
                self.step_chars(self.mode, s)
            } else {
                self.foreign_chars(s);
                ""
            };
            if rest.len() == s.len() {
                guard += 1;
                if guard > 64 {
                    break;
                }
            } else {
                guard = 0;
            }
            s = rest;
        }
    }
}

impl TokenSink for TreeBuilder {
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
        self.pos = at;
        self.switch_to = None;
        match token {
            Token::Characters(s) => self.process_chars(s),
            other => {
                self.ignore_lf = false;
                let tok = match other {
                    Token::Doctype(d) => Tok::Doctype(d),
                    Token::StartTag(t) => Tok::Start(t, TagId::from_html(&t.name)),
                    Token::EndTag(t) => Tok::End(t, TagId::from_html(&t.name)),
                    Token::Comment(c) => Tok::Comment(c),
                    _ => Tok::Eof,
                };
                self.dispatch(tok);
                if let Tok::Eof = tok {
                    // §13.2.7 the end: pop all the nodes off the stack.
                    while self.pop().is_some() {}
                }
            }
        }
        match self.switch_to.take() {
            Some(s) => SinkResult::SwitchTo(s),
            None => SinkResult::Continue,
        }
    }

    fn parse_error(&mut self, error: ParseError) {
        if self.collect_errors {
            self.doc.errors.push(error);
        }
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.adjusted_current()
            .is_some_and(|o| o.ns != Namespace::Html)
    }
}
