"""What the box says when the core refuses something: a RuleError's message (kitapi.messages, by code) in the
player's language, whole, and what to do next where there is a next step; imported only while one is said.

The Greek and Russian messages are kitapi.app.messages_el and messages_ru (codes 0-56) and messages_el2 and
messages_ru2 (57 on), the box's alone (the PC prints the English of kitapi.messages); the half that holds the
code is imported for the one message and let go at once, as RuleError.__str__ lets the English go: a table
costs heap only while a message is made."""

from kitapi.app.said import Said, lines, rows, wrap

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_HALF = const(57)  # the first code of messages_xx2
_NEXT_LATER = const(0)  # the next steps: their places in a language's WORDS
_NEXT_DEPLOY = const(1)
_OK = const(2)  # the refusal screen's key
_TITLES = const(3)  # its titles: what was refused (SAVE, DELETE, OPEN, START)
# what was refused: the callers pass the number (its name in a comment there); private, so that none is
# interned at the import (a correction's refusal at 64 KB is a few names from a new qstr pool: kitapi.app.mend)
_SAVE = const(0)
_DELETE = const(1)
_OPEN = const(2)
_START = const(3)
_MORE = const(4)
_MEMORY = const(4)  # a fifth title: short of heap, the box restarted (App.run's MemoryError: ``memory``)
_NO_MEMORY = const(5)  # what it says then: its place in a language's WORDS
_OS = const(7)  # the flash's refusals (an OSError's number): full, or any other

# by language (kitapi.app.ui.LANGUAGES): the next steps, the refusal screen's key and its titles (MEMORY's
# last), the key that says a refusal too long for a hand's summary whole (kitapi.app.shell.wizard_preview: MORE),
# what the box says after it ran out of heap (``memory``), where a correction now ends the game (6: its
# place, kitapi.app.mend's), and the flash's refusals (``text``)
WORDS = (
    ("Delete the later hands first.", "Update the box: kitapi deploy.", "#ok",
     ("Not saved", "Not deleted", "Not opened", "Not started", "Out of memory"), "#:read it all",
     "The box ran out of memory and started again. Every saved hand is kept.",
     # helper W: a correction that ends the game earlier (kitapi.app.mend): the new end, the later hands
     "The game now ends at hand %d. D: delete hands %s (restorable) and save.",
     ("The box's memory is full.", "The memory would not take it (error %d).")),
    ("Σβήστε πρώτα τις επόμενες διανομές.", "Ενημερώστε το κουτί: kitapi deploy.", "#εντάξει",
     ("Δεν γράφτηκε", "Δεν σβήστηκε", "Δεν άνοιξε", "Δεν ξεκίνησε", "Χωρίς μνήμη"), "#:όλο το μήνυμα",
     "Η μνήμη τελείωσε και το κουτί ξεκίνησε ξανά. Κάθε γραμμένη διανομή κρατήθηκε.",
     "Τέλος πλέον στη διανομή %d. D: σβήνει τις %s (επαναφέρονται) και γράφει.",
     ("Η μνήμη του κουτιού γέμισε.", "Η μνήμη δεν το δέχτηκε (σφάλμα %d).")),
    ("Сначала удалите следующие раздачи.", "Обновите прошивку: kitapi deploy.", "#ок",
     ("Не записано", "Не удалено", "Не открыто", "Не начата", "Нет памяти"), "#:читать всё",
     "Не хватило памяти: коробка перезапущена. Все записанные раздачи сохранены.",
     "Теперь партия кончается на раздаче %d. D: удалить %s (можно вернуть) и записать.",
     ("Память устройства заполнена.", "Память не приняла запись (ошибка %d).")),
)  # fmt: skip


def words(app):
    from kitapi.app.ui import LANGUAGES

    return WORDS[LANGUAGES.index(app.lang) if app.lang in LANGUAGES else 0]


def text(app, e):
    """What error ``e`` says, in the app's language: a RuleError's message (its code's), then its next step
    where there is one (a correction or a deletion that a later hand cannot follow: delete the later hands
    first); the flash's (an OSError with its number) in the language's words, any other error in its own."""
    from kitapi.game import RuleError

    if isinstance(e, OSError) and e.args and type(e.args[0]) is int:
        w = words(app)[_OS]
        return w[0] if e.args[0] == 28 else w[1] % e.args[0]  # (28: ENOSPC)
    if not isinstance(e, RuleError) or not e.args or type(e.args[0]) is not int:
        return str(e)
    args = e.args
    code = args[0]
    msg = _message(app.lang, code)
    if len(args) > 1:
        msg = msg % tuple([_detail(a) if type(a) is str and "%s" in msg else a for a in args[1:]])
    step = _NEXT_LATER if code == 10 or code == 18 else _NEXT_DEPLOY if code == 21 else -1
    if step >= 0:
        msg = "%s. %s" % (msg, words(app)[step])
    return msg


