"""The wheel's package list; everything else is in pyproject.toml.

Found by walking the folders, so that a new subfolder of firmware/kitapi or
host_tools ships without a line here: the core ``kitapi`` (firmware/kitapi, the
very files deployed to the Pico) and the PC tools ``kitapi_host`` (host_tools/).
Besides them, what ``kitapi deploy``, ``sim`` and ``simdevice`` put on a device
ships as package data below ``kitapi_host/_data``: firmware/main.py,
firmware/circuitpython/ and boards/ (kitapi_host.resources finds them there, or
in the checkout).
"""

from pathlib import Path

from setuptools import setup

TREES = {"kitapi": "firmware/kitapi", "kitapi_host": "host_tools"}
DATA = {
    "kitapi_host._data.firmware": "firmware",  # main.py only: each folder's own .py files
    "kitapi_host._data.firmware.circuitpython": "firmware/circuitpython",
    "kitapi_host._data.boards": "boards",
}


def packages(name: str, folder: str) -> list[str]:
    """``name`` and every package below it: each folder under ``folder`` that has an ``__init__.py``."""
    found = [name]
    for init in sorted(Path(folder).rglob("*/__init__.py")):
        found.append(".".join([name, *init.parent.relative_to(folder).parts]))
    return found


setup(
    packages=[p for name, folder in TREES.items() for p in packages(name, folder)] + list(DATA),
    package_dir={**TREES, **DATA},
)
