"""The players' names where room is short: one abbreviation each, computed once per game (App.short), and
cut narrower where a screen gives less room (``fit``, through kitapi.app.ui.cut), still told apart.

Imported only when a name is longer than its room: a game of short names shows the names themselves.  A hand's
line made to fit is kitapi.app.fitline's (imported only for a line too long, and let go).
"""


def short(names):
    """A name of 6 letters or fewer as it is; a longer one cut to 6, unless another begins alike, then cut
    shorter with the first letter where it differs: "Kostas A", "Kostas B" -> "Kost A", "Kost B"."""
    return [fit(names, i, 6) for i in range(len(names))]


def fit(names, i, w):
    """Name ``i`` in ``w`` letters at most, told apart from every other name at ``w``: cut, or where another
    would look the same, cut shorter with the first letter where it differs ("Kons o", "Kons a" in 4: "Ko o",
    "Ko a")."""
    a = names[i]
    if len(a) <= w:
        return a
    s = a[:w].rstrip()
    if w < 3:  # (too short to tell apart by a letter: cut)
        return s
    same = 0  # the longest beginning a shares with a name that would look the same
    for j in range(len(names)):
        b = names[j]
        if j != i and (b if len(b) <= w else b[:w].rstrip()) == s:
            k = 0  # (slices: a str's index interns the character it gives, for good)
            while k < len(a) and k < len(b) and a[k : k + 1] == b[k : k + 1]:
                k += 1
            same = max(same, k)
    if same and w >= 3:
        s = a[: w - 2].rstrip() + " " + (a[same:].strip()[:1] or a[-1:])
    return s
