"""The device's side of ``kitapi sync`` (docs/sync.md): a command loop on the raw REPL.

The PC stops the app with Ctrl-C, enters the raw REPL (mpremote's transport) and
runs ``import kitapi.link as L`` and ``L.serve(IDLE)`` there.  From then on the
PC writes one command a line and this module answers in lines, each one of:

    R<repr>      the answer (Python literals, which the PC reads as untrusted input)
    E<text>      the command failed: one line, no traceback
    D<base64>    384 bytes of a file (``d``), before its R line
    F<repr>      one entry of the games folder (``l``), before its R line
    M<line>      one line of ROOT/synced (``l``), before its R line
    P<n>         still working: n bytes hashed so far (every 64 KB)

Commands (names are the PC's, checked there; numbers are decimal):

    h                 (PROTOCOL, VERSION, device id, board name, clock, whether it hashes)
    l                 F (name, size, sha256 or "") for each file of games/; a file that cannot be
                      read gives (name, -1, why), a name that is not UTF-8 (its bytes, -1, why);
                      then M lines (those of ROOT/synced that read); then R current game
    s NAME N          R (sha256 of the first N bytes, bytes hashed)
    d NAME OFFSET N   D lines, then R bytes sent
    m NAME SIZE SHA   mark the game synced: R True, or R "full" (no room on the flash for the record)
    r NAME SIZE SHA [held]
                      delete it if marked synced at these bytes (or, with "held", the PC's archive holds
                      them, verified) and not current; then its mark: R True/False
    c SECONDS         set the clock: R what it reads
    p                 R True (the PC is still there)
    q                 R True, and back to the REPL (the PC soft-resets the device)

If no byte comes for ``idle_s`` seconds (the PC crashed, the cable was pulled),
the loop ends by itself and runs the app again, so a box is never left stuck in
the raw REPL.  Nothing is held in memory beyond one line and one 384-byte
buffer: folders are walked with ``os.ilistdir``, files read in chunks.  Nothing here trusts the
box's own files: ROOT/current and ROOT/synced are read as bytes, a line at a time, and a line that
does not read is skipped; a name in games/ that is not UTF-8 is named to the PC by its bytes.

A full flash (docs/sync.md, "A full flash"): ``m`` answers "full" when the record has no room, its temp file
removed; ``r`` removes the game first and then rewrites the record, so that a sync with ``--prune`` frees the
room it needs; ``l`` removes a ROOT/synced.tmp that a power cut left (ROOT/synced is whole: it is replaced by a
rename only), and the marks of games that a power cut removed before their marks.

The board module (``board.py``) gives the data folder (``ROOT``), the clock
(``set_clock(seconds since 1970)``) and the device's id (``device_id()``); this
module never imports ``machine``.

    ROOT/games/NNNN.kitapi   the game logs (kitapi.app.store)
    ROOT/current             the game being played
    ROOT/synced              what the PC has archived: "NAME SIZE SHA256" a line

A game is marked synced only after the PC has verified its copy against the
hash computed here and stored it in its archive; ``r`` deletes a game only if
it is marked synced at its present size and hash and is not the current game.
"""

import binascii
import os
import sys

try:
    import hashlib
except ImportError:  # a CircuitPython build without hashlib: the PC checks by reading twice
    hashlib = None  # type: ignore[assignment]

from kitapi import VERSION

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any

PROTOCOL = const(2)  # the PC refuses a device whose PROTOCOL differs from its own
_CHUNK = const(384)  # file bytes per D line (512 base64 characters)
_STEP = const(65536)  # a P line after this many bytes hashed
_LINE = const(120)  # longest command line
_ENOSPC = const(28)  # OSError: no room left on the flash
_buf = bytearray(_CHUNK)


def _board():
    try:  # CircuitPython: kitapi_board.py (its own "board" module names the pins)
        import kitapi_board as board  # type: ignore[import-not-found]
    except ImportError:
        import board  # type: ignore[import-not-found]  # the device's board.py
    return board


def _root():
    return getattr(_board(), "ROOT", "/data")


def _current(root):
    """The game ROOT/current names, or "" (none, or not a name: read as bytes, never trusted)."""
    try:
        with open(root + "/current", "rb") as f:
            return f.readline(_LINE).decode().strip()
    except (OSError, ValueError):  # none; not UTF-8 (UnicodeError)
        return ""


def _lines(path):
    """The lines of file ``path`` that read as text, stripped, one at a time (each at most _LINE bytes:
    a damaged file costs one line of heap at a time, and only its own lines); none if it is not there."""
    try:
        with open(path, "rb") as f:
            while True:
                b = f.readline(_LINE)
                if not b:
                    break
                try:
                    yield b.decode().strip()
                except ValueError:  # (UnicodeError) a damaged line: as if it were not there
                    pass
    except OSError:
        pass


