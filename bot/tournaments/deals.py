"""Deals of a tournament's tables: the options a round's tables play with, and the check that
every table of a duplicate round really got the same deal.

In duplicate mode a table plays one *board*: a one-hand match (the game's ``match`` option set
to one hand, as ``games/duplicate.py`` plays a deal) dealt all at once where the game has that
choice, on top of the tournament's preset, from the round's one seed. So the engine deals the
same cards to the same engine seat at every table; the participants' seats rotate from round
to round (``bot.tournaments.pairing``), never between the tables of a round, so that a result
is always compared with the results of the same cards.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Game
from games.registry import get_game

__all__ = ["deal_fingerprint", "same_deals", "table_options"]

_NOT_THE_DEAL = ("actions", "view")


def table_options(game: str, preset: str, duplicate: bool) -> dict[str, Any]:
    """The explicit options a tournament sets on its tables (over ``preset``): bots at the
    ``normal`` level (the heuristic: a filler bot, a bot participant or a no-show's seat all
    play alike and fast); in duplicate mode also a one-hand match dealt all at once.

    Raises ``KeyError`` for an unknown preset, :class:`~games.registry.UnknownGame` for an
    unknown game.
    """
    engine = get_game(game).engine()
    if preset not in engine.presets:
        raise KeyError(preset)
    described = {d["name"]: d for d in engine.options_type.describe()}
    options: dict[str, Any] = {}
    if "normal" in (described.get("bot_level", {}).get("choices") or ()):
        options["bot_level"] = "normal"  # the fast heuristic, whatever the host's default
    if not duplicate:
        return options
    for name, value in (("match", "one_hand"), ("deal", "all_at_once")):
        choices = described.get(name, {}).get("choices") or ()
        if value in choices:
            options[name] = value
    return options


def deal_fingerprint(game: str, seed: int, options: Mapping[str, Any]) -> str:
    """A digest of the deal a game starts with: its state before any move (every hand, the
    wall or the cards still to deal), from the seed and the *resolved* options it was played
    with (as the store keeps them)."""
    engine: type[Game] = get_game(game).engine()
    state = engine(seed, engine.options_type.from_dict(options)).snapshot()
    deal = {k: v for k, v in state.items() if k not in _NOT_THE_DEAL}
    blob = json.dumps(deal, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


def same_deals(fingerprints: Sequence[str]) -> bool:
    """True when every table's deal is the same one (and there is at least one)."""
    return len(set(fingerprints)) == 1
