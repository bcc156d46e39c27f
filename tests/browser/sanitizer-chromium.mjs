#!/usr/bin/env node
// Renders every output of the sanitizer test corpus in headless Chromium with JavaScript on and
// fails when one runs script or loads a sub-resource its configuration does not allow.
//
//   node tests/browser/sanitizer-chromium.mjs [--bin PATH] [--report FILE] [--only ID-PREFIX]
//
// 1. Every case (corpus.mjs) is sanitized by ONE `websyntax sanitize --jsonl` process under each
//    configuration of CONFIGS (and the case's own), as a fragment in each of the case's context
//    elements and as a document (`--document`).
// 2. Each distinct output is rendered in its own same-origin iframe of a batch page:
//    - `fragment`: a context element of a fresh document gets `innerHTML = output` (for
//      `template`: `template.innerHTML`, and `setHTMLUnsafe` on a second template, each
//      content cloned into the document);
//    - `page`: a `div`-context output inside `<body><div>…</div>` of a whole page;
//    - `document`: a `--document` output served as the whole page.
//    Then synthetic events of every type Chromium knows (and every `on*` attribute's type) are
//    dispatched on every element, the window and the document; every element is focused and
//    links, buttons, inputs and summaries are clicked.
// 3. Script is detected by a canary `__xss(id)` every payload calls and by overriding alert,
//    confirm, prompt and print, all defined in every frame by an init script that reports
//    through a Playwright binding; independently, by the DevTools `Debugger.scriptParsed` event
//    for any script compiled with a test document's URL (event handlers and inline scripts of
//    payloads without a canary), and by dialogs. No CSP is involved.
// 4. Every request but the harness's own pages is recorded and aborted. A load is `allowed` when
//    the URL is in an attribute (or a style element's text) of the tree our own parser builds
//    from the output AND Chromium's own `setHTML`/`Document.parseHTML` with the same
//    configuration keeps it there; any other load is `unexpected`.
// Exit 1 when any output ran script or made an unexpected load.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CONFIGS, mxssCases, wptCases } from './corpus.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
};
const BIN = opt('--bin', process.env.WEBSYNTAX_BIN || join(ROOT, 'target/debug/websyntax'));
const REPORT = opt('--report', join(ROOT, 'target/browser-sanitizer-report.json'));
const ONLY = opt('--only', null);
const BATCH = Number(opt('--batch', 40));
const ORIGIN = 'http://websyntax.test';
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

// ---- 1. Sanitize everything in one process.
let cases = [...wptCases(ROOT), ...mxssCases(ROOT)];
if (ONLY) cases = cases.filter((c) => c.id.startsWith(ONLY));
const jobs = []; // {case, config, mode, context}
for (const c of cases) {
    const configs = [...CONFIGS];
    if (c.config) configs.push(['case', c.config]);
    for (const [cfgName, cfg] of configs) {
        for (const ctx of c.contexts) jobs.push({ c, cfgName, cfg, mode: 'fragment', ctx });
        jobs.push({ c, cfgName, cfg, mode: 'document', ctx: null });
    }
}
const lines = jobs.map((j) => {
    const o = { input: j.c.input };
    if (j.cfg !== undefined) o.config = j.cfg;
    if (j.mode === 'document') o.document = true;
    else o.context = j.ctx;
    return JSON.stringify(o);
});
function runJsonl(argv, input) {
    const r = spawnSync(BIN, argv, { input: input.join('\n') + '\n', maxBuffer: 1 << 30, encoding: 'utf8' });
    if (r.error || r.status !== 0) {
        console.error(`${BIN} ${argv.join(' ')} failed: ${r.error ?? r.stderr}`);
        process.exit(2);
    }
    const out = r.stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
    if (out.length !== input.length) {
        console.error(`${BIN}: ${out.length} output lines for ${input.length} inputs`);
        process.exit(2);
    }
    return out;
}
if (!existsSync(BIN)) {
    console.error(`no websyntax binary at ${BIN} (cargo build -p websyntax-cli, or --bin PATH)`);
    process.exit(2);
}
const outs = runJsonl(['sanitize', '--jsonl'], lines);
let sanitizeErrors = 0;
jobs.forEach((j, i) => {
    if ('output' in outs[i]) j.output = outs[i].output;
    else {
        j.error = outs[i].error;
        sanitizeErrors++;
    }
});
console.log(`sanitized ${cases.length} cases into ${jobs.length} outputs (${sanitizeErrors} config errors) in ${elapsed()}`);