def _game(name):
    """The path of game ``name`` (a bare file name: never a path)."""
    if not name or "/" in name:
        raise ValueError("bad name")
    return _root() + "/games/" + name


def _sha(path, n, talk=False):
    """sha256 hex of the first ``n`` bytes of ``path`` (all of it if ``n`` < 0), and the bytes hashed.

    With ``talk``, a P line every 64 KB, so that the PC sees the device is working.
    """
    if hashlib is None:
        return "", 0
    h = hashlib.sha256()
    mv = memoryview(_buf)
    done = 0
    step = _STEP
    with open(path, "rb") as f:
        while n < 0 or done < n:
            want = _CHUNK if n < 0 else min(_CHUNK, n - done)
            got = f.readinto(mv[:want])
            if not got:
                break
            h.update(mv[:got])
            done += got
            if talk and done >= step:
                print("P%d" % done)
                step += _STEP
    return binascii.hexlify(h.digest()).decode(), done


def _mark_of(root, name):
    """(size, sha) that ROOT/synced holds for ``name``, or None (read a line at a time)."""
    for line in _lines(root + "/synced"):
        p = line.split()
        if len(p) == 3 and p[0] == name and p[1].isdigit():
            return int(p[1]), p[2]
    return None


def _drop(path):
    try:
        os.remove(path)
    except OSError:  # not there
        pass


def _set_mark(root, name, line, gone=False):
    """ROOT/synced without ``name``'s line (nor any line that does not read; with ``gone``, nor the mark of
    a game no longer there), plus ``line`` if given: a temp file, then renamed.  False if the flash has no
    room for it: the temp file is removed, ROOT/synced is as it was."""
    path = root + "/synced"

    def fill(out):
        for old in _lines(path):
            p = old.split()
            if len(p) == 3 and p[0] != name and not (gone and not _there(root + "/games/" + p[0])):
                out.write(" ".join(p) + "\n")
        if line:
            out.write(line)

    return _rewrite(path, "w", fill)


def _rewrite(path, mode, fill):
    """``path`` rewritten whole: ``fill(out)`` writes it as ``path``.tmp, renamed over it (a power cut leaves
    the old file or the new one).  False if the flash has no room: the temp file removed, ``path`` as it was."""
    tmp = path + ".tmp"
    _drop(tmp)  # a power cut's leftover: its room first
    try:
        with open(tmp, mode) as out:
            fill(out)
        os.rename(tmp, path)
    except OSError as e:
        _drop(tmp)
        if e.args and e.args[0] == _ENOSPC:
            return False
        raise
    return True


