//! Content extraction for Python: `Document.markdown()`, `Document.main_text()`,
//! `Document.main_content()` and `Document.main_found()` (the `#[pymethods]` in `html.rs`
//! call these), over
//! `websyntax::extract`. The GIL is released while converting.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use websyntax::encoding::Encoding;
use websyntax::extract::{LinkStyle, MarkdownOptions, main_content as find_main, to_markdown};

use crate::html::{Document, Node};

/// `Document.markdown(main=False, base_url=None, reference_links=False, images=True,
/// unsafe_links=False)`.
pub(crate) fn markdown(
    py: Python<'_>,
    doc: &Document,
    main: bool,
    base_url: Option<&Bound<'_, PyAny>>,
    reference_links: bool,
    images: bool,
    unsafe_links: bool,
) -> PyResult<String> {
    let (d, root, encoding, url) = doc.extract_view();
    let base_url = crate::query::document_url(base_url)?.or_else(|| url.cloned());
    let options = MarkdownOptions {
        base_url,
        encoding: encoding.unwrap_or(Encoding::UTF_8),
        link_style: if reference_links {
            LinkStyle::Referenced
        } else {
            LinkStyle::Inline
        },
        images,
        scripting: true,
        unsafe_links,
    };
    Ok(py.allow_threads(|| {
        if main {
            find_main(d).markdown(d, &options)
        } else {
            to_markdown(d, Some(root), &options)
        }
    }))
}

/// `Document.main_text()`.
pub(crate) fn main_text(py: Python<'_>, doc: &Document) -> String {
    let (d, _, _, _) = doc.extract_view();
    py.allow_threads(|| find_main(d).text(d))
}

/// `Document.main_content()`: the kept subtrees' roots.
pub(crate) fn main_content(slf: &Bound<'_, Document>) -> Vec<Node> {
    let (d, _, _, _) = slf.get().extract_view();
    let roots = slf.py().allow_threads(|| find_main(d).roots);
    roots
        .into_iter()
        .map(|id| crate::html::node(slf, id))
        .collect()
}

/// `Document.main_found()`: `{"found": bool, "score": float}` (as the CLI's `"main"`).
pub(crate) fn main_found<'py>(py: Python<'py>, doc: &Document) -> PyResult<Bound<'py, PyDict>> {
    let (d, _, _, _) = doc.extract_view();
    let main = py.allow_threads(|| find_main(d));
    let dict = PyDict::new(py);
    dict.set_item("found", main.found)?;
    dict.set_item("score", f64::from(main.score))?;
    Ok(dict)
}
