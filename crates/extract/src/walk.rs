//! The iterative tree walk every operation of this crate uses, the elements that are never
//! content, and a set of nodes.
//!
//! Documents can be 10^6 levels deep: nothing here recurses. [`traverse`] moves through the
//! tree with `first_child` / `next_sibling` / `parent` only, so it needs no stack at all.

use std::cell::Cell;
use std::hash::{Hash, Hasher};

use websyntax_html::dom::{AttrNamespace, ElementRef, LocalName};
use websyntax_html::{Document, NodeId};

/// Visits the subtree of `root` in tree order without recursion. `enter` is called for each
/// node; when it returns `true` the node's children are visited and then `leave` is called
/// for it; when it returns `false` its subtree is skipped (and `leave` is not called).
pub(crate) fn traverse<S>(
    doc: &Document,
    root: NodeId,
    state: &mut S,
    mut enter: impl FnMut(&mut S, NodeId) -> bool,
    mut leave: impl FnMut(&mut S, NodeId),
) {
    let mut cur = root;
    loop {
        if enter(state, cur) {
            if let Some(c) = doc.first_child(cur) {
                cur = c;
                continue;
            }
            leave(state, cur);
        }
        // Climb until a node with a next sibling (or the root) is found.
        loop {
            if cur == root {
                return;
            }
            if let Some(s) = doc.next_sibling(cur) {
                cur = s;
                break;
            }
            match doc.parent(cur) {
                Some(p) => {
                    cur = p;
                    leave(state, cur);
                }
                None => return,
            }
        }
    }
}

/// Whether element `id` is never content: the subtrees the readable-text rule skips (`head`,
/// `script`, `style`, `template`, `title`, `iframe`, `datalist`, `rp`, `noscript` when
/// scripting is on) and any element with a `hidden` attribute.
pub(crate) fn is_skipped(doc: &Document, names: &Names, id: NodeId, scripting: bool) -> bool {
    match doc.element(id) {
        Some(e) => is_skipped_element(names, e, names.info(doc, e), scripting),
        None => false,
    }
}

/// [`is_skipped`] of element `e` whose name is described by `info`.
#[inline]
pub(crate) fn is_skipped_element(
    names: &Names,
    e: ElementRef<'_>,
    info: NameInfo,
    scripting: bool,
) -> bool {
    info.skip || (info.tag == Tag::Noscript && scripting) || names.attr(e, names.hidden).is_some()
}

/// The element names this crate tells apart (`Other` for the rest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tag {
    Other,
    A,
    Address,
    Article,
    Aside,
    B,
    Blockquote,
    Body,
    Br,
    Button,
    Caption,
    Cite,
    Code,
    Dd,
    Del,
    Dfn,
    Dialog,
    Dir,
    Div,
    Dl,
    Dt,
    Em,
    Figcaption,
    Footer,
    Form,
    H1,
    H2,
    H3,
    H4,
    H5,
    H6,
    Header,
    Hr,
    Html,
    I,
    Img,
    Input,
    Kbd,
    Label,
    Li,
    Listing,
    Main,
    Menu,
    Nav,
    Noscript,
    Ol,
    P,
    Plaintext,
    Pre,
    S,
    Samp,
    Section,
    Select,
    Strike,
    Strong,
    Table,
    Tbody,
    Td,
    Textarea,
    Tfoot,
    Th,
    Thead,
    Tr,
    Tt,
    Ul,
    Var,
    Xmp,
}

