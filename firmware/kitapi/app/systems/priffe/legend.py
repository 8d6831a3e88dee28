"""Priffe's hands-list legend (kitapi.app.legend, 0 on the list): what the codes of its rows mean, in each
language.  Imported when the legend opens and let go at once."""

# By language (kitapi.app.ui.LANGUAGES): "|" between its lines: the team's tricks, honours held
WORDS = ("7 team's tricks|* honours held", "7 μπάζες ομάδας|* τιμές", "7 взятки пары|* онёры")


def legend(app, i):
    """Its lines in language ``i`` (of LANGUAGES), and False: the box rounds none of its figures (no page B)."""
    return WORDS[i].split("|"), False
