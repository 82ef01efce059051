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
from present.screens import finished, finished_screen

__all__ = ["event", "hand_screen", "last_trick", "match_screen", "screen", "suit_msg"]


def suit_msg(trump: Any) -> Msg | str:
    """The trump suit's symbol (``♠``), or "no trump" (无主) when there is none."""
    if isinstance(trump, str) and trump.upper() in ("S", "H", "C", "D"):
        return Suit(trump.upper()).symbol
    return Msg("tricks.no_trump")


def _trump_phrase(trump: Any) -> Msg:
    """``♠ trump`` / ``主 ♠``, or ``no trump`` / ``无主``."""
    symbol = suit_msg(trump)
    return symbol if isinstance(symbol, Msg) else Msg("tricks.trump_suit", suit=symbol)


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
    if e.kind == "trick_won" and prefix == "event":
        won = trick_won(e)
        if won is not None:
            return won
    params: dict[str, Any] = {k: _param(k, v) for k, v in dict(e.data).items()}
    params["who"] = Seat(e.seat)
    params["whose"] = Owner(e.seat)
    return Msg(f"{prefix}.{e.kind}", params)


def trick_plays(plays: Any) -> Join:
    """``Bot 3 ♣4, Bot 4 ♣8, you ♣3``: who played what in a trick, in the order played."""
    return Join(
        [
            Msg("present.seat_value", who=Seat(p.get("seat")), value=Cards(p.get("cards") or []))
            for p in plays
            if isinstance(p, Mapping)
        ]
    )


def trick_won(e: Event) -> Msg | None:
    """``Bot 2 won trick 1 with ♣A (0 points): Bot 3 ♣4, Bot 4 ♣8, you ♣3, Bot 2 ♣A``: the
    trick's every card, so the play that ends it is seen even when its winner leads again at
    once (the table then shows the next trick). ``None`` for an event without its plays (one
    stored before they were recorded), which keeps the short line."""
    plays = e.data.get("plays")
    if not isinstance(plays, list) or not plays:
        return None
    winning = next(
        (p.get("cards") for p in plays if isinstance(p, Mapping) and p.get("seat") == e.seat),
        None,
    )
    return Msg(
        "event.trick_won_with",
        who=Seat(e.seat),
        trick=e.data.get("trick", ""),
        points=int(e.data.get("points") or 0),
        cards=Cards(winning or []),
        plays=trick_plays(plays),
    )


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
            trump=_trump_phrase(summary.get("trump")),
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


def _trump(view: Mapping[str, Any]) -> Msg | str | None:
    """The trump as the view shows it: a suit's symbol, 无主, or ``None`` before it is known."""
    trump = view.get("trump")
    if not isinstance(trump, Mapping):
        return None
    if trump.get("no_trump"):
        return Msg("tricks.no_trump")
    if trump.get("suit"):
        return suit_msg(trump["suit"])
    return None


def _is_no_trump(trump: Msg | str | None) -> bool:
    return isinstance(trump, Msg) and trump.id == "tricks.no_trump"


