"""The hint's reading of the decisions before the tricks in the trick engines (扒鸡窝, 打滚子):
a declaration (亮主) or not, 造反 or not, the bury (扣底), 扣王. Read from the seat's view only:
its own hand, the level, the trump when fixed, and its own legal moves (see :mod:`games.reasons`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import Action, Game
from games.cards import Card, parse_card
from games.reasons import Reason

__all__ = ["setup_reasons"]

SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def _hand(view: dict[str, Any]) -> list[Card]:
    return [parse_card(c) for c in view.get("hand") or ()]


def _levels(view: dict[str, Any]) -> set[str]:
    """The ranks that are trumps whatever the suit: the level and 打滚子's permanent ranks."""
    trump = view.get("trump") or {}
    return {str(view.get("level"))} | {str(r) for r in trump.get("permanent") or ()}


def _is_level(card: Card, levels: set[str]) -> bool:
    return not card.is_joker and _rank(card) in levels


def _suit(card: Card) -> str:
    return card.suit.value if card.suit is not None else ""


def _rank(card: Card) -> str:
    return str(card)[1:]


def _trumps(hand: list[Card], suit: str | None, levels: set[str]) -> int:
    """How many of ``hand`` are trumps with ``suit`` trump (``None``: no trump)."""
    return sum(
        1
        for c in hand
        if c.is_joker or _is_level(c, levels) or (suit is not None and _suit(c) == suit)
    )


def _suit_counts(hand: list[Card], levels: set[str]) -> Counter[str]:
    return Counter(_suit(c) for c in hand if not c.is_joker and not _is_level(c, levels))


def _declared_suit(move: Action) -> str | None:
    if move.data.get("suit"):
        return str(move.data["suit"])
    cards = [parse_card(c) for c in move.data.get("cards") or ()]
    suits = {_suit(c) for c in cards if not c.is_joker}
    return next(iter(suits)) if len(suits) == 1 else None


def _dealing(game: Game) -> bool:
    """True while cards are still to be dealt (public: how many, not which)."""
    engine: Any = game
    return int(getattr(engine, "deal_pos", 0)) < len(getattr(engine, "undealt", ()))


def _declare_pass(
    game: Game,
    view: dict[str, Any],
    seat: int,
    hand: list[Card],
    levels: set[str],
    legal: list[Action],
) -> Reason:
    """Why not declare, as the heuristic (which declares for the strong bot too) decides it:
    its side's declaration stands (its own or its partner's), else its best declaration would
    make too small a share of its hand trumps: too few to hold the trump, to take the kitty
    over in the 扒鸡窝 phase, or, while cards are still to be dealt, too few so far (it waits)."""
    standing = view.get("standing")
    phase = view.get("phase")
    # (扒鸡窝's phase after the bury is another matter: taking the kitty over)
    if standing is not None and int(standing["seat"]) % 2 == seat % 2 and phase != "pajiwo":
        if int(standing["seat"]) == seat:
            return Reason("bots.tricks.declare_pass_own")
        return Reason("bots.tricks.declare_pass_partner", {"partner": int(standing["seat"])})
    suits = [_declared_suit(a) for a in legal if a.kind == "declare"]
    n = max((_trumps(hand, s, levels) for s in suits), default=0)
    params = {"n": n, "h": len(hand)}
    if _dealing(game):
        return Reason("bots.tricks.declare_pass_wait", params)
    if phase == "pajiwo":
        return Reason("bots.tricks.declare_pass_kitty", params)
    return Reason("bots.tricks.declare_pass_few", params)


def setup_reasons(game: Game, seat: int, move: Action) -> list[Reason]:
    """The reasons for a decision before the tricks; ``[]`` for a play."""
    view: dict[str, Any] = game.view(seat)
    hand = _hand(view)
    levels = _levels(view)
    legal = game.legal_actions(seat)
    kinds = {a.kind for a in legal}
    side = _suit_counts(hand, levels)
    extra = sum(1 for c in hand if c.is_joker or _is_level(c, levels))
    if move.kind == "declare":
        suit = _declared_suit(move)
        names = [str(c) for c in move.data.get("cards") or ()]
        if suit is None:
            return [Reason("bots.tricks.declare_no_trump", {"cards": names, "n": extra})]
        n = side[suit]
        key = (
            "bots.tricks.declare_longest"
            if n >= max(side.values(), default=0)
            else "bots.tricks.declare"
        )
        # ``n`` (the plural's count): the level cards and jokers; ``m``: the suit's cards
        return [Reason(key, {"suit": SYMBOL[suit], "m": n, "n": extra})]
    if move.kind == "pass" and "declare" in kinds:
        return [_declare_pass(game, view, seat, hand, levels, legal)]
    trump = view.get("trump") or {}
    suit = None if trump.get("no_trump") else trump.get("suit")
    if move.kind == "rebel" or (move.kind == "pass" and "rebel" in kinds):
        n = _trumps(hand, suit, levels)
        points = sum(c.points for c in hand)
        key = "bots.tricks.rebel" if move.kind == "rebel" else "bots.tricks.rebel_pass"
        return [Reason(key, {"n": n, "points": points})]
    if move.kind == "bury":
        buried = [parse_card(c) for c in move.data.get("cards") or ()]
        names = [str(c) for c in move.data["cards"]]
        points = sum(c.points for c in buried)
        out = [
            Reason("bots.tricks.bury_points", {"cards": names, "points": points})
            if points
            else Reason("bots.tricks.bury_safe", {"cards": names})
        ]
        left = list(hand)
        for c in buried:
            if c in left:
                left.remove(c)
        before = {_suit(c) for c in hand if not c.is_joker and not _is_level(c, levels)}
        after = {_suit(c) for c in left if not c.is_joker and not _is_level(c, levels)}
        void = sorted((before - after) - {suit})
        if void:
            out.append(
                Reason("bots.tricks.bury_void", {"suits": " ".join(SYMBOL[s] for s in void)})
            )
        return out
    if move.kind == "bury_jokers" or (move.kind == "pass" and "bury_jokers" in kinds):
        n = _trumps(hand, suit, levels)
        if move.kind == "pass":
            return [Reason("bots.tricks.keep_jokers", {"n": n})]
        names = [str(c) for c in move.data.get("cards") or ()]
        return [Reason("bots.tricks.bury_jokers", {"cards": names, "n": n - len(names)})]
    return []
