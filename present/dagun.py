"""打滚 (Dagun): what each moment says, as language-neutral messages (``dagun.po``).

Built from the engine's events and results only (``games/dagun/engine.py``): the hand's
result comes from ``HandResult.to_json()`` (its ``teams`` and ``summary``: the dealer, the
called card (叫牌), the partner, 硬牌, the finishing order, points and coins), never from a view
taken later, so the screen names exactly the sides the engine scored. The secret partner is
named only by the ``partner_revealed`` event (明鸡, ``dagun_and_jinhua-mahjong.txt:55``) and by
the result, when the hand is over and everything is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event
from present.message import ByLang, Cards, Join, Msg, Owner, Seat, Seats, Signed
from present.screens import finished, finished_screen

__all__ = [
    "PLACES",
    "event",
    "hand_result",
    "match_length",
    "match_result",
    "play_msg",
    "reading_text",
]

PLACES = ("一游", "二游", "三游", "末游")
"""Finishing places, first out (一游) to last (末游)."""
RESULTS = ("win", "bang", "qing", "guangtou", "tie_last", "alone_won", "alone_lost")


def reading_text(key: str) -> str:
    """A reading's ranks for players: ``4455`` as is, ten written ``10`` (``10 10 J J``);
    ``""`` for 510K and 天炸, whose name says it all."""
    if key in ("5TK", "jokers") or not key:
        return ""
    return " ".join("10" if c == "T" else c for c in key) if "T" in key else key


def play_msg(play: Mapping[str, Any]) -> Msg:
    """``♠5 ♥5 大王 小王 (连对 4455)``: a play's cards and the reading they were played as."""
    label = ByLang(str(play.get("label") or ""), str(play.get("label_zh") or ""))
    ranks = reading_text(str(play.get("as", "")))
    reading = Msg("dagun.reading", label=label, ranks=ranks) if ranks else label
    return Msg("dagun.play", cards=Cards(play.get("cards") or []), reading=reading)


def _coins(coins: Sequence[Any]) -> Join:
    return Join(
        [Msg("present.seat_value", who=Seat(s), value=Signed(int(c))) for s, c in enumerate(coins)]
    )


def event(e: Event) -> Msg | None:
    """The line of one 打滚 event, or ``None`` for one that is not shown this way."""
    data = dict(e.data)
    kind = e.kind
    who = Seat(e.seat)
    if kind == "hand_started" and "called" in data:
        return Msg(
            "dagun.event.hand_started",
            hand=data.get("hand", ""),
            who=Seat(data.get("dealer")),
            whose=Owner(data.get("dealer")),
            called=Cards([data["called"]]),
        )
    if kind == "alone_declared":
        return Msg("dagun.event.alone_declared", who=who)
    if kind == "play_started":
        return Msg("dagun.event.play_started", who=who)
    if kind == "played" and "label_zh" in data:
        key = "dagun.event.played_bomb" if data.get("bomb") else "dagun.event.played"
        return Msg(key, who=who, play=play_msg(data))
    if kind == "partner_revealed":
        return Msg(
            "dagun.event.partner_revealed",
            who=who,
            called=Cards([data.get("called", "")]),
            dealers=Owner(data.get("dealer")),
        )
    if kind == "went_out":
        place = int(data.get("place", 1))
        return Msg("dagun.event.went_out", who=who, place=PLACES[min(max(place, 1), 4) - 1])
    if kind == "round_won":
        points = int(data.get("points", 0))
        if not points:
            return Msg("dagun.event.round_won", who=who, whose=Owner(e.seat))
        return Msg(
            "dagun.event.round_won_points",
            who=who,
            whose=Owner(e.seat),
            taker=Seat(data.get("taker")),
            points=points,
        )
    if kind == "jiefeng":
        return Msg("dagun.event.jiefeng", whose=Owner(data.get("from")), to=Seat(data.get("to")))
    if kind == "hand_over":
        lines = hand_result(data)
        return lines[0] if lines else None
    if kind == "match_over":
        lines = match_result(data)
        return lines[0] if lines else None
    return None


