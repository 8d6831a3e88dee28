"""Property tests (hypothesis) of the scoring core: invariants checked on the real core.

A strategy draws whole valid Prefa games: a header (3 or 4 players, small
pouches so that deficits and game ends happen, any subset of the options) and
hands legal for it, up to the hand that ends the game.  Nothing here scores a
hand itself; the properties hold whatever the scores are:

- the chips sum to zero and the pairwise ledger is antisymmetric and agrees
  with the net chips; no pouch is ever negative; the game is over exactly when
  every pouch is empty;
- a replay is deterministic and equals playing the hands one by one;
- a log split anywhere, replayed up to the split and played on from there,
  gives the same result;
- the device log replays to the same result as the JSON Lines log (or fails on
  the same line), and JSON -> device -> JSON is byte for byte;
- a hand the rules reject leaves the game exactly as it was;
- corrections: replacing a hand by itself changes nothing, deleting a hand is
  the log without it, and any set of corrections is the log of the corrected
  hands.
"""

import copy
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitapi.devlog import RECORD
from kitapi.devlogw import header_bytes, write_record
from kitapi.game import OP_DELETE, OP_END, OP_HAND, OP_REPLACE, Game, RuleError, check_name, new_game, result_json
from kitapi.jsonw import header_json, record_json
from kitapi.replay import replay
from kitapi_host import logs
from kitapi_host.logs import gen
from testkit import fuzz_count

Header = dict[str, Any]
Hand = dict[str, Any]
# A log record: ("hand", hand), ("replace", N, hand), ("delete", N) or ("end",).
Record = tuple[Any, ...]

# KITAPI_PROPERTY_EXAMPLES=2000 pytest tests/core/test_properties.py: a deeper search than make fuzz's 50 (make
# test's: 20).
EXAMPLES = int(os.environ.get("KITAPI_PROPERTY_EXAMPLES", "0")) or fuzz_count(50, 20)
pytestmark = pytest.mark.fuzz
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_HANDS = 40
NAMES = ["Anna", "Babis", "Costas", "Dimitra"]
SUITS = "SCDHN"


def _typed(text: str, what: str | None = None) -> bool:
    """Whether the core takes ``text`` as a name (or as the text of header field ``what``)."""
    try:
        check_name(text, what)
    except RuleError:
        return False
    return True


# --- strategies -------------------------------------------------------------------------------


def _fits(name: str) -> bool:
    """At most 24 UTF-16 code units: a character outside the BMP (an emoji) counts 2, as in the core;
    and typed text (no control character, no lone surrogate: the core refuses them)."""
    return sum(2 if ord(c) > 0xFFFF else 1 for c in name) <= 24 and _typed(name)


@st.composite
def headers(draw: st.DrawFn) -> Header:
    n = draw(st.sampled_from((3, 4)))
    options: dict[str, Any] = {}
    pouch = draw(st.one_of(st.integers(3, 12), st.integers(3, 40), st.none()))
    if pouch is not None:
        options["pouch"] = pouch  # left out: the default, 31
    if draw(st.booleans()):
        options["ten_no_trump"] = draw(st.sampled_from("AB"))
    if draw(st.booleans()):
        options["tens_as_nines"] = True
    if draw(st.booleans()):
        options["four_aces"] = {"mode": draw(st.sampled_from("AB")), "amount": draw(st.integers(1, 50))}
    if draw(st.booleans()):
        options["tentative_bid"] = True
    if draw(st.booleans()):
        options["two_empty_pouches"] = True
    names = draw(
        st.one_of(
            st.just(NAMES[:n]),
            st.lists(st.text(min_size=1, max_size=24).filter(_fits), min_size=n, max_size=n, unique=True),
        )
    )
    hdr: Header = {"kitapi": 1, "rules": "prefa", "players": names}
    if options or draw(st.booleans()):
        hdr["options"] = options
    dealer = draw(st.integers(0, n - 1))
    if dealer or draw(st.booleans()):
        hdr["dealer"] = dealer
    if draw(st.integers(0, 3)) == 0:
        hdr["started"] = "2025-01-31T21:30:00"
        hdr["device"] = draw(st.text(max_size=12).filter(lambda t: _typed(t, "device")))
    return hdr


