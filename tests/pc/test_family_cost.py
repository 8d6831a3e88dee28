"""The family-cost test (issue 35, item 5): a new family of game systems, at its least, added to a copy of the tree,
counting the files it takes; then a game of it typed on the box, and the PC's every path run on the copy with one.

The family is ``tally`` (one system of its name): three players, each hand writes every player's points, the
totals are the standings.  docs/architecture.md says what a new family is: its rules module and its vectors, one
box package (``firmware/kitapi/app/systems/<family>/``: the package, its wizard, its hands list's legend, its three
string tables), one PC package (``host_tools/kitapi_host/families/<family>/``: the hooks of
``kitapi_host.families.hookspecs``, its sheet), and its registry row.  ``FAMILY_FILES`` are the family's own (10
files, created), its row is written in kitapi/registry.py (its names in each language with it); the test fails if
any other file of the copy had to change (a shared module of the box naming the family: the legend's lines, the
string tables' letters), or if a path of the box or the PC needs one.  On the copy: tests/core/test_registry.py
(the box's package has the documented members, nothing loops), the string tables' and the legend's tests, and the
typed game of every system at 64 KB (tests/device/test_app_heap_lang.py), the family's; a game typed on the box
(the simulator at the device's 64 KB: the rules step, the family's wizard, the home screen, the hands list and its
legend), its log replayed; then ``kitapi replay``, the archive's ``add``, ``games``, ``show``, ``stats``,
``ratings``, ``export`` in three languages, the web page's game, player, statistics, evening and standings pages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from testkit import ROOT, copy_tree, pytest_on, tree_changed
from testkit import kitapi_on as kitapi
from testkit import python_on as python

ARCHITECTURE = ROOT / "docs" / "architecture.md"

# --- the family's own files ------------------------------------------------------------------------------------

_RULES = '''"""Tally (rules id ``tally``): tests/pc/test_family_cost.py's family.  Three players; a hand writes each
player's points (0 to 99); the standings are the totals; the game is over after ``rounds`` hands (10)."""

from kitapi.game import Game, RuleError, write_ints

_E_OPTION = 23
_E_INT = 25
_E_HAND = 28
_E_FIELD = 29
_E_MISSING = 30
_E_NOT_HAND = 48
_E_PLAYERS3 = 80


class Hand:
    def __init__(self):
        self.points = [0, 0, 0]
        self.clear()

    def clear(self):
        self.dealer = 0
        p = self.points
        p[0] = p[1] = p[2] = 0


class Tally(Game):
    name = "tally"
    OUTCOME = 6  # its own hands (kitapi.game.Game's comment)
    state = ("total",)

    def __init__(self, header):
        super().__init__(header)
        if self.n != 3:
            raise RuleError(_E_PLAYERS3)
        options = header.get("options", {})
        for k in options:
            if k != "rounds":
                raise RuleError(_E_OPTION, k)
        n = options.get("rounds", 10)
        if type(n) is not int or not 1 <= n <= 1000:
            raise RuleError(_E_INT, "rounds", 1, 1000)
        self.length = n
        self.total = [0, 0, 0]
        self.hand = Hand()

    def parse_hand(self, d, h):
        if type(d) is not dict:
            raise RuleError(_E_HAND)
        for k in d:
            if k not in ("dealer", "points"):
                raise RuleError(_E_FIELD, k)
        for k in ("dealer", "points"):
            if k not in d:
                raise RuleError(_E_MISSING, k)
        h.clear()
        h.dealer = d["dealer"]
        p = d["points"]
        if type(p) is not list or len(p) != 3 or any(type(x) is not int for x in p) or type(h.dealer) is not int:
            raise RuleError(_E_NOT_HAND)
        for i in range(3):
            h.points[i] = p[i]

    def hand_json(self, h, prefix=""):
        p = h.points
        return '{%s"dealer": %d, "points": [%d, %d, %d]}' % (prefix, h.dealer, p[0], p[1], p[2])

    def check(self, h):
        if not 0 <= h.dealer < 3 or any(not 0 <= x <= 99 for x in h.points):
            raise RuleError(_E_NOT_HAND)

    def pack(self, h):
        p = h.points
        return h.dealer << 21 | p[0] << 14 | p[1] << 7 | p[2]

    def unpack(self, v, h):
        h.clear()
        h.dealer = v >> 21 & 3
        h.points[0] = v >> 14 & 127
        h.points[1] = v >> 7 & 127
        h.points[2] = v & 127
        self.check(h)

    def score(self, h):
        for i in range(3):
            self.total[i] += h.points[i]
        if self.hands + 1 >= self.length:
            self.over = True

    def write_fields(self, w):
        w('"total": ')
        write_ints(w, self.total)


