"""The app's files on flash (littlefs on the device, a folder in the simulator).

    ROOT/games/0001.kitapi   one device log per game (kitapi.devlog), appended only
    ROOT/games/0001.kitapi.bad1, .bad2 ...
                             evidence: the log as it was before a repair cut off a
                             torn last record (numbered, never overwritten)
    ROOT/current             the file name of the game being played, if any
    ROOT/names               player names used before, one a line, newest first
    ROOT/settings            "contrast sleep_s language", one line
    ROOT/crash.log           what went wrong, appended
    ROOT/ckpt                the current game's standings at a hand, so that a boot
                             replays only the hands after it (kitapi.app.ckpt)

A hand is appended and flushed (littlefs commits the file on flush) before the
screen calls it saved.  A damaged record stays in the log, skipped by the
reader (kitapi.devlog); only a torn last record is cut off, the file as it was
kept as evidence.  Every change of more than one step survives a power cut at
any step: the new file is written whole (``NAME.tmp``, closed) before a rename
puts it in place, and ``Store()`` (at every start) finishes or undoes what a
cut left:

- ``X.tmp`` with ``X`` there: the cut came before ``X`` was replaced: removed;
- ``X.tmp`` with no ``X``: a finished copy whose rename was cut: renamed to ``X``
  (a small file's if it ends its line; a game's if its header reads and it is
  the current game or one with evidence kept); else removed (a new game cut
  before its header was whole).

A new game names itself ``current`` first, then writes its header as
``X.tmp`` and renames it: a cut leaves no stray log, and the name of a game
that never started is free again.

The file calls go through ``fs`` (``os`` and ``open``; a test passes a layer
that cuts the power after any call).
"""

try:
    import uos as os  # the built-in at once (docs/firmware.md, "Imports")
    from ubinascii import crc32
except ImportError:  # CPython
    import os  # type: ignore[no-redef]
    from binascii import crc32

from kitapi.game import OP_DELETE, OP_END, OP_HAND, OP_REPLACE

# kitapi.devlogw (writing) and kitapi.replay (the whole log) are imported where they are used: a boot from a
# checkpoint needs neither before its first frame (each import about 11 ms on the pico-rig); App.run
# imports them right after it (Store.warm)

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

_MAX_NAMES = const(20)
DEFAULT_SETTINGS = (255, 60, "en")


