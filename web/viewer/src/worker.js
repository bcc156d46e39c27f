// The viewer's Web Worker: every parse runs here, off the page's thread, through the websyntax
// npm package's public API only. The page sends one job at a time per kind; the worker keeps
// the last document's tree so that the page can ask for one node's children at a time (the
// tree of a 4 MB page never crosses to the page whole).
import { parse, check, sanitize, Sanitizer } from './pkg/index.mjs';
import markdownit from './vendor/markdown-it.mjs';

// The preview renders at most this much Markdown (the frame lays it out on the page's thread:
// 200,000 characters of a 4 MB page's Markdown took 1.9 s to style).
const PREVIEW_LIMIT = 50000;
const md = markdownit({ html: false, linkify: false });

/** The Markdown preview: rendered with raw HTML off, then through our sanitizer (safe mode). */
function preview(markdown) {
  const text = markdown.length > PREVIEW_LIMIT ? markdown.slice(0, PREVIEW_LIMIT) : markdown;
  return sanitize(md.render(text));
}

// The page receives children and diagnostics in pages of this many: a structured clone of a
// 4 MB page's 22,000 diagnostics, or 20,000 tree items built at once, would hold up the page's
// thread for seconds.
const PAGE = 200;

let current = null; // {gen, tree, children, parents, ext, diagnostics, source, options}

function progress(gen, step, of, label) {
  postMessage({ type: 'progress', gen, step, of, label });
}

/** The children lists and parents of a `Document.tree()` (by tree position), from the depths. */
function childLists(tree) {
  const children = new Array(tree.length);
  const parents = new Int32Array(tree.length).fill(-1);
  const stack = [];
  for (let k = 0; k < tree.length; k++) {
    const d = tree[k].depth;
    while (stack.length > d) stack.pop();
    if (stack.length > 0) {
      const p = stack[stack.length - 1];
      (children[p] || (children[p] = [])).push(k);
      parents[k] = p;
    }
    stack.push(k);
  }
  return { children, parents };
}

/** One node's line in a tree's text form (the html5lib-tests format's shape). */
function label(n) {
  if (n.nodeType === 1) {
    const ns = n.namespace && n.namespace !== 'html' ? (n.namespace === 'mathml' ? 'math ' : n.namespace + ' ') : '';
    return `<${ns}${n.name}>`;
  }
  if (n.nodeType === 3) return JSON.stringify(n.data);
  if (n.nodeType === 8) return `<!-- ${n.data} -->`;
  if (n.nodeType === 10) return `<!DOCTYPE ${n.name}>`;
  if (n.nodeType === 11) return 'content';
  return n.name;
}

/** The tree as text lines (one per node below the document), attributes sorted by name. */
function treeLines(tree) {
  const out = [];
  for (let k = 1; k < tree.length; k++) {
    const n = tree[k];
    const pad = '  '.repeat(n.depth - 1);
    out.push(pad + label(n));
    if (n.nodeType === 1) {
      const attrs = n.attributes.slice().sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [name, value] of attrs) out.push(`${pad}  ${name}=${JSON.stringify(value)}`);
    }
  }
  return out;
}

function summary(k) {
  const n = current.tree[k];
  return {
    pos: k,
    index: n.index,
    nodeType: n.nodeType,
    label: label(n),
    attributes: n.attributes,
    span: n.span,
    startTag: n.startTag,
    endTag: n.endTag,
    provenance: n.provenance,
    childCount: current.children[k] ? current.children[k].length : 0,
  };
}

/** The parser's options; with a fragment context, of the input as a fragment. */
function parseOptions(o, standard) {
  const options = { scripting: o.scripting, standard: standard || o.standard };
  if (o.context) options.context = o.context;
  return options;
}

