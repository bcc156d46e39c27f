//! Links: the document base URL, every URL-bearing attribute of a document resolved against it,
//! and `srcset` parsing.
//!
//! - [`Document::base_url`] is HTML's *document base URL* (§2.4.1): the *frozen base URL* of
//!   the first `base` element with an `href` attribute in tree order, else the fallback (the
//!   document's own URL, given by the caller).
//! - [`Document::links`] lists every URL-bearing attribute of the document's HTML elements
//!   ([`url_attributes`]), each `srcset` split into its image candidates ([`parse_srcset`]),
//!   and *encoding-parses* each URL: the URL parser runs with the document base URL as its base
//!   and the document's character encoding as its query encoding override.
//!
//! ```
//! use websyntax_html::{parse_document, ParseOptions};
//! use websyntax_url::{Encoding, Url};
//!
//! let doc = parse_document(
//!     "<base href=/docs/><a href=intro?q=é>intro</a><img srcset='a.png 1x, b.png 2x'>",
//!     ParseOptions::default(),
//! );
//! let page = Url::parse("https://example.org/index.html", None).unwrap();
//! let links = doc.links(Some(&page), Encoding::WINDOWS_1252);
//! let hrefs: Vec<&str> = links.iter().map(|l| l.url.as_ref().unwrap().href()).collect();
//! assert_eq!(
//!     hrefs,
//!     [
//!         "https://example.org/docs/",
//!         "https://example.org/docs/intro?q=%E9",
//!         "https://example.org/docs/a.png",
//!         "https://example.org/docs/b.png",
//!     ]
//! );
//! assert_eq!((links[1].attr, links[1].raw), ("href", "intro?q=é"));
//! assert_eq!((links[3].attr, links[3].raw), ("srcset", "b.png"));
//! ```

use websyntax_encoding::Encoding;
use websyntax_url::{ParseError, Standard, Url, ValidationError};

use crate::dom::{AttrNamespace, Document, LocalName, Namespace, NodeId};
use crate::error::Span;

mod srcset;

use srcset::srcset_candidates;
pub use srcset::{ImageCandidate, parse_srcset};

/// How an attribute holds its URL(s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UrlAttributeKind {
    /// The whole value is one URL (HTML's "valid URL potentially surrounded by spaces").
    Url,
    /// A `srcset`-style list of image candidates, each with a URL ([`parse_srcset`]).
    Srcset,
}

/// One URL-bearing attribute of an HTML element.
///
/// ```
/// use websyntax_html::links::{url_attributes, UrlAttributeKind};
/// let a = url_attributes().iter().find(|u| u.element == "a").unwrap();
/// assert_eq!((a.attr, a.kind), ("href", UrlAttributeKind::Url));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UrlAttribute {
    /// The element's local name (HTML namespace).
    pub element: &'static str,
    /// The attribute's local name.
    pub attr: &'static str,
    /// Whether the value is one URL or a `srcset` list.
    pub kind: UrlAttributeKind,
    /// Whether the attribute is one of HTML's obsolete features (§16 "Obsolete features":
    /// `background` on `body` and the table elements, `src` on `frame`). Browsers still
    /// fetch these URLs (§15 "Rendering"), so they are links; authors should not use them.
    pub obsolete: bool,
}

const fn url(element: &'static str, attr: &'static str) -> UrlAttribute {
    UrlAttribute {
        element,
        attr,
        kind: UrlAttributeKind::Url,
        obsolete: false,
    }
}

const fn obsolete_url(element: &'static str, attr: &'static str) -> UrlAttribute {
    UrlAttribute {
        element,
        attr,
        kind: UrlAttributeKind::Url,
        obsolete: true,
    }
}

const fn srcset(element: &'static str, attr: &'static str) -> UrlAttribute {
    UrlAttribute {
        element,
        attr,
        kind: UrlAttributeKind::Srcset,
        obsolete: false,
    }
}

/// The URL-bearing attributes [`Document::links`] reports, in a fixed order (the table in
/// `docs/links.md`).
pub const URL_ATTRIBUTES: &[UrlAttribute] = &[
    url("a", "href"),
    url("area", "href"),
    url("link", "href"),
    url("base", "href"),
    url("img", "src"),
    url("script", "src"),
    url("iframe", "src"),
    url("embed", "src"),
    url("source", "src"),
    url("track", "src"),
    url("audio", "src"),
    url("video", "src"),
    url("input", "src"),
    url("form", "action"),
    url("button", "formaction"),
    url("input", "formaction"),
    url("blockquote", "cite"),
    url("q", "cite"),
    url("del", "cite"),
    url("ins", "cite"),
    url("object", "data"),
    url("video", "poster"),
    srcset("img", "srcset"),
    srcset("source", "srcset"),
    srcset("link", "imagesrcset"),
    // Obsolete (§16), still fetched by browsers: §15.3.2 "The page" (`body`), §15.3.8
    // "Tables" (a `table`, `thead`, `tbody`, `tfoot`, `tr`, `td` or `th` background), §15.6
    // "Frames and framesets" (`frame src`).
    obsolete_url("body", "background"),
    obsolete_url("table", "background"),
    obsolete_url("thead", "background"),
    obsolete_url("tbody", "background"),
    obsolete_url("tfoot", "background"),
    obsolete_url("tr", "background"),
    obsolete_url("td", "background"),
    obsolete_url("th", "background"),
    obsolete_url("frame", "src"),
];

