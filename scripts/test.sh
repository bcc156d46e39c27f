#!/usr/bin/env bash
# The README's test command: the Rust test suites, then the Python package built into a
# virtual environment under target/ and its pytest suite (incl. the Spark local-mode and Dask
# examples), then the sanitizer's outputs rendered in headless Chromium (scripts/browser-tests.sh),
# the language server's end-to-end tests, the npm package (js/: built to WebAssembly, tested
# with node --test, packed) and the live viewer (web/viewer/, in headless Chromium). Needs Rust
# and Python 3 (with venv); Spark needs Java 17+; the browser tests, the npm package and the
# viewer need Node.js >= 20 with npm and chromium (the npm build installs the wasm32 target and
# the pinned wasm-bindgen CLI when missing).
#
# System packages: run as root on a machine with apt-get (as CI is), this script installs the
# Debian packages its tests need (python3-venv, a Java runtime for Spark, chromium, neovim) with
# apt-get. Set WEBSYNTAX_NO_APT=1 to install nothing: a missing package then stops the script
# (venv, chromium) or skips the tests that need it (Java, Neovim), with a message naming it.
set -euo pipefail
cd "$(dirname "$0")/.."

# section NAME: announces a step, with the seconds since the script started (so that a log
# shows where the time goes).
SECTION_T0=${SECTION_T0:-$(date +%s)}
section() { echo "== [$(( $(date +%s) - SECTION_T0 )) s] $*"; }

# need_apt PACKAGE...: installs Debian packages (apt-get update once per run, then apt-get
# install -y), announcing it. Returns 1 without installing anything when WEBSYNTAX_NO_APT is set
# or when not root or without apt-get.
APT_UPDATED=
need_apt() {
    if [ -n "${WEBSYNTAX_NO_APT:-}" ]; then
        echo "WEBSYNTAX_NO_APT is set: not installing $*" >&2
        return 1
    fi
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "cannot install $* here (needs root and apt-get)" >&2
        return 1
    fi
    section "installing Debian packages: $* (apt-get; set WEBSYNTAX_NO_APT=1 to skip)"
    if [ -z "$APT_UPDATED" ]; then
        apt-get update -qq
        APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}
ROOT=$PWD
VENV="$ROOT/target/py-venv"
REQ="$ROOT/crates/python/requirements-test.txt"
start=$(date +%s)

section "cargo test"
cargo test
# The wasm crate's own unit tests (its Cargo.toml sets `test = false`: `cargo test` skips them;
# the npm tests cover its API): the tree view's provenance rules, natively.
cargo test -p websyntax-wasm --lib

# The npm package's build (the WebAssembly module: two LTO builds, mostly one core each, and the
# pinned wasm-bindgen CLI when missing), then a check that the fuzz targets compile, run beside
# the Python, browser and language-server tests, which leave a core idle most of the time; its
# log is shown, and its status checked, before the package's tests.
section "npm package (js/): npm ci, npm run build, then the fuzz targets' check, in the background (log: target/js-build.log)"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "node and npm (Node >= 20) are needed for the npm package's tests" >&2
    exit 1
fi
JS_BUILD_LOG="$ROOT/target/js-build.log"
(
    cd "$ROOT/js"
    # Reinstall the dev dependencies only when the lock file changes.
    if ! cmp -s package-lock.json node_modules/.package-lock-installed; then
        npm ci --no-audit --no-fund --loglevel=error
        cp package-lock.json node_modules/.package-lock-installed
    fi
    npm run build
    # Then every cargo-fuzz target compiles (on stable, without linking libFuzzer; its own
    # target directory fuzz/target): a target that no longer compiles fails here, not at the
    # next fuzzing session.
    cd "$ROOT"
    echo "== cargo check --manifest-path fuzz/Cargo.toml --bins --no-default-features (the fuzz targets compile)"
    cargo check -q --manifest-path fuzz/Cargo.toml --bins --no-default-features
) >"$JS_BUILD_LOG" 2>&1 &
JS_BUILD=$!
trap 'kill "$JS_BUILD" 2>/dev/null || true' EXIT

