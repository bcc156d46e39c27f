//! Main content: the article body of a page, without navigation, headers, footers, sidebars,
//! comment sections, share bars, cookie banners, ads and hidden content.
//!
//! The method (also in `docs/markdown.md`) is deterministic, linear in the size of the
//! document and uses no network and no trained model. Three passes over the tree, each an
//! iterative walk:
//!
//! 1. **Boilerplate**: an element is boilerplate when its tag or ARIA role is one of
//!    navigation, page header or footer, aside, form controls and dialogs (`nav`, `aside`,
//!    `footer`, `header` outside an `article`, `menu`, `button`, `select`, `dialog`,
//!    `role=navigation|banner|contentinfo|complementary|search|dialog|alertdialog|menu|
//!    menubar`), when it is hidden
//!    (`aria-hidden=true`, `style` with `display:none` or `visibility:hidden`), or when a word
//!    of its `class` or `id` belongs to a generic vocabulary of page furniture (nav, menu,
//!    footer, comment, share, social, related, sidebar, cookie, consent, promo, advert,
//!    sponsor, newsletter, subscribe, breadcrumb, pagination, popup, modal, widget, …) and no
//!    word says content (article, content, body, main, story, entry, post, text). An element
//!    holding an `article`, `main`, `role=main` or schema.org `articleBody` element, or more
//!    than half of the page's text, is never boilerplate.
//! 2. **Scores**: the text of the page outside boilerplate is attributed to its nearest block
//!    element. Each block with at least 25 characters of text scores
//!    `1 + commas + min(length / 100, 3)` and gives it to its parent, half to its grandparent and
//!    a third to the next two ancestors. An element's final score is its score, plus a small
//!    bonus or malus by tag and by `class`/`id` words, times one minus its link density (the
//!    share of its text inside links).
//! 3. **Selection**: the outermost schema.org `articleBody` elements when they hold text;
//!    otherwise the best-scoring element, joined by its siblings that score at least a fifth of
//!    it or are paragraphs of running text (and the article's own `header`, when the best
//!    element is short: a photo gallery's slide). Inside the kept subtrees, boilerplate and
//!    blocks whose text is mostly links are left out; tables keep or lose whole rows only
//!    (never a label cell), and a heading whose section was all left out goes with it.
//!
//! [`MainContent::found`] and [`MainContent::score`] say whether the page has one main text
//! at all (a home page has none).

use websyntax_html::{Document, NodeId};

use crate::markdown::MarkdownOptions;
use websyntax_html::dom::{AttrNamespace, ElementRef, NodeData};

use crate::walk::{NameInfo, Names, NodeSet, Tag, traverse};

mod prune;

/// The final walk's state: the set it adds to, and how many small table cells it is in.
struct CutWalk<'a> {
    excluded: &'a mut NodeSet,
    small_cells: usize,
}

/// The main content of a document: the subtrees kept ([`MainContent::roots`], in document
/// order) minus the boilerplate inside them ([`MainContent::excluded`]).
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_extract::main_content;
///
/// let doc = parse_document(
///     "<div class=menu><a href=/>Home</a></div><main><p>Body text, with a comma, and more \
///      words to read here.</p><ul class=share><li><a href=/t>Tweet</a></ul></main>",
///     ParseOptions::default(),
/// );
/// let main = main_content(&doc);
/// assert_eq!(main.text(&doc), "Body text, with a comma, and more words to read here.");
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MainContent {
    /// The subtrees kept, in document order.
    pub roots: Vec<NodeId>,
    /// Descendants of the roots left out (boilerplate inside the article).
    pub excluded: NodeSet,
    /// Whether the page has a main text: [`MainContent::score`] is at least
    /// [`FOUND_SCORE`]. When it is `false` (a home page, an index, a search result, a page
    /// without text) the roots are only the best-scoring fragment, seldom what a reader wants.
    pub found: bool,
    /// How clearly the page has one main text, from 0 to 1: the mean of how long the main
    /// content's running text is against a short article (1 from 500 characters on) and of
    /// the share of the page's running text that it holds. Running text is the text outside
    /// links of the blocks with at least 40 such characters of their own and at most half of
    /// their text in links (sentences, not labels, captions or lists of links); the page's is
    /// counted outside boilerplate. An article page scores well over 0.5; a home page, whose
    /// running text is spread over many teasers, scores under it; a page without running
    /// text scores 0.
    pub score: f32,
}

