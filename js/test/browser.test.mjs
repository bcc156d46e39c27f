// In headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core): the package's
// ESM entry point loads in a page, and sanitize() equals the page's own Element.setHTML()
// (innerHTML afterwards) on a sample of inputs. Skipped, saying why, without Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { here } from './helpers.mjs';

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : `no ${CHROMIUM} (scripts/ensure-chromium.sh installs it)`;

// Inputs whose setHTML() result the page computes itself.
export const SAMPLE = [
  '<p onclick="x()">Hi<script>bad()</script></p>',
  '<a href="javascript:alert(1)">x</a><a href="https://example.org/">y</a>',
  '<img src=x onerror=alert(1)><b>bold</b><i>it</i>',
  '<table><tr><td>cell<td>two</table>',
  '<svg><script>alert(1)</script><circle r=1 onload=x></circle></svg>',
  '<math><mi>x</mi><annotation-xml encoding="text/html"><p>y</p></annotation-xml></math>',
  '<!-- comment --><div data-x=1 title=t>d</div>',
  '<form action="javascript:x"><input formaction="javascript:y" value=v></form>',
  '<template><script>x</script><b>t</b></template>',
  '<iframe srcdoc="<script>x</script>"></iframe><object data=x></object><embed src=y>',
  '<style>p{}</style><p style="color:red">s</p>',
  '<b><div>Text</b> after',
  '<noscript><p>n</p></noscript>',
  '<a href="  JAVA\tSCRIPT:alert(1)">t</a>',
  '<select><option>1<option>2</select>',
  '<ul><li>a<li>b</ul><dl><dt>t<dd>d</dl>',
];

test('headless Chromium: the package loads and sanitize() equals Element.setHTML()', { skip }, async (t) => {
  const { chromium } = await import('playwright-core');
  const dist = readFileSync(join(here, '../dist/index.mjs'));
  const server = createServer((req, res) => {
    if (req.url === '/index.mjs') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(dist);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><title>websyntax</title>');
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const result = await page.evaluate(async (inputs) => {
      const ws = await import('/index.mjs');
      const native = typeof Element.prototype.setHTML === 'function';
      return {
        native,
        rows: inputs.map((input) => {
          let browser = null;
          if (native) {
            const d = document.createElement('div');
            d.setHTML(input);
            browser = d.innerHTML;
          }
          return { input, ours: ws.sanitize(input), browser };
        }),
      };
    }, SAMPLE);
    assert.equal(result.rows.length, SAMPLE.length);
    assert.equal(result.rows[0].ours, '<p>Hi</p>');
    if (!result.native) {
      t.diagnostic('this Chromium has no Element.prototype.setHTML: only loading was checked');
      return;
    }
    const differences = result.rows.filter((r) => r.ours !== r.browser);
    t.diagnostic(`Element.setHTML() compared on ${result.rows.length} inputs: ${differences.length} differences`);
    assert.deepEqual(differences, []);
  } finally {
    await browser.close();
    server.close();
  }
});