CLASS = Tally
'''

_VECTORS = [
    {
        "name": "tally-two",
        "source": "tests/pc/test_family_cost.py: two hands added up",
        "why": "3 + 1, 0 + 5, 2 + 2",
        "header": {"kitapi": 1, "rules": "tally", "players": ["A", "B", "C"], "options": {}, "dealer": 0},
        "hands": [{"dealer": 0, "points": [3, 0, 2]}, {"dealer": 1, "points": [1, 5, 2]}],
        "expect": {"total": [4, 5, 4], "over": False},
    }
]

_BOX = '''"""Tally on the box (tests/pc/test_family_cost.py): a family at its least.  Three players; the number step is
the game's hands (10), no options.  The home screen: a row per player (seat, name, total); 1 starts a hand
(kitapi.app.systems.tally.wiz: each player's points).  Its texts are App.pt("tally")."""

from kitapi.app.ui import cut

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_T_HINT_STEP = const(25)  # the string table's (kitapi.app.lang_xx.T)
_Y_HANDS = const(0)  # its own (kitapi.app.systems.tally.lang_xx.T)
_Y_HINT_HOME = const(2)

MODULES = ("app.systems.tally", "app.systems.tally.wiz", "app.systems.tally.lang_en", "app.systems.tally.lang_el",
           "app.systems.tally.lang_ru", "rules.tally")
SEATS = "3"


def setup(ng):
    ng.pouch = 10


def size_name(ng):
    return ng.app.pt("tally")[_Y_HANDS]


def draw_options(ui, ng):
    ui.hint(ui.t[_T_HINT_STEP])


def key_options(ng, ev):
    return None


def options(ng):
    return {"rounds": ng.pouch}


def draw_home(ui, app):
    g = app.g
    for s in range(3):
        ui.at("%d %s" % (s + 1, cut(app.short, s, 10)), 0, 2 + s)
        ui.right(str(g.total[s]), 128, 2 + s)
    if not g.over:
        ui.hint(app.pt("tally")[_Y_HINT_HOME], 6)


def key_home(app, ev):
    if ev == 1:
        from kitapi.app.systems.tally.wiz import Wizard

        return Wizard(app)
    return None


def describe(app, g, h):
    p = h.points
    return "%d-%d-%d" % (p[0], p[1], p[2])


def edit(app, number, h):
    from kitapi.app.systems.tally.wiz import Wizard

    return Wizard(app, number, h)


def transfers(g):
    return []
'''
_WIZ = '''"""Tally's hand wizard: each player's points (0-99: digits, # ok; # alone keeps them), then the summary, each
player's total after the hand (# saves: the shell's, kitapi.app.shell)."""

from kitapi.app.shell import wizard_key, wizard_preview
from kitapi.app.ui import cut

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_HASH = const(15)  # kitapi.keys.HASH
_STAR = const(14)  # kitapi.keys.STAR
_T_HAND = const(1)  # the string table's (kitapi.app.lang_xx.T)
_T_HINT_STEP = const(25)
_T_HINT_SAVE = const(26)
_Y_POINTS = const(1)  # its own (kitapi.app.systems.tally.lang_xx.T)
_SUMMARY = const(3)  # steps 0-2: each player's points


