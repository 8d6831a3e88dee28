"""English: the texts of the kasa game's own screens (Prefa with a common kasa), the same names in
every language; loaded only for it (App.pt("kasa")); the rest are Prefa's (lang_en)."""

KASA_SIZE = "Kasa each?"
KASA = "Kasa"
KASA_OPTION = "Went in"  # what a bidder who went in puts into the kasa
BIDDER_IN_VALUES = ("10 b.v.", "level")
TOPUP_KEY = "D:+"  # on the home screen: a top-up
TOPUP = "Top-up"
TOPUP_Q = "Top-up each?"
