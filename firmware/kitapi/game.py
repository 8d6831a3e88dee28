"""A game: its header (rules, players, options, first dealer) and its standings.

``Game`` is the base of every game system's class (``kitapi.rules``), as
python-chess's variants are subclasses of its ``Board``:

>>> g = new_game({"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"],
...               "options": {"pouch": 31}, "dealer": 0})
>>> g.play({"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]})
>>> g.pouch, g.chips
([31, 29, 31], [4, -8, 4])

``play`` checks the whole hand before it changes anything: a hand the rules
reject raises ``RuleError`` and leaves the game as it was.
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any


class RuleError(Exception):
    """A header or hand the rules do not allow: ``RuleError(code, *details)``.

    The text of a code is in kitapi/messages.py, imported only to show it.
    ``line`` is the log line at fault, where a log was being read; one raised while
    kitapi.replay.replay scores the hands has ``hand`` too (not a class attribute:
    one more costs a long replay's heap in 17 KB).
    """

    line = 0

    def __str__(self):
        import sys

        from kitapi import forget
        from kitapi.messages import text

        s = text(self.args)
        if sys.implementation.name == "micropython":  # the texts stay in the heap only while shown
            forget("kitapi.messages")
        return s


# Log records: a hand, a correction (replace or delete hand N), the end of the game.
OP_HAND = const(0)
OP_REPLACE = const(1)
OP_DELETE = const(2)
OP_END = const(3)

HEADER_KEYS = ("kitapi", "rules", "players", "options", "dealer", "started", "device", "tournament")
_MAX_NAME = const(24)  # a player's name, in UTF-16 code units (an emoji counts 2)
MAX_TEXT = const(64)  # the header's other text (``started``, ``device``), so: a header the box's heap holds
_MAX_PLACE = const(999)  # a tournament's round and table (``tournament``)

_E_HEADER = const(1)
_E_HEADER_FIELD = const(2)
_E_NOT_KITAPI = const(3)
_E_RULES = const(4)
_E_PLAYERS = const(5)
_E_NAME = const(6)
_E_NAME_TWICE = const(7)
_E_TEXT = const(8)
_E_DEALER = const(9)
_E_OVER = const(10)
_E_OPTIONS = const(22)
_E_PLAYERS_2 = const(57)
_E_NAME_CHAR = const(97)
_E_TEXT_CHAR = const(98)
_E_TEXT_LONG = const(108)
_E_NAME_BLANK = const(110)
_E_TOURNAMENT = const(111)


def check_name(p, what=None):
    """RuleError unless ``p`` is a player's name: text of 1 to 24 characters (an emoji 2) a person typed,
    with one visible; with ``what`` (``started``, ``device``), unless the text ``p`` of that header field is
    typed text of at most ``MAX_TEXT`` characters.

    Refused: the C0 and C1 control characters (ESC, BEL, DEL...), the bidi
    controls (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) and a lone
    surrogate; any letter, Greek, Cyrillic, an emoji, is kept.  A pair of
    surrogates is one emoji (MicroPython's json keeps it as two characters).
    A name of spaces and invisible characters alone (``_blank``) is refused:
    no one could tell it on a screen or a sheet.  One loop over ord(), no
    regex: cheap on the device.
    """
    if what is None and (type(p) is not str or not p):
        raise RuleError(_E_NAME)
    bad = -1  # the first character refused
    hi = 0  # a high surrogate waiting for its low one
    units = 0  # the length in UTF-16 code units, as JSON escapes it: the same on every runtime
    seen = False  # a visible character
    for i in range(len(p)):  # (MicroPython's json keeps a surrogate pair as two characters, CPython's makes
        o = ord(p[i : i + 1])  # it one.)  A slice, not ``for c in p``: MicroPython interns each character a
        # str's loop or index gives (for good: a name's letters, a date's digits, each one a permanent name)
        units += 2 if o > 0xFFFF else 1
        if not seen and not _blank(o):
            seen = True
        if bad >= 0:
            continue
        if hi:
            if not 0xDC00 <= o < 0xE000:
                bad = hi
            hi = 0
            continue
        if (
            o < 0x20
            or 0x7F <= o < 0xA0
            or 0xDC00 <= o < 0xE000
            or o == 0x61C
            or 0x200E <= o <= 0x200F
            or 0x202A <= o <= 0x202E
            or 0x2066 <= o <= 0x2069
        ):
            bad = o
        elif 0xD800 <= o < 0xDC00:
            hi = o
    if hi and bad < 0:
        bad = hi  # a high surrogate at the end
    if what is None and units > _MAX_NAME:
        raise RuleError(_E_NAME)
    if what is not None and units > MAX_TEXT:
        raise RuleError(_E_TEXT_LONG, what, MAX_TEXT)
    if bad >= 0:
        raise RuleError(_E_NAME_CHAR, bad) if what is None else RuleError(_E_TEXT_CHAR, what, bad)
    if what is None and not seen:
        raise RuleError(_E_NAME_BLANK)


# What shows nothing, as ranges of code points (3 bytes each, first and last, in order): the controls (refused
# apart), the spaces (U+0020, U+00A0, U+1680, U+2000-U+200A, U+2028-U+2029, U+202F, U+205F, U+3000), the
# zero-width and format characters (the soft hyphen U+00AD, U+034F, U+115F-U+1160, U+17B4-U+17B5,
# U+180B-U+180E, U+200B-U+200F, U+2060-U+206F, U+2800, U+3164, U+FE00-U+FE0F, U+FEFF, U+FFA0, U+FFF0-U+FFF8,
# U+1D173-U+1D17A, U+E0000-U+E0FFF).  A table (in _blank), not a chain of tests: less code in the heap.


def _blank(o):
    """Whether character ``o`` shows nothing (the table above)."""
    t = (
        b"\x00\x00\x00\x00\x00\x20\x00\x00\x7f\x00\x00\xa0\x00\x00\xad\x00\x00\xad\x00\x03\x4f\x00\x03\x4f"
        b"\x00\x11\x5f\x00\x11\x60\x00\x16\x80\x00\x16\x80\x00\x17\xb4\x00\x17\xb5\x00\x18\x0b\x00\x18\x0e"
        b"\x00\x20\x00\x00\x20\x0f\x00\x20\x28\x00\x20\x2f\x00\x20\x5f\x00\x20\x6f\x00\x28\x00\x00\x28\x00"
        b"\x00\x30\x00\x00\x30\x00\x00\x31\x64\x00\x31\x64\x00\xfe\x00\x00\xfe\x0f\x00\xfe\xff\x00\xfe\xff"
        b"\x00\xff\xa0\x00\xff\xa0\x00\xff\xf0\x00\xff\xf8\x01\xd1\x73\x01\xd1\x7a\x0e\x00\x00\x0e\x0f\xff"
    )  # (a constant of the function: no name in the module's globals, which the heap holds)
    for i in range(0, len(t), 6):
        if o < (t[i] << 16 | t[i + 1] << 8 | t[i + 2]):
            return False
        if o <= (t[i + 3] << 16 | t[i + 4] << 8 | t[i + 5]):
            return True
    return False


def new_game(header):
    """The game a log header describes, as an instance of its rules' class."""
    if type(header) is not dict:
        raise RuleError(_E_HEADER)
    v = header.get("kitapi")
    if type(v) is not int or v != 1:
        raise RuleError(_E_NOT_KITAPI)
    from kitapi.rules import load  # (a loop kept for the heap: the systems subclass Game; only the chosen
    # system is loaded, when a game is made, and a module that reads logs without making one loads none)

    name = header.get("rules")
    cls = load(name) if type(name) is str else None
    if cls is None:
        raise RuleError(_E_RULES, name)
    return cls(header)


class Game:
    """What every game system shares: seats, the header, the hand count.

    A subclass sets ``name`` (its rules id), its standings (``over`` at least)
    and ``hand``, and provides the methods declared below, plus ``pack``/``unpack``
    (the device log's form of a hand), ``defenders`` and ``hand_json``.
    The standings as JSON: ``write_result``/``result_json`` below.
    """

    name = ""
    over = False  # the game is over: played out (every pouch, pool... settled) or closed; no hand can follow
    ended = False  # the log closed the game with its end record (``close``)
    last_dealer = -1  # the dealer of the last hand scored
    min_players = 3  # 2 for a system with a two-player form (Preferans' Hussar)

    def __init__(self, header):
        for k in header:
            if k not in HEADER_KEYS:
                raise RuleError(_E_HEADER_FIELD, k)
        players = header.get("players")
        if type(players) is not list or not self.min_players <= len(players) <= 4:
            raise RuleError(_E_PLAYERS if self.min_players == 3 else _E_PLAYERS_2)
        for i in range(len(players)):
            p = players[i]
            check_name(p)
            if players.index(p) != i:
                raise RuleError(_E_NAME_TWICE, p)
        for k in ("started", "device"):
            if k in header:
                if type(header[k]) is not str:
                    raise RuleError(_E_TEXT, k)
                check_name(header[k], k)
        if "tournament" in header:  # the tournament's table the game is (kitapi tournament load): bounded
            t = header["tournament"]
            if type(t) is not dict or len(t) != 3 or type(t.get("name")) is not str or not t["name"]:
                raise RuleError(_E_TOURNAMENT)
            check_name(t["name"], "tournament")
            for k in ("round", "table"):
                v = t.get(k)
                if type(v) is not int or not 1 <= v <= _MAX_PLACE:
                    raise RuleError(_E_TOURNAMENT)
        n = self.n = len(players)
        dealer = header.get("dealer", 0)
        if type(dealer) is not int or not 0 <= dealer < n:
            raise RuleError(_E_DEALER, n - 1)
        options = header.get("options", {})
        if type(options) is not dict:
            raise RuleError(_E_OPTIONS)
        self.header = header
        self.players = players
        self.hands = 0  # hands scored, passed-out hands included

    # What a game system provides (declared, not defined: each def would cost the
    # device heap): hand, its one reused hand object; parse_hand(d, h) fills h from
    # a game-log hand object (RuleError if malformed); check(h) raises RuleError
    # unless h is legal in this game; score(h) scores a hand check() accepted;
    # write_fields(w) writes the system's standings, the middle of the result object.
    hand = None  # type: Any
    parse_hand = None  # type: Any
    check = None  # type: Any
    score = None  # type: Any
    write_fields = None  # type: Any
    # The state a hand may change, for ``preview``: the names of a system's fields, each a list of
    # ints (its length fixed by the header) or an int (or bool), besides the core's own ``hands``,
    # ``over`` and ``last_dealer``.
    state = ()  # type: tuple[str, ...]
    # OUTCOME (a system's class attribute, not Game's: read as getattr(g, "OUTCOME", 1)): what its hands are, as
    # the box's legend and pot screens and the PC's pot family ask the class (never its rules id; what a hand
    # came to is its family's on the PC, by the registry): 1 Prefa's (a bid, a defense; the kasa's too), 2 Preferans' (a
    # soloist and whisters), 3 a ladder of bids with drops (Austrian, Illustrated), 4 a suit or chips (American),
    # 5 a partnership's contract (Priffe).  Not declared by Prefa's class, whose 1 is the default (it and Game are
    # at their heap margins: the 17 KB replay, tests/pc/test_cli.py, the 64 KB boot); a new family declares its own.

    def parse(self, d):
        """Check a hand object (a dict, as in the game log) and return it as ``self.hand``."""
        h = self.hand
        self.parse_hand(d, h)
        self.check(h)
        return h

    def play(self, d):
        """Score one hand given as a game-log hand object."""
        self.apply(self.parse(d))

    def apply(self, h):
        """Score a hand (``self.hand``, filled by ``parse`` or by a log reader)."""
        if self.over:
            raise RuleError(_E_OVER)
        self.check(h)
        self.score(h)
        self.hands += 1
        self.last_dealer = h.dealer

    def next_dealer(self):
        """The dealer of the next hand: the header's for the first, then the seat on the last dealer's left."""
        if self.last_dealer < 0:
            return self.header.get("dealer", 0)
        return (self.last_dealer + 1) % self.n

    def preview(self, h):
        """Score hand ``h`` as if played now, note what it changes, and put the game back exactly as it was.

        The change is in the list ``self.buf``: for each field named by ``state``, in order (a list
        entry by entry), its value after the hand minus its value before; then 1 if the hand ends the
        game, else 0.  Returns None, or the RuleError that refused the hand (nothing changed).  The list
        is made once per game, by the first preview, and holds the state saved while the hand is scored:
        nothing is made per hand or per key.
        """
        c = getattr(self, "buf", None)
        if c is None:
            k = 1
            for name in self.state:
                v = getattr(self, name)
                k += len(v) if type(v) is list else 1
            c = self.buf = [0] * k
        k = 0
        for name in self.state:
            v = getattr(self, name)
            if type(v) is list:
                for x in v:
                    c[k] = x
                    k += 1
            else:
                c[k] = v
                k += 1
        hands, over, last = self.hands, self.over, self.last_dealer
        err = None
        try:
            self.apply(h)
        except RuleError as e:
            err = e
        c[k] = 1 if self.over else 0
        k = 0
        for name in self.state:  # the change out, the state saved back in
            v = getattr(self, name)
            if type(v) is list:
                for i in range(len(v)):
                    x = v[i]
                    v[i] = c[k]
                    c[k] = x - c[k]
                    k += 1
            else:
                setattr(self, name, c[k])
                c[k] = v - c[k]
                k += 1
        self.hands, self.over, self.last_dealer = hands, over, last
        return err

    def close(self):
        """The log's end record: the game is closed, and so over (its result is final; no hand can follow)."""
        self.ended = self.over = True


# The standings as one JSON object (kitapi replay --json): the same text on every
# runtime, written in small pieces, since at the end of a long replay the device's
# heap may hold no large free block.


def write_result(g, w):
    """Write the standings of game ``g`` as one JSON object with ``w(text)``."""
    w('{"rules": "')
    w(g.name)
    w('", "players": [')
    for i in range(g.n):
        if i:
            w(", ")
        write_quoted(w, g.players[i])
    w('], "hands": ')
    w(str(g.hands))
    w(", ")
    g.write_fields(w)
    w(', "over": true}' if g.over else ', "over": false}')


def result_json(g):
    """The standings of game ``g`` as one JSON object, in a string."""
    out = []  # type: list[str]
    write_result(g, out.append)
    return "".join(out)


def write_ints(w, values):
    """Write a JSON array of ints."""
    w("[")
    for i in range(len(values)):
        if i:
            w(", ")
        w(str(values[i]))
    w("]")


def write_quoted(w, s):
    """Write ``s`` as a JSON string in ASCII (``\\u`` escapes): the same bytes on every runtime."""
    w('"')
    start = 0
    for i in range(len(s)):
        c = s[i]
        o = ord(c)
        if 0x20 <= o < 0x7F and c != '"' and c != "\\":
            continue
        if start < i:
            w(s[start:i])
        start = i + 1
        if o < 0x7F and o >= 0x20:
            w("\\" + c)
        elif o < 0x10000:
            w("\\u%04x" % o)
        else:  # a UTF-16 surrogate pair, as JSON has it
            o -= 0x10000
            w("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    w(s[start:] if start else s)
    w('"')


def quote(s):
    """``s`` as a JSON string in ASCII (``\\u`` escapes)."""
    out = []  # type: list[str]
    write_quoted(out.append, s)
    return "".join(out)