def _message(lang, code):
    """The text of ``code`` in ``lang`` (English for one without its table): its table imported, then let
    go (only the text is kept).  Greek's and Russian's in two halves (messages_xx: codes 0-56, messages_xx2:
    57 on), so that a message costs half a table."""
    first = 0
    if lang not in ("el", "ru"):
        name = "kitapi.messages"
    elif code < _HALF:
        name = "kitapi.app.messages_" + lang
    else:
        name = "kitapi.app.messages_%s2" % lang
        first = _HALF
    m = __import__(name, None, None, ("x",))
    table = m.EN if name == "kitapi.messages" else m.T
    _let_go(name)
    k = code - first
    return table[k] if 0 < code and k < len(table) else "?%d" % code  # (a code from a newer core: its number)


def _detail(a):
    """A text detail as kitapi.messages quotes it (tests/device/test_refusal.py checks they agree): one word
    quoted, a phrase of the message's own as it is; cut to 40 characters."""
    if " " in a or "'" in a:
        return a if len(a) <= 40 else a[:37] + "..."
    if len(a) > 40:
        return "'%s'..." % a[:37]
    return "'%s'" % a


def _let_go(name):
    """Let module ``name`` go (its table with it): imported again for the next message.  On the device's
    runtimes (MicroPython, CircuitPython); CPython keeps its modules (the PC's code may hold them)."""
    import sys

    if sys.implementation.name != "cpython":
        from kitapi import forget

        forget(name)


def preview(w, ui, e):
    """A hand's refusal on its summary (kitapi.app.shell.wizard_preview): RuleError ``e`` (None: the one kept,
    ``w.error``) in the player's language, kept in ``w.error`` (App.save_hand saves nothing while there is
    one), wrapped on rows 2-6; one longer (American Preference's chip bids), its first four rows and the key
    that says it whole (#: App.save_hand's refusal screen)."""
    _let_go("kitapi.app.refusal")  # (its functions live on while they run)
    _let_go("kitapi.app.said")
    if e is not None:
        w.error = text(w.app, e)
    if rows(w.error) <= 5:
        lines(ui, w.error, 2)
        return None
    row = 2
    for line in wrap(w.error):
        if row == 6:
            break
        ui.at(line, 0, row)
        row += 1
    ui.at(words(w.app)[_MORE], 0, 6)
    return None


def memory(app, then):
    """The boot after App.run's MemoryError (ROOT/next ``m``: kitapi.app.nextboot): "Out of memory", the box
    restarted, every saved hand kept, in the player's language; its key goes on to ``then``, the game (its
    hands are on flash) or the start menu if there is none, made before this module was imported: the game
    opens on the fresh heap as at any boot.  (Here, not in kitapi.app.main: each of the app's names is
    interned at every boot.)"""
    return say(app, _MEMORY, words(app)[_NO_MEMORY], then)


def say(app, what, e, then=None):
    """The refusal screen for error ``e`` (or its words, ``text``; ``what`` was refused: SAVE, DELETE, OPEN,
    START, MEMORY: the callers pass the number, no name in their modules), whose first key goes on to screen
    ``then``: by default the start menu after OPEN and START (a game that could not be opened leaves its
    title, "Not opened", as the app's line, for a screen that goes elsewhere: kitapi.app.games.view, whose
    home screen has one row for it), else the home screen, made once the words are (a deletion's replays the
    game: the two need not fit together).  This module is let go: the screen (kitapi.app.said) keeps its
    own strings, not these tables (3 KB of heap while it was shown).  Its words are the screen's
    ``message``."""
    w = words(app)
    s = Said(app, w[_TITLES][what], w[_OK], e if type(e) is str else text(app, e), then)
    w = None
    _let_go("kitapi.app.refusal")  # (and kitapi.app.said: the screen's class keeps what it needs of it)
    _let_go("kitapi.app.said")
    if what == _OPEN:
        app.message = s.title
    if then is None:
        s.then = app.start_menu() if what >= _OPEN else app.home()
    return s
