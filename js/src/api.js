// The public API of the `websyntax` npm package, over the wasm-bindgen exports of the
// `websyntax-wasm` crate. scripts/build.mjs wraps this file, with the wasm-bindgen glue and the
// module's bytes, into dist/index.mjs (ESM) and dist/index.cjs (CommonJS): it is the body of
// `createApi(bindgen, wasmBytes)`, whose return value is the module's exports. No Node
// built-ins: it runs unchanged in Node, browsers, Deno, Bun and workers.
//
// Argument checks happen here (a TypeError naming the argument); the Rust side reports what
// only it can tell as "KIND:message" strings, turned into errors by `fail` below.

/** An input over a resource limit (`maxNodes`): a RangeError, and the module stays usable. */
class ResourceLimitError extends RangeError {
  constructor(message) {
    super(message);
    this.name = 'ResourceLimitError';
  }
}

/**
 * The WebAssembly module trapped (a bug in websyntax: a panic aborts). Its memory may be
 * inconsistent, so every later call throws this error too; load the module again (a new
 * worker, process or page) to go on.
 */
class WebsyntaxTrapError extends Error {
  constructor(message, cause) {
    super(message, { cause });
    this.name = 'WebsyntaxTrapError';
  }
}

let instance = null; // the wasm-bindgen exports, after initialization
let memory = null; // the module's memory (of the instance's own exports)
let trapped = null; // the first trap, after which nothing is called

/** Instantiates the module from the inlined bytes (or `bytes`), once. */
function initSync(bytes) {
  if (instance === null) {
    const source = bytes === undefined ? wasmBytes() : bytes;
    memory = bindgen.initSync({ module: source }).memory;
    instance = bindgen;
  }
  return instance;
}

/** The wasm-bindgen exports, instantiating the module on first use. */
function wasm() {
  if (trapped !== null) {
    throw new WebsyntaxTrapError(
      'websyntax: the WebAssembly module trapped earlier and refuses further calls ' +
        '(load it again in a new worker, process or page): ' + trapped.message,
      trapped,
    );
  }
  return instance === null ? initSync() : instance;
}

/** Runs `f(exports)`, turning the module's errors into JavaScript errors. */
function call(f) {
  const m = wasm();
  try {
    return f(m);
  } catch (e) {
    throw fail(e);
  }
}

/** The JavaScript error for what a call into the module threw. */
function fail(e) {
  if (e instanceof WebAssembly.RuntimeError) {
    trapped = e;
    return new WebsyntaxTrapError(
      'websyntax: the WebAssembly module trapped (' + e.message + '); it refuses further ' +
        'calls: please report this input',
      e,
    );
  }
  if (typeof e === 'string') {
    const colon = e.indexOf(':');
    const kind = e.slice(0, colon);
    const message = e.slice(colon + 1);
    if (kind === 'range') return new ResourceLimitError(message);
    if (kind === 'syntax') return new SyntaxError(message);
    return new TypeError(message); // 'type' and 'config'
  }
  return e;
}

// ---- argument checks ---------------------------------------------------------------------

function typeName(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : 'a ' + typeof v;
}

function str(v, name) {
  if (typeof v !== 'string') {
    throw new TypeError(`${name} must be a string, not ${typeName(v)}`);
  }
  return v;
}

function optStr(v, name) {
  return v === undefined || v === null ? undefined : str(v, name);
}

function bool(v, name, dflt) {
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') {
    throw new TypeError(`${name} must be a boolean, not ${typeName(v)}`);
  }
  return v;
}

function options(v, name) {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw new TypeError(`${name} must be an options object, not ${typeName(v)}`);
  }
  return v;
}

/** A limit option for the module: NaN (default), Infinity (none) or a whole number. */
function limit(v, name) {
  if (v === undefined) return NaN;
  if (v === null || v === Infinity) return Infinity;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new TypeError(`${name} must be a non-negative whole number, Infinity or null`);
  }
  return v;
}

function standardOf(o) {
  const s = o.standard === undefined ? 'seed' : o.standard;
  if (s !== 'seed' && s !== 'living') {
    throw new TypeError(`options.standard must be "seed" or "living", not ${JSON.stringify(s)}`);
  }
  return s;
}

/** JSON text of a configuration value (plain data only). */
function configJson(v, name) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || typeof v !== 'object') {
    throw new TypeError(`${name} must be a dictionary or "default", not ${typeName(v)}`);
  }
  return JSON.stringify(v);
}

