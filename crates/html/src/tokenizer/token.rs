//! The tokens the tokenizer emits and the interface through which the tree builder consumes
//! them. This file is the contract between `tokenizer` and `tree_builder`.

use crate::error::{ParseError, Position, Span};

/// A DOCTYPE token (§13.2.5). Missing identifiers are `None`, distinct from empty strings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Doctype {
    /// The name, if any (ASCII-lowercased by the tokenizer).
    pub name: Option<String>,
    /// The public identifier, if any.
    pub public_id: Option<String>,
    /// The system identifier, if any.
    pub system_id: Option<String>,
    /// The force-quirks flag.
    pub force_quirks: bool,
}

/// One attribute of a tag token. Names are ASCII-lowercased by the tokenizer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Attribute {
    /// The attribute name.
    pub name: String,
    /// The attribute value with character references resolved.
    pub value: String,
    /// The source: the name's first byte through the end of the value, closing quote included
    /// (just the name for an attribute without a value).
    pub span: Span,
    /// The source of the value inside any quotes; `None` for an attribute without a value.
    pub value_span: Option<Span>,
    /// The value is its source text unchanged: the source held no `&`, U+0000 or CR, so
    /// offsets inside the value are offsets inside `value_span` (given the same encoding
    /// widths). True for an attribute without a value.
    pub value_verbatim: bool,
}

/// A start or end tag token, owned. Duplicate attributes have already been removed (the first
/// one wins). Sinks receive tags as [`TagRef`] views; [`TagRef::to_tag`] makes one of these.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tag {
    /// The tag name, ASCII-lowercased.
    pub name: String,
    /// Attributes in source order.
    pub attrs: Vec<Attribute>,
    /// The self-closing flag.
    pub self_closing: bool,
}

impl Tag {
    /// This tag as the borrowed view tokens carry.
    ///
    /// ```
    /// use websyntax_html::tokenizer::Tag;
    ///
    /// let tag = Tag { name: "br".into(), ..Tag::default() };
    /// assert_eq!(tag.view().name(), "br");
    /// assert_eq!(tag.view().to_tag(), tag);
    /// ```
    pub fn view(&self) -> TagRef<'_> {
        TagRef {
            repr: TagRepr::Owned(self),
        }
    }
}

impl<'a> From<&'a Tag> for TagRef<'a> {
    fn from(tag: &'a Tag) -> Self {
        tag.view()
    }
}

/// One attribute read straight from the input by the tokenizer's fast path: byte ranges in the
/// current input (its value has no `&`, U+0000 or CR; in a [`SourceTag`], its name has no
/// uppercase letters either).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SourceAttr {
    pub(crate) name: (usize, usize),
    pub(crate) value: Option<(usize, usize)>,
    pub(crate) end: usize,
}

/// A start or end tag token, borrowed: either from the tokenizer's buffers or, for a tag whose
/// names and values are their source text unchanged, from the input itself (no copy). Its
/// contents are those of a [`Tag`]; [`to_tag`](Self::to_tag) makes one.
///
/// ```
/// use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
/// use websyntax_html::Position;
///
/// #[derive(Default)]
/// struct Links(Vec<String>);
/// impl TokenSink for Links {
///     fn process_token(&mut self, token: Token<'_>, _: Position) -> SinkResult {
///         if let Token::StartTag(tag) = token
///             && tag.name() == "a"
///             && let Some(href) = tag.attr("href")
///         {
///             self.0.push(href.to_owned());
///         }
///         SinkResult::Continue
///     }
/// }
///
/// let links = Tokenizer::tokenize_str(Links::default(), "<A HREF=x>1</a><a href='y&amp;'>");
/// assert_eq!(links.0, ["x", "y&"]);
/// ```
#[derive(Clone, Copy)]
pub struct TagRef<'a> {
    repr: TagRepr<'a>,
}

#[derive(Clone, Copy)]
enum TagRepr<'a> {
    Owned(&'a Tag),
    Source(&'a SourceTag<'a>),
}

