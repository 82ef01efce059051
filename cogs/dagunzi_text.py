"""打滚子 (Dagunzi)'s event and result lines, in the reader's language.

:func:`cogs.present.event_line` and :func:`cogs.present.outcome_line` ask here first for a
Dagunzi table; the templates are the ``dagunzi.*`` keys of ``present/locales/*/dagunzi.po``.
The data shapes are the engine's events (``games/dagunzi/engine.py``, ``kitty.py``,
``results.py``): e.g. ``hand_over`` carries ``HandResult.to_json()`` whose ``summary`` has
the settlement ``case`` (``keep_up``, ``keep_void``, ``take_no_level``, ``take_up``,
``dagunzi.txt:83-97``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cogs.i18n import Lang, is_zh, tr
from games.base import Event
from games.cards import Suit

__all__ = ["event_line", "is_dagunzi_result", "outcome_line"]

_REDEAL = {
    "the kitty holds only jokers": "dagunzi.redeal.only_jokers",
    "the kitty has too few suited cards to flip": "dagunzi.redeal.few_suited",
}
OUTCOMES = ("keep_up", "keep_void", "take_no_level", "take_up")


def _names(lang: Lang, names: Sequence[str], seats: Any) -> str:
    from cogs.present import team_names

    return team_names(lang, names, list(seats))


def _who(lang: Lang, names: Sequence[str], seat: Any) -> str:
    from cogs.present import seat_name

    return seat_name(lang, names, seat if isinstance(seat, int) else None)


def _suit(value: Any) -> str:
    return Suit(str(value).upper()).symbol


def _cards(value: Any) -> str:
    from cogs.present import cards_text

    return cards_text(value or [])


def is_dagunzi_result(data: Mapping[str, Any]) -> bool:
    """True for a ``hand_over`` event's data (a ``HandResult``) of a Dagunzi hand."""
    summary = data.get("summary")
    return isinstance(summary, Mapping) and summary.get("case") in OUTCOMES


def outcome_line(
    lang: Lang, kind: str, data: Mapping[str, Any], names: Sequence[str]
) -> str | None:
    """The line of a hand's result (``hand_over``), a new level (``level_up``) or the end
    of a 轮 (``lun_over``); ``None`` for another kind (the shared lines then apply)."""
    try:
        if kind == "hand_over" and is_dagunzi_result(data):
            summary = data["summary"]
            case = str(summary["case"])
            winners = summary["winner_team"]
            line = tr(
                lang,
                f"dagunzi.outcome.{case}",
                number=int(data["number"]),
                points=int(summary["defenders_points"]),
                team=_names(lang, names, winners),
                up=int(summary["levels_up"]),
            )
            blood = int(summary.get("blood_next") or 0)
            if blood and not summary.get("lun_over"):
                sep = "；" if is_zh(lang) else "; "
                line += sep + tr(lang, "dagunzi.outcome.blood", blood=blood)
            return line
        if kind == "level_up" and "up" not in data:
            return tr(
                lang,
                "dagunzi.event.level_up",
                team=_names(lang, names, data["team"]),
                level=str(data["level"]),
            )
        if kind == "lun_over":
            return tr(
                lang,
                "dagunzi.event.lun_over",
                team=_names(lang, names, data["winner"]),
                lun=int(data["lun"]),
            )
    except (KeyError, TypeError, ValueError):
        return None
    return None


def event_line(lang: Lang, event: Event, names: Sequence[str]) -> str | None:
    """The line of one Dagunzi event, or ``None`` when the shared templates serve it
    (``trick_won``, ``hand_started``, ``match_over``) or the data has another shape."""
    data: Mapping[str, Any] = dict(event.data)
    who = _who(lang, names, event.seat)
    kind = event.kind
    try:
        outcome = outcome_line(lang, kind, data, names)
        if outcome is not None:
            return outcome
        if kind == "deal_grabbed":
            return tr(lang, "dagunzi.event.deal_grabbed", who=who)
        if kind == "trump_fixed":
            card = _cards([data["card"]]) if data.get("card") else "—"
            how = tr(lang, f"dagunzi.how.{data['how']}", card=card)
            return tr(lang, "dagunzi.event.trump_fixed", suit=_suit(data["trump"]), how=how)
        if kind == "kitty_flipped":
            sep = "，" if is_zh(lang) else ", "
            flips = sep.join(
                f"{_who(lang, names, f.get('seat'))} {_cards([f.get('card')])}"
                for f in data.get("flips") or []
            )
            return tr(lang, "dagunzi.event.kitty_flipped", flips=flips, who=who)
        if kind == "redealt":
            key = _REDEAL.get(str(data.get("reason")))
            why = tr(lang, key) if key else str(data.get("reason"))
            return tr(lang, "dagunzi.event.redealt", why=why)
        if kind in ("trump_declared", "trump_overcalled"):
            key = {"overcall": "trump_overcalled", "reinforce": "trump_reinforced"}.get(
                str(data.get("kind")), "trump_declared"
            )
            return tr(
                lang,
                f"dagunzi.event.{key}",
                who=who,
                cards=_cards(data["cards"]),
                suit=_suit(data["trump"]),
            )
        if kind == "tribute_paid":
            return tr(
                lang,
                "dagunzi.event.tribute_paid",
                who=who,
                dealer=_who(lang, names, data["to"]),
                count=int(data["count"]),
            )
        if kind == "gan_guo":
            return tr(lang, "dagunzi.event.gan_guo", cards=_cards(data["kitty"]))
        if kind == "kitty_taken":
            return tr(lang, "dagunzi.event.kitty_taken", who=who)
        if kind == "kitty_buried":
            jokers = int(data.get("jokers") or 0)
            if jokers and data.get("kitty"):
                return tr(
                    lang,
                    "dagunzi.event.kitty_buried_jokers",
                    who=who,
                    jokers=jokers,
                    cards=_cards(data["kitty"]),
                )
            return tr(lang, "dagunzi.event.kitty_buried", who=who)
        if kind == "jokers_buried":
            taken = _cards(data.get("taken")) or tr(lang, "dagunzi.nothing")
            if data.get("kept"):  # more jokers than the kitty could pay back: the rest stay
                return tr(
                    lang,
                    "dagunzi.event.jokers_buried_kept",
                    who=who,
                    jokers=_cards(data["jokers"]),
                    taken=taken,
                    kept=_cards(data["kept"]),
                )
            return tr(
                lang,
                "dagunzi.event.jokers_buried",
                who=who,
                jokers=_cards(data["jokers"]),
                taken=taken,
            )
        if kind == "cards_taken_back":
            return tr(lang, "dagunzi.event.cards_taken_back", who=who, cards=_cards(data["cards"]))
        if kind == "kitty_won":
            return tr(
                lang,
                "dagunzi.event.kitty_won",
                who=who,
                points=int(data["kitty_points"]),
                bonus=int(data["bonus"]),
            )
        if kind == "play_started":
            return tr(
                lang,
                "dagunzi.event.play_started",
                suit=_suit(data["trump"]),
                level=str(data["level"]),
                who=who,
            )
    except (KeyError, TypeError, ValueError):
        return None
    return None
