"""Russian Preferans' screens (Sochi, Leningrad, Rostov) and Balkan's (kitapi.registry: family
preferans): the rows of the home screen (pool, hill and the net whists if the game ended now),
the hands and who pays whom.  The hand wizard is .wiz, the new-game steps .options (imported
only while a game is started), the texts .lang_xx (App.pt("preferans")).

    1D Anna     10  3  +12       seat, mark, name, pool, hill, net whists
    ...
    Allpass x2                   row 6: the all-pass progression, when it is on
"""

import sys

from kitapi.app.ui import cut

try:
    from micropython import const
except ImportError:  # CPython
    from kitapi.compat import const
_HINTS = const(0)  # true for mypy alone (always_true in its configs): MicroPython compiles the import away
if _HINTS:
    from typing import Any
_KEY_D = const(13)  # kitapi.keys.KEY_D (a constant: no name in the module)
_MONO_VLSB = const(0)  # framebuf.MONO_VLSB

# the texts it shows: their places in the string table (kitapi.app.lang_xx.T)
_T_HINT_HOME = const(3)
_T_MORE = const(69)
_T_DEALER = const(8)
_T_ELDEST = const(9)

# its family's texts it shows: their places in the table (kitapi.app.systems.preferans.lang_<language>.T)
_P_ALLPASS = const(27)

MODULES = ("app.systems.preferans", "app.systems.preferans.wiz", "app.systems.preferans.lang_en",
           "app.systems.preferans.lang_el", "app.systems.preferans.lang_ru", "rules.preferans",
           "rules.preferans_json", "rules.balkan", "rules.balkan_json")  # fmt: skip


def setup(ng):
    """The new-game wizard's pool and options steps: kitapi.app.systems.preferans.options."""
    from kitapi.app.systems.preferans import options

    ng.sys = options
    options.setup(ng)


