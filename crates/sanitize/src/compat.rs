//! `clean`: nh3's and bleach's arguments (`tags`, `attributes`, `url_schemes`,
//! `strip_comments`) mapped onto a Sanitizer API configuration, for code that moves from those
//! libraries. Not part of the HTML Standard: the URL scheme filter is an addition (the standard
//! only removes javascript: URLs from navigating attributes). docs/sanitize.md lists where the
//! results differ from nh3.

use std::collections::BTreeMap;

use websyntax_html::dom::NodeKind;
use websyntax_html::{Context, Document, NodeId, ParseOptions, Standard};

use crate::builtins::safe_default_configuration;
use crate::config::{ConfigError, ElementEntry, Name, SanitizerConfig};
use crate::{Pass, Sanitizer, fragment_options, sanitize_pass};

/// The arguments of [`clean`]; `Default` is nh3's defaults as far as they map (the tags and
/// attributes of the safe default configuration, comments stripped, no scheme filter).
#[derive(Debug, Clone, Default)]
pub struct CleanOptions {
    /// The elements to keep, by local name in the HTML, SVG and MathML namespaces, as nh3
    /// matches them (`None`: the safe default configuration's elements, with their per-element
    /// attributes when `attributes` is `None` too).
    pub tags: Option<Vec<String>>,
    /// Attributes to keep, per element name; the key `"*"` is for every element (`None`: the
    /// safe default configuration's).
    pub attributes: Option<BTreeMap<String, Vec<String>>>,
    /// URL schemes allowed in URL attributes (`href`, `src`, `cite`, `action`, `formaction`,
    /// `poster`, `background`, `xlink:href`); a value that parses (against no base) to another
    /// scheme removes the attribute. `None`: no scheme filter.
    pub url_schemes: Option<Vec<String>>,
    /// Whether to remove comments (nh3's default: true).
    pub strip_comments: bool,
    /// Which standards parse the input and the URLs of `url_schemes`: [`Standard::Seed`] (the
    /// default) or [`Standard::Living`].
    pub standard: Standard,
}

impl CleanOptions {
    /// nh3's defaults: see the type's docs.
    pub fn new() -> CleanOptions {
        CleanOptions {
            strip_comments: true,
            ..CleanOptions::default()
        }
    }

    /// The Sanitizer API configuration these options map onto.
    pub fn to_config(&self) -> SanitizerConfig {
        let default = safe_default_configuration();
        let mut c = SanitizerConfig::default();
        let global: Vec<Name> = match &self.attributes {
            Some(m) => m
                .get("*")
                .map(|l| l.iter().map(|a| Name::attr(a)).collect())
                .unwrap_or_default(),
            None => default.attributes.clone().unwrap_or_default(),
        };
        let per_element = |name: &Name| -> Option<Vec<Name>> {
            let list: Vec<Name> = match &self.attributes {
                Some(m) => m
                    .get(&name.name)
                    .map(|l| l.iter().map(|a| Name::attr(a)).collect())
                    .unwrap_or_default(),
                None => default
                    .elements
                    .iter()
                    .flatten()
                    .find(|e| e.name == *name)
                    .and_then(|e| e.attributes.clone())
                    .unwrap_or_default(),
            };
            let mut out: Vec<Name> = Vec::new();
            for a in list {
                if !global.contains(&a) && !out.contains(&a) {
                    out.push(a);
                }
            }
            Some(out)
        };
        let names: Vec<Name> = match &self.tags {
            // nh3 matches tags by local name in any namespace: `svg` is the SVG element, `a`
            // the HTML and the SVG one.
            Some(t) => {
                let mut v: Vec<Name> = Vec::new();
                for n in t {
                    for ns in [
                        crate::config::HTML_NAMESPACE,
                        crate::config::SVG_NAMESPACE,
                        crate::config::MATHML_NAMESPACE,
                    ] {
                        let n = Name::element(n, Some(ns));
                        if !v.contains(&n) {
                            v.push(n);
                        }
                    }
                }
                v
            }
            None => default
                .elements
                .iter()
                .flatten()
                .map(|e| e.name.clone())
                .collect(),
        };
        c.elements = Some(
            names
                .into_iter()
                .map(|n| ElementEntry {
                    attributes: per_element(&n),
                    remove_attributes: None,
                    name: n,
                })
                .collect(),
        );
        let mut g: Vec<Name> = Vec::new();
        for a in global {
            if !g.contains(&a) {
                g.push(a);
            }
        }
        c.attributes = Some(g);
        c.comments = Some(!self.strip_comments);
        c.data_attributes = Some(false);
        c
    }
}

const URL_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "cite",
    "action",
    "formaction",
    "poster",
    "background",
];

/// Sanitizes `html` (as the children of a `div`, with the safe flag) with the configuration
/// `options` maps onto, then applies the URL scheme filter.
///
/// ```
/// use std::collections::BTreeMap;
/// use websyntax_sanitize::compat::{CleanOptions, clean};
/// let mut o = CleanOptions::new();
/// o.tags = Some(vec!["a".into(), "b".into()]);
/// o.attributes = Some(BTreeMap::from([("a".into(), vec!["href".into()])]));
/// o.url_schemes = Some(vec!["https".into()]);
/// let out = clean(r#"<a href="ftp://x/">f</a><a href="https://x/">h</a><b title=t>b</b>"#, &o).unwrap();
/// assert_eq!(out, r#"<a>f</a><a href="https://x/">h</a><b>b</b>"#);
/// ```
pub fn clean(html: &str, options: &CleanOptions) -> Result<String, ConfigError> {
    let sanitizer = Sanitizer::from_config(options.to_config(), false)?;
    let ctx = Context::html("div");
    let parse = ParseOptions {
        standard: options.standard,
        ..fragment_options(&ctx)
    };
    let filter = |doc: &mut Document, root: NodeId, pass: Pass| {
        sanitize_pass(doc, root, &sanitizer, true, pass);
        if let Some(schemes) = &options.url_schemes {
            filter_url_schemes(doc, root, schemes, options.standard);
        }
    };
    Ok(crate::fragment_to_string(html, &ctx, parse, &filter).unwrap_or_default())
}

/// nh3's `url_schemes`: removes URL attributes whose value parses (against no base) to a
/// scheme not in `schemes`.
fn filter_url_schemes(doc: &mut Document, root: NodeId, schemes: &[String], standard: Standard) {
    let mut stack: Vec<NodeId> = vec![root];
    let mut elements = Vec::new();
    while let Some(n) = stack.pop() {
        for c in doc.children(n) {
            if doc.kind(c) == NodeKind::Element {
                elements.push(c);
                stack.push(c);
            }
        }
        if let Some(t) = doc.template_contents(n) {
            stack.push(t);
        }
    }
    for e in elements {
        doc.retain_attributes(e, |a| {
            let is_url = URL_ATTRIBUTES.contains(&a.name())
                && matches!(
                    a.namespace(),
                    websyntax_html::dom::AttrNamespace::None
                        | websyntax_html::dom::AttrNamespace::XLink
                );
            if !is_url {
                return true;
            }
            match websyntax_url::Url::parse_with_standard(a.value(), None, standard) {
                Ok(u) => {
                    let s = u.scheme();
                    schemes.iter().any(|x| x.eq_ignore_ascii_case(s))
                }
                // A relative URL (or no URL): kept, as nh3 does.
                Err(_) => true,
            }
        });
    }
}
