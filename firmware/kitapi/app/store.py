"""The app's files on flash (littlefs on the device, a folder in the simulator).

    ROOT/games/0001.kitapi   one device log per game (kitapi.devlog), appended only
    ROOT/games/0001.kitapi.bad1, .bad2 ...
                             evidence: the log as it was before a repair cut off a
                             torn last record (numbered, never overwritten)
    ROOT/current             the file name of the game being played, if any
    ROOT/names               player names used before, one a line, newest first
    ROOT/settings            "contrast sleep_s language", one line
    ROOT/crash.log           what went wrong, appended; past 4 KB it becomes crash.log.1
                             (the one before dropped): at most some 8 KB in all
    ROOT/fails               "N WHAT": the boots in a row that failed before their first
                             screen was up, and the last error (kitapi.app.run)
    ROOT/next                what a soft reset was for (App.first_screen), removed
                             before it is acted on: ``next``, ``note``; its letters
                             and forms are kitapi.app.nextboot's
    ROOT/X.bad1, .bad2 ...   a small file above that could not be used (not UTF-8, too
                             long, not of its form): set aside as evidence, a default
                             in its place, said on the screen (``Store.bad``)
    ROOT/ckpt                the current game's standings at a hand, so that a boot
                             replays only the hands after it (kitapi.app.ckpt)
    ROOT/journal/hand        a new hand's record on its way to the log: the record, then
                             "LENGTH NAME\n" (the log's length before it, its file name)

A hand is on flash before the screen calls it saved: in ROOT/journal/hand, a file of
some 30 bytes kept open, which littlefs keeps in its folder's metadata (its flush a
commit there: 0.33 ms on the pico-rig, 2.3 at most, where the log's append copies
the part of its last 4 KB block that is written into a new block first, up to
12.6 ms, and on a real Pico erases that block, some 45 ms), then appended to the
log and flushed once the frame is out (``flush``, App.run), the journal emptied
after (opened anew and flushed).  ``Store()`` settles a journal a cut left, once
the leftovers below are done: appended to its log if the log is still the length
it names, nothing if the log has the record there already (the journal then
removed), else set aside as evidence; an empty one is left as it is.  A flash with
less than 64 KB free, or not yet measured in this session, appends to the log at
once, as before, so that a full flash still refuses the hand before the screen
shows it.  A correction, a deletion and a game's end are appended at once (a
journal owed is settled first); so is everything read from the log.

A damaged record stays in the log, skipped by the reader (kitapi.devlog); only a
torn last record is cut off, the file as it was kept as evidence.  Every change
of more than one step survives a power cut at any step: the new file is written
whole (``NAME.tmp``, closed) before a rename puts it in place, and ``Store()``
(at every start) finishes or undoes what a cut left:

- ``X.tmp`` with ``X`` there: the cut came before ``X`` was replaced: removed;
- ``X.tmp`` with no ``X``: a finished copy whose rename was cut: renamed to ``X``
  (a small file's if it ends its line; a game's if its header reads and it is
  the current game or one with evidence kept); else removed (a new game cut
  before its header was whole).

A new game names itself ``current`` first, then writes its header as
``X.tmp`` and renames it: a cut leaves no stray log, and the name of a game
that never started is free again.

Every byte read is checked: a small file is read as bytes (at most 1 KB), decoded and
parsed strictly; a file name in games/ that is not UTF-8 is skipped (the sync names it),
and only ``NNNN.kitapi`` is a game.

The file calls go through ``fs`` (``os`` and ``open``; a test passes a layer
that cuts the power after any call).
"""

import sys  # (here once: an import in a function is a search of the interned names a level, 0.2 ms on the pico-rig)

try:
    import uos as os  # the built-in at once (docs/firmware.md, "Imports")
    from ubinascii import crc32
except ImportError:  # CPython
    import os  # type: ignore[no-redef]
    from binascii import crc32

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
_MAX_NAME = const(24)  # letters in a typed name (kitapi.app.newgame)
_KEEP = const(4096)  # crash.log's size before it is turned into crash.log.1
_SMALL = const(1024)  # the longest small file read (settings, current, next, names, fails)
# the records' ops (kitapi.game), as constants here: no names in the module, whose table every boot keeps
_OP_HAND = const(0)  # kitapi.game.OP_HAND
_OP_REPLACE = const(1)  # kitapi.game.OP_REPLACE
_OP_DELETE = const(2)  # kitapi.game.OP_DELETE
_OP_END = const(3)  # kitapi.game.OP_END
_ONE_PASS = const(2048)  # a log longer than this with no checkpoint is read in one pass if it can (kitapi.app.onepass)
DEFAULT_SETTINGS = (255, 60, "en")
_DIGITS = const("0123456789")
_JOURNAL = const("/journal/hand")  # ROOT's journal (the module's docstring; kitapi.app.storew.journal)


