"""Swedish Priffe (rules id ``priffe``): four players in two partnerships, rubbers of two games.

Source: ``priffe.txt`` (the sections "Bidding", "Play", "Outcome" and
"Points").  docs/rules/priffe.md has the log's fields and every reading, each
with the sentence it interprets.

A hand is one of five contracts: Play (no trump), Noll (take few tricks),
Hearts, Diamonds, or the forced Noll (all passed, or the last bid was Spades
or Clubs), which has no declarer.  The hand gives the tricks of one
partnership (the declarer's; in a forced Noll the dealer's): the tricks of a
team are always counted together.  Trick points go towards the game (30 for a
team's first game, 40 for its second); the rubber ends when a team has won two
games, the difference of the two teams' rubber points / 10 goes to each
winner and from each loser, and the players change places.

Seats are the header's players; seat i+1 sits to the left of seat i at the
start, so seats 0 and 2 are partners in the first rubber.
"""

from kitapi.game import Game, RuleError, write_ints

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# Contracts, in the log's order ("Play": the five contracts).
PLAY = const(0)  # no trump, the declarers take as many tricks as they can
NOLL = const(1)  # the declarers take as few tricks as they can
HEARTS = const(2)
DIAMONDS = const(3)
FORCED = const(4)  # forced Noll: all passed, or the last bid was Spades or Clubs; no declarer
CONTRACTS = ("play", "noll", "hearts", "diamonds", "forced")

# Honours held (the second points table's three lines), in the log's form.
HONOURS = ("", "3", "3+1", "4")  # none; three in one hand; three and one with the partner; four in one hand

_TRICKS = const(13)  # "the players receive 13 cards each"
_BOOK = const(6)  # "10 for every trick over 6"
_NOLL_BOOK = const(7)  # "In a Noll, each trick below 7 scores 10 points"
_TRICK = const(10)  # "scores 10 for every trick over 6"; "each trick below 7 scores 10 points"
_LITTLE_SLAM = const(10)  # "an extra 10 for taking 6 overtricks (little slam)"
_BIG_SLAM = const(20)  # "an extra 20 for taking 7 overtricks (big slam)"
_FIRST_GAME = const(30)  # "If a team has 30 or more trick points, they win the first game"
_SECOND_GAME = const(40)  # "need 40 trick points to win their second game"
_FIRST_BONUS = const(10)  # "and score an additional 10 bonus points"
_SECOND_BONUS = const(20)  # "which gives the team an additional 20 bonus points"
_GAMES = const(2)  # "A rubber is completed when either team has won two games."
_UNIT = const(10)  # "the result is divided by ten"
# "Four honours in one hand 50, Three honours in one hand 20, Three honours in
# one hand and one with the partner 40" (the second table; the first's is missing).
_HONOUR_VALUES = (0, 20, 40, 50)

_OPTIONS = ("points", "honours", "noll_slams", "rubbers", "rotation")
_POINTS = ("main", "second")
_ROTATION = ("swap", "cycle")

# RuleError codes (kitapi/messages.py has their text).
_E_OPTION = const(23)
_E_FLAG = const(24)
_E_INT = const(25)
_E_NOT_HAND = const(48)
_E_ONE_OF = const(72)
_E_ONLY = const(77)
_E_PLAYERS = const(88)
_E_HONOURS_OPTION = const(91)


class Hand:
    """One hand as the scorer enters it; reused, never reallocated."""

    def __init__(self):
        self.clear()

    def clear(self):
        self.dealer = 0
        self.contract = PLAY
        self.declarer = 0  # the seat of the final bid (0 in a forced Noll)
        self.tricks = 0  # the declarer's partnership's tricks; the dealer's in a forced Noll
        self.honours = 0  # an index of HONOURS
        self.holder = 0  # the seat holding the three or four honours (0 without honours)


def check_int(v, what, lo, hi):
    if type(v) is not int or v < lo or v > hi:
        raise RuleError(_E_INT, what, lo, hi)
    return v


