"""Русский: the texts of the kasa game's own screens, the same names as kasa_en."""

KASA_SIZE = "Касса с каждого?"
KASA = "Касса"
KASA_OPTION = "Недобор"  # что недобравший игрок кладёт в кассу
BIDDER_IN_VALUES = ("10", "заказ")
TOPUP_KEY = "D:+"
TOPUP = "Докупка"
TOPUP_Q = "С каждого?"
