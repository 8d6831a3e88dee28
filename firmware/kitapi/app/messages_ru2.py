"""What a RuleError says, in Russian: kitapi.messages.EN code by code from code 57 (``T[code - 57]``; 0-56:
messages_ru), the same placeholders in the same order (tests/device/test_refusal.py checks it).  The box's
alone: imported by kitapi.app.refusal only while a refusal is said, then let go."""

T = (
    # 57-: Russian Preferans (kitapi.rules.preferans)
    "в 'players' должно быть от 2 до 4 имён",
    "неизвестный заказ %s (от 6S до 10N, или M — мизер)",
    "в 'whist' нужно %d из whist, pass или half",
    "полвиста только на шести и семи, после паса второго защитника",
    "шесть пик вистуют оба защитника (Сталинград)",
    "'open' (true или false) бывает только при одном вистующем",
    "'dealer_whist' нужны четыре игрока и ни одного вистующего",
    "%s: на мизере и десятерной не вистуют (кроме варианта ten_whist)",
    "нет поля 'whist'",
    "'tricks' не нужно: карты не разыгрывались",
    "после распасов заказ не меньше %d",
    "%s нужен вариант %s",
    "в 'allpass' нужны взятки всех %d мест",
    "прикуп берёт не больше 2 взяток, и только вчетвером",
    "вариант 'stake': десятичное число, например \"0.10\"",
    "вариант %s: одно из %s",
    "взяток не больше 10, а не %d",
    "'widow': A, KQ, AK или AA",
    "%s должно быть true",
    "%s: с ним не бывает других полей",
    "%s бывает только при %s",
    # 78: Balkan Preferans (kitapi.rules.balkan)
    "неизвестный заказ %s (от 2 до 7: 2-5 масть, 6 беттлер, 7 без козыря)",
    # 79: Prefa with a common kasa (kitapi.rules.prefa_kasa)
    'пополнение: только {"topup": N}',
    # Préférence, Austrian, Illustrated and American (kitapi.rules.preference_at, _illustrated, _us)
    "в 'players' должно быть 3 имени",
    "неизвестная заявка %s (%s)",
    "козырь %s нельзя при заявке %s",
    "никто не заявил: играет сдающий, место %d",
    "в 'drop' места вышедших, каждое один раз, по порядку",
    "выше Preference один защитник не выходит",
    "'chips': ставки 3 мест (0 пас, до 63), высшая только у играющего",
    "место %d ставит %d фишек, а после взноса у него %d",
    # 88-91: Swedish Priffe (kitapi.rules.priffe)
    "в 'players' должно быть 4 имени (в Приффе играют вчетвером)",
    "неизвестный заказ %s (play, noll, hearts, diamonds или forced)",
    'онёры %s: "4", "3+1" или "3"',
    "вариант 'honours': 3 числа, кратных 10, от 0 до 1000 (четыре, три, три и один)",
    # 92-95: Russian Preferans (kitapi.rules.preferans)
    "полвиста только после паса второго защитника, а не %s",
    "полвиста нет: вариант 'half_whist' выключен",
    "сдающий играет картами места %d: это место взяток не берёт",
    "на распасах в Ростове прикупа нет: сдающий взяток не берёт",
    # 96: Prefa's option nine_quota (kitapi.rules.prefa, prefa_kasa)
    'вариант \'nine_quota\': "bidder" или "dealer"',
    # 97-102: text a person typed, and lines no log holds (kitapi.game, kitapi.jsonl)
    "в имени игрока управляющий знак или одинокий суррогат (U+%04X)",
    "в %s управляющий знак или одинокий суррогат (U+%04X)",
    "строка журнала длиннее %d байт",
    "JSON вложен глубже %d уровней",
    "в объекте JSON ключ повторяется",
    "не хватает памяти прочитать эту строку",
    # 103-105: damage found in a device log, skipped record by record (kitapi.devlog)
    "испорчено на байте %d (строка %d): %s; пропущено испорченных записей: %d, байт: %d; все целые записи сохранены",
    "раздача %d испорчена: введите её заново",
    "раздача %d и ещё %d испорчены: введите их заново",
    # 106: hands a damaged hand's absence makes the rules refuse (kitapi.replay)
    "%d следующих раздач ждут с раздачи %d: правила их не примут, пока её не введут заново",
    # 107: damage found in a device log (kitapi.devlog): a record the device never writes
    "исправление ещё не сыгранной раздачи (не применено)",
    # 108-110: the header (kitapi.game, kitapi.devlog): what the device can hold, names a person can read
    "%s: текст не длиннее %d знаков",
    "заголовок %d байт: в журнале устройства он не больше %d",
    "в имени игрока нужен видимый знак (не только пробелы или невидимые)",
    # 111: the header's tournament table (kitapi.game)
    '\'tournament\': {"name": текст, "round": 1-999, "table": 1-999}',
)
