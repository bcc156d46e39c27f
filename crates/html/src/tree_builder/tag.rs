//! Interned ids for the tag names the tree construction rules name (performance notes:
//! insertion-mode rules are `match` arms on these, scope checks compare ids, not strings).
//!
//! The list is the union of the tag names that §13.2.4.2 and §13.2.6.4-§13.2.6.5 name (written
//! out once with a throw-away script, then maintained by hand); foreign elements that the rules
//! name (MathML text integration points, SVG HTML integration points) have their own
//! ids so that an SVG `title` never matches HTML `title`.

use crate::dom::LocalName;

/// A tag name known to the tree builder (`Other` for everything else).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum TagId {
    A,
    Address,
    Applet,
    Area,
    Article,
    Aside,
    B,
    Base,
    Basefont,
    Bgsound,
    Big,
    Blockquote,
    Body,
    Br,
    Button,
    Caption,
    Center,
    Code,
    Col,
    Colgroup,
    Dd,
    Details,
    Dialog,
    Dir,
    Div,
    Dl,
    Dt,
    Em,
    Embed,
    Fieldset,
    Figcaption,
    Figure,
    Font,
    Footer,
    Form,
    Frame,
    Frameset,
    H1,
    H2,
    H3,
    H4,
    H5,
    H6,
    Head,
    Header,
    Hgroup,
    Hr,
    Html,
    I,
    Iframe,
    Image,
    Img,
    Input,
    Keygen,
    Li,
    Link,
    Listing,
    Main,
    Marquee,
    Math,
    Menu,
    Meta,
    Nav,
    Nobr,
    Noembed,
    Noframes,
    Noscript,
    Object,
    Ol,
    Optgroup,
    Option,
    P,
    Param,
    Plaintext,
    Pre,
    Rb,
    Rp,
    Rt,
    Rtc,
    Ruby,
    S,
    Script,
    Search,
    Section,
    Select,
    Small,
    Source,
    Span,
    Strike,
    Strong,
    Style,
    Sub,
    Sup,
    Summary,
    Svg,
    Table,
    Tbody,
    Td,
    Template,
    Textarea,
    Tfoot,
    Th,
    Thead,
    Title,
    Tr,
    Track,
    Tt,
    U,
    Ul,
    Var,
    Wbr,
    Xmp,
    MathMi,
    MathMo,
    MathMn,
    MathMs,
    MathMtext,
    MathAnnotationXml,
    SvgForeignObject,
    SvgDesc,
    SvgTitle,
    Other,
}

/// The number of [`TagId`] values.
pub const TAG_COUNT: usize = 122;

/// Every [`TagId`], in declaration order (`ALL[id as usize] == id`, checked at compile time):
/// for tables indexed by tag id that are built at compile time.
pub(crate) const ALL: [TagId; TAG_COUNT] = [
    TagId::A,
    TagId::Address,
    TagId::Applet,
    TagId::Area,
    TagId::Article,
    TagId::Aside,
    TagId::B,
    TagId::Base,
    TagId::Basefont,
    TagId::Bgsound,
    TagId::Big,
    TagId::Blockquote,
    TagId::Body,
    TagId::Br,
    TagId::Button,
    TagId::Caption,
    TagId::Center,
    TagId::Code,
    TagId::Col,
    TagId::Colgroup,
    TagId::Dd,
    TagId::Details,
    TagId::Dialog,
    TagId::Dir,
    TagId::Div,
    TagId::Dl,
    TagId::Dt,
    TagId::Em,
    TagId::Embed,
    TagId::Fieldset,
    TagId::Figcaption,
    TagId::Figure,
    TagId::Font,
    TagId::Footer,
    TagId::Form,
    TagId::Frame,
    TagId::Frameset,
    TagId::H1,
    TagId::H2,
    TagId::H3,
    TagId::H4,
    TagId::H5,
    TagId::H6,
    TagId::Head,
    TagId::Header,
    TagId::Hgroup,
    TagId::Hr,
    TagId::Html,
    TagId::I,
    TagId::Iframe,
    TagId::Image,
    TagId::Img,
    TagId::Input,
    TagId::Keygen,
    TagId::Li,
    TagId::Link,
    TagId::Listing,
    TagId::Main,
    TagId::Marquee,
    TagId::Math,
    TagId::Menu,
    TagId::Meta,
    TagId::Nav,
    TagId::Nobr,
    TagId::Noembed,
    TagId::Noframes,
    TagId::Noscript,
    TagId::Object,
    TagId::Ol,
    TagId::Optgroup,
    TagId::Option,
    TagId::P,
    TagId::Param,
    TagId::Plaintext,
    TagId::Pre,
    TagId::Rb,
    TagId::Rp,
    TagId::Rt,
    TagId::Rtc,
    TagId::Ruby,
    TagId::S,
    TagId::Script,
    TagId::Search,
    TagId::Section,
    TagId::Select,
    TagId::Small,
    TagId::Source,
    TagId::Span,
    TagId::Strike,
    TagId::Strong,
    TagId::Style,
    TagId::Sub,
    TagId::Sup,
    TagId::Summary,
    TagId::Svg,
    TagId::Table,
    TagId::Tbody,
    TagId::Td,
    TagId::Template,
    TagId::Textarea,
    TagId::Tfoot,
    TagId::Th,
    TagId::Thead,
    TagId::Title,
    TagId::Tr,
    TagId::Track,
    TagId::Tt,
    TagId::U,
    TagId::Ul,
    TagId::Var,
    TagId::Wbr,
    TagId::Xmp,
    TagId::MathMi,
    TagId::MathMo,
    TagId::MathMn,
    TagId::MathMs,
    TagId::MathMtext,
    TagId::MathAnnotationXml,
    TagId::SvgForeignObject,
    TagId::SvgDesc,
    TagId::SvgTitle,
    TagId::Other,
];

