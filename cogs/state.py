"""What the Discord front end must remember across restarts, in the same SQLite file.

* the table message of each table (``channel_id``, ``message_id``), so that it is
  edited in place after a restart instead of being posted again;
* the private hand message of each (table, seat), to edit it in place;
* users whose direct messages are closed (Discord error 50007) at each table, so
  the table's channel is told once and the bot stops trying there (at their next
  table it tries again: DMs may have been opened since);
* each table's language, for the lines it writes in the channel (the server's locale at
  ``/table open``, else ``DEFAULT_LOCALE``; ``/table options language:`` changes it), and
  each user's language (of their latest interaction), for their private messages;
* users who silenced turn alerts (their hand message is then edited quietly instead of
  sent afresh at each decision).

Tables are prefixed ``discord_`` (the store's migration 7, :mod:`bot.store_schema`; created
on :meth:`DiscordState.open` as well); they are independent of the host's tables. On SQLite a
second connection on the same file is safe: every write is one autocommitted statement (the
write lock is held for that statement only) and ``busy_timeout`` waits out the host's writes.

On PostgreSQL (``DATABASE_URL``) they live in the game store (a small pool of their own): every bot
process of a bot split by ``SHARD_IDS`` shares them, so a process that takes a table over
(:mod:`bot.owners`) edits the table message and hands another process posted, after
:meth:`DiscordState.load_tables` has read that table's rows. The rows a process kept in its
local file (``DATABASE_PATH``) before are copied into the store at its first start, once (the
file then holds the table ``discord_moved_to_store`` saying so).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store_schema import FRONT_END_TABLES

__all__ = ["DiscordState", "share_user_changes"]

_TABLES = {  # table: its columns in order (the local file's rows are copied in this order)
    "discord_old_prompt": ("channel_id", "message_id"),
    "discord_table_message": ("table_id", "channel_id", "message_id", "lang"),
    "discord_hand_message": ("table_id", "user_id", "channel_id", "message_id"),
    "discord_table_lang": ("table_id", "lang"),
    "discord_user_lang": ("user_id", "lang"),
    "discord_alerts_off": ("user_id",),
    "discord_auto_grab": ("user_id",),
    "discord_dm_closed_at": ("table_id", "user_id", "told_channel_id"),
}
log = logging.getLogger(__name__)

_MOVED = "discord_moved_to_store"  # in a local file whose rows went into the PostgreSQL store


class DiscordState:
    """Small persistent maps, cached in memory (reads never touch the disk).

    Use ``state = await DiscordState.open(path)`` and ``await state.close()``.
    """

    def __init__(self, db: Any, *, shared: bool = False) -> None:
        self._db = db  # an aiosqlite connection, or the store's PostgreSQL pool
        #: the rows live in the PostgreSQL store, shared with the other bot processes
        self.shared = shared
        #: called with a user id after this process changed what is stored of that user
        #: (language, alerts, standing choices): shards tell the other processes
        #: (:func:`share_user_changes`)
        self.on_user_change: Callable[[int], None] | None = None
        self.table_messages: dict[int, tuple[int, int]] = {}
        self.table_lang: dict[int, str] = {}
        self.hand_messages: dict[tuple[int, int], tuple[int, int]] = {}
        self.dm_closed: set[tuple[int, int]] = set()  # (table_id, user_id)
        self.user_lang: dict[int, str] = {}
        self.alerts_off: set[int] = set()  # users who silenced turn alerts
        self.auto_grab: set[int] = set()  # users who grab with a 大王 when dealt (打滚子)
        # hand messages replaced by a newer one and not yet deleted: kept in the file, so a
        # bot stopped (or killed) before its clean-up deletes them after the restart
        self.old_prompts: set[tuple[int, int]] = set()  # (channel_id, message_id)

    @classmethod
    async def open(cls, path: Path | str, store: Any = None) -> DiscordState:
        """Open (and create) the tables in the SQLite file at ``path`` and load them; with a
        ``store`` on PostgreSQL (:attr:`bot.store.Store.pg`), the store's tables instead, after
        copying the rows of ``path`` into them once (see the module doc)."""
        pg = getattr(store, "pg", None)
        if pg is not None:
            from bot.store_pg import PgDatabase

            # a small pool of its own, as the file had a connection of its own: the table and
            # hand messages' writes never wait behind the moves for the store's connections
            own = await PgDatabase.connect(pg.url, max_size=4)
            self = cls(own, shared=True)
            try:
                await self._copy_local_file(Path(path))
                await self._load()
            except BaseException:
                await own.close()
                raise
            return self
        # autocommit: each write is one statement committed on the connection's thread, so
        # the file's write lock is never held across a trip through a busy event loop (it
        # was: an implicit transaction open from INSERT until the awaited commit), which
        # under load kept the host's moves and snapshots waiting past their busy_timeout;
        # and, as the host's connection, no fsync per commit in WAL mode (a commit still
        # survives a crash of the process)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("PRAGMA busy_timeout = 10000")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.executescript(FRONT_END_TABLES)
        self = cls(db)
        await self._load()
        return self

    async def _load(self) -> None:
        db = self._db
        async with db.execute(
            "SELECT table_id, channel_id, message_id, lang FROM discord_table_message"
        ) as cur:
            async for tid, cid, mid, lang in cur:
                self.table_messages[tid] = (cid, mid)
                self.table_lang[tid] = lang
        # a language chosen for the table (/table options language:) wins over the one its
        # message was posted in
        async with db.execute("SELECT table_id, lang FROM discord_table_lang") as cur:
            async for tid, lang in cur:
                self.table_lang[tid] = lang
        async with db.execute(
            "SELECT table_id, user_id, channel_id, message_id FROM discord_hand_message"
        ) as cur:
            async for tid, uid, cid, mid in cur:
                self.hand_messages[(tid, uid)] = (cid, mid)
        async with db.execute("SELECT user_id, lang FROM discord_user_lang") as cur:
            async for uid, lang in cur:
                self.user_lang[uid] = lang
        async with db.execute("SELECT user_id FROM discord_alerts_off") as cur:
            async for (uid,) in cur:
                self.alerts_off.add(uid)
        async with db.execute("SELECT user_id FROM discord_auto_grab") as cur:
            async for (uid,) in cur:
                self.auto_grab.add(uid)
        async with db.execute("SELECT channel_id, message_id FROM discord_old_prompt") as cur:
            async for cid, mid in cur:
                self.old_prompts.add((cid, mid))
        async with db.execute("SELECT table_id, user_id FROM discord_dm_closed_at") as cur:
            async for tid, uid in cur:
                self.dm_closed.add((tid, uid))

    async def load_tables(self, table_ids: Iterable[int], user_ids: Iterable[int] = ()) -> None:
        """Read again what is stored about these tables (their table message, language, hand
        messages, closed DMs) and these users (languages, alerts, standing choices): another
        bot process ran the tables until now and may have changed them (shards on PostgreSQL;
        on SQLite this process alone writes them, and nothing changes)."""
        tables = sorted(set(table_ids))
        users = sorted(set(user_ids))
        if not self.shared or not (tables or users):
            return
        db = self._db
        if tables:
            marks = ",".join("?" * len(tables))
            for tid in tables:
                self.table_messages.pop(tid, None)
                self.table_lang.pop(tid, None)
            for key in [k for k in self.hand_messages if k[0] in tables]:
                del self.hand_messages[key]
            self.dm_closed = {k for k in self.dm_closed if k[0] not in tables}
            async with db.execute(
                "SELECT table_id, channel_id, message_id, lang FROM discord_table_message"
                f" WHERE table_id IN ({marks})",
                tables,
            ) as cur:
                async for tid, cid, mid, lang in cur:
                    self.table_messages[tid] = (cid, mid)
                    self.table_lang[tid] = lang
            async with db.execute(
                f"SELECT table_id, lang FROM discord_table_lang WHERE table_id IN ({marks})",
                tables,
            ) as cur:
                async for tid, lang in cur:
                    self.table_lang[tid] = lang
            async with db.execute(
                "SELECT table_id, user_id, channel_id, message_id FROM discord_hand_message"
                f" WHERE table_id IN ({marks})",
                tables,
            ) as cur:
                async for tid, uid, cid, mid in cur:
                    self.hand_messages[(tid, uid)] = (cid, mid)
            async with db.execute(
                f"SELECT table_id, user_id FROM discord_dm_closed_at WHERE table_id IN ({marks})",
                tables,
            ) as cur:
                async for tid, uid in cur:
                    self.dm_closed.add((tid, uid))
        if users:
            marks = ",".join("?" * len(users))
            for uid in users:
                self.user_lang.pop(uid, None)
                self.alerts_off.discard(uid)
                self.auto_grab.discard(uid)
            where = f"WHERE user_id IN ({marks})"
            async with db.execute(
                f"SELECT user_id, lang FROM discord_user_lang {where}", users
            ) as cur:
                async for uid, lang in cur:
                    self.user_lang[uid] = lang
            async with db.execute(f"SELECT user_id FROM discord_alerts_off {where}", users) as cur:
                async for (uid,) in cur:
                    self.alerts_off.add(uid)
            async with db.execute(f"SELECT user_id FROM discord_auto_grab {where}", users) as cur:
                async for (uid,) in cur:
                    self.auto_grab.add(uid)

    async def _copy_local_file(self, path: Path) -> None:
        """Copy the rows this process kept in its local file into the store, once (a row the
        store has already is kept as it is there)."""
        if not path.is_file() or path.stat().st_size == 0:
            return
        async with aiosqlite.connect(str(path), isolation_level=None) as lite:
            await lite.execute("PRAGMA busy_timeout = 10000")
            async with lite.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
                names = {r[0] for r in await cur.fetchall()}
            if _MOVED in names or not names & set(_TABLES):
                return
            copied = 0
            for table, columns in _TABLES.items():
                if table not in names:
                    continue
                cols = ", ".join(columns)
                async with lite.execute(f"SELECT {cols} FROM {table}") as cur:
                    rows = [tuple(r) for r in await cur.fetchall()]
                if rows:
                    await self._db.executemany(
                        f"INSERT INTO {table} ({cols}) VALUES ({','.join('?' * len(columns))})"
                        " ON CONFLICT DO NOTHING",
                        rows,
                    )
                    copied += len(rows)
            await lite.execute(f"CREATE TABLE {_MOVED} (moved_at REAL NOT NULL, rows INTEGER)")
            await lite.execute(f"INSERT INTO {_MOVED} VALUES (?, ?)", (time.time(), copied))

    async def close(self) -> None:
        await self._db.close()

    async def set_table_message(
        self, table_id: int, channel_id: int, message_id: int, lang: str
    ) -> None:
        self.table_messages[table_id] = (channel_id, message_id)
        self.table_lang[table_id] = lang
        await self._db.execute(
            "INSERT INTO discord_table_message VALUES (?, ?, ?, ?) ON CONFLICT (table_id)"
            " DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id,"
            " lang = excluded.lang",
            (table_id, channel_id, message_id, lang),
        )

    async def set_table_lang(self, table_id: int, lang: str) -> None:
        """Remember the language of ``table_id``'s channel text (a :data:`present.i18n.Lang`);
        the memory is updated before the first ``await``, the file after."""
        self.table_lang[table_id] = lang
        await self._db.execute(
            "INSERT INTO discord_table_lang VALUES (?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET lang = excluded.lang",
            (table_id, lang),
        )

    async def set_hand_message(
        self, table_id: int, user_id: int, channel_id: int, message_id: int
    ) -> None:
        previous = self.hand_messages.get((table_id, user_id))
        self.hand_messages[(table_id, user_id)] = (channel_id, message_id)
        if previous is not None and previous[1] != message_id:  # to delete, even after a crash
            self.old_prompts.add(previous)
            await self._db.execute(
                "INSERT OR IGNORE INTO discord_old_prompt VALUES (?, ?)", previous
            )
        await self._db.execute(
            "INSERT INTO discord_hand_message VALUES (?, ?, ?, ?) ON CONFLICT (table_id, user_id)"
            " DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id",
            (table_id, user_id, channel_id, message_id),
        )

    async def forget_old_prompt(self, where: tuple[int, int]) -> None:
        """An old hand message is deleted (or was already gone): no longer to delete."""
        self.old_prompts.discard(where)
        await self._db.execute(
            "DELETE FROM discord_old_prompt WHERE channel_id = ? AND message_id = ?", where
        )

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        """Remember the language of ``user_id``'s interactions, for their private messages.

        The memory is updated before the first ``await``, the file after.
        """
        self.user_lang[user_id] = lang
        await self._db.execute(
            "INSERT INTO discord_user_lang VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang",
            (user_id, lang),
        )
        self._user_changed(user_id)

    async def set_alerts(self, user_id: int, on: bool) -> None:
        """Turn ``user_id``'s turn alerts on or off (remembered across restarts)."""
        if on:
            self.alerts_off.discard(user_id)
            await self._db.execute("DELETE FROM discord_alerts_off WHERE user_id = ?", (user_id,))
        else:
            self.alerts_off.add(user_id)
            await self._db.execute(
                "INSERT OR IGNORE INTO discord_alerts_off VALUES (?)", (user_id,)
            )
        self._user_changed(user_id)

    async def set_auto_grab(self, user_id: int, on: bool) -> None:
        """Whether ``user_id`` grabs the deal with a 大王 as soon as one is dealt to them in
        打滚子's live deal (a standing preference, remembered across restarts)."""
        if on:
            self.auto_grab.add(user_id)
            await self._db.execute("INSERT OR IGNORE INTO discord_auto_grab VALUES (?)", (user_id,))
        else:
            self.auto_grab.discard(user_id)
            await self._db.execute("DELETE FROM discord_auto_grab WHERE user_id = ?", (user_id,))
        self._user_changed(user_id)

    def _user_changed(self, user_id: int) -> None:
        if self.shared and self.on_user_change is not None:
            self.on_user_change(user_id)

    async def mark_dm_closed(self, table_id: int, user_id: int, channel_id: int) -> bool:
        """Remember that ``user_id``'s DMs are closed for this table. True the first time (tell
        the table's channel). Per table, so that a player who opens their DMs later gets their
        hand by DM again at their next table."""
        if (table_id, user_id) in self.dm_closed:
            return False
        self.dm_closed.add((table_id, user_id))
        await self._db.execute(
            "INSERT INTO discord_dm_closed_at VALUES (?, ?, ?) ON CONFLICT (table_id, user_id)"
            " DO UPDATE SET told_channel_id = excluded.told_channel_id",
            (table_id, user_id, channel_id),
        )
        return True


async def share_user_changes(state: DiscordState, owners: Any) -> None:
    """Shards on PostgreSQL: what this process changes of a user (language, alerts, standing
    choices) is told to the other processes (a ``state`` message, :meth:`bot.owners.TableOwners.
    broadcast`), which read that user's rows again; and they tell this one the same."""
    import asyncio

    sending: set[asyncio.Task[None]] = set()

    async def tell(user_id: int) -> None:
        try:
            await owners.broadcast("state", users=[user_id])
        except Exception:  # the others read it again when they take a table of the user's
            log.warning("user %s's change could not be told to the other processes", user_id)

    def changed(user_id: int) -> None:
        task = asyncio.get_running_loop().create_task(tell(user_id))
        sending.add(task)
        task.add_done_callback(sending.discard)

    async def heard(message: dict[str, Any]) -> None:
        await state.load_tables((), [int(u) for u in message.get("users", [])])

    state.on_user_change = changed
    await owners.listen_control("state", heard)
