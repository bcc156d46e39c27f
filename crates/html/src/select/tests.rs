use super::*;
use crate::{ParseOptions, parse_document};

/// The `id` attributes of the elements `selector` matches in `html`, in order.
fn ids(html: &str, selector: &str) -> Vec<String> {
    let doc = parse_document(html, ParseOptions::default());
    doc.select(selector)
        .unwrap_or_else(|e| panic!("{selector}: {e}"))
        .map(|n| doc.attribute(n, "id").unwrap_or("?").to_owned())
        .collect()
}

fn check(html: &str, selector: &str, expected: &[&str]) {
    assert_eq!(ids(html, selector), expected, "{selector} on {html}");
}

const LIST: &str = "<!DOCTYPE html><ul id=u><li id=a class='x y'>1</li><li id=b>2</li>\
    <li id=c class=x>3</li><li id=d>4</li><li id=e class=x>5</li></ul>";

#[test]
fn combinators() {
    let html =
        "<!DOCTYPE html><div id=r><p id=a><span id=s></span></p><p id=b></p><em id=c></em></div>";
    check(html, "div span", &["s"]);
    check(html, "div > span", &[]);
    check(html, "p > span", &["s"]);
    check(html, "#a + p", &["b"]);
    check(html, "#a ~ *", &["b", "c"]);
    check(html, "p, em", &["a", "b", "c"]);
}

#[test]
fn attribute_selectors_and_flags() {
    let html = "<!DOCTYPE html><a id=a href='https://X.example/Page.html' lang=en-US></a>\
        <a id=b href=/rel type=TEXT/html></a><input id=c type=CheckBox><a id=d title='one two'></a>";
    check(html, "[href]", &["a", "b"]);
    check(html, "[href^='https:']", &["a"]);
    check(html, "[href$='.html']", &["a"]);
    check(html, "[href*='X.ex']", &["a"]);
    check(html, "[href*='x.ex']", &[]);
    check(html, "[href*='x.ex' i]", &["a"]);
    check(html, "[lang|=en]", &["a"]);
    check(html, "[title~=two]", &["d"]);
    // `type` is in HTML's list of case-insensitive attribute values…
    check(html, "[type=checkbox]", &["c"]);
    // … unless `s` asks for case-sensitive matching.
    check(html, "[type=checkbox s]", &[]);
    check(html, "[TYPE=checkbox]", &["c"]);
}

#[test]
fn logical_pseudo_classes() {
    check(LIST, "li:is(#a, #c)", &["a", "c"]);
    check(LIST, "li:where(.y)", &["a"]);
    check(LIST, "li:not(.x)", &["b", "d"]);
    check(LIST, "ul:has(> li.y)", &["u"]);
    check(LIST, "ul:has(+ p)", &[]);
    check(LIST, "li:has(~ #e)", &["a", "b", "c", "d"]);
    check(LIST, "ul:has(li:nth-child(5))", &["u"]);
    check(LIST, ":has(li:nth-child(5))", &["?", "?", "u"]); // html, body, ul
}

#[test]
fn nth_pseudo_classes() {
    check(LIST, "li:nth-child(2n)", &["b", "d"]);
    check(LIST, "li:nth-child(odd)", &["a", "c", "e"]);
    check(LIST, "li:nth-child(-n+2)", &["a", "b"]);
    check(LIST, "li:nth-last-child(1)", &["e"]);
    check(LIST, "li:nth-child(2 of .x)", &["c"]);
    check(LIST, "li:nth-last-child(1 of .x)", &["e"]);
    let mixed = "<!DOCTYPE html><div><p id=p1></p><span id=s1></span><p id=p2></p><span id=s2></span><p id=p3></p></div>";
    check(mixed, "p:nth-of-type(2)", &["p2"]);
    check(mixed, "span:nth-last-of-type(2)", &["s1"]);
    check(mixed, "p:first-of-type", &["p1"]);
    check(mixed, "p:last-of-type", &["p3"]);
    check(mixed, "span:only-of-type", &[]);
    check(mixed, "div > :first-child", &["p1"]);
    check(mixed, "div > :last-child", &["p3"]);
    let only = "<!DOCTYPE html><div><i id=o></i></div><div><b id=t1></b><b id=t2></b></div>";
    check(only, "div > :only-child", &["o"]);
    check(only, ":only-child", &["?", "o"]); // html is its parent's only element, body the same
    check(only, "b:only-of-type", &[]);
    check(only, "i:only-of-type", &["o"]);
}

