#![no_main]
//! Fuzz target `iri`: every UTF-8 input is checked against all eight datatypes and compared
//! with the regex oracle (the W3C note's patterns built from the vendored XSD entity
//! declarations, RFC-corrected; crates/iri/tests/oracle/mod.rs). Parsing, recomposition,
//! normalization, IRI->URI mapping and resolution must not panic, and their results must be
//! consistent.
use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use websyntax::iri::{Datatype, Reference, iri_to_uri, normalize, resolve};

#[path = "../../crates/iri/tests/oracle/mod.rs"]
mod oracle;

static ORACLE: LazyLock<oracle::Oracle> = LazyLock::new(|| oracle::Oracle::new(true));

fn recompose(r: &Reference<'_>) -> String {
    let mut s = String::new();
    if let Some(x) = r.scheme() {
        s.push_str(x);
        s.push(':');
    }
    if let Some(a) = r.authority() {
        s.push_str("//");
        if let Some(u) = a.userinfo() {
            s.push_str(u);
            s.push('@');
        }
        s.push_str(a.host());
        if let Some(p) = a.port() {
            s.push(':');
            s.push_str(p);
        }
    }
    s.push_str(r.path());
    if let Some(q) = r.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = r.fragment() {
        s.push('#');
        s.push_str(f);
    }
    s
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for t in Datatype::ALL {
        let fast = t.validate(s);
        assert_eq!(
            fast.is_ok(),
            ORACLE.is_valid(t.name(), s),
            "{s:?} as {t}: validator says {fast:?}"
        );
        if let Err(e) = fast {
            assert!(e.offset() <= s.len());
            let _ = e.to_string();
        }
    }
    if let Ok(r) = Reference::parse_iri_reference(s) {
        assert_eq!(recompose(&r), s);
        let uri = iri_to_uri(s).expect("valid IRI-reference maps");
        assert!(Datatype::UriReference3986.is_valid(&uri), "{uri:?}");
        let n = normalize(s).expect("valid IRI-reference normalizes");
        assert!(Datatype::IriReference3987.is_valid(&n), "normalize({s:?}) = {n:?}");
        let _ = resolve("http://a/b/c/d;p?q", s);
        let _ = resolve("a:b", s);
        let _ = resolve("a:", s);
        let _ = resolve(s, "../../g/./h");
    }
    if let Some((base, reference)) = s.split_once('\n') {
        let _ = resolve(base, reference);
    }
});
