"""The web page's words in the box's three languages (en, el, ru), by key: each entry (English, Greek,
Russian), the terms the players use (the Greek of the kitapi and the kasa, the Russian of the пуля)."""

from __future__ import annotations

from kitapi_host.archive.text import LANGUAGES, named
from kitapi_host.families import family

__all__ = ["LANGUAGES", "NAMES", "WORDS", "choose", "games_n", "kind", "system", "words"]
NAMES = {"en": "English", "el": "Ελληνικά", "ru": "Русский"}

WORDS: dict[str, tuple[str, str, str]] = {
    "site": ("Kitapi: the club's games", "Κιτάπι: οι παρτίδες της λέσχης", "Китапи: партии клуба"),
    "home": ("Home", "Αρχική", "Главная"),
    "players": ("Players", "Παίκτες", "Игроки"),
    "player": ("Player", "Παίκτης", "Игрок"),
    "latest": ("Latest games", "Τελευταίες παρτίδες", "Последние партии"),
    "standings": ("Standings", "Κατάταξη", "Итоги"),
    "period": ("Period", "Περίοδος", "Период"),
    "from": ("From", "Από", "С"),
    "to": ("To", "Έως", "По"),
    "this_month": ("This month", "Αυτός ο μήνας", "Этот месяц"),
    "last_month": ("Last month", "Προηγούμενος μήνας", "Прошлый месяц"),
    "this_year": ("This year", "Φέτος", "Этот год"),
    "show": ("Show", "Εμφάνιση", "Показать"),
    "any": ("any", "όλοι", "все"),
    "system": ("System", "Σύστημα", "Система"),
    "device": ("Venue / device", "Μαγαζί / συσκευή", "Клуб / устройство"),
    "game": ("Game", "Παρτίδα", "Партия"),
    "games": ("Games", "Παρτίδες", "Партии"),
    "date": ("Date", "Ημερομηνία", "Дата"),
    "hands": ("Hands", "Μοιρασιές", "Сдачи"),
    "hand": ("Hand", "Μοιρασιά", "Сдача"),
    "result": ("Result", "Αποτέλεσμα", "Итог"),
    "net": ("Net", "Καθαρά", "Итог"),
    "on": ("in play", "σε εξέλιξη", "идёт"),
    "over": ("over", "τελείωσε", "окончена"),
    "damaged": ("damaged log", "χαλασμένο αρχείο", "повреждённый журнал"),
    "no_games": ("No games.", "Καμία παρτίδα.", "Партий нет."),
    "chips": ("chips", "μάρκες", "фишки"),
    "whists": ("whists", "βιστ", "висты"),
    "kapikia": ("kapikia", "καπίκια", "фишки"),
    "points": ("points", "πόντοι", "очки"),
    "sheet": ("Score sheet", "Κιτάπι", "Запись партии"),
    "chart": ("Standing hand by hand", "Βαθμολογία ανά μοιρασιά", "Счёт по сдачам"),
    "table": ("Hand table", "Πίνακας μοιρασιών", "Таблица сдач"),
    "downloads": ("Downloads", "Λήψεις", "Скачать"),
    "log": ("log", "αρχείο", "журнал"),
    "kind": ("Kind", "Είδος", "Вид"),
    "bidder": ("Bidder", "Αγοραστής", "Игрок"),
    "contract": ("Contract", "Αγορά", "Заказ"),
    "tricks": ("Tricks", "Μπάζες", "Взятки"),
    "made": ("Made", "Βγήκε", "Сыграна"),
    "yes": ("yes", "ναι", "да"),
    "no": ("no", "όχι", "нет"),
    "by_system": ("Games by system", "Παρτίδες ανά σύστημα", "Партии по системам"),
    "over_time": ("Results over time", "Αποτελέσματα στον χρόνο", "Результаты по времени"),
    "stats": ("Statistics", "Στατιστικά", "Статистика"),
    "h2h": ("Head to head", "Κόντρα με κάθε αντίπαλο", "Против каждого соперника"),
    "opponent": ("Opponent", "Αντίπαλος", "Соперник"),
    "theirs": ("Theirs", "Δικά του", "У соперника"),
    "mine": ("Mine", "Δικά μου", "Мои"),
    "ahead": ("Games ahead", "Παρτίδες μπροστά", "Партий впереди"),
    "language": ("Language", "Γλώσσα", "Язык"),
    "not_found": ("Not found", "Δεν βρέθηκε", "Не найдено"),
    "bad_request": ("Bad request", "Λάθος αίτημα", "Неверный запрос"),
    "forbidden": ("Not allowed", "Δεν επιτρέπεται", "Запрещено"),
    "unavailable": ("Not available", "Δεν είναι διαθέσιμο", "Недоступно"),
    "back": ("Back to the home page", "Πίσω στην αρχική", "На главную"),
    "rename": ("Rename", "Μετονομασία", "Переименовать"),
    "merge": ("Merge into", "Συγχώνευση σε", "Объединить с"),
    "new_name": ("New name", "Νέο όνομα", "Новое имя"),
    "done": ("Done.", "Έγινε.", "Готово."),
    "admin": ("Admin: names", "Διαχείριση ονομάτων", "Управление именами"),
    "no_pdf": (
        "PDF needs Chromium on this PC",
        "Το PDF θέλει Chromium σε αυτόν τον υπολογιστή",
        "Для PDF нужен Chromium на этом ПК",
    ),
    "pdf_busy": (
        "The PDF printer is busy with other sheets: try again in a few seconds",
        "Ο εκτυπωτής PDF είναι απασχολημένος με άλλα φύλλα: δοκιμάστε ξανά σε λίγα δευτερόλεπτα",
        "Печать PDF занята другими записями: повторите через несколько секунд",
    ),
    "bad_host": (
        "This server does not answer to this name: open the address kitapi serve printed"
        " (kitapi serve --allow-host NAME adds a name)",
        "Αυτός ο διακομιστής δεν απαντά σε αυτό το όνομα: ανοίξτε τη διεύθυνση που έδειξε το kitapi serve"
        " (το kitapi serve --allow-host ΟΝΟΜΑ προσθέτει όνομα)",
        "Этот сервер не отвечает на это имя: откройте адрес, который показал kitapi serve"
        " (kitapi serve --allow-host ИМЯ добавляет имя)",
    ),
    "admin_needed": (
        "Renaming and merging need the admin link kitapi serve printed when it started: open it once in this browser",
        "Η μετονομασία και η συγχώνευση θέλουν τον σύνδεσμο διαχείρισης που έδειξε το kitapi serve όταν ξεκίνησε:"
        " ανοίξτε τον μία φορά σε αυτόν τον περιηγητή",
        "Для переименования и объединения нужна ссылка администратора, которую kitapi serve показал при запуске:"
        " откройте её один раз в этом браузере",
    ),
    "admin_link": (
        "This is not this server's admin link (a new one is made each time kitapi serve starts)",
        "Αυτός δεν είναι ο σύνδεσμος διαχείρισης αυτού του διακομιστή (φτιάχνεται νέος κάθε φορά που ξεκινά το"
        " kitapi serve)",
        "Это не ссылка администратора этого сервера (при каждом запуске kitapi serve создаётся новая)",
    ),
    "footer": (
        "Every figure is the Kitapi core's, replayed from the game logs.",
        "Κάθε νούμερο το βγάζει ο πυρήνας του Kitapi από τα αρχεία των παρτίδων.",
        "Каждое число посчитано ядром Kitapi по журналам партий.",
    ),
}


