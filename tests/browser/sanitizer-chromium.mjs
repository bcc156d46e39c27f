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
const unattributed = []; // script runs or requests no test document accounts for: failures
const parsedElsewhere = []; // scripts compiled in a document that is not a test's
const afterNavigation = []; // script in a document a click navigated a test frame to: reported
const TEST_URL = /^http:\/\/websyntax\.test\/__([fpd])\/(\d+)$/;
// Each frame's test document, recorded when it commits (a frame detached or navigated away
// by the time its report arrives still names it), and whether a click navigated it away.
const frameRender = new WeakMap();
const clickNavigated = new WeakSet();
function renderOfUrl(url) {
    const m = TEST_URL.exec(url || '');
    return m ? byN(Number(m[2])) : null;
}
// The test document a frame belongs to: itself or its nearest ancestor served as /__f|p|d/N.
function renderOfFrame(frame) {
    for (let f = frame; f; f = f.parentFrame()) {
        const r = renderOfUrl(f.url());
        if (r) return r;
    }
    return null;
}
// The click phase of each batch page: navigations of a test frame itself are then the user's
// (a link or a form followed), not a load the markup makes on its own.
const clicking = new WeakSet();
function attribute(frame, what, list) {
    if (frame && clickNavigated.has(frame)) {
        const home = frameRender.get(frame);
        return afterNavigation.push({ render: home?.n, frame: frame.url().slice(0, 120), ...what });
    }
    const r = frame ? renderOfFrame(frame) ?? frameRender.get(frame) : null;
    if (r) return r[list].push({ ...what, frame: frame.url().slice(0, 200) });
    unattributed.push({ frame: frame?.url().slice(0, 120), ...what });
}
await context.exposeBinding('__report', (source, kind, detail) => {
    attribute(source.frame, { via: kind, detail: String(detail).slice(0, 200) }, 'scripts');
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
await context.route('**/*', async (route) => {
    const req = route.request();
    const url = req.url();
    const m = /^http:\/\/websyntax\.test\/__(?:(top)\/\w+|([fpd])\/(\d+))$/.exec(url);
    if (m && (m[1] || byN(Number(m[3])))) {
        let body = `${PAGE_HEAD}<body></body></html>`;
        if (m[2] === 'p') body = `${PAGE_HEAD}<body><div>${byN(Number(m[3])).output}</div></body></html>`;
        if (m[2] === 'd') body = byN(Number(m[3])).output;
        // The full referrer lets a request name its document even before Playwright has
        // seen the frame commit.
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'referrer-policy': 'unsafe-url' }, body });
    }
    let frame = null;
    try {
        frame = req.frame();
    } catch {
        /* a service worker's request */
    }
    // The oracle page's own sanitized trees may load images: not a test's.
    if (frame?.url().endsWith('/__top/oracle')) return route.abort('aborted');
    const what = { url: url.slice(0, 200), type: req.resourceType(), navigation: req.isNavigationRequest() };
    if (process.env.DEBUG_LOADS) what.debug = { referer: await req.headerValue('referer'), frame: frame?.url(), detached: frame?.isDetached(), name: frame?.name(), page: frame && workerPages.has(frame.page()) };
    const own = frame && renderOfUrl(frame.url());
    if (what.navigation && own && clicking.has(frame.page())) what.click = true;
    if (what.navigation && frame && !workerPages.has(frame.page())) {
        popups.push(url.slice(0, 200));
        return route.abort('aborted');
    }
    const byReferrer = renderOfUrl(await req.headerValue('referer').catch(() => null));
    if (byReferrer && !(frame && (renderOfFrame(frame) || frameRender.get(frame)))) byReferrer.loads.push(what);
    else attribute(frame, what, 'loads');
    return route.abort('aborted');
});
const workerPages = new WeakSet();
const popups = [];
context.on('page', (p) => {
    // A page the harness did not open: a popup of a clicked link or form (target=_blank). Its
    // navigation is the user's; script in it is not (it fails as unattributed).
    setTimeout(() => {
        if (!workerPages.has(p)) {
            popups.push(p.url().slice(0, 200));
            p.close().catch(() => {});
        }
    }, 200);
    p.on('framenavigated', (f) => {
        const r = renderOfFrame(f);
        const before = frameRender.get(f);
        if (before && r !== before && clicking.has(p)) clickNavigated.add(f);
        if (r && !before) frameRender.set(f, r);
    });
    p.on('dialog', (d) => {
        unattributed.push({ via: 'dialog', detail: d.message() });
        d.dismiss().catch(() => {});
    });
});