def game_number(name):
    """The number of a game's file name ``NNNN.kitapi`` (as Store.new_game names it), else -1."""
    k = len(name) - 7
    if 4 <= k <= 8 and name.endswith(".kitapi") and not name[:k].strip(_DIGITS):  # (ASCII digits: CPython's
        # isdigit takes "²", which int() refuses)
        n = int(name[:k])
        if name == "%04d.kitapi" % n:
            return n
    return -1


class Store:
    def __init__(self, root, fs=None):
        self.root = root
        self.dir = root + "/games"
        self.fs = os if fs is None else fs
        try:  # ROOT's names, listed once: what the boot looks for in it (each lookup a stat: 1 ms on the pico-rig)
            n = list(self.names_in(root))
        except OSError:  # no ROOT (a new box)
            self.fs.mkdir(root)
            n = []
        if "games" not in n:
            self.fs.mkdir(self.dir)
        self.buf = bytearray(8)  # one device-log record, reused
        self.log = None  # type: Any  # the current game's log, open for appending
        self.name = None  # type: Any  # its file name
        self.seq = 0  # its hand numbers (damaged hands too)
        self.last = 0
        self.damage = None  # type: Any  # what its load found damaged (kitapi.replay.replay's)
        self.bad = ""  # the last small file set aside as unusable (``aside``): said on the screen
        self.due = False  # the game's load replayed 16 hands or more: its checkpoint owed (``dump``)
        self.owed = False  # a hand in ROOT/journal/hand, not yet in the log (``flush``)
        self.size = 0  # the log's length
        self.journal = -1  # type: Any  # ROOT/journal/hand, open, where the flash has room; 0 not; -1 not measured
        # finish or undo what a power cut left half done (see the module); one leftover at a time
        fs = self.fs
        owed = "journal" in n  # (ROOT's names: ``n`` is the leftovers' walk's below)
        try:  # (a leftover that cannot be mended is left for the PC: the game still opens)
            for name in ("current", "names", "settings", "ckpt"):  # (not fails: a fails.tmp a cut left is
                # overwritten by the next failure, and the boot does not look for it)
                path = root + "/" + name
                if name + ".tmp" in n:
                    if name not in n and self._read(name + ".tmp").endswith("\n"):
                        fs.rename(path + ".tmp", path)
                    elif self._exists(path + ".tmp"):  # (not set aside by _read)
                        fs.remove(path + ".tmp")
            if "home.tmp" in n:  # the home frame kept (kitapi.app.kept), cut in its write: only ever a copy
                fs.remove(root + "/home.tmp")
            current = None  # (ROOT/current read only for a leftover: 1.4 ms of the boot on the pico-rig)
            while True:
                tmp = None
                for n in self.names_in():
                    if n.endswith(".tmp"):
                        tmp = n
                        break
                if tmp is None:
                    break
                name = tmp[:-4]
                path = self.dir + "/" + name
                ok = False
                if current is None:
                    current = self._read("current").strip()
                if not self._exists(path) and (name == current or self.evidence(path)):
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
        if owed:  # a hand a cut left in the journal (kitapi.app.storew.journal), once its log is whole again
            try:  # (a repair's copy renamed in above); an empty journal is none
                with self._open(root + _JOURNAL, "rb") as f:
                    b = f.read(64)
            except OSError:
                b = b""
            if b:
                from kitapi.app.storew import journal

                journal(self, b, game_number)

    def _exists(self, path):
        try:  # (a file's: opened, not a stat, which reads its time too on littlefs: 1.5 ms for 2.8 on the pico-rig)
            self._open(path, "rb").close()
            return True
        except OSError:
            return False

    def _open(self, path, mode="r"):
        return open(path, mode) if self.fs is os else self.fs.open(path, mode)

    def open(self, name):
        """Game ``name``'s log in games/ (or its evidence, ``NAME.badK``), open for reading (OSError if none)."""
        self.flush()
        return self._open(self.dir + "/" + name, "rb")

    def evidence(self, path):
        """The evidence copies kept of file ``path`` (``PATH.bad1`` ... ``PATH.badK``: K; 0 none): a game's log
        (``Store.dir`` + "/" + its name), a small file set aside (``aside``)."""
        k = 0
        while self._exists("%s.bad%d" % (path, k + 1)):
            k += 1
        return k

    def names_in(self, d=None):
        """The file names in games/ (or folder ``d``), one at a time (os.ilistdir: no list of every name on the
        device).  A name that is not UTF-8 is skipped: the app never opens it; the sync names it (kitapi.link)."""
        fs = self.fs
        d = d or self.dir
        walk = fs.ilistdir if hasattr(fs, "ilistdir") else fs.listdir
        try:  # as bytes: a str walk raises at a name that is not UTF-8, and the walk is lost (a board's or a
            it = walk(d.encode() if fs is os else d)  # test's own file layer: str paths)
        except TypeError:  # a port whose walk takes str only
            it = walk(d)
        for n in it:
            n = n if type(n) in (str, bytes) else n[0]
            if type(n) is bytes:
                try:
                    n = n.decode()
                except ValueError:  # (UnicodeError)
                    continue
            yield n

    # --- small files ---------------------------------------------------------

    def _read(self, name):
        """ROOT/``name`` as text ("" if there is none); one longer than 1 KB or not UTF-8 is set aside."""
        try:
            with self._open(self.root + "/" + name, "rb") as f:
                if f.seek(0, 2) <= _SMALL:  # its size, without a stat (the boot reads three of them)
                    f.seek(0)
                    return f.read().decode()  # (its size: short of heap, after a MemoryError, no more)
        except OSError:
            return ""
        except ValueError:  # not UTF-8 (UnicodeError)
            pass
        self.aside(name)
        return ""

    def aside(self, name):
        """Set ROOT/``name`` aside, unusable: renamed ``name.badK`` (the first free K), never removed; ``bad``
        says which, for the screen.  A rename that fails leaves it (read as unusable again next time)."""
        path = self.root + "/" + name
        self.bad = name
        try:
            self.fs.rename(path, "%s.bad%d" % (path, self.evidence(path) + 1))
        except OSError:
            pass

    def _write(self, name, text):
        path = self.root + "/" + name
        with self._open(path + ".tmp", "w") as f:
            f.write(text)
        self.fs.rename(path + ".tmp", path)

    def start(self, header=None):
        """A new game's header kept for the boot after a soft reset, or read back: kitapi.app.storew.start."""
        from kitapi.app.storew import start

        return start(self, header)

    def next(self, what, n="", p=-1):
        """Note in ROOT/next what the next boot is to do: letter ``what`` (kitapi.app.nextboot has the
        letters and the forms), ``n`` its hand's number or its game's name, ``p`` its packed hand (App.retry,
        kitapi.app.menus.new_game).  Here, with no import: it is written short of heap.  (Named after its
        file, and builtin names for it: a name of its own is interned at every boot; so is ``open``.)"""
        self._write("next", what + str(n) + (" %d" % p if p >= 0 else ""))

    def note(self):
        """ROOT/next (``next``), checked, read back and removed by kitapi.app.nextboot (which owns its forms;
        imported only when there is one): (letter, hand number or game name, packed hand or -1), ("", "", -1)
        if there is none (an empty one is no note: left; one not UTF-8 or too long is set aside by _read)."""
        text = self._read("next")
        if not text:
            return "", "", -1
        from kitapi.app.nextboot import read

        return read(self, text, game_number)

    def settings(self):
        """(contrast, sleep seconds (0: never), language); the defaults if there are none, or if the file is
        not "contrast sleep_s language" in bounds (then it is set aside)."""
        from kitapi.app.ui import LANGUAGES

        text = self._read("settings")
        if not text:
            return DEFAULT_SETTINGS
        p = text.split()
        if (
            len(p) == 3
            and text.endswith("\n")
            and 0 < len(p[0]) < 4
            and 0 < len(p[1]) < 6
            and not (p[0] + p[1]).strip(_DIGITS)
            and int(p[0]) < 256
            and p[2] in LANGUAGES
        ):
            return int(p[0]), int(p[1]), p[2]
        self.aside("settings")
        return DEFAULT_SETTINGS

    def save_settings(self, contrast, sleep_s, lang):
        self._write("settings", "%d %d %s\n" % (contrast, sleep_s, lang))

    def names(self):
        """The names used before; none (the file set aside) if it is not names, one a line."""
        names = [n for n in self._read("names").split("\n") if n]
        if len(names) > _MAX_NAMES or [n for n in names if len(n) > _MAX_NAME or not n.strip() or min(n) < " "]:
            self.aside("names")
            return []
        return names

    def remember(self, players):
        """Put the names of a new game first in the names used before (kitapi.app.storew.remember)."""
        from kitapi.app.storew import remember

        return remember(self, players)

    def crash(self, when, exc):
        """Append an exception with its traceback to crash.log."""
        import sys

        path = self.root + "/crash.log"
        try:  # bounded: past _KEEP bytes it becomes crash.log.1 (the one before dropped)
            if self.fs.stat(path)[6] > _KEEP:
                if self._exists(path + ".1"):
                    self.fs.remove(path + ".1")
                self.fs.rename(path, path + ".1")
        except OSError:
            pass
        with self._open(path, "a") as f:
            f.write("--- %d\n" % when)
            if hasattr(sys, "print_exception"):  # MicroPython
                sys.print_exception(exc, f)
            else:  # CircuitPython (and CPython)
                import traceback  # type: ignore[import-not-found]  # (not in MicroPython's stubs)

                traceback.print_exception(exc, file=f)

    # --- games ------------------------------------------------------------------

    def current(self):
        """The file name of the unfinished game, or None.  ROOT/current that does not name a game in games/
        (``NNNN.kitapi``, no evidence, no leftover, no path) is set aside; one naming a game not there (a new
        game cut before its header) is no game."""
        text = self._read("current")
        name = text.strip()
        if not name:
            return None
        if game_number(name) < 0 or text != name + "\n":
            self.aside("current")
            return None
        return name if self._exists(self.dir + "/" + name) else None

    def new_game(self, header):
        """Write a new game's log (its header) and make it the current game: kitapi.app.storew.new_game."""
        from kitapi.app.storew import new_game

        return new_game(self, header)

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
            if fix is None:  # the hands after a checkpoint only
                try:
                    with self._open(self.root + "/" + "ckpt", "rb") as c:
                        from kitapi.app import ckpt

                        got = ckpt.read(c, name, f)
                        ckpt.close()
                except OSError:  # none
                    pass
            if got is None and fix is None and f.seek(0, 2) > _ONE_PASS:  # a long log, no checkpoint of it: in one
                # pass, if it holds only hands (by a name of more than 10 characters: none interned at every boot)
                got = __import__("kitapi.app.onepass", None, None, "x").read(f)  # (it lets itself go)
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
            self.fs.rename(path, "%s.bad%d" % (path, self.evidence(path) + 1))
            self.fs.rename(path + ".tmp", path)
        self.name = name
        self.size = good
        self.log = None if ro else self._open(path, "ab")
        # a long replay: the next boot's is short (not for ro: no log).  Owed, not written here: App.run writes
        # it once the first frame is out (21.7 ms of the boot on the pico-rig); a cut before that replays again
        self.due = n >= 16 and fix is None and not g.ended
        return g, damage

    def warm(self, modules):
        """Once after a boot, once its first frame is out (App.run): ``modules`` (the open game's hand wizard,
        which the first hand imports anyway: 39 ms on the pico-rig) and the writing and replaying modules
        imported (not before the first frame: see the imports at the top), and littlefs's allocator.

        littlefs fills its block allocator's lookahead on the first block allocated after a mount, walking
        the whole file system, and the first hand saved after a boot paid for it (its append 40 ms on the
        pico-rig instead of 12; a 1,000-hand game).  A block's worth written to ROOT/warm (more than
        littlefs keeps inline in its directory) and removed: one block programmed and erased a boot.  An
        error is ignored (the first save pays); short of heap, the rest is left to the first hand (a soft
        reset here, with no key between, reset a kasa game's "Out of memory" boot for ever at 51 KB)."""
        try:
            for m in modules:
                __import__(m)
            import kitapi.devlogw  # noqa: F401  (what the first save and the first edit import: here, while
            import kitapi.replay  # noqa: F401  the player looks)
        except MemoryError:
            return

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
        self.due = False
        if self.damage is not None or self.log is None:
            return
        self.flush()
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

        with self.open(self.name) as f:
            g, r = replay(f, fix, stop)
        d = r.damage
        if fix is not None and d is not None and (self.damage is None or d[4] > self.damage[4]):
            # a later hand the fix makes no hand of these rules (its record, a rule that depends on the hands
            # before it: Leningrad's 8 after an all-pass) reads as damage there: refused, nothing written
            from kitapi.game import RuleError

            g = r = None  # (let go: the refusal's words need the room, and a raise keeps this frame)
            e = RuleError(d[0])  # (48: "not a hand of these rules")
            e.hand = d[5]  # type: ignore[attr-defined]  # (an instance's alone, as kitapi.replay sets it)
            raise e
        return g

    def append(self, op, number, payload):
        """Append one record and flush it to flash (a journal owed first)."""
        from kitapi.devlogw import write_record

        self.flush()
        write_record(self.log, self.buf, op, number, payload)
        self.log.flush()
        self.size += 8
        if op == _OP_HAND:
            self.seq += 1

    def add_hand(self, payload):
        """A new hand, on flash when this returns: in ROOT/journal/hand where the flash has room (``flush`` appends it
        to the log), else appended to the log at once."""
        j = self.journal
        if type(j) is int:
            return self.append(_OP_HAND, (self.seq + 1) & 0xFFFF, payload)
        # kitapi.devlogw, loaded after the boot (Store.warm): taken where it is, its import 0.31 ms on the pico-rig
        m = sys.modules.get("kitapi.devlogw") or __import__("kitapi.devlogw", None, None, "x")  # ("x": the module)
        self.flush()
        try:
            m.write_record(j, self.buf, _OP_HAND, (self.seq + 1) & 0xFFFF, payload)
            j.write("%d %s\n".encode() % (self.size, self.name.encode()))  # (bytes: a string made is a search of
            j.flush()  # the interned names, 0.13 ms on the pico-rig; no bytes constant kept in every boot's heap)
        except OSError:  # (not saved: said by the app) the journal removed, the hands appended at once from now
            self.journal = 0
            try:
                j.close()
            except OSError:
                pass
            try:
                self.fs.remove(self.root + _JOURNAL)
            except OSError:
                pass
            raise
        self.owed = True
        self.seq += 1

    def flush(self, n=0):
        """The hand in ROOT/journal/hand appended to the log and flushed, then the journal emptied (App.run, once the
        frame is out; and before anything else is written to the log or read from it).  With ``n`` (App.run), the
        first time: the journal opened for the next hands where the flash has room."""
        if self.owed:
            self.log.write(self.buf)
            self.log.flush()
            self.size += 8
            self.owed = False
            self.journal.close()  # (nothing unwritten in it)
            j = self.journal = self._open(self.root + _JOURNAL, "wb")
            j.flush()  # (emptied on flash: the hand is the log's alone)
        if n and self.journal == -1:  # where the flash has 64 KB free (16 blocks) or more: else each hand is
            self.journal = 0  # appended at once, as before, so that a full flash refuses it before "Saved"
            try:
                s = self.fs.statvfs(self.root)  # (its free blocks past its total: littlefs's count wrapped round on
                if 16 <= s[3] <= s[2]:  # a full flash, kitapi doctor's "full")
                    try:  # (a folder of its own: its commits there, that folder's metadata its own alone; littlefs
                        self.fs.mkdir(self.root + "/journal")  # compacted ROOT's, the checkpoint's among it, in
                    except OSError as e:  # up to 13 ms on the pico-rig)
                        if e.args[0] != 17:  # (EEXIST: there from an earlier boot)
                            raise
                    self.journal = self._open(self.root + _JOURNAL, "wb")  # (empty, or left empty)
            except (AttributeError, OSError):  # (a board's file layer without statvfs; a flash that refuses it)
                pass

    def replace_hand(self, number, payload):
        self.append(_OP_REPLACE, number, payload)

    def delete_hand(self, number):
        self.append(_OP_DELETE, number, 0)

    def end_game(self):
        """Close the game in its log; no game is current after it."""
        self.append(_OP_END, 0, 0)
        self.close()
        self.set_current("")

    def set_current(self, name):
        """Make game ``name`` the one played (ROOT/current); "": none."""
        self._write("current", name + "\n" if name else "")

    def close(self):
        if self.log:
            self.flush()
            self.log.close()
            self.log = None
