// The live viewer's page script. Everything input-derived reaches the DOM as text nodes
// (textContent), never as markup; the Markdown preview is our sanitizer's output inside a
// sandboxed iframe without allow-scripts. Parsing runs in worker.js; the page thread calls the
// package only for cheap work (the URL parser, checking a sanitizer configuration, sanitizing
// the rendered Markdown preview).
import { parseURL, Sanitizer } from './pkg/index.mjs';

const $ = (id) => document.getElementById(id);
const input = $('input');
const mirror = $('mirror');
const treeRoot = $('tree');

const SAMPLE = `<!DOCTYPE html>
<title>A sample</title>
<table><b>bold</b><tr><td>cell</table>
<p><b>one<p>two</b> three
<p>An <a href="https://example.org/a b">odd link</a> &copy 2026
`;

// ---- state ---------------------------------------------------------------------------------

/**
 * The input: typed text (the editor's value), or a file's bytes (until the text is edited),
 * with `text`, the decoded text, once the worker has decoded them.
 */
let source = { mode: 'text' };
let gen = 0; // the generation of the input the views show
let last = null; // the last analysis result
let worker = null;
let nextId = 1;
const pending = new Map();

function opts() {
  return {
    standard: $('standard').value,
    scripting: $('scripting').checked,
    // The fragment context ('': the input is a document; the Sanitize view then uses div).
    context: $('context').value.trim(),
    config: sanitizerConfig().config,
  };
}

// ---- the worker -----------------------------------------------------------------------------

function startWorker() {
  worker = new Worker('./worker.js', { type: 'module' });
  worker.onmessage = (event) => {
    const m = event.data;
    if (m.type === 'ready') return;
    if (m.type === 'progress') {
      if (m.gen === gen) showProgress(m.step, m.of, m.label);
      return;
    }
    const p = pending.get(m.id);
    if (p) {
      pending.delete(m.id);
      if (m.type === 'error') p.reject(new Error(m.message));
      else p.resolve(m);
    }
  };
  worker.onerror = (e) => status(`The parser's worker failed: ${e.message}`);
}

function ask(message) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...message, id });
  });
}

// ---- status and progress --------------------------------------------------------------------

function status(text) {
  $('status-text').textContent = text;
}

function showProgress(step, of, label) {
  const p = $('progress');
  p.hidden = false;
  p.max = of;
  p.value = step - 1;
  document.body.setAttribute('aria-busy', 'true');
  status(`Working: ${label} (step ${step} of ${of})…`);
}

function doneProgress(ms) {
  $('progress').hidden = true;
  document.body.removeAttribute('aria-busy');
  status(`Parsed in ${Math.round(ms)} ms.`);
}

// ---- the editor's window on a large input ----------------------------------------------------

// A textarea lays out all of its value whenever the value is set: 2 s or more for 4 MB on a
// loaded machine, in one task. A decoded file longer than EDITOR_LIMIT is therefore shown a
// window of about WINDOW characters at a time (whole lines), read-only, the window moving to
// whatever is highlighted; "Edit the whole text" puts all of it in the editor.
const EDITOR_LIMIT = 1000000;
const WINDOW = 262144;
let base = 0; // the editor's first character's position in the input's text

/** The whole input's text (the editor may show a window of it). */
function fullText() {
  return source.mode === 'bytes' && source.text !== undefined ? source.text : input.value;
}

function windowed() {
  return source.mode === 'bytes' && source.text !== undefined && source.text.length > EDITOR_LIMIT;
}

/** Shows the decoded file's text in the editor: whole, or a window from around `at`. */
function showText(at = 0) {
  const text = fullText();
  const note = $('editor-window');
  if (!windowed()) {
    base = 0;
    input.readOnly = false;
    note.hidden = true;
    input.value = text;
    return;
  }
  base = text.lastIndexOf('\n', Math.max(0, at - WINDOW / 4)) + 1;
  const cut = text.indexOf('\n', base + WINDOW);
  const end = cut < 0 ? text.length : cut + 1;
  input.readOnly = true;
  input.value = text.slice(base, end);
  note.hidden = false;
  $('editor-window-text').textContent =
    `This page's text is ${text.length} characters long: the editor shows characters ${base}–${end} ` +
    '(read-only), and moves to what you select.';
}

/** Makes sure the editor shows the characters `s`…`e` of the input (as much as fits). */
function reveal(s, e) {
  if (!windowed()) return;
  if (s >= base && e <= base + input.value.length) return;
  if (s >= base && s < base + input.value.length && e - s > WINDOW) return;
  showText(s);
}

$('edit-whole').addEventListener('click', () => {
  // The whole text, editable: the one long pause the window avoided.
  const text = fullText();
  source = { mode: 'text' };
  base = 0;
  input.readOnly = false;
  $('editor-window').hidden = true;
  input.value = text;
  scheduleAnalyze(0);
});

// ---- offsets: the package's spans are byte offsets; the editor counts UTF-16 units ----------

