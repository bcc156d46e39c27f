//! The WPT URL harness shared by `wpt.rs` (seed standard) and `wpt_living.rs` (living
//! standard): runs every file of `tests/data/wpt-url/` (web-platform-tests `url/` data, see its
//! SOURCE.md). Each suite prints `wpt [living ]<suite>: P passed, F failed, E excluded` and the
//! test fails if any case fails. Exclusions are listed per standard in `wpt.exclusions` and
//! `wpt-living.exclusions` (one per line: `suite<TAB>case key<TAB>reason`), each with the
//! reason it is excluded.
#![allow(dead_code)]

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

use serde_json::Value;
use std::cell::Cell;
use websyntax_url::{Encoding, NoErrors, ParseError, Standard, Url, UrlSearchParams};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/wpt-url/");
const EXCLUSIONS: &str = include_str!("../wpt.exclusions");
const EXCLUSIONS_LIVING: &str = include_str!("../wpt-living.exclusions");

thread_local! {
    /// The standard the current test runs (each test runs on its own thread).
    static STANDARD: Cell<Standard> = const { Cell::new(Standard::Seed) };
}

/// Runs `f` with every URL parsed following `standard`.
pub fn with_standard(standard: Standard, f: fn()) {
    STANDARD.set(standard);
    f();
}

fn standard() -> Standard {
    STANDARD.get()
}

fn parse(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    Url::parse_with_standard(input, base, standard())
}

fn parse_enc(input: &str, base: Option<&Url>, enc: Encoding) -> Result<Url, ParseError> {
    Url::parse_with_options(input, base, enc, standard(), &mut NoErrors)
}

/// `URL.canParse(url, base)` in the current standard.
fn can_parse(input: &str, base: Option<&str>) -> bool {
    match base {
        Some(b) => match parse(b, None) {
            Ok(base) => parse(input, Some(&base)).is_ok(),
            Err(_) => false,
        },
        None => parse(input, None).is_ok(),
    }
}

/// WebIDL USVString conversion for JSON text: lone surrogate escapes become U+FFFD (serde_json
/// rejects them). Same algorithm as the CLI's `jsonl::replace_lone_surrogates`.
fn replace_lone_surrogates(text: &str) -> String {
    fn hex4(b: &[u8], at: usize) -> Option<u32> {
        let d = b.get(at..at + 4)?;
        if !d.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        u32::from_str_radix(std::str::from_utf8(d).ok()?, 16).ok()
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        if b.get(i + 1) != Some(&b'u') {
            i += 2;
            continue;
        }
        let Some(unit) = hex4(b, i + 2) else {
            i += 2;
            continue;
        };
        let lone = match unit {
            0xD800..=0xDBFF => {
                let pair = b.get(i + 6) == Some(&b'\\')
                    && b.get(i + 7) == Some(&b'u')
                    && matches!(hex4(b, i + 8), Some(0xDC00..=0xDFFF));
                if pair {
                    i += 12;
                    continue;
                }
                true
            }
            0xDC00..=0xDFFF => true,
            _ => false,
        };
        if lone {
            out.push_str(&text[copied..i]);
            out.push_str("\\uFFFD");
            i += 6;
            copied = i;
        } else {
            i += 6;
        }
    }
    out.push_str(&text[copied.min(text.len())..]);
    out
}

fn load(name: &str) -> Value {
    let text = std::fs::read_to_string(format!("{DATA}{name}")).expect("read test data");
    serde_json::from_str(&replace_lone_surrogates(&text)).expect("parse test data")
}

struct Suite {
    name: &'static str,
    passed: usize,
    failed: Vec<String>,
    excluded: usize,
    exclusions: Vec<String>,
}

impl Suite {
    fn new(name: &'static str) -> Self {
        let text = if standard().is_living() {
            EXCLUSIONS_LIVING
        } else {
            EXCLUSIONS
        };
        let exclusions = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut parts = l.split('\t');
                let suite = parts.next()?;
                let key = parts.next()?;
                let reason = parts.next()?;
                assert!(!reason.trim().is_empty(), "exclusion without reason: {l}");
                (suite == name).then(|| key.to_owned())
            })
            .collect();
        Suite {
            name,
            passed: 0,
            failed: Vec::new(),
            excluded: 0,
            exclusions,
        }
    }

    /// Records one case; `key` identifies it in the exclusion file (escaped with `{:?}`).
    fn case(&mut self, key: &str, result: Result<(), String>) {
        let key = format!("{key:?}");
        if self.exclusions.contains(&key) {
            self.excluded += 1;
            return;
        }
        match result {
            Ok(()) => self.passed += 1,
            Err(e) => self.failed.push(format!("{}\t{key}\t{e}", self.name)),
        }
    }

    fn finish(self) {
        report!(
            "wpt {}{}: {} passed, {} failed, {} excluded",
            if standard().is_living() {
                "living "
            } else {
                ""
            },
            self.name,
            self.passed,
            self.failed.len(),
            self.excluded
        );
        for f in &self.failed {
            report!("FAIL {f}");
        }
        assert!(
            self.failed.is_empty(),
            "{} failures in {}",
            self.failed.len(),
            self.name
        );
    }
}

