#!/usr/bin/env node
// Generates the sanitizer's mutation-XSS corpus: crates/sanitize/tests/data/mxss/cases.json.
//
//   node tests/browser/generate-mxss.mjs          # rewrite the file
//   node tests/browser/generate-mxss.mjs --check  # exit 1 when the committed file is stale
//
// Every case is an attacker's input. Its payloads call the global canary `__xss('<id>')` (the
// browser harness defines it in every frame) and its resource URLs are unique per case and
// position, `http://res.test/<id>/<n>`, so that a script run or a request in the browser names
// the case it came from. In a template, `$X` is the canary call and each `$U` a fresh URL.
//
// Fields of a case: `id`, `class` (the family of attack), `input`, `contexts` (fragment context
// elements to render in: an HTML local name, or `svg NAME` / `math NAME`), optional `config` (a
// SanitizerConfig the case is also run under, besides the harness's fixed configurations) and
// `note`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'crates/sanitize/tests/data/mxss/cases.json');

const cases = [];
const counters = new Map();
function add(cls, template, opts = {}) {
    const n = (counters.get(cls) ?? 0) + 1;
    counters.set(cls, n);
    const id = `${cls}-${String(n).padStart(3, '0')}`;
    let u = 0;
    const input = template
        .replaceAll('$X', `__xss('${id}')`)
        .replaceAll('$U', () => `http://res.test/${id}/${++u}`);
    const c = { id, class: cls, input, contexts: opts.contexts ?? ['div'] };
    if (opts.config) c.config = opts.config;
    if (opts.note) c.note = opts.note;
    cases.push(c);
}

// --- 1. The three reproducers of known bypasses, exactly as reported (they call alert()).
const ALL = { removeElements: [], removeAttributes: [], comments: true };
add('repro', '<div tabindex=1 autofocus onfocusin=alert(1)>x</div><p onpointerover=alert(2)>y</p>', {
    config: { elements: ['div', 'p'] },
    note: 'event handler outside the spec list, elements list without attributes list',
});
add('repro', '<head><noscript><style></noscript><img src=x onerror=alert(1)></style></noscript></head>', {
    config: ALL,
    note: 'document mode: noscript written out as parsed with scripting disabled',
});
add('repro', '<template><noscript></template><img src=x onerror=alert(1)></noscript></template>', {
    contexts: ['div', 'template'],
    config: ALL,
    note: 'template contents parsed with scripting enabled, browsers use scripting disabled',
});