def draw_home(ui, app):
    m = sys.modules.get("kitapi.settle")  # (loaded while a game is open: an import a frame was 0.31 ms on the pico-rig)
    if m is None:
        from kitapi.settle import whole
    else:
        whole = m.whole
    g = app.g
    t = ui.t
    n = g.n
    if not (app.message or app.redo or app.battery_level()[1]):  # the columns' names, where no line is said
        ui.right(t[_T_MORE][1], 128, 1)
    dealer = app.next_dealer()
    nums = g.settlement([0] * n)
    nets = whole(nums, 2 * n)  # rounded once, as who owes whom pays them (kitapi.settle); a rounded one marked ≈
    rows = []
    w = [0, 0, 0]  # each column's widest figure: the column ends at one x on every row
    q = 0  # type: Any  # ≈ as an 8x8 FrameBuffer, made for the first net rounded and blitted before each (pref_row)
    for s in range(n):  # (the figures made as bytes: a string made costs a search of the interned ones, 0.13 ms
        v = nets[s]  # on the pico-rig, a bytes 0.03; the net as kitapi.app.ui.signed's)
        if nums[s] % (2 * n) and not q:  # ≈'s columns as kitapi.app.font's (tests/device/test_app_rounding.py):
            import framebuf  # on the pico-rig font.text(fb, "≈") was 0.47 ms a net, this one's blit is 0.06 (0.1 made)

            q = framebuf.FrameBuffer(bytearray(b"\x48\x6c\x24\x6c\x48\x6c\x24\x00"), 8, 8, _MONO_VLSB)
        r = (b"%d" % g.pool[s], b"%d" % ((g.hill[s] + 1) // 2), (b"+%d" if v > 0 else b"%d") % v,  # type: Any
             q if nums[s] % (2 * n) else 0)  # (hill: halves)  # fmt: skip
        for i in range(3):
            w[i] = max(w[i], len(r[i]) + (i == 2 and r[3] != 0))  # (≈ a cell of the net)
        rows.append(r)
    for s in range(n):  # the marks as kitapi.app.home.seat_mark's (not imported: 0.3 ms a frame on the pico-rig)
        mark = "" if g.over else t[_T_DEALER] if s == dealer else t[_T_ELDEST] if s == (dealer + 1) % n else ""
        pref_row(ui, 2 + s, s, app.short, mark, rows[s], w)
    if g.level > 1:
        ui.at("%s x%d" % (app.pt("preferans")[_P_ALLPASS], g.allpass_k() // 2), 0, 6)
    elif not g.over:
        ui.hint(t[_T_HINT_HOME] % n, 6)


def pref_row(ui, row, seat, names, mark, r, w):
    """Seat and mark, name, then pool, hill and net whists (``r``: their bytes, then ≈'s FrameBuffer where the net
    is rounded, else 0) right-aligned in columns ``w`` wide (the widest of each over the rows), so that each column
    ends at one x on every row, as on a paper sheet.

    The columns stand 6 pixels apart while the name keeps 4 letters (the fewest a cut name keeps:
    kitapi.app.names.fit), else 3 apart, else 2.
    """
    y = row * 8
    b = bytes((49 + seat,))  # the seat's digit (str(seat + 1) was a string made: a search of the interned names)
    if ui.trace:
        ui.trace(0, y, b.decode())
    ui.fb.text(b, 0, y, 1)
    if mark:
        ui.text(mark, 8, y)
    gap = 128 - 16 - 32 - 4 - 8 * (w[0] + w[1] + w[2])  # the room for two gaps, the name in 4 letters
    gap = 6 if gap >= 12 else 3 if gap >= 6 else 2
    x = 128
    for i in range(2, -1, -1):  # (a range: no tuple kept in every game's heap)
        if i == 2 and r[3]:  # a rounded net: ≈ blitted before it (its unlit pixels transparent, as font.text's),
            k = x - (len(r[2]) << 3)  # the figure by framebuf at once, as UI.text draws it
            if ui.trace:  # (the simulator's: the text as the screen shows it)
                ui.trace(k - 8, y, chr(8776) + r[2].decode())
            ui.fb.text(r[2], k, y, 1)
            ui.fb.blit(r[3], k - 8, y, 0)
        else:  # (ASCII: by framebuf at once, as UI.text draws it, without its two calls: 0.1 ms on the pico-rig)
            k = x - (len(r[i]) << 3)
            if ui.trace:
                ui.trace(k, y, r[i].decode())
            ui.fb.text(r[i], k, y, 1)
        x -= 8 * w[i] + gap
    ui.text(cut(names, seat, (x + gap - 20) // 8), 16, y)  # 4 pixels at least before the pool (told apart: home.cut)


def key_home(app, ev):
    """A seat's digit: a hand with that soloist (the 4-player dealer sits out), 0 an all-pass; D the
    soloist step (A there: a misdeal)."""
    g = app.g
    if 0 <= ev <= g.n and not (g.n == 4 and ev - 1 == app.next_dealer()):
        from kitapi.app.systems.preferans.wiz import PrefWizard

        return PrefWizard(app, soloist=ev - 1)
    if ev == _KEY_D:
        from kitapi.app.systems.preferans.wiz import PrefWizard

        return PrefWizard(app)
    return None


def describe(app, g, h):
    from kitapi.app.systems.preferans.wiz import describe as d

    return d(app.pt("preferans"), g, h)


def edit(app, number, h):
    from kitapi.app.systems.preferans.wiz import PrefWizard

    return PrefWizard(app, number=number, hand=h)


def transfers(g):
    """Who pays whom, fewest transfers: the net whists of the settlement, exact fractions (numerators over
    2 x players) rounded once to whole whists (kitapi.settle.whole, as the home screen shows them: each
    player's payments sum to his net); with a stake, the money instead: the exact nets x the stake rounded
    once, by the same rule, to units of the stake's last decimal, a hundredth at least (as the PC's replay,
    show, sheets and page pay them: tests/core/test_settle.py keeps the two alike; written here, so that the
    box interns no name for it).  An amount the rounding touched (a net not whole) is marked ≈; money
    exact, =."""
    from kitapi.settle import settle, whole

    nums = g.settlement([0] * g.n)
    den = 2 * g.n
    mark = ""
    if g.stake:
        num, sden = g.stake
        places = 2
        while num * 10**places % sden:
            places += 1
        nums = [x * num * 10**places for x in nums]
        den *= sden
        mark = "="
    for x in nums:
        if x % den:
            mark = chr(8776)
    if not g.stake:
        return [(a, b, mark + str(c)) for a, b, c in settle(whole(nums, den))]
    scale = 10**places
    # (a format of 11 characters: a literal of 10 or fewer is an interned name, which a Balkan game in English
    # at 64 KB has no room for)
    return [(a, b, "%s%d.%0*d%s" % (mark, c // scale, places, c % scale, "")) for a, b, c in settle(whole(nums, den))]