const GETTERS: [&str; 10] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash",
];

fn getter(url: &Url, name: &str) -> String {
    match name {
        "href" => url.href().to_owned(),
        "origin" => url.origin().to_string(),
        "protocol" => url.protocol().to_owned(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host_with_port().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port_str().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().to_owned(),
        "hash" => url.hash().to_owned(),
        other => panic!("unknown getter {other}"),
    }
}

fn check_getters(url: &Url, expected: &Value, names: &[&str]) -> Result<(), String> {
    for &name in names {
        if let Some(exp) = expected.get(name).and_then(Value::as_str) {
            let got = getter(url, name);
            if got != exp {
                return Err(format!("{name}: got {got:?}, expected {exp:?}"));
            }
        }
    }
    Ok(())
}

fn run_urltestdata(suite: &mut Suite, data: &Value) {
    for case in data.as_array().unwrap() {
        let Some(obj) = case.as_object() else {
            continue;
        };
        let input = obj["input"].as_str().unwrap();
        let base = obj.get("base").and_then(Value::as_str);
        let key = format!("{input} {}", base.unwrap_or("null"));
        let result = (|| {
            let base_url = match base {
                Some(b) => Some(parse(b, None).map_err(|e| format!("base failed: {e}"))?),
                None => None,
            };
            let parsed = parse(input, base_url.as_ref());
            if obj.get("failure").and_then(Value::as_bool) == Some(true) {
                if let Ok(u) = parsed {
                    return Err(format!("expected failure, got {}", u.href()));
                }
                // WPT: parsing about:blank against input as base must fail too.
                if base.is_none() && can_parse("about:blank", Some(input)) {
                    return Err("about:blank against input parsed".into());
                }
                return Ok(());
            }
            let url = parsed.map_err(|e| format!("unexpected failure: {e}"))?;
            check_getters(&url, case, &GETTERS)?;
            if obj.contains_key("origin") {
                check_getters(&url, case, &["origin"])?;
            }
            if let Some(sp) = obj.get("searchParams").and_then(Value::as_str) {
                let got = url.search_params().to_string();
                if got != sp {
                    return Err(format!("searchParams: got {got:?}, expected {sp:?}"));
                }
            }
            // Idempotence: the href reparses to the same URL.
            let again = parse(url.href(), None).map_err(|e| format!("href reparse: {e}"))?;
            if again.href() != url.href() {
                return Err(format!("href reparse gave {}", again.href()));
            }
            Ok(())
        })();
        suite.case(&key, result);
    }
}

pub fn wpt_urltestdata() {
    let mut suite = Suite::new("urltestdata");
    run_urltestdata(&mut suite, &load("urltestdata.json"));
    suite.finish();
}

pub fn wpt_urltestdata_javascript_only() {
    let mut suite = Suite::new("urltestdata-javascript-only");
    run_urltestdata(&mut suite, &load("urltestdata-javascript-only.json"));
    suite.finish();
}

fn apply_setter(url: &mut Url, setter: &str, value: &str) {
    match setter {
        "href" => {
            let _ = url.set_href(value);
        }
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        other => panic!("unknown setter {other}"),
    }
}

pub fn wpt_setters() {
    let mut suite = Suite::new("setters");
    let data = load("setters_tests.json");
    for (attr, cases) in data.as_object().unwrap() {
        if attr == "comment" {
            continue;
        }
        for case in cases.as_array().unwrap() {
            let href = case["href"].as_str().unwrap();
            let value = case["new_value"].as_str().unwrap();
            let key = format!("{attr} {href} {value}");
            let result = (|| {
                let mut url = parse(href, None).map_err(|e| format!("href failed: {e}"))?;
                apply_setter(&mut url, attr, value);
                check_getters(&url, &case["expected"], &GETTERS)?;
                let again = parse(url.href(), None).map_err(|e| format!("reparse: {e}"))?;
                if again.href() != url.href() {
                    return Err(format!("href reparse gave {}", again.href()));
                }
                Ok(())
            })();
            suite.case(&key, result);
        }
    }
    suite.finish();
}

/// The toascii/IdnaTestV2 check: `https://{input}/x` and the host/hostname setters.
fn host_case(input: &str, output: Option<&str>) -> Result<(), String> {
    let href = format!("https://{input}/x");
    match (parse(&href, None), output) {
        (Ok(u), Some(out)) => {
            if u.host_with_port() != out || u.hostname() != out || u.pathname() != "/x" {
                return Err(format!(
                    "got host {:?}, expected {out:?}",
                    u.host_with_port()
                ));
            }
            if u.href() != format!("https://{out}/x") {
                return Err(format!("got href {:?}", u.href()));
            }
        }
        (Ok(u), None) => return Err(format!("expected failure, got {:?}", u.host_with_port())),
        (Err(e), Some(out)) => return Err(format!("failed ({e}), expected {out:?}")),
        (Err(_), None) => {}
    }
    for hostname in [false, true] {
        let mut u = parse("https://x/x", None).unwrap();
        if hostname {
            u.set_hostname(input);
        } else {
            u.set_host(input);
        }
        let want = output.unwrap_or("x");
        if u.hostname() != want {
            return Err(format!(
                "{} setter gave {:?}, expected {want:?}",
                if hostname { "hostname" } else { "host" },
                u.hostname()
            ));
        }
    }
    Ok(())
}

pub fn wpt_toascii() {
    let mut suite = Suite::new("toascii");
    for case in load("toascii.json").as_array().unwrap() {
        let Some(obj) = case.as_object() else {
            continue;
        };
        let input = obj["input"].as_str().unwrap();
        let output = obj["output"].as_str();
        suite.case(input, host_case(input, output));
    }
    suite.finish();
}

fn run_idna(name: &'static str, file: &str) {
    let mut suite = Suite::new(name);
    for case in load(file).as_array().unwrap() {
        let Some(obj) = case.as_object() else {
            continue;
        };
        let input = obj["input"].as_str().unwrap();
        if input.is_empty() {
            // `https:///x` puts `x`, not the empty string, in the host parser: this case cannot
            // be run through the URL parser. It must be listed (and counted) as an exclusion;
            // without that entry it fails here instead of vanishing.
            suite.case(
                input,
                Err("the empty input cannot be tested through https://{input}/x".to_owned()),
            );
            continue;
        }
        // WPT percent-encodes the URL delimiters so the whole input reaches the host parser.
        let mut enc = String::new();
        for c in input.chars() {
            match c {
                ':' | '/' | '?' | '#' | '\\' => enc.push_str(&format!("%{:02X}", c as u32)),
                _ => enc.push(c),
            }
        }
        let output = obj["output"].as_str();
        let href = format!("https://{enc}/x");
        let result = match (parse(&href, None), output) {
            (Ok(u), Some(out)) if u.hostname() == out && u.pathname() == "/x" => Ok(()),
            (Ok(u), Some(out)) => Err(format!("got {:?}, expected {out:?}", u.hostname())),
            (Ok(u), None) => Err(format!("expected failure, got {:?}", u.hostname())),
            (Err(e), Some(out)) => Err(format!("failed ({e}), expected {out:?}")),
            (Err(_), None) => Ok(()),
        };
        suite.case(input, result);
    }
    suite.finish();
}

pub fn wpt_idna_test_v2() {
    run_idna("IdnaTestV2", "IdnaTestV2.json");
}

pub fn wpt_idna_test_v2_removed() {
    run_idna("IdnaTestV2-removed", "IdnaTestV2-removed.json");
}

pub fn wpt_percent_encoding() {
    let mut suite = Suite::new("percent-encoding");
    for case in load("percent-encoding.json").as_array().unwrap() {
        let Some(obj) = case.as_object() else {
            continue;
        };
        let input = obj["input"].as_str().unwrap();
        let outputs = obj["output"].as_object().unwrap();
        let utf8 = outputs["utf-8"].as_str().unwrap();
        for (label, expected) in outputs {
            let expected = expected.as_str().unwrap();
            let enc = Encoding::for_label(label).expect("known label");
            let href = format!("https://example.com/?{input}#{input}");
            let result = match parse_enc(&href, None, enc) {
                Ok(u) if u.search() == format!("?{expected}") && u.hash() == format!("#{utf8}") => {
                    Ok(())
                }
                Ok(u) => Err(format!("got {:?} {:?}", u.search(), u.hash())),
                Err(e) => Err(format!("failed: {e}")),
            };
            suite.case(&format!("{input} {label}"), result);
        }
    }
    suite.finish();
}

pub fn wpt_url_canparse() {
    let mut suite = Suite::new("url-canparse");
    let data = load("url-canparse.json");
    for case in data["tests"].as_array().unwrap() {
        let url = case["url"].as_str().unwrap();
        let base = case["base"].as_str();
        let expected = case["expected"].as_bool().unwrap();
        let got = can_parse(url, base);
        let result = if got == expected {
            Ok(())
        } else {
            Err(format!("got {got}"))
        };
        suite.case(&format!("{url} {}", base.unwrap_or("null")), result);
    }
    suite.finish();
}

fn pairs_of(v: &Value) -> Vec<(String, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_owned(),
                p[1].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn got_pairs(p: &UrlSearchParams) -> Vec<(String, String)> {
    p.iter()
        .map(|(n, v)| (n.to_owned(), v.to_owned()))
        .collect()
}

fn eq<T: PartialEq + std::fmt::Debug>(got: T, expected: T) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("got {got:?}, expected {expected:?}"))
    }
}

