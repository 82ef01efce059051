"""The words of ``/tournament`` (:mod:`cogs.tournaments`): reading a start time and a check-in
window, and the post, the standings and their titles in the reader's language (the
``tournaments`` catalogue domain)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.pace import PaceError, parse_pace
from bot.tournaments.model import Standing
from bot.tournaments.service import TournamentError, TournamentService
from bot.tournaments.store import Tournament
from cogs.i18n import ntr, tr
from cogs.inert import echo
from present.games import game_title

__all__ = [
    "describe",
    "entrant_names",
    "parse_checkin",
    "parse_start",
    "participant",
    "standings_picture",
    "standings_text",
    "standings_title",
]


def parse_start(text: str | None, now: float) -> float | None:
    """A start time: empty (sign-ups stay open until the organiser closes them), ``30m`` /
    ``2h`` / ``+45m`` from now, a Unix time, or a date and time (``2026-12-01 18:00``, UTC
    unless it names its offset). Raises ``TournamentError("bad_start")``."""
    if text is None or not text.strip():
        return None
    value = text.strip()
    relative = re.fullmatch(r"\+?([0-9]{1,5})\s*(m|min|h)", value, re.IGNORECASE)
    if relative:
        n, unit = int(relative[1]), relative[2].lower()
        return now + n * (3600 if unit == "h" else 60)
    if re.fullmatch(r"[0-9]{9,11}", value):
        return float(value)
    try:
        when = datetime.fromisoformat(value.replace(" ", "T", 1))
    except ValueError:
        raise TournamentError(
            "bad_start", f"cannot read the start time {value!r}", {"start": echo(value)}
        ) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


def parse_checkin(text: str) -> float:
    """The check-in window: a time such as ``90s``, ``10m``, ``2h`` (10 s to 7 days).
    Raises ``TournamentError("bad_checkin")``."""
    try:
        return float(parse_pace(text.strip()).seconds)
    except PaceError:
        raise TournamentError(
            "bad_checkin", f"cannot read the check-in time {text!r}", {"checkin": echo(text)}
        ) from None


async def entrant_names(service: TournamentService, t: Tournament) -> dict[int, str]:
    return {e.user_id: e.name for e in await service.rows.entrants(t.id)}


def participant(pid: int | None, names: dict[int, str]) -> str:
    if pid is None:
        return "🤖"
    if pid < 0:
        return f"🤖 {echo(names.get(pid, 'Bot'))}"
    return f"<@{pid}>"


def thread_name(lg: str, t: Tournament, round_no: int, number: int) -> str:
    """A round table's thread: ``#1 R2 T3 · 金坛麻将`` with the game named as the server's
    language names it (:func:`present.games.game_title`; Discord cuts a name at 100)."""
    return f"#{t.id} R{round_no} T{number} · {game_title(t.game, lg)}"[:100]


def standings_title(lg: str, t: Tournament, done: int, final: bool = False) -> str:
    """What the standings are, truly: the sign-ups before the start, after the last finished
    round (``done`` rounds) while one is played, final, or those of a cancelled tournament."""
    game = game_title(t.game, lg)
    if final:
        return tr(lg, "tournament.standings.final", id=t.id, game=game)
    if t.status == "cancelled":
        return ntr(lg, "tournament.standings.cancelled", done, id=t.id, game=game)
    if t.status == "signup" or t.round == 0:
        return tr(lg, "tournament.standings.signup", id=t.id, game=game)
    if done == 0:
        return tr(lg, "tournament.standings.none_yet", id=t.id, game=game, round=t.round)
    return tr(lg, "tournament.standings.after", id=t.id, game=game, round=done)


def standings_text(
    lg: str,
    t: Tournament,
    table: list[Standing],
    names: dict[int, str],
    final: bool,
    done: int | None = None,
) -> str:
    """The standings as lines: a title (:func:`standings_title`; ``done``, the finished
    rounds, is ``t.round`` unless given), rank, participant, points, then the tie-breaks."""
    title = standings_title(lg, t, t.round if done is None else done, final)
    lines = [f"**{title}**"]
    for s in table[:40]:
        lines.append(
            tr(
                lg,
                "tournament.standings.line",
                rank=s.rank,
                who=participant(s.participant, names),
                points=f"{s.points:.2f}",
                opponents=f"{s.opponents:.2f}",
                tops=s.tops,
            )
        )
    return "\n".join(lines)


def standings_picture(
    lg: str,
    t: Tournament,
    table: list[Standing],
    names: dict[int, str],
    final: bool,
    done: int | None = None,
) -> bytes:
    """The standings as a picture (:mod:`render.tournament_standings`, the ranked-table frame
    of a season's standings): the top 20 under :func:`standings_title` in the reader's
    language, each named as they signed up."""
    from render.tournament_standings import TournamentRow, tournament_standings_png

    title = standings_title(lg, t, t.round if done is None else done, final)
    rows = [
        TournamentRow(
            s.rank,
            names.get(s.participant) or ("bot" if s.participant < 0 else "?"),
            s.points,
            s.opponents,
            s.tops,
        )
        for s in table[:20]
    ]
    return tournament_standings_png(rows, title)


def describe(lg: str, t: Tournament, count: int) -> str:
    """The tournament's post: game, preset, format, rounds, pace, start, sign-ups."""
    start = (
        f"<t:{int(t.start_at)}:F> (<t:{int(t.start_at)}:R>)"
        if t.start_at
        else tr(lg, "tournament.start.manual")
    )
    fmt = tr(lg, f"tournament.format.{t.format}")
    if t.duplicate:
        fmt += " · " + tr(lg, "tournament.format.duplicate")
    return ntr(
        lg,
        "tournament.created",
        t.rounds,
        id=t.id,
        game=game_title(t.game, lg),
        preset=t.preset,
        format=fmt,
        rounds=t.rounds,
        pace=t.pace,
        start=start,
        count=count,
    )