class Wizard:
    key = wizard_key
    preview = wizard_preview

    def __init__(self, app, number=0, hand=None):
        """A new hand, or hand ``number`` to edit (``hand``: the hands list's)."""
        self.app = app
        g = self.g = app.store.check_fix(None, number) if number else app.g  # an edit: the game before the hand
        self.number = number
        self.h = type(g.hand)() if hand is None else hand
        self.error = ""
        self.typed = ""
        self.step = _SUMMARY
        if hand is None:
            self.h.dealer = app.next_dealer()
            self.step = 0

    def steps(self):
        return 15  # (each player's points, the summary)

    def answer(self, ev):
        if ev == _STAR:  # (the shell goes back a step)
            self.typed = ""
            return None
        if self.step < _SUMMARY and ev < 10 and len(self.typed) < 2:
            self.typed += str(ev)
            return None
        if self.step < _SUMMARY and ev == _HASH:
            if self.typed:
                self.h.points[self.step] = int(self.typed)
            self.typed = ""
            return True
        from kitapi.app.nokey import key

        key(self.app, ev)
        return None

    def draw(self, ui):
        app = self.app
        h = self.h
        ui.title("%s %d" % (ui.t[_T_HAND], self.number or app.number()))
        if self.step < _SUMMARY:
            ui.at(app.pt("tally")[_Y_POINTS], 0, 2)
            ui.at(cut(self.g.players, self.step, 16), 0, 3)
            ui.at((self.typed or str(h.points[self.step])) + "_", 0, 4)
            ui.hint(ui.t[_T_HINT_STEP])
            return
        ui.hint(ui.t[_T_HINT_SAVE])
        b = self.preview(ui)  # the totals' change, then 1 if the hand ends the game (kitapi.game.Game.preview)
        if b is None:
            return
        for s in range(3):
            ui.at(cut(app.short, s, 10), 0, 2 + s)
            ui.right(str(self.g.total[s] + b[s]), 128, 2 + s)
'''
_LEGEND = '''"""Tally's hands-list legend (kitapi.app.legend): a row is each player's points."""

WORDS = ("3-0-2 the points|of each player", "3-0-2 οι πόντοι|κάθε παίκτη", "3-0-2 очки|каждого игрока")


def legend(app, i):
    return WORDS[i].split("|"), False  # (nothing rounded: no page B)
'''
_LANG = '''"""Tally's texts ({lang}): App.pt("tally")."""