def _there(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _say(value):
    print("R" + repr(value))


def hello():
    b = _board()
    try:
        uid = b.device_id()
    except Exception:  # noqa: BLE001 - a board without an id: the PC says so
        uid = ""
    try:
        now = b.clock()
    except Exception:  # noqa: BLE001
        now = 0
    _say((PROTOCOL, VERSION, uid, getattr(b, "NAME", "?"), now, hashlib is not None))


def entries(folder):
    """(name, size, why) for each entry of ``folder``, one at a time, none if it is not there: a file's
    (name, its size, ""), else (name, -1, why): "a folder", "not a file", "cannot be read (...)", or, for a name
    that is not UTF-8, (its bytes, -1, "a name that is not UTF-8").

    Walked as bytes: a name that is not UTF-8 stops a walk of str names (UnicodeError), and with it whatever
    lists after it.  ``kitapi doctor`` sends this very function to the box (kitapi_host.device.doctor), whatever
    Kitapi is there: it uses nothing but ``os``.
    """
    import os

    walk = ()  # type: Any
    try:  # one entry at a time, no list of every name (CircuitPython has no os.ilistdir)
        try:
            walk = os.ilistdir(folder.encode()) if hasattr(os, "ilistdir") else os.listdir(folder.encode())
        except TypeError:  # a port whose listing takes str only
            walk = os.listdir(folder)
    except OSError:  # no such folder (yet)
        pass
    for e in walk:
        raw = e if isinstance(e, (str, bytes)) else e[0]
        try:
            name = raw.decode() if isinstance(raw, bytes) else raw
        except ValueError:  # (UnicodeError) said as the bytes it is
            yield raw, -1, "a name that is not UTF-8"
            continue
        try:
            st = os.stat(folder + "/" + name)
            kind = st[0] & 0xF000
            if kind == 0x8000:
                yield name, st[6], ""
            else:
                yield name, -1, "a folder" if kind == 0x4000 else "not a file"
        except OSError as err:
            yield name, -1, "cannot be read (%s)" % err


def ls():
    root = _root()
    games = root + "/games"
    _drop(root + "/synced.tmp")  # a rewrite of the record that a power cut stopped: ROOT/synced is whole
    for name, size, why in entries(games):
        if why == "a folder":
            why = "not a file"
        elif size >= 0:
            try:
                why = _sha(games + "/" + name, -1, True)[0] if name.endswith(".kitapi") else ""
            except OSError as err:
                size, why = -1, "cannot be read (%s)" % err
        print("F" + repr((name, size, why)))
    gone = False
    for line in _lines(root + "/synced"):
        p = line.split()
        if len(p) == 3 and not _there(games + "/" + p[0]):
            gone = True  # the mark of a game removed, its record not yet rewritten (a power cut): dropped
        elif line:
            print("M" + line)
    if gone:
        try:
            _set_mark(root, "", "", True)  # (False: no room; the marks of games gone stay, and cost nothing)
        except OSError:  # the same
            pass
    _say(_current(root))


def send(name, offset, n):
    mv = memoryview(_buf)
    sent = 0
    w = sys.stdout.write
    with open(_game(name), "rb") as f:
        f.seek(offset)
        while n > 0:
            got = f.readinto(mv[: min(_CHUNK, n)])
            if not got:
                break
            # any buffer will do on MicroPython (the stub says bytes): no copy
            w("D")
            w(binascii.b2a_base64(mv[:got]).decode())  # type: ignore[arg-type]  # ends with "\n"
            n -= got
            sent += got
    _say(sent)


def mark(name, size, digest):
    _game(name)
    root = _root()
    ok = _mark_of(root, name) == (size, digest) or _set_mark(root, name, "%s %d %s\n" % (name, size, digest))
    _say(True if ok else "full")


def remove(name, size, digest, held=False):
    """Delete game ``name`` if it is not the current game, its bytes are ``size`` and ``digest``, and it is
    marked synced at them or the PC says its archive holds them verified (``held``); then its line in
    ROOT/synced goes.  The game first: on a full flash its room is what the record's rewrite needs, and a
    power cut between the two leaves a mark of a game that is gone, which costs nothing: it matches no other
    bytes, and the next listing (``ls``) drops it."""
    root = _root()
    path = _game(name)
    marked = _mark_of(root, name)
    ok = (held or marked == (size, digest)) and _current(root) != name and _sha(path, -1) == (digest, size)
    if ok:
        os.remove(path)
        if marked is not None:
            _set_mark(root, name, "")  # (False: no room even now; the mark of a game gone stays)
    _say(ok)


def load_table(data):
    """Put a tournament's table on the box (``kitapi tournament load``, run on the raw REPL): ``data`` written
    as ROOT/table.tmp, then renamed over ROOT/table (kitapi.app.table reads it: untrusted there all the same).
    Says True, or "full" if the flash has no room (the temp file removed, ROOT/table as it was)."""
    _say(_rewrite(_root() + "/table", "wb", lambda out: out.write(data)) or "full")


def _do(p):
    op = p[0]
    if op == "h":
        hello()
    elif op == "l":
        ls()
    elif op == "s":
        _say(_sha(_game(p[1]), int(p[2]), True))
    elif op == "d":
        send(p[1], int(p[2]), int(p[3]))
    elif op == "m":
        mark(p[1], int(p[2]), p[3])
    elif op == "r":
        remove(p[1], int(p[2]), p[3], p[4:] == ["held"])
    elif op == "c":
        b = _board()
        b.set_clock(int(p[1]))
        _say(b.clock())
    elif op == "p":
        _say(True)
    else:
        print("Eunknown command")


def serve(idle_s=10):
    """Answer the PC's commands until ``q``; after ``idle_s`` seconds without a byte, run the app again."""
    import select

    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    read = getattr(sys.stdin, "buffer", sys.stdin).read
    hello()
    line = b""
    while poll.poll(idle_s * 1000):
        c = read(1)
        if not c:  # stdin closed
            break
        if c == b"\x03":  # (a Pico's USB raises this itself; the unix port of kitapi simdevice passes the byte)
            raise KeyboardInterrupt
        if c == b"\n":
            p = line.decode().split()
            line = b""
            if p == ["q"]:
                _say(True)
                return
            try:
                if p:
                    _do(p)
            except Exception as e:  # noqa: BLE001 - said to the PC in one line; the loop goes on
                print("E%s: %s" % (type(e).__name__, str(e).replace("\n", " ")[:80]))
        elif c != b"\r" and len(line) < _LINE:
            line += c  # type: ignore[operator]  # read(1) gives bytes (sys.stdin.buffer)
    resume()


def resume():
    """The app again, as ``main.py`` runs it (on the hardware ``main.py`` made, if it is there)."""
    import gc

    gc.collect()
    try:
        import __main__  # type: ignore[import-not-found]

        hw = getattr(__main__, "hw", None)
    except ImportError:
        hw = None
    if hw is None:
        hw = _board().make()
    from kitapi.app import run

    run(hw)
