//! The public tokenizer API: token positions, state switches from the sink, CDATA sections in
//! foreign content, options, and feeding after `end`.

use websyntax_html::tokenizer::{SinkResult, State, Token, TokenSink, Tokenizer, TokenizerOptions};
use websyntax_html::{ParseError, Position};

/// Records `(kind/data, line, column, offset)` and switches to RCDATA after `<title>` and to
/// script data after `<script>`, as a tree builder does.
#[derive(Default)]
struct Rec {
    out: Vec<(String, usize, usize, usize)>,
    errors: Vec<ParseError>,
    foreign: bool,
}

impl TokenSink for Rec {
    fn process_token(&mut self, token: Token<'_>, at: Position) -> SinkResult {
        let (text, switch) = match token {
            Token::StartTag(t) => (
                format!("<{}>", t.name()),
                match t.name() {
                    "title" => Some(State::Rcdata),
                    "script" => Some(State::ScriptData),
                    _ => None,
                },
            ),
            Token::EndTag(t) => (format!("</{}>", t.name()), None),
            Token::Characters(s) => (format!("{s:?}"), None),
            Token::Comment(c) => (format!("<!--{c}-->"), None),
            Token::Doctype(d) => (format!("<!DOCTYPE {:?}>", d.name), None),
            Token::Eof => ("EOF".to_owned(), None),
        };
        self.out.push((text, at.line, at.column, at.offset));
        match switch {
            Some(s) => SinkResult::SwitchTo(s),
            None => SinkResult::Continue,
        }
    }
    fn parse_error(&mut self, error: ParseError) {
        self.errors.push(error);
    }
    fn adjusted_current_node_is_foreign(&self) -> bool {
        self.foreign
    }
}

#[test]
fn positions_of_tokens() {
    let mut t = Tokenizer::new(Rec::default());
    t.feed("ab\r\n<p>\u{1F600}x&amp;<!--c-->\r");
    t.feed("\n</p>");
    t.end();
    let out = &t.sink().out;
    let want: Vec<(String, usize, usize, usize)> = vec![
        ("\"ab\"".into(), 1, 1, 0),
        ("\"\\n\"".into(), 1, 3, 3),
        ("<p>".into(), 2, 1, 4),
        ("\"😀x\"".into(), 2, 4, 7),
        ("\"&\"".into(), 2, 7, 12),
        ("<!--c-->".into(), 2, 12, 17),
        // The LF of a CR LF pair: the text starts at the LF byte.
        ("\"\\n\"".into(), 2, 20, 26),
        ("</p>".into(), 3, 1, 27),
        ("EOF".into(), 3, 5, 31),
    ];
    // Character runs may be split differently; compare after merging adjacent ones.
    assert_eq!(merge(out), merge(&want));
}

fn merge(v: &[(String, usize, usize, usize)]) -> Vec<(String, usize, usize, usize)> {
    let mut out: Vec<(String, usize, usize, usize)> = Vec::new();
    for item in v {
        if let Some(last) = out.last_mut()
            && last.0.starts_with('"')
            && item.0.starts_with('"')
        {
            let a = last.0.trim_matches('"').to_owned();
            let b = item.0.trim_matches('"');
            last.0 = format!("\"{a}{b}\"");
            continue;
        }
        out.push(item.clone());
    }
    out
}

#[test]
fn sink_switches_state() {
    let mut t = Tokenizer::new(Rec::default());
    t.feed("<title><b>&amp;</title><script><!--<script></script>--></script>");
    t.end();
    let texts: Vec<&str> = t.sink().out.iter().map(|o| o.0.as_str()).collect();
    assert_eq!(
        merge(&t.sink().out)
            .iter()
            .map(|o| o.0.clone())
            .collect::<Vec<_>>(),
        [
            "<title>",
            "\"<b>&\"",
            "</title>",
            "<script>",
            "\"<!--<script></script>-->\"",
            "</script>",
            "EOF"
        ]
    );
    assert!(texts.len() >= 7);
}

#[test]
fn cdata_only_in_foreign_content() {
    let mut t = Tokenizer::new(Rec {
        foreign: true,
        ..Rec::default()
    });
    t.feed("<![CDATA[a<b]]>");
    t.end();
    assert_eq!(t.sink().out[0].0, "\"a<b\"");
    assert!(t.sink().errors.is_empty());

    let mut t = Tokenizer::new(Rec::default());
    t.feed("<![CDATA[a<b]]>");
    t.end();
    assert_eq!(t.sink().out[0].0, "<!--[CDATA[a<b]]-->");
    assert_eq!(t.sink().errors[0].code, "cdata-in-html-content");
}