function nameJson(v, name) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) return JSON.stringify(v);
  throw new TypeError(`${name} must be a string or a {name, namespace} dictionary`);
}

// ---- Sanitizer API -----------------------------------------------------------------------

const SANITIZER = Symbol('websyntax.sanitizer');

/**
 * The HTML Standard's `Sanitizer`: `new Sanitizer()` is the safe default configuration,
 * `new Sanitizer(config)` takes a `SanitizerConfig` dictionary (a configuration a browser
 * rejects throws a TypeError).
 */
class Sanitizer {
  constructor(config) {
    const json =
      config === undefined || config === 'default' ? undefined : configJson(config, 'config');
    this[SANITIZER] = call((m) => new m.WsSanitizer(json));
  }
  /** The configuration as a dictionary (`Sanitizer.get()`). */
  get() {
    return JSON.parse(call(() => this[SANITIZER].get()));
  }
  allowElement(element) {
    const j = nameJson(element, 'element');
    return call(() => this[SANITIZER].allowElement(j));
  }
  removeElement(element) {
    const j = nameJson(element, 'element');
    return call(() => this[SANITIZER].removeElement(j));
  }
  replaceElementWithChildren(element) {
    const j = nameJson(element, 'element');
    return call(() => this[SANITIZER].replaceElementWithChildren(j));
  }
  allowAttribute(attribute) {
    const j = nameJson(attribute, 'attribute');
    return call(() => this[SANITIZER].allowAttribute(j));
  }
  removeAttribute(attribute) {
    const j = nameJson(attribute, 'attribute');
    return call(() => this[SANITIZER].removeAttribute(j));
  }
  setComments(allow) {
    const b = bool(allow, 'allow');
    return call(() => this[SANITIZER].setComments(b));
  }
  setDataAttributes(allow) {
    const b = bool(allow, 'allow');
    return call(() => this[SANITIZER].setDataAttributes(b));
  }
  removeUnsafe() {
    return call(() => this[SANITIZER].removeUnsafe());
  }
}

const encoder = new TextEncoder();

/**
 * Writes `html` as UTF-8 into the module's input buffer (`inputBuffer`, read by
 * `sanitizeInput`) and returns its length in bytes: `encodeInto` copies it in one native
 * pass, where the glue would copy character by character into a new allocation. A first pass
 * assumes one byte per UTF-16 unit; from the first unit that did not fit on, three.
 */
function passInput(m, html) {
  let ptr = m.inputBuffer(html.length);
  let r = encoder.encodeInto(html, new Uint8Array(memory.buffer, ptr, html.length));
  let written = r.written;
  if (r.read < html.length) {
    const rest = html.length - r.read;
    ptr = m.inputBuffer(written + rest * 3);
    r = encoder.encodeInto(html.slice(r.read), new Uint8Array(memory.buffer, ptr + written, rest * 3));
    written += r.written;
  }
  return written;
}

// The flags of the module's sanitize calls (crates/wasm/src/sanitize.rs).
const SAFE = 1;
const DOCUMENT = 2;
const LIVING = 4;

/** The sanitize calls' one path: `flags` has SAFE and DOCUMENT set by the method. */
function runSanitize(html, opts, flags, fname) {
  if (typeof html !== 'string') str(html, 'html');
  let context;
  let maxNodes = NaN;
  let maxDepth = NaN;
  let s;
  if (opts !== undefined && opts !== null) {
    const o = options(opts, 'options');
    if (!(flags & DOCUMENT) && o.context !== undefined && o.context !== 'div') {
      context = str(o.context, 'options.context');
    }
    if (standardOf(o) === 'living') flags |= LIVING;
    maxNodes = limit(o.maxNodes, 'options.maxNodes');
    maxDepth = limit(o.maxDepth, 'options.maxDepth');
    s = o.sanitizer;
  }
  const m = wasm();
  try {
    if (s instanceof Sanitizer) {
      return m.sanitizeInput(passInput(m, html), s[SANITIZER], context, flags, maxNodes, maxDepth);
    }
    const json = s === undefined ? undefined : configJson(s, `${fname} options.sanitizer`);
    return m.sanitizeConfigInput(passInput(m, html), json, context, flags, maxNodes, maxDepth);
  } catch (e) {
    throw fail(e);
  }
}

/**
 * `element.setHTML(html, {sanitizer})` on a `context` element (default "div"): returns what
 * `element.innerHTML` then holds. A bare "svg" or "math" context is a TypeError (write
 * "svg svg" / "math math").
 */
