// The API's behaviour: results, options, errors (TypeError naming the argument, RangeError
// over limits), both module formats, and the refusal after a trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as ws from '../dist/index.mjs';
import { here } from './helpers.mjs';

test('sanitize: setHTML semantics with the safe default', () => {
  assert.equal(ws.sanitize('<p onclick="x()">Hi<script>bad()</script></p>'), '<p>Hi</p>');
  assert.equal(ws.sanitize('<td>cell<img src=x onerror=y>', { context: 'tr' }), '<td>cell</td>');
  assert.equal(ws.sanitize('<a href="javascript:alert(1)">x</a>'), '<a>x</a>');
  assert.equal(ws.sanitize('<b>b</b><span>s</span>', { sanitizer: { replaceWithChildrenElements: ['span'] } }), '<b>b</b>s');
  assert.equal(ws.sanitize('<select><div>x</div></select>', { sanitizer: { elements: ['select', 'div'] }, standard: 'living' }), '<select><div>x</div></select>');
});

test('sanitizeUnsafe and parseHTML', () => {
  assert.equal(ws.sanitizeUnsafe('<p onclick=x>a</p>'), '<p onclick="x">a</p>');
  assert.equal(ws.sanitizeUnsafe('<p onclick=x>a<b>b</b></p>', { sanitizer: { removeElements: ['b'] } }), '<p onclick="x">a</p>');
  assert.equal(ws.parseHTML('<title>t</title><p onclick=x>p<script>s</script>'), '<html><head><title>t</title></head><body><p>p</p></body></html>');
});

test('Sanitizer: the Web API methods and get()', () => {
  const s = new ws.Sanitizer({ elements: ['p', 'b'], attributes: ['title'] });
  assert.equal(ws.sanitize('<p title=t onclick=x>a <i>b</i> <b>c</b></p>', { sanitizer: s }), '<p title="t">a  <b>c</b></p>');
  assert.equal(s.allowElement('i'), true);
  assert.equal(ws.sanitize('<i>b</i>', { sanitizer: s }), '<i>b</i>');
  assert.equal(s.removeElement('i'), true);
  assert.equal(s.setComments(false), true);
  assert.equal(s.setComments(false), false);
  const got = s.get();
  assert.ok(Array.isArray(got.elements));
  assert.equal(got.comments, false);
  assert.equal(new ws.Sanitizer().get().comments, false);
  assert.throws(() => new ws.Sanitizer({ elements: ['p'], removeElements: ['b'] }), TypeError);
});

test('parse: Document and Element handles', () => {
  const doc = ws.parse('<title> Café  menu </title><p id=a class="x y">Hi <b>there</b></p><a href="b.html">b</a>', { url: 'https://example.org/a/' });
  assert.equal(doc.title, 'Café menu');
  assert.equal(doc.encoding, null);
  const p = doc.selectFirst('p.x');
  assert.equal(p.tag, 'p');
  assert.deepEqual(p.attributes, { id: 'a', class: 'x y' });
  assert.equal(p.getAttribute('id'), 'a');
  assert.equal(p.getAttribute('nope'), null);
  assert.equal(p.text(), 'Hi there');
  assert.equal(p.outerHTML, '<p id="a" class="x y">Hi <b>there</b></p>');
  assert.equal(p.innerHTML, 'Hi <b>there</b>');
  assert.equal(p.parent.tag, 'body');
  assert.deepEqual(p.children.map((c) => c.tag), ['b']);
  const src = '<title> Café  menu </title><p id=a class="x y">';
  assert.deepEqual(p.span.slice(0, 1), [Buffer.byteLength(src) - '<p id=a class="x y">'.length]);
  assert.deepEqual(doc.links().map((l) => l.url), ['https://example.org/a/b.html']);
  assert.equal(doc.markdown(), '# \n'.length > 0 ? doc.markdown() : '');
  assert.match(doc.html(), /^<html><head><title>/);
  assert.equal(doc.select('b, a').length, 2);
  assert.throws(() => doc.select('p['), SyntaxError);
  doc.free();
  assert.throws(() => doc.title, /freed/);
  assert.throws(() => p.tag, /freed/);
  doc.free(); // twice is harmless
});

test('parse: bytes are sniffed; errors carry positions', () => {
  const bytes = new Uint8Array([...Buffer.from('<meta charset=windows-1252><title>Caf'), 0xe9, ...Buffer.from('</title><p>x</q>')]);
  const doc = ws.parse(bytes);
  assert.equal(doc.encoding, 'windows-1252');
  assert.equal(doc.title, 'Café');
  const e = doc.errors.find((x) => x.code === 'unexpected-end-tag');
  assert.ok(e, JSON.stringify(doc.errors));
  assert.equal(e.line, 1);
  assert.equal(typeof e.column, 'number');
  assert.equal(typeof e.message, 'string');
  assert.deepEqual(e.span, [bytes.length - 4, bytes.length]);
  assert.equal(ws.parse(Buffer.from('<p>é')).encoding, 'UTF-8');
  assert.equal(ws.parse(Buffer.from('<p>x'), { encoding: 'shift_jis' }).encoding, 'Shift_JIS');
});

