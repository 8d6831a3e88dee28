"""kitapi.pack on the MicroPython unix port: the firmware's modules served from one file (firmware/kitapi_pack.py).

The files are the ones ``kitapi deploy`` writes (kitapi_host.device.deploy.firmware_files), put in a
folder that the unix port runs in, as a Pico's flash: kitapi.pack, kitapi_pack.mpy, main.py, board.py,
and no module files.  The damage tests flip a bit of every byte of the pack's header and both copies of
its index, of every byte of Prefa's module and of kitapi_pack.mpy, and of a seeded sample of the other
modules, and cut the files at every length (the loader) or a seeded sample of them (the pack): each is
found before MicroPython's .mpy loader reads a byte of it, and by the sync's own check (CHECK_PACK).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from kitapi_host.device import deploy, pack
from kitapi_host.device.box import CHECK_PACK, MOUNT_PACK
from kitapi_host.device.pack import build
from kitapi_host.mpy import micropython, run_core
from kitapi_host.resources import MAIN
from testkit import HANG_S, fuzz_count, fuzz_step, write_game


@pytest.fixture(scope="module")
def flash(tmp_path_factory: pytest.TempPathFactory) -> Path:
    fs = tmp_path_factory.mktemp("flash")
    for path, data in deploy.firmware_files("simdev").items():
        (fs / path).write_bytes(data)
    return fs


def mp(fs: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``code`` on the unix port in ``fs``, its own folder the only one on sys.path (as a Pico's ``''``)."""
    env = dict(os.environ, MICROPYPATH="")
    return subprocess.run([micropython(), "-c", code, *args], cwd=fs, capture_output=True, text=True, env=env)


def ok(fs: Path, code: str, *args: str) -> str:
    p = mp(fs, code, *args)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def test_every_module_is_served_from_the_pack_byte_for_byte(flash: Path) -> None:
    modules = deploy.packed_modules("simdev")
    assert not (flash / "kitapi").exists()
    out = ok(
        flash,
        "import kitapi_pack, sys, hashlib, binascii\n"
        "print(kitapi_pack.mount(), sys.path[0])\n"
        f"for p in {list(modules)!r}:\n"
        "    with open('/pack/' + p, 'rb') as f:\n"
        "        print(p, binascii.hexlify(hashlib.sha256(f.read()).digest()).decode())\n",
    )
    lines = out.splitlines()
    assert lines[0] == "True /pack"
    import hashlib

    assert lines[1:] == [f"{p} {hashlib.sha256(d).hexdigest()}" for p, d in modules.items()]


def test_the_app_and_every_rules_module_import_from_the_pack(flash: Path) -> None:
    rules = sorted(
        p[len("kitapi/rules/") : -4] for p in deploy.packed_modules("simdev") if p.startswith("kitapi/rules/")
    )
    out = ok(
        flash,
        "import kitapi_pack\nkitapi_pack.mount()\n"
        "import kitapi.app.main, kitapi.replay, board, sys\n"
        f"for r in {rules!r}:\n"
        "    __import__('kitapi.rules.' + r)\n"
        "    print(sys.modules['kitapi.rules.' + r].__file__)\n"
        "files = [getattr(m, '__file__', '/pack/') for m in sys.modules.values()]\n"
        "print(sorted(f for f in files if not f.startswith('/pack/')))\n"
        "print(len(sys.modules), board.__file__)\n",
    )
    lines = out.splitlines()
    assert lines[:-2] == [f"/pack/kitapi/rules/{r}.mpy" for r in rules]
    assert lines[-2] == "['kitapi_pack.mpy']"  # nothing else from the flash's own files
    assert lines[-1].endswith(" /pack/board.mpy") and int(lines[-1].split()[0]) > 20


def test_a_log_replays_through_the_pack_as_through_the_files(flash: Path, tmp_path: Path) -> None:
    write_game(tmp_path, "g.kitapi", seed=5, hands=60)
    log = tmp_path / "g.kitapi"
    via_pack = ok(
        flash,
        "import kitapi_pack, sys\nkitapi_pack.mount()\nfrom kitapi.replay import main\nmain(sys.argv[-1])",
        str(log),
    )
    via_files = run_core("import sys\nfrom kitapi.replay import main\nmain(sys.argv[-1])", [str(log)])
    assert via_files.returncode == 0, via_files.stderr
    assert via_pack == via_files.stdout
    assert len(via_pack) > 100  # the standings of 60 hands, as JSON


def test_a_board_file_edited_on_the_device_is_compiled_from_its_source(flash: Path, tmp_path: Path) -> None:
    fs = tmp_path / "fs"
    fs.mkdir()
    for p in ("kitapi.pack", "kitapi_pack.mpy", "board.py"):
        (fs / p).write_bytes((flash / p).read_bytes())
    code = "import kitapi_pack\nkitapi_pack.mount()\nimport board\nprint(board.__file__, getattr(board, 'EDITED', 0))"
    assert ok(fs, code) == "/pack/board.mpy 0\n"
    with (fs / "board.py").open("a") as f:
        f.write("EDITED = 1  # a pin changed by hand\n")
    assert ok(fs, code) == "board.py 1\n"
    (fs / "board.py").unlink()  # no board.py: its module is not served either
    p = mp(fs, code)
    assert p.returncode == 1 and "no module named 'board'" in p.stdout + p.stderr


