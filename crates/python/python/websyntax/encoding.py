"""The Encoding Standard (decode, encode, labels) and HTML's encoding sniffing algorithm."""

from ._native import (
    decode,
    default_encoding_for_locale,
    encode,
    encodings,
    lookup,
    sniff,
)

__all__ = ["decode", "default_encoding_for_locale", "encode", "encodings", "lookup", "sniff"]
