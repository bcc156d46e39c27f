//! The JSON form of a report: the object `websyntax check --format json` writes for a file,
//! shared by the command and the bindings (the npm package's `check()`), so that both write
//! the same bytes.

use std::io::{self, Write};

use serde_json::json;

use crate::{Diagnostic, Report};

impl Report<'_> {
    /// Writes the report as the JSON object of `websyntax check --format json` (no line
    /// break): `{"diagnostics":[…],"encoding":NAME`, then `"file":FILE` when `file` is given,
    /// `"omitted":N` when diagnostics were left out, then whatever `more` writes (members whose
    /// keys sort after `omitted`, each starting with a comma), then `}`. The keys are in sorted
    /// order, as serde_json writes an object.
    ///
    /// ```
    /// use websyntax_check::{check, CheckOptions};
    /// let report = check(b"<!DOCTYPE html><meta charset=utf-8><p>\0", &CheckOptions::default());
    /// let mut out = Vec::new();
    /// report.write_json(&mut out, Some("a.html"), |_| Ok(())).unwrap();
    /// let text = String::from_utf8(out).unwrap();
    /// // The first diagnostic says how the encoding was determined; the NUL's follow.
    /// assert!(text.starts_with(r#"{"diagnostics":[{"category":"encoding","code":"encoding-determined""#));
    /// assert!(text.contains(r#"{"category":"parse","code":"unexpected-null-character""#));
    /// assert!(text.ends_with(r#"],"encoding":"UTF-8","file":"a.html"}"#));
    /// ```
    pub fn write_json(
        &self,
        out: &mut Vec<u8>,
        file: Option<&str>,
        more: impl FnOnce(&mut Vec<u8>) -> io::Result<()>,
    ) -> io::Result<()> {
        out.write_all(b"{\"diagnostics\":[")?;
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            serde_json::to_writer(&mut *out, &d.to_json())?;
        }
        out.write_all(b"],\"encoding\":")?;
        serde_json::to_writer(&mut *out, self.encoding.name())?;
        if let Some(name) = file {
            out.write_all(b",\"file\":")?;
            serde_json::to_writer(&mut *out, name)?;
        }
        if self.omitted > 0 {
            write!(out, ",\"omitted\":{}", self.omitted)?;
        }
        more(out)?;
        out.push(b'}');
        Ok(())
    }
}

impl Diagnostic {
    /// The diagnostic as a JSON object: the keys of the CLI's contract, `count`, and
    /// `related` (`null` unless the diagnostic has a second place).
    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "category": self.category.as_str(),
            "code": self.code,
            "severity": self.severity.as_str(),
            "message": self.message,
            "line": self.line,
            "col": self.col,
            "span": self.span.map(|s| [s.start, s.end]),
            "count": self.count,
            "related": self.related.as_ref().map(|r| json!({
                "span": [r.span.start, r.span.end],
                "line": r.line,
                "col": r.col,
                "message": r.message,
            })),
        })
    }
}