const _: () = {
    let mut i = 0;
    while i < TAG_COUNT {
        assert!(ALL[i] as usize == i);
        i += 1;
    }
};

/// A slot of [`TAG_TABLE`]: the name's key words and length (0: empty) and its id.
#[derive(Clone, Copy)]
struct TagSlot {
    a: u64,
    b: u64,
    len: u8,
    id: TagId,
}

/// The number of slots of [`TAG_TABLE`] (a power of two, over twice the number of names).
const TAG_SLOTS: usize = 256;

/// The first slot of a key's probe sequence (the static names' table's key and hash).
#[inline(always)]
const fn tag_slot(key: (u64, u64), len: usize) -> usize {
    crate::dom::short_slot(key, len, 64 - TAG_SLOTS.trailing_zeros())
}

/// Whether `id` is an HTML tag id (one [`TagId::from_html`] returns for its name).
const fn is_html_id(id: TagId) -> bool {
    !matches!(
        id,
        TagId::MathMi
            | TagId::MathMo
            | TagId::MathMn
            | TagId::MathMs
            | TagId::MathMtext
            | TagId::MathAnnotationXml
            | TagId::SvgForeignObject
            | TagId::SvgDesc
            | TagId::SvgTitle
            | TagId::Other
    )
}

/// The HTML tag names by key, open addressing with linear probing (fixed at compile time, so
/// no input can lengthen a probe sequence).
static TAG_TABLE: [TagSlot; TAG_SLOTS] = {
    let mut t = [TagSlot {
        a: 0,
        b: 0,
        len: 0,
        id: TagId::Other,
    }; TAG_SLOTS];
    let mut k = 0;
    while k < TAG_COUNT {
        let id = ALL[k];
        k += 1;
        if !is_html_id(id) {
            continue;
        }
        let Some(name) = id.html_name() else {
            continue;
        };
        let b = name.as_bytes();
        assert!(!b.is_empty() && b.len() <= 16);
        let key = crate::dom::short_key(b);
        let mut i = tag_slot(key, b.len());
        while t[i].len != 0 {
            i = (i + 1) & (TAG_SLOTS - 1);
        }
        t[i] = TagSlot {
            a: key.0,
            b: key.1,
            len: b.len() as u8,
            id,
        };
    }
    t
};

