// The `websyntax/sanitize` entry point: the Sanitizer API from strings only, in its own smaller
// module. Reached through the package's `exports` map (import, require and types), it gives the
// full entry point's results (on the corpus sample here; wpt.test.mjs runs the WPT sanitizer data
// through both), offers nothing else, and refuses further calls after a trap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as san from 'websyntax/sanitize';
import * as full from 'websyntax';
import { corpus, here } from './helpers.mjs';

const pkg = JSON.parse(readFileSync(join(here, '../package.json'), 'utf8'));
const gz = (f) => gzipSync(readFileSync(join(here, '../dist', f)), { level: 9 }).length;

test('the exports map has ./sanitize for import, require and types, and the files are packed', () => {
  const e = pkg.exports['./sanitize'];
  assert.deepEqual(
    { types: e.types, import: e.import, require: e.require },
    { types: './dist/sanitize.d.ts', import: './dist/sanitize.mjs', require: './dist/sanitize.cjs' },
  );
  for (const f of [e.types, e.import, e.require, './dist/websyntax-sanitize.wasm']) {
    assert.ok(pkg.files.includes(f.slice(2)), `${f} in "files"`);
    assert.ok(existsSync(join(here, '..', f)), `${f} built`);
  }
  const require = createRequire(import.meta.url);
  const cjs = require('websyntax/sanitize');
  assert.equal(cjs.sanitize('<b onclick=x>b</b><script>s</script>'), '<b>b</b>');
  assert.equal(typeof cjs.Sanitizer, 'function');
});

test('the Sanitizer API, and nothing else', () => {
  assert.deepEqual(
    Object.keys(san).filter((k) => k !== 'default').sort(),
    ['ResourceLimitError', 'Sanitizer', 'WebsyntaxTrapError', 'initSync', 'memoryBytes', 'parseHTML', 'sanitize', 'sanitizeUnsafe', 'version'],
  );
  assert.equal(san.default.parse, undefined);
  assert.equal(san.default.check, undefined);
  assert.equal(san.version, full.version);
  const s = new san.Sanitizer({ elements: ['p', 'b'], attributes: ['title'] });
  assert.equal(san.sanitize('<p title=t onclick=x>a <i>b</i> <b>c</b></p>', { sanitizer: s }), '<p title="t">a  <b>c</b></p>');
  assert.equal(s.allowElement('i'), true);
  assert.deepEqual(s.get(), (() => {
    const f = new full.Sanitizer({ elements: ['p', 'b'], attributes: ['title'] });
    f.allowElement('i');
    return f.get();
  })());
  assert.equal(san.sanitizeUnsafe('<p onclick=x>a</p>'), '<p onclick="x">a</p>');
  assert.equal(san.parseHTML('<title>t</title><p onclick=x>p<script>s</script>'), '<html><head><title>t</title></head><body><p>p</p></body></html>');
  assert.equal(san.sanitize('<a href="javascript:alert(1)">x</a><a href="javascript://h%0aalert(1)">y</a>'), '<a>x</a><a>y</a>');
  assert.throws(() => new san.Sanitizer({ elements: ['p'], removeElements: ['b'] }), TypeError);
  assert.throws(() => san.sanitize(42), TypeError);
  assert.throws(() => san.sanitize('<b>'.repeat(100), { maxNodes: 10 }), san.ResourceLimitError);
  assert.equal(san.sanitize('<i>still</i>'), '<i>still</i>');
});

test('the same results as the full entry point on the corpus sample', () => {
  const pages = corpus();
  assert.ok(pages.length > 0);
  const configs = [undefined, { elements: ['a', 'p', 'div', 'img'], attributes: ['href', 'src'] }];
  for (const { name, bytes } of pages) {
    const html = bytes.toString('utf8');
    for (const sanitizer of configs) {
      for (const context of ['div', 'body', 'td']) {
        const o = { sanitizer, context };
        assert.equal(san.sanitize(html, o), full.sanitize(html, o), `${name} sanitize ${context}`);
        assert.equal(san.sanitizeUnsafe(html, o), full.sanitizeUnsafe(html, o), `${name} sanitizeUnsafe ${context}`);
      }
      assert.equal(san.parseHTML(html, { sanitizer }), full.parseHTML(html, { sanitizer }), `${name} parseHTML`);
    }
  }
});

test('its module is smaller than the whole API\'s', () => {
  const small = gz('websyntax-sanitize.wasm');
  assert.ok(small < gz('websyntax.wasm'), `${small} bytes gzipped`);
});

// The size goals (issue 42), with wasm-opt (the default build): the sanitize entry point at most
// 300 KB gzipped; the whole API at most 600 KB gzipped. The whole API's goal is not met
// (docs/js.md, "Sizes"): a todo, reported with its size and not failing the run.
const withWasmOpt = existsSync(join(here, '../node_modules/binaryen')) && process.env.WEBSYNTAX_NO_WASM_OPT !== '1';

test('its module is at most 300 KB gzipped (with wasm-opt)', () => {
  if (withWasmOpt) {
    const small = gz('websyntax-sanitize.wasm');
    assert.ok(small <= 300_000, `websyntax-sanitize.wasm is ${small} bytes gzipped`);
  }
});

test('the whole API\'s module is at most 600 KB gzipped (with wasm-opt)', { todo: 'goal missed: 732,026 B (715 KiB) on 2026-12-02 after the second round of size work; the data section alone is about 255 KB gzipped' }, () => {
  if (withWasmOpt) {
    const whole = gz('websyntax.wasm');
    assert.ok(whole <= 600_000, `websyntax.wasm is ${whole} bytes gzipped`);
  }
});

test('a trap makes the sanitize entry point refuse further calls', () => {
  const code = `
    import * as ws from 'websyntax/sanitize';
    let first, second;
    try { ws.default._trapForTests(); } catch (e) { first = e; }
    try { ws.sanitize('<b>x</b>'); } catch (e) { second = e; }
    console.log(JSON.stringify([first && first.name, second && second.name]));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd: join(here, '..') });
  assert.deepEqual(JSON.parse(r.stdout), ['WebsyntaxTrapError', 'WebsyntaxTrapError']);
});

test('the sanitize entry refuses a bare "svg" or "math" context as the full one does', () => {
  for (const context of ['svg', 'MATH']) {
    const message = /^options\.context: ambiguous fragment context/;
    assert.throws(() => san.sanitize('x', { context }), { name: 'TypeError', message });
    assert.throws(() => san.sanitizeUnsafe('x', { context }), { name: 'TypeError', message });
  }
  assert.equal(san.sanitize('<g/>', { context: 'svg svg' }), full.sanitize('<g/>', { context: 'svg svg' }));
});
