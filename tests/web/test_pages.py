"""The web pages over HTTP (``python -m bot web`` in a subprocess): every page kind answers,
only listed servers and finished matches are shown, bad URLs are a 404 page (never a
traceback), the language follows ``?lang=`` or ``Accept-Language``, and a replay step's
picture is served once (ETag, kept privately an hour, 304 on revalidation)."""

from __future__ import annotations

import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.web.league import GUILD, HIDDEN


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def matches(db: Path, guild: int) -> list[tuple[int, str, int]]:
    """``(match id, game, hands)`` of a server's matches."""
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT id, game, hands_played FROM matches WHERE guild_id = ? ORDER BY id", (guild,)
        ).fetchall()


def test_every_page_kind_answers(site: str, league_db: Path) -> None:
    match_id, game, _ = matches(league_db, GUILD)[0]
    for path in (
        "/",
        f"/s/{GUILD}",
        f"/s/{GUILD}/g/{game}",
        f"/s/{GUILD}/p/101",
        f"/s/{GUILD}/m/{match_id}",
        f"/s/{GUILD}/m/{match_id}/h/1",
        f"/s/{GUILD}/m/{match_id}/h/1?step=last",
        "/rules",
        "/rules/pajiwo",
        "/rules/img/pajiwo-follow.png",
        "/static/style.css",
        "/static/replay.js",
    ):
        status, headers, body = get(site + path)
        assert status == 200, (path, body[:300])
        if path.startswith("/s/") or path in ("/", "/rules"):
            assert headers["Content-Type"].startswith("text/html"), path


def test_only_listed_servers_are_shown(site: str, league_db: Path) -> None:
    _, _, front = get(site + "/")
    assert b"Paiju Club" in front and b"Hidden" not in front
    assert f"/s/{GUILD}".encode() in front
    hidden_match = matches(league_db, HIDDEN)[0][0]
    for path in (
        f"/s/{HIDDEN}",
        f"/s/{HIDDEN}/m/{hidden_match}",
        f"/s/{HIDDEN}/m/{hidden_match}/h/1",
        f"/s/{GUILD}/m/{hidden_match}",  # another server's match under a listed one
        f"/s/{HIDDEN}/p/101",
    ):
        assert get(site + path)[0] == 404, path


def test_a_game_still_in_play_is_never_shown(site: str, league_db: Path) -> None:
    """The playing game (a table and game whose status is 'playing', with a stray matches row
    as a damaged file could have) has no replay: the record of an unfinished game is refused."""
    with sqlite3.connect(league_db) as conn:
        stray = conn.execute(
            "SELECT m.id FROM matches m JOIN games g ON g.id = m.game_id WHERE g.status = 'playing'"
        ).fetchone()[0]
    assert get(f"{site}/s/{GUILD}/m/{stray}/h/1")[0] == 404
    assert get(f"{site}/s/{GUILD}/m/{stray}/h/1/0.png")[0] == 404
    # nor its match page (it answered 200, empty), nor a line in the lists that link it
    assert get(f"{site}/s/{GUILD}/m/{stray}")[0] == 404
    link = f"/s/{GUILD}/m/{stray}".encode()
    for path in (f"/s/{GUILD}", f"/s/{GUILD}/g/pajiwo", f"/s/{GUILD}/p/101"):
        status, _, body = get(site + path)
        assert status == 200 and link + b'"' not in body and link + b"/" not in body, path


@pytest.mark.parametrize(
    "path",
    [
        "/nothing",
        "/s/abc",
        "/s/-1",
        "/s/99999999999999999999999999",
        "/s/%00",
        f"/s/{GUILD}/m/0",
        f"/s/{GUILD}/m/x1",
        f"/s/{GUILD}/m/1/h/0",
        f"/s/{GUILD}/m/1/h/99",
        f"/s/{GUILD}/m/1/h/1?step=-1",
        f"/s/{GUILD}/m/1/h/1?step=abc",
        f"/s/{GUILD}/m/1/h/1?step=99999",
        f"/s/{GUILD}/m/1/h/1/99999.png",
        f"/s/{GUILD}/m/1/h/1/abc.png",
        f"/s/{GUILD}/g/nosuchgame",
        f"/s/{GUILD}/p/999",
        "/rules/nosuch",
        "/rules/..%2F..%2Fetc%2Fpasswd",
        "/rules/img/..%2Fpajiwo.md",
        "/static/nosuch.css",
        "/static/",
        "/static/%2E%2E/app.py",
        "/static/../web/app.py",
        # digits to str.isdigit() but not ASCII: "¹" is not int()'s, "١" would be another 1
        f"/s/{GUILD}/m/%C2%B9",
        f"/s/{GUILD}/m/%D9%A1",
        f"/s/%D9%A4{GUILD}",
        f"/s/{GUILD}/m/1/h/1?step=%C2%B2",
        f"/s/{GUILD}/m/1/h/1?step=%D9%A1",
        f"/s/{GUILD}/m/1/h/1?step=1%0A",
        f"/s/{GUILD}/m/1/h/%C2%B9",
        f"/s/{GUILD}/m/1/h/%D9%A1",
        f"/s/{GUILD}/m/1/h/1/%C2%B2.png",
        f"/s/{GUILD}/m/1/h/1/%D9%A1.png",
        f"/s/{GUILD}/g/pajiwo/season/%C2%B2",
        f"/s/{GUILD}/g/pajiwo/season/%D9%A2",
        f"/s/{GUILD}/p/%C2%B9%C2%B9",
        f"/s/{GUILD}/t/%C2%B9",
        f"/s/{GUILD}/t/%D9%A1",
        f"/s/{GUILD}/m/{'1' * 20}",
    ],
)
def test_bad_urls_are_a_404_page(site: str, path: str) -> None:
    status, headers, body = get(site + path)
    assert status == 404, (path, body[:300])
    assert b"Traceback" not in body and b'File "' not in body
    assert headers["Content-Type"].startswith("text/html")  # the site's page, /static/ too
    assert b"<h1>404</h1>" in body


