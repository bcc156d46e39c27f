//! `clean`: nh3's (and ammonia's) cleaning, with their arguments and their meaning, on our
//! parser and our sanitizer core, for code that moves from those libraries. Not part of the
//! HTML Standard. docs/sanitize.md lists where the results differ from nh3.
//!
//! What nh3 means, in short: an element whose name is not in `tags` is replaced with its
//! children (its text stays), except the `clean_content_tags` (`script`, `style`), which go
//! with their contents; attributes are kept when listed (globally under `"*"`, per element, by
//! prefix, or by value); URL attributes keep only the listed schemes (`data:`, `javascript:`,
//! `vbscript:` are not listed by default) and relative URLs as `url_relative` says; `rel` is
//! set on links.
//!
//! On top of that, whatever the arguments (user hooks included: `attribute_filter`,
//! `url_relative`'s callback, `set_tag_attribute_values`), the safe sanitizer core runs last,
//! so the output never holds a script-running element or attribute (no `on*` attribute, no
//! `javascript:` navigation, no `script`, `iframe`, `object` ...), and it parses back to
//! itself ([`crate::fragment_to_string`]).

mod filter;
mod style;
mod text;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::sync::{Arc, OnceLock};

use websyntax_html::{Context, ParseOptions, Standard};

use crate::config::{ConfigError, ElementEntry, Name, SanitizerConfig};
use crate::{Sanitizer, fragment_options};

pub use style::filter_style;
pub use text::{clean_text, is_html};

/// nh3's `attribute_filter`: called with the element's name, the attribute's name and its
/// value; returns the value to keep (`None`: remove the attribute).
pub type AttributeFilter = Arc<dyn Fn(&str, &str, &str) -> Option<String> + Send + Sync>;

/// nh3's `url_relative` callback: called with a relative URL; returns the URL to use (`None`:
/// remove the attribute).
pub type UrlRewrite = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// What happens to relative URLs in URL attributes (nh3's `url_relative`).
#[derive(Clone, Default)]
pub enum UrlRelative {
    /// Kept as they are (the default).
    #[default]
    PassThrough,
    /// Removed.
    Deny,
    /// Resolved against this base URL.
    RewriteWithBase(websyntax_url::Url),
    /// Forced into the directory `root`: a path-absolute URL is resolved against `root`
    /// without its leading `/`, a path-relative one against `path` resolved against `root`.
    RewriteWithRoot {
        /// The directory.
        root: websyntax_url::Url,
        /// The path of the document the URLs are relative to, below `root`.
        path: String,
    },
    /// Rewritten by a callback.
    Custom(UrlRewrite),
}

impl fmt::Debug for UrlRelative {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlRelative::PassThrough => f.write_str("PassThrough"),
            UrlRelative::Deny => f.write_str("Deny"),
            UrlRelative::RewriteWithBase(u) => write!(f, "RewriteWithBase({})", u.href()),
            UrlRelative::RewriteWithRoot { root, path } => {
                write!(f, "RewriteWithRoot({}, {path:?})", root.href())
            }
            UrlRelative::Custom(_) => f.write_str("Custom(..)"),
        }
    }
}

/// nh3's (ammonia's) default `tags`.
pub const ALLOWED_TAGS: &[&str] = &[
    "a",
    "abbr",
    "acronym",
    "area",
    "article",
    "aside",
    "b",
    "bdi",
    "bdo",
    "blockquote",
    "br",
    "caption",
    "center",
    "cite",
    "code",
    "col",
    "colgroup",
    "data",
    "dd",
    "del",
    "details",
    "dfn",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "i",
    "img",
    "ins",
    "kbd",
    "li",
    "map",
    "mark",
    "nav",
    "ol",
    "p",
    "pre",
    "q",
    "rp",
    "rt",
    "rtc",
    "ruby",
    "s",
    "samp",
    "small",
    "span",
    "strike",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "time",
    "tr",
    "tt",
    "u",
    "ul",
    "var",
    "wbr",
];

