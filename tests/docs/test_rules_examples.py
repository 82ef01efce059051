"""The worked examples the rules pages give beside their pictures, checked against the engines:
a page that says a pictured hand scores 4 is right only if the engine scores it 4."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.jintan import JintanOptions
from games.jintan.scoring import value_hand
from games.mahjong import shapes
from games.mahjong.engine import WinContext
from games.registry import GAMES
from tests.jinhua.helpers import value as jinhua_value
from tests.jintan.helpers import meld, tiles

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def test_jintans_pictured_win_is_a_chicken_hand_of_three_hua_scoring_four() -> None:
    # docs/rules/jintan.md section 10: 234m 567p 88s 34s + a self-drawn 5s, an exposed 东 pong,
    # flowers 春 and 梅 (img/jintan-win.png)
    win = WinContext(
        seat=0,
        tile=tiles("5s")[0],
        source="self_draw",
        from_seat=None,
        counts=tuple(shapes.counts_of(tiles("234m 567p 88s 34s 5s"))),
        melds=(meld("pong", "EEE"),),
        flowers=tuple(tiles("1f 5f")),
        after_kong=False,
    )
    valued = value_hand(win, JintanOptions())
    assert valued is not None
    assert (valued.hua, valued.fan, valued.score) == (3, 0, 4)


def test_jinhuas_pictured_hands_win() -> None:
    # docs/rules/jinhua.md section 3: the 财神 9s as a fifth 3m (img/jinhua-caishen.png)
    assert jinhua_value("3333m 123p 456p 789p 9s", caishen="9s", self_drawn=True) is not None
    # 白板 as the 财神's face 3m in 2m-白板-4m (img/jinhua-white.png)
    assert jinhua_value("2m P 4m 678m 567p 888s CC", caishen="3m", self_drawn=True) is not None
    # without the stand-in the same tiles do not win: 白板 is not wild
    assert jinhua_value("2m P 4m 678m 567p 888s CC", caishen="9s", self_drawn=True) is None


def test_jinhuas_payment_example_is_worth_eight() -> None:
    # docs/rules/jinhua.md section 7: 123m 456m 789m, the 财神 南南 as the pair, won with a third 东
    for self_drawn in (True, False):
        hand = jinhua_value("123m 456m 789m SS EEE", caishen="S", tile="E", self_drawn=self_drawn)
        assert hand is not None
        assert hand.multiplier == 8 and set(hand.keys) == {"hunyise", "caishentou"}


PLACES = re.compile(r"([+-]?\d+(?:, [+-]?\d+){3})(?: coins)? give (?:places )?(\d, \d, \d, \d)")
PLACES_ZH = re.compile(r"([+-]?\d+(?:、[+-]?\d+){3})\s*(?:的名次)?是 (\d、\d、\d、\d)")


def _examples(page: str) -> list[tuple[list[int], list[int]]]:
    """The "totals give places" examples of a rules page (its lines joined), as numbers."""
    text = " ".join((RULES / page).read_text(encoding="utf-8").split())
    if page.endswith(".zh.md"):
        return [
            ([int(t) for t in a.split("、")], [int(r) for r in b.split("、")])
            for a, b in PLACES_ZH.findall(text)
        ]
    return [
        ([int(t) for t in a.split(", ")], [int(r) for r in b.split(", ")])
        for a, b in PLACES.findall(text)
    ]


@pytest.mark.parametrize("game", ["jintan", "jinhua", "dagun"])
def test_the_places_examples_are_how_the_engine_ranks_a_match(game: str) -> None:
    # the match's places: standard competition ranking (1, 2, 2, 4), as the pages say
    for page in (f"{game}.md", f"{game}.zh.md"):
        examples = _examples(page)
        assert len(examples) == 2, (page, examples)
        for totals, places in examples:
            engine = GAMES[game].engine()(1, GAMES[game].engine().options_type())
            if game == "dagun":
                from games.dagun.hand_end import rank_match

                engine.coins = list(totals)
                ranks = rank_match(engine).ranks
            else:
                from games.mahjong.hand_end import finish_match

                engine.totals = list(totals)
                finish_match(engine)
                assert engine.match_result is not None
                ranks = engine.match_result.ranks
            assert list(ranks) == places, (page, totals)
