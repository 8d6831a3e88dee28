"""The score sheets' words in the box's three languages: each sheet writes its English through ``t`` and the
sheet comes out in the language ``language`` set (``kitapi serve`` sets the page's; ``kitapi export --lang``
the command's; English unless set, so the command's sheets are byte for byte what they were).

The table is keyed by the English text itself (a ``{}`` where a name or a figure goes): an English sheet
never looks anything up, and a text missing here stays English (tests/pc/test_web_words.py finds it)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from kitapi_host.archive.text import LANGUAGES, named

_LANG: ContextVar[str] = ContextVar("sheet_language", default="en")


@contextmanager
def language(lang: str) -> Iterator[None]:
    """The sheets made inside are in ``lang`` (one of LANGUAGES; another is English)."""
    token = _LANG.set(lang if lang in LANGUAGES else "en")
    try:
        yield
    finally:
        _LANG.reset(token)


def lang() -> str:
    """The sheets' language now."""
    return _LANG.get()


def t(text: str, what: str = "") -> str:
    """``text`` (English) in the sheets' language; ``what`` tells apart one English text of two meanings
    (Prefa's pouch "P" and the pool's: ``t("P", "pool")``)."""
    i = LANGUAGES.index(_LANG.get())
    if i == 0:
        return text
    words = WORDS.get(f"{what}|{text}" if what else text)
    return words[i - 1] if words else text


# A count of a unit in each language's forms (English: the sheet's word whatever the count, as it always was;
# Greek one/other; Russian one/few/many).
UNITS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "whists": (("βιστ", "βιστ"), ("вист", "виста", "вистов")),
    "chips": (("καπίκι", "καπίκια"), ("фишка", "фишки", "фишек")),
    "kapikia": (("καπίκι", "καπίκια"), ("капик", "капика", "капиков")),
}


def amount_of(n: int, unit: str) -> str:
    """The word of ``unit`` (whists, chips, kapikia) after the count ``n``, in the sheets' language."""
    i = LANGUAGES.index(_LANG.get())
    if i == 0:
        return unit
    forms = UNITS[unit][i - 1]
    if len(forms) == 3:
        k = 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    else:
        k = 0 if n == 1 else 1
    return forms[k]


def system(rules: str, title: str) -> str:
    """The name of the system ``rules`` in the sheets' language (its registry row's title), ``title`` for a
    system the registry does not know."""
    return named(rules, _LANG.get(), title)


