"""Every screen of every system in every language, through the simulator: each text box inside the
128x64 screen, no two overlapping, nothing cut (a word or a figure), and each screen names its keys."""

from __future__ import annotations

import ast
import json
import re
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from kitapi.app import font
from kitapi.app.names import fit
from kitapi.game import new_game
from kitapi.registry import rows
from kitapi.rules import load
from kitapi_host.families import family_name
from kitapi_host.logs import gen
from kitapi_host.sim import typist
from kitapi_host.sim.pick import PAGE, rules_keys
from testkit import ROOT, Device, device_log, new_game_keys

Screen = list[tuple[int, int, str]]

# a text that names a key: "#ok", "*back", "A:log", "0=10", "1-4 bid", "6-9", or a numbered entry "1 Rules"
_KEY = re.compile(r"[#*]|(^|[\s(])([0-9A-D]|L\*|long 0)\s?[:=]|\d-\d")


def boxes(texts: Screen) -> list[tuple[int, int, int, int, str]]:
    return [(x, y, x + font.width(s), y + 8, s) for x, y, s in texts if s]


_LETTERS = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=1)
def _firmware_words() -> frozenset[str]:
    """Every word the firmware can show: the letters of each string in its code and its tables."""
    words = set()
    for py in (ROOT / "firmware" / "kitapi").rglob("*.py"):
        for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                words.update(_LETTERS.findall(node.value))
    return frozenset(words)


# Greek and Russian words that are whole though another word begins with them ("σαν", "вист"; "Ленинград" of the
# PC's title "Ленинградка", in kitapi.registry's rows)
_WHOLE = frozenset("σαν μιζέρ лист игр Балкан Ленинград Вист вист Выход Роббер Сброс сброс пополнен сыгран".split())
# cuts the tables had ("A:λίστ", "A:спис", "D стер"): no longer word begins with them
_SEEN_CUTS = frozenset("λίστ σελ спис стер Распа Παρτί Ива Пет".split())


@lru_cache(maxsize=1)
def _table_cuts() -> frozenset[str]:
    """The Greek and Russian words of the firmware that are the beginning of a longer one (by two letters or
    more) and are never written in a sentence of its texts: a table's cut ("διόρθ" of "διόρθωση")."""
    prose, words = set(), _firmware_words()
    for py in (ROOT / "firmware" / "kitapi").rglob("*.py"):
        for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
            v = node.value if isinstance(node, ast.Constant) else None
            if isinstance(v, str) and len(v) >= 20 and v.count(" ") >= 2 and "|" not in v:
                prose.update(w.lower() for w in _LETTERS.findall(v))
    return frozenset(
        w
        for w in words
        if len(w) >= 3 and re.search("[\u0370-\u04ff]", w) and not w.isupper() and w.lower() not in prose
        and w not in _WHOLE and any(len(v) >= len(w) + 2 and v.lower().startswith(w.lower()) for v in words)
    ) | _SEEN_CUTS  # fmt: skip


def vocabulary(names: tuple[str, ...] = ()) -> frozenset[str]:
    """The words a screen may show whole: the firmware's, the players' names and their abbreviations of 4
    letters or more (kitapi.app.names.fit: "Kons o", never "Ива" for "Иван")."""
    words = set(_firmware_words())
    for i in range(len(names)):
        for w in range(4, 17):
            words.update(_LETTERS.findall(fit(list(names), i, w)))
    return frozenset(words)


# words whose dot is the language's own, not a cut
_DOTTED = frozenset()


@lru_cache(maxsize=1)
def _undotted() -> frozenset[str]:
    """The words the firmware writes without a dot after them somewhere, or in a sentence: whole words, whose
    dot ends a sentence ("can follow."), where a word only ever written with one is cut ("Εικονογρ.")."""
    out = set()
    for py in (ROOT / "firmware" / "kitapi").rglob("*.py"):
        for node in ast.walk(ast.parse(py.read_text(encoding="utf-8"))):
            v = node.value if isinstance(node, ast.Constant) else None
            if isinstance(v, str):
                prose = len(v) >= 20 and v.count(" ") >= 2 and "|" not in v
                out.update(m.group() for m in _LETTERS.finditer(v) if prose or v[m.end() : m.end() + 1] != ".")
    return frozenset(out)


