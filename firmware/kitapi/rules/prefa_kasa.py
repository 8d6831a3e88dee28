"""Greek Prefa with a common kasa (rules id ``prefa_kasa``).

Source: ``prefa-greek.txt`` ("Στήσιμο της παρτίδας", "Πληρωμή", "Τέλος
παρτίδας"); bid values and the defenders' responsibilities are Prefa's
(``kitapi.rules.prefa``).  docs/rules/prefa_kasa.md has every reading, each
with the sentence it interprets.

Every player pays ``kasa`` kapikia into one shared pot.  After a hand where
nobody "went in" (fell short), the kasa pays every player his tricks x the
bid value; a bidder who went in pays the defenders their tricks and puts the
contract's total value into the kasa; a defender who went in pays instead of
the kasa.  The game is over when the kasa is empty.  ``net[s]`` is what seat
s got minus what he paid in, so ``kasa + sum(net) == 0`` always.
"""

from kitapi.game import Game, RuleError, write_ints
from kitapi.rules.prefa import (
    ALONE,
    BID_VALUE,
    BOTH,
    NONE,
    PLAY,
    RESP_ALONE,
    RESP_D1,
    RESP_D2,
    TEN_NT_VALUE,
    THROW,
    Hand,
    Prefa,
    check_flag,
    check_int,
)

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_TEN_NT = const(24)  # contract index of 10N, as in kitapi.rules.prefa (a const there: not importable)
TOPUP = const(3)  # every player adds ``topup`` kapikia to the kasa (hand kind 3)
_MAX_TOPUP = const(100000)

_OPTIONS = ("kasa", "bidder_in", "ten_no_trump", "tens_as_nines", "four_aces")
_BIDDER_IN = ("ten", "level")  # what a bidder who went in puts into the kasa: 10 or level x b.v.

_E_OPTION = const(23)
_E_INT = const(25)
_E_TEN_NT_OPTION = const(26)
_E_ACES_OPTION = const(27)
_E_FIELD = const(29)
_E_NOT_HAND = const(48)
_E_ONE_OF = const(72)
_E_TOPUP = const(79)
_E_NINE_QUOTA = const(96)


class KasaHand(Hand):
    """A Prefa hand, or a top-up (``kind`` TOPUP, ``topup`` kapikia from each player)."""

    def clear(self):
        self.topup = 0
        super().clear()