/// The URL-bearing (element, attribute) pairs: [`URL_ATTRIBUTES`].
///
/// ```
/// use websyntax_html::links::url_attributes;
/// assert!(url_attributes().iter().any(|u| (u.element, u.attr) == ("img", "srcset")));
/// ```
pub fn url_attributes() -> &'static [UrlAttribute] {
    URL_ATTRIBUTES
}

/// The kind of URL attribute `attr` is on HTML element `element`, if it is one.
///
/// ```
/// use websyntax_html::links::{url_attribute_kind, UrlAttributeKind};
/// assert_eq!(url_attribute_kind("img", "srcset"), Some(UrlAttributeKind::Srcset));
/// assert_eq!(url_attribute_kind("div", "href"), None);
/// ```
pub fn url_attribute_kind(element: &str, attr: &str) -> Option<UrlAttributeKind> {
    attrs_of(element)
        .iter()
        .find(|(a, _)| *a == attr)
        .map(|&(_, kind)| kind)
}

/// The entry of [`URL_ATTRIBUTES`] for attribute `attr` on HTML element `element`, if it is
/// a URL-bearing attribute.
///
/// ```
/// use websyntax_html::links::url_attribute;
/// assert!(url_attribute("body", "background").unwrap().obsolete);
/// assert!(!url_attribute("a", "href").unwrap().obsolete);
/// assert!(url_attribute("div", "background").is_none());
/// ```
pub fn url_attribute(element: &str, attr: &str) -> Option<&'static UrlAttribute> {
    URL_ATTRIBUTES
        .iter()
        .find(|u| u.element == element && u.attr == attr)
}

/// The URL-bearing attributes of HTML element `element` ([`URL_ATTRIBUTES`] by element).
fn attrs_of(element: &str) -> &'static [(&'static str, UrlAttributeKind)] {
    use UrlAttributeKind::{Srcset, Url};
    match element {
        "a" | "area" | "base" => &[("href", Url)],
        "link" => &[("href", Url), ("imagesrcset", Srcset)],
        "img" => &[("src", Url), ("srcset", Srcset)],
        "source" => &[("src", Url), ("srcset", Srcset)],
        "script" | "iframe" | "embed" | "track" | "audio" => &[("src", Url)],
        "video" => &[("src", Url), ("poster", Url)],
        "input" => &[("src", Url), ("formaction", Url)],
        "form" => &[("action", Url)],
        "button" => &[("formaction", Url)],
        "blockquote" | "q" | "del" | "ins" => &[("cite", Url)],
        "object" => &[("data", Url)],
        "body" | "table" | "thead" | "tbody" | "tfoot" | "tr" | "td" | "th" => {
            &[("background", Url)]
        }
        "frame" => &[("src", Url)],
        _ => &[],
    }
}

/// [`URL_ATTRIBUTES`] by name atom: for each static element name, its URL-bearing
/// attributes as (attribute atom, attribute name, kind).
struct AtomTable {
    /// By [`LocalName::static_index`]: 0 for none, else 1 + an index into `groups`.
    by_element: Vec<u8>,
    groups: Vec<Vec<(LocalName, &'static UrlAttribute)>>,
    base: Option<LocalName>,
}

impl AtomTable {
    fn get() -> &'static AtomTable {
        static TABLE: std::sync::OnceLock<AtomTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            let mut t = AtomTable {
                by_element: vec![0; LocalName::static_count()],
                groups: Vec::new(),
                base: LocalName::from_static("base"),
            };
            for u in URL_ATTRIBUTES {
                // Every name of the list is static (a unit test checks it).
                let (Some(e), Some(a)) = (
                    LocalName::from_static(u.element).and_then(LocalName::static_index),
                    LocalName::from_static(u.attr),
                ) else {
                    continue;
                };
                if t.by_element[e] == 0 {
                    t.groups.push(Vec::new());
                    t.by_element[e] = t.groups.len() as u8;
                }
                t.groups[usize::from(t.by_element[e]) - 1].push((a, u));
            }
            t
        })
    }

    /// The URL-bearing attributes of the HTML element named `name`.
    #[inline]
    fn of(&self, name: LocalName) -> &[(LocalName, &'static UrlAttribute)] {
        match name.static_index().and_then(|i| self.by_element.get(i)) {
            Some(&g) if g > 0 => &self.groups[usize::from(g) - 1],
            _ => &[],
        }
    }
}

