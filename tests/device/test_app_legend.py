"""The hands list spells out its codes (issue 24, item 7), through the simulator in English, Greek and Russian:
0 on the list shows, for the open game's family, a line for every code its rows use ("=", "+1", "w-", "Bett",
"4G", "2H", "$5" ...), whole, and * goes back to the list at the page and the hand it was on; and the pot
games' options are said in whole words."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from test_app_screens import problems, vocabulary, walk
from testkit import Device, lines, new_game_keys

CODES = ("en", "el", "ru")
# the pot games' options step, each option toggled to its last value: whole words, on one row each
_TYPED = "0 2~1500 66~1500 66# 0 22~1500 666~1500 22# 0 222~1500 2~1500 8#"
# Balkan: a suit made with whists, a closed Game (A) made with whists, a Bettler
_BALKAN = ("2 2 # # 6 #", "1 A 4 # # #", "2 6 # #")


# The legend is shown in 64 KB beside any open game, Balkan's in Greek and Russian too (they needed 74 KB once
# the tournament offer came: the new-game wizard had cut the heap up for the game's start, which is now on a
# fresh heap, and a player's letters were interned names; issue 37, item 4).  How much is left is said by
# tests/device/test_app_heap_lang.py.  On the Pico the lowest free heap of any game is above 140 KB.


def device(tmp_path: Path, code: str, system: str = "") -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    return Device(data, heapsize="64K")


def keys_of(tok: str, pot: bool) -> list[str]:
    """The codes a legend must name for one word of a hands list's row (its number and name left out;
    ``pot``: the Austrian or Illustrated game's)."""
    if re.fullmatch(r"[+-]\d+", tok):  # tricks over or short
        return [tok[0] + "1"]
    if tok in ("=", "-", "!"):
        return [tok]
    if m := re.fullmatch(r"(Bett|Μπέτ|Бет)(G?)", tok):  # Balkan's Bettler, closed
        return [m.group(1)] + ["G"] * bool(m.group(2))
    if tok in ("Mis", "Μιζ", "Миз"):
        return [tok]
    if re.fullmatch(r"[w\-\u00bdσв]+d?", tok):  # the defenders' words, the dealer's whist
        return list(tok)
    if re.fullmatch(r"x\d+", tok):  # the pot games' seats that dropped
        return ["x13"]
    if pot and (m := re.fullmatch(r"([1-8P])(H?)[\u2663\u2660\u2666\u2665]?", tok)):  # a bid (Hand), trump
        d = m.group(1)
        return ["1-4" if d in "1234" else d] + ["H"] * bool(m.group(2))
    if m := re.fullmatch(r"\d+(G?)\D*?(!?)", tok):  # a level, Game, four aces
        return ["G"] * bool(m.group(1)) + ["!"] * bool(m.group(2))
    if re.search(r"\$\d+$", tok):  # American: the chip bid, after the name
        return ["$5"]
    if tok.endswith("*"):  # Priffe: honours
        return ["*"]
    return []


def named(key: str, legend: list[str]) -> bool:
    return any(re.search(r"(^|\s)" + re.escape(key) + r"\s", s + " ") for s in legend)


def hands_list(dev: Device, system: str) -> list[tuple[int, int, str]]:
    setup, hands = walk(system)
    if system == "balkan":
        hands = list(_BALKAN)
    dev.keys(setup)
    for h in hands:
        dev.keys(h)
    return dev.keys("A")[-1]


# what each family's rows must show at least, so that the test looks at its codes
MUST = {"prefa": {"=", "+1"}, "sochi": {"-", "+1", "Mis"}, "balkan": {"G", "-", "="},
        "preference_at": {"1-4"}, "preference_illustrated": {"1-4", "H"}, "preference_us": set(),
        "priffe": set(), "prefa_kasa": {"="}}  # fmt: skip


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("system", list(MUST))
def test_the_hands_list_spells_out_its_codes(tmp_path: Path, system: str, code: str) -> None:
    dev = device(tmp_path, code, system)
    listed = hands_list(dev, system)
    assert any(s.endswith("0:?") for s in lines(listed)), lines(listed)  # the key named on the title bar
    listed = dev.keys("8 8")[-1]  # the cursor two hands down: where * must come back to
    rows = [s for _, y, s in listed if 8 <= y < 48]
    assert rows, lines(listed)
    shown = dev.keys("0")[-1]
    legend = [s for _, y, s in shown if y < 56]
    assert legend and not problems(shown, vocabulary(("Ann", "Bob", "Cat"))), (lines(shown), problems(shown))
    keys = set()
    for row in rows:  # "  9 Bob 6♦ -w +1": its number, its name (or a word such as All-pass), then its codes
        for i, tok in enumerate(row.split()[2:]):  # (a pot game's bid first, its tricks last)
            keys.update(keys_of(tok, i == 0 and system in ("preference_at", "preference_illustrated")))
    if code != "en":  # the codes of the words are the language's
        keys = {k for k in keys if k != "Mis"}
    assert MUST[system] - {"Mis"} <= keys, (rows, keys)
    missing = [k for k in keys if not named(k, legend)]
    assert not missing, (missing, rows, legend)
    back = dev.keys("*")[-1]
    assert back == listed, (lines(back), lines(listed))  # the same page, the same hand at the cursor
    assert dev.keys("0 0")[-1] == listed  # 0 again is back too
    dev.close()


