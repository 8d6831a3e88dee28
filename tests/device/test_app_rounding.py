"""The box says what it rounds, and pays money from the exact figures (issue 36, item 1), through the simulator
with the issue's keys: a Sochi game, pool 10, 0.50 a whist; Оля 6 spades, Петр whists.  The exact nets are
-20/3, +16/3 and +4/3 whists: the home screen shows them rounded once (largest remainder) and marked,
"≈-6 ≈+5 ≈+1"; who owes whom pays the money of the exact nets, -3.333 +2.667 +0.667, rounded once to cents
by the same rule (-3.33 +2.67 +0.66: the one cent short goes to the first of equal remainders), marked ≈,
where the screen said "5 =2.50" and "1 =0.50" (the whole whists' money); the hands list's legend says how the
box rounds (0, then B); and replay, show, the sheet and the web page pay the same money."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from kitapi.app import font
from kitapi_host.families import archive_family
from kitapi_host.logs.table import money_transfers
from testkit import Device, device_log, lines

# the setup from the start menu of a box (Sochi, 3 players: Иван, Оля, Петр on a Russian box, their
# keys' Latin letters on an English one), pool 10, stake 0.5, first dealer seat 1; then its hand
SOCHI = "1 2 3 0 4 222 ~1100 2 55 # 0 555 4444 9999 # 0 5555 33 666 ~1100 6 # 1 0 A 0 B 5 # # 1 #"
HAND = "2 6 1 2 # #"
ROUNDED = {"en": "\u2248 rounded once:", "ru": "\u2248 округлено:"}


def _device(tmp_path: Path, code: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="96K")


@pytest.mark.parametrize("code", ["en", "ru"])
def test_the_money_comes_from_the_exact_whists_and_the_rounding_is_said(tmp_path: Path, code: str) -> None:
    dev = _device(tmp_path, code)
    dev.keys(SOCHI)
    home = dev.keys(HAND)[-1]
    owes = lines(dev.keys("B")[-1])
    dev.keys("*")  # home again
    legend = lines(dev.keys("A 0")[-1])
    rounding = lines(dev.keys("B")[-1])
    back = lines(dev.keys("B")[-1])
    dev.close()
    _, res = device_log(dev.data, tmp_path)
    assert res["settlement"] == ["-20/3", "16/3", "4/3"] and res["money"] == ["-10/3", "8/3", "2/3"]
    # the home screen: each net rounded once and marked
    nets = [s for x, y, s in sorted(home, key=lambda t: t[1]) if 16 <= y <= 32 and x >= 96]
    assert nets == ["\u2248-6", "\u2248+5", "\u2248+1"], lines(home)
    # who owes whom: the money of the exact nets, rounded once to cents, marked; payer's sum is his money
    amounts = [s for s in owes if s[:1] == "\u2248"]
    assert amounts == ["\u22482.67", "\u22480.66"], owes
    assert sum(Fraction(s[1:]) for s in amounts) == Fraction(333, 100)  # -10/3 to the cent
    # as the PC pays it (kitapi.outcome.money, which replay, show, the sheet and the page use)
    cash = money_transfers(res)
    assert cash == (2, False, [(0, 1, "2.67"), (0, 2, "0.66")])
    # the legend: its codes, then (B) how the box rounds, then (B) its codes again
    assert legend[-1].endswith("B:\u2248") and rounding[0] == ROUNDED[code] and back == legend, (legend, rounding)
    assert len(rounding) == 8 and all(len(s) <= 16 for s in rounding), rounding


def test_replay_and_the_sheet_pay_the_box_s_money(tmp_path: Path) -> None:
    """The same game on the PC: replay lists the whole whists, then the money as the box pays it; the sheet too."""
    dev = _device(tmp_path, "ru")
    dev.keys(SOCHI)
    dev.keys(HAND)
    dev.close()
    _, res = device_log(dev.data, tmp_path)
    out = archive_family(res["rules"]).standings(res)  # (replay's table: the family's standings hook)
    assert out.endswith("  Иван pays Оля 2.67\n  Иван pays Петр 0.66"), out
    (game,) = sorted((dev.data / "games").glob("*.kitapi"))
    html = tmp_path / "sheet.html"
    p = subprocess.run(
        [sys.executable, "-m", "kitapi_host", "export", "--format", "html", "--lang", "ru", "-o", str(html), str(game)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert p.returncode == 0, p.stderr
    sheet = html.read_text()
    money = re.findall(r'<li class="pay money" data-payer="(\d)" data-payee="(\d)" data-amount="([\d.]+)">', sheet)
    assert money == [("0", "1", "2.67"), ("0", "2", "0.66")], sheet[-3000:]
    assert "в деньгах" in sheet


def test_a_rounded_net_s_mark_is_the_font_s_glyph(tmp_path: Path) -> None:
    """The home screen blits ≈ from its own copy of the glyph (kitapi.app.systems.preferans.draw_home: 0.41 ms
    sooner a net on the pico-rig than kitapi.app.font.text's): the frame's cell before each rounded net holds the
    font's ≈, column for column, and the figure after it framebuf's own digits."""
    dev = _device(tmp_path, "en")
    dev.keys(SOCHI)
    home = dev.keys(HAND)[-1]
    frame = dev.fw.frame
    dev.close()
    i = font._find(0x2248) << 3
    glyph = font._DATA[i : i + 8]
    nets = [(x, y, s) for x, y, s in home if 16 <= y <= 32 and x >= 96]
    assert [s[0] for _, _, s in nets] == ["\u2248"] * 3, lines(home)
    for x, y, _ in nets:
        assert y % 8 == 0 and frame[(y >> 3) * 128 + x : (y >> 3) * 128 + x + 8] == glyph, (x, y)
