//! A generator of hostile HTML shapes: inputs built to make a parser that walks its stack of
//! open elements, its list of active formatting elements or an element's attributes take
//! quadratic time. Each shape is a function of a size `n` (input length grows linearly in
//! `n`); a linear-time parser takes about 4 times as long (and as much work) at `4n` as at
//! `n`, a quadratic one 16 times.
//!
//! Shared by the growth test (`tests/hostile_growth.rs`, which counts work) and the
//! `html_hostile` bench (which times).

#![allow(dead_code)]

/// One hostile shape.
pub struct Shape {
    /// A short name (`family/variant`).
    pub name: &'static str,
    /// The input for size `n`.
    pub make: fn(usize) -> String,
    /// Whether the shape stresses the tokenizer only (the growth test's work counter sees the
    /// tree builder; these are timed by the bench).
    pub tokenizer: bool,
}

fn rep(s: &str, n: usize) -> String {
    s.repeat(n)
}

fn join(n: usize, f: impl Fn(usize) -> String) -> String {
    (0..n).map(f).collect()
}

/// `n` nested `<tag>` start tags followed by `n` copies of `tail`.
fn deep_then(tag: &str, n: usize, tail: &str) -> String {
    let mut s = rep(&format!("<{tag}>"), n);
    s.push_str(&rep(tail, n));
    s
}

