#!/usr/bin/env bash
# Make sure a headless Chromium is on this machine: `kitapi export --format pdf`
# and the browser tests (tests/pc/test_export_browser.py, test_web_browser.py)
# need one.  `make test` runs this before pytest.
#
# - the browser $KITAPI_CHROMIUM names, or Chromium's headless shell
#   (chromium-headless-shell, chrome-headless-shell on PATH): nothing to do;
# - else, as root with apt-get (Debian, Ubuntu): apt-get install
#   chromium-headless-shell (after apt-get update if the first try fails): the
#   browser tests load some 300 pages, at about half the CPU of the whole
#   browser's (kitapi_host/sheets/browser.py looks for it first);
# - else a whole browser already here (chromium, chromium-browser,
#   google-chrome, google-chrome-stable, microsoft-edge, msedge on PATH, the
#   macOS apps): that one;
# - else, as root with apt-get: apt-get install chromium;
# - else: a message saying what to install, and exit status 1.
set -euo pipefail

shell_found() {
    if [ -n "${KITAPI_CHROMIUM:-}" ] && [ -x "$(command -v "$KITAPI_CHROMIUM" || true)" ]; then
        command -v "$KITAPI_CHROMIUM"
        return 0
    fi
    local name
    for name in chromium-headless-shell chrome-headless-shell; do
        if command -v "$name" >/dev/null 2>&1; then
            command -v "$name"
            return 0
        fi
    done
    return 1
}

found() {
    shell_found && return 0
    local name
    for name in chromium chromium-browser google-chrome google-chrome-stable microsoft-edge msedge; do
        if command -v "$name" >/dev/null 2>&1; then
            command -v "$name"
            return 0
        fi
    done
    # macOS: where the installers put them (kitapi looks there too)
    for name in "/Applications/Chromium.app/Contents/MacOS/Chromium" \
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" \
        "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge"; do
        if [ -x "$name" ]; then
            echo "$name"
            return 0
        fi
    done
    return 1
}

# apt-get install PACKAGE, as root on Debian/Ubuntu; apt-get update first if the first try fails.
apt_install() {
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
    echo "ensure-chromium: installing Debian's package $1" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q --no-install-recommends "$1" >&2 ||
        { apt-get update -q >&2 && apt-get install -y -q --no-install-recommends "$1" >&2; }
}

if shell_found >/dev/null; then
    exit 0
fi
if apt_install chromium-headless-shell && browser=$(shell_found); then
    echo "ensure-chromium: $browser" >&2
    exit 0
fi
if browser=$(found); then
    exit 0
fi
if apt_install chromium && browser=$(found); then
    echo "ensure-chromium: $browser" >&2
    exit 0
fi

cat >&2 <<'MSG'
ensure-chromium: no Chromium-family browser found (chromium-headless-shell,
chrome-headless-shell, chromium, chromium-browser, google-chrome,
google-chrome-stable, microsoft-edge, msedge).  The PDF export and the browser
tests need one.  Install one (Debian: sudo apt-get install
chromium-headless-shell), or set KITAPI_CHROMIUM to such a browser's
executable, then run make test again.
MSG
exit 1
