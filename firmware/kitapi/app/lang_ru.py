"""Русский: every text the screens show, the same names as lang_en."""

NAME = "Русский"
# Home
HAND = "Раздача"
GAME_OVER = "Игра окончена"
HINT_HOME = "1-%d заказ 0 пас"  # the number of players
HINT_HOME2 = "A:спис B:долг C\u2261"
OWES = "Кто кому должен"
NOBODY = "Никто не должен"
PAYS = "\u2192"
DEALER = "С"  # сдаёт
ELDEST = ">"  # говорит первым
LOW_BATTERY = "Батарея садится"
# Hand wizard
BIDDER = "Кто играет?"
LEVEL = "Сколько взяток?"
HINT_LEVEL = "6-9, 0=10"
SUIT = "Козырь?"
SUITS = ("\u2660", "\u2663", "\u2666", "\u2665", "БК")  # без козыря
DEFENSE = "Защита?"
DEFENSES = ("оба играют", "один", "приглашает", "оба пас")
ACTIVE = "Кто остался?"
TRICKS_BIDDER = "Взятки игрока"
TRICKS_D1 = "Взятки"
PASSED = "Все пас"
THROWN = "сбросил"
THROW_KEY = "A:сброс"
ACES_KEY = "A:4 туза"
HINT_STEP = "#да *назад"
HINT_SAVE = "#записать *назад"
SAVED = "Записано"
POUCH = "касса"
CHIPS = "фишки"
# Menu
MENU = "Меню"
NEW_GAME = "Новая игра"
HISTORY = "Раздачи"
END_GAME = "Конец игры"
SETTINGS = "Настройки"
CONFIRM = "#да *нет"
UNDO = "Отменить"
DELETE = "Удалить"
HINT_HISTORY = "#испр. D:удал."
# New game
RULES = "Правила?"
# the game systems, in the order of kitapi.registry's rows
SYSTEMS = ("Префа (греч.)", "Сочи", "Ленинград", "Ростов", "Балканский", "Префа с кассой", "Австрийский",
           "Иллюстр.", "Американский", "Приффе")  # fmt: skip
HINT_RULES = "B:ещё *назад"
PLAYERS = "Игроков?"
PLAYER = "Игрок"
NEW_NAME = "0:новое имя"
TYPE_NAME = "Имя:"
HINT_TYPE = "#ok *стер A:abc"
POUCH_SIZE = "Касса?"
OPTIONS = "Варианты"
FIRST_DEALER = "Кто сдаёт?"
START = "#начать"
ON = "да"
OFF = "нет"
OPTION_NAMES = ("10 БК", "10 как 9", "4 туза", "Беру если", "2 пустые")
AMOUNT = "сумма"  # of the four aces
# Settings
BRIGHTNESS = "Яркость"
SLEEP = "Гасить через"
LANGUAGE = "Язык"
NEVER = "никогда"
SECONDS = "с"
MINUTES = "мин"
# Errors and the end
ERROR = "Ошибка"
RESTARTING = "перезапуск..."
NOT_SAVED = "НЕ записано:"
SETTLE = "Расчёт"
CLOSED = "Игра закрыта"
NO_GAME = "Нет игры"
# Multi-tap letters on keys 2-9 (key 1: space and hyphen), and the capitals that start a word
LETTERS = ("", " -", "абвг", "дежз", "ийкл", "мноп", "рсту", "фхцч", "шщъы", "ьэюя")
CAPITALS = ("", " -", "АБВГ", "ДЕЖЗ", "ИЙКЛ", "МНОП", "РСТУ", "ФХЦЧ", "ШЩЪЫ", "ЬЭЮЯ")
# Russian Preferans: the rules' names and the pool (the rest is in systems/preferans/lang_ru.py)
POOL_SIZE = "Пуля?"
REOPENED = "Игра продолжена"  # a correction took the game's end away: hands can follow again
# the home screen's columns: Prefa's, Preferans'
MORE = ("касса/фишки", "пуля/гора/висты")
# the games kept on the box (kitapi.app.games): the menus' entry
GAMES = "Игры"
