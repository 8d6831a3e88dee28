"""The home screen kept as the app drew it, with what it was drawn from (ROOT/home): the boot shows it as soon
as the display is up, before the app is loaded (``show``, from kitapi.app.run), and the app's own first frame then
sends only what differs (nothing, if it is right).  docs/firmware.md, "The boot: the home frame kept".

ROOT/home is KEY, the frame's 1,024 bytes (hw.fb, MONO_VLSB) and the crc32 of both (4 bytes, little-endian).
KEY pins what the boot's home screen is drawn from::

    b"KF1 PACK SIZE SUM N\\n" + ROOT/current's bytes (N of them) + ROOT/settings's bytes

PACK the crc32 of the firmware pack's header (``kitapi.pack``: it holds its modules' and its index's crc32s;
0 with no pack), SIZE and SUM the current game's log's length and the crc32 of all of it (the box never shows a
number the log does not back).  The boot shows the frame only if KEY is the one the files give now and the
crc32 holds, and only where its first screen is the home screen drawn from those files alone: no ROOT/next,
ROOT/fails, leftover ``.tmp`` (but ``home.tmp``, this module's own) or hand in ROOT/journal/hand; ROOT/current
and ROOT/settings of their forms; the battery not low.  Every byte read is untrusted: a stale, damaged, cut or
foreign frame costs the boot this check and nothing else (kitapi.app.run ignores any error in it).

``write`` keeps it (App.run): after the boot's first frame when that is the home screen and the kept one was not
it, and when the display turns off at the home screen (drawn again as a boot draws it: page 0, no message); only
if it differs from the one kept (a rewrite when the display goes dark after a hand saved, not one a key).
Written whole as ``home.tmp``, closed, then renamed over ``home``: a power cut leaves the old one, the new one
or none (and ``home.tmp``, which the next boot's Store() removes), never a wrong one shown: each is shown only with
its own files.  Imported where there is a ROOT/home (kitapi.app.run) or for a write, and let go after: none of
it is in the heap of a game (one module, not two: a second module's import grew the heap's tables for good).
"""

try:
    import uos as os  # the built-in at once (docs/firmware.md, "Imports")
    from ubinascii import crc32
except ImportError:  # CPython
    import os  # type: ignore[no-redef]
    from binascii import crc32


def key(root, fs, buf):
    """(KEY, contrast) for the files in ``root`` now (``fs``: the board's file layer, or None), or None where the
    boot's first screen would not be the home screen drawn from them alone.  ``buf``: room to read the log through
    (hw.fb's 1 KB at the boot: no heap)."""
    op = open if fs is None or fs is os else fs.open
    j = False
    for n in (fs or os).listdir(root):  # ROOT listed once: anything the boot would say or mend first: no frame
        if n == "next" or n == "fails" or n.endswith(".tmp") and not n.startswith("home"):
            return None
        j = j or n == "journal"
    root += "/"  # (the paths made of the names the store interns: a string of 10 letters or fewer is a name)
    if j:  # a hand in the journal: the boot settles it into the log first
        try:
            with op(root + "journal/hand", "rb") as f:
                if f.seek(0, 2):
                    return None
        except OSError:
            pass
    b = [b"", b""]
    for i in (0, 1):  # ROOT/current and ROOT/settings as bytes (none: b""), at most 64 of them in KEY
        try:
            with op(root + ("settings" if i else "current"), "rb") as f:
                b[i] = f.read(65)
        except OSError:
            pass
    cur, s = b
    k = len(cur) - 8  # "NNNN.kitapi\n", as Store.current reads it (kitapi.app.store.game_number)
    if k < 4 or k > 8 or cur[:k].strip(b"0123456789") or b"%04d.kitapi\n" % int(cur[:k]) != cur:
        return None
    c = 255  # kitapi.app.store.DEFAULT_SETTINGS's contrast, with none
    if s:  # "contrast sleep_s language\n", as Store.settings reads it
        p = s.split()
        if (
            len(s) > 64
            or len(p) != 3
            or s[-1:] != b"\n"
            or not 0 < len(p[0]) < 4
            or not 0 < len(p[1]) < 6
            or (p[0] + p[1]).strip(b"0123456789")
            or int(p[0]) > 255
            or p[2] not in (b"en", b"el", b"ru")
        ):
            return None
        c = int(p[0])
    try:  # the firmware: the pack's header's crc32 (main.py's loader has checked it, else no app runs)
        with open("kitapi.pack", "rb") as f:
            f.seek(20)
            pack = int.from_bytes(f.read(4), "little")
    except OSError:  # no pack: the modules' own files (the simulator's ROMFS, CircuitPython)
        pack = 0
    size = 0
    x = 0
    mv = memoryview(buf)
    with op(root + "games" + "/" + cur[:-1].decode(), "rb") as f:  # (none: OSError, no frame)
        while True:
            n = f.readinto(buf)
            if not n:
                break
            x = crc32(mv[:n], x)
            size += n
    return b"KF1 %d %d %d %d\n" % (pack, size, x, len(cur)) + cur + s, c