def test_the_pack_is_read_only_and_lists_its_folders(flash: Path) -> None:
    out = ok(
        flash,
        "import kitapi_pack, os\nkitapi_pack.mount()\n"
        "print(sorted(os.listdir('/pack')))\n"
        "print('game.mpy' in os.listdir('/pack/kitapi'), 'prefa.mpy' in os.listdir('/pack/kitapi/rules'))\n"
        "print(os.stat('/pack')[0] & 0x4000 != 0, os.stat('/pack/kitapi')[0] & 0x4000 != 0)\n"
        "print(os.stat('/pack/kitapi/game.mpy')[0] & 0x8000 != 0, os.stat('/pack/kitapi/game.mpy')[6] > 0)\n"
        "for mode in ('wb', 'ab', 'r+b'):\n"
        "    try:\n"
        "        open('/pack/kitapi/game.mpy', mode)\n"
        "    except OSError as e:\n"
        "        print(mode, e.errno)\n"
        "try:\n    os.stat('/pack/kitapi/nothing.mpy')\nexcept OSError as e:\n    print('stat', e.errno)\n",
    )
    assert out.splitlines() == [
        "['board.mpy', 'kitapi']",
        "True True",
        "True True",
        "True True",
        "wb 30",
        "ab 30",
        "r+b 30",
        "stat 2",
    ]


def test_mounting_again_replaces_the_mount(flash: Path) -> None:
    out = ok(
        flash,
        "import kitapi_pack, sys\nprint(kitapi_pack.mount(), kitapi_pack.mount())\n"
        "print(sys.path.count('/pack'))\nimport kitapi.game\nprint(kitapi.game.__file__)\n",
    )
    assert out.splitlines() == ["True True", "1", "/pack/kitapi/game.mpy"]


def test_no_pack_mounts_nothing_and_the_files_are_imported(flash: Path, tmp_path: Path) -> None:
    (tmp_path / "kitapi_pack.mpy").write_bytes((flash / "kitapi_pack.mpy").read_bytes())
    out = ok(tmp_path, "import kitapi_pack, sys, os\nprint(kitapi_pack.mount(), '/pack' in sys.path)\n")
    assert out == "False False\n"


def test_the_index_names_every_folder_and_refuses_what_is_not_a_module() -> None:
    with pytest.raises(ValueError, match="not a module's path"):
        build({"kitapi/game.py": b""})
    with pytest.raises(ValueError, match="is not in the pack"):
        build({"kitapi/game.mpy": b"M"}, {"board.mpy": ("board.py", b"")})


def copy(flash: Path, to: Path) -> Path:
    to.mkdir(exist_ok=True)
    for p in ("kitapi.pack", "kitapi_pack.mpy", "kitapi_pack_bak.mpy", "board.py", "main.py"):
        (to / p).write_bytes((flash / p).read_bytes())
    return to


# Flips bit (i % 8) of byte i of kitapi.pack for each i of sys.argv[-2] .. sys.argv[-1], mounts, and prints one
# letter per byte: D (Damaged raised, nothing mounted), d (mounted, named damaged: the index read from its copy),
# - (mounted as whole); then whether every module imported then is byte for byte the packed one (by crc32).
_FLIP_MOUNT = """import kitapi_pack, sys, vfs
from binascii import crc32
f = open('kitapi.pack', 'r+b')
out = []
bad = []
for i in range(int(sys.argv[-3]), int(sys.argv[-2]), int(sys.argv[-1])):
    f.seek(i)
    b = f.read(1)[0]
    f.seek(i)
    f.write(bytes([b ^ (1 << (i % 8))]))
    f.flush()
    try:
        kitapi_pack.mount()
        out.append('d' if kitapi_pack.damaged else '-')
        with open('/pack/kitapi/game.mpy', 'rb') as g:
            if crc32(g.read()) != GAME:
                bad.append(i)
        vfs.umount('/pack')
        sys.path.remove('/pack')
    except kitapi_pack.Damaged:
        out.append('D')
    f.seek(i)
    f.write(bytes([b]))
    f.flush()
print(''.join(out))
print(bad)
"""


def _layout(flash: Path) -> tuple[int, int]:
    data = (flash / "kitapi.pack").read_bytes()
    return int.from_bytes(data[4:8], "little"), int.from_bytes(data[12:16], "little")


@pytest.mark.fuzz
def test_a_flipped_bit_in_any_byte_of_the_header_or_the_index_is_found_at_the_mount(
    flash: Path, tmp_path: Path
) -> None:
    """The header's 24 bytes and the first index: found (a garbled header or index is read from its copy, and the
    pack named damaged); the copies: unused while the first is whole (the sync's check finds them).  No module is
    ever served other than as packed."""
    import zlib

    fs = copy(flash, tmp_path / "fs")
    n, m = _layout(flash)
    code = _FLIP_MOUNT.replace("GAME", str(zlib.crc32(deploy.packed_modules("simdev")["kitapi/game.mpy"])))
    step = str(fuzz_step(n, 150))  # (the index's bytes: all of them under `make fuzz`)
    head = ok(fs, code, "0", "24", "1").splitlines()
    assert head == ["d" * 24, "[]"]  # mounted by the header's copy, named damaged (boot() shows the screen)
    index = ok(fs, code, "24", str(24 + n), step).splitlines()
    assert index == ["d" * len(range(24, 24 + n, int(step))), "[]"]
    copy_ = ok(fs, code, str(24 + n + m), str(24 + 2 * n + m), step).splitlines()
    assert copy_ == ["-" * len(range(0, n, int(step))), "[]"]
    head_copy = ok(fs, code, str(24 + 2 * n + m), str(48 + 2 * n + m), "1").splitlines()
    assert head_copy == ["-" * 24, "[]"]  # unread while the first is whole
    end = 48 + 2 * n + m
    for i in (*range(0, 24, 5), *range(24, 24 + n, 401), *range(24 + n + m, end - 24, 401), *range(end - 24, end, 5)):
        data = bytearray((flash / "kitapi.pack").read_bytes())
        data[i] ^= 1 << (i % 8)
        assert pack.damage(bytes(data), None), i


