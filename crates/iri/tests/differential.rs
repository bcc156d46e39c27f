//! Differential test: the hand-written validator against the W3C note's regular expressions
//! (built from the vendored schema documents' entity declarations, RFC-corrected; see
//! `oracle/mod.rs`) on 10^6 generated strings, grammar-guided and random.

/// Prints a conformance report line straight to stderr, past libtest's output capture, so the
/// counts show in plain `cargo test` output.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod oracle;

use std::fs;

use serde_json::Value;
use websyntax_iri::Datatype;

/// xorshift64*: deterministic, dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Characters that matter to the grammar, plus some that never occur in it.
const ALPHABET: &[char] = &[
    'a',
    'b',
    'v',
    'V',
    'F',
    'z',
    '0',
    '1',
    '2',
    '5',
    '9',
    ':',
    '/',
    '?',
    '#',
    '[',
    ']',
    '@',
    '!',
    '$',
    '&',
    '\'',
    '(',
    ')',
    '*',
    '+',
    ',',
    ';',
    '=',
    '-',
    '.',
    '_',
    '~',
    '%',
    ' ',
    '"',
    '<',
    '>',
    '\\',
    '^',
    '`',
    '{',
    '|',
    '}',
    '\u{7F}',
    '\u{0}',
    '\n',
    'é',
    '\u{A0}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{F8FF}',
    '\u{F900}',
    '\u{FDCF}',
    '\u{FDD0}',
    '\u{FDEF}',
    '\u{FDF0}',
    '\u{FFEF}',
    '\u{FFF0}',
    '\u{FFFD}',
    '\u{FFFE}',
    '\u{10000}',
    '\u{1FFFD}',
    '\u{1FFFE}',
    '\u{E0FFF}',
    '\u{E1000}',
    '\u{EFFFD}',
    '\u{EFFFE}',
    '\u{2FFFE}',
    '\u{9FFFD}',
    '\u{E0000}',
    '\u{F0000}',
    '\u{FFFFE}',
    '\u{10FFFE}',
    '\u{FFFFD}',
    '\u{10FFFD}',
    '\u{10FFFF}',
    '𝔘',
    '日',
];

