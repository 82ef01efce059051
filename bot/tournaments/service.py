"""The tournament service: sign-ups, rounds opened as tables of the table service, check-ins,
no-shows, results and standings, all kept in the store so that a restart resumes exactly.

A round is played at tables opened through :class:`bot.tables.TableService`, one per thread
(a channel id given by the front end's ``open_thread``), hosted by :data:`SYSTEM_USER` (who
sits nowhere), with the tournament's game, preset and pace, the round's seed, and in
duplicate mode a one-hand match (:func:`bot.tournaments.deals.table_options`). The people of
a table are seated in its lobby and *check in* (:meth:`TournamentService.check_in`); the
table starts when all have, or at the check-in deadline with a bot in the seat of each
no-show (who scores 0 for the round: ``docs/tournaments.md``). A finished match is recorded
by the table service as any match (history, ratings); the service reads its result, and when
the round's last table has finished it posts the standings and opens the next round.

Every step is written before the next is taken and every step first looks at what is stored,
so :meth:`TournamentService.start_up` after a crash carries on from the last step done.
Organiser commands are idempotent: repeating one changes nothing and says so
(``changed=False``). Every refusal is a :class:`TournamentError` and changes nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

from bot.pace import PaceError, parse_pace
from bot.tables import TableService
from bot.tournaments.pairing import round_robin_rounds
from bot.tournaments.rounds import RoundsMixin, pairs_of
from bot.tournaments.service_base import (
    MAX_ROUNDS,
    MAX_START_AHEAD_S,
    SHOW_S,
    SYSTEM_USER,
    Changed,
    Listener,
    ThreadOpener,
    TournamentError,
    TournamentUpdate,
    log,
)
from bot.tournaments.store import Entrant, Tournament
from games.registry import UnknownGame, get_game

__all__ = [
    "SYSTEM_USER",
    "Changed",
    "Listener",
    "TableService",
    "ThreadOpener",
    "TournamentError",
    "TournamentService",
    "TournamentUpdate",
    "describe",
]


class TournamentService(RoundsMixin):
    """Runs the tournaments of one process over a :class:`bot.tables.TableService`:
    ``TournamentService(tables, open_thread=...)``; ``open_thread(tournament, round_table)``
    returns the channel id (a thread) each table is opened in."""

    # ------------------------------------------------------------ creating
    async def create(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        organiser_id: int,
        game: str,
        preset: str = "standard",
        fmt: str = "swiss",
        duplicate: bool = False,
        rounds: int = 3,
        pace: str | int = "live",
        start_at: float | None = None,
        show_s: float = SHOW_S,
        seed: int | None = None,
    ) -> Tournament:
        """Create a tournament open for sign-ups until ``start_at`` (``None``: until the
        organiser closes them). Raises ``TournamentError``: ``unknown_game``, ``bad_preset``,
        ``bad_format``, ``bad_rounds``, ``bad_pace``, ``start_in_past``."""
        try:
            spec = get_game(game)
        except UnknownGame as exc:
            raise TournamentError("unknown_game", str(exc), {"game": game}) from None
        engine = spec.engine()
        if preset not in engine.presets:
            raise TournamentError(
                "bad_preset",
                f"{spec.key} has no preset {preset!r}: choose {', '.join(engine.presets)}",
                {"preset": preset, "presets": ", ".join(engine.presets)},
            )
        fmt = "round_robin" if fmt in ("roundrobin", "round_robin") else fmt
        if fmt not in ("swiss", "round_robin"):
            raise TournamentError(
                "bad_format", f"the format is swiss or round_robin, not {fmt!r}", {"format": fmt}
            )
        if fmt == "round_robin" and not spec.fixed_partners:
            raise TournamentError(
                "bad_format",
                f"round robin is for registered pairs in team games; {spec.key} has no pairs",
                {"format": fmt, "game": spec.key},
            )
        if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise TournamentError(
                "bad_rounds",
                f"rounds must be 1 to {MAX_ROUNDS}, not {rounds!r}",
                {"rounds": rounds, "max": MAX_ROUNDS},
            )
        try:
            the_pace = parse_pace(pace)
        except PaceError as exc:
            raise TournamentError("bad_pace", exc.message, {"pace": str(pace)}) from None
        now = self._now()
        if start_at is not None and start_at < now:
            raise TournamentError(
                "start_in_past", "the start time is in the past", {"start_at": start_at}
            )
        if start_at is not None and start_at > now + MAX_START_AHEAD_S:
            days = int(MAX_START_AHEAD_S // 86400)
            raise TournamentError(
                "start_too_far",
                f"the start time is more than {days} days ahead",
                {"start_at": start_at, "days": days},
            )
        t = Tournament(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            game=spec.key,
            preset=preset,
            format=fmt,
            duplicate=duplicate,
            rounds=rounds,
            pace=the_pace.name if the_pace.name != "custom" else f"{the_pace.seconds}s",
            start_at=start_at or 0.0,
            show_s=float(show_s),
            seed=seed if seed is not None else secrets.randbits(62),  # never guessable
            status="signup",
            created_at=now,
        )
        t.id = await self.rows.insert(t, now)
        self._arm_start(t)
        await self._notify(TournamentUpdate("created", t))
        return t

    def _arm_start(self, t: Tournament) -> None:
        if t.status == "signup" and t.start_at:
            self.tables.scheduler.call_at(
                t.start_at, ("tour", t.id, "start"), lambda: self._start_due(t.id)
            )

    async def _start_due(self, tournament_id: int) -> None:
        try:
            await self.close(tournament_id, SYSTEM_USER, organiser=True)
        except TournamentError as exc:
            log.warning("tournament %s could not start: %s", tournament_id, exc.message)
            t = await self.get(tournament_id)
            await self.rows.update(t.id, self._now(), status="cancelled")
            t.status = "cancelled"
            too_few = None
            if exc.code == "cannot_start":
                too_few = (int(exc.params["count"]), int(exc.params["need"]))
            await self._notify(TournamentUpdate("cancelled", t, too_few=too_few))

    # ------------------------------------------------------------- sign-up
    def _may(self, t: Tournament, user_id: int, organiser: bool) -> None:
        if not organiser and user_id != t.organiser_id:
            raise TournamentError(
                "not_organiser",
                "only the tournament's organiser or a league organiser may do that",
                {},
            )

    async def sign_up(
        self, tournament_id: int, user_id: int, name: str, partner_id: int | None = None
    ) -> Entrant:
        """Sign up (sign-ups open only), naming a ``partner_id`` for a round robin of pairs
        (two who name each other, or one who names another still free, play as a pair; the
        others are paired in sign-up order). Raises ``TournamentError``: ``bad_partner``,
        ``no_tournament``, ``signups_closed``, ``already_signed_up``."""
        if partner_id is not None and partner_id == user_id:
            raise TournamentError("bad_partner", "you cannot be your own partner", {})
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise TournamentError("signups_closed", "sign-ups are closed", {})
            every = await self.rows.entrants(t.id)
            mine = next((e for e in every if e.user_id == user_id), None)
            if mine is not None and mine.status == "in":
                raise TournamentError(
                    "already_signed_up", "you are already signed up", {"seq": mine.seq}
                )
            entrant = Entrant(user_id, name, None, partner_id, len(every) + 1)
            if mine is not None:
                entrant.seq = mine.seq
            await self.rows.put_entrant(t.id, entrant)
        await self._notify(TournamentUpdate("entrants", t))
        return entrant

    async def add(
        self,
        tournament_id: int,
        by: int,
        *,
        organiser: bool,
        user_id: int | None = None,
        name: str = "",
        bot: str | None = None,
        partner_id: int | None = None,
        same_within_s: float = 0.0,
    ) -> Changed:
        """Add a person (``user_id``) or a bot participant (``bot`` kind, ``user_id`` None).
        Someone already in is left as they are (``changed=False``). A bot asked for less than
        ``same_within_s`` seconds after the tournament's last bot was added is taken as the same
        request (a double click, two organisers at once) and adds nothing (``changed=False``).
        Raises ``TournamentError``: ``not_organiser``, ``finished``, ``pairs_fixed``,
        ``bad_bot_kind``."""
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            self._may(t, by, organiser)
            self._open_for_changes(t)
            every = await self.rows.entrants(t.id)
            if bot is not None:
                kinds = list(get_game(t.game).bots())
                if bot not in kinds:
                    raise TournamentError(
                        "bad_bot_kind",
                        f"there is no {bot!r} bot: choose {', '.join(kinds)}",
                        {"kind": bot, "kinds": ", ".join(kinds)},
                    )
                last = self._bot_added_at.get(t.id)
                if last is not None and self._now() - last < same_within_s:
                    return Changed(t, False)
                self._bot_added_at[t.id] = self._now()
                bots = [e for e in every if e.bot is not None]
                user_id = -(len(bots) + 1)
                name = name or f"Bot {len(bots) + 1}"
            assert user_id is not None
            mine = next((e for e in every if e.user_id == user_id), None)
            if mine is not None and mine.status == "in":
                return Changed(t, False)
            seq = mine.seq if mine is not None else len(every) + 1
            await self.rows.put_entrant(t.id, Entrant(user_id, name, bot, partner_id, seq))
        await self._notify(TournamentUpdate("entrants", t))
        return Changed(t, True)

    def _open_for_changes(self, t: Tournament) -> None:
        if t.status in ("finished", "cancelled"):
            raise TournamentError("finished", f"this tournament is {t.status}", {})
        if t.status == "running" and t.format == "round_robin":
            raise TournamentError(
                "pairs_fixed", "a round robin's pairs are fixed once it has started", {}
            )

    async def remove(
        self, tournament_id: int, by: int, user_id: int, *, organiser: bool
    ) -> Changed:
        """Remove a participant (from the next round on). Someone not in: ``changed=False``.
        Raises ``TournamentError``: ``not_organiser``, ``finished``, ``pairs_fixed``."""
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            self._may(t, by, organiser)
            self._open_for_changes(t)
            mine = next((e for e in await self.rows.entrants(t.id) if e.user_id == user_id), None)
            if mine is None or mine.status != "in":
                return Changed(t, False)
            mine.status = "removed"
            await self.rows.put_entrant(t.id, mine)
        await self._notify(TournamentUpdate("entrants", t))
        return Changed(t, True)

    async def cancel(self, tournament_id: int, by: int, *, organiser: bool) -> Changed:
        """Cancel (its open tables are aborted). Already cancelled: ``changed=False``.
        Raises ``TournamentError``: ``not_organiser``, ``finished``."""
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            self._may(t, by, organiser)
            if t.status == "cancelled":
                return Changed(t, False)
            if t.status == "finished":
                raise TournamentError("finished", "this tournament is finished", {})
            await self.rows.update(t.id, self._now(), status="cancelled")
            t.status = "cancelled"
            self.tables.scheduler.cancel_prefix(("tour", t.id))
            rows = await self.rows.tables(t.id, t.round)
        # outside the lock: an aborted table tells this service, which takes the lock
        for row in rows:
            host = self._host(row)
            if host is not None and host.status in ("lobby", "playing"):
                await self.tables.abort(host.channel_id, SYSTEM_USER, force=True)
        await self._notify(TournamentUpdate("cancelled", t))
        return Changed(t, True)

    async def close(self, tournament_id: int, by: int, *, organiser: bool) -> Changed:
        """Close sign-ups and start round 1. Already started: ``changed=False``. Raises
        ``TournamentError``: ``not_organiser``, ``finished``, ``cannot_start`` (too few)."""
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            self._may(t, by, organiser)
            if t.status == "running":
                return Changed(t, False)
            if t.status != "signup":
                raise TournamentError("finished", f"this tournament is {t.status}", {})
            people = await self.entrants(t.id)
            need = 4 if t.format == "round_robin" else 2
            if len(people) < need:
                raise TournamentError(
                    "cannot_start",
                    f"a round cannot start with {len(people)} participant(s): {need} at least",
                    {"count": len(people), "need": need},
                )
            if t.format == "round_robin":
                t.rounds = min(t.rounds, round_robin_rounds(len(pairs_of(people))))
                await self.rows.update(t.id, self._now(), rounds=t.rounds)
            self.tables.scheduler.cancel(("tour", t.id, "start"))
            await self._open_round_safely(t, 1)
        return Changed(t, True)

    # ------------------------------------------------------------ start-up
    async def start_up(self) -> None:
        """Resume every tournament (after :meth:`TableService.start_up`): sign-ups re-armed,
        the current round's tables opened, seated, started or recorded as stored."""
        for t in await self.rows.select(statuses=("signup", "running")):
            async with self._lock(t.id):
                if t.status == "signup":
                    self._arm_start(t)
                    continue
                await self._open_round_safely(t, t.round)
                await self._advance(t)


def describe(t: Tournament) -> dict[str, Any]:
    """A tournament as JSON (web pages, logs)."""
    return t.to_json()