def _bonuses(bonuses: Any) -> Msg | None:
    """``Alice 天炸`` for the bonus hands held (天炸, 7喜, 8喜), or ``None``."""
    if not isinstance(bonuses, Mapping):
        return None
    parts: list[Msg] = []
    for seat, held in sorted(bonuses.items()):
        for name in held or []:
            what, _, rank = str(name).partition(" of ")  # "7喜 of 5"
            parts.append(
                Msg("dagun.screen.bonus", who=Seat(int(seat)), what=what, rank=rank)
                if rank
                else Msg("present.seat_value", who=Seat(int(seat)), value=what)
            )
    return Msg("dagun.outcome.bonuses", held=Join(parts)) if parts else None


def _with(headline: Msg, extra: Msg | None) -> Msg:
    """The headline, and the bonus hands after it when there are any."""
    return headline if extra is None else Msg("present.then", first=headline, second=extra)


def hand_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 打滚 hand from ``HandResult.to_json()``: the headline (who won, 绑 / 清 /
    光头 / 硬牌, the multiplier, each seat's coins), then the sides as they were (the dealer,
    the called card and its partner, or 硬牌), the finishing order, the points per side and the
    match's coins so far. ``[]`` for data of another shape."""
    summary = result.get("summary")
    if not isinstance(summary, Mapping) or "coins_total" not in summary:
        return []
    number = int(result["number"])
    outcome = str(summary["result"])
    params: dict[str, Any] = {
        "number": number,
        "mult": int(summary["multiplier"]),
        "coins": _coins(summary["coins"]),
        "result": Msg(f"dagun.result.{outcome}") if outcome in RESULTS else outcome,
    }
    teams = [tuple(t) for t in result["teams"]]
    dealer = int(summary["dealer"])
    lines: list[Msg] = []
    bonus = _bonuses(summary.get("bonuses"))
    if summary.get("alone") is not None:
        alone = int(summary["alone"])
        lone_winners = Seats(sorted(int(w) for w in summary["winners"]))
        headline = Msg("dagun.outcome.alone", who=Seat(alone), team=lone_winners, **params)
        lines.append(_with(headline, bonus))
        others = next(t for t in teams if alone not in t)
        lines.append(
            Msg(
                "dagun.screen.alone",
                who=Seat(alone),
                others=Seats(others),
                dealer=Seat(dealer),
                called=Cards([summary["called"]]),
            )
        )
    else:
        points = list(summary["team_points"])
        winners = sorted(summary["winners"])
        win = next(i for i, t in enumerate(teams) if sorted(t) == winners)
        headline = Msg(
            "dagun.outcome.partners",
            team=Seats(teams[win]),
            points=int(points[win]),
            other=int(points[1 - win]),
            **params,
        )
        lines.append(_with(headline, bonus))
        ours = next(i for i, t in enumerate(teams) if dealer in t)
        lines.append(
            Msg(
                "dagun.screen.sides",
                dealer=Seat(dealer),
                called=Cards([summary["called"]]),
                partner=Seat(int(summary["partner"])),
                team=Seats(teams[ours]),
                points=int(points[ours]),
                other_team=Seats(teams[1 - ours]),
                other=int(points[1 - ours]),
            )
        )
    order = [int(s) for s in summary.get("finish_order") or []]
    if order:
        lines.append(
            Msg(
                "dagun.screen.places",
                places=Join(
                    [
                        Msg("dagun.screen.place", place=PLACES[i], who=Seat(s))
                        for i, s in enumerate(order[:4])
                    ]
                ),
            )
        )
    lines.append(Msg("dagun.screen.totals", coins=_coins(summary["coins_total"])))
    return lines


def match_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 打滚 match from ``MatchResult.to_json()``: who is first (ties share it)
    with how many coins, then every seat's coins."""
    try:
        totals = [int(c) for c in result["scores"]]
        ranks = [int(r) for r in result["ranks"]]
    except (KeyError, TypeError, ValueError):
        return []
    first = [s for s, r in enumerate(ranks) if r == 1]
    best = max(totals)
    hands = int((result.get("summary") or {}).get("hands") or 0)
    return [
        Msg("dagun.outcome.match", who=Seats(first), n=best, coins=_coins(totals)),
        Msg("present.match_length", n=hands),
    ]