impl Tag {
    fn from_name(name: &str) -> Tag {
        match name {
            "a" => Tag::A,
            "address" => Tag::Address,
            "article" => Tag::Article,
            "aside" => Tag::Aside,
            "b" => Tag::B,
            "blockquote" => Tag::Blockquote,
            "body" => Tag::Body,
            "br" => Tag::Br,
            "button" => Tag::Button,
            "caption" => Tag::Caption,
            "cite" => Tag::Cite,
            "code" => Tag::Code,
            "dd" => Tag::Dd,
            "del" => Tag::Del,
            "dfn" => Tag::Dfn,
            "dialog" => Tag::Dialog,
            "dir" => Tag::Dir,
            "div" => Tag::Div,
            "dl" => Tag::Dl,
            "dt" => Tag::Dt,
            "em" => Tag::Em,
            "figcaption" => Tag::Figcaption,
            "footer" => Tag::Footer,
            "form" => Tag::Form,
            "h1" => Tag::H1,
            "h2" => Tag::H2,
            "h3" => Tag::H3,
            "h4" => Tag::H4,
            "h5" => Tag::H5,
            "h6" => Tag::H6,
            "header" => Tag::Header,
            "hr" => Tag::Hr,
            "html" => Tag::Html,
            "i" => Tag::I,
            "img" => Tag::Img,
            "input" => Tag::Input,
            "kbd" => Tag::Kbd,
            "label" => Tag::Label,
            "li" => Tag::Li,
            "listing" => Tag::Listing,
            "main" => Tag::Main,
            "menu" => Tag::Menu,
            "nav" => Tag::Nav,
            "noscript" => Tag::Noscript,
            "ol" => Tag::Ol,
            "p" => Tag::P,
            "plaintext" => Tag::Plaintext,
            "pre" => Tag::Pre,
            "s" => Tag::S,
            "samp" => Tag::Samp,
            "section" => Tag::Section,
            "select" => Tag::Select,
            "strike" => Tag::Strike,
            "strong" => Tag::Strong,
            "table" => Tag::Table,
            "tbody" => Tag::Tbody,
            "td" => Tag::Td,
            "textarea" => Tag::Textarea,
            "tfoot" => Tag::Tfoot,
            "th" => Tag::Th,
            "thead" => Tag::Thead,
            "tr" => Tag::Tr,
            "tt" => Tag::Tt,
            "ul" => Tag::Ul,
            "var" => Tag::Var,
            "xmp" => Tag::Xmp,
            _ => Tag::Other,
        }
    }

    /// The level of a heading element (`h1`–`h6`).
    pub(crate) fn heading_level(self) -> Option<u8> {
        match self {
            Tag::H1 => Some(1),
            Tag::H2 => Some(2),
            Tag::H3 => Some(3),
            Tag::H4 => Some(4),
            Tag::H5 => Some(5),
            Tag::H6 => Some(6),
            _ => None,
        }
    }
}

/// What the walks need to know about an element's local name (whatever its namespace).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NameInfo {
    pub tag: Tag,
    /// [`is_block`].
    pub block: bool,
    /// Never content, whatever the options (`head`, `script`, `style`, `template`, `title`,
    /// `iframe`, `datalist`, `rp`).
    pub skip: bool,
}

impl NameInfo {
    fn of(name: &str) -> NameInfo {
        NameInfo {
            tag: Tag::from_name(name),
            block: is_block(name),
            skip: matches!(
                name,
                "head" | "script" | "style" | "template" | "title" | "iframe" | "datalist" | "rp"
            ),
        }
    }
}

/// Reads the `u32` a name atom hashes as: a cheap, well-spread slot number for the name
/// cache (whatever it is, the cache compares the atom itself, so any value is correct).
#[derive(Default)]
struct AtomHasher(u64);

impl Hasher for AtomHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = self.0.rotate_left(32) ^ u64::from(v);
    }
}

/// Slots of the name cache (a power of two; the static names and a page's own names fit).
const NAME_SLOTS: usize = 2048;

/// [`NameInfo`] per name atom, computed from the name's string the first time the atom is
/// seen: a direct-mapped cache keyed by the atom.
struct NameCache {
    slots: Vec<Cell<Option<(LocalName, NameInfo)>>>,
}

impl NameCache {
    fn new() -> NameCache {
        NameCache {
            slots: vec![Cell::new(None); NAME_SLOTS],
        }
    }

