"""Ελληνικά: the texts of the kasa game's own screens, the same names as kasa_en."""

KASA_SIZE = "Κάσα ο καθένας;"
KASA = "Κάσα"
KASA_OPTION = "Μέσα"  # τι βάζει στην κάσα ο τζογαδόρος που μπήκε μέσα
BIDDER_IN_VALUES = ("10 αξία", "αγορά")
TOPUP_KEY = "D:+"
TOPUP = "Προσθήκη"
TOPUP_Q = "Βάζει ο καθένας;"
