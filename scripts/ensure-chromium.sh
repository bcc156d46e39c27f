#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium (for the browser tests driven by
# playwright-core). Idempotent: installs it with apt-get only when missing, and only as root.
# WEBSYNTAX_NO_APT=1 skips the installation. Exit status 0 when Chromium is there, 1 when it is
# not (with one line saying why), so callers can skip their browser tests.
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
if [ "${WEBSYNTAX_NO_APT:-}" = 1 ]; then
    echo "ensure-chromium: /usr/bin/chromium missing and WEBSYNTAX_NO_APT=1: not installing it" >&2
    exit 1
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "ensure-chromium: /usr/bin/chromium missing: install it (apt-get install -y chromium)" >&2
    exit 1
fi
echo "== installing Chromium (apt-get install -y chromium)" >&2
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
[ -x /usr/bin/chromium ] || { echo "ensure-chromium: apt-get install chromium failed" >&2; exit 1; }