function sanitize(html, opts) {
  return runSanitize(html, opts, SAFE, 'sanitize');
}

/** `element.setHTMLUnsafe(html, {sanitizer})`: the configuration only (default: nothing removed). */
function sanitizeUnsafe(html, opts) {
  return runSanitize(html, opts, 0, 'sanitizeUnsafe');
}

/** `Document.parseHTML(html, {sanitizer})`, serialized (`unsafe: true`: `parseHTMLUnsafe`). */
function parseHTML(html, opts) {
  const o = options(opts, 'options');
  const unsafe = bool(o.unsafe, 'options.unsafe', false);
  return runSanitize(html, o, (unsafe ? 0 : SAFE) | DOCUMENT, 'parseHTML');
}

// ---- documents ---------------------------------------------------------------------------

const DOC = Symbol('websyntax.document');

function liveDoc(doc) {
  const d = doc[DOC];
  if (d === null) throw new TypeError('this Document was freed (doc.free())');
  return d;
}

/** An element (or other node) of a parsed `Document`; valid while the document lives. */
class Element {
  constructor(doc, index) {
    this.document = doc;
    this.index = index;
  }
  #get(f) {
    const d = liveDoc(this.document);
    return call(() => f(d, this.index));
  }
  /** The local name (`"div"`, `"svg"`, `"foreignObject"`), or undefined for a non-element. */
  get tag() {
    return this.#get((d, i) => d.nodeTag(i));
  }
  /** The DOM's nodeType (1 element, 3 text, 8 comment …). */
  get nodeType() {
    return this.#get((d, i) => d.nodeType(i));
  }
  /** The attributes as a plain object, in source order (qualified names). */
  get attributes() {
    const flat = this.#get((d, i) => d.nodeAttributes(i));
    const out = {};
    for (let k = 0; k < flat.length; k += 2) out[flat[k]] = flat[k + 1];
    return out;
  }
  getAttribute(name) {
    str(name, 'name');
    const v = this.#get((d, i) => d.nodeAttribute(i, name));
    return v === undefined ? null : v;
  }
  /** The DOM's textContent. */
  text() {
    return this.#get((d, i) => d.nodeText(i));
  }
  /** The readable text (block-aware, as `Document.text()`). */
  readableText() {
    return this.#get((d, i) => d.nodeReadableText(i));
  }
  get outerHTML() {
    return this.#get((d, i) => d.nodeOuterHtml(i));
  }
  get innerHTML() {
    return this.#get((d, i) => d.nodeInnerHtml(i));
  }
  get parent() {
    const p = this.#get((d, i) => d.nodeParent(i));
    return p === undefined ? null : new Element(this.document, p);
  }
  /** The element children. */
  get children() {
    const ids = this.#get((d, i) => d.nodeChildren(i, true));
    return Array.from(ids, (k) => new Element(this.document, k));
  }
  /** Every child node (text and comments too). */
  get childNodes() {
    const ids = this.#get((d, i) => d.nodeChildren(i, false));
    return Array.from(ids, (k) => new Element(this.document, k));
  }
  /** The source span `[start, end]`: byte offsets into the input (UTF-8 for a string). */
  get span() {
    const s = this.#get((d, i) => d.nodeSpan(i));
    return s === undefined ? null : [s[0], s[1]];
  }
  /** The element's path (`html > body > p:nth-of-type(2)`). */
  get path() {
    return this.#get((d, i) => d.nodePath(i));
  }
  select(css) {
    str(css, 'css');
    const ids = this.#get((d, i) => d.select(css, i));
    return Array.from(ids, (k) => new Element(this.document, k));
  }
  selectFirst(css) {
    const all = this.select(css);
    return all.length === 0 ? null : all[0];
  }
}

/**
 * A parsed document, held inside the WebAssembly module. `free()` releases its memory at
 * once; otherwise a FinalizationRegistry releases it after the Document is garbage-collected.
 */
