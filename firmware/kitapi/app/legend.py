"""The hands list's codes spelled out (0 on the list, kitapi.app.history): what each short code on the rows of
the open game's family means ("=", "+1", "w-", "Bett", "x13", "$5" ...), in the box's language; B its second
page, how the box rounds the figures it marks ≈ (not Priffe's); * (or 0) back to the list, at the page and
the hand it was on.

Its own module, imported when 0 is pressed and let go when the list comes back: its words (every family's,
in three languages) stay out of the heap the rest of the time, and its names out of the modules a boot loads
(a boot that views a closed Sochi game's hand interns about 620 names: one more pool costs 7 KB at once).
The Preferans and Balkan defenders' words are the summary's legend (kitapi.app.systems.preferans.lang_xx
LEGEND), so that the list and the summary say them alike.
"""

from kitapi.app.ui import LANGUAGES
from kitapi.keys import KEY_B, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the Preferans texts it reuses: their places in the table (kitapi.app.systems.preferans.lang_<language>.T)
_P_LEGEND = const(36)
_PREFERENCE = const(8)  # kitapi.rules.preference_at.PREFERENCE: the Austrian ladder's top (max_bid)

# By language (kitapi.app.ui.LANGUAGES): each family's legend, "|" between its lines (16 columns at most, 7
# lines at most: rows 0-6; row 7 names the keys), then the key back.  A line that starts with "^" is the
# Illustrated game's only (its bids 5-8), or the kasa game's (its home screen's key for a top-up); "%" stands
# for the defenders' words of the summary's legend.
# In the order of _FAMILY: Prefa and the kasa (a bid made exactly, over, short; both defenders passed;
# four aces declared); Russian Preferans (the defenders' words, then made, over, short, misère); Balkan
# (the words: whist and pass, half-whist; Bettler, a closed Game, made ...); the Austrian and Illustrated
# games (the bid, kitapi.rules.preference_at.BIDS; who dropped, his tricks); American Preference (a chip
# bid, the tricks); Priffe (the team's tricks, honours held).  Long strings, few names: this module is
# imported on a boot that may be near a doubling of the interned names' pool.
WORDS = (
    (
        "= made exactly|+1 one over|-1 one down|✓ both passed|! four aces|^D:+ kasa top-up",
        "%|= made exactly|+1 one over|-1 one down|Mis misère",
        "%|Bett Bettler|G Game, closed|= made exactly|+1 one over|-1 one down",
        "1-4 bid  H Hand|P Preference|^5 misère 6 slam|^7 8 open 5 6|- all passed|x13 seats out|then his tricks",
        "$5 his chip bid|then his tricks",
        "7 team's tricks|* honours held",
        "*back",
        # helper W: how the box rounds (its second page, B; not Priffe's, which rounds nothing), its keys last (in
        # the long string: a literal of 10 characters or fewer would be an interned name)
        "\u2248 rounded once:|each down, then|the largest|fractions up, so|payments add up.|Money to 0.01 or"
        "|stake's decimals|*back B:\u2248",
    ),
    (
        "= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη|✓ και οι 2 πάσο|! τέσσερις άσσοι|^D:+ προσθήκη",
        "%|= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη|Μιζ μιζέρ",
        "%|Μπέτ Μπέτλερ|G κλειστό γκέιμ|= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη",
        "1-4 αγορά H χέρι|P Πρεφεράνς|^5 μιζέρ 6 σλαμ|^7 8 ανοιχτά 5 6|- όλοι πάσο|x13 φεύγουν|μετά οι μπάζες",
        "$5 οι μάρκες του|μετά οι μπάζες",
        "7 μπάζες ομάδας|* τιμές",
        "*πίσω",
        "\u2248 στρογγυλεμένο:|όλα κάτω, μετά|τα μεγαλύτερα|δεκαδικά πάνω,|να συμφωνούν.|Χρήματα σε 0.01"
        "|ή δεκαδικά αξίας|*πίσω B:\u2248",
    ),
    (
        "= сыграно ровно|+1 взятка сверх|-1 без одной|✓ оба паса|! четыре туза|^D:+ докупка",
        "%|= сыграно ровно|+1 взятка сверх|-1 без одной|Миз мизер",
        "%|Бет беттлер|G закрытая игра|= сыграно ровно|+1 взятка сверх|-1 без одной",
        "1-4 заявка - пас|H из руки|P Преферанс|^5 мизер 6 шлем|^7 8 открытые 5 6|x13 вышли|затем взятки",
        "$5 его ставка|затем взятки",
        "7 взятки пары|* онёры",
        "*назад",
        "\u2248 округлено:|всё вниз, затем|наибольшие|остатки вверх,|чтобы сходилось.|Деньги до 0.01|или как ставка"
        "|*назад B:\u2248",
    ),
)
# the place of each family's legend in WORDS, by what the open game's class says its hands are (its OUTCOME,
# kitapi.game.Game): a bid of Prefa or the kasa (1) 0, a soloist and whisters (2) 1 (Balkan's numbered
# contracts 2), the Austrian ladder (3) 3, American suits or chips (4) 4, Priffe's partnership (5) 5; asked of
# the class, never of a rules id, so that a variant added to the registry alone has its parent's legend
_FAMILY = "001345"


class Legend:
    """The legend of the open game's family: its lines on rows 0-6, its key on row 7."""

    def __init__(self, app):
        self.app = app
        w = WORDS[LANGUAGES.index(app.lang)]
        g = app.g
        k = getattr(g, "OUTCOME", 1)
        f = int(_FAMILY[k]) + (k == 2 and g.NUMBERED is not None)
        # the Illustrated game's bids 5-8 (its ladder goes past the Austrian one's Preference); the kasa's top-up
        high = g.max_bid > _PREFERENCE if k == 3 else k == 1 and hasattr(g, "kasa")
        out = []
        for s in w[f].split("|"):
            if s == "%":  # the summary's words of the defenders: whist and pass, half-whist (and the dealer's)
                out.extend(app.pt("preferans")[_P_LEGEND][2 : 4 if f == 2 else 5])
            elif s[0] != "^":
                out.append(s)
            elif high:
                out.append(s[1:])
        self.page = None  # the other page (B), how the box rounds: every family's but Priffe's (rounds nothing)
        if k == 5:
            out.append(w[6])
        else:
            self.page = w[7].split("|")
            out.append(self.page[-1])  # (the keys, with B)
        self.w = out

    def draw(self, ui):
        w = self.w
        for i in range(len(w) - 1):
            ui.at(w[i], 0, i)
        ui.hint(w[-1])

    def key(self, ev):
        if ev == KEY_B and self.page:  # the other page
            self.w, self.page = self.page, self.w
            return None
        if ev == STAR or ev == 0:  # back to the list, where it was (App.go kept it)
            app = self.app
            from kitapi import forget

            forget("kitapi.app.legend")  # (its class lives on while it runs)
            return app.back()
        from kitapi.app.nokey import key

        key(self.app, ev)
        return None
