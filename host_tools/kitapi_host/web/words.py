"""The web page's words in the box's three languages (en, el, ru), by key: each entry (English, Greek,
Russian), the terms the players use (the Greek of the kitapi and the kasa, the Russian of the пуля)."""

from __future__ import annotations

from kitapi_host.archive.text import LANGUAGES, named
from kitapi_host.families import family

__all__ = ["HANDS_N", "LANGUAGES", "NAMES", "WORDS", "choose", "contract", "games_n", "kind", "system", "words"]
NAMES = {"en": "English", "el": "Ελληνικά", "ru": "Русский"}

WORDS: dict[str, tuple[str, str, str]] = {
    "site": ("Kitapi: the club's games", "Κιτάπι: οι παρτίδες της λέσχης", "Китапи: партии клуба"),
    "home": ("Home", "Αρχική", "Главная"),
    "players": ("Players", "Παίκτες", "Игроки"),
    "player": ("Player", "Παίκτης", "Игрок"),
    "latest": ("Latest games", "Τελευταίες παρτίδες", "Последние партии"),
    "standings": ("Standings", "Κατάταξη", "Турнирная таблица"),
    "period": ("Period", "Περίοδος", "Период"),
    "from": ("From", "Από", "С"),
    "to": ("To", "Έως", "По"),
    "this_month": ("This month", "Αυτός ο μήνας", "Этот месяц"),
    "last_month": ("Last month", "Προηγούμενος μήνας", "Прошлый месяц"),
    "this_year": ("This year", "Φέτος", "Этот год"),
    "show": ("Show", "Εμφάνιση", "Показать"),
    "any": ("any", "όλοι", "все"),  # (players)
    "any_n": ("any", "όλα", "все"),  # (systems, venues: neuter in Greek)
    "system": ("System", "Σύστημα", "Система"),
    "device": ("Venue / device", "Μαγαζί / συσκευή", "Клуб / устройство"),
    "game": ("Game", "Παρτίδα", "Партия"),
    "games": ("Games", "Παρτίδες", "Партии"),
    "date": ("Date", "Ημερομηνία", "Дата"),
    "hands": ("Hands", "Μοιρασιές", "Сдачи"),
    "hand": ("Hand", "Μοιρασιά", "Сдача"),
    "result": ("Result", "Αποτέλεσμα", "Результат"),
    "net": ("Net", "Καθαρά", "Итог"),
    "on": ("in play", "σε εξέλιξη", "идёт"),
    "over": ("over", "τελείωσε", "окончена"),
    "damaged": ("damaged log", "χαλασμένο αρχείο", "повреждённый журнал"),
    "no_games": ("No games.", "Καμία παρτίδα.", "Партий нет."),
    "chips": ("chips", "μάρκες", "фишки"),  # (the pot games')
    "chips_prefa": ("chips", "καπίκια", "фишки"),  # (Prefa's, as the box says them: κάσα, καπίκια)
    "whists": ("whists", "βιστ", "висты"),
    "kapikia": ("kapikia", "καπίκια", "капики"),
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
    # the lists' pages, the search, the CSV of the standings (issue 33, item 6)
    "page": ("Page", "Σελίδα", "Страница"),
    "newer": ("Newer", "Νεότερες", "Новее"),
    "older": ("Older", "Παλαιότερες", "Старше"),
    "search": ("Search", "Αναζήτηση", "Поиск"),
    "find": ("Find", "Βρες", "Найти"),
    "no_match": ("No player matches.", "Κανένας παίκτης δεν ταιριάζει.", "Нет подходящих игроков."),
    "last_game": ("Last game", "Τελευταία παρτίδα", "Последняя партия"),
    "unit": ("Unit", "Μονάδα", "Единица"),
    "standings_csv": ("Standings (CSV)", "Κατάταξη (CSV)", "Таблица (CSV)"),
    "partner": ("partner", "συμπαίκτης", "партнёр"),
    "against": ("opponent", "αντίπαλος", "соперник"),
    "rubbers": ("rubbers", "ρόμπερ", "роберы"),
    "bad_page": (
        "not a page number (1, 2, 3 …)",
        "δεν είναι αριθμός σελίδας (1, 2, 3 …)",
        "это не номер страницы (1, 2, 3 …)",
    ),
    "not_found": ("Not found", "Δεν βρέθηκε", "Не найдено"),
    "bad_request": ("Bad request", "Λάθος αίτημα", "Неверный запрос"),
    "forbidden": ("Not allowed", "Δεν επιτρέπεται", "Запрещено"),
    "unavailable": ("Not available", "Δεν είναι διαθέσιμο", "Недоступно"),
    # what is wrong with a request (after what: "From “2026-13-01”: not a day (YYYY-MM-DD, ...)")
    "bad_day": (
        "not a day (YYYY-MM-DD, from 0001-01-01 to 9999-12-31)",
        "δεν είναι ημερομηνία (ΕΕΕΕ-ΜΜ-ΗΗ, από 0001-01-01 έως 9999-12-31)",
        "это не дата (ГГГГ-ММ-ДД, от 0001-01-01 до 9999-12-31)",
    ),
    "bad_period": (
        "the period ends before it starts",
        "η περίοδος τελειώνει πριν αρχίσει",
        "период заканчивается раньше, чем начинается",
    ),
    "twice": (
        "given twice, with different values",
        "δόθηκε δύο φορές, με διαφορετικές τιμές",
        "задан дважды, с разными значениями",
    ),
    "nul": ("holds a NUL character", "περιέχει τον χαρακτήρα NUL", "содержит символ NUL"),
    "too_long": ("is longer than 1,000 characters", "είναι μεγαλύτερο από 1.000 χαρακτήρες", "длиннее 1000 символов"),
    "empty": ("is empty", "είναι κενό", "не указано"),
    "bad_name": (
        "is not a name a player can have: 1 to 24 characters, one visible, no control characters",
        "δεν μπορεί να είναι όνομα παίκτη: 1 έως 24 χαρακτήρες, ένας ορατός, χωρίς χαρακτήρες ελέγχου",
        "не может быть именем игрока: от 1 до 24 символов, хотя бы один видимый, без управляющих символов",
    ),
    "itself": ("cannot be merged into itself", "δεν συγχωνεύεται με τον εαυτό του", "нельзя объединить с самим собой"),
    "not_in_archive": ("not in the archive", "δεν υπάρχει στο αρχείο", "нет в архиве"),
    "name_taken": (
        "there is already a player {}: merge the two instead",
        "υπάρχει ήδη παίκτης {}: συγχωνεύστε τους δύο",
        "игрок {} уже есть: объедините их",
    ),
    "same_game": (
        "{} and {} played in the same game ({}): not merged",
        "{} και {} έπαιξαν στην ίδια παρτίδα ({}): δεν συγχωνεύτηκαν",
        "{} и {} играли в одной партии ({}): не объединены",
    ),
    "same_tournament": (
        "{} and {} both play in tournament {}: not merged",
        "{} και {} παίζουν στο ίδιο τουρνουά {}: δεν συγχωνεύτηκαν",
        "{} и {} играют в одном турнире {}: не объединены",
    ),
    "http_400": ("The request could not be read.", "Το αίτημα δεν διαβάζεται.", "Запрос не удалось прочитать."),
    "http_404": ("There is no such page here.", "Δεν υπάρχει τέτοια σελίδα εδώ.", "Такой страницы здесь нет."),
    "http_405": (
        "This page does not take that kind of request.",
        "Αυτή η σελίδα δεν δέχεται τέτοιο αίτημα.",
        "Эта страница не принимает такой запрос.",
    ),
    "http_413": (
        "The form sent is too large.",
        "Η φόρμα που στάλθηκε είναι πολύ μεγάλη.",
        "Отправленная форма слишком велика.",
    ),
    "fault": (
        "The archive could not be read for this page: the terminal running kitapi serve says why. Try again later.",
        "Το αρχείο δεν διαβάστηκε για αυτή τη σελίδα: το τερματικό όπου τρέχει το kitapi serve λέει γιατί. "
        "Δοκιμάστε ξανά αργότερα.",
        "Архив не удалось прочитать для этой страницы: причину пишет терминал, где запущен kitapi serve. "
        "Попробуйте позже.",
    ),
    "broken": (
        "This page could not be made: a part of the archive it needs may be damaged. The other pages work; the"
        " terminal running kitapi serve says what went wrong.",
        "Αυτή η σελίδα δεν φτιάχτηκε: ίσως έχει χαλάσει ένα κομμάτι του αρχείου που χρειάζεται. Οι άλλες σελίδες"
        " δουλεύουν· το τερματικό όπου τρέχει το kitapi serve λέει τι πήγε στραβά.",
        "Эту страницу не удалось построить: возможно, повреждена нужная ей часть архива. Остальные страницы"
        " работают; что случилось, пишет терминал, где запущен kitapi serve.",
    ),
    "no_archive": (
        "The archive is missing (moved or deleted?): the games show again when it is back",
        "Το αρχείο παρτίδων λείπει (μετακινήθηκε ή σβήστηκε;): οι παρτίδες θα φανούν όταν επιστρέψει",
        "Архива партий нет на месте (перемещён или удалён?): партии появятся, когда он вернётся",
    ),
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
    "pdf_failed": (
        "The PDF could not be printed: try again later (the terminal running kitapi serve says why)",
        "Το PDF δεν τυπώθηκε: δοκιμάστε ξανά αργότερα (το τερματικό όπου τρέχει το kitapi serve λέει γιατί)",
        "PDF не удалось напечатать: попробуйте позже (причину пишет терминал, где запущен kitapi serve)",
    ),
    "no_sheet": (
        "This game's score sheet cannot be made from its log (the terminal running kitapi serve says why)",
        "Το φύλλο αυτής της παρτίδας δεν φτιάχνεται από το αρχείο της (το τερματικό όπου τρέχει το kitapi serve"
        " λέει γιατί)",
        "Запись этой партии нельзя построить по её журналу (причину пишет терминал, где запущен kitapi serve)",
    ),
    "read_only": (
        "Read only: renaming and merging players need kitapi serve started with --admin",
        "Μόνο ανάγνωση: η μετονομασία και η συγχώνευση παικτών θέλουν το kitapi serve με --admin",
        "Только чтение: чтобы переименовывать и объединять игроков, запустите kitapi serve с --admin",
    ),
    "other_site": (
        "This form was sent from another site: nothing was changed",
        "Η φόρμα στάλθηκε από άλλον ιστότοπο: δεν άλλαξε τίποτα",
        "Форма отправлена с другого сайта: ничего не изменено",
    ),
    "stale_form": (
        "This form is from an older page: reload the page and send it again",
        "Η φόρμα είναι από παλιότερη σελίδα: ανανεώστε τη σελίδα και στείλτε την ξανά",
        "Форма со старой страницы: обновите страницу и отправьте её снова",
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
    # the ratings (/ratings, and a block of the player's page): openskill's ordinal, mu - 3 sigma
    "ratings": ("Ratings", "Βαθμολογία", "Рейтинг"),
    "rating": ("Rating", "Βαθμολογία", "Рейтинг"),
    "place": ("Place", "Θέση", "Место"),
    "trend": ("After his last games", "Μετά τις τελευταίες παρτίδες του", "После последних партий"),
    "no_ratings": (
        "No finished game to rate yet.",
        "Δεν υπάρχει ακόμα τελειωμένη παρτίδα για βαθμολογία.",
        "Пока нет законченных партий для рейтинга.",
    ),
    "ratings_note": (
        "Counted from {counted} finished games in the order they were played; games in play ({in_play}) count"
        " once they are over. Each game ranks its players by their result (equal results tie; in Priffe each"
        " rubber ranks its two partnerships). The rating is μ − 3σ of openskill's Plackett-Luce model: a new"
        " player starts at 0 and rises as he finishes ahead of strong players.",
        "Από {counted} τελειωμένες παρτίδες, με τη σειρά που παίχτηκαν· οι παρτίδες σε εξέλιξη ({in_play})"
        " μετράνε όταν τελειώσουν. Κάθε παρτίδα κατατάσσει τους παίκτες της με το αποτέλεσμά τους (ίσα"
        " αποτελέσματα: ισοπαλία· στο πρίφε κάθε ράμπερ κατατάσσει τα δύο ζευγάρια του). Η βαθμολογία είναι"
        " μ − 3σ του μοντέλου Plackett-Luce του openskill: ένας νέος παίκτης ξεκινά από 0 και ανεβαίνει όταν"
        " τελειώνει πάνω από δυνατούς παίκτες.",
        "По {counted} законченным партиям в том порядке, в каком они сыграны; идущие партии ({in_play})"
        " учитываются, когда закончатся. Каждая партия ранжирует игроков по результату (равный результат —"
        " ничья; в приффе каждый роббер ранжирует две его пары). Рейтинг — μ − 3σ модели Плакетта — Льюса"
        " из openskill: новый игрок начинает с 0 и растёт, когда обходит сильных игроков.",
    ),
    # a tournament (/tournament/NAME, /tournaments; kitapi tournament)
    "tournament": ("Tournament", "Τουρνουά", "Турнир"),
    "tournaments": ("Tournaments", "Τουρνουά", "Турниры"),
    "no_tournaments": ("No tournaments.", "Κανένα τουρνουά.", "Турниров нет."),
    "round": ("Round", "Γύρος", "Тур"),
    "rounds": ("Rounds", "Γύροι", "Туров"),
    "seated_rounds": ("Seated", "Με θέσεις", "С рассадкой"),
    "complete_rounds": ("Complete", "Ολοκληρωμένοι", "Завершено"),
    "seat_table": ("Table", "Τραπέζι", "Стол"),
    "t_points": ("Points", "Βαθμοί", "Очки"),
    "t_system": ("Points system", "Σύστημα βαθμών", "Система очков"),
    "serbian": ("Serbian league", "σερβικό πρωτάθλημα", "сербская лига"),
    "matchpoints": ("matchpoints", "ματσπόιντς", "матчпойнты"),
    "total": ("Total result", "Συνολικό αποτέλεσμα", "Сумма результатов"),
    "buchholz": ("Buchholz", "Μπούχολτς", "Бухгольц"),
    "won": ("Tables won", "Νίκες σε τραπέζι", "Выиграно столов"),
    "played": ("Tables", "Τραπέζια", "Столов"),
    "number": ("No.", "Αρ.", "№"),
    "draw": ("The draw", "Η κλήρωση", "Жеребьёвка"),
    "seed": (
        "seed {seed}: the same seed and players give the same draw",
        "σπόρος {seed}: ίδιος σπόρος και ίδιοι παίκτες δίνουν την ίδια κλήρωση",
        "зерно {seed}: то же зерно и те же игроки дают ту же жеребьёвку",
    ),
    "find_table": ("Find your table: round {r}", "Βρες το τραπέζι σου: γύρος {r}", "Найдите свой стол: тур {r}"),
    "seated_at": ("seated {when}", "θέσεις από {when}", "рассадка {when}"),
    "complete": ("complete", "ολοκληρώθηκε", "завершён"),
    "in_progress": ("in progress", "σε εξέλιξη", "идёт"),
    "no_game_yet": ("no game yet", "καμία παρτίδα ακόμα", "партии ещё нет"),
    "decided": ("decided", "απόφαση", "решение"),
    "closed": ("closed", "έκλεισε", "закрыт"),
    "other_players": (
        "its game's players are not the table's",
        "οι παίκτες της παρτίδας δεν είναι του τραπεζιού",
        "игроки партии не этого стола",
    ),
    "after_round": ("Standings after round {r}", "Κατάταξη μετά τον γύρο {r}", "Таблица после тура {r}"),
    "so_far": ("Standings so far", "Κατάταξη μέχρι τώρα", "Таблица на сейчас"),
    "all_rounds": ("All rounds", "Όλοι οι γύροι", "Все туры"),
    "legend": ("Legend", "Υπόμνημα", "Обозначения"),
    "legend_decided": (
        "decided: the organisers gave the table's results, without a game (or over it)",
        "απόφαση: τα αποτελέσματα του τραπεζιού τα έδωσαν οι διοργανωτές, χωρίς παρτίδα (ή πάνω από αυτήν)",
        "решение: результаты стола дали организаторы, без партии (или вместо её итога)",
    ),
    "legend_closed": (
        "closed: the game was still in play at the round's time limit and counts as it stood then",
        "έκλεισε: η παρτίδα ήταν σε εξέλιξη στο όριο χρόνου του γύρου και μετράει όπως ήταν τότε",
        "закрыт: партия ещё шла, когда вышло время тура, и засчитана, как стояла тогда",
    ),
    "legend_points": (
        "Points are shown to two decimals (a shared 5/3 as 1.67); the standings count them exactly.",
        "Οι βαθμοί φαίνονται με δύο δεκαδικά (ένα μοιρασμένο 5/3 ως 1.67)· η κατάταξη τους μετράει ακριβώς.",
        "Очки показаны с двумя знаками после точки (поделённые 5/3 как 1.67); таблица считает их точно.",
    ),
    "legend_order": (
        "The standings are ordered by points, then the total result, Buchholz (the points of every opponent met),"
        " tables won (a shared first place split), then the drawn number.",
        "Η κατάταξη: βαθμοί, μετά συνολικό αποτέλεσμα, Μπούχολτς (οι βαθμοί κάθε αντιπάλου που συνάντησε),"
        " νίκες σε τραπέζι (μια μοιρασμένη πρώτη θέση μοιράζεται) και τέλος ο αριθμός της κλήρωσης.",
        "Порядок в таблице: очки, затем сумма результатов, Бухгольц (очки всех встреченных соперников),"
        " выигранные столы (разделённое первое место делится), затем номер по жеребьёвке.",
    ),
    "bad_round": (
        "is not a round of this tournament seated so far (1 to {n})",
        "δεν είναι γύρος του τουρνουά με θέσεις ως τώρα (1 έως {n})",
        "не тур этого турнира с готовой рассадкой (от 1 до {n})",
    ),
    # who pays whom (a game's page) and the evening (/evening)
    "who_pays": ("Who pays whom", "Ποιος πληρώνει ποιον", "Кто кому платит"),
    "if_now": ("if the game ended now", "αν τελείωνε τώρα η παρτίδα", "если бы партия закончилась сейчас"),
    "nobody_pays": ("Nobody pays anybody.", "Κανείς δεν πληρώνει.", "Никто никому не платит."),
    "in_money": ("{} in money", "{} σε χρήματα", "{} в деньгах"),
    "stake": ("a whist is worth {}", "το βιστ αξίζει {}", "вист стоит {}"),
    "rounding": ("Rounding: ", "Στρογγύλευση: ", "Округление: "),
    "kasa": ("Kasa", "Κάσα", "Касса"),
    "pot": ("Pot", "Πότ", "Банк"),
    "refills": ("refills", "γεμίσματα", "пополнений"),
    "split_now": ("If it ended now", "Αν τελείωνε τώρα", "Если закончить сейчас"),
    "split": ("With the kasa shared", "Με τη μοιρασιά της κάσας", "С разделом кассы"),
    "no_settle": (
        "These rules settle nothing between the players: the best result wins.",
        "Οι κανόνες αυτοί δεν ορίζουν πληρωμές ανάμεσα στους παίκτες: κερδίζει το καλύτερο αποτέλεσμα.",
        "Эти правила не предусматривают расчёта между игроками: побеждает лучший результат.",
    ),
    "in_play_n": ("in play: {}", "σε εξέλιξη: {}", "идут: {}"),
    "in_play_note": (
        "Games still in play count as they stand now and are marked “in play”: their figures change until they end.",
        "Οι παρτίδες σε εξέλιξη μετράνε όπως είναι τώρα και σημειώνονται «σε εξέλιξη»: τα νούμερά τους αλλάζουν"
        " ώσπου να τελειώσουν.",
        "Идущие партии учитываются как есть сейчас и помечены «идёт»: их числа меняются, пока партия не закончится.",
    ),
    "tonight": ("Tonight", "Απόψε", "Сегодня"),
    "evening": ("Evening", "Βραδιά", "Вечер"),
    "venue": ("Venue", "Μαγαζί", "Клуб"),
    "day": ("Day", "Μέρα", "День"),
    "table_n": ("Table", "Τραπέζι", "Стол"),
    "totals": ("The evening's totals", "Τα σύνολα της βραδιάς", "Итоги вечера"),
    "settlement": ("Settlement", "Λογαριασμός", "Расчёт"),
    "no_evening": (
        "No games this evening at this venue.",
        "Καμία παρτίδα αυτή τη βραδιά σε αυτό το μαγαζί.",
        "В этот вечер в этом клубе партий нет.",
    ),
    "refreshes": (
        "While a game is in play this page reloads itself every minute.",
        "Όσο παίζεται μια παρτίδα, η σελίδα ανανεώνεται μόνη της κάθε λεπτό.",
        "Пока идёт партия, страница обновляется сама каждую минуту.",
    ),
    "evening_note": (
        "Each game counts with its net (a kasa game with what is left in the kasa shared equally: what each"
        " would take home if it stopped now); games in play count as they stand. One settlement per system:"
        " each total rounded once to a whole amount by largest remainder, then equal debts and claims paired"
        " first and the largest debt paid to the largest claim: the fewest transfers with up to four players,"
        " otherwise at most one fewer than the players (not always the fewest possible).",
        "Κάθε παρτίδα μετράει με τα καθαρά της (μια παρτίδα με κάσα με ό,τι έμεινε στην κάσα μοιρασμένο ίσα:"
        " ό,τι θα έπαιρνε ο καθένας αν σταματούσε τώρα)· οι παρτίδες σε εξέλιξη μετράνε όπως είναι. Ένας"
        " λογαριασμός ανά σύστημα: κάθε σύνολο στρογγυλεύεται μία φορά σε ακέραιο με το μεγαλύτερο υπόλοιπο,"
        " μετά ίσα χρέη και απαιτήσεις ζευγαρώνουν πρώτα και το μεγαλύτερο χρέος πάει στη μεγαλύτερη απαίτηση:"
        " οι λιγότερες πληρωμές για έως τέσσερις παίκτες, αλλιώς το πολύ μία λιγότερη από τους παίκτες (όχι"
        " πάντα οι λιγότερες δυνατές).",
        "Каждая партия учитывается своим итогом (партия с кассой — с остатком кассы, разделённым поровну: что"
        " каждый унёс бы, если остановить сейчас); идущие партии — как есть. Один расчёт на систему: каждая"
        " сумма округляется один раз до целого по наибольшему остатку, затем равные долги и требования"
        " сводятся первыми, а наибольший долг идёт наибольшему требованию: наименьшее число переводов при"
        " четырёх игроках и меньше, иначе не больше числа игроков без одного (не всегда наименьшее возможное).",
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


# A count of games (of hands) in each language's forms: English one/other, Greek one/other, Russian
# one/few/many.
GAMES_N = (("game", "games"), ("παρτίδα", "παρτίδες"), ("партия", "партии", "партий"))
HANDS_N = (("hand", "hands"), ("μοιρασιά", "μοιρασιές"), ("сдача", "сдачи", "сдач"))


def games_n(lang: str, n: int, counted: tuple[tuple[str, ...], ...] = GAMES_N) -> str:
    """``n`` games in ``lang``: "1 game", "2 games"; "1 партия", "3 партии", "5 партий", "21 партия" (of
    hands: ``counted`` HANDS_N)."""
    forms = counted[LANGUAGES.index(lang) if lang in LANGUAGES else 0]
    if len(forms) == 3:  # Russian: by the last digits
        k = 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    else:
        k = 0 if n == 1 else 1
    return f"{n} {forms[k]}"


def system(lang: str, rules: str, title: str) -> str:
    """The name of the system ``rules`` in ``lang``; ``title`` (its English one) where there is none."""
    return named(rules, lang, title)


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


# A contract's words on the hand table, as the score sheet writes it (the box's: no trump NT, ΣΑ, БК; misère
# μιζέρ, мизер), by the archive's code; a suit is its symbol in every language.
SUITS = {"S": "\u2660", "C": "\u2663", "D": "\u2666", "H": "\u2665"}
CONTRACTS: dict[str, tuple[str, str, str]] = {
    "N": ("NT", "ΣΑ", "БК"),
    "M": ("misère", "μιζέρ", "мизер"),
    "bettler": ("Bettler", "Μπέτλερ", "беттлер"),
    "game": ("game (closed)", "παιχνίδι (κλειστό)", "игра (закрытая)"),
    # Priffe's (the box's names of them)
    "play": ("Play", "Παιχνίδι", "Игра"),
    "noll": ("Noll", "Νολ", "Ноль"),
    "forced": ("forced Noll", "υποχρεωτικό νολ", "вынужденный ноль"),
    "hearts": ("\u2665", "\u2665", "\u2665"),
    "diamonds": ("\u2666", "\u2666", "\u2666"),
}


def contract(lang: str, rules: str, code: str | None) -> str:
    """A hand's contract ``code`` (the archive's: "7H", "10N", "M", Balkan's "6", the pot games' "3H", "P",
    Priffe's "noll") in ``lang``, as the sheet writes it: "7♥", "10 NT", "misère", "Bettler (6)", "3 hand"."""
    if not code:
        return ""
    i = LANGUAGES.index(lang) if lang in LANGUAGES else 0
    fam = family(rules)
    name = getattr(fam, "__name__", "").rpartition(".")[2]
    if code in CONTRACTS and name != "pot":
        return CONTRACTS[code][i]
    if name == "pot":  # Austrian's ladder: "3H" three without the talon; American's suits
        return str(fam.bid_text(code, LANGUAGES[i], american=code in SUITS))  # type: ignore[union-attr]
    if code.isdigit():  # Balkan's numbers: its no-trick bid (6) is the Bettler
        if name == "preferans":
            from kitapi_host.families.preferans import no_trick

            return f"{CONTRACTS['bettler'][i]} ({code})" if code == no_trick(rules) else code
        return code
    level, suit = code[:-1], code[-1:]
    if level.isdigit() and suit in SUITS:
        return level + SUITS[suit]
    if level.isdigit() and suit == "N":
        return f"{level} {CONTRACTS['N'][i]}"
    return code
