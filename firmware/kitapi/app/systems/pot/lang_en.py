"""English: the texts of the pot games' screens (kitapi.app.systems.pot and its wiz), the same names in
every language; loaded only while such a game is open (App.pt("pot"))."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Ante > chips!",  # ANTE_HIGH: the options step: the ante the rules would refuse
    "Chips each?",  # CHIPS_Q
    ("Ante", "Both out", "Dropper"),  # AT_OPTIONS: ante, both_drop, high_drop (the declarer drops)
    ("Ante", "Win", "Bids"),  # US_OPTIONS: ante, win, chip_bids
    ("win", "none", "3 each", "lost", "pot", "declarer"),  # WORDS: win nothing three lost pot declarer
    "Pot",  # POT
    "refill",  # REFILL
    "Pot refilled",  # REFILLED
    "1-3 play 0 pass",  # HOME
    "1-3 D:chip 0:out",  # HOME_US
    "Declarer?",  # DECLARER
    "Who dropped?",  # DROPPED
    "0 all passed",  # WHO_AT
    "D chips 0 thrown",  # WHO_US
    "1-3 on/off",  # DROP_KEYS
    "Bid?",  # BID
    "1-4  A: Hand",  # BID_KEYS
    "A 4: Preference",  # PREF_KEY
    "5 misère 6 slam",  # HIGH_KEYS
    "7 8: open 5 6",  # OPEN_KEYS
    "Chip bid",  # CHIP_BID
    "0: none",  # NO_TRUMP
    "0-9 A=10 #=%d",  # TRICK_KEYS
    "Ends the game",  # ENDS: the summary: the hand about to be saved ends the game
)