// ---- 2. Distinct renders.
const renders = new Map(); // key -> {id, kind, ctx, output, jobs: []}
function renderFor(kind, ctx, output, job) {
    const key = `${kind}\u0000${ctx}\u0000${output}`;
    let r = renders.get(key);
    if (!r) {
        r = { n: renders.size, kind, ctx, output, jobs: [], scripts: [], loads: [] };
        renders.set(key, r);
    }
    r.jobs.push(job);
}
for (const j of jobs) {
    if (j.output === undefined) continue;
    if (j.mode === 'document') renderFor('document', null, j.output, j);
    else {
        renderFor('fragment', j.ctx, j.output, j);
        if (j.ctx === 'div') renderFor('page', null, j.output, j);
    }
}
const renderList = [...renders.values()];
const byN = (n) => renderList[n];
console.log(`${renderList.length} distinct renders`);

// ---- 3. Chromium.
const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
});
const context = await browser.newContext();
const unattributed = [];
// The test document a frame belongs to: itself or its nearest ancestor served as /__f|p|d/N.
function renderOfFrame(frame) {
    for (let f = frame; f; f = f.parentFrame()) {
        const m = /^http:\/\/websyntax\.test\/__([fpd])\/(\d+)$/.exec(f.url());
        if (m) return byN(Number(m[2]));
    }
    return null;
}
function renderOfUrl(url) {
    const m = /^http:\/\/websyntax\.test\/__([fpd])\/(\d+)$/.exec(url || '');
    return m ? byN(Number(m[2])) : null;
}
await context.exposeBinding('__report', (source, kind, detail) => {
    const r = renderOfFrame(source.frame);
    const what = { via: kind, detail: String(detail).slice(0, 200), frame: source.frame.url().slice(0, 120) };
    if (r) r.scripts.push(what);
    else unattributed.push(what);
});
await context.addInitScript(() => {
    const report = window.__report;
    window.__xss = (id) => report('canary', id);
    window.alert = (m) => report('alert', m);
    window.confirm = (m) => report('confirm', m);
    window.prompt = (m) => report('prompt', m);
    window.print = () => report('print', '');
});
const PAGE_HEAD = '<!DOCTYPE html><html><head><meta charset=utf-8><title>t</title></head>';
await context.route('**/*', (route) => {
    const req = route.request();
    const url = req.url();
    const m = /^http:\/\/websyntax\.test\/__(?:(top)\/\w+|([fpd])\/(\d+))$/.exec(url);
    if (m && (m[1] || byN(Number(m[3])))) {
        let body = `${PAGE_HEAD}<body></body></html>`;
        if (m[2] === 'p') body = `${PAGE_HEAD}<body><div>${byN(Number(m[3])).output}</div></body></html>`;
        if (m[2] === 'd') body = byN(Number(m[3])).output;
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    }
    let frame = null;
    try {
        frame = req.frame();
    } catch {
        /* service worker or gone */
    }
    const r = frame ? renderOfFrame(frame) : null;
    const what = { url: url.slice(0, 200), type: req.resourceType(), navigation: req.isNavigationRequest() };
    if (r) r.loads.push(what);
    else unattributed.push({ via: 'request', ...what });
    return route.abort('aborted');
});
context.on('page', (p) => {
    p.on('popup', () => {});
});
const page = await context.newPage();
page.on('popup', async (p) => {
    unattributed.push({ via: 'popup', detail: p.url() });
    await p.close().catch(() => {});
});
page.on('dialog', (d) => {
    unattributed.push({ via: 'dialog', detail: d.message() });
    d.dismiss().catch(() => {});
});
const cdp = await context.newCDPSession(page);
cdp.on('Debugger.scriptParsed', (e) => {
    if (!e.url || e.url.startsWith(`${ORIGIN}/__top/`)) return;
    const r = renderOfUrl(e.url);
    const what = { via: 'scriptParsed', detail: `${e.url} ${e.startLine}:${e.startColumn}` };
    if (r) r.scripts.push(what);
    else unattributed.push(what);
});
await cdp.send('Debugger.enable');

