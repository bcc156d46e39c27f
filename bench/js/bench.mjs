// Benchmarks of the websyntax npm package against its JavaScript peers, in one Node process,
// engines interleaved round by round, gc() before each timed run (run with --expose-gc):
//   node --expose-gc bench.mjs [--corpus DIR] [--articles DIR] [--rounds N] [--pages N]
//     [--main-rounds N] [--only sanitize,native,markdown,main,parse,size]
//     [--cli target/release/websyntax] [--dist js/dist]
// Inputs: the corpus pages (default ../../../shared/corpus/html, else js/test/data/corpus),
// their <body> contents, 1 KiB comments built from them, and the article-extraction set for F1.
// Prints one Markdown table per job (MB/s or pages/s, medians over the rounds) and the ratios.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import createDOMPurify from 'dompurify';
import { JSDOM, VirtualConsole } from 'jsdom';
import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';
import { Readability } from '@mozilla/readability';
import * as parse5 from 'parse5';
import * as cheerio from 'cheerio';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? dflt : process.argv[i + 1];
};
const ROUNDS = Number(arg('--rounds', 5));
// Main content against Readability on jsdom takes seconds a page: its own round count.
const MAIN_ROUNDS = Number(arg('--main-rounds', ROUNDS));
// The package's dist/ directory to measure (default the checkout's js/dist).
const distDir = arg('--dist', join(here, '../../js/dist'));
const ws = await import(pathToFileURL(join(distDir, 'index.mjs')).href);
const PAGES = Number(arg('--pages', 60));
const sharedCorpus = join(here, '../../../shared/corpus/html');
const corpusDir = arg('--corpus', existsSync(sharedCorpus) ? sharedCorpus : join(here, '../../js/test/data/corpus'));
const articlesDir = arg('--articles', join(here, '../../../shared/testdata/article-extraction'));
const gc = globalThis.gc ?? (() => {});

function files(dir) {
  const out = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.html?$/.test(e)) out.push(p);
  }
  return out.sort();
}

// Every k-th page, up to PAGES, skipping pages over 1 MB (jsdom's memory on them dominates).
const all = files(corpusDir).filter((p) => statSync(p).size < 1 << 20);
const step = Math.max(1, Math.floor(all.length / PAGES));
const pages = all.filter((_, i) => i % step === 0).slice(0, PAGES).map((p) => readFileSync(p, 'utf8'));
const bodies = pages.map((p) => {
  const m = /<body[^>]*>([\s\S]*)<\/body>/i.exec(p);
  return m ? m[1] : p;
});
// 1 KiB comments: slices of the bodies cut at a tag start, with a few hostile bits mixed in.
const hostile = ['<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<script>alert(1)</script>', '<b onclick=x>b</b>'];
const comments = [];
for (let i = 0; comments.length < 400 && i < bodies.length * 40; i++) {
  const b = bodies[i % bodies.length];
  const at = b.indexOf('<', (i * 7919) % Math.max(1, b.length - 1100));
  if (at < 0) continue;
  comments.push(b.slice(at, at + 1000) + hostile[i % hostile.length]);
}
const bytes = (xs) => xs.reduce((n, x) => n + Buffer.byteLength(x), 0);

/**
 * On-CPU seconds of this (the main) thread, from Linux's /proc/thread-self/schedstat: the
 * engine's own work, without the collector threads that may still be cleaning up after the
 * previous engine. `null` where the file is missing (then the process's CPU time is used).
 */
function threadCpu() {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return null;
  }
}

/**
 * Waits (at most 2 s) until the process's other threads are idle: after gc(), V8 still sweeps
 * the previous engine's garbage on background threads (jsdom leaves hundreds of MB), and on a
 * 2-core machine those threads would take CPU from whichever engine is timed next. Idle means
 * less than 2 ms of CPU time in a 20 ms sleep.
 */
function quiesce() {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const t0 = performance.now();
  while (performance.now() - t0 < 2000) {
    const c0 = process.cpuUsage();
    Atomics.wait(cell, 0, 0, 20);
    const c = process.cpuUsage(c0);
    if (c.user + c.system < 2000) return;
  }
}

/**
 * Runs `engines` ({name: fn(input)}) over `inputs`, interleaved; medians in seconds of wall
 * time and of CPU time: the main thread's ([`threadCpu`]), else the process's (user + system,
 * all its threads). On a loaded machine the CPU times are the steadier measure.
 */
