"""The kasa game's hands-list legend (kitapi.app.legend, 0 on the list): Prefa's (its hands are Prefa's), and the
home screen's key for a top-up.  Imported when the legend opens and let go at once."""

# By language (kitapi.app.ui.LANGUAGES): the line of the top-up's key (16 columns at most)
WORDS = ("D:+ kasa top-up", "D:+ προσθήκη", "D:+ докупка")


def legend(app, i):
    """Its lines in language ``i`` (of LANGUAGES), and True: the box rounds its figures (the page B)."""
    from kitapi.app.systems.prefa import legend as prefa

    out = prefa.legend(app, i)[0]
    out.append(WORDS[i])
    return out, True
