//! The html5lib-tests tree format (the `#document` section of tree-construction `.dat` files).

use std::io::{self, Write};

use super::{AttrNamespace, Document, Namespace, NodeData, NodeId, WalkEvent};

const SPACES: &[u8; 256] = &[b' '; 256];

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
        let mut out = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = self.write_test_tree(root, &mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    /// [`to_test_tree`](Self::to_test_tree), written line by line to `out` instead of being
    /// built in memory (no trailing newline): memory stays constant whatever the document's
    /// size, and there is no recursion, so any depth is fine. Stops at the first write error.
    ///
    /// An attribute in a namespace is printed as the namespace's conventional prefix, a space
    /// and its local name, as html5lib-tests' own dumper does: `xlink href`, `xml lang`,
    /// `xmlns xlink`, and `xmlns xmlns` for the `xmlns` attribute of an `svg` or `math` element.
    ///
    /// ```
    /// use websyntax_html::{parse_document, ParseOptions};
    /// let doc = parse_document("<svg xmlns='http://www.w3.org/2000/svg'>", ParseOptions::default());
    /// let mut out = Vec::new();
    /// doc.write_test_tree(doc.root(), &mut out).unwrap();
    /// let text = String::from_utf8(out).unwrap();
    /// assert!(text.ends_with("|     <svg svg>\n|       xmlns xmlns=\"http://www.w3.org/2000/svg\""));
    /// ```
    pub fn write_test_tree(&self, root: NodeId, out: &mut dyn Write) -> io::Result<()> {
        let mut first = true;
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
            let mut line = |out: &mut dyn Write, extra_indent: usize, text: &str| {
                if !first {
                    out.write_all(b"\n")?;
                }
                first = false;
                out.write_all(b"| ")?;
                // Indentation in pieces (a format width is limited to u16).
                let mut n = indent + extra_indent;
                while n > 0 {
                    let k = n.min(SPACES.len());
                    out.write_all(&SPACES[..k])?;
                    n -= k;
                }
                out.write_all(text.as_bytes())
            };
            match self.data(id) {
                NodeData::Document | NodeData::Fragment => {}
                NodeData::ShadowRoot(s) => {
                    line(out, 0, &format!("#shadow-root ({})", s.mode))?;
                }
                NodeData::Doctype(d) => {
                    let s = if d.public_id.is_empty() && d.system_id.is_empty() {
                        format!("<!DOCTYPE {}>", d.name)
                    } else {
                        format!(
                            "<!DOCTYPE {} \"{}\" \"{}\">",
                            d.name, d.public_id, d.system_id
                        )
                    };
                    line(out, 0, &s)?;
                }
                NodeData::Text(t) => line(out, 0, &format!("\"{t}\""))?,
                NodeData::Comment(t) => line(out, 0, &format!("<!-- {t} -->"))?,
                NodeData::ProcessingInstruction { target, data } => {
                    line(out, 0, &format!("<?{target} {data}?>"))?
                }
                NodeData::Element(e) => {
                    let s = match e.namespace() {
                        Namespace::Html => format!("<{}>", e.name()),
                        Namespace::Svg => format!("<svg {}>", e.name()),
                        Namespace::MathMl => format!("<math {}>", e.name()),
                    };
                    line(out, 0, &s)?;
                    let mut attrs: Vec<(String, &str)> = self
                        .attrs(id)
                        .map(|a| {
                            // The namespace's conventional prefix, as html5lib-tests prints it
                            // (`xmlns xmlns` for an `xmlns` attribute, which has no prefix).
                            let n = match a.namespace() {
                                AttrNamespace::None => a.name().to_string(),
                                AttrNamespace::Xml => format!("xml {}", a.name()),
                                AttrNamespace::Xmlns => format!("xmlns {}", a.name()),
                                AttrNamespace::XLink => format!("xlink {}", a.name()),
                            };
                            (n, a.value())
                        })
                        .collect();
                    attrs.sort();
                    for (n, v) in attrs {
                        line(out, 2, &format!("{n}=\"{v}\""))?;
                    }
                    if let Some(t) = e.template_contents() {
                        line(out, 2, "content")?;
                        // Template contents are walked as the template's children: shift them
                        // one level further.
                        let _ = t;
                        extra.push((id, depth));
                        content_shift += 1;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{ParseOptions, parse_document};

    /// Counts bytes and lines without storing them.
    struct Count(usize, usize);

    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            self.1 += buf.iter().filter(|&&b| b == b'\n').count();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn indentation_beyond_a_format_width() {
        // Depth 33,000: indentation beyond 65,535 spaces (the limit of a `{:w$}` width).
        let n = 33_000;
        let doc = parse_document(&"<span>".repeat(n), ParseOptions::default());
        let mut c = Count(0, 0);
        doc.write_test_tree(doc.root(), &mut c).unwrap();
        assert_eq!(c.1, n + 2);
        // "| " + 2 spaces per depth + "<span>" on each of the n lines, plus html/head/body.
        let spans: usize = (0..n).map(|i| 2 + 2 * (i + 2) + 6 + 1).sum();
        assert_eq!(c.0, spans + "| <html>\n|   <head>\n|   <body>\n".len() - 1);
    }
}
