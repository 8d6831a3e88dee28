"""The texts of a damaged log (kitapi.devlog skipped a record), in English: loaded only when there is one
(App.pt("damage")).  A screen line is 16 characters."""

TITLE = "Damaged hand"  # the screen that names a damaged hand (kitapi.app.damaged)
HINT = "#enter *later"
LINES = ("Hand %d is", "damaged:", "enter it again.")  # its text
HELD = ("Held back: %d", "from hand %d")  # later hands the rules refuse without it (kitapi.replay)
LOST = "Hand %d damaged"  # the home screen's line while it is not entered again
AGAIN = "Enter it again"  # the home screen while it is entered again
ROW = "damaged"  # its row in the hands
TORN = "Check last entry"  # power was lost while an entry was written: it is not in the log
BAD = "Bad records: %d"  # damaged records that were not hands (corrections), skipped