// Runs in the batch page: loads the batch's iframes, renders fragments, fires events, clicks.
async function renderBatch(items) {
    const frames = await Promise.all(items.map((it) => new Promise((resolve) => {
        const f = document.createElement('iframe');
        f.width = 300;
        f.height = 150;
        const timer = setTimeout(() => resolve(f), 3000);
        f.onload = () => {
            clearTimeout(timer);
            resolve(f);
        };
        f.src = `/__${it.kind[0]}/${it.n}`;
        document.body.append(f);
    })));
    const PARENT = { td: 'table>tbody>tr', th: 'table>tbody>tr', tr: 'table>tbody', tbody: 'table', thead: 'table', tfoot: 'table', caption: 'table', colgroup: 'table', col: 'table>colgroup', li: 'ul', option: 'select', optgroup: 'select' };
    function makeContext(doc, ctx) {
        const [a, b] = ctx.split(' ');
        let el;
        let host = doc.body;
        if (b) {
            el = doc.createElementNS(a === 'svg' ? 'http://www.w3.org/2000/svg' : 'http://www.w3.org/1998/Math/MathML', b);
            if (b !== a) {
                const root = doc.createElementNS(el.namespaceURI, a);
                host.append(root);
                host = root;
            }
        } else {
            el = doc.createElement(a);
            for (const p of (PARENT[a] || '').split('>').filter(Boolean)) {
                const x = doc.createElement(p);
                host.append(x);
                host = x;
            }
        }
        host.append(el);
        return el;
    }
    for (let i = 0; i < items.length; i++) {
        const it = items[i];
        if (it.kind !== 'fragment') continue;
        const doc = frames[i].contentDocument;
        if (!doc) continue;
        try {
            if (it.ctx === 'template') {
                const t1 = makeContext(doc, 'template');
                t1.innerHTML = it.output;
                doc.body.append(doc.importNode(t1.content, true));
                const t2 = makeContext(doc, 'template');
                t2.setHTMLUnsafe(it.output);
                doc.body.append(doc.importNode(t2.content, true));
            } else {
                makeContext(doc, it.ctx).innerHTML = it.output;
            }
        } catch (e) {
            /* e.g. innerHTML on a void context: nothing rendered */
        }
    }
    await new Promise((r) => setTimeout(r, 60));
    // Every frame reachable from the tests (nested same-origin frames too).
    const docs = [];
    const visit = (win, depth) => {
        let doc;
        try {
            doc = win.document;
        } catch {
            return;
        }
        if (!doc) return;
        docs.push([win, doc]);
        if (depth < 4) for (let k = 0; k < win.frames.length; k++) visit(win.frames[k], depth + 1);
    };
    for (const f of frames) if (f.contentWindow) visit(f.contentWindow, 0);
    const EXTRA = ['beginEvent', 'endEvent', 'repeatEvent', 'webkitAnimationStart', 'webkitAnimationEnd',
        'webkitAnimationIteration', 'webkitTransitionEnd', 'focusin', 'focusout', 'DOMFocusIn', 'DOMFocusOut',
        'DOMActivate', 'SVGLoad', 'SVGZoom', 'activate', 'bounce', 'start', 'finish', 'touchstart', 'touchend',
        'touchmove', 'touchcancel', 'DOMContentLoaded', 'readystatechange'];
    for (const [win, doc] of docs) {
        const types = new Set(EXTRA);
        for (const proto of [win.HTMLElement.prototype, win.SVGElement.prototype, win.MathMLElement?.prototype,
            win.Element.prototype, win.Node.prototype, win.Document.prototype, win.HTMLBodyElement.prototype,
            win.HTMLFrameSetElement.prototype, win.HTMLMarqueeElement?.prototype, win.SVGAnimationElement?.prototype,
            win.HTMLMediaElement.prototype, win]) {
            if (!proto) continue;
            for (const n of Object.getOwnPropertyNames(proto)) if (n.startsWith('on')) types.add(n.slice(2));
        }
        const elements = [];
        const walk = (root) => {
            for (const el of root.querySelectorAll('*')) {
                elements.push(el);
                for (const a of el.attributes) if (a.name.toLowerCase().startsWith('on')) types.add(a.name.slice(2));
                if (el.shadowRoot) walk(el.shadowRoot);
            }
        };
        walk(doc);
        const fire = (target) => {
            for (const t of types) {
                try {
                    target.dispatchEvent(new win.Event(t, { bubbles: false, cancelable: true }));
                } catch {
                    /* ignore */
                }
            }
        };
        for (const el of elements) fire(el);
        fire(doc);
        fire(win);
        for (const el of elements) {
            try {
                el.focus?.();
            } catch {
                /* ignore */
            }
        }
        for (const el of elements) {
            if (/^(a|area|button|input|summary|label)$/i.test(el.localName) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
                try {
                    el.click?.();
                } catch {
                    /* ignore */
                }
            }
        }
    }
    await new Promise((r) => setTimeout(r, 150));
    return docs.length;
}

