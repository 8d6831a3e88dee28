"""Greek: the texts of the pot games' screens (kitapi.app.systems.pot and its wiz), the same names in
every language; loaded only while such a game is open (App.pt("pot"))."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Είσοδος > μάρκες",  # ANTE_HIGH: the options step: the ante the rules would refuse
    "Μάρκες;",  # CHIPS_Q
    ("Είσοδος", "Πάσο 2", "Φεύγων"),  # AT_OPTIONS
    ("Είσοδος", "Κέρδος", "Μάρκες"),  # US_OPTIONS
    ("κέρδος", "τίποτα", "3 τον", "χάνει", "πότ", "παίκτης"),  # WORDS
    "Πότ",  # POT
    "γέμισμα",  # REFILL
    "Ξαναγέμισε",  # REFILLED
    "1-3 αγορά 0 πάσο",  # HOME
    "D:μάρκες 0:πάσο",  # HOME_US
    "Ποιος παίζει;",  # DECLARER
    "Ποιος φεύγει;",  # DROPPED
    "0 όλοι πάσο",  # WHO_AT
    "D μάρκες 0 πάσο",  # WHO_US
    "1-3 ναι/όχι",  # DROP_KEYS
    "Δήλωση;",  # BID
    "1-4  A: χέρι",  # BID_KEYS
    "A 4: Πρεφεράνς",  # PREF_KEY
    "5 μιζέρ 6 σλαμ",  # HIGH_KEYS
    "7 8: ανοιχτά",  # OPEN_KEYS
    "Μάρκες",  # CHIP_BID
    "0: χωρίς",  # NO_TRUMP
    "0-9 A=10 #=%d",  # TRICK_KEYS
    "Τέλος παρτίδας",  # ENDS: the summary: the hand about to be saved ends the game
)
