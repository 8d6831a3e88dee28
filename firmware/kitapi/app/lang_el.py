"""Ελληνικά: every text the screens show, the same names as lang_en."""

NAME = "Ελληνικά"
# Home
HAND = "Διανομή"
GAME_OVER = "Τέλος"
HINT_HOME = "1-%d αγορά 0 πάσο"  # the number of players
HINT_HOME2 = "A:λίστ B:χρέη C\u2261"
OWES = "Ποιος χρωστά"
NOBODY = "Κανείς δε χρωστά"
PAYS = "\u2192"
DEALER = "Μ"  # μοιράζει
ELDEST = ">"  # μιλά πρώτος
LOW_BATTERY = "Μπαταρία χαμηλή!"
# Hand wizard
BIDDER = "Τζογαδόρος;"
LEVEL = "Μπάζες αγοράς;"
HINT_LEVEL = "6-9, 0=10"
SUIT = "Ατού;"
SUITS = ("\u2660", "\u2663", "\u2666", "\u2665", "ΣΑ")  # σαντζά: χωρίς ατού
DEFENSE = "Άμυνα;"
DEFENSES = ("παίζουν οι 2", "μόνος", "σε παίρνω", "πάσο οι 2")
ACTIVE = "Ποιος παίζει;"
TRICKS_BIDDER = "Μπάζες τζογαδ."
TRICKS_D1 = "Μπάζες"
PASSED = "Πάσο όλοι"
THROWN = "πέταξε"
THROW_KEY = "A:τα πετάω"
ACES_KEY = "A:4 άσσοι"
HINT_STEP = "#ναι *πίσω"
HINT_SAVE = "#γράψε *πίσω"
SAVED = "Γράφτηκε"
POUCH = "κάσα"
CHIPS = "καπίκια"
# Menu
MENU = "Μενού"
NEW_GAME = "Νέα παρτίδα"
HISTORY = "Διανομές"
END_GAME = "Τέλος παρτίδας"
SETTINGS = "Ρυθμίσεις"
CONFIRM = "#ναι *όχι"
UNDO = "Αναίρεση"
DELETE = "Διαγραφή"
HINT_HISTORY = "#διόρθ. D:διαγρ"
# New game
RULES = "Κανόνες;"
# the game systems, in the order of kitapi.registry's rows
SYSTEMS = ("Πρέφα", "Σότσι", "Λένινγκραντ", "Ροστόφ", "Βαλκανική", "Πρέφα κάσα", "Αυστριακή", "Εικονογρ.",
           "Αμερικανική", "Πρίφε")  # fmt: skip
HINT_RULES = "B:άλλα *πίσω"
PLAYERS = "Παίκτες;"
PLAYER = "Παίκτης"
NEW_NAME = "0:νέο όνομα"
TYPE_NAME = "Όνομα:"
HINT_TYPE = "#ok *σβήσε A:abc"
POUCH_SIZE = "Κάσα;"
OPTIONS = "Παραλλαγές"
FIRST_DEALER = "Μοιράζει πρώτος;"
START = "#αρχή"
ON = "ναι"
OFF = "όχι"
OPTION_NAMES = ("10 σαντζά", "10 σαν 9", "4 άσσοι", "Τα γράφω", "2 άδειες")
AMOUNT = "ποσό"  # of the four aces
# Settings
BRIGHTNESS = "Φωτεινότητα"
SLEEP = "Σβήνει μετά"
LANGUAGE = "Γλώσσα"
NEVER = "ποτέ"
SECONDS = "δ"
MINUTES = "λ"
# Errors and the end
ERROR = "Σφάλμα"
RESTARTING = "επανεκκίνηση..."
NOT_SAVED = "ΔΕ γράφτηκε:"
SETTLE = "Λογαριασμός"
CLOSED = "Παρτίδα κλειστή"
NO_GAME = "Καμία παρτίδα"
# Multi-tap letters on keys 2-9 (key 1: space and hyphen), and the capitals that start a word
LETTERS = ("", " -", "αβγ", "δεζ", "ηθι", "κλμ", "νξο", "πρσς", "τυφ", "χψω")
CAPITALS = ("", " -", "ΑΒΓ", "ΔΕΖ", "ΗΘΙ", "ΚΛΜ", "ΝΞΟ", "ΠΡΣ", "ΤΥΦ", "ΧΨΩ")
# Russian Preferans: the rules' names and the pool (the rest is in systems/preferans/lang_el.py)
POOL_SIZE = "Πούλια?"
REOPENED = "Συνεχίζεται"  # a correction took the game's end away: hands can follow again
# the home screen's columns: Prefa's, Preferans'
MORE = ("κάσα/καπίκια", "πουλ/βουνό/βιστ")
# the games kept on the box (kitapi.app.games): the menus' entry
GAMES = "Παρτίδες"