class Document {
  constructor(inner) {
    this[DOC] = inner;
    this.#errors = undefined;
  }
  #errors;
  #d() {
    return liveDoc(this);
  }
  /** The encoding the bytes were decoded with (its WHATWG name); null for a string input. */
  get encoding() {
    const d = this.#d();
    const e = call(() => d.encoding);
    return e === undefined ? null : e;
  }
  /** `document.title`, or null without a `title` element. */
  get title() {
    const d = this.#d();
    const t = call(() => d.title);
    return t === undefined ? null : t;
  }
  /** The parse errors: `{code, message, line, column, offset, span: [start, end]}`. */
  get errors() {
    if (this.#errors === undefined) {
      const d = this.#d();
      this.#errors = JSON.parse(call(() => d.errorsJson()));
    }
    return this.#errors;
  }
  /** Whether elements nested deeper than `maxDepth` were placed as siblings. */
  get depthLimited() {
    const d = this.#d();
    return call(() => d.depthLimited);
  }
  /** The document node as an `Element` handle (for `children`, `select` …). */
  get root() {
    return new Element(this, 0);
  }
  select(css) {
    str(css, 'css');
    const d = this.#d();
    const ids = call(() => d.select(css, undefined));
    return Array.from(ids, (k) => new Element(this, k));
  }
  selectFirst(css) {
    const all = this.select(css);
    return all.length === 0 ? null : all[0];
  }
  /** The readable text: blocks and `<br>` separate lines, scripts and styles skipped. */
  text() {
    const d = this.#d();
    return call(() => d.text());
  }
  /** The main content's readable text (the article body). */
  mainText() {
    const d = this.#d();
    return call(() => d.mainText());
  }
  /** Markdown (CommonMark + GFM tables); `{main}` keeps only the main content. */
  markdown(opts) {
    const o = options(opts, 'options');
    const main = bool(o.main, 'options.main', false);
    const base = optStr(o.baseUrl, 'options.baseUrl');
    const refs = bool(o.referenceLinks, 'options.referenceLinks', false);
    const images = bool(o.images, 'options.images', true);
    const unsafeLinks = bool(o.unsafeLinks, 'options.unsafeLinks', false);
    const d = this.#d();
    return call(() => d.markdown(main, base, refs, images, unsafeLinks));
  }
  /** Every URL in a URL-bearing attribute, resolved: `{element, attr, raw, url, span, errors}`. */
  links(opts) {
    const o = options(opts, 'options');
    const base = optStr(o.baseUrl, 'options.baseUrl');
    const d = this.#d();
    return JSON.parse(call(() => d.linksJson(base)));
  }
  /** The HTML serialization. */
  html() {
    const d = this.#d();
    return call(() => d.html());
  }
  /** Releases the document's memory now; its handles become unusable. */
  free() {
    const d = this[DOC];
    if (d !== null) {
      this[DOC] = null;
      call(() => d.free());
    }
  }
  [Symbol.dispose]() {
    this.free();
  }
}

function input(v, name) {
  if (typeof v === 'string') return { text: v, bytes: undefined };
  if (v instanceof Uint8Array) return { text: undefined, bytes: v };
  if (v instanceof ArrayBuffer) return { text: undefined, bytes: new Uint8Array(v) };
  throw new TypeError(`${name} must be a string or a Uint8Array, not ${typeName(v)}`);
}

/**
 * Parses a document. Bytes (a Uint8Array) are decoded as a browser does: BOM, `encoding` (the
 * transport layer's charset label), `<meta charset>`, then autodetection; a string is parsed
 * as it is. `context` (a string input only): the fragment parsing algorithm with that context
 * element (a bare "svg" or "math" is a TypeError: write "svg svg" / "math math").
 */
function parse(source, opts) {
  return parseWith(source, opts, true);
}

/**
 * `parse()`; `record`: keep the parse errors and the tree builder's record (`errors`,
 * `tree()`), which the one-call helpers do not read.
 */
function parseWith(source, opts, record) {
  const { text, bytes } = input(source, 'input');
  const o = options(opts, 'options');
  const url = optStr(o.url, 'options.url');
  const encoding = optStr(o.encoding, 'options.encoding');
  const scripting = bool(o.scripting, 'options.scripting', true);
  const standard = standardOf(o);
  const maxNodes = limit(o.maxNodes, 'options.maxNodes');
  const maxDepth = limit(o.maxDepth, 'options.maxDepth');
  const context = optStr(o.context, 'options.context');
  const inner = call(
    (m) => new m.WsDocument(text, bytes, url, encoding, scripting, standard, maxNodes, maxDepth, context, record),
  );
  return new Document(inner);
}

/** Runs `f(doc)` on a document parsed from `html`, then frees it. */
function withDocument(html, name, f) {
  const doc = parseWith(input(html, name).text ?? html, undefined, false);
  try {
    return f(doc);
  } finally {
    doc.free();
  }
}