// --- 2. Every on* name Chromium exposes (its IDL attributes on any interface, read from
// Chromium 156), plus content-attribute-only ones, each on the element it fires on most
// naturally, with autofocus/tabindex so focus events can fire without user action.
const HANDLERS = `onabort onactive onaddsourcebuffer onaddstream onaddtrack onafterprint
onanimationcancel onanimationend onanimationiteration onanimationstart onappinstalled onaudioend
onaudioprocess onaudiostart onauxclick onbeforecopy onbeforecut onbeforeinput
onbeforeinstallprompt onbeforematch onbeforepaste onbeforeprint onbeforetoggle onbeforeunload
onbeforexrselect onbegin onblocked onblur onboundary onbufferedamountlow oncancel oncanplay
oncanplaythrough oncapturehandlechange onchange oncharacterboundsupdate onclick onclose onclosing
oncommand oncomplete oncompositionend oncompositionstart onconnect onconnecting
onconnectionstatechange oncontentvisibilityautostatechange oncontextlost oncontextmenu
oncontextrestored oncopy oncuechange oncurrententrychange oncut ondataavailable ondatachannel
ondblclick ondisconnect ondispose ondrag ondragend ondragenter ondragleave ondragover
ondragstart ondrop ondurationchange onemptied onencrypted onend onended onenter
onenterpictureinpicture onerror onexit onfinish onfocus onformdata onfreeze onfullscreenchange
onfullscreenerror ongamepadconnected ongamepaddisconnected ongatheringstatechange
ongeometrychange ongotpointercapture onhashchange onicecandidate onicecandidateerror
oniceconnectionstatechange onicegatheringstatechange oninactive oninput oninvalid onkeydown
onkeypress onkeyup onlanguagechange onleavepictureinpicture onload onloadeddata
onloadedmetadata onloadend onloading onloadingdone onloadingerror onloadstart onlocation
onlostpointercapture onmark onmessage onmessageerror onmousedown onmouseenter onmouseleave
onmousemove onmouseout onmouseover onmouseup onmousewheel onmute onnavigate onnavigateerror
onnavigatesuccess onnegotiationneeded onnomatch onoffline ononline onopen onpagehide
onpagereveal onpageshow onpageswap onpaste onpause onplay onplaying onpointercancel
onpointerdown onpointerenter onpointerleave onpointerlockchange onpointerlockerror onpointermove
onpointerout onpointerover onpointerup onpopstate onprerenderingchange onprioritychange
onprocessorerror onprogress onpromptaction onpromptdismiss onratechange onreadystatechange
onrejectionhandled onremove onremovesourcebuffer onremovestream onremovetrack onrepeat onreset
onresize onresourcetimingbufferfull onresult onresume onscroll onscrollend onscrollsnapchange
onscrollsnapchanging onsearch onsecuritypolicyviolation onseeked onseeking onselect
onselectedcandidatepairchange onselectionchange onselectstart onshow onsignalingstatechange
onslotchange onsoundend onsoundstart onsourceclose onsourceended onsourceopen onspeechend
onspeechstart onstalled onstart onstatechange onstop onstorage onstream onsubmit onsuccess
onsuspend ontextformatupdate ontextupdate ontimeout ontimeupdate ontoggle ontonechange ontrack
ontransitioncancel ontransitionend ontransitionrun ontransitionstart onunhandledrejection
onunload onunmute onupdate onupdateend onupdatestart onupgradeneeded onvalidationstatuschange
onversionchange onvisibilitychange onvoiceschanged onvolumechange onwaiting onwaitingforkey
onwebkitanimationend onwebkitanimationiteration onwebkitanimationstart
onwebkitfullscreenchange onwebkitfullscreenerror onwebkittransitionend onwheel
onfocusin onfocusout ondomfocusin ondomactivate onsvgload onzoom onactivate`.split(/\s+/);
const SVG_TIMING = new Set(['onbegin', 'onend', 'onrepeat']);
const MARQUEE = new Set(['onstart', 'onbounce', 'onfinish']);
for (const h of HANDLERS) {
    if (SVG_TIMING.has(h)) {
        add('handler', `<svg><animate ${h}=$X attributeName=x dur=0.01s repeatCount=2></animate></svg>`, {
            config: { elements: ['div', 'svg', 'animate', 'set'] },
        });
    } else if (MARQUEE.has(h)) {
        add('handler', `<marquee ${h}=$X loop=2 scrollamount=999>x</marquee>`, {
            config: { elements: ['div', 'marquee'] },
        });
    } else {
        add('handler', `<div tabindex=1 autofocus ${h}=$X style=animation:x>x</div>`, {
            config: { elements: ['div', 'p'] },
        });
    }
}
for (const h of ['onbounce', 'onfinish']) {
    add('handler', `<marquee ${h}=$X loop=1 scrollamount=999>x</marquee>`, { config: { elements: ['marquee'] } });
}
// Case and namespace spellings of handler names, and handlers on foreign elements.
for (const t of [
    '<div OnClIcK=$X>x</div>',
    '<div ONFOCUSIN=$X tabindex=1 autofocus>x</div>',
    '<svg onload=$X></svg>',
    '<svg><g onclick=$X></g></svg>',
    '<math onclick=$X><mi>x</mi></math>',
    '<math><mi xlink:href=javascript:$X onclick=$X>x</mi></math>',
    '<svg><a xlink:onclick=$X><text>x</text></a></svg>',
    '<details open ontoggle=$X><summary>x</summary></details>',
    '<video onloadstart=$X src=$U></video>',
    '<audio src=$U onerror=$X></audio>',
    '<input onfocus=$X autofocus>',
    '<body onload=$X>',
    '<body onpageshow=$X>',
    '<frameset onload=$X>',
    '<img src=$U onerror=$X>',
    '<div popover id=p onbeforetoggle=$X>x</div>',
    '<dialog open onclose=$X>x</dialog>',
    '<svg><set onbegin=$X attributeName=x to=1 dur=0.01s></set></svg>',
    '<svg><animatetransform onbegin=$X attributeName=transform dur=0.01s></animatetransform></svg>',
    '<svg><discard onbegin=$X></discard></svg>',
    '<svg><foreignObject><div onmouseover=$X>x</div></foreignObject></svg>',
    '<div style="transition:all 0.01s" ontransitionrun=$X>x</div>',
    '<form onformdata=$X onsubmit=$X><button>x</button></form>',
    '<div contenteditable onbeforeinput=$X oninput=$X>x</div>',
    '<div onscrollend=$X style="overflow:auto;height:1px">x<br>x</div>',
    '<div hidden=until-found onbeforematch=$X>x</div>',
    '<button command=show-popover commandfor=p oncommand=$X>x</button><div popover id=p>y</div>',
    '<input type=search onsearch=$X>',
    '<div ontouchstart=$X ontouchend=$X ontouchmove=$X>x</div>',
    '<div oncontentvisibilityautostatechange=$X style=content-visibility:auto>x</div>',
]) {
    add('handler', t, { config: { elements: ['div', 'p', 'svg', 'math', 'mi', 'g', 'a', 'body'] } });
}

