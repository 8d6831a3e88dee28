"""Make .venv's editable install of Kitapi cheap to start (run by `make setup` after the install).

setuptools' editable install puts a finder module in site-packages that every start of .venv's Python imports
(its .pth file), and that module imports pathlib, re, fnmatch and importlib.util: 15 ms a start. `make test`
starts .venv's Python some 2,000 times (the kitapi command, the MicroPython launcher, the firmware's runs in the
tests), so that is some 30 s of CPU.  This writes a finder of a few lines for the two packages instead, which
finds them where setuptools' does (firmware/kitapi and host_tools/kitapi_host of this checkout), and points the
install's .pth file at it.

The install itself is left as it is (its metadata, its `kitapi` script, its dependencies); `make setup` runs this
after every (re)install.  Where no setuptools .pth is found (another installer, another layout), nothing is
changed: the install works as it was, only slower to start.
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
PACKAGES = {"kitapi": CHECKOUT / "firmware", "kitapi_host": CHECKOUT / "host_tools"}
MODULE = "_kitapi_checkout"

FINDER = '''"""Kitapi's packages from its checkout for .venv's editable install (tools/light-editable.py)."""

import sys
from importlib.machinery import PathFinder

_FOLDERS = {folders!r}


class _Checkout:
    @staticmethod
    def find_spec(name, path=None, target=None):
        folder = _FOLDERS.get(name)
        return None if folder is None else PathFinder.find_spec(name, [folder])


sys.meta_path.append(_Checkout)
'''


def main() -> int:
    site = Path(sysconfig.get_paths()["purelib"])
    pths = sorted(site.glob("__editable__.kitapi-*.pth"))
    if not pths:
        print(f"tools/light-editable.py: no editable .pth of kitapi in {site}: left as it is", file=sys.stderr)
        return 0
    for name, folder in PACKAGES.items():
        if not (folder / name / "__init__.py").is_file():
            print(f"tools/light-editable.py: {folder / name} is not a package: left as it is", file=sys.stderr)
            return 0
    folders = {name: str(folder) for name, folder in PACKAGES.items()}
    (site / f"{MODULE}.py").write_text(FINDER.format(folders=folders), encoding="utf-8")
    for pth in pths:
        pth.write_text(f"import {MODULE}\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