/// The most text (characters) of a best-scoring block short enough for the article's own
/// header to join it (a photo gallery's slide).
const SHORT_BODY: u32 = 1200;

/// The [`MainContent::score`] from which [`MainContent::found`] is `true`.
pub const FOUND_SCORE: f32 = 0.5;

impl MainContent {
    /// The readable text of the main content (the readable-text rule of the HTML crate over
    /// the roots, without the excluded subtrees), for a document parsed with scripting on.
    pub fn text(&self, doc: &Document) -> String {
        self.text_with(doc, true)
    }

    /// [`MainContent::text`] for a document parsed with scripting on or off (with it off,
    /// `noscript` content is text).
    pub fn text_with(&self, doc: &Document, scripting: bool) -> String {
        crate::text::readable_text(doc, &self.roots, Some(&self.excluded), scripting)
    }

    /// The main content as Markdown.
    pub fn markdown(&self, doc: &Document, options: &MarkdownOptions) -> String {
        crate::markdown::to_markdown_parts(doc, &self.roots, Some(&self.excluded), options)
    }

    /// Whether node `id` is part of the main content (inside a root, not excluded).
    pub fn contains(&self, doc: &Document, id: NodeId) -> bool {
        let mut in_root = false;
        let mut cur = Some(id);
        while let Some(n) = cur {
            if self.excluded.contains(n) {
                return false;
            }
            if self.roots.contains(&n) {
                in_root = true;
                break;
            }
            cur = doc.parent(n);
        }
        in_root
    }
}

/// Whether a word (ASCII lowercase) of a `class` / `id` value marks page furniture.
fn is_negative_word(w: &[u8]) -> bool {
    matches!(
        w,
        b"nav"
            | b"navbar"
            | b"navigation"
            | b"menu"
            | b"submenu"
            | b"footer"
            | b"header"
            | b"masthead"
            | b"comment"
            | b"comments"
            | b"commentlist"
            | b"disqus"
            | b"share"
            | b"sharing"
            | b"social"
            | b"related"
            | b"sidebar"
            | b"aside"
            | b"cookie"
            | b"cookies"
            | b"consent"
            | b"gdpr"
            | b"promo"
            | b"promotion"
            | b"ad"
            | b"ads"
            | b"advert"
            | b"advertisement"
            | b"adsense"
            | b"sponsor"
            | b"sponsored"
            | b"newsletter"
            | b"subscribe"
            | b"subscription"
            | b"signup"
            | b"breadcrumb"
            | b"breadcrumbs"
            | b"pagination"
            | b"pager"
            | b"popup"
            | b"modal"
            | b"widget"
            | b"banner"
            | b"toolbar"
            | b"trending"
            | b"recommended"
            | b"recommendations"
            | b"outbrain"
            | b"taboola"
            | b"byline"
            | b"tags"
            | b"taglist"
            | b"meta"
            | b"skip"
            | b"hidden"
            | b"print"
            | b"caption"
            | b"credit"
            | b"credits"
    )
}

/// Whether a word (ASCII lowercase) of a `class` / `id` value marks content (it cancels the
/// negative ones).
fn is_positive_word(w: &[u8]) -> bool {
    matches!(
        w,
        b"article"
            | b"content"
            | b"body"
            | b"main"
            | b"story"
            | b"entry"
            | b"post"
            | b"text"
            | b"blog"
            | b"prose"
    )
}

/// The longest word of the two lists: longer words are neither.
const MAX_WORD: usize = 15;

