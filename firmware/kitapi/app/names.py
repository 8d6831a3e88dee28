"""The players' names where room is short: one abbreviation each, computed once per game (App.short).

Imported only when a name is longer than 6 letters: a game of short names shows the names themselves.
"""


def short(names):
    """A name of 6 letters or fewer as it is; a longer one cut to 6, unless another begins alike, then cut
    shorter with the first letter where it differs: "Kostas A", "Kostas B" -> "Kost A", "Kost B"."""
    out = []
    for a in names:
        s = a[:6]
        same = 0  # the longest beginning a shares with a name that would look the same
        for b in names:
            if len(a) > 6 and b is not a and b[:6] == s:
                i = 0
                while i < len(a) and i < len(b) and a[i] == b[i]:
                    i += 1
                same = max(same, i)
        if same:
            s = a[:4].rstrip() + " " + (a[same:].strip()[:1] or a[-1])
        out.append(s)
    return out
