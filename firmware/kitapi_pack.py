"""The firmware's modules in one file, ``kitapi.pack``, mounted read-only at ``/pack`` first on ``sys.path``.

Why (README, "The device's speed on an emulated Pico"): on a stock Pico an import looks on the flash
for ``NAME/``, ``NAME.py`` and ``NAME.mpy``; a littlefs lookup costs 4-7 ms in ``kitapi/app/``, so
the boot's 22 imports spent most of its time looking.  From the pack a lookup is a dict lookup and a
module is read from the one file kept open, with no lookup at all.  (A firmware with ROMFS would do
this itself; the stock RPI_PICO firmware has none.)

``kitapi deploy`` writes the file (kitapi_host.device.pack builds it) and this module as
``kitapi_pack.mpy`` (followed by its crc32, which ``main.py`` checks before importing it), and again
as ``kitapi_pack_bak.mpy``, which ``main.py`` checks and imports only when the first is damaged (then
``boot`` shows the damaged-firmware screen: a deploy mends the first); ``main.py`` calls ``boot()``,
which mounts it before the first import of the firmware.  The file::

    0       b"KPK3"
    4       N, the index's length     } 4 bytes each, little-endian
    8       the index's crc32         }
    12      M, the modules' length    }
    16      the modules' crc32        }  (checked by the PC's sync: the device checks each module's)
    20      the crc32 of bytes 0-19   }
    24      the index, a hash table built by the PC: 2 bytes, its slots less one (M, a power of two
            less one); 2 bytes, where its sources' text starts; then M + 1 slots of 20 bytes: the crc32 of
            a path below /pack, from its "/" ("/kitapi/game.mpy", as the file system is asked), where
            its name is in the index (2 bytes) and its length (1 byte; 0: an empty slot), 1 for a
            folder, and the module's offset (counted from the end of the index), length and crc32 (4
            bytes each); a path is in slot crc32 & M or the next ones.  Then the names, then the
            sources' text: a line "PATH FILE CRC32" for a module compiled from a source file kept on
            the flash ("board.mpy": the board file, its wiring table readable there), that file's
            name and crc32.  A lookup is a crc32 and a slot or two, no object made at the mount (a
            compiled module of a dict, as before, cost the mount 17 ms on the pico-rig to load and
            run, mostly the interning of its 116 paths; a dict made of a text's lines, 14 ms)
    24 + N  the modules' .mpy, one after another, M bytes: the board file and kitapi/hw first
            (what draws the damaged-firmware screen: a pack cut short keeps them)
    24+N+M  the index again, N bytes: the one read if the first is garbled
    24+2N+M the header again, 24 bytes: the one read if the first is garbled (then the pack is mounted
            to draw the damaged-firmware screen, named in ``damaged``, never to play)

Every byte of it is checked before MicroPython's .mpy loader sees it: the header and the pack's
length at the mount; each module's crc32 (the index's own from the header, the others' from the index) as it is
read for its import, before its bytes are handed over, so that a cut or garbled .mpy, which the
loader can read wrongly, or loop on for ever, never reaches it, and a flipped bit in a table of a
rules module never scores a hand.  Anything wrong raises ``Damaged`` (the import fails): ``boot``
(main.py's boot) then shows ``screen``, "the firmware is damaged: connect to a PC and run kitapi deploy", and waits
there (the PC's sync checks the whole pack itself and brings its own link if need be: docs/sync.md).
The crc32 of a module costs about its reading again: ms at the boot (README).  A module whose packed
bytes are damaged is served from ``lib/`` only if the file of its path there (the display driver
``lib/ssd1306.mpy`` that mip installed, packed from it) is the same bytes, by the packed one's crc32:
the board file then draws the screen (the pack named in ``damaged``); else ``Damaged`` as above.

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
from ubinascii import crc32

_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_HEAD = const(24)  # the header's bytes


damaged = ""  # the pack, if mount() found it damaged but could mount it: boot() shows screen() all the same


class Damaged(BaseException):
    """The pack (or a module in it) is not as deployed; ``args[0]`` names what.

    Not an ``Exception``: the app's loop, which starts again after any error, would start again
    into the same damaged module for ever; this goes through it to ``boot``.
    """


class Pack:
    """The read-only file system in ``f`` (open); its index is ``n`` bytes (``i``, set by ``mount``)."""

    def __init__(self, f, n):
        self.f = f
        self.base = _HEAD + n
        self.i = bytearray(24)  # the index (set by ``mount``): one empty slot until then
        self.c = {}  # type: dict[str, Any]  # the entries kept (``get``)
        self.l = ""  # the module's kept

    def slot(self, k):
        """Where path ``k`` (bytes, "/kitapi/game.mpy") is in the index's table, or -1."""
        i = self.i
        m = i[0] | i[1] << 8
        h = crc32(k)
        b = h.to_bytes(4, "little")
        j = h & m
        for _ in range(m + 1):
            o = 4 + 20 * j
            n = i[o + 6]
            if not n:
                break
            if i[o : o + 4] == b:
                a = i[o + 4] | i[o + 5] << 8
                if i[a : a + n] == k:
                    return o
            j = (j + 1) & m
        return -1

    def get(self, p):
        """The index's entry of path ``p`` ("/kitapi/game.mpy"): (offset, length, crc32), -1 a folder, or None.
        The folders kept (each import asks for its package's) and the last module's (its stat, then its open):
        a lookup in the table is some 0.3 ms on the pico-rig."""
        e = self.c.get(p)
        if e is not None:
            return e
        o = self.slot(p.encode())
        if o < 0:
            return None
        i = self.i
        if i[o + 7]:
            self.c[p] = -1
            return -1
        self.c.pop(self.l, None)
        self.l = p
        e = self.c[p] = (
            int.from_bytes(i[o + 8 : o + 12], "little"),
            int.from_bytes(i[o + 12 : o + 16], "little"),
            int.from_bytes(i[o + 16 : o + 20], "little"),
        )
        return e

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.f.close()

    def stat(self, path):
        if path.endswith(".py"):  # (an import asks for NAME.py before NAME.mpy: a pack has none, 0.2 ms each)
            raise OSError(2)
        e = self.get(path)
        if e == -1 or path == "/":
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # os.stat's tuple: S_IFDIR
        if e is None:
            raise OSError(2)  # ENOENT
        return (0x8000, 0, 0, 0, 0, 0, e[1], 0, 0, 0)

    def open(self, path, mode):
        global damaged
        e = self.get(path)
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(30)  # EROFS
        if e is None or e == -1:
            raise OSError(2)
        f = self.f
        f.seek(self.base + e[0])
        s = self.read(f, e)
        if s is None:  # the packed bytes damaged: the same bytes from lib/ (the driver mip put there), if there
            try:
                with open("lib" + path, "rb") as g:
                    s = self.read(g, e)
            except OSError:
                pass
            if s is None:
                raise Damaged(path[1:])  # before the .mpy loader reads a byte of it
            damaged = path[1:]  # served, for the damaged-firmware screen to draw with: boot() shows it all the same
        return s

    def read(self, f, e):
        """The ``e[1]`` bytes at ``f``'s place in a stream, if their crc32 is ``e``'s; else None.  Read at once
        (in the heap twice for a moment: 512 bytes at a time cost 0.2-0.4 ms a module more on the pico-rig)."""
        b = bytearray(e[1])
        if f.readinto(b) != e[1] or crc32(b) != e[2]:
            return None  # cut short, or damaged
        return io.BytesIO(b)

    def ilistdir(self, path):
        p = path.strip("/")
        if p:
            p += "/"
        i = self.i
        for j in range((i[0] | i[1] << 8) + 1):
            o = 4 + 20 * j
            n = i[o + 6]
            a = i[o + 4] | i[o + 5] << 8
            k = n and i[a + 1 : a + n].decode()
            if k and k.startswith(p) and "/" not in k[len(p) :] and self.slot(bytes(i[a : a + n])) == o:
                x = 0 if i[o + 7] else int.from_bytes(i[o + 12 : o + 16], "little")
                yield (k[len(p) :], 0x4000 if i[o + 7] else 0x8000, 0, x)


