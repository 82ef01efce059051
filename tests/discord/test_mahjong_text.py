"""The mahjong lines players read (cogs.mahjong_text) in English and Chinese, from real
hands of 金坛麻将 played by the heuristic bot (one hand per seed), and the privacy rules of
the table message: a claim window reads as a plain last discard, a claim's reminder is not
posted."""

from __future__ import annotations

import random
from typing import Any

from bot.table_model import Seat, Table, TableUpdate
from cogs.mahjong_text import hand_line, private_update, table_lines, tile_text
from cogs.present import event_line as any_event_line
from cogs.present import outcome_line as any_outcome_line
from games.base import Action, Event
from games.jintan import HeuristicPlayer, JintanGame, JintanOptions

NAMES = ["alice", "bob", "carol", "dave"]


def event_line(lang: str, event: Event, names: list[str]) -> str | None:
    return any_event_line(lang, event, names, "jintan")


def outcome_line(lang: str, kind: str, data: Any, names: list[str]) -> str | None:
    return any_outcome_line(lang, kind, data, names, "jintan")


def _hand(seed: int, until: str = "hand_over") -> tuple[JintanGame, list[Event]]:
    """Seed ``seed``'s first hand as the heuristic plays it, stopped at phase ``until``."""
    game = JintanGame(seed, JintanOptions.from_dict({"match": "one_hand"}))
    events: list[Event] = []
    while game.phase in ("discard", "claim") and game.phase != until:
        d = next(d for d in game.pending() if d.required)
        assert d.seat is not None
        events += game.apply(HeuristicPlayer().choose(game, d.seat, random.Random(0)))
    return game, events


def _table(game: JintanGame) -> Table:
    seats = [
        Seat(i, 100 + i if i < 2 else None, NAMES[i], None if i < 2 else "heuristic")
        for i in range(4)
    ]
    return Table(
        1, None, 1, None, "jintan", "playing", 100, seats, {}, "quick", "relaxed", 600, engine=game
    )


def test_tiles_are_named_in_the_readers_language() -> None:
    assert [tile_text("zh", t) for t in ("5p", "1m", "9s", "E", "C", "P", "1f")] == [
        "五筒",
        "一万",
        "九条",
        "东",
        "中",
        "白",
        "春",
    ]
    # as fully as in Chinese: never the bare code (issue 19)
    assert [tile_text("en", t) for t in ("5p", "1m", "9s", "E", "F", "P", "4f", "8f")] == [
        "5 Dots",
        "1 Character",  # one tile, singular (ngettext)
        "9 Bamboo",
        "East",
        "Green Dragon",
        "White Dragon",
        "Winter",
        "Chrysanthemum",
    ]
    assert tile_text("zh-TW", "C") == "中"


def test_event_lines_of_seed_14_in_both_languages() -> None:
    _, events = _hand(14)
    every = {(event_line("en", e, NAMES), event_line("zh", e, NAMES)) for e in events}
    assert (
        "Hand 1: bob deals (East), dice 6+3",
        "第 1 局：bob 坐庄（东），骰子 6+3",
    ) in every
    assert (
        "bob lays out a flower (Bamboo flower) and draws a replacement",
        "bob 补花：竹",
    ) in every
    assert (
        "carol pongs 9 Bamboo from dave",
        "carol 碰 dave 的九条",
    ) in every
    assert (
        "bob kongs 8 Characters from alice (明杠)",
        "bob 杠 alice 的八万（明杠）",
    ) in every
    # the replacement draw has a line of its own, after the kong's: said once, not twice
    kong = next(i for i, e in enumerate(events) if e.kind == "kong")
    after = [event_line("en", e, NAMES) for e in events[kong : kong + 2]]
    assert after[1].startswith("bob draws a replacement tile (")
    assert sum("replacement" in line for line in after) == 1
    assert (
        "dave chows 3 Characters from carol: 1 Character, 2 Characters, 3 Characters",
        "dave 吃 carol 的三万：一万 二万 三万",
    ) in every
    # a draw is public, its tile is not: the event has none and the line names none
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(set(e.data) == {"replacement", "wall"} for e in draws)
    assert event_line("en", draws[0], NAMES) == "carol draws (89 left in the wall)"
    replacement = next(e for e in draws if e.data["replacement"])
    assert event_line("zh", replacement, NAMES) == "bob 补牌（牌墙剩 59 张）"  # the kong's


