"""The game systems: the one list of them, read by the core, the box and the PC.

One row per rules id (the log header's "rules"), in the order of the box's
Rules menu: a line ``id family core label|short|title`` (its names in English),
then a line `` code label|short|title`` for each other language of the box's
(``kitapi.app.ui.LANGUAGES``).  Columns:

- ``id``: the rules id;
- ``family``: the systems scored and shown alike.  The box's screens of a
  family are ``kitapi.app.systems.<family>``, the PC's score sheet
  ``kitapi_host.families.<family>.sheet``;
- ``core``: the rules module, ``kitapi.rules.<core>``, whose ``CLASS`` (or
  ``CLASSES[id]`` when it scores several ids) is the system's ``Game``;
- the names, in each language: ``label``, on the box's Rules step (14
  columns at most); ``short``, on its Games list beside the day (7; one cut
  ends in ".", and the list shows the label instead, whole, in 13); ``title``,
  on the PC's sheets, statistics and web pages.  Each in whole words: a name
  too long says less (Illustrated's Greek and Russian label, "Με μιζέρ", "С
  мизером": what it adds to the Austrian game; its title the whole name).

This is the only place a system's names live: the PC reads them here
(``kitapi_host.names``), and the box's tables of them (the string tables'
``SYSTEMS``, the Games list's short names and ids) are written from these rows
when the firmware is built for the box, whose copy of this module keeps the
English label alone.

Adding a system: a row here, its rules module, its screens, its sheet
(docs/architecture.md has the checklist, and tests/core/test_registry.py keeps it).

The table is one string split when read: on the device a string literal of 10
characters or fewer becomes a permanent interned name (a qstr), a longer one
does not.  This module is imported only when a system is looked up, and
``load`` lets it go once it has read its row.
"""


def rows():
    """Every row, in menu order: a tuple of (id, family, core, label)."""
    out = []  # type: list[tuple[str, str, str, str]]
    i = 0
    while True:
        r = row(i)
        if r is None:
            return tuple(out)
        out.append(r)
        i += 1


def row(key):
    """The row of rules id ``key``, or the ``key``-th (from 0, in menu order): (id, family, core, label), the
    label its English one; None for an id it does not know or a place past the end."""
    # each row: a line "id family core label|short|title", one space apart (a padded table would cost the
    # device's heap 300 bytes), its names in English, then a line " code label|short|title" for each other
    # language (read by kitapi_host.names; the box's copy: "id family core label" alone); no module-level name
    # for it: each would be a permanent interned name on the device
    i = 0
    for line in """
prefa prefa prefa Greek Prefa|Prefa|Greek Prefa
 el Πρέφα|Πρέφα|Πρέφα
 ru Префа|Префа|Греческая префа
sochi preferans preferans Sochi|Sochi|Russian Preferans, Sochi
 el Σότσι|Σότσι|Πρέφερανς, Σότσι
 ru Сочи|Сочи|Преферанс, Сочи
leningrad preferans preferans Leningrad|Lening.|Russian Preferans, Leningrad
 el Λένινγκραντ|Λένινγ.|Πρέφερανς, Λένινγκραντ
 ru Ленинград|Ленинг.|Преферанс, Ленинградка
rostov preferans preferans Rostov|Rostov|Russian Preferans, Rostov
 el Ροστόφ|Ροστόφ|Πρέφερανς, Ροστόφ
 ru Ростов|Ростов|Преферанс, Ростов
balkan preferans balkan Balkan|Balkan|Balkan Preferans
 el Βαλκανική|Βαλκάν.|Βαλκανικό πρέφερανς
 ru Балканский|Балкан|Балканский преферанс
prefa_kasa kasa prefa_kasa Prefa kasa|Kasa|Greek Prefa with a common kasa
 el Πρέφα κάσα|Κάσα|Πρέφα με κοινή κάσα
 ru Префа с кассой|Каса|Префа с общей кассой
preference_at pot preference_at Austrian|Austria|Austrian Préférence
 el Αυστριακή|Αυστρία|Αυστριακό πρέφερανς
 ru Австрийский|Австр.|Австрийский преферанс
preference_illustrated pot preference_illustrated Illustrated|Illust.|Illustrated Préférence
 el Με μιζέρ|Με μιζ.|Εικονογραφημένο πρέφερανς
 ru С мизером|С миз.|Иллюстрированный преферанс
preference_us pot preference_us American|America|American Preference
 el Αμερικανική|Αμερ.|Αμερικάνικο πρέφερανς
 ru Американский|Америк.|Американский преферанс
priffe priffe priffe Priffe|Priffe|Swedish Priffe
 el Πρίφε|Πρίφε|Σουηδικό πρίφε
 ru Приффе|Приффе|Шведский приффе
""".split("\n"):
        if line[:1] != " " and line:  # (a line of names in another language starts with a space)
            f = line.split(None, 3)
            if f[0] == key or i == key:
                return (f[0], f[1], f[2], f[3].split("|")[0])
            i += 1
    return None


def load(name):
    """``kitapi.rules.load`` past Prefa: the ``Game`` class of rules id ``name``, None for an id it does not
    know.  Lets this module go first: the device wants its few hundred bytes back (it is imported again
    when next needed)."""
    import sys

    from kitapi import forget

    r = row(name)
    if sys.implementation.name == "micropython":  # (on the PC threads replay at once, kitapi serve's: one
        forget("kitapi.registry")  # letting it go while another imports it breaks that import)
    if r is None:
        return None
    m = __import__("kitapi.rules." + r[2], None, None, ("CLASS",))
    classes = getattr(m, "CLASSES", None)  # a module of several ids (Sochi, Leningrad, Rostov)
    return classes[name] if classes else m.CLASS
