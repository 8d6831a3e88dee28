"""The app's files on flash (littlefs on the device, a folder in the simulator).

    ROOT/games/0001.kitapi   one device log per game (kitapi.devlog), appended only
    ROOT/current             the file name of the game being played, if any
    ROOT/names               player names used before, one a line, newest first
    ROOT/settings            "contrast sleep_s language", one line
    ROOT/crash.log           what went wrong, appended

A hand is appended and flushed (littlefs commits the file on flush) before the
screen calls it saved.  Small files are rewritten only as write-temp-then-rename.
"""

import os

from kitapi.devlogw import header_bytes, write_record
from kitapi.game import OP_DELETE, OP_END, OP_HAND, OP_REPLACE
from kitapi.replay import replay

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
try:
    from typing import Any
except ImportError:  # MicroPython: the hints are comments
    pass

_MAX_NAMES = const(20)
DEFAULT_SETTINGS = (255, 60, "en")


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _mkdir(path):
    if not _exists(path):
        os.mkdir(path)


class Store:
    def __init__(self, root):
        self.root = root
        self.dir = root + "/games"
        _mkdir(root)
        _mkdir(self.dir)
        self.buf = bytearray(8)  # one device-log record, reused
        self.log = None  # type: Any  # the current game's log, open for appending
        self.name = None  # type: Any  # its file name
        self.seq = 0  # its hand records
        self.last = 0

    # --- small files ---------------------------------------------------------

    def _read(self, name):
        try:
            with open(self.root + "/" + name) as f:
                return f.read()
        except OSError:
            return ""

    def _write(self, name, text):
        path = self.root + "/" + name
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.rename(path + ".tmp", path)

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

        with open(self.root + "/crash.log", "a") as f:
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
        return name if name and _exists(self.dir + "/" + name) else None

    def new_game(self, header):
        """Write a new game's log (its header) and make it the current game."""
        last = 0
        for n in os.listdir(self.dir):
            if n.endswith(".kitapi") and n[:-7].isdigit():
                last = max(last, int(n[:-7]))
        name = "%04d.kitapi" % (last + 1)
        with open(self.dir + "/" + name, "wb") as f:
            f.write(header_bytes(header))
        self._write("current", name + "\n")
        return name

    def load(self, name, fix=None):
        """Replay game ``name``: (game, damage).  A damaged tail is cut off first.

        The log is checked before anything is appended to it: a record cut short
        by a power loss would otherwise stand between the valid records and the
        next hand.  The damaged file is kept as ``NAME.bad`` and the valid records
        are copied to ``NAME`` (write-temp-then-rename), so nothing is lost.
        """
        self.close()
        path = self.dir + "/" + name
        with open(path, "rb") as f:
            g, r = replay(f, fix)
            damage = r.damage
            good = r.end
            self.seq = r.seq
            self.last = r.last  # the last hand scored: what an undo deletes
        if damage:
            with open(path, "rb") as src, open(path + ".tmp", "wb") as dst:
                left = good
                while left:
                    chunk = src.read(min(left, 512))
                    dst.write(chunk)
                    left -= len(chunk)
            os.rename(path, path + ".bad")
            os.rename(path + ".tmp", path)
        self.name = name
        self.log = open(path, "ab")
        return g, damage

    def check_fix(self, fix, stop=0):
        """Replay the current game as if correction ``fix`` were in it (RuleError if it breaks a rule);
        with ``stop``, up to that hand: the game as it stood before it."""
        with open(self.dir + "/" + self.name, "rb") as f:
            return replay(f, fix, stop)[0]

    def append(self, op, number, payload):
        """Append one record and flush it to flash."""
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
