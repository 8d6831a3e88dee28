"""English: the texts of the kasa game's own screens (Prefa with a common kasa), the same names in
every language; loaded only for it (App.pt("kasa")); the rest are Prefa's (lang_en)."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Kasa each?",  # KASA_SIZE
    "Kasa",  # KASA
    "Bidder up pays",  # KASA_OPTION: what a bidder who went in (was put up) puts into the kasa
    ("10 x bid value", "bid x bid value"),  # BIDDER_IN_VALUES: 10 or the tricks bid, times the bid value
    "D:+",  # TOPUP_KEY: on the home screen: a top-up
    "Top-up",  # TOPUP
    "Top-up each?",  # TOPUP_Q
)
