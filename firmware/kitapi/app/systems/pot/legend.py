"""The pot games' hands-list legend (kitapi.app.legend, 0 on the list): what the codes of their rows mean, in
each language.  Imported when the legend opens and let go at once: its words stay out of the heap the rest of the
time."""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_PREFERENCE = const(8)  # kitapi.rules.preference_at.PREFERENCE: the Austrian ladder's top (max_bid)

# By language (kitapi.app.ui.LANGUAGES): the Austrian and Illustrated games' lines (the bid,
# kitapi.rules.preference_at.BIDS; who dropped, his tricks), then American Preference's (a chip bid, the
# tricks); "|" between them (16 columns at most, 7 lines at most).  A line that starts with "^" is the
# Illustrated game's only (its bids 5-8: its ladder goes past the Austrian one's Preference).
WORDS = (
    (
        "1-4 bid  H Hand|P Preference|^5 misère 6 slam|^7 8 open 5 6|- all passed|x13 seats out|then his tricks",
        "$5 his chip bid|then his tricks",
    ),
    (
        "1-4 αγορά H χέρι|P Πρεφεράνς|^5 μιζέρ 6 σλαμ|^7 8 ανοιχτά 5 6|- όλοι πάσο|x13 φεύγουν|μετά οι μπάζες",
        "$5 οι μάρκες του|μετά οι μπάζες",
    ),
    (
        "1-4 заявка - пас|H из руки|P Преферанс|^5 мизер 6 шлем|^7 8 открытые 5 6|x13 вышли|затем взятки",
        "$5 его ставка|затем взятки",
    ),
)


def legend(app, i):
    """Its lines in language ``i`` (of LANGUAGES), and True: the box rounds its figures (the page B).  The game's
    class says which (its ``OUTCOME``, kitapi.game.Game: 4 American suits or chips, else the Austrian ladder)."""
    g = app.g
    if g.OUTCOME == 4:
        return WORDS[i][1].split("|"), True
    high = g.max_bid > _PREFERENCE
    out = []
    for s in WORDS[i][0].split("|"):
        if s[0] != "^":
            out.append(s)
        elif high:
            out.append(s[1:])
    return out, True
