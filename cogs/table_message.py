"""The table message, composed: pure functions from a table, its public view and a language
to the message's text and controls.

Nothing here talks to Discord or keeps state: :mod:`cogs.table_delivery` decides when the
message is posted or edited and spends the request budget; this module says what it shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cogs.i18n import result_line, tr
from cogs.inert import inert
from cogs.present import action_label, game_text, match_won_text, seat_name
from games.base import Action
from present import games as presentation
from present.message import Reader, local_names, render

if TYPE_CHECKING:
    from bot.tables import Table

__all__ = ["kind_action", "names_of", "people_of", "play_lines", "step_of", "table_text"]


def step_of(table: Table) -> int:
    """The number of accepted actions: the game step a control was drawn at. A mahjong
    seat's standing choices are settings, not steps: switching one does not make anyone's
    controls stale or ping anyone with a fresh prompt. Nor is the end of the claim pause
    (``close_window``): it decides nothing (:data:`bot.decisions.NOT_STEPS`)."""
    from bot.decisions import current_step

    return current_step(table)


def names_of(table: Table, lang: str | None = None, *, shown: bool = True) -> list[str]:
    """The seats' names as text shows them: a player's own name is inert (no markdown,
    mention or link, :func:`cogs.inert.inert`); ``shown=False``: as typed (for pictures).
    With ``lang``, a bot's default name in the reader's words (机器人2), as the terminal
    says it (:func:`present.message.local_names`)."""
    names = [s.name or f"#{s.index + 1}" for s in table.seats]
    if lang is not None:
        names = local_names(names, [s.bot is not None for s in table.seats], lang)
    return [inert(n) for n in names] if shown else names


def people_of(table: Table) -> list[int]:
    """The user ids of the people seated at ``table`` (the only users a message may ping)."""
    return [s.user_id for s in table.seats if s.user_id is not None and s.bot is None]


def kind_action(kind: str) -> Action:
    """A move of ``kind`` without data (to name the kind of a decision)."""
    return Action(None, kind, {})


def table_text(table: Table, view: dict[str, Any], lang: str, recent: Iterable[str] | None) -> str:
    """The table message: seats, state of play, whose turn and the deadline, recent lines.

    ``view`` is the public view (``{}`` before the game or when it cannot be read),
    ``recent`` the table's last event lines, oldest first. At most 2,000 characters
    (Discord's limit of a message's content)."""
    from games.registry import GAMES

    spec = GAMES.get(table.game)
    title = presentation.game_title(table.game, lang)
    host = f"<@{table.host_user_id}>"
    lines = [f"**{tr(lang, 'lobby.title', game=title, host=host)}** · #{table.id}"]
    names = names_of(table, lang)
    counts = view.get("hand_counts") or []
    seat_lines = []
    for s in table.seats:
        who = f"<@{s.user_id}>" if s.user_id is not None and s.bot is None else names[s.index]
        if s.user_id is None and s.bot is None:
            who = tr(lang, "lobby.empty")
        extra = []
        if s.bot is not None:
            extra.append("🤖")
        if s.auto:
            extra.append("🤖(auto)")
        if s.index < len(counts):
            extra.append(f"{counts[s.index]}")
        seat_lines.append(f"{s.index + 1}. {who} {' '.join(extra)}".rstrip())
    if table.status == "lobby":
        lines.append(tr(lang, "lobby.seats") + "\n" + "\n".join(seat_lines))
        if spec is not None and spec.fixed_partners and len(table.seats) == 4:
            lines.append(partners_line(table, lang))
        rated = tr(lang, "lobby.rated" if table.is_rated else "lobby.unrated")
        lines.append(tr(lang, "lobby.options", preset=table.preset, pace=table.pace, rated=rated))
        lines.append(tr(lang, "lobby.hint"))
        return "\n".join(lines)
    lines.append("\n".join(seat_lines))
    if view:
        lines.extend(play_lines(table, view, lang, names))
    if recent:
        lines.append("\n".join(f"· {r}" for r in recent))
    if table.status == "finished":
        lines.append(f"**{tr(lang, 'table.status.finished')}**")
    elif table.status == "aborted":
        lines.append(f"**{tr(lang, 'table.status.aborted')}**")
    text = "\n".join(lines)
    return text if len(text) <= 2000 else text[:1999] + "…"


def partners_line(table: Table, lang: str) -> str:
    """``Partners: 1 & 3 (Alice, Carol) · 2 & 4 (Bob, Bot 2)``: who plays with whom."""

    def pair(a: int, b: int) -> str:
        names = [
            inert(s.name) if not s.empty else tr(lang, "lobby.empty")
            for s in (table.seats[a], table.seats[b])
        ]
        sep = "、" if lang.startswith("zh") else ", "
        return f"{a + 1} & {b + 1} ({sep.join(names)})"

    return tr(lang, "lobby.partners", a=pair(0, 2), b=pair(1, 3))


def play_lines(table: Table, view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """The state of play: trump and level, points, the trick, the game's own lines, whose
    turn it is and until when, the match result."""
    whole = getattr(game_text(table.game), "play_lines", None)
    if whole is not None:  # the game's own, instead of these (mahjong: a claim names nobody)
        return list(whole(lang, table, view, names))
    said = presentation.table(table.game, view) or []  # the game's presentation says it
    reader = Reader(lang, names)
    return (
        [render(reader, m) for m in said]
        + turn_lines(table, lang, names)
        + result_lines(table, view, lang, names)
    )


def turn_lines(table: Table, lang: str, names: list[str]) -> list[str]:
    """Whose turn it is (a person is mentioned, to be notified) and until when."""
    out: list[str] = []
    if table.status == "playing" and table.engine is not None:
        # a private decision (a mahjong claim) is nobody else's business: never listed
        waiting = [
            d for d in table.engine.pending() if d.seat is not None and d.required and not d.private
        ]
        for d in waiting[:4]:
            seat = table.seats[d.seat] if d.seat is not None else None
            who = (
                f"<@{seat.user_id}>"
                if seat is not None and seat.user_id is not None and seat.bot is None
                else seat_name(lang, names, d.seat)
            )
            what = " / ".join(action_label(lang, kind_action(k)) for k in d.kinds)
            line = tr(lang, "table.turn", who=who, what=what)
            deadline = table.deadlines.get(d.seat) if d.seat is not None else None
            if deadline is not None:
                when = f"<t:{int(deadline)}:R>"
                line += " · " + tr(lang, "table.deadline", when=when)
            out.append(line)
    return out


def result_lines(table: Table, view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """The match's result, once it is over."""
    out: list[str] = []
    result = view.get("match_result")
    if isinstance(result, dict) and result.get("text"):
        own_result = getattr(game_text(table.game), "outcome_line", None)
        won = own_result(lang, "match_result", result, names) if own_result else None
        if won is None:  # the game's own match screen: a draw is a draw (match_won_text)
            screen = presentation.match_result(table.game, result)
            won = render(Reader(lang, names), screen[0]) if screen else None
        text = won or match_won_text(lang, result, names)
        out.append(result_line(lang, text))
    return out
