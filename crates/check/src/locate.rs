//! Where things are in the source text.
//!
//! [`tag_extent`] and [`find_attribute`] read a tag in the decoded text the way the tokenizer
//! does (§13.2.5.6-13.2.5.40, without character references): they give the extent of the tag
//! token starting at a `<` and of one of its attributes.
//!
//! [`StartTags`] is the fallback for documents whose DOM carries no source spans: it re-runs
//! the tokenizer over the text and pairs each element (in tree order) with a start tag of the
//! same name (in source order). When the parser fills `start_tag_span` and the attribute
//! spans, [`StartTags::needed`] is false and this pass never runs.
// TODO(spans): once every parser in use fills spans, drop `StartTags`.

use std::ops::Range;

use websyntax_html::dom::NodeKind;
use websyntax_html::tokenizer::{SinkResult, State, Token, TokenSink, Tokenizer};
use websyntax_html::{Document, NodeId, Position};

fn is_ws(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The extent of the token starting at text offset `start`: for `<!--`, through `-->`; for
/// another `<!` or `<?`, through the next `>`; for a tag, through its `>` (quotes respected);
/// otherwise (text) one character. Never past the end of `text`.
pub(crate) fn tag_extent(text: &str, start: usize) -> Range<usize> {
    let t = text.as_bytes();
    let rest = t.get(start..).unwrap_or_default();
    let one_char = || {
        let len = text
            .get(start..)
            .and_then(|s| s.chars().next())
            .map_or(0, char::len_utf8);
        start..start + len
    };
    if rest.first() != Some(&b'<') {
        return one_char();
    }
    if rest.starts_with(b"<!--") {
        let end = memchr::memmem::find(rest.get(4..).unwrap_or_default(), b"-->")
            .map_or(t.len(), |k| start + 4 + k + 3);
        return start..end;
    }
    if rest.starts_with(b"<!") || rest.starts_with(b"<?") {
        let end = memchr::memchr(b'>', rest).map_or(t.len(), |k| start + k + 1);
        return start..end;
    }
    let name_start = if rest.starts_with(b"</") { 2 } else { 1 };
    if !rest.get(name_start).is_some_and(u8::is_ascii_alphabetic) {
        return one_char();
    }
    let mut end = t.len();
    scan_tag(rest, |ev| {
        if let TagEvent::End(k) = ev {
            end = start + k;
        }
    });
    start..end
}

enum TagEvent {
    /// An attribute: the range of its name, of the whole attribute, and of its value (inside
    /// any quotes), relative to the tag start.
    Attr(Range<usize>, Range<usize>, Option<Range<usize>>),
    /// The end of the tag (one past its `>`), relative to the tag start.
    End(usize),
}

/// Reads the tag at the start of `tag` (which begins with `<`), reporting attributes and end.
fn scan_tag(tag: &[u8], mut on: impl FnMut(TagEvent)) {
    let mut i = if tag.starts_with(b"</") { 2 } else { 1 };
    // 13.2.5.8 tag name state
    while i < tag.len() && !is_ws(tag[i]) && tag[i] != b'/' && tag[i] != b'>' {
        i += 1;
    }
    loop {
        // 13.2.5.32 before attribute name state (and the self-closing start tag state)
        while i < tag.len() && (is_ws(tag[i]) || tag[i] == b'/') {
            i += 1;
        }
        match tag.get(i) {
            None => return,
            Some(b'>') => return on(TagEvent::End(i + 1)),
            _ => {}
        }
        // 13.2.5.33 attribute name state (a leading `=` is part of the name)
        let name_start = i;
        i += 1;
        while i < tag.len() && !is_ws(tag[i]) && !matches!(tag[i], b'/' | b'>' | b'=') {
            i += 1;
        }
        let name = name_start..i;
        // 13.2.5.34 after attribute name state
        let mut j = i;
        while j < tag.len() && is_ws(tag[j]) {
            j += 1;
        }
        if tag.get(j) != Some(&b'=') {
            on(TagEvent::Attr(name.clone(), name, None));
            i = j;
            continue;
        }
        j += 1;
        // 13.2.5.35 before attribute value state
        while j < tag.len() && is_ws(tag[j]) {
            j += 1;
        }
        match tag.get(j) {
            Some(&q @ (b'"' | b'\'')) => {
                // 13.2.5.36-37 attribute value (double/single-quoted) state
                let v = j + 1;
                let close = memchr::memchr(q, tag.get(v..).unwrap_or_default())
                    .map_or(tag.len(), |k| v + k);
                let after = (close + 1).min(tag.len());
                on(TagEvent::Attr(
                    name.clone(),
                    name.start..after,
                    Some(v..close),
                ));
                i = after;
            }
            Some(b'>') | None => {
                // 13.2.5.35: missing-attribute-value; the value is empty.
                on(TagEvent::Attr(name.clone(), name.start..j, Some(j..j)));
                i = j;
            }
            Some(_) => {
                // 13.2.5.38 attribute value (unquoted) state
                let v = j;
                while j < tag.len() && !is_ws(tag[j]) && tag[j] != b'>' {
                    j += 1;
                }
                on(TagEvent::Attr(name.clone(), name.start..j, Some(v..j)));
                i = j;
            }
        }
    }
}

/// The first attribute named `name` (ASCII case-insensitively) of the tag starting at text
/// offset `start`: `(whole attribute, value inside quotes)` as text ranges.
pub(crate) fn find_attribute(
    text: &str,
    start: usize,
    name: &str,
) -> Option<(Range<usize>, Option<Range<usize>>)> {
    let tag = text.as_bytes().get(start..)?;
    let end = tag_extent(text, start).end.saturating_sub(start);
    let tag = tag.get(..end)?;
    let mut found = None;
    scan_tag(tag, |ev| {
        if let TagEvent::Attr(n, whole, value) = ev
            && found.is_none()
            && tag
                .get(n)
                .is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes()))
        {
            found = Some((
                start + whole.start..start + whole.end,
                value.map(|v| start + v.start..start + v.end),
            ));
        }
    });
    found
}