function measure(engines, inputs, rounds = ROUNDS) {
  const names = Object.keys(engines);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  const cpu = Object.fromEntries(names.map((n) => [n, []]));
  // Warm-up: every engine runs over the inputs (at least 3 of them, at most a second's worth),
  // so that the JIT (and V8's tier-up of the WebAssembly code) has compiled the hot paths.
  for (const n of names) {
    const t0 = performance.now();
    for (let i = 0; i < inputs.length && (i < 3 || performance.now() - t0 < 1000); i++) engines[n](inputs[i]);
  }
  for (let r = 0; r < rounds; r++) {
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const n of order) {
      gc();
      quiesce();
      const c0 = process.cpuUsage();
      const th0 = threadCpu();
      const t0 = performance.now();
      for (const x of inputs) engines[n](x);
      times[n].push((performance.now() - t0) / 1000);
      const c = process.cpuUsage(c0);
      const th = threadCpu();
      cpu[n].push(th0 !== null && th !== null ? th - th0 : (c.user + c.system) / 1e6);
    }
  }
  const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
  return {
    wall: Object.fromEntries(names.map((n) => [n, med(times[n])])),
    cpu: Object.fromEntries(names.map((n) => [n, med(cpu[n])])),
  };
}

function report(title, engines, inputs, unit = 'MB/s', rounds = ROUNDS) {
  const { wall: t, cpu } = measure(engines, inputs, rounds);
  const size = unit === 'MB/s' ? bytes(inputs) / 1e6 : 0;
  const rate = (s) => (unit === 'MB/s' ? size / s : inputs.length / s);
  const ours = Object.keys(engines)[0];
  const load = loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\n### ${title} (${inputs.length} inputs${size ? `, ${size.toFixed(2)} MB` : ''}, median of ${rounds} rounds; load average ${load} after it, ${new Date().toISOString().slice(11, 16)} UTC)\n`);
  console.log(`| engine | ${unit} (wall) | websyntax is … × faster (wall) | ${unit} (CPU) | … × faster (CPU) |`);
  console.log('|---|---|---|---|---|');
  for (const [n, s] of Object.entries(t)) {
    const x = (a, b) => (n === ours ? '' : (a / b).toFixed(1) + '×');
    console.log(`| ${n} | ${rate(s).toFixed(2)} | ${x(s, t[ours])} | ${rate(cpu[n]).toFixed(2)} | ${x(cpu[n], cpu[ours])} |`);
  }
}

const only = arg('--only', 'sanitize,native,markdown,main,parse,size').split(',');
const window = new JSDOM('').window;
const DOMPurify = createDOMPurify(window);

