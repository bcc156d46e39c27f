#![no_main]
//! Parse-with-base: the input is `base\ninput` (lossy UTF-8). Checks that nothing panics, that
//! the error-collecting parse agrees with the plain one, and that a parsed URL's href reparses
//! to itself (the URL Standard's idempotence goal).
use libfuzzer_sys::fuzz_target;
use websyntax::url::Url;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (base_text, input) = text.split_once('\n').unwrap_or(("", &text));
    let base = Url::parse(base_text, None).ok();
    let plain = Url::parse(input, base.as_ref());
    let (with_errors, _errors) = Url::parse_with_errors(input, base.as_ref());
    assert_eq!(plain.as_ref().ok(), with_errors.as_ref().ok());
    if let Ok(url) = plain {
        let again = Url::parse(url.href(), None).expect("href reparses");
        assert_eq!(again.href(), url.href());
        let _ = (url.origin(), url.search_params(), url.host(), url.username(), url.password());
    }
});
