// The API the live viewer (web/viewer/) needs: Document.nodeCount (as the CLI's
// `html parse --output stats` counts), Document.tree() with provenance, and parseURL().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ws from '../dist/index.mjs';
import { cli, cliPath, corpus } from './helpers.mjs';

const skip = cliPath() === null ? 'no websyntax CLI binary (cargo build -p websyntax-cli)' : false;

test('nodeCount equals html parse --output stats on the corpus sample', { skip }, () => {
  for (const page of corpus()) {
    const doc = ws.parse(page.bytes);
    const stats = JSON.parse(cli(['html', 'parse', '--output', 'stats', page.path]));
    assert.equal(doc.nodeCount, stats.nodes, page.name);
    assert.equal(doc.tree().length, stats.nodes, page.name);
    doc.free();
  }
});

test('tree(): tree order, depths, spans and provenance', () => {
  const doc = ws.parse('<table><b>x</b><tr><td>y</table><b>1<p>2</b>3</p>');
  const tree = doc.tree();
  assert.equal(tree[0].name, '#document');
  assert.equal(tree[0].depth, 0);
  const by = (name) => tree.filter((n) => n.name === name);
  assert.equal(by('html')[0].provenance.kind, 'implied');
  assert.match(by('html')[0].provenance.rule, /before html/);
  assert.equal(by('tbody')[0].provenance.kind, 'implied');
  const fostered = by('b')[0];
  assert.equal(fostered.provenance.kind, 'foster-parented');
  assert.equal(fostered.provenance.related, by('table')[0].index);
  assert.deepEqual(fostered.span, [7, 15]);
  assert.equal(by('p')[0].provenance.kind, 'moved');
  assert.ok(by('b').some((n) => n.provenance && n.provenance.kind === 'clone'));
  assert.equal(by('td')[0].provenance, null);
  assert.deepEqual(by('td')[0].startTag, [19, 23]);
  const text = tree.find((n) => n.nodeType === 3 && n.data === 'y');
  assert.equal(text.depth, by('td')[0].depth + 1);
  doc.free();
});

test('parse(..., {context}): a fragment, its tree from the fragment root, provenance from the tree builder', () => {
  const doc = ws.parse('<td>x</td><b>y', { context: 'tbody' });
  const tree = doc.tree();
  // The fragment's root html element, then the tr the "in table body" mode implied for <td>.
  assert.deepEqual(tree.slice(0, 3).map((n) => [n.name, n.depth]), [['html', 0], ['tr', 1], ['td', 2]]);
  assert.equal(tree[1].provenance.kind, 'implied');
  assert.equal(tree[1].provenance.section, '13.2.6.4.13');
  assert.match(tree[1].provenance.rule, /"in table body" insertion mode/);
  // The b goes beside the tr, into the fragment's root.
  assert.equal(tree.find((n) => n.name === 'b').depth, 1);
  assert.equal(doc.nodeCount, tree.length);
  doc.free();
  assert.throws(() => ws.parse(new Uint8Array([60]), { context: 'div' }), TypeError);
});

test('parseURL: every component and the validation errors', () => {
  const u = ws.parseURL('https:\\\\user:pw@EXAMPLE.org:443/a/../b?q#h');
  assert.equal(u.ok, true);
  assert.equal(u.href, 'https://user:pw@example.org/b?q#h');
  assert.equal(u.origin, 'https://example.org');
  assert.equal(u.protocol, 'https:');
  assert.equal(u.username, 'user');
  assert.equal(u.password, 'pw');
  assert.equal(u.host, 'example.org');
  assert.equal(u.port, '');
  assert.equal(u.pathname, '/b');
  assert.equal(u.search, '?q');
  assert.equal(u.hash, '#h');
  const names = u.errors.map((e) => e.name);
  assert.ok(names.includes('invalid-credentials'), names.join());
  assert.ok(names.includes('special-scheme-missing-following-solidus'), names.join());
  assert.equal(ws.parseURL('b', 'https://h/a/').href, 'https://h/a/b');
  const f = ws.parseURL('https://h:99999/');
  assert.equal(f.ok, false);
  assert.equal(f.failure.name, 'port-out-of-range');
  assert.equal(f.failure.in, 'input');
  assert.equal(ws.parseURL('x', 'not a base').failure.in, 'base');
  assert.equal(ws.parseURL('https://1.2.3/', undefined, { standard: 'living' }).host, '1.2.0.3');
  assert.throws(() => ws.parseURL(1), TypeError);
  assert.throws(() => ws.parseURL('x', null, { standard: 'nope' }), TypeError);
});

test('parseURL agrees with the CLI (url parse)', { skip }, () => {
  for (const [input, base] of [['https://EXAMPLE.org/a/../b', null], ['../x?y#z', 'http://h/a/b/c'], ['http://[::1]:80/', null]]) {
    const ours = ws.parseURL(input, base);
    const args = ['url', 'parse', input];
    if (base !== null) args.push('--base', base);
    const theirs = JSON.parse(cli(args));
    for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']) {
      assert.equal(ours[k], theirs[k], `${input} ${k}`);
    }
    assert.deepEqual(ours.errors.map((e) => e.name), theirs.errors, input);
  }
});

test('tree() and nodeCount on a 10^6-deep document (no recursion)', () => {
  const doc = ws.parse('<div>'.repeat(1_000_000) + 'x', { maxNodes: null, maxDepth: null });
  const tree = doc.tree();
  assert.equal(tree.length, doc.nodeCount);
  assert.equal(tree.at(-1).data, 'x');
  assert.equal(tree.at(-1).depth, tree.at(-2).depth + 1);
  doc.free();
});