/// nh3's default `attributes`: the attributes allowed per element (and under `"*"`, on every
/// element).
pub const ALLOWED_ATTRIBUTES: &[(&str, &[&str])] = &[
    ("*", &["lang", "title"]),
    ("a", &["href", "hreflang"]),
    ("bdo", &["dir"]),
    ("blockquote", &["cite"]),
    ("col", &["align", "char", "charoff", "span"]),
    ("colgroup", &["align", "char", "charoff", "span"]),
    ("del", &["cite", "datetime"]),
    ("hr", &["align", "size", "width"]),
    ("img", &["align", "alt", "height", "src", "width"]),
    ("ins", &["cite", "datetime"]),
    ("ol", &["start"]),
    ("q", &["cite"]),
    ("table", &["align", "char", "charoff", "summary"]),
    ("tbody", &["align", "char", "charoff"]),
    (
        "td",
        &["align", "char", "charoff", "colspan", "headers", "rowspan"],
    ),
    ("tfoot", &["align", "char", "charoff"]),
    (
        "th",
        &[
            "align", "char", "charoff", "colspan", "headers", "rowspan", "scope",
        ],
    ),
    ("thead", &["align", "char", "charoff"]),
    ("tr", &["align", "char", "charoff"]),
];

/// nh3's default `url_schemes`.
pub const ALLOWED_URL_SCHEMES: &[&str] = &[
    "bitcoin",
    "ftp",
    "ftps",
    "geo",
    "http",
    "https",
    "im",
    "irc",
    "ircs",
    "magnet",
    "mailto",
    "mms",
    "mx",
    "news",
    "nntp",
    "openpgp4fpr",
    "sip",
    "sms",
    "smsto",
    "ssh",
    "tel",
    "url",
    "webcal",
    "wtai",
    "xmpp",
];

/// nh3's default `clean_content_tags`: removed with their contents.
pub const CLEAN_CONTENT_TAGS: &[&str] = &["script", "style"];

/// nh3's default `link_rel`.
pub const DEFAULT_LINK_REL: &str = "noopener noreferrer";

/// The arguments of [`clean`] and [`Cleaner::new`], nh3's keywords; [`CleanOptions::new`] (and
/// `Default`) is nh3's defaults. `None` for a list is nh3's default list.
#[derive(Clone)]
pub struct CleanOptions {
    /// The elements to keep, by local name in any namespace, as nh3 matches them (`None`:
    /// [`ALLOWED_TAGS`]). Any other element is replaced with its children.
    pub tags: Option<Vec<String>>,
    /// The elements removed with their contents (`None`: [`CLEAN_CONTENT_TAGS`]); none may be
    /// in `tags`.
    pub clean_content_tags: Option<Vec<String>>,
    /// Attributes to keep, per element name; the key `"*"` is for every element (`None`:
    /// [`ALLOWED_ATTRIBUTES`]).
    pub attributes: Option<BTreeMap<String, Vec<String>>>,
    /// Called for each attribute kept (after every other rule), its result is the value kept.
    pub attribute_filter: Option<AttributeFilter>,
    /// Whether to remove comments (nh3's default: true).
    pub strip_comments: bool,
    /// The `rel` set on every `a` element (nh3's default: `noopener noreferrer`); with a
    /// value, `rel` may not be in `attributes`.
    pub link_rel: Option<String>,
    /// Attribute name prefixes allowed on every element (`data-`, ...).
    pub generic_attribute_prefixes: Option<Vec<String>>,
    /// Per element, per attribute: the values (ASCII case-insensitively) with which the
    /// attribute is kept; an attribute here may not also be in `attributes`.
    pub tag_attribute_values: Option<BTreeMap<String, BTreeMap<String, Vec<String>>>>,
    /// Per element, attributes set to a value (added or replaced) on every such element kept.
    pub set_tag_attribute_values: Option<BTreeMap<String, BTreeMap<String, String>>>,
    /// URL schemes allowed in URL attributes (`None`: [`ALLOWED_URL_SCHEMES`]).
    pub url_schemes: Option<Vec<String>>,
    /// Per element, the classes kept in its `class` attribute (which is then kept without
    /// being listed in `attributes`).
    pub allowed_classes: Option<BTreeMap<String, Vec<String>>>,
    /// The CSS properties kept in `style` attributes (`None`: `style` is kept as it is when
    /// allowed).
    pub filter_style_properties: Option<Vec<String>>,
    /// What happens to relative URLs.
    pub url_relative: UrlRelative,
    /// Prepended to every `id` value kept that does not start with it.
    pub id_prefix: Option<String>,
    /// Which standards parse the input and its URLs: [`Standard::Seed`] (the default) or
    /// [`Standard::Living`].
    pub standard: Standard,
}

