"""What the tests of more than one folder share: paths, the ``kitapi`` command, the core's vectors as logs,
the firmware in the simulator a key at a time, device logs and the archive.

Plain names, imported as ``from testkit import ...`` (pyproject.toml's ``[tool.pytest.ini_options]`` puts
tests/ on the module path); the fixtures are in tests/conftest.py.  tests/README.md says where a test goes."""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kitapi.game import new_game, result_json
from kitapi.replay import replay
from kitapi_host import logs
from kitapi_host.archive.db import Archive
from kitapi_host.families import prefa, preferans
from kitapi_host.logs import gen
from kitapi_host.sim.firmware import Firmware, parse_script, start
from kitapi_host.sim.pick import rules_keys
from mpfork import ForkedFirmware

ROOT = Path(__file__).resolve().parents[1]
# The core's test vectors: <rules module>_<topic>.json, each a list of games with their worked numbers.
VECTORS = ROOT / "tests" / "core" / "vectors"
# ``kitapi`` as a user runs it, from this venv.
KITAPI = [sys.executable, "-m", "kitapi_host.cli"]
# The MicroPython unix port `make setup` puts next to this venv's python.
MICROPYTHON = Path(sys.executable).parent / "micropython"

# A test waits for the event it waits for, however busy the machine: the only limit is this one, which stops a
# hang (a process that will never answer), never a slow answer.  A test that times something checks the order of
# events (not before 2 s of silence), not how fast the machine is.
HANG_S = 600.0


def wait_until(cond: Any, limit: float = HANG_S) -> bool:
    """Whether ``cond()`` came true, polled every 20 ms; False only after ``limit`` seconds (a hang)."""
    deadline = time.monotonic() + limit
    while not cond():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


# The fuzz tests (marked ``fuzz``) at two strengths: `make test` runs each on a seeded sample of its cases,
# `make fuzz` (KITAPI_FUZZ=full; CI runs both) on every case.  Each case of the sample is one of the full run's.
FUZZ_FULL = os.environ.get("KITAPI_FUZZ", "") == "full"


def fuzz_count(full: int, quick: int) -> int:
    """How many rounds a fuzz test runs: ``full`` under `make fuzz`, else ``quick``."""
    return full if FUZZ_FULL else quick


def fuzz_cases(cases: Any, quick: int, seed: int = 0) -> list[Any]:
    """The cases a fuzz test runs: all of ``cases`` under `make fuzz`, else ``quick`` of them (a seeded sample
    that keeps the first and the last), in their order."""
    cases = list(cases)
    if FUZZ_FULL or len(cases) <= quick:
        return cases
    keep = {0, len(cases) - 1, *random.Random(seed).sample(range(1, len(cases) - 1), quick - 2)}
    return [c for i, c in enumerate(cases) if i in keep]