#[test]
fn root_empty_scope() {
    let html = "<!DOCTYPE html><html id=h><body id=b><p id=e1></p><p id=e2><!-- c --></p><p id=t> </p><p id=n><i></i></p>";
    check(html, ":root", &["h"]);
    check(html, "p:empty", &["e1", "e2"]);
    check(html, ":scope", &["h"]);
    check(html, ":scope > body", &["b"]);
    let doc = parse_document(
        "<div id=x><p id=in></p></div><p id=out></p>",
        ParseOptions::default(),
    );
    let div = doc.select_first("#x").unwrap().unwrap();
    let sel = Selector::parse(":scope > p").unwrap();
    let got: Vec<_> = doc.select_in(div, &sel).collect();
    assert_eq!(got, [doc.select_first("#in").unwrap().unwrap()]);
}

#[test]
fn link_pseudo_classes() {
    let html = "<!DOCTYPE html><a id=a href=x></a><a id=b></a><area id=c href=y><link id=d href=z>\
        <svg><a id=e href=x></a></svg>";
    check(html, ":link", &["a", "c"]);
    check(html, ":any-link", &["a", "c"]);
    check(html, ":visited", &[]);
    check(html, "a:not(:link)", &["b", "e"]);
}

#[test]
fn form_pseudo_classes() {
    let html = "<!DOCTYPE html><form>\
        <input id=c1 type=checkbox checked><input id=c2 type=CHECKBOX><input id=r1 type=radio checked>\
        <input id=t1 checked><select><option id=o1 selected>a<option id=o2>b\
        <optgroup id=g1 disabled><option id=o3>c</optgroup></select>\
        <button id=b1 disabled></button><textarea id=ta required></textarea>\
        <fieldset id=f1 disabled><legend><input id=in-legend></legend><input id=in-fs></fieldset>\
        <input id=ro readonly><div id=ce contenteditable></div></form>";
    check(html, ":checked", &["c1", "r1", "o1"]);
    check(html, ":disabled", &["g1", "o3", "b1", "f1", "in-fs"]);
    check(
        html,
        "input:enabled",
        &["c1", "c2", "r1", "t1", "in-legend", "ro"],
    );
    check(html, "option:enabled", &["o1", "o2"]);
    check(html, ":required", &["ta"]);
    check(html, "textarea:optional", &[]);
    check(html, "input:read-write", &["t1", "in-legend"]);
    check(html, "div:read-write", &["ce"]);
    check(html, "#ro:read-only", &["ro"]);
}

#[test]
fn user_action_pseudo_classes_parse_and_never_match() {
    for pc in [
        ":hover",
        ":active",
        ":focus",
        ":focus-visible",
        ":focus-within",
        ":target",
    ] {
        check(LIST, &format!("li{pc}"), &[]);
    }
    check(
        "<x-foo id=x></x-foo><p id=p></p>",
        "body > :defined",
        &["p"],
    );
}

#[test]
fn namespaces() {
    let html = "<!DOCTYPE html><svg id=s><rect id=r /><a id=sa xlink:href=x /></svg>\
        <math id=m><mi id=mi /></math><p id=p></p>";
    check(html, "svg|rect", &["r"]);
    check(html, "svg|*", &["s", "r", "sa"]);
    check(html, "math|mi", &["mi"]);
    check(html, "html|p", &["p"]);
    check(html, "[xlink|href]", &["sa"]);
    check(html, "[*|href]", &["sa"]);
    check(html, "[href]", &[]);
    check(html, "rect", &["r"]);
    // Case: HTML elements match type selectors case-insensitively, SVG ones by exact case.
    check("<svg><foreignObject id=f /></svg>", "foreignObject", &["f"]);
    check("<svg><foreignObject id=f /></svg>", "foreignobject", &[]);
    check("<p id=p></p>", "P", &["p"]);
}

