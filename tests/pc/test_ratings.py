"""The ratings (``kitapi ratings``, kitapi_host.archive.ratings; the page ``/ratings``): openskill's Plackett-Luce
model over the archive's finished games in the order they were played, checked against the same model called
here, on the games as the test made them: each game a free-for-all by its net (ties equal), Priffe rubber by
rubber in its partnerships of the moment, a game in play left out; on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from kitapi.game import new_game, result_json
from kitapi.jsonw import header_json
from kitapi.registry import rows
from kitapi_host import cli
from kitapi_host.archive.db import Archive
from kitapi_host.archive.ratings import ratings
from kitapi_host.logs import gen

FAMILY = {r[0]: r[1] for r in rows()}

# (rules, seed, players, started, options, hands): every family; the games of the evening are not archived in the
# order they were played (the archive's order is their start's)
PLAN: list[tuple[str, int, list[str], str, dict[str, Any], int]] = [
    ("prefa", 1, ["Anna", "Babis", "Costas"], "2026-10-01T20:00:00", {"pouch": 10}, 300),
    ("prefa", 2, ["Costas", "Dimitra", "Anna"], "2026-10-02T20:00:00", {"pouch": 10}, 300),
    ("prefa", 3, ["Babis", "Anna", "Dimitra"], "2026-10-03T20:00:00", {"pouch": 10}, 300),
    ("prefa", 4, ["Anna", "Babis", "Costas"], "2026-10-04T20:00:00", {}, 0),  # closed at once: a three-way tie
    ("prefa", 5, ["Dimitra", "Costas", "Babis"], "2026-10-05T20:00:00", {"pouch": 10}, 300),
    ("prefa", 6, ["Anna", "Costas", "Babis"], "2026-10-06T20:00:00", {}, 3),  # in play: not counted
    ("sochi", 1, ["Anna", "Boris", "Vera"], "2026-10-01T21:00:00", {"pool": 10}, 300),
    ("balkan", 1, ["Vera", "Anna", "Boris"], "2026-10-02T21:00:00", {"pool": 10}, 300),
    ("leningrad", 2, ["Boris", "Vera", "Eleni"], "2026-10-03T21:00:00", {"pool": 10}, 300),
    ("prefa_kasa", 1, ["Anna", "Babis", "Costas"], "2026-10-01T22:00:00", {"kasa": 100}, 300),
    ("prefa_kasa", 2, ["Babis", "Costas", "Anna"], "2026-10-02T22:00:00", {"kasa": 100}, 300),
    ("preference_at", 1, ["Anna", "Babis", "Costas"], "2026-10-01T23:00:00", {"chips": 100}, 300),
    ("priffe", 1, ["Ann", "Bob", "Cat", "Dan"], "2026-10-01T19:00:00", {"rubbers": 2}, 300),
    ("priffe", 2, ["Dan", "Ann", "Eve", "Bob"], "2026-10-02T19:00:00", {"rubbers": 3}, 300),
]


def _game(rules: str, seed: int, players: list[str], started: str, options: dict[str, Any], hands: int) -> dict:
    """A generated game with these players and start: its log (JSON Lines; closed with an end record when it
    has no hand) and each hand's result as the core gives it after it (``results[0]``: before any)."""
    hdr, hs = gen.generate(rules, seed, hands, len(players), **options) if hands else (gen.header(rules), [])
    hdr["players"], hdr["started"] = players, started
    g = new_game(hdr)
    lines, results = [header_json(hdr)], [json.loads(result_json(g))]
    for h in hs:
        g.apply(g.parse(h))
        lines.append(g.hand_json(g.hand))
        results.append(json.loads(result_json(g)))
    if not hs:
        lines.append('{"end": true}')
    return {"rules": rules, "players": players, "started": started, "header": hdr, "results": results,
            "log": ("\n".join(lines) + "\n").encode(), "over": bool(results[-1]["over"]) or not hs}  # fmt: skip


def _nets(game: dict) -> list[Fraction]:
    """What the game gave each player: the result's figure of its system (a pot game's stock less the chips each
    brought)."""
    res = game["results"][-1]
    for key in ("settlement", "net", "chips"):
        if key in res:
            return [Fraction(x) for x in res[key]]
    assert res["refills"] == 0  # (each brought the option's chips)
    return [Fraction(s - game["header"]["options"]["chips"]) for s in res["stock"]]