T = (
    "{words[0]}",  # HANDS
    "{words[1]}",  # POINTS
    "{words[2]}",  # HINT_HOME
)
'''
_WORDS = {"en": ("Hands?", "Points of", "1:hand"), "el": ("Χέρια;", "Πόντοι του", "1:χέρι"),
          "ru": ("Раздач?", "Очки", "1:раздача")}  # fmt: skip

_PC = '''"""The PC's side of tally (tests/pc/test_family_cost.py): the hooks of kitapi_host.families.hookspecs."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from kitapi_host.archive.facts import HandFacts, outcome_facts
from kitapi_host.archive.text import Table, grid, number, table
from kitapi_host.archive.text import count as count_column
from kitapi_host.archive.text import players as players_of
from kitapi_host.families.hookspecs import Net, exact, no_payments
from kitapi_host.logs.table import title_line

UNIT = "points"


def title(rules: str) -> str:
    return "Tally"


def outcome(g: Any, h: Any) -> dict[str, Any]:
    return {"kind": "tally", "bidder": None, "contract": None, "defense": None, "tricks": None, "made": None,
            "short": None}


def facts(g: Any, number: int, line: str, corrected: bool) -> HandFacts:
    return outcome_facts(outcome(g, g.hand), number, line, corrected)


def hand_columns(g: Any, d: dict[str, Any], memo: dict[str, Any]) -> dict[str, Any]:
    g.play(d)
    return {"total": list(g.total)}


def show(game: dict[str, Any], names: list[str]) -> None:
    rows = [[number(h), *(str(x) for x in h["hand"]["points"]), *(str(x) for x in h["total"])] for h in game["hands"]]
    print(grid(["Hand", *names, *names], rows, set(range(1 + 2 * len(names)))))
    print("Tally: each hand's points, then the totals after it")


@dataclass
class TallyStats:
    games: int = 0
    total: int = 0
    contracts: dict[str, list[int]] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"games": self.games, "total": self.total, "contracts": {}}


def stats_parts() -> dict[str, Any]:
    return {"tally": TallyStats()}


def count(g: Any, res: dict[str, Any], hands: list[dict[str, Any]], seats: list[int], table: dict[int, Any]) -> None:
    for seat, pid in enumerate(seats):
        if pid in table:
            st = table[pid].parts["tally"]
            st.games += 1
            st.total += res["total"][seat]


def stats_tables(stats: list[dict[str, Any]], everyone: bool = False, lang: str = "en") -> list[Table]:
    players = players_of(stats, lambda s: s["tally"], everyone)
    if not players:
        return []
    return [table("Tally", players, lambda s: s["tally"], [count_column("games"), count_column("total")], [], [],
                  "Tally: the totals", lang)]


def standings(res: dict[str, Any]) -> str:
    title, width = title_line(res)
    return "\\n".join([title, *(f"  {p:<{width}}  Tally {x}" for p, x in zip(res["players"], res["total"]))])


def result_line(res: dict[str, Any]) -> str:
    return "tally " + ", ".join(f"{p} {x}" for p, x in zip(res["players"], res["total"]))


def nets(g: dict[str, Any]) -> list[Net]:
    return [exact(x) for x in g["result"]["total"]]


evening_nets = nets


def payments(res: dict[str, Any]) -> dict[str, Any]:
    return no_payments(res)


def seat_total(rules: str, result: dict[str, Any], seat: int) -> tuple[str, Fraction]:
    return "tally", Fraction(result["total"][seat])


SIZE = "rounds"
BENCH: dict[str, Any] = {"rounds": 1000}


def header(rules: str, players: int | None = None, **options: Any) -> dict[str, Any]:
    return {"kitapi": 1, "rules": rules, "players": ["Ann", "Bob", "Cat"], "options": options, "dealer": 0}


def generate(rules: str, seed: int, hands: int, players: int | None = None, **options: Any) -> Any:
    rng = random.Random(seed)
    hdr = header(rules, players, **options)
    n = min(hands, options.get("rounds", 10))
    return hdr, [{"dealer": k % 3, "points": [rng.randrange(10) for _ in range(3)]} for k in range(n)]


def hand_keys(g: Any, hand: dict[str, Any]) -> str:
    return "1" + "".join(f"{p or ''}#" for p in hand["points"]) + "#"


def device_form(g: Any, hand: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(hand))
'''

_SHEET = '''"""Tally's score sheet (tests/pc/test_family_cost.py): the totals after each hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kitapi.game import Game
from kitapi_host.sheets.game import Hand, Header, Snapshot
from kitapi_host.sheets.page import CsvTable, cell, corrected, esc, one, per_player, sheet_css, sheet_meta, sheet_page
from kitapi_host.sheets.words import t


@dataclass(frozen=True)
class Standing:
    total: tuple[int, ...]


def snapshot(g: Game) -> Standing:
    return Standing(tuple(g.total))  # type: ignore[attr-defined]


def standings(snaps: Sequence[Snapshot]) -> list[Standing]:
    return [s for s in snaps if isinstance(s, Standing)]


def csv_table(header: Header, hands: Sequence[Hand], standings: Sequence[Standing]) -> CsvTable[Any]:
    names = [cell(p) for p in header["players"]]
    return CsvTable(
        [one(t("hand"), lambda r: r[0].number), corrected(),
         per_player(names, ("total {}",), lambda r, i: (r[1].total[i],))],
        zip(hands, standings, strict=True),
    )


def to_html(header: Header, hands: Sequence[Hand], standings: Sequence[Standing], *, deleted: Sequence[int] = (),
            ended: bool = False) -> str:
    players = header["players"]
    rows = "".join(f"<tr><td>{h.number}</td>" + "".join(f"<td>{x}</td>" for x in s.total) + "</tr>"
                   for h, s in zip(hands, standings, strict=True))
    meta = sheet_meta(header, [("Rules", "Tally")], len(hands), "over" if ended else "on")
    return sheet_page("Tally", players, "Tally", sheet_css(1), meta, f"<table class=tally>{rows}</table>" + esc(""))
