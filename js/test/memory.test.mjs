// Memory: the process's RSS and the WebAssembly memory after 10^5 sanitize calls stay within
// 10 % of their level after 10^4 calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as ws from '../dist/index.mjs';

const comment =
  '<p>Thanks for the <b>great</b> write-up! See <a href="https://example.org/x?y=1" onclick="steal()">this</a>' +
  '<img src=x onerror=alert(1)> and <script>alert(1)</script><i>more</i></p>';

test('sanitize memory: 10^5 calls within 10% of 10^4', () => {
  const s = new ws.Sanitizer();
  const run = (n) => {
    for (let i = 0; i < n; i++) ws.sanitize(comment + i, i % 2 ? { sanitizer: s } : undefined);
  };
  run(10_000);
  globalThis.gc?.();
  const rss1 = process.memoryUsage().rss;
  const wasm1 = ws.memoryBytes();
  run(90_000);
  globalThis.gc?.();
  const rss2 = process.memoryUsage().rss;
  const wasm2 = ws.memoryBytes();
  assert.ok(wasm2 <= wasm1 * 1.1, `wasm memory ${wasm1} -> ${wasm2}`);
  assert.ok(rss2 <= rss1 * 1.1, `RSS ${rss1} -> ${rss2}`);
});

test('documents: memory comes back after free()', () => {
  const page = '<ul>' + '<li><a href="/x">item</a></li>'.repeat(2000) + '</ul>';
  const once = () => {
    const d = ws.parse(page);
    d.select('a').length;
    d.free();
  };
  for (let i = 0; i < 200; i++) once();
  const m1 = ws.memoryBytes();
  for (let i = 0; i < 2000; i++) once();
  assert.ok(ws.memoryBytes() <= m1 * 1.1, `wasm memory ${m1} -> ${ws.memoryBytes()}`);
});
