"""English: the texts of the Russian Preferans screens (kitapi.app.systems.preferans.wiz), the same names in
every language; loaded only while a Preferans game is open (App.pt("preferans"))."""

SUITS = ("\u2660", "\u2663", "\u2666", "\u2665", "NT")  # spades clubs diamonds hearts no trump
HINT_STEP = "#ok *back"
HINT_SAVE = "#save *back"
TRICKS_D1 = "Tricks of"
PREF_OPTION_NAMES = ("Stalingrad", "Half-whist", "10 whist", "Resign", "Req1 fail")  # 5: who pays a failed 1
PREF_OWN_NAMES = ("Whist", "Allpass", "Widow")  # Sochi, Leningrad, Rostov: the sixth option
VALUE_NAMES = ("2nd", "both", "greedy", "gentlem.")
SOLOIST = "Soloist?"
HINT_SOLOIST = "0:pass A:misdeal"
CONTRACT = "Contract?"
MISERE_KEY = "A: misere"
MISERE = "Mis"
TRICKS_OF = "Tricks of"
WIDOW = "(widow)"
WIDOW_Q = "Widow?"
WIDOW_KEYS = "0 - 1A 2KQ 3AK"
WIDOW_KEYS2 = "4AA 5 refused"
HINT_RESIGN = "#ok B:resign"
TRICKS_SOLOIST = "Soloist tricks"
DEALER_WORD = "Dealer+"
BOTH_WHIST = "both whist"
BOTH_PASS = "both pass"
HALF_WORD = "half"
WHISTS_WORD = "whists"
CODES = "PHWWPH"  # the summary's pool, hill, whists; then a hand's words: whist, pass, half-whist
HINT_SAVE_OPEN = "#save A:open"
MISDEAL = "Misdeal"
ALLPASS = "All-pass"
RESIGNED = "resigns"
STAKE = "A: stake/whist"
HINT_POOL = "#ok A:stake"
HINT_STAKE = "B . D del #ok"
BALKAN_BIDS = "2-7 (6 Bettler)"
BALKAN_GAME_KEY = "A: Game (closed)"
BETTLER = "Bett"
