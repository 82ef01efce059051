"""The tournament service's shared parts: its errors and updates, the stores it works over,
and what front ends read (tournaments, participants, round tables, deals, standings).
See :mod:`bot.tournaments.service`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.errors import TableError
from bot.tables import TableService, TableUpdate
from bot.tournaments.deals import deal_fingerprint, same_deals
from bot.tournaments.model import RoundPlan, Standing, TableOutcome
from bot.tournaments.scoring import standings
from bot.tournaments.store import Entrant, RoundTable, Tournament, TournamentStore

__all__ = [
    "SYSTEM_USER",
    "Changed",
    "Listener",
    "ServiceBase",
    "ThreadOpener",
    "ThreadRefused",
    "TournamentError",
    "TournamentUpdate",
]

log = logging.getLogger("bot.tournaments.service")

SYSTEM_USER = 0
"""The host of tournament tables: the bot itself, seated nowhere."""
MAX_ROUNDS = 20
MAX_START_AHEAD_S = 90 * 86400.0
"""How far ahead a start time may be (90 days): later is refused (``start_too_far``)."""
SHOW_S = 600.0
"""Check-in window of a round's tables by default (seconds)."""
RETRY_S = 30.0
"""Seconds before a round that could not open is tried again."""
THREAD_BASE = 3_000_000_000
"""Channel ids of tables when no front end opens threads (simulation, tests)."""


class TournamentError(TableError):
    """A refused tournament command (``code``, English ``message``, ``params``)."""


class ThreadRefused(Exception):
    """Raised by a front end's ``open_thread`` when the platform refuses to open the thread
    for want of a permission: ``permission`` names it (Discord's name, as discord.py spells
    it: ``create_public_threads``). The round is tried again every :data:`RETRY_S` seconds
    and the organiser told once (a ``threads_refused`` update)."""

    def __init__(self, permission: str) -> None:
        super().__init__(f"missing permission {permission}")
        self.permission = permission


@dataclass
class TournamentUpdate:
    """What changed: ``kind`` is ``created``, ``entrants``, ``round_opened``, ``table_started``,
    ``round_finished`` (with ``standings``), ``finished`` (final ``standings``),
    ``cancelled``, ``threads_refused`` (a round's thread could not be opened for want of
    ``permission``; told once until a round opens) or ``forfeit`` (``forfeit``: the people who
    just left the table of ``tables[0]`` during play, scoring 0 for it). A tournament
    cancelled because its start time came with too few participants says how many
    (``too_few``: count, need)."""

    kind: str
    tournament: Tournament
    round: int = 0
    tables: list[RoundTable] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    permission: str | None = None
    too_few: tuple[int, int] | None = None
    forfeit: tuple[int, ...] = ()


ThreadOpener = Callable[[Tournament, RoundTable], Awaitable[int]]
Listener = Callable[[TournamentUpdate], Awaitable[None]]


@dataclass
class Changed:
    """An organiser command's answer: the tournament and whether anything changed."""

    tournament: Tournament
    changed: bool


class ServiceBase:
    """The state and the reading side of :class:`bot.tournaments.service.TournamentService`."""

    def __init__(self, tables: TableService, *, open_thread: ThreadOpener | None = None) -> None:
        self.tables = tables
        self.rows = TournamentStore(tables.store)
        self.open_thread = open_thread
        self._locks: dict[int, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._by_table: dict[int, tuple[int, int, int]] = {}
        self._refusal_told: set[int] = set()  # tournaments whose organiser heard of a refusal
        self._bot_added_at: dict[int, float] = {}  # tournament -> when a bot was last added
        # one tournament service per table service: a newer one (a front end started again
        # over the same tables, in tests) replaces the older one's listener
        older = getattr(tables, "tournaments", None)
        if older is not None:
            tables.unsubscribe(older._on_table)
        tables.tournaments = self  # type: ignore[attr-defined]
        tables.subscribe(self._on_table)

    # ------------------------------------------------------------- basics
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def _notify(self, update: TournamentUpdate) -> None:
        for listener in list(self._listeners):
            try:
                await listener(update)
            except Exception:
                log.exception("tournament listener failed on %s", update.kind)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    def _now(self) -> float:
        return self.tables.clock()

    async def get(self, tournament_id: int) -> Tournament:
        """The tournament. Raises ``TournamentError("no_tournament")``."""
        t = await self.rows.get(tournament_id)
        if t is None:
            raise TournamentError(
                "no_tournament", f"there is no tournament {tournament_id}", {"id": tournament_id}
            )
        return t

    # ------------------------------------------------------- reading (web)
    async def tournaments(self, guild_id: int | None = None) -> list[Tournament]:
        """Every tournament of a server (``None``: of all), newest first."""
        return await self.rows.select(guild_id)

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """The participants still in, in sign-up order."""
        return [e for e in await self.rows.entrants(tournament_id) if e.status == "in"]

    async def round_tables(self, tournament_id: int, number: int | None = None) -> list[RoundTable]:
        """The tables of a round (``None``: every round): seats, seed, host table, thread,
        status, check-ins, no-shows and outcome."""
        return await self.rows.tables(tournament_id, number)

    async def played(self, tournament_id: int) -> list[tuple[RoundPlan, dict[int, TableOutcome]]]:
        """The finished rounds: each plan with its outcomes by table number."""
        t = await self.get(tournament_id)
        rows = await self.rows.tables(tournament_id)
        out = []
        for number in range(1, t.round + 1):
            mine = [r for r in rows if r.round == number]
            if not mine or any(r.outcome is None for r in mine):
                break
            plan = RoundPlan(number, tuple(r.plan for r in mine), t.duplicate)
            out.append((plan, {r.number: r.outcome for r in mine if r.outcome is not None}))
        return out

    async def deals(self, tournament_id: int, number: int) -> list[str]:
        """The deal each table of round ``number`` really started from, as a digest of the
        engine's first state rebuilt from the seed and options the *store* holds for its game
        (:func:`bot.tournaments.deals.deal_fingerprint`); ``""`` for a table not started."""
        t = await self.get(tournament_id)
        out = []
        for row in await self.rows.tables(tournament_id, number):
            host = await self.tables.store.table(row.table_id) if row.table_id else None
            if host is None or host.game_id is None:
                out.append("")
                continue
            game = await self.tables.store.game(host.game_id)
            out.append(deal_fingerprint(t.game, game.seed, game.options))
        return out

    async def same_deals(self, tournament_id: int, number: int) -> bool:
        """True when every table of the round started from one deal (duplicate mode)."""
        prints = await self.deals(tournament_id, number)
        return "" not in prints and same_deals(prints)

    async def standings(self, tournament_id: int) -> list[Standing]:
        """The standings after the finished rounds (``docs/tournaments.md``)."""
        order = [e.user_id for e in await self.entrants(tournament_id)]
        return standings(order, await self.played(tournament_id))

    async def _on_table(self, update: TableUpdate) -> None:
        """A table's update (the rounds' job answers it)."""
        raise NotImplementedError