/// How a `class`/`id` value's words weigh: negative and positive word counts. Words are runs
/// of ASCII letters, split at camelCase too (`site-footer`, `commentList`, `ad_box`), compared
/// without case.
fn class_words(a: &ElemAttrs<'_>) -> (u32, u32) {
    let mut neg = 0;
    let mut pos = 0;
    for v in [a.class, a.id] {
        let Some(v) = v else {
            continue;
        };
        let b = v.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if !b[i].is_ascii_alphabetic() {
                i += 1;
                continue;
            }
            let start = i;
            i += 1;
            while i < b.len()
                && b[i].is_ascii_alphabetic()
                && !(b[i].is_ascii_uppercase() && b[i - 1].is_ascii_lowercase())
            {
                i += 1;
            }
            let w = &b[start..i];
            if w.len() <= MAX_WORD {
                let mut lower = [0u8; MAX_WORD];
                for (l, c) in lower.iter_mut().zip(w) {
                    *l = c.to_ascii_lowercase();
                }
                let lower = &lower[..w.len()];
                if is_negative_word(lower) {
                    neg += 1;
                }
                if is_positive_word(lower) {
                    pos += 1;
                }
            }
        }
    }
    (neg, pos)
}

/// The attributes main content reads of an element (the first of each name, in no
/// namespace), gathered in one pass over its attributes.
#[derive(Default)]
struct ElemAttrs<'a> {
    hidden: bool,
    class: Option<&'a str>,
    id: Option<&'a str>,
    role: Option<&'a str>,
    aria_hidden: Option<&'a str>,
    style: Option<&'a str>,
    itemprop: Option<&'a str>,
}