/// Every shape.
pub fn shapes() -> Vec<Shape> {
    fn tb(name: &'static str, make: fn(usize) -> String) -> Shape {
        Shape {
            name,
            make,
            tokenizer: false,
        }
    }
    fn tk(name: &'static str, make: fn(usize) -> String) -> Shape {
        Shape {
            name,
            make,
            tokenizer: true,
        }
    }
    vec![
        // End tags and scope checks under a deep stack.
        tb("end/span-h1", |n| deep_then("span", n, "</h1>")),
        tb("end/span-div", |n| deep_then("span", n, "</div>")),
        tb("end/span-unknown", |n| deep_then("span", n, "</x>")),
        tb("end/custom-other-custom", |n| deep_then("x-a", n, "</x-b>")),
        tb("end/span-body-x", |n| deep_then("span", n, "</body>x")),
        tb("end/span-html-x", |n| deep_then("span", n, "</html><i>")),
        tb("end/p-button-span-p", |n| {
            format!("<p><button>{}", deep_then("span", n, "</p>"))
        }),
        tb("end/span-li-end", |n| deep_then("span", n, "</li>")),
        tb("end/span-dd-end", |n| deep_then("span", n, "</dd>")),
        tb("end/span-heading-end", |n| deep_then("span", n, "</h3>")),
        tb("end/span-form-end", |n| deep_then("span", n, "</form>")),
        tb("end/span-applet-end", |n| deep_then("span", n, "</applet>")),
        tb("end/span-br-end", |n| deep_then("span", n, "</br>")),
        tb("end/div-matching", |n| deep_then("div", n, "</div>")),
        tb("end/x-matching", |n| deep_then("x", n, "</x>")),
        tb("end/rb-body", |n| deep_then("rb", n, "</body><rb>")),
        // Start tags that look down the stack.
        tb("start/div-li", |n| deep_then("div", n, "<li></li>")),
        tb("start/div-dd", |n| deep_then("div", n, "<dd></dd>")),
        tb("start/span-li", |n| deep_then("span", n, "<li>")),
        tb("start/p-button-div", |n| {
            format!("<p><button>{}", rep("<div>", n))
        }),
        tb("start/span-p", |n| deep_then("span", n, "<p>")),
        tb("start/span-button", |n| deep_then("span", n, "<button>")),
        tb("start/span-nobr", |n| deep_then("span", n, "<nobr>")),
        tb("start/span-rb", |n| {
            format!("<ruby>{}", deep_then("span", n, "<rt>"))
        }),
        tb("start/span-form", |n| deep_then("span", n, "<form>")),
        // Reset the insertion mode.
        tb("mode/span-table", |n| {
            deep_then("span", n, "<table></table>")
        }),
        tb("mode/span-select", |n| {
            deep_then("span", n, "<select></select>")
        }),
        tb("mode/td-span-select", |n| {
            format!(
                "<table><tr><td>{}",
                deep_then("span", n, "<select></select>")
            )
        }),
        tb("mode/span-template", |n| {
            deep_then("span", n, "<template></template>")
        }),
        tb("mode/template-deep", |n| {
            deep_then("template", n, "</template>")
        }),
        tb("mode/table-in-table", |n| rep("<table>", n)),
        tb("mode/cells", |n| rep("<table><tr><td>", n)),
        tb("mode/caption", |n| rep("<table><caption>", n)),
        tb("mode/select-in-table", |n| {
            format!("<table><tr><td><select>{}", rep("<option><td>", n))
        }),
        // Deep nesting of element kinds, closed at EOF.
        tb("deep/div", |n| rep("<div>", n)),
        tb("deep/span", |n| rep("<span>", n)),
        tb("deep/a", |n| rep("<a>", n)),
        tb("deep/b", |n| rep("<b>", n)),
        tb("deep/ul-li", |n| rep("<ul><li>", n)),
        tb("deep/dl", |n| rep("<dl><dt><dd>", n)),
        tb("deep/object", |n| rep("<object>", n)),
        tb("deep/button", |n| rep("<button>", n)),
        tb("deep/select-option", |n| {
            format!("<select>{}", rep("<option>", n))
        }),
        tb("deep/optgroup", |n| {
            format!("<select>{}", rep("<optgroup><option>", n))
        }),
        tb("deep/template", |n| rep("<template>", n)),
        tb("deep/custom", |n| rep("<x-y>", n)),
        tb("deep/ruby-rb", |n| rep("<rb>", n)),
        tb("deep/frameset", |n| rep("<frameset>", n)),
        tb("deep/form", |n| rep("<form><div>", n)),
        // Foreign content.
        tb("foreign/svg-g-unknown-end", |n| {
            format!("<svg>{}", deep_then("g", n, "</x>"))
        }),
        tb("foreign/svg-g-matching", |n| {
            format!("<svg>{}", deep_then("g", n, "</g>"))
        }),
        tb("foreign/svg-mixed-case-end", |n| {
            format!(
                "<svg>{}",
                deep_then("linearGradient", n, "</foreignobject>")
            )
        }),
        tb("foreign/math-mi-end", |n| {
            format!("<math>{}", deep_then("mrow", n, "</mi>"))
        }),
        tb("foreign/svg-breakout", |n| rep("<svg><g><g><g><div>", n)),
        tb("foreign/foreignobject", |n| rep("<svg><foreignObject>", n)),
        tb("foreign/annotation-xml-attrs", |n| {
            format!(
                "<math><annotation-xml encoding=text/html {}>{}",
                join(n, |i| format!("a{i} ")),
                rep("<!---->", n)
            )
        }),
        tb("foreign/svg-comments", |n| {
            format!("<svg>{}{}", rep("<g>", n), rep("<!--x-->", n))
        }),
        // Tables and foster parenting.
        tb("table/foster-text", |n| {
            format!("<table>{}", rep("a<tr>", n))
        }),
        tb("table/foster-div", |n| {
            format!("<table>{}", rep("<div>", n))
        }),
        tb("table/foster-b", |n| format!("<table>{}", rep("<b>x", n))),
        tb("table/span-end-table", |n| {
            format!("<table><tr><td>{}", deep_then("span", n, "</table>"))
        }),
        tb("table/cell-end", |n| {
            format!("<table><tr><td>{}", deep_then("span", n, "</td><td>"))
        }),
        // Formatting elements and the adoption agency algorithm.
        tb("afe/distinct-b", |n| join(n, |i| format!("<b x={i}>"))),
        tb("afe/identical-b", |n| rep("<b>", n)),
        tb("afe/distinct-b-a", |n| {
            format!("{}{}", join(n, |i| format!("<b x={i}>")), rep("<a></a>", n))
        }),
        tb("afe/distinct-b-i-end", |n| {
            format!("{}{}", join(n, |i| format!("<b x={i}>")), rep("</i>", n))
        }),
        tb("afe/b-div-b-end", |n| {
            format!("<b>{}", deep_then("div", n, "</b>"))
        }),
        tb("afe/a-div-a-end", |n| {
            format!("<a>{}", deep_then("div", n, "</a>"))
        }),
        tb("afe/b-span-b-end", |n| {
            format!("<b>{}", deep_then("span", n, "</b>"))
        }),
        tb("afe/b-span-div-b-end", |n| {
            format!("<b>{}{}", rep("<span><div>", n), rep("</b>", n))
        }),
        tb("afe/b-span-div-b-end-push", |n| {
            format!("<b>{}{}", rep("<span><div>", n), rep("</b><i></i>", n))
        }),
        tb("afe/nested-b-span-div-b-end", |n| {
            format!("{}{}", rep("<b><span><div>", n), rep("</b>", n))
        }),
        tb("afe/a-span-div-a-start", |n| {
            format!("<a>{}{}", rep("<span><div>", n), rep("<a>", n))
        }),
        tb("afe/bi-span-div-misnested", |n| {
            format!(
                "<b><i><u>{}{}",
                rep("<span><div>", n),
                rep("</b></i></u>", n)
            )
        }),
        tb("afe/b-span-div-b-end-x", |n| {
            format!("<b>{}{}", rep("<span><div>", n), rep("</b>x", n))
        }),
        tb("afe/b-span-div-b-end-select", |n| {
            format!(
                "<b>{}{}",
                rep("<span><div>", n),
                rep("</b><select><optgroup><option></optgroup></select>", n)
            )
        }),
        tb("end/form-deep-repeat", |n| {
            format!("{}{}", rep("<form><span>", n), rep("</form>", n))
        }),
        tb("afe/div-b-div-b-end", |n| {
            format!("{}{}", rep("<div><b>", n), rep("</b>", n))
        }),
        tb("afe/misnested", |n| rep("<b><i>x</b></i>", n)),
        tb("afe/misnested-deep", |n| {
            format!("{}x{}", rep("<b><i>", n), rep("</b></i>", n))
        }),
        tb("afe/a-p", |n| rep("<a><p>", n)),
        tb("afe/nobr", |n| rep("<nobr>x", n)),
        tb("afe/noah-attrs", |n| {
            let attrs: String = (0..20).map(|i| format!(" a{i}")).collect();
            join(n, |k| format!("<b{attrs} z={k}>"))
        }),
        tb("afe/noah-removal", |n| {
            format!(
                "<b><b><b>{}{}",
                join(n, |i| format!("<i x={i}>")),
                rep("<b>", n)
            )
        }),
        tb("afe/object-markers", |n| rep("<b><object>", n)),
        tb("afe/cell-markers", |n| {
            format!("<table><tr>{}", rep("<td><b>x", n))
        }),
        // Attribute storms.
        tb("attrs/body-merge", |n| join(n, |i| format!("<body a{i}>"))),
        tb("attrs/html-merge", |n| join(n, |i| format!("<html a{i}>"))),
        tb("attrs/second-body-many", |n| {
            format!("<body><body {}>", join(n, |i| format!("a{i} ")))
        }),
        tb("attrs/one-tag-many", |n| {
            format!("<p {}>", join(n, |i| format!("a{i} ")))
        }),
        tb("attrs/duplicates", |n| format!("<p {}>", rep("a ", n))),
        tb("attrs/foreign-many", |n| {
            format!("<svg><g {}>", join(n, |i| format!("xlink:a{i} ")))
        }),
        // Character references.
        tk("charref/amp", |n| rep("&amp;", n)),
        tk("charref/bare-amp", |n| rep("&", n)),
        tk("charref/numeric", |n| rep("&#x41;", n)),
        tk("charref/unterminated-prefix", |n| rep("&notin", n)),
        tk("charref/long-unknown", |n| format!("&{}", rep("a", n))),
        tk("charref/in-attribute", |n| {
            format!("<p a=\"{}\">", rep("&amp;", n))
        }),
        tk("charref/huge-numeric", |n| format!("&#{};", rep("9", n))),
        // Tokenizer storms.
        tk("tok/lt", |n| rep("<", n)),
        tk("tok/end-lt", |n| rep("</", n)),
        tk("tok/bang", |n| rep("<!", n)),
        tk("tok/comment-open", |n| format!("<!--{}", rep("-", n))),
        tk("tok/comments", |n| rep("<!---->", n)),
        tk("tok/doctype", |n| rep("<!DOCTYPE a>", n)),
        tk("tok/nul", |n| rep("\0", n)),
        tk("tok/crlf", |n| rep("\r\n", n)),
        tk("tok/rcdata-near-end", |n| {
            format!("<title>{}", rep("</titl", n))
        }),
        tk("tok/script-near-end", |n| {
            format!("<script>{}", rep("</scrip", n))
        }),
        tk("tok/script-escapes", |n| {
            format!("<script><!--{}", rep("<script>", n))
        }),
        tk("tok/long-tag-name", |n| format!("<{}>", rep("a", n))),
        tk("tok/long-attr-value", |n| {
            format!("<p a=\"{}\">", rep("v", n))
        }),
        tk("tok/unclosed-attr", |n| format!("<p {}", rep("a=b ", n))),
        tk("tok/cdata", |n| format!("<svg><![CDATA[{}", rep("]]", n))),
        tk("tok/plaintext", |n| {
            format!("<plaintext>{}", rep("</plaintext>", n))
        }),
    ]
}

