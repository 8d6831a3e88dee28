"""Refusals in the player's language, whole (issue 24, item 2): every message the core can give the box (each
RuleError code of kitapi.messages, the damage messages among them) has its Greek and Russian text, is wrapped at
word boundaries within the 16-column screen, and says what to do next where there is a next step."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from kitapi.app import font, messages_el, messages_el2, messages_ru, messages_ru2
from kitapi.app.refusal import WORDS, text
from kitapi.app.said import rows, wrap
from kitapi.app.ui import COLS, LANGUAGES
from kitapi.game import RuleError
from kitapi.messages import EN
from kitapi.messages import text as english
from lang_table import table as lang_table
from test_app_screens import problems, vocabulary
from testkit import NAMES, SETUP, Device, lines

TABLES = {"en": EN, "el": messages_el.T + messages_el2.T, "ru": messages_ru.T + messages_ru2.T}  # (halves: 0-56, 57-)
_LINES = (50, 103, 104, 105, 106)  # the parts of kitapi.messages.damage's line, the PC's: no RuleError (the box
# says a damaged log with kitapi.app.damage_xx: kitapi.app.damaged)
_PLACE = re.compile(r"%(?:04X|[sd])")


def _args(code: int) -> tuple[object, ...]:
    """RuleError args of ``code`` with a detail for each placeholder: a word, a phrase, a number."""
    out: list[object] = [code]
    for i, p in enumerate(_PLACE.findall(EN[code])):
        out.append(27 if p != "%s" else ("contract", "a hand without 'widow'")[i % 2])
    return tuple(out)


def test_every_code_has_its_greek_and_russian_text_with_the_same_placeholders() -> None:
    assert len(messages_el.T) == len(messages_ru.T) == 57 and len(TABLES["el"]) == len(TABLES["ru"]) == len(EN)
    for code in range(1, len(EN)):
        for lang in ("el", "ru"):
            t = TABLES[lang][code]
            assert t and t != EN[code], (lang, code)
            assert _PLACE.findall(t) == _PLACE.findall(EN[code]), (lang, code, t)
            assert t.count("%") == EN[code].count("%"), (lang, code, t)  # (no stray %)
            assert all(ord(c) < 128 or c in font.GLYPHS for c in t), (lang, code, t)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_reads_on_the_box_in_its_language_as_the_pc_words_it(lang: str) -> None:
    """The box's English is the PC's (kitapi.messages.text) but for a next step after it; Greek and Russian
    fill their text the same way (a word quoted, a phrase as it is); every one fits the refusal screen."""
    app = SimpleNamespace(lang=lang)
    for code in range(1, len(EN)):
        args = _args(code)
        said = text(app, RuleError(*args))
        details = tuple(f"'{a}'" if a == "contract" else a for a in args[1:])
        assert said.startswith(TABLES[lang][code] % details if details else TABLES[lang][code]), (code, said)
        if lang == "en":
            assert said.startswith(english(args))
        if code not in _LINES:  # the refusal screen's rows 1-6 (kitapi.app.refusal.Said; English's chip bids 1-7)
            assert rows(said) <= (6 if (lang, code) != ("en", 86) else 7), (lang, code, said)
        assert all(len(w) <= COLS for w in said.split()), (lang, code, said)  # no word is ever split


def test_a_game_that_cannot_follow_says_to_delete_the_later_hands_first() -> None:
    for lang, step in zip(LANGUAGES, ("Delete the later hands first.", "Σβήστε πρώτα", "Сначала удалите"), strict=True):
        for code in (10, 18):
            assert step in text(SimpleNamespace(lang=lang), RuleError(code)), (lang, code)
    assert "enter it again" in text(SimpleNamespace(lang="en"), RuleError(104, 3))
    assert "περάστε την ξανά" in text(SimpleNamespace(lang="el"), RuleError(104, 3))
    assert "введите её заново" in text(SimpleNamespace(lang="ru"), RuleError(104, 3))


def test_an_error_that_is_no_rule_error_says_its_own_words_and_a_code_from_a_newer_core_its_number() -> None:
    # the flash's refusals, by their number, in the box's words (issue 36, item 5); any other error as it says
    assert text(SimpleNamespace(lang="el"), OSError(28, "ENOSPC")) == "Η μνήμη του κουτιού γέμισε."
    assert text(SimpleNamespace(lang="ru"), OSError(5)) == "Память не приняла запись (ошибка 5)."
    assert text(SimpleNamespace(lang="el"), ValueError("x")) == "x"
    for lang in LANGUAGES:
        assert text(SimpleNamespace(lang=lang), RuleError(len(EN) + 5)) == f"?{len(EN) + 5}"


def _greedy(s: str, w: int = COLS) -> list[str]:
    """The rows of ``s`` broken by hand: as many whole words on each as fit, a longer word cut at the edge."""
    out: list[str] = []
    row = ""
    for word in s.split():
        while len(word) > w:
            if row:
                out.append(row)
                row = ""
            out.append(word[:w])
            word = word[w:]
        if not row:
            row = word
        elif len(row) + 1 + len(word) <= w:
            row += " " + word
        else:
            out.append(row)
            row = word
    return out + ([row] if row else [])


def test_the_wrapper_splits_no_word_that_fits_a_row() -> None:
    import random

    rng = random.Random(24)
    words = [w for t in TABLES.values() for s in t for w in s.split()] + ["x" * 16, "y" * 17, "z" * 40]
    for _ in range(3000):
        s = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 12)))
        got = list(wrap(s))
        assert got == _greedy(s), s
        assert all(0 < len(r) <= COLS for r in got) and rows(s) == len(got)
    assert list(wrap("exactly sixteen! next")) == ["exactly sixteen!", "next"]
    assert list(wrap("a  b   ")) == ["a  b"] and list(wrap("")) == []


def test_the_words_of_the_refusal_screen_fit() -> None:
    assert len(WORDS) == len(LANGUAGES) and len({len(w) for w in WORDS}) == 1
    for w in WORDS:
        assert all(len(s) <= COLS for s in (w[2], w[4], *w[3])), w
        for s in (w[0], w[1], w[2], w[4], w[5], *w[3]):
            assert all(ord(c) < 128 or c in font.GLYPHS for c in s), s


# --- through the simulator ---------------------------------------------------------------------
# Prefa, pouch 2: Ann's six fails (she goes in), then a six each: every pouch empty after hand 5.  Without
# hand 1's failure (deleted, or edited to a six made) the game would be over after hand 4: hand 5 could
# not follow, and the core refuses the correction (code 10).
_GAME = SETUP.replace(" 100# ", " 2# ") + "  1 6 1 1 5 # #  1 6 1 4 #  2 6 1 4 #  3 6 1 4 #  1 6 1 4 # *"
_SAID = {
    "en": ("Not saved", "Not deleted", "the game is over: no hand can follow. Delete the later hands first."),
    "el": ("Δεν γράφτηκε", "Δεν σβήστηκε",
           "η παρτίδα έληξε: δεν χωράει άλλη διανομή. Σβήστε πρώτα τις επόμενες διανομές."),
    "ru": ("Не записано", "Не удалено",
           "игра окончена: раздач больше быть не может. Сначала удалите следующие раздачи."),
}  # fmt: skip


def _device(tmp_path: Path, lang: str) -> Device:
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "settings").write_text(f"255 60 {lang}\n")
    return Device(data)


def _whole(screen: list[tuple[int, int, str]], title: str, said: str) -> None:
    """The refusal screen: its title, then the message on the rows after it, whole and wrapped at its
    spaces (no row over 16 cells), then its key; nothing on it cut or on something else."""
    shown = lines(screen)
    assert shown[0] == title, shown
    body = shown[1:-1]
    assert " ".join(body) == said, shown  # every word, in its order: nothing cut, nothing split
    assert body == _greedy(said), shown  # each row as full as whole words make it
    assert all(font.width(r) <= 128 for r in body)
    assert not problems(screen, vocabulary(tuple(NAMES))), problems(screen, vocabulary(tuple(NAMES)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refused_deletion_and_correction_say_why_whole_and_what_to_do(tmp_path: Path, lang: str) -> None:
    not_saved, not_deleted, said = _SAID[lang]
    dev = _device(tmp_path, lang)
    dev.keys(_GAME)
    log = tmp_path / "data" / "games" / "0001.kitapi"
    before = log.read_bytes()
    shown = dev.keys("A 8 8 8 8 D #")  # the hands, down to hand 1, delete it: refused
    _whole(shown[-1], not_deleted, said)
    listed = lines(dev.keys("1")[-1])  # any key: back to the list, at hand 1 (issue 36, item 8: it was home)
    assert listed[1].startswith("1/") and listed[-1] == lang_table(lang).HINT_HISTORY, listed
    home = dev.keys("*")[-1]  # the home screen, the game as it was
    assert "A:" in lines(home)[-1] and len(lines(home)) > 10, lines(home)
    # edit hand 1: Ann made her six (6 tricks, the defenders' default): refused when saved, the game now over at
    # hand 3; D would delete hands 4-5 and save it (issue 36, item 9: tests/device/test_app_mend.py)
    summary = dev.keys("A 8 8 8 8 # * * 6 # ")[-1]
    assert lines(summary)[1].endswith(" 6♠ ="), lines(summary)  # (Ann, as multi-tap types it in the language)
    _whole(dev.keys("#")[-1], not_saved, WORDS[LANGUAGES.index(lang)][6] % (3, "4-5"))
    assert dev.keys("5")[-1] == summary  # any key: back to the hand, to change it or leave it
    dev.close()
    assert log.read_bytes() == before  # nothing written


_HEADER = {
    "en": "the header is damaged (cut short or checksum mismatch)",
    "el": "η κεφαλίδα χάλασε (κομμένη ή λάθος άθροισμα ελέγχου)",
    "ru": "заголовок испорчен (обрезан или не сошлась контрольная сумма)",
}
_NOT_OPENED = {"en": "Not opened", "el": "Δεν άνοιξε", "ru": "Не открыто"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_damaged_log_is_said_whole_in_the_language(tmp_path: Path, lang: str) -> None:
    """The game's log with a bit flipped in its header (kitapi.devlog: two CRCs): the box cannot open it and
    says why, whole, in the player's language; any key goes on to the start menu."""
    dev = _device(tmp_path, lang)
    dev.keys(SETUP + " 1 6 1 4 #")
    dev.close()
    log = tmp_path / "data" / "games" / "0001.kitapi"
    b = bytearray(log.read_bytes())
    b[20] ^= 0x10
    log.write_bytes(bytes(b))
    dev = Device(tmp_path / "data")
    _whole(dev.keys("~10")[-1], _NOT_OPENED[lang], _HEADER[lang])
    menu = lines(dev.keys("#")[-1])
    assert menu[1].startswith("1 ") and not any(_HEADER[lang][:8] in s for s in menu), menu  # said once
    dev.close()


