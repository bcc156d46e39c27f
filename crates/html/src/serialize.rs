//! Serializing HTML fragments.
