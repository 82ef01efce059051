"""金华麻将 (Jinhua) text for Discord: the 财神 indicator, the multipliers (倍) of a win, the
payments and 承包, in the reader's language.

Called by the generic mahjong lines (:mod:`cogs.mahjong_text`) when the data has Jinhua's
shape: a ``caishen`` event, a view with ``caishen``, a win whose ``details`` carry a
``multiplier`` (:meth:`games.jinhua.engine.JinhuaGame.settle`). The multipliers are named
by their keys (``jh.hand.<key>``, e.g. ``jh.hand.caishentou``); who pays how much is read
from the hand's score changes, so the line always matches the scores; 承包 is named from
the summary's ``liable`` pairs (``[claimer, victim]``, ``dagun_and_jinhua-mahjong.txt:123``,
``:177``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cogs.i18n import Lang, has_message, is_zh, tr

__all__ = ["caishen_event_line", "caishen_line", "is_jinhua_win", "win_parts"]


def _tile(lang: Lang, tile: Any) -> str:
    from cogs.mahjong_text import tile_text

    return tile_text(lang, tile)


def _name(lang: Lang, names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return tr(lang, "seat_n", n=seat + 1) if isinstance(seat, int) else "—"


def caishen_event_line(lang: Lang, data: Mapping[str, Any]) -> str:
    """``The 财神 indicator is 5p: the other three 5p are wild (财神)``."""
    return tr(
        lang,
        "jh.event.caishen",
        indicator=_tile(lang, data.get("indicator")),
        caishen=_tile(lang, data.get("caishen")),
    )


def caishen_line(lang: Lang, view: Mapping[str, Any]) -> str | None:
    """The table's and a hand's reminder of the 财神, or ``None`` for a view without one."""
    caishen = view.get("caishen")
    if not isinstance(caishen, str) or not caishen or caishen == "?":
        return None
    return tr(lang, "jh.table.caishen", caishen=_tile(lang, caishen))


def is_jinhua_win(win: Any) -> bool:
    """True for a win of Jinhua's shape (its details carry the multiplier)."""
    return isinstance(win, Mapping) and "multiplier" in (win.get("details") or {})


def _hands_text(lang: Lang, details: Mapping[str, Any]) -> str:
    """``混一色 one suit and honours ×2 · 财神头 … ×4`` (Chinese: ``混一色 ×2、财神头 ×4``)."""
    keys = [str(k) for k in details.get("hands") or []]
    values = list(details.get("values") or [])
    shown = []
    for i, key in enumerate(keys):
        label = tr(lang, f"jh.hand.{key}") if has_message(f"jh.hand.{key}") else key
        value = values[i] if i < len(values) else None
        shown.append(f"{label} ×{value}" if value is not None else label)
    return ("、" if is_zh(lang) else " · ").join(shown)


def win_parts(
    lang: Lang, summary: Mapping[str, Any], deltas: Sequence[int], names: Sequence[str]
) -> list[str]:
    """One text per win: who won how, the multipliers and their product, the share (X·m),
    who pays what (from ``deltas``), and 承包 when it applies."""
    colon, sep = ("：", "，") if is_zh(lang) else (": ", ", ")
    liable = [p for p in summary.get("liable") or [] if isinstance(p, Sequence) and len(p) == 2]
    out = []
    for win in summary.get("wins") or []:
        seat, source = win["seat"], str(win["source"])
        details = win.get("details") or {}
        from_who = _name(lang, names, win.get("from"))
        head = tr(
            lang,
            f"mj.win.{source}",
            who=_name(lang, names, seat),
            from_who=from_who,
            tile=_tile(lang, win.get("tile")),
        )
        parts = [
            tr(
                lang,
                "jh.detail.multipliers",
                hands=_hands_text(lang, details),
                multiplier=details.get("multiplier"),
            )
        ]
        white = int(details.get("white_as_caishen") or 0)
        if white:
            parts.append(tr(lang, "jh.detail.white", count=white))
        parts.append(tr(lang, "jh.detail.unit", unit=int(win.get("score", 0))))
        # the payers, the discarder first, then in turn order from the winner
        first = win.get("from") if source != "self_draw" else None
        order = sorted(
            (s for s in range(len(deltas)) if deltas[s] < 0),
            key=lambda s: (s != first, (s - seat) % 4),
        )
        parts += [
            tr(lang, "mj.pays.one", who=_name(lang, names, s), amount=-deltas[s]) for s in order
        ]
        for claimer, victim in liable:
            if seat not in (claimer, victim):
                continue
            payer = victim if claimer == seat else claimer
            key = "jh.chengbao.victim" if claimer == seat else "jh.chengbao.claimer"
            amount = -deltas[payer] if 0 <= payer < len(deltas) else 0
            parts.append(
                tr(
                    lang,
                    key,
                    claimer=_name(lang, names, claimer),
                    victim=_name(lang, names, victim),
                    amount=amount,
                )
            )
        out.append(head + colon + sep.join(parts))
    return out
