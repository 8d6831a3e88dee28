"""Reading the game log in JSON Lines (docs/log-format.md); kitapi.jsonw writes it.

Any bytes are either read or refused with a RuleError (one line): a line is
read at most ``MAX_LINE`` bytes at a time, so a huge line costs no memory
and is refused as soon as its limit is passed; nesting deeper than
``MAX_DEPTH`` is refused before ``json`` sees it (CPython's would recurse,
MicroPython's run out of memory); an object with a key twice is refused
(``json`` would keep the last one silently).
"""

try:
    import ujson as json  # the built-in at once (docs/firmware.md, "Imports")
except ImportError:  # CPython
    import json  # type: ignore[no-redef]

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
_E_LONG = const(99)
_E_DEEP = const(100)
_E_TWICE = const(101)
_E_MEMORY = const(102)

MAX_LINE = const(65535)  # bytes in a line, its end of line not counted (docs/log-format.md)
_FIRST = const(512)  # bytes read first of a line: every hand and almost every header
MAX_DEPTH = const(16)  # arrays and objects inside one another; a Kitapi log needs 3


def _scan(raw):
    """``(colons outside strings, deepest nesting)`` of the JSON text ``raw`` (bytes)."""
    colons = depth = top = 0
    s = esc = False
    for b in raw:
        if s:
            if esc:
                esc = False
            elif b == 92:  # backslash
                esc = True
            elif b == 34:  # quote
                s = False
        elif b == 34:
            s = True
        elif b == 58:  # colon
            colons += 1
        elif b == 91 or b == 123:  # [ {
            depth += 1
            if depth > top:
                top = depth
        elif b == 93 or b == 125:
            depth -= 1
    return colons, top


def _keys(d):
    """The keys of every object in the parsed JSON value ``d``."""
    n = 0
    if type(d) is dict:
        n = len(d)
        for v in d.values():
            n += _keys(v)
    elif type(d) is list:
        for v in d:
            n += _keys(v)
    return n


def loads(raw):
    """The JSON value of one line (bytes); RuleError if broken, nested too deep or with a key twice.

    Cheap for a log's lines: the byte counts are enough unless a line holds
    many brackets, or colons inside its strings; only then is it scanned.
    """
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _scan(raw)[1] > MAX_DEPTH:
        raise RuleError(_E_DEEP, MAX_DEPTH)
    try:
        d = json.loads(raw)
    except ValueError:  # UnicodeError (bad UTF-8) is one too
        raise RuleError(_E_JSON)
    n = _keys(d)
    if n != raw.count(b":") and n != _scan(raw)[0]:
        raise RuleError(_E_TWICE)
    return d


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
        try:
            while True:
                self.pos = f.tell()
                raw = f.readline(_FIRST)  # (MicroPython's readline(n) takes n bytes of heap at once)
                if len(raw) == _FIRST and raw[-1] != 10:  # a long line: the rest, up to the limit
                    raw += f.readline(MAX_LINE + 1 - _FIRST)
                if not raw:
                    return None
                self.line += 1
                if len(raw) > MAX_LINE and raw[-1] != 10:  # no end of line within the limit
                    raise RuleError(_E_LONG, MAX_LINE)
                if raw.strip():
                    break
            d = loads(raw)
        except MemoryError:  # a small heap (MicroPython) and a long line
            raise RuleError(_E_MEMORY)
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
