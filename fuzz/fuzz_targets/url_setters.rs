#![no_main]
//! Setters: the first line is parsed as a URL; each further line is `<selector byte><value>`
//! applied with one of the API setters (or a URLSearchParams update). Checks that nothing
//! panics and that every resulting href reparses to itself.
use libfuzzer_sys::fuzz_target;
use websyntax::url::Url;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let Ok(mut url) = Url::parse(lines.next().unwrap_or(""), None) else {
        return;
    };
    for line in lines {
        let mut chars = line.chars();
        let Some(sel) = chars.next() else { continue };
        let value = chars.as_str();
        match (sel as u32) % 12 {
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
            9 => url.set_hash(value),
            10 => url.update_search_params(|p| p.append(value, value)),
            _ => url.update_search_params(|p| {
                p.delete(value, None);
                p.sort();
            }),
        }
        let again = Url::parse(url.href(), None).expect("href reparses");
        assert_eq!(again.href(), url.href(), "setter {sel:?} {value:?}");
    }
});
