"""The screen that names a damaged hand (kitapi.devlog skipped its record); imported only then."""

from kitapi.keys import HASH, STAR

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

# its family's texts it shows: their places in the table (kitapi.app.damage_<language>.T)
_X_TITLE = const(0)
_X_HINT = const(1)
_X_LINES = const(2)
_X_HELD = const(3)
_X_LOST = const(4)
_X_AGAIN = const(5)
_X_TORN = const(7)
_X_BAD = const(8)
_X_TORN_HAND = const(9)
_X_TORN_FIX = const(10)


class Damaged:
    """A damaged hand in the log (kitapi.devlog skipped it): which one, in words; # enters it again.

    Damaged hand                 row 0
    Hand 3 is                    rows 2-4
    damaged:
    enter it again.
    Held back: 1                 rows 5-6: later hands the rules refuse without it (kitapi.replay)
    from hand 9
    #enter *later                row 7
    """

    def __init__(self, app, number, held=(0, 0)):
        self.app = app
        self.number = number
        self.held = held  # (how many hands are held back, the first)

    def draw(self, ui):
        d = self.app.pt("damage")
        ui.title(d[_X_TITLE])
        ui.at(d[_X_LINES][0] % self.number, 0, 2)
        ui.at(d[_X_LINES][1], 0, 3)
        ui.at(d[_X_LINES][2], 0, 4)
        if self.held[0]:  # its two lines wrapped as one text: a hand number of 3 digits cuts nothing
            from kitapi import forget
            from kitapi.app.said import lines

            lines(ui, "%s %s" % (d[_X_HELD][0] % self.held[0], d[_X_HELD][1] % self.held[1]), 5)
            forget("kitapi.app.said")  # (imported again for the next frame)
        ui.hint(d[_X_HINT])

    def key(self, ev):
        if ev == HASH:
            return enter_again(self.app, self.number)
        if ev == STAR:
            return self.app.home()
        return None


def enter_again(app, number):
    """Enter damaged hand ``number`` again: the home screen for it (``app.redo``), its dealer the one
    after the hand before it; it is saved as a correction record that replaces it."""
    g = app.store.check_fix(None, number)  # the game as it stood before the hand
    app.redo = None
    app.redo = (number, g.next_dealer(), app.pt("damage")[_X_AGAIN])
    app.message = ""
    return app.home()


def open_game(app, damage):
    """The first screen of a game whose log ``damage`` (kitapi.replay) was found when it was opened: the
    damaged hand not yet entered again, if there is one, and the later hands held back for it (# enters
    it); else the home screen, saying what
    was skipped or cut off."""
    t = app.pt("damage")
    if damage[5]:  # a damaged hand not entered again yet: say which, # enters it
        app.message = t[_X_LOST] % damage[5]
        return Damaged(app, damage[5], damage[7:9])
    app.message = torn(app, damage[1]) if damage[0] == 51 and damage[4] == 1 else t[_X_BAD] % damage[4]  # 51: torn
    return app.home()


def torn(app, pos):
    """The home screen's line for a torn last record (the power lost while it was written; kitapi.devlog cut
    it off), its first bytes at ``pos`` of the log as it was (its evidence copy, NAME.badK, once mended):
    the hand to enter again, or the hand whose correction to make again; else "check the last entry"."""
    s = app.store
    t = app.pt("damage")
    name = s.name if s.log is None else "%s.bad%d" % (s.name, s.evidence(s.dir + "/" + s.name))
    try:
        with s.open(name) as f:
            f.seek(pos)
            b = f.read(3)  # op (its top 3 bits), then the hand's number, high byte first (docs/log-format.md)
    except OSError:
        b = b""
    op = b[0] >> 5 if b else -1
    if op == 0:  # a hand: its number, or the next (the number not written yet)
        return t[_X_TORN_HAND] % (b[1] << 8 | b[2] if len(b) == 3 else s.seq + 1)
    if 0 < op < 3 and len(b) == 3:  # a correction: a hand replaced or deleted
        return t[_X_TORN_FIX] % (b[1] << 8 | b[2])
    return t[_X_TORN]