class Store:
    def __init__(self, root, fs=None):
        self.root = root
        self.dir = root + "/games"
        self.fs = os if fs is None else fs
        for d in (root, self.dir):
            if not self._exists(d):
                self.fs.mkdir(d)
        self.buf = bytearray(8)  # one device-log record, reused
        self.log = None  # type: Any  # the current game's log, open for appending
        self.name = None  # type: Any  # its file name
        self.seq = 0  # its hand numbers (damaged hands too)
        self.last = 0
        self.damage = None  # type: Any  # what its load found damaged (kitapi.replay.replay's)
        # finish or undo what a power cut left half done (see the module); one leftover at a time
        fs = self.fs
        try:  # (a leftover that cannot be mended is left for the PC: the game still opens)
            for name in ("current", "names", "settings", "ckpt"):
                path = root + "/" + name
                if self._exists(path + ".tmp"):
                    if not self._exists(path) and self._read(name + ".tmp").endswith("\n"):
                        fs.rename(path + ".tmp", path)
                    else:
                        fs.remove(path + ".tmp")
            current = self._read("current").strip()
            while True:
                tmp = None
                for n in fs.ilistdir(self.dir) if hasattr(fs, "ilistdir") else fs.listdir(self.dir):
                    n = n if type(n) is str else n[0]  # (os.ilistdir: no list of every name on the device)
                    if n.endswith(".tmp"):
                        tmp = n
                        break
                if tmp is None:
                    break
                name = tmp[:-4]
                path = self.dir + "/" + name
                ok = False
                if not self._exists(path) and (name == current or self._evidence(name)):
                    from kitapi.devlog import DevLogReader
                    from kitapi.game import RuleError

                    try:  # a whole copy, or a new game's whole header
                        with self._open(path + ".tmp", "rb") as f:
                            DevLogReader(f).header()
                        ok = True
                    except (OSError, RuleError, ValueError):
                        pass
                if ok:
                    fs.rename(path + ".tmp", path)
                else:
                    fs.remove(path + ".tmp")
        except OSError:
            pass

    def _exists(self, path):
        try:
            self.fs.stat(path)
            return True
        except OSError:
            return False

    def _open(self, path, mode="r"):
        return open(path, mode) if self.fs is os else self.fs.open(path, mode)

    def _evidence(self, name):
        """The first free evidence number of game ``name`` less one (0: none kept)."""
        k = 0
        while self._exists("%s/%s.bad%d" % (self.dir, name, k + 1)):
            k += 1
        return k

    # --- small files ---------------------------------------------------------

    def _read(self, name):
        try:
            with self._open(self.root + "/" + name) as f:
                return f.read()
        except OSError:
            return ""

    def _write(self, name, text):
        path = self.root + "/" + name
        with self._open(path + ".tmp", "w") as f:
            f.write(text)
        self.fs.rename(path + ".tmp", path)

    def settings(self):
        """(contrast, sleep seconds (0: never), language)."""
        parts = self._read("settings").split()
        try:
            return int(parts[0]), int(parts[1]), parts[2]
        except (IndexError, ValueError):
            return DEFAULT_SETTINGS

    def save_settings(self, contrast, sleep_s, lang):
        self._write("settings", "%d %d %s\n" % (contrast, sleep_s, lang))

    def names(self):
        return [n for n in self._read("names").split("\n") if n]

    def remember(self, players):
        """Put the names of a new game first in the names used before."""
        names = list(players)
        for n in self.names():
            if n not in names and len(names) < _MAX_NAMES:
                names.append(n)
        self._write("names", "\n".join(names) + "\n")

    def crash(self, when, exc):
        """Append an exception with its traceback to crash.log."""
        import sys

        with self._open(self.root + "/crash.log", "a") as f:
            f.write("--- %d\n" % when)
            if hasattr(sys, "print_exception"):  # MicroPython
                sys.print_exception(exc, f)
            else:  # CircuitPython (and CPython)
                import traceback  # type: ignore[import-not-found]  # (not in MicroPython's stubs)

                traceback.print_exception(exc, file=f)

    # --- games ------------------------------------------------------------------

    def current(self):
        """The file name of the unfinished game, or None."""
        name = self._read("current").strip()
        return name if name and self._exists(self.dir + "/" + name) else None

    def new_game(self, header):
        """Write a new game's log (its header) and make it the current game.

        ``current`` names it first; the header goes in whole as ``NAME.tmp``,
        then is renamed: a cut at any step leaves either no log (and ``current``
        naming a missing file: no game) or the game, current (``Store()`` at the next start).
        """
        last = 0
        fs = self.fs
        for n in fs.ilistdir(self.dir) if hasattr(fs, "ilistdir") else fs.listdir(self.dir):
            n = n if type(n) is str else n[0]
            k = n.find(".")
            if k > 0 and n[:k].isdigit():  # evidence and leftovers keep their number taken too
                last = max(last, int(n[:k]))
        name = "%04d.kitapi" % (last + 1)
        path = self.dir + "/" + name
        ck = self.root + "/" + "ckpt"
        if self._exists(ck):  # the last game's checkpoint: no use now
            fs.remove(ck)
        self._write("current", name + "\n")
        with self._open(path + ".tmp", "wb") as f:
            from kitapi.devlogw import header_bytes

            f.write(header_bytes(header))
        self.fs.rename(path + ".tmp", path)
        return name

    def load(self, name, fix=None, ro=False):
        """Replay game ``name``: (game, damage) (``damage`` as kitapi.replay.replay's).

        The log is checked before anything is appended to it.  A damaged record
        stays where it is (the reader skips it, and the hand it held keeps its
        number).  A last record cut short by a power loss, or unwritten space
        after the last written record (0x00 or 0xFF bytes to the end: kitapi.devlog,
        neither hands nor damage), would stand between the valid records and the
        next hand: the valid records are copied to
        ``NAME.tmp`` (closed), the file as it was becomes evidence ``NAME.badK``
        (the first free K), and the copy is renamed to ``NAME``.  With ``ro`` (a closed
        game viewed, kitapi.app.games) nothing is mended and the log is not opened for appending.
        """
        self.close()
        path = self.dir + "/" + name
        with self._open(path, "rb") as f:
            got = None
            if fix is None and self._exists(self.root + "/" + "ckpt"):  # the hands after a checkpoint only
                from kitapi.app import ckpt

                got = ckpt.read(self, name, f)
                ckpt.close()
            if got is None:
                from kitapi.replay import replay

                f.seek(0)
                g, r = replay(f, fix)
                n = r.seq  # hands replayed
            else:
                g, r, n = got
            damage = self.damage = r.damage
            good = r.end
            torn = r.size > good
            self.seq = r.seq
            self.last = r.last  # the last hand scored: what an undo deletes
        if torn and not ro:
            with self._open(path, "rb") as src, self._open(path + ".tmp", "wb") as dst:
                left = good
                while left:
                    chunk = src.read(min(left, 512))
                    if not chunk:
                        break
                    dst.write(chunk)
                    left -= len(chunk)
            self.fs.rename(path, "%s.bad%d" % (path, self._evidence(name) + 1))
            self.fs.rename(path + ".tmp", path)
        self.name = name
        self.log = None if ro else self._open(path, "ab")
        if n >= 16 and fix is None and not g.ended:  # a long replay: the next boot's is short (not for ro: no log)
            self.dump(g)
        return g, damage

    def warm(self):
        """Once after a boot, once its first frame is out (App.run): the writing and replaying modules
        imported (not before the first frame: see the imports at the top), and littlefs's allocator.

        littlefs fills its block allocator's lookahead on the first block allocated after a mount, walking
        the whole file system, and the first hand saved after a boot paid for it (its append 40 ms on the
        pico-rig instead of 12; a 1,000-hand game).  A block's worth written to ROOT/warm (more than
        littlefs keeps inline in its directory) and removed: one block programmed and erased a boot.  An
        error is ignored (the first save pays)."""
        import kitapi.devlogw  # noqa: F401  (what the first save and the first edit import: here, while
        import kitapi.replay  # noqa: F401  the player looks)

        path = self.root + "/warm"
        try:
            with self._open(path, "wb") as f:
                for _ in range(128):  # 1 KB from the record buffer: no heap
                    f.write(self.buf)
            self.fs.remove(path)
        except OSError:
            pass

    def dump(self, g):
        """Write the checkpoint of the current game ``g`` as the store has it now (kitapi.app.ckpt has its
        form); nothing for a game with damage; an error is ignored (the next boot replays more)."""
        if self.damage is not None or self.log is None:
            return
        path = self.root + "/" + "ckpt"
        try:
            log = self.dir + "/" + self.name
            size = self.fs.stat(log)[6]
            s = 0
            with self._open(log, "rb") as f:  # crc32 of the log, as ckpt.sum
                mv = memoryview(bytearray(256))
                left = size
                while left > 0:
                    got = f.readinto(mv[: min(left, 256)])
                    if not got:
                        return
                    s = crc32(mv[:got], s)
                    left -= got
            out = [
                "%s %d %d %d %d %d %d %d" % (self.name, size, s, self.seq, self.last, g.hands, g.over, g.last_dealer)
            ]
            for a in g.state:
                x = getattr(g, a)
                for y in x if type(x) is list else (x,):
                    out.append(" %d" % y)
            line = "".join(out)
            del out
            with self._open(path + ".tmp", "w") as f:
                f.write("%s %d\n" % (line, crc32(line.encode())))
            self.fs.rename(path + ".tmp", path)
        except (OSError, MemoryError):  # (a full flash, no heap)
            pass

    def check_fix(self, fix, stop=0):
        """Replay the current game as if correction ``fix`` were in it (RuleError if it breaks a rule);
        with ``stop``, up to that hand: the game as it stood before it."""
        from kitapi.replay import replay

        with self._open(self.dir + "/" + self.name, "rb") as f:
            return replay(f, fix, stop)[0]

    def append(self, op, number, payload):
        """Append one record and flush it to flash."""
        from kitapi.devlogw import write_record

        write_record(self.log, self.buf, op, number, payload)
        self.log.flush()
        if op == OP_HAND:
            self.seq += 1

    def add_hand(self, payload):
        self.append(OP_HAND, (self.seq + 1) & 0xFFFF, payload)

    def replace_hand(self, number, payload):
        self.append(OP_REPLACE, number, payload)

    def delete_hand(self, number):
        self.append(OP_DELETE, number, 0)

    def end_game(self):
        """Close the game in its log; no game is current after it."""
        self.append(OP_END, 0, 0)
        self.close()
        self.forget_current()

    def forget_current(self):
        self._write("current", "")

    def close(self):
        if self.log:
            self.log.close()
            self.log = None