@pytest.mark.parametrize("code", ("el", "ru"))
def test_a_balkan_legend_shows_with_2k_less_heap(tmp_path: Path, code: str) -> None:
    """The legend was the 64 KB heap's highest point (a Greek Balkan game's had 800 bytes left): the hands list
    lets go of what the boot warmed for the next hand (the store's writer and replay), the legend of the family's
    hand wizard and its shell too, imported again when they are left.  A Greek or Russian Balkan game's legend
    shows whole with 2 KB of the list's heap held (the simulator's "h N", till the next reset; it needed 3.2 KB
    free); without, * comes back to the list as it was, and a hand is entered and listed after it."""
    dev = device(tmp_path / "held", code)
    hands_list(dev, "balkan")
    dev.fw.send("h 2048\n")  # 2 KB free left
    assert dev.fw.wait_ready(60)
    shown = dev.keys("0")[-1]
    assert lines(shown)[2:4] == [["Μπέτ Μπέτλερ", "G κλειστό γκέιμ"], ["Бет беттлер", "G закрытая игра"]][code == "ru"]
    assert not problems(shown, vocabulary(("Ann", "Bob", "Cat"))), lines(shown)
    dev.close()
    dev = device(tmp_path / "whole", code)
    listed = hands_list(dev, "balkan")
    assert dev.keys("0")[-1] == shown and dev.keys("*")[-1] == listed
    dev.keys("*")  # the home screen, then a hand entered and saved: the fourth on the list, the legend as before
    dev.keys(_BALKAN[0])
    assert "4/4 0:?" in lines(dev.keys("A")[-1])
    assert dev.keys("0")[-1] == shown
    dev.close()


@pytest.mark.parametrize("code", CODES)
def test_the_legend_is_every_family_s_whole(code: str) -> None:
    """Every system's legend, its family's lines (kitapi.app.systems.<family>.legend, chosen by what the game's
    class says, never by a rules id), fits rows 0-6, each line 16 columns in the box's font, the keys on row 7;
    the page of how the box rounds (B) too.  Made by the legend itself (kitapi.app.legend), on CPython."""
    import importlib

    from kitapi.app import font, legend
    from kitapi.game import new_game
    from kitapi.registry import rows
    from kitapi_host.families import typist_family
    from kitapi_host.logs import gen

    def texts(name: str) -> tuple[object, ...]:
        return importlib.import_module(f"kitapi.app.systems.{name}.lang_{code}").T  # type: ignore[no-any-return]

    for r in rows():
        hdr, _ = gen.generate(r[0], 1, 1, None, **typist_family(r[0]).BENCH)
        app = SimpleNamespace(g=new_game(hdr), lang=code, sys=importlib.import_module(f"kitapi.app.systems.{r[1]}"),
                              pt=texts)  # fmt: skip
        shown = legend.Legend(app)
        for page in [shown.w] + ([shown.page] if shown.page else []):
            assert 2 <= len(page) <= 8, (r[0], page)  # (rows 0-6, the keys on row 7)
            for s in page:
                assert len(s) <= 16 and all(ord(c) < 128 or c in font.GLYPHS for c in s), (r[0], s)
        assert shown.w[-1].endswith("B:\u2248") == (shown.page is not None), (r[0], shown.w)