def _check(fs: Path) -> object:
    """What the sync's own check (CHECK_PACK, run on the device) says of the firmware in ``fs``."""
    import ast

    return ast.literal_eval(ok(fs, CHECK_PACK).strip())


# Imports every module named in sys.argv[1:] from the pack (each afresh): one line each, "ok" or "Damaged <path>".
_IMPORT = """import kitapi_pack, sys
kitapi_pack.mount()
for m in sys.argv[1:]:
    try:
        __import__(m)
        print('ok')
    except kitapi_pack.Damaged as e:
        print('Damaged', e.args[0])
    for k in list(sys.modules):
        if k.startswith('kitapi.') and k not in ('kitapi.hw', 'kitapi.app', 'kitapi.rules'):
            del sys.modules[k]
"""


@pytest.mark.fuzz
def test_every_byte_of_prefas_module_flipped_is_refused_at_its_import(flash: Path, tmp_path: Path) -> None:
    """The report's case: a flipped bit in Prefa's BID_VALUE booted and scored wrong.  Every byte of
    kitapi/rules/prefa.mpy, one bit each: its import raises Damaged before the .mpy loader reads it."""
    fs = copy(flash, tmp_path / "fs")
    n, _ = _layout(flash)
    modules = deploy.packed_modules("simdev")
    start = 24 + n
    for p, data in modules.items():
        if p == "kitapi/rules/prefa.mpy":
            size = len(data)
            break
        start += len(data)
    step = fuzz_step(size, 400)  # (every byte under `make fuzz`)
    code = (
        "import kitapi_pack, sys\nkitapi_pack.mount()\n"
        "f = open('kitapi.pack', 'r+b')\nout = []\n"
        f"for i in range({start}, {start + size}, {step}):\n"
        "    f.seek(i)\n    b = f.read(1)[0]\n    f.seek(i)\n    f.write(bytes([b ^ (1 << (i % 8))]))\n    f.flush()\n"
        "    try:\n        import kitapi.rules.prefa\n        out.append('-')\n"
        "    except kitapi_pack.Damaged as e:\n"
        "        out.append('D' if e.args[0] == 'kitapi/rules/prefa.mpy' else '?')\n"
        "    sys.modules.pop('kitapi.rules.prefa', None)\n"
        "    f.seek(i)\n    f.write(bytes([b]))\n    f.flush()\n"
        "import kitapi.rules.prefa\nprint(''.join(out), kitapi.rules.prefa.__file__)\n"
    )
    assert ok(fs, code) == "D" * len(range(0, size, step)) + " /pack/kitapi/rules/prefa.mpy\n"


@pytest.mark.fuzz
def test_a_seeded_sample_of_flipped_bits_in_the_modules_is_refused_at_the_import(flash: Path, tmp_path: Path) -> None:
    """300 bits flipped at seeded places among all the modules, one at a time: that module's import raises Damaged
    naming it, the others still import; and the sync's check says the modules are garbled."""
    import random

    fs = copy(flash, tmp_path / "fs")
    n, m = _layout(flash)
    modules = deploy.packed_modules("simdev")
    spans = []
    at = 24 + n
    for p, data in modules.items():
        spans.append((at, at + len(data), p))
        at += len(data)
    rng = random.Random(6)
    good = (flash / "kitapi.pack").read_bytes()
    tried = 0
    count = fuzz_count(300, 60)
    for i in sorted(rng.sample(range(24 + n, 24 + n + m), count)):
        path = next(p for a, b, p in spans if a <= i < b)
        name = path[:-4].replace("/", ".").removesuffix(".__init__")
        other = "kitapi.compat" if path != "kitapi/compat.mpy" else "kitapi.keys"  # (neither imports another)
        data = bytearray(good)
        data[i] ^= 1 << rng.randrange(8)
        (fs / "kitapi.pack").write_bytes(data)
        if name in ("board", "kitapi", "kitapi.hw", "kitapi.app", "kitapi.rules"):
            continue  # a package the others are imported through, or board: tried by the boot's test
        assert ok(fs, _IMPORT, name, other).splitlines() == [f"Damaged {path}", "ok"], (i, path)
        tried += 1
        if tried % 30 == 0:
            assert _check(fs) == "kitapi.pack's modules are garbled"
    assert tried > count * 5 // 6


def test_a_pack_cut_short_keeps_what_draws_and_is_named_damaged(flash: Path, tmp_path: Path) -> None:
    """Cut at a seeded sample of lengths: below its index's end, the pack is not mounted (Damaged); after it,
    mounted and named damaged, the modules that are whole import (the board file and kitapi/hw/ first), a cut
    one raises Damaged; the sync's check says so too."""
    import random

    fs = copy(flash, tmp_path / "fs")
    n, m = _layout(flash)
    good = (flash / "kitapi.pack").read_bytes()
    rng = random.Random(3)
    code = (
        "import kitapi_pack\ntry:\n    kitapi_pack.mount()\n"
        "except kitapi_pack.Damaged as e:\n    print('D', e.args[0])\n"
        "else:\n    print('d', kitapi_pack.damaged)\n    import board, kitapi.hw.board_rp2\n"
        "    try:\n        import kitapi.app.main\n"
        "    except kitapi_pack.Damaged as e:\n        print('cut', e.args[0])\n"
    )
    for cut in [0, 1, 23, 24, 25, 24 + n - 1] + rng.sample(range(24 + n + 8000, len(good)), 12):
        (fs / "kitapi.pack").write_bytes(good[:cut])
        out = ok(fs, code).splitlines()
        if cut < 24 + n:
            assert out == ["D kitapi.pack"], cut
            assert _check(fs) in ("kitapi.pack's header is garbled", "kitapi.pack has the wrong length"), cut
        else:
            assert out[0] == "d kitapi.pack", cut
            assert _check(fs) == "kitapi.pack has the wrong length"
    (fs / "kitapi.pack").write_bytes(good)
    assert ok(fs, code) == "d \n"
    assert _check(fs) == ""