#[test]
fn quirks_mode_folds_class_and_id_case() {
    let body = "<p id=Main class='Note Big'></p>";
    // No DOCTYPE: quirks mode.
    let quirks = parse_document(body, ParseOptions::default());
    assert_eq!(quirks.quirks_mode, DomQuirksMode::Quirks);
    check(body, "#main", &["Main"]);
    check(body, ".note.BIG", &["Main"]);
    // Attribute selectors on class/id are not affected.
    check(body, "[class~=note]", &[]);
    let standards = format!("<!DOCTYPE html>{body}");
    check(&standards, "#main", &[]);
    check(&standards, ".note", &[]);
    check(&standards, "#Main.Note", &["Main"]);
    // Limited-quirks mode is exact.
    let limited =
        format!("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"x\">{body}");
    assert_eq!(
        parse_document(&limited, ParseOptions::default()).quirks_mode,
        DomQuirksMode::LimitedQuirks
    );
    check(&limited, "#main", &[]);
}

#[test]
fn template_contents_are_not_searched() {
    let html = "<!DOCTYPE html><template id=t><p id=inside></p></template><p id=outside></p>";
    check(html, "p", &["outside"]);
    // But they can be searched explicitly.
    let doc = parse_document(html, ParseOptions::default());
    let t = doc.select_first("template").unwrap().unwrap();
    let content = doc.template_contents(t).unwrap();
    let sel = Selector::parse("p").unwrap();
    let inside: Vec<_> = doc
        .select_in(content, &sel)
        .map(|n| doc.attribute(n, "id").unwrap())
        .collect();
    assert_eq!(inside, ["inside"]);
}

#[test]
fn matches_and_closest() {
    let doc = parse_document(LIST, ParseOptions::default());
    let c = doc.select_first("#c").unwrap().unwrap();
    let sel = Selector::parse("ul > .x").unwrap();
    assert!(doc.matches(c, &sel));
    assert!(!doc.matches(doc.root(), &sel));
    let ul = doc.closest(c, &Selector::parse("ul").unwrap()).unwrap();
    assert_eq!(doc.attribute(ul, "id"), Some("u"));
    assert_eq!(doc.closest(c, &Selector::parse("li").unwrap()), Some(c));
    assert_eq!(doc.closest(c, &Selector::parse("table").unwrap()), None);
    let text = doc.first_child(c).unwrap();
    assert_eq!(doc.closest(text, &Selector::parse("li").unwrap()), Some(c));
}

#[test]
fn invalid_selectors_are_typed_errors_with_positions() {
    for (s, kind, pos) in [
        (":has(", SelectorErrorKind::UnexpectedEnd, 5),
        (":is(a,", SelectorErrorKind::UnexpectedEnd, 6),
        ("::marker", SelectorErrorKind::UnsupportedPseudo, 8),
        ("p::before", SelectorErrorKind::UnsupportedPseudo, 9),
        ("a[", SelectorErrorKind::UnexpectedEnd, 2),
        ("", SelectorErrorKind::Empty, 0),
        ("div >", SelectorErrorKind::DanglingCombinator, 5),
        ("foo|a", SelectorErrorKind::UnknownNamespacePrefix, 5),
        (":nosuch", SelectorErrorKind::UnsupportedPseudo, 7),
        ("a\n[", SelectorErrorKind::UnexpectedEnd, 3),
    ] {
        let e = Selector::parse(s).unwrap_err();
        assert_eq!((e.kind(), e.position()), (kind, pos), "{s:?}: {e}");
        assert!(e.to_string().contains(&format!("at byte {pos}")), "{e}");
    }
    let e = Selector::parse("a\n[").unwrap_err();
    assert_eq!((e.line(), e.column()), (2, 2));
    // Nested :has is not allowed; errors inside arguments are reported.
    assert!(Selector::parse(":has(:has(a))").is_err());
    assert!(Selector::parse(":is(a, ::before)").is_err());
    // Selector lists are not forgiving at the top level.
    assert!(Selector::parse("a, :nosuch").is_err());
}

