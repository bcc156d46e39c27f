// The web-platform-tests sanitizer-api data (test/data/wpt-sanitizer, a copy of
// crates/sanitize/tests/data/wpt-sanitizer) through the JS API:
// - a configuration the case expects to be rejected throws a TypeError;
// - every other case gives, through sanitize() / sanitizeUnsafe(), exactly the native
//   library's result (the CLI's `sanitize --jsonl`, whose trees the Rust harness
//   crates/sanitize/tests/wpt.rs compares with the expected ones);
// - the result, parsed again in its context by parse5, is the expected tree (cases listed in
//   wpt-sanitizer-exclusions.txt excepted, as in the Rust harness).
// Each test runs through both entry points: `websyntax` and `websyntax/sanitize`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as parse5 from 'parse5';
import * as full from '../dist/index.mjs';
import * as sanitizeEntry from '../dist/sanitize.mjs';
import { cli, cliPath, data } from './helpers.mjs';

const FILES = [
  ['sethtml-tree-construction.sub.dat', true],
  ['sanitizer-in-adoption-agency.sub.dat', true],
  ['sanitizer-script-tokenizer.sub.dat', true],
  ['sethtml-safety.sub.dat', true],
  ['sethtml-unsafety.sub.dat', false],
  ['sethtmlunsafe-toplevel-template-script.sub.dat', false],
];
const host = (s) => s.replaceAll('{{host}}', 'web-platform.test');

/** `parse_html5lib_testcases`: an empty line ends a case; `#name` starts a section. */
function cases(text) {
  const out = [];
  let cur = new Map();
  let last = null;
  for (const line of text.split('\n')) {
    if (line === '') {
      if (cur.size) out.push(cur);
      cur = new Map();
      last = null;
    } else if (line.startsWith('#')) {
      last = line.slice(1);
      cur.set(last, null);
    } else if (last !== null) {
      const v = cur.get(last);
      cur.set(last, v === null ? line : v + '\n' + line);
    }
  }
  if (cur.size) out.push(cur);
  return out;
}

function all() {
  const out = [];
  for (const [file, safeDefault] of FILES) {
    cases(readFileSync(join(data, 'wpt-sanitizer', file), 'utf8')).forEach((c, index) => {
      const method = c.get('method');
      const safe = method === 'setHTMLUnsafe' ? false : method === 'setHTML' ? true : safeDefault;
      let config;
      try {
        config = c.has('config') ? JSON.parse(c.get('config')) : undefined;
      } catch {
        config = undefined;
      }
      out.push({
        file,
        index,
        safe,
        config,
        data: host(c.get('data') ?? ''),
        context: c.get('document-fragment') ?? 'div',
        error: c.has('error'),
        document: host(c.get('document') ?? ''),
      });
    });
  }
  return out;
}

const CASES = all();

function run(c, ws) {
  const options = { context: c.context };
  if (c.config !== undefined) options.sanitizer = c.config;
  return c.safe ? ws.sanitize(c.data, options) : ws.sanitizeUnsafe(c.data, options);
}

