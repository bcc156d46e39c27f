#![no_main]
//! Full HTML parse (tokenizer + tree builder) of arbitrary input as a document and as fragments
//! in a few contexts (chosen by the first byte, which also sets the scripting flag, error
//! collection, declarative shadow roots and, with bit 7, the living standard); the serialization of each result is parsed again and dumped. Checks: no panic,
//! no hang, no stack overflow.
use libfuzzer_sys::fuzz_target;
use websyntax::html::serialize::serialize_children;
use websyntax::html::{Context, ParseOptions, Standard, parse_document, parse_fragment};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let input = String::from_utf8_lossy(rest);
    let opts = ParseOptions {
        scripting: flags & 1 == 1,
        collect_errors: flags & 2 == 2,
        allow_declarative_shadow_roots: flags & 4 == 4,
        standard: if flags & 0x80 != 0 {
            Standard::Living
        } else {
            Standard::Seed
        },
        ..ParseOptions::default()
    };
    let doc = parse_document(&input, opts);
    let html = serialize_children(&doc, doc.root(), opts.scripting);
    let doc2 = parse_document(&html, opts);
    let _ = doc2.to_test_tree(doc2.root());
    let ctx = ["div", "table", "tr", "select", "template", "svg svg", "math mi", "textarea"]
        [usize::from(flags >> 2) % 8];
    let ctx: Context = ctx.parse().expect("valid context");
    let f = parse_fragment(&input, &ctx, opts);
    let _ = f.to_test_tree();
    let _ = parse_fragment(&f.to_html(), &ctx, opts);
});
