"""Fixtures for the Discord end-to-end tests: the loopback server and a bot factory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from cogs.client import PaijuBot, create_bot
from tests.discord_loopback.plugin import discord_harness, discord_server
from tests.discord_loopback.server import LoopbackDiscord

__all__ = ["discord_harness", "discord_server", "make_bot"]

BotFactory = Callable[..., PaijuBot]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "paiju.sqlite3"


@pytest.fixture
def make_bot(discord_server: LoopbackDiscord, db_path: Path) -> BotFactory:
    """A new bot process on the same SQLite file each call (a restart is a second call)."""

    def factory(**overrides: Any) -> PaijuBot:
        settings = Settings(
            database_path=db_path,
            dev_guild_id=discord_server.guild.id,
            default_pace="relaxed",
            discord_api_base=discord_server.api_base,
            discord_gateway_url=discord_server.gateway_url,
        )
        # guild_ready_timeout: discord.py waits that long after the last GUILD_CREATE before
        # READY (2 s by default); the loopback guilds all arrive at once
        # forced passes are off: the scripted players pass themselves (the phone-play tests
        # turn them on where they test them)
        kwargs: dict[str, Any] = {
            "rng_seed": 20261129,
            "edit_intervals": (0.4, 0.2),
            "guild_ready_timeout": 0.05,
            "forced_pass_delay": None,
        }
        return create_bot(settings, **(kwargs | overrides))

    return factory