if (only.includes('sanitize')) {
  const s = new ws.Sanitizer();
  const engines = {
    'websyntax sanitize': (x) => ws.sanitize(x, { sanitizer: s }),
    'DOMPurify 3.5.0 on jsdom 26.1.0': (x) => DOMPurify.sanitize(x),
    'sanitize-html 2.18.1': (x) => sanitizeHtml(x),
  };
  report('sanitize: corpus page bodies', engines, bodies);
  report('sanitize: 1 KiB comments', engines, comments);
}
if (only.includes('native')) {
  // WASM against the native code: the release `websyntax sanitize --jsonl` (one process per
  // round, every input as one `{"input"}` line on stdin, one `{"output"}` line each), and
  // `sanitize()` over the same inputs (the default Sanitizer, context div), interleaved round by
  // round. The process's start and the JSON lines are part of the native time; the start
  // (a run on empty input) is printed apart.
  const cliBin = arg('--cli', join(here, '../../target/release/websyntax'));
  if (!existsSync(cliBin)) {
    console.log(`\nnative: ${cliBin} not found (cargo build --release -p websyntax-cli)`);
  } else {
    const s = new ws.Sanitizer();
    const native = (lines) => {
      const r = spawnSync(cliBin, ['sanitize', '--jsonl'], { input: lines, maxBuffer: 1 << 30 });
      if (r.status !== 0) throw new Error(`websyntax sanitize --jsonl: exit ${r.status}: ${r.stderr}`);
      return r.stdout;
    };
    for (const [title, inputs] of [['corpus page bodies', bodies], ['1 KiB comments', comments]]) {
      const lines = inputs.map((x) => JSON.stringify({ input: x })).join('\n') + '\n';
      // The same outputs, once.
      const out = native(lines).toString('utf8').split('\n').filter(Boolean);
      inputs.forEach((x, i) => {
        if (JSON.parse(out[i]).output !== ws.sanitize(x, { sanitizer: s })) throw new Error(`native and WASM differ on input ${i}`);
      });
      const t = { wasm: [], native: [], start: [] };
      for (let r = 0; r < ROUNDS; r++) {
        const runs = [
          ['wasm', () => { for (const x of inputs) ws.sanitize(x, { sanitizer: s }); }],
          ['native', () => native(lines)],
          ['start', () => native('')],
        ];
        for (let k = 0; k < runs.length; k++) {
          const [n, f] = runs[(k + r) % runs.length];
          gc();
          const t0 = performance.now();
          f();
          t[n].push((performance.now() - t0) / 1000);
        }
      }
      const med = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
      const mb = bytes(inputs) / 1e6;
      const [w, n, st] = [med(t.wasm), med(t.native), med(t.start)];
      const load = loadavg().map((l) => l.toFixed(1)).join(' ');
      console.log(`\n### sanitize, WASM vs native CLI: ${title} (${inputs.length} inputs, ${mb.toFixed(2)} MB, median of ${ROUNDS} rounds; load average ${load} after it)\n`);
      console.log('| engine | MB/s | WASM / native |');
      console.log('|---|---|---|');
      console.log(`| websyntax sanitize (WASM, in process) | ${(mb / w).toFixed(2)} | ${(n / w).toFixed(2)}× |`);
      console.log(`| websyntax sanitize --jsonl (native, one process) | ${(mb / n).toFixed(2)} | |`);
      console.log(`| the same, less the process start (${(st * 1000).toFixed(1)} ms) | ${(mb / Math.max(1e-9, n - st)).toFixed(2)} | ${((n - st) / w).toFixed(2)}× |`);
    }
  }
}
if (only.includes('markdown')) {
  const td = new TurndownService();
  report('markdown: corpus pages', {
    'websyntax markdown': (x) => ws.markdown(x),
    'turndown 7.2.5': (x) => td.turndown(x),
  }, pages);
}
if (only.includes('parse')) {
  report('tree: corpus pages', {
    'websyntax toParse5': (x) => ws.toParse5(x),
    'parse5 8.1.1 parse': (x) => parse5.parse(x),
  }, pages);
  const loc = { sourceCodeLocationInfo: true };
  report('tree with source code locations: corpus pages', {
    'websyntax toParse5 (locations)': (x) => ws.toParse5(x, loc),
    'parse5 8.1.1 parse (locations)': (x) => parse5.parse(x, loc),
  }, pages);
  report('parse + select("a") + text: corpus pages', {
    'websyntax parse+select+text': (x) => {
      const d = ws.parse(x);
      try {
        return d.select('a').map((e) => e.text());
      } finally {
        d.free();
      }
    },
    'cheerio 1.2.0 load+$("a")+text': (x) => {
      const $ = cheerio.load(x);
      return $('a').map((_, e) => $(e).text()).get();
    },
  }, pages);
}
if (only.includes('main')) {
  const gtPath = join(articlesDir, 'ground-truth.json');
  if (existsSync(gtPath)) {
    const gt = JSON.parse(readFileSync(gtPath, 'utf8'));
    const ids = Object.keys(gt).sort();
    const html = ids.map((id) => gunzipSync(readFileSync(join(articlesDir, 'html', `${id}.html.gz`))).toString('utf8'));
    const readability = (x, url) => {
      // A console that drops jsdom's messages (CSS it cannot parse): printing them is not
      // Readability's work.
      const doc = new JSDOM(x, { url, virtualConsole: new VirtualConsole() }).window.document;
      const r = new Readability(doc).parse();
      return r ? r.textContent : '';
    };
    const engines = {
      'websyntax mainText': (i) => ws.mainText(html[i]),
      '@mozilla/readability 0.6.0 on jsdom': (i) => readability(html[i], gt[ids[i]].url),
    };
    report('main content: article-extraction pages', engines, ids.map((_, i) => i), 'pages/s', MAIN_ROUNDS);
    for (const [n, f] of Object.entries(engines)) {
      console.log(`F1 ${n}: ${f1(ids.map((id, i) => [gt[id].articleBody, f(i)])).toFixed(3)}`);
    }
  }
}
if (only.includes('size')) {
  for (const f of ['websyntax.wasm', 'websyntax-sanitize.wasm']) {
    const p = join(distDir, f);
    if (!existsSync(p)) continue;
    const wasm = readFileSync(p);
    console.log(`\n${f}: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} bytes gzipped`);
  }
}

/** The article-extraction score (README of the set): shingle P/R means, then F1. */
function f1(pairs) {
  const shingles = (t) => {
    const tok = t.match(/[\p{L}\p{N}\p{Mn}\p{Mc}\p{Pc}]+/gu) ?? [];
    const m = new Map();
    const add = (k) => m.set(k, (m.get(k) ?? 0) + 1);
    if (tok.length > 0 && tok.length < 4) add(tok.join(' '));
    for (let i = 0; i + 4 <= tok.length; i++) add(tok.slice(i, i + 4).join(' '));
    return m;
  };
  let ps = [], rs = [];
  for (const [truth, got] of pairs) {
    const g = shingles(truth), e = shingles(got);
    let tp = 0, fp = 0, fn = 0;
    for (const [k, c] of e) { const d = g.get(k) ?? 0; tp += Math.min(c, d); fp += Math.max(0, c - d); }
    for (const [k, c] of g) fn += Math.max(0, c - (e.get(k) ?? 0));
    const s = tp + fp + fn;
    if (s > 0) { tp /= s; fp /= s; fn /= s; }
    const exact = fp === 0 && fn === 0;
    if (tp + fp > 0 || exact) ps.push(exact ? 1 : tp / (tp + fp));
    if (tp + fn > 0 || exact) rs.push(exact ? 1 : tp / (tp + fn));
  }
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const P = mean(ps), R = mean(rs);
  return (2 * P * R) / (P + R);
}