def test_a_foreign_or_empty_pack_mounts_nothing(flash: Path, tmp_path: Path) -> None:
    fs = copy(flash, tmp_path / "fs")
    good = (flash / "kitapi.pack").read_bytes()
    other = b"KPK2" + good[4:-24] + b"KPK2" + good[-20:]  # another format (both headers: the compiled index's)
    for data in (b"", b"hello, world\n" + good[12:], other, bytes(len(good)), b"\xff" * 4096):
        (fs / "kitapi.pack").write_bytes(data)
        out = ok(
            fs,
            "import kitapi_pack, sys, os\ntry:\n    kitapi_pack.mount()\nexcept kitapi_pack.Damaged as e:\n"
            "    print('Damaged', e.args[0])\nprint('/pack' in sys.path)\n"
            "try:\n    os.listdir('/pack')\n    print('mounted')\nexcept OSError:\n    print('not mounted')\n",
        )
        assert out.splitlines() == ["Damaged kitapi.pack", "False", "not mounted"], data[:8]
        assert _check(fs) == "kitapi.pack's header is garbled"
    (fs / "kitapi.pack").write_bytes(b"KPK1" + good[4:-24])  # the first format, of an older kitapi (no copy)
    assert _check(fs) == "kitapi.pack is of an older kitapi"
    p = mp(fs, "import kitapi_pack\ntry:\n    kitapi_pack.mount()\nexcept kitapi_pack.Damaged as e:\n    print(e)\n")
    assert p.stdout == "kitapi.pack\n", p.stdout + p.stderr


def _main_pack_check() -> str:
    """main.py's own check of kitapi_pack.mpy (its function ``k``, which reads the file), to run alone on the unix
    port as ``_whole(b)``: whether bytes ``b`` pass it (``open`` of "?" made to read them)."""
    src = MAIN.read_text()
    return (
        "class F:\n    def __init__(self, b):\n        self.b = b\n    def read(self):\n        return self.b\n"
        "def open(n, mode, o=open):\n    return F(held[0]) if n == '?' else o(n, mode)\nheld = [b'']\n"
        + src[src.index("def k(n):") : src.index("\ng = k(")]
        + "def _whole(b):\n    held[0] = b\n    return k('?')\n"
    )


def test_kitapi_pack_mpy_cut_at_any_length_or_flipped_anywhere_is_never_imported(flash: Path, tmp_path: Path) -> None:
    """kitapi_pack.mpy cut at every length, and a bit flipped in every byte: main.py's check says not whole (not
    imported), as does the sync's check and the REPL's mount (MOUNT_PACK); the whole file is."""
    fs = copy(flash, tmp_path / "fs")
    good = (flash / "kitapi_pack.mpy").read_bytes()
    code = (
        _main_pack_check() + "good = open('kitapi_pack.mpy', 'rb').read()\nout = []\n"
        "for n in range(len(good)):\n    out.append('?' if _whole(good[:n]) else '-')\n"
        "for i in range(len(good)):\n    b = bytearray(good)\n    b[i] ^= 1 << (i % 8)\n"
        "    out.append('?' if _whole(b) else '-')\n"
        "print(''.join(out), _whole(good))\n"
    )
    assert ok(fs, code) == "-" * (2 * len(good)) + " True\n"
    for cut in (0, 100, len(good) - 9, len(good) - 1):
        (fs / "kitapi_pack.mpy").write_bytes(good[:cut])
        assert _check(fs) == "kitapi_pack.mpy is cut short, or of an older kitapi"
        p = mp(fs, MOUNT_PACK + "print('/pack' in sys.path, 'kitapi_pack' in sys.modules)\n")
        assert p.stdout == "False False\n", p.stdout + p.stderr
    for i in (0, 500, len(good) - 9):
        data = bytearray(good)
        data[i] ^= 4
        (fs / "kitapi_pack.mpy").write_bytes(data)
        assert _check(fs) == "kitapi_pack.mpy is garbled"
    (fs / "kitapi_pack.mpy").write_bytes(good)
    assert _check(fs) == ""


def test_main_py_with_kitapi_pack_mpy_cut_to_100_bytes_says_so_and_stops(flash: Path, tmp_path: Path) -> None:
    """The report's hang at 100 % CPU, both copies of the loader cut: main.py says the firmware is damaged (on the
    console: nothing here can draw) and ends, to the REPL where the PC's sync and deploy find it."""
    fs = copy(flash, tmp_path / "fs")
    (fs / "kitapi_pack.mpy").write_bytes((flash / "kitapi_pack.mpy").read_bytes()[:100])
    (fs / "kitapi_pack_bak.mpy").write_bytes((flash / "kitapi_pack.mpy").read_bytes()[:100])  # its copy too
    env = dict(os.environ, MICROPYPATH="")
    p = subprocess.run([micropython(), "main.py"], cwd=fs, capture_output=True, text=True, env=env, timeout=HANG_S)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout == "the firmware is damaged: connect to a PC and run kitapi deploy (kitapi_pack.mpy)\n"


