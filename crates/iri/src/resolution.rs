//! RFC 3986 §5.2 reference resolution (strict), §5.2.4 `remove_dot_segments` and §5.3
//! component recomposition. RFC 3987 §6.5 applies the same algorithm to IRIs.

use crate::components::Reference;
use crate::error::ResolveError;
use crate::syntax::parse_reference;

/// Resolves `reference` against `base` (RFC 3986 §5.2, strict; RFC 3987 for IRIs).
///
/// Both are parsed as `IRI-reference` (which includes every `URI-reference`); the base must
/// have a scheme (§5.1); a fragment of the base is ignored (§5.2.1).
///
/// ```
/// use websyntax_iri::resolve;
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, "../g").unwrap(), "http://a/b/g");
/// assert_eq!(resolve(base, "../../../g").unwrap(), "http://a/g");
/// assert_eq!(resolve(base, "g;x=1/../y").unwrap(), "http://a/b/c/y");
/// assert_eq!(resolve(base, "?y").unwrap(), "http://a/b/c/d;p?y");
/// ```
pub fn resolve(base: &str, reference: &str) -> Result<String, ResolveError> {
    let b = parse_reference::<true>(base).map_err(ResolveError::Base)?;
    let r = parse_reference::<true>(reference).map_err(ResolveError::Reference)?;
    r.resolve_against(&b)
}

impl Reference<'_> {
    /// Resolves this reference against `base` (RFC 3986 §5.2.2, strict), recomposing the
    /// target (§5.3). Fails only when `base` has no scheme.
    ///
    /// ```
    /// use websyntax_iri::Reference;
    /// let base = Reference::parse_uri_reference("http://a/b/c/d;p?q").unwrap();
    /// let r = Reference::parse_uri_reference("//g/./x/..").unwrap();
    /// assert_eq!(r.resolve_against(&base).unwrap(), "http://g/");
    /// ```
    pub fn resolve_against(&self, base: &Reference<'_>) -> Result<String, ResolveError> {
        let Some(base_scheme) = base.scheme else {
            return Err(ResolveError::BaseNotAbsolute);
        };
        let r = self;
        let mut out = String::with_capacity(base.input.len() + r.input.len());
        // §5.2.2 transform references (strict: a reference with a scheme is taken as is).
        let (scheme, authority, query);
        let mut path_done = false;
        if let Some(s) = r.scheme {
            scheme = s;
            authority = r.authority.map(|a| a.text);
            query = r.query;
            recompose_head(&mut out, scheme, authority);
            remove_dot_segments_into(r.path, &mut out);
            path_done = true;
        } else if let Some(a) = r.authority {
            scheme = base_scheme;
            authority = Some(a.text);
            query = r.query;
            recompose_head(&mut out, scheme, authority);
            remove_dot_segments_into(r.path, &mut out);
            path_done = true;
        } else {
            scheme = base_scheme;
            authority = base.authority.map(|a| a.text);
            recompose_head(&mut out, scheme, authority);
            if r.path.is_empty() {
                out.push_str(base.path);
                query = r.query.or(base.query);
                path_done = true;
            } else {
                query = r.query;
            }
        }
        if !path_done {
            if r.path.starts_with('/') {
                remove_dot_segments_into(r.path, &mut out);
            } else {
                // §5.2.3 merge paths, then remove_dot_segments.
                let prefix = if base.authority.is_some() && base.path.is_empty() {
                    "/"
                } else {
                    base.path
                        .rfind('/')
                        .map_or("", |slash| &base.path[..=slash])
                };
                if !has_dot_segment(prefix) && !has_dot_segment(r.path) {
                    // Nothing to remove (the prefix ends at a segment boundary): skip the
                    // merged buffer.
                    out.push_str(prefix);
                    out.push_str(r.path);
                } else {
                    // The merged path, in a stack buffer when it is short.
                    let mut buf = [0u8; 256];
                    let n = prefix.len() + r.path.len();
                    let short = buf.get_mut(..n).and_then(|dst| {
                        dst[..prefix.len()].copy_from_slice(prefix.as_bytes());
                        dst[prefix.len()..].copy_from_slice(r.path.as_bytes());
                        std::str::from_utf8(dst).ok()
                    });
                    match short {
                        Some(merged) => remove_dot_segments_into(merged, &mut out),
                        None => {
                            let merged = [prefix, r.path].concat();
                            remove_dot_segments_into(&merged, &mut out);
                        }
                    }
                }
            }
        }
        // §5.3 component recomposition (query and fragment).
        if let Some(q) = query {
            out.push('?');
            out.push_str(q);
        }
        if let Some(f) = r.fragment {
            out.push('#');
            out.push_str(f);
        }
        Ok(out)
    }
}

