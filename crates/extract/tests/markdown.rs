//! Markdown conversion: the rules of `docs/markdown.md`, one case each.

use websyntax_extract::{LinkStyle, MarkdownOptions, to_markdown};
use websyntax_html::{ParseOptions, parse_document};
use websyntax_url::Url;

fn md(html: &str) -> String {
    md_with(html, &MarkdownOptions::default())
}

fn md_with(html: &str, o: &MarkdownOptions) -> String {
    let doc = parse_document(html, ParseOptions::default());
    to_markdown(&doc, None, o)
}

#[test]
fn headings_paragraphs_inline() {
    assert_eq!(
        md("<h1>Title #</h1><h3>C#</h3>"),
        "# Title \\#\n\n### C\\#\n"
    );
    assert_eq!(
        md("<p>Some <em> text </em>here <b>bold <i>it</i></b> <del>x</del>"),
        "Some *text* here **bold *it*** ~~x~~\n"
    );
    assert_eq!(md("<p><em><em>x</em></em>"), "*x*\n");
    assert_eq!(md("<p>a<br>b<br></p>"), "a\\\nb\n");
    assert_eq!(md("<p>  a \n b  </p><div>c</div>"), "a b\n\nc\n");
}

#[test]
fn escaping() {
    assert_eq!(
        md("<p>1. no<br># no<br>- no<br>> no"),
        "1\\. no\\\n\\# no\\\n\\- no\\\n\\> no\n"
    );
    assert_eq!(
        md("<p>a_b _c_ *d* `e` [f] &amp;amp; a|b ~x~"),
        "a_b \\_c\\_ \\*d\\* \\`e\\` \\[f\\] \\&amp; a\\|b \\~x\\~\n"
    );
    assert_eq!(md("<p>Hey!<a href=/x>x</a>"), "Hey\\![x](/x)\n");
    // `**` between `1` and `.` cannot open (the renderer showed `1**.** x`): left out, and
    // the `.` after the line's digits is escaped.
    assert_eq!(md("<p>1<b>.</b> x"), "1\\. x\n");
    assert_eq!(md("<p>12<span>.</span> x"), "12\\. x\n");
    assert_eq!(md("<p>#tag -5 1.5"), "#tag -5 1.5\n");
}

#[test]
fn code() {
    assert_eq!(
        md("<p><code>x ` y</code> <code> z</code>"),
        "``x ` y`` `z`\n"
    );
    assert_eq!(
        md("<pre class=language-rust><code>fn x() {\n  ```\n}</code></pre>"),
        "````rust\nfn x() {\n  ```\n}\n````\n"
    );
    assert_eq!(
        md("<pre><code class=lang-py>a\n\nb\n</code></pre>"),
        "```py\na\n\nb\n```\n"
    );
    assert_eq!(
        md("<p><code>see <a href=/d>docs</a> now</code>"),
        "`see` [`docs`](/d) `now`\n"
    );
}

#[test]
fn lists() {
    assert_eq!(
        md("<ul><li>one<li>two<ul><li>n1<li>n2</ul><li><p>p1<p>p2</ul>"),
        "- one\n- two\n  - n1\n  - n2\n- p1\n\n  p2\n"
    );
    assert_eq!(
        md("<ol start=3><li>a<li value=9>b<li>c</ol><ol><li>d</ol>"),
        "3. a\n9. b\n10. c\n\n1) d\n"
    );
    assert_eq!(md("<ul><li>a</ul><ul><li>b</ul>"), "- a\n\n* b\n");
    assert_eq!(md("<ul><li><ul><li>x</ul></ul>"), "- - x\n");
    assert_eq!(md("<ul><li>a</ul><p>b"), "- a\n\nb\n");
}

#[test]
fn quotes_rules_definitions_figures() {
    assert_eq!(
        md("<blockquote><p>q1<p>q2<blockquote>in</blockquote></blockquote><p>after"),
        "> q1\n>\n> q2\n>\n> > in\n\nafter\n"
    );
    assert_eq!(md("<p>a<hr>b"), "a\n\n---\n\nb\n");
    assert_eq!(md("<dl><dt>Term<dd>Def</dl>"), "**Term**\n\nDef\n");
    assert_eq!(
        md("<figure><img src=a.png alt='An [image]'><figcaption>Cap</figcaption></figure>"),
        "![An \\[image\\]](a.png)\n\nCap\n"
    );
}

#[test]
fn tables() {
    assert_eq!(
        md(
            "<table><caption>Cap</caption><tr><th>h1<th colspan=2>h2<tr><td>a|b<td><code>c|d</code>\
            <td><table><tr><td>n1<td>n2</table></table>"
        ),
        "Cap\n\n| h1 | h2 | |\n| --- | --- | --- |\n| a\\|b | `c\\|d` | n1 n2 |\n"
    );
    assert_eq!(md("<table><tr><td>a<br>b</table>"), "| a b |\n| --- |\n");
    assert_eq!(md("<table></table>"), "");
}

#[test]
fn skipped_content() {
    assert_eq!(
        md(
            "<head><title>T</title></head><p>x<script>bad</script><style>s</style>\
            <span hidden>h</span><template>t</template><noscript>n</noscript>y"
        ),
        "xy\n"
    );
}

#[test]
fn links_and_images() {
    let base = Url::parse("https://example.org/a/b.html", None).unwrap();
    let o = MarkdownOptions {
        base_url: Some(base.clone()),
        ..MarkdownOptions::default()
    };
    assert_eq!(
        md_with(
            "<a href=c(1).html>c</a> <img src=i.png alt=i> <a href=javascript:x()>js</a>",
            &o
        ),
        "[c](https://example.org/a/c\\(1\\).html) ![i](https://example.org/a/i.png) js\n"
    );
    assert_eq!(
        md_with(
            "<base href=/d/><a href=x>x</a><a href=/y><img src=z></a>",
            &o
        ),
        "[x](https://example.org/d/x)[![](https://example.org/d/z)](https://example.org/y)\n"
    );
    let no_img = MarkdownOptions {
        images: false,
        ..o.clone()
    };
    assert_eq!(
        md_with("<p>a <a href=/y><img src=z></a> b", &no_img),
        "a b\n"
    );
    let refs = MarkdownOptions {
        link_style: LinkStyle::Referenced,
        ..o
    };
    assert_eq!(
        md_with(
            "<a href=/x>one</a> <a href=/y>two</a> <a href=/x>three</a>",
            &refs
        ),
        "[one][1] [two][2] [three][1]\n\n[1]: https://example.org/x\n[2]: https://example.org/y\n"
    );
    // A link that never shows (no text) takes no number.
    assert_eq!(
        md_with("<a href=/e></a><a href=/y>two</a>", &refs),
        "[two][1]\n\n[1]: https://example.org/y\n"
    );
    // The query is encoded in the document's encoding.
    let w = MarkdownOptions {
        encoding: websyntax_encoding::Encoding::WINDOWS_1252,
        ..MarkdownOptions::default()
    };
    assert_eq!(
        md_with("<a href='http://h/?q=é'>q</a>", &w),
        "[q](http://h/?q=%E9)\n"
    );
}

#[test]
fn subtree() {
    let doc = parse_document("<p>a</p><div id=x><p>b</p></div>", ParseOptions::default());
    let x = doc.find(|n| doc.attribute(n, "id") == Some("x")).unwrap();
    assert_eq!(
        to_markdown(&doc, Some(x), &MarkdownOptions::default()),
        "b\n"
    );
}