def _matches(game: dict) -> list[tuple[list[list[str]], list[Fraction]]]:
    """The rated matches of a game: ``(teams of names, what each got)``: one free-for-all, or Priffe's rubbers
    (the partners before the hand that ended a rubber, and the individual points it moved)."""
    names = game["players"]
    if FAMILY[game["rules"]] != "priffe":
        return [([[n] for n in names], _nets(game))] if game["over"] else []
    out = []
    rs = game["results"]
    for before, after in zip(rs, rs[1:], strict=False):
        if after["rubbers"] > before["rubbers"]:
            teams = before["partners"]
            out.append(
                (
                    [[names[s] for s in t] for t in teams],
                    [after["individual"][t[0]] - before["individual"][t[0]] for t in teams],
                )
            )
    return out


def expected(games: list[dict], order: str = "started") -> dict[str, dict[str, dict[str, Any]]]:
    """The model called here: family -> name -> {mu, sigma, games}, over the finished games by ``order``."""
    model = PlackettLuce()
    out: dict[str, dict[str, Any]] = {}
    for game in sorted(games, key=lambda g: g[order]):
        if not game["over"]:
            continue
        table = out.setdefault(FAMILY[game["rules"]], {})
        for n in game["players"]:
            table.setdefault(n, {"r": model.rating(), "games": 0})
        for teams, got in _matches(game):
            ranks = [sorted(got, reverse=True).index(x) + 1 for x in got]  # equal: the same place
            new = model.rate([[table[n]["r"] for n in t] for t in teams], ranks=ranks)
            for t, rs in zip(teams, new, strict=True):
                for n, r in zip(t, rs, strict=True):
                    table[n]["r"] = r
        for n in game["players"]:
            table[n]["games"] += 1
    return {f: {n: {"mu": v["r"].mu, "sigma": v["r"].sigma, "games": v["games"]} for n, v in t.items()}
            for f, t in out.items()}  # fmt: skip


def got(archive: Archive, **kw: Any) -> dict[str, dict[str, dict[str, Any]]]:
    return {
        f: {r.player: {"mu": r.mu, "sigma": r.sigma, "games": r.games} for r in rs}
        for f, rs in ratings(archive, **kw).by_family.items()
        if rs
    }


def same(a: dict, b: dict) -> bool:
    if a.keys() != b.keys() or any(a[f].keys() != b[f].keys() for f in a):
        return False
    return all(a[f][n] == pytest.approx(b[f][n], rel=1e-12, abs=1e-12) for f in a for n in a[f])


@pytest.fixture(scope="module")
def games() -> list[dict]:
    out = [_game(*p) for p in PLAN]
    return out


def fill(archive: Archive, games: list[dict]) -> None:
    order = list(range(len(games)))
    random.Random(7).shuffle(order)
    for i in order:
        games[i]["id"] = archive.add_log(games[i]["log"], "cafe", f"g{i}.jsonl").id


def test_the_plan_is_what_the_tests_need(games: list[dict]) -> None:
    """Every family finished; a tie, a game in play, Priffe's partnerships changing between rubbers."""
    assert {FAMILY[g["rules"]] for g in games if g["over"]} == set(FAMILY.values())
    assert [g["over"] for g in games].count(False) == 1
    tie = next(g for g in games if g["over"] and len(set(_nets(g))) == 1 and FAMILY[g["rules"]] == "prefa")
    assert tie["results"][-1]["hands"] == 0
    rubbers = [m for g in games if g["rules"] == "priffe" for m in _matches(g)]
    assert len(rubbers) == 5 and len({json.dumps(sorted(m[0])) for m in rubbers}) > 1


