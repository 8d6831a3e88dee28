"""The first start of a box set up from an image (``kitapi image``): "New box" before the start menu.

The image carries a marker, ``new_box``, beside main.py (above the app's folder,
whose files it leaves empty); the start menu (kitapi.app.menus.StartMenu),
the first screen of a box with no game, shows this screen first while the
marker is there, so that nobody takes a box whose games an image erased for
an updated one.  Its key removes the marker: one littlefs remove, whole or not
done, so a power cut before it shows the screen again at the next start, and
one after it never.  Imported only while the marker is there.
"""

from kitapi.keys import HASH, STAR

# by language (kitapi.app.ui.LANGUAGES): the title, what it means, the key
WORDS = (
    ("New box", ("Set up from an", "image: no games", "on it yet"), "# start"),
    ("Νέο κουτί", ("Στήθηκε από", "την αρχή: καμία", "παρτίδα ακόμα"), "# έναρξη"),
    ("Новое устройство", ("Установлено", "заново: игр", "пока нет"), "# начать"),
)  # fmt: skip


class NewBox:
    def __init__(self, app, path):  # path: the marker, "/new_box" on a Pico (hw.root is "/data")
        self.app = app
        self.path = path

    def key(self, ev):
        """Whether it is done with: # or *, the marker removed."""
        if ev != HASH and ev != STAR:
            return False
        try:
            self.app.store.fs.remove(self.path)
        except OSError:  # (gone already, or the flash refused: shown again at the next start)
            pass
        from kitapi.app.main import _forget

        _forget(("app.newbox",))  # (never needed again)
        return True

    def draw(self, ui):
        from kitapi.app.ui import LANGUAGES

        w = WORDS[LANGUAGES.index(self.app.lang) if self.app.lang in LANGUAGES else 0]
        ui.title(w[0])
        row = 1
        for line in w[1]:
            ui.at(line, 0, row)
            row += 1
        ui.hint(w[2], 4)