@lru_cache(maxsize=1)
def _legend_codes() -> frozenset[str]:
    """The codes the legend (key 0, kitapi.app.legend, each family's lines kitapi.app.systems.<family>.legend)
    spells out: each entry's first word ("Миз мизер")."""
    out = set()
    firmware = ROOT / "firmware/kitapi/app"
    for path in [firmware / "legend.py", *sorted(firmware.glob("systems/*/legend.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for entry in node.value.split("|"):
                    out.update(_LETTERS.findall(entry.split(" ")[0]))
    return frozenset(out)


def _codes(w: str, words: frozenset[str]) -> bool:
    """Whether ``w`` is a row of a hand line's one-letter codes ("ww": both whist), each a text of its own
    that the legend (key 0) spells out."""
    return len(w) <= 3 and all(c in words for c in w)


# what an el/ru screen may show in Latin letters: a key's name (A-D, before ":", "/", "=", a figure or alone),
# the times sign ("7x3", "x3") and the codes the legend explains; Greek asks with ";" (Latin "?" is English)
_KEY_LETTER = re.compile(r"(?<![^\W\d_])[A-D](?=[:/=≡\d]|\s|$)|L\*|(?<![^\W_])x(?=\d|\s)")
_LATIN = re.compile(r"[A-Za-z]")


def foreign(screen: Screen, code: str, names: tuple[str, ...] = ()) -> list[str]:
    """What is English on a Greek or Russian screen: a Latin letter outside the players' names and the keys'
    names, and on a Greek one the Latin "?"."""
    if code == "en":
        return []
    out = []
    for _, _, s in screen:
        t = s
        for n in sorted(names, key=len, reverse=True):
            t = t.replace(n, "")
        t = _KEY_LETTER.sub("", t)
        t = "".join(w for w in re.split(r"([^\W\d_]+)", t) if w not in _legend_codes())  # (codes key 0 explains)
        if _LATIN.search(t) or code == "el" and "?" in t.replace(":?", ""):
            out.append(f"foreign: {s!r}")
    return out


def cut(text: str, words: frozenset[str]) -> str | None:
    """What is cut off in ``text``, or None: a word that is only the beginning of one the firmware (or a name)
    has ("κλειστ" of "κλειστή"), a word cut with a dot ("Παρτί."), a table's cut ("λίστ"), or a figure lost at
    its end ("+" of "+1", "0-4-" of "0-4-3-3", a space at the screen's edge where it stood)."""
    for m in _LETTERS.finditer(text):
        w = m.group()
        if w in _legend_codes():
            continue
        if (
            w not in words
            and not w.isupper()
            and not _codes(w, words)
            and any(v.startswith(w) for v in words if len(v) > len(w))
        ):
            return w  # (the beginning of a word or a name: a slice)
        if w in _table_cuts():
            return w  # (a table's cut)
        dot = text[m.end() : m.end() + 1] == "." and text[m.end() : m.end() + 2] != ".."
        if dot and w not in _DOTTED and w not in _undotted():
            return w + "."  # a word cut with a dot is cut too ("Παρτί.", "Распа."): say less, in whole words
    if re.search(r"(^|\s)[+\u2212]$|\d-$", text) or len(text) == 16 and text[-1] == " ":  # (16: sliced at the edge)
        return text[-3:]
    return None


def problems(screen: Screen, words: frozenset[str] | None = None) -> list[str]:
    """What is wrong with a screen: a text outside it, cut (``words``: the vocabulary), two texts on each
    other, no key named."""
    bs = boxes(screen)
    out = [f"outside: {s!r} at {x0},{y0}" for x0, y0, x1, y1, s in bs if x0 < 0 or y0 < 0 or x1 > 128 or y1 > 64]
    if words is not None:
        out += [f"cut: {c!r} in {s!r}" for *_, s in bs if (c := cut(s, words)) is not None]
    for i, a in enumerate(bs):
        for b in bs[i + 1 :]:
            if not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]):
                out.append(f"overlap: {a[4]!r} at {a[0]},{a[1]} and {b[4]!r} at {b[0]},{b[1]}")
    for a in bs:  # a name never runs into the number after it ("Boris10")
        for b in bs:
            if a[1] == b[1] and 0 <= b[0] - a[2] < 3 and a[4][-1:].isalpha() and b[4][:1] in "+-0123456789":
                out.append(f"no gap: {a[4]!r} {b[4]!r}")
    menu = [s for _, y, s in screen if y > 8]  # below the title and the message row: numbered entries only
    if bs and not any(_KEY.search(s) for *_, s in bs) and not (menu and all(re.match(r"\d \S", s) for s in menu)):
        out.append("no key named")
    return out


def language(data: Path, code: str) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings").write_text(f"255 60 {code}\n")


# the keys that look around a game once some hands are in: the hands, owes page, menu, settings, end?, and
# last the Games list (its rows: the system's name, the players', four at the table too)
LOOK = "A 0 * 8 8 D # D # * B B C 2 * C 4 * C 3 * * L* * C 1 1 * * * C 5"


def tour(system: str) -> str:
    """The new-game wizard with every option stepped through twice, then back out to the start menu (the rules
    step's pages first, B to each and back to the first)."""
    pages = "B " * -(-len(rows()) // PAGE)
    rules = system.rstrip("4")
    n = 4 if system != rules else len(gen.header(rules)["players"])  # (the family's usual table)
    size = {"prefa": 100, "kasa": 50000, "priffe": 9}.get(str(family_name(rules)), 20)
    opts = "1 2 3 4 5 6 7 " * 2
    return f"1 {pages}{rules_keys(rules)} {n} " + " ".join(typist.TYPED[:n]) + f" {size}# {opts}" + "* " * 12


def _pref_hands(rules: str, n: int, seed: int) -> list[str]:
    hdr = gen.header(rules, n, pool=20)
    _, hands = gen.generate(rules, seed, 12, n, pool=20)
    g = new_game(hdr)
    keys = []
    for h in hands:
        d = typist.device_form(g, h)
        keys.append(typist.hand_keys(g, d))
        g.play(d)
    return keys


def walk(system: str) -> tuple[str, list[str]]:
    """The keys of a new game of ``system`` and of some of its hands (by its family, the registry's column, and
    what its class says it is)."""
    family = family_name(system.rstrip("4"))
    if family == "prefa":
        hdr, hands = gen.generate(system, 3, 10, pouch=100)
        return new_game_keys(system) + " 3 " + " ".join(typist.TYPED[:3]) + " 100# # # #", typist.game_keys(hdr, hands)
    if family == "kasa":
        return typist.script(system, 5, 10)
    if system == "rostov4":  # four at the table: the dealer sits out, an all-pass has four figures
        setup = new_game_keys("rostov") + " 4 " + " ".join(typist.TYPED[:4]) + " 20# # # #"
        return setup, _pref_hands("rostov", 4, 4)
    if family == "preferans" and not load(system).NUMBERED:  # a contract a level and a suit
        setup = new_game_keys(system) + " 3 " + " ".join(typist.TYPED[:3]) + " 20# # # #"
        return setup, _pref_hands(system, 3, 4)
    if family == "preferans":  # Balkan's numbered contracts (the generator makes none)
        return new_game_keys(system) + " 3 " + " ".join(typist.TYPED[:3]) + " 20# # # #", [
            "2 2 # # 6 #",
            "1 3 # # # #",
            "0 #",
        ]
    return typist.script(system, 2, 10)


SYSTEMS = (*(r[0] for r in rows()), "rostov4")  # every row of the registry, and Rostov with four at the table


# the players of the walk, saved names picked by their digits: long, two alike, in each language's letters
LONG_NAMES = {"en": ("Konstantinos", "Konstantina", "Maximilianos", "Costas"),
              "el": ("Κωνσταντίνος", "Κωνσταντίνα", "Μαξιμιλιανός", "Χαράλαμπος"),
              "ru": ("Константин", "Константина", "Максимилиан", "Александр")}  # fmt: skip


@pytest.mark.parametrize("code", ["en", "el", "ru"])
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_screen_fits_and_names_its_keys(tmp_path: Path, system: str, code: str) -> None:
    data = tmp_path / "data"
    language(data, code)
    names = LONG_NAMES[code]
    (data / "names").write_text("".join(n + "\n" for n in names), encoding="utf-8")
    dev = Device(data, heapsize="96K")
    setup, hands = walk(system)
    seen = 0
    bad = {}  # type: dict[str, str]
    words = vocabulary(names)
    for step in [tour(system), setup, *hands, LOOK]:
        for i, typed in enumerate(typist.TYPED):  # the names saved, picked (their digits): long and alike
            step = step.replace(typed, str(i + 1))
        for screen in dev.keys(step):
            seen += 1
            for p in problems(screen, words) + foreign(screen, code, names):
                bad.setdefault(p, " | ".join(s for _, _, s in sorted(screen, key=lambda t: (t[1], t[0]))))
    dev.close()
    assert seen > 40
    assert not bad, "\n".join(f"{p}  <<{s}>>" for p, s in bad.items())


# multi-tap: "Kostas A", "Kostas B", "Kostas C" (key 1 a space; a word starts with a capital)
_KOSTAS = "0 55~1500 666~1500 7777~1500 8 2~1500 7777~1500 1 %s#"


def texts_of(screen: Screen) -> list[str]:
    return [s for _, _, s in sorted(screen, key=lambda t: (t[1], t[0]))]


def test_names_alike_are_told_apart_on_every_screen(tmp_path: Path) -> None:
    """Kostas A, B and C: one abbreviation each, the same on the home screen, in the wizard and the hands."""
    dev = Device(tmp_path / "data")
    names = " ".join(_KOSTAS % k for k in ("2", "22", "222"))
    home = dev.keys(f"{new_game_keys('prefa')} 3 {names} 100# # # #")[-1]
    assert [s for s in texts_of(home) if s.startswith("Kost")] == ["Kost A", "Kost B", "Kost C"], texts_of(home)
    shown = dev.keys("1 6 1 # 7")  # Kostas A bids 6 spades, both in, 7 tricks: whose tricks next?
    assert "Tricks of Kos B?" in texts_of(shown[-1]), texts_of(shown[-1])  # (cut to keep its "?" on the screen)
    shown = dev.keys("#")  # the summary: who pays whom
    assert any("Kost" in s and "\u2192" in s for s in texts_of(shown[-1])), texts_of(shown[-1])
    assert not any(s.startswith("Kostas") for s in texts_of(shown[-1]))
    shown = dev.keys("# A")  # saved; the hands
    assert any("Kost A" in s for s in texts_of(shown[-1])), texts_of(shown[-1])
    dev.close()


def test_a_name_typed_twice_is_refused_with_a_message(tmp_path: Path) -> None:
    dev = Device(tmp_path / "data")
    ann = typist.TYPED[0]
    shown = dev.keys(f"{new_game_keys('prefa')} 3 {ann} {ann}")
    assert texts_of(shown[-1])[1] == "Ann: taken", texts_of(shown[-1])
    shown = dev.keys("8")  # any key: the message goes, the step stays: player 2
    assert texts_of(shown[-1])[1] == "Player 2", texts_of(shown[-1])
    shown = dev.keys(f"{typist.TYPED[1]} {typist.TYPED[2]}")
    assert "Pouch?" in texts_of(shown[-1]), texts_of(shown[-1])
    dev.close()


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_home_footer_names_the_menu_and_the_bidders_of_the_game(tmp_path: Path, code: str) -> None:
    """A 3-player game: the bidders are 1-3; the menu key (C) is named in every language."""
    data = tmp_path / "data"
    language(data, code)
    dev = Device(data)
    home = texts_of(dev.keys(new_game_keys("prefa") + " 3 " + " ".join(typist.TYPED[:3]) + " 100# # # #")[-1])
    dev.close()
    assert home[-2].startswith("1-3 "), home
    assert "C\u2261" in home[-1] or "C:\u2261" in home[-1], home


def _pref_setup() -> str:
    return new_game_keys("sochi") + " 3 " + " ".join(typist.TYPED[:3]) + " 20# # # #"  # Sochi, Ann Bob Cat, pool 20


def test_ten_tricks_are_A_and_0_is_none_on_every_trick_step(tmp_path: Path) -> None:
    """Tricks are typed as they are, A for ten, on every screen; each step says what # takes.
    A misere with 0 typed is a clean misere (it was ten tricks: "0 = 10")."""
    data = tmp_path / "data"
    dev = Device(data, heapsize="96K")
    dev.keys(_pref_setup())
    shown = dev.keys("1 A")  # Ann: misere; her tricks
    assert "0-9 A=10 #=0" in texts_of(shown[-1]), texts_of(shown[-1])
    dev.keys("0 #")  # none: saved
    shown = dev.keys("2 6 1")  # Bob 6 spades: the words step, then his tricks
    shown = dev.keys("#")
    assert "0-9 A=10 #=6" in texts_of(shown[-1]), texts_of(shown[-1])
    dev.keys("A #")  # ten tricks (the defenders none: # takes 0), saved
    shown = dev.keys("0")  # all-pass: each player's tricks, # what is shown
    assert "0-9 A=10 #=0" in texts_of(shown[-1]), texts_of(shown[-1])
    dev.keys("A #")  # 10 (none left: the others are not asked)
    dev.close()
    log, _ = device_log(data, tmp_path)
    hands = [json.loads(x) for x in log[1:]]
    assert hands[0]["contract"] == "M" and hands[0]["tricks"][0] == 0, hands[0]
    assert hands[1]["contract"] == "6S" and hands[1]["tricks"][1] == 10, hands[1]
    assert hands[2]["allpass"] == [0, 10, 0] or sorted(hands[2]["allpass"]) == [0, 0, 10], hands[2]


def test_prefa_tricks_are_typed_as_they_are(tmp_path: Path) -> None:
    """Prefa: the bidder's 0 is no trick (it was 10), A ten; the defenders' step says what # takes."""
    data = tmp_path / "data"
    dev = Device(data)
    dev.keys(new_game_keys("prefa") + " 3 " + " ".join(typist.TYPED[:3]) + " 100# # # #")
    shown = dev.keys("1 6 1 #")  # Ann 6 spades, both in: her tricks
    assert "0-9 A=10 #=6" in texts_of(shown[-1]), texts_of(shown[-1])
    shown = dev.keys("4")
    assert "0-6 #=3" in texts_of(shown[-1]), texts_of(shown[-1])
    dev.keys("# #  2 7 1 # A #  3 6 1 # 0 # #")  # (A: the defenders' 0-0 is not asked)
    dev.close()
    log, _ = device_log(data, tmp_path)
    hands = [json.loads(x) for x in log[1:]]
    assert [h.get("tricks", [-1] * 3)[h["bidder"]] for h in hands] == [4, 10, 0], hands


def test_russian_words_are_the_players_words(tmp_path: Path) -> None:
    """Russian: resigning is "без трёх" (not "Сдача", the deal), Sochi's whist "жлобский", the words in
    Russian letters (в вист, - пас: П is the pool's, пуля), the misdeal key not read as misere."""
    data = tmp_path / "data"
    language(data, "ru")
    dev = Device(data, heapsize="96K")
    opts = texts_of(
        dev.keys(new_game_keys("sochi") + " 3 " + " ".join(typist.TYPED[:3]) + " 20# 4")[-1]
    )  # Sochi; resign on
    assert "4 Без трёх" in opts and "жлобский" in opts and not any("Сдача" in s for s in opts), opts
    soloist = texts_of(dev.keys("# # # D")[-1])  # started; D: the soloist step (where A is a misdeal)
    assert soloist[-1] == "A:пересдача" and soloist[1] == "0:пас", soloist  # (0 on the title bar)
    words = texts_of(dev.keys("1 7 1")[-1])  # Ann 7 spades: the defenders' words (B resigns)
    assert words[-1] == "#да B:без трёх", words
    summary = texts_of(dev.keys("B")[-1])
    assert summary[2].endswith("без трёх"), summary  # (summary[1]: the title bar's 0:?, the legend)
    dev.keys("#")
    summary = texts_of(dev.keys("2 6 1 2 #")[-1])  # Bob 6 spades, Cat whists, Ann passes
    assert " в- " in summary[2] or summary[2].endswith(" в-"), summary
    dev.close()


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_names_alike_stay_apart_when_the_chips_take_their_room(tmp_path: Path, code: str) -> None:
    """Prefa, Konstantinos, Konstantina, Maximilianos, with 4-digit figures (the issue's pouch 50 reached
    "-1200" chips after ten hands; here a pouch of 1000): the names are cut shorter for them, never to the same
    letters ("Kons" twice), on the home screen and the hands list."""
    data = tmp_path / "data"
    language(data, code)
    names = {"en": ("Konstantinos", "Konstantina", "Maximilianos"), "el": LONG_NAMES["el"][:3],
             "ru": ("Константинос", "Константина", "Максимилианос")}[code]  # fmt: skip
    (data / "names").write_text("".join(n + "\n" for n in names), encoding="utf-8")
    dev = Device(data)
    dev.keys(new_game_keys("prefa") + " 3 1 2 3 1000# # # #")
    hdr, hands = gen.generate("prefa", 5, 8, pouch=1000)
    narrowest = 6
    for keys in typist.game_keys(hdr, hands):
        screens = dev.keys(keys)
        home = screens[-1]
        shown = [s for x, y, s in home if x == 18 and 16 <= y < 40]  # the names on the players' rows
        assert len(set(shown)) == 3, texts_of(home)
        narrowest = min(narrowest, *map(len, shown))
        rows = texts_of(dev.keys("A")[-1])[1:6]  # the hands list: each row's name whole or told apart
        dev.keys("*")
        assert all(len(r) <= 16 for r in rows), rows
    dev.close()
    assert narrowest < 6  # the chips did take the names' room


_SEVEN = ("Anna", "Babis", "Costas", "Dimitra", "Eleni", "Fotis", "Giorgos")
_MORE = {"en": "0:new B:more", "el": "0:νέο B:άλλα", "ru": "0:новое B:ещё"}


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_every_saved_name_can_be_seen_and_picked(tmp_path: Path, code: str) -> None:
    """Seven names saved: five on the first page, B the next (the last two), B again the first; 1-5 pick a
    name on the page shown (no key picks one that is not on the screen)."""
    data = tmp_path / "data"
    language(data, code)
    (data / "names").write_text("".join(n + "\n" for n in _SEVEN), encoding="utf-8")
    dev = Device(data)
    first = texts_of(dev.keys(new_game_keys("prefa") + " 3")[-1])  # Prefa, 3 players: the names step
    assert first[2:7] == [f"{i + 1} {n}" for i, n in enumerate(_SEVEN[:5])] and first[-1] == _MORE[code], first
    second = texts_of(dev.keys("B")[-1])
    assert second[2:4] == ["1 Fotis", "2 Giorgos"] and "Anna" not in " ".join(second), second
    picked = texts_of(dev.keys("6 7 8 9")[-1])  # nothing on the screen under them: nothing picked, and said
    assert picked[:-1] == second[:-1] and picked[-1] == {"en": "Key 9: not here", "el": "Πλήκτρο 9: άκυρο",
                                                          "ru": "Кнопка 9: нельзя"}[code], picked  # fmt: skip
    dev.keys("2")  # Giorgos
    assert texts_of(dev.keys("B")[-1])[2] == "1 Anna"  # the first page again
    shown = texts_of(dev.keys("1 B 1")[-1])  # Anna, then Fotis: the pouch step
    assert "Pouch?" in shown or len([s for s in shown if s.endswith("_")]) == 1, shown
    dev.keys("100# # # #")
    dev.close()
    log, _ = device_log(data, tmp_path)
    assert json.loads(log[0])["players"] == ["Giorgos", "Anna", "Fotis"], log[0]


def test_a_short_list_of_names_keeps_its_hint(tmp_path: Path) -> None:
    """Five names or fewer: one page, no B (said, if pressed), the hint as before."""
    data = tmp_path / "data"
    (data).mkdir(parents=True)
    (data / "names").write_text("".join(n + "\n" for n in _SEVEN[:5]), encoding="utf-8")
    dev = Device(data)
    shown = texts_of(dev.keys(new_game_keys("prefa") + " 3")[-1])
    assert shown[-1] == "0:new name" and texts_of(dev.keys("B")[-1]) == [*shown[:-1], "Key B: not here"], shown
    dev.close()


_LISTED = {"en": ["2 Passed 4-6-0", "  1 Misdeal"], "el": ["2 Πάσο 4-6-0", "1 Λάθος μοίρασμα"],
           "ru": ["2 Распасы 4-6-0", "  1 Пересдача"]}  # fmt: skip


@pytest.mark.parametrize("code", ["en", "el", "ru"])
def test_the_hands_list_keeps_every_figure_and_every_word_whole(tmp_path: Path, code: str) -> None:
    """Issue 24, item 3: Sochi, a misdeal then an all-pass 4-6-0: the list's rows read "15 Распасы 0-4-" and
    "20 Λάθος μοίρασ" (cut at 12); then "Распа. 4-6-0" (a word cut with a dot: issue 36, item 4); now a line too
    long takes the spaces of its number's column too ("2 Распасы 4-6-0"), every word and figure whole."""
    data = tmp_path / "data"
    language(data, code)
    (data / "names").write_text("Babis\nCostas\nAnna\n", encoding="utf-8")
    dev = Device(data, heapsize="96K")
    dev.keys(
        new_game_keys("sochi") + " 3 1 2 3 20# # # #  D A #  0 4 6 #"
    )  # Sochi; a misdeal (D, A); an all-pass: 4, 6, the rest 0
    shown = texts_of(dev.keys("A")[-1])
    dev.close()
    assert shown[2:4] == _LISTED[code], shown


def test_a_name_is_cut_anew_when_the_names_change_in_place() -> None:
    """kitapi.app.ui.cut keeps each cut (a frame's names cut once: 0.25-0.7 ms each on the pico-rig), but by the
    names' value: a list typed into in place (kitapi.app.newgame's) gets the cut its new names need."""
    from kitapi.app.ui import cut

    names = ["Konstantinos", "Maria"]
    assert cut(names, 0, 6) == fit(names, 0, 6) == "Konsta"
    names.append("Konstantina")  # a name alike typed: the first is told apart now
    assert cut(names, 0, 6) == fit(names, 0, 6) == "Kons o"
    assert cut(names, 2, 6) == "Kons a"
    assert cut(("Konstantinos", "Maria"), 0, 6) == "Konsta"  # (a tuple of the same names: its own)
    names[2] = "Marianna"
    assert cut(names, 0, 6) == "Konsta" and cut(names, 1, 3) == fit(names, 1, 3) == "M a"


def test_a_name_with_room_for_fewer_than_3_letters_is_cut_without_importing_the_names_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A long game's figures leave a Preferans row's name 0-2 letters (the pico-rig's 1,000-hand Balkan game): cut
    as kitapi.app.names.fit cuts it (too short to tell apart by a letter), without importing that module (3.8 ms on
    the pico-rig at a save, where the figures got one digit shorter)."""
    from kitapi.app.ui import cut

    monkeypatch.delitem(sys.modules, "kitapi.app.names", raising=False)
    names = ["Zoe Anna", "Zoe Babis", "Vera"]
    got = [(i, w, cut(names, i, w)) for i in range(3) for w in (-3, 0, 1, 2)]
    assert "kitapi.app.names" not in sys.modules
    assert got == [(i, w, fit(names, i, max(w, 0))) for i in range(3) for w in (-3, 0, 1, 2)]
    assert got[2:4] == [(0, 1, "Z"), (0, 2, "Zo")] and got[0][2] == got[1][2] == ""


def test_the_trump_step_draws_its_choices_as_one_text(tmp_path: Path) -> None:
    """Prefa's, Preferans' and the pot games' trump steps: the suits on their row as one text, each choice 3 cells
    after the one before as when each was its own (a text drawn cost 0.5 ms on the pico-rig: key to pixels, issue 37).
    A 2-hand game of each, then the keys to its first hand's trump step."""
    from kitapi_host import logs

    for rules, keys, row, want in (
        ("prefa", "1 6", 32, "1\u2660 2\u2663 3\u2666 4\u2665 5NT"),
        ("sochi", "1 6", 32, "1\u2660 2\u2663 3\u2666 4\u2665 5NT"),
        ("preference_us", "2", 24, "1\u2660 2\u2663 3\u2666 4\u2665"),
    ):
        hdr, hands = gen.generate(rules, 1, 2, None)
        src = tmp_path / f"{rules}.jsonl"
        gen.write_jsonl(src, hdr, hands)
        data = tmp_path / rules
        (data / "games").mkdir(parents=True)
        logs.convert(src, data / "games" / "0001.kitapi")
        (data / "current").write_text("0001.kitapi\n")
        dev = Device(data)
        screen = dev.keys(keys)[-1]
        dev.close()
        assert (0, row, want) in screen, (rules, sorted(screen, key=lambda t: (t[1], t[0])))
        assert not [t for t in screen if t[1] == row and t[2] != want], rules
