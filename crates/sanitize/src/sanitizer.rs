//! The `Sanitizer` interface (HTML §8.6.2; WICG "Sanitizer API", "Modify the Configuration",
//! "Set the Configuration"): construction, `get()`, the modifier methods and "remove unsafe".

use std::sync::OnceLock;
use websyntax_html::sort::sort_by_cold;

use crate::builtins;
use crate::config::{
    ConfigError, ElementEntry, Name, SanitizerConfig, code_unit_cmp,
    convert_element_with_attributes, name_cmp,
};
use crate::core::Compiled;

/// A sanitizer: a valid, canonical [`SanitizerConfig`] and the methods of the HTML
/// Standard's `Sanitizer` interface. The matching tables built from the configuration are
/// kept (one for the safe methods, one for the unsafe ones) until a modifier changes it.
///
/// ```
/// use websyntax_sanitize::{Sanitizer, sanitize_fragment};
/// let mut s = Sanitizer::default(); // the built-in safe default configuration
/// assert_eq!(sanitize_fragment("<p onclick=x>Hi<script>1</script>", "div", &s), "<p>Hi</p>");
/// s.allow_element("mark");
/// // An element the configuration does not allow goes with its contents.
/// assert_eq!(sanitize_fragment("<mark>m</mark><blink>b</blink>", "div", &s), "<mark>m</mark>");
/// ```
#[derive(Debug)]
pub struct Sanitizer {
    config: SanitizerConfig,
    compiled_safe: OnceLock<Compiled>,
    compiled_unsafe: OnceLock<Compiled>,
}

impl Clone for Sanitizer {
    fn clone(&self) -> Self {
        Sanitizer::from_valid(self.config.clone())
    }
}

impl Default for Sanitizer {
    /// `new Sanitizer()`: the built-in safe default configuration.
    fn default() -> Self {
        Sanitizer::from_valid(builtins::safe_default_configuration())
    }
}

impl Sanitizer {
    fn from_valid(config: SanitizerConfig) -> Sanitizer {
        Sanitizer {
            config,
            compiled_safe: OnceLock::new(),
            compiled_unsafe: OnceLock::new(),
        }
    }

    /// `new Sanitizer(configuration)`: "set a configuration" with
    /// `allowCommentsPIsAndDataAttributes` true (absent `comments` and `dataAttributes` mean
    /// true). An invalid configuration is an error saying why (the browser's `TypeError`).
    pub fn new(config: SanitizerConfig) -> Result<Sanitizer, ConfigError> {
        Sanitizer::from_config(config, true)
    }

    /// "set a configuration" with an explicit `allowCommentsPIsAndDataAttributes`: a
    /// dictionary passed to `setHTML` ("get a sanitizer instance from options" with safe true)
    /// uses `false`, one passed to `setHTMLUnsafe` or the constructor `true`.
    pub fn from_config(
        mut config: SanitizerConfig,
        allow_comments_pis_and_data_attributes: bool,
    ) -> Result<Sanitizer, ConfigError> {
        config.canonicalize(allow_comments_pis_and_data_attributes);
        config.check_valid()?;
        Ok(Sanitizer::from_valid(config))
    }

    /// [`Sanitizer::new`] from the configuration's JSON; the JSON string `"default"` is the
    /// built-in safe default configuration (the `SanitizerPresets` value).
    pub fn from_json(json: &str) -> Result<Sanitizer, ConfigError> {
        let v: serde_json::Value =
            serde_json::from_str(json).map_err(|e| ConfigError(format!("not JSON: {e}")))?;
        if v == serde_json::Value::String("default".into()) {
            return Ok(Sanitizer::default());
        }
        Sanitizer::new(SanitizerConfig::from_value(&v)?)
    }

    /// "get a sanitizer instance from options" for the `sanitizer` member of `setHTML` /
    /// `setHTMLUnsafe` options given as JSON: absent (`None`) is `"default"` for the safe
    /// methods and `{}` for the unsafe ones; the string `"default"` is the built-in safe default
    /// configuration; an object (or `null`) is a dictionary, set with
    /// `allowCommentsPIsAndDataAttributes` = not `safe`. Anything else is an error, as the
    /// WebIDL union's conversion makes it.
    ///
    /// ```
    /// use websyntax_sanitize::{Sanitizer, sanitize_fragment};
    /// let v = serde_json::json!({"elements": ["b"]});
    /// let s = Sanitizer::from_options(Some(&v), true).unwrap();
    /// // Passed to setHTML, a dictionary without "comments" drops comments.
    /// assert_eq!(sanitize_fragment("<b>x</b><!--c--><i>y</i>", "div", &s), "<b>x</b>");
    /// ```
    pub fn from_options(
        sanitizer: Option<&serde_json::Value>,
        safe: bool,
    ) -> Result<Sanitizer, ConfigError> {
        match sanitizer {
            None if safe => Ok(Sanitizer::default()),
            None => Ok(Sanitizer::allow_everything()),
            Some(serde_json::Value::String(s)) if s == "default" => Ok(Sanitizer::default()),
            Some(v @ (serde_json::Value::Object(_) | serde_json::Value::Null)) => {
                Sanitizer::from_config(SanitizerConfig::from_value(v)?, !safe)
            }
            Some(v) => Err(ConfigError(format!(
                "the sanitizer option must be \"default\" or a configuration object, not {v}"
            ))),
        }
    }

