//! Names as atoms: [`LocalName`], a `Copy` id for an element or attribute local name.
//!
//! Every HTML, SVG and MathML element name the parser knows, and the common attribute names,
//! have static ids (the list below is data, maintained by hand); any other name is interned once
//! per [`Document`](super::Document). Comparing two names of the same document is an integer
//! compare; [`Document::name_str`](super::Document::name_str) turns one back into its string.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

use rustc_hash::FxHasher;

/// An element or attribute local name, interned: static for known names, else per document.
///
/// Ids are only meaningful within the [`Document`](super::Document) that made them (a dynamic
/// id of one document is a different name, or none, in another); static names are the same
/// everywhere.
///
/// ```
/// use websyntax_html::dom::LocalName;
/// let div = LocalName::from_static("div").unwrap();
/// assert_eq!(div.as_static_str(), Some("div"));
/// assert!(LocalName::from_static("my-widget").is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalName(u32);

const DYNAMIC: u32 = 1 << 31;

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

impl LocalName {
    /// The static id of `name`, if it is one of the known names.
    #[inline]
    pub fn from_static(name: &str) -> Option<LocalName> {
        let b = name.as_bytes();
        if (1..=16).contains(&b.len()) {
            return short_get(&SHORT_TABLE, b).map(LocalName);
        }
        Self::from_static_long(name)
    }

    /// [`LocalName::from_static`] for a name of another length (out of line: the hashed map
    /// lookup needs registers the short-name path does without).
    #[cold]
    #[inline(never)]
    fn from_static_long(name: &str) -> Option<LocalName> {
        static_index().get(name).map(|&i| LocalName(i))
    }

    /// The atom of a static name, for constants (a name that is not static fails to compile
    /// there).
    pub(crate) const fn known(name: &str) -> LocalName {
        let n = name.as_bytes();
        let mut i = 0;
        while i < STATIC_NAMES.len() {
            let s = STATIC_NAMES[i].as_bytes();
            if s.len() == n.len() {
                let mut k = 0;
                while k < n.len() && s[k] == n[k] {
                    k += 1;
                }
                if k == n.len() {
                    return LocalName(i as u32);
                }
            }
            i += 1;
        }
        panic!("not a static name")
    }

    /// Whether this is a static name (the same in every document).
    #[inline]
    pub(crate) fn is_static(self) -> bool {
        self.0 & DYNAMIC == 0
    }

    /// The index of a static name in the static list (`None` for a name interned by a
    /// document): a dense small number, for tables indexed by name.
    #[inline]
    pub fn static_index(self) -> Option<usize> {
        self.is_static().then_some(self.0 as usize)
    }

    /// The static name at index `i` of the static list, if there is one.
    pub(crate) fn from_static_index(i: usize) -> Option<LocalName> {
        (i < STATIC_NAMES.len()).then_some(LocalName(i as u32))
    }

    /// The number of static names (the bound of [`LocalName::static_index`]).
    pub fn static_count() -> usize {
        STATIC_NAMES.len()
    }

    /// The string of a static name (`None` for a name interned by a document).
    pub fn as_static_str(self) -> Option<&'static str> {
        if self.0 & DYNAMIC == 0 {
            STATIC_NAMES.get(self.0 as usize).copied()
        } else {
            None
        }
    }
}

fn static_index() -> &'static FxMap<&'static str, u32> {
    static INDEX: OnceLock<FxMap<&'static str, u32>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut m = FxMap::default();
        for (i, n) in STATIC_NAMES.iter().enumerate() {
            m.entry(*n).or_insert(i as u32);
        }
        m
    })
}

/// The static names of 1 to 16 bytes (nearly every name a page uses), in an open-addressing
/// table keyed by the name's bytes loaded as two words: a lookup is a multiply, a shift and one
/// or two word compares, with no byte loop. The table is built at compile time (no lazy
/// initialization to check on each lookup), so no input can lengthen a probe sequence.
///
/// One slot: the key words and `len | index << 8` (0 when empty: no name is empty).
#[derive(Clone, Copy)]
struct ShortSlot {
    a: u64,
    b: u64,
    meta: u32,
}