function sanitized(text, o) {
  try {
    const config = o.config === undefined ? undefined : o.config;
    const sanitizer = config === undefined ? undefined : new Sanitizer(config);
    return {
      output: sanitize(text, { sanitizer, context: o.context || 'div', standard: o.standard }),
      error: null,
    };
  } catch (e) {
    return { output: '', error: `${e.name}: ${e.message}` };
  }
}

function analyze({ gen, text, bytes, options: o }) {
  const steps = 5;
  progress(gen, 1, steps, 'checking');
  // The checker reads documents only: with a fragment context too, it checks the input as a
  // document (the page says so).
  const report = check(bytes !== undefined ? bytes : text, { scripting: o.scripting, standard: o.standard });
  // A fragment is parsed from text: a file's bytes decoded as the document's were.
  const source = bytes === undefined ? text : o.context ? decode(bytes, report.encoding) : bytes;
  progress(gen, 2, steps, 'parsing');
  const doc = parse(source, parseOptions(o));
  try {
    progress(gen, 3, steps, 'building the tree');
    const tree = doc.tree();
    const { children, parents } = childLists(tree);
    current = { gen, tree, children, parents, ext: extents(tree, children), source, options: o };
    const nodeCount = doc.nodeCount;
    // Source order: by span start; a diagnostic of the whole document (no span) first.
    current.diagnostics = report.diagnostics
      .map((d, k) => ({ d, k }))
      .sort((a, b) => (a.d.span ? a.d.span[0] : -1) - (b.d.span ? b.d.span[0] : -1) || a.k - b.k)
      .map((x) => x.d);
    progress(gen, 4, steps, 'Markdown and main content');
    const markdown = doc.markdown();
    const mainText = doc.mainText();
    const previewHtml = preview(markdown);
    progress(gen, 5, steps, 'sanitizing');
    // The text the sanitizer and the browser's parsers see: the decoded document.
    const decoded = bytes === undefined ? text : typeof source === 'string' ? source : decode(bytes, report.encoding);
    current.encoding = report.encoding;
    const san = sanitized(decoded, o);
    return {
      type: 'result',
      gen,
      encoding: report.encoding,
      diagnosticCount: report.diagnostics.length,
      encodingMessage: (report.diagnostics.find((d) => d.code === 'encoding-determined') || { message: '' }).message,
      omitted: report.omitted || 0,
      nodeCount,
      markdown,
      mainText,
      preview: previewHtml,
      previewCut: markdown.length > PREVIEW_LIMIT,
      sanitized: san.output,
      sanitizeError: san.error,
      decoded: bytes !== undefined ? decoded : null,
      // Spans are offsets into what was parsed: the bytes, or (a fragment) the decoded text's
      // UTF-8.
      textSpans: typeof source === 'string',
      roots: childPage(0, 0),
    };
  } finally {
    doc.free();
  }
}

/** The bytes decoded as the parser decoded them (TextDecoder knows the WHATWG encodings). */
function decode(bytes, encoding) {
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes); // "replacement" is no TextDecoder label
  }
}

/**
 * The extent of every node: its span, or for a node without one (implied html, body, tbody;
 * clones) the range its descendants' spans cover. Children come after their parent in tree
 * order, so one backward pass does it.
 */
function extents(tree, children) {
  const ext = new Array(tree.length).fill(null);
  for (let k = tree.length - 1; k >= 0; k--) {
    if (tree[k].span) {
      ext[k] = tree[k].span;
      continue;
    }
    let lo = Infinity;
    let hi = -Infinity;
    for (const c of children[k] || []) {
      if (ext[c]) {
        lo = Math.min(lo, ext[c][0]);
        hi = Math.max(hi, ext[c][1]);
      }
    }
    if (lo <= hi) ext[k] = [lo, hi];
  }
  return ext;
}

/**
 * The tree positions from the document's child down to the node `offset` belongs to: of the
 * nodes whose own span holds it, the one with the smallest span (a misnested formatting
 * element's span can hold nodes that are not its descendants).
 */
