//! The html5lib-tests tree format (the `#document` section of tree-construction `.dat` files).

use super::{AttrNamespace, Document, Namespace, NodeData, NodeId, WalkEvent};

impl Document {
    /// The children of `root` in the html5lib-tests tree format: one `| ` line per node, two
    /// spaces of indentation per depth, attributes sorted by name, `content` for template
    /// contents. Lines are joined with `\n`, without a trailing newline.
    ///
    /// A shadow host's shadow root (no html5lib-tests convention exists) is a line
    /// `#shadow-root (open)` or `#shadow-root (closed)` one level below the host, before the
    /// host's children, with the shadow root's children one level below it.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<p>x", ParseOptions::default());
    /// assert_eq!(
    ///     doc.to_test_tree(doc.root()),
    ///     "| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"x\""
    /// );
    /// ```
    pub fn to_test_tree(&self, root: NodeId) -> String {
        let mut out = String::new();
        // Depth of template contents: each template adds a "content" level.
        let mut extra: Vec<(NodeId, usize)> = Vec::new();
        let mut content_shift = 0usize;
        for ev in self.walk_with_shadow_roots(root) {
            let (id, depth) = match ev {
                WalkEvent::Enter(id, d) => (id, d),
                WalkEvent::Exit(id, _) => {
                    if extra.last().is_some_and(|&(t, _)| t == id) {
                        extra.pop();
                        content_shift -= 1;
                    }
                    continue;
                }
            };
            if id == root {
                continue;
            }
            let indent = 2 * (depth - 1 + content_shift);
            let line = |out: &mut String, extra_indent: usize, text: &str| {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str("| ");
                for _ in 0..indent + extra_indent {
                    out.push(' ');
                }
                out.push_str(text);
            };
            match self.data(id) {
                NodeData::Document | NodeData::Fragment => {}
                NodeData::ShadowRoot(s) => line(&mut out, 0, &format!("#shadow-root ({})", s.mode)),
                NodeData::Doctype(d) => {
                    let s = if d.public_id.is_empty() && d.system_id.is_empty() {
                        format!("<!DOCTYPE {}>", d.name)
                    } else {
                        format!(
                            "<!DOCTYPE {} \"{}\" \"{}\">",
                            d.name, d.public_id, d.system_id
                        )
                    };
                    line(&mut out, 0, &s);
                }
                NodeData::Text(t) => line(&mut out, 0, &format!("\"{t}\"")),
                NodeData::Comment(t) => line(&mut out, 0, &format!("<!-- {t} -->")),
                NodeData::Element(e) => {
                    let s = match e.namespace() {
                        Namespace::Html => format!("<{}>", e.name()),
                        Namespace::Svg => format!("<svg {}>", e.name()),
                        Namespace::MathMl => format!("<math {}>", e.name()),
                    };
                    line(&mut out, 0, &s);
                    let mut attrs: Vec<(String, &str)> = e
                        .attrs()
                        .map(|a| {
                            let n = match (a.namespace(), a.prefix()) {
                                (AttrNamespace::None, _) => a.name().to_string(),
                                (_, Some(p)) => format!("{p} {}", a.name()),
                                (_, None) => a.name().to_string(),
                            };
                            (n, a.value())
                        })
                        .collect();
                    attrs.sort();
                    for (n, v) in attrs {
                        line(&mut out, 2, &format!("{n}=\"{v}\""));
                    }
                    if let Some(t) = e.template_contents() {
                        line(&mut out, 2, "content");
                        // Template contents are walked as the template's children: shift them
                        // one level further.
                        let _ = t;
                        extra.push((id, depth));
                        content_shift += 1;
                    }
                }
            }
        }
        out
    }
}
