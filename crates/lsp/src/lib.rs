//! # websyntax-lsp
//!
//! A language server (LSP 3.17 over stdio) for HTML documents: the findings of
//! `websyntax-check` as diagnostics while the user types, quick fixes for the findings that
//! have one right fix, hover on attribute values and tags, and navigation between ids and the
//! attributes that refer to them. The `websyntax lsp` command runs it; `docs/lsp.md` shows how
//! to turn it on in Neovim, Helix and VS Code.
//!
//! The server holds no checking logic of its own: diagnostics are [`websyntax_check`]'s,
//! computed exactly as `websyntax check` computes them for a file with the same text (see
//! [`checking`]), and converted to LSP positions in the encoding the client negotiates.
//!
//! ```no_run
//! std::process::exit(websyntax_lsp::run_stdio());
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod checking;
pub mod fixes;
pub mod hover;
pub mod incremental;
pub mod navigate;
pub mod server;
pub mod settings;
pub mod splice;
pub mod text;
pub mod transport;

/// Runs the server on stdin and stdout until the client sends `exit` (or closes stdin).
/// Returns the process exit status: 0 after a `shutdown` request, 1 otherwise (LSP 3.17).
pub fn run_stdio() -> i32 {
    let (incoming, outgoing, threads) = transport::stdio();
    let status = server::run(incoming, outgoing);
    // The writer ends when the server's sender is dropped (after the last message is
    // written); the reader may be blocked on stdin, which the process exit ends.
    let mut threads = threads.into_iter();
    let _reader = threads.next();
    if let Some(writer) = threads.next() {
        let _ = writer.join();
    }
    status
}
