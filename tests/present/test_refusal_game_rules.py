"""Issue 19: a refusal points at the rules page of the game being played, and says it once."""

from __future__ import annotations

import pytest

from games.base import Action, IllegalAction
from games.dagunzi import DagunziGame
from present.refusals import refusal_text
from present.rule_links import rule_section
from tests.dagunzi.helpers import drive_to, new_game


def _refused(game: DagunziGame, seat: int, cards: list[str]) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        game.check(Action(seat, "play", {"cards": cards}))
    return caught.value


def _at_play() -> tuple[DagunziGame, int, list[str]]:
    game = new_game(3)
    drive_to(game, "play")
    seat = game.turn
    assert seat is not None
    return game, seat, [str(c) for c in game.hands[seat]]


def test_a_dagunzi_mixed_lead_cites_dagunzi_rules_once() -> None:
    game, seat, hand = _at_play()
    error = None
    for a in hand:  # two cards of different suits (trump and a side suit, or two side suits)
        for b in hand:
            try:
                game.check(Action(seat, "play", {"cards": [a, b]}))
            except IllegalAction as exc:
                if exc.code == "lead_mixed_suits":
                    error = exc
                    break
        if error:
            break
    assert error is not None
    assert error.rule.startswith("pajiwo.txt")  # the shared engine's own citation
    en = refusal_text("en", error, game="dagunzi")
    assert en.startswith(f"A lead must be one suit: {error.params['cards']} mixes ")
    assert en.count("one suit") == 2  # the rule, then "(all trumps count as one suit)" once
    assert "a lead is all of one suit" not in en
    assert en.endswith("(rules: 打滚子 · 8. Playing tricks)")
    zh = refusal_text("zh-CN", error, game="dagunzi")
    assert zh.startswith(f"首家出牌必须同一花色：{error.params['cards']} 不是（")
    assert zh.count("同一花色") == 1
    assert zh.endswith("（规则：打滚子 · 8. 出牌）")
    assert "扒鸡窝" not in en + zh


def test_a_dagunzi_wrong_count_follow_cites_dagunzi_rules() -> None:
    game, seat, hand = _at_play()
    game.apply(Action(seat, "play", {"cards": [hand[0]]}))
    nxt = game.turn
    assert nxt is not None
    error = _refused(game, nxt, [str(c) for c in game.hands[nxt][:2]])
    assert error.code == "wrong_count"
    assert refusal_text("en", error, game="dagunzi").endswith("(rules: 打滚子 · 8. Playing tricks)")
    assert refusal_text("zh-CN", error, game="dagunzi") == (
        "张数不对：应出 1 张，不是 2 张（规则：打滚子 · 8. 出牌）"
    )
    # without the game, the shared engine's citation still names 扒鸡窝 (the seed it cites)
    assert "扒鸡窝" in refusal_text("zh-CN", error)


def test_a_table_refusal_carries_its_game() -> None:
    from bot.errors import TableError

    error = TableError(
        "illegal",
        "m",
        {"expected": 1, "got": 2},
        rule_code="wrong_count",
        rule="pajiwo.txt:101",
        game="dagunzi",
    )
    assert refusal_text("zh-CN", error).endswith("（规则：打滚子 · 8. 出牌）")


def test_a_citation_the_game_does_not_map_gives_no_reference() -> None:
    assert rule_section("pajiwo.txt:60", "en", game="dagunzi") is None
    assert rule_section("pajiwo.txt:101", "zh", game="pajiwo") == "扒鸡窝 · 9. 出牌"
    assert rule_section("dagunzi.txt:67", "en", game="dagunzi") == "打滚子 · 8. Playing tricks"


def test_the_shared_mahjong_engine_points_jinhua_players_at_jinhua_rules() -> None:
    # games.mahjong cites 金坛's seed; 金华 maps it to its own (games/jinhua SHARED_RULES)
    assert rule_section("jintan-mahjong.txt:49", "en", game="jinhua") == (
        "金华麻将 · 4. The turn and claims"
    )
    assert rule_section("jintan-mahjong.txt:33", "zh", game="jinhua") == "金华麻将 · 5. 和牌牌型"
    # a heading's own citation counts: 金坛's kongs are cited only in the heading
    assert rule_section("jintan-mahjong.txt:61-79", "zh", game="jintan") == "金坛麻将 · 5. 杠"
    assert rule_section("jintan-mahjong.txt:61-79", "en", game="jinhua") == (
        "金华麻将 · 4. The turn and claims"
    )


def test_a_card_not_held_is_refused_saying_so_once() -> None:
    """Not "You do not hold those cards: you do not hold ♠3": the reason, once."""
    game, seat, hand = _at_play()
    other = next(c for s in range(4) for c in map(str, game.hands[s]) if c not in hand)
    error = _refused(game, seat, [other])
    assert error.code == "not_in_hand"
    assert refusal_text("en", error, game="dagunzi") == f"You do not hold {other}"
    assert refusal_text("zh-CN", error, game="dagunzi") == f"你没有这些牌：{other}"
    assert refusal_text("zh-TW", error, game="dagunzi") == f"你沒有這些牌：{other}"


def test_a_declaration_without_a_level_card_is_refused_saying_so_once() -> None:
    from games.cards import Rank
    from games.pajiwo.ladder import read_declaration
    from tests.pajiwo.helpers import cards

    with pytest.raises(IllegalAction) as caught:
        read_declaration(0, cards("BJ 6h"), Rank.FIVE)
    en = refusal_text("en", caught.value, game="pajiwo")
    assert en.startswith("♥6 is not a level card: the level is 5 (rules: 扒鸡窝 · ")
    assert en.count("not a level card") == 1
    zh = refusal_text("zh-CN", caught.value, game="pajiwo")
    assert zh.startswith("不是级牌：♥6，现在打 5（规则：扒鸡窝 · ")
    assert zh.count("不是级牌") == 1


def test_a_dagunzi_declaration_is_refused_with_dagunzis_rule_in_chinese() -> None:
    """Not 扒鸡窝's "a joker with level cards": 打滚子 declares with identical level cards."""
    from games.dagunzi import rules
    from tests.dagunzi.helpers import cards

    with pytest.raises(IllegalAction) as caught:
        rules.read_declaration(0, cards("6h"), 5, "h")
    zh = refusal_text("zh-CN", caught.value, game="dagunzi")
    assert zh.startswith("不能这样亮主：请亮 1 到 3 张相同的级牌（5），或三张相同的王，不是 ♥6（")
    assert "王加" not in zh
    en = refusal_text("en", caught.value, game="dagunzi")
    assert en.startswith("Not a declaration: declare with 1 to 3 identical level cards (5s)")
