"""Runs a sample of inputs through real nh3 and websyntax.nh3 and prints where they differ.

    pip install nh3 && python crates/python/tests/nh3/compare_with_nh3.py

Not a test (real nh3 is not a test dependency); docs/sanitize.md ("websyntax.nh3") records
the result and the reason for each difference.
"""

import nh3 as real

import websyntax.nh3 as ours

SAMPLES = [
    ("<b><img src='' onerror='alert(1)'>XSS?</b>", {}),
    ("<unknown>hi</unknown><my-el>c</my-el>", {}),
    ("<details><summary>s</summary>t</details><font color=red>f</font>", {}),
    ("<form><input value=v><textarea>t</textarea><select><option>o</select></form>", {}),
    ('<a href="data:text/html,x">d</a><a href="vbscript:x">v</a><a href="javascript:x">j</a>', {}),
    ('<a href="https://e.example/" title=t>l</a><a href=/rel>r</a>', {}),
    ("<table><td>x", {}),
    ("<table><tr><td>x</td></tr></table>", {"tags": {"table", "tr", "td"}}),
    ("<p>a<!--c--></p>", {"strip_comments": False}),
    ("<svg><a href='javascript:x'>l</a></svg>", {"tags": {"svg", "a"}}),
    ("<svg><iframe><a title='</iframe><img src onerror=alert(1)>'>t</a></iframe></svg>", {"tags": {"iframe", "a"}}),
    ("<script>alert(1)</script><style>p{}</style>x", {}),
    ("<noscript><p>n</p></noscript>", {}),
    ("<p>a<p>b", {}),
    ("<b>unclosed <i>nested", {}),
    ("<span style='color: red; position: fixed'>s</span>", {"attributes": {"span": {"style"}}, "filter_style_properties": {"color"}}),
    ("<span style='color:RED ;  background : url(x) '>s</span>", {"attributes": {"span": {"style"}}, "filter_style_properties": {"color", "background"}}),
    ("<a href=' https://e.example/'>s</a>", {}),
    ("<a href='HTTPS://E.EXAMPLE/'>s</a>", {}),
    ("<a href='https://[::1'>bad</a>", {}),
    ("<img src='//cdn.example/x.png'>", {"url_relative": ("rewrite_with_base", "https://e.example/")}),
    ("<template><b>t</b></template>", {"tags": {"template", "b"}}),
    ("<math><mi>x</mi></math>", {"tags": {"math", "mi"}}),
    ("a < b & c > d", {}),
    ("<p title='a\"b'>q</p>", {}),
    ("<br/><hr><wbr>", {}),
    ("<a href=x>x</a>", {"set_tag_attribute_values": {"a": {"onclick": "alert(1)"}}}),
    ("<a href=x>x</a>", {"attribute_filter": lambda e, a, v: "javascript:alert(1)" if a == "href" else v}),
    ("<img src=a.png>", {"url_schemes": {"javascript"}, "url_relative": lambda u: "javascript:alert(1)"}),
]


def main():
    same = 0
    for html, kwargs in SAMPLES:
        a, b = real.clean(html, **kwargs), ours.clean(html, **kwargs)
        if a == b:
            same += 1
            continue
        shown = {k: ("<callable>" if callable(v) else v) for k, v in kwargs.items()}
        print(f"input {html!r} {shown}\n  nh3:       {a!r}\n  websyntax: {b!r}")
    print(f"{same} of {len(SAMPLES)} the same (nh3 {real.__version__})")


if __name__ == "__main__":
    main()
