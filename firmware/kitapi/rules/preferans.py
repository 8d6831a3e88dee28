"""Russian Preferans: Sochi, Leningrad (Piter) and Rostov (rules ids ``sochi``, ``leningrad``, ``rostov``).

Sources: ``preferans-russian-conventions.txt`` (C, "Rules of Russian Preferans
(1)", the default) and ``preferans-and-variants.txt`` (V, option ``source:
"variants"``).  docs/rules/preferans.md has the log's fields, the scoring table
and every reading, each with the sentence it interprets.

One engine; a convention is a row of class attributes (``Sochi``,
``Leningrad``, ``Rostov`` below).  Pool points are whole; hill and whists are
kept in halves (Rostov's half-responsible whist and shared all-pass tricks
make halves), so every figure is exact; the settlement is a fraction with
denominator 2 x players, written exactly (``"p/q"``) in the result.

Seats are in turn order (seat i+1 after seat i); with four players the dealer
sits out; with two (Hussar) the dummy has no seat.
"""

from kitapi.game import Game, RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# Hand kinds.
PLAY = const(0)
ALLPASS = const(1)
RESIGN = const(2)
MISDEAL = const(3)

# A defender's final word.
WHIST = const(0)
PASS = const(1)
HALF = const(2)
WORDS = ("whist", "pass", "half")

SUITS = "SCDHN"
MISERE = const(25)  # contract index after 10N (24): (level - 6) * 5 + suit for the others
WIDOWS = ("", "A", "KQ", "AK", "AA")  # Rostov's widow points: 10, 10, 20, 30 (C)
_WIDOW_POINTS = const(b"\x00\x0a\x0a\x14\x1e")
REFUSED = const(5)  # Hand.widow: the soloist refused the widow

# Game values and whist requirements by level 6..10 (C: "Game point of a six-trick game
# is 2, seven 4, eight 6, nine 8, and ten and misere 10"; "Whisting player(s) have to take
# 4 tricks if the game is at six, 2 tricks if seven, and 1 trick if it's eight or nine").
_GP = const(b"\x02\x04\x06\x08\x0a")
_REQ = const(b"\x04\x02\x01\x01\x00")
_MISERE_GP = const(10)
_AID_WHISTS = const(10)  # American aid: 10 whists per pool point given (C, V)
_ROSTOV_ALLPASS = const(5)  # Rostov all-pass: 5 whists per trick of an opponent (C)

# The box's options step (kitapi.app.systems.preferans.options), an option a bit in the order of its table: a
# class's STEP_OPTIONS says which it offers (compile-time names: kitapi.rules.balkan copies those it needs)
_STEP_STALINGRAD = const(1)
_STEP_HALF_WHIST = const(2)
_STEP_TEN_WHIST = const(4)
_STEP_RESIGN = const(8)
_STEP_WHIST_ONE = const(16)
_STEP_WHIST = const(32)  # greedy or gentleman's
_STEP_PROGRESSION = const(64)  # Leningrad's all-pass
_STEP_WIDOW = const(128)  # Rostov's widow points
_STEP_CONVENTIONS = const(31)  # the five of every convention

_OPTIONS = ("pool", "end", "stalingrad", "half_whist", "half_whist_first", "ten_whist", "whist_one",
            "whist", "resign", "misere_hand", "progression", "widow", "allpass_dealer_pool", "source",
            "stake")  # fmt: skip

# RuleError codes (kitapi/messages.py).
_E_OPTION = const(23)
_E_FLAG = const(24)
_E_INT = const(25)
_E_SEAT = const(39)
_E_DEALER_BIDS = const(40)
_E_SUM = const(45)
_E_DEALER_TRICKS = const(46)
_E_NOT_HAND = const(48)
_E_HALF = const(60)
_E_STALINGRAD = const(61)
_E_OPEN = const(62)
_E_DEALER_WHIST = const(63)
_E_NO_WHISTING = const(64)
_E_WHIST_MISSING = const(65)
_E_NOT_PLAYED = const(66)
_E_MIN = const(67)
_E_NEEDS = const(68)
_E_WIDOW_TRICKS = const(70)
_E_STAKE = const(71)
_E_ONE_OF = const(72)
_E_SUM_AT_MOST = const(73)
_E_ONLY = const(77)
_E_TRICKS_MISSING = const(30)
_E_HALF_PASS = const(92)
_E_HALF_OFF = const(93)
_E_TAKEN_OVER = const(94)
_E_NO_WIDOW = const(95)