def test_ratings_are_the_model_over_finished_games_in_play_order(archive: Archive, games: list[dict]) -> None:
    """Each family's ratings equal openskill's called here in the order the games were played (not the order
    they were archived, which gives other ratings), ties equal, Priffe in its partnerships; the game in play
    is not counted (and said); best first."""
    fill(archive, games)
    want = expected(games)
    assert same(got(archive), want)
    assert not same(want, expected(games, order="id"))  # (the order matters: the test would see another)
    r = ratings(archive)
    assert r.counted == len(games) - 1 and r.in_play == 1
    assert list(r.by_family) == list(dict.fromkeys(FAMILY.values()))
    for rs in r.by_family.values():
        assert [x.ordinal for x in rs] == sorted((x.ordinal for x in rs), reverse=True)
        for x in rs:
            assert x.ordinal == pytest.approx(x.mu - 3 * x.sigma)
    anna = next(x for x in r.by_family["prefa"] if x.player == "Anna")
    assert anna.games == 4 and len(anna.trend) == 4  # (the in-play game not among them)
    assert anna.trend[-1][1] == pytest.approx(anna.ordinal)


def test_a_game_that_ends_and_a_new_game_are_counted(archive: Archive, games: list[dict]) -> None:
    """The game in play grown to its end (the same game, more hands) and a new game: both in the ratings."""
    fill(archive, games)
    playing = next(i for i, g in enumerate(games) if not g["over"])
    rules, seed, players, started, _, _ = PLAN[playing]
    done = _game(rules, seed, players, started, {}, 400)
    assert done["over"] and done["log"].startswith(games[playing]["log"])
    assert archive.add_log(done["log"], "cafe", f"g{playing}.jsonl").status == "grown"
    extra = _game("sochi", 9, ["Eleni", "Vera", "Anna"], "2026-09-30T12:00:00", {"pool": 10}, 300)
    archive.add_log(extra["log"], "cafe", "extra.jsonl")
    now = [done if i == playing else g for i, g in enumerate(games)] + [extra]
    assert same(got(archive), expected(now))
    r = ratings(archive)
    assert r.in_play == 0 and r.counted == len(now)


def test_rename_changes_the_name_and_merge_joins_the_histories(archive: Archive, games: list[dict]) -> None:
    """A renamed player keeps his rating under his new name; merging two names (never at one table) gives one
    history: the games of both, counted in their order, as if he had always had the one name."""
    fill(archive, games)
    archive.rename_player("Anna", "Anna K.")
    renamed = [{**g, "players": ["Anna K." if n == "Anna" else n for n in g["players"]]} for g in games]
    assert same(got(archive), expected(renamed))
    assert "Anna" not in got(archive)["prefa"]
    # Eleni (Leningrad) and Costas never met: Eleni is Costas
    archive.merge_players("Eleni", "Costas")
    merged = [{**g, "players": ["Costas" if n == "Eleni" else n for n in g["players"]]} for g in renamed]
    want = expected(merged)
    assert same(got(archive), want)
    assert want["preferans"]["Costas"]["games"] == 1 and want["prefa"]["Costas"]["games"] == 4


