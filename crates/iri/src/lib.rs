//! Strict IRI/URI datatypes (RFC 3986 / RFC 3987 as the W3C XSD note defines them).
