#!/usr/bin/env bash
# The sanitizer's promise checked in a real browser: every output of the sanitizer test corpus
# (the WPT sanitizer data and the generated mutation-XSS set), under the default configuration
# and permissive ones, rendered in headless Chromium with JavaScript on, must run no script and
# load nothing its configuration does not allow (tests/browser/sanitizer-chromium.mjs).
#
# Needs Debian's chromium (installed here with apt-get when missing and running as root;
# WEBSYNTAX_NO_APT=1 skips that) and Node.js with npm (playwright-core from
# tests/browser/package-lock.json, installed with `npm ci`). Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

if [ ! -x "$CHROMIUM" ]; then
    # Installs Debian's chromium when missing (as root; WEBSYNTAX_NO_APT=1 skips that).
    "$ROOT/scripts/ensure-chromium.sh" || exit 1
    if [ ! -x "$CHROMIUM" ]; then
        echo "browser tests: $CHROMIUM missing: install chromium, or set CHROMIUM=/path/to/chromium" >&2
        exit 1
    fi
fi
for tool in node npm; do
    if ! command -v "$tool" >/dev/null; then
        if [ -z "${WEBSYNTAX_NO_APT:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            echo "== installing nodejs and npm (apt-get)"
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
        fi
        if ! command -v "$tool" >/dev/null; then
            echo "browser tests: $tool missing: install Node.js 20+ and npm" >&2
            exit 1
        fi
    fi
done

echo "== npm ci (tests/browser: playwright-core)"
LOCK=tests/browser/package-lock.json
STAMP=tests/browser/node_modules/.package-lock.installed
if ! cmp -s "$LOCK" "$STAMP"; then
    (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
    cp "$LOCK" "$STAMP"
fi

echo "== the mutation-XSS corpus is up to date with its generator"
node tests/browser/generate-mxss.mjs --check

echo "== websyntax CLI (debug build)"
cargo build -q -p websyntax-cli
BIN=${WEBSYNTAX_BIN:-$ROOT/target/debug/websyntax}

echo "== sanitizer outputs rendered in Chromium ($("$CHROMIUM" --version 2>/dev/null | head -1))"
CHROMIUM="$CHROMIUM" node tests/browser/sanitizer-chromium.mjs --bin "$BIN"