section "Python virtual environment ($VENV)"
if [ ! -x "$VENV/bin/python" ]; then
    if ! python3 -m venv "$VENV" 2>/dev/null; then
        rm -rf "$VENV"
        if need_apt python3-venv; then
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
    if ! need_apt default-jre-headless; then
        echo "warning: no Java: the Spark example test will be skipped" >&2
    fi
fi

# The wheel the tests import is built in Cargo's dev profile: the same code as a release wheel,
# with overflow checks on, and it reuses what `cargo test` just compiled instead of compiling
# every crate again at opt-level 3 with one codegen unit (minutes on 2 cores). Wheels for users:
# `maturin build --release` (docs/python.md).
section "build the websyntax wheel (maturin, dev profile) and install it"
rm -rf "$ROOT/target/wheels"
"$VENV/bin/maturin" build --profile dev --quiet -m crates/python/Cargo.toml -o "$ROOT/target/wheels" \
    -i "$VENV/bin/python"
"$VENV/bin/python" -m pip install -q --force-reinstall --no-deps "$ROOT"/target/wheels/websyntax-*.whl

section "pytest"
cd "$ROOT/target"  # import the installed wheel, not the source tree
PYTHONDONTWRITEBYTECODE=1 "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/crates/python/tests"

section "browser tests (scripts/browser-tests.sh: sanitizer outputs in headless Chromium)"
"$ROOT/scripts/browser-tests.sh"

section "language server: end-to-end tests (pytest-lsp, headless Neovim)"
# Its own virtual environment: pytest-lsp pins pygls/lsprotocol versions of its own.
LSP_VENV="$ROOT/target/lsp-venv"
LSP_REQ="$ROOT/crates/lsp/tests/e2e/requirements.txt"
if [ ! -x "$LSP_VENV/bin/python" ]; then
    python3 -m venv "$LSP_VENV"
fi
if ! cmp -s "$LSP_REQ" "$LSP_VENV/.requirements-installed"; then
    "$LSP_VENV/bin/python" -m pip install -q --upgrade pip
    "$LSP_VENV/bin/python" -m pip install -q -r "$LSP_REQ"
    cp "$LSP_REQ" "$LSP_VENV/.requirements-installed"
fi
cd "$ROOT"
cargo build -q -p websyntax-cli
WEBSYNTAX_BIN="$ROOT/target/debug/websyntax" PYTHONDONTWRITEBYTECODE=1 \
    "$LSP_VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/crates/lsp/tests/e2e"
crates/lsp/tests/nvim/run.sh "$ROOT/target/debug/websyntax"

section "npm package (js/): npm test, npm pack (after its build, started above)"
if ! wait "$JS_BUILD"; then
    cat "$JS_BUILD_LOG"
    echo "the npm package's build or the fuzz targets' check failed (npm ci, npm run build in js/; cargo check of fuzz/): the log is above" >&2
    exit 1
fi
cat "$JS_BUILD_LOG"
cd "$ROOT/js"
# The browser test needs Chromium; without it that test is skipped, saying why.
"$ROOT/scripts/ensure-chromium.sh" || true
WEBSYNTAX_CLI="$ROOT/target/debug/websyntax" npm test
npm pack --silent --pack-destination "$ROOT/target" >/dev/null
ls -l "$ROOT"/target/websyntax-*.tgz
cd "$ROOT"

section "live viewer (web/viewer/): npm ci, npm test (headless Chromium)"
cd "$ROOT/web/viewer"
if ! cmp -s package-lock.json node_modules/.package-lock-installed; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.package-lock-installed
fi
WEBSYNTAX_CLI="$ROOT/target/debug/websyntax" npm test
cd "$ROOT"

echo "== scripts/test.sh passed in $(( $(date +%s) - start )) s"
