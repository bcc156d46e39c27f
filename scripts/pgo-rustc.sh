#!/usr/bin/env bash
# The RUSTC_WRAPPER of scripts/pgo.sh: adds the profile flag in $WEBSYNTAX_PGO
# (`generate=DIR` or `use=FILE`) to the compilation of websyntax's library crates only (and,
# when generating, to the trained program: the command, the Python extension or dom_profile,
# so that it links the profiling runtime). The
# command-line and Python glue crates, the benchmark crate and every dependency (peer parsers
# included) are compiled as in a plain release build.
rustc=$1
shift
crate=
prev=
for a in "$@"; do
    [ "$prev" = --crate-name ] && crate=$a
    prev=$a
done
case "$crate" in
websyntax_encoding | websyntax_html | websyntax_url | websyntax_microsyntax | websyntax_iri | websyntax_check | websyntax_sanitize)
    case "${WEBSYNTAX_PGO:-}" in
    generate=*) exec "$rustc" "$@" "-Cprofile-generate=${WEBSYNTAX_PGO#generate=}" ;;
    use=*) exec "$rustc" "$@" "-Cprofile-use=${WEBSYNTAX_PGO#use=}" ;;
    esac
    ;;
dom_profile | websyntax | _native)
    case "${WEBSYNTAX_PGO:-}" in
    generate=*) exec "$rustc" "$@" "-Cprofile-generate=${WEBSYNTAX_PGO#generate=}" ;;
    esac
    ;;
esac
exec "$rustc" "$@"
