"""打滚子's extra lines for the terminal table: the 轮, how the dealer and trump were fixed (the
大王 grab, the flipped kitty cards), the tribute (喝血) and the kitty steps (shown kitty, 干锅,
jokers buried by other seats, cards to take back) in words, and the next hand's blood.

:func:`add_lines` takes the text :mod:`bot.textview` draws for any trick-taking view and inserts
these lines after its ``teams:`` line (the hook is one call in ``textview.render_view``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import format_card, parse_card

__all__ = ["add_lines", "dagunzi_lines"]


def _who(seat: Any, names: Sequence[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _cards(raw: Any) -> str:
    return " ".join(format_card(parse_card(c)) for c in raw or [])


def _lun_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    won = view.get("luns_won") or [0, 0]
    teams = view.get("teams") or [[0, 2], [1, 3]]
    parts = [f"{' + '.join(_who(s, names) for s in t)} {won[i]}" for i, t in enumerate(teams)]
    return f"轮 {view.get('lun', 1)} (levels 3 to past 10) · 轮 won: " + ", ".join(parts)


def _deal_line(view: Mapping[str, Any], names: Sequence[str]) -> str | None:
    trump = view.get("trump") or {}
    how = trump.get("fixed_by")
    dealer_seat = view.get("dealer")
    results = view.get("hand_results") or []
    if view.get("phase") in ("hand_over", "match_over") and results:
        # the engine names the next hand's dealer at once; this screen shows the hand played
        dealer_seat = (results[-1].get("summary") or {}).get("dealer", dealer_seat)
    dealer = _who(dealer_seat, names)
    if how == "grab" or (view.get("grab") and view.get("standing")):
        return f"{dealer} grabbed the deal with a 大王 (抢亮): trump is the next suited card dealt"
    if how == "flip":
        flips = ", ".join(
            f"{_who(f.get('seat'), names)} {_cards([f.get('card')])}" for f in view["flips"]
        )
        return f"nobody showed a 大王; kitty cards flipped: {flips} → {dealer} deals"
    if view.get("grab") and view.get("phase") in ("dealing", "declare_round"):
        return "first hand of the 轮: show a 大王 to grab the deal (抢亮)"
    return None


def _tribute_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    tribute = view.get("tribute")
    if not isinstance(tribute, Mapping):
        return []
    payer, taker = _who(tribute.get("from"), names), _who(tribute.get("to"), names)
    blood = tribute.get("blood") or {}
    lines = [
        f"tribute (喝血): {payer} gave {taker} {tribute.get('count')} highest card(s), points "
        f"excepted ({tribute.get('owed')} blood: {blood.get('score', 0)} from the score, "
        f"{blood.get('jokers', 0)} from buried jokers) and got as many smallest back"
    ]
    if "cards" in tribute:
        lines.append(
            f"  given: {_cards(tribute['cards'])} · returned: {_cards(tribute.get('returned'))}"
        )
    return lines


def _kitty_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    lines: list[str] = []
    phase = view.get("phase")
    shown = view.get("kitty_shown")
    if view.get("gan_guo"):
        lines.append(
            f"干锅: the kitty {_cards(shown)} has no trump-suit card or is all trump: "
            "no exchange, no joker burying, its jokers count nothing"
        )
    elif shown and phase in ("tribute", "bury"):  # afterwards the kitty is the buried one
        lines.append(f"kitty shown (底牌): {_cards(shown)}")
    if phase == "bury":
        lines.append(f"{_who(view.get('dealer'), names)} takes the kitty and buries 6 (扣底)")
    for record in view.get("joker_buries") or []:
        taken = _cards(record.get("taken")) or "nothing yet"
        lines.append(
            f"{_who(record.get('seat'), names)} buried {_cards(record.get('jokers'))} (扣王) "
            f"and took back {taken}"
        )
    if phase == "bury_jokers":
        lines.append(
            "the other seats in turn may bury jokers and take back as many of the kitty's "
            "smallest non-point cards"
        )
    closed = view.get("jokers_closed")
    if closed == "kitty_all_points" and phase == "play" and not view.get("tricks_played"):
        lines.append("the dealer buried only point cards (and jokers): nobody else buries jokers")
    take = view.get("take_choices")
    if isinstance(take, Mapping):
        lines.append(
            f"take back {take.get('count')} of the equal smallest: {_cards(take['choices'])}"
        )
    if phase in ("hand_over", "match_over") and view.get("blood_next") is not None:
        lines.append(f"blood (喝血) for the next hand: {view['blood_next']}")
    return lines


def dagunzi_lines(view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The extra lines for a Dagunzi view, in reading order."""
    lines = [_lun_line(view, names)]
    deal = _deal_line(view, names)
    if deal:
        lines.append(deal)
    return lines + _tribute_lines(view, names) + _kitty_lines(view, names)


def add_lines(view: Mapping[str, Any], names: Sequence[str], text: str) -> str:
    """``text`` with :func:`dagunzi_lines` inserted after its ``teams:`` line (or appended
    before the hand when there is none)."""
    rows = text.split("\n")
    at = next((i + 1 for i, r in enumerate(rows) if r.startswith("teams:")), None)
    if at is None:
        at = next((i for i, r in enumerate(rows) if r.startswith("your hand")), len(rows))
    return "\n".join(rows[:at] + dagunzi_lines(view, names) + rows[at:])
