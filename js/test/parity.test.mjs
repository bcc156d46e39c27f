// Parity with the native CLI on every page of the vendored corpus sample: sanitize, markdown,
// mainText (`text --main`), links, check and select outputs are equal, byte for byte. The CLI
// is the oracle: $WEBSYNTAX_CLI or target/{release,debug}/websyntax (scripts/test.sh builds
// it before running these tests); without it the tests are skipped, saying so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import * as ws from '../dist/index.mjs';
import { cli, cliPath, corpus } from './helpers.mjs';

const skip = cliPath() === null ? 'no websyntax CLI binary (cargo build -p websyntax-cli)' : false;
const pages = corpus();
const utf8 = new TextDecoder(); // as the CLI reads `sanitize` input: BOM skipped, U+FFFD for bad bytes

for (const page of pages) {
  test(`parity with the CLI: ${page.name}`, { skip }, () => {
    const url = pathToFileURL(page.path).href;
    const text = utf8.decode(page.bytes);
    // sanitize: one result per input, followed by a newline.
    assert.equal(ws.sanitize(text) + '\n', cli(['sanitize', page.path]), 'sanitize');
    assert.equal(ws.parseHTML(text) + '\n', cli(['sanitize', '--document', page.path]), 'parseHTML');
    const doc = ws.parse(page.bytes, { url });
    try {
      // markdown: as the CLI prints it (nothing for an empty result).
      // The document's `url` is the base its links resolve against, as the CLI's --base (the
      // CLI without --base keeps relative links as written).
      assert.equal(doc.markdown(), cli(['markdown', '--base', url, page.path]), 'markdown');
      // --main: the library's main content, found or not (the CLI prints nothing for a page
      // without one unless --jsonl, whose lines carry it with "main": {"found", "score"}).
      const jsonl = (args) => JSON.parse(cli([...args, '--jsonl', page.path]));
      assert.equal(
        doc.markdown({ main: true }),
        jsonl(['markdown', '--main', '--base', url]).markdown,
        'markdown --main',
      );
      assert.equal(doc.mainText(), jsonl(['text', '--main']).text, 'mainText');
      const t = doc.text();
      assert.equal(t === '' ? '' : t + '\n', cli(['text', page.path]), 'text');
      // links: the CLI's JSON lines, without `file`; the document's `url` is the base, as the
      // CLI's --base (without one the CLI leaves `//host` unresolved rather than `file://host`).
      const lines = cli(['links', '--base', url, page.path]).split('\n').filter(Boolean).map((l) => {
        const v = JSON.parse(l);
        delete v.file;
        return JSON.stringify(v);
      });
      assert.deepEqual(doc.links().map((l) => JSON.stringify(l)), lines, 'links');
      // select: outerHTML of each match, and textContent with --text.
      for (const css of ['a[href]', 'p', 'td > a, h1, h2, li:first-child']) {
        const matches = doc.select(css);
        const html = matches.map((e) => e.outerHTML + '\n').join('');
        assert.equal(html, cli(['select', css, page.path]), `select ${css}`);
        const texts = matches.map((e) => e.text() + '\n').join('');
        assert.equal(texts, cli(['select', '-t', css, page.path]), `select -t ${css}`);
      }
    } finally {
      doc.free();
    }
    // check: the object of `check --format json` (without `file`), byte for byte.
    const line = JSON.parse(cli(['check', '--format', 'json', page.path]));
    delete line.file;
    assert.equal(JSON.stringify(ws.check(page.bytes, { url })), JSON.stringify(line), 'check');
  });
}
