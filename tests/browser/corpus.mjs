// The sanitizer test corpus rendered by sanitizer-chromium.mjs: the WPT sanitizer data
// (crates/sanitize/tests/data/wpt-sanitizer, every `#data` input with its own context and
// configuration) and the generated mutation-XSS set (crates/sanitize/tests/data/mxss/cases.json).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/// The WPT `.dat` files' cases, split as `parse_html5lib_testcases` splits them (an empty line
/// ends a case; `#name` starts a section; `{{host}}` is the wptserve substitution).
export function wptCases(root) {
    const dir = join(root, 'crates/sanitize/tests/data/wpt-sanitizer');
    const out = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.dat')).sort()) {
        const text = readFileSync(join(dir, file), 'utf8');
        let cur = null;
        let section = null;
        const blocks = [];
        const flush = () => {
            if (cur && Object.keys(cur).length) blocks.push(cur);
            cur = null;
            section = null;
        };
        for (const line of text.split('\n')) {
            if (line === '') {
                flush();
            } else if (line.startsWith('#')) {
                cur ??= {};
                section = line.slice(1);
                cur[section] = [];
            } else if (cur && section) {
                cur[section].push(line);
            }
        }
        flush();
        blocks.forEach((b, i) => {
            if (!b.data) return;
            const input = b.data.join('\n').replaceAll('{{host}}', 'wpt.test');
            let config;
            if (b.config) {
                try {
                    config = JSON.parse(b.config.join('\n'));
                } catch {
                    config = undefined;
                }
            }
            // A case that expects a TypeError has an invalid configuration: its input still
            // runs under the harness's configurations.
            if (b.error) config = undefined;
            const ctx = b['document-fragment']?.join('') || 'div';
            const c = { id: `wpt-${file.replace('.sub.dat', '')}-${i}`, class: 'wpt', input, contexts: [ctx] };
            if (config && typeof config === 'object' && !Array.isArray(config)) c.config = config;
            out.push(c);
        });
    }
    return out;
}

export function mxssCases(root) {
    return JSON.parse(readFileSync(join(root, 'crates/sanitize/tests/data/mxss/cases.json'), 'utf8')).cases;
}

/// Every element of the HTML Standard's element index, plus the obsolete and non-conforming
/// elements its parser and Chromium still know.
export const ALL_HTML_ELEMENTS = `a abbr address area article aside audio b base bdi bdo blockquote
body br button canvas caption cite code col colgroup data datalist dd del details dfn dialog div
dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr
html i iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript
object ol optgroup option output p picture pre progress q rp rt ruby s samp script search section
select selectedcontent slot small source span strong style sub summary sup table tbody td
template textarea tfoot th thead time title tr track u ul var video wbr acronym applet basefont
bgsound big blink center dir font frame frameset image isindex keygen listing marquee menuitem
multicol nextid nobr noembed noframes param plaintext rb rtc spacer strike tt xmp`.split(/\s+/);

/// The configurations every input is sanitized under (all with `setHTML` semantics: safe).
/// A case's own `config` is run as well, under the name `case`.
export const CONFIGS = [
    ['default', undefined],
    ['{}', {}],
    ['removeElements:[]', { removeElements: [] }],
    ['elements:all-html', { elements: ALL_HTML_ELEMENTS }],
];
