//! With the `peers-lexbor` feature: compiles lexbor's C source (a benchmark peer only) into a
//! static library. The source is read from `$LEXBOR_SRC`, else `../../shared/peers/lexbor/source`
//! beside the checkout; nothing is fetched.
//!
//! lexbor is compiled as its own CMake `Release` build is (`-O3 -DNDEBUG`). Set
//! `LEXBOR_BUILD=o2` to get the flags earlier benchmarks used (`-O2`, assertions kept), for
//! comparison only.

fn main() {
    println!("cargo:rerun-if-env-changed=LEXBOR_SRC");
    println!("cargo:rerun-if-env-changed=LEXBOR_BUILD");
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
        .warnings(false);
    if std::env::var("LEXBOR_BUILD").is_ok_and(|v| v == "o2") {
        b.opt_level(2);
    } else {
        // lexbor's CMake `Release` configuration.
        b.opt_level(3).define("NDEBUG", None);
    }
    b.compile("lexbor");
    println!("cargo:rerun-if-changed={}", src.display());
}