# The damaged-firmware screen (kitapi_pack.screen) on a board of a framebuffer alone, its texts traced; its wait
# ended by the first key, as the PC's Ctrl-C ends it.
_SCREEN = """import kitapi_pack, framebuf, sys
class HW:
    root = 'data'
    def __init__(self):
        self.fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        self.ev = [-1, 5, 5, -1]  # a minute without a key, a key, a key, a minute: then the PC's Ctrl-C
    def trace_text(self, x, y, s):
        print(y // 8, s)
    def display_power(self, on):
        print('P', int(on))
    def show(self):
        print('shown')
    def key(self, ms):
        if not self.ev:
            raise KeyboardInterrupt
        return self.ev.pop(0)
kitapi_pack.mount()
try:
    kitapi_pack.screen(HW(), sys.argv[-1])
except KeyboardInterrupt:
    print('waited')
"""


@pytest.mark.parametrize(
    ("lang", "title", "connect", "run"),
    [
        ("en", "Firmware damaged", "Connect to a PC", "and run"),
        ("el", "Βλάβη λογισμικού", "Συνδέστε σε PC", "και τρέξτε"),
        ("ru", "Сбой прошивки", "Подключите к ПК", "и запустите"),
    ],
)
def test_the_damaged_firmware_screen_speaks_the_settings_language(
    flash: Path, tmp_path: Path, lang: str, title: str, connect: str, run: str
) -> None:
    fs = copy(flash, tmp_path / "fs")
    (fs / "data").mkdir()
    (fs / "data" / "settings").write_text(f"128 60 {lang}\n")
    out = ok(fs, _SCREEN, "kitapi/rules/prefa.mpy")
    assert out.splitlines() == [
        f"0 {title}",
        f"2 {connect}",
        f"3 {run}",
        "4 kitapi deploy",
        "6 kitapi/rules/",  # the path whole, broken after a "/" (issue 36, item 4: it was cut to its end)
        "7 prefa.mpy",
        "P 1",
        "shown",
        "P 0",
        "P 1",
        "P 0",
        "waited",  # dark after a minute without a key, lit by one (a box left in a bag)
    ]
    # the font damaged too: framebuf's own, in English
    n, _ = _layout(flash)
    at = 24 + n
    for p, data in deploy.packed_modules("simdev").items():
        if p == "kitapi/app/font.mpy":
            break
        at += len(data)
    data = bytearray((flash / "kitapi.pack").read_bytes())
    data[at + 40] ^= 8
    (fs / "kitapi.pack").write_bytes(data)
    out = ok(fs, _SCREEN, "kitapi/app/font.mpy")
    assert out.splitlines()[:4] == ["0 Firmware damaged", "2 Connect to a PC", "3 and run", "4 kitapi deploy"]
    # settings that are not text: English
    (fs / "data" / "settings").write_bytes(b"\xff\xfe el")
    assert ok(fs, _SCREEN, "x").splitlines()[0] == "0 Firmware damaged"


def test_the_syncs_own_link_imports_with_no_pack_and_no_module_files(flash: Path, tmp_path: Path) -> None:
    """The modules the sync brings to a damaged device (kitapi_host.device.box's _RESCUE, filled with
    deploy.rescue_modules), alone: kitapi.link and what a Pico's board file imports (kitapi.hw.board_rp2, and the
    keypad and keys its first key imports: the keypad lets kitapi.keys go once it has read the layout, so it is
    imported here by name) import from them, none from the pack or the flash."""
    from kitapi_host.device.box import _RESCUE

    fs = copy(flash, tmp_path / "fs")
    (fs / "kitapi.pack").write_bytes(b"")  # nothing to serve from
    fill = "".join(f"_rescue.d[{p!r}] = {d!r}\n" for p, d in deploy.rescue_modules().items())
    out = ok(
        fs,
        _RESCUE + fill + "import kitapi.link, kitapi.hw.board_rp2, kitapi.hw.keypad, kitapi.keys\n"
        "print(kitapi.link.PROTOCOL, sorted(m.__file__ for m in sys.modules.values() if hasattr(m, '__file__')))\n",
    )
    protocol, files = out.split(" ", 1)
    from kitapi.link import PROTOCOL

    assert int(protocol) == PROTOCOL
    assert files.strip() == repr(
        sorted(f"/rescue/{p}" for p in ("kitapi/__init__.mpy", "kitapi/link.mpy", "kitapi/hw/__init__.mpy",
                                        "kitapi/hw/board_rp2.mpy", "kitapi/hw/keypad.mpy", "kitapi/keys.mpy"))
    )  # fmt: skip


