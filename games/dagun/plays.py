"""Plays of 打滚 (Dagun): a play on the table (:class:`PlayRecord`) and the ``play`` actions of a
hand on a target (:func:`play_actions`), each naming its reading (``dagun_and_jinhua-mahjong.txt``
lines 31-45; the combinations are :mod:`games.climbing`'s)."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import JSON, Action
from games.cards import Card
from games.climbing import CardPicker, ClimbRules, Combo, HandCounts, generate
from games.dagun.deck import asc

__all__ = ["PlayRecord", "play_actions"]


class PlayRecord:
    """A play on the table: who, which cards, and the reading they were played as."""

    __slots__ = ("cards", "combo", "seat")

    def __init__(self, seat: int, cards: tuple[Card, ...], combo: Combo) -> None:
        self.seat = seat
        self.cards = cards
        self.combo = combo

    def to_json(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "cards": asc(self.cards),
            "as": self.combo.key(),
            "kind": self.combo.kind,
            "label": self.combo.label(),
            "label_zh": self.combo.label(chinese=True),
            "bomb": self.combo.is_bomb,
        }


def play_actions(
    seat: int,
    hand: Sequence[Card],
    target: Combo | None,
    rules: ClimbRules,
    hide: Card | None = None,
    limit: int | None = None,
) -> list[Action]:
    """The ``play`` actions of ``hand`` on ``target`` (``None``: a lead), each naming its
    reading, in :func:`games.climbing.generate`'s order. ``hide``: a card to keep back while
    another choice exists (the hidden partner's called card); each play that keeps it back is
    followed by the same play with it."""
    out: list[Action] = []
    picker = CardPicker(hand, hide)
    plain = CardPicker(hand) if hide is not None else picker
    for play in generate(HandCounts.of(hand), rules, target):
        if limit is not None and len(out) >= limit:
            break
        cards = picker.pick(play)
        out.append(Action(seat, "play", {"cards": asc(cards), "as": play.key}))
        if hide is not None and hide not in cards:
            shown = plain.pick(play)
            if hide in shown:
                out.append(Action(seat, "play", {"cards": asc(shown), "as": play.key}))
    return out
