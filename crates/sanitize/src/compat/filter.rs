//! nh3's (ammonia's) cleaning rules as one iterative pass over a parsed fragment: elements
//! removed with their contents, replaced with their children or kept; the attributes of those
//! kept filtered and adjusted. The safe sanitizer core runs after it ([`super::Cleaner::clean`]).

use websyntax_html::dom::{AttrNamespace, Namespace, NodeKind};
use websyntax_html::{Document, NodeId};

use super::{Cleaner, UrlRelative};
use crate::Pass;
use crate::core::advance;

/// One attribute as the pass handles it.
type Attr = (String, AttrNamespace, String);

/// Runs nh3's rules on the descendants of `root` (and the contents of the templates kept).
/// `hooks`: whether to call the user's callbacks (`attribute_filter`, `url_relative`'s); the
/// passes on re-parsed output keep what the first made of each attribute. In a
/// [`Pass::Check`], the elements the tree builder makes without a start tag stay.
pub(super) fn clean_tree(c: &Cleaner, doc: &mut Document, root: NodeId, pass: Pass, hooks: bool) {
    let mut roots = Vec::new();
    let mut first = Some(root);
    while let Some(root) = first.take().or_else(|| roots.pop()) {
        let mut cur = doc.first_child(root);
        while let Some(n) = cur {
            let next = doc.next_sibling(n);
            let Some(parent) = doc.parent(n) else { break };
            cur = match doc.kind(n) {
                NodeKind::Comment => {
                    if c.options.strip_comments {
                        let _ = doc.remove(n);
                    }
                    advance(doc, next, parent, root)
                }
                NodeKind::Element => match clean_element(c, doc, n, pass, hooks) {
                    None => advance(doc, next, parent, root),
                    Some((child, contents)) => {
                        if let Some(t) = contents {
                            roots.push(t);
                        }
                        child.or_else(|| advance(doc, next, parent, root))
                    }
                },
                _ => advance(doc, next, parent, root),
            };
        }
    }
}

/// Whether the tree builder makes this HTML element without a start tag for it (`html`,
/// `head`, `body`; `tbody`, `tr`, `colgroup` around their contents).
fn implied(name: &str) -> bool {
    matches!(name, "html" | "head" | "body" | "tbody" | "tr" | "colgroup")
}

/// One element. `None`: it was removed (go on after it); else the node to visit next (its
/// first child, or its children's first when it was replaced with them; `None` there: go on
/// after it) and the template contents to clean too.
fn clean_element(
    c: &Cleaner,
    doc: &mut Document,
    n: NodeId,
    pass: Pass,
    hooks: bool,
) -> Option<(Option<NodeId>, Option<NodeId>)> {
    let e = doc.element(n)?;
    let name = e.name().to_owned();
    let html = e.namespace() == Namespace::Html;
    let contents = e.template_contents();
    if pass == Pass::Check && html && implied(&name) {
        return Some((doc.first_child(n), None));
    }
    // clean_content_tags: the element and its contents go.
    if c.clean_content.contains(&name) {
        let _ = doc.remove(n);
        return None;
    }
    // Not in `tags`: its children take its place (and are visited next).
    if !c.tags.contains(&name) {
        let first = doc.first_child(n);
        if doc.replace_with_children(n).is_err() {
            let _ = doc.remove(n);
            return None;
        }
        return Some((first, None));
    }
    let before: Vec<Attr> = e
        .attrs()
        .map(|a| (a.name().to_owned(), a.namespace(), a.value().to_owned()))
        .collect();
    let after = clean_attributes(c, &name, before.clone(), hooks);
    if after != before {
        rewrite_attributes(doc, n, &after);
    }
    Some((doc.first_child(n), contents))
}

/// Replaces the attributes of `n` with `attrs`: those in a namespace are kept where their
/// value is unchanged (they cannot be set again), the others are set in order.
fn rewrite_attributes(doc: &mut Document, n: NodeId, attrs: &[Attr]) {
    doc.retain_attributes(n, |a| {
        a.namespace() != AttrNamespace::None
            && attrs
                .iter()
                .any(|(k, ns, v)| *ns == a.namespace() && k == a.name() && v == a.value())
    });
    for (k, ns, v) in attrs {
        if *ns == AttrNamespace::None {
            let _ = doc.set_attribute(n, k, v);
        }
    }
}

/// ammonia's URL attributes.
fn is_url_attribute(element: &str, attr: &str) -> bool {
    matches!(attr, "href" | "src")
        || (element == "form" && attr == "action")
        || (element == "object" && attr == "data")
        || (matches!(element, "button" | "input") && attr == "formaction")
        || (element == "a" && attr == "ping")
        || (element == "video" && attr == "poster")
}

/// What a URL attribute's value is, as nh3 sees it.
enum UrlKind {
    /// A URL with this scheme (ASCII-lowercased).
    Absolute(String),
    /// No scheme: relative.
    Relative,
    /// A scheme, but the URL does not parse.
    Invalid,
}

/// Whether `value` starts (after leading C0 controls and spaces, ignoring tabs and newlines)
/// with a scheme and `:`, as the URL parser's scheme state reads it.
fn url_kind(value: &str, standard: websyntax_html::Standard) -> UrlKind {
    match websyntax_url::Url::parse_with_standard(value, None, standard) {
        Ok(u) => UrlKind::Absolute(u.scheme().to_ascii_lowercase()),
        Err(_) => {
            let s: String = value
                .trim_start_matches(|ch: char| ch <= ' ')
                .chars()
                .filter(|ch| !matches!(ch, '\t' | '\n' | '\r'))
                .collect();
            let scheme_end = s.char_indices().find(|&(i, ch)| {
                !(ch.is_ascii_alphabetic()
                    || (i > 0 && (ch.is_ascii_digit() || matches!(ch, '+' | '-' | '.'))))
            });
            match scheme_end {
                Some((i, ':')) if i > 0 => UrlKind::Invalid,
                _ => UrlKind::Relative,
            }
        }
    }
}