let batches = 0;
for (let i = 0; i < renderList.length; i += BATCH) {
    const items = renderList.slice(i, i + BATCH).map((r) => ({ n: r.n, kind: r.kind, ctx: r.ctx, output: r.kind === 'fragment' ? r.output : '' }));
    try {
        await page.goto(`${ORIGIN}/__top/${batches}`, { waitUntil: 'load', timeout: 10000 });
        await page.evaluate(renderBatch, items);
    } catch (e) {
        // A test document that navigated the top page away (target=_top, a top-level meta
        // refresh) ends the evaluation; the batch's detections are kept.
        unattributed.push({ via: 'batch-interrupted', detail: `batch ${batches}: ${String(e.message).split('\n')[0]}` });
    }
    batches++;
}
console.log(`rendered ${renderList.length} outputs in ${batches} batches, ${elapsed()}`);

// ---- 4. Classify loads: allowed iff our parser sees the URL in an attribute (or style text)
// of the output AND Chromium's own sanitizer with the same configuration keeps it.
const tokenOf = (url) => {
    const u = new URL(url);
    // A relative URL resolves against the test document's /__f/N (or /__p/, /__d/) address.
    if (u.host === 'websyntax.test') return u.pathname.replace(/^\/(__[fpd]\/)?/, '') + u.search;
    return u.host + u.pathname + u.search;
};
const loadJobs = [];
for (const r of renderList) {
    if (!r.loads.length) continue;
    for (const j of r.jobs) loadJobs.push({ r, j });
}
// Our parser's view of each output: `websyntax html parse --jsonl` in the same context.
const parseLines = loadJobs.map(({ r, j }) => JSON.stringify({
    data: r.kind === 'page' ? `${PAGE_HEAD}<body><div>${r.output}</div></body></html>` : r.output,
    fragment: r.kind === 'fragment' ? r.ctx : null,
    scripting: r.kind !== 'fragment' || r.ctx !== 'template',
}));
const trees = parseLines.length ? runJsonl(['html', 'parse', '--jsonl'], parseLines) : [];
function seenInTree(tree, token) {
    // Attribute lines, and text lines whose parent is a style element.
    const rows = tree.split('\n');
    for (let k = 0; k < rows.length; k++) {
        const row = rows[k];
        if (!row.includes(token)) continue;
        const m = /^\| ( *)(.*)$/.exec(row);
        if (!m) continue;
        const body = m[2];
        if (/^[^"<]*="/.test(body) && !body.startsWith('"')) return true;
        if (body.startsWith('"')) {
            const depth = m[1].length;
            for (let p = k - 1; p >= 0; p--) {
                const pm = /^\| ( *)(.*)$/.exec(rows[p]);
                if (pm && pm[1].length < depth && pm[2].startsWith('<')) {
                    if (/^<(svg )?style>$/.test(pm[2])) return true;
                    break;
                }
            }
        }
    }
    return false;
}
// Chromium's view: attribute values and style texts kept by its own setHTML / parseHTML.
await page.goto(`${ORIGIN}/__top/oracle`, { waitUntil: 'load' });
const oracleIn = loadJobs.map(({ r, j }) => ({ kind: r.kind, ctx: r.ctx, output: r.output, config: j.cfg ?? null }));
const kept = oracleIn.length ? await page.evaluate((items) => items.map(({ kind, ctx, output, config }) => {
    const opts = config === null ? {} : { sanitizer: config };
    let root;
    try {
        if (kind === 'document') {
            root = Document.parseHTML(output, opts);
        } else {
            const doc = document.implementation.createHTMLDocument('');
            const [a, b] = (ctx || 'div').split(' ');
            const el = b ? doc.createElementNS(a === 'svg' ? 'http://www.w3.org/2000/svg' : 'http://www.w3.org/1998/Math/MathML', b) : doc.createElement(a);
            doc.body.append(el);
            el.setHTML(output, opts);
            root = el.localName === 'template' ? el.content : el;
        }
    } catch (e) {
        return null;
    }
    const vals = [];
    const walk = (node) => {
        for (const el of node.querySelectorAll('*')) {
            for (const at of el.attributes) vals.push(at.value);
            if (el.localName === 'style') vals.push(el.textContent);
            if (el.localName === 'template' && el.content) walk(el.content);
            if (el.shadowRoot) walk(el.shadowRoot);
        }
    };
    walk(root);
    return vals;
}), oracleIn) : [];
loadJobs.forEach(({ r, j }, k) => {
    for (const load of r.loads) {
        const token = tokenOf(load.url);
        const seen = seenInTree(trees[k].tree ?? '', token);
        const chromiumKeeps = kept[k] !== null && kept[k].some((v) => v.includes(token));
        (j.loads ??= []).push({ ...load, kind: r.kind, allowed: seen && chromiumKeeps, seen, chromiumKeeps });
    }
});
await browser.close();

// ---- 5. Report.
const perConfig = new Map();
const failures = [];
for (const j of jobs) {
    const s = perConfig.get(j.cfgName) ?? { cases: new Set(), outputs: 0, errors: 0, scriptRuns: 0, unexpectedLoads: 0, allowedLoads: 0 };
    perConfig.set(j.cfgName, s);
    s.cases.add(j.c.id);
    if (j.output === undefined) {
        s.errors++;
        continue;
    }
    s.outputs++;
    const views = [];
    if (j.mode === 'document') views.push(renders.get(`document\u0000null\u0000${j.output}`));
    else {
        views.push(renders.get(`fragment\u0000${j.ctx}\u0000${j.output}`));
        if (j.ctx === 'div') views.push(renders.get(`page\u0000null\u0000${j.output}`));
    }
    const scripts = views.flatMap((v) => v.scripts.map((x) => ({ ...x, kind: v.kind })));
    const unexpected = (j.loads ?? []).filter((l) => !l.allowed);
    s.allowedLoads += (j.loads ?? []).filter((l) => l.allowed).length;
    if (scripts.length) s.scriptRuns++;
    if (unexpected.length) s.unexpectedLoads++;
    if (scripts.length || unexpected.length) {
        failures.push({
            case: j.c.id, class: j.c.class, config: j.cfgName, mode: j.mode, context: j.ctx,
            input: j.c.input, output: j.output, scripts, unexpectedLoads: unexpected,
        });
    }
}
const table = [...perConfig].map(([name, s]) => ({ config: name, cases: s.cases.size, outputs: s.outputs, configErrors: s.errors, scriptRuns: s.scriptRuns, unexpectedLoads: s.unexpectedLoads, allowedLoads: s.allowedLoads }));
console.table(table);
const byClass = {};
for (const f of failures) (byClass[`${f.config} / ${f.class}`] ??= []).push(f.case + (f.mode === 'document' ? ' (document)' : ` (${f.context})`));
for (const [k, v] of Object.entries(byClass)) console.log(`FAIL ${k}: ${v.length}: ${[...new Set(v)].slice(0, 12).join(', ')}${v.length > 12 ? ', …' : ''}`);
for (const u of unattributed) console.log(`unattributed: ${JSON.stringify(u)}`);
mkdirSync(dirname(REPORT), { recursive: true });
writeFileSync(REPORT, JSON.stringify({ table, failures, unattributed, renders: renderList.length, seconds: (Date.now() - t0) / 1000 }, null, 1));
const bad = failures.length + unattributed.filter((u) => u.via !== 'batch-interrupted' || true).length;
console.log(`${cases.length} cases, ${jobs.length} outputs, ${renderList.length} renders: ${failures.length} outputs ran script or loaded what the config does not allow, ${unattributed.length} unattributed events; report ${REPORT}; ${elapsed()}`);
process.exit(bad ? 1 : 0);