/// One URL found in a document by [`Document::links`].
///
/// ```
/// use websyntax_html::{parse_document, ParseOptions};
/// use websyntax_url::{Encoding, ValidationErrorKind};
///
/// let doc = parse_document("<a href='https://h/a b'>x</a>", ParseOptions::default());
/// let link = &doc.links(None, Encoding::UTF_8)[0];
/// assert_eq!(doc.local_name(link.element), Some("a"));
/// assert_eq!(link.url.as_ref().unwrap().href(), "https://h/a%20b");
/// assert_eq!(link.errors[0].kind, ValidationErrorKind::InvalidUrlUnit);
/// ```
#[derive(Debug, Clone)]
pub struct Link<'a> {
    /// The element carrying the attribute.
    pub element: NodeId,
    /// The attribute's local name (`href`, `src`, `srcset` …).
    pub attr: &'a str,
    /// The URL string: the attribute value, or one image candidate's URL for `srcset`.
    pub raw: &'a str,
    /// The source span of `raw`: the attribute value's span, narrowed to the candidate for
    /// `srcset` when the value is its source text byte for byte (no character reference, NUL
    /// or CR in it — see [`AttrRef::value_is_verbatim`](crate::dom::AttrRef::value_is_verbatim)
    /// — and all ASCII or in a source that decoded to itself); otherwise the whole value's
    /// span. `None` when the document carries no spans for it.
    pub span: Option<Span>,
    /// The URL record, or why the URL parser returned failure.
    pub url: Result<Url, ParseError>,
    /// Every URL validation error met while parsing `raw` (positions are byte offsets in
    /// `raw`), including those of a successful parse.
    pub errors: Vec<ValidationError>,
    /// Whether the attribute is obsolete in HTML ([`UrlAttribute::obsolete`]: `background`,
    /// `frame src`).
    pub obsolete: bool,
}

impl Document {
    /// HTML's *document base URL* with UTF-8 as the encoding used to parse `<base href>`
    /// (see [`Document::base_url_with_encoding`]).
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_url::Url;
    ///
    /// let page = Url::parse("https://example.org/a/b.html", None).unwrap();
    /// let doc = parse_document("<base href=../c/><p>", ParseOptions::default());
    /// assert_eq!(doc.base_url(Some(&page)).unwrap().href(), "https://example.org/c/");
    /// let plain = parse_document("<p>", ParseOptions::default());
    /// assert_eq!(plain.base_url(Some(&page)).unwrap().href(), page.href());
    /// assert!(plain.base_url(None).is_none());
    /// ```
    pub fn base_url(&self, document_url: Option<&Url>) -> Option<Url> {
        self.base_url_with_encoding(document_url, Encoding::UTF_8)
    }

    /// HTML's *document base URL* (§2.4.1 "Terminology", "document base URL"): when the
    /// document has a `base` element with an `href` attribute (the first such in tree order,
    /// anywhere in the document, template contents excluded), its *frozen base URL*: the
    /// `href` value parsed against the *fallback base URL* with `encoding` as the query
    /// encoding, or the fallback itself when that parse fails. Otherwise the fallback base
    /// URL, which for a document loaded from `document_url` is `document_url` (`None` when
    /// the caller does not know it). As §4.2.3 "set the frozen base URL" says, an `href` whose
    /// URL has the scheme `data` or `javascript` is ignored too: the frozen base URL is then
    /// the fallback base URL. (The same step also asks Content Security Policy whether the
    /// base is allowed; no policy applies here.)
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_url::{Encoding, Url};
    ///
    /// let doc = parse_document("<base href='?q=é'>", ParseOptions::default());
    /// let page = Url::parse("http://h/p", None).unwrap();
    /// let base = doc.base_url_with_encoding(Some(&page), Encoding::WINDOWS_1252).unwrap();
    /// assert_eq!(base.href(), "http://h/p?q=%E9");
    /// ```
    pub fn base_url_with_encoding(
        &self,
        document_url: Option<&Url>,
        encoding: Encoding,
    ) -> Option<Url> {
        match self.first_base_href() {
            Some(href) => frozen_base_url(href, document_url, encoding, self.standard),
            None => document_url.cloned(),
        }
    }

    /// The `href` value of the first HTML `base` element with an `href` in tree order.
    fn first_base_href(&self) -> Option<&str> {
        self.descendants(self.root())
            .filter(|&id| self.is_html_element(id, "base"))
            .find_map(|id| self.attribute(id, "href"))
    }