for (const [entry, ws] of [['websyntax', full], ['websyntax/sanitize', sanitizeEntry]]) {
  test(`WPT sanitizer (${entry}): rejected configurations throw TypeError`, () => {
    const errors = CASES.filter((c) => c.error);
    assert.ok(errors.length > 0);
    for (const c of errors) assert.throws(() => run(c, ws), TypeError, `${c.file}:${c.index}`);
  });

  test(`WPT sanitizer (${entry}): the JS API gives the native library's result`, { skip: cliPath() === null ? 'no websyntax CLI binary' : false }, () => {
    const ok = CASES.filter((c) => !c.error);
    const lines = ok.map((c) => {
      const l = { input: c.data, context: c.context, unsafe: !c.safe };
      if (c.config !== undefined) l.config = c.config;
      return JSON.stringify(l);
    });
    const out = cli(['sanitize', '--jsonl'], lines.join('\n') + '\n').split('\n').filter(Boolean);
    assert.equal(out.length, ok.length);
    ok.forEach((c, i) => {
      assert.deepEqual({ output: run(c, ws) }, JSON.parse(out[i]), `${c.file}:${c.index}`);
    });
  });

  // ---- the expected trees ------------------------------------------------------------------

  const SVG = 'http://www.w3.org/2000/svg';
  const MATH = 'http://www.w3.org/1998/Math/MathML';

  /** A parse5 subtree in the html5lib tree format, as the WPT data writes it. */
  function dump(nodes, depth, out) {
    for (const n of nodes) {
      const pad = '| ' + '  '.repeat(depth);
      if (n.nodeName === '#text') out.push(`${pad}"${n.value}"`);
      else if (n.nodeName === "#comment") out.push(`${pad}<!--${n.data}-->`);
      else {
        const prefix = n.namespaceURI === SVG ? 'svg ' : n.namespaceURI === MATH ? 'math ' : '';
        out.push(`${pad}<${prefix}${n.tagName}>`);
        const attrs = n.attrs.map((a) => [a.prefix ? `${a.prefix} ${a.name}` : a.name, a.value]);
        attrs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        for (const [k, v] of attrs) out.push(`${pad}  ${k}="${v}"`);
        if (n.content) {
          out.push(`${pad}  content`);
          dump(n.content.childNodes, depth + 2, out);
        }
        dump(n.childNodes, depth + 1, out);
      }
    }
    return out;
  }

  /** Entries (a `| ` line and its continuation lines), adjacent same-depth texts merged. */
  function normalize(tree) {
    const entries = [];
    for (const line of tree.split('\n')) {
      if (line.startsWith('| ') || entries.length === 0) {
        if (line === '' && entries.length === 0) continue;
        entries.push(line);
      } else entries[entries.length - 1] += '\n' + line;
    }
    const textIndent = (e) => {
      const m = /^\| ( *)"/.exec(e);
      return m ? m[1].length : null;
    };
    const out = [];
    for (const e of entries) {
      const i = textIndent(e);
      if (out.length && i !== null && textIndent(out[out.length - 1]) === i) {
        out[out.length - 1] = out[out.length - 1].slice(0, -1) + e.slice(2 + i + 1);
      } else out.push(e);
    }
    // WPT writes comments as `<!-- x -->` too.
    return out;
  }

  const list = (file) =>
    new Set(
      readFileSync(join(data, file), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.split(' ')[0]),
    );
  // The library's own exclusions (crates/sanitize/tests/data), and the trees no string gives.
  const excluded = list('wpt-sanitizer-exclusions.txt');
  const noString = list('wpt-string-exclusions.txt');

  test(`WPT sanitizer (${entry}): results parse back to the expected trees`, () => {
    let passed = 0;
    let stricter = 0;
    const failures = [];
    for (const c of CASES.filter((c) => !c.error)) {
      if (excluded.has(`${c.file}:${c.index}`)) continue;
      const out = run(c, ws);
      const context = parse5.defaultTreeAdapter.createElement(c.context, 'http://www.w3.org/1999/xhtml', []);
      const frag = parse5.parseFragment(context, out, { scriptingEnabled: true });
      const got = normalize(dump(frag.childNodes, 0, []).join('\n'));
      let want = normalize(c.document);
      // Our stricter rule (docs/sanitize.md, "Stricter than the standard"): the safe methods
      // remove every attribute in no namespace whose name starts with `on`, so an expectation
      // that keeps one (`one="two"`) is compared without it, and counted apart, as the native
      // harness (crates/sanitize/tests/wpt.rs) does.
      const isOn = (e) => /^\| +[Oo][Nn][^ "=]*="/.test(e);
      if (c.safe && want.some(isOn)) {
        want = want.filter((e) => !isOn(e));
        stricter++;
      }
      const same = JSON.stringify(got) === JSON.stringify(want);
      const id = `${c.file}:${c.index}`;
      if (noString.has(id)) {
        if (same) failures.push(`${id} is listed in wpt-string-exclusions.txt but passes`);
      } else if (same) passed++;
      else failures.push(`${c.file}:${c.index}\n${want.join('\n')}\n--- got\n${got.join('\n')}`);
    }
    assert.deepEqual(failures, [], `${passed} passed (${stricter} with the stricter on* rule)`);
    assert.ok(passed >= 120, `${passed} passed`);
    assert.ok(stricter <= 2, `${stricter} cases compared with the stricter on* rule`);
  });
}
