//! §6.2 The `URLSearchParams` class.

use std::fmt;

use crate::form_urlencoded;
use crate::url::Url;

/// A list of name-value pairs with the `URLSearchParams` operations.
///
/// A `UrlSearchParams` taken from a URL with [`Url::search_params`] is a copy; write it back
/// with [`Url::set_search_params`] (the spec's "update" steps), or use
/// [`Url::update_search_params`] to do both.
///
/// ```
/// use websyntax_url::{Url, UrlSearchParams};
/// let mut params = UrlSearchParams::parse("?b=2&a=1&b=3");
/// params.append("c", "x y");
/// params.sort();
/// assert_eq!(params.to_string(), "a=1&b=2&b=3&c=x+y");
/// assert_eq!(params.get("b"), Some("2"));
/// assert_eq!(params.get_all("b"), ["2", "3"]);
/// params.delete("b", Some("2"));
/// assert!(params.has("b", None) && !params.has("b", Some("2")));
///
/// let mut url = Url::parse("https://example.com/?a=b ~", None).unwrap();
/// url.update_search_params(|p| p.sort());
/// assert_eq!(url.href(), "https://example.com/?a=b+%7E");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct UrlSearchParams {
    list: Vec<(String, String)>,
}

impl UrlSearchParams {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// `new URLSearchParams(string)`: strips one leading `?` and parses the rest as
    /// application/x-www-form-urlencoded.
    pub fn parse(init: &str) -> Self {
        let init = init.strip_prefix('?').unwrap_or(init);
        UrlSearchParams {
            list: form_urlencoded::parse_str(init),
        }
    }

    /// `new URLSearchParams(sequence or record)`: the pairs as they are (no decoding).
    pub fn from_pairs<I, N, V>(pairs: I) -> Self
    where
        I: IntoIterator<Item = (N, V)>,
        N: Into<String>,
        V: Into<String>,
    {
        UrlSearchParams {
            list: pairs
                .into_iter()
                .map(|(n, v)| (n.into(), v.into()))
                .collect(),
        }
    }

    /// `size`: the number of pairs.
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// Same as [`UrlSearchParams::size`].
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `append(name, value)`.
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// `delete(name)` / `delete(name, value)`.
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.list
            .retain(|(n, v)| !(n == name && value.is_none_or(|value| v == value)));
    }

    /// `get(name)`: the first value, or `None`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// `getAll(name)`.
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// `has(name)` / `has(name, value)`.
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.list
            .iter()
            .any(|(n, v)| n == name && value.is_none_or(|value| v == value))
    }

    /// `set(name, value)`: replaces the first pair named `name` and removes the others, or
    /// appends.
    pub fn set(&mut self, name: &str, value: &str) {
        let mut found = false;
        self.list.retain_mut(|(n, v)| {
            if n != name {
                return true;
            }
            if found {
                return false;
            }
            found = true;
            *v = value.to_owned();
            true
        });
        if !found {
            self.append(name, value);
        }
    }

    /// `sort()`: stable sort by name, comparing UTF-16 code units.
    pub fn sort(&mut self) {
        self.list.sort_by(|(a, _), (b, _)| {
            if a.is_ascii() && b.is_ascii() {
                a.cmp(b)
            } else {
                a.encode_utf16().cmp(b.encode_utf16())
            }
        });
    }

    /// The pairs, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.list.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// The pairs as a slice.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.list
    }

    /// The application/x-www-form-urlencoded serialization (the stringifier).
    pub fn serialize(&self) -> String {
        form_urlencoded::serialize(self.list.iter().map(|(n, v)| (n, v)))
    }
}

impl fmt::Display for UrlSearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialize())
    }
}

impl std::str::FromStr for UrlSearchParams {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(UrlSearchParams::parse(s))
    }
}

impl<'a> IntoIterator for &'a UrlSearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, String)>,
        fn(&'a (String, String)) -> (&'a str, &'a str),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

impl Url {
    /// The URL's query parsed as a `URLSearchParams` list (a copy; empty if the query is null).
    pub fn search_params(&self) -> UrlSearchParams {
        UrlSearchParams {
            list: form_urlencoded::parse_str(self.query().unwrap_or("")),
        }
    }

    /// The `URLSearchParams` "update" steps: sets the query to the serialization of `params`
    /// (null when empty, which may strip trailing spaces from an opaque path).
    pub fn set_search_params(&mut self, params: &UrlSearchParams) {
        let serialized = params.serialize();
        let query = if serialized.is_empty() {
            None
        } else {
            Some(serialized)
        };
        self.set_query_raw(query);
    }

    /// Runs `f` on the URL's search params and then updates the URL's query from them.
    pub fn update_search_params<R>(&mut self, f: impl FnOnce(&mut UrlSearchParams) -> R) -> R {
        let mut params = self.search_params();
        let r = f(&mut params);
        self.set_search_params(&params);
        r
    }
}