def mount(name="kitapi.pack", at="/pack"):
    """Mount the pack ``name`` at ``at``, first on ``sys.path``: True; False if there is no such file.

    A file that is not a pack (empty, another's, both copies of its header or of its index garbled)
    raises ``Damaged`` and mounts nothing.  A pack of the wrong length (cut short), or with its first
    header or index garbled, is mounted all the same, and named in ``damaged``: its modules that are whole
    still import (the screen's first: boot() draws with them), the others raise ``Damaged``.
    Mounting again (``main.py`` run twice without a reset) replaces the mount.

    (Its checks are written out here, not in helper functions: each name of this module is interned first
    thing at every boot, and every name the boot searches for later goes past it: 0.4 ms a name on the
    pico-rig, README "A fourth round".)
    """
    global damaged
    try:
        f = open(name, "rb")
    except OSError:
        return False
    size = f.seek(0, 2)
    damaged = ""
    for x in (0, size - _HEAD):  # the header, or if garbled its copy at the end, if that is whole (not if cut short)
        f.seek(max(x, 0))
        h = f.read(_HEAD)
        if (
            len(h) == _HEAD
            and h[:4] == b"KPK3"
            and crc32(h[:20]) == int.from_bytes(h[20:], "little")
            and 0 < int.from_bytes(h[4:8], "little") < size  # (or more: the length is checked after)
        ):
            break
        damaged = name
    else:
        f.close()
        raise Damaged(name)
    n = int.from_bytes(h[4:8], "little")
    m = int.from_bytes(h[12:16], "little")
    if size != 2 * (_HEAD + n) + m:
        damaged = name
    p = Pack(f, n)
    c = int.from_bytes(h[8:12], "little")
    for x in (_HEAD, _HEAD + n + m):  # the index, or if garbled its copy after the modules: its crc32 checked
        f.seek(x)
        i = bytearray(n)
        if f.readinto(i) == n and crc32(i) == c and n >= 24:
            break
        damaged = name
    else:  # both copies of the index
        f.close()
        raise Damaged(name)
    p.i = i
    for v in i[i[2] | i[3] << 8 :].split(b"\n"):  # a module compiled from a file on the flash: served only
        u = v.split()  # while that file is as packed (its crc32; None if it cannot be read)
        if len(u) == 3:
            try:
                with open(u[1].decode(), "rb") as x:
                    x = crc32(x.read())
            except OSError:
                x = None
            o = p.slot(b"/" + u[0]) if x != int(u[2]) else -1
            if o >= 0:
                i[o] ^= 0xFF  # (its slot's crc32 changed: the path is not found, the probes go on past it)
    try:
        vfs.umount(at)
    except OSError:
        pass
    vfs.mount(p, at)
    if at in sys.path:
        sys.path.remove(at)
    sys.path.insert(0, at)
    return True


