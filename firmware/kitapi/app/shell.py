"""The hand wizards' shell, and what starts a game and saves a hand: the app's (kitapi.app.main.App) code
that no boot's first frame runs, in a module of its own, imported by the first wizard (the open game's, warmed
after the boot's first frame: App.run) or the first new game.  On the pico-rig kitapi.app.main was imported
9 ms sooner without it (README, "A fourth round").
"""

from kitapi.game import RuleError  # (the core, loaded first: an import at every save was 0.1-0.4 ms on the pico-rig)

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_REPLACE = const("r")  # kitapi.app.nextboot.REPLACE
_FIX = const("f")  # kitapi.app.nextboot.FIX
_START = const("s")  # kitapi.app.nextboot.START

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_SAVED = const(27)

_STAR = const(14)  # kitapi.keys.STAR
_HASH = const(15)  # kitapi.keys.HASH
_LONG = const(16)  # kitapi.keys.LONG: a key held for the long-press time


# Each family's wizard (kitapi.app.systems.<family>.wiz) is a class that takes these as its own: ``key =
# wizard_key``, ``preview = wizard_preview``; App.save_hand saves its hand.  Functions, not a base
# class: a class costs some 220 bytes of heap for good (64-bit port), more than the copies it saves.
# A wizard has ``step`` (the step shown), ``steps()`` (the steps of its hand as it stands: a bit a step, bit
# ``1 << STEP`` for each of its step constants, ``1 << _BIDDER | 1 << _SUMMARY``; a wizard's steps are numbered
# in their order, the summary last: a small int, folded by the compiler, no bytes per key) and ``answer(ev)``:
# a key at a step, True when it answers it (the shell moves on to the next step); at the summary, a key but #;
# and * first, True when the wizard took it (a step of several questions goes back to the one before).  A key
# that does nothing at a step the wizard says itself (kitapi.app.nokey), and a step with one possible answer is
# not on the list (its answer filled in by the step before): not here, where every name interned costs the
# heap for good (the 32 KB boots of tests/device/test_app_memory.py and test_app_files.py have no room for one
# more).


def wizard_key(w, ev):
    """* goes back a step (from the first home, or an edit's hands list), long * leaves the hand, # on the
    summary saves it (App.save_hand); any other key is the step's (``answer``)."""
    w.error = ""
    if ev == _STAR | _LONG:  # leave the hand, however far it was entered
        return w.app.home()
    step = w.step
    seq = w.steps()
    if ev == _STAR:
        if w.answer(ev):  # taken: the question before, within the step
            return None
        if seq >> step & 1:
            seq &= (1 << step) - 1  # the steps before it: the last of them
            if not seq:  # the first step: home, or an edit's list (at the hand)
                seq = w.app.home()
                return w.app.history(w.number) if w.number and type(seq).__name__ == "Home" else seq
            step = 0
            while seq >> step > 1:
                step += 1
        elif w.number:  # a step off the list (Preferans' all-pass) while a hand is edited: its list
            seq = w.app.home()
            return w.app.history(w.number) if type(seq).__name__ == "Home" else seq
        else:  # one off the list: back to the first
            step = 0
            while not seq >> step & 1:
                step += 1
        w.step = step
        return None
    if seq >> step == 1:  # the summary (the last step)
        if ev == _HASH:
            return w.app.save_hand(w)
        w.answer(ev)
    elif w.answer(ev):
        seq = w.steps()
        if seq >> step & 1:
            seq &= -2 << step  # the steps after it: the first of them (from a step off the list, the first)
        step = 0
        while not seq >> step & 1:
            step += 1
        w.step = step
    return None


def wizard_preview(w, ui):
    """Score the hand against the game before it (Game.preview): the buffer of what it changes (the
    rules' ``state``), or None with the refusal, in the player's language (kitapi.app.refusal), wrapped
    at its spaces on rows 2-6; one longer (the chip bids of American Preference), its first four rows and
    the key that says it whole (#: App.save_hand's refusal screen)."""
    e = w.g.preview(w.h)
    if e is not None or w.error:
        from kitapi.app.refusal import preview

        return preview(w, ui, e)  # (None; the module let go)
    return w.g.buf