# main.py's boot, again and again in one process, on a board file of a framebuffer alone (its texts traced, its
# first key the PC's Ctrl-C; ``make`` first runs DRIVER): for each i of sys.argv[-2] .. sys.argv[-1], file
# sys.argv[-4] damaged (sys.argv[-3]: "flip", bit i % 8 of byte i; "cut", to i bytes), main.py run, the file
# mended.  Prints "# i", what was drawn and said, then "M" and the loader's modules imported, and "F" the files
# modules were imported from: "/pack" (each checked as it was served), or on the flash (kitapi_pack.mpy: checked by
# main.py; board.py: compiled from its source).
_BOARD = """import framebuf
NAME = 'fake'
ROOT = 'data'
class HW:
    root = 'data'
    def __init__(self):
        self.fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    def trace_text(self, x, y, s):
        print('T', y // 8, s)
    def display_power(self, on):
        pass
    def show(self):
        print('shown')
    def key(self, ms):
        raise KeyboardInterrupt
def make():
    DRIVER
    return HW()
"""
_BOOTS = """import sys, vfs
name, how, a, b, step = sys.argv[-5:]
with open(name, 'rb') as f:
    good = f.read()
src = open('main.py').read()
for i in range(int(a), int(b), int(step)):
    if how == 'cut':
        with open(name, 'wb') as f:
            f.write(good[:i])
    else:
        with open(name, 'r+b') as f:
            f.seek(i)
            f.write(bytes([good[i] ^ (1 << (i % 8))]))
    print('#', i)
    try:
        exec(src, {'__name__': '__main__'})
    except KeyboardInterrupt:
        pass
    print('M', sorted(k for k in sys.modules if k.startswith('kitapi_pack')))
    print('F', sorted(set('/pack' if m.__file__.startswith('/pack/') else m.__file__
                          for m in sys.modules.values() if getattr(m, '__file__', None))))
    try:
        vfs.umount('/pack')
    except OSError:
        pass
    while '/pack' in sys.path:
        sys.path.remove('/pack')
    for k in list(sys.modules):
        if k.startswith('kitapi') or k in ('board', 'ssd1306'):
            del sys.modules[k]
    with open(name, 'wb') as f:
        f.write(good)
"""


def _boots(
    fs: Path, name: str, how: str, a: int, b: int, bit: int | None = None, step: int = 1
) -> dict[int, list[str]]:
    """Each boot of ``_BOOTS`` (``bit``: the one flipped in each byte, if not i % 8; every ``step``-th byte): its
    lines, by i."""
    out: dict[int, list[str]] = {}
    lines: list[str] = []
    code = _BOOTS if bit is None else _BOOTS.replace("1 << (i % 8)", f"1 << {bit}")
    for line in ok(fs, code, name, how, str(a), str(b), str(step)).splitlines():
        if line.startswith("# "):
            lines = out.setdefault(int(line[2:]), [])
        else:
            lines.append(line)
    assert list(out) == list(range(a, b, step))
    return out


def _drawn(what: str, loader: str = "kitapi_pack") -> list[str]:
    """The lines of a boot that drew the damaged-firmware screen naming ``what``, with ``loader`` imported."""
    return [
        f"the firmware is damaged: connect to a PC and run kitapi deploy ({what})",
        "T 0 Firmware damaged", "T 2 Connect to a PC", "T 3 and run", "T 4 kitapi deploy", f"T 6 {what}", "shown",
        f"M [{loader!r}]",
    ]  # fmt: skip


def _fake_board(fs: Path, driver: str = "import kitapi.hw") -> None:  # (a Pico's board file needs kitapi/hw)
    (fs / "board.py").write_text(_BOARD.replace("DRIVER", driver))  # compiled from its source: not the packed one


def test_a_flipped_bit_anywhere_in_the_header_draws_the_damaged_screen_from_its_copy(
    flash: Path, tmp_path: Path
) -> None:
    """Every bit of the pack's 24-byte header, one at a time, through main.py: the pack is mounted by the header's
    copy at its end, and the board file draws the damaged-firmware screen naming kitapi.pack (on a Pico the board
    file's modules are in the pack: without it the box stayed dark); the app is never run, and every module comes
    from the pack (checked).  Both headers garbled: nothing mounted, the console line alone, as before."""
    fs = copy(flash, tmp_path / "fs")
    _fake_board(fs)
    for bit in range(8):
        for i, case in _boots(fs, "kitapi.pack", "flip", 0, 24, bit).items():
            assert case[:-1] == _drawn("kitapi.pack"), (i, bit, case)
            assert case[-1] == "F ['/pack', 'board.py', 'kitapi_pack.mpy']", (i, bit, case)
    data = bytearray((flash / "kitapi.pack").read_bytes())
    data[3] ^= 1
    data[-5] ^= 1
    (fs / "kitapi.pack").write_bytes(data)
    assert _boots(fs, "main.py", "cut", 10**6, 10**6 + 1)[10**6] == [  # (main.py "cut" to all its bytes)
        "the firmware is damaged: connect to a PC and run kitapi deploy (kitapi.pack)", "M ['kitapi_pack']",
        "F ['board.py', 'kitapi_pack.mpy']",
    ]  # fmt: skip


@pytest.mark.fuzz
@pytest.mark.parametrize("how", ["flip", "cut"])
def test_kitapi_pack_mpy_damaged_anywhere_boots_its_second_copy_into_the_damaged_screen(
    flash: Path, tmp_path: Path, how: str
) -> None:
    """kitapi_pack.mpy with a bit flipped in every byte, and cut at every length, through main.py: the first copy
    fails its check and is never imported; the second, kitapi_pack_bak.mpy, checked, mounts the pack and draws the
    damaged-firmware screen naming kitapi_pack.mpy (which a deploy mends): no longer dark.  Both damaged: the
    console line alone, as before."""
    fs = copy(flash, tmp_path / "fs")
    _fake_board(fs)
    size = len((flash / "kitapi_pack.mpy").read_bytes())
    step = fuzz_step(size, 120)  # (every byte and length under `make fuzz`)
    drawn = [*_drawn("kitapi_pack.mpy", "kitapi_pack_bak"), "F ['/pack', 'board.py', 'kitapi_pack_bak.mpy']"]
    for i, case in _boots(fs, "kitapi_pack.mpy", how, 0, size, step=step).items():
        assert case == drawn, (i, case)
    (fs / "kitapi_pack_bak.mpy").write_bytes((flash / "kitapi_pack.mpy").read_bytes()[:-1])
    dark = ["the firmware is damaged: connect to a PC and run kitapi deploy (kitapi_pack.mpy)", "M []", "F []"]
    for i, case in _boots(fs, "kitapi_pack.mpy", how, 0, size, step=step).items():
        assert case == dark, (i, case)


