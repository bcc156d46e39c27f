//! Prints the Markdown table of parse error codes and their messages in `docs/check.md`:
//! `cargo run -p websyntax-check --example parse_codes`.

fn main() {
    let tokenizer = include_str!("../../html/src/tokenizer/mod.rs");
    let tree = include_str!("../../../docs/html-errors.md");
    let mut codes = Vec::new();
    for line in tokenizer.lines().filter(|l| l.starts_with("//! | `")) {
        if let Some(code) = line.split('`').nth(1) {
            codes.push(code);
        }
    }
    for line in tree.lines().filter(|l| l.starts_with("| `")) {
        let first = line.split('|').nth(1).unwrap_or_default();
        codes.extend(first.split('`').skip(1).step_by(2));
    }
    println!("| code | example message |");
    println!("|---|---|");
    for code in codes {
        let m = websyntax_check::parse_error_message("</div>", code, 0);
        println!("| `{code}` | {} |", m.replace('|', "\\|"));
    }
}
