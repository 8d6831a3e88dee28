"""The first start of a box set up from an image (``kitapi image``): "New box" before the start menu.

The image carries a marker, ``new_box.txt``, beside main.py (above the app's
folder, which it leaves empty); the start menu (kitapi.app.menus.StartMenu),
the first screen of a box with no game, draws this screen and passes it its
keys while the marker is there, so that nobody takes a box whose games an
image erased for an updated one.  # or * removes the marker: one littlefs
remove, whole or not done, so a power cut before it shows the screen again at
the next start, and one after it never.  Imported only while the marker is there.
"""

from kitapi.keys import HASH, STAR

MARKER = "new_box.txt"  # (kitapi.app.menus' _NEW_BOX; kitapi_host.device.image.NEW_BOX)

# by language (kitapi.app.ui.LANGUAGES): the title, what it means, the key
WORDS = (
    ("New box", ("Set up from an", "image: no games", "on it yet"), "# start"),
    ("Νέο κουτί", ("Στήθηκε από", "την αρχή: καμία", "παρτίδα ακόμα"), "# έναρξη"),
    ("Новое устройство", ("Установлено", "заново: игр", "пока нет"), "# начать"),
)  # fmt: skip


def draw(app, ui):
    from kitapi.app.ui import LANGUAGES

    w = WORDS[LANGUAGES.index(app.lang) if app.lang in LANGUAGES else 0]
    ui.title(w[0])
    row = 1
    for line in w[1]:
        ui.at(line, 0, row)
        row += 1
    ui.hint(w[2], 4)


def key(app, ev, path):
    """# or *: the marker ``path`` removed (the start menu draws itself from then on); None."""
    if ev != HASH and ev != STAR:
        return None
    try:
        app.store.fs.remove(path)
    except OSError:  # (gone already, or the flash refused: shown again at the next start)
        pass
    from kitapi import forget

    forget("kitapi.app.newbox")  # never needed again
    return None
