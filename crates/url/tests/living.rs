//! The living standard's URL changes beyond what the WPT data covers: the new validation
//! errors (whatwg/url 37afb50, a8d5ca3) and the setters' behaviour on opaque paths (6c78200).

use websyntax_url::{Encoding, Standard, Url, ValidationError};

fn errors(input: &str, standard: Standard) -> (Option<String>, Vec<&'static str>) {
    let mut errors: Vec<ValidationError> = Vec::new();
    let url = Url::parse_with_options(input, None, Encoding::UTF_8, standard, &mut errors);
    (
        url.ok().map(|u| u.href().to_owned()),
        errors.iter().map(|e| e.kind.name()).collect(),
    )
}

#[test]
fn new_validation_errors_only_in_living() {
    let (href, errs) = errors("https://1.2.3/", Standard::Living);
    assert_eq!(href.as_deref(), Some("https://1.2.0.3/"));
    assert_eq!(errs, ["IPv4-too-few-parts"]);
    assert!(errors("https://1.2.3/", Standard::Seed).1.is_empty());

    let (href, errs) = errors("https://[::01]/", Standard::Living);
    assert_eq!(href.as_deref(), Some("https://[::1]/"));
    assert_eq!(errs, ["IPv6-piece-leading-zero"]);
    assert!(errors("https://[::01]/", Standard::Seed).1.is_empty());

    // The strict ToASCII run reports, without failing.
    let (href, errs) = errors("http://a_b.example/", Standard::Living);
    assert_eq!(href.as_deref(), Some("http://a_b.example/"));
    assert_eq!(errs, ["domain-to-ASCII"]);
    assert!(errors("http://a_b.example/", Standard::Seed).1.is_empty());

    let (_, errs) = errors("https://exam%70le.org/", Standard::Living);
    assert_eq!(errs, ["domain-percent-encoded"]);

    let (href, errs) = errors("https://１.２.３.４/", Standard::Living);
    assert_eq!(href.as_deref(), Some("https://1.2.3.4/"));
    assert_eq!(errs, ["IPv4-non-ASCII-input"]);
}

#[test]
fn ascii_xn_domains() {
    assert!(Url::parse("http://a.b.c.XN--pokxncvks", None).is_err());
    let (href, errs) = errors("http://a.b.c.XN--pokxncvks", Standard::Living);
    assert_eq!(href.as_deref(), Some("http://a.b.c.xn--pokxncvks/"));
    assert_eq!(errs, ["domain-to-ASCII"]);
    // Non-ASCII domains still fail as before.
    assert!(Url::parse_with_standard("https://a\u{200d}b/", None, Standard::Living).is_err());
}

#[test]
fn opaque_paths_round_trip() {
    let mut url = Url::parse_with_standard("data:text/plain,a ?b", None, Standard::Living).unwrap();
    assert_eq!(url.href(), "data:text/plain,a%20?b");
    url.set_search("");
    assert_eq!(url.href(), "data:text/plain,a%20");
    let mut seed = Url::parse("data:text/plain,a ?b", None).unwrap();
    assert_eq!(seed.href(), "data:text/plain,a ?b");
    seed.set_search("");
    assert_eq!(seed.href(), "data:text/plain,a");
    // A URL remembers its standard: joins and setters follow it.
    let base = Url::parse_with_standard("https://h/", None, Standard::Living).unwrap();
    assert_eq!(base.join("a^b").unwrap().pathname(), "/a%5Eb");
    let mut u = base.clone();
    u.set_pathname("/x^y");
    assert_eq!(u.pathname(), "/x%5Ey");
    assert_eq!(u.standard(), Standard::Living);
}
