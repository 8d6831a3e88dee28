"""kitapi.pack on the MicroPython unix port: the firmware's modules served from one file (firmware/kitapi_pack.py).

The files are the ones ``kitapi deploy`` writes (kitapi_host.device.deploy.firmware_files), put in a
folder that the unix port runs in, as a Pico's flash: kitapi.pack, kitapi_pack.mpy, main.py, board.py,
and no module files.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from kitapi_host.device import deploy
from kitapi_host.device.pack import build
from kitapi_host.mpy import micropython, run_core
from testkit import write_game


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


@pytest.mark.parametrize(
    ("what", "damage"),
    [
        ("not a pack", lambda data: b"hello, world\n" + data[12:]),
        ("empty", lambda data: b""),
        ("cut inside its index", lambda data: data[:200]),
        ("its index garbled", lambda data: data[:8] + bytes(64) + data[72:]),
    ],
)
def test_a_damaged_pack_raises_and_mounts_nothing(flash: Path, tmp_path: Path, what: str, damage: object) -> None:
    (tmp_path / "kitapi_pack.mpy").write_bytes((flash / "kitapi_pack.mpy").read_bytes())
    (tmp_path / "kitapi.pack").write_bytes(damage((flash / "kitapi.pack").read_bytes()))  # type: ignore[operator]
    p = mp(
        tmp_path,
        "import kitapi_pack, sys, os\n"
        "try:\n    kitapi_pack.mount()\nexcept Exception as e:\n    print(type(e).__name__)\n"
        "print('/pack' in sys.path)\n"
        "try:\n    os.listdir('/pack')\n    print('mounted')\nexcept OSError:\n    print('not mounted')\n",
    )
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[1:] == ["False", "not mounted"], (what, p.stdout)
    assert lines[0] in ("ValueError", "EOFError", "OSError"), (what, lines[0])


def test_the_index_names_every_folder_and_refuses_what_is_not_a_module() -> None:
    with pytest.raises(ValueError, match="not a module's path"):
        build({"kitapi/game.py": b""})
    with pytest.raises(ValueError, match="is not in the pack"):
        build({"kitapi/game.mpy": b"M"}, {"board.mpy": ("board.py", b"")})


def test_a_module_cut_short_raises_on_its_import(flash: Path, tmp_path: Path) -> None:
    """The last module (board.mpy) lost its end: its import fails with EIO (the .mpy loader would read on)."""
    for p in ("kitapi_pack.mpy", "board.py"):
        (tmp_path / p).write_bytes((flash / p).read_bytes())
    (tmp_path / "kitapi.pack").write_bytes((flash / "kitapi.pack").read_bytes()[:-100])
    out = ok(
        tmp_path,
        "import kitapi_pack\nprint(kitapi_pack.mount())\nimport kitapi.game\n"
        "try:\n    import board\nexcept OSError as e:\n    print('OSError', e.errno)\n",
    )
    assert out == "True\nOSError 5\n"
