//! `compat::clean` with nh3's arguments and meaning, and its safety whatever the arguments:
//! every argument, user hooks included, is used to try to smuggle script through.

use std::collections::BTreeMap;
use std::sync::Arc;

use websyntax_html::{Context, ParseOptions, parse_fragment};
use websyntax_sanitize::compat::{CleanOptions, Cleaner, UrlRelative, clean, clean_text, is_html};

fn o() -> CleanOptions {
    CleanOptions::new()
}

fn run(html: &str, options: &CleanOptions) -> String {
    clean(html, options).unwrap()
}

fn map<V: Clone>(entries: &[(&str, V)]) -> BTreeMap<String, V> {
    entries
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

fn list(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn nh3_defaults() {
    // The text of elements not in `tags` stays (details, font, custom elements, form
    // controls); script and style go with their contents.
    assert_eq!(run("<unknown>hi</unknown>", &o()), "hi");
    assert_eq!(
        run("<details><summary>s</summary>t</details>", &o()),
        "<details><summary>s</summary>t</details>"
    );
    assert_eq!(run("<font color=red>f</font>", &o()), "f");
    assert_eq!(run("<my-el>c</my-el>", &o()), "c");
    assert_eq!(
        run(
            "<form><label>l<input value=v></label><button>b</button><textarea>t</textarea><select><option>o</option></select></form>",
            &o()
        ),
        "lbto"
    );
    assert_eq!(
        run("<script>alert(1)</script><style>p{}</style>x", &o()),
        "x"
    );
    // data: and vbscript: (and javascript:) links are stripped; rel is added.
    for href in [
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        "javascript:alert(1)",
        " JaVaScRiPt:x",
    ] {
        let html = format!("<a href=\"{href}\">x</a>");
        assert_eq!(
            run(&html, &o()),
            "<a rel=\"noopener noreferrer\">x</a>",
            "{href}"
        );
    }
    assert_eq!(
        run("<a href=https://e.example/ title=t>x</a>", &o()),
        "<a href=\"https://e.example/\" title=\"t\" rel=\"noopener noreferrer\">x</a>"
    );
    assert_eq!(
        run("<b><img src='' onerror='alert(1)'>I'm here</b>", &o()),
        "<b><img src=\"\">I'm here</b>"
    );
    assert_eq!(run("<p>a<!-- c --></p>", &o()), "<p>a</p>");
}

#[test]
fn keywords() {
    let mut c = o();
    c.generic_attribute_prefixes = Some(list(&["data-"]));
    assert_eq!(
        run("<div data-v=foo data-x=y>a</div>", &c),
        "<div data-v=\"foo\" data-x=\"y\">a</div>"
    );
    let mut c = o();
    c.tags = Some(list(&["my-tag"]));
    c.tag_attribute_values = Some(map(&[("my-tag", map(&[("my-attr", list(&["VAL"]))]))]));
    assert_eq!(
        run("<my-tag my-attr=val>", &c),
        "<my-tag my-attr=\"val\"></my-tag>"
    );
    assert_eq!(run("<my-tag my-attr=no>", &c), "<my-tag></my-tag>");
    let mut c = o();
    c.allowed_classes = Some(map(&[("a", list(&["b", "c"])), ("span", list(&["a"]))]));
    assert_eq!(
        run(
            "<span class='a b c'><a href='.' class='c b a'>T</a></span><div class='a'>U</div>",
            &c
        ),
        "<span class=\"a\"><a href=\".\" class=\"c b\" rel=\"noopener noreferrer\">T</a></span><div>U</div>"
    );
    let mut c = o();
    c.attributes = Some(map(&[("span", list(&["style"]))]));
    c.filter_style_properties = Some(list(&["color", "font-size"]));
    assert_eq!(
        run(
            "<span style='color: red; position: fixed; font-size: var(--s)'>T</span>",
            &c
        ),
        "<span style=\"color:red;font-size:var(--s)\">T</span>"
    );
    let mut c = o();
    c.url_relative = UrlRelative::RewriteWithBase(
        websyntax_url::Url::parse("https://e.example/d/", None).unwrap(),
    );
    assert_eq!(
        run("<a href=x>x</a>", &c),
        "<a href=\"https://e.example/d/x\" rel=\"noopener noreferrer\">x</a>"
    );
    let mut c = o();
    c.url_relative = UrlRelative::RewriteWithRoot {
        root: websyntax_url::Url::parse("https://e.example/root/", None).unwrap(),
        path: "doc/README.md".into(),
    };
    assert_eq!(
        run("<a href=/a>x</a>", &c),
        "<a href=\"https://e.example/root/a\" rel=\"noopener noreferrer\">x</a>"
    );
    assert_eq!(
        run("<a href=b>x</a>", &c),
        "<a href=\"https://e.example/root/doc/b\" rel=\"noopener noreferrer\">x</a>"
    );
    let mut c = o();
    c.url_relative = UrlRelative::Deny;
    assert_eq!(run("<img src=/a.png alt=a>", &c), "<img alt=\"a\">");
    let mut c = o();
    c.attributes = Some(map(&[("b", list(&["id"]))]));
    c.id_prefix = Some("u-".into());
    assert_eq!(
        run("<b id=a>x</b><b id=u-b>y</b>", &c),
        "<b id=\"u-a\">x</b><b id=\"u-b\">y</b>"
    );
    let mut c = o();
    c.strip_comments = false;
    c.link_rel = None;
    assert_eq!(
        run("<a href=/x>x</a><!--c-->", &c),
        "<a href=\"/x\">x</a><!--c-->"
    );
    let mut c = o();
    c.set_tag_attribute_values = Some(map(&[("div", map(&[("class", "safe".to_owned())]))]));
    assert_eq!(
        run("<div class=x>d</div>", &c),
        "<div class=\"safe\">d</div>"
    );
}

#[test]
fn invalid_combinations_are_errors() {
    let mut c = o();
    c.attributes = Some(map(&[("a", list(&["href", "rel"]))]));
    assert!(
        Cleaner::new(c.clone())
            .unwrap_err()
            .0
            .contains("link_rel is set")
    );
    c.link_rel = None;
    assert!(Cleaner::new(c).is_ok());
    let mut c = o();
    c.clean_content_tags = Some(list(&["p"]));
    assert!(
        Cleaner::new(c)
            .unwrap_err()
            .0
            .contains("clean_content_tags")
    );
    let mut c = o();
    c.attributes = Some(map(&[("*", list(&["style"]))]));
    c.tag_attribute_values = Some(map(&[("p", map(&[("style", list(&["x"]))]))]));
    assert!(
        Cleaner::new(c)
            .unwrap_err()
            .0
            .contains("tag_attribute_values")
    );
    let mut c = o();
    c.attributes = Some(map(&[("a", list(&["class"]))]));
    c.allowed_classes = Some(map(&[("a", list(&["x"]))]));
    c.link_rel = None;
    assert!(Cleaner::new(c).unwrap_err().0.contains("allowed_classes"));
}

#[test]
fn text_helpers() {
    assert_eq!(
        clean_text("Robert\"); abuse();//"),
        "Robert&quot;);&#32;abuse();&#47;&#47;"
    );
    assert_eq!(
        clean_text("<a href='x'>`=&\0"),
        "&lt;a&#32;href&#61;&apos;x&apos;&gt;&grave;&#61;&amp;&#65533;"
    );
    assert!(!is_html("plain text & more > less"));
    assert!(is_html("<p>x"));
    assert!(is_html("a<!--c-->"));
    assert!(is_html("Vec::<u8>::new()"));
}

/// Whether `out`, parsed as a `div`'s children with scripting on and off, holds anything that
/// runs script: a script-running element, an `on*` attribute, a javascript: URL where a URL
/// navigates (`href` anywhere; `action` of `form`, `formaction` of `button` and `input`), or a
/// refresh `http-equiv` on `meta`. (data: and vbscript: are checked where they are not listed,
/// in [`nh3_defaults`].)
fn runs_script(out: &str) -> Option<String> {
    for scripting in [true, false] {
        let f = parse_fragment(
            out,
            &Context::html("div"),
            ParseOptions {
                scripting,
                ..ParseOptions::default()
            },
        );
        let d = &f.document;
        for n in d.node_ids() {
            let Some(e) = d.element(n) else { continue };
            let el = e.name();
            if matches!(
                el,
                "script" | "iframe" | "frame" | "object" | "embed" | "use"
            ) {
                return Some(format!("<{el}> in {out:?}"));
            }
            for a in e.attrs() {
                let v = a
                    .value()
                    .trim()
                    .to_ascii_lowercase()
                    .replace(['\t', '\n', '\r'], "");
                let url = match a.name() {
                    "href" => true,
                    "action" => el == "form",
                    "formaction" => matches!(el, "button" | "input"),
                    _ => false,
                };
                if a.name().to_ascii_lowercase().starts_with("on")
                    || (a.name() == "http-equiv" && el == "meta" && v.contains("refresh"))
                    || (url && v.starts_with("javascript:"))
                {
                    return Some(format!("{}={:?} in {out:?}", a.name(), a.value()));
                }
            }
        }
    }
    None
}

const PAYLOADS: &[&str] = &[
    "<a href=/x onclick=alert(1)>a</a>",
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "<svg><script>alert(1)</script></svg>",
    "<math><mi><a href=javascript:alert(1)>m</a></mi></math>",
    "<iframe srcdoc='<script>alert(1)</script>'></iframe>",
    "<object data=javascript:alert(1)></object>",
    "<noscript><p title='</noscript><img src=x onerror=alert(1)>'></noscript>",
    "<svg><style><img src=x onerror=alert(1)></style></svg>",
    "<form action=javascript:alert(1)><button formaction=javascript:alert(1)>b</button></form>",
    "<meta http-equiv=refresh content='0;url=data:text/html,<script>alert(1)</script>'>",
    "<template><img src=x onerror=alert(1)></template>",
    "<xmp><img src=x onerror=alert(1)></xmp>",
    "<a href='&#106;avascript:alert(1)'>e</a>",
    "<svg><a xlink:href=javascript:alert(1)><text>t</text></a></svg>",
    "<select><style><img src=x onerror=alert(1)></style></select>",
];

const TAGS: &[&str] = &[
    "a", "img", "script", "svg", "math", "mi", "iframe", "object", "noscript", "p", "style",
    "form", "button", "meta", "template", "xmp", "select", "text", "embed", "base", "div",
];

/// Every argument, with the most permissive values an attacker could wish for: everything it
/// outputs is checked for script.
#[test]
fn no_argument_gets_script_through() {
    let everything: Vec<String> = TAGS.iter().map(|s| (*s).to_owned()).collect();
    let all_attrs = list(&[
        "href",
        "src",
        "onclick",
        "onerror",
        "srcdoc",
        "data",
        "action",
        "formaction",
        "http-equiv",
        "content",
        "title",
        "xlink:href",
        "style",
    ]);
    let mut variants: Vec<(&str, CleanOptions)> = Vec::new();
    let mut c = o();
    c.tags = Some(everything.clone());
    c.clean_content_tags = Some(vec![]);
    c.attributes = Some(map(&[("*", all_attrs.clone())]));
    c.link_rel = None;
    c.url_schemes = Some(list(&["javascript", "data", "vbscript", "http"]));
    variants.push(("tags, attributes, url_schemes", c.clone()));
    let mut p = c.clone();
    p.attributes = Some(BTreeMap::new());
    p.generic_attribute_prefixes = Some(list(&["on", "h", "s", "d", "a", "f"]));
    variants.push(("generic_attribute_prefixes", p));
    let mut v = c.clone();
    v.attributes = Some(BTreeMap::new());
    let vals = map(&[
        ("href", list(&["javascript:alert(1)"])),
        ("onclick", list(&["alert(1)"])),
        ("onerror", list(&["alert(1)"])),
        ("http-equiv", list(&["refresh"])),
    ]);
    v.tag_attribute_values = Some(
        TAGS.iter()
            .map(|t| ((*t).to_owned(), vals.clone()))
            .collect(),
    );
    variants.push(("tag_attribute_values", v));
    let mut s = c.clone();
    let set = map(&[
        ("onclick", "alert(1)".to_owned()),
        ("href", "javascript:alert(1)".to_owned()),
        ("src", "data:text/html,<script>alert(1)</script>".to_owned()),
        ("formaction", "javascript:alert(1)".to_owned()),
        ("action", "vbscript:x".to_owned()),
        ("http-equiv", "refresh".to_owned()),
        ("srcdoc", "<script>alert(1)</script>".to_owned()),
    ]);
    s.set_tag_attribute_values = Some(
        TAGS.iter()
            .map(|t| ((*t).to_owned(), set.clone()))
            .collect(),
    );
    variants.push(("set_tag_attribute_values", s));
    let mut f = c.clone();
    f.attribute_filter = Some(Arc::new(|_e: &str, a: &str, _v: &str| {
        Some(match a {
            "href" | "src" | "action" | "formaction" | "data" => "javascript:alert(1)".to_owned(),
            "title" => "</noscript><img src=x onerror=alert(1)>".to_owned(),
            _ => "alert(1)".to_owned(),
        })
    }));
    variants.push(("attribute_filter", f));
    let mut u = c.clone();
    u.url_relative =
        UrlRelative::Custom(Arc::new(|_u: &str| Some("javascript:alert(1)".to_owned())));
    variants.push(("url_relative", u));
    let mut b = c.clone();
    b.url_relative = UrlRelative::RewriteWithBase(
        websyntax_url::Url::parse("javascript:alert(1)//", None).unwrap(),
    );
    variants.push(("url_relative base", b));
    let mut k = c.clone();
    k.attributes = Some(map(&[("*", list(&["style", "title"]))]));
    k.allowed_classes = Some(map(&[("a", list(&["x"]))]));
    k.filter_style_properties = Some(list(&["background"]));
    k.id_prefix = Some("\"><script>alert(1)</script>".into());
    k.strip_comments = false;
    variants.push(("classes, styles, id_prefix, comments", k));
    let payloads = PAYLOADS.iter().map(|p| (*p).to_owned()).chain([
        "<a href=/rel>r</a><img src=rel.png><p id=i title=t style='background:url(javascript:alert(1))'>p</p><!--<img src=x onerror=alert(1)>-->".to_owned(),
    ]);
    for html in payloads {
        for (what, options) in &variants {
            let out = run(&html, options);
            if let Some(why) = runs_script(&out) {
                panic!("{what}: {why}\ninput: {html:?}");
            }
            // The output is a fixed point: cleaning it again gives it back.
            let mut again = options.clone();
            again.attribute_filter = None;
            again.url_relative = UrlRelative::PassThrough;
            assert_eq!(
                run(&out, &again),
                out,
                "{what}: not a fixed point\ninput: {html:?}"
            );
        }
    }
}

#[test]
fn hooks_run_once_per_attribute() {
    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let seen = Arc::clone(&calls);
    let mut c = o();
    c.link_rel = None;
    c.attribute_filter = Some(Arc::new(move |_e: &str, _a: &str, v: &str| {
        seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        Some(format!("{v}-x"))
    }));
    // A table whose serialization needs a second pass: the implied tbody is not in `tags`,
    // and a table without it parses back with it, so the output keeps it (a fixed point).
    c.tags = Some(list(&["table", "tr", "td", "b"]));
    c.attributes = Some(map(&[("b", list(&["title"]))]));
    let out = run("<table><tr><td><b title=t>b</b></td></tr></table>", &c);
    assert_eq!(
        out,
        "<table><tbody><tr><td><b title=\"t-x\">b</b></td></tr></tbody></table>"
    );
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1);
}

/// What `attribute_filter` removed stays removed when the output needs more passes (`rel` of
/// `link_rel` is set before the filter runs, and not again after it).
#[test]
fn what_a_hook_removed_stays_removed() {
    let mut c = o();
    c.tags = Some(list(&["table", "tr", "td", "a"]));
    c.attribute_filter = Some(Arc::new(|_e: &str, a: &str, v: &str| {
        (a != "rel").then(|| v.to_owned())
    }));
    let out = run("<table><tr><td><a href=/x>a</a></td></tr></table>", &c);
    assert_eq!(
        out,
        "<table><tbody><tr><td><a href=\"/x\">a</a></td></tr></tbody></table>"
    );
}