function utf8Length(cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

function decodeBytes(bytes, encoding) {
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/**
 * The editor position of byte offset `b` of the input. A tree node's span is an offset into
 * what was parsed: a saved page's bytes, or, for a fragment (parsed from text), the decoded
 * text's UTF-8. A diagnostic's span (`checked`) is always one into what was checked: a saved
 * page's bytes (the checker reads documents, so it is given the file as it is).
 */
function byteToChar(b, checked = false) {
  if (source.mode === 'bytes' && (checked || !(last && last.textSpans))) {
    return decodeBytes(source.bytes.subarray(0, b), source.encoding).length;
  }
  const t = fullText();
  let bytes = 0;
  let i = 0;
  while (i < t.length && bytes < b) {
    const cp = t.codePointAt(i);
    bytes += utf8Length(cp);
    i += cp >= 0x10000 ? 2 : 1;
  }
  return i;
}

/** The byte offset of position `c` of typed text (a file's: the worker's `pathAt`). */
function charToByte(c) {
  return new TextEncoder().encode(fullText().slice(0, c)).length;
}

// ---- highlighting spans in the editor -------------------------------------------------------

/** Lines (newlines) in `text` before position `end`. */
function linesBefore(text, end) {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/**
 * Selects `span` (bytes; `checked`: a diagnostic's, see byteToChar) in the editor and marks
 * it, and `related`, behind the text. The
 * mirror behind the editor holds only the lines the marks are on, below as many empty lines
 * as come before them: a 4 MB input's text is never laid out a second time.
 */
function highlight(span, related, checked = false) {
  const inner = mirrorInner();
  if (!span) return;
  const toChar = (b) => byteToChar(b, checked);
  const [s, e] = [toChar(span[0]), toChar(span[1])];
  reveal(s, e);
  const text = input.value;
  // Editor positions (the editor may show a window of the input, from `base`).
  const local = (c) => Math.max(0, Math.min(text.length, c - base));
  const ranges = [[local(s), local(e), 'primary']];
  if (related) ranges.push([local(toChar(related[0])), local(toChar(related[1])), 'related']);
  ranges.sort((a, b) => a[0] - b[0]);
  const from = text.lastIndexOf('\n', ranges[0][0] - 1) + 1;
  const lastEnd = Math.max(...ranges.map((r) => r[1]));
  const to = text.indexOf('\n', lastEnd) < 0 ? text.length : text.indexOf('\n', lastEnd);
  inner.appendChild(document.createTextNode('\n'.repeat(linesBefore(text, from))));
  let at = from;
  let first = null;
  for (const [s, e, kind] of ranges) {
    const start = Math.max(s, at);
    inner.appendChild(document.createTextNode(text.slice(at, start)));
    const mark = document.createElement('mark');
    mark.className = kind;
    mark.textContent = text.slice(start, Math.max(start, e)) || ' ';
    inner.appendChild(mark);
    if (kind === 'primary') first = mark;
    at = Math.max(start, e);
  }
  inner.appendChild(document.createTextNode(text.slice(at, to) + '\n'));
  selectOwn(local(s), local(e));
  input.dataset.highlight = `${s},${e}`;
  if (first) input.scrollTop = Math.max(0, first.offsetTop - 40);
  followScroll();
}

/** The mirror's content, emptied (a block moved with the editor's scroll position). */
function mirrorInner() {
  while (mirror.firstChild) mirror.removeChild(mirror.firstChild);
  const inner = document.createElement('div');
  inner.className = 'mirror-inner';
  mirror.appendChild(inner);
  return inner;
}

function clearHighlight() {
  mirrorInner();
  delete input.dataset.highlight;
}

function followScroll() {
  const inner = mirror.firstChild;
  if (inner) inner.style.transform = `translate(${-input.scrollLeft}px, ${-input.scrollTop}px)`;
}
input.addEventListener('scroll', followScroll);

// ---- long outputs --------------------------------------------------------------------------

/** Characters per block of a long output (see setLongText). */
const CHUNK = 32768;

/**
 * Sets a long text into `el` (a `pre`) as blocks of about CHUNK characters cut after a
 * newline, each with `content-visibility: auto` (style.css), so that showing a 4 MB output
 * lays out only the blocks in view. `el.textContent` is the text, exactly.
 */
function setLongText(el, text) {
  if (text.length <= CHUNK) {
    el.textContent = text;
    return;
  }
  while (el.firstChild) el.removeChild(el.firstChild);
  const frag = document.createDocumentFragment();
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf('\n', at + CHUNK);
    const end = nl < 0 || nl - at > 2 * CHUNK ? Math.min(text.length, at + CHUNK) : nl + 1;
    const block = document.createElement('span');
    block.className = 'chunk';
    block.textContent = text.slice(at, end);
    frag.appendChild(block);
    at = end;
  }
  el.appendChild(frag);
}

// ---- analysis -------------------------------------------------------------------------------

let analyzeTimer = 0;
function scheduleAnalyze(delay = 250) {
  delete document.body.dataset.parsed;
  clearTimeout(analyzeTimer);
  analyzeTimer = setTimeout(analyze, delay);
}

async function analyze() {
  const g = ++gen;
  const o = opts();
  const message = { type: 'analyze', gen: g, options: o };
  if (source.mode === 'bytes') message.bytes = source.bytes;
  else message.text = input.value;
  const t0 = performance.now();
  let r;
  try {
    r = await ask(message);
  } catch (e) {
    if (g === gen) {
      $('progress').hidden = true;
      status(`Could not parse: ${e.message}`);
    }
    return;
  }
  if (g !== gen) return;
  last = r;
  if (source.mode === 'bytes' && r.decoded !== null) {
    source.encoding = r.encoding;
    source.text = r.decoded;
    showText(0);
  }
  clearHighlight();
  $('error-count').textContent = String(r.diagnosticCount);
  $('node-count').textContent = String(r.nodeCount);
  $('encoding').textContent = source.mode === 'bytes' ? r.encoding : 'text (UTF-8)';
  $('encoding-why').textContent =
    source.mode === 'bytes'
      ? r.encodingMessage
      : 'Typed text is parsed as a string; the checker reads its UTF-8 bytes.';
  renderTree(r.roots);
  renderErrors(r.diagnosticCount, r.omitted);
  renderSanitize(r);
  renderMarkdown(r);
  if (activeTab() === 'compare') runCompare();
  doneProgress(performance.now() - t0);
  document.body.dataset.parsed = String(g);
  saveState();
}

// ---- Tree view ------------------------------------------------------------------------------

const KIND_LABEL = {
  implied: 'implied',
  clone: 'clone',
  'foster-parented': 'foster-parented',
  moved: 'moved (adoption agency)',
};

function nodeText(n) {
  let t = n.label;
  if (n.nodeType === 1 && n.attributes.length > 0) {
    const attrs = n.attributes.map(([k, v]) => `${k}=${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`);
    t = t.slice(0, -1) + ' ' + attrs.join(' ') + '>';
  }
  if (t.length > 160) t = t.slice(0, 160) + '…';
  return t;
}

function treeItem(n, level) {
  const li = document.createElement('li');
  li.setAttribute('role', 'treeitem');
  li.setAttribute('aria-level', String(level));
  li.tabIndex = -1;
  li.dataset.pos = String(n.pos);
  li.dataset.index = String(n.index);
  li.node = n;
  const row = document.createElement('span');
  row.className = 'row';
  const label = document.createElement('span');
  label.className = 'label';
  label.textContent = nodeText(n);
  row.appendChild(label);
  if (n.provenance) {
    const badge = document.createElement('span');
    badge.className = `badge ${n.provenance.kind}`;
    badge.dataset.testid = 'provenance';
    badge.textContent = KIND_LABEL[n.provenance.kind] || n.provenance.kind;
    badge.title = n.provenance.rule;
    row.appendChild(badge);
    // The HTML Standard's section of the rule.
    const section = document.createElement('span');
    section.className = 'section';
    section.textContent = `§${n.provenance.section}`;
    row.appendChild(section);
  }
  li.appendChild(row);
  if (n.childCount > 0) {
    li.setAttribute('aria-expanded', 'false');
    const group = document.createElement('ul');
    group.setAttribute('role', 'group');
    group.hidden = true;
    li.appendChild(group);
  }
  return li;
}

/**
 * The item that stands for the children not loaded yet (the worker sends them a page at a
 * time, so a body of 20,000 children does not become 20,000 items at once).
 */
function moreItem(parentPos, from, to, level) {
  const li = document.createElement('li');
  li.setAttribute('role', 'treeitem');
  li.setAttribute('aria-level', String(level));
  li.tabIndex = -1;
  li.className = 'more';
  li.dataset.testid = 'tree-more';
  li.more = { parentPos, from, to };
  const row = document.createElement('span');
  row.className = 'row';
  row.textContent = `… ${to - from} more children, ${from + 1}–${to} (Enter: show the next ${Math.min(PAGE, to - from)})`;
  li.appendChild(row);
  return li;
}

const PAGE = 200; // the worker's page size (worker.js)

/**
 * Puts one page of children (`page.nodes`, children number `page.from`… of `page.total`) in
 * place of `at` (a "more" item for the children `gap.from`…`gap.to`), or at the end of
 * `group`: the children of the gap before and after the page stay "more" items.
 */
function placePage(group, page, level, parentPos, at = null, gap = { from: 0, to: page.total }) {
  const frag = document.createDocumentFragment();
  if (page.from > gap.from) frag.appendChild(moreItem(parentPos, gap.from, page.from, level));
  page.nodes.forEach((n) => frag.appendChild(treeItem(n, level)));
  const end = page.from + page.nodes.length;
  if (end < gap.to) frag.appendChild(moreItem(parentPos, end, gap.to, level));
  if (at) at.replaceWith(frag);
  else group.appendChild(frag);
}

/**
 * Replaces a "more" item with the page of its children that starts at its first child, or
 * with the page that holds child number `ord`.
 */
async function loadMore(li, ord = null) {
  if (li.loading) return li.loading;
  const g = gen;
  const { parentPos, from, to } = li.more;
  const start = ord === null ? from : Math.max(from, ord - (ord % PAGE));
  li.loading = ask({ type: 'children', gen: g, pos: parentPos, from: start, to }).then((r) => {
    if (g !== gen || !li.isConnected) return;
    placePage(li.parentElement, r, Number(li.getAttribute('aria-level')), parentPos, li, { from, to });
  });
  return li.loading;
}

function renderTree(roots) {
  while (treeRoot.firstChild) treeRoot.removeChild(treeRoot.firstChild);
  $('node-detail').textContent = '';
  placePage(treeRoot, roots, 1, 0);
  const first = treeRoot.querySelector('[role=treeitem]');
  if (first) first.tabIndex = 0;
  // Open html, and its head and body.
  const html = [...treeRoot.children].find((li) => li.node && li.node.label === '<html>');
  if (html) {
    expand(html).then(() => {
      for (const li of html.querySelector('[role=group]').children) {
        if (li.node && (li.node.label === '<body>' || li.node.label === '<head>')) expand(li);
      }
    });
  }
}

async function expand(li) {
  if (li.getAttribute('aria-expanded') !== 'false') return;
  const group = li.querySelector(':scope > [role=group]');
  if (!li.loaded) {
    li.loaded = true;
    const g = gen;
    const r = await ask({ type: 'children', gen: g, pos: li.node.pos, from: 0 });
    if (g !== gen) return;
    placePage(group, r, Number(li.getAttribute('aria-level')) + 1, li.node.pos);
  }
  group.hidden = false;
  li.setAttribute('aria-expanded', 'true');
}

function collapse(li) {
  if (li.getAttribute('aria-expanded') !== 'true') return;
  li.querySelector(':scope > [role=group]').hidden = true;
  li.setAttribute('aria-expanded', 'false');
}

function visibleItems() {
  return [...treeRoot.querySelectorAll('[role=treeitem]')].filter((li) => !li.parentElement.closest('[hidden]'));
}

function focusItem(li) {
  for (const other of treeRoot.querySelectorAll('[role=treeitem][tabindex="0"]')) other.tabIndex = -1;
  li.tabIndex = 0;
  li.focus();
}

function lineCol(b) {
  const c = byteToChar(b);
  const before = fullText().slice(0, c);
  const line = before.split('\n').length;
  return `${line}:${c - before.lastIndexOf('\n')}`;
}

/** Selects a tree item: marks it, shows its details, highlights its span. */
function selectItem(li, { focus = true } = {}) {
  if (li.more) {
    // The "more" item: load the next page and move to its first item.
    const prev = li.previousElementSibling;
    loadMore(li).then(() => {
      const next = prev ? prev.nextElementSibling : null;
      if (next && focus) focusItem(next);
    });
    return;
  }
  for (const other of treeRoot.querySelectorAll('[aria-selected=true]')) other.removeAttribute('aria-selected');
  li.setAttribute('aria-selected', 'true');
  if (focus) focusItem(li);
  else {
    for (const other of treeRoot.querySelectorAll('[role=treeitem][tabindex="0"]')) other.tabIndex = -1;
    li.tabIndex = 0;
    li.scrollIntoView({ block: 'nearest' });
  }
  const n = li.node;
  const detail = $('node-detail');
  while (detail.firstChild) detail.removeChild(detail.firstChild);
  const add = (tag, text, cls) => {
    const e = document.createElement(tag);
    e.textContent = text;
    if (cls) e.className = cls;
    detail.appendChild(e);
    return e;
  };
  add('p', nodeText(n), 'detail-label');
  add('p', n.span ? `source: bytes ${n.span[0]}–${n.span[1]} (line:col ${lineCol(n.span[0])})` : 'source: none (no token of its own)');
  if (n.provenance) {
    // The rule, in words with its section (the test hook `provenance-rule`).
    const rule = add('p', n.provenance.rule, `rule ${n.provenance.kind}`);
    rule.dataset.testid = 'provenance-rule';
    rule.dataset.section = n.provenance.section;
    if (n.provenance.related !== null) {
      const b = add('button', 'Show the related node');
      b.type = 'button';
      b.addEventListener('click', async () => {
        const r = await ask({ type: 'byIndex', gen, index: n.provenance.related });
        if (r.node && r.node.span) highlight(r.node.span, n.span);
      });
    }
  }
  highlight(n.span, null);
}

treeRoot.addEventListener('click', (e) => {
  const li = e.target.closest('[role=treeitem]');
  if (!li) return;
  if (li.more) return selectItem(li);
  if (li.getAttribute('aria-expanded') === 'true' && e.target.closest('.row') && li.getAttribute('aria-selected') === 'true') collapse(li);
  else if (li.getAttribute('aria-expanded') === 'false') expand(li);
  selectItem(li);
});

treeRoot.addEventListener('keydown', async (e) => {
  const li = e.target.closest('[role=treeitem]');
  if (!li) return;
  const items = visibleItems();
  const k = items.indexOf(li);
  let handled = true;
  if (e.key === 'ArrowDown' && k + 1 < items.length) focusItem(items[k + 1]);
  else if (e.key === 'ArrowUp' && k > 0) focusItem(items[k - 1]);
  else if (e.key === 'Home') focusItem(items[0]);
  else if (e.key === 'End') focusItem(items[items.length - 1]);
  else if (e.key === 'ArrowRight') {
    if (li.getAttribute('aria-expanded') === 'false') await expand(li);
    else if (li.getAttribute('aria-expanded') === 'true') {
      const child = li.querySelector(':scope > [role=group] > [role=treeitem]');
      if (child) focusItem(child);
    }
  } else if (e.key === 'ArrowLeft') {
    if (li.getAttribute('aria-expanded') === 'true') collapse(li);
    else {
      const parent = li.parentElement.closest('[role=treeitem]');
      if (parent) focusItem(parent);
    }
  } else if (e.key === 'Enter' || e.key === ' ') selectItem(li);
  else handled = false;
  if (handled) e.preventDefault();
});

/** Editor selection → the node it belongs to, opened and selected in the tree. */
let caretTimer = 0;

/** The editor range the page itself selected last (`selectOwn`). */
let ownSelection = null;
/** Selects `[s, e)` in the editor for the page (a highlight), not as the user's selection. */
function selectOwn(s, e) {
  ownSelection = [s, e];
  input.setSelectionRange(s, e);
}
function caretMoved() {
  clearTimeout(caretTimer);
  caretTimer = setTimeout(async () => {
    if (last === null) return;
    const g = gen;
    // A file's byte offset is found in the worker (a search that decodes the bytes).
    const at = base + input.selectionStart;
    const r = await ask(source.mode === 'bytes' ? { type: 'pathAt', gen: g, char: at } : { type: 'pathAt', gen: g, offset: charToByte(at) });
    if (g !== gen || r.path.length === 0) return;
    let group = treeRoot;
    let li = null;
    for (const n of r.path) {
      // Load the page of the parent's children that holds the node, if it is not shown.
      li = [...group.children].find((x) => x.node && x.node.pos === n.pos) || null;
      if (!li) {
        const gap = [...group.children].find((x) => x.more && x.more.from <= n.ord && n.ord < x.more.to);
        if (!gap || g !== gen) return;
        await loadMore(gap, n.ord);
        li = [...group.children].find((x) => x.node && x.node.pos === n.pos) || null;
      }
      if (!li) return;
      if (n !== r.path[r.path.length - 1]) {
        await expand(li);
        group = li.querySelector(':scope > [role=group]');
      }
    }
    if (li) {
      const { selectionStart, selectionEnd } = input;
      selectItem(li, { focus: false });
      // Keep the user's own selection in the editor.
      if (input.value.length >= selectionEnd) selectOwn(selectionStart, selectionEnd);
    }
  }, 150);
}
input.addEventListener('mouseup', caretMoved);
input.addEventListener('keyup', (e) => {
  if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'PageUp' || e.key === 'PageDown') caretMoved();
});
input.addEventListener('select', () => {
  // The page's own selection (a highlight) fires `select` too: it is not the user's, and
  // following it would select the node at its start, not the one the user picked.
  if (ownSelection && input.selectionStart === ownSelection[0] && input.selectionEnd === ownSelection[1]) return;
  caretMoved();
});

// ---- Errors view ----------------------------------------------------------------------------

/**
 * The Errors view: the worker keeps the diagnostics (in source order) and sends them a page
 * at a time, each page one short task on this thread and one numbered list (`<ol start>`)
 * with `content-visibility: auto` (style.css), so that only the lists in view are laid out.
 */
function renderErrors(count, omitted) {
  const lists = $('errors');
  while (lists.firstChild) lists.removeChild(lists.firstChild);
  // The checker (`check`, as `websyntax check`) reads documents only.
  $('errors-context').hidden = opts().context === '';
  const g = gen;
  let at = 0;
  const batch = async () => {
    if (g !== gen) return;
    const r = at < count ? await ask({ type: 'diagnostics', gen: g, from: at }) : { items: [] };
    if (g !== gen) return;
    const list = document.createElement('ol');
    list.className = 'errors';
    list.start = at + 1;
    for (const d of r.items) list.appendChild(errorItem(d));
    at += r.items.length;
    if (r.items.length > 0) lists.appendChild(list);
    if (r.items.length > 0 && at < count) setTimeout(batch, 0);
    else if (omitted) {
      const p = document.createElement('p');
      p.textContent = `… and ${omitted} more, not listed`;
      lists.appendChild(p);
    }
  };
  batch();
}

function errorItem(d) {
  const li = document.createElement('li');
  li.className = `severity-${d.severity}`;
  const b = document.createElement('button');
  b.type = 'button';
  b.dataset.testid = 'error-item';
  b.className = 'error-item';
  const where = document.createElement('span');
  where.className = 'where';
  where.textContent = `${d.line}:${d.col}`;
  const code = document.createElement('code');
  code.textContent = d.code;
  const msg = document.createElement('span');
  msg.className = 'message';
  msg.textContent = ` ${d.severity}: ${d.message}${d.count > 1 ? ` (×${d.count})` : ''}`;
  b.append(where, ' ', code, msg);
  b.addEventListener('click', () => highlight(d.span, d.related ? d.related.span : null, true));
  li.appendChild(b);
  if (d.related) {
    const rel = document.createElement('span');
    rel.className = 'related';
    rel.textContent = ` related ${d.related.line}:${d.related.col}: ${d.related.message}`;
    li.appendChild(rel);
  }
  const a = document.createElement('a');
  a.href = `docs/check.md#category-${d.category}`;
  a.textContent = `about ${d.code}`;
  a.className = 'doc-link';
  li.append(' ', a);
  return li;
}

// ---- Compare view ---------------------------------------------------------------------------

/**
 * An element of `doc` for a context as the package names it: `td`, `svg NAME`, `math NAME`
 * (a TypeError for a name no element can have).
 */
function contextElement(doc, context) {
  const [a, b] = context.trim().split(/\s+/);
  if (b !== undefined && a === 'svg') return doc.createElementNS('http://www.w3.org/2000/svg', b);
  if (b !== undefined && a === 'math') return doc.createElementNS('http://www.w3.org/1998/Math/MathML', b);
  return doc.createElement(a);
}

/**
 * The browser's own tree of the input (DOMParser: an inert document, scripting disabled), or
 * of the input as a fragment in `context`.
 */
function browserLines(html, context) {
  let top;
  if (context) {
    // A fragment: innerHTML on the context element, in an inert document (DOMParser has no
    // context; like DOMParser's, this document loads and runs nothing, scripting disabled).
    const doc = document.implementation.createHTMLDocument('');
    const el = contextElement(doc, context);
    el.innerHTML = html;
    top = el.localName === 'template' ? el.content.childNodes : el.childNodes;
  } else top = new DOMParser().parseFromString(html, 'text/html').childNodes;
  const out = [];
  const stack = [...top].reverse().map((n) => [n, 0]);
  while (stack.length > 0) {
    const [n, depth] = stack.pop();
    const pad = '  '.repeat(depth);
    let kids = [...n.childNodes];
    if (n.nodeType === 1) {
      const ns = n.namespaceURI === 'http://www.w3.org/2000/svg' ? 'svg ' : n.namespaceURI === 'http://www.w3.org/1998/Math/MathML' ? 'math ' : '';
      out.push(`${pad}<${ns}${n.localName}>`);
      const attrs = [...n.attributes].map((a) => [a.name, a.value]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [k, v] of attrs) out.push(`${pad}  ${k}=${JSON.stringify(v)}`);
      if (n.localName === 'template' && n.content) {
        // The contents come as a "content" child, as in ours.
        stack.push(...kids.reverse().map((c) => [c, depth + 1]));
        stack.push([n.content, depth + 1]);
        continue;
      }
    } else if (n.nodeType === 3) out.push(pad + JSON.stringify(n.data));
    else if (n.nodeType === 8) out.push(`${pad}<!-- ${n.data} -->`);
    else if (n.nodeType === 10) out.push(`${pad}<!DOCTYPE ${n.name}>`);
    else if (n.nodeType === 11) out.push(`${pad}content`);
    stack.push(...kids.reverse().map((c) => [c, depth + 1]));
  }
  return out;
}

/** Which lines of `a` and `b` are not in their longest common subsequence. */
function diffLines(a, b) {
  const n = a.length;
  const m = b.length;
  const da = new Array(n).fill(true);
  const db = new Array(m).fill(true);
  if (n * m > 4e6) {
    // Too large for the table: compare line by line.
    for (let i = 0; i < Math.min(n, m); i++) if (a[i] === b[i]) da[i] = db[i] = false;
    return [da, db];
  }
  const w = m + 1;
  const t = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      t[i * w + j] = a[i] === b[j] ? t[(i + 1) * w + j + 1] + 1 : Math.max(t[(i + 1) * w + j], t[i * w + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      da[i] = db[j] = false;
      i++;
      j++;
    } else if (t[(i + 1) * w + j] >= t[i * w + j + 1]) i++;
    else j++;
  }
  return [da, db];
}

/**
 * Shows tree lines in `pre`, the lines of `marks` marked ≠, as blocks of 500 lines with
 * `content-visibility: auto` (only the blocks in view are laid out).
 */
function showLines(pre, lines, marks) {
  while (pre.firstChild) pre.removeChild(pre.firstChild);
  const frag = document.createDocumentFragment();
  const limit = Math.min(lines.length, 20000);
  for (let from = 0; from < limit; from += 500) {
    const block = document.createElement('span');
    block.className = 'chunk';
    let run = '';
    for (let k = from; k < Math.min(limit, from + 500); k++) {
      if (!marks[k]) {
        run += '  ' + lines[k] + '\n';
        continue;
      }
      if (run) block.appendChild(document.createTextNode(run));
      run = '';
      const s = document.createElement('span');
      s.textContent = '≠ ' + lines[k] + '\n';
      s.className = 'diff';
      block.appendChild(s);
    }
    if (run) block.appendChild(document.createTextNode(run));
    frag.appendChild(block);
  }
  if (lines.length > limit) frag.appendChild(document.createTextNode(`… ${lines.length - limit} more lines`));
  pre.appendChild(frag);
}

/**
 * The browser's own parser and sanitizer run on this thread (a worker has no DOM): on an
 * input longer than EDITOR_LIMIT they pause the page for seconds, so they run only once the
 * view's button asks for it (for this input).
 */
const browserAsked = { compare: -1, sanitize: -1 };
function browserMayRun(view) {
  const ok = fullText().length <= EDITOR_LIMIT || browserAsked[view] === gen;
  $(`run-browser-${view}`).hidden = ok;
  return ok;
}
for (const view of ['compare', 'sanitize']) {
  $(`run-browser-${view}`).addEventListener('click', () => {
    browserAsked[view] = gen;
    if (last === null) return;
    if (view === 'compare') runCompare();
    else renderSanitize(last);
  });
}
const LONG_NOTE = "This page is long: this browser's own parse runs on the page's thread and pauses it; use the button to run it.";

async function runCompare() {
  const g = gen;
  const r = await ask({ type: 'compare', gen: g, options: opts() });
  if (g !== gen) return;
  const context = opts().context;
  let browser = null;
  if (browserMayRun('compare')) {
    try {
      browser = browserLines(fullText(), context);
    } catch (e) {
      browser = [`${e.name}: ${e.message}`];
    }
  }
  // With a fragment context, the browser's side is innerHTML on that element (DOMParser has no
  // context).
  const how = context ? `innerHTML on a ${context} element` : 'DOMParser';
  $('cmp-b-how').textContent = how;
  $('cmp-a-std').textContent = `${$('standard').value}, ${context ? `a fragment in ${context}, ` : ''}scripting off as in ${how}`;
  let [da, db] = diffLines(r.ours, browser || []);
  showLines($('cmp-ours'), r.ours, browser ? da : []);
  if (browser) showLines($('cmp-browser'), browser, db);
  else $('cmp-browser').textContent = LONG_NOTE;
  const nd = da.filter(Boolean).length + db.filter(Boolean).length;
  $('compare-summary').textContent = !browser ? '' : nd === 0 ? 'Same tree as this browser.' : `${nd} lines differ from this browser's tree (marked ≠).`;
  [da, db] = diffLines(r.seed, r.living);
  showLines($('cmp-seed'), r.seed, da);
  showLines($('cmp-living'), r.living, db);
  const ns = da.filter(Boolean).length + db.filter(Boolean).length;
  $('compare-std-summary').textContent = ns === 0 ? 'The seed and living standards build the same tree.' : `${ns} lines differ between the seed and living trees (marked ≠).`;
}

// ---- Sanitize view --------------------------------------------------------------------------

/** The configuration typed in, parsed: `{config}` (undefined: the default) or `{error}`. */
function sanitizerConfig() {
  const text = $('sanitize-config').value.trim();
  if (text === '') return { config: undefined };
  try {
    return { config: JSON.parse(text) };
  } catch (e) {
    return { config: undefined, error: `not JSON: ${e.message}` };
  }
}

function checkConfig() {
  const { config, error } = sanitizerConfig();
  const out = [];
  if (error) out.push(`Configuration ${error} (the default is used).`);
  else {
    try {
      new Sanitizer(config);
      out.push('websyntax: a valid configuration.');
    } catch (e) {
      out.push(`websyntax: ${e.name}: ${e.message}`);
    }
    if (typeof window.Sanitizer === 'function') {
      try {
        new window.Sanitizer(config === undefined ? {} : config);
        out.push('This browser: a valid configuration.');
      } catch (e) {
        out.push(`This browser: ${e.name}: ${e.message}`);
      }
    } else out.push('This browser has no Sanitizer API.');
  }
  $('config-check').textContent = out.join(' ');
}

function browserSetHTML(html, config, context) {
  if (typeof Element.prototype.setHTML !== 'function') return null;
  try {
    // An inert document: nothing in it loads or runs.
    const doc = document.implementation.createHTMLDocument('');
    const el = contextElement(doc, context);
    el.setHTML(html, config === undefined ? {} : { sanitizer: config });
    return el.innerHTML;
  } catch (e) {
    return `${e.name}: ${e.message}`;
  }
}

function renderSanitize(r) {
  checkConfig();
  setLongText($('sanitize-output'), r.sanitizeError ? r.sanitizeError : r.sanitized);
  // The browser's own setHTML() runs on this thread: only when the view is shown.
  if (activeTab() !== 'sanitize') return;
  const o = opts();
  if (!browserMayRun('sanitize')) {
    $('sanitize-browser').textContent = LONG_NOTE;
    $('sanitize-diff').textContent = '';
    return;
  }
  const theirs = browserSetHTML(fullText(), o.config, o.context || 'div');
  setLongText($('sanitize-browser'), theirs === null ? "This browser has no setHTML()." : theirs);
  $('sanitize-diff').textContent =
    theirs === null ? '' : theirs === r.sanitized ? 'Same output as this browser.' : 'The outputs differ.';
}

let sanitizeTimer = 0;
$('sanitize-config').addEventListener('input', () => {
  clearTimeout(sanitizeTimer);
  sanitizeTimer = setTimeout(async () => {
    checkConfig();
    const g = gen;
    const r = await ask({ type: 'sanitize', gen: g, text: fullText(), options: opts() });
    if (g !== gen || last === null) return;
    last.sanitized = r.output;
    last.sanitizeError = r.error;
    renderSanitize(last);
    saveState();
  }, 250);
});

// ---- Markdown view --------------------------------------------------------------------------

function renderMarkdown(r) {
  setLongText($('markdown-source'), r.markdown);
  setLongText($('main-text'), r.mainText);
  $('preview-note').textContent = r.previewCut ? 'The preview shows the first 50,000 characters.' : '';
  // The worker rendered it with raw HTML off and ran our sanitizer over it; it goes into a
  // frame sandboxed without allow-scripts. Only when the view is shown (a big page's preview
  // is parsed on this thread).
  const frame = $('markdown-preview');
  if (activeTab() === 'markdown') {
    if (frame.srcdoc !== r.preview) frame.srcdoc = r.preview;
  }
}

// ---- URL view -------------------------------------------------------------------------------

const COMPONENTS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

function renderURL() {
  const text = $('url-input').value;
  const base = $('url-base').value;
  const ours = parseURL(text, base === '' ? undefined : base, { standard: $('standard').value });
  let theirs = null;
  let theirError = null;
  try {
    theirs = base === '' ? new URL(text) : new URL(text, base);
  } catch (e) {
    theirError = e.message;
  }
  const rows = $('url-rows');
  while (rows.firstChild) rows.removeChild(rows.firstChild);
  for (const c of COMPONENTS) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = c;
    const a = document.createElement('td');
    a.textContent = ours.ok ? ours[c] : '(failure)';
    const b = document.createElement('td');
    b.textContent = theirs ? theirs[c] : '(failure)';
    if (a.textContent !== b.textContent) {
      tr.className = 'diff';
      b.textContent += '  ≠';
    }
    tr.append(th, a, b);
    rows.appendChild(tr);
  }
  $('url-href').textContent = ours.ok ? ours.href : `failure: ${ours.failure.name} (in the ${ours.failure.in}, at byte ${ours.failure.offset})`;
  const list = $('url-errors');
  while (list.firstChild) list.removeChild(list.firstChild);
  const errs = [...ours.baseErrors.map((e) => ({ ...e, where: 'base' })), ...ours.errors.map((e) => ({ ...e, where: 'input' }))];
  if (!ours.ok) errs.push({ ...ours.failure, where: ours.failure.in, fatal: true });
  for (const e of errs) {
    const li = document.createElement('li');
    li.textContent = `${e.name} at byte ${e.offset} of the ${e.where}${e.fatal ? ' (failure)' : ''}`;
    list.appendChild(li);
  }
  if (errs.length === 0) {
    const li = document.createElement('li');
    li.textContent = 'none';
    list.appendChild(li);
  }
  if (theirError) {
    const li = document.createElement('li');
    li.textContent = `this browser: ${theirError}`;
    list.appendChild(li);
  }
}
$('url-input').addEventListener('input', () => {
  renderURL();
  saveState();
});
$('url-base').addEventListener('input', () => {
  renderURL();
  saveState();
});