// --- 3. Raw text and RCDATA elements in every namespace/insertion-mode wrapper: the
// sanitizer must see the same element boundaries as the browser.
const RAW = ['style', 'xmp', 'noembed', 'noframes', 'iframe', 'noscript', 'textarea', 'title', 'plaintext', 'script'];
const WRAP = [
    ['', ''],
    ['<svg>', '</svg>'],
    ['<math>', '</math>'],
    ['<svg><foreignObject>', '</foreignObject></svg>'],
    ['<math><mtext>', '</mtext></math>'],
    ['<math><mi><mglyph>', '</mglyph></mi></math>'],
    ['<math><mtext><table><mglyph>', '</mglyph></table></mtext></math>'],
    ['<math><annotation-xml encoding="text/html">', '</annotation-xml></math>'],
    ['<math><annotation-xml>', '</annotation-xml></math>'],
    ['<svg><desc>', '</desc></svg>'],
    ['<svg><title>', '</title></svg>'],
    ['<table>', '</table>'],
    ['<select>', '</select>'],
    ['<template>', '</template>'],
    ['<noscript>', '</noscript>'],
];
for (const r of RAW) {
    for (const [open, close] of WRAP) {
        add('rawtext', `${open}<${r}><img src=$U onerror=$X></${r}>${close}`, {
            contexts: open === '<template>' || r === 'noscript' ? ['div', 'template'] : ['div'],
        });
        add('rawtext', `${open}<${r}><a title="</${r}><img src=$U onerror=$X>"></a></${r}>${close}`, {
            contexts: open === '<template>' || r === 'noscript' ? ['div', 'template'] : ['div'],
        });
    }
    add('rawtext', `<${r}><!--</${r}><img src=$U onerror=$X>--></${r}>`);
    add('rawtext', `<p title="</${r}><img src=$U onerror=$X>">x</p>`);
    add('rawtext', `<${r}></${r} x><img src=$U onerror=$X></${r}>`);
    add('rawtext', `<noscript><${r}></noscript><img src=$U onerror=$X></${r}></noscript>`, {
        contexts: ['div', 'template'],
    });
}