def test_the_language_follows_the_query_or_the_browser(site: str, league_db: Path) -> None:
    match_id = matches(league_db, GUILD)[0][0]
    page = f"{site}/s/{GUILD}/m/{match_id}/h/1?step=last"
    english = get(page, **{"Accept-Language": "en-GB,en;q=0.9"})[2].decode()
    chinese = get(page, **{"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"})[2].decode()
    traditional = get(page + "&lang=zh-TW")[2].decode()
    assert "Replay of hand 1" in english and 'lang="en"' in english
    assert "第 1 局回放" in chinese and 'lang="zh-Hans"' in chinese
    assert "第 1 局回放" in traditional and "lang=zh-TW" in traditional  # links keep it
    assert get(page + "&lang=zh")[2].decode().count("lang=zh") > 3


def test_a_step_picture_is_served_once(site: str, league_db: Path) -> None:
    match_id = matches(league_db, GUILD)[0][0]
    url = f"{site}/s/{GUILD}/m/{match_id}/h/1/2.png"
    status, headers, body = get(url)
    assert status == 200 and headers["Content-Type"] == "image/png"
    assert body.startswith(b"\x89PNG")
    cache = headers["Cache-Control"]
    # the browser's own cache only, for an hour: a shared proxy kept a year's "public,
    # immutable" picture after /league web off took the server's pages down
    assert "private" in cache and "public" not in cache and "immutable" not in cache
    assert "max-age=3600" in cache
    tag = headers["ETag"]
    again = get(url, **{"If-None-Match": tag})
    assert again[0] == 304 and again[2] == b"" and again[1]["ETag"] == tag
    assert get(f"{site}/s/{GUILD}/m/{match_id}/h/1/3.png")[1]["ETag"] != tag


def test_a_tournament_page_shows_standings_rounds_tables_and_results(
    site: str, league_db: Path
) -> None:
    with sqlite3.connect(league_db) as conn:
        running, cancelled = (
            r[0] for r in conn.execute("SELECT id FROM tournaments ORDER BY id").fetchall()
        )
        first_match = conn.execute(
            "SELECT id FROM matches WHERE guild_id = ? AND game = 'pajiwo' ORDER BY id", (GUILD,)
        ).fetchone()[0]
    _, _, server = get(f"{site}/s/{GUILD}")
    assert f"/s/{GUILD}/t/{running}".encode() in server
    assert f"/s/{GUILD}/t/{cancelled}".encode() not in server
    status, _, body = get(f"{site}/s/{GUILD}/t/{running}")
    page = body.decode()
    assert status == 200 and "Swiss" in page and "round 2 of 3" in page
    # round 1 finished: the standings from it; 103 did not show and scores zero
    standings = page.split('class="cup-standings"')[1].split("</table>")[0]
    assert standings.index("小明") < standings.index("Alice")  # the winning side first
    assert "Carol" in standings and "Bot 1" in standings
    assert "did not show" in page and "a bot (bye)" not in standings
    # the finished table links its match (and so its replays); the playing one links nothing
    assert page.count(f"/s/{GUILD}/m/") == 1 and f"/s/{GUILD}/m/{first_match}" in page
    assert "Round 2" in page and "playing" in page
    assert get(f"{site}/s/{GUILD}/t/{cancelled}")[0] == 404
    assert get(f"{site}/s/{HIDDEN}/t/{running}")[0] == 404
    assert "第 2 / 3 轮" in get(f"{site}/s/{GUILD}/t/{running}?lang=zh")[2].decode()


