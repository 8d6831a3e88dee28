"""A hand's line made to fit its row (kitapi.app.ui.fitted): the name it begins with cut first, told apart
(kitapi.app.names.fit), then its words after it: fewer, then cut with a dot; the figures are kept.  Imported only for a
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
        name = fit(names, k, max(4, n - (len(s) - w)))
        if s[n : n + 1] == " " and w - len(name) > 4:  # its words after it squeezed alone: the name kept whole
            return name + " " + squeeze(s[n + 1 :], w - len(name) - 1)
        s = name + s[n:]
    return squeeze(s, w)


def squeeze(s, w):
    """Line ``s`` in ``w`` characters, the figures kept: the words it begins with after the first dropped ("Πάσο
    όλοι 4-6-0" -> "Πάσο 4-6-0", "Passed out 0-10-0" -> "Passed 0-10-0"): less said, in whole words; only then
    its longest words cut to 3 letters and marked with a dot, then a word cut to 2 ("Al. 10-0-0-0"); cut at
    ``w`` only if that is not enough."""
    least = 3
    while len(s) > w:
        words = s.split(" ")
        j = 0
        while j < len(words) and _letters(words[j].rstrip(".")):
            j += 1  # (the words it begins with: its label; the rest are figures and codes)
        if j > 1:
            words.pop(j - 1)
            s = " ".join(words)
            continue
        k = -1
        for j in range(len(words)):
            x = words[j].rstrip(".")
            if len(words[j]) > least + 1 and _letters(x) and (k < 0 or len(x) > len(words[k].rstrip("."))):
                k = j
        if k >= 0:
            x = words[k].rstrip(".")
            words[k] = x[: max(least, len(x) - (len(s) - w) - 1)] + "."
        elif least == 3:
            least = 2
        else:
            return s[:w]
        s = " ".join(words)
    return s


def _letters(x):
    """Whether word ``x`` is a word, not a figure (no digit or sign at either end)."""
    return x and x.strip("0123456789+-=") == x
