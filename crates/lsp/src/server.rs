//! The main loop: rust-analyzer's plain style on `lsp-server` messages. One thread reads the
//! client's messages and answers requests; checks run on a worker thread, one at a time, on
//! the newest text of each document:
//!
//! - every message already queued is handled before a check is started, so a burst of
//!   `didChange` notifications costs one check (coalescing), after an optional delay
//!   (`debounceMs`);
//! - a result for a version that is no longer current is dropped, and the document is checked
//!   again;
//! - requests never wait for a check; those that need findings (code actions, hover) use the
//!   last result when it is current and check the text themselves otherwise.
//!
//! Every handler runs under `catch_unwind`: a bug answers one request with an internal error,
//! it does not take the server down.

use std::collections::{HashMap, VecDeque};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, select, unbounded};
use lsp_server::{Message, Notification, Request, RequestId, Response};
use lsp_types as lt;
use serde_json::{Value, json};
use websyntax_html::{Document, ParseOptions};

use crate::checking::{Checked, check_text, check_text_deferred, fill_plain_text, to_lsp};
use crate::settings::Settings;
use crate::text::{Edit, PositionEncoding, TextDocument};
use crate::transport::{Incoming, Outgoing, encode, error_response};
use crate::{fixes, hover, navigate};
use crate::{incremental, splice};

/// JSON-RPC and LSP error codes.
mod code {
    pub const INVALID_PARAMS: i32 = -32602;
    pub const METHOD_NOT_FOUND: i32 = -32601;
    pub const INTERNAL_ERROR: i32 = -32603;
    pub const SERVER_NOT_INITIALIZED: i32 = -32002;
    pub const INVALID_REQUEST: i32 = -32600;
    pub const REQUEST_FAILED: i32 = -32803;
}

/// An open document.
struct Doc {
    uri: lt::Uri,
    doc: TextDocument,
    /// Whether it is HTML (checked at all).
    html: bool,
    /// The last check: its version and findings.
    checked: Option<(i32, Arc<Checked>)>,
    /// The parsed tree of a version, for hover and navigation.
    parsed: Option<(i32, Arc<Document>)>,
    /// When the document may be checked (debounce).
    ready_at: Instant,
}

/// A check for the worker.
struct Job {
    key: String,
    uri: lt::Uri,
    version: i32,
    text: String,
    /// The line index of `text`, as the document keeps it.
    index: Arc<crate::text::LineIndex>,
    settings: Settings,
    settings_gen: u64,
    enc: PositionEncoding,
    /// A previous result and the text it was computed from, for the incremental path.
    previous: Option<(Arc<Checked>, Arc<String>)>,
}

/// What the worker found.
struct Done {
    key: String,
    version: i32,
    settings_gen: u64,
    checked: Arc<Checked>,
    /// The diagnostics to publish; `None` in the message that says the worker is free again.
    diagnostics: Option<Vec<lt::Diagnostic>>,
    /// The text that was checked (kept for the next incremental step).
    text: Arc<String>,
}

impl Done {
    /// The message that says the worker is free again.
    fn idle() -> Done {
        Done {
            key: String::new(),
            version: 0,
            settings_gen: 0,
            checked: Arc::default(),
            diagnostics: None,
            text: Arc::default(),
        }
    }
}

/// The server state.
pub struct Server {
    out: Sender<Outgoing>,
    enc: PositionEncoding,
    settings: Settings,
    settings_gen: u64,
    docs: HashMap<String, Doc>,
    /// Each document's last finished check (current or not) and the text it checked: the
    /// base of the incremental path.
    base: HashMap<String, (Arc<String>, Arc<Checked>)>,
    queue: VecDeque<String>,
    busy: bool,
    jobs: Sender<Job>,
    results: Receiver<Done>,
    initialized: bool,
    shutdown: bool,
}

