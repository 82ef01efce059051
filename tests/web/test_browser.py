"""The web pages in a real browser (Debian's headless chromium driven by Selenium): the
standings and a player page open, a replay steps to its end with the arrow keys, a crawler
follows every link from the front page, and every page kind fits a 400 px phone without
horizontal scrolling. A screenshot of each page kind is kept in ``test-artifacts/web/``."""

from __future__ import annotations

import sqlite3
import urllib.error
import urllib.request
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from tests.web.league import GUILD, PLAYERS


def _shortest_hand(db: Path) -> tuple[int, int]:
    """``(match id, hand)`` of the listed server's finished match with the fewest actions."""
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT m.id, COUNT(*) AS n FROM matches m JOIN games g ON g.id = m.game_id"
            " JOIN actions a ON a.game_id = g.id WHERE m.guild_id = ? AND g.status = 'finished'"
            " AND m.hands_played = 1 GROUP BY m.id ORDER BY n LIMIT 1",
            (GUILD,),
        ).fetchone()
    return int(row[0]), 1


def _phone(browser: Any, width: int | None) -> None:
    if width is None:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    else:
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 860, "deviceScaleFactor": 1, "mobile": True},
        )


def _ready(browser: Any) -> None:
    """Wait until the page and its pictures are loaded."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 60).until(
        lambda b: b.execute_script(
            "return document.readyState === 'complete' &&"
            " Array.from(document.images).every(i => i.complete || i.loading === 'lazy')"
        )
    )


def test_the_standings_and_a_player_page_open(browser: Any, site: str, artifacts: Path) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{site}/")
    browser.find_element(By.LINK_TEXT, "Paiju Club").click()
    _ready(browser)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Paiju Club"
    boards = browser.find_elements(By.CSS_SELECTOR, "table.board")
    assert len(boards) == 5  # one per game played
    first_rows = boards[0].find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [r.find_elements(By.TAG_NAME, "td")[1].text for r in first_rows] == list(
        PLAYERS.values()
    )  # best first: the fixture's ratings fall with the user id
    first_rows[1].find_element(By.TAG_NAME, "a").click()
    _ready(browser)
    assert browser.find_element(By.TAG_NAME, "h1").text == "小明"
    assert "/p/102" in browser.current_url
    history = browser.find_elements(By.CSS_SELECTOR, "table.matches tbody tr")
    assert len(history) == 6  # every listed finished match (the unlisted server's is not here)
    stats = browser.find_elements(By.CSS_SELECTOR, "table.stats tbody tr")
    assert len(stats) == 5


def test_a_season_standings_page_opens(browser: Any, site: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(f"{site}/s/{GUILD}")
    _ready(browser)
    running = browser.find_element(By.CSS_SELECTOR, "table.standings")
    names = [
        r.find_elements(By.TAG_NAME, "td")[1].text
        for r in running.find_elements(By.CSS_SELECTOR, "tbody tr")
    ]
    assert names == list(reversed(PLAYERS.values()))  # the fixture's season ratings rise
    browser.find_element(By.PARTIAL_LINK_TEXT, "Season 2").click()
    _ready(browser)
    assert "Season 2" in browser.find_element(By.TAG_NAME, "h1").text
    assert "running since" in browser.page_source
    browser.find_element(By.PARTIAL_LINK_TEXT, "Pajiwo").click()  # the game's page
    _ready(browser)
    browser.find_element(By.LINK_TEXT, "Season 1").click()
    _ready(browser)
    assert "archived" in browser.page_source
    rows = browser.find_elements(By.CSS_SELECTOR, "table.standings tbody tr")
    assert [r.find_elements(By.TAG_NAME, "td")[3].text for r in rows] == ["6", "4", "2", "0"]


def test_a_replay_steps_to_its_end_with_the_arrow_keys(
    browser: Any, site: str, league_db: Path, artifacts: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    match_id, hand = _shortest_hand(league_db)
    browser.get(f"{site}/s/{GUILD}/m/{match_id}/h/{hand}")
    _ready(browser)
    counter = browser.find_element(By.ID, "counter")
    last = int(counter.get_attribute("data-last"))
    assert int(counter.get_attribute("data-step")) == 0 and last > 5
    for expected in range(1, last + 1):
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        _wait_step(browser, expected)
        picture = browser.find_element(By.ID, "picture")
        assert browser.execute_script("return arguments[0].naturalWidth", picture) > 0
    assert browser.find_elements(By.CSS_SELECTOR, "section.result p.headline")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)  # at the end: stays
    _wait_step(browser, last)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    _wait_step(browser, last - 1)
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    _wait_step(browser, 0)
    browser.find_element(By.ID, "end").click()
    _wait_step(browser, last)


def _wait_step(browser: Any, step: int) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def at(b: Any) -> bool:
        try:
            shown = b.find_element(By.ID, "counter").get_attribute("data-step")
        except Exception:  # the page is being replaced
            return False
        return shown == str(step) and b.execute_script("return document.readyState") == "complete"

    WebDriverWait(browser, 60).until(at)
    _ready(browser)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value and (tag, name) in (("a", "href"), ("img", "src"), ("link", "href")):
                self.links.append(value)
            if value and (tag, name) == ("script", "src"):
                self.links.append(value)


def _fetch(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Content-Type", ""), exc.read()


def test_a_crawler_follows_every_link_from_the_front_page(site: str) -> None:
    """Every link, picture, stylesheet and script reachable from ``/`` (in English; the
    language switch adds each page's Chinese form, followed one level) answers 200, or a 404
    page: never an error or a traceback."""
    origin = urlsplit(site).netloc
    seen: set[str] = set()
    queue = deque([f"{site}/"])
    statuses: dict[int, int] = {}
    while queue:
        url = queue.popleft()
        if url in seen:
            continue
        seen.add(url)
        status, kind, body = _fetch(url)
        statuses[status] = statuses.get(status, 0) + 1
        assert status in (200, 404), (url, status, body[:300])
        assert b"Traceback" not in body, url
        if status == 404:
            assert kind.startswith("text/html") and b"<h1>404</h1>" in body, url
        if not kind.startswith("text/html"):
            continue
        parser = _Links()
        parser.feed(body.decode("utf-8"))
        for link in parser.links:
            target = urljoin(url, link).split("#")[0]
            if urlsplit(target).netloc != origin:
                continue
            # one language switch deep: a Chinese page's own links are the same pages again
            if "lang=" in target and "lang=" in url:
                continue
            if target not in seen:
                queue.append(target)
    assert statuses.get(200, 0) > 100, statuses


PAGE_KINDS = {
    "front": "/",
    "server": f"/s/{GUILD}",
    "board": f"/s/{GUILD}/g/jintan",
    "season": f"/s/{GUILD}/g/pajiwo/season/2",
    "tournament": f"/s/{GUILD}/t/1",
    "player": f"/s/{GUILD}/p/102",
    "match": None,  # filled in with a real match
    "replay": None,
    "replay-zh": None,
    "rules": "/rules/pajiwo",
    "rules-zh": "/rules/jinhua?lang=zh",
    "404": "/nothing/here",
}


BROKEN_WORDS = r"""
const out = [];
const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  for (const m of node.data.matchAll(/(?<![\w.:\/-])[A-Za-z]{2,12}(?![\w.:\/-])/g)) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    const tops = new Set(rects.map(r => Math.round(r.top)));
    if (tops.size > 1) out.push(m[0]);
  }
}
return out;
"""
"""Latin words of at most 12 letters that the page cuts across two lines (not the pieces of a
long identifier or path, which may break where the line ends)."""


def test_every_page_kind_fits_a_phone(
    browser: Any, site: str, league_db: Path, artifacts: Path
) -> None:
    match_id, hand = _shortest_hand(league_db)
    kinds = dict(PAGE_KINDS)
    kinds["match"] = f"/s/{GUILD}/m/{match_id}"
    kinds["replay"] = f"/s/{GUILD}/m/{match_id}/h/{hand}?step=3"
    kinds["replay-zh"] = f"/s/{GUILD}/m/{match_id}/h/{hand}?step=last&lang=zh"
    _phone(browser, 400)
    try:
        wide, broken = {}, {}
        for kind, path in kinds.items():
            browser.get(site + str(path))
            _ready(browser)
            sizes = browser.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth,"
                " document.body.scrollWidth]"
            )
            if max(sizes[0], sizes[2]) > sizes[1]:
                wide[kind] = sizes
            broken[kind] = browser.execute_script(BROKEN_WORDS)
            browser.save_screenshot(str(artifacts / f"{kind}-400px.png"))
        assert wide == {}, f"horizontal scrolling at 400 px: {wide}"
        # a short Latin word (a game's name "Dagun", a player's) is never cut across lines
        # ("Dagu/n": overflow-wrap:anywhere let a table squeeze its column to one letter)
        assert not any(broken.values()), f"words cut across lines at 400 px: {broken}"
    finally:
        _phone(browser, None)
    for kind in ("server", "replay"):
        browser.get(site + str(kinds[kind]))
        _ready(browser)
        browser.save_screenshot(str(artifacts / f"{kind}-desktop.png"))
    assert len(list(artifacts.glob("*-400px.png"))) >= len(kinds)


GLYPHS = r"""
const font = getComputedStyle(document.querySelector("h1")).fontFamily;
const canvas = document.createElement("canvas");
canvas.width = 64; canvas.height = 64;
const ctx = canvas.getContext("2d");
function drawn(text) {
  ctx.clearRect(0, 0, 64, 64);
  ctx.fillStyle = "#000";
  ctx.font = `40px ${font}`;
  ctx.fillText(text, 4, 48);
  return Array.from(ctx.getImageData(0, 0, 64, 64).data).join(",");
}
return [drawn("\u724c"), drawn("\u5c40"), drawn("\ue000")];
"""
"""The page's own font drawing 牌, 局 and a private-use character nobody has a glyph for: a
missing glyph is drawn as the same box whatever the character."""


def test_the_chinese_pages_draw_chinese_glyphs(browser: Any, site: str, cjk_font: str) -> None:
    browser.get(f"{site}/rules/dagun?lang=zh")
    _ready(browser)
    pai, ju, missing = browser.execute_script(GLYPHS)
    assert pai != ju, "牌 and 局 are drawn alike: boxes, no CJK font"
    assert missing not in (pai, ju)
