//! The "in head" insertion mode's `<meta>` encoding declaration (§13.2.6.4.4, "A start tag
//! whose tag name is one of: ... meta"): when the confidence is tentative, a `charset`
//! attribute or an `http-equiv=Content-Type` `content` attribute that names an encoding asks
//! the user agent to "change the encoding" (§13.2.3.4).
//!
//! The tree builder only records the request ([`TreeBuilder::take_encoding_declaration`]);
//! the byte-stream driver ([`crate::input_stream`]) runs "change the encoding", since only it
//! owns the decoder and the bytes.

use websyntax_encoding::Encoding;

use super::TreeBuilder;
use crate::sniff::extract_character_encoding_from_meta;
use crate::tokenizer::TagRef;

/// Whether `<meta>` declarations are looked at, and the first one that named an encoding.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct EncodingDeclaration {
    /// The confidence is tentative (set by the byte-stream driver; off for text input, whose
    /// confidence is irrelevant).
    pub(crate) tentative: bool,
    /// The encoding the first qualifying `<meta>` named, not yet taken by the driver.
    pub(crate) found: Option<Encoding>,
}

impl TreeBuilder {
    /// Tells the tree builder whether the confidence is tentative: only then does a `<meta>`
    /// inserted in "in head" (or processed with its rules) record an encoding declaration.
    /// Off by default (text input: the confidence is irrelevant).
    ///
    /// ```
    /// use websyntax_encoding::Encoding;
    /// use websyntax_html::tokenizer::Tokenizer;
    /// use websyntax_html::tree_builder::TreeBuilder;
    ///
    /// let mut tb = TreeBuilder::new(true, false);
    /// tb.set_confidence_tentative(true);
    /// let mut tb = Tokenizer::tokenize_str(tb, "<meta charset=koi8-r><meta charset=gbk>");
    /// assert_eq!(tb.take_encoding_declaration(), Some(Encoding::KOI8_R));
    /// assert_eq!(tb.take_encoding_declaration(), None);
    /// ```
    pub fn set_confidence_tentative(&mut self, tentative: bool) {
        self.encoding_declaration.tentative = tentative;
        if !tentative {
            self.encoding_declaration.found = None;
        }
    }

    /// The encoding named by the first `<meta>` that asked to "change the encoding" while the
    /// confidence was tentative, if any, and forgets it.
    pub fn take_encoding_declaration(&mut self) -> Option<Encoding> {
        self.encoding_declaration.found.take()
    }

    /// §13.2.6.4.4 "in head", `meta` start tag, after inserting and popping the element:
    /// "If the element has a charset attribute, and getting an encoding from its value results
    /// in an encoding, and the confidence is currently tentative, then change the encoding to
    /// the resulting encoding. Otherwise, if the element has an http-equiv attribute whose
    /// value is an ASCII case-insensitive match for the string "Content-Type", and the element
    /// has a content attribute, and applying the algorithm for extracting a character encoding
    /// from a meta element to that attribute's value returns an encoding, and the confidence
    /// is currently tentative, then change the encoding to the extracted encoding."
    pub(super) fn meta_encoding_declaration(&mut self, tag: TagRef<'_>) {
        let decl = &mut self.encoding_declaration;
        // Once one change was requested, the driver makes the confidence certain before any
        // later token could matter: later declarations are ignored.
        if !decl.tentative || decl.found.is_some() {
            return;
        }
        let attr = |name: &str| tag.attrs().find(|a| a.name == name).map(|a| a.value);
        let from_charset = attr("charset").and_then(Encoding::for_label);
        let found = from_charset.or_else(|| {
            let http_equiv = attr("http-equiv")?;
            if !http_equiv.eq_ignore_ascii_case("content-type") {
                return None;
            }
            extract_character_encoding_from_meta(attr("content")?)
        });
        if found.is_some() {
            decl.found = found;
            // Only the first request counts (the driver acts on it before anything else).
            decl.tentative = false;
        }
    }
}