/// A tag read straight from the input (the fast path's token; a [`TagRef`] points to it so
/// that tokens stay two words wide).
#[derive(Clone, Copy)]
pub(crate) struct SourceTag<'a> {
    /// The ASCII-lowercased name (in the input, or in the tokenizer's buffer).
    pub(crate) name: &'a str,
    /// The current input; `attrs` index it.
    pub(crate) src: &'a str,
    /// The absolute offset of `src`'s first byte.
    pub(crate) base: usize,
    pub(crate) attrs: &'a [SourceAttr],
    pub(crate) self_closing: bool,
}

impl<'a> TagRef<'a> {
    /// A tag read from the input.
    pub(crate) fn source(tag: &'a SourceTag<'a>) -> Self {
        TagRef {
            repr: TagRepr::Source(tag),
        }
    }

    /// The tag name, ASCII-lowercased.
    pub fn name(&self) -> &'a str {
        match self.repr {
            TagRepr::Owned(t) => &t.name,
            TagRepr::Source(t) => t.name,
        }
    }

    /// The self-closing flag.
    pub fn self_closing(&self) -> bool {
        match self.repr {
            TagRepr::Owned(t) => t.self_closing,
            TagRepr::Source(t) => t.self_closing,
        }
    }

    /// The attributes in source order (duplicates already removed: the first one wins).
    pub fn attrs(&self) -> TagAttrs<'a> {
        TagAttrs {
            inner: match self.repr {
                TagRepr::Owned(t) => TagAttrsInner::Owned(t.attrs.iter()),
                TagRepr::Source(t) => TagAttrsInner::Source {
                    src: t.src,
                    base: t.base,
                    iter: t.attrs.iter(),
                },
            },
        }
    }

    /// The number of attributes.
    pub fn attr_count(&self) -> usize {
        match self.repr {
            TagRepr::Owned(t) => t.attrs.len(),
            TagRepr::Source(t) => t.attrs.len(),
        }
    }

    /// The value of the attribute named `name` (lowercase), if the tag has one.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        self.attrs().find(|a| a.name == name).map(|a| a.value)
    }

    /// An owned copy.
    pub fn to_tag(&self) -> Tag {
        match self.repr {
            TagRepr::Owned(t) => t.clone(),
            TagRepr::Source(_) => Tag {
                name: self.name().to_owned(),
                attrs: self.attrs().map(|a| a.to_attribute()).collect(),
                self_closing: self.self_closing(),
            },
        }
    }

    /// Identifies the token this view borrows from (the same for copies of one view; fake
    /// tags made elsewhere differ).
    pub(crate) fn key(&self) -> usize {
        match self.repr {
            TagRepr::Owned(t) => std::ptr::from_ref(t) as usize,
            TagRepr::Source(t) => t.name.as_ptr() as usize,
        }
    }
}

impl std::fmt::Debug for TagRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tag")
            .field("name", &self.name())
            .field("attrs", &self.attrs().collect::<Vec<_>>())
            .field("self_closing", &self.self_closing())
            .finish()
    }
}

impl PartialEq for TagRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
            && self.self_closing() == other.self_closing()
            && self.attrs().eq(other.attrs())
    }
}

impl Eq for TagRef<'_> {}

/// One attribute of a [`TagRef`], borrowed; the fields are those of an [`Attribute`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TagAttr<'a> {
    /// The attribute name (ASCII-lowercased).
    pub name: &'a str,
    /// The attribute value with character references resolved.
    pub value: &'a str,
    /// The source: the name's first byte through the end of the value, closing quote included
    /// (just the name for an attribute without a value).
    pub span: Span,
    /// The source of the value inside any quotes; `None` for an attribute without a value.
    pub value_span: Option<Span>,
    /// The value is its source text unchanged (see [`Attribute::value_verbatim`]).
    pub value_verbatim: bool,
}

