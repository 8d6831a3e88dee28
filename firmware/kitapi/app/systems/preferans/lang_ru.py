"""Russian: the texts of the Russian Preferans screens (kitapi.app.systems.preferans.wiz), the same names in
every language; loaded only while a Preferans game is open (App.pt("preferans"))."""

SUITS = ("\u2660", "\u2663", "\u2666", "\u2665", "БК")  # без козыря
HINT_STEP = "#да *назад"
HINT_SAVE = "#записать *назад"
TRICKS_D1 = "Взятки"
PREF_OPTION_NAMES = ("Сталинград", "Полвиста", "10 вист", "Без трёх", "Недовист 1")  # 4: resign (три недобора)
PREF_OWN_NAMES = ("Вист", "Распасы", "Прикуп")
VALUE_NAMES = ("2-й", "оба", "жлобский", "джентл.")
SOLOIST = "Кто играет?"
HINT_SOLOIST = "0:пас A:пересд."
CONTRACT = "Игра?"
MISERE_KEY = "A: мизер"
MISERE = "Миз"
TRICKS_OF = "Взятки"
WIDOW = "(прикуп)"
WIDOW_Q = "Прикуп?"
WIDOW_KEYS = "0 - 1A 2KQ 3AK"
WIDOW_KEYS2 = "4AA 5 отказ"
HINT_RESIGN = "#да B:без трёх"
TRICKS_SOLOIST = "Взятки игрока"
DEALER_WORD = "Сдающий+"
BOTH_WHIST = "оба вист"
BOTH_PASS = "оба пас"
HALF_WORD = "полвиста"
WHISTS_WORD = "вист"
CODES = "ПГВВПп"  # the summary's pool, hill, whists; then a hand's words: whist, pass, half-whist
HINT_SAVE_OPEN = "#записать A:откр"
MISDEAL = "Пересдача"
ALLPASS = "Распасы"
RESIGNED = "без трёх"
STAKE = "A: цена виста"
HINT_POOL = "#да A:цена"
HINT_STAKE = "B . D стер #да"
BALKAN_BIDS = "2-7 (6 беттлер)"
BALKAN_GAME_KEY = "A: игра (закр.)"
BETTLER = "Бет"