#[test]
fn no_selector_prefix_panics() {
    // Every prefix and every single-byte corruption of a long selector parses or fails
    // cleanly, and a successful parse matches without panicking.
    let doc = parse_document(LIST, ParseOptions::default());
    let long = "ul#u > li.x:nth-child(2n+1 of :not([id='b' i])):has(~ li:is(:last-child, :empty)), \
        svg|rect[xlink|href^=\"#\"], :where(a:any-link, p::before), :root :scope ~ *:only-of-type";
    let specials = [
        '(', ')', '[', ']', ':', '|', '"', '\\', ',', '>', '~', '+', '*', '#', '.', ' ', 'é',
    ];
    let mut inputs: Vec<String> = Vec::new();
    for (i, _) in long.char_indices() {
        inputs.push(long[..i].to_owned());
        for c in specials {
            let mut s = long[..i].to_owned();
            s.push(c);
            s.push_str(&long[i..]);
            inputs.push(s);
        }
    }
    for s in &inputs {
        if let Ok(sel) = Selector::parse(s) {
            let _ = doc.select_with(&sel).count();
        }
    }
}

#[test]
fn display_round_trips() {
    for s in [
        "a > b",
        "li:nth-child(2n+1 of .x)",
        "ul:has(> li)",
        "svg|rect",
        "[a=\"b\" i]",
        "a:hover",
    ] {
        let sel = Selector::parse(s).unwrap();
        assert_eq!(Selector::parse(&sel.to_string()).unwrap(), sel, "{s}");
    }
}

#[test]
fn element_paths() {
    let doc = parse_document(
        "<!DOCTYPE html><div></div><p>a<div>b</div><div>c</div><template><p><i>x</i></p></template>",
        ParseOptions::default(),
    );
    let divs: Vec<String> = doc
        .select("div")
        .unwrap()
        .map(|n| doc.element_path(n))
        .collect();
    assert_eq!(
        divs,
        [
            "/html[1]/body[1]/div[1]",
            "/html[1]/body[1]/div[2]",
            "/html[1]/body[1]/div[3]"
        ]
    );
    let t = doc.select_first("template").unwrap().unwrap();
    let content = doc.template_contents(t).unwrap();
    let i = doc
        .select_in(content, &Selector::parse("i").unwrap())
        .next()
        .unwrap();
    assert_eq!(
        doc.element_path(i),
        "/html[1]/body[1]/template[1]/#content/p[1]/i[1]"
    );
    assert_eq!(doc.element_path(doc.root()), "/");
    let text = doc
        .first_child(doc.select_first("p").unwrap().unwrap())
        .unwrap();
    assert_eq!(doc.element_path(text), "/html[1]/body[1]/p[1]/#text[1]");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    /// Arbitrary selector-ish text parses or fails with a position inside the input, and
    /// whatever parses matches without panicking.
    #[test]
    fn arbitrary_selectors_never_panic(s in "[a-z0-9 .#:>+~*|,()\\[\\]=^$\"'\\\\i-]{0,40}") {
        let doc = parse_document(LIST, ParseOptions::default());
        match Selector::parse(&s) {
            Ok(sel) => {
                let _ = doc.select_with(&sel).count();
            }
            Err(e) => proptest::prop_assert!(e.position() <= s.len()),
        }
    }
}

// ----- the element index and the candidate narrowing (checked against plain matching) -----

/// Every element below `root` that `selector` matches, found by trying each one with the
/// matcher alone (no index, no narrowing, no `:has()` answers given beforehand: the
/// `selectors` crate's own search): what `select` / `select_in` must return.
fn brute_force(doc: &Document, root: NodeId, sel: &Selector) -> Vec<NodeId> {
    let scope = doc.is_element(root).then_some(root);
    let (mut caches, mut memo) = (SelectorCaches::default(), MatchMemo::default());
    let mut context = context(doc, scope, &mut caches, &mut memo);
    doc.descendants(root)
        .filter(|&n| matches_with(sel, doc, n, &mut context))
        .collect()
}