impl Default for CleanOptions {
    fn default() -> Self {
        CleanOptions {
            tags: None,
            clean_content_tags: None,
            attributes: None,
            attribute_filter: None,
            strip_comments: true,
            link_rel: Some(DEFAULT_LINK_REL.to_owned()),
            generic_attribute_prefixes: None,
            tag_attribute_values: None,
            set_tag_attribute_values: None,
            url_schemes: None,
            allowed_classes: None,
            filter_style_properties: None,
            url_relative: UrlRelative::PassThrough,
            id_prefix: None,
            standard: Standard::Seed,
        }
    }
}

impl fmt::Debug for CleanOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CleanOptions")
            .field("tags", &self.tags)
            .field("clean_content_tags", &self.clean_content_tags)
            .field("attributes", &self.attributes)
            .field(
                "attribute_filter",
                &self.attribute_filter.as_ref().map(|_| ".."),
            )
            .field("strip_comments", &self.strip_comments)
            .field("link_rel", &self.link_rel)
            .field(
                "generic_attribute_prefixes",
                &self.generic_attribute_prefixes,
            )
            .field("tag_attribute_values", &self.tag_attribute_values)
            .field("set_tag_attribute_values", &self.set_tag_attribute_values)
            .field("url_schemes", &self.url_schemes)
            .field("allowed_classes", &self.allowed_classes)
            .field("filter_style_properties", &self.filter_style_properties)
            .field("url_relative", &self.url_relative)
            .field("id_prefix", &self.id_prefix)
            .field("standard", &self.standard)
            .finish()
    }
}

impl CleanOptions {
    /// nh3's defaults: see the type's docs.
    pub fn new() -> CleanOptions {
        CleanOptions::default()
    }

    /// `attributes`, or nh3's default ([`ALLOWED_ATTRIBUTES`]).
    fn attributes_or_default(&self) -> BTreeMap<String, Vec<String>> {
        match &self.attributes {
            Some(m) => m.clone(),
            None => ALLOWED_ATTRIBUTES
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.iter().map(|s| (*s).to_owned()).collect()))
                .collect(),
        }
    }

    /// A Sanitizer API configuration that keeps everything [`clean`]'s output can hold with
    /// these `tags` and `attributes` (the `rel` of `link_rel` included; not the attributes
    /// only `generic_attribute_prefixes`, `tag_attribute_values`, `allowed_classes` or
    /// `set_tag_attribute_values` allow). The elements the parser makes without a start tag
    /// (`tbody`, `tr`, `colgroup`) are replaced with their children when not in `tags`, as
    /// [`clean`] does. For checking output: sanitizing it again with this removes nothing.
    pub fn to_config(&self) -> SanitizerConfig {
        let attributes: BTreeMap<String, Vec<String>> = self.attributes_or_default();
        let global: Vec<Name> = match attributes.get("*") {
            Some(l) => l.iter().map(|a| Name::attr(a)).collect(),
            None => default_global().iter().map(|a| Name::attr(a)).collect(),
        };
        let tags: Vec<String> = match &self.tags {
            Some(t) => t.clone(),
            None => ALLOWED_TAGS.iter().map(|s| (*s).to_owned()).collect(),
        };
        let mut elements: Vec<ElementEntry> = Vec::new();
        for t in &tags {
            let mut attrs: Vec<Name> = Vec::new();
            for a in attributes.get(t).into_iter().flatten() {
                let n = Name::attr(a);
                if !global.contains(&n) && !attrs.contains(&n) {
                    attrs.push(n);
                }
            }
            if t == "a" && self.link_rel.is_some() && !attrs.contains(&Name::attr("rel")) {
                attrs.push(Name::attr("rel"));
            }
            for ns in [
                crate::config::HTML_NAMESPACE,
                crate::config::SVG_NAMESPACE,
                crate::config::MATHML_NAMESPACE,
            ] {
                let name = Name::element(t, Some(ns));
                if !elements.iter().any(|e| e.name == name) {
                    elements.push(ElementEntry {
                        name,
                        attributes: Some(attrs.clone()),
                        remove_attributes: None,
                    });
                }
            }
        }
        let mut g: Vec<Name> = Vec::new();
        for a in global {
            if !g.contains(&a) {
                g.push(a);
            }
        }
        SanitizerConfig {
            elements: Some(elements),
            replace_with_children_elements: Some(
                ["tbody", "tr", "colgroup"]
                    .iter()
                    .filter(|t| !tags.iter().any(|x| x == *t))
                    .map(|t| Name::element(t, Some(crate::config::HTML_NAMESPACE)))
                    .collect(),
            ),
            attributes: Some(g),
            comments: Some(!self.strip_comments),
            data_attributes: Some(false),
            ..SanitizerConfig::default()
        }
    }
}

