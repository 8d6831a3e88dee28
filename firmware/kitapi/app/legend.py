"""The hands list's codes spelled out (0 on the list, kitapi.app.history): what each short code on the rows of
the open game's family means ("=", "+1", "w-", "Bett", "x13", "$5" ...), in the box's language; * (or 0)
back to the list, at the page and the hand it was on.

Its own module, imported when 0 is pressed and let go when the list comes back: its words (every family's,
in three languages) stay out of the heap the rest of the time, and its names out of the modules a boot loads
(a boot that views a closed Sochi game's hand interns about 620 names: one more pool costs 7 KB at once).
The Preferans and Balkan defenders' words are the summary's legend (kitapi.app.systems.preferans.lang_xx
LEGEND), so that the list and the summary say them alike.
"""

from kitapi.app.ui import LANGUAGES
from kitapi.keys import STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# the Preferans texts it reuses: their places in the table (kitapi.app.systems.preferans.lang_<language>.T)
_P_LEGEND = const(36)

# By language (kitapi.app.ui.LANGUAGES): the lines of each family's legend, "|" between them, 16 columns
# at most, 7 lines at most (rows 0-6; row 7 names the keys).  A line that starts with "^" is the
# Illustrated game's only (its bids 5-8); "%" stands for the defenders' words of the summary's legend.
# Prefa and the kasa: a bid made exactly, over, short; both defenders passed; four aces declared
PREFA = (
    "= made exactly|+1 one over|-1 one down|- both passed|! four aces",
    "= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη|- και οι 2 πάσο|! τέσσερις άσσοι",
    "= сыграно ровно|+1 взятка сверх|-1 без одной|- оба паса|! четыре туза",
)
# Russian Preferans: the defenders' words (%), then made, over, short, misère
PREFERANS = (
    "%|= made exactly|+1 one over|-1 one down|Mis misere",
    "%|= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη|Μιζ μιζέρ",
    "%|= сыграно ровно|+1 взятка сверх|-1 без одной|Миз мизер",
)
# Balkan Preferans: the defenders' words (%, whist and pass, half-whist), Bettler, a closed Game, made ...
BALKAN = (
    "%|Bett Bettler|G Game, closed|= made exactly|+1 one over|-1 one down",
    "%|Μπέτ Μπέτλερ|G Game κλειστό|= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη",
    "%|Бет беттлер|G закрытая игра|= сыграно ровно|+1 взятка сверх|-1 без одной",
)
# Austrian and Illustrated Préférence: the bid (kitapi.rules.preference_at.BIDS), who dropped, his tricks
POT = (
    "1-4 bid  H Hand|P Preference|^5 misere 6 slam|^7 8 open 5 6|- all passed|x13 seats out|then his tricks",
    "1-4 αγορά H χέρι|P Πρεφεράνς|^5 μιζέρ 6 σλαμ|^7 8 ανοιχτά 5 6|- όλοι πάσο|x13 φεύγουν|μετά οι μπάζες",
    "1-4 заявка - пас|H без прикупа|P Преферанс|^5 мизер 6 шлем|^7 8 открытые 5 6|x13 вышли|затем взятки",
)
# American Preference: a chip bid, then the declarer's tricks
US = (
    "$5 his chip bid|then his tricks",
    "$5 οι μάρκες του|μετά οι μπάζες",
    "$5 его ставка|затем взятки",
)
# Priffe: the team's tricks, honours held
PRIFFE = (
    "7 team's tricks|* honours held",
    "7 μπάζες ομάδας|* τιμές",
    "7 взятки пары|* онёры",
)
BACK = ("*back", "*πίσω", "*назад")  # its key


def legend(app):
    """The lines of the legend of the open game's family, in the app's language, a list."""
    name = app.g.name
    lang = LANGUAGES.index(app.lang)
    if name == "prefa" or name == "prefa_kasa":
        text = PREFA[lang]
    elif name == "balkan":
        text = BALKAN[lang]
    elif name == "preference_us":
        text = US[lang]
    elif name == "priffe":
        text = PRIFFE[lang]
    elif name.startswith("preference"):
        text = POT[lang]
    else:  # sochi, leningrad, rostov
        text = PREFERANS[lang]
    out = []
    for s in text.split("|"):
        if s == "%":  # the summary's words of the defenders: whist and pass, half-whist (and the dealer's)
            out.extend(app.pt("preferans")[_P_LEGEND][2 : 4 if name == "balkan" else 5])
        elif s[0] != "^":
            out.append(s)
        elif name == "preference_illustrated":
            out.append(s[1:])
    return out


class Legend:
    """The legend screen: the lines on rows 0-6, its key on row 7."""

    def __init__(self, app):
        self.app = app
        self.lines = legend(app)

    def draw(self, ui):
        for i in range(min(7, len(self.lines))):
            ui.at(self.lines[i], 0, i)
        ui.hint(BACK[LANGUAGES.index(self.app.lang)])

    def key(self, ev):
        if ev == STAR or ev == 0:  # back to the list, where it was (App.go kept it)
            app = self.app
            _let_go()
            return app.back()
        from kitapi.app.nokey import key

        key(self.app, ev)
        return None


def _let_go():
    """Let this module go (its class lives on while it runs)."""
    import sys

    sys.modules.pop("kitapi.app.legend", None)
    parent = sys.modules.get("kitapi.app")
    if parent is not None and hasattr(parent, "legend"):
        delattr(parent, "legend")
