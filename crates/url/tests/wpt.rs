//! The WPT URL data in the seed standard (the URL Standard text the project pins): see
//! `wpt_support/mod.rs`; exclusions in `wpt.exclusions`.

mod wpt_support;

use websyntax_url::Standard;

#[test]
fn wpt_urltestdata() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_urltestdata);
}

#[test]
fn wpt_urltestdata_javascript_only() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_urltestdata_javascript_only);
}

#[test]
fn wpt_setters() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_setters);
}

#[test]
fn wpt_toascii() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_toascii);
}

#[test]
fn wpt_idna_test_v2() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_idna_test_v2);
}

#[test]
fn wpt_idna_test_v2_removed() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_idna_test_v2_removed);
}

#[test]
fn wpt_percent_encoding() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_percent_encoding);
}

#[test]
fn wpt_url_canparse() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_url_canparse);
}

#[test]
fn wpt_urlencoded() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_urlencoded);
}

#[test]
fn wpt_parse_not_special() {
    wpt_support::with_standard(Standard::Seed, wpt_support::wpt_parse_not_special);
}