const UNRESERVED: &[&str] = &["a", "Z", "0", "9", "-", ".", "_", "~", "v"];
const SUB_DELIMS: &[&str] = &["!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "="];
const UCS: &[&str] = &["é", "\u{A0}", "日", "𝔘", "\u{E1000}", "\u{FDF0}"];
const PRIVATE: &[&str] = &["\u{E000}", "\u{F0000}", "\u{10FFFD}"];
const PCT: &[&str] = &["%41", "%2f", "%2E", "%C3%A9", "%", "%4", "%G1", "%%"];

fn piece(rng: &mut Rng, out: &mut String, extra: &[&str], max: usize) {
    for _ in 0..rng.below(max + 1) {
        let s = match rng.below(10) {
            0..=3 => rng.pick(UNRESERVED),
            4..=5 => rng.pick(SUB_DELIMS),
            6 => rng.pick(PCT),
            7 => rng.pick(UCS),
            8 if !extra.is_empty() => rng.pick(extra),
            _ => rng.pick(&["a", "b", "1"]),
        };
        out.push_str(s);
    }
}

fn h16(rng: &mut Rng, out: &mut String) {
    // 0..=5 hex digits: 0 and 5 are outside the RFC's 1*4HEXDIG.
    let n = rng.pick(&[0, 1, 1, 2, 3, 4, 4, 4, 5]);
    for _ in 0..n {
        out.push(rng.pick(&['0', '1', '9', 'a', 'F', 'f']));
    }
}

fn dec_octet(rng: &mut Rng, out: &mut String) {
    out.push_str(rng.pick(&[
        "0", "7", "10", "99", "100", "199", "249", "255", "256", "01", "300",
    ]));
}

fn ipv4(rng: &mut Rng, out: &mut String) {
    let n = rng.pick(&[4, 4, 4, 3, 5]);
    for i in 0..n {
        if i > 0 {
            out.push('.');
        }
        dec_octet(rng, out);
    }
}

fn ipv6(rng: &mut Rng, out: &mut String) {
    let pieces = rng.below(10);
    let elide_at = if rng.chance(70) {
        Some(rng.below(pieces + 1))
    } else {
        None
    };
    let v4_tail = rng.chance(20);
    for i in 0..pieces {
        if Some(i) == elide_at {
            out.push_str("::");
        } else if i > 0 {
            out.push(':');
        }
        if v4_tail && i + 1 == pieces {
            ipv4(rng, out);
        } else {
            h16(rng, out);
        }
    }
    if elide_at == Some(pieces) {
        out.push_str("::");
    }
    if rng.chance(3) {
        out.push(':');
    }
}

fn host(rng: &mut Rng, out: &mut String) {
    match rng.below(8) {
        0 | 1 => {
            out.push('[');
            ipv6(rng, out);
            if rng.chance(95) {
                out.push(']');
            }
        }
        2 => {
            out.push('[');
            out.push(rng.pick(&['v', 'V', 'w']));
            h16(rng, out);
            if rng.chance(90) {
                out.push('.');
            }
            piece(rng, out, &[":"], 4);
            out.push(']');
        }
        3 => ipv4(rng, out),
        _ => piece(rng, out, &[], 8),
    }
}

fn path(rng: &mut Rng, out: &mut String, segments: usize) {
    for i in 0..segments {
        if i > 0 || rng.chance(60) {
            out.push('/');
        }
        match rng.below(6) {
            0 => out.push_str(rng.pick(&[".", "..", ""])),
            _ => piece(rng, out, &[":", "@"], 6),
        }
    }
}

/// A string shaped by the RFC grammar (components in order, each usually well formed).
fn grammar_guided(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.chance(65) {
        s.push_str(rng.pick(&["http", "a", "urn", "h.t+t-p1", "A", "1a", "-", "", "é"]));
        s.push(':');
    }
    if rng.chance(60) {
        s.push_str("//");
        if rng.chance(25) {
            piece(rng, &mut s, &[":"], 5);
            s.push('@');
        }
        host(rng, &mut s);
        if rng.chance(30) {
            s.push(':');
            s.push_str(rng.pick(&["", "80", "8080", "x", "65536"]));
        }
    }
    let segments = rng.below(5);
    path(rng, &mut s, segments);
    if rng.chance(30) {
        s.push('?');
        piece(
            rng,
            &mut s,
            &["/", "?", ":", "@", PRIVATE[0], PRIVATE[1], PRIVATE[2]],
            8,
        );
    }
    if rng.chance(25) {
        s.push('#');
        piece(rng, &mut s, &["/", "?", ":", "@", PRIVATE[0]], 8);
    }
    // Mutations: insert / delete / replace a character.
    for _ in 0..rng.below(3) {
        if !rng.chance(40) {
            continue;
        }
        let chars: Vec<char> = s.chars().collect();
        let at = rng.below(chars.len() + 1);
        let mut v = chars;
        match rng.below(3) {
            0 => v.insert(at, rng.pick(ALPHABET)),
            1 if at < v.len() => {
                v.remove(at);
            }
            _ if at < v.len() => v[at] = rng.pick(ALPHABET),
            _ => {}
        }
        s = v.into_iter().collect();
    }
    s
}

/// A random string over the alphabet.
fn random(rng: &mut Rng) -> String {
    let n = rng.below(24);
    (0..n).map(|_| rng.pick(ALPHABET)).collect()
}

fn compare(oracle: &oracle::Oracle, input: &str, disagreements: &mut Vec<String>) -> usize {
    let mut valid = 0;
    for t in Datatype::ALL {
        let fast = t.validate(input);
        let slow = oracle.is_valid(t.name(), input);
        if fast.is_ok() != slow {
            disagreements.push(format!(
                "{input:?} as {t}: validator {fast:?}, regex {slow}"
            ));
        }
        valid += usize::from(slow);
    }
    valid
}

const STRINGS: usize = 1_000_000;

#[test]
fn validator_agrees_with_the_notes_regexes() {
    let oracle = oracle::Oracle::new(true);
    let mut names: Vec<&str> = oracle.type_names().collect();
    names.sort_unstable();
    let mut ours: Vec<&str> = Datatype::ALL.iter().map(|t| t.name()).collect();
    ours.sort_unstable();
    assert_eq!(names, ours, "the schema documents define our eight types");

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut disagreements = Vec::new();
    let (mut guided_valid, mut random_valid) = (0, 0);
    let guided = STRINGS * 3 / 4;
    for i in 0..STRINGS {
        if i < guided {
            let s = grammar_guided(&mut rng);
            guided_valid += usize::from(compare(&oracle, &s, &mut disagreements) > 0);
        } else {
            let s = random(&mut rng);
            random_valid += usize::from(compare(&oracle, &s, &mut disagreements) > 0);
        }
        if disagreements.len() > 20 {
            break;
        }
    }
    report!(
        "iri differential: {STRINGS} strings ({guided} grammar-guided, {guided_valid} valid as \
         some type; {} random, {random_valid} valid), {} disagreements",
        STRINGS - guided,
        disagreements.len()
    );
    assert!(disagreements.is_empty(), "{disagreements:#?}");
}

/// The oracle itself reproduces the data's labels: RFC-corrected it gives `valid_as`; as
/// published it gives `xsd_note_valid_as` where present (the known deviations), else `valid_as`.
#[test]
fn oracle_reproduces_the_labels() {
    let corrected = oracle::Oracle::new(true);
    let published = oracle::Oracle::new(false);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/iri");
    let (mut cases, mut deviations) = (0, 0);
    for entry in fs::read_dir(dir).expect("data dir") {
        let path = entry.expect("entry").path();
        if !path.to_string_lossy().ends_with("-validity.json") {
            continue;
        }
        let data: Value =
            serde_json::from_str(&fs::read_to_string(&path).expect("read")).expect("json");
        for case in data["cases"].as_array().expect("cases") {
            let input = case["input"].as_str().expect("input");
            let labels = |key: &str| -> Option<Vec<&str>> {
                Some(
                    case.get(key)?
                        .as_array()?
                        .iter()
                        .filter_map(Value::as_str)
                        .collect(),
                )
            };
            let valid_as = labels("valid_as").expect("valid_as");
            let note = labels("xsd_note_valid_as");
            deviations += usize::from(note.is_some());
            let note = note.unwrap_or_else(|| valid_as.clone());
            for t in Datatype::ALL {
                assert_eq!(
                    corrected.is_valid(t.name(), input),
                    valid_as.contains(&t.name()),
                    "corrected oracle, {input:?} as {t}"
                );
                assert_eq!(
                    published.is_valid(t.name(), input),
                    note.contains(&t.name()),
                    "published oracle, {input:?} as {t}"
                );
            }
            cases += 1;
        }
    }
    report!("iri oracle vs labels: {cases} cases ({deviations} with xsd_note_valid_as), 0 failed");
}