class Hand:
    """One hand as entered; reused.  ``tricks`` has a slot per seat (four whatever the table)."""

    def __init__(self):
        self.tricks = [0, 0, 0, 0]
        self.clear()

    def clear(self):
        self.kind = PLAY
        self.dealer = 0
        self.soloist = 0
        self.contract = 0  # (level - 6) * 5 + suit, or MISERE
        self.w1 = self.w2 = -1  # the defenders' final words (WHIST, PASS, HALF); -1: no whisting
        self.open = -1  # -1 not said, 0 closed, 1 open (recorded, not scored)
        self.dealer_whist = -1  # 0/1: the 4-player dealer whisted with defender 1's / 2's hand
        self.widow = 0  # Rostov: index in WIDOWS, or REFUSED
        self.blind = False  # a misere without the widow (option misere_hand)
        self.d1 = self.d2 = 0  # the defenders' seats (d2 -1 with two players), set by defenders()
        t = self.tricks
        t[0] = t[1] = t[2] = t[3] = 0


def _flag(options, name):
    v = options.get(name, False)
    if v is not True and v is not False:
        raise RuleError(_E_FLAG, name)
    return v


def _choice(options, name, values, default):
    v = options.get(name, default)
    if v not in values:
        raise RuleError(_E_ONE_OF, name, ", ".join(values))
    return v


def check_int(v, what, lo, hi):
    if type(v) is not int or v < lo or v > hi:
        raise RuleError(_E_INT, what, lo, hi)
    return v


def _stake(v):
    """``"0.10"`` -> (10, 100): a decimal stake as an exact fraction."""
    if type(v) is not str or not 0 < len(v) <= 12:
        raise RuleError(_E_STAKE)
    whole, _, frac = v.partition(".")
    if not (whole or frac) or not (whole.isdigit() or not whole) or not (frac.isdigit() or not frac):
        raise RuleError(_E_STAKE)
    return int(whole + frac or "0"), 10 ** len(frac)


def write_frac(w, num, den):
    """Write num/den exactly: an int if whole, else the string ``"p/q"`` in lowest terms."""
    g = -num if num < 0 else num  # (their greatest common divisor: here, not a function of the module, whose
    b = -den if den < 0 else den  # table of names then steps up by 8 places in every Preferans game)
    while b:
        g, b = b, g % b
    if g:
        num //= g
        den //= g
    if den < 0:
        num = -num
        den = -den
    if den == 1:
        w(str(num))
    else:
        w('"%d/%d"' % (num, den))


