# A flash that loses power: the file layer kitapi.app.store takes (``Store(root, fs)``, the way
# the board passes its storage), and the power-cut scenarios of docs/reliability.md.
#
# Runs on CPython (tests/device/test_powercut.py) and on the MicroPython unix port
# (tests/mp/test_powercut_mp.py): plain Python, no typing, no dataclasses.
#
# The model is littlefs's: a file opened for writing exists (empty) at once if it
# did not; what is written reaches the flash only on flush() or close(); rename()
# and remove() are atomic.  ``cut_at = N`` cuts the power right after the N-th
# call that changes the flash or could (open, write, flush, close, rename,
# remove, mkdir): that call is done, then PowerCut is raised, every file still
# open loses what it did not flush, and nothing more reaches the flash.  Reads
# change nothing, so a cut after a read is the cut before the next counted call.
import errno


class PowerCut(Exception):
    pass


class Flash:
    def __init__(self):
        self.files = {}  # path -> bytes, as on the flash
        self.dirs = {}  # path -> True
        self.calls = 0
        self.cut_at = 0  # 0: never
        self.dead = False
        self.epoch = 0  # handles of an earlier power-up are dead

    def copy(self):
        other = Flash()
        other.files = dict(self.files)
        other.dirs = dict(self.dirs)
        return other

    def power_up(self, cut_at=0):
        """Power back (after a cut): handles open before are gone; cut again after call ``cut_at``."""
        self.dead = False
        self.epoch += 1
        self.calls = 0
        self.cut_at = cut_at

    def arm(self, cut_at):
        """Cut the power after the ``cut_at``-th call from now (the power stays on till then)."""
        self.calls = 0
        self.cut_at = cut_at

    def tick(self):
        if self.dead:
            raise PowerCut()
        self.calls += 1
        if self.calls == self.cut_at:
            self.dead = True
            raise PowerCut()

    def alive(self):
        if self.dead:
            raise PowerCut()

    # --- what kitapi.app.store calls: os.stat, listdir, mkdir, rename, remove, statvfs and open ---

    def stat(self, path):
        self.alive()
        if path in self.files:
            return (0x8000, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)
        if path in self.dirs:
            return (0x4000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(errno.ENOENT)

    def listdir(self, path):
        self.alive()
        if path not in self.dirs:
            raise OSError(errno.ENOENT)
        out = []
        for p in list(self.files) + list(self.dirs):
            if p.startswith(path + "/") and "/" not in p[len(path) + 1 :]:
                out.append(p[len(path) + 1 :])
        out.sort()
        return out

    def mkdir(self, path):
        self.alive()
        if path in self.dirs or path in self.files:
            raise OSError(errno.EEXIST)
        self.dirs[path] = True
        self.tick()

    def rename(self, a, b):
        self.alive()
        if a not in self.files:
            raise OSError(errno.ENOENT)
        self.files[b] = self.files.pop(a)
        self.tick()

    def remove(self, path):
        self.alive()
        if path not in self.files:
            raise OSError(errno.ENOENT)
        del self.files[path]
        self.tick()

    def statvfs(self, path):
        self.alive()
        return (4096, 4096, 352, 300, 300, 0, 0, 0, 0, 255)  # (a Pico's flash with most of it free)

    def open(self, path, mode="r"):
        self.alive()
        if "r" in mode:
            if path not in self.files:
                raise OSError(errno.ENOENT)
            return Reader(self.files[path], "b" in mode)
        if path not in self.files:
            self.files[path] = b""  # littlefs: the file exists, empty, from its open on
        h = Writer(self, path, "a" in mode, "b" in mode)
        self.tick()
        return h


class Reader:
    def __init__(self, data, binary):
        self.data = data
        self.binary = binary
        self.pos = 0

    def read(self, n=-1):
        end = len(self.data) if n < 0 else min(len(self.data), self.pos + n)
        out = self.data[self.pos : end]
        self.pos = end
        return out if self.binary else out.decode()

    def readinto(self, buf):
        n = min(len(buf), len(self.data) - self.pos)
        buf[0:n] = self.data[self.pos : self.pos + n]
        self.pos += n
        return n

    def seek(self, off, whence=0):
        self.pos = off if whence == 0 else self.pos + off if whence == 1 else len(self.data) + off
        return self.pos

    def tell(self):
        return self.pos

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Writer:
    def __init__(self, flash, path, append, binary):
        self.flash = flash
        self.epoch = flash.epoch
        self.path = path
        self.binary = binary
        self.buf = bytearray(flash.files[path] if append else b"")
        self.closed = False

    def _live(self):
        return not self.flash.dead and self.epoch == self.flash.epoch

    def write(self, data):
        if not self._live():
            raise PowerCut()
        self.buf += data if self.binary else data.encode()
        self.flash.tick()
        return len(data)

    def flush(self):
        if not self._live():
            raise PowerCut()
        self.flash.files[self.path] = bytes(self.buf)
        self.flash.tick()

    def close(self):
        if self.closed or not self._live():  # (after a cut: nothing more reaches the flash)
            self.closed = True
            return
        self.closed = True
        self.flash.files[self.path] = bytes(self.buf)
        self.flash.tick()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# --- the scenarios -------------------------------------------------------------------------

ROOT = "/flash"
GAMES = ROOT + "/games"
HEADER = {"kitapi": 1, "rules": "prefa", "players": ["Anna", "Babis", "Costas"], "options": {"pouch": 15}}


def passed_out(k):
    """The packed Prefa hand of a passed-out hand number ``k`` (1 on; the dealer turns)."""
    return 1 << 26 | ((k - 1) % 3) << 24


def boot(flash):
    """What the box does at power-up: the store (which mends what a cut left), then the current game, then (once
    the first frame is out: App.run) the checkpoint a long replay owes."""
    from kitapi.app.store import Store

    store = Store(ROOT, flash)
    name = store.current()
    if name is None:
        return store, None, None
    g, damage = store.load(name)
    if store.due:
        store.dump(g)
    return store, g, damage


def game_with(hands):
    """A flash holding the current game 0001 with ``hands`` passed-out hands, every one saved."""
    flash = Flash()
    store, _, _ = boot(flash)
    name = store.new_game(HEADER)
    store.load(name)
    for k in range(1, hands + 1):
        store.add_hand(passed_out(k))
    store.close()
    return flash


class Result:
    def __init__(self):
        self.points = 0  # power cuts tried
        self.failures = []

    def fail(self, why):
        if len(self.failures) < 20:
            self.failures.append(why)


def leftovers(flash):
    return [p for p in flash.files if p.endswith(".tmp")]


def cut_everywhere(base, step, check, res, what, nested=True):
    """Run ``step(flash)`` on a copy of ``base`` with the power cut after each of its calls in turn (and,
    with ``nested``, the boot after it cut at each of its own calls too); after each, power up, boot
    whole and ``check(flash, store, g, k)`` (a string if wrong).  The points tried go to ``res``."""
    k = 1
    while True:
        flash = base.copy()
        flash.power_up(k)
        try:
            step(flash)
            finished = True
        except PowerCut:
            finished = False
        snapshot = flash.copy()
        plans = [0]
        if nested and not finished:
            j = 1
            while True:  # the boot after the cut, itself cut at each of its calls
                f2 = snapshot.copy()
                f2.power_up(j)
                try:
                    boot(f2)
                    break
                except PowerCut:
                    plans.append(j)
                    j += 1
        for j in plans:
            f = snapshot.copy()
            if j:
                f.power_up(j)
                try:
                    boot(f)
                except PowerCut:
                    pass
            f.power_up(0)
            try:
                store, g, _ = boot(f)
            except Exception as e:
                res.fail("%s: cut after call %d (then %d): boot failed: %r" % (what, k, j, e))
                continue
            res.points += 1
            why = check(f, store, g, k if not finished else 0)
            if why:
                res.fail("%s: cut after call %d (then %d): %s" % (what, k, j, why))
            elif leftovers(f):
                res.fail("%s: cut after call %d (then %d): left %r" % (what, k, j, leftovers(f)))
        if finished:
            return k - 1  # the calls of the step
        k += 1


def scenario_torn_tail(res):
    """A hand cut short by a power cut on a file system that tears appends (3 bytes of it on flash): the
    boot cuts them off, keeping the file as evidence.  Cut at every call of that repair (and of the boot
    after it): every saved hand comes back, the torn bytes stay on flash, the next hand is appended."""
    hands = 6
    base = game_with(hands)
    log = GAMES + "/0001.kitapi"
    torn = b"\x00\x00\x07"
    base.files[log] = base.files[log] + torn

    def check(flash, store, g, k):
        if g is None or g.hands != hands:
            return "%s hands, not %d" % (g and g.hands, hands)
        kept = [p for p in flash.files if p.startswith(log) and flash.files[p].endswith(torn)]
        if not kept:
            return "the torn bytes are gone"
        store.add_hand(passed_out(hands + 1))
        store.close()
        flash.power_up(0)
        _, g2, _ = boot(flash)
        if g2.hands != hands + 1:
            return "the next hand: %d hands" % g2.hands
        return None

    return cut_everywhere(base, boot, check, res, "torn tail")


def scenario_second_repair(res):
    """A second torn append after a first repair: the first evidence (.bad1) is never overwritten."""
    hands = 4
    base = game_with(hands)
    log = GAMES + "/0001.kitapi"
    base.files[log] = base.files[log] + b"\x01"
    boot(base)  # the first repair: .bad1
    first = base.files.get(log + ".bad1")
    if first is None:
        res.fail("second repair: no .bad1 after the first")
        return 0
    base.files[log] = base.files[log] + b"\x02\x03"

    def check(flash, store, g, k):
        if flash.files.get(log + ".bad1") != first:
            return ".bad1 changed"
        if g is None or g.hands != hands:
            return "%s hands" % (g and g.hands)
        if not k and flash.files.get(log + ".bad2", b"")[-2:] != b"\x02\x03":
            return "no .bad2 with the second torn bytes"
        return None

    return cut_everywhere(base, boot, check, res, "second repair")


def scenario_new_game(res):
    """A new game killed at any call before its first hand: no stray (empty) log, no name reused over a
    game; either no game is current or the new one is, with its header and no hand."""
    base = game_with(3)
    old = GAMES + "/0001.kitapi"
    before = base.files[old]

    def step(flash):
        from kitapi.app.store import Store

        Store(ROOT, flash).new_game(HEADER)

    def check(flash, store, g, k):
        if flash.files.get(old) != before:
            return "the earlier game changed"
        logs = [p for p in flash.files if p.startswith(GAMES + "/")]
        for p in logs:
            if not flash.files[p]:
                return "an empty file %s" % p
        if g is None:  # the cut came after current named the new game, before its log was whole
            if logs != [old]:
                return "no game current, but %r" % logs
        elif not (store.name == "0002.kitapi" and g.hands == 0 or store.name == "0001.kitapi" and g.hands == 3):
            return "current %s with %d hands" % (store.name, g.hands)
        name = store.new_game(HEADER)  # the next new game
        if flash.files.get(old) != before or name == "0001.kitapi":
            return "the next new game took an earlier game's name"
        return None

    return cut_everywhere(base, step, check, res, "new game")


def scenario_append(res):
    """A hand saved at any call: after the flush (the screen says saved) it is there on the next boot;
    before it, the game is as it was."""
    hands = 5
    base = game_with(hands)

    def check(flash, store, g, k):
        if g is None:
            return "no game"
        saved = k == 0 or k >= 2  # the append is write (1) then flush (2): flushed, the screen says saved
        if g.hands != hands + saved:
            return "%d hands (flushed: %r)" % (g.hands, saved)
        return None

    # the cut points are the append's own: boot first (no cut), then cut after its k-th call
    k = 1
    while True:
        f = base.copy()
        f.power_up(0)
        store, _, _ = boot(f)
        f.arm(k)
        try:
            store.add_hand(passed_out(hands + 1))
            done = True
        except PowerCut:
            done = False
        f.power_up(0)
        store, g, _ = boot(f)
        res.points += 1
        why = check(f, store, g, 0 if done else k)
        if why:
            res.fail("append: cut after call %d: %s" % (k, why))
        if done:
            return k - 1
        k += 1


def scenario_journal(res):
    """A hand saved as the app saves it on a flash with room: its record in ROOT/journal/hand, the frame, then
    ``Store.flush`` (the record appended to the log, the journal emptied), cut after every call of the boot, the save
    and the settle (and of the boot after): the hand is there once if the journal was flushed (the screen says
    saved only then), else not at all; never twice, no damage, no hand left in the journal, nothing set aside."""
    hands = 5
    base = game_with(hands)
    saved = [False]

    def step(flash):
        saved[0] = False
        store, _, _ = boot(flash)
        store.flush(True)  # (App.run after the boot's first frame: the flash's room measured)
        if type(store.journal) is int:
            raise AssertionError("no journal: %r" % store.journal)
        store.add_hand(passed_out(hands + 1))
        saved[0] = True
        store.flush(True)  # (App.run after the home screen's frame)

    def check(flash, store, g, k):
        if g is None:
            return "no game"
        if g.hands != hands + 1 and (k == 0 or saved[0]):
            return "saved, then %d hands" % g.hands
        if g.hands not in (hands, hands + 1) or store.damage is not None:
            return "%d hands, damage %r" % (g.hands, store.damage)
        if flash.files.get(ROOT + "/journal/hand") or [p for p in flash.files if ".bad" in p]:
            return "left %r" % sorted(flash.files)
        store.add_hand(passed_out(g.hands + 1))  # and the next hand after it
        store.close()
        flash.power_up(0)
        _, g2, _ = boot(flash)
        if g2.hands != g.hands + 1:
            return "the next hand: %d hands" % g2.hands
        return None

    return cut_everywhere(base, step, check, res, "journal")


def scenario_settings(res):
    """Settings and names written at any call: the old or the new, never lost."""
    base = Flash()
    store, _, _ = boot(base)
    store.save_settings(128, 30, "el")
    store.remember(["Anna", "Babis", "Costas"])

    def step(flash):
        from kitapi.app.store import Store

        s = Store(ROOT, flash)
        s.save_settings(64, 120, "ru")
        s.remember(["Dora", "Anna", "Eli"])

    def check(flash, store, g, k):
        if store.settings() not in ((128, 30, "el"), (64, 120, "ru")):
            return "settings %r" % (store.settings(),)
        if store.names() not in (["Anna", "Babis", "Costas"], ["Dora", "Anna", "Eli", "Babis", "Costas"]):
            return "names %r" % (store.names(),)
        return None

    return cut_everywhere(base, step, check, res, "settings")


SCENARIOS = (
    ("torn tail", scenario_torn_tail),
    ("second repair", scenario_second_repair),
    ("new game", scenario_new_game),
    ("append", scenario_append),
    ("journal", scenario_journal),
    ("settings", scenario_settings),
)


def run_all(out=print):
    """Every scenario: (points tried, failures); one line each to ``out``."""
    total = 0
    failures = []
    for name, fn in SCENARIOS:
        res = Result()
        try:
            calls = fn(res)
        except Exception as e:
            res.fail("%s: %r" % (name, e))
            calls = -1
        out("%s: %d calls, %d power cuts tried, %d failures" % (name, calls, res.points, len(res.failures)))
        total += res.points
        failures += res.failures
    return total, failures