/// §5.3: `scheme ":"` and `"//" authority`.
fn recompose_head(out: &mut String, scheme: &str, authority: Option<&str>) {
    out.push_str(scheme);
    out.push(':');
    if let Some(a) = authority {
        out.push_str("//");
        out.push_str(a);
    }
}

/// RFC 3986 §5.2.4 `remove_dot_segments`.
///
/// ```
/// use websyntax_iri::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    out
}

/// §5.2.4, appending the output buffer to `out` (whose existing content is left alone).
pub(crate) fn remove_dot_segments_into(path: &str, out: &mut String) {
    let start = out.len();
    // Fast path: no dot segment at all.
    if !has_dot_segment(path) {
        out.push_str(path);
        return;
    }
    let mut input = path;
    // 2. While the input buffer is not empty, loop:
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            // A. remove a "../" prefix
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            // A. remove a "./" prefix
            input = rest;
        } else if input.starts_with("/./") {
            // B. replace a "/./" prefix with "/"
            input = &input[2..];
        } else if input == "/." {
            // B. replace "/." (a complete segment) with "/"
            input = "/";
        } else if input.starts_with("/../") {
            // C. replace "/../" with "/" and remove the last output segment
            input = &input[3..];
            pop_segment(out, start);
        } else if input == "/.." {
            // C. replace "/.." with "/" and remove the last output segment
            input = "/";
            pop_segment(out, start);
        } else if input == "." || input == ".." {
            // D. remove a lone "." or ".."
            input = "";
        } else {
            // E. move the first path segment (with its leading "/", if any) to the output
            let from = usize::from(input.starts_with('/'));
            let end = input.as_bytes()[from..]
                .iter()
                .position(|&c| c == b'/')
                .map_or(input.len(), |k| k + from);
            out.push_str(&input[..end]);
            input = &input[end..];
        }
    }
}

/// Whether a segment of `path` is "." or "..".
#[inline]
fn has_dot_segment(path: &str) -> bool {
    let b = path.as_bytes();
    // Each "." that starts a segment: the segment is "." or "..".
    b.iter().enumerate().any(|(i, &c)| {
        c == b'.'
            && (i == 0 || b[i - 1] == b'/')
            && match b.get(i + 1) {
                None | Some(b'/') => true,
                Some(b'.') => matches!(b.get(i + 2), None | Some(b'/')),
                Some(_) => false,
            }
    })
}

/// Removes the last segment and its preceding "/" (if any) from `out[start..]`.
fn pop_segment(out: &mut String, start: usize) {
    let cut = out[start..].rfind('/').map_or(start, |k| start + k);
    out.truncate(cut);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_algorithm_quirks() {
        // §5.2 as written: the merged path "//g" turns into an authority.
        assert_eq!(resolve("a:/b", ".//g").unwrap(), "a://g");
        // Base fragment ignored (§5.2.1); reference fragment kept.
        assert_eq!(resolve("http://a/b#f", "").unwrap(), "http://a/b");
        assert_eq!(resolve("http://a/b?q#f", "#g").unwrap(), "http://a/b?q#g");
        // Authority with empty path: merge gives "/" + reference (§5.2.3).
        assert_eq!(resolve("http://a", "g").unwrap(), "http://a/g");
        // No authority, rootless base path.
        assert_eq!(resolve("mailto:x@y", "z").unwrap(), "mailto:z");
        // IRIs resolve the same way (RFC 3987 §6.5).
        assert_eq!(resolve("http://é/ü/", "../ö").unwrap(), "http://é/ö");
        assert!(matches!(
            resolve("g", "h"),
            Err(ResolveError::BaseNotAbsolute)
        ));
        assert!(matches!(
            resolve("http://a/", "a b"),
            Err(ResolveError::Reference(_))
        ));
        // A merged path longer than the stack buffer.
        let long = "x".repeat(300);
        let base = format!("http://a/{long}/b/c");
        assert_eq!(
            resolve(&base, "../g").unwrap(),
            format!("http://a/{long}/g")
        );
        assert_eq!(
            resolve(&base, "./é/../g").unwrap(),
            format!("http://a/{long}/b/g")
        );
    }
}