class Preferans(Game):
    """The standings of a Preferans game: pools, hills, the whists matrix, the settlement."""

    name = ""
    state = ("pool", "hill", "whists", "level")  # what a hand changes (Game.preview)
    OUTCOME = 2  # a soloist and whisters (OUTCOME: kitapi.game.Game's comment, not an attribute of Game)
    # What a variant's contracts are, for its screens and the PC (asked, never told by the rules id): NUMBERED,
    # None: a level and a suit, (level - 6) * 5 + suit, in two steps; else (low, high): a number, in one step
    # (Balkan's 2 to 7).  NO_TRICK: the contract to take no trick (the misere; Balkan's Bettler).
    NUMBERED = None  # type: tuple[int, int] | None
    NO_TRICK = MISERE
    min_players = 2
    # The convention (C's table in docs/rules/preferans.md): Sochi's values here.
    HILL_K = 1  # soloist's hill per undertrick: gp x HILL_K
    CONS_K = 1  # whists against a failed soloist per undertrick: gp x CONS_K ...
    CONS_FIXED = 0  # ... or this many (Rostov: 10)
    WHIST_K = 1  # whists per trick of the whisting side: gp x WHIST_K
    GENTLEMAN = False
    RESP_HALVES = 2  # responsible whister's hill per undertrick in halves of gp (2: gp, 1: gp / 2)
    MISERE_K = 1  # failed misere: 10 x MISERE_K per trick
    ALLPASS_KIND = 0  # 0: hill per trick; 1: Leningrad's progression; 2: Rostov's whists
    AID = True  # American aid for a full pool
    NO_TALON = False  # V's Rostov: the 4-player all-pass is played without the talon
    END = "pools"
    OPTIONS = _OPTIONS  # type: tuple[str, ...]  # the options this system accepts (Balkan: fewer)
    # The options the box's new-game step offers for this system: a bit each (_STEP_*: the step,
    # kitapi.app.systems.preferans.options, has their choices and words).  The conventions' five here; Sochi,
    # Leningrad and Rostov add their own, and a variant that declares none offers its parent's.  A small int,
    # where a tuple or a string of names cost a Preferans game 160 to 220 bytes of heap: it ran out at 64 KB
    STEP_OPTIONS = _STEP_CONVENTIONS

    def __init__(self, header):
        super().__init__(header)
        options = header.get("options", {})
        for k in options:
            if k not in self.OPTIONS:
                raise RuleError(_E_OPTION, k)
        n = self.n
        self.variants = _choice(options, "source", ("conventions", "variants"), "conventions") == "variants"
        if self.variants:
            self._variants()
        self.size = check_int(options.get("pool", 20), "pool", 1, 100000)
        end = options.get("end", self.END)
        self.end_sum = 0  # {"sum": N}: over when the pools hold N
        if type(end) is dict:
            if len(end) != 1 or "sum" not in end:
                raise RuleError(_E_ONE_OF, "end", 'pools, total, {"sum": N}')
            self.end_sum = check_int(end["sum"], "sum", 1, 100000)
            end = "sum"
        elif end not in ("pools", "total"):
            raise RuleError(_E_ONE_OF, "end", 'pools, total, {"sum": N}')
        self.end = end
        self.stalingrad = _flag(options, "stalingrad")
        self.half_whist = options.get("half_whist", True)
        if self.half_whist is not True and self.half_whist is not False:
            raise RuleError(_E_FLAG, "half_whist")
        self.half_whist_first = _flag(options, "half_whist_first")
        self.ten_whist = _flag(options, "ten_whist")
        self.resign = _flag(options, "resign")
        self.misere_hand = _flag(options, "misere_hand")
        self.whist_one_shared = _choice(options, "whist_one", ("second", "shared"), "second") == "shared"
        w = options.get("whist")
        if w is not None:
            self.setdefault("GENTLEMAN", _choice(options, "whist", ("greedy", "gentleman"), "greedy") == "gentleman")
        self._options(options)
        self.stake = _stake(options["stake"]) if "stake" in options else None
        self.pool = [0] * n
        self.hill = [0] * n  # halves
        self.whists = [0] * (n * n)  # halves; whists[i * n + j]: what i wrote against j
        self.level = 1  # Leningrad's all-pass level (1 normal, 2 after an all-pass, 3 after two)
        self.over = False
        self.absent = -1  # the seat that takes no part in the hand being scored (V, four players)
        self.hand = Hand()

    def _options(self, options):
        """Options of one convention only: none here (subclasses add theirs)."""
        for k in ("progression", "widow", "allpass_dealer_pool"):
            if k in options:
                raise RuleError(_E_ONLY, k, "leningrad" if k == "progression" else "rostov")

    def _variants(self):
        """V's reading of this convention: Sochi's entries (subclasses transform them; V's failed whisters write
        the game value whatever ``RESP_HALVES``)."""
        s = self.setdefault  # (a call each: a tuple of pairs cost every Preferans game 9 objects, 320 bytes)
        s("HILL_K", 1)
        s("CONS_K", 1)
        s("CONS_FIXED", 0)
        s("WHIST_K", 1)
        s("GENTLEMAN", False)
        s("MISERE_K", 1)
        s("ALLPASS_KIND", 0)
        s("AID", True)

    def setdefault(self, name, v):
        """An option's (or V's) value of the convention's attribute ``name`` on this game, unless a variant
        sets it: a class below its convention (a convention, Sochi, Leningrad, Rostov, is a class just below
        Preferans) that writes ``name`` in its own body keeps it whatever the options (docs/architecture.md,
        adding a variant).  Named as dict.setdefault, whose sense it has: a name the firmware's MicroPython
        already holds, where a new one (``_set``) crossed the table of names' next step, and a Sochi variant's
        box then needed 84 KB of heap where it needs 64 (docs/figures.md)."""
        c = type(self)
        while c is not Preferans and c.__bases__[0] is not Preferans:
            if name in c.__dict__:
                return
            c = c.__bases__[0]
        setattr(self, name, v)

    # --- writing on the sheet (halves) ---------------------------------------------

    def _hill(self, p, v2):
        self.hill[p] += v2

    def _whist(self, i, j, v2):
        self.whists[i * self.n + j] += v2

    def _pool(self, p, pts):
        """Write ``pts`` in ``p``'s pool; a full pool's excess by American aid (docs/rules/preferans.md)."""
        pool = self.pool
        if not self.AID:
            pool[p] += pts
            return
        size = self.size
        room = size - pool[p]
        take = pts if pts < room else room if room > 0 else 0
        pool[p] += take
        rest = pts - take
        n = self.n
        while rest > 0:
            # C: "in the pool of a player with smallest room"; V: "starting with the player with the
            # next highest bullet point total, but who is still below": the pool nearest to full,
            # filled before the next; a tie goes to the first such player after the writer.
            j = -1
            best = 0
            for k in range(1, n):
                o = (p + k) % n
                r = size - pool[o]
                if r > 0 and (j < 0 or r < best):
                    best = r
                    j = o
            if j < 0:
                self._hill(p, -2 * rest)  # "remaining pool points are subtracted from player's own hill"
                return
            g = rest if rest < best else best
            pool[j] += g
            rest -= g
            self._whist(p, j, 2 * _AID_WHISTS * g)
            if self.variants:  # V: "the player receiving the bullet points also adds 10 times this
                self._hill(j, 2 * _AID_WHISTS * g)  # number of points to his current mountain point total"

    # --- the hand: parsing, checking and the compact form ----------------------------

    def parse_hand(self, d, h):
        from kitapi.rules.preferans_json import parse  # (a loop kept for the heap: preferans_json takes the rules'
        # constants from here; imported only here, so the device, which keeps its hands packed, never loads it)

        parse(self, d, h)

    def hand_json(self, h, prefix=""):
        from kitapi.rules.preferans_json import to_json

        return to_json(self, h, prefix)

    def defenders(self, h):
        """Set ``h.d1``, ``h.d2``: the seats after the soloist, the 4-player dealer skipped (d2 -1 for Hussar)."""
        n = self.n
        d = (h.soloist + 1) % n
        if n == 4 and d == h.dealer:
            d = (d + 1) % n
        h.d1 = d
        if n == 2:
            h.d2 = -1
            return
        d = (d + 1) % n
        if n == 4 and d == h.dealer:
            d = (d + 1) % n
        h.d2 = d

    def requirement(self, contract):
        """The whist requirement of a contract (0: no whisting)."""
        if contract == MISERE:
            return 0
        i = contract // 5
        if i == 4 and self.ten_whist:
            return 1
        return _REQ[i]

    def game_value(self, h):
        """The game value (gp) of the contract of hand ``h``."""
        return _MISERE_GP if h.contract == MISERE else _GP[h.contract // 5]

    def needed(self, h):
        """The tricks the soloist of hand ``h`` needs (a contract that is not a misere)."""
        return h.contract // 5 + 6

    def is_misere(self, h):
        """Whether the contract of hand ``h`` is to take no trick."""
        return h.contract == self.NO_TRICK

    def min_level(self):
        """The lowest contract level allowed now (Leningrad's all-pass progression)."""
        return 6

    def played(self, h):
        """Whether the cards of hand ``h`` (a PLAY) were played: who whisted, or no whisting at all."""
        if self.requirement(h.contract) == 0:
            return True
        return h.w1 == WHIST or h.w2 == WHIST or h.dealer_whist >= 0

    def check(self, h):
        """RuleError unless hand ``h`` is legal in this game now."""
        n = self.n
        t = h.tricks
        if h.dealer >= n:
            raise RuleError(_E_SEAT, n)
        if h.kind == MISDEAL:
            return
        total = 0
        for i in range(n):
            if not 0 <= t[i] <= 10:  # (a JSON hand is checked as it is read; a device's hand here)
                raise RuleError(_E_INT, "tricks", 0, 10)
            total += t[i]
        if h.kind == ALLPASS:
            if total > 10 or (n > 2 and total != 10):  # (Hussar: the dummy's tricks not written)
                raise RuleError(_E_SUM_AT_MOST if n == 2 else _E_SUM, total)
            # the 4-player dealer's tricks are the widow's: none where the all-pass is played without it, else 2 at most
            if n == 4 and t[h.dealer] and (self.ALLPASS_KIND == 2 or self.NO_TALON or t[h.dealer] > 2):
                raise RuleError(_E_NO_WIDOW if self.ALLPASS_KIND == 2 or self.NO_TALON else _E_WIDOW_TRICKS)
            return
        if h.soloist >= n:
            raise RuleError(_E_SEAT, n)
        if n == 4 and h.soloist == h.dealer:
            raise RuleError(_E_DEALER_BIDS)
        c = h.contract
        if c > MISERE:
            raise RuleError(_E_NOT_HAND)
        if c != MISERE and c // 5 + 6 < self.min_level():
            raise RuleError(_E_MIN, self.min_level())
        if h.blind and (c != MISERE or not self.misere_hand):
            raise RuleError(_E_NEEDS, "hand", "misere_hand")
        if h.widow:
            self._check_widow(h)
        self.defenders(h)
        if h.kind == RESIGN:
            if not self.resign:
                raise RuleError(_E_NEEDS, "resign", "resign")
            if c == MISERE:  # "points for three undertricks": a misere has no undertricks
                raise RuleError(_E_ONLY, "resign", "a contract of 6 to 10")
            return
        req = self.requirement(c)
        w1, w2 = h.w1, h.w2
        if req == 0:
            if w1 >= 0:
                raise RuleError(_E_NO_WHISTING, "whist")
            if h.dealer_whist >= 0 or h.open >= 0:
                raise RuleError(_E_NO_WHISTING, "dealer_whist" if h.dealer_whist >= 0 else "open")
        else:
            if w1 < 0 or (n > 2 and w2 < 0):
                raise RuleError(_E_WHIST_MISSING)
            if w1 == HALF or w2 == HALF:
                other = w2 if w1 == HALF else w1
                if not self.half_whist:
                    raise RuleError(_E_HALF_OFF)
                if c // 5 > 1:
                    raise RuleError(_E_HALF)
                if other != PASS:  # e.g. ["whist", "half"]: a half-whist after a whist
                    raise RuleError(_E_HALF_PASS, WORDS[other])
                if w1 == HALF and not self.half_whist_first:
                    raise RuleError(_E_NEEDS, "a half-whist by defender 1", "half_whist_first")
            if self.stalingrad and c == 0 and (w1 != WHIST or (n > 2 and w2 != WHIST) or h.open >= 0):
                raise RuleError(_E_STALINGRAD)
            whisters = (w1 == WHIST) + (w2 == WHIST)
            if h.dealer_whist >= 0 and (n != 4 or whisters):
                raise RuleError(_E_DEALER_WHIST)
            # "open" is said exactly when one defender whists against the other's pass (not in Hussar)
            if (h.open >= 0) != (n > 2 and whisters == 1 and h.dealer_whist < 0):
                raise RuleError(_E_OPEN)
        if not self.played(h):
            if total:
                raise RuleError(_E_NOT_PLAYED)
            return
        if total != 10:
            raise RuleError(_E_SUM, total)
        if n == 4:  # the dealer's tricks, or those of the defender whose hand he took: none
            out = h.dealer if h.dealer_whist < 0 else h.d1 if h.dealer_whist == 0 else h.d2
            if t[out]:
                raise RuleError(_E_DEALER_TRICKS) if out == h.dealer else RuleError(_E_TAKEN_OVER, out)

    def _check_widow(self, h):
        raise RuleError(_E_NEEDS, "widow", "widow")

    def pack(self, h):
        """Hand -> a 28-bit integer (docs/log-format.md, "Preferans hand payload")."""
        v = h.kind << 26 | h.dealer << 24
        if h.kind == MISDEAL:
            return v
        t = h.tricks
        if h.kind == ALLPASS:
            return v | t[0] << 12 | t[1] << 8 | t[2] << 4 | t[3]
        v |= h.soloist << 22 | h.contract << 17 | h.widow << 8
        if h.kind == RESIGN:
            return v
        # the defenders' words as one code: 0-8 = w1 * 3 + w2 (Hussar: w2 PASS), 9 no whisting,
        # 10 no whisting and a blind misere, 11/12 = (whist, pass)/(pass, whist) played open
        if h.w1 < 0:
            code = 10 if h.blind else 9
        else:
            code = h.w1 * 3 + (h.w2 if h.w2 >= 0 else PASS)
            if h.open == 1:
                code = 11 if h.w1 == WHIST else 12
        v |= code << 13 | (h.dealer_whist + 1) << 11
        if self.played(h):
            self.defenders(h)
            v |= t[h.soloist] << 4 | t[self._hand1(h)]
        return v

    def _hand1(self, h):
        """The seat holding defender 1's cards: the dealer if he took them over."""
        return h.dealer if h.dealer_whist == 0 else h.d1

    def unpack(self, v, h):
        """Fill ``h`` from ``pack``'s integer; RuleError unless it is one ``pack`` makes."""
        h.clear()
        h.kind = v >> 26 & 3
        h.dealer = v >> 24 & 3
        t = h.tricks
        n = self.n
        if h.kind == ALLPASS:
            t[0] = v >> 12 & 15
            t[1] = v >> 8 & 15
            t[2] = v >> 4 & 15
            t[3] = v & 15
        elif h.kind != MISDEAL:
            h.soloist = v >> 22 & 3
            h.contract = v >> 17 & 31
            h.widow = v >> 8 & 7
            if h.kind == PLAY:
                code = v >> 13 & 15
                if code == 9 or code == 10:
                    h.blind = code == 10
                elif code < 9:
                    h.w1 = code // 3
                    h.w2 = code % 3 if n > 2 else -1
                    if n > 2 and (h.w1 == WHIST) + (h.w2 == WHIST) == 1 and not v >> 11 & 3:
                        h.open = 0
                elif code < 13:
                    h.w1 = WHIST if code == 11 else PASS
                    h.w2 = (PASS if code == 11 else WHIST) if n > 2 else -1
                    h.open = 1
                else:
                    raise RuleError(_E_NOT_HAND)
                h.dealer_whist = (v >> 11 & 3) - 1
                if h.soloist < n and h.dealer < n and h.contract <= MISERE and self.played(h):
                    self.defenders(h)
                    t[h.soloist] = v >> 4 & 15
                    a = v & 15
                    t[self._hand1(h)] = a
                    rest = 10 - t[h.soloist] - a
                    if rest < 0:
                        raise RuleError(_E_NOT_HAND)
                    if h.d2 >= 0:
                        t[h.dealer if h.dealer_whist == 1 else h.d2] = rest
        if h.dealer >= n or self.pack(h) != v:
            raise RuleError(_E_NOT_HAND)

    # --- scoring ---------------------------------------------------------------------

    def score(self, h):
        k = h.kind
        self.absent = self._out(h) if k == PLAY or k == RESIGN else -1
        if k == PLAY:
            self._play(h)
        elif k == ALLPASS:
            self._allpass(h)
        elif k == RESIGN:
            # "He/she writes points for three undertricks ... on the hill"
            self._hill(h.soloist, 2 * self.game_value(h) * self.HILL_K * 3)
        else:
            # "writes one undertrick of a six-trick game on his/her hill"
            self._hill(h.dealer, 2 * _GP[0] * self.HILL_K)
        if h.widow:
            self._widow(h)
        self.absent = -1
        self._end()

    def _widow(self, h):
        pass

    def _fail(self, h, gp, u):
        """The soloist is ``u`` short: his hill, and everyone else's consolation whists."""
        s = h.soloist
        self._hill(s, 2 * gp * self.HILL_K * u)
        cons = self.CONS_FIXED or gp * self.CONS_K
        for o in range(self.n):
            if o != s and o != self.absent:
                self._whist(o, s, 2 * cons * u)

    def _out(self, h):
        """The seat that writes no consolation: none (-1) but under V with four players, where the
        dealer "normally takes no part in the scoring" and, if he whisted, "plays the hand in the
        stead of this player"."""
        if not self.variants or self.n != 4:
            return -1
        if h.dealer_whist < 0:
            return h.dealer
        return h.d1 if h.dealer_whist == 0 else h.d2

    def _play(self, h):
        s = h.soloist
        t = h.tricks
        gp = self.game_value(h)
        if self.is_misere(h):
            if t[s]:
                self._hill(s, 2 * gp * self.MISERE_K * t[s])
            else:
                self._pool(s, gp)
            return
        level = self.needed(h)
        req = self.requirement(h.contract)
        if req == 0:  # a 10 without whisting: no per-trick whists, no responsibility
            if t[s] >= level:
                self._pool(s, gp)
            else:
                self._fail(h, gp, level - t[s])
            return
        wv = 2 * gp * self.WHIST_K  # whists per trick of the whisting side, in halves
        if not self.played(h):
            self._pool(s, gp)  # both passed (10 tricks assumed), or a half-whist stood
            if h.w1 == HALF or h.w2 == HALF:
                self._whist(h.d1 if h.w1 == HALF else h.d2, s, wv * (req // 2))
            return
        # who whists: both defenders, one (the other passes), or the 4-player dealer
        if h.dealer_whist >= 0:
            w = h.dealer
            p = h.d2 if h.dealer_whist == 0 else h.d1
            two = False
        else:
            two = h.w1 == WHIST and h.w2 == WHIST
            w = h.d1 if h.w1 == WHIST else h.d2
            p = h.d2 if w == h.d1 else h.d1
        side = 10 - t[s]
        made = t[s] >= level
        if made:
            self._pool(s, gp)
        else:
            self._fail(h, gp, level - t[s])
        # the whisting side's whists: per trick taken; a failed soloist's by the gentleman's whist shared with
        # the defender who passed; under V the game value instead ("If one player elected to whist, that player
        # earns a number of points as per the following chart [the game value]. If both ... each earns one half")
        value = not made and self.variants
        if two:
            self._whist(h.d1, s, gp if value else wv * t[h.d1])
            self._whist(h.d2, s, gp if value else wv * t[h.d2])
        elif not made and self.GENTLEMAN and p >= 0:
            self._whist(w, s, gp if value else wv * side // 2)
            self._whist(p, s, gp if value else wv * side // 2)
        else:
            self._whist(w, s, 2 * gp if value else wv * side)
        if not made:
            return
        if side < req:  # the whisters failed their requirement
            r = self.RESP_HALVES * gp  # halves per undertrick
            if self.variants:
                # V: "add this same number of mountain points" (the game value, once); "If both
                # opponents elected to whist ... adding half the indicated total"
                if two:
                    self._hill(h.d1, gp)
                    self._hill(h.d2, gp)
                else:
                    self._hill(w, 2 * gp)
            elif not two:
                self._hill(w, r * (req - side))
            elif req > 1:
                q = req // 2  # "Undertricks are counted against his/her personal quota"
                for d in (h.d1, h.d2):
                    if t[d] < q:
                        self._hill(d, r * (q - t[d]))
            elif self.whist_one_shared:
                self._hill(h.d1, r // 2)
                self._hill(h.d2, r // 2)
            else:
                self._hill(h.d2, r)
        self._whisted_made()

    def _whisted_made(self):
        pass

    def _allpass(self, h):
        """Sochi: 1 on the hill per trick; no trick: 1 in the pool (the 4-player dealer owns the widow's tricks)."""
        t = h.tricks
        for p in range(self.n):
            if t[p]:
                self._hill(p, 2 * t[p] * self.allpass_k())
            else:
                self._pool(p, 1)

    def allpass_k(self):
        return 1

    def _end(self):
        pool = self.pool
        n = self.n
        if self.end == "pools":
            for p in range(n):
                if pool[p] < self.size:
                    return
            self.over = True
            return
        total = 0
        for p in range(n):
            total += pool[p]
        if self.end == "sum":
            self.over = total >= self.end_sum  # V: "equals or exceeds this number"
        else:
            # C (Piter): "The game ends when the total points in the pools exceed the pool size times
            # number of players".  With American aid no pool goes over the size, so there reaching
            # it (every pool full) is the end.
            full = self.size * n
            self.over = total > full or (self.AID and total == full)

    # --- the settlement -------------------------------------------------------------

    def _adjusted(self, p):
        """The hill (halves) with the pool's shortfall added (C: "pool size minus pool points are added")."""
        short = self.size - self.pool[p]
        return self.hill[p] + (2 * short if short > 0 else 0)

    def settlement(self, out):
        """Fill ``out`` (a list of n ints) with the nets x 2 x players: the settlement's numerators."""
        n = self.n
        w = self.whists
        adj = [0] * n  # (each player's once: the home screen's every frame; no comprehension, a function)
        for p in range(n):
            adj[p] = self._adjusted(p)
        low = min(adj)
        total = 0
        for p in range(n):
            total += adj[p] - low
        for p in range(n):
            own = adj[p] - low
            net = 0
            for j in range(n):
                net += w[p * n + j] - w[j * n + p]
            # each other player j writes (H_j x 10 / n) against j in p's favour; p pays his own to n - 1
            out[p] = n * net + 10 * (total - own) - 10 * (n - 1) * own
        return out

    def write_fields(self, w):
        """Write ``"pool": [...], "hill": [...], "whists": [[...]], "settlement": [...]`` (and "money")."""
        n = self.n
        w('"pool": [')
        for p in range(n):
            if p:
                w(", ")
            w(str(self.pool[p]))
        w('], "hill": [')
        for p in range(n):
            if p:
                w(", ")
            write_frac(w, self.hill[p], 2)
        w('], "whists": [')
        for i in range(n):
            w(", [" if i else "[")
            for j in range(n):
                if j:
                    w(", ")
                write_frac(w, self.whists[i * n + j], 2)
            w("]")
        w('], "settlement": [')
        nets = self.settlement([0] * n)
        for p in range(n):
            if p:
                w(", ")
            write_frac(w, nets[p], 2 * n)
        w("]")
        if self.stake:
            num, den = self.stake
            w(', "money": [')
            for p in range(n):
                if p:
                    w(", ")
                write_frac(w, nets[p] * num, 2 * n * den)
            w("]")


class Sochi(Preferans):
    """Sochi (C, "Sochi's"): the classical scoring; greedy whist, responsible whist, American aid."""

    name = "sochi"
    STEP_OPTIONS = _STEP_CONVENTIONS | _STEP_WHIST  # (greedy or gentleman's)


class Leningrad(Preferans):
    """Leningrad / Piter (C, "St Petersburg's"): doubled hill and whists, gentleman's and
    half-responsible whist, the progressive all-pass, no aid, pools doubled at the end."""

    name = "leningrad"
    HILL_K = 2
    CONS_K = 2
    WHIST_K = 2
    GENTLEMAN = True
    RESP_HALVES = 2  # "the game points for each undertrick ... it is not doubled"
    MISERE_K = 2
    ALLPASS_KIND = 1
    AID = False
    END = "total"
    STEP_OPTIONS = _STEP_CONVENTIONS | _STEP_PROGRESSION  # (the all-pass progression)

    def _options(self, options):
        for k in ("widow", "allpass_dealer_pool"):
            if k in options:
                raise RuleError(_E_ONLY, k, "rostov")
        p = _choice(options, "progression", ("7x3", "8x3", "8x4"), "7x3")
        self.top_min = 8 if p[0] == "8" else 7
        self.top_k = 4 if p[2] == "4" else 3

    def _variants(self):
        super()._variants()
        self.setdefault("AID", True)
        self.setdefault("END", "pools")

    def _hill(self, p, v2):
        self.hill[p] += 2 * v2 if self.variants else v2

    def _whist(self, i, j, v2):
        self.whists[i * self.n + j] += 2 * v2 if self.variants else v2

    def min_level(self):
        if self.variants or self.level == 1:
            return 6
        return 7 if self.level == 2 else self.top_min

    def allpass_k(self):
        # "each one writes two points on the hill for each trick taken"; then doubled, tripled...
        if self.variants:
            return 1  # Sochi's 1 a trick, doubled by _hill
        return 2 * (1 if self.level == 1 else 2 if self.level == 2 else self.top_k)

    def _allpass(self, h):
        super()._allpass(h)
        if not self.variants and self.level < 3:
            self.level += 1

    def _whisted_made(self):
        self.level = 1  # "A whisted and successfully played game brings things normal again"

    def _adjusted(self, p):
        if self.variants:
            return self.hill[p] + 4 * (self.size - self.pool[p]) if self.pool[p] < self.size else self.hill[p]
        # "Pool points in excess of the pool size are doubled and subtracted from his/her hill,
        # and pool points in short of the pool size are doubled and added to his/her hill"
        return self.hill[p] + 4 * (self.size - self.pool[p])


class Rostov(Preferans):
    """Rostov / Moscow (C, "Rostov's or Moscow's"): 10 whists per undertrick to the others,
    half-responsible gentleman's whist, the all-pass without the widow, the widow's points."""

    name = "rostov"
    CONS_FIXED = 10
    GENTLEMAN = True
    RESP_HALVES = 1  # "a half of the game points for each undertrick"
    ALLPASS_KIND = 2
    STEP_OPTIONS = _STEP_CONVENTIONS | _STEP_WIDOW  # (the widow's points)

    def _options(self, options):
        if "progression" in options:
            raise RuleError(_E_ONLY, "progression", "leningrad")
        self.widow_points = _flag(options, "widow")
        self.dealer_pool = _flag(options, "allpass_dealer_pool")

    def _variants(self):
        super()._variants()
        # V, four players: "If the Rostov scoring variant is being used, the talon is not used ...
        # when all players pass, the dealer scores one bullet point automatically" (his no-trick
        # pool point under Sochi's all-pass)
        self.setdefault("NO_TALON", True)

    def _hill(self, p, v2):
        if not self.variants:
            self.hill[p] += v2
            return
        # V: "each time a player would normally score a mountain point, each opponent adds
        # five whist points" (against him)
        n = self.n
        for o in range(n):
            if o != p and o != self.absent:  # (V, four players: the dealer takes no part in a hand)
                self.whists[o * n + p] += 5 * v2

    def _whist(self, i, j, v2):
        # V: "all whist points scored by the players are divided by two"
        self.whists[i * self.n + j] += v2 // 2 if self.variants else v2

    def _check_widow(self, h):
        if not self.widow_points:
            raise RuleError(_E_NEEDS, "widow", "widow")

    def _widow(self, h):
        # C: the dealer (4 players) or each partner (3 players, half) writes the widow's points
        # against the soloist; a refused widow: the soloist writes 10 against the dealer or 5
        # against each partner instead.  Hussar is scored as three players (the dummy's partner).
        s = h.soloist
        n = self.n
        if h.widow == REFUSED:
            if n == 4:
                self._whist(s, h.dealer, 2 * 10)
            else:
                for o in range(n):
                    if o != s:
                        self._whist(s, o, 2 * 5)
            return
        pts = _WIDOW_POINTS[h.widow]
        if n == 4:
            self._whist(h.dealer, s, 2 * pts)
        else:
            for o in range(n):
                if o != s:
                    self._whist(o, s, pts)  # half, in halves: pts

    def _allpass(self, h):
        if self.variants:
            super()._allpass(h)
            return
        t = h.tricks
        n = self.n
        low = 11
        for p in range(n):
            if not (n == 4 and p == h.dealer) and t[p] < low:
                low = t[p]
        tied = 0
        for p in range(n):
            if not (n == 4 and p == h.dealer) and t[p] == low:
                tied += 1
        for p in range(n):
            if n == 4 and p == h.dealer:
                if self.dealer_pool:
                    self._pool(p, 1)
                continue
            if t[p] == low:
                for o in range(n):
                    if o == p or (n == 4 and o == h.dealer) or t[o] == low:
                        continue
                    # "writes 5 points for each trick taken by an opponent"; two tied: "tricks
                    # taken by the other player is equally divided between them"
                    self._whist(p, o, 2 * _ROSTOV_ALLPASS * t[o] // tied)
            if not t[p]:
                self._pool(p, 1)

    def _adjusted(self, p):
        short = self.size - self.pool[p]
        short = short if short > 0 else 0
        if self.variants:
            return 0  # the shortfall is turned into whists in settlement()
        return self.hill[p] + 2 * short

    def settlement(self, out):
        if not self.variants:
            return super().settlement(out)
        # V's Rostov has no hill: the pool shortfall becomes 5 whists per point against the
        # player by each opponent, added to a copy of the whists for the count.
        n = self.n
        saved = list(self.whists)
        for p in range(n):
            short = self.size - self.pool[p]
            if short > 0:
                for o in range(n):
                    if o != p:
                        self.whists[o * n + p] += 10 * short
        super().settlement(out)
        self.whists = saved
        return out


CLASSES = {"sochi": Sochi, "leningrad": Leningrad, "rostov": Rostov}
