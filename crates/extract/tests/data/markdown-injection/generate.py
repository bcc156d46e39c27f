#!/usr/bin/env python3
"""Writes cases.jsonl: hostile HTML documents whose Markdown must not render (in any CommonMark
renderer) to a link or image that runs script. Each line: {"name": ..., "html": ...}.
Run from this directory: python3 generate.py > cases.jsonl"""
import html
import json

# URL values as the DOM holds them (after the HTML parser decoded the attribute).
DOM_URLS = [
    ("js", "javascript:alert(1)"),
    ("js-case", "JaVaScRiPt:alert(1)"),
    ("js-upper", "JAVASCRIPT:alert(1)"),
    ("js-named-colon", "javascript&colon;alert(1)"),
    ("js-dec-colon", "javascript&#58;alert(1)"),
    ("js-dec-colon-zeros", "javascript&#0000058;alert(1)"),
    ("js-hex-colon", "javascript&#x3A;alert(1)"),
    ("js-hex-colon-lower", "javascript&#x3a;alert(1)"),
    ("js-hex-j", "&#x6A;avascript:alert(1)"),
    ("js-dec-j", "&#106;avascript:alert(1)"),
    ("js-all-dec", "".join("&#%d;" % ord(c) for c in "javascript:") + "alert(1)"),
    ("js-all-hex", "".join("&#x%X;" % ord(c) for c in "javascript:") + "alert(1)"),
    ("js-named-newline", "java&NewLine;script:alert(1)"),
    ("js-named-tab", "java&Tab;script:alert(1)"),
    ("js-dec-tab", "java&#9;script:alert(1)"),
    ("js-dec-lf", "java&#10;script:alert(1)"),
    ("js-dec-cr", "java&#13;script:alert(1)"),
    ("js-hex-tab", "java&#x09;script:alert(1)"),
    ("js-lead-space-ref", "&#x20;javascript:alert(1)"),
    ("js-lead-c0-ref", "&#1;javascript:alert(1)"),
    ("js-nosemi-ref", "&#106avascript&#58alert(1)"),
    ("js-amp-amp", "javascript&amp;colon;alert(1)"),
    ("js-upper-x", "&#X6A;avascript&#X3A;alert(1)"),
    ("js-nosemi-hex", "javascript&#x3Aalert(1)"),
    ("js-nosemi-named", "javascript&colonalert(1)"),
    ("js-lead-named-newline", "&NewLine;javascript:alert(1)"),
    ("js-lead-hex-lf", "&#x0A;&#x09;javascript:alert(1)"),
    ("js-nul-ref", "java&#0;script:alert(1)"),
    ("js-backslash-colon", "javascript\\:alert(1)"),
    ("js-backslash-amp", "javascript\\&colon;alert(1)"),
    ("js-backslash-in", "java\\script:alert(1)"),
    ("js-pct-colon", "javascript%3Aalert(1)"),
    ("js-pct-j", "%6Aavascript:alert(1)"),
    ("js-tab", "java\tscript:alert(1)"),
    ("js-lf", "java\nscript:alert(1)"),
    ("js-cr", "java\rscript:alert(1)"),
    ("js-lead-c0", "\x01javascript:alert(1)"),
    ("js-lead-c0s", "\x01\x02\x1f javascript:alert(1)"),
    ("js-lead-space", "   javascript:alert(1)"),
    ("js-lead-ff", "\x0cjavascript:alert(1)"),
    ("js-lead-nbsp", "\u00a0javascript:alert(1)"),
    ("js-lead-bom", "\ufeffjavascript:alert(1)"),
    ("js-lead-ls", "\u2028javascript:alert(1)"),
    ("js-lead-em-space", "\u2003javascript:alert(1)"),
    ("js-inner-c0", "java\x01script:alert(1)"),
    ("js-inner-nul", "java\x00script:alert(1)"),
    ("js-after-colon-lf", "javascript:\nalert(1)"),
    ("js-slashes", "javascript://%0aalert(1)"),
    ("js-bad-host", "javascript://[bad%0aalert(1)"),
    ("js-angle", "<javascript:alert(1)>"),
    ("js-angle-close", "x>javascript:alert(1)"),
    ("js-space-bracket", "a b>[c](javascript:alert(1))"),
    ("js-paren-breakout", "x)[y](javascript:alert(1)"),
    ("js-paren-breakout-2", "x) ![y](javascript:alert(1)"),
    ("js-backslash-breakout", "x\\)[y](javascript:alert(1)"),
    ("js-trailing-backslash", "x\\"),
    ("js-title-breakout", 'x "t")[y](javascript:alert(1)'),
    ("js-quote-attr", "x\" onmouseover=\"alert(1)"),
    ("js-squote-attr", "x' onmouseover='alert(1)"),
    ("js-pipe", "javascript:alert(1)|x"),
    ("js-pipe-breakout", "x|[y](javascript:alert(1)"),
    ("js-ref-breakout", "x\n[1]: javascript:alert(1)"),
    ("js-fullwidth-colon", "javascript\uff1aalert(1)"),
    ("js-long-s", "java\u017fcript:alert(1)"),
    ("vb", "vbscript:msgbox(1)"),
    ("vb-case", "VbScRiPt:msgbox(1)"),
    ("vb-ref", "vbscript&colon;msgbox(1)"),
    ("vb-hex", "&#x76;bscript:msgbox(1)"),
    ("vb-tab", "vb\tscript:msgbox(1)"),
    ("vb-lead-c0", "\x01vbscript:msgbox(1)"),
    ("vb-lead-nbsp", "\u00a0vbscript:msgbox(1)"),
    ("data-html", "data:text/html,<script>alert(1)</script>"),
    ("data-html-b64", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="),
    ("data-case", "DaTa:text/html,<script>alert(1)</script>"),
    ("data-ref", "data&colon;text/html,<script>alert(1)</script>"),
    ("data-hex", "&#x64;ata:text/html,<script>alert(1)</script>"),
    ("data-tab", "da\tta:text/html,<script>alert(1)</script>"),
    ("data-lead-c0", "\x01data:text/html,<script>alert(1)</script>"),
    ("data-xhtml", "data:application/xhtml+xml,<html xmlns='http://www.w3.org/1999/xhtml'><script>alert(1)</script></html>"),
    ("data-svg", "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
    ("data-empty", "data:,alert(1)"),
    ("data-png", "data:image/png;base64,iVBORw0KGgo="),
]

# Values as written in the HTML source (entities decoded by the HTML parser).
RAW_ATTRS = [
    ("src-named-colon", "javascript&colon;alert(1)"),
    ("src-hex", "&#x6A;avascript&#x3A;alert(1)"),
    ("src-newline", "java&NewLine;script&colon;alert(1)"),
    ("src-amp-colon", "javascript&amp;colon;alert(1)"),
    ("src-amp-hex", "&amp;#x6A;avascript&amp;#x3A;alert(1)"),
    ("src-amp-newline", "java&amp;NewLine;script:alert(1)"),
    ("src-amp-tab", "java&amp;Tab;script:alert(1)"),
    ("src-amp-dec-nosemi", "&amp;#106avascript&amp;#58alert(1)"),
    ("src-double-amp", "javascript&amp;amp;colon;alert(1)"),
]


def attr(v):
    return html.escape(v, quote=True)


cases = []


def add(name, doc):
    cases.append({"name": name, "html": doc})


urls = [(n, attr(v)) for n, v in DOM_URLS] + RAW_ATTRS
for name, a in urls:
    add("a/" + name, '<p>t <a href="%s">x</a> u' % a)
    add("img/" + name, '<p><img src="%s" alt="i">' % a)
for name, a in urls[:: 3]:
    add("a-title/" + name, '<a href="%s" title="t&quot;)[y](javascript:alert(1))">x</a>' % a)
    add("srcset/" + name, '<img srcset="%s 1x" alt=s>' % a)
    add("img-in-link/" + name, '<a href="%s"><img src="%s" alt=b></a>' % (a, a))
    add("table/" + name, '<table><tr><th>h<th>k<tr><td><a href="%s">x</a><td><img src="%s" alt=i></table>' % (a, a))
    add("list/" + name, '<ul><li><a href="%s">x</a><ol><li><img src="%s" alt=i></ol></ul>' % (a, a))
    add("heading/" + name, '<h2><a href="%s">x</a> #</h2>' % a)
    add("quote/" + name, '<blockquote><p><a href="%s">x</a><blockquote>y <img src="%s"></blockquote></blockquote>' % (a, a))
    add("code/" + name, '<p><code><a href="%s">x</a></code> <a href="%s"><code>y</code></a>' % (a, a))
    add("dl/" + name, '<dl><dt><a href="%s">x</a><dd><a href="%s">y</a></dl>' % (a, a))

# Text that looks like Markdown or HTML links.
TEXTS = [
    "[x](javascript:alert(1))",
    "![x](javascript:alert(1))",
    "[x](<javascript:alert(1)>)",
    "<javascript:alert(1)>",
    "<JAVASCRIPT:alert(1)>",
    "<vbscript:msgbox(1)>",
    "<data:text/html,<script>alert(1)</script>>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href=javascript:alert(1)>x</a>',
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "<svg onload=alert(1)>",
    "<!-- x --><img src=x onerror=alert(1)>",
    "[x][r]\n\n[r]: javascript:alert(1)",
    "[r]\n\n[r]: javascript:alert(1)",
    "[1]: javascript:alert(1)",
    "[x](javascript&colon;alert(1))",
    "[x](javascript&amp;colon;alert(1))",
    "[x](java&#x09;script:alert(1))",
    "\\[x\\](javascript:alert(1))",
    "`[x](javascript:alert(1))`",
    "``` \n<script>alert(1)</script>\n```",
    "www.example.org/javascript:alert(1)",
    "https://example.org/<script>",
    "javascript:alert(1)",
]
for i, t in enumerate(TEXTS):
    e = html.escape(t, quote=False)
    add("text/p/%d" % i, "<p>%s</p>" % e)
    add("text/pre/%d" % i, "<pre>%s</pre>" % e)
    add("text/link/%d" % i, '<a href="/ok">%s</a>' % e)
    add("text/cell/%d" % i, "<table><tr><td>%s<td><code>%s</code></table>" % (e, e))
    add("text/alt/%d" % i, '<img src="/ok.png" alt="%s">' % attr(t))
    add("text/li/%d" % i, "<ol><li>%s<li><p>%s</ol>" % (e, e))

# Documents: base URLs, nesting, and a mixture.
add("base/js", '<base href="javascript:alert(1)//"><a href="x">x</a><img src="y">')
add("base/data", '<base href="data:text/html,<script>alert(1)</script>"><a href="x">x</a>')
add("base/vb", '<base href="vbscript:x"><a href="?q">x</a>')
add("base/ok-then-js", '<base href="https://example.org/"><a href="javascript:alert(1)">x</a> <a href="&#x6A;avascript:alert(1)">y</a>')
add("base/ok-rel", '<base href="https://example.org/a/"><a href="java&amp;colon;script:x">x</a> <a href="%6Aavascript:x">y</a>')
add("nested/a-in-a", '<a href="/ok">x <b><a href="javascript:alert(1)">y</a></b></a>')
add("nested/code-breakout", '<a href="/ok"><code>](javascript:alert(1))</code></a>')
add("nested/code-breakout-2", '<a href="/ok">[<code>x](javascript:alert(1))</code></a>')
add("nested/bang", '<p>!<a href="javascript:alert(1)">x</a>!<a href="/ok">y</a>')
add("nested/em-link", '<em><a href="javascript&amp;colon;alert(1)">x</a></em><strong><a href="vbscript:x">y</a></strong>')
add("nested/deep", "<div>" * 40 + '<a href="javascript&amp;colon;alert(1)">x</a>' + "</div>" * 40)
add("nested/block-in-link", '<a href="javascript&amp;colon;alert(1)"><p>a</p><p>b</p></a>')
add("nested/svg-a", '<svg><a href="javascript:alert(1)"><text>x</text></a><a xlink:href="javascript:alert(1)">y</a></svg>')
add("nested/math-a", '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>')
add("nested/area", '<map><area href="javascript:alert(1)" alt=a></map>')
add("nested/many", "".join('<a href="%s">l%d</a> <img src="%s" alt=i%d> ' % (a, i, a, i) for i, (_, a) in enumerate(urls)))

if __name__ == "__main__":
    for c in cases:
        print(json.dumps(c, ensure_ascii=True))