// ---- tabs and keyboard ----------------------------------------------------------------------

const TABS = ['tree', 'errors', 'compare', 'sanitize', 'markdown', 'url'];

function activeTab() {
  return TABS.find((t) => $(`tab-${t}`).getAttribute('aria-selected') === 'true');
}

function selectTab(name, { focus = true } = {}) {
  for (const t of TABS) {
    const on = t === name;
    const tab = $(`tab-${t}`);
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`panel-${t}`).hidden = !on;
  }
  if (focus) $(`tab-${name}`).focus();
  if (name === 'compare' && last !== null) runCompare();
  if (name === 'sanitize' && last !== null) renderSanitize(last);
  if (name === 'markdown' && last !== null) renderMarkdown(last);
  if (name === 'url') renderURL();
  saveState();
}

$('tabs').addEventListener('click', (e) => {
  const tab = e.target.closest('[role=tab]');
  if (tab) selectTab(tab.id.slice(4));
});
$('tabs').addEventListener('keydown', (e) => {
  const k = TABS.indexOf(activeTab());
  let next = null;
  if (e.key === 'ArrowRight') next = TABS[(k + 1) % TABS.length];
  else if (e.key === 'ArrowLeft') next = TABS[(k + TABS.length - 1) % TABS.length];
  else if (e.key === 'Home') next = TABS[0];
  else if (e.key === 'End') next = TABS[TABS.length - 1];
  if (next) {
    e.preventDefault();
    selectTab(next);
  }
});
document.addEventListener('keydown', (e) => {
  if (e.ctrlKey && e.altKey && e.key >= '1' && e.key <= '6') {
    e.preventDefault();
    selectTab(TABS[Number(e.key) - 1]);
  } else if (e.key === 'Escape' && document.activeElement !== input) {
    input.focus();
  }
});

