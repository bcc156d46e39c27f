"""Strict RFC 3986/3987 IRI and URI datatypes: validation, resolution, mapping."""

from ._native import iri_datatypes as datatypes
from ._native import iri_is_valid as is_valid
from ._native import iri_normalize as normalize
from ._native import iri_resolve as resolve
from ._native import iri_to_uri as to_uri
from ._native import iri_validate as validate

__all__ = ["datatypes", "is_valid", "normalize", "resolve", "to_uri", "validate"]