#[test]
fn options_and_end() {
    let opts = TokenizerOptions {
        initial_state: State::Rawtext,
        last_start_tag: Some("style".into()),
    };
    let mut t = Tokenizer::with_options(Rec::default(), opts);
    t.feed("a</b></style>c");
    t.end();
    t.feed("<ignored>");
    t.end();
    let texts: Vec<String> = merge(&t.sink().out).into_iter().map(|o| o.0).collect();
    assert_eq!(texts, ["\"a</b>\"", "</style>", "\"c\"", "EOF"]);

    let mut t = Tokenizer::new(Rec::default());
    t.set_state(State::Plaintext);
    t.set_last_start_tag(Some("plaintext"));
    t.feed("</plaintext>\0");
    t.end();
    let texts: Vec<String> = merge(&t.sink().out).into_iter().map(|o| o.0).collect();
    assert_eq!(texts, ["\"</plaintext>\u{FFFD}\"", "EOF"]);
    assert_eq!(t.sink().errors.len(), 1);
    assert_eq!(
        t.sink().errors[0].to_string(),
        "1:13: unexpected-null-character"
    );
}

#[test]
fn errors_do_not_depend_on_the_sink_reading_them() {
    struct Quiet(usize);
    impl TokenSink for Quiet {
        fn process_token(&mut self, _: Token<'_>, _: Position) -> SinkResult {
            self.0 += 1;
            SinkResult::Continue
        }
    }
    let n = Tokenizer::tokenize_str(Quiet(0), "<a b b>&#0;<!--x--!></a c>").0;
    assert_eq!(n, 5);
}

#[test]
fn many_attributes_and_duplicates() {
    #[derive(Default)]
    struct Attrs(Vec<usize>, Vec<ParseError>);
    impl TokenSink for Attrs {
        fn process_token(&mut self, token: Token<'_>, _: Position) -> SinkResult {
            if let Token::StartTag(t) = token {
                self.0.push(t.attr_count());
            }
            SinkResult::Continue
        }
        fn parse_error(&mut self, e: ParseError) {
            self.1.push(e);
        }
    }
    let mut html = String::from("<x");
    for i in 0..20_000 {
        html.push_str(&format!(" a{i}=v"));
    }
    html.push_str(" a5 a19999=y a20000><y a=1 a=2 b>");
    let s = Tokenizer::tokenize_str(Attrs::default(), &html);
    assert_eq!(s.0, [20_001, 2]);
    let dups: Vec<usize> =
        s.1.iter()
            .filter(|e| e.code == "duplicate-attribute")
            .map(|e| e.position.column)
            .collect();
    assert_eq!(dups.len(), 3);
    assert_eq!(dups[2], html.len() - "=2 b>".len() + 1);
}

/// A tag the tokenizer hands out borrowed from the input (fed whole) is the same token, with
/// the same spans, as one built in its buffers (fed a byte at a time).
#[test]
fn borrowed_and_buffered_tags_agree() {
    use websyntax_html::tokenizer::{Tag, TagRef};
    #[derive(Default)]
    struct Tags(Vec<Tag>);
    impl TokenSink for Tags {
        fn process_token(&mut self, token: Token<'_>, _: Position) -> SinkResult {
            if let Token::StartTag(t) | Token::EndTag(t) = token {
                assert_eq!(t.attrs().len(), t.attr_count());
                let owned = t.to_tag();
                assert_eq!(TagRef::from(&owned), t);
                self.0.push(owned);
            }
            SinkResult::Continue
        }
    }
    let inputs = [
        "<a href=x>",
        "<a href='x' id=\"y\" hidden>t</a>",
        "<DIV Class=a>",
        "<DIV class=a>",
        "<img src=a.png alt='' />",
        "<p a=1 b='2' c=\"3\" d e>",
        "<a href='&amp;'>",
        "<a href=x href=y>",
        "</p >",
        "<br/>",
    ];
    for src in inputs {
        let whole = Tokenizer::tokenize_str(Tags::default(), src).0;
        let mut t = Tokenizer::new(Tags::default());
        for (i, c) in src.char_indices() {
            t.feed(&src[i..i + c.len_utf8()]);
        }
        t.end();
        assert_eq!(whole, t.into_sink().0, "{src}");
    }
    let tags = Tokenizer::tokenize_str(Tags::default(), "<A Href=x b='&lt;'>").0;
    let a = &tags[0];
    assert_eq!((a.name.as_str(), a.attrs[0].name.as_str()), ("a", "href"));
    assert_eq!(a.attrs[1].value, "<");
    assert!(!a.attrs[1].value_verbatim);
}
