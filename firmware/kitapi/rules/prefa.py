"""Greek Prefa with pouches and chips (rules id ``prefa``).

Source: ``prefa-ball-v2.txt`` (Eric L. Ball, "Prefa Rules", version 2), the
sections "Bid Order/Bid Values", "Defenders' Responsibilities and Decisions",
"Scoring Scenarios" and "Variations".  Where the text is silent the readings
of docs/rules/prefa.md apply; each is cited next to the code that uses it.

Seats are numbered in turn order: seat i+1 acts after seat i.  With four
players the dealer sits out the hand.  One pouch point is ten chips.

The rules are tables (bid values, responsibilities) and one scoring function;
a hand is a small reusable ``Hand`` object, so scoring a hand allocates
nothing.
"""

from kitapi.game import Game, RuleError

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const


# Hand kinds.
PLAY = const(0)
PASS = const(1)  # everybody passed: the cards are thrown in, the deal rotates
THROW = const(2)  # option tentative_bid: the tentative bidder throws the hand in

# Defense modes, in the order of the log's names.
BOTH = const(0)  # both defenders play, each for himself
ALONE = const(1)  # one defender plays alone (two-handed)
INVITE = const(2)  # the active defender takes the dropped one along
NONE = const(3)  # both defenders out: the hand is not played
DEFENSES = ("both", "alone", "invite", "none")

SUITS = "SCDHN"  # spades, clubs, diamonds, hearts, no trump: the bid ladder's order
_TEN_NT = const(24)  # contract index of 10N: (10 - 6) * 5 + 4

# Bid values, by contract index (level - 6) * 5 + suit.  "Bid Order/Bid Values":
# spades (2) clubs (3) diamonds (4) hearts (5) no trumps (6); 7 x (7), 7 NT (8);
# 8 x (8), 8 NT (9); 9 x (9), 9 NT (10); 10 x (10).  10N has no value of its
# own: "Bidding Process: '10 no trump' Bid", variation A 11, variation B 10.
BID_VALUE = b"\x02\x03\x04\x05\x06\x07\x07\x07\x07\x08\x08\x08\x08\x08\x09\x09\x09\x09\x09\x0a\x0a\x0a\x0a\x0a\x00"
TEN_NT_VALUE = {"A": 11, "B": 10}

# Defenders' responsibilities by level 6..10.  "Defenders' Responsibilities
# and Decisions": both playing, 6: 2/2, 7: 2/1, 8: 1/1, 9: 1/0, 10: 0/0 (D1/D2);
# a lone defender, 6 or 7: 2, 8 or 9: 1, 10: 0.
RESP_D1 = b"\x02\x02\x01\x01\x00"
RESP_D2 = b"\x02\x01\x01\x00\x00"
RESP_ALONE = b"\x02\x02\x01\x01\x00"
# Option nine_quota: whose is the 1 trick at 9.  "bidder" (the default): D1's, as above.  "dealer":
# "Contracts of 9 tricks: The bidder closest to the dealer has a 1 trick responsibility" (Ball) and "the
# defender to the dealer's immediate right is obligated to capture 1 trick" (preferans-and-variants.txt):
# the eldest hand's (the seat after the dealer) if he defends, else the seat after him (docs/rules/prefa.md).
# It is checked in __init__ and read from the header where it is used (_play, and prefa_kasa's
# _kasa_play): no attribute, no function, no longer tuple, so it costs the device's heap nothing.

# "Number of Players: Four Players": the bidder who goes up pays the player
# sitting out 25 chips (short by one) or 50 chips (nailed).
_SIT_OUT_FEE = const(25)
# "Bidding Process: Tentative Bid": 2 points into the pouch, 2 chips to each other player.
_THROW_POINTS = const(2)
_THROW_CHIPS = const(2)
_CHIPS_PER_POINT = const(10)  # "One pouch point equals ten chips."


# RuleError codes (kitapi/messages.py has their text).
_E_OPTION = const(23)
_E_FLAG = const(24)
_E_INT = const(25)
_E_TEN_NT_OPTION = const(26)
_E_ACES_OPTION = const(27)
_E_SEAT = const(39)
_E_DEALER_BIDS = const(40)
_E_THROW = const(41)
_E_TEN_NT = const(42)
_E_ACES = const(43)
_E_ACTIVE = const(44)
_E_SUM = const(45)
_E_DEALER_TRICKS = const(46)
_E_DROPPED_TRICKS = const(47)
_E_NOT_HAND = const(48)
_E_NINE_QUOTA = const(96)


