//! `parse()` and the `Document` / element handles: a parsed document kept inside the module,
//! read through node indexes (the JavaScript `Element` objects hold a document and an index).
//! Parsing bytes sniffs the encoding as the CLI does (BOM, transport charset, `<meta>`,
//! autodetection); outputs equal the CLI's `select`, `links`, `text`, `markdown` commands'.

use std::cell::OnceCell;

use serde_json::json;
use wasm_bindgen::prelude::*;
use websyntax::encoding::Encoding;
use websyntax::extract::{LinkStyle, MarkdownOptions, main_content, to_markdown};
use websyntax::html::dom::NodeKind;
use websyntax::html::input_stream::{
    DocumentParserOptions, parse_document_bytes, parse_document_bytes_with_events,
};
use websyntax::html::select::Selector;
use websyntax::html::serialize::{serialize_children, serialize_node};
use websyntax::html::text::TextOptions;
use websyntax::html::{self as h, NodeId, ParseOptions};
use websyntax::url::Url;

use crate::{BindError, error, limits, node_limit, standard};

/// A parsed document.
#[wasm_bindgen]
pub struct WsDocument {
    pub(crate) doc: h::Document,
    /// The encoding the bytes were decoded with; `None` for a string input.
    encoding: Option<Encoding>,
    url: Option<Url>,
    scripting: bool,
    /// Every node id in index order, built on first use (node handles are indexes).
    ids: OnceCell<Vec<NodeId>>,
    /// The root of the tree: the document, or a fragment's root `html` element (its children
    /// are the fragment's nodes).
    pub(crate) root: NodeId,
    /// The tree builder's record of what it did (the provenance of `tree()`).
    pub(crate) events: Vec<h::StackEvent>,
}

/// A URL option (`url`, `baseUrl`): absolute, else a `type` error naming it.
pub(crate) fn url_arg(value: Option<String>, name: &str) -> Result<Option<Url>, BindError> {
    value
        .map(|u| Url::parse(&u, None).map_err(|e| error("type", format!("{name} {u:?}: {e}"))))
        .transpose()
}

/// The byte-stream parser's options of `parse()` and `check()`: the CLI's defaults
/// (autodetection on), `encoding` as the transport layer's charset label.
pub(crate) fn byte_options(
    encoding: Option<String>,
    scripting: bool,
    collect_errors: bool,
) -> Result<DocumentParserOptions, BindError> {
    let mut options = DocumentParserOptions::default().autodetect(true);
    if let Some(label) = encoding {
        if Encoding::for_label(&label).is_none() {
            return Err(error(
                "type",
                format!("encoding: unknown encoding label {label:?}"),
            ));
        }
        options.sniff.transport_charset = Some(label);
    }
    options.parse.scripting = scripting;
    options.parse.collect_errors = collect_errors;
    Ok(options)
}

/// The DOM's `nodeType` number of a node kind.
pub(crate) fn dom_node_type(kind: NodeKind) -> u32 {
    match kind {
        NodeKind::Element => 1,
        NodeKind::Text => 3,
        NodeKind::ProcessingInstruction => 7,
        NodeKind::Comment => 8,
        NodeKind::Document => 9,
        NodeKind::Doctype => 10,
        NodeKind::Fragment | NodeKind::ShadowRoot => 11,
    }
}

