"""A tournament's table loaded onto the box (``kitapi tournament load``): the new-game wizard offers it first.

``ROOT/table`` is one JSON object, written by the PC as ``table.tmp`` and renamed over it::

    {"tournament": {"name": "Winter league", "round": 3, "table": 2}, "rules": "prefa",
     "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 31}}

the players in seat order.  Like every file the box reads it is untrusted: read as bytes, at most ``_MAX``,
parsed, and the game it would start checked by the core (``kitapi.game.new_game``: the system, the players, the
options, the table) before it is offered.  A file that is not all that is not offered, and costs nothing else:
any error reading it (a MemoryError too) is the same as no file.  Imported by ``kitapi.app.newgame`` when the
wizard opens and let go at once; the words are here (``WORDS``), not in the string tables.
"""

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

_MAX = const(2048)  # bytes: a header the core accepts is under 2 KB (docs/log-format.md)
# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_SYSTEMS = const(40)
# by language (kitapi.app.ui.LANGUAGES): the offer, its keys
WORDS = (
    ("Round %d, table %d", "#start B:other"),
    ("Γύρος %d, τραπέζι %d", "#αρχή B:άλλη"),
    ("Тур %d, стол %d", "#начать B:другая"),
)  # fmt: skip


def offer(app):
    """``(header, title, rows, hint)`` of the game the loaded table starts (its header without ``started``; the
    system's name; the round and table, then the players, one a row; the keys), or None."""
    import sys

    had = [k for k in sys.modules if k.startswith("kitapi.rules")]
    try:
        return _offer(app)
    except Exception:  # noqa: BLE001 - a damaged or hostile file costs itself: not offered
        return None
    finally:  # the rules modules the check imported, and the registry: the game imports them when it starts
        from kitapi import forget

        for k in [k for k in sys.modules if (k.startswith("kitapi.rules") and k not in had) or k == "kitapi.registry"]:
            forget(k)


def _offer(app):
    store = app.store
    path = store.root + "/table"
    try:
        import uos as os
    except ImportError:  # CPython
        import os  # type: ignore[no-redef]
    with open(path, "rb") if store.fs is os else store.fs.open(path, "rb") as f:
        b = f.read(_MAX + 1)
    if len(b) > _MAX:
        return None
    try:
        import ujson as json
    except ImportError:  # CPython
        import json  # type: ignore[no-redef]
    d = json.loads(b.decode())
    if type(d) is not dict or len(d) != 4:
        return None
    h = {"kitapi": 1, "rules": d["rules"], "players": d["players"], "options": d["options"]}
    h["tournament"] = t = d["tournament"]
    if type(h["options"]) is not dict:
        return None
    from kitapi.game import new_game

    new_game(h)  # RuleError: not a game the box can start (an unknown system, a player twice, a bad table...)
    from kitapi.app.ui import LANGUAGES, cut
    from kitapi.registry import row

    i = 0
    while row(i)[0] != h["rules"]:
        i += 1
    names = app.ui.t[_T_SYSTEMS]
    w = WORDS[LANGUAGES.index(app.lang) if app.lang in LANGUAGES else 0]
    line = w[0] % (t["round"], t["table"])
    k = line.find(", ")
    rows = [line] if len(line) <= 16 else [line[: k + 1], line[k + 2 :]]
    players = h["players"]
    for s in range(len(players)):
        rows.append(cut(players, s, 16))
    return h, names[i] if i < len(names) else row(i)[3][:16], rows, w[1]