/// Start tags found by re-tokenizing the text, matched to the DOM's elements.
pub(crate) struct StartTags {
    /// For each node index, the text offset of its start tag's `<`.
    at: Vec<Option<usize>>,
}

impl StartTags {
    /// Whether the fallback is needed: no element of `doc` has a start-tag span.
    pub(crate) fn needed(doc: &Document) -> bool {
        !doc.walk(doc.root()).any(|e| match e {
            websyntax_html::dom::WalkEvent::Enter(id, _) => doc.start_tag_span(id).is_some(),
            _ => false,
        })
    }

    /// Tokenizes `text` and pairs the elements of `doc` with its start tags.
    pub(crate) fn new(doc: &Document, text: &str, scripting: bool) -> StartTags {
        let mut tokenizer = Tokenizer::new(Collect {
            tags: Vec::new(),
            foreign: 0,
            scripting,
        });
        tokenizer.feed(text);
        tokenizer.end();
        let tags = tokenizer.into_sink().tags;
        let mut used = vec![false; tags.len()];
        let mut at = vec![None; doc.len()];
        let mut cursor = 0;
        const WINDOW: usize = 32;
        for event in doc.walk(doc.root()) {
            let websyntax_html::dom::WalkEvent::Enter(id, _) = event else {
                continue;
            };
            if doc.kind(id) != NodeKind::Element {
                continue;
            }
            let Some(name) = doc.local_name(id) else {
                continue;
            };
            let mut k = cursor;
            let mut seen = 0;
            while k < tags.len() && seen < WINDOW {
                if !used[k] {
                    seen += 1;
                    if tags[k].0.eq_ignore_ascii_case(name) {
                        used[k] = true;
                        if let Some(slot) = at.get_mut(id.index()) {
                            *slot = Some(tags[k].1);
                        }
                        break;
                    }
                }
                k += 1;
            }
            while cursor < used.len() && used[cursor] {
                cursor += 1;
            }
        }
        StartTags { at }
    }

    /// The text offset of element `id`'s start tag, if found.
    pub(crate) fn get(&self, id: NodeId) -> Option<usize> {
        self.at.get(id.index()).copied().flatten()
    }
}

struct Collect {
    tags: Vec<(String, usize)>,
    /// Depth of open `svg`/`math` elements (their `title`, `style` … are not raw text).
    foreign: usize,
    scripting: bool,
}

impl TokenSink for Collect {
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
        match token {
            Token::StartTag(tag) => {
                self.tags.push((tag.name().to_owned(), at.offset));
                let name = tag.name();
                if matches!(name, "svg" | "math") && !tag.self_closing() {
                    self.foreign += 1;
                }
                if self.foreign > 0 {
                    return SinkResult::Continue;
                }
                // The tree builder's tokenizer switches (§13.2.6.4.4, §13.2.6.4.7).
                match name {
                    "title" | "textarea" => SinkResult::SwitchTo(State::Rcdata),
                    "style" | "xmp" | "iframe" | "noembed" | "noframes" => {
                        SinkResult::SwitchTo(State::Rawtext)
                    }
                    "noscript" if self.scripting => SinkResult::SwitchTo(State::Rawtext),
                    "script" => SinkResult::SwitchTo(State::ScriptData),
                    "plaintext" => SinkResult::SwitchTo(State::Plaintext),
                    _ => SinkResult::Continue,
                }
            }
            Token::EndTag(tag) => {
                if matches!(tag.name(), "svg" | "math") {
                    self.foreign = self.foreign.saturating_sub(1);
                }
                SinkResult::Continue
            }
            _ => SinkResult::Continue,
        }
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.foreign > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use websyntax_html::{ParseOptions, parse_document};

    #[test]
    fn extents() {
        let t = "x<a href='>' b>y<!-- c -->";
        assert_eq!(tag_extent(t, 1), 1..15);
        assert_eq!(tag_extent(t, 0), 0..1);
        assert_eq!(tag_extent(t, 16), 16..26);
        assert_eq!(tag_extent("<a", 0), 0..2);
        assert_eq!(tag_extent("é", 0), 0..2);
    }

    #[test]
    fn attributes() {
        let t = "<img SRC = \"a b\" alt=x checked width=>";
        let (whole, v) = find_attribute(t, 0, "src").unwrap();
        assert_eq!(&t[whole], "SRC = \"a b\"");
        assert_eq!(&t[v.unwrap()], "a b");
        let (_, v) = find_attribute(t, 0, "alt").unwrap();
        assert_eq!(&t[v.unwrap()], "x");
        let (whole, v) = find_attribute(t, 0, "checked").unwrap();
        assert_eq!((&t[whole], v), ("checked", None));
        let (_, v) = find_attribute(t, 0, "width").unwrap();
        assert_eq!(v.unwrap().len(), 0);
        assert!(find_attribute(t, 0, "height").is_none());
    }

    #[test]
    fn start_tags_follow_the_tree() {
        let text = "<table><p>x</table><title><b></title><b>";
        let doc = parse_document(text, ParseOptions::default());
        let tags = StartTags::new(&doc, text, true);
        let p = doc.find_element("p").unwrap();
        let table = doc.find_element("table").unwrap();
        let b = doc.find_element("b").unwrap();
        assert_eq!(tags.get(p), Some(7));
        assert_eq!(tags.get(table), Some(0));
        assert_eq!(tags.get(b), Some(37));
        assert_eq!(tags.get(doc.find_element("html").unwrap()), None);
    }
}
