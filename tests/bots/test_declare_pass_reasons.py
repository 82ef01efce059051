"""Why the bot does not declare (亮主) in 扒鸡窝 and 打滚子, as the heuristic (which declares for
the strong bot too) decides it: its side's declaration stands, its best declaration would make
too few of its cards trumps (to hold the trump, or to take the kitty over in 扒鸡窝's phase
after the bury), or cards are still to be dealt and it waits; in both languages, on real deals
played by the heuristic."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.base import Action
from games.reasons import explain
from games.registry import GAMES
from present.bots import reason_line
from present.message import Reader

NAMES = ["Ann", "Bo", "Cy", "Di"]


def _passes(
    key: str, seed: int, preset: str, kind: str = "pass"
) -> Iterator[tuple[Any, int, Action]]:
    """The heuristic's passes (or its declarations) where it could have declared, in a game
    it plays to the end."""
    spec = GAMES[key]
    engine = spec.engine()
    game = engine(seed, engine.options_type.from_dict(engine.presets[preset]))
    bot = spec.bots()["heuristic"]()
    rng = random.Random(seed)
    for _ in range(400):  # the declarations come first
        if game.is_over:
            return
        decision = next(d for d in game.pending() if d.required)
        if decision.seat is None:
            game.apply(game.table_action())
            continue
        seat = decision.seat
        move = bot.choose(game, seat, rng)
        if move.kind == kind and "declare" in {a.kind for a in game.legal_actions(seat)}:
            yield game, seat, move
        game.apply(move)


def _first(key: str, seed: int, preset: str, reason: str) -> tuple[str, str]:
    spec = GAMES[key]
    for game, seat, move in _passes(key, seed, preset):
        reasons = explain(game, seat, move, spec.reasons())
        if reasons[0].id == reason:
            en, zh = (reason_line(Reader(lg, NAMES, you=seat), reasons) for lg in ("en", "zh"))
            return en, zh
    raise AssertionError(f"no {reason} in {key} seed {seed} {preset}")


@pytest.mark.parametrize(
    ("key", "seed", "preset", "reason", "en", "zh"),
    [
        (
            "pajiwo", 1, "standard", "few",
            "Why: does not declare: the best declaration would make only 5 of the 25 cards in"
            " hand trumps, too few to hold the trump",
            "理由：不亮主：最好的亮法也只让 25 张牌里的 5 张成为主牌，主太短，守不住",
        ),
        (
            "pajiwo", 1, "standard", "kitty",
            "Why: does not take the kitty over (扒鸡窝): the best declaration would make only 2"
            " of the 25 cards in hand trumps, not clearly better than the trump in place",
            "理由：不扒鸡窝：最好的亮法也只让 25 张牌里的 2 张成为主牌，不比现在的主明显更好",
        ),
        (
            "pajiwo", 2, "async", "partner",
            "Why: does not declare: your partner Ann's declaration stands",
            "理由：不亮主：对家 Ann 亮的主还在",
        ),
        (
            "dagunzi", 1, "async", "wait",
            "Why: does not declare yet: only 1 of the 3 cards dealt so far would be a trump:"
            " better to wait for more cards and a better declaration",
            "理由：暂不亮主：已摸的 3 张牌里只有 1 张会是主牌，等摸到更多牌、有更好的亮法再说",
        ),
        (
            "dagunzi", 2, "async", "own",
            "Why: does not declare: your own declaration stands",
            "理由：不亮主：自己亮的主还在",
        ),
    ],
)  # fmt: skip
def test_a_pass_on_a_declaration_says_why(
    key: str, seed: int, preset: str, reason: str, en: str, zh: str
) -> None:
    assert _first(key, seed, preset, f"bots.tricks.declare_pass_{reason}") == (en, zh)


def test_a_declaration_counts_its_level_cards_and_jokers_in_good_english() -> None:
    """One level card or joker is "1 level card or joker", not "1 level cards or jokers"."""
    spec = GAMES["dagunzi"]
    said = set()
    for game, seat, move in _passes("dagunzi", 1, "async", kind="declare"):
        reasons = explain(game, seat, move, spec.reasons())
        said |= {reason_line(Reader(lg, NAMES, you=seat), reasons) for lg in ("en", "zh")}
    assert "Why: declares ♣: 1 of that suit in hand, the longest, and 1 level card or joker" in said
    assert "理由：亮♣：该花色 1 张，最长的一门，另有 1 张级牌或王" in said
    assert "Why: declares ♠: 0 of that suit in hand and 2 level cards or jokers" in said