// ---- input: typing, files, drops, options ---------------------------------------------------

input.addEventListener('input', () => {
  delete document.body.dataset.parsed;
  source = { mode: 'text' };
  clearHighlight();
  scheduleAnalyze();
});

function loadBytes(buffer) {
  delete document.body.dataset.parsed;
  source = { mode: 'bytes', bytes: new Uint8Array(buffer), encoding: 'UTF-8' };
  scheduleAnalyze(0);
}

$('file').addEventListener('change', async () => {
  delete document.body.dataset.parsed;
  const f = $('file').files[0];
  if (f) loadBytes(await f.arrayBuffer());
});
const drop = $('drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('dropping');
});
drop.addEventListener('dragleave', () => drop.classList.remove('dropping'));
drop.addEventListener('drop', async (e) => {
  e.preventDefault();
  drop.classList.remove('dropping');
  const f = e.dataTransfer.files[0];
  if (f) loadBytes(await f.arrayBuffer());
});

for (const id of ['standard', 'scripting', 'context']) {
  $(id).addEventListener(id === 'context' ? 'input' : 'change', () => {
    scheduleAnalyze(id === 'context' ? 300 : 0);
    if (activeTab() === 'url') renderURL();
  });
}
$('options').addEventListener('submit', (e) => e.preventDefault());

