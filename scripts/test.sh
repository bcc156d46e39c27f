#!/usr/bin/env bash
# The README's test command: the Rust test suites, then the Python package built into a
# virtual environment under target/ and its pytest suite (incl. the Spark local-mode and Dask
# examples), then the npm package (js/: built to WebAssembly, tested with node --test, packed).
# Needs Rust and Python 3 (with venv); Spark needs Java 17+; the npm package needs Node >= 20
# and npm (the build installs the wasm32 target and the pinned wasm-bindgen CLI when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VENV="$ROOT/target/py-venv"
REQ="$ROOT/crates/python/requirements-test.txt"
start=$(date +%s)

echo "== cargo test"
cargo test

echo "== Python virtual environment ($VENV)"
if [ ! -x "$VENV/bin/python" ]; then
    if ! python3 -m venv "$VENV" 2>/dev/null; then
        rm -rf "$VENV"
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            apt-get update -qq
            apt-get install -y python3-venv
            python3 -m venv "$VENV"
        else
            echo "python3 -m venv failed: install python3-venv (apt-get install -y python3-venv)" >&2
            exit 1
        fi
    fi
fi
# Reinstall the requirements only when they change.
if ! cmp -s "$REQ" "$VENV/.requirements-installed"; then
    "$VENV/bin/python" -m pip install -q --upgrade pip
    "$VENV/bin/python" -m pip install -q -r "$REQ"
    cp "$REQ" "$VENV/.requirements-installed"
fi

if ! command -v java >/dev/null && [ -z "${JAVA_HOME:-}" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "== installing Java for PySpark (default-jre-headless)"
        apt-get update -qq
        apt-get install -y default-jre-headless
    else
        echo "warning: no Java: the Spark example test will be skipped" >&2
    fi
fi

echo "== build the websyntax wheel (maturin, release) and install it"
rm -rf "$ROOT/target/wheels"
"$VENV/bin/maturin" build --release --quiet -m crates/python/Cargo.toml -o "$ROOT/target/wheels" \
    -i "$VENV/bin/python"
"$VENV/bin/python" -m pip install -q --force-reinstall --no-deps "$ROOT"/target/wheels/websyntax-*.whl

echo "== pytest"
cd "$ROOT/target"  # import the installed wheel, not the source tree
PYTHONDONTWRITEBYTECODE=1 "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/crates/python/tests"

echo "== npm package (js/): npm ci, npm run build, npm test, npm pack"
cd "$ROOT/js"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "node and npm (Node >= 20) are needed for the npm package's tests" >&2
    exit 1
fi
# Reinstall the dev dependencies only when the lock file changes.
if ! cmp -s package-lock.json node_modules/.package-lock-installed; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.package-lock-installed
fi
npm run build
# The browser test needs Chromium; without it that test is skipped, saying why.
"$ROOT/scripts/ensure-chromium.sh" || true
WEBSYNTAX_CLI="$ROOT/target/debug/websyntax" npm test
npm pack --silent --pack-destination "$ROOT/target" >/dev/null
ls -l "$ROOT"/target/websyntax-*.tgz
cd "$ROOT"

echo "== scripts/test.sh passed in $(( $(date +%s) - start )) s"
