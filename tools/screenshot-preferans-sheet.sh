#!/usr/bin/env bash
# The README's picture of a Russian Preferans score sheet, the пуля (kitapi export --format html), as a
# headless Chromium shows it: docs/img/preferans-sheet.png, from a generated three-player Sochi game.
#
#   tools/screenshot-preferans-sheet.sh [OUT.png [WIDTHxHEIGHT [SEED]]]
#
# The game is host_tools/kitapi_host/logs/gen.py's preferans_game(SEED, 60, "sochi", 3, stake="0.10") (default seed 9),
# played to its end; the size is the browser window's, in pixels (default 860x800).  Needs .venv
# (make setup) and a Chromium-family browser (tools/ensure-chromium.sh; KITAPI_CHROMIUM names one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/img/preferans-sheet.png}
size=${2:-860x800}
seed=${3:-9}
"$root/.venv/bin/python" - "$out" "$size" "$seed" <<'PY'
import sys
import tempfile
from pathlib import Path

from kitapi_host import sheets
from kitapi_host.sheets.browser import to_png
from kitapi_host.logs import gen

out, size, seed = sys.argv[1:]
width, height = (int(v) for v in size.split("x"))
hdr, hands = gen.preferans_game(int(seed), 60, "sochi", 3, stake="0.10")
with tempfile.TemporaryDirectory() as tmp:
    game = Path(tmp) / "sochi.jsonl"
    gen.write_jsonl(game, hdr, hands)
    html = sheets.export(sheets.load(game), "html")
Path(out).parent.mkdir(parents=True, exist_ok=True)
Path(out).write_bytes(to_png(html, width, height))
print(f"{out}: {width}x{height}, the score sheet of a generated Sochi game (seed {seed}, {len(hands)} hands)")
PY
