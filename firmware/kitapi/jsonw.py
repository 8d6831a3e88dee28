"""Writing JSON in one canonical form, the same bytes on every runtime.

Not the runtime's ``json.dumps``: MicroPython neither keeps a dict's order nor
escapes non-ASCII text.
"""

from kitapi.game import HEADER_KEYS, OP_DELETE, OP_HAND, OP_REPLACE, RuleError

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _str(s):
    out = ['"']
    for c in s:
        o = ord(c)
        if 0x20 <= o < 0x7F and c != '"' and c != "\\":
            out.append(c)
        elif c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:  # a UTF-16 surrogate pair, as JSON has it
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    out.append('"')
    return "".join(out)


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
        return _str(v)
    if t is list or t is tuple:
        return "[" + ", ".join([dumps(x) for x in v]) + "]"
    if t is dict:
        return "{" + ", ".join([_str(k) + ": " + dumps(v[k]) for k in sorted(v)]) + "}"
    raise RuleError(49, t.__name__)


def header_json(header):
    """The header line: its fields in the documented order, options sorted."""
    return "{" + ", ".join([_str(k) + ": " + dumps(header[k]) for k in HEADER_KEYS if k in header]) + "}"


def record_json(game, op, target=0):
    """The log line of a record; the hand of OP_HAND and OP_REPLACE is ``game.hand``."""
    if op == OP_HAND:
        return game.rules.to_json(game.hand)
    if op == OP_REPLACE:
        return game.rules.to_json(game.hand, '"replace": %d, ' % target)
    if op == OP_DELETE:
        return '{"delete": %d}' % target
    return '{"end": true}'
