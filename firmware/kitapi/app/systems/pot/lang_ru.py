"""Russian: the texts of the pot games' screens (kitapi.app.systems.pot and its wiz), the same names in
every language; loaded only while such a game is open (App.pt("pot"))."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Взнос > фишек!",  # ANTE_HIGH: the options step: the ante the rules would refuse
    "Фишек у всех?",  # CHIPS_Q
    ("Взнос", "2 паса", "Выход"),  # AT_OPTIONS
    ("Взнос", "Выигрыш", "Ставки"),  # US_OPTIONS
    ("выигрыш", "ничего", "по 3", "ремиз", "банк", "игрок"),  # WORDS
    "Банк",  # POT
    "пополнение",  # REFILL
    "Банк пополнен",  # REFILLED
    "1-3 игра 0 пас",  # HOME
    "D:фишки 0:пас",  # HOME_US
    "Кто играет?",  # DECLARER
    "Кто вышел?",  # DROPPED
    "0 все пас",  # WHO_AT
    "D фишки 0 пас",  # WHO_US
    "1-3 да/нет",  # DROP_KEYS
    "Заявка?",  # BID
    "1-4 A:из руки",  # BID_KEYS
    "A 4: Преферанс",  # PREF_KEY
    "5 мизер 6 шлем",  # HIGH_KEYS
    "7 8: открытые",  # OPEN_KEYS
    "Ставка",  # CHIP_BID
    "0: без козыря",  # NO_TRUMP
    "0-9 A=10 #=%d",  # TRICK_KEYS
    "Конец игры",  # ENDS: the summary: the hand about to be saved ends the game
)
