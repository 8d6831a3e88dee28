"""Русский: every text the screens show, the same names as lang_en."""

# The texts, in the order of their names (the comment after each). A screen takes a text as
# t[_NAME], with _NAME = const(index) of its own (a const costs no interned name in the heap, an
# attribute name did); tests/device/test_lang.py checks every such const against this order.
T = (
    "Русский",  # NAME
    # Home
    "Раздача",  # HAND
    "Игра окончена",  # GAME_OVER
    "1-%d заказ 0 пас",  # HINT_HOME: the number of players
    "A:лист B:долг C\u2261",  # HINT_HOME2
    "Кто кому должен",  # OWES
    "Никто не должен",  # NOBODY
    "\u2192",  # PAYS
    "С",  # DEALER: сдаёт
    ">",  # ELDEST: говорит первым
    "Батарея садится",  # LOW_BATTERY
    # Hand wizard
    "Кто играет?",  # BIDDER
    "Сколько взяток?",  # LEVEL
    "6-9, 0=10",  # HINT_LEVEL
    "Козырь?",  # SUIT
    ("\u2660", "\u2663", "\u2666", "\u2665", "БК"),  # SUITS: без козыря
    "Защита?",  # DEFENSE
    ("оба играют", "один", "приглашает", "оба пас"),  # DEFENSES
    "Кто остался?",  # ACTIVE
    "Взятки игрока",  # TRICKS_BIDDER
    "Взятки",  # TRICKS_D1
    "Все пас",  # PASSED
    "сбросил",  # THROWN
    "A:сброс",  # THROW_KEY
    "A:4 туза",  # ACES_KEY
    "#да *назад",  # HINT_STEP
    "#записать *назад",  # HINT_SAVE
    "Записано",  # SAVED
    "касса",  # POUCH
    "фишки",  # CHIPS
    # Menu
    "Меню",  # MENU
    "Новая игра",  # NEW_GAME
    "Раздачи",  # HISTORY
    "Конец игры",  # END_GAME
    "Настройки",  # SETTINGS
    "#да *нет",  # CONFIRM
    "Отменить",  # UNDO
    "Удалить",  # DELETE
    "#правка D:убрать",  # HINT_HISTORY
    # New game
    "Правила?",  # RULES
    # the game systems' labels, kitapi.registry's, in its order: written over () when the firmware is built
    # for the box (kitapi_host.names)
    (),  # SYSTEMS
    "B:ещё *назад",  # HINT_RULES
    "Игроков?",  # PLAYERS
    "Игрок",  # PLAYER
    "0:новое имя",  # NEW_NAME
    "Имя:",  # TYPE_NAME
    "#да *стереть",  # HINT_TYPE
    "Касса?",  # POUCH_SIZE
    "Варианты",  # OPTIONS
    "Кто сдаёт?",  # FIRST_DEALER
    "#начать",  # START
    "да",  # ON
    "нет",  # OFF
    ("10 БК", "10 как 9", "4 туза", "Беру если", "2 пустые"),  # OPTION_NAMES
    "сумма",  # AMOUNT: of the four aces
    # Settings
    "Яркость",  # BRIGHTNESS
    "Гасить через",  # SLEEP
    "Язык",  # LANGUAGE
    "никогда",  # NEVER
    "с",  # SECONDS
    "мин",  # MINUTES
    # Errors and the end
    "Ошибка",  # ERROR
    "перезапуск...",  # RESTARTING
    "НЕ записано:",  # NOT_SAVED
    "Расчёт",  # SETTLE
    "Игра закрыта",  # CLOSED
    "Нет игры",  # NO_GAME
    # Russian Preferans: the rules' names and the pool (the rest is in systems/preferans/lang_ru.py)
    "Пуля?",  # POOL_SIZE
    "Игра продолжена",  # REOPENED: a correction took the game's end away: hands can follow again
    # the home screen's columns: Prefa's, Preferans'
    ("касса/фишки", "пуля/гора/висты"),  # MORE
    # the games kept on the box (kitapi.app.games): the menus' entry
    "Игры",  # GAMES
    # Multi-tap letters on keys 2-9 (key 1: space and hyphen), and the capitals that start a word
    ("", " -", "абвг", "дежз", "ийкл", "мноп", "рсту", "фхцч", "шщъы", "ьэюя"),  # LETTERS
    ("", " -", "АБВГ", "ДЕЖЗ", "ИЙКЛ", "МНОП", "РСТУ", "ФХЦЧ", "ШЩЪЫ", "ЬЭЮЯ"),  # CAPITALS
    "0:новое B:ещё",  # NEW_NAME_MORE: the names saved, a page of them: 0 a new one, B the next page
    # helper W
    "%s %s: по %s каждому",  # SHARED
    # helper K
    "?",  # QUESTION: the language's question mark (Greek ";"), put for "?" by kitapi.app.ui
)
