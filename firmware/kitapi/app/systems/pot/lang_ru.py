"""Russian: the texts of the pot games' screens (kitapi.app.systems.pot and its wiz), the same names in
every language; loaded only while such a game is open (App.pt("pot"))."""

ANTE_HIGH = "Взнос > фишек!"  # the options step: the ante the rules would refuse
CHIPS_Q = "Фишек у всех?"
AT_OPTIONS = ("Взнос", "2 паса", "Пас>P")
US_OPTIONS = ("Взнос", "Выигрыш", "Ставки")
WORDS = ("выигр.", "ничего", "по 3", "проигр", "банк", "игрок")
POT = "Банк"
REFILL = "пополн."
REFILLED = "Банк пополнен"
HOME = "1-3 игра 0 пас"
HOME_US = "1-3 D:фиш 0:пас"
DECLARER = "Кто играет?"
DROPPED = "Кто вышел?"
WHO_AT = "0 все пас"
WHO_US = "D фишки 0 пас"
DROP_KEYS = "1-3 да/нет"
BID = "Заявка?"
BID_KEYS = "1-4 A:без прик."
PREF_KEY = "A 4: Преферанс"
HIGH_KEYS = "5 мизер 6 шлем"
OPEN_KEYS = "7 8: открытые"
CHIP_BID = "Ставка"
NO_TRUMP = "0: без козыря"
TRICK_KEYS = "0-9 A=10 #=%d"