/// Whether a URL attribute's value may stay: a listed scheme, or relative unless
/// `url_relative` denies relative URLs. Our rule on top of nh3's: a javascript: URL never
/// stays, even with `javascript` in `url_schemes`.
fn url_allowed(c: &Cleaner, value: &str) -> bool {
    if crate::contains_javascript_url(value) {
        return false;
    }
    match url_kind(value, c.options.standard) {
        UrlKind::Absolute(s) => c.schemes.contains(&s),
        UrlKind::Relative => !matches!(c.options.url_relative, UrlRelative::Deny),
        UrlKind::Invalid => false,
    }
}

/// An element's attributes after nh3's rules: the allow-lists (names, prefixes, values, the
/// `class` of `allowed_classes`) and the URL schemes; then `set_tag_attribute_values`,
/// `link_rel`, `id_prefix`, `attribute_filter`, `url_relative`, `filter_style_properties`,
/// `allowed_classes`, in ammonia's order; last the URL schemes again, on what the hooks
/// returned.
fn clean_attributes(c: &Cleaner, element: &str, attrs: Vec<Attr>, hooks: bool) -> Vec<Attr> {
    let o = &c.options;
    let per_tag = c.per_tag.get(element);
    let values = c.values.get(element);
    let mut out: Vec<Attr> = attrs
        .into_iter()
        .filter(|(name, _, value)| {
            let listed = c.generic.contains(name)
                || c.prefixes.iter().any(|p| name.starts_with(p.as_str()))
                || per_tag.is_some_and(|l| l.contains(name))
                || values
                    .and_then(|v| v.get(name))
                    .is_some_and(|vs| vs.contains(&value.to_lowercase()));
            if !listed {
                name == "class" && c.classes.contains_key(element)
            } else if is_url_attribute(element, name) {
                url_allowed(c, value)
            } else {
                true
            }
        })
        .collect();
    let set = |out: &mut Vec<Attr>, name: &str, value: &str| match out
        .iter_mut()
        .find(|(k, ns, _)| *ns == AttrNamespace::None && k == name)
    {
        Some(a) => a.2 = value.to_owned(),
        None => out.push((name.to_owned(), AttrNamespace::None, value.to_owned())),
    };
    // `set_tag_attribute_values` and `link_rel` come before `attribute_filter`, which may
    // change or remove what they set: on the passes over re-parsed output (`hooks` false),
    // whose attributes all come from the first pass, they are not applied again.
    if hooks {
        if let Some(per) = o
            .set_tag_attribute_values
            .as_ref()
            .and_then(|m| m.get(element))
        {
            for (k, v) in per {
                set(&mut out, k, v);
            }
        }
        if let (Some(rel), "a") = (&o.link_rel, element) {
            set(&mut out, "rel", rel);
        }
    }
    if let Some(prefix) = &o.id_prefix {
        for a in out.iter_mut().filter(|a| a.0 == "id") {
            if !a.2.starts_with(prefix.as_str()) {
                a.2 = format!("{prefix}{}", a.2);
            }
        }
    }
    if let (Some(f), true) = (&o.attribute_filter, hooks) {
        out = out
            .into_iter()
            .filter_map(|(k, ns, v)| f(element, &k, &v).map(|v| (k, ns, v)))
            .collect();
    }
    out = out
        .into_iter()
        .filter_map(|(k, ns, v)| {
            if is_url_attribute(element, &k)
                && matches!(url_kind(&v, o.standard), UrlKind::Relative)
            {
                relative(c, &v, hooks).map(|v| (k, ns, v))
            } else {
                Some((k, ns, v))
            }
        })
        .collect();
    if let Some(props) = &c.styles {
        for a in out.iter_mut().filter(|a| a.0 == "style") {
            a.2 = super::style::filter_with(&a.2, props);
        }
    }
    if let Some(allowed) = c.classes.get(element) {
        for a in out.iter_mut().filter(|a| a.0 == "class") {
            let kept: Vec<&str> =
                a.2.split_ascii_whitespace()
                    .filter(|k| allowed.contains(*k))
                    .collect();
            a.2 = kept.join(" ");
        }
    }
    // Our rule on top of nh3's: what the hooks made of a URL attribute passes the scheme
    // list too (a hook returning `javascript:` or `data:` does not get it through).
    out.retain(|(k, _, v)| !is_url_attribute(element, k) || url_allowed(c, v));
    out
}

/// `url_relative` on a relative URL: the value to keep (`None`: remove the attribute).
fn relative(c: &Cleaner, url: &str, hooks: bool) -> Option<String> {
    let standard = c.options.standard;
    let join = |base: &websyntax_url::Url, s: &str| {
        websyntax_url::Url::parse_with_standard(s, Some(base), standard)
            .ok()
            .map(|u| u.href().to_owned())
    };
    match &c.options.url_relative {
        UrlRelative::PassThrough => Some(url.to_owned()),
        UrlRelative::Deny => None,
        UrlRelative::RewriteWithBase(base) => join(base, url),
        UrlRelative::RewriteWithRoot { root, path } => {
            if url.starts_with("//") {
                join(root, url)
            } else if url == "/" {
                join(root, ".")
            } else if let Some(rest) = url.strip_prefix('/') {
                join(root, rest)
            } else {
                let dir =
                    websyntax_url::Url::parse_with_standard(path, Some(root), standard).ok()?;
                join(&dir, url)
            }
        }
        UrlRelative::Custom(f) if hooks => f(url),
        UrlRelative::Custom(_) => Some(url.to_owned()),
    }
}
