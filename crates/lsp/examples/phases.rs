//! Where the time of one full re-check goes: `cargo run --release -p websyntax-lsp --example
//! phases -- PAGE [RUNS]` prints the median of each phase the server's worker runs for a
//! document it cannot re-check incrementally (parse and check, the text-node table of the
//! incremental path, the line index, the conversion to LSP diagnostics, the notification's
//! JSON, and the line index moved by one keystroke as the server does it).

use std::time::Instant;

use websyntax_check::check_document;
use websyntax_lsp::checking::{parser_options, to_lsp};
use websyntax_lsp::settings::Settings;
use websyntax_lsp::text::{LineIndex, PositionEncoding};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: phases PAGE [RUNS]");
    let runs: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(9);
    let text = String::from_utf8(std::fs::read(&path).expect("read the page")).expect("UTF-8");
    let uri_s = format!("file://{}", std::fs::canonicalize(&path).unwrap().display());
    let uri: lsp_types::Uri = uri_s.parse().unwrap();
    let mut settings = Settings::default();
    settings.update(&serde_json::json!({"severity": "info"}));
    let mut t: [Vec<f64>; 7] = Default::default();
    for _ in 0..runs {
        let t0 = Instant::now();
        let (report, parsed) = check_document(
            text.as_bytes(),
            parser_options(&settings, text.len()),
            Some(&uri_s),
            &settings.filter(),
        );
        let t1 = Instant::now();
        let table = parsed
            .as_ref()
            .map(|p| websyntax_lsp::incremental::plain_text_nodes(&p.document, text.as_bytes()))
            .unwrap_or_default();
        let t2 = Instant::now();
        let checked = websyntax_lsp::checking::Checked {
            findings: report.diagnostics.clone(),
            encoding: report.encoding.name(),
            plain_text: std::sync::Arc::new(table.into()),
            resume: Default::default(),
        };
        drop(parsed);
        let t3 = Instant::now();
        let index = LineIndex::new(&text);
        let t4 = Instant::now();
        let diags = to_lsp(
            &checked,
            &uri,
            &text,
            &index,
            PositionEncoding::Utf16,
            "file:///c.md",
        );
        let t5 = Instant::now();
        let json =
            serde_json::to_vec(&serde_json::json!({"uri": uri_s, "diagnostics": diags})).unwrap();
        let t6 = Instant::now();
        // What the server does per keystroke instead of a new index: move the old one.
        let mid = websyntax_lsp::text::floor_char(&text, text.len() / 2);
        let mut typed = text.clone();
        typed.insert(mid, 'x');
        let t6b = Instant::now();
        let moved = index.edited(&typed, mid, mid, 1);
        let t7 = Instant::now();
        assert_eq!(moved.lines(), index.lines());
        for (k, (a, b)) in [
            (t0, t1),
            (t1, t2),
            (t2, t3),
            (t3, t4),
            (t4, t5),
            (t5, t6),
            (t6b, t7),
        ]
        .into_iter()
        .enumerate()
        {
            t[k].push((b - a).as_secs_f64() * 1e3);
        }
        eprintln!(
            "{} findings, {} bytes of JSON",
            checked.findings.len(),
            json.len()
        );
    }
    split(&text, &uri_s, &settings, runs);
    for (name, v) in [
        "check_document (parse + checks)",
        "plain_text_nodes (after publishing)",
        "drop the DOM",
        "LineIndex::new",
        "to_lsp",
        "JSON of the notification",
        "LineIndex::edited (one keystroke)",
    ]
    .iter()
    .zip(t)
    {
        println!("{name:34} {:8.1} ms", median(v));
    }
}

/// The parse and the checks apart: the tokenizer alone (a sink that only counts tokens), the
/// parse (tokenizer and tree builder, as the checker runs it), and each category of checks as
/// `check_document` with only that category less the parse it needs.
fn split(text: &str, uri: &str, settings: &Settings, runs: usize) {
    use websyntax_check::{Category, Filter};
    use websyntax_html::tokenizer::{SinkResult, Token, TokenSink, Tokenizer};
    struct Count(usize);
    impl TokenSink for Count {
        fn process_token(&mut self, t: Token<'_>, _at: websyntax_html::Position) -> SinkResult {
            std::hint::black_box(&t);
            self.0 += 1;
            SinkResult::Continue
        }
    }
    let time = |f: &mut dyn FnMut()| {
        median(
            (0..runs)
                .map(|_| {
                    let t = Instant::now();
                    f();
                    t.elapsed().as_secs_f64() * 1e3
                })
                .collect(),
        )
    };
    let tokens = time(&mut || {
        std::hint::black_box(Tokenizer::tokenize_str(Count(0), text).0);
    });
    let parse = |errors: bool| {
        let mut o = parser_options(settings, text.len());
        o.parse.collect_errors = errors;
        websyntax_html::input_stream::parse_document_bytes(text.as_bytes(), o)
    };
    let parse_errors = time(&mut || drop(std::hint::black_box(parse(true))));
    let parse_plain = time(&mut || drop(std::hint::black_box(parse(false))));
    println!("{:34} {tokens:8.1} ms", "tokenizer alone (counting sink)");
    println!("{:34} {parse_errors:8.1} ms", "parse, errors collected");
    println!("{:34} {parse_plain:8.1} ms", "parse, no errors");
    for (name, cat) in [
        ("checks: encoding", Category::Encoding),
        ("checks: parse errors", Category::Parse),
        ("checks: attributes", Category::Attribute),
        ("checks: URLs", Category::Url),
    ] {
        let filter = Filter {
            only: vec![cat],
            ..settings.filter()
        };
        let whole = time(&mut || {
            let o = parser_options(settings, text.len());
            drop(std::hint::black_box(check_document(
                text.as_bytes(),
                o,
                Some(uri),
                &filter,
            )));
        });
        let base = if cat == Category::Parse {
            parse_errors
        } else {
            parse_plain
        };
        println!(
            "{name:34} {:8.1} ms (with its parse {whole:.1})",
            whole - base
        );
    }
}
