"""The texts of a damaged log (kitapi.devlog skipped a record), in Russian: loaded only when there is one
(App.pt("damage")).  A screen line is 16 characters."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Повреждена",  # TITLE: the screen that names a damaged hand (kitapi.app.damaged)
    "#ввод *потом",  # HINT
    ("Раздача %d", "повреждена:", "введите снова"),  # LINES: its text
    ("Отложено: %d", "с раздачи %d"),  # HELD: later hands the rules refuse without it (kitapi.replay)
    "Повреждена: %d",  # LOST: the home screen's line while it is not entered again
    "Введите снова",  # AGAIN: the home screen while it is entered again
    "повреждена",  # ROW: its row in the hands
    "Проверьте посл.",  # TORN: power was lost while an entry was written (which, unknown): it is not in the log
    "Повреждено: %d",  # BAD: damaged records that were not hands (corrections), skipped
    "Не записана: %d",  # TORN_HAND: power was lost while hand %d was written: enter it again
    "Исправьте %d",  # TORN_FIX: power was lost while a correction of hand %d was written: make it again
)