    /// The empty configuration of `setHTMLUnsafe` without options: removes nothing.
    pub fn allow_everything() -> Sanitizer {
        let mut c = SanitizerConfig::default();
        c.canonicalize(true);
        Sanitizer::from_valid(c)
    }

    /// The configuration as stored (canonical, unsorted).
    pub fn config(&self) -> &SanitizerConfig {
        &self.config
    }

    pub(crate) fn compiled(&self, safe: bool) -> &Compiled {
        if safe {
            self.compiled_safe.get_or_init(|| {
                let mut c = self.config.clone();
                remove_unsafe(&mut c);
                Compiled::new(&c)
            })
        } else {
            self.compiled_unsafe
                .get_or_init(|| Compiled::new(&self.config))
        }
    }

    fn changed(&mut self, modified: bool) -> bool {
        if modified {
            self.compiled_safe = OnceLock::new();
            self.compiled_unsafe = OnceLock::new();
        }
        modified
    }

    /// `get()`: the configuration with every list sorted ("less than item"), exactly as the
    /// standard says (an `on*` attribute it lists is still removed by the safe methods).
    pub fn get(&self) -> SanitizerConfig {
        let mut c = self.config.clone();
        // One compiled sort for all of these lists (websyntax_html::sort).
        let sort = |l: &mut Vec<Name>| sort_by_cold(l, name_cmp);
        if let Some(el) = &mut c.elements {
            for e in el.iter_mut() {
                if let Some(a) = &mut e.attributes {
                    sort(a);
                }
                if let Some(a) = &mut e.remove_attributes {
                    sort(a);
                }
            }
            sort_by_cold(el, |a, b| name_cmp(&a.name, &b.name));
        } else if let Some(r) = &mut c.remove_elements {
            sort(r);
        }
        if let Some(r) = &mut c.replace_with_children_elements {
            sort(r);
        }
        if let Some(p) = &mut c.processing_instructions {
            sort_by_cold(p, |a, b| code_unit_cmp(a, b));
        } else if let Some(p) = &mut c.remove_processing_instructions {
            sort_by_cold(p, |a, b| code_unit_cmp(a, b));
        }
        if let Some(a) = &mut c.attributes {
            sort(a);
        } else if let Some(a) = &mut c.remove_attributes {
            sort(a);
        }
        c
    }

    /// `allowElement(element)`: `element` is a name string or `{"name", "namespace",
    /// "attributes"?, "removeAttributes"?}` as JSON (see [`Sanitizer::allow_element_entry`]).
    pub fn allow_element(&mut self, element: &str) -> bool {
        self.allow_element_entry(ElementEntry::new(Name::html(element)))
    }

    /// `allowElement` with a JSON `SanitizerElementWithAttributes` (a string or a dictionary).
    pub fn allow_element_json(&mut self, element: &serde_json::Value) -> Result<bool, ConfigError> {
        let e = convert_element_with_attributes(element)?;
        Ok(self.allow_element_entry(e))
    }