/// log2 of the number of slots of [`SHORT_TABLE`] (over twice the number of names).
const SHORT_BITS: u32 = (STATIC_NAMES.len() * 2)
    .next_power_of_two()
    .trailing_zeros();

/// The number of slots of [`SHORT_TABLE`].
const SHORT_SLOTS: usize = 1 << SHORT_BITS;

/// The key of a name of 1 to 16 bytes: two words that, with the length, determine the bytes
/// (overlapping little-endian loads from both ends). Also the key of the tree builder's
/// tag-name table, built at compile time.
#[inline(always)]
pub(crate) const fn short_key(b: &[u8]) -> (u64, u64) {
    // One load each (the callers' lengths keep both in bounds: 0 is never used).
    const fn word(b: &[u8], at: usize) -> u64 {
        match b.split_at(at).1.first_chunk::<8>() {
            Some(w) => u64::from_le_bytes(*w),
            None => 0,
        }
    }
    const fn half(b: &[u8], at: usize) -> u64 {
        match b.split_at(at).1.first_chunk::<4>() {
            Some(w) => u32::from_le_bytes(*w) as u64,
            None => 0,
        }
    }
    let n = b.len();
    if n >= 8 {
        (word(b, 0), word(b, n - 8))
    } else if n >= 4 {
        (half(b, 0), half(b, n - 4))
    } else {
        (
            b[0] as u64 | (b[n / 2] as u64) << 8 | (b[n - 1] as u64) << 16,
            0,
        )
    }
}

/// The first slot of a key's probe sequence in a table of `1 << (64 - shift)` slots.
#[inline(always)]
pub(crate) const fn short_slot(key: (u64, u64), len: usize, shift: u32) -> usize {
    let h = (key.0 ^ key.1.rotate_left(29) ^ len as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> shift) as usize
}

/// The index of static name `name` (1 to 16 bytes) in `table`, if it is there.
#[inline(always)]
const fn short_get(table: &[ShortSlot; SHORT_SLOTS], name: &[u8]) -> Option<u32> {
    let key = short_key(name);
    let mut i = short_slot(key, name.len(), 64 - SHORT_BITS) & (SHORT_SLOTS - 1);
    loop {
        let s = table[i];
        if s.meta == 0 {
            return None;
        }
        if s.meta & 0xFF == name.len() as u32 && s.a == key.0 && s.b == key.1 {
            return Some(s.meta >> 8);
        }
        i = (i + 1) & (SHORT_SLOTS - 1);
    }
}

/// The static names of 1 to 16 bytes by key (a duplicate in the list keeps its first index).
static SHORT_TABLE: [ShortSlot; SHORT_SLOTS] = {
    let mut t = [ShortSlot {
        a: 0,
        b: 0,
        meta: 0,
    }; SHORT_SLOTS];
    let mut idx = 0;
    while idx < STATIC_NAMES.len() {
        let b = STATIC_NAMES[idx].as_bytes();
        if !b.is_empty() && b.len() <= 16 && short_get(&t, b).is_none() {
            let key = short_key(b);
            let mut i = short_slot(key, b.len(), 64 - SHORT_BITS) & (SHORT_SLOTS - 1);
            while t[i].meta != 0 {
                i = (i + 1) & (SHORT_SLOTS - 1);
            }
            t[i] = ShortSlot {
                a: key.0,
                b: key.1,
                meta: b.len() as u32 | (idx as u32) << 8,
            };
        }
        idx += 1;
    }
    t
};