/// Documents with the shapes the index must get right: tree order unlike creation order
/// (foster parenting, the adoption agency), template contents, foreign elements with
/// mixed-case names, quirks mode with mixed-case classes and IDs, custom element names.
const INDEX_DOCS: &[&str] = &[
    "<!DOCTYPE html><header><nav><a href=http://x id=h1><img id=i1></a></nav></header>\
     <div class='content Main'><p id=p1>x<div><div><div><p id=p2></div></div></div></div>\
     <section><h2 id=s2>t</h2></section><ul><li><a id=l1>a</a></li><li><a id=l2 class=btn-x>b</a>\
     </li></ul><footer><a id=f1 href=/f>f</a></footer><span></span><span></span><span></span>",
    "<!DOCTYPE html><table><tr><td id=t1>1</td></tr><p id=fostered class=x>f</p>\
     <tr><td id=t2 class=X>2</td></tr></table><b><p id=aa>1</b>2</p>",
    "<!DOCTYPE html><template id=tpl><p id=in class=x>in</p><img></template><p id=out class=x>\
     <img id=im></p><div><template><img></template></div>",
    "<!DOCTYPE html><svg><foreignObject id=fo><p id=fp class=Q></p></foreignObject>\
     <a xlink:href=#x id=sa></a><clipPath id=cp></clipPath></svg><math><mi id=mi></mi></math>",
    "<p id=Main class='Note Big btn'><a id=ID2 class=BTN>x</a></p><P ID=main CLASS=note>\
     <my-widget id=w class=note><x-y data-x=1 id=xy></x-y></my-widget>",
];

const INDEX_SELECTORS: &[&str] = &[
    "*",
    "p",
    "P",
    "a, img",
    "td, p, td",
    "foreignObject",
    "foreignobject",
    "clippath",
    "svg|a",
    "my-widget",
    "x-y[data-x]",
    "#main",
    "#Main",
    "#nope",
    ".x",
    ".X",
    ".note",
    ".Note.big",
    ".btn, #main",
    "[class]",
    "[CLASS]",
    "[class*=btn]",
    "[class*=BTN]",
    "[class*=btn i]",
    "[class^=btn]",
    "[class$=x]",
    "[class~=note]",
    "[class|=btn]",
    "[class=x]",
    "[class='']",
    "[class*='a b']",
    "[class*='']",
    "[id*=ai]",
    "[id^=t]",
    "[id=main i]",
    "[href]",
    "[*|href]",
    "[xlink|href]",
    "a[href^=http]",
    "nav a[href^=\"http\"]",
    ":is(header, footer) a",
    ":where(header, .content) p",
    "div.content p",
    "div > div > div > p",
    "li:last-child > a",
    "ul > li:first-child",
    "table tr:nth-child(2n) td",
    "tr td",
    "body > p",
    ".x + p",
    ".x ~ *",
    "div p ~ div",
    "div:has(> img)",
    "p:has(img)",
    "a:has(img)",
    ":has(> img)",
    "section:has(h2)",
    "section:has(h2, h3)",
    ":has(+ p)",
    "p:has(~ b)",
    ":has(:is(h2, img))",
    "*:not(p)",
    ":not(.x) > p",
    "span:nth-of-type(3n+1)",
    ":nth-child(2 of .x)",
    ":root",
    ":scope",
    ":scope > body",
    "html:has(template)",
    ":is(#in, #out)",
    "html > body > p",
    "body > div > div",
    "div > p span",
    "ul > li > a",
    "li > a > img",
    ":has(> a + b)",
    "div:has(> p ~ span)",
    ":has(> li > a)",
    ":has(> img, h2)",
    "section:has(> h2):has(h2)",
    "td:has(> *)",
    // Every shape of relative selector (answered beforehand for the whole tree), in
    // subject and non-subject positions.
    ":has(~ div p)",
    ":has(+ ul > li)",
    "li:has(+ li + li)",
    ":has(~ * ~ p)",
    ":has(+ * a)",
    ":has(div p > a)",
    ":has(> div > p ~ *)",
    ":has(p + div img)",
    "div:has(p) > p",
    "div:has(> p) ~ *",
    ":not(:has(p))",
    ":is(div:has(> p), li:has(~ li)) a",
    "li:nth-child(1 of :has(a))",
    ":has(:nth-child(2)):has(~ *)",
    ":has([id*=P i])",
    // A type selector before `:has()`: only elements of that name are given answers.
    "foreignObject:has(p)",
    "foreignobject:has(p)",
    "A:has(img)",
    "a:has(img), div",
    "p.x:has(img)",
    ".x:has(img)",
    "svg|a:has(*), p:has(img)",
    "a:has(img), :has(> h2)",
    "p:has(img):has(~ *)",
    "[class*=MAIN i], [id*='1' i], [id*='' i], [id*=long-needle-longer-than-ids i]",
];

