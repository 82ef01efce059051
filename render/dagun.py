"""Adapter from the 打滚 (Dagun) engine view to render scenes: the hand of 27 grouped by rank
(3 … A, 2) with the jokers apart, and the climbing table (:class:`render.scenes.ClimbTableScene`).

Reads only the view's keys it needs (see :func:`games.dagun.views.seat_view`). The table
picture may be seen by everyone, so it shows only what is public: the sides are coloured once
``view["teams"]`` is known (明鸡 or 硬牌) and never from the partner's private ``partner`` key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.cards import Card, parse_card
from games.climbing import climb_index
from render.cards import CardGroup, group_cards
from render.cards import hand_png as _cards_png
from render.climb import climb_table_image, climb_table_png
from render.scenes import ClimbTableScene

__all__ = ["hand_groups", "hand_input", "hand_png", "table_png", "table_scene"]

_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
_JOKERS = 13


def _cards(value: Any) -> list[Card]:
    return [parse_card(str(c)) for c in value or []]


def _group(card: Card) -> int:
    return _JOKERS if card.is_joker else climb_index(card.rank)


def hand_groups(view: Mapping[str, Any]) -> list[CardGroup]:
    """The viewer's hand as groups, one per rank from 3 up to 2, then ``王 jokers``
    (大王 before 小王); inside a rank ♠ ♥ ♣ ♦."""
    suits = "SHCD"

    def key(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (_JOKERS, -int(card.rank))
        assert card.suit is not None
        return (climb_index(card.rank), suits.index(card.suit.value))

    def label(group: object) -> str:
        return "王 jokers" if group == _JOKERS else _LABELS[int(group)]  # type: ignore[call-overload]

    return group_cards(_cards(view.get("hand")), sort_key=key, group_of=_group, label_of=label)


def _label(play: Mapping[str, Any]) -> str:
    return f"{play.get('label_zh', '')} {play.get('as', '')}".strip()


def _latest_plays(entries: Any) -> list[tuple[int, list[Card], str]]:
    """Each seat's latest play among a round's ``entries`` (plays and passes, in order), in
    the order those plays were made: the last one is the play to beat."""
    latest: dict[int, tuple[int, list[Card], str]] = {}
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, Mapping) and entry.get("cards") and isinstance(entry.get("seat"), int):
            seat = int(entry["seat"])
            latest.pop(seat, None)  # re-inserted: dicts keep the order of the latest plays
            latest[seat] = (seat, _cards(entry["cards"]), _label(entry))
    return list(latest.values())


def table_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    viewer: int | None = None,
    deadline: str = "",
    title: str = "打滚 Dagun",
) -> ClimbTableScene:
    """A :class:`ClimbTableScene` from a Dagun ``view(seat)`` dict.

    The round's plays by seat (each seat's latest, the play to beat last, with its kind:
    ``"连对 4455"``) or, between rounds, the round just won and who took its points; who went
    out in which place, points captured per seat and on the table, the called card (叫牌),
    the dealer and whose turn; the title carries the hand number and the 明鸡 / 硬牌 marks.
    """
    seat = view.get("seat")
    if viewer is None:
        viewer = seat if isinstance(seat, int) else 0
    last = view.get("last_play")
    last_play = None
    if isinstance(last, Mapping) and last.get("cards"):
        last_play = (int(last["seat"]), _cards(last["cards"]), _label(last))
    plays = _latest_plays(view.get("round"))
    caption, winner = "", None
    previous = view.get("last_round")
    if not plays and isinstance(previous, Mapping) and previous.get("plays"):
        # between rounds: the round just won, faded, with who took its points
        plays = _latest_plays(previous["plays"])
        winner = previous.get("stood") if isinstance(previous.get("stood"), int) else None
        taker, points = previous.get("taker"), previous.get("points") or 0
        caption = "上一轮 · last round"
        if isinstance(taker, int) and 0 <= taker < len(names) and points:
            caption += f" · {names[taker]} · +{points}分"
    teams = view.get("teams")
    side: dict[int, int] = {}
    if teams:
        dealer = view.get("dealer")
        ordered = sorted(teams, key=lambda t: dealer not in t)  # the dealer's side first
        side = {s: i for i, members in enumerate(ordered) for s in members}
    marks = [f"第{view.get('hand_number', 1)}局"]
    if view.get("alone") is not None:
        marks.append(f"硬牌 {names[int(view['alone'])]}")
    elif view.get("revealed"):
        marks.append("明鸡")
    turn = view.get("turn")
    turn_seat = turn[0] if isinstance(turn, list) and len(turn) == 1 else None
    called = view.get("called")
    dealer = view.get("dealer")
    return ClimbTableScene(
        names=list(names),
        cards_left=list(view.get("hand_counts") or [0] * len(names)),
        last_play=last_play,
        finish_order=list(view.get("finish_order") or []),
        captured=list(view.get("captured") or [0] * len(names)),
        teams=[side.get(s) for s in range(len(names))],
        called_card=parse_card(called) if called else None,
        dealer=dealer if isinstance(dealer, int) else None,
        turn=turn_seat if isinstance(turn_seat, int) else None,
        deadline=deadline,
        viewer=viewer,
        title=" · ".join([title, *marks]),
        passed=[int(s) for s in view.get("passed") or [] if isinstance(s, int)],
        plays=plays,
        plays_caption=caption,
        round_winner=winner,
        round_points=int(view.get("round_points") or 0) if not caption else 0,
    )


def table_image(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """:func:`table_png` as an image, not encoded (the replay draws it into a step)."""
    return climb_table_image(table_scene(view, names))


def table_png(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """The climbing table picture (PNG bytes) of a spectator's ``view``: the front ends' entry
    point (``cogs.pictures`` finds it as ``render.<game>.table_png``). Public only: the sides
    are coloured once ``view["teams"]`` is known (明鸡 or 硬牌)."""
    return climb_table_png(table_scene(view, names))


def hand_png(view: Mapping[str, Any]) -> bytes:
    """The picture (PNG bytes) of the hand of 27 in a seat's ``view``, by rank, jokers apart."""
    return _cards_png(hand_groups(view))


def hand_input(view: Mapping[str, Any]) -> Any:
    """What :func:`hand_png` draws from ``view`` (``hand_groups``): equal inputs, equal pictures,
    so a front end can keep the picture when only the controls change."""
    return hand_groups(view)