# the pot games' options, each one stepped to its last choice: (the keys, then the rows it must show)
POT_OPTIONS = {
    "preference_illustrated": {
        "en": ["1 Ante", "2 Both out", "3 Dropper"],
        "el": ["1 Είσοδος", "2 Πάσο 2", "3 Φεύγων"],
        "ru": ["1 Взнос", "2 2 паса", "3 Выход"],
    },
    "preference_us": {
        "en": ["1 Ante", "2 Win", "3 Bids"],
        "el": ["1 Είσοδος", "2 Κέρδος", "3 Μάρκες"],
        "ru": ["1 Взнос", "2 Выигрыш", "3 Ставки"],
    },
}
LAST = {"en": ("lost", "declarer"), "el": ("χάνει", "παίκτης"), "ru": ("ремиз", "игрок")}


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("system", list(POT_OPTIONS))
def test_the_pot_options_are_whole_words(tmp_path: Path, system: str, code: str) -> None:
    dev = device(tmp_path, code)
    size = 100 if system == "preference_illustrated" else 50
    first = dev.keys(f"{new_game_keys(system)} 3 {_TYPED} {size}#")[-1]
    last = dev.keys("3")[-1]  # option 3 to its second choice
    dev.close()
    words = vocabulary(("Ann", "Bob", "Cat"))
    for shown in (first, last):
        text = lines(shown)
        names = [s for x, _, s in sorted(shown, key=lambda t: t[1]) if x == 0 and s[:2] in ("1 ", "2 ", "3 ")]
        assert names == POT_OPTIONS[system][code], text
        assert not problems(shown, words), (text, problems(shown, words))
    assert LAST[code][system == "preference_us"] in lines(last), lines(last)


@pytest.mark.parametrize("code", CODES)
def test_a_closed_games_hands_list_spells_out_its_codes_at_64k(tmp_path: Path, code: str) -> None:
    """A closed Prefa game viewed (Games, A its hands), at the box's 64 KB: 0 spells out the codes, * comes
    back to the list at the hand, and nothing on the box is written."""
    from testkit import SETUP

    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {code}\n")
    dev = Device(data, heapsize="64K")
    dev.keys(SETUP + "161#### 271#### 0# C 3 # #")  # three hands, then End game, yes: closed
    before = {p: p.read_bytes() for p in sorted(data.rglob("*")) if p.is_file()}
    listed = dev.keys("3 1 A 8")[-1]  # Games, the closed game, its hands; the cursor on hand 2
    shown = dev.keys("0")[-1]
    assert lines(shown)[0] == ("= made exactly", "= έβγαλε ακριβώς", "= сыграно ровно")[CODES.index(code)]
    assert not problems(shown, vocabulary(("Ann", "Bob", "Cat"))), lines(shown)
    assert dev.keys("*")[-1] == listed
    dev.close()
    assert {p: p.read_bytes() for p in sorted(data.rglob("*")) if p.is_file()} == before


def test_a_closed_sochi_games_hands_list_spells_out_its_codes(tmp_path: Path) -> None:
    """The same for a closed Sochi game, at the heap its hands are viewed in (tests/device/test_app_fixes.py
    _VIEW_HEAP: the boot that views one is near the unix port's doubling of the interned names' pool)."""
    from test_app_fixes import _VIEW_HEAP, _script, _summaries

    setup, keys = _script("sochi")
    dev = Device(tmp_path / "data", heapsize="96K")
    dev.keys(setup)
    _summaries(dev, keys)
    dev.keys("#")  # the last hand ended the game; # closed it
    dev.close()
    dev = Device(tmp_path / "data", heapsize=_VIEW_HEAP["sochi"])
    listed = dev.keys("3 1 A")[-1]
    shown = lines(dev.keys("0")[-1])
    assert shown[:3] == ["w whist  - pass", "\u00bd half-whist", "d dealer whists"] and shown[-1] == "*back B:\u2248", (
        shown
    )
    assert dev.keys("*")[-1] == listed
    assert lines(dev.keys("#")[-1])[0] == f"Hand {len(keys)}"  # and a hand viewed after it, read only
    dev.close()


@pytest.mark.parametrize("code", CODES)
def test_the_kasa_legend_names_its_top_up_key(tmp_path: Path, code: str) -> None:
    """Issue 36, item 7: the kasa home screen's "D:+" is said on its legend in whole words, the top-up's own word
    (the screen D opens); a Prefa game, which has no kasa, has no such line."""
    import importlib

    top_up = importlib.import_module(f"kitapi.app.systems.kasa.lang_{code}").T[5].lower()  # TOPUP
    for system, said in (("prefa_kasa", True), ("prefa", False)):
        dev = device(tmp_path / system, code, system)
        hands_list(dev, system)
        shown = dev.keys("0")[-1]
        dev.close()
        legend = [s for _, y, s in shown if y < 56]
        assert not problems(shown, vocabulary(("Ann", "Bob", "Cat"))), (lines(shown), problems(shown))
        rows = [s for s in legend if s.startswith("D:+ ")]
        assert (rows != []) == said, legend
        if said:
            assert top_up in rows[0] and named("D:+", legend), legend
