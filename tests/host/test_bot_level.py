"""The table option ``bot_level``: which bot plays a bot seat and a timed-out person's seat."""

from __future__ import annotations

import random

import pytest

from bot.table_core import bot_kind
from bot.tables import TableService
from bot.timers import ManualScheduler
from games.base import OptionError
from games.jintan import JintanOptions
from games.jintan.strong import JintanStrongPlayer as StrongPlayer
from games.mahjong.bots import HeuristicPlayer, RandomPlayer
from games.search import SearchPlayer

USER = 51
CH = 9876
KINDS = ["random", "heuristic", "strong"]


def test_each_level_names_its_bot_kind() -> None:
    assert bot_kind("easy", None, KINDS) == "random"
    assert bot_kind("normal", None, KINDS) == "heuristic"
    assert bot_kind("strong", None, KINDS) == "strong"
    # a bot seat added with the default kind plays at the table's level ...
    assert bot_kind("strong", "heuristic", KINDS) == "strong"
    # ... one given another kind keeps it
    assert bot_kind("strong", "random", KINDS) == "random"
    # a game without a strong bot falls back to its heuristic
    assert bot_kind("strong", None, ["random", "heuristic"]) == "heuristic"


def test_the_option_is_checked_like_any_other() -> None:
    assert JintanOptions().bot_level == "normal"
    assert JintanOptions.from_dict({"bot_level": "strong"}).bot_level == "strong"
    with pytest.raises(OptionError, match="must be one of easy, normal, strong") as err:
        JintanOptions.from_dict({"bot_level": "expert"})
    assert err.value.reason == "not_a_choice"


async def _table(service: TableService, options: dict[str, str]) -> int:
    table = await service.open_table(
        guild_id=1,
        channel_id=CH,
        game="jintan",
        user_id=USER,
        name="me",
        pace="relaxed",
        options={"match": "one_hand", **options},
    )
    await service.add_bot(CH, USER, 2)
    await service.add_bot(CH, USER, 1, kind="random")
    await service.start(CH, USER, seed=3)
    return table.id


@pytest.mark.parametrize(
    ("options", "expected"),
    [({}, HeuristicPlayer), ({"bot_level": "easy"}, RandomPlayer)],
)
async def test_bot_seats_and_the_takeover_play_at_the_table_level(
    service: TableService, options: dict[str, str], expected: type
) -> None:
    table_id = await _table(service, options)
    # seat 0 is the person's (its timeout takeover), 1-2 default bots, 3 a random bot
    assert [type(service.seat_bot(table_id, s)) for s in range(3)] == [expected] * 3
    assert type(service.seat_bot(table_id, 3)) is RandomPlayer


async def test_a_strong_table_plays_its_bots_strong(
    service: TableService, scheduler: ManualScheduler
) -> None:
    table_id = await _table(service, {"bot_level": "strong"})
    table = service.get(table_id)
    assert [type(service.seat_bot(table_id, s)) for s in range(4)] == [
        StrongPlayer,
        StrongPlayer,
        StrongPlayer,
        RandomPlayer,
    ]
    engine = table.engine
    assert engine is not None and engine.options.bot_level == "strong"
    # the person times out: the strong bot's move for that seat is what is played
    await scheduler.run_due()
    seat = next(d.seat for d in engine.pending() if d.required and d.seat is not None)
    assert seat == 0
    expected = StrongPlayer().choose(
        engine, 0, random.Random(f"{engine.seed}:{len(engine.actions)}:0")
    )
    table._bots.clear()
    before = len(engine.actions)
    await scheduler.advance(600)
    assert engine.actions[before] == expected
    assert (0, "strong") in table._bots  # the takeover asked the strong bot


def test_a_search_game_gets_the_search_bot() -> None:
    from games.pajiwo import BOTS

    assert isinstance(BOTS["strong"](), SearchPlayer)
