"""Russian: the texts of the Russian Preferans screens (kitapi.app.systems.preferans.wiz), the same names in
every language; loaded only while a Preferans game is open (App.pt("preferans"))."""

# The texts, in the order of their names (the comment after each). A screen takes a text as p[_X_NAME]
# (App.pt), with _X_NAME = const(index) of its own, X the family's letter (a const costs no interned name
# in the heap, an attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    ("\u2660", "\u2663", "\u2666", "\u2665", "БК"),  # SUITS: без козыря
    "#да *назад",  # HINT_STEP
    "#записать *назад",  # HINT_SAVE
    "Взятки",  # TRICKS_D1
    ("Сталинград", "Полвиста", "Вист на 10", "Без трёх", "Недовист 1"),  # PREF_OPTION_NAMES: 4: resign (три недобора)
    ("Вист", "Распасы", "Прикуп"),  # PREF_OWN_NAMES
    ("2-й", "оба", "жлобский", "джентльменский"),  # VALUE_NAMES
    "Кто играет?",  # SOLOIST
    "0:пас|A:пересдача",  # HINT_SOLOIST: 0 on the title bar, A on the hint row
    "Игра?",  # CONTRACT
    "A: мизер",  # MISERE_KEY
    "Миз",  # MISERE
    "Взятки",  # TRICKS_OF
    "(прикуп)",  # WIDOW
    "Прикуп?",  # WIDOW_Q
    "0 - 1A 2KQ 3AK",  # WIDOW_KEYS
    "4AA 5 отказ",  # WIDOW_KEYS2
    "#да B:без трёх",  # HINT_RESIGN
    "Взятки игрока",  # TRICKS_SOLOIST
    "Сдающий+",  # DEALER_WORD
    "оба вист",  # BOTH_WHIST
    "оба пас",  # BOTH_PASS
    "полвиста",  # HALF_WORD
    "вист",  # WHISTS_WORD
    "ПГВв-\u00bdс",  # CODES: the summary's pool, hill, whists; a hand's whist, pass, half-whist, dealer's whist
    "#записать A:лёжа",  # HINT_SAVE_OPEN: A marks the hand played open ("лёжа": C "down" or "open")
    "Пересдача",  # MISDEAL
    "Распасы",  # ALLPASS
    "без трёх",  # RESIGNED
    "A: цена виста",  # STAKE
    "#да A:цена",  # HINT_POOL
    "B . D:убрать #да",  # HINT_STAKE
    "2-7 (6 беттлер)",  # BALKAN_BIDS
    "A: закрытая игра",  # BALKAN_GAME_KEY
    "Бет",  # BETTLER
    "Конец игры",  # ENDS: the summary: the hand about to be saved ends the game
    ("П пуля  Г гора", "В висты", "в вист  - пас", "\u00bd полвиста", "с вист сдающего"),  # LEGEND
    "*назад #записать",  # HINT_LEGEND: the legend's keys
)
