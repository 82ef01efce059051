"""打滚子 (Dagunzi): what each moment says, as language-neutral messages (``dagunzi.po``).

The events are the engine's (``games/dagunzi/engine.py``, ``kitty.py``, ``results.py``); the
hand's result comes from ``HandResult.to_json()``, whose ``summary`` has the settlement
``case`` (``keep_up``, ``keep_void``, ``take_no_level``, ``take_up``, ``dagunzi.txt:83-97``),
then the shared trick screen (:func:`present.tricks.hand_screen`): the hand's own dealer, never
the next one (the engine names the next dealer as soon as the hand is over).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Event
from present import tricks
from present.message import Cards, Join, Msg, Seat, Seats

__all__ = ["OUTCOMES", "event", "hand_result", "match_length", "match_result"]

OUTCOMES = ("keep_up", "keep_void", "take_no_level", "take_up")
_REDEAL = {
    "the kitty holds only jokers": "dagunzi.redeal.only_jokers",
    "the kitty has too few suited cards to flip": "dagunzi.redeal.few_suited",
}


def _headline(result: Mapping[str, Any]) -> Msg:
    summary = result["summary"]
    case = str(summary["case"])
    line = Msg(
        f"dagunzi.outcome.{case}",
        number=int(result["number"]),
        points=int(summary["defenders_points"]),
        team=Seats(list(summary["winner_team"])),
        up=int(summary["levels_up"]),
    )
    return line


def hand_headline(result: Mapping[str, Any]) -> list[Msg]:
    """What the table's channel says at the end of a 打滚子 hand: the settlement headline and
    the blood owed next hand (喝血), which changes how the next hand starts (``[]``: no
    settlement in ``result``)."""
    summary = result.get("summary")
    if not isinstance(summary, Mapping) or summary.get("case") not in OUTCOMES:
        return []
    lines = [_headline(result)]
    blood = int(summary.get("blood_next") or 0)
    if blood and not summary.get("lun_over"):  # the next hand's tribute (喝血)
        lines.append(Msg("dagunzi.outcome.blood", blood=blood))
    return lines


def hand_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 打滚子 hand: the settlement headline (and the blood owed next hand), the
    trick screen, and the 轮's end when this hand ended it."""
    lines = hand_headline(result)
    if not lines:
        return []
    summary = result["summary"]
    lines += tricks.hand_screen(summary, result.get("teams"))
    if summary.get("lun_over") and summary.get("lun_winner"):
        lines.append(
            Msg(
                "dagunzi.event.lun_over",
                team=Seats(list(summary["lun_winner"])),
                lun=int(summary["lun"]),
            )
        )
    return lines


def match_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 打滚子 match: the trick family's match screen with the 轮 won per side."""
    try:
        teams = [list(t) for t in result["teams"]]
        luns = list((result.get("summary") or {}).get("luns_won") or [])
        extra = (
            [
                Msg(
                    "dagunzi.luns_won",
                    luns=Join(
                        [
                            Msg("present.seat_value", who=Seats(t), value=int(luns[i]))
                            for i, t in enumerate(teams)
                        ]
                    ),
                )
            ]
            if len(luns) == len(teams)
            else []
        )
        return tricks.match_screen(result, extra)
    except (KeyError, TypeError, ValueError, IndexError):
        return []


def event(e: Event) -> Msg | None:
    """The line of one 打滚子 event, or ``None`` when it has none."""
    data: Mapping[str, Any] = dict(e.data)
    who = Seat(e.seat)
    kind = e.kind
    try:
        if kind == "hand_over":
            lines = hand_result(data)
            return lines[0] if lines else None
        if kind == "match_over":
            lines = match_result(data)
            return lines[0] if lines else None
        if kind == "level_up" and "up" not in data:
            return Msg(
                "dagunzi.event.level_up", team=Seats(list(data["team"])), level=str(data["level"])
            )
        if kind == "lun_over":
            return Msg(
                "dagunzi.event.lun_over", team=Seats(list(data["winner"])), lun=int(data["lun"])
            )
        if kind == "deal_grabbed":
            return Msg("dagunzi.event.deal_grabbed", who=who)
        if kind == "trump_fixed":
            card = Cards([data["card"]]) if data.get("card") else "—"
            how = Msg(f"dagunzi.how.{data['how']}", card=card)
            return Msg("dagunzi.event.trump_fixed", suit=tricks.suit_msg(data["trump"]), how=how)
        if kind == "kitty_flipped":
            flips = Join(
                [
                    Msg("present.seat_value", who=Seat(f.get("seat")), value=Cards([f.get("card")]))
                    for f in data.get("flips") or []
                ]
            )
            return Msg("dagunzi.event.kitty_flipped", flips=flips, who=who)
        if kind == "redealt":
            key = _REDEAL.get(str(data.get("reason")))
            why: Msg | str = Msg(key) if key else str(data.get("reason"))
            return Msg("dagunzi.event.redealt", why=why)
        if kind in ("trump_declared", "trump_overcalled"):
            key = {"overcall": "trump_overcalled", "reinforce": "trump_reinforced"}.get(
                str(data.get("kind")), "trump_declared"
            )
            return Msg(
                f"dagunzi.event.{key}",
                who=who,
                cards=Cards(data["cards"]),
                suit=tricks.suit_msg(data["trump"]),
            )
        if kind == "tribute_paid":
            return Msg(
                "dagunzi.event.tribute_paid",
                who=who,
                dealer=Seat(data["to"]),
                count=int(data["count"]),
            )
        if kind == "gan_guo":
            return Msg("dagunzi.event.gan_guo", cards=Cards(data["kitty"]))
        if kind == "kitty_taken":
            return Msg("dagunzi.event.kitty_taken", who=who)
        if kind == "kitty_buried":
            jokers = int(data.get("jokers") or 0)
            if jokers and data.get("kitty"):
                return Msg(
                    "dagunzi.event.kitty_buried_jokers",
                    who=who,
                    jokers=jokers,
                    cards=Cards(data["kitty"]),
                )
            return Msg("dagunzi.event.kitty_buried", who=who)
        if kind == "jokers_buried":
            taken: Any = Cards(data["taken"]) if data.get("taken") else Msg("dagunzi.nothing")
            if data.get("kept"):  # more jokers than the kitty could pay back: the rest stay
                return Msg(
                    "dagunzi.event.jokers_buried_kept",
                    who=who,
                    jokers=Cards(data["jokers"]),
                    taken=taken,
                    kept=Cards(data["kept"]),
                )
            return Msg(
                "dagunzi.event.jokers_buried", who=who, jokers=Cards(data["jokers"]), taken=taken
            )
        if kind == "cards_taken_back":
            return Msg("dagunzi.event.cards_taken_back", who=who, cards=Cards(data["cards"]))
        if kind == "kitty_won":
            return Msg(
                "dagunzi.event.kitty_won",
                who=who,
                points=int(data["kitty_points"]),
                bonus=int(data["bonus"]),
            )
        if kind == "play_started":
            return Msg(
                "dagunzi.event.play_started",
                suit=tricks.suit_msg(data["trump"]),
                level=str(data["level"]),
                who=who,
            )
        if kind in ("trick_won", "throw_failed", "hand_started"):
            return tricks.event(e)
    except (KeyError, TypeError, ValueError):
        return None
    return None


