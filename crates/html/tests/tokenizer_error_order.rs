//! Error order is chunk-invariant: the §13.2.3.5 input stream errors
//! (`control-character-in-input-stream`, `noncharacter-in-input-stream`) and the tokenizer's
//! `unexpected-null-character` are reported when the tokenizer consumes the character, so
//! they interleave with the tokens (and thus with the tree builder's errors) the same way
//! wherever the input is split into chunks.
//!
//! Two levels are checked for every split point of each input:
//! - the full parser (`Tokenizer` + `TreeBuilder`): the ordered list of all errors, tokenizer
//!   errors with their full position, tree-construction errors by code (a tree-construction
//!   error is positioned at the start of the token being processed, and a chunk boundary can
//!   start a new `Characters` token, so its position is not compared);
//! - the tokenizer alone: the ordered stream of tokens and errors, adjacent `Characters`
//!   tokens merged.

use proptest::prelude::*;
use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
use websyntax_html::tree_builder::TreeBuilder;
use websyntax_html::{ParseError, ParseOptions, Position, parse_document};

/// One entry of the full parser's error list.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Error {
    /// A tokenizer error (reported through `TokenSink::parse_error`), with its position.
    Tokenizer(&'static str, Position),
    /// A tree-construction error, by code.
    Tree(&'static str),
}

/// A `TreeBuilder` sink that tells tokenizer errors from tree-construction errors.
struct Full {
    tb: TreeBuilder,
    seen: usize,
    errors: Vec<Error>,
}

impl Full {
    fn take_tree_errors(&mut self) {
        let all = self.tb.document().errors();
        for e in all.get(self.seen..).unwrap_or(&[]) {
            self.errors.push(Error::Tree(e.code));
        }
        self.seen = all.len();
    }
}

impl TokenSink for Full {
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
        let r = self.tb.process_token(token, at);
        self.take_tree_errors();
        r
    }

    fn parse_error(&mut self, error: ParseError) {
        self.take_tree_errors();
        self.errors
            .push(Error::Tokenizer(error.code, error.position));
        self.tb.parse_error(error);
        self.seen = self.tb.document().errors().len();
    }

    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.tb.adjusted_current_node_is_foreign()
    }
}

/// The full parser's errors for `input` fed in the chunks that `splits` (increasing byte
/// offsets, char boundaries) cut it into.
fn full_errors(input: &str, splits: &[usize]) -> Vec<Error> {
    let mut t = Tokenizer::new(Full {
        tb: TreeBuilder::new(true, true),
        seen: 0,
        errors: Vec::new(),
    });
    let mut from = 0;
    for &cut in splits {
        t.feed(&input[from..cut]);
        from = cut;
    }
    t.feed(&input[from..]);
    t.end();
    let mut full = t.into_sink();
    full.take_tree_errors();
    full.errors
}

/// One entry of the tokenizer's output stream.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Characters(String),
    Other(String),
    Error(&'static str, Position),
}

/// Records the tokenizer's tokens and errors in one stream, adjacent characters merged.
#[derive(Default)]
struct Stream(Vec<Event>);

impl TokenSink for Stream {
    fn process_token(&mut self, token: Token<'_>, _at: Position) -> SinkResult {
        match token {
            Token::Characters(s) => {
                if let Some(Event::Characters(prev)) = self.0.last_mut() {
                    prev.push_str(s);
                } else {
                    self.0.push(Event::Characters(s.to_owned()));
                }
            }
            other => self.0.push(Event::Other(format!("{other:?}"))),
        }
        SinkResult::Continue
    }

    fn parse_error(&mut self, error: ParseError) {
        self.0.push(Event::Error(error.code, error.position));
    }
}

fn tokenizer_stream(input: &str, splits: &[usize]) -> Vec<Event> {
    let mut t = Tokenizer::new(Stream::default());
    let mut from = 0;
    for &cut in splits {
        t.feed(&input[from..cut]);
        from = cut;
    }
    t.feed(&input[from..]);
    t.end();
    t.into_sink().0
}

/// Checks `input` whole against `input` split at `splits`.
fn check_splits(input: &str, splits: &[usize]) -> Result<(), String> {
    let whole = full_errors(input, &[]);
    let parts = full_errors(input, splits);
    if whole != parts {
        return Err(format!(
            "full parser errors differ for {input:?} split at {splits:?}:\n whole: {whole:?}\n parts: {parts:?}"
        ));
    }
    let whole = tokenizer_stream(input, &[]);
    let parts = tokenizer_stream(input, splits);
    if whole != parts {
        return Err(format!(
            "tokenizer stream differs for {input:?} split at {splits:?}:\n whole: {whole:?}\n parts: {parts:?}"
        ));
    }
    Ok(())
}