// Runs in a batch page: loads the batch's iframes, renders fragments, fires events, focuses.
async function renderBatch(items) {
    const frames = await Promise.all(items.map((it) => new Promise((resolve) => {
        const f = document.createElement('iframe');
        const timer = setTimeout(() => resolve(f), 30000);
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
                // As a page script would: parse into a template, clone the content in; both
                // with the innerHTML setter and with setHTMLUnsafe.
                const t1 = makeContext(doc, 'template');
                t1.innerHTML = it.output;
                doc.body.append(doc.importNode(t1.content, true));
                const t2 = makeContext(doc, 'template');
                t2.setHTMLUnsafe(it.output);
                doc.body.append(doc.importNode(t2.content, true));
            } else {
                makeContext(doc, it.ctx).innerHTML = it.output;
            }
        } catch {
            /* e.g. a context element that takes no children */
        }
    }
    // Autofocus, CSS animations and transitions, SVG timelines and media get a moment.
    await new Promise((r) => setTimeout(r, 40));
    // Event types: every on* IDL attribute Chromium has, names whose event type differs, and
    // the type of every on* attribute present.
    const types = new Set(['beginEvent', 'endEvent', 'repeatEvent', 'webkitAnimationStart', 'webkitAnimationEnd',
        'webkitAnimationIteration', 'webkitTransitionEnd', 'focusin', 'focusout', 'DOMFocusIn', 'DOMFocusOut',
        'DOMActivate', 'SVGLoad', 'SVGZoom', 'activate', 'bounce', 'start', 'finish', 'touchstart', 'touchend',
        'touchmove', 'touchcancel', 'DOMContentLoaded', 'readystatechange']);
    for (const proto of [HTMLElement.prototype, SVGElement.prototype, globalThis.MathMLElement?.prototype,
        Element.prototype, Node.prototype, Document.prototype, HTMLBodyElement.prototype,
        HTMLFrameSetElement.prototype, globalThis.HTMLMarqueeElement?.prototype, globalThis.SVGAnimationElement?.prototype,
        HTMLMediaElement.prototype, window]) {
        if (!proto) continue;
        for (const n of Object.getOwnPropertyNames(proto)) if (n.startsWith('on')) types.add(n.slice(2));
    }
    // Every document reachable from the tests (nested same-origin frames too).
    const docs = [];
    const visit = (win, depth) => {
        try {
            if (win.document) docs.push([win, win.document]);
        } catch {
            return;
        }
        if (depth < 4) for (let k = 0; k < win.frames.length; k++) visit(win.frames[k], depth + 1);
    };
    for (const f of frames) if (f.contentWindow) visit(f.contentWindow, 0);
    for (const [win, doc] of docs) {
        const mine = new Set(types);
        const elements = [];
        const walk = (root) => {
            for (const el of root.querySelectorAll('*')) {
                elements.push(el);
                for (const a of el.attributes) if (a.name.toLowerCase().startsWith('on')) mine.add(a.name.slice(2));
                if (el.shadowRoot) walk(el.shadowRoot);
            }
        };
        walk(doc);
        const fire = (target) => {
            for (const t of mine) {
                try {
                    target.dispatchEvent(new win.Event(t, { bubbles: false, cancelable: true }));
                } catch {
                    /* a frame navigated away meanwhile */
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
    }
    await new Promise((r) => setTimeout(r, 60));
    // Where each test's live DOM holds what a request could come from: every attribute, and
    // every style element's text, as [namespace, element, attribute namespace, attribute, value].
    return frames.map((f, i) => {
        const places = [];
        try {
            if (!f.contentDocument?.URL.endsWith(`/__${items[i].kind[0]}/${items[i].n}`)) return null;
        } catch {
            return null;
        }
        const walk = (root, depth) => {
            for (const el of root.querySelectorAll('*')) {
                for (const a of el.attributes) places.push([el.namespaceURI, el.localName, a.namespaceURI, a.localName, a.value.slice(0, 1000)]);
                if (el.localName === 'style') places.push([el.namespaceURI, 'style', null, '#text', el.textContent.slice(0, 1000)]);
                if (el.shadowRoot) walk(el.shadowRoot, depth);
                if (el.contentDocument && depth < 3) walk(el.contentDocument, depth + 1);
            }
        };
        try {
            if (f.contentDocument) walk(f.contentDocument, 0);
        } catch {
            /* navigated away */
        }
        return places;
    });
}
// Then, as a user would: click every link, area, button, input, summary, label and foreign
// element (javascript: URLs, form submission).
async function clickBatch() {
    const docs = [];
    const visit = (win, depth) => {
        try {
            if (win.document) docs.push(win.document);
        } catch {
            return;
        }
        if (depth < 4) for (let k = 0; k < win.frames.length; k++) visit(win.frames[k], depth + 1);
    };
    for (const f of document.querySelectorAll('iframe')) if (f.contentWindow) visit(f.contentWindow, 0);
    for (const doc of docs) {
        for (const el of doc.querySelectorAll('a, area, button, input, summary, label, svg *, math *')) {
            try {
                el.click?.();
            } catch {
                /* ignore */
            }
        }
    }
    await new Promise((r) => setTimeout(r, 80));
}

async function worker(w, queue) {
    const page = await context.newPage();
    workerPages.add(page);
    const cdp = await context.newCDPSession(page);
    // Independent of the canary: any script compiled with a test document's URL (an event
    // handler or an inline script of a payload that calls nothing we know).
    cdp.on('Debugger.scriptParsed', (e) => {
        if (!e.url || e.url.startsWith(`${ORIGIN}/__top/`)) return;
        const r = renderOfUrl(e.url);
        const what = { via: 'scriptParsed', detail: `${e.url} ${e.startLine}:${e.startColumn}` };
        if (r) r.scripts.push(what);
        else parsedElsewhere.push({ url: e.url, ...what });
    });
    await cdp.send('Debugger.enable');
    for (let b = queue.next(); b !== null; b = queue.next()) {
        const items = b.items.map((r) => ({ n: r.n, kind: r.kind, ctx: r.ctx, output: r.kind === 'fragment' ? r.output : '' }));
        clicking.delete(page);
        try {
            await page.goto(`${ORIGIN}/__top/w${w}b${b.index}`, { waitUntil: 'load', timeout: 10000 });
            const places = await page.evaluate(renderBatch, items);
            b.items.forEach((r, k) => {
                if (places[k]) r.places = places[k];
                else if (!b.retry) retry.push(r);
                else unattributed.push({ via: 'not-rendered', detail: `${r.kind} of ${r.jobs[0].c.id} (${r.jobs[0].cfgName}) did not load, or navigated away by itself before it was inspected: ${r.output.slice(0, 200)}` });
            });
            clicking.add(page);
            await page.evaluate(clickBatch);
            // Remove the frames while their reports can still be attributed (unload handlers).
            await page.evaluate(async () => {
                document.body.replaceChildren();
                await new Promise((r) => setTimeout(r, 50));
            });
        } catch (e) {
            // A click that navigated the batch page itself (target=_top) ends the batch.
            if (!clicking.has(page)) unattributed.push({ via: 'batch-interrupted', detail: `batch ${b.index}: ${String(e.message).split('\n')[0]}` });
        }
    }
    return page;
}
const batchList = [];
for (let i = 0; i < renderList.length; i += BATCH) batchList.push({ index: batchList.length, items: renderList.slice(i, i + BATCH) });
let nextBatch = 0;
// A test document that did not load in time (a loaded machine) is rendered once more, alone
// in a batch of its own kind, after the others.
const retry = [];
const queue = {
    next: () => {
        if (nextBatch < batchList.length) return batchList[nextBatch++];
        if (retry.length) return { index: `retry${retry.length}`, items: retry.splice(0, BATCH), retry: true };
        return null;
    },
};
const WORKERS = Number(opt('--workers', 3));
const pages = await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w, queue)));
console.log(`rendered ${renderList.length} outputs in ${batchList.length} batches, ${elapsed()}`);

const tokenOf = (url) => {
    const u = new URL(url);
    // A relative URL resolves against the test document's /__f/N (or /__p/, /__d/) address.
    if (u.host === 'websyntax.test') return u.pathname.replace(/^\/(__\w+\/)?/, '') + u.search;
    return u.host + u.pathname + u.search;
};
// A script compiled in a document a click navigated to is accounted for there (by its
// canary or dialog report); any other is unattributed.
const detectedIn = new Set([...afterNavigation, ...renderList.flatMap((r) => r.scripts)].map((x) => x.frame).filter(Boolean));
for (const p of parsedElsewhere) {
    if (![...detectedIn].some((f) => p.url.startsWith(f))) unattributed.push(p);
}
// A request whose frame was gone and whose referrer was withheld: charged to every test
// document whose rendered DOM held its URL (the payload URLs are unique per case).
for (let k = unattributed.length - 1; k >= 0; k--) {
    const u = unattributed[k];
    if (!u.url || u.via) continue;
    const token = tokenOf(u.url);
    const holders = renderList.filter((r) => (r.places ?? []).some((p) => p[4].includes(token)));
    if (holders.length && token.length > 12) {
        for (const r of holders) r.loads.push({ ...u, byContent: true });
        unattributed.splice(k, 1);
    }
}
// ---- 4. Classify loads. A click's navigation of the test document itself is the user's;
// every other request is allowed only when our parser, in the mode the sanitizer parsed
// (fragments: scripting enabled, but disabled in a `template` context, whose contents browsers
// and the sanitizer parse without scripting; documents: scripting disabled), sees the URL in an attribute
// (or a style element's text) of the output, AND the element and attribute of the rendered
// page that hold the URL are ones the configuration keeps.
const loadJobs = [];
for (const r of renderList) {
    if (r.loads.some((l) => !l.click)) for (const j of r.jobs) loadJobs.push({ r, j });
}
const parseLines = loadJobs.map(({ r }) => JSON.stringify({
    data: r.kind === 'page' ? `${PAGE_HEAD}<body><div>${r.output}</div></body></html>` : r.output,
    fragment: r.kind === 'fragment' ? r.ctx : null,
    scripting: r.kind !== 'document' && !(r.kind === 'fragment' && r.ctx === 'template'),
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
        if (!body.startsWith('"') && /^[^"<]*="/.test(body)) return true;
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
// Chromium's own reading of each configuration (`new Sanitizer(config).get()`), judged as
// the standard's "sanitize core" does, plus the safe baseline: is this attribute of this
// element kept?
const configKeys = new Map();
for (const { j } of loadJobs) configKeys.set(JSON.stringify(j.cfg ?? null), j.cfg ?? null);
const oracle = pages[0];
await oracle.goto(`${ORIGIN}/__top/oracle`, { waitUntil: 'load' });
const normalized = new Map();
const configList = [...configKeys.values()];
const got = await oracle.evaluate((list) => list.map((c) => {
    try {
        return (c === null ? new Sanitizer() : new Sanitizer(c)).get();
    } catch {
        return null;
    }
}), configList);
configList.forEach((c, k) => normalized.set(JSON.stringify(c), got[k]));
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const BASELINE = new Set(['embed', 'frame', 'iframe', 'object', 'script'].map((n) => `${HTML_NS} ${n}`)
    .concat(['script', 'use'].map((n) => `http://www.w3.org/2000/svg ${n}`)));
const same = (x, ns, name) => x.name === name && (x.namespace ?? null) === (ns ?? null);
function configKeeps(cfg, [ns, el, attrNs, attr]) {
    if (!cfg) return false;
    if (BASELINE.has(`${ns} ${el}`)) return false;
    let entry = null;
    if (cfg.elements) {
        entry = cfg.elements.find((x) => same(x, ns, el));
        if (!entry) return false;
    } else if ((cfg.removeElements ?? []).some((x) => same(x, ns, el))) return false;
    if ((cfg.replaceWithChildrenElements ?? []).some((x) => same(x, ns, el))) return false;
    if (attr === '#text') return true; // a style element's text
    if (attrNs === null && /^on/i.test(attr)) return false;
    if ((entry?.removeAttributes ?? []).some((x) => same(x, attrNs, attr))) return false;
    if (cfg.attributes) {
        return cfg.attributes.some((x) => same(x, attrNs, attr))
            || (entry?.attributes ?? []).some((x) => same(x, attrNs, attr))
            || (cfg.dataAttributes === true && attrNs === null && /^data-/.test(attr));
    }
    if (entry?.attributes && !entry.attributes.some((x) => same(x, attrNs, attr))) return false;
    return !(cfg.removeAttributes ?? []).some((x) => same(x, attrNs, attr));
}
loadJobs.forEach(({ r, j }, k) => {
    const cfg = normalized.get(JSON.stringify(j.cfg ?? null));
    for (const load of r.loads) {
        if (load.click) continue;
        const token = tokenOf(load.url);
        const seen = seenInTree(trees[k].tree ?? '', token);
        const from = (r.places ?? []).filter((p) => p[4].includes(token));
        const configAllows = from.some((p) => configKeeps(cfg, p));
        (j.loads ??= []).push({ ...load, kind: r.kind, allowed: seen && configAllows, seen, configAllows, from: from.slice(0, 3) });
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
const clickNavigations = renderList.reduce((n, r) => n + r.loads.filter((l) => l.click).length, 0);
console.log(`not failures: ${clickNavigations} navigations of a test document by a click (links, forms), ${popups.length} popups of clicks, ${afterNavigation.length} script runs in documents a click navigated to (data: URLs)`);
writeFileSync(REPORT, JSON.stringify({ table, failures, unattributed, clickNavigations, popups, afterNavigation, renders: renderList.length, seconds: (Date.now() - t0) / 1000 }, null, 1));
const bad = failures.length + unattributed.length;
console.log(`${cases.length} cases, ${jobs.length} outputs, ${renderList.length} renders: ${failures.length} outputs ran script or loaded what the configuration does not allow, ${unattributed.length} unattributed script runs or loads; report ${REPORT}; ${elapsed()}`);
process.exit(bad ? 1 : 0);