pub fn wpt_urlencoded() {
    let data = load("urlencoded.json");
    let mut suite = Suite::new("urlencoded");
    for (i, c) in data["parse"].as_array().unwrap().iter().enumerate() {
        let input = c["input"].as_str().unwrap();
        let got = websyntax_url::form_urlencoded::parse_str(input);
        suite.case(&format!("parse {i}"), eq(got, pairs_of(&c["output"])));
    }
    for (i, c) in data["sort"].as_array().unwrap().iter().enumerate() {
        let input = c["input"].as_str().unwrap();
        let mut p = UrlSearchParams::parse(input);
        p.sort();
        let mut r = eq(got_pairs(&p), pairs_of(&c["output"]));
        // Same through a URL's searchParams, reparsing url.search.
        if r.is_ok() {
            let mut url = parse(
                &format!("?{input}"),
                Some(&parse("https://example/", None).unwrap()),
            )
            .unwrap();
            url.update_search_params(|p| p.sort());
            r = eq(
                got_pairs(&UrlSearchParams::parse(url.search())),
                pairs_of(&c["output"]),
            );
        }
        suite.case(&format!("sort {i}"), r);
    }
    for (i, c) in data["serialize"].as_array().unwrap().iter().enumerate() {
        let p = UrlSearchParams::from_pairs(pairs_of(&c["pairs"]));
        suite.case(
            &format!("serialize {i}"),
            eq(p.to_string().as_str(), c["output"].as_str().unwrap()),
        );
    }
    for (i, c) in data["roundtrip"].as_array().unwrap().iter().enumerate() {
        let p = UrlSearchParams::parse(c["input"].as_str().unwrap());
        suite.case(
            &format!("roundtrip {i}"),
            eq(p.to_string().as_str(), c["output"].as_str().unwrap()),
        );
    }
    for (i, c) in data["get"].as_array().unwrap().iter().enumerate() {
        let p = UrlSearchParams::parse(c["input"].as_str().unwrap());
        let got = p.get(c["name"].as_str().unwrap());
        suite.case(&format!("get {i}"), eq(got, c["expect"].as_str()));
    }
    for (i, c) in data["getAll"].as_array().unwrap().iter().enumerate() {
        let p = UrlSearchParams::parse(c["input"].as_str().unwrap());
        let got = p.get_all(c["name"].as_str().unwrap());
        let exp: Vec<&str> = c["expect"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        suite.case(&format!("getAll {i}"), eq(got, exp));
    }
    for (i, c) in data["has"].as_array().unwrap().iter().enumerate() {
        let p = UrlSearchParams::parse(c["input"].as_str().unwrap());
        let got = p.has(
            c["name"].as_str().unwrap(),
            c.get("value").and_then(Value::as_str),
        );
        suite.case(&format!("has {i}"), eq(got, c["expect"].as_bool().unwrap()));
    }
    for (i, c) in data["construct_from_pairs"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let p = UrlSearchParams::from_pairs(pairs_of(&c["pairs"]));
        suite.case(
            &format!("construct_from_pairs {i}"),
            eq(got_pairs(&p), pairs_of(&c["output"])),
        );
    }
    for (i, s) in data["scripts"].as_array().unwrap().iter().enumerate() {
        suite.case(
            &format!("script {i} {}", s["name"].as_str().unwrap_or("")),
            run_script(s),
        );
    }
    suite.finish();
}

fn run_script(s: &Value) -> Result<(), String> {
    let init = &s["init"];
    let mut url = match init.get("url").and_then(Value::as_str) {
        Some(u) => Some(parse(u, None).map_err(|e| e.to_string())?),
        None => None,
    };
    let mut params = match &url {
        Some(u) => u.search_params(),
        None => UrlSearchParams::parse(init["params"].as_str().unwrap_or("")),
    };
    for (n, step) in s["steps"].as_array().unwrap().iter().enumerate() {
        let op = step["op"].as_str().unwrap();
        let name = step.get("name").and_then(Value::as_str).unwrap_or("");
        let value = step.get("value").and_then(Value::as_str);
        let expect = step.get("expect");
        let at = |e: String| format!("step {n} {op}: {e}");
        let mutated = match op {
            "append" => {
                params.append(name, value.unwrap());
                true
            }
            "set" => {
                params.set(name, value.unwrap());
                true
            }
            "delete" => {
                params.delete(name, value);
                true
            }
            "sort" => {
                params.sort();
                true
            }
            "get" => {
                eq(params.get(name), expect.unwrap().as_str()).map_err(at)?;
                false
            }
            "getAll" => {
                let exp: Vec<&str> = expect
                    .unwrap()
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap())
                    .collect();
                eq(params.get_all(name), exp).map_err(at)?;
                false
            }
            "has" => {
                eq(params.has(name, value), expect.unwrap().as_bool().unwrap()).map_err(at)?;
                false
            }
            "size" => {
                eq(params.size() as u64, expect.unwrap().as_u64().unwrap()).map_err(at)?;
                false
            }
            "toString" => {
                eq(
                    params.to_string().as_str(),
                    expect.unwrap().as_str().unwrap(),
                )
                .map_err(at)?;
                false
            }
            "entries" => {
                eq(got_pairs(&params), pairs_of(expect.unwrap())).map_err(at)?;
                false
            }
            "url.href" | "url.search" | "url.pathname" => {
                let u = url.as_ref().ok_or("no url")?;
                let got = getter(u, &op[4..]);
                eq(got.as_str(), expect.unwrap().as_str().unwrap()).map_err(at)?;
                false
            }
            "set url.search" | "set url.href" => {
                let u = url.as_mut().ok_or("no url")?;
                if op == "set url.search" {
                    u.set_search(value.unwrap());
                } else {
                    u.set_href(value.unwrap()).map_err(|e| at(e.to_string()))?;
                }
                params = u.search_params();
                false
            }
            other => return Err(format!("unknown op {other}")),
        };
        if let (true, Some(u)) = (mutated, url.as_mut()) {
            u.set_search_params(&params);
        }
    }
    Ok(())
}

