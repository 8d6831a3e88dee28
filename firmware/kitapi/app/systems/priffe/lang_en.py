"""English: the texts of the Priffe screens (kitapi.app.systems.priffe and its wiz), the same names in every
language; loaded only for Priffe (App.pt("priffe"))."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Declarer?",  # DECLARER
    "0 forced Noll",  # HINT_FORCED
    "Contract?",  # CONTRACT
    ("Play", "Noll", "Hearts", "Diamonds", "Forced"),  # CONTRACTS
    "Team's tricks?",  # TRICKS
    "A10 B11 C12 D13",  # HINT_TRICKS
    "Honours?",  # HONOURS
    ("none", "3 in a hand", "3 + 1", "4 in a hand"),  # HONOUR_NAMES
    "Who held them?",  # HOLDER
    "Rubber over",  # RUBBER_OVER
    "tp",  # TP: trick points
    "g",  # GAMES
    "Rubbers?",  # RUBBERS
    ("Points", "Noll slams", "Rotation"),  # OPTION_NAMES
    ("main", "2nd", "off", "on", "swap", "cycle"),  # VALUE_NAMES: two for each option
    "Ends the game",  # ENDS: the summary: the hand about to be saved ends the game
    ("A B  the teams", "tp trick points", "g  games won"),  # LEGEND: the summary's 0: its codes
    "*back #save",  # HINT_LEGEND: the legend's keys
    "NT|Nil|♥|♦|Forced",  # ROW_CONTRACTS: CONTRACTS on a row too short for them ("|" between): signs, fewer letters
)