impl<'a> ElemAttrs<'a> {
    fn of(names: &Names, e: ElementRef<'a>) -> ElemAttrs<'a> {
        let mut r = ElemAttrs::default();
        for a in e.attrs() {
            if a.namespace() != AttrNamespace::None {
                continue;
            }
            let n = Some(a.local_name());
            let slot = if n == names.hidden {
                r.hidden = true;
                continue;
            } else if n == names.class {
                &mut r.class
            } else if n == names.id {
                &mut r.id
            } else if n == names.role {
                &mut r.role
            } else if n == names.aria_hidden {
                &mut r.aria_hidden
            } else if n == names.style {
                &mut r.style
            } else if n == names.itemprop {
                &mut r.itemprop
            } else {
                continue;
            };
            if slot.is_none() {
                *slot = Some(a.value());
            }
        }
        r
    }
}

/// Whether the element is never content ([`crate::walk::is_skipped`]).
fn is_skipped_with(info: NameInfo, a: &ElemAttrs<'_>) -> bool {
    // (Main content reads documents parsed with scripting on: `noscript` is skipped.)
    info.skip || info.tag == Tag::Noscript || a.hidden
}

/// Tags and roles that are page furniture.
fn is_furniture_tag(info: NameInfo, a: &ElemAttrs<'_>) -> bool {
    if matches!(
        info.tag,
        Tag::Nav
            | Tag::Aside
            | Tag::Footer
            | Tag::Header
            | Tag::Menu
            | Tag::Button
            | Tag::Select
            | Tag::Dialog
            | Tag::Form
            | Tag::Input
            | Tag::Textarea
            | Tag::Label
    ) {
        return true;
    }
    if let Some(role) = a.role {
        let role = role.trim();
        if [
            "navigation",
            "banner",
            "contentinfo",
            "complementary",
            "search",
            "dialog",
            "alertdialog",
            "menu",
            "menubar",
        ]
        .iter()
        .any(|r| role.eq_ignore_ascii_case(r))
        {
            return true;
        }
    }
    false
}

/// Hidden from readers: `aria-hidden=true`, or a `style` with `display:none` or
/// `visibility:hidden` (ASCII whitespace ignored, without case). `buf` is scratch space.
fn is_hidden(a: &ElemAttrs<'_>, buf: &mut Vec<u8>) -> bool {
    if a.aria_hidden
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
    {
        return true;
    }
    if let Some(style) = a.style {
        buf.clear();
        buf.extend(
            style
                .bytes()
                .filter(|b| !b.is_ascii_whitespace())
                .map(|b| b.to_ascii_lowercase()),
        );
        let has = |p: &[u8]| buf.windows(p.len()).any(|w| w == p);
        if has(b"display:none") || has(b"visibility:hidden") {
            return true;
        }
    }
    false
}

/// Whether the element is a semantic marker of the article itself.
fn is_semantic_main(info: NameInfo, a: &ElemAttrs<'_>) -> bool {
    info.tag == Tag::Article
        || info.tag == Tag::Main
        || a.role
            .is_some_and(|r| r.trim().eq_ignore_ascii_case("main"))
        || is_article_body(a)
}

fn is_article_body(a: &ElemAttrs<'_>) -> bool {
    a.itemprop
        .is_some_and(|v| v.split_ascii_whitespace().any(|w| w == "articleBody"))
}

/// Blocks for text attribution: the readable-text block elements plus cells and list items.
fn is_text_block(info: NameInfo) -> bool {
    info.block || matches!(info.tag, Tag::Td | Tag::Th)
}

/// Count of characters other than ASCII whitespace in `t` (UTF-8 continuation bytes are not
/// characters).
fn count_chars(t: &str) -> u32 {
    let n = t
        .bytes()
        .filter(|&b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0C) && (b & 0xC0) != 0x80)
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Count of commas in `t` (`,` and the CJK `，` and `、`).
fn count_commas(t: &str) -> u32 {
    let b = t.as_bytes();
    let mut n = b.iter().filter(|&&c| c == b',').count();
    if !t.is_ascii() {
        n += t.matches(['，', '、']).count();
    }
    u32::try_from(n).unwrap_or(u32::MAX)
}

struct Stats {
    /// Text characters of the subtree (outside boilerplate in pass 2).
    text: Vec<u32>,
    /// Of which inside links.
    link: Vec<u32>,
    /// Text attributed to this block (its own text, not its sub-blocks').
    own: Vec<u32>,
    own_link: Vec<u32>,
    own_commas: Vec<u32>,
    /// Whether the subtree holds a semantic main marker (pass 1).
    semantic: NodeSet,
    junk: NodeSet,
    /// What pass 1 found of each element it entered (`F_*`), read by the later passes.
    flags: Vec<u8>,
    /// Scratch space of [`is_hidden`].
    buf: Vec<u8>,
    /// Pass 1: how many `article` elements the walk is in.
    articles: u32,
}

/// [`Stats::flags`]: never content.
const F_SKIP: u8 = 1;
/// Hidden from readers.
const F_HIDDEN: u8 = 2;
/// A furniture tag or role.
const F_FURNITURE: u8 = 4;
/// Negative `class`/`id` words.
const F_NEG: u8 = 8;
/// Positive `class`/`id` words.
const F_POS: u8 = 16;
/// A schema.org `articleBody`.
const F_BODY: u8 = 32;
/// An `article` element.
const F_ARTICLE: u8 = 64;
/// A `header` inside an `article`: the article's own introduction (its headline, standfirst
/// and byline), not page furniture.
const F_INTRO: u8 = 128;

/// Finds the main content of `doc` (see the module docs for the method). A document without
/// text gives no roots.
pub fn main_content(doc: &Document) -> MainContent {
    let len = doc.len();
    let mut st = Stats {
        text: vec![0; len],
        link: vec![0; len],
        own: vec![0; len],
        own_link: vec![0; len],
        own_commas: vec![0; len],
        semantic: NodeSet::with_len(len),
        junk: NodeSet::with_len(len),
        flags: vec![0; len],
        buf: Vec::new(),
        articles: 0,
    };
    let root = doc.root();
    let names = Names::new(doc);

    // Pass 1: raw text per subtree and where the semantic markers are.
    traverse(
        doc,
        root,
        &mut st,
        |st, id| match doc.data(id) {
            NodeData::Text(t) => {
                let n = count_chars(t);
                st.text[id.index()] = n;
                if let Some(p) = doc.parent(id) {
                    st.text[p.index()] = st.text[p.index()].saturating_add(n);
                }
                false
            }
            NodeData::Element(e) => {
                // What the later passes read of the element, from one look at its attributes.
                let info = names.info(doc, e);
                let attrs = ElemAttrs::of(&names, e);
                let f = &mut st.flags[id.index()];
                if is_skipped_with(info, &attrs) {
                    *f = F_SKIP;
                    return false;
                }
                if info.tag == Tag::Header && st.articles > 0 {
                    *f |= F_INTRO;
                } else if is_furniture_tag(info, &attrs) {
                    *f |= F_FURNITURE;
                }
                if info.tag == Tag::Article {
                    *f |= F_ARTICLE;
                    st.articles += 1;
                }
                let (neg, pos) = class_words(&attrs);
                if neg > 0 {
                    *f |= F_NEG;
                }
                if pos > 0 {
                    *f |= F_POS;
                }
                if is_article_body(&attrs) {
                    *f |= F_BODY;
                }
                if is_hidden(&attrs, &mut st.buf) {
                    st.flags[id.index()] |= F_HIDDEN;
                }
                // (Marked on entering rather than leaving: the set is the same.)
                if is_semantic_main(info, &attrs) {
                    st.semantic.insert(id);
                }
                true
            }
            _ => true,
        },
        |st, id| {
            if st.flags[id.index()] & F_ARTICLE != 0 {
                st.articles -= 1;
            }
            if let Some(p) = doc.parent(id) {
                st.text[p.index()] = st.text[p.index()].saturating_add(st.text[id.index()]);
                if st.semantic.contains(id) {
                    st.semantic.insert(p);
                }
            }
        },
    );
    // Pass 2 recounts without boilerplate; pass 1's totals protect large wrappers.
    let total = st.text[root.index()];
    let raw_text = std::mem::replace(&mut st.text, vec![0; len]);
    struct P2<'a> {
        st: &'a mut Stats,
        raw: Vec<u32>,
        blocks: Vec<NodeId>,
        link_depth: usize,
    }
    let mut p2 = P2 {
        st: &mut st,
        raw: raw_text,
        blocks: vec![root],
        link_depth: 0,
    };
    traverse(
        doc,
        root,
        &mut p2,
        |p, id| {
            let e = match doc.data(id) {
                NodeData::Element(e) => e,
                NodeData::Text(t) => {
                    let n = p.raw[id.index()];
                    let commas = count_commas(t);
                    let b = p.blocks.last().copied().unwrap_or(root).index();
                    p.st.own[b] = p.st.own[b].saturating_add(n);
                    p.st.own_commas[b] = p.st.own_commas[b].saturating_add(commas);
                    p.st.text[id.index()] = n;
                    let par = doc.parent(id).unwrap_or(root).index();
                    p.st.text[par] = p.st.text[par].saturating_add(n);
                    if p.link_depth > 0 {
                        p.st.own_link[b] = p.st.own_link[b].saturating_add(n);
                        p.st.link[id.index()] = n;
                        p.st.link[par] = p.st.link[par].saturating_add(n);
                    }
                    return false;
                }
                NodeData::Comment(_) => return false,
                _ => return true,
            };
            let f = p.st.flags[id.index()];
            if f & F_SKIP != 0 {
                return false;
            }
            if f & F_HIDDEN != 0 {
                p.st.junk.insert(id);
                return false;
            }
            let info = names.info(doc, e);
            if !matches!(info.tag, Tag::Html | Tag::Body) && !p.st.semantic.contains(id) {
                let furniture = f & F_FURNITURE != 0 || f & (F_NEG | F_POS) == F_NEG;
                // A wrapper holding most of the page is not furniture.
                if furniture && u64::from(p.raw[id.index()]) * 2 <= u64::from(total) {
                    p.st.junk.insert(id);
                    return false;
                }
            }
            if is_text_block(info) {
                p.blocks.push(id);
            }
            if info.tag == Tag::A {
                p.link_depth += 1;
            }
            true
        },
        |p, id| {
            if let Some(e) = doc.element(id) {
                let info = names.info(doc, e);
                if is_text_block(info) && p.blocks.last() == Some(&id) {
                    p.blocks.pop();
                }
                if info.tag == Tag::A {
                    p.link_depth -= 1;
                }
            }
            if let Some(par) = doc.parent(id) {
                let (t, l) = (p.st.text[id.index()], p.st.link[id.index()]);
                p.st.text[par.index()] = p.st.text[par.index()].saturating_add(t);
                p.st.link[par.index()] = p.st.link[par.index()].saturating_add(l);
            }
        },
    );
    let raw_text = p2.raw;
    let mut result = MainContent {
        roots: Vec::new(),
        excluded: st.junk.clone(),
        found: false,
        score: 0.0,
    };
    if total == 0 {
        return result;
    }

