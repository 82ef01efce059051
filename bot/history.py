"""History of finished matches, with each hand's result (issue 3, "Ratings and history").

The table service records a match when its engine reports a
:class:`games.base.MatchResult` (``bot.store.Store.record_match``); front ends
read it back with :func:`history`.
"""

from __future__ import annotations

from bot.ratings import NO_GUILD
from bot.store import HandRow, MatchPlayerRow, MatchRow, Store

__all__ = ["HandRow", "MatchPlayerRow", "MatchRecord", "history"]

MatchRecord = MatchRow
"""A finished match: ``game``, ``rated``, ``started_at``/``finished_at`` (clock seconds),
``result`` (``MatchResult.to_json()``), ``players`` (seat, user, name, bot, team, rank, mu
before/after) and ``hands`` (number, ``HandResult.to_json()``)."""


async def history(
    store: Store,
    guild_id: int | None,
    user_id: int | None = None,
    *,
    game: str | None = None,
    limit: int = 10,
) -> list[MatchRecord]:
    """Finished matches on a server (``None``: the terminal's), newest first.

    ``user_id`` keeps only matches that user played; ``game`` only that game.
    """
    return await store.matches(
        NO_GUILD if guild_id is None else guild_id, user_id, game=game, limit=limit
    )
