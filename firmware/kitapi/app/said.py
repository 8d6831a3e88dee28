"""A message of several rows, wrapped at its spaces (``wrap``), and the refusal screen that says one whole
(``Said``): imported with a message (kitapi.app.refusal, kitapi.app.damaged) and let go with it, apart from
the message tables and their words, so that a refusal on the screen keeps only this in the heap."""


def wrap(s, w=16):
    """The rows of ``s`` in ``w`` columns, each broken at a space: a word longer than a row is the only thing
    ever split.  A generator: a message is drawn row by row, no list of them made.  Here, not in
    kitapi.app.ui: a name every screen keeps costs heap for good, and only a message of several rows needs
    it."""
    i = 0
    n = len(s)
    while i < n:
        if s.startswith(" ", i):  # (the space a row was broken at, or two; not s[i], which interns a letter)
            i += 1
            continue
        end = i + w
        if end >= n:
            yield s[i:].rstrip()
            return
        j = s.rfind(" ", i, end + 1)  # (a space just after the row: the row full to its edge)
        if j < 0:  # no space: a word longer than a row, split at its edge
            yield s[i:end]
            i = end
        else:
            yield s[i:j].rstrip()
            i = j + 1


def lines(ui, s, row):
    """Draw ``s`` from ``row`` on, wrapped at its spaces (``wrap``); returns the row after it."""
    for line in wrap(s):
        ui.at(line, 0, row)
        row += 1
    return row


def rows(s):
    """How many rows ``s`` takes, wrapped."""
    k = 0
    for _ in wrap(s):
        k += 1
    return k


class Said:
    """A refusal, whole, in the player's language; any key goes on (to the screen refused from).

    Not saved                   row 0: what was refused
    the game is over:           rows 1-6: why, wrapped at its spaces,
    no hand can                 and what to do next
    follow. Delete
    the later hands
    first.
    #ok                         row 7 (the message's, if it needs seven)
    """

    action = None  # what D does, where the message offers it (kitapi.app.mend)

    def __init__(self, app, title, hint, message, then):  # (names interned anyway: none of its own)
        self.app = app
        self.title = title
        self.hint = hint
        self.message = message
        self.then = then

    def draw(self, ui):
        ui.title(self.title)
        if lines(ui, self.message, 1) <= 7:
            ui.hint(self.hint)

    def key(self, ev):
        self.app.message = ""  # (said here: not again on the next screen)
        if ev == 13 and self.action:  # D (kitapi.keys.KEY_D), where the message offers it
            return self.action()
        return self.then or self.app.home()  # (None: the home screen, made only now, kitapi.app.mend)
