"""RP2Hardware.show's search in native code (kitapi.hw.fast) and in bytecode send the same transfers.

tests/mp/test_rp2_show_mp.py shows a few hundred frames (every subset of a page's blocks changed, whole frames,
rows of text) with both of the drivers' first frames, and prints a digest of every transfer: run under CPython
(no viper: the bytecode search), under MicroPython from the sources (the unix port compiles the viper itself),
and from .mpy files as a deploy makes them: kitapi.hw.fast compiled for this MicroPython's own arch (the native
search) or for another's (refused at its import: the bytecode search, nothing else changed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from kitapi_host.device import deploy, pack
from kitapi_host.mpy import compiled_core, micropython
from testkit import ROOT

SCRIPT = ROOT / "tests" / "mp" / "test_rp2_show_mp.py"


def _said(out: subprocess.CompletedProcess[str]) -> dict[str, str]:
    assert out.returncode == 0, out.stdout + out.stderr
    return dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.startswith(("native ", "transfers ")))


def _cpython() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "firmware")}
    return _said(subprocess.run([sys.executable, str(SCRIPT), "bytecode"], capture_output=True, text=True, env=env))


def _micropython(path: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MICROPYPATH": path}
    return subprocess.run([micropython(), str(SCRIPT), *args], capture_output=True, text=True, env=env)


def _arch() -> str:
    """This unix port's arch, as the deploy names a box's (sys.implementation._mpy >> 10)."""
    out = subprocess.run([micropython(), "-c", "import sys\nprint(sys.implementation._mpy)"], capture_output=True)
    arch = deploy.box_arch(int(out.stdout))
    assert arch in pack.NATIVE_ARCHES
    return arch


def test_the_native_search_sends_what_the_bytecode_search_sends() -> None:
    bytecode = _cpython()
    native = _said(_micropython(str(ROOT / "firmware")))
    assert bytecode["native"] == "0" and native["native"] == "1"
    assert native["transfers"] == bytecode["transfers"]


def test_the_deployed_module_runs_native_on_its_arch_and_is_done_without_on_another(tmp_path: Path) -> None:
    """The pack's kitapi.hw.fast as the deploy compiles it (pack.native_modules) beside the bytecode of the rest:
    for this port's arch, the native search; for the Pico's armv6m, its import refused (ValueError) and the
    bytecode search, the same transfers."""
    bytecode = _cpython()
    here = _arch()
    for arch, want in ((here, "native"), ("armv6m", "bytecode")):
        tree = tmp_path / arch
        shutil.copytree(compiled_core(), tree)
        modules = pack.native_modules(arch)
        assert list(modules) == ["kitapi/hw/fast.mpy"]
        mpy = modules["kitapi/hw/fast.mpy"]
        assert mpy[0] == ord("M") and mpy[2] >> 2 == deploy.ARCHES.index(arch)  # (the .mpy header: its arch)
        (tree / "kitapi" / "hw" / "fast.mpy").write_bytes(mpy)
        said = _said(_micropython(str(tree), want))
        assert said == {"native": "1" if want == "native" else "0", "transfers": bytecode["transfers"]}
        out = subprocess.run(
            [micropython(), "-c", "import kitapi.hw.fast"],
            capture_output=True,
            text=True,
            env={"MICROPYPATH": str(tree)},
        )
        if want == "native":
            assert out.returncode == 0, out.stdout + out.stderr
        else:  # (the unix port prints its traceback on stdout)
            assert "ValueError: incompatible .mpy arch" in out.stdout + out.stderr, out.stdout + out.stderr


def test_no_native_module_for_a_box_of_bytecode_alone_nor_for_other_boards() -> None:
    assert pack.native_modules(None) == {} and pack.native_modules("bytecode") == {}
    assert deploy.box_arch(6 | 3 << 8) is None  # (.mpy v6.3, arch 0: no native code)
    assert deploy.box_arch(6 | 3 << 8 | 4 << 10) == "armv6m"  # (a Pico: 4870)
    with_native = deploy.packed_modules("pico", "armv6m")
    assert "kitapi/hw/fast.mpy" in with_native and "kitapi/hw/fast.mpy" not in deploy.packed_modules("pico")
    files = deploy.firmware_files("simdev", arch="x64")  # the simulated box: its hw is not kitapi.hw.board_rp2's
    assert files == deploy.firmware_files("simdev")