/// A document's names that are not static: each distinct string stored once, in one string
/// buffer (no allocation per name).
///
/// Lookups go through keyed hashes: `map` takes the name's hash under randomly seeded keys
/// (SipHash, not FxHash: the names come from the input, and an attacker could craft names
/// whose FxHash values collide) to the first name with that hash, so the table never reads the
/// names to rehash. Two different names with one 64-bit keyed hash (which an input cannot
/// arrange) go to `overflow`.
#[derive(Debug, Clone, Default)]
pub(crate) struct NameTable {
    keys: std::hash::RandomState,
    map: FxMap<u64, u32>,
    overflow: HashMap<Box<str>, u32>,
    /// The names, one after another; `ends[i]` is where name `i` ends.
    buf: String,
    ends: Vec<u32>,
    /// Recently interned names by a cheap hash of the name: index + 1, 0 when empty.
    recent: [u32; RECENT],
}

/// The number of slots of [`NameTable::recent`].
const RECENT: usize = 32;

impl NameTable {
    /// The atom for `name`: static if known, else interned here. Inline: the static names
    /// (nearly every name a page uses) take no call.
    #[inline]
    pub(crate) fn intern(&mut self, name: &str) -> LocalName {
        match LocalName::from_static(name) {
            Some(n) => n,
            None => self.intern_dynamic(name),
        }
    }

    /// [`NameTable::intern`] for a name that is not static.
    #[inline(never)]
    fn intern_dynamic(&mut self, name: &str) -> LocalName {
        use std::hash::BuildHasher;
        // A small cache of recent names, in front of the keyed hash: pages repeat their
        // dynamic names (`data-*` attributes, custom elements). A slot is only a hint, checked
        // by comparing the names, so names that share a slot only cost a miss.
        let slot = rustc_hash::FxBuildHasher.hash_one(name) as usize % RECENT;
        if let Some(i) = self.recent[slot].checked_sub(1)
            && self.str_at(i) == name
        {
            return LocalName(i | DYNAMIC);
        }
        let h = self.keys.hash_one(name);
        let i = self.intern_keyed(name, h);
        self.recent[slot] = i + 1;
        LocalName(i | DYNAMIC)
    }

    /// The index of dynamic name `name` whose keyed hash is `h`, stored if new.
    fn intern_keyed(&mut self, name: &str, h: u64) -> u32 {
        match self.map.get(&h) {
            Some(&i) if self.str_at(i) == name => return i,
            Some(_) => {
                if let Some(&i) = self.overflow.get(name) {
                    return i;
                }
                let i = self.push(name);
                self.overflow.insert(name.into(), i);
                return i;
            }
            None => {}
        }
        let i = self.push(name);
        self.map.insert(h, i);
        i
    }

    /// Stores `name` as the next dynamic name; its index. Names beyond 2^31 distinct ones, or
    /// past 4 GiB of names, cannot happen in a document (its text is limited to 4 GiB):
    /// saturate rather than panic.
    fn push(&mut self, name: &str) -> u32 {
        let i = u32::try_from(self.ends.len())
            .unwrap_or(DYNAMIC - 1)
            .min(DYNAMIC - 1);
        self.buf.push_str(name);
        self.ends
            .push(u32::try_from(self.buf.len()).unwrap_or(u32::MAX));
        i
    }

    /// The string of dynamic name `i` (empty if there is none).
    fn str_at(&self, i: u32) -> &str {
        let i = i as usize;
        let start = i
            .checked_sub(1)
            .and_then(|p| self.ends.get(p))
            .map_or(0, |&e| e as usize);
        self.ends
            .get(i)
            .and_then(|&end| self.buf.get(start..end as usize))
            .unwrap_or("")
    }

    /// The atom for `name` if it exists already (static or interned here).
    pub(crate) fn get(&self, name: &str) -> Option<LocalName> {
        if let Some(n) = LocalName::from_static(name) {
            return Some(n);
        }
        use std::hash::BuildHasher;
        match self.map.get(&self.keys.hash_one(name)) {
            Some(&i) if self.str_at(i) == name => Some(LocalName(i | DYNAMIC)),
            Some(_) => self.overflow.get(name).map(|&i| LocalName(i | DYNAMIC)),
            None => None,
        }
    }