class Hand:
    """One hand as the scorer enters it; reused, never reallocated.

    ``tricks`` has a slot per seat (four slots whatever the table size).
    """

    def __init__(self):
        self.tricks = [0, 0, 0, 0]
        self.clear()

    def clear(self):
        self.kind = PLAY
        self.dealer = 0
        self.bidder = 0
        self.contract = 0  # (level - 6) * 5 + suit index
        self.defense = BOTH
        self.active = 0
        self.aces = False
        self.d1 = self.d2 = 0  # the defenders' seats, set by Prefa.defenders()
        t = self.tricks
        t[0] = t[1] = t[2] = t[3] = 0


def check_flag(options, name):
    """Option ``name`` of ``options``, true or false (False if absent); RuleError if it is neither."""
    v = options.get(name, False)
    if v is not True and v is not False:
        raise RuleError(_E_FLAG, name)
    return v


def check_int(v, key, start, end):
    if type(v) is not int or v < start or v > end:
        raise RuleError(_E_INT, key, start, end)
    return v


class Prefa(Game):
    """A game of Prefa: pouches and the chips between every pair of seats."""

    name = "prefa"
    state = ("pouch", "chips", "owed")  # type: tuple[str, ...]  # what a hand changes (Game.preview)

    def __init__(self, header):
        super().__init__(header)
        options = header.get("options", {})
        # the options taken: a tuple here, not a name of the module (its table of names 23, below its step);
        # nine_quota kept out of the tuple (its heap block would grow)
        taken = ("pouch", "ten_no_trump", "tens_as_nines", "four_aces", "tentative_bid", "two_empty_pouches")
        for k in options:
            if k not in taken and k != "nine_quota":
                raise RuleError(_E_OPTION, k)
        n = self.n
        start = check_int(options.get("pouch", 31), "pouch", 1, 100000)
        tnt = options.get("ten_no_trump", False)
        if tnt is not False and (type(tnt) is not str or tnt not in TEN_NT_VALUE):
            raise RuleError(_E_TEN_NT_OPTION)
        self.ten_nt_value = TEN_NT_VALUE[tnt] if tnt else 0
        self.tens_as_nines = check_flag(options, "tens_as_nines")
        self.tentative_bid = check_flag(options, "tentative_bid")
        self.two_empty_pouches = check_flag(options, "two_empty_pouches")
        q = options.get("nine_quota", "bidder")
        if q != "bidder" and q != "dealer":
            raise RuleError(_E_NINE_QUOTA)
        aces = options.get("four_aces", False)
        self.aces_mode = ""
        self.aces_amount = 0
        if aces is not False:
            if type(aces) is not dict or len(aces) != 2 or aces.get("mode") not in ("A", "B"):
                raise RuleError(_E_ACES_OPTION)
            self.aces_mode = aces["mode"]
            self.aces_amount = check_int(aces.get("amount"), "amount", 1, 1000)
        self.pouch = [start] * n
        self.chips = [0] * n  # net chips per seat, always summing to zero
        self.owed = [0] * (n * n)  # owed[i * n + j]: chips seat j owes seat i (net)
        self.over = False
        self.hand = Hand()

    # --- the hand: parsing, checking and the compact form -----------------

    def parse_hand(self, data, hand):
        """Fill ``hand`` from a game-log hand object (a dict); RuleError if malformed."""
        # (a loop kept for the heap: prefa_json takes the rules' constants from here; imported only here, so the
        # device, which keeps its hands packed, never loads it; by __import__, its name a string: no interned name)
        __import__("kitapi.rules.prefa_json", None, None, ("parse",)).parse(self, data, hand)

    def hand_json(self, hand, head=""):
        """The game-log line of ``hand``, ``head`` put first inside the braces."""
        return __import__("kitapi.rules.prefa_json", None, None, ("to_json",)).to_json(self, hand, head)

    def check(self, hand):
        """RuleError unless ``hand`` is legal in this game (any state)."""
        n = self.n
        if hand.dealer >= n or (hand.kind != PASS and hand.bidder >= n):
            raise RuleError(_E_SEAT, n)
        if hand.kind == PASS:
            return
        if n == 4 and hand.bidder == hand.dealer:
            raise RuleError(_E_DEALER_BIDS)
        if hand.kind == THROW:
            if not self.tentative_bid:
                raise RuleError(_E_THROW)
            return
        if hand.contract == _TEN_NT and not self.ten_nt_value:
            raise RuleError(_E_TEN_NT)
        if hand.aces and not self.aces_mode:
            raise RuleError(_E_ACES)
        self.defenders(hand)
        d1 = hand.d1
        d2 = hand.d2
        if (hand.defense == ALONE or hand.defense == INVITE) and hand.active != d1 and hand.active != d2:
            raise RuleError(_E_ACTIVE, d1, d2)
        if hand.defense == NONE:
            return
        t = hand.tricks
        total = 0
        for i in range(n):
            total += t[i]
        if total != 10:
            raise RuleError(_E_SUM, total)
        if n == 4 and t[hand.dealer]:
            raise RuleError(_E_DEALER_TRICKS)
        if hand.defense == ALONE and t[d1 + d2 - hand.active]:
            raise RuleError(_E_DROPPED_TRICKS)

    def defenders(self, hand):
        """Set ``hand.d1``, ``hand.d2``: the seats after the bidder in turn order, the 4-player dealer skipped."""
        n = self.n
        d = (hand.bidder + 1) % n
        if n == 4 and d == hand.dealer:
            d = (d + 1) % n
        hand.d1 = d
        d = (d + 1) % n
        if n == 4 and d == hand.dealer:
            d = (d + 1) % n
        hand.d2 = d

    def pack(self, hand):
        """Hand -> a 28-bit integer (docs/log-format.md, "Prefa hand payload")."""
        v = hand.kind << 26 | hand.dealer << 24
        if hand.kind == PASS:
            return v
        v |= hand.bidder << 22
        if hand.kind == THROW:
            return v
        v |= hand.contract << 17 | hand.defense << 15 | hand.aces << 12
        if hand.defense == ALONE or hand.defense == INVITE:
            v |= hand.active << 13
        if hand.defense != NONE:
            self.defenders(hand)
            t = hand.tricks
            v |= t[hand.bidder] << 8 | t[hand.d1] << 4 | t[hand.d2]
        return v

    def unpack(self, v, hand):
        """Fill ``hand`` from ``pack``'s integer; RuleError unless it is one ``pack`` makes.

        The seats are checked by ``check``, which the reader calls next.
        """
        hand.clear()
        hand.kind = v >> 26 & 3
        hand.dealer = v >> 24 & 3
        hand.bidder = v >> 22 & 3
        hand.contract = v >> 17 & 31
        hand.defense = v >> 15 & 3
        hand.active = v >> 13 & 3
        hand.aces = bool(v >> 12 & 1)
        if hand.kind > THROW or hand.contract > _TEN_NT:
            raise RuleError(_E_NOT_HAND)
        if hand.kind == PLAY and hand.defense != NONE:
            self.defenders(hand)
            t = hand.tricks
            t[hand.bidder] = v >> 8 & 15
            t[hand.d1] = v >> 4 & 15
            t[hand.d2] = v & 15
        if self.pack(hand) != v:
            raise RuleError(_E_NOT_HAND)

    # --- scoring -----------------------------------------------------------

    def pay(self, src, dest, amount):
        if amount:
            n = self.n
            self.owed[dest * n + src] += amount
            self.owed[src * n + dest] -= amount
            self.chips[dest] += amount
            self.chips[src] -= amount

    def _take(self, dest, count):
        """Take ``count`` points out of the bidder's (``dest``'s) pouch; a pouch never goes below zero.

        "Scoring Scenarios", last paragraphs: what the bidder's pouch cannot give
        is removed from the pouch of the player with the highest pouch score,
        converted to chips (ten per point) and paid to the bidder.  Reading: a tie
        goes to the first such seat after the bidder in turn order; a pouch run
        dry passes on to the next fullest; when every pouch is empty the rest
        lapses (docs/rules/prefa.md).
        """
        p = self.pouch
        n = self.n
        need = count - p[dest]
        if need <= 0:
            p[dest] -= count
            return
        p[dest] = 0
        while need > 0:
            j = -1
            for k in range(1, n):
                s = (dest + k) % n
                if p[s] and (j < 0 or p[s] > p[j]):
                    j = s
            if j < 0:
                return  # every pouch is empty: the rest lapses
            t = need if need < p[j] else p[j]
            p[j] -= t
            need -= t
            self.pay(j, dest, t * _CHIPS_PER_POINT)

    def score(self, hand):
        """Score a hand that ``check`` accepted."""
        if hand.kind == PLAY:
            self._play(hand)
        elif hand.kind == THROW:
            b = hand.bidder
            self.pouch[b] += _THROW_POINTS
            for s in range(self.n):
                if s != b:
                    self.pay(b, s, _THROW_CHIPS)
        self._end()

    def _play(self, hand):
        n = self.n
        b = hand.bidder
        bv = self.ten_nt_value if hand.contract == _TEN_NT else BID_VALUE[hand.contract]
        if hand.aces and self.aces_mode == "A":
            bv += self.aces_amount  # "Four Aces", variation A: the b.v. is raised
        level = hand.contract // 5 + 6
        if level == 10 and self.tens_as_nines:
            level = 9  # "10's as 9's": scored as though won as a 9 bid
        i = level - 6
        if hand.defense == NONE:
            # "If both defenders pass": b.v. is subtracted, no other payments.
            self._take(b, bv)
            made = True
        else:
            t = hand.tricks
            tb = t[b]
            d1 = hand.d1  # set by check()
            d2 = hand.d2
            t1 = t[d1]
            t2 = t[d2]
            a = hand.active
            short = level - tb
            if hand.defense == ALONE and short < 0 and t[a] >= RESP_ALONE[i]:
                # "If a defender goes it alone": the bidder makes it exactly or
                # better but the defender also makes it -> scored as exact.
                short = 0
            made = short <= 0
            if short >= 0:
                # Exact (x1, b.v. out of the pouch), short by one (x1, b.v. in) or nailed (x2, twice the b.v.
                # in); the bidder pays for the defenders' tricks: each his own, or all to the active defender.
                k = 1 if short <= 1 else 2
                if short:
                    self.pouch[b] += bv * k
                    if n == 4:
                        self.pay(b, hand.dealer, _SIT_OUT_FEE * k)
                else:
                    self._take(b, bv)
                if hand.defense == BOTH:
                    self.pay(b, d1, bv * t1 * k)
                    self.pay(b, d2, bv * t2 * k)
                else:
                    self.pay(b, a, bv * (t1 + t2) * k)
            elif hand.defense == BOTH:
                # The defense failed.  A defender short of his responsibility pays
                # b.v. x Tb, doubled when nailed; if only one is short he also pays
                # the other defender for that defender's tricks.
                r1 = RESP_D1[i]
                r2 = RESP_D2[i]
                if i == 3:
                    o = self.header.get("options")
                    e = hand.dealer + 1
                    if o and o.get("nine_quota") == "dealer" and (d2 - e) % n < (d1 - e) % n:
                        r1, r2 = r2, r1
                m1 = r1 - t1
                m1 = 0 if m1 < 0 else 2 if m1 > 2 else m1
                m2 = r2 - t2
                m2 = 0 if m2 < 0 else 2 if m2 > 2 else m2
                if m1:
                    self.pay(d1, b, bv * tb * m1)
                if m2:
                    self.pay(d2, b, bv * tb * m2)
                if not m2:
                    self.pay(d1, d2, bv * t2 * m1)
                elif not m1:
                    self.pay(d2, d1, bv * t1 * m2)
            elif hand.defense == INVITE:
                # The collective responsibility stays; the active defender pays
                # b.v. x Tb x the collective shortfall (1 to 4).
                self.pay(a, b, bv * tb * (RESP_D1[i] + RESP_D2[i] - t1 - t2))
            else:
                m = RESP_ALONE[i] - t[a]
                self.pay(a, b, bv * tb * (2 if m > 2 else m))
        if hand.aces and self.aces_mode == "B":
            # "Four Aces", variation B: every other player (the one sitting out
            # too) pays the bidder who makes it, or is paid by the one who doesn't.
            for s in range(n):
                if s != b:
                    self.pay(s if made else b, b if made else s, self.aces_amount)

    def _end(self):
        p = self.pouch
        n = self.n
        left = -1
        for s in range(n):
            if p[s]:
                if left >= 0:
                    return  # two pouches or more still hold points
                left = s
        if left >= 0:
            if not self.two_empty_pouches:
                return
            # "Two Empty Pouches": the last pouch is divided among the players,
            # each other player receiving pouch x 10 / players chips, rounded half up.
            share = (p[left] * _CHIPS_PER_POINT * 2 + n) // (2 * n)
            for s in range(n):
                if s != left:
                    self.pay(left, s, share)
            p[left] = 0
        self.over = True

    def write_fields(self, write):
        """Write ``"pouch": [...], "chips": [...]`` with ``write(text)``."""
        from kitapi.game import write_ints  # (here: no name in the module's table, which every Prefa game keeps)

        write('"pouch": ')
        write_ints(write, self.pouch)
        write(', "chips": ')
        write_ints(write, self.chips)
