//! Shadow roots (DOM §4.2.2 "shadow trees", §4.9 "attach a shadow root"), as far as the HTML
//! parser's declarative shadow roots need them (§13.2.6.4.4, start tag "template").

use std::fmt;
use std::str::FromStr;

use super::{Document, Namespace, NodeId};

/// A shadow root's mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShadowRootMode {
    /// `open`
    Open,
    /// `closed`
    Closed,
}

impl ShadowRootMode {
    /// The state of a `shadowrootmode` attribute value: its keywords `open` and `closed` match
    /// ASCII case-insensitively; any other value (the invalid value default) is the none state,
    /// `None`.
    ///
    /// ```
    /// use websyntax_html::dom::ShadowRootMode;
    /// assert_eq!(ShadowRootMode::from_attribute("OPEN"), Some(ShadowRootMode::Open));
    /// assert_eq!(ShadowRootMode::from_attribute("bogus"), None);
    /// ```
    pub fn from_attribute(value: &str) -> Option<ShadowRootMode> {
        if value.eq_ignore_ascii_case("open") {
            Some(ShadowRootMode::Open)
        } else if value.eq_ignore_ascii_case("closed") {
            Some(ShadowRootMode::Closed)
        } else {
            None
        }
    }

    /// `"open"` or `"closed"`.
    pub fn as_str(self) -> &'static str {
        match self {
            ShadowRootMode::Open => "open",
            ShadowRootMode::Closed => "closed",
        }
    }
}

impl fmt::Display for ShadowRootMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error parsing a [`ShadowRootMode`]: the text was neither `open` nor `closed`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidShadowRootMode(pub String);

impl fmt::Display for InvalidShadowRootMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid shadow root mode {:?}: expected `open` or `closed`",
            self.0
        )
    }
}

impl std::error::Error for InvalidShadowRootMode {}

impl FromStr for ShadowRootMode {
    type Err = InvalidShadowRootMode;

    /// `open` or `closed` (ASCII case-insensitive).
    fn from_str(s: &str) -> Result<ShadowRootMode, InvalidShadowRootMode> {
        ShadowRootMode::from_attribute(s).ok_or_else(|| InvalidShadowRootMode(s.to_owned()))
    }
}

/// A shadow root's slot assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SlotAssignment {
    /// `named` (the parser always uses this).
    Named,
    /// `manual`
    Manual,
}

/// A shadow root node's data ([`super::NodeData::ShadowRoot`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShadowRoot {
    /// The host element.
    pub host: NodeId,
    /// The mode.
    pub mode: ShadowRootMode,
    /// Whether it is clonable (`shadowrootclonable`).
    pub clonable: bool,
    /// Whether it is serializable (`shadowrootserializable`).
    pub serializable: bool,
    /// Whether it delegates focus (`shadowrootdelegatesfocus`).
    pub delegates_focus: bool,
    /// The slot assignment.
    pub slot_assignment: SlotAssignment,
    /// Whether it was created declaratively (by the parser).
    pub declarative: bool,
    /// Whether it is available to element internals.
    pub available_to_element_internals: bool,
    /// Living standard only: the shadow root's custom element registry is null (declared with
    /// `shadowrootcustomelementregistry`: "Let registry be null if templateStartTag has a
    /// shadowrootcustomelementregistry attribute"); false means the document's registry.
    pub null_custom_element_registry: bool,
}

/// Why "attach a shadow root" failed (the DOM's `NotSupportedError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttachShadowRootError {
    /// The node is not an element.
    NotAnElement(NodeId),
    /// The element is not in the HTML namespace.
    NotHtml(NodeId),
    /// The element's local name is neither a valid custom element name nor one of the valid
    /// shadow host names.
    InvalidHostName(NodeId, String),
    /// The element already is a shadow host.
    AlreadyAShadowHost(NodeId),
}

impl fmt::Display for AttachShadowRootError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttachShadowRootError::NotAnElement(n) => {
                write!(f, "cannot attach a shadow root to node {n}: not an element")
            }
            AttachShadowRootError::NotHtml(n) => write!(
                f,
                "cannot attach a shadow root to element {n}: not in the HTML namespace"
            ),
            AttachShadowRootError::InvalidHostName(n, name) => write!(
                f,
                "cannot attach a shadow root to element {n}: <{name}> is not a valid shadow host name"
            ),
            AttachShadowRootError::AlreadyAShadowHost(n) => write!(
                f,
                "cannot attach a shadow root to element {n}: it already is a shadow host"
            ),
        }
    }
}

impl std::error::Error for AttachShadowRootError {}

/// Whether `name` is a valid shadow host name (DOM "attach a shadow root" step 2): a valid
/// custom element name, or one of `article`, `aside`, `blockquote`, `body`, `div`, `footer`,
/// `h1`-`h6`, `header`, `main`, `nav`, `p`, `section`, `span`.
///
/// ```
/// use websyntax_html::dom::is_valid_shadow_host_name;
/// assert!(is_valid_shadow_host_name("div"));
/// assert!(is_valid_shadow_host_name("my-element"));
/// assert!(!is_valid_shadow_host_name("table"));
/// ```
pub fn is_valid_shadow_host_name(name: &str) -> bool {
    matches!(
        name,
        "article"
            | "aside"
            | "blockquote"
            | "body"
            | "div"
            | "footer"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "header"
            | "main"
            | "nav"
            | "p"
            | "section"
            | "span"
    ) || is_valid_custom_element_name(name)
}

