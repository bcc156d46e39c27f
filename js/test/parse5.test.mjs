// toParse5 equals parse5's own tree (parse5 is the oracle, a dev dependency) on the vendored
// html5lib tree-construction inputs (document cases) and the corpus sample, without and with
// source code locations (`sourceCodeLocationInfo: true`). Where parse5's tree differs from the
// HTML Standard's, the standard wins: those inputs are listed, with the reason, in
// data/parse5-exclusions.txt (FILE:INDEX, the index of the document case in its file), and
// the test fails if one of them starts to pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as parse5 from 'parse5';
import * as ws from '../dist/index.mjs';
import { corpus, data } from './helpers.mjs';

/** The `#data` of every document case (no `#document-fragment`) of an html5lib .dat file. */
function inputs(text) {
  const out = [];
  for (const block of text.split(/\n(?=#data\n)/)) {
    if (!block.startsWith('#data\n')) continue;
    if (/\n#document-fragment\n/.test(block)) continue;
    if (/\n#script-on\n/.test(block)) continue; // parse5's default is scripting on; covered below
    const m = /^#data\n([\s\S]*?)\n#errors\n/.exec(block);
    if (m) out.push(m[1]);
  }
  return out;
}

/** The tree without parentNode links (compared separately), as plain data. */
function plain(node) {
  const stack = [[node, {}]];
  const root = stack[0][1];
  while (stack.length) {
    const [n, copy] = stack.pop();
    for (const [k, v] of Object.entries(n)) {
      if (k === 'parentNode') continue;
      if (k === 'childNodes') {
        copy.childNodes = v.map(() => ({}));
        v.forEach((c, i) => stack.push([c, copy.childNodes[i]]));
      } else if (k === 'content') {
        copy.content = {};
        stack.push([v, copy.content]);
      } else {
        copy[k] = v;
      }
    }
  }
  return root;
}

/** Every node's parentNode is the node whose childNodes hold it. */
function checkParents(root) {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop();
    for (const c of n.childNodes ?? []) {
      assert.equal(c.parentNode, n);
      stack.push(c);
    }
    if (n.content) stack.push(n.content);
  }
}

/** The listed exclusions: FILE:INDEX -> reason. */
function exclusions() {
  const out = new Map();
  for (const line of readFileSync(join(data, 'parse5-exclusions.txt'), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.indexOf(' ');
    out.set(line.slice(0, space), line.slice(space + 1));
  }
  return out;
}

const excluded = exclusions();
const withLocations = { sourceCodeLocationInfo: true };

/** Whether toParse5 equals parse5.parse on `input`, without and with locations. */
function same(input) {
  const plainTree = ws.toParse5(input);
  checkParents(plainTree);
  const located = ws.toParse5(input, withLocations);
  checkParents(located);
  try {
    assert.deepEqual(plain(plainTree), plain(parse5.parse(input)));
    assert.deepEqual(plain(located), plain(parse5.parse(input, withLocations)));
    return null;
  } catch (e) {
    return e;
  }
}

const dir = join(data, 'html5lib');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.dat')).sort()) {
  test(`toParse5 = parse5.parse, locations included: html5lib ${file}`, () => {
    const cases = inputs(readFileSync(join(dir, file), 'utf8'));
    assert.ok(cases.length > 0);
    const failures = [];
    cases.forEach((input, i) => {
      const id = `${file}:${i}`;
      const e = same(input);
      if (excluded.has(id)) {
        if (e === null) failures.push(`${id} is listed in parse5-exclusions.txt but passes`);
      } else if (e !== null) {
        failures.push(`${id} ${JSON.stringify(input)}: ${e.message.slice(0, 2000)}`);
      }
    });
    assert.deepEqual(failures, []);
  });
}

test('toParse5 = parse5.parse, locations included: corpus sample', () => {
  const utf8 = new TextDecoder();
  for (const page of corpus()) {
    const input = utf8.decode(page.bytes);
    const e = same(input);
    assert.equal(e, null, `${page.name}: ${e?.message.slice(0, 2000)}`);
  }
});

test('toParse5 = parse5.parse, locations included: CR LF before a text, and the end of a non-ASCII input of 64n bytes', () => {
  // A text that starts with CR LF starts at the CR (it started at the LF: 25 of the 40
  // bench pages); an offset at the end of a non-ASCII input whose UTF-8 length is a
  // multiple of 64 was 0.
  const tail = '<p>caf\u00e9';
  const pad = 'x'.repeat(64 - (new TextEncoder().encode(tail).length % 64));
  const inputs = [
    '<head>\r\n\t\t<script></script>',
    '<p>\r\nx',
    '<div>\r\n\r\n<p>',
    '<!DOCTYPE html>\r\n<html>\r\n<body>\r\n<p>a\r\nb</p>\r\n</body></html>\r\n',
    pad + tail,
  ];
  assert.equal(new TextEncoder().encode(inputs[4]).length % 64, 0);
  for (const input of inputs) {
    const e = same(input);
    assert.equal(e, null, `${JSON.stringify(input)}: ${e?.message.slice(0, 2000)}`);
  }
});
