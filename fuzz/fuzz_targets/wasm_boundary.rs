#![no_main]
//! The npm package's boundary functions (crates/wasm), called natively with arbitrary
//! arguments as the JavaScript side passes them: an input string (or its bytes), a sanitizer
//! configuration as JSON text, a context, a standard, limits, a CSS selector, URLs, an encoding
//! label and checker options. Every call returns a result or a `KIND:message` error, never a
//! panic; errors are of the four kinds the JavaScript side maps.
//!
//! The data is split on 0xFF bytes: html, config, context, css, url, label; the first byte
//! picks flags and limits.
use libfuzzer_sys::fuzz_target;
use websyntax_wasm::{
    BindError, WsDocument, WsSanitizer, check_json, parse5_json, sanitize_config, sanitize_with,
};

fn ok_kind<T>(r: &Result<T, BindError>) {
    if let Err(e) = r {
        let kind = e.0.split(':').next().unwrap_or("");
        assert!(
            matches!(kind, "type" | "config" | "range" | "syntax"),
            "error of no known kind: {e}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let mut parts = rest
        .split(|&b| b == 0xFF)
        .map(|p| String::from_utf8_lossy(p).into_owned());
    let html = parts.next().unwrap_or_default();
    let config = parts.next();
    let context = parts.next().unwrap_or_else(|| "div".to_owned());
    let css = parts.next().unwrap_or_else(|| "a".to_owned());
    let url = parts.next();
    let label = parts.next();
    let safe = flags & 1 == 0;
    let document = flags & 2 != 0;
    let standard = if flags & 4 != 0 { "living" } else { "seed" };
    let max_nodes = match flags >> 5 {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => 10.0,
        3 => -1.0,
        4 => 0.5,
        _ => 1000.0,
    };
    let max_depth = if flags & 8 != 0 { 3.0 } else { f64::NAN };

    // The sanitize calls' flags: 1 safe, 2 document, 4 living.
    let call_flags = u32::from(safe) | if document { 2 } else { 0 } | u32::from(flags & 4);
    let r = sanitize_config(
        &html,
        config.clone(),
        Some(context.clone()),
        call_flags,
        max_nodes,
        max_depth,
    );
    ok_kind(&r);
    let s = WsSanitizer::new(config.clone());
    ok_kind(&s);
    if let Ok(mut s) = s {
        let r = sanitize_with(
            &html,
            &s,
            Some(context.clone()),
            call_flags,
            max_nodes,
            max_depth,
        );
        ok_kind(&r);
        let name = config.clone().unwrap_or_default();
        ok_kind(&s.allow_element(&name));
        ok_kind(&s.remove_attribute(&name));
        ok_kind(&s.replace_element_with_children(&name));
        let _ = s.get();
    }

    let bytes = flags & 16 != 0;
    // A fragment context unless `document` (with bytes: refused as a type error).
    let fragment = (!document).then(|| context.clone());
    let doc = if bytes {
        WsDocument::new(
            None,
            Some(html.as_bytes().to_vec()),
            url.clone(),
            label.clone(),
            safe,
            standard,
            max_nodes,
            max_depth,
            fragment.clone(),
            flags & 32 == 0,
        )
    } else {
        WsDocument::new(
            Some(html.clone()),
            None,
            url.clone(),
            None,
            safe,
            standard,
            max_nodes,
            max_depth,
            fragment.clone(),
            flags & 32 == 0,
        )
    };
    ok_kind(&doc);
    if let Ok(doc) = doc {
        let _ = doc.errors_json();
        let _ = doc.text();
        let _ = doc.main_text();
        // main, base URL, reference links, images, unsafe links (the last: not safe).
        ok_kind(&doc.markdown(document, url.clone(), safe, true, !safe));
        ok_kind(&doc.links_json(url.clone()));
        let found = doc.select(&css, None);
        ok_kind(&found);
        for i in found
            .unwrap_or_default()
            .into_iter()
            .take(8)
            .chain([0, 1, 7, u32::MAX])
        {
            ok_kind(&doc.node_tag(i));
            ok_kind(&doc.node_attributes(i));
            ok_kind(&doc.node_attribute(i, &css));
            ok_kind(&doc.node_outer_html(i));
            ok_kind(&doc.node_inner_html(i));
            ok_kind(&doc.node_children(i, safe));
            ok_kind(&doc.node_parent(i));
            ok_kind(&doc.node_span(i));
            ok_kind(&doc.select(&css, Some(i)));
        }
    }
    let severity = ["info", "warning", "error", "fatal"][usize::from(flags >> 6)];
    let only = if flags & 16 != 0 {
        vec![context.clone()]
    } else {
        Vec::new()
    };
    ok_kind(&check_json(
        html.as_bytes(),
        url,
        label,
        safe,
        severity,
        vec![css],
        only,
        Some(u32::from(flags)),
        standard,
        max_nodes,
        max_depth,
    ));
    ok_kind(&parse5_json(&html, safe, document, max_nodes));
});