/// Validated [`CleanOptions`] as lookup tables: nh3's `Cleaner`, made once and used for many
/// inputs.
pub struct Cleaner {
    options: CleanOptions,
    tags: HashSet<String>,
    clean_content: HashSet<String>,
    generic: HashSet<String>,
    per_tag: HashMap<String, HashSet<String>>,
    prefixes: Vec<String>,
    /// Per element, per attribute: the allowed values, ASCII-lowercased.
    values: HashMap<String, HashMap<String, Vec<String>>>,
    /// ASCII-lowercased.
    schemes: HashSet<String>,
    classes: HashMap<String, HashSet<String>>,
    /// ASCII-lowercased.
    styles: Option<HashSet<String>>,
}

impl fmt::Debug for Cleaner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Cleaner")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// The global attributes of [`ALLOWED_ATTRIBUTES`] (its `"*"` entry).
fn default_global() -> HashSet<String> {
    ALLOWED_ATTRIBUTES
        .iter()
        .filter(|(k, _)| *k == "*")
        .flat_map(|(_, v)| v.iter().map(|s| (*s).to_owned()))
        .collect()
}

fn set_of(v: &[String]) -> HashSet<String> {
    v.iter().cloned().collect()
}

fn invalid<T>(msg: String) -> Result<T, ConfigError> {
    Err(ConfigError(msg))
}

impl Cleaner {
    /// Checks `options` as nh3 does (a `ConfigError` naming the argument for: `rel` in
    /// `attributes` while `link_rel` is set; a tag both in `tags` and in
    /// `clean_content_tags`; an attribute both in `attributes` and in `tag_attribute_values`
    /// for the same element; `class` in `attributes` for an element of `allowed_classes`).
    pub fn new(options: CleanOptions) -> Result<Cleaner, ConfigError> {
        let tags: HashSet<String> = match &options.tags {
            Some(t) => set_of(t),
            None => ALLOWED_TAGS.iter().map(|s| (*s).to_owned()).collect(),
        };
        let clean_content: HashSet<String> = match &options.clean_content_tags {
            Some(t) => set_of(t),
            None => CLEAN_CONTENT_TAGS.iter().map(|s| (*s).to_owned()).collect(),
        };
        let mut sorted: Vec<&String> = clean_content.iter().collect();
        sorted.sort();
        if let Some(t) = sorted.into_iter().find(|t| tags.contains(*t)) {
            return invalid(format!(
                "tag \"{t}\" cannot appear in both `tags` and `clean_content_tags`; remove it \
                 from `clean_content_tags`, or pass a `tags` set without it"
            ));
        }
        let attributes: BTreeMap<String, Vec<String>> = options.attributes_or_default();
        let rel = attributes
            .iter()
            .find(|(_, l)| l.iter().any(|a| a == "rel"));
        if let (Some(_), Some((tag, _))) = (&options.link_rel, rel) {
            return invalid(format!(
                "\"rel\" attribute is not allowed for tag \"{tag}\" when link_rel is set; \
                 pass link_rel=None to manage the \"rel\" attribute directly"
            ));
        }
        if let (Some(values), Some(attrs)) = (&options.tag_attribute_values, &options.attributes) {
            let generic = attrs.get("*");
            for (tag, per) in values {
                for attr in per.keys() {
                    let listed = attrs.get(tag).is_some_and(|l| l.contains(attr))
                        || generic.is_some_and(|l| l.contains(attr));
                    if listed {
                        return invalid(format!(
                            "attribute \"{attr}\" on tag \"{tag}\" is in both `attributes` and \
                             `tag_attribute_values`: `attributes` allows every value, so the \
                             `tag_attribute_values` list would be ignored; drop \"{attr}\" from \
                             `attributes` to restrict it by value"
                        ));
                    }
                }
            }
        }
        if let Some(classes) = &options.allowed_classes {
            for tag in classes.keys() {
                let listed = attributes
                    .get(tag)
                    .is_some_and(|l| l.iter().any(|a| a == "class"))
                    || attributes
                        .get("*")
                        .is_some_and(|l| l.iter().any(|a| a == "class"));
                if listed {
                    return invalid(format!(
                        "attribute \"class\" of tag \"{tag}\" is in `attributes` while \
                         `allowed_classes` filters it; drop \"class\" from `attributes`"
                    ));
                }
            }
        }
        // As nh3: without a `"*"` entry, the default global attributes stay.
        let generic = match attributes.get("*") {
            Some(l) => set_of(l),
            None => default_global(),
        };
        let per_tag = attributes
            .iter()
            .filter(|(k, _)| k.as_str() != "*")
            .map(|(k, v)| (k.clone(), set_of(v)))
            .collect();
        let values = options
            .tag_attribute_values
            .iter()
            .flatten()
            .map(|(tag, per)| {
                let per = per
                    .iter()
                    .map(|(a, vs)| (a.clone(), vs.iter().map(|v| v.to_lowercase()).collect()))
                    .collect();
                (tag.clone(), per)
            })
            .collect();
        let schemes = match &options.url_schemes {
            Some(s) => s.iter().map(|x| x.to_ascii_lowercase()).collect(),
            None => ALLOWED_URL_SCHEMES
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        };
        let classes = options
            .allowed_classes
            .iter()
            .flatten()
            .map(|(k, v)| (k.clone(), set_of(v)))
            .collect();
        let styles = options
            .filter_style_properties
            .as_ref()
            .map(|l| l.iter().map(|p| p.to_ascii_lowercase()).collect());
        Ok(Cleaner {
            prefixes: options
                .generic_attribute_prefixes
                .clone()
                .unwrap_or_default(),
            options,
            tags,
            clean_content,
            generic,
            per_tag,
            values,
            schemes,
            classes,
            styles,
        })
    }

