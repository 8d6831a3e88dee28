"""Русский: the texts of the Priffe screens, the same names as priffe_en."""

DECLARER = "Кто заказал?"
HINT_FORCED = "0 вынужд. ноль"
CONTRACT = "Контракт?"
CONTRACTS = ("Игра", "Ноль", "Черви", "Бубны", "Вынужд")
TRICKS = "Взятки пары?"
HINT_TRICKS = "A10 B11 C12 D13"
HONOURS = "Онёры?"
HONOUR_NAMES = ("нет", "3 в одной руке", "3 + 1", "4 в одной руке")
HOLDER = "У кого были?"
RUBBER_OVER = "Роббер сыгран"
TP = "оч"
GAMES = "г"
RUBBERS = "Робберов?"
OPTION_NAMES = ("Очки", "Шлемы ноль", "Смена")
VALUE_NAMES = ("основн", "2-я", "нет", "да", "обмен", "круг")  # two for each option
