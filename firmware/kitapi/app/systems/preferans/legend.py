"""Russian Preferans' and Balkan's hands-list legend (kitapi.app.legend, 0 on the list): what the codes of its
rows mean, in each language.  Imported when the legend opens and let go at once: its words stay out of the heap
the rest of the time."""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# its family's texts it shows: their places in the table (kitapi.app.systems.preferans.lang_<language>.T)
_P_LEGEND = const(36)

# By language (kitapi.app.ui.LANGUAGES): Russian Preferans' lines, then Balkan's (its numbered contracts), "|"
# between them (16 columns at most; the defenders' words before them make 7 at most): made, over, short,
# misère; Balkan's Bettler, a closed Game, made, over, short.
WORDS = (
    (
        "= made exactly|+1 one over|-1 one down|Mis misère",
        "Bett Bettler|G Game, closed|= made exactly|+1 one over|-1 one down",
    ),
    (
        "= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη|Μιζ μιζέρ",
        "Μπέτ Μπέτλερ|G κλειστό γκέιμ|= έβγαλε ακριβώς|+1 μία παραπάνω|-1 μία λιγότερη",
    ),
    (
        "= сыграно ровно|+1 взятка сверх|-1 без одной|Миз мизер",
        "Бет беттлер|G закрытая игра|= сыграно ровно|+1 взятка сверх|-1 без одной",
    ),
)


def legend(app, i):
    """Its lines in language ``i`` (of LANGUAGES), and True: the box rounds its figures (the page B).  First the
    summary's words of the defenders (its legend's: whist and pass, half-whist, and the dealer's but in Balkan),
    so that the list and the summary say them alike; the game's class says which lines (``NUMBERED``: Balkan)."""
    b = app.g.NUMBERED is not None
    out = list(app.pt("preferans")[_P_LEGEND][2 : 4 if b else 5])
    out.extend(WORDS[i][b].split("|"))
    return out, True
