"""Test helpers: build Dagunzi games, drive them with bots, and move chosen cards into place."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import Action, Event
from games.cards import Card, Suit
from games.dagunzi import BOTS, DagunziGame, DagunziOptions
from games.dagunzi.deck import card_of
from games.dagunzi.selfplay import step


def cards(text: str) -> list[Card]:
    return [card_of(x) for x in text.split()]


def new_game(seed: int = 1, **opts: object) -> DagunziGame:
    return DagunziGame(seed, DagunziOptions.from_dict(opts))


def act(
    game: DagunziGame, seat: int | None, kind: str, text: str = "", **data: object
) -> list[Event]:
    payload: dict[str, object] = {"cards": text.split()} if text else {}
    payload.update(data)
    return game.apply(Action(seat, kind, payload))


def drive_to(game: DagunziGame, phase: str, kinds: Sequence[str] = ("heuristic",) * 4) -> None:
    """Play with bots until ``game.phase == phase`` (raises if the match ends first)."""
    players = [BOTS[k]() for k in kinds]
    rng = random.Random(5)
    for _ in range(5000):
        if game.phase == phase:
            return
        if not step(game, players, rng):
            break
    raise AssertionError(f"never reached {phase}: stuck in {game.phase}")


def finish_deal_passing(game: DagunziGame) -> None:
    """Deal to the end with nobody declaring (all_at_once: every asked seat passes)."""
    while game.phase in ("dealing", "declare_round"):
        if game.phase == "declare_round":
            assert game.turn is not None
            act(game, game.turn, "pass")
        else:
            act(game, None, "deal")


def place(game: DagunziGame, where: list[Card], wanted: Sequence[Card]) -> None:
    """Put ``wanted`` into the list ``where`` (a hand or the kitty), swapping each with a card
    of ``where`` not wanted from wherever it is now (hands, kitty, undealt): 162 stay conserved."""
    holders: list[list[Card]] = [*game.hands, game.kitty, game.undealt]
    need = list(wanted)
    spare = list(where)
    for card in need:
        if card in spare:
            spare.remove(card)
            continue
        src = next(h for h in holders if h is not where and card in _live(game, h))
        give = next(c for c in spare if c not in need)
        spare.remove(give)
        i = src.index(card, _start(game, src))
        src[i] = give
        where[where.index(give)] = card
    assert game.invariants()["cards_conserved"]


def _start(game: DagunziGame, holder: list[Card]) -> int:
    return game.deal_pos if holder is game.undealt else 0


def _live(game: DagunziGame, holder: list[Card]) -> list[Card]:
    return holder[_start(game, holder) :]


def side_suits(game: DagunziGame) -> list[Suit]:
    """The suits that are not trump, in ♠ ♥ ♣ ♦ order."""
    return [s for s in Suit if s != game.trump_suit]
