"""Reading the game log in JSON Lines (docs/log-format.md); kitapi.jsonw writes it."""

import json

from kitapi.game import OP_DELETE, OP_END, OP_HAND, OP_REPLACE, RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const


_E_JSON = const(11)
_E_LINE = const(12)
_E_EMPTY = const(13)
_E_DELETE = const(14)
_E_END = const(15)
_E_TARGET = const(16)


class JsonlReader:
    """Reads a game log in JSON Lines, one record at a time.

    ``line`` is the line number of the record just read, ``target`` the hand
    number a correction names.  ``mark()``/``reset(m)`` return to a record.
    """

    damage = None  # JSON Lines carry no checksums: a broken line is an error

    def __init__(self, f):
        self.f = f
        self.line = 0
        self.pos = 0
        self.target = 0

    def _next(self):
        f = self.f
        while True:
            self.pos = f.tell()
            raw = f.readline()
            if not raw:
                return None
            self.line += 1
            if raw.strip():
                break
        try:
            d = json.loads(raw)
        except ValueError:
            raise RuleError(_E_JSON)
        if type(d) is not dict:
            raise RuleError(_E_LINE)
        return d

    def header(self):
        d = self._next()
        if d is None:
            raise RuleError(_E_EMPTY)
        return d

    def record(self, game, hands=True):
        """Read the next record into ``game.hand``; its OP_*, or -1 at the end.

        ``hands`` False: a plain hand is only framed, not parsed (replay's first pass).
        """
        d = self._next()
        if d is None:
            return -1
        op = OP_HAND
        if "replace" in d:
            op = OP_REPLACE
            self.target = d.pop("replace")
        elif "delete" in d:
            op = OP_DELETE
            self.target = d.pop("delete")
            if d:
                raise RuleError(_E_DELETE)
        elif "end" in d:
            if d["end"] is not True or len(d) != 1:
                raise RuleError(_E_END)
            return OP_END
        if op != OP_HAND and (type(self.target) is not int or self.target < 1):
            raise RuleError(_E_TARGET)
        if op == OP_REPLACE or (op == OP_HAND and hands):
            game.parse(d)
        return op

    def mark(self):
        return (self.f.tell(), self.line)

    def mark_record(self):
        """A mark of the record just read."""
        return (self.pos, self.line - 1)

    def reset(self, m):
        self.f.seek(m[0])
        self.line = m[1]
