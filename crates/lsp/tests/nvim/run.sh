#!/usr/bin/env bash
# Headless Neovim test of `websyntax lsp`: opens a page, waits for the diagnostics, applies a
# quick fix, saves, and checks the saved file with `websyntax check`.
# Usage: run.sh PATH/TO/websyntax. Installs Debian's neovim when missing (as root with apt-get);
# WEBSYNTAX_NO_APT=1 skips the test instead.
set -euo pipefail
BIN=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
if ! command -v nvim >/dev/null; then
    if [ "${WEBSYNTAX_NO_APT:-}" = 1 ]; then
        echo "skipped: the headless Neovim test (no nvim, and WEBSYNTAX_NO_APT=1)"
        exit 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq
        apt-get install -y -qq neovim >/dev/null
    else
        echo "no nvim: install neovim (apt-get install -y neovim), or set WEBSYNTAX_NO_APT=1" >&2
        exit 1
    fi
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
PAGE="$WORK/page.html"
printf '<html lang=en><meta charset=utf-8><title>t</title>\n<p>Hello <b>world</b></span></p>\n' > "$PAGE"
LOG="$WORK/nvim.log"
cd "$WORK"
if ! WEBSYNTAX_BIN="$BIN" NVIM_TEST_LOG="$LOG" timeout 60 \
        nvim --headless --clean -n -u "$HERE/init.lua" "$PAGE" </dev/null >/dev/null 2>&1; then
    echo "headless Neovim test failed:" >&2
    cat "$LOG" >&2 || true
    exit 1
fi
grep -q '^OK$' "$LOG"
# The saved file starts with the DOCTYPE, and the command agrees the finding is gone.
head -c 15 "$PAGE" | grep -q '<!DOCTYPE html>'
if "$BIN" check --format gnu "$PAGE" 2>/dev/null | grep -q missing-doctype; then
    echo "the saved file still misses its DOCTYPE" >&2
    exit 1
fi
echo "headless Neovim: $(grep -c '^diagnostic' "$LOG") diagnostics shown, quick fix applied and saved"
