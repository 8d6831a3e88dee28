"""A game: its header (rules, players, options, first dealer) and its standings.

>>> g = Game({"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"],
...           "options": {"pouch": 31}, "dealer": 0})
>>> g.play({"dealer": 0, "bidder": 1, "contract": "6S", "defense": "both", "tricks": [2, 6, 2]})
>>> g.pouch, g.chips
([31, 29, 31], [4, -8, 4])

``play`` checks the whole hand before it changes anything: a hand the rules
reject raises ``RuleError`` and leaves the game as it was.
"""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):  # type: ignore[misc]
        return x


class RuleError(Exception):
    """A header or hand the rules do not allow: ``RuleError(code, *details)``.

    The text of a code is in kitapi/messages.py, imported only to show it.
    """

    def __str__(self):
        from kitapi.messages import text

        return text(self.args)


# Log records: a hand, a correction (replace or delete hand N), the end of the game.
OP_HAND = const(0)
OP_REPLACE = const(1)
OP_DELETE = const(2)
OP_END = const(3)

HEADER_KEYS = ("kitapi", "rules", "players", "options", "dealer", "started", "device")
_MAX_NAME = const(24)  # characters of a player's name

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


class Game:
    def __init__(self, header):
        if type(header) is not dict:
            raise RuleError(_E_HEADER)
        for k in header:
            if k not in HEADER_KEYS:
                raise RuleError(_E_HEADER_FIELD, k)
        v = header.get("kitapi")
        if type(v) is not int or v != 1:
            raise RuleError(_E_NOT_KITAPI)
        from kitapi.rules import load

        name = header.get("rules")
        cls = load(name) if type(name) is str else None
        if cls is None:
            raise RuleError(_E_RULES, name)
        players = header.get("players")
        if type(players) is not list or not 3 <= len(players) <= 4:
            raise RuleError(_E_PLAYERS)
        for i in range(len(players)):
            p = players[i]
            if type(p) is not str or not p or len(p) > _MAX_NAME:
                raise RuleError(_E_NAME)
            if players.index(p) != i:
                raise RuleError(_E_NAME_TWICE, p)
        for k in ("started", "device"):
            if k in header and type(header[k]) is not str:
                raise RuleError(_E_TEXT, k)
        n = self.n = len(players)
        dealer = header.get("dealer", 0)
        if type(dealer) is not int or not 0 <= dealer < n:
            raise RuleError(_E_DEALER, n - 1)
        self.header = header
        self.players = players
        self.dealer = dealer  # the first dealer
        r = self.rules = cls(n, header.get("options", {}))
        self.pouch = r.pouch  # the rules' own lists, changed in place
        self.chips = r.chips
        self.hand = r.new_hand()
        self.hands = 0  # hands scored, passed-out hands included
        self.ended = False  # the log closed the game

    @property
    def over(self):
        return self.rules.over

    def parse(self, d):
        """Check a hand object (a dict, as in the game log) and return it as ``self.hand``."""
        h = self.hand
        self.rules.parse(d, h)
        self.rules.check(h)
        return h

    def play(self, d):
        """Score one hand given as a game-log hand object."""
        self.apply(self.parse(d))

    def apply(self, h):
        """Score a hand (``self.hand``, filled by ``parse`` or by a log reader)."""
        if self.rules.over:
            raise RuleError(_E_OVER)
        self.rules.check(h)
        self.rules.score(h)
        self.hands += 1

    def result_json(self):
        """The standings as one JSON object, the same text on every runtime."""
        from kitapi.jsonw import dumps

        return '{"rules": %s, "players": %s, "hands": %d, %s, "over": %s}' % (
            dumps(self.rules.name),
            dumps(self.players),
            self.hands,
            self.rules.json_fields(),
            "true" if self.rules.over else "false",
        )