    /// Every URL-bearing attribute of the document's HTML elements ([`URL_ATTRIBUTES`]), in
    /// tree order and, within an element, in attribute order, each `srcset` split into its
    /// image candidates ([`parse_srcset`]). Each URL is encoding-parsed: resolved against the
    /// document base URL ([`Document::base_url_with_encoding`], whose fallback is
    /// `document_url`) with `encoding` (the document's character encoding, e.g.
    /// [`crate::ParsedDocument::encoding`]) as the query encoding. Template contents are not
    /// searched (their elements are inert).
    ///
    /// ```
    /// use websyntax_html::{parse_document_bytes, DocumentParserOptions};
    ///
    /// // A Shift_JIS page: its links' queries are encoded in Shift_JIS.
    /// let bytes = b"<meta charset=shift_jis><a href='http://h/s?q=\x93\xfa'>x</a>";
    /// let parsed = parse_document_bytes(bytes, DocumentParserOptions::default());
    /// let links = parsed.document.links(None, parsed.encoding);
    /// assert_eq!(links[0].raw, "http://h/s?q=日");
    /// assert_eq!(links[0].url.as_ref().unwrap().href(), "http://h/s?q=%93%FA");
    /// ```
    pub fn links(&self, document_url: Option<&Url>, encoding: Encoding) -> Vec<Link<'_>> {
        // One walk resolves each URL as it is found (its value is then still in cache),
        // against the fallback base URL until the first `base` with an `href`; that element
        // sets the document base URL, and the links found before it are resolved again if it
        // differs (links before the `base` use it too).
        let table = AtomTable::get();
        let mut links: Vec<Link<'_>> = Vec::new();
        let mut descriptors = Vec::new();
        let mut document_base: Option<Url> = document_url.cloned();
        let mut base_seen = false;
        let identity = self.source_offsets_are_identity();
        for id in self.descendants(self.root()) {
            let Some(e) = self.element(id) else {
                continue;
            };
            let attrs = table.of(e.local_name());
            if attrs.is_empty() || e.namespace() != Namespace::Html {
                continue;
            }
            let on_base = Some(e.local_name()) == table.base;
            // A `base` element's own href is parsed against the fallback base URL.
            for attr in e.attrs() {
                // Attributes in a namespace (`xlink:href`) are not these attributes.
                if attr.namespace() != AttrNamespace::None {
                    continue;
                }
                let name = attr.local_name();
                let Some(&(_, entry)) = attrs.iter().find(|(a, _)| *a == name) else {
                    continue;
                };
                let (attr_name, kind, obsolete) = (entry.attr, entry.kind, entry.obsolete);
                let value = attr.value();
                let value_span = attr.value_span();
                match kind {
                    UrlAttributeKind::Url => {
                        if on_base && !base_seen {
                            // The document base URL: this href's frozen base URL.
                            base_seen = true;
                            let frozen =
                                frozen_base_url(value, document_url, encoding, self.standard);
                            if frozen != document_base {
                                document_base = frozen;
                                for l in &mut links {
                                    if is_empty_form_action(l.attr, l.raw) {
                                        continue; // the document's URL, whatever the base
                                    }
                                    let (url, errors) = resolve(
                                        l.raw,
                                        document_base.as_ref(),
                                        encoding,
                                        self.standard,
                                    );
                                    l.url = url;
                                    l.errors = errors;
                                }
                            }
                        }
                        let mut link = if is_empty_form_action(attr_name, value) {
                            empty_form_action(
                                id,
                                attr_name,
                                value,
                                value_span,
                                document_url,
                                (encoding, self.standard),
                            )
                        } else {
                            let base = if on_base {
                                document_url
                            } else {
                                document_base.as_ref()
                            };
                            make_link(
                                id,
                                attr_name,
                                value,
                                value_span,
                                base,
                                (encoding, self.standard),
                            )
                        };
                        link.obsolete = obsolete;
                        links.push(link);
                    }
                    UrlAttributeKind::Srcset => {
                        // Offsets inside the value are offsets inside its source only when
                        // the value is its source text unchanged, byte for byte: no character
                        // reference, NUL or CR in it, and the same bytes in the source
                        // encoding (all ASCII, or a source that decoded to itself).
                        let exact = attr.value_is_verbatim()
                            && value_span.is_some_and(|s| s.end - s.start == value.len())
                            && (value.is_ascii() || identity);
                        let base = document_base.as_ref();
                        srcset_candidates(value, &mut descriptors, |c| {
                            let span = match value_span {
                                Some(s) if exact => Some(Span::new(
                                    s.start + c.offset,
                                    s.start + c.offset + c.url.len(),
                                )),
                                other => other,
                            };
                            links.push(make_link(
                                id,
                                attr_name,
                                c.url,
                                span,
                                base,
                                (encoding, self.standard),
                            ));
                        });
                    }
                }
            }
        }
        links
    }
}

/// Encoding-parses `raw` against `base`: the URL or the failure, and the validation errors.
fn resolve(
    raw: &str,
    base: Option<&Url>,
    encoding: Encoding,
    standard: Standard,
) -> (Result<Url, ParseError>, Vec<ValidationError>) {
    let mut errors = Vec::new();
    let url = Url::parse_with_options(raw, base, encoding, standard, &mut errors);
    (url, errors)
}

/// §4.2.3 "set the frozen base URL" of a `base` element whose `href` is `href`: the result
/// of encoding-parsing `href` with the fallback base URL (`document_url`), unless it is
/// failure or its scheme is `data` or `javascript` (or Content Security Policy blocks it; no
/// policy applies here): then the fallback base URL.
fn frozen_base_url(
    href: &str,
    document_url: Option<&Url>,
    encoding: Encoding,
    standard: Standard,
) -> Option<Url> {
    match parse_url(href, document_url, encoding, standard) {
        Ok(u) if !matches!(u.scheme(), "data" | "javascript") => Some(u),
        _ => document_url.cloned(),
    }
}

/// Whether `attr` with value `raw` is an empty `form` `action` or `button`/`input`
/// `formaction` ([`URL_ATTRIBUTES`] has these names on no other element). HTML's form
/// submission algorithm (§4.10.21.3): "If action is the empty string, let action be the URL
/// of the form document" — the document's URL, not its base URL; the `action` and
/// `formAction` IDL attributes return the document's URL for an empty value too.
fn is_empty_form_action(attr: &str, raw: &str) -> bool {
    raw.is_empty() && matches!(attr, "action" | "formaction")
}

