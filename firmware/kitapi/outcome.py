"""A hand's outcome and a game's settlement, as lists and sheets show them.

The core's answer to "what did this hand come to?" and "who pays whom?", so
that the PC's archive, lists and sheets read no rules module's private tables.
The device never imports this module (its screens say it in their own words):
it costs the box nothing.  MicroPython-clean all the same, as all of the core.

- ``hand_outcome(g, h)``: hand ``h``, parsed and checked by the core on game
  ``g`` in its place (not yet applied), as a dict of words and numbers, by
  its family's function here, one a family of kitapi.registry, named as it
  (``prefa``, ``kasa``, ``preferans``, ``pot``, ``priffe``: each family's
  ``outcome`` hook on the PC, kitapi_host.families.hookspecs):
  ``kind``, ``bidder`` (a seat, or None), ``contract`` (as the log writes it),
  ``defense``, ``tricks`` (the bidder's), ``made``, ``short`` (the tricks
  missing; a misere's: the tricks taken); Prefa's hands also ``level`` (the
  level scored), ``bid`` (the level bid), ``duties`` (each defender's
  responsibility, for the defense record) and ``put_up`` (the defenders the
  hand charges for the defense: only when the defense failed as a whole, each
  defender short of his own responsibility; the active defender of an invited
  or lone defense short of his; empty when the contract was made or short: Ball,
  *"If the defense doesn't make it collectively, then any defender who was
  unable to meet his or her individual responsibility in tricks, is also said
  to be put up"*); Preferans' hands with a soloist
  ``level`` (6 to 10 or "M" for a misere; Balkan's: the bid, 2 to 7) and
  ``whisters`` (see below); Priffe's the hand taken apart (see below).
- Preferans' ``whisters``: ``[(seat, charged), ...]``: in a contract played
  with whisting, each defender who whisted (or the 4-player dealer who whisted
  in his stead), and whether the whisters' shortfall against the requirement
  is charged to him, on his hill (docs/rules/preferans.md, "Responsibility");
  empty in any other hand.
- Priffe's (docs/rules/priffe.md, "Outcome" and "Points"): ``bidder`` the
  declarer (None in a forced Noll), ``tricks`` the tricks the hand records (the
  declarer's partnership's; the dealer's in a forced Noll), ``made`` the
  declaring partnership won the hand (None in a forced Noll); and what it
  scores, partnership 0 being seat 0's: ``sides`` (each seat's partnership),
  ``declaring`` (None in a forced Noll), ``won`` (the partnership that took
  more tricks, fewer in a Noll), ``trick_points`` (doubled when the declarers
  lost), ``below`` (of those, towards the game), ``slam`` (doubled too),
  ``honours`` (``(partnership, points)`` or None), ``bonus`` and ``game`` (a
  game won and its bonus, else 0 and False), ``points`` and ``games`` (the
  rubber's after the hand, before a finished rubber is cleared).
- ``transfers(res)``: who pays whom to settle the standings ``res`` (the object
  of ``result_json``, parsed), in the fewest transfers (``kitapi.settle``):
  ``(wholes, [(payer, payee, amount), ...])``: the exact nets (a Preferans
  settlement is in thirds or quarters, a kasa's split in n-ths) rounded once to
  whole amounts by largest remainder (``kitapi.settle.whole``: each is its net
  rounded down or up, and they sum to what the nets sum to), and the whole
  amounts that square them: each payer's transfers sum to his whole net, as
  the box's screens show it; None for the
  systems whose texts settle nothing between the players: the pot games (*"The
  player with the current most number of chips is declared the game winner"*)
  and Priffe (*"The player with the highest individual score at the end is the
  overall winner"*): docs/rules/preference_at.md, preference_us.md and
  priffe.md, "No settlement between the players".
- ``money(res)``: with a stake (Preferans' ``money``), who pays whom in money:
  ``(places, wholes, exact, [(payer, payee, amount), ...])``, the exact nets x
  the stake rounded once to units of ``10 ** -places`` (a hundredth, or the
  stake's last decimal) by the same largest remainder (``kitapi.settle.whole``;
  the box's who owes whom pays the same), ``exact`` when no net needed it;
  None without a stake.
"""