/// Checks every single split point of `input`, and `input` fed one character at a time.
fn check_every_split(input: &str) -> Result<(), String> {
    let cuts: Vec<usize> = (1..input.len())
        .filter(|&i| input.is_char_boundary(i))
        .collect();
    for &cut in &cuts {
        check_splits(input, &[cut])?;
    }
    check_splits(input, &cuts)
}

/// The characters the preprocessing and NUL checks are about, and some neighbours.
const SPECIAL: &[&str] = &[
    "\u{1}",
    "\u{8}",
    "\u{B}",
    "\u{1F}",
    "\u{7F}",
    "\u{80}",
    "\u{9F}",
    "\u{FDD0}",
    "\u{FDEF}",
    "\u{FFFE}",
    "\u{FFFF}",
    "\u{1FFFE}",
    "\u{10FFFF}",
    "\0",
    "\r",
    "\r\n",
    "\u{A0}",
    "\u{FFFD}",
];

/// Templates: `#` is replaced with each special character (all occurrences).
const TEMPLATES: &[&str] = &[
    "#a#",
    // Text in a table whose current node is not a table element (a foster-parented `b`):
    // an error per character, each before the "in body" rules' own error for a NULL.
    "<table><b>#x#;#</b>;",
    "#",
    "##",
    "a#b#c",
    "<!DOCTYPE html>#<p>a#b</p>#",
    "<!DOCTYPE html><p>#</p>",
    "<html>#<head>#</head>#<body>#x#</body>#</html>#",
    "<!DOCTYPE html><body></body>#</html>#",
    "<!DOCTYPE html><html></html>#a#",
    "<!DOCTYPE html><p #a=b#>x</p>",
    "<!DOCTYPE html><p a#b=\"#\" c='#' d=#e#>#</p>",
    "<!DOCTYPE html><a#b>#</a#b>",
    "<!DOCTYPE html></p#>#",
    "<!--#-->#<!--a#b-->",
    "<!DOCTYPE html><!--#--!>#<!-#->#",
    "<!#>#<?#>#</#>",
    "<!DOCTYPE #html#>#",
    "<!DOCTYPE html PUBLIC \"#\" '#'>#",
    "<!DOCTYPE html><title>#a#&amp;#</title>#",
    "<!DOCTYPE html><textarea>#\n#</textarea>",
    "<!DOCTYPE html><style>#a#</style>#",
    "<!DOCTYPE html><script>#<!--#<script>#</script>#-->#</script>#",
    "<!DOCTYPE html><plaintext>#a#</plaintext>#",
    "<!DOCTYPE html><svg><![CDATA[#a#]]>#</svg>#",
    "<!DOCTYPE html><math>#<mi>#</mi>#</math>",
    "<!DOCTYPE html><table>#<tr>#<td>#</td>#</tr>#</table>#",
    "<!DOCTYPE html><table>a#b<td>x</table>",
    "<!DOCTYPE html><select>#<option>#</select>#",
    "<!DOCTYPE html><frameset>#</frameset>#",
    "<!DOCTYPE html><head>#<noscript>#</noscript>#</head>#",
    "&#amp;#&am#p;&#1#;&#x#;",
    "<!DOCTYPE html>&#;#&notit#;#&#0;#",
    "<!DOCTYPE html><a href=\"&amp#\">#</a>",
    "<!DOCTYPE html><pre>#\n#</pre>",
    "<!DOCTYPE html>#\r#\r\n#",
    "a<#b<a#</#",
    "<!DOCTYPE html><title><#</#</t#</title#</title>",
    "<!DOCTYPE html><style><#</#</style#</style>",
    "<!DOCTYPE html><script><#<!#<!-#<!--#-#--#<#/#</script#</script>",
    "<!DOCTYPE html><svg><![CDATA[#]#]]#]]>",
    "<!DOCTYPE html><a b#c d=#\"e\"#f='g'#/#>",
];

fn inputs() -> Vec<String> {
    let mut out = Vec::new();
    for t in TEMPLATES {
        for s in SPECIAL {
            out.push(t.replace('#', s));
        }
    }
    // Mixed: each special character once, in turn, in every template slot.
    for t in TEMPLATES {
        let mut k = 0;
        let mut mixed = String::new();
        for ch in t.chars() {
            if ch == '#' {
                mixed.push_str(SPECIAL[k % SPECIAL.len()]);
                k += 1;
            } else {
                mixed.push(ch);
            }
        }
        out.push(mixed);
    }
    out
}