    /// `allowElement` with a canonical entry.
    pub fn allow_element_entry(&mut self, mut element: ElementEntry) -> bool {
        let c = &mut self.config;
        let modified;
        if let Some(elements) = &mut c.elements {
            // Step 4.1.
            modified = remove_name(&mut c.replace_with_children_elements, &element.name);
            if let Some(global) = &c.attributes {
                if let Some(a) = &mut element.attributes {
                    dedup(a);
                    a.retain(|x| !global.contains(x));
                    if c.data_attributes == Some(true) {
                        a.retain(|x| !x.is_custom_data_attribute());
                    }
                }
                if let Some(r) = &mut element.remove_attributes {
                    dedup(r);
                    r.retain(|x| global.contains(x));
                }
            } else {
                let global_remove = c.remove_attributes.as_deref().unwrap_or(&[]);
                if let Some(a) = &mut element.attributes {
                    dedup(a);
                    if let Some(r) = &element.remove_attributes {
                        a.retain(|x| !r.contains(x));
                    }
                    element.remove_attributes = None;
                    a.retain(|x| !global_remove.contains(x));
                }
                if let Some(r) = &mut element.remove_attributes {
                    dedup(r);
                    r.retain(|x| !global_remove.contains(x));
                }
            }
            match elements.iter().position(|e| e.name == element.name) {
                None => {
                    elements.push(element);
                    return self.changed(true);
                }
                Some(i) => {
                    if entries_equal(&elements[i], &element) {
                        return self.changed(modified);
                    }
                    elements.remove(i);
                    elements.push(element);
                    return self.changed(true);
                }
            }
        }
        // A global remove-list.
        if element.attributes.is_some()
            || element
                .remove_attributes
                .as_ref()
                .is_some_and(|r| !r.is_empty())
        {
            return false;
        }
        let modified = remove_name(&mut c.replace_with_children_elements, &element.name);
        let removed = remove_name(&mut c.remove_elements, &element.name);
        self.changed(modified || removed)
    }

    /// `removeElement(element)` (an HTML element name).
    pub fn remove_element(&mut self, element: &str) -> bool {
        self.remove_element_name(&Name::html(element))
    }

    /// `removeElement` with a canonical name ("remove an element").
    pub fn remove_element_name(&mut self, element: &Name) -> bool {
        let m = remove_element(&mut self.config, element);
        self.changed(m)
    }

    /// `replaceElementWithChildren(element)` (an HTML element name).
    pub fn replace_element_with_children(&mut self, element: &str) -> bool {
        self.replace_element_with_children_name(&Name::html(element))
    }

    /// `replaceElementWithChildren` with a canonical name.
    pub fn replace_element_with_children_name(&mut self, element: &Name) -> bool {
        if builtins::is_non_replaceable(element) {
            return false;
        }
        let c = &mut self.config;
        if c.replace_with_children_elements
            .as_ref()
            .is_some_and(|r| r.contains(element))
        {
            return false;
        }
        remove_name(&mut c.remove_elements, element);
        if let Some(el) = &mut c.elements {
            el.retain(|e| e.name != *element);
        }
        c.replace_with_children_elements
            .get_or_insert_with(Vec::new)
            .push(element.clone());
        self.changed(true)
    }

    /// `allowProcessingInstruction(target)`.
    pub fn allow_processing_instruction(&mut self, target: &str) -> bool {
        let c = &mut self.config;
        let m = if let Some(p) = &mut c.processing_instructions {
            if p.iter().any(|t| t == target) {
                false
            } else {
                p.push(target.to_owned());
                true
            }
        } else {
            let r = c
                .remove_processing_instructions
                .get_or_insert_with(Vec::new);
            let before = r.len();
            r.retain(|t| t != target);
            r.len() != before
        };
        self.changed(m)
    }

    /// `removeProcessingInstruction(target)`.
    pub fn remove_processing_instruction(&mut self, target: &str) -> bool {
        let c = &mut self.config;
        let m = if let Some(p) = &mut c.processing_instructions {
            let before = p.len();
            p.retain(|t| t != target);
            p.len() != before
        } else {
            let r = c
                .remove_processing_instructions
                .get_or_insert_with(Vec::new);
            if r.iter().any(|t| t == target) {
                false
            } else {
                r.push(target.to_owned());
                true
            }
        };
        self.changed(m)
    }

    /// `allowAttribute(attribute)` (a name without namespace).
    pub fn allow_attribute(&mut self, attribute: &str) -> bool {
        self.allow_attribute_name(&Name::attr(attribute))
    }

    /// `allowAttribute` with a canonical name.
    pub fn allow_attribute_name(&mut self, attribute: &Name) -> bool {
        let c = &mut self.config;
        let m = if let Some(global) = &mut c.attributes {
            if (c.data_attributes == Some(true) && attribute.is_custom_data_attribute())
                || global.contains(attribute)
            {
                false
            } else {
                for e in c.elements.iter_mut().flatten() {
                    if let Some(a) = &mut e.attributes {
                        a.retain(|x| x != attribute);
                    }
                }
                global.push(attribute.clone());
                true
            }
        } else {
            remove_name(&mut c.remove_attributes, attribute)
        };
        self.changed(m)
    }

    /// `removeAttribute(attribute)` (a name without namespace).
    pub fn remove_attribute(&mut self, attribute: &str) -> bool {
        self.remove_attribute_name(&Name::attr(attribute))
    }

    /// `removeAttribute` with a canonical name ("remove an attribute").
    pub fn remove_attribute_name(&mut self, attribute: &Name) -> bool {
        let m = remove_attribute(&mut self.config, attribute);
        self.changed(m)
    }