_PREFA_KINDS = ("play", "pass", "throw", "topup")  # kitapi.rules.prefa PLAY, PASS, THROW; prefa_kasa's TOPUP
_PREFERANS_KINDS = ("play", "allpass", "resign", "misdeal")  # kitapi.rules.preferans: PLAY, ALLPASS, RESIGN, MISDEAL
# Priffe's numbers (kitapi.rules.priffe's consts, which MicroPython keeps from other modules; tests/core/test_outcome.py
# checks they agree): "the players receive 13 cards each"; "10 for every trick over 6"; "each trick below 7
# scores 10 points"; "an extra 10 for taking 6 overtricks (little slam) and an extra 20 for taking 7 overtricks
# (big slam)"; "30 or more trick points, they win the first game ... an additional 10 bonus points"; "need 40
# trick points to win their second game, which gives the team an additional 20 bonus points"
_PRIFFE = (13, 6, 7, 10, 10, 20, 30, 40, 10, 20)
# "at least six tricks" (kitapi.rules.preference_at and preference_us, their _MAKE: a const, which
# MicroPython keeps from other modules; tests/core/test_outcome.py checks the two agree)
_POT_MAKE = 6


def hand_outcome(g, h):
    """What hand ``h`` (parsed and checked on ``g``, not yet applied) came to: a dict (see the module), by the
    function of this module named as the system's family (kitapi.registry's family column); None for a family
    with none here (the PC asks each family's ``outcome``, kitapi_host.families.hookspecs)."""
    from kitapi.registry import row

    r = row(g.name)
    f = globals().get(r[1]) if r else None
    return f(g, h) if f else None


def _blank(kind, bidder):
    return {
        "kind": kind,
        "bidder": bidder,
        "contract": None,
        "defense": None,
        "tricks": None,
        "made": None,
        "short": None,
    }


def prefa(g, h):
    """A Prefa hand's outcome (see the module)."""
    # docs/rules/prefa.md: the levels, the responsibilities (prefa-ball-v2.txt, "Responsibility")
    from kitapi.rules.prefa import ALONE, BOTH, DEFENSES, INVITE, NONE, PLAY, RESP_ALONE, RESP_D1, RESP_D2
    from kitapi.rules.prefa_json import contract_name

    kind = _PREFA_KINDS[h.kind]
    o = _blank(kind, None if kind in ("pass", "topup") else int(h.bidder))
    if h.kind != PLAY:
        return o
    o["contract"] = contract_name(h.contract)
    o["defense"] = DEFENSES[h.defense]
    level = int(h.contract) // 5 + 6
    o["bid"] = level  # the level bid (a 10 scored as a 9 is still a 10 bid)
    if level == 10 and g.tens_as_nines:  # "10's as 9's" scores a 10 as a 9
        level = 9
    o["level"] = level
    g.defenders(h)
    d1, d2 = int(h.d1), int(h.d2)
    i = level - 6
    t = h.tricks
    o["put_up"] = []
    if h.defense == NONE:  # both defenders out: the bidder takes the bid value
        o["made"], o["short"] = True, 0
        o["duties"] = [(d1, None, 0), (d2, None, 0)]
        return o
    tb = int(t[h.bidder])
    short = level - tb
    if h.defense == ALONE and short < 0 and t[h.active] >= RESP_ALONE[i]:
        short = 0  # the lone defender made his responsibility: scored as exact
    o["tricks"] = tb
    o["made"] = short <= 0
    o["short"] = short if short > 0 else 0
    # (seat, responsibility or None when out or -1 when it is the partner's, tricks)
    if h.defense == BOTH:
        r1, r2 = RESP_D1[i], RESP_D2[i]
        if i == 3 and g.header.get("options", {}).get("nine_quota") == "dealer":
            n = g.n
            if (d2 - h.dealer - 1) % n < (d1 - h.dealer - 1) % n:
                r1, r2 = r2, r1  # option nine_quota "dealer": the 1 trick at 9 is D2's
        o["duties"] = [(d1, r1, int(t[d1])), (d2, r2, int(t[d2]))]
    elif h.defense == ALONE:
        a = int(h.active)
        o["duties"] = [(a, RESP_ALONE[i], int(t[a])), (d1 + d2 - a, None, 0)]
    elif h.defense == INVITE:
        a = int(h.active)
        o["duties"] = [(a, RESP_D1[i] + RESP_D2[i], int(t[d1]) + int(t[d2])), (d1 + d2 - a, -1, 0)]
    if short < 0:  # the defense failed as a whole (kitapi.rules.prefa's scoring): who of it pays for that
        o["put_up"] = [seat for seat, resp, tricks in o["duties"] if resp is not None and tricks < resp]
    return o