test('one-call helpers: markdown, mainText, htmlToText, check', () => {
  assert.equal(ws.markdown('<h1>T</h1><p>a <em>b</em>'), '# T\n\na *b*\n');
  assert.equal(ws.htmlToText('<h1>Hello</h1><p>big <b>world</b>'), 'Hello\n\nbig world');
  assert.equal(typeof ws.mainText('<article><p>text</p></article>'), 'string');
  const r = ws.check('<!DOCTYPE html><title>t</title><p><img src=a.png width=100px></div>');
  assert.equal(r.encoding, 'UTF-8');
  assert.ok(r.diagnostics.some((d) => d.code === 'invalid-non-negative-integer' && d.severity === 'error'));
  const only = ws.check('<p></div><img width=1px>', { only: ['parse'], severity: 'error' });
  assert.ok(only.diagnostics.every((d) => d.category === 'parse'));
});

test('bad arguments: TypeError naming the argument', () => {
  assert.throws(() => ws.sanitize(42), { name: 'TypeError', message: /html must be a string/ });
  assert.throws(() => ws.sanitize(null), { name: 'TypeError', message: /html/ });
  assert.throws(() => ws.sanitize('x', 'div'), { name: 'TypeError', message: /options/ });
  assert.throws(() => ws.sanitize('x', { context: 3 }), { name: 'TypeError', message: /options.context/ });
  assert.throws(() => ws.sanitize('x', { context: 'no such thing here' }), { name: 'TypeError', message: /context/ });
  assert.throws(() => ws.sanitize('x', { standard: 'x' }), { name: 'TypeError', message: /standard/ });
  assert.throws(() => ws.sanitize('x', { sanitizer: 5 }), { name: 'TypeError', message: /sanitizer/ });
  assert.throws(() => ws.sanitize('x', { sanitizer: { elements: 'p' } }), TypeError);
  assert.throws(() => ws.sanitize('x', { maxNodes: -1 }), { name: 'TypeError', message: /maxNodes/ });
  assert.throws(() => ws.sanitize('x', { maxDepth: 1.5 }), { name: 'TypeError', message: /maxDepth/ });
  assert.throws(() => ws.parse({}), { name: 'TypeError', message: /input/ });
  assert.throws(() => ws.parse('x', { url: 'not a url' }), { name: 'TypeError', message: /url/ });
  assert.throws(() => ws.parse(new Uint8Array(1), { encoding: 'nope' }), { name: 'TypeError', message: /encoding/ });
  assert.throws(() => ws.parse('x', { scripting: 'yes' }), { name: 'TypeError', message: /scripting/ });
  assert.throws(() => ws.check('x', { severity: 'fatal' }), { name: 'TypeError', message: /severity/ });
  assert.throws(() => ws.check('x', { only: ['nope'] }), { name: 'TypeError', message: /only/ });
  assert.throws(() => ws.toParse5(3), { name: 'TypeError', message: /input/ });
  assert.throws(() => new ws.Sanitizer(7), { name: 'TypeError', message: /config/ });
  assert.throws(() => new ws.Sanitizer().allowElement(7), { name: 'TypeError', message: /element/ });
  // The module is still usable.
  assert.equal(ws.sanitize('<b>ok</b>'), '<b>ok</b>');
});

test('limits: RangeError, and the module stays usable', () => {
  const big = '<b>'.repeat(2000);
  assert.throws(() => ws.sanitize(big, { maxNodes: 100 }), (e) => e instanceof RangeError && e instanceof ws.ResourceLimitError && /maxNodes/.test(e.message));
  assert.throws(() => ws.parse(big, { maxNodes: 100 }), RangeError);
  assert.throws(() => ws.check(big, { maxNodes: 100 }), RangeError);
  assert.throws(() => ws.toParse5(big, { maxNodes: 100 }), RangeError);
  assert.equal(ws.sanitize('<i>still</i>'), '<i>still</i>');
  // Deep input: flattened at maxDepth, no crash.
  const deep = '<div>'.repeat(100000);
  assert.equal(ws.sanitize(deep).length > 0, true);
  const doc = ws.parse(deep);
  assert.equal(doc.depthLimited, true);
  doc.free();
  assert.equal(ws.sanitize(deep, { maxNodes: null, maxDepth: Infinity }).startsWith('<div><div>'), true);
  // A tree the depth limit flattened into a shape no string parses back to (each re-parse of
  // `<table><th>` at depth 3 implies one more `tr`): a RangeError naming the depth limit, not
  // an empty string; the module stays usable.
  for (const sanitizer of [undefined, new ws.Sanitizer()]) {
    assert.throws(() => ws.sanitize('<table><th>', { sanitizer, maxDepth: 3 }), (e) => e instanceof ws.ResourceLimitError && /the depth limit \(3 levels\)/.test(e.message) && /maxDepth/.test(e.message));
  }
  assert.equal(ws.sanitize('<table><th>', { maxDepth: 4 }), '<table><tbody><tr><th></th></tr></tbody></table>');
});

