"""The review of a 打滚 硬牌 decision (playing alone or not): the bot's reason from the hand
and a cost in coins, measured in worlds dealt before any card is played (issue 24)."""

from __future__ import annotations

import copy
import random

from bot.review import judge, strong_bot
from games.base import Action
from present.message import Reader, render
from tests.bots.test_hidden import SWAPS, _states
from tests.replay.helpers import NAMES


def _alone() -> list[tuple[object, int]]:
    return [(g, s) for g, s in _states("dagun", seed=5, every=1) if g.view(s)["phase"] == "alone"]


def test_a_hard_play_difference_has_a_reason_and_a_cost() -> None:
    game, seat = _alone()[0]
    bot = strong_bot("dagun")
    wanted = bot.choose(game, seat, random.Random(0))  # type: ignore[arg-type]
    assert wanted.kind == "pass"  # 硬牌 only with a very strong hand
    played = Action(seat, "declare_alone")
    found = judge(bot, game, played, 0, worlds=8, seed=1)  # type: ignore[arg-type]
    assert found is not None and found.reason is not None
    en = render(Reader("en", NAMES, you=seat), found.reason)  # type: ignore[arg-type]
    zh = render(Reader("zh", NAMES, you=seat), found.reason)  # type: ignore[arg-type]
    assert en == (
        "Why: does not play alone: 2 bombs, 2 jokers and 5 aces and twos are not enough for 硬牌"
    ), en
    assert zh.startswith("理由：不硬牌："), zh
    assert found.cost is not None and found.cost.unit == "coins" and found.cost.worlds == 8
    # from the seat's view only: the other hands dealt again give the same reason and cost
    other = copy.deepcopy(game)
    SWAPS["dagun"](other, seat, random.Random(3))
    assert other.snapshot() != game.snapshot()  # type: ignore[attr-defined]
    again = judge(bot, other, played, 0, worlds=8, seed=1)  # type: ignore[arg-type]
    assert again is not None and again.reason == found.reason and again.cost == found.cost
