"""A SQLite database's files read as bytes, before SQLite itself opens them.

SQLite trusts its files: given a WAL that lost its end, or no WAL at all, it
silently shows an older state of the database (or an empty one), and the first
writer makes that state permanent. So what the files prove is read here first,
from the file formats (https://www.sqlite.org/fileformat2.html, "The WAL
file format" and "The WAL-index format"):

* :func:`header_problem`: the main file starts with SQLite's header (or is empty).
* :func:`wal_loss`: the wal-index (``-shm``) of the last process that wrote the
  file records how many WAL frames were committed; if the WAL (``-wal``) no
  longer holds them (removed, zeroed, cut short) and they were not yet copied
  into the main file, committed transactions are lost. The wal-index is never
  synced, but it only ever records frames after they were synced
  (``synchronous=FULL``), so after a power cut it may be stale or torn, never
  ahead of the WAL: a torn one fails its own checksum and is not evidence.
* :func:`open_read_only`: a read-only connection that leaves nothing behind
  (no ``-wal``/``-shm`` beside a file that had none) and works on a read-only
  mount.
* :func:`claimed_elsewhere`: another process runs the file's tables (its files
  change as they are read, so they prove nothing).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import struct
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "SQLITE_HEADER",
    "Unreadable",
    "WalIndex",
    "check_db_path",
    "claimed_elsewhere",
    "header_problem",
    "open_read_only",
    "read_wal_index",
    "wal_committed_frames",
    "wal_loss",
]

SQLITE_HEADER = b"SQLite format 3\x00"
_WAL_MAGIC = (0x377F0682, 0x377F0683)  # little- or big-endian checksums
_WAL_VERSION = 3007000
_MASK = 0xFFFFFFFF

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: no claim to see
    fcntl = None  # type: ignore[assignment]


class Unreadable(Exception):
    """The file cannot be read at all; the message names the path and what to do."""


def header_problem(path: Path) -> str | None:
    """Why ``path`` is not a SQLite database file (``None`` when it is one, or is empty).

    Raises :class:`Unreadable` when the file cannot be read.
    """
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as exc:
        raise Unreadable(f"cannot read {path}: {exc.strerror or exc}") from None
    if not head:
        return None
    if not head.startswith(SQLITE_HEADER):
        return f"{path} is not a SQLite database (its first bytes are not SQLite's header)"
    return None


def _checksum(data: bytes, big_endian: bool, s1: int = 0, s2: int = 0) -> tuple[int, int]:
    """SQLite's WAL checksum (``walChecksumBytes``) of ``data`` (a multiple of 8 bytes)."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s1 = (s1 + words[i] + s2) & _MASK
        s2 = (s2 + words[i + 1] + s1) & _MASK
    return s1, s2


def wal_committed_frames(wal: Path) -> tuple[int, bytes | None]:
    """How many frames of the WAL file ``wal`` SQLite would use (the last valid commit
    frame's number; 0 for a missing, empty or invalid WAL), and the WAL's salts as stored (``None``
    without a valid header)."""
    try:
        data = wal.read_bytes()
    except FileNotFoundError:
        return 0, None
    if len(data) < 32:
        return 0, None
    magic, version, page_size, _, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:32])
    if magic not in _WAL_MAGIC or version != _WAL_VERSION:
        return 0, None
    big = bool(magic & 1)
    s1, s2 = _checksum(data[:24], big)
    if (s1, s2) != (c1, c2) or page_size < 512 or page_size & (page_size - 1):
        return 0, None
    frame_size = 24 + page_size
    committed = frames = 0
    offset = 32
    while offset + frame_size <= len(data):
        _, size_after, f_salt1, f_salt2, f_c1, f_c2 = struct.unpack(
            ">6I", data[offset : offset + 24]
        )
        if (f_salt1, f_salt2) != (salt1, salt2):
            break
        s1, s2 = _checksum(data[offset : offset + 8], big, s1, s2)
        s1, s2 = _checksum(data[offset + 24 : offset + frame_size], big, s1, s2)
        if (s1, s2) != (f_c1, f_c2):
            break
        frames += 1
        if size_after:
            committed = frames
        offset += frame_size
    return committed, data[16:24]


@dataclass(frozen=True)
class WalIndex:
    """What a wal-index (``-shm``) header records: the last committed frame, the WAL's
    salts, and how many frames were already copied into the main file (checkpointed)."""

    max_frame: int
    salts: bytes
    backfilled: int


def read_wal_index(shm: Path) -> WalIndex | None:
    """The wal-index header of ``shm``, or ``None`` when there is none to trust (missing,
    short, not initialised, its two copies differ, or its checksum fails)."""
    try:
        with open(shm, "rb") as f:
            data = f.read(136)
    except OSError:
        return None
    if len(data) < 136 or data[:48] != data[48:96]:
        return None
    # written in the machine's byte order (x86, ARM: little-endian); the checksum covers
    # the first 40 bytes, read in that order
    version, _, _, is_init, _, _, max_frame, _, _, _, _, _, c1, c2 = struct.unpack(
        "=3IBBH8I", data[:48]
    )
    if not is_init or version != _WAL_VERSION:
        return None
    if _checksum(data[:40], big_endian=struct.pack("=I", 1) == struct.pack(">I", 1)) != (c1, c2):
        return None
    (backfilled,) = struct.unpack("=I", data[96:100])
    # the salts are the WAL header's bytes 16-24, copied as they are (not byte-swapped)
    return WalIndex(max_frame, data[32:40], backfilled)


