#![no_main]
//! Parse-with-base: the input is `base\ninput` (lossy UTF-8). Checks that nothing panics, that
//! the error-collecting parse agrees with the plain one, and that a parsed URL's href reparses
//! to itself (the URL Standard's idempotence goal). The first byte also picks a query encoding
//! override among the 40 encodings: that parse must succeed exactly when the UTF-8 one does,
//! agree with it before the query, and give an href that reparses to itself. The same input is
//! also parsed with the living standard: with and without errors alike, href idempotent.
use libfuzzer_sys::fuzz_target;
use websyntax::url::{Encoding, Standard, Url, ValidationError};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (base_text, input) = text.split_once('\n').unwrap_or(("", &text));
    let base = Url::parse(base_text, None).ok();
    let plain = Url::parse(input, base.as_ref());
    let (with_errors, _errors) = Url::parse_with_errors(input, base.as_ref());
    assert_eq!(plain.as_ref().ok(), with_errors.as_ref().ok());
    let encoding =
        Encoding::ALL[usize::from(data.first().copied().unwrap_or(0)) % Encoding::ALL.len()];
    let encoded = Url::parse_with_encoding(input, base.as_ref(), encoding);
    assert_eq!(plain.is_ok(), encoded.is_ok());
    if let (Ok(p), Ok(e)) = (&plain, &encoded) {
        let before_query =
            |u: &Url| format!("{}//{}{}", u.protocol(), u.host_with_port(), u.pathname());
        assert_eq!(before_query(p), before_query(e));
        assert_eq!(p.hash(), e.hash());
        let again = Url::parse(e.href(), None).expect("href reparses");
        assert_eq!(again.href(), e.href());
    }
    // The living standard.
    let lbase = Url::parse_with_standard(base_text, None, Standard::Living).ok();
    let living = Url::parse_with_standard(input, lbase.as_ref(), Standard::Living);
    let mut errors: Vec<ValidationError> = Vec::new();
    let living_errors = Url::parse_with_options(
        input,
        lbase.as_ref(),
        Encoding::UTF_8,
        Standard::Living,
        &mut errors,
    );
    assert_eq!(living.as_ref().ok(), living_errors.as_ref().ok());
    if let Ok(u) = &living {
        let again =
            Url::parse_with_standard(u.href(), None, Standard::Living).expect("href reparses");
        assert_eq!(again.href(), u.href());
    }
    if let Ok(url) = plain {
        let again = Url::parse(url.href(), None).expect("href reparses");
        assert_eq!(again.href(), url.href());
        let _ = (
            url.origin(),
            url.search_params(),
            url.host(),
            url.username(),
            url.password(),
        );
    }
});
