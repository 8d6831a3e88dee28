"""The web site over the archive (``kitapi serve``): Flask routes, Jinja2 templates (escaping by default).

Pages (each a stable URL; filters and the period in the query string: ``player``, ``system``, ``device``,
``from``, ``to``; the language ``lang``, kept in a cookie):

- ``/``: the latest games and the period's standings per system (this month unless ``from``/``to``);
- ``/game/ID``: the standings, the chart of each player's standing hand by hand, the hand table, the score sheet
  (``/game/ID/sheet``, the HTML of ``kitapi export``) and its downloads (``/game/ID/download/csv|pdf|log``);
- ``/player/NAME``: games by system, the net over time, head-to-head; ``/stats/NAME`` his ``kitapi stats``
  (its tables in the page's language);
- ``/players``: every player; with ``--admin`` the forms that rename and merge (POST, CSRF-protected);
- ``/ratings``: each player's rating per family (``kitapi ratings``; a player's page shows his and its trend);
- ``/tournament/NAME``: a tournament (``kitapi tournament show``): the draw, each round's tables, their games,
  results and points, the standings (``?round=R``: after round R); ``/tournaments`` lists them (so does ``/``);
- ``/evening?date=YYYY-MM-DD&venue=NAME``: one evening at one venue, its games by table, each player's totals
  and one settlement per system (reloading itself while a game is in play; an ETag for a conditional GET).

Safe on a shared network: read-only unless ``admin``; a POST needs the session's CSRF token and an Origin (or
Referer) of this very site, and off the loopback the admin link's cookie (``KITAPI_ADMIN_TOKEN``); only a Host header
naming one of ``hosts`` is served (a DNS rebinding page gets 400); no script at all on a page
(Content-Security-Policy), the sheet in a sandboxed frame.  A PDF is printed one at a time and kept (``_pdf``).
A game is found by its integer id only and a download is made from the archive, never from a path.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import hmac
import re
import secrets
import threading
import traceback
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit

from flask import Flask, Response, abort, current_app, g, redirect, render_template, request, session, url_for
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException

from kitapi.game import RuleError, check_name
from kitapi_host.archive.db import Archive, ArchiveError, NoArchive
from kitapi_host.archive.pg import is_url, shown
from kitapi_host.archive.values import blank
from kitapi_host.logs import show_exact
from kitapi_host.web import data
from kitapi_host.web.chart import chart
from kitapi_host.web.server import LOCAL, host_key
from kitapi_host.web.words import HANDS_N, LANGUAGES, NAMES, choose, contract, games_n, kind, system, words

PRINTERS = 1  # Chromiums printing at once: on a small PC two only slow each other and the pages
PRINT_QUEUE = 2  # PDF requests waiting for one; more get 503 (a waitress thread each: 8, pages keep 5)
PRINT_WAIT_S = 60.0
RETRY_AFTER_S = 5
PDF_CACHE = 32  # PDFs kept (the newest asked), at most PDF_CACHE_BYTES in all
PDF_CACHE_BYTES = 32 * 2**20
COMPRESSED = {"text/html", "text/csv", "application/json", "text/plain"}  # (not a PDF: compressed already)
COMPRESS_MIN = 1000  # bytes: a shorter body gains less than gzip's own header and the time
MAX_ID = 2**63 - 1  # a game id the database can hold; a larger one is no game
MAX_PAGE = 10**6  # the last page number a query may ask (10**6 pages of 20: more games than any archive holds)
TEXT_MAX = 1000  # the longest name, system or device the archive is asked for (a foreign tool's names too)
URL = re.compile(r"\b(?:postgres(?:ql)?|sqlite)://", re.I)  # (a database URL, in a message: never on a page)
QUERY = ("from", "to", "player", "system", "device")  # the filters and the period: what a link keeps
# what a link to the same page keeps besides: the page's own parameters
_KEEP = {"tournament": ("round",), "evening": ("date", "venue"), "players": ("q",)}
NO_SUCH = re.compile(r"no (game|player) (.+) in the archive", re.S)
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
PAGE_CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-src 'self'; form-action 'self';"
    " frame-ancestors 'none'; base-uri 'none'"
)
SHEET_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'"


def create_app(db: Path | str, admin: bool = False, hosts: set[str] | None = None) -> Flask:
    """The site over the archive ``db`` (opened anew for each request, read only unless ``admin``).

    ``hosts``: the Host header names served (any port; lowercase, IPv6 in brackets: ``server.host_key``), and
    the address the client connected to; None for any (the tests' client).  The config's
    ``KITAPI_ADMIN_TOKEN``: with ``admin``, the forms only for a browser that opened ``/?admin=TOKEN``; ``serve``
    sets it once it knows its bind is off the loopback (the server, made with this app, tells)."""
    app = Flask(__name__)
    app.config.update(
        SECRET_KEY=secrets.token_bytes(32),  # a session (the CSRF token) lasts as long as the server
        SESSION_COOKIE_SAMESITE="Strict",
        SESSION_COOKIE_HTTPONLY=True,
        MAX_CONTENT_LENGTH=16 * 1024,  # a form of two names
        KITAPI_DB=db,
        KITAPI_ADMIN=admin,
        KITAPI_HOSTS=hosts,
        KITAPI_ADMIN_TOKEN=None,
        KITAPI_PRINTER=_Printer(),
    )
    app.jinja_env.autoescape = True  # (every template, whatever its name)
    app.jinja_env.filters["exact"] = _exact
    app.jinja_env.filters["day"] = lambda s: (s or "")[:16].replace("T", " ").rstrip("Z")
    app.jinja_env.globals.update(
        here=_here,
        who=_who,
        game_url=_game_url,
        standing_rows=_standing_rows,
        chart=chart,
        sysname=_sysname,
        kind=lambda k: kind(g.lang, k),
        contract=lambda rules, code: contract(g.lang, rules, code),
        LANGUAGES=LANGUAGES,
        NAMES=NAMES,
        games_n=lambda n: games_n(g.lang, n),
        hands_n=lambda n: games_n(g.lang, n, HANDS_N),
        tournament_list=_tournament_list,
    )

    app.after_request(_compress)  # (the first registered runs last: after every other header is set)

    _hooks(app)
    _error_handlers(app)
    _routes(app)
    _evening_routes(app)
    return app


def _hooks(app: Flask) -> None:
    """Before each request: its language, its Host, the admin link and a form's CSRF token; after it: the
    headers; at its end: the archive closed."""

    @app.before_request
    def check() -> Response | None:
        g.lang = _language()
        g.w = words(g.lang)
        allowed = app.config["KITAPI_HOSTS"]
        if allowed is not None and not _host_allowed(allowed):
            abort(400, g.w["bad_host"])  # a page of another site reached us through its own name (DNS rebinding)
        token = app.config["KITAPI_ADMIN_TOKEN"]
        if token and "admin" in request.args and request.method == "GET":
            if not app.config["KITAPI_ADMIN"] or not hmac.compare_digest(token, request.args["admin"]):
                abort(403, g.w["admin_link"])
            session["admin"] = True  # (the session's cookie: HttpOnly, SameSite=Strict) and the link's token
            return redirect(_here(admin=None), 303)  # type: ignore[return-value]  # out of the address bar
        g.admin = app.config["KITAPI_ADMIN"] and (not token or session.get("admin") is True)
        if request.method == "POST":
            _check_post()
        return None

    @app.after_request
    def headers(resp: Response) -> Response:
        resp.headers.setdefault("Content-Security-Policy", PAGE_CSP)
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers["Referrer-Policy"] = "same-origin"
        if request.args.get("lang") in LANGUAGES:
            resp.set_cookie("lang", request.args["lang"], max_age=365 * 86400, samesite="Lax", httponly=True)
        return resp

    @app.teardown_request
    def close(_exc: BaseException | None) -> None:
        archive = g.pop("archive", None)
        if archive is not None:
            archive.close()


def _error_handlers(app: Flask) -> None:
    """An error as a page of the site: in the page's language, never naming the archive's file or connection."""

    @app.errorhandler(HTTPException)
    def error(e: HTTPException) -> tuple[str, int]:
        w = _words()
        key = {404: "not_found", 403: "forbidden", 503: "unavailable"}.get(e.code or 500, "bad_request")
        message = e.description if e.description != type(e).description else w.get(f"http_{e.code}")
        message = message or ""
        if not isinstance(message, Said) and _private(message):  # (naming the archive: the terminal's, not a page's)
            app.logger.error("%s %s: %s", request.method, _shown(request.path, 200), _shown(message, 1000))
            message = w["fault"]
        return render_template("error.html", title=w[key], message=message), e.code or 500

    @app.errorhandler(Exception)
    def broken(e: Exception) -> tuple[str, int]:  # (a damaged row of the archive: that page only, one line)
        app.logger.error("%s %s: %s", request.method, _shown(request.path, 200), _one_line(e))
        w = _words()
        return render_template("error.html", title=w["unavailable"], message=w["broken"]), 500

    @app.errorhandler(ArchiveError)
    def missing(e: ArchiveError) -> tuple[str, int]:
        w, text = _words(), str(e)
        if not NO_SUCH.fullmatch(text) and _private(text):  # its connection, its file: the archive's trouble
            app.logger.error("%s %s: %s", request.method, _shown(request.path, 200), _shown(text, 1000))
            return render_template("error.html", title=w["unavailable"], message=w["fault"]), 503
        return render_template("error.html", title=w["not_found"], message=_no_such(text, w)), 404


def _routes(app: Flask) -> None:
    @app.get("/")
    def home() -> str:
        when, filters = _period(), _filters()
        page = data.home(_archive(), when, filters, _page())
        months = _months(when)
        return render_template("home.html", page=page, filters=filters, months=months)

    @app.get("/standings.csv")
    def standings_csv() -> Response:
        when, filters = _period(), _filters()
        f = filters
        games = _archive().find_games(when.since, when.until, player=f.player, rules=f.rules, device=f.device)
        body = data.standings_csv(data.standings(list(reversed(games))), g.lang, _sysname)
        resp = Response(body, mimetype="text/csv")
        name = f"standings-{when.since}-{when.last.isoformat()}.csv"
        resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return resp

    @app.get("/favicon.ico")
    def favicon() -> Response:  # (what a browser asks for before it reads the page's icon link)
        return redirect(url_for("static", filename="favicon.svg"), 301)  # type: ignore[return-value]

    @app.get("/game/<int:gid>")
    def game(gid: int) -> str:
        page = data.game(_archive(), _id(gid))
        running = page["running"]
        series = [(p, [r[i] for r in running]) for i, p in enumerate(page["players"])]
        return render_template("game.html", page=page, g_=page["game"], series=series)

    @app.get("/game/<int:gid>/sheet")
    def sheet(gid: int) -> Response:
        resp = Response(_export(_id(gid), "html"), mimetype="text/html")
        resp.headers["Content-Security-Policy"] = SHEET_CSP
        return resp

    @app.get("/game/<int:gid>/download/<fmt>")
    def download(gid: int, fmt: str) -> Response:
        gid = _id(gid)
        if fmt == "log":
            body = _archive().log(gid)
            kind = "application/octet-stream"
            name = f"game-{gid}.{'jsonl' if body[:1] == b'{' else 'kitapi'}"
        elif fmt == "pdf":
            return _pdf_response(gid)
        elif fmt == "csv":
            body = _export(gid, fmt)
            kind = "text/csv"  # (Flask adds "; charset=utf-8" to a text/*)
            name = f"game-{gid}.csv"
        else:
            abort(404)
        resp = Response(body, mimetype=kind)
        resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return resp

    _people_routes(app)


def _people_routes(app: Flask) -> None:
    """The players' pages, their statistics, the ratings, the tournaments, and the admin's forms."""

    @app.get("/player/<path:name>")
    def player(name: str) -> str:
        when = _period(open_ended=True) if _arg("from") or _arg("to") else None  # (none: all his games)
        page = data.player(_archive(), _text("player", name), _filters(), when, _page())
        days = [[(d or "")[:10] for d, _ in s["line"]] for s in page["systems"]]  # (the chart's x axis)
        lines = [(s["title"], [v for _, v in s["line"]], d) for s, d in zip(page["systems"], days, strict=True)]
        rated = _his_ratings(page["name"])
        return render_template("player.html", page=page, lines=lines, filters=_filters(), rated=rated)

    @app.get("/stats/<path:name>")
    def stats(name: str) -> str:
        when = _period(open_ended=True) if _arg("from") or _arg("to") else None  # (none: all his games)
        page = data.player_stats(_archive(), _text("player", name), g.lang, when)
        return render_template("stats.html", page=page, when=when)

    @app.get("/ratings")
    def ratings() -> str:
        from kitapi_host.archive.ratings import ratings as rated

        got = rated(_archive(), cached=True)  # (counted once per state of the archive: kitapi_host.archive.ratings)
        return render_template("ratings.html", ratings=got, families=_families())

    @app.get("/tournaments")
    def tournaments() -> str:
        return render_template("tournaments.html", rows=_tournament_list())

    @app.get("/tournament/<path:name>")
    def tournament(name: str) -> str:
        return render_template("tournament.html", t=_tournament(_text("tournament", name)))

    @app.get("/players")
    def players() -> str:
        if g.admin and "csrf" not in session:
            session["csrf"] = secrets.token_urlsafe(32)
        q = _arg("q")
        listed = _archive().player_list()
        found = [p for p in listed if _matches(p[0], q)] if q else listed
        return render_template(
            "players.html", names=[p[0] for p in listed], found=found, q=q or "", done=request.args.get("done") == "1"
        )

    @app.post("/players/rename")
    def rename() -> Response:
        _archive().rename_player(_form("old"), _form("new"))
        return redirect(url_for("players", done=1), 303)  # type: ignore[return-value]

    @app.post("/players/merge")
    def merge() -> Response:
        src, dst = _form("from"), _form("into")
        if src == dst:
            _bad("player", "itself", src)
        _archive().merge_players(src, dst)
        return redirect(url_for("players", done=1), 303)  # type: ignore[return-value]


def _families() -> list[tuple[str, str]]:
    """Each family of kitapi.registry and its systems' names in the page's language, in the registry's order."""
    from kitapi.registry import rows
    from kitapi_host.archive.ratings import families

    return [(f, " / ".join(system(g.lang, r[0], r[3]) for r in rows() if r[1] == f)) for f in families()]


def _his_ratings(name: str) -> list[dict[str, Any]]:
    """Player ``name``'s rating in each family he has one (``/ratings``' count): the family's systems' names,
    his rating, his place of how many, his games counted and his trend (the rating after each of his last
    games, ``(game id, rating)``)."""
    from kitapi_host.archive.ratings import ratings as rated

    got = rated(_archive(), cached=True)
    out = []
    for f, title in _families():
        rs = got.by_family[f]
        for place, r in enumerate(rs, 1):
            if r.player == name:
                out.append({"family": f, "title": title, "rating": r.ordinal, "place": place, "of": len(rs),
                            "games": r.games, "trend": r.trend})  # fmt: skip
    return out


# --- the tournaments (kitapi_host.tournament.store: its report, as kitapi tournament show gives it) ------------


def _tournament_list() -> list[dict[str, Any]]:
    """Every tournament (``store.tournaments``), none in an archive without their tables."""
    from kitapi.registry import rows
    from kitapi_host.tournament import store

    a = _archive()
    titles = {r[0]: r[3] for r in rows()}
    return [t | {"title": titles.get(t["rules"], t["rules"])} for t in store.tournaments(a)]  # (none: no tables)


def _points(x: Fraction) -> str:
    """Points for the eye: whole, or to at most two decimals (5/3 as 1.67, 5/2 as 2.5)."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}".rstrip("0")


def _fig(x: Fraction, figure: Callable[[Fraction], str]) -> dict[str, str]:
    """A figure as shown (``text``) and exactly (``exact``: "5/3", for the cell's title)."""
    return {"text": figure(x), "exact": str(x)}


def _schedule(rep: dict[str, Any]) -> list[dict[str, Any]]:
    """The tournament's rounds as its page shows them, the newest first (the one the players look for)."""
    schedule = []
    for r in reversed(rep["schedule"]):  # (the newest round first: the one the players look for)
        tables = []
        for x in r["tables"]:
            res, pts = x["results"], x["points"]
            tables.append(
                {
                    "table": x["table"],
                    "game": x["game"],
                    "state": x["state"],
                    "mark": x["mark"],
                    "seats": [
                        {
                            "player": p,
                            "number": n,
                            "result": None if res is None else _fig(res[i], _exact),
                            "points": None if pts is None else _fig(pts[i], _points),
                        }
                        for i, (n, p) in enumerate(zip(x["numbers"], x["players"], strict=True))
                    ],
                }
            )
        schedule.append({"round": r["round"], "seated": r["seated"], "complete": r["complete"], "tables": tables})
    return schedule


def _tournament(name: str) -> dict[str, Any]:
    """The tournament page's values: ``store.report``'s (nothing recomputed), its figures as the page shows them.
    404 for a tournament the archive has not; 400 for a ``round`` not seated."""
    from kitapi.registry import rows
    from kitapi_host.tournament import store

    a = _archive()
    w = g.w
    missing = Said(f"{w['tournament']} {_quoted(name)}: {w['not_in_archive']}")
    try:  # (an archive without the tournaments' tables has none: store.get says so)
        store.get(a, name)
    except store.TournamentError:
        abort(404, missing)
    text = _arg("round")
    upto = int(text) if text is not None and text.isascii() and text.isdigit() and len(text) < 10 else None
    try:
        if text is not None and upto is None:
            raise store.TournamentError(text)
        rep = store.report(a, name, upto)
    except store.TournamentError:
        seated = store.report(a, name)["seated"]
        abort(400, Said(f"{w['round']} {_quoted(text or '')}: {w['bad_round'].format(n=seated)}"))
    schedule = _schedule(rep)
    latest = schedule[0] if schedule else None
    finder = []
    if latest is not None:
        finder = sorted(
            ((s["player"], s["number"], x["table"]) for x in latest["tables"] for s in x["seats"]),
            key=lambda f: (f[0].casefold(), f[0]),
        )
    titles = {r[0]: r[3] for r in rows()}
    return {
        "name": rep["name"],
        "system": system(g.lang, rep["rules"], titles.get(rep["rules"], rep["rules"])),
        "points": rep["points"],
        "players": len(rep["draw"]),
        "rounds": rep["rounds"],
        "seated": rep["seated"],
        "complete": rep["complete"],
        "seed": rep["seed"],
        "round": rep["round"],
        "draw": rep["draw"],
        "finder": finder,
        "finder_round": None if latest is None else latest["round"],
        "schedule": schedule,
        "standings": [
            {
                "place": s["place"],
                "player": s["player"],
                "number": s["number"],
                "points": _fig(s["points"], _points),
                "total": _fig(s["total"], _exact),
                "buchholz": _fig(s["buchholz"], _points),
                "won": _fig(s["won"], _points),
                "played": s["played"],
            }
            for s in rep["standings"]
        ],
    }


# --- the request's pieces --------------------------------------------------------------------------------


def _archive() -> Archive:
    if "archive" not in g:
        from flask import current_app

        try:  # (never made here: an archive gone under the server is said, and nothing is written)
            g.archive = Archive(current_app.config["KITAPI_DB"], create=False)
        except NoArchive:
            abort(503, g.w["no_archive"])
    archive: Archive = g.archive
    return archive


def _id(gid: int) -> int:
    if gid > MAX_ID:
        abort(404)
    return gid


class Said(str):
    """A refusal's message made here, quoting the guest's own value (whatever it looks like, it is his)."""


def _words() -> dict[str, str]:
    """The page's words (for an error before ``check`` knew them: the language the request asks for)."""
    if "w" not in g:
        g.lang = _language()
        g.w = words(g.lang)
    w: dict[str, str] = g.w
    return w


def _arg(key: str) -> str | None:
    """The query's ``key``, None if not given (or empty); 400 if given twice with different values."""
    values = request.args.getlist(key)
    if len(set(values)) > 1:
        _bad(key, "twice")
    return _text(key, values[0]) if values and values[0] else None


def _text(key: str, value: str) -> str:
    """``value`` (a name, a system, a device: what the archive is asked for), 400 if no name can be it."""
    if "\0" in value:  # (no database holds it: PostgreSQL refuses it in any text)
        _bad(key, "nul", value)
    if len(value) > TEXT_MAX:
        _bad(key, "too_long", value)
    return value


def _bad(key: str, problem: str, value: str | None = None) -> NoReturn:
    """400, in the page's language: what (``key``: a word of the page, else as the query names it), the value
    given (its start) and what is wrong with it (the word ``problem``)."""
    w = _words()
    what = w.get(key, key) if value is None else f"{w.get(key, key)} {_quoted(value)}"
    abort(400, Said(f"{what}: {w[problem]}"))


def _quoted(text: str) -> str:
    """``text`` (``_shown``) in the page's language's quotation marks."""
    return ("“{}”" if g.lang == "en" else "«{}»").format(_shown(text))


def _language() -> str:
    asked = request.args.get("lang") or request.cookies.get("lang")
    if asked in LANGUAGES:
        return str(asked)
    return choose(request.headers.get("Accept-Language", "")[:500])


def _host_allowed(allowed: set[str]) -> bool:
    """The Host header names one of ``allowed``, or the address the client connected to (an address cannot be
    rebound to another site: a page reached by it is that address's own)."""
    name = host_key(request.host)
    local = request.environ.get(LOCAL)
    return name in allowed or (bool(local) and name == host_key(str(local)))


def _check_post() -> None:
    """A POST only with ``--admin`` (and its link's cookie where there is one), from a page of this site (Origin
    or Referer) with the session's token."""
    if not g.admin:
        if current_app.config["KITAPI_ADMIN"]:
            abort(403, g.w["admin_needed"])
        abort(403, g.w["read_only"])
    origin = request.headers.get("Origin") or request.headers.get("Referer") or ""
    if urlsplit(origin).netloc != request.host:
        abort(403, g.w["other_site"])
    token = session.get("csrf")
    if not token or not hmac.compare_digest(str(token), request.form.get("csrf", "")):
        abort(403, g.w["stale_form"])


def _form(key: str) -> str:
    """The names form's ``key`` (``old``, ``new``, ``from``, ``into``); 400 if empty or no name can be it, or
    (``new``) if it is no name the core takes in a log (the archive's rename would refuse it)."""
    label = "new_name" if key == "new" else "player"
    v = request.form.get(key, "")
    if not v:
        _bad(label, "empty")
    _text(label, v)
    if key == "new":
        try:
            check_name(v)
        except RuleError:
            _bad(label, "bad_name", v)
        if blank(v):
            _bad(label, "bad_name", v)
    return v


def _page() -> int:
    """The query's ``page`` (1 if not given): 400 unless a whole number 1 to ``MAX_PAGE`` in ASCII digits."""
    text = _arg("page")
    if text is None:
        return 1
    if len(text) > 8 or not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_PAGE:
        _bad("page", "bad_page", text)
    return int(text)


def _matches(name: str, q: str) -> bool:
    """The players page's search: ``q`` is in ``name``, literally (``%`` and ``_`` are themselves), whatever the
    case and the composition (both NFC, casefolded: "ΣΩΤΗΡΗΣ" finds "Σωτήρης", in any script)."""
    return unicodedata.normalize("NFC", q).casefold() in unicodedata.normalize("NFC", name).casefold()


def _filters() -> data.Filters:
    return data.Filters(_arg("player"), _arg("system"), _arg("device"))


def _period(open_ended: bool = False) -> data.Period:
    """The query's period (``from``, ``to``: data.period; ``open_ended``: what is missing is the calendar's
    first or last day, not this month's); 400 for a day that is none (0001-01-01 to 9999-12-31 are:
    ``from=0001-01-01&to=9999-12-31`` is all time), or a period that ends before it starts."""
    ends = _arg("from"), _arg("to")
    if open_ended:
        ends = ends[0] or date.min.isoformat(), ends[1] or date.max.isoformat()
    for key, text in zip(("from", "to"), ends, strict=True):
        if text is not None and data.day(text) is None:
            _bad(key, "bad_day", text)
    try:
        return data.period(*ends)
    except ValueError:
        month = data.this_month()
        first, last = ends[0] or month.since, ends[1] or month.last.isoformat()
        abort(400, Said(f"{g.w['period']} {first} – {last}: {g.w['bad_period']}"))


def _months(when: data.Period) -> dict[str, data.Period]:
    """The quick choices of period: this month, last month, this year."""
    now = data.this_month()
    last = data.this_month(now.first - timedelta(days=1))
    today = datetime.now(UTC).date()
    return {
        "this_month": now,
        "last_month": last,
        "this_year": data.Period(today.replace(month=1, day=1), today.replace(month=12, day=31)),
    }


def _export(gid: int, fmt: str) -> bytes:
    from kitapi_host import sheets
    from kitapi_host.logs.read import InputError

    try:  # (its seats named as the page names them: the archive's current names)
        game = sheets.from_archive(_archive(), gid)
    except (InputError, ValueError) as e:  # (its log, damaged: the terminal says how)
        current_app.logger.error("%s %s: %s", request.method, _shown(request.path, 200), _shown(str(e), 1000))
        abort(404, g.w["no_sheet"])
    return sheets.export(game, fmt, g.lang)  # (html or csv: a PDF is printed by _pdf)


def _no_print(e: Exception) -> NoReturn:
    """503 for a PDF that cannot be printed, in the page's words: no browser on this PC, or it failed (what the
    browser said, with its path, goes to the terminal only)."""
    current_app.logger.error("%s %s: %s", request.method, _shown(request.path, 200), _shown(str(e), 1000))
    abort(503, g.w["no_pdf"] if getattr(e, "missing", False) else g.w["pdf_failed"])


def _shown(text: str, limit: int = 40) -> str:
    """``text`` as a message quotes it: its first ``limit`` characters, each control or invisible one as its
    escape (a NUL, a line feed, a bidi override: seen, and one line in the terminal's log)."""
    cut = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text[:limit])
    return cut + "…" if len(text) > limit else cut


def _one_line(e: BaseException) -> str:
    """An exception as one line of the terminal's log: its type, its text and where it was raised."""
    tb = traceback.extract_tb(e.__traceback__)[-1:]
    where = f" ({Path(tb[0].filename).name}:{tb[0].lineno})" if tb else ""
    return _shown(f"{type(e).__name__}: {e}", 1000) + where


def _private(text: str) -> bool:
    """``text`` names the archive (its file, its database's URL): the terminal may show it, never a page (a
    guest on the venue's network learns nothing of the server)."""
    from flask import current_app

    db = current_app.config["KITAPI_DB"]
    names = {str(db), shown(str(db))} if is_url(db) else {str(db)}
    archive = g.get("archive")
    if archive is not None:
        names.add(str(archive.path))
    return bool(URL.search(text)) or any(text.startswith(f"{n}:") or (len(n) > 7 and n in text) for n in names)


def _no_such(text: str, w: dict[str, str]) -> str:
    """The archive's refusal ``text`` for the page: "no game 7 in the archive" or "no player 'X' in the
    archive" in the page's language, any other (a rename's, a merge's) as the archive says it."""
    m = NO_SUCH.fullmatch(text)
    if m is None:
        return _refused(text, w)
    what = m[2]
    if m[1] == "player":
        try:
            what = str(ast.literal_eval(what))  # (the name, from its repr)
        except (ValueError, SyntaxError):
            pass
        what = _quoted(what)
    return f"{w[m[1]]} {what}: {w['not_in_archive']}"


# The archive's other refusals of --admin's forms (archive/players.py: rename_player, merge_players), names as reprs
_REPR = r"('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
_REFUSALS = (
    (re.compile(rf"there is already a player {_REPR}: merge the two instead", re.S), "name_taken"),
    (re.compile(rf"{_REPR} and {_REPR} played in the same game \(([0-9, ]+)\): not merged", re.S), "same_game"),
    (re.compile(rf"{_REPR} and {_REPR} both play in tournament {_REPR}: not merged", re.S), "same_tournament"),
)


def _refused(text: str, w: dict[str, str]) -> str:
    """A rename's or a merge's refusal in the page's language (its names quoted as the page quotes them); any
    other as the archive says it."""
    for pattern, key in _REFUSALS:
        m = pattern.fullmatch(text)
        if m is not None:
            parts = []
            for part in m.groups():
                try:
                    parts.append(_quoted(str(ast.literal_eval(part))) if part[:1] in "'\"" else part)
                except (ValueError, SyntaxError):
                    parts.append(_quoted(part))
            return w[key].format(*parts)
    return text


class _Printer:
    """The PDFs printed (by their sheet's HTML: a rename, a game added again, is another sheet) and the turn
    to print: ``PRINTERS`` at once, ``PRINT_QUEUE`` waiting."""

    def __init__(self) -> None:
        self.cache: OrderedDict[bytes, bytes] = OrderedDict()
        self.lock = threading.Lock()
        self.admit = threading.BoundedSemaphore(PRINTERS + PRINT_QUEUE)
        self.printers = threading.BoundedSemaphore(PRINTERS)

    def cached(self, key: bytes) -> bytes | None:
        with self.lock:
            pdf = self.cache.get(key)
            if pdf is not None:
                self.cache.move_to_end(key)
            return pdf

    def keep(self, key: bytes, pdf: bytes) -> None:
        with self.lock:
            self.cache[key] = pdf
            while len(self.cache) > PDF_CACHE or sum(map(len, self.cache.values())) > PDF_CACHE_BYTES:
                self.cache.popitem(last=False)


def _pdf_response(gid: int) -> Response:
    """The PDF download: 503 with Retry-After when too many wait to print; to a HEAD the headers only (its
    length when printed already)."""
    body = _pdf(gid)
    if body is None:
        busy = render_template("error.html", title=g.w["unavailable"], message=g.w["pdf_busy"])
        return Response(busy, 503, {"Retry-After": str(RETRY_AFTER_S)}, mimetype="text/html")
    resp = Response(body, mimetype="application/pdf")
    resp.headers["Content-Disposition"] = f'attachment; filename="game-{gid}.pdf"'
    if not body:  # (a HEAD, none printed: the length is not known)
        del resp.headers["Content-Length"]
    return resp


def _pdf(gid: int) -> bytes | None:
    """Game ``gid``'s PDF: printed already for this very sheet, else printed now in its turn; b"" for a HEAD
    that finds none printed (HEAD prints nothing), None when too many wait to print."""
    from kitapi_host.sheets.browser import BrowserError, to_pdf

    html = _export(gid, "html")  # (a replay: milliseconds; the sheet holds the game and its names now)
    key = hashlib.sha256(html).digest()
    printer: _Printer = current_app.config["KITAPI_PRINTER"]
    pdf = printer.cached(key)
    if pdf is not None or request.method == "HEAD":
        return pdf or b""
    if not printer.admit.acquire(blocking=False):
        return None
    try:
        if not printer.printers.acquire(timeout=PRINT_WAIT_S):
            return None
        try:
            pdf = printer.cached(key)  # (printed while this one waited)
            if pdf is None:
                pdf = to_pdf(html)
                printer.keep(key, pdf)
            return pdf
        finally:
            printer.printers.release()
    except BrowserError as e:  # none on this PC, or it failed: the page says which
        _no_print(e)
    finally:
        printer.admit.release()


def _compress(resp: Response) -> Response:
    """``resp`` gzipped when the client accepts it (``Accept-Encoding``, q > 0) and it is a page, a CSV or JSON
    of ``COMPRESS_MIN`` bytes or more, with ``Vary: Accept-Encoding`` on every such kind (a cache keeps the two
    apart); a PDF, a log, a static file (streamed from its file) and a short body as they are.  An ETag becomes
    weak (``W/``: the same content, other bytes), so a conditional request matches either encoding."""
    if resp.mimetype not in COMPRESSED or resp.direct_passthrough or resp.is_streamed:
        return resp
    resp.vary.add("Accept-Encoding")
    if "Content-Encoding" in resp.headers or not request.accept_encodings["gzip"]:
        return resp
    body = resp.get_data()
    if len(body) < COMPRESS_MIN:
        return resp
    # (level 5: a 490 KB home page in 2 ms, 38 KB sent; level 6 took 16 ms for 37 KB)
    resp.set_data(gzip.compress(body, compresslevel=5, mtime=0))
    resp.headers["Content-Encoding"] = "gzip"
    tag, weak = resp.get_etag()
    if tag and not weak:
        resp.set_etag(tag, weak=True)
    return resp


def _here(endpoint: str | None = None, **changes: Any) -> str:
    """The URL of this page (or ``endpoint``'s) with the query's ``changes`` (None: dropped): of the query, only
    the site's own parameters (another, ``name`` or ``_external``, would be url_for's own argument)."""
    keep = QUERY + (_KEEP.get(request.endpoint or "", ()) if endpoint is None else ())
    if set(changes) == {"lang"}:  # the same page in another language: the same page of its list too
        keep += ("page",)
    args: dict[str, Any] = {k: v for k, v in request.args.items() if k in keep or (k == "lang" and "lang" in changes)}
    args.update(changes)
    args = {k: v for k, v in args.items() if v not in (None, "")}
    view_args = dict(request.view_args or {}) if endpoint is None else {}
    return url_for(endpoint or request.endpoint or "home", **view_args, **args)


def _who(name: str) -> Markup:
    """A player's name, the link to his page: built once per name and request (a league's month names its
    500 players thousands of times; url_for costs 0.1 ms a call)."""
    links: dict[str, Markup] = g.setdefault("links", {})
    link = links.get(name)
    if link is None:
        link = Markup('<a class="name" href="{}"><bdi>{}</bdi></a>').format(url_for("player", name=name), name)
        links[name] = link
    return link


def _standing_rows(players: list[dict[str, Any]]) -> Markup:
    """The rows of a system's standings (``data.standings``' players), as the template would write them, in one
    pass: a league's month holds 3,500 of them, a Jinja row costs 30 µs."""
    return Markup(
        "".join(
            f'<tr><td>{_who(p["name"])}</td><td class="n">{escape(p["games"])}</td>'
            f'<td class="n">{escape(_exact(p["net"]))}</td></tr>'
            for p in players
        )
    )


def _game_url(gid: int) -> str:
    """The URL of game ``gid``'s page (url_for once per request: a player's page lists hundreds of games)."""
    if "game_url" not in g:
        g.game_url = url_for("game", gid=0)[:-1]  # ("/game/0" without its 0)
    return f"{g.game_url}{int(gid)}"


def _sysname(rules: str, title: str) -> str:
    return system(g.lang, rules, title)


def _exact(x: Any, sign: bool = True) -> str:
    if isinstance(x, int | Fraction) and not isinstance(x, bool):
        return show_exact(Fraction(x), sign)
    return str(x)


# --- who pays whom and the evening ---------------------------------------------------------------------------

REFRESH_S = 60  # the evening page's reload while a game is in play (a meta refresh: no script)


def _evening_routes(app: Flask) -> None:
    app.jinja_env.globals.update(payment=_payment, rounding=_rounding, money=lambda x: show_exact(Fraction(x), False),
                                 cash=_cash)  # fmt: skip

    @app.get("/evening")
    def evening() -> Response:
        text = _arg("date")
        day = None
        if text is not None:
            day = data.day(text)
            if day is None:
                _bad("date", "bad_day", text)
        page = data.evening(_archive(), day, _arg("venue"))
        body = render_template("evening.html", page=page, refresh=REFRESH_S if page["on"] else None)
        resp = Response(body, mimetype="text/html")
        resp.set_etag(hashlib.sha256(body.encode()).hexdigest()[:32])  # (the page as shown: its words, its figures)
        resp.headers["Cache-Control"] = "no-cache"  # (asked again each time: 304 while nothing changed)
        resp.make_conditional(request)  # (304 without the body to a request whose If-None-Match is it)
        return resp


def _payment(payer: str, payee: str, amount: int, unit: str, money: Any = None) -> Markup:
    """A payment as the box and the sheet say it, in the page's language: "Anna → Vera: 82 виста", and its
    money where a stake is set."""
    from kitapi_host.sheets.words import amount_of, language

    with language(g.lang):
        word = amount_of(amount, {"chips_prefa": "chips"}.get(unit, unit)) if g.lang != "en" else g.w[unit]
    line = Markup("{} \u2192 {}: {} {}").format(_who(payer), _who(payee), amount, word)
    if money is not None:
        line += Markup(" ({})").format(g.w["in_money"].format(show_exact(Fraction(money), False)))
    return line


def _cash(payer: str, payee: str, money: str) -> Markup:
    """A payment in money, where a stake is set ("Anna → Vera: 2.67 in money"): the exact nets x the stake,
    rounded once as the box pays them (kitapi_host.logs.table.money_transfers)."""
    return Markup("{} \u2192 {}: {}").format(_who(payer), _who(payee), g.w["in_money"].format(money))


def _rounding() -> str:
    """How the exact nets are rounded to whole payments (kitapi show's note), in the page's language."""
    from kitapi_host.logs.table import ROUNDING_NOTE
    from kitapi_host.sheets.words import language, t

    with language(g.lang):
        return str(g.w["rounding"]) + t(ROUNDING_NOTE)