    // Scores: each block with text gives to its ancestors.
    let mut score = vec![0f32; len];
    for id in doc.node_ids() {
        let i = id.index();
        let own = st.own[i];
        if own < 25 || !doc.is_element(id) {
            continue;
        }
        if st.own_link[i] * 2 > own {
            continue;
        }
        let s = 1.0 + st.own_commas[i] as f32 + (own as f32 / 100.0).min(3.0);
        let mut cur = Some(id);
        let mut level = 0;
        while let Some(n) = cur {
            let share = match level {
                0 => 0.0,
                1 => 1.0,
                2 => 0.5,
                _ => 1.0 / (level as f32 * 1.5),
            };
            score[n.index()] += s * share;
            // The block itself counts as its own container too.
            if level == 0
                && doc
                    .element(n)
                    .is_some_and(|e| is_text_block(names.info(doc, e)))
            {
                score[n.index()] += s;
            }
            level += 1;
            if level > 4 {
                break;
            }
            cur = doc.parent(n);
        }
    }

    // Schema.org articleBody wins when it holds text.
    let mut bodies = Vec::new();
    // (Only when some element is one.)
    let any_body = st.flags.iter().any(|f| f & F_BODY != 0);
    if any_body {
        traverse(
            doc,
            root,
            &mut bodies,
            |bodies, id| {
                match doc.data(id) {
                    NodeData::Element(_) => {}
                    // The document node (and fragments) are walked through; text is not.
                    NodeData::Text(_) | NodeData::Comment(_) => return false,
                    _ => return true,
                }
                if st.junk.contains(id) {
                    return false;
                }
                // (Elements inside skipped subtrees have no flags: they hold no text either.)
                if st.flags[id.index()] & F_BODY != 0 {
                    if st.text[id.index()] >= 100 {
                        bodies.push(id);
                    }
                    return false;
                }
                true
            },
            |_, _| {},
        );
    }
    if !bodies.is_empty() {
        result.roots = bodies;
    } else {
        let mut best: Option<(NodeId, f32)> = None;
        let mut final_score = vec![0f32; len];
        for id in doc.node_ids() {
            let i = id.index();
            if score[i] <= 0.0 {
                continue;
            }
            let Some(e) = doc.element(id) else {
                continue;
            };
            let mut s = score[i]
                + match names.info(doc, e).tag {
                    Tag::Div | Tag::Article | Tag::Main | Tag::Section => 5.0,
                    Tag::Pre | Tag::Td | Tag::Blockquote => 3.0,
                    Tag::Ol
                    | Tag::Ul
                    | Tag::Dl
                    | Tag::Dd
                    | Tag::Dt
                    | Tag::Li
                    | Tag::Form
                    | Tag::Address => -3.0,
                    Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6 | Tag::Th => -5.0,
                    _ => 0.0,
                };
            // Class words weigh at most as much as the text itself: an empty wrapper named
            // "content" does not beat the paragraphs.
            let words = st.flags[i] & (F_NEG | F_POS);
            if words == F_POS {
                s += score[i].min(25.0);
            } else if words == F_NEG {
                s -= score[i].min(25.0);
            }
            let text = st.text[i].max(1) as f32;
            s *= 1.0 - st.link[i] as f32 / text;
            final_score[i] = s;
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((id, s));
            }
        }
        let Some((top, top_score)) = best else {
            result.roots.push(root);
            return result;
        };
        // Siblings that belong with the best candidate.
        let threshold = (top_score * 0.2).max(10.0);
        let short_top = st.text[top.index()] <= SHORT_BODY;
        match doc.parent(top) {
            Some(parent) => {
                for s in doc.children(parent) {
                    if s == top {
                        result.roots.push(s);
                        continue;
                    }
                    if st.junk.contains(s) || !doc.is_element(s) {
                        continue;
                    }
                    let i = s.index();
                    let text = st.text[i];
                    let ld = if text > 0 {
                        st.link[i] as f32 / text as f32
                    } else {
                        1.0
                    };
                    // The article's own header holds its standfirst: when the best block is
                    // short (a photo gallery's first slide), the article's text is there.
                    let running = text > 80 && ld < 0.25;
                    let intro = st.flags[i] & F_INTRO != 0 && short_top;
                    let keep = final_score[i] >= threshold
                        || (running && (doc.local_name(s) == Some("p") || intro));
                    if keep {
                        result.roots.push(s);
                    }
                }
            }
            None => result.roots.push(top),
        }
    }

    // Inside the kept subtrees: link-heavy blocks are left out too.
    let roots = result.roots.clone();
    for r in roots {
        let mut walk = CutWalk {
            excluded: &mut result.excluded,
            small_cells: 0,
        };
        traverse(
            doc,
            r,
            &mut walk,
            |w, id| {
                if w.excluded.contains(id) || !doc.is_element(id) {
                    return false;
                }
                let i = id.index();
                let Some(e) = doc.element(id) else {
                    return false;
                };
                let info = names.info(doc, e);
                // The headline is the page's title, not the article's text.
                if id != r && info.tag == Tag::H1 {
                    w.excluded.insert(id);
                    return false;
                }
                // Tables are kept whole or lose whole rows, never single cells (that would
                // shift the columns or leave a value without its label): a table of links
                // goes whole, a row only when it is no data row; the blocks inside a small
                // cell are never cut (`<th><div><a>Mean</a> radius</div></th>`).
                let link_heavy = st.text[i] > 0 && st.link[i] * 2 > st.text[i];
                let cut = match info.tag {
                    Tag::Tr => {
                        id != r
                            && link_heavy
                            && !prune::row_is_data(doc, &names, &st.text, &st.link, id)
                    }
                    // (Quotations are content whatever their links: embedded posts cite
                    // theirs.)
                    Tag::Td | Tag::Th | Tag::Tbody | Tag::Thead | Tag::Tfoot | Tag::Blockquote => {
                        false
                    }
                    _ => id != r && w.small_cells == 0 && is_text_block(info) && link_heavy,
                };
                if cut {
                    w.excluded.insert(id);
                    return false;
                }
                if prune::is_small_cell(doc, &names, &st.text, id) {
                    w.small_cells += 1;
                }
                true
            },
            |w, id| {
                if prune::is_small_cell(doc, &names, &st.text, id) {
                    w.small_cells -= 1;
                }
            },
        );
    }
    // Headings whose whole section was left out go with it.
    prune::drop_empty_sections(doc, &names, &raw_text, &mut result);
    // How clearly the page has one main text.
    let score = prune::score(doc, &st.own, &st.own_link, &result);
    result.score = score;
    result.found = score >= FOUND_SCORE;
    result
}
