"""The web application: routes, pages, language, caching headers and the 404 page.

URLs (every id is digits, without leading zeros, one address a page; anything else, an unknown
id, an unlisted server or a directory of ``/static/`` is the 404 page):

* ``/``: the listed servers; ``/rules``, ``/rules/<game>``: the rules pages.
* ``/s/<guild>``: a server's running seasons, leaderboards per game and newest matches;
  ``/s/<guild>/g/<game>``: one game's whole leaderboard and its seasons;
  ``/s/<guild>/g/<game>/season/<n>``: a season's standings (running or archived);
  ``/s/<guild>/p/<user>``: a player's figures and history;
  ``/s/<guild>/t/<tournament>``: a tournament's standings, rounds, tables and results;
  ``/s/<guild>/m/<match>``: a finished match and its hands;
  ``/s/<guild>/m/<match>/h/<hand>?step=<k>``: the replay viewer;
  ``/s/<guild>/m/<match>/h/<hand>/<k>.png``: a step's picture (ETag, kept privately an hour).

The language is ``?lang=`` (``en``, ``zh``, ``zh-TW``, ``zh-HK``), else the browser's
``Accept-Language``; links carry an explicit ``?lang=`` on. A failure inside a handler is
logged and answered with a plain error page, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import jinja2
from aiohttp import web
from markupsafe import Markup

import present.games as presentation
from bot.replay import HandReplay
from games.registry import GAMES
from present.i18n import lang_of, ntr, tr
from present.message import Reader, cards_text, render, tile_text
from web.data import MatchLine, WebData
from web.pictures import Drawer, etag
from web.rules import rules_games, rules_html, rules_picture
from web.steps import HANDS_KEPT, Steps
from web.tournaments import tournament, tournaments

__all__ = ["DATA", "create_app"]

log = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
STATIC_DIR = HERE / "static"
_STATIC_NAME = re.compile(r"(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+\.[a-z0-9]{1,5}")
DATA: web.AppKey[WebData] = web.AppKey("data", WebData)
MAX_ID = 2**63 - 1
# a step's picture: the browser keeps it an hour, then revalidates (its ETag: a 304 without
# drawing); never a shared cache, which would keep serving it after ``/league web off``
PICTURE_CACHE = "private, max-age=3600"
PAGE_CACHE = "public, max-age=30"
DOWN_LOG_EVERY_S = 10.0
"""While the database cannot answer, one log line at most this often (not one a request)."""
LANGS = {"en": "en", "zh": "zh", "zh-cn": "zh", "zh-hans": "zh", "zh-tw": "zh-TW", "zh-hk": "zh-HK"}

_env = jinja2.Environment(
    loader=jinja2.FileSystemLoader(HERE / "templates"),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
)


def choose_lang(request: web.Request) -> tuple[str, bool]:
    """``(lang, explicit)``: ``?lang=`` when it names a language, else ``Accept-Language``."""
    asked = request.query.get("lang", "").strip().lower().replace("_", "-")
    if asked in LANGS:
        return LANGS[asked], True
    header = request.headers.get("Accept-Language", "")
    tags: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if tag and weight > 0:
            tags.append((-weight, i, tag.strip().lower()))
    for _, _, tag in sorted(tags):
        if tag.startswith("zh") or tag.startswith("en"):
            return lang_of(tag), False
    return "en", False


# a number written one way only: "01" or "00003" would be a second address of the same page
_DIGITS = re.compile(r"0|[1-9][0-9]{0,18}")
_STEP = re.compile(r"0|[1-9][0-9]{0,5}")


def _an_id(request: web.Request, name: str) -> int:
    text = request.match_info.get(name, "")
    # ASCII digits only: "¹" is a digit to str.isdigit() but not to int(), and "١" would be
    # another spelling of 1
    if not _DIGITS.fullmatch(text) or int(text) > MAX_ID:
        raise web.HTTPNotFound()
    return int(text)


class Pages:
    """The handlers, over one :class:`WebData`, with the replay and picture caches."""

    def __init__(self, data: WebData, replays: int = HANDS_KEPT) -> None:
        self.data = data
        self.drawer = Drawer()
        self.steps = Steps(data, self.drawer, limit=replays)
        self.clock: Callable[[], float] = time.monotonic
        self._down_said_at: float | None = None  # when "cannot answer" was last logged
        self._down_quiet = 0  # the failures since, not logged

    def database_down(self, path: str, exc: BaseException) -> None:
        """Log that the database cannot answer: one line (the error's class and message, no
        traceback), at most once every :data:`DOWN_LOG_EVERY_S`, saying how many failures
        went unlogged since, so that a PostgreSQL down does not write a traceback a request."""
        now = self.clock()
        if self._down_said_at is not None and now - self._down_said_at < DOWN_LOG_EVERY_S:
            self._down_quiet += 1
            return
        more = f" ({self._down_quiet} more since the last line)" if self._down_quiet else ""
        said = " ".join(str(exc).split())  # one line, whatever the driver's message holds
        error = f"{type(exc).__name__}: {said}" if said else type(exc).__name__
        log.warning(
            "web page %s: the database cannot answer (%s); answering 503%s", path, error, more
        )
        self._down_said_at, self._down_quiet = now, 0

    # ------------------------------------------------------------------ helpers
    def page(
        self, request: web.Request, template: str, status: int = 200, **context: Any
    ) -> web.Response:
        lang, explicit = choose_lang(request)

        def url(path: str, **query: Any) -> str:
            params = {k: v for k, v in query.items() if v is not None}
            if explicit:
                params["lang"] = lang
            return f"{path}?{urlencode(params)}" if params else path

        def t(key: str, /, **params: Any) -> str:
            if isinstance(params.get("n"), int):
                return ntr(lang, f"web.{key}", params.pop("n"), **params)
            return tr(lang, f"web.{key}", **params)

        def switch(to: str) -> str:
            query = dict(request.query)
            query["lang"] = to
            return f"{request.path}?{urlencode(query)}"

        html = _env.get_template(template).render(
            lang=lang,
            html_lang={"en": "en", "zh": "zh-Hans", "zh-TW": "zh-Hant-TW"}.get(lang, "zh-Hant"),
            t=t,
            url=url,
            switch=switch,
            title_of=lambda key: presentation.game_title(key, lang),
            when=_when,
            **context,
        )
        response = web.Response(text=html, content_type="text/html", status=status)
        response.headers["Cache-Control"] = PAGE_CACHE if status == 200 else "no-store"
        response.headers["Vary"] = "Accept-Language"
        return response

    async def _server(self, request: web.Request) -> tuple[int, Any]:
        guild_id = _an_id(request, "guild")
        server = await self.data.server(guild_id)
        if server is None:
            raise web.HTTPNotFound()
        return guild_id, server

    async def _match(self, request: web.Request) -> tuple[Any, MatchLine]:
        guild_id, server = await self._server(request)
        match = await self.data.match(guild_id, _an_id(request, "match"))
        if match is None:
            raise web.HTTPNotFound()
        return server, match

    async def replay(self, match: MatchLine, hand: int) -> HandReplay:
        """The finished hand cut into steps (once: :class:`web.steps.Steps`)."""
        return await self.steps.hand(match, hand)

    # ------------------------------------------------------------------ pages
    async def front(self, request: web.Request) -> web.Response:
        servers = await self.data.servers()
        return self.page(request, "front.html", servers=servers, rules=rules_games())

    async def server(self, request: web.Request) -> web.Response:
        guild_id, server = await self._server(request)
        played = await self.data.games_played(guild_id)
        boards = []
        for key in GAMES:
            lines = await self.data.leaderboard(guild_id, key, limit=10)
            if lines or played.get(key):
                boards.append((key, lines, played.get(key, 0)))
        matches = await self.data.matches(guild_id, limit=20)
        running = [
            (season, await self.data.standings(guild_id, season, limit=10))
            for season in await self.data.seasons(guild_id)
            if season.status == "active"
        ]
        cups = await tournaments(self.data, guild_id)
        return self.page(
            request,
            "server.html",
            server=server,
            boards=boards,
            matches=matches,
            running=running,
            tournaments=cups,
        )

    async def tournament(self, request: web.Request) -> web.Response:
        guild_id, server = await self._server(request)
        found = await tournament(self.data, guild_id, _an_id(request, "tournament"))
        if found is None:
            raise web.HTTPNotFound()
        return self.page(request, "tournament.html", server=server, cup=found)

    async def board(self, request: web.Request) -> web.Response:
        guild_id, server = await self._server(request)
        game = request.match_info["game"]
        if game not in GAMES:
            raise web.HTTPNotFound()
        lines = await self.data.leaderboard(guild_id, game, limit=200)
        matches = await self.data.matches(guild_id, game=game, limit=20)
        seasons = await self.data.seasons(guild_id, game)
        if not lines and not matches and not seasons:
            raise web.HTTPNotFound()
        return self.page(
            request,
            "board.html",
            server=server,
            game=game,
            lines=lines,
            matches=matches,
            seasons=seasons,
        )

    async def season(self, request: web.Request) -> web.Response:
        guild_id, server = await self._server(request)
        game = request.match_info["game"]
        number = _an_id(request, "number")
        season = next(
            (s for s in await self.data.seasons(guild_id, game) if s.number == number), None
        )
        if season is None:
            raise web.HTTPNotFound()
        lines = await self.data.standings(guild_id, season)
        return self.page(request, "season.html", server=server, season=season, lines=lines)

    async def player(self, request: web.Request) -> web.Response:
        guild_id, server = await self._server(request)
        user_id = _an_id(request, "user")
        games = await self.data.player_games(guild_id, user_id)
        if not games:
            raise web.HTTPNotFound()
        name = (await self.data.names(guild_id, [user_id])).get(user_id, str(user_id))
        matches = await self.data.matches(guild_id, user_id=user_id, limit=50)
        return self.page(
            request,
            "player.html",
            server=server,
            user_id=user_id,
            name=name,
            games=games,
            matches=matches,
        )

    async def match(self, request: web.Request) -> web.Response:
        server, match = await self._match(request)
        lang, _ = choose_lang(request)
        reader = Reader(lang, match.names)
        hands = []
        for i, result in enumerate(match.hands, start=1):
            lines = presentation.hand_result(match.game, result, final=i == len(match.hands))
            hands.append((i, render(reader, lines[0]) if lines else result.get("text", "")))
        outcome = [render(reader, m) for m in presentation.match_result(match.game, match.result)]
        return self.page(
            request, "match.html", server=server, match=match, hands=hands, outcome=outcome
        )

    async def replay_page(self, request: web.Request) -> web.Response:
        server, match = await self._match(request)
        hand = _an_id(request, "hand")
        replay = await self.replay(match, hand)
        step_text = request.query.get("step", "0")
        last = len(replay.steps) - 1
        if step_text == "last":
            step = last
        elif _STEP.fullmatch(step_text) and int(step_text) <= last:
            step = int(step_text)
        else:
            raise web.HTTPNotFound()
        lang, _ = choose_lang(request)
        reader = Reader(lang, match.names)
        current = replay.steps[step]
        tiles = presentation.pieces(match.game) == "tile"

        def shown(hand: tuple[str, ...]) -> str:
            if tiles:
                return " ".join(tile_text(reader, p) for p in hand)
            return cards_text(reader, hand)

        lines = [render(reader, m) for m in current.narration]
        if not lines and current.actions:
            who = (
                reader.names[current.seat]
                if current.seat is not None and current.seat < len(reader.names)
                else tr(lang, "web.replay.table")
            )
            lines = [tr(lang, "web.replay.action", who=who, kind=current.actions[-1].kind)]
        base = f"/s/{match.guild_id}/m/{match.id}/h/{hand}"
        self.steps.ahead(match.id, replay, step)
        response = self.page(
            request,
            "replay.html",
            server=server,
            match=match,
            hand=hand,
            step=step,
            last=last,
            base=base,
            lines=lines,
            hands=[
                (match.names[s], shown(tuple(str(p) for p in view.get("hand") or ())))
                for s, view in enumerate(current.views)
            ],
            result=[render(reader, m) for m in replay.screen()] if step == last else [],
            picture=f"{base}/{step}.png",
            next_picture=f"{base}/{step + 1}.png" if step < last else None,
        )
        cut = self.steps.cpu.get((match.id, hand))
        if cut is not None:  # the worker's CPU time for cutting the hand (once)
            response.headers["Server-Timing"] = f"cut;dur={cut:.1f}"
        return response

    async def picture(self, request: web.Request) -> web.StreamResponse:
        _, match = await self._match(request)
        hand = _an_id(request, "hand")
        step = _an_id(request, "step")
        tag = etag(match.id, hand, step)
        headers = {"ETag": tag, "Cache-Control": PICTURE_CACHE}
        if not 1 <= hand <= len(match.hands):
            raise web.HTTPNotFound()
        if tag in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers=headers)
        png = self.steps.pictures.get((match.id, hand, step))
        if png is None:
            replay = await self.replay(match, hand)
            if step >= len(replay.steps):
                raise web.HTTPNotFound()
            png = await self.steps.picture(match.id, replay, step)
        drawn = self.steps.cpu.get((match.id, hand, step))
        if drawn is not None:  # the worker's CPU time for drawing it (once)
            headers["Server-Timing"] = f"draw;dur={drawn:.1f}"
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def close(self) -> None:
        await self.steps.close()

    async def rules_index(self, request: web.Request) -> web.Response:
        return self.page(request, "rules_index.html", rules=rules_games())

    async def rules(self, request: web.Request) -> web.Response:
        lang, _ = choose_lang(request)
        found = rules_html(request.match_info["game"], lang)
        if found is None:
            raise web.HTTPNotFound()
        title, html = found
        return self.page(request, "rules.html", title=title, body=Markup(html))

    async def static(self, request: web.Request) -> web.StreamResponse:
        """A file of ``web/static`` (``style.css``, ``replay.js``); anything else is a 404."""
        name = request.match_info["name"]
        if not _STATIC_NAME.fullmatch(name):
            raise web.HTTPNotFound()
        path = STATIC_DIR / name
        if not path.is_file():
            raise web.HTTPNotFound()
        return web.FileResponse(path)

    async def rules_image(self, request: web.Request) -> web.StreamResponse:
        path = rules_picture(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Cache-Control": "public, max-age=86400"})


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))


@web.middleware
async def _errors(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    pages: Pages = request.app[PAGES]
    start = time.perf_counter()
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        if exc.status not in (404, 405):
            raise
        response = pages.page(request, "404.html", status=404)
    except asyncio.CancelledError:
        raise
    except (OSError, TimeoutError, sqlite3.OperationalError) as exc:
        # the database cannot answer now (PostgreSQL down or restarting, a SQLite file locked
        # or unreadable): a page to try again shortly, not "something went wrong"
        pages.database_down(request.path, exc)
        response = pages.page(request, "unavailable.html", status=503)
        response.headers["Retry-After"] = "30"
    except Exception:
        log.exception("web page %s failed", request.path)
        response = pages.page(request, "error.html", status=500)
    # the time the application took (python -m benchmarks web reads it)
    timing = f"app;dur={(time.perf_counter() - start) * 1000:.2f}"
    own = response.headers.get("Server-Timing")
    response.headers["Server-Timing"] = f"{timing}, {own}" if own else timing
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self';"
        " frame-ancestors 'none'",
    )
    return response


PAGES: web.AppKey[Pages] = web.AppKey("pages", Pages)


def create_app(data: WebData) -> web.Application:
    """The application serving ``data``'s pages (the caller owns ``data``)."""
    app = web.Application(middlewares=[_errors])
    pages = Pages(data)
    app[DATA] = data
    app[PAGES] = pages
    guild = "/s/{guild}"
    match = guild + "/m/{match}"
    app.router.add_get("/", pages.front)
    app.router.add_get(guild, pages.server)
    app.router.add_get(guild + "/g/{game}", pages.board)
    app.router.add_get(guild + "/g/{game}/season/{number}", pages.season)
    app.router.add_get(guild + "/p/{user}", pages.player)
    app.router.add_get(guild + "/t/{tournament}", pages.tournament)
    app.router.add_get(match, pages.match)
    app.router.add_get(match + "/h/{hand}", pages.replay_page)
    app.router.add_get(match + "/h/{hand}/{step}.png", pages.picture)
    app.router.add_get("/rules", pages.rules_index)
    app.router.add_get("/rules/img/{name}", pages.rules_image)
    app.router.add_get("/rules/{game}", pages.rules)
    # the site's own handler, not add_static: a directory (/static/) or a missing file is the
    # site's 404 page, not aiohttp's plain "403: Forbidden" or "404: Not Found"
    app.router.add_get("/static/{name:.*}", pages.static)

    async def warm(app: web.Application) -> None:
        # the drawing worker starts now and warms its sprites (about a second), not at the
        # first picture
        pages.drawer.start()

    async def close(app: web.Application) -> None:
        await pages.close()

    app.on_startup.append(warm)
    app.on_cleanup.append(close)
    return app
