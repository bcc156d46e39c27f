//! The regex oracle: the W3C note's regular expressions, built from the entity declarations of
//! the vendored schema documents (`tests/data/iri/TypeLibrary-*.xsd`) exactly as an XML
//! processor would expand them (the FIRST declaration of an entity is binding), then
//! optionally corrected to the RFC grammar where the published patterns deviate (see
//! docs/iri.md): `h16` is `1*4HEXDIG` (the note: `{0,4}`), and `IPvFuture` accepts `V` as well
//! as `v` (ABNF literals are case-insensitive).
//!
//! Test code only (shared by `tests/differential.rs` and `fuzz/fuzz_targets/iri.rs`): the
//! library never uses a regex engine.

#![allow(dead_code)]

use std::collections::HashMap;

use regex::{Regex, RegexBuilder};

const URI_XSD: &str = include_str!("../../../../tests/data/iri/TypeLibrary-URI-RFC3986.xsd");
const IRI_XSD: &str = include_str!("../../../../tests/data/iri/TypeLibrary-IRI-RFC3987.xsd");

/// The eight datatypes' patterns (`xs:union` types as the union of their members).
pub struct Oracle {
    /// type name -> alternatives (one regex per pattern of the union's member types)
    types: Vec<(String, Vec<Regex>)>,
}

impl Oracle {
    /// Builds the oracle; `rfc_corrected` applies the two corrections to the RFC grammar.
    pub fn new(rfc_corrected: bool) -> Oracle {
        let mut types = Vec::new();
        for doc in [URI_XSD, IRI_XSD] {
            let doc = strip_comments(doc);
            let mut entities = entity_declarations(&doc);
            if rfc_corrected {
                correct(&mut entities);
            }
            let body = doc
                .split("]>")
                .nth(1)
                .expect("schema after the internal subset");
            let simple = simple_types(body, &entities);
            for (name, def) in &simple {
                let patterns = match def {
                    TypeDef::Pattern(p) => vec![p.clone()],
                    TypeDef::Union(members) => members
                        .iter()
                        .map(|m| {
                            let local = m.rsplit(':').next().unwrap_or(m);
                            match simple.iter().find(|(n, _)| n == local) {
                                Some((_, TypeDef::Pattern(p))) => p.clone(),
                                _ => panic!("union member {m} is not a pattern type"),
                            }
                        })
                        .collect(),
                };
                let regexes = patterns.iter().map(|p| compile(p)).collect();
                types.push((name.clone(), regexes));
            }
        }
        assert_eq!(
            types.len(),
            8,
            "eight datatypes in the two schema documents"
        );
        Oracle { types }
    }

    /// The type names found in the schema documents.
    pub fn type_names(&self) -> impl Iterator<Item = &str> {
        self.types.iter().map(|(n, _)| n.as_str())
    }

    /// Whether `input` matches type `name`'s pattern(s) as a whole.
    pub fn is_valid(&self, name: &str, input: &str) -> bool {
        let (_, regexes) = self
            .types
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("unknown type {name}"));
        regexes.iter().any(|r| r.is_match(input))
    }
}

enum TypeDef {
    Pattern(String),
    Union(Vec<String>),
}

