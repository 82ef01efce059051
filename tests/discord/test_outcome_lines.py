"""Hand-result, new-level and match-over lines are built from the events' data, in both
languages (issue 4 §3, §5): a real 扒鸡窝 match between heuristic bots, no network."""

from __future__ import annotations

import random

from cogs.present import event_line, match_won_text
from games.base import Action, Event
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.engine import PajiwoGame
from games.pajiwo.options import PajiwoOptions

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _play_match(seed: int) -> tuple[PajiwoGame, list[Event]]:
    game = PajiwoGame(seed, PajiwoOptions(match="one_hand"))
    players = [HeuristicPlayer() for _ in range(4)]
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(3000):
        required = [d for d in game.pending() if d.required]
        if not required:
            break
        d = required[0]
        action = (
            Action(None, d.kinds[0])
            if d.seat is None
            else players[d.seat].choose(game, d.seat, rng)
        )
        events += game.apply(action)
    assert game.is_over
    return game, events


def test_result_lines_are_translated_from_the_event_data() -> None:
    game, events = _play_match(7)
    by_kind = {e.kind: e for e in events}
    hand = by_kind["hand_over"]
    summary = hand.data["summary"]
    assert isinstance(summary, dict)
    points = summary["defenders_points"]
    winners = summary["winner_team"]
    assert isinstance(winners, list)
    team_en = " & ".join(NAMES[s] for s in winners)
    team_zh = "、".join(NAMES[s] for s in winners)

    en = event_line("en", hand, NAMES)
    zh = event_line("zh", hand, NAMES)
    assert en.startswith(f"Hand 1 over: the defenders scored {points} points") and team_en in en
    assert zh.startswith(f"第 1 局结束：抓分方得 {points} 分") and team_zh in zh
    assert str(summary["result"]) in zh  # 大光 / 小光 / 不上台 / 上庄 / 升级 stays Chinese
    assert "defenders" not in zh and "seat" not in zh  # no English left in the Chinese line

    over = by_kind["match_over"]
    match_zh = event_line("zh", over, NAMES)
    assert match_zh.startswith("比赛结束：") and team_zh in match_zh and "win" not in match_zh
    assert team_en in event_line("en", over, NAMES)
    result = game.match_result
    assert result is not None
    assert match_won_text("zh", result.to_json(), NAMES).startswith(f"{team_zh} 获胜")

    if "level_up" in by_kind:
        up = by_kind["level_up"]
        line = event_line("zh", up, NAMES)
        assert line == f"升级：{team_zh} 升 {up.data['up']} 级，打 {up.data['level']}"


def test_a_level_up_line_names_the_team_and_the_new_level() -> None:
    event = Event("level_up", None, {"team": [1, 3], "up": 2, "level": "5"}, "seats 1 & 3 go up 2")
    assert event_line("zh", event, NAMES) == "升级：Bob、Dave 升 2 级，打 5"
    assert event_line("en", event, NAMES) == "New level: Bob & Dave go up 2 to 5"


def test_data_of_another_shape_falls_back_to_the_english_text() -> None:
    event = Event("hand_over", None, {"scores": [1, 2]}, "the hand is over")
    assert event_line("zh", event, NAMES) == "本局结束：the hand is over"