def seat_count(hdr: Header) -> int:
    return len(hdr["players"])


def option(hdr: Header, name: str) -> Any:
    return hdr.get("options", {}).get(name, False)


def defenders(n: int, dealer: int, bidder: int) -> tuple[int, int]:
    """(D1, D2): the two seats after the bidder in turn order, the 4-player dealer skipped."""
    seats = [(bidder + k) % n for k in range(1, n)]
    d1, d2 = [s for s in seats if not (n == 4 and s == dealer)]
    return d1, d2


# Weights by repetition (hypothesis shrinks towards the first element).
_LEVELS = (6, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10)
_DEFENSES = ("both", "both", "both", "alone", "invite", "none", "none")
_MARGINS = (0, 0, 0, 0, 0, 0, -1, -1, 1, 1, -2, 2, -3, 3, -6)  # bidder's tricks minus the level


@st.composite
def hands_for(draw: st.DrawFn, hdr: Header, dealer: int) -> Hand:
    """One hand legal under ``hdr`` with ``dealer`` dealing (legal in any game state)."""
    n = seat_count(hdr)
    kinds = ["play"] * 8 + ["pass"] + (["throw"] if option(hdr, "tentative_bid") else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "pass":
        return {"dealer": dealer, "pass": True}
    bidder = draw(st.sampled_from([s for s in range(n) if not (n == 4 and s == dealer)]))
    if kind == "throw":
        return {"dealer": dealer, "bidder": bidder, "throw": True}
    level = draw(st.sampled_from(_LEVELS))
    suits = SUITS if level < 10 or option(hdr, "ten_no_trump") else SUITS[:4]
    hand: Hand = {
        "dealer": dealer,
        "bidder": bidder,
        "contract": f"{level}{draw(st.sampled_from(suits))}",
        "defense": draw(st.sampled_from(_DEFENSES)),
    }
    if option(hdr, "four_aces") and draw(st.booleans()):
        hand["aces"] = True
    defense = hand["defense"]
    if defense == "none":
        return hand
    d1, d2 = defenders(n, dealer, bidder)
    if draw(st.integers(0, 5)) == 0:
        tb = draw(st.integers(0, 10))
    else:
        tb = max(0, min(10, level + draw(st.sampled_from(_MARGINS))))
    tricks = [0] * n
    tricks[bidder] = tb
    if defense == "alone":
        active = draw(st.sampled_from((d1, d2)))
        tricks[active] = 10 - tb
        hand["active"] = active
    else:
        t1 = draw(st.integers(0, 10 - tb))
        tricks[d1] = t1
        tricks[d2] = 10 - tb - t1
        if defense == "invite":
            hand["active"] = draw(st.sampled_from((d1, d2)))
    hand["tricks"] = tricks
    return hand


def dealer_of(hdr: Header, hands: list[Hand], rotate: bool, draw: st.DrawFn) -> int:
    """The next hand's dealer: the deal rotates (as the device writes it), or any seat (replay takes it as written)."""
    n = seat_count(hdr)
    if rotate:
        return (hdr.get("dealer", 0) + len(hands)) % n
    return draw(st.integers(0, n - 1))


@st.composite
def games(draw: st.DrawFn, max_hands: int = MAX_HANDS) -> tuple[Header, list[Hand]]:
    """A header and a list of legal hands; no hand after the one that ends the game."""
    hdr = draw(headers())
    rotate = draw(st.integers(0, 4)) > 0
    g = new_game(copy.deepcopy(hdr))
    hands: list[Hand] = []
    count = draw(st.one_of(st.just(max_hands), st.integers(0, max_hands)))  # often: play on to the end
    while len(hands) < count and not g.over:
        h = draw(hands_for(hdr, dealer_of(hdr, hands, rotate, draw)))
        g.play(copy.deepcopy(h))  # the core must accept every hand drawn
        hands.append(h)
    return hdr, hands


# --- writing and replaying logs with the core -------------------------------------------------


def plain(hands: list[Hand]) -> list[Record]:
    return [("hand", h) for h in hands]


def jsonl(hdr: Header, records: list[Record]) -> bytes:
    """The JSON Lines log, written by the core's writer (kitapi.jsonw)."""
    g = new_game(copy.deepcopy(hdr))
    lines = [header_json(g.header)]
    for rec in records:
        if rec[0] == "hand":
            g.parse(copy.deepcopy(rec[1]))
            lines.append(record_json(g, OP_HAND))
        elif rec[0] == "replace":
            g.parse(copy.deepcopy(rec[2]))
            lines.append(record_json(g, OP_REPLACE, rec[1]))
        elif rec[0] == "delete":
            lines.append(record_json(g, OP_DELETE, rec[1]))
        else:
            lines.append(record_json(g, OP_END))
    return ("\n".join(lines) + "\n").encode()


def device(hdr: Header, records: list[Record]) -> bytes:
    """The device log, written by the core's writer (kitapi.devlogw, the game's pack)."""
    g = new_game(copy.deepcopy(hdr))
    out = io.BytesIO()
    out.write(header_bytes(g.header))
    buf = bytearray(RECORD)
    seq = 0
    for rec in records:
        if rec[0] == "hand":
            seq += 1
            write_record(out, buf, OP_HAND, seq & 0xFFFF, g.pack(g.parse(copy.deepcopy(rec[1]))))
        elif rec[0] == "replace":
            write_record(out, buf, OP_REPLACE, rec[1], g.pack(g.parse(copy.deepcopy(rec[2]))))
        elif rec[0] == "delete":
            write_record(out, buf, OP_DELETE, rec[1], 0)
        else:
            write_record(out, buf, OP_END, 0, 0)
    return out.getvalue()


def result(data: bytes) -> str:
    g, r = replay(io.BytesIO(data))
    assert r.damage is None
    return result_json(g)


def outcome(data: bytes) -> tuple[str, Any]:
    """("ok", standings) or ("error", (line, RuleError args)) of replaying ``data``."""
    try:
        return "ok", result(data)
    except RuleError as e:
        return "error", (e.line, e.args)


def played(hdr: Header, hands: list[Hand]) -> Game:
    g = new_game(copy.deepcopy(hdr))
    for h in hands:
        g.play(copy.deepcopy(h))
    return g


State = tuple[list[int], list[int], list[int], int, bool, bool, Any]


def state(g: Game) -> State:
    """Everything a hand may change: pouches, chips, the ledger, the hand count, the end, the last dealer."""
    return (
        list(g.pouch),
        list(g.chips),
        list(g.owed),
        g.hands,
        bool(g.over),
        bool(g.ended),
        getattr(g, "last_dealer", None),
    )


# --- (a), (b): the ledger and the pouches, after every hand ------------------------------------


@SETTINGS
@given(games())
def test_chips_balance_and_pouches_never_negative(game: tuple[Header, list[Hand]]) -> None:
    hdr, hands = game
    g = new_game(copy.deepcopy(hdr))
    n = g.n
    for i, h in enumerate(hands):
        g.play(copy.deepcopy(h))
        chips, pouch, owed = g.chips, g.pouch, g.owed
        assert g.hands == i + 1
        assert sum(chips) == 0, (i, chips)
        for a in range(n):
            assert owed[a * n + a] == 0
            for b in range(n):
                assert owed[a * n + b] == -owed[b * n + a], (i, owed)
            # owed[a * n + b]: what seat b owes seat a, net; a's net chips are all of them
            assert chips[a] == sum(owed[a * n + b] for b in range(n)), (i, chips, owed)
        assert all(p >= 0 for p in pouch), (i, pouch)
        assert g.over == all(p == 0 for p in pouch), (i, pouch, g.over)
        assert g.over == (i == len(hands) - 1 and g.over)  # the strategy stops at the end


# --- (c): replay is deterministic and equals playing hand by hand ------------------------------


@SETTINGS
@given(games())
def test_replay_is_deterministic(game: tuple[Header, list[Hand]]) -> None:
    hdr, hands = game
    data = jsonl(hdr, plain(hands))
    first = result(data)
    assert result(data) == first
    assert result_json(played(hdr, hands)) == first
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.jsonl"
        gen.write_jsonl(path, copy.deepcopy(hdr), copy.deepcopy(hands))
        assert path.read_bytes() == data
        g, _ = logs.replay_file(path)
        assert result_json(g) == first


# --- (d): a log split anywhere --------------------------------------------------------------


@SETTINGS
@given(games(), st.data())
def test_split_log_replays_the_same(game: tuple[Header, list[Hand]], data: st.DataObject) -> None:
    hdr, hands = game
    full = result(jsonl(hdr, plain(hands)))
    dev = device(hdr, plain(hands))
    head = len(dev) - RECORD * len(hands)
    for k in range(len(hands) + 1):
        g, _ = replay(io.BytesIO(jsonl(hdr, plain(hands[:k]))))
        for h in hands[k:]:
            g.play(copy.deepcopy(h))
        assert result_json(g) == full, k
    # and the device log cut after k records, played on from there
    k = data.draw(st.integers(0, len(hands)), label="k")
    g, r = replay(io.BytesIO(dev[: head + RECORD * k]))
    assert r.damage is None
    for h in hands[k:]:
        g.play(copy.deepcopy(h))
    assert result_json(g) == full


# --- (e): the device form -------------------------------------------------------------------


@st.composite
def corrected_logs(draw: st.DrawFn, max_fixes: int = 4) -> tuple[Header, list[Hand], list[Record]]:
    """A game and its log with corrections inserted after the hands they name; maybe an end record.

    A correction replaces hand N by itself or by another hand legal for its
    header and dealer, or deletes it.  The log need not stay valid (a changed
    hand may end the game earlier, or not at all).
    """
    hdr, hands = draw(games())
    records = plain(hands)
    if hands:
        for _ in range(draw(st.integers(0, max_fixes))):
            target = draw(st.integers(1, len(hands)))
            # insert after hand `target`, or later
            hand_pos = [i for i, r in enumerate(records) if r[0] == "hand"]
            pos = draw(st.integers(hand_pos[target - 1] + 1, len(records)))
            what = draw(st.sampled_from(("same", "other", "delete")))
            old = hands[target - 1]
            if what == "delete":
                rec: Record = ("delete", target)
            elif what == "same":
                rec = ("replace", target, old)
            else:
                rec = ("replace", target, draw(hands_for(hdr, old["dealer"])))
            records.insert(pos, rec)
    if draw(st.integers(0, 3)) == 0:
        records.append(("end",))
    return hdr, hands, records


def corrected_hands(hands: list[Hand], records: list[Record]) -> list[Hand]:
    """The hands a log with corrections scores: the last correction of a hand counts."""
    out: list[Hand | None] = list(hands)
    for rec in records:
        if rec[0] == "replace":
            out[rec[1] - 1] = rec[2]
        elif rec[0] == "delete":
            out[rec[1] - 1] = None
    return [h for h in out if h is not None]


@SETTINGS
@given(corrected_logs())
def test_device_log_replays_like_json(log: tuple[Header, list[Hand], list[Record]]) -> None:
    hdr, _, records = log
    data = jsonl(hdr, records)
    dev = device(hdr, records)
    got = outcome(data)
    assert outcome(dev) == got  # the same standings, or the same error on the same line
    if got[0] != "ok":
        return
    with tempfile.TemporaryDirectory() as tmp:
        src, mid, back = Path(tmp) / "g.jsonl", Path(tmp) / "g.kitapi", Path(tmp) / "back.jsonl"
        src.write_bytes(data)
        assert logs.convert(src, mid) is None
        assert mid.read_bytes() == dev
        assert logs.convert(mid, back) is None
        assert back.read_bytes() == data


# --- (f): a rejected hand changes nothing ----------------------------------------------------


API_ONLY = "(no JSON form) "  # a mutation JSON cannot write: Game.play only


def illegal_variants(hdr: Header, h: Hand) -> list[tuple[str, Any]]:
    """Every illegal mutation of the legal hand ``h`` that applies to it: (what, hand object)."""
    n = seat_count(hdr)
    dealer = h["dealer"]
    out: list[tuple[str, Any]] = [
        ("not an object", [h]),
        ("unknown field", {**h, "comment": "x"}),
        ("dealer out of range", {**h, "dealer": n}),
        ("negative dealer", {**h, "dealer": -1}),
        ("dealer as text", {**h, "dealer": str(dealer)}),
        ("dealer missing", {k: v for k, v in h.items() if k != "dealer"}),
    ]
    if "pass" in h:
        out += [
            ("pass with a bidder", {**h, "bidder": (dealer + 1) % n}),
            ("pass false", {**h, "pass": False}),
        ]
        return out
    bidder = h["bidder"]
    out += [
        ("bidder out of range", {**h, "bidder": n}),
        ("bidder as bool", {**h, "bidder": True}),
        ("bidder missing", {k: v for k, v in h.items() if k != "bidder"}),
    ]
    if n == 4:
        out.append(("dealer bids", {**h, "bidder": dealer}))
    if "throw" in h:
        out += [
            ("throw with a contract", {**h, "contract": "6S"}),
            ("throw 1", {**h, "throw": 1}),
        ]
        return out
    if not option(hdr, "tentative_bid"):
        out.append(("throw without its option", {"dealer": dealer, "bidder": bidder, "throw": True}))
    if not option(hdr, "ten_no_trump"):
        out.append(("10N without its option", {**h, "contract": "10N"}))
    if not option(hdr, "four_aces"):
        out.append(("aces without its option", {**h, "aces": True}))
    out += [("aces not a bool", {**h, "aces": 1})]
    for c in ("5S", "11S", "6X", "6s", "06S", " 6S", "6", "", 6, None):
        out.append((f"unknown contract {c!r}", {**h, "contract": c}))
    for d in ("solo", "Both", "", None, 0):
        out.append((f"unknown defense {d!r}", {**h, "defense": d}))
    out.append(("contract missing", {k: v for k, v in h.items() if k != "contract"}))
    defense = h["defense"]
    d1, d2 = defenders(n, dealer, bidder)
    if defense in ("alone", "invite"):
        out.append(("active is the bidder", {**h, "active": bidder}))
        if n == 4:
            out.append(("active is the dealer", {**h, "active": dealer}))
        out.append(("active missing", {k: v for k, v in h.items() if k != "active"}))
        out.append(("active out of range", {**h, "active": n}))
    else:
        out.append((f"active with {defense}", {**h, "active": d1}))
    if defense == "none":
        out.append(("tricks with none", {**h, "tricks": [10] + [0] * (n - 1)}))
        return out
    t = h["tricks"]
    out.append(("tricks missing", {k: v for k, v in h.items() if k != "tricks"}))
    out.append(("tricks too short", {**h, "tricks": t[:-1]}))
    out.append(("tricks too long", {**h, "tricks": [*t, 0]}))
    out.append((API_ONLY + "tricks not a list", {**h, "tricks": tuple(t)}))
    out.append(("tricks as text", {**h, "tricks": [str(x) for x in t]}))
    players = [bidder, h["active"]] if defense == "alone" else [bidder, d1, d2]
    for s in players:
        if t[s] < 10:
            out.append(("tricks sum to 11", {**h, "tricks": [x + (i == s) for i, x in enumerate(t)]}))
        if t[s] > 0:
            out.append(("tricks sum to 9", {**h, "tricks": [x - (i == s) for i, x in enumerate(t)]}))
            if n == 4:
                moved = [x - (i == s) + (i == dealer) for i, x in enumerate(t)]
                out.append(("the dealer takes a trick", {**h, "tricks": moved}))
            if defense == "alone":
                dropped = d1 + d2 - h["active"]
                moved = [x - (i == s) + (i == dropped) for i, x in enumerate(t)]
                out.append(("the dropped defender takes a trick", {**h, "tricks": moved}))
    out.append(("eleven tricks for one seat", {**h, "tricks": [11] + [0] * (n - 1)}))
    out.append(("negative tricks", {**h, "tricks": [x - (i == bidder) * 11 for i, x in enumerate(t)]}))
    return out


@SETTINGS
@given(games(), st.data())
def test_rejected_hand_changes_nothing(game: tuple[Header, list[Hand]], data: st.DataObject) -> None:
    hdr, hands = game
    full = result_json(played(hdr, hands))
    k = data.draw(st.integers(0, len(hands)), label="k")
    g = played(hdr, hands[:k])
    if k < len(hands):
        base = hands[k]
    else:
        base = data.draw(hands_for(hdr, (hdr.get("dealer", 0) + k) % g.n), label="base")
    variants = illegal_variants(hdr, base)
    if g.over:
        variants.append(("a hand after the game is over", base))
    what, bad = data.draw(st.sampled_from(variants), label="mutation")
    before = state(g)
    try:
        g.play(copy.deepcopy(bad))
    except RuleError as e:
        assert str(e), what  # every error has its text
    else:
        raise AssertionError(f"accepted: {what} {bad!r}")
    assert state(g) == before, what
    # the game goes on as if the bad hand had never been offered
    for h in hands[k:]:
        g.play(copy.deepcopy(h))
    assert result_json(g) == full, what
    if what.startswith(API_ONLY):
        return
    # and a log holding the bad hand is bad input on its line
    text = jsonl(hdr, plain(hands[:k])) + (json.dumps(bad) + "\n").encode()
    try:
        replay(io.BytesIO(text))
    except RuleError as e:
        assert e.line == k + 2, (what, e.line)
    else:
        raise AssertionError(f"replayed: {what} {bad!r}")


# --- (g): corrections ------------------------------------------------------------------------


@SETTINGS
@given(games(), st.data())
def test_replace_by_the_same_hand_changes_nothing(game: tuple[Header, list[Hand]], data: st.DataObject) -> None:
    hdr, hands = game
    if not hands:
        return
    n = data.draw(st.integers(1, len(hands)), label="N")
    records = plain(hands)
    pos = data.draw(st.integers(n, len(records)), label="position")
    records.insert(pos, ("replace", n, hands[n - 1]))
    assert result(jsonl(hdr, records)) == result(jsonl(hdr, plain(hands)))
    assert result(device(hdr, records)) == result(jsonl(hdr, plain(hands)))


@SETTINGS
@given(games(), st.data())
def test_delete_is_the_log_without_the_hand(game: tuple[Header, list[Hand]], data: st.DataObject) -> None:
    hdr, hands = game
    if not hands:
        return
    n = data.draw(st.integers(1, len(hands)), label="N")
    records = plain(hands)
    pos = data.draw(st.integers(n, len(records)), label="position")
    records.insert(pos, ("delete", n))
    shorter = outcome(jsonl(hdr, plain(hands[: n - 1] + hands[n:])))
    got = outcome(jsonl(hdr, records))
    if shorter[0] != "ok":
        # The shorter log is not valid (a later hand follows the end of the game):
        # the log with the deletion must be bad input too.
        assert got[0] == "error", (shorter, got)
        return
    assert got == shorter
    assert outcome(device(hdr, records)) == shorter


@SETTINGS
@given(corrected_logs())
def test_corrections_are_the_log_of_the_corrected_hands(log: tuple[Header, list[Hand], list[Record]]) -> None:
    hdr, hands, records = log
    closed: list[Record] = [("end",)] if ("end",) in records else []  # an end record closes either log
    expect = outcome(jsonl(hdr, plain(corrected_hands(hands, records)) + closed))
    got = outcome(jsonl(hdr, records))
    if expect[0] == "ok":
        assert got == expect
    else:
        assert got[0] == "error", (expect, got)  # lines differ: the corrections are lines too
