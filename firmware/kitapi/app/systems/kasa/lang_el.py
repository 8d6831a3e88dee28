"""Ελληνικά: the texts of the kasa game's own screens, the same names as kasa_en."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Κάσα ο καθένας;",  # KASA_SIZE
    "Κάσα",  # KASA
    "Αγοραστής μέσα",  # KASA_OPTION: τι βάζει στην κάσα ο τζογαδόρος που μπήκε μέσα
    ("10 x αξία αγοράς", "μπάζες x αξία"),  # BIDDER_IN_VALUES
    "D:+",  # TOPUP_KEY
    "Προσθήκη",  # TOPUP
    "Βάζει ο καθένας;",  # TOPUP_Q
)