def _marks(view: Mapping[str, Any]) -> Msg:
    """The called card and the dealer (the finished hand's, once it is over), then 硬牌 or the
    sides once public (明鸡)."""
    dealer = view.get("dealer")
    last = finished(view)
    if last is not None:  # the engine already names the next hand's dealer
        dealer = (last.get("summary") or {}).get("dealer", dealer)
    line = Msg("dagun.state.called", called=Cards([view.get("called", "")]), dealer=Seat(dealer))
    alone = view.get("alone")
    teams = view.get("teams")
    if isinstance(alone, int):
        return Msg("tricks.then_dot", first=line, second=Msg("dagun.state.alone", who=Seat(alone)))
    if view.get("revealed") and isinstance(teams, list) and len(teams) == 2:
        sides = Msg("present.versus", first=Seats(teams[0]), second=Seats(teams[1]))
        return Msg("tricks.then_dot", first=line, second=Msg("dagun.state.revealed", sides=sides))
    return line


def _to_beat(view: Mapping[str, Any]) -> Msg | None:
    last = view.get("last_play")
    if not isinstance(last, Mapping) or not last.get("cards"):
        return None
    parts: list[Msg] = [Msg("dagun.state.to_beat", who=Seat(last.get("seat")), play=play_msg(last))]
    passed = [s for s in view.get("passed") or [] if isinstance(s, int)]
    if passed:
        parts.append(Msg("dagun.state.passed", who=Seats(passed)))
    if view.get("round_points"):
        parts.append(Msg("dagun.state.round_points", points=view["round_points"]))
    return Msg("present.line", text=Join(parts, sep="middot"))


def _points(view: Mapping[str, Any]) -> Msg:
    captured = list(view.get("captured") or [])
    counts = list(view.get("hand_counts") or [])
    seats = [
        Msg(
            "dagun.state.seat",
            who=Seat(s),
            points=captured[s] if s < len(captured) else 0,
            n=counts[s] if s < len(counts) else 0,
        )
        for s in range(max(len(captured), len(counts)))
    ]
    parts: list[Any] = [Join(seats, sep="semicolon")]
    out = [int(s) for s in view.get("finish_order") or []]
    if out:
        parts.append(
            Join(
                [
                    Msg("dagun.screen.place", place=PLACES[i], who=Seat(s))
                    for i, s in enumerate(out[:4])
                ]
            )
        )
    return Msg("present.line", text=Join(parts, sep="middot"))


def table(view: Mapping[str, Any]) -> list[Msg]:
    """The public state of play (a spectator's view): the called card and the marks, the
    play to beat and who passed, points and cards left per seat."""
    if "called" not in view:
        return []
    out = [_marks(view)]
    beat = _to_beat(view)
    if beat is not None:
        out.append(beat)
    out.append(_points(view))
    return out


def situation(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """What a seat's decision needs (its own view): the marks, and whether this seat is the
    secret partner (told to the partner alone), 硬牌 or not, the play to beat or that it
    leads, points and cards left; once the hand is over, the whole result screen."""
    if "called" not in view:
        return []
    out = [_marks(view)]
    phase = view.get("phase")
    if (
        view.get("you_are_partner")
        and not view.get("revealed")
        and phase not in ("hand_over", "match_over")
    ):
        out.append(
            Msg(
                "dagun.state.you_are_partner",
                called=Cards([view.get("called", "")]),
                dealers=Owner(view.get("dealer")),
            )
        )
    if phase == "alone" and "declare_alone" in (view.get("legal") or []):
        out.append(Msg("dagun.state.alone_question"))
    elif phase == "play":
        beat = _to_beat(view)
        if beat is not None:
            out.append(beat)
        elif seat in (view.get("turn") or []):
            out.append(Msg("dagun.state.you_lead"))
    out.append(_points(view))
    out += finished_screen(view, hand_result, match_result)
    return out


def match_length(options: Mapping[str, Any]) -> Msg | None:
    """A full 打滚 match: its hands, the seats ranked by coins (``one_hand``: the generic
    line)."""
    if options.get("match") != "full":
        return None
    return Msg("match_length.dagun.hands", hands=int(options.get("hands") or 8))
