"""Writing JSON in one canonical form, the same bytes on every runtime.

Not the runtime's ``json.dumps``: MicroPython neither keeps a dict's order nor
escapes non-ASCII text.
"""

from kitapi.game import HEADER_KEYS, OP_DELETE, OP_HAND, OP_REPLACE, RuleError, quote


def dumps(v):
    """JSON text of ``v`` (None, bool, int, str, list, tuple, dict) in one canonical form:
    ``", "`` and ``": "`` separators, dict keys sorted, text in ASCII with ``\\u`` escapes."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    t = type(v)
    if t is int:
        return str(v)
    if t is str:
        return quote(v)
    if t is list or t is tuple:
        return "[" + ", ".join([dumps(x) for x in v]) + "]"
    if t is dict:
        return "{" + ", ".join([quote(k) + ": " + dumps(v[k]) for k in sorted(v)]) + "}"
    raise RuleError(49, t.__name__)


def header_json(header):
    """The header line: its fields in the documented order, options sorted."""
    return "{" + ", ".join([quote(k) + ": " + dumps(header[k]) for k in HEADER_KEYS if k in header]) + "}"


def record_json(game, op, target=0):
    """The log line of a record; the hand of OP_HAND and OP_REPLACE is ``game.hand``."""
    if op == OP_HAND:
        return game.hand_json(game.hand)
    if op == OP_REPLACE:
        return game.hand_json(game.hand, '"replace": %d, ' % target)
    if op == OP_DELETE:
        return '{"delete": %d}' % target
    return '{"end": true}'