# English: (Greek, Russian). The players' words, as the box says them (firmware/kitapi/app/lang_*.py and the
# systems' lang_*.py): Prefa's κάσα and καπίκια, касса and фишки; the kasa game's κάσα and капики; the пуля's
# пуля, гора, висты, распасы, мизер.
WORDS: dict[str, tuple[str, str]] = {}
WORDS.update(
    {
        # every sheet: the frame, the head line, the sections
        "Date": ("Ημερομηνία", "Дата"),
        "Device": ("Συσκευή", "Устройство"),
        "Hands": ("Μοιρασιές", "Сдачи"),
        "State": ("Κατάσταση", "Состояние"),
        "Rules": ("Κανόνες", "Правила"),
        "Options": ("Παραλλαγές", "Условия"),
        "Rubbers": ("Ράμπερ", "Робберы"),
        "game over": ("τέλος παρτίδας", "партия окончена"),
        "game over (closed)": ("τέλος παρτίδας (κλειστή)", "партия окончена (закрыта)"),
        "game over (stopped)": ("τέλος παρτίδας (σταμάτησε)", "партия окончена (остановлена)"),
        "game on": ("σε εξέλιξη", "партия идёт"),
        "start": ("αρχή", "начало"),
        # a payment, as the box shows it (its "who owes whom": the arrow in every language)
        "{} pays {} {} {}": ("{} \u2192 {}: {} {}", "{} \u2192 {}: {} {}"),
        "NT": ("ΣΑ", "БК"),  # (no trump: the box's σαντζά, без козыря)
        "hand {}": ("μοιρασιά {}", "сдача {}"),
        "* a hand corrected after it was written": (
            "* μοιρασιά που διορθώθηκε αφού γράφτηκε",
            "* сдача, исправленная после записи",
        ),
        "deleted hands (not scored): ": ("σβησμένες μοιρασιές (δεν μετράνε): ", "удалённые сдачи (не в счёт): "),
        "Made by <code>kitapi export</code> from the game log, replayed by the Kitapi core.": (
            "Φτιάχτηκε από το <code>kitapi export</code> από το αρχείο της παρτίδας, όπως το ξαναπαίζει ο πυρήνας"
            " του Kitapi.",
            "Сделано <code>kitapi export</code> по журналу партии, пересчитанному ядром Kitapi.",
        ),
        "The sheet": ("Το κιτάπι", "Запись"),
        "Running columns": ("Στήλες μοιρασιά προς μοιρασιά", "Счёт по сдачам"),
        "Settlement": ("Λογαριασμός", "Расчёт"),
        "Standings": ("Κατάταξη", "Турнирная таблица"),
        "Crossed out: earlier values; small number: the hand that wrote the value.": (
            "Σβησμένα: οι παλιότερες τιμές· μικρός αριθμός: η μοιρασιά που έγραψε την τιμή.",
            "Зачёркнуто: прежние значения; маленькое число: сдача, записавшая значение.",
        ),
        "Who pays whom, in the fewest transfers": (
            "Ποιος πληρώνει ποιον, με τις λιγότερες πληρωμές",
            "Кто кому платит, за наименьшее число переводов",
        ),
        "Nobody owes anybody.": ("Κανείς δε χρωστά.", "Никто никому не должен."),
        "Nobody pays anybody.": ("Κανείς δεν πληρώνει.", "Никто никому не платит."),
        "player": ("παίκτης", "игрок"),
        "total": ("σύνολο", "итого"),
        "net": ("καθαρά", "итог"),
        "settles": ("στον λογαριασμό", "к расчёту"),
        "(the settles column).": ("(η στήλη «στον λογαριασμό»).", "(столбец «к расчёту»)."),
        "the nets rounded once to whole amounts by largest remainder (each down, then the largest fractions up one "
        "until they sum to zero; on a tie the first seat), so that the payments add up to them": (
            "τα καθαρά στρογγυλεμένα μία φορά σε ακέραια με το μεγαλύτερο υπόλοιπο (όλα προς τα κάτω, μετά τα"
            " μεγαλύτερα δεκαδικά ένα πάνω ώσπου το άθροισμα να γίνει μηδέν· σε ισοπαλία η πρώτη θέση), ώστε οι"
            " πληρωμές να βγάζουν αυτά",
            "итоги округлены один раз до целых по наибольшему остатку (все вниз, затем наибольшие дроби на единицу"
            " вверх, пока сумма не станет нулём; при равенстве первое место), чтобы платежи давали именно их",
        ),
        # the CSV's heads (a name after the word: "tricks Anna")
        "hand": ("μοιρασιά", "сдача"),
        "dealer": ("μοιράζει", "сдающий"),
        "bidder": ("τζογαδόρος", "игрок"),
        "contract": ("αγορά", "заказ"),
        "defense": ("άμυνα", "защита"),
        "active": ("παίζει", "вистующий"),
        "tricks {}": ("μπάζες {}", "взятки {}"),
        "aces": ("άσσοι", "тузы"),
        "throw": ("πέταξε", "сброс"),
        "pass": ("πάσο", "пас"),
        "corrected": ("διορθώθηκε", "исправлена"),
        "pouch {}": ("κάσα {}", "касса {}"),
        "chips {}": ("καπίκια {}", "фишки {}"),
        "pot|chips {}": ("μάρκες {}", "фишки {}"),
        "pot|chips": ("μάρκες", "фишки"),
        "topup": ("προσθήκη", "докупка"),
        "kasa": ("κάσα", "касса"),
        "net {}": ("καθαρά {}", "итог {}"),
        "declarer": ("δήλωσε", "играющий"),
        "bid": ("δήλωση", "заявка"),
        "trump": ("ατού", "козырь"),
        "tricks": ("μπάζες", "взятки"),
        "dropped": ("έφυγαν", "вышли"),
        "made": ("βγήκε", "сыграна"),
        "pot": ("πότ", "банк"),
        "refills": ("γεμίσματα", "пополнения"),
        "stock {}": ("μάρκες {}", "фишки {}"),
        "kind": ("είδος", "вид"),
        "soloist": ("παίκτης", "игрок"),
        "game": ("παρτίδα", "игра"),
        "whist": ("βιστ", "вист"),
        "open": ("ανοιχτά", "в открытую"),
        "dealer_whist": ("βιστ ντίλερ", "вист сдающего"),
        "misere_hand": ("μιζέρ χωρίς χήρα", "мизер без прикупа"),
        "widow": ("χήρα", "прикуп"),
        "refused": ("αρνήθηκε", "отказ"),
        "pool {}": ("πουλ {}", "пуля {}"),
        "hill {}": ("βουνό {}", "гора {}"),
        "whists {}": ("βιστ {}", "висты {}"),
        "money {}": ("χρήματα {}", "деньги {}"),
        "in money": ("σε χρήματα", "в деньгах"),
        "honours": ("τιμές", "онёры"),
        "holder": ("τις είχε", "у кого"),
        "rubber": ("ράμπερ", "роббер"),
        "team 1": ("ομάδα 1", "пара 1"),
        "team 2": ("ομάδα 2", "пара 2"),
        "won": ("κέρδισε", "выиграла"),
        "trick points": ("πόντοι μπαζών", "очки за взятки"),
        "below": ("κάτω", "внизу"),
        "slam": ("σλαμ", "шлем"),
        "honours team": ("ομάδα τιμών", "пара с онёрами"),
        "honours points": ("πόντοι τιμών", "очки за онёры"),
        "game bonus": ("μπόνους παρτίδας", "премия за гейм"),
        "trick points 1": ("πόντοι μπαζών 1", "очки за взятки 1"),
        "trick points 2": ("πόντοι μπαζών 2", "очки за взятки 2"),
        "games 1": ("παρτίδες 1", "геймы 1"),
        "games 2": ("παρτίδες 2", "геймы 2"),
        "points 1": ("πόντοι 1", "очки 1"),
        "points 2": ("πόντοι 2", "очки 2"),
        "rubbers": ("ράμπερ", "робберы"),
        "individual {}": ("ατομικοί {}", "личные {}"),
        # Prefa (the box's words: κάσα, καπίκια; касса, фишки)
        "Prefa score sheet: ": ("Κιτάπι πρέφας: ", "Запись префы: "),
        "Three sections: each player's pouch P in the middle and, by each boundary, the chips owed by the neighbour"
        " across it (the outer sections border each other, as around the table).": (
            "Τρία κομμάτια: η κάσα Κ κάθε παίκτη στη μέση και, σε κάθε όριο, τα καπίκια που του χρωστά ο διπλανός"
            " από την άλλη μεριά (τα ακριανά κομμάτια συνορεύουν, όπως γύρω από το τραπέζι).",
            "Три части: касса К каждого игрока посередине и у каждой границы фишки, которые должен сосед за ней"
            " (крайние части граничат друг с другом, как за столом).",
        ),
        "Four sections, the table's cross side by side: each player's pouch P and, by each boundary, the chips owed"
        " by the neighbour across it; the middle column holds the player across the cross.": (
            "Τέσσερα κομμάτια, ο σταυρός του τραπεζιού δίπλα δίπλα: η κάσα Κ κάθε παίκτη και, σε κάθε όριο, τα"
            " καπίκια που του χρωστά ο διπλανός από την άλλη μεριά· η μεσαία στήλη είναι του απέναντι.",
            "Четыре части, крест стола в ряд: касса К каждого игрока и у каждой границы фишки, которые должен"
            " сосед за ней; средний столбец — игрок напротив.",
        ),
        "from {}": ("από {}", "от {}"),
        "P": ("Κ", "К"),
        "C": ("καπ", "Ф"),
        "pouch": ("κάσα", "касса"),
        "chips": ("καπίκια", "фишки"),
        "net chips": ("καθαρά καπίκια", "итог в фишках"),
        " Tricks in seat order.": (" Μπάζες με τη σειρά των θέσεων.", " Взятки по порядку мест."),
        "Each player's pouch (P) and net chips (C) after every hand; chips in debt are negative.": (
            "Η κάσα (Κ) και τα καθαρά καπίκια (κ) κάθε παίκτη μετά από κάθε μοιρασιά· τα χρωστούμενα με μείον.",
            "Касса (К) и итог в фишках (Ф) каждого игрока после каждой сдачи; долг со знаком минус.",
        ),
        " (the game is not over: so far)": (" (η παρτίδα δεν τελείωσε: ως τώρα)", " (партия не окончена: пока)"),
        "passed out": ("πάσο όλοι", "все пас"),
        "{} threw in": ("{} πέταξε", "{} сбросил"),
        "4 aces": ("4 άσσοι", "4 туза"),
        "both out": ("πάσο οι 2", "оба пас"),
        "{} alone": ("{} μόνος", "{} один"),
        "{} invites": ("{}: σε παίρνω", "{} приглашает"),
        "four aces ({}, {})": ("4 άσσοι ({}, {})", "4 туза ({}, {})"),
        "10 no trump ({})": ("10 σαντζά ({})", "10 без козыря ({})"),
        "10s as 9s": ("10 σαν 9", "10 как 9"),
        "tentative bid": ("τα γράφω", "условный заказ"),
        "two empty pouches": ("2 άδειες κάσες", "две пустые кассы"),
        "9-trick quota by the {}": ("η μπάζα του 9 στον {}", "норма на 9 взяток у {}"),
        # Prefa with a kasa (κάσα, καπίκια; касса, капики)
        "Prefa kasa sheet: ": ("Κιτάπι πρέφας με κάσα: ", "Запись префы с кассой: "),
        "prefa_kasa (Greek Prefa, common kasa)": (
            "prefa_kasa (Πρέφα κάσα, κοινή κάσα)",
            "prefa_kasa (греческая префа, общая касса)",
        ),
        "kasa {} each": ("κάσα {} ο καθένας", "касса {} с каждого"),
        "bidder in pays {}": ("ο τζογαδόρος που μπήκε μέσα πληρώνει {}", "при недоборе платит {}"),
        "level x b.v.": ("μπάζες x αξία", "заказ x цена"),
        "10 x b.v.": ("10 x αξία αγοράς", "10 x цена игры"),
        "top-up: {} each into the kasa": ("προσθήκη: {} ο καθένας στην κάσα", "докупка: {} с каждого в кассу"),
        "Kasa": ("Κάσα", "Касса"),
        "K": ("Κ", "К"),
        "The kasa (K) as it fell, and each player's net kapikia (got minus paid in). Crossed out: earlier\n"
        "values; small number: the hand that wrote the value.": (
            "Η κάσα (Κ) όπως άδειαζε και τα καθαρά καπίκια κάθε παίκτη (όσα πήρε μείον όσα έβαλε). Σβησμένα: οι"
            " παλιότερες τιμές· μικρός αριθμός: η μοιρασιά που έγραψε την τιμή.",
            "Касса (К) по мере убывания и итог каждого игрока в капиках (получено минус внесено). Зачёркнуто:"
            " прежние значения; маленькое число: сдача, записавшая значение.",
        ),
        "The kasa and each player's net after every hand; in debt negative. Tricks in seat order.": (
            "Η κάσα και τα καθαρά κάθε παίκτη μετά από κάθε μοιρασιά· τα χρωστούμενα με μείον. Μπάζες με τη σειρά"
            " των θέσεων.",
            "Касса и итог каждого игрока после каждой сдачи; долг со знаком минус. Взятки по порядку мест.",
        ),
        "The split": ("Η μοιρασιά της κάσας", "Раздел кассы"),
        "The kasa is empty: the game is over, the nets are final.": (
            "Η κάσα άδειασε: η παρτίδα τελείωσε, τα καθαρά είναι τελικά.",
            "Касса пуста: партия окончена, итоги окончательные.",
        ),
        "Stopped early: what was left in the kasa is shared equally (exact; rounded here).": (
            "Σταμάτησε νωρίς: ό,τι έμεινε στην κάσα μοιράζεται ίσα (ακριβώς· εδώ στρογγυλεμένο).",
            "Остановлена досрочно: остаток кассы делится поровну (точно; здесь округлено).",
        ),
        "The game is not over: the split if it stopped now, the kasa shared equally.": (
            "Η παρτίδα δεν τελείωσε: η μοιρασιά αν σταματούσε τώρα, η κάσα μοιρασμένη ίσα.",
            "Партия не окончена: раздел, если остановить сейчас, касса поровну.",
        ),
        "Who pays whom, in the fewest transfers, in whole kapikia:": (
            "Ποιος πληρώνει ποιον, με τις λιγότερες πληρωμές, σε ακέραια καπίκια:",
            "Кто кому платит, за наименьшее число переводов, в целых капиках:",
        ),
        "share of the kasa": ("μερίδιο της κάσας", "доля кассы"),
        "final": ("τελικά", "после раздела"),
        # the pot games (πότ, μάρκες, γέμισμα; банк, фишки, пополнение)
        "{} sheet: ": ("Κιτάπι {}: ", "Запись, {}: "),
        "Pot": ("Πότ", "Банк"),
        "Refills": ("Γεμίσματα", "Пополнения"),
        "chips in the pot": ("μάρκες στο πότ", "фишки в банке"),
        "chips now": ("μάρκες τώρα", "фишки сейчас"),
        "brought": ("έφερε", "принёс"),
        "won / lost": ("κέρδος / χασούρα", "выигрыш / проигрыш"),
        "thrown in": ("πάσο όλοι", "все пас"),
        "all passed": ("πάσο όλοι", "все пас"),
        "{} tricks": ("{} μπάζες", "взяток: {}"),
        "{} dropped": ("έφυγαν: {}", "вышли: {}"),
        "lost": ("χάθηκε", "ремиз"),
        "ante {}": ("είσοδος {}", "взнос {}"),
        "win {}": ("κέρδος {}", "выигрыш {}"),
        "both drop": ("πάσο 2", "2 паса"),
        "chip bids": ("δηλώσεις με μάρκες", "ставки фишками"),
        "The game is over: the player with the most chips (\u2605) wins.": (
            "Η παρτίδα τελείωσε: κερδίζει όποιος έχει τις περισσότερες μάρκες (\u2605).",
            "Партия окончена: выигрывает тот, у кого больше всех фишек (\u2605).",
        ),
        "The game is not over: the chips so far.": (
            "Η παρτίδα δεν τελείωσε: οι μάρκες ως τώρα.",
            "Партия не окончена: фишки на сейчас.",
        ),
        "the declarer's tricks": ("οι μπάζες αυτού που δήλωσε", "взятки играющего"),
        "tricks in seat order": ("μπάζες με τη σειρά των θέσεων", "взятки по порядку мест"),
        "The pot as it moved (R: refilled, every player putting the ante in) and each player's chips.\n"
        "Crossed out: earlier values; small number: the hand that wrote the value.": (
            "Το πότ όπως άλλαζε (R: ξαναγέμισε, ο καθένας έβαλε την είσοδο) και οι μάρκες κάθε παίκτη. Σβησμένα:"
            " οι παλιότερες τιμές· μικρός αριθμός: η μοιρασιά που έγραψε την τιμή.",
            "Банк по ходу игры (R: пополнен, каждый внёс взнос) и фишки каждого игрока. Зачёркнуто: прежние"
            " значения; маленькое число: сдача, записавшая значение.",
        ),
        "The pot, the refills so far and each player's chips after every hand; {}.": (
            "Το πότ, τα γεμίσματα ως τώρα και οι μάρκες κάθε παίκτη μετά από κάθε μοιρασιά· {}.",
            "Банк, пополнения на этот момент и фишки каждого игрока после каждой сдачи; {}.",
        ),
        "Won / lost: the chips now minus the chips brought (the ante included).": (
            "Κέρδος / χασούρα: οι μάρκες τώρα μείον όσες έφερε (μαζί με την είσοδο).",
            "Выигрыш / проигрыш: фишки сейчас минус принесённые (вместе со взносом).",
        ),
        # Russian and Balkan Preferans (πουλ, βουνό, βιστ, χήρα; пуля, гора, висты, прикуп, распасы, мизер)
        "Preferans score sheet: ": ("Κιτάπι πρεφεράνς: ", "Пуля: "),
        "Hussar: a half of the sheet per player, from the middle out his hill, his pool and his whists against the"
        " other player.": (
            "Χουσάρ: μισό φύλλο για κάθε παίκτη, από τη μέση προς τα έξω το βουνό του, το πουλ του και τα βιστ του"
            " στον άλλο παίκτη.",
            "Гусарик: по половине листа на игрока, от середины наружу его гора, его пуля и его висты на другого"
            " игрока.",
        ),
        "A sector per player, from the centre out: his hill, his pool, and his whists against each opponent, by"
        " the border with that opponent.": (
            "Ένας τομέας για κάθε παίκτη, από το κέντρο προς τα έξω: το βουνό του, το πουλ του και τα βιστ του σε"
            " κάθε αντίπαλο, στο όριο με αυτόν.",
            "Сектор на игрока, от центра наружу: его гора, его пуля и его висты на каждого соперника, у границы с ним.",
        ),
        "Each written as it grew, the values separated by dots (a half with a comma);\n"
        "the last one is the total. Small grey: what each place is.": (
            "Το καθένα γραμμένο όπως μεγάλωνε, οι τιμές χωρισμένες με τελείες (το μισό με κόμμα)· η τελευταία είναι"
            " το σύνολο. Μικρά γκρι: τι είναι κάθε θέση.",
            "Всё записано по мере роста, значения через точку (половина через запятую); последнее и есть итог."
            " Мелко серым: что где пишется.",
        ),
        "Each player's pool (P), hill (H) and net whists (N, as if the game ended then) after every hand.\n"
        "Tricks in seat order.": (
            "Το πουλ (Π), το βουνό (Β) και τα καθαρά βιστ (Κ, σαν να τελείωνε τότε η παρτίδα) κάθε παίκτη μετά"
            " από κάθε μοιρασιά. Μπάζες με τη σειρά των θέσεων.",
            "Пуля (П), гора (Г) и итог в вистах (И, как если бы партия кончилась тогда) каждого игрока после"
            " каждой сдачи. Взятки по порядку мест.",
        ),
        "The net whists": ("Τα καθαρά βιστ", "Итог в вистах"),
        " (the game is not over: as if it ended now)": (
            " (η παρτίδα δεν τελείωσε: σαν να τελείωνε τώρα)",
            " (партия не окончена: как если бы кончилась сейчас)",
        ),
        ": exact, rounded here to two decimals; who pays whom, in the fewest\ntransfers, in whole whists:": (
            ": ακριβή, εδώ στρογγυλεμένα σε δύο δεκαδικά· ποιος πληρώνει ποιον, με τις λιγότερες πληρωμές, σε"
            " ακέραια βιστ:",
            ": точно, здесь округлено до сотых; кто кому платит, за наименьшее число переводов, в целых вистах:",
        ),
        "pool|P": ("Π", "П"),
        "H": ("Β", "Г"),
        "N": ("Κ", "И"),
        "pool": ("πουλ", "пуля"),
        "hill": ("βουνό", "гора"),
        "whists": ("βιστ", "висты"),
        "whists written": ("βιστ γραμμένα", "записанные висты"),
        "net whists": ("καθαρά βιστ", "итог в вистах"),
        "money": ("χρήματα", "деньги"),
        "vs {}": ("προς {}", "на {}"),
        "stake {}": ("αξία {}", "цена {}"),
        "stake {} a whist": ("αξία {} το βιστ", "цена виста {}"),
        "end {}": ("τέλος: {}", "конец: {}"),
        "end|pools": ("όταν κλείσουν όλα τα πουλ", "когда закрыты все пули"),
        "end|total": ("στο σύνολο των πουλ", "по сумме пуль"),
        "Bettler ({})": ("Μπέτλερ ({})", "беттлер ({})"),
        "mis\u00e8re": ("μιζέρ", "мизер"),
        "took {}": ("πήρε {}", "взял {}"),
        "short {}": ("λείπουν {}", "без {}"),
        "misdealt": ("λάθος μοίρασμα", "пересдача"),
        "all-pass": ("πάσο όλοι", "распасы"),
        " (no widow)": (" (χωρίς χήρα)", " (без прикупа)"),
        " game (no talon)": (" παιχνίδι (κλειστό)", " игра (закрытая)"),
        "resigned": ("παραιτήθηκε", "без трёх"),
        " open": (" ανοιχτά", " в открытую"),
        "half": ("μισό βιστ", "полвиста"),
        "{} whists": ("ντίλερ {}: βιστ", "сдающий {} вистует"),
        "widow {}": ("χήρα {}", "прикуп {}"),
        "widow refused": ("αρνήθηκε τη χήρα", "отказ от прикупа"),
        "stalingrad": ("Στάλινγκραντ", "сталинград"),
        "half whist": ("μισό βιστ", "полвиста"),
        "half whist first": ("μισό βιστ πρώτος", "полвиста первым"),
        "ten whist": ("βιστ 10", "вист на 10"),
        "whist one": ("λείπει 1", "недовист 1"),
        "resign": ("παραίτηση", "без трёх"),
        "misere hand": ("μιζέρ χωρίς χήρα", "мизер без прикупа"),
        "progression": ("προοδευτικά", "прогрессия"),
        "allpass dealer pool": ("πάσο όλοι: πουλ του ντίλερ", "распасы: пуля сдающего"),
        "source": ("πηγή", "источник"),
        "second": ("ο 2ος", "второй"),
        "shared": ("κοινό", "оба"),
        "greedy": ("άπληστο", "жлобский"),
        "gentleman": ("τζέντλμαν", "джентльменский"),
        "conventions": ("συμβάσεις", "конвенции"),
        "variants": ("παραλλαγές", "варианты"),
        # Priffe (ράμπερ, πόντοι, τιμές, νολ; роббер, очки, онёры, ноль)
        "Priffe score sheet: ": ("Κιτάπι πρίφε: ", "Запись приффе: "),
        "The rubbers": ("Τα ράμπερ", "Робберы"),
        "Rubber {}": ("Ράμπερ {}", "Роббер {}"),
        "Individual points": ("Ατομικοί πόντοι", "Личные очки"),
        "Play": ("Παιχνίδι", "Игра"),
        "Noll": ("Νολ", "Ноль"),
        "forced Noll": ("υποχρεωτικό νολ", "вынужденный ноль"),
        "{}'s side {}": ("ομάδα {}: {}", "пара {}: {}"),
        "down": ("μέσα", "недобор"),
        "{} honours {}": ("{} τιμές {}", "{}: онёры {}"),
        "game {}": ("παρτίδα {}", "гейм {}"),
        "games": ("παρτίδες", "геймы"),
        "points": ("πόντοι", "очки"),
        "{} win the rubber by {}: {} to each, from each loser": (
            "{} κερδίζουν το ράμπερ με {}: {} στον καθένα, από κάθε χαμένο",
            "{} выигрывают роббер с разницей {}: по {} каждому, с каждого проигравшего",
        ),
        "A tie: nobody's individual points change": (
            "Ισοπαλία: οι ατομικοί πόντοι κανενός δεν αλλάζουν",
            "Ничья: ничьи личные очки не меняются",
        ),
        "in play": ("σε εξέλιξη", "идёт"),
        "individual": ("ατομικοί", "личные"),
        "individual after it": ("ατομικοί μετά", "личные после него"),
        "won by": ("κέρδισαν", "взяли"),
        "bonus": ("μπόνους", "премия"),
        "end": ("τέλος", "конец"),
        "{} rubbers": ("{} ράμπερ", "робберов: {}"),
        "main points table": ("κύριος πίνακας πόντων", "основная таблица очков"),
        "second points table": ("δεύτερος πίνακας πόντων", "вторая таблица очков"),
        "noll slams": ("σλαμ νολ", "шлемы ноль"),
        "rotation": ("αλλαγή", "смена"),
        "swap": ("αλλαγή", "обмен"),
        "cycle": ("κύκλος", "круг"),
        " (so far)": (" (ως τώρα)", " (пока)"),
        "Each rubber's partnerships side by side: above the line the bonuses (slams, honours, game\nbonuses), below"
        " it the trick points (in brackets what counted towards the game, when doubled), a rule under\neach game"
        " won; small number: the hand.": (
            "Οι ομάδες κάθε ράμπερ δίπλα δίπλα: πάνω από τη γραμμή τα μπόνους (σλαμ, τιμές, μπόνους παρτίδας), κάτω"
            " από αυτήν οι πόντοι των μπαζών (σε παρένθεση όσα μέτρησαν για την παρτίδα, όταν διπλασιάστηκαν), μια"
            " γραμμή κάτω από κάθε παρτίδα που κερδήθηκε· μικρός αριθμός: η μοιρασιά.",
            "Пары каждого роббера рядом: над чертой премии (шлемы, онёры, премии за гейм), под ней очки за взятки"
            " (в скобках засчитанное в гейм, когда удвоено), черта под каждым выигранным геймом; маленькое число:"
            " сдача.",
        ),
        "Each hand: who won it, its trick points and bonuses, the rubber's games, and every player's\nindividual"
        " points after it.": (
            "Κάθε μοιρασιά: ποιοι την κέρδισαν, οι πόντοι μπαζών και τα μπόνους της, οι παρτίδες του ράμπερ και οι"
            " ατομικοί πόντοι κάθε παίκτη μετά από αυτήν.",
            "Каждая сдача: кто её взял, очки за взятки и премии, геймы роббера и личные очки каждого игрока после неё.",
        ),
        "Each rubber's difference / 10 to each winner and from each loser": (
            "Η διαφορά κάθε ράμπερ / 10 σε κάθε νικητή και από κάθε χαμένο",
            "Разница каждого роббера / 10 каждому выигравшему с каждого проигравшего",
        ),
    }
)