def fuzz_step(span: int, quick: int) -> int:
    """The stride of a fuzz test that walks ``span`` bytes inside one MicroPython run: 1 under `make fuzz`, else
    an odd stride (so the bit flipped at ``i % 8`` still goes through all eight) giving about ``quick`` cases."""
    return 1 if FUZZ_FULL else max(1, span // quick) | 1


# --- the core's vectors as logs ---------------------------------------------------------------------------


def vector(name: str, *files: str) -> dict[str, Any]:
    """The vector game ``name`` of the first of ``files`` (names in tests/core/vectors) that has it."""
    for fn in files:
        for v in json.loads((VECTORS / fn).read_text()):
            if v["name"] == name:
                return v
    raise KeyError(name)


def vector_jsonl(v: dict[str, Any]) -> str:
    """A vector game as its JSON Lines log: the header, then one line per hand."""
    return "\n".join(json.dumps(x) for x in [v["header"], *v["hands"]]) + "\n"


# --- random legal games as the box's tests had them before kitapi_host.logs.gen had them --------------------------


# a random legal Balkan hand for game ``g``: the preferans family's generator of numbered bids
balkan_hand = preferans.numbered_hand


def kasa_hand(rng: random.Random, g: Any, dealer: int) -> dict[str, Any]:
    """A random legal prefa_kasa hand for game ``g``: gen's Prefa hands, now and then a top-up."""
    if rng.random() < 0.05:
        return {"topup": rng.randint(1, 300)}
    h = prefa.random_hand(rng, g.n, dealer)
    h.pop("throw", None)
    if "contract" not in h and "pass" not in h:
        return {"dealer": dealer, "pass": True}
    if h.get("contract") == "10N" and not g.ten_nt_value:
        h["contract"] = "10H"
    return h


def balkan_kasa_game(rules: str, seed: int, hands: int, n: int, **options: Any) -> tuple[dict[str, Any], list[Any]]:
    """A random legal game of ``rules`` (balkan or prefa_kasa), ``n`` players, ``hands`` hands or fewer if it ends."""
    rng = random.Random(seed)
    hdr = {"kitapi": 1, "rules": rules, "players": ["Anna", "Boris", "Vera", "Gleb"][:n], "options": options,
           "dealer": 0}  # fmt: skip
    g = new_game(hdr)
    out: list[dict[str, Any]] = []
    dealer = 0
    while len(out) < hands and not g.over:
        h = (balkan_hand if rules == "balkan" else kasa_hand)(rng, g, dealer)
        g.play(h)
        out.append(h)
        if "topup" not in h:
            dealer = (dealer + 1) % n
    return hdr, out


def balkan_turns(hands: int, pool: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Balkan hands for the box's tests, Ann / Bob / Cat: a contract made or failed with one defender, or
    undefended, in turn (seeded); fewer if the game ends first."""
    rng = random.Random(5)
    hdr = {"kitapi": 1, "rules": "balkan", "players": ["Ann", "Bob", "Cat"], "options": {"pool": pool}, "dealer": 0}
    g = new_game(hdr)
    out: list[dict[str, Any]] = []
    for i in range(hands):
        if g.over:
            break
        dealer = i % 3
        soloist = (dealer + 1 + i % 2) % 3
        h: dict[str, Any] = {"dealer": dealer, "soloist": soloist, "contract": rng.choice("2345")}
        probe = type(g.hand)()
        probe.soloist, probe.dealer = soloist, dealer
        g.defenders(probe)
        if i % 3 == 2:
            h["whist"] = ["pass", "pass"]
        else:
            h["whist"] = ["whist", "pass"]
            h["open"] = False
            t = [0, 0, 0]
            t[soloist] = rng.choice((5, 6, 7, 8))
            t[probe.d1] = 10 - t[soloist]
            h["tricks"] = t
        g.play(h)
        out.append(h)
    return hdr, out


# --- the firmware in the simulator ------------------------------------------------------------------------


def new_game_keys(rules: str) -> str:
    """The keys from the start menu to the system ``rules`` chosen: 1 (a new game), then the keys that pick it on
    the rules step (kitapi_host.sim.pick.rules_keys, from kitapi.registry): the players step next."""
    return "1 " + rules_keys(rules)


# A new game: Greek Prefa, 3 players, Ann / Bob / Cat typed with multi-tap, pouch 100, no options, first dealer seat 1.
SETUP = new_game_keys("prefa") + " 3  0 2~1500 66~1500 66#  0 22~1500 666~1500 22#  0 222~1500 2~1500 8#  100# # # #"
NAMES = ["Ann", "Bob", "Cat"]


class Device:
    """The firmware in the simulator, a key at a time; the texts of each screen with their places."""

    def __init__(self, data: Path, heapsize: str = "64K", text: bool = True) -> None:
        self.output: list[str] = []
        args = argparse.Namespace(main=None, board="sim", data=data, heapsize=heapsize, romfs=True)
        # (text False: no texts, as the bench; the process forked by a server, no Python started: tests/mpfork.py)
        self.fw: Firmware = start(args, self.output.append, text=text, firmware=ForkedFirmware)
        self.data = data
        assert self.fw.wait_ready(60)

    def keys(self, script: str) -> list[list[tuple[int, int, str]]]:
        """Press the keys of a key script; the texts of the screen after each step."""
        shown = []
        for step in parse_script(script):
            self.fw.send(step.line)
            assert self.fw.wait_ready(60), self.output
            shown.append(list(self.fw.texts) if self.fw.on else [])
        return shown

    def heap(self) -> int:
        """Bytes allocated on the MicroPython heap after a collection."""
        self.fw.send("m\n")
        assert self.fw.wait_ready(60)
        line = [x for x in self.output if x.startswith("M ")][-1]
        return int(line.split()[1])

    def close(self) -> None:
        self.fw.quit()
        assert self.fw.finish() == 0, self.output
        assert not (self.data / "crash.log").exists(), (self.data / "crash.log").read_text()


def lines(texts: list[tuple[int, int, str]]) -> list[str]:
    return [s for _, _, s in sorted(texts, key=lambda t: (t[1], t[0]))]


def home_standings(texts: list[tuple[int, int, str]]) -> list[tuple[str, int, int]]:
    """(name, pouch, chips) from the home screen's player rows."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for x, y, s in texts:
        if 16 <= y <= 40:
            rows.setdefault(y, []).append((x, s))
    out = []
    for y in sorted(rows):
        cells = sorted(rows[y])
        names = [s for x, s in cells if x == 18]  # the name's column (after the seat and its mark)
        if cells[0][1] in "1234" and names and len(cells) >= 4:
            out.append((names[0], int(cells[-2][1]), int(cells[-1][1])))
    return out


def pref_standings(texts: list[tuple[int, int, str]]) -> list[tuple[str, int, int, int]]:
    """(name, pool, hill, net) from a Preferans home screen's player rows, read in the order they are drawn
    (kitapi.app.systems.preferans.pref_row: the seat, its mark, the net, hill and pool from the right, the name
    last): a long game's figures can be drawn over the mark and cut the name to nothing."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for x, y, s in texts:
        if 16 <= y <= 40:
            rows.setdefault(y, []).append((x, s))
    out = []
    for y in sorted(rows):
        cells = rows[y]
        if cells[0][0] == 0 and cells[0][1] in ("1", "2", "3", "4") and len(cells) >= 5 and cells[-1][0] == 16:
            net = int(cells[-4][1].lstrip("\u2248"))  # (≈: a net rounded)
            out.append((cells[-1][1], int(cells[-2][1]), int(cells[-3][1]), net))
    return out


def device_log(data: Path, tmp: Path) -> tuple[list[str], dict[str, object]]:
    """The game on the device as JSON lines, and its replayed standings."""
    (game,) = sorted((data / "games").glob("*.kitapi"))
    out = tmp / "device.jsonl"
    logs.convert(game, out)
    g, _ = logs.replay_file(out)
    return out.read_text().splitlines(), json.loads(result_json(g))


# --- a changed copy of the firmware ------------------------------------------------------------------------


def firmware_copy(tmp: Path, edits: dict[str, Callable[[str], str]]) -> Path:
    """A copy of the package kitapi (firmware/kitapi) in ``tmp``/firmware, each file of ``edits`` (its path
    below firmware/, ``kitapi/registry.py``) changed by its function, as a newcomer changes the tree to add a
    system; returns the folder that holds the copy: ``run_on`` runs code with it as the package kitapi."""
    tree = tmp / "firmware"
    shutil.copytree(ROOT / "firmware" / "kitapi", tree / "kitapi", ignore=shutil.ignore_patterns("__pycache__"))
    edit_files(tree, edits)
    return tree


# A copy of the whole tree, as a newcomer's checkout to which a system or a family is added
# (tests/pc/test_add_a_system.py, tests/pc/test_family_cost.py): what it holds, how its packages are found, and
# the kitapi command and Python run on it.
TREE = ("firmware", "boards", "host_tools", "tests", "pyproject.toml")


def copy_tree(root: Path) -> Path:
    """The folders and files of ``TREE`` copied into ``root`` (its packages found as the editable install finds
    them, each folder its name: firmware/kitapi, host_tools/kitapi_host); returns ``root``."""
    for name in TREE:
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, root / name)
        else:
            shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__", ".*cache*"))
    return root


def tree_changed(tree: Path) -> set[str]:
    """The files of the copy ``tree`` (their paths below it) that are not the checkout's, byte for byte."""
    out = set()
    for name in TREE:
        for path in [tree / name] if (tree / name).is_file() else (tree / name).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                rel = path.relative_to(tree).as_posix()
                if not (ROOT / rel).is_file() or (ROOT / rel).read_bytes() != path.read_bytes():
                    out.add(rel)
    return out


def tree_env(tree: Path) -> dict[str, str]:
    """The environment in which Python's packages are the copy's (its tests/ on the path too)."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(str(tree / d) for d in ("firmware", "host_tools", "tests")))


def kitapi_on(tree: Path, *args: str | Path) -> str:
    """``kitapi ARGS`` on the copy (``python -m kitapi_host.cli``, its packages the copy's); its output, the
    exit status asserted 0."""
    p = subprocess.run([sys.executable, "-m", "kitapi_host.cli", *map(str, args)], env=tree_env(tree),
                       cwd=tree.parent, capture_output=True, text=True, timeout=600)  # fmt: skip
    assert p.returncode == 0, (args, p.stdout, p.stderr)
    return p.stdout


def python_on(tree: Path, code: str) -> str:
    """Python ``code`` run on the copy (its packages, its tests/ on the path); its output, the run asserted to
    pass."""
    p = subprocess.run([sys.executable, "-c", code], env=tree_env(tree), cwd=tree.parent, capture_output=True,
                       text=True, timeout=600)  # fmt: skip
    assert p.returncode == 0, p.stderr
    return p.stdout


def pytest_on(tree: Path, *args: str) -> str:
    """pytest on the copy (its tests, its packages), in one process; its output, the run asserted to pass."""
    p = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-c",
         str(tree / "pyproject.toml"), "--rootdir", str(tree), *args],
        env=tree_env(tree), cwd=tree, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert p.returncode == 0, p.stdout[-6000:] + p.stderr[-3000:]
    assert re.search(r"\b(\d+) passed", p.stdout) and " failed" not in p.stdout, p.stdout
    return p.stdout


def edit_files(tree: Path, edits: dict[str, Callable[[str], str]]) -> None:
    """Each file of ``edits`` (its path below ``tree``) changed by its function; an edit that changes nothing
    fails (the text it looked for is gone)."""
    for name, edit in edits.items():
        path = tree / name
        text = path.read_text(encoding="utf-8")
        changed = edit(text)
        assert changed != text, f"the edit of {name} changed nothing"
        path.write_text(changed, encoding="utf-8")


def run_on(tree: Path, code: str, timeout: float = 600) -> str:
    """Run the Python ``code`` in a new process whose package kitapi is the copy ``tree`` (firmware_copy): the
    simulator (``Device``) compiles and runs that copy, kitapi_host reads its registry; tests/ is on the path
    (``from testkit import ...``).  Its standard output; a failure raises with its standard error."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree), str(ROOT / "tests")]))
    p = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=tree.parent, capture_output=True, text=True, timeout=timeout
    )
    assert p.returncode == 0, p.stderr
    return p.stdout


# --- device logs and the archive --------------------------------------------------------------------------


def write_game(games: Path, name: str, seed: int, hands: int = 40, end: bool = False, pouch: int = 200) -> bytes:
    """A device log of a generated game as ``games/name``; its bytes."""
    hdr, hs = gen.generate("prefa", seed, hands, pouch=pouch)
    games.mkdir(parents=True, exist_ok=True)
    src = games.parent / f".{name}.jsonl"
    gen.write_jsonl(src, hdr, hs)
    if end:
        with src.open("a") as f:
            f.write('{"end": true}\n')
    logs.convert(src, games / name)
    src.unlink()
    return (games / name).read_bytes()


def archived(db: Path) -> dict[str, bytes]:
    """name -> stored log of every archived game (one per name expected)."""
    with Archive(db) as a:
        games = a.games()
        out = {}
        for g in games:
            assert g["name"] not in out, f"{g['name']} archived twice"
            out[g["name"]] = a.log(g["id"])
        return out


# --- a simulated box's own flash (SimDevice(flash_blocks=N): littlefs, as a Pico's) -------------------------------

_FLASH = """import os
def _copy(src, dst):
    try:
        os.mkdir(dst)
    except OSError:
        pass
    for n in os.listdir(src):
        s = src + '/' + n
        if os.stat(s)[0] & 0x4000:
            _copy(s, dst + '/' + n)
        elif not n.startswith('.'):
            with open(s, 'rb') as a, open(dst + '/' + n, 'wb') as b:
                b.write(a.read())
def _fill():
    i = 0
    while True:
        try:
            with open('/flash/fill%d' % i, 'wb') as f:
                f.write(b'\\xff' * 4000)
        except OSError as e:
            if e.args[0] != 28:
                raise
            os.remove('/flash/fill%d' % i)
            return i
        i += 1
def _files(d, out):
    for n in os.listdir(d):
        p = d + '/' + n
        if os.stat(p)[0] & 0x4000:
            _files(p, out)
        else:
            with open(p, 'rb') as f:
                out[p[len('/flash/data/'):]] = f.read()
    return out
"""


def fill_flash(sim: Any, data: Path, free: int) -> None:
    """Copy the folder ``data`` (games/, current...) to the data folder of ``sim``'s flash, the box off; then fill
    the flash with files of one block each beside it until no block is left, and remove ``free`` of them: that
    many blocks free, for real (littlefs's own count, statvfs, is a guess on a full flash: it wraps round)."""
    got = sim.on_flash(
        _FLASH + f"_copy({str(data)!r}, '/flash/data')\nn = _fill()\n"
        f"for k in range({free}):\n    os.remove('/flash/fill%d' % (n - 1 - k))\nprint(n)\n"
    )
    assert int(got) > free, got


def flash_room(sim: Any) -> int:
    """The blocks free on ``sim``'s flash (the box off), counted by filling them with files of one block each,
    which are then removed."""
    return int(sim.on_flash(_FLASH + "n = _fill()\nfor k in range(n):\n    os.remove('/flash/fill%d' % k)\nprint(n)\n"))


def flash_files(sim: Any) -> dict[str, bytes]:
    """Every file of the data folder on ``sim``'s flash (the box off): its path below the data folder -> bytes."""
    out = ast.literal_eval(sim.on_flash(_FLASH + "print(repr(_files('/flash/data', {})))\n"))
    assert isinstance(out, dict)
    return out


def typed_into(store: Any, hdr: dict[str, Any], hands: list[dict[str, Any]]) -> Any:
    """The game of ``hdr`` and ``hands`` on a box's ``Store`` (kitapi.app.store) as the box writes it, hand by
    hand, and closed; its checkpoint as the store left it.  The game, its hands applied."""
    store.load(store.new_game(hdr))
    g = new_game(hdr)
    for d in hands:
        h = g.parse(d)
        store.add_hand(g.pack(h))
        g.apply(h)
    store.close()
    return g


def log_standings(store: Any) -> tuple[str, int, int, int, Any]:
    """The standings of ``store``'s current game from its whole log (kitapi replay's way): the result, the next
    dealer, the last record's number, the last hand's, the damage found."""
    with open(store.dir + "/" + store.name, "rb") as f:
        g, r = replay(f)
    return result_json(g), g.next_dealer(), r.seq, r.last, r.damage
