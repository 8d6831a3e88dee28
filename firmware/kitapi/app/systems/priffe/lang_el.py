"""Ελληνικά: the texts of the Priffe screens, the same names as priffe_en."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Ποιος δήλωσε;",  # DECLARER
    "0 υποχρεωτικό",  # HINT_FORCED
    "Συμβόλαιο;",  # CONTRACT
    ("Παιχνίδι", "Νολ", "Κούπες", "Καρό", "Υποχρεωτικό"),  # CONTRACTS
    "Μπάζες ομάδας;",  # TRICKS
    "A10 B11 C12 D13",  # HINT_TRICKS
    "Τιμές;",  # HONOURS
    ("καμία", "3 σε ένα χέρι", "3 + 1", "4 σε ένα χέρι"),  # HONOUR_NAMES
    "Ποιος τις είχε;",  # HOLDER
    "Τέλος ράμπερ",  # RUBBER_OVER
    "μπ",  # TP
    "π",  # GAMES
    "Ράμπερ;",  # RUBBERS
    ("Πόντοι", "Σλαμ νολ", "Αλλαγή"),  # OPTION_NAMES
    ("κύριοι", "2οι", "όχι", "ναι", "αλλαγή", "κύκλος"),  # VALUE_NAMES: two for each option
    "Τέλος παρτίδας",  # ENDS: the summary: the hand about to be saved ends the game
    ("A B  οι ομάδες", "μπ πόντοι μπαζών", "π  παρτίδες"),  # LEGEND: the summary's 0: its codes
    "*πίσω #γράψε",  # HINT_LEGEND: the legend's keys
    "ΣΑ|Νολ|♥|♦|Νολ",  # ROW_CONTRACTS: CONTRACTS on a row too short for them ("|" between): signs, fewer letters
)