/// Runs a server on `incoming` / `out` until `exit` or the end of the input. Returns the
/// process exit status (0 after `shutdown` then `exit`, 1 otherwise).
pub fn run(incoming: Receiver<Incoming>, out: Sender<Outgoing>) -> i32 {
    let (jobs_tx, jobs_rx) = unbounded::<Job>();
    let (done_tx, done_rx) = unbounded::<Done>();
    let worker = thread::Builder::new()
        .name("websyntax-check".into())
        .spawn(move || worker(jobs_rx, done_tx))
        .expect("spawn the check worker");
    let mut s = Server {
        out,
        enc: PositionEncoding::Utf16,
        settings: Settings::default(),
        settings_gen: 0,
        docs: HashMap::new(),
        base: HashMap::new(),
        queue: VecDeque::new(),
        busy: false,
        jobs: jobs_tx,
        results: done_rx,
        initialized: false,
        shutdown: false,
    };
    let status = s.main_loop(&incoming);
    drop(s);
    let _ = worker.join();
    status
}

fn worker(jobs: Receiver<Job>, done: Sender<Done>) {
    for job in jobs {
        let text = Arc::new(job.text);
        let result = catch_unwind(AssertUnwindSafe(|| {
            let (checked, parsed) = match &job.previous {
                Some((prev, prev_text)) => {
                    incremental::recheck(prev, prev_text, &text, &job.settings)
                        .or_else(|| {
                            splice::recheck(prev, prev_text, &text, job.uri.as_str(), &job.settings)
                        })
                        .map(|c| (c, None))
                }
                None => None,
            }
            .unwrap_or_else(|| {
                let (c, p) = check_text_deferred(&text, job.uri.as_str(), &job.settings);
                (Arc::new(c), p)
            });
            let diagnostics = to_lsp(
                &checked,
                &job.uri,
                &text,
                &job.index,
                job.enc,
                &job.settings.docs_url,
            );
            (checked, diagnostics, parsed)
        }));
        let (checked, diagnostics, parsed) = match result {
            Ok(r) => r,
            Err(_) => (Arc::new(Checked::default()), Vec::new(), None),
        };
        let sent = done.send(Done {
            key: job.key,
            version: job.version,
            settings_gen: job.settings_gen,
            checked: checked.clone(),
            diagnostics: Some(diagnostics),
            text: text.clone(),
        });
        // The table of plain text nodes for the next edit's incremental path, built after
        // the findings went out (off the keystroke's latency); the worker takes no other job
        // before it is done.
        let _ = catch_unwind(AssertUnwindSafe(|| {
            fill_plain_text(&checked, parsed.as_ref(), &text, &job.settings)
        }));
        drop(parsed);
        if sent.is_err() || done.send(Done::idle()).is_err() {
            break;
        }
    }
}

impl Server {
    fn main_loop(&mut self, incoming: &Receiver<Incoming>) -> i32 {
        loop {
            let wait = self
                .next_deadline()
                .map(|t| t.saturating_duration_since(Instant::now()));
            let timeout = wait.unwrap_or(Duration::from_secs(3600));
            select! {
                recv(incoming) -> msg => {
                    let Ok(msg) = msg else { return 1 };
                    if let Some(status) = self.handle(msg) {
                        return status;
                    }
                    // Coalesce: everything already queued before checking.
                    while let Ok(msg) = incoming.try_recv() {
                        if let Some(status) = self.handle(msg) {
                            return status;
                        }
                    }
                }
                recv(self.results) -> done => {
                    if let Ok(done) = done {
                        self.finish(done);
                    }
                }
                default(timeout) => {}
            }
            self.dispatch();
        }
    }

    fn send(&self, msg: Message) {
        let _ = self.out.send(encode(&msg));
    }

    fn respond(&self, id: RequestId, result: Result<Value, (i32, String)>) {
        let resp = match result {
            Ok(v) => Response::new_ok(id, v),
            Err((code, message)) => Response::new_err(id, code, message),
        };
        self.send(Message::Response(resp));
    }

