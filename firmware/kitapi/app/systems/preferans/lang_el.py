"""Greek: the texts of the Russian Preferans screens (kitapi.app.systems.preferans.wiz), the same names in
every language; loaded only while a Preferans game is open (App.pt("preferans"))."""

SUITS = ("\u2660", "\u2663", "\u2666", "\u2665", "ΣΑ")  # σαντζά: χωρίς ατού
HINT_STEP = "#ναι *πίσω"
HINT_SAVE = "#γράψε *πίσω"
TRICKS_D1 = "Μπάζες"
PREF_OPTION_NAMES = ("Στάλινγκρ.", "Μισό-βιστ", "10 βιστ", "Παραίτηση", "Χάνει 1")  # 5: who pays a failed 1
PREF_OWN_NAMES = ("Βιστ", "Πάσο", "Χήρα")
VALUE_NAMES = ("2ος", "κοινό", "άπληστο", "τζέντλμαν")
SOLOIST = "Ποιος παίζει;"
HINT_SOLOIST = "0:πάσο A:ξαναμ."
CONTRACT = "Συμβόλαιο;"
MISERE_KEY = "A: μιζέρ"
MISERE = "Μιζ"
TRICKS_OF = "Μπάζες του"
WIDOW = "(χήρα)"
WIDOW_Q = "Χήρα;"
WIDOW_KEYS = "0 - 1A 2KQ 3AK"
WIDOW_KEYS2 = "4AA 5 αρνήθηκε"
HINT_RESIGN = "#ok B:παραιτ."
TRICKS_SOLOIST = "Μπάζες παίκτη"
DEALER_WORD = "Ντίλερ+"
BOTH_WHIST = "βιστ και οι 2"
BOTH_PASS = "πάσο και οι 2"
HALF_WORD = "μισό"
WHISTS_WORD = "βιστ"
CODES = "ΠΒΣΒΠΜ"  # the summary's pool, hill, whists; then a hand's words: whist, pass, half-whist
HINT_SAVE_OPEN = "#γράψε A:ανοιχ"
MISDEAL = "Λάθος μοίρασμα"
ALLPASS = "Πάσο όλοι"
RESIGNED = "παραιτ."
STAKE = "A: αξία/βιστ"
HINT_POOL = "#ok A:αξία"
HINT_STAKE = "B . D σβήσε #ok"
BALKAN_BIDS = "2-7 (6 Μπέτλερ)"
BALKAN_GAME_KEY = "A: Game κλειστό"
BETTLER = "Μπέτ"