    /// Heap bytes held (approximate).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.buf.capacity()
            + self.ends.capacity() * 4
            + self.map.capacity() * (8 + 4 + 1)
            + self
                .overflow
                .keys()
                .map(|k| k.len() + std::mem::size_of::<Box<str>>() + 5)
                .sum::<usize>()
    }

    /// The string of `name` (empty for an id this table did not make).
    pub(crate) fn resolve(&self, name: LocalName) -> &str {
        if name.0 & DYNAMIC == 0 {
            STATIC_NAMES.get(name.0 as usize).copied().unwrap_or("")
        } else {
            self.str_at(name.0 & !DYNAMIC)
        }
    }
}

/// The static names: HTML element names, SVG and MathML element names (SVG in their adjusted
/// case), and common attribute names (SVG ones in their adjusted case). Data, maintained by hand;
/// a name missing here still works (it is interned per document), it only costs an allocation.
pub(crate) static STATIC_NAMES: &[&str] = &[
    // HTML elements (the HTML Standard's element index, plus obsolete ones the parser names).
    "a",
    "abbr",
    "acronym",
    "address",
    "applet",
    "area",
    "article",
    "aside",
    "audio",
    "b",
    "base",
    "basefont",
    "bdi",
    "bdo",
    "bgsound",
    "big",
    "blink",
    "blockquote",
    "body",
    "br",
    "button",
    "canvas",
    "caption",
    "center",
    "cite",
    "code",
    "col",
    "colgroup",
    "data",
    "datalist",
    "dd",
    "del",
    "details",
    "dfn",
    "dialog",
    "dir",
    "div",
    "dl",
    "dt",
    "em",
    "embed",
    "fieldset",
    "figcaption",
    "figure",
    "font",
    "footer",
    "form",
    "frame",
    "frameset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hgroup",
    "hr",
    "html",
    "i",
    "iframe",
    "image",
    "img",
    "input",
    "ins",
    "isindex",
    "kbd",
    "keygen",
    "label",
    "legend",
    "li",
    "link",
    "listing",
    "main",
    "map",
    "mark",
    "marquee",
    "menu",
    "menuitem",
    "meta",
    "meter",
    "multicol",
    "nav",
    "nextid",
    "nobr",
    "noembed",
    "noframes",
    "noscript",
    "object",
    "ol",
    "optgroup",
    "option",
    "output",
    "p",
    "param",
    "picture",
    "plaintext",
    "pre",
    "progress",
    "q",
    "rb",
    "rp",
    "rt",
    "rtc",
    "ruby",
    "s",
    "samp",
    "script",
    "search",
    "section",
    "select",
    "selectedcontent",
    "slot",
    "small",
    "source",
    "spacer",
    "span",
    "strike",
    "strong",
    "style",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "template",
    "textarea",
    "tfoot",
    "th",
    "thead",
    "time",
    "title",
    "tr",
    "track",
    "tt",
    "u",
    "ul",
    "var",
    "video",
    "wbr",
    "xmp",
    // SVG elements.
    "svg",
    "altGlyph",
    "altGlyphDef",
    "altGlyphItem",
    "animate",
    "animateColor",
    "animateMotion",
    "animateTransform",
    "circle",
    "clipPath",
    "defs",
    "desc",
    "ellipse",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feImage",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
    "filter",
    "foreignObject",
    "g",
    "glyphRef",
    "line",
    "linearGradient",
    "marker",
    "mask",
    "metadata",
    "path",
    "pattern",
    "polygon",
    "polyline",
    "radialGradient",
    "rect",
    "stop",
    "switch",
    "symbol",
    "text",
    "textPath",
    "tspan",
    "use",
    "view",
    // MathML elements.
    "math",
    "annotation",
    "annotation-xml",
    "maction",
    "menclose",
    "merror",
    "mfenced",
    "mfrac",
    "mi",
    "mmultiscripts",
    "mn",
    "mo",
    "mover",
    "mpadded",
    "mphantom",
    "mprescripts",
    "mroot",
    "mrow",
    "ms",
    "mspace",
    "msqrt",
    "mstyle",
    "msub",
    "msubsup",
    "msup",
    "mtable",
    "mtd",
    "mtext",
    "mtr",
    "munder",
    "munderover",
    "none",
    "semantics",
    // Attributes.
    "id",
    "class",
    "href",
    "src",
    "style",
    "type",
    "name",
    "rel",
    "content",
    "alt",
    "lang",
    "charset",
    "target",
    "action",
    "method",
    "for",
    "role",
    "property",
    "http-equiv",
    "border",
    "align",
    "valign",
    "colspan",
    "rowspan",
    "cellpadding",
    "cellspacing",
    "onclick",
    "onload",
    "tabindex",
    "async",
    "defer",
    "media",
    "srcset",
    "sizes",
    "loading",
    "placeholder",
    "aria-label",
    "aria-hidden",
    "aria-expanded",
    "aria-controls",
    "aria-labelledby",
    "aria-describedby",
    "aria-haspopup",
    "aria-current",
    "xmlns",
    "d",
    "fill",
    "stroke",
    "stroke-width",
    "viewBox",
    "bgcolor",
    "color",
    "size",
    "face",
    "data-id",
    "itemprop",
    "itemscope",
    "itemtype",
    "crossorigin",
    "integrity",
    "nowrap",
    "checked",
    "selected",
    "disabled",
    "hidden",
    "encoding",
    "value",
    "width",
    "height",
    "dir",
    "xlink",
    "space",
    "actuate",
    "arcrole",
    "show",
    "x",
    "y",
    "x1",
    "x2",
    "y1",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "points",
    "transform",
    "version",
    "preserveAspectRatio",
    "fill-rule",
    "clip-rule",
    "opacity",
    "focusable",
    "datetime",
    "cite",
    "coords",
    "shape",
    "usemap",
    "start",
    "reversed",
    "span",
    "headers",
    "scope",
    "abbr",
    "accept",
    "accept-charset",
    "accesskey",
    "autocomplete",
    "autofocus",
    "autoplay",
    "controls",
    "dirname",
    "download",
    "draggable",
    "enctype",
    "form",
    "formaction",
    "hreflang",
    "ismap",
    "kind",
    "label",
    "list",
    "loop",
    "low",
    "high",
    "max",
    "maxlength",
    "min",
    "minlength",
    "multiple",
    "muted",
    "novalidate",
    "open",
    "optimum",
    "pattern",
    "ping",
    "poster",
    "preload",
    "readonly",
    "referrerpolicy",
    "required",
    "rows",
    "cols",
    "sandbox",
    "spellcheck",
    "srcdoc",
    "srclang",
    "step",
    "translate",
    "wrap",
    "nonce",
    "frameborder",
    "scrolling",
    "allowfullscreen",
    "allow",
    "marginwidth",
    "marginheight",
    "language",
    "data",
    "codebase",
    "classid",
    "archive",
    "declare",
    "standby",
    "valuetype",
    "longdesc",
    "profile",
    "manifest",
    "scheme",
    "hspace",
    "vspace",
    "clear",
    "noshade",
    "compact",
    "background",
    "text",
    "link",
    "vlink",
    "alink",
    "summary",
    "frame",
    "rules",
    "char",
    "charoff",
    "axis",
    "prompt",
    "shadowrootmode",
    "shadowrootdelegatesfocus",
    "shadowrootclonable",
    "shadowrootserializable",
    "is",
    "slot",
    "part",
    "inputmode",
    "enterkeyhint",
    "contenteditable",
    "fetchpriority",
    "decoding",
    "blocking",
    "as",
    "imagesizes",
    "imagesrcset",
    "popover",
    "popovertarget",
    "popovertargetaction",
    "inert",
    "xml",
    "definitionURL",
    "attributeName",
    "attributeType",
    "baseFrequency",
    "baseProfile",
    "calcMode",
    "clipPathUnits",
    "diffuseConstant",
    "edgeMode",
    "filterUnits",
    "glyphRef",
    "gradientTransform",
    "gradientUnits",
    "kernelMatrix",
    "kernelUnitLength",
    "keyPoints",
    "keySplines",
    "keyTimes",
    "lengthAdjust",
    "limitingConeAngle",
    "markerHeight",
    "markerUnits",
    "markerWidth",
    "maskContentUnits",
    "maskUnits",
    "numOctaves",
    "pathLength",
    "patternContentUnits",
    "patternTransform",
    "patternUnits",
    "pointsAtX",
    "pointsAtY",
    "pointsAtZ",
    "preserveAlpha",
    "primitiveUnits",
    "refX",
    "refY",
    "repeatCount",
    "repeatDur",
    "requiredExtensions",
    "requiredFeatures",
    "specularConstant",
    "specularExponent",
    "spreadMethod",
    "startOffset",
    "stdDeviation",
    "stitchTiles",
    "surfaceScale",
    "systemLanguage",
    "tableValues",
    "targetX",
    "targetY",
    "textLength",
    "viewTarget",
    "xChannelSelector",
    "yChannelSelector",
    "zoomAndPan",
    "fill-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-opacity",
    "font-size",
    "font-family",
    "font-weight",
    "text-anchor",
    "dx",
    "dy",
    "offset",
    "stop-color",
    "stop-opacity",
    "mathvariant",
    "display",
    "xmlns:xlink",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_and_dynamic_names() {
        let mut t = NameTable::default();
        let div = t.intern("div");
        assert_eq!(Some(div), LocalName::from_static("div"));
        assert_eq!(LocalName::known("div"), div);
        assert_eq!(
            Some(LocalName::known("template")),
            LocalName::from_static("template")
        );
        let custom = t.intern("my-widget");
        assert_eq!(t.intern("my-widget"), custom);
        assert_ne!(custom, div);
        assert_eq!(t.resolve(custom), "my-widget");
        assert_eq!(t.resolve(div), "div");
        assert_eq!(t.get("my-widget"), Some(custom));
        assert_eq!(t.get("other"), None);
        assert_eq!(custom.as_static_str(), None);
    }

    #[test]
    fn short_table_finds_exactly_the_static_names() {
        // Every prefix, suffix and one-byte change of a static name is looked up: only the
        // names of the list are found, each at its first index.
        let known: std::collections::HashSet<&str> = STATIC_NAMES.iter().copied().collect();
        for n in STATIC_NAMES {
            let first = STATIC_NAMES.iter().position(|m| m == n).unwrap();
            assert_eq!(LocalName::from_static(n), Some(LocalName(first as u32)));
            let mut probes: Vec<String> = Vec::new();
            for i in 0..n.len() {
                probes.push(n[..i].to_string());
                probes.push(n[i..].to_string());
                let mut b = n.as_bytes().to_vec();
                b[i] ^= 0x20;
                probes.extend(String::from_utf8(b).ok());
            }
            probes.push(format!("{n}x"));
            for p in probes {
                assert_eq!(
                    LocalName::from_static(&p).is_some(),
                    known.contains(p.as_str()),
                    "{p:?}"
                );
            }
        }
        for len in 0..=20 {
            assert_eq!(LocalName::from_static(&"\0".repeat(len)), None);
        }
    }

    #[test]
    fn static_names_resolve_to_themselves() {
        for (i, n) in STATIC_NAMES.iter().enumerate() {
            let id = LocalName::from_static(n).unwrap();
            // A duplicate in the list maps to its first occurrence.
            assert!(id.0 as usize <= i);
            assert_eq!(id.as_static_str(), Some(*n));
        }
    }
}