    fn notify(&self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_owned(),
            params,
        )));
    }

    fn show(&self, kind: lt::MessageType, message: String) {
        self.notify(
            "window/showMessage",
            json!(lt::ShowMessageParams { typ: kind, message }),
        );
    }

    /// Handles one message; `Some(status)` to stop.
    fn handle(&mut self, msg: Incoming) -> Option<i32> {
        let msg = match msg {
            Incoming::Message(m) => m,
            Incoming::Malformed(resp) => {
                let _ = self.out.send(serde_json::to_vec(&resp).unwrap_or_default());
                return None;
            }
        };
        match msg {
            Message::Request(req) => {
                let id = req.id.clone();
                let method = req.method.clone();
                let result = catch_unwind(AssertUnwindSafe(|| self.request(req)));
                let result = result.unwrap_or_else(|_| {
                    Err((
                        code::INTERNAL_ERROR,
                        format!("internal error handling {method}"),
                    ))
                });
                self.respond(id, result);
                None
            }
            Message::Notification(n) => {
                if n.method == "exit" {
                    return Some(if self.shutdown { 0 } else { 1 });
                }
                let method = n.method.clone();
                if catch_unwind(AssertUnwindSafe(|| self.notification(n))).is_err() {
                    self.show(
                        lt::MessageType::ERROR,
                        format!("websyntax: internal error handling {method}"),
                    );
                }
                None
            }
            Message::Response(_) => None,
        }
    }

    fn request(&mut self, req: Request) -> Result<Value, (i32, String)> {
        if req.method == "initialize" {
            if self.initialized {
                return Err((code::INVALID_REQUEST, "initialize was already sent".into()));
            }
            return Ok(self.initialize(&req.params));
        }
        if !self.initialized {
            return Err((
                code::SERVER_NOT_INITIALIZED,
                "the server is not initialized".into(),
            ));
        }
        if self.shutdown {
            return Err((code::INVALID_REQUEST, "the server is shutting down".into()));
        }
        fn params<P: serde::de::DeserializeOwned>(v: Value) -> Result<P, (i32, String)> {
            serde_json::from_value(v)
                .map_err(|e| (code::INVALID_PARAMS, format!("invalid params: {e}")))
        }
        let to_value = |v: Option<Value>| Ok(v.unwrap_or(Value::Null));
        match req.method.as_str() {
            "shutdown" => {
                self.shutdown = true;
                Ok(Value::Null)
            }
            "textDocument/codeAction" => to_value(self.code_action(params(req.params)?)),
            "textDocument/hover" => to_value(self.hover(params(req.params)?)),
            "textDocument/definition" => to_value(self.definition(params(req.params)?)),
            "textDocument/references" => to_value(self.references(params(req.params)?)),
            "textDocument/documentSymbol" => to_value(self.symbols(params(req.params)?)),
            "textDocument/prepareRename" => to_value(self.prepare_rename(params(req.params)?)),
            "textDocument/rename" => self.rename(params(req.params)?),
            m => Err((code::METHOD_NOT_FOUND, format!("unknown method {m}"))),
        }
    }

    fn initialize(&mut self, params: &Value) -> Value {
        self.initialized = true;
        let offered = params
            .pointer("/capabilities/general/positionEncodings")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>())
            .unwrap_or_default();
        self.enc = if offered.contains(&"utf-8") {
            PositionEncoding::Utf8
        } else {
            PositionEncoding::Utf16
        };
        if let Some(options) = params.get("initializationOptions") {
            let problems = self.settings.update(options);
            if !problems.is_empty() {
                self.show(
                    lt::MessageType::WARNING,
                    format!("websyntax: {}", problems.join("; ")),
                );
            }
        }
        let encoding = match self.enc {
            PositionEncoding::Utf8 => "utf-8",
            PositionEncoding::Utf16 => "utf-16",
        };
        json!({
            "capabilities": {
                "positionEncoding": encoding,
                "textDocumentSync": {
                    "openClose": true,
                    "change": 2,
                    "save": {"includeText": false},
                },
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "documentSymbolProvider": true,
                "codeActionProvider": {"codeActionKinds": ["quickfix"]},
                "renameProvider": {"prepareProvider": true},
            },
            "serverInfo": {"name": "websyntax", "version": env!("CARGO_PKG_VERSION")},
        })
    }

    fn notification(&mut self, n: Notification) {
        if !self.initialized {
            return;
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = serde_json::from_value::<lt::DidOpenTextDocumentParams>(n.params)
                else {
                    return;
                };
                let td = p.text_document;
                let key = td.uri.as_str().to_owned();
                let path = key.to_ascii_lowercase();
                let html = td.language_id == "html"
                    || path.ends_with(".html")
                    || path.ends_with(".htm")
                    || path.ends_with(".xhtml");
                self.docs.insert(
                    key.clone(),
                    Doc {
                        uri: td.uri,
                        doc: TextDocument::new(td.text, td.version),
                        html,
                        checked: None,
                        parsed: None,
                        ready_at: Instant::now(),
                    },
                );
                self.base.remove(&key);
                self.schedule(&key);
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<lt::DidChangeTextDocumentParams>(n.params)
                else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_owned();
                let enc = self.enc;
                let Some(d) = self.docs.get_mut(&key) else {
                    return;
                };
                for change in p.content_changes {
                    d.doc.apply(change.range, &change.text, enc);
                }
                d.doc.version = p.text_document.version;
                self.schedule(&key);
            }
            "textDocument/didClose" => {
                let Ok(p) = serde_json::from_value::<lt::DidCloseTextDocumentParams>(n.params)
                else {
                    return;
                };
                let key = p.text_document.uri.as_str().to_owned();
                if self.docs.remove(&key).is_some() {
                    self.base.remove(&key);
                    self.notify(
                        "textDocument/publishDiagnostics",
                        json!({"uri": key, "diagnostics": []}),
                    );
                }
            }
            "workspace/didChangeConfiguration" => {
                let settings = n.params.get("settings").cloned().unwrap_or(Value::Null);
                let problems = self.settings.update(&settings);
                if !problems.is_empty() {
                    self.show(
                        lt::MessageType::WARNING,
                        format!("websyntax: {}", problems.join("; ")),
                    );
                }
                self.settings_gen += 1;
                let keys: Vec<String> = self.docs.keys().cloned().collect();
                for key in keys {
                    if let Some(d) = self.docs.get_mut(&key) {
                        d.checked = None;
                    }
                    self.base.remove(&key);
                    self.schedule(&key);
                }
            }
            _ => {}
        }
    }

    fn schedule(&mut self, key: &str) {
        let delay = Duration::from_millis(self.settings.debounce_ms);
        if let Some(d) = self.docs.get_mut(key) {
            if !d.html {
                return;
            }
            d.ready_at = Instant::now() + delay;
            if !self.queue.iter().any(|k| k == key) {
                self.queue.push_back(key.to_owned());
            }
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        if self.busy {
            return None;
        }
        self.queue
            .iter()
            .filter_map(|k| self.docs.get(k).map(|d| d.ready_at))
            .min()
    }

    /// Starts the next check when the worker is free.
    fn dispatch(&mut self) {
        if self.busy {
            return;
        }
        let now = Instant::now();
        let Some(pos) = self
            .queue
            .iter()
            .position(|k| self.docs.get(k).is_some_and(|d| d.ready_at <= now))
        else {
            self.queue.retain(|k| self.docs.contains_key(k));
            return;
        };
        let key = self.queue.remove(pos).expect("position is in range");
        let Some(d) = self.docs.get_mut(&key) else {
            return;
        };
        let previous = self
            .base
            .get(&key)
            .map(|(text, checked)| (checked.clone(), text.clone()));
        let job = Job {
            key: key.clone(),
            uri: d.uri.clone(),
            version: d.doc.version,
            text: d.doc.text.clone(),
            index: d.doc.index.clone(),
            settings: self.settings.clone(),
            settings_gen: self.settings_gen,
            enc: self.enc,
            previous,
        };
        if self.jobs.send(job).is_ok() {
            self.busy = true;
        }
    }

    fn finish(&mut self, done: Done) {
        let Some(diagnostics) = done.diagnostics else {
            self.busy = false;
            return;
        };
        let Some(d) = self.docs.get_mut(&done.key) else {
            return;
        };
        if done.settings_gen != self.settings_gen {
            return;
        }
        self.base
            .insert(done.key.clone(), (done.text, done.checked.clone()));
        if d.doc.version != done.version {
            // Stale: the document is in the queue again; the result is only a base.
            return;
        }
        d.checked = Some((done.version, done.checked));
        let uri = d.uri.clone();
        self.notify(
            "textDocument/publishDiagnostics",
            json!(lt::PublishDiagnosticsParams {
                uri,
                diagnostics,
                version: Some(done.version),
            }),
        );
    }

    fn doc(&self, uri: &lt::Uri) -> Result<&Doc, (i32, String)> {
        self.docs.get(uri.as_str()).ok_or_else(|| {
            (
                code::REQUEST_FAILED,
                format!("{} is not open", uri.as_str()),
            )
        })
    }

    /// The findings of the current version: the last result when current, else checked now.
    fn findings(&mut self, uri: &lt::Uri) -> Option<Arc<Checked>> {
        let settings = self.settings.clone();
        let d = self.docs.get_mut(uri.as_str())?;
        if let Some((v, c)) = &d.checked
            && *v == d.doc.version
        {
            return Some(c.clone());
        }
        let c = Arc::new(check_text(&d.doc.text, uri.as_str(), &settings));
        Some(c)
    }

    /// The parsed tree of the current version.
    fn parsed(&mut self, uri: &lt::Uri) -> Option<Arc<Document>> {
        let settings = self.settings.clone();
        let d = self.docs.get_mut(uri.as_str())?;
        if let Some((v, p)) = &d.parsed
            && *v == d.doc.version
        {
            return Some(p.clone());
        }
        let options = ParseOptions {
            scripting: settings.scripting,
            standard: settings.standard,
            limits: crate::checking::parser_options(&settings, d.doc.text.len())
                .parse
                .limits,
            ..ParseOptions::default()
        };
        let p = Arc::new(websyntax_html::parse_document(&d.doc.text, options));
        d.parsed = Some((d.doc.version, p.clone()));
        Some(p)
    }

    fn offset(&self, d: &Doc, pos: lt::Position) -> usize {
        d.doc.index.offset(&d.doc.text, pos, self.enc)
    }

    fn range(&self, d: &Doc, start: usize, end: usize) -> lt::Range {
        d.doc.index.range(&d.doc.text, start, end, self.enc)
    }

    fn text_edits(&self, d: &Doc, edits: &[Edit]) -> Vec<lt::TextEdit> {
        edits
            .iter()
            .map(|e| lt::TextEdit::new(self.range(d, e.start, e.end), e.text.clone()))
            .collect()
    }

    fn workspace_edit(&self, d: &Doc, edits: &[Edit]) -> Value {
        json!({"changes": {d.uri.as_str(): self.text_edits(d, edits)}})
    }

    fn code_action(&mut self, p: lt::CodeActionParams) -> Option<Value> {
        let uri = p.text_document.uri;
        let checked = self.findings(&uri)?;
        let parsed = self.parsed(&uri)?;
        let d = self.doc(&uri).ok()?;
        let start = self.offset(d, p.range.start);
        let end = self.offset(d, p.range.end).max(start);
        let fixes = fixes::fixes(&d.doc.text, &parsed, &checked, start, end);
        let diags = to_lsp(
            &checked,
            &d.uri,
            &d.doc.text,
            &d.doc.index,
            self.enc,
            &self.settings.docs_url,
        );
        let actions: Vec<Value> = fixes
            .iter()
            .map(|f| {
                json!({
                    "title": f.title,
                    "kind": "quickfix",
                    "diagnostics": diags.get(f.finding).map(|d| vec![d.clone()]).unwrap_or_default(),
                    "isPreferred": f.preferred,
                    "edit": self.workspace_edit(d, &f.edits),
                })
            })
            .collect();
        Some(Value::Array(actions))
    }

    fn hover(&mut self, p: lt::HoverParams) -> Option<Value> {
        let uri = p.text_document_position_params.text_document.uri;
        let parsed = self.parsed(&uri)?;
        let checked = self.findings(&uri);
        let d = self.doc(&uri).ok()?;
        let at = self.offset(d, p.text_document_position_params.position);
        let (md, s, e) = hover::hover(&d.doc.text, &parsed, checked.as_deref(), uri.as_str(), at)?;
        Some(json!({
            "contents": {"kind": "markdown", "value": md},
            "range": self.range(d, s, e),
        }))
    }

    fn definition(&mut self, p: lt::GotoDefinitionParams) -> Option<Value> {
        let uri = p.text_document_position_params.text_document.uri;
        let parsed = self.parsed(&uri)?;
        let d = self.doc(&uri).ok()?;
        let at = self.offset(d, p.text_document_position_params.position);
        let (id, _) = navigate::id_at(&d.doc.text, &parsed, at)?;
        let defs = navigate::definitions(&d.doc.text, &parsed, id);
        let first = defs.first()?;
        Some(json!({"uri": d.uri.as_str(), "range": self.range(d, first.start, first.end)}))
    }

    fn references(&mut self, p: lt::ReferenceParams) -> Option<Value> {
        let uri = p.text_document_position.text_document.uri;
        let parsed = self.parsed(&uri)?;
        let d = self.doc(&uri).ok()?;
        let at = self.offset(d, p.text_document_position.position);
        let (id, _) = navigate::id_at(&d.doc.text, &parsed, at)?;
        let spots = navigate::references(&d.doc.text, &parsed, id);
        let locations: Vec<Value> = spots
            .iter()
            .filter(|s| p.context.include_declaration || !s.is_id)
            .map(|s| json!({"uri": d.uri.as_str(), "range": self.range(d, s.start, s.end)}))
            .collect();
        Some(Value::Array(locations))
    }

    fn symbols(&mut self, p: lt::DocumentSymbolParams) -> Option<Value> {
        let uri = p.text_document.uri;
        let parsed = self.parsed(&uri)?;
        let d = self.doc(&uri).ok()?;
        fn convert(s: &Server, d: &Doc, sym: &navigate::Symbol) -> Value {
            json!({
                "name": sym.name,
                "kind": match sym.kind {
                    navigate::SymbolKind::Heading => 15, // String
                    navigate::SymbolKind::Landmark => 3, // Namespace
                },
                "range": s.range(d, sym.range.0, sym.range.1),
                "selectionRange": s.range(d, sym.selection.0, sym.selection.1),
                "children": sym.children.iter().map(|c| convert(s, d, c)).collect::<Vec<_>>(),
            })
        }
        let out: Vec<Value> = navigate::outline(&parsed)
            .iter()
            .map(|s| convert(self, d, s))
            .collect();
        Some(Value::Array(out))
    }

    fn prepare_rename(&mut self, p: lt::TextDocumentPositionParams) -> Option<Value> {
        let uri = p.text_document.uri;
        let parsed = self.parsed(&uri)?;
        let d = self.doc(&uri).ok()?;
        let at = self.offset(d, p.position);
        let (id, spot) = navigate::id_at(&d.doc.text, &parsed, at)?;
        Some(json!({"range": self.range(d, spot.start, spot.end), "placeholder": id}))
    }

    /// Renames the id at the position: a duplicate `id` value alone (the references belong to
    /// the first element with that id), otherwise the id and every reference to it.
    fn rename(&mut self, p: lt::RenameParams) -> Result<Value, (i32, String)> {
        let uri = p.text_document_position.text_document.uri;
        let new = p.new_name;
        if new.is_empty()
            || new
                .chars()
                .any(|c| c.is_ascii_whitespace() || c == '"' || c == '\'' || c == '<' || c == '&')
        {
            return Err((
                code::REQUEST_FAILED,
                format!("{new:?} is not a valid id here"),
            ));
        }
        let parsed = self
            .parsed(&uri)
            .ok_or((code::REQUEST_FAILED, "not open".to_owned()))?;
        let d = self.doc(&uri)?;
        let at = self.offset(d, p.text_document_position.position);
        let Some((id, spot)) = navigate::id_at(&d.doc.text, &parsed, at) else {
            return Ok(Value::Null);
        };
        let defs = navigate::definitions(&d.doc.text, &parsed, id);
        let spots = if spot.is_id && defs.first().is_some_and(|f| f.start != spot.start) {
            vec![spot]
        } else {
            navigate::references(&d.doc.text, &parsed, id)
        };
        let edits: Vec<Edit> = spots
            .iter()
            .map(|s| Edit {
                start: s.start,
                end: s.end,
                text: new.clone(),
            })
            .collect();
        Ok(self.workspace_edit(d, &edits))
    }
}

/// Answers a message that could not be read (for the in-memory tests).
pub fn malformed(id: Value, message: &str) -> Incoming {
    Incoming::Malformed(error_response(id, -32700, message))
}