class _UI:
    def __init__(self) -> None:
        self.rows: list[tuple[str, int]] = []

    def at(self, s: str, col: int, row: int) -> None:
        self.rows.append((s, row))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hands_refusal_takes_rows_2_to_6_and_a_longer_one_its_key_to_the_whole(lang: str) -> None:
    """kitapi.app.shell.wizard_preview: a hand's summary has rows 2-6 for its refusal; one longer (American
    Preference's chip bids: seven rows in English) shows its first four and the key that says it whole (#: the
    refusal screen, App.save_hand), no row cut."""
    from kitapi.app import shell

    class _Game:
        def __init__(self, e: RuleError) -> None:
            self.e = e

        def preview(self, h: object) -> RuleError:
            return self.e

    w = SimpleNamespace(app=SimpleNamespace(lang=lang), h=None, error="")
    longer = 0
    for code in (47, 60, 10, 86):  # the dealer takes no tricks, a half-whist, the game over, the chip bids
        w.g = _Game(RuleError(code))
        ui = _UI()
        assert shell.wizard_preview(w, ui) is None
        whole = list(wrap(text(w.app, RuleError(code))))
        if len(whole) <= 5:
            assert ui.rows == [(r, 2 + i) for i, r in enumerate(whole)], code
        else:
            longer += 1
            more = WORDS[LANGUAGES.index(lang)][4]
            assert ui.rows == [*((r, 2 + i) for i, r in enumerate(whole[:4])), (more, 6)], code
    assert longer >= 1  # (the chip bids, in every language)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_too_long_for_the_summary_is_said_whole_on_its_key(tmp_path: Path, lang: str) -> None:
    """American Preference, chip bids 5, 5, 0: a tie, which the rules refuse (code 86, seven rows in English).
    The summary shows its first rows (as many as fit before the key's row) and the key that says it whole;
    # (the save, refused) says it whole on the refusal screen; any key goes back to the hand."""
    from kitapi_host.sim import typist

    dev = _device(tmp_path, lang)
    dev.keys(typist.setup_keys("preference_us", 3, 100))
    summary = lines(dev.keys("D 5 # 5 # # 1 #")[-1])
    said = text(SimpleNamespace(lang=lang), RuleError(86))
    whole = _greedy(said)
    w = WORDS[LANGUAGES.index(lang)]
    if len(whole) > 5:
        assert summary[2:7] == [*whole[:4], w[4]], summary
    else:
        assert summary[2 : 2 + len(whole)] == whole, summary
    shown = dev.keys("#")[-1]
    assert lines(shown)[0] == w[3][0] and lines(shown)[1 : 1 + len(whole)] == whole, lines(shown)
    assert all(font.width(s) <= 128 for _, _, s in shown)
    assert lines(dev.keys("1")[-1]) == summary  # back to the hand
    dev.close()
