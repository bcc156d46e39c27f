//! With the `peers-lexbor` feature: compiles lexbor's C source (a benchmark peer only) into a
//! static library. The source is read from `$LEXBOR_SRC`, else `../../shared/peers/lexbor/source`
//! beside the checkout; nothing is fetched.

fn main() {
    println!("cargo:rerun-if-env-changed=LEXBOR_SRC");
    #[cfg(feature = "peers-lexbor")]
    lexbor();
}

#[cfg(feature = "peers-lexbor")]
fn lexbor() {
    use std::path::{Path, PathBuf};
    let src = std::env::var_os("LEXBOR_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/peers/lexbor/source")
        });
    let mut files = Vec::new();
    for dir in [
        "core",
        "dom",
        "ns",
        "tag",
        "html",
        "css",
        "selectors",
        "ports/posix",
    ] {
        let mut stack = vec![src.join("lexbor").join(dir)];
        while let Some(d) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&d) else {
                panic!(
                    "lexbor source not found at {} (set LEXBOR_SRC)",
                    d.display()
                );
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "c") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    let mut b = cc::Build::new();
    b.files(&files)
        .include(&src)
        .define("LEXBOR_STATIC", None)
        .flag("-std=c99")
        .opt_level(2)
        .warnings(false);
    b.compile("lexbor");
    println!("cargo:rerun-if-changed={}", src.display());
}
