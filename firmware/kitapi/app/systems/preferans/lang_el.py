"""Greek: the texts of the Russian Preferans screens (kitapi.app.systems.preferans.wiz), the same names in
every language; loaded only while a Preferans game is open (App.pt("preferans"))."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    ("\u2660", "\u2663", "\u2666", "\u2665", "ΣΑ"),  # SUITS: σαντζά: χωρίς ατού
    "#ναι *πίσω",  # HINT_STEP
    "#γράψε *πίσω",  # HINT_SAVE
    "Μπάζες",  # TRICKS_D1
    ("Σταλινγκράδ", "Μισό-βιστ", "Βιστ 10", "Παραίτηση", "Λείπει 1"),  # PREF_OPTION_NAMES: 5: who pays a failed 1
    ("Βιστ", "Πάσο όλοι", "Χήρα"),  # PREF_OWN_NAMES
    ("2ος", "κοινό", "άπληστο", "τζέντλμαν"),  # VALUE_NAMES
    "Ποιος παίζει;",  # SOLOIST
    "0:πάσο|A:ξαναμοίρασμα",  # HINT_SOLOIST: 0 on the title bar, A on the hint row
    "Συμβόλαιο;",  # CONTRACT
    "A: μιζέρ",  # MISERE_KEY
    "Μιζ",  # MISERE
    "Μπάζες του",  # TRICKS_OF
    "(χήρα)",  # WIDOW
    "Χήρα;",  # WIDOW_Q
    "0 - 1A 2KQ 3AK",  # WIDOW_KEYS
    "4AA 5 αρνήθηκε",  # WIDOW_KEYS2
    "#ok B:παραιτ.",  # HINT_RESIGN
    "Μπάζες παίκτη",  # TRICKS_SOLOIST
    "Ντίλερ+",  # DEALER_WORD
    "βιστ και οι 2",  # BOTH_WHIST
    "πάσο και οι 2",  # BOTH_PASS
    "μισό",  # HALF_WORD
    "βιστ",  # WHISTS_WORD
    "ΠΒΣσ-\u00bdμ",  # CODES: the summary's pool, hill, whists; a hand's whist, pass, half-whist, dealer's whist
    "#γράψε A:ανοιχτά",  # HINT_SAVE_OPEN: A marks the hand played open (ανοιχτά)
    "Λάθος μοίρασμα",  # MISDEAL
    "Πάσο όλοι",  # ALLPASS
    "παραιτ.",  # RESIGNED
    "A: αξία/βιστ",  # STAKE
    "#ναι A:αξία",  # HINT_POOL
    "B . D:σβήσε #ναι",  # HINT_STAKE
    "2-7 (6 Μπέτλερ)",  # BALKAN_BIDS
    "A: κλειστό γκέιμ",  # BALKAN_GAME_KEY
    "Μπέτ",  # BETTLER
    "Τέλος παρτίδας",  # ENDS: the summary: the hand about to be saved ends the game
    ("Π πουλ  Β βουνό", "Σ βιστ (γράφει)", "σ βιστ  - πάσο", "\u00bd μισό βιστ", "μ βιστ ντίλερ"),  # LEGEND
    "*πίσω #γράψε",  # HINT_LEGEND: the legend's keys
)
