use std::io::Read;
fn main() {
    let id = std::env::args().nth(1).unwrap();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/article-extraction");
    let gz = std::fs::read(format!("{dir}/html/{id}.html.gz")).unwrap();
    let mut html = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut html)
        .unwrap();
    let html = String::from_utf8_lossy(&html);
    let doc = websyntax_html::parse_document(&html, Default::default());
    let mc = websyntax_extract::main_content(&doc);
    for r in &mc.roots {
        let e = doc.element(*r);
        eprintln!(
            "root {:?} class={:?} id={:?}",
            doc.local_name(*r),
            e.and_then(|e| e.attribute("class")),
            e.and_then(|e| e.attribute("id"))
        );
    }
    println!("{}", mc.text(&doc));
}