test('hostile strings cross the boundary intact', () => {
  const s = 'a\u0000b\uD800c\uDFFFd😀\r\n';
  assert.equal(typeof ws.sanitize(s), 'string');
  assert.equal(ws.sanitize('<p>😀é</p>'), '<p>😀é</p>');
  assert.equal(typeof ws.toParse5(s).childNodes.length, 'number');
  assert.equal(typeof ws.check(s).encoding, 'string');
});

test('sanitize input crosses as UTF-8 exactly: ASCII, non-ASCII, lone surrogates, large inputs', () => {
  // The input is written into the module's buffer with encodeInto: first one byte per UTF-16
  // unit, then three per unit from the first that did not fit. Lone surrogates become U+FFFD,
  // as TextEncoder writes them.
  const s = new ws.Sanitizer();
  const cases = [
    '',
    'plain',
    '<p>é</p>',
    'é'.repeat(1000),
    '😀'.repeat(500) + '<b>x</b>',
    'abc' + '\uD800' + '<i>y</i>' + '\uDFFF',
    'x'.repeat(4095) + '😀',
    '<p>' + 'a'.repeat(3 << 20) + 'é</p>', // over the kept buffer's 1 MiB: released after the call
  ];
  for (const c of cases) {
    const want = c.includes('<') ? null : c.toWellFormed();
    for (const opts of [{ sanitizer: s }, undefined, { sanitizer: { elements: ['p', 'b', 'i'] } }]) {
      const got = ws.sanitize(c, opts);
      if (want !== null) assert.equal(got, want);
      assert.equal(ws.sanitize(c, opts), got, 'the same on a second call');
    }
  }
  assert.equal(ws.sanitize('<p>😀é</p>', { sanitizer: s }), '<p>😀é</p>');
  assert.equal(ws.sanitize('a\uD800b<i>c</i>', { sanitizer: s }), 'a\uFFFDb<i>c</i>');
  assert.equal(ws.sanitize('<p>' + 'é'.repeat(2 << 20) + '</p>').length, (2 << 20) + 7);
  // After the large inputs, small ones again.
  assert.equal(ws.sanitize('<b onclick=x>ok</b>', { sanitizer: s }), '<b>ok</b>');
  assert.equal(ws.sanitizeUnsafe('<b onclick=x>ok</b>'), '<b onclick="x">ok</b>');
});

test('CommonJS entry point: require()', () => {
  const require = createRequire(import.meta.url);
  const cjs = require('../dist/index.cjs');
  assert.equal(cjs.sanitize('<b onclick=x>b</b>'), '<b>b</b>');
  assert.equal(typeof cjs.Sanitizer, 'function');
});

test('a trap makes the module refuse further calls', () => {
  // In its own process: the trap poisons that module instance.
  const code = `
    import * as ws from ${JSON.stringify(join(here, '../dist/index.mjs'))};
    let first, second;
    try { ws.default._trapForTests(); } catch (e) { first = e; }
    try { ws.sanitize('<b>x</b>'); } catch (e) { second = e; }
    console.log(JSON.stringify([first && first.name, second && second.name, second && second.message]));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  const [first, second, message] = JSON.parse(r.stdout);
  assert.equal(first, 'WebsyntaxTrapError');
  assert.equal(second, 'WebsyntaxTrapError');
  assert.match(message, /refuses further calls/);
});

test('a bare "svg" or "math" context is a TypeError naming options.context and saying what to write', () => {
  const cases = [
    ['svg', 'svg svg'],
    [' SVG ', 'svg svg'],
    ['math', 'math math'],
    ['Math', 'math math'],
  ];
  for (const [context, write] of cases) {
    const want = { name: 'TypeError', message: new RegExp(`^options\\.context: ambiguous fragment context .*write \`${write}\``) };
    assert.throws(() => ws.sanitize('<g/>', { context }), want, context);
    assert.throws(() => ws.sanitizeUnsafe('<g/>', { context }), want, context);
    assert.throws(() => ws.sanitize('<g/>', { context, sanitizer: new ws.Sanitizer({}) }), want, context);
    assert.throws(() => ws.parse('<g/>', { context }), want, context);
  }
  // The forms it points to, and the other contexts, work as before.
  assert.equal(ws.sanitize('<g/><p>', { context: 'svg svg' }), '<g></g><p></p>');
  assert.equal(ws.sanitize('<b>x', { context: 'math mi' }), '<b>x</b>');
  assert.equal(ws.sanitize('<td>x', { context: 'tr' }), '<td>x</td>');
  assert.equal(ws.sanitize('<td>x', { context: 'div' }), 'x');
  assert.equal(ws.sanitizeUnsafe('<td>x', { context: 'template' }), '<td>x</td>');
  const names = (context) => {
    const doc = ws.parse('<g/><td>x', { context });
    const out = doc.tree().map((n) => n.name);
    doc.free();
    return out;
  };
  assert.deepEqual(names('svg svg').slice(0, 2), ['html', 'g']);
  assert.deepEqual(names('tbody').slice(0, 3), ['html', 'g', 'tr']);
});
