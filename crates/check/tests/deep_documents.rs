//! `check` on documents 10^6 levels deep (nested elements of several kinds, with the
//! attributes and URLs the checks look at), on a thread with a 256 KiB stack: a check that
//! walked the tree recursively would overflow.

use websyntax_check::{CheckOptions, check};

const DEEP: usize = 1_000_000;

fn check_on_small_stack(input: String) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let report = check(input.as_bytes(), &CheckOptions::default());
            assert!(!report.diagnostics.is_empty());
            if let Some(d) = report.diagnostics.last() {
                let _ = report.excerpt(d);
            }
        })
        .expect("spawn")
        .join()
        .expect("no stack overflow");
}

#[test]
fn deep_divs() {
    check_on_small_stack("<div>".repeat(DEEP));
}

#[test]
fn deep_elements_with_attributes_and_urls() {
    check_on_small_stack(format!(
        "<!DOCTYPE html><html lang=en><title>t</title>{}<img src='a b'>",
        "<a href='http://[x'><b id=x lang=zz>".repeat(DEEP / 2)
    ));
}

#[test]
fn deep_templates_svg_and_tables() {
    check_on_small_stack("<template><svg><g>".repeat(DEEP / 3));
    check_on_small_stack("<table><tr><td>".repeat(DEEP / 3));
}
