"""English: the texts of the Russian Preferans screens (kitapi.app.systems.preferans.wiz), the same names in
every language; loaded only while a Preferans game is open (App.pt("preferans"))."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    ("\u2660", "\u2663", "\u2666", "\u2665", "NT"),  # SUITS: spades clubs diamonds hearts no trump
    "#ok *back",  # HINT_STEP
    "#save *back",  # HINT_SAVE
    "Tricks of",  # TRICKS_D1
    ("Stalingrad", "Half-whist", "Whist 10s", "Resign", "One short"),  # PREF_OPTION_NAMES: 5: who pays a failed 1
    ("Whist", "All-pass", "Widow"),  # PREF_OWN_NAMES: Sochi, Leningrad, Rostov: the sixth option
    ("2nd", "both", "greedy", "gentleman"),  # VALUE_NAMES
    "Soloist?",  # SOLOIST
    "0:pass A:misdeal",  # HINT_SOLOIST
    "Contract?",  # CONTRACT
    "A: misère",  # MISERE_KEY
    "Mis",  # MISERE
    "Tricks of",  # TRICKS_OF
    "(widow)",  # WIDOW
    "Widow?",  # WIDOW_Q
    "0 - 1A 2KQ 3AK",  # WIDOW_KEYS
    "4AA 5 refused",  # WIDOW_KEYS2
    "#ok B:resign",  # HINT_RESIGN
    "Soloist tricks",  # TRICKS_SOLOIST
    "Dealer+",  # DEALER_WORD
    "both whist",  # BOTH_WHIST
    "both pass",  # BOTH_PASS
    "half",  # HALF_WORD
    "whists",  # WHISTS_WORD
    "PHWw-\u00bdd",  # CODES: the summary's pool, hill, whists; a hand's whist, pass, half-whist, dealer's whist
    "#save A:open",  # HINT_SAVE_OPEN
    "Misdeal",  # MISDEAL
    "Passed out",  # ALLPASS
    "resigns",  # RESIGNED
    "A: stake/whist",  # STAKE
    "#ok A:stake",  # HINT_POOL
    "B . D del #ok",  # HINT_STAKE
    "2-7 (6 Bettler)",  # BALKAN_BIDS
    "A: Game (closed)",  # BALKAN_GAME_KEY
    "Bett",  # BETTLER
    "Ends the game",  # ENDS: the summary: the hand about to be saved ends the game
    ("P pool  H hill", "W whists", "w whist  - pass", "\u00bd half-whist", "d dealer whists"),  # LEGEND
    "*back #save",  # HINT_LEGEND: the legend's keys
)
