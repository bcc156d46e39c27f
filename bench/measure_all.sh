#!/bin/sh
# Every side-by-side measurement of docs/performance.md's summary table, one after another, on
# one machine (run it with nothing else running). Prints each tool's report; nothing is
# asserted. Builds first (so that the timed part is not disturbed by compiling):
#
#   sh bench/measure_all.sh [build|run|all]   (default: all)
#
# Needs: the corpus (../shared/corpus beside the checkout, or $WEBSYNTAX_CORPUS); lexbor's
# source (see bench/build.rs); a virtual environment target/py-peers with the Python peers
# (bench/python/requirements.txt, nh3, trafilatura, pytest, maturin) into which `run` installs
# the websyntax wheels `build` makes (plain, and PGO by scripts/pgo.sh, which needs
# `rustup component add llvm-tools`); for `check` against the Nu Html Checker, java and vnu.jar
# ($VNU_JAR, see bench/vnu/compare.py).
set -eu
cd "$(dirname "$0")/.."
CORPUS=${WEBSYNTAX_CORPUS:-../shared/corpus}
PY=target/py-peers/bin/python
what=${1:-all}

if [ "$what" = build ] || [ "$what" = all ]; then
    cargo build --release -p websyntax-bench --features peers-html,peers-lexbor \
        --example dom_bench --example markdown_bench --example thread_scaling
    cargo build --release -p websyntax-bench --features peers-sanitize --example sanitize_bench
    LEXBOR_BUILD=o2 CARGO_TARGET_DIR=target/lexbor-o2 cargo build --release -p websyntax-bench \
        --features peers-html,peers-lexbor --example dom_bench
    cargo bench --no-run -p websyntax-bench --features peers-sanitize --bench sanitize
    cargo bench --no-run -p websyntax-bench --features peers-url --bench url
    cargo bench --no-run -p websyntax-bench --features peers-iri --bench iri
    cargo build --release -p websyntax-cli
    rm -rf target/measure-wheel
    target/py-peers/bin/maturin build --release -q -m crates/python/Cargo.toml \
        -o target/measure-wheel -i target/py-peers/bin/python
    # The wheel as docs/python.md's fastest build makes it: PGO trained on the pages bundled
    # with the tests (none of them in the corpus measured below).
    PATH=$PWD/target/py-peers/bin:$PATH scripts/pgo.sh wheel
fi

if [ "$what" = run ] || [ "$what" = all ]; then
    echo "== $(date -u +%FT%TZ) $(git rev-parse --short HEAD) load: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "== bytes -> DOM, tokenizer: lexbor -O3 -DNDEBUG (its CMake Release flags)"
    target/release/examples/dom_bench 7
    echo "== the same, lexbor -O2 with assertions (the flags of earlier rounds)"
    target/lexbor-o2/release/examples/dom_bench 7
    echo "== the same as the first, glibc keeping freed memory"
    GLIBC_TUNABLES=glibc.malloc.mmap_max=0:glibc.malloc.trim_threshold=4000000000 \
        target/release/examples/dom_bench 7
    echo "== Markdown and main content"
    target/release/examples/markdown_bench 7
    echo "== sanitize against ammonia, interleaved"
    target/release/examples/sanitize_bench 15
    echo "== sanitize against ammonia, criterion"
    cargo bench -q -p websyntax-bench --features peers-sanitize --bench sanitize -- \
        --warm-up-time 1 --measurement-time 4 2>&1 | grep -E "^sanitize|time:|thrpt:"
    echo "== URL parse + href"
    cargo bench -q -p websyntax-bench --features peers-url --bench url -- \
        --warm-up-time 1 --measurement-time 3 2>&1 | grep -E "^url|time:"
    echo "== IRI validation"
    cargo bench -q -p websyntax-bench --features peers-iri --bench iri -- \
        --warm-up-time 1 --measurement-time 3 2>&1 | grep -E "^iri|time:"
    target/py-peers/bin/pip install -q --force-reinstall --no-deps target/measure-wheel/websyntax-*.whl
    echo "== Python: parse, select, links"
    $PY bench/python/compare.py "$CORPUS/html" --task all --rounds 3
    echo "== Python: parsing from threads"
    $PY bench/python/threads.py "$CORPUS/html"
    echo "== Rust: parsing from threads (no Python), beside lexbor and a control"
    target/release/examples/thread_scaling 21
    echo "== Python: sanitize against nh3"
    $PY bench/python/sanitize_compare.py "$CORPUS/html"
    echo "== Python: main content and Markdown"
    $PY bench/python/extract_compare.py --repeat 3
    echo "== Python, the PGO wheel (scripts/pgo.sh wheel): parse; sanitize against nh3"
    target/py-peers/bin/pip install -q --force-reinstall --no-deps target/pgo/wheels/websyntax-*.whl
    $PY bench/python/compare.py "$CORPUS/html" --task parse --rounds 3
    $PY bench/python/sanitize_compare.py "$CORPUS/html"
    target/py-peers/bin/pip install -q --force-reinstall --no-deps target/measure-wheel/websyntax-*.whl
    if [ -n "${VNU_JAR:-}" ] || [ -f /tmp/vnu-jar/node_modules/vnu-jar/build/dist/vnu.jar ]; then
        echo "== check against the Nu Html Checker"
        $PY bench/vnu/compare.py timing "$CORPUS/html"
    fi
    echo "== end $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg)"
fi
