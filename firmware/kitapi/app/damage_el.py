"""The texts of a damaged log (kitapi.devlog skipped a record), in Greek: loaded only when there is one
(App.pt("damage")).  A screen line is 16 characters."""

TITLE = "Χαλασμένη"  # the screen that names a damaged hand (kitapi.app.damaged)
HINT = "#πέρασμα *μετά"
LINES = ("Η διανομή %d", "χάλασε:", "περάστε την ξανά")  # its text
HELD = ("Σε αναμονή: %d", "από διανομή %d")  # later hands the rules refuse without it (kitapi.replay)
LOST = "Χαλασμένη: %d"  # the home screen's line while it is not entered again
AGAIN = "Περάστε την ξανά"  # the home screen while it is entered again
ROW = "χαλασμένη"  # its row in the hands
TORN = "Δείτε την τελ."  # power was lost while an entry was written: it is not in the log
BAD = "Χαλασμένα: %d"  # damaged records that were not hands (corrections), skipped
