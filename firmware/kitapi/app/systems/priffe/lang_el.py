"""Ελληνικά: the texts of the Priffe screens, the same names as priffe_en."""

DECLARER = "Ποιος δήλωσε;"
HINT_FORCED = "0 υποχρεωτικό"
CONTRACT = "Συμβόλαιο;"
CONTRACTS = ("Παιχνίδι", "Νολ", "Κούπες", "Καρό", "Υποχρ.")
TRICKS = "Μπάζες ομάδας;"
HINT_TRICKS = "A10 B11 C12 D13"
HONOURS = "Τιμές;"
HONOUR_NAMES = ("καμία", "3 σε ένα χέρι", "3 + 1", "4 σε ένα χέρι")
HOLDER = "Ποιος τις είχε;"
RUBBER_OVER = "Τέλος ράμπερ"
TP = "μπ"
GAMES = "π"
RUBBERS = "Ράμπερ;"
OPTION_NAMES = ("Πόντοι", "Σλαμ νολ", "Αλλαγή")
VALUE_NAMES = ("κύριοι", "2οι", "όχι", "ναι", "αλλαγή", "κύκλος")  # two for each option