#[test]
fn sink_matches_parse_document() {
    // The test's sink drives the tree builder as `parse_document` does.
    for input in inputs() {
        let doc = parse_document(&input, ParseOptions::default());
        let ours: Vec<&str> = full_errors(&input, &[])
            .iter()
            .map(|e| match e {
                Error::Tokenizer(c, _) | Error::Tree(c) => *c,
            })
            .collect();
        let theirs: Vec<&str> = doc.errors().iter().map(|e| e.code).collect();
        assert_eq!(ours, theirs, "{input:?}");
    }
}

#[test]
fn spec_order_in_text() {
    // Each character is an error when consumed, before its character token is processed:
    // `\x01` (control), the tree builder's missing-doctype for that character token, then
    // the second `\x01`.
    let codes = |input: &str| -> Vec<&'static str> {
        full_errors(input, &[])
            .iter()
            .map(|e| match e {
                Error::Tokenizer(c, _) | Error::Tree(c) => *c,
            })
            .collect()
    };
    assert_eq!(
        codes("\u{1}a\u{1}"),
        [
            "control-character-in-input-stream",
            "missing-doctype",
            "control-character-in-input-stream"
        ]
    );
    assert_eq!(
        codes("<!DOCTYPE html><p>a\0b\0"),
        [
            "unexpected-null-character",
            "ignored-null-character",
            "unexpected-null-character",
            "ignored-null-character",
        ]
    );
}

#[test]
fn every_split_point() {
    let mut failures = Vec::new();
    for input in inputs() {
        if let Err(e) = check_every_split(&input) {
            failures.push(e);
        }
    }
    assert!(
        failures.is_empty(),
        "{} inputs failed; first:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Pieces random inputs are made of.
const PIECES: &[&str] = &[
    "<p>",
    "</p>",
    "<a b=c d='e' f=\"g\">",
    "<!--",
    "-->",
    "<!DOCTYPE html>",
    "<title>",
    "</title>",
    "<script>",
    "</script>",
    "<style>",
    "</style>",
    "<svg>",
    "<![CDATA[",
    "]]>",
    "</svg>",
    "<table>",
    "<td>",
    "</table>",
    "&amp;",
    "&amp",
    "&#1;",
    "&#x80;",
    "<",
    ">",
    "=",
    "\"",
    "'",
    "&",
    "-",
    "!",
    "/",
    "a",
    "b",
    " ",
    "\n",
    "é",
    "😀",
];

fn piece(pieces: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(SPECIAL).prop_map(str::to_owned),
        3 => prop::sample::select(pieces).prop_map(str::to_owned),
        1 => "[a-z<>&;#!/=\"' -]{1,4}",
    ]
}

fn random_input(
    pieces: &'static [&'static str],
) -> impl Strategy<Value = (String, Vec<prop::sample::Index>)> {
    (
        prop::collection::vec(piece(pieces), 1..24).prop_map(|v| v.concat()),
        prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    )
}

/// Increasing char-boundary cut points from random indices.
fn cuts_of(input: &str, raw: &[prop::sample::Index]) -> Vec<usize> {
    let mut cuts: Vec<usize> = raw
        .iter()
        .map(|ix| ix.index(input.len() + 1))
        .filter(|&c| input.is_char_boundary(c))
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Full parser error list and tokenizer stream, random inputs and split points.
    #[test]
    fn random_splits((input, raw) in random_input(PIECES)) {
        let cuts = cuts_of(&input, &raw);
        if let Err(e) = check_splits(&input, &cuts) {
            prop_assert!(false, "{}", e);
        }
    }

    /// The tokenizer stream (tokens and errors interleaved), with tables too.
    #[test]
    fn random_splits_tokenizer((input, raw) in random_input(PIECES)) {
        let cuts = cuts_of(&input, &raw);
        let whole = tokenizer_stream(&input, &[]);
        let parts = tokenizer_stream(&input, &cuts);
        prop_assert_eq!(whole, parts, "{:?} split at {:?}", input, cuts);
    }
}

/// Foster-parented text (`<table><p>ab`) gives one `unexpected-character-in-table` per
/// character, as the spec's per-character tokens do, however the text is split.
#[test]
fn foster_parented_text_errors_do_not_depend_on_splits() {
    let input = "<table><p>ab";
    assert_eq!(
        full_errors(input, &[]),
        full_errors(input, &[input.len() - 1])
    );
}
