//! Times the incremental paths on one page: `cargo run --release -p websyntax-lsp --example
//! edit_time -- PAGE [TEXT]` inserts TEXT (default `x`) at the start of the text of 11
//! paragraphs spread over the page, one after another as a user would, and prints for each
//! edit which path answered (text, region re-parse, full check) and how long it took.

use std::time::Instant;

use websyntax_lsp::checking::check_text;
use websyntax_lsp::settings::Settings;
use websyntax_lsp::{incremental, splice};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: edit_time PAGE [TEXT]");
    let insert = args.next().unwrap_or_else(|| "x".into());
    let mut text = String::from_utf8(std::fs::read(&path).expect("read the page")).expect("UTF-8");
    let uri = format!("file://{}", std::fs::canonicalize(&path).unwrap().display());
    let mut settings = Settings::default();
    settings.update(&serde_json::json!({"severity": "info"}));
    let mut checked = std::sync::Arc::new(check_text(&text, &uri, &settings));
    let points: Vec<usize> = text
        .match_indices("<p>")
        .map(|(i, _)| i + 3)
        .filter(|&i| text.as_bytes().get(i).is_some_and(u8::is_ascii_alphabetic))
        .collect();
    let step = (points.len() / 11).max(1);
    let mut shift = 0;
    for &at in points.iter().step_by(step).take(11) {
        let mut next = text.clone();
        next.insert_str(at + shift, &insert);
        shift += insert.len();
        let t = Instant::now();
        let (path, result) = match incremental::recheck(&checked, &text, &next, &settings) {
            Some(c) => ("text", c),
            None => match splice::recheck(&checked, &text, &next, &uri, &settings) {
                Some(c) => ("region", c),
                None => (
                    "full",
                    std::sync::Arc::new(check_text(&next, &uri, &settings)),
                ),
            },
        };
        println!("{at:8} {path:6} {:8.2} ms", t.elapsed().as_secs_f64() * 1e3);
        checked = result;
        text = next;
    }
}
