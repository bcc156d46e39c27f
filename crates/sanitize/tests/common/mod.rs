//! What the property tests check on a tree that a browser would build from an output string:
//! that it holds nothing the configuration, the safe baseline or the safe methods' URL and
//! `on*` rules would remove.

#![allow(dead_code)]

use websyntax_html::dom::{AttrNamespace, Namespace, NodeKind};
use websyntax_html::{Document, NodeId};
use websyntax_sanitize::{Name, Sanitizer, SanitizerConfig, contains_javascript_url};

/// Every node below `root` (children, template contents, shadow roots), iteratively.
pub fn all_nodes(doc: &Document, root: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        for c in doc.children(n) {
            out.push(c);
            stack.push(c);
        }
        if let Some(t) = doc.template_contents(n) {
            stack.push(t);
        }
        if let Some(s) = doc.shadow_root(n) {
            stack.push(s);
        }
    }
    out
}

/// The elements the tree builder implies from their contents (a `td` start tag in a table
/// body opens a `tr`; a `tr` in a table a `tbody`; a `col` a `colgroup`): when a configuration
/// replaces one with its children, re-parsing brings it back. The spec's note on
/// replaceWithChildrenElements says so ("these restrictions are not enough to prevent all
/// kinds of reparsing attacks", with `tr` as the example). These elements run no script.
pub fn implied(ns: Namespace, name: &str) -> bool {
    ns == Namespace::Html && matches!(name, "tbody" | "tr" | "colgroup" | "head" | "body")
}

pub fn replaced_implied(c: &SanitizerConfig, name: &Name, ns: Namespace, local: &str) -> bool {
    implied(ns, local)
        && c.replace_with_children_elements
            .as_ref()
            .is_some_and(|r| r.contains(name))
}

/// Whether an attribute in no namespace named `name` is one the safe methods always remove:
/// its name starts with `on`, ASCII case-insensitively.
pub fn is_on_attribute(name: &str) -> bool {
    name.as_bytes()
        .get(..2)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"on"))
}

/// Where a tree comes from: a fragment, or a whole document (whose `html`, `head` and `body`
/// the parser makes whatever the string holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tree {
    Fragment,
    Document,
}

/// The check: the configuration allows every node (with `safe`, the configuration after
/// removeUnsafe, with no `on*` attribute and no javascript: URL in a navigating attribute).
pub fn check_tree(
    doc: &Document,
    root: NodeId,
    s: &Sanitizer,
    safe: bool,
    tree: Tree,
) -> Result<(), String> {
    let mut safe_s = s.clone();
    if safe {
        safe_s.remove_unsafe();
    }
    let c = safe_s.get();
    let en = |ns: Namespace, n: &str| Name::element(n, Some(ns.url()));
    for n in all_nodes(doc, root) {
        match doc.kind(n) {
            NodeKind::Comment if c.comments != Some(true) => return Err("a comment".into()),
            NodeKind::Element => {
                let e = doc.element(n).unwrap();
                let name = en(e.namespace(), e.name());
                let made_by_parser = tree == Tree::Document
                    && e.namespace() == Namespace::Html
                    && matches!(e.name(), "html" | "head" | "body");
                let entry = c
                    .elements
                    .as_ref()
                    .map(|l| l.iter().find(|x| x.name == name));
                match &entry {
                    Some(None) if replaced_implied(&c, &name, e.namespace(), e.name()) => {}
                    Some(None) if made_by_parser => {}
                    Some(None) => return Err(format!("element {name} not allowed")),
                    None if c.remove_elements.as_ref().unwrap().contains(&name)
                        && !made_by_parser =>
                    {
                        return Err(format!("element {name} removed"));
                    }
                    _ => {}
                }
                let replaced = c
                    .replace_with_children_elements
                    .as_ref()
                    .is_some_and(|r| r.contains(&name));
                if replaced && !implied(e.namespace(), e.name()) && !made_by_parser {
                    return Err(format!("element {name} to be replaced"));
                }
                for a in e.attrs() {
                    let an = Name {
                        name: a.name().to_owned(),
                        namespace: a.namespace().url().map(str::to_owned),
                    };
                    if safe && an.namespace.is_none() && is_on_attribute(a.name()) {
                        return Err(format!("event handler {an} on {name}"));
                    }
                    let local = entry.flatten();
                    let allowed = if local
                        .and_then(|l| l.remove_attributes.as_ref())
                        .is_some_and(|r| r.contains(&an))
                    {
                        false
                    } else if let Some(g) = &c.attributes {
                        g.contains(&an)
                            || local
                                .and_then(|l| l.attributes.as_ref())
                                .is_some_and(|l| l.contains(&an))
                            || (c.data_attributes == Some(true)
                                && an.namespace.is_none()
                                && an.name.starts_with("data-"))
                    } else {
                        !(local
                            .and_then(|l| l.attributes.as_ref())
                            .is_some_and(|l| !l.contains(&an))
                            || c.remove_attributes.as_ref().unwrap().contains(&an))
                    };
                    if !allowed {
                        return Err(format!("attribute {an} on {name}"));
                    }
                    let nav = matches!(
                        (e.namespace(), e.name(), a.name(), a.namespace()),
                        (
                            Namespace::Html,
                            "a" | "area" | "base",
                            "href",
                            AttrNamespace::None
                        ) | (
                            Namespace::Html,
                            "button" | "input",
                            "formaction",
                            AttrNamespace::None
                        ) | (Namespace::Html, "form", "action", AttrNamespace::None)
                            | (
                                Namespace::Svg,
                                "a",
                                "href",
                                AttrNamespace::None | AttrNamespace::XLink
                            )
                            | (
                                Namespace::MathMl,
                                _,
                                "href",
                                AttrNamespace::None | AttrNamespace::XLink
                            )
                    );
                    if safe && nav && contains_javascript_url(a.value()) {
                        return Err(format!("javascript: URL in {an} on {name}"));
                    }
                    if safe
                        && e.namespace() == Namespace::Html
                        && e.name() == "meta"
                        && a.name() == "http-equiv"
                        && a.namespace() == AttrNamespace::None
                        && a.value().trim().eq_ignore_ascii_case("refresh")
                    {
                        return Err(format!("meta refresh on {name}"));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}