#[test]
fn select_agrees_with_plain_matching() {
    for html in INDEX_DOCS {
        let doc = parse_document(html, ParseOptions::default());
        for s in INDEX_SELECTORS {
            let sel = Selector::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            let got: Vec<NodeId> = doc.select_with(&sel).collect();
            assert_eq!(got, brute_force(&doc, doc.root(), &sel), "{s} on {html}");
        }
    }
}

#[test]
fn select_in_agrees_with_plain_matching() {
    for html in INDEX_DOCS {
        let doc = parse_document(html, ParseOptions::default());
        // Build the index first: select_in must not be misled by it.
        let _ = doc.select("p").unwrap().count();
        let scopes: Vec<NodeId> = doc
            .node_ids()
            .filter(|&n| doc.is_element(n) || doc.kind(n) == NodeKind::Fragment)
            .collect();
        for s in [
            "p",
            ":scope > *",
            ":scope p",
            ".x",
            "img",
            ":has(img)",
            "div p",
            ":has(~ p)",
            "div:has(p) *",
            ":has(+ * p)",
        ] {
            let sel = Selector::parse(s).unwrap();
            for &scope in &scopes {
                let got: Vec<NodeId> = doc.select_in(scope, &sel).collect();
                assert_eq!(
                    got,
                    brute_force(&doc, scope, &sel),
                    "{s} in {scope} of {html}"
                );
            }
        }
    }
}

#[test]
fn editing_after_a_select_is_seen_by_the_next_select() {
    let mut doc = parse_document(
        "<!DOCTYPE html><div id=d class=a><p id=p1></p></div><p id=p2></p>",
        ParseOptions::default(),
    );
    let check = |doc: &Document, s: &str, want: &[&str]| {
        let sel = Selector::parse(s).unwrap();
        let got: Vec<&str> = doc
            .select_with(&sel)
            .map(|n| doc.attribute(n, "id").unwrap_or("?"))
            .collect();
        assert_eq!(got, want, "{s}");
        assert_eq!(
            doc.select_with(&sel).collect::<Vec<_>>(),
            brute_force(doc, doc.root(), &sel),
            "{s}"
        );
    };
    check(&doc, ".a p", &["p1"]);
    let d = doc.find_element("div").unwrap();
    let p2 = doc.select_first("#p2").unwrap().unwrap();
    // Moving an element changes ancestors and order.
    doc.append_child(d, p2).unwrap();
    check(&doc, ".a p", &["p1", "p2"]);
    // A new element, with attributes set after the index was built again.
    check(&doc, "#p3, [data-k], .b", &[]);
    let p3 = doc.create_html_element("p");
    doc.set_attribute(p3, "id", "p3").unwrap();
    doc.insert_before(d, p3, doc.first_child(d)).unwrap();
    check(&doc, "#p3", &["p3"]);
    doc.set_attribute(p3, "class", "b").unwrap();
    doc.set_attribute(p3, "data-k", "v").unwrap();
    check(&doc, "#p3, [data-k], .b", &["p3"]);
    check(&doc, "div:has(> .b)", &["d"]);
    doc.remove_attribute(p3, "class").unwrap();
    check(&doc, ".b", &[]);
    check(&doc, "div:has(> .b)", &[]);
    // Removing and replacing.
    let p1 = doc.select_first("#p1").unwrap().unwrap();
    doc.remove(p1).unwrap();
    check(&doc, "p", &["p3", "p2"]);
    let em = doc.create_html_element("em");
    doc.replace_with(p3, em).unwrap();
    check(&doc, "div > *", &["?", "p2"]);
    // A cloned document keeps a correct index of its own.
    let copy = doc.clone();
    check(&copy, "div > *", &["?", "p2"]);
}

