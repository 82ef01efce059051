"""Claims in the mahjong core: the window a discard (or an added kong) opens, the claim pause,
checking a claim, the answers, and the window resolved by priority (胡 over 杠/碰 over 吃,
``jintan-mahjong.txt:23``) into the claim made.

Functions over a :class:`games.mahjong.engine.MahjongGame`, called by the engine; a game's own
rules come in through the engine's hooks (``claim_kinds``, ``on_window_resolved`` ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.base import (
    Action,
    Event,
    IllegalAction,
)
from games.mahjong.melds import (
    Meld,
    name,
    names,
    read_tile,
)
from games.mahjong.model import (
    PRIORITY,
    ClaimWindow,
    HandEnd,
    Win,
)

if TYPE_CHECKING:
    from games.mahjong.engine import MahjongGame

__all__ = [
    "answer",
    "claim",
    "claim_pause",
    "open_discard_window",
    "pause_window",
    "resolve",
    "validate_claim",
]


def open_discard_window(game: MahjongGame, seat: int, tile: int) -> list[Event]:
    offers: dict[int, tuple[str, ...]] = {}
    chows: dict[int, list[tuple[int, int]]] = {}
    wins: dict[int, Win] = {}
    for k in range(1, 4):
        o = (seat + k) % 4
        kinds: list[str] = []
        if game._shape_wins(o, tile):
            win = game.score_win(game._ctx(o, tile, "discard", seat))
            if isinstance(win, Win):
                kinds.append("win")
                wins[o] = win
        count = game.hands[o].count(tile)
        if count >= 3 and game.wall.live > 0:
            kinds.append("kong")
        if count >= 2:
            kinds.append("pong")
        if k == 1:
            options = game._chow_options(o, tile)
            if options:
                kinds.append("chow")
                chows[o] = options
        if game.standing[o]["no_calls"]:
            kinds = [k for k in kinds if k == "win"]
        kinds = game.claim_kinds(o, tile, kinds)
        if kinds:
            offers[o] = (*kinds, "pass")
    if not offers and not game._claim_pause():
        return game._draw_for((seat + 1) % 4)
    game.window = game._pause_window(ClaimWindow("discard", tile, seat, offers, chows, wins))
    game.phase = "claim"
    return []  # no event: whether anyone may claim is nobody else's business


def claim_pause(game: MahjongGame) -> bool:
    return int(getattr(game.options, "claim_pause_ms", 0)) > 0


def pause_window(game: MahjongGame, window: ClaimWindow) -> ClaimWindow:
    """Hold a window for the claim pause (option ``claim_pause_ms``): the host closes it
    with the table step ``close_window`` after ``pause_s`` at a live table. Each pause
    is drawn uniformly from ½ to 1½ × ``claim_pause_ms``, from the seed and the
    window's number in the hand only, so it is the same draw whoever may claim (a
    bot answers at once; a person thinking longer shows, as at a real table)."""
    game.windows_opened += 1
    if not game._claim_pause():
        return window
    mean = int(getattr(game.options, "claim_pause_ms", 0)) / 1000
    rng = game._rng(f"pause:{game.windows_opened}")
    window.held = True
    window.pause_s = round(rng.uniform(0.5 * mean, 1.5 * mean), 3)
    return window


def validate_claim(game: MahjongGame, seat: int, action: Action) -> Any:
    window = game.window
    assert window is not None
    kinds = window.offers.get(seat)
    answered = seat in window.answers
    if (
        action.kind == "win"
        and not answered
        and "win" not in (kinds or ())
        and seat != window.from_seat
        and game._shape_wins(seat, window.tile)
    ):
        # the seat's own reason, so that a refused win says which rule stops it
        source = "discard" if window.kind == "discard" else "rob_kong"
        win = game.score_win(game._ctx(seat, window.tile, source, window.from_seat))
        if isinstance(win, IllegalAction):
            raise win
    if kinds is None or answered:
        raise game._not_your_turn(seat)
    if action.kind not in kinds:
        raise IllegalAction(
            "not_open",
            f"you cannot {action.kind} this tile: you may {', '.join(kinds)}",
            {"kind": action.kind, "kinds": ", ".join(kinds)},
        )
    if action.kind == "chow":
        raw = action.data.get("tiles")
        if not isinstance(raw, list) or len(raw) != 2:
            raise IllegalAction(
                "bad_chow", "a chow names the two tiles from your hand, e.g. 4p 6p", {}
            )
        pair = tuple(sorted(read_tile(x) for x in raw))
        if pair not in window.chows.get(seat, []):
            options = "; ".join(" ".join(names(c)) for c in window.chows.get(seat, []))
            raise IllegalAction(
                "bad_chow",
                f"{' '.join(names(pair))} do not chow {name(window.tile)}: you may chow "
                f"with {options}",
                {"tiles": " ".join(names(pair)), "options": options},
                "jintan-mahjong.txt:49",
            )
        return pair
    return None


def answer(game: MahjongGame, seat: int, action: Action, checked: Any) -> list[Event]:
    window = game.window
    assert window is not None
    window.answers[seat] = Action(seat, action.kind, dict(action.data))
    if window.waiting or window.held:
        return []  # nobody learns who answered or how
    return game._resolve(window)


def resolve(game: MahjongGame, window: ClaimWindow) -> list[Event]:
    game.window = None
    game.on_window_resolved(window)
    answers = window.answers
    order = [(window.from_seat + k) % 4 for k in range(1, 4)]
    winners = [s for s in order if s in answers and answers[s].kind == "win"]
    if window.kind == "discard":  # passing up a rob is not passing up a discard (reading)
        for s, win in window.wins.items():
            if s not in winners:
                game.on_passed_win(s, win)
    if winners:
        if not game.core.multiple_winners:
            winners = winners[:1]
        wins = tuple(window.wins[s] for s in winners)
        if window.kind == "discard":
            tile, _ = game.river[window.from_seat][-1]
            game.river[window.from_seat][-1] = (tile, "won")
        return game._end_hand(HandEnd(wins=wins))
    if window.kind == "rob":
        return game._complete_added_kong(window.from_seat, window.tile)
    best = max(
        (s for s in order if s in answers and answers[s].kind != "pass"),
        key=lambda s: PRIORITY[answers[s].kind],
        default=None,
    )
    if best is None:
        return game._draw_for((window.from_seat + 1) % 4)
    return game._claim(best, answers[best], window)


def claim(game: MahjongGame, seat: int, action: Action, window: ClaimWindow) -> list[Event]:
    tile = window.tile
    game.river[window.from_seat][-1] = (tile, "claimed")
    game.claims_made += 1
    kind = action.kind
    if kind == "chow":
        pair = tuple(sorted(read_tile(x) for x in action.data["tiles"]))
        used = list(pair)
        tiles = tuple(sorted((*pair, tile)))
    else:
        used = [tile] * (3 if kind == "kong" else 2)
        tiles = (tile,) * (len(used) + 1)
    for t in used:
        game.hands[seat].remove(t)
    game.melds[seat].append(Meld(kind, tiles, tile, window.from_seat))
    game.turn = seat
    game.phase = "discard"
    game.drawn = None
    game.draw_kind = None
    game.on_moved(seat)
    events = [
        Event(
            kind,
            seat,
            {"tile": name(tile), "tiles": names(tiles), "from": window.from_seat},
            f"seat {seat} {kind}s {name(tile)} from seat {window.from_seat}",
        )
    ]
    events += game._first_turn_flowers(seat)
    if game.phase != "discard":
        return events
    if kind == "kong":
        events += game._draw_for(seat, replacement=True)
    return events