def test_results_list_hua_fan_and_payments() -> None:
    cases = {
        # seed: (English, Chinese)
        14: (
            "Hand 1: bob wins on dave's 5 Characters: 2 花, 鸡胡 no 番, worth 3, dave pays 3",
            "第 1 局：bob 胡 dave 的五万：2 花，鸡胡，3 分，dave 付 3",
        ),
        0: (
            "Hand 1: dave wins by self-draw (自摸) on 3 Dots: 1 花, 鸡胡 no 番, worth 2, "
            "each other player pays 2",
            "第 1 局：dave 自摸三筒：1 花，鸡胡，2 分，其他三家各付 2",
        ),
        68: (
            "Hand 1: carol robs dave's kong of 3 Characters (抢杠): 2 花, 鸡胡 no 番, worth 3, "
            "dave pays 9 (3 × 3)",
            "第 1 局：carol 抢 dave 的杠三万：2 花，鸡胡，3 分，dave 付 9（3 × 3）",
        ),
        30: (
            "Hand 1: alice wins on carol's 2 Dots: 3 花, 独吊 lone wait on the pair (1 番), "
            "worth 8, carol pays 8",
            "第 1 局：alice 胡 carol 的二筒：3 花，独吊（1 番），8 分，carol 付 8",
        ),
    }
    for seed, (en, zh) in cases.items():
        game, _ = _hand(seed)
        result = game.hand_results[-1].to_json()
        assert outcome_line("en", "hand_over", result, NAMES) == en, seed
        assert outcome_line("zh", "hand_over", result, NAMES) == zh, seed
    assert list(_hand(68)[0].hand_results[-1].scores) == [0, 0, 9, -9]


def test_eight_flowers_and_a_drawn_hand() -> None:
    eight = {
        "number": 3,
        "scores": [-12, 36, -12, -12],
        "summary": {"wins": [], "special": "eight_flowers", "special_seat": 1, "drawn": False},
    }
    assert outcome_line("en", "hand_over", eight, NAMES) == (
        "Hand 3: bob holds all eight flowers: 12 from each other player"
    )
    assert outcome_line("zh", "hand_over", eight, NAMES) == "第 3 局：bob 八花齐：其他三家各付 12"
    drawn = {"number": 2, "scores": [0, 0, 0, 0], "summary": {"wins": [], "special": None}}
    assert outcome_line("zh", "hand_over", drawn, NAMES) == "第 2 局：荒庄，牌墙摸完，无人付分"
    # another game's result is not read as mahjong
    assert (
        outcome_line("en", "hand_over", {"number": 1, "summary": {"levels_up": 1}}, NAMES) is None
    )


def test_the_table_shows_a_window_as_a_plain_last_discard() -> None:
    game, _ = _hand(14, until="claim")
    window = game.window
    assert window is not None and window.offers
    table = _table(game)
    view = game.view(None)
    lines = table_lines("en", table, view, NAMES)
    discarder = NAMES[window.from_seat]
    tile = tile_text("en", view["claim_window"]["tile"])
    # the very line a discard nobody may claim gets: "last discard: carol 7m"
    assert f"last discard: {discarder} {tile}" in lines
    text = "\n".join(lines).lower()
    assert "claim" not in text and "window" not in text and "view hand" not in text
    claimers = [NAMES[s] for s in window.offers if s != window.from_seat]
    assert not any(name in lines[-1] for name in claimers)
    assert not [line for line in lines if "Turn:" in line]
    zh = "\n".join(table_lines("zh", table, view, NAMES))
    assert f"上一张：{discarder} 打的{tile_text('zh', view['claim_window']['tile'])}" in zh
    assert "吃" not in zh and "碰" not in zh


def test_a_claims_reminder_is_not_posted_but_a_discards_is() -> None:
    game, _ = _hand(14, until="claim")
    table = _table(game)
    seat = next(iter(game.window.offers))  # type: ignore[union-attr]
    assert private_update(TableUpdate(table, "reminder", reminder_seat=seat))
    # the host tells a claim's timeout as an ordinary move: no update says "timeout"
    assert not private_update(TableUpdate(table, "timeout", action=Action(seat, "pass", {})))
    turn, _ = _hand(14, until="discard")
    on_turn = _table(turn)
    assert not private_update(TableUpdate(on_turn, "reminder", reminder_seat=turn.turn))


def test_the_hand_line_sets_the_drawn_tile_apart() -> None:
    view: dict[str, Any] = {"hand": ["1m", "2m", "5p", "5p", "E"], "drawn": "5p"}
    assert hand_line("zh", view) == "一万 二万 五筒 东  ┃ 刚摸：五筒"
    assert hand_line("en", {"hand": ["1m", "E"], "drawn": None}) == "1 Character, East"


def test_a_mahjong_move_is_labelled_with_its_tiles() -> None:
    from cogs.present import action_label

    assert action_label("zh", Action(0, "discard", {"tile": "5p"})) == "打牌 五筒"
    assert action_label("en", Action(0, "discard", {"tile": "E"})) == "打 discard East"
    assert (
        action_label("en", Action(0, "chow", {"tiles": ["4p", "6p"]})) == "吃 chow 4 Dots, 6 Dots"
    )
