"""A hand's line made to fit its row (kitapi.app.ui.fitted): the name it begins with cut first, told apart
(kitapi.app.names.fit), then its longest words marked with a dot; the figures are kept.  Imported only for a
line too long, and let go after it (a module kept costs the heap of every later screen)."""

from kitapi.app.names import fit


def fit_line(names, s, w):
    """A hand's line (kitapi.app.systems.<family>.describe) in ``w`` characters: the name it begins with cut
    first (told apart: ``fit``), then its words (``squeeze``); the figures kept."""
    if len(s) <= w:
        return s
    k = -1
    for i in range(len(names)):  # (the longest that begins it: "Kost" and "Kost A")
        n = len(names[i])
        if s.startswith(names[i]) and s[n : n + 1] in ("", " ", "$") and (k < 0 or n > len(names[k])):
            k = i
    if k >= 0:
        n = len(names[k])
        s = fit(names, k, max(3, n - (len(s) - w))) + s[n:]
    return squeeze(s, w)


def squeeze(s, w):
    """Line ``s`` in ``w`` characters: its longest words cut and marked with a dot ("Λάθος μοίρ."), the
    figures kept; cut at ``w`` only if that is not enough."""
    while len(s) > w:
        words = s.split(" ")
        k = -1
        for j in range(len(words)):
            x = words[j].rstrip(".")
            if len(x) > 3 and x.strip("0123456789+-=") == x and (k < 0 or len(x) > len(words[k])):
                k = j
        if k < 0:
            return s[:w]
        x = words[k].rstrip(".")
        words[k] = x[: max(3, len(x) - (len(s) - w) - 1)] + "."
        s = " ".join(words)
    return s