'''

FAMILY_FILES = {
    "firmware/kitapi/rules/tally.py": _RULES,
    "tests/core/vectors/tally_main.json": json.dumps(_VECTORS, indent=1) + "\n",
    "firmware/kitapi/app/systems/tally/__init__.py": _BOX,
    "firmware/kitapi/app/systems/tally/wiz.py": _WIZ,
    "firmware/kitapi/app/systems/tally/legend.py": _LEGEND,
    **{
        f"firmware/kitapi/app/systems/tally/lang_{lang}.py": _LANG.format(lang=lang, words=w)
        for lang, w in _WORDS.items()
    },
    "host_tools/kitapi_host/families/tally/__init__.py": _PC,
    "host_tools/kitapi_host/families/tally/sheet.py": _SHEET,
}
_NAMES = {"en": "Tally game", "el": "Μέτρημα", "ru": "Подсчёт"}  # (the system's names: not its texts' word)


def _row_edits(tree: Path) -> dict[str, str]:
    """The registry row, as docs/architecture.md's step 2 writes it: the row last in kitapi/registry.py, its
    names in each language (label, short name, title) on the lines under it.  The file edited, and its new text."""
    reg = tree / "firmware/kitapi/registry.py"
    text = reg.read_text(encoding="utf-8")
    last = [line for line in text.splitlines() if re.fullmatch(r" [a-z]{2} .+\|.+\|.+", line)][-1]
    names = "".join(f"{'' if lang == 'en' else ' ' + lang + ' '}{n}|{n[:7]}|{n}\n" for lang, n in _NAMES.items())
    return {"firmware/kitapi/registry.py": text.replace(last + "\n", last + "\ntally tally tally " + names, 1)}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The copy with the family added: its own files (``FAMILY_FILES``) and its registry row."""
    root = copy_tree(tmp_path_factory.mktemp("family") / "tree")
    for name, text in FAMILY_FILES.items():
        path = root / name
        assert not path.exists(), name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for name, text in _row_edits(root).items():
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_a_new_family_is_its_own_ten_files_and_its_registry_row(tree: Path) -> None:
    """The files the family took: its own 10 (the rules module, a vector file, the box's package of 6, the PC's of
    2) and the registry row's (kitapi/registry.py, and the string tables' SYSTEMS while they hold labels): the
    count docs/architecture.md says, and no other file of the copy."""
    assert len(FAMILY_FILES) == 10
    row = set(_row_edits(ROOT))  # (the names only: ROOT is read, not written)
    assert "firmware/kitapi/registry.py" in row and len(row) in (1, 4), row
    assert tree_changed(tree) == set(FAMILY_FILES) | row, sorted(tree_changed(tree) ^ (set(FAMILY_FILES) | row))
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert "A new family is 10 files of its own" in text and "tests/pc/test_family_cost.py" in text
    where = json.loads(python(tree, "import json, kitapi, kitapi_host; print(json.dumps([kitapi.__file__, "
                                    "kitapi_host.__file__]))"))  # fmt: skip
    assert [Path(w).resolve() for w in where] == [
        tree / "firmware/kitapi/__init__.py", tree / "host_tools/kitapi_host/__init__.py"
    ], where  # fmt: skip


def test_the_copys_tests_of_every_family_pass(tree: Path) -> None:
    """tests/core/test_registry.py on the copy: the row loads the family's Game, every rules module is in a row,
    the box's package has the documented members and modules (its legend too), nothing in systems/ outside a
    family, the rules menu lists every row, and no import loop (the firmware's, the PC's); the string tables'
    tests (tests/device/test_lang.py), which find the family's texts and their consts' letter in its package
    (tests/lang_table.py), and every legend whole (tests/device/test_app_legend.py); and the typed game of every
    system at 64 KB in each language, its legend shown (tests/device/test_app_heap_lang.py), the family's."""
    chosen = "test_registry or test_lang or every_family_s_whole or (every_system_starts and tally)"
    tests = ("tests/core/test_registry.py", "tests/device/test_lang.py", "tests/device/test_app_legend.py",
             "tests/device/test_app_heap_lang.py")  # fmt: skip
    out = pytest_on(tree, *tests, "-rA", "-k", chosen)
    passed = set(re.findall(r"(?m)^PASSED (\S+)", out))
    for code in ("en", "el", "ru"):  # the family's own: its texts' table, its game typed
        assert f"{_LANG_TEST}[{code}-app.systems.tally.lang]" in passed, out
        assert f"{_HEAP_TEST}[tally-{code}]" in passed, out


_LANG_TEST = "tests/device/test_lang.py::test_the_texts_of_each_system_are_there_fit_and_can_be_drawn"
_HEAP_TEST = "tests/device/test_app_heap_lang.py::test_every_system_starts_and_takes_a_typed_game_at_64k"


# On the copy: a tally game typed into the box (the simulator at the device's 64 KB heap) by the typist
# (kitapi_host.sim.typist: its new game's keys, the system picked on the rules step by the keys rules_keys
# computes, each hand's keys the family's hand_keys); the screens it shows, and the heap after the legend.
_TYPED = """
import json
from pathlib import Path
from kitapi.game import new_game
from kitapi.registry import rows
from kitapi_host.sim import typist
from kitapi_host.sim.pick import PAGE, rules_keys
from testkit import Device, lines

hdr = {"kitapi": 1, "rules": "tally", "players": ["Ann", "Bob", "Cat"], "options": {"rounds": 10}, "dealer": 0}
dev = Device(Path(%(box)r), heapsize="64K")
out = {"keys": rules_keys("tally")}
place = [r[0] for r in rows()].index("tally")
out["rules step"] = [lines(dev.keys("1")[-1])] + [lines(dev.keys("B")[-1]) for _ in range(place // PAGE)]
dev.keys("* " + typist.setup_keys("tally", 3, 10))
g = new_game(hdr)
out["hands"] = []
for k, p in enumerate(%(points)r):
    h = {"dealer": k %% 3, "points": p}
    out["hands"].append([lines(s) for s in dev.keys(typist.hand_keys(g, h))])
    g.play(h)
out["list"] = lines(dev.keys("A")[-1])
out["legend"] = lines(dev.keys("0")[-1])
out["back"] = lines(dev.keys("*")[-1])
out["heap"] = dev.heap()
dev.close()
print(json.dumps(out))
"""
_POINTS = ([3, 0, 2], [1, 5, 2], [0, 0, 9], [4, 4, 4])


def test_a_game_of_the_family_is_typed_on_the_box(tree: Path) -> None:
    """The box, on the copy, at its 64 KB heap: the family's system on its page of the rules step, picked by its
    keys; a game typed by the family's keys (its wizard: each player's points, the summary's totals after the
    hand, # saves); the home screen's totals the core's; the hands list and its legend, the family's own lines
    (kitapi.app.systems.tally.legend), * back to the list; the box's log replayed by the PC."""
    box = tree.parent / "box"
    got = json.loads(python(tree, _TYPED % {"box": str(box), "points": _POINTS}))
    keys = got["keys"]
    assert f"{keys.split()[-1]} Tally game" in got["rules step"][-1][2:7], got["rules step"]
    first = got["hands"][0]  # the screen after each key: 1, then 3 # (Ann), # (Bob: 0), 2 # (Cat), # (saved)
    assert first[0][:4] == ["Hand 1", "Points of", "Ann", "0_"], first[0]
    assert first[1][1:4] == ["Points of", "Ann", "3_"], first[1]
    assert first[-2] == ["Hand 1", "Ann", "3", "Bob", "0", "Cat", "2", "#save *back"], first[-2]  # the summary
    last = got["hands"][-1]
    assert last[-2][1:7] == ["Ann", "8", "Bob", "9", "Cat", "17"], last[-2]  # after 4 4 4: the totals
    home = ["Hand 5", "Saved", "1 Ann", "8", "2 Bob", "9", "3 Cat", "17", "1:hand", "A:log B:owe C:\u2261"]
    assert last[-1] == home, last[-1]  # the home screen: the totals, the key that starts a hand
    assert got["list"][:6] == ["Hands", "4/4 0:?", "  4 4-4-4", "  3 0-0-9", "  2 1-5-2", "  1 3-0-2"], got["list"]
    assert got["legend"] == ["3-0-2 the points", "of each player", "*back"], got["legend"]
    assert got["back"] == got["list"]
    assert kitapi(tree, "replay", box / "games" / "0001.kitapi").splitlines() == [
        "tally: 3 players, 4 hands, game on", "  Ann     Tally 8", "  Bob     Tally 9", "  Cat     Tally 17"
    ]  # fmt: skip


_LOG = """
import sys
from kitapi.game import OP_HAND, new_game
from kitapi.jsonw import header_json, record_json
hdr = {"kitapi": 1, "rules": "tally", "players": ["Ann", "Bob", "Cat"], "options": {"rounds": 4},
       "started": "2026-05-01T20:00:00", "dealer": 0}
g = new_game(hdr)
lines = [header_json(hdr)]
for k, p in enumerate(([3, 0, 2], [1, 5, 2], [0, 0, 9], [4, 4, 4])):
    g.parse({"dealer": k % 3, "points": p})
    lines.append(record_json(g, OP_HAND))
open(sys.argv[1] if len(sys.argv) > 1 else "tally.jsonl", "w").write("\\n".join(lines) + "\\n")
"""


def test_every_path_of_the_pc_takes_the_family_by_its_hooks(tree: Path, tmp_path: Path) -> None:
    """A tally game through the PC on the copy, each output the family's own words (its hooks), none a shape
    switch falling through to another family's: replay, the archive's add, games, show, stats, ratings, export
    (CSV and HTML in three languages) and the web page's pages."""
    log = tmp_path / "tally.jsonl"
    python(tree, _LOG.replace('"tally.jsonl"', repr(str(log))))
    assert kitapi(tree, "replay", log).splitlines() == [
        "tally: 3 players, 4 hands, game over", "  Ann     Tally 8", "  Bob     Tally 9", "  Cat     Tally 17"
    ]  # fmt: skip
    db = tmp_path / "a.sqlite3"
    kitapi(tree, "archive", "add", log, "--db", db)
    assert "over: tally Ann 8, Bob 9, Cat 17" in kitapi(tree, "games", "--db", db)
    shown = kitapi(tree, "show", "1", "--db", db)
    assert "Tally 17" in shown and "Tally: each hand's points" in shown
    assert "Tally:" in kitapi(tree, "stats", "--db", db)
    kitapi(tree, "ratings", "--db", db)
    for lang in ("en", "el", "ru"):
        csv = tmp_path / f"t-{lang}.csv"
        kitapi(tree, "export", "1", "--format", "csv", "--db", db, "--lang", lang, "-o", csv)
        assert csv.read_bytes().decode("utf-8-sig").splitlines()[-1] == "4,0,8,9,17"
        html = tmp_path / f"t-{lang}.html"
        kitapi(tree, "export", "1", "--format", "html", "--db", db, "--lang", lang, "-o", html)
        assert "<td>17</td>" in html.read_text(encoding="utf-8")
    pages = python(
        tree,
        f"""
from kitapi_host.web.app import create_app
c = create_app({str(db)!r}).test_client()
for url in ("/?from=2026-01-01&to=2026-12-31", "/game/1", "/game/1/sheet", "/player/Ann?from=2026-01-01",
            "/stats/Ann?from=2026-01-01", "/evening?date=2026-05-01&venue=file", "/ratings",
            "/standings.csv?from=2026-01-01&to=2026-12-31"):
    for lang in ("en", "el", "ru"):
        r = c.get(url + "&lang=" + lang if "?" in url else url + "?lang=" + lang)
        text = r.get_data(as_text=True)
        print(url, lang, r.status_code, "Tally" in text or {_NAMES!r}[lang] in text, "17" in text)
""",
    )
    answers = {(a[0], a[1]): a[2:] for a in (line.split() for line in pages.splitlines())}
    assert len(answers) == 24 and all(a[0] == "200" for a in answers.values()), pages
    for lang in ("en", "el", "ru"):  # the game's page and its sheet: the family's title and its totals
        assert answers["/game/1", lang][1:] == ["True", "True"], pages
        assert answers["/game/1/sheet", lang][1:] == ["True", "True"], pages
