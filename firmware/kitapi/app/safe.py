"""What the box says when its own files or its boots went wrong; imported only then.

    Safe mode                  row 0         after two boots in a row that failed before
    MemoryError:               rows 2-3      their first screen settled (kitapi.app.run):
    memory allocation                        what failed (ROOT/fails, at spaces), that a PC can
    PC: kitapi sync            row 4         still sync (the link needs nothing of the
    # try again                row 6         app), # to try again, C to try again
    C without game             row 7         without the current game (set aside)

Its words are here, not in the string tables the game keeps in the heap; the app's lines for a small
file set aside (Store.bad) and a note ignored (App.first_screen) too.
"""

from kitapi.keys import HASH, KEY_C

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

RESET = const(0)  # "Reset: %s": a small file that could not be used, set aside, a default in its place
IGNORED = const(1)  # the note of ROOT/next that does not fit the game: not acted on
_SAFE = const(2)
_SYNC = const(3)
_AGAIN = const(4)
_WITHOUT = const(5)
_MINUTE = const(60000)
_HOUR = const(3600000)

# by language (kitapi.app.ui.LANGUAGES)
WORDS = (
    ("Reset: %s", "Note ignored", "Safe mode", "PC: kitapi sync", "# try again", "C without game"),
    ("Επαναφ. %s", "Σημείωση άκυρη", "Ασφαλής εκκίνηση", "PC: kitapi sync", "# ξανά", "C χωρίς παιχνίδι"),
    ("Сброс: %s", "Заметка неверна", "Безопасный режим", "ПК: kitapi sync", "# ещё раз", "C без игры"),
)


def word(lang, k):
    """Text ``k`` in language ``lang`` (English for one it does not know)."""
    from kitapi.app.ui import LANGUAGES

    return WORDS[LANGUAGES.index(lang) if lang in LANGUAGES else 0][k]


def say(app, k, arg=None):
    """Text ``k`` (``arg`` in its place) as the app's line (``app.message``): a file set aside not over a
    damaged log's line, but over a note ignored (its cause); then this module is let go (a game's heap has
    no room to keep it)."""
    from kitapi import forget

    s = word(app.lang, k)
    if k == IGNORED or not app.message or app.message == word(app.lang, IGNORED):
        app.message = s if arg is None else s % arg
    forget("kitapi.app.safe")


def _rows(s):
    """``s`` in rows of 16 cells, broken at spaces (a word longer than a row at the row's end): the first
    two (the rest is in crash.log)."""
    out = []  # type: list[str]
    while s and len(out) < 2:
        k = len(s) if len(s) <= 16 else s.rfind(" ", 0, 17)
        if k <= 0:
            k = 16
        out.append(s[:k])
        s = s[k:].lstrip()
    return out + [""] * (2 - len(out))


def safe(hw, what):
    """The safe screen (``what``: what failed, as ROOT/fails has it), until # (try again) or C (the current
    game set aside, then again): ROOT/fails is removed either way.  Drawn with the app's font in the
    settings' language; with framebuf's own font in English if even that fails."""
    what = _rows(what)
    store = None
    try:
        from kitapi.app.store import Store
        from kitapi.app.ui import UI

        store = Store(hw.root, getattr(hw, "fs", None))
        lang = store.settings()[2]
        ui = UI(hw, None)
        ui.clear()
        ui.title(word(lang, _SAFE))
        ui.at(what[0], 0, 2)
        ui.at(what[1], 0, 3)
        ui.at(word(lang, _SYNC), 0, 4)
        ui.at(word(lang, _AGAIN), 0, 6)
        ui.at(word(lang, _WITHOUT), 0, 7)
    except Exception:  # noqa: BLE001 - then with framebuf's own font, in English
        fb = hw.fb
        fb.fill(0)
        for i, s in enumerate((WORDS[0][_SAFE], what[0], what[1], WORDS[0][_SYNC], "", WORDS[0][_AGAIN])):
            fb.text(s, 0, 8 * i + (0 if i < 1 else 8), 1)
        fb.text(WORDS[0][_WITHOUT], 0, 56, 1)
    hw.display_power(True)
    hw.show()
    on = True
    while True:  # the display dark after a minute without a key (the battery); the key that lights it is
        ev = hw.key(_MINUTE if on else _HOUR)  # not acted on, as in the app
        if (ev < 0) == on:
            on = not on
            hw.display_power(on)
        elif ev == HASH or ev == KEY_C:
            break
    path = hw.root + "/fails"
    try:
        if store is None:
            from kitapi.app.store import Store

            store = Store(hw.root, getattr(hw, "fs", None))
        if ev == KEY_C:  # (none there: the rename fails, nothing done)
            store.aside("current")  # (the game's log stays: the Games menu, the sync)
        store.fs.remove(path)
    except OSError:
        pass