function pathAt(offset) {
  const { tree, children, parents, ext } = current;
  const holds = (k) => ext[k] && ext[k][0] <= offset && offset < ext[k][1];
  let best = -1;
  const stack = (children[0] || []).filter(holds);
  while (stack.length > 0) {
    const k = stack.pop();
    const s = tree[k].span;
    if (s && (best < 0 || s[1] - s[0] <= tree[best].span[1] - tree[best].span[0])) best = k;
    for (const c of children[k] || []) if (holds(c)) stack.push(c);
  }
  const path = [];
  for (let k = best; k > 0; k = parents[k]) path.unshift(k);
  // With each node, its number among its parent's children (the page it is on).
  return path.map((k) => ({ ...summary(k), ord: children[parents[k]].indexOf(k) }));
}

/** One page of the children of tree position `k`, from child number `from` (below `to`). */
function childPage(k, from, to = Infinity) {
  const all = current.children[k] || [];
  return { nodes: all.slice(from, Math.min(to, from + PAGE)).map(summary), from, total: all.length };
}

/**
 * The byte offset of position `c` (UTF-16 units) of the decoded file: the largest offset
 * whose bytes decode to at most `c` units (a binary search: the encoding may be any).
 */
function charToByte(c) {
  const bytes = current.source;
  if (typeof bytes === 'string') return new TextEncoder().encode(bytes.slice(0, c)).length;
  let lo = 0;
  let hi = bytes.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (decode(bytes.subarray(0, mid), current.encoding).length <= c) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** One tree's text lines. */
function linesOf(source, options) {
  const doc = parse(source, options);
  try {
    return treeLines(doc.tree());
  } finally {
    doc.free();
  }
}

/**
 * The Compare view's trees: ours with scripting off (as the browser's DOMParser, or innerHTML
 * in an inert document, parses) and the selected standard, and ours under the seed and the
 * living standard; with a fragment context, all three of the input as a fragment.
 */
function compare({ gen, options: o }) {
  if (current === null) return { type: 'compare', gen, ours: [], seed: [], living: [] };
  const { source, options } = current;
  return {
    type: 'compare',
    gen,
    ours: linesOf(source, parseOptions({ ...options, scripting: false }, o.standard)),
    seed: linesOf(source, parseOptions(options, 'seed')),
    living: linesOf(source, parseOptions(options, 'living')),
  };
}

onmessage = (event) => {
  const m = event.data;
  try {
    let reply;
    if (m.type === 'analyze') reply = analyze(m);
    else if (m.type === 'children') {
      reply = {
        type: 'children',
        gen: m.gen,
        pos: m.pos,
        ...(current && current.gen === m.gen ? childPage(m.pos, m.from || 0, m.to) : { nodes: [], from: 0, total: 0 }),
      };
    } else if (m.type === 'diagnostics') {
      const all = current && current.gen === m.gen ? current.diagnostics : [];
      reply = { type: 'diagnostics', gen: m.gen, from: m.from, total: all.length, items: all.slice(m.from, m.from + 2 * PAGE) };
    } else if (m.type === 'pathAt') {
      reply = {
        type: 'pathAt',
        gen: m.gen,
        path: current && current.gen === m.gen ? pathAt(m.char === undefined ? m.offset : charToByte(m.char)) : [],
      };
    } else if (m.type === 'byIndex') {
      const k = current ? current.tree.findIndex((n) => n.index === m.index) : -1;
      reply = { type: 'byIndex', gen: m.gen, node: k < 0 ? null : summary(k) };
    } else if (m.type === 'compare') reply = compare(m);
    else if (m.type === 'sanitize') reply = { type: 'sanitize', gen: m.gen, ...sanitized(m.text, m.options) };
    reply.id = m.id;
    postMessage(reply);
  } catch (e) {
    postMessage({ type: 'error', id: m.id, gen: m.gen, message: `${e.name}: ${e.message}` });
  }
};
postMessage({ type: 'ready' });