// ---- share links: the state in the URL fragment ---------------------------------------------

/** Inputs longer than this are not put in the share link (browsers cap URL lengths). */
const SHARE_LIMIT = 200000;

let saveTimer = 0;
function saveState() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    const p = new URLSearchParams();
    if (fullText().length > SHARE_LIMIT) {
      const note = ` The input is too long for a share link (over ${SHARE_LIMIT} characters).`;
      if (!$('status-text').textContent.endsWith(note)) status($('status-text').textContent + note);
      return;
    }
    p.set('html', input.value);
    if ($('standard').value !== 'seed') p.set('standard', $('standard').value);
    if (!$('scripting').checked) p.set('scripting', 'off');
    if ($('context').value.trim() !== '') p.set('context', $('context').value.trim());
    if ($('sanitize-config').value.trim() !== '') p.set('config', $('sanitize-config').value);
    p.set('url', $('url-input').value);
    if ($('url-base').value !== '') p.set('base', $('url-base').value);
    const tab = activeTab();
    if (tab !== 'tree') p.set('tab', tab);
    history.replaceState(null, '', '#' + p.toString());
  }, 200);
}

/** Applies a share link's fragment; returns whether it held an input. */
function loadState() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (!p.has('html')) return false;
  source = { mode: 'text' };
  base = 0;
  input.readOnly = false;
  $('editor-window').hidden = true;
  input.value = p.get('html');
  $('standard').value = p.get('standard') === 'living' ? 'living' : 'seed';
  $('scripting').checked = p.get('scripting') !== 'off';
  $('context').value = p.get('context') || '';
  $('sanitize-config').value = p.get('config') || '';
  if (p.has('url')) $('url-input').value = p.get('url');
  $('url-base').value = p.get('base') || '';
  const tab = p.get('tab');
  selectTab(TABS.includes(tab) ? tab : 'tree', { focus: false });
  return true;
}

$('share').addEventListener('click', async () => {
  clearTimeout(saveTimer);
  saveState();
  await new Promise((r) => setTimeout(r, 250));
  try {
    await navigator.clipboard.writeText(location.href);
    status('The share link is in the clipboard (and the address bar).');
  } catch {
    status('The share link is in the address bar.');
  }
});

window.addEventListener('hashchange', () => {
  if (new URLSearchParams(location.hash.slice(1)).get('html') !== input.value && loadState()) scheduleAnalyze(0);
});

// ---- start ----------------------------------------------------------------------------------

startWorker();
if (!loadState()) input.value = SAMPLE;
renderURL();
scheduleAnalyze(0);
