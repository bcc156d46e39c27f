//! lexbor (C), a benchmark peer: parse a document into lexbor's DOM and destroy it.

use std::ffi::c_void;

unsafe extern "C" {
    fn lxb_html_document_create() -> *mut c_void;
    fn lxb_html_document_parse(doc: *mut c_void, html: *const u8, size: usize) -> u32;
    fn lxb_html_document_destroy(doc: *mut c_void) -> *mut c_void;
}

/// A parsed lexbor document, destroyed on drop.
pub struct LexborDocument(*mut c_void);

impl Drop for LexborDocument {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `lxb_html_document_create` and is destroyed once.
        unsafe {
            lxb_html_document_destroy(self.0);
        }
    }
}

/// Parses `html` (UTF-8 bytes) with lexbor. `None` if lexbor reports a failure.
pub fn parse(html: &[u8]) -> Option<LexborDocument> {
    // SAFETY: lexbor's documented call order: create, parse a byte buffer it only reads for the
    // duration of the call, destroy (in Drop). A null document is checked before use.
    unsafe {
        let doc = lxb_html_document_create();
        if doc.is_null() {
            return None;
        }
        let d = LexborDocument(doc);
        (lxb_html_document_parse(doc, html.as_ptr(), html.len()) == 0).then_some(d)
    }
}
