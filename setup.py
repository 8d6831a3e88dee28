"""The wheel's package list; everything else is in pyproject.toml.

Found by walking the folders, so that a new subfolder of firmware/kitapi or
host_tools/kitapi_host ships without a line here: the core ``kitapi`` (firmware/kitapi, the
very files deployed to the Pico) and the PC tools ``kitapi_host`` (host_tools/kitapi_host,
with every file in it that is not Python as package data).
Besides them, what ``kitapi deploy``, ``sim`` and ``simdevice`` put on a device
ships as package data below ``kitapi_host/_data``: firmware/main.py,
firmware/circuitpython/, firmware/drivers/, boards/ and native/ (kitapi_host.resources finds them there,
or in the checkout).
"""

from pathlib import Path

from setuptools import setup

TREES = {"kitapi": "firmware/kitapi", "kitapi_host": "host_tools/kitapi_host"}
DATA = {
    "kitapi_host._data.firmware": "firmware",  # main.py only: each folder's own .py files
    "kitapi_host._data.firmware.circuitpython": "firmware/circuitpython",
    "kitapi_host._data.firmware.drivers": "firmware/drivers",  # the display driver deploy and image put in lib/
    "kitapi_host._data.boards": "boards",
    "kitapi_host._data.native.kitapi.hw": "native/kitapi/hw",  # kitapi.hw.fast: compiled for the box's arch
}


def packages(name: str, folder: str) -> list[str]:
    """``name`` and every package below it: each folder under ``folder`` that has an ``__init__.py``."""
    found = [name]
    for init in sorted(Path(folder).rglob("*/__init__.py")):
        found.append(".".join([name, *init.parent.relative_to(folder).parts]))
    return found


def data(folder: str) -> list[str]:
    """Every other file below ``folder`` (templates, style sheets...), subfolders too: not Python, bytecode or
    an editor's leftovers."""
    return sorted(
        p.relative_to(folder).as_posix()
        for p in Path(folder).rglob("*")
        if p.is_file()
        and p.suffix not in (".py", ".pyc", ".swp")
        and not p.name.startswith(".")
        and not p.name.endswith("~")
        and "__pycache__" not in p.parts
    )


setup(
    packages=[p for name, folder in TREES.items() for p in packages(name, folder)] + list(DATA),
    package_dir={**TREES, **DATA},
    package_data={"kitapi_host": data("host_tools/kitapi_host")},
)
