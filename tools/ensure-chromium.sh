#!/usr/bin/env bash
# Make sure a headless Chromium is on this machine: `kitapi export --format pdf`
# and tests/pc/test_export_browser.py need one.  `make test` runs this before pytest.
#
# - a browser already here (/usr/bin/chromium, or chromium, chromium-browser,
#   google-chrome, google-chrome-stable, microsoft-edge, msedge on PATH, the
#   macOS apps, or the file named by $KITAPI_CHROMIUM): nothing to do;
# - else, as root with apt-get (Debian, Ubuntu): apt-get install chromium
#   (after apt-get update if the first try fails);
# - else: a message saying what to install, and exit status 1.
set -euo pipefail

found() {
    if [ -n "${KITAPI_CHROMIUM:-}" ] && [ -x "$KITAPI_CHROMIUM" ]; then
        echo "$KITAPI_CHROMIUM"
        return 0
    fi
    if [ -x /usr/bin/chromium ]; then
        echo /usr/bin/chromium
        return 0
    fi
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

if browser=$(found); then
    exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: no Chromium found; installing Debian's package chromium" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y --no-install-recommends chromium; then
        apt-get update
        apt-get install -y --no-install-recommends chromium
    fi
    if browser=$(found); then
        echo "ensure-chromium: $browser" >&2
        exit 0
    fi
    echo "ensure-chromium: apt-get installed chromium, but no browser is found" >&2
    exit 1
fi

cat >&2 <<'EOF'
ensure-chromium: no Chromium-family browser found (chromium, chromium-browser,
google-chrome, google-chrome-stable, microsoft-edge, msedge).  The PDF export and
the browser tests need one.  Install Chromium (Debian: sudo apt-get install
chromium), Google Chrome or Microsoft Edge, or set KITAPI_CHROMIUM to such a
browser's executable, then run make test again.
EOF
exit 1
