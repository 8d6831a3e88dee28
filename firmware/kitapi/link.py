"""The device's side of ``kitapi sync`` and ``kitapi deploy`` (docs/sync.md).

The PC runs these functions through MicroPython's raw REPL (mpremote's
transport), after a Ctrl-C has stopped the app: ``import kitapi.link as L`` and
then one call per round trip.  Every answer is one line of Python literals
printed on the REPL (``repr``), which the PC reads as untrusted input; file
contents go as base64 lines.  The app is not running meanwhile, so nothing is
appended to a log while the PC reads it.

The board module (``board.py``) gives the data folder (``ROOT``), the clock
(``set_clock(seconds since 1970)``) and the device's id (``device_id()``); this
module never imports ``machine``.

    ROOT/games/NNNN.kitapi   the game logs (kitapi.app.store)
    ROOT/current             the game being played
    ROOT/synced              what the PC has archived: "NAME SIZE SHA256" a line

A game is marked synced only after the PC has verified its copy against the
hash computed here and stored it in its archive; ``remove`` deletes a game only
if it is marked synced at its present size and hash and is not the current game.
"""

import binascii
import os

try:
    import hashlib
except ImportError:  # a CircuitPython build without hashlib: the PC checks by reading twice
    hashlib = None  # type: ignore[assignment]

from kitapi import VERSION

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const

PROTOCOL = const(1)  # the PC refuses a device whose PROTOCOL differs from its own
_CHUNK = const(384)  # file bytes per base64 line (512 characters)
_MAX_FILES = const(400)  # entries listed from games/
_MAX_HASHED = const(1 << 20)  # files larger than this are listed but not hashed
_buf = bytearray(_CHUNK)


def _board():
    try:  # CircuitPython: kitapi_board.py (its own "board" module names the pins)
        import kitapi_board as board  # type: ignore[import-not-found]
    except ImportError:
        import board  # type: ignore[import-not-found]  # the device's board.py
    return board


def _root():
    return getattr(_board(), "ROOT", "/data")


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def _sha(path, n):
    """sha256 hex of the first ``n`` bytes of ``path`` (all of it if ``n`` < 0), and the bytes hashed."""
    if hashlib is None:
        return "", 0
    h = hashlib.sha256()
    mv = memoryview(_buf)
    done = 0
    with open(path, "rb") as f:
        while n < 0 or done < n:
            want = _CHUNK if n < 0 else min(_CHUNK, n - done)
            got = f.readinto(mv[:want])
            if not got:
                break
            h.update(mv[:got])
            done += got
    return binascii.hexlify(h.digest()).decode(), done


def _marks(root):
    """{name: (size, sha)} from ROOT/synced (lines that do not parse are ignored)."""
    marks = {}
    for line in _read(root + "/synced").split("\n"):
        p = line.split()
        if len(p) == 3 and p[1].isdigit():
            marks[p[0]] = (int(p[1]), p[2])
    return marks


def _write_marks(root, marks):
    path = root + "/synced"
    with open(path + ".tmp", "w") as f:
        for name in sorted(marks):
            size, sha = marks[name]
            f.write("%s %d %s\n" % (name, size, sha))
    os.rename(path + ".tmp", path)


def hello():
    """(PROTOCOL, firmware VERSION, device id, board name, seconds since 1970 or 0, whether it hashes)."""
    b = _board()
    try:
        uid = b.device_id()
    except Exception:  # noqa: BLE001 - a board without an id: the PC says so
        uid = ""
    try:
        now = b.clock()
    except Exception:  # noqa: BLE001
        now = 0
    print(repr((PROTOCOL, VERSION, uid, getattr(b, "NAME", "?"), now, hashlib is not None)))


def ls():
    """The games folder: (current, [(name, size, sha256 or ""), ...], {name: (size, sha)} marked synced)."""
    root = _root()
    games = root + "/games"
    out = []  # type: list[tuple[str, int, str]]
    try:
        for name in os.listdir(games):  # (CircuitPython has no os.ilistdir)
            if len(out) >= _MAX_FILES:
                break
            st = os.stat(games + "/" + name)
            if st[0] & 0xF000 != 0x8000:  # regular files only
                continue
            size = st[6]
            sha = ""
            if name.endswith(".kitapi") and size <= _MAX_HASHED:
                sha = _sha(games + "/" + name, -1)[0]
            out.append((name, size, sha))
    except OSError:  # no games folder yet
        pass
    print(repr((_read(root + "/current").strip(), out, _marks(root))))


def sha(name, n):
    """sha256 hex of the first ``n`` bytes of game ``name`` and how many bytes that was."""
    print(repr(_sha(_root() + "/games/" + name, n)))


def send(name, offset, n):
    """Bytes ``offset`` .. ``offset + n`` of game ``name``, as base64 lines."""
    mv = memoryview(_buf)
    with open(_root() + "/games/" + name, "rb") as f:
        f.seek(offset)
        while n > 0:
            got = f.readinto(mv[: min(_CHUNK, n)])
            if not got:
                break
            # any buffer will do on MicroPython (the stub says bytes): no copy
            print(binascii.b2a_base64(mv[:got]).decode(), end="")  # type: ignore[arg-type]
            n -= got


def mark(name, size, digest):
    """Record that the PC has archived game ``name`` at ``size`` bytes with sha256 ``digest``."""
    root = _root()
    marks = _marks(root)
    marks[name] = (size, digest)
    _write_marks(root, marks)
    print(repr(True))


def remove(name, size, digest):
    """Delete game ``name`` if it is marked synced at ``size``/``digest``, is that now, and is not current."""
    root = _root()
    path = root + "/games/" + name
    marks = _marks(root)
    ok = (
        marks.get(name) == (size, digest)
        and _read(root + "/current").strip() != name
        and _sha(path, -1) == (digest, size)
    )
    if ok:
        os.remove(path)
        del marks[name]
        _write_marks(root, marks)
    print(repr(ok))


def set_clock(seconds):
    """Set the device's clock to ``seconds`` since 1970 (UTC)."""
    _board().set_clock(seconds)
    print(repr(_board().clock()))