_DRIVER = """# a stand-in for micropython-lib's ssd1306 driver (as tests/pc/test_deploy.py's mip index serves one)
import framebuf

WIDTH = 128
CHECK = "the driver as mip put it in lib/"


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C):
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.i2c, self.addr = i2c, addr

    def show(self):
        return len(self.buffer)
"""


@pytest.fixture(scope="module")
def driver_flash(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, bytes]:
    """A deploy for a board with the display driver (ssd1306.mpy, packed after the board file and kept in lib/):
    its folder, where the driver starts in kitapi.pack, and the driver's bytes."""
    from kitapi_host.mpy import mpy_cross

    fs = tmp_path_factory.mktemp("driver")
    src = fs / "ssd1306.py"
    src.write_text(_DRIVER)
    subprocess.run([mpy_cross(), "-o", str(fs / "ssd1306.mpy"), str(src)], check=True)
    drv = (fs / "ssd1306.mpy").read_bytes()
    src.unlink()
    (fs / "ssd1306.mpy").unlink()
    for path, data in deploy.firmware_files("simdev", {"ssd1306.mpy": drv}).items():
        (fs / path).write_bytes(data)
    (fs / "lib").mkdir()
    (fs / "lib" / "ssd1306.mpy").write_bytes(drv)
    n, _ = _layout(fs)
    return fs, 24 + n + len(next(iter(deploy.packed_modules("simdev").values()))), drv


def test_a_damaged_packed_driver_draws_with_lib_s_copy_only_if_it_is_the_same_bytes(
    driver_flash: tuple[Path, int, bytes], tmp_path: Path
) -> None:
    """Every byte of the packed display driver, a bit flipped (on a Pico the board file imports it: the box stayed
    dark): the driver is served from lib/ssd1306.mpy, whose crc32 is the packed one's (the same bytes mip put there),
    and the board file draws the damaged-firmware screen naming the driver.  lib/'s copy not the same (a bit flipped,
    cut short, or missing): never handed to the .mpy loader; dark, the console line alone, as before."""
    flash, at, drv = driver_flash
    fs = copy(flash, tmp_path / "fs")
    (fs / "lib").mkdir()
    (fs / "lib" / "ssd1306.mpy").write_bytes(drv)
    _fake_board(fs, "import kitapi.hw, ssd1306\n    print('driver:', ssd1306.CHECK, ssd1306.__file__)")
    pack_first = ["F ['/pack', 'board.py', 'kitapi_pack.mpy']"]
    drawn = ["driver: the driver as mip put it in lib/ /pack/ssd1306.mpy", *_drawn("ssd1306.mpy"), *pack_first]
    for i, case in _boots(fs, "kitapi.pack", "flip", at, at + len(drv)).items():
        assert case == drawn, (i, case)
    dark = [_drawn("ssd1306.mpy")[0], "M ['kitapi_pack']", *pack_first]
    for lib in (drv[:7] + bytes([drv[7] ^ 1]) + drv[8:], drv[:-1], None):
        if lib is None:
            (fs / "lib" / "ssd1306.mpy").unlink()
        else:
            (fs / "lib" / "ssd1306.mpy").write_bytes(lib)
        for i, case in _boots(fs, "kitapi.pack", "flip", at, at + len(drv)).items():
            assert case == dark, (i, case)


def test_a_damaged_native_module_draws_the_damaged_screen_with_the_bytecode_search(tmp_path: Path) -> None:
    """A Pico's pack holds kitapi.hw.fast, native code for the box's arch (the unix port's here), which
    kitapi.hw.board_rp2 loads at the first key (``_native``): whole, its search is the one used.  A bit flipped in a
    sample of its bytes (every byte under `make fuzz`): never handed to the .mpy loader; Damaged goes through the
    app to main.py's boot, which draws the damaged-firmware screen naming it, ``show`` searching in bytecode."""
    out = subprocess.run([micropython(), "-c", "import sys\nprint(sys.implementation._mpy)"], capture_output=True)
    arch = deploy.box_arch(int(out.stdout))
    fs = tmp_path / "fs"
    fs.mkdir()
    files = deploy.firmware_files("pico", arch=arch)
    for path, data in files.items():
        (fs / path).write_bytes(data)
    code = "import kitapi_pack\nkitapi_pack.mount()\nimport kitapi.hw.board_rp2 as b\nb._native()\nprint(b._spans)"
    assert ok(fs, code) == "<function>\n"  # (a native function: a bytecode one names itself)
    fast = pack.native_modules(arch)["kitapi/hw/fast.mpy"]
    at = files["kitapi.pack"].index(fast)
    key = "    def key(self, ms):\n        raise KeyboardInterrupt\n"
    assert key in _BOARD
    (fs / "board.py").write_text(  # (its first key loads the native search, as RP2Hardware.key's does)
        _BOARD.replace("DRIVER", "pass").replace(
            key,
            "    def key(self, ms):\n        import kitapi.hw.board_rp2 as b\n        b._native()\n"
            "        print('native:', b._spans is not None)\n        raise KeyboardInterrupt\n"
            "    def contrast(self, v):\n        pass\n    def time(self):\n        return 0\n"
            "    def battery_mv(self):\n        return -1\n",
        )
    )
    assert "native: True" in _boots(fs, "main.py", "cut", 10**6, 10**6 + 1)[10**6]  # (main.py whole)
    drawn = _drawn("kitapi/hw/fast.mpy")  # (its path on two rows, broken after a "/")
    drawn[5:6] = ["T 6 kitapi/hw/", "T 7 fast.mpy"]
    drawn[-1:-1] = ["native: False"]  # (the screen's wait for a key)
    drawn.append("F ['/pack', 'board.py', 'kitapi_pack.mpy']")
    for i, case in _boots(fs, "kitapi.pack", "flip", at, at + len(fast), step=fuzz_step(len(fast), 60)).items():
        assert case[:5] == ["T 0 No game", "T 2 1 New game", "T 3 2 Settings", "T 4 3 Games", "shown"], (i, case)
        assert case[5:] == drawn, (i, case)  # (the home screen, then at the first key the damaged one)


