"""One process runs the tables of a database: an exclusive advisory lock on the file.

:meth:`bot.tables.TableService.start_up` takes over every unfinished table of
its store (bots, timers). Two processes doing that on one file (the Discord
bot and ``python -m bot play`` both default to ``paiju.sqlite3``) would both
move for the same bots and time out the same players: the second one's moves
collide with the first's action numbers and it falls behind the file. So
start-up claims the file with ``flock`` (released by the kernel when the
process ends, even by ``SIGKILL``) and a second claimant is refused.
SQLite's own locks are POSIX record locks, independent of ``flock`` on Linux.
"""

from __future__ import annotations

import os
from pathlib import Path

from bot.errors import TableError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: no claim, as before
    fcntl = None  # type: ignore[assignment]

__all__ = ["DatabaseClaim", "claim_database"]


class DatabaseClaim:
    """A held claim on a database file; :meth:`release` gives it up (idempotent)."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None


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
