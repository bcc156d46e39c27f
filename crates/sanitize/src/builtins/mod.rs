//! The built-ins (HTML §8.6.5; WICG "Builtins"): the safe default configuration, the safe
//! baseline configuration, the navigating and animating URL attribute lists and the
//! non-replaceable elements list. The two configurations and the event handler list are data,
//! generated into [`tables`] from the files in `crates/sanitize/data/`.

mod tables;

use crate::config::{
    ElementEntry, HTML_NAMESPACE, MATHML_NAMESPACE, Name, SVG_NAMESPACE, SanitizerConfig,
};
use tables::AttrEntry;

pub(crate) use tables::EVENT_HANDLER_CONTENT_ATTRIBUTES;

fn attr_names(list: &[AttrEntry]) -> Vec<Name> {
    list.iter()
        .map(|(ns, n)| Name {
            name: (*n).to_owned(),
            namespace: ns.map(str::to_owned),
        })
        .collect()
}

/// The built-in safe default configuration (canonical).
pub fn safe_default_configuration() -> SanitizerConfig {
    SanitizerConfig {
        elements: Some(
            tables::SAFE_DEFAULT_ELEMENTS
                .iter()
                .map(|(ns, n, a, r)| ElementEntry {
                    name: Name::element(n, Some(ns)),
                    attributes: a.map(attr_names),
                    remove_attributes: r.map(attr_names),
                })
                .map(|mut e| {
                    if e.attributes.is_none() && e.remove_attributes.is_none() {
                        e.remove_attributes = Some(Vec::new());
                    }
                    e
                })
                .collect(),
        ),
        processing_instructions: Some(
            tables::SAFE_DEFAULT_PROCESSING_INSTRUCTIONS
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        ),
        attributes: Some(attr_names(tables::SAFE_DEFAULT_ATTRIBUTES)),
        comments: Some(tables::SAFE_DEFAULT_COMMENTS),
        data_attributes: Some(tables::SAFE_DEFAULT_DATA_ATTRIBUTES),
        ..SanitizerConfig::default()
    }
}

/// The built-in safe baseline configuration: `removeElements` (with HTML `base`, which the
/// HTML Standard marks unsafe) and `removeAttributes`. "remove unsafe" also removes every
/// event handler content attribute.
pub fn safe_baseline_configuration() -> SanitizerConfig {
    SanitizerConfig {
        remove_elements: Some(
            tables::SAFE_BASELINE_REMOVE_ELEMENTS
                .iter()
                .map(|(ns, n)| Name::element(n, Some(ns)))
                .collect(),
        ),
        remove_attributes: Some(attr_names(tables::SAFE_BASELINE_REMOVE_ATTRIBUTES)),
        ..SanitizerConfig::default()
    }
}

/// The HTML Standard's event handler content attributes (`onclick`, ...), which "remove
/// unsafe" removes.
pub fn event_handler_content_attributes() -> &'static [&'static str] {
    EVENT_HANDLER_CONTENT_ATTRIBUTES
}

/// The built-in non-replaceable elements list: HTML `html`, SVG `svg`, MathML `math`.
pub(crate) fn is_non_replaceable(e: &Name) -> bool {
    matches!(
        (e.name.as_str(), e.namespace.as_deref()),
        ("html", Some(HTML_NAMESPACE))
            | ("svg", Some(SVG_NAMESPACE))
            | ("math", Some(MATHML_NAMESPACE))
    )
}