def boot(g, ok=True):
    """``main.py``'s boot with the pack: mount it, make the board's ``hw`` (``g``: main.py's globals, where
    kitapi.link finds it), run the app for ever.  Damaged (the pack, or a module when it is imported): that
    line on the USB console, and ``screen`` on ``hw`` (if the board's modules import) until the PC's Ctrl-C.
    ``ok`` false: main.py found kitapi_pack.mpy, this module's first copy, damaged (this is the second,
    kitapi_pack_bak.mpy): the screen says it, once ``hw`` is made."""
    bad = "" if ok else "kitapi_pack.mpy"
    try:
        if not mount():  # this loader without its pack
            raise Damaged("kitapi.pack")
        import board  # type: ignore[import-not-found]

        g["hw"] = hw = board.make()
        if bad or damaged:  # the loader's first copy; the pack cut short, read from a copy, or the driver from lib/
            raise Damaged(bad or damaged)
        from kitapi.app import run

        _rows(hw)
        run(hw)
        return
    except Damaged as e:
        what = e.args[0]
    print("the firmware is damaged: connect to a PC and run kitapi deploy (%s)" % what)
    hw = g.get("hw")
    if hw is None:
        try:  # the pack not mounted: the board file from its source, if it can do without the pack (simdev)
            import board

            hw = board.make()
        except (Exception, Damaged):  # noqa: BLE001 - nothing can draw (a Pico's board file needs kitapi/hw)
            return
    screen(hw, what)


