"""English: the texts of the Priffe screens (kitapi.app.systems.priffe and its wiz), the same names in every
language; loaded only for Priffe (App.pt("priffe"))."""

DECLARER = "Declarer?"
HINT_FORCED = "0 forced Noll"
CONTRACT = "Contract?"
CONTRACTS = ("Play", "Noll", "Hearts", "Diam.", "Forced")
TRICKS = "Team's tricks?"
HINT_TRICKS = "A10 B11 C12 D13"
HONOURS = "Honours?"
HONOUR_NAMES = ("none", "3 in a hand", "3 + 1", "4 in a hand")
HOLDER = "Who held them?"
RUBBER_OVER = "Rubber over"
TP = "tp"  # trick points
GAMES = "g"
RUBBERS = "Rubbers?"
OPTION_NAMES = ("Points", "Noll slams", "Rotation")
VALUE_NAMES = ("main", "2nd", "off", "on", "swap", "cycle")  # two for each option
