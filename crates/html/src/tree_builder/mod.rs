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
mod events;
mod foreign;
mod foreign_tables;
mod in_body;
mod in_table;
mod initial;
mod quirks;
pub mod resume;
mod select;
mod stack;
mod tag;

pub use events::{AdoptionStep, StackEvent};
pub use resume::{ResumePoint, ResumePoints};
pub use tag::TagId;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::dom::{
    Attr, AttrInput, AttrNamespace, Document, Element, ElementRef, LocalName, Namespace, NodeData,
    NodeId,
};
use crate::error::{ParseError, Position, Span};
use crate::tokenizer::{Doctype, SinkResult, State, Tag, TagRef, Token, TokenSink};

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
    /// The element's record index in the document (keys the stack index's positions).
    pub(crate) elem: u32,
    pub(crate) tag: TagId,
    pub(crate) ns: Namespace,
    /// The [`stack::class`] bits of the element.
    pub(crate) classes: u16,
    /// The element's name slot in the [`stack::StackIndex`] (`Other` and foreign elements).
    pub(crate) slot: u32,
    /// Whether the element is an HTML integration point (cached: a MathML `annotation-xml`
    /// would otherwise have its attributes scanned for every token).
    pub(crate) html_ip: bool,
}

/// An entry of the list of active formatting elements: a marker, or an element with its tag id
/// and the signature of its name and attributes (for the Noah's Ark clause; 0 until computed, see
/// [`AfeSection`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Afe {
    Marker,
    Element(NodeId, TagId, u64),
}

/// Per-section bookkeeping of the list of active formatting elements (a section is the part
/// after a marker, or before the first one): how many entries have each tag id and each
/// signature, so that the walks "find an `a` after the last marker", "find the formatting
/// element" and the Noah's Ark clause only run when they will find something.
///
/// Signatures cost a hash of every attribute, and the Noah's Ark clause can only remove
/// something once a section holds three entries with one tag name, so they are computed
/// lazily: an entry's signature is 0 until its tag is `tracked` in its section. A tag becomes
/// tracked the first time a push finds three entries with it (their signatures are computed
/// then, once); from then on every entry with that tag gets its signature when it enters,
/// until the section holds no entry with the tag.
///
/// The list only ever holds formatting elements, so the per-tag counts and the tracked tags are
/// indexed by [`afe_slot`] (no hashing).
#[derive(Debug, Default)]
struct AfeSection {
    tags: [u32; AFE_TAGS],
    sigs: HashMap<u64, u32>,
    /// Bit [`afe_slot`]: the tag is tracked.
    tracked: u16,
}

/// The number of formatting element tag ids.
const AFE_TAGS: usize = 14;

/// The index of a formatting element's tag id (a, b, big, code, em, font, i, nobr, s, small,
/// strike, strong, tt, u: the elements the list of active formatting elements holds).
#[inline]
fn afe_slot(tag: TagId) -> Option<usize> {
    use TagId::*;
    Some(match tag {
        A => 0,
        B => 1,
        Big => 2,
        Code => 3,
        Em => 4,
        Font => 5,
        I => 6,
        Nobr => 7,
        S => 8,
        Small => 9,
        Strike => 10,
        Strong => 11,
        Tt => 12,
        U => 13,
        _ => return None,
    })
}

impl AfeSection {
    /// Whether the signatures of `tag` are tracked.
    #[inline]
    fn is_tracked(&self, tag: TagId) -> bool {
        afe_slot(tag).is_some_and(|i| self.tracked & (1 << i) != 0)
    }

    fn set_tracked(&mut self, tag: TagId, on: bool) {
        if let Some(i) = afe_slot(tag) {
            if on {
                self.tracked |= 1 << i;
            } else {
                self.tracked &= !(1 << i);
            }
        }
    }
}

/// Opt-in resource limits for untrusted input (all off by default, so that the tree is the
/// one the HTML Standard specifies).
///
/// - `max_tree_depth`: once the stack of open elements is deeper than this, nodes are
///   inserted into the parent of the node they would have gone into (so elements beyond the
///   depth become siblings, as Chromium does with its limit of 512). The parsing algorithm
///   itself is unchanged; only the resulting tree is flatter. The adoption agency algorithm
///   can still push existing nodes below a new element; at the end of parsing, any node
///   deeper than `max_tree_depth + 2` (the document at depth 0; at least 4) is moved to
///   follow its ancestor at that depth, so no node of the tree is deeper.
/// - `max_attributes`: attributes of a start tag beyond this many are dropped (also when a
///   second `<html>` or `<body>` start tag adds attributes).
/// - `max_nodes`: once the document holds this many nodes (detached ones and template
///   contents included), the parser stops: the rest of the input is ignored, as if the input
///   ended there, and a `node-limit-reached` parse error is recorded.
/// - `max_clones`: a budget for the elements the parser clones from earlier ones
///   (reconstructing the active formatting elements, the adoption agency algorithm, and the
///   living standard's cloning of an option into a `selectedcontent`). Each clone counts one
///   plus its number of attributes (the attribute records it copies). Once the count reaches
///   the budget, the parser stops as it does at `max_nodes` (with a `clone-limit-reached`
///   parse error). Without it, an input of n bytes can make the parser clone on the order of
///   n² elements (lexbor issue 340's shape) before `max_nodes` stops it.
///
/// [`ResourceLimits::for_input`] gives the limits the `websyntax` command and the Python
/// package use by default for untrusted input.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions, ResourceLimits};
/// let limits = ResourceLimits { max_tree_depth: Some(10), ..Default::default() };
/// let doc = parse_document(&"<div>".repeat(100), ParseOptions { limits, ..Default::default() });
/// let deepest = doc.find_all_elements("div").map(|d| doc.ancestors(d).count()).max();
/// assert_eq!(deepest, Some(11));
/// assert_eq!(doc.find_all_elements("div").count(), 100);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct ResourceLimits {
    /// The maximum depth of the stack of open elements below which nodes nest normally.
    pub max_tree_depth: Option<usize>,
    /// The maximum number of attributes kept per element.
    pub max_attributes: Option<usize>,
    /// The maximum number of nodes in the document.
    pub max_nodes: Option<usize>,
    /// The maximum number of cloned elements plus the attributes they copy.
    pub max_clones: Option<usize>,
}

impl ResourceLimits {
    /// The limits for an untrusted input of `len` bytes, as the `websyntax` command and the
    /// Python package set them by default: 65,536 nodes plus 16 per input byte, a depth of
    /// 512 (Chromium's), no attribute limit, and a clone budget of 65,536 plus one per 2 input
    /// bytes ([`ResourceLimits::max_clones`]). With these, parsing takes memory in proportion
    /// to the input: under 200 bytes per input byte, plus a fixed allowance of 32 MiB
    /// (docs/performance.md, "Memory bound under the default limits").
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions, ResourceLimits};
    /// // n `b`s and n `i`s, then n times `x</b>`: each `x` reopens every `i` (n² clones).
    /// let n = 2000;
    /// let mut html: String = (0..n).map(|i| format!("<b {i}>")).collect();
    /// html.extend((0..n).map(|i| format!("<i {i}>")));
    /// html.push_str(&"x</b>".repeat(n));
    /// let limits = ResourceLimits::for_input(html.len());
    /// let doc = parse_document(&html, ParseOptions { limits, ..Default::default() });
    /// assert!(doc.limits_reached().clones);
    /// assert!(doc.limits_reached().stopped_early());
    /// ```
    pub fn for_input(len: usize) -> ResourceLimits {
        ResourceLimits {
            max_tree_depth: Some(Self::DEFAULT_MAX_DEPTH),
            max_attributes: None,
            max_nodes: Some(Self::default_max_nodes(len)),
            max_clones: Some(Self::default_max_clones(len)),
        }
    }

    /// The default depth limit of [`ResourceLimits::for_input`]: Chromium's
    /// (`kMaximumHTMLParserDOMTreeDepth`).
    pub const DEFAULT_MAX_DEPTH: usize = 512;

    /// The node budget of [`ResourceLimits::for_input`]: 65,536 plus 16 per input byte.
    pub fn default_max_nodes(len: usize) -> usize {
        len.saturating_mul(16).saturating_add(64 * 1024)
    }

    /// The clone budget of [`ResourceLimits::for_input`]: 65,536 plus one per 2 input bytes.
    pub fn default_max_clones(len: usize) -> usize {
        (len / 2).saturating_add(64 * 1024)
    }
}

/// Which [`ResourceLimits`] changed the tree of a parse ([`Document::limits_reached`]): when
/// any is set, the document is not the one the HTML Standard specifies for the input.
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions, ResourceLimits};
/// let limits = ResourceLimits { max_nodes: Some(50), ..Default::default() };
/// let doc = parse_document(&"<p>".repeat(100), ParseOptions { limits, ..Default::default() });
/// assert!(doc.limits_reached().nodes);
/// assert!(!doc.limits_reached().tree_depth);
/// assert!(doc.limits_reached().any());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct LimitsReached {
    /// [`ResourceLimits::max_nodes`] ended parsing early: the rest of the input was ignored.
    pub nodes: bool,
    /// [`ResourceLimits::max_tree_depth`] placed nodes higher than the spec's tree has them.
    pub tree_depth: bool,
    /// [`ResourceLimits::max_attributes`] dropped attributes.
    pub attributes: bool,
    /// [`ResourceLimits::max_clones`] ended parsing early: the rest of the input was ignored.
    pub clones: bool,
}

impl LimitsReached {
    /// Whether any limit changed the tree.
    pub fn any(&self) -> bool {
        self.nodes || self.tree_depth || self.attributes || self.clones
    }

