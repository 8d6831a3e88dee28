"""Русский: the texts of the kasa game's own screens, the same names as kasa_en."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Касса с каждого?",  # KASA_SIZE
    "Касса",  # KASA
    "При недоборе",  # KASA_OPTION: что недобравший игрок кладёт в кассу
    ("10 x цена игры", "заказ x цена"),  # BIDDER_IN_VALUES
    "D:+",  # TOPUP_KEY
    "Докупка",  # TOPUP
    "С каждого?",  # TOPUP_Q
)