impl TagAttr<'_> {
    /// An owned copy.
    pub fn to_attribute(&self) -> Attribute {
        Attribute {
            name: self.name.to_owned(),
            value: self.value.to_owned(),
            span: self.span,
            value_span: self.value_span,
            value_verbatim: self.value_verbatim,
        }
    }
}

impl<'a> From<&'a Attribute> for TagAttr<'a> {
    fn from(a: &'a Attribute) -> Self {
        TagAttr {
            name: &a.name,
            value: &a.value,
            span: a.span,
            value_span: a.value_span,
            value_verbatim: a.value_verbatim,
        }
    }
}

/// The attributes of a [`TagRef`], in source order.
#[derive(Clone)]
pub struct TagAttrs<'a> {
    inner: TagAttrsInner<'a>,
}

#[derive(Clone)]
enum TagAttrsInner<'a> {
    Owned(std::slice::Iter<'a, Attribute>),
    Source {
        src: &'a str,
        base: usize,
        iter: std::slice::Iter<'a, SourceAttr>,
    },
}

impl<'a> Iterator for TagAttrs<'a> {
    type Item = TagAttr<'a>;

    #[inline]
    fn next(&mut self) -> Option<TagAttr<'a>> {
        match &mut self.inner {
            TagAttrsInner::Owned(it) => it.next().map(TagAttr::from),
            TagAttrsInner::Source { src, base, iter } => {
                let a = iter.next()?;
                let (value, value_span) = match a.value {
                    Some((vs, ve)) => (
                        src.get(vs..ve).unwrap_or(""),
                        Some(Span::new(*base + vs, *base + ve)),
                    ),
                    None => ("", None),
                };
                Some(TagAttr {
                    name: src.get(a.name.0..a.name.1).unwrap_or(""),
                    value,
                    span: Span::new(*base + a.name.0, *base + a.end),
                    value_span,
                    value_verbatim: true,
                })
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match &self.inner {
            TagAttrsInner::Owned(it) => it.len(),
            TagAttrsInner::Source { iter, .. } => iter.len(),
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for TagAttrs<'_> {}

impl std::fmt::Debug for TagAttrs<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

/// A token, borrowed from the tokenizer's reusable buffers or its input: a sink that keeps
/// data copies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// A DOCTYPE token.
    Doctype(&'a Doctype),
    /// A start tag token.
    StartTag(TagRef<'a>),
    /// An end tag token.
    EndTag(TagRef<'a>),
    /// A comment token with its data.
    Comment(&'a str),
    /// A run of one or more character tokens. The run may contain U+0000 (the tokenizer emits
    /// it as the spec says in the data state); the tree builder handles it per insertion mode.
    Characters(&'a str),
    /// The end-of-file token.
    Eof,
}

/// Tokenizer states that the tree builder (or a test harness) may switch the tokenizer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum State {
    /// 13.2.5.1 Data state.
    Data,
    /// 13.2.5.2 RCDATA state.
    Rcdata,
    /// 13.2.5.3 RAWTEXT state.
    Rawtext,
    /// 13.2.5.4 Script data state.
    ScriptData,
    /// 13.2.5.5 PLAINTEXT state.
    Plaintext,
    /// 13.2.5.69 CDATA section state (used by tests only; the tokenizer enters it itself).
    CdataSection,
}

/// What the sink asks of the tokenizer after a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SinkResult {
    /// Go on in whatever state the tokenizer is in.
    Continue,
    /// Switch to this state before reading the next character (e.g. after `<title>`, RCDATA).
    SwitchTo(State),
}

/// The consumer of tokens: the tree builder, or anything else.
pub trait TokenSink {
    /// Handles one token. `at` is the position of the token's first character (for
    /// `Characters`, of the run's first character; for `Eof`, the end of input). The sink uses
    /// it to position its own (tree-construction) errors.
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult;

    /// Handles one token with its source span: what the tokenizer calls. `span` runs from the
    /// token's first byte to one past its last (`<` through `>` for a tag, comment or DOCTYPE;
    /// for `Characters`, the run's source: a character reference's `&` through its end, a
    /// CR LF read as one LF covers both bytes; empty at the end of input for `Eof`); `at` is
    /// the position of `span.start`. The default forgets the span and calls
    /// [`process_token`](Self::process_token); a sink that records spans (the tree builder)
    /// overrides it.
    ///
    /// ```
    /// use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
    /// use websyntax_html::{Position, Span};
    ///
    /// #[derive(Default)]
    /// struct Spans(Vec<(String, Span)>);
    /// impl TokenSink for Spans {
    ///     fn process_token(&mut self, _: Token<'_>, _: Position) -> SinkResult {
    ///         SinkResult::Continue
    ///     }
    ///     fn process_token_with_span(&mut self, t: Token<'_>, span: Span, _: Position) -> SinkResult {
    ///         self.0.push((format!("{t:?}"), span));
    ///         SinkResult::Continue
    ///     }
    /// }
    ///
    /// let src = "<a href='x'>R&amp;D</a>";
    /// let spans = Tokenizer::tokenize_str(Spans::default(), src).0;
    /// let texts: Vec<&str> = spans.iter().map(|(_, s)| &src[s.range()]).collect();
    /// assert_eq!(texts, ["<a href='x'>", "R", "&amp;", "D", "</a>", ""]);
    /// ```
    fn process_token_with_span(
        &mut self,
        token: Token<'_>,
        span: Span,
        at: Position,
    ) -> SinkResult {
        let _ = span;
        self.process_token(token, at)
    }

    /// Receives each tokenizer parse error, in the order they occur. Default: ignore them.
    /// A sink that collects errors (the tree builder, a test harness) merges them with its own.
    fn parse_error(&mut self, error: ParseError) {
        let _ = error;
    }

    /// §13.2.5.42 markup declaration open state: "if there is an adjusted current node and it is
    /// not an element in the HTML namespace" — `<![CDATA[` then opens a CDATA section.
    fn adjusted_current_node_is_foreign(&self) -> bool {
        false
    }

    /// Whether the tokenizer follows the living HTML Standard (asked at each `<?`): then `<?`
    /// starts a processing instruction (whatwg/html 320c05f6) instead of a bogus comment.
    /// Default: false (the seed text).
    fn living_standard(&self) -> bool {
        false
    }

    /// Living standard only: a processing instruction token with its `target` and `data`,
    /// and its source span. Default: ignore it.
    fn processing_instruction(
        &mut self,
        target: &str,
        data: &str,
        span: Span,
        at: Position,
    ) -> SinkResult {
        let _ = (target, data, span, at);
        SinkResult::Continue
    }
}

/// A sink borrowed mutably is a sink: `Tokenizer::new(&mut sink)` leaves `sink` where it is
/// (no move of a large sink such as the tree builder into and out of the tokenizer). Every
/// method forwards, the provided ones included.
impl<T: TokenSink + ?Sized> TokenSink for &mut T {
    #[inline]
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
        (**self).process_token(token, at)
    }

    #[inline]
    fn process_token_with_span(
        &mut self,
        token: Token<'_>,
        span: Span,
        at: Position,
    ) -> SinkResult {
        (**self).process_token_with_span(token, span, at)
    }

    #[inline]
    fn parse_error(&mut self, error: ParseError) {
        (**self).parse_error(error)
    }

    #[inline]
    fn adjusted_current_node_is_foreign(&self) -> bool {
        (**self).adjusted_current_node_is_foreign()
    }

    #[inline]
    fn living_standard(&self) -> bool {
        (**self).living_standard()
    }

    #[inline]
    fn processing_instruction(
        &mut self,
        target: &str,
        data: &str,
        span: Span,
        at: Position,
    ) -> SinkResult {
        (**self).processing_instruction(target, data, span, at)
    }
}
