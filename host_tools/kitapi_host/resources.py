"""Where the firmware's files are, for a checkout and an installed ``kitapi`` alike.

``kitapi deploy``, ``sim``, ``simdevice`` and ``bench`` put on a device (real or
simulated) the core, which is the imported package ``kitapi`` itself, and four
things beside it: the boot file ``firmware/main.py``, the board files
``boards/*.py``, CircuitPython's ``firmware/circuitpython/`` and the display
driver ``firmware/drivers/``.  A wheel ships these as package data below
``kitapi_host/_data/`` (setup.py); a checkout (the editable install of ``make
setup``) has them as its own folders.  Both are the one layout below ``ROOT``::

    ROOT/firmware/main.py    ROOT/firmware/circuitpython/    ROOT/firmware/drivers/    ROOT/boards/NAME.py

Every path to these files comes from here, so that the tools work from any
folder, inside a checkout or not.
"""

from __future__ import annotations

from pathlib import Path

import kitapi
import kitapi_host

# The folder of the package kitapi (firmware/kitapi in a checkout, site-packages/kitapi when installed) and
# the folder that holds it: a core file's path on the device is its path below SOURCES ("kitapi/game.py").
CORE = Path(kitapi.__file__).resolve().parent
SOURCES = CORE.parent


def _root() -> Path:
    """The installed package data (``kitapi_host/_data``), else the checkout (the folder above
    ``host_tools/kitapi_host``)."""
    package = Path(kitapi_host.__file__).resolve().parent
    for root in (package / "_data", package.parent.parent):
        if (root / "firmware" / "main.py").is_file() and (root / "boards").is_dir():
            return root
    return package / "_data"  # not there: the paths below name the missing files in their errors


ROOT = _root()
MAIN = ROOT / "firmware" / "main.py"
PACK_LOADER = ROOT / "firmware" / "kitapi_pack.py"  # deployed compiled, beside kitapi.pack (kitapi_host.device.pack)
BOARDS = ROOT / "boards"
CIRCUITPYTHON = ROOT / "firmware" / "circuitpython"  # boot.py and the framebuf CircuitPython lacks
DRIVERS = ROOT / "firmware" / "drivers"  # the display driver, deployed compiled into lib/ (no mip, no network)


# Compiled to native code for the box's own arch (mpy-cross -march: kitapi_host.device.pack.native_modules), never
# as bytecode: a box that cannot load it (another arch, no viper) does without.  Outside firmware/, whose every
# file any mpy-cross compiles to bytecode (mpy-cross refuses viper without -march): ROOT/native/kitapi/hw/fast.py
# is kitapi/hw/fast.py on the device.
NATIVE_ROOT = ROOT / "native"
NATIVE = (NATIVE_ROOT / "kitapi" / "hw" / "fast.py",)


def core_sources() -> list[Path]:
    """Every source file of the core and the app (the package kitapi, subpackages included), sorted."""
    return sorted(CORE.rglob("*.py"))


def device_path(src: Path) -> str:
    """A core source's path on the device: ``kitapi/app/home.py`` (NATIVE's too: ``kitapi/hw/fast.py``)."""
    return src.relative_to(NATIVE_ROOT if src in NATIVE else SOURCES).as_posix()
