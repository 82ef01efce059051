"""A replay shows the kitty (底牌) from the hand's start and names the cards a 扣底 buried: the
hand is over, nothing is secret any more (bot/replay.py). A live view never holds it."""

from __future__ import annotations

import pytest

from bot.replay import record_of, replay_hand
from games.cards import parse_card
from present.message import Reader, render
from tests.replay.helpers import NAMES, play


@pytest.mark.parametrize("key", ["pajiwo", "dagunzi"])
def test_the_replay_shows_the_kitty_and_what_was_buried(key: str) -> None:
    game, _ = play(key, 11)
    rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES)
    replay = replay_hand(rec)
    start = replay.steps[0]
    kitty = list(start.public["replay_kitty"])
    size = 8 if key == "pajiwo" else 6
    assert len(kitty) == size and all(parse_card(c) for c in kitty)
    en = [render(Reader("en", NAMES), m) for m in start.narration]
    zh = [render(Reader("zh", NAMES), m) for m in start.narration]
    shown = " ".join(str(parse_card(c)) for c in kitty)
    assert f"the kitty (底牌): {shown}" in en and f"底牌：{shown}" in zh
    # the 扣底 step names the buried cards, which are then the kitty shown
    bury = next(s for s in replay.steps if any(a.kind == "bury" for a in s.actions))
    action = next(a for a in bury.actions if a.kind == "bury")
    buried = " ".join(str(parse_card(c)) for c in action.data["cards"])
    who = NAMES[action.seat]
    lines = [render(Reader("en", NAMES), m) for m in bury.narration]
    assert f"{who} buried {buried} in the kitty (扣底)" in lines
    lines = [render(Reader("zh", NAMES), m) for m in bury.narration]
    assert f"{who} 扣底：{buried}" in lines
    assert sorted(bury.public["replay_kitty"]) == sorted(action.data["cards"])
    # live: no seat's view, nor the spectators', holds the replay's kitty
    fresh = rec.new_game()
    assert "replay_kitty" not in fresh.view(None)
    assert all(fresh.view(s).get("kitty") is None for s in range(4))