def preferans(g, h):
    """A Preferans hand's outcome: Russian and Balkan (see the module)."""
    # docs/rules/preferans.md, "A played contract": both passing or a half-whist that stood count as made;
    # a misere (Balkan's Bettler) is made with no trick; a resignation is not made, and not played
    from kitapi.rules.preferans import ALLPASS, MISDEAL, RESIGN

    o = _blank(_PREFERANS_KINDS[h.kind], None)
    o["whisters"] = []
    if h.kind in (ALLPASS, MISDEAL):
        return o
    s = int(h.soloist)
    o["bidder"] = s
    if g.NUMBERED:
        o["contract"] = str(int(h.contract))
        o["level"] = int(h.contract)  # the bid's number (Balkan's 2 to 7, docs/rules/balkan.md)
    else:
        from kitapi.rules.preferans_json import contract_name

        o["contract"] = str(contract_name(h.contract))
        o["level"] = "M" if g.is_misere(h) else g.needed(h)
    if h.kind == RESIGN:
        o["made"] = False
        return o
    if not g.played(h):
        o["made"], o["short"] = True, 0
        return o
    ts = int(h.tricks[s])
    o["tricks"] = ts
    if g.is_misere(h):
        o["made"], o["short"] = ts == 0, ts
    else:
        level = g.needed(h)
        o["made"], o["short"] = ts >= level, (level - ts if level > ts else 0)
        if g.requirement(h.contract):
            o["whisters"] = _whisters(g, h, ts >= level)
    return o