    /// `setComments(allow)`.
    pub fn set_comments(&mut self, allow: bool) -> bool {
        if self.config.comments == Some(allow) {
            return false;
        }
        self.config.comments = Some(allow);
        self.changed(true)
    }

    /// `setDataAttributes(allow)`: only with a global `attributes` allow-list.
    pub fn set_data_attributes(&mut self, allow: bool) -> bool {
        let c = &mut self.config;
        let Some(global) = &mut c.attributes else {
            return false;
        };
        if c.data_attributes == Some(allow) {
            return false;
        }
        if allow {
            global.retain(|a| !a.is_custom_data_attribute());
            for e in c.elements.iter_mut().flatten() {
                if let Some(a) = &mut e.attributes {
                    a.retain(|x| !x.is_custom_data_attribute());
                }
            }
        }
        c.data_attributes = Some(allow);
        self.changed(true)
    }

    /// `removeUnsafe()`: removes from the configuration everything the safe baseline removes
    /// and every event handler content attribute of the HTML Standard's list. (The safe
    /// methods also remove every other attribute whose name starts with `on` when they
    /// sanitize; the configuration keeps such names, as the standard's steps leave them.)
    pub fn remove_unsafe(&mut self) -> bool {
        let m = remove_unsafe(&mut self.config);
        self.changed(m)
    }
}

/// Two element entries are equal as ordered maps (lists compared as sets).
fn entries_equal(a: &ElementEntry, b: &ElementEntry) -> bool {
    let set_eq = |x: &Option<Vec<Name>>, y: &Option<Vec<Name>>| match (x, y) {
        (None, None) => true,
        (Some(x), Some(y)) => x.iter().all(|i| y.contains(i)) && y.iter().all(|i| x.contains(i)),
        _ => false,
    };
    a.name == b.name
        && set_eq(&a.attributes, &b.attributes)
        && set_eq(&a.remove_attributes, &b.remove_attributes)
}

fn dedup(list: &mut Vec<Name>) {
    let mut seen = rustc_hash::FxHashSet::default();
    list.retain(|x| seen.insert(x.clone()));
}

/// "remove an item from a list": whether it was there.
fn remove_name(list: &mut Option<Vec<Name>>, item: &Name) -> bool {
    match list {
        Some(l) => {
            let before = l.len();
            l.retain(|x| x != item);
            l.len() != before
        }
        None => false,
    }
}

/// "remove an element" from a configuration.
fn remove_element(c: &mut SanitizerConfig, element: &Name) -> bool {
    let modified = remove_name(&mut c.replace_with_children_elements, element);
    if let Some(el) = &mut c.elements {
        if let Some(i) = el.iter().position(|e| e.name == *element) {
            el.remove(i);
            return true;
        }
        return modified;
    }
    let r = c.remove_elements.get_or_insert_with(Vec::new);
    if r.contains(element) {
        return modified;
    }
    r.push(element.clone());
    true
}

/// "remove an attribute" from a configuration.
fn remove_attribute(c: &mut SanitizerConfig, attribute: &Name) -> bool {
    if let Some(global) = &mut c.attributes {
        let mut modified = {
            let before = global.len();
            global.retain(|x| x != attribute);
            global.len() != before
        };
        for e in c.elements.iter_mut().flatten() {
            if let Some(a) = &mut e.attributes
                && a.contains(attribute)
            {
                modified = true;
                a.retain(|x| x != attribute);
            }
            if let Some(r) = &mut e.remove_attributes {
                r.retain(|x| x != attribute);
            }
        }
        return modified;
    }
    let r = c.remove_attributes.get_or_insert_with(Vec::new);
    if r.contains(attribute) {
        return false;
    }
    for e in c.elements.iter_mut().flatten() {
        if let Some(a) = &mut e.attributes {
            a.retain(|x| x != attribute);
        }
        if let Some(r) = &mut e.remove_attributes {
            r.retain(|x| x != attribute);
        }
    }
    c.remove_attributes
        .get_or_insert_with(Vec::new)
        .push(attribute.clone());
    true
}

/// "remove unsafe" on a configuration.
pub(crate) fn remove_unsafe(c: &mut SanitizerConfig) -> bool {
    let baseline = builtins::safe_baseline_configuration();
    let mut result = false;
    for e in baseline.remove_elements.iter().flatten() {
        result |= remove_element(c, e);
    }
    for a in baseline.remove_attributes.iter().flatten() {
        result |= remove_attribute(c, a);
    }
    for h in builtins::EVENT_HANDLER_CONTENT_ATTRIBUTES {
        result |= remove_attribute(c, &Name::attr(h));
    }
    result
}