/** Markdown of an HTML document (`{main, baseUrl, referenceLinks, images}`). */
function markdown(html, opts) {
  const o = options(opts, 'options');
  return withDocument(html, 'html', (d) => d.markdown(o));
}

/** The readable text of the main content of an HTML document. */
function mainText(html) {
  return withDocument(html, 'html', (d) => d.mainText());
}

/** The readable text of an HTML document. */
function htmlToText(html) {
  return withDocument(html, 'html', (d) => d.text());
}

function strings(v, name) {
  if (v === undefined) return [];
  const list = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) {
    throw new TypeError(`${name} must be an array of strings`);
  }
  return list;
}

/**
 * The syntax checker: `{encoding, diagnostics: [{category, code, severity, message, line,
 * col, span, count, related}], omitted?}`, as `websyntax check --format json` reports it.
 */
function check(source, opts) {
  const { text, bytes } = input(source, 'input');
  const data = bytes !== undefined ? bytes : new TextEncoder().encode(text);
  const o = options(opts, 'options');
  const url = optStr(o.url, 'options.url');
  const encoding = optStr(o.encoding, 'options.encoding');
  const scripting = bool(o.scripting, 'options.scripting', true);
  const severity = o.severity === undefined ? 'info' : str(o.severity, 'options.severity');
  const ignore = strings(o.ignore, 'options.ignore');
  const only = strings(o.only, 'options.only');
  let maxPerFile;
  if (o.maxPerFile !== undefined) {
    if (!Number.isSafeInteger(o.maxPerFile) || o.maxPerFile < 1 || o.maxPerFile > 0xffffffff) {
      throw new TypeError('options.maxPerFile must be a whole number of at least 1');
    }
    maxPerFile = o.maxPerFile;
  }
  const standard = standardOf(o);
  const maxNodes = limit(o.maxNodes, 'options.maxNodes');
  const maxDepth = limit(o.maxDepth, 'options.maxDepth');
  return JSON.parse(
    call((m) =>
      m.checkJson(data, url, encoding, scripting, severity, ignore, only, maxPerFile, standard, maxNodes, maxDepth),
    ),
  );
}

// ---- parse5 trees ------------------------------------------------------------------------

const NS = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg', 'http://www.w3.org/1998/Math/MathML'];
const ATTR_NS = [undefined, 'http://www.w3.org/1999/xlink', 'http://www.w3.org/XML/1998/namespace', 'http://www.w3.org/2000/xmlns/'];

/**
 * The document as parse5's default tree adapter builds it (`nodeName`, `tagName`, `attrs`,
 * `childNodes`, `parentNode`, `namespaceURI`, template `content`, `mode`), decoded from one
 * flat record list that the module builds in one call.
 */
function toParse5(source, opts) {
  const { text } = input(source, 'input');
  if (text === undefined) throw new TypeError('input must be a string');
  const o = options(opts, 'options');
  const loc = bool(o.sourceCodeLocationInfo, 'options.sourceCodeLocationInfo', false);
  const scripting = bool(o.scripting, 'options.scripting', true);
  const maxNodes = limit(o.maxNodes, 'options.maxNodes');
  const flat = JSON.parse(call((m) => m.parse5Json(text, scripting, loc, maxNodes)));
  return decodeParse5(flat, loc);
}

/** parse5's location object of six numbers at `r[k]`. */
function span6(r, k) {
  return {
    startLine: r[k],
    startCol: r[k + 1],
    startOffset: r[k + 2],
    endLine: r[k + 3],
    endCol: r[k + 4],
    endOffset: r[k + 5],
  };
}

