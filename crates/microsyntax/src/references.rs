//! 2.3.9 References: hash-name references (`usemap="#map"`).
//!
//! The tree is the caller's: these functions take a lookup callback.
//!
//! ```
//! use websyntax_microsyntax::references::*;
//! let names = ["a", "map1"];
//! let found = parse_hash_name_reference("x#map1", |s| names.iter().position(|n| *n == s));
//! assert_eq!(found, Some(1));
//! assert_eq!(hash_name_reference_key("#"), None);
//! assert!(is_valid_hash_name_reference("#map1", |s| names.contains(&s)));
//! assert!(!is_valid_hash_name_reference("map1", |s| names.contains(&s)));
//! ```

/// Steps 1-2 of the rules for parsing a hash-name reference: the string after the first `#`,
/// or `None` when there is no `#` or it is the last character.
pub fn hash_name_reference_key(input: &str) -> Option<&str> {
    // 1. No "#", or the first "#" is last: null.
    let i = input.find('#')?;
    let s = &input[i + 1..];
    // 2. s = everything after the first "#".
    (!s.is_empty()).then_some(s)
}

/// The rules for parsing a hash-name reference. `lookup(s)` must return the first element of
/// the wanted type in the scope's tree, in tree order, whose `id` or `name` attribute is `s`.
pub fn parse_hash_name_reference<T>(
    input: &str,
    lookup: impl FnOnce(&str) -> Option<T>,
) -> Option<T> {
    // 3. The first matching element, or null.
    hash_name_reference_key(input).and_then(lookup)
}

/// Whether `input` is a valid hash-name reference: `#` followed by a string that
/// `name_exists(s)` says exactly matches the `name` attribute (not the `id`) of an element of
/// the wanted type in the same tree.
pub fn is_valid_hash_name_reference(input: &str, name_exists: impl FnOnce(&str) -> bool) -> bool {
    input.strip_prefix('#').is_some_and(name_exists)
}