def table(view: Mapping[str, Any]) -> list[Msg]:
    """The public state of play (:func:`present.tricks.table`)."""
    return tricks.table(view)


def situation(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """What a seat's decision needs, and the whole result once the hand is over."""
    return tricks.situation(view, seat, hand_result, match_result)


def _lun(view: Mapping[str, Any]) -> Msg | None:
    """``轮 2 · 轮 won: Ann & Cy 1, Bo & Di 0``, and in a 轮's first hand how its deal is
    grabbed (抢亮)."""
    teams = [list(t) for t in view.get("teams") or [] if isinstance(t, list)]
    won = list(view.get("luns_won") or [])
    if view.get("lun") is None or len(won) != len(teams):
        return None
    sides = Join(
        [Msg("present.seat_value", who=Seats(t), value=won[i]) for i, t in enumerate(teams)]
    )
    return Msg("screen.lun", lun=int(view["lun"]), won=sides)


def _kitty_steps(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """The tribute (喝血) of this hand, the cards this seat gave or got in it, the kitty as
    shown to everyone, and the jokers other seats buried (扣王) with what they took back."""
    out: list[Msg] = []
    tribute = view.get("tribute")
    if isinstance(tribute, Mapping) and tribute.get("count"):
        out.append(
            Msg(
                "screen.tribute",
                who=Seat(tribute.get("from")),
                dealer=Seat(tribute.get("to")),
                count=int(tribute["count"]),
            )
        )
        if tribute.get("cards"):  # told to the two seats that exchanged them only
            out.append(
                Msg(
                    "screen.tribute_cards",
                    given=Cards(tribute["cards"]),
                    returned=Cards(tribute.get("returned") or []),
                )
            )
    kitty = view.get("kitty")
    if isinstance(kitty, list) and kitty and view.get("kitty_owner") != seat:
        out.append(Msg("tricks.screen.kitty", cards=Cards(kitty)))  # shown to all (jokers)
    for record in view.get("joker_buries") or []:
        if isinstance(record, Mapping):
            taken = record.get("taken")
            out.append(
                Msg(
                    "dagunzi.event.jokers_buried",
                    who=Seat(record.get("seat")),
                    jokers=Cards(record.get("jokers") or []),
                    taken=Cards(taken) if taken else Msg("dagunzi.nothing"),
                )
            )
    return out


def screen(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """A seat's whole screen (the terminal): the trick family's, with the 轮 and, while a
    轮's first hand is dealt, how the deal is grabbed; the tribute and the kitty's steps."""
    extra = [m for m in (_lun(view),) if m is not None]
    if view.get("grab") and view.get("phase") in ("dealing", "declare_round"):
        extra.append(Msg("screen.grab"))
    over = view.get("phase") in ("hand_over", "match_over")
    extra += [] if over else _kitty_steps(view, seat)
    return tricks.screen(view, seat, hand_result, match_result, extra)


def match_length(options: Mapping[str, Any]) -> Msg | None:
    """A 打滚子 match of 轮 or of hands (``one_hand``: the generic line)."""
    if options.get("match") == "lun":
        return Msg("match_length.dagunzi.lun", luns=int(options.get("luns") or 1))
    if options.get("match") == "hands":
        return Msg("match_length.dagunzi.hands", hands=int(options.get("hands") or 10))
    return None
