"""One process runs the tables of a database: an exclusive advisory lock on the file.

:meth:`bot.tables.TableService.start_up` takes over every unfinished table of
its store (bots, timers). Two processes doing that on one file (the Discord
bot and ``python -m bot play`` both default to ``paiju.sqlite3``) would both
move for the same bots and time out the same players: the second one's moves
collide with the first's action numbers and it falls behind the file. So
start-up claims the file with ``flock`` (released by the kernel when the
process ends, even by ``SIGKILL``) and a second claimant is refused.
SQLite's own locks are POSIX record locks, independent of ``flock`` on Linux.

On PostgreSQL (:func:`claim_postgres`) the claim is a session advisory lock held
by a connection of its own: the server drops it when that connection ends, with
the process (even ``SIGKILL``: the socket closes). Bot processes that split the shards
(``SHARD_IDS``) take it ``shared``: they run the tables together, each owning some
(:mod:`bot.owners`, whose table locks live on the same connection), while a process that would
run every table (the bot without shards, ``play``, ``migrate``) still needs it alone.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.errors import TableError

if TYPE_CHECKING:
    from bot.store_pg import PgDatabase

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: no claim, as before
    fcntl = None  # type: ignore[assignment]

__all__ = ["CLAIM_LOCK", "CLAIM_SQL", "DatabaseClaim", "claim_database", "claim_postgres"]

CLAIM_LOCK = 0x5061_696A
"""The first key of the claim's advisory lock on a PostgreSQL database (``pg_locks.classid``);
the second (``objid``) is ``hashtext(current_schema())``: one claim per Paiju schema."""
CLAIM_SQL = "pg_try_advisory_lock({key}, hashtext(current_schema()))"
CLAIM_SHARED_SQL = "pg_try_advisory_lock_shared({key}, hashtext(current_schema()))"


class DatabaseClaim:
    """A held claim on a database file; :meth:`release` gives it up (idempotent)."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


class _PostgresClaim(DatabaseClaim):
    """The claim on a PostgreSQL database: a connection holding the advisory lock."""

    def __init__(self, conn: Any) -> None:
        super().__init__(None)
        self._conn: Any = conn

    @property
    def conn(self) -> Any:
        """The connection holding the claim (``None`` once released)."""
        return self._conn

    def release(self) -> None:
        if self._conn is not None:
            # forgotten first: whoever watches the connection's end (bot.owners) sees that it
            # was given up, not lost
            conn, self._conn = self._conn, None
            conn.terminate()  # the server drops the session's advisory lock


async def claim_postgres(pg: PgDatabase, *, shared: bool = False) -> DatabaseClaim:
    """Claim the PostgreSQL database of ``pg`` (see the module doc); ``shared`` for a process
    of a bot split by ``SHARD_IDS``. Raises ``TableError("database_in_use")`` when another
    process (or service) holds it in a way that excludes this claim."""
    import asyncpg

    conn = await asyncpg.connect(pg.url, server_settings={"application_name": "paiju-claim"})
    try:
        sql = CLAIM_SHARED_SQL if shared else CLAIM_SQL
        held = await conn.fetchval("SELECT " + sql.format(key=CLAIM_LOCK))
    except BaseException:
        conn.terminate()
        raise
    if not held:
        conn.terminate()
        raise TableError(
            "database_in_use",
            f"another Paiju process is running the tables of {pg.name} (the Discord bot, or"
            " play/resume): stop it first, or give this one a database of its own",
            {"path": pg.name},
        )
    return _PostgresClaim(conn)


def claim_database(path: Path) -> DatabaseClaim:
    """Claim ``path`` for this process's table service.

    ``":memory:"`` needs no claim. Raises ``TableError("database_in_use")``
    when another process (or another service in this one) holds it.
    """
    if str(path) == ":memory:" or fcntl is None:
        return DatabaseClaim(None)
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise TableError(
            "database_in_use",
            f"another Paiju process is running the tables of {path} (the Discord bot, or"
            " play/resume): stop it first, or give this one its own file with --db",
            {"path": str(path)},
        ) from None
    return DatabaseClaim(fd)
