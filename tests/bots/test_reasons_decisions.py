"""The hint's reason for every kind of decision, not only a play or a discard (issue 22): a
declaration, 造反, the bury (扣底) and 扣王 in the trick games, 硬牌 in 打滚, a pong, chow, kong or
pass on a claim in mahjong; in both languages, describing the move chosen, the same when the
hidden cards are dealt again."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.base import Action
from games.reasons import explain
from games.registry import GAMES
from present.bots import reason_line
from present.message import Reader
from tests.bots.test_hidden import SWAPS, _states

NAMES = ["Ann", "Bo", "Cy", "Di"]
OTHER = {"play", "discard", "win", "deal", "next_hand", "take", "tribute"}

#: the decision kinds each game's sampled hands must explain (seeds 5 and 7)
KINDS = {
    "pajiwo": {"declare", "pass", "bury"},
    "dagunzi": {"bury", "bury_jokers", "pass"},
    "dagun": {"declare_alone", "pass"},
    "jintan": {"pong", "chow", "kong", "pass"},
    "jinhua": {"pong", "chow", "kong", "pass"},
}


def _decisions(key: str) -> list[tuple[Any, int, Action]]:
    """Each decision other than a play, with one move of each kind the seat could make."""
    out = []
    for seed in (5, 7):
        for game, seat in _states(key, seed=seed, every=1):
            legal = game.legal_actions(seat)
            if len(legal) < 2:
                continue
            firsts: dict[str, Action] = {}
            for a in legal:
                firsts.setdefault(a.kind, a)
            out += [(game, seat, a) for k, a in firsts.items() if k not in OTHER]
    return out


def _lines(key: str) -> dict[str, set[str]]:
    spec = GAMES[key]
    out: dict[str, set[str]] = {}
    for game, seat, move in _decisions(key):
        reasons = explain(game, seat, move, spec.reasons())
        if (
            key == "jinhua"
            and move.kind == "pass"
            and "win" in {a.kind for a in game.legal_actions(seat)}
        ):
            continue  # passing a win has its own reason, or none (games/jinhua/reasons.py)
        assert reasons, (key, move)
        for lang in ("en", "zh"):
            line = reason_line(Reader(lang, NAMES, you=seat), reasons)
            assert line and "bots." not in line and "{" not in line, line
            out.setdefault(move.kind, set()).add(line)
    return out


@pytest.mark.parametrize("key", sorted(KINDS))
def test_every_decision_kind_has_a_reason_in_both_languages(key: str) -> None:
    lines = _lines(key)
    assert KINDS[key] <= set(lines), sorted(lines)


def test_the_reasons_name_the_move_chosen() -> None:
    pajiwo = _lines("pajiwo")
    declare = pajiwo["declare"]
    assert "Why: declares ♣: 4 of that suit in hand and 5 level cards or jokers" in declare
    assert "理由：亮♣：该花色 4 张，另有 5 张级牌或王" in declare
    assert "Why: declares no trump with 大王 大王: 4 level cards or jokers in hand" in declare
    assert any(
        line.startswith("Why: does not take the kitty over (扒鸡窝): ") for line in pajiwo["pass"]
    )
    assert any(line.endswith(": keeps no points in the kitty") for line in pajiwo["bury"])
    dagun = _lines("dagun")
    assert any(
        line.startswith("Why: plays alone (硬牌): holds ") for line in dagun["declare_alone"]
    )
    assert (
        "Why: plays alone (硬牌): holds 1 bomb, 2 jokers and 3 aces and twos"
        in (dagun["declare_alone"])
    )
    assert "理由：不硬牌：1 个炸弹、2 张王、3 张 A 和 2，不够一个人打" in dagun["pass"]
    jintan = _lines("jintan")
    assert "Why: pongs North: 1 away from ready → 0" in jintan["pong"]
    assert "理由：碰北：向听 1 → 0" in jintan["pong"]
    assert (
        "Why: passes on 2 Bamboo: the hand is ready already, a claim would not help"
        in (jintan["pass"])
    )
    assert any(" away from ready → " in line for line in jintan["chow"])
    assert any(line.startswith("Why: passes on ") for line in jintan["pass"])


@pytest.mark.parametrize("key", sorted(KINDS))
def test_the_decision_reasons_read_only_the_seat_s_view(key: str) -> None:
    spec = GAMES[key]
    checked = 0
    for i, (game, seat, move) in enumerate(_decisions(key)):
        reasons = explain(game, seat, move, spec.reasons())
        other = copy.deepcopy(game)
        SWAPS[key](other, seat, random.Random(i))
        if other.view(seat) != game.view(seat) or other.snapshot() == game.snapshot():
            continue
        assert explain(other, seat, move, spec.reasons()) == reasons, (key, move)
        checked += 1
    assert checked >= 5


def test_a_follow_that_gives_points_away_says_why_it_is_still_chosen() -> None:
    """Not "cannot win and gives away 5 points" (an argument against the move): the least any
    follow gives, or what it keeps for later."""
    spec = GAMES["pajiwo"]
    states = _states("pajiwo", seed=5, every=1)
    lines = []
    for at in (31, 61):
        game, seat = states[at]
        move = spec.bots()["heuristic"]().choose(game, seat, random.Random(1))
        reasons = explain(game, seat, move, spec.reasons())
        lines += [reason_line(Reader(lang, NAMES, you=seat), reasons) for lang in ("en", "zh")]
    assert lines == [
        "Why: ♥A ♥5 ♣9 cannot win this trick: it gives 5 points, the least any follow gives",
        "理由：♥A ♥5 ♣9 赢不了这一墩：给出 5 分，是所有跟法里最少的",
        "Why: ♣5 cannot win this trick: it gives 5 points to keep the stronger cards for later",
        "理由：♣5 赢不了这一墩：给出 5 分，把大牌留到后面",
    ]


def test_a_bury_that_empties_a_suit_says_so() -> None:
    """扣底 of every card of a side suit: "makes ♣ void" (the bury's second reason)."""
    from games.cards import parse_card

    spec = GAMES["pajiwo"]
    game, seat, _ = next(d for d in _decisions("pajiwo") if d[2].kind == "bury")
    view = game.view(seat)
    hand = [parse_card(c) for c in view["hand"]]
    level, trump = str(view["level"]), view["trump"]["suit"]
    side = [c for c in hand if not c.is_joker and str(c)[1:] != level]
    by_suit: dict[str, list[str]] = {}
    for c, name in zip(hand, view["hand"], strict=True):
        if c in side and c.suit is not None and c.suit.value != trump:
            by_suit.setdefault(c.suit.value, []).append(name)
    suit, cards = min(by_suit.items(), key=lambda kv: len(kv[1]))
    assert len(cards) <= 8
    rest = [n for n in view["hand"] if n not in cards]
    move = Action(seat, "bury", {"cards": cards + rest[: 8 - len(cards)]})
    reasons = explain(game, seat, move, spec.reasons())
    symbol = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}[suit]
    assert reasons[-1].id == "bots.tricks.bury_void" and symbol in reasons[-1].params["suits"]
    line = reason_line(Reader("en", NAMES, you=seat), reasons)
    assert line.endswith(f"makes {reasons[-1].params['suits']} void"), line
    assert reason_line(Reader("zh", NAMES, you=seat), reasons).endswith(
        f"做绝{reasons[-1].params['suits']}"
    )