    #[inline]
    fn get(&self, doc: &Document, name: LocalName) -> NameInfo {
        let mut h = AtomHasher::default();
        name.hash(&mut h);
        let v = h.finish();
        // Static atoms are small numbers; a document's own ones have the top bit of the u32
        // set: they go to the upper half.
        let slot = ((v ^ ((v >> 31) << 10)) as usize) & (NAME_SLOTS - 1);
        let cell = &self.slots[slot];
        if let Some((n, info)) = cell.get()
            && n == name
        {
            return info;
        }
        let info = NameInfo::of(doc.name_str(name));
        cell.set(Some((name, info)));
        info
    }
}

/// Whether `name` is a block-level element for text purposes: the readable-text rule's list.
pub(crate) use websyntax_html::text::is_block;

/// A set of nodes of one document (a bit per node).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NodeSet {
    bits: Vec<u64>,
}

impl NodeSet {
    /// An empty set for a document of `len` nodes.
    pub fn with_len(len: usize) -> NodeSet {
        NodeSet {
            bits: vec![0; len.div_ceil(64)],
        }
    }

    /// Adds `id`.
    pub fn insert(&mut self, id: NodeId) {
        let i = id.index();
        if i / 64 >= self.bits.len() {
            self.bits.resize(i / 64 + 1, 0);
        }
        self.bits[i / 64] |= 1 << (i % 64);
    }

    /// Whether `id` is in the set.
    pub fn contains(&self, id: NodeId) -> bool {
        let i = id.index();
        self.bits
            .get(i / 64)
            .is_some_and(|w| w & (1 << (i % 64)) != 0)
    }
}

/// The attribute names this crate reads, as the document's name atoms (`None`: no attribute of
/// the document has that name), so that reading an attribute compares atoms only; and the
/// element names' [`NameInfo`].
pub(crate) struct Names {
    pub hidden: Option<LocalName>,
    pub class: Option<LocalName>,
    pub id: Option<LocalName>,
    pub role: Option<LocalName>,
    pub aria_hidden: Option<LocalName>,
    pub style: Option<LocalName>,
    pub itemprop: Option<LocalName>,
    pub href: Option<LocalName>,
    pub src: Option<LocalName>,
    pub srcset: Option<LocalName>,
    pub alt: Option<LocalName>,
    pub start: Option<LocalName>,
    pub value: Option<LocalName>,
    pub colspan: Option<LocalName>,
    tags: NameCache,
}

impl Names {
    pub(crate) fn new(doc: &Document) -> Names {
        let n = |s: &str| doc.lookup_name(s);
        Names {
            hidden: n("hidden"),
            class: n("class"),
            id: n("id"),
            role: n("role"),
            aria_hidden: n("aria-hidden"),
            style: n("style"),
            itemprop: n("itemprop"),
            href: n("href"),
            src: n("src"),
            srcset: n("srcset"),
            alt: n("alt"),
            start: n("start"),
            value: n("value"),
            colspan: n("colspan"),
            tags: NameCache::new(),
        }
    }

    /// What element `e`'s local name is.
    #[inline]
    pub(crate) fn info(&self, doc: &Document, e: ElementRef<'_>) -> NameInfo {
        self.tags.get(doc, e.local_name())
    }

    /// The value of attribute `name` (no namespace) of element `e`.
    #[inline]
    pub(crate) fn attr<'a>(&self, e: ElementRef<'a>, name: Option<LocalName>) -> Option<&'a str> {
        let name = name?;
        e.attrs()
            .find(|a| a.local_name() == name && a.namespace() == AttrNamespace::None)
            .map(|a| a.value())
    }

    /// The value of attribute `name` (no namespace) of element `id`.
    pub(crate) fn get<'a>(
        &self,
        doc: &'a Document,
        id: NodeId,
        name: Option<LocalName>,
    ) -> Option<&'a str> {
        self.attr(doc.element(id)?, name)
    }
}
