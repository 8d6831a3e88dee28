#!/usr/bin/env bash
# The README's picture of the score sheet (kitapi export --format html) as a headless
# Chromium shows it: docs/img/score-sheet.png, from the sample game.
#
#   tools/screenshot-sheet.sh [GAME [OUT.png [WIDTHxHEIGHT]]]
#
# GAME is a game log file (default examples/sample-prefa.jsonl), and the size is the browser
# window's, in pixels (default 860x880).  Needs .venv (make setup) and a
# Chromium-family browser (tools/ensure-chromium.sh; KITAPI_CHROMIUM names one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
game=${1:-$root/examples/sample-prefa.jsonl}
out=${2:-$root/docs/img/score-sheet.png}
size=${3:-860x880}
"$root/.venv/bin/python" - "$game" "$out" "$size" <<'PY'
import sys
from pathlib import Path

from kitapi_host import sheets
from kitapi_host.sheets.browser import to_png

game, out, size = sys.argv[1:]
width, height = (int(v) for v in size.split("x"))
html = sheets.export(sheets.load(Path(game)), "html")
Path(out).parent.mkdir(parents=True, exist_ok=True)
Path(out).write_bytes(to_png(html, width, height))
print(f"{out}: {width}x{height}, the score sheet of {game}")
PY