class PrefaKasa(Prefa):
    """A game of Prefa with one shared kasa: the kasa and each player's net kapikia."""

    name = "prefa_kasa"
    state = ("net", "kasa")  # what a hand changes (Game.preview)

    def __init__(self, header):
        Game.__init__(self, header)
        options = header.get("options", {})
        for k in options:
            if k not in _OPTIONS and k != "nine_quota":  # (kept out of the tuple: its heap block would grow)
                raise RuleError(_E_OPTION, k)
        n = self.n
        each = check_int(options.get("kasa", 500), "kasa", 1, 100000)
        b = options.get("bidder_in", "ten")
        if b not in _BIDDER_IN:
            raise RuleError(_E_ONE_OF, "bidder_in", ", ".join(_BIDDER_IN))
        self.in_level = b == "level"
        tnt = options.get("ten_no_trump", False)
        if tnt is not False and (type(tnt) is not str or tnt not in TEN_NT_VALUE):
            raise RuleError(_E_TEN_NT_OPTION)
        self.ten_nt_value = TEN_NT_VALUE[tnt] if tnt else 0
        self.tens_as_nines = check_flag(options, "tens_as_nines")
        self.tentative_bid = False
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
        self.kasa = each * n
        self.net = [-each] * n  # kapikia got minus kapikia paid in, per seat
        self.over = False
        self.hand = KasaHand()

    # --- the hand ------------------------------------------------------------

    def parse_hand(self, d, h):
        if type(d) is dict and "topup" in d:
            if len(d) != 1:
                raise RuleError(_E_TOPUP)
            h.clear()
            h.kind = TOPUP
            h.topup = check_int(d["topup"], "topup", 1, _MAX_TOPUP)
            return
        if type(d) is dict and "throw" in d:
            raise RuleError(_E_FIELD, "throw")
        from kitapi.rules.prefa_json import parse

        parse(self, d, h)

    def hand_json(self, h, prefix=""):
        if h.kind == TOPUP:
            return '{%s"topup": %d}' % (prefix, h.topup)
        from kitapi.rules.prefa_json import to_json

        return to_json(self, h, prefix)

    def check(self, h):
        if h.kind == TOPUP:
            if h.dealer or not 1 <= h.topup <= _MAX_TOPUP:
                raise RuleError(_E_NOT_HAND)
            return
        if h.kind == THROW:
            raise RuleError(_E_FIELD, "throw")
        super().check(h)

    def pack(self, h):
        """Hand -> a 28-bit integer: Prefa's layout; kind 3 a top-up, its amount in bits 23-0."""
        if h.kind == TOPUP:
            return TOPUP << 26 | h.topup
        return super().pack(h)

    def unpack(self, v, h):
        if v >> 26 & 3 == TOPUP:
            h.clear()
            h.kind = TOPUP
            h.topup = v & 0xFFFFFF
            if v >> 24 & 3:
                raise RuleError(_E_NOT_HAND)
            return
        super().unpack(v, h)

    def apply(self, h):
        last = self.last_dealer
        super().apply(h)
        if h.kind == TOPUP:
            self.last_dealer = last  # a top-up deals no cards

    # --- scoring -------------------------------------------------------------

    def _paid(self, s, amount):
        """The kasa pays seat ``s``; what an emptied kasa cannot pay lapses."""
        k = self.kasa
        if amount > k:
            amount = k
        self.kasa = k - amount
        self.net[s] += amount

    def pay(self, frm, to, amount):
        self.net[frm] -= amount
        self.net[to] += amount

    def score(self, h):
        n = self.n
        if h.kind == TOPUP:
            for s in range(n):
                self.net[s] -= h.topup
            self.kasa += h.topup * n
        elif h.kind == PLAY:
            self._kasa_play(h)
        self.over = self.kasa <= 0

    def _kasa_play(self, h):
        b = h.bidder
        bv = self.ten_nt_value if h.contract == _TEN_NT else BID_VALUE[h.contract]
        if h.aces and self.aces_mode == "A":
            bv += self.aces_amount
        level = h.contract // 5 + 6
        if level == 10 and self.tens_as_nines:
            level = 9
        i = level - 6
        made = True
        if h.defense == NONE:
            self._paid(b, 10 * bv)  # both out: the bidder is paid all ten tricks
        else:
            t = h.tricks
            tb = t[b]
            d1 = h.d1  # set by check()
            d2 = h.d2
            t1 = t[d1]
            t2 = t[d2]
            a = h.active
            made = tb >= level
            if not made:
                # The bidder went in: he pays the defenders' tricks and the contract's value to the kasa.
                if h.defense == BOTH:
                    self.pay(b, d1, bv * t1)
                    self.pay(b, d2, bv * t2)
                else:
                    self.pay(b, a, bv * (t1 + t2))
                x = bv * (level if self.in_level else 10)
                self.net[b] -= x
                self.kasa += x
            elif h.defense == BOTH:
                # prefa-ball-v2.txt, "The Play of the Hand": "If the defense doesn't make it collectively, then
                # any defender who was unable to meet his or her individual responsibility in tricks, is
                # also said to be put up."  A short defender goes in only when the defence as a whole did.
                r1 = RESP_D1[i]
                r2 = RESP_D2[i]
                if i == 3:  # option nine_quota "dealer" (kitapi.rules.prefa, Prefa._play)
                    o = self.header.get("options")
                    n = self.n
                    if o and o.get("nine_quota") == "dealer" and (d2 - h.dealer - 1) % n < (d1 - h.dealer - 1) % n:
                        r1, r2 = r2, r1
                out = t1 + t2 < r1 + r2
                in1 = out and t1 < r1
                in2 = out and t2 < r2
                if in1 and in2:
                    self.pay(d1, b, bv * tb)
                    self.pay(d2, b, bv * tb)
                elif in1:
                    self.pay(d1, b, bv * tb)
                    self.pay(d1, d2, bv * t2)
                elif in2:
                    self.pay(d2, b, bv * tb)
                    self.pay(d2, d1, bv * t1)
                else:
                    self._paid(b, bv * tb)
                    self._paid(d1, bv * t1)
                    self._paid(d2, bv * t2)
            else:
                # alone: the dropped defender has no tricks; invite: the active defender answers for both
                need = RESP_ALONE[i] if h.defense == ALONE else RESP_D1[i] + RESP_D2[i]
                if t1 + t2 < need:
                    self.pay(a, b, bv * tb)
                else:
                    self._paid(b, bv * tb)
                    self._paid(a, bv * (t1 + t2))
        if h.aces and self.aces_mode == "B":
            for s in range(self.n):
                if s != b:
                    if made:
                        self.pay(s, b, self.aces_amount)
                    else:
                        self.pay(b, s, self.aces_amount)

    def write_fields(self, w):
        """Write ``"kasa": K, "net": [...]``; after an early end, the kasa split: ``"share"`` too."""
        n = self.n
        k = self.kasa
        if not (self.ended and k):
            w('"kasa": ')
            w(str(k))
            w(', "net": ')
            write_ints(w, self.net)
            return
        # "the rest of the kasa is shared equally among all players": exact, "p/q" if not whole
        w('"kasa": 0, "share": ')
        _frac(w, k, n)
        w(', "net": [')
        for s in range(n):
            if s:
                w(", ")
            _frac(w, self.net[s] * n + k, n)
        w("]")


def _frac(w, num, den):
    a = num if num >= 0 else -num
    b = den
    while b:
        a, b = b, a % b
    if a > 1:
        num //= a
        den //= a
    w(str(num) if den == 1 else '"%d/%d"' % (num, den))


CLASS = PrefaKasa  # what kitapi.rules.load returns for this rules id