def start_game(app, header):
    """Start a new game: the core checks its header before anything is written; then its home screen,
    or the start menu with the reason it could not start.

    A board with a soft reset does that on a fresh heap: the new-game wizard's header (``header``) is put
    on flash first (ROOT/start, and the note ``s``: kitapi.app.nextboot), the box resets, and the boot
    after it checks and writes it (``header`` None: App.first_screen).  The wizard cuts the heap up: a
    Greek or Russian Balkan game found no room in 64 KB for its check and its log's header after it."""
    store = app.store
    if header is not None and hasattr(app.hw, "reset"):
        store.start(header)
        store.next(_START)
        app.hw.reset()
    if header is not None:  # no reset: the game opens here (its home screen's module before the game's:
        import kitapi.app.home  # noqa: F401  (the heap's peak is the game's start); else after a reset
    from kitapi.game import new_game

    try:
        if header is None:
            header = store.start()
        new_game(header)
        name = store.new_game(header)
        store.remember(header["players"])
    except (OSError, ValueError, RuleError) as e:  # (ValueError: ROOT/start not the JSON it wrote)
        from kitapi.app.refusal import say

        return say(app, 3, e)  # 3: kitapi.app.refusal.START
    if hasattr(app.hw, "reset"):  # the game is on flash: it opens after a soft reset, on a fresh heap,
        app.hw.reset()  # without the wizard's interned names and the pieces it left (a 4-player Sochi
        # game ran out of 64 KB otherwise); a board without a reset opens it here
    return app.open_game(name)


def save_hand(app, w):
    """Save the hand of wizard ``w`` (its ``g``, ``h``, ``number``: 0 a new hand, else the hand it edits).

    On flash first (a correction record for an edit), then in the standings;
    the next screen, or None with ``w.error`` set if it could not be saved.
    """
    g = w.g
    h = w.h
    if w.error:
        return None
    payload = g.pack(h)
    store = app.store
    number = w.number or (app.redo[0] if app.redo else 0)  # an edit, a damaged hand again: a correction
    try:
        if number:
            try:
                store.check_fix((number, payload))  # the corrected log replayed: a refusal before the record
            except MemoryError:  # no room beside the game before the hand: saved after a soft reset, as
                w.g = g = None  # a restoration is (kitapi.app.history.again; an edit's: kitapi.app.mend.again),
                return app.retry(_FIX if w.number else _REPLACE, number, payload)  # without that game
            store.replace_hand(number, payload)
        else:
            g.check(h)
            store.add_hand(payload)  # on flash first,
    except (OSError, RuleError) as e:  # said whole (kitapi.app.refusal); any key: back to the hand
        try:
            if number and w.number and type(e) is RuleError:  # one that ends the game earlier: D mends it
                # (kitapi.app.mend, by a name of more than 10 characters: no name interned here at boot; "x":
                # any from-list, the module itself, and no tuple in the heap of every boot)
                s = __import__("kitapi.app.mend", None, None, "x").say(app, number, payload, e, w)
                if s:
                    return s
            from kitapi.app.refusal import say

            return say(app, 0, e, w)  # 0: kitapi.app.refusal.SAVE
        except MemoryError:  # a correction's words (and its offer) find no room beside the wizard's game and
            if not number or type(e) is not RuleError:  # what the check left: checked and said again after a
                raise  # soft reset, on a fresh heap, as a save short of heap is (kitapi.app.mend.again: then
            # the home screen; not after a refused write: what it wrote stays)
            w.g = g = None
            return app.retry(_FIX if w.number else _REPLACE, number, payload)
    if number:
        g = w.g = None  # (the game before the hand: let go before the replay)
        if w.number:  # an edit: back to the hands list at it, "Saved" (and if the game ends or reopens)
            from kitapi.app.history import fixed

            return fixed(app, number, app.ui.t[_T_SAVED])
        return app.reload()
    g.apply(h)  # then in the standings
    store.last = store.seq
    app.message = app.ui.t[_T_SAVED]
    if g.over:
        from kitapi.app.menus import Settle

        return Settle(app)
    return app.home()
