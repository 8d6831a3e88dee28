"""A key that does nothing on the screen shown, said: ``key(app, ev)`` (the hand wizards' steps, the kasa's
top-up: kitapi.app.systems.<family>.wiz).

Its own module, imported when a key is refused and let go after: the words of three languages stay out of
the heap the rest of the time, and its name out of the modules a boot loads (the 32 KB boots of
tests/device/test_app_memory.py and test_app_files.py have no room for one more interned name).
"""

from kitapi.app.ui import LANGUAGES

# "the key does nothing here", by language (kitapi.app.ui.LANGUAGES), with the key's label: 16 columns at most
WORDS = ("Key %s: not here", "Πλήκτρο %s: άκυρο", "Кнопка %s: нельзя")


def key(app, ev):
    """Say that key ``ev`` does nothing on the screen shown: the next frame's hint row says so (UI.note,
    cleared by App.run once the frame is out: until the next key); this module let go again."""
    from kitapi import forget

    app.ui.note = WORDS[LANGUAGES.index(app.lang)] % "0123456789ABCD*#"[ev & 15]
    forget("kitapi.app.nokey")