    /// Whether a limit ended parsing early ([`ResourceLimits::max_nodes`] or
    /// [`ResourceLimits::max_clones`]): the document holds only part of the input.
    pub fn stopped_early(&self) -> bool {
        self.nodes || self.clones
    }

    /// Which limit ended parsing early, for messages: "the node limit (N nodes)" or "the
    /// clone limit (N cloned elements and attributes)"; `None` when parsing went to the end.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions, ResourceLimits};
    /// let limits = ResourceLimits { max_nodes: Some(50), ..Default::default() };
    /// let doc = parse_document(&"<p>".repeat(100), ParseOptions { limits, ..Default::default() });
    /// assert_eq!(doc.limits_reached().stop_reason(&limits).unwrap(), "the node limit (50 nodes)");
    /// ```
    pub fn stop_reason(&self, limits: &ResourceLimits) -> Option<String> {
        if self.nodes {
            Some(format!(
                "the node limit ({} nodes)",
                limits.max_nodes.unwrap_or(0)
            ))
        } else if self.clones {
            Some(format!(
                "the clone limit ({} cloned elements and attributes)",
                limits.max_clones.unwrap_or(0)
            ))
        } else {
            None
        }
    }
}

/// The token handed to the insertion modes (characters are handled separately, as runs).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Tok<'a> {
    Doctype(&'a Doctype),
    Start(TagRef<'a>, TagId),
    End(TagRef<'a>, TagId),
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
/// tokenizer and this builder together (and record the source index behind
/// [`Document::line_col`]).
#[derive(Debug)]
pub struct TreeBuilder {
    pub(crate) doc: Document,
    mode: InsertionMode,
    original_mode: InsertionMode,
    template_modes: Vec<InsertionMode>,
    open: Vec<Open>,
    counts: [u32; tag::TAG_COUNT],
    /// Position lists of the stack of open elements (see [`stack`]).
    ix: stack::StackIndex,
    /// The number of elements on the stack (`open` also holds holes).
    live: usize,
    /// The number of holes in `open`.
    holes: usize,
    /// Holes walked over since the last compaction.
    hole_steps: u64,
    afe: Vec<Afe>,
    /// One entry per section of `afe` (markers + 1).
    afe_sections: Vec<AfeSection>,
    /// Per node index: whether the node is in the list of active formatting elements.
    /// Bit set by node index: the element is in the list of active formatting elements.
    in_afe: Vec<u64>,
    /// Attribute names of the `html` and `body` elements once a second start tag merged
    /// attributes into them ("add the attribute ... if not already present").
    merged_names: HashMap<NodeId, HashSet<(crate::dom::AttrNamespace, LocalName)>>,
    /// Keys of the Noah's Ark signatures: randomly seeded, so that an input cannot make many
    /// different elements share a signature (each push would then walk the list).
    sig_keys: std::hash::RandomState,
    limits: ResourceLimits,
    /// Set once `max_nodes` or `max_clones` has stopped the parse.
    node_limit_hit: bool,
    /// The elements cloned so far plus their attributes (see [`ResourceLimits::max_clones`]).
    cloned: usize,
    /// An upper bound of the tree's depth, kept only while a depth limit is set: the deepest
    /// the stack of open elements has been (`max_live`), plus (`deepening`) one for each
    /// `template` pushed (its contents are one level deeper) and for each run of the adoption
    /// agency's steps 15-17 (which move existing children one level down). The final depth
    /// walk is skipped while their sum stays within the limit.
    max_live: usize,
    deepening: usize,
    /// Steps taken by the walks over the stack of open elements and the list of active
    /// formatting elements, and by other loops whose length depends on the input so far
    /// (see [`TreeBuilder::work`]).
    work: u64,
    head: Option<NodeId>,
    form: Option<NodeId>,
    scripting: bool,
    frameset_ok: bool,
    foster_parenting: bool,
    pending_table_text: String,
    pending_table_text_non_ws: bool,
    /// Position and source of each character of `pending_table_text` (one error per
    /// character).
    pending_table_text_pos: Vec<Option<(Position, Span)>>,
    /// The source of the pending table characters.
    pending_table_text_span: Option<Span>,
    /// The current token's source span.
    tok_span: Span,
    /// The current `Characters` token's text, as (address, length): a slice of it has its
    /// source found by address arithmetic (no unsafe code: addresses are only compared).
    tok_text: (usize, usize),
    /// The address of the current tag token, to tell the element created for it from implied
    /// ones (created for tags the tree builder makes up).
    tok_tag: usize,
    /// The current token is an end tag that has not closed an element yet, and its name.
    end_tag_open: bool,
    end_tag_name: String,
    /// The current end tag's id (`Other` for a name without one).
    end_tag_id: TagId,
    /// The source of text inserted when it does not come from the current token.
    text_span_override: Option<Span>,
    /// The text a tree-construction error about character tokens is about (its first
    /// character), a slice of the current `Characters` token: its address, its length and its
    /// first byte. Where it lies in the token is only worked out for an error.
    chars_src: Option<(usize, usize, Option<u8>)>,
    self_closing_acked: bool,
    ignore_lf: bool,
    context: Option<Open>,
    collect_errors: bool,
    pos: Position,
    switch_to: Option<State>,
    encoding_declaration: encoding_declaration::EncodingDeclaration,
    /// The document's "allow declarative shadow roots".
    allow_declarative_shadow_roots: bool,
    /// Following the living HTML Standard ([`crate::Standard::Living`]) rather than the seed
    /// text: checked once per token where the two differ, never per character.
    pub(crate) living: bool,
    /// Living standard: a `selectedcontent` element was pushed (until then, popping an
    /// `option` has nothing to fill, see [`select`]).
    selectedcontent_seen: bool,
    /// Living standard: the target of the processing instruction token being processed. A
    /// processing instruction token goes wherever a comment token goes, in every insertion
    /// mode and in foreign content (whatwg/html 320c05f6, 255188e5: each "A comment token"
    /// entry gained "A processing instruction token" with the same steps, "insert a processing
    /// instruction" for "insert a comment"), so it is dispatched as a comment token carrying
    /// its data, and [`TreeBuilder::insert_comment`] creates the ProcessingInstruction node.
    pi_target: Option<String>,
    /// The log of [`StackEvent`]s, when asked for ([`TreeBuilder::record_events`]).
    events: Option<Vec<StackEvent>>,
    /// With `events`: the last start or end tag processed (its span), and its name if it
    /// was an end tag (else empty).
    event_tag: Span,
    event_end_name: String,
    /// The end-of-file token is being processed.
    at_eof: bool,
    /// With `events`: the last appropriate place computed was foster parenting's (with the
    /// table the node is kept out of), for the insertion that follows to log.
    fostered: Option<Option<NodeId>>,
}

/// A slice's address, length and first byte: what locating an error in it needs, kept without
/// the borrow.
#[inline]
fn raw_text(s: &str) -> (usize, usize, Option<u8>) {
    (s.as_ptr() as usize, s.len(), s.as_bytes().first().copied())
}

/// The length of the UTF-8 character whose first byte is `first` (0 for none).
fn first_char_len(first: Option<u8>) -> usize {
    match first {
        None => 0,
        Some(b) if b < 0x80 => 1,
        Some(b) if b < 0xE0 => 2,
        Some(b) if b < 0xF0 => 3,
        Some(_) => 4,
    }
}

fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// The length of the leading run of ASCII whitespace in `s`.
pub(crate) fn ws_prefix_len(s: &str) -> usize {
    s.bytes().take_while(|&b| is_ws(b)).count()
}

impl Open {
    /// Whether this entry is a hole left by a removal from the middle of the stack.
    pub(crate) fn is_hole(&self) -> bool {
        self.node == NodeId::DOCUMENT
    }
}

impl TreeBuilder {
    /// A tree builder for a document. `scripting` is the scripting flag; `collect_errors`
    /// makes it keep parse errors (tokenizer errors arrive through [`TokenSink::parse_error`]).
    #[inline]
    pub fn new(scripting: bool, collect_errors: bool) -> TreeBuilder {
        TreeBuilder {
            doc: Document::new(),
            mode: InsertionMode::Initial,
            original_mode: InsertionMode::Initial,
            template_modes: Vec::new(),
            open: Vec::with_capacity(32),
            counts: [0; tag::TAG_COUNT],
            ix: stack::StackIndex::new(),
            live: 0,
            holes: 0,
            hole_steps: 0,
            afe: Vec::new(),
            afe_sections: vec![AfeSection::default()],
            in_afe: Vec::new(),
            merged_names: HashMap::default(),
            sig_keys: std::hash::RandomState::new(),
            limits: ResourceLimits::default(),
            node_limit_hit: false,
            cloned: 0,
            max_live: 0,
            deepening: 0,
            work: 0,
            head: None,
            form: None,
            scripting,
            frameset_ok: true,
            foster_parenting: false,
            pending_table_text: String::new(),
            pending_table_text_non_ws: false,
            pending_table_text_pos: Vec::new(),
            pending_table_text_span: None,
            tok_span: Span::default(),
            tok_text: (0, 0),
            tok_tag: 0,
            end_tag_open: false,
            end_tag_name: String::new(),
            end_tag_id: TagId::Other,
            text_span_override: None,
            chars_src: None,
            self_closing_acked: true,
            ignore_lf: false,
            context: None,
            collect_errors,
            pos: Position::default(),
            switch_to: None,
            encoding_declaration: Default::default(),
            allow_declarative_shadow_roots: false,
            living: false,
            selectedcontent_seen: false,
            pi_target: None,
            events: None,
            event_tag: Span::default(),
            event_end_name: String::new(),
            at_eof: false,
            fostered: None,
        }
    }

    /// Starts recording [`resume::ResumePoints`] into the document
    /// ([`Document::resume_points`]).
    pub fn record_resume_points(&mut self) {
        self.doc.resume_points.get_or_insert_with(Default::default);
    }

    /// Records a resume point at the start tag at `offset` when the state is one (see
    /// [`resume`]). Only called while recording.
    #[cold]
    fn note_resume_point(&mut self, offset: usize) {
        if self.mode != InsertionMode::InBody
            || self.context.is_some()
            || !self.template_modes.is_empty()
            || !self.afe.is_empty()
            || self.form.is_some()
            || self.foster_parenting
            || !self.pending_table_text.is_empty()
            || self
                .open
                .iter()
                .any(|o| !o.is_hole() && o.ns != Namespace::Html)
        {
            return;
        }
        let stack: Vec<NodeId> = self
            .open
            .iter()
            .filter(|o| !o.is_hole())
            .map(|o| o.node)
            .collect();
        let nodes = self.doc.len();
        let frameset_ok = self.frameset_ok;
        if let Some(r) = self.doc.resume_points.as_mut() {
            r.push(offset, nodes, frameset_ok, &stack);
        }
    }

    /// Starts recording [`StackEvent`]s (see [`TreeBuilder::take_events`]).
    pub fn record_events(&mut self) {
        self.events.get_or_insert_with(Vec::new);
    }

    /// Whether [`StackEvent`]s are being recorded.
    pub fn records_events(&self) -> bool {
        self.events.is_some()
    }

    /// The [`StackEvent`]s recorded so far, in order (empty unless
    /// [`record_events`](Self::record_events) was called).
    pub fn take_events(&mut self) -> Vec<StackEvent> {
        self.events.take().unwrap_or_default()
    }

    /// Records `event` when recording.
    #[inline]
    fn log(&mut self, event: impl FnOnce(&Self) -> StackEvent) {
        if self.events.is_some() {
            let e = event(self);
            if let Some(log) = &mut self.events {
                log.push(e);
            }
        }
    }

    /// Whether the last tag processed is an end tag with the name of element `node` (with
    /// events recorded only).
    fn event_named(&self, node: NodeId) -> bool {
        !self.event_end_name.is_empty()
            && self
                .doc
                .element(node)
                .is_some_and(|e| e.name().eq_ignore_ascii_case(&self.event_end_name))
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
        let (state, root) = tb.init_fragment(ns, name, &attrs);
        (tb, state, root)
    }

    /// [`TreeBuilder::new_fragment`] on a fresh builder in place (no move of the builder):
    /// returns the tokenizer state to start in and the root `html` element.
    pub(crate) fn init_fragment(
        &mut self,
        ns: Namespace,
        name: &str,
        attrs: &[Attr],
    ) -> (State, NodeId) {
        let tb = self;
        let scripting = tb.scripting;
        let tag = match ns {
            Namespace::Html => TagId::from_html(name),
            Namespace::Svg => TagId::from_svg(name),
            Namespace::MathMl => TagId::from_mathml(name),
        };
        // The context element, from borrowed parts (as `Document::create_element` would make
        // it from an `Element` with these attributes and no source spans).
        let ctx = tb.doc.create_element_with(
            ns,
            name,
            attrs.iter().map(|a| AttrInput {
                namespace: a.namespace,
                name: &a.name,
                value: &a.value,
                span: a.span,
                value_span: a.value_span,
                verbatim: false,
            }),
        );
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
            start_tag: None,
            end_tag: None,
        });
        tb.doc.append(NodeId::DOCUMENT, root);
        tb.push(root, TagId::Html, Namespace::Html);
        // Step 8: template.
        if tag == TagId::Template {
            tb.template_modes.push(InsertionMode::InTemplate);
        }
        tb.context = Some(tb.make_open(ctx, tag, ns));
        // Step 10: reset the insertion mode.
        tb.reset_insertion_mode();
        // Step 11: the form element pointer (the context element has no ancestors here).
        if tag == TagId::Form {
            tb.form = Some(ctx);
        }
        (state, root)
    }

    /// Sets the document's "allow declarative shadow roots" (default false): when set, a
    /// `<template shadowrootmode=open|closed>` attaches a shadow root to the adjusted current
    /// node (§13.2.6.4.4, start tag "template").
    /// Follows `standard` (seed by default). For a fragment parser, call it before the first
    /// token: the insertion mode picked for the context element is picked again.
    pub fn set_standard(&mut self, standard: crate::Standard) {
        self.living = standard.is_living();
        self.doc.standard = standard;
        if self.context.is_some() {
            self.reset_insertion_mode();
        }
    }

    pub fn set_allow_declarative_shadow_roots(&mut self, allow: bool) {
        self.allow_declarative_shadow_roots = allow;
    }

    /// Sets opt-in resource limits (see [`ResourceLimits`]; none by default).
    ///
    /// ```
    /// use websyntax_html::tree_builder::{ResourceLimits, TreeBuilder};
    /// let mut tb = TreeBuilder::new(true, false);
    /// tb.set_limits(ResourceLimits { max_nodes: Some(1000), ..Default::default() });
    /// ```
    pub fn set_limits(&mut self, limits: ResourceLimits) {
        self.limits = limits;
    }

    /// A count of the steps taken so far by the loops whose length depends on the input seen
    /// so far: walks over the stack of open elements and the list of active formatting
    /// elements, pops, element moves in the middle of either, attribute merges and Noah's
    /// Ark comparisons. For an input of size n this grows as O(n) (plus the nodes created by
    /// reconstructing the active formatting elements); tests use it to check that hostile
    /// inputs take linear time without timing anything.
    ///
    /// ```
    /// use websyntax_html::tokenizer::Tokenizer;
    /// use websyntax_html::tree_builder::TreeBuilder;
    /// let work = |n: usize| {
    ///     let mut t = Tokenizer::new(TreeBuilder::new(true, false));
    ///     t.feed(&format!("{}{}", "<span>".repeat(n), "</h1>".repeat(n)));
    ///     t.end();
    ///     t.into_sink().work()
    /// };
    /// assert!(work(4000) < 5 * work(1000));
    /// ```
    pub fn work(&self) -> u64 {
        self.work + self.ix.skips
    }

    /// The context element's node in the fragment case.
    pub(crate) fn context_node(&self) -> Option<NodeId> {
        self.context.map(|c| c.node)
    }

    /// Finishes parsing and returns the document.
    pub fn finish(mut self) -> Document {
        if let Some(max) = self.limits.max_tree_depth
            // The document, `html` and the context levels of a fragment, with room to spare.
            && self.max_live + self.deepening + 4 > max.max(2) + 2
        {
            self.enforce_depth_limit(max);
        }
        self.doc
    }

    /// The opt-in depth limit, made strict: the adoption agency algorithm moves the children
    /// of its furthest block below a new element, so existing subtrees can end up deeper than
    /// the stack of open elements ever was (without limit, by one level per run). At the end,
    /// every node deeper than `max.max(2) + 2` (as [`Document::walk`] counts depth from the
    /// root) is moved to follow its ancestor at that depth, in document order, so the tree is
    /// at most that deep. One walk and at most one move per node.
    fn enforce_depth_limit(&mut self, max: usize) {
        use crate::dom::WalkEvent;
        let limit = max.max(2) + 2;
        let nodes: Vec<(NodeId, usize)> = self
            .doc
            .walk(self.doc.root())
            .filter_map(|e| match e {
                WalkEvent::Enter(id, depth) => Some((id, depth)),
                WalkEvent::Exit(..) => None,
            })
            .collect();
        if nodes.iter().all(|&(_, d)| d <= limit) {
            return;
        }
        // The ancestors of the current node by depth (as the walk found them).
        let mut path: Vec<NodeId> = Vec::new();
        // The ancestor at the limit whose descendants are being moved, and the last node moved
        // after it.
        let mut cursor: Option<(NodeId, NodeId)> = None;
        for (id, depth) in nodes {
            path.truncate(depth);
            path.push(id);
            if depth <= limit {
                continue;
            }
            let Some(&anchor) = path.get(limit) else {
                continue;
            };
            let after = match cursor {
                Some((a, last)) if a == anchor => last,
                _ => anchor,
            };
            self.doc.limits_reached.tree_depth = true;
            match (self.doc.next_sibling(after), self.doc.parent(after)) {
                (Some(next), _) => self.doc.insert_before_unchecked(next, id),
                (None, Some(parent)) => self.doc.append(parent, id),
                (None, None) => continue,
            }
            cursor = Some((anchor, id));
        }
    }

    /// The document built so far, mutably (the drivers record the source index in it).
    pub(crate) fn document_mut(&mut self) -> &mut Document {
        &mut self.doc
    }

    /// The document built so far.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    // ----- errors -----

    /// Reports a tree-construction error at the current token (or, while character tokens
    /// are processed, at the character [`chars_at`](Self::chars_at) named).
    pub(crate) fn err(&mut self, code: &'static str) {
        let src = self
            .chars_src
            .and_then(|(p, n, first)| self.char_source_raw(p, n, first));
        self.err_span(code, src);
    }

    /// Reports a tree-construction error at `src` (position and span), or at the current
    /// token when `None`.
    pub(crate) fn err_span(&mut self, code: &'static str, src: Option<(Position, Span)>) {
        if self.collect_errors {
            let (position, span) = src.unwrap_or((self.pos, self.tok_span));
            self.doc.errors.push(ParseError {
                code,
                position,
                span,
            });
        }
    }

    /// The next error is about the first character of `at`, a slice of the current
    /// `Characters` token.
    #[inline]
    pub(crate) fn chars_at(&mut self, at: &str) {
        self.chars_src = Some(raw_text(at));
    }

    /// The source span of `len` bytes at `off` in the current `Characters` token: exact when
    /// the token's text is its source verbatim, else (a character reference, a replaced
    /// character) the whole token.
    fn sub_span(&self, off: usize, len: usize) -> Span {
        if self.tok_text.1 == self.tok_span.len() {
            let start = self.tok_span.start + off;
            Span::new(start, start + len)
        } else {
            self.tok_span
        }
    }

    /// Where `s` starts in the current `Characters` token's text, if it is a slice of it.
    fn token_offset(&self, s: &str) -> Option<usize> {
        self.token_offset_raw(s.as_ptr() as usize, s.len())
    }

    /// [`TreeBuilder::token_offset`] of the text at address `p` of `n` bytes.
    fn token_offset_raw(&self, p: usize, n: usize) -> Option<usize> {
        let (base, len) = self.tok_text;
        (len > 0 && p >= base && p + n <= base + len).then(|| p - base)
    }

    /// The position and span of the first character of `at` (a slice of the current
    /// `Characters` token). A position other than the token's start gets its line and column
    /// from the source index when parsing ends.
    pub(crate) fn char_source(&self, at: &str) -> Option<(Position, Span)> {
        let (p, n, first) = raw_text(at);
        self.char_source_raw(p, n, first)
    }

    /// [`TreeBuilder::char_source`] of the text at address `p` of `n` bytes whose first byte
    /// is `first` (the parts [`raw_text`] takes from a slice).
    fn char_source_raw(&self, p: usize, n: usize, first: Option<u8>) -> Option<(Position, Span)> {
        let off = self.token_offset_raw(p, n)?;
        Some(self.offset_source(off, first_char_len(first)))
    }

    /// The position and span of the one-byte character just before `after` (a slice of the
    /// current `Characters` token), e.g. a U+0000 that was split off.
    pub(crate) fn source_before(&self, after: &str) -> Option<(Position, Span)> {
        let off = self.token_offset(after)?.checked_sub(1)?;
        Some(self.offset_source(off, 1))
    }

    fn offset_source(&self, off: usize, len: usize) -> (Position, Span) {
        let span = self.sub_span(off, len);
        let position = if span.start == self.tok_span.start {
            self.pos
        } else {
            Position {
                offset: span.start,
                line: 0,
                column: 0,
            }
        };
        (position, span)
    }

    /// Gives the errors from `errors_before` on, and the pending table characters, that are
    /// about a character of the current `Characters` token `s` their line and column, counted
    /// from the token's start (only when there are some).
    #[inline(always)]
    fn locate_in_token(&mut self, s: &str, errors_before: usize) {
        if self.doc.errors.len() == errors_before && self.pending_table_text_pos.is_empty() {
            // No error from this token, none pending (the common case).
            return;
        }
        self.locate_in_token_rest(s, errors_before);
    }

    /// [`TreeBuilder::locate_in_token`] when there is an error to look at.
    #[inline(never)]
    fn locate_in_token_rest(&mut self, s: &str, errors_before: usize) {
        let start = self.tok_span.start;
        let here = |p: &Position| p.line == 0 && p.offset > start && p.offset < self.tok_span.end;
        let pending = self
            .pending_table_text_pos
            .iter()
            .flatten()
            .any(|(p, _)| here(p));
        let errors = self.doc.errors.get(errors_before..).unwrap_or(&[]);
        if !pending && !errors.iter().any(|e| here(&e.position)) {
            return;
        }
        let token_start = self.pos;
        if token_start.line == 0 {
            // Offsets only: every position gets its line and column from the source index
            // when parsing ends.
            return;
        }
        let locate = |p: &mut Position| {
            if p.line != 0 || p.offset <= start {
                return;
            }
            let (mut line, mut column) = (token_start.line, token_start.column);
            for c in s.get(..p.offset - start).unwrap_or(s).chars() {
                if c == '\n' {
                    line += 1;
                    column = 1;
                } else {
                    column += c.len_utf16();
                }
            }
            p.line = line;
            p.column = column;
        };
        for e in self.doc.errors.iter_mut().skip(errors_before) {
            if e.position.offset < self.tok_span.end {
                locate(&mut e.position);
            }
        }
        for (p, _) in self.pending_table_text_pos.iter_mut().flatten() {
            if p.offset < self.tok_span.end {
                locate(p);
            }
        }
    }

    /// The source of text `s` about to be inserted: the override, or where `s` lies in the
    /// current `Characters` token.
    fn text_source(&self, s: &str) -> Option<Span> {
        if let Some(span) = self.text_span_override {
            return Some(span);
        }
        let off = self.token_offset(s)?;
        Some(self.sub_span(off, s.len()))
    }

    /// Gives element `node`, just created for tag `tag`, its source span if `tag` is the
    /// current token (not a tag the tree builder made up): the start tag, or for an element
    /// created for an end tag (`</p>`, `</br>`) just its node span.
    #[inline]
    fn record_token_span(&mut self, node: NodeId, tag: TagRef<'_>) {
        if tag.key() != self.tok_tag {
            return;
        }
        if self.end_tag_open {
            self.doc.set_node_span(node, Some(self.tok_span));
        } else {
            self.doc.set_start_tag(node, self.tok_span);
        }
    }

    /// The element `node` was removed from the stack of open elements: if the current end
    /// tag names it and has not closed another element, it is its end tag; then its span is
    /// completed.
    #[inline(always)]
    fn closed(&mut self, o: &Open) {
        // An HTML element with a known id has the end tag's name exactly when it has its id;
        // other elements compare names (a foreign element's may have capitals).
        if self.end_tag_open
            && if o.ns == Namespace::Html && o.tag != TagId::Other {
                o.tag == self.end_tag_id
            } else if o.ns == Namespace::Html && self.end_tag_id != TagId::Other {
                // An HTML element without an id is not named by an end tag with one (and
                // `end_tag_name` is only kept for end tags without one, or when foreign
                // elements were pushed).
                false
            } else {
                self.named_by_end_tag(o)
            }
        {
            self.doc.set_end_tag(o.node, self.tok_span);
            self.end_tag_open = false;
        }
        self.doc.close_element_span(o.node);
        if self.events.is_some() {
            self.log_popped(o.node);
        }
    }

    /// Records the removal of `node` from the stack: with the last tag processed (text,
    /// comments and the end-of-file token's own steps do not count), or at the end with the
    /// end-of-file token.
    #[inline(never)]
    fn log_popped(&mut self, node: NodeId) {
        self.log(|tb| StackEvent::Popped {
            node,
            token: if tb.at_eof { tb.tok_span } else { tb.event_tag },
            named: !tb.at_eof && tb.event_named(node),
            eof_depth: tb
                .at_eof
                .then(|| u32::try_from(tb.live).unwrap_or(u32::MAX)),
            in_tag: tb.tok_tag != 0,
        });
    }

    /// Whether the current end tag's name is the name of `o`'s element (ASCII
    /// case-insensitively).
    #[inline(never)]
    fn named_by_end_tag(&self, o: &Open) -> bool {
        self.doc
            .element(o.node)
            .is_some_and(|e| e.name().eq_ignore_ascii_case(&self.end_tag_name))
    }

    /// `</body>` / `</html>`: the open `body` / `html` element gets the end tag's span (the
    /// element stays open, as the spec says).
    fn mark_end_tag(&mut self, tag: TagId) {
        // `html` and `body` sit at the bottom of the stack: search from there (a walk from the
        // top would cost the depth of the stack on every stray `</body>`).
        if self.counts[tag as usize] == 0 {
            return;
        }
        self.work += 1;
        if self.events.is_some()
            && let Some(o) = self.open.iter().find(|o| o.tag == tag).copied()
        {
            self.log(|tb| StackEvent::EndTagSeen {
                node: o.node,
                token: tb.tok_span,
                named: true,
            });
            if tag == TagId::Html
                && let Some(above) = self.open.iter().filter(|o| !o.is_hole()).nth(1).copied()
            {
                self.log(|tb| StackEvent::EndTagSeen {
                    node: above.node,
                    token: tb.tok_span,
                    named: false,
                });
            }
        }
        if let Some(o) = self.open.iter().find(|o| o.tag == tag).copied()
            && !self.doc.has_end_tag(o.node)
        {
            self.doc.set_end_tag(o.node, self.tok_span);
            self.end_tag_open = false;
        }
    }

    // ----- the stack of open elements (§13.2.4.2) -----

    /// The stack entry for `node` (its classes, name slot and integration-point flag).
    #[inline(always)]
    fn make_open(&mut self, node: NodeId, tag: TagId, ns: Namespace) -> Open {
        // Inline: an HTML element with an id of its own, other than `select` (which the
        // living standard classes differently): no name slot, not an integration point.
        if ns == Namespace::Html
            && !matches!(
                tag,
                TagId::Other
                    | TagId::Select
                    | TagId::SvgForeignObject
                    | TagId::SvgDesc
                    | TagId::SvgTitle
                    | TagId::MathAnnotationXml
            )
        {
            return Open {
                node,
                elem: self.doc.element_record(node).unwrap_or(stack::NONE),
                tag,
                ns,
                classes: stack::classes(tag, ns),
                slot: stack::NONE,
                html_ip: false,
            };
        }
        self.make_open_general(node, tag, ns)
    }

    /// [`TreeBuilder::make_open`], every case.
    #[inline(never)]
    fn make_open_general(&mut self, node: NodeId, tag: TagId, ns: Namespace) -> Open {
        // Only elements without an id of their own have a name slot (`slot_for` says so too):
        // skip the name lookup for the others.
        let slot = if ns == Namespace::Html && tag != TagId::Other {
            stack::NONE
        } else {
            let (name, atom) = match self.doc.element(node) {
                Some(e) => (e.name(), e.local_name()),
                None => ("", const { LocalName::known("div") }),
            };
            if self.living && name == "selectedcontent" && ns == Namespace::Html {
                self.selectedcontent_seen = true;
            }
            self.ix.slot_for(tag, ns, name, atom)
        };
        let html_ip = match tag {
            TagId::SvgForeignObject | TagId::SvgDesc | TagId::SvgTitle => true,
            TagId::MathAnnotationXml => self.doc.attrs(node).any(|a| {
                a.namespace() == crate::dom::AttrNamespace::None
                    && a.name() == "encoding"
                    && (a.value().eq_ignore_ascii_case("text/html")
                        || a.value().eq_ignore_ascii_case("application/xhtml+xml"))
            }),
            _ => false,
        };
        let mut classes = stack::classes(tag, ns);
        if self.living && tag == TagId::Select && ns == Namespace::Html {
            // Living standard (whatwg/html 172cccf4, customizable select): `select` is in the
            // "has an element in scope" list ("applet caption html table td th marquee object
            // select template ..."), so in list item and button scope too; and "reset the
            // insertion mode appropriately" has no select step any more.
            classes |= stack::class::SCOPE | stack::class::LIST_ITEM | stack::class::BUTTON;
            classes &= !stack::class::MODE;
        }
        Open {
            node,
            elem: self.doc.element_record(node).unwrap_or(stack::NONE),
            tag,
            ns,
            classes,
            slot,
            html_ip,
        }
    }

    #[inline(always)]
    fn push(&mut self, node: NodeId, tag: TagId, ns: Namespace) {
        let o = self.make_open(node, tag, ns);
        self.push_open(o);
    }

    fn push_open(&mut self, o: Open) {
        if o.ns != Namespace::Html && !self.ix.records(stack::class::HTML) {
            self.ix.record_class(&self.open, stack::class::HTML);
        }
        if o.tag == TagId::Select && !self.ix.records(stack::class::SELECT) {
            self.ix.record_class(&self.open, stack::class::SELECT);
        }
        self.counts[o.tag as usize] += 1;
        self.ix.add(self.open.len(), &o);
        self.open.push(o);
        self.live += 1;
        if self.limits.max_tree_depth.is_some() {
            self.max_live = self.max_live.max(self.live);
            self.deepening += usize::from(o.tag == TagId::Template);
        }
    }

    /// The adoption agency moved children one level down (see `max_live`).
    pub(crate) fn deepened(&mut self) {
        self.deepening += 1;
    }

    fn pop(&mut self) -> Option<Open> {
        let o = self.open.pop()?;
        self.work += 1;
        self.counts[o.tag as usize] -= 1;
        self.ix.remove_top(self.open.len(), &o);
        self.live -= 1;
        // Keep the top of the stack an element: drop the holes below it.
        while self.holes != 0 && self.open.last().is_some_and(Open::is_hole) {
            self.work += 1;
            self.open.pop();
            self.holes -= 1;
        }
        self.closed(&o);
        if self.living && o.tag == TagId::Option && self.selectedcontent_seen {
            // Living standard §4.10.10: "When an option element is popped off the stack of
            // open elements of an HTML parser ..., the user agent must run maybe clone an
            // option into selectedcontent given the option element."
            self.maybe_clone_option_into_selectedcontent(o.node);
        }
        Some(o)
    }

    /// A hole: what an element removed from the middle of the stack leaves behind (see
    /// [`TreeBuilder::splice_stack`]).
    fn hole() -> Open {
        Open {
            node: NodeId::DOCUMENT,
            elem: stack::NONE,
            tag: TagId::Other,
            ns: Namespace::Html,
            classes: 0,
            slot: stack::NONE,
            html_ip: false,
        }
    }

    /// The element nearest below stack position `pos` (skipping holes).
    fn live_below(&mut self, pos: usize) -> Option<usize> {
        let mut i = pos;
        while i > 0 {
            i -= 1;
            self.work += 1;
            if !self.open[i].is_hole() {
                return Some(i);
            }
            self.hole_steps += 1;
        }
        None
    }

    /// [`TreeBuilder::live_below`] without counting (for `&self` callers; rare: a table
    /// without a parent).
    fn live_below_ro(&self, pos: usize) -> Option<usize> {
        (0..pos).rev().find(|&i| !self.open[i].is_hole())
    }

    /// Replaces the entries `lo..hi` of the stack with `new` (at most as many), in place:
    /// positions above `hi` do not move, so the position lists of the elements above stay
    /// valid and only the replaced run is re-indexed. When `new` is shorter, the rest of the
    /// run becomes holes at its start, below the new entries (so that a run of adoption
    /// agency steps moving up the stack leaves its holes behind rather than carrying them
    /// along). The stack is compacted when holes get numerous or walked over too often.
    fn splice_stack(&mut self, lo: usize, hi: usize, new: Vec<Open>) {
        let hi = hi.min(self.open.len());
        if lo > hi || new.len() > hi - lo {
            debug_assert!(false, "splice_stack grows the stack");
            return;
        }
        self.work += (hi - lo) as u64 + 1;
        let gap = hi - lo - new.len();
        let mut run = vec![Self::hole(); gap];
        run.extend(new);
        let old: Vec<Open> = self.open[lo..hi].to_vec();
        for o in old.iter().filter(|o| !o.is_hole()) {
            self.counts[o.tag as usize] -= 1;
            self.live -= 1;
        }
        for o in run.iter().filter(|o| !o.is_hole()) {
            self.counts[o.tag as usize] += 1;
            self.live += 1;
        }
        self.holes = self.holes + run.iter().filter(|o| o.is_hole()).count()
            - old.iter().filter(|o| o.is_hole()).count();
        self.ix.replace_run(lo, &old, &run);
        self.open[lo..hi].copy_from_slice(&run);
        // The top is never a hole (`new` ends the run, or the run is below the top).
        while self.open.last().is_some_and(Open::is_hole) {
            self.open.pop();
            self.holes -= 1;
        }
        self.maybe_compact();
    }

    /// Compacts the stack when its holes are numerous, or when walks and queries have stepped
    /// over holes and stale list entries more often than there are elements (so that skipping
    /// costs at most as much as the compaction that ends it).
    #[inline]
    fn maybe_compact(&mut self) {
        if self.holes == 0 {
            return;
        }
        let steps = self.hole_steps + self.ix.skips;
        if self.holes > 64 + self.live / 2 || steps > 64 + self.live as u64 {
            self.compact_stack();
        }
    }

    /// Removes the holes from the stack and re-indexes it.
    fn compact_stack(&mut self) {
        let entries: Vec<Open> = std::mem::take(&mut self.open);
        self.work += entries.len() as u64;
        let live: Vec<Open> = entries.iter().copied().filter(|o| !o.is_hole()).collect();
        // Forget every position (stale entries included), then record the live entries.
        self.ix.clear_positions();
        self.work += self.ix.name.len() as u64;
        self.holes = 0;
        self.hole_steps = 0;
        self.work += self.ix.skips;
        self.ix.skips = 0;
        for (i, o) in live.iter().enumerate() {
            self.ix.add(i, o);
        }
        self.open = live;
    }

    fn remove_from_stack(&mut self, idx: usize) {
        if idx + 1 == self.open.len() {
            self.pop();
        } else if idx < self.open.len() {
            let o = self.open[idx];
            self.splice_stack(idx, idx + 1, Vec::new());
            if !o.is_hole() {
                self.closed(&o);
            }
        }
    }

    fn is_on_stack(&self, node: NodeId) -> bool {
        self.stack_index(node).is_some()
    }

    fn stack_index(&self, node: NodeId) -> Option<usize> {
        self.ix.pos_of(self.doc.element_record(node)? as usize)
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
            Some(c) if self.live == 1 => Some(c),
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
        self.doc.local_name(o.node).unwrap_or("")
    }

    /// The class bit of the boundaries of `scope`.
    fn scope_bit(scope: Scope) -> u16 {
        match scope {
            Scope::Default => stack::class::SCOPE,
            Scope::ListItem => stack::class::LIST_ITEM,
            Scope::Button => stack::class::BUTTON,
            Scope::Table => stack::class::TABLE,
            Scope::Select => stack::class::SELECT,
        }
    }

    /// Whether the element at stack position `pos` is in `scope`: the spec walks down from
    /// the current node and fails at the first boundary, so `pos` is in scope when no boundary
    /// sits above it (a boundary at `pos` itself is the target, found first).
    fn pos_in_scope(&mut self, pos: usize, scope: Scope) -> bool {
        self.ix
            .top_class(&self.open, Self::scope_bit(scope))
            .is_none_or(|b| pos >= b)
    }

    /// "has an element in scope" for an HTML element with a known tag id.
    ///
    /// Spec walk (kept as [`TreeBuilder::in_scope_walk`]): from the current node down,
    /// true at an element with the tag, false at a boundary of `scope`.
    #[inline(always)]
    fn in_scope(&mut self, tag: TagId, scope: Scope) -> bool {
        self.work += 1;
        // No element with the tag on the stack (the common case of "close a p element in
        // button scope"): nothing to look up.
        let r = self.counts[tag as usize] != 0 && self.in_scope_indexed(tag, scope);
        // Debug builds check the index against the spec's walk on small stacks.
        debug_assert!(self.open.len() > 256 || r == self.in_scope_walk(&[tag], scope));
        r
    }

    /// [`TreeBuilder::in_scope`] by the index, for a tag some element on the stack has.
    #[inline(never)]
    fn in_scope_indexed(&mut self, tag: TagId, scope: Scope) -> bool {
        self.ix
            .top_tag(&self.open, tag)
            .is_some_and(|p| self.pos_in_scope(p, scope))
    }

    /// The spec's walk for "has an element in scope" (the reference for the indexed check).
    fn in_scope_walk(&self, tags: &[TagId], scope: Scope) -> bool {
        for o in self.open.iter().rev().filter(|o| !o.is_hole()) {
            if tags.contains(&o.tag) {
                return true;
            }
            if Self::scope_boundary(o, scope) {
                return false;
            }
        }
        false
    }

    fn in_scope_any(&mut self, tags: &[TagId], scope: Scope) -> bool {
        self.work += 1;
        let top = tags
            .iter()
            .filter_map(|&t| self.ix.top_tag(&self.open, t))
            .max();
        let r = top.is_some_and(|p| self.pos_in_scope(p, scope));
        debug_assert!(self.open.len() > 256 || r == self.in_scope_walk(tags, scope));
        r
    }

    fn node_in_scope(&mut self, node: NodeId, scope: Scope) -> bool {
        self.work += 1;
        self.stack_index(node)
            .is_some_and(|p| self.pos_in_scope(p, scope))
    }

    fn scope_boundary(o: &Open, scope: Scope) -> bool {
        o.classes & Self::scope_bit(scope) != 0
    }

    // ----- element classes (§13.2.4.2) -----

    /// Whether elements with this tag id are in the special category.
    pub(crate) const fn is_special_tag(tag: TagId) -> bool {
        use TagId::*;
        matches!(
            tag,
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
        o.html_ip
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
    #[inline(always)]
    fn appropriate_place(&mut self, override_target: Option<NodeId>) -> (NodeId, Option<NodeId>) {
        // The common case, checked inline: no override target, no foster parenting, no depth
        // limit reached, and a current node other than a `template`: the current node itself.
        if override_target.is_none()
            && !self.foster_parenting
            && self
                .limits
                .max_tree_depth
                .is_none_or(|max| self.live <= max)
            && let Some(o) = self.current()
            && o.tag != TagId::Template
        {
            return (o.node, None);
        }
        self.appropriate_place_general(override_target)
    }

    /// [`TreeBuilder::appropriate_place`], every case.
    #[inline(never)]
    fn appropriate_place_general(
        &mut self,
        override_target: Option<NodeId>,
    ) -> (NodeId, Option<NodeId>) {
        use TagId::*;
        let (target, target_tag) = match override_target {
            Some(t) => (
                t,
                self.stack_index(t)
                    .map_or(TagId::Other, |i| self.open[i].tag),
            ),
            None => match self.current() {
                Some(o) => (o.node, o.tag),
                None => {
                    return (NodeId::DOCUMENT, None);
                }
            },
        };
        let (parent, before) =
            if self.foster_parenting && matches!(target_tag, Table | Tbody | Tfoot | Thead | Tr) {
                // Foster parenting: the last template and the last table on the stack.
                let last_template = self.ix.top_tag(&self.open, Template);
                let last_table = self.ix.top_tag(&self.open, Table);
                if self.events.is_some() {
                    let kept_out_of = match (last_template, last_table) {
                        (Some(t), lt) if lt.is_none_or(|lt| t > lt) => None,
                        (_, lt) => lt.map(|lt| self.open[lt].node),
                    };
                    self.fostered = Some(kept_out_of);
                }
                match (last_template, last_table) {
                    (Some(t), lt) if lt.is_none_or(|lt| t > lt) => (self.open[t].node, None),
                    (_, None) => (self.open[0].node, None),
                    (_, Some(lt)) => {
                        let table = self.open[lt].node;
                        match self.doc.parent(table) {
                            Some(p) => (p, Some(table)),
                            None => {
                                let below = self.live_below_ro(lt).unwrap_or(0);
                                (self.open[below].node, None)
                            }
                        }
                    }
                }
            } else {
                (target, None)
            };
        // Opt-in depth limit: beyond it, insert into the parent's parent (so the new node
        // becomes a sibling of the would-be parent). As in Chromium, this comes before the
        // template-contents step, so nested templates are bounded too.
        let mut parent = parent;
        if let Some(max) = self.limits.max_tree_depth
            && before.is_none()
            && self.live > max
            && let Some(grand) = self.doc.parent(parent)
        {
            self.doc.limits_reached.tree_depth = true;
            parent = grand;
        }
        // Template contents (only a `template` element has them: skip reading the element
        // record when the target is known to be something else).
        if parent == target && target_tag != Template {
            return (parent, before);
        }
        match self.doc.template_contents(parent) {
            Some(c) if before.is_none() => (c, None),
            _ => (parent, before),
        }
    }

    #[inline]
    fn insert_at(&mut self, place: (NodeId, Option<NodeId>), node: NodeId) {
        self.doc.insert(place.0, place.1, node);
        if self.events.is_some() {
            self.log_fostered(node);
        }
    }

    /// With events: logs `node` as foster-parented if the last appropriate place was
    /// foster parenting's.
    #[cold]
    fn log_fostered(&mut self, node: NodeId) {
        if let Some(table) = self.fostered.take() {
            self.log(|_| StackEvent::FosterParented { node, table });
        }
    }

    /// Inserts a comment at the appropriate place (or as the last child of `parent`).
    fn insert_comment(&mut self, text: &str, parent: Option<NodeId>) {
        let c = match self.pi_target.take() {
            // "insert a processing instruction": "Create a ProcessingInstruction node whose
            // target is target, data is data ... Insert the newly created node at
            // insertionLocation."
            Some(target) => self.doc.create_processing_instruction(&target, text),
            None => self.doc.create_comment(text),
        };
        self.doc.set_node_span(c, Some(self.tok_span));
        match parent {
            Some(p) => self.doc.append(p, c),
            None => {
                let place = self.appropriate_place(None);
                self.insert_at(place, c);
            }
        }
    }

    /// Inserts characters at the appropriate place, merging with a preceding text node.
    #[inline(always)]
    fn insert_chars(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        let (parent, before) = self.appropriate_place(None);
        if parent == NodeId::DOCUMENT {
            return;
        }
        // The text node that received `s` (a preceding one merged into, or a new one).
        let text = self.doc.insert_text(parent, before, s);
        if self.events.is_some() {
            self.log_fostered(text);
        }
        if let Some(span) = self.text_source(s) {
            self.doc.extend_text_span(text, span);
        }
    }

    fn html_attrs(tag: TagRef<'_>) -> impl Iterator<Item = AttrInput<'_>> {
        tag.attrs().map(|a| AttrInput {
            namespace: AttrNamespace::None,
            name: a.name,
            value: a.value,
            span: Some(a.span),
            value_span: a.value_span,
            verbatim: a.value_verbatim,
        })
    }

    /// How many attributes an element keeps: [`ResourceLimits::max_attributes`], if set.
    pub(crate) fn attr_limit(&self) -> usize {
        self.limits.max_attributes.unwrap_or(usize::MAX)
    }

    /// "For each attribute on the token, check to see if the attribute is already present on
    /// the element; if it is not, add the attribute": for the `html` and `body` elements, which
    /// can receive attributes from any number of start tags, a set of their attribute names is
    /// kept so that each check is O(1) rather than a scan of the element's attributes.
    fn add_attrs_if_missing(&mut self, node: NodeId, tag: TagRef<'_>) {
        let set = match self.merged_names.entry(node) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let names = self
                    .doc
                    .attrs(node)
                    .map(|a| (a.namespace(), a.local_name()))
                    .collect();
                self.work += self.doc.attrs(node).len() as u64;
                e.insert(names)
            }
        };
        let room = self
            .limits
            .max_attributes
            .map_or(usize::MAX, |m| m.saturating_sub(set.len()));
        let mut add = Vec::new();
        for a in Self::html_attrs(tag) {
            self.work += 1;
            let name = self.doc.intern_name(a.name);
            if set.contains(&(AttrNamespace::None, name)) {
                continue;
            }
            if add.len() >= room {
                self.doc.limits_reached.attributes = true;
                break;
            }
            set.insert((AttrNamespace::None, name));
            add.push(a);
        }
        if !add.is_empty() {
            self.doc.push_attrs(node, add);
        }
    }

    /// Creates an HTML element for a token (not inserted).
    fn create_html_element(&mut self, tag: TagRef<'_>, id: TagId) -> NodeId {
        // A known tag's name atom is static (the tag name was matched to its id once, by the
        // tokenizer's name: no second lookup to store the element).
        let name = match id.html_atom() {
            Some(atom) => atom,
            None => self.doc.intern_name(id.html_name().unwrap_or(tag.name())),
        };
        let attrs = Self::html_attrs(tag);
        let node = match self.limits.max_attributes {
            // No limit (the default): no per-attribute count.
            None => self.doc.create_element_named(Namespace::Html, name, attrs),
            Some(limit) => {
                if tag.attr_count() > limit {
                    self.doc.limits_reached.attributes = true;
                }
                self.doc
                    .create_element_named(Namespace::Html, name, attrs.take(limit))
            }
        };
        self.record_token_span(node, tag);
        node
    }

    /// Inserts an HTML element for the token at the appropriate place and pushes it.
    #[inline(always)]
    fn insert_html_element(&mut self, tag: TagRef<'_>, id: TagId) -> NodeId {
        let node = self.create_html_element(tag, id);
        let place = self.appropriate_place(None);
        self.insert_at(place, node);
        self.push(node, id, Namespace::Html);
        node
    }

    /// Inserts an HTML element with no attributes named by `id`'s tag name, for a token that
    /// needed it: a rule of the insertion mode `mode` implied it (logged).
    fn insert_implied(&mut self, name: &str, id: TagId, mode: InsertionMode) -> NodeId {
        let tag = Tag {
            name: name.to_owned(),
            attrs: Vec::new(),
            self_closing: false,
        };
        let node = self.insert_html_element(tag.view(), id);
        self.log(|_| StackEvent::Implied { node, mode });
        node
    }

    /// Inserts an element that was already created at the appropriate place and pushes it.
    fn insert_created(&mut self, node: NodeId, id: TagId, ns: Namespace) {
        let place = self.appropriate_place(None);
        self.insert_at(place, node);
        self.push(node, id, ns);
    }

    // ----- §13.2.4.3 the list of active formatting elements -----

    /// A hash of an element's namespace, name and attribute set (order-independent): equal
    /// for elements the Noah's Ark clause considers the same.
    fn signature(&self, node: NodeId) -> u64 {
        use std::hash::{BuildHasher, Hash, Hasher};
        let h = |f: &dyn Fn(&mut std::hash::DefaultHasher)| {
            let mut s = self.sig_keys.build_hasher();
            f(&mut s);
            s.finish()
        };
        let mut sig = h(&|s| {
            self.doc.namespace(node).hash(s);
            self.doc.local_name(node).hash(s);
        });
        for a in self.doc.attrs(node) {
            sig = sig.wrapping_add(h(&|s| {
                a.namespace().hash(s);
                a.name().hash(s);
                a.value().hash(s);
            }));
        }
        // Never 0, which marks a signature not computed.
        sig | 1
    }

    /// The signature an entry for `node` with tag `tag` gets in the last section: computed if
    /// the section tracks the tag, else 0 (see [`AfeSection`]).
    fn afe_sig(&mut self, node: NodeId, tag: TagId) -> u64 {
        if self.afe_section().is_tracked(tag) {
            self.signature(node)
        } else {
            0
        }
    }

    /// Starts tracking the signatures of `tag` in the last section: computes those of its
    /// entries there (once per tag and section).
    fn track_sigs(&mut self, tag: TagId) {
        for i in (0..self.afe.len()).rev() {
            self.work += 1;
            match self.afe[i] {
                Afe::Marker => break,
                Afe::Element(n, t, 0) if t == tag => {
                    let sig = self.signature(n);
                    self.afe[i] = Afe::Element(n, t, sig);
                    *self.afe_section().sigs.entry(sig).or_insert(0) += 1;
                }
                Afe::Element(..) => {}
            }
        }
        self.afe_section().set_tracked(tag, true);
    }

    /// Whether `a` and `b` have the same tag name, namespace and attributes (as a set).
    fn same_element(&mut self, a: NodeId, b: NodeId) -> bool {
        let (ea, eb) = (self.elem(a), self.elem(b));
        if ea.local_name() != eb.local_name()
            || ea.namespace() != eb.namespace()
            || ea.attrs().len() != eb.attrs().len()
        {
            return false;
        }
        let n = ea.attrs().len() as u64;
        let sa: HashSet<_> = ea
            .attrs()
            .map(|x| (x.namespace(), x.local_name(), x.value()))
            .collect();
        let same = eb
            .attrs()
            .all(|y| sa.contains(&(y.namespace(), y.local_name(), y.value())));
        self.work += n;
        same
    }

    fn afe_section(&mut self) -> &mut AfeSection {
        if self.afe_sections.is_empty() {
            self.afe_sections.push(AfeSection::default());
        }
        let last = self.afe_sections.len() - 1;
        &mut self.afe_sections[last]
    }

    /// Bookkeeping for an element entering the last section of the list.
    fn afe_added(&mut self, node: NodeId, tag: TagId, sig: u64) {
        let sec = self.afe_section();
        debug_assert!(
            afe_slot(tag).is_some(),
            "only formatting elements enter the list"
        );
        if let Some(t) = afe_slot(tag) {
            sec.tags[t] += 1;
        }
        if sig != 0 {
            *sec.sigs.entry(sig).or_insert(0) += 1;
        }
        let i = node.index();
        if self.in_afe.len() <= i / 64 {
            self.in_afe.resize(i / 64 + 1, 0);
        }
        self.in_afe[i / 64] |= 1 << (i % 64);
    }

    /// Bookkeeping for an element leaving the last section of the list.
    fn afe_removed(&mut self, node: NodeId, tag: TagId, sig: u64) {
        let sec = self.afe_section();
        if let Some(t) = afe_slot(tag) {
            let c = &mut sec.tags[t];
            *c = c.saturating_sub(1);
            if *c == 0 {
                // No entry left to keep a signature for.
                sec.set_tracked(tag, false);
            }
        }
        if sig != 0
            && let Some(c) = sec.sigs.get_mut(&sig)
        {
            *c = c.saturating_sub(1);
        }
        let i = node.index();
        if let Some(x) = self.in_afe.get_mut(i / 64) {
            *x &= !(1 << (i % 64));
        }
    }

    /// How many entries after the last marker have the tag id `tag`.
    fn afe_tag_count(&self, tag: TagId) -> u32 {
        self.afe_sections
            .last()
            .zip(afe_slot(tag))
            .map_or(0, |(s, t)| s.tags[t])
    }

    /// Pushes a marker onto the list of active formatting elements.
    fn push_afe_marker(&mut self) {
        self.afe.push(Afe::Marker);
        self.afe_sections.push(AfeSection::default());
    }

    /// Removes entry `i` (an element after the last marker) from the list.
    fn afe_remove(&mut self, i: usize) {
        if i >= self.afe.len() {
            return;
        }
        self.work += (self.afe.len() - i) as u64;
        if let Afe::Element(n, t, s) = self.afe.remove(i) {
            self.afe_removed(n, t, s);
        }
    }

    /// Inserts an element entry at `i` (after the last marker).
    fn afe_insert(&mut self, i: usize, node: NodeId, tag: TagId, sig: u64) {
        let i = i.min(self.afe.len());
        self.work += (self.afe.len() - i) as u64;
        self.afe.insert(i, Afe::Element(node, tag, sig));
        self.afe_added(node, tag, sig);
    }

    /// Replaces the element of entry `i` with `new` (same tag and attributes).
    fn afe_replace(&mut self, i: usize, new: NodeId) {
        if let Some(Afe::Element(old, t, s)) = self.afe.get(i).copied() {
            self.afe_removed(old, t, s);
            self.afe[i] = Afe::Element(new, t, s);
            self.afe_added(new, t, s);
        }
    }

    /// Push onto the list of active formatting elements, with the Noah's Ark clause.
    ///
    /// Spec: if there are already three elements after the last marker with the same tag name,
    /// namespace and attributes, remove the earliest of them. The walk runs only when the
    /// section holds at least three entries with the same signature.
    fn push_afe(&mut self, node: NodeId, tag: TagId) {
        if self.afe_tag_count(tag) >= 3 && !self.afe_section().is_tracked(tag) {
            self.track_sigs(tag);
        }
        let sig = self.afe_sig(node, tag);
        let same_sig = match sig {
            0 => 0,
            _ => self
                .afe_sections
                .last()
                .and_then(|s| s.sigs.get(&sig).copied())
                .unwrap_or(0),
        };
        if same_sig >= 3 {
            let mut count = 0;
            let mut earliest = None;
            for i in (0..self.afe.len()).rev() {
                self.work += 1;
                match self.afe[i] {
                    Afe::Marker => break,
                    Afe::Element(n, t, s) => {
                        if t == tag && s == sig && self.same_element(n, node) {
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
                self.afe_remove(i);
            }
        }
        self.afe.push(Afe::Element(node, tag, sig));
        self.afe_added(node, tag, sig);
    }

    /// The position of `node` in the list of active formatting elements.
    fn afe_index(&mut self, node: NodeId) -> Option<usize> {
        let i = node.index();
        if self
            .in_afe
            .get(i / 64)
            .is_none_or(|x| x & (1 << (i % 64)) == 0)
        {
            return None;
        }
        for i in (0..self.afe.len()).rev() {
            self.work += 1;
            if matches!(self.afe[i], Afe::Element(n, _, _) if n == node) {
                return Some(i);
            }
        }
        None
    }

    /// The last element entry after the last marker with tag id `tag`: (position, node).
    fn afe_find_tag(&mut self, tag: TagId) -> Option<(usize, NodeId)> {
        if self.afe_tag_count(tag) == 0 {
            return None;
        }
        for i in (0..self.afe.len()).rev() {
            self.work += 1;
            match self.afe[i] {
                Afe::Marker => return None,
                Afe::Element(n, t, _) if t == tag => return Some((i, n)),
                _ => {}
            }
        }
        None
    }

    /// Whether the node limit or the clone budget (if any) has been reached; records the
    /// error once.
    #[inline]
    fn at_node_limit(&mut self) -> bool {
        if let Some(max) = self.limits.max_nodes
            && self.doc.len() >= max
        {
            if !self.node_limit_hit {
                self.node_limit_hit = true;
                self.doc.limits_reached.nodes = true;
                self.err("node-limit-reached");
            }
            return true;
        }
        if let Some(max) = self.limits.max_clones
            && self.cloned >= max
        {
            if !self.node_limit_hit {
                self.node_limit_hit = true;
                self.doc.limits_reached.clones = true;
                self.err("clone-limit-reached");
            }
            return true;
        }
        false
    }

    /// A clone of element `old` (no source spans of its own), counted against
    /// [`ResourceLimits::max_clones`]: one plus the attributes it copies.
    #[inline]
    pub(super) fn clone_counted(&mut self, old: NodeId) -> NodeId {
        let new = self.doc.clone_element(old);
        self.cloned = self.cloned.saturating_add(1 + self.doc.attr_count(new));
        new
    }

    /// Reconstruct the active formatting elements.
    #[inline(always)]
    fn reconstruct_afe(&mut self) {
        // Inline: the common cases, an empty list, a marker last or a last element still
        // open, need no more.
        match self.afe.last() {
            None | Some(Afe::Marker) => {}
            Some(&Afe::Element(n, _, _)) if self.is_on_stack(n) => {}
            Some(_) => self.reconstruct_afe_rest(),
        }
    }

    /// [`TreeBuilder::reconstruct_afe`] when the last entry is an element not on the stack.
    #[inline(never)]
    fn reconstruct_afe_rest(&mut self) {
        // Rewind.
        let mut i = self.afe.len() - 1;
        while i > 0 {
            self.work += 1;
            match self.afe[i - 1] {
                Afe::Marker => break,
                Afe::Element(n, _, _) if self.is_on_stack(n) => break,
                _ => i -= 1,
            }
        }
        // Advance and create.
        while i < self.afe.len() {
            self.work += 1;
            if self.at_node_limit() {
                return;
            }
            if let Afe::Element(old, tag, _) = self.afe[i] {
                let new = self.clone_counted(old);
                self.log(|_| StackEvent::Cloned {
                    clone: new,
                    from: old,
                    reconstructed: true,
                });
                self.insert_created(new, tag, Namespace::Html);
                self.afe_replace(i, new);
            }
            i += 1;
        }
    }

    fn clear_afe_to_marker(&mut self) {
        while let Some(e) = self.afe.pop() {
            self.work += 1;
            match e {
                Afe::Marker => {
                    if self.afe_sections.len() > 1 {
                        self.afe_sections.pop();
                    }
                    break;
                }
                Afe::Element(n, t, s) => self.afe_removed(n, t, s),
            }
        }
    }

    // ----- §13.2.4.1 reset the insertion mode appropriately -----

    /// The mode "reset the insertion mode appropriately" picks at `node`, stack position `i`
    /// (`last`: the bottom of the stack, where the context element stands in for the root in
    /// the fragment case); `None` to go on down the stack.
    fn mode_at(&mut self, node: Open, i: usize, last: bool) -> Option<InsertionMode> {
        use TagId::*;
        if node.ns != Namespace::Html {
            return last.then_some(InsertionMode::InBody);
        }
        Some(match node.tag {
            // (Living standard: no select step; the walk goes on past a select.)
            Select if !self.living => {
                if !last {
                    // Walk down from the select: a template first means "in select", a table
                    // first "in select in table".
                    let table = self.ix.top_tag_below(&self.open, Table, i);
                    let template = self.ix.top_tag_below(&self.open, Template, i);
                    if let Some(t) = table
                        && template.is_none_or(|tp| tp < t)
                    {
                        return Some(InsertionMode::InSelectInTable);
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
            _ => return None,
        })
    }

    /// Spec: walk down from the current node; the first node (the context element for the
    /// bottom one in the fragment case) that names a mode decides. Above the bottom, only the
    /// HTML elements of [`stack::class::MODE`] name one, so the walk starts at the topmost of
    /// them.
    fn reset_insertion_mode(&mut self) {
        self.work += 1;
        if let Some(i) = self
            .ix
            .top_class(&self.open, stack::class::MODE)
            .filter(|&i| i > 0)
            && let Some(m) = self.mode_at(self.open[i], i, false)
        {
            self.mode = m;
            return;
        }
        if self.open.is_empty() {
            self.mode = InsertionMode::InBody;
            return;
        }
        let node = self.context.unwrap_or(self.open[0]);
        self.mode = self.mode_at(node, 0, true).unwrap_or(InsertionMode::InBody);
    }

    // ----- §13.2.6.2 generic raw text / RCDATA parsing -----

    fn parse_raw_text(&mut self, tag: TagRef<'_>, id: TagId, state: State) {
        self.insert_html_element(tag, id);
        self.switch_to = Some(state);
        self.original_mode = self.mode;
        self.mode = InsertionMode::Text;
    }

    // ----- §13.2.6 tree construction dispatcher -----

    #[inline(always)]
    fn use_html_rules_for_tag(&self, start: Option<TagId>, name: &str) -> bool {
        let Some(acn) = self.adjusted_current() else {
            return true;
        };
        if acn.ns == Namespace::Html {
            return true;
        }
        self.use_html_rules_in_foreign(acn, start, name)
    }

    /// [`TreeBuilder::use_html_rules_for_tag`] when the adjusted current node `acn` is not an
    /// HTML element (out of line: the common case is an HTML one).
    #[inline(never)]
    fn use_html_rules_in_foreign(&self, acn: Open, start: Option<TagId>, name: &str) -> bool {
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

    #[inline]
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

    #[inline(always)]
    fn dispatch(&mut self, tok: Tok<'_>) {
        let self_closing = matches!(tok, Tok::Start(t, _) if t.self_closing());
        if self_closing {
            self.self_closing_acked = false;
        }
        self.dispatch_inner(tok);
        if self_closing && !self.self_closing_acked {
            self.err("non-void-html-element-start-tag-with-trailing-solidus");
        }
        self.self_closing_acked = true;
    }

    /// The tree construction dispatcher: the rules of the insertion mode, or of foreign
    /// content, until the token is handled. Inline: a token for "in body" with an HTML
    /// adjusted current node (the most common case) goes straight to its rules.
    #[inline(always)]
    fn dispatch_inner(&mut self, tok: Tok<'_>) {
        if self.mode == InsertionMode::InBody
            && self
                .adjusted_current()
                .is_none_or(|a| a.ns == Namespace::Html)
        {
            // The rules are the HTML ones for every kind of token (as the loop finds).
            if self.in_body(tok) == Step::Done {
                return;
            }
            self.dispatch_loop(tok, 1);
        } else {
            self.dispatch_loop(tok, 0);
        }
    }

    /// [`TreeBuilder::dispatch_inner`] as a loop, `guard` steps already taken.
    #[inline(never)]
    fn dispatch_loop(&mut self, tok: Tok<'_>, mut guard: u32) {
        loop {
            let html = match tok {
                Tok::Start(t, id) => self.use_html_rules_for_tag(Some(id), t.name()),
                Tok::End(t, _) => self.use_html_rules_for_tag(None, t.name()),
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
    #[inline(always)]
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
            // "in caption", "in cell" and "in template" process characters as "in body".
            InBody | InCaption | InCell | InTemplate => {
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
            // An error not placed more precisely is about the first character left.
            self.chars_at(s);
            let rest = if self.use_html_rules_for_chars() {
                if self.mode == InsertionMode::InBody {
                    // The most common case, as `step_chars` handles it, without its dispatch.
                    self.in_body_chars(s);
                    ""
                } else {
                    self.step_chars(self.mode, s)
                }
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
        self.chars_src = None;
    }
}

impl TokenSink for TreeBuilder {
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
        self.process_token_with_span(token, Span::new(at.offset, at.offset), at)
    }

    fn process_token_with_span(
        &mut self,
        token: Token<'_>,
        span: Span,
        at: Position,
    ) -> SinkResult {
        self.pos = at;
        self.tok_span = span;
        self.switch_to = None;
        self.end_tag_open = false;
        self.maybe_compact();
        if self.node_limit_hit || self.at_node_limit() {
            // The node limit ends parsing: the rest of the input is ignored.
            if let Token::Eof = token {
                while self.pop().is_some() {}
            }
            return SinkResult::Continue;
        }
        match token {
            Token::Characters(s) => {
                self.tok_text = (s.as_ptr() as usize, s.len());
                let errors_before = self.doc.errors.len();
                self.process_chars(s);
                self.locate_in_token(s, errors_before);
                self.tok_text = (0, 0);
            }
            other => {
                self.ignore_lf = false;
                let tok = match other {
                    Token::Doctype(d) => Tok::Doctype(d),
                    Token::StartTag(t) => {
                        self.tok_tag = t.key();
                        if self.doc.resume_points.is_some() {
                            self.note_resume_point(span.start);
                        }
                        if self.events.is_some() {
                            self.event_tag = span;
                            self.event_end_name.clear();
                        }
                        Tok::Start(t, TagId::from_html(t.name()))
                    }
                    Token::EndTag(t) => {
                        self.tok_tag = t.key();
                        if self.events.is_some() {
                            self.event_tag = span;
                            self.event_end_name.clear();
                            self.event_end_name.push_str(t.name());
                        }
                        self.end_tag_open = true;
                        self.end_tag_id = TagId::from_html(t.name());
                        // `closed` compares names only for an end tag without an id or with
                        // foreign elements about (only start tags create those).
                        if self.end_tag_id == TagId::Other || self.ix.has_foreign_slots() {
                            self.end_tag_name.clear();
                            self.end_tag_name.push_str(t.name());
                        }
                        Tok::End(t, self.end_tag_id)
                    }
                    Token::Comment(c) => Tok::Comment(c),
                    _ => Tok::Eof,
                };
                self.dispatch(tok);
                self.tok_tag = 0;
                self.end_tag_open = false;
                if let Tok::Eof = tok {
                    // §13.2.7 the end: pop all the nodes off the stack.
                    self.at_eof = true;
                    while self.pop().is_some() {}
                    self.at_eof = false;
                }
            }
        }
        match self.switch_to.take() {
            Some(s) => SinkResult::SwitchTo(s),
            None => SinkResult::Continue,
        }
    }

    fn parse_error(&mut self, error: ParseError) {
        if self.collect_errors && !self.node_limit_hit {
            self.doc.errors.push(error);
        }
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.adjusted_current()
            .is_some_and(|o| o.ns != Namespace::Html)
    }

    fn living_standard(&self) -> bool {
        self.living
    }

    fn processing_instruction(
        &mut self,
        target: &str,
        data: &str,
        span: Span,
        at: Position,
    ) -> SinkResult {
        self.pi_target = Some(target.to_owned());
        let r = self.process_token_with_span(Token::Comment(data), span, at);
        self.pi_target = None;
        r
    }
}
