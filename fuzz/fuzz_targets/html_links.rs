#![no_main]
//! `Document::links` and the document base URL on random documents. The first byte picks the
//! document URL (none, `http:`, `file:`, `data:`) and the query encoding (UTF-8,
//! windows-1252, Shift_JIS, UTF-16LE); the rest, lossily UTF-8 decoded, is the document.
//! Checks: no panic; the links are exactly the URL-bearing attributes of `URL_ATTRIBUTES` on
//! HTML elements outside template contents, in tree and attribute order, each `raw` being the
//! attribute's value from the DOM (for `srcset`/`imagesrcset`, the URLs of `parse_srcset`,
//! each a slice of the value at its offset); `base_url_with_encoding` (and `base_url`, with
//! UTF-8) is the first `<base href>`'s value parsed against the document URL, or the document
//! URL when there is none, it fails or it is a `data:` or `javascript:` URL (computed by a naive
//! walk); every link's URL is the encoding-parse of `raw` against that base (against the
//! document URL for a `base`'s own `href`; an empty `action`/`formaction` is the document URL
//! itself), its validation error positions lie in `raw`, and a resolved URL's href reparses
//! to itself. Spans: a link's span lies in the input on character boundaries; for a
//! one-URL attribute it is the attribute value's span; for a `srcset` candidate it lies in the
//! value's span; a narrowed span (not the whole value's) is exactly the candidate's URL, and
//! a value that is its source text (`AttrRef::value_is_verbatim`: no `&`, NUL or CR) and ASCII
//! is always narrowed.
use libfuzzer_sys::fuzz_target;
use websyntax::encoding::Encoding;
use websyntax::html::links::{URL_ATTRIBUTES, UrlAttributeKind, parse_srcset};
use websyntax::html::{NodeId, ParseOptions, Span, parse_document};
use websyntax::url::Url;

const DOCUMENT_URLS: [Option<&str>; 4] = [
    None,
    Some("http://example.org/dir/page.html?q=1#top"),
    Some("file:///C:/dir/page.html"),
    Some("data:text/html,<a href=x>"),
];

fn in_input<'a>(input: &'a str, s: Span) -> &'a str {
    let (start, end) = (s.start, s.end);
    assert!(
        start <= end && end <= input.len(),
        "span {s:?} of {}",
        input.len()
    );
    assert!(
        input.is_char_boundary(start) && input.is_char_boundary(end),
        "span {s:?} not on character boundaries"
    );
    &input[start..end]
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let document_url =
        DOCUMENT_URLS[usize::from(flags & 3)].map(|u| Url::parse(u, None).expect("valid URL"));
    let document_url = document_url.as_ref();
    let encoding = [
        Encoding::UTF_8,
        Encoding::WINDOWS_1252,
        Encoding::SHIFT_JIS,
        Encoding::UTF_16LE,
    ][usize::from(flags >> 2) & 3];
    let input = String::from_utf8_lossy(rest);
    let doc = parse_document(&input, ParseOptions::default());
    let links = doc.links(document_url, encoding);

    // The base URL, naively.
    let base_href = doc
        .descendants(doc.root())
        .filter(|&id| doc.is_html_element(id, "base"))
        .find_map(|id| doc.attribute(id, "href"));
    let base = |enc: Encoding| match base_href {
        // A `data:` or `javascript:` URL is not a base URL (§4.2.3).
        Some(href) => Url::parse_with_encoding(href, document_url, enc)
            .ok()
            .filter(|u| !matches!(u.scheme(), "data" | "javascript"))
            .or_else(|| document_url.cloned()),
        None => document_url.cloned(),
    };
    let href = |u: Option<Url>| u.map(|u| u.href().to_owned());
    let base_url = base(encoding);
    assert_eq!(
        href(doc.base_url_with_encoding(document_url, encoding)),
        href(base_url.clone()),
        "base URL"
    );
    assert_eq!(
        href(doc.base_url(document_url)),
        href(base(Encoding::UTF_8))
    );

    // The expected links, naively: (element, attribute, raw, value span, value).
    let mut want: Vec<(NodeId, String, &str, Option<Span>, &str)> = Vec::new();
    for id in doc.descendants(doc.root()) {
        let Some(name) = doc.local_name(id) else {
            continue;
        };
        if !doc.is_html_element(id, name) {
            continue;
        }
        for a in doc.attrs(id) {
            if a.prefix().is_some() {
                continue;
            }
            let Some(u) = URL_ATTRIBUTES
                .iter()
                .find(|u| u.element == name && u.attr == a.name())
            else {
                continue;
            };
            let value = a.value();
            match u.kind {
                UrlAttributeKind::Url => {
                    want.push((id, a.name().to_owned(), value, a.value_span(), value));
                }
                UrlAttributeKind::Srcset => {
                    for c in parse_srcset(value) {
                        assert_eq!(value.get(c.offset..c.offset + c.url.len()), Some(c.url));
                        assert!(!c.url.is_empty());
                        want.push((id, a.name().to_owned(), c.url, a.value_span(), value));
                    }
                }
            }
        }
    }
    assert_eq!(links.len(), want.len(), "number of links");
    for (link, (id, attr, raw, value_span, value)) in links.iter().zip(&want) {
        assert_eq!(link.element, *id);
        assert_eq!(link.attr, attr);
        assert_eq!(link.raw, *raw);
        // The URL: parsed against the document base URL (a base's own href: the fallback).
        let against = if doc.is_html_element(*id, "base") {
            document_url
        } else {
            base_url.as_ref()
        };
        // An empty form action is the document's URL itself (§4.10.21.3).
        let empty_action = raw.is_empty() && matches!(attr.as_str(), "action" | "formaction");
        let expected = match document_url {
            Some(u) if empty_action => Ok(u.clone()),
            _ => Url::parse_with_encoding(raw, against, encoding),
        };
        match (&link.url, &expected) {
            (Ok(a), Ok(b)) => assert_eq!(a.href(), b.href(), "URL of {raw:?}"),
            (Err(a), Err(b)) => assert_eq!(a, b, "failure of {raw:?}"),
            _ => panic!("{raw:?}: {:?} but {:?}", link.url, expected),
        }
        for e in &link.errors {
            assert!(e.position <= raw.len(), "{e} in {raw:?}");
        }
        if let Ok(u) = &link.url {
            let again = Url::parse(u.href(), None)
                .unwrap_or_else(|e| panic!("{} does not reparse: {e}", u.href()));
            assert_eq!(again.href(), u.href(), "href reparse");
        }
        // Spans.
        match link.span {
            None => assert_eq!(*value_span, None),
            Some(s) => {
                in_input(&input, s);
                let vs = value_span.expect("a link span without a value span");
                let source = in_input(&input, vs);
                if raw.as_ptr() == value.as_ptr() && raw.len() == value.len() {
                    assert_eq!(s, vs, "span of a whole value");
                } else {
                    assert!(
                        vs.start <= s.start && s.end <= vs.end,
                        "{s:?} outside {vs:?}"
                    );
                    // Narrowed spans are exact; a value that is its source (no `&`, NUL or
                    // CR: `value_is_verbatim`) and ASCII is always narrowed.
                    let verbatim = doc
                        .attrs(*id)
                        .find(|a| a.prefix().is_none() && a.name() == *attr)
                        .is_some_and(|a| a.value_is_verbatim());
                    if s != vs || (verbatim && source == *value && value.is_ascii()) {
                        assert_eq!(in_input(&input, s), *raw, "srcset span");
                    }
                }
            }
        }
    }
});