/// `Url::parse_not_special` against `Url::parse(input, None)` on every input of the URL data
/// (the seed standard): the same result (href, or failure) for an input it accepts; for one
/// it refuses (`None`), `Url::parse` fails or gives a special URL.
pub fn wpt_parse_not_special() {
    let mut accepted = 0;
    let mut refused = 0;
    for file in ["urltestdata.json", "urltestdata-javascript-only.json"] {
        for case in load(file).as_array().unwrap() {
            let Some(input) = case.get("input").and_then(Value::as_str) else {
                continue;
            };
            let full = Url::parse(input, None);
            match Url::parse_not_special(input) {
                Some(got) => {
                    accepted += 1;
                    assert_eq!(
                        got.as_ref().map(Url::href).ok(),
                        full.as_ref().map(Url::href).ok(),
                        "{file}: {input:?}"
                    );
                }
                None => {
                    refused += 1;
                    assert!(
                        full.is_err()
                            || full.as_ref().is_ok_and(|u| matches!(
                                u.scheme(),
                                "http" | "https" | "ws" | "wss" | "ftp" | "file"
                            )),
                        "{file}: {input:?} refused, parses to {:?}",
                        full.map(|u| u.href().to_owned())
                    );
                }
            }
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} accepted, {refused} refused"
    );
}