#[wasm_bindgen]
impl WsDocument {
    /// `parse(input, options)` of a string (`bytes` absent) or of bytes (then `text` is
    /// ignored). `context` (a string only): the fragment parsing algorithm (13.4) with this
    /// context element (`td`, `svg NAME`, `math NAME`; a bare `svg` or `math` is refused), as
    /// `html parse --fragment`.
    /// `record`: keep the parse errors (`errors`) and the tree builder's record (`tree()`'s
    /// provenance), as `parse()` does; the one-call helpers (`markdown`, `mainText`,
    /// `htmlToText`) read neither and parse without them.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        text: Option<String>,
        bytes: Option<Vec<u8>>,
        url: Option<String>,
        encoding: Option<String>,
        scripting: bool,
        standard_name: &str,
        max_nodes: f64,
        max_depth: f64,
        context: Option<String>,
        record: bool,
    ) -> Result<WsDocument, BindError> {
        let url = url_arg(url, "url")?;
        let standard = standard(standard_name)?;
        let context = context
            .map(|c| {
                // The library's one rule (a bare `svg` or `math` is refused) and its words.
                c.parse::<h::Context>()
                    .map_err(|e| error("type", format!("options.context: {e}")))
            })
            .transpose()?;
        let mut root = NodeId::DOCUMENT;
        let ((doc, events), enc, lim) = match bytes {
            Some(_) if context.is_some() => {
                return Err(error(
                    "type",
                    "options.context: a fragment is parsed from a string, not bytes",
                ));
            }
            Some(b) => {
                let mut options = byte_options(encoding, scripting, record)?;
                options.parse.limits = limits(max_nodes, max_depth, b.len())?;
                options.parse.standard = standard;
                let lim = options.parse.limits;
                let (parsed, events) = if record {
                    parse_document_bytes_with_events(&b, options)
                } else {
                    (parse_document_bytes(&b, options), Vec::new())
                };
                ((parsed.document, events), Some(parsed.encoding), lim)
            }
            None => {
                let text = text.unwrap_or_default();
                if encoding.is_some() {
                    return Err(error(
                        "type",
                        "encoding: only bytes (a Uint8Array) are decoded; a string is parsed \
                         as it is",
                    ));
                }
                let lim = limits(max_nodes, max_depth, text.len())?;
                let options = ParseOptions {
                    scripting,
                    collect_errors: record,
                    limits: lim,
                    standard,
                    ..ParseOptions::default()
                };
                match &context {
                    Some(c) => {
                        let (fragment, events) = if record {
                            h::parse_fragment_with_events(&text, c, options)
                        } else {
                            (h::parse_fragment(&text, c, options), Vec::new())
                        };
                        root = fragment.root;
                        ((fragment.document, events), None, lim)
                    }
                    None if record => (h::parse_document_with_events(&text, options), None, lim),
                    None => ((h::parse_document(&text, options), Vec::new()), None, lim),
                }
            }
        };
        if doc.limits_reached().stopped_early() {
            return Err(node_limit(&lim, Some(doc.limits_reached())));
        }
        Ok(WsDocument {
            doc,
            encoding: enc,
            url,
            scripting,
            ids: OnceCell::new(),
            root,
            events,
        })
    }

    /// The encoding the bytes were decoded with (its WHATWG name); `undefined` for a string.
    #[wasm_bindgen(getter)]
    pub fn encoding(&self) -> Option<String> {
        self.encoding.map(|e| e.name().to_owned())
    }

    /// `document.title`, or `undefined` without a `title` element.
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> Option<String> {
        self.doc.title()
    }

    /// Whether the depth limit placed elements as siblings.
    #[wasm_bindgen(getter, js_name = depthLimited)]
    pub fn depth_limited(&self) -> bool {
        self.doc.limits_reached().tree_depth
    }

    /// The parse errors as JSON: `[{code, message, line, column, offset, span: [start, end]}]`.
    #[wasm_bindgen(js_name = errorsJson)]
    pub fn errors_json(&self) -> String {
        let v: Vec<_> = self
            .doc
            .errors()
            .iter()
            .map(|e| {
                json!({
                    "code": e.code,
                    "message": format!("{} at line {}, column {}", e.code, e.position.line, e.position.column),
                    "line": e.position.line,
                    "column": e.position.column,
                    "offset": e.position.offset,
                    "span": [e.span.start, e.span.end],
                })
            })
            .collect();
        serde_json::Value::Array(v).to_string()
    }

    /// The document's HTML serialization.
    pub fn html(&self) -> String {
        self.doc.to_html()
    }

    /// The readable text (the CLI's `text`).
    pub fn text(&self) -> String {
        self.doc.readable_text_with(
            self.doc.root(),
            TextOptions {
                scripting: self.scripting,
            },
        )
    }

    /// The main content's readable text (the CLI's `text --main`).
    #[wasm_bindgen(js_name = mainText)]
    pub fn main_text(&self) -> String {
        main_content(&self.doc).text_with(&self.doc, self.scripting)
    }

    /// Markdown (the CLI's `markdown`): `main` only the main content; `base_url` the
    /// document's URL links resolve against (default: `url`).
    pub fn markdown(
        &self,
        main: bool,
        base_url: Option<String>,
        reference_links: bool,
        images: bool,
        unsafe_links: bool,
    ) -> Result<String, BindError> {
        let base_url = url_arg(base_url, "baseUrl")?.or_else(|| self.url.clone());
        let options = MarkdownOptions {
            base_url,
            encoding: self.encoding.unwrap_or(Encoding::UTF_8),
            link_style: if reference_links {
                LinkStyle::Referenced
            } else {
                LinkStyle::Inline
            },
            images,
            scripting: self.scripting,
            unsafe_links,
        };
        Ok(if main {
            main_content(&self.doc).markdown(&self.doc, &options)
        } else {
            to_markdown(&self.doc, None, &options)
        })
    }

    /// The links as JSON (the CLI's `links` lines without `file`): `[{element, attr, raw,
    /// url, span, errors}]`.
    #[wasm_bindgen(js_name = linksJson)]
    pub fn links_json(&self, base_url: Option<String>) -> Result<String, BindError> {
        let url = url_arg(base_url, "baseUrl")?.or_else(|| self.url.clone());
        let links = self
            .doc
            .links(url.as_ref(), self.encoding.unwrap_or(Encoding::UTF_8));
        let v: Vec<_> = links
            .iter()
            .map(|link| {
                json!({
                    "element": self.doc.local_name(link.element).unwrap_or(""),
                    "attr": link.attr,
                    "raw": link.raw,
                    "url": link.url.as_ref().ok().map(Url::href),
                    "span": link.span.map(|s| [s.start, s.end]),
                    "errors": link.errors.iter().map(|e| e.kind.name()).collect::<Vec<_>>(),
                })
            })
            .collect();
        Ok(serde_json::Value::Array(v).to_string())
    }

    /// The indexes of the elements matching `css`, in document order (below `scope`, an
    /// index, when given).
    pub fn select(&self, css: &str, scope: Option<u32>) -> Result<Vec<u32>, BindError> {
        let selector =
            Selector::parse(css).map_err(|e| error("syntax", format!("{css:?}: {e}")))?;
        Ok(match scope {
            None => self
                .doc
                .select_with(&selector)
                .map(|id| id.index() as u32)
                .collect(),
            Some(i) => {
                let scope = self.id(i)?;
                self.doc
                    .select_in(scope, &selector)
                    .map(|id| id.index() as u32)
                    .collect()
            }
        })
    }

    /// The node of index `i`.
    fn id(&self, i: u32) -> Result<NodeId, BindError> {
        let ids = self.ids.get_or_init(|| self.doc.node_ids().collect());
        ids.binary_search_by_key(&i, |id| id.index() as u32)
            .map(|k| ids[k])
            .map_err(|_| error("type", "no such node in this document"))
    }

    /// The local name of an element; `undefined` for other nodes.
    #[wasm_bindgen(js_name = nodeTag)]
    pub fn node_tag(&self, i: u32) -> Result<Option<String>, BindError> {
        Ok(self.doc.local_name(self.id(i)?).map(str::to_owned))
    }

    /// The node type (the DOM's `nodeType` numbers).
    #[wasm_bindgen(js_name = nodeType)]
    pub fn node_type(&self, i: u32) -> Result<u32, BindError> {
        Ok(dom_node_type(self.doc.kind(self.id(i)?)))
    }

    /// The attributes as `[name, value, name, value …]` (qualified names, source order).
    #[wasm_bindgen(js_name = nodeAttributes)]
    pub fn node_attributes(&self, i: u32) -> Result<Vec<String>, BindError> {
        let id = self.id(i)?;
        let mut out = Vec::new();
        for a in self.doc.attrs(id) {
            out.push(a.qualified_name().into_owned());
            out.push(a.value().to_owned());
        }
        Ok(out)
    }

    /// The value of attribute `name`, or `undefined`.
    #[wasm_bindgen(js_name = nodeAttribute)]
    pub fn node_attribute(&self, i: u32, name: &str) -> Result<Option<String>, BindError> {
        let id = self.id(i)?;
        Ok(self
            .doc
            .attrs(id)
            .find(|a| a.qualified_name() == name)
            .map(|a| a.value().to_owned()))
    }

    /// The DOM's `textContent` (the CLI's `select --text`).
    #[wasm_bindgen(js_name = nodeText)]
    pub fn node_text(&self, i: u32) -> Result<String, BindError> {
        Ok(self.doc.text_content(self.id(i)?))
    }

    /// The readable text of a subtree (as [`WsDocument::text`]).
    #[wasm_bindgen(js_name = nodeReadableText)]
    pub fn node_readable_text(&self, i: u32) -> Result<String, BindError> {
        let id = self.id(i)?;
        Ok(self.doc.readable_text_with(
            id,
            TextOptions {
                scripting: self.scripting,
            },
        ))
    }

    /// `outerHTML` (the CLI's `select` output).
    #[wasm_bindgen(js_name = nodeOuterHtml)]
    pub fn node_outer_html(&self, i: u32) -> Result<String, BindError> {
        Ok(serialize_node(&self.doc, self.id(i)?, self.scripting))
    }

    /// `innerHTML`.
    #[wasm_bindgen(js_name = nodeInnerHtml)]
    pub fn node_inner_html(&self, i: u32) -> Result<String, BindError> {
        Ok(serialize_children(&self.doc, self.id(i)?, self.scripting))
    }

    /// The parent's index, or `undefined`.
    #[wasm_bindgen(js_name = nodeParent)]
    pub fn node_parent(&self, i: u32) -> Result<Option<u32>, BindError> {
        Ok(self.doc.parent(self.id(i)?).map(|p| p.index() as u32))
    }

    /// The element children's indexes (`elements`) or every child's.
    #[wasm_bindgen(js_name = nodeChildren)]
    pub fn node_children(&self, i: u32, elements: bool) -> Result<Vec<u32>, BindError> {
        let id = self.id(i)?;
        Ok(self
            .doc
            .children(id)
            .filter(|&c| !elements || self.doc.kind(c) == NodeKind::Element)
            .map(|c| c.index() as u32)
            .collect())
    }

    /// The source span `[start, end]` (byte offsets in the input), or `undefined`.
    #[wasm_bindgen(js_name = nodeSpan)]
    pub fn node_span(&self, i: u32) -> Result<Option<Vec<u32>>, BindError> {
        Ok(self
            .doc
            .span(self.id(i)?)
            .map(|s| vec![s.start as u32, s.end as u32]))
    }

    /// The element path (`html > body > p:nth-of-type(2)`), as the CLI's `select --jsonl`.
    #[wasm_bindgen(js_name = nodePath)]
    pub fn node_path(&self, i: u32) -> Result<String, BindError> {
        Ok(self.doc.element_path(self.id(i)?))
    }
}
