"""English: the texts of the pot games' screens (kitapi.app.systems.pot and its wiz), the same names in
every language; loaded only while such a game is open (App.pt("pot"))."""

ANTE_HIGH = "Ante > chips!"  # the options step: the ante the rules would refuse
CHIPS_Q = "Chips each?"
AT_OPTIONS = ("Ante", "Both out", "Hi drop")  # ante, both_drop, high_drop
US_OPTIONS = ("Ante", "Win", "Chip bid")  # ante, win, chip_bids
WORDS = ("win", "none", "3 each", "lost", "pot", "decl")  # win nothing three lost pot declarer
POT = "Pot"
REFILL = "refill"
REFILLED = "Pot refilled"
HOME = "1-3 play 0 pass"
HOME_US = "1-3 D:chip 0:out"
DECLARER = "Declarer?"
DROPPED = "Who dropped?"
WHO_AT = "0 all passed"
WHO_US = "D chips 0 thrown"
DROP_KEYS = "1-3 on/off"
BID = "Bid?"
BID_KEYS = "1-4  A: Hand"
PREF_KEY = "A 4: Preference"
HIGH_KEYS = "5 mis. 6 slam"
OPEN_KEYS = "7 8: open 5 6"
CHIP_BID = "Chip bid"
NO_TRUMP = "0: none"
TRICK_KEYS = "0-9 A=10 #=%d"