fn strip_comments(doc: &str) -> String {
    let mut out = String::with_capacity(doc.len());
    let mut rest = doc;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("-->").expect("unterminated comment") + start + 3;
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// `<!ENTITY name "value">` declarations of the internal subset, first declaration binding.
fn entity_declarations(doc: &str) -> HashMap<String, String> {
    let subset_start = doc.find("<!DOCTYPE").expect("DOCTYPE");
    let subset_end = doc[subset_start..]
        .find("]>")
        .expect("end of internal subset")
        + subset_start;
    let subset = &doc[subset_start..subset_end];
    let mut map = HashMap::new();
    let mut rest = subset;
    while let Some(k) = rest.find("<!ENTITY") {
        rest = rest[k + 8..].trim_start();
        let name_end = rest.find(char::is_whitespace).expect("entity name");
        let name = &rest[..name_end];
        assert_ne!(name, "%", "parameter entities are not expected");
        rest = rest[name_end..].trim_start();
        let quote = rest.chars().next().expect("entity value");
        assert!(quote == '"' || quote == '\'', "entity value literal");
        let value_end = rest[1..].find(quote).expect("closing quote") + 1;
        let value = &rest[1..value_end];
        // XML 1.0 §4.2: "If the same entity is declared more than once, the first declaration
        // encountered is binding."
        map.entry(name.to_owned())
            .or_insert_with(|| value.to_owned());
        rest = &rest[value_end + 1..];
    }
    map
}

/// The two RFC corrections (asserting that the published text is what docs/iri.md describes).
fn correct(entities: &mut HashMap<String, String>) {
    let h16 = entities.get_mut("h16").expect("h16");
    assert!(h16.ends_with("{0,4}"), "h16 as published: {h16}");
    let n = h16.len();
    h16.replace_range(n - 5.., "{1,4}");
    let future = entities.get_mut("IPvFuture").expect("IPvFuture");
    assert!(future.starts_with("(v"), "IPvFuture as published: {future}");
    future.replace_range(1..2, "[vV]");
}

/// Expands character and entity references (recursively) in an entity value or attribute.
fn expand(text: &str, entities: &HashMap<String, String>, depth: usize) -> String {
    assert!(depth < 64, "entity recursion");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(k) = rest.find('&') {
        out.push_str(&rest[..k]);
        let end = rest[k..].find(';').expect("reference end") + k;
        let name = &rest[k + 1..end];
        if let Some(num) = name.strip_prefix('#') {
            let cp = match num.strip_prefix('x') {
                Some(hex) => u32::from_str_radix(hex, 16),
                None => num.parse(),
            }
            .expect("character reference");
            out.push(char::from_u32(cp).expect("character"));
        } else {
            match name {
                "amp" => out.push('&'),
                "lt" => out.push('<'),
                "gt" => out.push('>'),
                "quot" => out.push('"'),
                "apos" => out.push('\''),
                _ => {
                    let value = entities
                        .get(name)
                        .unwrap_or_else(|| panic!("undeclared entity {name}"));
                    out.push_str(&expand(value, entities, depth + 1));
                }
            }
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// `xs:simpleType` definitions: name -> expanded pattern, or union member type names.
fn simple_types(body: &str, entities: &HashMap<String, String>) -> Vec<(String, TypeDef)> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(k) = rest.find("<xs:simpleType name=\"") {
        rest = &rest[k + 21..];
        let name_end = rest.find('"').expect("type name");
        let name = rest[..name_end].to_owned();
        let def_end = rest.find("</xs:simpleType>").expect("end of simpleType");
        let def = &rest[..def_end];
        let td = if let Some(p) = def.find("<xs:pattern value=\"") {
            let v = &def[p + 19..];
            let v = &v[..v.find('"').expect("pattern end")];
            TypeDef::Pattern(expand(v, entities, 0))
        } else if let Some(u) = def.find("memberTypes=\"") {
            let v = &def[u + 13..];
            let v = &v[..v.find('"').expect("memberTypes end")];
            TypeDef::Union(v.split_whitespace().map(str::to_owned).collect())
        } else {
            panic!("type {name} has neither pattern nor union")
        };
        out.push((name, td));
        rest = &rest[def_end..];
    }
    out
}

/// Translates an XSD regular expression (as used by the note) to `regex` syntax: XSD patterns
/// are implicitly anchored; `^`/`$` are ordinary characters outside classes; inside classes
/// `&`, `~` and `[` are escaped because `regex` gives them class-set meanings.
fn translate(xsd: &str) -> String {
    let mut out = String::with_capacity(xsd.len() + 16);
    out.push_str(r"\A(?:");
    let mut in_class = false;
    let mut chars = xsd.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                out.push(chars.next().expect("escape"));
            }
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                if chars.peek() == Some(&'^') {
                    out.push(chars.next().expect("^"));
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            '&' | '~' | '[' if in_class => {
                out.push('\\');
                out.push(c);
            }
            '^' | '$' if !in_class => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out.push_str(r")\z");
    out
}

fn compile(xsd: &str) -> Regex {
    RegexBuilder::new(&translate(xsd))
        .size_limit(1 << 30)
        .dfa_size_limit(1 << 28)
        .build()
        .expect("the note's pattern compiles")
}
