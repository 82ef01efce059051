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

Tables are prefixed ``discord_`` and created on :meth:`DiscordState.open`; they
are independent of the host's tables. A second connection on the same file is
safe: every write is one autocommitted statement (the write lock is held for that statement
only) and ``busy_timeout`` waits out the host's writes.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite

__all__ = ["DiscordState"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS discord_old_prompt (
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (channel_id, message_id)
);
CREATE TABLE IF NOT EXISTS discord_table_message (
    table_id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    lang TEXT NOT NULL DEFAULT 'en'
);
CREATE TABLE IF NOT EXISTS discord_hand_message (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE TABLE IF NOT EXISTS discord_table_lang (
    table_id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS discord_user_lang (
    user_id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS discord_alerts_off (
    user_id INTEGER PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS discord_auto_grab (
    user_id INTEGER PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS discord_dm_closed_at (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    told_channel_id INTEGER,
    PRIMARY KEY (table_id, user_id)
);
"""


class DiscordState:
    """Small persistent maps, cached in memory (reads never touch the disk).

    Use ``state = await DiscordState.open(path)`` and ``await state.close()``.
    """

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
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
    async def open(cls, path: Path | str) -> DiscordState:
        """Open (and create) the tables in the SQLite file at ``path`` and load them."""
        # autocommit: each write is one statement committed on the connection's thread, so
        # the file's write lock is never held across a trip through a busy event loop (it
        # was: an implicit transaction open from INSERT until the awaited commit), which
        # under load kept the host's moves and snapshots waiting past their busy_timeout;
        # and, as the host's connection, no fsync per commit in WAL mode (a commit still
        # survives a crash of the process)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        await db.execute("PRAGMA busy_timeout = 10000")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.executescript(_SCHEMA)
        self = cls(db)
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
        return self

    async def close(self) -> None:
        await self._db.close()

    async def set_table_message(
        self, table_id: int, channel_id: int, message_id: int, lang: str
    ) -> None:
        self.table_messages[table_id] = (channel_id, message_id)
        self.table_lang[table_id] = lang
        await self._db.execute(
            "INSERT OR REPLACE INTO discord_table_message VALUES (?, ?, ?, ?)",
            (table_id, channel_id, message_id, lang),
        )

    async def set_table_lang(self, table_id: int, lang: str) -> None:
        """Remember the language of ``table_id``'s channel text (a :data:`present.i18n.Lang`);
        the memory is updated before the first ``await``, the file after."""
        self.table_lang[table_id] = lang
        await self._db.execute(
            "INSERT OR REPLACE INTO discord_table_lang VALUES (?, ?)", (table_id, lang)
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
            "INSERT OR REPLACE INTO discord_hand_message VALUES (?, ?, ?, ?)",
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
            "INSERT OR REPLACE INTO discord_user_lang VALUES (?, ?)", (user_id, lang)
        )

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

    async def set_auto_grab(self, user_id: int, on: bool) -> None:
        """Whether ``user_id`` grabs the deal with a 大王 as soon as one is dealt to them in
        打滚子's live deal (a standing preference, remembered across restarts)."""
        if on:
            self.auto_grab.add(user_id)
            await self._db.execute("INSERT OR IGNORE INTO discord_auto_grab VALUES (?)", (user_id,))
        else:
            self.auto_grab.discard(user_id)
            await self._db.execute("DELETE FROM discord_auto_grab WHERE user_id = ?", (user_id,))

    async def mark_dm_closed(self, table_id: int, user_id: int, channel_id: int) -> bool:
        """Remember that ``user_id``'s DMs are closed for this table. True the first time (tell
        the table's channel). Per table, so that a player who opens their DMs later gets their
        hand by DM again at their next table."""
        if (table_id, user_id) in self.dm_closed:
            return False
        self.dm_closed.add((table_id, user_id))
        await self._db.execute(
            "INSERT OR REPLACE INTO discord_dm_closed_at VALUES (?, ?, ?)",
            (table_id, user_id, channel_id),
        )
        return True
