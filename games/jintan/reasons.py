"""The hint's reading of a 金坛 discard (see :mod:`games.reasons`): the strong bot's own choice
(:mod:`games.jintan.strong`) described by why it made it: safety when it folds (防守), else
how far from ready and how many useful or winning tiles (and, one from ready, that it leads
to the ready hands worth most when that rather than the most useful tiles chose it). Other
moves, and discards the strong bot would not make, get the core's reading
(:mod:`games.mahjong.reasons`). Read from the seat's view only."""

from __future__ import annotations

from typing import Any

from games.base import Action, Game
from games.jintan.strong import JintanStrongPlayer
from games.mahjong import shapes
from games.mahjong.bots import _useful, best_discards, unseen_counts
from games.mahjong.melds import read_tile
from games.mahjong.reasons import mahjong_reasons
from games.reasons import Reason

__all__ = ["jintan_reasons"]


def jintan_reasons(game: Game, seat: int, move: Action) -> list[Reason]:
    """The reasons for ``move`` (see the module docstring)."""
    if move.kind != "discard":
        return mahjong_reasons(game, seat, move)
    view: dict[str, Any] = game.view(seat)
    tile = read_tile(move.data["tile"])
    hand = [t for t in (read_tile(x) for x in view["hand"]) if t < shapes.KINDS]
    counts = shapes.counts_of(hand)
    if tile >= shapes.KINDS or counts[tile] == 0:
        return []
    melds = len(view["players"][seat]["melds"])
    unseen = unseen_counts(view)
    legal = game.legal_actions(seat)
    bot = JintanStrongPlayer()
    bot.choose_options(game)
    chosen, folded = bot.discard_tile(seat, legal, view, list(counts), melds, unseen)
    if chosen != tile:
        return mahjong_reasons(game, seat, move)
    if folded:
        return [Reason("bots.mj.safe", {"tile": move.data["tile"], "seen": 4 - unseen[tile]})]
    candidates = [read_tile(a.data["tile"]) for a in legal if a.kind == "discard"]
    plain = best_discards(list(counts), melds, unseen, candidates)[0][2]
    counts[tile] -= 1
    after = shapes.shanten(counts, melds)
    useful = _useful(counts, melds, unseen, after)
    if after == 0:
        return [Reason("bots.mj.ready", {"tile": move.data["tile"], "n": useful})]
    if after == 1 and tile != plain:  # chosen by the value of the ready hands it leads to
        return [Reason("bots.mj.valuable", {"tile": move.data["tile"], "n": useful, "steps": 1})]
    return [Reason("bots.mj.efficient", {"tile": move.data["tile"], "n": useful, "steps": after})]
