"""The trick-taking family's screens (扒鸡窝, 打滚子): what both games' results share.

Both engines end a hand with a ``HandResult`` whose ``summary`` holds the hand's dealer, the
dealer's side, the level and trump played, the defenders' points, the kitty (底牌) and its
bonus, the winning side and the levels before and after (``games/pajiwo/engine.py``,
``games/dagunzi/results.py``). These functions turn those fields into messages; each game's
module adds its own headline. Messages are in ``tricks.po``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event
from games.cards import Suit
from present.message import Cards, Join, Msg, Owner, Seat, Seats

__all__ = ["event", "hand_screen", "match_screen", "suit_msg"]


def suit_msg(trump: Any) -> Msg | str:
    """The trump suit's symbol (``♠``), or "no trump" (无主) when there is none."""
    if isinstance(trump, str) and trump.upper() in ("S", "H", "C", "D"):
        return Suit(trump.upper()).symbol
    return Msg("tricks.no_trump")


def _param(key: str, value: Any) -> Any:
    if key in ("cards", "played", "kitty", "taken", "jokers") and isinstance(value, list):
        return Cards(value)
    if key in ("team", "winner", "winner_team") and isinstance(value, list):
        return Seats(value)
    if key in ("beaten_by", "dealer", "old_dealer", "to", "from") and isinstance(value, int):
        return Seat(value)
    if key == "trump":
        return suit_msg(value)
    return value


def event(e: Event, prefix: str = "event") -> Msg:
    """The generic line of a trick-game event: the catalogue's ``<prefix>.<kind>`` filled
    from the event's data, with ``who`` / ``whose`` the acting seat."""
    params: dict[str, Any] = {k: _param(k, v) for k, v in dict(e.data).items()}
    params["who"] = Seat(e.seat)
    params["whose"] = Owner(e.seat)
    return Msg(f"{prefix}.{e.kind}", params)


def hand_screen(summary: Mapping[str, Any], teams: Sequence[Sequence[int]] | None) -> list[Msg]:
    """The lines after a trick game's headline: who dealt at which level and trump, the
    sides and the defenders' points, the kitty and 扣底, the levels before and after, and
    who deals next (``[]`` for a summary of another shape)."""
    try:
        return _hand_screen(summary, teams)
    except (KeyError, TypeError, ValueError, IndexError, StopIteration):
        return []  # a summary of another shape: the headline stands alone


def _hand_screen(summary: Mapping[str, Any], teams: Sequence[Sequence[int]] | None) -> list[Msg]:
    dealer_team = [int(s) for s in summary["dealer_team"]]
    if not teams:  # partners sit opposite: the dealer's side and the other two
        teams = [sorted(dealer_team), [s for s in range(4) if s not in dealer_team]]
    defenders = next(list(t) for t in teams if sorted(t) != sorted(dealer_team))
    lines = [
        Msg(
            "tricks.screen.sides",
            dealer=Seat(int(summary["dealer"])),
            level=str(summary["level"]),
            trump=suit_msg(summary.get("trump")),
            team=Seats(dealer_team),
            other=Seats(defenders),
            points=int(summary["defenders_points"]),
        )
    ]
    kitty = summary.get("kitty") or []
    bonus = summary.get("kitty_bonus")
    if kitty:
        lines.append(Msg("tricks.screen.kitty", cards=Cards(kitty)))
    if isinstance(bonus, Mapping) and int(bonus.get("bonus") or 0):
        lines.append(
            Msg(
                "tricks.screen.kitty_bonus",
                points=int(bonus.get("kitty_points") or 0),
                bonus=int(bonus["bonus"]),
            )
        )
    before, after = list(summary["levels_before"]), list(summary["levels_after"])
    lines.append(
        Msg(
            "tricks.screen.levels",
            levels=Join(
                [
                    Msg(
                        "tricks.screen.team_level",
                        team=Seats(list(t)),
                        before=str(before[i]),
                        after=str(after[i]),
                    )
                    for i, t in enumerate(teams)
                ],
                sep="semicolon",
            ),
        )
    )
    if summary.get("next_dealer") is not None:
        lines.append(Msg("tricks.screen.next_dealer", who=Seat(int(summary["next_dealer"]))))
    return lines


def match_screen(result: Mapping[str, Any], extra: Sequence[Msg] = ()) -> list[Msg]:
    """A trick game's match result: the winning side (or a draw) with every side's level,
    then how many hands each side won and how long the match was."""
    teams = [list(t) for t in result["teams"]]
    ranks = [int(r) for r in result["ranks"]]
    summary = result.get("summary") or {}
    levels = list(summary.get("levels") or result["scores"])
    sides = Join(
        [Msg("tricks.team_at", team=Seats(t), level=str(levels[i])) for i, t in enumerate(teams)],
        sep="semicolon",
    )
    if ranks.count(1) > 1:
        headline = Msg("tricks.match_drawn", levels=sides)
    else:
        headline = Msg("tricks.match_won", team=Seats(teams[ranks.index(1)]), levels=sides)
    lines = [headline]
    won = summary.get("hands_won")
    if isinstance(won, list) and len(won) == len(teams):
        lines.append(
            Msg(
                "tricks.hands_won",
                hands=Join(
                    [
                        Msg("present.seat_value", who=Seats(t), value=int(won[i]))
                        for i, t in enumerate(teams)
                    ]
                ),
            )
        )
    lines += list(extra)
    lines.append(Msg("present.match_length", n=int(summary.get("hands") or 0)))
    return lines