def _whisters(g, h, made):
    # docs/rules/preferans.md, "Whist requirement and responsibility" (and the variants' "A failed whister's
    # hill"): who whisted in a contract played with whisting, and who is charged with the whisters' shortfall:
    # "Whisting player(s) have to take 4 tricks if the game is at six, 2 tricks if seven, and 1 trick if it's
    # eight or nine" (C); they fail only against a made contract
    from kitapi.rules.preferans import WHIST

    g.defenders(h)
    t = h.tricks
    if h.dealer_whist >= 0:  # the 4-player dealer whisted with a defender's hand: the only whister
        seats = [int(h.dealer)]
    else:
        seats = [int(d) for d, w in ((h.d1, h.w1), (h.d2, h.w2)) if w == WHIST]
    req = g.requirement(h.contract)
    side = 10 - int(t[h.soloist])
    if not made or side >= req:
        return [(d, False) for d in seats]
    if len(seats) == 1 or g.variants:
        # one whister is short of the requirement; V: "If both opponents elected to whist during the hand, each
        # of these players would be considered responsible for half"
        return [(d, True) for d in seats]
    if req > 1:
        # "Undertricks are counted against his/her personal quota and not the partnership one"
        return [(d, int(t[d]) < req // 2) for d in seats]
    # a requirement of 1 and both took nothing: option whist_one, "some players make the second whister ...
    # solely responsible; and some make both equally responsible"
    return [(d, g.whist_one_shared or d == h.d2) for d in seats]


def pot(g, h):
    """A pot game's hand's outcome: the Austrian and Illustrated ladder, or an American suit or chips (what
    the class says its hands are, its ``OUTCOME``: 4 for a suit or chips)."""
    # docs/rules/preference_at.md, preference_illustrated.md, preference_us.md
    o = _blank("play", None)
    if g.OUTCOME == 4:  # a suit or chips (American)
        from kitapi.rules.preference_us import CHIPS, PASS, SUITS

        if h.kind == PASS:
            o["kind"] = "pass"
            return o
        o["kind"] = "chips" if h.kind == CHIPS else "suit"
        o["contract"] = "chips" if h.kind == CHIPS else SUITS[h.suit]
        o["bidder"] = int(h.declarer)
        t = int(h.tricks)
        o["tricks"] = t
        o["made"], o["short"] = t >= _POT_MAKE, (_POT_MAKE - t if t < _POT_MAKE else 0)
        return o
    from kitapi.rules.preference_at import BIDS, PREFERENCE

    o["contract"] = str(BIDS[h.bid])
    b = int(h.declarer)
    o["bidder"] = b
    declarer_out = bool(h.drop >> b & 1)
    dropped = 0
    for s in range(3):
        if s != b:
            dropped += h.drop >> s & 1
    o["defense"] = "out" if declarer_out else ("both", "alone", "none")[dropped]
    if declarer_out or dropped == 2:
        o["kind"] = "drop"
        o["made"] = not declarer_out  # both defenders out: paid as made; the declarer out: conceded
        o["short"] = None if declarer_out else 0
        return o
    t = int(h.tricks[b])
    o["tricks"] = t
    if h.bid > PREFERENCE:
        from kitapi.rules.preference_illustrated import HIGH_MISERE

        if HIGH_MISERE[h.bid - PREFERENCE - 1]:
            o["made"], o["short"] = t == 0, t
        else:
            o["made"], o["short"] = t == 10, 10 - t
    else:
        o["made"], o["short"] = t >= _POT_MAKE, (_POT_MAKE - t if t < _POT_MAKE else 0)
    return o


def priffe(g, h):
    """A Priffe hand's outcome (see the module)."""
    # what kitapi.rules.priffe's Priffe.score adds up, part by part (docs/rules/priffe.md, "Outcome", "Points")
    from kitapi.rules.priffe import CONTRACTS, FORCED, NOLL

    tricks, book, noll_book, unit, little, big, first, second, first_bonus, second_bonus = _PRIFFE
    c = h.contract
    side = g.side
    o = _blank("play", None if c == FORCED else int(h.declarer))
    o["contract"] = CONTRACTS[c]
    t = int(h.tricks)
    o["tricks"] = t
    ref = int(side[h.dealer] if c == FORCED else side[h.declarer])  # the side the hand's tricks are
    noll = c == NOLL or c == FORCED
    # "take more (or fewer in a Noll) tricks than the other team"
    if noll:
        won = ref if t < noll_book else 1 - ref
    else:
        won = ref if t > book else 1 - ref
    wt = t if won == ref else tricks - t
    slam = 0
    if noll:
        units = noll_book - wt  # "each trick below 7 scores 10 points"
        if g.noll_slams:
            slam = big if wt == 0 else little if wt == 1 else 0
    else:
        units = wt - book  # "10 for every trick over 6"
        slam = big if units == 7 else little if units == 6 else 0
    # "If the declarers lose, the defenders win double"; "In a forced Noll ... no doubling"
    k = 2 if c != FORCED and won != ref else 1
    tp = unit * units * k
    # "Only points for tricks before doubling count towards winning a game"; the second table's penalty trick
    # counts in full (docs/rules/priffe.md)
    below = tp if g.second else unit * units
    points = [int(g.points[0]), int(g.points[1])]
    games = [int(g.games[0]), int(g.games[1])]
    points[won] += tp + slam * k
    honours = None
    if h.honours:
        hs = int(side[h.holder])
        honours = (hs, g.honour_values[h.honours])
        points[hs] += honours[1]
    n = games[won]
    game = g.below[won] + below >= (second if n else first)
    bonus = (second_bonus if n else first_bonus) if game else 0
    if game:
        games[won] = n + 1
        points[won] += bonus
    o["declaring"] = None if c == FORCED else ref
    o["made"] = None if c == FORCED else won == ref
    o["sides"] = [int(x) for x in side]
    o["won"] = won
    o["trick_points"] = tp
    o["below"] = below
    o["slam"] = slam * k
    o["honours"] = honours
    o["bonus"] = bonus
    o["game"] = game
    o["points"] = points
    o["games"] = games
    return o


# a kasa hand is a Prefa hand, or a top-up (its kind, no bidder: kitapi.rules.prefa_kasa)
kasa = prefa


def _fracs(xs):
    """The exact figures of a result (whole numbers, or "N/D") as (numerators, common denominator)."""
    nums = []
    dens = []
    for x in xs:  # an exact figure: a whole number, or "N/D" (kitapi.rules.prefa_kasa's _frac)
        if isinstance(x, str):
            q = x.split("/")
            nums.append(int(q[0]))
            dens.append(int(q[1]))
        else:
            nums.append(int(x))
            dens.append(1)
    den = 1
    for d in dens:
        g, r = den, d
        while r:
            g, r = r, g % r
        den = den * d // g
    return [nums[k] * (den // dens[k]) for k in range(len(nums))], den


def money(res):
    """Who pays whom in money, with a stake: ``(places, wholes, exact, transfers)`` (see the module), or None.
    The box's who owes whom computes the same in its own lines (kitapi.app.systems.preferans.transfers,
    which interns no name for it); tests/core/test_settle.py keeps the two alike."""
    from kitapi.settle import settle, whole

    if "money" not in res:
        return None
    nets, den = _fracs(res["settlement"])
    cash, cden = _fracs(res["money"])
    num, sden = 1, 1
    for k in range(len(nets)):  # the stake: a net's money over the net
        if nets[k]:
            num, sden = cash[k] * den, cden * nets[k]
            if sden < 0:
                num, sden = -num, -sden
            break
    places = 2  # the stake's last decimal, a hundredth at least
    while num * 10**places % sden:
        places += 1
    m = [x * num * 10**places for x in nets]
    d = den * sden
    wholes = whole(m, d)
    exact = True
    for x in m:
        exact = exact and x % d == 0
    return places, wholes, exact, settle(wholes)


def transfers(res):
    """Who pays whom to settle the standings ``res``: ``(wholes, [(payer, payee, amount), ...])`` (see the
    module), or None."""
    from kitapi.settle import settle_whole

    nets = None
    for key in ("chips", "settlement", "net"):  # Prefa's chips, Preferans' net whists, a kasa's net kapikia
        if key in res:
            nets = res[key]
            break
    if nets is None:
        return None
    nums, den = _fracs(nets)
    return settle_whole(nums, den)