impl TagId {
    /// The id of an HTML tag name (already ASCII-lowercased).
    #[inline]
    pub fn from_html(name: &str) -> TagId {
        // One probe sequence in a table of the tag names built at compile time (no static-name
        // lookup, no lazily built table to check).
        let b = name.as_bytes();
        if b.is_empty() || b.len() > 16 {
            return TagId::Other;
        }
        let key = crate::dom::short_key(b);
        let mut i = tag_slot(key, b.len());
        loop {
            let s = &TAG_TABLE[i];
            if s.len == 0 {
                return TagId::Other;
            }
            if s.len as usize == b.len() && s.a == key.0 && s.b == key.1 {
                return s.id;
            }
            i = (i + 1) & (TAG_SLOTS - 1);
        }
    }

    /// The static name atom of an HTML tag id ([`TagId::html_name`] as an atom, the same in
    /// every document); `None` for `Other` and the foreign ids. A table built once, so that
    /// creating an element for a known tag looks nothing up.
    #[inline]
    pub(crate) fn html_atom(self) -> Option<LocalName> {
        static ATOMS: std::sync::OnceLock<[Option<LocalName>; TAG_COUNT]> =
            std::sync::OnceLock::new();
        let table = ATOMS.get_or_init(|| {
            let mut t = [None; TAG_COUNT];
            for i in 0..LocalName::static_count() {
                let Some(n) = LocalName::from_static_index(i).and_then(LocalName::as_static_str)
                else {
                    continue;
                };
                let id = TagId::from_html_by_name(n);
                if let (Some(name), Some(slot)) = (id.html_name(), t.get_mut(id as usize)) {
                    *slot = LocalName::from_static(name);
                }
            }
            t
        });
        table.get(self as usize).copied().flatten()
    }

    /// [`TagId::from_html`] by comparing strings.
    fn from_html_by_name(name: &str) -> TagId {
        match name {
            "a" => TagId::A,
            "address" => TagId::Address,
            "applet" => TagId::Applet,
            "area" => TagId::Area,
            "article" => TagId::Article,
            "aside" => TagId::Aside,
            "b" => TagId::B,
            "base" => TagId::Base,
            "basefont" => TagId::Basefont,
            "bgsound" => TagId::Bgsound,
            "big" => TagId::Big,
            "blockquote" => TagId::Blockquote,
            "body" => TagId::Body,
            "br" => TagId::Br,
            "button" => TagId::Button,
            "caption" => TagId::Caption,
            "center" => TagId::Center,
            "code" => TagId::Code,
            "col" => TagId::Col,
            "colgroup" => TagId::Colgroup,
            "dd" => TagId::Dd,
            "details" => TagId::Details,
            "dialog" => TagId::Dialog,
            "dir" => TagId::Dir,
            "div" => TagId::Div,
            "dl" => TagId::Dl,
            "dt" => TagId::Dt,
            "em" => TagId::Em,
            "embed" => TagId::Embed,
            "fieldset" => TagId::Fieldset,
            "figcaption" => TagId::Figcaption,
            "figure" => TagId::Figure,
            "font" => TagId::Font,
            "footer" => TagId::Footer,
            "form" => TagId::Form,
            "frame" => TagId::Frame,
            "frameset" => TagId::Frameset,
            "h1" => TagId::H1,
            "h2" => TagId::H2,
            "h3" => TagId::H3,
            "h4" => TagId::H4,
            "h5" => TagId::H5,
            "h6" => TagId::H6,
            "head" => TagId::Head,
            "header" => TagId::Header,
            "hgroup" => TagId::Hgroup,
            "hr" => TagId::Hr,
            "html" => TagId::Html,
            "i" => TagId::I,
            "iframe" => TagId::Iframe,
            "image" => TagId::Image,
            "img" => TagId::Img,
            "input" => TagId::Input,
            "keygen" => TagId::Keygen,
            "li" => TagId::Li,
            "link" => TagId::Link,
            "listing" => TagId::Listing,
            "main" => TagId::Main,
            "marquee" => TagId::Marquee,
            "math" => TagId::Math,
            "menu" => TagId::Menu,
            "meta" => TagId::Meta,
            "nav" => TagId::Nav,
            "nobr" => TagId::Nobr,
            "noembed" => TagId::Noembed,
            "noframes" => TagId::Noframes,
            "noscript" => TagId::Noscript,
            "object" => TagId::Object,
            "ol" => TagId::Ol,
            "optgroup" => TagId::Optgroup,
            "option" => TagId::Option,
            "p" => TagId::P,
            "param" => TagId::Param,
            "plaintext" => TagId::Plaintext,
            "pre" => TagId::Pre,
            "rb" => TagId::Rb,
            "rp" => TagId::Rp,
            "rt" => TagId::Rt,
            "rtc" => TagId::Rtc,
            "ruby" => TagId::Ruby,
            "s" => TagId::S,
            "script" => TagId::Script,
            "search" => TagId::Search,
            "section" => TagId::Section,
            "select" => TagId::Select,
            "small" => TagId::Small,
            "source" => TagId::Source,
            "span" => TagId::Span,
            "strike" => TagId::Strike,
            "strong" => TagId::Strong,
            "style" => TagId::Style,
            "sub" => TagId::Sub,
            "sup" => TagId::Sup,
            "summary" => TagId::Summary,
            "svg" => TagId::Svg,
            "table" => TagId::Table,
            "tbody" => TagId::Tbody,
            "td" => TagId::Td,
            "template" => TagId::Template,
            "textarea" => TagId::Textarea,
            "tfoot" => TagId::Tfoot,
            "th" => TagId::Th,
            "thead" => TagId::Thead,
            "title" => TagId::Title,
            "tr" => TagId::Tr,
            "track" => TagId::Track,
            "tt" => TagId::Tt,
            "u" => TagId::U,
            "ul" => TagId::Ul,
            "var" => TagId::Var,
            "wbr" => TagId::Wbr,
            "xmp" => TagId::Xmp,
            _ => TagId::Other,
        }
    }

