"""The replay viewer's step cache (web/steps.py): a hand is cut into steps once however many
ask for it, concurrent requests share the cut and the drawing, and a hand in play is never
cut or served."""

from __future__ import annotations

import asyncio
import io
import sqlite3
from pathlib import Path

import pytest
from aiohttp import web
from PIL import Image

from tests.web.league import GUILD
from web.data import MatchLine, WebData
from web.pictures import Drawer
from web.steps import Steps


def _ids(db: Path) -> tuple[list[int], int]:
    """The listed server's finished match ids, and the stray match row of the game in play."""
    with sqlite3.connect(db) as conn:
        done = [
            r[0]
            for r in conn.execute(
                "SELECT m.id FROM matches m JOIN games g ON g.id = m.game_id"
                " WHERE m.guild_id = ? AND g.status = 'finished' ORDER BY m.id",
                (GUILD,),
            )
        ]
        stray = conn.execute(
            "SELECT m.id FROM matches m JOIN games g ON g.id = m.game_id WHERE g.status = 'playing'"
        ).fetchone()[0]
    return done, stray


async def test_a_hand_is_cut_once_and_its_steps_drawn_once(league_db: Path) -> None:
    done, _ = _ids(league_db)
    data = await WebData.open(league_db)
    steps = Steps(data, Drawer())
    try:
        first = await data.match(GUILD, done[0])
        second = await data.match(GUILD, done[1])
        assert first is not None and second is not None
        replay = await steps.hand(first, 1)
        assert steps.cuts == 1 and len(replay.steps) > 5
        again = await steps.hand(first, 1)
        assert again is replay and steps.cuts == 1  # the second request does not cut again
        # three readers opening another hand at once share one cut
        three = await asyncio.gather(*(steps.hand(second, 1) for _ in range(3)))
        assert steps.cuts == 2 and three[0] is three[1] is three[2]
        # and one drawing of a step's picture
        pictures = await asyncio.gather(*(steps.picture(first.id, replay, 2) for _ in range(3)))
        assert steps.drawn == 1 and pictures[0] == pictures[1] == pictures[2]
        assert Image.open(io.BytesIO(pictures[0])).format == "PNG"
        assert await steps.picture(first.id, replay, 2) == pictures[0] and steps.drawn == 1
        # the page's drawing ahead: this step's picture and the next ones, in the background
        steps.ahead(first.id, replay, 4)
        for _ in range(600):
            if steps.pictures.get((first.id, 1, 5)) is not None:
                break
            await asyncio.sleep(0.1)
        assert steps.pictures.get((first.id, 1, 4)) is not None
        assert steps.pictures.get((first.id, 1, 5)) is not None
    finally:
        await steps.close()
        await data.close()


async def test_a_hand_in_play_is_never_cut_nor_served(league_db: Path) -> None:
    """The game still in play (with a stray matches row, as a damaged file could have) is no
    match of the pages; asked for its hand directly, the cache refuses it without cutting."""
    _, stray = _ids(league_db)
    data = await WebData.open(league_db)
    steps = Steps(data, Drawer())
    try:
        assert await data.match(GUILD, stray) is None
        with sqlite3.connect(league_db) as conn:
            game_id = conn.execute("SELECT game_id FROM matches WHERE id = ?", (stray,)).fetchone()
        line = MatchLine(stray, int(game_id[0]), GUILD, "pajiwo", False, 0.0, 0.0, 1, {})
        line.hands = [{}]
        with pytest.raises(web.HTTPNotFound):
            await steps.hand(line, 1)
        assert steps.cuts == 0 and steps.kept(stray, 1) is None
    finally:
        await steps.close()
        await data.close()