class Priffe(Game):
    """A game of Priffe: the rubber in play per partnership, and each player's individual points."""

    name = "priffe"
    OUTCOME = 5  # a partnership's contract (OUTCOME: kitapi.game.Game's comment, not an attribute of Game)
    # what a hand changes (Game.preview)
    state = ("below", "games", "points", "individual", "order", "side", "prev", "lead", "rubbers")
    min_players = 4

    def __init__(self, header):
        players = header.get("players") if type(header) is dict else None
        if type(players) is not list or len(players) != 4:
            raise RuleError(_E_PLAYERS)
        super().__init__(header)
        options = header.get("options", {})
        for k in options:
            if k not in _OPTIONS:
                raise RuleError(_E_OPTION, k)
        p = options.get("points", "main")
        if p not in _POINTS:
            raise RuleError(_E_ONE_OF, "points", ", ".join(_POINTS))
        self.second = p == "second"
        hv = options.get("honours", None)
        if hv is None:
            self.honour_values = _HONOUR_VALUES
        else:
            if self.second:
                raise RuleError(_E_ONLY, "honours", "the main points table")
            if type(hv) is not list or len(hv) != 3:
                raise RuleError(_E_HONOURS_OPTION)
            for x in hv:
                if type(x) is not int or x < 0 or x > 1000 or x % _UNIT:
                    raise RuleError(_E_HONOURS_OPTION)
            self.honour_values = (0, hv[1], hv[2], hv[0])  # the option lists four, three, three+one
        v = options.get("noll_slams", False)
        if v is not True and v is not False:
            raise RuleError(_E_FLAG, "noll_slams")
        self.noll_slams = v
        self.max_rubbers = check_int(options.get("rubbers", 6), "rubbers", 1, 99)
        r = options.get("rotation", "swap")
        if r not in _ROTATION:
            raise RuleError(_E_ONE_OF, "rotation", ", ".join(_ROTATION))
        self.cycle = r == "cycle"
        self.order = [0, 1, 2, 3]  # the seats clockwise round the table
        self.side = [0, 1, 0, 1]  # each seat's partnership: 0 is seat 0's
        self.prev = -1  # seat 0's partner in the rubber before this one (option rotation cycle)
        self.lead = -1  # who deals the first hand of the rubber after a change of places (o[q] below)
        self.below = [0, 0]  # trick points towards the game in play
        self.games = [0, 0]  # games won in the rubber
        self.points = [0, 0]  # every point of the rubber: tricks, slams, honours, games
        self.rubbers = 0  # rubbers played out
        self.individual = [0, 0, 0, 0]  # each player's individual points
        self.over = False
        self.hand = Hand()

    # --- the hand: parsing, checking and the compact form -----------------

    def parse_hand(self, d, h):
        from kitapi.rules.priffe_json import parse  # (a loop kept for the heap: priffe_json takes the rules'
        # constants from here; imported only here, so the device, which keeps its hands packed, never loads it)

        parse(self, d, h)

    def hand_json(self, h, prefix=""):
        from kitapi.rules.priffe_json import to_json

        return to_json(self, h, prefix)

    def check(self, h):
        """RuleError unless hand ``h`` is legal (any state): what ``pack`` can hold, no more."""
        if not (0 <= h.dealer < 4 and 0 <= h.declarer < 4 and 0 <= h.holder < 4):
            raise RuleError(_E_NOT_HAND)
        if not (0 <= h.contract <= FORCED and 0 <= h.tricks <= _TRICKS and 0 <= h.honours < 4):
            raise RuleError(_E_NOT_HAND)
        if (h.contract == FORCED and h.declarer) or (not h.honours and h.holder):
            raise RuleError(_E_NOT_HAND)

    def pack(self, h):
        """Hand -> a 28-bit integer (docs/log-format.md, "Priffe hand payload")."""
        return (h.contract << 25 | h.dealer << 23 | h.declarer << 21 | h.tricks << 17 | h.honours << 15
                | h.holder << 13)  # fmt: skip

    def unpack(self, v, h):
        """Fill ``h`` from ``pack``'s integer; RuleError unless it is one ``pack`` makes."""
        h.clear()
        h.contract = v >> 25 & 7
        h.dealer = v >> 23 & 3
        h.declarer = v >> 21 & 3
        h.tricks = v >> 17 & 15
        h.honours = v >> 15 & 3
        h.holder = v >> 13 & 3
        if v >> 28 or v & 0x1FFF:
            raise RuleError(_E_NOT_HAND)
        self.check(h)

    def next_dealer(self):
        """The player on the last dealer's left; after a change of places, the one who stays put and deals."""
        d = self.last_dealer
        if d < 0:
            return self.header.get("dealer", 0)
        o = self.order
        if not (self.points[0] or self.points[1] or self.over):  # the last hand ended a rubber (every hand scores)
            return self.lead
        return o[(o.index(d) + 1) % 4]

    # --- scoring -----------------------------------------------------------

    def score(self, h):
        side = self.side
        c = h.contract
        ref = side[h.dealer] if c == FORCED else side[h.declarer]
        t = h.tricks
        noll = c == NOLL or c == FORCED
        # The side that won the hand and its tricks: more than half in Play and the suits,
        # fewer than half in a Noll ("take more (or fewer in a Noll) tricks than the other team").
        if noll:
            win = ref if t < _NOLL_BOOK else 1 - ref
        else:
            win = ref if t > _BOOK else 1 - ref
        wt = t if win == ref else _TRICKS - t
        if noll:
            units = _NOLL_BOOK - wt  # "each trick below 7 scores 10 points"
            slam = 0
            if self.noll_slams:
                slam = _BIG_SLAM if wt == 0 else _LITTLE_SLAM if wt == 1 else 0
        else:
            units = wt - _BOOK  # "10 for every trick over 6"
            slam = _BIG_SLAM if units == 7 else _LITTLE_SLAM if units == 6 else 0
        # "If the declarers lose, the defenders win double"; "In a forced Noll ... no doubling".
        k = 2 if c != FORCED and win != ref else 1
        tp = _TRICK * units * k
        self.points[win] += tp + slam * k
        # "Only points for tricks before doubling count towards winning a game" (main table);
        # the second table's "Every penalty trick 20" counts in full (docs/rules/priffe.md).
        self.below[win] += tp if self.second else _TRICK * units
        if h.honours:
            self.points[side[h.holder]] += self.honour_values[h.honours]
        g = self.games[win]
        if self.below[win] >= (_SECOND_GAME if g else _FIRST_GAME):
            self.games[win] = g + 1
            self.points[win] += _SECOND_BONUS if g else _FIRST_BONUS
            self.below[0] = self.below[1] = 0  # a new game starts from nothing
            if g + 1 == _GAMES:
                self._rubber(h.dealer)

    def _rubber(self, dealer):
        """The rubber is over: individual points, then the players change places."""
        d = (self.points[0] - self.points[1]) // _UNIT  # exact: every point is a multiple of ten
        for s in range(4):
            self.individual[s] += d if self.side[s] == 0 else -d
        self.rubbers += 1
        self.below[0] = self.below[1] = 0
        self.games[0] = self.games[1] = 0
        self.points[0] = self.points[1] = 0
        if self.rubbers >= self.max_rubbers:
            self.over = True  # "Typically six rubbers are played"
            return
        # "with a second rubber, the dealer and forehand stay put and the other two change
        # places": the dealer of the rubber's first hand (after ``dealer``) and the forehand
        # on his left stay; their partners change places.
        o = self.order
        q = (o.index(dealer) + 1) % 4
        self.lead = o[q]  # he stays put and deals (the last dealer may move: the device needs it)
        before = o[(o.index(0) + 2) % 4]
        _swap(o, (q + 2) % 4, (q + 3) % 4)
        if self.cycle and o[(o.index(0) + 2) % 4] == self.prev:
            # option rotation "cycle": the pairing of the rubber before last would come back;
            # the forehand and the dealer's partner change places instead.
            _swap(o, (q + 2) % 4, (q + 3) % 4)
            _swap(o, (q + 1) % 4, (q + 2) % 4)
        self.prev = before
        p = o[(o.index(0) + 2) % 4]
        for s in range(4):
            self.side[s] = 0 if s == 0 or s == p else 1

    def write_fields(self, w):
        """Write the partnerships, the rubber in play, the rubbers played and the individual points."""
        side = self.side
        w('"partners": [')
        for k in (0, 1):
            w(", [" if k else "[")
            first = True
            for s in range(4):
                if side[s] == k:
                    w(str(s) if first else ", " + str(s))
                    first = False
            w("]")
        o = self.order
        z = o.index(0)
        w('], "table": ')
        write_ints(w, [o[(z + i) % 4] for i in range(4)])
        w(', "trick_points": ')
        write_ints(w, self.below)
        w(', "games": ')
        write_ints(w, self.games)
        w(', "points": ')
        write_ints(w, self.points)
        w(', "rubbers": ')
        w(str(self.rubbers))
        w(', "individual": ')
        write_ints(w, self.individual)


def _swap(o, i, j):
    o[i], o[j] = o[j], o[i]


CLASS = Priffe  # what kitapi.rules.load returns for this rules id
