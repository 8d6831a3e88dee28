"""A box set up from an image (``kitapi image``) says "new box" on its first start, once (kitapi.app.newbox)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitapi.app.newbox import WORDS
from kitapi.app.ui import LANGUAGES
from test_app_screens import language, problems, vocabulary
from testkit import Device, lines

MENU = {"en": "New game", "el": "Νέα παρτίδα", "ru": "Новая игра"}  # the start menu's first entry, in part


def _boot(data: Path) -> tuple[Device, list[str]]:
    dev = Device(data)
    return dev, lines(list(dev.fw.texts))


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_first_start_from_an_image_says_new_box_once(tmp_path: Path, code: str) -> None:
    data = tmp_path / "data"
    language(data, code)
    marker = tmp_path / "new_box.txt"  # beside the app's folder, as the image lays it ("/new_box.txt" beside "/data")
    marker.write_bytes(b"kitapi image\n")
    title, said, hint = WORDS[LANGUAGES.index(code)]
    dev, shown = _boot(data)
    try:
        assert shown == [title, *said, hint]
        assert problems(list(dev.fw.texts), vocabulary()) == []
        after = dev.keys("5 1")  # other keys leave it as it is
        assert all(lines(s) == shown for s in after) and marker.exists()
        start = lines(dev.keys("#")[-1])  # its key: the boot's first screen, the start menu; the marker gone
        assert any(MENU[code] in s for s in start), start
        assert not marker.exists()
    finally:
        dev.close()
    dev, shown = _boot(data)  # the next start: straight to the start menu
    try:
        assert title not in shown and any(MENU[code] in s for s in shown), shown
    finally:
        dev.close()


def test_a_start_stopped_before_the_key_says_it_again(tmp_path: Path) -> None:
    """The marker goes only with the key (one remove, whole or not done): a box switched off on the screen, or cut
    before the remove reached the flash, says "new box" at its next start; an ordinary box never does."""
    data = tmp_path / "data"
    (tmp_path / "new_box.txt").write_bytes(b"")
    for _ in range(2):
        dev, shown = _boot(data)
        dev.close()
        assert shown[0] == WORDS[0][0]
    (tmp_path / "new_box.txt").unlink()
    dev, shown = _boot(data)
    dev.close()
    assert WORDS[0][0] not in shown
