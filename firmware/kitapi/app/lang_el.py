"""Ελληνικά: every text the screens show, the same names as lang_en."""

# The texts, in the order of their names (the comment after each). A screen takes a text as
# t[_NAME], with _NAME = const(index) of its own (a const costs no interned name in the heap, an
# attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Ελληνικά",  # NAME
    # Home
    "Διανομή",  # HAND
    "Τέλος",  # GAME_OVER
    "1-%d αγορά 0 πάσο",  # HINT_HOME: the number of players
    "A:σκορ B:χρέη C\u2261",  # HINT_HOME2
    "Ποιος χρωστά",  # OWES
    "Κανείς δε χρωστά",  # NOBODY
    "\u2192",  # PAYS
    "Μ",  # DEALER: μοιράζει
    ">",  # ELDEST: μιλά πρώτος
    "Μπαταρία χαμηλή!",  # LOW_BATTERY
    # Hand wizard
    "Τζογαδόρος;",  # BIDDER
    "Μπάζες αγοράς;",  # LEVEL
    "6-9, 0=10",  # HINT_LEVEL
    "Ατού;",  # SUIT
    ("\u2660", "\u2663", "\u2666", "\u2665", "ΣΑ"),  # SUITS: σαντζά: χωρίς ατού
    "Άμυνα;",  # DEFENSE
    ("παίζουν οι 2", "μόνος", "σε παίρνω", "πάσο οι 2"),  # DEFENSES
    "Ποιος παίζει;",  # ACTIVE
    "Μπάζες αγοραστή",  # TRICKS_BIDDER
    "Μπάζες",  # TRICKS_D1
    "Πάσο όλοι",  # PASSED
    "πέταξε",  # THROWN
    "A:τα πετάω",  # THROW_KEY
    "A:4 άσσοι",  # ACES_KEY
    "#ναι *πίσω",  # HINT_STEP
    "#γράψε *πίσω",  # HINT_SAVE
    "Γράφτηκε",  # SAVED
    "κάσα",  # POUCH
    "καπίκια",  # CHIPS
    # Menu
    "Μενού",  # MENU
    "Νέα παρτίδα",  # NEW_GAME
    "Διανομές",  # HISTORY
    "Τέλος παρτίδας",  # END_GAME
    "Ρυθμίσεις",  # SETTINGS
    "#ναι *όχι",  # CONFIRM
    "Αναίρεση",  # UNDO
    "Διαγραφή",  # DELETE
    "#αλλαγή D:σβήσε",  # HINT_HISTORY
    # New game
    "Κανόνες;",  # RULES
    # the game systems' labels, kitapi.registry's, in its order: written over () when the firmware is built
    # for the box (kitapi_host.names)
    (),  # SYSTEMS
    "B:άλλα *πίσω",  # HINT_RULES
    "Παίκτες;",  # PLAYERS
    "Παίκτης",  # PLAYER
    "0:νέο όνομα",  # NEW_NAME
    "Όνομα:",  # TYPE_NAME
    "#ναι *σβήσε",  # HINT_TYPE
    "Κάσα;",  # POUCH_SIZE
    "Παραλλαγές",  # OPTIONS
    "Μοιράζει πρώτος;",  # FIRST_DEALER
    "#αρχή",  # START
    "ναι",  # ON
    "όχι",  # OFF
    ("10 σαντζά", "10 σαν 9", "4 άσσοι", "Τα γράφω", "2 άδειες"),  # OPTION_NAMES
    "ποσό",  # AMOUNT: of the four aces
    # Settings
    "Φωτεινότητα",  # BRIGHTNESS
    "Σβήνει μετά",  # SLEEP
    "Γλώσσα",  # LANGUAGE
    "ποτέ",  # NEVER
    "δ",  # SECONDS
    "λ",  # MINUTES
    # Errors and the end
    "Σφάλμα",  # ERROR
    "επανεκκίνηση...",  # RESTARTING
    "ΔΕ γράφτηκε:",  # NOT_SAVED
    "Λογαριασμός",  # SETTLE
    "Παρτίδα κλειστή",  # CLOSED
    "Καμία παρτίδα",  # NO_GAME
    # Russian Preferans: the rules' names and the pool (the rest is in systems/preferans/lang_el.py)
    "Πούλια;",  # POOL_SIZE
    "Συνεχίζεται",  # REOPENED: a correction took the game's end away: hands can follow again
    # the home screen's columns: Prefa's, Preferans'
    ("κάσα/καπίκια", "πουλ/βουνό/βιστ"),  # MORE
    # the games kept on the box (kitapi.app.games): the menus' entry
    "Παρτίδες",  # GAMES
    # Multi-tap letters on keys 2-9 (key 1: space and hyphen), and the capitals that start a word; each vowel's
    # tonos (and ι, υ with dialytika) on its key after the plain letters, as on a Greek phone: "Νίκος", "Άννα"
    ("", " -", "αβγά", "δεζέ", "ηθιήίϊ", "κλμ", "νξοό", "πρσς", "τυφύϋ", "χψωώ"),  # LETTERS
    ("", " -", "ΑΒΓΆ", "ΔΕΖΈ", "ΗΘΙΉΊ", "ΚΛΜ", "ΝΞΟΌ", "ΠΡΣ", "ΤΥΦΎ", "ΧΨΩΏ"),  # CAPITALS
    "0:νέο B:άλλα",  # NEW_NAME_MORE: the names saved, a page of them: 0 a new one, B the next page
    # helper W
    "%s %s, %s στον καθένα",  # SHARED
    # helper K
    ";",  # QUESTION: the language's question mark (Greek ";"), put for "?" by kitapi.app.ui
)
