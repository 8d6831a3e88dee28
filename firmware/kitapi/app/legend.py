"""The hands list's codes spelled out (0 on the list, kitapi.app.history): what each short code on the rows of
the open game's family means ("=", "+1", "w-", "Bett", "x13", "$5" ...), in the box's language; B its second
page, how the box rounds the figures it marks ≈ (not Priffe's); * (or 0) back to the list, at the page and
the hand it was on.

Its own module, imported when 0 is pressed and let go when the list comes back; the family's lines are its
package's (kitapi.app.systems.<family>.legend: ``legend(app, i)``, its lines in language ``i`` of LANGUAGES and
whether the box rounds its figures), imported here and let go at once: their words stay out of the heap the rest
of the time, and their names out of the modules a boot loads (a boot that views a closed Sochi game's hand
interns about 620 names: one more pool costs 7 KB at once).
"""

from kitapi.app.ui import LANGUAGES
from kitapi.keys import KEY_B, STAR

# By language (kitapi.app.ui.LANGUAGES): the key back, then how the box rounds (its second page, B; not
# Priffe's, which rounds nothing), "|" between its lines (16 columns at most), its keys last (in the long string:
# a literal of 10 characters or fewer would be an interned name).  Long strings, few names: this module is
# imported on a boot that may be near a doubling of the interned names' pool.
WORDS = (
    (
        "*back",
        "\u2248 rounded once:|each down, then|the largest|fractions up, so|payments add up.|Money to 0.01 or"
        "|stake's decimals|*back B:\u2248",
    ),
    (
        "*πίσω",
        "\u2248 στρογγυλεμένο:|όλα κάτω, μετά|τα μεγαλύτερα|δεκαδικά πάνω,|να συμφωνούν.|Χρήματα σε 0.01"
        "|ή δεκαδικά αξίας|*πίσω B:\u2248",
    ),
    (
        "*назад",
        "\u2248 округлено:|всё вниз, затем|наибольшие|остатки вверх,|чтобы сходилось.|Деньги до 0.01|или как ставка"
        "|*назад B:\u2248",
    ),
)


class Legend:
    """The legend of the open game's family: its lines on rows 0-6, its key on row 7."""

    def __init__(self, app):
        self.app = app
        i = LANGUAGES.index(app.lang)
        import sys

        from kitapi import forget

        # the family's lines (a family's legend may take another's: the kasa game's, Prefa's), let go at once
        out, rounds = __import__(app.sys.__name__ + ".legend", None, None, ("x",)).legend(app, i)
        for k in [k for k in sys.modules if k.startswith("kitapi.app.systems.") and k.endswith(".legend")]:
            forget(k)
        w = WORDS[i]
        self.page = None  # the other page (B), how the box rounds: every family's but Priffe's (rounds nothing)
        if rounds:
            self.page = w[1].split("|")
            out.append(self.page[-1])  # (the keys, with B)
        else:
            out.append(w[0])
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