def test_the_rules_pages_in_each_language(site: str) -> None:
    english = get(f"{site}/rules/pajiwo?lang=en")[2].decode()
    simplified = get(f"{site}/rules/pajiwo?lang=zh")[2].decode()
    traditional = get(f"{site}/rules/pajiwo?lang=zh-TW")[2].decode()
    assert "rules as Paiju plays them" in english
    assert "规则" in simplified and "規則" in traditional
    # the pictures and the links between the pages point at the site's own addresses
    assert 'src="/rules/img/pajiwo-declarations.png"' in english
    assert 'href="/rules/pajiwo?lang=zh' in english
    assert "<script" not in english.split("<main>")[1].split("</main>")[0]


def test_traditional_chinese_pages_name_the_games_in_traditional_characters(
    site: str, league_db: Path
) -> None:
    """?lang=zh-TW: the game names of titles, breadcrumbs and match tables are converted as the
    catalogue's messages and the rules pages are (打滾子 and 扒雞窩, never 打滚子 beside 打滾)."""
    simplified = ("扒鸡窝", "打滚子", "打滚", "金坛麻将", "金华麻将")
    by_game = {m[1]: m[0] for m in reversed(matches(league_db, GUILD))}
    pages = {
        "server": f"/s/{GUILD}",
        "board": f"/s/{GUILD}/g/dagunzi",
        "match": f"/s/{GUILD}/m/{by_game['dagunzi']}",
        "replay": f"/s/{GUILD}/m/{by_game['pajiwo']}/h/1",
        "player": f"/s/{GUILD}/p/101",
        "rules": "/rules",
        "dagun rules": "/rules/dagun",
    }
    seen = ""
    for what, path in pages.items():
        status, _, body = get(f"{site}{path}?lang=zh-TW")
        page = body.decode()
        assert status == 200, (what, page[:300])
        for name in simplified:
            assert name not in page, (what, name)
        seen += page
    board = get(f"{site}/s/{GUILD}/g/dagunzi?lang=zh-TW")[2].decode()
    assert "<title>打滾子 · " in board and "<h1>打滾子</h1>" in board
    match = get(f"{site}/s/{GUILD}/m/{by_game['dagunzi']}?lang=zh-TW")[2].decode()
    assert "<h1>打滾子</h1>" in match
    assert (
        "<h1>扒雞窩</h1>" in get(f"{site}/s/{GUILD}/m/{by_game['pajiwo']}?lang=zh-TW")[2].decode()
    )
    for name in ("扒雞窩", "打滾子", "打滾", "金壇麻將", "金華麻將"):
        assert name in seen, name
    # simplified and English readers keep theirs
    assert "<h1>打滚子</h1>" in get(f"{site}/s/{GUILD}/g/dagunzi?lang=zh")[2].decode()
    assert "<h1>打滚子 Dagunzi</h1>" in get(f"{site}/s/{GUILD}/g/dagunzi?lang=en")[2].decode()


def test_a_page_has_one_address_and_static_has_no_listing(site: str, league_db: Path) -> None:
    """A number with a leading zero is not a second address of the page (404, as any unknown
    address); ``/static/`` is the site's 404 page, not aiohttp's plain "403: Forbidden"."""
    match_id = matches(league_db, GUILD)[0][0]
    m = f"/s/{GUILD}/m/{match_id}"
    for canonical, loose in (
        (f"/s/{GUILD}", f"/s/0{GUILD}"),
        (m, f"/s/{GUILD}/m/0{match_id}"),
        (f"{m}/h/1", f"{m}/h/01"),
        (f"{m}/h/1?step=3", f"{m}/h/1?step=03"),
        (f"{m}/h/1?step=3", f"{m}/h/1?step=00003"),
        (f"{m}/h/1?step=0", f"{m}/h/1?step=00"),
        (f"{m}/h/1/3.png", f"{m}/h/1/03.png"),
        (f"{m}/h/1/0.png", f"{m}/h/1/00.png"),
        (f"{m}/h/1/3.png", f"{m}/h/01/3.png"),
        (f"/s/{GUILD}/p/101", f"/s/{GUILD}/p/0101"),
    ):
        assert get(site + canonical)[0] == 200, canonical
        status, headers, body = get(site + loose)
        assert status == 404, loose
        assert headers["Content-Type"].startswith("text/html") and b"<h1>404</h1>" in body, loose
    for path in ("/static/", "/static", "/static/fonts/"):
        status, headers, body = get(site + path)
        assert status == 404, path
        assert headers["Content-Type"].startswith("text/html"), path
        assert b"<h1>404</h1>" in body and b"Forbidden" not in body, path
    assert get(site + "/static/style.css")[0] == 200