def test_the_syncs_check_names_a_damaged_second_header_or_second_loader(flash: Path, tmp_path: Path) -> None:
    """The copies the box reads only when the first is damaged: the sync's check (CHECK_PACK) and the PC's
    (pack.damage) find them damaged, and a deploy writes them again."""
    fs = copy(flash, tmp_path / "fs")
    good = (flash / "kitapi.pack").read_bytes()
    loader = (flash / "kitapi_pack.mpy").read_bytes()
    assert _check(fs) == "" and pack.damage(good, loader, loader) == ""
    for i in (0, 9, 23):
        data = bytearray(good)
        data[len(good) - 24 + i] ^= 0x10
        (fs / "kitapi.pack").write_bytes(data)
        assert _check(fs) == "kitapi.pack's second header is garbled", i
        assert pack.damage(bytes(data), loader, loader) == "kitapi.pack's second header is garbled", i
        data = bytearray(good)
        data[i] ^= 0x10
        (fs / "kitapi.pack").write_bytes(data)
        assert _check(fs) == "kitapi.pack's header is garbled", i  # (the box reads its copy: the screen)
    (fs / "kitapi.pack").write_bytes(good)
    for bak, said in (
        (loader[:100], "kitapi_pack_bak.mpy is cut short, or of an older kitapi"),
        (loader[:500] + bytes([loader[500] ^ 2]) + loader[501:], "kitapi_pack_bak.mpy is garbled"),
        (None, "kitapi_pack_bak.mpy is missing"),
    ):
        if bak is None:
            (fs / "kitapi_pack_bak.mpy").unlink()
        else:
            (fs / "kitapi_pack_bak.mpy").write_bytes(bak)
            assert pack.damage(good, loader, bak).startswith("kitapi_pack_bak.mpy ")
        assert _check(fs) == said


def test_the_index_finds_every_path_of_a_crowded_pack_and_no_other(tmp_path: Path) -> None:
    """The index is a hash table by each path's crc32 (probed on in turn): a pack of 300 modules in folders,
    some of a source file kept beside it (one edited since): every folder and module found with its bytes, its
    folder's listing exactly its names, and no path that is not packed (nor the edited source's module)."""
    import random

    rng = random.Random(5)
    modules = {}
    for k in range(300):
        folder = rng.choice(["a", "a/b", "a/b/c", "kitapi/app", "x"])
        modules[f"{folder}/m{k}.mpy"] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
    modules["board.mpy"] = b"B"
    modules["other.mpy"] = b"O"
    (tmp_path / "board.py").write_bytes(b"# the board\n")
    (tmp_path / "other.py").write_bytes(b"# edited since\n")
    (tmp_path / "kitapi.pack").write_bytes(
        build(modules, {"board.mpy": ("board.py", b"# the board\n"), "other.mpy": ("other.py", b"# as packed\n")})
    )
    (tmp_path / "kitapi_pack.py").write_text((Path(pack.PACK_LOADER)).read_text())
    folders = ["a", "a/b", "a/b/c", "kitapi", "kitapi/app", "x"]
    out = ok(
        tmp_path,
        "import kitapi_pack, os, binascii\nkitapi_pack.mount()\n"
        f"for p in {list(modules)!r}:\n"
        "    try:\n        print(p, binascii.hexlify(open('/pack/' + p, 'rb').read()).decode())\n"
        "    except OSError:\n        print(p, 'none')\n"
        f"for d in {folders!r}:\n"
        "    print(d, os.stat('/pack/' + d)[0], ' '.join(sorted(os.listdir('/pack/' + d))))\n"
        "for p in ('a/m1.py', 'a/b/c/m', 'kitapi/app/main.mpy', 'q', 'a/b/c/d'):\n"
        "    try:\n        os.stat('/pack/' + p)\n        print(p, 'found')\n"
        "    except OSError:\n        print(p, 'none')\n",
    )
    want = [f"{p} {'none' if p == 'other.mpy' else d.hex()}" for p, d in modules.items()]
    for d in folders:
        inside = sorted(p[len(d) + 1 :].split("/")[0] for p in modules if p.startswith(d + "/"))
        want.append(f"{d} 16384 {' '.join(sorted(set(inside)))}")
    want += [f"{p} none" for p in ("a/m1.py", "a/b/c/m", "kitapi/app/main.mpy", "q", "a/b/c/d")]
    assert out.splitlines() == want