// --- 4. Published mutation-XSS vectors (DOMPurify, Google Search, Mozilla bleach, ...) and
// variations of them.
for (const t of [
    '<svg></p><style><a id="</style><img src=$U onerror=$X>">',
    '<svg><p><style><a id="</style><img src=$U onerror=$X>">',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=$X&gt;">',
    '<form><math><mtext></form><form><mglyph><style></math><img src=$U onerror=$X>',
    '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src=$U onerror=$X>"></style></h1>',
    '<noscript><p title="</noscript><img src=$U onerror=$X>">',
    '<svg><style><img src=$U onerror=$X></style></svg>',
    '<math><style><img src=$U onerror=$X></style></math>',
    '<svg><![CDATA[</svg><img src=$U onerror=$X>]]></svg>',
    '<math><![CDATA[</math><img src=$U onerror=$X>]]>',
    '<svg><foreignObject><![CDATA[</foreignObject><img src=$U onerror=$X>]]></foreignObject></svg>',
    '<!--><img src=$U onerror=$X>-->',
    '<!---><img src=$U onerror=$X>-->',
    '<!-- --!><img src=$U onerror=$X>-->',
    '<!--<!--><img src=$U onerror=$X>-->',
    '<!--!><img src=$U onerror=$X>-->',
    '<!-- -- ><img src=$U onerror=$X>-->',
    '<? ><img src=$U onerror=$X> ?>',
    '<!x><img src=$U onerror=$X>',
    '</x <img src=$U onerror=$X>>',
    '<svg><!--</svg><img src=$U onerror=$X>--></svg>',
    '<math><mi><!--</mi></math><img src=$U onerror=$X>--></mi></math>',
    '<div title="<!--"><img src=$U onerror=$X>-->',
    '<svg><desc><svg><style><img src=$U onerror=$X>',
    '<math><mi><svg><style><img src=$U onerror=$X>',
    '<svg><foreignObject><math><mi><style><img src=$U onerror=$X>',
    '<math><annotation-xml encoding="text/html"><svg><style><img src=$U onerror=$X>',
    '<math><annotation-xml encoding="application/xhtml+xml"><style><img src=$U onerror=$X>',
    '<math><annotation-xml encoding="TEXT/HTML"><style><img src=$U onerror=$X>',
    '<math><mglyph><style><img src=$U onerror=$X>',
    '<math><malignmark><style><img src=$U onerror=$X>',
    '<math><mtext><mglyph><style><img src=$U onerror=$X>',
    '<math><mtext><malignmark><style><img src=$U onerror=$X>',
    '<math><mi><malignmark><style></math><img src=$U onerror=$X>',
    '<svg><title><style><img src=$U onerror=$X>',
    '<svg><font color=red><style><img src=$U onerror=$X>',
    '<svg><font face=x></svg><img src=$U onerror=$X>',
    '<svg><p><img src=$U onerror=$X>',
    '<svg><b><style><img src=$U onerror=$X>',
    '<math><br><style><img src=$U onerror=$X>',
    '<svg></svg ><style><img src=$U onerror=$X>',
    '<svg><a><foreignObject><a><table><a></table><style><img src=$U onerror=$X></style></a>',
    '<a><svg><a></a></svg><style><img src=$U onerror=$X></style>',
    '<table><svg><style><img src=$U onerror=$X>',
    '<table><math><mi><style><img src=$U onerror=$X>',
    '<table><td><svg><foreignObject><style><img src=$U onerror=$X>',
    '<select><svg><style><img src=$U onerror=$X>',
    '<select><math><style><img src=$U onerror=$X>',
    '<select><style><img src=$U onerror=$X></style></select>',
    '<select><template><style><img src=$U onerror=$X></style></template></select>',
    '<select><textarea><img src=$U onerror=$X></textarea></select>',
    '<select><keygen><style><img src=$U onerror=$X>',
    '<select><option><style></option><img src=$U onerror=$X></style>',
    '<select><div><style><img src=$U onerror=$X></style></div></select>',
    '<select><button><img src=$U onerror=$X></button></select>',
    '<option><style></option></select><img src=$U onerror=$X></style>',
    '<plaintext></plaintext><img src=$U onerror=$X>',
    '<textarea><img src=$U onerror=$X></textarea>',
    '<title><img src=$U onerror=$X></title>',
    '<xmp><img src=$U onerror=$X></xmp>',
    '<iframe><img src=$U onerror=$X></iframe>',
    '<noembed><img src=$U onerror=$X></noembed>',
    '<noframes><img src=$U onerror=$X></noframes>',
    '<style><style/><img src=$U onerror=$X></style>',
    '<style></style/><img src=$U onerror=$X>',
    '<style></STYLE ><img src=$U onerror=$X>',
    '<style></style\t><img src=$U onerror=$X>',
    '<style></stylex><img src=$U onerror=$X></style>',
    '<script></script ><img src=$U onerror=$X>',
    '<script><!--<script></script><img src=$U onerror=$X>--></script>',
    '<script><!--<script>--></script><img src=$U onerror=$X></script>',
    '<title></title/><img src=$U onerror=$X>',
    '<a title="a&#x22;><img src=$U onerror=$X>">x</a>',
    '<a title=\'"><img src=$U onerror=$X>\'>x</a>',
    '<a title=`x`><img src=$U onerror=$X>`>x</a>',
    '<div id="x\u0000"><img src=$U onerror=$X>',
    '<img src=$U onerror=$X//',
    '<img/src=$U/onerror=$X>',
    '<img src=$U\nonerror=$X>',
    '<img src=$U onerror\u000c=$X>',
    '<img """><img src=$U onerror=$X>">',
    '<img src="$U"onerror=$X>',
    '<div/onmouseover=$X>x</div>',
    '<image src=$U onerror=$X>',
    '<isindex action=javascript:$X type=image>',
    '<keygen autofocus onfocus=$X>',
    '<listing><img src=$U onerror=$X></listing>',
    '<a href="javas&#99;ript:$X">x</a>',
    '<form><button formaction=javascript:$X>x</button></form>',
    '<form id=f></form><button form=f formaction=javascript:$X>x</button>',
    '<form><form action=javascript:$X><input type=submit></form></form>',
    '<form><div></form><form action=javascript:$X><input type=submit>',
    '<form action=javascript:$X><table><input type=submit></table></form>',
    '<a href=$U><a href=javascript:$X>x</a></a>',
    '<a href=javascript:$X><b><a>x</a></b></a>',
    '<a><table><a href=javascript:$X>x</a></table></a>',
    '<b><a href=javascript:$X><div></b>x</div>',
    '<p><svg><a href=javascript:$X><text>x</text></a></svg></p>',
    '<svg><a xlink:href=javascript:$X><text>x</text></a></svg>',
    '<svg><a href=" javascript:$X"><text>x</text></a></svg>',
    '<math href=javascript:$X><mi>x</mi></math>',
    '<math><mtext href=javascript:$X>x</mtext></math>',
    '<math><maction actiontype=statusline xlink:href=javascript:$X>x</maction></math>',
    '<svg><animate attributeName=href values=javascript:$X /><a><text>x</text></a></svg>',
    '<svg><a><animate attributeName=href values=javascript:$X /><text>x</text></a></svg>',
    '<svg><a><set attributeName=href to=javascript:$X /><text>x</text></a></svg>',
    '<svg><a><set attributeName=xlink:href to=javascript:$X /><text>x</text></a></svg>',
    '<svg><a><animate attributeName=HREF values=javascript:$X /><text>x</text></a></svg>',
    '<svg><a><animate attributeName=" href" values=javascript:$X /><text>x</text></a></svg>',
    '<svg><a><animate attributename=xlink:href from=javascript:$X to=javascript:$X /><text>x</text></a></svg>',
    '<svg><a id=a><text>x</text></a><set href=#a attributeName=href to=javascript:$X /></svg>',
    '<svg><a><animateMotion attributeName=href values=javascript:$X /><text>x</text></a></svg>',
    '<svg><use href="data:image/svg+xml,&lt;svg id=x xmlns=http://www.w3.org/2000/svg>&lt;image href=1 onerror=$X />&lt;/svg>#x"></use></svg>',
    '<svg><image href=$U onerror=$X></image></svg>',
    '<svg><feImage href=$U></feImage></svg>',
    '<svg><script href=data:,$X></script></svg>',
    '<svg><script>$X</script></svg>',
    '<svg><script xlink:href=$U></script></svg>',
    '<svg><handler type=text/javascript>$X</handler></svg>',
    '<svg><iframe src=javascript:$X></iframe></svg>',
    '<svg><foreignObject><iframe src=javascript:$X></iframe></foreignObject></svg>',
    '<template><script>$X</script></template>',
    '<template><img src=$U onerror=$X></template>',
    '<template><template><img src=$U onerror=$X></template></template>',
    '<template><style></template><img src=$U onerror=$X></style></template>',
    '<template><textarea></template><img src=$U onerror=$X></textarea>',
    '<template><svg><style></template><img src=$U onerror=$X>',
    '<template><table><style></template><img src=$U onerror=$X>',
    '<div><template shadowrootmode=open><img src=$U onerror=$X></template></div>',
    '<div><template shadowrootmode=open><style>@import "$U";</style><slot></slot></template>x</div>',
    '<template shadowrootmode=closed><script>$X</script></template>',
    '<table><tr><td><template><img src=$U onerror=$X></template></td></tr></table>',
    '<table><img src=$U onerror=$X></table>',
    '<table><style><img src=$U onerror=$X></style></table>',
    '<table><caption><style></caption><img src=$U onerror=$X>',
    '<table><td><style></td><img src=$U onerror=$X>',
    '<table><form><input onfocus=$X autofocus></form></table>',
    '<table><a href=javascript:$X>x</a></table>',
    '<table><textarea></table><img src=$U onerror=$X></textarea>',
    '<table><tr><svg><desc><style><img src=$U onerror=$X>',
    '<table><colgroup><style><img src=$U onerror=$X>',
    '<table><template><style></template></table><img src=$U onerror=$X>',
    '<frameset><noframes><img src=$U onerror=$X></noframes></frameset>',
    '<noframes></noframes><img src=$U onerror=$X>',
    '<noembed><noembed></noembed><img src=$U onerror=$X></noembed>',
    '<iframe srcdoc="&lt;script&gt;$X&lt;/script&gt;"></iframe>',
    '<iframe srcdoc="<img src=$U onerror=$X>"></iframe>',
    '<iframe src=javascript:$X></iframe>',
    '<iframe src="data:text/html,<script>$X</script>"></iframe>',
    '<frame src=javascript:$X>',
    '<object data=javascript:$X></object>',
    '<object data="data:text/html,<script>$X</script>"></object>',
    '<object data=$U type=image/png></object>',
    '<object><param name=src value=javascript:$X></object>',
    '<embed src=javascript:$X>',
    '<embed src=$U type=image/png>',
    '<applet code=$U></applet>',
    '<base href=javascript:$X//><a href=x>x</a>',
    '<base href=$U><img src=x>',
    '<meta http-equiv=refresh content="0;url=javascript:$X">',
    '<meta http-equiv=refresh content="0;url=$U">',
    '<meta http-equiv=refresh content="0; url=data:text/html,<script>$X</script>">',
    '<meta http-equiv=set-cookie content="a=b">',
    '<meta charset=utf-7>+ADw-img src=$U onerror=$X+AD4-',
    '<link rel=import href=$U>',
    '<link rel=stylesheet href=$U>',
    '<link rel=preload href=$U as=image>',
    '<link rel=prefetch href=$U>',
    '<link rel=modulepreload href=$U>',
    '<link rel=icon href=$U>',
    '<link rel=stylesheet href="data:text/css,*{background:url($U)}">',
    '<img srcset="$U 1x, $U 2x">',
    '<picture><source srcset=$U><img></picture>',
    '<video poster=$U></video>',
    '<video><source src=$U onerror=$X></video>',
    '<video><track src=$U default></video>',
    '<input type=image src=$U onerror=$X>',
    '<table background=$U><td background=$U>x</td></table>',
    '<body background=$U>',
    '<div style="background:url($U)">x</div>',
    '<div style="background-image:url(\'$U\')">x</div>',
    '<div style="width:expression($X)">x</div>',
    '<div style="behavior:url($U)">x</div>',
    '<div style="-moz-binding:url($U)">x</div>',
    '<div style="background:\\75\\72\\6c($U)">x</div>',
    '<div style="list-style:url($U)"><li>x</li></div>',
    '<style>@import "$U";</style>',
    '<style>div{background:url($U)}</style><div>x</div>',
    '<style>@font-face{font-family:x;src:url($U)}div{font-family:x}</style><div>x</div>',
    '<style>*{cursor:url($U),auto}</style>',
    '<svg><style>@import "$U";</style></svg>',
    '<svg><style><![CDATA[</style><img src=$U onerror=$X>]]></style></svg>',
    '<a href=$U ping=$U>x</a>',
    '<area href=javascript:$X shape=default>',
    '<map><area href=javascript:$X shape=default></map>',
    '<a href=vbscript:$X>x</a>',
    '<a href="data:text/html,<script>$X</script>">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;$X">x</a>',
    '<a href="&#x6A;avascript&colon;$X">x</a>',
    '<a href="jav&#x09;ascript:$X">x</a>',
    '<a href="jav&#x0A;ascript:$X">x</a>',
    '<a href="&#x20;&#x0B;javascript:$X">x</a>',
    '<a href="\u0001javascript:$X">x</a>',
    '<a href=" JAVASCRIPT:$X">x</a>',
    '<a href="javascript&NewLine;:$X">x</a>',
    '<a href="javascript\\u003a$X">x</a>',
    '<a href="java%0ascript:$X">x</a>',
    '<a href="javascript://%0a$X">x</a>',
    '<a xlink:href=javascript:$X>x</a>',
    '<form action=javascript:$X><input type=submit></form>',
    '<form><input type=submit formaction=javascript:$X></form>',
    '<form><input type=image formaction=javascript:$X src=$U></form>',
    '<button form=x formaction=javascript:$X>x</button><form id=x></form>',
    '<form action=$U method=post><button>x</button></form>',
    '<a href=javascript:$X target=_blank>x</a>',
    '<details open><summary>x</summary><img src=$U onerror=$X></details>',
    '<marquee><img src=$U onerror=$X></marquee>',
    '<portal src=$U></portal>',
    '<fencedframe src=$U></fencedframe>',
    '<search><img src=$U onerror=$X></search>',
    '<div is=x-y><img src=$U onerror=$X></div>',
    '<x-y onclick=$X>x</x-y>',
    '<selectedcontent><img src=$U onerror=$X></selectedcontent>',
    '<select><button><selectedcontent></selectedcontent></button><option><img src=$U onerror=$X>x</option></select>',
    '<select><option><svg><style><img src=$U onerror=$X>',
    '<select><optgroup><style></optgroup><img src=$U onerror=$X>',
    '<select><input><img src=$U onerror=$X>',
    '<select><hr><style><img src=$U onerror=$X>',
    '<math><mi><select><style></mi><img src=$U onerror=$X>',
    '<svg><foreignObject><select><style></foreignObject><img src=$U onerror=$X>',
    '<form><select><form><style></select><img src=$U onerror=$X>',
    '<ruby><rt><style></rt><img src=$U onerror=$X>',
    '<p><table><style></p><img src=$U onerror=$X>',
    '<li><ul><style></li><img src=$U onerror=$X>',
    '<dl><dt><style></dt><img src=$U onerror=$X>',
    '<h1><h2><style></h1><img src=$U onerror=$X>',
    '<button><button><style></button><img src=$U onerror=$X>',
    '<nobr><nobr><style></nobr><img src=$U onerror=$X>',
    '<a><p><a><style></a><img src=$U onerror=$X>',
    '<b><i><u><s><div></b><style></div><img src=$U onerror=$X>',
    '<b><table><b><style></b><img src=$U onerror=$X>',
    '<svg><tbody><style><img src=$U onerror=$X>',
    '<svg><clippath><foreignobject><style><img src=$U onerror=$X>',
    '<svg><foreignobject><p><svg><style><img src=$U onerror=$X>',
    '<svg><desc><p><svg><desc><style><img src=$U onerror=$X>',
    '<math><mi><mo><ms><mn><mtext><style><img src=$U onerror=$X>',
    '<math><semantics><annotation-xml encoding=text/html><style><img src=$U onerror=$X>',
    '<math><semantics><annotation-xml encoding=text/html><mi><style><img src=$U onerror=$X>',
    '<math><semantics><annotation><style><img src=$U onerror=$X>',
    '<svg><svg><desc><math><mi><style><img src=$U onerror=$X>',
    '<svg xmlns=http://www.w3.org/1999/xhtml><style><img src=$U onerror=$X>',
    '<math xmlns=http://www.w3.org/1999/xhtml><style><img src=$U onerror=$X>',
    '<svg><style xmlns=http://www.w3.org/1999/xhtml><img src=$U onerror=$X>',
    '<div xmlns:xlink=x xlink:href=javascript:$X>x</div>',
    '<svg><a xmlns:xlink=http://www.w3.org/1999/xlink xlink:href=javascript:$X><text>x</text></a></svg>',
]) {
    add('vector', t, { contexts: t.includes('<template') || t.includes('noscript') ? ['div', 'template'] : ['div'] });
}