def wal_loss(path: Path) -> str | None:
    """Why the WAL of the database ``path`` lost committed transactions, or ``None``
    when its files show no loss (or cannot show one: no wal-index left to compare)."""
    index = read_wal_index(Path(f"{path}-shm"))
    if index is None or index.max_frame <= index.backfilled:
        return None  # nothing recorded beyond what the main file already holds
    wal = Path(f"{path}-wal")
    if not wal.exists():
        return (
            f"its WAL ({wal.name}) is missing, but held {index.max_frame} frames of committed"
            " transactions not yet in the main file"
        )
    committed, salts = wal_committed_frames(wal)
    if salts != index.salts:
        return (
            f"its WAL ({wal.name}) is not the one its wal-index describes (zeroed or replaced):"
            f" {index.max_frame} frames of committed transactions are lost"
        )
    if committed < index.max_frame:
        return (
            f"its WAL ({wal.name}) holds {committed} frames of committed transactions, but"
            f" held {index.max_frame} (cut short: the newest transactions are lost)"
        )
    return None


def claimed_elsewhere(path: Path) -> bool:
    """True when another process holds ``path``'s claim (:mod:`bot.claim`): it runs the
    file's tables, so the files change while they are read."""
    if fcntl is None:  # pragma: no cover
        return False
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # drops the shared lock, if taken
    return False


@contextlib.contextmanager
def _private_copy(path: Path) -> Iterator[Path]:
    """The database ``path`` with its ``-wal`` and ``-shm`` copied into a private directory,
    removed afterwards. The main file, which a reader never writes, is hard-linked when
    the directory beside it allows (no copy of a large file); else everything is copied
    to the system's temporary directory."""
    for where in (path.parent, None):
        try:
            tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.read-", dir=where))
        except OSError:
            continue  # a read-only directory: copy to the system's temporary one
        target = tmp / path.name
        try:
            try:
                if where is not None:
                    os.link(path, target)
                else:
                    shutil.copyfile(path, target)
                for suffix in ("-wal", "-shm"):
                    if Path(f"{path}{suffix}").exists():
                        shutil.copyfile(f"{path}{suffix}", f"{target}{suffix}")
            except OSError as exc:
                if where is not None:
                    continue  # no hard links here (another file system, a policy)
                raise Unreadable(f"cannot read {path}: {exc.strerror or exc}") from None
            yield target
            return
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    raise Unreadable(f"cannot read {path}: no temporary directory can be made")  # pragma: no cover


@contextlib.contextmanager
def open_read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the existing database ``path`` that changes nothing of it
    and leaves nothing beside it.

    * Without a ``-wal`` there is nothing but the main file to read: it is opened
      ``immutable`` (SQLite then creates no ``-wal``/``-shm`` and needs no write access, so
      a read-only mount works).
    * With a ``-wal`` and no process running the file (a crash, a copy being checked),
      SQLite would rebuild the wal-index in ``-shm`` as it opens: the evidence
      :func:`wal_loss` reads, and a second look would no longer see it. So the three files
      are copied to a private directory (the main file hard-linked where it can be) and
      the copy is read; the directory is removed afterwards.
    * With a ``-wal`` of a running bot (:func:`claimed_elsewhere`), its wal-index is live
      and valid, so the file is read in place (``mode=ro``), as any reader of it would.

    Raises :class:`Unreadable` (with the path and the reason) when the file cannot be
    opened, or is not a SQLite database.
    """
    problem = header_problem(path)
    if problem is not None:
        raise Unreadable(problem)
    wal = Path(f"{path}-wal")
    with contextlib.ExitStack() as stack:
        target, query = path, "?mode=ro&immutable=1"
        if wal.exists():
            query = "?mode=ro"
            if not claimed_elsewhere(path):
                target = stack.enter_context(_private_copy(path))
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(target.resolve().as_uri() + query, uri=True)
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise Unreadable(f"cannot read the database {path}: {exc}") from None
        try:
            yield conn
        finally:
            conn.close()


def check_db_path(path: Path, *, must_exist: bool = False) -> None:
    """Refuse a ``--db`` path that cannot be a database file, before anything is opened.

    The directory must exist already (it is not created: a mistyped path should not grow a
    tree of directories) and be writable; the path itself must not be a directory, and an
    existing file must be a SQLite database (an empty file is taken as a new one). Raises
    ``ValueError`` with one sentence naming the path and what to do.
    """
    if str(path) == ":memory:":
        return
    if path.is_dir():
        raise ValueError(
            f"{path} is a directory, not a database file: give a file path such as"
            f" {path / 'paiju.sqlite3'}"
        )
    parent = path.parent
    # the nearest existing ancestor says why the directory cannot be used
    if not parent.is_dir():
        ancestor = parent
        while not ancestor.exists() and ancestor != ancestor.parent:
            ancestor = ancestor.parent
        if ancestor.exists() and not ancestor.is_dir():
            raise ValueError(
                f"cannot use {path}: {ancestor} is a file, not a directory;"
                " choose a --db path inside a directory"
            )
        raise ValueError(
            f"cannot use {path}: the directory {parent} does not exist; create it first"
            f" (mkdir -p {parent}) or choose another --db path"
        )
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK):
            raise ValueError(f"cannot use {path}: the file is not readable and writable")
        try:
            with path.open("rb") as f:
                head = f.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
        if head and head != SQLITE_HEADER:
            raise ValueError(
                f"{path} is not a SQLite database: choose another --db file"
                " (this one is left untouched)"
            )
    elif must_exist:
        raise ValueError(
            f"there is no database {path}: give the --db file that play or simulate wrote"
        )
    if not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(
            f"cannot use {path}: the directory {parent} is not writable"
            " (read-only or not yours); choose another --db path"
        )