function decodeParse5(r, loc) {
  const nodes = [];
  let k = 0;
  while (k < r.length) {
    const kind = r[k];
    const parent = r[k + 1] < 0 ? null : nodes[r[k + 1]];
    k += 2;
    let node;
    if (kind === 0) {
      node = { nodeName: '#document', mode: r[k++], childNodes: [] };
      nodes.push(node);
      continue;
    } else if (kind === 1) {
      node = { nodeName: '#documentType', name: r[k], publicId: r[k + 1], systemId: r[k + 2], parentNode: parent };
      k += 3;
    } else if (kind === 2) {
      const tagName = r[k];
      const namespaceURI = NS[r[k + 1]];
      const n = r[k + 2];
      k += 3;
      const attrs = new Array(n);
      for (let a = 0; a < n; a++) {
        const ns = r[k + 2];
        attrs[a] =
          ns === 0
            ? { name: r[k], value: r[k + 1] }
            : ns === 3 && r[k] === 'xmlns'
              ? { name: r[k], value: r[k + 1], namespace: ATTR_NS[ns], prefix: '' }
              : { name: r[k], value: r[k + 1], namespace: ATTR_NS[ns], prefix: r[k + 3] };
        k += ns === 0 ? 3 : 4;
      }
      node = { nodeName: tagName, tagName, attrs, namespaceURI, childNodes: [], parentNode: parent };
      if (loc) {
        // 0: no location, 1: null, 2: start tag, end, end tag, attributes (see parse5.rs).
        const tag = r[k++];
        if (tag === 1) {
          node.sourceCodeLocation = null;
        } else if (tag === 2) {
          const startTag = span6(r, k);
          const l = {
            startLine: r[k],
            startCol: r[k + 1],
            startOffset: r[k + 2],
            endLine: r[k + 6],
            endCol: r[k + 7],
            endOffset: r[k + 8],
          };
          k += 9;
          if (r[k++] === 1) {
            l.endTag = span6(r, k);
            k += 6;
          }
          const na = r[k++];
          if (na > 0) {
            const al = Object.create(null);
            for (let a = 0; a < na; a++) {
              al[r[k]] = span6(r, k + 1);
              k += 7;
            }
            startTag.attrs = al;
            l.attrs = al;
          }
          l.startTag = startTag;
          node.sourceCodeLocation = l;
        }
      }
      if (parent !== null) parent.childNodes.push(node);
      nodes.push(node);
      continue;
    } else if (kind === 3) {
      node = { nodeName: '#text', value: r[k++], parentNode: parent };
    } else if (kind === 4) {
      node = { nodeName: '#comment', data: r[k++], parentNode: parent };
    } else {
      // kind 5: a template's content fragment.
      node = { nodeName: '#document-fragment', childNodes: [] };
      if (loc) node.sourceCodeLocation = null;
      parent.content = node;
      nodes.push(node);
      continue;
    }
    if (loc) {
      // 1: null, 2: six numbers.
      if (r[k++] === 2) {
        node.sourceCodeLocation = span6(r, k);
        k += 6;
      } else {
        node.sourceCodeLocation = null;
      }
    }
    if (parent !== null) parent.childNodes.push(node);
    nodes.push(node);
  }
  return nodes[0];
}

// ---- tree view, node count and URL parser (the live viewer's needs; docs/js.md) ----------

/** The number of nodes, as `websyntax html parse --output stats` counts them. */
Object.defineProperty(Document.prototype, 'nodeCount', {
  configurable: true,
  enumerable: false,
  get() {
    const d = liveDoc(this);
    return call(() => d.nodeCount);
  },
});

/**
 * Every node in tree order, as plain data: `{index, depth, nodeType, name, namespace,
 * attributes, data, span, startTag, endTag, provenance}`; `provenance` says what the tree
 * builder did with a node that is not simply where its tag was (`implied`, `clone`,
 * `foster-parented`, `moved`), with the rule and the related node's `index`.
 */
Object.defineProperty(Document.prototype, 'tree', {
  configurable: true,
  enumerable: false,
  writable: true,
  value: function tree() {
    const d = liveDoc(this);
    return JSON.parse(call(() => d.treeJson()));
  },
});

/**
 * The URL Standard's API URL parser (`new URL(input, base)`): every component, and the
 * validation errors met (`{name, offset}`, byte offsets into the parsed string). A failure
 * is a result too: `{ok: false, failure: {name, offset, in: 'input' | 'base'}, errors}`.
 */
function parseURL(input, base, opts) {
  str(input, 'input');
  const b = optStr(base, 'base');
  const o = options(opts, 'options');
  const standard = standardOf(o);
  return JSON.parse(call((m) => m.parseUrlJson(input, b, standard)));
}

/** The WebAssembly module's linear memory, in bytes. */
function memoryBytes() {
  return call((m) => m.memoryBytes());
}

const api = {
  // For the package's own tests only: trap the module as a panic would.
  _trapForTests: () => call((m) => m.trapForTests()),
  memoryBytes,
  Sanitizer,
  sanitize,
  sanitizeUnsafe,
  parseHTML,
  parse,
  Document,
  Element,
  check,
  markdown,
  mainText,
  htmlToText,
  toParse5,
  parseURL,
  ResourceLimitError,
  WebsyntaxTrapError,
  initSync,
  version: '0.1.0',
};
return api;