/// One hostile query: a document and a selector, both functions of a size `n`, built so that
/// a matcher that searches from every element (`:has()` without memoized answers, an
/// ancestor walk per element, a substring test at every byte) takes quadratic time.
pub struct QueryShape {
    /// A short name (`select/…`).
    pub name: &'static str,
    /// The selector for size `n`.
    pub selector: fn(usize) -> String,
    /// The document for size `n`.
    pub make: fn(usize) -> String,
    /// Whether the `selectors` crate checks its own work in debug builds here (its
    /// `:nth-*()` index cache is verified by recomputing each index without it, which is
    /// quadratic on a long sibling list): the growth test skips these with debug assertions.
    pub debug_checked: bool,
}

/// Every hostile query.
pub fn query_shapes() -> Vec<QueryShape> {
    fn q(
        name: &'static str,
        selector: fn(usize) -> String,
        make: fn(usize) -> String,
    ) -> QueryShape {
        QueryShape {
            name,
            selector,
            make,
            debug_checked: name.starts_with("select/nth"),
        }
    }
    vec![
        // :has() over a deep or long document: each anchor's search would cover the rest.
        q(
            "select/div-has-p-deep",
            |_| "div:has(p)".into(),
            |n| rep("<div>", n),
        ),
        q(
            "select/has-p-deep-found",
            |_| ":has(p)".into(),
            |n| format!("{}<p>", rep("<div>", n)),
        ),
        q(
            "select/div-has-child-p-deep",
            |_| "div:has(> p)".into(),
            |n| rep("<div>", n),
        ),
        q(
            "select/has-nonsubject-deep",
            |_| "div:has(p) > div".into(),
            |n| rep("<div>", n),
        ),
        q(
            "select/not-has-deep",
            |_| ":not(:has(p))".into(),
            |n| rep("<div>", n),
        ),
        q(
            "select/li-has-later-p",
            |_| "li:has(~ p)".into(),
            |n| rep("<li>", n),
        ),
        q(
            "select/li-has-later-li-p",
            |_| "li:has(~ li p)".into(),
            |n| rep("<li>x", n),
        ),
        q(
            "select/div-has-next-div-p",
            |_| "div:has(+ div p)".into(),
            |n| rep("<div></div>", n),
        ),
        q(
            "select/has-sibling-subtree-deep",
            |_| ":has(~ div p)".into(),
            |n| rep("<div></div><div>", n),
        ),
        // HTML's "actually disabled": a disabled fieldset ancestor, per form control.
        q(
            "select/input-disabled-nested",
            |_| "input:disabled".into(),
            |n| format!("<fieldset disabled>{}", rep("<div><input>", n)),
        ),
        q(
            "select/input-enabled-nested",
            |_| "input:enabled".into(),
            |n| rep("<div><input>", n),
        ),
        q(
            "select/read-only-nested",
            |_| ":read-only".into(),
            |n| rep("<div><textarea></textarea>", n),
        ),
        // Case-insensitive attribute value matching on a long value with a long selector.
        q(
            "select/attr-substring-i",
            |n| format!("[title*=\"{}b\" i]", rep("a", n / 2)),
            |n| format!("<p title=\"{}\">", rep("a", n)),
        ),
        q(
            "select/attr-prefix-suffix-includes-i",
            |n| {
                let a = rep("a", n / 2);
                format!("[title^=\"{a}b\" i], [title$=\"{a}b\" i], [title~=\"{a}b\" i]")
            },
            |n| format!("<p title=\"{}\">", rep("a ", n)),
        ),
        // Structural pseudo-classes over long sibling lists and deep trees.
        q(
            "select/nth-child-long",
            |_| "li:nth-child(2n+1)".into(),
            |n| rep("<li>", n),
        ),
        q(
            "select/nth-last-of-long",
            |_| ":nth-last-child(1 of li)".into(),
            |n| rep("<li>", n),
        ),
        q(
            "select/empty-deep",
            |_| ":empty".into(),
            |n| rep("<div>", n),
        ),
    ]
}
