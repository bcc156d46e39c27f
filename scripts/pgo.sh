#!/usr/bin/env bash
# Profile-guided optimization (PGO) builds: the websyntax library crates compiled with a profile
# of a training run over a directory of HTML pages (typically 20-25% faster bytes -> DOM; see
# docs/performance.md). Dependencies, the command-line and Python glue and the benchmark crate
# are built as usual (scripts/pgo-rustc.sh).
#
#   scripts/pgo.sh [PAGES] [cli] [wheel] [bench]     (default: cli)
#
# PAGES is a directory searched recursively for *.html / *.htm / *.html.gz (a sample of the
# pages the build will parse; a few MB is enough). Without it, the build trains on the 114
# pages bundled with the repository's tests (crates/extract/tests/data: news, blogs, shops).
# Outputs, under target/pgo/:
#   cli    cli/release/websyntax
#   wheel  wheels/websyntax-*.whl   (needs Python 3 with venv, and maturin: on PATH, or the
#          target/py-venv that scripts/test.sh makes)
#   bench  bench/release/examples/{dom_bench,dom_memory,dom_profile,dom_perfile} (with the
#          html5ever, lol_html and lexbor peers)
# Needs llvm-profdata from the llvm-tools component (`rustup component add llvm-tools`; the script
# runs that itself when rustup is there and the component is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
if [ $# -ge 1 ] && [ -d "$1" ]; then
    SOURCE=$(cd "$1" && pwd)
    shift
else
    SOURCE=$ROOT/crates/extract/tests/data
fi
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(cli)
for t in "${TARGETS[@]}"; do
    case "$t" in
    cli | wheel | bench) ;;
    *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2 && echo "unknown target: $t (cli, wheel or bench)" >&2 && exit 2 ;;
    esac
done
HOST=$(rustc -vV | sed -n 's/^host: //p')
PROFDATA="$(rustc --print sysroot)/lib/rustlib/$HOST/bin/llvm-profdata"
if [ ! -x "$PROFDATA" ] && command -v rustup >/dev/null; then
    echo "== llvm-profdata not found: installing the llvm-tools component (rustup component add llvm-tools)"
    rustup component add llvm-tools || true
fi
if [ ! -x "$PROFDATA" ]; then
    echo "llvm-profdata not found at $PROFDATA: run \`rustup component add llvm-tools\`" >&2
    exit 1
fi
PGO="$ROOT/target/pgo"
export RUSTC_WRAPPER="$ROOT/scripts/pgo-rustc.sh"
# Cargo does not see the wrapper's flags: remove the artifacts they apply to, so that every run
# compiles them with its own profile.
forget() {
    cargo clean -q --release --target-dir "$1" -p websyntax-encoding -p websyntax-html \
        -p websyntax-url -p websyntax-microsyntax -p websyntax-iri -p websyntax-check \
        -p websyntax-sanitize -p websyntax-bench -p websyntax -p websyntax-cli \
        -p websyntax-python 2>/dev/null || true
}

# The training pages, as plain files (gzipped ones decompressed) under $PGO/pages.
PAGES=$PGO/pages
rm -rf "$PAGES"
mkdir -p "$PAGES"
i=0
while IFS= read -r -d '' f; do
    i=$((i + 1))
    case "$f" in
    *.gz) gzip -dc "$f" >"$PAGES/$i.html" ;;
    *) cp "$f" "$PAGES/$i.${f##*.}" ;;
    esac
done < <(find -L "$SOURCE" -type f \( -name '*.html' -o -name '*.htm' -o -name '*.html.gz' \) -print0 | sort -z)
PAGES_N=$i
[ "$PAGES_N" -gt 0 ] || { echo "no .html, .htm or .html.gz pages under $SOURCE" >&2; exit 1; }

# A profile applies to the build it was recorded from: symbol names carry a hash of the
# package's dependency graph and features. So each target is instrumented, trained and rebuilt
# with the same cargo command: the command line for the command, Python for the wheel, the
# bench crate with its peers for the benchmarks.
cargo_build() { # MODE TARGET_DIR: the build of target $t
    local mode=$1 dir=$2
    forget "$dir"
    case "$t" in
    cli) WEBSYNTAX_PGO=$mode cargo build --release -p websyntax-cli --target-dir "$dir" ;;
    bench)
        WEBSYNTAX_PGO=$mode cargo build --release -p websyntax-bench \
            --features peers-html,peers-lexbor --example dom_bench --example dom_memory \
            --example dom_profile --example dom_perfile --target-dir "$dir"
        ;;
    wheel)
        rm -rf "$dir/wheels"
        WEBSYNTAX_PGO=$mode CARGO_TARGET_DIR="$dir" "$MATURIN" build --release --quiet \
            -m crates/python/Cargo.toml -o "$dir/wheels" -i "$PYTHON"
        ;;
    esac
}

train() { # the training run of target $t, built in $PGO/gen-$t
    local gen=$PGO/gen-$t
    export LLVM_PROFILE_FILE="$PGO/profiles-$t/%p-%m.profraw"
    case "$t" in
    cli)
        for _ in 1 2; do
            "$gen/release/websyntax" check "$PAGES" >/dev/null || true
            "$gen/release/websyntax" select 'a[href]' "$PAGES" >/dev/null || true
            "$gen/release/websyntax" links "$PAGES" >/dev/null || true
            "$gen/release/websyntax" text "$PAGES" >/dev/null || true
        done
        ;;
    bench) "$gen/release/examples/dom_profile" train 2 "$PAGES" ;;
    wheel)
        rm -rf "$PGO/venv"
        "$PYTHON" -m venv "$PGO/venv"
        "$PGO/venv/bin/python" -m pip install -q --no-deps "$gen"/wheels/websyntax-*.whl
        (cd "$PGO" && "$PGO/venv/bin/python" "$ROOT/scripts/pgo_train.py" "$PAGES")
        ;;
    esac
    unset LLVM_PROFILE_FILE
}

for t in "${TARGETS[@]}"; do
    if [ "$t" = wheel ]; then
        MATURIN=$(command -v maturin || echo "$ROOT/target/py-venv/bin/maturin")
        PYTHON=$(command -v python3)
        [ -x "$MATURIN" ] || { echo "maturin not found (run scripts/test.sh first, or pip install maturin)" >&2; exit 1; }
    fi
    echo "== $t 1/3: instrumented build"
    rm -rf "$PGO/profiles-$t"
    mkdir -p "$PGO/profiles-$t"
    cargo_build "generate=$PGO/profiles-$t" "$PGO/gen-$t"
    echo "== $t 2/3: training run over $SOURCE ($PAGES_N pages)"
    train
    "$PROFDATA" merge -o "$PGO/$t.profdata" "$PGO/profiles-$t"
    echo "== $t 3/3: optimized build"
    cargo_build "use=$PGO/$t.profdata" "$PGO/$t"
    case "$t" in
    cli) echo "built $PGO/cli/release/websyntax" ;;
    bench) echo "built $PGO/bench/release/examples/{dom_bench,dom_memory,dom_profile,dom_perfile}" ;;
    wheel)
        mkdir -p "$PGO/wheels"
        rm -f "$PGO"/wheels/websyntax-*.whl
        cp "$PGO"/wheel/wheels/websyntax-*.whl "$PGO/wheels/"
        echo "built $(ls "$PGO"/wheels/websyntax-*.whl)"
        ;;
    esac
done
