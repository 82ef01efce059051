"""The hint's reading of a move in 打滚 (see :mod:`games.reasons`): a lead, a play that beats
the one on the table (and the round's points it would take), or a pass that lets the
partner's play stand; playing alone (硬牌) or not, from the hand's bombs and jokers. Read
from the seat's view only."""

from __future__ import annotations

from typing import Any

from games.base import Action, Game
from games.cards import parse_card
from games.climbing import HandCounts
from games.reasons import Reason

__all__ = ["dagun_reasons"]


def dagun_reasons(game: Game, seat: int, move: Action) -> list[Reason]:
    """The reasons for ``move`` while the cards are played; ``[]`` otherwise."""
    view = game.view(seat)
    if move.kind == "declare_alone" or (view.get("phase") == "alone" and move.kind == "pass"):
        return [_alone(view, move.kind == "declare_alone")]
    if view.get("phase") != "play":
        return []
    last: dict[str, Any] | None = view.get("last_play")
    partner = _partner(view, seat)
    if move.kind == "pass":
        if last is not None and partner is not None and last["seat"] == partner:
            return [Reason("bots.climb.partner_stands", {"partner": partner})]
        if last is not None:
            return [Reason("bots.climb.pass", {"cards": list(last["cards"])})]
        return []
    if move.kind != "play":
        return []
    names = [str(c) for c in move.data.get("cards") or []]
    left = len(view["hand"]) - len(names)
    if last is None or last["seat"] == seat:
        if left == 0:
            return [Reason("bots.climb.goes_out", {"cards": names})]
        return [Reason("bots.climb.lead", {"cards": names, "n": left})]
    points = int(view.get("round_points") or 0) + sum(parse_card(c).points for c in names)
    key = "bots.climb.beats_points" if points else "bots.climb.beats"
    if left == 0:
        key = "bots.climb.goes_out"
    return [Reason(key, {"cards": names, "beaten": list(last["cards"]), "points": points})]


def _alone(view: dict[str, Any], alone: bool) -> Reason:
    """硬牌 (playing alone) or not, from the seat's own hand: its bombs (4 or more of a rank),
    jokers, and aces and twos, what the strong hand that plays alone needs."""
    counts = HandCounts.of([parse_card(c) for c in view["hand"]])
    params = {
        "n": sum(1 for c in counts.counts if c >= 4),
        "jokers": counts.jokers,
        "top": counts.counts[11] + counts.counts[12],
    }
    return Reason("bots.climb.alone" if alone else "bots.climb.not_alone", params)


def _partner(view: dict[str, Any], seat: int) -> int | None:
    """The seat's partner as its view tells it: the dealer to the secret partner, the teams
    once shown, else ``None``."""
    if view.get("you_are_partner"):
        return int(view["dealer"])
    for team in view.get("teams") or ():
        if seat in team and len(team) == 2:
            return next(s for s in team if s != seat)
    return None
