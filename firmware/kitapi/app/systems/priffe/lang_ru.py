"""Русский: the texts of the Priffe screens, the same names as priffe_en."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Кто заказал?",  # DECLARER
    "0 вынужд. ноль",  # HINT_FORCED
    "Контракт?",  # CONTRACT
    ("Игра", "Ноль", "Черви", "Бубны", "Вынужденная"),  # CONTRACTS
    "Взятки пары?",  # TRICKS
    "A10 B11 C12 D13",  # HINT_TRICKS
    "Онёры?",  # HONOURS
    ("нет", "3 в одной руке", "3 + 1", "4 в одной руке"),  # HONOUR_NAMES
    "У кого были?",  # HOLDER
    "Роббер сыгран",  # RUBBER_OVER
    "оч",  # TP
    "г",  # GAMES
    "Робберов?",  # RUBBERS
    ("Очки", "Шлемы ноль", "Смена"),  # OPTION_NAMES
    ("основная", "2-я", "нет", "да", "обмен", "круг"),  # VALUE_NAMES: two for each option
    "Конец игры",  # ENDS: the summary: the hand about to be saved ends the game
    ("A B  две пары", "оч очки взяток", "г  геймы"),  # LEGEND: the summary's 0: its codes
    "*назад #записать",  # HINT_LEGEND: the legend's keys
    "БК|Ноль|♥|♦|Ноль",  # ROW_CONTRACTS: CONTRACTS on a row too short for them ("|" between): signs, fewer letters
)
