"""Who runs a server's league: organisers.

An organiser is a member with *Manage Server*, or one holding the server's league role (set
with ``/league role``, stored per server in ``league_settings``). Only *Manage Server* may
set or clear the league role itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.league.errors import LeagueError
from bot.store import Store

__all__ = ["is_organiser", "league_role", "require_organiser", "set_league_role"]


async def is_organiser(
    store: Store, guild_id: int, role_ids: Sequence[int], manage_guild: bool
) -> bool:
    """True when a member of server ``guild_id`` may run its league: ``manage_guild`` (the
    member has *Manage Server*), or one of ``role_ids`` (the member's roles) is the league
    role."""
    if manage_guild:
        return True
    role = await store.league_role(guild_id)
    return role is not None and role in role_ids


async def league_role(store: Store, guild_id: int) -> int | None:
    """The server's league role, ``None`` when none is set."""
    return await store.league_role(guild_id)


async def set_league_role(store: Store, guild_id: int, role_id: int | None, now: float) -> bool:
    """Set (``None``: clear) the league role. Returns False when it already was so (nothing
    written: the command is idempotent)."""
    if await store.league_role(guild_id) == role_id:
        return False
    await store.set_league_role(guild_id, role_id, now)
    return True


async def require_organiser(
    store: Store, guild_id: int | None, role_ids: Sequence[int], manage_guild: bool
) -> int:
    """The server's id when the member is an organiser there; else :class:`LeagueError`
    ``no_server`` (outside a server) or ``not_organiser``."""
    if guild_id is None:
        raise LeagueError("no_server", "leagues are run in a server")
    if not await is_organiser(store, guild_id, role_ids, manage_guild):
        raise LeagueError("not_organiser", "only a league organiser may do this")
    return guild_id
