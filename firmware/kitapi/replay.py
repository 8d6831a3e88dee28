"""Replay a game log, either form, into its standings: streaming, in constant memory.

Two passes over the file.  The first frames every record, checks the
corrections and notes the last correction of each corrected hand (where it
stands in the file: a few bytes a correction); the second checks and scores
the hands in order, reading a corrected hand from its correction instead.
Memory stays flat however long the game.

A damaged device log: every valid record is scored, a damaged record is
skipped (kitapi.devlog).  A damaged hand keeps its number and scores nothing
until a correction replaces it.  While one is missing, a later hand (or its
correction) that the rules refuse (without it the game would be over, or a
correction breaks a rule) is held back: kept and counted, not scored, and the
hands after it go on; once the damaged hand is entered again it scores as any
other (or is the error it is).  A hand record whose CRC holds but which is no
hand of these rules is a damaged hand too (kitapi.devlog; here, where the
replay unpacks it itself).  ``reader.damage`` (``replay``'s) says what is
damaged: ``(code, byte, line, bytes, records, hand, hands, held, late)``,
``hand`` the first damaged hand not yet replaced by a correction (0: none) and
``hands`` how many such there are; ``held`` how many later hands are held
back, ``late`` the first (``messages.damage`` words it).

On the MicroPython unix port (``kitapi replay --runtime micropython``):

    micropython -c "import sys; from kitapi.replay import main; main(sys.argv[1])" FILE
"""

from kitapi.game import RuleError, new_game, write_result

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const


_E_NO_HAND = const(17)
_E_ENDED = const(18)
_E_DEEP = const(100)
_MAX_DEPTH = const(16)  # kitapi.jsonl.MAX_DEPTH
# the records' ops (kitapi.game.OP_*, kitapi.devlog.OP_LOST: a damaged hand, in its place), copied: no global each
_OP_HAND = const(0)
_OP_DELETE = const(2)
_OP_END = const(3)
_OP_LOST = const(4)


def reader(f):
    """The reader for the log in binary file ``f``: device log or JSON Lines, told by its first byte."""
    first = f.read(1)
    f.seek(0)
    if first == b"K":
        from kitapi.devlog import DevLogReader

        return DevLogReader(f)
    from kitapi.jsonl import JsonlReader

    return JsonlReader(f)


def index(r, game, update):
    """The first pass over the log of reader ``r`` (its header read), the reader put back where it began: every
    record framed and each correction checked (a hand's are checked as they are scored): ``(fixes, ended)``,
    ``fixes`` the mark of each corrected hand's last correction by its number, ``ended`` whether the log holds
    an end record; ``update`` as ``replay``'s (a correction of a hand the log does not hold is refused).  Named
    as the log's index of corrections by a name the port interns already (the 16 KB replay has none to spare)."""
    start = r.mark()
    fixes = {}
    hands = ended = 0
    while True:
        op = r.record(game, False)
        if op < 0:
            break
        if ended:
            raise RuleError(_E_ENDED)
        if op == _OP_HAND or op == _OP_LOST:
            hands += 1
        elif op == _OP_END:
            ended = True
        else:  # a correction (its hand's number: target)
            k = r.target
            if k > hands:
                raise RuleError(_E_NO_HAND, k)
            fixes[k] = r.mark_record()
    if update is not None and (update[0] < 1 or update[0] > hands):  # (the device checks one before writing)
        raise RuleError(_E_NO_HAND, update[0])
    r.reset(start)
    return fixes, ended


def replay(f, update=None, stop=0):
    """Replay the log in binary file ``f``: (game, reader); RuleError, with its ``line``, for bad input.

    ``update``, if given, is a correction not yet in the log, ``(hand number, packed hand)`` or ``(hand number,
    -1)`` for a deletion: the device checks a correction this way before it writes it (one of a hand the log does
    not hold is refused: "there is no hand N to correct yet"); a RuleError's ``hand`` is the hand refused (0: none).

    ``stop``, if given, is a hand number: the replay stops before it, giving the game as it stood before that hand
    (the device previews a correction against it); the log is still read, and checked, to its end first.

    ``reader.damage`` is None, or what is damaged in a device log (above); ``reader.last`` is the number of the
    last hand scored.
    """
    r = reader(f)
    try:
        try:
            h = r.header()
        except RuntimeError:  # a header nested too deep for json (RecursionError; kitapi.devlog tells first)
            raise RuleError(_E_DEEP, _MAX_DEPTH)
        g = new_game(h)
    except RuleError as e:
        e.line = 1
        raise
    lost = first = k = last = held = late = 0  # damaged hands not replaced, being scored, last scored, held back
    try:
        fixes, ended = index(r, g, update)
        while True:
            op = r.record(g, not lost)  # (a damaged hand missing: plain hands framed, checked below)
            if op < 0:
                break
            if op != _OP_HAND and op != _OP_LOST:
                continue
            k += 1
            if k == stop:
                ended = False  # (the game before hand ``stop`` was not closed)
                break
            h = g.hand
            back = None
            m = fixes.get(k)
            if update is not None and update[0] == k:
                if update[1] < 0:
                    continue
                g.unpack(update[1], h)
            elif m is not None:
                back = r.mark()
                r.reset(m)
            elif op == _OP_LOST:  # scores nothing until it is entered again
                lost += 1
                first = first or k
                continue
            elif lost:
                try:
                    g.unpack(r.payload, h)
                except RuleError:  # no hand of these rules (a CRC that held by chance): a damaged hand, as the
                    r.bad()  # reader makes it when it unpacks the hands itself (a device log: only one loses hands)
                    lost += 1
                    continue
            try:
                if back is not None and r.record(g) == _OP_DELETE:
                    r.reset(back)
                    continue
                g.apply(h)
                last = k
            except RuleError:
                if not lost:
                    raise
                held += 1  # the rules refuse it while a damaged hand before it is missing: held back
                late = late or k
            if back is not None:
                r.reset(back)
    except RuleError as e:
        e.line, e.hand = r.line, k  # type: ignore[attr-defined]  # (hand: an instance's alone, see RuleError)
        raise
    if ended:
        g.close()
    r.last = last  # the number of the last hand scored (0: none)
    if r.damage:
        r.damage = r.damage[:5] + (first, lost, held, late)
    return g, r


def main(path):
    """Print the standings of the log at ``path`` as JSON; ``path:LINE: reason`` and exit 2 if bad."""
    import sys

    try:
        f = open(path, "rb")
    except OSError:
        print("%s:0: cannot open the file" % path, file=sys.stderr)
        sys.exit(2)
    try:
        g, r = replay(f)
    except RuleError as e:
        print("%s:%d: %s" % (path, e.line, e), file=sys.stderr)
        sys.exit(2)
    finally:
        f.close()
    if r.damage:
        from kitapi.messages import damage

        print("%s: warning: %s" % (path, damage(r.damage)), file=sys.stderr)
    write_result(g, sys.stdout.write)
    sys.stdout.write("\n")