#[test]
fn quirks_mode_changed_after_a_select() {
    let mut doc = parse_document(
        "<!DOCTYPE html><p id=Main class=Note></p>",
        ParseOptions::default(),
    );
    assert_eq!(doc.select(".note").unwrap().count(), 0);
    assert_eq!(doc.select("#main").unwrap().count(), 0);
    doc.quirks_mode = DomQuirksMode::Quirks;
    assert_eq!(doc.select(".note").unwrap().count(), 1);
    assert_eq!(doc.select("#main").unwrap().count(), 1);
    doc.quirks_mode = DomQuirksMode::NoQuirks;
    assert_eq!(doc.select(".Note").unwrap().count(), 1);
    assert_eq!(doc.select(".note").unwrap().count(), 0);
}

#[test]
fn documents_stay_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Document>();
    assert_send_sync::<Selector>();
}

#[test]
fn the_index_is_built_by_the_second_query_and_dropped_by_edits() {
    let mut doc = parse_document("<p class=a>1</p><p>2</p>", ParseOptions::default());
    let bare = doc.heap_bytes();
    // One query walks the tree: no index.
    assert_eq!(doc.select("p").unwrap().count(), 2);
    assert_eq!(doc.heap_bytes(), bare);
    // The second builds it.
    assert_eq!(doc.select(".a").unwrap().count(), 1);
    let indexed = doc.heap_bytes();
    assert!(indexed > bare);
    // select_in, matches and closest neither use nor build it.
    let p = doc.find_element("p").unwrap();
    let sel = Selector::parse("p").unwrap();
    assert!(doc.matches(p, &sel));
    assert_eq!(doc.select_in(doc.root(), &sel).count(), 2);
    assert_eq!(doc.heap_bytes(), indexed);
    // An edit drops it; the next query walks again, the one after rebuilds it.
    doc.set_attribute(p, "class", "b").unwrap();
    let edited = doc.heap_bytes();
    assert!(edited < indexed);
    assert_eq!(doc.select(".a").unwrap().count(), 0);
    assert_eq!(doc.heap_bytes(), edited);
    assert_eq!(doc.select(".b").unwrap().count(), 1);
    assert!(doc.heap_bytes() > edited);
}

/// `matches` and `closest` (which answer `:has()` beforehand for one element's region, or
/// the whole tree) agree with the matcher's own search on every element.
#[test]
fn matches_and_closest_agree_with_plain_matching() {
    for html in INDEX_DOCS {
        let doc = parse_document(html, ParseOptions::default());
        for s in INDEX_SELECTORS.iter().filter(|s| s.contains(":has")) {
            let sel = Selector::parse(s).unwrap();
            let all = brute_force(&doc, doc.root(), &sel);
            for n in doc.descendants(doc.root()).filter(|&n| doc.is_element(n)) {
                assert_eq!(
                    doc.matches(n, &sel),
                    all.contains(&n),
                    "{s} at {n:?} of {html}"
                );
                let want = std::iter::once(n)
                    .chain(doc.ancestors(n))
                    .find(|a| all.contains(a));
                assert_eq!(doc.closest(n, &sel), want, "closest {s} at {n:?} of {html}");
            }
        }
    }
}

/// A [`Matcher`] (one set of answers for many calls) agrees with the one-call
/// `Document::matches` on every node, text and template contents included, whatever order
/// the nodes are asked in; its `closest` is the nearest inclusive ancestor that
/// `Document::matches` accepts.
#[test]
fn a_matcher_agrees_with_one_call_matching() {
    for html in INDEX_DOCS {
        let mut doc = parse_document(html, ParseOptions::default());
        let detached = doc.create_html_element("p");
        let img = doc.create_html_element("img");
        doc.append_child(detached, img).unwrap();
        // Every node: template contents and the detached element included.
        let nodes: Vec<NodeId> = doc.node_ids().collect();
        for s in INDEX_SELECTORS {
            let sel = Selector::parse(s).unwrap();
            for order in [false, true] {
                let mut m = doc.matcher(&sel);
                let mut nodes = nodes.clone();
                if order {
                    nodes.reverse();
                }
                for &n in &nodes {
                    assert_eq!(m.matches(n), doc.matches(n, &sel), "{s} at {n:?} of {html}");
                    let want = std::iter::once(n)
                        .chain(doc.ancestors(n))
                        .find(|&a| doc.is_element(a) && doc.matches(a, &sel));
                    assert_eq!(m.closest(n), want, "closest {s} at {n:?}");
                }
            }
        }
    }
}
