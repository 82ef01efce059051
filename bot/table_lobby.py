"""The table service's lobby and seats: opening a table, joining, seats, bots, options,
starting, leaving, kicking and aborting."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Awaitable, Mapping
from typing import Any

from bot.errors import TableError
from bot.table_core import BOT_KINDS_DEFAULT, TableServiceCore, _whole, log, not_stored
from bot.table_model import Seat, Table, TableUpdate, resolve_options, to_pace
from games.registry import UnknownGame, get_game


class LobbyMixin(TableServiceCore):
    """Lobby and seats: every change before the game, and leaving or kicking during it."""

    async def open_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        user_id: int,
        name: str,
        preset: str | None = None,
        pace: str | int | None = None,
        options: Mapping[str, Any] | None = None,
        thread_id: int | None = None,
        rated: bool | None = None,
        sit: bool = True,
    ) -> Table:
        """Open a table in a channel with the caller as host, seated at seat 0 unless ``sit=False``
        (a host who only runs a bot-only table, as the simulator does).

        ``game`` is a registry key or title (``"pajiwo"``, ``"扒鸡窝"``); ``preset``
        defaults to ``"standard"``, ``pace`` to the service's default. Raises
        ``TableError``: ``table_exists``, ``unknown_game``, ``bad_preset``,
        ``bad_option``, ``bad_pace``.
        """
        for key in (channel_id, thread_id):
            existing = self.table_in_channel(key) if key is not None else None
            # a table playing in a thread of its own leaves its parent channel free
            if existing is not None and existing.thread_id in (None, key):
                raise TableError(
                    "table_exists",
                    f"this channel already has a {existing.spec.title_en} table"
                    f" ({existing.status}); finish or abort it first",
                    {"table_id": existing.id, "game": existing.game},
                )
        try:
            spec = get_game(game)
        except UnknownGame as exc:
            raise TableError("unknown_game", str(exc), {"game": game}) from None
        engine = spec.engine()
        the_pace = self.default_pace if pace is None else to_pace(pace)
        the_preset = preset or "standard"
        explicit = dict(options or {})
        resolve_options(engine, the_preset, explicit, the_pace)  # validate now
        seats = [Seat(i) for i in range(engine.seat_count)]
        if sit:
            seats[0] = Seat(0, user_id=user_id, name=name)
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            game=spec.key,
            status="lobby",
            host_user_id=user_id,
            seats=seats,
            options=explicit,
            preset=the_preset,
            pace=the_pace.name,
            pace_seconds=the_pace.seconds,
            rated=rated,
            default_bot_level=self.default_bot_level,
        )
        try:
            table.id = await self.store.insert_table(table.to_row(), self.clock())
        except sqlite3.IntegrityError:
            kept = next(
                (a for a in self.set_aside.values() if channel_id in (a.channel_id, a.thread_id)),
                None,
            )
            if kept is not None:  # a table start-up could not read still holds the channel
                raise TableError(
                    "table_set_aside",
                    f"this channel's table {kept.table_id} could not be read after the restart"
                    " and is set aside: an admin can restore a backup",
                    {"channel_id": channel_id, "table_id": kept.table_id},
                ) from None
            raise TableError(
                "table_exists", "this channel already has a table", {"channel_id": channel_id}
            ) from None
        table.created_at = self.clock()
        if self.owners is not None:  # a new table is its opener's: nobody else holds it
            await self.owners.take([table.id])
        self._tables[table.id] = table
        self._index(table)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def withdraw(self, table_id: int) -> None:
        """Undo :meth:`open_table` when the front end could not show the table (its message
        could not be posted): the table is deleted, not aborted, and the channel is free.

        Raises ``TableError``: ``no_table``; ``already_started`` for a table past its lobby.
        """
        table = self.get(table_id)
        async with table.lock:
            if table.status != "lobby":
                raise TableError("already_started", "only an unstarted table can be withdrawn", {})
            await self.store.delete_table(table.id)
            self.scheduler.cancel_prefix(("t", table.id))
            for key in (table.channel_id, table.thread_id):
                if key is not None and self._by_channel.get(key) == table.id:
                    del self._by_channel[key]
            self._tables.pop(table.id, None)
            table.status = "aborted"
            table.finished_event.set()

    async def set_thread(self, table_id: int, thread_id: int | None) -> Table:
        """Record the thread a front end opened for the table.

        The table then answers in the thread and, until another table opens
        there, in its channel; a channel whose table moved to a thread may open
        another table (so one channel can hold several, each in its thread).
        """
        table = self.get(table_id)
        async with table.lock:
            if table.thread_id is not None and self._by_channel.get(table.thread_id) == table.id:
                del self._by_channel[table.thread_id]
            table.thread_id = thread_id
            if table.status in ("lobby", "playing"):
                self._index(table)
            await self.store.update_table(table.id, self.clock(), thread_id=thread_id)
        return table

    def _require_lobby(self, table: Table) -> None:
        if table.status == "playing":
            raise TableError("already_started", "the game has already started", {})
        if table.status != "lobby":
            raise TableError("finished", f"this table is {table.status}", {"status": table.status})

    def _require_host(self, table: Table, user_id: int) -> None:
        if user_id != table.host_user_id:
            raise TableError(
                "not_host",
                "only the table's host can do that",
                {"host_user_id": table.host_user_id},
            )

    async def _save_lobby(
        self,
        table: Table,
        seats: list[Seat] | None = None,
        host: int | None = None,
        **changes: Any,
    ) -> None:
        """Store the lobby with ``seats``, the ``host``'s user id and the ``changes`` (of
        ``options``, ``preset``, ``pace``, ``pace_seconds``, ``rated``) in place of the
        table's, then make them, as a move is made (:mod:`bot.table_play`): until the store
        has them every reader sees the stored lobby, and a refused write changes nothing
        and raises ``not_stored``."""
        seats = list(table.seats) if seats is None else seats
        host = table.host_user_id if host is None else host
        stored = {
            "options": table.options,
            "preset": table.preset,
            "pace": table.pace,
            "pace_seconds": table.pace_seconds,
            "rated": table.rated,
        }
        assert changes.keys() <= stored.keys(), changes
        stored.update(changes)
        await self._stored(
            table,
            "lobby",
            self.store.update_table(
                table.id,
                self.clock(),
                seats=[s.to_json() for s in seats],
                host_user_id=host,
                **stored,
            ),
        )
        table.seats[:] = seats
        table.host_user_id = host
        for name, value in changes.items():
            setattr(table, name, value)

    @staticmethod
    async def _stored(table: Table, what: str, write: Awaitable[Any]) -> Any:
        """``write``'s result; a write the store refused is ``not_stored`` (nothing made)."""
        try:
            return await write
        except Exception as exc:
            log.warning("table %s: %s change not stored (%r)", table.id, what, exc)
            raise not_stored() from exc

    async def join(
        self, channel_id: int, user_id: int, name: str, seat: int | None = None
    ) -> Table:
        """Sit down at the channel's table, in ``seat`` or the first free one.

        Raises ``TableError``: ``no_table``, ``already_started``, ``already_seated``,
        ``bad_seat``, ``seat_taken``, ``seat_full``.
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_lobby(table)
            mine = table.seat_of(user_id)
            if mine is not None:
                raise TableError(
                    "already_seated", f"you are already in seat {mine + 1}", {"seat": mine}
                )
            if seat is not None:
                self._check_seat_index(table, seat)
                if not table.seats[seat].empty:
                    raise TableError(
                        "seat_taken",
                        f"seat {seat + 1} is taken by {table.seats[seat].name}",
                        {"seat": seat, "name": table.seats[seat].name},
                    )
                index = seat
            else:
                free = table.free_seats
                if not free:
                    raise TableError("seat_full", "the table is full", {"seats": len(table.seats)})
                index = free[0]
            seats = list(table.seats)
            seats[index] = Seat(index, user_id=user_id, name=name)
            await self._save_lobby(table, seats)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def choose_seat(self, channel_id: int, user_id: int, seat: int) -> Table:
        """Move to ``seat`` before the start, so friends can sit as partners (opposite).

        An empty seat is taken; a bot in it moves to the mover's old seat; a person in it
        changes places only when the host asks (the host arranges the table). Raises
        ``TableError``: ``no_table``, ``already_started``, ``not_seated``, ``bad_seat``,
        ``seat_taken`` (a person's seat, asked by someone who is not the host).
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_lobby(table)
            mine = table.seat_of(user_id)
            if mine is None:
                raise TableError("not_seated", "you are not seated at this table", {})
            self._check_seat_index(table, seat)
            if seat == mine:
                return table
            there = table.seats[seat]
            person = there.user_id is not None and there.bot is None
            if person and user_id != table.host_user_id:
                raise TableError(
                    "seat_taken",
                    f"seat {seat + 1} is taken by {there.name}",
                    {"seat": seat, "name": there.name},
                )
            seats = list(table.seats)
            seats[seat] = dataclasses.replace(table.seats[mine], index=seat)
            seats[mine] = dataclasses.replace(there, index=mine)
            await self._save_lobby(table, seats)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    @staticmethod
    def _check_seat_index(table: Table, seat: int) -> None:
        if not _whole(seat):
            raise TableError(
                "bad_seat",
                f"a seat is a number from 1 to {len(table.seats)}, not {seat!r}",
                {"seat": repr(seat), "seats": len(table.seats)},
            )
        if not 0 <= seat < len(table.seats):
            raise TableError(
                "bad_seat",
                f"there is no seat {seat + 1}: seats are 1 to {len(table.seats)}",
                {"seat": seat, "seats": len(table.seats)},
            )

    @staticmethod
    def _next_host(table: Table, leaving: int) -> int | None:
        """The next person still seated after the host's seat ``leaving``, who takes over the
        host role; ``None`` if nobody is left."""
        n = len(table.seats)
        for step in range(1, n):
            seat = table.seats[(leaving + step) % n]
            if (
                seat.user_id is not None
                and seat.bot is None
                and not seat.left
                and seat.user_id != table.host_user_id
            ):
                return seat.user_id
        return None

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Leave the channel's table.

        In the lobby the seat is freed; during a game a bot plays on for the
        seat. The host role passes to the next person seated; a table left
        without people is aborted. Raises ``TableError``: ``no_table``, ``not_seated``.
        """
        table = self._in_channel(channel_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated", "you are not seated at this table", {})
            # stored first, as a move: the seat and the host change once the store has them
            lobby = table.status == "lobby"
            if lobby:
                new_seat = Seat(seat)
            else:
                new_seat = dataclasses.replace(table.seats[seat], left=True, auto=True)
            host: int | None = table.host_user_id
            if user_id == host:
                host = self._next_host(table, seat)
            if host is None:  # the last person left: the table is aborted
                updates += await self._stored(table, "abort", self._close(table, "aborted"))
                if lobby:  # and shown with their seat left, as the abort's message says
                    table.seats[seat] = new_seat
                else:
                    table.seats[seat].left = table.seats[seat].auto = True
            elif lobby:
                seats = list(table.seats)
                seats[seat] = new_seat
                await self._save_lobby(table, seats, host)
                updates.append(TableUpdate(table, "lobby"))
            else:
                await self._seat_changed(
                    table, seat, "auto_seat", updates, new_seat=new_seat, host=host
                )
        await self._notify(updates)
        return table

    async def add_bot(
        self, channel_id: int, user_id: int, count: int = 1, kind: str = BOT_KINDS_DEFAULT
    ) -> Table:
        """Seat ``count`` bots of ``kind`` in free seats (host only, lobby only).

        Raises ``TableError``: ``no_table``, ``not_host``, ``already_started``,
        ``bad_bot_kind``, ``bad_count`` (not a whole number of at least 1), ``seat_full``
        (fewer free seats than ``count``).
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_host(table, user_id)
            self._require_lobby(table)
            kinds = list(table.spec.bots())
            if kind not in kinds:
                raise TableError(
                    "bad_bot_kind",
                    f"there is no {kind!r} bot: choose {', '.join(kinds)}",
                    {"kind": kind, "kinds": ", ".join(kinds)},
                )
            if not _whole(count) or count < 1:
                raise TableError(
                    "bad_count",
                    f"the number of bots to add must be 1 or more, not {count!r}",
                    {"count": repr(count)},
                )
            free = table.free_seats
            if count > len(free):
                raise TableError(
                    "seat_full",
                    f"there {'is' if len(free) == 1 else 'are'} {len(free)} free"
                    f" seat{'' if len(free) == 1 else 's'}, not room for {count} bots",
                    {"free": len(free), "count": count},
                )
            seats = list(table.seats)
            for index in free[:count]:
                seats[index] = Seat(index, name=f"Bot {index + 1}", bot=kind)
            await self._save_lobby(table, seats)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def kick(self, channel_id: int, user_id: int, seat: int) -> Table:
        """Remove a bot or a player from ``seat`` (host only).

        In the lobby the seat is freed; during a game a kicked player's seat is
        played by a bot (bots cannot be removed mid-game). Raises ``TableError``:
        ``no_table``, ``not_host``, ``bad_seat``, ``seat_empty``, ``kick_self``,
        ``already_started`` (a bot mid-game).
        """
        table = self._in_channel(channel_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            self._require_host(table, user_id)
            if table.status not in ("lobby", "playing"):
                raise TableError("finished", f"this table is {table.status}", {})
            self._check_seat_index(table, seat)
            target = table.seats[seat]
            if target.empty or target.left:
                raise TableError("seat_empty", f"seat {seat + 1} is empty", {"seat": seat})
            if target.user_id == user_id and target.bot is None:
                raise TableError("kick_self", "you cannot kick yourself; use leave", {})
            if table.status == "lobby":
                seats = list(table.seats)
                seats[seat] = Seat(seat)
                await self._save_lobby(table, seats)
                updates.append(TableUpdate(table, "lobby"))
            else:
                if target.bot is not None:
                    raise TableError(
                        "already_started", "a bot cannot be removed once the game has started", {}
                    )
                kicked = dataclasses.replace(target, left=True, auto=True)
                await self._seat_changed(table, seat, "auto_seat", updates, new_seat=kicked)
        await self._notify(updates)
        return table

    async def set_options(
        self,
        channel_id: int,
        user_id: int,
        *,
        preset: str | None = None,
        pace: str | int | None = None,
        options: Mapping[str, Any] | None = None,
        rated: bool | None = None,
    ) -> Table:
        """Change the preset, pace, single options (merged over the earlier ones) or rating
        (host only, lobby only). Everything is validated before anything changes.

        Raises ``TableError``: ``no_table``, ``not_host``, ``already_started``,
        ``bad_preset``, ``bad_option``, ``bad_pace``.
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_host(table, user_id)
            self._require_lobby(table)
            if rated is not None and not isinstance(rated, bool):
                raise TableError(
                    "bad_option",
                    f"rated is true, false or unset (rated only without bots), not {rated!r}",
                    {"rated": repr(rated), "reason": "rated_value"},
                )
            new_pace = table.pace_obj if pace is None else to_pace(pace)
            new_preset = preset if preset is not None else table.preset
            new_options = {**table.options, **(options or {})}
            resolve_options(table.engine_type, new_preset, new_options, new_pace)
            await self._save_lobby(
                table,
                preset=new_preset,
                options=new_options,
                pace=new_pace.name,
                pace_seconds=new_pace.seconds,
                rated=table.rated if rated is None else rated,
            )
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def start(self, channel_id: int, user_id: int, *, seed: int | None = None) -> Table:
        """Start the game (host only, every seat filled); ``seed`` fixes the deal (tests).

        Raises ``TableError``: ``no_table``, ``not_host``, ``already_started``,
        ``seats_empty``, ``bad_preset``, ``bad_option``.
        """
        table = self._in_channel(channel_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            self._require_host(table, user_id)
            self._require_lobby(table)
            free = table.free_seats
            if free:
                raise TableError(
                    "seats_empty",
                    f"{len(free)} seat{'' if len(free) == 1 else 's'} still empty: invite"
                    " players or add bots",
                    {"free": len(free)},
                )
            options = table.resolved_options()
            game_seed = seed if seed is not None else self._rng.getrandbits(62)
            engine = table.engine_type(game_seed, options)
            table.game_id = await self.store.start_game(
                table.id,
                table.game,
                options.to_dict(),
                game_seed,
                [s.to_json() for s in table.seats],
                self.clock(),
            )
            table.engine = engine
            table.status = "playing"
            table.keys = set()
            await self._replan_deadlines(table, actor=None, persist=True)
            self._arm_all(table)
            updates.append(
                TableUpdate(
                    table,
                    "started",
                    engine.opening_events(),
                    seats_whose_hand_changed=set(range(len(table.seats))),
                )
            )
            if engine.is_over:  # pragma: no cover - no game ends before its first move
                updates += await self._finish(table)
            else:
                self._schedule_auto(table)
        await self._notify(updates)
        return table

    async def abort(self, channel_id: int, user_id: int, *, force: bool = False) -> Table:
        """Abort the channel's table: the host, or anyone with ``force`` (Manage Channels).

        Raises ``TableError``: ``no_table``, ``not_host``.
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            if not force:
                self._require_host(table, user_id)
            updates = await self._close(table, "aborted")
        await self._notify(updates)
        return table
