"""What the mahjong core shows: a seat's view (its own hand, every public meld, flower and
discard; concealed kongs face down to others until the hand is over), the full snapshot, and the
tile-conservation invariants.

Functions over a :class:`games.mahjong.engine.MahjongGame`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from games.base import (
    JSON,
)
from games.mahjong.melds import (
    is_flower,
    name,
    names,
)
from games.tiles import full_tile_set

if TYPE_CHECKING:
    from games.mahjong.engine import MahjongGame

__all__ = ["invariants", "snapshot", "tiles_in_play", "view"]


def view(game: MahjongGame, seat: int | None) -> dict[str, JSON]:
    """What ``seat`` sees: its own hand, drawn tile and claim choices, and the public
    table. Nobody sees who else may claim a discard (only that a window is open), a
    concealed kong's faces, or another seat's hand, until the hand is over: then every
    hand (``hands``) and every concealed kong is shown face up, for the result."""
    window = game.window
    # once the hand is over every hand is laid down: concealed kongs face up, the hands shown
    over = game.phase in ("hand_over", "match_over") and game.end is not None
    players = []
    for s in range(4):
        players.append(
            {
                "seat": s,
                "concealed": len(game.hands[s]),
                "melds": [m.to_json(hidden=s != seat and not over) for m in game.melds[s]],
                "flowers": names(game.flowers[s]),
                "discards": [{"tile": name(t), "taken": how} for t, how in game.river[s]],
                "score": game.totals[s],
            }
        )
    out: dict[str, JSON] = {
        "game": game.name,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "dice": list(game.wall.dice),
        "wall": {"live": game.wall.live, "dead": game.wall.dead},
        "set_aside": names(game.set_aside),
        "turn": game.turn if game.phase == "discard" else None,
        "claim_window": None
        if window is None
        else {
            "open": True,
            "kind": window.kind,
            "tile": name(window.tile),
            "from": window.from_seat,
        },
        "players": players,
        "scores": list(game.totals),
        "hand_results": [r.to_json() for r in game._hand_results],
        "match_over": game._match_result is not None,
        "match_result": None if game._match_result is None else game._match_result.to_json(),
        "seat": seat,
        "legal": [],
    }
    if over:
        out["hands"] = [names(sorted(h)) for h in game.hands]
    if seat is not None:
        out["hand"] = names(sorted(game.hands[seat]))
        out["drawn"] = (
            name(game.drawn)
            if game.phase == "discard" and seat == game.turn and game.drawn is not None
            else None
        )
        legal = sorted(
            {k for d in game._required() if d.seat == seat for k in d.kinds}
            if game.phase != "match_over"
            else set()
        )
        out["standing"] = dict(game.standing[seat])
        out["legal"] = legal
        if window is not None and seat in window.offers and seat not in window.answers:
            out["claim"] = {
                "kinds": list(window.offers[seat]),
                "chows": [names(c) for c in window.chows.get(seat, [])],
            }
        out["waits"] = [] if game.phase in ("hand_over", "match_over") else names(game.waits(seat))
    return out


def snapshot(game: MahjongGame) -> dict[str, JSON]:
    window = game.window
    return {
        "view": game.view(None),
        "hands": [names(h) for h in game.hands],
        "wall": names(game.wall.remaining()),
        "front": game.wall.front,
        "back": game.wall.back,
        "turn": game.turn,
        "drawn": None if game.drawn is None else name(game.drawn),
        "draw_kind": game.draw_kind,
        "had_turn": list(game.had_turn),
        "window": None
        if window is None
        else {
            "offers": {str(s): list(k) for s, k in window.offers.items()},
            "answers": {str(s): a.to_json() for s, a in window.answers.items()},
            "held": window.held,
            "pause_s": window.pause_s,
        },
        "kong_tile": None if game.kong_tile is None else name(game.kong_tile),
        "standing": [dict(x) for x in game.standing],
        "actions": len(game.actions),
    }


def tiles_in_play(game: MahjongGame) -> Counter[int]:
    """Every tile of the hand where it is now: hands, melds, flowers, rivers, wall."""
    where: Counter[int] = Counter()
    for s in range(4):
        where.update(game.hands[s])
        where.update(t for m in game.melds[s] for t in m.tiles)
        where.update(game.flowers[s])
        where.update(t for t, how in game.river[s] if how != "claimed")
    where.update(game.wall.remaining())
    where.update(game.set_aside)
    if game.kong_tile is not None:
        where[game.kong_tile] += 1
    return where


def invariants(game: MahjongGame) -> dict[str, bool]:
    """``tiles_conserved``: the set's 144 (or 136) tiles are each exactly once in play;
    ``hand_sizes``: each concealed part plus 3 per meld holds 13 (14 for the seat on turn)."""
    expected = Counter(t.index for t in full_tile_set(flowers=game.core.flowers))
    conserved = game.tiles_in_play() == expected
    sizes = True
    if game.phase in ("discard", "claim"):
        for s in range(4):
            n = len([t for t in game.hands[s] if not is_flower(t)]) + 3 * len(game.melds[s])
            want = 14 if game.phase == "discard" and s == game.turn else 13
            if game.kong_tile is not None and s == (game.window.from_seat if game.window else -1):
                want = 13
            if game.had_turn[s] and n != want:
                sizes = False
    return {"cards_conserved": conserved, "tiles_conserved": conserved, "hand_sizes": sizes}