def _rows(hw):
    """On a box booted from the pack (a Pico: its heap has the room), the app's texts drawn through
    kitapi.app.rows, which keeps each row's last: installed by the board's first ``key`` once its keypad is made
    (``hw.settled``, kitapi.hw.board_rp2), after the boot's first frame (kitapi.app.ui is loaded then)."""

    def settled():
        try:
            __import__("kitapi.app.rows", None, None, "x").install(hw.fb)
        except Exception:  # noqa: BLE001 - short of heap, a FrameBuffer without bytes: kitapi.app.font alone
            pass

    if hasattr(hw, "settled"):
        hw.settled = settled


def screen(hw, what):
    """Say on ``hw``'s screen that the firmware is damaged (``what``: the file), then wait for ever.

    Drawn with what is still trustworthy: the app's font (for Greek and Cyrillic), if it imports
    (from the pack, checked), in the language of the settings; else framebuf's own font, in English.
    The PC's Ctrl-C ends the wait (kitapi sync, kitapi deploy).
    """
    fb = hw.fb
    lang = 0  # English, Greek, Russian: the screen's lines in each language of the box (here, not in the app's
    # string tables, which may be what is damaged; no name of its own: README, "A fourth round")
    try:
        with open("%s/settings" % hw.root, "rb") as f:  # (a path of more than 10 characters: no name interned)
            w = f.read(64).split()
        lang = 1 if w[2:3] == [b"el"] else 2 if w[2:3] == [b"ru"] else 0
    except Exception:  # noqa: BLE001 - no settings, or not readable: English
        pass
    try:
        from kitapi.app import font

        draw = font.text
    except (Exception, Damaged):  # noqa: BLE001 - framebuf's own font, which has only ASCII
        lang = 0
        draw = None
    trace = getattr(hw, "trace_text", None)
    t = (
        ("Firmware damaged", "Connect to a PC", "and run", "kitapi deploy"),
        ("Βλάβη λογισμικού", "Συνδέστε σε PC", "και τρέξτε", "kitapi deploy"),
        ("Сбой прошивки", "Подключите к ПК", "и запустите", "kitapi deploy"),
    )[lang]
    fb.fill(0)
    fb.fill_rect(0, 0, 128, 8, 1)
    what = str(what)
    k = what.rfind("/", 0, 16) + 1 if len(what) > 16 else 16  # (a long path broken after a "/", never cut)
    k = k or 16
    rows = ((t[0], 0, 0), (t[1], 2, 1), (t[2], 3, 1), (t[3], 4, 1), (what[:k], 6, 1), (what[k : k + 16], 7, 1))
    for s, row, c in rows:
        if not s:  # (a path on one row)
            continue
        if draw is None:
            fb.text(s, 0, row * 8, c)
        else:
            draw(fb, s, 0, row * 8, c)
        if trace:
            trace(0, row * 8, s)
    hw.display_power(True)
    hw.show()
    on = True
    while True:  # (the box may lie in a bag for days: the display dark after a minute, lit again by a key)
        if (hw.key(60000) < 0) == on:
            on = not on
            hw.display_power(on)