/// Whether `name` is a valid custom element name (HTML §4.13.2): it matches the
/// PotentialCustomElementName production (`[a-z] (PCENChar)* '-' (PCENChar)*`) and is not one of
/// the reserved names (`annotation-xml`, `color-profile`, `font-face`, ...).
///
/// ```
/// use websyntax_html::dom::is_valid_custom_element_name;
/// assert!(is_valid_custom_element_name("x-y"));
/// assert!(!is_valid_custom_element_name("font-face"));
/// assert!(!is_valid_custom_element_name("X-Y"));
/// ```
pub fn is_valid_custom_element_name(name: &str) -> bool {
    fn pcen_char(c: char) -> bool {
        matches!(c,
            '-' | '.' | '0'..='9' | '_' | 'a'..='z' | '\u{B7}'
            | '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{37D}'
            | '\u{37F}'..='\u{1FFF}' | '\u{200C}'..='\u{200D}' | '\u{203F}'..='\u{2040}'
            | '\u{2070}'..='\u{218F}' | '\u{2C00}'..='\u{2FEF}' | '\u{3001}'..='\u{D7FF}'
            | '\u{F900}'..='\u{FDCF}' | '\u{FDF0}'..='\u{FFFD}' | '\u{10000}'..='\u{EFFFF}')
    }
    let mut chars = name.chars();
    if !chars.next().is_some_and(|c| c.is_ascii_lowercase()) {
        return false;
    }
    if !name.contains('-') || !chars.all(pcen_char) {
        return false;
    }
    !matches!(
        name,
        "annotation-xml"
            | "color-profile"
            | "font-face"
            | "font-face-src"
            | "font-face-uri"
            | "font-face-format"
            | "font-face-name"
            | "missing-glyph"
    )
}

impl Document {
    /// The shadow root of `host`, if it is a shadow host.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::dom::{NodeData, ShadowRootMode};
    /// let opts = ParseOptions { allow_declarative_shadow_roots: true, ..Default::default() };
    /// let doc = parse_document("<div><template shadowrootmode=closed><p>x", opts);
    /// let div = doc.find_element("div").unwrap();
    /// let root = doc.shadow_root(div).unwrap();
    /// match doc.data(root) {
    ///     NodeData::ShadowRoot(s) => assert_eq!(s.mode, ShadowRootMode::Closed),
    ///     _ => unreachable!(),
    /// }
    /// assert_eq!(doc.text_content(root), "x");
    /// ```
    #[inline]
    pub fn shadow_root(&self, host: NodeId) -> Option<NodeId> {
        if self.shadow_roots.is_empty() {
            // The usual case (no shadow roots): no hashing.
            return None;
        }
        self.shadow_roots.get(&host).copied()
    }

    /// Whether `id` is a shadow host (has a shadow root).
    pub fn is_shadow_host(&self, id: NodeId) -> bool {
        self.shadow_roots.contains_key(&id)
    }

    /// DOM "attach a shadow root" (without custom element definitions, which this crate does not
    /// have): checks that `host` is an HTML element with a valid shadow host name that is not
    /// already a shadow host, then creates the shadow root (not declarative, not available to
    /// element internals; the parser sets both afterwards) and returns it.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// use websyntax_html::dom::{ShadowRootMode, SlotAssignment};
    /// let mut doc = parse_document("<div></div><table></table>", ParseOptions::default());
    /// let div = doc.find_element("div").unwrap();
    /// let table = doc.find_element("table").unwrap();
    /// let m = ShadowRootMode::Open;
    /// assert!(doc.attach_shadow_root(div, m, false, false, false, SlotAssignment::Named).is_ok());
    /// assert!(doc.attach_shadow_root(div, m, false, false, false, SlotAssignment::Named).is_err());
    /// assert!(doc.attach_shadow_root(table, m, false, false, false, SlotAssignment::Named).is_err());
    /// ```
    pub fn attach_shadow_root(
        &mut self,
        host: NodeId,
        mode: ShadowRootMode,
        clonable: bool,
        serializable: bool,
        delegates_focus: bool,
        slot_assignment: SlotAssignment,
    ) -> Result<NodeId, AttachShadowRootError> {
        let e = self
            .element(host)
            .ok_or(AttachShadowRootError::NotAnElement(host))?;
        // Step 1: the namespace.
        if e.namespace() != Namespace::Html {
            return Err(AttachShadowRootError::NotHtml(host));
        }
        // Step 2: the local name.
        if !is_valid_shadow_host_name(e.name()) {
            return Err(AttachShadowRootError::InvalidHostName(
                host,
                e.name().to_string(),
            ));
        }
        // Step 4: already a shadow host (a declarative shadow root of the same mode would be
        // emptied and reused by the DOM; the parser checks "is a shadow host" first, so it never
        // gets here with one).
        if self.is_shadow_host(host) {
            return Err(AttachShadowRootError::AlreadyAShadowHost(host));
        }
        // Steps 5-12: the shadow root.
        let root = self.create_shadow_root(ShadowRoot {
            host,
            mode,
            clonable,
            serializable,
            delegates_focus,
            slot_assignment,
            declarative: false,
            available_to_element_internals: false,
            null_custom_element_registry: false,
        });
        self.shadow_roots.insert(host, root);
        Ok(root)
    }
}
