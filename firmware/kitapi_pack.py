"""The firmware's modules in one file, ``kitapi.pack``, mounted read-only at ``/pack`` first on ``sys.path``.

Why (README, "The device's speed on an emulated Pico"): on a stock Pico an import looks on the flash
for ``NAME/``, ``NAME.py`` and ``NAME.mpy``; a littlefs lookup costs 4-7 ms in ``kitapi/app/``, so
the boot's 22 imports spent most of its time looking.  From the pack a lookup is a dict lookup and a
module is read from the one file kept open, with no lookup at all.  (A firmware with ROMFS would do
this itself; the stock RPI_PICO firmware has none.)

``kitapi deploy`` writes the file (kitapi_host.device.pack builds it) and this module as
``kitapi_pack.mpy``; ``main.py`` calls ``mount()`` before its first import of the firmware.  The
file::

    0      b"KPK1"
    4      N, the index's length: 4 bytes, little-endian
    8      the index: a compiled module (.mpy, named kitapi_pack_index) whose global ``d`` maps
           each path below /pack ("kitapi/game.mpy") to (offset, length), the offset counted
           from the end of the index, and each folder ("kitapi/app") to -1; and whose ``s`` maps
           a module compiled from a source file kept on the flash ("board.mpy": the board
           file, its wiring table readable there) to that file's name and crc32
    8 + N  the modules' .mpy, one after another

A module of ``s`` is served only while its source file is as it was packed: a board.py edited on
the device is compiled from its source, as before (the check reads it: about 6 ms on the rig, where
compiling it costs 31 ms).  An import of ``kitapi.x`` then runs as from files: MicroPython asks
this object for ``stat`` of ``/kitapi/x``, ``/kitapi/x.py`` and ``/kitapi/x.mpy``, and ``open``s
the one that is there.

With no pack (an older deploy, the simulator, the tests) ``mount`` returns False and the modules
are imported from their files as before.
"""

import sys

import uio as io  # the built-in at once (docs/firmware.md, "Imports")
import vfs
from micropython import const

_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_CHUNK = const(512)  # bytes of a module read at a time
_INDEX = "kitapi_pack_index"
_FOLDER = (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # os.stat's tuple: S_IFDIR


class Pack:
    """The read-only file system in ``f`` (open, positioned after the header); its index is ``n`` bytes."""

    def __init__(self, f, n):
        self.f = f
        self.base = 8 + n
        self.mv = memoryview(bytearray(_CHUNK))
        self.d = {_INDEX + ".mpy": (-n, n)}  # type: dict[str, Any]  # until the index is imported: the index itself

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.f.close()

    def stat(self, path):
        e = self.d.get(path[1:])
        if e == -1 or path == "/":
            return _FOLDER
        if e is None:
            raise OSError(2)  # ENOENT
        return (0x8000, 0, 0, 0, 0, 0, e[1], 0, 0, 0)

    def open(self, path, mode):
        e = self.d.get(path[1:])
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(30)  # EROFS
        if e is None or e == -1:
            raise OSError(2)
        f = self.f
        f.seek(self.base + e[0])
        n = e[1]
        s = io.BytesIO(n)  # room for the module's bytes: they are in the heap once, not twice
        mv = self.mv
        while n:
            k = f.readinto(mv[: min(n, _CHUNK)])
            if not k:
                raise OSError(5)  # EIO: the pack is cut short (the .mpy loader would read on past its end)
            s.write(mv[:k])
            n -= k
        s.seek(0)
        return s

    def ilistdir(self, path):
        p = path.strip("/")
        if p:
            p += "/"
        for k, e in self.d.items():
            if k.startswith(p) and "/" not in k[len(p) :] and k != _INDEX + ".mpy":
                yield (k[len(p) :], 0x4000 if e == -1 else 0x8000, 0, 0 if e == -1 else e[1])


def _crc(name):
    """The crc32 of file ``name``, or None if it cannot be read."""
    from ubinascii import crc32

    try:
        with open(name, "rb") as f:
            return crc32(f.read())
    except OSError:
        return None


def mount(name="kitapi.pack", at="/pack"):
    """Mount the pack ``name`` at ``at``, first on ``sys.path``: True; False if there is no such file.

    A file that is not a pack raises ValueError and mounts nothing.  Mounting again (``main.py``
    run twice without a reset) replaces the mount.
    """
    try:
        f = open(name, "rb")
    except OSError:
        return False
    h = f.read(8)
    if len(h) < 8 or h[:4] != b"KPK1":
        f.close()
        raise ValueError(name + ": not a Kitapi pack")
    p = Pack(f, int.from_bytes(h[4:], "little"))
    try:
        vfs.umount(at)
    except OSError:
        pass
    vfs.mount(p, at)
    if at in sys.path:
        sys.path.remove(at)
    sys.path.insert(0, at)
    try:
        i = __import__(_INDEX)
        d = i.d
        for m in i.s:
            src, crc = i.s[m]
            if _crc(src) != crc:
                del d[m]
        p.d = d
    except BaseException:
        vfs.umount(at)
        sys.path.remove(at)
        raise
    finally:
        sys.modules.pop(_INDEX, None)
    return True