def words(lang: str) -> dict[str, str]:
    """The words of ``lang`` (one of LANGUAGES) by key."""
    i = LANGUAGES.index(lang)
    return {k: v[i] for k, v in WORDS.items()}


def choose(accept: str) -> str:
    """The first of LANGUAGES an Accept-Language header asks for (by its weights), else English."""
    best = ("en", -1.0)
    for part in accept.split(",")[:20]:
        tag, _, q = part.strip().partition(";")
        lang = tag.strip().lower()[:2]
        try:
            weight = float(q.strip()[2:]) if q.strip().startswith("q=") else 1.0
        except ValueError:
            weight = 0.0
        if lang in LANGUAGES and weight > best[1]:
            best = (lang, weight)
    return best[0]


# A count of games in each language's forms: English one/other, Greek one/other, Russian one/few/many.
GAMES_N = (("game", "games"), ("παρτίδα", "παρτίδες"), ("партия", "партии", "партий"))


def games_n(lang: str, n: int) -> str:
    """``n`` games in ``lang``: "1 game", "2 games"; "1 партия", "3 партии", "5 партий", "21 партия"."""
    forms = GAMES_N[LANGUAGES.index(lang) if lang in LANGUAGES else 0]
    if len(forms) == 3:  # Russian: by the last digits
        k = 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    else:
        k = 0 if n == 1 else 1
    return f"{n} {forms[k]}"


def system(lang: str, rules: str, title: str) -> str:
    """The name of the system ``rules`` in ``lang``; ``title`` (its English one) where there is none."""
    return named(getattr(family(rules), "TITLES", {}), rules, lang, title)  # (each family module's)


# A hand's kind (the archive's ``kind`` column) in the hand table, in the box's words; a kind not here shows
# as stored.
KINDS: dict[str, tuple[str, str, str]] = {
    "play": ("played", "παίχτηκε", "игра"),
    "pass": ("pass", "πάσο", "пас"),
    "throw": ("thrown", "πέταξε", "сбросил"),
    "allpass": ("all pass", "πάσο όλοι", "распасы"),
    "misdeal": ("misdeal", "λάθος μοίρασμα", "пересдача"),
    "resign": ("resigned", "παραίτηση", "без трёх"),
    "topup": ("top-up", "προσθήκη", "докупка"),
    "drop": ("dropped", "έφυγε", "вышел"),
    "chips": ("chips", "μάρκες", "фишки"),
    "suit": ("suit", "χρώμα", "масть"),
}


def kind(lang: str, k: str) -> str:
    """A hand's kind in ``lang``."""
    names = KINDS.get(k)
    return names[LANGUAGES.index(lang)] if names else k
