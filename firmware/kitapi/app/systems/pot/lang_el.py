"""Greek: the texts of the pot games' screens (kitapi.app.systems.pot and its wiz), the same names in
every language; loaded only while such a game is open (App.pt("pot"))."""

ANTE_HIGH = "Είσοδος > μάρκες"  # the options step: the ante the rules would refuse
CHIPS_Q = "Μάρκες;"
AT_OPTIONS = ("Είσοδος", "Πάσο 2", "Πάσο>P")
US_OPTIONS = ("Είσοδος", "Κέρδος", "Πλειοδ.")
WORDS = ("κέρδος", "τίποτα", "3 τον", "χάνει", "πότ", "παίκτ.")
POT = "Πότ"
REFILL = "γέμισμα"
REFILLED = "Ξαναγέμισε"
HOME = "1-3 παικ. 0 πάσο"
HOME_US = "1-3 D:μάρκ 0:πάσ"
DECLARER = "Ποιος παίζει;"
DROPPED = "Ποιος φεύγει;"
WHO_AT = "0 όλοι πάσο"
WHO_US = "D μάρκες 0 πάσο"
DROP_KEYS = "1-3 ναι/όχι"
BID = "Δήλωση;"
BID_KEYS = "1-4  A: χέρι"
PREF_KEY = "A 4: Πρεφεράνς"
HIGH_KEYS = "5 μιζέρ 6 σλαμ"
OPEN_KEYS = "7 8: ανοιχτά"
CHIP_BID = "Μάρκες"
NO_TRUMP = "0: χωρίς"
TRICK_KEYS = "0-9 A=10 #=%d"
