"""The texts of a damaged log (kitapi.devlog skipped a record), in Greek: loaded only when there is one
(App.pt("damage")).  A screen line is 16 characters."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Χαλασμένη",  # TITLE: the screen that names a damaged hand (kitapi.app.damaged)
    "#πέρασμα *μετά",  # HINT
    ("Η διανομή %d", "χάλασε:", "περάστε την ξανά"),  # LINES: its text
    ("Σε αναμονή: %d", "από διανομή %d"),  # HELD: later hands the rules refuse without it (kitapi.replay)
    "Χαλασμένη: %d",  # LOST: the home screen's line while it is not entered again
    "Περάστε την ξανά",  # AGAIN: the home screen while it is entered again
    "χαλασμένη",  # ROW: its row in the hands
    "Δείτε την τελ.",  # TORN: power was lost while an entry was written (which, unknown): it is not in the log
    "Χαλασμένα: %d",  # BAD: damaged records that were not hands (corrections), skipped
    "Δεν σώθηκε: %d",  # TORN_HAND: power was lost while hand %d was written: enter it again
    "Διορθώστε %d",  # TORN_FIX: power was lost while a correction of hand %d was written: make it again
)
