"""The evening page (``/evening``) and who pays whom on a game's page, on SQLite and on PostgreSQL.

An evening at one venue with two boxes (two tables: ``club-1`` Sochi with a stake, ``club-2`` Prefa and a kasa game
in play), a game at another venue that evening and one at the club the day before.  The page's totals and
settlement are checked against the real ``kitapi show --json`` of each game, summed here; a game page's payments
against the real ``kitapi show``'s lines; in English, Greek and Russian."""

from __future__ import annotations

import json
import re
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from kitapi_host.archive.db import Archive
from kitapi_host.logs import show_exact
from kitapi_host.web.app import LOOPBACK, REFRESH_S, create_app
from testkit import KITAPI
from web_archive import log_bytes

DAY = "2026-11-20"
STAKE = Fraction(1, 10)  # the Sochi games' "stake": "0.10"
ARROW = "\u2192"


def kitapi(*args: str) -> str:
    p = subprocess.run([*KITAPI, *args], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


@pytest.fixture
def evening(db: str) -> tuple[str | Path, dict[str, int]]:
    """The archive ``db`` holding the evening; the ids of its games by a short name."""
    where: str | Path = db if db.startswith("postgresql://") else Path(db)
    ids = {}
    games = [  # (name, rules, seed, hands, box, time, options)
        ("sochi_over", "sochi", 7, 500, "club-1", "19:00", {"stake": "0.10"}),
        ("sochi_on", "sochi", 11, 9, "club-1", "21:30", {"stake": "0.10"}),
        ("prefa_on", "prefa", 7, 12, "club-2", "19:10", {}),
        ("kasa_on", "prefa_kasa", 7, 12, "club-2", "21:00", {}),
        ("elsewhere", "prefa", 8, 12, "harbour", "20:00", {}),
        ("yesterday", "prefa", 9, 12, "club-1", "-19 20:00", {}),
        ("done", "sochi", 7, 500, "club-3", "-18 19:00", {}),
        ("pot", "preference_at", 5, 12, "club-3", "-17 20:00", {}),
        ("priffe", "priffe", 5, 12, "club-3", "-17 21:00", {}),
    ]
    with Archive(where) as a:
        for name, rules, seed, hands, box, at, opts in games:
            day = DAY if not at.startswith("-") else f"2026-11-{at[1:3]}"
            started = f"{day}T{at[-5:]}:00"
            ids[name] = a.add_log(log_bytes(rules, seed, started, hands, **opts), box, f"{name}.jsonl").id
    return where, ids


def shown(db: str | Path, gid: int) -> dict[str, Any]:
    got: dict[str, Any] = json.loads(kitapi("show", "--json", "--db", str(db), str(gid)))
    return got


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def totals_and_pays(html: str) -> list[tuple[dict[str, str], list[tuple[str, str, int, str]]]]:
    """Each system block of the evening page: the totals by player, the transfers (payer, payee, amount, rest)."""
    out = []
    for block in html.split('<div class="evening-system">')[1:]:
        rows = re.findall(r'<bdi>([^<]+)</bdi></a></td><td class="n">\d+</td><td class="n">([^<]+)</td>', block)
        pays = [
            (a, b, int(x), rest)
            for a, b, x, rest in re.findall(
                rf"<li><a[^>]*><bdi>([^<]+)</bdi></a> {ARROW} <a[^>]*><bdi>([^<]+)</bdi></a>: (\d+) ([^<]*)</li>",
                block,
            )
        ]
        out.append((dict(rows), pays))
    return out


def test_the_evening_is_the_sum_of_kitapi_show(evening: tuple[str | Path, dict[str, int]]) -> None:
    db, ids = evening
    client = create_app(db, hosts=set(LOOPBACK)).test_client()
    r = client.get(f"/evening?date={DAY}&venue=club&lang=en")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    page = text(html)
    # both tables, every game of the evening at the venue, none of another venue's or another day's
    assert "Table club-1" in page and "Table club-2" in page
    links = set(re.findall(r'href="/game/(\d+)"', html))
    assert links == {str(ids[k]) for k in ("sochi_over", "sochi_on", "prefa_on", "kasa_on")}
    # the independent sum: each player's figure of each game, as kitapi show --json gives it
    sums: dict[str, dict[str, Fraction]] = {}
    for key in ("sochi_over", "sochi_on", "prefa_on", "kasa_on"):
        res = shown(db, ids[key])["result"]
        if "settlement" in res:
            figs = [Fraction(x) for x in res["settlement"]]
        elif "kasa" in res:  # the kasa shared equally: what each takes home if it stopped now
            figs = [Fraction(x) + Fraction(res["kasa"], len(res["net"])) for x in res["net"]]
        else:
            figs = [Fraction(x) for x in res["chips"]]
        s = sums.setdefault(res["rules"], {})
        for p, x in zip(res["players"], figs, strict=True):
            s[p] = s.get(p, Fraction(0)) + x
    blocks = totals_and_pays(html)
    assert len(blocks) == 3  # Sochi, Prefa, the kasa
    for (rows, pays), rules in zip(blocks, ("sochi", "prefa", "prefa_kasa"), strict=True):
        exact = sums[rules]
        assert rows == {p: show_exact(x) for p, x in exact.items()}, rules  # to the unit (and its 2 decimals)
        # the transfers square the totals: each player's payments sum to his total rounded once (never further
        # than one unit from it), they sum to zero, and there are fewer transfers than players
        paid = dict.fromkeys(exact, 0)
        for a, b, x, rest in pays:
            assert x > 0
            paid[a] -= x
            paid[b] += x
            assert rest in ("whists", "chips", "kapikia"), rest  # (the money apart, below)
        assert sum(paid.values()) == 0
        assert all(abs(paid[p] - exact[p]) < 1 for p in exact), (paid, exact)
        assert 0 < len(pays) < len(exact)
        if all(x.denominator == 1 for x in exact.values()):
            assert paid == exact
    # the money at the games' stake (Sochi): the exact totals x the stake, rounded once to cents (issue 36, item 1)
    sochi = html.split('<div class="evening-system">')[1]
    item = rf"<li><a[^>]*><bdi>([^<]+)</bdi></a> {ARROW} <a[^>]*><bdi>([^<]+)</bdi></a>: (\d+\.\d\d) in money</li>"
    cash = re.findall(item, sochi)
    assert cash, sochi
    paid_money = dict.fromkeys(sums["sochi"], Fraction(0))
    for a, b, m in cash:
        paid_money[a] -= Fraction(m)
        paid_money[b] += Fraction(m)
    assert sum(paid_money.values()) == 0
    assert all(abs(paid_money[p] - x * STAKE) < Fraction(1, 100) for p, x in sums["sochi"].items()), paid_money
    assert "Rounding:" in page  # (Sochi's thirds)
    assert "Kasa" in page


def test_etag_refresh_and_parameters(evening: tuple[str | Path, dict[str, int]]) -> None:
    db, ids = evening
    client = create_app(db, hosts=set(LOOPBACK)).test_client()
    url = f"/evening?date={DAY}&venue=club"
    r = client.get(url)
    tag = r.headers["ETag"]
    assert r.headers["Cache-Control"] == "no-cache"
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    # games in play: the page reloads itself; the CSP has no directive against a meta refresh (navigation)
    assert f'<meta http-equiv="refresh" content="{REFRESH_S}">' in r.get_data(as_text=True)
    # another game synced: another page, another tag
    with Archive(db) as a:
        a.add_log(log_bytes("prefa", 21, f"{DAY}T22:00:00", 12), "club-2", "late.jsonl")
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    # an evening with every game over: no reload
    done = client.get("/evening?date=2026-11-18&venue=club").get_data(as_text=True)
    assert "http-equiv" not in done and "Table club-3" in text(done)
    yesterday = client.get("/evening?date=2026-11-19&venue=club").get_data(as_text=True)
    assert "http-equiv" in yesterday and f"/game/{ids['yesterday']}" in yesterday
    # the default venue: the latest game's of the day (the club's boxes, one venue)
    assert f"/game/{ids['sochi_on']}" in client.get(f"/evening?date={DAY}").get_data(as_text=True)
    # bad date: 400 in the page's language; an unknown venue: an empty evening
    for lang, said in (("en", "not a day"), ("el", "δεν είναι ημερομηνία"), ("ru", "это не дата")):
        bad = client.get(f"/evening?date=2026-02-30&lang={lang}")
        assert bad.status_code == 400 and said in bad.get_data(as_text=True)
    assert client.get("/evening?date=x&date=y").status_code == 400
    empty = client.get(f"/evening?date={DAY}&venue=nowhere&lang=ru")
    assert empty.status_code == 200 and "партий нет" in empty.get_data(as_text=True)
    assert "http-equiv" not in empty.get_data(as_text=True)
    assert "Сегодня" in client.get("/?lang=ru").get_data(as_text=True)


SAID = {  # the payment line's unit (a count of 2 or more, not 1) and the page's words, per language
    "en": {"if_now": "if the game ended now", "kasa": "Kasa", "pot": "Pot", "none": "settle nothing"},
    "el": {"if_now": "αν τελείωνε τώρα η παρτίδα", "kasa": "Κάσα", "pot": "Πότ", "none": "δεν ορίζουν πληρωμές"},
    "ru": {"if_now": "если бы партия закончилась сейчас", "kasa": "Касса", "pot": "Банк", "none": "не предусматривают"},
}


@pytest.mark.parametrize("lang", ["en", "el", "ru"])
def test_a_game_page_says_who_pays_whom(evening: tuple[str | Path, dict[str, int]], lang: str) -> None:
    db, ids = evening
    client = create_app(db, hosts=set(LOOPBACK)).test_client()
    w = SAID[lang]
    for key in ("sochi_over", "prefa_on", "kasa_on", "pot", "priffe"):
        gid = ids[key]
        html = client.get(f"/game/{gid}?lang={lang}").get_data(as_text=True)
        page, flat = text(html), " ".join(re.sub(r"<[^>]+>", "", html).split())
        show = kitapi("show", "--db", str(db), str(gid))
        lines = re.findall(r"^  (\S+) pays (\S+) (\d+) (\w+)()$", show, re.M)
        for a, b, money in re.findall(r"^  (\S+) pays (\S+) (\d+\.\d+)$", show, re.M):  # its money (a stake)
            assert f"{a} {ARROW} {b}: " + {"en": f"{money} in money", "el": f"{money} σε χρήματα",
                                          "ru": f"{money} в деньгах"}[lang] in flat, (a, b, money)  # fmt: skip
        if key in ("pot", "priffe"):
            assert not lines and w["none"] in page
            if key == "pot":
                assert f"{w['pot']} {shown(db, gid)['result']['pot']}" in page
            continue
        assert lines, show
        for a, b, x, _unit, money in lines:  # each of kitapi show's payments, in the page's words
            line = f"{a} {ARROW} {b}: {x} "
            assert line in flat, (line, flat[:800])
            if money:
                assert {"en": f"({money} in money)", "el": f"({money} σε χρήματα)", "ru": f"({money} в деньгах)"}[
                    lang
                ] in page
        on = key != "sochi_over"
        assert (w["if_now"] in page) == on
        if key == "kasa_on":  # the kasa, and each player's net if it stopped now (kitapi show's split)
            res = shown(db, gid)["result"]
            assert not res["over"] and res["kasa"] > 0
            assert f"{w['kasa']} {res['kasa']}" in page
            for x in res["net"]:
                split = Fraction(x) + Fraction(res["kasa"], len(res["net"]))
                assert show_exact(split) in page
        if key == "sochi_over":
            assert {"en": "Rounding:", "el": "Στρογγύλευση:", "ru": "Округление:"}[lang] in page
    # a game in play is marked in the standings (and the note says how they count)
    home = text(client.get(f"/?from=2026-11-01&to=2026-11-30&lang={lang}").get_data(as_text=True))
    assert {"en": "in play: ", "el": "σε εξέλιξη: ", "ru": "идут: "}[lang] in home
    assert {"en": "count as they stand", "el": "μετράνε όπως είναι", "ru": "учитываются как есть"}[lang] in home
    # and on a player's page (his systems, his games), and on the evening's tables
    counted = {"en": "(in play: ", "el": "(σε εξέλιξη: ", "ru": "(идут: "}[lang]
    assert counted in text(client.get(f"/player/Anna?lang={lang}").get_data(as_text=True))
    state = {"en": " in play ", "el": " σε εξέλιξη ", "ru": " идёт "}[lang]
    assert state in text(client.get(f"/evening?date={DAY}&venue=club&lang={lang}").get_data(as_text=True))