    /// The HTML tag name of an id (a static string, so elements with known names need no
    /// allocation); `None` for `Other` and the foreign ids.
    pub const fn html_name(self) -> Option<&'static str> {
        Some(match self {
            TagId::A => "a",
            TagId::Address => "address",
            TagId::Applet => "applet",
            TagId::Area => "area",
            TagId::Article => "article",
            TagId::Aside => "aside",
            TagId::B => "b",
            TagId::Base => "base",
            TagId::Basefont => "basefont",
            TagId::Bgsound => "bgsound",
            TagId::Big => "big",
            TagId::Blockquote => "blockquote",
            TagId::Body => "body",
            TagId::Br => "br",
            TagId::Button => "button",
            TagId::Caption => "caption",
            TagId::Center => "center",
            TagId::Code => "code",
            TagId::Col => "col",
            TagId::Colgroup => "colgroup",
            TagId::Dd => "dd",
            TagId::Details => "details",
            TagId::Dialog => "dialog",
            TagId::Dir => "dir",
            TagId::Div => "div",
            TagId::Dl => "dl",
            TagId::Dt => "dt",
            TagId::Em => "em",
            TagId::Embed => "embed",
            TagId::Fieldset => "fieldset",
            TagId::Figcaption => "figcaption",
            TagId::Figure => "figure",
            TagId::Font => "font",
            TagId::Footer => "footer",
            TagId::Form => "form",
            TagId::Frame => "frame",
            TagId::Frameset => "frameset",
            TagId::H1 => "h1",
            TagId::H2 => "h2",
            TagId::H3 => "h3",
            TagId::H4 => "h4",
            TagId::H5 => "h5",
            TagId::H6 => "h6",
            TagId::Head => "head",
            TagId::Header => "header",
            TagId::Hgroup => "hgroup",
            TagId::Hr => "hr",
            TagId::Html => "html",
            TagId::I => "i",
            TagId::Iframe => "iframe",
            TagId::Image => "image",
            TagId::Img => "img",
            TagId::Input => "input",
            TagId::Keygen => "keygen",
            TagId::Li => "li",
            TagId::Link => "link",
            TagId::Listing => "listing",
            TagId::Main => "main",
            TagId::Marquee => "marquee",
            TagId::Math => "math",
            TagId::Menu => "menu",
            TagId::Meta => "meta",
            TagId::Nav => "nav",
            TagId::Nobr => "nobr",
            TagId::Noembed => "noembed",
            TagId::Noframes => "noframes",
            TagId::Noscript => "noscript",
            TagId::Object => "object",
            TagId::Ol => "ol",
            TagId::Optgroup => "optgroup",
            TagId::Option => "option",
            TagId::P => "p",
            TagId::Param => "param",
            TagId::Plaintext => "plaintext",
            TagId::Pre => "pre",
            TagId::Rb => "rb",
            TagId::Rp => "rp",
            TagId::Rt => "rt",
            TagId::Rtc => "rtc",
            TagId::Ruby => "ruby",
            TagId::S => "s",
            TagId::Script => "script",
            TagId::Search => "search",
            TagId::Section => "section",
            TagId::Select => "select",
            TagId::Small => "small",
            TagId::Source => "source",
            TagId::Span => "span",
            TagId::Strike => "strike",
            TagId::Strong => "strong",
            TagId::Style => "style",
            TagId::Sub => "sub",
            TagId::Sup => "sup",
            TagId::Summary => "summary",
            TagId::Svg => "svg",
            TagId::Table => "table",
            TagId::Tbody => "tbody",
            TagId::Td => "td",
            TagId::Template => "template",
            TagId::Textarea => "textarea",
            TagId::Tfoot => "tfoot",
            TagId::Th => "th",
            TagId::Thead => "thead",
            TagId::Title => "title",
            TagId::Tr => "tr",
            TagId::Track => "track",
            TagId::Tt => "tt",
            TagId::U => "u",
            TagId::Ul => "ul",
            TagId::Var => "var",
            TagId::Wbr => "wbr",
            TagId::Xmp => "xmp",
            TagId::SvgDesc => "desc",
            TagId::SvgTitle => "title",
            TagId::MathMi => "mi",
            TagId::MathMo => "mo",
            TagId::MathMn => "mn",
            TagId::MathMs => "ms",
            TagId::MathMtext => "mtext",
            _ => return None,
        })
    }

    /// The id of an SVG element's local name (after case adjustment).
    pub fn from_svg(name: &str) -> TagId {
        match name {
            "foreignObject" => TagId::SvgForeignObject,
            "desc" => TagId::SvgDesc,
            "title" => TagId::SvgTitle,
            _ => TagId::Other,
        }
    }

    /// The id of a MathML element's local name.
    pub fn from_mathml(name: &str) -> TagId {
        match name {
            "mi" => TagId::MathMi,
            "mo" => TagId::MathMo,
            "mn" => TagId::MathMn,
            "ms" => TagId::MathMs,
            "mtext" => TagId::MathMtext,
            "annotation-xml" => TagId::MathAnnotationXml,
            _ => TagId::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_html_tag_name_is_static() {
        // The names of `from_html_by_name`'s arms, read from this file.
        let src = include_str!("tag.rs");
        let body = &src[src.find("fn from_html_by_name").unwrap()..];
        let body = &body[..body.find("\n    }\n").unwrap()];
        let mut n = 0;
        for line in body.lines().filter(|l| l.contains("\" => TagId::")) {
            let name = line.trim().split('"').nth(1).unwrap();
            assert!(LocalName::from_static(name).is_some(), "{name}");
            let id = TagId::from_html_by_name(name);
            assert_eq!(id.html_atom(), LocalName::from_static(name), "{name}");
            assert_eq!(
                TagId::from_html(name),
                TagId::from_html_by_name(name),
                "{name}"
            );
            n += 1;
        }
        assert!(n > 100);
        assert_eq!(TagId::from_html("my-widget"), TagId::Other);
        assert_eq!(TagId::Other.html_atom(), None);
        assert_eq!(TagId::SvgDesc.html_atom(), None);
        assert_eq!(TagId::Div.html_atom(), LocalName::from_static("div"));
        assert_eq!(TagId::from_html("DIV"), TagId::Other);
        assert_eq!(TagId::from_html("foreignObject"), TagId::Other);
        // The table agrees with the string match on every static name, every id's name and
        // names near them.
        let mut names: Vec<String> = (0..LocalName::static_count())
            .filter_map(|i| LocalName::from_static_index(i).and_then(LocalName::as_static_str))
            .map(str::to_owned)
            .collect();
        names.extend(ALL.iter().filter_map(|t| t.html_name()).map(str::to_owned));
        for n in names.clone() {
            names.push(format!("{n}x"));
            names.push(n[1..].to_owned());
            names.push(n.to_ascii_uppercase());
        }
        names.push("\0".repeat(17));
        for n in &names {
            assert_eq!(TagId::from_html(n), TagId::from_html_by_name(n), "{n}");
        }
    }
}
