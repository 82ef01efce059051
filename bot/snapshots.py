"""Engine snapshots beside the event log, so that start-up need not replay whole matches.

The log (``actions``) stays the truth; a snapshot is a cache of the engine
after its first ``seq`` actions. Start-up restores the snapshot and applies
only the actions after it (at most ``SNAPSHOT_EVERY - 1`` after a crash; none
after a clean stop, which snapshots every table), instead of replaying hundreds
of actions a table: 28 s of CPU for 1,000 扒鸡窝 tables mid-match before,
1.3 to 2.4 s now (``python -m benchmarks host``).

A snapshot is the engine pickled (the engines are plain Python objects and
have no state format of their own; ``pickle`` is the standard library's).
It is used only when all of these hold, and is otherwise discarded, logged,
and the game replayed from its log:

* ``version``: it was written by exactly this engine code (a hash of the
  sources of ``games/`` and the Python version), so a changed rule can never
  resurrect a state the new code would not reach by replay;
* ``digest``: the bytes are intact (SHA-256 of the state and of the log digest);
* it is this game (seed and options), and holds as many actions as it says.

A snapshot that passes these checks is evidence of what the log held when it
was taken (its ``log_digest``): a log shorter than it, or with other actions,
lost or changed committed moves, and the file is damaged
(:mod:`bot.table_records`, :mod:`bot.damage`).

Engines are deterministic (``games.base``), so such a snapshot equals the
replay of the log; ``python -m bot check`` proves it offline by replaying
every snapshotted game (:func:`verify_snapshot`). Unpickling runs code named
in the bytes: the snapshots are as trusted as the rest of the database file.
"""

from __future__ import annotations

import copyreg
import functools
import hashlib
import io
import json
import pickle
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.base import Game
from games.cards import Card, Rank, Suit
from games.tricks import intern_card

__all__ = [
    "SNAPSHOT_EVERY",
    "Snapshot",
    "SnapshotDiffers",
    "SnapshotMismatch",
    "engine_version",
    "log_digest",
    "restore",
    "seal",
    "take",
    "verify_snapshot",
]

SNAPSHOT_EVERY = 16
"""A playing table writes a snapshot after every this many actions (a crash replays fewer).
Pickling a 扒鸡窝 engine takes about 1 ms: under 0.1 ms a move, spread out."""


@dataclass(frozen=True)
class Snapshot:
    """A stored snapshot: the game, the number of actions it holds, the engine code's
    version, the SHA-256 of ``state``, ``state`` (the pickled engine), and the
    :func:`log_digest` of those actions as the store writes them (``None``: not known)."""

    game_id: int
    seq: int
    version: str
    digest: str
    state: bytes
    log_digest: str | None = None


class SnapshotMismatch(Exception):
    """The snapshot cannot stand for the log; the message says why (for the log line)."""


class SnapshotDiffers(SnapshotMismatch):
    """A snapshot that start-up would use differs from the replay of its log (``check``)."""


@functools.cache
def engine_version() -> str:
    """A hash of every source file of the ``games`` package and of the Python version."""
    import games

    root = Path(games.__file__).resolve().parent
    digest = hashlib.sha256(f"python {sys.version_info[:2]}".encode())
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


@functools.cache
def _card(rank: int, suit: str | None) -> Card:
    """The engines' shared instance of a card (``games.tricks.intern_card``), for unpickling."""
    return intern_card(Card(Rank(rank), Suit(suit) if suit is not None else None))


def _reduce_card(card: Card) -> tuple[Any, tuple[int, str | None]]:
    # a card is pickled as (rank, suit) and comes back as the shared instance: quicker to
    # load than a frozen dataclass's own state, and the engine's look-ups stay on their fast path
    return _card, (int(card.rank), card.suit.value if card.suit is not None else None)


def _dumps(engine: Game) -> bytes:
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, Card: _reduce_card}
    pickler.dump(engine)
    return out.getvalue()


_ACTION_TEXT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""An action's JSON text exactly as :class:`bot.store.Store` writes it."""


def log_digest(texts: Iterable[str]) -> str:
    """The SHA-256 (hex) of a log: its actions' stored JSON texts, in order.

    JSON text never holds the separator (U+001E is written as an escape).
    """
    return hashlib.sha256("\x1e".join(texts).encode()).hexdigest()