    /// The options this cleaner was made from.
    pub fn options(&self) -> &CleanOptions {
        &self.options
    }

    /// Cleans `html`, a fragment parsed as the children of a `div` (with scripting enabled,
    /// as nh3 parses): nh3's rules, then the safe sanitizer core; the result parses back to
    /// itself. The user hooks run once per attribute, on the first pass (later passes, which
    /// re-parse the output to make it a fixed point, keep their results).
    pub fn clean(&self, html: &str) -> String {
        let ctx = div_context();
        let parse = ParseOptions {
            standard: self.options.standard,
            ..fragment_options(ctx)
        };
        let first = std::cell::Cell::new(true);
        let filter = |doc: &mut websyntax_html::Document, root, pass| {
            let hooks = first.replace(false);
            filter::clean_tree(self, doc, root, pass, hooks);
            crate::sanitize_pass(doc, root, everything(), true, pass);
        };
        crate::fragment_to_string(html, ctx, parse, &filter).unwrap_or_default()
    }
}

/// The `div` context, made once.
fn div_context() -> &'static Context {
    static DIV: OnceLock<Context> = OnceLock::new();
    DIV.get_or_init(|| Context::html("div"))
}

/// The sanitizer of the last pass: everything allowed, which with the safe flag is "remove
/// unsafe" and the javascript: URL rules (and our stricter `on*` rule).
fn everything() -> &'static Sanitizer {
    static ALL: OnceLock<Sanitizer> = OnceLock::new();
    ALL.get_or_init(Sanitizer::allow_everything)
}

/// nh3's `clean`: [`Cleaner::new`] then [`Cleaner::clean`].
///
/// ```
/// use std::collections::BTreeMap;
/// use websyntax_sanitize::compat::{CleanOptions, clean};
/// let mut o = CleanOptions::new();
/// o.tags = Some(vec!["a".into(), "b".into()]);
/// o.attributes = Some(BTreeMap::from([("a".into(), vec!["href".into()])]));
/// o.url_schemes = Some(vec!["https".into()]);
/// o.link_rel = None;
/// let out = clean(r#"<a href="ftp://x/">f</a><a href="https://x/">h</a><b title=t>b</b><i>i</i>"#, &o).unwrap();
/// // `title` is one of nh3's global attributes, kept while `attributes` has no `"*"` entry.
/// assert_eq!(out, r#"<a>f</a><a href="https://x/">h</a><b title="t">b</b>i"#);
/// ```
pub fn clean(html: &str, options: &CleanOptions) -> Result<String, ConfigError> {
    Ok(Cleaner::new(options.clone())?.clean(html))
}