def _trick(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    trick = view.get("trick")
    plays = trick.get("plays") if isinstance(trick, Mapping) else None
    return [p for p in plays or [] if isinstance(p, Mapping)]


def _as_played(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view with the finished hand's own level, trump and defenders' points once it is
    over: the engine already looks at the next hand (its dealer, so its defenders)."""
    last = finished(view)
    summary = last.get("summary") if last is not None else None
    if not isinstance(summary, Mapping) or "defenders_points" not in summary:
        return view
    shown = dict(view)
    shown["defenders_points"] = summary["defenders_points"]
    if summary.get("level") is not None:
        shown["level"] = summary["level"]
    if summary.get("trump") or summary.get("no_trump"):
        shown["trump"] = {"suit": summary.get("trump"), "no_trump": bool(summary.get("no_trump"))}
    return shown


def table(view: Mapping[str, Any], hand_result: Any = None) -> list[Msg]:
    """The public state of play of a trick game (a spectator's view): trump and level, the
    defenders' points, the trick so far (the finished hand's, once it is over)."""
    view = _as_played(view)
    out: list[Msg] = []
    if "trump" in view:
        trump = _trump(view)
        level = view.get("level") or "—"
        if _is_no_trump(trump):  # "no trump, level 2", not "trump no trump"
            out.append(Msg("table.no_trump_level", level=level))
        else:
            trump = trump if trump is not None else Msg("table.no_trump")
            out.append(Msg("table.trump", trump=trump, level=level))
    if view.get("defenders_points") is not None:
        out.append(Msg("table.points", points=view["defenders_points"]))
    plays = _trick(view)
    if plays:
        shown = Join(
            [
                Msg(
                    "present.seat_value", who=Seat(p.get("seat")), value=Cards(p.get("cards") or [])
                )
                for p in plays
            ]
        )
        out.append(Msg("table.trick", trick=shown))
    return out


def situation(
    view: Mapping[str, Any], seat: int, hand_result: Any = None, match_result: Any = None
) -> list[Msg]:
    """What a seat's decision needs (its own view): trump and level with the defenders'
    points, the trick (who led what, who is winning), what it buried, and, once the hand is
    over, the whole result screen (``hand_result``: the game's own, from the engine's result)."""
    view = _as_played(view)
    out: list[Msg] = []
    trump = _trump(view)
    if trump is not None:
        level = view.get("level") or "—"
        state = (
            Msg("hand.state_no_trump", level=level)
            if _is_no_trump(trump)
            else Msg("hand.state", trump=trump, level=level)
        )
        if view.get("defenders_points") is not None:
            state = Msg(
                "tricks.then_dot",
                first=state,
                second=Msg("hand.points", points=view["defenders_points"]),
            )
        out.append(state)
    plays = _trick(view)
    if plays:
        parts: list[Msg] = [
            Msg(
                "hand.trick_led" if i == 0 else "hand.trick_play",
                who=Seat(p.get("seat")),
                cards=Cards(p.get("cards") or []),
            )
            for i, p in enumerate(plays)
        ]
        winning = view["trick"].get("winning")
        if isinstance(winning, int):
            parts.append(Msg("hand.trick_winning", who=Seat(winning)))
        out.append(Msg("present.line", text=Join(parts, sep="semicolon")))
    kitty = view.get("kitty")
    over = view.get("phase") in ("hand_over", "match_over")
    if isinstance(kitty, list) and kitty and view.get("kitty_owner") == seat and not over:
        out.append(Msg("hand.buried", cards=Cards(kitty)))
    if hand_result is not None:
        out += finished_screen(view, hand_result, match_result or (lambda _: []))
    return out


def _sides(view: Mapping[str, Any]) -> Msg | None:
    """``dealer Ann · Ann & Cy at level 5; Bo & Di at level 3``: the hand's dealer (the
    finished hand's, once it is over) and each side with its level, as the view has them."""
    teams = [list(t) for t in view.get("teams") or [] if isinstance(t, list)]
    levels = list(view.get("team_levels") or [])
    if not teams:
        return None
    sides = Join(
        [
            Msg("tricks.team_at", team=Seats(t), level=str(levels[i]))
            if i < len(levels)
            else Seats(t)
            for i, t in enumerate(teams)
        ],
        sep="semicolon",
    )
    dealer = view.get("dealer")
    last = finished(view)
    if last is not None:  # the engine already names the next hand's dealer
        dealer = (last.get("summary") or {}).get("dealer", dealer)
    if not isinstance(dealer, int):
        return Msg("screen.sides", sides=sides)
    return Msg("screen.dealer_sides", dealer=Seat(dealer), sides=sides)


def _held(view: Mapping[str, Any]) -> Msg | None:
    """How many cards each seat holds, while a hand is played."""
    counts = view.get("hand_counts")
    if not isinstance(counts, list) or view.get("phase") in ("hand_over", "match_over"):
        return None
    held = Join([Msg("present.seat_value", who=Seat(s), value=n) for s, n in enumerate(counts)])
    return Msg("screen.held", counts=held)


def last_trick(view: Mapping[str, Any]) -> Msg | None:
    """The last trick taken, while no card of the next one is played: who played what, who
    took it and its points (the cards of a trick the screen did not show yet)."""
    last = view.get("last_trick")
    if _trick(view) or not isinstance(last, Mapping) or not last.get("plays"):
        return None
    plays = trick_plays(last["plays"])
    return Msg(
        "screen.last_trick",
        plays=plays,
        who=Seat(last.get("winner")),
        n=int(last.get("points") or 0),
    )


def _standing(view: Mapping[str, Any]) -> Msg | None:
    """The declaration that stands while trump is not fixed (a live deal's bidding)."""
    standing = view.get("standing")
    trump = view.get("trump")
    fixed = isinstance(trump, Mapping) and trump.get("fixed_by")
    if not isinstance(standing, Mapping) or standing.get("seat") is None or fixed:
        return None
    return Msg(
        "screen.standing", who=Seat(standing.get("seat")), cards=Cards(standing.get("cards") or [])
    )


def screen(
    view: Mapping[str, Any],
    seat: int,
    hand_result: Any = None,
    match_result: Any = None,
    extra: Sequence[Msg] = (),
) -> list[Msg]:
    """A seat's whole screen where no table message stands beside it (the terminal): the
    dealer and the sides with their levels, ``extra`` (a game's own lines), the cards each
    seat holds, the bid that stands, then its :func:`situation`, and the last trick taken."""
    head = [m for m in (_sides(view), *extra, _held(view), _standing(view)) if m is not None]
    tail = [m for m in (last_trick(view),) if m is not None]
    return head + situation(view, seat, hand_result, match_result) + tail