def seal(state: bytes, log: str | None) -> str:
    """A snapshot's ``digest``: the SHA-256 (hex) of its state and of its log digest, so
    that neither can change without the other (``log`` ``None``: of the state alone, as
    before migration 3)."""
    return hashlib.sha256(state + (log.encode() if log is not None else b"")).hexdigest()


def take(game_id: int, engine: Game) -> Snapshot:
    """Snapshot ``engine`` (of game ``game_id``) as it is now, with the digest of its log."""
    state = _dumps(engine)
    log = log_digest(_ACTION_TEXT(a.to_json()) for a in engine.actions)
    return Snapshot(game_id, len(engine.actions), engine_version(), seal(state, log), state, log)


_OPTIONS: dict[tuple[str, str], object] = {}


def _options(engine_type: type[Game], text: str) -> object:
    # the tables of a server share a few option sets: each is validated once, not per table
    key = (engine_type.name, text)
    if key not in _OPTIONS:
        if len(_OPTIONS) > 256:
            _OPTIONS.clear()
        _OPTIONS[key] = engine_type.options_type.from_dict(json.loads(text))
    return _OPTIONS[key]


def restore(
    snapshot: Snapshot, engine_type: type[Game], seed: int, options: Mapping[str, Any]
) -> Game:
    """The engine a snapshot holds, after checking it was written by this code, is intact,
    and belongs to this game (``seed``, ``options`` as stored in its ``games`` row).

    Raises :class:`SnapshotMismatch` naming the first check that failed.
    """
    if snapshot.version != engine_version():
        raise SnapshotMismatch("written by other engine code")
    if seal(snapshot.state, snapshot.log_digest) != snapshot.digest:
        raise SnapshotMismatch("its bytes are damaged")
    try:
        engine = pickle.loads(snapshot.state)
    except Exception as exc:  # whatever the bytes hold: any failure means "not usable"
        raise SnapshotMismatch(f"it does not unpickle ({type(exc).__name__})") from None
    if type(engine) is not engine_type:
        raise SnapshotMismatch(f"it holds a {type(engine).__name__}, not a {engine_type.__name__}")
    if engine.seed != seed or engine.options != _options(engine_type, json.dumps(options)):
        raise SnapshotMismatch("it is of another game (seed or options differ)")
    if len(engine.actions) != snapshot.seq:
        raise SnapshotMismatch(f"it holds {len(engine.actions)} actions, not {snapshot.seq}")
    return engine


def verify_snapshot(
    engine_type: type[Game],
    seed: int,
    options: Mapping[str, Any],
    log: Sequence[Any],
    row: Any,
) -> None:
    """Check a stored snapshot against a full replay of its log (``python -m bot check``).

    ``log`` holds the game's action rows (``row["action"]`` JSON text, in order);
    ``row`` the snapshot row (``seq``, ``version``, ``digest``, ``state``, and
    ``log_digest`` if the row has it: a ``dict`` or a ``sqlite3.Row``). Raises
    :class:`SnapshotMismatch` if start-up would discard it (harmless: the log is
    replayed), :class:`SnapshotDiffers` if start-up would use it although it differs
    from the replay of the log.
    """
    stored_log = row["log_digest"] if "log_digest" in row.keys() else None  # noqa: SIM118
    snapshot = Snapshot(
        0, int(row["seq"]), row["version"], row["digest"], bytes(row["state"]), stored_log
    )
    engine = restore(snapshot, engine_type, seed, options)
    if snapshot.seq > len(log):
        raise SnapshotMismatch(f"it is ahead of the log ({snapshot.seq} > {len(log)} actions)")
    prefix = [json.loads(r["action"]) for r in log[: snapshot.seq]]
    if prefix and prefix[-1] != engine.actions[-1].to_json():
        raise SnapshotMismatch(f"its action {snapshot.seq - 1} differs from the log's")
    if [a.to_json() for a in engine.actions] != prefix:
        raise SnapshotDiffers("its earlier actions differ from the log's")
    replayed = engine_type.replay(seed, options, prefix)
    if replayed.snapshot() != engine.snapshot():
        raise SnapshotDiffers(f"it differs from the replay of its {snapshot.seq} actions")