/// The link of an empty form action ([`is_empty_form_action`]): the document's URL, or the
/// URL parser's failure on the empty string when the document's URL is unknown.
fn empty_form_action<'a>(
    element: NodeId,
    attr: &'a str,
    raw: &'a str,
    span: Option<Span>,
    document_url: Option<&Url>,
    (encoding, standard): (Encoding, Standard),
) -> Link<'a> {
    let (url, errors) = match document_url {
        Some(u) => (Ok(u.clone()), Vec::new()),
        None => resolve(raw, None, encoding, standard),
    };
    Link {
        element,
        attr,
        raw,
        span,
        url,
        errors,
        obsolete: false,
    }
}

/// Encoding-parses `raw` against `base` following the document's standard.
fn parse_url(
    raw: &str,
    base: Option<&Url>,
    encoding: Encoding,
    standard: Standard,
) -> Result<Url, ParseError> {
    Url::parse_with_options(raw, base, encoding, standard, &mut websyntax_url::NoErrors)
}

#[inline]
fn make_link<'a>(
    element: NodeId,
    attr: &'a str,
    raw: &'a str,
    span: Option<Span>,
    base: Option<&Url>,
    (encoding, standard): (Encoding, Standard),
) -> Link<'a> {
    let (url, errors) = resolve(raw, base, encoding, standard);
    Link {
        element,
        attr,
        raw,
        span,
        url,
        errors,
        obsolete: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DocumentParserOptions, ParseOptions, parse_document, parse_document_bytes};
    use websyntax_url::ValidationErrorKind;

    fn page() -> Url {
        Url::parse("https://example.org/dir/page.html", None).unwrap()
    }

    fn hrefs(html: &str, document_url: Option<&Url>) -> Vec<Option<String>> {
        let doc = parse_document(html, ParseOptions::default());
        doc.links(document_url, Encoding::UTF_8)
            .into_iter()
            .map(|l| l.url.ok().map(|u| u.href().to_owned()))
            .collect()
    }

    // The srcset examples of the HTML Standard (§4.8.4.3 and §4.8.4.3.10).
    #[test]
    fn every_url_attribute_name_has_a_static_atom() {
        // The walk in `links` finds elements and attributes by static atom.
        for u in URL_ATTRIBUTES {
            assert!(LocalName::from_static(u.element).is_some(), "{}", u.element);
            assert!(LocalName::from_static(u.attr).is_some(), "{}", u.attr);
        }
        let t = AtomTable::get();
        let img = LocalName::from_static("img").unwrap();
        let names: Vec<&str> = t.of(img).iter().map(|&(_, u)| u.attr).collect();
        assert_eq!(names, ["src", "srcset"]);
        assert!(t.of(LocalName::from_static("div").unwrap()).is_empty());
    }

    #[test]
    fn namespaced_and_foreign_url_attributes_are_not_links() {
        let doc = parse_document(
            "<svg><a href=/svg-a xlink:href=/x><image href=/i /></a></svg><a href=/html>h</a>",
            ParseOptions::default(),
        );
        let raws: Vec<&str> = doc
            .links(None, Encoding::UTF_8)
            .iter()
            .map(|l| l.raw)
            .collect();
        assert_eq!(raws, ["/html"]);
    }

    /// A `.5x` density is valid (§2.3.4.3), `1.x` is not, in both standards' documents.
    #[test]
    fn srcset_density_may_start_with_a_full_stop_in_documents() {
        for standard in [Standard::Seed, Standard::Living] {
            let doc = parse_document(
                "<img srcset='a.png .5x, b.png 1.x'>",
                ParseOptions {
                    standard,
                    ..ParseOptions::default()
                },
            );
            let raws: Vec<&str> = doc
                .links(Some(&page()), Encoding::UTF_8)
                .iter()
                .map(|l| l.raw)
                .collect();
            assert_eq!(raws, ["a.png"], "{standard:?}");
        }
    }

    #[test]
    fn table_and_lookup_agree() {
        for u in URL_ATTRIBUTES {
            assert_eq!(url_attribute_kind(u.element, u.attr), Some(u.kind), "{u:?}");
        }
        let mut n = 0;
        for e in [
            "a", "area", "base", "link", "img", "source", "script", "iframe", "embed",
        ]
        .into_iter()
        .chain([
            "track",
            "audio",
            "video",
            "input",
            "form",
            "button",
            "blockquote",
            "q",
        ])
        .chain(["del", "ins", "object", "div"])
        .chain([
            "body", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "frame",
        ]) {
            n += attrs_of(e).len();
        }
        assert_eq!(n, URL_ATTRIBUTES.len());
    }

    #[test]
    fn url_attribute_table() {
        for (e, a) in [
            ("a", "href"),
            ("area", "href"),
            ("link", "href"),
            ("base", "href"),
            ("img", "src"),
            ("script", "src"),
            ("iframe", "src"),
            ("embed", "src"),
            ("source", "src"),
            ("track", "src"),
            ("audio", "src"),
            ("video", "src"),
            ("input", "src"),
            ("form", "action"),
            ("button", "formaction"),
            ("input", "formaction"),
            ("blockquote", "cite"),
            ("q", "cite"),
            ("del", "cite"),
            ("ins", "cite"),
            ("object", "data"),
            ("video", "poster"),
        ] {
            assert_eq!(
                url_attribute_kind(e, a),
                Some(UrlAttributeKind::Url),
                "{e} {a}"
            );
        }
        assert_eq!(
            url_attribute_kind("img", "srcset"),
            Some(UrlAttributeKind::Srcset)
        );
        assert_eq!(
            url_attribute_kind("source", "srcset"),
            Some(UrlAttributeKind::Srcset)
        );
    }

    #[test]
    fn base_relative_to_document_url() {
        let p = page();
        let h = hrefs("<base href=../b/><a href=x>", Some(&p));
        assert_eq!(
            h,
            [
                Some("https://example.org/b/".to_owned()),
                Some("https://example.org/b/x".to_owned())
            ]
        );
    }

    #[test]
    fn base_relative_without_document_url_fails() {
        let doc = parse_document("<base href=../b/><a href=x>", ParseOptions::default());
        assert!(doc.base_url(None).is_none());
        let links = doc.links(None, Encoding::UTF_8);
        assert_eq!(
            links[1].url.as_ref().unwrap_err().kind(),
            ValidationErrorKind::MissingSchemeNonRelativeUrl
        );
    }

    #[test]
    fn base_in_body_counts() {
        let p = page();
        let doc = parse_document(
            "<a href=x></a><base href=/in-body/>",
            ParseOptions::default(),
        );
        assert_eq!(
            doc.base_url(Some(&p)).unwrap().href(),
            "https://example.org/in-body/"
        );
        assert_eq!(
            hrefs("<a href=x></a><base href=/in-body/>", Some(&p))[0].as_deref(),
            Some("https://example.org/in-body/x")
        );
    }

    #[test]
    fn links_before_a_late_base_are_resolved_against_it() {
        let p = page();
        let doc = parse_document(
            "<a href='x y'></a><img srcset='i.png 2x'><base href=/late/><base href=sec/><a href=z>",
            ParseOptions::default(),
        );
        let links = doc.links(Some(&p), Encoding::UTF_8);
        let got: Vec<&str> = links
            .iter()
            .map(|l| l.url.as_ref().unwrap().href())
            .collect();
        assert_eq!(
            got,
            [
                "https://example.org/late/x%20y",
                "https://example.org/late/i.png",
                // Each base's own href is parsed against the document's URL.
                "https://example.org/late/",
                "https://example.org/dir/sec/",
                "https://example.org/late/z",
            ]
        );
        // Validation errors are those of the final parse.
        assert_eq!(links[0].errors.len(), 1);
        assert_eq!(links[0].errors[0].kind, ValidationErrorKind::InvalidUrlUnit);
        assert!(links[1].errors.is_empty());
    }

    #[test]
    fn first_base_with_href_wins() {
        let p = page();
        let doc = parse_document(
            "<base target=_blank><base href=/one/><base href=/two/>",
            ParseOptions::default(),
        );
        assert_eq!(
            doc.base_url(Some(&p)).unwrap().href(),
            "https://example.org/one/"
        );
    }

    fn with_standard(standard: Standard) -> ParseOptions {
        ParseOptions {
            standard,
            ..ParseOptions::default()
        }
    }

    /// §4.2.3 "set the frozen base URL": a `data:` or `javascript:` URL is not a base URL;
    /// the fallback base URL (the document's URL) is used instead.
    #[test]
    fn javascript_and_data_bases_are_ignored() {
        let p = page();
        for standard in [Standard::Seed, Standard::Living] {
            for href in [
                "javascript:alert(1)",
                "JavaScript:void(0)",
                "data:text/html,<p>x",
                " data:,",
            ] {
                let html = format!(
                    "<base href='{href}'><a href=x></a><a href='https://h/'></a>\
                     <base href=/second/>"
                );
                let doc = parse_document(&html, with_standard(standard));
                assert_eq!(doc.base_url(Some(&p)).unwrap().href(), p.href(), "{href}");
                let links = doc.links(Some(&p), Encoding::UTF_8);
                // The base's own href is still listed, as its URL.
                assert_eq!(links[0].raw, href);
                assert!(links[0].url.is_ok());
                // Links resolve against the document's URL, not the later base.
                assert_eq!(
                    links[1].url.as_ref().unwrap().href(),
                    "https://example.org/dir/x",
                    "{href}"
                );
                assert_eq!(links[2].url.as_ref().unwrap().href(), "https://h/");
                // Without a document URL there is no base URL at all.
                assert!(doc.base_url(None).is_none());
                assert!(doc.links(None, Encoding::UTF_8)[1].url.is_err());
            }
            // Other schemes are base URLs, even opaque ones.
            let doc = parse_document(
                "<base href='mailto:x@y'><a href=x>",
                with_standard(standard),
            );
            assert_eq!(doc.base_url(Some(&p)).unwrap().href(), "mailto:x@y");
            assert!(doc.links(Some(&p), Encoding::UTF_8)[1].url.is_err());
        }
    }

    /// §4.10.21.3 form submission: "If action is the empty string, let action be the URL of
    /// the form document": the document's URL, not the base URL.
    #[test]
    fn empty_form_action_is_the_document_url() {
        let p = Url::parse("https://example.org/dir/page.html?q=1#frag", None).unwrap();
        for standard in [Standard::Seed, Standard::Living] {
            let html = "<form action=''><button formaction=''></button>\
                        <input type=submit formaction=''><input formaction=' '></form>\
                        <form action=go></form><a href=''></a><base href=/b/>";
            let doc = parse_document(html, with_standard(standard));
            let links = doc.links(Some(&p), Encoding::UTF_8);
            let got: Vec<(&str, &str, &str)> = links
                .iter()
                .map(|l| (l.attr, l.raw, l.url.as_ref().unwrap().href()))
                .collect();
            assert_eq!(
                got,
                [
                    ("action", "", p.href()),
                    ("formaction", "", p.href()),
                    ("formaction", "", p.href()),
                    // Not empty: resolved against the base URL.
                    ("formaction", " ", "https://example.org/b/"),
                    ("action", "go", "https://example.org/b/go"),
                    // Other empty URL attributes resolve against the base URL.
                    ("href", "", "https://example.org/b/"),
                    ("href", "/b/", "https://example.org/b/"),
                ],
                "{standard:?}"
            );
            assert!(links.iter().all(|l| l.errors.is_empty() || l.raw == " "));
            // Without a document URL, an empty action has no URL.
            let links = doc.links(None, Encoding::UTF_8);
            assert_eq!(
                links[0].url.as_ref().unwrap_err().kind(),
                ValidationErrorKind::MissingSchemeNonRelativeUrl
            );
        }
        // Without a base element too.
        let doc = parse_document("<form action=''></form>", ParseOptions::default());
        let links = doc.links(Some(&p), Encoding::UTF_8);
        assert_eq!(links[0].url.as_ref().unwrap().href(), p.href());
    }

    /// `background` (body and table elements) and `frame src` are links, flagged obsolete.
    #[test]
    fn obsolete_url_attributes_are_flagged() {
        for standard in [Standard::Seed, Standard::Living] {
            let doc = parse_document(
                "<body background=bg.png><table background=t.png><thead background=h.png>\
                 <tr background=r.png><th background=th.png></th></tr></thead>\
                 <tbody background=b.png><tr><td background=td.png><a href=a></a></td></tr>\
                 </tbody><tfoot background=f.png></tfoot></table><div background=no.png>",
                with_standard(standard),
            );
            let links = doc.links(Some(&page()), Encoding::UTF_8);
            let got: Vec<(&str, &str, bool)> = links
                .iter()
                .map(|l| (doc.local_name(l.element).unwrap(), l.raw, l.obsolete))
                .collect();
            assert_eq!(
                got,
                [
                    ("body", "bg.png", true),
                    ("table", "t.png", true),
                    ("thead", "h.png", true),
                    ("tr", "r.png", true),
                    ("th", "th.png", true),
                    ("tbody", "b.png", true),
                    ("td", "td.png", true),
                    ("a", "a", false),
                    ("tfoot", "f.png", true),
                ],
                "{standard:?}"
            );
            assert_eq!(
                links[0].url.as_ref().unwrap().href(),
                "https://example.org/dir/bg.png"
            );
            let doc = parse_document(
                "<frameset><frame src=left.html><frame src=''></frameset>",
                with_standard(standard),
            );
            let links = doc.links(Some(&page()), Encoding::UTF_8);
            let got: Vec<(&str, &str, bool)> = links
                .iter()
                .map(|l| (l.attr, l.url.as_ref().unwrap().href(), l.obsolete))
                .collect();
            assert_eq!(
                got,
                [
                    ("src", "https://example.org/dir/left.html", true),
                    ("src", "https://example.org/dir/page.html", true),
                ]
            );
        }
        assert_eq!(
            url_attribute_kind("frame", "src"),
            Some(UrlAttributeKind::Url)
        );
        let obsolete: Vec<(&str, &str)> = URL_ATTRIBUTES
            .iter()
            .filter(|u| u.obsolete)
            .map(|u| (u.element, u.attr))
            .collect();
        assert_eq!(obsolete.len(), 9);
        assert!(url_attribute("img", "src").is_some_and(|u| !u.obsolete));
    }

    #[test]
    fn base_that_fails_falls_back() {
        let p = page();
        let doc = parse_document(
            "<base href='http://[::1'><a href=x>",
            ParseOptions::default(),
        );
        assert_eq!(doc.base_url(Some(&p)).unwrap().href(), p.href());
        let links = doc.links(Some(&p), Encoding::UTF_8);
        assert!(links[0].url.is_err());
        assert_eq!(
            links[1].url.as_ref().unwrap().href(),
            "https://example.org/dir/x"
        );
        assert!(doc.base_url(None).is_none());
    }

    #[test]
    fn empty_base_href_is_the_document_url() {
        let p = page();
        let doc = parse_document("<base href=''>", ParseOptions::default());
        assert_eq!(doc.base_url(Some(&p)).unwrap().href(), p.href());
    }

    #[test]
    fn base_in_template_or_svg_is_ignored() {
        let p = page();
        let doc = parse_document(
            "<template><base href=/t/></template><svg><base href=/s/></svg>",
            ParseOptions::default(),
        );
        assert_eq!(doc.base_url(Some(&p)).unwrap().href(), p.href());
    }

    #[test]
    fn shift_jis_query_encoding() {
        // <meta charset=shift_jis>, then links whose query holds 日本 (0x93FA 0x967B).
        let bytes: &[u8] = b"<meta charset=shift_jis><a href='/search?q=\x93\xfa\x96\x7b'>x</a>\
            <form action='find?q=\x93\xfa'></form><a href='ws://h/?q=\x93\xfa'>x</a>";
        let parsed = parse_document_bytes(bytes, DocumentParserOptions::default());
        assert_eq!(parsed.encoding, Encoding::SHIFT_JIS);
        let p = page();
        let links = parsed.document.links(Some(&p), parsed.encoding);
        let got: Vec<&str> = links
            .iter()
            .map(|l| l.url.as_ref().unwrap().href())
            .collect();
        assert_eq!(
            got,
            [
                "https://example.org/search?q=%93%FA%96{",
                "https://example.org/dir/find?q=%93%FA",
                // ws: and wss: queries are always UTF-8.
                "ws://h/?q=%E6%97%A5",
            ]
        );
        // The same page as UTF-8 sends UTF-8.
        let links = parsed.document.links(Some(&p), Encoding::UTF_8);
        assert_eq!(
            links[0].url.as_ref().unwrap().href(),
            "https://example.org/search?q=%E6%97%A5%E6%9C%AC"
        );
    }

    #[test]
    fn links_order_and_fields() {
        let doc = parse_document(
            "<img src=a.png srcset='b.png 2x, c.png 3x' alt=x><video poster=p.png src=v.mp4>\
             <svg><a href=svg-link /></svg><template><a href=t></a></template>",
            ParseOptions::default(),
        );
        let links = doc.links(Some(&page()), Encoding::UTF_8);
        let got: Vec<(&str, &str)> = links.iter().map(|l| (l.attr, l.raw)).collect();
        assert_eq!(
            got,
            [
                ("src", "a.png"),
                ("srcset", "b.png"),
                ("srcset", "c.png"),
                ("poster", "p.png"),
                ("src", "v.mp4"),
            ]
        );
    }

    #[test]
    fn link_spans_follow_value_spans() {
        let src = "<img srcset='b.png 2x, c.png 3x'><a href=\"x y\">";
        let doc = parse_document(src, ParseOptions::default());
        for link in doc.links(Some(&page()), Encoding::UTF_8) {
            let attr = doc
                .attrs(link.element)
                .find(|a| a.name() == link.attr)
                .unwrap();
            match (link.span, attr.value_span()) {
                (Some(s), Some(_)) => assert_eq!(&src[s.range()], link.raw),
                (None, None) => {}
                (a, b) => panic!("link span {a:?} but value span {b:?}"),
            }
        }
    }

    /// A value whose character references and NULs cancel out in length is not its source:
    /// its candidates keep the whole value's span (narrowing by offset would point inside
    /// other characters; found by the `html_links` fuzz target).
    #[test]
    fn srcset_spans_are_not_narrowed_in_decoded_values() {
        let src = "<img srcset=\"&lt;&lt;a\u{20AC}\u{20AC}, x\0\0\0\">";
        let doc = parse_document(src, ParseOptions::default());
        let img = doc.find_element("img").unwrap();
        let value_span = doc.attrs(img).next().unwrap().value_span().unwrap();
        let links = doc.links(None, Encoding::UTF_8);
        assert_eq!(links.len(), 2);
        for link in &links {
            assert_eq!(link.span, Some(value_span));
            assert!(src.get(link.span.unwrap().range()).is_some());
        }
        // CR LF inside a value: normalized, so not narrowed either.
        let src = "<img srcset=\"a.png 1x,\r\nb.png 2x\">";
        let doc = parse_document(src, ParseOptions::default());
        let links = doc.links(None, Encoding::UTF_8);
        assert!(links.iter().all(|l| l.span.unwrap().len() > l.raw.len()));
        // A value that is its source: narrowed, also in a legacy encoding when ASCII.
        let bytes = b"<img srcset='a.png 1x, b.png 2x'><p>\xE9";
        let parsed = crate::input_stream::parse_document_bytes(
            bytes,
            crate::input_stream::DocumentParserOptions::default().transport_charset("windows-1252"),
        );
        for link in parsed.document.links(None, Encoding::WINDOWS_1252) {
            assert_eq!(&bytes[link.span.unwrap().range()], link.raw.as_bytes());
        }
    }

    #[test]
    fn validation_errors_are_reported() {
        let doc = parse_document("<a href=' https://h/\\x '>", ParseOptions::default());
        let link = &doc.links(None, Encoding::UTF_8)[0];
        assert_eq!(link.url.as_ref().unwrap().href(), "https://h//x");
        let kinds: Vec<_> = link.errors.iter().map(|e| e.kind).collect();
        assert!(kinds.contains(&ValidationErrorKind::InvalidUrlUnit));
        assert!(kinds.contains(&ValidationErrorKind::InvalidReverseSolidus));
    }
}
