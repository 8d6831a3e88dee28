"""The texts of a damaged log (kitapi.devlog skipped a record), in English: loaded only when there is one
(App.pt("damage")).  A screen line is 16 characters."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Damaged hand",  # TITLE: the screen that names a damaged hand (kitapi.app.damaged)
    "#enter *later",  # HINT
    ("Hand %d is", "damaged:", "enter it again."),  # LINES: its text
    ("Held back: %d", "from hand %d"),  # HELD: later hands the rules refuse without it (kitapi.replay)
    "Hand %d damaged",  # LOST: the home screen's line while it is not entered again
    "Enter it again",  # AGAIN: the home screen while it is entered again
    "damaged",  # ROW: its row in the hands
    "Check last entry",  # TORN: power was lost while an entry was written (which, unknown): it is not in the log
    "Bad records: %d",  # BAD: damaged records that were not hands (corrections), skipped
    "Hand %d unsaved",  # TORN_HAND: power was lost while hand %d was written: enter it again
    "Edit %d again",  # TORN_FIX: power was lost while a correction of hand %d was written: make it again
)
