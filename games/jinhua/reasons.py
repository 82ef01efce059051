"""The hint's reading of a 金华 move (see :mod:`games.reasons`): the strong bot's own figures
(:mod:`games.jinhua.strong`), with the 财神 and its 白板 stand-in counted. A discard the strong
bot would make is described by its shanten (向听) and useful or winning tiles, or its safety;
a discard win it passes, by the self-draw it waits for (等自摸). Other moves, and discards
the strong bot would not make, get the core's reading (:mod:`games.mahjong.reasons`).
Read from the seat's view only."""

from __future__ import annotations

from typing import Any

from games.base import Action, Game
from games.jinhua.strong import passes_win, rank_discard, seat_unseen
from games.mahjong.melds import read_tile
from games.mahjong.reasons import mahjong_reasons
from games.reasons import Reason

__all__ = ["jinhua_reasons"]


def jinhua_reasons(game: Game, seat: int, move: Action) -> list[Reason]:
    """The reasons for ``move`` (see the module docstring)."""
    legal = game.legal_actions(seat)
    view: dict[str, Any] = game.view(seat)
    if move.kind == "pass" and any(a.kind == "win" for a in legal):
        if view.get("claim_window") and passes_win(view, seat):
            return [Reason("bots.mj.wait_self_draw", {"tile": view["claim_window"]["tile"]})]
        return []
    if move.kind == "discard" and "caishen" in view:
        options = {read_tile(a.data["tile"]) for a in legal if a.kind == "discard"}
        choice = rank_discard(view, seat, options)
        if choice.tile == read_tile(move.data["tile"]):
            tile = move.data["tile"]
            if choice.defended:
                seen = 4 - seat_unseen(view)[choice.tile]
                return [Reason("bots.mj.safe", {"tile": tile, "seen": seen})]
            if choice.shanten == 0:
                return [Reason("bots.mj.ready", {"tile": tile, "n": choice.tiles})]
            steps = max(0, choice.shanten)
            return [Reason("bots.mj.efficient", {"tile": tile, "n": choice.tiles, "steps": steps})]
    return mahjong_reasons(game, seat, move)
