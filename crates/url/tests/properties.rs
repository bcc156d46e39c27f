//! Property tests: the URL Standard's idempotence goal. For random inputs that parse,
//! reparsing the href gives the same URL (all getters equal), with and without a base; and
//! setters never produce an href that reparses differently.

use proptest::prelude::*;
use websyntax_url::Url;

/// URL-ish strings: a scheme-like prefix and a body rich in delimiters and odd code points.
fn url_like() -> impl Strategy<Value = String> {
    (
        prop_oneof![
            Just(""),
            Just("http:"),
            Just("https://"),
            Just("file:"),
            Just("file:///"),
            Just("ws://"),
            Just("foo:"),
            Just("foo://"),
            Just("sc:/"),
            Just("mailto:"),
            Just("//"),
            Just("/"),
            Just("\\\\"),
        ],
        "[a-zA-Z0-9@:%./\\\\?#\\[\\]|^` é\u{00DF}\u{FFFD}\t\n\u{0}\u{1F}xXnN=&+~-]{0,40}",
    )
        .prop_map(|(a, b)| format!("{a}{b}"))
}

fn getters(u: &Url) -> [String; 11] {
    [
        u.href().to_owned(),
        u.origin().to_string(),
        u.protocol().to_owned(),
        u.username().to_owned(),
        u.password().to_owned(),
        u.host_with_port().to_owned(),
        u.hostname().to_owned(),
        u.port_str().to_owned(),
        u.pathname().to_owned(),
        u.search().to_owned(),
        u.hash().to_owned(),
    ]
}

fn assert_reparses(u: &Url) -> Result<(), TestCaseError> {
    let again = Url::parse(u.href(), None);
    prop_assert!(again.is_ok(), "href {:?} does not reparse", u.href());
    let again = again.unwrap();
    // Opaque origins are compared by their serialization ("null").
    prop_assert_eq!(getters(u), getters(&again));
    Ok(())
}

fn apply(url: &mut Url, setter: u8, value: &str) {
    match setter % 10 {
        0 => {
            let _ = url.set_href(value);
        }
        1 => url.set_protocol(value),
        2 => url.set_username(value),
        3 => url.set_password(value),
        4 => url.set_host(value),
        5 => url.set_hostname(value),
        6 => url.set_port(value),
        7 => url.set_pathname(value),
        8 => url.set_search(value),
        _ => url.set_hash(value),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn parse_is_idempotent(input in url_like()) {
        if let Ok(u) = Url::parse(&input, None) {
            assert_reparses(&u)?;
        }
    }

    #[test]
    fn parse_with_base_is_idempotent(base in url_like(), input in url_like()) {
        if let Ok(b) = Url::parse(&base, None)
            && let Ok(u) = Url::parse(&input, Some(&b))
        {
            assert_reparses(&u)?;
        }
    }

    #[test]
    fn errors_variant_agrees(input in url_like()) {
        let plain = Url::parse(&input, None);
        let (with_errors, errors) = Url::parse_with_errors(&input, None);
        prop_assert_eq!(plain.as_ref().ok(), with_errors.as_ref().ok());
        if let Err(e) = &with_errors {
            // The failing error is the last one reported.
            prop_assert_eq!(errors.last().copied(), Some(e.validation_error()));
        }
        for e in &errors {
            prop_assert!(e.position <= input.len());
        }
    }

    #[test]
    fn setters_keep_href_reparsable(
        start in url_like(),
        ops in proptest::collection::vec((any::<u8>(), url_like()), 1..5),
    ) {
        if let Ok(mut u) = Url::parse(&start, None) {
            for (setter, value) in &ops {
                apply(&mut u, *setter, value);
                assert_reparses(&u)?;
            }
        }
    }
}