def read(root, fs, k, buf):
    """Whether ROOT/home is KEY ``k``, a frame (1,024 bytes) and their crc32, whole: its frame then in ``buf``."""
    try:
        with (open if fs is None or fs is os else fs.open)(root + "/" + "home", "rb") as f:
            if f.read(len(k)) != k or f.readinto(buf) != 1024:
                return False
            return f.read(5) == crc32(buf, crc32(k)).to_bytes(4, "little")
    except OSError:
        return False


def show(hw):
    """The boot's: the kept home frame on ``hw``'s display if it is the one the files give now: True (``hw.show``
    has sent it whole, as a first frame, and knows the panel holds it); else False, nothing sent."""
    if 1800 <= hw.battery_mv() < 3050:  # (kitapi.app.main's least reading and warning): the home screen warns
        return False
    fb = hw.fb
    buf = memoryview(getattr(fb, "buffer", fb))  # (the frame buffer: the log read through it, the frame into it)
    fs = getattr(hw, "fs", None)
    k = key(hw.root, fs, buf)
    if k is None or not read(hw.root, fs, k[0], buf):
        return False
    hw.contrast(k[1])  # (the settings', as App() sets it: the frame not shown brighter first)
    hw.show()
    return True


def dump(root, fs, k, buf):
    """Keep the frame in ``buf`` with KEY ``k`` as ROOT/home (whole as home.tmp, then renamed), unless it is
    kept already."""
    x = crc32(buf, crc32(k))
    c = x.to_bytes(4, "little")
    op = open if fs is None or fs is os else fs.open
    path = root + "/" + "home"
    try:  # the one kept: read through 256 bytes (``buf`` holds the new one)
        with op(path, "rb") as f:
            if f.read(len(k)) == k:
                b = bytearray(256)
                y = crc32(k)
                for _ in range(4):
                    if f.readinto(b) != 256:
                        break
                    y = crc32(b, y)
                if y == x and f.read(5) == c:
                    return
    except OSError:
        pass
    fs = fs or os
    s = fs.statvfs(root)  # the games' room first: kept where the flash has 16 blocks free (the journal's measure; a
    if not 16 <= s[3] <= s[2]:  # count past the total is littlefs's wrapped round on a full flash)
        return
    try:
        with op(path + ".tmp", "wb") as f:
            f.write(k)
            f.write(buf)
            f.write(c)
        fs.rename(path + ".tmp", path)
    except OSError:  # (a full flash: no leftover taking its room; one a power cut leaves, Store() removes)
        try:
            fs.remove(path + ".tmp")
        except OSError:
            pass
        raise


def write(app, here, again):
    """Keep the home frame if ``here`` (the screen shown) is the home screen a boot would draw now: the frame just
    drawn (after the boot's first frame: page 0, no message), or with ``again`` drawn again as a boot draws it (the
    display off, idle: page 0, no message); not for a game viewed read only, with damage, over a hand entered
    again, or with the battery low."""
    import sys

    home = sys.modules.get("kitapi.app.home")
    store = app.store
    g = app.g
    if (
        home is None
        or type(here) is not home.Home
        or g is None
        or g.ended
        or app.redo
        or store.log is None
        or store.damage is not None
        or app.battery_level()[1]
        or not again
        and (here.page or app.message)
    ):
        return
    k = key(store.root, store.fs, bytearray(256))
    if k is None:
        return
    ui = app.ui
    fb = ui.fb
    if again:  # (the display is off: the next frame is sent against the panel's copy, not this buffer)
        m = app.message
        t = ui.trace
        app.message = ""
        ui.trace = None  # (the simulator's texts are the next frame's)
        try:
            ui.clear()
            home.Home(app).draw(ui)
        finally:
            app.message = m
            ui.trace = t
    dump(store.root, store.fs, k[0], getattr(fb, "buffer", fb))