def test_the_command_json_family_and_refusals(
    tmp_path: Path, db: str, games: list[dict], capsys: pytest.CaptureFixture[str]
) -> None:
    """``kitapi ratings --json``: rating (the ordinal), mu, sigma and the games counted per player, the games
    counted and those in play; ``--family`` one family; an unknown family or a missing archive: one line,
    exit 2, nothing made."""
    with Archive(db if db.startswith("postgresql://") else Path(db)) as a:
        fill(a, games)
    want = expected(games)
    capsys.readouterr()
    assert cli.main(["ratings", "--db", db, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [f["family"] for f in out["families"]] == list(dict.fromkeys(FAMILY.values()))
    assert out["counted"] == len(games) - 1 and out["in_play"] == 1
    for f in out["families"]:
        assert f["systems"] == [r for r, fam in FAMILY.items() if fam == f["family"]]
        for p in f["players"]:
            assert list(p) == ["player", "rating", "mu", "sigma", "games"]
            w = want[f["family"]][p["player"]]
            assert p["mu"] == pytest.approx(w["mu"]) and p["sigma"] == pytest.approx(w["sigma"])
            assert p["rating"] == pytest.approx(w["mu"] - 3 * w["sigma"]) and p["games"] == w["games"]
    assert cli.main(["ratings", "--db", db, "--json", "--family", "priffe"]) == 0
    only = json.loads(capsys.readouterr().out)
    assert [f["family"] for f in only["families"]] == ["priffe"] and only["counted"] == 2 and only["in_play"] == 0
    assert {p["player"] for p in only["families"][0]["players"]} == {"Ann", "Bob", "Cat", "Dan", "Eve"}

    assert cli.main(["ratings", "--db", db]) == 0
    text = capsys.readouterr().out
    assert "Babis" in text and "13 finished games counted; 1 in play not counted." in text

    assert cli.main(["ratings", "--db", db, "--family", "bridge"]) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and cap.err.count("\n") == 1 and "'bridge'" in cap.err and "priffe" in cap.err
    missing = tmp_path / "none" / "archive.sqlite3"
    assert cli.main(["ratings", "--db", str(missing)]) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and cap.err.count("\n") == 1 and not missing.parent.exists()


def test_the_pages_count_carries_on_or_starts_again(
    archive: Archive, games: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``kitapi serve``'s count (``cached``): nothing written, nothing counted; games dated after the last one
    counted are counted on top of it;
    an older game added, a game in play that ends, a merge: counted again from the start; a rename: the same
    count, the new name.  Each time the ratings are the model's over the finished games in play order."""
    from kitapi_host.archive import ratings as module

    starts: list[bool] = []  # each count: from the start (True) or carried on (False)
    count = module._count
    monkeypatch.setattr(module, "_count", lambda a, f, base: starts.append(base is None) or count(a, f, base))
    by_date = sorted(range(len(games)), key=lambda i: games[i]["started"])
    first, later = by_date[:8], by_date[8:]
    here = [games[i] for i in first]
    for i in first:
        archive.add_log(games[i]["log"], "cafe", f"g{i}.jsonl")
    assert same(got(archive, cached=True), expected(here)) and starts == [True]
    assert same(got(archive, cached=True), expected(here)) and starts[0] is True
    if isinstance(archive.path, Path):  # nothing written: no count (PostgreSQL's log moves with any database's)
        assert starts == [True]
    playing = next(i for i in later if not games[i]["over"])
    for i in later:  # tonight's games: on top of the count
        archive.add_log(games[i]["log"], "cafe", f"g{i}.jsonl")
        here.append(games[i])
        assert same(got(archive, cached=True), expected(here)) and starts[-1] is False
    old = _game("prefa", 8, ["Eleni", "Anna", "Babis"], "2026-09-01T12:00:00", {"pouch": 10}, 300)
    archive.add_log(old["log"], "cafe", "old.jsonl")  # an older game: from the start
    here.append(old)
    assert same(got(archive, cached=True), expected(here)) and starts[-1] is True
    late = _game("prefa", 9, ["Costas", "Eleni", "Babis"], "2026-10-07T12:00:00", {"pouch": 10}, 300)
    archive.add_log(late["log"], "cafe", "late.jsonl")  # (after the game in play: on top)
    here.append(late)
    assert same(got(archive, cached=True), expected(here)) and starts[-1] is False
    rules, seed, players, started, _, _ = PLAN[playing]
    done = _game(rules, seed, players, started, {}, 400)  # the game in play ends, dated before the last counted
    archive.add_log(done["log"], "cafe", f"g{playing}.jsonl")
    here = [done if g is games[playing] else g for g in here]
    assert same(got(archive, cached=True), expected(here)) and starts[-1] is True
    archive.rename_player("Babis", "Babis P.")
    here = [{**g, "players": ["Babis P." if n == "Babis" else n for n in g["players"]]} for g in here]
    assert same(got(archive, cached=True), expected(here)) and starts[-1] is False
    archive.merge_players("Vera", "Dimitra")  # (never at one table)
    here = [{**g, "players": ["Dimitra" if n == "Vera" else n for n in g["players"]]} for g in here]
    assert same(got(archive, cached=True), expected(here)) and starts[-1] is True


# --- the page /ratings and the player's page (kitapi serve, through Flask's test client) ----------------------

WORD = {"en": "Ratings", "el": "Βαθμολογία", "ru": "Рейтинг"}


def test_the_ratings_page_and_the_players_in_three_languages(tmp_path: Path, games: list[dict]) -> None:
    """``/ratings``: each family's players best first with the rating (two decimals) and the games counted, the
    note saying what is counted and that the game in play is not, in en, el and ru; a player's page: his rating
    per family, his place and the trend (his rating after each of his games, linked to the game)."""
    from kitapi_host.web.app import LOOPBACK, create_app

    db = tmp_path / "archive.sqlite3"
    with Archive(db) as a:
        fill(a, games)
        rated = ratings(a)
    client = create_app(db, hosts=set(LOOPBACK)).test_client()
    for lang in ("en", "el", "ru"):
        page = client.get(f"/ratings?lang={lang}")
        text = page.get_data(as_text=True)
        assert page.status_code == 200 and f"<h1>{WORD[lang]}</h1>" in text
        assert f'href="/ratings">{WORD[lang]}</a>' in text  # (the menu)
        assert f"{len(games) - 1} " in text and "(1)" in text  # counted; in play
        for f, rs in rated.by_family.items():
            section = text[text.index(f'id="{f}"') :].split("</section>")[0]
            cells = re.findall(
                r'href="/player/([^"]+)".*?<td class="n">(-?[\d.]+)</td><td class="n">(\d+)</td>', section
            )
            assert cells == [(r.player, f"{r.ordinal:.2f}", str(r.games)) for r in rs]
    note = client.get("/ratings?lang=el").get_data(as_text=True)
    assert "βαθμολογία" in note and "μ − 3σ" in note
    assert "рейтинг" in client.get("/ratings?lang=ru").get_data(as_text=True).lower()

    anna = {f: next(r for r in rs if r.player == "Anna") for f, rs in rated.by_family.items() if any(
        r.player == "Anna" for r in rs)}  # fmt: skip
    assert set(anna) == {"prefa", "preferans", "kasa", "pot"}
    text = client.get("/player/Anna?lang=en").get_data(as_text=True)
    block = text[text.index('<section class="ratings">') :].split("</section>")[0]
    for f, r in anna.items():
        row = block[block.index(f'href="/ratings#{f}"') :].split("<h3>")[0]
        place = [x.player for x in rated.by_family[f]].index("Anna") + 1
        assert f"<strong>{r.ordinal:.2f}</strong>" in row and f"Place {place}/{len(rated.by_family[f])}" in row
        assert f"· {r.games} game" in row
        trend = re.findall(r'href="/game/(\d+)">(-?[\d.]+)</a>', row)
        assert trend == [(str(gid), f"{v:.2f}") for gid, v in r.trend] and len(trend) == r.games
    ann = client.get("/player/Ann").get_data(as_text=True)  # (Priffe only)
    ann = ann[ann.index('<section class="ratings">') :].split("</section>")[0]
    assert re.findall(r'href="/ratings#(\w+)"', ann) == ["priffe"]
    with Archive(db) as a:  # a name is text on the page (the name is read anew: a rename is no new count)
        a.rename_player("Costas", '<b onclick="x">C</b>')
    text = client.get("/ratings").get_data(as_text=True)
    assert "<b onclick" not in text and "<bdi>&lt;b onclick=&#34;x&#34;&gt;C&lt;/b&gt;</bdi>" in text


def test_the_ratings_page_of_an_archive_without_finished_games(tmp_path: Path, games: list[dict]) -> None:
    """No finished game: the page says so (and counts the game in play); no archive: the page says that."""
    from kitapi_host.web.app import LOOPBACK, create_app

    db = tmp_path / "archive.sqlite3"
    with Archive(db) as a:
        a.add_log(next(g for g in games if not g["over"])["log"], "cafe", "on.jsonl")
    client = create_app(db, hosts=set(LOOPBACK)).test_client()
    text = client.get("/ratings?lang=en").get_data(as_text=True)
    assert "No finished game to rate yet." in text and "Counted from 0 finished games" in text and "(1)" in text
    assert "<table" not in text.split("<main>")[1]
    gone = create_app(tmp_path / "none.sqlite3", hosts=set(LOOPBACK)).test_client().get("/ratings")
    assert gone.status_code == 503 and not (tmp_path / "none.sqlite3").exists()