// --- 5. Attribute values holding closing tags of raw text elements, in every element the
// sanitizer keeps by default and some it keeps under permissive configurations.
for (const el of ['p', 'a', 'div', 'span', 'b', 'td', 'abbr', 'svg', 'math', 'img', 'input', 'option']) {
    for (const r of ['noscript', 'style', 'title', 'textarea', 'xmp', 'noembed', 'noframes', 'iframe', 'template', 'script']) {
        const tag = el === 'svg' || el === 'math' ? `${el} id` : `${el} title`;
        add('attrclose', `<${tag}="</${r}><img src=$U onerror=$X>">x</${el}>`);
    }
}

// --- 6. Contexts: the same payloads set as children of other context elements.
for (const ctx of ['td', 'table', 'template', 'select', 'svg svg', 'math math', 'title', 'textarea', 'style', 'noscript', 'svg foreignObject', 'math mtext']) {
    for (const t of [
        '<img src=$U onerror=$X>',
        '<style><img src=$U onerror=$X></style>',
        '</td></table><img src=$U onerror=$X>',
        '<svg><style></svg><img src=$U onerror=$X>',
        '<noscript></noscript><img src=$U onerror=$X>',
        '</' + ctx.split(' ').pop() + '><img src=$U onerror=$X>',
    ]) {
        add('context', t, { contexts: [ctx] });
    }
}

const json = JSON.stringify({ note: 'Generated by tests/browser/generate-mxss.mjs; do not edit.', cases }, null, 1) + '\n';
if (process.argv.includes('--check')) {
    let old = '';
    try { old = readFileSync(OUT, 'utf8'); } catch { /* missing */ }
    if (old !== json) {
        console.error(`${OUT} is stale: run node tests/browser/generate-mxss.mjs`);
        process.exit(1);
    }
} else {
    writeFileSync(OUT, json);
    console.log(`${cases.length} cases -> ${OUT}`);
}
